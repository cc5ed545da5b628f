"""Property tests: random legal auctions and plays always finish and keep the rules' invariants.

Trick winners and legal cards are checked against a plain reference ranking written here,
independently of games.five_hundred.rules.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import FIVE_HUNDRED_DECK, Card
from games.five_hundred.auction import Auction
from games.five_hundred.calls import LADDER, Call
from games.five_hundred.contract import Contract
from games.five_hundred.dealing import deal
from games.five_hundred.exchange import exchange
from games.five_hundred.play import Play
from games.five_hundred.scoring import score_deal
from games.five_hundred.settings import FiveHundredSettings

PLAIN_ORDER = "456789TJQKA"  # low to high
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
SEATS = st.sampled_from("NESW")


def reference_trump_ladder(trump: str, bowers: bool) -> list[str]:
    """Return the trump cards high to low as text, e.g. X1 HJ DJ HA HK HQ HT ..."""
    top = ["X1"] + ([trump + "J", SAME_COLOUR[trump] + "J"] if bowers else [])
    rest = [trump + r for r in reversed(PLAIN_ORDER) if trump + r not in top]
    return [c for c in top + rest if c == "X1" or Card(c[0], c[1]) in FIVE_HUNDRED_DECK]


def reference_suit(card: Card, trump: str | None, bowers: bool) -> str:
    if card.is_joker:
        return trump or "none"
    if trump and bowers and card == Card(SAME_COLOUR[trump], "J"):
        return trump
    return card.suit


def reference_winner(
    cards: list[Card], trump: str | None, bowers: bool, joker_suit: str | None
) -> int:
    texts = [str(c) for c in cards]
    if trump is None:
        if "X1" in texts:
            return texts.index("X1")
        led = joker_suit if cards[0].is_joker else cards[0].suit
    else:
        ladder = reference_trump_ladder(trump, bowers)
        trumps = [t for t in texts if t in ladder]
        if trumps:
            return texts.index(min(trumps, key=ladder.index))
        led = cards[0].suit
    followers = [i for i, c in enumerate(cards) if c.suit == led and not c.is_joker]
    return max(followers, key=lambda i: PLAIN_ORDER.index(cards[i].rank))


def reference_legal(
    hand: list[Card], led: str | None, trump: str | None, bowers: bool
) -> set[Card]:
    if led is None:
        return set(hand)
    following = {c for c in hand if reference_suit(c, trump, bowers) == led}
    return following or set(hand)


@settings(max_examples=80, deadline=None)
@given(dealer=SEATS, picks=st.lists(st.integers(0, 10_000), min_size=60, max_size=60))
def test_random_legal_auctions_always_finish(dealer: str, picks: list[int]) -> None:
    auction = Auction(dealer, FiveHundredSettings())
    passed: set[str] = set()
    for pick in picks:
        if auction.is_finished:
            break
        seat = auction.to_move
        assert seat is not None and seat not in passed
        legal = auction.legal_calls()
        # Lean toward passing half the time so that auctions are of every length.
        call = legal[0] if pick % 2 else legal[pick % len(legal)]
        auction.call(call)
        if call.is_pass:
            passed.add(seat)
    assert auction.is_finished
    bids = [(seat, call) for seat, call in auction.calls if call.is_bid]
    ranks = [call.rank for _, call in bids]
    assert ranks == sorted(set(ranks))
    contract = auction.contract
    if contract is None:
        assert auction.thrown_in and len(auction.calls) == 4
    else:
        assert (contract.declarer, contract.bid) == bids[-1]
        assert passed == set("NESW") - {contract.declarer}


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    declarer=SEATS,
    bid=st.sampled_from(LADDER),
    bowers=st.booleans(),
    discard_picks=st.lists(st.integers(0, 12), min_size=3, max_size=3, unique=True),
    choices=st.lists(st.integers(0, 9), min_size=40, max_size=40),
    joker_suits=st.lists(st.sampled_from("SHDC"), min_size=10, max_size=10),
)
def test_random_legal_plays_keep_every_rule(
    seed: int,
    declarer: str,
    bid: Call,
    bowers: bool,
    discard_picks: list[int],
    choices: list[int],
    joker_suits: list[str],
) -> None:
    game_settings = FiveHundredSettings(bowers=bowers)
    contract = Contract(bid, declarer)
    dealt = deal(seed, "N")
    pool = [*dealt.hands[declarer], *dealt.kitty]
    discards = [pool[i] for i in discard_picks]
    hands = dict(dealt.hands)
    hands[declarer] = exchange(dealt.hands[declarer], dealt.kitty, discards)
    play = Play(contract, hands, game_settings)
    trump = contract.trump

    step = 0
    while not play.is_finished:
        seat = play.to_move
        assert seat is not None
        legal = play.legal_cards(seat)
        led = None if not play.current else play.led_suit
        assert set(legal) == reference_legal(list(play.hands[seat]), led, trump, bowers)
        card = legal[choices[step % len(choices)] % len(legal)]
        named = None
        if not play.current and card.is_joker and trump is None:
            named = joker_suits[len(play.tricks)]
        play.play(seat, card, named)
        step += 1

    # Every card of every playing hand is played exactly once; 10 tricks of equal size.
    played = Counter(c for trick in play.tricks for c in trick.cards)
    assert all(n == 1 for n in played.values())
    expected = {c for seat in contract.players for c in hands[seat]}
    assert set(played) == expected
    assert len(play.tricks) == 10
    assert all(len(t.plays) == len(contract.players) for t in play.tricks)
    # The discards, the played cards and a sitting-out hand make up the deck exactly once.
    out = list(hands[contract.sitting_out]) if contract.sitting_out else []
    assert len(discards) == 3
    assert Counter([*played, *discards, *out]) == Counter(FIVE_HUNDRED_DECK)

    leader = contract.declarer
    for trick in play.tricks:
        assert trick.leader == leader
        cards = list(trick.cards)
        index = reference_winner(cards, trump, bowers, trick.joker_suit)
        assert trick.winner == trick.plays[index][0]
        leader = trick.winner

    score = score_deal(contract, play.declarer_tricks, game_settings)
    assert score.declarer_tricks + score.defender_tricks == 10
    if contract.is_misere:
        assert score.defence_points == 0
        assert score.made == (play.declarer_tricks == 0)
    else:
        assert score.defence_points == 10 * play.defender_tricks
        assert score.made == (play.declarer_tricks >= contract.tricks_needed)
    assert abs(score.declarer_points) >= contract.value


def test_the_reference_ladder_matches_the_standard_order() -> None:
    assert reference_trump_ladder("H", True)[:6] == ["X1", "HJ", "DJ", "HA", "HK", "HQ"]
    assert reference_trump_ladder("S", False)[:5] == ["X1", "SA", "SK", "SQ", "SJ"]
    assert len(reference_trump_ladder("H", True)) == 13  # joker, 11 hearts, left bower
    assert len(reference_trump_ladder("C", True)) == 12  # joker, 10 clubs, left bower
