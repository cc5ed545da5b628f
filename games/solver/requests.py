"""Read one batch request (a JSON object) into a position, an objective and a mode.

The formats are a stable contract, documented in docs/solver.md. Every problem raises
SolverInputError naming the bad field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from games.cards import SEATS, SKAT_DECK, NotationError, deck_for, parse_pbn
from games.solver.builders import seat_index, skat_position
from games.solver.errors import SolverInputError
from games.solver.layout import SKAT_POINTS, five_hundred_layout, layout_for
from games.solver.position import Objective, Position
from games.solver.result import MODES, VALUE, Result

Finish = Callable[[Result], Result]
GAMES = ("wiezen", "skat", "five_hundred", "beyond")


@dataclass(frozen=True)
class Request:
    """A parsed request: what to solve, how, and how to report the value."""

    position: Position
    objective: Objective
    mode: str
    finish: Finish


def _same(result: Result) -> Result:
    return result


def _field(data: Mapping[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    if name not in data:
        raise SolverInputError(f"missing field {name!r}")
    value = data[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise SolverInputError(f"field {name!r} has the wrong type: {value!r}")
    return value


def _mode(data: Mapping[str, Any]) -> str:
    mode = data.get("mode", VALUE)
    if mode not in MODES:
        raise SolverInputError(f"unknown mode {mode!r}: expected value or cards")
    return str(mode)


def _trick(data: Mapping[str, Any]) -> list[str]:
    trick = data.get("trick", [])
    if not isinstance(trick, list) or not all(isinstance(c, str) for c in trick):
        raise SolverInputError(f"field 'trick' must be a list of cards, not {trick!r}")
    return trick


def skat_points(cards: str) -> int:
    """Return the card points of Skat cards written as text ('DK H9')."""
    return sum(SKAT_POINTS.get(c.rank, 0) for c in SKAT_DECK.parse_hand(cards))


def _skat(data: Mapping[str, Any]) -> Request:
    contract = str(_field(data, "contract", str)).lower()
    layout_for("skat", contract)
    hands = _field(data, "hands", list)
    if len(hands) != 3 or not all(isinstance(h, str) for h in hands):
        raise SolverInputError("field 'hands' must list three hands as text")
    skat = str(data.get("skat", ""))
    declarer = seat_index(_field(data, "declarer", int), 3)
    leader = seat_index(_field(data, "leader", int), 3)
    position = skat_position(contract, hands, leader, _trick(data))
    # The skat's cards are out of play, but they must not turn up in a hand as well.
    skat_cards = SKAT_DECK.parse_hand(skat)
    held = {c for h in position.hands for c in h} | set(position.trick)
    for card in skat_cards:
        if card in held:
            raise SolverInputError(f"duplicate card {card} (in the skat and in play)")
    if contract == "null":

        def forced(result: Result) -> Result:
            # Report 1 when the declarer can be made to take a trick (success is 0).
            cards = None if result.cards is None else {k: 1 - v for k, v in result.cards.items()}
            return Result(1 - result.value, cards)

        return Request(position, Objective.misere(declarer), _mode(data), forced)
    won = data.get("won_points", 0)
    if not isinstance(won, int) or won < 0:
        raise SolverInputError(f"field 'won_points' must be a whole number >= 0, not {won!r}")
    extra = skat_points(skat) + won

    def total(result: Result) -> Result:
        cards = None if result.cards is None else {k: v + extra for k, v in result.cards.items()}
        return Result(result.value + extra, cards)

    return Request(position, Objective.points([declarer]), _mode(data), total)


def _seats(value: Any, name: str) -> list[int]:
    if not isinstance(value, list) or not value:
        raise SolverInputError(f"field {name!r} must be a non-empty list of seats")
    return [seat_index(s) for s in value]


def _targets(value: Any) -> dict[int, int]:
    if not isinstance(value, dict) or not value:
        raise SolverInputError("field 'targets' must map seats to trick counts")
    out = {}
    for seat, target in value.items():
        if not isinstance(target, int) or isinstance(target, bool):
            raise SolverInputError(f"target for {seat!r} must be a whole number, not {target!r}")
        out[seat_index(seat)] = target
    return out


def _four_hand_objective(data: Mapping[str, Any]) -> Objective:
    kind = data.get("objective", "tricks")
    if kind == "tricks":
        return Objective.tricks(_seats(_field(data, "team", list), "team"))
    if kind in ("misere", "piccolo"):
        declarer = seat_index(_field(data, "declarer", (str, int)))
        return Objective.misere(declarer) if kind == "misere" else Objective.piccolo(declarer)
    if kind == "exact":
        return Objective.exact(_targets(data.get("targets")))
    raise SolverInputError(f"unknown objective {kind!r}: expected tricks, misere, piccolo or exact")


def _hands(game: str, data: Mapping[str, Any]) -> list[list[Any]]:
    deal = str(_field(data, "deal", str))
    hands = parse_pbn(deal, deck_for(game))
    return [hands[s] for s in SEATS]


def _trick_cards(game: str, data: Mapping[str, Any]) -> list[Any]:
    return [c for c in deck_for(game).parse_hand(_trick(data))]


def _wiezen(data: Mapping[str, Any]) -> Request:
    layout = layout_for("wiezen", str(_field(data, "trump", str)))
    leader = seat_index(_field(data, "leader", (str, int)))
    position = Position.build(layout, _hands("wiezen", data), leader, _trick_cards("wiezen", data))
    return Request(position, _four_hand_objective(data), _mode(data), _same)


def _beyond(data: Mapping[str, Any]) -> Request:
    layout = layout_for("beyond", str(_field(data, "trump", str)))
    leader = seat_index(_field(data, "leader", (str, int)))
    after = data.get("after_joker_lead", False)
    if not isinstance(after, bool):
        raise SolverInputError(f"field 'after_joker_lead' must be true or false, not {after!r}")
    position = Position.build(
        layout,
        _hands("beyond", data),
        leader,
        _trick_cards("beyond", data),
        after_joker_lead=after,
    )
    if "targets" in data:
        objective = Objective.exact(_targets(data["targets"]))
    else:
        objective = _four_hand_objective(data)
    return Request(position, objective, _mode(data), _same)


def _five_hundred(data: Mapping[str, Any]) -> Request:
    contract = str(_field(data, "contract", str))
    bowers = data.get("bowers", True)
    if not isinstance(bowers, bool):
        raise SolverInputError(f"field 'bowers' must be true or false, not {bowers!r}")
    layout = five_hundred_layout(contract, bowers=bowers)
    declarer = seat_index(_field(data, "declarer", (str, int)))
    leader = seat_index(_field(data, "leader", (str, int)))
    hands = _hands("five_hundred", data)
    named = data.get("named_suit")
    if named is not None and not isinstance(named, str):
        raise SolverInputError(f"field 'named_suit' must be S, H, D or C, not {named!r}")
    active = None
    partner = (declarer + 2) % 4
    if layout.contract == "misere":
        # The declarer's partner lays the hand down and sits out (DECISIONS.md, 500).
        hands[partner] = []
        active = [s for s in range(4) if s != partner]
        objective = Objective.misere(declarer)
    else:
        objective = Objective.tricks([declarer, partner])
    position = Position.build(
        layout,
        hands,
        leader,
        _trick_cards("five_hundred", data),
        active=active,
        named_suit=named,
    )
    return Request(position, objective, _mode(data), _same)


READERS: dict[str, Callable[[Mapping[str, Any]], Request]] = {
    "wiezen": _wiezen,
    "skat": _skat,
    "five_hundred": _five_hundred,
    "beyond": _beyond,
}


def read_request(data: Any) -> Request:
    """Return the request a decoded JSON object describes; raise SolverInputError if bad."""
    if not isinstance(data, dict):
        raise SolverInputError("each line must be a JSON object")
    game = data.get("game")
    if game not in READERS:
        raise SolverInputError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
    try:
        return READERS[game](data)
    except NotationError as exc:
        raise SolverInputError(str(exc)) from None
