"""Read deal constraints like ``N.spades >= 5 and N.hcp in 12..17`` and test deals against them.

The language (docs/constraints.md) names a place (a seat, or the Skat skat / the 500 kitty), a
feature of its cards (suit lengths, honour points, jacks, jokers, ...) and a bound, or says that
a place holds given cards; conditions combine with ``not``, ``and``, ``or`` and parentheses.
A hand-written tokenizer and recursive-descent parser read the text: nothing is ever evaluated
as Python. Each feature is computed from a hand's 64-bit card mask (``games.cards``), so testing
a deal costs a few integer operations per condition.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from games.cards import JOKER_RANKS, JOKER_SUIT, SUITS, Card, Deck, NotationError, deck_for
from games.cards import parse_card as read_card

Masks = Mapping[str, int]
Predicate = Callable[[Masks], bool]


class ConstraintError(ValueError):
    """Raised for constraint text that cannot be read or does not fit its game; names the column."""

    def __init__(self, position: int, problem: str) -> None:
        super().__init__(f"col {position}: {problem}")
        self.position = position
        self.problem = problem


class MissingHand(ValueError):
    """Raised when a deal lacks a hand that a constraint looks at."""


# ------------------------------------------------------------------ the games' deal shapes


@dataclass(frozen=True)
class Layout:
    """Describe how a game's deck is dealt: seat names, hand size, and the extra cards."""

    game: str
    seats: tuple[str, ...]
    hand_size: int
    extra: str | None = None
    extra_size: int = 0

    @property
    def places(self) -> tuple[str, ...]:
        """Return every place cards are dealt to: the seats, then the extra pile if any."""
        return self.seats + ((self.extra,) if self.extra else ())

    def size_of(self, place: str) -> int:
        """Return how many cards ``place`` receives in a full deal."""
        return self.extra_size if place == self.extra else self.hand_size


LAYOUTS = {
    "skat": Layout("skat", ("0", "1", "2"), 10, "skat", 2),
    "beyond": Layout("beyond", tuple("NESW"), 13),
    "five_hundred": Layout("five_hundred", tuple("NESW"), 10, "kitty", 3),
    "wiezen": Layout("wiezen", tuple("NESW"), 13),
}


def layout_for(game: str) -> Layout:
    """Return the deal shape of a game; an unknown game raises NotationError naming it."""
    deck_for(game)  # raises with the list of known games
    return LAYOUTS[game]


# ------------------------------------------------------------------ features of a hand


def _rank_mask(rank: str) -> int:
    return sum(Card(suit, rank).bit for suit in SUITS)


SUIT_MASKS = {suit: sum(Card(suit, rank).bit for rank in "23456789TJQKA") for suit in SUITS}
JOKER_MASK = sum(Card(JOKER_SUIT, rank).bit for rank in JOKER_RANKS)
ACES, KINGS, QUEENS, JACKS, TENS = (_rank_mask(rank) for rank in "AKQJT")


def _hcp(mask: int) -> int:
    return (
        4 * (mask & ACES).bit_count()
        + 3 * (mask & KINGS).bit_count()
        + 2 * (mask & QUEENS).bit_count()
        + (mask & JACKS).bit_count()
    )


def _card_points(mask: int) -> int:
    # Skat card points (skat.da.txt, "Kortpointvaerdier"): A 11, 10 10, K 4, Q 3, J 2.
    return (
        11 * (mask & ACES).bit_count()
        + 10 * (mask & TENS).bit_count()
        + 4 * (mask & KINGS).bit_count()
        + 3 * (mask & QUEENS).bit_count()
        + 2 * (mask & JACKS).bit_count()
    )


def _counter(of: int) -> Callable[[int], int]:
    def count(mask: int) -> int:
        return (mask & of).bit_count()

    return count


FEATURES: dict[str, Callable[[int], int]] = {
    "spades": _counter(SUIT_MASKS["S"]),
    "hearts": _counter(SUIT_MASKS["H"]),
    "diamonds": _counter(SUIT_MASKS["D"]),
    "clubs": _counter(SUIT_MASKS["C"]),
    "hcp": _hcp,
    "aces": _counter(ACES),
    "jacks": _counter(JACKS),
    "jokers": _counter(JOKER_MASK),
    "cards": int.bit_count,
    "points": _card_points,
}
SUIT_FEATURES = ("spades", "hearts", "diamonds", "clubs")
ALIASES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
KEYWORDS = frozenset({"and", "or", "not", "in", "has"})
# Bounds on the text (docs/constraints.md), far above any real constraint: they keep the
# recursive parser, printer and proof within Python's stack and every number small.
MAX_TEXT_CHARS = 2000
MAX_DEPTH = 32  # parentheses and 'not's, counted together
MAX_NUMBER_DIGITS = 4


