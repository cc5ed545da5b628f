"""Kleurenwiezen quiz generators: card play (double and single dummy) and bidding.

Importing this package registers ``wiezen/play`` (modes double_dummy and single_dummy) and
``wiezen/bid`` (single_dummy only: bids are always judged over sampled deals). See
docs/quizzes/wiezen.md for the rules each generator follows.
"""

from __future__ import annotations

from games.quizzes.base import generator
from games.quizzes.common.play import by_mode
from games.quizzes.wiezen.bid import bid_quiz
from games.quizzes.wiezen.play_dd import double_dummy_quiz
from games.quizzes.wiezen.play_sd import single_dummy_quiz

play_quiz = generator("wiezen", "play", ("double_dummy", "single_dummy"))(
    by_mode("wiezen", double_dummy_quiz, single_dummy_quiz)
)
generator("wiezen", "bid", ("single_dummy",))(bid_quiz)

__all__ = ["bid_quiz", "play_quiz"]
