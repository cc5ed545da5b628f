"""Kleurenwiezen checkpoint exercises: tricks, legal cards, the auction, troel, scoring.

Every answer comes from the engine in ``games.wiezen`` (play, auction and scoring classes);
this module only sets up a position from the seed and words the question. Deals come from
the engine's seeded ``deal``; every other random choice from ``random.Random(seed)``.

Registered generators (params in brackets):
- ``wiezen.trick_winner`` (trump: "random", "none" or a suit letter): which card wins.
- ``wiezen.legal_cards`` (trump): which cards may the player to move play.
- ``wiezen.legal_call``: which of four calls may the player to speak make now.
- ``wiezen.next_speaker``: who speaks next in this auction (or is it over).
- ``wiezen.bid_order`` (pool: "all", "special" or "abondance"): which bid ranks highest.
- ``wiezen.troel``: who is the troel partner and which suit is trumps.
- ``wiezen.first_lead`` (kinds, abondance_declarer_leads): who leads to the first trick.
- ``wiezen.contract_goal`` (kinds): what the declaring side must achieve.
- ``wiezen.score`` (kinds, after_all_pass): a seat's points for a finished deal.
- ``wiezen.multiplier`` (kinds, cap): what the score doublers multiply the deal by.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from games.cards import SEATS, SUIT_NAMES, Card, sort_key
from games.exercises.base import Choice, Diagram, Exercise, ExerciseError, exercise
from games.wiezen import (
    Auction,
    Call,
    CallKind,
    Contract,
    ContractKind,
    IllegalCall,
    Play,
    WiezenSettings,
    deal,
    find_troel,
    score_deal,
)
from games.wiezen.auction import ALL_CALLS
from games.wiezen.calls import (
    ALONE,
    JOIN,
    JOIN_TROEL,
    MISERIE,
    OPEN_MISERIE,
    PASS,
    abondance,
    ask,
    solo,
    troel,
)
from games.wiezen.seats import seat_after, seats_from

GAME = "wiezen"
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_LETTERS = "SHDC"
# The contracts a checkpoint can be about; piccolo is a variant and stays out by default.
KINDS = (
    "ask_join",
    "alone",
    "troel",
    "abondance",
    "miserie",
    "open_miserie",
    "solo",
)
OVER = "over"


# ---------------------------------------------------------------------------- small helpers


def seat_label(seat: str) -> str:
    """Return a seat's letter with its name, e.g. 'E (East)'."""
    return f"{seat} ({SEAT_NAMES[seat]})"


def card_label(card: Card) -> str:
    """Return a card's token with its English name, e.g. 'HT (ten of hearts)'."""
    return f"{card} ({card.name})"


def suit_name(suit: str | None) -> str:
    """Return the English plural name of a suit, or 'no trumps' for None."""
    return SUIT_NAMES[suit] if suit else "no trumps"


def hand_diagram(cards: Sequence[Card], label: str) -> Diagram:
    """Return a hand diagram of ``cards`` in display order."""
    shown = [str(c) for c in sorted(cards, key=sort_key)]
    return {"kind": "hand", "game": GAME, "cards": shown, "label": label}


def deal_diagram(hands: Mapping[str, Sequence[Card]], label: str) -> Diagram:
    """Return a whole-deal diagram with every seat's hand."""
    shown = {s: [str(c) for c in sorted(hands[s], key=sort_key)] for s in SEATS}
    return {"kind": "deal", "game": GAME, "hands": shown, "label": label}


def trick_diagram(leader: str, cards: Sequence[Card], trump: str | None, label: str) -> Diagram:
    """Return a trick diagram (no winner shown: that is what the learner works out)."""
    plays = [[seat_after(leader, i), str(c)] for i, c in enumerate(cards)]
    diagram: Diagram = {"kind": "trick", "game": GAME, "plays": plays, "label": label}
    if trump is not None:
        diagram["trump"] = SUIT_NAMES[trump]
    return diagram


def auction_diagram(dealer: str, history: Sequence[tuple[str, Call]], label: str) -> Diagram:
    """Return an auction diagram of the calls so far."""
    calls = [[seat, str(call)] for seat, call in history]
    return {"kind": "auction", "game": GAME, "dealer": dealer, "calls": calls, "label": label}


def fresh_seed(rng: random.Random) -> int:
    """Return a seed for the engine's deal, drawn from the exercise's own generator."""
    return rng.randrange(2**31)


def kinds_param(params: Mapping[str, Any], default: Sequence[str] = KINDS) -> list[str]:
    """Return the contract kinds a generator may pick from; raise ExerciseError for a bad one."""
    raw = params.get("kinds", list(default))
    kinds = [raw] if isinstance(raw, str) else list(raw)
    if not kinds:
        raise ExerciseError("kinds: expected at least one contract kind")
    for kind in kinds:
        if kind not in KINDS:
            raise ExerciseError(f"unknown contract kind {kind!r}; expected one of {KINDS}")
    return kinds


