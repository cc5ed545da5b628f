"""Skat bidding quizzes, judged over sampled worlds: how high to bid, hand or pick up, which
game, which two cards to lay away.

Each quiz asks one of four questions (chosen by the seed):
- ``limit``: before the auction, up to which value should this seat bid (or pass)?
- ``hand``: the seat won the auction; play a hand game or pick up the skat?
- ``game``: the seat picked up the skat; which game should it declare?
- ``discard``: the seat picked up the skat and plays the game it chose; which two of its
  twelve cards does it lay away? All 66 pairs are options.
Every option is scored in the same worlds (the hidden hands and skat, consistent with the
auction so far) by ``outcome.play_out``; the value is the seat's expected score.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from games.cards import SKAT_DECK, Card, sort_key
from games.quizzes.base import Candidate, QuizDraft, QuizError, generator
from games.quizzes.skat.cut import PLAYER, Dealt, auction_result, deal_cards, run_auction
from games.quizzes.skat.judge import judge_sampled
from games.quizzes.skat.outcome import Outcome, play_out
from games.quizzes.skat.themes import rating
from games.quizzes.skat.worlds import (
    MAX_TRIES,
    calls_fit,
    limited_call,
    world_from_json,
    world_json,
)
from games.sampling import NoDealFound, sample_worlds
from games.skat import Auction, Contract, Declaration
from games.skat.contract import SUIT_GAMES
from games.skat.handeval import choose_after_pickup, choose_discard, null_unsafe_suits, plans
from games.skat.rules import SEAT_NAMES, TRUMP, card_points, effective_suit, strength
from games.skat.values import game_value, matadors

MODES = ("single_dummy",)
QUESTIONS = ("limit", "hand", "game", "discard")
WORLDS = 100
UNIT = "points"
CARD_POINTS_UNIT = "card points"
PICK_UP = "pick up"
PASS_OPTION = "pass"
RULES = {
    "limit": "skat.da.txt: bidding order and bid values (Budvaerdier), overbidding (overbyde)",
    "hand": "skat.da.txt: picking up the skat or playing hand (Tag skatten op / Spil haand)",
    "game": "skat.da.txt: game types (Kulorspil, Grand, Nul) and game value (Spilvaerdi)",
    "discard": "skat.da.txt: Tag skatten op (aflaeg 2 vilkaarlige kort, de taeller som "
    "stikpoint); strategy: brug skatten klogt",
}
TRUMP_GAMES = (*SUIT_GAMES, "grand")


@dataclass(frozen=True)
class BidSpec:
    """What the deciding seat knows: its cards, the auction so far, and the options."""

    question: str
    seat: int
    cards: tuple[Card, ...]
    skat: tuple[Card, ...]
    calls: tuple[tuple[int, str], ...]
    bid: int
    options: tuple[str, ...]
    game: str = ""  # the game being played (``discard`` questions only)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "question": self.question,
            "seat": self.seat,
            "cards": [str(c) for c in self.cards],
            "skat": [str(c) for c in self.skat],
            "calls": [[s, c] for s, c in self.calls],
            "bid": self.bid,
            "options": list(self.options),
        }
        if self.game:
            data["game"] = self.game
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BidSpec:
        """Read the spec stored in a draft's ``extra['spec']``."""
        return cls(
            data["question"],
            data["seat"],
            tuple(SKAT_DECK.parse_hand(data["cards"])),
            tuple(SKAT_DECK.parse_hand(data["skat"])),
            tuple((s, c) for s, c in data["calls"]),
            data["bid"],
            tuple(data["options"]),
            data.get("game", ""),
        )


# ----------------------------------------------------------------------------- options


def _trumps(cards: Sequence[Card], game: str) -> int:
    return sum(1 for c in cards if effective_suit(c, game) == TRUMP)


def _jacks(cards: Sequence[Card]) -> int:
    return sum(1 for c in cards if c.rank == "J")


def _sensible(cards: Sequence[Card], game: str) -> bool:
    """Return True if ``game`` is worth considering with ``cards`` (docs/quizzes/skat.md)."""
    if game == "null":
        return len(null_unsafe_suits(cards)) <= 1
    if game == "grand":
        return _jacks(cards) >= 2 and sum(1 for c in cards if c.rank == "A") >= 2
    return _trumps(cards, game) >= 5


