"""The quiz fetch, the answer and the verdict stay within a fixed number of queries.

Under load every database round trip is paid on every request (docs/performance.md, `Load`),
so these bounds keep the player's hot path from growing a query per quiz, per attempt or per
review card. Each bound counts every statement Django sends, savepoints included. Without
Redis (most test runs) the session is read from the database: one query more per request
than the scaled-out site, which reads it through Redis (trainer.sessions).
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from tests.learner.learner_helpers import answer
from trainer.models import Attempt, ReviewCard

pytestmark = pytest.mark.django_db

# session, rating, reviews due, the pick (one query, two when nothing lies above the random
# point in the window; + the review queue when reviews are due), the ticket written to the
# session in one UPDATE. The quiz's position and choices come drawn with its row.
FETCH = 6
# session, quiz, the learner's rating (or the quiz's review card, for a later answer), one
# statement storing the attempt, both ratings, the history point and the review card
# (trainer.player._store_first / _store_repeat), the ticket taken from the session (one
# UPDATE). The statement runs in a savepoint here (two queries) because the test holds a
# transaction; the site runs it on its own, 5 queries in all, 4 with sessions in Redis.
# Elsewhere (the embedded SQLite) the ORM's way: session, quiz, a savepoint, the learner's
# rating locked, the quiz's compare-and-set, the attempt, the rating, a history point, the
# review card, the savepoint released, the ticket taken.
ON_POSTGRESQL = connection.vendor == "postgresql"
ANSWER = 7 if ON_POSTGRESQL else 11
# The learner's first answer in a game has no rating row yet: it goes the ORM's way (the row
# created in its own savepoint, the quiz's rating stored with a compare-and-set, attempt,
# ratings, history point, review card in one transaction).
FIRST_IN_GAME = 15 if ON_POSTGRESQL else 14
# session, the attempt with its quiz, reviews due (the lesson link is kept per process)
VERDICT = 3


def _round(
    client,
    budget,
    right: bool = False,
    fetch: int = FETCH,
    rate: int = ANSWER,
    verdict: int = VERDICT,
) -> None:
    game = "wiezen"
    with budget(fetch):
        response = client.get(f"/train/{game}/")
    assert response.status_code == 200
    quiz = response.context["quiz"]
    with budget(rate):
        response = answer(client, quiz, right=right, game=game)
    assert response.status_code == 302
    with budget(verdict):
        assert client.get(response["Location"]).status_code == 200


def test_fetch_answer_and_verdict_stay_within_their_query_budgets(
    visitor_client, make_bank, no_refill, django_assert_max_num_queries
):
    make_bank(40)
    # The first visit creates the session, the first answer the learner's rating row, the
    # first verdict looks up the lesson link that the process then keeps.
    _round(
        visitor_client,
        django_assert_max_num_queries,
        fetch=FETCH + 2,
        rate=FIRST_IN_GAME,
        verdict=VERDICT + 1,
    )
    for n in range(6):
        _round(visitor_client, django_assert_max_num_queries, right=n % 2 == 0)
    assert Attempt.objects.filter(first=True).count() == 7
    # Three misses opened review cards; once due, fetches search the queue and serve them.
    assert ReviewCard.objects.count() == 4
    ReviewCard.objects.update(due=timezone.now() - timedelta(days=1))
    for _ in range(4):
        _round(visitor_client, django_assert_max_num_queries, right=True, fetch=FETCH + 1)
    assert Attempt.objects.filter(review=True).count() == 2  # reviews and new quizzes alternate
