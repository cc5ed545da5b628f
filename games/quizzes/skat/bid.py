"""Skat bidding quizzes, judged over sampled worlds: how high to bid, hand or pick up, which
game, which two cards to lay away.

Each quiz asks one of four questions (chosen by the seed):
- ``limit``: before the auction, up to which value should this seat bid (or pass)? Asked only
  with a hand a player would weigh bidding (``bid_worthy``); the options are pass and the
  values of the games the ten cards could declare ("spades without 2 = 33").
- ``hand``: the seat won the auction with a hand a player would seriously weigh playing hand
  (``hand_family``: a strong grand fit, a safe null or a strong suit hand, the kind drawn
  by the seed); play one of the sound hand games or pick up the skat?
- ``game``: the seat picked up the skat; which of the games it could declare? Not asked
  with a grand every player declares (``textbook_grand``).
- ``discard``: the seat picked up the skat and plays the game it chose; which two cards does
  it lay away? The options are the discards a player weighs (``weighed_discards``).
Every option is played out in the same worlds (the hidden hands and skat, consistent with
the auction so far) by ``outcome.play_out``: the solver plays the game double dummy from the
first lead to the last trick; the simple bidders make the other seats' calls in a ``limit``
question's auction, and the simple declaring rule picks the game and discard where the
option leaves them open (a ``limit`` or a pick-up). Its value is the seat's expected score under
Skat scoring, with its win rate beside it; ``common.verdict.judge_sampled`` accepts the best
and every option the worlds cannot tell from it, and keeps the quiz only when every accepted
option beats every rejected one beyond two standard errors. docs/quizzes/skat.md has the rules.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import games.quizzes as quizzes
from games.cards import SKAT_DECK, Card, sort_key
from games.position import Call, SkatPosition, deal_record, settings_json
from games.quizzes.base import Candidate, QuizDraft, QuizError, generator
from games.quizzes.common.valuation import (
    Valuation,
    current,
    recheck_indices,
    results_problems,
    stored,
)
from games.quizzes.common.verdict import Outcome, Verdict, differences, judge_sampled
from games.quizzes.skat.cut import PLAYER, Dealt, auction_result, run_auction
from games.quizzes.skat.outcome import Played, play_out
from games.quizzes.skat.themes import rating
from games.quizzes.skat.worlds import (
    MAX_TRIES,
    calls_fit,
    limited_call,
    world_from_json,
    world_json,
)
from games.quizzes.units import POINTS, WIN_RATE
from games.sampling import NoDealFound, deal_matching, sample_worlds
from games.skat import Auction, Contract, Declaration
from games.skat.contract import SUIT_GAMES
from games.skat.handeval import (
    HAND_THRESHOLD,
    SUIT_THRESHOLD,
    choose_after_pickup,
    choose_discard,
    grand_quality,
    null_unsafe_suits,
    plans,
    suit_quality,
    trump_count,
)
from games.skat.rules import (
    DEALER_SEAT,
    NULL_ORDER,
    SEAT_NAMES,
    TRUMP,
    card_points,
    effective_suit,
    strength,
)
from games.skat.settings import DEFAULT_SETTINGS as SKAT_SETTINGS
from games.skat.values import BASE_VALUES, describe_matadors, game_value, matadors

MODES = ("single_dummy",)
QUESTIONS = ("limit", "hand", "game", "discard")
WORLDS = 100
PICK_UP = "pick up"
PASS_OPTION = "pass"
# The smallest gap in expected score (points a deal) worth a quiz, on top of 2 standard errors.
MIN_GAP = 4.0
# How many deals a seed may look through for a hand that fits its question (looked through
# lazily: most seeds find one within the first few).
DEAL_TRIES = 120
# A suit game a player weighs bidding: this many trumps and this strength (handeval's scale,
# two below the simple player's own threshold of 14).
BID_TRUMPS = 4
BID_QUALITY = SUIT_THRESHOLD - 2
# A hand game a player weighs: strength this close below the simple player's hand threshold.
HAND_QUALITY = HAND_THRESHOLD - 1
# The kinds of hand game a ``hand`` question is asked about, one drawn per seed with these
# weights (so each is drilled about as often as the others, however often its hands come up
# in the deals). Suit hand games count three times: they come in four suits, and most of
# their deals end too close to call.
HAND_FAMILIES = {"suit": 3, "grand": 1, "null": 1}
# An option that fails in more than this share of the deals is called a gamble.
GAMBLE = 0.2
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


def _jacks(cards: Sequence[Card]) -> int:
    return sum(1 for c in cards if c.rank == "J")


def _aces(cards: Sequence[Card]) -> int:
    return sum(1 for c in cards if c.rank == "A")


def game_label(contract: Contract, cards: Sequence[Card]) -> str:
    """Return a game with its value counted on ``cards``: 'spades without 2 = 33'."""
    hand = "hand " if contract.hand else ""
    if contract.is_null:
        return f"{hand}null = {game_value(contract, 0)}"
    count = matadors(cards, contract.game)
    value = game_value(contract, count)
    return f"{hand}{contract.game} {describe_matadors(count)} = {value}"


def _value(contract: Contract, cards: Sequence[Card]) -> int:
    return game_value(contract, 0 if contract.is_null else matadors(cards, contract.game))


def _sensible(cards: Sequence[Card], game: str) -> bool:
    """Return True if ``game`` is worth considering after picking up (docs/quizzes/skat.md)."""
    if game == "null":
        return len(null_unsafe_suits(cards)) <= 1
    if game == "grand":
        return _jacks(cards) >= 2 and _aces(cards) >= 2
    return trump_count(cards, game) >= 5


def textbook_grand(twelve: Sequence[Card]) -> bool:
    """Return True for twelve cards every player plays grand with, so that no ``game``
    question is asked with them: all four jacks and an ace, or a grand fit strong enough to
    be weighed hand even with ten cards (``_grand_hand_weighed``: three aces, or two aces
    with both their tens)."""
    if grand_quality(twelve) is None:
        return False
    return _jacks(twelve) == 4 or _grand_hand_weighed(twelve)


def game_options(twelve: Sequence[Card], bid: int) -> tuple[str, ...]:
    """Return the sensible games after picking up that reach ``bid`` with these 12 cards."""
    out = []
    for game in (*TRUMP_GAMES, "null"):
        if _sensible(twelve, game) and _value(Contract(game), twelve) >= bid:
            out.append(game)
    return tuple(out)


def _bid_games(ten: Sequence[Card]) -> list[Contract]:
    """Return the games a player weighs bidding on with these ten cards (see ``bid_worthy``)."""
    out = []
    suits = {}
    for game in SUIT_GAMES:
        trumps, jacks = trump_count(ten, game), _jacks(ten)
        enough = (trumps >= 5 and jacks >= 1) or (trumps >= BID_TRUMPS and jacks >= 2)
        if enough and suit_quality(ten, game) >= BID_QUALITY:
            suits[game] = suit_quality(ten, game)
    # Only the best suit, and a second one as strong as it less one.
    ranked = sorted(suits, key=lambda g: (-suits[g], -BASE_VALUES[g]))[:2]
    for game in ranked:
        if suits[game] >= suits[ranked[0]] - 1:
            strong = trump_count(ten, game) >= 5 and suits[game] >= HAND_THRESHOLD
            out.append(Contract(game, hand=strong))
    jacks, aces = _jacks(ten), _aces(ten)
    if (jacks >= 3 and aces >= 1) or (jacks == 2 and aces >= 3):
        out.append(Contract("grand", hand=(grand_quality(ten) or 0) >= 3))
    if null_biddable(ten):
        out.append(Contract("null"))
    return out


def _loose_null_suits(cards: Sequence[Card]) -> dict[str, int]:
    """Return {suit: cards held} for each suit that is not *tight* in null: a suit is tight
    when its k-th lowest card is at most the 2k-th rank of the null order (7, 7-9, 7-9-J,
    7-9-J-K or lower), so that no lead of a low card forces a trick on the declarer."""
    loose = {}
    for suit in SUIT_GAMES.values():
        ranks = sorted(NULL_ORDER[::-1].index(c.rank) for c in cards if c.suit == suit)
        if any(rank > 2 * k for k, rank in enumerate(ranks)):
            loose[suit] = len(ranks)
    return loose


def null_biddable(ten: Sequence[Card]) -> bool:
    """Return True for a null a player weighs bidding on before seeing the skat: every suit
    tight (``_loose_null_suits``) except at most one suit of at most two cards, which the
    discard can lay away. ``handeval.null_fit`` lets a lowest 8 or an 8-10-queen through;
    with the 7 out against it, such a null is lost too often for a player to bid it.
    """
    loose = _loose_null_suits(ten)
    return len(loose) == 0 or (len(loose) == 1 and max(loose.values()) <= 2)


def bid_worthy(ten: Sequence[Card]) -> bool:
    """Return True for a hand a player would weigh bidding with (a ``limit`` question).

    The simple player must see a game in it (``handeval.plans``: a suit of 5+ trumps and
    strength 14, a grand fit, a null fit), and ``_bid_games`` must find a game to bid: a
    suit with 5+ trumps and a jack, or 4 trumps with two jacks, and strength 12+; grand
    with 3 jacks and an ace, or 2 jacks and 3 aces; a tight null (``null_biddable``). Junk
    (no jack, no long suit, a null full of holes) is passed by every player and never
    asked about.
    """
    return bool(plans(ten)) and bool(_bid_games(ten))


def limit_labels(ten: Sequence[Card]) -> dict[int, str]:
    """Return each bid limit worth weighing with ``ten`` and the games that give it.

    A suit game with 5+ trumps and the simple player's hand strength adds its hand value
    too (a hand game is one more multiplier); values are counted on the ten cards.
    """
    games: dict[int, list[str]] = {}
    for contract in _bid_games(ten):
        variants = [Contract(contract.game)]
        if contract.hand:
            variants.append(contract)
        for variant in variants:
            games.setdefault(_value(variant, ten), []).append(game_label(variant, ten))
    return {v: ", ".join(games[v]) for v in sorted(games)}


def limit_options(ten: Sequence[Card]) -> tuple[str, ...]:
    """Return 'pass' and the bid limits of the games this hand could declare."""
    return (PASS_OPTION, *(str(v) for v in limit_labels(ten)))


def _hand_games(ten: Sequence[Card]) -> list[Contract]:
    """Return the sound hand games of ten cards: 5+ trumps and the suit-game strength, grand
    with 3 jacks and 2 aces (or 4 jacks and an ace), a null without danger."""
    suits = {
        game: suit_quality(ten, game)
        for game in SUIT_GAMES
        if trump_count(ten, game) >= 5 and suit_quality(ten, game) >= SUIT_THRESHOLD
    }
    ranked = sorted(suits, key=lambda g: (-suits[g], -BASE_VALUES[g]))[:2]
    out = [Contract(game, hand=True) for game in ranked if suits[game] >= suits[ranked[0]] - 1]
    if grand_quality(ten) is not None:
        out.append(Contract("grand", hand=True))
    if not null_unsafe_suits(ten):
        out.append(Contract("null", hand=True))
    return out


def _grand_hand_weighed(ten: Sequence[Card]) -> bool:
    """Return True for a grand fit a player weighs playing hand: three aces (the simple
    player's own hand grand), or two aces with all four jacks or with both their tens.

    Three jacks and two bare aces (or four jacks and an ace) make a grand after picking up,
    not a hand grand: every player picks up with them.
    """
    if grand_quality(ten) is None:
        return False
    jacks, aces = _jacks(ten), _aces(ten)
    suits = {c.suit for c in ten if c.rank == "A"}
    tens = sum(1 for c in ten if c.rank == "T" and c.suit in suits)
    return aces >= 3 or (aces == 2 and (jacks == 4 or tens == 2))


def hand_family(ten: Sequence[Card], bid: int) -> str | None:
    """Return the kind of hand game ("suit", "grand", "null") a player would seriously weigh
    playing with ``ten`` at ``bid``, or None when every player simply picks up.

    - grand: a grand fit of hand strength (``_grand_hand_weighed``) reaching the bid;
    - null: a null without an unsafe suit reaching the bid, with gaps (suits that are not
      tight, ``_loose_null_suits``) in at most two suits: with three, a hand null is
      lost too often and every player picks up;
    - suit: no grand fit, a suit game of 5+ trumps and strength 19+ (one below the simple
      player's hand threshold) reaching the bid, and at most two jacks: with three jacks
      and at most one side ace an ace in the skat makes a grand, so every player picks up.
    """
    games = {c.game: c for c in _hand_games(ten) if _value(c, ten) >= bid}
    if "grand" in games and _grand_hand_weighed(ten):
        return "grand"
    if "null" in games and len(_loose_null_suits(ten)) <= 2:
        return "null"
    if grand_quality(ten) is not None or _jacks(ten) > 2:
        return None
    if any(g in SUIT_GAMES and suit_quality(ten, g) >= HAND_QUALITY for g in games):
        return "suit"
    return None


def hand_options(ten: Sequence[Card], bid: int) -> tuple[str, ...]:
    """Return 'pick up' and each sound hand game whose value (10 cards) reaches ``bid``."""
    out = [PICK_UP]
    for contract in _hand_games(ten):
        if _value(contract, ten) >= bid:
            out.append(f"hand {contract.game}")
    return tuple(out)


def pair_label(pair: Sequence[Card]) -> str:
    """Return the option text of a discard: the two cards in display order."""
    return " ".join(str(c) for c in sorted(pair, key=sort_key))


def assumed_discard(twelve: Sequence[Card], game: str) -> list[Card]:
    """Return the two cards a ``game`` question's option is judged with: the simple player's
    discard for that game (shown beside the option, as the learner must know it)."""
    return choose_discard(twelve, Contract(game))


def discard_options(twelve: Sequence[Card]) -> tuple[str, ...]:
    """Return every pair of the twelve cards (66 of them) as option texts."""
    ordered = sorted(twelve, key=sort_key)
    return tuple(pair_label(pair) for pair in combinations(ordered, 2))


def discard_groups(twelve: Sequence[Card], game: str) -> dict[str, str]:
    """Map each discard option to the option representing its group of equivalent discards.

    Two of the declarer's cards are alike when they are of the same effective suit, worth the
    same card points, and every card ranking between them is the declarer's own: laying away
    one or the other leaves hands that play the same. Two discards are equivalent when they
    lay away alike cards; the group's representative is its first pair in display order.
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


def weighed_discards(twelve: Sequence[Card], game: str) -> tuple[str, ...]:
    """Return the discards a player weighs, one per group of equivalent discards.

    Suit games and grand keep every trump and every ace; the options are the simple player's
    discard, each way of emptying a side suit of one or two cards, the two side cards worth
    the most points (burying them in the skat) and the two lowest side cards (keeping the
    points in hand). Null: every pair of the four most dangerous cards (the highest cards of
    the unsafe suits first), and the simple player's discard.
    """
    contract = Contract(game)
    pairs: list[tuple[Card, ...]] = [tuple(choose_discard(twelve, contract))]
    if contract.is_null:
        unsafe = null_unsafe_suits(twelve)
        ranked = sorted(twelve, key=lambda c: (c.suit not in unsafe, -strength(c, game), str(c)))
        pairs.extend(combinations(ranked[:4], 2))
    else:
        side = [c for c in twelve if effective_suit(c, game) != TRUMP and c.rank != "A"]
        low = sorted(side, key=lambda c: (card_points([c]), strength(c, game), str(c)))
        by_suit: dict[str, list[Card]] = {}
        for card in twelve:
            if effective_suit(card, game) != TRUMP:
                by_suit.setdefault(card.suit, []).append(card)
        for cards in by_suit.values():
            if any(c.rank == "A" for c in cards):
                continue
            if len(cards) == 2:
                pairs.append(tuple(cards))
            elif len(cards) == 1:
                others = [c for c in low if c not in cards]
                if others:
                    pairs.append((cards[0], others[0]))
        if len(side) >= 2:
            pairs.append(tuple(low[:2]))
            pairs.append(tuple(low[-2:]))
    groups = discard_groups(twelve, game)
    seen: dict[str, None] = {}
    for pair in pairs:
        seen.setdefault(groups[pair_label(pair)], None)
    return tuple(sorted(seen, key=lambda o: discard_options(twelve).index(o)))


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


def _played(
    spec: BidSpec,
    world: Mapping[str, Sequence[Card]],
    contract: Contract,
    ten: Sequence[Card],
    counting: Sequence[Card],
    twelve: Sequence[Card],
    bid: int,
    valuation: Valuation,
) -> Played:
    """Play ``contract`` with ``ten`` in hand and ``counting`` as skat; score it at ``bid``."""
    outcome = play_out(contract, _hands(spec, world, ten), spec.seat, counting, valuation)
    score = outcome.score(contract, bid, twelve)
    return Played(score, score > 0, True, outcome.points)


def _pick_up(
    spec: BidSpec, skat: Sequence[Card], bid: int
) -> tuple[Contract, list[Card], tuple[Card, ...]]:
    declaration = Declaration(spec.seat, bid, spec.cards, skat)
    declaration.pick_up()
    contract = choose_after_pickup(declaration.cards, bid)
    declaration.discard(choose_discard(declaration.cards, contract))
    game = declaration.declare(contract)
    return contract, list(game.hand), game.skat


def _world_results(
    spec: BidSpec, world: Mapping[str, Sequence[Card]], valuation: Valuation
) -> dict[str, Played]:
    """Return each option's result for the deciding seat in one world."""
    out: dict[str, Played] = {}
    if spec.question == "discard":
        twelve = [*spec.cards, *spec.skat]
        contract = Contract(spec.game)
        for option in spec.options:
            pair = SKAT_DECK.parse_hand(option.split())
            ten = [c for c in twelve if c not in pair]
            out[option] = _played(spec, world, contract, ten, pair, twelve, spec.bid, valuation)
        return out
    if spec.question == "game":
        twelve = [*spec.cards, *spec.skat]
        for game in spec.options:
            contract = Contract(game)
            discard = assumed_discard(twelve, game)
            ten = [c for c in twelve if c not in discard]
            out[game] = _played(spec, world, contract, ten, discard, twelve, spec.bid, valuation)
        return out
    skat = world["skat"]
    twelve = [*spec.cards, *skat]
    if spec.question == "hand":
        for option in spec.options:
            if option == PICK_UP:
                contract, ten, laid = _pick_up(spec, skat, spec.bid)
                out[option] = _played(spec, world, contract, ten, laid, twelve, spec.bid, valuation)
            else:
                contract = Contract(option.split()[1], hand=True)
                out[option] = _played(
                    spec, world, contract, spec.cards, skat, twelve, spec.bid, valuation
                )
        return out
    hands = _hands(spec, world, spec.cards)
    cache: dict[tuple[str, int], Played] = {}
    for option in spec.options:
        limit = 0 if option == PASS_OPTION else int(option)
        declarer, bid = _auction(hands, spec.seat, limit)
        if declarer != spec.seat:
            out[option] = Played(0, False, False)  # plain scoring: only the declarer scores
            continue
        declared = PLAYER.declare(Declaration(spec.seat, bid, spec.cards, skat))
        key = (str(declared.contract), bid)
        if key not in cache:
            cache[key] = _played(
                spec, world, declared.contract, declared.hand, declared.skat, twelve, bid, valuation
            )
        out[option] = cache[key]
    return out


def evaluate(
    spec: BidSpec,
    worlds: Sequence[Mapping[str, Sequence[Card]]],
    valuation: Valuation | None = None,
) -> dict[str, list[Played]]:
    """Return every option's result in each world (the same worlds for all options), each
    world's contract played as ``valuation`` says (whole deals for new quizzes)."""
    valuation = valuation or current("skat")
    samples: dict[str, list[Played]] = {o: [] for o in spec.options}
    for world in worlds:
        results = _world_results(spec, world, valuation)
        for option in spec.options:
            samples[option].append(results[option])
    return samples


def judge(spec: BidSpec, samples: Mapping[str, Sequence[Played]]) -> Verdict | None:
    """Judge the options on their scores in the shared worlds (``judge_sampled``)."""
    n = len(next(iter(samples.values())))
    per_world = [
        {
            option: Outcome(int(p.won), float(p.score), p.won, float(p.points))
            for option, p in ((o, samples[o][i]) for o in spec.options)
        }
        for i in range(n)
    ]
    order = {o: i for i, o in enumerate(spec.options)}
    return judge_sampled(per_world, MIN_GAP, prefer=order.__getitem__)


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


def question_for(seed: int) -> str:
    """Return the question a seed asks (drawn from the seed alone)."""
    return random.Random(f"skat/bid/{seed}").choice(QUESTIONS)


def _deals(seed: int, constraint: Any) -> Iterator[Dealt]:
    """Yield the deals a seed may look through, its own first (``DEAL_TRIES`` of them)."""
    for k in range(DEAL_TRIES):
        sample = deal_matching("skat", constraint, seed if k == 0 else f"{seed}/bid/{k}")
        h = sample.hands
        yield Dealt((tuple(h["0"]), tuple(h["1"]), tuple(h["2"])), tuple(sample.extra))


def make_spec(seed: int, constraint: Any) -> tuple[BidSpec, str, Dealt] | None:
    """Deal until the seed's question fits; return the spec and the simple player's answer.

    The deals are looked through in a fixed order (``_deals``) for the first one that fits
    the question (a hand worth bidding, a winner who could play hand, a pick-up with two
    games or discards to weigh); None when none of them fits.
    """
    rng = random.Random(f"skat/bid/{seed}")
    question = rng.choice(QUESTIONS)
    seat = rng.randrange(3)
    family = rng.choices(list(HAND_FAMILIES), weights=list(HAND_FAMILIES.values()))[0]
    for dealt in _deals(seed, constraint):
        made = _spec_for(question, seat, dealt, family)
        if made is not None:
            spec, natural = made
            return spec, natural, dealt
    return None


def _spec_for(question: str, seat: int, dealt: Dealt, family: str) -> tuple[BidSpec, str] | None:
    if question == "limit":
        ten = dealt.hands[seat]
        if not bid_worthy(ten):
            return None
        options = limit_options(ten)
        limit = PLAYER.limit(ten)
        natural = max((o for o in options[1:] if int(o) <= limit), key=int, default=PASS_OPTION)
        return BidSpec(question, seat, ten, (), (), 0, options), natural
    calls = run_auction(dealt.hands)
    declarer, bid = auction_result(calls)
    if declarer is None:
        return None
    ten = dealt.hands[declarer]
    game = PLAYER.declare(Declaration(declarer, bid, ten, dealt.skat))
    if question == "hand":
        if hand_family(ten, bid) != family:
            return None
        options = hand_options(ten, bid)
        natural = f"hand {game.contract.game}" if game.contract.hand else PICK_UP
        return BidSpec(question, declarer, ten, (), calls, bid, options), natural
    if game.contract.hand:
        return None  # the simple player would not pick up: no game or discard to ask about
    twelve = [*ten, *dealt.skat]
    if question == "discard":
        played = game.contract.game
        options = weighed_discards(twelve, played)
        if len(options) < 3:
            return None
        spec = BidSpec(question, declarer, ten, dealt.skat, calls, bid, options, played)
        groups = discard_groups(twelve, played)
        return spec, groups[pair_label(game.skat)]
    if textbook_grand(twelve):
        return None
    options = game_options(twelve, bid)
    if len(options) < 2:
        return None
    return BidSpec(question, declarer, ten, dealt.skat, calls, bid, options), game.contract.game


def _prompt(spec: BidSpec) -> str:
    who = SEAT_NAMES[spec.seat]
    if spec.question == "limit":
        return (
            f"You are {who}, before the auction. Up to which value do you bid (your games "
            "are counted on your ten cards)?"
        )
    if spec.question == "hand":
        return f"You ({who}) won the auction at {spec.bid}. Play hand, or pick up the skat?"
    skat = " ".join(str(c) for c in spec.skat)
    if spec.question == "discard":
        return (
            f"You ({who}) won the auction at {spec.bid}, picked up {skat} and will play "
            f"{spec.game}. Which two cards do you lay away?"
        )
    return f"You ({who}) won the auction at {spec.bid} and picked up {skat}. Which game?"


def label(spec: BidSpec, option: str) -> str:
    """Return the text of an option's button, with the game value it stands for."""
    if spec.question == "limit":
        if option == PASS_OPTION:
            return "pass"
        return f"bid up to {option} ({limit_labels(spec.cards)[int(option)]})"
    if spec.question == "discard":
        return f"lay away {option}"
    if spec.question == "hand":
        if option == PICK_UP:
            return "pick up the skat"
        return game_label(Contract(option.split()[1], hand=True), spec.cards)
    return game_label(Contract(option), [*spec.cards, *spec.skat])


def result_words(spec: BidSpec, option: str, results: Sequence[Played]) -> str:
    """Return what an option reaches over the worlds, its risk included.

    'a gamble: wins 55% of deals (+48 each); loses 96 when it fails; 9.6 a deal on average'.
    """
    n = len(results)
    mean = sum(p.score for p in results) / n
    if spec.question == "limit" and option == PASS_OPTION:
        return "you pass and score nothing (0 a deal)"
    declared = [p for p in results if p.declared]
    won = [p.score for p in declared if p.won]
    lost = [p.score for p in declared if not p.won]
    parts = []
    if spec.question == "limit":
        if not declared:
            return "the others outbid you in every deal (0 a deal)"
        parts.append(f"you declare in {len(declared)} of {n} deals and win {len(won)} of them")
    else:
        parts.append(f"wins {len(won) / n:.0%} of deals")
    if won:
        parts[-1] += f" (+{sum(won) / len(won):.0f} each)"
    if lost:
        parts.append(f"loses {-sum(lost) / len(lost):.0f} when it fails")
    text = "; ".join(parts) + f"; {mean:+.1f} a deal on average"
    if declared and len(lost) > GAMBLE * len(declared):
        text = "a gamble: " + text
    return text


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


def _position(spec: BidSpec, dealt: Dealt) -> dict[str, Any]:
    shown = sorted([*spec.cards, *spec.skat], key=sort_key)
    held = {s: shown if s == spec.seat else list(dealt.hands[s]) for s in range(3)}
    record = SkatPosition(
        seat=spec.seat,
        seat_name=SEAT_NAMES[spec.seat],
        dealer=DEALER_SEAT,
        question=spec.question,
        hands={str(spec.seat): tuple(str(c) for c in shown)},
        hidden=tuple(s for s in range(3) if s != spec.seat),
        contract=None
        if spec.question == "limit"
        else {
            "declarer": spec.seat,
            "bid": spec.bid,
            **({"game": spec.game, "name": spec.game} if spec.game else {}),
        },
        auction=tuple(Call(s, c) for s, c in spec.calls),
        skat=tuple(str(c) for c in spec.skat) if spec.skat else None,
        rules=settings_json(SKAT_SETTINGS),
        deal=deal_record(dict(enumerate(dealt.hands)), held, dealt.skat),
    )
    return record.to_json()


def _world_seed(seed: int) -> int:
    return random.Random(f"skat/bid/worlds/{seed}").randrange(2**31)


def candidates(
    spec: BidSpec, samples: Mapping[str, Sequence[Played]], verdict: Verdict
) -> tuple[Candidate, ...]:
    """Return the options as candidates: mean score, win rate, result words, and for a
    rejected option the gap to the best one."""
    n = len(samples[verdict.best])
    best_label = label(spec, verdict.best)
    out = []
    for option in spec.options:
        mean = verdict.values[option]
        text = ""
        if option not in verdict.accepted:
            text = (
                f"{label(spec, option)} scores {mean:+.1f} a deal on average over {n} deals, "
                f"{verdict.values[verdict.best] - mean:.1f} below {best_label}; it does worse "
                f"in {verdict.worse_in[option]} deals and better in "
                f"{verdict.better_in[option]}."
            )
        out.append(
            Candidate(
                option,
                round(mean, 3),
                option in verdict.accepted,
                label(spec, option),
                text,
                result=result_words(spec, option, samples[option]),
                rate=round(verdict.rates[option], 4),
                rate_unit=WIN_RATE.name,
            )
        )
    return tuple(out)


@generator("skat", "bid", MODES)
def bid_quiz(seed: int, mode: str, constraint: Any = None) -> QuizDraft | None:
    """Return a Skat bidding quiz for ``seed``, or None if it is no real decision."""
    if mode not in MODES:
        raise QuizError(f"skat bid quizzes come in modes {', '.join(MODES)}, not {mode!r}")
    made = make_spec(seed, constraint)
    if made is None:
        return None
    spec, natural, dealt = made
    try:
        worlds = sample_bid_worlds(spec, _world_seed(seed))
    except NoDealFound:
        return None
    valuation = current("skat")
    samples = evaluate(spec, worlds, valuation)
    verdict = judge(spec, samples)
    if verdict is None:
        return None
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
        position=_position(spec, dealt),
        candidates=candidates(spec, samples, verdict),
        unit=POINTS.name,
        themes=_themes(spec, verdict.accepted),
        rating=difficulty,
        rule_ref=RULES[spec.question],
        seed=seed,
        samples=len(worlds),
        margin=round(verdict.margin, 4),
        extra={
            "question": spec.question,
            "spec": spec.as_json(),
            "worlds": [world_json(w) for w in worlds],
            "world_seed": _world_seed(seed),
            "valuation": valuation.as_json(),
            "results": results_json(samples),
            "sampling_error": round(verdict.error, 4),
            "natural": natural,
            "deal": {
                "dealt": {str(i): [str(c) for c in h] for i, h in enumerate(dealt.hands)},
                "dealt_skat": [str(c) for c in dealt.skat],
            },
        },
    )


def results_json(samples: Mapping[str, Sequence[Played]]) -> dict[str, list[list[int]]]:
    """Return every option's result in each world as stored in ``extra['results']``:
    ``[score, won, declared, points]`` per world, in the order of ``extra['worlds']``."""
    return {
        option: [[p.score, int(p.won), int(p.declared), p.points] for p in played]
        for option, played in samples.items()
    }


def results_from_json(data: Mapping[str, Sequence[Sequence[int]]]) -> dict[str, list[Played]]:
    """Read ``extra['results']`` back (``results_json``)."""
    return {
        option: [Played(int(s), bool(w), bool(d), int(p)) for s, w, d, p in rows]
        for option, rows in data.items()
    }


def reevaluate(draft: QuizDraft, worlds: int | None = None) -> dict[str, list[Played]]:
    """Play the options of a stored bid quiz again on its stored worlds (on ``worlds`` of
    them spread evenly, ``recheck_indices``; all when None), in the stored order."""
    spec = BidSpec.from_json(draft.extra["spec"])
    every = [world_from_json(w) for w in draft.extra["worlds"]]
    chosen = [every[i] for i in recheck_indices(len(every), worlds)]
    return evaluate(spec, chosen, stored("skat", draft.extra))


def recheck_bid(draft: QuizDraft, worlds: int | None = None) -> list[str]:
    """Re-judge a stored Skat bid draft on its stored worlds; return every difference.

    [] when the same answers are accepted with the same values and win rates as stored. A
    draft that stores its per-world results (``extra['results']``) is judged again from
    them, and they are checked by playing ``worlds`` of the stored worlds again (all when
    None; ``common.valuation.recheck_indices``); an older draft is played again in every
    world.
    """
    spec = BidSpec.from_json(draft.extra["spec"])
    if "results" in draft.extra:
        samples = results_from_json(draft.extra["results"])
        problems = results_problems(
            samples, reevaluate(draft, worlds), len(draft.extra["worlds"]), worlds, spec.options
        )
    else:
        samples = reevaluate(draft)
        problems = []
    problems += differences(draft, judge(spec, samples))
    if any(c.rate is None for c in draft.candidates):
        problems.append("a candidate has no stored win rate")
    if draft.extra.get("question") != spec.question:
        problems.append(f"question differs: stored {draft.extra.get('question')!r}")
    return problems


quizzes.BID_RECHECKS["skat"] = recheck_bid
