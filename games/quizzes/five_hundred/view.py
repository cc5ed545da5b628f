"""What the learner sees of a play decision: the JSON ``position`` of a play quiz.

Double dummy shows every playing hand. Single dummy shows the deciding seat's own hand and,
in open misère once the first trick is over, the declarer's exposed cards; the declarer also
sees its own discards. Hidden hands never enter the position; the full deal for re-checking
goes to ``QuizDraft.extra`` instead.
"""

from __future__ import annotations

from typing import Any

from games.cards import SEATS, Card, sort_key
from games.five_hundred import Play
from games.quizzes.five_hundred.cut import Cut
from games.quizzes.five_hundred.table import five_hundred_position


def shown_seats(cut: Cut, mode: str) -> list[str]:
    """Return the seats whose current hands the learner sees in ``mode``."""
    players = list(cut.contract.players)
    if mode == "double_dummy":
        return players
    shown = [cut.seat]
    declarer = cut.contract.declarer
    if cut.play.exposed is not None and cut.seat != declarer:
        shown.append(declarer)
    return [s for s in SEATS if s in shown]


def _cards(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    return [str(c) for c in sorted(cards, key=sort_key)]


def _side_tricks(play: Play) -> dict[str, int]:
    return {"declarer": play.declarer_tricks, "defenders": play.defender_tricks}


def position_for(cut: Cut, mode: str) -> dict[str, Any]:
    """Return the JSON-safe position of ``cut`` as the learner sees it in ``mode``."""
    play = cut.play
    shown = shown_seats(cut, mode)
    contract = cut.contract
    facts: dict[str, Any] = {"tricks_needed": contract.tricks_needed}
    if play.exposed is not None:
        facts["exposed"] = tuple(str(c) for c in play.exposed)
    if mode == "double_dummy" or cut.seat == contract.declarer:
        facts["discards"] = tuple(_cards(cut.discards))
    return five_hundred_position(
        seat=cut.seat,
        question="play",
        deal=cut.deal,
        shown=shown,
        hidden=[s for s in SEATS if s in contract.players and s not in shown],
        auction=cut.auction.calls,
        contract=contract.as_dict(),
        play=play,
        laid_away=cut.discards,
        **facts,
    )


def prompt_for(cut: Cut, mode: str) -> str:
    """Return the question shown with a play quiz."""
    contract = cut.contract
    role = (
        "the declarer"
        if cut.seat == contract.declarer
        else ("the declarer's partner" if cut.seat in contract.team else "a defender")
    )
    view = "All hands are shown." if mode == "double_dummy" else "You see only your own cards."
    won = cut.play.declarer_tricks
    if contract.is_misere:
        goal = (
            "Which card do you play to push a trick onto the declarer?"
            if cut.seat not in contract.team
            else "Which card do you play to take no trick?"
        )
    else:
        who = "Your side needs" if cut.seat in contract.team else "The declaring side needs"
        goal = f"Which card do you play? {who} {contract.tricks_needed} tricks and has {won}."
    return f"{contract.bid.name} by {contract.declarer}. You are {cut.seat}, {role}. {view} {goal}"
