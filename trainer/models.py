from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

GAME_CHOICES = [
    ("skat", "Skat"),
    ("beyond", "Beyond"),
    ("five_hundred", "500"),
    ("wiezen", "Kleurenwiezen"),
]
KIND_CHOICES = [("play", _("Play")), ("bid", _("Bidding"))]
MODE_CHOICES = [("double_dummy", _("Double dummy")), ("single_dummy", _("Single dummy"))]


class GenerationJob(models.Model):
    """A request for quizzes, worked through in chunks by Celery tasks on the solver queue."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    kind = models.CharField(max_length=10, choices=KIND_CHOICES)
    mode = models.CharField(max_length=20, choices=MODE_CHOICES)
    count = models.PositiveIntegerField()
    constraints = models.TextField(blank=True)
    seed = models.BigIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0, help_text=_("quizzes kept so far"))
    attempts = models.PositiveIntegerField(default=0, help_text=_("deals tried so far (cursor)"))
    duplicates = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    seconds = models.FloatField(default=0.0, help_text=_("worker time spent"))

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.game} {self.kind} x{self.count} ({self.status} {self.done}/{self.count})"

    @property
    def keep_rate(self) -> float | None:
        return self.done / self.attempts if self.attempts else None

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)


class Quiz(models.Model):
    """One decision with every candidate's value, graded from these stored values."""

    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    kind = models.CharField(max_length=10, choices=KIND_CHOICES)
    mode = models.CharField(max_length=20, choices=MODE_CHOICES)
    prompt = models.TextField()
    position = models.JSONField()
    candidates = models.JSONField(help_text=_("answer, label, value, accepted, refutation, line"))
    unit = models.CharField(max_length=30)
    themes = models.JSONField(default=list)
    rating = models.FloatField(default=1500.0)
    rating_deviation = models.FloatField(default=350.0)
    rating_volatility = models.FloatField(default=0.06)
    rule_ref = models.CharField(max_length=300, blank=True)
    seed = models.BigIntegerField()
    samples = models.PositiveIntegerField(null=True, blank=True)
    margin = models.FloatField(null=True, blank=True)
    extra = models.JSONField(default=dict, blank=True)
    position_hash = models.CharField(max_length=64)
    job = models.ForeignKey(
        GenerationJob, null=True, blank=True, on_delete=models.SET_NULL, related_name="quizzes"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["kind", "position_hash"], name="quiz_unique_position")
        ]
        indexes = [models.Index(fields=["game", "kind", "mode", "rating"])]

    def __str__(self) -> str:
        return f"{self.game} {self.kind} #{self.pk}"

    @property
    def accepted(self) -> list[str]:
        return [c["answer"] for c in self.candidates if c["accepted"]]