def trump_param(params: Mapping[str, Any], rng: random.Random) -> str | None:
    """Return the trump suit asked for by ``params['trump']`` (random, none, or a suit)."""
    raw = str(params.get("trump", "random"))
    if raw == "random":
        return rng.choice([*SUIT_LETTERS, None])
    if raw == "none":
        return None
    if raw in SUIT_LETTERS and len(raw) == 1:
        return raw
    raise ExerciseError(f"trump {raw!r}: expected 'random', 'none' or one of S, H, D, C")


def no_troel_deal(rng: random.Random, dealer: str) -> dict[str, list[Card]]:
    """Return a dealt hand set in which nobody holds three aces (so no troel is announced)."""
    while True:
        hands = deal(fresh_seed(rng), dealer)
        if find_troel(hands) is None:
            return hands


def troel_deal(rng: random.Random, dealer: str, aces: int) -> dict[str, list[Card]]:
    """Return a deal rigged so that one random seat holds exactly ``aces`` (3 or 4) aces.

    The engine's seeded deal is taken and aces are swapped into one hand for non-aces, so
    the rest of the deal stays as shuffled.
    """
    hands = {s: list(c) for s, c in deal(fresh_seed(rng), dealer).items()}
    holder = rng.choice(SEATS)
    wanted = set(rng.sample([Card(s, "A") for s in SUIT_LETTERS], aces))
    for ace in [Card(s, "A") for s in SUIT_LETTERS]:
        owner = next(s for s in SEATS if ace in hands[s])
        if ace in wanted and owner != holder:
            swap = rng.choice([c for c in hands[holder] if c.rank != "A"])
            _exchange(hands, holder, swap, owner, ace)
        elif ace not in wanted and owner == holder:
            other = rng.choice([s for s in SEATS if s != holder])
            swap = rng.choice([c for c in hands[other] if c.rank != "A"])
            _exchange(hands, holder, ace, other, swap)
    return {s: sorted(c, key=sort_key) for s, c in hands.items()}


def _exchange(hands: dict[str, list[Card]], a: str, card_a: Card, b: str, card_b: Card) -> None:
    """Give ``card_a`` from seat ``a`` to seat ``b`` and ``card_b`` from ``b`` to ``a``."""
    hands[a].remove(card_a)
    hands[b].remove(card_b)
    hands[a].append(card_b)
    hands[b].append(card_a)


def pick_distinct(rng: random.Random, right: str, wrong: Sequence[str], count: int) -> list[str]:
    """Return ``right`` and up to ``count - 1`` distinct wrong keys, shuffled."""
    pool = [w for w in dict.fromkeys(wrong) if w != right]
    keys = [right, *rng.sample(pool, min(count - 1, len(pool)))]
    rng.shuffle(keys)
    return keys


# ---------------------------------------------------------------------------- trick play


def practice_contract(rng: random.Random, dealer: str, trump: str | None) -> Contract:
    """Return a contract to play practice tricks in: a pair with ``trump``, or no trumps."""
    leader = seat_after(dealer)
    if trump is None:
        return Contract(ContractKind.MISERIE, (rng.choice(SEATS),), None, 0, leader)
    pair = tuple(rng.sample(SEATS, 2))
    return Contract(ContractKind.ASK_JOIN, pair, trump, 8, leader)


def random_playout(rng: random.Random, play: Play, cards: int) -> None:
    """Play ``cards`` random legal cards (the engine says which are legal)."""
    for _ in range(cards):
        if play.finished:
            return
        play.play(rng.choice(play.legal_cards()))


def trick_reason(cards: Sequence[Card], leader: str, winner: int, trump: str | None) -> str:
    """Explain in words why card number ``winner`` takes the trick."""
    led = cards[0].suit
    win = cards[winner]
    who = seat_after(leader, winner)
    trumps = [c for c in cards if trump is not None and c.suit == trump]
    if trump is not None and win.suit == trump and led != trump:
        many = "the highest of the trumps played" if len(trumps) > 1 else "the only trump"
        return (
            f"{who}'s {win.name} wins: {suit_name(trump)} are trumps and it is {many}, "
            f"and any trump beats every card of the suit led ({suit_name(led)})."
        )
    off = [c for c in cards if c.suit != led]
    discards = (
        f" Cards of another suit ({', '.join(str(c) for c in off)}) cannot win unless "
        "they are trumps."
        if off
        else ""
    )
    no_trump = " No trump was played." if trump is not None else " There are no trumps."
    return (
        f"{who}'s {win.name} wins: it is the highest card of the suit led "
        f"({suit_name(led)}).{no_trump}{discards}"
    )


