"""Beyond play quizzes on the shared pipeline: the spec of cuts, outcomes, lines and drafts.

A Beyond pair scores only when both partners hit their declarations exactly. A seat plays
for its pair's two remaining targets ("make"); once that is out of reach it plays to make an
opponent miss ("spoil"). Every legal card gets an ``Outcome`` in those terms:

- rank 1 when the aim is reached under best play (both of you hit; or an opponent misses),
  else 0;
- score: the deal's points for the deciding pair under Beyond scoring
  (``games.beyond.scoring.contract_points``): the pair's contract points when both partners
  hit, minus the opponents' when they both hit and we are spoiling, else 0;
- words: what happens, e.g. "both of you hit your declarations" or "one of you misses (in
  best play your partner ends one trick over)". The trick counts come from the principal
  line played to the end, so they are one best-play outcome, not the only one.

Double dummy judges those outcomes exactly (``judge_exact``); single dummy solves every card
in each of 120 sampled worlds (``worlds.sample``) and judges the pair's score per world with
``judge_sampled``, with the hit rate (spoiling: the set rate) beside it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.beyond.auction import AuctionResult
from games.beyond.calls import Bid
from games.beyond.scoring import contract_points
from games.beyond.seats import pair_of, partner
from games.cards import SEATS, Card, parse_card
from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.beyond.candidates import display_order, spot_of, takes_first_trick
from games.quizzes.beyond.cut import Cut, cuts
from games.quizzes.beyond.draft import play_draft
from games.quizzes.beyond.solving import (
    MAKE,
    SPOIL,
    Goal,
    goal_for,
    natural_key,
    position_from,
    position_of,
    principal_line,
)
from games.quizzes.beyond.view import SEAT_NAMES
from games.quizzes.beyond.worlds import WORLDS, View, sample, voids_from
from games.quizzes.common.lines import (
    LineStep,
    PlayedLine,
    card_values,
    current_plays,
    first_tricks,
    line_text,
    running_tricks,
    seat_no,
)
from games.quizzes.common.pipeline import (
    DOUBLE_DUMMY,
    SINGLE_DUMMY,
    PlaySpec,
    play_generator,
    register_play,
)
from games.quizzes.common.verdict import Outcome, Verdict
from games.quizzes.units import HIT_RATE, SET_RATE
from games.sampling import NoDealFound, World
from games.solver import Position

MAX_TRICKS_LEFT = {DOUBLE_DUMMY: 7, SINGLE_DUMMY: 5}
STREAMS = {DOUBLE_DUMMY: "play_dd", SINGLE_DUMMY: "play_sd"}
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven")


def contract_of(contract: Mapping[str, Any]) -> AuctionResult:
    """Return the contract stored in a position's ``contract`` dict."""
    return AuctionResult(
        contract["declarer"], Bid(contract["level"], contract["strain"]), contract["raised"]
    )


def pair_score(contract: AuctionResult, seat: str, aim: str, reached: bool) -> int:
    """Return the deal's points for ``seat``'s pair: its contract points when both partners
    hit (make), minus the opponents' when they both hit (spoil), else 0."""
    if aim == MAKE:
        return contract_points(contract, pair_of(seat)) if reached else 0
    opponent = SEATS[(seat_no(seat) + 1) % 4]
    return 0 if reached else -contract_points(contract, pair_of(opponent))


def outcome(contract: AuctionResult, seat: str, goal: Goal, value: int, words: str = "") -> Outcome:
    """Return a card's outcome from its solver value for the deciding seat (1 = aim reached)."""
    reached = bool(value)
    return Outcome(int(value), pair_score(contract, seat, goal.aim, reached), reached, 0.0, words)


def _over_under(seat: str, deciding: str, missed_by: int) -> str:
    who = "you" if seat == deciding else f"your partner, {SEAT_NAMES[seat]},"
    if seat not in (deciding, partner(deciding)):
        who = SEAT_NAMES[seat]
    verb = "end" if who == "you" else "ends"
    amount = NUMBER_WORDS[abs(missed_by)] if abs(missed_by) < len(NUMBER_WORDS) else "many"
    trick = "trick" if abs(missed_by) == 1 else "tricks"
    side = "over" if missed_by > 0 else "under"
    return f"{who} {verb} {amount} {trick} {side}"


