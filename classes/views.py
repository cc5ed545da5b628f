"""Teacher and pupil pages: each reads the request, calls one service, renders or redirects.

Teacher pages live under /teach/, pupil pages under /classes/. Ids of other people's
objects give 404 (the services raise it); a GET never queues work.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from classes import results, roster, sets, work
from classes.roster import ClassError
from classes.signals import JUST_JOINED_KEY
from games.catalog import GAMES
from games.quizzes import KINDS, MODES
from games.quizzes.entered import ENTERED_GAMES
from trainer import feedback
from trainer.grading import GradingError, grade
from trainer.models import KIND_CHOICES, MODE_CHOICES, Quiz
from trainer.picker import card_picker
from trainer.positions import choice_html, choice_order, position_view


def _int(value: Any, field: str) -> int:
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        raise ClassError(f"{field}: {value!r} is not a whole number") from None


def _back(request: HttpRequest, url: str, error: ClassError | None = None) -> HttpResponse:
    if error is not None:
        messages.error(request, str(error))
    return redirect(url)


def choices_of(quiz: Quiz) -> dict[str, Any]:
    """Return what the quiz page draws for a quiz: the position, its choices or card picker."""
    picker = card_picker(quiz)
    choices = [
        {"answer": c["answer"], "html": choice_html(str(c["answer"]), str(c.get("label") or ""))}
        for c in ([] if picker else choice_order(quiz))
    ]
    return {"quiz": quiz, "view": position_view(quiz), "choices": choices, "picker": picker}


# ------------------------------------------------------------------------------ teachers


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def teach_home(request: HttpRequest) -> HttpResponse:
    """The teacher's classes and sets; POST creates a class or a set."""
    roster.require_teacher(request.user)
    if request.method == "POST":
        try:
            if request.POST.get("what") == "set":
                made = sets.create_set(request.user, request.POST.get("name", ""))
                return redirect("classes:set", made.pk)
            school_class = roster.create_class(request.user, request.POST.get("name", ""))
            return redirect("classes:class", school_class.pk)
        except ClassError as exc:
            return _back(request, reverse("classes:teach"), exc)
    context = {
        "classes": roster.teacher_classes(request.user),
        "sets": sets.teacher_sets(request.user),
    }
    return render(request, "classes/teach.html", context)


@login_required
@require_GET
def class_detail(request: HttpRequest, pk: int) -> HttpResponse:
    school_class = roster.teacher_class(request.user, pk)
    context = {
        "school_class": school_class,
        "members": roster.active_members(school_class),
        "removed": roster.removed_members(school_class),
        "assignments": results.class_progress(school_class),
        "sets": sets.teacher_sets(request.user),
        "join_url": request.build_absolute_uri(
            reverse("classes:join_code", args=[school_class.join_code])
        ),
        "new_pupils": request.session.pop("classes_new_pupils", None),
        "now": timezone.localtime(),
    }
    return render(request, "classes/class.html", context)


def _due(text: str) -> dt.datetime | None:
    text = text.strip()
    if not text:
        return None
    try:
        due = dt.datetime.fromisoformat(text)
    except ValueError:
        raise ClassError(f"due date: {text!r} is not a date and time (YYYY-MM-DD HH:MM)") from None
    return timezone.make_aware(due) if timezone.is_naive(due) else due


@login_required
@require_POST
def class_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """Rename, archive, add pupils, remove a pupil, or assign a set."""
    url = reverse("classes:class", args=[pk])
    user, post = request.user, request.POST
    try:
        if action == "rename":
            roster.rename_class(user, pk, post.get("name", ""))
        elif action == "archive":
            roster.archive_class(user, pk, confirmed=post.get("confirm") == "on")
        elif action == "pupils":
            made = roster.create_pupils(user, pk, post.get("usernames", ""))
            # Shown once on the next page, then gone from the session.
            request.session["classes_new_pupils"] = [[p.username, p.password] for p in made]
        elif action == "remove":
            roster.remove_pupil(user, pk, _int(post.get("pupil"), "pupil"))
        elif action == "readd":
            roster.readd_pupil(user, pk, _int(post.get("pupil"), "pupil"))
        elif action == "assign":
            made_assignment = work.assign(
                user,
                pk,
                _int(post.get("set"), "set"),
                _due(post.get("due", "")),
                rated=post.get("rated") == "on",
            )
            return redirect("classes:results", made_assignment.pk)
        else:
            raise Http404("no such action")
    except ClassError as exc:
        return _back(request, url, exc)
    return redirect(url)


