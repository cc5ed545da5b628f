"""Draw a stored quiz position: everything the decision needs, in the game's own terms.

One shared shape (``PositionView``: contract, notes, a score table, auction grid, trick,
hands, tricks played) is filled by a per-game hook (``GameFacts``): Skat's contract, card
points and skat, Beyond's declarations and targets (with the sum rule), 500's and
Kleurenwiezen's tricks so far and needed. Hands are drawn in the order the game's players
hold them (``games.display``). A part that cannot be drawn as cards is shown as text.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from types import SimpleNamespace
from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.cards import SKAT_DECK, SUIT_NAMES, NotationError, parse_card
from games.display import DisplayError, check_skat_game, display_key
from games.position import (
    BeyondPosition,
    FiveHundredPosition,
    Position,
    PositionError,
    SkatPosition,
    position_from_json,
)
from games.quizzes.skat.bid import assumed_discard
from games.skat.rules import card_points
from games.wiezen.contracts import Contract
from lessons.diagrams import call_text, card_view, render_diagram, seat_label, seats_of
from trainer.models import Quiz

TRICKS_IN_DEAL = {"skat": 10, "beyond": 13, "five_hundred": 10, "wiezen": 13}
SKAT_DEALER = "2"  # at a three-player table the dealer is rearhand (docs/rules/skat.md)
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


@dataclass
class Scoreboard:
    """A small table of the running score: one row per seat or side, the learner's marked."""

    caption: str
    head: list[str]
    rows: list[list[str]]
    you: int | None = None


def side_tricks_table(
    f: Facts,
    team: Sequence[str],
    others: Sequence[str],
    partner: str | None,
    tricks: tuple[int, int],
    aims: Sequence[str],
) -> Scoreboard:
    """Return the two-side trick table of 500 and Kleurenwiezen: the declaring side and the
    defenders, each with its seats, tricks so far and what it needs; the learner's side marked."""
    sides = [(_("Declaring side: %(seats)s"), team), (_("Defenders: %(seats)s"), others)]
    rows = [
        [title % {"seats": ", ".join(f.who(s, partner) for s in seats)}, str(n), aim]
        for (title, seats), n, aim in zip(sides, tricks, aims, strict=True)
    ]
    you = 0 if f.seat in team else 1
    return Scoreboard(_("Tricks so far"), [_("Side"), _("Tricks"), _("Needs")], rows, you)


@dataclass
class PositionView:
    """The drawn parts of a position, in the order the quiz page shows them."""

    seat: str
    seat_name: str
    contract: str
    notes: list[str] = field(default_factory=list)
    scoreboard: Scoreboard | None = None
    auction: SafeString | None = None
    trick: SafeString | None = None
    own_hand: SafeString | None = None
    other_hands: SafeString | None = None
    set_aside: SafeString | None = None
    tricks_played: list[SafeString] = field(default_factory=list)
    hidden: list[str] = field(default_factory=list)


def seat_name(seat: Any) -> str:
    """Return the spoken name of a seat, or the seat itself when it is not a known one."""
    return seat_label(seat)


def cards_words(tokens: Sequence[str]) -> str:
    """Return a few cards by their spoken names ("king of spades, seven of diamonds")."""
    return ", ".join(str(card_view(str(t))["name"]) for t in tokens)


def option_note_words(quiz: Quiz) -> dict[str, str]:
    """Return the notes of the quiz's options in plain words, by answer (what the API and
    the stored drawing carry; the page draws the cards instead)."""
    f = facts_of(quiz)
    return HOOKS.get(f.game, GameFacts()).option_notes(f, words=True)


def _safe_diagram(diagram: dict[str, Any], fallback: str) -> SafeString:
    try:
        # Safe: render_diagram fills our own card templates, which escape every value.
        return mark_safe(render_diagram(diagram))
    except (KeyError, TypeError, ValueError, NotationError, DisplayError):
        return format_html("<p class='plain-position'>{}</p>", fallback)


def cards_html(tokens: Sequence[str]) -> SafeString:
    """Return small drawn cards for a few card tokens (inside a sentence or a button)."""
    views = [card_view(str(t)) for t in tokens]
    return format_html_join(
        " ",
        '<span class="card card-{}" aria-hidden="true"><span class="rank">{}</span>'
        '<span class="suit">{}</span></span><span class="visually-hidden">{}</span>',
        ((c["colour"], c["rank"], c["symbol"], c["name"]) for c in views),
    )


