"""Sample the hidden hands a seat cannot see, consistent with the auction and the play.

A world fixes every card the deciding seat does not see: the other playing hands, the
declarer's three discards (unless the seat is the declarer) and, in misère, the hand of the
partner who sits out. Worlds keep the voids shown in the play (a seat that did not follow a
suit has none left; suits are effective suits of the contract, so bowers count as trumps) and
must give every seat whose dealt hand the world fixes a hand that supports its bids (see
``table.bids_fit``; a hidden declarer is not checked: its dealt hand is mixed with the kitty).
Replaying the simple bidder's every call exactly was tried first but accepted too few worlds
(seconds per quiz).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.cards import FIVE_HUNDRED_DECK, SEATS, Card
from games.five_hundred import Play
from games.five_hundred.calls import Call
from games.quizzes.five_hundred.table import bids_fit
from games.sampling import World, sample_worlds

N_WORLDS = 100
# Draws allowed before giving up on a view: a few hundred ms at most (see the docs).
MAX_TRIES = 3000
KITTY = "kitty"


def voids_shown(play: Play) -> dict[str, set[str]]:
    """Return the effective suits each seat has shown out of during the play so far."""
    out: dict[str, set[str]] = {}
    tricks = [(t.plays, t.joker_suit) for t in play.tricks]
    if play.current:
        tricks.append((tuple(play.current), play.joker_suit))
    order = play.order
    for plays, named in tricks:
        first = plays[0][1]
        led = named if first.is_joker and named is not None else order.suit_of(first)
        for seat, card in plays[1:]:
            if order.suit_of(card) != led:
                out.setdefault(seat, set()).add(led)
    return out


def played_by(play: Play) -> dict[str, list[Card]]:
    """Return the cards each seat has played so far, the current trick included."""
    out: dict[str, list[Card]] = {seat: [] for seat in SEATS}
    for trick in play.tricks:
        for seat, card in trick.plays:
            out[seat].append(card)
    for seat, card in play.current:
        out[seat].append(card)
    return out


def play_worlds(
    play: Play,
    seat: str,
    dealer: str,
    calls: Sequence[tuple[str, Call]],
    discards: Sequence[Card],
    seed: int,
    n: int = N_WORLDS,
) -> list[World]:
    """Return ``n`` worlds for ``seat`` deciding in ``play`` (see the module docstring)."""
    contract = play.contract
    declarer = contract.declarer
    known: dict[str, list[Card]] = {seat: list(play.hands[seat])}
    if play.exposed is not None and seat != declarer:
        known[declarer] = list(play.hands[declarer])
    if seat == declarer:
        known[KITTY] = list(discards)
    seen = {c for cards in known.values() for c in cards} | set(play.played_cards())
    sizes = {s: len(play.hands[s]) for s in contract.players if s not in known}
    if contract.sitting_out is not None:
        sizes[contract.sitting_out] = 10
    if KITTY not in known:
        sizes[KITTY] = 3
    hidden = [c for c in FIVE_HUNDRED_DECK if c not in seen]
    shown = played_by(play)
    checked = [s for s in sizes if s != KITTY and s != declarer]

    def agrees(world: World) -> bool:
        dealt: Mapping[str, list[Card]] = {s: world[s] + shown[s] for s in checked}
        return bids_fit(calls, dealt)

    voids = {s: suits for s, suits in voids_shown(play).items() if s in sizes}
    return sample_worlds(
        "five_hundred",
        known,
        hidden,
        sizes,
        random.Random(f"five_hundred/worlds/{seed}"),
        n,
        voids=voids,
        accept=agrees,
        suit_of=play.order.suit_of,
        max_tries=MAX_TRIES,
    )
