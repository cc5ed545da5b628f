"""A deterministic rule-based bidder that follows the basic convention of ``conventions``.

In order, the first rule that gives a legal call wins:
1. Answer partner's demand (a 0-3 suit bid) with the strain asked for, at the same level.
2. Re-raise our own raised bid when the hand's estimate is within half a trick of it.
3. Raise an opponent's suit bid that looks like a sacrifice (the text's advice): a
   demand-level bid, or one made below a genuine bid of ours, when holding two jokers or
   four of their trumps with the ace or king, which makes their exact targets hard.
4. Partner is left in an information-level bid: show a suit of our own (at most two per
   player, four cards or more), else ask with 13 NT over partner's 13-level suit, else go
   down to an honest bid.
5. Our own information-level bid stands against us (raised): go down to an honest bid.
6. Nobody has bid, or the opponents stand at the information level: when the bidder's
   partner has already passed it, pass and catch them in their unrealistic contract (the
   text: the opponents of course pass when they can); otherwise show our best suit if we
   have not yet (to open, a five-card suit or 1.5 estimated tricks; against an opponent, a
   five-card suit or 3), else pass and leave them in it.
7. The opponents stand at the genuine level: underbid honestly (at most one trick below the
   estimate, never under 4, so a weak hand does not compete); else, with a suit shown by
   partner and 3 cards of it, demand it once if their contract is 5 or higher; else pass.
"Honest" is the rounded estimate in our best strain, where a suit partner showed gets half a
trick of preference; below 4 tricks the honest bid is no trumps, so it never reads as a demand.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import Card

from .auction import Auction
from .calls import PASS, RAISE, RERAISE, STRAINS, Bid, Call, make_bid
from .conventions import GENUINE, INFORMATION, bids_by, demanded_strain, standing_meaning
from .evaluation import best_strain, estimate_tricks, suit_length
from .seats import partner, same_side

MAX_SHOWN = 2  # suits one player shows at the information level
STRONG_TO_COMPETE = 3.0
OPENING_STRENGTH = 1.5
FIT_PREFERENCE = 0.5


def _legal(auction: Auction, call: Call) -> Call | None:
    return call if auction.why_illegal(call) is None else None


def highest_legal(auction: Auction, strain: str, levels: Sequence[int]) -> Call | None:
    """Return the legal bid in ``strain`` at the highest of ``levels``, if any."""
    for level in sorted(levels, reverse=True):
        call = _legal(auction, make_bid(level, strain))
        if call is not None:
            return call
    return None


def honest_bid(hand: Sequence[Card], preferred: Sequence[str] = ()) -> Bid:
    """Return the genuine bid this hand would like to play, or a low no-trump bid if weak."""
    strain = max(
        STRAINS,
        key=lambda s: (
            estimate_tricks(hand, s) + (FIT_PREFERENCE if s in preferred else 0.0),
            STRAINS.index(s),
        ),
    )
    level = min(max(GENUINE), round(estimate_tricks(hand, strain)))
    if level < min(GENUINE):
        return Bid(min(max(GENUINE), round(estimate_tricks(hand, "N"))), "N")
    return Bid(level, strain)


def _shown_suits(auction: Auction, seat: str) -> list[str]:
    return [b.strain for b in bids_by(auction.calls, seat) if b.level in INFORMATION]


def _sacrifice(auction: Auction, seat: str, bid: Bid) -> bool:
    """Return whether the opponents' bid looks like a sacrifice: a demand-level bid, or one
    made below a genuine bid of our side."""
    if bid.level < min(GENUINE):
        return True
    ours = bids_by(auction.calls, seat) + bids_by(auction.calls, partner(seat))
    return any(b.level in GENUINE for b in ours)


def _hurts_trumps(hand: Sequence[Card], trump: str) -> bool:
    """Return whether the hand makes an exact target hard in ``trump``: two jokers, or four
    trumps with the ace or king."""
    if sum(1 for c in hand if c.is_joker) >= 2:
        return True
    trumps = [c.rank for c in hand if c.suit == trump]
    return len(trumps) >= 4 and ("A" in trumps or "K" in trumps)


def _show_suit(auction: Auction, seat: str, hand: Sequence[Card]) -> Call | None:
    mine = _shown_suits(auction, seat)
    if len(mine) >= MAX_SHOWN:
        return None
    taken = set(mine) | set(_shown_suits(auction, partner(seat)))
    suits = [s for s in "CDHS" if s not in taken and suit_length(hand, s) >= (4 if mine else 1)]
    if not suits:
        return None
    return highest_legal(auction, best_strain(hand, "".join(suits)), INFORMATION)


def _go_down(auction: Auction, hand: Sequence[Card], seat: str) -> Call | None:
    bid = honest_bid(hand, _shown_suits(auction, partner(seat)))
    return _legal(auction, Call("bid", bid))


def choose_call(auction: Auction, hand: Sequence[Card]) -> Call:
    """Return the call the simple bidder makes for the player to move."""
    seat = auction.to_move
    if seat is None:
        raise ValueError("cannot choose a call: the auction is over")
    standing = auction.standing
    if standing is None:
        best = best_strain(hand, "CDHS")
        if suit_length(hand, best) >= 5 or estimate_tricks(hand, best) >= OPENING_STRENGTH:
            return _show_suit(auction, seat, hand) or PASS
        return PASS
    bidder, bid = standing
    ours = same_side(seat, bidder)
    meaning = standing_meaning(auction)
    if bidder == partner(seat) and meaning is not None and meaning.kind == "demand":
        answer = _legal(auction, make_bid(bid.level, meaning.asks_for or ""))
        if answer is not None:
            return answer
    confident = abs(estimate_tricks(hand, bid.strain) - bid.level) <= 0.5
    if ours and auction.raised == 1 and bidder == seat and confident:
        return _legal(auction, RERAISE) or PASS
    trump = bid.trump
    raisable = not ours and trump is not None and not auction.raised
    if raisable and trump and _sacrifice(auction, seat, bid) and _hurts_trumps(hand, trump):
        return _legal(auction, RAISE) or PASS
    if ours and bid.level in INFORMATION:
        call = _show_suit(auction, seat, hand) if bidder == partner(seat) else None
        asked_before = bool(bids_by(auction.calls, seat))
        if call is None and bidder == partner(seat) and bid.level == 13 and not asked_before:
            call = _legal(auction, make_bid(13, "N"))  # the text's ask; illegal over 13 NT
        return call or _go_down(auction, hand, seat) or PASS
    if ours:
        return PASS
    return _against_opponents(auction, seat, hand, bid)


def _left_stuck(auction: Auction) -> bool:
    """Return whether the standing bid's maker's partner has passed it since it was made."""
    standing = auction.standing
    if standing is None:
        return False
    last = max(i for i, (_, call) in enumerate(auction.calls) if call.bid is not None)
    return any(s == partner(standing[0]) and call == PASS for s, call in auction.calls[last + 1 :])


def _against_opponents(auction: Auction, seat: str, hand: Sequence[Card], bid: Bid) -> Call:
    if bid.level in INFORMATION:
        if _shown_suits(auction, seat) or _left_stuck(auction):
            return PASS
        best = best_strain(hand, "CDHS")
        if suit_length(hand, best) >= 5 or estimate_tricks(hand, best) >= STRONG_TO_COMPETE:
            return _show_suit(auction, seat, hand) or PASS
        return PASS
    honest = honest_bid(hand, _shown_suits(auction, partner(seat)))
    for level in (honest.level, honest.level - 1):
        if level >= min(GENUINE):
            call = _legal(auction, make_bid(level, honest.strain))
            if call is not None:
                return call
    return _demand(auction, seat, hand, bid) or PASS


def _demand(auction: Auction, seat: str, hand: Sequence[Card], bid: Bid) -> Call | None:
    if bid.level < 5:
        return None
    side_bids = bids_by(auction.calls, seat) + bids_by(auction.calls, partner(seat))
    if any(demanded_strain(b) for b in side_bids):
        return None  # one demand per side is risk enough
    for suit in reversed(_shown_suits(auction, partner(seat))):
        if suit != "C" and suit_length(hand, suit) >= 3:
            below = STRAINS[STRAINS.index(suit) - 1]
            return highest_legal(auction, below, range(0, min(GENUINE)))
    return None
