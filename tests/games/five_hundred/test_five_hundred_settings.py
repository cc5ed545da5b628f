"""Variant settings: documented defaults in one frozen place, bad values refused."""

from __future__ import annotations

import dataclasses

import pytest

from games.five_hundred.settings import FiveHundredSettings, SettingsError


def test_the_defaults_follow_the_decisions_file() -> None:
    assert dataclasses.asdict(FiveHundredSettings()) == {
        "bowers": True,
        "slam": True,
        "slam_minimum": 250,
        "misere": True,
        "open_misere": True,
        "misere_needs_seven": True,
        "defence_in_misere": False,
        "target": 500,
    }


def test_settings_cannot_be_changed_in_place() -> None:
    settings = FiveHundredSettings()
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.bowers = False  # type: ignore[misc]


def test_a_target_of_zero_is_refused() -> None:
    with pytest.raises(SettingsError, match="target must be positive, got 0"):
        FiveHundredSettings(target=0)


def test_a_negative_slam_minimum_is_refused() -> None:
    with pytest.raises(SettingsError, match=r"slam_minimum.*-1"):
        FiveHundredSettings(slam_minimum=-1)
