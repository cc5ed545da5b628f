"""Beyond quiz generators: card play (double and single dummy) and bidding.

Importing this package registers ``beyond/play`` (modes double_dummy, single_dummy; on the
shared play pipeline, ``beyond.play.SPEC``) and ``beyond/bid`` (single_dummy, with its
re-check in ``games.quizzes.BID_RECHECKS``). See docs/quizzes/beyond.md.
"""

from __future__ import annotations

from games.quizzes import BID_RECHECKS
from games.quizzes.base import generator
from games.quizzes.beyond.bid import bid_quiz, recheck_bid
from games.quizzes.beyond.play import play_quiz

__all__ = ["bid_quiz", "play_quiz", "recheck_bid"]

generator("beyond", "bid", ("single_dummy",))(bid_quiz)
generator("beyond", "play", ("double_dummy", "single_dummy"))(play_quiz)
BID_RECHECKS["beyond"] = recheck_bid
