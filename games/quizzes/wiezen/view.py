"""What a play quiz shows: the JSON position, the prompt, and the rule-text reference."""

from __future__ import annotations

from typing import Any

from games.cards import SEATS, Card
from games.quizzes.wiezen.cut import Cut, seat_at
from games.quizzes.wiezen.table import wiezen_position
from games.wiezen import ContractKind

# Contracts whose score a trick more or less does not change: only made or set counts.
FIXED_SCORE_KINDS = (ContractKind.ABONDANCE, ContractKind.SOLO)
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
TEXT = "kleurenwiezen-extra-bids.nl.txt"
RULE_REFS = {
    ContractKind.ASK_JOIN: "DECISIONS.md, Kleurenwiezen (ask/join: the pair needs 8 tricks)",
    ContractKind.ALONE: "DECISIONS.md, Kleurenwiezen (alone: 5 tricks)",
    ContractKind.TROEL: f"{TEXT}, Troel",
    ContractKind.ABONDANCE: f"{TEXT}, Abondance",
    ContractKind.MISERIE: f"{TEXT}, (Open) Miserie",
    ContractKind.OPEN_MISERIE: f"{TEXT}, (Open) Miserie",
    ContractKind.SOLO: f"{TEXT}, Solo",
}


def _plays(leader: str, cards: tuple[Card, ...] | list[Card]) -> list[list[str]]:
    return [[seat_at(leader, i), str(c)] for i, c in enumerate(cards)]


def shown_seats(cut: Cut, double_dummy: bool) -> list[str]:
    """Return the seats whose hands the learner sees: all, or his own and open miserie hands."""
    if double_dummy:
        return list(SEATS)
    shown = [cut.seat]
    if cut.contract.open_hands:
        shown += [s for s in cut.contract.declarers if s != cut.seat]
    return [s for s in SEATS if s in shown]


def play_position(cut: Cut, double_dummy: bool) -> dict[str, Any]:
    """Return the JSON-safe position of a play quiz; hidden hands go only into its deal."""
    return wiezen_position(
        seat=cut.seat,
        dealer=cut.dealer,
        question="play",
        dealt=cut.hands,
        shown=shown_seats(cut, double_dummy),
        auction=cut.auction,
        contract=cut.contract,
        play=cut.play,
    )


def play_prompt(cut: Cut, double_dummy: bool) -> str:
    """Return the question of a play quiz."""
    contract = cut.contract
    if cut.seat in contract.declarers:
        role = "declarer" if len(contract.declarers) == 1 else "one of the declaring pair"
    else:
        role = "a defender"
    declaring = cut.seat in contract.declarers
    if contract.is_individual:
        goal = "make the miserie" if declaring else "beat the miserie"
    elif contract.kind in FIXED_SCORE_KINDS:
        name = contract.kind.value
        goal = f"make the {name}" if declaring else f"beat the {name}"
    elif declaring:
        goal = "score the most for your side (the contract first, then every overtrick)"
    else:
        goal = "score the most for your side (set the contract, then every trick more)"
    view = "All four hands are shown." if double_dummy else "You see only your own hand"
    if not double_dummy:
        view += " and the open miserie hand." if len(shown_seats(cut, False)) > 1 else "."
    action = "lead" if not cut.play.current else "play"
    return (
        f"Kleurenwiezen: {contract.sentence()}. You are {SEAT_NAMES[cut.seat]} ({role}), "
        f"{cut.tricks_left} tricks to go. {view} Which card do you {action} to {goal}?"
    )
