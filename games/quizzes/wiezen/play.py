"""Kleurenwiezen play quizzes on the shared pipeline: the ``PlaySpec`` of the game.

Every legal card is valued by the result it leads to for the side to move, under the game's
own scoring (``games.wiezen.score_deal``, default points table and doublers):

- ask/join, alone and troel: every trick changes the deal's score (one point per over- or
  undertrick, all 13 tricks doubled; DECISIONS.md), so each distinct score is its own result;
- abondance, solo and (open) miserie: the score is fixed by made or set (made or failed), so
  a trick more or less for either side makes no quiz.

Double dummy: each card's result under best play by everyone (``judge_exact``). Single dummy:
each card's score in each of the same sampled worlds, judged on the mean score with the make
rate (declarers) or set rate (defenders) beside it (``judge_sampled``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.cards import SEATS, WIEZEN_DECK, Card, format_pbn, parse_card, parse_pbn
from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.common.lines import (
    TO_THE_END,
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
from games.quizzes.units import POINTS, unit
from games.quizzes.wiezen.candidates import display_order, highest_card, natural_card, spot_of
from games.quizzes.wiezen.cut import Cut, cuts
from games.quizzes.wiezen.solving import (
    goal_for,
    natural_key,
    position_from,
    principal_line,
    trump_key,
)
from games.quizzes.wiezen.table import GAME, cards_text
from games.quizzes.wiezen.themes import play_rating, play_themes
from games.quizzes.wiezen.view import RULE_REFS, play_position, play_prompt
from games.quizzes.wiezen.worlds import play_worlds
from games.sampling import NoDealFound, World
from games.wiezen import Contract, ContractKind, score_deal

MAX_TRICKS_LEFT = {DOUBLE_DUMMY: 7, SINGLE_DUMMY: 6}
WORLDS = 100
# The smallest mean score gap a single-dummy quiz must show: a quarter of an overtrick.
MINIMUM_GAP = 0.25
MAKE_RATE = "make rate"
SET_RATE = "set rate"
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


@dataclass(frozen=True)
class Decision:
    """What a card's result depends on: the contract, the seat to move, the tricks so far."""

    contract: Contract
    seat: str
    tricks_won: Mapping[str, int]

    @property
    def declaring(self) -> bool:
        """Return True when the seat to move is on the declaring side."""
        return self.seat in self.contract.declarers


def _by(n: int) -> str:
    return NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else str(n)


def outcome(decision: Decision, value: int) -> Outcome:
    """Return the result of a card whose solver value for the seat's side is ``value``.

    ``value`` is the seat's side's tricks for the whole deal (trump contracts) or 1/0 for the
    seat's side reaching its miserie aim, as ``solving.Goal.for_seat`` gives it.
    """
    contract = decision.contract
    declarer = contract.declarers[0]
    defender = contract.defenders[0]
    tricks = dict.fromkeys(SEATS, 0)
    if contract.is_individual:
        made = bool(value) == decision.declaring
        tricks[declarer] = 0 if made else 1
        tricks[defender] = 13 - tricks[declarer]
        side_tricks = 0
    else:
        side_tricks = value
        ours = value if decision.declaring else 13 - value
        tricks[declarer], tricks[defender] = ours, 13 - ours
    score = score_deal(contract, tricks)
    made = score.made[declarer]
    points = score.points[decision.seat]
    return Outcome(
        rank=points,
        score=points,
        reached=made == decision.declaring,
        detail=side_tricks,
        words=_words(contract, tricks[declarer], made, points, score.multiplier),
    )


def _words(contract: Contract, tricks: int, made: bool, points: int, factor: int) -> str:
    """Return a result as it reads after 'With <card>'."""
    yours = f"{points:+d} for you"
    if contract.is_individual:
        return f"the miserie is {'made' if made else 'lost'} ({yours})"
    if contract.kind is ContractKind.SOLO:
        return f"the solo is {'made' if made else 'lost'} ({tricks} tricks; {yours})"
    if made:
        count = "all 13 tricks" if tricks == 13 else f"{tricks} tricks"
        doubled = f", x{factor}" if factor > 1 else ""
        return f"the contract is made with {count} ({yours}{doubled})"
    short = contract.target - tricks
    return f"the contract is set by {_by(short)} ({tricks} tricks; {yours})"


