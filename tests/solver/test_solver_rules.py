"""Hand-made positions, one per special rule, checked on both backends."""

from __future__ import annotations

from collections.abc import Callable

from games.cards import Card
from games.solver import Objective, Position, Result, layout_for
from games.solver.builders import skat_position

Solve = Callable[..., Result]


def cards(text: str) -> list[Card]:
    return [Card(t[0], t[1]) for t in text.split()]


def four(
    game: str, contract: str, hands: list[str], leader: int, trick: str = "", **extra: object
) -> Position:
    layout = layout_for(game, contract)
    return Position.build(layout, [cards(h) for h in hands], leader, cards(trick), **extra)  # type: ignore[arg-type]


def test_beyond_last_joker_wins_a_joker_lead_over_trumps(solver: Solve) -> None:
    # N led a joker, E trumped with the ace, S played low: W's joker takes the trick.
    position = four("beyond", "H", ["", "", "", "X2"], 0, "X1 HA S2")
    assert solver(position, Objective.tricks([1, 3])).value == 1


def test_beyond_single_joker_lead_wins_when_nobody_adds_a_joker(solver: Solve) -> None:
    position = four("beyond", "H", ["", "", "", "H2"], 0, "X1 HA S2")
    assert solver(position, Objective.tricks([0, 2])).value == 1


def test_beyond_joker_may_be_played_while_holding_the_suit_but_never_wins_it(solver: Solve) -> None:
    position = four("beyond", "NT", ["D2", "S5 X1", "S3 S4", "S6 S7"], 0, "S2")
    result = solver(position, Objective.tricks([1, 3]), "cards")
    assert set(result.cards or {}) == {"S5", "X1"}
    # E's joker loses the spade trick to W's S7 (E-W win it anyway); S5 lets W win too.
    assert result.cards == {"S5": 2, "X1": 2}


def test_beyond_joker_cannot_lead_right_after_a_joker_lead(solver: Solve) -> None:
    position = four("beyond", "S", ["X1 D2", "D3 D4", "D5 D6", "D7 D9"], 0, after_joker_lead=True)
    assert set(solver(position, Objective.tricks([0, 2]), "cards").cards or {}) == {"D2"}


def test_beyond_only_jokers_may_be_led_after_a_joker_lead(solver: Solve) -> None:
    position = four("beyond", "S", ["X1", "D3", "D5", "D7"], 0, after_joker_lead=True)
    assert solver(position, Objective.tricks([0, 2])).value == 1


def test_beyond_both_partners_must_hit_their_declarations(solver: Solve) -> None:
    # N holds two top spades, S two low ones: N takes 2, S takes 0 in no trumps.
    position = four("beyond", "NT", ["SA SK", "S5 S6", "S2 S3", "S7 S9"], 0)
    assert solver(position, Objective.exact({0: 2, 2: 0})).value == 1
    assert solver(position, Objective.exact({0: 1, 2: 1})).value == 0


def test_five_hundred_left_bower_is_a_trump_above_the_ace(solver: Solve) -> None:
    # Hearts are trumps: the jack of diamonds is the left bower and beats the ace of hearts.
    position = four("five_hundred", "H", ["HA", "DJ", "H5", "H6"], 0)
    assert solver(position, Objective.tricks([1, 3])).value == 1


def test_five_hundred_left_bower_does_not_follow_its_printed_suit(solver: Solve) -> None:
    position = four("five_hundred", "H", ["C5", "DJ D9", "D5 D6", "D7 S9"], 0, "DA")
    assert set(solver(position, Objective.tricks([0, 2]), "cards").cards or {}) == {"D9"}


def test_five_hundred_right_bower_beats_left_and_joker_beats_both(solver: Solve) -> None:
    position = four("five_hundred", "S", ["CJ", "SJ", "X1", "S5"], 0)
    result = solver(position, Objective.tricks([0, 2]))
    assert result.value == 1  # S's joker wins


