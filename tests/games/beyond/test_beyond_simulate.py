"""Whole simulated deals: the record's shape, its consistency, and the readable account."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

from games.beyond import PASS, Auction, deal, describe, play_deal
from games.beyond.calls import Call
from games.beyond.simulate import run_deal
from games.cards import BEYOND_DECK, Card

KEYS = {"game", "seed", "dealer", "hands", "extra", "auction", "contract", "tricks", "score"}


def test_record_has_the_agreed_keys_and_is_json() -> None:
    record = play_deal(3)
    assert set(record) == KEYS
    assert record["game"] == "beyond" and record["seed"] == 3 and record["extra"] is None
    assert json.loads(json.dumps(record)) == record


def test_record_is_reproducible_from_the_seed() -> None:
    assert play_deal(17) == play_deal(17)
    assert play_deal(17)["hands"] != play_deal(18)["hands"]


def test_dealer_rotates_with_the_seed() -> None:
    assert [play_deal(seed)["dealer"] for seed in range(4)] == ["N", "E", "S", "W"]


def test_record_hands_are_the_dealt_hands() -> None:
    record = play_deal(9)
    dealt = deal(9, record["dealer"])
    for seat, text in record["hands"].items():
        assert set(BEYOND_DECK.parse_hand(text)) == set(dealt[seat])


def test_record_tricks_use_every_card_once_and_match_the_score() -> None:
    record = play_deal(10)
    played = [card for trick in record["tricks"] for card in trick["cards"]]
    assert len(record["tricks"]) == 13
    assert sorted(played) == sorted(str(c) for c in BEYOND_DECK)
    won = Counter(trick["winner"] for trick in record["tricks"])
    assert record["score"]["tricks"] == {s: won[s] for s in "NESW"}


def test_record_contract_matches_the_auction() -> None:
    record = play_deal(2)
    contract = record["contract"]
    assert contract is not None
    last_bid = [c for c in record["auction"] if c["call"][0].isdigit()][-1]
    assert (contract["declarer"], contract["bid"]) == (last_bid["seat"], last_bid["call"])
    declared = {d["seat"]: d["tricks"] for d in contract["declarations"]}
    assert declared[contract["declarer"]] == contract["level"]
    assert sum(declared.values()) != 13


def test_first_trick_is_led_left_of_the_dealer() -> None:
    for seed in range(4):
        record = play_deal(seed)
        assert record["tricks"][0]["leader"] == "NESW"[("NESW".index(record["dealer"]) + 1) % 4]


def _always_pass(auction: Auction, hand: Sequence[Card]) -> Call:
    return PASS


def test_an_all_pass_auction_plays_and_scores_the_pass_round() -> None:
    record = run_deal(deal(5), "N", seed=5, bidder=_always_pass)
    assert record["contract"] is None
    assert [c["call"] for c in record["auction"]] == ["pass"] * 4
    assert record["score"]["kind"] == "pass_round"
    assert len(record["tricks"]) == 13
    assert "pass round" in describe(record)


def test_describe_shows_auction_every_trick_and_the_score() -> None:
    record = play_deal(1)
    text = describe(record)
    lines = text.splitlines()
    assert lines[0] == "Beyond, seed 1, dealer E"
    assert any(line.startswith("Auction: ") for line in lines)
    assert sum(1 for line in lines if line.startswith("Trick ")) == 13
    assert lines[-1] == f"Score: {record['score']['summary']}"


def test_simulated_contract_deals_give_at_most_one_pair_points() -> None:
    for seed in range(40):
        record = play_deal(seed)
        if record["contract"] is not None:
            assert min(record["score"]["pairs"].values()) == 0
