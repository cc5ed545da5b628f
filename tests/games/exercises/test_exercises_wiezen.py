"""Kleurenwiezen checkpoint exercises and the Kleurenwiezen course files.

Every generator is run over many seeds: it must be deterministic, accept its right answer,
reject every wrong one, and agree with an independent check (a rule written out here, or the
engine's state classes driven call by call / card by card).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from games.cards import SEATS, WIEZEN_DECK, Card, parse_card, parse_pbn
from games.exercises import Exercise, ExerciseError, generate, load_all
from games.exercises import wiezen as wz
from games.wiezen import Auction, IllegalCall, legal_cards, parse_call, trick_winner

SEEDS = range(50)
NAMES = [
    "wiezen.trick_winner",
    "wiezen.legal_cards",
    "wiezen.legal_call",
    "wiezen.next_speaker",
    "wiezen.bid_order",
    "wiezen.troel",
    "wiezen.first_lead",
    "wiezen.contract_goal",
    "wiezen.score",
    "wiezen.multiplier",
]
CONTENT = Path(__file__).resolve().parents[3] / "lessons" / "content" / "wiezen"
RANK_ORDER = "23456789TJQKA"
NON_BIDS = {"pass", "join", "alone", "join troel"}


def exercises(name: str, params: dict[str, Any] | None = None) -> Iterator[Exercise]:
    for seed in SEEDS:
        yield generate(name, seed, params or {})


def diagram(ex: Exercise, kind: str) -> dict[str, Any]:
    return next(d for d in ex.diagrams if d["kind"] == kind)


def calls_of(ex: Exercise) -> list[tuple[str, str]]:
    return [(seat, call) for seat, call in diagram(ex, "auction")["calls"]]


def rebuild(auction: Auction, calls: list[tuple[str, str]]) -> Auction:
    """Replay the diagram's calls on a fresh auction (a troel is announced by the constructor)."""
    fresh = Auction(auction.dealer, auction.hands)
    start = 1 if fresh.troel is not None else 0
    for seat, call in calls[start:]:
        fresh.apply(call, seat)
    return fresh


# ---------------------------------------------------------------------------- all generators


def test_all_wiezen_generators_are_registered() -> None:
    registered = {n for n in load_all() if n.startswith("wiezen.")}
    assert registered == set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_generator_is_deterministic_per_seed(name: str) -> None:
    for seed in range(0, 50, 5):
        assert generate(name, seed) == generate(name, seed)
    shown = {(ex.prompt, ex.choices, str(ex.diagrams)) for ex in exercises(name)}
    assert len(shown) > 5


@pytest.mark.parametrize("name", NAMES)
def test_right_answer_is_accepted_and_every_wrong_one_rejected(name: str) -> None:
    for ex in exercises(name):
        assert ex.name == name
        assert ex.explanation
        keys = [c.key for c in ex.choices]
        if ex.multiple:
            assert ex.check(sorted(ex.answers)).correct
            for key in keys:
                flipped = set(ex.answers) ^ {key}
                assert not ex.check(sorted(flipped)).correct
        else:
            assert len(ex.answers) == 1
            assert 3 <= len(keys) <= 5
            assert ex.check(next(iter(ex.answers))).correct
            for key in set(keys) - ex.answers:
                assert not ex.check(key).correct


@pytest.mark.parametrize("name", NAMES)
def test_diagram_cards_are_wiezen_cards(name: str) -> None:
    for ex in exercises(name):
        for d in ex.diagrams:
            assert d["game"] == "wiezen"
            tokens: list[str] = []
            if d["kind"] == "hand":
                tokens = d["cards"]
            elif d["kind"] == "trick":
                tokens = [card for _, card in d["plays"]]
            elif d["kind"] == "deal":
                tokens = [c for hand in d["hands"].values() for c in hand]
            for token in tokens:
                assert parse_card(token, WIEZEN_DECK)


def test_unknown_contract_kind_is_refused_with_its_name() -> None:
    with pytest.raises(ExerciseError, match="'bridge'"):
        generate("wiezen.score", 1, {"kinds": ["bridge"]})


def test_bad_trump_param_is_refused() -> None:
    with pytest.raises(ExerciseError, match="trump 'Z'"):
        generate("wiezen.trick_winner", 1, {"trump": "Z"})


# ---------------------------------------------------------------------------- card play


def highest_wins(cards: list[Card], trump: str | None) -> int:
    """Return the winning index by the plain rule: highest trump, else highest of the led suit."""
    trumps = [i for i, c in enumerate(cards) if c.suit == trump]
    pool = trumps or [i for i, c in enumerate(cards) if c.suit == cards[0].suit]
    return max(pool, key=lambda i: RANK_ORDER.index(cards[i].rank))


