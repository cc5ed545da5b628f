"""Play whole deals of 500 with the simple players and describe them as text.

``play_deal`` is the engine behind ``python -m games play five_hundred --seed N``. The dealer
rotates with the seed (seed 0 -> N, 1 -> E, ...), so consecutive seeds look like a session.
"""

from __future__ import annotations

from games.cards import FIVE_HUNDRED_DECK, SEATS, format_cards, sort_key
from games.five_hundred.auction import Auction
from games.five_hundred.card_player import SimplePlayer
from games.five_hundred.dealing import deal
from games.five_hundred.exchange import exchange
from games.five_hundred.play import Play
from games.five_hundred.players import SimpleBidder, choose_discards
from games.five_hundred.scoring import score_deal, thrown_in
from games.five_hundred.settings import DEFAULT_SETTINGS, FiveHundredSettings

GAME = "five_hundred"


def play_deal(seed: int, settings: FiveHundredSettings | None = None) -> dict[str, object]:
    """Deal from ``seed``, bid, exchange, play and score one deal; return a JSON-ready record."""
    settings = settings or DEFAULT_SETTINGS
    dealer = SEATS[seed % 4]
    dealt = deal(seed, dealer)
    record: dict[str, object] = {
        "game": GAME,
        "seed": seed,
        "dealer": dealer,
        "hands": {seat: format_cards(dealt.hands[seat]) for seat in SEATS},
        "extra": format_cards(dealt.kitty),
        "auction": [],
        "contract": None,
        "tricks": [],
        "score": thrown_in().as_dict(),
    }
    auction = Auction(dealer, settings)
    bidder = SimpleBidder(settings.bowers)
    while auction.to_move is not None:
        auction.call(bidder.choose_call(auction, dealt.hands[auction.to_move]))
    record["auction"] = auction.history()
    contract = auction.contract
    if contract is None:
        return record

    declarer = contract.declarer
    pool = [*dealt.hands[declarer], *dealt.kitty]
    discards = choose_discards(contract, pool, settings.bowers)
    hands = dict(dealt.hands)
    hands[declarer] = exchange(dealt.hands[declarer], dealt.kitty, discards)
    play = Play(contract, hands, settings)
    player = SimplePlayer()
    while play.to_move is not None:
        seat = play.to_move
        card, joker_suit = player.choose_card(play, seat)
        play.play(seat, card, joker_suit)

    described = contract.as_dict()
    described["discards"] = format_cards(discards)
    described["exposed"] = format_cards(play.exposed) if play.exposed is not None else None
    record["contract"] = described
    record["tricks"] = [trick.as_dict() for trick in play.tricks]
    record["score"] = score_deal(contract, play.declarer_tricks, settings).as_dict()
    return record


def describe(record: dict[str, object]) -> str:
    """Return a readable multi-line account of a ``play_deal`` record."""
    lines = [f"500, seed {record['seed']}, dealer {record['dealer']}"]
    hands = record["hands"]
    assert isinstance(hands, dict)
    for seat in SEATS:
        lines.append(f"  {seat}: {_sorted(str(hands[seat]))}")
    lines.append(f"  kitty: {record['extra']}")
    auction = record["auction"]
    assert isinstance(auction, list)
    lines.append("Auction: " + ", ".join(f"{c['seat']} {c['call']}" for c in auction))
    contract = record["contract"]
    if isinstance(contract, dict):
        lines.append(
            f"Contract: {contract['name']} by {contract['declarer']} "
            f"(worth {contract['value']}); discards {contract['discards']}"
        )
        if contract["sitting_out"]:
            lines.append(f"  {contract['sitting_out']} lays the hand down and sits out")
        if contract["exposed"]:
            lines.append(f"  exposed after trick 1: {contract['exposed']}")
        tricks = record["tricks"]
        assert isinstance(tricks, list)
        for number, trick in enumerate(tricks, start=1):
            named = f" (joker as {trick['joker_suit']})" if "joker_suit" in trick else ""
            cards = " ".join(trick["cards"])
            lines.append(
                f"  trick {number:2d}: {trick['leader']} leads {cards}{named} -> {trick['winner']}"
            )
    score = record["score"]
    assert isinstance(score, dict)
    lines.append(f"Score: NS {score['NS']:+d}, EW {score['EW']:+d}. {score['summary']}")
    return "\n".join(lines)


def _sorted(cards: str) -> str:
    return format_cards(sorted(FIVE_HUNDRED_DECK.parse_hand(cards), key=sort_key))
