"""The batch command: one JSON request per input line, one JSON result per output line."""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from games.solver.backends import solve
from games.solver.requests import read_request
from games.solver.result import CARDS

# Bounds on one input line, far above any real request (a full deal is a few hundred
# characters, two levels deep, with small numbers): past them a line is refused before the
# JSON parser recurses or converts a huge number.
MAX_LINE_CHARS = 100_000
MAX_DEPTH = 16
MAX_NUMBER_CHARS = 40
# An error quotes the bad token; a huge token is cut so one line cannot flood the output.
MAX_ERROR_CHARS = 300

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


class LineError(ValueError):
    """Raised for an input line that is not JSON within the batch's bounds; names the problem."""


def _depth(line: str) -> int:
    """Return how deeply the line's arrays and objects nest (brackets inside strings skipped)."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub('""', line)):
        depth += 1 if match.group() in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _number(text: str, kind: type) -> int | float:
    if len(text) > MAX_NUMBER_CHARS:
        raise LineError(
            f"bad JSON: a number with {len(text)} digits (at most {MAX_NUMBER_CHARS} characters)"
        )
    value = kind(text)
    if not math.isfinite(value):
        raise LineError(f"bad JSON: the number {text} is too large for a float")
    return value


def _constant(name: str) -> float:
    raise LineError(f"bad JSON: {name} is not a JSON number")


def _clip(message: str) -> str:
    if len(message) <= MAX_ERROR_CHARS:
        return message
    cut = len(message) - MAX_ERROR_CHARS
    return f"{message[:MAX_ERROR_CHARS]}... ({cut} more characters)"


def read_line(line: str) -> Any:
    """Parse one input line as strict JSON within the bounds above; raise LineError if not."""
    if len(line) > MAX_LINE_CHARS:
        raise LineError(f"line longer than {MAX_LINE_CHARS} characters ({len(line)})")
    depth = _depth(line)
    if depth > MAX_DEPTH:
        raise LineError(f"bad JSON: nested deeper than {MAX_DEPTH} levels ({depth})")
    try:
        return json.loads(
            line,
            parse_int=lambda t: _number(t, int),
            parse_float=lambda t: _number(t, float),
            parse_constant=_constant,
        )
    except json.JSONDecodeError as exc:
        raise LineError(f"bad JSON: {exc.msg} at column {exc.colno}") from None


def answer(line: str) -> dict[str, Any]:
    """Return the output object for one input line (an ``error`` object if it is bad)."""
    try:
        data = read_line(line)
    except LineError as exc:
        return {"error": str(exc)}
    ident = data.get("id") if isinstance(data, dict) else None
    try:
        request = read_request(data)
        start = time.perf_counter()
        result = request.finish(solve(request.position, request.objective, request.mode))
        elapsed = (time.perf_counter() - start) * 1000
    except ValueError as exc:
        out: dict[str, Any] = {"error": _clip(str(exc))}
    except Exception as exc:
        # One unforeseen bad line must not end a batch of thousands; say what broke.
        out = {"error": _clip(f"internal error ({type(exc).__name__}): {exc}")}
    else:
        out = {"value": result.value}
        if request.mode == CARDS:
            out["cards"] = result.cards
        out["ms"] = round(elapsed, 3)
    if ident is not None:
        out = {"id": ident, **out}
    return out


def answers(lines: Iterable[str]) -> Iterator[str]:
    """Yield one JSON output line per input line, in input order."""
    for line in lines:
        try:
            out = json.dumps(answer(line), separators=(", ", ": "), allow_nan=False)
        except Exception as exc:  # the batch must outlive any one line
            out = json.dumps({"error": _clip(f"internal error ({type(exc).__name__}): {exc}")})
        yield out


def main(stdin: TextIO, stdout: TextIO) -> int:
    """Answer every line of ``stdin`` on ``stdout``, flushing after each; return 0."""
    for out in answers(line.rstrip("\n") for line in stdin):
        stdout.write(out + "\n")
        stdout.flush()
    return 0
