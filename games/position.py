"""The typed position record shared by the four games: everything a player needs to decide.

One quiz position is one ``Position``: the seat to move, the dealer, the auction, the
contract, the tricks played (who led, who won, and in 500 the suit named for a joker led in
no trumps), the tricks each seat has won, the house rules in force, the cards the decider
sees, and the whole deal (shown to the learner only after the answer). Each game subclasses
it (as chess variants subclass one board) and adds its own facts: Skat's running card points
and the skat, Beyond's targets and declarations, 500's kitty and tricks needed, Kleurenwiezen's
tricks needed. ``to_json`` writes the exchange form of docs/quizzes.md; ``position_from_json``
reads it back and checks every field, raising ``PositionError`` that names the field.

Seats are letters ("N", "E", "S", "W") except in Skat, where they are the numbers 0, 1, 2
(forehand, middlehand, rearhand); JSON object keys are always strings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, ClassVar, TypeVar

from games.beyond.variants import DEFAULT_SETTINGS as BEYOND_SETTINGS
from games.cards import SUITS, Deck, NotationError, deck_for, parse_card, sort_key
from games.five_hundred.settings import DEFAULT_SETTINGS as FIVE_HUNDRED_SETTINGS
from games.skat.settings import DEFAULT_SETTINGS as SKAT_SETTINGS
from games.wiezen.settings import DEFAULT_SETTINGS as WIEZEN_SETTINGS

Seat = str | int
Cards = tuple[str, ...]

# The version of the exchange format (docs/quizzes.md) that this record writes.
FORMAT_VERSION = 2


class PositionError(ValueError):
    """A position that does not fit the record; the message starts with the field's path."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


@dataclass(frozen=True)
class Call:
    """One call of the auction, in the game's own notation ("18", "pass", "7S", "ask C")."""

    seat: Seat
    call: str


@dataclass(frozen=True)
class Trick:
    """One trick: the cards in playing order, who took it, and (500) the suit named for a
    joker led in no trumps. The trick in progress has no winner yet."""

    plays: tuple[tuple[Seat, str], ...] = ()
    winner: Seat | None = None
    named_suit: str | None = None

    @property
    def leader(self) -> Seat | None:
        return self.plays[0][0] if self.plays else None

    @property
    def cards(self) -> Cards:
        return tuple(card for _, card in self.plays)


@dataclass(frozen=True)
class Deal:
    """The whole deal: every hand as dealt, the cards dealt aside (Skat's skat, 500's kitty),
    every hand as held at the decision, and the cards laid away by then (the skat after the
    discard, 500's discards)."""

    dealt: Mapping[str, Cards]
    held: Mapping[str, Cards]
    stock: Cards = ()
    laid_away: Cards = ()

    def as_json(self) -> dict[str, Any]:
        return {
            "dealt": {s: list(c) for s, c in self.dealt.items()},
            "stock": list(self.stock),
            "held": {s: list(c) for s, c in self.held.items()},
            "laid_away": list(self.laid_away),
        }


P = TypeVar("P", bound="Position")