def game_options(twelve: Sequence[Card], bid: int) -> tuple[str, ...]:
    """Return the sensible games after picking up that reach ``bid`` with these 12 cards."""
    out = []
    for game in (*TRUMP_GAMES, "null"):
        contract = Contract(game)
        count = 0 if contract.is_null else matadors(twelve, game)
        if _sensible(twelve, game) and game_value(contract, count) >= bid:
            out.append(game)
    return tuple(out)


def hand_options(ten: Sequence[Card], bid: int) -> tuple[str, ...]:
    """Return 'pick up' and each sensible hand game whose value (10 cards) reaches ``bid``."""
    out = [PICK_UP]
    for game in (*TRUMP_GAMES, "null"):
        contract = Contract(game, hand=True)
        count = 0 if contract.is_null else matadors(ten, game)
        if _sensible(ten, game) and game_value(contract, count) >= bid:
            out.append(f"hand {game}")
    return tuple(out)


def pair_label(pair: Sequence[Card]) -> str:
    """Return the option text of a discard: the two cards in display order."""
    return " ".join(str(c) for c in sorted(pair, key=sort_key))


def discard_options(twelve: Sequence[Card]) -> tuple[str, ...]:
    """Return every pair of the twelve cards (66 of them) as option texts."""
    ordered = sorted(twelve, key=sort_key)
    return tuple(pair_label(pair) for pair in combinations(ordered, 2))


def discard_groups(twelve: Sequence[Card], game: str) -> dict[str, str]:
    """Map each discard option to the option representing its group of equivalent discards.

    Two of the declarer's cards are alike when they are of the same effective suit, worth the
    same card points, and every card ranking between them is the declarer's own: laying away
    one or the other leaves hands that play the same. Two discards are equivalent when they
    lay away alike cards; each group is evaluated once and all its members share the result.
    """
    run_of: dict[Card, tuple[str, int]] = {}
    for suit in {effective_suit(c, game) for c in SKAT_DECK}:
        deck = sorted(
            (c for c in SKAT_DECK if effective_suit(c, game) == suit),
            key=lambda c: strength(c, game),
        )
        run = 0
        previous: Card | None = None
        for card in deck:
            if card not in twelve:
                previous = None
                continue
            if previous is None or card_points([card]) != card_points([previous]):
                run += 1
            run_of[card] = (suit, run)
            previous = card
    groups: dict[tuple[tuple[str, int], ...], str] = {}
    out: dict[str, str] = {}
    for option in discard_options(twelve):
        laid = SKAT_DECK.parse_hand(option.split())
        key = tuple(sorted(run_of[c] for c in laid))
        out[option] = groups.setdefault(key, option)
    return out


def limit_options(ten: Sequence[Card]) -> tuple[str, ...]:
    """Return 'pass' and the bid limits worth weighing: 18 and the values of the hand's games."""
    values = {18}
    values.update(p.value for p in plans(ten))
    for game in TRUMP_GAMES:
        if _trumps(ten, game) >= 4 or (game == "grand" and _jacks(ten) >= 2):
            values.add(game_value(Contract(game), matadors(ten, game)))
    return (PASS_OPTION, *(str(v) for v in sorted(values)))


# ----------------------------------------------------------------------------- evaluation


def _auction(hands: Sequence[Sequence[Card]], seat: int, limit: int) -> tuple[int | None, int]:
    auction = Auction()
    while (mover := auction.to_move) is not None:
        own = mover == seat
        call = limited_call(auction, limit) if own else PLAYER.call(auction, hands[mover])
        auction.call(call, mover)
    assert auction.result is not None
    return auction.result.declarer, auction.result.bid


def _hands(
    spec: BidSpec, world: Mapping[str, Sequence[Card]], own: Sequence[Card]
) -> list[list[Card]]:
    return [list(own) if s == spec.seat else list(world[str(s)]) for s in range(3)]


