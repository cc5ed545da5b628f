"""Skat checkpoint exercises: each question is built from a seeded deal and answered by the engine.

Every generator takes ``(seed, params)`` and returns an ``Exercise``. The right answer always
comes from ``games.skat`` (trick winner, legal cards, auction, matadors, game value, score);
this module only sets up the position, picks plausible wrong choices and words the reason.
Rule citations name the part of ``skat.da.txt`` or ``DECISIONS.md`` a lesson teaches.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.cards import SKAT_DECK, SUIT_NAMES, Card, sort_key
from games.exercises.base import Choice, Diagram, Exercise, ExerciseError, exercise
from games.skat import (
    Auction,
    Contract,
    Play,
    ScoreSheet,
    SkatSettings,
    bid_values,
    card_points,
    deal,
    matadors,
    score_game,
    trick_winner,
)
from games.skat.contract import SUIT_GAMES
from games.skat.rules import SEAT_NAMES, TRUMP, effective_suit
from games.skat.scoring import GameScore
from games.skat.values import (
    BASE_VALUES,
    NULL_VALUES,
    base_value,
    describe_matadors,
    multiplier,
    trump_sequence,
)

TRUMP_GAMES = (*SUIT_GAMES, "grand")
ALL_GAMES = (*TRUMP_GAMES, "null")
GAME_WORDS = ("any", "suit", *ALL_GAMES)
SEED_RANGE = 2**31
TRICK_RULES = "skat.da.txt, the trick-play rules"
MAX_TRIES = 500


# ----------------------------------------------------------------------------- shared helpers


def _check_params(name: str, params: Mapping[str, Any], known: Iterable[str]) -> None:
    """Refuse parameters a generator does not know, naming them."""
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise ExerciseError(f"{name}: unknown parameter(s) {', '.join(unknown)}")


def _pick_game(
    name: str, params: Mapping[str, Any], rng: random.Random, allowed: Sequence[str]
) -> str:
    """Return the game asked for by ``params['game']``: a game name, 'suit' or 'any'."""
    wanted = params.get("game", "any")
    if wanted is None:
        raise ExerciseError(f'{name}: game is empty; in YAML write game: "null" with quotes')
    if wanted == "any":
        return rng.choice(list(allowed))
    if wanted == "suit":
        return rng.choice(list(SUIT_GAMES))
    if wanted not in allowed:
        raise ExerciseError(
            f"{name}: game={wanted!r} is not offered here; use any, suit or {', '.join(allowed)}"
        )
    return str(wanted)


def _int_param(
    name: str, params: Mapping[str, Any], key: str, default: int, low: int, high: int
) -> int:
    value = params.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ExerciseError(f"{name}: {key}={value!r} must be a whole number from {low} to {high}")
    return value


def _card_label(card: Card) -> str:
    return f"{card.name} ({card})"


def _cards_text(cards: Iterable[Card]) -> str:
    return ", ".join(c.name for c in cards) or "none"


def _sorted(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=sort_key)


def _hand_diagram(cards: Iterable[Card], label: str) -> Diagram:
    return {"kind": "hand", "game": "skat", "cards": [str(c) for c in cards], "label": label}


def _number_choices(rng: random.Random, answer: int, wrong: Iterable[int]) -> tuple[Choice, ...]:
    """Return the answer and three distinct wrong numbers, in rising order."""
    pool = sorted({w for w in wrong if w != answer and w >= 0})
    rng.shuffle(pool)
    picked = pool[:3]
    step = 1
    while len(picked) < 3:
        for guess in (answer + step, answer - step):
            if guess >= 0 and guess != answer and guess not in picked and len(picked) < 3:
                picked.append(guess)
        step += 1
    return tuple(Choice(str(v), str(v)) for v in sorted([answer, *picked]))


def _game_phrase(game: str) -> str:
    """Describe which cards are trumps in ``game``."""
    if game == "null":
        return "Null has no trumps; every card stays in its suit, ranked A K Q J 10 9 8 7"
    if game == "grand":
        return "In grand only the four jacks are trumps (clubs, spades, hearts, diamonds)"
    return (
        f"In a {game} game the trumps are the four jacks (clubs, spades, hearts, diamonds) "
        f"and then the {game} A 10 K Q 9 8 7"
    )


def _suit_word(card: Card, game: str) -> str:
    """Name the suit a card belongs to in ``game`` ('trumps' for jacks and the trump suit)."""
    return "trumps" if effective_suit(card, game) == TRUMP else SUIT_NAMES[card.suit]


def _random_play(rng: random.Random, game: str, cards: int) -> Play:
    """Deal from a seed drawn from ``rng`` and play ``cards`` random legal cards."""
    dealt = deal(rng.randrange(SEED_RANGE))
    play = Play(game, dealt.hands, declarer=rng.randrange(3), skat=dealt.skat)
    for _ in range(cards):
        play.play(rng.choice(play.legal_cards()))
    return play


# ----------------------------------------------------------------------------- card points


@exercise("skat.card_points")
def card_points_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask how many card points some cards hold, or how many the declarer still needs for 61."""
    name = "skat.card_points"
    _check_params(name, params, ("cards", "mode"))
    mode = params.get("mode", "count")
    if mode not in ("count", "to_61"):
        raise ExerciseError(f"{name}: mode={mode!r} must be 'count' or 'to_61'")
    count = _int_param(name, params, "cards", 3 if mode == "count" else 9, 2, 15)
    rng = random.Random(seed)
    cards = _sorted(rng.sample(SKAT_DECK.cards, count))
    for _ in range(MAX_TRIES):
        if mode == "count" or card_points(cards) < 61:
            break
        cards = _sorted(rng.sample(SKAT_DECK.cards, count))
    points = card_points(cards)
    answer = points if mode == "count" else max(0, 61 - points)
    tens = sum(1 for c in cards if c.rank == "T")
    jacks = sum(1 for c in cards if c.rank == "J")
    # Typical slips: a ten counted as nothing or as a king, a jack counted as nothing.
    slips = [points - 10 * tens, points - 6 * tens, points - 2 * jacks, points + 4, points - 4]
    wrong = slips if mode == "count" else [61 - s for s in slips] + [60 - points, 120 - points]
    worth = "; ".join(f"{c.name} {card_points([c])}" for c in cards if card_points([c]))
    explanation = (
        f"Card points: ace 11, ten 10, king 4, queen 3, jack 2, nine/eight/seven 0 "
        f"(skat.da.txt, card point values). Here: {worth or 'no counting cards'}; "
        f"total {points}."
    )
    if mode == "count":
        prompt = "How many card points do these cards hold?"
        label = "The cards"
    else:
        prompt = (
            "These are the declarer's cards so far: the tricks won and the two cards laid away "
            "in the skat. How many more card points does the declarer need to win (61)?"
        )
        label = "Declarer's tricks and skat"
        explanation += f" The declarer needs 61 of the 120, so {answer} more."
    return Exercise(
        name,
        seed,
        prompt,
        _number_choices(rng, answer, wrong),
        frozenset({str(answer)}),
        explanation,
        (_hand_diagram(cards, label),),
        params=dict(params),
    )


