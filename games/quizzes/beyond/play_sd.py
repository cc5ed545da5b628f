"""Single-dummy play quizzes: you see your own hand and the play; find the best card on average.

Hidden hands are sampled consistent with the play and the declarations (``worlds``); every
legal card is solved in every world with the exact-target objective, and a card's value is
its mean over the same worlds (how often the aim is reached). The accepted cards are those
with the best mean; the quiz is kept only when the best rejected card trails by more than
twice the standard error of the paired difference.
"""

from __future__ import annotations

from typing import Any

from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.beyond.candidates import display_order, spot_of
from games.quizzes.beyond.cut import Cut, cuts
from games.quizzes.beyond.draft import play_draft
from games.quizzes.beyond.solving import MAKE, natural_key, position_from
from games.quizzes.beyond.table import cards_text
from games.quizzes.beyond.worlds import WORLDS, Verdict, View, judge, sample, voids_from
from games.quizzes.common.lines import card_values
from games.quizzes.common.play import first_quiz
from games.sampling import NoDealFound

MODE = "single_dummy"
MAX_TRICKS_LEFT = 5
MAX_SCAN = 3


def view_of(cut: Cut) -> View:
    """Return what the deciding seat knows at the cut."""
    play = cut.play
    played: dict[str, list[str]] = {s: [] for s in "NESW"}
    for trick in play.tricks:
        for i, card in enumerate(trick.cards):
            played[trick.seat_of(i)].append(str(card))
    tricks = [(t.leader, t.cards) for t in play.tricks]
    table = cut.table
    return View(
        seat=cut.seat,
        hand=cards_text(play.hands[cut.seat]),
        played=played,
        sizes={s: len(play.hands[s]) for s in "NESW" if s != cut.seat},
        voids=voids_from(tricks),
        targets=dict(table.targets),
        strain=table.contract.bid.strain,
        declarer=table.contract.declarer,
        seed=f"beyond/play_sd/{table.seed}/{len(play.played_cards())}",
    )


def world_values(cut: Cut, view: View) -> list[dict[str, int]] | None:
    """Return each legal card's value in each sampled world, or None if sampling fails."""
    try:
        worlds = sample(view)
    except NoDealFound:
        return None
    play = cut.play
    out = []
    for world in worlds:
        position = position_from(
            cut.trump, world, play.current.leader, play.current.cards, play.lead_locked
        )
        out.append(card_values(position, cut.goal))
    return out


def single_dummy_quiz(seed: int, constraint: Any = None) -> QuizDraft | None:
    """Return the single-dummy play quiz of ``seed``, or None when it is no real decision."""
    decisions = cuts(seed, constraint, MAX_TRICKS_LEFT, "play_sd")
    return first_quiz(decisions, lambda _, cut: _quiz_at(cut), MAX_SCAN)


def _quiz_at(cut: Cut) -> QuizDraft | None:
    view = view_of(cut)
    values = world_values(cut, view)
    if values is None:
        return None
    verdict = judge(values)
    if verdict is None or not verdict.clear:
        return None
    return _draft(cut, view, verdict)


def refutation(cut: Cut, card: str, verdict: Verdict, best: str) -> str:
    """Return why ``card`` is worse on average, with how often it does worse."""
    n = WORLDS
    mine = round(100 * verdict.means[card])
    top = round(100 * verdict.means[best])
    what = "your pair hits both declarations" if cut.goal.aim == MAKE else "an opponent misses"
    worse, better = verdict.worse_in[card], verdict.better_in[card]
    return (
        f"With {card} {what} in {mine}% of the sampled layouts against {top}% with {best}: "
        f"it does worse in {worse} of {n} layouts and better in {better}."
    )


def _draft(cut: Cut, view: View, verdict: Verdict) -> QuizDraft:
    accepted = sorted(verdict.accepted, key=natural_key)
    best = accepted[0]
    candidates = []
    for card in display_order(cut.legal):
        token = str(card)
        value = round(verdict.means[token], 4)
        if token in accepted:
            candidates.append(Candidate(token, value, True, card.name))
        else:
            text = refutation(cut, token, verdict, best)
            candidates.append(Candidate(token, value, False, card.name, text))
    extra = {
        "lead_locked": cut.play.lead_locked,
        "view": view.as_json(),
        "sampling_error": round(verdict.error, 4),
        "aim": cut.goal.aim,
    }
    spot = spot_of(cut, accepted, False, False)
    close = verdict.margin < 0.15
    margin = round(verdict.margin, 4)
    return play_draft(cut, MODE, candidates, accepted, spot, close, margin, extra, WORLDS)