def _pick_context(request: HttpRequest, exercise_set: Any, focus: str) -> dict[str, Any]:
    try:
        filters = sets.BankFilters.from_query(request.GET.dict())
        error = ""
    except ClassError as exc:
        filters, error = sets.BankFilters(), str(exc)
    bank = sets.bank_page(exercise_set, filters)
    # After "Add" on the bank's row n, the keyboard goes on from the quiz now in that row.
    row = int(focus.removeprefix("bank-")) if focus.startswith("bank-") else 0
    return {
        "filters": filters,
        "filter_error": error,
        "bank": bank,
        "bank_total": sets.bank_count(exercise_set, filters, len(bank)),
        "bank_focus": min(row, len(bank)),
        "games": list(GAMES.values()),
        "kinds": [(k, label) for k, label in KIND_CHOICES if k in KINDS],
        "modes": [(m, label) for m, label in MODE_CHOICES if m in MODES],
        "difficulties": list(sets.DIFFICULTY_BANDS),
        "entered_games": [GAMES[g] for g in ENTERED_GAMES],
    }


@login_required
@require_GET
def set_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The set's items in order (with previews), the bank picker, the generate and deal forms."""
    exercise_set = sets.teacher_set(request.user, pk)
    # Where the keyboard focus goes after an action of this page (shown once).
    focus = str(request.session.pop(FOCUS_KEY, ""))
    context = {
        "exercise_set": exercise_set,
        "items": sets.items_of(exercise_set),
        "jobs": sets.open_jobs(exercise_set),
        "focus": focus,
        **_pick_context(request, exercise_set, focus),
    }
    return render(request, "classes/set.html", context)


def _optional_int(value: str, field: str) -> int | None:
    return _int(value, field) if value.strip() else None


FOCUS_KEY = "classes_focus"


def _pick(request: HttpRequest, pk: int, url: str) -> HttpResponse:
    """Add one bank quiz (its row's Add button, "row:quiz") or the ticked ones; come back to
    the same filters, the focus on the row that took the added quiz's place."""
    post = request.POST
    try:
        back = sets.BankFilters.from_query(post.dict()).query()
    except ClassError:
        back = ""
    back_url = f"{url}?{back}" if back else url
    try:
        if post.get("add"):
            row, _, quiz = post["add"].partition(":")
            added = sets.pick(request.user, pk, [_int(quiz, "quiz")])
            request.session[FOCUS_KEY] = f"bank-{_int(row, 'row')}"
        else:
            added = sets.pick(request.user, pk, [_int(q, "quiz") for q in post.getlist("quiz")])
            request.session[FOCUS_KEY] = "bank-1"
    except ClassError as exc:
        request.session[FOCUS_KEY] = "bank-1"
        return _back(request, back_url, exc)
    if added:
        first, last = added[0].order, added[-1].order
        where = f"item {first}" if first == last else f"items {first} to {last}"
        names = ", ".join(f"#{it.quiz_id}" for it in added)
        messages.success(request, f"Added {names} to the set as {where}.")
    return redirect(back_url)


@login_required
@require_POST
def set_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """Pick, move, remove, generate or enter a deal."""
    url = reverse("classes:set", args=[pk])
    user, post = request.user, request.POST
    try:
        if action == "pick":
            return _pick(request, pk, url)
        elif action == "move":
            up = post.get("direction") == "up"
            item = _int(post.get("item"), "item")
            place, count = sets.move_item(user, pk, item, -1 if up else 1)
            # The focus stays on the moved item's arrow, or its other one at the end of the list.
            if (up and place == 1) or (not up and place == count):
                up = not up
            request.session[FOCUS_KEY] = f"{'up' if up else 'down'}-{item}"
        elif action == "remove":
            sets.remove_item(user, pk, _int(post.get("item"), "item"))
            request.session[FOCUS_KEY] = "items-title"
        elif action == "generate":
            link = sets.generate(
                user,
                pk,
                post.get("game", ""),
                post.get("kind", ""),
                _int(post.get("count", ""), "count"),
                post.get("mode", ""),
                post.get("constraints", ""),
            )
            return redirect(f"{url}#generation-{link.pk}")
        elif action == "deal":
            entry = sets.enter_deal(
                user,
                pk,
                post.get("game", ""),
                post.get("deal", ""),
                post.get("contract", ""),
                post.get("seat", ""),
                post.get("played", ""),
                _optional_int(post.get("bid", ""), "bid"),
            )
            return redirect(f"{url}#entry-{entry.pk}")
        else:
            raise Http404("no such action")
    except ClassError as exc:
        # The form's text comes back so a long deal need not be typed again.
        request.session["classes_form"] = {"action": action, **post.dict()}
        return _back(request, url, exc)
    return redirect(url)