# ----------------------------------------------------------------------------- trick winner


def _trick_reason(cards: Sequence[Card], game: str, best: int) -> str:
    """Explain why ``cards[best]`` wins the trick."""
    winner = cards[best]
    trumps = [c for c in cards if effective_suit(c, game) == TRUMP]
    led = _suit_word(cards[0], game)
    if trumps and led != "trumps":
        why = f"a trump beats any card of a plain suit, and the {winner.name} is the highest trump"
    elif trumps:
        why = f"trumps were led and the {winner.name} is the highest trump played"
    else:
        order = "A K Q J 10 9 8 7" if game == "null" else "A 10 K Q 9 8 7"
        why = (
            f"no trump was played, so the highest card in {led} wins (order {order}); a card "
            "of another suit cannot win"
        )
    return f"{_game_phrase(game)}. The {winner.name} wins: {why} ({TRICK_RULES})."


@exercise("skat.trick_winner")
def trick_winner_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Show a trick from a seeded deal played at random and ask which card wins it.

    ``plain: true`` picks a trick without trumps (for the first lesson, before trumps).
    """
    name = "skat.trick_winner"
    _check_params(name, params, ("game", "plain"))
    rng = random.Random(seed)
    plain = bool(params.get("plain", False))
    game = _pick_game(name, params, rng, ALL_GAMES)
    for _ in range(MAX_TRIES):
        play = _random_play(rng, game, 3 * rng.randrange(8))
        for _card in range(3):
            trick = play.play(rng.choice(play.legal_cards()))
        assert trick is not None
        if not plain or all(effective_suit(c, game) != TRUMP for c in trick.cards):
            break
    else:
        raise ExerciseError(f"{name}: no trick without trumps found for seed {seed}")
    best = trick_winner(trick.cards, game)
    seats = [trick.seat_of(i) for i in range(3)]
    diagram: Diagram = {
        "kind": "trick",
        "game": "skat",
        "trump": game,
        "plays": [[str(s), str(c)] for s, c in zip(seats, trick.cards, strict=True)],
        "label": f"Game: {game}; {SEAT_NAMES[seats[0]]} led",
    }
    choices = tuple(
        Choice(str(c), f"{SEAT_NAMES[s]}: {_card_label(c)}")
        for s, c in zip(seats, trick.cards, strict=True)
    )
    return Exercise(
        name,
        seed,
        f"The game is {game}. Which card wins this trick?",
        choices,
        frozenset({str(trick.cards[best])}),
        _trick_reason(trick.cards, game, best),
        (diagram,),
        params=dict(params),
    )


# ----------------------------------------------------------------------------- legal cards


def _follow_reason(hand: Sequence[Card], led: Card, game: str, allowed: Sequence[Card]) -> str:
    """Explain which cards follow the led card's suit in ``game``."""
    suit = _suit_word(led, game)
    text = f"{_game_phrase(game)}. The {led.name} was led, so {suit} are asked for. "
    if len(allowed) < len(hand):
        text += f"You hold {suit}: {_cards_text(allowed)}, so you must play one of them."
    else:
        text += f"You hold no {suit}, so you may play any card."
    jacks_elsewhere = [
        c
        for c in hand
        if c.rank == "J" and game != "null" and c.suit == led.suit and suit != "trumps"
    ]
    if jacks_elsewhere:
        text += f" The {jacks_elsewhere[0].name} is a trump here, not a {suit[:-1]}."
    jack_rule = (
        "in null a jack is an ordinary card of its suit"
        if game == "null"
        else "a jack belongs to the trumps"
    )
    return f"{text} ({TRICK_RULES}: follow suit when you can; {jack_rule})"


