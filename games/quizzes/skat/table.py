"""A Skat game in play, cut at a decision: hands, trick so far, tricks played, and its solving.

``Table`` is an immutable snapshot that can step one card at a time (for principal lines
and re-checks) and turn itself into a solver position. Values are always reported from the
declarer's side: card points the declarer ends with (tricks, skat and what is still to come),
or for null 1 when the declarer takes no trick at all; ``card_tricks`` counts the declarer's
tricks instead, for telling schwarz.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import Card
from games.skat.play import Play
from games.skat.rules import card_points, effective_suit, legal_cards, trick_winner
from games.solver import Objective, Position, layout_for, solve

Played = tuple[tuple[int, Card], ...]


@dataclass(frozen=True)
class Table:
    """One moment of a Skat game: who holds what, the current trick, and what came before."""

    game: str
    declarer: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    leader: int
    trick: tuple[Card, ...]
    history: tuple[Played, ...]
    winners: tuple[int, ...]
    skat: tuple[Card, ...]

    @classmethod
    def from_play(cls, play: Play) -> Table:
        """Return the snapshot of an engine ``Play`` in progress."""
        h = play.hands
        history = tuple(
            tuple((t.seat_of(i), c) for i, c in enumerate(t.cards)) for t in play.tricks
        )
        return cls(
            play.game,
            play.declarer,
            (tuple(h[0]), tuple(h[1]), tuple(h[2])),
            play.leader,
            tuple(play.current),
            history,
            tuple(t.winner for t in play.tricks),
            tuple(play.skat),
        )

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 3

    @property
    def tricks_left(self) -> int:
        """Return the tricks still to finish, the current one included."""
        return len(self.hands[self.leader]) + (1 if self.trick else 0)

    @property
    def finished(self) -> bool:
        return not any(self.hands)

    def legal(self) -> list[Card]:
        """Return the cards the seat to move may play."""
        led = self.trick[0] if self.trick else None
        return legal_cards(self.hands[self.to_move], led, self.game)

    def current(self) -> Played:
        """Return the current trick as (seat, card) pairs."""
        return tuple(((self.leader + i) % 3, c) for i, c in enumerate(self.trick))

    def play(self, card: Card) -> Table:
        """Return the table after the seat to move plays ``card`` (which must be legal)."""
        seat = self.to_move
        if card not in self.legal():
            raise ValueError(f"seat {seat} may not play {card} here")
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        trick = (*self.trick, card)
        new_hands = (hands[0], hands[1], hands[2])
        if len(trick) < 3:
            return Table(
                self.game,
                self.declarer,
                new_hands,
                self.leader,
                trick,
                self.history,
                self.winners,
                self.skat,
            )
        winner = (self.leader + trick_winner(trick, self.game)) % 3
        done = tuple(((self.leader + i) % 3, c) for i, c in enumerate(trick))
        return Table(
            self.game,
            self.declarer,
            new_hands,
            winner,
            (),
            (*self.history, done),
            (*self.winners, winner),
            self.skat,
        )

    def points_won(self, seat: int) -> int:
        """Return the card points ``seat`` has taken in finished tricks."""
        return sum(
            card_points(c for _, c in trick)
            for trick, won in zip(self.history, self.winners, strict=True)
            if won == seat
        )

    def declarer_points_so_far(self) -> int:
        """Return the declarer's card points from finished tricks plus the skat."""
        return self.points_won(self.declarer) + card_points(self.skat)

    def declarer_tricks(self) -> int:
        return sum(1 for w in self.winners if w == self.declarer)

    def voids(self) -> dict[int, set[str]]:
        """Return, per seat, the effective suits it has shown out of (failed to follow)."""
        out: dict[int, set[str]] = {0: set(), 1: set(), 2: set()}
        for trick in (*self.history, self.current()):
            if not trick:
                continue
            led = effective_suit(trick[0][1], self.game)
            for seat, card in trick[1:]:
                if effective_suit(card, self.game) != led:
                    out[seat].add(led)
        return out

    def with_hands(self, hands: Sequence[Sequence[Card]], skat: Sequence[Card]) -> Table:
        """Return the same moment with other (sampled) hands and skat."""
        return Table(
            self.game,
            self.declarer,
            (tuple(hands[0]), tuple(hands[1]), tuple(hands[2])),
            self.leader,
            self.trick,
            self.history,
            self.winners,
            tuple(skat),
        )

    # ----------------------------------------------------------------------- solving

    def position(self) -> Position:
        """Return the solver position from here."""
        return Position.build(layout_for("skat", self.game), self.hands, self.leader, self.trick)

    def objective(self) -> Objective:
        """Return the declarer's objective: card points, or no trick in null."""
        if self.game == "null":
            return Objective.misere(self.declarer)
        return Objective.points([self.declarer])

    def final(self, raw: int) -> int:
        """Turn a solver value from here into the declarer's end result (see module doc)."""
        if self.game == "null":
            return raw if self.declarer_tricks() == 0 else 0
        return self.declarer_points_so_far() + raw

    def card_values(self) -> dict[Card, int]:
        """Return the declarer's end result after each legal card, under best play after it."""
        result = solve(self.position(), self.objective(), "cards")
        assert result.cards is not None
        by_name = {str(c): c for c in self.hands[self.to_move]}
        return {by_name[name]: self.final(v) for name, v in result.cards.items()}

    def card_tricks(self) -> dict[Card, int]:
        """Return the tricks the declarer takes from here (this one included) after each legal
        card, under best play for tricks (to tell schwarz, which card points cannot)."""
        result = solve(self.position(), Objective.tricks([self.declarer]), "cards")
        assert result.cards is not None
        by_name = {str(c): c for c in self.hands[self.to_move]}
        return {by_name[name]: v for name, v in result.cards.items()}

    def value(self) -> int:
        """Return the declarer's end result under best play from here."""
        if self.finished:
            return self.final(0 if self.game != "null" else 1)
        return self.final(solve(self.position(), self.objective(), "value").value)


def principal_line(
    table: Table, card: Card, tricks: int = 2
) -> tuple[list[tuple[int, Card]], Table]:
    """Play ``card``, then best play to the end of the current trick and ``tricks - 1`` more.

    Each later card is one that keeps the solver's value for its player (the declarer
    maximises, defenders minimise); among equals the cheapest, weakest card is shown.
    Return the (seat, card) pairs played after ``card`` and the table where the line stops.
    """
    line: list[tuple[int, Card]] = []
    now = table.play(card)
    target = len(table.history) + tricks
    while not now.finished and len(now.history) < target:
        values = now.card_values()
        mover = now.to_move
        pick = max if mover == now.declarer else min
        best = pick(values.values())
        choices = [c for c, v in values.items() if v == best]
        chosen = min(choices, key=lambda c: (card_points([c]), c.rank == "J", str(c)))
        line.append((mover, chosen))
        now = now.play(chosen)
    return line, now
