"""Entered deals are read and solved without Django, and the quiz re-checks."""

from __future__ import annotations

import subprocess
import sys

import pytest

from games.quizzes import recheck
from games.quizzes.entered import DealInputError, EnteredDeal, quiz_from_deal, read_deal

WIEZEN_DEAL = "W:AT6.Q4.T632.K873 J843.A85.AQJ84.2 KQ9.T963.97.T965 752.KJ72.K5.AQJ4"


def test_the_entered_deal_reader_imports_no_django():
    code = "import sys, games.quizzes.entered; assert 'django' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_an_entered_wiezen_decision_keeps_every_legal_card_and_rechecks():
    entered = EnteredDeal("wiezen", WIEZEN_DEAL, "ask_join NS H", "S", "C8 C2 C5 CA HK H4 H5 H3")
    draft = quiz_from_deal(entered)
    assert {c.answer for c in draft.candidates} == {str(c) for c in read_deal(entered).legal}
    assert draft.mode == "double_dummy" and recheck(draft) == []


def test_the_contracts_first_bad_word_is_named():
    with pytest.raises(DealInputError, match="abondance needs a level 9 to 12, not 'H'"):
        read_deal(EnteredDeal("wiezen", WIEZEN_DEAL, "abondance W H", "W"))


BEYOND_DEAL = "N:JT64.AQT92.74.K2 AK7.J54.KQ52.965 Q985.K763.A.T73.2 32..JT963.AQJ4.13"
# Four tricks and a lead: nine tricks are left, more than a Beyond play quiz is cut from.
BEYOND_PLAYED = "HA H4 HK S2 HQ H5 H7 S3 HT HJ H3 CA SA S5 CQ S4 SK"
BEYOND_ENTRY = EnteredDeal("beyond", BEYOND_DEAL, "7H N N4 E2 S4 W2", "S", BEYOND_PLAYED)


def test_a_beyond_decision_with_nine_tricks_left_is_solved_and_rechecks():
    draft = quiz_from_deal(BEYOND_ENTRY)
    assert {c.answer for c in draft.candidates} == {str(c) for c in read_deal(BEYOND_ENTRY).legal}
    assert {c.value for c in draft.candidates} == {0.0, 1.0}  # some cards hit, some miss
    assert recheck(draft) == []


def test_a_decision_the_solver_cannot_settle_in_time_gets_a_clear_message():
    with pytest.raises(DealInputError, match=r"within 0\.01 seconds: enter the cards") as exc:
        quiz_from_deal(BEYOND_ENTRY, seconds=0.01)
    assert exc.value.field == "played"
