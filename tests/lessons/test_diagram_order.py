"""Lesson diagrams hold cards as the game's players do; jokers are jokers; auctions a grid."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lessons.diagrams import DiagramError, parse_block, render_diagram

CONTENT = Path(__file__).resolve().parents[2] / "lessons" / "content"


def drawn_cards(html: str) -> list[str]:
    return re.findall(r'aria-label="([^"]+)" title=', html)


def groups(html: str) -> list[str]:
    return re.findall(r'data-group="([^"]+)"', html)


def test_the_eight_hearts_of_the_skat_lesson_hold_the_jack_apart_from_the_suit() -> None:
    text = (CONTENT / "skat" / "01-cards-and-card-points.md").read_text()
    body = text.split('```hand skat label="A whole suit: the eight hearts"\n')[1].split("```")[0]
    html = render_diagram(parse_block('hand skat label="eight hearts"', body))
    assert groups(html) == ["jacks", "hearts"]
    assert drawn_cards(html)[0] == "jack of hearts"


def test_a_skat_hand_block_is_drawn_in_the_order_of_its_game() -> None:
    html = render_diagram(parse_block("hand skat trump=hearts", "SA HA CJ H7 DJ D7"))
    assert groups(html) == ["trumps", "spades", "diamonds"]
    assert drawn_cards(html) == [
        "jack of clubs",
        "jack of diamonds",
        "ace of hearts",
        "seven of hearts",
        "ace of spades",
        "seven of diamonds",
    ]


def test_a_skat_block_naming_an_unknown_game_is_refused() -> None:
    with pytest.raises(DiagramError, match="unknown Skat game 'bridge'"):
        parse_block("hand skat trump=bridge", "SA")


def test_jokers_are_drawn_as_jokers_never_with_a_rank() -> None:
    html = render_diagram(parse_block("hand beyond", "X1 SJ X3"))
    assert "J1" not in html and "J3" not in html
    assert html.count("card-joker") == 2 and html.count(">Joker<") == 2


def test_an_auction_is_a_grid_with_a_column_per_seat_from_the_dealers_left() -> None:
    html = render_diagram(
        parse_block("auction beyond dealer=E", "S: 13C\nW: pass\nN: 12D\nE: pass\nS: raise")
    )
    heads = re.findall(r'<th scope="col"[^>]*>([A-Za-z]+)', html)
    assert heads == ["South", "West", "North", "East"]
    assert html.count("<tr>") == 3  # the head row and two rounds
    assert "13" in html and "♣" in html and "Dealer: E" not in html
