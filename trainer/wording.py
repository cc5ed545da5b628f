"""Stored quiz text as a player reads it: engine shorthand rewritten at display time.

A quiz keeps its prompt and verdict texts as the generator wrote them. Banks written before
the generators spoke in players' words hold engine shorthand: seat letters ("You are E",
"5S by N"), bids as tokens ("13H", "6NT"), cards as tokens ("picked up D9 C7") and
Kleurenwiezen contracts as the engine once described them ("alone W in D for 5 tricks").
``player_words`` rewrites those forms, and only those, so an old bank reads right without
being rebuilt; on text already in words it changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from games.cards import SUIT_NAMES, NotationError, parse_card
from games.wiezen.contracts import Contract, ContractKind

SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
STRAINS = {**{s: SUIT_NAMES[s] for s in "SHDC"}, "NT": "no trumps"}

_SEAT = r"[NESW]"
_PAIR = rf"{_SEAT}(?:\+{_SEAT})*"
# The engine's old Kleurenwiezen descriptions (games.wiezen.contracts before it spoke words).
_WIEZEN_TRICKS = re.compile(
    rf"\b(ask/join|alone|troel) ({_PAIR})(?: in ([SHDC]))? for (\d+) tricks"
    r"(?:, ([SHDC][2-9TJQKA]) led)?"
)
_WIEZEN_ABONDANCE = re.compile(rf"\babondance (\d+) by ({_SEAT})(?: in ([SHDC]))?")
_WIEZEN_BY = re.compile(rf"\b(open miserie|miserie|piccolo|solo) by ({_PAIR})(?: in ([SHDC]))?")
_WIEZEN_PROMPT = re.compile(r"^Kleurenwiezen, (.+?)\. You are")
# A Beyond line's running count: 'N 3/4 · E 2/2' (tricks taken of the number declared).
_BEYOND_COUNT = re.compile(r"\b([NESW]) (\d+)/(\d+)\b")
_BEYOND_PROMPT = re.compile(r"^Beyond, (\d{1,2}(?:NT|[SHDC]) by [NESW]\b)")
_OLD_KINDS = {
    "ask/join": ContractKind.ASK_JOIN,
    "alone": ContractKind.ALONE,
    "troel": ContractKind.TROEL,
}
_TARGETS = {
    ContractKind.MISERIE: 0,
    ContractKind.OPEN_MISERIE: 0,
    ContractKind.PICCOLO: 1,
    ContractKind.SOLO: 13,
}

# Seat letters only where the shorthand puts them; a capital letter elsewhere is left alone.
_SEAT_PHRASES = re.compile(rf"\b(You are|by|dealer|declarer is|Dealer:) ({_SEAT})\b(?![\w+/])")
_BID = re.compile(r"(?<![\w/+])(\d{1,2})(NT|[SHDC])\b")
# A run of card tokens ('D9 C7', 'SQ H8 H4'); a lone token too when it is a card.
_CARDS = re.compile(
    r"(?<![\w/+])((?:[SHDC](?:10|[2-9TJQKA])|X[123])(?: (?:[SHDC](?:10|[2-9TJQKA])|X[123]))*)\b"
)


def seat_word(letter: str) -> str:
    return SEATS.get(letter, letter)


def bid_words(level: str, strain: str) -> str:
    """Return a bid as a player says it: '13 hearts', '6 no trumps'."""
    return f"{int(level)} {STRAINS[strain]}"


def card_text(token: str) -> str:
    """Return a card token as it reads in a sentence: 'Q♠', '10♦', 'joker'."""
    if token.startswith("X"):
        return "joker"
    rank = token[1:]
    rank = "10" if rank in ("T", "10") else rank
    return f"{rank}{SUIT_SYMBOLS[token[0]]}"


def _cards(match: re.Match[str]) -> str:
    tokens = match.group(1).split()
    try:
        [parse_card(t) for t in tokens if not t.startswith("X")]
    except (NotationError, ValueError, KeyError):
        return match.group(0)
    return " ".join(card_text(t) for t in tokens)


# A suit letter standing alone in an answer ('ask H', 'abondance 9 H').
_LONE_SUIT = re.compile(r"(?<![\w/+])([SHDC])(?![\w/+])")


def answer_text(answer: str) -> str:
    """Return a stored answer in a short form for a table cell, as players write it: cards
    and suits as symbols ('Q♥', '10♦ 7♣', '6♦', '6NT', 'ask ♥'), a pass spelt out. Skat's
    game names and anything else stay as they are."""
    if answer in ("P", "pass"):
        return "pass"
    text = _BID.sub(lambda m: m.group(1) + SUIT_SYMBOLS.get(m.group(2), m.group(2)), answer)
    text = _CARDS.sub(_cards, text)
    return _LONE_SUIT.sub(lambda m: SUIT_SYMBOLS[m.group(1)], text)


def _old_contract(
    kind: ContractKind, seats: str, trump: str | None, target: int, lead: str | None
) -> Contract:
    declarers = tuple(seats.split("+"))
    card = parse_card(lead) if lead else None
    return Contract(kind, declarers, trump, target, declarers[0], card)


def _by_kind(m: re.Match[str]) -> Contract:
    kind = ContractKind(m.group(1).replace(" ", "_"))
    return _old_contract(kind, m.group(2), m.group(3), _TARGETS[kind], None)


_OLD_FORMS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Contract]], ...] = (
    (
        _WIEZEN_TRICKS,
        lambda m: _old_contract(
            _OLD_KINDS[m.group(1)], m.group(2), m.group(3), int(m.group(4)), m.group(5)
        ),
    ),
    (
        _WIEZEN_ABONDANCE,
        lambda m: _old_contract(
            ContractKind.ABONDANCE, m.group(2), m.group(3), int(m.group(1)), None
        ),
    ),
    (_WIEZEN_BY, _by_kind),
)


def old_contract(text: str) -> Contract | None:
    """Return the contract an old engine description names ('alone W in D for 5 tricks'),
    None when the text is no such description."""
    for pattern, build in _OLD_FORMS:
        m = pattern.fullmatch(text)
        if m is not None:
            return build(m)
    return None


def _wiezen(text: str) -> str:
    def prompt(m: re.Match[str]) -> str:
        found = old_contract(m.group(1))
        return m.group(0) if found is None else f"Kleurenwiezen: {found.sentence()}. You are"

    text = _WIEZEN_PROMPT.sub(prompt, text)
    for pattern, build in _OLD_FORMS:
        text = pattern.sub(lambda m, build=build: build(m).describe(), text)
    return text


def player_words(game: str, text: str) -> str:
    """Return stored quiz text with the engine's shorthand in players' words."""
    if not text:
        return text
    if game == "wiezen":
        text = _wiezen(text)
    if game == "beyond":
        text = _BEYOND_PROMPT.sub(r"Beyond: the contract is \1", text)
        text = _BEYOND_COUNT.sub(lambda m: f"{seat_word(m[1])} {m[2]} of {m[3]}", text)
    text = _SEAT_PHRASES.sub(lambda m: f"{m.group(1)} {seat_word(m.group(2))}", text)
    if game in ("beyond", "five_hundred"):
        text = _BID.sub(lambda m: bid_words(m.group(1), m.group(2)), text)
    return _CARDS.sub(_cards, text)