Plays = list[list[str]]


# Checked position records by their stored JSON, per process. A record is frozen and checking
# one (every card of the deal parsed and placed) is a fifth of a quiz fetch's CPU; a quiz's
# stored position does not change, and a changed one is a different key. 4096 entries of a few
# kilobytes each.
_RECORDS: dict[tuple[str, str], Position | None] = {}
RECORDS_KEPT = 4096


def checked_record(game: str, position: Any) -> Position | None:
    """Return ``position`` read and checked as ``game``'s record, or None where it does not
    validate (a bank stored before the record existed); read once per process per position."""
    try:
        key = (game, json.dumps(position, separators=(",", ":")))
    except (TypeError, ValueError):
        key = None
    if key is not None and key in _RECORDS:
        return _RECORDS[key]
    try:
        record: Position | None = position_from_json(game, position)
    except PositionError:
        record = None
    if key is not None:
        if len(_RECORDS) >= RECORDS_KEPT:
            _RECORDS.clear()
        _RECORDS[key] = record
    return record


class Facts:
    """What the hooks draw from, read once from the quiz's typed position record
    (``games.position``). A position stored before the record existed (an older bank) does
    not validate; it is read from its stored keys instead, which carry the same names."""

    def __init__(self, quiz: Quiz) -> None:
        self.quiz = quiz
        self.game = quiz.game
        record = checked_record(quiz.game, quiz.position)
        self.record = record
        # Game facts: None where the game or the position has none.
        self.score: dict[str, int] | None = None
        self.skat: list[str] = []
        self.declarations: list[tuple[str, int]] = []
        self.lead_locked = False
        self.kitty: list[str] = []
        self.discards: list[str] = []
        self.side_tricks: dict[str, int] | None = None
        self.hand_sorted: list[str] | None = None  # filled by hand_order
        if record is not None:
            self._from_record(record)
        else:
            self._from_stored(quiz.position if isinstance(quiz.position, dict) else {})

    def _from_record(self, r: Position) -> None:
        self.seat = str(r.seat)
        self.question = r.question
        self.contract = dict(r.contract or {})
        self.dealer: str | None = str(r.dealer)
        self.hands = {str(s): list(c) for s, c in r.hands.items()}
        self.hidden = [str(s) for s in r.hidden]
        self.auction: Plays = [[str(c.seat), c.call] for c in r.auction]
        self.trick: Plays = [[str(s), c] for s, c in r.trick.plays]
        self.tricks_played: list[Plays] = [
            [[str(s), c] for s, c in t.plays] for t in r.tricks_played
        ]
        self.trick_winners = [None if t.winner is None else str(t.winner) for t in r.tricks_played]
        self.tricks_won = {str(s): n for s, n in r.tricks_won.items()}
        self.rules = dict(r.rules)
        if isinstance(r, SkatPosition):
            self.score = dict(r.score_so_far)
            self.skat = list(r.skat or ())
        elif isinstance(r, BeyondPosition):
            self.declarations = [(str(s), int(n)) for s, n in r.declarations]
            self.lead_locked = bool(r.lead_locked)
        elif isinstance(r, FiveHundredPosition):
            self.kitty = list(r.kitty or ())
            self.discards = list(r.discards or ())
            self.side_tricks = r.side_tricks

    def _from_stored(self, pos: dict[str, Any]) -> None:
        self.seat = str(pos.get("seat", ""))
        self.question = str(pos.get("question") or pos.get("decision") or self.quiz.kind)
        contract = pos.get("contract")
        self.contract = contract if isinstance(contract, dict) else {}
        dealer = pos.get("dealer")
        if dealer in (None, "") and self.game == "skat":
            dealer = SKAT_DEALER
        self.dealer = None if dealer in (None, "") else str(dealer)
        self.hands = {str(s): [str(c) for c in h] for s, h in (pos.get("hands") or {}).items()}
        self.hidden = [str(s) for s in pos.get("hidden") or []]
        self.auction = [[str(s), str(c)] for s, c in pos.get("auction") or []]
        self.trick = [[str(s), str(c)] for s, c in pos.get("trick") or []]
        self.tricks_played = [
            [[str(s), str(c)] for s, c in t] for t in pos.get("tricks_played") or []
        ]
        self.trick_winners = [str(w) for w in pos.get("trick_winners") or []]
        won = {str(s): n for s, n in (pos.get("tricks_won") or {}).items()}
        if self.game == "five_hundred" and won and set(won) <= {"declarer", "defenders"}:
            self.side_tricks, won = won, {}  # an older 500 bank counted tricks by side
        self.tricks_won = won
        rules = pos.get("rules")
        self.rules = dict(rules) if isinstance(rules, dict) else {}
        if isinstance(pos.get("score_so_far"), dict):
            self.score = {str(k): int(v) for k, v in pos["score_so_far"].items()}
        self.skat = [str(c) for c in pos.get("skat") or []]
        self.declarations = [(str(s), int(n)) for s, n in pos.get("declarations") or []]
        self.lead_locked = bool(pos.get("lead_locked"))
        self.kitty = [str(c) for c in pos.get("kitty") or []]
        self.discards = [str(c) for c in pos.get("discards") or []]

    def who(self, seat: Any, partner: str | None = None) -> str:
        """Return a seat's name, with '(you)' or '(your partner)' where it applies."""
        key = str(seat)
        name = seat_name(key)
        if key == self.seat:
            return _("%(seat)s (you)") % {"seat": name}
        if partner is not None and key == partner:
            return _("%(seat)s (your partner)") % {"seat": name}
        return name


