"""Regenerate the shipped starter bank with the current generators (no database, no worker)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from games.quizzes import QuizError
from trainer.starter import (
    STARTER_BANK,
    STARTER_MIN,
    Cell,
    StarterBankError,
    build,
    plan,
    read_lines,
    splice,
    write_bank,
    write_lines,
)

DEFAULT_PER_KIND = 30


class Command(BaseCommand):
    help = (
        "Build the starter bank shipped with the project: --per-kind quizzes of every game "
        "and kind from fixed seeds, written gzipped in the export format. Deterministic: the "
        "same generators give the same file. With --game or --kind into an existing file, "
        "only those cells are rebuilt and every other line is kept as it is."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--per-kind", type=int, default=DEFAULT_PER_KIND)
        parser.add_argument("--output", type=Path, default=STARTER_BANK)
        parser.add_argument("--game", action="append", help="only this game (repeatable)")
        parser.add_argument(
            "--kind", action="append", help="only this kind, play or bid (repeatable)"
        )
        parser.add_argument(
            "--jobs", type=int, default=1, help="worker processes drafting in parallel"
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        per_kind = int(opts["per_kind"])
        if per_kind < STARTER_MIN and opts["output"] == STARTER_BANK:
            raise CommandError(
                f"per-kind: the shipped bank needs at least {STARTER_MIN} per game and kind"
            )
        try:
            cells = plan(per_kind, opts["game"], opts["kind"])
        except StarterBankError as exc:
            raise CommandError(str(exc)) from None
        bar = tqdm(
            total=sum(c.count for c in cells),
            unit="quiz",
            desc="starter bank",
            file=self.stderr._out,
            dynamic_ncols=True,
        )
        timings: list[tuple[Cell, float]] = []
        began = [time.monotonic()]

        def next_cell(cell: Cell) -> None:
            now = time.monotonic()
            if timings:
                timings[-1] = (timings[-1][0], now - began[0])
            began[0] = now
            timings.append((cell, 0.0))
            bar.set_postfix_str(f"{cell.game} {cell.kind} {cell.mode}")

        start = time.monotonic()
        try:
            drafts = build(cells, int(opts["jobs"]), bar.update, next_cell)
            output = Path(opts["output"])
            if (opts["game"] or opts["kind"]) and output.exists():
                # Only some cells are rebuilt: every other line of the bank stays as it is.
                kept = read_lines(output)
                written = write_lines(splice(kept, cells, drafts), output)
            else:
                written = write_bank(drafts, output)
        except (StarterBankError, QuizError) as exc:
            raise CommandError(f"{exc}; the starter bank was not changed") from None
        finally:
            bar.close()
        if timings:
            timings[-1] = (timings[-1][0], time.monotonic() - began[0])
        for cell, seconds in timings:
            self.stdout.write(
                f"  {cell.game:<13} {cell.kind:<4} {cell.mode:<12} "
                f"{cell.count:>4}  {seconds:6.1f} s"
            )
        self.stdout.write(
            f"{written} quizzes written to {opts['output']} in {time.monotonic() - start:.0f} s"
        )
