"""What the verdict page shows beside the values: the refuting line trick by trick, the whole
deal revealed, one sentence of why, the values table folded, and labels a learner reads.

Everything comes from what the quiz stored (``docs/quizzes.md``): the candidates' ``tricks``
(who played what and who took it, played to the end of the deal), ``line_end`` and
``line_world``, and the deal in ``extra``. Nothing is solved here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from games.cards import NotationError, parse_card, sort_key
from games.quizzes.base import QuizError
from games.quizzes.common.valuation import DEAL_TRICKS, stored
from games.quizzes.themes import themes_of
from games.quizzes.units import CONVENTION, percent
from games.quizzes.units import number as num
from lessons.diagrams import card_view, render_diagram
from lessons.sources import in_words
from trainer.decisive import decisive_trick
from trainer.grading import ChoiceVerdict, Grade
from trainer.models import Quiz
from trainer.positions import choice_html
from trainer.wording import player_words

SEAT_WORDS = {
    "0": "forehand",
    "1": "middlehand",
    "2": "rearhand",
    "N": "North",
    "E": "East",
    "S": "South",
    "W": "West",
}
# How many values the table shows before folding the rest away: the best answers, the
# learner's own and the next few.
SHOWN_VALUES = 6
# A table this short is shown whole.
FOLD_OVER = 8


PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


def seat_label(seat: Any, me: Any = None, roles: Mapping[str, str] | None = None) -> str:
    """Return a seat as a player says it, 'forehand' or 'West', with '(you)' for one's own
    seat and its role beside the others ('middlehand (declarer)', 'North (partner)')."""
    key = str(seat)
    word = SEAT_WORDS.get(key, key)
    if me is not None and key == str(me):
        return f"{word} (you)"
    role = (roles or {}).get(key)
    return f"{word} ({role})" if role else word


def seat_roles(quiz: Quiz) -> dict[str, str]:
    """Return the roles a player names the other seats by: declarer, partner.

    Skat: the declarer, and the other defender as partner. Beyond and 500: the seat opposite
    as partner (500 names the declarer too). Kleurenwiezen: the declarers, and the partner of
    the contract (a declarer's fellow declarer, a defender's fellow defender).
    """
    pos = quiz.position if isinstance(quiz.position, dict) else {}
    me = str(pos.get("seat", ""))
    raw = pos.get("contract")
    contract: dict[str, Any] = raw if isinstance(raw, dict) else {}
    roles: dict[str, str] = {}
    if quiz.game == "skat":
        declarer = contract.get("declarer")
        if declarer is not None:
            roles[str(declarer)] = "declarer"
            if me != str(declarer):
                roles.update(
                    {s: "partner" for s in ("0", "1", "2") if s not in (me, str(declarer))}
                )
        return roles
    if quiz.game == "wiezen":
        declarers = [str(s) for s in contract.get("declarers") or []]
        mine = me in declarers
        for seat in "NESW":
            if seat == me:
                continue
            if seat in declarers:
                alone = contract.get("kind") in ("miserie", "open_miserie", "piccolo")
                roles[seat] = "partner" if mine and not alone else "declarer"
            elif not mine and declarers:
                roles[seat] = "partner"
        return roles
    if me in PARTNER:
        roles[PARTNER[me]] = "partner"
    declarer = contract.get("declarer")
    if quiz.game == "five_hundred" and declarer and str(declarer) not in (me, PARTNER.get(me)):
        roles[str(declarer)] = "declarer"
    return roles


def theme_labels(quiz: Quiz) -> list[str]:
    """Return the quiz's themes in words (a tag no game lists is shown with its spaces)."""
    known = themes_of(quiz.game)
    return [known[t].label if t in known else str(t).replace("_", " ") for t in quiz.themes or []]


def hint_themes(quiz: Quiz) -> list[str]:
    """Return the theme labels a hint may show: none that names the answer."""
    known = themes_of(quiz.game)
    return [
        known[t].label
        for t in quiz.themes or []
        if t in known and not known[t].gives_away(quiz.kind)
    ]


@dataclass(frozen=True)
class Hint:
    """What a hint shows: themes that do not name the answer, the rules, the lesson section."""

    themes: list[str]
    rule: str
    section: str