@dataclass(frozen=True, kw_only=True)
class Position:
    """The facts of one decision shared by every game; each game's subclass adds its own.

    ``hands`` holds only the hands the decider sees, ``hidden`` the seats it does not;
    ``deal`` holds every card, for the verdict and for re-checking. ``question`` names the
    decision: ``play`` for a card, else the bidding question ("limit", "declaration", ...).
    ``rules`` is the game's house rules in force (its settings, by name).
    """

    GAME: ClassVar[str] = ""
    SEATS: ClassVar[tuple[Seat, ...]] = ("N", "E", "S", "W")
    TRICK_SIZE: ClassVar[int] = 4
    # The contract's keys and their JSON types, and the ones a play position must have.
    CONTRACT_TYPES: ClassVar[dict[str, tuple[type, ...]]] = {}
    CONTRACT_REQUIRED: ClassVar[tuple[str, ...]] = ()
    # The game's settings dataclass at its defaults: what ``rules`` must name.
    SETTINGS: ClassVar[Any] = None

    seat: Seat
    dealer: Seat
    question: str
    hands: Mapping[str, Cards]
    hidden: tuple[Seat, ...]
    deal: Deal
    rules: Mapping[str, Any]
    contract: Mapping[str, Any] | None = None
    auction: tuple[Call, ...] = ()
    trick: Trick = field(default_factory=Trick)
    tricks_played: tuple[Trick, ...] = ()
    tricks_won: Mapping[str, int] = field(default_factory=dict)
    tricks_left: int | None = None

    def __post_init__(self) -> None:
        self.check()

    # -- the shared shape ---------------------------------------------------------------

    @property
    def game(self) -> str:
        return self.GAME

    @property
    def deck(self) -> Deck:
        return deck_for(self.GAME)

    @property
    def leader(self) -> Seat | None:
        """Return who led (or is to lead) the trick in progress."""
        if self.trick.plays:
            return self.trick.leader
        if self.tricks_played:
            return self.tricks_played[-1].winner
        return None

    @property
    def declarer(self) -> Seat | None:
        contract = self.contract or {}
        return contract.get("declarer")

    def to_json(self) -> dict[str, Any]:
        """Return the exchange form (docs/quizzes.md): plain JSON, shared keys then the game's."""
        data: dict[str, Any] = {
            "seat": self.seat,
            "dealer": self.dealer,
            "question": self.question,
            "hands": {s: list(c) for s, c in self.hands.items()},
            "hidden": list(self.hidden),
            "contract": None if self.contract is None else dict(self.contract),
            "auction": [[c.seat, c.call] for c in self.auction],
            "trick": [[s, c] for s, c in self.trick.plays],
            "tricks_played": [[[s, c] for s, c in t.plays] for t in self.tricks_played],
            "trick_winners": [t.winner for t in self.tricks_played],
            "tricks_won": {str(s): self.tricks_won.get(str(s), 0) for s in self.SEATS},
            "tricks_left": self.tricks_left,
            "rules": _plain(self.rules),
            "deal": self.deal.as_json(),
        }
        data.update(self.game_json())
        return data

    def game_json(self) -> dict[str, Any]:
        """Return the game's own keys (a hook for the subclasses)."""
        return {}

    @classmethod
    def game_fields(cls, data: Mapping[str, Any], tricks: int) -> dict[str, Any]:
        """Read the game's own keys from ``data`` (a hook for the subclasses)."""
        return {}

    def check_game(self) -> None:
        """Check the game's own facts (a hook for the subclasses)."""

    def trick_size(self) -> int:
        """Return how many cards make a trick (a hook: 500's misère leaves one seat out)."""
        return self.TRICK_SIZE

    # -- checks -------------------------------------------------------------------------

    def check(self) -> None:
        """Raise PositionError naming the first field that does not fit the game."""
        seats = self.SEATS
        _seat(self.seat, seats, "position.seat")
        _seat(self.dealer, seats, "position.dealer")
        if not isinstance(self.question, str) or not self.question:
            raise PositionError("position.question", "expected the decision's name")
        keys = {str(s) for s in seats}
        for s in self.hands:
            if s not in keys:
                raise PositionError(f"position.hands.{s}", f"not a seat (seats: {_names(seats)})")
        for n, other in enumerate(self.hidden):
            _seat(other, seats, f"position.hidden[{n}]")
            if str(other) in self.hands:
                raise PositionError(
                    f"position.hidden[{n}]", f"seat {other} is both shown and hidden"
                )
        if str(self.seat) not in self.hands:
            raise PositionError(
                "position.hands", f"the hand of the seat to move ({self.seat}) is missing"
            )
        deck = self.deck
        seen: dict[str, str] = {}

        def mark(card: str, path: str) -> None:
            _card(card, deck, path)
            if card in seen:
                raise PositionError(path, f"card {card} also appears at {seen[card]}")
            seen[card] = path

        for s, cards in self.hands.items():
            for n, card in enumerate(cards):
                mark(card, f"position.hands.{s}[{n}]")
        for n, call in enumerate(self.auction):
            _seat(call.seat, seats, f"position.auction[{n}][0]")
            if not isinstance(call.call, str) or not call.call:
                raise PositionError(f"position.auction[{n}][1]", "expected the call as text")
        if self.contract is not None:
            self._check_contract()
        size = self.trick_size()
        if len(self.trick.plays) >= size:
            raise PositionError(
                "position.trick", f"a trick in progress has fewer than {size} cards"
            )
        if self.trick.winner is not None:
            raise PositionError("position.trick", "the trick in progress has no winner yet")
        self._check_trick(self.trick, "position.trick", mark, complete=False)
        for n, trick in enumerate(self.tricks_played):
            self._check_trick(trick, f"position.tricks_played[{n}]", mark, complete=True)
        won = {str(s): 0 for s in seats}
        for trick in self.tricks_played:
            won[str(trick.winner)] += 1
        for s, count in self.tricks_won.items():
            if s not in keys:
                raise PositionError(f"position.tricks_won.{s}", "not a seat")
            if count != won[s]:
                raise PositionError(
                    f"position.tricks_won.{s}", f"{count} but the tricks played give {won[s]}"
                )
        if self.tricks_left is not None and (not _is_int(self.tricks_left) or self.tricks_left < 0):
            raise PositionError("position.tricks_left", "expected a whole number from 0")
        self._check_rules()
        self._check_deal()
        self.check_game()

    def _check_contract(self) -> None:
        contract = self.contract
        if not isinstance(contract, Mapping):
            raise PositionError("position.contract", "expected an object or null")
        for key, value in contract.items():
            if key not in self.CONTRACT_TYPES:
                known = ", ".join(sorted(self.CONTRACT_TYPES))
                raise PositionError(f"position.contract.{key}", f"unknown key (known: {known})")
            kinds = self.CONTRACT_TYPES[key]
            if not _is_type(value, kinds):
                raise PositionError(f"position.contract.{key}", f"expected {_type_names(kinds)}")
        if self.question == "play":
            missing = [k for k in self.CONTRACT_REQUIRED if k not in contract]
            if missing:
                raise PositionError("position.contract", f"missing {', '.join(missing)}")
        declarer = contract.get("declarer")
        if declarer is not None:
            _seat(declarer, self.SEATS, "position.contract.declarer")

    def _check_trick(self, trick: Trick, path: str, mark: Any, complete: bool) -> None:
        if complete and len(trick.plays) != self.trick_size():
            raise PositionError(path, f"expected {self.trick_size()} cards, got {len(trick.plays)}")
        players: list[str] = []
        for n, (s, card) in enumerate(trick.plays):
            _seat(s, self.SEATS, f"{path}[{n}][0]")
            if str(s) in players:
                raise PositionError(f"{path}[{n}][0]", f"seat {s} plays twice to one trick")
            players.append(str(s))
            mark(card, f"{path}[{n}][1]")
        if complete and (trick.winner is None or str(trick.winner) not in players):
            raise PositionError(
                path.replace("tricks_played", "trick_winners"),
                f"expected the seat that took the trick, one of {', '.join(players)}",
            )
        if trick.named_suit is not None and self.GAME != "five_hundred":
            raise PositionError(path, "only a 500 joker lead names a suit")

    def _check_rules(self) -> None:
        if not isinstance(self.rules, Mapping):
            raise PositionError("position.rules", "expected an object")
        if self.SETTINGS is None:
            return
        _check_settings(self.rules, self.SETTINGS, "position.rules")

    def _check_deal(self) -> None:
        deal = self.deal
        deck = self.deck
        keys = [str(s) for s in self.SEATS]
        for part in ("dealt", "held"):
            hands = getattr(deal, part)
            if not isinstance(hands, Mapping) or sorted(hands) != sorted(keys):
                raise PositionError(
                    f"position.deal.{part}", f"expected a hand for each of {', '.join(keys)}"
                )
        cards: list[str] = []
        for s, hand in deal.dealt.items():
            for n, card in enumerate(hand):
                _card(card, deck, f"position.deal.dealt.{s}[{n}]")
                cards.append(card)
        for n, card in enumerate(deal.stock):
            _card(card, deck, f"position.deal.stock[{n}]")
            cards.append(card)
        if sorted(cards) != sorted(str(c) for c in deck):
            raise PositionError(
                "position.deal", f"the dealt cards are not the {deck.name} deck, each card once"
            )
        for s, shown in self.hands.items():
            if sorted(shown) != sorted(deal.held[s]):
                raise PositionError(
                    f"position.hands.{s}", "differs from the hand held in position.deal.held"
                )
        for s, hand in deal.held.items():
            for n, card in enumerate(hand):
                _card(card, deck, f"position.deal.held.{s}[{n}]")
        for n, card in enumerate(deal.laid_away):
            _card(card, deck, f"position.deal.laid_away[{n}]")

    # -- reading ------------------------------------------------------------------------

    @classmethod
    def from_json(cls: type[P], data: Any) -> P:
        """Read the exchange form, checking every field; raise PositionError naming it."""
        if not isinstance(data, Mapping):
            raise PositionError("position", "expected an object")
        known = set(SHARED_KEYS) | set(cls.GAME_KEYS)
        for key in data:
            if key not in known:
                raise PositionError(f"position.{key}", f"unknown field for {cls.GAME}")
        missing = [k for k in (*SHARED_KEYS, *cls.GAME_REQUIRED) if k not in data]
        if missing:
            raise PositionError("position", f"missing field(s): {', '.join(missing)}")
        seats = cls.SEATS
        trick = _plays(data["trick"], "position.trick", seats)
        raw_tricks = data["tricks_played"]
        if not isinstance(raw_tricks, list):
            raise PositionError("position.tricks_played", "expected a list of tricks")
        winners = data["trick_winners"]
        if not isinstance(winners, list) or len(winners) != len(raw_tricks):
            raise PositionError(
                "position.trick_winners", "expected one seat per trick in tricks_played"
            )
        named = cls.named_suits(data, len(raw_tricks))
        tricks = tuple(
            Trick(
                _plays(t, f"position.tricks_played[{n}]", seats),
                _json_seat(w, seats, f"position.trick_winners[{n}]"),
                named[n],
            )
            for n, (t, w) in enumerate(zip(raw_tricks, winners, strict=True))
        )
        contract = data["contract"]
        if contract is not None and not isinstance(contract, Mapping):
            raise PositionError("position.contract", "expected an object or null")
        return cls(
            seat=_json_seat(data["seat"], seats, "position.seat"),
            dealer=_json_seat(data["dealer"], seats, "position.dealer"),
            question=_text(data["question"], "position.question"),
            hands=_hands(data["hands"], "position.hands"),
            hidden=tuple(
                _json_seat(s, seats, f"position.hidden[{n}]")
                for n, s in enumerate(_list(data["hidden"], "position.hidden"))
            ),
            deal=_deal(data["deal"]),
            rules=_object(data["rules"], "position.rules"),
            contract=None if contract is None else dict(contract),
            auction=tuple(
                Call(
                    _json_seat(p[0], seats, f"position.auction[{n}][0]"),
                    _text(p[1], f"position.auction[{n}][1]"),
                )
                for n, p in enumerate(_pairs(data["auction"], "position.auction"))
            ),
            trick=Trick(trick, None, named[len(raw_tricks)]),
            tricks_played=tricks,
            tricks_won=_counts(data["tricks_won"], "position.tricks_won"),
            tricks_left=_whole(data["tricks_left"], "position.tricks_left", optional=True),
            **cls.game_fields(data, len(raw_tricks)),
        )

    GAME_KEYS: ClassVar[tuple[str, ...]] = ()
    GAME_REQUIRED: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def named_suits(cls, data: Mapping[str, Any], tricks: int) -> list[str | None]:
        """Return the suit named for each trick (the played ones, then the one in progress)."""
        return [None] * (tricks + 1)


