"""Deal cards under constraints: whole deals with given features, and hidden hands for a seat.

``deal_matching`` deals whole deals of a game until one satisfies a constraint
(``games.constraints``). ``sample_worlds`` completes a partly known deal: it hands the hidden
cards to the hidden places so that every world keeps the known hands, the shown voids and the
exposed cards, and each consistent world is equally likely. Both are deterministic per seed.
See docs/constraints.md.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.cards import Card, Deck, NotationError, cards_of, deck_for, parse_card, sort_key
from games.constraints import Constraint, impossibility, layout_for, parse

World = dict[str, list[Card]]
DEFAULT_MAX_TRIES = 20000


class NoDealFound(ValueError):
    """Raised when no deal (or not enough worlds) satisfying the conditions turned up."""

    def __init__(self, tries: int, why: str = "") -> None:
        super().__init__(f"no deal found after {tries} tries" + (f" ({why})" if why else ""))
        self.tries = tries


class SamplingError(ValueError):
    """Raised for malformed sampling input: unknown places, foreign or duplicate cards, sizes."""


@dataclass(frozen=True)
class SampledDeal:
    """A dealt deal: hands by seat, the extra cards (skat/kitty, else empty), and tries used."""

    game: str
    hands: dict[str, list[Card]]
    extra: list[Card]
    tries: int

    @property
    def extra_name(self) -> str | None:
        """Return 'skat', 'kitty' or None: the key of the extra cards in ``as_deal()``."""
        return layout_for(self.game).extra

    def as_deal(self) -> dict[str, list[Card]]:
        """Return place -> cards with the extra pile too: the shape ``Constraint.matches`` reads."""
        deal = dict(self.hands)
        if self.extra_name:
            deal[self.extra_name] = list(self.extra)
        return deal


def _sorted_cards(mask: int) -> list[Card]:
    return sorted(cards_of(mask), key=sort_key)


def deal_matching(
    game: str,
    constraint: Constraint | str | None,
    seed: int | str | None,
    max_tries: int = DEFAULT_MAX_TRIES,
) -> SampledDeal:
    """Deal random deals of ``game`` from ``seed`` until one satisfies ``constraint``.

    Cards that a top-level ``has`` puts in a place are placed first and the rest dealt at
    random, which keeps every matching deal equally likely while skipping hopeless deals.
    Raises NoDealFound after ``max_tries`` deals, or at once when the constraint is provably
    impossible.
    """
    layout, deck = layout_for(game), deck_for(game)
    if max_tries < 1:
        raise SamplingError(f"max_tries must be at least 1, got {max_tries}")
    if isinstance(constraint, str):
        constraint = parse(constraint, game)
    if constraint is not None and constraint.game != game:
        raise SamplingError(f"the constraint {constraint.text!r} is for {constraint.game}")
    forced: dict[str, int] = {}
    if constraint is not None:
        why = impossibility(constraint)
        if why:
            raise NoDealFound(0, f"the constraint cannot be met: {why}")
        forced = constraint.forced_holdings()
    placed = 0
    for place, mask in forced.items():
        # The proof above may give up on large constraints, so check required cards directly.
        if mask & placed or mask.bit_count() > layout.size_of(place):
            needed = ", ".join(str(card) for card in cards_of(mask))
            raise NoDealFound(0, f"the cards it requires cannot all be placed ({place}: {needed})")
        placed |= mask
    free = [card.bit for card in deck if not card.bit & placed]
    slots = [
        (p, forced.get(p, 0), layout.size_of(p) - forced.get(p, 0).bit_count())
        for p in layout.places
    ]
    rng = random.Random(seed)
    for tries in range(1, max_tries + 1):
        rng.shuffle(free)
        masks: dict[str, int] = {}
        start = 0
        for place, fixed, count in slots:
            # The bits are distinct, so their sum is the hand's mask.
            masks[place] = fixed + sum(free[start : start + count])
            start += count
        if constraint is None or constraint.matches_masks(masks):
            hands = {seat: _sorted_cards(masks[seat]) for seat in layout.seats}
            extra = _sorted_cards(masks[layout.extra]) if layout.extra else []
            return SampledDeal(game, hands, extra, tries)
    raise NoDealFound(max_tries)


# ------------------------------------------------------------------ worlds for a seat's view

FACTORIALS = [math.factorial(k) for k in range(64)]
Split = tuple[int, ...]
Group = tuple[tuple[int, ...], list[Card]]


def _ways_to_split(split: Split) -> int:
    ways = FACTORIALS[sum(split)]
    for count in split:
        ways //= FACTORIALS[count]
    return ways


def _splits(total: int, allowed: Sequence[int], room: Split) -> list[Split]:
    """Return every way to share ``total`` cards among the ``allowed`` seats within their room."""
    out: list[Split] = []
    counts = [0] * len(room)

    def place(index: int, left: int) -> None:
        seat = allowed[index]
        if index == len(allowed) - 1:
            if left <= room[seat]:
                counts[seat] = left
                out.append(tuple(counts))
                counts[seat] = 0
            return
        for count in range(min(left, room[seat]) + 1):
            counts[seat] = count
            place(index + 1, left - count)
        counts[seat] = 0

    if allowed:
        place(0, total)
    elif total == 0:
        out.append(tuple(counts))
    return out


class _Dealer:
    """Draw card assignments uniformly among all that respect each group's allowed seats.

    Cards come in groups whose members may go to the same seats (one group per void pattern).
    The number of ways to finish the deal from each group onwards, given the room left in every
    seat, is counted exactly; a group's split over its seats is drawn in proportion to the ways
    it leaves, and its cards are then shuffled into that split. So every complete assignment has
    the same chance and no assignment is ever rejected for breaking a void.
    """

    def __init__(self, groups: list[Group], room: Split) -> None:
        self.groups = groups
        self.room = room
        self._choices: dict[tuple[int, Split], tuple[list[Split], list[int]]] = {}

    def ways(self, level: int, room: Split) -> int:
        """Return how many assignments of groups ``level``.. fill exactly ``room``."""
        if level == len(self.groups):
            return 0 if any(room) else 1
        allowed, cards = self.groups[level]
        if level == len(self.groups) - 1:
            # The last group must fill the remaining room exactly: no choice, only a count.
            fits = sum(room) == len(cards) and all(
                room[s] == 0 or s in allowed for s in range(len(room))
            )
            return _ways_to_split(room) if fits else 0
        cumulative = self.choices(level, room)[1]
        return cumulative[-1] if cumulative else 0

    def choices(self, level: int, room: Split) -> tuple[list[Split], list[int]]:
        """Return the possible splits of group ``level`` and their running total of ways."""
        key = (level, room)
        if key not in self._choices:
            allowed, cards = self.groups[level]
            splits: list[Split] = []
            cumulative: list[int] = []
            total = 0
            for split in _splits(len(cards), allowed, room):
                rest = tuple(r - c for r, c in zip(room, split, strict=True))
                ways = _ways_to_split(split) * self.ways(level + 1, rest)
                if ways:
                    total += ways
                    splits.append(split)
                    cumulative.append(total)
            self._choices[key] = (splits, cumulative)
        return self._choices[key]

    def draw(self, rng: random.Random) -> list[list[Card]]:
        """Return one assignment: the cards each seat receives, in seat order."""
        hands: list[list[Card]] = [[] for _ in self.room]
        room = self.room
        for level, (_allowed, cards) in enumerate(self.groups):
            if level == len(self.groups) - 1:
                split = room
            else:
                splits, cumulative = self.choices(level, room)
                pick = rng.randrange(cumulative[-1])
                split = splits[_first_above(cumulative, pick)]
            shuffled = list(cards)
            rng.shuffle(shuffled)
            start = 0
            for seat, count in enumerate(split):
                hands[seat].extend(shuffled[start : start + count])
                start += count
            room = tuple(r - c for r, c in zip(room, split, strict=True))
        return hands


def _first_above(cumulative: list[int], pick: int) -> int:
    low, high = 0, len(cumulative) - 1
    while low < high:
        middle = (low + high) // 2
        if cumulative[middle] > pick:
            high = middle
        else:
            low = middle + 1
    return low


def _read_cards(owner: str, cards: Iterable[Card | str], deck: Deck) -> list[Card]:
    out = []
    for card in cards:
        try:
            card = card if isinstance(card, Card) else parse_card(card, deck)
        except NotationError as error:
            raise SamplingError(f"{owner}: {error}") from None
        if card not in deck:
            raise SamplingError(f"{owner}: {card} is not in the {deck.name} deck")
        out.append(card)
    return out


def _check_place(place: str, places: Sequence[str], what: str) -> None:
    if place not in places:
        raise SamplingError(
            f"unknown place {place!r} in {what}: expected one of {', '.join(places)}"
        )


@dataclass
class _View:
    """What a seat knows, checked: known hands, hidden cards and sizes, voids, cards placed."""

    known: dict[str, list[Card]]
    hidden_seats: list[str]
    sizes: dict[str, int]
    voids: dict[str, frozenset[str]]
    fixed: dict[str, list[Card]]
    free: list[Card]


def _read_view(
    game: str,
    known: Mapping[str, Iterable[Card | str]],
    hidden_cards: Iterable[Card | str],
    hidden_sizes: Mapping[str, int],
    voids: Mapping[str, Iterable[str]],
    holds: Mapping[str, Iterable[Card | str]],
    suit_of: Callable[[Card], str],
) -> _View:
    layout, deck = layout_for(game), deck_for(game)
    places = layout.places
    where: dict[Card, str] = {}
    known_hands: dict[str, list[Card]] = {}
    for place, cards in known.items():
        _check_place(place, places, "known")
        known_hands[place] = _read_cards(f"{place}'s known hand", cards, deck)
    # Sorting by bit index makes the result independent of the order (or set) the caller used.
    hidden = sorted(_read_cards("hidden cards", hidden_cards, deck), key=lambda c: c.bit_index)
    for owner, cards in [*known_hands.items(), ("the hidden cards", hidden)]:
        for card in cards:
            if card in where:
                raise SamplingError(f"{card} is given twice: in {where[card]} and in {owner}")
            where[card] = owner
    for place, size in hidden_sizes.items():
        _check_place(place, places, "hidden_sizes")
        if place in known_hands:
            raise SamplingError(f"{place} is both known and hidden")
        if size < 0:
            raise SamplingError(f"hidden size of {place} is negative: {size}")
    if sum(hidden_sizes.values()) != len(hidden):
        total = sum(hidden_sizes.values())
        raise SamplingError(f"hidden sizes add up to {total} but {len(hidden)} cards are hidden")
    void_sets = {}
    for place, suits in voids.items():
        _check_place(place, places, "voids")
        void_sets[place] = frozenset(suits)
        for card in known_hands.get(place, []):
            if suit_of(card) in void_sets[place]:
                raise NoDealFound(0, f"{place} is void in {suit_of(card)} but holds {card}")
    hidden_seats = [place for place in places if place in hidden_sizes]
    fixed: dict[str, list[Card]] = {place: [] for place in hidden_seats}
    owner_of: dict[Card, str] = {}
    for place, cards in holds.items():
        _check_place(place, places, "holds")
        for card in _read_cards(f"{place}'s holding", cards, deck):
            if card not in where:
                raise SamplingError(f"{card} held by {place} is neither known nor hidden")
            if owner_of.setdefault(card, place) != place:
                raise NoDealFound(0, f"{card} cannot be held by both {owner_of[card]} and {place}")
            if where[card] != "the hidden cards" and where[card] != place:
                raise NoDealFound(0, f"{place} must hold {card}, which is in {where[card]}")
            if place in known_hands:
                continue  # the card is in that known hand already
            if suit_of(card) in void_sets.get(place, frozenset()):
                raise NoDealFound(0, f"{place} is void in {suit_of(card)} but must hold {card}")
            fixed[place].append(card)
    free = [card for card in hidden if card not in owner_of]
    return _View(known_hands, hidden_seats, dict(hidden_sizes), void_sets, fixed, free)


def _dealer_for(view: _View, suit_of: Callable[[Card], str]) -> _Dealer:
    room = []
    for place in view.hidden_seats:
        left = view.sizes[place] - len(view.fixed[place])
        if left < 0:
            raise NoDealFound(
                0, f"{place} must hold {len(view.fixed[place])} cards but holds {view.sizes[place]}"
            )
        room.append(left)
    by_allowed: dict[tuple[int, ...], list[Card]] = {}
    for card in view.free:
        suit = suit_of(card)
        allowed = tuple(
            i for i, place in enumerate(view.hidden_seats) if suit not in view.voids.get(place, ())
        )
        if not allowed:
            raise NoDealFound(0, f"no hidden seat can hold {card}: all are void in {suit}")
        by_allowed.setdefault(allowed, []).append(card)
    # The widest group goes last: its split is forced, so it needs no enumeration.
    groups = sorted(by_allowed.items(), key=lambda group: (len(group[0]), group[0]))
    dealer = _Dealer(groups, tuple(room))
    if dealer.ways(0, dealer.room) == 0:
        raise NoDealFound(0, "the voids and hand sizes leave no way to deal the hidden cards")
    return dealer


def sample_worlds(
    game: str,
    known: Mapping[str, Iterable[Card | str]],
    hidden_cards: Iterable[Card | str],
    hidden_sizes: Mapping[str, int],
    rng: random.Random | int | str | None,
    n: int,
    voids: Mapping[str, Iterable[str]] | None = None,
    holds: Mapping[str, Iterable[Card | str]] | None = None,
    accept: Callable[[World], bool] | None = None,
    max_tries: int = DEFAULT_MAX_TRIES,
    suit_of: Callable[[Card], str] | None = None,
) -> list[World]:
    """Return ``n`` complete worlds consistent with what a seat knows.

    Each world maps every known and hidden place to its cards: known hands as given, and each
    hidden place ``hidden_sizes[place]`` of the ``hidden_cards`` (sorted), so that no place
    gets a card of a suit it is void in (``suit_of`` gives a card's effective suit; default its
    printed suit), every card in ``holds`` sits where it must, and ``accept(world)`` is true.
    Worlds are drawn uniformly among the consistent ones; only ``accept`` causes rejections.
    Raises NoDealFound when the facts contradict each other or ``max_tries`` draws pass fewer
    than ``n`` worlds, and SamplingError for malformed input.
    """
    if n < 0:
        raise SamplingError(f"n must not be negative, got {n}")
    effective_suit = suit_of or _printed_suit
    view = _read_view(
        game, known, hidden_cards, hidden_sizes, voids or {}, holds or {}, effective_suit
    )
    dealer = _dealer_for(view, effective_suit)
    generator = rng if isinstance(rng, random.Random) else random.Random(rng)
    order = [
        place for place in layout_for(game).places if place in view.known or place in view.sizes
    ]
    worlds: list[World] = []
    tries = 0
    while len(worlds) < n:
        if tries >= max_tries:
            raise NoDealFound(tries, f"only {len(worlds)} of {n} worlds were accepted")
        tries += 1
        dealt = dict(zip(view.hidden_seats, dealer.draw(generator), strict=True))
        world = {
            place: list(view.known[place])
            if place in view.known
            else sorted(view.fixed[place] + dealt[place], key=sort_key)
            for place in order
        }
        if accept is None or accept(world):
            worlds.append(world)
    return worlds


def _printed_suit(card: Card) -> str:
    return card.suit