def _score(
    spec: BidSpec,
    world: Mapping[str, Sequence[Card]],
    contract: Contract,
    ten: Sequence[Card],
    counting: Sequence[Card],
    twelve: Sequence[Card],
    bid: int,
    cache: dict[tuple[str, ...], Outcome],
) -> int:
    key = (str(contract), *map(str, ten))
    if key not in cache:
        cache[key] = play_out(contract, _hands(spec, world, ten), spec.seat, counting)
    return cache[key].score(contract, bid, twelve)


def _pick_up(
    spec: BidSpec, skat: Sequence[Card], bid: int
) -> tuple[Contract, list[Card], tuple[Card, ...]]:
    declaration = Declaration(spec.seat, bid, spec.cards, skat)
    declaration.pick_up()
    contract = choose_after_pickup(declaration.cards, bid)
    declaration.discard(choose_discard(declaration.cards, contract))
    game = declaration.declare(contract)
    return contract, list(game.hand), game.skat


def unit_of(spec: BidSpec) -> str:
    """Return what an option's value counts: the game score, or for a discard in a trump game
    the declarer's card points (the skat's included), which a discard changes far more often
    than it changes the result."""
    if spec.question == "discard" and spec.game != "null":
        return CARD_POINTS_UNIT
    return UNIT


def _world_scores(spec: BidSpec, world: Mapping[str, Sequence[Card]]) -> dict[str, int]:
    """Return each option's score for the deciding seat in one world."""
    cache: dict[tuple[str, ...], Outcome] = {}
    out: dict[str, int] = {}
    if spec.question == "discard":
        twelve = [*spec.cards, *spec.skat]
        contract = Contract(spec.game)
        for option in sorted(set(discard_groups(twelve, spec.game).values())):
            pair = SKAT_DECK.parse_hand(option.split())
            ten = [c for c in twelve if c not in pair]
            if contract.is_null:
                out[option] = _score(spec, world, contract, ten, pair, twelve, spec.bid, cache)
            else:
                outcome = play_out(contract, _hands(spec, world, ten), spec.seat, pair)
                out[option] = outcome.points
        return out
    if spec.question == "game":
        twelve = [*spec.cards, *spec.skat]
        for game in spec.options:
            contract = Contract(game)
            discard = choose_discard(twelve, contract)
            ten = [c for c in twelve if c not in discard]
            out[game] = _score(spec, world, contract, ten, discard, twelve, spec.bid, cache)
        return out
    skat = world["skat"]
    twelve = [*spec.cards, *skat]
    if spec.question == "hand":
        for option in spec.options:
            if option == PICK_UP:
                contract, ten, laid = _pick_up(spec, skat, spec.bid)
                out[option] = _score(spec, world, contract, ten, laid, twelve, spec.bid, cache)
            else:
                contract = Contract(option.split()[1], hand=True)
                out[option] = _score(
                    spec, world, contract, spec.cards, skat, twelve, spec.bid, cache
                )
        return out
    hands = _hands(spec, world, spec.cards)
    for option in spec.options:
        limit = 0 if option == PASS_OPTION else int(option)
        declarer, bid = _auction(hands, spec.seat, limit)
        if declarer != spec.seat:
            out[option] = 0  # plain scoring: only the declarer's score changes
            continue
        declared = PLAYER.declare(Declaration(spec.seat, bid, spec.cards, skat))
        out[option] = _score(
            spec, world, declared.contract, declared.hand, declared.skat, twelve, bid, cache
        )
    return out


def evaluate(spec: BidSpec, worlds: Sequence[Mapping[str, Sequence[Card]]]) -> dict[str, list[int]]:
    """Return every option's score in each world (the same worlds for all options)."""
    samples: dict[str, list[int]] = {o: [] for o in spec.options}
    same = (
        discard_groups([*spec.cards, *spec.skat], spec.game)
        if spec.question == "discard"
        else {o: o for o in spec.options}
    )
    for world in worlds:
        scores = _world_scores(spec, world)
        for option in spec.options:
            samples[option].append(scores[same[option]])
    return samples


