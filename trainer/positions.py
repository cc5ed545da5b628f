"""Draw a stored quiz position with the lesson diagrams: hands, auction, trick, contract.

Any quiz that follows docs/quizzes.md can be drawn: seats may be stored as numbers (Skat) or
letters, unknown keys are ignored, and a part that cannot be drawn as cards falls back to
plain text rather than breaking the page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.cards import NotationError, parse_card
from lessons.diagrams import SEAT_NAMES, card_view, render_diagram
from trainer.models import Quiz

TITLE_KEYS = ("description", "name", "text")
SEAT_KEYS = {"declarer", "declarers", "first_leader", "leader", "dealer", "partner", "team"}
DRAWN_POSITIONS = 512


@dataclass
class PositionView:
    """The drawn parts of a position, in the order the quiz page shows them."""

    seat: str
    seat_name: str
    contract: str
    contract_details: list[tuple[str, str]] = field(default_factory=list)
    auction: SafeString | None = None
    trick: SafeString | None = None
    own_hand: SafeString | None = None
    other_hands: SafeString | None = None
    tricks_played: list[SafeString] = field(default_factory=list)
    hidden: list[str] = field(default_factory=list)


def seat_name(seat: Any) -> str:
    """Return the spoken name of a seat, or the seat itself when it is not a known one."""
    key = str(seat)
    return _(SEAT_NAMES[key]) if key in SEAT_NAMES else key


def _safe_diagram(diagram: dict[str, Any], fallback: str) -> SafeString:
    try:
        # Safe: render_diagram fills our own card templates, which escape every value.
        return mark_safe(render_diagram(diagram))
    except (KeyError, TypeError, ValueError, NotationError):
        return format_html("<p class='plain-position'>{}</p>", fallback)


def _contract(contract: Any) -> tuple[str, list[tuple[str, str]]]:
    if not contract:
        return _("no contract yet (the auction is still on)"), []
    if not isinstance(contract, dict):
        return str(contract), []
    title = next((str(contract[k]) for k in TITLE_KEYS if contract.get(k)), "")
    details = []
    # A fixed order (who plays first, then the rest by name): PostgreSQL's jsonb does not keep
    # the order the generator wrote the keys in.
    for key in sorted(contract, key=lambda k: (k not in SEAT_KEYS, k)):
        value = contract[key]
        if (
            key in TITLE_KEYS
            or value is False
            or value in (None, "", [], {})
            or isinstance(value, dict)
        ):
            continue
        items = value if isinstance(value, list) else [value]
        if key in SEAT_KEYS:
            items = [seat_name(v) for v in items]
        shown = _("yes") if value is True else ", ".join(map(str, items))
        details.append((key.replace("_", " "), shown))
    return title or _("contract"), details


def _trick(game: str, plays: Any, label: str) -> SafeString | None:
    if not plays:
        return None
    pairs = [[str(seat), str(card)] for seat, card in plays]
    text = ", ".join(f"{seat_name(s)} {c}" for s, c in pairs)
    return _safe_diagram({"kind": "trick", "game": game, "plays": pairs, "label": label}, text)


def position_view(quiz: Quiz) -> PositionView:
    """Return the drawn parts of the quiz's position.

    Drawing renders a dozen card templates, and a stored position does not change: each
    process keeps the drawings of the last DRAWN_POSITIONS positions it showed, keyed by the
    position itself (and the language), so the quiz page and its verdict draw it once. The
    view returned is shared: read it, never change it.
    """
    key = json.dumps(quiz.position, sort_keys=True, default=str)
    return _drawn(quiz.game, key, get_language())


@lru_cache(maxsize=DRAWN_POSITIONS)
def _drawn(game: str, position: str, _language: str | None) -> PositionView:
    return draw_position(game, json.loads(position))


def draw_position(game: str, position: Any) -> PositionView:
    """Return the drawn parts of a stored position (see docs/quizzes.md)."""
    pos = position if isinstance(position, dict) else {}
    seat = str(pos.get("seat", ""))
    title, details = _contract(pos.get("contract"))
    view = PositionView(seat=seat, seat_name=seat_name(seat), contract=title)
    view.contract_details = details
    calls = [[str(s), str(c)] for s, c in pos.get("auction") or []]
    if calls:
        text = ", ".join(f"{seat_name(s)}: {c}" for s, c in calls)
        view.auction = _safe_diagram({"kind": "auction", "game": game, "calls": calls}, text)
    view.trick = _trick(game, pos.get("trick"), "")
    hands = {str(s): cards for s, cards in (pos.get("hands") or {}).items()}
    if seat in hands:
        label = _("Your hand (%(seat)s)") % {"seat": view.seat_name}
        diagram = {"kind": "hand", "game": game, "cards": hands[seat], "label": label}
        view.own_hand = _safe_diagram(diagram, " ".join(map(str, hands[seat])))
    others = {s: c for s, c in hands.items() if s != seat}
    extra = pos.get("skat") or pos.get("kitty") or []
    if others:
        diagram = {"kind": "deal", "game": game, "hands": others, "extra": extra}
        text = "; ".join(f"{seat_name(s)}: {' '.join(map(str, c))}" for s, c in others.items())
        view.other_hands = _safe_diagram(diagram, text)
    for number, plays in enumerate(pos.get("tricks_played") or [], start=1):
        drawn = _trick(game, plays, _("Trick %(n)d") % {"n": number})
        if drawn is not None:
            view.tricks_played.append(drawn)
    view.hidden = [seat_name(s) for s in pos.get("hidden") or []]
    return view


def choice_html(answer: str, label: str) -> SafeString:
    """Return the inside of a choice button: drawn cards when the answer is one card or a set
    of cards (a discard), else the label."""
    try:
        cards = [card_view(token) for token in answer.split()]
    except (NotationError, ValueError, KeyError):
        return format_html("{}", label)
    if not cards:
        return format_html("{}", label)
    return format_html_join(
        " ",
        '<span class="card card-{}" aria-hidden="true"><span class="rank">{}</span>'
        '<span class="suit">{}</span></span><span class="visually-hidden">{}</span>',
        ((c["colour"], c["rank"], c["symbol"], c["name"]) for c in cards),
    )


def line_html(tokens: tuple[str, ...] | list[str]) -> SafeString:
    """Return a refuting line as drawn cards (or plain words for calls), in order."""
    items = format_html_join("", "<li>{}</li>", ((choice_html(t, t),) for t in tokens))
    return format_html('<ol class="line">{}</ol>', items)


def _is_card(token: str) -> bool:
    try:
        parse_card(token)
    except (NotationError, ValueError, KeyError):
        return False
    return True


def choice_order(quiz: Quiz) -> list[dict[str, Any]]:
    """Return the candidates in the order shown: cards as they lie in the hand, else as stored.

    Card choices are put in hand order so the stored order (which may list the accepted
    answers first) gives nothing away.
    """
    candidates = [c for c in quiz.candidates if isinstance(c, dict) and "answer" in c]
    answers = [str(c["answer"]) for c in candidates]
    if not answers or not all(_is_card(a) for a in answers):
        return candidates
    pos = quiz.position if isinstance(quiz.position, dict) else {}
    hand = [str(t) for t in (pos.get("hands") or {}).get(str(pos.get("seat")), [])]
    order = {token: n for n, token in enumerate(hand)}
    return sorted(candidates, key=lambda c: (order.get(str(c["answer"]), len(order)), c["answer"]))
