"""Measure a generator: how many seeds give a quiz (the keep rate) and the time per attempt."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.quizzes import draft_quiz
from games.quizzes.base import QuizDraft


@dataclass(frozen=True)
class KeepRate:
    """Attempts made, quizzes kept and the wall time spent for one game, kind and mode."""

    game: str
    kind: str
    mode: str
    attempts: int
    kept: int
    seconds: float

    @property
    def rate(self) -> float:
        """Return the share of attempts that gave a quiz (0 when nothing was tried)."""
        return self.kept / self.attempts if self.attempts else 0.0

    @property
    def ms_per_attempt(self) -> float:
        """Return the mean wall time of one attempt in milliseconds."""
        return 1000 * self.seconds / self.attempts if self.attempts else 0.0

    def __str__(self) -> str:
        return (
            f"{self.game} {self.kind}/{self.mode}: kept {self.kept} of {self.attempts} "
            f"({self.rate:.0%}), {self.ms_per_attempt:.0f} ms per attempt"
        )


def keep_rate(
    game: str, kind: str, mode: str, seeds: Iterable[int], constraint: Any = None
) -> KeepRate:
    """Run the ``game`` generator of ``kind`` in ``mode`` on each seed; count and time them.

    An unknown game, kind or mode raises QuizError (from ``draft_quiz``) at the first seed.
    """
    attempts = kept = 0
    start = time.perf_counter()
    for seed in seeds:
        attempts += 1
        kept += draft_quiz(game, kind, mode, seed, constraint) is not None
    return KeepRate(game, kind, mode, attempts, kept, time.perf_counter() - start)


@dataclass(frozen=True)
class AnswerShare:
    """How often the most common accepted answer is accepted, for one game, kind and question.

    A quiz that accepts several answers counts for each of them: the share is how often always
    giving ``answer`` would be graded right.
    """

    game: str
    kind: str
    question: str
    quizzes: int
    answer: str
    count: int

    @property
    def share(self) -> float:
        return self.count / self.quizzes if self.quizzes else 0.0

    def __str__(self) -> str:
        return (
            f"{self.game} {self.kind}/{self.question}: {self.quizzes} quizzes, most common "
            f"accepted answer {self.answer!r} in {self.count} ({self.share:.0%})"
        )


# No single answer may be accepted in more than this share of a question's quizzes.
MAX_ANSWER_SHARE = 0.4


def too_common(accepted: Iterable[str], counts: Mapping[str, int], total: int, floor: int) -> bool:
    """Return whether one more quiz accepting ``accepted`` would make one of those answers
    accepted in more than MAX_ANSWER_SHARE of its question's quizzes: ``counts`` says how
    many of the ``total`` quizzes so far accept each answer, and the share is counted
    against at least ``floor`` quizzes (so the first few of a thin question are not held
    back). The starter bank's build and the workers' refills both pass over such a draft."""
    cap = MAX_ANSWER_SHARE * max(total + 1, floor)
    return any(counts.get(a, 0) + 1 > cap for a in set(accepted))


def answer_shares(drafts: Iterable[QuizDraft]) -> list[AnswerShare]:
    """Return the most common accepted answer's share per game, kind and question."""
    from games.quizzes import question_of

    groups: dict[tuple[str, str, str], Counter[str]] = {}
    sizes: Counter[tuple[str, str, str]] = Counter()
    for draft in drafts:
        key = (draft.game, draft.kind, question_of(draft))
        sizes[key] += 1
        groups.setdefault(key, Counter()).update(set(draft.accepted))
    out = []
    for key in sorted(groups):
        answer, count = min(groups[key].items(), key=lambda kv: (-kv[1], kv[0]))
        out.append(AnswerShare(*key, sizes[key], answer, count))
    return out
