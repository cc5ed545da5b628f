"""The set page for a keyboard: one Add per bank row, the filters kept after adding, and the
focus put back where the teacher was (the page's autofocus) after adding, moving, removing."""

from __future__ import annotations

import re

import pytest

from classes import sets
from tests.teachers.teacher_helpers import bank, client_for, make_user


@pytest.fixture
def teacher_set(db):
    teacher = make_user("tessa", teacher=True)
    quizzes = bank(5)
    exercise_set = sets.create_set(teacher, "Week 1")
    return teacher, exercise_set, quizzes


def autofocused(html: str) -> list[str]:
    """Return the ids (or the row of an Add button) of the elements with autofocus."""
    found = []
    for tag in re.findall(r"<[^>]*\bautofocus\b[^>]*>", html):
        if m := re.search(r'\bid="([^"]+)"', tag):
            found.append(m.group(1))
        elif m := re.search(r'name="add" value="(\d+):', tag):
            found.append(f"bank-{m.group(1)}")
    return found


def order(exercise_set) -> list[int]:
    return list(exercise_set.items.order_by("order").values_list("quiz_id", flat=True))


def test_each_bank_row_has_an_add_button_before_its_tick_box(teacher_set):
    teacher, exercise_set, quizzes = teacher_set
    html = client_for(teacher).get(f"/teach/sets/{exercise_set.pk}/").content.decode()
    rows = re.findall(r'<li id="bank-(\d+)" data-quiz="(\d+)">(.*?)</li>', html, re.S)
    assert [int(q) for _, q, _ in rows] == [q.pk for q in quizzes]
    for n, quiz, body in rows:
        assert body.index(f'name="add" value="{n}:{quiz}"') < body.index('type="checkbox"')
        assert f'aria-label="Add #{quiz}"' in body
    assert autofocused(html) == []  # nothing takes the focus on a plain visit


def test_adding_one_quiz_keeps_the_filters_and_focuses_the_row_that_took_its_place(
    teacher_set,
):
    teacher, exercise_set, quizzes = teacher_set
    client = client_for(teacher)
    url = f"/teach/sets/{exercise_set.pk}/"
    response = client.post(
        f"{url}pick/", {"add": f"2:{quizzes[1].pk}", "game": "wiezen", "difficulty": "medium"}
    )
    assert response.status_code == 302
    assert response["Location"] == f"{url}?game=wiezen&difficulty=medium"
    assert order(exercise_set) == [quizzes[1].pk]
    page = client.get(response["Location"])
    html = page.content.decode()
    assert f"Added #{quizzes[1].pk} to the set as item 1." in html
    assert autofocused(html) == ["bank-2"]
    assert re.search(rf'id="bank-2" data-quiz="{quizzes[2].pk}"', html)
    # Shown once: a reload puts the focus nowhere.
    assert autofocused(client.get(response["Location"]).content.decode()) == []


def test_adding_the_last_row_focuses_the_row_before_it(teacher_set):
    teacher, exercise_set, quizzes = teacher_set
    client = client_for(teacher)
    url = f"/teach/sets/{exercise_set.pk}/"
    client.post(f"{url}pick/", {"add": f"5:{quizzes[4].pk}"})
    assert autofocused(client.get(url).content.decode()) == ["bank-4"]


def test_ticked_quizzes_are_added_in_order_with_one_message(teacher_set):
    teacher, exercise_set, quizzes = teacher_set
    client = client_for(teacher)
    url = f"/teach/sets/{exercise_set.pk}/"
    ticked = [quizzes[3].pk, quizzes[0].pk]
    client.post(f"{url}pick/", {"quiz": ticked})
    assert order(exercise_set) == ticked
    html = client.get(url).content.decode()
    assert f"Added #{ticked[0]}, #{ticked[1]} to the set as items 1 to 2." in html
    assert autofocused(html) == ["bank-1"]


