"""Choose the next quiz: a due review, or a new quiz near the learner's rating.

New quizzes are never ones the learner has already answered. The search starts in a narrow
rating window around the target (the learner's rating plus the difficulty offset) and widens
it step by step when the bank is thin there. Choosing never queues work: the bank is topped
up by a periodic task (trainer.refill), off the read path.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar
from urllib.parse import urlencode

from django.db.models import Count, QuerySet
from django.utils import timezone

from games.quizzes import KINDS, MODES
from trainer import ratings, rawrows
from trainer.learners import Learner
from trainer.models import Attempt, Quiz, ReviewCard, SkillRating

M = TypeVar("M", bound=Any)

DIFFICULTY_OFFSETS = {"easier": -200.0, "normal": 0.0, "harder": 200.0}
# Half-widths of the rating window, tried in turn; None means the whole bank.
WINDOWS: tuple[float | None, ...] = (100.0, 200.0, 400.0, 800.0, None)
# Beyond the last window, pick at random among this many nearest quizzes, so two learners at
# the same rating do not walk the bank in the same order (within a window any quiz is taken).
NEAREST = 8


class FilterError(ValueError):
    """Raised for a kind, mode, theme or difficulty the player does not know."""


@dataclass(frozen=True)
class Filters:
    """What the learner asked for: kind, mode and theme ('' = any) and a difficulty."""

    kind: str = ""
    mode: str = ""
    theme: str = ""
    difficulty: str = "normal"

    def __post_init__(self) -> None:
        if self.kind and self.kind not in KINDS:
            raise FilterError(f"kind: unknown kind {self.kind!r}; use one of {', '.join(KINDS)}")
        if self.mode and self.mode not in MODES:
            raise FilterError(f"mode: unknown mode {self.mode!r}; use one of {', '.join(MODES)}")
        if self.difficulty not in DIFFICULTY_OFFSETS:
            names = ", ".join(DIFFICULTY_OFFSETS)
            raise FilterError(f"difficulty: unknown difficulty {self.difficulty!r}; use {names}")
        if len(self.theme) > 60 or not all(ch.isalnum() or ch in "_-" for ch in self.theme):
            raise FilterError(f"theme: {self.theme[:60]!r} is not a theme name")

    @classmethod
    def from_query(cls, query: dict[str, str]) -> Filters:
        """Read the filters from request parameters (missing ones mean 'any')."""
        return cls(
            kind=query.get("kind", "").strip(),
            mode=query.get("mode", "").strip(),
            theme=query.get("theme", "").strip(),
            difficulty=query.get("difficulty", "").strip() or "normal",
        )

    def as_query(self) -> str:
        """Return the filters as a query string (without '?'), leaving out the defaults."""
        pairs = [("kind", self.kind), ("mode", self.mode), ("theme", self.theme)]
        if self.difficulty != "normal":
            pairs.append(("difficulty", self.difficulty))
        return urlencode([(k, v) for k, v in pairs if v])

    def apply(self, rows: QuerySet[M], prefix: str = "") -> QuerySet[M]:
        """Narrow a quiz query (or a query reaching quiz fields through ``prefix``)."""
        lookups: dict[str, str] = {}
        if self.kind:
            lookups[f"{prefix}kind"] = self.kind
        if self.mode:
            lookups[f"{prefix}mode"] = self.mode
        if self.theme:
            # The JSON list is matched as text ("theme" with its quotes): this works on both
            # SQLite and PostgreSQL, where a JSON containment lookup works only on the latter.
            lookups[f"{prefix}themes__icontains"] = f'"{self.theme}"'
        return rows.filter(**lookups)


@dataclass(frozen=True)
class Pick:
    """The quiz to show next, and whether it comes from the review queue."""

    quiz: Quiz
    review: bool


# A learner's rating in a game before the first rated answer.
DEFAULT_RATING = ratings.BASE


def learner_rating(learner: Learner, game: str) -> float:
    """Return the learner's rating in the game (1500 before the first rated answer)."""
    if rawrows.usable():
        owner, params = learner.owner_sql()
        sql = f"SELECT rating FROM trainer_skillrating WHERE {owner} AND game = %(game)s"
        found = rawrows.one(sql, {**params, "game": game})
        return found[0] if found is not None else DEFAULT_RATING
    row = SkillRating.objects.filter(learner.rows(), game=game).only("rating").first()
    return row.rating if row is not None else DEFAULT_RATING


def due_cards(learner: Learner, game: str | None, now: datetime) -> QuerySet[ReviewCard]:
    """Return the learner's review cards that are due, oldest first."""
    cards = ReviewCard.objects.filter(learner.rows(), due__lte=now)
    return cards.filter(game=game) if game else cards


def due_count(learner: Learner | None, game: str | None = None) -> int:
    """Return how many reviews are due now (0 for a visitor who has done nothing)."""
    if learner is None:
        return 0
    if rawrows.usable():
        counts = due_counts(learner)
        return counts.get(game, 0) if game else sum(counts.values())
    return due_cards(learner, game, timezone.now()).count()


def due_counts(learner: Learner | None) -> dict[str, int]:
    """Return the reviews due now per game (games with none left out), in one query."""
    if learner is None:
        return {}
    if rawrows.usable():
        owner, params = learner.owner_sql()
        sql = (
            f"SELECT game, COUNT(*) FROM trainer_reviewcard WHERE {owner} AND due <= %(now)s"
            " GROUP BY game"
        )
        return dict(rawrows.rows(sql, {**params, "now": timezone.now()}))
    rows = due_cards(learner, None, timezone.now()).order_by().values_list("game")
    return dict(rows.annotate(n=Count("id")))


