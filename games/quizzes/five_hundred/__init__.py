"""500 quiz generators: card play (double and single dummy) and bidding (contract, kitty).

Importing this package registers ``five_hundred/play`` (modes double_dummy, single_dummy) on
the shared play pipeline (``play.SPEC``) and ``five_hundred/bid`` (single_dummy), with the
bid re-check in ``games.quizzes.BID_RECHECKS``. See docs/quizzes/five_hundred.md.
"""

from __future__ import annotations

from games.quizzes import BID_RECHECKS
from games.quizzes.base import generator
from games.quizzes.common.pipeline import DOUBLE_DUMMY, SINGLE_DUMMY, register_play
from games.quizzes.five_hundred.bid import bid_quiz, recheck_bid
from games.quizzes.five_hundred.play import SPEC, play_quiz

__all__ = ["bid_quiz", "play_quiz"]

generator("five_hundred", "bid", (SINGLE_DUMMY,))(bid_quiz)
register_play(SPEC)
generator("five_hundred", "play", (DOUBLE_DUMMY, SINGLE_DUMMY))(play_quiz)
BID_RECHECKS["five_hundred"] = recheck_bid
