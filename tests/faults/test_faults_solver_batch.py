"""Fault suite: a hostile solver batch, run as the real command, loses and repeats no line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GOOD = {
    "game": "wiezen",
    "deal": "N:AK... 32... Q4... 65...",
    "trump": "NT",
    "leader": "N",
    "team": ["N", "S"],
    "mode": "cards",
}
HOSTILE = [
    "[" * 1000 + "]" * 1000,
    '{"id": "deep", "game": ' + "[" * 5000 + "]" * 5000 + "}",
    '{"game": "skat", "declarer": ' + "9" * 5000 + "}",
    '{"game": "wiezen", "leader": 1e999}',
    '{"game": "wiezen", "leader": NaN}',
    '{"game": "wiezen", "deal": "N:' + "A" * 300_000 + '"}',
    "\x00\xff garbage",
    "",
    json.dumps(dict(GOOD, trump="X" * 5000)),
    json.dumps(dict(GOOD, deal=None, team={"N": [1, [2, [3]]]})),
    json.dumps([GOOD]),
]


def test_every_line_of_a_hostile_batch_gets_one_answer_in_order() -> None:
    lines: list[str] = []
    for n, bad in enumerate(HOSTILE):
        lines.append(json.dumps(dict(GOOD, id=f"good-{n}")))
        lines.append(bad)
    done = subprocess.run(
        [sys.executable, "-m", "games.solver"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == len(lines)
    for n in range(len(HOSTILE)):
        good, bad = out[2 * n], out[2 * n + 1]
        assert good == {
            "id": f"good-{n}",
            "value": 2,
            "cards": {"SA": 2, "SK": 2},
            "ms": good["ms"],
        }
        assert set(bad) == {"error"}, bad
        assert bad["error"] and "internal error" not in bad["error"], bad
        assert len(bad["error"]) < 400, bad