def trump_of(d: dict[str, Any]) -> str | None:
    names = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
    return names[d["trump"]] if "trump" in d else None


@pytest.mark.parametrize("trump", ["random", "none", "H"])
def test_trick_winner_agrees_with_the_plain_rule_and_the_engine(trump: str) -> None:
    for ex in exercises("wiezen.trick_winner", {"trump": trump}):
        d = diagram(ex, "trick")
        cards = [parse_card(c) for _, c in d["plays"]]
        index = highest_wins(cards, trump_of(d))
        assert trick_winner(cards, trump_of(d)) == index
        assert ex.answers == {str(cards[index])}
        if trump == "none":
            assert "trump" not in d


def test_trick_winner_often_shows_a_trick_with_a_discard_or_trump() -> None:
    mixed = 0
    for ex in exercises("wiezen.trick_winner"):
        cards = [c for _, c in diagram(ex, "trick")["plays"]]
        mixed += any(c[0] != cards[0][0] for c in cards)
    assert mixed >= 20


def test_legal_cards_are_the_suit_led_when_held_else_the_whole_hand() -> None:
    void_seen = follow_seen = 0
    for ex in exercises("wiezen.legal_cards"):
        hand = [parse_card(c) for c in diagram(ex, "hand")["cards"]]
        led = diagram(ex, "trick")["plays"][0][1][0]
        following = {str(c) for c in hand if c.suit == led}
        expected = following or {str(c) for c in hand}
        assert ex.answers == expected
        assert {str(c) for c in legal_cards(hand, led)} == expected
        assert ex.multiple
        assert {c.key for c in ex.choices} == {str(c) for c in hand}
        void_seen += not following
        follow_seen += bool(following)
    assert void_seen and follow_seen


# ---------------------------------------------------------------------------- auction


def test_legal_call_answer_is_accepted_by_the_auction_and_the_others_refused() -> None:
    for seed in SEEDS:
        ex = generate("wiezen.legal_call", seed)
        _, auction = wz.call_position(seed)
        assert auction.turn is not None
        for choice in ex.choices:
            fresh = rebuild(auction, calls_of(ex))
            if choice.key in ex.answers:
                fresh.apply(parse_call(choice.key), auction.turn)
            else:
                with pytest.raises(IllegalCall):
                    fresh.apply(parse_call(choice.key), auction.turn)


def test_next_speaker_matches_the_replayed_auction_and_never_a_passed_seat() -> None:
    overs = 0
    for seed in SEEDS:
        ex = generate("wiezen.next_speaker", seed)
        _, auction = wz.speaker_position(seed)
        calls = calls_of(ex)
        fresh = rebuild(auction, calls)
        (answer,) = ex.answers
        assert answer == (fresh.turn or wz.OVER)
        passed = {seat for seat, call in calls if call == "pass"}
        assert answer not in passed
        overs += answer == wz.OVER
    assert 0 < overs < len(SEEDS)


LADDER = ["ask", "abondance", "miserie", "troel", "open miserie", "solo"]


def ladder_key(bid: str) -> tuple[int, int, int]:
    """Rank a bid by the course's ladder: kind, then level, then suit (S < C < D < H)."""
    words = bid.split()
    kind = "open miserie" if bid == "open miserie" else words[0]
    level = int(words[1]) if kind == "abondance" else 0
    suit = "SCDH".index(words[-1]) if kind in ("ask", "abondance", "solo") else 0
    return LADDER.index(kind), level, suit


@pytest.mark.parametrize("pool", ["all", "special", "abondance"])
def test_bid_order_answer_is_the_top_of_the_ladder(pool: str) -> None:
    for ex in exercises("wiezen.bid_order", {"pool": pool}):
        keys = [c.key for c in ex.choices]
        assert ex.answers == {max(keys, key=ladder_key)}
        if pool != "all":
            assert not any(k.startswith("ask") for k in keys)


# ---------------------------------------------------------------------------- troel and leads


def aces_rule(hands: dict[str, list[Card]]) -> tuple[str, str, str]:
    """Return (troel player, partner, trump suit) by the text's rule, worked out by hand."""
    holder = next(s for s in SEATS if sum(c.rank == "A" for c in hands[s]) >= 3)
    aces = [c for c in hands[holder] if c.rank == "A"]
    if len(aces) == 3:
        called = next(Card(s, "A") for s in "SHDC" if Card(s, "A") not in aces)
    else:
        hearts = [Card("H", r) for r in reversed(RANK_ORDER)]
        called = next(c for c in hearts if c not in hands[holder])
    partner = next(s for s in SEATS if called in hands[s])
    return holder, partner, called.suit