@exercise("wiezen.trick_winner")
def trick_winner_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask which card wins a trick from a randomly played deal."""
    rng = random.Random(seed)
    trump = trump_param(params, rng)
    dealer = rng.choice(SEATS)
    play = Play(deal(fresh_seed(rng), dealer), practice_contract(rng, dealer, trump))
    random_playout(rng, play, 52)
    # Prefer a trick where the winner is not simply the leader's card: it teaches more.
    telling = [t for t in play.tricks if any(c.suit != t.cards[0].suit for c in t.cards)]
    trick = rng.choice(telling if telling and rng.random() < 0.7 else play.tricks)
    winner = SEATS.index(trick.winner) - SEATS.index(trick.leader)
    winner %= 4
    choices = tuple(
        Choice(str(c), f"{seat_after(trick.leader, i)}: {card_label(c)}")
        for i, c in enumerate(trick.cards)
    )
    trumps = f"{suit_name(trump)} are trumps" if trump else "there are no trumps"
    return Exercise(
        name="wiezen.trick_winner",
        seed=seed,
        prompt=f"{trick.leader} leads and {trumps}. Which card wins this trick?",
        choices=choices,
        answers=frozenset({str(trick.cards[winner])}),
        explanation=trick_reason(trick.cards, trick.leader, winner, trump),
        diagrams=(trick_diagram(trick.leader, trick.cards, trump, "The trick"),),
        params=dict(params),
    )


@exercise("wiezen.legal_cards")
def legal_cards_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask which cards the player to move may play to the trick in progress."""
    rng = random.Random(seed)
    trump = trump_param(params, rng)
    dealer = rng.choice(SEATS)
    play = Play(deal(fresh_seed(rng), dealer), practice_contract(rng, dealer, trump))
    # Stop after 1-3 cards of a trick so the player has a suit to follow (or cannot).
    random_playout(rng, play, 4 * rng.randrange(0, 10) + rng.randint(1, 3))
    seat = play.to_move
    assert seat is not None  # at most 39 + 3 cards are played, so the deal is not over
    hand = sorted(play.hands[seat], key=sort_key)
    legal = play.legal_cards()
    led = play.current[0].suit
    holding = [c for c in hand if c.suit == led]
    if holding:
        why = (
            f"{suit_name(led).capitalize()} were led and {seat} holds "
            f"{', '.join(str(c) for c in holding)}: a player who can follow suit must, "
            "so only those cards may be played."
        )
    else:
        why = (
            f"{suit_name(led).capitalize()} were led and {seat} has none left, so any "
            "card may be played: a trump or a discard. There is no duty to trump."
        )
    trumps = f"{suit_name(trump)} are trumps" if trump else "there are no trumps"
    return Exercise(
        name="wiezen.legal_cards",
        seed=seed,
        prompt=f"{trumps.capitalize()}. It is {seat}'s turn. Which cards may {seat} play?",
        choices=tuple(Choice(str(c), card_label(c)) for c in hand),
        answers=frozenset(str(c) for c in legal),
        explanation=why,
        diagrams=(
            trick_diagram(play.leader, play.current, trump, "The trick so far"),
            hand_diagram(hand, f"{seat}'s hand"),
        ),
        multiple=True,
        params=dict(params),
    )


# ---------------------------------------------------------------------------- the auction


def pick_random_call(rng: random.Random, legal: Sequence[Call]) -> Call:
    """Return a plausible random call among ``legal``: joining and asking more than bidding."""
    kinds = {c.kind for c in legal}
    if CallKind.JOIN_TROEL in kinds and rng.random() < 0.8:
        return JOIN_TROEL
    if CallKind.ALONE in kinds and rng.random() < 0.5:
        return ALONE
    if CallKind.JOIN in kinds and rng.random() < 0.5:
        return JOIN
    asks = [c for c in legal if c.kind is CallKind.ASK]
    if asks and rng.random() < 0.4:
        return rng.choice(asks)
    bids = [c for c in legal if c.kind not in (CallKind.PASS, CallKind.ASK, CallKind.ALONE)]
    if bids and rng.random() < 0.25:
        return rng.choice(bids)
    return PASS if PASS in legal else rng.choice(list(legal))


def random_auction(rng: random.Random, steps: int) -> Auction:
    """Deal and run ``steps`` random legal calls (fewer if the auction ends first)."""
    dealer = rng.choice(SEATS)
    hands = deal(fresh_seed(rng), dealer)
    auction = Auction(dealer, hands)
    for _ in range(steps):
        if auction.finished:
            break
        auction.apply(pick_random_call(rng, auction.legal_calls()))
    return auction


def replay(auction: Auction) -> Auction:
    """Return a fresh copy of ``auction`` rebuilt from its calls (the announcement is automatic)."""
    copy = Auction(auction.dealer, auction.hands, auction.settings)
    start = 1 if auction.troel is not None else 0
    for seat, call in auction.history[start:]:
        copy.apply(call, seat)
    return copy


