"""Checkpoint exercises for the 500 course, generated from a seed and answered by the engine.

Every answer comes from ``games.five_hundred`` (auction, card order, play, scoring, score
sheet); nothing here searches or solves. The rules each question drills are cited in the
lessons (``lessons/content/five_hundred/``) from five-hundred.da.txt and DECISIONS.md.

Params: every generator accepts the ``FiveHundredSettings`` fields (``bowers``, ``slam``,
``slam_minimum``, ``misere``, ``open_misere``, ``misere_needs_seven``, ``defence_in_misere``,
``target``) to drill a house rule, plus ``focus`` where listed in its docstring.

The ``*_case`` functions build the position behind an exercise; they are public so that tests
can check the answers against the engine by a second route (replaying the play, the auction).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from games.cards import SEATS, SUIT_NAMES, SUITS, Card, sort_key
from games.exercises.base import Choice, Diagram, Exercise, ExerciseError, exercise
from games.five_hundred import (
    LADDER,
    PASS,
    Auction,
    Call,
    CardOrder,
    Contract,
    FiveHundredSettings,
    Play,
    ScoreSheet,
    choose_discards,
    deal,
    exchange,
    score_deal,
    trick_winner,
)
from games.five_hundred.calls import MISERE_CALL, OPEN_MISERE_CALL, SIX_LEVEL_VALUES, STRAINS
from games.five_hundred.rules import SAME_COLOUR
from games.five_hundred.seats import next_seat, partner

GAME = "five_hundred"
SETTING_NAMES = tuple(f.name for f in fields(FiveHundredSettings))
# Generators retry with fresh deals until the position fits the focus; each try is a few
# hundred microseconds, and every focus used is met within a handful of tries in practice.
MAX_TRIES = 300
SIDE_NAMES = {"NS": "N-S", "EW": "E-W"}

Move = tuple[str, Card, str | None]


# ----------------------------------------------------------------------------- params


def _options(
    name: str, params: Mapping[str, Any], own: Mapping[str, Sequence[str]] | None = None
) -> tuple[FiveHundredSettings, dict[str, str]]:
    """Split ``params`` into table settings and the generator's own options, checking both."""
    own = own or {}
    unknown = set(params) - set(SETTING_NAMES) - set(own)
    if unknown:
        known = ", ".join([*own, *SETTING_NAMES])
        raise ExerciseError(f"{name}: unknown params {sorted(unknown)}; known: {known}")
    chosen: dict[str, str] = {}
    for key, allowed in own.items():
        value = params.get(key, allowed[0])
        if value not in allowed:
            raise ExerciseError(f"{name}: {key}={value!r} is not one of {', '.join(allowed)}")
        chosen[key] = value
    defaults = FiveHundredSettings()
    values: dict[str, Any] = {}
    for key in SETTING_NAMES:
        if key not in params:
            continue
        value, default = params[key], getattr(defaults, key)
        # bool is an int subclass: compare exact types so 'bowers: 1' is refused.
        if type(value) is not type(default):
            raise ExerciseError(
                f"{name}: setting {key}={value!r} must be a {type(default).__name__}"
            )
        values[key] = value
    try:
        settings = FiveHundredSettings(**values)
    except ValueError as error:
        raise ExerciseError(f"{name}: {error}") from None
    return settings, chosen


def _rng(name: str, seed: int) -> random.Random:
    return random.Random(f"{name}:{seed}")


# ----------------------------------------------------------------------------- wording


def card_name(card: Card) -> str:
    """Return a card's English name, with 'the joker' for the joker."""
    return "the joker" if card.is_joker else card.name


def contract_text(contract: Contract) -> str:
    """Return e.g. '7 hearts by N' or 'misère by E'."""
    return f"{contract.bid.name} by {contract.declarer}"


def order_text(contract: Contract, settings: FiveHundredSettings) -> str:
    """Return a short note on trumps for ``contract`` under ``settings``."""
    trump = contract.trump
    if trump is None:
        return "no trump suit; the joker is the only trump"
    left = Card(SAME_COLOUR[trump], "J")
    if settings.bowers:
        return (
            f"{SUIT_NAMES[trump]} are trumps: the joker, then the jack of {SUIT_NAMES[trump]} "
            f"(right bower), then the {left.name} (left bower), then A K Q 10 9 ..."
        )
    return f"{SUIT_NAMES[trump]} are trumps (joker only: the jacks stay in their own suits)"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _trick_diagram(
    contract: Contract, plays: Sequence[tuple[str, Card]], joker_suit: str | None, label: str
) -> Diagram:
    diagram: Diagram = {
        "kind": "trick",
        "game": GAME,
        "plays": [[seat, str(card)] for seat, card in plays],
        "label": label,
    }
    if contract.trump is not None:
        diagram["trump"] = SUIT_NAMES[contract.trump]
    if joker_suit is not None:
        diagram["joker_suit"] = SUIT_NAMES[joker_suit]
    return diagram


def _auction_diagram(auction: Auction, label: str) -> Diagram:
    return {
        "kind": "auction",
        "game": GAME,
        "dealer": auction.dealer,
        "calls": [[seat, "pass" if call.is_pass else str(call)] for seat, call in auction.calls],
        "label": label,
    }


# ----------------------------------------------------------------------------- play positions


