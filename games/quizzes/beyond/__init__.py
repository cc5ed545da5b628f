"""Beyond quiz generators: card play (double and single dummy) and bidding.

Importing this package registers ``beyond/play`` (modes double_dummy, single_dummy) and
``beyond/bid`` (single_dummy). See docs/quizzes/beyond.md.
"""

from __future__ import annotations

from games.quizzes.base import generator
from games.quizzes.beyond.bid import bid_quiz
from games.quizzes.beyond.play_dd import double_dummy_quiz
from games.quizzes.beyond.play_sd import single_dummy_quiz
from games.quizzes.common.play import by_mode

__all__ = ["bid_quiz", "play_quiz"]

generator("beyond", "bid", ("single_dummy",))(bid_quiz)


play_quiz = generator("beyond", "play", ("double_dummy", "single_dummy"))(
    by_mode("beyond", double_dummy_quiz, single_dummy_quiz)
)