def feature_problem(feature: str, game: str) -> str | None:
    """Return why ``feature`` does not apply to ``game``, or None when it does."""
    if feature == "jokers" and not any(card.is_joker for card in deck_for(game)):
        return f"'jokers' does not apply to {game}: its deck has no jokers"
    if feature == "points" and game != "skat":
        return f"'points' counts Skat card points and applies only to skat, not to {game}"
    return None


# ------------------------------------------------------------------ syntax tree


@dataclass(frozen=True)
class Compare:
    """A feature of a place's cards compared with a number: ``N.spades >= 5``."""

    place: str
    feature: str
    op: str
    value: int


@dataclass(frozen=True)
class InRange:
    """A feature of a place's cards within inclusive bounds: ``N.hcp in 12..17``."""

    place: str
    feature: str
    low: int
    high: int


@dataclass(frozen=True)
class Has:
    """A place holds every one of the given cards: ``0 has CJ, SJ``."""

    place: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Not:
    """The inner condition is false."""

    inner: Node


@dataclass(frozen=True)
class And:
    """Every part holds."""

    parts: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    """At least one part holds."""

    parts: tuple[Node, ...]


Node = Compare | InRange | Has | Not | And | Or


def render(node: Node) -> str:
    """Write a syntax tree as normalised constraint text, with only the parentheses it needs."""
    if isinstance(node, Compare):
        return f"{node.place}.{node.feature} {node.op} {node.value}"
    if isinstance(node, InRange):
        return f"{node.place}.{node.feature} in {node.low}..{node.high}"
    if isinstance(node, Has):
        return f"{node.place} has {', '.join(str(card) for card in node.cards)}"
    if isinstance(node, Not):
        inner = render(node.inner)
        return f"not ({inner})" if isinstance(node.inner, And | Or) else f"not {inner}"
    if isinstance(node, And):
        return " and ".join(
            f"({render(part)})" if isinstance(part, Or) else render(part) for part in node.parts
        )
    return " or ".join(render(part) for part in node.parts)


def _joined(kind: type[And] | type[Or], parts: list[Node]) -> Node:
    # Flattening nested and/and or or/or keeps one tree per meaning, so text round-trips.
    flat: list[Node] = []
    for part in parts:
        flat.extend(part.parts if isinstance(part, kind) else (part,))
    return flat[0] if len(flat) == 1 else kind(tuple(flat))


# ------------------------------------------------------------------ tokenizer


@dataclass(frozen=True)
class Token:
    """One lexical unit with its 0-based column; kind is word, number, op, punct or end."""

    kind: str
    text: str
    pos: int

    def describe(self) -> str:
        """Return the token as an error message shows it."""
        return "end of text" if self.kind == "end" else repr(self.text)


DIGITS = "0123456789"
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_"


def tokenize(text: str) -> list[Token]:
    """Split constraint text into tokens, ending with an 'end' token; raise on a stray character."""
    if len(text) > MAX_TEXT_CHARS:
        raise ConstraintError(
            MAX_TEXT_CHARS, f"text longer than {MAX_TEXT_CHARS} characters ({len(text)})"
        )
    tokens: list[Token] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        start = i
        # ASCII only on purpose: str.isdigit() accepts digits that int() cannot read.
        if ch in DIGITS:
            while i < len(text) and text[i] in DIGITS:
                i += 1
            if i - start > MAX_NUMBER_DIGITS:
                raise ConstraintError(
                    start, f"number of {i - start} digits: at most {MAX_NUMBER_DIGITS} allowed"
                )
            tokens.append(Token("number", text[start:i], start))
        elif ch in LETTERS:
            while i < len(text) and (text[i] in LETTERS or text[i] in DIGITS):
                i += 1
            tokens.append(Token("word", text[start:i], start))
        elif text.startswith("..", i):
            tokens.append(Token("punct", "..", start))
            i += 2
        elif ch in ".,()":
            tokens.append(Token("punct", ch, start))
            i += 1
        elif text[i : i + 2] in COMPARISONS:
            tokens.append(Token("op", text[i : i + 2], start))
            i += 2
        elif ch in "<>":
            tokens.append(Token("op", ch, start))
            i += 1
        elif ch == "=":
            tokens.append(Token("op", "==", start))  # a lone '=' is read as '=='
            i += 1
        else:
            raise ConstraintError(start, f"unexpected character {ch!r}")
    tokens.append(Token("end", "", len(text)))
    return tokens


# ------------------------------------------------------------------ parser