def why_not(auction: Auction, call: Call) -> str:
    """Return the engine's reason why ``call`` is illegal now (or '' when it is legal)."""
    try:
        replay(auction).apply(call)
    except IllegalCall as exc:
        return str(exc)
    return ""


def summarize_calls(calls: Sequence[Call]) -> str:
    """Return a short list of calls, folding the many abondance levels into a range."""
    parts: list[str] = []
    abondances = [c for c in calls if c.kind is CallKind.ABONDANCE]
    for call in calls:
        if call.kind is CallKind.ABONDANCE:
            if call is abondances[0]:
                parts.append(f"abondance (from {call})")
            continue
        parts.append(str(call))
    return ", ".join(parts)


def call_position(seed: int) -> tuple[random.Random, Auction]:
    """Return the unfinished auction a legal-call question is about, and the rng to go on with."""
    rng = random.Random(seed)
    while True:
        auction = random_auction(rng, rng.randint(0, 5))
        if not auction.finished:
            return rng, auction


def speaker_position(seed: int) -> tuple[random.Random, Auction]:
    """Return the auction a next-speaker question is about, and the rng to go on with."""
    rng = random.Random(seed)
    return rng, random_auction(rng, rng.randint(2, 8))


@exercise("wiezen.legal_call")
def legal_call_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask which of four calls the player to speak may make now."""
    rng, auction = call_position(seed)
    dealer, seat = auction.dealer, auction.turn
    assert seat is not None
    legal = auction.legal_calls()
    non_pass = [c for c in legal if c.kind is not CallKind.PASS]
    right = rng.choice(non_pass if non_pass and rng.random() < 0.75 else legal)
    # One illegal call per kind, so twelve abondance levels do not crowd out the rest.
    by_kind: dict[CallKind, list[Call]] = {}
    for call in ALL_CALLS:
        if call not in legal and call.kind is not CallKind.PICCOLO:
            by_kind.setdefault(call.kind, []).append(call)
    kinds = rng.sample(sorted(by_kind), min(3, len(by_kind)))
    wrong = [rng.choice(by_kind[k]) for k in kinds]
    options = [right, *wrong]
    rng.shuffle(options)
    reasons = " ".join(f"Not {c}: {why_not(auction, c).split(': ', 1)[-1]}." for c in wrong)
    explanation = (
        f"{seat} may say {right}. Everything {seat} may say now: {summarize_calls(legal)}. "
        f"{reasons}"
    )
    return Exercise(
        name="wiezen.legal_call",
        seed=seed,
        prompt=f"{dealer} dealt. It is {seat}'s turn to call. Which of these calls is allowed?",
        choices=tuple(Choice(str(c), str(c)) for c in options),
        answers=frozenset({str(right)}),
        explanation=explanation,
        diagrams=(auction_diagram(dealer, auction.history, "The auction so far"),),
        params=dict(params),
    )


def speaker_reason(auction: Auction) -> str:
    """Explain who speaks next from the auction's state (passed seats, holders of the bid)."""
    parts = []
    if auction.passed:
        parts.append(
            f"{', '.join(sorted(auction.passed, key=SEATS.index))} passed and may not speak "
            "again (once passed, always passed)."
        )
    if auction.top is not None:
        pair = len(auction.holders) > 1
        parts.append(
            f"{' and '.join(auction.holders)} {'hold' if pair else 'holds'} the top bid "
            f"({auction.top}) and {'are' if pair else 'is'} skipped until someone outbids "
            f"{'them' if pair else 'it'}."
        )
    if auction.turn is None:
        end = "nobody is left who must speak, so the auction is over"
        if auction.top is None:
            end += " and the deal is thrown in"
        parts.append(end[0].upper() + end[1:] + ".")
    else:
        parts.append(f"The next seat clockwise that still has to speak is {auction.turn}.")
    return " ".join(parts)