def result_words(goal: Goal, reached: bool, seat: str, misses: Sequence[tuple[str, int]]) -> str:
    """Return a card's result in words, read after "With <card>"."""
    detail = ", ".join(_over_under(s, seat, by) for s, by in misses)
    example = f" ({detail})" if detail else ""
    if goal.aim == MAKE:
        return "both of you hit your declarations" if reached else f"one of you misses{example}"
    if reached:
        return f"an opponent misses{example}"
    return "both opponents still hit their declarations"


def watched_seats(cut: Cut) -> list[str]:
    """Return the seats whose declarations decide the aim: the pair's own, or the targets'."""
    if cut.goal.aim == MAKE:
        return [cut.seat, partner(cut.seat)]
    return [SEATS[s] for s, _ in cut.goal.objective.targets]


def full_line(position: Position, goal: Goal, card: str, deciding: int) -> list[LineStep]:
    """Return best play after ``card`` to the end of the deal (the line stops there)."""
    return principal_line(position, goal, card, deciding, tricks=13)


def misses_after(
    line: Sequence[LineStep], goal: Goal, seats: Sequence[str]
) -> list[tuple[str, int]]:
    """Return how far each of ``seats`` ends from its remaining target at the line's end."""
    taken: dict[str, int] = {}
    for step in line:
        if step.winner:
            taken[step.winner] = taken.get(step.winner, 0) + 1
    need = {SEATS[s]: n for s, n in goal.objective.targets}
    out = []
    for seat in seats:
        if seat in need and taken.get(seat, 0) != need[seat]:
            out.append((seat, taken.get(seat, 0) - need[seat]))
    return out


class BeyondPlay(PlaySpec[Cut, World]):
    """The Beyond play spec: late cuts, exact-target outcomes, the pair's Beyond score."""

    game = "beyond"
    max_scan = {DOUBLE_DUMMY: 12, SINGLE_DUMMY: 3}
    minimum_gap = 0.0
    rate_unit = HIT_RATE.name

    def rate_unit_of(self, cut: Cut) -> str:
        # The rate beside a sampled score counts the deciding seat's aim: both partners hit
        # (hit rate) or, spoiling, an opponent misses (set rate).
        return SET_RATE.name if cut.goal.aim == SPOIL else HIT_RATE.name

    def cuts(self, seed: int, mode: str, constraint: Any) -> Iterable[Cut]:
        return cuts(seed, constraint, MAX_TRICKS_LEFT[mode], STREAMS[mode])

    def answers(self, cut: Cut) -> list[tuple[str, str]]:
        return [(str(c), c.name) for c in display_order(cut.legal)]

    def prefer(self, answer: str) -> Any:
        return natural_key(answer)

    def exact(self, cut: Cut) -> dict[str, Outcome]:
        position = position_of(cut.play)
        values = card_values(position, cut.goal)
        if set(values) != {str(c) for c in cut.legal}:
            raise AssertionError(f"solver and engine disagree on legal cards: {sorted(values)}")
        contract = cut.table.contract
        if len(set(values.values())) == 1:
            return {c: outcome(contract, cut.seat, cut.goal, v) for c, v in values.items()}
        watched = watched_seats(cut)
        out = {}
        for card, value in values.items():
            line = full_line(position, cut.goal, card, seat_no(cut.seat))
            missing = misses_after(line, cut.goal, watched)
            words = result_words(cut.goal, bool(value), cut.seat, missing)
            out[card] = outcome(contract, cut.seat, cut.goal, value, words)
        return out

    def worlds(self, cut: Cut, seed: int, number: int) -> list[World] | None:
        try:
            return sample(view_of(cut))
        except NoDealFound:
            return None

    def in_world(self, cut: Cut, world: World) -> dict[str, Outcome]:
        play = cut.play
        position = position_from(
            cut.trump, world, play.current.leader, play.current.cards, play.lead_locked
        )
        values = card_values(position, cut.goal)
        contract = cut.table.contract
        return {c: outcome(contract, cut.seat, cut.goal, v) for c, v in values.items()}

    def line(self, cut: Cut, answer: str, world: World | None) -> PlayedLine:
        play = cut.play
        hands = world if world is not None else play.hands
        position = position_from(
            cut.trump, hands, play.current.leader, play.current.cards, play.lead_locked
        )
        steps = full_line(position, cut.goal, answer, seat_no(cut.seat))
        counts = line_counts(steps, play.tricks_won(), cut.table.targets)
        missing = misses_after(steps, cut.goal, watched_seats(cut))
        reached = not missing if cut.goal.aim == MAKE else bool(missing)
        return PlayedLine(
            current_plays(position),
            tuple(steps),
            counts,
            line_text(first_tricks(steps)),
            result_words(cut.goal, reached, cut.seat, missing),
        )

    def finish(
        self, cut: Cut, mode: str, verdict: Verdict, candidates: Sequence[Candidate], extra: dict
    ) -> QuizDraft:
        accepted = sorted(verdict.accepted, key=natural_key)
        accepted.remove(verdict.best)
        accepted.insert(0, verdict.best)
        stored: dict[str, Any] = {
            "targets": dict(cut.table.targets),
            "lead_locked": cut.play.lead_locked,
            "aim": cut.goal.aim,
            **extra,
        }
        if mode == DOUBLE_DUMMY:
            position = position_of(cut.play)
            deciding = seat_no(cut.seat)
            best_line = principal_line(position, cut.goal, verdict.best, deciding)
            rejected_takes = any(
                takes_first_trick(principal_line(position, cut.goal, c, deciding), cut.seat)
                for c in verdict.rejected
            )
            spot = spot_of(cut, accepted, takes_first_trick(best_line, cut.seat), rejected_takes)
            stored["best_line"] = [step.card for step in best_line]
            close = False
        else:
            spot = spot_of(cut, accepted, False, False)
            stored["view"] = view_of(cut).as_json()
            # Close: the best card gains less than 15% of the points at stake on average.
            contract = cut.table.contract
            stake = abs(pair_score(contract, cut.seat, cut.goal.aim, cut.goal.aim == MAKE))
            close = verdict.margin < 0.15 * stake
        return play_draft(
            cut,
            mode,
            candidates,
            accepted,
            spot,
            close,
            round(verdict.margin, 4),
            stored,
            verdict.samples,
            unit=verdict.unit,
        )

    def stored_world_json(self, world: World) -> Any:
        return {seat: [str(c) for c in cards] for seat, cards in world.items()}

    def recheck_outcomes(self, draft: QuizDraft) -> dict[str, Outcome] | list[dict[str, Outcome]]:
        pos = draft.position
        contract = contract_of(pos["contract"])
        seat = pos["seat"]
        won = pos["tricks_won"]
        goal = goal_for(seat, pos["contract"]["targets"], won, pos["tricks_left"])
        if goal is None:
            raise AssertionError("the stored position has nothing at stake")
        leader = draft.extra["leader"]
        trick = [parse_card(c) for _, c in pos["trick"]]
        locked = bool(draft.extra["lead_locked"])

        def values_in(hands: Mapping[str, Sequence[Card]]) -> dict[str, Outcome]:
            position = position_from(contract.trump, hands, leader, trick, locked)
            values = card_values(position, goal)
            return {c: outcome(contract, seat, goal, v) for c, v in values.items()}

        def parsed(hands: Mapping[str, Sequence[str]]) -> dict[str, list[Card]]:
            return {s: [parse_card(c) for c in hands[s]] for s in SEATS}

        if draft.mode == DOUBLE_DUMMY:
            return values_in(parsed(draft.extra["remaining"]))
        return [values_in(parsed(world)) for world in draft.extra["worlds"]]


