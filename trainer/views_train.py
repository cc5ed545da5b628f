"""The quiz player: choose a game, get a quiz, answer it, see the verdict."""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_POST

from games.catalog import GAMES
from games.quizzes import KINDS, MODES
from trainer import feedback, progress, tickets
from trainer.context_processors import reviews_due
from trainer.drawn import drawn_quiz
from trainer.grading import GradingError
from trainer.learners import learner_for
from trainer.lesson_links import lesson_for
from trainer.models import KIND_CHOICES, MODE_CHOICES, Quiz
from trainer.player import HINT_COST, NotGivenError, access_attempt, serve, submit
from trainer.positions import choice_html
from trainer.refill import bank_status
from trainer.selection import DIFFICULTY_OFFSETS, FilterError, Filters, learner_rating
from trainer.verdicts import verdict_of

THEMES_CACHE_SECONDS = 300


def _game(game: str) -> Any:
    if game not in GAMES:
        raise Http404(f"unknown game {game!r}")
    return GAMES[game]


# Each process keeps a game's theme list this long before asking the shared cache again.
THEMES_LOCAL_SECONDS = 30.0
_themes_here: dict[str, tuple[float, tuple[str, ...]]] = {}


def themes_of(game: str) -> list[str]:
    """Return the theme tags found in a game's bank (cached: the bank changes slowly)."""
    now = time.monotonic()
    held = _themes_here.get(game)
    if held is not None and held[0] > now:
        return list(held[1])
    key = f"trainer:themes:{game}"
    found = cache.get(key)
    if found is None:
        tags: set[str] = set()
        for themes in Quiz.objects.filter(game=game).values_list("themes", flat=True):
            tags.update(str(t) for t in themes or [])
        found = sorted(tags)
        cache.set(key, found, THEMES_CACHE_SECONDS)
    _themes_here[game] = (now + THEMES_LOCAL_SECONDS, tuple(found))
    return list(found)


def forget_filters() -> None:
    """Drop the theme lists and filter forms this process keeps (for tests)."""
    _themes_here.clear()
    _filters_html.cache_clear()


@lru_cache(maxsize=512)
def _filters_html(game: str, filters: Filters, themes: tuple[str, ...], _language: str) -> str:
    context = {"info": GAMES[game], **_choices_form(game, filters, list(themes))}
    return render_to_string("train/_filters.html", context)


def filters_html(game: str, filters: Filters) -> SafeString:
    """Return the form choosing what to train, drawn once per process for each game, choice
    of filters, theme list and language (it is the same for every learner)."""
    html = _filters_html(game, filters, tuple(themes_of(game)), get_language() or "")
    return mark_safe(html)  # rendered by our template, which escapes every value


def _choices_form(game: str, filters: Filters, themes: list[str] | None = None) -> dict[str, Any]:
    tags = themes_of(game) if themes is None else themes
    return {
        "filters": filters,
        "kinds": [(k, label) for k, label in KIND_CHOICES if k in KINDS],
        "modes": [(m, label) for m, label in MODE_CHOICES if m in MODES],
        "themes": [(t, progress.theme_label(game, t)) for t in tags],
        "difficulties": list(DIFFICULTY_OFFSETS),
    }


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """List the games with the size of their quiz banks and the reviews due."""
    learner = learner_for(request)
    due = reviews_due(request)
    counts = dict(Quiz.objects.values_list("game").annotate(n=Count("id")))
    rows = [
        {
            "info": info,
            "quizzes": counts.get(slug, 0),
            "due": due.get(slug, 0),
            "rating": learner_rating(learner, slug) if learner else None,
        }
        for slug, info in GAMES.items()
    ]
    return render(request, "train/index.html", {"rows": rows})


def _bad_filters(request: HttpRequest, info: Any, error: str) -> HttpResponse:
    context = {"info": info, "error": error, **_choices_form(info.slug, Filters())}
    return render(request, "train/empty.html", context, status=400)


