"""The 150 solved Skat deals in tests/data (external ground truth, see its README)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from games.solver import Objective, Result
from games.solver.builders import skat_position
from games.solver.requests import skat_points

Solve = Callable[..., Result]
DATA = Path(__file__).resolve().parent.parent / "data" / "skat_solved_deals.jsonl"
DEALS = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
# The twin is slow on full deals: it checks one it solves in seconds.
TWIN_DEALS = (3,)


def test_data_file_has_150_deals() -> None:
    assert len(DEALS) == 150
    assert {d["game"] for d in DEALS} == {"grand", "clubs", "spades", "hearts", "diamonds"}


def test_declarer_points_match_every_solved_deal(solver: Solve, backend: str) -> None:
    deals = DEALS if backend == "c" else [DEALS[i] for i in TWIN_DEALS]
    wrong = []
    for number, deal in enumerate(deals):
        position = skat_position(deal["game"], deal["hands"], deal["leader"])
        result = solver(position, Objective.points([deal["declarer"]]))
        got = result.value + skat_points(deal["skat"])
        if got != deal["declarer_points"]:
            wrong.append((number, got, deal["declarer_points"]))
    assert wrong == []
    assert len(deals) == (150 if backend == "c" else len(TWIN_DEALS))
