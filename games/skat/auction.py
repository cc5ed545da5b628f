"""The Skat auction: middlehand bids to forehand, then rearhand bids to the survivor.

The bidder names rising values; the hearer answers 'yes' (holds) or 'pass'. When middlehand
and rearhand both pass without a bid, forehand may still bid (at least 18) or pass; if all
three pass the deal is thrown in. Calls are short strings: a number, 'yes' or 'pass'.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.skat.errors import IllegalCall
from games.skat.rules import SEAT_NAMES
from games.skat.settings import DEFAULT_SETTINGS, SkatSettings
from games.skat.values import bid_values

FOREHAND, MIDDLEHAND, REARHAND = 0, 1, 2
PASS, YES = "pass", "yes"
_ALIASES = {"p": PASS, "pass": PASS, "y": YES, "yes": YES, "hold": YES, "ja": YES}


def parse_call(text: str | int) -> str:
    """Return a call in short form ('18', 'yes', 'pass'); raise IllegalCall for anything else."""
    token = str(text).strip().lower()
    if token in _ALIASES:
        return _ALIASES[token]
    if token.isdigit():
        return str(int(token))
    raise IllegalCall(f"bad call {text!r}: expected a number, 'yes' or 'pass'")


@dataclass(frozen=True)
class AuctionResult:
    """Describe the end of an auction: the declarer and bid, or a throw-in (declarer None)."""

    declarer: int | None
    bid: int

    @property
    def thrown_in(self) -> bool:
        return self.declarer is None

    @property
    def defenders(self) -> tuple[int, ...]:
        """Return the seats playing against the declarer (empty when thrown in)."""
        if self.declarer is None:
            return ()
        return tuple(s for s in range(3) if s != self.declarer)


class Auction:
    """Run one Skat auction call by call; ask ``to_move`` and ``legal_calls`` what may come."""

    def __init__(self, settings: SkatSettings = DEFAULT_SETTINGS) -> None:
        self.settings = settings
        self.values = bid_values(settings)
        self.bid = 0
        self.history: list[tuple[int, str]] = []
        self.bidder: int | None = MIDDLEHAND
        self.hearer: int | None = FOREHAND
        self.answering = False  # True when the hearer owes an answer to the bidder's value
        self.result: AuctionResult | None = None

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def to_move(self) -> int | None:
        """Return the seat whose call is due, or None once the auction is over."""
        if self.result is not None:
            return None
        return self.hearer if self.answering else self.bidder

    def legal_calls(self) -> list[str]:
        """Return the calls allowed now: 'pass' and higher values, or 'yes'/'pass'."""
        if self.result is not None:
            return []
        if self.answering:
            return [YES, PASS]
        return [PASS, *(str(v) for v in self.values if v > self.bid)]

    def call(self, text: str | int, seat: int | None = None) -> None:
        """Apply the next call; ``seat``, if given, must be the seat to move."""
        call = parse_call(text)
        mover = self.to_move
        if mover is None:
            raise IllegalCall(f"call {call!r}: the auction is already over")
        if seat is not None and seat != mover:
            raise IllegalCall(
                f"seat {seat} called {call!r} out of turn: {SEAT_NAMES[mover]} (seat {mover}) "
                f"is to {'answer' if self.answering else 'bid'}"
            )
        self._check(call, mover)
        self.history.append((mover, call))
        if call == PASS:
            self._pass(mover)
        elif call == YES:
            self.answering = False
        else:
            self.bid = int(call)
            self.answering = self.hearer is not None
            if self.hearer is None:  # forehand alone after two silent passes
                self.result = AuctionResult(mover, self.bid)

    def _check(self, call: str, mover: int) -> None:
        who = SEAT_NAMES[mover]
        if self.answering:
            if call not in (YES, PASS):
                raise IllegalCall(
                    f"{who} may only answer 'yes' or 'pass' to {self.bid}, not bid {call}"
                )
            return
        if call == YES:
            raise IllegalCall(f"{who} is bidding, not answering: 'yes' is not a bid")
        if call == PASS:
            return
        value = int(call)
        if value <= self.bid:
            raise IllegalCall(f"bid {value} is too low: it must be higher than {self.bid}")
        if value not in self.values:
            higher = [v for v in self.values if v > value][:3]
            nxt = ", ".join(str(v) for v in higher) or "none"
            raise IllegalCall(f"bid {value} is not a game value (next values: {nxt})")

    def _pass(self, seat: int) -> None:
        survivor = self.hearer if seat == self.bidder else self.bidder
        self.answering = False
        if self.bidder == MIDDLEHAND:
            # Round one is over: rearhand now bids to whoever survived it.
            self.bidder, self.hearer = REARHAND, survivor
        elif self.bidder == REARHAND and survivor is not None and self.bid > 0:
            self.result = AuctionResult(survivor, self.bid)
        elif self.bidder == REARHAND:
            # Nobody has bid: forehand may still open at 18 or more.
            self.bidder, self.hearer = FOREHAND, None
        else:
            self.result = AuctionResult(None, 0)
