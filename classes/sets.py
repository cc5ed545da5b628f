"""Exercise sets: quizzes picked from the bank, generated from constraints, or entered deals.

Picking only reads the bank. Generating and solving an entered deal are worker jobs: the
request checks the input at once (a bad constraint or deal is refused, naming the token, and
nothing is saved), stores the job and queues its task after the commit. The worker adds the
quizzes to the set when they are made (``attach_generated``, ``solve_entry``).
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Q, QuerySet
from django.http import Http404
from django.utils import timezone

from classes.models import DealEntry, ExerciseSet, SetGeneration, SetItem
from classes.roster import ClassError, require_teacher
from games.catalog import GAMES
from games.constraints import ConstraintError, impossibility, parse
from games.quizzes import KINDS, MODES
from games.quizzes.entered import ENTERED_GAMES, DealInputError, EnteredDeal, read_deal
from trainer.generation import JobRequestError, create_job
from trainer.models import GenerationJob, Quiz

MAX_ITEMS = 50
MAX_GENERATED = 20
PICK_PAGE = 30
# Quiz rating bands for the bank filter (the bank's ratings start at 1500 and move with use).
DIFFICULTY_BANDS = {"easy": (None, 1400.0), "medium": (1400.0, 1600.0), "hard": (1600.0, None)}


def _name(name: str) -> str:
    clean = " ".join(name.split())
    if not clean:
        raise ClassError("name: give the set a name")
    if len(clean) > 100:
        raise ClassError(f"name: at most 100 characters, not {len(clean)}")
    return clean


def create_set(teacher: Any, name: str) -> ExerciseSet:
    require_teacher(teacher)
    return ExerciseSet.objects.create(teacher=teacher, name=_name(name))


def teacher_set(teacher: Any, pk: int) -> ExerciseSet:
    """Return the teacher's own set, or raise Http404."""
    require_teacher(teacher)
    found = ExerciseSet.objects.filter(pk=pk, teacher=teacher).first()
    if found is None:
        raise Http404("no such exercise set")
    return found


def teacher_sets(teacher: Any) -> list[ExerciseSet]:
    """Return the teacher's sets, each with ``item_count``."""
    require_teacher(teacher)
    # The order is spelled out: Django leaves Meta.ordering out of a query with a GROUP BY.
    rows = ExerciseSet.objects.filter(teacher=teacher).annotate(item_count=Count("items"))
    return list(rows.order_by("-created_at", "id"))


def items_of(exercise_set: ExerciseSet) -> list[SetItem]:
    """Return the set's items in order, each with ``answer_count`` (answers given to it in
    any assignment: an answered item cannot be removed)."""
    rows = exercise_set.items.select_related("quiz").annotate(answer_count=Count("answers"))
    return list(rows.order_by("order", "id"))  # (a GROUP BY drops Meta.ordering)


@dataclass(frozen=True)
class BankFilters:
    """The bank picker's filters ('' = any)."""

    game: str = ""
    kind: str = ""
    mode: str = ""
    theme: str = ""
    difficulty: str = ""

    @classmethod
    def from_query(cls, query: dict[str, str]) -> BankFilters:
        found = cls(**{k: query.get(k, "").strip() for k in cls.__dataclass_fields__})
        if found.game and found.game not in GAMES:
            raise ClassError(f"game: unknown game {found.game!r}; use one of {', '.join(GAMES)}")
        if found.kind and found.kind not in KINDS:
            raise ClassError(f"kind: unknown kind {found.kind!r}; use one of {', '.join(KINDS)}")
        if found.mode and found.mode not in MODES:
            raise ClassError(f"mode: unknown mode {found.mode!r}; use one of {', '.join(MODES)}")
        if found.difficulty and found.difficulty not in DIFFICULTY_BANDS:
            names = ", ".join(DIFFICULTY_BANDS)
            raise ClassError(f"difficulty: unknown {found.difficulty!r}; use one of {names}")
        if len(found.theme) > 60:
            raise ClassError("theme: too long")
        return found

    def pairs(self) -> list[tuple[str, str]]:
        """Return the filters that are set, as (name, value)."""
        return [(k, v) for k, v in asdict(self).items() if v]

    def query(self) -> str:
        """Return the filters as a query string (only those set), to come back to them."""
        return urlencode(self.pairs())

    def apply(self, rows: QuerySet[Quiz]) -> QuerySet[Quiz]:
        lookups = {k: getattr(self, k) for k in ("game", "kind", "mode") if getattr(self, k)}
        rows = rows.filter(**lookups)
        if self.theme:
            rows = rows.filter(themes__contains=[self.theme])
        if self.difficulty:
            low, high = DIFFICULTY_BANDS[self.difficulty]
            if low is not None:
                rows = rows.filter(rating__gte=low)
            if high is not None:
                rows = rows.filter(rating__lt=high)
        return rows


