"""The Kleurenwiezen auction as a state machine: whose turn, legal calls, the contract.

How a round goes (docs/rules/wiezen.md, "Auction"): bidding starts left of the dealer and
goes clockwise. A player who passes is out for the rest of the auction (rule text, "Volgorde
van contracten", example). A player who holds the top bid (alone or with a partner) is skipped
until someone outbids him. The auction ends when every other player has passed, and the top
bid is complete: an ask needs a partner (or the asker's choice to go alone), a troel needs its
partner's "join troel".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.cards import Card
from games.wiezen.calls import (
    ABONDANCE_LEVELS,
    ALONE,
    JOIN,
    JOIN_TROEL,
    MISERIE,
    OPEN_MISERIE,
    PASS,
    PICCOLO,
    Call,
    CallKind,
    abondance,
    ask,
    parse_call,
    solo,
    troel,
)
from games.wiezen.contracts import Contract, ContractKind
from games.wiezen.errors import IllegalCall
from games.wiezen.rules import Troel, check_hands, find_troel
from games.wiezen.seats import SUIT_ORDER, check_seat, seat_after, seats_from
from games.wiezen.settings import DEFAULT_SETTINGS, WiezenSettings

PAIR_TARGET = 8
ALONE_TARGET = 5
# Calls by which a player joins the top bid rather than outbidding it.
JOINABLE = (CallKind.MISERIE, CallKind.OPEN_MISERIE, CallKind.PICCOLO)
CONTRACT_OF = {
    CallKind.PICCOLO: ContractKind.PICCOLO,
    CallKind.MISERIE: ContractKind.MISERIE,
    CallKind.OPEN_MISERIE: ContractKind.OPEN_MISERIE,
}


def candidate_calls() -> list[Call]:
    """Return every call that exists, in bid order after the non-bids."""
    calls = [PASS, JOIN, ALONE, JOIN_TROEL]
    calls += [ask(s) for s in SUIT_ORDER]
    calls.append(PICCOLO)
    calls += [abondance(level, s) for level in ABONDANCE_LEVELS for s in SUIT_ORDER]
    calls += [MISERIE, troel(), OPEN_MISERIE]
    calls += [solo(s) for s in SUIT_ORDER]
    return calls


ALL_CALLS = tuple(candidate_calls())


class Auction:
    """Run one auction for a dealt hand; apply calls one at a time.

    ``hands`` are needed because troel depends on them: a player with three or four aces
    announces it at once (rule text, "Troel"), so the announcement is made by the
    constructor and is the first entry of ``history``.
    """

    def __init__(
        self,
        dealer: str,
        hands: Mapping[str, Sequence[Card] | str],
        settings: WiezenSettings | None = None,
    ) -> None:
        self.dealer = check_seat(dealer)
        self.hands = check_hands(hands)
        self.settings = settings or DEFAULT_SETTINGS
        # Every call in order, the troel announcement (if any) first.
        self.history: list[tuple[str, Call]] = []
        self.passed: set[str] = set()
        self.top: Call | None = None
        # The seats holding the top bid, in the order they joined it.
        self.holders: list[str] = []
        self.went_alone = False
        self.troel: Troel | None = find_troel(self.hands)
        if self.troel is not None:
            card = self.troel.card if self.troel.aces == 4 else None
            self.top = troel(card)
            self.holders = [self.troel.seat]
            self.history.append((self.troel.seat, self.top))
        self.turn: str | None = self._next_speaker(seat_after(dealer))

    # ------------------------------------------------------------------ state queries

    @property
    def finished(self) -> bool:
        """Return True once no one is left to speak."""
        return self.turn is None

    @property
    def thrown_in(self) -> bool:
        """Return True when the auction is over and nobody plays (all passed)."""
        return self.finished and self.top is None

    def legal_calls(self) -> list[Call]:
        """Return the calls the player to speak may make now (empty once finished)."""
        if self.turn is None:
            return []
        return [c for c in ALL_CALLS if self._why_illegal(self.turn, c) is None]

    # ------------------------------------------------------------------ applying calls

    def apply(self, call: Call | str, seat: str | None = None) -> None:
        """Apply ``call`` for the player to speak; raise IllegalCall saying why it is not allowed.

        ``seat``, if given, must be the player whose turn it is.
        """
        if isinstance(call, str):
            call = parse_call(call)
        if self.turn is None:
            raise IllegalCall(f"{call}: the auction is over")
        if seat is not None and check_seat(seat) != self.turn:
            raise IllegalCall(f"{call} by {seat}: it is {self.turn}'s turn to call")
        speaker = self.turn
        why = self._why_illegal(speaker, call)
        if why is not None:
            raise IllegalCall(f"{call} by {speaker} is not allowed: {why}")
        self._record(speaker, call)
        self.history.append((speaker, call))
        self.turn = self._next_speaker(seat_after(speaker))

    def _record(self, seat: str, call: Call) -> None:
        """Update the top bid, its holders and the passed seats for ``call`` by ``seat``."""
        if call.kind is CallKind.PASS:
            self.passed.add(seat)
            if seat in self.holders:
                # Only an unanswered asker can pass while holding the top bid.
                self.top, self.holders = None, []
        elif call.kind is CallKind.ALONE:
            self.went_alone = True
        elif call.kind in (CallKind.JOIN, CallKind.JOIN_TROEL) or (
            self.top is not None and call == self.top and call.kind in JOINABLE
        ):
            self.holders.append(seat)
        else:
            self.top, self.holders = call, [seat]

    # ------------------------------------------------------------------ the rules

    def _needs_to_speak(self, seat: str) -> bool:
        if seat in self.passed:
            return False
        if seat not in self.holders:
            return True
        return self._asker_must_choose(seat)

    def _asker_must_choose(self, seat: str) -> bool:
        """Return True when ``seat`` asked, nobody joined and all the others have passed."""
        return (
            self.top is not None
            and self.top.kind is CallKind.ASK
            and self.holders == [seat]
            and not self.went_alone
            and len(self.passed) == 3
        )

    def _next_speaker(self, start: str) -> str | None:
        """Return the first seat from ``start`` clockwise that still has to speak."""
        return next((s for s in seats_from(start) if self._needs_to_speak(s)), None)

    def _why_illegal(self, seat: str, call: Call) -> str | None:
        """Return why ``seat`` may not make ``call`` now, or None when it is legal."""
        top, kind = self.top, call.kind
        troel_pending = top is not None and top.kind is CallKind.TROEL
        is_troel_partner = self.troel is not None and seat == self.troel.partner
        if kind is CallKind.PASS:
            if troel_pending and is_troel_partner:
                return "the troel partner may not pass; for him a pass is 'join troel'"
            return None
        if kind is CallKind.ALONE:
            if not self._asker_must_choose(seat):
                return "only the asker may go alone, once all other players have passed"
            return None
        if kind is CallKind.JOIN:
            if top is None or top.kind is not CallKind.ASK or self.went_alone:
                return "there is no open ask to join"
            if seat in self.holders:
                return "a player cannot join his own ask"
            if len(self.holders) > 1:
                return f"{self.holders[1]} has already joined {self.holders[0]}'s ask"
            return None
        if kind is CallKind.JOIN_TROEL:
            if not troel_pending or self.troel is None:
                return "there is no troel to join"
            if not is_troel_partner:
                return f"only {self.troel.partner}, who holds {self.troel.card}, joins the troel"
            return None
        if kind is CallKind.TROEL:
            return "troel is not bid: it is announced at once by a player with three or four aces"
        if kind is CallKind.PICCOLO and not self.settings.piccolo:
            return "piccolo is not played at this table (settings.piccolo is off)"
        if top is not None and call == top and kind in JOINABLE:
            return None  # joining a miserie or piccolo
        if kind is CallKind.ASK and top is not None and top.kind is CallKind.ASK:
            return f"{self.holders[0]} has already asked {top.suit}: join, pass or bid higher"
        if top is not None and call.rank() <= top.rank():
            return f"it does not beat the current bid {top}"
        return None

    # ------------------------------------------------------------------ the result

    @property
    def contract(self) -> Contract | None:
        """Return the contract once the auction is over, or None when the deal is thrown in."""
        if self.turn is not None:
            raise IllegalCall(f"the auction is not over: {self.turn} still has to call")
        top = self.top
        if top is None:
            return None
        left = seat_after(self.dealer)
        first = self.holders[0]
        if top.kind is CallKind.ASK:
            assert top.suit is not None
            if self.went_alone:
                return Contract(ContractKind.ALONE, (first,), top.suit, ALONE_TARGET, left)
            pair = tuple(self.holders)
            return Contract(ContractKind.ASK_JOIN, pair, top.suit, PAIR_TARGET, left)
        if top.kind is CallKind.TROEL:
            assert self.troel is not None
            t = self.troel
            return Contract(
                ContractKind.TROEL, (t.seat, t.partner), t.card.suit, PAIR_TARGET, t.partner, t.card
            )
        if top.kind is CallKind.ABONDANCE:
            assert top.level is not None
            leader = first if self.settings.abondance_declarer_leads else left
            return Contract(ContractKind.ABONDANCE, (first,), top.suit, top.level, leader)
        if top.kind is CallKind.SOLO:
            return Contract(ContractKind.SOLO, (first,), top.suit, 13, first)
        target = 1 if top.kind is CallKind.PICCOLO else 0
        return Contract(CONTRACT_OF[top.kind], tuple(self.holders), None, target, left)
