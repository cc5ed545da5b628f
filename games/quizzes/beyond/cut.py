"""Cut a play decision late in a Beyond deal, where the solver answers in milliseconds.

The seed fixes the deal, how many tricks are left at the cut and how many cards are already
on the current trick; the simple players bid, declare and play up to there. From the cut on,
each turn with two or more legal cards and something at stake is a candidate decision.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games.beyond import Play, choose_card
from games.beyond.seats import next_seat
from games.cards import Card
from games.quizzes.beyond.solving import Goal, play_goal
from games.quizzes.beyond.table import Table, bid_and_declare

MIN_TRICKS_LEFT = 4


@dataclass(frozen=True)
class Cut:
    """A decision in the play: the bid and declared deal, the play so far, who is to move."""

    table: Table
    play: Play
    seat: str
    legal: tuple[Card, ...]
    goal: Goal

    @property
    def tricks_left(self) -> int:
        return 13 - len(self.play.completed)

    @property
    def trump(self) -> str | None:
        return self.table.contract.trump


def seat_at(leader: str, index: int) -> str:
    """Return the seat that plays the ``index``-th card of a trick led by ``leader``."""
    return next_seat(leader, index)


def cuts(seed: int, constraint: Any, max_tricks_left: int, stream: str) -> Iterator[Cut]:
    """Yield the decisions of deal ``seed`` from its cut point on, in play order.

    ``stream`` names the generator's own random stream, so double and single dummy quizzes
    of one seed cut at their own points. Nothing is yielded for the pass round.
    """
    table = bid_and_declare(seed, constraint)
    if table is None:
        return
    rng = random.Random(f"beyond/{stream}/{seed}")
    tricks_left = rng.randint(MIN_TRICKS_LEFT, max_tricks_left)
    play = table.play_until(tricks_left, rng.randrange(4))
    while 13 - len(play.completed) >= MIN_TRICKS_LEFT:
        seat = play.to_move
        assert seat is not None  # tricks are left to play
        legal = play.legal_cards()
        goal = play_goal(play, seat, table.targets)
        if len(legal) >= 2 and goal is not None:
            yield Cut(table, copy.deepcopy(play), seat, tuple(legal), goal)
        play.play(choose_card(play, table.targets))
