"""Find the lesson behind a quiz: an explicit map of kinds and themes to lesson sections.

``SECTIONS[game][kind]`` maps every theme tag the game's generators emit (``THEMES`` in
``games/quizzes/<game>/themes.py``) to a lesson and the heading inside it, as
``"lesson-slug#heading-anchor"``; ``KIND_SECTIONS`` names the section a quiz of that kind links
to when none of its themes is mapped. A quiz's first specific theme wins (a theme that only
names the contract or the whole subject, such as ``ask_join`` or ``bidding``, gives way to a
technique). The tests check that every emitted theme is mapped to a heading that exists.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from django.urls import reverse

from lessons.models import Lesson
from trainer.models import Quiz

SECTIONS: dict[str, dict[str, dict[str, str]]] = {
    "skat": {
        "play": {
            "null_play": "null-games#winning-and-losing",
            "null_defence": "null-games#winning-and-losing",
            "trump_drawing": "strategy#draw-the-trumps",
            "ruff": "trumps-and-game-types#how-a-trump-wins-a-trick",
            "schmear": "strategy#schmear-your-partner-s-tricks",
            "jack_timing": "strategy#keep-your-trumps-for-the-moment-that-counts",
            "ducking": "strategy#count-the-card-points",
            "cashing": "strategy#count-the-card-points",
        },
        "bid": {
            "bid_limit": "the-auction#bidding-sensibly",
            "overbid_risk": "winning-and-scoring#overbidding",
            "pass": "the-auction#bidding-sensibly",
            "pick_up": "after-the-auction#picking-up-and-laying-away",
            "hand_game": "after-the-auction#playing-hand",
            "game_choice": "after-the-auction#declaring-the-game",
            "grand_choice": "strategy#when-to-play-grand",
            "null_choice": "null-games#what-makes-a-good-null-hand",
            "discard": "after-the-auction#picking-up-and-laying-away",
            "skat_points": "strategy#bury-points-in-the-skat",
            "void_making": "after-the-auction#picking-up-and-laying-away",
        },
    },
    "beyond": {
        "play": {
            "joker_lead": "the-jokers#leading-a-joker",
            "joker_timing": "the-jokers#jokers-at-any-time",
            "exact_target_control": "playing-the-tricks#playing-with-a-target",
            "spoil": "strategy-and-statistics#defence-first",
            "trump_drawing": "playing-the-tricks#trumps",
            "ruff": "playing-the-tricks#trumps",
            "discard": "playing-the-tricks#following-suit",
        },
        "bid": {
            "convention": "the-basic-convention#a-whole-auction",
            "information_level": "the-basic-convention#the-information-level",
            "demand": "the-basic-convention#the-demand-level",
            "declaration": "trick-declarations#hitting-exactly",
            "jokers": "the-jokers#how-the-jokers-are-spread",
            "sum_rule": "trick-declarations#the-sum-rule",
        },
    },
    "five_hundred": {
        "play": {
            "joker": "trick-play-special-cases#the-joker-in-a-trump-contract",
            "bower": "trick-play-special-cases#following-with-the-left-bower",
            "no trumps": "trick-play-special-cases#the-joker-without-a-trump-suit",
            "trump drawing": "strategy-and-the-scoring-logic#playing-to-the-lines",
            "ruff": "the-table-and-the-deck#who-wins-a-trick",
            "finesse": "strategy-and-the-scoring-logic#playing-to-the-lines",
            "duck": "strategy-and-the-scoring-logic#playing-to-the-lines",
            "misère": "strategy-and-the-scoring-logic#bidding-to-lose-every-trick",
            "misère defence": "strategy-and-the-scoring-logic#bidding-to-lose-every-trick",
            "open misère": "the-kitty-and-the-first-lead#open-misere",
        },
        "bid": {
            "bidding": "the-auction#raising-the-bid",
            "opening bid": "strategy-and-the-scoring-logic#counting-a-hand",
            "partner's bid": "the-auction#reading-a-position",
            "competitive bid": "strategy-and-the-scoring-logic#what-defence-is-worth",
            "misère": "strategy-and-the-scoring-logic#bidding-to-lose-every-trick",
            "pass": "the-auction#passing",
            "joker": "strategy-and-the-scoring-logic#counting-a-hand",
            "no trumps": "strategy-and-the-scoring-logic#choosing-the-strain",
            "kitty": "the-kitty-and-the-first-lead#choosing-discards",
            "void making": "the-kitty-and-the-first-lead#choosing-discards",
        },
    },
    "wiezen": {
        "play": {
            "ask_join": "asking-and-joining#after-the-auction",
            "alone": "asking-and-joining#going-alone",
            "troel": "troel#playing-troel-well",
            "abondance": "abondance-and-solo#abondance",
            "solo": "abondance-and-solo#solo",
            "piccolo": "the-bid-ladder#piccolo",
            "miserie": "miserie#playing-without-trumps",
            "open_miserie": "miserie#open-miserie",
            "misere_declarer": "miserie#playing-without-trumps",
            "misere_defence": "miserie#playing-without-trumps",
            "trump_drawing": "tricks-and-trumps#practical-tips",
            "cash": "tricks-and-trumps#practical-tips",
            "ruff": "tricks-and-trumps#trumps",
            "overruff": "tricks-and-trumps#who-wins-a-trick",
            "discard": "tricks-and-trumps#following-suit",
            "unblock": "tricks-and-trumps#practical-tips",
            "duck": "tricks-and-trumps#practical-tips",
            "finesse": "tricks-and-trumps#practical-tips",
        },
        "bid": {
            "bid_pass": "choosing-a-contract#risk-and-reward",
            "bid_ask": "asking-and-joining#calls-you-can-make",
            "bid_join": "asking-and-joining#step-by-step",
            "bid_alone": "asking-and-joining#going-alone",
            "bid_abondance": "abondance-and-solo#when-to-bid-them",
            "bid_solo": "abondance-and-solo#when-to-bid-them",
            "bid_miserie": "miserie#when-to-bid-it",
            "bid_open_miserie": "miserie#when-to-bid-it",
            "bid_piccolo": "the-bid-ladder#piccolo",
            "bid_troel": "troel#the-announcement",
            "bid_join_troel": "troel#who-is-the-partner",
            "troel": "troel#the-auction-after-troel",
            "answer_ask": "asking-and-joining#step-by-step",
            "asker_choice": "asking-and-joining#going-alone",
            "over_special_bid": "the-bid-ladder#bidding-higher",
            "first_call": "choosing-a-contract#counting-tricks",
            "gamble": "choosing-a-contract#risk-and-reward",
        },
    },
}

# Where a quiz goes when none of its themes is mapped (a play quiz with no tag at all).
KIND_SECTIONS: dict[str, dict[str, str]] = {
    "skat": {"play": "strategy#as-defenders", "bid": "the-auction#bidding-sensibly"},
    "beyond": {"play": "playing-the-tricks#playing-with-a-target", "bid": "the-downward-auction"},
    "five_hundred": {
        "play": "strategy-and-the-scoring-logic#playing-to-the-lines",
        "bid": "the-auction",
    },
    "wiezen": {"play": "tricks-and-trumps#practical-tips", "bid": "choosing-a-contract"},
}

# Tags that name the contract or the whole subject: any technique tag beside them is closer.
BROAD = {"ask_join", "alone", "bidding", "convention", "first_call", "joker", "declaration"}

HEADING = re.compile(r'<h[23][^>]*\bid="(?P<id>[^"]+)"[^>]*>(?P<text>.*?)</h[23]>', re.S)
TAG = re.compile(r"<[^>]+>")


@dataclass(frozen=True)
class LessonLink:
    """Where the feedback sends the learner: a lesson section, or the course page."""

    url: str
    title: str
    is_lesson: bool
    section: str = ""


def section_for(game: str, kind: str, themes: list[str] | tuple[str, ...]) -> str:
    """Return the ``slug#anchor`` a quiz of ``game`` and ``kind`` with ``themes`` links to."""
    mapped = SECTIONS.get(game, {}).get(kind, {})
    specific = [t for t in themes if t in mapped and t not in BROAD]
    broad = [t for t in themes if t in mapped and t in BROAD]
    for tag in (*specific, *broad):
        return mapped[tag]
    return KIND_SECTIONS.get(game, {}).get(kind, "")


