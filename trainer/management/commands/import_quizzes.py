"""Read quizzes from JSON lines; a bad line stops the import before anything is stored."""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError, CommandParser

from trainer.quizio import QuizImportError, import_lines


class Command(BaseCommand):
    help = (
        "Import quizzes from a JSON-lines file (or - for standard input). Every line is "
        "checked first; one bad line stores nothing unless --skip-bad is given."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="file written by export_quizzes, or -")
        parser.add_argument(
            "--skip-bad",
            action="store_true",
            help="store the good lines and report each bad one (exit status 1 if any)",
        )

    def handle(self, *args: object, **opts: object) -> None:
        path = str(opts["path"])
        skip = bool(opts["skip_bad"])
        try:
            if path == "-":
                report = import_lines(sys.stdin, skip_bad=skip)
            else:
                with open(path, encoding="utf-8") as source:
                    report = import_lines(source, skip_bad=skip)
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror}") from None
        except UnicodeDecodeError as exc:
            raise CommandError(
                f"{path}: not UTF-8 text ({exc.reason}); nothing was imported"
            ) from None
        except QuizImportError as exc:
            raise CommandError(f"{path}: {exc}; nothing was imported") from None
        self.stdout.write(
            f"{report.stored} quizzes imported, {report.duplicates} already in the bank"
        )
        if report.errors:
            for error in report.errors:
                self.stderr.write(f"{path}: {error}")
            raise CommandError(f"{path}: {len(report.errors)} bad line(s) skipped")