@dataclass(frozen=True)
class PlayCase:
    """A deal in play: the contract, each player's ten cards as play began, the moves so far."""

    contract: Contract
    settings: FiveHundredSettings
    hands: dict[str, tuple[Card, ...]]
    moves: tuple[Move, ...]

    def replay(self) -> Play:
        """Return a fresh engine Play with every move applied (the engine re-checks each)."""
        play = Play(self.contract, self.hands, self.settings)
        for seat, card, joker_suit in self.moves:
            play.play(seat, card, joker_suit)
        return play


def _pick_contract(
    rng: random.Random, strain_kind: str, pool: Sequence[Card], bowers: bool
) -> Call:
    """Return a bid that suits the declarer's thirteen cards (longest trump suit for suits)."""
    if strain_kind == "misere":
        return rng.choice((MISERE_CALL, MISERE_CALL, OPEN_MISERE_CALL))
    if strain_kind == "nt":
        return Call(rng.choice((6, 7, 8)), "NT")
    counts = {s: sum(1 for c in pool if CardOrder(s, bowers).is_trump(c)) for s in SUITS}
    best = max(counts.values())
    trump = rng.choice(sorted(s for s in SUITS if counts[s] == best))
    return Call(rng.choice((6, 7, 8)), trump)


def _start_play(
    rng: random.Random, settings: FiveHundredSettings, strain_kind: str
) -> tuple[Contract, dict[str, tuple[Card, ...]]]:
    """Deal from a drawn seed, fix a contract and do the declarer's kitty exchange."""
    dealt = deal(rng.randrange(2**31), rng.choice(SEATS))
    declarer = rng.choice(SEATS)
    pool = [*dealt.hands[declarer], *dealt.kitty]
    contract = Contract(_pick_contract(rng, strain_kind, pool, settings.bowers), declarer)
    hands = dict(dealt.hands)
    discards = choose_discards(contract, pool, settings.bowers)
    hands[declarer] = exchange(dealt.hands[declarer], dealt.kitty, discards)
    return contract, {seat: hands[seat] for seat in contract.players}


def _strain_kind(rng: random.Random, settings: FiveHundredSettings, kinds: Sequence[str]) -> str:
    usable = [k for k in kinds if k != "misere" or settings.misere or settings.open_misere]
    return rng.choice(usable)


def _random_move(rng: random.Random, play: Play) -> Move:
    seat = play.to_move
    assert seat is not None
    card = rng.choice(play.legal_cards(seat))
    leads_joker = not play.current and card.is_joker and play.order.trump is None
    return seat, card, rng.choice(SUITS) if leads_joker else None


def _search_play(
    name: str,
    rng: random.Random,
    settings: FiveHundredSettings,
    kinds: Sequence[str],
    wanted: Callable[[Play], bool],
    after_move: bool,
) -> PlayCase:
    """Play random legal cards until ``wanted`` holds; return the position as a PlayCase.

    With ``after_move`` the test runs after each card (for finished tricks), otherwise before
    each card (for a player about to choose). A match is taken only half the time so that the
    position is not always the first one that fits.
    """
    for _ in range(MAX_TRIES):
        contract, hands = _start_play(rng, settings, _strain_kind(rng, settings, kinds))
        play = Play(contract, hands, settings)
        moves: list[Move] = []
        while not play.is_finished:
            if not after_move and wanted(play) and rng.random() < 0.5:
                return PlayCase(contract, settings, hands, tuple(moves))
            move = _random_move(rng, play)
            play.play(*move)
            moves.append(move)
            if after_move and not play.current and wanted(play) and rng.random() < 0.5:
                return PlayCase(contract, settings, hands, tuple(moves))
    raise ExerciseError(f"{name}: no fitting position found in {MAX_TRIES} deals")


# ----------------------------------------------------------------------------- trick winner

TRICK_FOCUS = ("any", "plain", "trumps", "bowers", "joker", "no_trumps")


def _trick_wanted(focus: str) -> tuple[tuple[str, ...], Callable[[Play], bool]]:
    def last(play: Play) -> tuple[Card, ...]:
        return play.tricks[-1].cards

    def jacks_of_colour(play: Play) -> set[Card]:
        trump = play.order.trump
        return set() if trump is None else {Card(trump, "J"), Card(SAME_COLOUR[trump], "J")}

    tests: dict[str, tuple[tuple[str, ...], Callable[[Play], bool]]] = {
        "any": (("suit", "suit", "nt", "misere"), lambda p: True),
        "plain": (
            ("suit", "nt"),
            lambda p: (
                not any(p.order.is_trump(c) for c in last(p))
                and len({p.order.suit_of(c) for c in last(p)}) > 1
            ),
        ),
        "trumps": (
            ("suit",),
            lambda p: (
                not p.order.is_trump(last(p)[0]) and any(p.order.is_trump(c) for c in last(p))
            ),
        ),
        "bowers": (
            ("suit",),
            lambda p: (
                bool(jacks_of_colour(p) & set(last(p)))
                and sum(1 for c in last(p) if p.order.is_trump(c) or c in jacks_of_colour(p)) >= 2
            ),
        ),
        "joker": (("suit", "nt", "misere"), lambda p: any(c.is_joker for c in last(p))),
        "no_trumps": (("nt", "misere"), lambda p: True),
    }
    return tests[focus]


def trick_case(seed: int, params: Mapping[str, Any]) -> PlayCase:
    """Return a position whose last move completed the trick the question is about."""
    name = "five_hundred.trick_winner"
    settings, options = _options(name, params, {"focus": TRICK_FOCUS})
    kinds, wanted = _trick_wanted(options["focus"])
    return _search_play(name, _rng(name, seed), settings, kinds, wanted, after_move=True)


