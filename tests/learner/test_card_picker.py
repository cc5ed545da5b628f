"""The card picker: a discard is answered by ticking cards of the hand, mapped to its candidate."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.quizzes.base import Candidate
from tests.learner.learner_helpers import skat_discard_draft, take_quiz, wiezen_draft
from trainer.generation import store_quiz
from trainer.models import Attempt, Quiz
from trainer.picker import PickError, answer_for_cards, card_picker, card_sets, resolve_answer


def discard_quiz(n: int = 1) -> Quiz:
    """Return an unsaved Skat discard quiz (all 66 pairs of twelve cards)."""
    draft = skat_discard_draft(n)
    return Quiz(
        game="skat",
        kind="bid",
        position=draft.position,
        candidates=[c.as_json() for c in draft.candidates],
    )


def hand_of(quiz: Quiz) -> list[str]:
    return list(quiz.position["hands"]["0"])


def test_every_answer_a_set_of_cards_makes_a_card_set_quiz() -> None:
    quiz = discard_quiz()
    sets = card_sets(quiz.candidates)
    assert sets is not None and len(sets) == 66
    assert all(len(cards) == 2 for cards in sets)


@pytest.mark.parametrize(
    "answers",
    [
        ["SA", "ST", "CJ"],  # a play: one card each
        ["pass", "18", "20"],  # bids
        ["SA HT", "pass"],  # a card set beside a call
        ["SA HT", "SA HT D7"],  # sets of different sizes
        ["SA SA", "HT D7"],  # a card twice
    ],
)
def test_plays_calls_and_mixed_answers_are_not_card_sets(answers: list[str]) -> None:
    assert card_sets([{"answer": a} for a in answers]) is None


def test_the_picker_shows_the_twelve_cards_once_in_skat_order() -> None:
    from games.cards import SKAT_DECK
    from games.display import display_order

    quiz = discard_quiz()
    picker = card_picker(quiz)
    assert picker is not None
    assert picker.size == 2
    held = display_order("skat", SKAT_DECK.parse_hand(hand_of(quiz)), "clubs")
    assert [c.token for c in picker.cards] == [str(c) for c in held]
    assert sorted(c.token for c in picker.cards) == sorted(hand_of(quiz))


def test_a_quiz_offering_only_some_sets_keeps_its_buttons() -> None:
    quiz = discard_quiz()
    quiz.candidates = quiz.candidates[:5]  # like 500's kitty: a few planned discards
    assert card_sets(quiz.candidates) is not None
    assert card_picker(quiz) is None


def test_a_play_quiz_has_no_picker() -> None:
    draft = wiezen_draft(1)
    quiz = Quiz(position=draft.position, candidates=[c.as_json() for c in draft.candidates])
    assert card_picker(quiz) is None


def test_picked_cards_map_to_their_candidate_in_either_order() -> None:
    quiz = discard_quiz()
    stored = quiz.candidates[7]["answer"]
    first, second = stored.split()
    assert answer_for_cards(quiz, [first, second]) == stored
    assert answer_for_cards(quiz, [second, first]) == stored
    assert answer_for_cards(quiz, [second.lower(), first]) == stored


@pytest.mark.parametrize("count", [0, 1, 3])
def test_picking_the_wrong_number_of_cards_is_refused(count: int) -> None:
    quiz = discard_quiz()
    with pytest.raises(PickError, match=f"Choose exactly 2 cards; you chose {count}."):
        answer_for_cards(quiz, hand_of(quiz)[:count])


def test_a_card_not_in_the_hand_is_refused_by_name() -> None:
    quiz = discard_quiz()
    outside = next(c for c in ("SA", "HA", "DA", "CA", "S7", "H7") if c not in hand_of(quiz))
    with pytest.raises(PickError, match=f"{outside} is not in your hand"):
        answer_for_cards(quiz, [hand_of(quiz)[0], outside])


def test_a_token_that_is_no_card_is_refused() -> None:
    quiz = discard_quiz()
    with pytest.raises(PickError, match="'XX' is not a card"):
        answer_for_cards(quiz, [hand_of(quiz)[0], "XX"])


def test_one_card_picked_twice_is_refused() -> None:
    quiz = discard_quiz()
    card = hand_of(quiz)[0]
    with pytest.raises(PickError, match=f"{card} was chosen twice"):
        answer_for_cards(quiz, [card, card])


def test_a_pair_sent_as_the_answer_in_another_order_is_matched() -> None:
    quiz = discard_quiz()
    stored = quiz.candidates[3]["answer"]
    turned = " ".join(reversed(stored.split()))
    assert resolve_answer(quiz, turned, []) == stored
    assert resolve_answer(quiz, stored, []) == stored


def test_a_play_answer_passes_through_unchanged() -> None:
    draft = wiezen_draft(1)
    quiz = Quiz(position=draft.position, candidates=[c.as_json() for c in draft.candidates])
    answer = quiz.candidates[0]["answer"]
    assert resolve_answer(quiz, answer, []) == answer
    with pytest.raises(PickError):
        resolve_answer(quiz, "", [answer])


# The pages: the quiz shows the picker, the answer endpoint takes the picked cards.


@pytest.fixture
def skat_discard(db: None, no_refill: None) -> None:
    assert store_quiz(skat_discard_draft(1), None)


def test_the_discard_page_shows_check_boxes_instead_of_66_buttons(visitor_client, skat_discard):
    response = visitor_client.get("/train/skat/")
    html = response.content.decode()
    quiz = response.context["quiz"]
    assert response.context["drawn"].pick == 2
    assert 'name="answer"' not in html
    assert html.count('<input type="checkbox" name="card"') == 12
    for card in hand_of(quiz):
        assert f'<input type="checkbox" name="card" value="{card}">' in html
    assert 'class="pick-submit"' in html and "js/card-picker.js" in html
    assert "diagram-hand" not in html  # the picker is the hand: not drawn twice


def test_picked_cards_are_graded_and_the_verdict_shows_the_pairs_and_values(
    visitor_client, skat_discard
):
    quiz = take_quiz(visitor_client, game="skat")
    best = next(c for c in quiz.candidates if c["accepted"])["answer"]
    first, second = best.split()
    response = visitor_client.post(
        "/train/skat/answer/", {"quiz": quiz.pk, "card": [second, first]}
    )
    assert response.status_code == 302
    attempt = Attempt.objects.get()
    assert attempt.answer == best and attempt.correct
    page = visitor_client.get(response["Location"])
    html = page.content.decode()
    assert page.context["chosen"].answer == best
    shown, folded = page.context["rows"], page.context["folded"]
    # A long verdict shows the best answers, the learner's own and the next few, best first;
    # the rest is folded away.
    assert len(shown) + len(folded) == 66 and len(shown) <= 7
    values = [r["c"].value for r in shown + folded]
    assert values == sorted(values, reverse=True)
    assert '<details class="values-folded">' in html
    assert "Best: 61 card points for your side." in html
    assert "1 card point less (60 instead of the best)." in html
    assert html.count('class="best chosen"') == 1


def test_a_wrong_pair_is_graded_wrong(visitor_client, skat_discard):
    quiz = take_quiz(visitor_client, game="skat")
    worse = quiz.candidates[-1]["answer"]
    response = visitor_client.post("/train/skat/answer/", {"quiz": quiz.pk, "card": worse.split()})
    assert response.status_code == 302
    page = visitor_client.get(response["Location"])
    assert not page.context["verdict"].correct
    assert "ten card points less" in page.content.decode()


@pytest.mark.parametrize(
    ("picked", "message"),
    [
        (lambda hand: hand[:1], "Choose exactly 2 cards; you chose 1."),
        (lambda hand: hand[:3], "Choose exactly 2 cards; you chose 3."),
        (lambda hand: [], "Choose exactly 2 cards; you chose 0."),
        (lambda hand: [hand[0], "XX"], "&#x27;XX&#x27; is not a card."),
        (lambda hand: [hand[0], hand[0]], "was chosen twice."),
    ],
)
def test_a_bad_pick_is_refused_with_a_message_and_stores_nothing(
    visitor_client, skat_discard, picked, message
):
    quiz = take_quiz(visitor_client, game="skat")
    hand = hand_of(quiz)
    response = visitor_client.post("/train/skat/answer/", {"quiz": quiz.pk, "card": picked(hand)})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Attempt.objects.exists()
    # The quiz is still the learner's to answer.
    again = visitor_client.post("/train/skat/answer/", {"quiz": quiz.pk, "card": hand[:2]})
    assert again.status_code == 302
    assert Attempt.objects.count() == 1


def test_a_card_from_outside_the_hand_is_refused(visitor_client, skat_discard):
    quiz = take_quiz(visitor_client, game="skat")
    hand = hand_of(quiz)
    outside = next(c for c in ("SA", "HA", "DA", "CA", "S7", "H7") if c not in hand)
    response = visitor_client.post(
        "/train/skat/answer/", {"quiz": quiz.pk, "card": [hand[0], outside]}
    )
    assert response.status_code == 400
    assert f"{outside} is not in your hand." in response.content.decode()
    assert not Attempt.objects.exists()


def test_a_kitty_like_quiz_with_a_few_planned_discards_keeps_its_buttons(
    visitor_client, db, no_refill
):
    draft = skat_discard_draft(2)
    kept = tuple(Candidate(c.answer, c.value, c.accepted, c.label) for c in draft.candidates[:4])
    store_quiz(replace(draft, candidates=kept), None)
    response = visitor_client.get("/train/skat/")
    html = response.content.decode()
    assert response.context["drawn"].pick == 0
    assert html.count('<button type="submit" name="answer"') == 4
    assert 'name="card"' not in html


def test_an_answer_and_picked_cards_together_are_refused() -> None:
    quiz = discard_quiz()
    stored = quiz.candidates[0]["answer"]
    with pytest.raises(PickError, match="either an answer or picked cards"):
        resolve_answer(quiz, stored, stored.split())