def _bank_rows(exercise_set: ExerciseSet, filters: BankFilters) -> QuerySet[Quiz]:
    return filters.apply(Quiz.objects.exclude(set_items__exercise_set=exercise_set))


def bank_page(exercise_set: ExerciseSet, filters: BankFilters) -> list[Quiz]:
    """Return bank quizzes matching the filters that are not in the set yet (one page)."""
    return list(_bank_rows(exercise_set, filters).order_by("rating", "id")[:PICK_PAGE])


def bank_count(exercise_set: ExerciseSet, filters: BankFilters, shown: int) -> int:
    """Return how many bank quizzes match (``shown`` when the page holds them all: no query)."""
    return shown if shown < PICK_PAGE else _bank_rows(exercise_set, filters).count()


def _next_order(exercise_set: ExerciseSet) -> int:
    top = exercise_set.items.aggregate(m=Max("order"))["m"]
    return 1 if top is None else top + 1


def _room(exercise_set: ExerciseSet, adding: int) -> None:
    have = exercise_set.items.count()
    if have + adding > MAX_ITEMS:
        raise ClassError(f"a set holds at most {MAX_ITEMS} items; this one has {have}")


def add_items(exercise_set: ExerciseSet, quiz_ids: list[int], source: str) -> list[SetItem]:
    """Append quizzes to the set in the given order; ones already in it are skipped."""
    with transaction.atomic():
        ExerciseSet.objects.select_for_update().get(pk=exercise_set.pk)
        present = set(exercise_set.items.values_list("quiz_id", flat=True))
        wanted = list(dict.fromkeys(q for q in quiz_ids if q not in present))
        _room(exercise_set, len(wanted))
        found = set(Quiz.objects.filter(pk__in=wanted).values_list("pk", flat=True))
        missing = [q for q in wanted if q not in found]
        if missing:
            raise ClassError(f"quiz {missing[0]} is not in the bank")
        order = _next_order(exercise_set)
        made = [
            SetItem(exercise_set=exercise_set, quiz_id=q, order=order + n, source=source)
            for n, q in enumerate(wanted)
        ]
        SetItem.objects.bulk_create(made)
    return made


def pick(teacher: Any, pk: int, quiz_ids: list[int]) -> list[SetItem]:
    """Add bank quizzes to the teacher's set."""
    exercise_set = teacher_set(teacher, pk)
    if not quiz_ids:
        raise ClassError("tick at least one quiz to add")
    return add_items(exercise_set, quiz_ids, str(SetItem.Source.PICKED))


def move_item(teacher: Any, pk: int, item_id: int, step: int) -> tuple[int, int]:
    """Move an item one place up (step -1) or down (+1) in the set's order; return its place
    after the move (from 1) and how many items the set has."""
    exercise_set = teacher_set(teacher, pk)
    with transaction.atomic():
        items = list(exercise_set.items.select_for_update().order_by("order", "id"))
        index = next((i for i, it in enumerate(items) if it.pk == item_id), None)
        if index is None:
            raise Http404("no such item")
        other = index + (1 if step > 0 else -1)
        if not 0 <= other < len(items):
            return index + 1, len(items)
        items[index], items[other] = items[other], items[index]
        for n, it in enumerate(items, start=1):
            it.order = n
        SetItem.objects.bulk_update(items, ["order"])
    return other + 1, len(items)


def remove_item(teacher: Any, pk: int, item_id: int) -> None:
    exercise_set = teacher_set(teacher, pk)
    item = exercise_set.items.filter(pk=item_id).first()
    if item is None:
        raise Http404("no such item")
    if item.answers.exists():
        raise ClassError("pupils have answered this item: it stays, so their results do")
    item.delete()


