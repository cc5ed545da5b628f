"""Lesson pages: the four courses, one course, one lesson with its checkpoints, a glossary."""

from __future__ import annotations

import secrets
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.catalog import GAMES
from games.exercises import ExerciseError
from lessons import services
from lessons.diagrams import render_diagram
from lessons.models import GlossaryEntry, Lesson

SEED_LIMIT = 10**9


def _game(game: str) -> Any:
    if game not in GAMES:
        raise Http404(f"unknown game {game!r}")
    return GAMES[game]


def index(request: HttpRequest) -> HttpResponse:
    """List the four courses with their lesson counts."""
    counts = {g: 0 for g in GAMES}
    for lesson in Lesson.objects.only("game"):
        counts[lesson.game] += 1
    games = [{"info": info, "lessons": counts[slug]} for slug, info in GAMES.items()]
    return render(request, "lessons/index.html", {"games": games})


def course(request: HttpRequest, game: str) -> HttpResponse:
    """Show one game's lessons in order, with the learner's progress."""
    info = _game(game)
    lessons = list(Lesson.objects.filter(game=game))
    progress = services.course_progress(request.user, game)
    rows = [{"lesson": le, "progress": progress.get(le.pk)} for le in lessons]
    has_glossary = GlossaryEntry.objects.filter(game=game).exists()
    return render(
        request, "lessons/course.html", {"info": info, "rows": rows, "has_glossary": has_glossary}
    )


def glossary(request: HttpRequest, game: str) -> HttpResponse:
    """Show one game's terms, English beside the original."""
    info = _game(game)
    entries = GlossaryEntry.objects.filter(game=game)
    if not entries:
        raise Http404(f"no glossary for {game}")
    return render(request, "lessons/glossary.html", {"info": info, "entries": entries})


def _checkpoint_view(
    lesson: Lesson,
    index: int,
    seed: int,
    picked: list[str] | None = None,
    feedback: Any = None,
    error: str = "",
) -> dict[str, Any]:
    exercise = services.checkpoint_exercise(lesson, index, seed)
    return {
        "index": index,
        "number": index + 1,
        "seed": seed,
        "exercise": exercise,
        "diagrams": [render_diagram(d) for d in exercise.diagrams],
        "picked": picked or [],
        "feedback": feedback,
        "error": error,
        "section": lesson.checkpoints[index].get("section", ""),
    }


def _lesson_page(
    request: HttpRequest, lesson: Lesson, answered: dict[str, Any] | None = None, status: int = 200
) -> HttpResponse:
    siblings = list(Lesson.objects.filter(game=lesson.game).only("slug", "title", "order"))
    position = next(i for i, le in enumerate(siblings) if le.pk == lesson.pk)
    checkpoints = []
    for index in range(len(lesson.checkpoints)):
        if answered and answered["index"] == index:
            checkpoints.append(answered)
        else:
            checkpoints.append(_checkpoint_view(lesson, index, secrets.randbelow(SEED_LIMIT)))
    progress = services.course_progress(request.user, lesson.game).get(lesson.pk)
    context = {
        "info": GAMES[lesson.game],
        "lesson": lesson,
        "checkpoints": checkpoints,
        "progress": progress,
        "previous": siblings[position - 1] if position > 0 else None,
        "next": siblings[position + 1] if position + 1 < len(siblings) else None,
    }
    return render(request, "lessons/lesson.html", context, status=status)


@require_http_methods(["GET", "HEAD"])
def lesson(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    """Show a lesson and a fresh exercise for each of its checkpoints."""
    _game(game)
    item = get_object_or_404(Lesson, game=game, slug=slug)
    services.record_visit(request.user, item)
    return _lesson_page(request, item)


@require_POST
def answer(request: HttpRequest, game: str, slug: str, number: int) -> HttpResponse:
    """Grade one checkpoint answer and show the lesson again with the feedback."""
    _game(game)
    item = get_object_or_404(Lesson, game=game, slug=slug)
    index = number - 1
    if not 0 <= index < len(item.checkpoints):
        raise Http404(f"lesson {slug!r} has no checkpoint {number}")
    try:
        seed = int(request.POST.get("seed", ""))
    except ValueError:
        return HttpResponseBadRequest(_("The exercise seed is missing or not a number."))
    if not 0 <= seed < SEED_LIMIT:
        return HttpResponseBadRequest(_("The exercise seed is out of range."))
    picked = request.POST.getlist("answer")
    if not picked:
        view = _checkpoint_view(item, index, seed, error=_("Pick an answer first."))
        return _lesson_page(request, item, view, status=400)
    try:
        _exercise, feedback = services.answer_checkpoint(request.user, item, index, seed, picked)
    except ExerciseError as exc:
        view = _checkpoint_view(item, index, seed, error=str(exc))
        return _lesson_page(request, item, view, status=400)
    view = _checkpoint_view(item, index, seed, picked, feedback)
    return _lesson_page(request, item, view)
