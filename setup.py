"""Build the solver's C core: ``python setup.py build_ext --inplace``.

``GAMES_SOLVER_DEBUG=1`` builds it without optimisation and with asserts enabled. The core is
built for the machine it runs on (``-march=native``: one-instruction popcount and bit scans),
since every install compiles it itself; ``GAMES_SOLVER_PORTABLE=1`` leaves that flag out, and so
does a compiler that rejects it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tempfile

from setuptools import Extension, setup

DEBUG = os.environ.get("GAMES_SOLVER_DEBUG") == "1"
FLAGS = ["-std=c11", "-Wall", "-Werror"]
FLAGS += ["-O0", "-g", "-UNDEBUG"] if DEBUG else ["-O3"]


def compiler_accepts(flag: str) -> bool:
    """Return whether the C compiler Python builds with accepts ``flag``."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "probe.c")
        with open(source, "w") as f:
            f.write("int main(void) { return 0; }\n")
        try:
            done = subprocess.run(
                [*cc, flag, "-c", source, "-o", os.path.join(tmp, "probe.o")],
                capture_output=True,
                check=False,
            )
        except OSError:
            return False
    return done.returncode == 0


if (
    os.environ.get("GAMES_SOLVER_PORTABLE") != "1"
    and "build_ext" in sys.argv
    and compiler_accepts("-march=native")
):
    FLAGS.append("-march=native")

# Only the extension is built here; the Python packages are used from the source tree.
setup(
    packages=[],
    py_modules=[],
    ext_modules=[
        Extension("games.solver._core", ["games/solver/_core.c"], extra_compile_args=FLAGS)
    ],
)
