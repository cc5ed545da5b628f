"""Assignments worked through and their results: order, answers, ratings, grid, CSV."""

from __future__ import annotations

import csv
import io

import pytest

from classes import results, sets, work
from classes.roster import join_class
from tests.teachers.teacher_helpers import client_for, make_user, right_answer, work_item
from trainer.models import Attempt, SkillRating
from trainer.wording import answer_text

pytestmark = pytest.mark.django_db


def test_items_come_in_the_teachers_order_and_each_answer_is_stored_exactly(world):
    items = list(world.exercise_set.items.order_by("order"))
    sets.move_item(world.teacher, world.exercise_set.pk, items[2].pk, -1)  # 1, 3, 2
    client = client_for(world.pupil)
    served = []
    for right in (True, False, True):
        page = client.get(f"/classes/assignments/{world.assignment.pk}/play/")
        served.append(page.context["item"].pk)
        quiz = page.context["quiz"]
        choice = (
            right_answer(quiz)
            if right
            else next(str(c["answer"]) for c in quiz.candidates if not c["accepted"])
        )
        client.post(
            f"/classes/assignments/{world.assignment.pk}/answer/",
            {"item": served[-1], "answer": choice},
        )
        row = world.assignment.answers.get(item_id=served[-1])
        assert row.answer == choice and row.attempt.answer == choice
        assert row.correct is right and row.seconds is not None and row.seconds >= 0
    assert served == [items[0].pk, items[2].pk, items[1].pk]
    done = client.get(f"/classes/assignments/{world.assignment.pk}/play/")
    assert done.status_code == 302  # nothing left: back to the assignment page


def test_a_rated_assignment_moves_the_rating_and_an_unrated_one_does_not(world):
    pia = client_for(world.pupil)
    work_item(pia, world.assignment.pk, right=True)
    rated = world.assignment.answers.get()
    assert rated.rating_after != rated.rating_before
    assert SkillRating.objects.get(user=world.pupil, game="wiezen").rating == rated.rating_after

    extra = sets.create_set(world.teacher, "Unrated")
    from tests.teachers.teacher_helpers import bank

    sets.pick(world.teacher, extra.pk, [q.pk for q in bank(2, start=50)])
    unrated = work.assign(world.teacher, world.school_class.pk, extra.pk, None, rated=False)
    before = SkillRating.objects.get(user=world.pupil, game="wiezen").rating
    work_item(pia, unrated.pk, right=False)
    row = unrated.answers.get()
    assert row.rating_after == row.rating_before == before
    assert SkillRating.objects.get(user=world.pupil, game="wiezen").rating == before
    assert Attempt.objects.get(pk=row.attempt_id).learner_rating is None


def test_the_grid_counts_the_most_common_wrong_answer_and_scores_each_pupil(world):
    pupils = [world.pupil]
    for name in ("ben", "cleo", "dan"):
        user = make_user(name)
        join_class(user, world.school_class.join_code)
        pupils.append(user)
    first = world.exercise_set.items.order_by("order").first().quiz
    wrong = [str(c["answer"]) for c in first.candidates if not c["accepted"]]
    # pia and ben pick the same wrong card on item 1, cleo another, dan does nothing.
    for user, choice in zip(pupils[:3], [wrong[1], wrong[1], wrong[0]], strict=True):
        client = client_for(user)
        page = client.get(f"/classes/assignments/{world.assignment.pk}/play/")
        client.post(
            f"/classes/assignments/{world.assignment.pk}/answer/",
            {"item": page.context["item"].pk, "answer": choice},
        )
    work_item(client_for(world.pupil), world.assignment.pk, right=True)
    found = results.grid(world.assignment)
    column = found.columns[0]
    assert column.most_common_wrong == (wrong[1], 2) and column.wrong == 3
    by_name = {r.username: r for r in found.rows}
    assert by_name["pia"].score == "1/3" and by_name["pia"].done == 2
    assert [c.state for c in by_name["dan"].cells] == ["todo", "todo", "todo"]
    assert by_name["cleo"].cells[0].answer == wrong[0]
    assert by_name["pia"].rating_change != 0
    assert [r.username for r in results.grid(world.assignment, "todo").rows] == [
        "ben", "cleo", "dan", "pia",
    ]  # fmt: skip
    assert [r.username for r in results.grid(world.assignment, query="cle").rows] == ["cleo"]
    assert {r.username for r in results.grid(world.assignment, "wrong").rows} == {
        "ben", "cleo", "pia",
    }  # fmt: skip


