"""Score a finished Ramsch deal: the player with the most card points loses that many.

House rules (docs/rules/skat.md, "Ramsch"): on a tie for the most points every tied player
loses; each player who took no trick (Jungfrau) doubles the loss; a player who took every
trick (Durchmarsch) wins +120 instead and the others score nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.skat.rules import HAND_SIZE, SEAT_NAMES

TOTAL_POINTS = 120
DURCHMARSCH_SCORE = 120


@dataclass(frozen=True)
class RamschScore:
    """The outcome of a Ramsch deal: card points, tricks and the score of each seat."""

    points: tuple[int, int, int]
    tricks: tuple[int, int, int]
    losers: tuple[int, ...]
    jungfrau: tuple[int, ...]
    durchmarsch: int | None
    scores: tuple[int, int, int]

    def summary(self) -> str:
        """Return one line: the card points, who lost or made a Durchmarsch, and the scores."""
        points = "-".join(str(p) for p in self.points)
        if self.durchmarsch is not None:
            return f"ramsch, {points} card points: Durchmarsch by {SEAT_NAMES[self.durchmarsch]}"
        losers = " and ".join(SEAT_NAMES[s] for s in self.losers)
        text = f"ramsch, {points} card points: {losers} lost"
        if self.jungfrau:
            maidens = " and ".join(SEAT_NAMES[s] for s in self.jungfrau)
            text += f" (Jungfrau: {maidens})"
        return f"{text}, {', '.join(f'{s:+d}' for s in self.scores)}"


def _triple(values: Sequence[int], what: str) -> tuple[int, int, int]:
    if len(values) != 3:
        raise ValueError(f"Ramsch needs {what} for 3 seats, got {len(values)}")
    return values[0], values[1], values[2]


def score_ramsch(points: Sequence[int], tricks: Sequence[int]) -> RamschScore:
    """Score a Ramsch deal from each seat's card points (skat included) and tricks taken."""
    pts = _triple(points, "card points")
    won = _triple(tricks, "trick counts")
    if any(p < 0 for p in pts) or sum(pts) != TOTAL_POINTS:
        raise ValueError(f"impossible card points {list(pts)}: they must be >= 0 and total 120")
    if any(t < 0 for t in won) or sum(won) != HAND_SIZE:
        raise ValueError(f"impossible trick counts {list(won)}: they must be >= 0 and total 10")
    if any(t == 0 and p > 0 for p, t in zip(pts, won, strict=True)):
        raise ValueError(
            f"impossible result {list(pts)} with tricks {list(won)}: no trick, no points"
        )
    seats = range(3)
    if HAND_SIZE in won:
        winner = won.index(HAND_SIZE)
        scores = tuple(DURCHMARSCH_SCORE if s == winner else 0 for s in seats)
        return RamschScore(pts, won, (), (), winner, _triple(scores, "scores"))
    most = max(pts)
    losers = tuple(s for s in seats if pts[s] == most)
    jungfrau = tuple(s for s in seats if won[s] == 0)
    loss = most * 2 ** len(jungfrau)
    scores = tuple(-loss if s in losers else 0 for s in seats)
    return RamschScore(pts, won, losers, jungfrau, None, _triple(scores, "scores"))
