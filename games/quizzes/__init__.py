"""Quiz generators for the four games: play and bid decisions cut from solved deals."""

from __future__ import annotations

import importlib
from typing import Any

from games.quizzes.base import (
    GENERATOR_MODES,
    GENERATORS,
    KINDS,
    MODES,
    Candidate,
    QuizDraft,
    QuizError,
    generator,
)

GAME_MODULES = ("skat", "beyond", "five_hundred", "wiezen")


def load_generators() -> dict[tuple[str, str], Any]:
    """Import every game's quiz module (registering its generators); return the registry."""
    for game in GAME_MODULES:
        try:
            importlib.import_module(f"games.quizzes.{game}")
        except ModuleNotFoundError as exc:
            if exc.name != f"games.quizzes.{game}":
                raise
    return dict(GENERATORS)


def modes_for(game: str, kind: str) -> tuple[str, ...]:
    """Return the modes a registered generator supports; raise QuizError if there is none."""
    load_generators()
    if (game, kind) not in GENERATORS:
        known = ", ".join(f"{g}/{k}" for g, k in sorted(GENERATORS)) or "none yet"
        raise QuizError(f"no {kind} quiz generator for {game} (available: {known})")
    return GENERATOR_MODES[(game, kind)]


# A decision where most answers are right is no drill: a learner picking at random would pass.
# Every generator's draft must leave at most this share of the choices accepted.
MAX_ACCEPTED_SHARE = 0.5


def is_real_decision(draft: QuizDraft) -> bool:
    """Return whether at most half of the choices (and at least one) are accepted."""
    accepted = sum(c.accepted for c in draft.candidates)
    return 1 <= accepted <= max(1, int(len(draft.candidates) * MAX_ACCEPTED_SHARE))


def draft_quiz(
    game: str, kind: str, mode: str, seed: int, constraint: Any = None
) -> QuizDraft | None:
    """Run the generator for one seed; None when the deal gave no real decision.

    On top of each generator's own margin rule, a draft in which more than half of the
    choices are accepted is dropped here, for every game alike.
    """
    modes = modes_for(game, kind)
    if mode not in modes:
        raise QuizError(f"{game} {kind} quizzes come in modes {', '.join(modes)}, not {mode!r}")
    draft = GENERATORS[(game, kind)](seed, mode, constraint)
    if draft is None or not is_real_decision(draft):
        return None
    return draft


# A bid quiz's re-check per game: (draft, worlds=None) -> the differences found, [] when it
# still holds. ``worlds``: how many stored worlds to play again when the draft stores its
# per-world results (Skat, Kleurenwiezen, Beyond's declarations); None plays every world again.
BID_RECHECKS: dict[str, Any] = {}


def recheck(draft: QuizDraft, worlds: int | None = None) -> list[str]:
    """Re-judge a stored draft from what it stored; return every difference ([] if none).

    Play quizzes of every game go through the shared pipeline (``common.pipeline``); bid
    quizzes through their game's registered re-check. ``worlds`` (bid quizzes that store
    their per-world results): judge again from the stored results and play only that many
    of the stored worlds again to check them (``common.valuation.recheck_indices``).
    """
    load_generators()
    if draft.kind == "play":
        from games.quizzes.common.pipeline import recheck_play

        return recheck_play(draft)
    check = BID_RECHECKS.get(draft.game)
    if check is None:
        raise QuizError(f"no bid re-check registered for {draft.game}")
    return list(check(draft) if worlds is None else check(draft, worlds))


def question_of(draft: QuizDraft) -> str:
    """Return which question of its kind a draft asks (``extra['question']``, else the kind)."""
    return str(draft.extra.get("question", draft.kind))


__all__ = [
    "KINDS",
    "MODES",
    "Candidate",
    "QuizDraft",
    "QuizError",
    "draft_quiz",
    "generator",
    "is_real_decision",
    "load_generators",
    "modes_for",
    "question_of",
    "recheck",
]
