"""The kitty exchange: the declarer adds the three kitty cards and discards any three.

Source: five-hundred.da.txt, "Sådan spiller man", second paragraph.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import Card, check_unique
from games.five_hundred.dealing import HAND_SIZE, KITTY_SIZE
from games.five_hundred.errors import IllegalDiscard


def exchange(
    hand: Sequence[Card], kitty: Sequence[Card], discards: Sequence[Card]
) -> tuple[Card, ...]:
    """Return the declarer's ten-card hand after taking ``kitty`` and putting ``discards`` away.

    Raises IllegalDiscard when the hand or kitty has the wrong size, when there are not
    exactly three distinct discards, or when a discard is not among the thirteen cards.
    """
    if len(hand) != HAND_SIZE:
        raise IllegalDiscard(f"the declarer's hand has {len(hand)} cards, expected {HAND_SIZE}")
    if len(kitty) != KITTY_SIZE:
        raise IllegalDiscard(f"the kitty has {len(kitty)} cards, expected {KITTY_SIZE}")
    if len(discards) != KITTY_SIZE:
        raise IllegalDiscard(f"discard exactly {KITTY_SIZE} cards, not {len(discards)}")
    try:
        check_unique(discards)
    except ValueError as error:
        raise IllegalDiscard(f"discards must be different cards: {error}") from None
    pool = [*hand, *kitty]
    for card in discards:
        if card not in pool:
            raise IllegalDiscard(f"cannot discard {card}: it is not in the hand or the kitty")
    return tuple(card for card in pool if card not in discards)
