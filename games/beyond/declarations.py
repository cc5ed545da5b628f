"""Trick declarations after the auction: every player names the exact tricks they will take.

From ``beyond.da.txt`` (the paragraph after the auction) and DECISIONS.md: the final bid is
the declarer's target; the other three declare in turn, clockwise from the declarer; the last
of them may not bring the sum to 13, so at least one player must miss.
"""

from __future__ import annotations

from collections.abc import Iterable

from .auction import AuctionResult
from .calls import TOP_LEVEL
from .errors import IllegalDeclarationError
from .seats import check_seat, clockwise_from, next_seat
from .variants import DEFAULT_SETTINGS, BeyondSettings

TRICKS = 13


class Declarations:
    """The declaration round for one contract."""

    def __init__(
        self,
        contract: AuctionResult,
        dealer: str,
        settings: BeyondSettings | None = None,
        declared: Iterable[int] = (),
    ) -> None:
        self.contract = contract
        self.settings = settings or DEFAULT_SETTINGS
        first = next_seat(check_seat(dealer))
        if self.settings.declaration_start == "declarer":
            first = next_seat(contract.declarer)
        self.order: list[str] = [s for s in clockwise_from(first) if s != contract.declarer]
        self.targets: dict[str, int] = {contract.declarer: contract.level}
        for tricks in declared:
            self.declare(tricks)

    @property
    def to_move(self) -> str | None:
        """Return the seat to declare next, or None when all four targets are known."""
        waiting = [s for s in self.order if s not in self.targets]
        return waiting[0] if waiting else None

    @property
    def is_finished(self) -> bool:
        return self.to_move is None

    @property
    def seats_in_order(self) -> list[str]:
        """Return the seats in declaring order: the declarer (by the bid), then the others."""
        return [self.contract.declarer, *self.order]

    @property
    def total(self) -> int:
        """Return the sum of the targets declared so far."""
        return sum(self.targets.values())

    def why_illegal(self, tricks: int) -> str | None:
        """Return why declaring ``tricks`` is not allowed now, or None if it is."""
        seat = self.to_move
        if seat is None:
            return "all four players have declared"
        if not 0 <= tricks <= TOP_LEVEL:
            return f"a declaration is 0 to {TOP_LEVEL} tricks"
        last = len(self.targets) == 3
        if last and self.settings.forbid_sum_thirteen and self.total + tricks == TRICKS:
            return (
                f"{seat} declares last and {self.total} + {tricks} would make 13: "
                "the sum of the four declarations may not be 13"
            )
        return None

    def legal(self) -> list[int]:
        """Return the trick counts the player to move may declare."""
        return [n for n in range(TOP_LEVEL + 1) if self.why_illegal(n) is None]

    def declare(self, tricks: int) -> None:
        """Record ``tricks`` for the player to move; raise IllegalDeclarationError if illegal."""
        reason = self.why_illegal(tricks)
        if reason is not None:
            raise IllegalDeclarationError(
                f"illegal declaration {tricks} by {self.to_move or 'nobody'}: {reason}"
            )
        seat = self.to_move
        assert seat is not None  # why_illegal returned None
        self.targets[seat] = tricks
