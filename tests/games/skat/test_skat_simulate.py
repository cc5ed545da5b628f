"""The whole-deal simulation record and its description."""

from __future__ import annotations

import itertools
import json

from games.cards import SKAT_DECK
from games.skat.rules import card_points
from games.skat.settings import SkatSettings
from games.skat.simulate import describe, play_deal
from games.skat.util import read_cards

KEYS = {"game", "seed", "dealer", "hands", "extra", "auction", "contract", "tricks", "score"}


def played_seed() -> int:
    return next(s for s in range(50) if play_deal(s)["contract"] is not None)


def thrown_in_seed() -> int:
    return next(s for s in range(200) if play_deal(s)["contract"] is None)


def test_record_has_the_agreed_keys_and_survives_json() -> None:
    record = play_deal(played_seed())
    assert set(record) == KEYS and record["game"] == "skat"
    assert json.loads(json.dumps(record)) == record


def test_record_is_the_same_for_the_same_seed() -> None:
    seed = played_seed()
    assert play_deal(seed) == play_deal(seed)


def test_played_record_holds_ten_tricks_of_every_card_once() -> None:
    record = play_deal(played_seed())
    dealt = [c for h in record["hands"].values() for c in h.split()] + record["extra"].split()
    assert sorted(dealt) == sorted(str(c) for c in SKAT_DECK)
    played = [c for t in record["tricks"] for c in t["cards"]]
    assert len(record["tricks"]) == 10 and len(set(played)) == 30
    declarer = record["contract"]["declarer"]
    skat_for_declarer = record["contract"]["discard"] or record["extra"]
    won = sum(
        card_points(read_cards(t["cards"])) for t in record["tricks"] if t["winner"] == declarer
    )
    assert record["score"]["declarer_points"] == won + card_points(read_cards(skat_for_declarer))


def test_trick_leaders_follow_the_previous_winner() -> None:
    tricks = play_deal(played_seed())["tricks"]
    assert tricks[0]["leader"] == 0
    for before, after in itertools.pairwise(tricks):
        assert after["leader"] == before["winner"]


def test_auction_calls_come_from_the_seats_in_turn() -> None:
    record = play_deal(played_seed())
    assert record["auction"][0]["seat"] == 1
    assert record["contract"]["bid"] == max(
        int(step["call"]) for step in record["auction"] if step["call"].isdigit()
    )


def test_thrown_in_deal_has_no_contract_and_no_points() -> None:
    record = play_deal(thrown_in_seed())
    assert record["contract"] is None and record["tricks"] == []
    assert [step["call"] for step in record["auction"]] == ["pass", "pass", "pass"]
    assert set(record["score"]["points"].values()) == {0}
    assert "thrown in" in describe(record)


def test_describe_shows_auction_declaration_tricks_and_score() -> None:
    record = play_deal(played_seed())
    text = describe(record)
    assert text.splitlines()[0].startswith(f"Skat deal, seed {record['seed']}")
    assert "Auction:" in text and "Play:" in text
    assert record["contract"]["name"] in text
    assert record["score"]["summary"] in text
    assert " 10. " in text


def test_seeger_fabian_points_in_the_record() -> None:
    seed = played_seed()
    plain = play_deal(seed)
    listed = play_deal(seed, SkatSettings(scoring="seeger_fabian"))
    declarer = str(plain["contract"]["declarer"])
    bonus = 50 if plain["score"]["won"] else -50
    assert listed["score"]["points"][declarer] == plain["score"]["points"][declarer] + bonus