class _Parser:
    """Recursive descent over the tokens; precedence is not > and > or."""

    def __init__(self, text: str, game: str) -> None:
        self.game = game
        self.deck: Deck = deck_for(game)
        self.layout = layout_for(game)
        self.places = {place.lower(): place for place in self.layout.places}
        self.tokens = tokenize(text)
        self.index = 0
        self.depth = 0

    def peek(self) -> Token:
        return self.tokens[self.index]

    def advance(self) -> Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def at_word(self, word: str) -> bool:
        token = self.peek()
        return token.kind == "word" and token.text.lower() == word

    def fail(self, expected: str) -> ConstraintError:
        token = self.peek()
        return ConstraintError(token.pos, f"expected {expected} but found {token.describe()}")

    def parse(self) -> Node:
        node = self.disjunction()
        if self.peek().kind != "end":
            raise self.fail("'and', 'or' or the end of the text")
        return node

    def disjunction(self) -> Node:
        parts = [self.conjunction()]
        while self.at_word("or"):
            self.advance()
            parts.append(self.conjunction())
        return _joined(Or, parts)

    def conjunction(self) -> Node:
        parts = [self.negation()]
        while self.at_word("and"):
            self.advance()
            parts.append(self.negation())
        return _joined(And, parts)

    def deeper(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ConstraintError(
                self.peek().pos,
                f"nested deeper than {MAX_DEPTH} levels of parentheses and 'not'",
            )

    def negation(self) -> Node:
        if self.at_word("not"):
            self.deeper()
            self.advance()
            node = Not(self.negation())
            self.depth -= 1
            return node
        return self.atom()

    def atom(self) -> Node:
        token = self.peek()
        if token.text == "(" and token.kind == "punct":
            self.deeper()
            self.advance()
            node = self.disjunction()
            if self.peek().text != ")":
                raise self.fail(f"')' to close the '(' at col {token.pos}")
            self.advance()
            self.depth -= 1
            return node
        place = self.place()
        if self.at_word("has"):
            self.advance()
            return Has(place, self.card_list())
        if self.peek().text != ".":
            raise self.fail(f"'.' or 'has' after {place!r}")
        self.advance()
        feature = self.feature()
        subject = f"{place}.{feature}"
        if self.peek().kind == "op":
            op = self.advance().text
            return Compare(place, feature, op, self.number(f"after '{op}'"))
        if self.at_word("in"):
            self.advance()
            low_token = self.peek()
            low = self.number("after 'in'")
            if self.peek().text != "..":
                raise self.fail(f"'..' after {low}")
            self.advance()
            high = self.number("after '..'")
            if low > high:
                raise ConstraintError(
                    low_token.pos, f"empty range {low}..{high}: low end above high"
                )
            return InRange(place, feature, low, high)
        raise self.fail(f"a comparison (== != < <= > >=) or 'in' after {subject!r}")

    def place(self) -> str:
        token = self.peek()
        if token.kind not in ("word", "number") or token.text.lower() in KEYWORDS:
            raise self.fail("a seat, 'not' or '('")
        place = self.places.get(token.text.lower())
        if place is None:
            known = ", ".join(self.layout.places)
            raise ConstraintError(
                token.pos, f"unknown seat {token.text!r} for {self.game}: expected one of {known}"
            )
        self.advance()
        return place

    def feature(self) -> str:
        token = self.peek()
        if token.kind != "word":
            raise self.fail("a feature such as 'spades' or 'hcp'")
        name = ALIASES.get(token.text.lower(), token.text.lower())
        if name not in FEATURES:
            known = ", ".join(FEATURES)
            raise ConstraintError(token.pos, f"unknown feature {token.text!r}: expected {known}")
        problem = feature_problem(name, self.game)
        if problem:
            raise ConstraintError(token.pos, problem)
        self.advance()
        return name

    def number(self, where: str) -> int:
        if self.peek().kind != "number":
            raise self.fail(f"a number {where}")
        return int(self.advance().text)

    def card_list(self) -> tuple[Card, ...]:
        cards = [self.card()]
        while self.peek().text == ",":
            self.advance()
            position = self.peek().pos
            card = self.card()
            if card in cards:
                raise ConstraintError(position, f"card {card} is listed twice")
            cards.append(card)
        return tuple(cards)

    def card(self) -> Card:
        token = self.peek()
        if token.kind != "word" or token.text.lower() in KEYWORDS:
            raise self.fail("a card such as 'CJ' or 'X1'")
        try:
            card = read_card(token.text, self.deck)
        except NotationError as error:
            raise ConstraintError(token.pos, str(error)) from None
        self.advance()
        return card


# ------------------------------------------------------------------ compiled constraint


def _compile(node: Node) -> Predicate:
    if isinstance(node, Compare):
        place, count, compare, value = node.place, FEATURES[node.feature], node.op, node.value
        test = COMPARISONS[compare]
        return lambda masks: test(count(masks[place]), value)
    if isinstance(node, InRange):
        place, count, low, high = node.place, FEATURES[node.feature], node.low, node.high
        return lambda masks: low <= count(masks[place]) <= high
    if isinstance(node, Has):
        place, need = node.place, sum(card.bit for card in set(node.cards))
        return lambda masks: masks[place] & need == need
    if isinstance(node, Not):
        inner = _compile(node.inner)
        return lambda masks: not inner(masks)
    parts = [_compile(part) for part in node.parts]
    if isinstance(node, And):
        return lambda masks: all(part(masks) for part in parts)
    return lambda masks: any(part(masks) for part in parts)


def _places_in(node: Node) -> set[str]:
    if isinstance(node, Compare | InRange | Has):
        return {node.place}
    if isinstance(node, Not):
        return _places_in(node.inner)
    return set().union(*(_places_in(part) for part in node.parts))


@dataclass(frozen=True)
class Constraint:
    """A parsed constraint for one game; ``matches`` tests a deal, ``text`` is its normal form."""

    game: str
    root: Node
    _test: Predicate = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_test", _compile(self.root))

    @property
    def text(self) -> str:
        """Return the normalised text; parsing it again gives an equal constraint."""
        return render(self.root)

    def __str__(self) -> str:
        return self.text

    @property
    def places(self) -> frozenset[str]:
        """Return the seats (and 'skat'/'kitty') the constraint looks at."""
        return frozenset(_places_in(self.root))

    def matches(self, deal: Mapping[str, Iterable[Card | str]]) -> bool:
        """Return whether a deal (place -> cards, with 'skat'/'kitty' for extras) satisfies it."""
        deck = deck_for(self.game)
        masks: dict[str, int] = {}
        for place in self.places:
            if place not in deal:
                raise MissingHand(f"the deal has no hand for {place!r}, needed by {self.text!r}")
            cards = (c if isinstance(c, Card) else read_card(c, deck) for c in deal[place])
            masks[place] = sum({card.bit for card in cards})
        return self._test(masks)

    def matches_masks(self, masks: Masks) -> bool:
        """Return whether a deal given as place -> card mask satisfies the constraint."""
        return self._test(masks)

    def forced_holdings(self) -> dict[str, int]:
        """Return place -> mask of cards that every matching deal puts there (top-level 'has')."""
        parts = self.root.parts if isinstance(self.root, And) else (self.root,)
        forced: dict[str, int] = {}
        for part in parts:
            if isinstance(part, Has):
                forced[part.place] = forced.get(part.place, 0) | sum(
                    card.bit for card in set(part.cards)
                )
        return forced


def parse(text: str, game: str) -> Constraint:
    """Read constraint text for ``game``; raise ConstraintError naming the column of a fault."""
    return Constraint(game, _Parser(text, game).parse())


# ------------------------------------------------------------------ cheap impossibility proof
#
# The tree is expanded into alternatives (disjunctive normal form) of simple facts: a feature
# bound, or a card held / not held by a place. Each alternative is checked against counting
# facts that hold for every deal: a hand holds exactly its size, every card of the deck lies in
# exactly one place, so per-place bounds must fit the hand and summed bounds must fit the deck.
# Only a proof of impossibility is reported; anything else is left to the sampler.

UNBOUNDED = 1 << 30
MAX_ALTERNATIVES = 256


@dataclass(frozen=True)
class _Bound:
    place: str
    feature: str
    low: int
    high: int


@dataclass(frozen=True)
class _Holding:
    place: str
    card: Card
    held: bool


_Fact = _Bound | _Holding
_Alternatives = list[list[_Fact]]


def _intervals(op: str, value: int, negate: bool) -> list[tuple[int, int]]:
    if negate:
        op = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}[op]
    return {
        "==": [(value, value)],
        "!=": [(0, value - 1), (value + 1, UNBOUNDED)],
        "<": [(0, value - 1)],
        "<=": [(0, value)],
        ">": [(value + 1, UNBOUNDED)],
        ">=": [(value, UNBOUNDED)],
    }[op]


