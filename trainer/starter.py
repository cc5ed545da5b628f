"""The starter bank shipped with the project: how it is built, and how a first start loads it.

`build_starter_bank` runs the project's own generators in-process (no database, no worker)
from fixed seeds and writes the quizzes in the export format (docs/quizzes.md), gzipped, to
``STARTER_BANK``. `ensure_starter_bank` (run by `make run`) imports that file into a bank
that is short of quizzes, so every game and kind is trainable at once; the Celery worker
keeps the bank topped up from there (trainer.refill).
"""

from __future__ import annotations

import gzip
import json
import os
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db.models import Count

from games.quizzes import KINDS, QuizDraft, draft_quiz, load_generators, modes_for, question_of
from games.quizzes.common.keep import too_common
from trainer.generation import ATTEMPTS_PER_QUIZ, attempt_seed
from trainer.models import Quiz
from trainer.quizio import ImportReport, draft_to_json, dump_line, import_lines, open_bank

STARTER_BANK = Path(__file__).resolve().parent / "bank" / "starter.jsonl.gz"
# The order games are built, written and listed in: Skat first.
GAME_ORDER = ("skat", "beyond", "five_hundred", "wiezen")
# A first start must leave at least this many quizzes of every game and kind.
STARTER_MIN = 25
# Every question of a kind that asks several (Skat bidding: limit, hand, game, discard) gets
# at least this many quizzes, so each is drilled and its answers can be counted.
PER_QUESTION = 15
BUILD_SEED = 20261201


class StarterBankError(RuntimeError):
    """The starter bank cannot be built or loaded; the message says why."""


@dataclass(frozen=True)
class Cell:
    """How many quizzes of one game, kind and mode the starter bank holds."""

    game: str
    kind: str
    mode: str
    count: int
    per_question: int = 0

    @property
    def seed(self) -> int:
        """A job seed fixed by the cell's name, so adding a cell leaves the others alone."""
        name = f"{self.game}/{self.kind}/{self.mode}".encode()
        return (BUILD_SEED + zlib.crc32(name)) % (2**31 - 1)


def game_rank(game: str) -> tuple[int, str]:
    return (GAME_ORDER.index(game) if game in GAME_ORDER else len(GAME_ORDER), game)


def plan(
    per_kind: int, games: Iterable[str] | None = None, kinds: Iterable[str] | None = None
) -> list[Cell]:
    """Return the cells to build: every generated game and kind (or only ``games`` and
    ``kinds``), ``per_kind`` quizzes each, split evenly over the kind's modes (play quizzes
    mix double and single dummy)."""
    wanted_kinds = set(kinds) if kinds is not None else set(KINDS)
    if wanted_kinds - set(KINDS):
        bad = ", ".join(sorted(wanted_kinds - set(KINDS)))
        raise StarterBankError(f"kind: no such kind {bad} (use {', '.join(KINDS)})")
    if per_kind < 1:
        raise StarterBankError(f"per-kind: must be at least 1, not {per_kind}")
    generated = load_generators()
    wanted = set(games) if games is not None else {g for g, _k in generated}
    unknown = wanted - {g for g, _k in generated}
    if unknown:
        raise StarterBankError(f"no quiz generator for {', '.join(sorted(unknown))}")
    cells = []
    for game in sorted(wanted, key=game_rank):
        for kind in KINDS:
            if (game, kind) not in generated or kind not in wanted_kinds:
                continue
            modes = modes_for(game, kind)
            share, extra = divmod(per_kind, len(modes))
            for n, mode in enumerate(modes):
                count = share + (1 if n < extra else 0)
                if count:
                    each = min(PER_QUESTION, count) if kind == "bid" else 0
                    cells.append(Cell(game, kind, mode, count, each))
    return cells


def _draft(args: tuple[str, str, str, int]) -> QuizDraft | None:
    return draft_quiz(*args)


def build_cell(
    cell: Cell, pool: Executor | None, width: int, on_quiz: Callable[[int], None]
) -> list[QuizDraft]:
    """Draft one cell's quizzes: attempt n uses ``attempt_seed(cell.seed, n)``, the first
    ``count`` distinct real decisions in attempt order are kept (the same with any pool).

    With ``per_question``, drafting goes on until each question seen has at least that many,
    and a draft is passed over when one of its accepted answers would then be accepted in
    more than ``MAX_ANSWER_SHARE`` of its question's quizzes (counted against at least
    ``per_question`` of them): the bank must not teach that one answer is nearly always
    right (docs/quizzes/common.md, "The starter bank's answer shares").
    """
    kept: list[QuizDraft] = []
    hashes: set[str] = set()
    questions: Counter[str] = Counter()
    answers: dict[str, Counter[str]] = {}

    def over_share(draft: QuizDraft) -> bool:
        if not cell.per_question:
            return False
        question = question_of(draft)
        seen = answers.get(question, Counter())
        return too_common(draft.accepted, seen, questions[question], cell.per_question)

    limit = max(cell.count, cell.per_question * 8) * ATTEMPTS_PER_QUIZ
    attempt = 0

    def short() -> bool:
        if len(kept) < cell.count:
            return True
        return any(n < cell.per_question for n in questions.values())

    while short():
        if attempt >= limit:
            raise StarterBankError(
                f"{cell.game} {cell.kind} {cell.mode}: only {len(kept)} of {cell.count} "
                f"quizzes after {attempt} deals"
            )
        batch = [
            (cell.game, cell.kind, cell.mode, attempt_seed(cell.seed, n))
            for n in range(attempt, min(limit, attempt + width))
        ]
        attempt += len(batch)
        results = pool.map(_draft, batch) if pool is not None else map(_draft, batch)
        for draft in results:
            if draft is None or draft.position_hash in hashes or not short():
                continue
            if over_share(draft):
                continue
            hashes.add(draft.position_hash)
            kept.append(draft)
            questions[question_of(draft)] += 1
            answers.setdefault(question_of(draft), Counter()).update(set(draft.accepted))
            on_quiz(1)
    return kept