FACTS_ATTRIBUTE = "_trainer_facts"


def facts_of(quiz: Quiz) -> Facts:
    """Return the quiz's Facts, read once per quiz object: the drawing, the choices and the
    hand order of one request all read the same record, and checking it is not free."""
    found = getattr(quiz, FACTS_ATTRIBUTE, None)
    if isinstance(found, Facts) and found.quiz is quiz:
        return found
    found = Facts(quiz)
    setattr(quiz, FACTS_ATTRIBUTE, found)
    return found


def _more(need: int, have: int) -> str:
    left = need - have
    if left <= 0:
        return _("%(n)d (reached)") % {"n": need}
    return _("%(n)d (%(left)d more)") % {"n": need, "left": left}


class GameFacts:
    """The per-game hooks; the base draws a position with nothing game-specific."""

    def played(self, f: Facts) -> str | None:
        """Return what the hands are ordered for (Skat: the game played), or None."""
        return None

    def contract_text(self, f: Facts) -> str:
        return _("No contract yet: the auction is still on")

    def notes(self, f: Facts) -> list[str]:
        return []

    def scoreboard(self, f: Facts) -> Scoreboard | None:
        return None

    def marked(self, f: Facts) -> tuple[list[str], str]:
        """Return the cards of the learner's hand to mark, and what the mark means."""
        return [], ""

    def set_aside(self, f: Facts) -> tuple[list[str], str]:
        """Return cards lying apart (Skat's skat, 500's discards) and their caption."""
        return [], ""

    def option_notes(self, f: Facts, words: bool = False) -> dict[str, Any]:
        """The note an option needs, by answer: drawn cards (HTML) for the page, or with
        ``words`` the same in plain words (the API's)."""
        return {}


# ------------------------------------------------------------------------------- Skat

SKAT_GAME_NAMES = {
    "clubs": "Clubs",
    "spades": "Spades",
    "hearts": "Hearts",
    "diamonds": "Diamonds",
    "grand": "Grand",
    "null": "Null",
}


def _skat_game(contract: dict[str, Any]) -> str | None:
    """Return the Skat game a contract names ('hearts', 'grand', 'null'), or None."""
    for key in ("game", "name"):
        value = str(contract.get(key) or "").lower()
        if value in SKAT_GAME_NAMES:
            return value
    return None