def hint_for(quiz: Quiz, lesson: Any) -> Hint:
    """Return the hint of a quiz: never a theme that names one of the choices."""
    section = ""
    if getattr(lesson, "is_lesson", False):
        section = f"{lesson.title}, “{lesson.section}”" if lesson.section else lesson.title
    return Hint(hint_themes(quiz), rule_words(quiz.rule_ref or ""), section)


def rule_words(rule_ref: str) -> str:
    """Return a rule reference as a learner reads it: the rule texts named in words, no file
    names ('skat.da.txt: strategy tips' reads 'the Danish Skat rules: strategy tips')."""
    text = "; ".join(t for t in (in_words(p) for p in (rule_ref or "").split(";")) if t)
    return text.replace("ask/join", "ask and join")  # the bid as players name it


def card_name(token: str) -> str:
    """Return a card's spoken name ('king of clubs'), the token itself if it is no card."""
    try:
        return card_view(token)["name"]
    except (NotationError, ValueError, KeyError):
        return token


@dataclass
class TrickRow:
    """One trick of the refuting line as the page draws it: its number in the deal (the
    tricks played before the decision counted), and its place in the line."""

    number: int
    plays: list[tuple[str, SafeString, bool]]
    winner: str
    count: str
    named: str = ""
    index: int = 0


@dataclass
class LineView:
    """The refuting line drawn: whose line, in which deal, its tricks and the end."""

    choice: ChoiceVerdict
    rows: list[TrickRow]
    end: str
    example_hands: dict[str, list[str]] = field(default_factory=dict)
    reason: str = ""
    # The line's index of the trick where the aim fails (trainer.decisive), None if none.
    turn: int | None = None

    @property
    def in_example(self) -> bool:
        return self.choice.line_world is not None


def line_choice(grade: Grade) -> ChoiceVerdict | None:
    """Return the choice whose refuting line the page shows: the learner's own when it was
    rejected, else the rejected choice closest to the best (what the right answer avoided)."""
    chosen = grade.chosen
    if not chosen.accepted and chosen.tricks:
        return chosen
    rejected = [c for c in grade.choices if not c.accepted and c.tricks]
    return min(rejected, key=lambda c: c.gap) if rejected else None


def line_view(quiz: Quiz, grade: Grade) -> LineView | None:
    """Return the refuting line to draw, trick by trick (None when the quiz stored none)."""
    choice = line_choice(grade)
    if choice is None:
        return None
    me = (quiz.position or {}).get("seat")
    roles = seat_roles(quiz)
    rows = []
    hands: dict[str, list[str]] = {}
    played = len((quiz.position or {}).get("tricks_played") or [])
    for index, trick in enumerate(choice.tricks):
        winner = trick.get("winner")
        plays = []
        for seat, card in trick.get("plays") or []:
            plays.append((seat_label(seat, me, roles), choice_html(card, card), seat == winner))
            hands.setdefault(str(seat), []).append(card)
        rows.append(
            TrickRow(
                played + index + 1,
                plays,
                seat_label(winner, me, roles) if winner else "",
                player_words(quiz.game, str(trick.get("count") or "")),
                str(trick.get("named") or ""),
                index,
            )
        )
    # The cards on the trick before the answer were played already: they are no one's hand.
    opening = _opening(choice)
    for seat, card in opening:
        hands[seat].remove(card)
    example = (
        {s: sorted(c, key=_display_key) for s, c in hands.items() if c}
        if choice.line_world is not None
        else {}
    )
    turn = decisive_trick(quiz, choice.tricks)
    return LineView(
        choice,
        rows,
        choice.line_end or choice.result,
        example,
        _reason(choice),
        None if turn is None else turn.index,
    )


LINE_WORDS = (" For example in one such deal: ", " Best play then: ")


def _reason(choice: ChoiceVerdict) -> str:
    """Return the written refutation without the line in words (the table shows it), and
    only for a sampled quiz, where it says how the choice fares over all the deals."""
    if choice.line_world is None:
        return ""
    text = choice.refutation
    for marker in LINE_WORDS:
        text = text.split(marker)[0]
    return text


def _display_key(token: str) -> tuple[int, int]:
    try:
        return sort_key(parse_card(token))
    except (NotationError, ValueError, KeyError):
        return (9, 0)


