"""Build the solver's C core: ``python setup.py build_ext --inplace``.

``GAMES_SOLVER_DEBUG=1`` builds it without optimisation and with asserts enabled.
"""

from __future__ import annotations

import os

from setuptools import Extension, setup

DEBUG = os.environ.get("GAMES_SOLVER_DEBUG") == "1"
FLAGS = ["-std=c11", "-Wall", "-Werror"]
FLAGS += ["-O0", "-g", "-UNDEBUG"] if DEBUG else ["-O3"]

# Only the extension is built here; the Python packages are used from the source tree.
setup(
    packages=[],
    py_modules=[],
    ext_modules=[
        Extension("games.solver._core", ["games/solver/_core.c"], extra_compile_args=FLAGS)
    ],
)
