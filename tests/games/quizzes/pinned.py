"""Pin a game's bidding quizzes to the legacy shortcut while a fixture makes quizzes only to
have some (their shape, answer shares, wording), not to test how they are valued.

Whole deals cost Skat about 4 s of CPU per kept quiz (docs/quizzes/common.md); a fixture that
makes a hundred of them would add minutes to the suite. The whole-deal path stays tested:
tests/games/quizzes/test_bid_valuation.py makes quizzes with the real setting and fails if a
simple player plays a card of any world, the Skat module's other bid quizzes (``bid_drafts``)
use the real setting, and the starter bank's whole-deal quizzes are re-checked by solving
(tests/trainer/test_starter_bank.py). Beyond's convention quizzes are graded by the
convention; their sampled context (200 worlds) costs about 11 s of CPU with Beyond's
``shortcut(4)``, so the fixtures that make them pin ``shortcut(9)``; the declaration
fixture and test_bid_valuation.py use the real setting.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from games.quizzes.common import valuation


@contextmanager
def shortcut_bids(game: str) -> Iterator[None]:
    """Make new ``game`` bidding quizzes with its legacy shortcut inside the block."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(valuation.BID_VALUATION, game, valuation.LEGACY_VALUATION[game])
        yield