def _opening(choice: ChoiceVerdict) -> list[tuple[str, str]]:
    """Return the plays of the first trick made before the answer."""
    if not choice.tricks:
        return []
    first = [(str(s), str(c)) for s, c in choice.tricks[0].get("plays") or []]
    for n, (_, card) in enumerate(first):
        if card == choice.answer:
            return first[:n]
    return []


def why(quiz: Quiz, view: LineView, grade: Grade | None = None) -> str:
    """Return one sentence of why, from the line and the themes: the trick where the aim
    fails, what it settles, and the end.

    'After the king of hearts, South takes trick 10 with the queen of spades: that is the
    fifth trick for the defenders, so your side can take at most 8; in the end the contract
    is made with 8 tricks (+2 for you). With the ten of clubs instead: the contract is made
    with 9 tricks (+3 for you).'
    """
    choice = view.choice
    turn = decisive_trick(quiz, choice.tricks)
    row = (
        view.rows[turn.index]
        if turn is not None
        else next((r for r in view.rows if r.winner), None)
    )
    where = "In the example deal, after" if view.in_example else "After"
    parts = [f"{where} {_with_article(choice)}"]
    end = player_words(quiz.game, view.end)
    if row is not None:
        trick = choice.tricks[row.index]
        won = next((str(c) for s, c in trick.get("plays") or [] if s == trick.get("winner")), "")
        taker = "you take" if row.winner.endswith("(you)") else f"{row.winner} takes"
        if turn is not None:
            parts.append(f", {taker} trick {turn.number} with the {card_name(won)}: {turn.settles}")
            if end:
                parts.append(f"; in the end {end}")
        else:
            parts.append(f", {taker} the trick with the {card_name(won)}")
            last = next((r.count for r in reversed(view.rows) if r.count), "")
            if last:
                parts.append(f"; best play ends with {last}")
            if end:
                parts.append(f": {end}")
    elif end:
        parts.append(f": {end}")
    sentence = "".join(parts) + "."
    best = _best_instead(grade, choice) if grade is not None and not view.in_example else None
    if best is not None:
        sentence += f" With {_with_article(best)} instead: {player_words(quiz.game, best.result)}."
    labels = [
        t for t in hint_themes(quiz) if t not in ("bidding", "playing a pair contract")
    ] or theme_labels(quiz)
    if labels:
        sentence += f" What it turns on: {', '.join(labels)}."
    return sentence[0].upper() + sentence[1:]


def verdict_why(quiz: Quiz, grade: Grade, view: LineView | None = None) -> str:
    """Return the verdict's why, as every verdict shows it (page, teacher's page, API): the
    line's sentence for a play verdict, the values' sentence for a bid verdict."""
    if view is None:
        view = line_view(quiz, grade)
    return why(quiz, view, grade) if view else bid_why(quiz, grade)


def _best_instead(grade: Grade, choice: ChoiceVerdict) -> ChoiceVerdict | None:
    """Return the best choice to set beside a line's end, when its result is in words."""
    best = [c for c in grade.choices if c.accepted and c.result and c.result != choice.result]
    return min(best, key=lambda c: c.gap) if best and not choice.accepted else None


# A rate beside a sampled score, as a sentence part: how often the choice reaches its aim.
RATE_PHRASES = {
    "win rate": "wins in {p} of them",
    "make rate": "the contract is made in {p} of them",
    "set rate": "the contract is set in {p} of them",
    "hit rate": "both of you hit in {p} of them",
    "success rate": "reaches its aim in {p} of them",
}
# Kleurenwiezen's make rate counts the deals where the contract is played.
GAME_RATE_PHRASES = {
    ("wiezen", "make rate"): "made in {p} of the deals where it is played",
}
PRESCRIBES = re.compile(
    r"^(?P<reason>.*?):? *(?:the call|not what) the (?P<name>[\w -]*?convention) prescribes"
)
SAYS = re.compile(r"The convention says: (?P<says>[^.]*)\.")
NOT_SAMPLED = re.compile(r"\((?P<note>[^)]*too rare to sample[^)]*)\)")
PASSES = ("pass", "P")


def _rate_part(choice: ChoiceVerdict, game: str = "") -> str:
    if choice.rate is None or choice.answer in PASSES:
        return ""
    phrase = GAME_RATE_PHRASES.get((game, choice.rate_unit)) or RATE_PHRASES.get(
        choice.rate_unit, "reaches its aim in {p} of them"
    )
    return f" ({phrase.format(p=percent(choice.rate))})"