def _win_reason(order: CardOrder, winner: Card, led: str, cards: Sequence[Card]) -> str:
    if winner.is_joker:
        if order.trump is None:
            return "the joker is the only trump in no trumps and misère, so it wins any trick"
        return "the joker is the highest trump of all"
    if order.is_right_bower(winner):
        return "the jack of trumps (right bower) is the highest trump after the joker"
    if order.is_left_bower(winner):
        return (
            "the jack of the same colour as trumps (left bower) is a trump, "
            "beaten only by the joker and the right bower"
        )
    if order.is_trump(winner):
        if sum(1 for c in cards if order.is_trump(c)) > 1:
            return "it is the highest trump played, and a trump beats every card of another suit"
        return "it is the only trump played, and a trump beats every card of another suit"
    return (
        f"no trump was played, so the highest {SUIT_NAMES[led][:-1]} wins; "
        "a card of another suit cannot win"
    )


@exercise("five_hundred.trick_winner")
def trick_winner_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask which card wins a trick. Params: ``focus`` (any, plain, trumps, bowers, joker,
    no_trumps) and the table settings."""
    case = trick_case(seed, params)
    play = case.replay()
    trick = play.tricks[-1]
    order = play.order
    cards = list(trick.cards)
    index = trick_winner(order, cards, trick.joker_suit)
    winner_seat, winner_card = trick.plays[index]
    led = order.suit_of(cards[0]) if trick.joker_suit is None else trick.joker_suit
    if cards[0].is_joker and order.trump is None:
        led_text = f"{trick.leader} led the joker and named {SUIT_NAMES[led]}"
    else:
        led_text = f"{trick.leader} led {card_name(cards[0])}"
    contract = case.contract
    prompt = (
        f"Contract: {contract_text(contract)} ({order_text(contract, case.settings)}). "
        f"{led_text}. Which card wins the trick?"
    )
    choices = tuple(Choice(seat, f"{seat}: {card_name(card)}") for seat, card in trick.plays)
    explanation = (
        f"{winner_seat}'s {card_name(winner_card)} wins: "
        f"{_win_reason(order, winner_card, led, cards)}."
    )
    label = f"Trick {len(play.tricks)} of {contract_text(contract)}"
    return Exercise(
        name="five_hundred.trick_winner",
        seed=seed,
        prompt=prompt,
        choices=choices,
        answers=frozenset({winner_seat}),
        explanation=explanation,
        diagrams=(_trick_diagram(contract, trick.plays, trick.joker_suit, label),),
        params=dict(params),
    )


# ----------------------------------------------------------------------------- legal cards

LEGAL_FOCUS = ("any", "follow", "void", "bowers", "joker")


def _legal_wanted(focus: str) -> tuple[tuple[str, ...], Callable[[Play], bool]]:
    def hand(p: Play) -> list[Card]:
        return p.hands[p.to_move or ""]

    def following(p: Play) -> bool:
        return bool(p.current) and len(hand(p)) > 1

    def holds_left_jack(p: Play) -> bool:
        trump = p.order.trump
        if trump is None:
            return False
        left = Card(SAME_COLOUR[trump], "J")
        return left in hand(p) and p.led_suit in (trump, left.suit)

    tests: dict[str, tuple[tuple[str, ...], Callable[[Play], bool]]] = {
        "any": (("suit", "suit", "nt", "misere"), following),
        "follow": (
            ("suit", "nt"),
            lambda p: following(p) and 0 < len(p.legal_cards()) < len(hand(p)),
        ),
        "void": (
            ("suit", "nt"),
            lambda p: following(p) and len(p.legal_cards()) == len(hand(p)),
        ),
        "bowers": (("suit",), lambda p: following(p) and holds_left_jack(p)),
        "joker": (
            ("nt", "misere"),
            lambda p: following(p) and any(c.is_joker for c in hand(p)),
        ),
    }
    return tests[focus]


def legal_case(seed: int, params: Mapping[str, Any]) -> PlayCase:
    """Return a position in which the player to move is following to a trick."""
    name = "five_hundred.legal_cards"
    settings, options = _options(name, params, {"focus": LEGAL_FOCUS})
    kinds, wanted = _legal_wanted(options["focus"])
    return _search_play(name, _rng(name, seed), settings, kinds, wanted, after_move=False)


def _legal_explanation(play: Play, hand: Sequence[Card], legal: Sequence[Card]) -> str:
    order = play.order
    led = play.led_suit
    assert led is not None
    parts = []
    if len(legal) == len(hand):
        parts.append(f"You hold no {SUIT_NAMES[led]}, so you may play any card.")
    else:
        parts.append(
            f"You must follow {SUIT_NAMES[led]} when you can: "
            f"{', '.join(card_name(c) for c in legal)}."
        )
    trump = order.trump
    if trump is not None and order.bowers:
        left = Card(SAME_COLOUR[trump], "J")
        if left in hand:
            parts.append(
                f"The {left.name} is the left bower: it counts as a {SUIT_NAMES[trump][:-1]}, "
                f"not as a {SUIT_NAMES[left.suit][:-1]}."
            )
    if any(c.is_joker for c in hand):
        if trump is not None:
            parts.append(f"The joker is a trump, so it belongs to {SUIT_NAMES[trump]}.")
        elif len(legal) < len(hand):
            parts.append(
                "In no trumps and misère the joker belongs to no suit: it may be played only "
                "when you cannot follow, so you must keep it now."
            )
        else:
            parts.append("In no trumps and misère the joker may be played once you cannot follow.")
    return " ".join(parts)


@exercise("five_hundred.legal_cards")
def legal_cards_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask which cards the player to move may play. Params: ``focus`` (any, follow, void,
    bowers, joker) and the table settings."""
    case = legal_case(seed, params)
    play = case.replay()
    seat = play.to_move
    assert seat is not None
    hand = sorted(play.hands[seat], key=sort_key)
    legal = play.legal_cards(seat)
    contract = case.contract
    lead_seat, lead_card = play.current[0]
    if lead_card.is_joker and play.joker_suit is not None:
        led_text = f"{lead_seat} led the joker and named {SUIT_NAMES[play.joker_suit]}"
    else:
        led_text = f"{lead_seat} led {card_name(lead_card)}"
    prompt = (
        f"Contract: {contract_text(contract)} ({order_text(contract, case.settings)}). "
        f"{led_text}. You are {seat}. Pick every card you may play now."
    )
    diagrams = (
        _trick_diagram(contract, play.current, play.joker_suit, "The trick so far"),
        {"kind": "hand", "game": GAME, "cards": [str(c) for c in hand], "label": f"{seat}'s hand"},
    )
    return Exercise(
        name="five_hundred.legal_cards",
        seed=seed,
        prompt=prompt,
        choices=tuple(Choice(str(c), card_name(c)) for c in hand),
        answers=frozenset(str(c) for c in legal),
        explanation=_legal_explanation(play, hand, legal),
        diagrams=diagrams,
        multiple=True,
        params=dict(params),
    )


