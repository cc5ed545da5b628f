"""Rebuild a 500 play quiz's full solver position from its stored draft, for re-checking.

``extra["deal"]`` holds the dealt hands and kitty, the declarer's discards, and every playing
seat's remaining cards at the decision with the trick so far, so the decision can be solved
again without replaying the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.cards import FIVE_HUNDRED_DECK, SEATS, Card
from games.five_hundred import Contract, Play, parse_call
from games.quizzes.common.lines import seat_no
from games.quizzes.five_hundred.cut import Cut
from games.quizzes.five_hundred.solving import Goal, goal_for, layout_key
from games.quizzes.five_hundred.table import deal_as_json
from games.solver import Position, layout_for


def _cards(tokens: list[str]) -> list[Card]:
    return FIVE_HUNDRED_DECK.parse_hand(tokens)


def stored_deal(cut: Cut) -> dict[str, Any]:
    """Return the JSON record of the full deal at the decision (hidden hands included)."""
    play: Play = cut.play
    record = deal_as_json(cut.deal)
    record.update(
        {
            "discards": [str(c) for c in cut.discards],
            "remaining": {s: [str(c) for c in play.hands[s]] for s in cut.contract.players},
            "leader": play.leader,
            "trick": [str(c) for _, c in play.current],
            "named_suit": play.joker_suit,
            "tricks_won": play.tricks_won(),
        }
    )
    return record


def contract_of(position: Mapping[str, Any]) -> Contract:
    """Return the contract stored in a quiz position."""
    stored = position["contract"]
    return Contract(parse_call(stored["bid"]), stored["declarer"])


def full_position(
    contract: Contract, record: Mapping[str, Any], remaining: Mapping[str, list[str]] | None = None
) -> Position:
    """Return the solver position of a stored decision (``remaining`` overrides the hands)."""
    hands_text = remaining if remaining is not None else record["remaining"]
    hands = [_cards(list(hands_text.get(s, []))) for s in SEATS]
    return Position.build(
        layout_for("five_hundred", layout_key(contract)),
        hands,
        seat_no(record["leader"]),
        _cards(list(record["trick"])),
        active=sorted(seat_no(s) for s in contract.players),
        named_suit=record["named_suit"],
    )


def goal_of(contract: Contract, seat: str, record: Mapping[str, Any]) -> Goal:
    """Return the deciding seat's goal at a stored decision."""
    left = len(record["remaining"][record["leader"]]) + (1 if record["trick"] else 0)
    return goal_for(contract, seat, record["tricks_won"], left)
