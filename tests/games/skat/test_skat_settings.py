"""Variant settings: defaults from DECISIONS.md and clear errors for unsupported values."""

from __future__ import annotations

import dataclasses

import pytest

from games.skat.errors import SettingsError
from games.skat.settings import DEFAULT_SETTINGS, SkatSettings


def test_defaults_follow_the_decisions() -> None:
    assert (
        SkatSettings(
            all_pass="throw_in",
            grand_ouvert_base=24,
            lost_hand_game_doubles=True,
            scoring="plain",
            table_size=3,
        )
        == DEFAULT_SETTINGS
    )


def test_settings_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_SETTINGS.scoring = "seeger_fabian"  # type: ignore[misc]


def test_ramsch_is_accepted_as_the_all_pass_variant() -> None:
    assert SkatSettings(all_pass="ramsch").all_pass == "ramsch"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("all_pass", "replay", "all_pass='replay'"),
        ("grand_ouvert_base", 30, "grand_ouvert_base=30"),
        ("scoring", "bierlachs", "scoring='bierlachs'"),
        ("table_size", 5, "table_size=5"),
    ],
)
def test_bad_settings_name_the_field_and_value(field: str, value: object, message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        SkatSettings(**{field: value})  # type: ignore[arg-type]


def test_opponent_bonus_is_40_at_three_and_30_at_four() -> None:
    assert SkatSettings(table_size=3).opponent_bonus == 40
    assert SkatSettings(table_size=4).opponent_bonus == 30