@exercise("skat.legal_cards")
def legal_cards_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Show a trick in progress and the hand to move; ask which cards may be played."""
    name = "skat.legal_cards"
    _check_params(name, params, ("game",))
    rng = random.Random(seed)
    game = _pick_game(name, params, rng, ALL_GAMES)
    for attempt in range(MAX_TRIES):
        play = _random_play(rng, game, 3 * rng.randrange(7) + rng.choice((1, 2)))
        mover = play.to_move
        assert mover is not None
        seat: int = mover
        hand = _sorted(play.hands[seat])
        allowed = play.legal_cards()
        # Mostly ask where the rule bites; sometimes where any card will do.
        if len(allowed) < len(hand) or rng.random() < 0.2 or attempt == MAX_TRIES - 1:
            break
    led = play.current[0]
    trick_seats = [(play.leader + i) % 3 for i in range(len(play.current))]
    diagrams: tuple[Diagram, ...] = (
        {
            "kind": "trick",
            "game": "skat",
            "trump": game,
            "plays": [[str(s), str(c)] for s, c in zip(trick_seats, play.current, strict=True)],
            "label": f"Game: {game}; the trick so far",
        },
        _hand_diagram(hand, f"Your hand ({SEAT_NAMES[seat]})"),
    )
    return Exercise(
        name,
        seed,
        f"The game is {game}. You are {SEAT_NAMES[seat]}. Which cards may you play? "
        "Pick every one.",
        tuple(Choice(str(c), _card_label(c)) for c in hand),
        frozenset(str(c) for c in allowed),
        _follow_reason(hand, led, game, _sorted(allowed)),
        diagrams,
        multiple=True,
        params=dict(params),
    )


# ----------------------------------------------------------------------------- trumps


@exercise("skat.trumps")
def trumps_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Show a dealt hand and ask which of its cards are trumps in a suit game or grand."""
    name = "skat.trumps"
    _check_params(name, params, ("game",))
    rng = random.Random(seed)
    game = _pick_game(name, params, rng, TRUMP_GAMES)
    for _ in range(MAX_TRIES):
        hand = _sorted(deal(rng.randrange(SEED_RANGE)).hands[rng.randrange(3)])
        trumps = [c for c in hand if effective_suit(c, game) == TRUMP]
        if trumps:  # a grand hand without jacks would have no right answer
            break
    order = " > ".join(str(c) for c in trump_sequence(game))
    return Exercise(
        name,
        seed,
        f"The game is {game}. Which cards of this hand are trumps? Pick every one.",
        tuple(Choice(str(c), _card_label(c)) for c in hand),
        frozenset(str(c) for c in trumps),
        f"{_game_phrase(game)}; the whole trump order is {order} (skat.da.txt, the trump "
        f"system). In this hand: {_cards_text(trumps)}. Every other card belongs to its own suit.",
        (_hand_diagram(hand, "The hand"),),
        multiple=True,
        params=dict(params),
    )


# ----------------------------------------------------------------------------- matadors