def set_item(teacher: Any, pk: int, item_id: int) -> SetItem:
    exercise_set = teacher_set(teacher, pk)
    item = exercise_set.items.select_related("quiz").filter(pk=item_id).first()
    if item is None:
        raise Http404("no such item")
    return item


# ------------------------------------------------------------------ generated from constraints


def generate(
    teacher: Any, pk: int, game: str, kind: str, count: int, mode: str, constraints: str
) -> SetGeneration:
    """Queue a generation job whose quizzes join the set; a bad request saves nothing."""
    exercise_set = teacher_set(teacher, pk)
    if not 1 <= count <= MAX_GENERATED:
        raise ClassError(f"count: between 1 and {MAX_GENERATED} quizzes at a time, not {count}")
    _room(exercise_set, count)
    if constraints.strip() and game in GAMES:
        try:
            why = impossibility(parse(constraints, game))
        except ConstraintError as exc:
            raise ClassError(f"constraints: {exc}") from None
        if why:
            raise ClassError(f"constraints: no deal can meet them: {why}")
    with transaction.atomic():
        try:
            job = create_job(
                game=game,
                kind=kind,
                count=count,
                mode=mode or None,
                constraints=constraints,
                requested_by=teacher,
                enqueue=False,
            )
        except JobRequestError as exc:
            raise ClassError(str(exc)) from None
        link = SetGeneration.objects.create(exercise_set=exercise_set, job=job)
        from classes.tasks import generate_for_set

        transaction.on_commit(lambda: generate_for_set.delay(link.pk))
    return link


def attach_generated(link_id: int) -> int:
    """Add a finished job's quizzes to its set (once); return how many were added."""
    with transaction.atomic():
        link = SetGeneration.objects.select_for_update().select_related("job").get(pk=link_id)
        if link.added or not link.job.finished:
            return 0
        ids = list(link.job.quizzes.order_by("id").values_list("pk", flat=True))
        exercise_set = link.exercise_set
        present = set(exercise_set.items.values_list("quiz_id", flat=True))
        ids = [q for q in ids if q not in present][: max(0, MAX_ITEMS - len(present))]
        order = _next_order(exercise_set)
        SetItem.objects.bulk_create(
            SetItem(
                exercise_set=exercise_set, quiz_id=q, order=order + n,
                source=SetItem.Source.GENERATED,
            )
            for n, q in enumerate(ids)
        )  # fmt: skip
        link.added = True
        link.save(update_fields=["added"])
    return len(ids)


def generation_status(teacher: Any, pk: int, link_id: int) -> dict[str, Any]:
    """Return a generation's progress for the page's bar (read only)."""
    exercise_set = teacher_set(teacher, pk)
    link = exercise_set.generations.select_related("job").filter(pk=link_id).first()
    if link is None:
        raise Http404("no such generation")
    return generation_json(link)


def generation_json(link: SetGeneration) -> dict[str, Any]:
    job = link.job
    return {
        "id": link.pk,
        "status": job.status,
        "done": job.done,
        "count": job.count,
        "attempts": job.attempts,
        "percent": round(100 * job.done / job.count) if job.count else 0,
        "added": link.added,
        "finished": job.finished and (link.added or job.status == GenerationJob.Status.FAILED),
        "message": failure_message(job),
    }


def failure_message(job: GenerationJob) -> str:
    """Return what a teacher reads when a job failed: impossible or too rare constraints."""
    if job.status != GenerationJob.Status.FAILED:
        return ""
    made = f" {job.done} of {job.count} were made and added." if job.done else ""
    error = job.error
    if error.startswith("no quiz found"):
        return (
            f"These constraints are too rare: {job.attempts} deals were tried and too few gave "
            f"a real decision.{made} Loosen the constraints or ask for fewer quizzes."
        )
    if "cannot be met" in error or "cannot all be placed" in error:
        return f"No deal can meet these constraints: {error}.{made}"
    if error.startswith("no deal found after"):
        return (
            f"These constraints are too rare: {error} (dealing at random).{made} "
            "Loosen the constraints."
        )
    return f"The job failed: {error}.{made}"


