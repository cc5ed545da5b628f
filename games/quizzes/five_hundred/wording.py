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


def _number(value: float) -> str:
    return f"{value:g}" if value == int(value) else f"{value:.2f}"


def _tricks(count: float) -> str:
    return f"{_number(count)} trick{'' if count == 1 else 's'}"


def cost_text(answer: str, value: float, best_value: float, best: str, unit: str) -> str:
    """Return one sentence saying what ``answer`` costs against ``best``."""
    if unit == "success rate":
        return f"After {answer} your side can no longer get what it plays for; after {best} it can."
    lost = best_value - value
    return (
        f"{answer} gives up {_tricks(lost)}: your side ends with {_tricks(value)} "
        f"instead of {_tricks(best_value)} after {best}."
    )


def average_text(
    answer: str, value: float, best_value: float, best: str, unit: str, worse: int, n: int
) -> str:
    """Return one sentence comparing sampled averages over the same ``n`` worlds."""
    what = "success rate" if unit == "success rate" else unit
    return (
        f"{answer} averages {_number(round(value, 2))} {what} against "
        f"{_number(round(best_value, 2))} for {best} over the same {n} sampled deals; "
        f"it does worse in {worse} of them."
    )


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
