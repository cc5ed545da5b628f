"""Run the batch command: ``python -m games.solver < positions.jsonl > results.jsonl``."""

from __future__ import annotations

import sys

from games.solver.batch import main

if __name__ == "__main__":
    sys.exit(main(sys.stdin, sys.stdout))