class SkatFacts(GameFacts):
    def played(self, f: Facts) -> str | None:
        return _skat_game(f.contract)

    def contract_text(self, f: Facts) -> str:
        c = f.contract
        if not c:
            if f.question == "limit":
                return _("Not yet: the auction has not begun")
            return _("Not yet: the auction is still on")
        bid = c.get("bid")
        declarer = seat_name(c.get("declarer", ""))
        game = _skat_game(c)
        if not game:
            return _("Not yet declared, bid %(bid)s (won by %(seat)s)") % {
                "bid": bid,
                "seat": declarer,
            }
        words = [_(SKAT_GAME_NAMES.get(str(game), str(game)))]
        if c.get("hand"):
            words.append(_("hand"))
        if c.get("ouvert"):
            words.append(_("ouvert"))
        if c.get("schwarz_announced") and not c.get("ouvert"):
            words.append(_("schwarz announced"))
        elif c.get("schneider_announced") and not c.get("schwarz_announced"):
            words.append(_("schneider announced"))
        return _("%(game)s by %(seat)s, bid %(bid)s") % {
            "game": " ".join(words),
            "seat": declarer,
            "bid": bid,
        }

    def notes(self, f: Facts) -> list[str]:
        game = _skat_game(f.contract)
        if not game:
            return []
        if game == "null":
            return [
                _("No trumps; every suit runs A K Q J 10 9 8 7. The declarer must take no trick.")
            ]
        if game == "grand":
            return [_("Trumps: the four jacks only.")]
        return [_("Trumps: the four jacks, then the %(suit)s.") % {"suit": _(str(game))}]

    def _targets(self, f: Facts) -> tuple[str, str]:
        c = f.contract
        if c.get("schwarz_announced"):
            return _("every trick"), _("one trick")
        if c.get("schneider_announced"):
            return "90", "31"
        return "61", "60"

    def scoreboard(self, f: Facts) -> Scoreboard | None:
        c = f.contract
        score = f.score
        game = _skat_game(c)
        if not game or score is None:
            return None
        declarer = str(c.get("declarer", ""))
        defenders = [s for s in ("0", "1", "2") if s != declarer]
        mine = f.tricks_won.get(declarer, 0)
        theirs = sum(f.tricks_won.get(s, 0) for s in defenders)
        have_d, have_o = int(score.get("declarer", 0)), int(score.get("defenders", 0))
        if game == "null":
            head = [_("Side"), _("Tricks so far"), _("Aim")]
            rows = [
                [
                    _("Declarer: %(seat)s") % {"seat": f.who(declarer)},
                    str(mine),
                    _("no trick at all"),
                ],
                [
                    _("Defenders: %(seats)s") % {"seats": ", ".join(f.who(s) for s in defenders)},
                    str(theirs),
                    _("give the declarer one trick"),
                ],
            ]
        else:
            need_d, need_o = self._targets(f)
            head = [_("Side"), _("Card points so far"), _("Tricks"), _("Needs")]
            rows = [
                [
                    _("Declarer: %(seat)s") % {"seat": f.who(declarer)},
                    str(have_d),
                    str(mine),
                    _more(int(need_d), have_d) if need_d.isdigit() else need_d,
                ],
                [
                    _("Defenders: %(seats)s") % {"seats": ", ".join(f.who(s) for s in defenders)},
                    str(have_o),
                    str(theirs),
                    _more(int(need_o), have_o) if need_o.isdigit() else need_o,
                ],
            ]
        you = 0 if f.seat == declarer else 1
        caption = _("The score so far (the skat counts for the declarer at the end)")
        return Scoreboard(caption, head, rows, you)

    def marked(self, f: Facts) -> tuple[list[str], str]:
        if f.question in ("game", "discard") and f.skat:
            return list(f.skat), _("picked up from the skat")
        return [], ""

    def set_aside(self, f: Facts) -> tuple[list[str], str]:
        skat = list(f.skat)
        if not skat or f.question in ("game", "discard"):
            return [], ""
        points = card_points(SKAT_DECK.parse_hand(skat))
        declarer = str(f.contract.get("declarer", ""))
        if f.contract.get("hand"):
            caption = _(
                "The skat: %(n)d card points, untouched (a hand game); they count for the declarer"
            ) % {"n": points}
        elif declarer == f.seat:
            caption = _("The skat you laid away: %(n)d card points, yours at the end") % {
                "n": points
            }
        else:
            caption = _(
                "The skat the declarer laid away: %(n)d card points, the declarer's at the end"
            ) % {"n": points}
        return skat, caption

    def option_notes(self, f: Facts, words: bool = False) -> dict[str, Any]:
        if f.question != "game" or not f.skat:
            return {}
        twelve = SKAT_DECK.parse_hand([*f.hands.get(f.seat, [])])
        notes: dict[str, Any] = {}
        for cand in f.quiz.candidates:
            game = str(cand.get("answer", "")) if isinstance(cand, dict) else ""
            try:
                check_skat_game(game)
                pair = assumed_discard(twelve, game)
            except (DisplayError, ValueError):
                continue
            shown = [str(c) for c in sorted(pair, key=display_key("skat", game))]
            if words:
                notes[game] = f"{_('laying away')} {cards_words(shown)}"
            else:
                notes[game] = format_html("{} {}", _("laying away"), cards_html(shown))
        return notes


