"""The verdict a learner learns from: the refuting line as tricks to the failure, the real deal
revealed, one sentence of why, and no citation of files or setting names."""

from __future__ import annotations

import dataclasses
import re

import pytest
from django.utils.html import escape

from games.beyond.variants import BeyondSettings
from games.five_hundred.settings import FiveHundredSettings
from games.skat.settings import SkatSettings
from games.wiezen.settings import WiezenSettings
from lessons.loader import read_all
from lessons.sources import in_words
from tests.learner.learner_helpers import take_quiz
from trainer.feedback import revealed_deal, rule_words
from trainer.generation import store_quiz
from trainer.quizio import parse_line
from trainer.starter import read_lines
from trainer.wording import player_words

GAMES = ("skat", "beyond", "five_hundred", "wiezen")
# Setting names a learner must not read: every field of the games' settings with an
# underscore in it (one-word settings such as "slam" are ordinary words).
SETTING_NAMES = sorted(
    f.name
    for cls in (SkatSettings, BeyondSettings, FiveHundredSettings, WiezenSettings)
    for f in dataclasses.fields(cls)
    if "_" in f.name
)
FILES = re.compile(r"DECISIONS|\b[\w-]+\.(?:txt|md|py)\b|docs/")


@pytest.fixture(scope="module")
def bank():
    return [parse_line(text) for text in read_lines()]


def _first(bank, game, mode):
    return next(d for d in bank if d.game == game and d.kind == "play" and d.mode == mode)


def _answer_wrong(client, draft):
    store_quiz(draft, None)
    quiz = take_quiz(client, draft.game)
    wrong = next(c for c in quiz.candidates if not c["accepted"] and c.get("tricks"))
    response = client.post(
        f"/train/{draft.game}/answer/", {"quiz": quiz.pk, "answer": wrong["answer"]}
    )
    assert response.status_code == 302
    page = client.get(response["Location"])
    assert page.status_code == 200
    return quiz, wrong, page


