"""Type stub for the C core (games/solver/_core.c; _core_portable and _core_nobmi2 are the
same source built with other flags)."""

from collections.abc import Sequence
from typing import Any

def cpu_info() -> dict[str, Any]:
    """The CPU: vendor, family, model and the features (popcnt, bmi, bmi2, avx2, ...)."""

def build_info() -> dict[str, Any]:
    """This build: its variant name and the instruction sets it was compiled to use."""

def pdep_ratio() -> float | None:
    """How much longer a pdep chain takes than a multiply chain (None without BMI2)."""

def root_caps(exact_first: int = -1, short_probe: int = -1) -> tuple[int, int]:
    """Set the node caps of the Beyond exact-target root (negative: keep); return the old ones."""

class BudgetExceeded(RuntimeError):
    """A solve stopped on its budget; args: ("nodes" | "seconds", nodes, seconds)."""

class Engine:
    """A solver with its own transposition table; use one per thread."""

    nodes: int
    trick_nodes: int
    table_bytes: int
    busy: bool
    shared: int

    def __init__(self, tt_mb: int = 64) -> None: ...
    def solve(
        self,
        block_ids: Sequence[int],
        points: Sequence[int],
        trump_block: int,
        joker_mode: int,
        joker_block: int,
        order: Sequence[int],
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        lead_block: int,
        after_joker: int,
        kind: int,
        team_mask: int,
        targets: Sequence[int],
        thresholds: Sequence[int],
        cards_mode: bool,
        max_nodes: int = 0,
        max_seconds: float = 0.0,
        check_signals: bool = False,
    ) -> tuple[int, list[tuple[int, int, int]] | None]: ...
    def solve_many(
        self,
        problems: Sequence[tuple[Any, ...]],
        cards_mode: bool,
        max_nodes: int = 0,
        max_seconds: float = 0.0,
        check_signals: bool = False,
        share: Sequence[bool] | None = None,
    ) -> list[tuple[tuple[int, list[tuple[int, int, int]] | None], int, int]]: ...