@login_required
@require_GET
def set_job_status(request: HttpRequest, pk: int, what: str, job: int) -> JsonResponse:
    """The progress of a generation or an entered deal, for the page's polling (read only)."""
    if what == "generation":
        return JsonResponse(sets.generation_status(request.user, pk, job))
    if what == "entry":
        return JsonResponse(sets.entry_status(request.user, pk, job))
    raise Http404("no such job")


@login_required
@require_GET
def item_preview(request: HttpRequest, pk: int, item: int) -> HttpResponse:
    """The item as the pupil will see it, with its values below for the teacher."""
    found = sets.set_item(request.user, pk, item)
    quiz = found.quiz
    best = next(str(c["answer"]) for c in quiz.candidates if c.get("accepted"))
    verdict = grade(quiz.candidates, quiz.unit, best, quiz.kind)
    context = {
        "exercise_set": found.exercise_set,
        "item": found,
        "info": GAMES[quiz.game],
        "rows": [{"c": c, "html": choice_html(c.answer, c.label)} for c in verdict.choices],
        **choices_of(quiz),
    }
    return render(request, "classes/preview.html", context)


def _grid(request: HttpRequest, assignment: Any) -> results.Grid:
    try:
        return results.grid(assignment, request.GET.get("show", "all"), request.GET.get("q", ""))
    except ClassError:
        return results.grid(assignment)


@login_required
@require_GET
def results_page(request: HttpRequest, pk: int) -> HttpResponse:
    assignment = work.teacher_assignment(request.user, pk)
    context = {
        "assignment": assignment,
        "grid": _grid(request, assignment),
        "shows": results.SHOW_LABELS,
    }
    return render(request, "classes/results.html", context)


@login_required
@require_GET
def results_grid(request: HttpRequest, pk: int) -> HttpResponse:
    """The grid alone, which the results page fetches every few seconds: with an ETag, so a
    browser asking again with it gets 304 (its cached grid) while nothing changed."""
    assignment = work.teacher_assignment(request.user, pk)
    show, query = request.GET.get("show", "all"), request.GET.get("q", "")
    tag = f'"{results.grid_tag(assignment, show, query, "html", get_language() or "")}"'
    if results.unchanged(request.headers.get("If-None-Match", ""), tag):
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = render(request, "classes/_grid.html", {"grid": _grid(request, assignment)})
    response["ETag"] = tag
    response["Cache-Control"] = "private, no-cache"
    return response


@login_required
@require_GET
def results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    assignment = work.teacher_assignment(request.user, pk)
    body = results.grid_csv(_grid(request, assignment))
    # UTF-8 with a byte-order mark, so spreadsheets read accented names correctly.
    response = HttpResponse(body.encode("utf-8-sig"), content_type="text/csv; charset=utf-8")
    name = f"results-{assignment.pk}.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


# ------------------------------------------------------------------------------ pupils


@require_http_methods(["GET", "HEAD", "POST"])
def classes_home(request: HttpRequest) -> HttpResponse:
    """A pupil's classes and assignments, and the form to join with a code."""
    if request.method == "POST":
        code = request.POST.get("code", "")
        return _join(request, code, reverse("classes:home"), reverse("classes:home"))
    context = {
        "classes": roster.pupil_classes(request.user),
        "assignments": work.pupil_assignments(request.user),
        "is_teacher": roster.is_teacher(request.user),
    }
    return render(request, "classes/home.html", context)


def _join(request: HttpRequest, code: str, back: str, then: str) -> HttpResponse:
    try:
        school_class = roster.join_class(request.user, code)
    except ClassError as exc:
        return _back(request, back, exc)
    messages.success(request, f"You have joined {school_class.name}.")
    return redirect(then)


@require_http_methods(["GET", "HEAD", "POST"])
def join_code(request: HttpRequest, code: str) -> HttpResponse:
    """The join link: GET shows the class and asks to confirm (signed in) or to sign in or up
    first (which joins: classes/signals.py), or says why it cannot be joined; a pupil already
    in the class goes to their progress page, where it is listed. POST joins."""
    here = reverse("classes:join_code", args=[code])
    if request.method == "POST":
        return _join(request, code, here, reverse("train:dashboard"))
    link = roster.join_link(request.user, code)
    if link.member and link.school_class is not None:
        if request.session.pop(JUST_JOINED_KEY, None) != link.school_class.pk:
            messages.info(request, f"You are in {link.school_class.name}.")
        return redirect("train:dashboard")
    status = 404 if link.school_class is None else 200
    return render(request, "classes/join.html", {"link": link, "here": here}, status=status)