@exercise("wiezen.next_speaker")
def next_speaker_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask who speaks next in an auction, or whether it is over."""
    _, auction = speaker_position(seed)
    dealer = auction.dealer
    right = auction.turn or OVER
    choices = [Choice(s, seat_label(s)) for s in SEATS]
    choices.append(Choice(OVER, "Nobody: the auction is over"))
    return Exercise(
        name="wiezen.next_speaker",
        seed=seed,
        prompt=f"{dealer} dealt and the auction has gone as shown. Who speaks next?",
        choices=tuple(choices),
        answers=frozenset({right}),
        explanation=speaker_reason(auction),
        diagrams=(auction_diagram(dealer, auction.history, "The auction so far"),),
        params=dict(params),
    )


LADDER = (
    "the ordinary ask/join contract",
    "abondance",
    "miserie",
    "troel",
    "open miserie",
    "solo",
)


def bid_pool(pool: str) -> list[Call]:
    """Return the bids a bid-order question draws from."""
    asks = [ask(s) for s in SUIT_LETTERS]
    abondances = [abondance(level, s) for level in range(9, 13) for s in SUIT_LETTERS]
    solos = [solo(s) for s in SUIT_LETTERS]
    special = [*abondances, MISERIE, troel(), OPEN_MISERIE, *solos]
    if pool == "all":
        return asks + special
    if pool == "special":
        return special
    if pool == "abondance":
        return abondances
    raise ExerciseError(f"pool {pool!r}: expected 'all', 'special' or 'abondance'")


@exercise("wiezen.bid_order")
def bid_order_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask which of four bids ranks highest on the bid ladder."""
    rng = random.Random(seed)
    pool = bid_pool(str(params.get("pool", "all")))
    while True:
        bids = rng.sample(pool, 4)
        ranks = {b.rank() for b in bids}
        # Two asks never compete (a later player joins or bids higher), so keep one.
        if len(ranks) == 4 and sum(b.kind is CallKind.ASK for b in bids) <= 1:
            break
    best = max(bids, key=Call.rank)
    kinds = {b.kind for b in bids}
    if len(kinds) == 1:
        why = (
            f"{best} is highest: between abondances the higher number of tricks wins, and at "
            "the same number the suit decides, hearts > diamonds > clubs > spades."
        )
    else:
        same = [b for b in bids if b.kind is best.kind and b is not best]
        tie = " Between two bids of the same kind the suit decides (H > D > C > S)." if same else ""
        why = (
            f"{best} is highest. The ladder from low to high: {', '.join(LADDER)}; "
            f"abondance goes by level and then suit.{tie}"
        )
    return Exercise(
        name="wiezen.bid_order",
        seed=seed,
        prompt="Which of these bids ranks highest?",
        choices=tuple(Choice(str(b), str(b)) for b in bids),
        answers=frozenset({str(best)}),
        explanation=why,
        params=dict(params),
    )


# ---------------------------------------------------------------------------- troel


