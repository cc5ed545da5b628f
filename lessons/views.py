"""Lesson pages: the four courses, one course, one lesson with its checkpoints, a glossary."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.catalog import GAMES
from games.exercises import ExerciseError
from lessons import services
from lessons.diagrams import render_diagram
from lessons.models import GlossaryEntry, Lesson
from lessons.services import Deal, DealError


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
    progress = services.course_progress(request.user, game, request.session)
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
    deal: Deal,
    picked: list[str] | None = None,
    feedback: Any = None,
    error: str = "",
    counted: bool = True,
) -> dict[str, Any]:
    index = deal.index
    exercise = services.checkpoint_exercise(lesson, index, deal.seed)
    return {
        "index": index,
        "number": index + 1,
        "deal": deal.token,
        "counted": counted,
        "exercise": exercise,
        "diagrams": [render_diagram(d) for d in exercise.diagrams],
        "picked": picked or [],
        "feedback": feedback,
        "error": error,
        "section": lesson.checkpoints[index].get("section", ""),
    }


def _kept_deal(request: HttpRequest, lesson: Lesson, index: int) -> Deal:
    """Return the deal the page showed for another checkpoint, or a fresh one."""
    token = request.POST.get(f"keep-{index + 1}", "")
    if token:
        try:
            return services.read_deal(lesson, index, token)
        except DealError:
            pass  # an old or altered page: that checkpoint simply gets a new exercise
    return services.issue_deal(lesson, index)


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
            # After an answer the other checkpoints keep the exercises the page showed.
            deal = _kept_deal(request, lesson, index) if answered else None
            checkpoints.append(_checkpoint_view(lesson, deal or services.issue_deal(lesson, index)))
    progress = services.course_progress(request.user, lesson.game, request.session).get(lesson.pk)
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
        deal = services.read_deal(item, index, request.POST.get("deal", ""))
    except DealError as exc:
        # Graded only on a deal this site issued: a new one is shown with the reason.
        view = _checkpoint_view(item, services.issue_deal(item, index), error=str(exc))
        return _lesson_page(request, item, view, status=400)
    picked = request.POST.getlist("answer")
    if not picked:
        view = _checkpoint_view(item, deal, error=_("Pick an answer first."))
        return _lesson_page(request, item, view, status=400)
    try:
        _exercise, feedback, counted = services.answer_checkpoint(
            request.user, item, deal, picked, request.session
        )
    except ExerciseError as exc:
        view = _checkpoint_view(item, deal, error=str(exc))
        return _lesson_page(request, item, view, status=400)
    view = _checkpoint_view(item, deal, picked, feedback, counted=counted)
    return _lesson_page(request, item, view)
