"""Feedback wording and rule-text references for 500 quizzes."""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import Card
from games.five_hundred import CardOrder, Contract

PLAY_REF = "five-hundred.da.txt, 'Sådan spiller man' (following suit, the joker as top trump)"
MISERE_REF = "five-hundred.da.txt, 'Pointgivning' (misère: the declarer must take no trick)"
BOWER_REF = "DECISIONS.md, 500 (right and left bowers)"
JOKER_NT_REF = "DECISIONS.md, 500 (the joker in no trumps and misère)"
KITTY_REF = "five-hundred.da.txt, 'Sådan spiller man' (taking the kitty and discarding three)"
TABLE_REF = "five-hundred.da.txt, 'Pointgivning' and DECISIONS.md, 500 (the contract table)"


def rule_ref_for(contract: Contract, accepted: Sequence[Card]) -> str:
    """Return the rule-text parts a play decision exercises."""
    refs = [PLAY_REF]
    if contract.is_misere:
        refs.append(MISERE_REF)
    order = CardOrder.for_contract(contract)
    if any(order.is_right_bower(c) or order.is_left_bower(c) for c in accepted):
        refs.append(BOWER_REF)
    if order.trump is None and any(c.is_joker for c in accepted):
        refs.append(JOKER_NT_REF)
    return "; ".join(refs)