@exercise("wiezen.troel")
def troel_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask who partners a troel player and which suit is trumps."""
    rng = random.Random(seed)
    dealer = rng.choice(SEATS)
    aces = int(params.get("aces", rng.choice([3, 3, 4])))
    if aces not in (3, 4):
        raise ExerciseError(f"aces={aces}: a troel needs 3 or 4 aces")
    hands = troel_deal(rng, dealer, aces)
    found = find_troel(hands)
    assert found is not None
    right = f"{found.partner}:{found.card.suit}"
    others = [s for s in SEATS if s != found.seat]
    wrong = [f"{s}:{found.card.suit}" for s in others if s != found.partner]
    wrong += [f"{found.partner}:{s}" for s in SUIT_LETTERS if s != found.card.suit]
    keys = pick_distinct(rng, right, wrong, 4)
    choices = tuple(
        Choice(k, f"{seat_label(k[0])} is partner, {suit_name(k[2])} are trumps") for k in keys
    )
    held = ", ".join(str(c) for c in hands[found.seat] if c.rank == "A")
    if found.aces == 3:
        why = (
            f"{found.seat} holds three aces ({held}), so troel is announced at once. The fourth "
            f"ace, {found.card}, is with {found.partner}: that player is the partner, "
            f"{suit_name(found.card.suit)} become trumps, and {found.partner} leads "
            f"{found.card} to the first trick."
        )
    else:
        why = (
            f"{found.seat} holds all four aces. The partner is then whoever holds the highest "
            f"heart {found.seat} lacks: {found.card}, held by {found.partner}. Trumps are "
            f"always hearts in this case, and {found.partner} leads {found.card} first."
        )
    return Exercise(
        name="wiezen.troel",
        seed=seed,
        prompt=f"{dealer} dealt. Someone has troel. Who is the troel partner, and what is trumps?",
        choices=choices,
        answers=frozenset({right}),
        explanation=why,
        diagrams=(deal_diagram(hands, "The deal"),),
        params=dict(params),
    )


# ---------------------------------------------------------------------------- contracts


def the_bid(rng: random.Random, kind: str) -> Call:
    """Return the call that starts a contract of ``kind`` (troel is announced, not bid)."""
    suit = rng.choice(SUIT_LETTERS)
    if kind in ("ask_join", "alone"):
        return ask(suit)
    if kind == "abondance":
        return abondance(rng.randint(9, 12), suit)
    if kind == "solo":
        return solo(suit)
    return MISERIE if kind == "miserie" else OPEN_MISERIE


def auction_to(rng: random.Random, kind: str, settings: WiezenSettings) -> Auction:
    """Deal and run an auction that ends in a contract of ``kind``; return the finished auction.

    The declarer speaks in one of the first three places so that a partner (or a fellow
    miserie player) can still come after him; everyone else passes.
    """
    dealer = rng.choice(SEATS)
    if kind == "troel":
        hands = troel_deal(rng, dealer, rng.choice([3, 3, 4]))
    else:
        hands = no_troel_deal(rng, dealer)
    order = seats_from(seat_after(dealer))
    place = rng.randrange(3)
    # The troel player's announcement is his bid; nobody else bids anything.
    declarer = None if kind == "troel" else order[place]
    later = order[place + 1 :]
    partner = rng.choice(later) if kind == "ask_join" else None
    fellows = {s for s in later if rng.random() < 0.3} if "miserie" in kind else set()
    bid = the_bid(rng, kind)
    auction = Auction(dealer, hands, settings)
    while auction.turn is not None:
        seat, legal = auction.turn, auction.legal_calls()
        if JOIN_TROEL in legal:
            call = JOIN_TROEL
        elif seat == declarer:
            call = ALONE if ALONE in legal else bid
        elif (seat == partner and JOIN in legal) or (seat in fellows and bid in legal):
            call = JOIN if seat == partner else bid
        else:
            call = PASS
        auction.apply(call)
    return auction


def settings_param(params: Mapping[str, Any]) -> WiezenSettings:
    """Return the settings asked for by ``params`` (abondance_declarer_leads, cap)."""
    settings = WiezenSettings()
    if "abondance_declarer_leads" in params:
        settings = replace(
            settings, abondance_declarer_leads=bool(params["abondance_declarer_leads"])
        )
    if "cap" in params:
        cap = params["cap"]
        if cap is not None and (not isinstance(cap, int) or cap < 1):
            raise ExerciseError(f"cap={cap!r}: expected a whole number >= 1, or null")
        settings = replace(settings, multiplier_cap=cap)
    return settings


def lead_reason(contract: Contract, dealer: str, settings: WiezenSettings) -> str:
    """Explain who leads to the first trick in ``contract``."""
    leader = contract.first_leader
    left = seat_after(dealer)
    kind = contract.kind
    if kind is ContractKind.TROEL:
        return (
            f"In troel the partner leads: {leader} opens the first trick with the called card "
            f"{contract.lead_card}, not the player left of the dealer."
        )
    if kind in (ContractKind.SOLO, ContractKind.ABONDANCE) and leader != left:
        return (
            f"In {kind.value} the declarer leads the first trick himself, so {leader} leads "
            f"rather than {left}, the player left of the dealer."
        )
    if kind is ContractKind.ABONDANCE and not settings.abondance_declarer_leads:
        return (
            f"At this table the house rule abondance_declarer_leads is off, so the player left "
            f"of the dealer ({left}) leads, as in an ordinary contract."
        )
    if kind in (ContractKind.SOLO, ContractKind.ABONDANCE):
        return (
            f"In {kind.value} the declarer leads the first trick himself; here the declarer "
            f"{leader} also happens to sit left of the dealer."
        )
    return (
        f"In this contract ({contract.describe()}) the first lead is the normal one: "
        f"the player left of the dealer {dealer}, that is {left}."
    )


@exercise("wiezen.first_lead")
def first_lead_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask who leads to the first trick once the auction has settled the contract."""
    rng = random.Random(seed)
    settings = settings_param(params)
    kind = rng.choice(kinds_param(params))
    auction = auction_to(rng, kind, settings)
    contract = auction.contract
    assert contract is not None
    house = (
        ""
        if settings.abondance_declarer_leads
        else " House rule: the abondance player does not lead."
    )
    return Exercise(
        name="wiezen.first_lead",
        seed=seed,
        prompt=(
            f"{auction.dealer} dealt and the auction ended as shown ({contract.describe()})."
            f"{house} Who leads to the first trick?"
        ),
        choices=tuple(Choice(s, seat_label(s)) for s in SEATS),
        answers=frozenset({contract.first_leader}),
        explanation=lead_reason(contract, auction.dealer, settings),
        diagrams=(auction_diagram(auction.dealer, auction.history, "The auction"),),
        params=dict(params),
    )


GOALS = {
    "exactly:0": "Take no trick at all (each miserie player on his own)",
    "exactly:1": "Take exactly one trick",
    "atleast:5": "Take at least 5 tricks alone",
    "atleast:8": "Take at least 8 tricks together",
    "atleast:9": "Take at least 9 tricks alone",
    "atleast:10": "Take at least 10 tricks alone",
    "atleast:11": "Take at least 11 tricks alone",
    "atleast:12": "Take at least 12 tricks alone",
    "atleast:13": "Take all 13 tricks alone",
}


def goal_key(contract: Contract) -> str:
    """Return the GOALS key describing what ``contract`` requires of its declarers."""
    exact = "exactly" if contract.is_individual else "atleast"
    return f"{exact}:{contract.target}"


