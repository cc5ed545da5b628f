"""What a Beyond play quiz shows: the JSON position, the prompt, the rule reference."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.beyond.seats import partner
from games.cards import SEATS, Card
from games.quizzes.beyond.cut import Cut, seat_at
from games.quizzes.beyond.solving import MAKE
from games.quizzes.beyond.table import beyond_position

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
TEXT = "beyond.da.txt"
RULE_REFS = {
    "make": f"{TEXT}, trick declarations and scoring (both partners must hit exactly)",
    "spoil": f"{TEXT}, advice after the joker rules (when partner cannot make it, spoil)",
    "joker": f"{TEXT}, joker play (the last joker wins a joker lead; never a suit lead)",
}


def plays(leader: str, cards: Sequence[Card]) -> list[list[str]]:
    """Return a trick's cards as [seat, card] pairs in playing order."""
    return [[seat_at(leader, i), str(c)] for i, c in enumerate(cards)]


def play_position(cut: Cut, double_dummy: bool) -> dict[str, Any]:
    """Return the JSON-safe position of a play quiz; hidden hands go only into its deal."""
    play = cut.play
    won = play.tricks_won()
    mate = partner(cut.seat)
    return beyond_position(
        seat=cut.seat,
        dealer=cut.table.dealer,
        question="play",
        dealt=cut.table.hands,
        shown=list(SEATS) if double_dummy else [cut.seat],
        auction=cut.table.auction,
        contract=cut.table.contract,
        targets=cut.table.targets,
        play=play,
        lead_locked=play.lead_locked and not play.current.cards,
        aim=cut.goal.aim,
        still_needed={s: cut.table.targets[s] - won[s] for s in (cut.seat, mate)},
    )


def play_prompt(cut: Cut, double_dummy: bool) -> str:
    """Return the question of a play quiz."""
    contract = cut.table.contract
    won = cut.play.tricks_won()
    mate = partner(cut.seat)
    mine = cut.table.targets[cut.seat] - won[cut.seat]
    theirs = cut.table.targets[mate] - won[mate]
    if cut.goal.aim == MAKE:
        aim = f"so that you take exactly {mine} more and {SEAT_NAMES[mate]} exactly {theirs} more"
    else:
        aim = "so that at least one opponent misses the declaration (your pair cannot score now)"
    view = "All four hands are shown." if double_dummy else "You see only your own hand."
    action = "lead" if not cut.play.current.cards else "play"
    return (
        f"Beyond, {contract}. You are {SEAT_NAMES[cut.seat]}, {cut.tricks_left} tricks to go. "
        f"{view} Which card do you {action} {aim}?"
    )
