"""Validate the lesson files and load them into the database."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from lessons.loader import read_all
from lessons.markup import LessonError
from lessons.services import load_courses


class Command(BaseCommand):
    help = "Validate lessons/content/<game>/*.md and glossaries, then load them (idempotent)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--check", action="store_true", help="only validate the files; write nothing"
        )

    def handle(self, *args: object, **options: object) -> None:
        try:
            courses = read_all()
        except LessonError as exc:
            raise CommandError(str(exc)) from None
        counts = ", ".join(f"{g}: {len(c.lessons)}" for g, c in courses.items())
        if options["check"]:
            self.stdout.write(f"lesson files are valid ({counts})")
            return
        report = load_courses(courses)
        self.stdout.write(
            f"lessons loaded ({counts}): {report.created} new, {report.updated} updated, "
            f"{report.unchanged} unchanged, {report.removed} removed; "
            f"{report.glossary} glossary entries"
        )