# ------------------------------------------------------------------ entered deals


def enter_deal(
    teacher: Any,
    pk: int,
    game: str,
    deal: str,
    contract: str,
    seat: str,
    played: str = "",
    bid: int | None = None,
) -> DealEntry:
    """Check an entered deal at once (naming a bad token); queue its solve on a worker."""
    exercise_set = teacher_set(teacher, pk)
    entered = EnteredDeal(game, deal.strip(), contract.strip(), seat.strip(), played.strip(), bid)
    if game not in ENTERED_GAMES:
        raise ClassError(
            f"game: deals can be entered for {', '.join(ENTERED_GAMES)} so far, not {game!r}"
        )
    try:
        read_deal(entered)  # reads and plays the cards; no solving
    except DealInputError as exc:
        raise ClassError(str(exc)) from None
    _room(exercise_set, 1)
    with transaction.atomic():
        entry = DealEntry.objects.create(
            exercise_set=exercise_set, game=game, entered=entered.as_json()
        )
        from classes.tasks import solve_deal_entry

        transaction.on_commit(lambda: solve_deal_entry.delay(entry.pk))
    return entry


def solve_entry(entry_id: int) -> DealEntry:
    """Solve an entered deal into a quiz and add it to its set (idempotent; worker side)."""
    from games.quizzes.entered import quiz_from_deal
    from trainer.generation import store_quiz

    entry = DealEntry.objects.get(pk=entry_id)
    if entry.status != DealEntry.Status.QUEUED:
        return entry
    began = time.monotonic()
    try:
        draft = quiz_from_deal(
            EnteredDeal(**entry.entered), seconds=settings.CLASSES_ENTERED_SOLVE_SECONDS
        )
    except DealInputError as exc:
        DealEntry.objects.filter(pk=entry_id).update(
            status=DealEntry.Status.FAILED, error=str(exc), finished_at=timezone.now(),
            seconds=time.monotonic() - began,
        )  # fmt: skip
        return DealEntry.objects.get(pk=entry_id)
    spent = time.monotonic() - began
    store_quiz(draft, None)  # False when the bank has this position already: use that quiz
    quiz = Quiz.objects.get(kind=draft.kind, position_hash=draft.position_hash)
    with transaction.atomic():
        entry = DealEntry.objects.select_for_update().get(pk=entry_id)
        if entry.status != DealEntry.Status.QUEUED:
            return entry
        exercise_set = entry.exercise_set
        if not exercise_set.items.filter(quiz=quiz).exists():
            try:
                with transaction.atomic():
                    SetItem.objects.create(
                        exercise_set=exercise_set, quiz=quiz, order=_next_order(exercise_set),
                        source=SetItem.Source.ENTERED,
                    )  # fmt: skip
            except IntegrityError:
                pass
        entry.status = DealEntry.Status.DONE
        entry.quiz = quiz
        entry.finished_at = timezone.now()
        entry.seconds = spent
        entry.save(update_fields=["status", "quiz", "finished_at", "seconds"])
    return entry


def entry_status(teacher: Any, pk: int, entry_id: int) -> dict[str, Any]:
    exercise_set = teacher_set(teacher, pk)
    entry = exercise_set.entries.filter(pk=entry_id).first()
    if entry is None:
        raise Http404("no such entered deal")
    return entry_json(entry)


def entry_json(entry: DealEntry) -> dict[str, Any]:
    return {
        "id": entry.pk,
        "status": entry.status,
        "finished": entry.status != DealEntry.Status.QUEUED,
        "message": entry.error,
        "quiz": entry.quiz_id,
        "percent": 0 if entry.status == DealEntry.Status.QUEUED else 100,
    }


def open_jobs(exercise_set: ExerciseSet) -> dict[str, list[dict[str, Any]]]:
    """Return the set's generations and entered deals still running or recently failed."""
    gens = exercise_set.generations.select_related("job").filter(
        Q(added=False) | Q(job__status=GenerationJob.Status.FAILED)
    )
    entries = exercise_set.entries.exclude(status=DealEntry.Status.DONE)
    return {
        "generations": [generation_json(g) for g in gens.order_by("-pk")[:10]],
        "entries": [entry_json(e) for e in entries.order_by("-pk")[:10]],
    }
