"""Score a finished Skat game: won or lost, its value and the declarer's score.

The running score sheet of a match is in ``scoresheet`` and re-exported here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.cards import Card
from games.skat.contract import Contract
from games.skat.rules import HAND_SIZE
from games.skat.settings import DEFAULT_SETTINGS, SkatSettings
from games.skat.values import base_value, describe_matadors, game_value, matadors

WIN_POINTS = 61
SCHNEIDER_LINE = 30  # a side with this many card points or fewer is schneider


@dataclass(frozen=True)
class GameScore:
    """The outcome of one game: won or lost, its value, and the declarer's score.

    ``value`` is the game value the score comes from (after overbidding, the smallest
    multiple of the base value reaching the bid); ``score`` is +value for a win and
    -2 x value for a loss.
    """

    contract: Contract
    bid: int
    declarer_points: int
    declarer_tricks: int
    matadors: int
    schneider: bool
    schwarz: bool
    overbid: bool
    won: bool
    value: int
    score: int
    reason: str

    @property
    def defender_points(self) -> int:
        return 120 - self.declarer_points

    def summary(self) -> str:
        """Return one line: game, matadors, card points, result and score."""
        parts = [str(self.contract)]
        if not self.contract.is_null:
            parts.append(describe_matadors(self.matadors))
        parts.append(f"bid {self.bid}")
        if self.contract.is_null:
            parts.append(f"declarer took {self.declarer_tricks} tricks")
        else:
            parts.append(f"{self.declarer_points}-{self.defender_points} card points")
        verdict = "won" if self.won else "lost"
        return f"{', '.join(parts)}: {verdict} ({self.reason}), {self.score:+d}"


def _suit_outcome(contract: Contract, points: int, tricks: int) -> tuple[bool, str]:
    """Return whether a suit game or grand is made, and why."""
    if contract.schwarz_announced:
        ok = tricks == HAND_SIZE
        return ok, "schwarz made as announced" if ok else "announced schwarz not made"
    if contract.schneider_announced:
        ok = points >= 120 - SCHNEIDER_LINE
        return ok, "schneider made as announced" if ok else "announced schneider not made"
    ok = points >= WIN_POINTS
    return ok, f"{points} card points" + (" reach 61" if ok else " are short of 61")


def score_game(
    contract: Contract,
    bid: int,
    matador_cards: Iterable[Card],
    declarer_points: int,
    declarer_tricks: int,
    settings: SkatSettings = DEFAULT_SETTINGS,
) -> GameScore:
    """Score a finished game from the declarer's card points and tricks (skat included).

    ``matador_cards`` are the declarer's 12 cards (hand as dealt plus the skat).
    """
    if not 0 <= declarer_points <= 120 or not 0 <= declarer_tricks <= HAND_SIZE:
        raise ValueError(
            f"impossible result: {declarer_points} card points, {declarer_tricks} tricks"
        )
    if contract.is_null:
        count = 0
        schneider = schwarz = False
        won = declarer_tricks == 0
        reason = "no trick taken" if won else f"declarer took {declarer_tricks} trick(s)"
    else:
        count = matadors(matador_cards, contract.game)
        schneider = declarer_points <= SCHNEIDER_LINE or declarer_points >= 120 - SCHNEIDER_LINE
        schwarz = declarer_tricks in (0, HAND_SIZE)
        won, reason = _suit_outcome(contract, declarer_points, declarer_tricks)
    value = game_value(contract, count, schneider, schwarz, settings)
    overbid = value < bid
    if overbid:
        base = base_value(contract, settings)
        reason = f"overbid: game value {value} is below the bid {bid}"
        value = -(-bid // base) * base
        won = False
    loss_factor = 2 if settings.lost_hand_game_doubles or not contract.hand else 1
    score = value if won else -loss_factor * value
    return GameScore(
        contract,
        bid,
        declarer_points,
        declarer_tricks,
        count,
        schneider,
        schwarz,
        overbid,
        won,
        value,
        score,
        reason,
    )


# The sheet builds on GameScore; importing it last keeps one import path for both.
from games.skat.scoresheet import (  # noqa: E402
    ScoreSheet,
    SheetEntry,
    deal_points,
    ramsch_deal_points,
)

__all__ = [
    "GameScore",
    "ScoreSheet",
    "SheetEntry",
    "deal_points",
    "ramsch_deal_points",
    "score_game",
]
