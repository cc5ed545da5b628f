"""Bad input gets a clear message naming the problem, and nothing is half-saved."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from classes import roster, sets, work
from classes.models import Assignment, DealEntry, Membership, SetGeneration
from classes.roster import ClassError
from tests.teachers.teacher_helpers import client_for, make_user
from trainer.models import GenerationJob

pytestmark = pytest.mark.django_db

WIEZEN_DEAL = "W:AT6.Q4.T632.K873 J843.A85.AQJ84.2 KQ9.T963.97.T965 752.KJ72.K5.AQJ4"
SKAT_DEAL = (
    "ST HT CA SQ CT HQ DQ CJ D9 HK / DJ HA S8 DK H9 H7 C9 SJ S9 SK / "
    "S7 H8 SA C7 DT C8 CQ D8 CK HJ / D7 DA"
)

FIVE_HUNDRED_DEAL = "N:J98.T4.T.KJ97 65.Q6.AKJ97.6 KT7.K95.Q.AQ8 A.AJ87.654.5.1 / D8 SQ CT"
FIVE_HUNDRED_PLAYED = "SJ S5 S7 X1 HA H4 H6 H5 D4 DT DJ DQ CA C5 C7 C6"
BEYOND_DEAL = "N:JT64.AQT92.74.K2 AK7.J54.KQ52.965 Q985.K763.A.T73.2 32..JT963.AQJ4.13"
BEYOND_PLAYED = (
    "HA H4 HK S2 HQ H5 H7 S3 HT HJ H3 CA SA S5 CQ S4 SK S8 CJ S6 D2 DA D3 D7 SQ C4 SJ S7"
)


def messages_of(response) -> list[str]:
    return [str(m) for m in response.wsgi_request._messages]


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"deal": WIEZEN_DEAL.replace("AT6", "AZ6")}, "unknown rank 'Z'"),
        ({"deal": WIEZEN_DEAL.replace("W:", "X:")}, "must start with a seat"),
        ({"deal": WIEZEN_DEAL.replace("K873", "K87")}, "has 12 cards, expected 13"),
        ({"contract": "ask_join NS Q"}, "trump suit must be S, H, D or C, not 'Q'"),
        ({"contract": "grand slam NS"}, "unknown kind 'grand'"),
        ({"played": "SA S9 HZ"}, "bad card 'HZ'"),
        ({"played": "SA HA"}, "card 2 (HA, N to play)"),
        ({"seat": "E"}, "it is West (W) to play, not 'E'"),
    ],
)
def test_a_malformed_wiezen_deal_is_refused_naming_the_token(world, fields, named):
    data = {"game": "wiezen", "deal": WIEZEN_DEAL, "contract": "ask_join NS H", "seat": "W"}
    data.update(fields)
    client = client_for(world.teacher)
    response = client.post(f"/teach/sets/{world.exercise_set.pk}/deal/", data)
    assert response.status_code == 302
    shown = " ".join(messages_of(response))
    assert named in shown, shown
    assert not DealEntry.objects.exists()


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"deal": SKAT_DEAL.replace("CJ", "C6")}, "card C6 is not in the skat deck"),
        ({"deal": SKAT_DEAL.replace("/ D7 DA", "")}, "expected four groups"),
        ({"deal": SKAT_DEAL.replace("DA", "CA")}, "duplicate card CA"),
        ({"contract": "forehand football"}, "unknown game 'football'"),
        ({"contract": "backhand grand"}, "unknown seat 'backhand'"),
        ({"bid": "17"}, "the lowest bid is 18"),
    ],
)
def test_a_malformed_skat_deal_is_refused_naming_the_token(world, fields, named):
    data = {"game": "skat", "deal": SKAT_DEAL, "contract": "forehand grand", "seat": "forehand"}
    data.update(fields)
    response = client_for(world.teacher).post(f"/teach/sets/{world.exercise_set.pk}/deal/", data)
    shown = " ".join(messages_of(response))
    assert named in shown, shown
    assert not DealEntry.objects.exists()


@pytest.mark.parametrize(
    ("constraints", "named"),
    [
        ("N.hcp >= 38 and S.hcp >= 38", "no deal can meet them"),
        ("N.spades >= 14", "no deal can meet them"),
        ("N.bananas >= 2", "unknown feature"),
    ],
)
def test_impossible_or_broken_constraints_are_refused_and_queue_nothing(world, constraints, named):
    client = client_for(world.teacher)
    response = client.post(
        f"/teach/sets/{world.exercise_set.pk}/generate/",
        {"game": "wiezen", "kind": "play", "count": 2, "constraints": constraints},
    )
    shown = " ".join(messages_of(response))
    assert "constraints:" in shown and named in shown, shown
    assert not GenerationJob.objects.exists() and not SetGeneration.objects.exists()


def test_a_due_date_in_the_past_is_refused(world):
    past = timezone.localtime() - dt.timedelta(hours=1)
    client = client_for(world.teacher)
    response = client.post(
        f"/teach/classes/{world.school_class.pk}/assign/",
        {"set": world.exercise_set.pk, "due": past.strftime("%Y-%m-%dT%H:%M"), "rated": "on"},
    )
    assert "is in the past" in " ".join(messages_of(response))
    assert Assignment.objects.count() == 1  # only the fixture's
    words = client.post(
        f"/teach/classes/{world.school_class.pk}/assign/",
        {"set": world.exercise_set.pk, "due": "next tuesday"},
    )
    assert "due date: 'next tuesday' is not a date" in " ".join(messages_of(words))
    assert Assignment.objects.count() == 1


def test_a_future_due_date_and_the_rated_choice_are_kept(world):
    future = timezone.localtime() + dt.timedelta(days=2)
    client_for(world.teacher).post(
        f"/teach/classes/{world.school_class.pk}/assign/",
        {"set": world.exercise_set.pk, "due": future.strftime("%Y-%m-%dT%H:%M")},
    )
    made = Assignment.objects.latest("id")
    assert made.due_at is not None and made.due_at > timezone.now() and made.rated is False


def test_a_join_code_that_does_not_exist(world):
    client = client_for(make_user("nina"))
    response = client.post("/classes/", {"code": "NOPE1234"})
    assert "no class has the code 'NOPE1234'" in " ".join(messages_of(response))
    assert not Membership.objects.filter(pupil__username="nina").exists()


def test_joining_twice_is_refused_and_leaves_one_membership(world):
    client = client_for(world.pupil)
    response = client.post(f"/classes/join/{world.school_class.join_code}/")
    assert "you are already in 'Class 4B'" in " ".join(messages_of(response))
    assert Membership.objects.filter(pupil=world.pupil).count() == 1


def test_a_removed_pupils_old_links_say_so(world):
    roster.remove_pupil(world.teacher, world.school_class.pk, world.pupil.pk)
    client = client_for(world.pupil)
    page = client.get(f"/classes/assignments/{world.assignment.pk}/")
    assert page.status_code == 403 and b"your teacher removed you from" in page.content
    play = client.get(f"/classes/assignments/{world.assignment.pk}/play/")
    assert play.status_code == 403
    join = client.post(f"/classes/join/{world.school_class.join_code}/")
    assert "your teacher removed you" in " ".join(messages_of(join))
    assert client.get("/dashboard/").content.count(b"Week 1") == 0
    client_for(world.teacher).post(
        f"/teach/classes/{world.school_class.pk}/readd/", {"pupil": world.pupil.pk}
    )
    assert client.get(f"/classes/assignments/{world.assignment.pk}/").status_code == 200


def test_pupil_accounts_are_made_all_or_none(world):
    make_user("taken")
    with pytest.raises(ClassError, match="taken already taken"):
        roster.create_pupils(world.teacher, world.school_class.pk, "fresh1\ntaken")
    assert not User.objects.filter(username="fresh1").exists()
    with pytest.raises(ClassError, match="'bad name!'"):
        roster.create_pupils(world.teacher, world.school_class.pk, "ok1\nbad name!")
    assert not User.objects.filter(username="ok1").exists()


def test_created_pupils_get_a_password_shown_once_that_works(world):
    client = client_for(world.teacher)
    client.post(f"/teach/classes/{world.school_class.pk}/pupils/", {"usernames": "ada\nbo"})
    page = client.get(f"/teach/classes/{world.school_class.pk}/")
    new = page.context["new_pupils"]
    assert [n for n, _ in new] == ["ada", "bo"]
    assert client.get(f"/teach/classes/{world.school_class.pk}/").context["new_pupils"] is None
    from django.test import Client

    ada = Client()
    assert ada.login(username="ada", password=new[0][1])
    assert ada.get(f"/classes/assignments/{world.assignment.pk}/").status_code == 200


def test_an_archived_class_is_read_only_but_keeps_its_results(world):
    from tests.teachers.teacher_helpers import work_item

    work_item(client_for(world.pupil), world.assignment.pk, right=True)
    roster.archive_class(world.teacher, world.school_class.pk)
    with pytest.raises(ClassError, match="archived"):
        roster.rename_class(world.teacher, world.school_class.pk, "New")
    with pytest.raises(ClassError, match="archived"):
        work.assign(world.teacher, world.school_class.pk, world.exercise_set.pk, None)
    with pytest.raises(ClassError, match="archived"):
        roster.join_class(make_user("late"), world.school_class.join_code)
    pia = client_for(world.pupil)
    assert pia.get(f"/classes/assignments/{world.assignment.pk}/play/").status_code == 302
    results = client_for(world.teacher).get(f"/teach/assignments/{world.assignment.pk}/")
    assert results.context["grid"].rows[0].done == 1


def test_an_answer_to_an_item_not_handed_out_stores_nothing(world):
    client = client_for(world.pupil)
    second = list(world.exercise_set.items.all())[1]
    client.get(f"/classes/assignments/{world.assignment.pk}/play/")  # hands out item 1
    response = client.post(
        f"/classes/assignments/{world.assignment.pk}/answer/",
        {"item": second.pk, "answer": "SA"},
    )
    assert "was not the one handed out" in " ".join(messages_of(response))
    assert not world.assignment.answers.exists()


def test_entering_a_deal_for_an_unknown_game_names_the_games(world):
    with pytest.raises(ClassError, match="deals can be entered for skat, beyond, five_hundred"):
        sets.enter_deal(world.teacher, world.exercise_set.pk, "chess", "N:...", "x", "N")


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"deal": FIVE_HUNDRED_DEAL.replace(" / D8 SQ CT", "")}, "after the PBN hands put '/'"),
        ({"deal": FIVE_HUNDRED_DEAL.replace("D8", "D3")}, "card D3 is not in the five_hundred"),
        ({"deal": FIVE_HUNDRED_DEAL.replace("D8", "CK")}, "discard CK is also in N's hand"),
        ({"contract": "11S N"}, "bids name 6 to 10 tricks, not 11"),
        ({"contract": "7S Q"}, "unknown declarer 'Q'"),
        ({"played": "SJ S5 S7 X1 HA H4 H6 H5 D4 DT DJ DQ CA C5 C7 C6:Z"}, "bad named suit"),
    ],
)
def test_a_malformed_500_deal_is_refused_naming_the_token(world, fields, named):
    data = {"game": "five_hundred", "deal": FIVE_HUNDRED_DEAL, "contract": "7S N", "seat": "S",
            "played": FIVE_HUNDRED_PLAYED}  # fmt: skip
    data.update(fields)
    response = client_for(world.teacher).post(f"/teach/sets/{world.exercise_set.pk}/deal/", data)
    shown = " ".join(messages_of(response))
    assert named in shown, shown
    assert not DealEntry.objects.exists()


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"deal": BEYOND_DEAL.replace(".13", ".14")}, "jokers are X1, X2 and X3"),
        ({"deal": BEYOND_DEAL.replace("AQT92", "AQT82")}, "card H8 is not in the beyond deck"),
        ({"contract": "7H N N3 E3 S4"}, "give the bid, the declarer and the four declarations"),
        ({"contract": "7H N N3 E3 S4 Q2"}, "bad declaration 'Q2'"),
        ({"contract": "pass N N3 E3 S4 W2"}, "'pass' is not a bid"),
        ({"played": " ".join(BEYOND_PLAYED.split()[:20])}, "it is East (E) to play, not 'S'"),
        ({"played": BEYOND_PLAYED + " D9"}, "D9 is in W's hand and it is S's turn"),
    ],
)
def test_a_malformed_beyond_deal_is_refused_naming_the_token(world, fields, named):
    data = {"game": "beyond", "deal": BEYOND_DEAL, "contract": "7H N N3 E3 S4 W2", "seat": "S",
            "played": BEYOND_PLAYED}  # fmt: skip
    data.update(fields)
    response = client_for(world.teacher).post(f"/teach/sets/{world.exercise_set.pk}/deal/", data)
    shown = " ".join(messages_of(response))
    assert named in shown, shown
    assert not DealEntry.objects.exists()