def test_five_hundred_no_trump_joker_only_when_void(solver: Solve) -> None:
    position = four("five_hundred", "NT", ["C5", "X1 H5", "H6 H7", "H9 HT"], 0, "HK")
    assert set(solver(position, Objective.tricks([1, 3]), "cards").cards or {}) == {"H5"}


def test_five_hundred_no_trump_joker_lead_names_a_suit_and_wins(solver: Solve) -> None:
    # Naming hearts only pulls E's HA (N-S then lose the spade trick); naming spades pulls
    # W's S9, so N's S5 wins the last trick. The joker's value is that of the best naming.
    position = four("five_hundred", "NT", ["X1 S5", "HA S6", "H5 S7", "H6 S9"], 0)
    result = solver(position, Objective.tricks([0, 2]), "cards")
    assert result.cards == {"X1": 2, "S5": 1}
    assert result.value == 2


def test_five_hundred_joker_led_with_named_suit_mid_trick(solver: Solve) -> None:
    position = four(
        "five_hundred", "NT", ["C5", "HA S6", "H5 S7", "H6 S9"], 0, "X1", named_suit="S"
    )
    assert set(solver(position, Objective.tricks([0, 2]), "cards").cards or {}) == {"S6"}


def test_skat_null_ranks_the_queen_above_the_ten(solver: Solve) -> None:
    # Declarer leads the ten; in null the queen is higher, so the declarer loses the trick.
    position = skat_position("null", ["DT", "DQ", "D9"], 0)
    assert solver(position, Objective.misere(0)).value == 1
    position = skat_position("diamonds", ["DT", "DQ", "D9"], 0)
    assert solver(position, Objective.tricks([0])).value == 1


def test_skat_jacks_are_trumps_and_do_not_follow_their_suit(solver: Solve) -> None:
    # Grand: spades led, the holder of SJ and S7 must follow with S7; SJ is a trump.
    position = skat_position("grand", ["SA C7", "SJ S7", "S8 S9"], 0)
    result = solver(position, Objective.tricks([1]), "cards")
    assert result.cards is not None and "SA" in result.cards
    mid = skat_position("grand", ["C7", "SJ S7", "S8 S9"], 0, ["SA"])
    assert set(solver(mid, Objective.tricks([1]), "cards").cards or {}) == {"S7"}


def test_skat_card_points_of_a_trick_go_to_its_winner(solver: Solve) -> None:
    # Clubs: declarer's CJ takes the ace and ten of hearts: 2 + 11 + 10 points.
    position = skat_position("clubs", ["CJ", "HA", "HT"], 0)
    assert solver(position, Objective.points([0])).value == 23


def test_misere_declarer_must_duck_first(solver: Solve) -> None:
    # N must lead H2 while others still hold hearts, then throw HA on a spade lead.
    position = four("wiezen", "NT", ["HA H2", "H3 S2", "H4 S3", "H5 S4"], 0)
    result = solver(position, Objective.misere(0), "cards")
    assert result.cards == {"HA": 0, "H2": 1}
    assert result.value == 1


def test_misere_defence_must_lead_the_suit_that_catches_the_declarer(solver: Solve) -> None:
    # E's S2 forces N's bare SA to win; a heart lead would let N drop the SA later.
    position = four("wiezen", "NT", ["SA H9", "S2 HT", "H3 D3", "HJ D4"], 1)
    result = solver(position, Objective.misere(0), "cards")
    assert result.cards == {"S2": 0, "HT": 1}
    assert result.value == 0


def test_piccolo_wants_exactly_one_trick(solver: Solve) -> None:
    position = four("wiezen", "NT", ["SA H2", "S2 H3", "S3 H4", "S4 H5"], 0)
    assert solver(position, Objective.piccolo(0)).value == 1
    assert solver(position, Objective.exact({0: 2})).value == 0


def test_adjacent_partners_count_tricks_together(solver: Solve) -> None:
    # Ask/join partners N and E each hold a top card.
    position = four("wiezen", "S", ["HA D2", "DA H2", "H3 D3", "H4 D4"], 0)
    assert solver(position, Objective.tricks([0, 1])).value == 2
    assert solver(position, Objective.tricks([0, 2])).value == 1
