"""Score a finished deal (zero-sum, per player) and keep a running score sheet."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.cards import SEATS
from games.wiezen.contracts import TRUMP_CONTRACT_KINDS, Contract, ContractKind
from games.wiezen.errors import ScoreError
from games.wiezen.seats import check_seat, seat_after
from games.wiezen.settings import DEFAULT_SETTINGS, PointsTable, WiezenSettings

ALL_TRICKS = 13


@dataclass(frozen=True)
class DealScore:
    """The result of one deal.

    points: each seat's points for the deal (they sum to zero).
    multiplier: what the doublers multiplied the base score by (1 when none applied).
    doublers: the names of the doublers that applied.
    made: for each declarer, whether his side (or he alone, in miserie/piccolo) succeeded.
    summary: one line of English describing the result.
    """

    points: dict[str, int]
    multiplier: int = 1
    doublers: tuple[str, ...] = ()
    made: dict[str, bool] = field(default_factory=dict)
    summary: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-serialisable form of the score."""
        return {
            "points": dict(self.points),
            "multiplier": self.multiplier,
            "doublers": list(self.doublers),
            "made": dict(self.made),
            "summary": self.summary,
        }


def check_tricks(tricks_won: Mapping[str, int]) -> dict[str, int]:
    """Return the trick counts per seat after checking they are four counts adding up to 13."""
    if sorted(tricks_won) != sorted(SEATS):
        raise ScoreError(f"trick counts need the seats N, E, S, W; got {sorted(tricks_won)}")
    counts = {s: tricks_won[s] for s in SEATS}
    for seat, n in counts.items():
        if not isinstance(n, int) or n < 0:
            raise ScoreError(f"{seat} took {n!r} tricks: expected a whole number >= 0")
    if sum(counts.values()) != ALL_TRICKS:
        raise ScoreError(f"trick counts add up to {sum(counts.values())}, expected 13")
    return counts