@exercise("wiezen.contract_goal")
def contract_goal_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask what the declaring side must achieve in the contract the auction ended in."""
    rng = random.Random(seed)
    kind = rng.choice(kinds_param(params))
    auction = auction_to(rng, kind, WiezenSettings())
    contract = auction.contract
    assert contract is not None
    right = goal_key(contract)
    # Near goals make better distractors than far ones.
    near = sorted(GOALS, key=lambda k: (abs(int(k.split(":")[1]) - contract.target), k))
    keys = pick_distinct(rng, right, near[1:6], 4)
    who = " and ".join(contract.declarers)
    return Exercise(
        name="wiezen.contract_goal",
        seed=seed,
        prompt=f"The auction ended as shown. What must {who} do to make the contract?",
        choices=tuple(Choice(k, GOALS[k]) for k in keys),
        answers=frozenset({right}),
        explanation=f"The contract is {contract.describe()}: {GOALS[right].lower()}.",
        diagrams=(auction_diagram(auction.dealer, auction.history, "The auction"),),
        params=dict(params),
    )


# ---------------------------------------------------------------------------- scoring


def scored_contract(rng: random.Random, kind: str) -> tuple[Contract, dict[str, int]]:
    """Return a contract of ``kind`` with random seats and a trick count for every seat."""
    seats = list(SEATS)
    rng.shuffle(seats)
    trump = rng.choice(SUIT_LETTERS)
    leader = rng.choice(SEATS)
    ckind = ContractKind(kind)
    if kind in ("miserie", "open_miserie"):
        declarers = tuple(seats[: rng.choice([1, 1, 2])])
        taken = {s: (0 if rng.random() < 0.55 else rng.randint(1, 3)) for s in declarers}
        contract = Contract(ckind, declarers, None, 0, leader)
        rest = spread(rng, contract.defenders, 13 - sum(taken.values()))
        return contract, {s: (taken | rest)[s] for s in SEATS}
    pair = kind in ("ask_join", "troel")
    declarers = tuple(seats[:2]) if pair else (seats[0],)
    target = {"ask_join": 8, "troel": 8, "alone": 5, "solo": 13}.get(kind, rng.randint(9, 12))
    lead_card = Card(trump, "A") if kind == "troel" else None
    contract = Contract(ckind, declarers, trump, target, leader, lead_card)
    if rng.random() < 0.55:
        side = 13 if rng.random() < 0.25 else rng.randint(target, min(13, target + 2))
    else:
        side = rng.randint(max(0, target - 3), target - 1)
    counts = spread(rng, declarers, side) | spread(rng, contract.defenders, 13 - side)
    return contract, {s: counts[s] for s in SEATS}


def spread(rng: random.Random, seats: Sequence[str], total: int) -> dict[str, int]:
    """Return ``total`` tricks shared at random among ``seats``."""
    counts = dict.fromkeys(seats, 0)
    for _ in range(total):
        counts[rng.choice(seats)] += 1
    return counts


def base_rule(contract: Contract, settings: WiezenSettings) -> str:
    """Return the points-table rule for ``contract`` in words, with this table's values."""
    t = settings.points
    kind = contract.kind
    if contract.is_pair:
        return (
            f"A pair contract pays {t.ask_join} to each partner (each opponent pays the same), "
            f"plus {t.ask_join_overtrick} per trick over 8; failing costs each partner "
            f"{t.ask_join} plus {t.ask_join_undertrick} per missing trick."
        )
    if kind is ContractKind.ALONE:
        return (
            f"Alone pays the declarer {t.alone} plus {t.alone_overtrick} per trick over 5, each "
            "opponent paying a third; failing costs the same, counted per missing trick."
        )
    value = {
        ContractKind.ABONDANCE: t.abondance,
        ContractKind.SOLO: t.solo,
        ContractKind.MISERIE: t.miserie,
        ContractKind.OPEN_MISERIE: t.open_miserie,
        ContractKind.PICCOLO: t.piccolo,
    }[kind]
    each = (
        " Each miserie player is settled on his own with all three others."
        if (len(contract.declarers) > 1)
        else ""
    )
    return (
        f"{kind.value.replace('_', ' ').capitalize()} is worth {value} to the declarer, won or "
        f"lost, and each opponent pays or receives a third ({value // 3}).{each}"
    )


def no_doublers(settings: WiezenSettings) -> WiezenSettings:
    """Return ``settings`` with every score doubler switched off."""
    return replace(
        settings, double_troel=False, double_all_tricks=False, double_after_all_pass=False
    )


def contract_text(contract: Contract) -> str:
    """Return ``contract`` as a player names it, trump suit and tricks needed included."""
    return contract.describe()


def describe_tricks(tricks: Mapping[str, int]) -> str:
    """Return the trick counts as 'N 3, E 4, S 2, W 4'."""
    return ", ".join(f"{s} {tricks[s]}" for s in SEATS)


