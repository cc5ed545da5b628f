"""Bidding quizzes value every sampled world as their game's valuation says (common.valuation).

The simple players' card choice is made to raise while the bidding quizzes of Skat, 500 and
Kleurenwiezen value their options, for every question each asks; the solver must still be
called (so the check cannot pass by valuing nothing). The same instrument does catch the
shortcut valuation, and a few deals with a result a reader can check by hand pin the values.
Beyond's declarations are valued by ``shortcut(4)``: there the simple players' card choice
raises from the fifth trick on.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import games.beyond
import games.quizzes.beyond.declare as by_declare
import games.quizzes.five_hundred.bid as fh_bid
import games.quizzes.five_hundred.kitty as fh_kitty
import games.quizzes.skat.bid as skat_bid
import games.quizzes.wiezen.bid as wz_bid
import games.skat.tactics
import games.solver
import games.wiezen.players
from games.cards import FIVE_HUNDRED_DECK, SEATS, SKAT_DECK, WIEZEN_DECK
from games.five_hundred import Contract as FhContract
from games.five_hundred import SimplePlayer
from games.five_hundred.calls import parse_call
from games.quizzes import load_generators
from games.quizzes.base import QuizError
from games.quizzes.beyond.settle import pairs_hitting
from games.quizzes.beyond.table import deal_hands
from games.quizzes.common import valuation
from games.quizzes.common.valuation import (
    WHOLE_DEAL,
    Valuation,
    current,
    recheck_indices,
    shortcut,
    stored,
)
from games.quizzes.five_hundred.settle import declarer_tricks
from games.quizzes.skat.outcome import band_outcome, play_out
from games.quizzes.skat.table import Table
from games.quizzes.wiezen.settle import tricks_taken
from games.skat import Contract as SkatContract
from games.skat import Play, score_game
from games.wiezen.contracts import Contract as WzContract
from games.wiezen.contracts import ContractKind

load_generators()


class SimplePlay(AssertionError):
    """A simple player was asked for a card while a bidding quiz valued its worlds."""


def _replace_everywhere(monkeypatch: pytest.MonkeyPatch, fn: Any, new: Any) -> None:
    """Replace ``fn`` in every loaded module that holds it by name (imports included)."""
    for module in list(sys.modules.values()):
        names = getattr(module, "__dict__", None)
        if not isinstance(names, dict):
            continue
        for name, value in list(names.items()):
            if value is fn:
                monkeypatch.setattr(module, name, new)


def _refuse(what: str) -> Callable[..., Any]:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise SimplePlay(f"the simple players chose a card ({what})")

    return refuse


@pytest.fixture
def no_simple_play(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make every simple card choice raise; return a list counting the solver's calls."""
    _replace_everywhere(monkeypatch, games.skat.tactics.choose_card, _refuse("skat"))
    _replace_everywhere(monkeypatch, games.wiezen.players.choose_card, _refuse("wiezen"))
    monkeypatch.setattr(SimplePlayer, "choose_card", _refuse("500"))
    calls = [0]
    solve = games.solver.solve

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return solve(*args, **kwargs)

    _replace_everywhere(monkeypatch, solve, counted)
    solve_many = games.solver.solve_many

    def counted_many(items: Any, *args: Any, **kwargs: Any) -> Any:
        items = list(items)
        calls[0] += len(items)
        return solve_many(items, *args, **kwargs)

    _replace_everywhere(monkeypatch, solve_many, counted_many)
    return calls


def _fewer(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, n: int) -> None:
    monkeypatch.setattr(module, name, n)


def _seeds(question: Callable[[int], str], wanted: str) -> Iterator[int]:
    return (s for s in range(1, 400) if question(s) == wanted)


# ----------------------------------------------------------------------------- Skat


@pytest.mark.parametrize("question", ["limit", "hand", "game", "discard"])
def test_skat_bid_worlds_are_solved_whole(no_simple_play, question):
    for seed in _seeds(skat_bid.question_for, question):
        made = skat_bid.make_spec(seed, None)
        if made is not None and made[0].question == question:
            break
    spec = made[0]
    worlds = skat_bid.sample_bid_worlds(spec, seed, n=4)
    samples = skat_bid.evaluate(spec, worlds, WHOLE_DEAL)
    assert all(len(v) == 4 for v in samples.values())
    if question == "limit":
        # Every option may pass out of the auction; a seat that declares has been solved.
        assert no_simple_play[0] > 0 or not any(p.declared for v in samples.values() for p in v)
    else:
        assert no_simple_play[0] > 0