def _points(value: float) -> str:
    return f"{num(value)} point{'' if abs(value) == 1 else 's'}"


def bid_why(quiz: Quiz, grade: Grade) -> str:
    """Return the why of a bidding verdict, in words, from the stored values only.

    Sampled kinds: how the learner's choice and the best (or, for a right answer, the next
    best) score over the sampled deals, how often each reaches its aim, and how far the
    accepted answers stand clear of the rejected ones against the sampling error. Convention
    kinds: what the convention says the choice shows, and the call it prescribes.
    """
    chosen = grade.chosen
    ranked = sorted(grade.choices, key=lambda c: (c.gap, not c.accepted))
    best = next((c for c in ranked if c.accepted and c is not chosen), None)
    if grade.unit == CONVENTION.name:
        return _convention_why(quiz, chosen, best or ranked[0])
    if grade.unit != "points":
        return ""
    extra = quiz.extra if isinstance(quiz.extra, dict) else {}
    deals = quiz.samples or len(extra.get("worlds") or []) or None
    over = (
        f"Over the {deals} deals the trainer sampled to fit what you could see"
        if deals
        else "Over the deals the trainer sampled to fit what you could see"
    )
    mine = f"{over}, {_label(quiz, chosen)} scores {_points(chosen.value)} a deal on average"
    mine += _rate_part(chosen, quiz.game)
    if chosen.accepted:
        others = [c for c in ranked if c is not chosen]
        tied = [c for c in others if c.accepted]
        runner = next((c for c in others if not c.accepted), None)
        text = mine
        if tied:
            text += (
                f"; {', '.join(_label(quiz, c) for c in tied)} "
                f"{'is' if len(tied) == 1 else 'are'} as good within the sampling error"
            )
        if runner is not None:
            text += (
                f"; the best of the rest, {_label(quiz, runner)}, scores "
                f"{_points(runner.value)}{_rate_part(runner, quiz.game)}"
            )
        text += "."
    else:
        top = best or ranked[0]
        text = (
            f"{mine}; the best, {_label(quiz, top)}, scores {_points(top.value)}"
            f"{_rate_part(top, quiz.game)}: {_points(chosen.gap)} a deal more."
        )
    margin, error = quiz.margin, extra.get("sampling_error")
    if margin and error:
        error = float(error)
        against = (
            f"more than twice the sampling error ({num(error)})"
            if margin > 2 * error
            else f"against a sampling error of {num(error)}"
        )
        text += f" The accepted choices lead every other by at least {_points(margin)} a deal, "
        text += against + "."
    text += " These are averages over the sampled deals, not the result of the deal shown below."
    return text + played_how(quiz.game, extra)


def played_how(game: str, extra: Mapping[str, Any]) -> str:
    """Return how each sampled deal of a bidding quiz was played out, from the valuation it
    stored (``games.quizzes.common.valuation``): a strong player weighs a verdict by it."""
    if game not in DEAL_TRICKS:
        return ""
    try:
        how = stored(game, extra)
    except QuizError:
        return ""
    if how.whole:
        return " Each deal is played out double dummy (every card seen) from the first lead."
    rest = how.solved_tricks(game)
    return (
        f" In each deal the trainer's simple players play the first {how.played_tricks} "
        f"tricks and the last {rest} are played double dummy (every card seen)."
    )


def _convention_why(quiz: Quiz, chosen: ChoiceVerdict, best: ChoiceVerdict) -> str:
    """Return what the convention says the chosen call shows and which call it prescribes."""
    name = "the convention"
    said = []
    for c in (chosen, best):
        m = PRESCRIBES.match(c.result or "")
        reason = (m["reason"] if m else c.result or "").strip().rstrip(":;,.")
        if m:
            name = f"the {m['name']}"
        reason = NOT_SAMPLED.sub("", player_words(quiz.game, reason)).strip().rstrip(":;,.")
        label = _label(quiz, c)
        said.append(reason[len(label) :].strip() if reason.startswith(label + " ") else reason)
    mine, right = said
    if chosen.accepted:
        return f"Under {name}, {_label(quiz, chosen)} is the call here: it {mine}." if mine else ""
    text = f"Under {name}, {_label(quiz, chosen)} is not the call here"
    text += f": it {mine}." if mine else "."
    says = SAYS.search(chosen.refutation or "")
    if says:
        text += f" The convention says: {player_words(quiz.game, says['says'])}."
    else:
        text += f" It prescribes {_label(quiz, best)}" + (f", which {right}." if right else ".")
    rare = NOT_SAMPLED.search(" ".join((chosen.refutation or "", best.result or "")))
    if rare:
        text += f" ({rare['note'].rstrip('.')}.)"
    return text


