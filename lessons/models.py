from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.catalog import GAME_CHOICES


class Lesson(models.Model):
    """One lesson, loaded from lessons/content/<game>/NN-<slug>.md by `load_lessons`."""

    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    slug = models.SlugField(max_length=80)
    order = models.PositiveIntegerField()
    title = models.CharField(max_length=200)
    summary = models.TextField(blank=True)
    sources = models.JSONField(default=list)
    body_html = models.TextField()
    checkpoints = models.JSONField(default=list, help_text=_("exercise, params, section"))
    source_path = models.CharField(max_length=300)
    digest = models.CharField(max_length=64)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "order"]
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="lesson_unique_slug"),
            models.UniqueConstraint(fields=["game", "order"], name="lesson_unique_order"),
        ]

    def __str__(self) -> str:
        return f"{self.game}: {self.title}"

    def get_absolute_url(self) -> str:
        return reverse("lessons:lesson", args=[self.game, self.slug])


class GlossaryEntry(models.Model):
    """A term of one game: the English word beside the original Danish, Dutch or German."""

    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    position = models.PositiveIntegerField()
    english = models.CharField(max_length=120)
    original = models.CharField(max_length=120)
    language = models.CharField(max_length=2)
    meaning = models.TextField(blank=True)

    class Meta:
        ordering = ["game", "position"]
        verbose_name_plural = "glossary entries"

    def __str__(self) -> str:
        return f"{self.english} ({self.original})"


class LessonProgress(models.Model):
    """How far one signed-in learner got in one lesson."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="progress")
    started_at = models.DateTimeField(auto_now_add=True)
    passed = models.JSONField(default=list, help_text=_("indexes of checkpoints answered right"))
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "lesson"], name="progress_one_per_lesson")
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.lesson}"


class SpentDeal(models.Model):
    """A checkpoint deal a signed-in learner has answered: each deal counts once.

    Rows older than the deals' lifetime (``lessons.services.DEAL_MAX_AGE``) are purged by the
    periodic ``trainer.purge_expired`` task.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE)
    deal = models.CharField(max_length=32)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "deal"], name="spent_deal_once_per_user")
        ]

    def __str__(self) -> str:
        return f"deal {self.deal} answered by {self.user}"