def view_of(cut: Cut) -> View:
    """Return what the deciding seat knows at the cut."""
    play = cut.play
    played: dict[str, list[str]] = {s: [] for s in SEATS}
    for trick in play.tricks:
        for i, card in enumerate(trick.cards):
            played[trick.seat_of(i)].append(str(card))
    table = cut.table
    return View(
        seat=cut.seat,
        hand=[str(c) for c in display_order(play.hands[cut.seat])],
        played=played,
        sizes={s: len(play.hands[s]) for s in SEATS if s != cut.seat},
        voids=voids_from([(t.leader, t.cards) for t in play.tricks]),
        targets=dict(table.targets),
        strain=table.contract.bid.strain,
        declarer=table.contract.declarer,
        seed=f"beyond/play_sd/{table.seed}/{len(play.played_cards())}",
    )


SPEC = register_play(BeyondPlay())
play_quiz = play_generator(SPEC)

__all__ = ["SPEC", "WORLDS", "BeyondPlay", "play_quiz", "view_of"]


def line_counts(
    steps: Sequence[LineStep], before: Mapping[str, int], targets: Mapping[str, int]
) -> tuple[str, ...]:
    """Return, after each finished trick of a line, each seat's tricks over its declaration
    ("N 3/4 · E 2/5 · ...")."""
    return tuple(
        " · ".join(f"{s} {taken.get(s, 0)}/{targets[s]}" for s in SEATS if s in targets)
        for taken in running_tricks(steps, before)
    )
