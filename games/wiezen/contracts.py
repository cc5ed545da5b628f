"""The contract an auction ends in: who plays, for how many tricks, with which trumps."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.cards import SEATS, SUIT_NAMES, Card, parse_card

SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def _seats(seats: tuple[str, ...] | list[str]) -> str:
    """Return seats in words, 'North and South'."""
    return " and ".join(SEAT_WORDS.get(s, s) for s in seats)


def card_words(card: Card) -> str:
    """Return a card as a player says it, 'the ace of hearts'."""
    return f"the {card.name}"


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
        """Return the contract as a Kleurenwiezen player names it, a noun phrase:
        'ask and join in hearts by North and South (8 tricks needed)', 'alone in diamonds by
        West (5 tricks needed)', 'miserie by South (no trick allowed)'."""
        who = _seats(self.declarers)
        suit = f" in {SUIT_NAMES[self.trump]}" if self.trump else ""
        need = f"{self.target} tricks needed"
        if self.kind is ContractKind.ASK_JOIN:
            return f"ask and join{suit} by {who} ({need})"
        if self.kind is ContractKind.ALONE:
            return f"alone{suit} by {who} ({need})"
        if self.kind is ContractKind.TROEL:
            asker, *mates = self.declarers
            lead = f", {card_words(self.lead_card)} led first" if self.lead_card else ""
            return f"troel by {_seats((asker,))} with {_seats(mates)}{suit} ({need}{lead})"
        if self.kind is ContractKind.ABONDANCE:
            return f"abondance {self.target}{suit} by {who} ({need})"
        if self.kind is ContractKind.SOLO:
            if not self.trump:
                return f"solo slim by {who}, no trumps (all 13 tricks needed)"
            return f"solo{suit} by {who} (all 13 tricks needed)"
        name = self.kind.value.replace("_", " ")
        each = "each must take" if len(self.declarers) > 1 else "must take"
        aim = "exactly one trick" if self.kind is ContractKind.PICCOLO else "no trick"
        return f"{name} by {who} ({each} {aim})"

    def sentence(self) -> str:
        """Return the contract as a player announces it at the table: 'West plays alone in
        diamonds, needs 5 tricks', 'North asks in hearts and South joins, they need 8 tricks'."""
        who = _seats(self.declarers)
        suit = SUIT_NAMES[self.trump] if self.trump else ""
        if self.kind is ContractKind.ASK_JOIN and len(self.declarers) == 2:
            asker, joiner = (_seats((s,)) for s in self.declarers)
            return f"{asker} asks in {suit} and {joiner} joins, they need {self.target} tricks"
        if self.kind is ContractKind.ALONE:
            return f"{who} plays alone in {suit}, needs {self.target} tricks"
        if self.kind is ContractKind.TROEL:
            asker, *mates = self.declarers
            lead = f"; {card_words(self.lead_card)} is led first" if self.lead_card else ""
            return (
                f"{_seats((asker,))} has troel, {_seats(mates)} goes with him in {suit}: "
                f"they need {self.target} tricks{lead}"
            )
        if self.kind is ContractKind.ABONDANCE:
            return f"{who} plays abondance {self.target} in {suit}, needs {self.target} tricks"
        if self.kind is ContractKind.SOLO:
            if not self.trump:
                return f"{who} plays solo slim (no trumps), needs all 13 tricks"
            return f"{who} plays solo in {suit}, needs all 13 tricks"
        name = self.kind.value.replace("_", " ")
        verb = "play" if len(self.declarers) > 1 else "plays"
        each = "each must take" if len(self.declarers) > 1 else "must take"
        aim = "exactly one trick" if self.kind is ContractKind.PICCOLO else "no trick"
        return f"{who} {verb} {name}, {each} {aim}"

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

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Contract:
        """Return the contract ``to_dict`` wrote; a missing or unknown field raises ValueError
        naming it."""
        try:
            kind = ContractKind(str(data["kind"]))
            declarers = tuple(str(s) for s in data["declarers"])
            target = int(data["target"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a Kleurenwiezen contract: {exc}") from exc
        if not declarers or any(s not in SEATS for s in declarers):
            raise ValueError(f"not a Kleurenwiezen contract: declarers {declarers!r}")
        trump = data.get("trump")
        if trump is not None and trump not in SUIT_NAMES:
            raise ValueError(f"not a Kleurenwiezen contract: trump {trump!r}")
        lead = data.get("lead_card")
        return cls(
            kind,
            declarers,
            trump,
            target,
            str(data.get("first_leader") or declarers[0]),
            parse_card(str(lead)) if lead else None,
        )