def test_the_csv_has_a_row_per_pupil_and_a_named_column_per_item(world):
    work_item(client_for(world.pupil), world.assignment.pk, right=False)
    response = client_for(world.teacher).get(
        f"/teach/assignments/{world.assignment.pk}/results.csv"
    )
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response.content.startswith(b"\xef\xbb\xbf")  # UTF-8 with its byte-order mark
    table = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    header, *rows = table
    ids = [it.quiz_id for it in world.exercise_set.items.order_by("order")]
    assert header == [
        "pupil", *[f"{n}. Kleurenwiezen play #{q}" for n, q in enumerate(ids, 1)],
        "score", "rating change", "seconds",
    ]  # fmt: skip
    answer = world.assignment.answers.get()
    assert rows == [["pia", f"wrong: {answer.answer}", "not done", "not done", "0/3",
                     rows[0][5], rows[0][6]]]  # fmt: skip
    assert rows[0][5].startswith("-")


def test_the_grid_fragment_shows_new_answers_for_polling(world):
    teacher = client_for(world.teacher)
    url = f"/teach/assignments/{world.assignment.pk}/grid/"
    assert b"cell-wrong" not in teacher.get(url).content
    work_item(client_for(world.pupil), world.assignment.pk, right=False)
    fragment = teacher.get(url).content
    answer = world.assignment.answers.get()
    assert b"cell-wrong" in fragment and f"/classes/answers/{answer.pk}/".encode() in fragment
    # The cell shows the card as players write it ('10♣'); the words are there for readers.
    shown = answer_text(answer.answer)
    assert shown != answer.answer and f"\u2717 {shown}</span>".encode() in fragment
    assert f"wrong: {answer.answer}".encode() in fragment


def test_a_quiz_permalink_hands_out_that_quiz_to_anyone(world):
    from django.test import Client

    quiz = world.quizzes[1]
    visitor = Client()
    page = visitor.get(f"/train/quiz/{quiz.pk}/")
    assert page.status_code == 200 and page.context["quiz"].pk == quiz.pk
    answer = visitor.post("/train/wiezen/answer/", {"quiz": quiz.pk, "answer": right_answer(quiz)})
    assert answer.status_code == 302 and "/train/attempts/" in answer["Location"]
    assert visitor.get("/train/quiz/999999/").status_code == 404


def test_a_username_a_spreadsheet_would_run_as_a_formula_is_quoted(world):
    from classes.results import grid, grid_csv

    evil = make_user("-2+3")
    join_class(evil, world.school_class.join_code)
    text = grid_csv(grid(world.assignment))
    assert "\n'-2+3," in text and "\n-2+3," not in text


def test_a_double_click_on_an_item_stores_one_answer(world):
    from classes.roster import ClassError

    session: dict = {}
    served = work.serve_item(session, world.assignment, world.pupil)
    assert served is not None
    item = served[0]
    stale = dict(session)  # what a second request read before the first one answered
    work.submit_item(session, world.assignment, world.pupil, item.pk, right_answer(item.quiz))
    with pytest.raises(ClassError, match="answered this item already"):
        work.submit_item(stale, world.assignment, world.pupil, item.pk, right_answer(item.quiz))
    assert world.assignment.answers.count() == 1
    assert Attempt.objects.filter(user=world.pupil).count() == 1


def test_the_polled_grid_is_304_while_nothing_changed(world):
    """The results page's grid fragment carries an ETag; the browser's poll sending it back
    gets 304 (its cached grid) until a pupil answers, then the new grid."""
    teacher = client_for(world.teacher)
    url = f"/teach/assignments/{world.assignment.pk}/grid/"
    first = teacher.get(url)
    tag = first["ETag"]
    assert first.status_code == 200 and first["Cache-Control"] == "private, no-cache"
    again = teacher.get(url, HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and again["ETag"] == tag and not again.content
    assert teacher.get(url + "?show=wrong", HTTP_IF_NONE_MATCH=tag).status_code == 200
    work_item(client_for(world.pupil), world.assignment.pk, right=True)
    after = teacher.get(url, HTTP_IF_NONE_MATCH=tag)
    assert after.status_code == 200 and after["ETag"] != tag
    assert "pia" in after.content.decode()
    # Another teacher gets nothing, tag or not.
    other = client_for(world.other_teacher).get(url, HTTP_IF_NONE_MATCH=after["ETag"])
    assert other.status_code == 404
