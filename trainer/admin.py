import threading
from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from trainer.models import Attempt, GenerationJob, Quiz, ReviewCard, SkillRating, WorkerHeartbeat
from trainer.recovery import JobState, job_states


@admin.register(GenerationJob)
class GenerationJobAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "game",
        "kind",
        "mode",
        "count",
        "done",
        "attempts",
        "status",
        "progress_state",
        "created_at",
    )
    list_filter = ("status", "game", "kind")
    readonly_fields = (
        "progress_state",
        "done",
        "attempts",
        "duplicates",
        "seconds",
        "started_at",
        "finished_at",
        "sent_at",
        "progressed_at",
        "worker",
        "chain",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._page = threading.local()  # one admin object serves every request thread

    def get_queryset(self, request: HttpRequest) -> QuerySet[GenerationJob]:
        self._page.states = None  # a new page: read the states again
        return super().get_queryset(request)

    def _state_of(self, job: GenerationJob) -> JobState | None:
        states = getattr(self._page, "states", None)
        if states is None:
            # One read of the open jobs and the heartbeats per page, not one per row.
            states = self._page.states = {s.job.pk: s for s in job_states()}
        return states.get(job.pk)

    @admin.display(description="progress")
    def progress_state(self, job: GenerationJob) -> str:
        """Say whether an open job moves, and why not when it is stalled (trainer.recovery)."""
        if job.finished:
            return job.get_status_display()
        state = self._state_of(job)
        if state is None:
            return ""
        if state.stalled:
            return f"STALLED ({state.state}): {state.reason}; still for {state.still_seconds} s"
        return f"{state.state}: {state.reason}"


@admin.register(Quiz)
class QuizAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "kind", "mode", "rating", "unit", "created_at")
    list_filter = ("game", "kind", "mode")
    search_fields = ("position_hash", "prompt")


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "quiz", "correct", "first", "created_at")
    list_filter = ("correct", "first")
    list_select_related = ("user", "quiz")
    raw_id_fields = ("quiz",)


@admin.register(SkillRating)
class SkillRatingAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "game", "rating", "deviation")
    list_select_related = ("user",)


@admin.register(ReviewCard)
class ReviewCardAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "quiz", "due")
    list_select_related = ("user", "quiz")
    raw_id_fields = ("quiz",)


@admin.register(WorkerHeartbeat)
class WorkerHeartbeatAdmin(admin.ModelAdmin):
    list_display = ("name", "queues", "active", "idle_since", "seen_at", "started_at")
    readonly_fields = ("name", "queues", "active", "idle_since", "seen_at", "started_at")
