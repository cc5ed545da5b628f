"""500 play quizzes on the shared play pipeline: the game's ``PlaySpec``.

Every legal card is valued by the result it reaches for the side to move (``results``): the
contract set, made or (when all ten tricks score more than the bid) made with a slam, or in
misère made or set, with the deal's score for that side and its own tricks as the detail.

- Double dummy: one solver call in ``cards`` mode over the real deal gives each card's
  declaring-side tricks under best play; the quiz is kept only when some card lands in a
  worse band (``judge_exact``): a trick more or less inside one band makes no quiz.
- Single dummy: the same in each of 100 worlds of the unseen cards (``worlds``); judged by
  ``judge_sampled`` on the mean score, with the make rate (declaring side) or set rate
  (defenders) beside it.

The draft stores the full deal at the decision (``extra['deal']``) and, single dummy, the
worlds, so ``recheck_outcomes`` values the candidates again without replaying the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.cards import FIVE_HUNDRED_DECK, SEATS, parse_card
from games.five_hundred import Contract, Play, parse_call
from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.common.lines import (
    TO_THE_END,
    LineStep,
    PlayedLine,
    current_plays,
    first_tricks,
    line_text,
    line_tokens,
    running_tricks,
    seat_no,
)
from games.quizzes.common.pipeline import (
    DOUBLE_DUMMY,
    SINGLE_DUMMY,
    PlaySpec,
    play_generator,
)
from games.quizzes.common.verdict import Outcome, Verdict
from games.quizzes.five_hundred.cut import Cut, cuts
from games.quizzes.five_hundred.results import outcome
from games.quizzes.five_hundred.solving import (
    goal_for,
    layout_key,
    natural_key,
    position_of,
    principal_line,
)
from games.quizzes.five_hundred.table import deal_as_json, simple_choice
from games.quizzes.five_hundred.themes import play_rating, play_themes
from games.quizzes.five_hundred.view import position_for, prompt_for
from games.quizzes.five_hundred.wording import rule_ref_for
from games.quizzes.five_hundred.worlds import play_worlds
from games.quizzes.units import MAKE_RATE, SET_RATE, percent
from games.sampling import NoDealFound, World
from games.solver import Objective, Position, layout_for, solve

# How many tricks may be left at the cut, per mode (the solver answers in milliseconds).
MAX_TRICKS_LEFT = {DOUBLE_DUMMY: 10, SINGLE_DUMMY: 6}
# Decisions tried per deal: most late decisions change no result band, and solving is cheap.
MAX_DECISIONS = {DOUBLE_DUMMY: 10, SINGLE_DUMMY: 2}
# A sampled quiz's mean score gap must exceed two tricks of defence points (10 each): a gap
# that size comes from the contract's result changing in some worlds, not from overtricks.
MINIMUM_GAP = 25.0


def stored_deal(cut: Cut) -> dict[str, Any]:
    """Return the JSON record of the full deal at the decision (hidden hands included)."""
    play: Play = cut.play
    record = deal_as_json(cut.deal)
    record.update(
        {
            "discards": [str(c) for c in cut.discards],
            "remaining": {s: [str(c) for c in play.hands[s]] for s in cut.contract.players},
            "leader": play.leader,
            "trick": [str(c) for _, c in play.current],
            "named_suit": play.joker_suit,
            "tricks_won": play.tricks_won(),
        }
    )
    return record


def contract_of(position: Mapping[str, Any]) -> Contract:
    """Return the contract stored in a quiz position."""
    stored = position["contract"]
    return Contract(parse_call(stored["bid"]), stored["declarer"])


def full_position(
    contract: Contract, record: Mapping[str, Any], remaining: Mapping[str, list[str]] | None = None
) -> Position:
    """Return the solver position of a stored decision (``remaining`` overrides the hands)."""
    hands_text = remaining if remaining is not None else record["remaining"]
    hands = [FIVE_HUNDRED_DECK.parse_hand(list(hands_text.get(s, []))) for s in SEATS]
    return Position.build(
        layout_for("five_hundred", layout_key(contract)),
        hands,
        seat_no(record["leader"]),
        FIVE_HUNDRED_DECK.parse_hand(list(record["trick"])),
        active=sorted(seat_no(s) for s in contract.players),
        named_suit=record["named_suit"],
    )


def card_outcomes(
    position: Position, contract: Contract, seat: str, tricks_won: Mapping[str, int]
) -> dict[str, Outcome]:
    """Return every legal card's outcome for ``seat``'s side under best play in ``position``."""
    declaring = seat in contract.team
    if contract.is_misere:
        result = solve(position, Objective.misere(seat_no(contract.declarer)), "cards")
        assert result.cards is not None
        # Value 1: the declarer takes no trick from here (none taken yet: misère cuts stop then).
        return {c: outcome(contract, 1 - v, declaring) for c, v in result.cards.items()}
    team = Objective.tricks(seat_no(s) for s in contract.team)
    result = solve(position, team, "cards")
    assert result.cards is not None
    won = sum(n for s, n in tricks_won.items() if s in contract.team)
    return {c: outcome(contract, won + v, declaring) for c, v in result.cards.items()}


def rate_words(contract: Contract, seat: str, rate: float | None) -> str:
    """Return a sampled card's result in words: how often the side to move reaches its aim."""
    what = "misère" if contract.is_misere else "contract"
    aim = "made" if seat in contract.team else "set"
    return f"the {what} is {aim} in {percent(rate or 0.0)} of the deals"


