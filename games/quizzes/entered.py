"""Quizzes from a deal someone enters: the hands, the contract, the cards already played.

A teacher gives the whole deal (PBN for the four-hand games, with 500's discards after a
slash and Beyond's jokers as PBN's fifth group; the Skat notation for Skat), the
contract, the seat that decides and the cards played so far, in order. ``read_deal`` checks
all of it without solving (so a web request can refuse bad input at once, naming the bad
token); ``quiz_from_deal`` solves the position with every hand known (double dummy) through
the game's play spec of the shared pipeline, so the quiz is valued, judged and stored exactly
like a generated one, and ``games.quizzes.recheck`` re-checks it the same way.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from games.cards import (
    BEYOND_DECK,
    FIVE_HUNDRED_DECK,
    SEATS,
    SKAT_DECK,
    WIEZEN_DECK,
    Card,
    NotationError,
    parse_card,
    parse_pbn,
)
from games.quizzes.base import QuizDraft

ENTERED_GAMES = ("skat", "beyond", "five_hundred", "wiezen")
# How long the solver may take over one entered decision (every legal card) by default: a
# whole Beyond deal with exact declarations can take the solver minutes; past this the entry
# fails with a message that says to enter more of the tricks already played.
SOLVE_SECONDS = 300.0
SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
SKAT_SEATS = ("forehand", "middlehand", "rearhand")
WIEZEN_KINDS = ("ask_join", "alone", "abondance", "solo", "miserie", "open_miserie")
SUIT_WORDS = {
    "S": "S",
    "SPADES": "S",
    "H": "H",
    "HEARTS": "H",
    "D": "D",
    "DIAMONDS": "D",
    "C": "C",
    "CLUBS": "C",
}


class DealInputError(ValueError):
    """An entered deal that cannot be read or played; the message names the field and token."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


@dataclass(frozen=True)
class EnteredDeal:
    """What a teacher entered, as text (the form's fields); ``read_deal`` checks it."""

    game: str
    deal: str
    contract: str
    seat: str
    played: str = ""
    bid: int | None = None  # Skat only

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "deal": self.deal,
            "contract": self.contract,
            "seat": self.seat,
            "played": self.played,
            "bid": self.bid,
        }


def _tokens(text: str) -> list[str]:
    return text.replace(",", " ").split()


def _played(text: str, deck: Any) -> list[Card]:
    cards = []
    for token in _tokens(text):
        try:
            cards.append(parse_card(token, deck))
        except NotationError as exc:
            raise DealInputError("played", str(exc)) from None
    return cards


# ----------------------------------------------------------------------------- Kleurenwiezen


def wiezen_contract(text: str, first_leader: str | None = None) -> Any:
    """Read a contract like 'ask_join NS H', 'alone N S', 'abondance 10 E D', 'miserie W'.

    Words: the kind, the declaring seat(s) as one word, then a trump suit (not for miserie)
    and, for abondance, the level (9 to 12). The first trick is led by ``first_leader``.
    """
    from games.wiezen import Contract, ContractKind

    words = _tokens(text)
    if not words:
        raise DealInputError("contract", f"empty: start with one of {', '.join(WIEZEN_KINDS)}")
    kind = words[0].lower().replace("/", "_").replace("-", "_")
    if kind not in WIEZEN_KINDS:
        raise DealInputError(
            "contract", f"unknown kind {words[0]!r}: use one of {', '.join(WIEZEN_KINDS)}"
        )
    if len(words) < 2:
        raise DealInputError("contract", "name the declaring seat(s) after the kind, like 'NS'")
    seats = words[1].upper()
    if not seats or any(s not in SEATS for s in seats) or len(set(seats)) != len(seats):
        raise DealInputError("contract", f"bad seats {words[1]!r}: use N, E, S, W like 'NS'")
    pair = kind == "ask_join"
    if pair and len(seats) != 2:
        raise DealInputError("contract", f"ask_join needs two declaring seats, not {words[1]!r}")
    if not pair and len(seats) != 1:
        raise DealInputError("contract", f"{kind} has one declarer, not {words[1]!r}")
    rest = words[2:]
    trump = None
    level = None
    if kind in ("miserie", "open_miserie"):
        if rest:
            raise DealInputError("contract", f"unexpected {rest[0]!r}: {kind} has no trumps")
    else:
        if kind == "abondance":
            if not rest or not rest[0].isdigit() or not 9 <= int(rest[0]) <= 12:
                got = repr(rest[0]) if rest else "nothing"
                raise DealInputError("contract", f"abondance needs a level 9 to 12, not {got}")
            level = int(rest[0])
            rest = rest[1:]
        if not rest or rest[0].upper() not in SUIT_WORDS:
            got = repr(rest[0]) if rest else "nothing"
            raise DealInputError("contract", f"trump suit must be S, H, D or C, not {got}")
        trump = SUIT_WORDS[rest[0].upper()]
        if rest[1:]:
            raise DealInputError("contract", f"unexpected {rest[1]!r} after the trump suit")
    leader = first_leader or seats[0]
    targets = {"ask_join": 8, "alone": 5, "solo": 13, "miserie": 0, "open_miserie": 0}
    target = level if level is not None else targets[kind]
    return Contract(ContractKind(kind), tuple(seats), trump, target, leader)


