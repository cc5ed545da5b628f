"""Draw every quiz whose stored drawing is missing or was made by other drawing code."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import translation

from trainer.drawn import drawing_key, drawn_quiz
from trainer.models import Quiz


class Command(BaseCommand):
    help = (
        "Store the drawing of every quiz that has none under the current drawing code (a bank "
        "stored before the drawn column, or after a deploy that changed how quizzes are drawn), "
        "so that no learner's request draws one. The player draws a missing one itself on its "
        "first showing; this only does that ahead of time."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        drawn = 0
        with translation.override(settings.LANGUAGE_CODE):
            key = drawing_key()
            for quiz in Quiz.objects.order_by("pk").iterator(chunk_size=200):
                if not isinstance(quiz.drawn, dict) or quiz.drawn.get("key") != key:
                    drawn_quiz(quiz)
                    drawn += 1
        self.stdout.write(f"drew {drawn} quizzes (key {key})")
