"""Beyond checkpoint exercises: deck, turn order, auction, declarations, play and scoring.

Every generator takes ``(seed, params)``, draws all its randomness from one
``random.Random`` keyed on its name and the seed (plus the engine's seeded ``deal``), and asks
the engine in ``games.beyond`` for the right answer. Nothing here searches or solves: each
exercise is built by playing or bidding at random through the engine's own state classes.

Common params: ``settings`` (a mapping of ``BeyondSettings`` fields to override, for the house
rules lesson). Each generator documents its own further params.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields, replace
from typing import Any

from games.beyond import (
    DEFAULT_SETTINGS,
    PASS,
    Auction,
    AuctionResult,
    BeyondError,
    BeyondSettings,
    Call,
    Declarations,
    Play,
    Trick,
    make_bid,
    score_contract,
    score_pass_round,
)
from games.beyond.calls import ALL_BIDS, RAISE, RERAISE, STRAIN_NAMES, STRAINS, Bid
from games.beyond.conventions import Meaning, interpret
from games.beyond.rules import deal, why_illegal_card
from games.beyond.seats import pair_of, partner
from games.cards import (
    BEYOND_DECK,
    JOKER_RANKS,
    RANKS,
    SEATS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    sort_key,
)

from .base import Choice, Diagram, Exercise, ExerciseError, exercise

GAME = "beyond"
ATTEMPTS = 200  # retries to find a position with the wanted shape; each costs well under 1 ms
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
TEXT = "beyond.da.txt"
SRC_DECK = f"{TEXT}, opening paragraph on deck, seats and dealing"
SRC_AUCTION = f"{TEXT}, the auction paragraphs; DECISIONS.md, Beyond"
SRC_DECLARE = f"{TEXT}, the paragraph after the auction on declarations and the sum"
SRC_PLAY = f"{TEXT}, the card-play paragraph"
SRC_JOKER = f"{TEXT}, the joker paragraph; DECISIONS.md, Beyond"
SRC_POINTS = f"{TEXT}, the points list; DECISIONS.md, Beyond"
SRC_PASS = f"{TEXT}, the pass-round points; DECISIONS.md, Beyond"
SRC_CONVENTION = f"{TEXT}, the closing section on the basic convention"
_SETTING_FIELDS = {f.name for f in fields(BeyondSettings)} - {"points"}


# ----------------------------------------------------------------------------- helpers


def _rng(name: str, seed: int) -> random.Random:
    """Return the generator's own random stream for ``seed`` (independent of other games)."""
    return random.Random(f"beyond.{name}:{seed}")


def _option(params: Mapping[str, Any], key: str, allowed: Sequence[Any], default: Any) -> Any:
    """Return ``params[key]`` (or the default); raise ExerciseError naming a bad value."""
    value = params.get(key, default)
    if value not in allowed:
        raise ExerciseError(f"param {key}={value!r}: expected one of {list(allowed)}")
    return value


def _settings(params: Mapping[str, Any]) -> BeyondSettings:
    """Return the default settings with the overrides in ``params['settings']`` applied."""
    raw = params.get("settings") or {}
    if not isinstance(raw, Mapping):
        raise ExerciseError(f"param settings={raw!r}: expected a mapping of setting names")
    for key, value in raw.items():
        if key not in _SETTING_FIELDS:
            raise ExerciseError(f"unknown Beyond setting {key!r}; known: {sorted(_SETTING_FIELDS)}")
        default = getattr(DEFAULT_SETTINGS, key)
        if type(value) is not type(default):
            raise ExerciseError(f"setting {key}={value!r}: expected a {type(default).__name__}")
    try:
        return replace(DEFAULT_SETTINGS, **raw)
    except BeyondError as exc:
        raise ExerciseError(str(exc)) from None


def _house_note(settings: BeyondSettings) -> str:
    """Return a sentence naming every setting that differs from the default, or ''."""
    changed = [
        f"{name}={getattr(settings, name)}"
        for name in sorted(_SETTING_FIELDS)
        if getattr(settings, name) != getattr(DEFAULT_SETTINGS, name)
    ]
    return f" House rules in force: {', '.join(changed)}." if changed else ""


def _card_label(card: Card) -> str:
    """Return a short accessible label, e.g. '♠A (ace of spades)'."""
    if card.is_joker:
        return f"{SUIT_SYMBOLS['X']}{card.rank} (joker {card.rank})"
    rank = "10" if card.rank == "T" else card.rank
    return f"{SUIT_SYMBOLS[card.suit]}{rank} ({card.name})"


def _trump_text(trump: str | None) -> str:
    return "no trumps" if trump is None else SUIT_NAMES[trump]


def _contract_text(result: AuctionResult) -> str:
    raised = ("", ", raised", ", re-raised")[result.raised]
    return f"{result.bid.name} by {SEAT_NAMES[result.declarer]}{raised}"


def _call_label(call: Call) -> str:
    if call.bid is not None:
        return call.bid.name
    return {"pass": "pass", "raise": "raise", "reraise": "re-raise"}[call.kind]


def _auction_diagram(auction: Auction, label: str = "") -> Diagram:
    diagram: Diagram = {
        "kind": "auction",
        "game": GAME,
        "dealer": auction.dealer,
        "calls": [[seat, str(call)] for seat, call in auction.calls],
    }
    if label:
        diagram["label"] = label
    return diagram


def _hand_diagram(cards: Sequence[Card], label: str) -> Diagram:
    return {
        "kind": "hand",
        "game": GAME,
        "cards": [str(c) for c in sorted(cards, key=sort_key)],
        "label": label,
    }


def _trick_diagram(trick: Trick, trump: str | None, label: str, show_winner: bool) -> Diagram:
    diagram: Diagram = {
        "kind": "trick",
        "game": GAME,
        "plays": [[trick.seat_of(i), str(c)] for i, c in enumerate(trick.cards)],
        "trump": _trump_text(trump),
        "label": label,
    }
    if show_winner and trick.winner is not None:
        diagram["winner"] = trick.winner
    return diagram