def test_adding_nothing_says_so_and_keeps_the_filters(teacher_set):
    teacher, exercise_set, _ = teacher_set
    client = client_for(teacher)
    url = f"/teach/sets/{exercise_set.pk}/"
    response = client.post(f"{url}pick/", {"kind": "play"})
    assert response["Location"] == f"{url}?kind=play"
    assert "tick at least one quiz to add" in client.get(response["Location"]).content.decode()
    assert order(exercise_set) == []


def test_a_moved_item_keeps_the_focus_on_its_arrow_or_the_other_one_at_the_end(teacher_set):
    teacher, exercise_set, quizzes = teacher_set
    client = client_for(teacher)
    url = f"/teach/sets/{exercise_set.pk}/"
    sets.pick(teacher, exercise_set.pk, [q.pk for q in quizzes[:3]])
    first = exercise_set.items.order_by("order").first()
    client.post(f"{url}move/", {"item": first.pk, "direction": "down"})
    assert order(exercise_set)[1] == first.quiz_id
    html = client.get(url).content.decode()
    assert autofocused(html) == [f"down-{first.pk}"]
    # The page lists the items in the set's new order.
    shown = [int(q) for q in re.findall(r'<li id="item-\d+" data-quiz="(\d+)"', html)]
    assert shown == order(exercise_set)
    client.post(f"{url}move/", {"item": first.pk, "direction": "down"})
    # Now last: its down arrow is disabled, so the focus goes to its up arrow.
    assert order(exercise_set)[2] == first.quiz_id
    assert autofocused(client.get(url).content.decode()) == [f"up-{first.pk}"]


def test_a_removed_item_leaves_the_focus_on_the_items_heading(teacher_set):
    teacher, exercise_set, quizzes = teacher_set
    client = client_for(teacher)
    url = f"/teach/sets/{exercise_set.pk}/"
    sets.pick(teacher, exercise_set.pk, [quizzes[0].pk])
    item = exercise_set.items.get()
    client.post(f"{url}remove/", {"item": item.pk})
    assert order(exercise_set) == []
    assert autofocused(client.get(url).content.decode()) == ["items-title"]


def test_the_page_has_a_way_to_each_of_the_three_ways_to_add(teacher_set):
    teacher, exercise_set, _ = teacher_set
    html = client_for(teacher).get(f"/teach/sets/{exercise_set.pk}/").content.decode()
    jump = re.search(r'<nav class="jump".*?</nav>', html, re.S).group(0)
    for target in ("pick-title", "gen-title", "deal-title"):
        assert f'href="#{target}"' in jump
        assert re.search(rf'<h2 id="{target}" tabindex="-1"', html)
    assert 'id="bank-filters"' in html and "data-enter-submits" in html


def test_the_picker_says_when_it_shows_only_the_easiest_of_more(db):
    teacher = make_user("tessa", teacher=True)
    bank(sets.PICK_PAGE + 2)
    exercise_set = sets.create_set(teacher, "Week 1")
    client = client_for(teacher)
    html = client.get(f"/teach/sets/{exercise_set.pk}/").content.decode()
    assert f"The {sets.PICK_PAGE} easiest of {sets.PICK_PAGE + 2} quizzes" in html
    assert html.count('class="secondary add"') == sets.PICK_PAGE
    few = client.get(f"/teach/sets/{exercise_set.pk}/?kind=bid").content.decode()
    assert "No quiz in the bank matches these filters" in few


def test_the_preview_shows_each_choice_as_the_pupil_reads_it_after_answering(teacher_set):
    teacher, exercise_set, quizzes = teacher_set
    sets.pick(teacher, exercise_set.pk, [quizzes[0].pk])
    item = exercise_set.items.get()
    html = client_for(teacher).get(f"/teach/sets/{exercise_set.pk}/items/{item.pk}/")
    text = html.content.decode()
    assert "Accepted" not in text
    # The refutation of a wrong choice (the same words as on the pupil's answer page).
    assert "East wins the next trick" in text
