"""Hidden hands consistent with what the deciding seat knows: its cards, voids, the auction.

Worlds come from ``games.sampling.sample_worlds``: the seat's own hand (and an open miserie
hand) is known, every other remaining card is dealt to the hidden seats with the hand sizes
they have, no seat gets a suit it showed out of, and the auction must come out the same: the
world's full hands (what each seat still holds plus what it played) are bid again by the
simple bidder, which must make exactly the calls that were made.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence

from games.cards import SEATS, WIEZEN_DECK, Card, mask_of
from games.quizzes.wiezen.cut import Cut, seat_at
from games.quizzes.wiezen.table import GAME, Hands
from games.quizzes.wiezen.view import shown_seats
from games.sampling import World, sample_worlds
from games.wiezen import Auction, Call, Play, choose_call, find_troel

# Draws per wanted world before giving up on a position (only the auction check rejects).
TRIES_PER_WORLD = 30


class _Snapshot(Auction):
    """An auction frozen before one call; its legal calls (which no hand changes) are kept."""

    frozen_legal: list[Call]

    def legal_calls(self) -> list[Call]:
        return self.frozen_legal


def _snapshot(auction: Auction) -> _Snapshot:
    snapshot = object.__new__(_Snapshot)
    snapshot.__dict__.update(copy.deepcopy(auction.__dict__))
    snapshot.frozen_legal = auction.legal_calls()
    return snapshot


class AuctionCheck:
    """Test whether the simple bidder, given other hands, would have made the same calls.

    A seat's calls depend only on its own hand and the calls before them, so each seat is
    checked on its own against snapshots of the auction taken before each of its calls, and
    the answer is remembered per hand (late in a deal the same hands come up again and again).
    The troel announcement depends on where the aces lie, so it is compared as a whole.
    """

    def __init__(self, dealer: str, history: Sequence[tuple[str, Call]], hands: Hands) -> None:
        auction = Auction(dealer, hands)
        self.troel = auction.troel
        made = len(auction.history)
        self.turns: dict[str, list[tuple[_Snapshot, Call]]] = {s: [] for s in SEATS}
        for seat, call in history[made:]:
            self.turns[seat].append((_snapshot(auction), call))
            auction.apply(call, seat)
        self._memo: dict[tuple[str, int], bool] = {}

    def seat_fits(self, seat: str, hand: Sequence[Card]) -> bool:
        """Return True when ``seat`` holding ``hand`` makes its calls of the auction."""
        key = (seat, mask_of(hand))
        found = self._memo.get(key)
        if found is None:
            found = True
            for snapshot, call in self.turns[seat]:
                snapshot.hands[seat] = list(hand)
                if choose_call(snapshot) != call:
                    found = False
                    break
            self._memo[key] = found
        return found

    def __call__(self, hands: Mapping[str, Sequence[Card]]) -> bool:
        if find_troel(hands) != self.troel:
            return False
        return all(self.seat_fits(s, hands[s]) for s in SEATS if self.turns[s])


def shown_voids(play: Play) -> dict[str, set[str]]:
    """Return the suits each seat has shown out of (failed to follow) so far."""
    voids: dict[str, set[str]] = {s: set() for s in SEATS}
    tricks = [(t.leader, t.cards) for t in play.tricks] + [(play.leader, tuple(play.current))]
    for leader, cards in tricks:
        for i, card in enumerate(cards[1:], start=1):
            if card.suit != cards[0].suit:
                voids[seat_at(leader, i)].add(cards[0].suit)
    return voids


def play_worlds(cut: Cut, n: int, rng: random.Random) -> list[World]:
    """Return ``n`` worlds (remaining hands by seat) the seat to move cannot tell apart.

    Raises NoDealFound when too few worlds pass the auction check.
    """
    play = cut.play
    shown = shown_seats(cut, double_dummy=False)
    hidden = [s for s in SEATS if s not in shown]
    voids = shown_voids(play)
    check = AuctionCheck(cut.dealer, cut.auction.history, cut.hands)
    played = {s: cut.played_by(s) for s in SEATS}

    def accept(world: World) -> bool:
        return check({s: world[s] + played[s] for s in SEATS})

    return sample_worlds(
        GAME,
        {s: play.hands[s] for s in shown},
        [c for s in hidden for c in play.hands[s]],
        {s: len(play.hands[s]) for s in hidden},
        rng,
        n,
        voids={s: voids[s] for s in hidden},
        accept=accept,
        max_tries=n * TRIES_PER_WORLD,
    )


def bid_worlds(
    check: AuctionCheck, seat: str, hand: Sequence[Card], n: int, rng: random.Random
) -> list[World]:
    """Return ``n`` full deals in which ``seat`` holds ``hand`` and ``check`` passes.

    Raises NoDealFound when too few deals pass the auction check.
    """
    hidden = [s for s in SEATS if s != seat]
    held = set(hand)
    return sample_worlds(
        GAME,
        {seat: list(hand)},
        [c for c in WIEZEN_DECK if c not in held],
        dict.fromkeys(hidden, 13),
        rng,
        n,
        accept=check,
        max_tries=n * TRIES_PER_WORLD,
    )