@exercise("skat.matadors")
def matadors_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Show the declarer's hand and the skat; ask 'with' or 'without' how many."""
    name = "skat.matadors"
    _check_params(name, params, ("game",))
    rng = random.Random(seed)
    game = _pick_game(name, params, rng, TRUMP_GAMES)
    dealt = deal(rng.randrange(SEED_RANGE))
    seat = rng.randrange(3)
    hand, skat = _sorted(dealt.hands[seat]), _sorted(dealt.skat)
    count = matadors([*hand, *skat], game)
    most = len(trump_sequence(game))
    size = abs(count)
    sign = 1 if count > 0 else -1
    near = [-count, sign * (size + 1), sign * (size - 1), -sign * (size + 1)]
    far = (1, -1, 2, -2, 3, -3, 4, -4)
    picks = [count]
    for n in [*near, *far]:
        if n != 0 and abs(n) <= most and n not in picks and len(picks) < 4:
            picks.append(n)
    held = set(hand) | set(skat)
    run = []
    for card in trump_sequence(game):
        if (card in held) != (count > 0):
            run.append(f"then {card.name} {'missing' if count > 0 else 'held'}: the run stops")
            break
        run.append(f"{card.name} {'held' if count > 0 else 'missing'}")
    choices = tuple(
        Choice(f"{n:+d}", describe_matadors(n))
        for n in sorted(picks, key=lambda n: (n < 0, abs(n)))
    )
    return Exercise(
        name,
        seed,
        f"You are the declarer and play {game}. Count your matadors over your hand and the "
        "skat: with or without how many?",
        choices,
        frozenset({f"{count:+d}"}),
        f"Follow the trumps down from the jack of clubs while you keep holding them (with) or "
        f"keep missing them (without), hand and skat together (skat.da.txt, matadors; "
        f"DECISIONS.md). Here: {'; '.join(run)}. So {describe_matadors(count)}, and the "
        f"multiplier starts at {size} + 1 = {size + 1}.",
        (_hand_diagram(hand, "Declarer's hand"), _hand_diagram(skat, "Skat")),
        params=dict(params),
    )


# ----------------------------------------------------------------------------- the auction

BID_RULES = "skat.da.txt, the bidding order (rounds 1 and 2) and the bid values"
# Ceilings for the random bidders; 0 means the player passes at once.
BID_LIMITS = (0, 0, 18, 18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 46, 48)


def _replay(calls: Iterable[tuple[int, str]]) -> Auction:
    """Return a fresh auction with ``calls`` applied (the engine has no copy)."""
    auction = Auction()
    for seat, call in calls:
        auction.call(call, seat)
    return auction


def _random_call(auction: Auction, limits: Sequence[int], rng: random.Random) -> str:
    """Return the call a player with bidding ceiling ``limits[seat]`` makes now."""
    seat = auction.to_move
    assert seat is not None
    calls = auction.legal_calls()
    if "yes" in calls:
        return "yes" if auction.bid <= limits[seat] else "pass"
    numbers = [c for c in calls if c != "pass" and int(c) <= limits[seat]]
    if not numbers:
        return "pass"
    # Usually the next value; now and then a jump of one or two values.
    return numbers[min(len(numbers) - 1, rng.choice((0, 0, 0, 1, 2)))]


def _random_auction(
    rng: random.Random, stop: int | None = None, limits: Sequence[int] = ()
) -> Auction:
    """Run an auction of random bidders until it ends or ``stop`` calls have been made."""
    limits = limits or [rng.choice(BID_LIMITS) for _ in range(3)]
    auction = Auction()
    while not auction.finished and (stop is None or len(auction.history) < stop):
        auction.call(_random_call(auction, limits, rng))
    return auction


def _auction_diagram(history: Sequence[tuple[int, str]], label: str) -> Diagram:
    return {
        "kind": "auction",
        "game": "skat",
        "dealer": "2",
        "calls": [[str(s), c] for s, c in history],
        "label": label,
    }


def _value_source(value: int) -> str:
    """Name one game that is worth ``value``, to show why it is a bid."""
    nulls = {v: k for k, v in NULL_VALUES.items()}
    if value in nulls:
        hand, ouvert = nulls[value]
        return "null" + (" ouvert" if ouvert else "") + (" hand" if hand else "")
    for game, base in sorted(BASE_VALUES.items(), key=lambda kv: kv[1]):
        if value % base == 0 and value // base >= 2:
            return f"{game} {base} x {value // base}"
    return "a game value"


def _next_calls_text(auction: Auction) -> str:
    """Describe what the seat to move may say next."""
    seat = auction.to_move
    if seat is None:
        return "The auction is over."
    calls = auction.legal_calls()
    if "yes" in calls:
        return f"Next, {SEAT_NAMES[seat]} answers: yes or pass."
    numbers = [c for c in calls if c != "pass"][:4]
    return f"Next, {SEAT_NAMES[seat]} may pass or bid {', '.join(numbers)} or more."


