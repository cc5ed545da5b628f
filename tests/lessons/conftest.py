"""A small lesson folder with a test-only exercise, for the lessons machinery tests."""

from __future__ import annotations

import random
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from games.exercises.base import REGISTRY, Choice, Exercise

SAMPLE_EXERCISE = "skat.sample_points"
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def sample_points(seed: int, params: Any) -> Exercise:
    """Ask which of four Skat cards of different values counts most card points."""
    rng = random.Random(seed)
    ranks = rng.sample(["A", "T", "K", "Q", "J", "9"], 4)
    while len({POINTS[r] for r in ranks}) < 4:
        ranks = rng.sample(["A", "T", "K", "Q", "J", "9"], 4)
    cards = [rng.choice("CSHD") + r for r in ranks]
    best = max(cards, key=lambda c: POINTS[c[1]])
    return Exercise(
        name=SAMPLE_EXERCISE,
        seed=seed,
        prompt="Which card counts most?",
        choices=tuple(Choice(c, c) for c in cards),
        answers=frozenset([best]),
        explanation=f"{best} counts {POINTS[best[1]]} card points.",
        diagrams=({"kind": "hand", "game": "skat", "cards": cards},),
    )


@pytest.fixture
def sample_exercise() -> Iterator[str]:
    REGISTRY[SAMPLE_EXERCISE] = sample_points
    yield SAMPLE_EXERCISE
    REGISTRY.pop(SAMPLE_EXERCISE, None)


LESSON = """\
---
title: Card points
summary: What each card counts.
sources:
  - "skat.da.txt: card points"
checkpoints:
  - exercise: skat.sample_points
    section: card-points
  - exercise: skat.sample_points
  - exercise: skat.sample_points
---
Intro text.

## Card points

```hand skat label="A strong hand"
CJ SJ HA HT
```

```trick skat trump=clubs winner=1
0: HA
1: CJ
2: H7
```

> **House rules:** none here.
"""


def write_lesson(folder: Path, name: str = "01-card-points.md", text: str = LESSON) -> Path:
    path = folder / "skat" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


@pytest.fixture
def content_dir(tmp_path: Path, sample_exercise: str) -> Path:
    folder = tmp_path / "content"
    write_lesson(folder)
    write_lesson(
        folder, "02-more-points.md", LESSON.replace("title: Card points", "title: More points")
    )
    (folder / "skat" / "glossary.yaml").write_text(
        "- english: trick\n  original: stik\n  language: da\n  meaning: one round of cards\n"
    )
    return folder
