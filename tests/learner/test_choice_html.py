"""Choice buttons draw cards for card answers, several cards for a discard, else the label."""

from __future__ import annotations

from trainer.positions import choice_html


def test_one_card_is_drawn_with_its_spoken_name() -> None:
    html = str(choice_html("SA", "ace of spades"))
    assert html.count('class="card ') == 1
    assert "visually-hidden" in html


def test_a_discard_of_several_cards_draws_each_card() -> None:
    html = str(choice_html("D9 C7", "lay away D9 C7"))
    assert html.count('class="card ') == 2
    assert html.count("visually-hidden") == 2


def test_a_call_or_word_answer_shows_its_label() -> None:
    assert str(choice_html("pass", "Pass")) == "Pass"
    assert str(choice_html("6NT", "6 no trumps")) == "6 no trumps"
    assert str(choice_html("SA pass", "mixed")) == "mixed"
    assert str(choice_html("", "nothing")) == "nothing"
