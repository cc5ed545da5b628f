"""Variant settings for 500: every house choice the engine reads, with its default."""

from __future__ import annotations

from dataclasses import dataclass


class SettingsError(ValueError):
    """Raised when a settings value is out of range; names the field and the bad value."""


@dataclass(frozen=True)
class FiveHundredSettings:
    """Hold the variant choices for one 500 table; the defaults follow DECISIONS.md.

    - ``bowers``: right and left bowers rank under the joker in trumps (standard). False is the
      "joker only" variant, where all four jacks stay in their own suits.
    - ``slam``: taking all ten tricks scores at least ``slam_minimum`` (the text's default).
    - ``misere`` / ``open_misere``: whether the two no-trick bids may be made at all.
    - ``misere_needs_seven``: misère may be bid only over a seven-level bid (the standard
      placement). False lets it be bid over anything it outranks, also as an opening bid.
    - ``defence_in_misere``: defenders score 10 a trick in misère too (text default: no).
    - ``target``: a side wins by making a contract that brings it to ``target`` or more and
      loses at once at ``-target`` or below.
    """

    bowers: bool = True
    slam: bool = True
    slam_minimum: int = 250
    misere: bool = True
    open_misere: bool = True
    misere_needs_seven: bool = True
    defence_in_misere: bool = False
    target: int = 500

    def __post_init__(self) -> None:
        if self.target <= 0:
            raise SettingsError(f"target must be positive, got {self.target}")
        if self.slam_minimum < 0:
            raise SettingsError(f"slam_minimum must not be negative, got {self.slam_minimum}")


DEFAULT_SETTINGS = FiveHundredSettings()
