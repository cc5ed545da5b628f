"""Skat engine: deal, auction, declaration, card play, scoring and simple players.

Public entry points are re-exported here; see docs/rules/skat.md for the rules as built.
"""

from __future__ import annotations

from games.skat.auction import Auction, AuctionResult, parse_call
from games.skat.contract import Contract, parse_contract
from games.skat.declaring import Declaration, DeclaredGame
from games.skat.errors import IllegalCall, IllegalDeclaration, IllegalPlay, SettingsError, SkatError
from games.skat.play import Play, Trick
from games.skat.players import SimplePlayer
from games.skat.ramsch import RamschPlay
from games.skat.ramsch_scoring import RamschScore, score_ramsch
from games.skat.rules import Deal, card_points, deal, legal_cards, trick_winner
from games.skat.scoring import GameScore, ScoreSheet, score_game
from games.skat.settings import DEFAULT_SETTINGS, SkatSettings
from games.skat.values import bid_values, game_value, matadors

__all__ = [
    "DEFAULT_SETTINGS",
    "Auction",
    "AuctionResult",
    "Contract",
    "Deal",
    "Declaration",
    "DeclaredGame",
    "GameScore",
    "IllegalCall",
    "IllegalDeclaration",
    "IllegalPlay",
    "Play",
    "RamschPlay",
    "RamschScore",
    "ScoreSheet",
    "SettingsError",
    "SimplePlayer",
    "SkatError",
    "SkatSettings",
    "Trick",
    "bid_values",
    "card_points",
    "deal",
    "game_value",
    "legal_cards",
    "matadors",
    "parse_call",
    "parse_contract",
    "score_game",
    "score_ramsch",
    "trick_winner",
]
