"""Dealing under constraints and sampling hidden hands consistent with a seat's knowledge."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.cards import Card, deck_for
from games.constraints import LAYOUTS, parse
from games.sampling import NoDealFound, SampledDeal, SamplingError, deal_matching, sample_worlds

GAMES = tuple(LAYOUTS)
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def all_cards(deal: dict[str, list[Card]]) -> list[Card]:
    return [card for cards in deal.values() for card in cards]


# ---------------------------------------------------------------- whole deals


@pytest.mark.parametrize("game", GAMES)
def test_deal_matching_deals_every_card_once_in_the_right_sizes(game):
    sampled = deal_matching(game, None, seed=5)
    layout = LAYOUTS[game]
    deal = sampled.as_deal()
    assert list(deal) == list(layout.places)
    assert {place: len(cards) for place, cards in deal.items()} == {
        place: layout.size_of(place) for place in layout.places
    }
    assert Counter(all_cards(deal)) == Counter(deck_for(game).cards)
    assert sampled.tries == 1


def test_deal_matching_is_deterministic_per_seed():
    text = "N.spades >= 5 and N.hcp in 12..17"
    assert deal_matching("wiezen", text, seed=11) == deal_matching("wiezen", text, seed=11)
    assert deal_matching("wiezen", text, seed=11) != deal_matching("wiezen", text, seed=12)


def test_deal_matching_returns_a_deal_the_constraint_accepts():
    constraint = parse("N.spades >= 5 and N.hcp in 12..17", "wiezen")
    sampled = deal_matching("wiezen", constraint, seed="quiz-1")
    assert constraint.matches(sampled.as_deal())
    assert sampled.tries >= 1


def test_the_extra_pile_is_named_for_its_game():
    assert deal_matching("skat", "skat has CJ", seed=1).extra_name == "skat"
    assert deal_matching("five_hundred", "kitty.jokers == 1", seed=1).extra_name == "kitty"
    assert deal_matching("beyond", None, seed=1).extra == []


def test_cards_a_constraint_requires_are_placed_before_dealing():
    sampled = deal_matching("skat", "0 has CJ, SJ and skat has HA", seed=3)
    assert {Card("C", "J"), Card("S", "J")} <= set(sampled.hands["0"])
    assert Card("H", "A") in sampled.extra
    # Requiring cards narrows the deal without rejecting: the first deal already fits.
    assert sampled.tries == 1


def test_a_provably_impossible_constraint_fails_at_once():
    with pytest.raises(NoDealFound) as caught:
        deal_matching("wiezen", "N.spades >= 9 and N.hearts >= 5", seed=1, max_tries=10**9)
    assert str(caught.value).startswith("no deal found after 0 tries")
    assert "suit lengths add up to at least 14" in str(caught.value)
    assert caught.value.tries == 0


def test_conflicting_required_cards_fail_even_when_the_proof_gives_up():
    # Nine two-way choices make 512 alternatives, more than the impossibility proof expands.
    choices = " and ".join(f"(W.hcp > {k} or E.hcp > {k})" for k in range(9))
    with pytest.raises(NoDealFound, match=r"^no deal found after 0 tries \(the cards it requires"):
        deal_matching("wiezen", f"N has SA and E has SA and {choices}", seed=1)


def test_a_too_rare_constraint_gives_up_after_max_tries():
    with pytest.raises(NoDealFound, match=r"^no deal found after 50 tries$") as caught:
        deal_matching("wiezen", "N.spades == 13", seed=1, max_tries=50)
    assert caught.value.tries == 50


def test_a_constraint_for_another_game_is_refused():
    with pytest.raises(SamplingError, match="for beyond"):
        deal_matching("wiezen", parse("N.jokers == 1", "beyond"), seed=1)


def test_constraint_text_errors_surface_from_deal_matching():
    with pytest.raises(ValueError, match="col 2: 'jokers' does not apply to wiezen"):
        deal_matching("wiezen", "N.jokers == 1", seed=1)


def test_max_tries_must_be_positive():
    with pytest.raises(SamplingError, match="max_tries"):
        deal_matching("wiezen", None, seed=1, max_tries=0)


CONDITIONS = {
    "skat": ["0.jacks >= 2", "1.points >= 30", "skat.points >= 10", "2.clubs in 2..4", "0 has CA"],
    "beyond": ["N.jokers >= 1", "S.hcp >= 12", "E.spades <= 2", "not W has X3", "N.aces >= 1"],
    "five_hundred": ["kitty.jokers == 0", "N.hearts >= 4", "E.jacks >= 1", "W has HJ, DJ"],
    "wiezen": ["N.hcp >= 14", "S.spades >= 5", "E.aces == 0", "W.diamonds != 3", "N has SA"],
}


@st.composite
def game_and_constraint(draw: st.DrawFn) -> tuple[str, str]:
    game = draw(st.sampled_from(GAMES))
    parts = draw(st.lists(st.sampled_from(CONDITIONS[game]), min_size=1, max_size=3, unique=True))
    joiner = draw(st.sampled_from([" and ", " or "]))
    return game, joiner.join(parts)


@FAST
@given(game_and_constraint(), st.integers(0, 10**6))
def test_deal_matching_honours_random_constraints(game_constraint, seed):
    game, text = game_constraint
    try:
        sampled = deal_matching(game, text, seed, max_tries=400)
    except NoDealFound as error:
        assert str(error).startswith("no deal found after")
        return
    assert isinstance(sampled, SampledDeal)
    assert parse(text, game).matches(sampled.as_deal())
    assert Counter(all_cards(sampled.as_deal())) == Counter(deck_for(game).cards)


# ---------------------------------------------------------------- worlds for a seat


def split_deal(game: str, seed: int, known_places: list[str]):
    """Deal a full deal and return (known hands, hidden cards, hidden sizes, the true deal)."""
    truth = deal_matching(game, None, seed).as_deal()
    known = {place: truth[place] for place in known_places}
    hidden = [card for place, cards in truth.items() if place not in known for card in cards]
    sizes = {place: len(cards) for place, cards in truth.items() if place not in known}
    return known, hidden, sizes, truth


def test_worlds_keep_known_hands_and_give_each_hidden_seat_its_size():
    known, hidden, sizes, _ = split_deal("wiezen", 2, ["N", "S"])
    worlds = sample_worlds("wiezen", known, hidden, sizes, rng=4, n=25)
    assert len(worlds) == 25
    for world in worlds:
        assert list(world) == ["N", "E", "S", "W"]
        assert world["N"] == known["N"] and world["S"] == known["S"]
        assert len(world["E"]) == len(world["W"]) == 13
        assert Counter(all_cards(world)) == Counter(deck_for("wiezen").cards)


def test_worlds_are_deterministic_per_seed_and_independent_of_input_order():
    known, hidden, sizes, _ = split_deal("beyond", 3, ["N"])
    first = sample_worlds("beyond", known, hidden, sizes, rng=9, n=5, voids={"E": {"S"}})
    again = sample_worlds("beyond", known, hidden[::-1], sizes, rng=9, n=5, voids={"E": {"S"}})
    other = sample_worlds("beyond", known, hidden, sizes, rng=10, n=5, voids={"E": {"S"}})
    assert first == again
    assert first != other


def test_worlds_accept_a_random_generator_and_advance_it():
    known, hidden, sizes, _ = split_deal("wiezen", 3, ["N"])
    rng = random.Random(1)
    first = sample_worlds("wiezen", known, hidden, sizes, rng, n=1)
    second = sample_worlds("wiezen", known, hidden, sizes, rng, n=1)
    assert first != second


def test_a_void_seat_never_receives_that_suit():
    known, hidden, sizes, _ = split_deal("wiezen", 8, ["N"])
    voids = {"E": {"S", "H"}, "W": {"D"}}
    worlds = sample_worlds("wiezen", known, hidden, sizes, rng=1, n=50, voids=voids)
    for world in worlds:
        assert not {card.suit for card in world["E"]} & {"S", "H"}
        assert all(card.suit != "D" for card in world["W"])


def test_suit_of_lets_skat_jacks_count_as_trumps_for_a_void():
    def clubs_game_suit(card: Card) -> str:
        return "trump" if card.rank == "J" or card.suit == "C" else card.suit

    known, hidden, sizes, _ = split_deal("skat", 4, ["0"])
    worlds = sample_worlds(
        "skat", known, hidden, sizes, rng=2, n=40, voids={"1": {"trump"}}, suit_of=clubs_game_suit
    )
    for world in worlds:
        assert all(clubs_game_suit(card) != "trump" for card in world["1"])
    assert any(card.rank == "J" for world in worlds for card in world["2"] + world["skat"])


def test_held_cards_stay_with_their_seat():
    known, hidden, sizes, truth = split_deal("five_hundred", 6, ["N"])
    exposed = truth["E"][:2]
    worlds = sample_worlds("five_hundred", known, hidden, sizes, rng=3, n=30, holds={"E": exposed})
    assert all(set(exposed) <= set(world["E"]) for world in worlds)
    assert all(len(world["kitty"]) == 3 for world in worlds)


def test_accept_filters_worlds_by_rejection():
    known, hidden, sizes, _ = split_deal("wiezen", 1, ["N"])

    def east_has_an_ace(world: dict[str, list[Card]]) -> bool:
        return any(card.rank == "A" for card in world["E"])

    worlds = sample_worlds("wiezen", known, hidden, sizes, rng=5, n=20, accept=east_has_an_ace)
    assert all(east_has_an_ace(world) for world in worlds)


def test_worlds_give_up_when_accept_refuses_everything():
    known, hidden, sizes, _ = split_deal("wiezen", 1, ["N"])
    with pytest.raises(NoDealFound, match=r"^no deal found after 30 tries"):
        sample_worlds(
            "wiezen", known, hidden, sizes, rng=5, n=2, accept=lambda w: False, max_tries=30
        )


def test_zero_worlds_is_an_empty_list():
    known, hidden, sizes, _ = split_deal("wiezen", 1, ["N"])
    assert sample_worlds("wiezen", known, hidden, sizes, rng=5, n=0) == []


def test_worlds_are_uniform_over_the_consistent_deals():
    # Six hidden cards, E void in spades: count every consistent world and compare frequencies.
    cards = [
        Card("S", "A"),
        Card("S", "K"),
        Card("H", "A"),
        Card("H", "K"),
        Card("D", "A"),
        Card("C", "A"),
    ]
    sizes = {"E": 2, "S": 2, "W": 2}
    consistent = []
    for east in itertools.combinations(cards, 2):
        rest = [c for c in cards if c not in east]
        for south in itertools.combinations(rest, 2):
            if all(card.suit != "S" for card in east):
                consistent.append((frozenset(east), frozenset(south)))
    worlds = sample_worlds("wiezen", {}, cards, sizes, rng=1, n=3000, voids={"E": {"S"}})
    seen = Counter((frozenset(w["E"]), frozenset(w["S"])) for w in worlds)
    assert set(seen) == set(consistent)
    expected = 3000 / len(consistent)
    # 36 outcomes of about 83 draws each: a biased dealer would leave some far off.
    assert all(abs(count - expected) < 0.45 * expected for count in seen.values())


@st.composite
def views(draw: st.DrawFn):
    game = draw(st.sampled_from(GAMES))
    layout = LAYOUTS[game]
    seed = draw(st.integers(0, 10**6))
    known_places = draw(st.lists(st.sampled_from(layout.seats), max_size=2, unique=True))
    known, hidden, sizes, truth = split_deal(game, seed, known_places)
    voids = {}
    holds = {}
    for place in sizes:
        # Facts taken from the true deal, so at least one consistent world always exists.
        missing = {"S", "H", "D", "C"} - {card.suit for card in truth[place]}
        voids[place] = draw(st.sets(st.sampled_from(sorted(missing)))) if missing else set()
        holds[place] = draw(st.lists(st.sampled_from(truth[place]), max_size=2, unique=True))
    return game, known, hidden, sizes, voids, holds


@FAST
@given(views(), st.integers(0, 1000))
def test_worlds_honour_sizes_voids_holds_and_use_every_card_once(view, seed):
    game, known, hidden, sizes, voids, holds = view
    worlds = sample_worlds(game, known, hidden, sizes, seed, n=5, voids=voids, holds=holds)
    for world in worlds:
        assert Counter(all_cards(world)) == Counter([*all_cards(known), *hidden])
        for place, size in sizes.items():
            assert len(world[place]) == size
            assert not {card.suit for card in world[place]} & voids[place]
            assert set(holds[place]) <= set(world[place])
        for place, cards in known.items():
            assert world[place] == cards


# ---------------------------------------------------------------- contradictions and bad input


def test_a_known_hand_holding_a_voided_suit_is_a_contradiction():
    known, hidden, sizes, truth = split_deal("wiezen", 1, ["N"])
    suit = truth["N"][0].suit
    with pytest.raises(NoDealFound, match=rf"^no deal found after 0 tries \(N is void in {suit}"):
        sample_worlds("wiezen", known, hidden, sizes, rng=1, n=1, voids={"N": {suit}})


def test_holding_a_card_of_a_voided_suit_is_a_contradiction():
    known, hidden, sizes, _ = split_deal("wiezen", 1, ["N"])
    card = hidden[0]
    with pytest.raises(NoDealFound, match=f"E is void in {card.suit} but must hold {card}"):
        sample_worlds(
            "wiezen", known, hidden, sizes, 1, 1, voids={"E": {card.suit}}, holds={"E": [card]}
        )


def test_a_suit_every_hidden_seat_is_void_in_cannot_be_dealt():
    known, hidden, sizes, _ = split_deal("wiezen", 1, ["N"])
    voids = {place: {"C"} for place in sizes}
    with pytest.raises(NoDealFound, match="all are void in C"):
        sample_worlds("wiezen", known, hidden, sizes, 1, 1, voids=voids)


def test_voids_that_leave_too_little_room_are_a_contradiction():
    cards = [Card("S", "A"), Card("S", "K"), Card("S", "Q"), Card("H", "A")]
    with pytest.raises(NoDealFound, match="leave no way"):
        sample_worlds("wiezen", {}, cards, {"E": 2, "W": 2}, 1, 1, voids={"E": {"S"}})


def test_a_card_held_by_two_seats_is_a_contradiction():
    known, hidden, sizes, _ = split_deal("wiezen", 1, ["N"])
    with pytest.raises(NoDealFound, match=f"{hidden[0]} cannot be held by both E and W"):
        sample_worlds(
            "wiezen", known, hidden, sizes, 1, 1, holds={"E": [hidden[0]], "W": [hidden[0]]}
        )


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda k, h, s: (k, h[:-1], s), "hidden sizes add up to 39 but 38 cards are hidden"),
        (lambda k, h, s: (k, [*h, k["N"][0]], {**s, "E": 14}), "is given twice"),
        (lambda k, h, s: ({"Q": k["N"]}, h, s), "unknown place 'Q' in known"),
        (lambda k, h, s: (k, h, {**s, "kitty": 0}), "unknown place 'kitty' in hidden_sizes"),
        (lambda k, h, s: (k, [*h[:-1], Card("X", "1")], s), "X1 is not in the wiezen deck"),
        (lambda k, h, s: (k, [*h[:-1], "ZZ"], s), "bad card 'ZZ'"),
        (lambda k, h, s: (k, h, {**s, "N": 0}), "N is both known and hidden"),
    ],
)
def test_malformed_input_raises_a_sampling_error_naming_the_fault(change, fragment):
    known, hidden, sizes, _ = split_deal("wiezen", 1, ["N"])
    known, hidden, sizes = change(known, hidden, sizes)
    with pytest.raises(SamplingError, match=fragment.replace("(", r"\(")):
        sample_worlds("wiezen", known, hidden, sizes, 1, 1)