@pytest.mark.parametrize("aces", [3, 4])
def test_troel_partner_and_trumps_match_the_rule_and_the_played_auction(aces: int) -> None:
    for ex in exercises("wiezen.troel", {"aces": aces}):
        deal = diagram(ex, "deal")
        hands = {s: [parse_card(c) for c in deal["hands"][s]] for s in SEATS}
        holder, partner, suit = aces_rule(hands)
        assert ex.answers == {f"{partner}:{suit}"}
        if aces == 4:
            assert suit == "H"
        auction = Auction("N", hands)
        while not auction.finished:
            auction.apply("join troel" if auction.turn == partner else "pass")
        contract = auction.contract
        assert contract is not None
        assert contract.declarers == (holder, partner)
        assert contract.trump == suit
        assert contract.first_leader == partner


def expected_leader(calls: list[tuple[str, str]], dealer: str, declarer_leads: bool) -> str:
    bids = [(seat, call) for seat, call in calls if call not in NON_BIDS]
    seat, first = bids[0]
    if first.startswith("troel"):
        return next(s for s, c in calls if c == "join troel")
    if first.startswith("solo") or (first.startswith("abondance") and declarer_leads):
        return seat
    return SEATS[(SEATS.index(dealer) + 1) % 4]


@pytest.mark.parametrize("declarer_leads", [True, False])
def test_first_lead_follows_the_contract_rules(declarer_leads: bool) -> None:
    params = {"abondance_declarer_leads": declarer_leads}
    kinds_seen = set()
    for ex in exercises("wiezen.first_lead", params):
        d = diagram(ex, "auction")
        calls = calls_of(ex)
        assert ex.answers == {expected_leader(calls, d["dealer"], declarer_leads)}
        kinds_seen.add(next(c for _, c in calls if c not in NON_BIDS).split()[0])
    assert {"ask", "troel", "solo", "abondance", "miserie"} <= kinds_seen


def expected_goal(calls: list[tuple[str, str]]) -> str:
    first = next(c for _, c in calls if c not in NON_BIDS)
    kind = first.split()[0]
    if kind == "ask":
        return "atleast:5" if any(c == "alone" for _, c in calls) else "atleast:8"
    if kind == "troel":
        return "atleast:8"
    if kind == "abondance":
        return f"atleast:{first.split()[1]}"
    if kind == "solo":
        return "atleast:13"
    return "exactly:0"


def test_contract_goal_matches_the_winning_bid() -> None:
    for ex in exercises("wiezen.contract_goal"):
        assert ex.answers == {expected_goal(calls_of(ex))}


# ---------------------------------------------------------------------------- scoring


def doublers(kind: str, side: int, after_all_pass: bool) -> int:
    trump_contract = kind in ("ask_join", "alone", "troel")
    return (kind == "troel") + (trump_contract and side == 13) + after_all_pass


def table_points(position: wz.ScorePosition) -> dict[str, int]:
    """Score a deal from the default points table as DECISIONS.md words it, worked by hand."""
    contract, tricks = position.contract, position.tricks
    kind = contract.kind.value
    side = sum(tricks[s] for s in contract.declarers)
    points = dict.fromkeys(SEATS, 0)

    def one_vs_three(seat: str, value: int) -> None:
        for other in SEATS:
            points[other] += value if other == seat else -value // 3

    if kind in ("ask_join", "troel"):
        value = 2 + abs(side - 8)
        for s in SEATS:
            points[s] += (value if s in contract.declarers else -value) * (1 if side >= 8 else -1)
    elif kind == "alone":
        value = 3 + 3 * abs(side - 5)
        one_vs_three(contract.declarers[0], value if side >= 5 else -value)
    elif kind in ("abondance", "solo"):
        value = 9 if kind == "abondance" else 45
        one_vs_three(contract.declarers[0], value if side >= contract.target else -value)
    else:
        value = 15 if kind == "miserie" else 30
        for seat in contract.declarers:
            one_vs_three(seat, value if tricks[seat] == 0 else -value)
    factor = min(1 + doublers(kind, side, position.after_all_pass), 3)
    return {s: p * factor for s, p in points.items()}


def asked_seat(ex: Exercise) -> str:
    match = re.search(r"How many points does ([NESW]) score", ex.prompt)
    assert match, ex.prompt
    return match.group(1)


def test_score_matches_the_points_table_worked_by_hand() -> None:
    for seed in range(120):
        ex = generate("wiezen.score", seed)
        _, position = wz.score_position(seed, {})
        expected = table_points(position)
        assert sum(expected.values()) == 0
        assert ex.answers == {str(expected[asked_seat(ex)])}