# ----------------------------------------------------------------------------- trumps


@dataclass(frozen=True)
class HandCase:
    """A ten-card hand and the trump suit it is looked at under."""

    hand: tuple[Card, ...]
    trump: str
    settings: FiveHundredSettings


def trumps_case(seed: int, params: Mapping[str, Any]) -> HandCase:
    """Return a dealt hand and a trump suit; ``focus`` bowers means a jack of trump colour."""
    name = "five_hundred.trumps"
    settings, options = _options(name, params, {"focus": ("any", "bowers", "joker")})
    rng = _rng(name, seed)
    for _ in range(MAX_TRIES):
        hand = deal(rng.randrange(2**31)).hands[rng.choice(SEATS)]
        suits = list(SUITS)
        if options["focus"] == "bowers":
            suits = [s for s in SUITS if Card(s, "J") in hand or Card(SAME_COLOUR[s], "J") in hand]
        # A hand without a trump would leave nothing to pick.
        suits = [s for s in suits if any(CardOrder(s, settings.bowers).is_trump(c) for c in hand)]
        if options["focus"] == "joker" and not any(c.is_joker for c in hand):
            continue
        if suits:
            return HandCase(hand, rng.choice(suits), settings)
    raise ExerciseError(f"{name}: no fitting hand found in {MAX_TRIES} deals")


@exercise("five_hundred.trumps")
def trumps_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask which cards of a hand are trumps. Params: ``focus`` (any, bowers, joker), settings."""
    case = trumps_case(seed, params)
    order = CardOrder(case.trump, case.settings.bowers)
    hand = sorted(case.hand, key=sort_key)
    trumps = [c for c in hand if order.is_trump(c)]
    suit = SUIT_NAMES[case.trump]
    notes = [f"Trumps in {suit}: the joker and every {suit[:-1]}"]
    if case.settings.bowers:
        left = Card(SAME_COLOUR[case.trump], "J")
        notes.append(f"plus the {left.name} as left bower")
    else:
        notes.append("(with bowers off every jack stays in its own suit)")
    held = ", ".join(card_name(c) for c in trumps) if trumps else "none"
    explanation = f"{' '.join(notes)}. In this hand: {held}."
    return Exercise(
        name="five_hundred.trumps",
        seed=seed,
        prompt=f"{suit.capitalize()} are trumps. Pick every trump in this hand.",
        choices=tuple(Choice(str(c), card_name(c)) for c in hand),
        answers=frozenset(str(c) for c in trumps),
        explanation=explanation,
        diagrams=({"kind": "hand", "game": GAME, "cards": [str(c) for c in hand]},),
        multiple=True,
        params=dict(params),
    )


# ----------------------------------------------------------------------------- bids


def _offered(settings: FiveHundredSettings) -> list[Call]:
    """Return the ladder without the misère bids a table has switched off."""
    return [
        c
        for c in LADDER
        if (c != MISERE_CALL or settings.misere) and (c != OPEN_MISERE_CALL or settings.open_misere)
    ]


def value_text(call: Call) -> str:
    """Return how a bid's table value is made up, e.g. '60 + 2 x 100 = 260'."""
    if call.is_misere:
        return f"{call.name} is worth {call.value}, outside the suit table"
    extra = call.level - 6
    if extra == 0:
        return f"{call.name} is worth {call.value} (six-level value)"
    base = SIX_LEVEL_VALUES[call.strain]
    return f"{call.name} is worth {base} + {extra} x 100 = {call.value}"


def bid_value_case(seed: int, params: Mapping[str, Any]) -> Call:
    """Return the bid whose value is asked for."""
    name = "five_hundred.bid_value"
    settings, _ = _options(name, params)
    return _rng(name, seed).choice(_offered(settings))


