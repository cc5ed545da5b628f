"""Lesson files: split the front matter, render the Markdown with card diagrams and anchors."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

import yaml
from markdown_it import MarkdownIt
from markdown_it.token import Token

from lessons.diagrams import KINDS, DiagramError, parse_block, render_diagram


class LessonError(ValueError):
    """A problem in a lesson file, located by file name and line."""

    def __init__(self, path: str, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path, self.line, self.message = path, line, message


@dataclass(frozen=True)
class Rendered:
    html: str
    anchors: tuple[str, ...]
    diagrams: int


def slugify_heading(text: str) -> str:
    """Return the anchor for a heading: accents dropped, lower case, other runs turned to '-'."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


def split_front_matter(text: str, path: str) -> tuple[dict[str, Any], str, int]:
    """Return (front matter, body, line number where the body starts)."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "---":
        raise LessonError(path, 1, "a lesson must start with '---' and YAML front matter")
    for end in range(1, len(lines)):
        if lines[end].strip() == "---":
            break
    else:
        raise LessonError(path, 1, "the front matter has no closing '---'")
    try:
        meta = yaml.safe_load("".join(lines[1:end])) or {}
    except yaml.YAMLError as exc:
        # The context mark points at where the broken construct began, which is the line a
        # writer needs; the problem mark is often the line after.
        mark = getattr(exc, "context_mark", None) or getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 1
        raise LessonError(path, line, f"front matter is not valid YAML: {exc}") from None
    if not isinstance(meta, dict):
        raise LessonError(path, 2, "front matter must be a mapping of keys to values")
    return meta, "".join(lines[end + 1 :]), end + 2


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "typographer": True}).enable(
        ["table", "replacements", "smartquotes"]
    )
    default_fence = md.renderer.rules["fence"]  # type: ignore[attr-defined]

    def fence(renderer: Any, tokens: list[Token], idx: int, options: Any, env: Any) -> str:
        token = tokens[idx]
        if "diagram" in token.meta:
            return render_diagram(token.meta["diagram"])
        return default_fence(tokens, idx, options, env)

    md.add_render_rule("fence", fence)
    return md


MD = _markdown()


def _drop_title_heading(tokens: list[Token], title: str) -> list[Token]:
    """Drop a leading level-1 heading that repeats the title (the page shows the title)."""
    if (
        len(tokens) >= 3
        and tokens[0].type == "heading_open"
        and tokens[0].tag == "h1"
        and tokens[1].content.strip() == title.strip()
    ):
        return tokens[3:]
    return tokens


def render_body(body: str, path: str, first_line: int, title: str = "") -> Rendered:
    """Render Markdown to HTML; every diagram block is parsed and checked first."""
    tokens = _drop_title_heading(MD.parse(body), title)
    anchors: list[str] = []
    diagrams = 0
    for i, token in enumerate(tokens):
        line = first_line + (token.map[0] if token.map else 0)
        if token.type == "fence" and token.info.split()[:1] and token.info.split()[0] in KINDS:
            try:
                token.meta["diagram"] = parse_block(token.info, token.content)
            except DiagramError as exc:
                raise LessonError(path, line + exc.line, str(exc)) from None
            diagrams += 1
        elif token.type == "heading_open":
            anchor = slugify_heading(tokens[i + 1].content)
            if anchor in anchors:
                raise LessonError(path, line, f"two headings share the anchor {anchor!r}")
            anchors.append(anchor)
            token.attrSet("id", anchor)
    html = MD.renderer.render(tokens, MD.options, {})
    return Rendered(html, tuple(anchors), diagrams)
