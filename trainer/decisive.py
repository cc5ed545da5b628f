"""Where a refuting line fails: the trick after which the aim can no longer be reached.

A stored refuting line (``docs/quizzes.md``: the candidate's ``tricks``, played to the end of
the deal) shows how a choice fares under best play. The why-sentence of the verdict names
the trick where the aim visibly fails: the first trick after which the learner's side can no
longer do better than the line's end. One shared walk (``decisive_trick``) over the line, with
a per-game hook saying what is counted (tricks, card points) and what the next better result
needs:

- Kleurenwiezen and 500: the contract first (made or beaten); when the line already reaches
  it, every trick more, as the score counts each.
- Skat: the card-point marks of the score (31, 61, 90 with the skat counted for the
  declarer); in null, the declarer's first trick.
- Beyond: each of the learner's pair must take exactly the number declared.

Everything comes from the stored position and line; nothing is solved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.cards import SKAT_DECK, NotationError
from games.skat.rules import card_points
from trainer.positions import PARTNER, TRICKS_IN_DEAL, Facts, facts_of

ORDINALS = [
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
]
SEAT_WORDS = {
    "0": "forehand",
    "1": "middlehand",
    "2": "rearhand",
    "N": "North",
    "E": "East",
    "S": "South",
    "W": "West",
}
# Skat's marks on the declarer's card points (skat included): out of schneider, the game,
# schneider.
SKAT_MARKS = (31, 61, 90)
NO_TRICK_KINDS = {"miserie", "open_miserie"}


def ordinal(n: int) -> str:
    return ORDINALS[n - 1] if 1 <= n <= len(ORDINALS) else f"{n}th"


@dataclass(frozen=True)
class Turn:
    """The trick of the line where the aim fails: its index in the line, its number in the
    deal, and what it settles, in words ('the defenders' fifth trick: ...')."""

    index: int
    number: int
    settles: str


Tricks = Sequence[Mapping[str, Any]]


def _winners(tricks: Tricks) -> list[str]:
    return [str(t.get("winner") or "") for t in tricks]


def _seat(seat: str, me: str, partner: str | None = None) -> str:
    if seat == me:
        return "you"
    if partner is not None and seat == partner:
        return f"your partner, {SEAT_WORDS.get(seat, seat)}"
    return SEAT_WORDS.get(seat, seat)


def decisive_trick(quiz: Any, tricks: Tricks) -> Turn | None:
    """Return the trick of the line where the learner's aim fails, None when the line does
    not show one (a contract whose failure only shows at the end, or a position the hook
    cannot read)."""
    if not tricks or any(not t.get("winner") for t in tricks):
        return None
    f = facts_of(quiz)  # the record read once per quiz object (the line and the why ask)
    hook = HOOKS.get(f.game)
    if hook is None:
        return None
    try:
        found = hook(f, tricks)
    except (KeyError, TypeError, ValueError, NotationError):
        return None
    if found is None:
        return None
    index, settles = found
    return Turn(index, len(f.tricks_played) + index + 1, settles)


# ------------------------------------------------------------- trick-count contracts


def _side_counts(
    f: Facts, team: Sequence[str], tricks: Tricks, start: tuple[int, int]
) -> list[tuple[int, int]]:
    """Return (declaring side, defenders) tricks after each trick of the line."""
    ours, theirs = start
    out = []
    for winner in _winners(tricks):
        if winner in team:
            ours += 1
        else:
            theirs += 1
        out.append((ours, theirs))
    return out


def _trick_contract(
    f: Facts, team: Sequence[str], need: int, total: int, tricks: Tricks, start: tuple[int, int]
) -> tuple[int, str] | None:
    """The walk for a contract of ``need`` tricks out of ``total`` by ``team``."""
    counts = _side_counts(f, team, tricks, start)
    declaring = f.seat in team
    final_decl, final_def = counts[-1]
    made = final_decl >= need
    mine = "your side"
    decided = start[0] >= need or start[1] > total - need  # before the decision
    if declaring and not made and not decided:
        for n, (_d, o) in enumerate(counts):
            if o > total - need:
                return n, (
                    f"that is the defenders' {ordinal(o)} trick, so your side can take at most "
                    f"{total - o} and the contract ({need} tricks) can no longer be made"
                )
    if not declaring and made and not decided:
        for n, (d, _o) in enumerate(counts):
            if d >= need:
                return n, (
                    f"that is the declarers' {ordinal(d)} trick: the contract ({need} tricks) "
                    "is made and can no longer be beaten"
                )
    # The contract's fate is the best the line can have: every trick more counts.
    ours_final = final_decl if declaring else final_def
    opponents = "the defenders" if declaring else "the declarers"
    lost = [n for n, w in enumerate(_winners(tricks)) if (w in team) != declaring]
    if not lost:
        return None
    n = lost[-1]
    theirs = counts[n][1] if declaring else counts[n][0]
    return n, (
        f"that is the {ordinal(theirs)} trick for {opponents}, so {mine} can take at most "
        f"{ours_final}"
    )


def _wiezen(f: Facts, tricks: Tricks) -> tuple[int, str] | None:
    c = f.contract
    kind = str(c.get("kind") or "")
    team = [str(s) for s in c.get("declarers") or []]
    if kind in NO_TRICK_KINDS or kind == "piccolo":
        return _individual(f, team, 1 if kind == "piccolo" else 0, tricks)
    start = (
        sum(f.tricks_won.get(s, 0) for s in team),
        sum(n for s, n in f.tricks_won.items() if s not in team),
    )
    return _trick_contract(f, team, int(c["target"]), TRICKS_IN_DEAL["wiezen"], tricks, start)


def _five_hundred(f: Facts, tricks: Tricks) -> tuple[int, str] | None:
    c = f.contract
    team = [str(s) for s in c.get("team") or [c.get("declarer")]]
    if c.get("misere"):
        return _individual(f, [str(c.get("declarer"))], 0, tricks)
    if f.side_tricks is not None:
        start = (int(f.side_tricks.get("declarer", 0)), int(f.side_tricks.get("defenders", 0)))
    else:
        start = (
            sum(n for s, n in f.tricks_won.items() if s in team),
            sum(n for s, n in f.tricks_won.items() if s not in team),
        )
    need = int(c["tricks_needed"])
    return _trick_contract(f, team, need, TRICKS_IN_DEAL["five_hundred"], tricks, start)


def _individual(
    f: Facts, players: Sequence[str], exact: int, tricks: Tricks
) -> tuple[int, str] | None:
    """Miserie, piccolo, misère: the learner's own fate as a declarer (a defender's aim shows
    only at the end of the deal, so it has no decisive trick)."""
    if f.seat not in players:
        return None
    won = f.tricks_won.get(f.seat, 0)
    for n, winner in enumerate(_winners(tricks)):
        if winner == f.seat:
            won += 1
            if won > exact:
                allowed = "no trick" if exact == 0 else "exactly one trick"
                return n, f"that is your {ordinal(won)} trick, and you may take {allowed}"
    return None


# ---------------------------------------------------------------------------- Skat


def _points(tricks: Tricks) -> list[int]:
    return [card_points(SKAT_DECK.parse_hand([str(c) for _s, c in t["plays"]])) for t in tricks]


def _skat(f: Facts, tricks: Tricks) -> tuple[int, str] | None:
    c = f.contract
    declarer = str(c.get("declarer"))
    declaring = f.seat == declarer
    winners = _winners(tricks)
    if str(c.get("game") or c.get("name") or "").lower() == "null":
        if not declaring:
            return None
        for n, w in enumerate(winners):
            if w == declarer:
                return n, "that is your first trick, and in null the declarer may take none"
        return None
    score = f.score or {}
    d, o = int(score.get("declarer", 0)), int(score.get("defenders", 0))
    points = _points(tricks)
    skat = 120 - d - o - sum(points)
    running = []
    for w, p in zip(winners, points, strict=True):
        if w == declarer:
            d += p
        else:
            o += p
        running.append((d, o))
    final = running[-1][0] + skat  # the declarer's card points at the end, skat included
    if declaring:
        better = [m for m in SKAT_MARKS if m > final]
        if not better:
            return None
        mark = better[0]
        goal = {31: "get out of schneider", 61: "win the game", 90: "make schneider"}[mark]
        for n, (_d, theirs) in enumerate(running):
            if 120 - theirs < mark:
                return n, (
                    f"the defenders now have {theirs} card points, so you can no longer reach "
                    f"{mark} and {goal}"
                )
        return None
    reached = [m for m in SKAT_MARKS if m <= final]
    if not reached:
        return None
    mark = reached[-1]
    what = {
        31: "your side can no longer win with schneider",
        61: "the declarer has won the game",
        90: "your side is schneider",
    }[mark]
    for n, (his, _o) in enumerate(running):
        if his + skat >= mark:
            with_skat = f" and {skat} in the skat, {his + skat} in all" if skat else ""
            return n, f"the declarer now has {his} card points{with_skat}: {what}"
    return None


# -------------------------------------------------------------------------- Beyond


def _beyond(f: Facts, tricks: Tricks) -> tuple[int, str] | None:
    declared = dict(f.declarations) or {
        str(s): int(n) for s, n in (f.contract.get("targets") or {}).items()
    }
    partner = PARTNER.get(f.seat)
    pair = [s for s in (f.seat, partner) if s in declared]
    if not pair:
        return None
    won = {s: int(f.tricks_won.get(s, 0)) for s in "NESW"}
    left = TRICKS_IN_DEAL["beyond"] - sum(won.values())
    for n, winner in enumerate(_winners(tricks)):
        won[winner] = won.get(winner, 0) + 1
        left -= 1
        for s in pair:
            who = _seat(s, f.seat, partner)
            if won[s] > declared[s]:
                whose = "your" if s == f.seat else f"the {ordinal(won[s])} trick for {who},"
                if s == f.seat:
                    whose = f"your {ordinal(won[s])} trick,"
                return n, f"that is {whose} one more than the {declared[s]} declared"
            if won[s] + left < declared[s]:
                if left == 0:
                    return n, (
                        f"that was the last trick: {who} {'end' if s == f.seat else 'ends'} "
                        f"with {won[s]} of the {declared[s]} declared"
                    )
                subject = who if s == f.seat else f"{who},"
                return n, (
                    f"with {left} tricks left, {subject} can no longer reach the "
                    f"{declared[s]} declared ({won[s]} so far)"
                )
        short = sum(max(0, declared[s] - won[s]) for s in pair)
        if short > left:
            return n, (
                f"with {left} tricks left, you and your partner need {short} more between you: "
                "you can no longer both hit"
            )
    return None


HOOKS = {"wiezen": _wiezen, "five_hundred": _five_hundred, "skat": _skat, "beyond": _beyond}
