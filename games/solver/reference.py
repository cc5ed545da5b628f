"""Pure-Python twin of the C core: the same answers, written for clarity rather than speed.

The search is a fail-soft alpha-beta over every legal card, with a table of value bounds at
trick boundaries. It shares only the checked ``Problem`` with the C core, so the two agree
because each gets the rules right, not because they share code.
"""

from __future__ import annotations

import time

from games.solver.budget import UNLIMITED, Budget
from games.solver.errors import SolverBudgetExceeded
from games.solver.layout import JOKERS_BEYOND, JOKERS_NAMED
from games.solver.position import EXACT, POINTS, Problem
from games.solver.result import CARDS, Result

# A move is a card's internal index and, for a 500 joker lead, the block of the named suit.
Move = tuple[int, int]
Trick = tuple[tuple[int, int], ...]
INF = 1 << 20
# Nodes between two looks at the clock (a time budget).
CLOCK_EVERY = 256


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class ReferenceSearch:
    """Search one problem; create a new one per solve (all state lives on the instance)."""

    def __init__(self, problem: Problem, budget: Budget = UNLIMITED) -> None:
        self.p = problem
        self.budget = budget
        self.nodes = 0
        self.started = time.monotonic()
        self.masks = [problem.block_mask(b) for b in range(problem.nblocks)]
        order = problem.order
        self.next_seat = {s: order[(i + 1) % len(order)] for i, s in enumerate(order)}
        self.hands = list(problem.hands)
        self.table: dict[tuple[object, ...], tuple[int, int]] = {}
        # The lead that settled each position last time: tried first when it comes back.
        self.best_lead: dict[tuple[object, ...], Move] = {}

    # ------------------------------------------------------------------ rules

    def legal_moves(
        self, seat: int, trick: Trick, lead_block: int, after_joker: bool
    ) -> list[Move]:
        """Return the legal moves of ``seat`` given the trick so far."""
        p = self.p
        hand = self.hands[seat]
        jokers = hand & self.masks[p.joker_block] if p.joker_block >= 0 else 0
        if not trick:
            if p.joker_mode == JOKERS_BEYOND and after_joker and hand & ~jokers:
                hand &= ~jokers
            moves: list[Move] = []
            for card in _bits(hand):
                if p.joker_mode == JOKERS_NAMED and jokers >> card & 1:
                    moves.extend((card, b) for b in range(p.nblocks) if b != p.joker_block)
                else:
                    moves.append((card, -1))
            return moves
        if lead_block < 0:
            return [(c, -1) for c in _bits(hand)]
        follow = hand & self.masks[lead_block]
        if not follow:
            return [(c, -1) for c in _bits(hand)]
        if p.joker_mode == JOKERS_BEYOND:
            follow |= jokers
        return [(c, -1) for c in _bits(follow)]

    def winner(self, trick: Trick, lead_block: int) -> int:
        """Return the seat that wins a complete trick."""
        p = self.p
        ids = p.block_ids
        if lead_block < 0:
            # Only a Beyond joker lead has no suit: the last joker played takes it.
            return [s for s, c in trick if ids[c] == p.joker_block][-1]
        best_seat, best_key = -1, (-1, -1)
        for seat, card in trick:
            block = ids[card]
            if block == p.trump_block:
                key = (2, card)
            elif block == lead_block:
                key = (1, card)
            else:
                continue
            if key > best_key:
                best_seat, best_key = seat, key
        return best_seat

    # ----------------------------------------------------------------- search

    def bounds(self, seat: int, needs: tuple[int, ...]) -> tuple[int, int]:
        """Return the static bounds of the value at a trick boundary."""
        p = self.p
        left = bin(self.hands[seat]).count("1")
        if p.kind == POINTS:
            held = 0
            for s in p.order:
                held |= self.hands[s]
            return 0, sum(p.points[c] for c in _bits(held))
        if p.kind == EXACT:
            wanted = [n for n in needs if n >= 0]
            if left == 0:
                return (1, 1) if all(n == 0 for n in wanted) else (0, 0)
            return (0, 1) if sum(wanted) <= left else (0, 0)
        return 0, left

    def play(
        self,
        seat: int,
        trick: Trick,
        lead_block: int,
        after_joker: bool,
        needs: tuple[int, ...],
        move: Move,
        alpha: int,
        beta: int,
    ) -> int:
        """Return the value after ``seat`` plays ``move`` (fail-soft in the given window)."""
        p = self.p
        card, named = move
        self.hands[seat] ^= 1 << card
        try:
            now = (*trick, (seat, card))
            if not trick:
                block = p.block_ids[card]
                if named >= 0:
                    lead_block = named
                elif p.joker_mode == JOKERS_BEYOND and block == p.joker_block:
                    lead_block = -1
                else:
                    lead_block = block
            if len(now) < len(p.order):
                return self.search(
                    self.next_seat[seat], now, lead_block, after_joker, needs, alpha, beta
                )
            won = self.winner(now, lead_block)
            led_joker = p.joker_mode == JOKERS_BEYOND and lead_block < 0
            gain = 0
            if p.team_mask >> won & 1:
                gain = sum(p.points[c] for _, c in now) if p.kind == POINTS else 1
            if p.kind == EXACT:
                gain = 0
                if needs[won] >= 0:
                    needs = tuple(n - 1 if s == won else n for s, n in enumerate(needs))
                    if needs[won] < 0:
                        return 0
            return gain + self.search(won, (), -1, led_joker, needs, alpha - gain, beta - gain)
        finally:
            self.hands[seat] ^= 1 << card

    def search(
        self,
        seat: int,
        trick: Trick,
        lead_block: int,
        after_joker: bool,
        needs: tuple[int, ...],
        alpha: int,
        beta: int,
    ) -> int:
        """Return the value of the node with ``seat`` to play (fail-soft alpha-beta)."""
        p = self.p
        self.nodes += 1
        self._check_budget()
        key: tuple[object, ...] = ()
        if not trick:
            low, high = self.bounds(seat, needs)
            if low == high:
                return low
            key = (tuple(self.hands), seat, after_joker, needs)
            low0, high0 = self.table.get(key, (low, high))
            low, high = max(low, low0), min(high, high0)
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
        maximising = p.team_mask >> seat & 1
        best = -INF if maximising else INF
        best_move: Move | None = None
        a, b = alpha, beta
        # Strong cards first: they settle tricks early, which cuts more of the tree.
        moves = self.legal_moves(seat, trick, lead_block, after_joker)[::-1]
        if key in self.best_lead:
            moves.sort(key=lambda m: m != self.best_lead[key])
        for move in moves:
            value = self.play(seat, trick, lead_block, after_joker, needs, move, a, b)
            if (value > best) if maximising else (value < best):
                best, best_move = value, move
            if maximising:
                a = max(a, best)
            else:
                b = min(b, best)
            if a >= b:
                break
        if not trick:
            if best_move is not None:
                self.best_lead[key] = best_move
            old_low, old_high = self.table.get(key, (-INF, INF))
            if best <= alpha:
                entry = (old_low, min(old_high, best))
            elif best >= beta:
                entry = (max(old_low, best), old_high)
            else:
                entry = (best, best)
            self.table[key] = entry
        return best

    def _check_budget(self) -> None:
        """Raise SolverBudgetExceeded once the search has spent its nodes or seconds."""
        budget = self.budget
        if budget.nodes is not None and self.nodes > budget.nodes:
            spent = time.monotonic() - self.started
            raise SolverBudgetExceeded("nodes", self.nodes - 1, spent, budget.nodes)
        if budget.seconds is not None and self.nodes % CLOCK_EVERY == 0:
            spent = time.monotonic() - self.started
            if spent >= budget.seconds:
                raise SolverBudgetExceeded("seconds", self.nodes, spent, budget.seconds)

    # ------------------------------------------------------------------- root

    def root(self) -> tuple[int, Trick, int, tuple[int, ...]]:
        """Return the seat to move, the trick so far, its lead block and the needs."""
        p = self.p
        start = p.order.index(p.leader)
        seats = [p.order[(start + k) % len(p.order)] for k in range(len(p.order))]
        trick = tuple(zip(seats, p.trick, strict=False))
        return seats[len(p.trick)], trick, p.lead_block, p.targets

    def solve(self, mode: str) -> Result:
        """Return the value and, in mode ``cards``, the value after each legal move (for a
        band objective, how many thresholds each reaches)."""
        result = self._solve(mode)
        if not self.p.thresholds:
            return result
        cards = None if result.cards is None else {k: self.band(v) for k, v in result.cards.items()}
        return Result(self.band(result.value), cards)

    def band(self, value: int) -> int:
        """Return how many of the band objective's thresholds ``value`` reaches."""
        return sum(1 for t in self.p.thresholds if value >= t)

    def _solve(self, mode: str) -> Result:
        seat, trick, lead_block, needs = self.root()
        after = self.p.after_joker
        if mode != CARDS:
            return Result(self.search(seat, trick, lead_block, after, needs, -INF, INF))
        pick = max if self.p.team_mask >> seat & 1 else min
        values: dict[int, int] = {}
        for move in self.legal_moves(seat, trick, lead_block, after):
            value = self.play(seat, trick, lead_block, after, needs, move, -INF, INF)
            # A 500 joker lead comes once per named suit: keep the mover's best naming.
            values[move[0]] = pick(value, values[move[0]]) if move[0] in values else value
        best = pick(values.values())
        return Result(best, {str(i): v for i, v in values.items()})


def solve_problem(problem: Problem, mode: str, budget: Budget = UNLIMITED) -> Result:
    """Solve a checked problem within ``budget``; ``cards`` keys are internal indices."""
    return ReferenceSearch(problem, budget).solve(mode)
