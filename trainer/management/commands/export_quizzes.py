"""Write the quiz bank as JSON lines (schema in docs/quizzes.md)."""

from __future__ import annotations

import os
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import QuerySet

from games import GAMES
from games.quizzes import KINDS
from trainer.models import Quiz
from trainer.quizio import ExportError, export_lines


class Command(BaseCommand):
    help = "Export quizzes as JSON lines to standard output or --output."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", choices=GAMES)
        parser.add_argument("--kind", choices=KINDS)
        parser.add_argument("--output", help="file to write (default: standard output)")

    def handle(self, *args: object, **opts: object) -> None:
        quizzes = Quiz.objects.order_by("id")
        if opts["game"]:
            quizzes = quizzes.filter(game=opts["game"])
        if opts["kind"]:
            quizzes = quizzes.filter(kind=opts["kind"])
        try:
            self._write(quizzes, opts)
        except ExportError as exc:
            raise CommandError(f"cannot export {exc}") from None

    def _write(self, quizzes: QuerySet[Quiz], opts: dict[str, object]) -> None:
        count = 0
        if opts["output"]:
            # Written aside and moved into place whole: a quiz that cannot be written as strict
            # JSON leaves no half file behind.
            path = Path(str(opts["output"]))
            partial = path.with_name(path.name + ".partial")
            try:
                with open(partial, "w", encoding="utf-8") as out:
                    for line in export_lines(quizzes.iterator()):
                        out.write(line + "\n")
                        count += 1
                os.replace(partial, path)
            finally:
                partial.unlink(missing_ok=True)
            self.stderr.write(f"{count} quizzes written to {opts['output']}")
        else:
            for line in export_lines(quizzes.iterator()):
                self.stdout.write(line)
