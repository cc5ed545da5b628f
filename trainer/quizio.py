"""The quiz bank as JSON lines: one quiz a line, for export, import and sharing.

The schema is documented in docs/quizzes.md. Import checks every line before it stores any,
so a bad file changes nothing.
"""

from __future__ import annotations

import gzip
import json
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from django.db import DataError, IntegrityError, transaction

from games import GAMES
from games.position import (
    FORMAT_VERSION,
    Position,
    PositionError,
    position_from_json,
    record_problems,
)
from games.quizzes import KINDS, MODES, Candidate, QuizDraft, QuizError
from games.quizzes.units import UNITS
from trainer.generation import store_quiz
from trainer.models import Attempt, Quiz

REQUIRED = ("game", "kind", "mode", "themes", "rating", "position", "candidates", "unit")
OPTIONAL_DEFAULTS: dict[str, Any] = {
    "prompt": "",
    "rule_ref": "",
    "seed": 0,
    "samples": None,
    "margin": None,
    "extra": {},
}
KNOWN_FIELDS = frozenset({"id", "version", *REQUIRED, *OPTIONAL_DEFAULTS})
CANDIDATE_FIELDS = frozenset(
    {"answer", "value", "accepted", "label", "refutation", "line", "result", "rate", "rate_unit"}
)

# Bounds of the documented schema (docs/quizzes.md). The answer must fit the attempt's
# column; the others keep a hostile file from storing what no page can show.
RATING_RANGE = (0.0, 4000.0)
VALUE_LIMIT = 1e9
MAX_TEXT = {"prompt": 4000, "rule_ref": 300, "label": 300, "refutation": 4000, "result": 4000}
MAX_CANDIDATES = 200
MAX_LINE_TOKENS = 200
MAX_TOKEN = 20
MAX_THEMES = 30
MAX_THEME = 60
MAX_LINE_CHARS = 8_000_000
SEED_RANGE = (-(2**63), 2**63 - 1)
MAX_SAMPLES = 2**31 - 1


class QuizImportError(ValueError):
    """A line of an import file that cannot be stored; the message starts with its number."""


