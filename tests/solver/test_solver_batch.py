"""The batch command: one JSON object per line each way, in order, errors inline."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from games.solver.batch import answer, main

ROOT = Path(__file__).resolve().parents[2]
SKAT = {
    "game": "skat",
    "contract": "grand",
    "hands": [
        "D9 DQ HQ HT S7 S9 SQ SA CQ CT",
        "DT DA H8 HA SK ST C9 HJ SJ CJ",
        "D7 D8 H7 HK S8 C7 C8 CK CA DJ",
    ],
    "skat": "DK H9",
    "declarer": 0,
    "leader": 0,
    "mode": "value",
}
WIEZEN_END = {
    "game": "wiezen",
    "deal": "N:AK... 32... Q4... 65...",
    "trump": "NT",
    "leader": "N",
    "team": ["N", "S"],
    "mode": "cards",
}


def test_skat_line_reports_declarer_points_with_the_skat() -> None:
    out = answer(json.dumps(SKAT))
    assert out["value"] == 19  # from tests/data/skat_solved_deals.jsonl, first deal
    assert out["ms"] >= 0 and "cards" not in out


def test_wiezen_cards_mode_maps_each_card_to_team_tricks() -> None:
    out = answer(json.dumps(WIEZEN_END))
    assert out["value"] == 2
    assert out["cards"] == {"SA": 2, "SK": 2}


def test_skat_null_reports_whether_the_declarer_can_be_forced() -> None:
    line = dict(SKAT, contract="null", hands=["D7", "D8", "D9"], skat="")
    assert answer(json.dumps(line))["value"] == 0
    line = dict(SKAT, contract="null", hands=["DA", "D8", "D9"], skat="")
    assert answer(json.dumps(line))["value"] == 1


def test_five_hundred_misere_partner_sits_out() -> None:
    line = {
        "game": "five_hundred",
        "contract": "misere",
        "deal": "N:5... A... K... Q...",
        "declarer": "N",
        "leader": "N",
    }
    assert answer(json.dumps(line))["value"] == 1
    line["deal"] = "N:A... 5... K... Q..."
    assert answer(json.dumps(line))["value"] == 0


def test_beyond_targets_give_exact_objective() -> None:
    line = {
        "game": "beyond",
        "deal": "N:A... 2... K... 3...",
        "trump": "NT",
        "leader": "N",
        "team": ["N", "S"],
        "targets": {"N": 1, "S": 0},
    }
    assert answer(json.dumps(line))["value"] == 1
    line["targets"] = {"N": 0, "S": 1}
    assert answer(json.dumps(line))["value"] == 0


def test_bad_lines_get_error_objects_and_the_batch_goes_on() -> None:
    lines = [
        "not json",
        json.dumps({"game": "skat", "contract": "ramsch"}),
        json.dumps(dict(SKAT, hands=["CJ CJ", "SJ", "HJ"])),
        json.dumps(WIEZEN_END),
    ]
    out = io.StringIO()
    assert main(io.StringIO("\n".join(lines) + "\n"), out) == 0
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert "bad JSON" in results[0]["error"]
    assert "unknown Skat contract 'ramsch'" in results[1]["error"]
    assert "duplicate card CJ" in results[2]["error"]
    assert results[3]["value"] == 2
    assert len(results) == 4


def test_id_is_echoed_in_order() -> None:
    lines = [json.dumps(dict(WIEZEN_END, id=n)) for n in range(3)]
    out = io.StringIO()
    main(io.StringIO("\n".join(lines)), out)
    assert [json.loads(line)["id"] for line in out.getvalue().splitlines()] == [0, 1, 2]


def test_module_runs_as_a_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "games.solver"],
        input=json.dumps(WIEZEN_END) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    assert json.loads(done.stdout)["cards"] == {"SA": 2, "SK": 2}


HOSTILE_LINES = [
    "[" * 1000 + "]" * 1000,
    json.dumps({"id": 1, "game": "skat", "declarer": 0}).replace("0}", "9" * 5000 + "}"),
    '{"id": ' + "[" * 900 + "]" * 900 + ', "game": "wiezen"}',
    '{"game": "wiezen", "leader": NaN}',
    '{"game": "wiezen", "leader": 1e999}',
    "x" * 2_000_000,
]


def test_hostile_lines_each_get_a_clear_error_object() -> None:
    reasons = ["nested deeper", "digits", "nested deeper", "NaN", "too large", "longer than"]
    for line, reason in zip(HOSTILE_LINES, reasons, strict=True):
        out = answer(line)
        assert set(out) == {"error"}, out
        assert reason in out["error"], out["error"]
        assert "internal error" not in out["error"]