SHARED_KEYS = (
    "seat",
    "dealer",
    "question",
    "hands",
    "hidden",
    "contract",
    "auction",
    "trick",
    "tricks_played",
    "trick_winners",
    "tricks_won",
    "tricks_left",
    "rules",
    "deal",
)

INT = (int,)
TEXT = (str,)
BOOL = (bool,)
NONE = (type(None),)
SEAT_TEXT = (str,)


@dataclass(frozen=True, kw_only=True)
class SkatPosition(Position):
    """A Skat position: seats 0-2, three cards a trick, the running card points of each side
    and the skat as far as the decider knows it (after a pick-up, or in double dummy)."""

    GAME: ClassVar[str] = "skat"
    SETTINGS: ClassVar[Any] = SKAT_SETTINGS
    SEATS: ClassVar[tuple[Seat, ...]] = (0, 1, 2)
    TRICK_SIZE: ClassVar[int] = 3
    CONTRACT_TYPES: ClassVar[dict[str, tuple[type, ...]]] = {
        "name": TEXT,
        "game": TEXT,
        "declarer": INT,
        "bid": INT,
        "trump": TEXT + NONE,
        "hand": BOOL,
        "ouvert": BOOL,
        "schneider_announced": BOOL,
        "schwarz_announced": BOOL,
    }
    CONTRACT_REQUIRED: ClassVar[tuple[str, ...]] = tuple(CONTRACT_TYPES)
    GAME_KEYS: ClassVar[tuple[str, ...]] = ("seat_name", "leader", "score_so_far", "skat")
    GAME_REQUIRED: ClassVar[tuple[str, ...]] = ("seat_name", "score_so_far")

    seat_name: str = ""
    # Card points taken so far: {"declarer": n, "defenders": n} (before any play: 0 and 0).
    score_so_far: Mapping[str, int] = field(default_factory=lambda: {"declarer": 0, "defenders": 0})
    skat: Cards | None = None

    def game_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "seat_name": self.seat_name,
            "leader": self.leader,
            "score_so_far": dict(self.score_so_far),
        }
        if self.skat is not None:
            data["skat"] = list(self.skat)
        return data

    @classmethod
    def game_fields(cls, data: Mapping[str, Any], tricks: int) -> dict[str, Any]:
        skat = data.get("skat")
        return {
            "seat_name": _text(data["seat_name"], "position.seat_name"),
            "score_so_far": _counts(data["score_so_far"], "position.score_so_far"),
            "skat": None if skat is None else _cards(skat, "position.skat"),
        }

    def check_game(self) -> None:
        if sorted(self.score_so_far) != ["declarer", "defenders"]:
            raise PositionError("position.score_so_far", "expected declarer and defenders")
        if sum(self.score_so_far.values()) > 120:
            raise PositionError(
                "position.score_so_far", "more than the 120 card points in the deck"
            )
        if self.skat is not None:
            for n, card in enumerate(self.skat):
                _card(card, self.deck, f"position.skat[{n}]")
            if len(self.skat) != 2:
                raise PositionError("position.skat", "the skat is two cards")


