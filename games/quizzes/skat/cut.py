"""Deal from a seed, bid, declare and play with the simple players up to a quiz's cut.

Everything before the decision is played by ``games.skat.SimplePlayer``, so the positions are
ones a real (if plain) game reaches. The deal comes from ``games.sampling.deal_matching`` so
that a constraint, when given, is honoured; ``NoDealFound`` propagates to the caller.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.cards import Card
from games.sampling import deal_matching
from games.skat import Auction, Declaration, DeclaredGame, Play, SimplePlayer
from games.skat.tactics import choose_card

MAX_DEAL_TRIES = 20000
PLAYER = SimplePlayer()


@dataclass(frozen=True)
class Dealt:
    """The three hands as dealt (seats 0, 1, 2) and the two skat cards."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    skat: tuple[Card, ...]


@dataclass(frozen=True)
class Setup:
    """A dealt deal after the auction and declaration: everything the play starts from."""

    dealt: Dealt
    auction: tuple[tuple[int, str], ...]
    game: DeclaredGame

    def new_play(self) -> Play:
        """Return a fresh play of this game, forehand to lead."""
        g = self.game
        hands = [list(g.hand) if s == g.declarer else list(self.dealt.hands[s]) for s in range(3)]
        return Play(g.contract.game, hands, g.declarer, leader=0, skat=g.skat)


def deal_cards(seed: int, constraint: Any) -> Dealt:
    """Deal from ``seed``; with a constraint, the first matching deal (NoDealFound if none)."""
    sample = deal_matching("skat", constraint, seed, MAX_DEAL_TRIES)
    h = sample.hands
    return Dealt((tuple(h["0"]), tuple(h["1"]), tuple(h["2"])), tuple(sample.extra))


def run_auction(hands: tuple[tuple[Card, ...], ...]) -> tuple[tuple[int, str], ...]:
    """Return the calls the simple players make with these hands, in order."""
    auction = Auction()
    while (seat := auction.to_move) is not None:
        auction.call(PLAYER.call(auction, hands[seat]), seat)
    return tuple(auction.history)


def auction_result(calls: tuple[tuple[int, str], ...]) -> tuple[int | None, int]:
    """Return the declarer (None when all passed) and the bid of a finished auction."""
    auction = Auction()
    for seat, call in calls:
        auction.call(call, seat)
    result = auction.result
    if result is None:
        raise ValueError(f"the auction {calls} is not finished")
    return result.declarer, result.bid


def setup(seed: int, constraint: Any) -> Setup | None:
    """Deal, bid and declare with the simple players; None when the deal is thrown in."""
    dealt = deal_cards(seed, constraint)
    calls = run_auction(dealt.hands)
    declarer, bid = auction_result(calls)
    if declarer is None:
        return None
    declaration = Declaration(declarer, bid, dealt.hands[declarer], dealt.skat)
    return Setup(dealt, calls, PLAYER.declare(declaration))


def play_until(play: Play, tricks_left: int, in_trick: int) -> bool:
    """Play simple-player cards until ``tricks_left`` remain and ``in_trick`` cards lie on the
    current one; return False if the game ends first."""
    while True:
        mover = play.to_move
        if mover is None:
            return False
        left = len(play.hands[play.leader]) + (1 if play.current else 0)
        if left == tricks_left and len(play.current) == in_trick:
            return True
        if left < tricks_left:
            return False
        play.play(choose_card(play), mover)


def contract_record(setup: Setup) -> dict[str, Any]:
    """Return the contract as the quiz page shows it (JSON-safe)."""
    g = setup.game
    c = g.contract
    return {
        "name": str(c),
        "game": c.game,
        "declarer": g.declarer,
        "bid": g.bid,
        "trump": c.trump_suit,
        "hand": c.hand,
        "ouvert": c.ouvert,
        "schneider_announced": c.schneider_announced,
        "schwarz_announced": c.schwarz_announced,
    }
