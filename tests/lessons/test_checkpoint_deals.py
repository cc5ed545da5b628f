"""Checkpoints are graded on a deal the server issued, once per deal, without re-dealing."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User

from lessons.loader import read_all
from lessons.models import Lesson, LessonProgress
from lessons.services import checkpoint_exercise, issue_deal, load_courses, read_deal

pytestmark = pytest.mark.django_db
URL = "/lessons/skat/card-points/checkpoints/1/"
DEAL = re.compile(r'id="checkpoint-(\d)".*?name="deal" value="([^"]+)"', re.S)


@pytest.fixture
def lesson(content_dir) -> Lesson:
    load_courses(read_all(content_dir))
    return Lesson.objects.get(slug="card-points")


@pytest.fixture
def learner(client) -> User:
    user = User.objects.create_user("ann", password="card-trainer-pw")
    client.force_login(user)
    return user


def keys(lesson: Lesson, index: int, seed: int, right: bool) -> list[str]:
    exercise = checkpoint_exercise(lesson, index, seed)
    return [next(c.key for c in exercise.choices if (c.key in exercise.answers) == right)]


def deals_on(html: str) -> dict[int, str]:
    return {int(n): token for n, token in DEAL.findall(html)}


def test_a_client_chosen_seed_is_not_graded(client, lesson, learner):
    response = client.post(URL, {"seed": 7, "answer": keys(lesson, 0, 7, right=True)})
    assert response.status_code == 400
    assert "not issued by this site" in response.content.decode()
    assert not LessonProgress.objects.filter(passed=[0]).exists()


def test_a_forged_or_foreign_deal_is_refused(client, lesson, learner):
    deal = issue_deal(lesson, 1)  # a real deal, but of checkpoint 2
    answer = keys(lesson, 1, deal.seed, right=True)
    assert client.post(URL, {"deal": deal.token, "answer": answer}).status_code == 400
    forged = deal.token[:-2] + ("AA" if not deal.token.endswith("AA") else "BB")
    assert client.post(URL, {"deal": forged, "answer": answer}).status_code == 400
    assert all(0 not in p.passed for p in LessonProgress.objects.all())


def test_an_issued_deal_counts_once_so_a_miss_cannot_be_retried(client, lesson, learner):
    deal = issue_deal(lesson, 0)
    wrong, right = keys(lesson, 0, deal.seed, False), keys(lesson, 0, deal.seed, True)
    assert (
        "feedback wrong" in client.post(URL, {"deal": deal.token, "answer": wrong}).content.decode()
    )
    again = client.post(URL, {"deal": deal.token, "answer": right}).content.decode()
    assert "does not count again" in again
    assert all(not p.passed for p in LessonProgress.objects.filter(user=learner))
    fresh = issue_deal(lesson, 0)
    client.post(URL, {"deal": fresh.token, "answer": keys(lesson, 0, fresh.seed, True)})
    assert LessonProgress.objects.get(user=learner).passed == [0]


def test_answering_one_checkpoint_keeps_the_other_deals(client, lesson):
    page = client.get("/lessons/skat/card-points/").content.decode()
    shown = deals_on(page)
    assert sorted(shown) == [1, 2, 3]
    form = {f"keep-{n}": token for n, token in shown.items() if n != 1}
    seed = read_deal(lesson, 0, shown[1]).seed
    answered = client.post(URL, {"deal": shown[1], "answer": keys(lesson, 0, seed, True), **form})
    after = deals_on(answered.content.decode())
    assert after == shown
    # Every form carries the others' deals, so the next answer keeps them too.
    assert answered.content.decode().count(f'name="keep-2" value="{shown[2]}"') == 2