@dataclass(frozen=True, kw_only=True)
class BeyondPosition(Position):
    """A Beyond position: each seat's declared target and tricks still needed, the order of
    the declarations, the aim (make both numbers, or spoil) and the joker-lead lock."""

    GAME: ClassVar[str] = "beyond"
    SETTINGS: ClassVar[Any] = BEYOND_SETTINGS
    CONTRACT_TYPES: ClassVar[dict[str, tuple[type, ...]]] = {
        "bid": TEXT,
        "level": INT,
        "strain": TEXT,
        "trump": TEXT + NONE,
        "declarer": SEAT_TEXT,
        "raised": INT,
        "text": TEXT,
        "targets": (dict,),
    }
    CONTRACT_REQUIRED: ClassVar[tuple[str, ...]] = tuple(CONTRACT_TYPES)
    GAME_KEYS: ClassVar[tuple[str, ...]] = (
        "targets",
        "declarations",
        "still_needed",
        "aim",
        "lead_locked",
    )
    GAME_REQUIRED: ClassVar[tuple[str, ...]] = ("targets", "declarations")

    # The numbers declared so far, by seat (all four once the declarations are over).
    targets: Mapping[str, int] = field(default_factory=dict)
    # The declarations in the order they were made: (seat, tricks).
    declarations: tuple[tuple[str, int], ...] = ()
    still_needed: Mapping[str, int] | None = None
    aim: str | None = None
    lead_locked: bool | None = None

    def game_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "targets": dict(self.targets),
            "declarations": [[s, n] for s, n in self.declarations],
        }
        if self.still_needed is not None:
            data["still_needed"] = dict(self.still_needed)
        if self.aim is not None:
            data["aim"] = self.aim
        if self.lead_locked is not None:
            data["lead_locked"] = self.lead_locked
        return data

    @classmethod
    def game_fields(cls, data: Mapping[str, Any], tricks: int) -> dict[str, Any]:
        needed = data.get("still_needed")
        locked = data.get("lead_locked")
        if locked is not None and not isinstance(locked, bool):
            raise PositionError("position.lead_locked", "expected true or false")
        aim = data.get("aim")
        return {
            "targets": _counts(data["targets"], "position.targets"),
            "declarations": tuple(
                (
                    _json_seat(p[0], cls.SEATS, f"position.declarations[{n}][0]"),
                    _whole(p[1], f"position.declarations[{n}][1]"),
                )
                for n, p in enumerate(_pairs(data["declarations"], "position.declarations"))
            ),
            # Negative once a seat has taken more than it declared (the pair can only spoil then).
            "still_needed": None
            if needed is None
            else _counts(needed, "position.still_needed", signed=True),
            "aim": None if aim is None else _text(aim, "position.aim"),
            "lead_locked": locked,
        }

    def check_game(self) -> None:
        for s, n in self.targets.items():
            if s not in self.SEATS or not 0 <= n <= 13:
                raise PositionError(f"position.targets.{s}", "expected a seat's 0 to 13 tricks")
        if {s: n for s, n in self.declarations} != dict(self.targets):
            raise PositionError("position.declarations", "differ from position.targets")
        stated = (self.contract or {}).get("targets")
        if stated is not None and dict(stated) != dict(self.targets):
            raise PositionError("position.contract.targets", "differ from position.targets")
        if self.aim not in (None, "make", "spoil"):
            raise PositionError("position.aim", "expected make or spoil")


