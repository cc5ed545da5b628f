"""Beyond: the Danish partnership game with three jokers, a downward auction and exact targets.

Public API (see ``docs/rules/beyond.md`` for the rules and where each comes from):
- ``BeyondSettings`` / ``DEFAULT_SETTINGS``: every variant setting;
- ``deal``, ``parse_deal``, ``legal_cards``, ``trick_winner``: cards and play rules;
- ``Auction``, ``AuctionResult``, ``parse_call``, ``make_bid``: the downward auction;
- ``Declarations``: the trick declarations after the auction;
- ``Play``, ``Trick``: playing a deal card by card;
- ``score_contract``, ``score_pass_round``, ``Match``: scoring and the score sheet;
- ``meaning_of``, ``explain_auction``: the basic bidding convention;
- ``choose_call``, ``choose_declaration``, ``choose_card``: the simple players;
- ``play_deal``, ``describe``: a whole simulated deal.
"""

from __future__ import annotations

from .auction import Auction, AuctionResult
from .calls import PASS, RAISE, RERAISE, Bid, Call, make_bid, parse_call
from .conventions import Meaning, explain_auction, meaning_of
from .declarations import Declarations
from .errors import (
    BeyondError,
    DealError,
    IllegalCallError,
    IllegalDeclarationError,
    IllegalPlayError,
)
from .match import Match, five_player_seating
from .play import Play, Trick
from .players import choose_call, choose_card, choose_declaration
from .rules import deal, legal_cards, parse_deal, trick_winner
from .scoring import DealScore, score_contract, score_pass_round
from .simulate import describe, play_deal
from .variants import DEFAULT_SETTINGS, BeyondPoints, BeyondSettings

__all__ = [
    "DEFAULT_SETTINGS",
    "PASS",
    "RAISE",
    "RERAISE",
    "Auction",
    "AuctionResult",
    "BeyondError",
    "BeyondPoints",
    "BeyondSettings",
    "Bid",
    "Call",
    "DealError",
    "DealScore",
    "Declarations",
    "IllegalCallError",
    "IllegalDeclarationError",
    "IllegalPlayError",
    "Match",
    "Meaning",
    "Play",
    "Trick",
    "choose_call",
    "choose_card",
    "choose_declaration",
    "deal",
    "describe",
    "explain_auction",
    "five_player_seating",
    "legal_cards",
    "make_bid",
    "meaning_of",
    "parse_call",
    "parse_deal",
    "play_deal",
    "score_contract",
    "score_pass_round",
    "trick_winner",
]
