"""Card diagrams: parse the lesson markup blocks and draw diagrams as accessible HTML.

A diagram is a plain dict (see ``games.exercises.base.Diagram``) so that lesson blocks and
exercise generators share one renderer.
"""

from __future__ import annotations

import shlex
from functools import lru_cache
from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.cards import (
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Card,
    NotationError,
    deck_for,
    parse_card,
    parse_pbn,
)

KINDS = ("hand", "trick", "deal", "auction")
SKAT_SEATS = ("0", "1", "2")
FOUR_SEATS = ("N", "E", "S", "W")
EXTRA_ROWS = ("skat", "kitty")
SEAT_NAMES = {
    "0": "Forehand (0)",
    "1": "Middlehand (1)",
    "2": "Rearhand (2)",
    "N": "North",
    "E": "East",
    "S": "South",
    "W": "West",
}


class DiagramError(ValueError):
    """Raised for a diagram block that cannot be read; ``line`` is relative to the block body."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


def seats_of(game: str) -> tuple[str, ...]:
    return SKAT_SEATS if game == "skat" else FOUR_SEATS


def parse_info(info: str) -> tuple[str, str, dict[str, str]]:
    """Split a fence info string 'trick skat trump=clubs winner=1' into kind, game, attributes."""
    try:
        words = shlex.split(info)
    except ValueError as exc:
        raise DiagramError(f"cannot read the block header {info!r}: {exc}") from None
    if len(words) < 2:
        raise DiagramError(f"block header {info!r} needs a kind and a game, e.g. 'hand skat'")
    kind, game, rest = words[0], words[1], words[2:]
    if kind not in KINDS:
        raise DiagramError(f"unknown diagram kind {kind!r}; use one of {', '.join(KINDS)}")
    try:
        deck_for(game)
    except NotationError as exc:
        raise DiagramError(str(exc)) from None
    attrs: dict[str, str] = {}
    for word in rest:
        key, sep, value = word.partition("=")
        if not sep or not key:
            raise DiagramError(f"bad attribute {word!r} in block header: use key=value")
        attrs[key] = value
    return kind, game, attrs


def _cards(text: str, game: str, line: int) -> list[str]:
    deck = deck_for(game)
    try:
        return [str(c) for c in deck.parse_hand(text)]
    except NotationError as exc:
        raise DiagramError(str(exc), line) from None


def _seat_lines(body: str) -> list[tuple[int, str, str]]:
    rows = []
    for number, raw in enumerate(body.splitlines(), start=1):
        if not raw.strip():
            continue
        seat, sep, rest = raw.partition(":")
        if not sep:
            raise DiagramError(f"expected 'seat: ...' but found {raw.strip()!r}", number)
        rows.append((number, seat.strip(), rest.strip()))
    return rows


def _check_seat(seat: str, game: str, line: int, extra: bool = False) -> None:
    allowed = seats_of(game) + (EXTRA_ROWS if extra else ())
    if seat not in allowed:
        raise DiagramError(f"unknown seat {seat!r} for {game}; use {', '.join(allowed)}", line)


def parse_block(info: str, body: str) -> dict[str, Any]:
    """Read one diagram block into a diagram dict, checking every card against the deck."""
    kind, game, attrs = parse_info(info)
    diagram: dict[str, Any] = {"kind": kind, "game": game, **attrs}
    if kind == "hand":
        lines = [(n, t) for n, t in enumerate(body.splitlines(), start=1) if t.strip()]
        if not lines:
            raise DiagramError("a hand block needs cards")
        diagram["cards"] = _cards(" ".join(t for _, t in lines), game, lines[0][0])
    elif kind == "trick":
        plays = []
        seen: set[str] = set()
        for number, seat, rest in _seat_lines(body):
            _check_seat(seat, game, number)
            cards = _cards(rest, game, number)
            if len(cards) != 1:
                raise DiagramError(f"a trick line holds one card, found {rest!r}", number)
            if cards[0] in seen:
                raise DiagramError(f"duplicate card {cards[0]}", number)
            seen.add(cards[0])
            plays.append([seat, cards[0]])
        if not plays:
            raise DiagramError("a trick block needs at least one 'seat: card' line")
        if "winner" in attrs and attrs["winner"] not in {s for s, _ in plays}:
            raise DiagramError(f"winner={attrs['winner']} did not play to this trick")
        diagram["plays"] = plays
    elif kind == "deal":
        diagram.update(_parse_deal(body, game))
    else:
        calls = []
        for number, seat, rest in _seat_lines(body):
            _check_seat(seat, game, number)
            if not rest:
                raise DiagramError(f"seat {seat} has an empty call", number)
            calls.append([seat, rest])
        if not calls:
            raise DiagramError("an auction block needs at least one 'seat: call' line")
        if "dealer" in attrs:
            _check_seat(attrs["dealer"], game, 0)
        diagram["calls"] = calls
    return diagram


def _parse_deal(body: str, game: str) -> dict[str, Any]:
    text = body.strip()
    if text and text[1:2] == ":" and "\n" not in text and game != "skat":
        try:
            pbn = parse_pbn(text, deck_for(game))
        except NotationError as exc:
            raise DiagramError(str(exc), 1) from None
        return {"hands": {s: [str(c) for c in h] for s, h in pbn.items()}}
    hands: dict[str, list[str]] = {}
    extra: list[str] = []
    seen: set[str] = set()
    for number, seat, rest in _seat_lines(body):
        _check_seat(seat, game, number, extra=True)
        cards = _cards(rest, game, number)
        for card in cards:
            if card in seen:
                raise DiagramError(f"duplicate card {card} in the deal", number)
            seen.add(card)
        if seat in EXTRA_ROWS:
            extra = cards
        elif seat in hands:
            raise DiagramError(f"seat {seat} is listed twice", number)
        else:
            hands[seat] = cards
    if not hands:
        raise DiagramError("a deal block needs 'seat: cards' lines or one PBN line")
    return {"hands": hands, "extra": extra}


# ----------------------------------------------------------------------------- rendering


def card_view(token: str) -> dict[str, str]:
    """Return what the card template needs: symbol, rank text, colour class, spoken name."""
    card: Card = parse_card(token)
    rank = "10" if card.rank == "T" else card.rank
    if card.is_joker:
        return {
            "token": token,
            "symbol": SUIT_SYMBOLS["X"],
            "rank": f"J{card.rank}",
            "colour": "joker",
            "name": card.name,
            "suit": "joker",
        }
    colour = "red" if card.suit in "HD" else "black"
    return {
        "token": token,
        "symbol": SUIT_SYMBOLS[card.suit],
        "rank": rank,
        "colour": colour,
        "name": card.name,
        "suit": SUIT_NAMES[card.suit],
    }


def drawn_card(token: str) -> dict[str, str]:
    """Return ``card_view`` with ``html``: the card drawn by templates/cards/_card.html."""
    return {**card_view(token), "html": _card_html(token, get_language())}


@lru_cache(maxsize=256)
def _card_html(token: str, _language: str | None) -> str:
    # A card always draws the same: render its template once per card and language (a deal
    # shows up to 54 cards, and a template include per card was most of a diagram's cost).
    return render_to_string("cards/_card.html", {"c": card_view(token)})


def _suit_groups(cards: list[str]) -> list[dict[str, Any]]:
    groups: dict[str, list[dict[str, str]]] = {}
    for token in cards:
        view = drawn_card(token)
        groups.setdefault(view["suit"], []).append(view)
    return [{"suit": suit, "cards": views} for suit, views in groups.items()]


def render_diagram(diagram: dict[str, Any]) -> str:
    """Draw a diagram dict as HTML through the templates in templates/cards/."""
    kind = diagram["kind"]
    context: dict[str, Any] = {"d": diagram, "label": diagram.get("label", "")}
    if kind == "hand":
        context["groups"] = _suit_groups(diagram["cards"])
    elif kind == "trick":
        context["plays"] = [
            {
                "seat": seat,
                "seat_name": _(SEAT_NAMES[seat]),
                "card": drawn_card(card),
                "wins": diagram.get("winner") == seat,
            }
            for seat, card in diagram["plays"]
        ]
    elif kind == "deal":
        context["hands"] = [
            {"seat": seat, "seat_name": _(SEAT_NAMES[seat]), "groups": _suit_groups(cards)}
            for seat, cards in diagram["hands"].items()
        ]
        context["extra"] = [drawn_card(c) for c in diagram.get("extra") or []]
        context["extra_name"] = _("Skat") if diagram["game"] == "skat" else _("Kitty")
    else:
        context["calls"] = [
            {"seat": seat, "seat_name": _(SEAT_NAMES[seat]), "call": call}
            for seat, call in diagram["calls"]
        ]
    return render_to_string(f"cards/{kind}.html", context)
