"""The teacher's results grid through the API: its plain-dict shape is the serializer's, and
its ETag lets a poll get 304 only while nothing in the grid has changed."""

from __future__ import annotations

import json

import pytest

from api.present import results_data
from api.serializers_teach import ResultsSerializer
from classes import results, roster, sets
from tests.api.api_helpers import token_client
from tests.teachers.teacher_helpers import bank, client_for, make_user, work_item

pytestmark = pytest.mark.django_db


def _url(world) -> str:
    return f"/api/v1/assignments/{world.assignment.pk}/results/"


def test_the_plain_grid_is_the_serializers(world):
    """Right, wrong and not-done cells, a removed pupil who answered, another who did not."""
    work_item(client_for(world.pupil), world.assignment.pk, right=True)
    work_item(client_for(world.pupil), world.assignment.pk, right=False)
    gone = make_user("gus")
    roster.join_class(gone, world.school_class.join_code)
    work_item(client_for(gone), world.assignment.pk, right=False)
    roster.remove_pupil(world.teacher, world.school_class.pk, gone.pk)
    silent = make_user("sid")
    roster.join_class(silent, world.school_class.join_code)
    roster.remove_pupil(world.teacher, world.school_class.pk, silent.pk)
    roster.join_class(make_user("zoe"), world.school_class.join_code)
    for show in results.SHOW:
        found = results.grid(world.assignment, show, "")
        plain = json.loads(json.dumps(results_data(found)))
        by_serializer = json.loads(json.dumps(ResultsSerializer(found).data))
        assert plain == by_serializer, show
    found = results.grid(world.assignment)
    states = [[c.state for c in r.cells] for r in found.rows]
    assert ["right", "wrong", "todo"] in states and ["wrong", "todo", "todo"] in states
    assert [r.username for r in found.rows] == ["gus", "pia", "zoe"]


def test_a_poll_gets_304_only_while_nothing_changed(world):
    teacher = token_client(world.teacher)
    first = teacher.get(_url(world))
    tag = first["ETag"]
    assert first.status_code == 200 and tag.startswith('"') and first.json()["rows"]
    again = teacher.get(_url(world), HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and again["ETag"] == tag and not again.content
    assert teacher.get(_url(world), HTTP_IF_NONE_MATCH=f"W/{tag}").status_code == 304
    assert teacher.get(_url(world), HTTP_IF_NONE_MATCH='"other"').status_code == 200
    # Another filter is another grid: its own tag.
    wrong = teacher.get(_url(world) + "?show=wrong", HTTP_IF_NONE_MATCH=tag)
    assert wrong.status_code == 200 and wrong["ETag"] != tag

    # A pupil's answer changes the tag, and the grid sent shows it.
    work_item(client_for(world.pupil), world.assignment.pk, right=True)
    after = teacher.get(_url(world), HTTP_IF_NONE_MATCH=tag)
    assert after.status_code == 200 and after["ETag"] != tag
    assert after.json()["rows"][0]["cells"][0]["state"] == "right"
    tag = after["ETag"]
    assert teacher.get(_url(world), HTTP_IF_NONE_MATCH=tag).status_code == 304

    # So do a pupil joining, a pupil removed, an item added and the items reordered.
    def changed(step) -> None:
        nonlocal tag
        step()
        response = teacher.get(_url(world), HTTP_IF_NONE_MATCH=tag)
        assert response.status_code == 200 and response["ETag"] != tag
        tag = response["ETag"]

    kid = make_user("kid")
    changed(lambda: roster.join_class(kid, world.school_class.join_code))
    changed(lambda: roster.remove_pupil(world.teacher, world.school_class.pk, kid.pk))
    changed(lambda: sets.pick(world.teacher, world.exercise_set.pk, [bank(1, start=50)[0].pk]))
    first_item = world.exercise_set.items.order_by("order").first()
    changed(lambda: sets.move_item(world.teacher, world.exercise_set.pk, first_item.pk, 1))
    changed(lambda: roster.readd_pupil(world.teacher, world.school_class.pk, kid.pk))
    assert teacher.get(_url(world), HTTP_IF_NONE_MATCH=tag).status_code == 304


def test_the_tag_is_the_teachers_own(world):
    """Another teacher gets 404 with or without a tag, as for the grid itself."""
    tag = token_client(world.teacher).get(_url(world))["ETag"]
    other = token_client(world.other_teacher)
    assert other.get(_url(world), HTTP_IF_NONE_MATCH=tag).status_code == 404
    assert token_client(world.pupil).get(_url(world), HTTP_IF_NONE_MATCH=tag).status_code == 404