def _needs_misere(name: str, settings: FiveHundredSettings) -> None:
    if not (settings.misere or settings.open_misere):
        raise ExerciseError(f"{name}: a misère focus needs misere or open_misere switched on")


@exercise("five_hundred.bid_value")
def bid_value_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask what a contract is worth by the contract table. Params: the table settings."""
    name = "five_hundred.bid_value"
    asked = bid_value_case(seed, params)
    settings, _ = _options(name, params)
    rng = _rng(name + ":choices", seed)
    offered = _offered(settings)
    values = {asked.value}
    near = [c for c in offered if c.value != asked.value]
    rng.shuffle(near)
    # Prefer distractors a learner could mix up: same level or same strain.
    near.sort(key=lambda c: not (c.level == asked.level or c.strain == asked.strain))
    for call in near:
        if len(values) == 4:
            break
        values.add(call.value)
    shown = sorted(values)
    return Exercise(
        name=name,
        seed=seed,
        prompt=f"How many points is a contract of {asked.name} worth?",
        choices=tuple(Choice(str(v), str(v)) for v in shown),
        answers=frozenset({str(asked.value)}),
        explanation=(
            f"{_capital(value_text(asked))}. Six-level bids are worth 40, 60, 80, 100, 120 in "
            "spades, clubs, diamonds, hearts, no trumps; every trick above six adds 100."
        ),
        params=dict(params),
    )


def ladder_text(call: Call) -> str:
    """Return where a bid sits on the ladder, for explanations."""
    if call == MISERE_CALL:
        return "misère sits above every seven-level bid and below every eight-level bid"
    if call == OPEN_MISERE_CALL:
        return "open misère sits above 10 diamonds and below 10 hearts"
    return value_text(call)


@exercise("five_hundred.highest_bid")
def highest_bid_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask which of four bids ranks highest. Params: ``focus`` (any, misere) and settings."""
    name = "five_hundred.highest_bid"
    settings, options = _options(name, params, {"focus": ("any", "misere")})
    rng = _rng(name, seed)
    offered = _offered(settings)
    specials = [c for c in (MISERE_CALL, OPEN_MISERE_CALL) if c in offered]
    if options["focus"] == "misere":
        _needs_misere(name, settings)
        special = rng.choice(specials)
        at = offered.index(special)
        # Neighbours on both sides make the placement the point of the question.
        window = [c for c in offered[max(0, at - 4) : at + 5] if c != special]
        picked = [special, *rng.sample(window, 3)]
    else:
        at = rng.randrange(len(offered))
        window = offered[max(0, at - 6) : at + 7]
        picked = rng.sample(window, 4)
    best = max(picked, key=lambda c: c.rank)
    rng.shuffle(picked)
    listing = "; ".join(ladder_text(c) for c in sorted(picked, key=lambda c: -c.rank))
    listing = _capital(listing)
    return Exercise(
        name=name,
        seed=seed,
        prompt="Which of these bids ranks highest in the auction?",
        choices=tuple(Choice(str(c), c.name) for c in picked),
        answers=frozenset({str(best)}),
        explanation=f"{_capital(best.name)} ranks highest. {listing}.",
        params=dict(params),
    )


# ----------------------------------------------------------------------------- auctions


def _random_call(rng: random.Random, auction: Auction, misere_bias: bool) -> Call:
    """Return a plausible call: pass often, otherwise one of the cheapest legal bids."""
    legal = auction.legal_calls()
    bids = [c for c in legal if c.is_bid]
    if misere_bias:
        special = [c for c in bids if c.is_misere]
        if special and rng.random() < 0.4:
            return rng.choice(special)
    if not bids or rng.random() < 0.45:
        return PASS
    cheap = [c for c in bids if not c.is_misere][:4] or bids
    return rng.choice(cheap)


@dataclass(frozen=True)
class AuctionCase:
    """An auction (dealer and calls) and the table settings it is bid under."""

    dealer: str
    calls: tuple[Call, ...]
    settings: FiveHundredSettings

    def replay(self) -> Auction:
        """Return a fresh engine Auction with every call applied (each is re-checked)."""
        auction = Auction(self.dealer, self.settings)
        for call in self.calls:
            auction.call(call)
        return auction


def open_auction_case(seed: int, params: Mapping[str, Any]) -> AuctionCase:
    """Return an auction still in progress; ``focus`` misere keeps the bidding near level 7."""
    name = "five_hundred.legal_calls"
    settings, options = _options(name, params, {"focus": ("any", "misere")})
    if options["focus"] == "misere":
        _needs_misere(name, settings)
    rng = _rng(name, seed)
    for _ in range(MAX_TRIES):
        auction = Auction(rng.choice(SEATS), settings)
        stop_after = rng.randrange(0, 7)
        while not auction.is_finished and len(auction.calls) < stop_after:
            auction.call(_random_call(rng, auction, misere_bias=False))
        high = auction.high_bid
        near_seven = high is None or 6 <= high.level <= 8
        if auction.is_finished or (options["focus"] == "misere" and not near_seven):
            continue
        return AuctionCase(auction.dealer, tuple(c for _, c in auction.calls), settings)
    raise ExerciseError(f"{name}: no fitting auction found in {MAX_TRIES} tries")


