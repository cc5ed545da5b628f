"""What a demanding teacher found on reading the pages: archiving asks to confirm (it cannot
be undone), the grid's counts read right in the singular."""

from __future__ import annotations

from classes import roster
from classes.models import SchoolClass
from tests.teachers.teacher_helpers import client_for, make_user, work_item


def test_archiving_asks_to_confirm_and_does_nothing_without(world):
    client = client_for(world.teacher)
    url = f"/teach/classes/{world.school_class.pk}/"
    html = client.get(url).content.decode()
    assert '<input type="checkbox" name="confirm" required>' in html
    page = client.post(f"{url}archive/", {}, follow=True)
    shown = [str(m) for m in page.context["messages"]]
    assert shown == ["tick the box to confirm: archiving 'Class 4B' cannot be undone"]
    assert not SchoolClass.objects.get(pk=world.school_class.pk).archived
    client.post(f"{url}archive/", {"confirm": "on"})
    assert SchoolClass.objects.get(pk=world.school_class.pk).archived


def test_the_most_common_wrong_answer_says_once_or_n_times(world):
    work_item(client_for(world.pupil), world.assignment.pk, right=False)
    grid = f"/teach/assignments/{world.assignment.pk}/grid/"
    html = client_for(world.teacher).get(grid).content.decode()
    assert "chosen once)" in html and "chosen 1 times" not in html
    ben = make_user("ben")
    roster.join_class(ben, world.school_class.join_code)
    work_item(client_for(ben), world.assignment.pk, right=False)
    html = client_for(world.teacher).get(grid).content.decode()
    assert "chosen 2 times)" in html


def test_the_class_page_says_how_many_pupils_are_done_with_each_assignment(world):
    ben, cleo = make_user("ben"), make_user("cleo")
    for pupil in (ben, cleo):
        roster.join_class(pupil, world.school_class.join_code)
    for right in (True, False, True):
        work_item(client_for(world.pupil), world.assignment.pk, right)
    work_item(client_for(ben), world.assignment.pk, True)
    url = f"/teach/classes/{world.school_class.pk}/"
    client = client_for(world.teacher)
    done = client.get(url).content.decode().split('<td class="done">')[1].split("</td>")[0]
    assert done == '1 of 3 <span class="progress-note">(2 started)</span>'
    # A removed pupil no longer counts, in either number.
    roster.remove_pupil(world.teacher, world.school_class.pk, world.pupil.pk)
    done = client.get(url).content.decode().split('<td class="done">')[1].split("</td>")[0]
    assert done == '0 of 2 <span class="progress-note">(1 started)</span>'


def test_the_results_filter_names_what_it_shows(world):
    html = client_for(world.teacher).get(f"/teach/assignments/{world.assignment.pk}/")
    text = html.content.decode()
    assert '<option value="todo">pupils with items to do</option>' in text
    assert 'id="grid-filters"' in text and "data-enter-submits" in text


def test_teach_home_counts_each_classs_pupils_and_each_sets_items(world):
    roster.remove_pupil(world.teacher, world.school_class.pk, world.pupil.pk)
    roster.join_class(make_user("ben"), world.school_class.join_code)
    roster.join_class(make_user("cleo"), world.school_class.join_code)
    html = client_for(world.teacher).get("/teach/").content.decode()
    assert "2 pupils · code" in html  # the removed pupil is not counted
    assert '<span class="progress-note">3 items</span>' in html


def test_an_answered_item_offers_no_remove_button(world):
    work_item(client_for(world.pupil), world.assignment.pk, right=True)
    html = client_for(world.teacher).get(f"/teach/sets/{world.exercise_set.pk}/").content.decode()
    assert html.count("answered once: it stays") == 1
    assert "Remove item 1" not in html and "Remove item 2" in html and "Remove item 3" in html


def test_the_teachers_view_of_an_answer_names_the_pupil_and_the_item(world):
    from classes import sets
    from classes.models import AssignmentAnswer

    items = list(world.exercise_set.items.order_by("order"))
    sets.move_item(world.teacher, world.exercise_set.pk, items[0].pk, 1)  # 2, 1, 3
    work_item(client_for(world.pupil), world.assignment.pk, right=False)
    answer = AssignmentAnswer.objects.get()
    assert answer.item == items[1]  # the first in the set's order now
    html = client_for(world.teacher).get(f"/classes/answers/{answer.pk}/").content.decode()
    assert "Results: Week 1</a> · pia · item 1</p>" in html


def test_the_deal_forms_help_is_folded_and_names_each_game(world):
    html = client_for(world.teacher).get(f"/teach/sets/{world.exercise_set.pk}/").content.decode()
    help_ = html.split('<details class="deal-help" id="deal-help">')[1].split("</details>")[0]
    for game in ("Kleurenwiezen", "500", "Beyond", "Skat"):
        assert f"<strong>{game}</strong>" in help_
    assert help_.index("<summary>") < help_.index("<ul")
