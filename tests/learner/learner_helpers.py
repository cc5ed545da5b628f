"""Helpers for the learner tests: a quiz draft shaped like docs/quizzes.md, and player steps."""

from __future__ import annotations

from django.test import Client

from games.cards import SKAT_DECK, WIEZEN_DECK, sort_key
from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.skat.bid import discard_options
from trainer.models import Quiz

PASSWORD = "trick-taking-2026"


def wiezen_draft(
    n: int, rating: float = 1500.0, themes: tuple[str, ...] = ("finesse",)
) -> QuizDraft:
    """Return a Kleurenwiezen play decision shaped like docs/quizzes.md (values are made up)."""
    cards = [str(c) for c in WIEZEN_DECK.shuffled(n)]
    hand, east, west, north_trick = cards[:4], cards[4:8], cards[8:12], cards[12]
    best, second, *rest = hand
    candidates = [
        Candidate(best, 3.0, True, refutation=""),
        Candidate(
            second,
            2.0,
            False,
            refutation="East wins the next trick",
            line=(second, west[0]),
            tricks=(
                {
                    "plays": [["N", north_trick], ["E", east[0]], ["S", second], ["W", west[0]]],
                    "winner": "E",
                    "named": None,
                    "count": "declarers 0 of 8 needed, defenders 1",
                },
                {
                    "plays": [["E", east[1]], ["S", hand[2]], ["W", west[1]], ["N", cards[13]]],
                    "winner": "E",
                    "named": None,
                    "count": "declarers 0 of 8 needed, defenders 2",
                },
            ),
            line_end="the contract is set by two tricks",
        ),
        *[Candidate(c, 1.0, False, refutation="gives up two tricks") for c in rest],
    ]
    return QuizDraft(
        game="wiezen",
        kind="play",
        mode="double_dummy",
        prompt=f"Which card do you play? (quiz {n})",
        position={
            "seat": "S",
            "hands": {"S": hand, "E": east, "W": west},
            "hidden": ["N"],
            "contract": {"kind": "ask_join", "declarers": ["N", "S"], "trump": "H",
                         "description": "ask/join in hearts by N and S"},
            "auction": [["N", "ask hearts"], ["S", "join"]],
            "trick": [["N", north_trick]],
            "tricks_played": [],
        },
        candidates=tuple(candidates),
        unit="tricks",
        themes=themes,
        rating=rating,
        rule_ref="DECISIONS.md, Kleurenwiezen (ask/join: the pair needs 8 tricks)",
        seed=n,
    )  # fmt: skip


def skat_discard_draft(n: int, rating: float = 1500.0) -> QuizDraft:
    """Return a Skat discard quiz shaped like the bid generator's (all 66 pairs of the twelve
    cards; values made up: the first pair is best, the second one point worse, the rest 10)."""
    twelve = sorted(SKAT_DECK.shuffled(n)[:12], key=sort_key)
    options = discard_options(twelve)
    best, second, *rest = options
    candidates = [
        Candidate(best, 61.0, True, f"lay away {best}"),
        Candidate(second, 60.0, False, f"lay away {second}", "one card point less"),
        *[Candidate(o, 51.0, False, f"lay away {o}", "ten card points less") for o in rest],
    ]
    return QuizDraft(
        game="skat",
        kind="bid",
        mode="single_dummy",
        prompt=f"You (Forehand) won the auction at 18 and will play clubs. Which two cards do "
        f"you lay away? (quiz {n})",
        position={
            "seat": 0, "seat_name": "Forehand", "question": "discard",
            "hands": {"0": [str(c) for c in twelve]}, "hidden": [1, 2],
            "contract": {"declarer": 0, "bid": 18, "game": "clubs", "name": "clubs"},
            "auction": [[1, "18"], [0, "yes"], [2, "pass"], [1, "pass"]],
            "trick": [], "tricks_played": [], "skat": [str(c) for c in twelve[-2:]],
        },
        candidates=tuple(candidates),
        unit="card points",
        themes=("discard",),
        rating=rating,
        rule_ref="skat.da.txt: Tag skatten op",
        seed=n,
    )  # fmt: skip


def take_quiz(client: Client, game: str = "wiezen", query: str = "") -> Quiz:
    """Open the player and return the quiz it shows."""
    response = client.get(f"/train/{game}/" + (f"?{query}" if query else ""))
    assert response.status_code == 200, response.content[:500]
    quiz = response.context["quiz"]
    assert isinstance(quiz, Quiz)
    return quiz


def answer(client: Client, quiz: Quiz, right: bool, game: str = "wiezen") -> object:
    """Answer the shown quiz right or wrong; return the response of the POST."""
    choice = next(c["answer"] for c in quiz.candidates if c["accepted"] == right)
    return client.post(f"/train/{game}/answer/", {"quiz": quiz.pk, "answer": choice})