# ------------------------------------------------------------------------------ Beyond

RAISES = {1: "raised", 2: "re-raised"}


def _strain_text(strain: str) -> str:
    return _("no trumps") if strain == "NT" else _(SUIT_NAMES.get(strain, strain))


class BeyondFacts(GameFacts):
    def contract_text(self, f: Facts) -> str:
        c = f.contract
        if not c:
            return _("No contract yet: the auction is still on")
        text = _("%(bid)s by %(seat)s") % {
            "bid": call_text(str(c.get("bid", ""))),
            "seat": seat_name(c.get("declarer", "")),
        }
        raised = RAISES.get(int(c.get("raised") or 0))
        return f"{text}, {_(raised)}" if raised else text

    def notes(self, f: Facts) -> list[str]:
        c = f.contract
        if not c:
            return []
        strain = str(c.get("strain", ""))
        if strain not in "SHDC" or not strain:  # a no-trump contract stores "N"
            bid = str(c.get("bid", ""))
            strain = bid[-1] if bid[-1:] in ("S", "H", "D", "C") else "NT"
        out = [
            _("Trumps: %(strain)s.") % {"strain": _strain_text(strain)}
            if strain != "NT"
            else _("No trumps.")
        ]
        if f.question == "declaration":
            out.extend(self._sum_rule(f))
        if f.lead_locked:
            out.append(_("A joker was led to the last trick: this lead must be a suit card."))
        return out

    def _declared(self, f: Facts) -> list[tuple[str, int]]:
        if f.declarations:
            return list(f.declarations)
        targets = f.contract.get("targets") or {}
        return [(str(s), int(n)) for s, n in targets.items()]

    def _sum_rule(self, f: Facts) -> list[str]:
        declared = self._declared(f)
        if f.rules.get("forbid_sum_thirteen", True) is False:
            return []
        if len(declared) < 3:
            return [
                _(
                    "Whoever declares last may not bring the four numbers to 13, so at least "
                    "one player must miss."
                )
            ]
        total = sum(n for _s, n in declared)
        sums = " + ".join(str(n) for _s, n in declared)
        barred = 13 - total
        if 0 <= barred <= 13:
            return [
                _(
                    "You declare last, and the four numbers may not add up to 13: "
                    "%(sums)s = %(total)d so far, so %(barred)d is barred."
                )
                % {"sums": sums, "total": total, "barred": barred}
            ]
        return [
            _(
                "You declare last; the four numbers may not add up to 13, but with "
                "%(sums)s = %(total)d no number you could say makes 13."
            )
            % {"sums": sums, "total": total}
        ]

    def scoreboard(self, f: Facts) -> Scoreboard | None:
        c = f.contract
        if not c:
            return None
        declarer = str(c.get("declarer", ""))
        seats = list(seats_of("beyond"))
        order = (
            seats[seats.index(declarer) :] + seats[: seats.index(declarer)]
            if declarer in seats
            else seats
        )
        targets = {s: n for s, n in self._declared(f)}
        partner = PARTNER.get(f.seat)
        playing = f.question == "play" or bool(f.tricks_played)
        if playing:
            head = [_("Seat"), _("Declared"), _("Tricks so far"), _("Still to take")]
        else:
            head = [_("Seat"), _("Declared")]
        rows = []
        you = None
        for n, s in enumerate(order):
            name = f.who(s, partner)
            if s == declarer:
                name = _("%(seat)s, declarer") % {"seat": name}
            if s in targets:
                declared = str(targets[s])
            elif s == f.seat:
                declared = _("your call")
            else:
                declared = _("after you")
            row = [name, declared]
            if playing:
                won = f.tricks_won.get(s, 0)
                row.append(str(won))
                if s in targets:
                    left = targets[s] - won
                    row.append(str(left) if left >= 0 else _("%(n)d over: missed") % {"n": -left})
                else:
                    row.append("")
            rows.append(row)
            if s == f.seat:
                you = n
        caption = _("Declarations and tricks (each must take exactly the number declared)")
        return Scoreboard(caption, head, rows, you)