def answered(learner: Learner) -> QuerySet[Attempt]:
    return Attempt.objects.filter(learner.rows())


_QUIZ_COLUMNS = rawrows.columns(Quiz, "q")


def _kind_and_mode_sql(filters: Filters, where: list[str], params: dict[str, Any]) -> None:
    """Add the filters' kind and mode to a plain-SQL pick over quizzes aliased ``q``."""
    if filters.kind:
        where.append("q.kind = %(kind)s")
        params["kind"] = filters.kind
    if filters.mode:
        where.append("q.mode = %(mode)s")
        params["mode"] = filters.mode


def pick_review(learner: Learner, game: str, filters: Filters) -> Quiz | None:
    """Return the quiz of the most overdue review card matching the filters."""
    if rawrows.usable() and not filters.theme:
        # The ORM's query below in plain SQL (the API asks it on every new pick).
        owner, params = learner.owner_sql("c")
        where = [owner, "c.game = %(game)s", "c.due <= %(now)s"]
        params |= {"game": game, "now": timezone.now()}
        _kind_and_mode_sql(filters, where, params)
        row = rawrows.one(
            f"SELECT {_QUIZ_COLUMNS} FROM trainer_reviewcard c"
            f" JOIN trainer_quiz q ON q.id = c.quiz_id WHERE {' AND '.join(where)}"
            " ORDER BY c.due LIMIT 1",
            params,
        )
        return rawrows.build(Quiz, row) if row is not None else None
    cards = filters.apply(due_cards(learner, game, timezone.now()), prefix="quiz__")
    card = cards.select_related("quiz").order_by("due").first()
    return card.quiz if card is not None else None


def _pick_in_window(
    learner: Learner, game: str, filters: Filters, window: tuple[float, float], point: float
) -> list[Quiz]:
    """The window's pick of ``pick_new`` in plain SQL (the ORM's query, without its CPU):
    the first unseen quiz at or above ``point``, else the first below it."""
    owner, params = learner.owner_sql("a")
    where = [
        "q.game = %(game)s",
        f"NOT (q.id IN (SELECT a.quiz_id FROM trainer_attempt a WHERE {owner}"
        " AND a.game = %(game)s))",
        "q.rating BETWEEN %(low)s AND %(high)s",
    ]
    params |= {"game": game, "low": window[0], "high": window[1], "point": point}
    _kind_and_mode_sql(filters, where, params)
    base = f"SELECT {_QUIZ_COLUMNS} FROM trainer_quiz q WHERE {' AND '.join(where)}"
    above = "q.rating >= %(point)s ORDER BY q.rating"
    below = "q.rating < %(point)s ORDER BY q.rating DESC"
    for side in (above, below):
        row = rawrows.one(f"{base} AND {side} LIMIT 1", params)
        if row is not None:
            return [rawrows.build(Quiz, row)]
    return []


def pick_new(
    learner: Learner, game: str, filters: Filters, target: float, rng: random.Random
) -> Quiz | None:
    """Return an unseen quiz near ``target``, widening the window until one is found."""
    raw = rawrows.usable() and not filters.theme
    pool: QuerySet[Quiz] | None = None
    for half in WINDOWS:
        if half is None or not raw:
            # The ORM's query, built only when it is sent (building it cost the plain SQL
            # path about a fifth of a quiz page's CPU).
            if pool is None:
                seen = answered(learner).filter(game=game).values("quiz_id")
                pool = filters.apply(Quiz.objects.filter(game=game)).exclude(pk__in=seen)
            near = (
                pool if half is None else pool.filter(rating__range=(target - half, target + half))
            )
        if half is None:
            # Whole bank: take the nearest from each side of the target.
            below = list(near.filter(rating__lt=target).order_by("-rating")[:NEAREST])
            above = list(near.filter(rating__gte=target).order_by("rating")[:NEAREST])
            found = sorted(below + above, key=lambda q: abs(q.rating - target))[:NEAREST]
        else:
            # A quiz of the window at random: the first unseen one at or above a random
            # rating in the window (else the first below it). Read along the (game, rating)
            # index, this stops at that quiz instead of reading and shuffling the whole
            # window (hundreds of rows where the bank is thick).
            point = rng.uniform(target - half, target + half)
            window = (target - half, target + half)
            if raw:
                found = _pick_in_window(learner, game, filters, window, point)
            else:
                found = list(near.filter(rating__gte=point).order_by("rating")[:1]) or list(
                    near.filter(rating__lt=point).order_by("-rating")[:1]
                )
        if found:
            return rng.choice(found)
    return None


def next_quiz(
    learner: Learner,
    game: str,
    filters: Filters,
    last_was_review: bool = False,
    rng: random.Random | None = None,
    *,
    rating: float | None = None,
    due: int | None = None,
) -> Pick | None:
    """Return the next quiz: reviews and new quizzes take turns while reviews are due.

    A caller that already knows the learner's ``rating`` in the game, or how many reviews are
    ``due`` in it (any filters), passes them to save the queries; with none due the review
    queue is not searched.
    """
    rng = rng or random.Random()
    if rating is None:
        rating = learner_rating(learner, game)
    target = rating + DIFFICULTY_OFFSETS[filters.difficulty]
    reviews = due is None or due > 0
    review = pick_review(learner, game, filters) if reviews and not last_was_review else None
    if review is not None:
        return Pick(review, True)
    quiz = pick_new(learner, game, filters, target, rng)
    if quiz is not None:
        return Pick(quiz, False)
    review = pick_review(learner, game, filters) if reviews and last_was_review else None
    return Pick(review, True) if review is not None else None
