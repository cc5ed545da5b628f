"""The contract an auction ends in: who plays, for how many tricks, with which trumps."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.cards import SEATS, Card


class ContractKind(StrEnum):
    """The kinds of contract a deal can be played in."""

    ASK_JOIN = "ask_join"
    ALONE = "alone"
    TROEL = "troel"
    PICCOLO = "piccolo"
    ABONDANCE = "abondance"
    MISERIE = "miserie"
    OPEN_MISERIE = "open_miserie"
    SOLO = "solo"


PAIR_KINDS = (ContractKind.ASK_JOIN, ContractKind.TROEL)
# Each of these players plays for himself and is scored separately (rule text, "(Open)
# Miserie", note; "Piccolo").
INDIVIDUAL_KINDS = (ContractKind.MISERIE, ContractKind.OPEN_MISERIE, ContractKind.PICCOLO)
# The "standard trump contracts" whose 13-trick result doubles the score.
TRUMP_CONTRACT_KINDS = (ContractKind.ASK_JOIN, ContractKind.ALONE, ContractKind.TROEL)


@dataclass(frozen=True)
class Contract:
    """Describe the deal's contract.

    declarers: the playing side: the pair (asker first; troel player first), the lone
        declarer, or every miserie/piccolo player in the order they bid.
    trump: the trump suit, or None (miserie and piccolo have no trumps).
    target: the tricks the side needs (at least), or, for miserie and piccolo, the exact
        number each such player must take (0 or 1).
    first_leader: the seat that leads to the first trick.
    lead_card: troel only: the called card the first lead must be.
    """

    kind: ContractKind
    declarers: tuple[str, ...]
    trump: str | None
    target: int
    first_leader: str
    lead_card: Card | None = None

    @property
    def is_pair(self) -> bool:
        """Return True when two players play together against the other two."""
        return self.kind in PAIR_KINDS

    @property
    def is_individual(self) -> bool:
        """Return True when each declarer plays and is scored for himself."""
        return self.kind in INDIVIDUAL_KINDS

    @property
    def open_hands(self) -> bool:
        """Return True when the declarers' hands go face up after the first card."""
        return self.kind is ContractKind.OPEN_MISERIE

    @property
    def defenders(self) -> tuple[str, ...]:
        """Return the seats not among the declarers, in seat order."""
        return tuple(s for s in SEATS if s not in self.declarers)

    def partners(self, seat: str) -> tuple[str, ...]:
        """Return the seats playing on ``seat``'s side, ``seat`` included.

        Miserie and piccolo players each play for themselves; their opponents form one side.
        """
        if seat in self.declarers:
            return self.declarers if not self.is_individual else (seat,)
        return self.defenders

    def describe(self) -> str:
        """Return a short English description, e.g. 'ask/join N+S in hearts for 8 tricks'."""
        who = "+".join(self.declarers)
        trump = f" in {self.trump}" if self.trump else ""
        if self.kind is ContractKind.ASK_JOIN:
            return f"ask/join {who}{trump} for {self.target} tricks"
        if self.kind is ContractKind.ALONE:
            return f"alone {who}{trump} for {self.target} tricks"
        if self.kind is ContractKind.TROEL:
            return f"troel {who}{trump} for {self.target} tricks, {self.lead_card} led"
        if self.kind is ContractKind.ABONDANCE:
            return f"abondance {self.target} by {who}{trump}"
        if self.kind is ContractKind.SOLO:
            return f"solo by {who}{trump}"
        name = self.kind.value.replace("_", " ")
        return f"{name} by {who}"

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-serialisable description of the contract."""
        return {
            "kind": self.kind.value,
            "declarers": list(self.declarers),
            "trump": self.trump,
            "target": self.target,
            "first_leader": self.first_leader,
            "lead_card": str(self.lead_card) if self.lead_card else None,
            "open_hands": self.open_hands,
            "description": self.describe(),
        }