@login_required
@require_GET
def assignment_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The pupil's view of an assignment: the items in order and their own answers only."""
    try:
        assignment = work.pupil_assignment(request.user, pk)
    except ClassError as exc:
        return render(request, "classes/gone.html", {"error": str(exc)}, status=403)
    answers = work.my_answers(assignment, request.user)
    items = [
        {"item": it, "answer": answers.get(it.pk)}
        for it in assignment.exercise_set.items.select_related("quiz")
    ]
    context = {
        "assignment": assignment,
        "items": items,
        "done": sum(1 for it in items if it["answer"] is not None),
    }
    return render(request, "classes/assignment.html", context)


@login_required
@require_GET
def assignment_play(request: HttpRequest, pk: int) -> HttpResponse:
    """The quiz player on the pupil's next item, in the teacher's order."""
    try:
        assignment = work.pupil_assignment(request.user, pk)
    except ClassError as exc:
        return render(request, "classes/gone.html", {"error": str(exc)}, status=403)
    if assignment.school_class.archived:
        return redirect("classes:assignment", pk)
    served = work.serve_item(request.session, assignment, request.user)
    if served is None:
        return redirect("classes:assignment", pk)
    item, ticket = served
    total, done = work.progress_of(assignment, request.user)
    context = {
        "assignment": assignment,
        "item": item,
        "ticket": ticket,
        "info": GAMES[item.quiz.game],
        "number": done + 1,
        "total": total,
        **choices_of(item.quiz),
    }
    return render(request, "classes/play.html", context)


@login_required
@require_POST
def assignment_answer(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        assignment = work.pupil_assignment(request.user, pk)
        row, _verdict = work.submit_item(
            request.session,
            assignment,
            request.user,
            _int(request.POST.get("item", ""), "item"),
            request.POST.get("answer", ""),
            request.POST.getlist("card"),
        )
    except (ClassError, GradingError) as exc:
        return _back(request, reverse("classes:assignment", args=[pk]), ClassError(str(exc)))
    return redirect("classes:answer", row.pk)


@login_required
@require_GET
def answer_page(request: HttpRequest, pk: int) -> HttpResponse:
    """One answer with every choice's value: for the pupil who gave it and their teacher."""
    try:
        row = work.visible_answer(request.user, pk)
    except ClassError as exc:
        return render(request, "classes/gone.html", {"error": str(exc)}, status=403)
    quiz = row.item.quiz
    verdict = grade(quiz.candidates, quiz.unit, row.answer, quiz.kind)
    order = [str(c["answer"]) for c in choice_order(quiz)]
    rows = sorted(verdict.choices, key=lambda c: order.index(c.answer) if c.answer in order else 0)
    mine = row.pupil_id == request.user.pk
    context = {
        "row": row,
        "assignment": row.assignment,
        "mine": mine,
        "info": GAMES[quiz.game],
        "verdict": verdict,
        "chosen": verdict.chosen,
        "chosen_html": choice_html(verdict.chosen.answer, verdict.chosen.label),
        "why": feedback.verdict_why(quiz, verdict),
        "rows": [{"c": c, "html": choice_html(c.answer, c.label)} for c in rows],
        "more": mine and work.next_item(row.assignment, request.user) is not None,
        "number": work.item_number(row.item),
        **choices_of(quiz),
    }
    return render(request, "classes/answer.html", context)


@require_GET
def quiz_permalink(request: HttpRequest, pk: int) -> HttpResponse:
    """Any quiz by its id, to share: hands it out through the trainer's own ticket and form."""
    from trainer import tickets
    from trainer.learners import learner_for

    quiz = Quiz.objects.filter(pk=pk).first()
    if quiz is None:
        raise Http404("no such quiz")
    learner_for(request, create=True)
    ticket = tickets.current(request.session)
    if ticket is None or ticket.quiz != quiz.pk:
        ticket = tickets.issue(request.session, quiz.pk, quiz.game, "", False)
    context = {"info": GAMES[quiz.game], "ticket": ticket, **choices_of(quiz)}
    return render(request, "classes/permalink.html", context)
