"""Value a whole Skat game in one world: the declarer's score under best play by everyone.

Under a whole-deal valuation the solver plays the game double dummy from the first lead to
the last trick (``common.valuation``); under the shortcut the simple players play the first
tricks and the solver the rest. A quiz's re-check passes its stored valuation.

The score (``games.skat.score_game``) depends on the card points only through their band:
schneidered (30 or fewer, skat included), lost (31-60), won (61-89), schneider (90 or more).
So the solver is not asked for the declarer's exact card points but for the band, by
zero-window searches at those thresholds (``Objective.points(..., at_least=...)``: two
probes, far fewer nodes than the exact count). Under a whole-deal valuation schwarz is
scored too: a declarer in the top band is asked whether it can take every trick, one in the
bottom band whether it can take one at all (``Objective.tricks(..., at_least=...)``); since
each band is reached only if the one below is, the band found is the best the declarer can
force, and so is the score. The shortcut scores no schwarz, as the quizzes made with it
were (their re-checks must give the stored values). Null: can the declarer be kept from
taking a trick (the misère objective, one zero-window search).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import Card
from games.quizzes.common.valuation import Valuation, current
from games.quizzes.skat.table import Table
from games.skat import Contract, Play, score_game
from games.skat.rules import HAND_SIZE
from games.skat.scoring import SCHNEIDER_LINE, WIN_POINTS
from games.skat.tactics import choose_card
from games.solver import Objective, solve

# The least card points of each band: schneidered, lost, won, schneider.
BANDS = (0, SCHNEIDER_LINE + 1, WIN_POINTS, 120 - SCHNEIDER_LINE)
# Tricks standing for "neither side schwarz" (score_game looks only at 0 and 10).
NOT_SCHWARZ = 5


@dataclass(frozen=True)
class Outcome:
    """The declarer's result band and whether a null was made.

    ``points``: the least card points (with the skat) of the declarer's band, one of
    ``BANDS``: every card-point total of a band scores alike. ``tricks``: the declarer's
    tricks when the game is schwarz (0 or 10), else ``NOT_SCHWARZ``.
    """

    points: int
    null_made: bool
    tricks: int = NOT_SCHWARZ

    def score(self, contract: Contract, bid: int, matador_cards: Sequence[Card]) -> int:
        """Return the declarer's score for this outcome at ``bid`` (lost games count double)."""
        if contract.is_null:
            tricks = 0 if self.null_made else 1
            return score_game(contract, bid, matador_cards, self.points, tricks).score
        return score_game(contract, bid, matador_cards, self.points, self.tricks).score


@dataclass(frozen=True)
class Played:
    """One option's result in one world, for the deciding seat.

    ``score``: the seat's score under plain scoring (0 when it does not declare). ``won``:
    it declared and won. ``declared``: it became the declarer (always, except when a bid
    limit lets another seat win the auction). ``points``: the least card points of the
    declarer's band, with the skat (``Outcome.points``; 0 in null and when it does not
    declare), only a detail.
    """

    score: int
    won: bool
    declared: bool = True
    points: int = 0


def play_out(
    contract: Contract,
    hands: Sequence[Sequence[Card]],
    declarer: int,
    skat: Sequence[Card],
    valuation: Valuation | None = None,
) -> Outcome:
    """Play a game from the first card: solved whole, or (a shortcut valuation) the simple
    players' first tricks and the solver for the rest."""
    valuation = valuation or current("skat")
    play = Play(contract.game, [list(h) for h in hands], declarer, leader=0, skat=list(skat))
    for _ in range(3 * valuation.played_tricks):
        mover = play.to_move
        if mover is None:
            break
        play.play(choose_card(play), mover)
    table = Table.from_play(play)
    if contract.is_null:
        return Outcome(0, table.value() == 1)
    return band_outcome(table, schwarz=valuation.whole)


def band_outcome(table: Table, schwarz: bool) -> Outcome:
    """Return the declarer's band from ``table`` on under best play (see the module doc),
    with schwarz when ``schwarz`` is set (the table must then be a game's first lead)."""
    so_far = table.declarer_points_so_far()
    if table.finished:
        band = sum(so_far >= least for least in BANDS[1:])
        return Outcome(BANDS[band], False)
    position = table.position()
    declarer = [table.declarer]
    ask = Objective.points(declarer, at_least=[least - so_far for least in BANDS[1:]])
    band = solve(position, ask).value
    tricks = NOT_SCHWARZ
    if schwarz and band == len(BANDS) - 1:
        every = Objective.tricks(declarer, at_least=HAND_SIZE)
        if solve(position, every).value:
            tricks = HAND_SIZE
    elif (
        schwarz and band == 0 and not solve(position, Objective.tricks(declarer, at_least=1)).value
    ):
        tricks = 0
    return Outcome(BANDS[band], False, tricks)
