"""Variant settings and the points table for Kleurenwiezen, with their defaults, in one place.

The rule text covers only the special bids; everything else here is a default from
``DECISIONS.md`` (the project's "house rules"), which a club can change by building its own
``WiezenSettings``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from games.wiezen.errors import SettingsError


@dataclass(frozen=True)
class PointsTable:
    """Hold every score value of the game as data, so a club can set its own.

    Pair contracts (ask/join, troel) pay per player: each partner wins what each opponent
    loses. One-against-three contracts name the declarer's points; each opponent pays a
    third of them, so those values must be divisible by 3 to keep every deal zero-sum.

    ask_join: each partner's points for making 8 tricks (opponents pay the same each).
    ask_join_overtrick: extra points per partner for each trick above 8.
    ask_join_undertrick: extra points each partner pays for each trick short of 8.
    alone: the lone asker's points for making 5 tricks.
    alone_overtrick / alone_undertrick: the lone declarer's extra points per trick above /
        below 5 (a third of it per opponent).
    abondance, miserie, open_miserie, solo, piccolo: the declarer's points, won or paid;
        the level of an abondance bid does not change it (rule text, "Abondance").
    """

    ask_join: int = 2
    ask_join_overtrick: int = 1
    ask_join_undertrick: int = 1
    alone: int = 3
    alone_overtrick: int = 3
    alone_undertrick: int = 3
    abondance: int = 9
    miserie: int = 15
    open_miserie: int = 30
    solo: int = 45
    piccolo: int = 6

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int) or value < 0:
                raise SettingsError(
                    f"points table {f.name}={value!r}: expected a whole number >= 0"
                )
        for name in (
            "alone",
            "alone_overtrick",
            "alone_undertrick",
            "abondance",
            "miserie",
            "open_miserie",
            "solo",
            "piccolo",
        ):
            value = getattr(self, name)
            if value % 3:
                raise SettingsError(
                    f"points table {name}={value}: one-against-three values must divide by 3 "
                    "so each opponent pays a whole third"
                )


@dataclass(frozen=True)
class WiezenSettings:
    """Hold the Kleurenwiezen variant choices; defaults follow the text and DECISIONS.md.

    piccolo: allow the piccolo bid (exactly one trick, between ask/join and abondance).
        Off by default: the text lists it among the rarer bids.
    abondance_declarer_leads: the abondance declarer leads the first trick (text default);
        False is the text's variant where the player left of the dealer leads.
    double_troel / double_all_tricks / double_after_all_pass: the three score doublers
        DECISIONS.md names (troel; 13 tricks in a trump contract; the deal after an all-pass
        deal). The text says clubs agree which ones they use.
    multiplier_cap: a club's optional ceiling on the multiplier. Doublers add, they do not
        multiply: each one adds one to the multiplier (one makes x2, two x3, not x4, per the
        text's example of troel with all 13 tricks; three make x4). The text sets no ceiling,
        so the default None has none; a club that wants one sets it here.
    points: the points table (see PointsTable).
    """

    piccolo: bool = False
    abondance_declarer_leads: bool = True
    double_troel: bool = True
    double_all_tricks: bool = True
    double_after_all_pass: bool = True
    multiplier_cap: int | None = None
    points: PointsTable = field(default_factory=PointsTable)

    def __post_init__(self) -> None:
        if self.multiplier_cap is not None and self.multiplier_cap < 1:
            raise SettingsError(
                f"multiplier_cap={self.multiplier_cap}: expected 1 or more, or None"
            )

    def multiplier(self, doublers: int) -> int:
        """Return the score multiplier for ``doublers`` doubling conditions met at once."""
        factor = 1 + doublers
        if self.multiplier_cap is not None:
            factor = min(factor, self.multiplier_cap)
        return factor


DEFAULT_SETTINGS = WiezenSettings()
