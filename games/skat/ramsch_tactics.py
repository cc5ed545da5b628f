"""Card choice for the simple players in Ramsch, where every card point taken counts against.

- leading: the cheapest card (fewest points, then not a jack, then the weakest);
- following: when some legal card lets the trick go to another seat, play the one of those
  worth the most points (the points end up with someone else); when every card wins, win
  with the one worth the fewest points.
Nothing is random: the same position always gives the same card.
"""

from __future__ import annotations

from games.cards import Card
from games.skat.ramsch import RamschPlay
from games.skat.rules import TRUMP, card_points, effective_suit, strength, trick_winner


def _key(card: Card, game: str) -> tuple[int, bool, int, str]:
    """Order cards by points, then trump-ness, then strength, with the card text to break ties."""
    return (
        card_points([card]),
        effective_suit(card, game) == TRUMP,
        strength(card, game),
        str(card),
    )


def _takes_trick(card: Card, play: RamschPlay) -> bool:
    """Return whether ``card`` would lead the trick so far (and so win it if played last)."""
    trick = [*play.current, card]
    return trick_winner(trick, play.game) == len(trick) - 1


def choose_ramsch_card(play: RamschPlay) -> Card:
    """Return the card the seat to move plays in this Ramsch position."""
    legal = play.legal_cards()
    if not legal:
        raise ValueError("no card to play: the Ramsch deal is over")
    game = play.game
    if not play.current:
        return min(legal, key=lambda c: _key(c, game))
    ducks = [c for c in legal if not _takes_trick(c, play)]
    if ducks:
        return max(ducks, key=lambda c: _key(c, game))
    return min(legal, key=lambda c: _key(c, game))
