"""Skat checkpoint exercises: every generator over many seeds, checked against the engine.

The answers are re-derived here by another route (a Play or Auction driven card by card, or
a small reference computation from the rules) and the lesson files are checked for the
things the loader also needs: registered exercises, checkpoints, sources and valid cards.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from games.cards import SKAT_DECK, Card, parse_card
from games.exercises import REGISTRY, Exercise, ExerciseError, generate, load_all
from games.skat import Auction, IllegalCall, IllegalPlay, Play, trick_winner
from games.skat.rules import effective_suit

SEEDS = range(40)
LESSONS = Path(__file__).resolve().parents[3] / "lessons" / "content" / "skat"
SEAT_WORDS = {"forehand": 0, "middlehand": 1, "rearhand": 2}
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
JACKS = ("CJ", "SJ", "HJ", "DJ")
SUIT_LETTER = {"clubs": "C", "spades": "S", "hearts": "H", "diamonds": "D"}
BASES = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12, "grand": 24}
NULLS = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}

load_all()
SKAT_NAMES = sorted(n for n in REGISTRY if n.startswith("skat."))


def make(name: str, seed: int, params: dict[str, Any] | None = None) -> Exercise:
    return generate(name, seed, params or {})


def cards(tokens: list[str]) -> list[Card]:
    return [parse_card(t, SKAT_DECK) for t in tokens]


# ----------------------------------------------------------------------------- every generator


def test_the_skat_generators_are_registered() -> None:
    assert len(SKAT_NAMES) >= 6
    assert {"skat.trick_winner", "skat.legal_cards", "skat.next_bid", "skat.game_value"} <= set(
        SKAT_NAMES
    )


@pytest.mark.parametrize("name", SKAT_NAMES)
def test_each_generator_is_deterministic_per_seed(name: str) -> None:
    for seed in SEEDS:
        assert make(name, seed) == make(name, seed)
    assert len({repr((make(name, s).prompt, make(name, s).diagrams)) for s in SEEDS}) > 1


@pytest.mark.parametrize("name", SKAT_NAMES)
def test_each_generator_accepts_its_answer_and_rejects_every_wrong_choice(name: str) -> None:
    for seed in SEEDS:
        ex = make(name, seed)
        keys = [c.key for c in ex.choices]
        assert len(keys) >= 2 and ex.explanation
        if ex.multiple:
            assert ex.check(sorted(ex.answers)).correct
            for key in keys:
                flipped = set(ex.answers) ^ {key}
                assert not ex.check(sorted(flipped)).correct
        else:
            assert len(ex.answers) == 1 and 3 <= len(keys) <= 6
            for key in keys:
                assert ex.check(key).correct is (key in ex.answers)


@pytest.mark.parametrize("name", SKAT_NAMES)
def test_each_generator_draws_only_skat_cards(name: str) -> None:
    for seed in SEEDS:
        for diagram in make(name, seed).diagrams:
            assert diagram["game"] == "skat"
            tokens = diagram.get("cards", []) + [c for _, c in diagram.get("plays", [])]
            assert all(parse_card(t, SKAT_DECK) for t in tokens)


@pytest.mark.parametrize("name", SKAT_NAMES)
def test_each_generator_refuses_an_unknown_parameter(name: str) -> None:
    with pytest.raises(ExerciseError, match="colour"):
        make(name, 0, {"colour": "red"})


def test_a_bad_game_parameter_is_named() -> None:
    with pytest.raises(ExerciseError, match="bridge"):
        make("skat.trick_winner", 0, {"game": "bridge"})
    with pytest.raises(ExerciseError, match="null"):
        make("skat.matadors", 0, {"game": "null"})


# ----------------------------------------------------------------------------- card play


@pytest.mark.parametrize("game", ["clubs", "hearts", "grand", "null", "any"])
def test_trick_winner_agrees_with_a_trick_played_through_the_engine(game: str) -> None:
    for seed in SEEDS:
        ex = make("skat.trick_winner", seed, {"game": game})
        (diagram,) = ex.diagrams
        seats = [int(s) for s, _ in diagram["plays"]]
        played = cards([c for _, c in diagram["plays"]])
        hands: list[list[Card]] = [[], [], []]
        for seat, card in zip(seats, played, strict=True):
            hands[seat] = [card]
        play = Play(diagram["trump"], hands, declarer=0, leader=seats[0])
        trick = None
        for card in played:
            trick = play.play(card)
        assert trick is not None
        (answer,) = ex.answers
        assert seats[played.index(parse_card(answer))] == trick.winner


def test_plain_tricks_hold_no_trumps() -> None:
    for seed in SEEDS:
        ex = make("skat.trick_winner", seed, {"plain": True})
        (diagram,) = ex.diagrams
        assert all(
            effective_suit(c, diagram["trump"]) != "trump"
            for c in cards([t for _, t in diagram["plays"]])
        )


def _replay_trick(game: str, plays: list[tuple[int, Card]], mover: int, hand: list[Card]) -> Play:
    """Build a Play that reaches the shown trick with ``hand`` for the mover."""
    size = len(hand)
    led_suit = effective_suit(plays[0][1], game)
    used = set(hand) | {c for _, c in plays}
    spare = [c for c in SKAT_DECK if c not in used]
    hands: list[list[Card]] = [[], [], []]
    hands[mover] = list(hand)
    # A player who did not follow must hold no card of the led suit: fill that hand first.
    ordered = sorted(plays, key=lambda p: effective_suit(p[1], game) == led_suit)
    for seat, card in ordered:
        ok = (
            [c for c in spare if effective_suit(c, game) != led_suit]
            if seat != plays[0][0] and (effective_suit(card, game) != led_suit)
            else spare
        )
        fill = ok[: size - 1]
        spare = [c for c in spare if c not in fill]
        hands[seat] = [card, *fill]
    for seat in range(3):
        if not hands[seat]:
            hands[seat], spare = spare[:size], spare[size:]
    play = Play(game, hands, declarer=0, leader=plays[0][0])
    for _, card in plays:
        play.play(card)
    return play


@pytest.mark.parametrize("game", ["spades", "diamonds", "grand", "null", "any"])
def test_legal_cards_are_exactly_the_cards_the_engine_lets_you_play(game: str) -> None:
    for seed in SEEDS:
        ex = make("skat.legal_cards", seed, {"game": game})
        trick, hand_diagram = ex.diagrams
        plays = [(int(s), parse_card(c)) for s, c in trick["plays"]]
        mover = (plays[0][0] + len(plays)) % 3
        hand = cards(hand_diagram["cards"])
        for card in hand:
            play = _replay_trick(trick["trump"], plays, mover, hand)
            try:
                play.play(card, mover)
            except IllegalPlay:
                assert str(card) not in ex.answers
            else:
                assert str(card) in ex.answers


def test_legal_cards_mostly_ask_where_following_suit_restricts() -> None:
    restricted = sum(len(make("skat.legal_cards", s).answers) < 4 for s in SEEDS)
    assert restricted > len(SEEDS) // 2


@pytest.mark.parametrize("game", ["clubs", "hearts", "grand", "any"])
def test_trumps_are_the_cards_that_beat_a_plain_ace(game: str) -> None:
    for seed in SEEDS:
        ex = make("skat.trumps", seed, {"game": game})
        trump_suit = SUIT_LETTER.get(_game_of(ex))
        for card in cards([c.key for c in ex.choices]):
            lead_suit = next(s for s in "CSHD" if s not in (card.suit, trump_suit))
            beats = trick_winner([Card(lead_suit, "A"), card], _game_of(ex)) == 1
            assert beats is (str(card) in ex.answers)


def _game_of(ex: Exercise) -> str:
    match = re.search(r"The game is (\w+)", ex.prompt)
    assert match
    return match[1]


def test_card_points_match_the_point_table() -> None:
    for seed in SEEDS:
        ex = make("skat.card_points", seed, {"cards": 4})
        total = sum(POINTS.get(c.rank, 0) for c in cards(ex.diagrams[0]["cards"]))
        assert ex.answers == {str(total)}
        need = make("skat.card_points", seed, {"mode": "to_61"})
        held = sum(POINTS.get(c.rank, 0) for c in cards(need.diagrams[0]["cards"]))
        assert need.answers == {str(max(0, 61 - held))}


def _reference_matadors(held: set[str], game: str) -> int:
    order = list(JACKS)
    if game in SUIT_LETTER:
        order += [SUIT_LETTER[game] + r for r in "ATKQ987"]
    top = order[0] in held
    run = 0
    for token in order:
        if (token in held) != top:
            break
        run += 1
    return run if top else -run


@pytest.mark.parametrize("game", ["clubs", "diamonds", "grand", "any"])
def test_matadors_agree_with_a_hand_count_over_hand_and_skat(game: str) -> None:
    for seed in SEEDS:
        ex = make("skat.matadors", seed, {"game": game})
        held = {t for d in ex.diagrams for t in d["cards"]}
        played = re.search(r"play (\w+)\.", ex.prompt)
        assert played
        assert ex.answers == {f"{_reference_matadors(held, played[1]):+d}"}


# ----------------------------------------------------------------------------- the auction


def _replay(calls: list[list[str]]) -> Auction:
    auction = Auction()
    for seat, call in calls:
        auction.call(call, int(seat))
    return auction


def test_next_bid_is_accepted_and_nothing_lower_is() -> None:
    for seed in SEEDS:
        ex = make("skat.next_bid", seed)
        (answer,) = ex.answers
        last = int(re.findall(r"\d+", ex.prompt)[0])
        _replay(ex.diagrams[0]["calls"]).call(answer, 1)
        for lower in range(last + 1, int(answer)):
            with pytest.raises(IllegalCall):
                _replay(ex.diagrams[0]["calls"]).call(lower, 1)


def test_call_legal_agrees_with_the_engine() -> None:
    verdicts = set()
    for seed in range(120):
        ex = make("skat.call_legal", seed)
        match = re.match(r"(\w+) now says '(\w+)'", ex.prompt)
        assert match
        seat, call = SEAT_WORDS[match[1].lower()], match[2]
        auction = _replay(ex.diagrams[0]["calls"])
        try:
            auction.call(call, seat)
            legal = True
        except IllegalCall:
            legal = False
        (verdict,) = ex.answers
        assert legal is (verdict == "legal")
        verdicts.add(verdict)
    assert verdicts == {"legal", "turn", "answer", "not_bid", "low", "value"}


def test_auction_result_matches_the_finished_engine_auction() -> None:
    thrown_in = 0
    for seed in range(80):
        ex = make("skat.auction_result", seed)
        auction = _replay(ex.diagrams[0]["calls"])
        assert auction.finished and auction.result is not None
        assert ex.answers == {f"{auction.result.declarer}:{auction.result.bid}"}
        thrown_in += auction.result.thrown_in
    assert 0 < thrown_in < 40


# ----------------------------------------------------------------------------- seats and dealing


@pytest.mark.parametrize("players", [3, 4])
def test_seating_follows_the_deal_round_the_table(players: int) -> None:
    for seed in SEEDS:
        ex = make("skat.seating", seed, {"table_size": players})
        match = re.search(r"Who is ([\w ]+) in deal (\d+)", ex.prompt)
        assert match
        dealer = (int(match[2]) - 1) % players
        if match[1] == "sitting out":
            expected = dealer
        else:
            expected = (dealer + 1 + list(SEAT_WORDS).index(match[1])) % players
        assert ex.answers == {str(expected)}
        assert len(ex.choices) == players


def test_the_skat_is_the_tenth_and_eleventh_card_dealt() -> None:
    for seed in SEEDS:
        assert make("skat.deal_skat", seed).answers == {"10-11"}


# ----------------------------------------------------------------------------- value and score

STORY = re.compile(
    r"(?:The bid was (?P<bid>\d+)\. )?The declarer plays (?P<game>\w+)(?P<flags>[\w ]*?)"
    r"(?:, (?P<mat>with|without) (?P<n>\d+),)? and takes (?P<rest>.*?)\. What"
)


def _reference_score(ex: Exercise) -> tuple[int, int]:
    """Return (game value, declarer's score) worked out from the prompt by the rule book."""
    match = STORY.match(ex.prompt)
    assert match, ex.prompt
    game, flags = match["game"], match["flags"]
    hand, ouvert = " hand" in flags, "ouvert" in flags
    schwarz_ann = ouvert or "schwarz announced" in flags
    schneider_ann = schwarz_ann or "schneider announced" in flags
    bid = int(match["bid"] or 18)
    if game == "null":
        tricks = 0 if match["rest"] == "no trick" else int(match["rest"].split()[0])
        value = NULLS[(hand, ouvert)]
        won = tricks == 0
        base = value
    else:
        points, tricks = (int(n) for n in re.findall(r"\d+", match["rest"]))
        schneider = points >= 90 or points <= 30
        schwarz = tricks in (0, 10)
        steps = int(match["n"]) + 1 + hand + schneider + schneider_ann + schwarz + schwarz_ann
        base = BASES[game]
        value = base * (steps + ouvert)
        if schwarz_ann:
            won = tricks == 10
        elif schneider_ann:
            won = points >= 90
        else:
            won = points >= 61
    if value < bid:
        value, won = -(-bid // base) * base, False
    return value, value if won else -2 * value


@pytest.mark.parametrize("game", ["spades", "grand", "null", "any"])
def test_game_value_agrees_with_the_rule_book_arithmetic(game: str) -> None:
    for seed in SEEDS:
        ex = make("skat.game_value", seed, {"game": game})
        value, score = _reference_score(ex)
        assert ex.answers == {str(value)} and score == value
        assert str(value) in ex.explanation


@pytest.mark.parametrize("overbid", [True, False, "sometimes"])
def test_game_score_agrees_with_the_rule_book_arithmetic(overbid: bool | str) -> None:
    for seed in SEEDS:
        ex = make("skat.game_score", seed, {"overbid": overbid})
        _, score = _reference_score(ex)
        assert ex.answers == {str(score)}
        if overbid is True:
            assert score < 0 and "overbid" in ex.explanation


def test_overbid_example_from_the_rule_text() -> None:
    """Bid 36, spades with 2 (33): lost as 44, counted double (skat.da.txt, overbidding)."""
    from games.skat import Contract, score_game

    result = score_game(Contract("spades"), 36, cards(["CJ", "SJ"]), 85, 7)
    assert (result.overbid, result.value, result.score) == (True, 44, -88)


# ----------------------------------------------------------------------------- lesson files


def _lessons() -> list[Path]:
    return sorted(LESSONS.glob("[0-9][0-9]-*.md"))


def _front_matter(path: Path) -> dict[str, Any]:
    text = path.read_text(encoding="utf-8")
    _, meta, _ = text.split("---\n", 2)
    data = yaml.safe_load(meta)
    assert isinstance(data, dict)
    return data


def test_there_are_eight_to_ten_lessons() -> None:
    assert 8 <= len(_lessons()) <= 10


def test_every_lesson_has_sources_and_three_working_checkpoints() -> None:
    for path in _lessons():
        meta = _front_matter(path)
        assert meta.get("title") and meta.get("sources"), path.name
        checkpoints = meta["checkpoints"]
        assert len(checkpoints) >= 3, path.name
        for checkpoint in checkpoints:
            assert checkpoint["exercise"] in REGISTRY, (path.name, checkpoint)
            for seed in (0, 1, 2):
                make(checkpoint["exercise"], seed, checkpoint.get("params") or {})


def test_every_lesson_links_its_checkpoints_to_existing_headings() -> None:
    for path in _lessons():
        text = path.read_text(encoding="utf-8")
        anchors = {
            re.sub(r"[^a-z0-9]+", "-", line.lstrip("#").strip().lower()).strip("-")
            for line in text.splitlines()
            if line.startswith("#")
        }
        for checkpoint in _front_matter(path)["checkpoints"]:
            assert checkpoint.get("section", "") in anchors | {""}, (path.name, checkpoint)


DIAGRAM = re.compile(r"^```(hand|trick|deal|auction) skat[^\n]*\n(.*?)^```", re.M | re.S)


def test_every_card_in_the_lesson_diagrams_is_in_the_skat_deck() -> None:
    found = 0
    for path in _lessons():
        for kind, body in DIAGRAM.findall(path.read_text(encoding="utf-8")):
            found += 1
            if kind == "auction":
                continue
            for line in body.splitlines():
                tokens = line.split(":", 1)[-1] if kind != "hand" else line
                for token in tokens.split():
                    assert parse_card(token, SKAT_DECK), (path.name, token)
    assert found >= 10


def test_every_lesson_is_400_to_1200_words() -> None:
    for path in _lessons():
        body = path.read_text(encoding="utf-8").split("---\n", 2)[2]
        words = len(re.sub(r"```.*?```", "", body, flags=re.S).split())
        assert 400 <= words <= 1200, (path.name, words)


def test_the_glossary_gives_the_original_terms() -> None:
    entries = yaml.safe_load((LESSONS / "glossary.yaml").read_text(encoding="utf-8"))
    originals = {e["original"].lower() for e in entries}
    for word in ("vorhand", "mittelhand", "hinterhand", "schneider", "schwarz", "null", "ouvert"):
        assert any(word in o for o in originals), word
    assert {e["language"] for e in entries} >= {"da", "de"}
    assert all(e["english"] and e["meaning"] for e in entries)
