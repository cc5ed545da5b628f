"""Score a finished Beyond deal: a contract deal or the pass round.

From ``beyond.da.txt`` (the points list and the pass-round paragraph) and DECISIONS.md:
a pair scores only when both partners hit their declarations exactly; the trump holders get
20 (+20 in no trumps), the other pair 40; a raise adds 30 and a re-raise 60 to whichever pair
scores. In the pass round each pair gets 10 per trick the opponents took, and 30 more if it
avoided the last trick; a pair that took all 13 tricks ends the round 0-0.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games.cards import SEATS

from .auction import AuctionResult
from .declarations import TRICKS
from .errors import DealError
from .seats import PAIRS, pair_of
from .variants import DEFAULT_SETTINGS, BeyondSettings


@dataclass(frozen=True)
class DealScore:
    """The points one deal gives each seat (both partners get their pair's points)."""

    kind: str  # "contract" or "pass_round"
    points: dict[str, int]
    tricks: dict[str, int]
    hits: dict[str, bool]  # empty in the pass round
    summary: str

    @property
    def pair_points(self) -> dict[str, int]:
        """Return the points per partnership, {'NS': .., 'EW': ..}."""
        return {pair: self.points[pair[0]] for pair in PAIRS}


def _check_tricks(tricks: Mapping[str, int]) -> dict[str, int]:
    if set(tricks) != set(SEATS) or any(n < 0 for n in tricks.values()):
        raise DealError(f"trick counts {dict(tricks)}: need a count of 0 or more for N, E, S, W")
    if sum(tricks.values()) != TRICKS:
        raise DealError(f"trick counts {dict(tricks)} add up to {sum(tricks.values())}, not 13")
    return {seat: tricks[seat] for seat in SEATS}


def is_hit(target: int, taken: int, settings: BeyondSettings | None = None) -> bool:
    """Return whether ``taken`` tricks fulfil a declaration of ``target``."""
    settings = settings or DEFAULT_SETTINGS
    return taken == target if settings.exact_targets else taken >= target


def raise_extra(raised: int, settings: BeyondSettings | None = None) -> int:
    """Return the extra points a plain (0), raised (1) or re-raised (2) contract adds."""
    points = (settings or DEFAULT_SETTINGS).points
    if raised == 0:
        return 0
    if raised == 1:
        return points.raise_extra
    replaces = (settings or DEFAULT_SETTINGS).reraise_replaces_raise
    return points.reraise_extra + (0 if replaces else points.raise_extra)


def contract_points(
    contract: AuctionResult, pair: str, settings: BeyondSettings | None = None
) -> int:
    """Return what ``pair`` (NS or EW) scores in ``contract`` when both partners hit."""
    settings = settings or DEFAULT_SETTINGS
    if pair == contract.trump_pair:
        base = settings.points.trump_side
        base += settings.points.no_trump_extra if contract.trump is None else 0
    else:
        base = settings.points.other_side
    return base + raise_extra(contract.raised, settings)


def score_contract(
    contract: AuctionResult,
    targets: Mapping[str, int],
    tricks: Mapping[str, int],
    settings: BeyondSettings | None = None,
) -> DealScore:
    """Score a played contract from the four targets and the tricks each seat took."""
    settings = settings or DEFAULT_SETTINGS
    taken = _check_tricks(tricks)
    if set(targets) != set(SEATS):
        raise DealError(f"targets given for {sorted(targets)}: need N, E, S and W")
    hits = {seat: is_hit(targets[seat], taken[seat], settings) for seat in SEATS}
    pair_points = {
        pair: contract_points(contract, pair, settings) if all(hits[s] for s in pair) else 0
        for pair in PAIRS
    }
    parts = []
    for pair in PAIRS:
        detail = ", ".join(f"{s} {taken[s]}/{targets[s]}" for s in pair)
        parts.append(f"{pair} {pair_points[pair]} ({detail})")
    summary = f"{contract}: " + "; ".join(parts)
    points = {seat: pair_points[pair_of(seat)] for seat in SEATS}
    return DealScore("contract", points, taken, hits, summary)


def score_pass_round(
    tricks: Mapping[str, int], last_trick_winner: str, settings: BeyondSettings | None = None
) -> DealScore:
    """Score the pass round from the tricks each seat took and who took the 13th trick."""
    settings = settings or DEFAULT_SETTINGS
    taken = _check_tricks(tricks)
    if taken.get(last_trick_winner, 0) == 0:
        raise DealError(f"{last_trick_winner!r} took the last trick but no trick is counted")
    by_pair = {pair: sum(taken[s] for s in pair) for pair in PAIRS}
    pair_points: dict[str, int] = {}
    for pair in PAIRS:
        other = PAIRS[1 - PAIRS.index(pair)]
        pair_points[pair] = settings.points.pass_round_per_trick * by_pair[other]
        if pair != pair_of(last_trick_winner):
            pair_points[pair] += settings.points.pass_round_last_trick
    sweep = max(by_pair.values()) == TRICKS
    if sweep and settings.pass_round_sweep_scores_zero:
        pair_points = dict.fromkeys(PAIRS, 0)
    tricks_text = ", ".join(f"{pair} {by_pair[pair]} tricks" for pair in PAIRS)
    points_text = ", ".join(f"{pair} {pair_points[pair]}" for pair in PAIRS)
    note = " (one pair took all 13: 0-0)" if sweep and settings.pass_round_sweep_scores_zero else ""
    summary = f"pass round: {tricks_text}, last trick {last_trick_winner}; {points_text}{note}"
    points = {seat: pair_points[pair_of(seat)] for seat in SEATS}
    return DealScore("pass_round", points, taken, {}, summary)
