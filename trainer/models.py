from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.catalog import GAME_CHOICES

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
    refill = models.BooleanField(default=False, help_text=_("queued by the bank's top-up"))
    progressed_at = models.DateTimeField(
        null=True, blank=True, help_text=_("last time a worker moved the job on")
    )
    # Recovery (trainer.recovery): a job's task is handed to the broker by send_job, which
    # stamps sent_at (left empty when the broker refused it); every send that starts a new
    # chain of tasks bumps chain, and a task of an older chain stops at once, so a message
    # that comes back late (a dead worker's, after the visibility timeout) does no work twice.
    sent_at = models.DateTimeField(
        null=True, blank=True, help_text=_("last time its task reached the broker")
    )
    chain = models.PositiveIntegerField(default=0, help_text=_("the current chain of its tasks"))
    worker = models.CharField(
        max_length=200, blank=True, help_text=_("the Celery worker that last ran a chunk")
    )

    OPEN = (Status.QUEUED, Status.RUNNING)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            # The top-up keeps at most one open job per game and kind, even when two runs race.
            models.UniqueConstraint(
                fields=["game", "kind"],
                condition=models.Q(refill=True, status__in=["queued", "running"]),
                name="job_one_open_refill_per_game_kind",
            )
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.kind} x{self.count} ({self.status} {self.done}/{self.count})"

    @property
    def keep_rate(self) -> float | None:
        return self.done / self.attempts if self.attempts else None

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)


class WorkerHeartbeat(models.Model):
    """A Celery worker's latest sign of life, written by the worker every few seconds.

    The health check and the job recovery read these rows instead of pinging the workers
    through the broker, so neither waits on a reply.
    """

    name = models.CharField(max_length=200, unique=True)
    queues = models.JSONField(default=list)
    active = models.JSONField(default=list, help_text=_("ids of the jobs it is working on"))
    idle_since = models.DateTimeField(
        null=True, blank=True, help_text=_("since when it has had a free process (empty: all busy)")
    )
    started_at = models.DateTimeField()
    seen_at = models.DateTimeField()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.name} (seen {self.seen_at:%H:%M:%S})"


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
    # The position and choices as every learner sees them, drawn when the quiz is stored
    # (trainer.drawn): HTML with the key of the drawing code and language that made it.
    drawn = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["kind", "position_hash"], name="quiz_unique_position")
        ]
        indexes = [
            models.Index(fields=["game", "kind", "mode", "rating"]),
            # The player's pick walks a game's quizzes in rating order from a random point.
            models.Index(fields=["game", "rating"], name="quiz_game_rating"),
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.kind} #{self.pk}"

    @property
    def accepted(self) -> list[str]:
        return [c["answer"] for c in self.candidates if c["accepted"]]


# ----------------------------------------------------------------------- learners (issue 7)
# Everything a learner builds up is owned either by a user or, before signing up, by a
# visitor id kept in the session; signing up or logging in moves the visitor's rows to the
# user (trainer.learners.adopt_visitor). Exactly one of the two is set on every row.


def _one_owner(name: str) -> models.CheckConstraint:
    return models.CheckConstraint(
        condition=(models.Q(user__isnull=False, visitor=""))
        | (models.Q(user__isnull=True) & ~models.Q(visitor="")),
        name=name,
    )


def _unique_per_owner(fields: list[str], prefix: str) -> list[models.UniqueConstraint]:
    return [
        models.UniqueConstraint(
            fields=["user", *fields],
            condition=models.Q(user__isnull=False),
            name=f"{prefix}_unique_user",
        ),
        models.UniqueConstraint(
            fields=["visitor", *fields],
            condition=~models.Q(visitor=""),
            name=f"{prefix}_unique_visitor",
        ),
    ]


class LearnerOwned(models.Model):
    """A row owned by a signed-in user or by a visitor id from the session."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    visitor = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        abstract = True


class Attempt(LearnerOwned):
    """One answer to one quiz; only the first attempt per learner and quiz moves ratings."""

    quiz = models.ForeignKey(Quiz, on_delete=models.CASCADE, related_name="attempts")
    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    answer = models.CharField(max_length=100)
    correct = models.BooleanField()
    loss = models.FloatField(default=0.0, help_text=_("gap to the best value, in the quiz unit"))
    seconds = models.FloatField(null=True, blank=True, help_text=_("time from showing to answer"))
    hints = models.PositiveSmallIntegerField(default=0)
    first = models.BooleanField(help_text=_("the learner's first attempt at this quiz"))
    review = models.BooleanField(default=False, help_text=_("served from the review queue"))
    quiz_rating = models.FloatField(help_text=_("the quiz's rating when it was answered"))
    learner_rating = models.FloatField(null=True, blank=True, help_text=_("after this attempt"))
    # The showing (trainer.tickets) this attempt answered: unique, so two requests racing with
    # one ticket (a double click, two tabs) store one attempt; empty for imported history.
    ticket = models.CharField(max_length=32, null=True, blank=True, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            _one_owner("attempt_one_owner"),
            models.UniqueConstraint(
                fields=["user", "quiz"],
                condition=models.Q(first=True, user__isnull=False),
                name="attempt_one_first_per_user",
            ),
            models.UniqueConstraint(
                fields=["visitor", "quiz"],
                condition=models.Q(first=True) & ~models.Q(visitor=""),
                name="attempt_one_first_per_visitor",
            ),
        ]
        indexes = [
            models.Index(fields=["user", "game", "created_at"]),
            models.Index(fields=["visitor", "game", "created_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.answer} to quiz #{self.quiz_id} ({'right' if self.correct else 'wrong'})"


class SkillRating(LearnerOwned):
    """A learner's Glicko-2 rating in one game."""

    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    rating = models.FloatField(default=1500.0)
    deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    games = models.PositiveIntegerField(default=0, help_text=_("rated attempts"))
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [_one_owner("skill_one_owner"), *_unique_per_owner(["game"], "skill")]

    def __str__(self) -> str:
        return f"{self.game} {self.rating:.0f} ± {self.deviation:.0f}"


class RatingPoint(LearnerOwned):
    """A learner's rating in one game after one rated attempt, for the history chart."""

    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    rating = models.FloatField()
    deviation = models.FloatField()
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]
        constraints = [_one_owner("point_one_owner")]
        indexes = [
            models.Index(fields=["user", "game", "at"]),
            models.Index(fields=["visitor", "game", "at"]),
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.rating:.0f} at {self.at:%Y-%m-%d %H:%M}"


class ReviewCard(LearnerOwned):
    """A missed quiz in the learner's review queue, scheduled by FSRS."""

    quiz = models.ForeignKey(Quiz, on_delete=models.CASCADE, related_name="review_cards")
    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    card = models.JSONField(help_text=_("fsrs.Card.to_dict()"))
    due = models.DateTimeField()
    reviews = models.PositiveIntegerField(default=0)
    lapses = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["due"]
        constraints = [_one_owner("review_one_owner"), *_unique_per_owner(["quiz"], "review")]
        indexes = [
            models.Index(fields=["user", "due"]),
            models.Index(fields=["visitor", "due"]),
        ]

    def __str__(self) -> str:
        return f"review of quiz #{self.quiz_id} due {self.due:%Y-%m-%d %H:%M}"
