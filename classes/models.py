"""Classes, exercise sets and assignments; the logic lives in ``classes.services``."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.catalog import GAME_CHOICES
from trainer.models import Attempt, GenerationJob, Quiz

TEACHERS_GROUP = "Teachers"


class SchoolClass(models.Model):
    """A teacher's class: pupils join with its code (or its link); archived means read-only."""

    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="classes_taught"
    )
    name = models.CharField(max_length=100)
    join_code = models.CharField(max_length=12, unique=True)
    archived = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["archived", "name", "id"]
        verbose_name_plural = "school classes"

    def __str__(self) -> str:
        return f"{self.name} ({self.teacher})"


class Membership(models.Model):
    """A pupil in a class; a removed pupil keeps the row (results stay) but has no access."""

    school_class = models.ForeignKey(SchoolClass, on_delete=models.CASCADE, related_name="members")
    pupil = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    created_by_teacher = models.BooleanField(default=False)
    joined_at = models.DateTimeField(auto_now_add=True)
    removed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pupil__username"]
        constraints = [
            models.UniqueConstraint(fields=["school_class", "pupil"], name="member_once")
        ]

    def __str__(self) -> str:
        return f"{self.pupil} in {self.school_class.name}"


class ExerciseSet(models.Model):
    """A teacher's ordered list of quizzes, given to classes as assignments."""

    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="exercise_sets"
    )
    name = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "id"]

    def __str__(self) -> str:
        return self.name


class SetItem(models.Model):
    """One quiz of a set, at its place in the teacher's order."""

    class Source(models.TextChoices):
        PICKED = "picked", _("Picked from the bank")
        GENERATED = "generated", _("Generated from constraints")
        ENTERED = "entered", _("Entered deal")

    exercise_set = models.ForeignKey(ExerciseSet, on_delete=models.CASCADE, related_name="items")
    quiz = models.ForeignKey(Quiz, on_delete=models.PROTECT, related_name="set_items")
    order = models.PositiveIntegerField()
    source = models.CharField(max_length=10, choices=Source.choices)

    class Meta:
        ordering = ["order", "id"]
        constraints = [
            models.UniqueConstraint(fields=["exercise_set", "quiz"], name="set_quiz_once")
        ]

    def __str__(self) -> str:
        return f"{self.exercise_set.name} #{self.order}: quiz {self.quiz_id}"


class SetGeneration(models.Model):
    """A generation job whose quizzes join a set when the worker has made them."""

    exercise_set = models.ForeignKey(
        ExerciseSet, on_delete=models.CASCADE, related_name="generations"
    )
    job = models.OneToOneField(GenerationJob, on_delete=models.CASCADE, related_name="+")
    added = models.BooleanField(default=False, help_text=_("its quizzes are in the set"))

    def __str__(self) -> str:
        return f"job {self.job_id} for set {self.exercise_set_id}"


class DealEntry(models.Model):
    """A deal a teacher entered, solved on a worker into one quiz of a set."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    exercise_set = models.ForeignKey(ExerciseSet, on_delete=models.CASCADE, related_name="entries")
    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    entered = models.JSONField(help_text=_("the form's fields: deal, contract, seat, played, bid"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    error = models.TextField(blank=True)
    quiz = models.ForeignKey(Quiz, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    seconds = models.FloatField(null=True, blank=True, help_text=_("worker time to solve"))

    def __str__(self) -> str:
        return f"{self.game} deal for set {self.exercise_set_id} ({self.status})"


class Assignment(models.Model):
    """A set given to a class; ``rated``: whether its answers move the pupils' ratings."""

    school_class = models.ForeignKey(
        SchoolClass, on_delete=models.CASCADE, related_name="assignments"
    )
    exercise_set = models.ForeignKey(
        ExerciseSet, on_delete=models.PROTECT, related_name="assignments"
    )
    due_at = models.DateTimeField(null=True, blank=True)
    rated = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "id"]

    def __str__(self) -> str:
        return f"{self.exercise_set.name} for {self.school_class.name}"


class AssignmentAnswer(models.Model):
    """A pupil's answer to one item of an assignment: the exact answer and the time taken."""

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="answers")
    item = models.ForeignKey(SetItem, on_delete=models.CASCADE, related_name="answers")
    pupil = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="assignment_answers"
    )
    attempt = models.OneToOneField(Attempt, on_delete=models.CASCADE, related_name="+")
    answer = models.CharField(max_length=100)
    correct = models.BooleanField()
    seconds = models.FloatField(null=True, blank=True)
    rating_before = models.FloatField(null=True, blank=True)
    rating_after = models.FloatField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "item", "pupil"], name="answer_once_per_item"
            )
        ]

    def __str__(self) -> str:
        return f"{self.pupil} {self.answer} ({'right' if self.correct else 'wrong'})"