# ------------------------------------------------------------------------------ 500


class FiveHundredFacts(GameFacts):
    def contract_text(self, f: Facts) -> str:
        c = f.contract
        if not c:
            return _("No contract yet: the auction is still on")
        team = [seat_name(s) for s in c.get("team") or []]
        what = call_text(str(c.get("bid", ""))) if c.get("bid") else str(c.get("name", ""))
        if c.get("misere"):
            what = _("Open misère") if c.get("open") else _("Misère")
        text = _("%(what)s by %(seat)s") % {"what": what, "seat": seat_name(c.get("declarer", ""))}
        if len(team) > 1:
            text += " (" + _(" and ").join(team) + ")"
        if c.get("value"):
            text += ", " + _("worth %(n)s") % {"n": c["value"]}
        return text

    def notes(self, f: Facts) -> list[str]:
        c = f.contract
        if not c or c.get("misere"):
            return [_("The declarer must take no trick.")] if c.get("misere") else []
        bid = str(c.get("bid") or "")
        trump = c.get("trump") or (bid[-1:] if bid[-1:] in "SHDC" and bid[:-1].isdigit() else None)
        if trump in SUIT_NAMES:
            return [_("Trumps: %(suit)s, with the joker on top.") % {"suit": _(SUIT_NAMES[trump])}]
        if bid.endswith("NT"):
            return [_("No trumps: the joker is the highest card.")]
        return []

    def scoreboard(self, f: Facts) -> Scoreboard | None:
        c = f.contract
        if not c or "tricks_needed" not in c:
            return None
        team = [str(s) for s in c.get("team") or [c.get("declarer")]]
        if f.side_tricks is not None:
            ours, theirs = f.side_tricks.get("declarer", 0), f.side_tricks.get("defenders", 0)
        else:
            ours = sum(n for s, n in f.tricks_won.items() if s in team)
            theirs = sum(n for s, n in f.tricks_won.items() if s not in team)
        need = int(c["tricks_needed"])
        others = [
            s for s in seats_of("five_hundred") if s not in team and s != c.get("sitting_out")
        ]
        partner = PARTNER.get(f.seat)
        if c.get("misere"):
            aims = [_("no trick at all"), _("give the declarer one trick")]
        else:
            set_it = TRICKS_IN_DEAL["five_hundred"] - need + 1
            aims = [_more(need, ours), _more(set_it, theirs) + " " + _("to set it")]
        return side_tricks_table(f, team, others, partner, (ours, theirs), aims)

    def marked(self, f: Facts) -> tuple[list[str], str]:
        if f.question == "kitty" and f.kitty:
            return list(f.kitty), _("taken from the kitty")
        return [], ""

    def set_aside(self, f: Facts) -> tuple[list[str], str]:
        discards = list(f.discards)
        if not discards:
            return [], ""
        return discards, _("The declarer's discards (out of play)")


# ------------------------------------------------------------------------ Kleurenwiezen

WIEZEN_KINDS = {
    "ask_join": "Ask and join",
    "alone": "Alone",
    "troel": "Troel",
    "piccolo": "Piccolo",
    "abondance": "Abondance",
    "miserie": "Miserie",
    "open_miserie": "Open miserie",
    "solo": "Solo",
}
NO_TRICK_KINDS = {"miserie", "open_miserie"}