@exercise("skat.next_bid")
def next_bid_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Give the last bid and ask for the lowest bid that may follow it."""
    name = "skat.next_bid"
    _check_params(name, params, ("up_to",))
    values = bid_values()
    up_to = _int_param(name, params, "up_to", 60, 18, 200)
    rng = random.Random(seed)
    last = rng.choice([v for v in values if v <= up_to])
    auction = _replay([(1, str(last)), (0, "yes")])
    numbers = [int(c) for c in auction.legal_calls() if c != "pass"]
    answer = numbers[0]
    wrong = [last + 1, last + 2, numbers[1], numbers[2], answer + 1, answer - 1]
    wrong = [w for w in wrong if w > last]
    return Exercise(
        name,
        seed,
        f"Middlehand bid {last} and forehand said yes. Middlehand wants to go on: what is the "
        "lowest number it may bid now?",
        _number_choices(rng, answer, wrong),
        frozenset({str(answer)}),
        f"A bid must be higher than the last one and must be a value some game can be worth "
        f"({BID_RULES}; DECISIONS.md, auction). The values after {last} are "
        f"{', '.join(str(n) for n in numbers[:3])}, ...; {answer} is {_value_source(answer)}. "
        "Numbers in between are no game's value, so they cannot be bid.",
        (_auction_diagram(auction.history, "The auction so far"),),
        params=dict(params),
    )


CALL_VERDICTS = {
    "legal": "Allowed",
    "turn": "Not allowed: it is another player's turn",
    "answer": "Not allowed: this player must answer yes or pass",
    "not_bid": "Not allowed: 'yes' answers a bid, and this player is the one bidding",
    "low": "Not allowed: a bid must be higher than the last bid",
    "value": "Not allowed: that number is not a game value",
}


def _verdict(auction: Auction, seat: int, call: str) -> str:
    """Return the CALL_VERDICTS key for ``call`` by ``seat``, asking the engine if it is legal."""
    try:
        _replay(auction.history).call(call, seat)
    except ValueError:
        pass
    else:
        return "legal"
    # Illegal: report the first broken rule, in the order the engine checks them.
    if seat != auction.to_move:
        return "turn"
    if auction.answering:
        return "answer"
    if call == "yes":
        return "not_bid"
    return "low" if int(call) <= auction.bid else "value"


def _proposed_call(auction: Auction, rng: random.Random) -> tuple[int, str]:
    """Pick a call to judge: often legal, otherwise one of the typical mistakes."""
    mover = auction.to_move
    assert mover is not None
    numbers = [c for c in auction.legal_calls() if c not in ("pass", "yes")]
    kind = rng.choice(("legal", "legal", "turn", "kind", "low", "value"))
    if kind == "legal":
        return mover, rng.choice(auction.legal_calls()[:4])
    if kind == "turn":
        other = rng.choice([s for s in range(3) if s != mover])
        return other, rng.choice(("pass", "yes", str(bid_values()[0])))
    if kind == "kind" or auction.answering:
        return mover, ("yes" if not auction.answering else numbers[0] if numbers else "20")
    if kind == "low" and auction.bid:
        return mover, str(auction.bid if rng.random() < 0.5 else bid_values()[0])
    gaps = [n for n in range(auction.bid + 1, auction.bid + 12) if str(n) not in numbers]
    return mover, str(rng.choice(gaps))


@exercise("skat.call_legal")
def call_legal_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Show an auction in progress and a call; ask whether it is allowed now, and why not."""
    name = "skat.call_legal"
    _check_params(name, params, ())
    rng = random.Random(seed)
    auction = _random_auction(rng, stop=rng.randrange(0, 7))
    while auction.finished:
        auction = _random_auction(rng, stop=rng.randrange(0, 4))
    seat, call = _proposed_call(auction, rng)
    verdict = _verdict(auction, seat, call)
    keys = [verdict, *(["legal"] if verdict != "legal" else [])]
    others = [k for k in CALL_VERDICTS if k not in keys]
    rng.shuffle(others)
    keys += others[: 4 - len(keys)]
    mover = auction.to_move
    assert mover is not None
    state = (
        f"{SEAT_NAMES[mover]} is to answer {auction.bid}"
        if auction.answering
        else f"{SEAT_NAMES[mover]} is to bid (the bid stands at {auction.bid or 'nothing yet'})"
    )
    return Exercise(
        name,
        seed,
        f"{SEAT_NAMES[seat].capitalize()} now says '{call}'. Is that allowed?",
        tuple(Choice(k, CALL_VERDICTS[k]) for k in CALL_VERDICTS if k in keys),
        frozenset({verdict}),
        f"{CALL_VERDICTS[verdict]}. Here {state}. Middlehand bids to forehand first, then "
        f"rearhand to the survivor; the one who hears a bid only says yes or pass, and every "
        f"bid is a game value above the last ({BID_RULES}). {_next_calls_text(auction)}",
        (_auction_diagram(auction.history, "The auction so far"),),
        params=dict(params),
    )