def _final_counts(game, count):
    """Return the numbers of the last count of a line, as the game writes it."""
    return [int(n) for n in re.findall(r"\d+", count)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("mode", ["double_dummy", "single_dummy"])
def test_the_refuting_line_is_stored_as_tricks_to_the_end_of_the_deal(bank, game, mode):
    for draft in (d for d in bank if d.game == game and d.kind == "play" and d.mode == mode):
        left = draft.position.get("tricks_left")
        for cand in draft.candidates:
            if cand.accepted:
                continue
            tricks = cand.tricks
            assert tricks and all(t["winner"] for t in tricks), (draft.seed, cand.answer)
            if left is not None:
                assert len(tricks) == left
            # The answer is played to the first trick, after the cards already on it.
            first = [card for _, card in tricks[0]["plays"]]
            on_trick = [c for _, c in draft.position.get("trick") or []]
            assert first[: len(on_trick)] == [str(c) for c in on_trick]
            assert first[len(on_trick)] == cand.answer
            assert all(t["count"] for t in tricks)
            assert cand.line_end
            assert (cand.line_world is None) == (mode == "double_dummy")


def _fails_as_named(game, count, end):
    """Return True when the line's last count shows the failure its end words name."""
    if game == "skat":
        if "tricks" in count:  # null: the declarer's tricks
            return ("loses" in end) == (int(re.findall(r"\d+", count)[0]) > 0) or "beat" in end
        declarer, defenders = _final_counts(game, count)
        return f"{defenders} card points" in end or f"{declarer} card points" in end
    if game == "beyond":
        seats = dict(re.findall(r"([NESW]) (\d+/\d+)", count))
        hits = {s: v.split("/")[0] == v.split("/")[1] for s, v in seats.items()}
        if "both of you hit" in end or "both opponents still hit" in end:
            return list(hits.values()).count(True) >= 2
        return not all(hits.values())
    # 500 and Kleurenwiezen: the declaring side's tricks in the count are those in the words.
    own = _final_counts(game, count)[0]
    words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    named = f"{own} tricks" in end or (own < len(words) and f"{words[own]} tricks" in end)
    return named or (own == 0 and "misère" in end)


@pytest.mark.parametrize("game", GAMES)
def test_every_line_ends_in_the_failure_its_verdict_names(bank, game):
    checked = 0
    for draft in (d for d in bank if d.game == game and d.kind == "play"):
        for cand in draft.candidates:
            if not cand.accepted:
                last = cand.tricks[-1]["count"]
                assert _fails_as_named(game, last, cand.line_end), (draft.seed, last, cand.line_end)
                checked += 1
    assert checked >= 30


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_the_verdict_draws_the_line_as_tricks_ending_in_the_failure(visitor_client, bank, game):
    _, wrong, page = _answer_wrong(visitor_client, _first(bank, game, "double_dummy"))
    html = page.content.decode()
    line = page.context["line"]
    assert line.choice.answer == wrong["answer"]
    assert len(line.rows) == len(wrong["tricks"])
    assert html.count('<tr class="line-trick') == len(wrong["tricks"])
    # Who took each trick, in words, and the count after the last one, then the end in words.
    words = ("forehand", "middlehand", "rearhand", "North", "East", "South", "West")
    assert all(row.winner.startswith(words) for row in line.rows)
    count = wrong["tricks"][-1]["count"]
    assert escape(player_words(game, count)) in html
    if game == "beyond":  # the running count names the seats: 'North 4 of 4', not 'N 4/4'
        assert escape(count) not in html and "North " in player_words(game, count)
    end = player_words(game, wrong["line_end"])
    assert escape(end) in html
    why = page.context["why"]
    assert why.startswith(f"After the {_spoken(wrong['answer'])}, ") and end in why
    assert "token" not in html and 'class="line"' not in html


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_after_a_single_dummy_answer_the_real_deal_is_revealed(visitor_client, bank, game):
    draft = _first(bank, game, "single_dummy")
    quiz, _, page = _answer_wrong(visitor_client, draft)
    hands = revealed_deal(quiz)[0]
    stored = draft.extra
    if game == "skat":
        expected = stored["deal"]["hands"]
    elif game == "five_hundred":
        expected = stored["deal"]["remaining"]
    else:
        expected = stored["remaining"]
    assert hands == {str(s): list(c) for s, c in expected.items()}
    seat = str(draft.position["seat"])
    assert sorted(hands[seat]) == sorted(map(str, draft.position["hands"][seat]))
    hidden = [str(s) for s in draft.position.get("hidden") or []]
    assert hidden and all(hands.get(s) for s in hidden)
    html = page.content.decode()
    assert 'id="revealed-deal"' in html and "hidden hands revealed" in html
    drawn = page.context["deal"]
    for seat_cards in hands.values():
        for card in seat_cards:
            name = _spoken(card)
            assert name in drawn, (card, name)
    # The line of a sampled quiz is played in one of its worlds, whose hands are shown too.
    assert page.context["line"].in_example and page.context["example_deal"]


def _spoken(token):
    from lessons.diagrams import card_view

    return card_view(token)["name"]


def test_no_lesson_text_cites_a_file_or_a_setting_name():
    for course in read_all().values():
        for lesson in course.lessons:
            text = re.sub(r"<[^>]+>", " ", lesson.html)
            assert not FILES.search(text), (lesson.path, FILES.search(text)[0])
            for name in SETTING_NAMES:
                assert name not in text, (lesson.path, name)
            for source in lesson.sources:
                shown = in_words(source)
                assert not FILES.search(shown), (lesson.path, shown)


def test_no_feedback_text_cites_a_file_or_a_setting_name(bank):
    for draft in bank:
        texts = [draft.prompt, rule_words(draft.rule_ref)]
        for cand in draft.candidates:
            texts += [cand.label, cand.refutation, cand.result, cand.line_end]
            texts += [t["count"] for t in cand.tricks]
        for text in texts:
            assert not FILES.search(text), (draft.game, text)
            assert not any(name in text for name in SETTING_NAMES), (draft.game, text)


def test_a_rule_reference_names_the_rule_texts_in_words():
    assert rule_words("skat.da.txt: strategy tips, as defender (Som forsvarer)") == (
        "The Danish Skat rules: strategy tips, as defender (Som forsvarer)"
    )
    assert "DECISIONS" not in rule_words("DECISIONS.md, Kleurenwiezen (alone: 5 tricks)")
