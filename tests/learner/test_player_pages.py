"""The quiz player: showing a quiz, answering it, the verdict page, hints and filters."""

from __future__ import annotations

import dataclasses

import pytest

from games.cards import WIEZEN_DECK
from games.display import display_order
from lessons.diagrams import card_view
from tests.learner.learner_helpers import answer, take_quiz, wiezen_draft
from trainer.generation import store_quiz
from trainer.models import Attempt
from trainer.player import HINT_COST, HINT_SCORE, duel_score
from trainer.ratings import Rating, duel

pytestmark = pytest.mark.django_db


def test_the_player_draws_contract_auction_trick_and_hands(visitor_client, make_bank, no_refill):
    make_bank(3)
    response = visitor_client.get("/train/wiezen/")
    html = response.content.decode()
    quiz = response.context["quiz"]
    assert "Ask and join by North and South, hearts trumps" in html
    assert "diagram-auction" in html and "diagram-trick" in html
    assert "diagram-hand" in html and "diagram-deal" in html  # own hand and the shown others
    for card in quiz.position["hands"]["S"]:
        assert f'name="answer" value="{card}"' in html


def test_choices_are_buttons_in_hand_order_so_the_stored_order_gives_nothing_away(
    visitor_client, make_bank, no_refill
):
    make_bank(1)
    response = visitor_client.get("/train/wiezen/")
    quiz = response.context["quiz"]
    shown = list(response.context["drawn"].answers)
    held = display_order("wiezen", WIEZEN_DECK.parse_hand(quiz.position["hands"]["S"]))
    assert shown == [str(c) for c in held]
    assert response.content.decode().count('<button type="submit" name="answer"') == len(shown)


def test_reloading_the_player_shows_the_same_quiz_until_it_is_answered(
    visitor_client, make_bank, no_refill
):
    make_bank(6)
    first = take_quiz(visitor_client)
    assert take_quiz(visitor_client) == first
    answer(visitor_client, first, right=True)
    assert take_quiz(visitor_client) != first


def test_a_right_answer_is_graded_at_once_and_shows_every_choice_value(
    visitor_client, make_bank, no_refill
):
    make_bank(2)
    quiz = take_quiz(visitor_client)
    response = answer(visitor_client, quiz, right=True)
    assert response.status_code == 302
    page = visitor_client.get(response["Location"])
    html = page.content.decode()
    assert page.context["verdict"].correct
    assert "Best: 3 tricks for your side." in html
    assert "Gives up 1 trick (2 instead of the best)." in html
    assert "Gives up 2 tricks (1 instead of the best)." in html


def test_a_wrong_answer_shows_the_refutation_line_and_the_lesson_link(
    visitor_client, make_bank, no_refill
):
    make_bank(2)
    quiz = take_quiz(visitor_client)
    second = quiz.candidates[1]["answer"]
    response = visitor_client.post("/train/wiezen/answer/", {"quiz": quiz.pk, "answer": second})
    page = visitor_client.get(response["Location"])
    html = page.content.decode()
    assert not page.context["verdict"].correct
    # The refuting line as tricks: one row per trick, who played what and who took it, the
    # count after each, ending in the failure the verdict names.
    rows = page.context["line"].rows
    assert [r.winner for r in rows] == ["East", "East"]
    assert [len(r.plays) for r in rows] == [4, 4]
    assert html.count('<tr class="line-trick') == 2
    assert "declarers 0 of 8 needed, defenders 2" in html
    assert "the contract is set by two tricks" in html
    why = page.context["why"]
    name = card_view(second)["name"]
    assert why.startswith(f"After the {name}, East takes the trick with")
    assert why.endswith("What it turns on: finessing.")
    assert page.context["lesson"].url.startswith("/lessons/wiezen/")


def test_an_answer_that_is_not_a_choice_is_refused_and_stores_nothing(
    visitor_client, make_bank, no_refill
):
    make_bank(1)
    quiz = take_quiz(visitor_client)
    response = visitor_client.post("/train/wiezen/answer/", {"quiz": quiz.pk, "answer": "XX"})
    assert response.status_code == 400
    assert "&#x27;XX&#x27; is not one of this quiz&#x27;s choices" in response.content.decode()
    assert not Attempt.objects.exists()


def test_a_quiz_cannot_be_answered_twice_from_one_showing(visitor_client, make_bank, no_refill):
    make_bank(3)
    quiz = take_quiz(visitor_client)
    assert answer(visitor_client, quiz, right=True).status_code == 302
    again = answer(visitor_client, quiz, right=True)
    assert again.status_code == 400
    assert Attempt.objects.count() == 1


def test_a_quiz_that_was_not_handed_out_cannot_be_answered(visitor_client, make_bank, no_refill):
    quiz = make_bank(2)[0]
    response = answer(visitor_client, quiz, right=True)
    assert response.status_code == 400
    assert "is not the quiz you were given" in response.content.decode()


