"""500 quiz generators: card play (double and single dummy) and bidding (contract, discard).

Importing this package registers ``five_hundred/play`` (modes double_dummy, single_dummy)
and ``five_hundred/bid`` (single_dummy). See docs/quizzes/five_hundred.md.
"""

from __future__ import annotations

from games.quizzes.base import generator
from games.quizzes.common.play import by_mode
from games.quizzes.five_hundred.bid import bid_quiz
from games.quizzes.five_hundred.play_dd import double_dummy_quiz
from games.quizzes.five_hundred.play_sd import single_dummy_quiz

__all__ = ["bid_quiz", "play_quiz"]

generator("five_hundred", "bid", ("single_dummy",))(bid_quiz)


play_quiz = generator("five_hundred", "play", ("double_dummy", "single_dummy"))(
    by_mode("500", double_dummy_quiz, single_dummy_quiz)
)
