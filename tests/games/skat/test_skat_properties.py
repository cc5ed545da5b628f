"""Property-based tests: random legal auctions and plays, checked against simple rankings."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import SKAT_DECK, Card
from games.skat.auction import Auction
from games.skat.contract import GAME_TYPES, Contract
from games.skat.errors import IllegalPlay
from games.skat.play import Play
from games.skat.rules import card_points, deal
from games.skat.scoring import score_game
from games.skat.simulate import play_deal
from games.skat.values import bid_values, game_value

SETTINGS = settings(max_examples=60, deadline=None)
seeds = st.integers(min_value=0, max_value=10**9)
games = st.sampled_from(GAME_TYPES)
picks = st.lists(st.integers(min_value=0, max_value=10**6), min_size=200, max_size=200)


def trump_list(game: str) -> list[str]:
    """Spell out the trumps from the top, written here apart from the engine."""
    if game == "null":
        return []
    jacks = ["CJ", "SJ", "HJ", "DJ"]
    if game == "grand":
        return jacks
    letter = {"clubs": "C", "spades": "S", "hearts": "H", "diamonds": "D"}[game]
    return jacks + [letter + r for r in "ATKQ987"]


def suit_of(card: str, game: str) -> str:
    return "trump" if card in trump_list(game) else card[0]


def best_card(cards: list[str], game: str) -> str:
    trumps = trump_list(game)
    played_trumps = [c for c in cards if c in trumps]
    if played_trumps:
        return min(played_trumps, key=trumps.index)
    order = "AKQJT987" if game == "null" else "ATKQ987"
    led = [c for c in cards if c[0] == cards[0][0]]
    return min(led, key=lambda c: order.index(c[1]))


@SETTINGS
@given(picks)
def test_random_legal_auctions_always_finish(choices: list[int]) -> None:
    auction = Auction()
    last_value_by: set[int] = set()
    for pick in choices:
        if auction.finished:
            break
        seat = auction.to_move
        assert seat is not None
        legal = auction.legal_calls()
        call = legal[pick % len(legal)]
        auction.call(call, seat)
        if call.isdigit():
            last_value_by = {seat}
        elif call == "yes":
            last_value_by.add(seat)
    result = auction.result
    assert result is not None
    values = [int(c) for _, c in auction.history if c.isdigit()]
    if result.declarer is None:
        assert values == [] and [c for _, c in auction.history] == ["pass"] * 3
    else:
        assert result.bid == max(values) and result.bid in bid_values()
        assert result.declarer in last_value_by
        assert len(auction.history) <= 2 * len(bid_values()) + 3


@SETTINGS
@given(seeds, games, st.integers(0, 2), picks)
def test_random_legal_plays_play_every_card_once(
    seed: int, game: str, declarer: int, choices: list[int]
) -> None:
    cards = deal(seed)
    play = Play(game, cards.hands, declarer, leader=0, skat=cards.skat)
    for pick in choices:
        if play.finished:
            break
        legal = play.legal_cards()
        seat = play.to_move
        assert seat is not None
        hand = play.hands[seat]
        if play.current:
            led = suit_of(str(play.current[0]), game)
            follow = [c for c in hand if suit_of(str(c), game) == led]
            assert set(legal) == set(follow or hand)
        else:
            assert set(legal) == set(hand)
        wrong = [c for c in SKAT_DECK if c not in legal]
        if wrong:
            try:
                play.play(wrong[pick % len(wrong)])
            except IllegalPlay:
                pass
            else:
                raise AssertionError("an illegal card was accepted")
        play.play(legal[pick % len(legal)])
    assert play.finished and len(play.tricks) == 10
    played = [c for t in play.tricks for c in t.cards]
    assert sorted(played) == sorted(c for h in cards.hands for c in h)
    for trick in play.tricks:
        texts = [str(c) for c in trick.cards]
        winner_card = best_card(texts, game)
        assert trick.seat_of(texts.index(winner_card)) == trick.winner
    assert play.declarer_points + play.defender_points == 120
    assert card_points(play.skat) + sum(t.points for t in play.tricks) == 120


@SETTINGS
@given(
    games,
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.integers(1, 11),
    st.booleans(),
    st.booleans(),
)
def test_every_game_value_is_a_reachable_bid(
    game: str,
    hand: bool,
    schneider_announced: bool,
    schwarz_announced: bool,
    ouvert: bool,
    count: int,
    schneider: bool,
    schwarz: bool,
) -> None:
    try:
        contract = Contract(game, hand, schneider_announced, schwarz_announced, ouvert)
    except ValueError:
        return
    count = min(count, len(trump_list(game)) or 1)
    value = game_value(contract, count, schneider or schwarz, schwarz)
    assert value in bid_values()


@SETTINGS
@given(seeds, st.sampled_from([g for g in GAME_TYPES if g != "null"]), st.integers(18, 120))
def test_scores_are_won_values_or_double_losses_that_reach_the_bid(
    seed: int, game: str, bid: int
) -> None:
    cards = deal(seed)
    play = Play(game, cards.hands, 0, skat=cards.skat)
    while not play.finished:
        play.play(play.legal_cards()[0])
    result = score_game(
        Contract(game),
        bid,
        [*cards.hands[0], *cards.skat],
        play.declarer_points,
        play.declarer_tricks,
    )
    assert result.declarer_points + result.defender_points == 120
    assert result.value >= bid or not result.won
    assert result.score in (result.value, -2 * result.value)
    assert result.won == (result.score > 0)
    if result.overbid:
        assert result.value >= bid and not result.won


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_simulated_deals_finish_and_keep_120_card_points(seed: int) -> None:
    record = play_deal(seed)
    if record["contract"] is None:
        assert record["tricks"] == []
        return
    played = [Card(c[0], c[1]) for t in record["tricks"] for c in t["cards"]]
    assert len(played) == len(set(played)) == 30
    score = record["score"]
    assert score["declarer_points"] + score["defender_points"] == 120
    assert score["points"][str(record["contract"]["declarer"])] != 0
