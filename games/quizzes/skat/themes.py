"""Theme tags and the initial difficulty of a Skat play quiz, computed by fixed rules.

The rules are listed in docs/quizzes/skat.md; each tag looks only at the position, the
accepted and rejected cards and, in double dummy, the best line after the accepted card.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from games.cards import SKAT_DECK, Card
from games.quizzes.skat.table import Table
from games.quizzes.themes import Theme
from games.skat.rules import TRUMP, card_points, effective_suit, strength, trick_winner

RATING_MIN, RATING_MAX = 1000, 2200


def _is_trump(card: Card, game: str) -> bool:
    return game != "null" and effective_suit(card, game) == TRUMP


def _highest_left(card: Card, table: Table, seen: Collection[Card]) -> bool:
    """Return True if no card outside ``seen`` of the same effective suit beats ``card``."""
    game = table.game
    suit = effective_suit(card, game)
    return all(
        c in seen or effective_suit(c, game) != suit or strength(c, game) < strength(card, game)
        for c in SKAT_DECK
    )


def play_themes(
    table: Table,
    legal: Sequence[Card],
    accepted: Collection[Card],
    best: Card,
    trick_winner_after_best: int | None,
    outstanding_trumps: bool,
) -> tuple[str, ...]:
    """Return the theme tags of a play decision (see docs/quizzes/skat.md for each rule).

    ``best`` is the accepted card the verdict shows (the best detail, then the cheapest).
    """
    game, seat = table.game, table.to_move
    defender = seat != table.declarer
    tags: list[str] = []
    if game == "null":
        tags.append("null_defence" if defender else "null_play")
    if not table.trick and not defender and _is_trump(best, game) and outstanding_trumps:
        tags.append("trump_drawing")
    if table.trick and _is_trump(best, game) and not _is_trump(table.trick[0], game):
        tags.append("ruff")
    if (
        defender
        and game != "null"
        and card_points([best]) >= 10
        and trick_winner_after_best is not None
        and trick_winner_after_best not in (seat, table.declarer)
    ):
        tags.append("schmear")
    jacks = [c for c in legal if c.rank == "J"]
    if game != "null" and jacks:
        all_jacks = all(c.rank == "J" for c in accepted)
        jack_rejected = any(c not in accepted for c in jacks)
        if (all_jacks and len(jacks) < len(legal)) or (jack_rejected and not all_jacks):
            tags.append("jack_timing")
    if len(table.trick) == 2 and game != "null":
        winners = [c for c in legal if trick_winner([*table.trick, c], game) == 2]
        if winners and all(c not in winners for c in accepted):
            tags.append("ducking")
    if not table.trick and not _is_trump(best, game) and game != "null":
        seen = {c for trick in table.history for _, c in trick} | set(table.hands[seat])
        if _highest_left(best, table, seen):
            tags.append("cashing")
    return tuple(tags)


def rating(
    n_candidates: int,
    n_accepted: int,
    natural_wrong: bool,
    highest_wrong: bool,
    ease: float,
    sampled: bool,
) -> float:
    """Return an initial difficulty from 1000 to 2200 (rules in docs/quizzes/skat.md).

    ``ease`` is the margin as a number from 0 (a hair) to 1 (overwhelming).
    """
    score = 1200.0
    score += 40 * min(6, max(0, n_candidates - 2))
    score -= 60 * min(3, n_accepted - 1)
    score += 250 if natural_wrong else 0
    score += 150 if highest_wrong else 0
    score += 100 if sampled else 0
    score -= 200 * max(0.0, min(1.0, ease))
    return float(max(RATING_MIN, min(RATING_MAX, round(score))))


BID = ("bid",)
THEMES: dict[str, Theme] = {
    # play
    "null_play": Theme("playing a null game"),
    "null_defence": Theme("defending against null"),
    "trump_drawing": Theme("drawing trumps"),
    "ruff": Theme("trumping a side suit"),
    "schmear": Theme("giving points to your partner's trick"),
    "jack_timing": Theme("when to play a jack"),
    "ducking": Theme("letting a trick go"),
    "cashing": Theme("cashing a sure winner"),
    # bidding, picking up, declaring and discarding
    "bid_limit": Theme("how high to bid"),
    "overbid_risk": Theme("the risk of overbidding"),
    "pass": Theme("passing", names_answer=BID),
    "pick_up": Theme("picking up the skat", names_answer=BID),
    "hand_game": Theme("playing hand", names_answer=BID),
    "game_choice": Theme("choosing the game"),
    "grand_choice": Theme("playing grand", names_answer=BID),
    "null_choice": Theme("playing null", names_answer=BID),
    "discard": Theme("what to lay away"),
    "skat_points": Theme("burying card points in the skat"),
    "void_making": Theme("emptying a side suit"),
}
