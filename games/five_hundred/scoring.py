"""Score one deal of 500.

Sources: five-hundred.da.txt, "Pointgivning": a made contract scores its table value (no
extra for overtricks), a failed one loses it, all ten tricks score at least 250 (a setting,
on by default), the defence scores 10 a trick whether the contract is made or not, but
nothing in misère; misère succeeds only if the declarer takes no trick at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.five_hundred.contract import Contract
from games.five_hundred.play import TRICKS_PER_DEAL
from games.five_hundred.settings import DEFAULT_SETTINGS, FiveHundredSettings

DEFENCE_POINTS_PER_TRICK = 10


@dataclass(frozen=True)
class DealScore:
    """Hold what one deal is worth to each side: ``points`` maps 'NS' and 'EW' to a change."""

    contract: Contract | None
    declarer_tricks: int
    made: bool
    declarer_points: int
    defence_points: int
    points: dict[str, int] = field(default_factory=dict)

    @property
    def thrown_in(self) -> bool:
        return self.contract is None

    @property
    def defender_tricks(self) -> int:
        return 0 if self.contract is None else TRICKS_PER_DEAL - self.declarer_tricks

    @property
    def summary(self) -> str:
        """Return one line saying what happened and what each side scores."""
        if self.contract is None:
            return "All passed: the deal is thrown in; no score."
        c = self.contract
        outcome = "made" if self.made else "defeated"
        tricks = f"{self.declarer_tricks} trick{'s' if self.declarer_tricks != 1 else ''}"
        who = c.declarer if c.is_misere else c.side
        defence = f"; {c.defending_side} {self.defence_points:+d}" if self.defence_points else ""
        return (
            f"{c.bid.name} by {c.declarer} {outcome} with {tricks}: "
            f"{who} {self.declarer_points:+d}{defence}"
        )

    def as_dict(self) -> dict[str, object]:
        """Return a JSON-serialisable description with per-side points and a summary line."""
        return {
            "NS": self.points.get("NS", 0),
            "EW": self.points.get("EW", 0),
            "declarer_tricks": self.declarer_tricks,
            "defender_tricks": self.defender_tricks,
            "made": self.made,
            "declarer_points": self.declarer_points,
            "defence_points": self.defence_points,
            "summary": self.summary,
        }


def thrown_in() -> DealScore:
    """Return the score of a deal that all four passed: nothing to anyone."""
    return DealScore(None, 0, False, 0, 0, {"NS": 0, "EW": 0})


def contract_points(contract: Contract, declarer_tricks: int, settings: FiveHundredSettings) -> int:
    """Return what the declaring side gains (positive) or loses (negative) for its contract."""
    value = contract.value
    if contract.is_misere:
        return value if declarer_tricks == 0 else -value
    if declarer_tricks < contract.tricks_needed:
        return -value
    if settings.slam and declarer_tricks == TRICKS_PER_DEAL:
        return max(value, settings.slam_minimum)
    return value


def score_deal(
    contract: Contract, declarer_tricks: int, settings: FiveHundredSettings | None = None
) -> DealScore:
    """Return the score of a finished deal in which the declaring side took ``declarer_tricks``."""
    settings = settings or DEFAULT_SETTINGS
    if not 0 <= declarer_tricks <= TRICKS_PER_DEAL:
        raise ValueError(f"a deal has 10 tricks; the declarer cannot take {declarer_tricks}")
    declarer_points = contract_points(contract, declarer_tricks, settings)
    defender_tricks = TRICKS_PER_DEAL - declarer_tricks
    defence_scores = not contract.is_misere or settings.defence_in_misere
    defence_points = DEFENCE_POINTS_PER_TRICK * defender_tricks if defence_scores else 0
    points = {contract.side: declarer_points, contract.defending_side: defence_points}
    return DealScore(
        contract,
        declarer_tricks,
        declarer_points > 0,
        declarer_points,
        defence_points,
        points,
    )