def test_skat_generator_values_by_whole_deals(no_simple_play, monkeypatch):
    """The real setting: every world of every question a new Skat bidding quiz asks is solved
    from the first lead (no monkeypatched valuation; only fewer worlds)."""
    assert current("skat") == WHOLE_DEAL
    sample = skat_bid.sample_bid_worlds
    monkeypatch.setattr(
        skat_bid, "sample_bid_worlds", lambda spec, seed, n=4: sample(spec, seed, n=4)
    )
    asked = set()
    for question in ("limit", "hand", "game", "discard"):
        for seed in list(_seeds(skat_bid.question_for, question))[:3]:
            draft = skat_bid.bid_quiz(seed, "single_dummy")
            asked.add(question)
            if draft is not None:
                assert draft.extra["valuation"] == WHOLE_DEAL.as_json()
    assert asked == {"limit", "hand", "game", "discard"}
    assert no_simple_play[0] > 0


def test_the_instrument_catches_the_shortcut(no_simple_play):
    made = skat_bid.make_spec(next(_seeds(skat_bid.question_for, "game")), None)
    spec = made[0]
    worlds = skat_bid.sample_bid_worlds(spec, 1, n=1)
    with pytest.raises(SimplePlay):
        skat_bid.evaluate(spec, worlds, shortcut(4))
    hands = _wiezen_deal(3)
    with pytest.raises(SimplePlay):
        tricks_taken(hands, WIEZEN_CONTRACTS["alone"], shortcut(6))
    fh_deck = list(FIVE_HUNDRED_DECK)
    random.Random(2).shuffle(fh_deck)
    fh = {s: fh_deck[10 * i : 10 * (i + 1)] for i, s in enumerate(SEATS)}
    with pytest.raises(SimplePlay):
        declarer_tricks(fh, fh_deck[40:], FhContract(parse_call("7S"), "N"), None, shortcut(2))


def test_a_skat_grand_with_every_top_card_scores_by_hand():
    # Four jacks, the four aces and two tens: the declarer takes every trick, 120 points.
    own = SKAT_DECK.parse_hand(["CJ", "SJ", "HJ", "DJ", "CA", "SA", "HA", "DA", "CT", "ST"])
    rest = [c for c in SKAT_DECK if c not in own]
    hands = [own, rest[:10], rest[10:20]]
    skat = rest[20:]
    contract = SkatContract("grand")
    outcome = play_out(contract, hands, 0, skat, WHOLE_DEAL)
    # The top band (90 or more) and every trick: grand 24 x (with 4, game 1, schneider 1,
    # schwarz 1) = 168.
    assert (outcome.points, outcome.tricks) == (90, 10)
    assert outcome.score(contract, 18, [*own, *skat]) == 168
    # The shortcut scores no schwarz (the quizzes made with it did not): 24 x 6 = 144.
    short = play_out(contract, hands, 0, skat, shortcut(4))
    assert short.score(contract, 18, [*own, *skat]) == 144


def test_a_skat_declarer_without_a_trick_is_schwarz():
    # The declarer holds the ten lowest cards of grand: nines, eights, sevens and two kings
    # under the others' jacks and aces, and takes no trick (lost, schneider and schwarz).
    own = SKAT_DECK.parse_hand(["C9", "C8", "C7", "S9", "S8", "S7", "H9", "H8", "H7", "D7"])
    others = SKAT_DECK.parse_hand(["CJ", "SJ", "HJ", "DJ", "CA", "SA", "HA", "DA", "CT", "ST"])
    rest = [c for c in SKAT_DECK if c not in own and c not in others]
    contract = SkatContract("grand")
    outcome = play_out(contract, [own, others, rest[:10]], 0, rest[10:], WHOLE_DEAL)
    assert (outcome.points, outcome.tricks) == (0, 0)
    # Grand 24 x (without 4, game 1, schneider 1, schwarz 1) = 168, lost: -336.
    assert outcome.score(contract, 18, [*own, *rest[10:]]) == -336


