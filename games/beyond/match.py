"""A Beyond match and its running score sheet, for four players or five in rotation.

From ``beyond.da.txt`` (opening paragraph) and DECISIONS.md: a match is four deals; partners
sit opposite; with five players one sits out each deal and partners change every deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import SEATS

from .errors import BeyondError
from .scoring import DealScore
from .seats import check_seat, next_seat
from .variants import DEFAULT_SETTINGS, BeyondSettings


def five_player_seating(players: Sequence[str], deal_index: int) -> tuple[dict[str, str], str]:
    """Return ({seat: player}, player sitting out) for deal ``deal_index`` of five players.

    Player k sits out deal k (mod 5); of the other four, k+1 partners k+4 (N-S) and k+2
    partners k+3 (E-W). Over five deals every player sits out once and every two players are
    partners exactly once, so partners change every deal.
    """
    if len(players) != 5:
        raise BeyondError(f"five-player rotation needs 5 players, got {len(players)}")
    k = deal_index % 5
    pick = [players[(k + step) % 5] for step in (1, 2, 4, 3)]  # N, E, S, W
    return dict(zip(SEATS, pick, strict=True)), players[k]


class Match:
    """A score sheet: who sits where each deal, points per player per deal, and totals."""

    def __init__(
        self,
        players: Sequence[str],
        settings: BeyondSettings | None = None,
        first_dealer: str = "N",
    ) -> None:
        if len(players) not in (4, 5):
            raise BeyondError(f"a Beyond match needs 4 or 5 players, got {len(players)}")
        if len(set(players)) != len(players):
            raise BeyondError(f"player names must differ: {list(players)}")
        self.players = list(players)
        self.settings = settings or DEFAULT_SETTINGS
        self.first_dealer = check_seat(first_dealer)
        self.rows: list[dict[str, int]] = []

    @property
    def deal_index(self) -> int:
        """Return the number of the next deal to play (0-based)."""
        return len(self.rows)

    @property
    def is_finished(self) -> bool:
        return len(self.rows) >= self.settings.deals_per_match

    def seating(self, deal_index: int | None = None) -> dict[str, str]:
        """Return {seat: player} for a deal (the next one by default)."""
        k = self.deal_index if deal_index is None else deal_index
        if len(self.players) == 5:
            return five_player_seating(self.players, k)[0]
        return dict(zip(SEATS, self.players, strict=True))

    def sitting_out(self, deal_index: int | None = None) -> str | None:
        """Return the player who sits out a deal, or None at a four-player table."""
        k = self.deal_index if deal_index is None else deal_index
        return five_player_seating(self.players, k)[1] if len(self.players) == 5 else None

    def dealer(self, deal_index: int | None = None) -> str:
        """Return the dealer's seat: the deal passes one seat to the left every deal."""
        k = self.deal_index if deal_index is None else deal_index
        return next_seat(self.first_dealer, k)

    def record(self, score: DealScore) -> dict[str, int]:
        """Add a deal's score under the players seated for it; return that row."""
        if self.is_finished:
            raise BeyondError(f"the match is over after {self.settings.deals_per_match} deals")
        seating = self.seating()
        row = dict.fromkeys(self.players, 0)
        for seat, player in seating.items():
            row[player] = score.points[seat]
        self.rows.append(row)
        return row

    def totals(self) -> dict[str, int]:
        """Return each player's points so far."""
        return {p: sum(row[p] for row in self.rows) for p in self.players}

    def leaders(self) -> list[str]:
        """Return the player(s) with the most points so far."""
        totals = self.totals()
        best = max(totals.values())
        return [p for p in self.players if totals[p] == best]