def _wiezen_cut(entered: EnteredDeal) -> Any:
    from games.quizzes.wiezen.cut import Cut
    from games.wiezen import Auction, Play

    try:
        hands = parse_pbn(entered.deal, WIEZEN_DECK, hand_size=13)
    except NotationError as exc:
        raise DealInputError("deal", str(exc)) from None
    played = _played(entered.played, WIEZEN_DECK)
    # The PBN deal's first seat leads the first trick (PBN's dealer field is not used).
    first = entered.deal.strip()[0].upper()
    contract = wiezen_contract(entered.contract, first)
    play = Play(hands, contract)
    for n, card in enumerate(played):
        seat = play.to_move
        try:
            play.play(card)
        except ValueError as exc:
            raise DealInputError(
                "played", f"card {n + 1} ({card}, {seat} to play): {exc}"
            ) from None
    return _check_mover(entered, play, contract, hands, Auction, Cut)


def _decision(entered: EnteredDeal, play: Any) -> tuple[str, tuple[Any, ...]]:
    """Return the seat to play after the entered cards and its legal cards, checking that it
    is the entered seat and that it has a choice (the four-hand games share this)."""
    mover = play.to_move
    if mover is None:
        raise DealInputError("played", "every card has been played: no decision is left")
    if entered.seat.strip().upper()[:1] != mover:
        raise DealInputError(
            "seat",
            f"after these cards it is {SEAT_WORDS[mover]} ({mover}) to play, not {entered.seat!r}",
        )
    legal = tuple(play.legal_cards())
    if len(legal) < 2:
        raise DealInputError("played", f"{mover} has only one legal card ({legal[0]}): no decision")
    return mover, legal


def _check_mover(
    entered: EnteredDeal, play: Any, contract: Any, hands: Any, auction: Any, cut: Any
) -> Any:
    mover, legal = _decision(entered, play)
    dealer = SEATS[(SEATS.index(contract.first_leader) - 1) % 4]
    return cut(0, dealer, hands, auction(dealer, hands), copy.deepcopy(play), mover, legal)


# ----------------------------------------------------------------------------- Skat


def _skat_hands(text: str) -> tuple[list[list[Card]], list[Card]]:
    """Read 'forehand / middlehand / rearhand / skat' (card tokens; lines or slashes)."""
    parts = [p for p in text.replace("\n", "/").split("/") if p.strip()]
    if len(parts) != 4:
        raise DealInputError(
            "deal",
            f"expected four groups (forehand / middlehand / rearhand / skat), found {len(parts)}",
        )
    seen: dict[Card, str] = {}
    groups = []
    for name, part in zip((*SKAT_SEATS, "skat"), parts, strict=True):
        cards = []
        for token in _tokens(part):
            try:
                card = parse_card(token, SKAT_DECK)
            except NotationError as exc:
                raise DealInputError("deal", f"{name}: {exc}") from None
            if card in seen:
                raise DealInputError("deal", f"duplicate card {card} (in {seen[card]} and {name})")
            seen[card] = name
            cards.append(card)
        want = 2 if name == "skat" else 10
        if len(cards) != want:
            raise DealInputError("deal", f"{name} has {len(cards)} cards, expected {want}")
        groups.append(cards)
    return groups[:3], groups[3]


def _skat_seat(text: str, field: str) -> int:
    word = text.strip().lower()
    if word in ("0", "1", "2"):
        return int(word)
    if word in SKAT_SEATS:
        return SKAT_SEATS.index(word)
    raise DealInputError(field, f"unknown seat {text!r}: use forehand, middlehand or rearhand")


