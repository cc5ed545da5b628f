"""Calls in the 500 auction: pass, trick bids 6-10 in five strains, misère and open misère.

Bids rank on one ladder. Trick bids rank by their contract value (the Avondale table in
DECISIONS.md): spades < clubs < diamonds < hearts < no trumps within a level, and every level
above every lower one. Misère sits just above all seven-level bids and below all eight-level
bids; open misère sits just above ten diamonds and below ten hearts (DECISIONS.md placement).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from games.cards import NotationError

# Strain order, cheapest first, as ranked by the text's contract table (five-hundred.da.txt,
# "Pointgivning": spades, clubs, diamonds, hearts, no trumps).
STRAINS = ("S", "C", "D", "H", "NT")
STRAIN_NAMES = {
    "S": "spades",
    "C": "clubs",
    "D": "diamonds",
    "H": "hearts",
    "NT": "no trumps",
    "MIS": "misère",
    "OMIS": "open misère",
}
LEVELS = range(6, 11)
MISERE = "MIS"
OPEN_MISERE = "OMIS"
PASS_STRAIN = "P"

# Avondale values of the six-level bids; each further trick adds 100 (DECISIONS.md, 500).
SIX_LEVEL_VALUES = {"S": 40, "C": 60, "D": 80, "H": 100, "NT": 120}
MISERE_VALUE = 250
OPEN_MISERE_VALUE = 500


class Call(NamedTuple):
    """One auction call: a trick bid (level 6-10 and a strain), misère, open misère or pass.

    ``level`` is the number of tricks the bid promises; it is 0 for pass and both misères.
    """

    level: int
    strain: str

    def __str__(self) -> str:
        if self.level:
            return f"{self.level}{self.strain}"
        return self.strain

    @property
    def is_pass(self) -> bool:
        return self.strain == PASS_STRAIN

    @property
    def is_bid(self) -> bool:
        return not self.is_pass

    @property
    def is_misere(self) -> bool:
        """Return True for misère and open misère (both: take no trick)."""
        return self.strain in (MISERE, OPEN_MISERE)

    @property
    def is_open(self) -> bool:
        return self.strain == OPEN_MISERE

    @property
    def trump(self) -> str | None:
        """Return the trump suit letter, or None for no trumps and misère."""
        return self.strain if self.strain in SIX_LEVEL_VALUES and self.strain != "NT" else None

    @property
    def value(self) -> int:
        """Return the contract value from the table (0 for pass)."""
        if self.strain == MISERE:
            return MISERE_VALUE
        if self.strain == OPEN_MISERE:
            return OPEN_MISERE_VALUE
        if self.is_pass:
            return 0
        return SIX_LEVEL_VALUES[self.strain] + 100 * (self.level - 6)

    @property
    def rank(self) -> int:
        """Return the bid's position on the bidding ladder (higher beats lower)."""
        try:
            return _LADDER_RANK[self]
        except KeyError:
            raise ValueError(f"{self} has no place on the bidding ladder") from None

    @property
    def name(self) -> str:
        """Return the English name, e.g. '8 hearts', 'misère' or 'pass'."""
        if self.level:
            return f"{self.level} {STRAIN_NAMES[self.strain]}"
        return "pass" if self.is_pass else STRAIN_NAMES[self.strain]


PASS = Call(0, PASS_STRAIN)
MISERE_CALL = Call(0, MISERE)
OPEN_MISERE_CALL = Call(0, OPEN_MISERE)


def _ladder() -> tuple[Call, ...]:
    trick_bids = [Call(level, strain) for level in LEVELS for strain in STRAINS]
    ladder = list(trick_bids)
    ladder.insert(ladder.index(Call(8, "S")), MISERE_CALL)
    ladder.insert(ladder.index(Call(10, "H")), OPEN_MISERE_CALL)
    return tuple(ladder)


LADDER = _ladder()
_LADDER_RANK = {call: position for position, call in enumerate(LADDER)}

_MISERE_WORDS = {"MIS": MISERE_CALL, "MISERE": MISERE_CALL, "MISÈRE": MISERE_CALL}
_TRICK_BID = re.compile(r"(\d+) ?([A-Z]*)")
_OPEN_WORDS = {"OMIS", "OM", "OPENMISERE", "OPENMISÈRE", "OPEN MISERE", "OPEN MISÈRE"}


def parse_call(token: str) -> Call:
    """Read a call like 'P', 'pass', '6S', '7NT' (or '7N'), 'MIS' or 'OMIS'."""
    text = " ".join(token.strip().upper().split())
    if text in ("P", "PASS"):
        return PASS
    if text in _MISERE_WORDS:
        return _MISERE_WORDS[text]
    if text in _OPEN_WORDS:
        return OPEN_MISERE_CALL
    match = _TRICK_BID.fullmatch(text)
    if match:
        level, strain = int(match[1]), match[2]
        if level not in LEVELS:
            raise NotationError(f"bad call {token!r}: bids name 6 to 10 tricks, not {level}")
        if strain not in STRAINS and strain != "N":
            raise NotationError(
                f"bad call {token!r}: unknown strain {strain!r} (expected S, C, D, H or NT)"
            )
        return Call(level, "NT" if strain == "N" else strain)
    raise NotationError(f"bad call {token!r}: expected P, a bid like '7H' or '8NT', MIS or OMIS")


def as_call(call: Call | str) -> Call:
    """Return ``call`` as a Call, parsing it if it is text."""
    return parse_call(call) if isinstance(call, str) else call