def _pick(
    rng: random.Random, cards: Sequence[Card], prefer: Callable[[Card], bool], p: float
) -> Card:
    """Pick a random card, taking one that ``prefer`` likes with probability ``p``."""
    liked = [c for c in cards if prefer(c)]
    if liked and rng.random() < p:
        return rng.choice(liked)
    return rng.choice(list(cards))


def _play_random_tricks(play: Play, rng: random.Random, count: int) -> None:
    """Play ``count`` whole tricks of random legal cards, keeping the jokers back if possible."""
    for _ in range(4 * count):
        legal = play.legal_cards()
        plain = [c for c in legal if not c.is_joker] or legal
        play.play(rng.choice(plain))


def _random_trump(rng: random.Random, mode: str) -> str | None:
    if mode == "none":
        return None
    if mode == "suit":
        return rng.choice(SUITS)
    return rng.choice([*SUITS, None])


def _new_play(
    rng: random.Random, settings: BeyondSettings, trump_mode: str, tricks_before: int
) -> Play:
    """Deal from the engine, start the play left of the dealer and play a few random tricks."""
    dealer = rng.choice(SEATS)
    hands = deal(rng.randrange(2**31), dealer, settings)
    play = Play(
        hands, SEATS[(SEATS.index(dealer) + 1) % 4], _random_trump(rng, trump_mode), settings
    )
    _play_random_tricks(play, rng, tricks_before)
    return play


def _exercise(name: str, seed: int, params: Mapping[str, Any], **kwargs: Any) -> Exercise:
    return Exercise(name=f"{GAME}.{name}", seed=seed, params=dict(params), **kwargs)


def _number_choices(
    rng: random.Random, right: Sequence[int], candidates: Sequence[int], size: int = 4
) -> list[int]:
    """Return ``size`` distinct numbers holding ``right`` and others from ``candidates``."""
    picked = list(dict.fromkeys(right))
    pool = [n for n in dict.fromkeys(candidates) if n not in picked]
    rng.shuffle(pool)
    picked += pool[: max(0, size - len(picked))]
    return sorted(picked)


# ----------------------------------------------------------------------------- deck


