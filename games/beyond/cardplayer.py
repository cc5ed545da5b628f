"""A deterministic rule-based card player aiming at its own exact trick target.

Each card it chooses serves one goal for the current trick, "win" or "lose":
- win while the player still needs tricks, lose once the target is reached; in the pass
  round every player tries to lose (each trick taken scores for the opponents);
- never overtake partner when partner is winning the trick and still needs tricks;
- when our pair can no longer score (one of us is over target or cannot catch up), spoil
  instead, as the text advises: let an opponent who has reached target take tricks, and fight
  for tricks an opponent still needs.
To win when following, the last player uses the cheapest winning card and others the highest.
To lose, a player sheds the highest card that still loses, keeping jokers (sure losers on a
suit lead) for later; unable to win a wanted trick, it plays its lowest card. Leads: to win,
a top card of a suit, or a joker when no other joker is out; to lose, the suit card with the
most higher cards still out, jokers last.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.cards import BEYOND_DECK, SUITS, Card

from .play import Play
from .rules import rank_value, trick_winner
from .seats import partner, same_side


def _power(card: Card, trump: str | None) -> tuple[int, int]:
    """Return an order for spending cards: jokers lowest, then plain suits, then trumps."""
    if card.is_joker:
        return (-1, int(card.rank))
    return (1 if card.suit == trump else 0, rank_value(card))


def _wins_now(trick: Sequence[Card], card: Card, trump: str | None) -> bool:
    return trick_winner([*trick, card], trump) == len(trick)


def _can_still_hit(target: int, won: int, left: int) -> bool:
    return won <= target <= won + left


def _goal(play: Play, seat: str, targets: Mapping[str, int] | None) -> str:
    if targets is None:
        return "lose"
    won = play.tricks_won()
    left = play.total_tricks - len(play.completed)
    trick = play.current
    leader_now = trick.seat_of(trick_winner(trick.cards, play.trump)) if trick.cards else None
    mate = partner(seat)
    pair_alive = all(_can_still_hit(targets[s], won[s], left) for s in (seat, mate))
    if not pair_alive:
        if leader_now is None or same_side(leader_now, seat):
            return "lose"
        return "lose" if won[leader_now] >= targets[leader_now] else "win"
    if won[seat] >= targets[seat]:
        return "lose"
    if leader_now == mate and won[mate] < targets[mate]:
        return "lose"
    return "win"


def _unseen(play: Play, seat: str) -> set[Card]:
    """Return the cards still out in other players' hands, as far as ``seat`` can tell."""
    return set(BEYOND_DECK) - set(play.played_cards()) - set(play.hands[seat])


def _higher_out(card: Card, unseen: set[Card]) -> int:
    return sum(1 for c in unseen if c.suit == card.suit and rank_value(c) > rank_value(card))


def _lead(play: Play, seat: str, legal: list[Card], goal: str) -> Card:
    unseen = _unseen(play, seat)
    suits = [c for c in legal if not c.is_joker]
    jokers = [c for c in legal if c.is_joker]
    if goal == "win":
        masters = [c for c in suits if _higher_out(c, unseen) == 0]
        if masters:
            return max(masters, key=lambda c: _power(c, play.trump))
        if jokers and not any(c.is_joker for c in unseen):
            return jokers[0]
        pool = suits or jokers
        return max(pool, key=lambda c: _power(c, play.trump))
    if not suits:
        return jokers[0]
    plain = [c for c in suits if c.suit != play.trump] or suits
    return max(plain, key=lambda c: (_higher_out(c, unseen), -rank_value(c), SUITS.index(c.suit)))


def _follow(play: Play, legal: list[Card], goal: str) -> Card:
    trick = play.current.cards
    last = len(trick) == 3
    winners = [c for c in legal if _wins_now(trick, c, play.trump)]
    losers = [c for c in legal if c not in winners]
    if goal == "win" and winners:
        pick = min if last else max
        return pick(winners, key=lambda c: _power(c, play.trump))
    if losers:
        suited = [c for c in losers if not c.is_joker]
        # Wanting a trick but unable to win this one: keep the high cards for later.
        shed = max if goal == "lose" else min
        return shed(suited or losers, key=lambda c: _power(c, play.trump))
    if goal == "lose" and not last:
        return min(winners, key=lambda c: _power(c, play.trump))
    return max(legal, key=lambda c: _power(c, play.trump))


def choose_card(play: Play, targets: Mapping[str, int] | None = None) -> Card:
    """Return the card the simple player plays for the seat to move.

    ``targets`` are the four declarations; None means the pass round.
    """
    seat = play.to_move
    if seat is None:
        raise ValueError("cannot choose a card: the play is over")
    legal = play.legal_cards()
    if len(legal) == 1:
        return legal[0]
    goal = _goal(play, seat, targets)
    if not play.current.cards:
        return _lead(play, seat, legal, goal)
    return _follow(play, legal, goal)
