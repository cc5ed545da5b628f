"""Theme tags and the initial difficulty of Beyond play quizzes, computed by fixed rules.

Each tag's rule is listed in docs/quizzes/beyond.md; ``Spot`` carries the facts they read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import Card, parse_card
from games.quizzes.themes import Theme

RATING_MIN = 1000
RATING_MAX = 2200


@dataclass(frozen=True)
class Spot:
    """The facts of one decision the theme rules look at."""

    trump: str | None
    leading: bool
    led: Card | None
    legal: tuple[Card, ...]
    accepted: tuple[str, ...]
    unseen_trumps: int
    aim: str
    best_takes_trick: bool
    some_rejected_takes_trick: bool


def play_themes(spot: Spot, best: str) -> list[str]:
    """Return the theme tags of a decision whose representative best card is ``best``."""
    card = parse_card(best)
    tags: list[str] = []
    jokers = [c for c in spot.legal if c.is_joker]
    suited = [c for c in spot.legal if not c.is_joker]
    accepted = [parse_card(t) for t in spot.accepted]
    if spot.leading and card.is_joker:
        tags.append("joker_lead")
    if jokers and suited and set(accepted) in (set(jokers), set(suited)):
        # The only thing that matters is whether a joker goes now.
        tags.append("joker_timing")
    if spot.aim == "make" and not spot.best_takes_trick and spot.some_rejected_takes_trick:
        tags.append("exact_target_control")
    if spot.aim == "spoil":
        tags.append("spoil")
    if spot.trump is not None and not card.is_joker and card.suit == spot.trump:
        if spot.leading and spot.unseen_trumps > 0:
            tags.append("trump_drawing")
        if spot.led is not None and not spot.led.is_joker and spot.led.suit != spot.trump:
            tags.append("ruff")
    off_suit = spot.led is not None and not spot.led.is_joker and card.suit != spot.led.suit
    if off_suit and card.suit != spot.trump:
        tags.append("discard")
    return tags


def play_rating(
    candidates: int,
    accepted: int,
    tricks_left: int,
    natural_wrong: bool,
    highest_wrong: bool,
    themes: Sequence[str],
    close: bool,
) -> int:
    """Return an initial difficulty from 1000 to 2200 (see docs/quizzes/beyond.md)."""
    rating = 1150.0
    rating += 40 * min(candidates - 1, 8)
    rating -= 60 * (accepted - 1)
    rating += 25 * (tricks_left - 4)
    rating += 200 if natural_wrong else 0
    rating += 100 if highest_wrong else 0
    rating += 80 * sum(1 for t in themes if t in ("joker_timing", "exact_target_control", "spoil"))
    rating += 100 if close else 0
    return int(max(RATING_MIN, min(RATING_MAX, round(rating))))


PLAY = ("play",)
THEMES: dict[str, Theme] = {
    # play
    "joker_lead": Theme("leading a joker", names_answer=PLAY),
    "joker_timing": Theme("when to play a joker"),
    "exact_target_control": Theme("not taking a trick too many"),
    "spoil": Theme("making an opponent miss"),
    "trump_drawing": Theme("drawing trumps"),
    "ruff": Theme("trumping a side suit"),
    "discard": Theme("what to throw away"),
    # auction and declarations
    "convention": Theme("the basic convention"),
    "information_level": Theme("the information level of the convention"),
    "demand": Theme("the demand level of the convention"),
    "declaration": Theme("declaring your tricks"),
    "jokers": Theme("counting the jokers"),
    "sum_rule": Theme("the sum rule"),
}
