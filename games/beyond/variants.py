"""Every Beyond variant setting in one place, each with the project's documented default.

The engine reads only this dataclass; ``docs/rules/beyond.md`` lists where each default comes
from (the rule text ``beyond.da.txt`` or ``DECISIONS.md``, section "Beyond").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import BeyondError


@dataclass(frozen=True)
class BeyondPoints:
    """The points table; a club may set its own values here."""

    trump_side: int = 20  # both trump holders hit their declarations
    other_side: int = 40  # both non-trump holders hit
    no_trump_extra: int = 20  # extra for the trump holders in a no-trump contract
    raise_extra: int = 30
    reraise_extra: int = 60
    pass_round_per_trick: int = 10  # per trick the opponents took
    pass_round_last_trick: int = 30  # to the pair that avoids the last trick


@dataclass(frozen=True)
class BeyondSettings:
    """Variant settings for a Beyond deal or match; frozen so one object can be shared."""

    # Cards go round one at a time (1) or in packets of three (3); the text allows both.
    deal_packet: int = 1
    deals_per_match: int = 4
    # Declarations are hit only exactly (DECISIONS); False lets "at least" count as a hit.
    exact_targets: bool = True
    # The last declaration may not bring the sum to 13 (text and DECISIONS).
    forbid_sum_thirteen: bool = True
    # Who declares after the declarer: "declarer" = clockwise from the declarer (DECISIONS);
    # "dealer" = clockwise from the dealer's left, skipping the declarer.
    declaration_start: str = "declarer"
    # A raise is allowed only over an opponent's suit bid (text says "farvemelding").
    raise_over_no_trumps: bool = False
    # A re-raised contract pays the re-raise extra instead of (not on top of) the raise extra.
    reraise_replaces_raise: bool = True
    # Jokers may be played at any time, also when the player could follow suit (DECISIONS);
    # False allows them only on a lead or when the player cannot follow.
    joker_any_time: bool = True
    # After a joker lead the next lead must be a suit card unless the leader has only jokers.
    joker_lead_lock: bool = True
    # A pair that takes all 13 tricks in the pass round ends it 0-0 (text).
    pass_round_sweep_scores_zero: bool = True
    points: BeyondPoints = field(default_factory=BeyondPoints)

    def __post_init__(self) -> None:
        if self.deal_packet not in (1, 3):
            raise BeyondError(f"deal_packet {self.deal_packet}: the text deals 1 or 3 at a time")
        if self.deals_per_match < 1:
            raise BeyondError(f"deals_per_match {self.deals_per_match}: must be at least 1")
        if self.declaration_start not in ("declarer", "dealer"):
            raise BeyondError(
                f"declaration_start {self.declaration_start!r}: expected 'declarer' or 'dealer'"
            )


DEFAULT_SETTINGS = BeyondSettings()