def sample_bid_worlds(spec: BidSpec, seed: int, n: int = WORLDS) -> list[dict[str, list[Card]]]:
    """Return ``n`` worlds of the hidden hands (and skat) consistent with the auction so far."""
    known = {str(spec.seat): list(spec.cards)}
    if spec.skat:
        known["skat"] = list(spec.skat)
    held = {c for cards in known.values() for c in cards}
    hidden = [c for c in SKAT_DECK if c not in held]
    others = [s for s in range(3) if s != spec.seat]
    sizes = {str(s): 10 for s in others}
    if not spec.skat:
        sizes["skat"] = 2

    def accept(world: Mapping[str, Sequence[Card]]) -> bool:
        return all(calls_fit(spec.calls, s, world[str(s)]) for s in others)

    worlds = sample_worlds(
        "skat",
        known,
        hidden,
        sizes,
        random.Random(seed),
        n,
        accept=accept if spec.calls else None,
        max_tries=MAX_TRIES,
    )
    return [{p: cards for p, cards in w.items() if p in sizes} for w in worlds]


# ----------------------------------------------------------------------------- the generator


def make_spec(seed: int, constraint: Any) -> tuple[BidSpec, str, Dealt] | None:
    """Deal and pick the question; return the spec and the simple player's own answer."""
    rng = random.Random(f"skat/bid/{seed}")
    question = rng.choice(QUESTIONS)
    dealt = deal_cards(seed, constraint)
    if question == "limit":
        seat = rng.randrange(3)
        ten = dealt.hands[seat]
        options = limit_options(ten)
        limit = PLAYER.limit(ten)
        natural = max((o for o in options[1:] if int(o) <= limit), key=int, default=PASS_OPTION)
        return BidSpec(question, seat, ten, (), (), 0, options), natural, dealt
    calls = run_auction(dealt.hands)
    declarer, bid = auction_result(calls)
    if declarer is None:
        return None
    ten = dealt.hands[declarer]
    game = PLAYER.declare(Declaration(declarer, bid, ten, dealt.skat))
    if question == "hand":
        options = hand_options(ten, bid)
        natural = f"hand {game.contract.game}" if game.contract.hand else PICK_UP
        return BidSpec(question, declarer, ten, (), calls, bid, options), natural, dealt
    if game.contract.hand:
        return None  # the simple player would not pick up: no game choice to ask about
    if question == "discard":
        twelve = [*ten, *dealt.skat]
        spec = BidSpec(
            question,
            declarer,
            ten,
            dealt.skat,
            calls,
            bid,
            discard_options(twelve),
            game.contract.game,
        )
        return spec, pair_label(game.skat), dealt
    options = game_options([*ten, *dealt.skat], bid)
    spec = BidSpec(question, declarer, ten, dealt.skat, calls, bid, options)
    return spec, game.contract.game, dealt


def _prompt(spec: BidSpec) -> str:
    who = SEAT_NAMES[spec.seat]
    if spec.question == "limit":
        return f"You are {who}, before the auction. Up to which value do you bid?"
    if spec.question == "hand":
        return f"You ({who}) won the auction at {spec.bid}. Play hand, or pick up the skat?"
    skat = " ".join(str(c) for c in spec.skat)
    if spec.question == "discard":
        return (
            f"You ({who}) won the auction at {spec.bid}, picked up {skat} and will play "
            f"{spec.game}. Which two cards do you lay away?"
        )
    return f"You ({who}) won the auction at {spec.bid} and picked up {skat}. Which game?"


def _label(spec: BidSpec, option: str) -> str:
    if spec.question == "limit":
        return "pass" if option == PASS_OPTION else f"bid up to {option}"
    if spec.question == "discard":
        return f"lay away {option}"
    return option


def _themes(spec: BidSpec, accepted: frozenset[str]) -> tuple[str, ...]:
    tags = []
    if spec.question == "limit":
        tags.append("bid_limit")
        if spec.options[-1] not in accepted:
            tags.append("overbid_risk")
        if PASS_OPTION in accepted:
            tags.append("pass")
    elif spec.question == "hand":
        tags.append("pick_up" if PICK_UP in accepted else "hand_game")
    elif spec.question == "discard":
        tags.append("discard")
        tags.extend(_discard_themes(spec, accepted))
    else:
        tags.append("game_choice")
        tags.extend(f"{g}_choice" for g in ("grand", "null") if g in accepted)
    return tuple(tags)


