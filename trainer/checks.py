"""Deployment checks (`manage.py check --deploy`) for settings that leak or open the site."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Tags, Warning, register

CONSOLE_BACKEND = "django.core.mail.backends.console.EmailBackend"


@register(Tags.security, deploy=True)
def check_mail_and_hosts(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """Warn about a console mail backend and a wildcard or empty host list."""
    found: list[CheckMessage] = []
    if settings.EMAIL_BACKEND == CONSOLE_BACKEND:
        found.append(
            Warning(
                "EMAIL_BACKEND is the console backend: password-reset links with live tokens "
                "are printed into the web log.",
                hint="Set DJANGO_EMAIL_BACKEND to django.core.mail.backends.smtp.EmailBackend "
                "and the DJANGO_EMAIL_* variables (docs/deployment.md).",
                id="trainer.W001",
            )
        )
    if "*" in settings.ALLOWED_HOSTS or not settings.ALLOWED_HOSTS:
        shown = ",".join(settings.ALLOWED_HOSTS) or "empty"
        found.append(
            Warning(
                f"ALLOWED_HOSTS is {shown!r}: a wildcard answers any Host header (forged hosts "
                "reach password-reset links) and an empty list answers none.",
                hint="Set DJANGO_ALLOWED_HOSTS to the site's host names, comma-separated.",
                id="trainer.W002",
            )
        )
    return found