def quiz_to_json(quiz: Quiz) -> dict[str, Any]:
    """Return one quiz as the exported JSON object."""
    return {
        "id": quiz.pk,
        "version": _version_of(quiz.game, quiz.position),
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


def _version_of(game: str, position: Any) -> int:
    """Return the format a stored position is in: the current one if it fits the record, else 1
    (a quiz stored before the typed record, which a current import refuses by name)."""
    try:
        position_from_json(game, position)
    except PositionError:
        return 1
    return FORMAT_VERSION


def draft_to_json(draft: QuizDraft) -> dict[str, Any]:
    """Return a draft (not yet stored) as the exported JSON object, without an id."""
    return {
        "version": FORMAT_VERSION,
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


def dump_line(data: Mapping[str, Any]) -> str:
    """Return one quiz object as a strict JSON line (no NaN or Infinity; ValueError if any)."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, allow_nan=False)


def open_bank(path: Path | str) -> IO[str]:
    """Open a JSON-lines bank file for reading as text; a name ending in .gz is gunzipped."""
    path = Path(path)
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")


class ExportError(ValueError):
    """A stored quiz that cannot be written as strict JSON (a NaN or infinite number)."""


def export_lines(quizzes: Iterable[Quiz]) -> Iterator[str]:
    """Yield one strict JSON line per quiz; raise ExportError naming a quiz that has none."""
    for quiz in quizzes:
        try:
            yield dump_line(quiz_to_json(quiz))
        except ValueError as exc:
            raise ExportError(f"quiz {quiz.pk}: {exc} (a NaN or infinite number)") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_line(text: str) -> QuizDraft:
    """Read one exported line into a draft; raise ValueError saying which field is wrong."""
    if len(text) > MAX_LINE_CHARS:
        raise ValueError(f"line is {len(text)} characters long, more than {MAX_LINE_CHARS}")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON ({exc.msg}, column {exc.colno})") from None
    except RecursionError:
        raise ValueError("not valid JSON (nested too deep)") from None
    except ValueError as exc:
        raise ValueError(f"not valid JSON ({exc})") from None
    return _draft(data)


def _draft(data: Any) -> QuizDraft:
    if not isinstance(data, dict):
        raise ValueError("expected a JSON object")
    _check_version(data)
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise ValueError(f"missing field(s): {', '.join(missing)}")
    unknown = sorted(set(data) - KNOWN_FIELDS)
    if unknown:
        raise ValueError(f"{unknown[0]}: unknown field (known: {', '.join(sorted(KNOWN_FIELDS))})")
    if "id" in data and not _is_int(data["id"]):
        raise ValueError("id: expected a whole number")
    for key, known in (("game", GAMES), ("kind", KINDS), ("mode", MODES)):
        if not isinstance(data[key], str) or data[key] not in known:
            raise ValueError(f"{key}: unknown {key} {data[key]!r} (known: {', '.join(known)})")
    if data["kind"] == "bid" and data["mode"] != "single_dummy":
        raise ValueError("mode: bid quizzes are always single_dummy")
    themes = data["themes"]
    if not isinstance(themes, list) or not all(isinstance(t, str) and t for t in themes):
        raise ValueError("themes: expected a list of non-empty strings")
    if len(themes) > MAX_THEMES or any(len(t) > MAX_THEME for t in themes):
        raise ValueError(f"themes: at most {MAX_THEMES} themes of {MAX_THEME} characters")
    rating = _number(data["rating"], "rating")
    low, high = RATING_RANGE
    if not low <= rating <= high:
        raise ValueError(f"rating: {rating} is outside {low:g} to {high:g}")
    if not isinstance(data["unit"], str) or data["unit"] not in UNITS:
        raise ValueError(f"unit: unknown unit {data['unit']!r} (known: {', '.join(sorted(UNITS))})")
    try:
        record = position_from_json(data["game"], data["position"])
    except PositionError as exc:
        raise ValueError(str(exc)) from None
    # The keys the record derives (Skat's leader, 500's side tricks, ...) must agree too.
    derived = record_problems(data["game"], data["position"])
    if derived:
        raise ValueError(derived[0])
    if record.question == "play" and data["kind"] != "play":
        raise ValueError("position.question: a play position in a bid quiz")
    if record.question != "play" and data["kind"] == "play":
        raise ValueError(f"position.question: {record.question!r} in a play quiz")
    candidates = _candidates(data["candidates"], record if data["kind"] == "play" else None)
    opt = {k: data.get(k, v) for k, v in OPTIONAL_DEFAULTS.items()}
    for key in ("prompt", "rule_ref"):
        _text(opt[key], key)
    seed = opt["seed"]
    if not _is_int(seed) or not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
        raise ValueError("seed: expected a whole number that fits 64 bits")
    samples = opt["samples"]
    if samples is not None and (not _is_int(samples) or not 1 <= samples <= MAX_SAMPLES):
        raise ValueError("samples: expected null or a whole number from 1")
    margin = opt["margin"]
    if margin is not None:
        margin = _number(margin, "margin")
    if not isinstance(opt["extra"], dict):
        raise ValueError("extra: expected an object")
    try:
        return QuizDraft(
            game=data["game"],
            kind=data["kind"],
            mode=data["mode"],
            prompt=opt["prompt"],
            position=data["position"],
            candidates=tuple(candidates),
            unit=data["unit"],
            themes=tuple(themes),
            rating=rating,
            rule_ref=opt["rule_ref"],
            seed=seed,
            samples=samples,
            margin=margin,
            extra=opt["extra"],
        )
    except QuizError as exc:
        raise ValueError(f"candidates: {exc}") from None


def _check_version(data: dict[str, Any]) -> None:
    version = data.get("version")
    if version is None:
        raise ValueError(
            "version: missing, so this is a format 1 line (before the typed position record); "
            "its position lacks the whole deal and the house rules and cannot be checked. "
            f"Make the quizzes again with the current generators (format {FORMAT_VERSION})"
        )
    if not _is_int(version) or version != FORMAT_VERSION:
        raise ValueError(
            f"version: {version!r} is not a known format (this trainer reads {FORMAT_VERSION})"
        )


def _candidates(raw: Any, record: Position | None) -> list[Candidate]:
    if not isinstance(raw, list) or not raw:
        raise ValueError("candidates: expected a non-empty list")
    if len(raw) > MAX_CANDIDATES:
        raise ValueError(f"candidates: {len(raw)} choices, more than {MAX_CANDIDATES}")
    longest = Attempt._meta.get_field("answer").max_length
    hand = set(record.hands[str(record.seat)]) if record is not None else set()
    out = []
    for n, item in enumerate(raw, start=1):
        path = f"candidates[{n}]"
        if not isinstance(item, dict):
            raise ValueError(f"{path}: expected an object")
        missing = [k for k in ("answer", "value", "accepted") if k not in item]
        if missing:
            raise ValueError(f"{path}: missing {', '.join(missing)}")
        unknown = sorted(set(item) - CANDIDATE_FIELDS)
        if unknown:
            raise ValueError(f"{path}.{unknown[0]}: unknown field")
        answer = item["answer"]
        if not isinstance(answer, str) or not answer.strip():
            raise ValueError(f"{path}.answer: expected a non-empty string")
        if longest is not None and len(answer) > longest:
            raise ValueError(f"{path}.answer: {len(answer)} characters, more than {longest}")
        if record is not None and answer not in hand:
            raise ValueError(f"{path}.answer: {answer!r} is not a card of the hand to play from")
        value = _number(item["value"], f"{path}.value")
        if abs(value) > VALUE_LIMIT:
            raise ValueError(f"{path}.value: {value} is beyond +-{VALUE_LIMIT:g}")
        if not isinstance(item["accepted"], bool):
            raise ValueError(f"{path}.accepted: expected true or false")
        line = item.get("line", [])
        if (
            not isinstance(line, list)
            or len(line) > MAX_LINE_TOKENS
            or not all(isinstance(t, str) and 0 < len(t) <= MAX_TOKEN for t in line)
        ):
            raise ValueError(f"{path}.line: expected at most {MAX_LINE_TOKENS} short tokens")
        rate_unit = item.get("rate_unit", "")
        if not isinstance(rate_unit, str) or (rate_unit and rate_unit not in UNITS):
            raise ValueError(f"{path}.rate_unit: unknown unit {rate_unit!r}")
        out.append(
            Candidate(
                answer=answer,
                value=value,
                accepted=item["accepted"],
                label=_text(item.get("label", ""), f"{path}.label", "label"),
                refutation=_text(item.get("refutation", ""), f"{path}.refutation", "refutation"),
                line=tuple(line),
                result=_text(item.get("result", ""), f"{path}.result", "result"),
                rate=_rate(item.get("rate"), path),
                rate_unit=rate_unit,
            )
        )
    return out


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Any, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{path}: expected a number")
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"{path}: {value} is not a finite number")
    return number


def _text(value: Any, path: str, limit: str | None = None) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{path}: expected a string")
    longest = MAX_TEXT[limit or path]
    if len(value) > longest:
        raise ValueError(f"{path}: {len(value)} characters, more than {longest}")
    return value


def _rate(value: Any, path: str) -> float | None:
    """Return a candidate's stored rate (a fraction from 0 to 1), or None when absent."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise ValueError(f"{path}.rate: must be a number from 0 to 1, got {value!r}")
    return float(value)


@dataclass(frozen=True)
class ImportReport:
    """What an import did: quizzes stored, real duplicates skipped, bad lines (when skipped)."""

    stored: int
    duplicates: int
    errors: tuple[str, ...] = ()


def read_lines(lines: Iterable[str]) -> tuple[list[tuple[int, QuizDraft]], list[str]]:
    """Check every line; return the good drafts with their line numbers and an error per bad
    line ("line N: field: problem")."""
    drafts: list[tuple[int, QuizDraft]] = []
    errors: list[str] = []
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            drafts.append((number, parse_line(text)))
        except ValueError as exc:
            errors.append(f"line {number}: {exc}")
    return drafts, errors


def import_lines(lines: Iterable[str], skip_bad: bool = False) -> ImportReport:
    """Check every line, then store the quizzes in one transaction.

    By default one bad line stops the import and nothing is stored; the error names every
    bad line. With ``skip_bad`` the good lines are stored and each bad one is reported. A
    quiz whose position (same kind and position hash) is already in the bank, or earlier in
    the file, is a duplicate; any other refusal of the database is an error of its line.
    """
    drafts, errors = read_lines(lines)
    if errors and not skip_bad:
        raise QuizImportError("; ".join(errors))
    stored = duplicates = 0
    seen: set[tuple[str, str]] = set()
    with transaction.atomic():
        for number, draft in drafts:
            key = (draft.kind, draft.position_hash)
            if key in seen:
                duplicates += 1
                continue
            seen.add(key)
            try:
                added = store_quiz(draft, None)
            except (IntegrityError, DataError) as exc:
                error = f"line {number}: the database refused the quiz ({exc})"
                if not skip_bad:
                    raise QuizImportError(error) from None
                errors.append(error)
                continue
            if added:
                stored += 1
            else:
                duplicates += 1
    return ImportReport(stored, duplicates, tuple(errors))
