"""Run the batch command: ``python -m games.solver [--nodes N] [--seconds S] < in > out``.

``python -m games.solver --info`` prints which backend and build of the core run here, why,
and the CPU.
"""

from __future__ import annotations

import argparse
import sys

from games.solver.backends import info
from games.solver.batch import main
from games.solver.budget import Budget
from games.solver.errors import SolverInputError


def budget_from(argv: list[str]) -> Budget:
    """Return the per-line budget the command line asks for (no limit by default)."""
    parser = argparse.ArgumentParser(
        prog="python -m games.solver",
        description="Solve one JSON position per input line; see docs/solver.md.",
    )
    parser.add_argument("--nodes", type=int, help="stop a line's solve past this many nodes")
    parser.add_argument("--seconds", type=float, help="stop a line's solve after this long")
    parser.add_argument(
        "--info", action="store_true", help="print the backend, core build and CPU, then exit"
    )
    args = parser.parse_args(argv)
    if args.info:
        print(info())
        raise SystemExit(0)
    try:
        return Budget(nodes=args.nodes, seconds=args.seconds)
    except SolverInputError as exc:
        parser.error(str(exc))


if __name__ == "__main__":
    sys.exit(main(sys.stdin, sys.stdout, budget_from(sys.argv[1:])))