def _alternatives(node: Node, negate: bool) -> _Alternatives | None:
    """Return the node (or its negation) as alternatives of facts; None when there are too many."""
    if isinstance(node, Compare | InRange):
        if isinstance(node, Compare):
            spans = _intervals(node.op, node.value, negate)
        elif negate:
            spans = [(0, node.low - 1), (node.high + 1, UNBOUNDED)]
        else:
            spans = [(node.low, node.high)]
        return [[_Bound(node.place, node.feature, lo, hi)] for lo, hi in spans if lo <= hi]
    if isinstance(node, Has):
        if negate:
            return [[_Holding(node.place, card, False)] for card in node.cards]
        return [[_Holding(node.place, card, True) for card in node.cards]]
    if isinstance(node, Not):
        return _alternatives(node.inner, not negate)
    branches = [_alternatives(part, negate) for part in node.parts]
    if any(branch is None for branch in branches):
        return None
    if isinstance(node, And) != negate:  # a conjunction, directly or by De Morgan
        combined: _Alternatives = [[]]
        for branch in branches:
            assert branch is not None
            combined = [left + right for left in combined for right in branch]
            if len(combined) > MAX_ALTERNATIVES:
                return None
        return combined
    out = [alternative for branch in branches if branch for alternative in branch]
    return out if len(out) <= MAX_ALTERNATIVES else None


