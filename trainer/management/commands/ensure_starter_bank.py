"""First start: load the shipped starter bank where the bank is short, then queue top-ups."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from trainer.quizio import QuizImportError
from trainer.refill import top_up
from trainer.starter import (
    STARTER_BANK,
    STARTER_MIN,
    StarterBankError,
    load_starter_bank,
    short_cells,
)


class Command(BaseCommand):
    help = (
        "Make every game and kind trainable at once: when one has fewer than --minimum "
        "quizzes, import the starter bank shipped with the project (positions already in the "
        "bank are skipped; a bad line stores nothing). Then queue refill jobs where the bank "
        "still runs low, for the Celery worker. Quick, and a no-op when nothing is short."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--minimum", type=int, default=STARTER_MIN)
        parser.add_argument("--bank", type=Path, default=STARTER_BANK, help="bank file to load")
        parser.add_argument(
            "--no-top-up", action="store_true", help="do not queue refill jobs afterwards"
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        short = short_cells(int(opts["minimum"]))
        if not short:
            self.stdout.write("starter bank: every game and kind has quizzes")
        else:
            names = ", ".join(f"{g}/{k}" for g, k in short)
            self.stdout.write(f"starter bank: loading {opts['bank']} (short: {names})")
            began = time.monotonic()
            try:
                report = load_starter_bank(opts["bank"])
            except (StarterBankError, QuizImportError) as exc:
                raise CommandError(f"{exc}; nothing was imported") from None
            self.stdout.write(
                f"starter bank: {report.stored} quizzes imported, {report.duplicates} already "
                f"in the bank ({time.monotonic() - began:.1f} s)"
            )
            still = short_cells(int(opts["minimum"]))
            if still:
                names = ", ".join(f"{g}/{k}" for g, k in still)
                self.stdout.write(f"starter bank: still short after loading: {names}")
        if opts["no_top_up"]:
            return
        done = top_up()
        for job in done.queued:
            self.stdout.write(f"top-up: job {job.pk} queued for {job.count} {job.game} {job.kind}")
        for job in done.resent:
            self.stdout.write(f"top-up: job {job.pk} had stalled; its task was sent again")
