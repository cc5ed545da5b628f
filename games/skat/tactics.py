"""Card choice for the simple players: plain, deterministic rules a learner can follow.

Suit games and grand:
- the declarer leads trumps while the defenders may still hold some (the top trump when it
  is the highest left, else the lowest), then side cards that are the highest left in
  their suit, then the lowest card of the shortest side suit;
- a defender leads a side card that is the highest left in its suit, else the lowest card
  of its longest side suit, and trumps only when it holds nothing else;
- following: when the partner is winning and the trick is decided, give points (schmieren);
  when an opponent is winning, win with a side card worth the most points, else with the
  lowest winning trump; otherwise throw the card worth least.
Null: the declarer plays the highest card that still loses the trick (the highest card
when none loses); a defender plays under the declarer's card when it can, else low.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import SKAT_DECK, Card
from games.skat.play import Play
from games.skat.rules import TRUMP, card_points, effective_suit, strength, trick_winner


def _key(card: Card, game: str) -> tuple[bool, int, str]:
    """Order cards by trump-ness then strength, with the card text to break ties."""
    return (effective_suit(card, game) == TRUMP, strength(card, game), str(card))


def _lowest(cards: Sequence[Card], game: str) -> Card:
    """Return the cheapest card: fewest points, then not a trump, then weakest."""
    return min(cards, key=lambda c: (card_points([c]), *_key(c, game)))


def _unseen(play: Play, seat: int) -> list[Card]:
    """Return the cards ``seat`` cannot see: the others' hands (and the skat, for defenders)."""
    known = set(play.hands[seat]) | set(play.played)
    if seat == play.declarer:
        known |= set(play.skat)
    return [c for c in SKAT_DECK if c not in known]


def _unseen_tops(play: Play, seat: int) -> dict[str, int]:
    """Return the strength of the best unseen card of each effective suit (absent: none)."""
    tops: dict[str, int] = {}
    for c in _unseen(play, seat):
        suit = effective_suit(c, play.game)
        tops[suit] = max(tops.get(suit, -1), strength(c, play.game))
    return tops


def _is_master(card: Card, play: Play, seat: int, tops: dict[str, int] | None = None) -> bool:
    """Return True if no unseen card of the same effective suit beats ``card`` (``tops``:
    the seat's ``_unseen_tops``, when the caller already has them)."""
    if tops is None:
        tops = _unseen_tops(play, seat)
    return strength(card, play.game) > tops.get(effective_suit(card, play.game), -1)


def _beats(card: Card, trick: Sequence[Card], game: str) -> bool:
    return trick_winner([*trick, card], game) == len(trick)


def choose_card(play: Play) -> Card:
    """Return the card the simple player picks for the seat to move."""
    seat = play.to_move
    if seat is None:
        raise ValueError("no card to choose: the play is over")
    legal = play.legal_cards()
    if len(legal) == 1:
        return legal[0]
    if play.game == "null":
        return _null_card(play, seat, legal)
    if not play.current:
        return _lead(play, seat, legal)
    return _follow(play, seat, legal)


def _lead(play: Play, seat: int, legal: list[Card]) -> Card:
    game = play.game
    trumps = sorted(
        (c for c in legal if effective_suit(c, game) == TRUMP), key=lambda c: _key(c, game)
    )
    side = [c for c in legal if effective_suit(c, game) != TRUMP]
    tops = _unseen_tops(play, seat)
    outstanding = TRUMP in tops
    if seat == play.declarer and trumps and outstanding:
        top = trumps[-1]
        return top if _is_master(top, play, seat, tops) else trumps[0]
    masters = [c for c in side if _is_master(c, play, seat, tops)]
    if masters:
        return max(masters, key=lambda c: (card_points([c]), *_key(c, game)))
    if not side:
        return trumps[0]
    length = {c.suit: sum(1 for d in side if d.suit == c.suit) for c in side}
    # The declarer shortens a short suit; a defender leads its long suit.
    pick = min if seat == play.declarer else max
    suit = pick(sorted(length), key=lambda s: length[s])
    return min((c for c in side if c.suit == suit), key=lambda c: _key(c, game))


def _follow(play: Play, seat: int, legal: list[Card]) -> Card:
    game = play.game
    trick = play.current
    winner_seat = (play.leader + trick_winner(trick, game)) % 3
    partner_winning = seat != play.declarer and winner_seat != play.declarer
    last = len(trick) == 2
    winning = [c for c in legal if _beats(c, trick, game)]
    tops = _unseen_tops(play, seat)
    if partner_winning:
        winner_card = trick[trick_winner(trick, game)]
        if last or _is_master(winner_card, play, seat, tops):
            side = [c for c in legal if effective_suit(c, game) != TRUMP] or legal
            return max(side, key=lambda c: (card_points([c]), -strength(c, game), str(c)))
        return _lowest(legal, game)
    if winning:
        side_wins = [c for c in winning if effective_suit(c, game) != TRUMP]
        if side_wins and (last or all(_is_master(c, play, seat, tops) for c in side_wins)):
            return max(side_wins, key=lambda c: (card_points([c]), *_key(c, game)))
        if last:
            return min(winning, key=lambda c: _key(c, game))
        masters = [c for c in winning if _is_master(c, play, seat, tops)]
        if masters:
            return min(masters, key=lambda c: _key(c, game))
    return _lowest(legal, game)


def _null_card(play: Play, seat: int, legal: list[Card]) -> Card:
    game = play.game
    trick = play.current
    if seat == play.declarer:
        if not trick:
            return min(legal, key=lambda c: _key(c, game))
        losing = [c for c in legal if not _beats(c, trick, game)]
        return max(losing or legal, key=lambda c: _key(c, game))
    declarer_index = (play.declarer - play.leader) % 3
    if declarer_index < len(trick) and trick_winner(trick, game) == declarer_index:
        under = [c for c in legal if not _beats(c, trick, game)]
        if under:
            return max(under, key=lambda c: _key(c, game))
    return min(legal, key=lambda c: _key(c, game))
