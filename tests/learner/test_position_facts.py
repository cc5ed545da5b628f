"""What the quiz page says about a position, per game (trainer.positions), from made-up ones."""

from __future__ import annotations

from typing import Any

from trainer.models import Quiz
from trainer.positions import position_view, quiz_choices


def quiz(game: str, kind: str, position: dict[str, Any], answers: tuple[str, ...] = ()) -> Quiz:
    candidates = [{"answer": a, "value": 0, "accepted": False, "label": a} for a in answers]
    return Quiz(game=game, kind=kind, position=position, candidates=candidates)


def test_a_last_beyond_declaration_names_the_number_the_sum_rule_bars() -> None:
    view = position_view(
        quiz(
            "beyond",
            "bid",
            {
                "seat": "W", "dealer": "S", "question": "declaration", "hands": {"W": ["SA"]},
                "contract": {"bid": "4S", "declarer": "N", "level": 4, "strain": "S",
                             "raised": 1, "targets": {"N": 4}},
                "declarations": [["N", 4], ["E", 2], ["S", 4]],
            },
        )
    )  # fmt: skip
    assert view.contract == "4♠ by North, raised"
    assert any("4 + 2 + 4 = 10 so far, so 3 is barred" in n for n in view.notes)
    rows = {r[0]: r[1] for r in view.scoreboard.rows}
    assert rows == {
        "North, declarer": "4",
        "East (your partner)": "2",
        "South": "4",
        "West (you)": "your call",
    }


def test_a_skat_game_with_schneider_announced_needs_90_and_the_defence_31() -> None:
    view = position_view(
        quiz(
            "skat",
            "play",
            {
                "seat": 0, "hands": {"0": ["CJ", "SA"]},
                "contract": {"game": "spades", "declarer": 1, "bid": 44, "hand": True,
                             "schneider_announced": True},
                "score_so_far": {"declarer": 70, "defenders": 12},
                "tricks_won": {"0": 1, "1": 5, "2": 0},
            },
        )
    )  # fmt: skip
    assert view.contract == "Spades hand schneider announced by Middlehand, bid 44"
    declarer, defenders = view.scoreboard.rows
    assert declarer == ["Declarer: Middlehand", "70", "5", "90 (20 more)"]
    assert defenders == ["Defenders: Forehand (you), Rearhand", "12", "1", "31 (19 more)"]
    assert view.scoreboard.you == 1


def test_a_skat_null_asks_the_declarer_for_no_trick() -> None:
    view = position_view(
        quiz("skat", "play", {"seat": 2, "hands": {"2": ["CJ"]},
                              "contract": {"game": "null", "declarer": 2, "bid": 23},
                              "score_so_far": {"declarer": 0, "defenders": 0}})
    )  # fmt: skip
    assert view.scoreboard.rows[0][-1] == "no trick at all"
    assert view.scoreboard.head == ["Side", "Tricks so far", "Aim"]


def test_each_skat_game_option_shows_the_discard_it_is_judged_with() -> None:
    twelve = ["SK", "S9", "HA", "HJ", "HT", "DJ", "D9", "D7", "CA", "CT", "C8", "C7"]
    shown = quiz_choices(
        quiz(
            "skat",
            "bid",
            {"seat": 1, "question": "game", "hands": {"1": twelve}, "skat": ["D9", "C7"],
             "contract": {"bid": 18, "declarer": 1}},
            ("clubs", "grand"),
        )
    )  # fmt: skip
    assert [c["answer"] for c in shown] == ["clubs", "grand"]
    assert all("laying away" in str(c["note"]) for c in shown)


def test_500_and_kleurenwiezen_show_the_tricks_needed_to_make_and_to_set() -> None:
    five = position_view(
        quiz("five_hundred", "play", {
            "seat": "S", "hands": {"S": ["HK"]},
            "contract": {"bid": "8H", "declarer": "E", "team": ["E", "W"], "tricks_needed": 8,
                         "trump": "H", "value": 340},
            "tricks_won": {"N": 1, "E": 3, "S": 1, "W": 2}})
    )  # fmt: skip
    assert five.scoreboard.rows[0][1:] == ["5", "8 (3 more)"]
    assert five.scoreboard.rows[1][1:] == ["2", "3 (1 more) to set it"]
    wiezen = position_view(
        quiz("wiezen", "play", {
            "seat": "N", "hands": {"N": ["HK"]},
            "contract": {"kind": "alone", "declarers": ["W"], "trump": "D", "target": 5},
            "tricks_won": {"N": 2, "E": 3, "S": 1, "W": 4}})
    )  # fmt: skip
    assert wiezen.contract == "West plays alone in diamonds, needs 5 tricks"
    assert wiezen.scoreboard.rows[0][1:] == ["4", "5 (1 more)"]
    assert wiezen.scoreboard.rows[1][1:] == ["6", "9 (3 more) to beat it"]
