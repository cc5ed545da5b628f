"""`python -m games play <game> --seed N` plays a whole deal for each game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games import GAMES
from games.__main__ import main
from games.cards import deck_for

ROOT = Path(__file__).resolve().parents[2]
RECORD_KEYS = {"game", "seed", "dealer", "hands", "extra", "auction", "contract", "tricks", "score"}


@pytest.mark.parametrize("game", GAMES)
def test_play_prints_a_json_record_of_a_whole_deal(game, capsys):
    assert main(["play", game, "--seed", "4", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert set(record) >= RECORD_KEYS
    assert record["game"] == game and record["seed"] == 4
    dealt = " ".join(record["hands"].values()).split() + (record["extra"] or "").split()
    assert sorted(dealt) == sorted(str(c) for c in deck_for(game))
    if record["contract"] is not None:
        played = [card for trick in record["tricks"] for card in trick["cards"]]
        assert len(played) == len(set(played)) and len(played) >= 3 * len(record["tricks"])
    assert record["score"]["summary"]


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_plays_the_same_deal(game, capsys):
    main(["play", game, "--seed", "9", "--json"])
    first = capsys.readouterr().out
    main(["play", game, "--seed", "9", "--json"])
    assert capsys.readouterr().out == first


def test_text_output_shows_auction_play_and_score():
    result = subprocess.run(
        [sys.executable, "-m", "games", "play", "skat", "--seed", "5"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "Auction" in result.stdout and "Score" in result.stdout
    assert result.stdout.count("leads") == 10


def test_an_unknown_game_is_refused_by_name():
    result = subprocess.run(
        [sys.executable, "-m", "games", "play", "bridge"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "invalid choice: 'bridge'" in result.stderr
