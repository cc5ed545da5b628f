"""Template filter: stored quiz text in players' words (``trainer.wording``)."""

from __future__ import annotations

from django import template

from trainer.wording import answer_text, player_words

register = template.Library()


@register.filter(name="words")
def words(text: object, game: str) -> str:
    """Return ``text`` with the engine's shorthand of ``game`` in players' words."""
    return player_words(str(game), "" if text is None else str(text))


@register.filter(name="answer_short")
def answer_short(answer: object) -> str:
    """Return a stored answer as a table cell shows it: '10♦ 7♣', '6♦', 'ask ♥'."""
    return answer_text("" if answer is None else str(answer))
