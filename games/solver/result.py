"""The answer a solver backend returns."""

from __future__ import annotations

from dataclasses import dataclass

VALUE = "value"
CARDS = "cards"
MODES = (VALUE, CARDS)


@dataclass(frozen=True)
class Result:
    """The value under best play and, in mode ``cards``, the value after each legal card.

    ``cards`` maps each legal card of the player to move (``"SA"``) to the objective's value
    after that card; for a 500 joker lead it is the value with the best suit named.
    """

    value: int
    cards: dict[str, int] | None = None
