"""The typed position record: one shape for the four games, each game's facts checked."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.cards import deck_for
from games.five_hundred import Auction
from games.position import (
    FORMAT_VERSION,
    POSITIONS,
    Call,
    FiveHundredPosition,
    PositionError,
    Trick,
    deal_record,
    position_from_json,
    record_problems,
    settings_json,
    shown_part,
)
from games.quizzes.five_hundred.table import deal_for, five_hundred_position

NT_CONTRACT = {
    "bid": "7N", "name": "7 no trumps", "declarer": "N", "team": ["N", "S"], "side": "NS",
    "trump": None, "misere": False, "open": False, "sitting_out": None, "tricks_needed": 7,
    "value": 220,
}  # fmt: skip


def five_hundred_joker_lead(lead_done: bool) -> dict[str, Any]:
    """Return a 500 no-trump position where North led the joker naming hearts: the trick is
    done (East to lead next) or still on the table (East to follow)."""
    cards = [str(c) for c in deck_for("five_hundred")]
    cards.remove("X1")
    dealt = {s: cards[i * 10 : (i + 1) * 10] for i, s in enumerate("NESW")}
    dealt["N"] = ["X1", *dealt["N"][1:]]
    stock = [cards[0], *cards[40:]]
    plays = [("N", "X1"), ("E", dealt["E"][0]), ("S", dealt["S"][0]), ("W", dealt["W"][0])]
    played = plays if lead_done else plays[:2]
    gone = {c for _, c in played}
    held = {s: [c for c in h if c not in gone] for s, h in dealt.items()}
    done = (Trick(tuple(plays), "N", "H"),) if lead_done else ()
    current = Trick() if lead_done else Trick(tuple(played), None, "H")
    return FiveHundredPosition(
        seat="E" if lead_done else "S",
        dealer="W",
        question="play",
        hands={s: tuple(h) for s, h in held.items()},
        hidden=(),
        contract=NT_CONTRACT,
        auction=(Call("N", "7N"), Call("E", "P"), Call("S", "P"), Call("W", "P")),
        trick=current,
        tricks_played=done,
        tricks_won={"N": 1} if lead_done else {},
        tricks_left=9 if lead_done else 10,
        tricks_needed=7,
        rules=settings_json(POSITIONS["five_hundred"].SETTINGS),
        deal=deal_record(dealt, held, stock),
    ).to_json()


@pytest.mark.parametrize("lead_done", [True, False])
def test_the_suit_named_for_a_joker_lead_is_kept_in_the_trick_history(lead_done: bool) -> None:
    position = json.loads(json.dumps(five_hundred_joker_lead(lead_done)))
    assert record_problems("five_hundred", position) == []
    record = position_from_json("five_hundred", position)
    if lead_done:
        assert position["named_suits"] == ["H"]
        assert record.tricks_played[0].named_suit == "H"
        assert record.tricks_played[0].winner == "N"
    else:
        assert position["named_suit"] == "H"
        assert record.trick.named_suit == "H"
    assert position["rules"]["bowers"] is True


def test_a_suit_named_for_a_card_other_than_the_joker_is_refused() -> None:
    position = five_hundred_joker_lead(True)
    first = position["tricks_played"][0]
    first[0], first[1] = first[1], first[0]
    with pytest.raises(PositionError, match=r"position\.tricks_played\[0\]\[0\]|named_suits"):
        position_from_json("five_hundred", position)


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"hands": [["N", "SA"]]}, "position.hands"),
        ({"auction": [["N", "7N", "extra"]]}, r"position.auction\[0\]"),
        ({"trick_winners": []}, "position.trick_winners"),
        ({"trick_winners": ["Q"]}, r"position.trick_winners\[0\]"),
        ({"tricks_won": {"N": 0}}, "position.tricks_won.N"),
        ({"named_suits": ["Z"]}, r"position.named_suits\[0\]"),
        ({"rules": {"bowers": "yes"}}, "position.rules"),
        ({"seat": "X"}, "position.seat"),
        ({"colour": "red"}, "position.colour: unknown field"),
        ({"deal": {"dealt": {}, "held": {}, "stock": [], "laid_away": []}}, "position.deal.dealt"),
        ({"contract": {**NT_CONTRACT, "tricks_needed": "seven"}}, "position.contract.tricks_"),
    ],
)
def test_a_position_of_the_wrong_shape_names_its_field(change: dict, path: str) -> None:
    position = {**five_hundred_joker_lead(True), **change}
    with pytest.raises(PositionError, match=rf"^{path}"):
        position_from_json("five_hundred", position)


def test_a_hand_that_differs_from_the_deal_is_refused() -> None:
    position = five_hundred_joker_lead(True)
    east = position["hands"]["E"]
    west = position["hands"]["W"]
    east[0], west[0] = west[0], east[0]
    with pytest.raises(PositionError, match=r"^position\.hands\.E: differs from the hand held"):
        position_from_json("five_hundred", position)


def test_the_whole_deal_is_left_out_of_what_the_learner_sees() -> None:
    position = five_hundred_joker_lead(True)
    assert "deal" in position and "deal" not in shown_part(position)
    assert FORMAT_VERSION == 2


def test_a_kitty_quiz_position_keeps_the_kitty_and_the_thirteen_cards() -> None:
    deal = deal_for(3)
    thirteen = [*deal.hands["N"], *deal.kitty]
    position = five_hundred_position(
        seat="N",
        question="kitty",
        deal=deal,
        shown=["N"],
        hidden=["E", "S", "W"],
        auction=Auction(deal.dealer).calls,
        contract={"name": "7 spades", "bid": "7S", "declarer": "N"},
        held={"N": thirteen},
        kitty=tuple(str(c) for c in deal.kitty),
        tricks_needed=7,
    )
    assert record_problems("five_hundred", position) == []
    assert len(position["hands"]["N"]) == 13
    assert sorted(position["deal"]["stock"]) == sorted(position["kitty"])
