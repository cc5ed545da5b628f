"""Play one whole Skat deal with the simple players and describe it (for the shared CLI)."""

from __future__ import annotations

from typing import Any

from games.cards import format_cards
from games.skat.auction import Auction
from games.skat.declaring import Declaration, DeclaredGame
from games.skat.play import Play, Trick
from games.skat.players import SimplePlayer
from games.skat.ramsch import RamschPlay
from games.skat.ramsch_scoring import score_ramsch
from games.skat.ramsch_tactics import choose_ramsch_card
from games.skat.rules import SEAT_NAMES, SEATS, Deal, deal
from games.skat.scoring import GameScore, deal_points, ramsch_deal_points, score_game
from games.skat.settings import DEFAULT_SETTINGS, SkatSettings


def _contract_record(game: DeclaredGame) -> dict[str, Any]:
    contract = game.contract
    return {
        "name": str(contract),
        "game": contract.game,
        "declarer": game.declarer,
        "defenders": list(game.defenders),
        "bid": game.bid,
        "trump": contract.trump_suit,
        "hand": contract.hand,
        "schneider_announced": contract.schneider_announced,
        "schwarz_announced": contract.schwarz_announced,
        "ouvert": contract.ouvert,
        "discard": None if contract.hand else format_cards(game.skat),
    }


def _score_record(result: GameScore, points: list[int]) -> dict[str, Any]:
    return {
        "declarer_points": result.declarer_points,
        "defender_points": result.defender_points,
        "declarer_tricks": result.declarer_tricks,
        "matadors": None if result.contract.is_null else result.matadors,
        "schneider": result.schneider,
        "schwarz": result.schwarz,
        "overbid": result.overbid,
        "won": result.won,
        "game_value": result.value,
        "points": {str(s): points[s] for s in SEATS},
        "summary": result.summary(),
    }


def _trick_record(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader, "cards": [str(c) for c in trick.cards], "winner": trick.winner}


def _play_ramsch(cards: Deal, record: dict[str, Any], settings: SkatSettings) -> dict[str, Any]:
    """Play the deal out as a Ramsch and fill in the record's contract, tricks and score."""
    play = RamschPlay(cards.hands, cards.skat, leader=0)
    while (seat := play.to_move) is not None:
        trick = play.play(choose_ramsch_card(play), seat)
        if trick is not None:
            record["tricks"].append(_trick_record(trick))
    result = score_ramsch([play.points(s) for s in SEATS], [play.tricks_won(s) for s in SEATS])
    record["contract"] = {
        "name": "ramsch",
        "game": "ramsch",
        "declarer": None,
        "bid": 0,
        "skat_to": play.skat_taker,
    }
    points = ramsch_deal_points(result, settings)
    record["score"] = {
        "card_points": {str(s): result.points[s] for s in SEATS},
        "tricks_won": {str(s): result.tricks[s] for s in SEATS},
        "losers": list(result.losers),
        "jungfrau": list(result.jungfrau),
        "durchmarsch": result.durchmarsch,
        "points": {str(s): points[s] for s in SEATS},
        "summary": result.summary(),
    }
    return record


def play_deal(seed: int, settings: SkatSettings | None = None) -> dict[str, Any]:
    """Deal from ``seed``, run the auction, declaration and play, and return the record."""
    settings = settings or DEFAULT_SETTINGS
    cards = deal(seed)
    players = [SimplePlayer(settings) for _ in SEATS]
    record: dict[str, Any] = {
        "game": "skat",
        "seed": seed,
        "dealer": cards.dealer,
        "hands": {str(s): format_cards(cards.hands[s]) for s in SEATS},
        "extra": format_cards(cards.skat),
        "auction": [],
        "contract": None,
        "tricks": [],
    }
    auction = Auction(settings)
    while (seat := auction.to_move) is not None:
        call = players[seat].call(auction, cards.hands[seat])
        auction.call(call, seat)
        record["auction"].append({"seat": seat, "call": call})
    result = auction.result
    if (result is None or result.declarer is None) and settings.all_pass == "ramsch":
        return _play_ramsch(cards, record, settings)
    if result is None or result.declarer is None:
        record["score"] = {
            "points": {str(s): 0 for s in SEATS},
            "summary": "all passed: the deal is thrown in",
        }
        return record
    declarer = result.declarer
    declaration = Declaration(declarer, result.bid, cards.hands[declarer], cards.skat)
    game = players[declarer].declare(declaration)
    record["contract"] = _contract_record(game)
    hands = [list(game.hand) if s == declarer else list(cards.hands[s]) for s in SEATS]
    play = Play(game.contract.game, hands, declarer, leader=0, skat=game.skat)
    while (seat := play.to_move) is not None:
        trick = play.play(players[seat].card(play), seat)
        if trick is not None:
            record["tricks"].append(_trick_record(trick))
    score = score_game(
        game.contract,
        game.bid,
        game.matador_cards,
        play.declarer_points,
        play.declarer_tricks,
        settings,
    )
    record["score"] = _score_record(score, deal_points(declarer, score, settings))
    return record


def describe(record: dict[str, Any]) -> str:
    """Return the record as readable lines: hands, auction, declaration, tricks, score."""
    lines = [f"Skat deal, seed {record['seed']} (dealer: seat {record['dealer']})"]
    for seat, hand in record["hands"].items():
        lines.append(f"  {SEAT_NAMES[int(seat)]:<10} (seat {seat}): {hand}")
    lines.append(f"  skat: {record['extra']}")
    lines.append("Auction:")
    for step in record["auction"]:
        lines.append(f"  {SEAT_NAMES[step['seat']]}: {step['call']}")
    contract = record["contract"]
    if contract is None:
        lines.append(f"Result: {record['score']['summary']}")
        return "\n".join(lines)
    if contract["game"] == "ramsch":
        lines.append("All passed: Ramsch, everyone for themselves, jacks are trumps")
    else:
        taken = "played hand" if contract["hand"] else f"picked up, laid away {contract['discard']}"
        lines.append(
            f"Declarer: {SEAT_NAMES[contract['declarer']]} at {contract['bid']}, {taken}; "
            f"game: {contract['name']}"
        )
    lines.append("Play:")
    for number, trick in enumerate(record["tricks"], start=1):
        cards = " ".join(trick["cards"])
        lines.append(
            f"  {number:>2}. {SEAT_NAMES[trick['leader']]} leads: {cards} "
            f"-> {SEAT_NAMES[trick['winner']]}"
        )
    score = record["score"]
    lines.append(f"Score: {score['summary']}")
    points = ", ".join(f"{SEAT_NAMES[int(s)]} {p:+d}" for s, p in score["points"].items())
    lines.append(f"  points: {points}")
    return "\n".join(lines)