def _discard_themes(spec: BidSpec, accepted: frozenset[str]) -> list[str]:
    """Tags of a discard answer: points pushed into the skat, a side suit emptied."""
    tags: set[str] = set()
    twelve = [*spec.cards, *spec.skat]
    for option in accepted:
        laid = SKAT_DECK.parse_hand(option.split())
        if card_points(laid) >= 10:
            tags.add("skat_points")
        if spec.game != "null":
            kept = [c for c in twelve if c not in laid]
            for card in laid:
                suit = effective_suit(card, spec.game)
                if suit != TRUMP and not any(effective_suit(c, spec.game) == suit for c in kept):
                    tags.add("void_making")
    return sorted(tags)


def _position(spec: BidSpec) -> dict[str, Any]:
    shown = sorted([*spec.cards, *spec.skat], key=sort_key)
    record: dict[str, Any] = {
        "seat": spec.seat,
        "seat_name": SEAT_NAMES[spec.seat],
        "question": spec.question,
        "hands": {str(spec.seat): [str(c) for c in shown]},
        "hidden": [s for s in range(3) if s != spec.seat],
        "contract": None
        if spec.question == "limit"
        else {
            "declarer": spec.seat,
            "bid": spec.bid,
            **({"game": spec.game, "name": spec.game} if spec.game else {}),
        },
        "auction": [[s, c] for s, c in spec.calls],
        "trick": [],
        "tricks_played": [],
    }
    if spec.skat:
        record["skat"] = [str(c) for c in spec.skat]
    return record


def _world_seed(seed: int) -> int:
    return random.Random(f"skat/bid/worlds/{seed}").randrange(2**31)


@generator("skat", "bid", MODES)
def bid_quiz(seed: int, mode: str, constraint: Any = None) -> QuizDraft | None:
    """Return a Skat bidding quiz for ``seed``, or None if it is no real decision."""
    if mode not in MODES:
        raise QuizError(f"skat bid quizzes come in modes {', '.join(MODES)}, not {mode!r}")
    made = make_spec(seed, constraint)
    if made is None:
        return None
    spec, natural, dealt = made
    if len(spec.options) < 2:
        return None
    try:
        worlds = sample_bid_worlds(spec, _world_seed(seed))
    except NoDealFound:
        return None
    samples = evaluate(spec, worlds)
    verdict = judge_sampled(samples, unit_of(spec))
    if not verdict.kept:
        return None
    n = len(worlds)
    best = samples[verdict.best]
    candidates = []
    for option in spec.options:
        mean = sum(samples[option]) / n
        if option in verdict.accepted:
            candidates.append(Candidate(option, round(mean, 3), True, _label(spec, option)))
            continue
        worse = sum(1 for a, b in zip(samples[option], best, strict=True) if a < b)
        text = (
            f"{_label(spec, option)} scores {mean:.1f} on average over {n} worlds, "
            f"{sum(best) / n - mean:.1f} below {_label(spec, verdict.best)}; it does worse in "
            f"{worse} worlds."
        )
        candidates.append(Candidate(option, round(mean, 3), False, _label(spec, option), text))
    difficulty = rating(
        len(spec.options),
        len(verdict.accepted),
        natural not in verdict.accepted,
        False,
        verdict.margin / 20,
        True,
    )
    return QuizDraft(
        game="skat",
        kind="bid",
        mode=mode,
        prompt=_prompt(spec),
        position=_position(spec),
        candidates=tuple(candidates),
        unit=unit_of(spec),
        themes=_themes(spec, verdict.accepted),
        rating=difficulty,
        rule_ref=RULES[spec.question],
        seed=seed,
        samples=n,
        margin=round(verdict.margin, 4),
        extra={
            "spec": spec.as_json(),
            "worlds": [world_json(w) for w in worlds],
            "world_seed": _world_seed(seed),
            "sampling_error": round(verdict.error, 4),
            "deal": {
                "dealt": {str(i): [str(c) for c in h] for i, h in enumerate(dealt.hands)},
                "dealt_skat": [str(c) for c in dealt.skat],
            },
        },
    )


def reevaluate(draft: QuizDraft) -> dict[str, list[int]]:
    """Score the options of a stored bid quiz again on its stored worlds."""
    spec = BidSpec.from_json(draft.extra["spec"])
    return evaluate(spec, [world_from_json(w) for w in draft.extra["worlds"]])
