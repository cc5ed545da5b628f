"""One play-quiz pipeline for every game; each game gives only a small ``PlaySpec``.

The pipeline, for a seed and a mode:

1. asks the spec for the decisions of the deal in order (``cuts``), at most ``max_scan``;
2. values every legal card in the game's own terms (``Outcome``): exactly, solving the whole
   layout (double dummy), or in each of the same sampled worlds (single dummy);
3. judges them with the shared ``Verdict`` (``judge_exact`` / ``judge_sampled``): kept only
   when the accepted cards reach a better result band, or a better mean score beyond the
   sampling error;
4. writes every candidate (value, result in words, rate, why a rejected card is worse, the
   line that shows it) and lets the spec finish the draft (prompt, position, themes, rating,
   rule reference, what ``extra`` stores for the re-check).

``recheck`` re-judges a stored draft from what it stored (the full deal, or its worlds) and
names every difference, for every game alike. A fifth game needs only its spec.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, Generic, TypeVar

from games.quizzes import is_real_decision
from games.quizzes.base import Candidate, Generator, QuizDraft, QuizError
from games.quizzes.common.lines import PlayedLine
from games.quizzes.common.verdict import (
    Outcome,
    Verdict,
    differences,
    judge_exact,
    judge_sampled,
)
from games.quizzes.units import POINTS, unit

C = TypeVar("C")  # a game's cut: one decision in a dealt and partly played deal
W = TypeVar("W")  # a game's sampled world: the hidden cards as one layout

DOUBLE_DUMMY = "double_dummy"
SINGLE_DUMMY = "single_dummy"


class PlaySpec(ABC, Generic[C, W]):
    """What one game adds to the shared play pipeline."""

    game: str
    # Decisions looked at per deal before giving up, per mode (None: all of them).
    max_scan: dict[str, int | None] = {DOUBLE_DUMMY: 6, SINGLE_DUMMY: 2}
    # The smallest mean score gap (in the game's points) a sampled quiz must show.
    minimum_gap: float = 0.0
    # How the rate beside a sampled score is named: "win rate", "make rate", "hit rate".
    rate_unit: str = "make rate"

    @abstractmethod
    def cuts(self, seed: int, mode: str, constraint: Any) -> Iterable[C]:
        """Return the decisions of the seeded deal, in order (may raise NoDealFound)."""

    @abstractmethod
    def answers(self, cut: C) -> list[tuple[str, str]]:
        """Return the legal cards as (answer, label), in the order the page shows them."""

    def rate_unit_of(self, cut: C) -> str:
        """Return the rate shown beside a sampled score at this decision (default: one)."""
        return self.rate_unit

    def prefer(self, answer: str) -> Any:
        """Return a sort key choosing the answer shown as best among equals (lowest first)."""
        return answer

    @abstractmethod
    def exact(self, cut: C) -> dict[str, Outcome]:
        """Return every legal card's outcome under best play by everyone (all hands known)."""

    @abstractmethod
    def worlds(self, cut: C, seed: int, number: int) -> list[W] | None:
        """Return the sampled worlds for the ``number``-th decision, or None if none fit."""

    @abstractmethod
    def in_world(self, cut: C, world: W) -> dict[str, Outcome]:
        """Return every legal card's outcome in one sampled world."""

    @abstractmethod
    def line(self, cut: C, answer: str, world: W | None) -> PlayedLine:
        """Return best play after ``answer`` to the end of the deal (in ``world``, else the real
        deal), with the running count after each trick and the first tricks in words."""

    @abstractmethod
    def finish(
        self, cut: C, mode: str, verdict: Verdict, candidates: Sequence[Candidate], extra: dict
    ) -> QuizDraft:
        """Return the draft: prompt, position, themes, rating and rule reference added.

        ``extra`` holds what the pipeline stores (worlds, sampling error); the spec adds the
        deal it needs to re-check and returns the draft with the given candidates.
        """

    @abstractmethod
    def stored_world_json(self, world: W) -> Any:
        """Return a sampled world in JSON form, for ``extra['worlds']``."""

    @abstractmethod
    def recheck_outcomes(self, draft: QuizDraft) -> dict[str, Outcome] | list[dict[str, Outcome]]:
        """Value a stored draft's candidates again from what it stored (one dict per world)."""


def judge(
    spec: PlaySpec[Any, Any], outcomes: dict[str, Outcome] | Sequence[dict[str, Outcome]]
) -> Verdict | None:
    """Judge exact outcomes (one dict) or per-world outcomes (a list of dicts)."""
    if isinstance(outcomes, dict):
        return judge_exact(outcomes, spec.prefer)
    return judge_sampled(outcomes, spec.minimum_gap, spec.prefer)


def exact_reason(verdict: Verdict, answer: str, label: str, best_label: str) -> str:
    """Return why an exactly valued card is worse, in the game's own words."""
    return (
        f"With {label} {verdict.words[answer]} against best play; with {best_label} "
        f"{verdict.words[verdict.best]}."
    )


