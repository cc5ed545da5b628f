"""Build the solver's C core: ``python setup.py build_ext --inplace``.

``_core.c`` is built as up to three modules that differ only in the instruction sets the
compiler may use (docs/solver.md, "Building and choosing the backend"):

- ``_core_portable``: no ``-march`` flag, runs on any CPU of the architecture;
- ``_core_nobmi2``: ``-march=native -mno-bmi2``, the machine's popcount, bit scans and vector
  compares but the plain loops instead of ``pdep``/``pext`` (microcoded, slow, on AMD before
  Zen 3);
- ``_core``: ``-march=native``.

The two native modules are built when the compiler accepts ``-march=native`` (the second only
when that turns BMI2 on); ``GAMES_SOLVER_PORTABLE=1`` builds the portable one only.
``games/solver/native.py`` picks the one to run at load time, by measuring the CPU at hand.
``GAMES_SOLVER_DEBUG=1`` builds them without optimisation and with asserts enabled.
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


def native_defines_bmi2() -> bool:
    """Return whether ``-march=native`` turns BMI2 on (the compiler's predefined macros)."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    try:
        done = subprocess.run(
            [*cc, "-march=native", "-dM", "-E", "-x", "c", os.devnull],
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:
        return False
    return "__BMI2__" in done.stdout


def variant(module: str, name: str, flags: list[str]) -> Extension:
    """Return the extension ``games.solver.<module>``: _core.c under that name."""
    return Extension(
        f"games.solver.{module}",
        ["games/solver/_core.c"],
        depends=["games/solver/_cpu.h", "games/solver/_batch.h"],
        define_macros=[("CORE_MODULE", module), ("CORE_VARIANT", f'"{name}"')],
        extra_compile_args=FLAGS + flags,
    )


MODULES = [variant("_core_portable", "portable", [])]
if (
    os.environ.get("GAMES_SOLVER_PORTABLE") != "1"
    and "build_ext" in sys.argv
    and compiler_accepts("-march=native")
):
    if native_defines_bmi2():
        MODULES.append(variant("_core_nobmi2", "native-nobmi2", ["-march=native", "-mno-bmi2"]))
    MODULES.append(variant("_core", "native", ["-march=native"]))

# Only the extensions are built here; the Python packages are used from the source tree.
setup(packages=[], py_modules=[], ext_modules=MODULES)
