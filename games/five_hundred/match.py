"""A running score sheet for a 500 match between the partnerships NS and EW.

Sources: five-hundred.da.txt, "Spillets afslutning": the first side to reach 500 wins at
once, a side that falls to -500 loses at once, and only the declaring side can reach the
target, so points from defence alone never win (DECISIONS.md says the same).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.five_hundred.errors import MatchOver
from games.five_hundred.scoring import DealScore
from games.five_hundred.seats import SIDES, other_side
from games.five_hundred.settings import DEFAULT_SETTINGS, FiveHundredSettings


@dataclass(frozen=True)
class SheetRow:
    """One line of the sheet: the deal's score and both sides' totals after it."""

    score: DealScore
    totals: dict[str, int]


class ScoreSheet:
    """Add up deal scores for NS and EW and decide when the match is over.

    A side wins when it makes a contract and its total is then ``target`` or more. A side whose
    total falls to ``-target`` or below loses at once (the other side wins). Defence points are
    added in full, so a side can stand above the target without having won.
    """

    def __init__(self, settings: FiveHundredSettings | None = None) -> None:
        self.settings = settings or DEFAULT_SETTINGS
        self.rows: list[SheetRow] = []
        self.totals: dict[str, int] = dict.fromkeys(SIDES, 0)
        self.winner: str | None = None
        self.reason: str | None = None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def record(self, score: DealScore) -> str | None:
        """Add one deal's score; return the winning side if the match ends with it."""
        if self.winner is not None:
            raise MatchOver(f"the match is over: {self.winner} won ({self.reason})")
        for side in SIDES:
            self.totals[side] += score.points.get(side, 0)
        self.rows.append(SheetRow(score, dict(self.totals)))
        self._decide(score)
        return self.winner

    def _decide(self, score: DealScore) -> None:
        target = self.settings.target
        contract = score.contract
        if contract is None:
            return
        side = contract.side
        if score.made and self.totals[side] >= target:
            self.winner = side
            self.reason = f"{side} made {contract.bid} and reached {self.totals[side]}"
            return
        for loser in SIDES:
            if self.totals[loser] <= -target:
                self.winner = other_side(loser)
                self.reason = f"{loser} fell to {self.totals[loser]}"
                return
