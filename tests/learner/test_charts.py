"""The rating chart is an inline SVG drawn on the server."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from trainer.charts import Point, rating_svg

START = datetime(2026, 1, 1, tzinfo=UTC)


def test_no_history_draws_nothing():
    assert rating_svg([], "x") == ""


def test_the_line_has_one_point_per_rating_and_the_title_is_escaped():
    points = [Point(START + timedelta(hours=i), 1500 + 10 * i, 200) for i in range(5)]
    svg = rating_svg(points, "Skat <rating>")
    polyline = svg.split('<polyline class="line" points="')[1].split('"')[0]
    assert len(polyline.split()) == 5
    assert "<title>Skat &lt;rating&gt;</title>" in svg


def test_a_rising_rating_is_drawn_rising():
    points = [Point(START, 1400, 100), Point(START + timedelta(days=1), 1700, 100)]
    svg = rating_svg(points, "t")
    (x1, y1), (x2, y2) = (
        tuple(map(float, p.split(",")))
        for p in svg.split('<polyline class="line" points="')[1].split('"')[0].split()
    )
    assert x2 > x1 and y2 < y1  # SVG y grows downwards
