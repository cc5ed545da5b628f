"""Type stub for the C core (games/solver/_core.c)."""

from collections.abc import Sequence

class BudgetExceeded(RuntimeError):
    """A solve stopped on its budget; args: ("nodes" | "seconds", nodes, seconds)."""

class Engine:
    """A solver with its own transposition table; use one per thread."""

    nodes: int
    table_bytes: int
    busy: bool

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
        cards_mode: bool,
        max_nodes: int = 0,
        max_seconds: float = 0.0,
        check_signals: bool = False,
    ) -> tuple[int, list[tuple[int, int, int]] | None]: ...