class ScorePosition(NamedTuple):
    """A finished deal to score: the table's settings, contract, tricks and doubler state."""

    settings: WiezenSettings
    contract: Contract
    tricks: dict[str, int]
    after_all_pass: bool


def score_position(seed: int, params: Mapping[str, Any]) -> tuple[random.Random, ScorePosition]:
    """Return the deal a score question is about, and the rng to go on with."""
    rng = random.Random(seed)
    settings = settings_param(params)
    contract, tricks = scored_contract(rng, rng.choice(kinds_param(params)))
    after = params.get("after_all_pass")
    after_all_pass = rng.random() < 0.25 if after is None else bool(after)
    return rng, ScorePosition(settings, contract, tricks, after_all_pass)


def multiplier_position(seed: int, params: Mapping[str, Any]) -> ScorePosition:
    """Return the deal a multiplier question is about (13 tricks and all-pass deals are common)."""
    rng = random.Random(seed)
    settings = settings_param(params)
    kind = rng.choice(kinds_param(params, ("ask_join", "alone", "troel", "abondance", "solo")))
    contract, tricks = scored_contract(rng, kind)
    if contract.trump is not None and rng.random() < 0.4:
        # All 13 tricks to the declaring side: the doubler this exercise is mostly about.
        tricks = dict.fromkeys(SEATS, 0)
        tricks[contract.declarers[0]] = 13
    return ScorePosition(settings, contract, tricks, rng.random() < 0.4)


@exercise("wiezen.score")
def score_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask how many points one seat scores for a finished deal."""
    rng, position = score_position(seed, params)
    settings, contract, tricks, after_all_pass = position
    result = score_deal(contract, tricks, settings, after_all_pass)
    seat = rng.choice(contract.declarers if rng.random() < 0.6 else contract.defenders)
    right = result.points[seat]
    base = score_deal(contract, tricks, no_doublers(settings), after_all_pass).points
    uncapped = score_deal(
        contract, tricks, replace(settings, multiplier_cap=None), after_all_pass
    ).points
    wrong = [base[seat], uncapped[seat], -right, right * 2]
    wrong += [result.points[s] for s in SEATS if s != seat]
    step = max(1, abs(right) // max(1, result.multiplier * 3))
    wrong += [right + k * step for k in (-2, -1, 1, 2)]
    keys = pick_distinct(rng, str(right), [str(w) for w in wrong], 4)
    doubled = (
        f" Doublers: {', '.join(result.doublers)}; each adds one to the multiplier, so the "
        f"base score is multiplied by {result.multiplier}."
        if result.doublers
        else " No doubler applies."
    )
    if len(result.doublers) > 1:
        doubled += " Two doublers make x3, not x4."
    before = " The previous deal was passed out by everyone." if after_all_pass else ""
    return Exercise(
        name="wiezen.score",
        seed=seed,
        prompt=(
            f"Contract: {contract_text(contract)}. Tricks taken: {describe_tricks(tricks)}."
            f"{before} How many points does {seat} score for this deal?"
        ),
        choices=tuple(Choice(k, f"{int(k):+d}") for k in keys),
        answers=frozenset({str(right)}),
        explanation=(
            f"{seat} scores {right:+d}. {base_rule(contract, settings)} Before doublers "
            f"{seat} has {base[seat]:+d}.{doubled} Whole deal: {result.summary}."
        ),
        params=dict(params),
    )


@exercise("wiezen.multiplier")
def multiplier_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask by how much the score doublers multiply a deal's score."""
    settings, contract, tricks, after_all_pass = multiplier_position(seed, params)
    result = score_deal(contract, tricks, settings, after_all_pass)
    found = ", ".join(result.doublers) if result.doublers else "none"
    cap = settings.multiplier_cap
    capped = f"capped at x{cap} (house rule)" if cap is not None else "with no cap"
    before = " The previous deal was passed out by everyone." if after_all_pass else ""
    side = sum(tricks[s] for s in contract.declarers)
    return Exercise(
        name="wiezen.multiplier",
        seed=seed,
        prompt=(
            f"Contract: {contract_text(contract)}; the declaring side took {side} tricks.{before} "
            "By how much is the score multiplied?"
        ),
        choices=tuple(Choice(f"x{n}", f"x{n}") for n in range(1, 5)),
        answers=frozenset({f"x{result.multiplier}"}),
        explanation=(
            f"Doublers that apply: {found}. Each doubler adds one to the multiplier "
            f"(one makes x2, two make x3, not x4), {capped}: x{result.multiplier}. Only troel, "
            "all 13 tricks in a trump contract (ask/join, alone, troel) and a deal after an "
            "all-pass deal double; abondance and solo making 13 tricks do not."
        ),
        params=dict(params),
    )