class WiezenFacts(GameFacts):
    def contract_text(self, f: Facts) -> str:
        """Return the contract as a player announces it ('West plays alone in diamonds,
        needs 5 tricks'), from the stored contract."""
        c = f.contract
        if not c:
            return _("No contract yet: the auction is still on")
        try:
            said = Contract.from_dict(c).sentence()
        except (ValueError, NotationError):
            return self._listed(c)
        return said[0].upper() + said[1:]

    def _listed(self, c: dict[str, Any]) -> str:
        """Return a contract stored without all its fields as a list of what it holds."""
        kind = str(c.get("kind", ""))
        who = _(" and ").join(seat_name(s) for s in c.get("declarers") or [])
        text = _("%(kind)s by %(who)s") % {"kind": _(WIEZEN_KINDS.get(kind, kind)), "who": who}
        trump = c.get("trump")
        if trump in SUIT_NAMES:
            text += ", " + _("%(suit)s trumps") % {"suit": _(SUIT_NAMES[trump])}
        if c.get("target") is not None and kind not in NO_TRICK_KINDS:
            text += ", " + _("%(n)s tricks needed") % {"n": c["target"]}
        return text

    def scoreboard(self, f: Facts) -> Scoreboard | None:
        c = f.contract
        if not c or c.get("target") is None:
            return None
        team = [str(s) for s in c.get("declarers") or []]
        others = [s for s in seats_of("wiezen") if s not in team]
        ours = sum(f.tricks_won.get(s, 0) for s in team)
        theirs = sum(f.tricks_won.get(s, 0) for s in others)
        target = int(c["target"])
        side = team if f.seat in team else others
        partner = next((s for s in side if s != f.seat), None) if len(side) == 2 else None
        if str(c.get("kind")) in NO_TRICK_KINDS:
            aims = [_("no trick at all"), _("give the declarer one trick")]
        else:
            beat = TRICKS_IN_DEAL["wiezen"] - target + 1
            aims = [_more(target, ours), _more(beat, theirs) + " " + _("to beat it")]
        return side_tricks_table(f, team, others, partner, (ours, theirs), aims)


HOOKS: dict[str, GameFacts] = {
    "skat": SkatFacts(),
    "beyond": BeyondFacts(),
    "five_hundred": FiveHundredFacts(),
    "wiezen": WiezenFacts(),
}


# -------------------------------------------------------------------------- the view


def _trick(game: str, plays: Any, label: str, winner: Any = None) -> SafeString | None:
    if not plays:
        return None
    pairs = [[str(seat), str(card)] for seat, card in plays]
    text = ", ".join(f"{seat_name(s)} {c}" for s, c in pairs)
    diagram: dict[str, Any] = {"kind": "trick", "game": game, "plays": pairs, "label": label}
    if winner is not None:
        diagram["winner"] = str(winner)
    return _safe_diagram(diagram, text)


DRAWN_POSITIONS = 512


def position_view(quiz: Quiz) -> PositionView:
    """Return the drawn parts of the quiz's position.

    Drawing renders many card templates, and a stored quiz does not change: each process
    keeps the drawings of the last DRAWN_POSITIONS quizzes it showed, keyed by what the
    drawing reads (game, kind, position, candidates) and the language, so the quiz page and
    its verdict draw it once. The view returned is shared: read it, never change it.
    """
    key = json.dumps(
        [quiz.game, quiz.kind, quiz.position, quiz.candidates], sort_keys=True, default=str
    )
    return _drawn(key, get_language())


@lru_cache(maxsize=DRAWN_POSITIONS)
def _drawn(key: str, _language: str | None) -> PositionView:
    game, kind, position, candidates = json.loads(key)
    quiz = SimpleNamespace(game=game, kind=kind, position=position, candidates=candidates)
    return draw_position(quiz)  # type: ignore[arg-type]


def draw_position(quiz: Quiz) -> PositionView:
    """Return the drawn parts of the quiz's position (uncached)."""
    f = facts_of(quiz)
    hook = HOOKS.get(f.game, GameFacts())
    game = f.game
    view = PositionView(seat=f.seat, seat_name=seat_name(f.seat), contract=hook.contract_text(f))
    view.notes = hook.notes(f)
    view.scoreboard = hook.scoreboard(f)
    played = hook.played(f)
    calls = f.auction
    if calls:
        text = ", ".join(f"{seat_name(s)}: {call_text(c)}" for s, c in calls)
        diagram = {"kind": "auction", "game": game, "calls": calls, "seat": f.seat}
        if f.dealer:
            diagram["dealer"] = f.dealer
        view.auction = _safe_diagram(diagram, text)
    view.trick = _trick(game, f.trick, "")
    order: dict[str, Any] = {"trump": played} if played else {}
    if f.seat in f.hands:
        marked, note = hook.marked(f)
        label = _("Your hand (%(seat)s)") % {"seat": view.seat_name}
        diagram = {"kind": "hand", "game": game, "cards": f.hands[f.seat], "label": label, **order}
        if marked:
            diagram.update(marked=marked, marked_note=note)
        view.own_hand = _safe_diagram(diagram, " ".join(f.hands[f.seat]))
    others = {s: c for s, c in f.hands.items() if s != f.seat}
    if others:
        diagram = {"kind": "deal", "game": game, "hands": others, **order}
        text = "; ".join(f"{seat_name(s)}: {' '.join(c)}" for s, c in others.items())
        view.other_hands = _safe_diagram(diagram, text)
    aside, caption = hook.set_aside(f)
    if aside:
        diagram = {"kind": "hand", "game": game, "cards": aside, "label": caption}
        view.set_aside = _safe_diagram(diagram, f"{caption}: {' '.join(aside)}")
    winners = f.trick_winners
    for number, plays in enumerate(f.tricks_played, start=1):
        winner = winners[number - 1] if number <= len(winners) else None
        drawn = _trick(game, plays, _("Trick %(n)d") % {"n": number}, winner)
        if drawn is not None:
            view.tricks_played.append(drawn)
    view.hidden = [seat_name(s) for s in f.hidden]
    return view