def _result_label(declarer: int | None, bid: int) -> str:
    if declarer is None:
        return "Nobody: the cards are thrown in"
    return f"{SEAT_NAMES[declarer].capitalize()}, at {bid}"


@exercise("skat.auction_result")
def auction_result_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Show a finished auction and ask who declares, and at which bid."""
    name = "skat.auction_result"
    _check_params(name, params, ())
    rng = random.Random(seed)
    roll = rng.random()
    # Now and then the quiet cases: nobody bids, or only forehand is left to open.
    quiet = [0, 0, 0] if roll < 0.1 else [rng.choice(BID_LIMITS[2:]), 0, 0] if roll < 0.2 else []
    auction = _random_auction(rng, limits=quiet)
    result = auction.result
    assert result is not None
    named = sorted({int(c) for _, c in auction.history if c.isdigit()})
    options: list[tuple[int | None, int]] = [(result.declarer, result.bid), (None, 0)]
    for seat in range(3):
        options.append((seat, result.bid))
        options += [(seat, n) for n in named]
    options.append((result.declarer, bid_values()[bid_values().index(result.bid or 18) + 1]))
    keyed = {f"{d}:{b}": _result_label(d, b) for d, b in options}
    answer = f"{result.declarer}:{result.bid}"
    wrong = [k for k in keyed if k != answer]
    rng.shuffle(wrong)
    keys = {answer, *wrong[:3]}
    if result.declarer is None:
        why = "all three passed without a bid, so nobody plays and the cards are dealt again"
    else:
        why = (
            f"{SEAT_NAMES[result.declarer]} is the only player still in, and the game is played "
            f"at the highest bid named, {result.bid}"
        )
    return Exercise(
        name,
        seed,
        "The auction is over. Who is the declarer, and at which bid?",
        tuple(Choice(k, v) for k, v in keyed.items() if k in keys),
        frozenset({answer}),
        f"{why.capitalize()} ({BID_RULES}). The one who passes drops out; the survivor of "
        "middlehand against forehand then meets rearhand.",
        (_auction_diagram(auction.history, "The whole auction"),),
        params=dict(params),
    )


# ----------------------------------------------------------------------------- seats and dealing

PLAYER_NAMES = ("Anna", "Bent", "Carla", "Dorte")
ROLES = ("forehand", "middlehand", "rearhand")


@exercise("skat.seating")
def seating_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Ask who is forehand, middlehand, rearhand (or sits out) in a given deal of a match."""
    name = "skat.seating"
    _check_params(name, params, ("table_size",))
    players = _int_param(name, params, "table_size", 3, 3, 4)
    rng = random.Random(seed)
    number = rng.randint(1, 9)
    sheet = ScoreSheet(SkatSettings(table_size=players))
    for _ in range(number - 1):
        sheet.record(None, None)  # thrown-in deals move the deal on just the same
    dealer = sheet.dealer
    seats = sheet.seating()
    roles = [*ROLES, "sitting out"] if players == 4 else list(ROLES)
    role = rng.choice(roles)
    answer = dealer if role == "sitting out" else seats[ROLES.index(role)]
    names = PLAYER_NAMES[:players]
    order = ", ".join(names)
    rest = (
        "at four the dealer sits the deal out"
        if players == 4
        else "at three the dealer is rearhand"
    )
    return Exercise(
        name,
        seed,
        f"{order} sit clockwise in that order around the table and {names[0]} deals the first "
        f"deal. Who is {role} in deal {number}?",
        tuple(Choice(str(i), n) for i, n in enumerate(names)),
        frozenset({str(answer)}),
        f"The deal passes one place to the left (clockwise) each time, so {names[dealer]} deals "
        f"deal {number}. Forehand is the player on the dealer's left, then middlehand and "
        f"rearhand follow clockwise; {rest}. Here: forehand {names[seats[0]]}, middlehand "
        f"{names[seats[1]]}, rearhand {names[seats[2]]} (skat.da.txt names the three seats; "
        "DECISIONS.md, score sheet, for the four-player table).",
        params=dict(params),
    )


SKAT_PAIRS = ((1, 2), (4, 5), (7, 8), (10, 11), (11, 12), (9, 10))