def test_a_hint_shows_the_themes_in_words_says_its_cost_and_is_counted(
    visitor_client, make_bank, no_refill
):
    make_bank(1, themes=("finesse", "trump_drawing"))
    quiz = take_quiz(visitor_client)
    before = visitor_client.get("/train/wiezen/").content.decode()
    assert "finessing, drawing trumps" not in before
    assert HINT_COST in before
    visitor_client.post("/train/wiezen/hint/")
    html = visitor_client.get("/train/wiezen/").content.decode()
    assert "finessing, drawing trumps" in html and "trump_drawing" not in html
    assert "DECISIONS" not in html
    answer(visitor_client, quiz, right=True)
    assert Attempt.objects.get().hints == 1
    verdict = visitor_client.get(f"/train/attempts/{Attempt.objects.get().pk}/")
    assert "You used a hint." in verdict.content.decode()


def test_a_hint_never_shows_a_theme_that_names_the_answer(visitor_client, make_bank, no_refill):
    # A join-or-pass question whose answer is join: "joining" would give it away.
    draft = wiezen_draft(1, themes=("bid_join", "answer_ask"))
    store_quiz(dataclasses.replace(draft, kind="bid"), None)
    take_quiz(visitor_client)
    visitor_client.post("/train/wiezen/hint/")
    html = visitor_client.get("/train/wiezen/").content.decode()
    assert "answering an ask" in html
    assert "joining" not in html.split('id="hint-title"')[1].split("</aside>")[0]


def test_a_right_answer_after_a_hint_counts_half_a_win(visitor_client, make_bank, no_refill):
    quiz = make_bank(1, spread=0.0)[0]
    take_quiz(visitor_client)
    visitor_client.post("/train/wiezen/hint/")
    answer(visitor_client, quiz, right=True)
    helped = Attempt.objects.get().learner_rating
    opponent = Rating(quiz.rating, quiz.rating_deviation, quiz.rating_volatility)
    as_draw, _ = duel(Rating(), opponent, HINT_SCORE)
    as_win, _ = duel(Rating(), opponent, 1.0)
    assert helped == pytest.approx(as_draw.rating) and helped < as_win.rating
    assert duel_score(True, 1) == HINT_SCORE == 0.5 and duel_score(True, 0) == 1.0


def test_unknown_filters_are_named_in_the_error(visitor_client, make_bank, no_refill):
    response = visitor_client.get("/train/wiezen/?difficulty=brutal")
    assert response.status_code == 400
    assert "difficulty: unknown difficulty &#x27;brutal&#x27;" in response.content.decode()


def test_an_unknown_game_is_not_found(visitor_client):
    assert visitor_client.get("/train/bridge/").status_code == 404


def test_the_theme_filter_only_serves_quizzes_with_that_theme(visitor_client, make_bank, no_refill):
    make_bank(4, themes=("ruff",))
    make_bank(4, start=100, themes=("duck",))
    for _ in range(4):
        quiz = take_quiz(visitor_client, query="theme=duck")
        assert quiz.themes == ["duck"]
        answer(visitor_client, quiz, right=True)
    response = visitor_client.get("/train/wiezen/?theme=duck")
    assert "quiz" not in response.context
    assert "There is no quiz left for you" in response.content.decode()


def test_a_skat_position_with_numbered_seats_is_drawn(visitor_client, db, no_refill):
    from games.quizzes.base import Candidate, QuizDraft
    from trainer.generation import store_quiz

    draft = QuizDraft(
        game="skat", kind="play", mode="single_dummy", prompt="Which card?",
        position={"seat": 1, "hands": {"1": ["CJ", "SA", "ST"]}, "hidden": [0, 2],
                  "contract": {"name": "Grand", "declarer": 0, "bid": 24},
                  "auction": [[1, "18"], [0, "yes"]], "trick": [[0, "HA"]],
                  "tricks_played": [[[0, "D7"], [1, "DA"], [2, "D8"]]]},
        candidates=(Candidate("SA", 60, True), Candidate("ST", 49, False),
                    Candidate("CJ", 50, False)),
        unit="card points", themes=("schmear",), rating=1500, rule_ref="skat.da.txt", seed=1,
    )  # fmt: skip
    store_quiz(draft, None)
    html = visitor_client.get("/train/skat/").content.decode()
    assert "Middlehand" in html and "Forehand" in html
    assert "Middlehand (1)" not in html and "Forehand (0)" not in html
    assert "1 trick played" in html
    assert "Grand by Forehand, bid 24" in html


def test_a_skat_contract_reads_as_a_player_says_it_and_leaves_out_false_flags(
    visitor_client, db, no_refill
):
    from games.quizzes.base import Candidate, QuizDraft
    from trainer.generation import store_quiz

    draft = QuizDraft(
        game="skat", kind="play", mode="double_dummy", prompt="Which card?",
        position={"seat": 1, "hands": {"1": ["CJ", "SA"]}, "hidden": [],
                  "contract": {"game": "clubs", "declarer": 0, "bid": 24, "hand": True,
                               "ouvert": False, "schneider_announced": False}},
        candidates=(Candidate("SA", 60, True), Candidate("CJ", 50, False)),
        unit="card points", themes=(), rating=1500, rule_ref="skat.da.txt", seed=2,
    )  # fmt: skip
    store_quiz(draft, None)
    response = visitor_client.get("/train/skat/")
    html = response.content.decode()
    assert '<span data-fact="contract">Clubs hand by Forehand, bid 24</span>' in html
    assert "ouvert" not in html and "schneider" not in html
    assert "Contract: contract" not in html.replace("<strong>", "").replace("</strong>", "")
