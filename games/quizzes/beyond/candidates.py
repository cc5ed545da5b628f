"""Helpers shared by the play quizzes: display order, natural and highest cards, spots."""

from __future__ import annotations

import copy
from collections.abc import Sequence

from games.beyond import choose_card
from games.cards import BEYOND_DECK, RANKS, Card, sort_key
from games.quizzes.beyond.cut import Cut
from games.quizzes.beyond.themes import Spot
from games.quizzes.common.lines import LineStep


def display_order(cards: Sequence[Card]) -> list[Card]:
    """Return cards in the order a hand is shown."""
    return sorted(cards, key=sort_key)


def natural_card(cut: Cut) -> str:
    """Return the card the simple player would play here: the 'obvious' choice."""
    return str(choose_card(copy.deepcopy(cut.play), cut.table.targets))


def highest_card(cut: Cut) -> str:
    """Return the strongest-looking legal card: a trump over a plain card, then by rank."""
    suited = [c for c in cut.legal if not c.is_joker] or list(cut.legal)

    def power(card: Card) -> tuple[int, int]:
        if card.is_joker:
            return (0, int(card.rank))
        return (1 + (card.suit == cut.trump), RANKS.index(card.rank))

    return str(max(suited, key=power))


def takes_first_trick(line: Sequence[LineStep], seat: str) -> bool:
    """Return whether ``seat`` wins the trick the line starts in."""
    return next((step.winner for step in line if step.winner), None) == seat


def spot_of(cut: Cut, accepted: Sequence[str], best_takes: bool, rejected_takes: bool) -> Spot:
    """Return the facts the theme rules read for a decision."""
    play = cut.play
    seen = set(play.played_cards()) | set(play.hands[cut.seat])
    trumps_out = sum(1 for c in BEYOND_DECK if c.suit == cut.trump and c not in seen)
    current = play.current.cards
    return Spot(
        trump=cut.trump,
        leading=not current,
        led=current[0] if current else None,
        legal=cut.legal,
        accepted=tuple(accepted),
        unseen_trumps=trumps_out,
        aim=cut.goal.aim,
        best_takes_trick=best_takes,
        some_rejected_takes_trick=rejected_takes,
    )