def _call_candidates(rng: random.Random, auction: Auction, focus: str) -> list[Call]:
    offered = _offered(auction.settings)
    high = auction.high_bid
    trick_bids = [c for c in offered if not c.is_misere]
    at = 0 if high is None else offered.index(high)
    picks: list[Call] = [PASS]
    if high is not None:
        picks.append(high)
        below = [c for c in trick_bids if c.rank < high.rank]
        if below:
            picks.append(rng.choice(below[-5:]))
    above = [c for c in trick_bids if high is None or c.rank > high.rank]
    picks.extend(rng.sample(above[:6], min(2, len(above[:6]))))
    if focus == "misere" or rng.random() < 0.5:
        picks.extend(c for c in offered if c.is_misere)
    elif offered[at:]:
        picks.append(rng.choice(offered[at:]))
    unique = list(dict.fromkeys(picks))
    return sorted(unique, key=lambda c: -1 if c.is_pass else c.rank)


@exercise("five_hundred.legal_calls")
def legal_calls_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask which calls the next player may make. Params: ``focus`` (any, misere), settings."""
    name = "five_hundred.legal_calls"
    case = open_auction_case(seed, params)
    _, options = _options(name, params, {"focus": ("any", "misere")})
    auction = case.replay()
    seat = auction.to_move
    assert seat is not None
    candidates = _call_candidates(_rng(name + ":choices", seed), auction, options["focus"])
    reasons = []
    legal = []
    for call in candidates:
        why = auction.why_illegal(call)
        if why is None:
            legal.append(call)
            note = "always allowed (and out for good)" if call.is_pass else "allowed"
            reasons.append(f"{call.name}: {note}")
        else:
            reasons.append(f"{call.name}: not allowed, {why}")
    high = (
        "no bid yet" if auction.high_bid is None else f"the bid to beat is {auction.high_bid.name}"
    )
    return Exercise(
        name=name,
        seed=seed,
        prompt=f"It is {seat}'s turn ({high}). Pick every call {seat} may make now.",
        choices=tuple(Choice(str(c), c.name) for c in candidates),
        answers=frozenset(str(c) for c in legal),
        explanation="; ".join(reasons) + ".",
        diagrams=(_auction_diagram(auction, f"Dealer {auction.dealer}; {seat} to call"),),
        multiple=True,
        params=dict(params),
    )


def finished_auction_case(seed: int, params: Mapping[str, Any]) -> AuctionCase:
    """Return an auction that ended in a contract; ``focus`` misere makes it a misère."""
    name = "five_hundred.after_auction"
    settings, options = _options(name, params, {"focus": ("any", "misere")})
    misere = options["focus"] == "misere"
    if misere:
        _needs_misere(name, settings)
    rng = _rng(name, seed)
    for _ in range(MAX_TRIES):
        auction = Auction(rng.choice(SEATS), settings)
        while not auction.is_finished:
            auction.call(_random_call(rng, auction, misere_bias=misere))
        contract = auction.contract
        if contract is None or (misere and not contract.is_misere):
            continue
        return AuctionCase(auction.dealer, tuple(c for _, c in auction.calls), settings)
    raise ExerciseError(f"{name}: no fitting auction found in {MAX_TRIES} tries")


def _after_label(leader: str, sitter: str | None) -> str:
    if sitter is None:
        return f"{leader} leads; all four play"
    return f"{leader} leads; {sitter} lays the hand down and sits out"


@exercise("five_hundred.after_auction")
def after_auction_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask who leads to the first trick and who sits out. Params: ``focus`` (any, misere)."""
    name = "five_hundred.after_auction"
    case = finished_auction_case(seed, params)
    auction = case.replay()
    contract = auction.contract
    assert contract is not None
    declarer = contract.declarer
    dealt = deal(seed, auction.dealer)
    hands = dict(dealt.hands)
    discards = choose_discards(contract, [*hands[declarer], *dealt.kitty], case.settings.bowers)
    hands[declarer] = exchange(hands[declarer], dealt.kitty, discards)
    play = Play(contract, hands, case.settings)
    leader = play.to_move
    assert leader is not None
    sitter = next((s for s in SEATS if s not in play.players), None)
    right = (leader, sitter)
    options = {
        (lead, sit)
        for lead in (declarer, next_seat(auction.dealer), next_seat(declarer), partner(declarer))
        for sit in (None, partner(declarer))
    }
    options.discard(right)
    rng = _rng(name + ":choices", seed)
    wrong = rng.sample(sorted(options, key=str), 3)
    picked = sorted([right, *wrong], key=lambda o: (SEATS.index(o[0]), o[1] or ""))
    if contract.is_misere:
        who = f"{partner(declarer)}, the declarer's partner, lays the hand down and sits out"
    else:
        who = "in a trick contract all four play"
    explanation = (
        f"{declarer} won the auction with {contract.bid.name}, so {declarer} takes the kitty, "
        f"discards three cards and leads to the first trick; {who}."
    )
    return Exercise(
        name=name,
        seed=seed,
        prompt="The auction is over. Who leads to the first trick, and who plays?",
        choices=tuple(
            Choice(f"{lead}-{sit or 'none'}", _after_label(lead, sit)) for lead, sit in picked
        ),
        answers=frozenset({f"{leader}-{sitter or 'none'}"}),
        explanation=explanation,
        diagrams=(_auction_diagram(auction, f"Dealer {auction.dealer}"),),
        params=dict(params),
    )


# ----------------------------------------------------------------------------- scoring