def _value(feature: str, card: Card) -> int:
    return FEATURES[feature](card.bit)


@functools.cache
def _natural_bounds(game: str) -> dict[tuple[str, str], tuple[int, int]]:
    """Return (place, feature) -> the least and most any deal of ``game`` can give."""
    deck, layout = deck_for(game), layout_for(game)
    bounds = {}
    for feature in FEATURES:
        if feature_problem(feature, game) is None:
            values = sorted(_value(feature, card) for card in deck)
            for place in layout.places:
                size = layout.size_of(place)
                bounds[place, feature] = (sum(values[:size]), sum(values[len(values) - size :]))
    return bounds


def _alternative_problem(facts: list[_Fact], game: str) -> str | None:
    """Return a reason why no deal can satisfy all ``facts``, or None if none is found."""
    deck, layout = deck_for(game), layout_for(game)
    features = [name for name in FEATURES if feature_problem(name, game) is None]
    bounds = _natural_bounds(game)
    low = {key: least for key, (least, _) in bounds.items()}
    high = {key: most for key, (_, most) in bounds.items()}
    holder: dict[Card, str] = {}
    lacking: set[tuple[str, Card]] = set()
    for fact in facts:
        if isinstance(fact, _Bound):
            key = (fact.place, fact.feature)
            low[key], high[key] = max(low[key], fact.low), min(high[key], fact.high)
        elif not fact.held:
            lacking.add((fact.place, fact.card))
        elif holder.setdefault(fact.card, fact.place) != fact.place:
            return f"{fact.card} cannot be held by both {holder[fact.card]} and {fact.place}"
    for card, place in holder.items():
        if (place, card) in lacking:
            return f"{place} cannot both hold and lack {card}"
    for place in set(holder.values()):
        held = [card for card, owner in holder.items() if owner == place]
        for feature in features:
            # Held cards raise the floor of every feature they count towards.
            low[place, feature] = max(low[place, feature], sum(_value(feature, c) for c in held))
    for (place, feature), floor in low.items():
        if floor > high[place, feature]:
            ceiling = high[place, feature]
            return f"{place}.{feature} would need to be at least {floor} and at most {ceiling}"
    lengths = [*SUIT_FEATURES, *(["jokers"] if "jokers" in features else [])]
    for place in layout.places:
        size = layout.size_of(place)
        least = sum(low[place, feature] for feature in lengths)
        most = sum(high[place, feature] for feature in lengths)
        if least > size or most < size:
            bound = f"at least {least}" if least > size else f"at most {most}"
            return f"{place}'s suit lengths add up to {bound}, but it holds {size} cards"
    for feature in features:
        total = sum(_value(feature, card) for card in deck)
        least = sum(low[place, feature] for place in layout.places)
        most = sum(high[place, feature] for place in layout.places)
        if least > total or most < total:
            bound = f"at least {least}" if least > total else f"at most {most}"
            return f"the {game} deck has {total} {feature} in all, but the places need {bound}"
    return None


def impossibility(constraint: Constraint) -> str | None:
    """Return a reason no deal of the game can satisfy ``constraint``, or None if not proven.

    The check is cheap and sound but incomplete: None means "maybe possible".
    """
    alternatives = _alternatives(constraint.root, negate=False)
    if alternatives is None:
        return None
    problems = [_alternative_problem(facts, constraint.game) for facts in alternatives]
    if not problems:
        return "no alternative of the constraint can hold"
    if any(problem is None for problem in problems):
        return None
    if len(problems) == 1:
        return problems[0]
    return f"every alternative is impossible, e.g. {problems[0]}"
