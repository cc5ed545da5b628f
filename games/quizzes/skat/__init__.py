"""Skat quiz generators: card play (double and single dummy) and bidding decisions.

Importing this package registers ``skat/play`` (modes double_dummy, single_dummy) and
``skat/bid`` (single_dummy). See docs/quizzes/skat.md.
"""

from __future__ import annotations

from games.quizzes.skat.bid import bid_quiz
from games.quizzes.skat.play import play_quiz

__all__ = ["bid_quiz", "play_quiz"]