SCORE_KINDS = ("any", "made", "failed", "slam", "misere")


@dataclass(frozen=True)
class ScoreCase:
    """A played-out deal reduced to what scoring needs: the contract and the tricks taken."""

    contract: Contract
    declarer_tricks: int
    settings: FiveHundredSettings


def score_case(seed: int, params: Mapping[str, Any]) -> ScoreCase:
    """Return a contract and the declaring side's tricks; ``kind`` picks the outcome."""
    name = "five_hundred.score_deal"
    settings, options = _options(name, params, {"kind": SCORE_KINDS})
    return _score_case(_rng(name, seed), settings, options["kind"])


def _score_case(rng: random.Random, settings: FiveHundredSettings, kind: str) -> ScoreCase:
    if kind == "any":
        kinds = ["made", "made", "failed", "slam"]
        if settings.misere or settings.open_misere:
            kinds.append("misere")
        kind = rng.choice(kinds)
    declarer = rng.choice(SEATS)
    if kind == "misere":
        _needs_misere("five_hundred.score_deal", settings)
        bids = [MISERE_CALL] * settings.misere + [OPEN_MISERE_CALL] * settings.open_misere
        bid = rng.choice(bids)
        tricks = rng.choice((0, 0, 1, 2))
        return ScoreCase(Contract(bid, declarer), tricks, settings)
    level = rng.choice((6, 7, 7, 8, 8, 9) if kind == "slam" else (6, 7, 7, 8, 8, 9, 10))
    bid = Call(level, rng.choice(STRAINS))
    if kind == "slam":
        tricks = 10
    elif kind == "made":
        tricks = rng.randint(level, min(10, level + 2)) if level < 10 else 10
        tricks = min(tricks, 9) if level < 10 else tricks
    else:
        tricks = rng.randint(max(3, level - 3), level - 1)
    return ScoreCase(Contract(bid, declarer), tricks, settings)


def _points_key(points: Mapping[str, int]) -> str:
    return f"NS{points['NS']:+d}/EW{points['EW']:+d}"


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _points_label(points: Mapping[str, int]) -> str:
    return f"N-S {_signed(points['NS'])}, E-W {_signed(points['EW'])}"


def _mistakes(case: ScoreCase) -> list[dict[str, int]]:
    """Return the scores a learner gets by the usual slips (overtricks, sign, defence...)."""
    contract, tricks = case.contract, case.declarer_tricks
    side, other = contract.side, contract.defending_side
    value = contract.value
    defence = 10 * (10 - tricks)
    made = tricks >= contract.tricks_needed and not (contract.is_misere and tricks > 0)
    slips = [
        {side: value if made else -value, other: 0},
        {side: -value if made else value, other: defence},
        {side: 0 if not made else value, other: defence + (0 if made else value)},
        {side: value + 10 * tricks, other: defence},
        {
            side: (value + 100 * (tricks - contract.tricks_needed)) if made else -value,
            other: defence,
        },
        {side: 10 * tricks, other: defence},
    ]
    if not contract.is_misere:
        slips.append({side: value if made else -value, other: 10 * tricks})
        cheaper = Call(contract.bid.level, STRAINS[(STRAINS.index(contract.bid.strain) + 1) % 5])
        slips.append({side: cheaper.value if made else -cheaper.value, other: defence})
    return slips


def _score_explanation(case: ScoreCase, points: Mapping[str, int]) -> str:
    contract, tricks = case.contract, case.declarer_tricks
    side, other = SIDE_NAMES[contract.side], SIDE_NAMES[contract.defending_side]
    parts = [_capital(value_text(contract.bid)) + "."]
    if contract.is_misere:
        if tricks == 0:
            parts.append(f"{contract.declarer} took no trick, so the misère is made.")
        else:
            parts.append(f"{contract.declarer} took a trick, which defeats the misère.")
        if case.settings.defence_in_misere:
            parts.append("This table pays the defence 10 a trick in misère too.")
        else:
            parts.append("The defenders score nothing in a misère round.")
    else:
        need = contract.tricks_needed
        if tricks < need:
            parts.append(f"{side} needed {need} tricks and took {tricks}: they lose the value.")
        elif tricks == 10 and case.settings.slam and contract.value < case.settings.slam_minimum:
            parts.append(
                f"{side} took all ten tricks: a slam scores at least {case.settings.slam_minimum}."
            )
        else:
            parts.append(f"{side} needed {need} and took {tricks}: made; overtricks add nothing.")
        parts.append(f"{other} took {10 - tricks} tricks and score 10 for each, made or not.")
    parts.append(f"Result: {_points_label(points)}.")
    return " ".join(parts)


