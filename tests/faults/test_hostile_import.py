"""A hostile import file: every bad line is a clear error naming its field, the good lines are
stored whole, and only a position already in the bank counts as a duplicate."""

from __future__ import annotations

import json
import math
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError

from games.quizzes import Candidate, QuizDraft
from tests.games.test_position import five_hundred_joker_lead
from tests.trainer.conftest import toy_position
from trainer.generation import store_quiz
from trainer.models import Quiz
from trainer.quizio import QuizImportError, draft_to_json, dump_line, import_lines, parse_line

pytestmark = pytest.mark.django_db


def draft(n: int) -> QuizDraft:
    """Return a valid quiz: a Kleurenwiezen opening call in deal ``n`` (values made up)."""
    return QuizDraft(
        game="wiezen",
        kind="bid",
        mode="single_dummy",
        prompt=f"Which call opens deal {n}?",
        position=toy_position(n),
        candidates=(Candidate("A", 2.0, True), Candidate("B", 1.0, False, refutation="less")),
        unit="points",
        themes=("toy",),
        rating=1500.0,
        rule_ref="test",
        seed=n,
    )


def good(n: int) -> dict:
    """Return a valid exchange line: quiz ``n`` as exported."""
    return draft_to_json(draft(n))


def changed(n: int, **fields: object) -> str:
    return json.dumps({**good(n), **fields})


def position_with(n: int, **fields: object) -> str:
    data = good(n)
    return json.dumps({**data, "position": {**data["position"], **fields}})


def hostile_lines() -> list[tuple[str, str | None]]:
    """Return (line, the error it must give) pairs; None marks a good line."""
    deep = '{"a": ' * 100_000 + "1" + "}" * 100_000
    with_deep = json.dumps(good(20))[:-1] + ', "extra": ' + deep + "}"
    return [
        (dump_line(good(1)), None),
        (position_with(2, hands=[["SA", "SK"]]), "position.hands: expected an object"),
        (position_with(4, auction=[["N"]]), "position.auction[0]: expected a [seat, value] pair"),
        (position_with(5, auction="N pass"), "position.auction: expected a list of [seat, value]"),
        (position_with(6, trick=[["N", 5]]), "position.trick[0][1]: expected a card token"),
        (position_with(7, trick=[["Q", "SA"]]), "position.trick[0][0]: 'Q' is not a seat"),
        (
            position_with(8, tricks_played=[[["N", "SA"]]], trick_winners=["N"]),
            "position.tricks_played[0]: expected 4 cards, got 1",
        ),
        (changed(9, rating=1e308), "rating: 1e+308 is outside 0 to 4000"),
        (changed(10, rating=-1e308), "rating: -1e+308 is outside 0 to 4000"),
        (json.dumps(good(11))[:-1] + ', "rating": Infinity}', "Infinity is not a JSON number"),
        (json.dumps(good(12))[:-1] + ', "rating": NaN}', "NaN is not a JSON number"),
        (json.dumps(good(13))[:-1] + ', "rating": 1e999}', "rating: inf is not a finite number"),
        (dump_line(good(14)), None),
        (
            changed(
                15,
                candidates=[
                    *good(15)["candidates"],
                    {"answer": "x" * 101, "value": 0, "accepted": False},
                ],
            ),
            "candidates[3].answer: 101 characters, more than 100",
        ),
        (changed(16, seed=int("9" * 30)), "seed: expected a whole number that fits 64 bits"),
        (json.dumps(good(17))[:-1] + ', "seed": ' + "7" * 5000 + "}", "not valid JSON"),
        (changed(18, bogus=1), "bogus: unknown field"),
        (changed(19, version=99), "version: 99 is not a known format"),
        (with_deep, "not valid JSON (nested too deep)"),
        (
            changed(21, candidates=[{"answer": "A", "value": "high", "accepted": True}]),
            "candidates[1].value: expected a number",
        ),
        (position_with(22, hands={"N": ["SA", "SA"]}), "card SA also appears at"),
        (position_with(23, tricks_won={"N": 3}), "position.tricks_won.N: 3 but the tricks played"),
        (dump_line(good(1)), None),  # the same position again: a real duplicate
        (dump_line(good(24)), None),
    ]


