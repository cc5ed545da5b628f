"""The basic Beyond bidding convention, queryable: what does this call mean here?

From ``beyond.da.txt``, the closing section on conventions (the "grundkonvention"):
- information level: a 13-level suit bid names the bidder's best suit, not 13 tricks; the
  partner may go down (the text's example: 12 diamonds) to show a suit of their own, or bid
  13 no trumps to ask for another suit instead of leaving partner stuck in 13;
- genuine level, 4-9 tricks: bids are meant honestly and can safely be passed; going there
  at once also denies the opponents room to exchange information;
- demand level, 0-3 tricks: a suit bid asks partner to bid the next stronger strain
  (3 clubs asks for diamonds).
The text gives 13 and 12 as its examples; this module treats 10-13 as the information band
(nothing else lies between it and the genuine 4-9 band).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .auction import Auction
from .calls import STRAIN_NAMES, STRAINS, Bid, Call, as_call
from .errors import IllegalCallError
from .seats import partner, same_side

INFORMATION = range(10, 14)
GENUINE = range(4, 10)
DEMAND = range(0, 4)
SOURCE = "beyond.da.txt, section on the basic convention"


@dataclass(frozen=True)
class Meaning:
    """What a call tells partner under the basic convention."""

    kind: str  # pass, raise, reraise, shows_suit, asks_for_suit, natural, demand, answers_demand
    text: str
    band: str | None = None  # information, genuine or demand for bids
    shows: str | None = None  # strain the bid shows or names as trumps
    asks_for: str | None = None  # strain the bid asks partner to bid; "any" = any new suit
    source: str = SOURCE


def band_of(level: int) -> str:
    """Return the convention band of a bid level: information, genuine or demand."""
    if level in INFORMATION:
        return "information"
    return "genuine" if level in GENUINE else "demand"


def demanded_strain(bid: Bid) -> str | None:
    """Return the strain a demand-level suit bid asks for (the next stronger), else None."""
    if bid.level not in DEMAND or bid.strain == "N":
        return None
    return STRAINS[STRAINS.index(bid.strain) + 1]


def bids_by(history: Sequence[tuple[str, Call]], seat: str) -> list[Bid]:
    """Return the bids ``seat`` made in ``history``, in order."""
    return [c.bid for s, c in history if s == seat and c.bid is not None]


def _standing(history: Sequence[tuple[str, Call]]) -> tuple[str, Bid] | None:
    for seat, call in reversed(history):
        if call.bid is not None:
            return seat, call.bid
    return None


def interpret(history: Sequence[tuple[str, Call]], seat: str, call: Call | str) -> Meaning:
    """Return the meaning of ``call`` by ``seat`` after the calls in ``history``."""
    call = as_call(call)
    standing = _standing(history)
    if call.bid is None:
        return _meaning_without_bid(call, seat, standing)
    bid = call.bid
    name = STRAIN_NAMES[bid.strain]
    band = band_of(bid.level)
    if standing is not None and standing[0] == partner(seat):
        wanted = demanded_strain(standing[1])
        if wanted == bid.strain and bid.level == standing[1].level:
            return Meaning(
                "answers_demand",
                f"answers partner's demand: plays {name} at the level partner chose",
                band,
                shows=bid.strain,
            )
    if band == "information":
        shown = [b.strain for b in bids_by(history, partner(seat)) if b.level in INFORMATION]
        if bid.strain == "N":
            what = "another suit" if shown else "a suit"
            return Meaning(
                "asks_for_suit",
                f"has no suit to show and asks partner to show {what} "
                "(passing would leave partner in an unrealistic contract)",
                band,
                asks_for="any",
            )
        mine = bids_by(history, seat)
        first = "best suit" if not mine else "another suit"
        return Meaning(
            "shows_suit",
            f"shows {name} as {first}; says nothing about taking {bid.level} tricks",
            band,
            shows=bid.strain,
        )
    if band == "genuine" or bid.strain == "N":
        first_bid = standing is None
        extra = "; going straight here also denies the opponents room to talk" if first_bid else ""
        return Meaning(
            "natural",
            f"honest: expects exactly {bid.level} tricks with {name}; "
            f"partner may safely pass{extra}",
            band,
            shows=bid.strain,
        )
    wanted = demanded_strain(bid)
    assert wanted is not None  # demand band, suit strain
    return Meaning(
        "demand",
        f"demands that partner bid {STRAIN_NAMES[wanted]}, the strain just above {name}",
        band,
        asks_for=wanted,
    )


def _meaning_without_bid(call: Call, seat: str, standing: tuple[str, Bid] | None) -> Meaning:
    if call.kind == "raise":
        return Meaning("raise", "asks to play the opponents' bid at the raised rate (+30)")
    if call.kind == "reraise":
        return Meaning("reraise", "answers the raise: the contract now pays the re-raise (+60)")
    if standing is None:
        return Meaning("pass", "no bid")
    bidder, bid = standing
    if same_side(seat, bidder) and bidder != seat and bid.level in INFORMATION:
        return Meaning(
            "pass",
            f"leaves partner in {bid}, a contract that only showed a suit; the opponents "
            "will gladly pass it out",
        )
    if bid.level in INFORMATION:
        return Meaning("pass", f"lets {bidder} sit in {bid}, which only showed a suit")
    return Meaning("pass", f"accepts {bid} as the contract so far")


def meaning_of(auction: Auction, call: Call | str) -> Meaning:
    """Return what ``call`` would mean if the player to move made it now."""
    seat = auction.to_move
    if seat is None:
        raise IllegalCallError(f"cannot explain {call}: the auction is over")
    return interpret(auction.calls, seat, call)


def standing_meaning(auction: Auction) -> Meaning | None:
    """Return what the standing bid meant when it was made, or None if nobody has bid."""
    for i in range(len(auction.calls) - 1, -1, -1):
        seat, call = auction.calls[i]
        if call.bid is not None:
            return interpret(auction.calls[:i], seat, call)
    return None


def explain_auction(auction: Auction) -> list[tuple[str, Call, Meaning]]:
    """Return every call made so far with its meaning at the time it was made."""
    return [
        (seat, call, interpret(auction.calls[:i], seat, call))
        for i, (seat, call) in enumerate(auction.calls)
    ]
