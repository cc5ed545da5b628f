"""A simple rule-based card player for 500; deterministic, using only what its seat can see.

A seat sees its own cards, the cards played so far and, in open misère, the exposed hand.
The heuristics, in order:

- Normal contracts, leading: the declaring side draws trumps with its highest trump while
  the opponents may still hold some (when it is the top trump, or from four trumps or more);
  anyone cashes a side-suit card that no unseen card of its suit beats;
  otherwise lead the lowest card of the longest side suit.
- Following: when the partner is winning and cannot be beaten (or we play last), play low;
  otherwise win as cheaply as possible, preferring a card nothing unseen can beat; when we
  cannot win, play the lowest card.
- Misère declarer: duck with the highest card that still loses; lead the lowest card; when
  void, throw the highest card (never the joker, which would win).
- Misère defenders: play low under the declarer's card so it stays on top; when void, throw
  high cards; lead the lowest card.
- A joker led in no trumps names the leader's longest suit.
"""

from __future__ import annotations

from games.cards import FIVE_HUNDRED_DECK, SUITS, Card
from games.five_hundred.play import Play
from games.five_hundred.rules import trick_winner

# With this many trumps the declaring side leads its top trump even when a higher one is out.
DRAW_WITH_TRUMPS = 4


class SimplePlayer:
    """Choose cards for any seat of a Play (see the module docstring for the method)."""

    def choose_card(self, play: Play, seat: str) -> tuple[Card, str | None]:
        """Return the card ``seat`` plays now and the suit named for a joker led in no trumps."""
        legal = play.legal_cards(seat)
        if not legal:
            raise ValueError(f"{seat} has no card to play now (to move: {play.to_move})")
        if len(legal) == 1:
            card = legal[0]
        elif play.contract.is_misere:
            card = self._misere(play, seat, legal)
        elif not play.current:
            card = self._lead(play, seat, legal)
        else:
            card = self._follow(play, seat, legal)
        return card, self._joker_suit(play, seat, card)

    # ------------------------------------------------------------------ what the seat sees

    @staticmethod
    def _unseen(play: Play, seat: str) -> list[Card]:
        known = set(play.hands[seat]) | set(play.played_cards()) | set(play.exposed or ())
        return [card for card in FIVE_HUNDRED_DECK if card not in known]

    @staticmethod
    def _is_boss(play: Play, card: Card, unseen: list[Card]) -> bool:
        """Return True when no unseen card of its suit ranks higher (ruffs aside)."""
        order = play.order
        suit = order.suit_of(card)
        return all(
            order.power(other) < order.power(card)
            for other in unseen
            if order.suit_of(other) == suit
        )

    # ------------------------------------------------------------------ normal contracts

    def _lead(self, play: Play, seat: str, legal: list[Card]) -> Card:
        order = play.order
        unseen = self._unseen(play, seat)
        trumps = [c for c in legal if order.is_trump(c)]
        if seat in play.contract.team and trumps and any(order.is_trump(c) for c in unseen):
            top = max(trumps, key=order.power)
            if self._is_boss(play, top, unseen) or len(trumps) >= DRAW_WITH_TRUMPS:
                return top
        side = [c for c in legal if not order.is_trump(c)]
        bosses = [c for c in side if self._is_boss(play, c, unseen)]
        if bosses:
            return max(bosses, key=order.power)
        pool = side or legal

        def length(card: Card) -> int:
            return sum(1 for c in pool if order.suit_of(c) == order.suit_of(card))

        longest = max(length(c) for c in pool)
        return min((c for c in pool if length(c) == longest), key=lambda c: (order.power(c), c))

    def _follow(self, play: Play, seat: str, legal: list[Card]) -> Card:
        order = play.order
        led = play.led_suit
        assert led is not None
        cards = [card for _, card in play.current]
        best = play.current[trick_winner(order, cards, play.joker_suit)]
        best_key = order.trick_key(best[1], led)
        unseen = self._unseen(play, seat)
        last = len(play.current) == len(play.players) - 1
        team = play.contract.team
        partner_winning = (best[0] in team) == (seat in team)
        if partner_winning and (last or all(order.trick_key(c, led) < best_key for c in unseen)):
            return self._lowest(play, legal)
        winners = [c for c in legal if order.trick_key(c, led) > best_key]
        if not winners:
            return self._lowest(play, legal)
        sure = [
            c
            for c in winners
            if all(order.trick_key(u, led) < order.trick_key(c, led) for u in unseen)
        ]
        return min(sure or winners, key=lambda c: (order.trick_key(c, led), c))

    @staticmethod
    def _lowest(play: Play, legal: list[Card]) -> Card:
        order = play.order
        return min(legal, key=lambda c: (order.is_trump(c), order.power(c), c))

    # ------------------------------------------------------------------ misère

    def _misere(self, play: Play, seat: str, legal: list[Card]) -> Card:
        order = play.order
        plain = [c for c in legal if not c.is_joker] or legal
        if not play.current:
            return min(plain, key=lambda c: (order.power(c), c))
        led = play.led_suit
        assert led is not None
        cards = [card for _, card in play.current]
        best_seat, best = play.current[trick_winner(order, cards, play.joker_suit)]
        best_key = order.trick_key(best, led)
        following = any(order.suit_of(c) == led for c in legal)
        if seat == play.contract.declarer:
            if not following:
                return max(plain, key=lambda c: (order.power(c), c))
            ducks = [c for c in plain if order.trick_key(c, led) < best_key]
            if ducks:
                return max(ducks, key=lambda c: (order.power(c), c))
            return min(plain, key=lambda c: (order.power(c), c))
        if not following:
            return max(plain, key=lambda c: (order.power(c), c))
        if best_seat == play.contract.declarer:
            unders = [c for c in plain if order.trick_key(c, led) < best_key]
            if unders:
                return max(unders, key=lambda c: (order.power(c), c))
        return min(plain, key=lambda c: (order.power(c), c))

    # ------------------------------------------------------------------ joker naming

    @staticmethod
    def _joker_suit(play: Play, seat: str, card: Card) -> str | None:
        if not (card.is_joker and not play.current and play.order.trump is None):
            return None
        hand = play.hands[seat]
        return max(SUITS, key=lambda s: (sum(1 for c in hand if c.suit == s), -SUITS.index(s)))