@pytest.mark.parametrize("game", ["grand", "clubs", "hearts", "diamonds"])
def test_skat_bands_score_as_the_exact_card_points(game):
    """The band search scores every world as the exact card-point solve does."""
    rng = random.Random(game)
    for _ in range(6):
        deck = list(SKAT_DECK)
        rng.shuffle(deck)
        hands = [deck[0:10], deck[10:20], deck[20:30]]
        skat = deck[30:]
        declarer = rng.randrange(3)
        contract = SkatContract(game)
        play = Play(game, [list(h) for h in hands], declarer, leader=0, skat=list(skat))
        table = Table.from_play(play)
        exact = table.value()
        band = band_outcome(table, schwarz=False)
        twelve = [*hands[declarer], *skat]
        for bid in (18, 36, 72):
            want = score_game(contract, bid, twelve, exact, 5).score
            assert band.score(contract, bid, twelve) == want, (exact, band, bid)


# ----------------------------------------------------------------------------- 500


@pytest.mark.parametrize("question", ["contract", "kitty"])
def test_five_hundred_bid_worlds_are_solved_whole(no_simple_play, monkeypatch, question):
    _fewer(monkeypatch, fh_bid, "N_WORLDS", 4)
    _fewer(monkeypatch, fh_kitty, "N_WORLDS", 4)
    seeds = _first(fh_kitty.choose_question, question)
    drafts = [fh_bid.bid_quiz(s, "single_dummy") for s in seeds]
    assert no_simple_play[0] > 0
    for draft in filter(None, drafts):
        assert draft.extra["valuation"] == WHOLE_DEAL.as_json()


def _first(question: Callable[[int], str], wanted: str, n: int = 3) -> list[int]:
    seeds = _seeds(question, wanted)
    return [next(seeds) for _ in range(n)]


def test_five_hundred_ten_top_trumps_take_every_trick():
    deck = list(FIVE_HUNDRED_DECK)
    top = FIVE_HUNDRED_DECK.parse_hand(["X1", "SJ", "CJ", "SA", "SK", "SQ", "ST", "S9", "S8", "S7"])
    rest = [c for c in deck if c not in top]
    random.Random(5).shuffle(rest)
    hands = {"N": top, "E": rest[:10], "S": rest[10:20], "W": rest[20:30]}
    kitty = rest[30:]
    assert declarer_tricks(hands, kitty, FhContract(parse_call("10S"), "N")) == 10


# ----------------------------------------------------------------------------- Kleurenwiezen


def _wiezen_deal(seed: int) -> dict[str, list[Any]]:
    cards = list(WIEZEN_DECK)
    random.Random(seed).shuffle(cards)
    return {s: cards[13 * i : 13 * (i + 1)] for i, s in enumerate(SEATS)}


WIEZEN_CONTRACTS = {
    "ask_join": WzContract(ContractKind.ASK_JOIN, ("N", "S"), "H", 8, "E"),
    "alone": WzContract(ContractKind.ALONE, ("N",), "S", 5, "E"),
    "abondance": WzContract(ContractKind.ABONDANCE, ("W",), "D", 9, "N"),
    "miserie": WzContract(ContractKind.MISERIE, ("E",), None, 0, "S"),
}


@pytest.mark.parametrize("kind", sorted(WIEZEN_CONTRACTS))
def test_wiezen_contracts_are_solved_whole(no_simple_play, kind):
    won = tricks_taken(_wiezen_deal(3), WIEZEN_CONTRACTS[kind], WHOLE_DEAL)
    assert sum(won.values()) == 13
    assert no_simple_play[0] > 0


def test_wiezen_generator_values_by_whole_deals(no_simple_play, monkeypatch):
    """Kleurenwiezen's generator plays every world whole from the first lead (no monkeypatched
    valuation; only fewer worlds)."""
    assert current("wiezen") == WHOLE_DEAL
    _fewer(monkeypatch, wz_bid, "WORLDS", 3)
    drafts = [wz_bid.bid_quiz(s, "single_dummy") for s in (2, 3, 4)]
    assert no_simple_play[0] > 0 and any(drafts)
    for draft in filter(None, drafts):
        assert draft.extra["valuation"] == WHOLE_DEAL.as_json()