@require_GET
def play(request: HttpRequest, game: str) -> HttpResponse:
    """Show the learner's current quiz in this game, or pick the next one."""
    info = _game(game)
    try:
        filters = Filters.from_query(request.GET.dict())
    except FilterError as exc:
        return _bad_filters(request, info, str(exc))
    learner = learner_for(request, create=True)
    assert learner is not None
    rating = learner_rating(learner, game)
    due = reviews_due(request).get(game, 0)
    served = serve(request.session, learner, game, filters, rating=rating, due=due)
    context: dict[str, Any] = {"info": info, "query": filters.as_query()}
    if served is None:
        context.update(_choices_form(game, filters))
        context["bank"] = bank_status(game, filters.kind)
        context["top_up_seconds"] = settings.TRAIN_TOP_UP_SECONDS
        return render(request, "train/empty.html", context)
    quiz, ticket = served
    context["filters_html"] = filters_html(game, filters)
    # The position and the choices (a discard whose candidates are every set of cards from
    # the hand is picked card by card) are the same for every learner: drawn when stored.
    context.update(
        quiz=quiz,
        ticket=ticket,
        drawn=drawn_quiz(quiz),
        rating=rating,
        hint=feedback.hint_for(quiz, lesson_for(quiz)) if ticket.hints else None,
        hint_cost=HINT_COST,
    )
    return render(request, "train/quiz.html", context)


def _back_to_play(game: str, query: str) -> HttpResponse:
    url = reverse("train:play", args=[game])
    return redirect(f"{url}?{query}" if query else url)


@require_POST
def hint(request: HttpRequest, game: str) -> HttpResponse:
    """Count a hint on the current quiz and show the quiz again with the hint."""
    _game(game)
    ticket = tickets.current(request.session)
    if ticket is not None and ticket.game == game:
        tickets.add_hint(request.session, ticket.quiz)
        return _back_to_play(game, ticket.query)
    return _back_to_play(game, "")


@require_POST
def answer(request: HttpRequest, game: str) -> HttpResponse:
    """Grade the answer to the current quiz and show the verdict."""
    info = _game(game)
    learner = learner_for(request, create=True)
    assert learner is not None
    ticket = tickets.current(request.session)
    try:
        quiz_id = int(request.POST.get("quiz", ""))
    except ValueError:
        quiz_id = -1
    try:
        attempt, _grade = submit(
            request.session,
            learner,
            game,
            quiz_id,
            request.POST.get("answer", ""),
            request.POST.getlist("card"),
        )
    except (NotGivenError, GradingError) as exc:
        context = {"info": info, "error": str(exc), "query": ticket.query if ticket else ""}
        return render(request, "train/not_given.html", context, status=400)
    url = reverse("train:attempt", args=[attempt.pk])
    query = ticket.query if ticket else ""
    return redirect(f"{url}?{query}" if query else url)


def _deal_html(quiz: Quiz, hands: dict[str, list[str]], spare: list[str], spare_name: str) -> Any:
    """Return a stored deal drawn as the quiz page draws hands (None when it is empty)."""
    if not hands:
        return None
    return feedback.deal_html(quiz, hands, spare, spare_name)


@require_GET
def attempt(request: HttpRequest, pk: int) -> HttpResponse:
    """Show one of the learner's own answers with every choice's value and the refutation."""
    learner = learner_for(request)
    item = access_attempt(learner, pk)
    quiz = item.quiz
    try:
        filters = Filters.from_query(request.GET.dict())
    except FilterError:
        filters = Filters()
    drawn = drawn_quiz(quiz)
    found = verdict_of(item, drawn.answers)
    chosen = found.chosen
    line = found.line
    table = feedback.value_rows(found.grade, found.order)
    context = {
        "info": GAMES[quiz.game],
        "attempt": item,
        "quiz": quiz,
        "verdict": found.grade,
        "chosen": chosen,
        "chosen_html": choice_html(chosen.answer, chosen.label),
        "rows": [{"c": c, "html": choice_html(c.answer, c.label)} for c in table.shown],
        "folded": [{"c": c, "html": choice_html(c.answer, c.label)} for c in table.folded],
        "values_heading": feedback.values_heading(quiz.unit),
        "line": line,
        "why": found.why,
        # A convention verdict's why says what its refutation says, in full.
        "why_replaces_refutation": not line and quiz.unit == "convention",
        "example_deal": _deal_html(quiz, line.example_hands, [], "") if line else None,
        "deal": _deal_html(quiz, found.hands, found.spare, found.spare_name)
        if found.hands
        else None,
        "themes": found.themes,
        "rule": found.rule,
        "position": drawn.position,
        "lesson": found.lesson,
        "query": filters.as_query(),
        "due": reviews_due(request).get(quiz.game, 0),
        "hint_cost": HINT_COST,
    }
    return render(request, "train/attempt.html", context)