def _skat_cut(entered: EnteredDeal) -> Any:
    from games.quizzes.skat.cut import Dealt, Setup
    from games.quizzes.skat.play import Cut
    from games.quizzes.skat.table import Table
    from games.skat import DeclaredGame
    from games.skat.contract import parse_contract
    from games.skat.tactics import choose_card

    hands, skat = _skat_hands(entered.deal)
    words = _tokens(entered.contract)
    if not words:
        raise DealInputError(
            "contract", "empty: name the declarer, then the game, like 'forehand grand'"
        )
    declarer = _skat_seat(words[0], "contract")
    try:
        contract = parse_contract(" ".join(words[1:]))
    except ValueError as exc:
        raise DealInputError("contract", str(exc)) from None
    dealt = Dealt((tuple(hands[0]), tuple(hands[1]), tuple(hands[2])), tuple(skat))
    # The bid may exceed the game's value: an overbid game is a lesson too.
    bid = 18 if entered.bid is None else entered.bid
    if bid < 18:
        raise DealInputError("bid", f"the lowest bid is 18, not {bid}")
    game = DeclaredGame(
        contract,
        declarer,
        bid,
        tuple(hands[declarer]),
        tuple(skat),
        tuple(hands[declarer]),
        tuple(skat),
    )
    found = Setup(dealt, (), game)
    play = found.new_play()
    for n, card in enumerate(_played(entered.played, SKAT_DECK)):
        seat = play.to_move
        try:
            play.play(card)
        except ValueError as exc:
            name = SKAT_SEATS[seat] if seat is not None else "nobody"
            raise DealInputError(
                "played", f"card {n + 1} ({card}, {name} to play): {exc}"
            ) from None
    mover = play.to_move
    if mover is None:
        raise DealInputError("played", "every card has been played: no decision is left")
    if _skat_seat(entered.seat, "seat") != mover:
        raise DealInputError(
            "seat", f"after these cards it is {SKAT_SEATS[mover]} to play, not {entered.seat!r}"
        )
    table = Table.from_play(play)
    if len(table.legal()) < 2:
        raise DealInputError("played", f"{SKAT_SEATS[mover]} has only one legal card: no decision")
    return Cut(0, found, table, choose_card(play), 0)


# ----------------------------------------------------------------------------- 500


def _five_hundred_played(text: str) -> list[tuple[Card, str | None]]:
    """Read played cards; a joker led in no trumps or misère names its suit: 'X1:H'."""
    out = []
    for token in _tokens(text):
        card_text, _, named = token.partition(":")
        try:
            card = parse_card(card_text, FIVE_HUNDRED_DECK)
        except NotationError as exc:
            raise DealInputError("played", str(exc)) from None
        suit = named.upper() or None
        if suit is not None and suit not in "SHDC":
            raise DealInputError("played", f"bad named suit in {token!r}: use S, H, D or C")
        out.append((card, suit))
    return out


def _five_hundred_cut(entered: EnteredDeal) -> Any:
    from games.five_hundred import Auction, Contract, Deal, Play
    from games.five_hundred.calls import parse_call
    from games.quizzes.five_hundred.cut import Cut

    deal_text, slash, discards_text = entered.deal.partition("/")
    if not slash:
        raise DealInputError(
            "deal", "after the PBN hands put '/' and the declarer's three discards"
        )
    try:
        hands = parse_pbn(deal_text, FIVE_HUNDRED_DECK, hand_size=10)
    except NotationError as exc:
        raise DealInputError("deal", str(exc)) from None
    discards = _played(discards_text, FIVE_HUNDRED_DECK)
    if len(discards) != 3:
        raise DealInputError("deal", f"the discards are 3 cards, not {len(discards)}")
    held = {c: s for s, cards in hands.items() for c in cards}
    for card in discards:
        if card in held:
            raise DealInputError("deal", f"discard {card} is also in {held[card]}'s hand")
    words = _tokens(entered.contract)
    if len(words) != 2:
        raise DealInputError("contract", "give the bid and the declarer, like '8H N' or 'MIS E'")
    try:
        bid = parse_call(words[0])
    except NotationError as exc:
        raise DealInputError("contract", str(exc)) from None
    declarer = words[1].upper()
    if declarer not in SEATS:
        raise DealInputError("contract", f"unknown declarer {words[1]!r}: use N, E, S or W")
    try:
        contract = Contract(bid, declarer)
    except ValueError as exc:
        raise DealInputError("contract", str(exc)) from None
    dealer = SEATS[(SEATS.index(declarer) - 1) % 4]
    deal = Deal(dealer, {s: tuple(h) for s, h in hands.items()}, tuple(discards))
    play = Play(contract, {s: hands[s] for s in contract.players})
    for n, (card, named) in enumerate(_five_hundred_played(entered.played)):
        seat = play.to_move
        if seat is None:
            raise DealInputError("played", f"card {n + 1} ({card}): all ten tricks are played")
        try:
            play.play(seat, card, named)
        except ValueError as exc:
            raise DealInputError(
                "played", f"card {n + 1} ({card}, {seat} to play): {exc}"
            ) from None
    mover, legal = _decision(entered, play)
    return Cut(0, deal, Auction(dealer), tuple(discards), copy.deepcopy(play), mover, legal)