def test_wiezen_all_thirteen_trumps_take_every_trick():
    cards = list(WIEZEN_DECK)
    spades = [c for c in cards if c.suit == "S"]
    rest = [c for c in cards if c.suit != "S"]
    random.Random(1).shuffle(rest)
    world = {"N": spades, "E": rest[:13], "S": rest[13:26], "W": rest[26:]}
    won = tricks_taken(world, WIEZEN_CONTRACTS["alone"], WHOLE_DEAL)
    assert won["N"] == 13


# ----------------------------------------------------------------------------- Beyond

BEYOND_PLAYED = 4  # tricks the simple players play in a Beyond declaration quiz's world


@pytest.fixture
def beyond_four_tricks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make the Beyond simple players' card choice raise from the fifth trick on; return
    [simple cards played, solver calls]."""
    counts = [0, 0]
    choose = games.beyond.choose_card

    def first_tricks_only(play: Any, *args: Any, **kwargs: Any) -> Any:
        if len(play.completed) >= BEYOND_PLAYED:
            raise SimplePlay(f"a simple player chose a card of trick {len(play.completed) + 1}")
        counts[0] += 1
        return choose(play, *args, **kwargs)

    _replace_everywhere(monkeypatch, choose, first_tricks_only)
    solve = games.solver.solve

    def counted(*args: Any, **kwargs: Any) -> Any:
        counts[1] += 1
        return solve(*args, **kwargs)

    _replace_everywhere(monkeypatch, solve, counted)
    return counts


def test_beyond_declarations_play_four_tricks_and_solve_the_rest(beyond_four_tricks, monkeypatch):
    """The real setting: a new declaration quiz's worlds are played by the simple players for
    four tricks and solved from the fifth (no monkeypatched valuation; only fewer worlds)."""
    assert current("beyond") == shortcut(BEYOND_PLAYED)
    sample = by_declare.declaration_worlds
    monkeypatch.setattr(
        by_declare,
        "declaration_worlds",
        lambda table, seat, before, seed, n=4: sample(table, seat, before, seed, n=4),
    )
    drafts = [by_declare.declaration_quiz(s) for s in (20, 22, 30)]
    simple, solved = beyond_four_tricks
    assert simple > 0 and solved > 0
    for draft in filter(None, drafts):
        assert draft.extra["valuation"] == shortcut(BEYOND_PLAYED).as_json()


def test_the_beyond_instrument_catches_a_fifth_simple_trick(beyond_four_tricks):
    world = deal_hands(5)
    targets = {"N": 3, "E": 3, "S": 3, "W": 3}
    pairs_hitting(world, "W", "S", targets, shortcut(BEYOND_PLAYED))
    with pytest.raises(SimplePlay, match="trick 5"):
        pairs_hitting(world, "W", "S", targets, shortcut(BEYOND_PLAYED + 1))


# ----------------------------------------------------------------------------- the record


def test_a_stored_quiz_names_its_valuation_and_old_ones_read_as_the_shortcut():
    assert stored("skat", {"valuation": {"method": "whole_deal", "played_tricks": 0}}).whole
    assert stored("skat", {}) == shortcut(4)
    assert stored("five_hundred", {}) == shortcut(2)
    assert stored("wiezen", {"solve_tricks": 7}) == shortcut(6)
    assert current("beyond") == valuation.BID_VALUATION["beyond"]
    # 500, Skat and Kleurenwiezen are valued by whole deals; Beyond by the simple players' first
    # four tricks and the solver's last nine, until a whole Beyond deal solves fast enough.
    assert current("five_hundred").whole and current("skat").whole and current("wiezen").whole
    assert current("beyond") == shortcut(4)
    # Beyond quizzes stored before their valuation was recorded played nine tricks.
    assert stored("beyond", {}) == shortcut(9)
    assert Valuation.from_json(shortcut(9).as_json()) == shortcut(9)
    with pytest.raises(QuizError, match="valuation"):
        stored("skat", {"valuation": {"method": "half", "played_tricks": 0}})
    with pytest.raises(QuizError, match="simple players"):
        Valuation("whole_deal", 3)


def test_a_recheck_plays_again_the_worlds_spread_evenly_the_first_among_them():
    assert recheck_indices(100, 10) == list(range(0, 100, 10))
    assert recheck_indices(7, 3) == [0, 2, 4]
    assert recheck_indices(5, None) == recheck_indices(5, 9) == [0, 1, 2, 3, 4]
    with pytest.raises(QuizError, match="at least one world"):
        recheck_indices(5, 0)
