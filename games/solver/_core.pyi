"""Type stub for the C core (games/solver/_core.c)."""

from collections.abc import Sequence

class Engine:
    """A solver with its own transposition table; use one per thread."""

    nodes: int
    table_bytes: int

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
    ) -> tuple[int, list[tuple[int, int, int]] | None]: ...