@exercise("beyond.deck_card")
def deck_card(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask which card is not in the Beyond deck, or how many cards a suit has.

    Params: ``question`` = "missing" (default) or "count".
    """
    question = _option(params, "question", ("missing", "count"), "missing")
    rng = _rng("deck_card", seed)
    full = [Card(s, r) for s in SUITS for r in RANKS] + [Card("X", r) for r in JOKER_RANKS]
    if question == "count":
        suit = rng.choice([*SUITS, "X"])
        count = sum(1 for c in BEYOND_DECK if c.suit == suit)
        numbers = _number_choices(rng, [count], [3, 11, 12, 13, 14])
        what = "jokers" if suit == "X" else f"cards of {SUIT_NAMES[suit]}"
        return _exercise(
            "deck_card",
            seed,
            params,
            prompt=f"How many {what} does the Beyond deck hold?",
            choices=tuple(Choice(str(n), str(n)) for n in numbers),
            answers=frozenset({str(count)}),
            explanation=(
                f"The deck holds {count} {what}: the eights of clubs, diamonds and hearts are "
                "taken out, the eight of spades stays, and three jokers come in, so the deck "
                f"still has {len(BEYOND_DECK)} cards ({SRC_DECK})."
            ),
        )
    missing = [c for c in full if c not in BEYOND_DECK]
    present = [c for c in full if c in BEYOND_DECK]
    odd = rng.choice(missing)
    # The eight of spades and a joker are the tempting wrong answers.
    tempting = [c for c in present if c == Card("S", "8") or c.is_joker]
    others = rng.sample(tempting, 2) + rng.sample([c for c in present if c not in tempting], 1)
    shown = [odd, *others]
    rng.shuffle(shown)
    return _exercise(
        "deck_card",
        seed,
        params,
        prompt="Which of these cards is NOT part of the Beyond deck?",
        choices=tuple(Choice(str(c), _card_label(c)) for c in shown),
        answers=frozenset(str(c) for c in shown if c not in BEYOND_DECK),
        explanation=(
            f"{odd.name.capitalize()} is out: the eights of clubs, diamonds and hearts are "
            "removed and three jokers put in their place; the eight of spades stays "
            f"({SRC_DECK})."
        ),
    )


# ----------------------------------------------------------------------------- turn order


@exercise("beyond.turn_order")
def turn_order(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask who sits where or moves when: partner, first call, first lead, last declaration.

    Params: ``ask`` = "partner", "first_call", "first_lead" or "last_declaration" (default).
    """
    ask = _option(
        params,
        "ask",
        ("partner", "first_call", "first_lead", "last_declaration"),
        "last_declaration",
    )
    settings = _settings(params)
    rng = _rng("turn_order", seed)
    dealer = rng.choice(SEATS)
    choices = tuple(Choice(s, SEAT_NAMES[s]) for s in SEATS)
    if ask == "partner":
        seat = rng.choice(SEATS)
        right = partner(seat)
        return _exercise(
            "turn_order",
            seed,
            params,
            prompt=f"Who is {SEAT_NAMES[seat]}'s partner (makker)?",
            choices=tuple(c for c in choices if c.key != seat),
            answers=frozenset({right}),
            explanation=(
                f"Partners sit opposite each other, North with South and East with West, so "
                f"{SEAT_NAMES[seat]} plays with {SEAT_NAMES[right]} ({SRC_DECK})."
            ),
        )
    if ask == "first_call":
        first = Auction(dealer, settings).to_move
        assert first is not None  # a new auction is open
        return _exercise(
            "turn_order",
            seed,
            params,
            prompt=f"{SEAT_NAMES[dealer]} dealt. Who makes the first call of the auction?",
            choices=choices,
            answers=frozenset({first}),
            explanation=(
                f"The player to the dealer's left opens the auction, and calls then go "
                f"clockwise: {SEAT_NAMES[first]} starts ({SRC_AUCTION})."
            ),
        )
    declarer = rng.choice([s for s in SEATS if s != _left_of(dealer)])
    bid = Bid(rng.randint(4, 9), rng.choice(STRAINS))
    contract = AuctionResult(declarer, bid)
    situation = (
        f"{SEAT_NAMES[dealer]} dealt and the auction ended in {bid.name} by {SEAT_NAMES[declarer]}."
    )
    if ask == "first_lead":
        leader = _left_of(dealer)
        return _exercise(
            "turn_order",
            seed,
            params,
            prompt=f"{situation} Who leads to the first trick?",
            choices=choices,
            answers=frozenset({leader}),
            explanation=(
                f"Whoever won the auction, the player to the dealer's left leads first: "
                f"{SEAT_NAMES[leader]}, not the declarer {SEAT_NAMES[declarer]} ({SRC_PLAY})."
            ),
        )
    order = Declarations(contract, dealer, settings).order
    start = (
        "clockwise from the declarer"
        if settings.declaration_start == "declarer"
        else "clockwise from the dealer's left, skipping the declarer"
    )
    return _exercise(
        "turn_order",
        seed,
        params,
        prompt=(
            f"{situation} The other three now declare their tricks. Who declares last "
            "(and so is bound by the sum rule)?"
        ),
        choices=choices,
        answers=frozenset({order[-1]}),
        explanation=(
            f"The declarer's number is the bid itself; the others follow {start}: "
            f"{', '.join(SEAT_NAMES[s] for s in order)}. So {SEAT_NAMES[order[-1]]} is last "
            f"({SRC_DECLARE}; setting declaration_start={settings.declaration_start!r})."
            + _house_note(settings)
        ),
    )


def _left_of(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


# ----------------------------------------------------------------------------- card play


def _explain_trick(trick: Trick, trump: str | None) -> str:
    """Return why the trick's winner wins, in the terms of the play and joker rules."""
    cards, winner = trick.cards, trick.winner
    assert winner is not None  # only complete tricks are explained
    win_card = cards[[trick.seat_of(i) for i in range(len(cards))].index(winner)]
    who = f"{_card_label(win_card)} by {SEAT_NAMES[winner]}"
    if cards[0].is_joker:
        return (
            f"A joker was led, so there is no suit to follow and the last joker played takes "
            f"the trick, whatever its number; trumps do not beat it. {who} wins ({SRC_JOKER})."
        )
    led = SUIT_NAMES[cards[0].suit]
    jokers = any(c.is_joker for c in cards)
    joker_note = " A joker played to a suit lead never wins." if jokers else ""
    if trump is not None and any(c.suit == trump for c in cards):
        if cards[0].suit == trump:
            why = f"Trumps ({led}) were led, so the highest trump wins."
        else:
            why = (
                f"{led.capitalize()} were led but {SUIT_NAMES[trump]} are trumps: a trump beats "
                "every card of another suit, and the highest trump wins."
            )
    else:
        no_trump = "There are no trumps" if trump is None else "Nobody played a trump"
        why = f"{no_trump}, so the highest {led[:-1]} wins; other suits cannot win."
    return f"{why}{joker_note} {who} takes the trick ({SRC_PLAY})."


@exercise("beyond.trick_winner")
def trick_winner(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask which card wins a trick played through the engine.

    Params: ``trump`` = "any" (default), "suit" or "none"; ``joker`` = "any" (default),
    "none" (no joker in the trick), "lead" (a joker is led) or "follow" (a suit lead with a
    joker played to it).
    """
    trump_mode = _option(params, "trump", ("any", "suit", "none"), "any")
    joker = _option(params, "joker", ("any", "none", "lead", "follow"), "any")
    settings = _settings(params)
    rng = _rng("trick_winner", seed)
    for _ in range(ATTEMPTS):
        play = _new_play(rng, settings, trump_mode, rng.randrange(0, 7))
        trick = _random_trick(play, rng, joker)
        if trick is not None:
            break
    else:
        raise ExerciseError(f"beyond.trick_winner: no trick with joker={joker!r} for seed {seed}")
    assert trick.winner is not None
    winning = trick.cards[[trick.seat_of(i) for i in range(4)].index(trick.winner)]
    return _exercise(
        "trick_winner",
        seed,
        params,
        prompt=f"Trumps: {_trump_text(play.trump)}. {SEAT_NAMES[trick.leader]} led. "
        "Which card wins this trick?",
        choices=tuple(
            Choice(str(c), f"{SEAT_NAMES[trick.seat_of(i)]}: {_card_label(c)}")
            for i, c in enumerate(trick.cards)
        ),
        answers=frozenset({str(winning)}),
        explanation=_explain_trick(trick, play.trump) + _house_note(settings),
        diagrams=(_trick_diagram(trick, play.trump, "The trick", show_winner=False),),
    )


def _random_trick(play: Play, rng: random.Random, joker: str) -> Trick | None:
    """Play one trick of random legal cards shaped by ``joker``; None if this deal can't."""
    legal = play.legal_cards()
    jokers = [c for c in legal if c.is_joker]
    plain = [c for c in legal if not c.is_joker]
    if joker == "lead":
        leads = jokers
    elif joker == "any" and jokers and rng.random() < 0.15:
        leads = jokers  # now and then a joker lead, as in real play
    else:
        leads = plain
    if not leads:
        return None
    play.play(rng.choice(leads))
    like_joker = {"none": 0.0, "any": 0.25, "lead": 0.6, "follow": 0.8}[joker]
    trump = play.trump
    done: Trick | None = None
    while done is None:
        legal = play.legal_cards()
        if joker == "none":
            legal = [c for c in legal if not c.is_joker]
            if not legal:
                return None
        card = _pick(rng, legal, lambda c: c.is_joker, like_joker)
        if not card.is_joker and trump is not None:
            card = _pick(
                rng, [c for c in legal if not c.is_joker] or legal, lambda c: c.suit == trump, 0.5
            )
        done = play.play(card)
    if joker == "follow" and not any(c.is_joker for c in done.cards[1:]):
        return None
    return done


@exercise("beyond.legal_cards")
def legal_cards(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask which cards the player to move may play (pick exactly the legal set).

    Params: ``situation`` = "follow" (default: a trick under way), "joker" (as follow, and the
    player holds a joker) or "lock" (leading right after a joker-led trick);
    ``trump`` as for ``beyond.trick_winner``.
    """
    situation = _option(params, "situation", ("follow", "joker", "lock"), "follow")
    trump_mode = _option(params, "trump", ("any", "suit", "none"), "any")
    settings = _settings(params)
    rng = _rng("legal_cards", seed)
    found: tuple[Play, Diagram | None] | None = None
    for _ in range(ATTEMPTS):
        # A lock needs the leader to hold two jokers: cheap tries with few tricks played.
        tricks_before = rng.randrange(1, 4) if situation == "lock" else rng.randrange(1, 7)
        play = _new_play(rng, settings, trump_mode, tricks_before)
        ok, before = (
            _lock_position(play, rng) if situation == "lock" else _follow_position(play, rng)
        )
        if not ok:
            continue
        seat = play.to_move
        assert seat is not None
        hand, legal = play.hands[seat], play.legal_cards()
        if situation == "joker" and not any(c.is_joker for c in hand):
            continue
        found = (play, before)
        if 1 < len(legal) < len(hand):
            break  # a real decision: some cards allowed, some not
    if found is None:
        raise ExerciseError(f"beyond.legal_cards: no {situation} position for seed {seed}")
    play, last_trick = found
    seat = play.to_move
    assert seat is not None
    hand = sorted(play.hands[seat], key=sort_key)
    allowed = set(play.legal_cards())
    current = play.current
    diagrams: list[Diagram] = []
    if last_trick is not None:
        diagrams.append(last_trick)
    if current.cards:
        diagrams.append(_trick_diagram(current, play.trump, "The trick so far", False))
    diagrams.append(_hand_diagram(hand, f"{SEAT_NAMES[seat]}'s hand"))
    doing = "follow to this trick" if current.cards else "lead to the next trick"
    return _exercise(
        "legal_cards",
        seed,
        params,
        prompt=(
            f"Trumps: {_trump_text(play.trump)}. {SEAT_NAMES[seat]} is to {doing}. "
            "Which cards may they play? Pick every legal card."
        ),
        choices=tuple(Choice(str(c), _card_label(c)) for c in hand),
        answers=frozenset(str(c) for c in allowed),
        explanation=_explain_legal(play, seat, hand, allowed) + _house_note(settings),
        diagrams=tuple(diagrams),
        multiple=True,
    )


def _follow_position(play: Play, rng: random.Random) -> tuple[bool, Diagram | None]:
    """Play 1-3 random cards of the current trick; (False, None) if it was led with a joker."""
    for _ in range(rng.randint(1, 3)):
        play.play(_pick(rng, play.legal_cards(), lambda c: not c.is_joker, 0.9))
    return not play.current.cards[0].is_joker, None


def _lock_position(play: Play, rng: random.Random) -> tuple[bool, Diagram | None]:
    """Have the leader lead a joker, win, and keep one for the next lead; ok flag, trick."""
    seat = play.to_move
    assert seat is not None
    jokers = [c for c in play.legal_cards() if c.is_joker]
    if len(jokers) < 2 or play.lead_locked:
        return False, None
    play.play(rng.choice(jokers))
    trick: Trick | None = None
    while trick is None:
        legal = play.legal_cards()
        trick = play.play(rng.choice([c for c in legal if not c.is_joker] or legal))
    if trick.winner != seat or not any(not c.is_joker for c in play.hands[seat]):
        return False, None
    return True, _trick_diagram(trick, play.trump, "The trick just played", show_winner=True)


def _explain_legal(play: Play, seat: str, hand: Sequence[Card], legal: set[Card]) -> str:
    """Return the rule behind the legal set, naming the cards that may not be played."""
    current = play.current
    banned = [c for c in hand if c not in legal]
    allowed = ", ".join(_card_label(c) for c in hand if c in legal)
    if not current.cards:
        if banned:
            reason = why_illegal_card(
                play.hands[seat], current.cards, banned[0], play.lead_locked, play.settings
            )
            return (
                f"{str(reason).capitalize()}; only a hand of nothing but jokers escapes this "
                f"lock. Legal: {allowed}; not allowed: "
                f"{', '.join(_card_label(c) for c in banned)} ({SRC_JOKER})."
            )
        return f"A leader may lead any card here. Legal: {allowed} ({SRC_PLAY})."
    led = current.cards[0]
    if led.is_joker:
        return f"A joker was led: there is no suit to follow, so every card is legal ({SRC_JOKER})."
    suit = SUIT_NAMES[led.suit]
    if not banned:
        holds = any(c.suit == led.suit for c in hand)
        why = (
            f"{SEAT_NAMES[seat]} holds no {suit}, so any card may be played"
            if not holds
            else f"{SEAT_NAMES[seat]} holds only {suit} and jokers"
        )
        return f"{suit.capitalize()} were led; {why}. Legal: {allowed} ({SRC_PLAY})."
    jokers = [c for c in hand if c.is_joker]
    joker_part = ""
    if jokers:
        joker_part = (
            " Jokers may be played at any time, even when you could follow suit."
            if jokers[0] in legal
            else " Under this house rule a joker may only be played when you cannot follow suit."
        )
    return (
        f"{suit.capitalize()} were led and {SEAT_NAMES[seat]} holds {suit}, so they must "
        f"follow suit (bekende kulør).{joker_part} Legal: {allowed}; not allowed: "
        f"{', '.join(_card_label(c) for c in banned)} ({SRC_PLAY}; {SRC_JOKER})."
    )


# ----------------------------------------------------------------------------- auction


def _random_call(rng: random.Random, auction: Auction, raise_bias: float, pass_bias: float) -> Call:
    """Return a random legal call that walks the auction down a few steps at a time."""
    legal = auction.legal_calls()
    raises = [c for c in legal if c.kind in ("raise", "reraise")]
    if raises and rng.random() < raise_bias:
        return rng.choice(raises)
    bids = [c for c in legal if c.bid is not None]
    if not bids or (auction.standing is not None and rng.random() < pass_bias):
        return PASS
    reach = 30 if rng.random() < 0.2 else 8  # mostly small steps, now and then a jump
    return rng.choice(bids[:reach])


def _random_auction(
    rng: random.Random, settings: BeyondSettings, calls: int, raise_bias: float = 0.1
) -> Auction:
    """Return an auction of about ``calls`` random calls, maybe finished, opened by a bid."""
    auction = Auction(rng.choice(SEATS), settings)
    while len(auction.calls) < calls and not auction.is_finished:
        auction.call(_random_call(rng, auction, raise_bias, 0.4))
    return auction


@exercise("beyond.legal_call")
def legal_call(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask which one of four calls the player to move may make now.

    Params: ``focus`` = "any" (default), "bids" (only bids as choices) or "raise" (the choices
    include raise or re-raise).
    """
    focus = _option(params, "focus", ("any", "bids", "raise"), "any")
    settings = _settings(params)
    rng = _rng("legal_call", seed)
    for _ in range(ATTEMPTS):
        bias = 0.5 if focus == "raise" else 0.1
        auction = _random_auction(rng, settings, rng.randint(1, 7), bias)
        built = _call_choices(auction, rng, focus)
        if built is not None:
            break
    else:
        raise ExerciseError(f"beyond.legal_call: no position with focus={focus!r} for seed {seed}")
    right, shown = built
    seat = auction.to_move
    assert seat is not None
    reasons = [f"{_call_label(c)}: {auction.why_illegal(c)}" for c in shown if c != right]
    return _exercise(
        "legal_call",
        seed,
        params,
        prompt=f"It is {SEAT_NAMES[seat]}'s turn. Which of these calls may they make now?",
        choices=tuple(Choice(str(c), _call_label(c)) for c in shown),
        answers=frozenset(str(c) for c in shown if auction.why_illegal(c) is None),
        explanation=(
            f"Only {_call_label(right)} is allowed. "
            + "; ".join(reasons)
            + f" ({SRC_AUCTION})."
            + _house_note(settings)
        ),
        diagrams=(_auction_diagram(auction, "The auction so far"),),
    )


def _call_choices(
    auction: Auction, rng: random.Random, focus: str
) -> tuple[Call, list[Call]] | None:
    """Return (the legal call, four calls shown) or None if this auction does not fit."""
    standing = auction.standing
    if auction.is_finished or standing is None:
        return None
    calls = auction.legal_calls()
    legal = [c for c in calls if c.bid is None and c != PASS] + [c for c in calls if c.bid][:10]
    extras = [RAISE, RERAISE]
    illegal_extras = [c for c in extras if auction.why_illegal(c) is not None]
    near_below = [make_bid(b.level, b.strain) for b in ALL_BIDS if b.order <= standing[1].order]
    illegal_bids = near_below[-8:]
    if focus == "bids":
        legal = [c for c in legal if c.bid is not None]
        illegal_extras = []
    elif focus == "raise":
        legal_raises = [c for c in legal if c.bid is None]
        if not legal_raises and not illegal_extras:
            return None
        if legal_raises and rng.random() < 0.6:
            legal = legal_raises
    if not legal:
        return None
    right = rng.choice(legal)
    wrong_pool = illegal_extras + rng.sample(illegal_bids, len(illegal_bids))
    if focus == "raise" and illegal_extras:
        wrong = [rng.choice(illegal_extras)]
        wrong += [c for c in wrong_pool if c not in wrong][:2]
    else:
        wrong = rng.sample(wrong_pool, min(3, len(wrong_pool)))
    if len(wrong) < 3:
        return None
    shown = [right, *wrong]
    rng.shuffle(shown)
    return right, shown


def _finish_auction(rng: random.Random, auction: Auction, raise_bias: float) -> None:
    """Call on until the auction ends; after a dozen calls everyone passes."""
    while not auction.is_finished:
        late = len(auction.calls) >= 12
        call = PASS if late else _random_call(rng, auction, raise_bias, 0.5)
        auction.call(call)


def _result_key(result: AuctionResult | None) -> str:
    return "pass" if result is None else f"{result.bid}-{result.declarer}-{result.raised}"


def _result_label(result: AuctionResult | None) -> str:
    return "The pass round (nobody bid)" if result is None else _contract_text(result)


@exercise("beyond.auction_result")
def auction_result(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask for the final contract of a finished auction (bid, declarer, raised or not).

    Params: ``raises`` (bool, default False: raise calls appear often when True);
    ``pass_round`` (chance 0..1 that nobody bids, default 0.1).
    """
    raises = _option(params, "raises", (True, False), False)
    chance = params.get("pass_round", 0.1)
    if not isinstance(chance, (int, float)) or not 0 <= chance <= 1:
        raise ExerciseError(f"param pass_round={chance!r}: expected a chance from 0 to 1")
    settings = _settings(params)
    rng = _rng("auction_result", seed)
    auction = Auction(rng.choice(SEATS), settings)
    if rng.random() >= chance:
        auction.call(_random_call(rng, auction, 0.0, 0.0))
    else:
        for _ in range(4):
            auction.call(PASS)
    _finish_auction(rng, auction, 0.45 if raises else 0.03)
    result = auction.result()
    options = _result_distractors(auction, result)
    shown = [result, *rng.sample(options, min(3, len(options)))]
    rng.shuffle(shown)
    if result is None:
        why = "Nobody bid, so the deal becomes the pass round, with its own scoring"
    else:
        why = (
            f"The auction ends after three passes in a row. The lowest bid, {result.bid.name}, "
            f"is the contract and {SEAT_NAMES[result.declarer]} who made it is the declarer; "
            "trumps and the declarer's trick target come from it"
        )
        if result.raised:
            why += (
                f"; it stands {('', 'raised', 're-raised')[result.raised]}, since no bid came after"
            )
        else:
            why += "; a raise made earlier would have been cancelled by any later bid"
    return _exercise(
        "auction_result",
        seed,
        params,
        prompt="The auction is over. What is the final contract?",
        choices=tuple(Choice(_result_key(r), _result_label(r)) for r in shown),
        answers=frozenset({_result_key(result)}),
        explanation=f"{why} ({SRC_AUCTION}).{_house_note(settings)}",
        diagrams=(_auction_diagram(auction),),
    )


def _result_distractors(
    auction: Auction, result: AuctionResult | None
) -> list[AuctionResult | None]:
    """Return tempting wrong contracts: earlier bids, the wrong seat, the wrong raise."""
    bids = [(seat, c.bid) for seat, c in auction.calls if c.bid is not None]
    out: list[AuctionResult | None] = []
    if result is None:
        first = Auction(auction.dealer).to_move or "N"
        out += [AuctionResult(first, Bid(13, s)) for s in "CSN"]
    else:
        out += [AuctionResult(seat, bid) for seat, bid in bids[:-1]]
        out.append(AuctionResult(partner(result.declarer), result.bid, result.raised))
        out += [
            AuctionResult(result.declarer, result.bid, r) for r in (0, 1, 2) if r != result.raised
        ]
        last_caller = auction.calls[-1][0]
        if last_caller != result.declarer:
            out.append(AuctionResult(last_caller, result.bid, result.raised))
        out.append(None)
    unique = {_result_key(r): r for r in out if _result_key(r) != _result_key(result)}
    return list(unique.values())


# ----------------------------------------------------------------------------- conventions

_MEANING_LABELS = {
    "shows_suit": "Shows a suit; says nothing about the number of tricks",
    "asks_for_suit": "Has no suit to show and asks partner to name one",
    "natural": "An honest contract, meant as bid; partner may pass",
    "answers_demand": "Obeys partner's demand and names the strain partner asked for",
}


def _meaning_key(meaning: Meaning) -> str:
    return f"demand-{meaning.asks_for}" if meaning.kind == "demand" else meaning.kind


def _meaning_label(key: str) -> str:
    if key.startswith("demand-"):
        return f"Demands that partner bid {STRAIN_NAMES[key.split('-', 1)[1]]}"
    return _MEANING_LABELS[key]


@exercise("beyond.call_meaning")
def call_meaning(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask what a bid says under the basic convention (information, genuine or demand level).

    Params: ``band`` = "any" (default), "information", "genuine" or "demand".
    """
    band = _option(params, "band", ("any", "information", "genuine", "demand"), "any")
    settings = _settings(params)
    rng = _rng("call_meaning", seed)
    for _ in range(ATTEMPTS):
        wanted = rng.choice(["information", "genuine", "demand"]) if band == "any" else band
        built = _convention_position(rng, settings, wanted)
        if built is not None:
            break
    else:
        raise ExerciseError(f"beyond.call_meaning: no {band} position for seed {seed}")
    auction, call = built
    seat = auction.to_move
    assert seat is not None and call.bid is not None
    meaning = interpret(auction.calls, seat, call)
    right = _meaning_key(meaning)
    stronger = STRAINS[min(STRAINS.index(call.bid.strain) + 1, len(STRAINS) - 1)]
    pool = [
        "shows_suit",
        "asks_for_suit",
        "natural",
        "answers_demand",
        f"demand-{stronger}",
        f"demand-{call.bid.strain}",
    ]
    pool = [k for k in dict.fromkeys(pool) if k != right and k != "demand-N"]
    shown = [right, *rng.sample(pool, 3)]
    rng.shuffle(shown)
    return _exercise(
        "call_meaning",
        seed,
        params,
        prompt=(
            f"{SEAT_NAMES[seat]} now bids {call.bid.name}. What does this bid tell partner "
            "under the basic convention (grundkonventionen)?"
        ),
        choices=tuple(Choice(k, _meaning_label(k)) for k in shown),
        answers=frozenset({right}),
        explanation=(
            f"{call.bid.name.capitalize()} is in the {meaning.band} band "
            f"({_BAND_RANGES[meaning.band or 'genuine']}): {meaning.text} ({meaning.source})."
        ),
        diagrams=(_auction_diagram(auction, "The auction so far"),),
    )


_BAND_RANGES = {
    "information": "levels 10-13",
    "genuine": "levels 4-9",
    "demand": "levels 0-3",
}


def _bid_in(
    auction: Auction, rng: random.Random, levels: range, suit_only: bool = False
) -> Call | None:
    bids = [
        c
        for c in auction.legal_calls()
        if c.bid is not None and c.bid.level in levels and not (suit_only and c.bid.strain == "N")
    ]
    return rng.choice(bids) if bids else None


def _convention_position(
    rng: random.Random, settings: BeyondSettings, band: str
) -> tuple[Auction, Call] | None:
    """Build an auction and a legal next bid in ``band``; None when this try does not fit."""
    auction = Auction(rng.choice(SEATS), settings)
    # Open at the information level, as the convention expects.
    for _ in range(rng.randint(0 if band == "information" else 1, 3)):
        call = _bid_in(auction, rng, range(11, 14)) if rng.random() < 0.7 else PASS
        auction.call(call or PASS)
    if auction.is_finished:
        return None
    if band == "information":
        call = _bid_in(auction, rng, range(10, 14))
    elif band == "genuine":
        call = _bid_in(auction, rng, range(4, 10))
    else:
        for _ in range(rng.randint(0, 2)):
            if auction.is_finished:
                return None
            auction.call(_bid_in(auction, rng, range(4, 8)) or PASS)
        if rng.random() < 0.4 and not auction.is_finished:
            # Partner demands, the opponent passes, and the player to move answers.
            demand = _bid_in(auction, rng, range(0, 4), suit_only=True)
            if demand is None or demand.bid is None:
                return None
            auction.call(demand)
            auction.call(PASS)
            wanted = STRAINS[STRAINS.index(demand.bid.strain) + 1]
            call = make_bid(demand.bid.level, wanted)
        else:
            call = None if auction.is_finished else _bid_in(auction, rng, range(0, 4), True)
    if call is None or auction.is_finished or auction.why_illegal(call) is not None:
        return None
    return auction, call


# ----------------------------------------------------------------------------- declarations


def _random_contract(rng: random.Random, levels: range = range(4, 10)) -> tuple[str, AuctionResult]:
    dealer = rng.choice(SEATS)
    raised = rng.choices((0, 1, 2), weights=(6, 3, 1))[0]
    bid = Bid(rng.choice(levels), rng.choice(STRAINS))
    if bid.strain == "N":
        raised = 0  # only a suit bid can be raised (default setting raise_over_no_trumps)
    return dealer, AuctionResult(rng.choice(SEATS), bid, raised)


@exercise("beyond.last_declaration")
def last_declaration(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask which number the last player may not declare (the sum may not be 13)."""
    settings = _settings(params)
    rng = _rng("last_declaration", seed)
    dealer, contract = _random_contract(rng)
    contract = AuctionResult(contract.declarer, contract.bid)
    declarations = Declarations(contract, dealer, settings)
    over = rng.random() < 0.15  # now and then the sum is already past 13
    for _ in range(2):
        room = 13 - declarations.total
        top = 6 if over else max(0, min(5, room - 1))
        declarations.declare(rng.randint(0, top))
    last = declarations.to_move
    assert last is not None
    gap = 13 - declarations.total
    near = [n for n in range(gap - 3, gap + 4) if 0 <= n <= 13]
    if len(near) < 3:
        near = list(range(0, 4))
    numbers = _number_choices(rng, [gap] if 0 <= gap <= 13 else [], near, size=3)
    forbidden = [str(n) for n in numbers if declarations.why_illegal(n) is not None]
    everything_legal = declarations.legal() == list(range(14))
    answers = set(forbidden) | ({"none"} if everything_legal else set())
    said = ", ".join(
        f"{SEAT_NAMES[s]} {declarations.targets[s]}"
        for s in declarations.seats_in_order
        if s in declarations.targets
    )
    if settings.forbid_sum_thirteen:
        rule = (
            f"The three declarations so far add up to {declarations.total}. The last player may "
            "not bring the sum to exactly 13, so that at least one player must miss"
        )
        if 0 <= gap <= 13:
            rule += f": {SEAT_NAMES[last]} may say anything but {gap}"
        else:
            rule += "; the sum is already past 13, so every number is allowed"
    else:
        rule = "With the sum rule switched off, the last player may declare any number"
    return _exercise(
        "last_declaration",
        seed,
        params,
        prompt=(
            f"Contract: {contract.bid.name} by {SEAT_NAMES[contract.declarer]}. Declared so far "
            f"(stik): {said}. {SEAT_NAMES[last]} declares last. Which of these may "
            f"{SEAT_NAMES[last]} NOT declare?"
        ),
        choices=(
            *(Choice(str(n), f"{n} trick{'' if n == 1 else 's'}") for n in numbers),
            Choice("none", "Any of them is allowed"),
        ),
        answers=frozenset(answers),
        explanation=f"{rule} ({SRC_DECLARE}).{_house_note(settings)}",
    )


# ----------------------------------------------------------------------------- scoring


def _pair_key(points: Mapping[str, int]) -> str:
    return f"NS{points['NS']}-EW{points['EW']}"


def _pair_label(points: Mapping[str, int]) -> str:
    return f"North-South {points['NS']}, East-West {points['EW']}"


def _random_split(rng: random.Random, total: int, parts: int) -> list[int]:
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


@exercise("beyond.score_deal")
def score_deal(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask what each pair scores for a played contract.

    Params: ``strain`` = "any" (default), "suit" or "nt"; ``raised`` = "any" (default), 0, 1
    or 2.
    """
    strain = _option(params, "strain", ("any", "suit", "nt"), "any")
    raised_opt = _option(params, "raised", ("any", 0, 1, 2), "any")
    settings = _settings(params)
    rng = _rng("score_deal", seed)
    dealer, contract = _random_contract(rng)
    bid_strain = {"suit": rng.choice(SUITS), "nt": "N", "any": contract.bid.strain}[strain]
    raised = contract.raised if raised_opt == "any" else raised_opt
    if bid_strain == "N" and raised and not settings.raise_over_no_trumps:
        if raised_opt == "any":
            raised = 0
        elif strain == "nt":
            raise ExerciseError("params strain='nt' and raised>0: a no-trump bid cannot be raised")
        else:
            bid_strain = rng.choice(SUITS)  # the raise asked for needs a suit contract
    contract = AuctionResult(contract.declarer, Bid(contract.bid.level, bid_strain), raised)
    declarations = Declarations(contract, dealer, settings)
    while not declarations.is_finished:
        declarations.declare(rng.choice([n for n in declarations.legal() if n <= 5]))
    targets = declarations.targets
    tricks = _score_tricks(rng, targets)
    score = score_contract(contract, targets, tricks, settings)
    right = score.pair_points
    shown = [right, *_score_distractors(rng, contract, right, settings)]
    rng.shuffle(shown)
    lines = "; ".join(
        f"{SEAT_NAMES[s]} declared {targets[s]}, took {tricks[s]}"
        for s in declarations.seats_in_order
    )
    return _exercise(
        "score_deal",
        seed,
        params,
        prompt=(f"Contract: {_contract_text(contract)}. {lines}. What does each pair score?"),
        choices=tuple(Choice(_pair_key(p), _pair_label(p)) for p in shown),
        answers=frozenset({_pair_key(right)}),
        explanation=_explain_score(contract, score.hits, right, settings),
    )


def _score_tricks(rng: random.Random, targets: Mapping[str, int]) -> dict[str, int]:
    """Return trick counts adding to 13; usually one pair hits both targets."""
    pair = rng.choice(["NS", "EW", "NS", "EW", "none"])
    for _ in range(ATTEMPTS):
        if pair == "none":
            split = _random_split(rng, 13, 4)
            tricks = dict(zip(SEATS, split, strict=True))
        else:
            rest = 13 - sum(targets[s] for s in pair)
            if rest < 0:
                pair = "none"
                continue
            others = [s for s in SEATS if s not in pair]
            tricks = {s: targets[s] for s in pair}
            tricks.update(zip(others, _random_split(rng, rest, 2), strict=True))
        if pair != "none" or not any(all(tricks[s] == targets[s] for s in p) for p in ("NS", "EW")):
            return {s: tricks[s] for s in SEATS}
    return {s: tricks[s] for s in SEATS}


def _score_distractors(
    rng: random.Random, contract: AuctionResult, right: Mapping[str, int], settings: BeyondSettings
) -> list[dict[str, int]]:
    """Return three wrong pair scores built from the usual mistakes."""
    pts = settings.points
    scorer = next((p for p in ("NS", "EW") if right[p]), None)
    trump_pair = contract.trump_pair
    other = "EW" if trump_pair == "NS" else "NS"
    extra = {0: 0, 1: pts.raise_extra, 2: pts.reraise_extra}[contract.raised]
    values = {
        pts.trump_side + extra,
        pts.other_side + extra,
        pts.trump_side + pts.no_trump_extra + extra,
        pts.trump_side,
        pts.other_side,
        pts.other_side + pts.raise_extra + pts.reraise_extra,
        pts.trump_side + pts.raise_extra + pts.reraise_extra,
    }
    pool: list[dict[str, int]] = [{"NS": 0, "EW": 0}]
    for value in sorted(values):
        for pair in (trump_pair, other):
            pool.append({"NS": value if pair == "NS" else 0, "EW": value if pair == "EW" else 0})
    if scorer is not None:
        pool.append({"NS": right[scorer], "EW": right[scorer]})
    keys = {_pair_key(right)}
    unique = []
    for p in pool:
        if _pair_key(p) not in keys:
            keys.add(_pair_key(p))
            unique.append(p)
    # Keep the near misses (same pair, or same number) more often than random ones.
    near = [p for p in unique if scorer is not None and (p[scorer] or p == {"NS": 0, "EW": 0})]
    far = [p for p in unique if p not in near]
    rng.shuffle(near)
    rng.shuffle(far)
    return (near[:2] + far + near[2:])[:3]


def _explain_score(
    contract: AuctionResult,
    hits: Mapping[str, bool],
    right: Mapping[str, int],
    settings: BeyondSettings,
) -> str:
    pts = settings.points
    hit_text = ", ".join(f"{SEAT_NAMES[s]} {'hit' if hits[s] else 'missed'}" for s in SEATS)
    target_word = "exactly" if settings.exact_targets else "at least"
    parts = [
        f"A pair scores only when both partners take {target_word} the tricks they declared "
        f"({hit_text})."
    ]
    for pair in ("NS", "EW"):
        if not right[pair]:
            continue
        if pair == contract.trump_pair:
            base = f"{pts.trump_side} as trump holders (trumfholderne)"
            if contract.trump is None:
                base += f" + {pts.no_trump_extra} for no trumps"
        else:
            base = f"{pts.other_side} as the side without trumps"
        if contract.raised == 1:
            base += f" + {pts.raise_extra} for the raise"
        elif contract.raised == 2:
            if settings.reraise_replaces_raise:
                base += f" + {pts.reraise_extra} for the re-raise (in place of the raise extra)"
            else:
                base += f" + {pts.raise_extra} + {pts.reraise_extra} for raise and re-raise"
        parts.append(f"{pair}: {base} = {right[pair]}.")
    if not right["NS"] and not right["EW"]:
        parts.append("Neither pair hit both targets, so nobody scores.")
    return " ".join(parts).rstrip(".") + f" ({SRC_POINTS}).{_house_note(settings)}"


@exercise("beyond.pass_round_score")
def pass_round_score(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask what each pair scores in the pass round.

    Params: ``sweep`` (chance 0..1 that one pair takes all 13 tricks, default 0.1).
    """
    chance = params.get("sweep", 0.1)
    if not isinstance(chance, (int, float)) or not 0 <= chance <= 1:
        raise ExerciseError(f"param sweep={chance!r}: expected a chance from 0 to 1")
    settings = _settings(params)
    rng = _rng("pass_round_score", seed)
    if rng.random() < chance:
        pair = rng.choice(["NS", "EW"])
        split = _random_split(rng, 13, 2)
        tricks = dict.fromkeys(SEATS, 0)
        tricks.update(zip(pair, split, strict=True))
    else:
        tricks = dict(zip(SEATS, _random_split(rng, 13, 4), strict=True))
    last = rng.choice([s for s in SEATS if tricks[s] > 0])
    score = score_pass_round(tricks, last, settings)
    right = score.pair_points
    pts = settings.points
    by_pair = {p: tricks[p[0]] + tricks[p[1]] for p in ("NS", "EW")}
    per = pts.pass_round_per_trick
    bonus = pts.pass_round_last_trick
    dodger = "EW" if pair_of(last) == "NS" else "NS"
    mistakes = [
        {"NS": per * by_pair["NS"], "EW": per * by_pair["EW"]},  # own tricks, not the others'
        {p: per * by_pair["EW" if p == "NS" else "NS"] for p in ("NS", "EW")},  # no bonus
        {
            p: per * by_pair["EW" if p == "NS" else "NS"] + (bonus if p != dodger else 0)
            for p in ("NS", "EW")
        },  # bonus to the wrong pair
        {
            p: per * by_pair["EW" if p == "NS" else "NS"] + (bonus if p == dodger else 0)
            for p in ("NS", "EW")
        },  # the sweep rule forgotten
        {"NS": 0, "EW": 0},
    ]
    unique = {_pair_key(m): m for m in mistakes if _pair_key(m) != _pair_key(right)}
    wrong = list(unique.values())
    while len(wrong) < 3:
        wrong.append({"NS": right["NS"] + 10 * len(wrong), "EW": right["EW"]})
    shown = [right, *rng.sample(wrong, 3)]
    rng.shuffle(shown)
    took = ", ".join(f"{SEAT_NAMES[s]} {tricks[s]}" for s in SEATS)
    if max(by_pair.values()) == 13 and settings.pass_round_sweep_scores_zero:
        why = "One pair took all 13 tricks, and then the pass round ends 0-0."
    else:
        why = (
            f"Each pair gets {per} for every trick the other pair took (NS took "
            f"{by_pair['NS']}, EW {by_pair['EW']}), and the pair that avoided the last trick, "
            f"{dodger}, gets {bonus} more."
        )
    return _exercise(
        "pass_round_score",
        seed,
        params,
        prompt=(
            f"Everyone passed, so the deal was played as the pass round (passpil). Tricks taken: "
            f"{took}; {SEAT_NAMES[last]} took the last trick. What does each pair score?"
        ),
        choices=tuple(Choice(_pair_key(p), _pair_label(p)) for p in shown),
        answers=frozenset({_pair_key(right)}),
        explanation=f"{why} Result: {_pair_label(right)} ({SRC_PASS}).{_house_note(settings)}",
    )
