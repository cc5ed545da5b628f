"""Draw a rating history as a small inline SVG on the server (no script, no CDN).

Pure Python, no Django. The chart is decorative for screen readers (the dashboard shows the
same numbers in a table), so it carries a title and ``role="img"`` only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from html import escape

WIDTH = 480
HEIGHT = 160
PAD_LEFT = 44
PAD = 10


@dataclass(frozen=True)
class Point:
    """One rating after an answer: when, the rating, and its deviation."""

    at: datetime
    rating: float
    deviation: float


def _scale(value: float, low: float, high: float, start: float, end: float) -> float:
    if high == low:
        return (start + end) / 2.0
    return start + (value - low) * (end - start) / (high - low)


def rating_svg(points: Sequence[Point], title: str) -> str:
    """Return an SVG line of the ratings in order, with a band of +/- one deviation."""
    if not points:
        return ""
    lows = [p.rating - p.deviation for p in points]
    highs = [p.rating + p.deviation for p in points]
    low = min(min(lows), min(p.rating for p in points) - 50.0)
    high = max(max(highs), max(p.rating for p in points) + 50.0)
    right = WIDTH - PAD
    bottom = HEIGHT - PAD
    n = len(points)

    def x(i: int) -> float:
        return _scale(i, 0, max(n - 1, 1), PAD_LEFT, right) if n > 1 else (PAD_LEFT + right) / 2

    def y(value: float) -> float:
        return _scale(value, low, high, bottom, PAD)

    line = " ".join(f"{x(i):.1f},{y(p.rating):.1f}" for i, p in enumerate(points))
    upper = [f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(highs)]
    lower = [f"{x(i):.1f},{y(v):.1f}" for i, v in reversed(list(enumerate(lows)))]
    last = points[-1]
    parts = [
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}" preserveAspectRatio="none">',
        f"<title>{escape(title)}</title>",
        f'<line class="axis" x1="{PAD_LEFT}" y1="{bottom}" x2="{right}" y2="{bottom}"/>',
        f'<line class="axis" x1="{PAD_LEFT}" y1="{PAD}" x2="{PAD_LEFT}" y2="{bottom}"/>',
        f'<text class="tick" x="{PAD_LEFT - 4}" y="{PAD + 4}" text-anchor="end">{high:.0f}</text>',
        f'<text class="tick" x="{PAD_LEFT - 4}" y="{bottom}" text-anchor="end">{low:.0f}</text>',
        f'<polygon class="band" points="{" ".join(upper + lower)}"/>',
        f'<polyline class="line" points="{line}"/>',
        f'<circle class="dot" cx="{x(n - 1):.1f}" cy="{y(last.rating):.1f}" r="3.5"/>',
        "</svg>",
    ]
    return "".join(parts)