@pytest.mark.parametrize("kind", wz.KINDS)
def test_score_can_be_limited_to_one_contract_kind(kind: str) -> None:
    for seed in range(15):
        _, position = wz.score_position(seed, {"kinds": [kind]})
        assert position.contract.kind.value == kind
        ex = generate("wiezen.score", seed, {"kinds": [kind]})
        assert ex.answers == {str(table_points(position)[asked_seat(ex)])}


@pytest.mark.parametrize("cap", [3, None])
def test_multiplier_counts_doublers_with_the_cap(cap: int | None) -> None:
    seen = set()
    for seed in SEEDS:
        ex = generate("wiezen.multiplier", seed, {"cap": cap})
        _, contract, tricks, after = wz.multiplier_position(seed, {"cap": cap})
        side = sum(tricks[s] for s in contract.declarers)
        factor = 1 + doublers(contract.kind.value, side, after)
        if cap is not None:
            factor = min(factor, cap)
        assert ex.answers == {f"x{factor}"}
        seen.add(factor)
    assert {1, 2, 3} <= seen


# ---------------------------------------------------------------------------- course files


def lesson_files() -> list[Path]:
    return sorted(CONTENT.glob("[0-9][0-9]-*.md"))


def front_matter(path: Path) -> tuple[dict[str, Any], str]:
    text = path.read_text(encoding="utf-8")
    match = re.match(r"---\n(.*?)\n---\n(.*)", text, re.S)
    assert match, f"{path.name}: no front matter"
    return yaml.safe_load(match.group(1)), match.group(2)


def anchor(heading: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


def test_course_has_eight_to_ten_lessons_in_order() -> None:
    files = lesson_files()
    assert 8 <= len(files) <= 10
    assert [int(f.name[:2]) for f in files] == list(range(1, len(files) + 1))


@pytest.mark.parametrize("path", lesson_files(), ids=lambda p: p.name)
def test_lesson_front_matter_is_complete(path: Path) -> None:
    meta, body = front_matter(path)
    assert meta["title"] and meta["summary"]
    assert len(meta["sources"]) >= 1
    assert len(meta["checkpoints"]) >= 3
    words = len(re.sub(r"```.*?```", "", body, flags=re.S).split())
    assert 400 <= words <= 1200, f"{path.name}: {words} words"
    anchors = {anchor(h) for h in re.findall(r"^#+ (.+)$", body, re.M)}
    for checkpoint in meta["checkpoints"]:
        params = checkpoint.get("params") or {}
        for seed in range(5):
            generate(checkpoint["exercise"], seed, params)
        if "section" in checkpoint:
            assert checkpoint["section"] in anchors, f"{path.name}: {checkpoint['section']}"


def diagram_blocks(body: str) -> list[tuple[str, str, str]]:
    pattern = r"^```(hand|trick|deal|auction) (\w+)([^\n]*)\n(.*?)^```"
    return [(k, g, content) for k, g, _, content in re.findall(pattern, body, re.M | re.S)]


@pytest.mark.parametrize("path", lesson_files(), ids=lambda p: p.name)
def test_lesson_diagram_cards_are_in_the_wiezen_deck(path: Path) -> None:
    _, body = front_matter(path)
    for kind, game, content in diagram_blocks(body):
        assert game == "wiezen", f"{path.name}: a {game} diagram"
        lines = [line.strip() for line in content.strip().splitlines() if line.strip()]
        if kind == "hand":
            WIEZEN_DECK.parse_hand(" ".join(lines))
        elif kind == "trick":
            for line in lines:
                seat, card = line.split(":")
                assert seat.strip() in SEATS
                parse_card(card, WIEZEN_DECK)
        elif kind == "deal":
            if len(lines) == 1 and lines[0][1] == ":" and "." in lines[0]:
                assert len(parse_pbn(lines[0], WIEZEN_DECK, 13)) == 4
            else:
                cards = [t for line in lines for t in line.split(":", 1)[1].split()]
                assert len(set(WIEZEN_DECK.parse_hand(cards))) == len(cards)
        else:
            for line in lines:
                seat, call = line.split(":", 1)
                assert seat.strip() in SEATS
                parse_call(call)


def test_glossary_pairs_dutch_terms_with_english_ones() -> None:
    entries = yaml.safe_load((CONTENT / "glossary.yaml").read_text(encoding="utf-8"))
    for entry in entries:
        assert entry["english"] and entry["original"] and entry["meaning"]
        assert entry["language"] == "nl"
    originals = {e["original"].lower() for e in entries}
    for term in ("vragen", "meegaan", "troel", "abondance", "miserie", "solo", "troef", "slag"):
        assert any(term in o for o in originals), term
