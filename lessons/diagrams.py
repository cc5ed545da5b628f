"""Card diagrams: parse the lesson markup blocks and draw diagrams as accessible HTML.

A diagram is a plain dict (see ``games.exercises.base.Diagram``) so that lesson blocks and
exercise generators share one renderer.
"""

from __future__ import annotations

import re
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
from games.display import DisplayError, check_skat_game, display_groups

KINDS = ("hand", "trick", "deal", "auction")
SKAT_SEATS = ("0", "1", "2")
FOUR_SEATS = ("N", "E", "S", "W")
EXTRA_ROWS = ("skat", "kitty")
SEAT_NAMES = {
    "0": "Forehand",
    "1": "Middlehand",
    "2": "Rearhand",
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
    if game == "skat" and kind in ("hand", "deal", "trick"):
        try:
            check_skat_game(attrs.get("trump"))
        except DisplayError as exc:
            raise DiagramError(str(exc)) from None
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

# A bid such as "13C", "6NT", "0NT": a number of tricks and a strain.
BID = re.compile(r"^(?P<level>\d+)(?P<strain>NT|[SHDC])$")
CALL_WORDS = {"P": "pass", "reraise": "re-raise"}


def seat_label(seat: Any) -> str:
    """Return the spoken name of a seat ('Forehand', 'North'), or the seat itself."""
    key = str(seat)
    return _(SEAT_NAMES[key]) if key in SEAT_NAMES else key


def card_view(token: str, marked: bool = False) -> dict[str, Any]:
    """Return what the card template needs: symbol, rank text, colour class, spoken name.

    A joker is drawn as a joker (a star and the word), never with a rank a jack could be
    taken for; the numbers of Beyond's three jokers do not rank them and are not shown.
    """
    card: Card = parse_card(token)
    if card.is_joker:
        return {
            "token": token,
            "symbol": _("Joker"),
            "rank": SUIT_SYMBOLS["X"],
            "colour": "joker",
            "name": _("joker"),
            "suit": "jokers",
            "marked": marked,
        }
    colour = "red" if card.suit in "HD" else "black"
    return {
        "token": token,
        "symbol": SUIT_SYMBOLS[card.suit],
        "rank": "10" if card.rank == "T" else card.rank,
        "colour": colour,
        "name": card.name,
        "suit": SUIT_NAMES[card.suit],
        "marked": marked,
    }


def _played(diagram: dict[str, Any]) -> str | None:
    """Return the Skat game a diagram's cards are ordered for (its ``trump``), or None."""
    if diagram.get("game") != "skat":
        return None
    return check_skat_game(diagram.get("trump") or None)


def drawn_card(token: str, marked: bool = False, note: str = "") -> dict[str, Any]:
    """Return ``card_view`` with ``html``: the card drawn by templates/cards/_card.html."""
    return {**card_view(token, marked), "html": _card_html(token, marked, note, get_language())}


@lru_cache(maxsize=1024)
def _card_html(token: str, marked: bool, note: str, _language: str | None) -> str:
    # A card always draws the same: render its template once per card, mark and language (a
    # deal shows up to 54 cards, and a template include per card was most of a diagram's cost).
    return render_to_string(
        "cards/_card.html", {"c": card_view(token, marked), "marked_note": note if marked else ""}
    )


def card_groups(
    game: str, cards: list[str], played: str | None = None, marked: Any = (), note: str = ""
) -> list[dict[str, Any]]:
    """Return a hand as its player holds it: named groups of card views, in order."""
    marks = {str(parse_card(t)) for t in marked or ()}
    parsed = [parse_card(t) for t in cards]
    return [
        {
            "suit": _(group.name),
            "cards": [drawn_card(str(c), str(c) in marks, note) for c in group.cards],
        }
        for group in display_groups(game, parsed, played)
    ]


def call_parts(call: str) -> list[dict[str, str]]:
    """Return a call as text pieces, each suit letter drawn as its symbol: '13C' is 13 and
    a club, 'ask H' is 'ask' and a heart, 'P' is 'pass'."""
    text = str(call).strip()
    if text in CALL_WORDS:
        return [{"text": _(CALL_WORDS[text]), "colour": ""}]
    parts: list[dict[str, str]] = []
    for n, word in enumerate(text.split()):
        space = " " if n else ""
        bid = BID.match(word)
        if bid is not None:
            strain = bid["strain"]
            parts.append({"text": space + bid["level"], "colour": ""})
            if strain == "NT":
                parts.append({"text": " NT", "colour": ""})
            else:
                parts.append({"text": SUIT_SYMBOLS[strain], "colour": _colour(strain)})
        elif word in SUIT_SYMBOLS and word != "X":
            parts.append({"text": space + SUIT_SYMBOLS[word], "colour": _colour(word)})
        else:
            parts.append({"text": space + _(CALL_WORDS.get(word, word)), "colour": ""})
    return parts


def call_text(call: str) -> str:
    """Return a call as plain words and symbols ('13♣', 'ask ♥', 'pass')."""
    return "".join(p["text"] for p in call_parts(call))


def _colour(suit: str) -> str:
    return "red" if suit in "HD" else "black"


def seat_columns(game: str, calls: list[list[str]], dealer: str | None) -> list[str]:
    """Return the auction grid's columns: every seat once, in the order they call.

    Skat's seats are forehand, middlehand, rearhand; the four-seat games call clockwise from
    the dealer's left (from the first caller when the dealer is not known).
    """
    seats = list(seats_of(game))
    if game == "skat":
        return seats
    first = None
    if dealer in seats:
        first = seats[(seats.index(dealer) + 1) % len(seats)]
    elif calls:
        first = calls[0][0]
    if first not in seats:
        return seats
    at = seats.index(first)
    return seats[at:] + seats[:at]


def auction_rows(columns: list[str], calls: list[list[str]]) -> list[list[Any]]:
    """Lay the calls out as rows of the grid: a call goes into its seat's column, and a new
    row starts when a seat calls at or left of the previous call's column."""
    rows: list[list[Any]] = []
    last = len(columns)
    for seat, call in calls:
        col = columns.index(seat)
        if not rows or col <= last:
            rows.append([None] * len(columns))
        rows[-1][col] = call_parts(call)
        last = col
    return rows


def render_diagram(diagram: dict[str, Any]) -> str:
    """Draw a diagram dict as HTML through the templates in templates/cards/."""
    kind = diagram["kind"]
    game = diagram["game"]
    context: dict[str, Any] = {"d": diagram, "label": diagram.get("label", "")}
    played = _played(diagram)
    marked = diagram.get("marked") or ()
    context["marked_note"] = diagram.get("marked_note", "")
    if kind == "hand":
        context["groups"] = card_groups(
            game, diagram["cards"], played, marked, context["marked_note"]
        )
    elif kind == "trick":
        context["plays"] = [
            {
                "seat": seat,
                "seat_name": seat_label(seat),
                "card": drawn_card(card),
                "wins": diagram.get("winner") == seat,
            }
            for seat, card in diagram["plays"]
        ]
    elif kind == "deal":
        context["hands"] = [
            {
                "seat": seat,
                "seat_name": seat_label(seat),
                "groups": card_groups(game, cards, played, marked, context["marked_note"]),
            }
            for seat, cards in diagram["hands"].items()
        ]
        extra = diagram.get("extra") or []
        context["extra"] = [drawn_card(str(c)) for c in extra]
        context["extra_name"] = diagram.get("extra_name") or (
            _("Skat") if game == "skat" else _("Kitty")
        )
    else:
        calls = [[str(s), str(c)] for s, c in diagram["calls"]]
        dealer = str(diagram["dealer"]) if diagram.get("dealer") not in (None, "") else None
        columns = seat_columns(game, calls, dealer)
        you = str(diagram.get("seat", ""))
        context["auction_columns"] = [
            {"seat": s, "name": seat_label(s), "dealer": s == dealer, "you": s == you}
            for s in columns
        ]
        context["auction_rows"] = auction_rows(columns, calls)
    return render_to_string(f"cards/{kind}.html", context)
