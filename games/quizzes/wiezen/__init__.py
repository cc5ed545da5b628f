"""Kleurenwiezen quiz generators: card play (double and single dummy) and bidding.

Importing this package registers ``wiezen/play`` (modes double_dummy and single_dummy, on the
shared play pipeline with the spec in ``play``) and ``wiezen/bid`` (single_dummy only: bids
are always judged over sampled deals), with the bid re-check in ``games.quizzes.BID_RECHECKS``.
See docs/quizzes/wiezen.md for the rules each generator follows.
"""

from __future__ import annotations

from games.quizzes.base import generator
from games.quizzes.wiezen.bid import bid_quiz
from games.quizzes.wiezen.play import play_quiz

generator("wiezen", "play", ("double_dummy", "single_dummy"))(play_quiz)
generator("wiezen", "bid", ("single_dummy",))(bid_quiz)

__all__ = ["bid_quiz", "play_quiz"]
