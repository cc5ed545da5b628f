"""What a 500 deal ends in, in the game's own terms: the result band, the score and its words.

A contract ends in one of its result bands, ranked by what the declaring side scores for it
(``games.five_hundred.scoring``): **set** (fewer tricks than bid: the contract's value is
lost), **made** (the bid reached: its table value, overtricks add nothing) and, when all ten
tricks score more than the bid (the slam rule, at least 250), **slam**. Misère has only made
(no trick for the declarer) and set. For the defenders the order is reversed.

The score of a deal for a side is its points minus the other side's, under the default
settings: the declaring side's contract points against the defence's 10 a trick (nothing in
misère). Tricks are only the detail inside a band: the side to move's own tricks.
"""

from __future__ import annotations

from games.five_hundred import Contract
from games.five_hundred.scoring import contract_points, score_deal
from games.five_hundred.settings import DEFAULT_SETTINGS
from games.quizzes.common.verdict import Outcome

TRICKS_PER_DEAL = 10
SET, MADE, SLAM = 0, 1, 2


def slam_pays(contract: Contract) -> bool:
    """Return True when all ten tricks score more than the bid (the slam is its own band)."""
    if contract.is_misere:
        return False
    made = contract_points(contract, contract.tricks_needed, DEFAULT_SETTINGS)
    return contract_points(contract, TRICKS_PER_DEAL, DEFAULT_SETTINGS) > made


def band(contract: Contract, tricks: int) -> int:
    """Return the declaring side's band (SET, MADE, SLAM) when it takes ``tricks``.

    Misère: ``tricks`` is 0 when the declarer takes no trick (made), else at least 1 (set).
    """
    if contract.is_misere:
        return MADE if tricks == 0 else SET
    if tricks < contract.tricks_needed:
        return SET
    if tricks == TRICKS_PER_DEAL and slam_pays(contract):
        return SLAM
    return MADE


def side_score(contract: Contract, tricks: int, declaring: bool) -> int:
    """Return a side's points minus the other side's when the declaring side takes ``tricks``."""
    points = score_deal(contract, tricks, DEFAULT_SETTINGS).points
    diff = points[contract.side] - points[contract.defending_side]
    return diff if declaring else -diff


def tricks_word(count: int) -> str:
    return f"{count} trick{'' if count == 1 else 's'}"


def result_words(contract: Contract, tricks: int) -> str:
    """Return the result in words, to read after "With <card>" (the declaring side's tricks)."""
    if contract.is_misere:
        what = "open misère" if contract.is_open else "misère"
        if tricks == 0:
            return f"the {what} is made (the declarer takes no trick)"
        return f"the {what} is set (the declarer takes a trick)"
    level = band(contract, tricks)
    if level == SET:
        return f"the contract is set ({tricks_word(tricks)}, {contract.tricks_needed} needed)"
    if level == SLAM:
        slam = contract_points(contract, TRICKS_PER_DEAL, DEFAULT_SETTINGS)
        return f"the contract is made with all ten tricks (a slam: {slam} points)"
    return f"the contract is made with {tricks_word(tricks)}"


def outcome(contract: Contract, tricks: int, declaring: bool) -> Outcome:
    """Return the outcome for a side (declaring or defending) when the declarers take ``tricks``.

    ``rank``: the band, higher is better for that side; ``score``: its points minus the other
    side's; ``reached``: the contract made (declaring side) or set (defenders); ``detail``:
    the side's own tricks (0 in misère, where only the band counts).
    """
    level = band(contract, tricks)
    top = SLAM if slam_pays(contract) else MADE
    made = level != SET
    own = tricks if declaring else TRICKS_PER_DEAL - tricks
    detail = 0 if contract.is_misere else own
    return Outcome(
        rank=level if declaring else top - level,
        score=float(side_score(contract, tricks, declaring)),
        reached=made if declaring else not made,
        detail=float(detail),
        words=result_words(contract, tricks),
    )
