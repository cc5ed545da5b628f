"""The 500 checkpoint exercises and the 500 course files.

Every generator is run over many seeds: it must be deterministic, accept its right answer,
reject every wrong one, and agree with a second route to the answer: the engine replaying the
position (Play, Auction, ScoreSheet) and a small oracle written here from the rule text and
DECISIONS.md, independent of the engine's code.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml

from games.cards import FIVE_HUNDRED_DECK, Card, parse_card, parse_pbn
from games.exercises import Exercise, ExerciseError, generate, load_all
from games.exercises import five_hundred as fh
from games.five_hundred import Auction, FiveHundredSettings, IllegalCall, IllegalPlay, parse_call
from games.five_hundred.calls import Call

SEEDS = range(50)
CONTENT = Path(__file__).resolve().parents[3] / "lessons" / "content" / "five_hundred"
DIAGRAM_KINDS = ("hand", "trick", "deal", "auction")

# Every generator with the params the course uses (and a few house-rule variants).
CASES: list[tuple[str, dict[str, Any]]] = [
    *(("five_hundred.trick_winner", {"focus": f}) for f in fh.TRICK_FOCUS),
    ("five_hundred.trick_winner", {"focus": "bowers", "bowers": False}),
    *(("five_hundred.legal_cards", {"focus": f}) for f in fh.LEGAL_FOCUS),
    ("five_hundred.legal_cards", {"focus": "bowers", "bowers": False}),
    *(("five_hundred.trumps", {"focus": f}) for f in ("any", "bowers", "joker")),
    ("five_hundred.trumps", {"focus": "bowers", "bowers": False}),
    ("five_hundred.bid_value", {}),
    ("five_hundred.highest_bid", {}),
    ("five_hundred.highest_bid", {"focus": "misere"}),
    ("five_hundred.legal_calls", {}),
    ("five_hundred.legal_calls", {"focus": "misere"}),
    ("five_hundred.legal_calls", {"focus": "misere", "misere_needs_seven": False}),
    ("five_hundred.after_auction", {}),
    ("five_hundred.after_auction", {"focus": "misere"}),
    *(("five_hundred.score_deal", {"kind": k}) for k in fh.SCORE_KINDS),
    ("five_hundred.score_deal", {"kind": "slam", "slam": False}),
    ("five_hundred.score_deal", {"kind": "misere", "defence_in_misere": True}),
    *(("five_hundred.match_end", {"focus": f}) for f in fh.MATCH_FOCUS),
    ("five_hundred.match_end", {"target": 300}),
]
CASE_IDS = [f"{name.split('.')[1]}-{params}" for name, params in CASES]


def exercises(name: str, params: Mapping[str, Any]) -> Iterator[tuple[int, Exercise]]:
    for seed in SEEDS:
        yield seed, generate(name, seed, params)


# ----------------------------------------------------------------------------- oracles

SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
PLAIN_ORDER = "456789TJQKA"
SIX_LEVEL = {"S": 40, "C": 60, "D": 80, "H": 100, "NT": 120}


def oracle_suit(card: Card, trump: str | None, bowers: bool) -> str:
    """Return the suit a card follows as: the joker and left bower join trumps."""
    if card.is_joker:
        return trump or "none"
    if bowers and trump and card.rank == "J" and card.suit == SAME_COLOUR[trump]:
        return trump
    return card.suit


def oracle_strength(card: Card, trump: str | None, bowers: bool) -> int:
    if card.is_joker:
        return 100
    if bowers and trump and card.rank == "J" and card.suit == trump:
        return 99
    if bowers and trump and card.rank == "J" and card.suit == SAME_COLOUR[trump]:
        return 98
    return PLAIN_ORDER.index(card.rank)


def oracle_winner(
    plays: Sequence[tuple[str, Card]], trump: str | None, bowers: bool, joker_suit: str | None
) -> str:
    first = plays[0][1]
    led = joker_suit if first.is_joker and trump is None else oracle_suit(first, trump, bowers)

    def key(card: Card) -> tuple[int, int]:
        suit = oracle_suit(card, trump, bowers)
        if card.is_joker or (trump is not None and suit == trump):
            return (2, oracle_strength(card, trump, bowers))
        if suit == led:
            return (1, oracle_strength(card, trump, bowers))
        return (0, 0)

    return max(plays, key=lambda play: key(play[1]))[0]


def oracle_legal(hand: Sequence[Card], led: str, trump: str | None, bowers: bool) -> set[Card]:
    follow = {c for c in hand if oracle_suit(c, trump, bowers) == led}
    return follow or set(hand)


def oracle_rank(call: Call) -> float:
    """Rank bids by table value, except the two misères, which have fixed places."""
    if str(call) == "MIS":
        return 230  # above 7 no trumps (220), below 8 spades (240)
    if str(call) == "OMIS":
        return 490  # above 10 diamonds (480), below 10 hearts (500)
    return oracle_value(call)


def oracle_value(call: Call) -> int:
    if str(call) == "MIS":
        return 250
    if str(call) == "OMIS":
        return 500
    return SIX_LEVEL[call.strain] + 100 * (call.level - 6)


def oracle_score(
    bid: Call, side: str, tricks: int, settings: FiveHundredSettings
) -> dict[str, int]:
    other = "EW" if side == "NS" else "NS"
    misere = str(bid) in ("MIS", "OMIS")
    value = oracle_value(bid)
    if misere:
        declarer = value if tricks == 0 else -value
    elif tricks < bid.level:
        declarer = -value
    elif tricks == 10 and settings.slam:
        declarer = max(value, settings.slam_minimum)
    else:
        declarer = value
    defence = 0 if misere and not settings.defence_in_misere else 10 * (10 - tricks)
    return {side: declarer, other: defence}


# ----------------------------------------------------------------------------- every generator


def test_every_generator_is_registered_and_exercised_here() -> None:
    registered = {name for name in load_all() if name.startswith("five_hundred.")}
    assert registered == {name for name, _ in CASES}
    assert len(registered) >= 6


@pytest.mark.parametrize(("name", "params"), CASES, ids=CASE_IDS)
def test_generator_is_deterministic_and_grades_every_choice(
    name: str, params: dict[str, Any]
) -> None:
    for seed, ex in exercises(name, params):
        assert generate(name, seed, params) == ex
        keys = [c.key for c in ex.choices]
        assert ex.explanation and ex.prompt
        if ex.multiple:
            assert ex.check(sorted(ex.answers)).correct
            for key in keys:
                assert not ex.check(sorted(set(ex.answers) ^ {key})).correct, (seed, key)
        else:
            assert len(ex.choices) >= 3, (seed, keys)
            for key in keys:
                assert ex.check(key).correct == (key in ex.answers), (seed, key)


@pytest.mark.parametrize(("name", "params"), CASES, ids=CASE_IDS)
def test_generator_diagrams_use_only_cards_of_the_500_deck(
    name: str, params: dict[str, Any]
) -> None:
    for _, ex in exercises(name, params):
        for diagram in ex.diagrams:
            assert diagram["game"] == "five_hundred"
            assert diagram["kind"] in DIAGRAM_KINDS
            if diagram["kind"] == "hand":
                FIVE_HUNDRED_DECK.parse_hand(diagram["cards"])
            elif diagram["kind"] == "trick":
                FIVE_HUNDRED_DECK.parse_hand([card for _, card in diagram["plays"]])
            elif diagram["kind"] == "auction":
                for _, call in diagram["calls"]:
                    parse_call(call)


def test_different_seeds_give_different_exercises() -> None:
    for name, params in CASES:
        shown = {
            (ex.prompt, tuple(c.key for c in ex.choices))
            for ex in (generate(name, seed, params) for seed in range(12))
        }
        assert len(shown) > 1, name


def test_unknown_params_and_bad_values_are_refused_by_name() -> None:
    with pytest.raises(ExerciseError, match="colour"):
        generate("five_hundred.trick_winner", 1, {"colour": "red"})
    with pytest.raises(ExerciseError, match="focus='sideways'"):
        generate("five_hundred.legal_cards", 1, {"focus": "sideways"})
    with pytest.raises(ExerciseError, match="bowers"):
        generate("five_hundred.trumps", 1, {"bowers": "no"})
    with pytest.raises(ExerciseError, match="target"):
        generate("five_hundred.match_end", 1, {"target": -5})
    with pytest.raises(ExerciseError, match="misère focus"):
        generate(
            "five_hundred.score_deal", 1, {"kind": "misere", "misere": False, "open_misere": False}
        )


# ----------------------------------------------------------------------------- card play


@pytest.mark.parametrize("focus", fh.TRICK_FOCUS)
@pytest.mark.parametrize("bowers", [True, False])
def test_trick_winner_agrees_with_play_replay_and_oracle(focus: str, bowers: bool) -> None:
    params = {"focus": focus, "bowers": bowers}
    for seed, ex in exercises("five_hundred.trick_winner", params):
        case = fh.trick_case(seed, params)
        trick = case.replay().tricks[-1]
        (answer,) = ex.answers
        assert answer == trick.winner
        trump = case.contract.trump
        assert answer == oracle_winner(trick.plays, trump, bowers, trick.joker_suit)
        shown = [(seat, parse_card(card)) for seat, card in ex.diagrams[0]["plays"]]
        assert shown == list(trick.plays)


def test_trick_winner_focus_shapes_the_trick() -> None:
    for seed in SEEDS:
        joker = fh.trick_case(seed, {"focus": "joker"}).replay().tricks[-1]
        assert any(card.is_joker for card in joker.cards)
        play = fh.trick_case(seed, {"focus": "bowers"}).replay()
        trump = play.contract.trump
        assert trump is not None
        assert {Card(trump, "J"), Card(SAME_COLOUR[trump], "J")} & set(play.tricks[-1].cards)
        assert fh.trick_case(seed, {"focus": "no_trumps"}).contract.trump is None


@pytest.mark.parametrize("focus", fh.LEGAL_FOCUS)
@pytest.mark.parametrize("bowers", [True, False])
def test_legal_cards_agree_with_oracle_and_engine_refuses_the_rest(
    focus: str, bowers: bool
) -> None:
    params = {"focus": focus, "bowers": bowers}
    for seed, ex in exercises("five_hundred.legal_cards", params):
        case = fh.legal_case(seed, params)
        play = case.replay()
        seat = play.to_move
        assert seat is not None and play.current
        hand = play.hands[seat]
        trump = case.contract.trump
        led = play.led_suit
        assert led is not None
        assert ex.answers == {str(c) for c in oracle_legal(hand, led, trump, bowers)}
        for card in hand:
            attempt = copy.deepcopy(play)
            if str(card) in ex.answers:
                attempt.play(seat, card)
            else:
                with pytest.raises(IllegalPlay):
                    attempt.play(seat, card)


def test_joker_focus_in_no_trumps_holds_the_joker_until_void() -> None:
    for seed in SEEDS:
        play = fh.legal_case(seed, {"focus": "joker"}).replay()
        seat = play.to_move
        assert seat is not None and play.contract.trump is None
        hand = play.hands[seat]
        joker = Card("X", "1")
        assert joker in hand
        led = play.led_suit
        can_follow = any(c.suit == led for c in hand if not c.is_joker)
        assert (joker in play.legal_cards(seat)) == (not can_follow)


@pytest.mark.parametrize("bowers", [True, False])
def test_trumps_agree_with_oracle(bowers: bool) -> None:
    for focus in ("any", "bowers", "joker"):
        params = {"focus": focus, "bowers": bowers}
        for seed, ex in exercises("five_hundred.trumps", params):
            case = fh.trumps_case(seed, params)
            trump = case.trump
            expected = {
                str(c) for c in case.hand if c.is_joker or oracle_suit(c, trump, bowers) == trump
            }
            assert ex.answers == expected
            assert {c.key for c in ex.choices} == {str(c) for c in case.hand}


# ----------------------------------------------------------------------------- auction


def test_bid_value_matches_the_contract_table() -> None:
    for seed, ex in exercises("five_hundred.bid_value", {}):
        asked = fh.bid_value_case(seed, {})
        assert ex.answers == {str(oracle_value(asked))}
        assert asked.name in ex.prompt
        assert len({c.key for c in ex.choices}) == 4


@pytest.mark.parametrize("focus", ["any", "misere"])
def test_highest_bid_matches_the_ladder_with_misere_placement(focus: str) -> None:
    for _, ex in exercises("five_hundred.highest_bid", {"focus": focus}):
        bids = [parse_call(c.key) for c in ex.choices]
        assert ex.answers == {str(max(bids, key=oracle_rank))}
        if focus == "misere":
            assert any(str(b) in ("MIS", "OMIS") for b in bids)


def replay_diagram(ex: Exercise, settings: FiveHundredSettings) -> Auction:
    diagram = ex.diagrams[0]
    auction = Auction(diagram["dealer"], settings)
    for seat, call in diagram["calls"]:
        auction.call(call, seat)
    return auction


def oracle_call_legal(auction: Auction, call: Call, settings: FiveHundredSettings) -> bool:
    if call.is_pass:
        return True
    if str(call) == "MIS" and not settings.misere:
        return False
    if str(call) == "OMIS" and not settings.open_misere:
        return False
    high = auction.high_bid
    if high is not None and oracle_rank(call) <= oracle_rank(high):
        return False
    return not (
        str(call) == "MIS" and settings.misere_needs_seven and (high is None or high.level != 7)
    )


@pytest.mark.parametrize("params", [{}, {"focus": "misere"}, {"misere_needs_seven": False}])
def test_legal_calls_agree_with_the_auction_engine_and_oracle(params: dict[str, Any]) -> None:
    settings = FiveHundredSettings(**{k: v for k, v in params.items() if k != "focus"})
    for seed, ex in exercises("five_hundred.legal_calls", params):
        auction = replay_diagram(ex, settings)
        assert [c for _, c in auction.calls] == list(fh.open_auction_case(seed, params).calls)
        for choice in ex.choices:
            call = parse_call(choice.key)
            attempt = copy.deepcopy(auction)
            try:
                attempt.call(call)
                engine_legal = True
            except IllegalCall:
                engine_legal = False
            assert engine_legal == (choice.key in ex.answers), (seed, choice.key)
            assert engine_legal == oracle_call_legal(auction, call, settings), (seed, choice)


def test_misere_focus_offers_both_misere_bids() -> None:
    for _, ex in exercises("five_hundred.legal_calls", {"focus": "misere"}):
        assert {"MIS", "OMIS"} <= {c.key for c in ex.choices}


@pytest.mark.parametrize("focus", ["any", "misere"])
def test_after_auction_leader_is_the_declarer_and_misere_partner_sits_out(focus: str) -> None:
    for _, ex in exercises("five_hundred.after_auction", {"focus": focus}):
        calls = ex.diagrams[0]["calls"]
        bids = [(seat, parse_call(call)) for seat, call in calls if call != "pass"]
        declarer, bid = bids[-1]
        partner = "NESW"[("NESW".index(declarer) + 2) % 4]
        sitter = partner if str(bid) in ("MIS", "OMIS") else "none"
        assert ex.answers == {f"{declarer}-{sitter}"}
        assert replay_diagram(ex, FiveHundredSettings()).is_finished
        if focus == "misere":
            assert sitter != "none"


# ----------------------------------------------------------------------------- scoring


@pytest.mark.parametrize(
    "params",
    [{"kind": k} for k in fh.SCORE_KINDS]
    + [{"kind": "slam", "slam": False}, {"kind": "misere", "defence_in_misere": True}],
)
def test_score_deal_matches_the_text_scoring(params: dict[str, Any]) -> None:
    settings = FiveHundredSettings(**{k: v for k, v in params.items() if k != "kind"})
    for seed, ex in exercises("five_hundred.score_deal", params):
        case = fh.score_case(seed, params)
        points = oracle_score(case.contract.bid, case.contract.side, case.declarer_tricks, settings)
        assert ex.answers == {f"NS{points['NS']:+d}/EW{points['EW']:+d}"}
        assert len(ex.choices) == 4


def test_score_deal_kinds_produce_their_outcome() -> None:
    for seed in SEEDS:
        slam = fh.score_case(seed, {"kind": "slam"})
        assert slam.declarer_tricks == 10 and not slam.contract.is_misere
        failed = fh.score_case(seed, {"kind": "failed"})
        assert failed.declarer_tricks < failed.contract.tricks_needed
        made = fh.score_case(seed, {"kind": "made"})
        assert made.declarer_tricks >= made.contract.tricks_needed
        assert fh.score_case(seed, {"kind": "misere"}).contract.is_misere


def oracle_match(case: fh.MatchCase) -> tuple[str, dict[str, int]]:
    contract = case.deal.contract
    settings = case.deal.settings
    points = oracle_score(contract.bid, contract.side, case.deal.declarer_tricks, settings)
    after = {side: case.before[side] + points[side] for side in ("NS", "EW")}
    made = points[contract.side] > 0
    if made and after[contract.side] >= settings.target:
        return contract.side, after
    for side in ("NS", "EW"):
        if after[side] <= -settings.target:
            return ("EW" if side == "NS" else "NS"), after
    return "on", after


@pytest.mark.parametrize("params", [{"focus": f} for f in fh.MATCH_FOCUS] + [{"target": 300}])
def test_match_end_matches_the_text_ending_rules(params: dict[str, Any]) -> None:
    for seed, ex in exercises("five_hundred.match_end", params):
        outcome, after = oracle_match(fh.match_case(seed, params))
        assert ex.answers == {f"{outcome}:{after['NS']}:{after['EW']}"}


def test_defence_points_alone_never_end_the_match() -> None:
    crossed = 0
    for seed in SEEDS:
        case = fh.match_case(seed, {"focus": "defence"})
        ex = generate("five_hundred.match_end", seed, {"focus": "defence"})
        defenders = case.deal.contract.defending_side
        (answer,) = ex.answers
        assert not answer.startswith(defenders)
        crossed += int(answer.split(":")[1 if defenders == "NS" else 2]) >= 500
    assert crossed == len(SEEDS)


# ----------------------------------------------------------------------------- course files


def lesson_files() -> list[Path]:
    return sorted(CONTENT.glob("[0-9][0-9]-*.md"))


def front_matter(path: Path) -> tuple[dict[str, Any], str]:
    text = path.read_text(encoding="utf-8")
    _, meta, body = text.split("---\n", 2)
    return yaml.safe_load(meta), body


def diagram_blocks(body: str) -> Iterator[tuple[str, str]]:
    for match in re.finditer(r"^```([^\n]*)\n(.*?)^```", body, re.M | re.S):
        info = match[1].split()
        if info and info[0] in DIAGRAM_KINDS:
            yield match[1], match[2]


def anchor(heading: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


def test_the_course_has_eight_to_ten_lessons_in_order() -> None:
    files = lesson_files()
    assert 8 <= len(files) <= 10
    assert [int(p.name[:2]) for p in files] == list(range(1, len(files) + 1))


@pytest.mark.parametrize("path", lesson_files(), ids=lambda p: p.name)
def test_lesson_checkpoints_sources_and_sections_are_valid(path: Path) -> None:
    meta, body = front_matter(path)
    assert meta["title"] and meta.get("summary")
    assert len(meta["sources"]) >= 1
    assert len(meta["checkpoints"]) >= 3
    anchors = {anchor(h) for h in re.findall(r"^#+ (.+)$", body, re.M)}
    registry = load_all()
    for checkpoint in meta["checkpoints"]:
        assert checkpoint["exercise"] in registry
        assert checkpoint.get("section", next(iter(anchors))) in anchors, checkpoint
        for seed in range(3):
            generate(checkpoint["exercise"], seed, checkpoint.get("params") or {})


@pytest.mark.parametrize("path", lesson_files(), ids=lambda p: p.name)
def test_lesson_diagrams_use_only_cards_of_the_500_deck(path: Path) -> None:
    _, body = front_matter(path)
    for info, content in diagram_blocks(body):
        assert info.split()[1] == "five_hundred", info
        rows = [line.partition(":") for line in content.splitlines() if line.strip()]
        kind = info.split()[0]
        if kind == "hand":
            FIVE_HUNDRED_DECK.parse_hand(content)
        elif kind == "deal" and len(rows) == 1 and len(rows[0][0]) == 1:
            parse_pbn(content, FIVE_HUNDRED_DECK)
        elif kind == "auction":
            for _, _, call in rows:
                parse_call(call)
        else:
            FIVE_HUNDRED_DECK.parse_hand(" ".join(cards for _, _, cards in rows))


@pytest.mark.parametrize("path", lesson_files(), ids=lambda p: p.name)
def test_lesson_length_is_400_to_1200_words(path: Path) -> None:
    _, body = front_matter(path)
    prose = re.sub(r"^```.*?^```", "", body, flags=re.M | re.S)
    assert 400 <= len(prose.split()) <= 1200


# How the lessons' house-rules boxes name each setting, in words.
SETTING_WORDS = {
    "bowers": "the bowers",
    "slam": "slam bonus",
    "slam_minimum": "slam minimum",
    "misere": "misère",
    "open_misere": "open misère",
    "misere_needs_seven": "misère only over a seven bid",
    "defence_in_misere": "defence points in misère",
    "target": "match target",
}


def test_every_setting_is_named_in_a_house_rules_box() -> None:
    boxes = "\n".join(
        line
        for path in lesson_files()
        for line in front_matter(path)[1].splitlines()
        if line.startswith(">")
    )
    assert "> **House rules:**" in boxes
    # Learners read house rules in words, never by the settings' names (those are for docs/).
    words = re.sub(r"\s*\n>\s*", " ", boxes).lower()
    assert set(SETTING_WORDS) == set(fh.SETTING_NAMES)
    for name, phrase in SETTING_WORDS.items():
        assert phrase in words, (name, phrase)
        assert f"`{name}`" not in boxes, name


def test_glossary_entries_pair_english_with_danish_terms() -> None:
    entries = yaml.safe_load((CONTENT / "glossary.yaml").read_text(encoding="utf-8"))
    assert len(entries) >= 10
    for entry in entries:
        assert set(entry) == {"english", "original", "language", "meaning"}, entry
        assert entry["language"] in ("da", "en")
        assert all(isinstance(entry[key], str) and entry[key].strip() for key in entry)
    assert sum(entry["language"] == "da" for entry in entries) >= 8
