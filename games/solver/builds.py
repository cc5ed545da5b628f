"""Pick which build of the C core runs, by measuring the CPU at hand (docs/solver.md).

setup.py builds ``_core.c`` as up to three modules: ``portable`` (no ``-march`` flag),
``native-nobmi2`` (``-march=native -mno-bmi2``) and ``native`` (``-march=native``). The
compiler accepting an instruction does not make it fast: BMI2's ``pdep``/``pext`` are
microcoded on AMD before Zen 3 (family 23 and older), where they take tens of cycles. So
``auto`` (the default) times a chain of ``pdep`` against a chain of multiplies on the CPU at
load time (well under a millisecond) and runs ``native`` only where ``pdep`` is fast, else
``native-nobmi2``; a build that uses an instruction set the CPU lacks refuses to load and is
never chosen. ``GAMES_SOLVER_BUILD=portable|native-nobmi2|native`` forces one.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from functools import cache
from types import ModuleType

BUILD_ENV = "GAMES_SOLVER_BUILD"
AUTO = "auto"
# Best first: the order auto tries them in.
MODULES = {"native": "_core", "native-nobmi2": "_core_nobmi2", "portable": "_core_portable"}
# pdep chain time over multiply chain time above which pdep counts as slow: 1.0 where it is
# one 3-cycle instruction (Intel since Haswell, AMD since Zen 3), 10 and more where microcoded.
SLOW_PDEP = 3.0


@dataclass(frozen=True)
class Cpu:
    """The CPU as the core's cpuid reports it, and the pdep measurement (None: not taken)."""

    vendor: str
    family: int
    model: int
    features: frozenset[str]
    pdep_ratio: float | None = None

    def describe(self) -> str:
        """Return e.g. 'AuthenticAMD family 26 model 2 (popcnt bmi bmi2 avx2)'."""
        if self.family < 0:
            return "CPU without cpuid"
        flags = " ".join(sorted(self.features)) or "none of popcnt/bmi/bmi2/avx2/avx512"
        return f"{self.vendor} family {self.family} model {self.model} ({flags})"


@dataclass(frozen=True)
class Choice:
    """The build that runs, why, and what else was built."""

    variant: str
    reason: str
    cpu: Cpu
    usable: tuple[str, ...]
    unusable: dict[str, str]

    def describe(self) -> str:
        """Return the lines ``python -m games.solver --info`` prints."""
        lines = [
            f"C core build: {self.variant} ({self.reason})",
            f"CPU: {self.cpu.describe()}",
            "builds that can run here: " + ", ".join(self.usable),
        ]
        lines += [f"not usable: {name} ({why})" for name, why in self.unusable.items()]
        return "\n".join(lines)


def choose(
    requested: str, usable: dict[str, frozenset[str]], unusable: dict[str, str], cpu: Cpu
) -> tuple[str, str]:
    """Return the variant to run and why, from the request (``auto`` or a variant name),
    the usable builds (name -> instruction sets each uses) and the CPU's measurement.

    Raises ``ValueError`` naming the problem for an unknown request or a forced build that
    cannot run here, and ``ImportError`` when no build can run (the caller falls back to
    the twin).
    """
    if requested != AUTO and requested not in MODULES:
        names = ", ".join([AUTO, *MODULES])
        raise ValueError(f"{BUILD_ENV} must be one of {names}, not {requested!r}")
    if requested != AUTO:
        if requested not in usable:
            why = unusable.get(requested, "not built")
            raise ValueError(f"{BUILD_ENV}={requested}: that build cannot run here ({why})")
        return requested, f"forced by {BUILD_ENV}"
    if not usable:
        raise ImportError("no build of the C core can run here: " + "; ".join(unusable.values()))
    if "native" in usable:
        if "bmi2" not in usable["native"]:
            return "native", "the native build does not use BMI2"
        ratio = cpu.pdep_ratio
        if ratio is not None and ratio <= SLOW_PDEP:
            return "native", f"pdep {ratio:.1f}x a multiply: fast"
        if "native-nobmi2" in usable:
            measured = "not measured" if ratio is None else f"{ratio:.1f}x a multiply"
            return "native-nobmi2", f"pdep {measured}: slow, so the build without BMI2"
        return "native", "no build without BMI2 to fall back to"
    best = next(name for name in MODULES if name in usable)
    return best, "the best build that can run here"


def load(variant: str) -> ModuleType:
    """Import the module of one build (ImportError when not built or the CPU lacks an
    instruction set it uses)."""
    return importlib.import_module(f"games.solver.{MODULES[variant]}")


def _survey() -> tuple[dict[str, ModuleType], dict[str, str]]:
    usable: dict[str, ModuleType] = {}
    unusable: dict[str, str] = {}
    for name in MODULES:
        try:
            usable[name] = load(name)
        except ImportError as exc:
            missing = "No module named" in str(exc)
            unusable[name] = "not built" if missing else str(exc)
    return usable, unusable


def measure_cpu(module: ModuleType, *, pdep: bool) -> Cpu:
    """Return the CPU as ``module`` (any build) reports it; time pdep when asked."""
    info = module.cpu_info()
    features = frozenset(info["features"])
    ratio = module.pdep_ratio() if pdep and "bmi2" in features else None
    return Cpu(info["vendor"], info["family"], info["model"], features, ratio)


@cache
def choice() -> Choice:
    """Return the build this process runs (chosen once, on first use)."""
    modules, unusable = _survey()
    requested = os.environ.get(BUILD_ENV, AUTO).strip() or AUTO
    uses = {name: frozenset(m.build_info()["features"]) for name, m in modules.items()}
    needs_pdep = requested == AUTO and "bmi2" in uses.get("native", frozenset())
    if modules:
        cpu = measure_cpu(next(iter(modules.values())), pdep=needs_pdep)
    else:
        cpu = Cpu("", -1, -1, frozenset())
    variant, reason = choose(requested, uses, unusable, cpu)
    return Choice(variant, reason, cpu, tuple(modules), unusable)


def module(variant: str | None = None) -> ModuleType:
    """Return the chosen build's module, or that of ``variant`` (which must be usable)."""
    chosen = choice()
    name = chosen.variant if variant is None else variant
    if name not in chosen.usable:
        why = chosen.unusable.get(name, "unknown build")
        raise ValueError(f"C core build {name!r} cannot run here ({why})")
    return load(name)