def sampled_reason(
    verdict: Verdict, answer: str, label: str, best_label: str, rate_unit: str
) -> str:
    """Return why a card is worse on average over the worlds, with its rate beside."""
    rate = unit(rate_unit)
    n = verdict.samples or 0
    return (
        f"Over {n} deals that fit what you know, {label} scores "
        f"{POINTS.amount(round(verdict.scores[answer], 2))} on average "
        f"({rate.amount(verdict.rates[answer])}), against "
        f"{POINTS.amount(round(verdict.scores[verdict.best], 2))} "
        f"({rate.amount(verdict.rates[verdict.best])}) with {best_label}: it does worse in "
        f"{verdict.worse_in[answer]} of them and better in {verdict.better_in[answer]}."
    )


def telling_world(per_world: Sequence[dict[str, Outcome]], best: str, answer: str) -> int:
    """Return the world where ``answer`` falls furthest behind ``best`` (the first such)."""
    gaps = [w[best].score - w[answer].score for w in per_world]
    return max(range(len(gaps)), key=lambda i: (gaps[i], -i))


def candidates_for(
    spec: PlaySpec[C, W],
    cut: C,
    verdict: Verdict,
    worlds: Sequence[W] | None = None,
    per_world: Sequence[dict[str, Outcome]] | None = None,
) -> list[Candidate]:
    """Return every candidate with its value, result, rate and (if rejected) refutation."""
    labels = dict(spec.answers(cut))
    best_label = labels[verdict.best]
    out = []
    for answer, label in spec.answers(cut):
        value = round(verdict.values[answer], 4)
        rate = None if verdict.exact else round(verdict.rates[answer], 4)
        rate_unit = "" if verdict.exact else spec.rate_unit_of(cut)
        result = verdict.words.get(answer, "")
        if answer in verdict.accepted:
            out.append(Candidate(answer, value, True, label, "", (), result, rate, rate_unit))
            continue
        world, index, end = None, None, result
        if worlds is not None and per_world is not None:
            index = telling_world(per_world, verdict.best, answer)
            world, end = worlds[index], per_world[index][answer].words
            reason = sampled_reason(verdict, answer, label, best_label, spec.rate_unit_of(cut))
        else:
            reason = exact_reason(verdict, answer, label, best_label)
        line = spec.line(cut, answer, world)
        if line.text:
            where = "For example in one such deal" if world is not None else "Best play then"
            reason = f"{reason} {where}: {line.text}."
        out.append(
            Candidate(
                answer,
                value,
                False,
                label,
                reason,
                line.tokens(),
                result,
                rate,
                rate_unit,
                tricks=tuple(line.tricks()),
                line_end=end or line.end,
                line_world=index,
            )
        )
    return out


def quiz_at(spec: PlaySpec[C, W], cut: C, mode: str, seed: int, number: int) -> QuizDraft | None:
    """Return the quiz of one decision in ``mode``, or None when it is no clear decision."""
    if mode == DOUBLE_DUMMY:
        verdict = judge(spec, spec.exact(cut))
        if verdict is None:
            return None
        return spec.finish(cut, mode, verdict, candidates_for(spec, cut, verdict), {})
    worlds = spec.worlds(cut, seed, number)
    if worlds is None:
        return None
    per_world = [spec.in_world(cut, w) for w in worlds]
    verdict = judge(spec, per_world)
    if verdict is None:
        return None
    candidates = candidates_for(spec, cut, verdict, worlds, per_world)
    extra = {
        "worlds": [spec.stored_world_json(w) for w in worlds],
        "sampling_error": round(verdict.error, 4),
    }
    return spec.finish(cut, mode, verdict, candidates, extra)


def play_generator(spec: PlaySpec[Any, Any]) -> Generator:
    """Return the registered-generator function of a spec (both modes)."""

    def play_quiz(seed: int, mode: str, constraint: Any = None) -> QuizDraft | None:
        if mode not in (DOUBLE_DUMMY, SINGLE_DUMMY):
            raise QuizError(
                f"{spec.game} play quizzes come in double_dummy and single_dummy, not {mode!r}"
            )
        limit = spec.max_scan.get(mode)
        for number, cut in enumerate(spec.cuts(seed, mode, constraint)):
            if number == limit:
                return None
            draft = quiz_at(spec, cut, mode, seed, number)
            # A decision where most cards reach the best result is no drill; a later one of
            # the same deal may be.
            if draft is not None and is_real_decision(draft):
                return draft
        return None

    return play_quiz


PLAY_SPECS: dict[str, PlaySpec[Any, Any]] = {}


def register_play(spec: PlaySpec[Any, Any]) -> PlaySpec[Any, Any]:
    """Record ``spec`` as its game's play spec (for ``recheck``) and return it."""
    PLAY_SPECS[spec.game] = spec
    return spec


def recheck_play(draft: QuizDraft) -> list[str]:
    """Re-judge a stored play draft from what it stored; return every difference found.

    An empty list means the stored candidates are exactly what the pipeline says now: the same
    accepted answers and the same values (to the stored precision).
    """
    spec = PLAY_SPECS.get(draft.game)
    if spec is None:
        raise QuizError(f"no play spec registered for {draft.game}")
    return differences(draft, judge(spec, spec.recheck_outcomes(draft)))
