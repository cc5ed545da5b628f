"""What a Skat game ends in, for the side to move: the result band, the score and the words.

A finished suit game or grand lands in one of six bands, seen from the declarer: schwarzed
(no trick), schneidered (30 card points or fewer), lost (31-60), won (61-89), schneider
(90 or more) and schwarz (every trick). Its score follows ``games.skat.score_game`` (won:
+game value, lost: -2x, schneider and schwarz raise the multiplier, an overbid game or an
announcement not made is lost); a defender's score is the negative of the declarer's (plain
scoring gives defenders nothing of their own, so what the declarer loses is their gain). A
null game is won or lost.

The rank of an outcome orders the bands by that score for the side to move, and bands that
score the same in this game (say lost with 45 and with 63 card points when the game is
overbid either way) share one rank: a quiz is only a quiz when the rank differs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from games.cards import Card
from games.quizzes.common.verdict import Outcome
from games.skat import Contract, score_game
from games.skat.rules import HAND_SIZE
from games.skat.scoring import GameScore

SCHWARZED, SCHNEIDERED, LOST, WON, SCHNEIDER, SCHWARZ = range(6)
# One (card points, tricks) pair per band, the declarer's, to score a band with.
BAND_SAMPLES = ((0, 0), (20, 3), (45, 5), (75, 5), (100, 8), (120, HAND_SIZE))
# A trick count standing for "some but not all tricks" (the score only asks about 0 and 10).
SOME_TRICKS = 5


def band_of(points: int, tricks: int) -> int:
    """Return the band of a declarer's card points and tricks (see the module doc)."""
    if tricks == 0:
        return SCHWARZED
    if tricks == HAND_SIZE:
        return SCHWARZ
    return sum(1 for line in (31, 61, 90) if points >= line) + SCHNEIDERED


@dataclass(frozen=True)
class Scoring:
    """What a game's score depends on besides the play: contract, bid and matador cards."""

    contract: Contract
    bid: int
    twelve: tuple[Card, ...]

    @classmethod
    def from_record(cls, record: dict[str, Any], twelve: Sequence[Card]) -> Scoring:
        """Return the scoring of a stored contract record (``cut.contract_record``)."""
        contract = Contract(
            record["game"],
            record["hand"],
            record["schneider_announced"],
            record["schwarz_announced"],
            record["ouvert"],
        )
        return cls(contract, record["bid"], tuple(twelve))

    def game_score(self, points: int, tricks: int) -> GameScore:
        """Return the scored game for the declarer's final card points and tricks."""
        return score_game(self.contract, self.bid, self.twelve, points, tricks)

    @cached_property
    def declarer_scores(self) -> tuple[int, ...]:
        """Return the declarer's score per band (null: lost, won)."""
        if self.contract.is_null:
            return (self.game_score(0, 1).score, self.game_score(0, 0).score)
        return tuple(self.game_score(p, t).score for p, t in BAND_SAMPLES)

    def rank(self, declarer_score: int, declarer_side: bool) -> int:
        """Return the rank of a score among the distinct band scores, for one side."""
        sign = 1 if declarer_side else -1
        levels = sorted({sign * s for s in self.declarer_scores})
        return levels.index(sign * declarer_score)


def outcome(
    scoring: Scoring, declarer_side: bool, points: int, tricks: int, null_won: bool = False
) -> Outcome:
    """Return the outcome for the side to move of a game that ends as given.

    ``points`` and ``tricks``: the declarer's final card points (skat included) and tricks;
    ``tricks`` need only be exact at 0 and 10 (pass ``SOME_TRICKS`` otherwise). Null games
    read ``null_won`` only.
    """
    null = scoring.contract.is_null
    game = (
        scoring.game_score(0, 0 if null_won else 1) if null else scoring.game_score(points, tricks)
    )
    side_points = points if declarer_side else 120 - points
    return Outcome(
        rank=scoring.rank(game.score, declarer_side),
        score=float(game.score if declarer_side else -game.score),
        reached=game.won == declarer_side,
        detail=0.0 if null else float(side_points),
        words=_words(game, declarer_side, points, tricks, null_won),
    )


def _words(game: GameScore, declarer_side: bool, points: int, tricks: int, null_won: bool) -> str:
    """Return the result in words, to read after "With <card>"."""
    score = f"{game.score:+d}"
    if game.contract.is_null:
        if declarer_side:
            if null_won:
                return f"you win the null, taking no trick ({score})"
            return f"you lose the null: you must take a trick ({score})"
        if null_won:
            return f"the declarer wins the null, taking no trick (the declarer scores {score})"
        return f"you beat the null: the declarer must take a trick (the declarer scores {score})"
    band = band_of(points, tricks)
    ours = points if declarer_side else 120 - points
    if declarer_side:
        text = {
            SCHWARZED: f"you lose schwarz, without a trick ({ours} card points)",
            SCHNEIDERED: f"you lose schneidered with {ours} card points",
            LOST: f"you lose the game with {ours} card points",
            WON: f"you win the game with {ours} card points",
            SCHNEIDER: f"you win with schneider, {ours} card points",
            SCHWARZ: "you win schwarz, taking every trick",
        }[band]
        if band >= WON and not game.won:
            text = f"you take {ours} card points but lose the game ({game.reason})"
        return f"{text} ({score})"
    text = {
        SCHWARZED: "you beat the game schwarz: the declarer takes no trick",
        SCHNEIDERED: f"you beat the game and the declarer is schneidered: you take {ours} "
        "card points",
        LOST: f"you beat the game with {ours} card points",
        WON: f"the declarer wins the game: your side takes {ours} card points",
        SCHNEIDER: f"the declarer wins with schneider: your side takes only {ours} card points",
        SCHWARZ: "the declarer wins schwarz, taking every trick",
    }[band]
    if band >= WON and not game.won:
        text = (
            f"the declarer loses all the same ({game.reason}): your side takes {ours} card points"
        )
    return f"{text} (the declarer scores {score})"
