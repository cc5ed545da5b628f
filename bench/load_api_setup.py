"""The API clients of `bench/load_bench.py --mix api`: learners with tokens, a teacher, a class
and an assignment. Run inside Django (``manage.py shell -c``) by load_bench.py, which passes
the file to write; the locust users of `bench/load_api_locust.py` read it."""

from __future__ import annotations

import json
from pathlib import Path

PASSWORD = "bench-load-2026"


def main(path: str, learners: int) -> None:
    from django.contrib.auth.models import User
    from rest_framework.authtoken.models import Token

    from classes import roster, sets, work
    from classes.sets import MAX_ITEMS
    from trainer.models import Quiz

    teacher = User.objects.create_user("bench-teacher", "t@example.org", PASSWORD)
    roster.make_teacher(teacher)
    school_class = roster.create_class(teacher, "Load bench")
    tokens = []
    for n in range(learners):
        user = User.objects.create_user(f"bench-api-{n}", f"api{n}@example.org", PASSWORD)
        roster.join_class(user, school_class.join_code)
        tokens.append(Token.objects.create(user=user).key)
    exercise_set = sets.create_set(teacher, "Load bench set")
    quizzes = Quiz.objects.filter(game="wiezen").order_by("id").values_list("pk", flat=True)
    sets.pick(teacher, exercise_set.pk, list(quizzes[:MAX_ITEMS]))
    assignment = work.assign(teacher, school_class.pk, exercise_set.pk, None)
    Path(path).write_text(
        json.dumps(
            {
                "learners": tokens,
                "teacher": Token.objects.create(user=teacher).key,
                "assignment": assignment.pk,
            }
        )
    )
