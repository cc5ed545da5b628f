"""Beyond checkpoint exercises and the Beyond course files, checked against the engine.

Every generator is run over many seeds: it must be deterministic, accept its right answer,
reject every wrong choice, and agree with the engine when the question is rebuilt from what
the learner sees (the diagrams and the prompt). The lesson files are checked for their
front matter, checkpoints, card diagrams and auctions.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from games.beyond import (
    Auction,
    AuctionResult,
    BeyondSettings,
    Declarations,
    IllegalCallError,
    Play,
    legal_cards,
    meaning_of,
    parse_call,
    score_contract,
    score_pass_round,
    trick_winner,
)
from games.beyond.calls import STRAIN_NAMES, Bid
from games.beyond.seats import partner
from games.cards import BEYOND_DECK, SEATS, Card, parse_card, parse_pbn
from games.exercises import Exercise, ExerciseError, generate, load_all

ROOT = Path(__file__).resolve().parents[3]
CONTENT = ROOT / "lessons" / "content" / "beyond"
SEEDS = range(40)
SEAT_OF = {"North": "N", "East": "E", "South": "S", "West": "W"}
STRAIN_OF = {name: letter for letter, name in STRAIN_NAMES.items()}
TRUMP_OF = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C", "no trumps": None}

VARIANTS: dict[str, list[dict[str, Any]]] = {
    "beyond.deck_card": [{}, {"question": "count"}],
    "beyond.turn_order": [
        {"ask": "partner"},
        {"ask": "first_call"},
        {"ask": "first_lead"},
        {"ask": "last_declaration"},
        {"ask": "last_declaration", "settings": {"declaration_start": "dealer"}},
    ],
    "beyond.trick_winner": [
        {},
        {"joker": "none", "trump": "suit"},
        {"joker": "none", "trump": "none"},
        {"joker": "lead"},
        {"joker": "follow"},
    ],
    "beyond.legal_cards": [
        {},
        {"situation": "joker"},
        {"situation": "lock"},
        {"situation": "joker", "settings": {"joker_any_time": False}},
    ],
    "beyond.legal_call": [{}, {"focus": "bids"}, {"focus": "raise"}],
    "beyond.auction_result": [{}, {"raises": True}, {"pass_round": 0.5}],
    "beyond.call_meaning": [
        {},
        {"band": "information"},
        {"band": "genuine"},
        {"band": "demand"},
    ],
    "beyond.last_declaration": [{}, {"settings": {"forbid_sum_thirteen": False}}],
    "beyond.score_deal": [
        {},
        {"strain": "nt"},
        {"raised": 1},
        {"raised": 2, "settings": {"reraise_replaces_raise": False}},
        {"settings": {"exact_targets": False}},
    ],
    "beyond.pass_round_score": [{}, {"sweep": 1.0}],
}
CASES = [(name, params) for name, variants in VARIANTS.items() for params in variants]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    name, params = case
    return f"{name}{params}" if params else name


def exercises(name: str, params: dict[str, Any]) -> Iterator[Exercise]:
    for seed in SEEDS:
        yield generate(name, seed, params)


def settings_of(params: Mapping[str, Any]) -> BeyondSettings:
    return BeyondSettings(**params.get("settings", {}))


def diagram(ex: Exercise, kind: str, label: str | None = None) -> dict[str, Any]:
    return next(
        d for d in ex.diagrams if d["kind"] == kind and (label is None or d["label"] == label)
    )


# ----------------------------------------------------------------------------- every generator


def test_every_beyond_generator_is_registered_and_covered() -> None:
    registered = {name for name in load_all() if name.startswith("beyond.")}
    assert registered == set(VARIANTS)
    assert len(registered) >= 6


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_generator_is_deterministic_and_grades_its_choices(
    case: tuple[str, dict[str, Any]],
) -> None:
    name, params = case
    for ex in exercises(name, params):
        assert generate(name, ex.seed, params) == ex
        assert ex.explanation and ex.prompt
        assert len(ex.choices) >= 2
        keys = [c.key for c in ex.choices]
        if ex.multiple:
            assert ex.check(sorted(ex.answers)).correct
            for key in keys:  # adding or dropping any one card is wrong
                assert not ex.check(set(ex.answers) ^ {key}).correct
        else:
            assert len(ex.answers) == 1
            assert 3 <= len(ex.choices) <= 5
            for key in keys:
                feedback = ex.check(key)
                assert feedback.correct == (key in ex.answers)
                assert ex.explanation in feedback.message


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_diagrams_hold_only_beyond_cards_and_calls(case: tuple[str, dict[str, Any]]) -> None:
    name, params = case
    for ex in exercises(name, params):
        for d in ex.diagrams:
            assert d["game"] == "beyond"
            if d["kind"] == "hand":
                assert all(parse_card(t) in BEYOND_DECK for t in d["cards"])
            elif d["kind"] == "trick":
                assert all(s in SEATS and parse_card(t) in BEYOND_DECK for s, t in d["plays"])
            elif d["kind"] == "auction":
                Auction(d["dealer"], settings_of(params), [c for _, c in d["calls"]])


def test_different_seeds_give_different_exercises() -> None:
    for name in VARIANTS:
        shown = {(ex.prompt, ex.choices) for ex in map(lambda s: generate(name, s), range(12))}
        assert len(shown) > 1, name


def test_bad_params_are_rejected_with_the_bad_value_named() -> None:
    with pytest.raises(ExerciseError, match="joker='sometimes'"):
        generate("beyond.trick_winner", 1, {"joker": "sometimes"})
    with pytest.raises(ExerciseError, match="unknown Beyond setting 'jokers'"):
        generate("beyond.legal_cards", 1, {"settings": {"jokers": False}})
    with pytest.raises(ExerciseError, match="expected a bool"):
        generate("beyond.legal_cards", 1, {"settings": {"joker_any_time": "no"}})
    with pytest.raises(ExerciseError, match="cannot be raised"):
        generate("beyond.score_deal", 1, {"strain": "nt", "raised": 1})


# ----------------------------------------------------------------------------- engine agreement


@pytest.mark.parametrize("params", VARIANTS["beyond.trick_winner"], ids=str)
def test_trick_winner_agrees_with_playing_the_trick_through_the_engine(
    params: dict[str, Any],
) -> None:
    for ex in exercises("beyond.trick_winner", params):
        d = diagram(ex, "trick")
        trump = TRUMP_OF[d["trump"]]
        plays = [(seat, parse_card(token)) for seat, token in d["plays"]]
        play = Play({seat: [card] for seat, card in plays}, plays[0][0], trump)
        for _, card in plays:
            done = play.play(card)
        assert done is not None and done.winner is not None
        winning = dict(plays)[done.winner]
        assert ex.answers == {str(winning)}
        cards = [card for _, card in plays]
        assert cards[trick_winner(cards, trump)] == winning
        joker = params.get("joker")
        if joker == "lead":
            assert cards[0].is_joker
        if joker == "none":
            assert not any(c.is_joker for c in cards)
        if joker == "follow":
            assert not cards[0].is_joker and any(c.is_joker for c in cards[1:])
            assert not winning.is_joker  # a joker never wins a suit lead


@pytest.mark.parametrize("params", VARIANTS["beyond.legal_cards"], ids=str)
def test_legal_cards_agree_with_the_engine_for_the_shown_position(params: dict[str, Any]) -> None:
    settings = settings_of(params)
    for ex in exercises("beyond.legal_cards", params):
        hand = [parse_card(t) for t in ex.diagrams[-1]["cards"]]
        trick = [parse_card(t) for _, t in ex.diagrams[-2]["plays"]] if len(ex.diagrams) > 1 else []
        previous = [d for d in ex.diagrams if d.get("label") == "The trick just played"]
        locked = bool(previous) and previous[0]["plays"][0][1].startswith("X")
        if locked:
            trick = []
        expected = legal_cards(hand, trick, lead_locked=locked, settings=settings)
        assert ex.answers == {str(c) for c in expected}
        assert {c.key for c in ex.choices} == {str(c) for c in hand}
        if params.get("situation") == "lock":
            assert locked and not any(parse_card(k).is_joker for k in ex.answers)
        if trick and not trick[0].is_joker and any(c.suit == trick[0].suit for c in hand):
            followers = {str(c) for c in hand if c.suit == trick[0].suit}
            jokers = {str(c) for c in hand if c.is_joker}
            allowed = followers | (jokers if settings.joker_any_time else set())
            assert ex.answers == allowed


def test_legal_call_has_exactly_one_call_the_engine_accepts() -> None:
    for params in VARIANTS["beyond.legal_call"]:
        for ex in exercises("beyond.legal_call", params):
            d = diagram(ex, "auction")
            accepted = set()
            for choice in ex.choices:
                auction = Auction(d["dealer"], calls=[c for _, c in d["calls"]])
                try:
                    auction.call(choice.key)
                except IllegalCallError:
                    continue
                accepted.add(choice.key)
            assert accepted == ex.answers
            if params.get("focus") == "bids":
                assert all(parse_call(c.key).bid is not None for c in ex.choices)
            if params.get("focus") == "raise":
                assert any(c.key in ("raise", "reraise") for c in ex.choices)


def test_auction_result_matches_the_engine_result_of_the_shown_auction() -> None:
    for params in VARIANTS["beyond.auction_result"]:
        for ex in exercises("beyond.auction_result", params):
            d = diagram(ex, "auction")
            auction = Auction(d["dealer"], calls=[c for _, c in d["calls"]])
            assert auction.is_finished
            result = auction.result()
            key = "pass" if result is None else f"{result.bid}-{result.declarer}-{result.raised}"
            assert ex.answers == {key}


def test_auction_result_sometimes_shows_raised_contracts_and_pass_rounds() -> None:
    raised = [generate("beyond.auction_result", s, {"raises": True}) for s in SEEDS]
    assert any(next(iter(ex.answers)).endswith(("-1", "-2")) for ex in raised)
    passed = [generate("beyond.auction_result", s, {"pass_round": 0.5}) for s in SEEDS]
    assert any(ex.answers == {"pass"} for ex in passed)


def test_call_meaning_agrees_with_the_convention_module() -> None:
    bands = {"information": range(10, 14), "genuine": range(4, 10), "demand": range(0, 4)}
    for params in VARIANTS["beyond.call_meaning"]:
        for ex in exercises("beyond.call_meaning", params):
            d = diagram(ex, "auction")
            auction = Auction(d["dealer"], calls=[c for _, c in d["calls"]])
            found = re.search(r" now bids (\d+) ([a-z ]+)\. ", ex.prompt)
            assert found, ex.prompt
            bid = Bid(int(found[1]), STRAIN_OF[found[2]])
            meaning = meaning_of(auction, f"{bid}")
            key = f"demand-{meaning.asks_for}" if meaning.kind == "demand" else meaning.kind
            assert ex.answers == {key}
            if "band" in params:
                assert bid.level in bands[params["band"]]


def parse_declared(text: str) -> list[tuple[str, int]]:
    return [(SEAT_OF[m[1]], int(m[2])) for m in re.finditer(r"(\w+) (\d+)", text)]


@pytest.mark.parametrize("params", VARIANTS["beyond.last_declaration"], ids=str)
def test_last_declaration_forbids_only_the_number_that_makes_thirteen(
    params: dict[str, Any],
) -> None:
    settings = settings_of(params)
    for ex in exercises("beyond.last_declaration", params):
        found = re.search(
            r"Contract: (\d+) ([a-z ]+) by (\w+)\. Declared so far \(stik\): (.*)\. (\w+) declares",
            ex.prompt,
        )
        assert found, ex.prompt
        declarer = SEAT_OF[found[3]]
        contract = AuctionResult(declarer, Bid(int(found[1]), STRAIN_OF[found[2]]))
        declared = parse_declared(found[4])
        assert declared[0] == (declarer, contract.level)
        total = sum(n for _, n in declared)
        numbers = [int(c.key) for c in ex.choices if c.key != "none"]
        if settings.forbid_sum_thirteen:
            expected = {str(n) for n in numbers if total + n == 13}
        else:
            expected = set()
        assert ex.answers == (expected or {"none"})
        # The engine agrees: rebuild the round (the order runs clockwise from the declarer).
        rounds = Declarations(contract, "N", settings, [n for _, n in declared[1:]])
        assert rounds.to_move == SEAT_OF[found[5]]
        assert {str(n) for n in numbers if rounds.why_illegal(n)} == expected


def expected_contract_points(
    contract: AuctionResult, targets: dict[str, int], taken: dict[str, int], s: BeyondSettings
) -> dict[str, int]:
    """Restate the points table by hand, as an independent check on the engine."""
    out = {}
    for pair in ("NS", "EW"):
        hit = all(
            (taken[x] == targets[x]) if s.exact_targets else (taken[x] >= targets[x]) for x in pair
        )
        if not hit:
            out[pair] = 0
            continue
        trump_side = contract.declarer in pair
        points = 20 + (20 if contract.trump is None else 0) if trump_side else 40
        points += {0: 0, 1: 30, 2: 60 if s.reraise_replaces_raise else 90}[contract.raised]
        out[pair] = points
    return out


@pytest.mark.parametrize("params", VARIANTS["beyond.score_deal"], ids=str)
def test_score_deal_agrees_with_the_engine_and_the_points_table(params: dict[str, Any]) -> None:
    settings = settings_of(params)
    scorers = set()
    for ex in exercises("beyond.score_deal", params):
        found = re.search(
            r"Contract: (\d+) ([a-z ]+) by (\w+)(, re-raised|, raised)?\. ", ex.prompt
        )
        assert found, ex.prompt
        raised = {None: 0, ", raised": 1, ", re-raised": 2}[found[4]]
        contract = AuctionResult(SEAT_OF[found[3]], Bid(int(found[1]), STRAIN_OF[found[2]]), raised)
        rows = re.findall(r"(\w+) declared (\d+), took (\d+)", ex.prompt)
        targets = {SEAT_OF[w]: int(t) for w, t, _ in rows}
        taken = {SEAT_OF[w]: int(k) for w, _, k in rows}
        assert sum(targets.values()) != 13 or not settings.forbid_sum_thirteen
        engine = score_contract(contract, targets, taken, settings).pair_points
        assert ex.answers == {f"NS{engine['NS']}-EW{engine['EW']}"}
        assert engine == expected_contract_points(contract, targets, taken, settings)
        if "raised" in params:
            assert contract.raised == params["raised"]
        if params.get("strain") == "nt":
            assert contract.trump is None
        scorers.add(tuple(p for p in ("NS", "EW") if engine[p]))
    assert len(scorers) >= 2  # some deals score for one pair, some for another or nobody


@pytest.mark.parametrize("params", VARIANTS["beyond.pass_round_score"], ids=str)
def test_pass_round_score_agrees_with_the_engine_and_the_text(params: dict[str, Any]) -> None:
    for ex in exercises("beyond.pass_round_score", params):
        found = re.search(r"Tricks taken: (.*); (\w+) took the last trick", ex.prompt)
        assert found, ex.prompt
        tricks = dict(parse_declared(found[1]))
        last = SEAT_OF[found[2]]
        engine = score_pass_round(tricks, last).pair_points
        assert ex.answers == {f"NS{engine['NS']}-EW{engine['EW']}"}
        ns, ew = tricks["N"] + tricks["S"], tricks["E"] + tricks["W"]
        if 13 in (ns, ew):
            assert engine == {"NS": 0, "EW": 0}
        else:
            last_ns = last in "NS"
            assert engine == {
                "NS": 10 * ew + (0 if last_ns else 30),
                "EW": 10 * ns + (30 if last_ns else 0),
            }
        if params.get("sweep") == 1.0:
            assert 13 in (ns, ew)


@pytest.mark.parametrize("params", VARIANTS["beyond.turn_order"], ids=str)
def test_turn_order_agrees_with_the_engine(params: dict[str, Any]) -> None:
    settings = settings_of(params)
    ask = params["ask"]
    for ex in exercises("beyond.turn_order", params):
        (answer,) = ex.answers
        if ask == "partner":
            seat = SEAT_OF[re.search(r"Who is (\w+)'s partner", ex.prompt)[1]]  # type: ignore[index]
            assert answer == partner(seat) == SEATS[(SEATS.index(seat) + 2) % 4]
            continue
        dealer = SEAT_OF[ex.prompt.split()[0]]
        if ask == "first_call":
            assert answer == Auction(dealer).to_move
            continue
        found = re.search(r"ended in (\d+) ([a-z ]+) by (\w+)\.", ex.prompt)
        assert found, ex.prompt
        contract = AuctionResult(SEAT_OF[found[3]], Bid(int(found[1]), STRAIN_OF[found[2]]))
        left = SEATS[(SEATS.index(dealer) + 1) % 4]
        if ask == "first_lead":
            assert answer == left != contract.declarer
        else:
            rounds = Declarations(contract, dealer, settings)
            assert answer == rounds.order[-1] != contract.declarer
            if settings.declaration_start == "declarer":
                assert answer == SEATS[(SEATS.index(contract.declarer) + 3) % 4]


def test_deck_card_answers_come_from_the_beyond_deck() -> None:
    for ex in exercises("beyond.deck_card", {}):
        assert ex.answers == {c.key for c in ex.choices if parse_card(c.key) not in BEYOND_DECK}
        assert ex.answers <= {"C8", "D8", "H8"}
    for ex in exercises("beyond.deck_card", {"question": "count"}):
        suit = next(
            s
            for s, word in (
                ("X", "jokers"),
                ("S", "spades"),
                ("H", "hearts"),
                ("D", "diamonds"),
                ("C", "clubs"),
            )
            if word in ex.prompt
        )
        assert ex.answers == {str(sum(1 for c in BEYOND_DECK if c.suit == suit))}


# ----------------------------------------------------------------------------- the course files


FENCE = re.compile(r"^```(\w+) (\w+)([^\n]*)\n(.*?)^```", re.M | re.S)


def lesson_files() -> list[Path]:
    return sorted(CONTENT.glob("*.md"))


def front_matter(path: Path) -> tuple[dict[str, Any], str]:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("---\n"), path.name
    head, body = text[4:].split("\n---\n", 1)
    meta = yaml.safe_load(head)
    assert isinstance(meta, dict), path.name
    return meta, body


def anchors(body: str) -> set[str]:
    heads = re.findall(r"^#{1,6} (.+)$", body, re.M)
    return {re.sub(r"[^a-z0-9]+", "-", h.lower()).strip("-") for h in heads}


def test_the_course_has_eight_to_ten_numbered_lessons() -> None:
    names = [p.name for p in lesson_files()]
    assert 8 <= len(names) <= 10
    assert all(re.fullmatch(r"\d{2}-[a-z0-9]+(-[a-z0-9]+)*\.md", n) for n in names)
    assert [int(n[:2]) for n in names] == list(range(1, len(names) + 1))


@pytest.mark.parametrize("path", lesson_files(), ids=lambda p: p.name)
def test_lesson_front_matter_names_sources_and_registered_checkpoints(path: Path) -> None:
    meta, body = front_matter(path)
    registry = load_all()
    assert isinstance(meta["title"], str) and meta["title"].strip()
    assert len(meta["sources"]) >= 1 and all(isinstance(s, str) for s in meta["sources"])
    checkpoints = meta["checkpoints"]
    assert len(checkpoints) >= 3
    for point in checkpoints:
        assert point["exercise"] in registry, point["exercise"]
        assert point["exercise"].startswith("beyond.")
        if point.get("section"):
            assert point["section"] in anchors(body), point["section"]
        for seed in range(3):
            generate(point["exercise"], seed, point.get("params") or {})


@pytest.mark.parametrize("path", lesson_files(), ids=lambda p: p.name)
def test_lesson_length_is_between_400_and_1200_words(path: Path) -> None:
    _, body = front_matter(path)
    prose = FENCE.sub("", body)
    assert 400 <= len(prose.split()) <= 1200, len(prose.split())


def diagram_blocks() -> list[tuple[str, str, str, dict[str, str], str]]:
    blocks = []
    for path in lesson_files():
        for kind, game, attrs, body in FENCE.findall(path.read_text(encoding="utf-8")):
            if kind in ("hand", "trick", "deal", "auction"):
                pairs = dict(re.findall(r'(\w+)=("[^"]*"|\S+)', attrs))
                blocks.append((path.name, kind, game, pairs, body))
    return blocks


def test_lessons_have_card_diagrams_of_every_kind() -> None:
    kinds = {kind for _, kind, _, _, _ in diagram_blocks()}
    assert kinds == {"hand", "trick", "deal", "auction"}


def test_every_card_in_the_diagrams_is_in_the_beyond_deck() -> None:
    for name, kind, game, _, body in diagram_blocks():
        assert game == "beyond", name
        if kind == "auction":
            continue
        lines = [line.strip() for line in body.splitlines() if line.strip()]
        if kind == "deal" and len(lines) == 1 and lines[0][1:2] == ":":
            parse_pbn(lines[0], BEYOND_DECK, hand_size=13)
            continue
        seen: set[Card] = set()
        for line in lines:
            tokens = line.split(":", 1)[1].split() if kind != "hand" else line.split()
            for token in tokens:
                card = parse_card(token)
                assert card in BEYOND_DECK, f"{name}: {token}"
                assert card not in seen, f"{name}: {token} twice"
                seen.add(card)


def test_every_auction_diagram_is_legal_in_the_engine() -> None:
    for name, kind, _, attrs, body in diagram_blocks():
        if kind != "auction":
            continue
        calls = [line.split(":", 1) for line in body.splitlines() if line.strip()]
        auction = Auction(attrs.get("dealer", "W"))
        for seat, call in calls:
            assert auction.to_move == seat.strip(), f"{name}: {seat} out of turn"
            auction.call(call.strip())


def test_every_trick_diagram_with_a_winner_agrees_with_the_engine() -> None:
    checked = 0
    for name, kind, _, attrs, body in diagram_blocks():
        if kind != "trick" or "winner" not in attrs:
            continue
        plays = [line.split(":", 1) for line in body.splitlines() if line.strip()]
        cards = [parse_card(card) for _, card in plays]
        trump = TRUMP_OF[attrs.get("trump", "no trumps").strip('"')]
        assert plays[trick_winner(cards, trump)][0].strip() == attrs["winner"], name
        checked += 1
    assert checked >= 3


# How the lessons' house-rules boxes name each setting: in words (the settings' own names are
# for docs/, not for learners).
SETTING_WORDS = {
    "deal_packet": "cards dealt at a time",
    "deals_per_match": "deals per match",
    "exact_targets": "exact targets",
    "forbid_sum_thirteen": "the sum rule",
    "declaration_start": "who declares first",
    "raise_over_no_trumps": "raising over no trumps",
    "reraise_replaces_raise": "a re-raise replacing the raise",
    "joker_any_time": "jokers at any time",
    "joker_lead_lock": "joker-lead lock",
    "pass_round_sweep_scores_zero": "pass-round sweep scoring nothing",
}


def test_house_rule_boxes_name_real_settings() -> None:
    settings = set(BeyondSettings.__dataclass_fields__) - {"points"}
    assert set(SETTING_WORDS) == settings
    named: set[str] = set()
    for path in lesson_files():
        for box in re.findall(
            r"^> \*\*House rules:\*\*(.*?)(?:\n\n|\Z)", path.read_text(), re.M | re.S
        ):
            text = re.sub(r"\s*\n>\s*", " ", box).lower()
            found = {name for name, phrase in SETTING_WORDS.items() if phrase in text}
            assert found, f"{path.name}: a house rules box names no setting"
            assert not re.search(r"`\w+_\w+`", box), f"{path.name}: a setting's name in a box"
            named |= found
    assert named == settings  # every variant setting is explained somewhere


def test_glossary_pairs_danish_terms_with_english_ones() -> None:
    entries = yaml.safe_load((CONTENT / "glossary.yaml").read_text(encoding="utf-8"))
    assert len(entries) >= 12
    for entry in entries:
        assert set(entry) <= {"english", "original", "language", "meaning"}
        assert entry["english"] and entry["original"] and entry["meaning"]
        assert entry["language"] == "da"
    originals = {e["original"] for e in entries}
    assert {"melding", "stik", "trumf", "makker", "pas"} <= originals
