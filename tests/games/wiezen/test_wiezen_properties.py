"""Property-based tests: random legal auctions and plays always finish and keep the rules."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.cards import SEATS, Card
from games.wiezen import Auction, Contract, ContractKind, Play, WiezenSettings, deal, score_deal
from games.wiezen.calls import CallKind

RANK_ORDER = "23456789TJQKA"


def simple_rank(card: Card, led: str, trump: str | None) -> tuple[int, int]:
    """Rank a card in a trick independently of the engine: trumps, then led suit, else 0."""
    if card.suit == trump:
        return (2, RANK_ORDER.index(card.rank))
    if card.suit == led:
        return (1, RANK_ORDER.index(card.rank))
    return (0, 0)


def random_auction(data: st.DataObject, seed: int, dealer: str, piccolo: bool) -> Auction:
    auction = Auction(dealer, deal(seed, dealer), WiezenSettings(piccolo=piccolo))
    for _ in range(200):
        if auction.finished:
            break
        # Passing more often keeps auctions realistic and short.
        legal = auction.legal_calls()
        passes = [c for c in legal if c.kind is CallKind.PASS]
        pool = passes * 3 + legal if passes else legal
        auction.apply(data.draw(st.sampled_from(pool)))
    return auction


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    seed=st.integers(0, 10**6),
    dealer=st.sampled_from(SEATS),
    piccolo=st.booleans(),
)
def test_random_legal_auctions_always_finish_with_a_valid_contract(
    data: st.DataObject, seed: int, dealer: str, piccolo: bool
) -> None:
    auction = random_auction(data, seed, dealer, piccolo)
    assert auction.finished
    assert auction.legal_calls() == []
    contract = auction.contract
    if contract is None:
        assert auction.thrown_in
        return
    assert contract.declarers and len(set(contract.declarers)) == len(contract.declarers)
    assert contract.first_leader in SEATS
    if contract.is_pair:
        assert len(contract.declarers) == 2 and contract.target == 8
    if contract.is_individual:
        assert contract.trump is None
    else:
        assert contract.trump is not None and contract.trump in "SHDC"


def random_contract(data: st.DataObject, seed: int) -> tuple[Contract, dict[str, list[Card]]]:
    dealer = SEATS[seed % 4]
    hands = deal(seed, dealer)
    while True:
        auction = random_auction(data, seed, dealer, piccolo=True)
        if auction.contract is not None:
            return auction.contract, hands
        seed += 1
        hands = deal(seed, dealer)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 10**6))
def test_random_legal_play_plays_every_card_once_and_winners_are_trick_maxima(
    data: st.DataObject, seed: int
) -> None:
    contract, hands = random_contract(data, seed)
    play = Play(hands, contract)
    while not play.finished:
        seat = play.to_move
        assert seat is not None
        legal = play.legal_cards()
        hand = play.hands[seat]
        assert set(legal) <= set(hand)
        if play.current and contract.lead_card is None:
            led = play.current[0].suit
            if any(c.suit == led for c in hand):
                assert all(c.suit == led for c in legal)
        play.play(data.draw(st.sampled_from(legal)))
    played = [c for t in play.tricks for c in t.cards]
    assert len(played) == 52 and set(played) == {c for h in hands.values() for c in h}
    assert len(play.tricks) == 13
    for trick in play.tricks:
        led = trick.cards[0].suit
        ranks = [simple_rank(c, led, contract.trump) for c in trick.cards]
        winner_index = SEATS.index(trick.winner) - SEATS.index(trick.leader)
        assert ranks[winner_index % 4] == max(ranks)
    score = score_deal(contract, play.tricks_won(), WiezenSettings(piccolo=True))
    assert sum(score.points.values()) == 0


@settings(max_examples=150, deadline=None)
@given(
    kind_index=st.integers(0, 7),
    counts=st.lists(st.integers(0, 13), min_size=3, max_size=3).filter(lambda xs: sum(xs) <= 13),
    after_all_pass=st.booleans(),
    cap=st.sampled_from([None, 1, 2, 3]),
)
def test_every_deal_score_is_zero_sum(
    kind_index: int, counts: list[int], after_all_pass: bool, cap: int | None
) -> None:
    contracts = [
        Contract(ContractKind.ASK_JOIN, ("N", "W"), "S", 8, "E"),
        Contract(ContractKind.ALONE, ("E",), "H", 5, "E"),
        Contract(ContractKind.TROEL, ("S", "E"), "D", 8, "E"),
        Contract(ContractKind.ABONDANCE, ("S",), "C", 11, "S"),
        Contract(ContractKind.SOLO, ("W",), "C", 13, "W"),
        Contract(ContractKind.MISERIE, ("N", "S"), None, 0, "E"),
        Contract(ContractKind.OPEN_MISERIE, ("E", "S", "W"), None, 0, "N"),
        Contract(ContractKind.PICCOLO, ("N",), None, 1, "E"),
    ]
    tricks = dict(zip(SEATS, [*counts, 13 - sum(counts)], strict=True))
    settings_ = WiezenSettings(piccolo=True, multiplier_cap=cap)
    score = score_deal(contracts[kind_index], tricks, settings_, after_all_pass)
    assert sum(score.points.values()) == 0
    assert 1 <= score.multiplier <= (cap or 4)