def heading_of(lesson: Lesson, anchor: str) -> str:
    """Return the text of the lesson's heading with ``anchor`` ('' when there is none)."""
    for match in HEADING.finditer(lesson.body_html):
        if match["id"] == anchor:
            return TAG.sub("", match["text"]).strip()
    return ""


# Each process keeps the links it found this long: the lessons change only when they are
# loaded again (a command), and every verdict page shows one.
LINK_SECONDS = 30.0
_links_here: dict[tuple[str, str], tuple[float, LessonLink]] = {}


def forget_links() -> None:
    """Drop the links this process keeps (tests that load lessons of their own call it)."""
    _links_here.clear()


def lesson_for(quiz: Quiz) -> LessonLink:
    """Return the link to the lesson section behind the quiz (or to the game's course)."""
    target = section_for(quiz.game, quiz.kind, [str(t) for t in quiz.themes or []])
    now = time.monotonic()
    held = _links_here.get((quiz.game, target))
    if held is not None and held[0] > now:
        return held[1]
    link = _find_link(quiz.game, target)
    _links_here[(quiz.game, target)] = (now + LINK_SECONDS, link)
    return link


def _find_link(game: str, target: str) -> LessonLink:
    slug, _, anchor = target.partition("#")
    lesson = Lesson.objects.filter(game=game, slug=slug).first() if slug else None
    if lesson is None:
        return LessonLink(reverse("lessons:course", args=[game]), "", False)
    section = heading_of(lesson, anchor) if anchor else ""
    url = lesson.get_absolute_url() + (f"#{anchor}" if section else "")
    return LessonLink(url, lesson.title, True, section)