def decision_of(cut: Cut) -> Decision:
    """Return the decision of a cut."""
    return Decision(cut.contract, cut.seat, cut.play.tricks_won())


def outcomes_in(
    decision: Decision, hands: Mapping[str, Sequence[Card]], leader: str, trick: Sequence[Card]
) -> dict[str, Outcome]:
    """Return every legal card's outcome with ``hands`` as the remaining cards (solved)."""
    goal = goal_for(decision.contract, decision.seat, decision.tricks_won)
    position = position_from(trump_key(decision.contract), hands, leader, trick)
    return {c: outcome(decision, v) for c, v in card_values(position, goal).items()}


class WiezenPlay(PlaySpec[Cut, World]):
    """The Kleurenwiezen play spec: cuts from the simple players' deals, scored results."""

    game = GAME
    minimum_gap = MINIMUM_GAP
    rate_unit = MAKE_RATE

    def __init__(self) -> None:
        # Worlds repeat late in a deal: one solve per distinct world and decision.
        self._solved: dict[tuple[int, int, str], dict[str, Outcome]] = {}

    def cuts(self, seed: int, mode: str, constraint: Any) -> Iterable[Cut]:
        self._solved.clear()
        return cuts(seed, constraint, MAX_TRICKS_LEFT[mode])

    def answers(self, cut: Cut) -> list[tuple[str, str]]:
        return [(str(c), c.name) for c in display_order(cut.legal)]

    def prefer(self, answer: str) -> Any:
        return natural_key(answer)

    def exact(self, cut: Cut) -> dict[str, Outcome]:
        play = cut.play
        return outcomes_in(decision_of(cut), play.hands, play.leader, play.current)

    def worlds(self, cut: Cut, seed: int, number: int) -> list[World] | None:
        rng = random.Random(f"wiezen/play/{seed}/worlds/{number}")
        try:
            return play_worlds(cut, WORLDS, rng)
        except NoDealFound:
            return None

    def in_world(self, cut: Cut, world: World) -> dict[str, Outcome]:
        key = (len(cut.play.tricks), len(cut.play.current), format_pbn(world))
        if key not in self._solved:
            play = cut.play
            self._solved[key] = outcomes_in(decision_of(cut), world, play.leader, play.current)
        return self._solved[key]

    def line(self, cut: Cut, answer: str, world: World | None) -> PlayedLine:
        play = cut.play
        hands = world if world is not None else play.hands
        goal = goal_for(cut.contract, cut.seat, play.tricks_won())
        position = position_from(trump_key(cut.contract), hands, play.leader, play.current)
        steps = principal_line(position, goal, answer, seat_no(cut.seat), TO_THE_END)
        counts = line_counts(cut.contract, steps, play.tricks_won())
        return PlayedLine(
            current_plays(position), tuple(steps), counts, line_text(first_tricks(steps))
        )

    def rate_unit_of(self, cut: Cut) -> str:
        # A declarer's aim is to make the contract; a defender's, to set it.
        return MAKE_RATE if cut.seat in cut.contract.declarers else SET_RATE

    def finish(
        self, cut: Cut, mode: str, verdict: Verdict, candidates: Sequence[Candidate], extra: dict
    ) -> QuizDraft:
        double_dummy = mode == DOUBLE_DUMMY
        rate_unit = self.rate_unit_of(cut)
        if not double_dummy:
            candidates = [sampled_candidate(c, verdict, rate_unit) for c in candidates]
        themes = play_themes(spot_of(cut), verdict.best)
        close = not double_dummy and verdict.margin < 2 * MINIMUM_GAP + 2 * verdict.error
        rating = play_rating(
            candidates=len(candidates),
            accepted=len(verdict.accepted),
            tricks_left=cut.tricks_left,
            natural_wrong=natural_card(cut) not in verdict.accepted,
            highest_wrong=highest_card(cut) not in verdict.accepted,
            themes=themes,
            close=close,
        )
        play = cut.play
        return QuizDraft(
            game=GAME,
            kind="play",
            mode=mode,
            prompt=play_prompt(cut, double_dummy=double_dummy),
            position=play_position(cut, double_dummy=double_dummy),
            candidates=tuple(candidates),
            unit=verdict.unit,
            themes=tuple(themes),
            rating=float(rating),
            rule_ref=RULE_REFS[cut.contract.kind],
            seed=cut.seed,
            samples=verdict.samples,
            margin=round(verdict.margin, 4),
            extra={
                "question": "play",
                "deal": {s: cards_text(h) for s, h in cut.hands.items()},
                "remaining": {s: cards_text(h) for s, h in play.hands.items()},
                "leader": play.leader,
                "rate_unit": "" if double_dummy else rate_unit,
                **extra,
            },
        )

    def stored_world_json(self, world: World) -> Any:
        return format_pbn(world)

    def recheck_outcomes(self, draft: QuizDraft) -> dict[str, Outcome] | list[dict[str, Outcome]]:
        decision, leader, trick = stored_decision(draft)
        if draft.mode == DOUBLE_DUMMY:
            hands = {s: [parse_card(t) for t in cs] for s, cs in draft.extra["remaining"].items()}
            return outcomes_in(decision, hands, leader, trick)
        worlds = [parse_pbn(w, WIEZEN_DECK) for w in draft.extra["worlds"]]
        return [outcomes_in(decision, w, leader, trick) for w in worlds]