def _label(quiz: Quiz, choice: ChoiceVerdict) -> str:
    return player_words(quiz.game, choice.label or choice.answer)


def _with_article(choice: ChoiceVerdict) -> str:
    """Return a choice as the sentence names it: 'the eight of spades', a call as it is."""
    try:
        card_view(choice.answer)
    except (NotationError, ValueError, KeyError):
        return choice.label
    return f"the {card_name(choice.answer)}"


def revealed_deal(quiz: Quiz) -> tuple[dict[str, list[str]], list[str], str]:
    """Return the real deal at the decision as stored: every seat's cards, the extra cards
    (skat or kitty) and what they are called.

    Play quizzes show the cards still in hand at the decision, bidding quizzes the deal as
    dealt. Empty when the quiz stored no deal.
    """
    extra = quiz.extra if isinstance(quiz.extra, dict) else {}
    raw = extra.get("deal")
    deal: dict[str, Any] = raw if isinstance(raw, dict) else {}
    play = quiz.kind == "play"
    if quiz.game == "skat":
        if play:
            return _hands(deal.get("hands")), list(deal.get("skat") or []), "skat"
        return _hands(deal.get("dealt")), list(deal.get("dealt_skat") or []), "skat"
    if quiz.game == "five_hundred":
        if play:
            return _hands(deal.get("remaining")), list(deal.get("discards") or []), "discards"
        return _hands(deal.get("hands")), list(deal.get("kitty") or []), "kitty"
    # Beyond and Kleurenwiezen: the remaining hands of a play quiz, the deal of a bid quiz.
    if play:
        return _hands(extra.get("remaining")), [], ""
    return _hands(deal), [], ""


def _hands(raw: Any) -> dict[str, list[str]]:
    if not isinstance(raw, Mapping):
        return {}
    return {
        str(s): [str(c) for c in cards]
        for s, cards in raw.items()
        if isinstance(cards, list) and str(s) in SEAT_WORDS
    }


@dataclass
class ValueRows:
    """The values table: the rows shown, and the rest folded away."""

    shown: list[ChoiceVerdict]
    folded: list[ChoiceVerdict]


def value_rows(grade: Grade, order: Sequence[str]) -> ValueRows:
    """Return the choices best first; a long table shows the best answers, the learner's own
    and the next few, and folds the rest away.

    Short tables keep the order the quiz showed the choices in (cards as they lie in the hand).
    """
    choices = list(grade.choices)
    if len(choices) <= FOLD_OVER:
        index = {a: n for n, a in enumerate(order)}
        return ValueRows(sorted(choices, key=lambda c: index.get(c.answer, len(index))), [])
    ranked = sorted(choices, key=lambda c: (not c.accepted, c.gap, c.answer))
    top = ranked[: max(SHOWN_VALUES, sum(c.accepted for c in ranked[:SHOWN_VALUES]))]
    shown = [c for c in ranked if c in top or c.chosen]
    return ValueRows(shown, [c for c in ranked if c not in shown])


def values_heading(unit: str) -> str:
    """Return the values column heading in words."""
    from trainer.grading import UNIT_HEADINGS

    return UNIT_HEADINGS.get(unit, f"Value ({unit})")


def deal_html(
    quiz: Quiz, hands: Mapping[str, list[str]], spare: list[str], spare_name: str
) -> SafeString:
    """Return a deal drawn with the lesson diagrams' deal, hands in seat order."""
    order = [s for s in SEAT_WORDS if s in hands]
    diagram = {
        "kind": "deal",
        "game": quiz.game,
        "hands": {s: hands[s] for s in order},
        "extra": spare,
    }
    try:
        # Safe: render_diagram fills our own card templates, which escape every value.
        return mark_safe(render_diagram(diagram))
    except (KeyError, TypeError, ValueError, NotationError):
        text = "; ".join(f"{seat_label(s)}: {' '.join(hands[s])}" for s in order)
        return format_html("<p class='plain-position'>{}</p>", text)
