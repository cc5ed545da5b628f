"""Run every benchmark of `make bench` in turn; each prints a table and updates docs/performance.md.

Benchmarks measure; they never fail a build on a timing. Pick some with arguments:
`python bench/run.py solver generation` (default: all present).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ORDER = ("solver", "generation", "train", "teachers", "load", "load-api")
# A benchmark's script and arguments, where they are not `<name>_bench.py` alone.
COMMANDS = {"load-api": ("load_bench.py", "--mix", "api")}


def main(names: list[str]) -> int:
    wanted = names or list(ORDER)
    unknown = [n for n in wanted if n not in ORDER]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; choose from {', '.join(ORDER)}")
        return 2
    status = 0
    for name in wanted:
        file, *args = COMMANDS.get(name, (f"{name}_bench.py",))
        script = BENCH / file
        if not script.exists():
            print(f"== {name}: no benchmark yet ({script.name} missing)")
            continue
        print(f"== {name}: {' '.join((script.name, *args))}", flush=True)
        start = time.monotonic()
        result = subprocess.run([sys.executable, str(script), *args], cwd=BENCH.parent)
        print(f"== {name}: finished in {time.monotonic() - start:.0f} s (exit {result.returncode})")
        status = status or result.returncode
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