def sampled_candidate(candidate: Candidate, verdict: Verdict, rate_unit: str) -> Candidate:
    """Return a single-dummy candidate with its mean score and rate in words."""
    answer = candidate.answer
    rate = verdict.rates[answer]
    samples = verdict.samples or 0
    result = (
        f"{POINTS.amount(round(verdict.scores[answer], 2))} on average, "
        f"{unit(rate_unit).amount(rate)} over {samples} deals"
    )
    return dataclasses.replace(candidate, result=result)


def contract_from_json(data: Mapping[str, Any]) -> Contract:
    """Return the contract a stored position describes (``Contract.to_dict``)."""
    lead = data.get("lead_card")
    return Contract(
        ContractKind(data["kind"]),
        tuple(data["declarers"]),
        data["trump"],
        int(data["target"]),
        data["first_leader"],
        parse_card(lead) if lead else None,
    )


def stored_decision(draft: QuizDraft) -> tuple[Decision, str, list[Card]]:
    """Return a stored play draft's decision, the trick's leader and the cards on it."""
    position = draft.position
    decision = Decision(
        contract_from_json(position["contract"]),
        position["seat"],
        dict(position["tricks_won"]),
    )
    trick = [parse_card(card) for _, card in position["trick"]]
    return decision, draft.extra["leader"], trick


SPEC = register_play(WiezenPlay())
play_quiz = play_generator(SPEC)


def line_counts(
    contract: Contract, steps: Sequence[LineStep], before: Mapping[str, int]
) -> tuple[str, ...]:
    """Return, after each finished trick of a line, the tricks of the declarers and the rest."""
    out = []
    for taken in running_tricks(steps, before):
        if contract.is_individual:
            mine = ", ".join(f"{s} {taken.get(s, 0)}" for s in contract.declarers)
            out.append(f"{mine} tricks (each must take exactly {contract.target})")
            continue
        own = sum(n for s, n in taken.items() if s in contract.declarers)
        other = sum(n for s, n in taken.items() if s not in contract.declarers)
        out.append(f"declarers {own} of {contract.target} needed, defenders {other}")
    return tuple(out)
