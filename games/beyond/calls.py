"""Bids and calls of the Beyond auction and their short notation ('13S', '4NT', 'pass').

The auction runs downwards: a new bid is a lower level, or the same level in a stronger
strain. Strains from weakest to strongest: clubs, diamonds, hearts, spades, no trumps.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import NotationError

from .errors import BeyondError

STRAINS = "CDHSN"  # weakest first; N = no trumps
STRAIN_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "N": "no trumps"}
TOP_LEVEL = 13  # nobody can take more than 13 tricks
CALL_KINDS = ("pass", "bid", "raise", "reraise")


@dataclass(frozen=True)
class Bid:
    """A level (0..13 tricks for the declarer alone) and a strain (C, D, H, S or N)."""

    level: int
    strain: str

    def __post_init__(self) -> None:
        if not 0 <= self.level <= TOP_LEVEL:
            raise BeyondError(f"bid level {self.level}: levels run from 0 to {TOP_LEVEL}")
        if self.strain not in STRAINS or len(self.strain) != 1:
            raise BeyondError(f"bid strain {self.strain!r}: expected one of C, D, H, S, N")

    def __str__(self) -> str:
        return f"{self.level}{'NT' if self.strain == 'N' else self.strain}"

    @property
    def order(self) -> int:
        """Return the bid's place in the auction: 0 for 13 clubs up to 69 for 0 no trumps."""
        return (TOP_LEVEL - self.level) * len(STRAINS) + STRAINS.index(self.strain)

    def beats(self, other: Bid) -> bool:
        """Return whether this bid may be made over ``other`` (lower, or same level stronger)."""
        return self.order > other.order

    @property
    def trump(self) -> str | None:
        """Return the trump suit letter, or None in no trumps."""
        return None if self.strain == "N" else self.strain

    @property
    def name(self) -> str:
        """Return the bid in words, e.g. '12 diamonds'."""
        return f"{self.level} {STRAIN_NAMES[self.strain]}"


ALL_BIDS: tuple[Bid, ...] = tuple(
    sorted(
        (Bid(level, s) for level in range(TOP_LEVEL + 1) for s in STRAINS), key=lambda b: b.order
    )
)


@dataclass(frozen=True)
class Call:
    """One auction call: a pass, a bid, a raise or a re-raise."""

    kind: str
    bid: Bid | None = None

    def __post_init__(self) -> None:
        if self.kind not in CALL_KINDS:
            raise BeyondError(f"call kind {self.kind!r}: expected one of {', '.join(CALL_KINDS)}")
        if (self.kind == "bid") != (self.bid is not None):
            raise BeyondError(f"call kind {self.kind!r}: only a 'bid' call carries a bid")

    def __str__(self) -> str:
        return str(self.bid) if self.bid is not None else self.kind


PASS = Call("pass")
RAISE = Call("raise")
RERAISE = Call("reraise")

_WORDS = {"P": PASS, "PASS": PASS, "R": RAISE, "RAISE": RAISE, "RR": RERAISE, "RERAISE": RERAISE}


def make_bid(level: int, strain: str) -> Call:
    """Return the call bidding ``level`` in ``strain``."""
    return Call("bid", Bid(level, strain))


def parse_call(text: str) -> Call:
    """Read a call: 'pass'/'p', 'raise'/'r', 'reraise'/'rr', or a bid like '13S', '4NT'."""
    token = text.strip().upper().replace("-", "").replace(" ", "")
    if token in _WORDS:
        return _WORDS[token]
    digits = len(token) - len(token.lstrip("0123456789"))
    level_text, strain_text = token[:digits], token[digits:]
    if strain_text == "NT":
        strain_text = "N"
    if not level_text or len(strain_text) != 1 or strain_text not in STRAINS:
        raise NotationError(
            f"bad call {text!r}: expected pass, raise, reraise or a bid like '13S' or '4NT'"
        )
    level = int(level_text)
    if level > TOP_LEVEL:
        raise NotationError(f"bad call {text!r}: levels run from 0 to {TOP_LEVEL}")
    return make_bid(level, strain_text)


def as_call(call: Call | str) -> Call:
    """Return ``call`` itself or the call its text names."""
    return call if isinstance(call, Call) else parse_call(call)
