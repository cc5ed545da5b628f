"""The learner's progress on one page: per game and theme, ratings, streaks and lessons.

Accuracy counts every attempt (reviews too). The performance figure and the strengths and
improvement areas use first attempts only (the rated ones): each is the usual linear
performance estimate over the quizzes' ratings at the time (see ``ratings.performance``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from django.utils import timezone

from games.catalog import GAMES
from games.quizzes.themes import themes_of
from lessons.models import Lesson, LessonProgress
from trainer import charts
from trainer.learners import Learner
from trainer.models import Attempt, RatingPoint, ReviewCard, SkillRating
from trainer.ratings import performance

MIN_THEME_ATTEMPTS = 3  # fewer rated answers than this say nothing about a theme
SHOWN_THEMES = 3


@dataclass
class Tally:
    """Counts for one game or theme."""

    name: str
    attempts: int = 0
    # What a learner reads: the theme's label (``name`` stays the tag, for links and filters).
    label: str = ""
    right: int = 0
    opponents: list[float] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)

    @property
    def accuracy(self) -> float | None:
        return self.right / self.attempts if self.attempts else None

    @property
    def percent(self) -> int | None:
        return round(100 * self.right / self.attempts) if self.attempts else None

    @property
    def performance(self) -> float | None:
        return performance(self.opponents, self.scores)

    @property
    def rated(self) -> int:
        return len(self.scores)


@dataclass
class GameProgress:
    """Everything the dashboard shows for one game."""

    slug: str
    name: str
    total: Tally
    themes: list[Tally]
    rating: float | None = None
    deviation: float | None = None
    strengths: list[Tally] = field(default_factory=list)
    improve: list[Tally] = field(default_factory=list)
    chart: str = ""
    history: list[charts.Point] = field(default_factory=list)
    due: int = 0
    lessons_total: int = 0
    lessons_done: int = 0
    lessons_started: int = 0


@dataclass(frozen=True)
class Streaks:
    """Days in a row with training, and right answers in a row."""

    days: int
    best_days: int
    right: int
    best_right: int


@dataclass
class Dashboard:
    games: list[GameProgress]
    streaks: Streaks
    attempts: int
    due: int


def day_streaks(days: set[date], today: date) -> tuple[int, int]:
    """Return (current, longest) runs of consecutive days; the current run may end yesterday."""
    longest = run = 0
    previous: date | None = None
    for day in sorted(days):
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        longest = max(longest, run)
        previous = day
    current = 0
    day = today if today in days else today - timedelta(days=1)
    while day in days:
        current += 1
        day -= timedelta(days=1)
    return current, longest


def answer_streaks(results: list[bool]) -> tuple[int, int]:
    """Return (current, longest) runs of right answers, oldest result first."""
    longest = run = 0
    for right in results:
        run = run + 1 if right else 0
        longest = max(longest, run)
    return run, longest


def theme_label(game: str, tag: str) -> str:
    """Return a theme tag as a learner reads it (its spaces for a tag no game lists)."""
    known = themes_of(game)
    return known[tag].label if tag in known else tag.replace("_", " ")


def _split(themes: list[Tally], rating: float | None) -> tuple[list[Tally], list[Tally]]:
    rated = [t for t in themes if t.rated >= MIN_THEME_ATTEMPTS and t.performance is not None]
    if rating is None or not rated:
        return [], []
    by_performance = sorted(rated, key=lambda t: t.performance or 0.0, reverse=True)
    strong = [t for t in by_performance if (t.performance or 0.0) >= rating][:SHOWN_THEMES]
    weak = [t for t in reversed(by_performance) if (t.performance or 0.0) < rating]
    return strong, weak[:SHOWN_THEMES]


def dashboard(learner: Learner | None, now: datetime | None = None) -> Dashboard:
    """Collect the learner's progress in every game (empty for a visitor with no attempts)."""
    now = now or timezone.now()
    totals = {slug: Tally(info.name) for slug, info in GAMES.items()}
    themes: dict[str, dict[str, Tally]] = {slug: {} for slug in GAMES}
    days: set[date] = set()
    results: list[bool] = []
    rows = (
        Attempt.objects.filter(learner.rows()).order_by("created_at", "id")
        if learner is not None
        else Attempt.objects.none()
    )
    for game, right, first, quiz_rating, at, quiz_themes in rows.values_list(
        "game", "correct", "first", "quiz_rating", "created_at", "quiz__themes"
    ):
        if game not in totals:
            continue
        days.add(timezone.localtime(at).date())
        results.append(right)
        tallies = [totals[game]] + [
            themes[game].setdefault(str(t), Tally(str(t), label=theme_label(game, str(t))))
            for t in quiz_themes or []
        ]
        for tally in tallies:
            tally.attempts += 1
            tally.right += int(right)
            if first:
                tally.opponents.append(quiz_rating)
                tally.scores.append(1.0 if right else 0.0)
    games = [
        GameProgress(slug, info.name, totals[slug], sorted(themes[slug].values(), key=_name))
        for slug, info in GAMES.items()
    ]
    if learner is not None:
        _add_ratings(learner, games)
    _add_lessons(learner, games)
    current, longest = day_streaks(days, timezone.localtime(now).date())
    right_now, best_right = answer_streaks(results)
    return Dashboard(
        games=games,
        streaks=Streaks(current, longest, right_now, best_right),
        attempts=len(results),
        due=sum(g.due for g in games),
    )


def _name(tally: Tally) -> str:
    return tally.name


def _add_ratings(learner: Learner, games: list[GameProgress]) -> None:
    by_slug = {g.slug: g for g in games}
    for row in SkillRating.objects.filter(learner.rows()):
        if row.game in by_slug:
            by_slug[row.game].rating = row.rating
            by_slug[row.game].deviation = row.deviation
    points: dict[str, list[charts.Point]] = defaultdict(list)
    for game, rating, deviation, at in RatingPoint.objects.filter(learner.rows()).values_list(
        "game", "rating", "deviation", "at"
    ):
        points[game].append(charts.Point(at, rating, deviation))
    due = ReviewCard.objects.filter(learner.rows(), due__lte=timezone.now())
    due_by_game: dict[str, int] = defaultdict(int)
    for game in due.values_list("game", flat=True):
        due_by_game[game] += 1
    for progress in games:
        progress.history = points.get(progress.slug, [])
        progress.chart = charts.rating_svg(progress.history, f"{progress.name} rating history")
        progress.strengths, progress.improve = _split(progress.themes, progress.rating)
        progress.due = due_by_game.get(progress.slug, 0)


def _add_lessons(learner: Learner | None, games: list[GameProgress]) -> None:
    by_slug = {g.slug: g for g in games}
    for game in Lesson.objects.values_list("game", flat=True):
        if game in by_slug:
            by_slug[game].lessons_total += 1
    if learner is None or learner.user_id is None:
        return
    rows = LessonProgress.objects.filter(user_id=learner.user_id).values_list(
        "lesson__game", "completed_at"
    )
    for game, completed in rows:
        if game in by_slug:
            by_slug[game].lessons_started += 1
            by_slug[game].lessons_done += int(completed is not None)
