"""The deal constraint language: parsing, errors with columns, round trips, matching, proofs."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.cards import Card, NotationError, deck_for, parse_pbn
from games.constraints import (
    LAYOUTS,
    And,
    Compare,
    ConstraintError,
    Has,
    InRange,
    MissingHand,
    Node,
    Not,
    Or,
    impossibility,
    parse,
    render,
)

GAMES = tuple(LAYOUTS)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# ---------------------------------------------------------------- a reference written apart

HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
SKAT_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
SUIT_OF_FEATURE = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}


def reference_feature(feature: str, cards: list[Card]) -> int:
    """Count a feature card by card, independently of the mask arithmetic under test."""
    total = 0
    for card in cards:
        if feature in SUIT_OF_FEATURE:
            total += card.suit == SUIT_OF_FEATURE[feature]
        elif feature == "hcp":
            total += 0 if card.is_joker else HCP.get(card.rank, 0)
        elif feature == "points":
            total += SKAT_POINTS.get(card.rank, 0)
        elif feature == "aces":
            total += card.rank == "A"
        elif feature == "jacks":
            total += card.rank == "J" and not card.is_joker
        elif feature == "jokers":
            total += card.is_joker
        elif feature == "cards":
            total += 1
    return total


def reference_truth(node: Node, deal: dict[str, list[Card]]) -> bool:
    if isinstance(node, Compare):
        value = reference_feature(node.feature, deal[node.place])
        return {
            "==": value == node.value,
            "!=": value != node.value,
            "<": value < node.value,
            "<=": value <= node.value,
            ">": value > node.value,
            ">=": value >= node.value,
        }[node.op]
    if isinstance(node, InRange):
        return node.low <= reference_feature(node.feature, deal[node.place]) <= node.high
    if isinstance(node, Has):
        return all(card in deal[node.place] for card in node.cards)
    if isinstance(node, Not):
        return not reference_truth(node.inner, deal)
    if isinstance(node, And):
        return all(reference_truth(part, deal) for part in node.parts)
    return any(reference_truth(part, deal) for part in node.parts)


def random_deal(game: str, seed: int) -> dict[str, list[Card]]:
    layout = LAYOUTS[game]
    cards = deck_for(game).shuffled(seed)
    deal = {}
    for place in layout.places:
        size = layout.size_of(place)
        deal[place], cards = cards[:size], cards[size:]
    return deal


def features_for(game: str) -> list[str]:
    names = ["spades", "hearts", "diamonds", "clubs", "hcp", "aces", "jacks", "cards"]
    if game in ("beyond", "five_hundred"):
        names.append("jokers")
    if game == "skat":
        names.append("points")
    return names


def trees(game: str) -> st.SearchStrategy[Node]:
    """Draw random syntax trees that are valid for ``game``."""
    places = st.sampled_from(LAYOUTS[game].places)
    features = st.sampled_from(features_for(game))
    numbers = st.integers(0, 20)
    compare = st.builds(
        Compare, places, features, st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), numbers
    )
    ranges = st.builds(
        lambda p, f, a, b: InRange(p, f, min(a, b), max(a, b)), places, features, numbers, numbers
    )
    has = st.builds(
        Has,
        places,
        st.lists(st.sampled_from(deck_for(game).cards), min_size=1, max_size=3, unique=True).map(
            tuple
        ),
    )
    leaves = st.one_of(compare, ranges, has)
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.builds(Not, inner),
            st.lists(inner, min_size=2, max_size=3).map(lambda ps: And(tuple(ps))),
            st.lists(inner, min_size=2, max_size=3).map(lambda ps: Or(tuple(ps))),
        ),
        max_leaves=6,
    )


def game_and_tree() -> st.SearchStrategy[tuple[str, Node]]:
    return st.sampled_from(GAMES).flatmap(lambda g: trees(g).map(lambda t: (g, t)))


# ---------------------------------------------------------------- reading and normal form


@pytest.mark.parametrize(
    ("text", "game", "normal"),
    [
        ("N.spades >= 5 and N.hcp in 12..17", "wiezen", "N.spades >= 5 and N.hcp in 12..17"),
        ("0.jacks >= 2 and 0 has CJ", "skat", "0.jacks >= 2 and 0 has CJ"),
        ("not (E has X1 or E has X2)", "beyond", "not (E has X1 or E has X2)"),
        ("S.hearts in 0..1", "wiezen", "S.hearts in 0..1"),
        ("W.jokers == 0", "beyond", "W.jokers == 0"),
        ("skat has CJ", "skat", "skat has CJ"),
        ("kitty.jokers == 1", "five_hundred", "kitty.jokers == 1"),
        ("S.H in 0 .. 1", "wiezen", "S.hearts in 0..1"),
        ("n.SPADES>=5 AND s has cj,h10", "wiezen", "N.spades >= 5 and S has CJ, HT"),
        ("N.hcp = 12", "beyond", "N.hcp == 12"),
        ("((N.hcp >= 12))", "wiezen", "N.hcp >= 12"),
        (
            "N.aces>1 and (E.aces>1 and W.aces>1)",
            "wiezen",
            "N.aces > 1 and E.aces > 1 and W.aces > 1",
        ),
        ("2.points >= 007", "skat", "2.points >= 7"),
    ],
)
def test_parse_normalises_the_text(text, game, normal):
    assert parse(text, game).text == normal


def test_not_binds_tighter_than_and_which_binds_tighter_than_or():
    root = parse("not N has SA and E has SA or W has SA", "wiezen").root
    n_has, e_has, w_has = (Has(seat, (Card("S", "A"),)) for seat in "NEW")
    assert root == Or((And((Not(n_has), e_has)), w_has))


def test_parentheses_override_precedence_and_survive_normalising():
    constraint = parse("N has SA and (E has SK or W has SK)", "wiezen")
    assert isinstance(constraint.root, And)
    assert isinstance(constraint.root.parts[1], Or)
    assert constraint.text == "N has SA and (E has SK or W has SK)"


def test_not_of_a_group_keeps_its_parentheses():
    assert parse("not (N.hcp > 3 and S.hcp > 3)", "wiezen").text == "not (N.hcp > 3 and S.hcp > 3)"


def test_every_place_of_every_game_can_be_named():
    for game, layout in LAYOUTS.items():
        for place in layout.places:
            assert parse(f"{place}.cards >= 0", game).places == {place}


@FAST
@given(game_and_tree())
def test_rendered_trees_read_back_to_the_same_meaning_and_text(game_tree):
    game, tree = game_tree
    text = render(tree)
    first = parse(text, game)
    again = parse(first.text, game)
    assert again == first
    assert again.text == first.text
    deal = random_deal(game, len(text))
    assert first.matches(deal) == reference_truth(tree, deal)


# ---------------------------------------------------------------- errors name their column


@pytest.mark.parametrize(
    ("text", "game", "column", "fragment"),
    [
        ("N.spades >= x", "wiezen", 12, "expected a number after '>=' but found 'x'"),
        ("N.spades >= 5 and", "wiezen", 17, "but found end of text"),
        ("N.spadez >= 5", "wiezen", 2, "unknown feature 'spadez'"),
        ("Q.spades >= 5", "wiezen", 0, "unknown seat 'Q' for wiezen"),
        ("N.jokers == 0", "wiezen", 2, "'jokers' does not apply to wiezen"),
        ("0.jokers >= 1", "skat", 2, "'jokers' does not apply to skat"),
        ("N.points >= 30", "beyond", 2, "applies only to skat"),
        ("kitty has X1", "skat", 0, "unknown seat 'kitty'"),
        ("skat has CJ", "five_hundred", 0, "unknown seat 'skat'"),
        ("0 has S2", "skat", 6, "S2 is not in the skat deck"),
        ("N has X1", "wiezen", 6, "X1 is not in the wiezen deck"),
        ("N has C4", "five_hundred", 6, "C4 is not in the five_hundred deck"),
        ("N has CJ, cj", "wiezen", 10, "card CJ is listed twice"),
        ("N has ZZ", "wiezen", 6, "bad card 'ZZ'"),
        ("(N.hcp >= 12", "wiezen", 12, "expected ')' to close the '(' at col 0"),
        ("N.hcp in 17..12", "wiezen", 9, "empty range 17..12"),
        ("N.hcp in 12.17", "wiezen", 11, "expected '..' after 12"),
        ("N.hcp >= 12 S.hcp >= 12", "wiezen", 12, "expected 'and', 'or' or the end"),
        ("N.hcp $ 3", "wiezen", 6, "unexpected character '$'"),
        ("", "wiezen", 0, "expected a seat, 'not' or '(' but found end of text"),
        ("N spades", "wiezen", 2, "expected '.' or 'has' after 'N'"),
        ("N.hcp 12", "wiezen", 6, "expected a comparison"),
        ("N has and", "wiezen", 6, "expected a card"),
        ("and N.hcp > 1", "wiezen", 0, "expected a seat"),
        ("N.7 > 1", "wiezen", 2, "expected a feature"),
        ("N.hcp >= ٣", "wiezen", 9, "unexpected character"),
    ],
)
def test_errors_name_the_column_and_the_problem(text, game, column, fragment):
    with pytest.raises(ConstraintError) as caught:
        parse(text, game)
    assert caught.value.position == column
    assert str(caught.value).startswith(f"col {column}: ")
    assert fragment in str(caught.value)


def test_an_unknown_game_is_a_notation_error_naming_it():
    with pytest.raises(NotationError, match="poker"):
        parse("N.hcp > 1", "poker")


VOCABULARY = [
    "N", "E", "S", "W", "0", "1", "2", "skat", "kitty", ".", "..", ",", "(", ")", "and", "or",
    "not", "in", "has", "spades", "hcp", "jokers", "points", "jacks", "H", "CJ", "X1", "S2",
    "==", "!=", "<", "<=", ">", ">=", "=", "5", "12", "x", "$", "٣", " ",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(GAMES),
    st.one_of(
        st.text(max_size=40), st.lists(st.sampled_from(VOCABULARY), max_size=12).map(" ".join)
    ),
)
def test_random_text_never_raises_anything_but_a_constraint_error(game, text):
    try:
        constraint = parse(text, game)
    except ConstraintError as error:
        assert 0 <= error.position <= len(text)
        assert str(error).startswith(f"col {error.position}: ")
    else:
        assert parse(constraint.text, game) == constraint


# ---------------------------------------------------------------- matching deals


def wiezen_deal() -> dict[str, list[Card]]:
    # N: AKQJ of spades, T98 of hearts, 765 of diamonds, 432 of clubs -> 10 hcp, one ace.
    return parse_pbn("N:AKQJ.T98.765.432 T98.AKQ.432.765 765.432.AKQJ.T98 432.J765.T98.AKQJ")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("N.hcp == 10", True),
        ("N.spades == 4 and N.hearts == 3 and N.clubs == 3", True),
        ("N.aces == 1 and N.jacks == 1", True),
        ("N.cards == 13", True),
        ("E.hcp in 9..9", True),
        ("E.hcp in 12..17", False),
        ("W.diamonds < 3", False),
        ("W has CA, CK, HJ", True),
        ("W has CA, SA", False),
        ("not W has SA", True),
        ("N.hcp > 10 or S.hcp >= 10", True),
        ("N.hcp > 10 or S.hcp > 10", False),
    ],
)
def test_matches_agrees_with_features_counted_by_hand(text, expected):
    assert parse(text, "wiezen").matches(wiezen_deal()) is expected


def test_skat_points_and_jacks_count_the_skat_pile_too():
    deal = {
        "0": [Card("C", "J"), Card("S", "J"), Card("C", "A"), Card("C", "T")],
        "1": [Card("H", "7")],
        "2": [Card("D", "8")],
        "skat": [Card("H", "A"), Card("H", "J")],
    }
    assert parse("0.points == 25 and 0.jacks == 2 and 0.hcp == 6", "skat").matches(deal)
    assert parse("skat.points == 13 and skat has HJ and skat.jacks == 1", "skat").matches(deal)


def test_jokers_count_in_beyond_and_the_500_kitty():
    beyond = {"N": [Card("X", "1"), Card("X", "3"), Card("S", "A")], "E": [Card("X", "2")]}
    assert parse("N.jokers == 2 and E.jokers == 1 and N.hcp == 4", "beyond").matches(beyond)
    kitty = {"kitty": [Card("X", "1"), Card("H", "5"), Card("D", "4")]}
    assert parse("kitty.jokers == 1 and kitty has X1", "five_hundred").matches(kitty)


def test_matches_accepts_card_tokens_as_text():
    assert parse("N has SA and N.hcp == 7", "beyond").matches({"N": ["SA", "HK", "X2"]})


def test_matches_names_a_missing_hand():
    with pytest.raises(MissingHand, match="'E'"):
        parse("N.hcp > 1 and E.hcp > 1", "wiezen").matches({"N": []})


@FAST
@given(game_and_tree(), st.integers(0, 10_000))
def test_matches_agrees_with_a_card_by_card_reference(game_tree, seed):
    game, tree = game_tree
    deal = random_deal(game, seed)
    constraint = parse(render(tree), game)
    assert constraint.matches(deal) == reference_truth(tree, deal)


# ---------------------------------------------------------------- proofs of impossibility


@pytest.mark.parametrize(
    ("text", "game", "fragment"),
    [
        ("N.spades >= 9 and N.hearts >= 5", "wiezen", "N's suit lengths add up to at least 14"),
        ("N.spades >= 14", "wiezen", "N.spades would need to be at least 14"),
        ("N has SA and E has SA", "beyond", "SA cannot be held by both N and E"),
        ("N has SA and not N has SA", "wiezen", "N cannot both hold and lack SA"),
        ("N.hcp >= 25 and S.hcp >= 16", "wiezen", "40 hcp in all"),
        ("N.aces >= 3 and S.aces >= 2", "wiezen", "4 aces in all"),
        ("0.jacks == 3 and skat.jacks == 2", "skat", "4 jacks in all"),
        ("kitty.jokers == 1 and N.jokers == 1", "five_hundred", "1 jokers in all"),
        ("N.cards < 13", "beyond", "N.cards would need"),
        ("skat.points > 22", "skat", "skat.points would need"),
        ("(N.spades > 13 or N.hearts > 13) and N.hcp >= 0", "wiezen", "every alternative"),
        ("not (N.cards in 0..20)", "wiezen", "N.cards"),
    ],
)
def test_impossible_constraints_are_proven_so(text, game, fragment):
    reason = impossibility(parse(text, game))
    assert reason is not None and fragment in reason


@pytest.mark.parametrize(
    ("text", "game"),
    [
        ("N.spades == 13", "wiezen"),
        ("N.aces == 4 and S.aces == 0", "wiezen"),
        ("N.spades >= 9 and N.hearts >= 4", "wiezen"),
        ("N.jokers == 3 or N has SA and E has SA", "beyond"),
        ("skat has CJ, SJ and 0.jacks == 2", "skat"),
    ],
)
def test_possible_constraints_are_not_flagged(text, game):
    assert impossibility(parse(text, game)) is None


@FAST
@given(game_and_tree(), st.integers(0, 10_000))
def test_a_constraint_true_of_some_deal_is_never_called_impossible(game_tree, seed):
    game, tree = game_tree
    deal = random_deal(game, seed)
    true_tree = tree if reference_truth(tree, deal) else Not(tree)
    constraint = parse(render(true_tree), game)
    assert impossibility(constraint) is None


def test_forced_holdings_collect_top_level_has_only():
    constraint = parse(
        "N has SA, SK and E.hcp > 3 and N has HA and (W has DA or W has DK)", "wiezen"
    )
    forced = constraint.forced_holdings()
    assert set(forced) == {"N"}
    assert forced["N"] == Card("S", "A").bit | Card("S", "K").bit | Card("H", "A").bit


# ---------------------------------------------------------------- bounded input


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("(" * 300 + "N.spades >= 1" + ")" * 300, "nested deeper than"),
        ("not " * 5000 + "N.spades >= 1", "longer than"),
        ("not " * 40 + "N.spades >= 1", "nested deeper than"),
        ("not (" * 40 + "N.spades >= 1" + ")" * 40, "nested deeper than"),
        ("N.spades >= " + "9" * 5000, "longer than"),
        ("N.spades >= " + "9" * 50, "at most"),
        (" or ".join(["N.spades >= 1"] * 400), "longer than"),
    ],
)
def test_oversized_input_is_refused_with_a_constraint_error(text: str, reason: str) -> None:
    with pytest.raises(ConstraintError) as caught:
        parse(text, "wiezen")
    assert reason in caught.value.problem


def test_input_within_the_bounds_still_parses() -> None:
    deep = "(" * 20 + "N.spades >= 1" + ")" * 20
    assert parse(deep, "wiezen").text == "N.spades >= 1"
    nots = "not " * 20 + "N.spades >= 1"
    assert parse(nots, "wiezen").text == nots
    assert parse("N.hcp in 0..9999", "wiezen").text == "N.hcp in 0..9999"
