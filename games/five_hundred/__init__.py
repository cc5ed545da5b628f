"""500 (Five Hundred): deal, auction, kitty exchange, card play, scoring and simple players.

Built from rules/five-hundred.da.txt and the 500 section of rules/DECISIONS.md; the rules as
implemented, with their sources, are in docs/rules/five_hundred.md.
"""

from __future__ import annotations

from games.five_hundred.auction import Auction, run_auction
from games.five_hundred.calls import LADDER, PASS, Call, parse_call
from games.five_hundred.card_player import SimplePlayer
from games.five_hundred.contract import Contract
from games.five_hundred.dealing import Deal, deal, parse_deal
from games.five_hundred.errors import (
    FiveHundredError,
    IllegalCall,
    IllegalDiscard,
    IllegalPlay,
    MatchOver,
)
from games.five_hundred.exchange import exchange
from games.five_hundred.match import ScoreSheet
from games.five_hundred.play import Play, Trick
from games.five_hundred.players import SimpleBidder, choose_discards
from games.five_hundred.rules import CardOrder, legal_cards, trick_winner
from games.five_hundred.scoring import DealScore, score_deal
from games.five_hundred.settings import FiveHundredSettings
from games.five_hundred.simulate import describe, play_deal

__all__ = [
    "LADDER",
    "PASS",
    "Auction",
    "Call",
    "CardOrder",
    "Contract",
    "Deal",
    "DealScore",
    "FiveHundredError",
    "FiveHundredSettings",
    "IllegalCall",
    "IllegalDiscard",
    "IllegalPlay",
    "MatchOver",
    "Play",
    "ScoreSheet",
    "SimpleBidder",
    "SimplePlayer",
    "Trick",
    "choose_discards",
    "deal",
    "describe",
    "exchange",
    "legal_cards",
    "parse_call",
    "parse_deal",
    "play_deal",
    "run_auction",
    "score_deal",
    "trick_winner",
]
