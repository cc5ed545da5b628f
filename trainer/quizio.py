"""The quiz bank as JSON lines: one quiz a line, for export, import and sharing.

The schema is documented in docs/quizzes.md. Import checks every line before it stores any,
so a bad file changes nothing.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from django.db import transaction

from games import GAMES
from games.quizzes import KINDS, MODES, Candidate, QuizDraft, QuizError
from trainer.generation import store_quiz
from trainer.models import Quiz

REQUIRED = ("game", "kind", "mode", "themes", "rating", "position", "candidates", "unit")
OPTIONAL_DEFAULTS: dict[str, Any] = {
    "prompt": "",
    "rule_ref": "",
    "seed": 0,
    "samples": None,
    "margin": None,
    "extra": {},
}


class QuizImportError(ValueError):
    """A line of an import file that cannot be stored; the message starts with its number."""


def quiz_to_json(quiz: Quiz) -> dict[str, Any]:
    """Return one quiz as the exported JSON object."""
    return {
        "id": quiz.pk,
        "game": quiz.game,
        "kind": quiz.kind,
        "mode": quiz.mode,
        "themes": quiz.themes,
        "rating": round(quiz.rating, 1),
        "prompt": quiz.prompt,
        "position": quiz.position,
        "candidates": quiz.candidates,
        "unit": quiz.unit,
        "rule_ref": quiz.rule_ref,
        "seed": quiz.seed,
        "samples": quiz.samples,
        "margin": quiz.margin,
        "extra": quiz.extra,
    }


def draft_to_json(draft: QuizDraft) -> dict[str, Any]:
    """Return a draft (not yet stored) as the exported JSON object, without an id."""
    return {
        "game": draft.game,
        "kind": draft.kind,
        "mode": draft.mode,
        "themes": list(draft.themes),
        "rating": round(draft.rating, 1),
        "prompt": draft.prompt,
        "position": draft.position,
        "candidates": [c.as_json() for c in draft.candidates],
        "unit": draft.unit,
        "rule_ref": draft.rule_ref,
        "seed": draft.seed,
        "samples": draft.samples,
        "margin": draft.margin,
        "extra": draft.extra,
    }


def open_bank(path: Path | str) -> IO[str]:
    """Open a JSON-lines bank file for reading as text; a name ending in .gz is gunzipped."""
    path = Path(path)
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")


def export_lines(quizzes: Iterable[Quiz]) -> Iterator[str]:
    """Yield one JSON line per quiz."""
    for quiz in quizzes:
        yield json.dumps(quiz_to_json(quiz), ensure_ascii=False, sort_keys=True)


def parse_line(text: str) -> QuizDraft:
    """Read one exported line into a draft; raise ValueError saying what is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON ({exc.msg}, column {exc.colno})") from None
    return _draft(data)


def _draft(data: Any) -> QuizDraft:
    if not isinstance(data, dict):
        raise ValueError("expected a JSON object")
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise ValueError(f"missing field(s): {', '.join(missing)}")
    if data["game"] not in GAMES:
        raise ValueError(f"game: unknown game {data['game']!r}")
    if data["kind"] not in KINDS:
        raise ValueError(f"kind: unknown kind {data['kind']!r}")
    if data["mode"] not in MODES:
        raise ValueError(f"mode: unknown mode {data['mode']!r}")
    if not isinstance(data["position"], dict):
        raise ValueError("position: expected an object")
    if not isinstance(data["themes"], list) or not all(isinstance(t, str) for t in data["themes"]):
        raise ValueError("themes: expected a list of strings")
    if not isinstance(data["rating"], int | float):
        raise ValueError("rating: expected a number")
    raw = data["candidates"]
    if not isinstance(raw, list) or not raw:
        raise ValueError("candidates: expected a non-empty list")
    candidates = []
    for n, item in enumerate(raw, start=1):
        if not isinstance(item, dict) or not {"answer", "value", "accepted"} <= set(item):
            raise ValueError(f"candidates[{n}]: needs answer, value and accepted")
        if not isinstance(item["value"], int | float) or not isinstance(item["accepted"], bool):
            raise ValueError(f"candidates[{n}]: value must be a number, accepted true/false")
        candidates.append(
            Candidate(
                answer=str(item["answer"]),
                value=float(item["value"]),
                accepted=item["accepted"],
                label=str(item.get("label", "")),
                refutation=str(item.get("refutation", "")),
                line=tuple(str(x) for x in item.get("line", [])),
                result=str(item.get("result", "")),
                rate=_rate(item.get("rate"), n),
                rate_unit=str(item.get("rate_unit", "")),
                tricks=_tricks(item.get("tricks"), n),
                line_end=str(item.get("line_end", "")),
                line_world=_world_index(item.get("line_world"), n),
            )
        )
    opt = {k: data.get(k, v) for k, v in OPTIONAL_DEFAULTS.items()}
    try:
        return QuizDraft(
            game=data["game"],
            kind=data["kind"],
            mode=data["mode"],
            prompt=str(opt["prompt"]),
            position=data["position"],
            candidates=tuple(candidates),
            unit=str(data["unit"]),
            themes=tuple(data["themes"]),
            rating=float(data["rating"]),
            rule_ref=str(opt["rule_ref"]),
            seed=int(opt["seed"]),
            samples=opt["samples"],
            margin=opt["margin"],
            extra=opt["extra"] if isinstance(opt["extra"], dict) else {},
        )
    except QuizError as exc:
        raise ValueError(str(exc)) from None


def _rate(value: Any, n: int) -> float | None:
    """Return a candidate's stored rate (a fraction from 0 to 1), or None when absent."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise ValueError(f"candidates[{n}]: rate must be a number from 0 to 1, got {value!r}")
    return float(value)


@dataclass(frozen=True)
class ImportReport:
    stored: int
    duplicates: int


def _tricks(value: Any, n: int) -> tuple[dict[str, Any], ...]:
    """Return a candidate's stored refuting line trick by trick (empty when absent)."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise ValueError(f"candidates[{n}]: tricks must be a list of tricks")
    out = []
    for k, trick in enumerate(value, start=1):
        plays = trick.get("plays") if isinstance(trick, dict) else None
        if not isinstance(plays, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)
            for p in plays
        ):
            raise ValueError(
                f"candidates[{n}]: tricks[{k}] needs plays as a list of [seat, card] pairs"
            )
        winner = trick.get("winner")
        if winner is not None and not isinstance(winner, str):
            raise ValueError(f"candidates[{n}]: tricks[{k}].winner must be a seat or null")
        out.append(
            {
                "plays": plays,
                "winner": winner,
                "named": trick.get("named"),
                "count": str(trick.get("count") or ""),
            }
        )
    return tuple(out)


def _world_index(value: Any, n: int) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"candidates[{n}]: line_world must be a world number or null")
    return value


def import_lines(lines: Iterable[str]) -> ImportReport:
    """Check every line, then store all quizzes in one transaction; raise on the first bad line."""
    drafts = []
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            drafts.append(parse_line(text))
        except ValueError as exc:
            raise QuizImportError(f"line {number}: {exc}") from None
    stored = duplicates = 0
    with transaction.atomic():
        for draft in drafts:
            if store_quiz(draft, None):
                stored += 1
            else:
                duplicates += 1
    return ImportReport(stored, duplicates)
