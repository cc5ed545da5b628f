"""Call notation and the order of bids."""

from __future__ import annotations

import pytest

from games.wiezen import CallError, CallKind, parse_call
from games.wiezen.auction import candidate_calls
from games.wiezen.calls import abondance, ask, solo


@pytest.mark.parametrize(
    "text",
    [
        "pass",
        "ask H",
        "join",
        "alone",
        "piccolo",
        "abondance 10 D",
        "miserie",
        "troel",
        "troel HK",
        "join troel",
        "open miserie",
        "solo S",
    ],
)
def test_call_text_reads_back_to_the_same_call(text: str) -> None:
    assert str(parse_call(text)) == text


def test_every_existing_call_survives_a_text_round_trip() -> None:
    for call in candidate_calls():
        assert parse_call(str(call)) == call


@pytest.mark.parametrize(
    ("dutch", "english"),
    [("pas", "pass"), ("vraag c", "ask C"), ("mee", "join"), ("alleen", "alone"),
     ("troel mee", "join troel")],
)  # fmt: skip
def test_dutch_call_words_are_understood(dutch: str, english: str) -> None:
    assert str(parse_call(dutch)) == english


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty call"),
        ("double", "bad call 'double'"),
        ("ask Z", "expected a suit"),
        ("abondance 8 H", "abondance 8: the level must be 9, 10, 11 or 12"),
        ("abondance 13 H", "abondance 13"),
        ("abondance ten H", "needs a level 9-12, got 'ten'"),
        ("solo", "bad call 'solo'"),
        ("troel QQ", "bad call 'troel QQ'"),
    ],
)
def test_unreadable_calls_raise_an_error_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(CallError, match=message):
        parse_call(text)


def test_bid_order_runs_plain_piccolo_abondance_miserie_troel_open_miserie_solo() -> None:
    ladder = ["ask S", "piccolo", "abondance 12 H", "miserie", "troel", "open miserie", "solo S"]
    ranks = [parse_call(t).rank() for t in ladder]
    assert ranks == sorted(ranks)
    assert len(set(ranks)) == len(ranks)


def test_abondance_at_equal_level_ranks_hearts_diamonds_clubs_spades() -> None:
    ranks = [abondance(9, s).rank() for s in "HDCS"]
    assert ranks == sorted(ranks, reverse=True)


def test_a_higher_abondance_level_beats_a_higher_suit() -> None:
    assert abondance(10, "S").rank() > abondance(9, "H").rank()


def test_solo_in_a_higher_suit_beats_solo_in_a_lower_one() -> None:
    assert solo("H").rank() > solo("D").rank() > solo("C").rank() > solo("S").rank()


def test_pass_has_no_rank() -> None:
    with pytest.raises(CallError, match="pass is not a bid"):
        parse_call("pass").rank()


def test_ask_keeps_its_suit() -> None:
    call = ask("d")
    assert (call.kind, call.suit) == (CallKind.ASK, "D")
