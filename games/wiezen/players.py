"""Simple rule-based players: a bidder and a card player, deterministic, for practice deals.

Bidder, in order of preference (each only when legal): solo with an estimated 13 tricks;
join a troel as its partner (a pass is barred for him); open miserie, then miserie, with a
hand whose every suit can duck; abondance with 9+ estimated tricks (level = the estimate, at
most 12); join an ask with 3+ tricks of one's own in the asked suit; ask one's best suit
with 3.5+ tricks and 4+ cards in it; go alone after an unanswered ask with 5+ tricks;
otherwise pass.

Card player: the trick-taking sides win cheaply, duck when a partner is already winning and
discard low; the declaring side draws trumps with the master trump; a miserie player ducks
as high as he safely can and throws his highest card when void; his opponents play low so
that he is left on lead or winning.
"""

from __future__ import annotations

from games.cards import RANKS, Card
from games.wiezen.auction import Auction
from games.wiezen.calls import ALONE, JOIN, JOIN_TROEL, PASS, Call, CallKind
from games.wiezen.contracts import ContractKind
from games.wiezen.hand_eval import best_trump, miserie_safe, trick_estimate
from games.wiezen.play import Play
from games.wiezen.rules import card_power, trick_winner
from games.wiezen.seats import seat_after

ASK_MIN = 3.5
JOIN_MIN = 3.0
ALONE_MIN = 5.0
ABONDANCE_MIN = 9.0
SOLO_MIN = 13.0


def choose_call(auction: Auction) -> Call:
    """Return the simple bidder's call for the player to speak in ``auction``."""
    seat = auction.turn
    if seat is None:
        raise ValueError("the auction is over: nobody is to call")
    legal = auction.legal_calls()
    hand = auction.hands[seat]
    suit, estimate = best_trump(hand)

    def of_kind(kind: CallKind) -> list[Call]:
        return [c for c in legal if c.kind is kind]

    choices: list[Call | None] = []
    if estimate >= SOLO_MIN:
        choices.append(next((c for c in of_kind(CallKind.SOLO) if c.suit == suit), None))
    if JOIN_TROEL in legal:
        choices.append(JOIN_TROEL)
    if miserie_safe(hand, open_hand=True):
        choices += of_kind(CallKind.OPEN_MISERIE)
    if miserie_safe(hand):
        choices += of_kind(CallKind.MISERIE)
    if estimate >= ABONDANCE_MIN:
        level = min(12, int(estimate))
        choices += [
            c
            for c in of_kind(CallKind.ABONDANCE)
            if c.suit == suit and c.level is not None and c.level <= level
        ][:1]
    top = auction.top
    asked = top.suit if top is not None and top.kind is CallKind.ASK else None
    if JOIN in legal and asked and trick_estimate(hand, asked) >= JOIN_MIN:
        choices.append(JOIN)
    if ALONE in legal and asked:
        choices.append(ALONE if trick_estimate(hand, asked) >= ALONE_MIN else PASS)
    if estimate >= ASK_MIN and sum(c.suit == suit for c in hand) >= 4:
        choices += [c for c in of_kind(CallKind.ASK) if c.suit == suit]
    choices.append(PASS)
    # Falls back to the first legal call only where pass is barred and nothing else fits.
    return next((c for c in choices if c is not None and c in legal), legal[0])


def _played(play: Play) -> set[Card]:
    cards = {c for t in play.tricks for c in t.cards}
    return cards | set(play.current)


def _current_winner(play: Play) -> tuple[str, Card] | None:
    if not play.current:
        return None
    index = trick_winner(play.current, play.contract.trump)
    return seat_after(play.leader, index), play.current[index]


def _low(cards: list[Card], trump: str | None) -> Card:
    """Return the cheapest card: lowest rank, non-trumps before trumps."""
    return min(cards, key=lambda c: (c.suit == trump, RANKS.index(c.rank), c.suit))


def _high(cards: list[Card]) -> Card:
    return max(cards, key=lambda c: (RANKS.index(c.rank), c.suit))


def choose_card(play: Play) -> Card:
    """Return the simple card player's card for the seat to move in ``play``."""
    seat = play.to_move
    if seat is None:
        raise ValueError("the deal is over: nobody is to play")
    legal = play.legal_cards()
    if len(legal) == 1:
        return legal[0]
    contract = play.contract
    if contract.is_individual:
        if seat not in contract.declarers:
            return _feed(play, legal)
        wants_a_trick = contract.kind is ContractKind.PICCOLO and play.tricks_won()[seat] == 0
        if not wants_a_trick:
            return _duck(play, legal)
    return _win(play, seat, legal)


def _duck(play: Play, legal: list[Card]) -> Card:
    """Play to lose the trick: the highest card that stays under the winner."""
    winner = _current_winner(play)
    if winner is None:
        return _low(legal, None)
    led = play.current[0].suit
    if legal[0].suit != led:
        return _high(legal)  # void: throw the most dangerous card
    best = card_power(winner[1], led, None)
    under = [c for c in legal if card_power(c, led, None) < best]
    if under:
        return _high(under)
    last = len(play.current) == 3
    return _high(legal) if last else _low(legal, None)


def _feed(play: Play, legal: list[Card]) -> Card:
    """Play against a miserie/piccolo player: stay under him so that he keeps the trick."""
    winner = _current_winner(play)
    if winner is not None and winner[0] in play.contract.declarers:
        led = play.current[0].suit
        best = card_power(winner[1], led, None)
        under = [c for c in legal if card_power(c, led, None) < best]
        if under:
            return _high(under)
    return _low(legal, None)


def _win(play: Play, seat: str, legal: list[Card]) -> Card:
    """Play to win tricks for ``seat``'s side as cheaply as possible."""
    trump = play.contract.trump
    side = play.contract.partners(seat)
    winner = _current_winner(play)
    if winner is None:
        return _lead(play, seat, legal)
    if winner[0] in side:
        return _low(legal, trump)
    led = play.current[0].suit
    best = card_power(winner[1], led, trump)
    beating = [c for c in legal if card_power(c, led, trump) > best]
    if beating:
        return min(beating, key=lambda c: card_power(c, led, trump))
    return _low(legal, trump)


def _lead(play: Play, seat: str, legal: list[Card]) -> Card:
    """Choose a lead: draw trumps with the master trump, else cash a master, else go low."""
    trump = play.contract.trump
    gone = _played(play)
    declaring = seat in play.contract.declarers

    def is_master(card: Card) -> bool:
        higher = RANKS[RANKS.index(card.rank) + 1 :]
        return all(Card(card.suit, r) in gone or Card(card.suit, r) in legal for r in higher)

    trumps = [c for c in legal if c.suit == trump]
    trumps_out = 13 - len(trumps) - sum(c.suit == trump for c in gone)
    if declaring and trumps and trumps_out > 0:
        top = _high(trumps)
        return top if is_master(top) else _low(trumps, None)
    masters = [c for c in legal if c.suit != trump and is_master(c)]
    if masters:
        return _high(masters)
    side = [c for c in legal if c.suit != trump] or legal
    longest = max("SHDC", key=lambda s: (sum(c.suit == s for c in side), s))
    return _low([c for c in side if c.suit == longest], trump)
