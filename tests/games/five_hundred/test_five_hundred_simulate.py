"""play_deal and describe: a whole deal played by the simple players, as a record and as text."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import FIVE_HUNDRED_DECK
from games.five_hundred.calls import parse_call
from games.five_hundred.contract import Contract
from games.five_hundred.dealing import deal
from games.five_hundred.scoring import score_deal
from games.five_hundred.settings import FiveHundredSettings
from games.five_hundred.simulate import describe, play_deal

KEYS = {"game", "seed", "dealer", "hands", "extra", "auction", "contract", "tricks", "score"}


def test_the_record_has_the_agreed_keys_and_is_json() -> None:
    record = play_deal(0)
    assert set(record) == KEYS
    assert record["game"] == "five_hundred" and record["seed"] == 0
    assert json.loads(json.dumps(record)) == record


def test_the_dealer_rotates_with_the_seed_and_hands_are_as_dealt() -> None:
    for seed in range(4):
        record = play_deal(seed)
        assert record["dealer"] == "NESW"[seed % 4]
        dealt = deal(seed, "NESW"[seed % 4])
        hands = record["hands"]
        assert isinstance(hands, dict)
        assert {s: h.split() for s, h in hands.items()} == {
            s: [str(c) for c in dealt.hands[s]] for s in "NESW"
        }
        assert record["extra"] == " ".join(str(c) for c in dealt.kitty)


def test_the_same_seed_plays_the_same_deal() -> None:
    assert play_deal(17) == play_deal(17)


def test_a_thrown_in_deal_has_no_contract_and_no_tricks() -> None:
    records = [play_deal(seed) for seed in range(60)]
    thrown = [r for r in records if r["contract"] is None]
    assert thrown, "expected at least one all-pass deal among 60 seeds"
    for record in thrown:
        assert record["tricks"] == [] and len(record["auction"]) == 4  # type: ignore[arg-type]
        score = record["score"]
        assert isinstance(score, dict) and score["NS"] == score["EW"] == 0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), bowers=st.booleans())
def test_played_deals_are_complete_and_scored_consistently(seed: int, bowers: bool) -> None:
    game_settings = FiveHundredSettings(bowers=bowers)
    record = play_deal(seed, game_settings)
    contract = record["contract"]
    if contract is None:
        return
    assert isinstance(contract, dict)
    tricks = record["tricks"]
    assert isinstance(tricks, list) and len(tricks) == 10
    discards = contract["discards"].split()
    assert len(discards) == 3
    hands = record["hands"]
    assert isinstance(hands, dict)
    dealt = set(" ".join([*hands.values(), str(record["extra"])]).split())
    played = Counter(card for trick in tricks for card in trick["cards"])
    assert all(n == 1 for n in played.values())
    sitting_out = contract["sitting_out"]
    out = hands[sitting_out].split() if sitting_out else []
    assert Counter([*played, *discards, *out]) == Counter(str(c) for c in FIVE_HUNDRED_DECK)
    assert set(played) <= dealt
    team = contract["team"]
    declarer_tricks = sum(1 for trick in tricks if trick["winner"] in team)
    rebuilt = score_deal(
        Contract(parse_call(contract["bid"]), contract["declarer"]),
        declarer_tricks,
        game_settings,
    ).as_dict()
    assert record["score"] == rebuilt
    if contract["open"]:
        assert len(contract["exposed"].split()) == 9


def test_describe_shows_auction_tricks_and_score() -> None:
    record = next(r for r in (play_deal(s) for s in range(20)) if r["contract"] is not None)
    text = describe(record)
    score = record["score"]
    assert isinstance(score, dict)
    assert text.splitlines()[0] == f"500, seed {record['seed']}, dealer {record['dealer']}"
    assert "Auction: " in text and "Contract: " in text
    assert "trick 10:" in text
    assert text.splitlines()[-1].endswith(str(score["summary"]))


def test_describe_handles_a_thrown_in_deal() -> None:
    record = next(r for r in (play_deal(s) for s in range(60)) if r["contract"] is None)
    text = describe(record)
    assert "thrown in" in text and "trick" not in text
