"""The declared game: type (a suit, grand or null) and the hand/schneider/schwarz/ouvert flags."""

from __future__ import annotations

from dataclasses import dataclass

from games.skat.errors import IllegalDeclaration

# Suit games by trump suit letter, in rising base value; grand and null have no trump suit.
SUIT_GAMES = {"diamonds": "D", "hearts": "H", "spades": "S", "clubs": "C"}
GAME_TYPES = (*SUIT_GAMES, "grand", "null")
FLAG_WORDS = ("hand", "schneider", "schwarz", "ouvert")


@dataclass(frozen=True)
class Contract:
    """Describe a declared Skat game; announcements that imply others are filled in.

    Announcing schwarz includes announcing schneider, and a suit or grand ouvert includes
    announcing schwarz (DECISIONS.md). Announcements, and so suit/grand ouvert, are allowed
    only in hand games; null has no announcements but may be hand and/or ouvert.
    """

    game: str
    hand: bool = False
    schneider_announced: bool = False
    schwarz_announced: bool = False
    ouvert: bool = False

    def __post_init__(self) -> None:
        if self.game not in GAME_TYPES:
            raise IllegalDeclaration(
                f"unknown game {self.game!r}: expected one of {', '.join(GAME_TYPES)}"
            )
        if self.game == "null":
            if self.schneider_announced or self.schwarz_announced:
                raise IllegalDeclaration("null cannot announce schneider or schwarz")
            return
        if self.ouvert:
            object.__setattr__(self, "schwarz_announced", True)
        if self.schwarz_announced:
            object.__setattr__(self, "schneider_announced", True)
        if self.schneider_announced and not self.hand:
            what = "ouvert" if self.ouvert else "schwarz" if self.schwarz_announced else "schneider"
            raise IllegalDeclaration(
                f"{self.game} {what} needs a hand game: announcing is allowed only without "
                "picking up the skat"
            )

    @property
    def trump_suit(self) -> str | None:
        """Return the trump suit letter of a suit game, else None (jacks are trumps anyway)."""
        return SUIT_GAMES.get(self.game)

    @property
    def is_null(self) -> bool:
        return self.game == "null"

    def __str__(self) -> str:
        words = [self.game]
        if self.hand:
            words.append("hand")
        if self.ouvert:
            words.append("ouvert")
        elif self.schwarz_announced:
            words.append("schwarz")
        elif self.schneider_announced:
            words.append("schneider")
        return " ".join(words)


def parse_contract(text: str) -> Contract:
    """Read a game like 'clubs', 'grand hand schwarz' or 'null ouvert hand'."""
    words = text.lower().replace(",", " ").split()
    if not words:
        raise IllegalDeclaration("empty game: name clubs, spades, hearts, diamonds, grand or null")
    game, flags = words[0], words[1:]
    for word in flags:
        if word not in FLAG_WORDS:
            raise IllegalDeclaration(
                f"bad word {word!r} in game {text!r}: expected {', '.join(FLAG_WORDS)}"
            )
    for word in set(flags):
        if flags.count(word) > 1:
            raise IllegalDeclaration(f"{word!r} given twice in game {text!r}")
    return Contract(
        game,
        hand="hand" in flags,
        schneider_announced="schneider" in flags,
        schwarz_announced="schwarz" in flags,
        ouvert="ouvert" in flags,
    )
