"""Set a quiz deal up: deal under a constraint, bid and play with the simple players.

Every quiz starts from a real deal: the cards come from ``games.sampling.deal_matching`` (so a
constraint is honoured), the auction and the play up to the decision are the engine's simple
players (``games.wiezen.players``), so the positions look like real play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.cards import SEATS, Card, sort_key
from games.position import Call as PositionCall
from games.position import Seat, Trick, WiezenPosition, deal_record, settings_json
from games.sampling import deal_matching
from games.wiezen import Auction, Call, Contract, ContractKind, Play, choose_call, choose_card
from games.wiezen.settings import DEFAULT_SETTINGS

GAME = "wiezen"
Hands = dict[str, list[Card]]
# Contracts whose play the quizzes cover: one side against the other. Piccolo is a variant
# that is off by default, and several miserie players at once are not a two-sided game.
PLAY_KINDS = (
    ContractKind.ASK_JOIN,
    ContractKind.ALONE,
    ContractKind.TROEL,
    ContractKind.ABONDANCE,
    ContractKind.SOLO,
    ContractKind.MISERIE,
    ContractKind.OPEN_MISERIE,
)


def dealer_for(seed: int) -> str:
    """Return the dealer of a quiz deal: the seat the seed picks, so every seat deals."""
    return SEATS[seed % 4]


def deal_hands(seed: int, constraint: Any = None) -> Hands:
    """Deal 13 cards to each seat from ``seed``; the deal satisfies ``constraint`` if given.

    NoDealFound from ``deal_matching`` propagates when no deal meets the constraint.
    """
    dealt = deal_matching(GAME, constraint, seed)
    return {seat: sorted(dealt.hands[seat], key=sort_key) for seat in SEATS}


def replay_auction(dealer: str, hands: Hands, calls: list[tuple[str, Call]]) -> Auction:
    """Return an auction with ``calls`` applied (the troel announcement is made by itself)."""
    auction = Auction(dealer, hands)
    made = len(auction.history)
    for seat, call in calls[made:]:
        auction.apply(call, seat)
    return auction


def finish_auction(auction: Auction) -> Auction:
    """Let the simple bidder make every remaining call; return the same auction."""
    while not auction.finished:
        auction.apply(choose_call(auction))
    return auction


def playable(contract: Contract | None) -> bool:
    """Return True for a contract whose play a quiz can cover (see PLAY_KINDS)."""
    if contract is None or contract.kind not in PLAY_KINDS:
        return False
    return not (contract.is_individual and len(contract.declarers) > 1)


def play_until(hands: Hands, contract: Contract, tricks_left: int, on_trick: int = 0) -> Play:
    """Play with the simple players until ``tricks_left`` tricks remain.

    ``on_trick`` cards (0 to 3) of the next trick are then played as well.
    """
    play = Play(hands, contract)
    done = 13 - tricks_left
    while len(play.tricks) < done or (len(play.tricks) == done and len(play.current) < on_trick):
        play.play(choose_card(play))
    return play


def auction_pairs(auction: Auction) -> list[list[str]]:
    """Return the auction so far as JSON-safe [seat, call] pairs."""
    return [[seat, str(call)] for seat, call in auction.history]


def cards_text(cards: list[Card]) -> list[str]:
    """Return cards as sorted card tokens (display order: S, H, D, C, high first)."""
    return [str(c) for c in sorted(cards, key=sort_key)]


def _seat_at(leader: str, index: int) -> str:
    return SEATS[(SEATS.index(leader) + index) % 4]


def _plays(leader: str, cards: Sequence[Card]) -> tuple[tuple[Seat, str], ...]:
    return tuple((_seat_at(leader, i), str(c)) for i, c in enumerate(cards))


def wiezen_position(
    *,
    seat: str,
    dealer: str,
    question: str,
    dealt: Hands,
    shown: Sequence[str],
    auction: Auction,
    contract: Contract | None,
    play: Play | None = None,
) -> dict[str, Any]:
    """Return the JSON position of a Kleurenwiezen decision, built through the typed record.

    ``play`` is the card play up to the decision (None in the bidding). The decider's side's
    tricks so far and the tricks the contract needs are written out for the page.
    """
    held = {s: list(play.hands[s]) for s in SEATS} if play is not None else dict(dealt)
    tricks: tuple[Trick, ...] = ()
    current = Trick()
    side_tricks = None
    if play is not None:
        tricks = tuple(Trick(_plays(t.leader, t.cards), t.winner) for t in play.tricks)
        current = Trick(_plays(play.leader, play.current))
    if play is not None and contract is not None:
        won = play.tricks_won()
        side_tricks = sum(won[s] for s in contract.partners(seat))
    record = WiezenPosition(
        seat=seat,
        dealer=dealer,
        question=question,
        hands={s: tuple(cards_text(held[s])) for s in shown},
        hidden=tuple(s for s in SEATS if s not in shown),
        contract=None if contract is None else contract.to_dict(),
        auction=tuple(PositionCall(s, c) for s, c in auction_pairs(auction)),
        trick=current,
        tricks_played=tricks,
        tricks_won=play.tricks_won() if play is not None else {},
        tricks_left=13 - len(tricks),
        side_tricks=side_tricks,
        tricks_needed=None if contract is None else contract.target,
        rules=settings_json(DEFAULT_SETTINGS),
        deal=deal_record(dealt, held),
    )
    return record.to_json()