@exercise("skat.deal_skat")
def deal_skat_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """List the top of a shuffled pack and ask which two cards the dealer puts in the skat."""
    name = "skat.deal_skat"
    _check_params(name, params, ())
    rng = random.Random(seed)
    deal_seed = rng.randrange(SEED_RANGE)
    pack = SKAT_DECK.shuffled(deal_seed)
    dealt = deal(deal_seed)
    first, second = sorted(pack.index(c) + 1 for c in dealt.skat)
    answer = f"{first}-{second}"
    wrong = [p for p in SKAT_PAIRS if p != (first, second)]
    rng.shuffle(wrong)
    pairs = sorted([(first, second), *wrong[:3]])
    top = "; ".join(f"{i}: {c.name}" for i, c in enumerate(pack[:12], start=1))
    return Exercise(
        name,
        seed,
        f"The dealer (rearhand) deals the shuffled pack from the top. The top twelve cards are "
        f"{top}. Which two go into the skat?",
        tuple(
            Choice(f"{a}-{b}", f"cards {a} and {b}: {pack[a - 1].name}, {pack[b - 1].name}")
            for a, b in pairs
        ),
        frozenset({answer}),
        f"The pack goes out in packets: three cards each to forehand, middlehand and rearhand "
        f"(cards 1 to 9), then two face down to the skat (cards {first} and {second}), then "
        "four each, then three each, so everyone has ten. The rule text is silent on dealing; "
        "the project follows the international (ISkO) rhythm (docs/rules/skat.md, dealing).",
        params=dict(params),
    )


# ----------------------------------------------------------------------------- game value and score

VALUE_RULES = "skat.da.txt, game value and matadors; DECISIONS.md, Skat"


def _matador_cards(game: str, count: int) -> list[Card]:
    """Return trumps that give exactly ``count`` matadors (signed) in ``game``."""
    sequence = trump_sequence(game)
    if count > 0:
        return list(sequence[:count])
    return list(sequence[-count : -count + 1])


def _random_contract(rng: random.Random, game: str, extras: bool) -> Contract:
    """Return a contract for ``game``; with ``extras`` it may be hand, announced or ouvert."""
    if game == "null":
        return Contract(
            "null", hand=extras and rng.random() < 0.5, ouvert=extras and rng.random() < 0.4
        )
    if not extras or rng.random() < 0.5:
        return Contract(game)
    roll = rng.random()
    return Contract(
        game,
        hand=True,
        schneider_announced=roll < 0.35,
        schwarz_announced=roll < 0.15,
        ouvert=roll < 0.05,
    )


def _random_matadors(rng: random.Random, game: str) -> int:
    if game == "null":
        return 0
    size = rng.choice((1, 1, 1, 2, 2, 2, 3, 3, 4, 4) + ((5, 6) if game != "grand" else ()))
    return size if rng.random() < 0.5 else -size


def _multiplier_text(contract: Contract, count: int, schneider: bool, schwarz: bool) -> str:
    """Spell out the multiplier step by step, the way the lesson teaches it."""
    flags = (
        (contract.hand, "hand"),
        (schneider, "schneider"),
        (contract.schneider_announced, "schneider announced"),
        (schwarz, "schwarz"),
        (contract.schwarz_announced, "schwarz announced"),
        (contract.ouvert, "ouvert"),
    )
    steps = [f"{describe_matadors(count)} ({abs(count)})", "game (1)"]
    steps += [f"{word} (1)" for on, word in flags if on]
    return f"{' + '.join(steps)} = {multiplier(contract, count, schneider, schwarz)}"


def _contract_text(contract: Contract) -> str:
    words = [contract.game, *(["hand"] if contract.hand else [])]
    if contract.ouvert:
        words.append("ouvert")
    elif contract.schwarz_announced:
        words.append("with schwarz announced")
    elif contract.schneider_announced:
        words.append("with schneider announced")
    return " ".join(words)


