"""Sample the cards a seat cannot see, consistent with the auction and the play so far.

A world is consistent when every hidden seat holds no card of an effective suit it has shown
out of, every call a hidden seat made in the auction is the call the simple bidder would make
with the hand that world gives it, and (seen from a defender) the declarer's twelve cards give
a game value that reaches the bid. Worlds come from ``games.sampling.sample_worlds``.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence

from games.cards import SKAT_DECK, Card
from games.quizzes.skat.cut import PLAYER
from games.quizzes.skat.table import Table
from games.sampling import World, sample_worlds
from games.skat import Auction, Contract
from games.skat.auction import PASS, YES
from games.skat.rules import effective_suit
from games.skat.values import game_value, matadors

SKAT = "skat"
# Each try replays the auction for the hidden hands (about half a millisecond a seat), so a
# position whose auction admits under ~3 % of the deals is given up rather than waited for.
MAX_TRIES = 3000


def limited_call(auction: Auction, limit: int) -> str:
    """Return the simple bidder's call when its highest value is ``limit`` (0: never bids)."""
    legal = auction.legal_calls()
    if YES in legal:
        return YES if auction.bid <= limit else PASS
    bids = [int(c) for c in legal if c != PASS]
    return str(bids[0]) if bids and bids[0] <= limit else PASS


def calls_fit(calls: Sequence[tuple[int, str]], seat: int, dealt: Sequence[Card]) -> bool:
    """Return True if the simple bidder holding ``dealt`` in ``seat`` makes ``seat``'s calls."""
    if not any(mover == seat for mover, _ in calls):
        return True
    limit = PLAYER.limit(dealt)
    auction = Auction()
    for mover, call in calls:
        if mover == seat and limited_call(auction, limit) != call:
            return False
        auction.call(call, mover)
    return True


def reaches_bid(contract: Contract, bid: int, twelve: Iterable[Card]) -> bool:
    """Return True if the declarer's twelve cards give a game value of at least ``bid``."""
    if contract.is_null:
        return game_value(contract, 0) >= bid
    return game_value(contract, matadors(twelve, contract.game)) >= bid


def played_by(table: Table, seat: int) -> list[Card]:
    """Return the cards ``seat`` has played so far, the current trick included."""
    tricks = (*table.history, table.current())
    return [c for trick in tricks for s, c in trick if s == seat]


def visible_seats(table: Table, seat: int, contract: Contract) -> set[int]:
    """Return the seats whose hands ``seat`` sees: its own, and the declarer's in an ouvert game."""
    return {seat, table.declarer} if contract.ouvert else {seat}


def skat_known(table: Table, seat: int, contract: Contract) -> bool:
    """Return True if ``seat`` knows the cards counting as skat (the declarer's discard)."""
    return seat == table.declarer and not contract.hand


def sample_play_worlds(
    table: Table,
    seat: int,
    contract: Contract,
    bid: int,
    calls: Sequence[tuple[int, str]],
    seed: int,
    n: int,
) -> list[World]:
    """Return ``n`` worlds (place -> cards for every hidden place) as ``seat`` sees the play."""
    seen = visible_seats(table, seat, contract)
    hidden = [s for s in range(3) if s not in seen]
    known: dict[str, list[Card]] = {str(s): list(table.hands[s]) for s in sorted(seen)}
    if skat_known(table, seat, contract):
        known[SKAT] = list(table.skat)
    played = {c for trick in (*table.history, table.current()) for _, c in trick}
    held = {c for cards in known.values() for c in cards}
    unseen = [c for c in SKAT_DECK if c not in played and c not in held]
    sizes = {str(s): len(table.hands[s]) for s in hidden}
    if SKAT not in known:
        sizes[SKAT] = len(table.skat)
    shown_out = table.voids()
    voids = {str(s): shown_out[s] for s in hidden}

    def accept(world: World) -> bool:
        return consistent(table, world, hidden, contract, bid, calls, voids)

    worlds = sample_worlds(
        "skat",
        known,
        unseen,
        sizes,
        random.Random(seed),
        n,
        voids=voids,
        accept=accept,
        max_tries=MAX_TRIES,
        suit_of=lambda c: effective_suit(c, table.game),
    )
    return [{place: cards for place, cards in w.items() if place in sizes} for w in worlds]


def consistent(
    table: Table,
    world: Mapping[str, Sequence[Card]],
    hidden: Collection[int],
    contract: Contract,
    bid: int,
    calls: Sequence[tuple[int, str]],
    voids: Mapping[str, Collection[str]],
) -> bool:
    """Return True if a world fits the voids, the auction and the bid (see module doc)."""
    for seat in hidden:
        shown_out = voids.get(str(seat), ())
        if any(effective_suit(c, table.game) in shown_out for c in world[str(seat)]):
            return False
    skat = world.get(SKAT, table.skat)
    for seat in hidden:
        now = [*played_by(table, seat), *world[str(seat)]]
        if seat != table.declarer:
            if not calls_fit(calls, seat, now):
                return False
            continue
        if not reaches_bid(contract, bid, [*now, *skat]):
            return False
        # A hand game's declarer still holds the ten cards it bid with.
        if contract.hand and not calls_fit(calls, seat, now):
            return False
    return True


def apply_world(table: Table, world: Mapping[str, Sequence[Card]]) -> Table:
    """Return the table with the hidden places filled in from ``world``."""
    hands = [world.get(str(s), table.hands[s]) for s in range(3)]
    return table.with_hands(hands, world.get(SKAT, table.skat))


def world_json(world: Mapping[str, Sequence[Card]]) -> dict[str, list[str]]:
    """Return a world as place -> card strings."""
    return {place: [str(c) for c in cards] for place, cards in world.items()}


def world_from_json(data: Mapping[str, Sequence[str]]) -> dict[str, list[Card]]:
    """Read a world written by ``world_json``."""
    return {place: SKAT_DECK.parse_hand(list(cards)) for place, cards in data.items()}
