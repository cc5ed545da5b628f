"""Variant settings for Skat: every house rule DECISIONS.md names, with its default."""

from __future__ import annotations

from dataclasses import dataclass

from games.skat.errors import SettingsError

ALL_PASS_CHOICES = ("throw_in", "ramsch")
SCORING_CHOICES = ("plain", "seeger_fabian")


@dataclass(frozen=True)
class SkatSettings:
    """Hold the Skat variant choices; the defaults follow the ISkO rules as DECISIONS.md sets.

    all_pass: what happens when all three pass: ``"throw_in"`` (the text's rule, default) or
        ``"ramsch"``, the house variant where everyone plays alone (``games.skat.ramsch``).
    grand_ouvert_base: base value of a grand ouvert, 24 (ISkO since 1998) or the old 36.
    lost_hand_game_doubles: a lost hand game counts double like any lost game (post-1999);
        False restores the older rule where only lost pick-up games counted double.
    scoring: ``"plain"`` sums game values; ``"seeger_fabian"`` adds the list-scoring bonuses.
    table_size: players at the table, 3 or 4 (at 4 the dealer sits out); sets the
        Seeger-Fabian bonus each opponent gets for a lost game (40 at 3, 30 at 4).
    """

    all_pass: str = "throw_in"
    grand_ouvert_base: int = 24
    lost_hand_game_doubles: bool = True
    scoring: str = "plain"
    table_size: int = 3

    def __post_init__(self) -> None:
        if self.all_pass not in ALL_PASS_CHOICES:
            raise SettingsError(
                f"all_pass={self.all_pass!r}: expected one of {', '.join(ALL_PASS_CHOICES)}"
            )
        if self.grand_ouvert_base not in (24, 36):
            raise SettingsError(f"grand_ouvert_base={self.grand_ouvert_base}: expected 24 or 36")
        if self.scoring not in SCORING_CHOICES:
            raise SettingsError(
                f"scoring={self.scoring!r}: expected one of {', '.join(SCORING_CHOICES)}"
            )
        if self.table_size not in (3, 4):
            raise SettingsError(f"table_size={self.table_size}: a Skat table seats 3 or 4")

    @property
    def opponent_bonus(self) -> int:
        """Return the Seeger-Fabian points each opponent gets when a declarer loses."""
        return 40 if self.table_size == 3 else 30


DEFAULT_SETTINGS = SkatSettings()