def _random_result(rng: random.Random, contract: Contract, winning: bool) -> tuple[int, int]:
    """Return the declarer's card points and tricks for a plausible end of ``contract``."""
    if contract.is_null:
        tricks = 0 if winning else rng.randint(1, 3)
        return (rng.randint(0, 30) if tricks else 0), tricks
    if contract.schwarz_announced:
        return (120, 10) if winning else (rng.randint(61, 119), rng.randint(6, 9))
    if winning:
        points = rng.randint(90 if contract.schneider_announced else 61, 120)
    else:
        points = rng.randint(40, 89) if contract.schneider_announced else rng.randint(15, 60)
    if points == 120 and rng.random() < 0.6:
        return 120, 10
    return points, max(1, min(9, points // 12 + rng.randint(0, 2)))


def _value_explanation(contract: Contract, score: GameScore, value: int) -> str:
    """Explain how ``value`` (the game value before any overbid rounding) comes about."""
    if contract.is_null:
        return (
            f"Null games have fixed values: null 23, null hand 35, null ouvert 46, null ouvert "
            f"hand 59; matadors do not count. {_contract_text(contract).capitalize()} is worth "
            f"{value} (skat.da.txt, null games)."
        )
    steps = _multiplier_text(contract, score.matadors, score.schneider, score.schwarz)
    return (
        f"Game value = base value x multiplier ({VALUE_RULES}). Base: {contract.game} "
        f"{base_value(contract)}. Multiplier: {steps}. So {value}."
    )


def _story(contract: Contract, count: int, points: int, tricks: int) -> str:
    """Describe the declared game and how it ended, as the prompt states it."""
    if contract.is_null:
        took = "no trick" if not tricks else f"{tricks} trick{'s' if tricks > 1 else ''}"
        return f"plays {_contract_text(contract)} and takes {took}"
    return (
        f"plays {_contract_text(contract)}, {describe_matadors(count)}, and takes {points} "
        f"card points in {tricks} tricks"
    )


@exercise("skat.game_value")
def game_value_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Describe a won game (type, matadors, card points) and ask what it is worth."""
    name = "skat.game_value"
    _check_params(name, params, ("game", "extras"))
    rng = random.Random(seed)
    game = _pick_game(name, params, rng, ALL_GAMES)
    contract = _random_contract(rng, game, bool(params.get("extras", True)))
    count = _random_matadors(rng, game)
    points, tricks = _random_result(rng, contract, winning=True)
    score = score_game(contract, bid_values()[0], _matador_cards(game, count), points, tricks)
    value = score.value
    base = base_value(contract)
    if contract.is_null:
        wrong = list(NULL_VALUES.values())
    else:
        steps = value // base
        other = rng.choice([b for g, b in BASE_VALUES.items() if g != game])
        wrong = [base * (steps + d) for d in (-2, -1, 1, 2)] + [other * steps]
    return Exercise(
        name,
        seed,
        f"The declarer {_story(contract, count, points, tricks)}. What is the game worth?",
        _number_choices(rng, value, wrong),
        frozenset({str(value)}),
        _value_explanation(contract, score, value),
        params=dict(params),
    )


@exercise("skat.game_score")
def game_score_exercise(seed: int, params: Mapping[str, Any]) -> Exercise:
    """Describe a bid and a finished game; ask what the declarer scores (overbid included)."""
    name = "skat.game_score"
    _check_params(name, params, ("game", "overbid"))
    rng = random.Random(seed)
    game = _pick_game(name, params, rng, ALL_GAMES)
    overbid = params.get("overbid", "sometimes")
    if overbid not in (True, False, "sometimes"):
        raise ExerciseError(f"{name}: overbid={overbid!r} must be true, false or sometimes")
    force = rng.random() < 0.35 if overbid == "sometimes" else bool(overbid)
    contract = _random_contract(rng, game, extras=True)
    count = _random_matadors(rng, game)
    points, tricks = _random_result(rng, contract, winning=rng.random() < 0.6)
    cards = _matador_cards(game, count)
    plain = score_game(contract, bid_values()[0], cards, points, tricks)
    raw = plain.value
    values = bid_values()
    bid = (
        rng.choice([v for v in values if v > raw][:3])
        if force
        else rng.choice([v for v in values if v <= raw][-6:])
    )
    score = score_game(contract, bid, cards, points, tricks)
    answer = score.score
    if score.overbid:
        verdict = (
            f" That is below the bid of {bid}: the game is lost as overbid, whatever the card "
            f"points. The loss is reckoned on the smallest multiple of {base_value(contract)} "
            f"that reaches {bid}, which is {score.value}"
        )
    else:
        verdict = f" The game is {'won' if score.won else 'lost'} ({score.reason})"
    factor = "" if score.won else ", and a lost game counts double"
    wrong = [raw, -raw, -2 * raw, score.value, -score.value, -2 * score.value, 2 * raw]
    return Exercise(
        name,
        seed,
        f"The bid was {bid}. The declarer {_story(contract, count, points, tricks)}. "
        "What does the declarer score?",
        _signed_choices(rng, answer, wrong),
        frozenset({str(answer)}),
        f"{_value_explanation(contract, plain, raw)}{verdict}{factor}: {answer:+d} "
        "(skat.da.txt, overbidding; DECISIONS.md: every lost game counts double).",
        params=dict(params),
    )


def _signed_choices(rng: random.Random, answer: int, wrong: Iterable[int]) -> tuple[Choice, ...]:
    """Return the answer and three distinct wrong scores, in rising order, signs shown."""
    pool = sorted({w for w in wrong if w != answer})
    rng.shuffle(pool)
    picked = pool[:3]
    step = 1
    while len(picked) < 3:
        if answer + step not in picked:
            picked.append(answer + step)
        step += 1
    return tuple(Choice(str(v), f"{v:+d}") for v in sorted([answer, *picked]))
