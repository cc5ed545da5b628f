"""Engine-checked checkpoint exercises for the lessons, one module per game."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from games.exercises.base import (
    REGISTRY,
    Choice,
    Diagram,
    Exercise,
    ExerciseError,
    Feedback,
    exercise,
)

GAME_MODULES = ("skat", "beyond", "five_hundred", "wiezen")


def load_all() -> dict[str, Any]:
    """Import every game's exercise module (registering its generators); return the registry."""
    for game in GAME_MODULES:
        try:
            importlib.import_module(f"games.exercises.{game}")
        except ModuleNotFoundError as exc:
            if exc.name != f"games.exercises.{game}":
                raise
    return dict(REGISTRY)


def generate(name: str, seed: int, params: Mapping[str, Any] | None = None) -> Exercise:
    """Return the exercise ``name`` for ``seed``; raise ExerciseError for an unknown name."""
    registry = load_all()
    if name not in registry:
        raise ExerciseError(f"unknown exercise {name!r}; known: {', '.join(sorted(registry))}")
    return registry[name](seed, dict(params or {}))


__all__ = [
    "REGISTRY",
    "Choice",
    "Diagram",
    "Exercise",
    "ExerciseError",
    "Feedback",
    "exercise",
    "generate",
    "load_all",
]
