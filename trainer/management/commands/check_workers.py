"""Send a task through the solver queue and report which worker answered."""

from __future__ import annotations

import uuid

from celery.exceptions import TimeoutError as CeleryTimeout
from django.core.management.base import BaseCommand, CommandError, CommandParser

from trainer.tasks import check_worker


class Command(BaseCommand):
    help = "Round-trip a task through the solver queue to prove a worker is consuming it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--timeout", type=float, default=10.0, help="seconds to wait")

    def handle(self, *args: object, **options: object) -> None:
        token = uuid.uuid4().hex
        result = check_worker.delay(token)
        try:
            reply = result.get(timeout=options["timeout"])
        except CeleryTimeout:
            raise CommandError(
                f"no worker answered on the solver queue within {options['timeout']} s"
            ) from None
        if reply.get("token") != token:
            raise CommandError(f"a worker answered with the wrong token: {reply}")
        self.stdout.write(f"worker on {reply['host']} (pid {reply['pid']}) answered")
