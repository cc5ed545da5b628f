"""What the API keeps of its own: a client's open ticket, and posted solves."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ClientState(models.Model):
    """The API's stand-in for a page session, one per user: the trainer's ticket lives here.

    A token client keeps no cookie, so the quiz handed out (``trainer.tickets``) is kept on
    the server per user, exactly as the page keeps it in the session.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_state"
    )
    data = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"API state of {self.user}"


class SolveJob(models.Model):
    """A deal or position posted for solving: run on the solver queue, the result kept here."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="solve_jobs"
    )
    request = models.JSONField(help_text=_("one request of the batch format (docs/solver.md)"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    result = models.JSONField(null=True, blank=True, help_text=_("the batch's output object"))
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"solve #{self.pk} ({self.status})"
