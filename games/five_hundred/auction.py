"""The 500 auction as a state machine: whose turn, the legal calls, applying a call, the result.

Rules (five-hundred.da.txt, "Sådan spiller man"): the player left of the dealer calls first and
the turn goes clockwise; each bid must outrank the one before; a player who passes is out of the
auction for good. DECISIONS.md adds the placement of misère and open misère and what happens
when all four pass (the deal is thrown in).
"""

from __future__ import annotations

from games.five_hundred.calls import (
    LADDER,
    MISERE,
    OPEN_MISERE,
    PASS,
    Call,
    as_call,
)
from games.five_hundred.contract import Contract
from games.five_hundred.errors import IllegalCall
from games.five_hundred.seats import check_seat, clockwise_from, next_seat
from games.five_hundred.settings import DEFAULT_SETTINGS, FiveHundredSettings


class Auction:
    """Track one auction from the first call to its end.

    ``calls`` lists (seat, call) in order. The auction ends when every seat but the highest
    bidder has passed, or when all four have passed without a bid (thrown in).
    """

    def __init__(self, dealer: str, settings: FiveHundredSettings | None = None) -> None:
        self.dealer = check_seat(dealer)
        self.settings = settings or DEFAULT_SETTINGS
        self.calls: list[tuple[str, Call]] = []
        self.passed: set[str] = set()
        self.high_bid: Call | None = None
        self.high_bidder: str | None = None
        self._turn: str | None = next_seat(dealer)

    # ------------------------------------------------------------------ state

    @property
    def to_move(self) -> str | None:
        """Return the seat whose call it is, or None once the auction is over."""
        return self._turn

    @property
    def is_finished(self) -> bool:
        return self._turn is None

    @property
    def thrown_in(self) -> bool:
        """Return True when all four passed without a bid: the deal is thrown in."""
        return self.is_finished and self.high_bid is None

    @property
    def contract(self) -> Contract | None:
        """Return the contract once the auction has ended with a bid, else None."""
        if not self.is_finished or self.high_bid is None or self.high_bidder is None:
            return None
        return Contract(self.high_bid, self.high_bidder)

    # ------------------------------------------------------------------ legality

    def why_illegal(self, call: Call | str) -> str | None:
        """Return why ``call`` may not be made now, or None if it is legal."""
        call = as_call(call)
        if self.is_finished:
            return "the auction is over"
        if call.is_pass:
            return None
        if call not in LADDER:
            return "it is not a bid of 500"
        if call.strain == MISERE and not self.settings.misere:
            return "misère is switched off in these settings"
        if call.strain == OPEN_MISERE and not self.settings.open_misere:
            return "open misère is switched off in these settings"
        high = self.high_bid
        if high is not None and call.rank <= high.rank:
            return f"it does not outrank the current bid {high}"
        needs_seven = call.strain == MISERE and self.settings.misere_needs_seven
        if needs_seven and (high is None or high.level != 7):
            shown = "no bid yet" if high is None else f"the current bid is {high}"
            return f"misère may be bid only over a seven-level bid ({shown})"
        return None

    def legal_calls(self) -> list[Call]:
        """Return every call the player to move may make: pass first, then bids low to high."""
        if self.is_finished:
            return []
        return [PASS, *(bid for bid in LADDER if self.why_illegal(bid) is None)]

    # ------------------------------------------------------------------ moves

    def call(self, call: Call | str, seat: str | None = None) -> None:
        """Apply the next call; ``seat``, if given, must be the player to move.

        Raises IllegalCall naming the call and the reason when it is not allowed.
        """
        call = as_call(call)
        if seat is not None and seat != self._turn:
            check_seat(seat)
            turn = "the auction is over" if self._turn is None else f"it is {self._turn}'s turn"
            raise IllegalCall(f"{seat} cannot call {call}: {turn}")
        reason = self.why_illegal(call)
        if reason is not None:
            raise IllegalCall(f"illegal call {call} by {self._turn}: {reason}")
        mover = self._turn
        assert mover is not None
        self.calls.append((mover, call))
        if call.is_pass:
            self.passed.add(mover)
        else:
            self.high_bid, self.high_bidder = call, mover
        self._turn = self._next_turn(mover)

    def _next_turn(self, mover: str) -> str | None:
        active = [s for s in clockwise_from(mover)[1:] if s not in self.passed]
        if self.high_bidder is None:
            return active[0] if active else None
        others = [s for s in active if s != self.high_bidder]
        return others[0] if others else None

    def history(self) -> list[dict[str, str]]:
        """Return the calls as [{'seat', 'call'}] with calls as short strings."""
        return [{"seat": seat, "call": str(call)} for seat, call in self.calls]


def run_auction(
    dealer: str, calls: list[str] | list[Call], settings: FiveHundredSettings | None = None
) -> Auction:
    """Return an auction with ``calls`` applied in order (raises on the first illegal one)."""
    auction = Auction(dealer, settings)
    for call in calls:
        auction.call(call)
    return auction