def build(
    cells: list[Cell],
    jobs: int = 1,
    on_quiz: Callable[[int], None] = lambda n: None,
    on_cell: Callable[[Cell], None] = lambda c: None,
) -> Iterator[QuizDraft]:
    """Yield every cell's drafts, cell after cell; ``jobs`` > 1 drafts in worker processes."""
    if jobs < 1:
        raise StarterBankError(f"jobs: must be at least 1, not {jobs}")
    pool = ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else None
    try:
        for cell in cells:
            on_cell(cell)
            yield from build_cell(cell, pool, max(1, jobs * 2), on_quiz)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


def write_bank(drafts: Iterable[QuizDraft], path: Path) -> int:
    """Write drafts as gzipped JSON lines (byte-identical for the same drafts); return how
    many. The file is replaced only once it is complete."""
    return write_lines((dump_line(draft_to_json(d)) for d in drafts), path)


def write_lines(lines: Iterable[str], path: Path) -> int:
    """Write bank lines gzipped (byte-identical for the same lines); return how many. The
    file is replaced only once it is complete."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    count = 0
    try:
        with (
            open(partial, "wb") as raw,
            gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as out,
        ):
            for line in lines:
                out.write(line.rstrip("\n").encode("utf-8") + b"\n")
                count += 1
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
    return count


def _cell_key(line: str) -> tuple[str, str, str]:
    data = json.loads(line)
    return (data["game"], data["kind"], data["mode"])


def splice(old: Iterable[str], cells: Iterable[Cell], drafts: Iterable[QuizDraft]) -> Iterator[str]:
    """Yield the lines of a bank in which the quizzes of ``cells`` are the new ``drafts``
    and every other line of ``old`` is kept as it is, in its place (a rebuilt cell's new
    quizzes stand where its first old one stood; a cell the old bank lacks comes last)."""
    rebuilt = {(c.game, c.kind, c.mode) for c in cells}
    new: dict[tuple[str, str, str], list[str]] = {key: [] for key in rebuilt}
    for draft in drafts:
        new[(draft.game, draft.kind, draft.mode)].append(dump_line(draft_to_json(draft)))
    for line in old:
        key = _cell_key(line)
        if key not in rebuilt:
            yield line.rstrip("\n")
        elif key in new:
            yield from new.pop(key)
    for lines in new.values():
        yield from lines


def read_lines(path: Path = STARTER_BANK) -> list[str]:
    """Return the non-empty lines of a bank file; raise StarterBankError if it cannot be read."""
    try:
        with open_bank(path) as source:
            return [line for line in source if line.strip()]
    except (OSError, EOFError, UnicodeDecodeError) as exc:
        raise StarterBankError(f"cannot read the starter bank {path}: {exc}") from None


def short_cells(minimum: int = STARTER_MIN) -> list[tuple[str, str]]:
    """Return the generated game/kind pairs with fewer than ``minimum`` quizzes, Skat first."""
    have: dict[tuple[str, str], int] = {
        (row["game"], row["kind"]): row["n"]
        for row in Quiz.objects.values("game", "kind").annotate(n=Count("id"))
    }
    pairs = sorted(load_generators(), key=lambda gk: (game_rank(gk[0]), KINDS.index(gk[1])))
    return [(g, k) for g, k in pairs if have.get((g, k), 0) < minimum]


def load_starter_bank(path: Path = STARTER_BANK) -> ImportReport:
    """Import the shipped bank (all lines checked first; a bad line stores nothing)."""
    return import_lines(read_lines(path))


def summary(lines: Iterable[str]) -> dict[tuple[str, str], dict[str, Any]]:
    """Count a bank file's quizzes per game and kind (and per mode) without a database."""
    counts: dict[tuple[str, str], dict[str, Any]] = {}
    for line in lines:
        data = json.loads(line)
        cell = counts.setdefault((data["game"], data["kind"]), {"total": 0, "modes": {}})
        cell["total"] += 1
        cell["modes"][data["mode"]] = cell["modes"].get(data["mode"], 0) + 1
    return counts