def choice_html(answer: str, label: str) -> SafeString:
    """Return the inside of a choice button: drawn cards when the answer is one card or a set
    of cards (a discard), else the label."""
    return _choice_html(answer, label, get_language())


@lru_cache(maxsize=4096)
def _choice_html(answer: str, label: str, language: str | None) -> SafeString:
    # Pure in its arguments (the card names are in ``language``); a verdict's line draws
    # dozens of the same few cards, so each is drawn once per process.
    try:
        tokens = answer.split()
        [parse_card(t) for t in tokens]
    except (NotationError, ValueError, KeyError):
        return format_html("{}", label)
    if not tokens:
        return format_html("{}", label)
    return cards_html(tokens)


def quiz_choices(quiz: Quiz) -> list[dict[str, Any]]:
    """Return the choice buttons: answer, drawing, and the note an option needs (the discard
    a Skat game option is judged with)."""
    out = []
    order = _hand_order(quiz)
    f = facts_of(quiz)
    notes = HOOKS.get(f.game, GameFacts()).option_notes(f)
    for c in choice_order(quiz):
        answer = str(c["answer"])
        tokens = answer.split()
        if len(tokens) > 1 and all(t in order for t in tokens):
            tokens = sorted(tokens, key=lambda t: order[t])
        html = choice_html(" ".join(tokens), str(c.get("label") or ""))
        out.append({"answer": answer, "html": html, "note": notes.get(answer)})
    return out


def line_html(tokens: tuple[str, ...] | list[str]) -> SafeString:
    """Return a refuting line as drawn cards (or plain words for calls), in order."""
    items = format_html_join("", "<li>{}</li>", ((choice_html(t, t),) for t in tokens))
    return format_html('<ol class="line">{}</ol>', items)


def _is_cards(answer: str) -> bool:
    """Return whether an answer is one card or a set of cards."""
    tokens = answer.split()
    try:
        [parse_card(t) for t in tokens]
    except (NotationError, ValueError, KeyError):
        return False
    return bool(tokens)


def hand_order(quiz: Quiz) -> list[str]:
    """Return the learner's hand in the game's display order (Skat: for the game played)."""
    f = facts_of(quiz)
    if f.hand_sorted is None:
        hand = f.hands.get(f.seat, [])
        hook = HOOKS.get(f.game, GameFacts())
        try:
            key = display_key(f.game, hook.played(f))
            f.hand_sorted = sorted(hand, key=lambda t: key(parse_card(t)))
        except (NotationError, ValueError, KeyError):
            f.hand_sorted = list(hand)
    return list(f.hand_sorted)


def _hand_order(quiz: Quiz) -> dict[str, int]:
    return {token: n for n, token in enumerate(hand_order(quiz))}


def choice_order(quiz: Quiz) -> list[dict[str, Any]]:
    """Return the candidates in the order shown: cards as they lie in the hand, else as stored.

    Card choices are put in hand order (the game's own order) so the stored order (which may
    list the accepted answers first) gives nothing away.
    """
    candidates = [c for c in quiz.candidates if isinstance(c, dict) and "answer" in c]
    answers = [str(c["answer"]) for c in candidates]
    if not answers or not all(_is_cards(a) for a in answers):
        return candidates
    order = _hand_order(quiz)

    def place(candidate: dict[str, Any]) -> tuple[list[int], str]:
        tokens = str(candidate["answer"]).split()
        return sorted(order.get(t, len(order)) for t in tokens), str(candidate["answer"])

    return sorted(candidates, key=place)