def test_a_hostile_file_names_every_bad_line_and_stores_nothing():
    lines = hostile_lines()
    with pytest.raises(QuizImportError) as raised:
        import_lines(line for line, _ in lines)
    message = str(raised.value)
    for number, (_, error) in enumerate(lines, start=1):
        if error is not None:
            assert f"line {number}: " in message
            assert error in message.split(f"line {number}: ", 1)[1].split("; line ")[0]
    assert Quiz.objects.count() == 0


def test_skipping_bad_lines_stores_the_good_ones_whole():
    lines = hostile_lines()
    report = import_lines((line for line, _ in lines), skip_bad=True)
    bad = [n for n, (_, error) in enumerate(lines, start=1) if error is not None]
    assert [int(e.split(":")[0].removeprefix("line ")) for e in report.errors] == bad
    assert (report.stored, report.duplicates) == (3, 1)
    assert Quiz.objects.count() == 3
    for quiz in Quiz.objects.all():
        assert parse_line(dump_line({**good(1), **{"position": quiz.position}})).record


def test_the_command_reports_each_skipped_line(tmp_path: Path):
    path = tmp_path / "hostile.jsonl"
    path.write_text("".join(line + "\n" for line, _ in hostile_lines()), encoding="utf-8")
    out, err = StringIO(), StringIO()
    with pytest.raises(CommandError, match="bad line"):
        call_command("import_quizzes", str(path), "--skip-bad", stdout=out, stderr=err)
    assert "3 quizzes imported, 1 already in the bank" in out.getvalue()
    assert "line 2: position.hands: expected an object" in err.getvalue()
    with pytest.raises(CommandError, match="nothing was imported"):
        call_command("import_quizzes", str(path), stdout=StringIO())
    assert Quiz.objects.count() == 3


def test_an_import_counts_only_positions_already_in_the_bank_as_duplicates():
    lines = [dump_line(good(n)) for n in (30, 31)]
    assert import_lines(lines).stored == 2
    again = import_lines([*lines, dump_line(good(32))])
    assert (again.stored, again.duplicates) == (1, 2)


def test_a_refusal_of_the_database_is_not_taken_for_a_duplicate():
    # A negative sample count breaks the column's check, not the unique position.
    broken = QuizDraft(**{**draft(40).__dict__, "samples": -1})
    with pytest.raises(IntegrityError):
        store_quiz(broken, None)
    assert Quiz.objects.count() == 0


def test_export_writes_strict_json_and_refuses_an_infinite_number(tmp_path: Path):
    import_lines([dump_line(good(50))])
    path = tmp_path / "bank.jsonl"
    call_command("export_quizzes", "--output", str(path), stderr=StringIO())
    text = path.read_text(encoding="utf-8")
    json.loads(text, parse_constant=lambda name: pytest.fail(f"{name} in the export"))
    Quiz.objects.update(rating=math.inf)
    broken = tmp_path / "broken.jsonl"
    with pytest.raises(CommandError, match=r"cannot export quiz \d+: .*infinite"):
        call_command("export_quizzes", "--output", str(broken), stderr=StringIO())
    assert not broken.exists()


def test_a_derived_key_that_disagrees_with_the_record_is_refused():
    # tricks_won must name every seat; one left out reads back as 0 and differs.
    line = position_with(60, tricks_won={"N": 0})
    with pytest.raises(QuizImportError, match=r"^line 1: position\.tricks_won: reads back as"):
        import_lines([line])


def test_a_play_answer_that_is_not_in_the_hand_to_play_from_is_refused():
    position = five_hundred_joker_lead(True)
    hand = position["hands"][position["seat"]]
    line = {
        **good(61),
        "game": "five_hundred",
        "kind": "play",
        "mode": "double_dummy",
        "unit": "result",
        "position": position,
        "candidates": [
            {"answer": hand[0], "value": 1, "accepted": True},
            {"answer": "X1", "value": 0, "accepted": False},
        ],
    }
    with pytest.raises(QuizImportError, match=r"candidates\[2\]\.answer: 'X1' is not a card"):
        import_lines([dump_line(line)])
    line["candidates"][1]["answer"] = hand[1]
    assert import_lines([dump_line(line)]).stored == 1
