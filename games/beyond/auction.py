"""The downward Beyond auction as a state machine: turn, legal calls, end and result.

Rules from ``beyond.da.txt`` (the auction paragraphs) and DECISIONS.md, section "Beyond":
the player left of the dealer calls first, calls go clockwise, a new bid must go below the
standing one, "raise" answers an opponent's suit bid, only the bidding side may re-raise,
a new bid cancels both, and the auction ends once all four have called and three passes
follow in a row. Four passes make the pass round.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .calls import ALL_BIDS, PASS, RAISE, RERAISE, Bid, Call, as_call, make_bid
from .errors import IllegalCallError
from .seats import check_seat, next_seat, pair_of, same_side
from .variants import DEFAULT_SETTINGS, BeyondSettings

RAISE_NAMES = ("", "raised", "re-raised")


@dataclass(frozen=True)
class AuctionResult:
    """The final contract: the lowest bid, who made it, and 0/1/2 for plain/raised/re-raised."""

    declarer: str
    bid: Bid
    raised: int = 0

    @property
    def trump(self) -> str | None:
        return self.bid.trump

    @property
    def level(self) -> int:
        return self.bid.level

    @property
    def trump_pair(self) -> str:
        """Return the pair holding the trumps (the declarer's side)."""
        return pair_of(self.declarer)

    def __str__(self) -> str:
        suffix = f", {RAISE_NAMES[self.raised]}" if self.raised else ""
        return f"{self.bid} by {self.declarer}{suffix}"


class Auction:
    """A Beyond auction from its first call to its end."""

    def __init__(
        self,
        dealer: str,
        settings: BeyondSettings | None = None,
        calls: Iterable[Call | str] = (),
    ) -> None:
        self.dealer = check_seat(dealer)
        self.settings = settings or DEFAULT_SETTINGS
        self.calls: list[tuple[str, Call]] = []
        for call in calls:
            self.call(call)

    # ------------------------------------------------------------------ state

    @property
    def to_move(self) -> str | None:
        """Return the seat to call next, or None once the auction is over."""
        if self.is_finished:
            return None
        return next_seat(self.dealer, 1 + len(self.calls))

    @property
    def is_finished(self) -> bool:
        """Return whether all four have called and the last three calls are passes."""
        return len(self.calls) >= 4 and all(c == PASS for _, c in self.calls[-3:])

    @property
    def is_pass_round(self) -> bool:
        """Return whether the auction ended with no bid at all (the pass round)."""
        return self.is_finished and self.standing is None

    @property
    def standing(self) -> tuple[str, Bid] | None:
        """Return (seat, bid) of the lowest bid so far, or None if nobody has bid."""
        for seat, call in reversed(self.calls):
            if call.bid is not None:
                return seat, call.bid
        return None

    @property
    def raised(self) -> int:
        """Return 0, 1 or 2: whether the standing bid is plain, raised or re-raised."""
        level = 0
        for _, call in reversed(self.calls):
            if call.bid is not None:
                break
            if call.kind == "raise":
                level = max(level, 1)
            elif call.kind == "reraise":
                level = 2
        return level

    # ------------------------------------------------------------------ legality

    def why_illegal(self, call: Call | str) -> str | None:
        """Return why ``call`` may not be made now, or None if it is legal."""
        call = as_call(call)
        seat = self.to_move
        if seat is None:
            return "the auction is over"
        if call.kind == "pass":
            return None
        standing = self.standing
        if call.bid is not None:
            if standing is not None and not call.bid.beats(standing[1]):
                return (
                    f"{call.bid} does not go below {standing[1]}: a new bid must be a lower "
                    "level, or the same level in a stronger strain"
                )
            return None
        if standing is None:
            return f"there is no bid to {call.kind} yet"
        bidder, bid = standing
        if call.kind == "raise":
            return self._why_not_raise(seat, bidder, bid)
        if self.raised == 0:
            return f"{bid} has not been raised, so it cannot be re-raised"
        if self.raised == 2:
            return f"{bid} is already re-raised"
        if not same_side(seat, bidder):
            return f"only the side that bid {bid} ({pair_of(bidder)}) may re-raise"
        return None

    def _why_not_raise(self, seat: str, bidder: str, bid: Bid) -> str | None:
        if same_side(seat, bidder):
            return f"{seat} cannot raise {bid}: it is {pair_of(seat)}'s own bid"
        if bid.trump is None and not self.settings.raise_over_no_trumps:
            return f"{bid} is a no-trump bid: only a suit bid can be raised"
        if self.raised:
            return f"{bid} is already {RAISE_NAMES[self.raised]}"
        return None

    def legal_calls(self) -> list[Call]:
        """Return every call the player to move may make (pass first, then raises, bids)."""
        if self.is_finished:
            return []
        calls = [c for c in (PASS, RAISE, RERAISE) if self.why_illegal(c) is None]
        standing = self.standing
        return calls + [
            make_bid(b.level, b.strain)
            for b in ALL_BIDS
            if standing is None or b.beats(standing[1])
        ]

    # ------------------------------------------------------------------ moves

    def call(self, call: Call | str) -> None:
        """Make ``call`` for the player to move; raise IllegalCallError naming it if illegal."""
        call = as_call(call)
        reason = self.why_illegal(call)
        if reason is not None:
            who = self.to_move or "nobody"
            raise IllegalCallError(f"illegal call {call} by {who}: {reason}")
        seat = self.to_move
        assert seat is not None  # why_illegal returned None, so the auction is open
        self.calls.append((seat, call))

    def result(self) -> AuctionResult | None:
        """Return the final contract, or None for the pass round; the auction must be over."""
        if not self.is_finished:
            raise IllegalCallError(f"the auction is not over: {self.to_move} to call")
        standing = self.standing
        if standing is None:
            return None
        return AuctionResult(standing[0], standing[1], self.raised)
