"""Kleurenwiezen (Belgian colour whist): deal, auction, card play, scoring, simple players.

Public API:
- ``deal(seed, dealer)`` -> {seat: 13 cards}; ``check_hands``; ``find_troel``.
- ``Auction(dealer, hands, settings)``: ``turn``, ``legal_calls()``, ``apply(call)``,
  ``finished``, ``contract`` (a ``Contract``, or None when thrown in); ``parse_call``.
- ``Play(hands, contract)``: ``to_move``, ``legal_cards()``, ``play(card)``, ``tricks``,
  ``tricks_won()``, ``visible_hands()``; ``legal_cards`` and ``trick_winner`` as functions.
- ``score_deal(contract, tricks_won, settings, after_all_pass)`` -> ``DealScore``;
  ``ScoreSheet`` for a running score.
- ``WiezenSettings`` and ``PointsTable``: every variant and score value in one place.
- ``choose_call`` / ``choose_card``: the simple rule-based players.
"""

from __future__ import annotations

from games.wiezen.auction import Auction
from games.wiezen.calls import Call, CallKind, parse_call
from games.wiezen.contracts import Contract, ContractKind
from games.wiezen.errors import (
    CallError,
    DealError,
    IllegalCall,
    IllegalPlay,
    ScoreError,
    SettingsError,
    WiezenError,
)
from games.wiezen.play import Play, Trick
from games.wiezen.players import choose_call, choose_card
from games.wiezen.rules import check_hands, deal, find_troel, legal_cards, trick_winner
from games.wiezen.scoring import DealScore, ScoreSheet, score_deal
from games.wiezen.settings import DEFAULT_SETTINGS, PointsTable, WiezenSettings

__all__ = [
    "DEFAULT_SETTINGS",
    "Auction",
    "Call",
    "CallError",
    "CallKind",
    "Contract",
    "ContractKind",
    "DealError",
    "DealScore",
    "IllegalCall",
    "IllegalPlay",
    "Play",
    "PointsTable",
    "ScoreError",
    "ScoreSheet",
    "SettingsError",
    "Trick",
    "WiezenError",
    "WiezenSettings",
    "check_hands",
    "choose_call",
    "choose_card",
    "deal",
    "find_troel",
    "legal_cards",
    "parse_call",
    "score_deal",
    "trick_winner",
]
