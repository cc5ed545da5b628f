"""Read and validate the lesson files in lessons/content/<game>/ (no database here)."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from games import GAMES
from games.exercises import ExerciseError, generate, load_all
from lessons.markup import LessonError, render_body, split_front_matter

CONTENT_DIR = Path(__file__).resolve().parent / "content"
FILE_NAME = re.compile(r"^(?P<order>\d{2})-(?P<slug>[a-z0-9]+(?:-[a-z0-9]+)*)\.md$")
MIN_CHECKPOINTS = 3
CHECK_SEEDS = (0, 1, 2)
KNOWN_KEYS = {"title", "order", "summary", "sources", "checkpoints"}
GLOSSARY_KEYS = {"english", "original", "language", "meaning"}
LANGUAGES = {"da", "nl", "de", "en"}
RESERVED_SLUGS = {"glossary"}


@dataclass(frozen=True)
class Checkpoint:
    exercise: str
    params: dict[str, Any]
    section: str


@dataclass(frozen=True)
class LessonFile:
    game: str
    slug: str
    order: int
    title: str
    summary: str
    sources: tuple[str, ...]
    checkpoints: tuple[Checkpoint, ...]
    html: str
    anchors: tuple[str, ...]
    path: str
    digest: str


@dataclass
class Course:
    game: str
    lessons: list[LessonFile] = field(default_factory=list)
    glossary: list[dict[str, str]] = field(default_factory=list)


def _rel(path: Path) -> str:
    try:
        return str(path.relative_to(CONTENT_DIR.parent.parent))
    except ValueError:
        return str(path)


def _line_of(text: str, key: str) -> int:
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(f"{key}:"):
            return number
    return 1


def read_lesson(path: Path, game: str) -> LessonFile:
    """Parse and check one lesson file; raise LessonError naming the file and line."""
    name = _rel(path)
    match = FILE_NAME.match(path.name)
    if not match:
        raise LessonError(name, 1, "file name must look like 03-the-auction.md")
    if match["slug"] in RESERVED_SLUGS:
        raise LessonError(name, 1, f"the slug {match['slug']!r} is taken by a site page")
    text = path.read_text(encoding="utf-8")
    meta, body, body_line = split_front_matter(text, name)
    unknown = set(meta) - KNOWN_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise LessonError(name, _line_of(text, key), f"unknown front matter key {key!r}")
    title = meta.get("title")
    if not isinstance(title, str) or not title.strip():
        raise LessonError(name, _line_of(text, "title"), "front matter needs a 'title'")
    order = meta.get("order", int(match["order"]))
    if not isinstance(order, int):
        raise LessonError(name, _line_of(text, "order"), "'order' must be a whole number")
    sources = meta.get("sources")
    if (
        not isinstance(sources, list)
        or not sources
        or not all(isinstance(s, str) and s.strip() for s in sources)
    ):
        raise LessonError(
            name, _line_of(text, "sources"), "'sources' must list the rule-text parts cited"
        )
    summary = meta.get("summary", "")
    if not isinstance(summary, str):
        raise LessonError(name, _line_of(text, "summary"), "'summary' must be text")
    rendered = render_body(body, name, body_line, title.strip())
    checkpoints = _read_checkpoints(
        meta.get("checkpoints"), name, _line_of(text, "checkpoints"), game, rendered.anchors
    )
    return LessonFile(
        game=game,
        slug=match["slug"],
        order=order,
        title=title.strip(),
        summary=summary.strip(),
        sources=tuple(s.strip() for s in sources),
        checkpoints=checkpoints,
        html=rendered.html,
        anchors=rendered.anchors,
        path=name,
        digest=hashlib.sha256(text.encode()).hexdigest(),
    )


def _read_checkpoints(
    raw: object, name: str, line: int, game: str, anchors: tuple[str, ...]
) -> tuple[Checkpoint, ...]:
    if not isinstance(raw, list) or len(raw) < MIN_CHECKPOINTS:
        raise LessonError(name, line, f"a lesson needs at least {MIN_CHECKPOINTS} checkpoints")
    registry = load_all()
    out = []
    for number, item in enumerate(raw, start=1):
        where = f"checkpoint {number}"
        if not isinstance(item, dict) or not isinstance(item.get("exercise"), str):
            raise LessonError(name, line, f"{where} needs 'exercise: <game>.<name>'")
        extra = set(item) - {"exercise", "params", "section"}
        if extra:
            raise LessonError(name, line, f"{where} has unknown keys {sorted(extra)}")
        exercise = item["exercise"]
        if not exercise.startswith(f"{game}."):
            raise LessonError(name, line, f"{where}: {exercise!r} is not a {game} exercise")
        if exercise not in registry:
            raise LessonError(name, line, f"{where}: no exercise named {exercise!r}")
        params = item.get("params") or {}
        if not isinstance(params, dict):
            raise LessonError(name, line, f"{where}: 'params' must be a mapping")
        section = item.get("section") or ""
        if section and section not in anchors:
            raise LessonError(name, line, f"{where}: no heading with anchor {section!r}")
        for seed in CHECK_SEEDS:
            try:
                generate(exercise, seed, params)
            except (ExerciseError, ValueError, KeyError, TypeError) as exc:
                raise LessonError(name, line, f"{where} fails for seed {seed}: {exc}") from None
        out.append(Checkpoint(exercise, params, section))
    return tuple(out)


def read_glossary(path: Path) -> list[dict[str, str]]:
    """Parse and check a glossary file: a list of english/original/language/meaning entries."""
    name = _rel(path)
    try:
        entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise LessonError(name, mark.line + 1 if mark else 1, f"not valid YAML: {exc}") from None
    if not isinstance(entries, list):
        raise LessonError(name, 1, "a glossary is a list of entries")
    out = []
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or not {"english", "original"} <= set(entry):
            raise LessonError(name, 1, f"entry {number} needs 'english' and 'original'")
        unknown = set(entry) - GLOSSARY_KEYS
        if unknown:
            raise LessonError(name, 1, f"entry {number} has unknown keys {sorted(unknown)}")
        if entry.get("language", "da") not in LANGUAGES:
            raise LessonError(name, 1, f"entry {number}: language must be one of {LANGUAGES}")
        out.append({k: str(entry.get(k, "")).strip() for k in GLOSSARY_KEYS})
    return out


def read_course(game: str, content_dir: Path = CONTENT_DIR) -> Course:
    """Read every lesson and the glossary of one game; orders and slugs must be unique."""
    course = Course(game)
    folder = content_dir / game
    if not folder.is_dir():
        return course
    seen_orders: dict[int, str] = {}
    for path in sorted(folder.glob("*.md")):
        lesson = read_lesson(path, game)
        if lesson.order in seen_orders:
            raise LessonError(
                lesson.path, 1, f"order {lesson.order} is also used by {seen_orders[lesson.order]}"
            )
        seen_orders[lesson.order] = lesson.path
        course.lessons.append(lesson)
    course.lessons.sort(key=lambda lesson: lesson.order)
    glossary = folder / "glossary.yaml"
    if glossary.exists():
        course.glossary = read_glossary(glossary)
    return course


def read_all(content_dir: Path = CONTENT_DIR) -> dict[str, Course]:
    """Read the courses of all four games, stopping at the first broken file."""
    unknown = (
        [p.name for p in content_dir.iterdir() if p.is_dir() and p.name not in GAMES]
        if content_dir.is_dir()
        else []
    )
    if unknown:
        raise LessonError(_rel(content_dir / unknown[0]), 1, "folder is not one of the four games")
    return {game: read_course(game, content_dir) for game in GAMES}