@exercise("five_hundred.score_deal")
def score_deal_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask what each side scores for a deal. Params: ``kind`` (any, made, failed, slam,
    misere) and the table settings."""
    name = "five_hundred.score_deal"
    case = score_case(seed, params)
    result = score_deal(case.contract, case.declarer_tricks, case.settings)
    right = dict(result.points)
    rng = _rng(name + ":choices", seed)
    wrong = {_points_key(p): p for p in _mistakes(case) if _points_key(p) != _points_key(right)}
    keys = sorted(wrong)
    rng.shuffle(keys)
    shown = [right, *(wrong[k] for k in keys[:3])]
    shown.sort(key=lambda p: (p["NS"], p["EW"]))
    contract, tricks = case.contract, case.declarer_tricks
    if contract.is_misere:
        took = f"{contract.declarer} took {tricks} trick{'s' if tricks != 1 else ''}"
    else:
        side, other = SIDE_NAMES[contract.side], SIDE_NAMES[contract.defending_side]
        took = f"{side} took {tricks} tricks, {other} {10 - tricks}"
    return Exercise(
        name=name,
        seed=seed,
        prompt=f"Contract: {contract_text(contract)}. {took}. What does each side score?",
        choices=tuple(Choice(_points_key(p), _points_label(p)) for p in shown),
        answers=frozenset({_points_key(right)}),
        explanation=_score_explanation(case, right),
        params=dict(params),
    )


# ----------------------------------------------------------------------------- match end

MATCH_FOCUS = ("any", "win", "defence", "minus")


@dataclass(frozen=True)
class MatchCase:
    """Both sides' totals before a deal, and that deal."""

    before: dict[str, int]
    deal: ScoreCase


def match_case(seed: int, params: Mapping[str, Any]) -> MatchCase:
    """Return totals near the target and a deal that may end the match; see ``focus``."""
    name = "five_hundred.match_end"
    settings, options = _options(name, params, {"focus": MATCH_FOCUS})
    rng = _rng(name, seed)
    focus = options["focus"]
    if focus == "any":
        focus = rng.choice(MATCH_FOCUS[1:])
    target = settings.target
    for _ in range(MAX_TRIES):
        kind = "failed" if focus == "minus" else rng.choice(("made", "made", "failed"))
        case = _score_case(rng, settings, "made" if focus == "win" else kind)
        side, other = case.contract.side, case.contract.defending_side
        near = _round10(rng.randint(target - 250, target - 10))
        far = _round10(rng.randint(-target // 2, target - 100))
        before = {side: near, other: far}
        if focus == "defence":
            before = {side: far, other: near}
            crossing = near + 10 * (10 - case.declarer_tricks) >= target
            # Keep the point clean: the declarers must not lose the match by falling to -target.
            score = score_deal(case.contract, case.declarer_tricks, settings)
            if not crossing or far + score.declarer_points <= -target:
                continue
        elif focus == "minus":
            before = {side: -near, other: far}
        return MatchCase(before, case)
    raise ExerciseError(f"{name}: no fitting deal found in {MAX_TRIES} tries")


def _round10(value: int) -> int:
    return value - value % 10


def _outcome_label(outcome: str, totals: Mapping[str, int]) -> str:
    standing = f"(N-S {totals['NS']}, E-W {totals['EW']})"
    if outcome == "on":
        return f"Play on {standing}"
    return f"{SIDE_NAMES[outcome]} win the match {standing}"


def _match_explanation(case: MatchCase, sheet: ScoreSheet) -> str:
    contract = case.deal.contract
    side, other = contract.side, contract.defending_side
    target = case.deal.settings.target
    totals = sheet.totals
    made = sheet.rows[-1].score.made
    result = f"{SIDE_NAMES[side]} {'made' if made else 'lost'} {contract.bid.name}"
    standing = f"N-S now have {totals['NS']} and E-W {totals['EW']}"
    if sheet.winner == side and made:
        why = f"a side that makes its contract and reaches {target} wins at once"
    elif sheet.winner is not None:
        loser = other_side_of(sheet.winner)
        why = f"{SIDE_NAMES[loser]} are at {totals[loser]}: a side at -{target} or below loses"
    elif totals[other] >= target:
        why = (
            f"{SIDE_NAMES[other]} passed {target} on defence points only, which does not win: "
            "they must make a contract of their own"
        )
    else:
        why = (
            f"nobody has won: only a made contract reaching {target}, "
            f"or a fall to -{target}, ends the match"
        )
    return f"{result}; {standing}. {why[0].upper()}{why[1:]}."


def other_side_of(side: str) -> str:
    """Return the partnership opposing ``side``."""
    return "EW" if side == "NS" else "NS"


@exercise("five_hundred.match_end")
def match_end_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask whether a deal ends the match. Params: ``focus`` (any, win, defence, minus), settings."""
    name = "five_hundred.match_end"
    case = match_case(seed, params)
    sheet = ScoreSheet(case.deal.settings)
    sheet.totals.update(case.before)
    score = score_deal(case.deal.contract, case.deal.declarer_tricks, case.deal.settings)
    winner = sheet.record(score)
    outcome = winner or "on"
    after = dict(sheet.totals)
    # Forgetting the defence points is the usual slip when adding up.
    slip = dict(case.before)
    slip[score.contract.side if score.contract else "NS"] += score.declarer_points
    if slip == after:
        slip[case.deal.contract.defending_side] += 10
    options = [(o, after) for o in ("NS", "EW", "on")] + [(outcome, slip)]
    choices = tuple(Choice(f"{o}:{t['NS']}:{t['EW']}", _outcome_label(o, t)) for o, t in options)
    contract = case.deal.contract
    tricks = case.deal.declarer_tricks
    prompt = (
        f"Before this deal N-S had {case.before['NS']} and E-W {case.before['EW']}. "
        f"Contract: {contract_text(contract)}; {SIDE_NAMES[contract.side]} took {tricks} "
        f"tricks. What happens?"
    )
    return Exercise(
        name=name,
        seed=seed,
        prompt=prompt,
        choices=choices,
        answers=frozenset({f"{outcome}:{after['NS']}:{after['EW']}"}),
        explanation=_match_explanation(case, sheet),
        params=dict(params),
    )