@dataclass(frozen=True, kw_only=True)
class FiveHundredPosition(Position):
    """A 500 position: the kitty (when the decider has taken it), the declarer's discards,
    open misère's exposed hand, the tricks the contract needs and the suit named for a joker
    led in no trumps, per trick."""

    GAME: ClassVar[str] = "five_hundred"
    SETTINGS: ClassVar[Any] = FIVE_HUNDRED_SETTINGS
    CONTRACT_TYPES: ClassVar[dict[str, tuple[type, ...]]] = {
        "bid": TEXT,
        "name": TEXT,
        "declarer": SEAT_TEXT,
        "team": (list,),
        "side": TEXT,
        "trump": TEXT + NONE,
        "misere": BOOL,
        "open": BOOL,
        "sitting_out": TEXT + NONE,
        "tricks_needed": INT,
        "value": INT,
    }
    CONTRACT_REQUIRED: ClassVar[tuple[str, ...]] = tuple(CONTRACT_TYPES)
    GAME_KEYS: ClassVar[tuple[str, ...]] = (
        "kitty",
        "discards",
        "exposed",
        "tricks_needed",
        "named_suit",
        "named_suits",
        "side_tricks",
    )
    GAME_REQUIRED: ClassVar[tuple[str, ...]] = ("named_suits",)

    kitty: Cards | None = None
    discards: Cards | None = None
    exposed: Cards | None = None
    tricks_needed: int | None = None

    def trick_size(self) -> int:
        return 3 if (self.contract or {}).get("sitting_out") else 4

    @property
    def side_tricks(self) -> dict[str, int]:
        """Return the tricks of the declaring side and of the defence."""
        team = {str(s) for s in (self.contract or {}).get("team", [])}
        ours = sum(n for s, n in self.tricks_won.items() if s in team)
        return {"declarer": ours, "defenders": sum(self.tricks_won.values()) - ours}

    def game_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "named_suits": [t.named_suit for t in self.tricks_played],
        }
        if self.trick.named_suit is not None:
            data["named_suit"] = self.trick.named_suit
        if self.question == "play":
            data["side_tricks"] = self.side_tricks
        for key in ("kitty", "discards", "exposed"):
            value = getattr(self, key)
            if value is not None:
                data[key] = list(value)
        if self.tricks_needed is not None:
            data["tricks_needed"] = self.tricks_needed
        return data

    @classmethod
    def named_suits(cls, data: Mapping[str, Any], tricks: int) -> list[str | None]:
        named = data["named_suits"]
        if not isinstance(named, list) or len(named) != tricks:
            raise PositionError("position.named_suits", "expected one entry per trick played")
        out = [_suit(s, f"position.named_suits[{n}]") for n, s in enumerate(named)]
        return [*out, _suit(data.get("named_suit"), "position.named_suit")]

    @classmethod
    def game_fields(cls, data: Mapping[str, Any], tricks: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in ("kitty", "discards", "exposed"):
            if data.get(key) is not None:
                out[key] = _cards(data[key], f"position.{key}")
        if data.get("tricks_needed") is not None:
            out["tricks_needed"] = _whole(data["tricks_needed"], "position.tricks_needed")
        if "side_tricks" in data:
            _counts(data["side_tricks"], "position.side_tricks")
        return out

    def check_game(self) -> None:
        for key in ("kitty", "discards", "exposed"):
            for n, card in enumerate(getattr(self, key) or ()):
                _card(card, self.deck, f"position.{key}[{n}]")
        for n, trick in enumerate(self.tricks_played):
            if trick.named_suit is not None and trick.cards[0] != "X1":
                raise PositionError(f"position.named_suits[{n}]", "only a joker lead names a suit")
        if self.trick.named_suit is not None and self.trick.cards[:1] != ("X1",):
            raise PositionError("position.named_suit", "only a joker lead names a suit")
        if self.tricks_needed is not None and not 0 <= self.tricks_needed <= 10:
            raise PositionError("position.tricks_needed", "expected 0 to 10 tricks")


@dataclass(frozen=True, kw_only=True)
class WiezenPosition(Position):
    """A Kleurenwiezen position: the tricks the contract needs and the decider's side's
    tricks so far."""

    GAME: ClassVar[str] = "wiezen"
    SETTINGS: ClassVar[Any] = WIEZEN_SETTINGS
    CONTRACT_TYPES: ClassVar[dict[str, tuple[type, ...]]] = {
        "kind": TEXT,
        "declarers": (list,),
        "trump": TEXT + NONE,
        "target": INT,
        "first_leader": SEAT_TEXT,
        "lead_card": TEXT + NONE,
        "open_hands": BOOL,
        "description": TEXT,
    }
    CONTRACT_REQUIRED: ClassVar[tuple[str, ...]] = tuple(CONTRACT_TYPES)
    GAME_KEYS: ClassVar[tuple[str, ...]] = ("side_tricks", "tricks_needed")

    side_tricks: int | None = None
    tricks_needed: int | None = None

    @property
    def declarer(self) -> Seat | None:
        declarers = (self.contract or {}).get("declarers") or []
        return declarers[0] if declarers else None

    def game_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.side_tricks is not None:
            data["side_tricks"] = self.side_tricks
        if self.tricks_needed is not None:
            data["tricks_needed"] = self.tricks_needed
        return data

    @classmethod
    def game_fields(cls, data: Mapping[str, Any], tricks: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in cls.GAME_KEYS:
            if data.get(key) is not None:
                out[key] = _whole(data[key], f"position.{key}")
        return out

    def check_game(self) -> None:
        for n, s in enumerate((self.contract or {}).get("declarers", [])):
            _seat(s, self.SEATS, f"position.contract.declarers[{n}]")
        if self.tricks_needed is not None and not 0 <= self.tricks_needed <= 13:
            raise PositionError("position.tricks_needed", "expected 0 to 13 tricks")


POSITIONS: dict[str, type[Position]] = {
    cls.GAME: cls for cls in (SkatPosition, BeyondPosition, FiveHundredPosition, WiezenPosition)
}


def position_class(game: str) -> type[Position]:
    """Return the record class of ``game``; raise PositionError for an unknown game."""
    try:
        return POSITIONS[game]
    except KeyError:
        raise PositionError(
            "game", f"unknown game {game!r} (known: {', '.join(POSITIONS)})"
        ) from None


def position_from_json(game: str, data: Any) -> Position:
    """Read and check the exchange form of a ``game`` position; raise PositionError."""
    return position_class(game).from_json(data)


def record_problems(game: str, position: Any) -> list[str]:
    """Return why a stored position does not fit the record ([] when it does): it must read
    back with every check passed and write out again unchanged."""
    try:
        record = position_from_json(game, position)
    except PositionError as exc:
        return [str(exc)]
    again = record.to_json()
    return [
        f"position.{key}: reads back as {again.get(key)!r}, stored {position.get(key)!r}"
        for key in sorted(set(again) | set(position))
        if again.get(key) != position.get(key)
    ]


def shown_part(position: Mapping[str, Any]) -> dict[str, Any]:
    """Return a position's JSON without the whole deal: what the learner sees before answering."""
    return {k: v for k, v in position.items() if k not in REVEALED_KEYS}


# Keys of a position's JSON that hold cards the decider does not see, revealed after the answer.
REVEALED_KEYS = ("deal",)


def settings_json(settings: Any) -> dict[str, Any]:
    """Return a game's settings (a dataclass) as the ``rules`` object of a position."""
    return _plain(settings)


def deal_record(
    dealt: Mapping[Any, Iterable[Any]],
    held: Mapping[Any, Iterable[Any]],
    stock: Iterable[Any] = (),
    laid_away: Iterable[Any] = (),
) -> Deal:
    """Return the whole deal with seats as strings and cards as tokens, each hand sorted."""

    def hand(cards: Iterable[Any]) -> Cards:
        return tuple(str(c) for c in sorted(cards, key=_order))

    return Deal(
        dealt={str(s): hand(c) for s, c in dealt.items()},
        held={str(s): hand(c) for s, c in held.items()},
        stock=hand(stock),
        laid_away=hand(laid_away),
    )


def plays_of(pairs: Iterable[Sequence[Any]]) -> tuple[tuple[Seat, str], ...]:
    """Return (seat, card) pairs with the cards as tokens."""
    return tuple((seat, str(card)) for seat, card in pairs)


# -- helpers ------------------------------------------------------------------------------


def _order(card: Any) -> tuple[int, int]:
    return sort_key(parse_card(str(card)))


def _plain(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _check_settings(rules: Mapping[str, Any], settings: Any, path: str) -> None:
    names = {f.name: getattr(settings, f.name) for f in fields(settings)}
    for key, value in rules.items():
        if key not in names:
            raise PositionError(f"{path}.{key}", f"not a house rule (known: {', '.join(names)})")
        default = names[key]
        if is_dataclass(default):
            if not isinstance(value, Mapping):
                raise PositionError(f"{path}.{key}", "expected an object")
            _check_settings(value, default, f"{path}.{key}")
        elif isinstance(default, bool):
            if not isinstance(value, bool):
                raise PositionError(f"{path}.{key}", "expected true or false")
        elif isinstance(default, int):
            if value is not None and not _is_int(value):
                raise PositionError(f"{path}.{key}", "expected a whole number")
        elif isinstance(default, str) and not isinstance(value, str):
            raise PositionError(f"{path}.{key}", "expected text")
    missing = [k for k in names if k not in rules]
    if missing:
        raise PositionError(path, f"missing house rule(s): {', '.join(missing)}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_type(value: Any, kinds: tuple[type, ...]) -> bool:
    if isinstance(value, bool):
        return bool in kinds
    return isinstance(value, kinds)


TYPE_NAMES: dict[type, str] = {
    int: "a whole number",
    str: "text",
    bool: "true or false",
    type(None): "null",
    dict: "an object",
    list: "a list",
}


def _type_names(kinds: tuple[type, ...]) -> str:
    return " or ".join(TYPE_NAMES.get(k, k.__name__) for k in kinds)


def _names(seats: Sequence[Seat]) -> str:
    return ", ".join(str(s) for s in seats)


def _seat(value: Any, seats: Sequence[Seat], path: str) -> None:
    if isinstance(value, bool) or value not in seats:
        raise PositionError(path, f"{value!r} is not a seat (seats: {_names(seats)})")


def _json_seat(value: Any, seats: Sequence[Seat], path: str) -> Seat:
    _seat(value, seats, path)
    seat: Seat = value
    return seat


def _card(value: Any, deck: Deck, path: str) -> None:
    if not isinstance(value, str):
        raise PositionError(path, f"expected a card token like 'HT', got {value!r}")
    try:
        card = parse_card(value, deck)
    except NotationError as exc:
        raise PositionError(path, str(exc)) from None
    if str(card) != value:
        raise PositionError(path, f"write the card as {card}, not {value!r}")


def _text(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise PositionError(path, "expected text")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise PositionError(path, "expected a list")
    return value


def _object(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise PositionError(path, "expected an object")
    return dict(value)


def _whole(value: Any, path: str, optional: bool = False) -> Any:
    if optional and value is None:
        return None
    if not _is_int(value):
        raise PositionError(path, "expected a whole number")
    return value


def _suit(value: Any, path: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or value not in SUITS:
        raise PositionError(path, f"expected a suit ({', '.join(SUITS)}) or null")
    return value


def _cards(value: Any, path: str) -> Cards:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise PositionError(path, "expected a list of card tokens")
    return tuple(value)


def _hands(value: Any, path: str) -> dict[str, Cards]:
    if not isinstance(value, Mapping):
        raise PositionError(path, "expected an object: seat -> list of cards")
    return {str(s): _cards(c, f"{path}.{s}") for s, c in value.items()}


def _counts(value: Any, path: str, signed: bool = False) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise PositionError(path, "expected an object of whole numbers")
    out = {}
    for key, n in value.items():
        if not _is_int(n) or (n < 0 and not signed):
            raise PositionError(f"{path}.{key}", "expected a whole number from 0")
        out[str(key)] = n
    return out


def _pairs(value: Any, path: str) -> list[list[Any]]:
    if not isinstance(value, list):
        raise PositionError(path, "expected a list of [seat, value] pairs")
    for n, pair in enumerate(value):
        if not isinstance(pair, list) or len(pair) != 2:
            raise PositionError(f"{path}[{n}]", "expected a [seat, value] pair")
    return value


def _plays(value: Any, path: str, seats: Sequence[Seat]) -> tuple[tuple[Seat, str], ...]:
    pairs = _pairs(value, path)
    out = []
    for n, (seat, card) in enumerate(pairs):
        _seat(seat, seats, f"{path}[{n}][0]")
        if not isinstance(card, str):
            raise PositionError(f"{path}[{n}][1]", "expected a card token")
        out.append((seat, card))
    return tuple(out)


def _deal(value: Any) -> Deal:
    if not isinstance(value, Mapping):
        raise PositionError(
            "position.deal", "expected an object with dealt, stock, held, laid_away"
        )
    for key in ("dealt", "held", "stock", "laid_away"):
        if key not in value:
            raise PositionError(f"position.deal.{key}", "missing")
    for key in value:
        if key not in ("dealt", "held", "stock", "laid_away"):
            raise PositionError(f"position.deal.{key}", "unknown field")
    return Deal(
        dealt=_hands(value["dealt"], "position.deal.dealt"),
        held=_hands(value["held"], "position.deal.held"),
        stock=_cards(value["stock"], "position.deal.stock"),
        laid_away=_cards(value["laid_away"], "position.deal.laid_away"),
    )