# ----------------------------------------------------------------------------- Beyond


def _beyond_targets(text: str) -> dict[str, int]:
    """Read the four declarations, like 'N3 E2 S4 W3'."""
    targets: dict[str, int] = {}
    for token in _tokens(text):
        seat, number = token[:1].upper(), token[1:]
        if seat not in SEATS or not number.isdigit() or not 0 <= int(number) <= 13:
            raise DealInputError(
                "contract", f"bad declaration {token!r}: a seat and its tricks, like 'N3'"
            )
        if seat in targets:
            raise DealInputError("contract", f"{seat} declares twice")
        targets[seat] = int(number)
    missing = [s for s in SEATS if s not in targets]
    if missing:
        raise DealInputError("contract", f"no declaration for {', '.join(missing)}")
    return targets


def _beyond_cut(entered: EnteredDeal) -> Any:
    from games.beyond import Auction, AuctionResult, Play
    from games.beyond.calls import parse_call
    from games.quizzes.beyond.cut import Cut
    from games.quizzes.beyond.solving import play_goal
    from games.quizzes.beyond.table import Table

    try:
        hands = parse_pbn(entered.deal, BEYOND_DECK, hand_size=13)
    except NotationError as exc:
        raise DealInputError("deal", str(exc)) from None
    first = entered.deal.strip()[0].upper()
    words = _tokens(entered.contract)
    if len(words) < 6:
        raise DealInputError(
            "contract", "give the bid, the declarer and the four declarations: '7H N N3 E2 S4 W3'"
        )
    try:
        call = parse_call(words[0])
    except ValueError as exc:
        raise DealInputError("contract", str(exc)) from None
    if call.bid is None:
        raise DealInputError("contract", f"{words[0]!r} is not a bid like '7H' or '6NT'")
    declarer = words[1].upper()
    if declarer not in SEATS:
        raise DealInputError("contract", f"unknown declarer {words[1]!r}: use N, E, S or W")
    targets = _beyond_targets(" ".join(words[2:]))
    contract = AuctionResult(declarer, call.bid)
    dealer = SEATS[(SEATS.index(first) - 1) % 4]
    table = Table(0, dealer, hands, Auction(dealer), contract, targets)
    play = Play({s: list(hands[s]) for s in SEATS}, first, contract.trump)
    for n, card in enumerate(_played(entered.played, BEYOND_DECK)):
        seat = play.to_move
        try:
            play.play(card)
        except ValueError as exc:
            raise DealInputError(
                "played", f"card {n + 1} ({card}, {seat} to play): {exc}"
            ) from None
    mover, legal = _decision(entered, play)
    goal = play_goal(play, mover, targets)
    if goal is None:
        raise DealInputError("played", f"nothing is at stake for {mover} any more: no decision")
    return Cut(table, copy.deepcopy(play), mover, legal, goal)


# ----------------------------------------------------------------------------- all games


CUTTERS = {
    "wiezen": _wiezen_cut,
    "skat": _skat_cut,
    "five_hundred": _five_hundred_cut,
    "beyond": _beyond_cut,
}


def read_deal(entered: EnteredDeal) -> Any:
    """Check an entered deal and return its decision (a cut of the game's play spec).

    Raises DealInputError naming the field and the bad token. Nothing is solved here.
    """
    if entered.game not in CUTTERS:
        raise DealInputError(
            "game", f"entered deals are read for {', '.join(ENTERED_GAMES)}, not {entered.game!r}"
        )
    return CUTTERS[entered.game](entered)


def quiz_from_deal(entered: EnteredDeal, seconds: float = SOLVE_SECONDS) -> QuizDraft:
    """Solve an entered deal's decision into a double-dummy quiz with every card's value.

    Raises DealInputError for bad input, for a position that is no decision (every card
    reaches the same result), since a quiz needs a wrong answer, and for a decision the
    solver cannot settle within ``seconds`` (all its solves together).
    """
    from games.quizzes import load_generators
    from games.quizzes.common.pipeline import DOUBLE_DUMMY, PLAY_SPECS, quiz_at
    from games.solver import SolverBudgetExceeded
    from games.solver.budget import deadline

    load_generators()
    cut = read_deal(entered)
    try:
        with deadline(seconds):
            draft = quiz_at(PLAY_SPECS[entered.game], cut, DOUBLE_DUMMY, 0, 0)
    except SolverBudgetExceeded:
        raise DealInputError(
            "played",
            f"the solver could not settle this decision within {seconds:g} seconds: enter the"
            " cards of the first few tricks as well, so that fewer tricks are left to solve",
        ) from None
    if draft is None:
        raise DealInputError(
            "played", "every legal card reaches the same result here: this is no decision"
        )
    return draft
