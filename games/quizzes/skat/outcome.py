"""Value a whole Skat game in one world: the declarer's score under best play by everyone.

Under a whole-deal valuation the solver plays the game double dummy from the first lead to
the last trick (card-point objective; no-trick objective in null), a few milliseconds a deal
(``common.valuation``); under the shortcut (Skat's default for now) the simple players play
the first tricks and the solver the rest. A quiz's re-check passes its stored valuation.
The score follows ``games.skat.score_game``; schwarz is not scored (the card-point solve
does not tell whether the losing side takes a trick, and a second solve per world would be
needed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import Card
from games.quizzes.common.valuation import Valuation, current
from games.quizzes.skat.table import Table
from games.skat import Contract, Play, score_game
from games.skat.tactics import choose_card


@dataclass(frozen=True)
class Outcome:
    """The declarer's card points (with the skat) and whether a null was made."""

    points: int
    null_made: bool

    def score(self, contract: Contract, bid: int, matador_cards: Sequence[Card]) -> int:
        """Return the declarer's score for this outcome at ``bid`` (lost games count double)."""
        if contract.is_null:
            tricks = 0 if self.null_made else 1
            return score_game(contract, bid, matador_cards, self.points, tricks).score
        # Any trick count but 0 and 10 leaves schwarz out (see the module doc).
        return score_game(contract, bid, matador_cards, self.points, 5).score


@dataclass(frozen=True)
class Played:
    """One option's result in one world, for the deciding seat.

    ``score``: the seat's score under plain scoring (0 when it does not declare). ``won``:
    it declared and won. ``declared``: it became the declarer (always, except when a bid
    limit lets another seat win the auction). ``points``: the declarer's card points with the
    skat (0 in null and when it does not declare), only a detail.
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
    value = table.value()
    if contract.is_null:
        return Outcome(0, value == 1)
    return Outcome(value, False)
