"""Auction calls: what a player can say, their rank, and their short text form.

Text forms (case-insensitive; the Dutch word in brackets is accepted too):
``pass`` (pas), ``ask H`` (vraag H), ``join`` (mee), ``alone`` (alleen), ``piccolo``,
``abondance 10 D``, ``miserie``, ``troel`` / ``troel HK`` (the announcement, naming the
partner's card when one player holds all four aces), ``join troel`` (troel mee),
``open miserie``, ``solo H``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from games.cards import SUITS, Card, NotationError, parse_card
from games.wiezen.errors import CallError
from games.wiezen.seats import suit_rank

ABONDANCE_LEVELS = range(9, 13)


class CallKind(StrEnum):
    """The kinds of call; the value is the call's text without suit or level."""

    PASS = "pass"
    ASK = "ask"
    JOIN = "join"
    ALONE = "alone"
    PICCOLO = "piccolo"
    ABONDANCE = "abondance"
    MISERIE = "miserie"
    TROEL = "troel"
    JOIN_TROEL = "join troel"
    OPEN_MISERIE = "open miserie"
    SOLO = "solo"


# Bid order low to high (rule text, "Volgorde van contracten"; piccolo from "Meer
# exotische boden": above the plain trump contract, below abondance).
BID_ORDER = (
    CallKind.ASK,
    CallKind.PICCOLO,
    CallKind.ABONDANCE,
    CallKind.MISERIE,
    CallKind.TROEL,
    CallKind.OPEN_MISERIE,
    CallKind.SOLO,
)
ALIASES = {
    "pas": "pass",
    "vraag": "ask",
    "vragen": "ask",
    "mee": "join",
    "meegaan": "join",
    "alleen": "alone",
    "troel mee": "join troel",
    "open": "open miserie",
}


@dataclass(frozen=True)
class Call:
    """One call: its kind, and the suit, level or partner card it names where it has one."""

    kind: CallKind
    suit: str | None = None
    level: int | None = None
    card: Card | None = None

    def __str__(self) -> str:
        if self.kind is CallKind.ABONDANCE:
            return f"abondance {self.level} {self.suit}"
        if self.kind in (CallKind.ASK, CallKind.SOLO):
            return f"{self.kind.value} {self.suit}"
        if self.kind is CallKind.TROEL and self.card is not None:
            return f"troel {self.card}"
        return self.kind.value

    @property
    def is_bid(self) -> bool:
        """Return True for a call that can become the top bid (not pass, join or alone)."""
        return self.kind in BID_ORDER

    def rank(self) -> tuple[int, int, int]:
        """Return a key that orders bids from low to high (suit and level break ties)."""
        if not self.is_bid:
            raise CallError(f"{self} is not a bid and has no rank")
        level = self.level or 0
        suit = suit_rank(self.suit) if self.suit else 0
        return (BID_ORDER.index(self.kind), level, suit)


PASS = Call(CallKind.PASS)
JOIN = Call(CallKind.JOIN)
ALONE = Call(CallKind.ALONE)
MISERIE = Call(CallKind.MISERIE)
OPEN_MISERIE = Call(CallKind.OPEN_MISERIE)
PICCOLO = Call(CallKind.PICCOLO)
JOIN_TROEL = Call(CallKind.JOIN_TROEL)


def ask(suit: str) -> Call:
    """Return the call asking for a partner with ``suit`` as trumps."""
    return Call(CallKind.ASK, suit=_suit(suit, "ask"))


def solo(suit: str) -> Call:
    """Return a solo call in ``suit``."""
    return Call(CallKind.SOLO, suit=_suit(suit, "solo"))


def abondance(level: int, suit: str) -> Call:
    """Return an abondance call for ``level`` tricks (9 to 12) with ``suit`` as trumps."""
    if level not in ABONDANCE_LEVELS:
        raise CallError(f"abondance {level}: the level must be 9, 10, 11 or 12 tricks")
    return Call(CallKind.ABONDANCE, suit=_suit(suit, "abondance"), level=level)


def troel(card: Card | None = None) -> Call:
    """Return the troel announcement (with the partner's card when all four aces are held)."""
    return Call(CallKind.TROEL, card=card)


def _suit(text: str, what: str) -> str:
    suit = text.strip().upper()
    if len(suit) != 1 or suit not in SUITS:
        raise CallError(f"{what} {text!r}: expected a suit S, H, D or C")
    return suit


def parse_call(text: str) -> Call:
    """Read a call from its text form, e.g. 'ask H', 'abondance 10 D', 'join troel'."""
    words = text.strip().lower().split()
    if not words:
        raise CallError("empty call: expected pass, ask <suit>, join, alone, solo <suit>, ...")
    joined = " ".join(words)
    joined = ALIASES.get(joined, joined)
    head = ALIASES.get(words[0], words[0])
    simple = {
        k.value: Call(k)
        for k in (
            CallKind.PASS,
            CallKind.JOIN,
            CallKind.ALONE,
            CallKind.PICCOLO,
            CallKind.MISERIE,
            CallKind.JOIN_TROEL,
            CallKind.OPEN_MISERIE,
            CallKind.TROEL,
        )
    }
    if joined in simple:
        return simple[joined]
    rest = words[1:]
    if head in ("ask", "solo") and len(rest) == 1:
        return ask(rest[0]) if head == "ask" else solo(rest[0])
    if head == "abondance" and len(rest) == 2:
        if not rest[0].isdigit():
            raise CallError(f"bad call {text!r}: abondance needs a level 9-12, got {rest[0]!r}")
        return abondance(int(rest[0]), rest[1])
    if head == "troel" and len(rest) == 1:
        try:
            return troel(parse_card(rest[0]))
        except NotationError as exc:
            raise CallError(f"bad call {text!r}: {exc}") from None
    raise CallError(
        f"bad call {text!r}: expected pass, ask <suit>, join, alone, piccolo, "
        "abondance <9-12> <suit>, miserie, troel, join troel, open miserie or solo <suit>"
    )