def _one_against_three(points: dict[str, int], seat: str, value: int) -> None:
    """Add ``value`` to ``seat`` and take a third of it from each other seat (or vice versa)."""
    for other in SEATS:
        points[other] += value if other == seat else -(value // 3)


def _pair(points: dict[str, int], pair: tuple[str, ...], value: int) -> None:
    """Add ``value`` to each partner and take the same from each opponent."""
    for seat in SEATS:
        points[seat] += value if seat in pair else -value


def contract_made(contract: Contract, tricks: dict[str, int]) -> dict[str, bool]:
    """Return, for each declarer, whether his side (or he alone) made the contract."""
    side = sum(tricks[s] for s in contract.declarers)
    if contract.is_individual:
        return {s: tricks[s] == contract.target for s in contract.declarers}
    # Solo's target is 13, so "at least the target" covers it too.
    return dict.fromkeys(contract.declarers, side >= contract.target)


def _base_points(
    contract: Contract, tricks: dict[str, int], made: dict[str, bool], table: PointsTable
) -> dict[str, int]:
    points = dict.fromkeys(SEATS, 0)
    side = sum(tricks[s] for s in contract.declarers)
    kind = contract.kind
    if contract.is_pair:
        over = side - contract.target
        extra = over * table.ask_join_overtrick if over >= 0 else -over * table.ask_join_undertrick
        value = table.ask_join + extra
        _pair(points, contract.declarers, value if over >= 0 else -value)
    elif kind is ContractKind.ALONE:
        over = side - contract.target
        extra = over * table.alone_overtrick if over >= 0 else -over * table.alone_undertrick
        value = table.alone + extra
        _one_against_three(points, contract.declarers[0], value if over >= 0 else -value)
    else:
        value = {
            ContractKind.ABONDANCE: table.abondance,
            ContractKind.SOLO: table.solo,
            ContractKind.MISERIE: table.miserie,
            ContractKind.OPEN_MISERIE: table.open_miserie,
            ContractKind.PICCOLO: table.piccolo,
        }[kind]
        # Several miserie/piccolo players: each is settled with all three others on his own
        # (rule text, "(Open) Miserie", note).
        for seat in contract.declarers:
            _one_against_three(points, seat, value if made[seat] else -value)
    return points


def doublers_for(
    contract: Contract, tricks: dict[str, int], settings: WiezenSettings, after_all_pass: bool
) -> tuple[str, ...]:
    """Return the names of the score doublers that apply to this deal."""
    found = []
    if settings.double_troel and contract.kind is ContractKind.TROEL:
        found.append("troel")
    side = sum(tricks[s] for s in contract.declarers)
    if settings.double_all_tricks and contract.kind in TRUMP_CONTRACT_KINDS and side == ALL_TRICKS:
        found.append("all 13 tricks")
    if settings.double_after_all_pass and after_all_pass:
        found.append("after an all-pass deal")
    return tuple(found)


def score_deal(
    contract: Contract | None,
    tricks_won: Mapping[str, int] | None,
    settings: WiezenSettings | None = None,
    after_all_pass: bool = False,
) -> DealScore:
    """Return the score of a finished deal; ``contract`` None means it was thrown in.

    ``after_all_pass`` says the previous deal was passed out, which doubles this one when
    ``settings.double_after_all_pass`` is on.
    """
    settings = settings or DEFAULT_SETTINGS
    if contract is None:
        return DealScore(dict.fromkeys(SEATS, 0), summary="all passed: the deal is thrown in")
    if tricks_won is None:
        raise ScoreError(f"{contract.describe()}: the trick counts are missing")
    tricks = check_tricks(tricks_won)
    made = contract_made(contract, tricks)
    base = _base_points(contract, tricks, made, settings.points)
    doublers = doublers_for(contract, tricks, settings, after_all_pass)
    factor = settings.multiplier(len(doublers))
    points = {s: base[s] * factor for s in SEATS}
    return DealScore(
        points, factor, doublers, made, _summary(contract, tricks, made, points, factor)
    )


def _summary(
    contract: Contract,
    tricks: dict[str, int],
    made: dict[str, bool],
    points: dict[str, int],
    factor: int,
) -> str:
    if contract.is_individual:
        result = ", ".join(
            f"{s} took {tricks[s]} ({'made' if made[s] else 'failed'})" for s in contract.declarers
        )
    else:
        side = sum(tricks[s] for s in contract.declarers)
        ok = made[contract.declarers[0]]
        result = f"{side} tricks, {'made' if ok else 'failed'}"
    times = f" x{factor}" if factor > 1 else ""
    pts = " ".join(f"{s} {points[s]:+d}" for s in SEATS)
    return f"{contract.describe()}: {result}{times}; {pts}"


@dataclass
class SheetRow:
    """One line of the score sheet: the deal's dealer, contract and score."""

    dealer: str
    contract: Contract | None
    score: DealScore


class ScoreSheet:
    """Keep a running score over deals; the dealer moves left after every deal.

    A thrown-in deal makes the next played deal count double (when that doubler is on);
    several thrown-in deals in a row still give one doubler.
    """

    def __init__(self, settings: WiezenSettings | None = None, dealer: str = "N") -> None:
        self.settings = settings or DEFAULT_SETTINGS
        self.dealer = check_seat(dealer)
        self.rows: list[SheetRow] = []
        self.next_doubled = False

    def record(
        self, contract: Contract | None, tricks_won: Mapping[str, int] | None = None
    ) -> DealScore:
        """Score the deal just played by the current dealer, add it, and pass the deal on."""
        score = score_deal(contract, tricks_won, self.settings, after_all_pass=self.next_doubled)
        self.rows.append(SheetRow(self.dealer, contract, score))
        if contract is None:
            self.next_doubled = self.next_doubled or self.settings.double_after_all_pass
        else:
            self.next_doubled = False
        self.dealer = seat_after(self.dealer)
        return score

    @property
    def totals(self) -> dict[str, int]:
        """Return each seat's running total."""
        totals = dict.fromkeys(SEATS, 0)
        for row in self.rows:
            for seat, pts in row.score.points.items():
                totals[seat] += pts
        return totals
