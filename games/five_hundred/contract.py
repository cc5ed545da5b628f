"""The contract an auction ends in: the bid, the declarer, who plays and what is trumps."""

from __future__ import annotations

from dataclasses import dataclass

from games.five_hundred.calls import Call
from games.five_hundred.seats import check_seat, clockwise_from, other_side, partner, side_of


@dataclass(frozen=True)
class Contract:
    """Describe a won auction: ``bid`` (never a pass) made by ``declarer``."""

    bid: Call
    declarer: str

    def __post_init__(self) -> None:
        check_seat(self.declarer)
        if self.bid.is_pass:
            raise ValueError("a pass is not a contract")

    @property
    def side(self) -> str:
        """Return the declaring partnership, 'NS' or 'EW'."""
        return side_of(self.declarer)

    @property
    def defending_side(self) -> str:
        return other_side(self.side)

    @property
    def team(self) -> tuple[str, ...]:
        """Return the seats that play for the contract (the declarer alone in misère)."""
        if self.bid.is_misere:
            return (self.declarer,)
        return (self.declarer, partner(self.declarer))

    @property
    def defenders(self) -> tuple[str, ...]:
        return tuple(s for s in clockwise_from(self.declarer) if side_of(s) != self.side)

    @property
    def sitting_out(self) -> str | None:
        """Return the declarer's partner in misère (who lays the hand down), else None."""
        return partner(self.declarer) if self.bid.is_misere else None

    @property
    def players(self) -> tuple[str, ...]:
        """Return the seats that play cards, clockwise from the declarer."""
        return tuple(s for s in clockwise_from(self.declarer) if s != self.sitting_out)

    @property
    def trump(self) -> str | None:
        return self.bid.trump

    @property
    def is_misere(self) -> bool:
        return self.bid.is_misere

    @property
    def is_open(self) -> bool:
        return self.bid.is_open

    @property
    def tricks_needed(self) -> int:
        """Return the declaring side's trick target (0 for misère: it must take none)."""
        return self.bid.level

    @property
    def value(self) -> int:
        return self.bid.value

    def __str__(self) -> str:
        return f"{self.bid} by {self.declarer}"

    def as_dict(self) -> dict[str, object]:
        """Return a JSON-serialisable description."""
        return {
            "bid": str(self.bid),
            "name": self.bid.name,
            "declarer": self.declarer,
            "team": list(self.team),
            "side": self.side,
            "trump": self.trump,
            "misere": self.is_misere,
            "open": self.is_open,
            "sitting_out": self.sitting_out,
            "tricks_needed": self.tricks_needed,
            "value": self.value,
        }
