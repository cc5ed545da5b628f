"""Read quizzes from JSON lines; a bad line stops the import before anything is stored."""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError, CommandParser

from trainer.quizio import QuizImportError, import_lines


class Command(BaseCommand):
    help = "Import quizzes from a JSON-lines file (or - for standard input)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="file written by export_quizzes, or -")

    def handle(self, *args: object, **opts: object) -> None:
        path = str(opts["path"])
        try:
            if path == "-":
                report = import_lines(sys.stdin)
            else:
                with open(path, encoding="utf-8") as source:
                    report = import_lines(source)
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror}") from None
        except QuizImportError as exc:
            raise CommandError(f"{path}: {exc}; nothing was imported") from None
        self.stdout.write(
            f"{report.stored} quizzes imported, {report.duplicates} already in the bank"
        )
