"""Theme tags as learners read them: every tag a generator emits, its label, and whether it
names the answer.

Each game lists its tags in ``games/quizzes/<game>/themes.py`` as ``THEMES``; a tag that names
one of the choices (a Kleurenwiezen ``bid_join`` on a join-or-pass question, Skat's
``pick_up``) lists the quiz kinds where it does so in ``names_answer`` and is never shown there
as a hint (500's ``no trumps`` names the answer of a bidding quiz, but only the contract of a
play quiz).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Theme:
    """One theme tag: the words a learner reads, and whether it gives the answer away."""

    label: str
    names_answer: tuple[str, ...] = ()

    def gives_away(self, kind: str) -> bool:
        """Return True when the tag names the answer of a quiz of ``kind``."""
        return kind in self.names_answer


class UnknownTheme(KeyError):
    """Raised for a theme tag no game lists."""


def themes_of(game: str) -> dict[str, Theme]:
    """Return the theme tags a game's generators emit, with their labels."""
    from importlib import import_module

    module = import_module(f"games.quizzes.{game}.themes")
    return dict(module.THEMES)


def theme(game: str, tag: str) -> Theme:
    """Return one tag of a game; raise UnknownTheme when the game does not list it."""
    known = themes_of(game)
    if tag not in known:
        raise UnknownTheme(f"{game} has no theme {tag!r} (known: {', '.join(sorted(known))})")
    return known[tag]