def world_hands(cut: Cut, world: World) -> dict[str, list[str]]:
    """Return every playing seat's current cards in ``world``."""
    return {s: [str(c) for c in world[s]] for s in cut.contract.players}


class FiveHundredPlay(PlaySpec[Cut, World]):
    """500's play spec: cuts from ``cut``, values from ``results``, worlds from ``worlds``."""

    game = "five_hundred"
    max_scan: dict[str, int | None] = dict(MAX_DECISIONS)
    minimum_gap = MINIMUM_GAP
    rate_unit = MAKE_RATE.name

    def cuts(self, seed: int, mode: str, constraint: Any) -> Iterable[Cut]:
        return cuts(seed, constraint, MAX_TRICKS_LEFT[mode], MAX_DECISIONS[mode])

    def answers(self, cut: Cut) -> list[tuple[str, str]]:
        # Labelled by name ("king of spades"), as the refutation and the verdict read them.
        ordered = sorted(cut.legal, key=lambda c: natural_key(str(c)))
        return [(str(c), c.name) for c in ordered]

    def prefer(self, answer: str) -> Any:
        return natural_key(answer)

    def exact(self, cut: Cut) -> dict[str, Outcome]:
        return card_outcomes(position_of(cut.play), cut.contract, cut.seat, cut.play.tricks_won())

    def rate_unit_of(self, cut: Cut) -> str:
        # The rate beside a sampled score: how often the side to move reaches its aim.
        return MAKE_RATE.name if cut.seat in cut.contract.team else SET_RATE.name

    def worlds(self, cut: Cut, seed: int, number: int) -> list[World] | None:
        play = cut.play
        world_seed = seed * 10 + len(play.played_cards())
        try:
            return play_worlds(
                play, cut.seat, cut.deal.dealer, cut.auction.calls, cut.discards, world_seed
            )
        except NoDealFound:
            return None

    def in_world(self, cut: Cut, world: World) -> dict[str, Outcome]:
        position = full_position(cut.contract, stored_deal(cut), world_hands(cut, world))
        return card_outcomes(position, cut.contract, cut.seat, cut.play.tricks_won())

    def line(self, cut: Cut, answer: str, world: World | None) -> PlayedLine:
        record = stored_deal(cut)
        hands = world_hands(cut, world) if world is not None else None
        position = full_position(cut.contract, record, hands)
        goal = goal_for(cut.contract, cut.seat, cut.play.tricks_won(), cut.tricks_left)
        steps = principal_line(position, goal, answer, seat_no(cut.seat), TO_THE_END)
        text = line_text(first_tricks(steps))
        if world is not None:
            assert hands is not None
            hidden = "; ".join(
                f"{s} holds {' '.join(hands[s])}"
                for s in SEATS
                if s in cut.contract.players and s != cut.seat
            )
            text = f"{hidden}; best play then goes {text}"
        return PlayedLine(current_plays(position), tuple(steps), line_counts(cut, steps), text)

    def finish(
        self, cut: Cut, mode: str, verdict: Verdict, candidates: Sequence[Candidate], extra: dict
    ) -> QuizDraft:
        goal = goal_for(cut.contract, cut.seat, cut.play.tricks_won(), cut.tricks_left)
        best_line = principal_line(position_of(cut.play), goal, verdict.best, seat_no(cut.seat))
        accepted = sorted(verdict.accepted, key=natural_key)
        themes = play_themes(cut.play, cut.seat, cut.legal, accepted, best_line)
        natural = str(simple_choice(cut.play))
        sampled = mode == SINGLE_DUMMY
        rating = play_rating(
            len(verdict.values) - len(verdict.accepted),
            natural not in verdict.accepted,
            verdict.margin,
            verdict.error,
            sampled,
            themes,
        )
        stored = {
            "deal": stored_deal(cut),
            "best_line": list(line_tokens(best_line)),
            "best_line_text": line_text(best_line),
            **extra,
            "natural": natural,
        }
        if sampled:
            stored["world_seed"] = cut.seed * 10 + len(cut.play.played_cards())
            candidates = [
                replace(c, result=rate_words(cut.contract, cut.seat, c.rate)) for c in candidates
            ]
        return QuizDraft(
            game=self.game,
            kind="play",
            mode=mode,
            prompt=prompt_for(cut, mode),
            position=position_for(cut, mode),
            candidates=tuple(candidates),
            unit=verdict.unit,
            themes=themes,
            rating=rating,
            rule_ref=rule_ref_for(cut.contract, [parse_card(a) for a in accepted]),
            seed=cut.seed,
            samples=verdict.samples,
            margin=round(verdict.margin, 4),
            extra=stored,
        )

    def stored_world_json(self, world: World) -> Any:
        return {place: [str(c) for c in cards] for place, cards in world.items()}

    def recheck_outcomes(self, draft: QuizDraft) -> dict[str, Outcome] | list[dict[str, Outcome]]:
        contract = contract_of(draft.position)
        record = draft.extra["deal"]
        seat = draft.position["seat"]
        won = record["tricks_won"]
        if draft.mode == DOUBLE_DUMMY:
            return card_outcomes(full_position(contract, record), contract, seat, won)
        out = []
        for world in draft.extra["worlds"]:
            hands = {s: list(world[s]) for s in contract.players}
            out.append(card_outcomes(full_position(contract, record, hands), contract, seat, won))
        return out


SPEC = FiveHundredPlay()


play_quiz = play_generator(SPEC)


def line_counts(cut: Cut, steps: list[LineStep]) -> tuple[str, ...]:
    """Return, after each finished trick of a line, the tricks of each side and the target."""
    contract = cut.contract
    team = set(contract.team)
    need = contract.bid.level
    out = []
    for taken in running_tricks(steps, cut.play.tricks_won()):
        own = sum(n for s, n in taken.items() if s in team)
        other = sum(n for s, n in taken.items() if s not in team)
        if contract.is_misere:
            out.append(f"declarer {own} tricks (must take none), defenders {other}")
        else:
            out.append(f"declarer's side {own} of {need} needed, defenders {other}")
    return tuple(out)
