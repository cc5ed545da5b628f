"""Positions and objectives the solver accepts, checked and packed for the backends."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.cards import SUITS, Card
from games.solver.errors import SolverInputError
from games.solver.layout import JOKERS_BEYOND, JOKERS_NAMED, Layout

TRICKS = 0
POINTS = 1
EXACT = 2
KIND_NAMES = {"tricks": TRICKS, "points": POINTS, "exact": EXACT}
MAX_SEATS = 4


@dataclass(frozen=True)
class Objective:
    """What the maximising side ("team") plays for; every other seat plays against it.

    ``tricks``: tricks the team wins from here. ``points``: card points the team wins from
    here (cards already in the current trick included). ``exact``: 1 if every seat in
    ``targets`` takes exactly its target of tricks from here, else 0 (misère is a target of
    0, piccolo a target of 1, Beyond two partners' declarations).

    ``thresholds`` (tricks and points only) make it a band objective: the value is how many
    of these ascending numbers the team's tricks or points from here reach (``at_least=61``:
    1 if the team can make 61 more card points, else 0; ``at_least=(31, 61, 90)``: 0-3).
    The core finds it by zero-window searches at the thresholds, far fewer nodes than the
    exact count.
    """

    kind: str
    team: tuple[int, ...]
    targets: tuple[tuple[int, int], ...] = ()
    thresholds: tuple[int, ...] = ()

    @classmethod
    def tricks(cls, team: Iterable[int], at_least: int | Iterable[int] | None = None) -> Objective:
        """Return the objective "most tricks for the seats in ``team``", or with
        ``at_least`` "how many of these numbers of tricks can the team reach"."""
        return cls("tricks", tuple(sorted(set(team))), (), _thresholds(at_least))

    @classmethod
    def points(cls, team: Iterable[int], at_least: int | Iterable[int] | None = None) -> Objective:
        """Return the objective "most card points for the seats in ``team``", or with
        ``at_least`` "how many of these numbers of card points can the team reach"."""
        return cls("points", tuple(sorted(set(team))), (), _thresholds(at_least))

    @classmethod
    def exact(cls, targets: Mapping[int, int]) -> Objective:
        """Return the objective "each listed seat takes exactly its number of tricks"."""
        pairs = tuple(sorted(targets.items()))
        return cls("exact", tuple(seat for seat, _ in pairs), pairs)

    @classmethod
    def misere(cls, seat: int) -> Objective:
        """Return the objective "``seat`` takes no trick" (value 1 when it succeeds)."""
        return cls.exact({seat: 0})

    @classmethod
    def piccolo(cls, seat: int) -> Objective:
        """Return the objective "``seat`` takes exactly one trick" (value 1 when it does)."""
        return cls.exact({seat: 1})


MAX_THRESHOLDS = 8


def _thresholds(at_least: int | Iterable[int] | None) -> tuple[int, ...]:
    if at_least is None:
        return ()
    if isinstance(at_least, bool):
        raise SolverInputError(f"at_least must be a number or numbers, not {at_least!r}")
    if isinstance(at_least, int):
        return (at_least,)
    return tuple(at_least)


@dataclass(frozen=True)
class Position:
    """A position to solve: the hands by seat, who led the current trick, and its cards.

    Seats are numbered clockwise from 0. ``trick`` holds the cards already played to the
    current trick, starting with ``leader``'s. ``active`` lists the seats that play (default
    all; 500 misère leaves the declarer's partner out). ``named_suit`` is the suit named when
    a 500 joker led the current trick in no trumps; ``after_joker_lead`` says the previous
    Beyond trick was led with a joker, so the next lead must be a suit card if possible.
    """

    layout: Layout
    hands: tuple[tuple[Card, ...], ...]
    leader: int
    trick: tuple[Card, ...] = ()
    active: tuple[int, ...] | None = None
    named_suit: str | None = None
    after_joker_lead: bool = False

    @classmethod
    def build(
        cls,
        layout: Layout,
        hands: Sequence[Iterable[Card]],
        leader: int,
        trick: Iterable[Card] = (),
        active: Iterable[int] | None = None,
        named_suit: str | None = None,
        after_joker_lead: bool = False,
    ) -> Position:
        """Return a position from any iterables of cards (stored as tuples)."""
        return cls(
            layout,
            tuple(tuple(h) for h in hands),
            leader,
            tuple(trick),
            None if active is None else tuple(active),
            named_suit,
            after_joker_lead,
        )


@dataclass(frozen=True)
class Problem:
    """A checked position and objective in internal indices, the form both backends take."""

    block_ids: tuple[int, ...]
    points: tuple[int, ...]
    trump_block: int
    joker_mode: int
    joker_block: int
    order: tuple[int, ...]
    hands: tuple[int, int, int, int]
    leader: int
    trick: tuple[int, ...]
    lead_block: int
    after_joker: bool
    kind: int
    team_mask: int
    targets: tuple[int, int, int, int]
    thresholds: tuple[int, ...] = ()

    @property
    def nblocks(self) -> int:
        """Return the number of blocks (effective suits) in the table."""
        return max(self.block_ids) + 1

    def block_mask(self, block: int) -> int:
        """Return the mask of all cards of one block."""
        mask = 0
        for i, b in enumerate(self.block_ids):
            if b == block:
                mask |= 1 << i
        return mask

    @property
    def tricks_left(self) -> int:
        """Return the number of tricks still to finish, the current one included."""
        return bin(self.hands[self.leader]).count("1") + (1 if self.trick else 0)


def _seat_cards(layout: Layout, cards: Iterable[Card], where: str, seen: dict[Card, str]) -> int:
    index = layout.index
    mask = 0
    for card in cards:
        if not isinstance(card, Card):
            raise SolverInputError(f"{where}: {card!r} is not a card")
        if card not in index:
            raise SolverInputError(f"{where}: card {card} is not in the {layout.game} deck")
        if card in seen:
            raise SolverInputError(f"duplicate card {card} ({seen[card]} and {where})")
        seen[card] = where
        mask |= 1 << index[card]
    return mask


def _active_seats(position: Position, nseats: int) -> tuple[int, ...]:
    if position.active is None:
        return tuple(range(nseats))
    seats = tuple(sorted(set(position.active)))
    if len(seats) < 2 or any(s not in range(nseats) for s in seats):
        raise SolverInputError(f"bad active seats {position.active!r} for {nseats} seats")
    return seats


def _check_sizes(order: tuple[int, ...], sizes: list[int], leader: int, played: int) -> int:
    """Check hand sizes fit the trick so far; return the number of tricks left."""
    start = order.index(leader)
    rotation = [order[(start + k) % len(order)] for k in range(len(order))]
    full = sizes[rotation[played]] if played < len(order) else 0
    for k, seat in enumerate(rotation):
        want = full - 1 if k < played else full
        if sizes[seat] != want:
            raise SolverInputError(
                f"unequal hands: seat {seat} holds {sizes[seat]} cards, expected {want} "
                f"(seat {leader} led and {played} card(s) are on the trick)"
            )
    if full == 0:
        raise SolverInputError("no cards left to play")
    return full


def _lead_block(position: Position, trick: tuple[int, ...]) -> int:
    layout = position.layout
    if not trick:
        if position.named_suit is not None:
            raise SolverInputError("named_suit given but no card is on the trick")
        return -1
    first = layout.block_ids[trick[0]]
    if layout.joker_mode == JOKERS_NAMED and first == layout.joker_block:
        name = (position.named_suit or "").upper()
        if len(name) != 1 or name not in SUITS:
            raise SolverInputError(
                f"the joker led this trick: named_suit must be S, H, D or C, not "
                f"{position.named_suit!r}"
            )
        return layout.suit_blocks[name]
    if position.named_suit is not None:
        raise SolverInputError("named_suit is only for a 500 joker lead in no trumps")
    if layout.joker_mode == JOKERS_BEYOND and first == layout.joker_block:
        return -1
    return first


def _targets(objective: Objective, order: tuple[int, ...], tricks_left: int) -> list[int]:
    targets = [-1] * MAX_SEATS
    if objective.kind != "exact":
        if objective.targets:
            raise SolverInputError(
                f"targets are only for the exact objective, not {objective.kind}"
            )
        return targets
    if not objective.targets:
        raise SolverInputError("the exact objective needs at least one seat's target")
    for seat, target in objective.targets:
        if seat not in order:
            raise SolverInputError(f"target for seat {seat}, which does not play")
        if not 0 <= target <= tricks_left:
            raise SolverInputError(
                f"target {target} for seat {seat} is impossible: {tricks_left} trick(s) left"
            )
        targets[seat] = target
    if sum(targets[s] for s, _ in objective.targets) > tricks_left:
        raise SolverInputError(f"targets add up to more than the {tricks_left} tricks left")
    return targets


def _check_thresholds(objective: Objective) -> tuple[int, ...]:
    values = objective.thresholds
    if not values:
        return ()
    if objective.kind == "exact":
        raise SolverInputError("thresholds (at_least) are for tricks or points, not exact targets")
    if len(values) > MAX_THRESHOLDS:
        raise SolverInputError(f"at most {MAX_THRESHOLDS} thresholds, got {len(values)}")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 100_000:
            raise SolverInputError(f"a threshold must be a whole number, not {value!r}")
    if any(b <= a for a, b in itertools.pairwise(values)):
        raise SolverInputError(f"thresholds must be ascending, got {values!r}")
    return values


def compile_problem(position: Position, objective: Objective) -> Problem:
    """Check ``position`` and ``objective`` and return them in internal indices.

    Raises SolverInputError naming the problem: duplicate or foreign cards, hands of the
    wrong sizes for the trick in progress, a leader or team seat that does not play, or an
    unknown objective.
    """
    layout = position.layout
    nseats = len(position.hands)
    if nseats not in (3, 4):
        raise SolverInputError(f"expected 3 or 4 hands, got {nseats}")
    order = _active_seats(position, nseats)
    if position.leader not in order:
        raise SolverInputError(f"leader {position.leader} is not a seat that plays")
    seen: dict[Card, str] = {}
    hands = [_seat_cards(layout, h, f"seat {s}", seen) for s, h in enumerate(position.hands)]
    for seat in range(nseats):
        if seat not in order and hands[seat]:
            raise SolverInputError(f"seat {seat} sits out but holds cards")
    _seat_cards(layout, position.trick, "the trick", seen)  # checks the trick's cards
    index = layout.index
    trick = tuple(index[c] for c in position.trick)
    if len(trick) >= len(order):
        raise SolverInputError(f"the trick already has {len(trick)} cards: it is complete")
    sizes = [bin(h).count("1") for h in hands]
    tricks_left = _check_sizes(order, sizes, position.leader, len(trick))
    if position.after_joker_lead and (layout.joker_mode != JOKERS_BEYOND or trick):
        raise SolverInputError("after_joker_lead applies only to a Beyond position between tricks")
    if objective.kind not in KIND_NAMES:
        raise SolverInputError(
            f"unknown objective {objective.kind!r}: expected tricks, points or exact"
        )
    if not objective.team or any(s not in order for s in objective.team):
        raise SolverInputError(f"team {objective.team!r} must name seats that play")
    team_mask = 0
    for seat in objective.team:
        team_mask |= 1 << seat
    targets = _targets(objective, order, tricks_left)
    thresholds = _check_thresholds(objective)
    padded = (hands + [0] * MAX_SEATS)[:MAX_SEATS]
    return Problem(
        block_ids=layout.block_ids,
        points=layout.points,
        trump_block=layout.trump_block,
        joker_mode=layout.joker_mode,
        joker_block=layout.joker_block,
        order=order,
        hands=(padded[0], padded[1], padded[2], padded[3]),
        leader=position.leader,
        trick=trick,
        lead_block=_lead_block(position, trick),
        after_joker=position.after_joker_lead,
        kind=KIND_NAMES[objective.kind],
        team_mask=team_mask,
        targets=(targets[0], targets[1], targets[2], targets[3]),
        thresholds=thresholds,
    )
