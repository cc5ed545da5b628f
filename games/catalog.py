"""The four games the trainer teaches: their slugs, names and basic facts."""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import DECKS, Deck


@dataclass(frozen=True)
class GameInfo:
    """Facts about one game shown on the site and in the API."""

    slug: str
    name: str
    origin: str
    players: str
    hand_size: int
    summary: str

    @property
    def deck(self) -> Deck:
        return DECKS[self.slug]


GAMES: dict[str, GameInfo] = {
    info.slug: info
    for info in (
        GameInfo(
            "skat",
            "Skat",
            "Germany; rule text in Danish",
            "3 (one declarer against two)",
            10,
            "Bid by game value, take or leave the two-card skat, then win at least 61 of the "
            "120 card points as declarer, with the four jacks as top trumps.",
        ),
        GameInfo(
            "beyond",
            "Beyond",
            "Denmark",
            "4 in fixed partnerships (5 with rotation)",
            13,
            "A partnership game with three jokers and a downward auction: every player "
            "declares a trick count and a pair scores only when both partners hit exactly.",
        ),
        GameInfo(
            "five_hundred",
            "500",
            "Australian standard; rule text in Danish",
            "4 in fixed partnerships",
            10,
            "Bid 6 to 10 tricks in a strain (or misère), take the three-card kitty, and race "
            "to 500 points with the joker and the bowers as top trumps.",
        ),
        GameInfo(
            "wiezen",
            "Kleurenwiezen",
            "Belgium; rule text in Dutch",
            "4, partnerships formed by the auction",
            13,
            "Colour whist: ask and join for eight tricks, or bid alone, abondance, miserie, "
            "troel or solo; every deal is scored per player and sums to zero.",
        ),
    )
}

# (slug, name) pairs for Django model fields and forms.
GAME_CHOICES: list[tuple[str, str]] = [(info.slug, info.name) for info in GAMES.values()]
