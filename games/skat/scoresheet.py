"""The running score sheet of a Skat match: plain sums or Seeger-Fabian list scoring."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.skat.settings import DEFAULT_SETTINGS, SkatSettings

if TYPE_CHECKING:
    from games.skat.ramsch_scoring import RamschScore
    from games.skat.scoring import GameScore

LIST_BONUS = 50  # Seeger-Fabian: per won game, and taken off per lost game


@dataclass(frozen=True)
class SheetEntry:
    """One line of the score sheet: a played game, or a thrown-in deal (declarer None).

    A Ramsch deal also has no declarer; its game is "ramsch" and ``player_scores`` holds what
    it adds to each player's total (indexed by player, the sitting-out dealer scoring 0).
    """

    number: int
    dealer: int
    declarer: int | None
    game: str | None
    score: int
    player_scores: tuple[int, ...] = ()

    @property
    def won(self) -> bool | None:
        return None if self.declarer is None else self.score > 0


class ScoreSheet:
    """Keep the games of a match at a 3- or 4-player table (settings.table_size).

    Players are numbered 0..n-1 and the deal passes to the left: in deal k, player k mod n
    deals. At three players the dealer is rearhand; at four the dealer sits out.
    """

    def __init__(self, settings: SkatSettings = DEFAULT_SETTINGS) -> None:
        self.settings = settings
        self.players = settings.table_size
        self.entries: list[SheetEntry] = []

    @property
    def dealer(self) -> int:
        """Return the player who deals the next deal."""
        return len(self.entries) % self.players

    def seating(self) -> tuple[int, int, int]:
        """Return the players at forehand, middlehand and rearhand in the next deal."""
        first = self.dealer + 1
        seats = [(first + i) % self.players for i in range(3)]
        return seats[0], seats[1], seats[2]

    def record(self, declarer_seat: int | None, result: GameScore | None) -> SheetEntry:
        """Enter the next deal: a game (declarer's seat 0..2 and its score) or a throw-in."""
        if (declarer_seat is None) != (result is None):
            raise ValueError("give both the declarer's seat and the result, or neither")
        if declarer_seat is not None and declarer_seat not in (0, 1, 2):
            raise ValueError(f"bad seat {declarer_seat}: seats are 0, 1 and 2")
        declarer = None if declarer_seat is None else self.seating()[declarer_seat]
        entry = SheetEntry(
            len(self.entries) + 1,
            self.dealer,
            declarer,
            None if result is None else str(result.contract),
            0 if result is None else result.score,
        )
        self.entries.append(entry)
        return entry

    def record_ramsch(self, result: RamschScore) -> SheetEntry:
        """Enter the next deal as a Ramsch: each seat's score goes to the player sitting there."""
        scores = [0] * self.players
        for seat, player in enumerate(self.seating()):
            scores[player] = result.scores[seat]
        entry = SheetEntry(len(self.entries) + 1, self.dealer, None, "ramsch", 0, tuple(scores))
        self.entries.append(entry)
        return entry

    def games(self, player: int, won: bool) -> int:
        """Return how many games ``player`` declared and won (or lost)."""
        return sum(1 for e in self.entries if e.declarer == player and e.won is won)

    def totals(self) -> list[int]:
        """Return each player's total: the plain sum, plus list bonuses under Seeger-Fabian.

        Ramsch scores add in as they are; a Ramsch is no declared game, so it earns no list bonus.
        """
        totals = [0] * self.players
        for entry in self.entries:
            if entry.declarer is not None:
                totals[entry.declarer] += entry.score
            for player, score in enumerate(entry.player_scores):
                totals[player] += score
        if self.settings.scoring == "seeger_fabian":
            for player in range(self.players):
                won, lost = self.games(player, True), self.games(player, False)
                others_lost = sum(self.games(p, False) for p in range(self.players) if p != player)
                totals[player] += LIST_BONUS * (won - lost)
                totals[player] += self.settings.opponent_bonus * others_lost
        return totals


def deal_points(
    declarer: int | None, result: GameScore | None, settings: SkatSettings = DEFAULT_SETTINGS
) -> list[int]:
    """Return what one deal adds to each of the three seats' totals under ``settings``.

    At a four-player table the dealer sits out; a lost game's bonus to the dealer is not shown.
    """
    sheet = ScoreSheet(settings)
    entry_seats = sheet.seating()
    sheet.record(declarer, result)
    totals = sheet.totals()
    return [totals[player] for player in entry_seats]


def ramsch_deal_points(result: RamschScore, settings: SkatSettings = DEFAULT_SETTINGS) -> list[int]:
    """Return what one Ramsch deal adds to each of the three seats' totals under ``settings``."""
    sheet = ScoreSheet(settings)
    entry_seats = sheet.seating()
    sheet.record_ramsch(result)
    totals = sheet.totals()
    return [totals[player] for player in entry_seats]
