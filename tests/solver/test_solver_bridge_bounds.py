"""Hand-made positions for the bounds of bridge-shaped deals (no jokers)."""

from __future__ import annotations

from collections.abc import Callable

from games.cards import Card
from games.solver import Objective, Position, Result, layout_for

Solve = Callable[..., Result]
N, E, S, W = range(4)


def wiezen(contract: str, hands: list[str], leader: int) -> Position:
    """A Kleurenwiezen position from hands by seat (N, E, S, W) as text."""
    parsed = [[Card(t[0], t[1]) for t in hand.split()] for hand in hands]
    return Position.build(layout_for("wiezen", contract), parsed, leader)


def test_a_side_needing_every_trick_misses_one_when_its_suits_run_out(solver: Solve) -> None:
    # N-S top only the spades, two rounds of them; E's heart ace takes the third trick (and
    # after the heart E-W take the rest).
    position = wiezen("NT", ["SA SK H2", "HA DA C2", "S3 D2 D3", "SQ HK C3"], N)
    result = solver(position, Objective.tricks([N, S]), "cards")
    assert result.value == 2
    assert result.cards == {"SA": 2, "SK": 2, "H2": 0}
    # The same for the side not on lead: E-W cannot take all three after N's lead either.
    assert solver(position, Objective.tricks([E, W])).value == 1


def test_a_squeeze_takes_every_trick_the_long_suit_allows(solver: Solve) -> None:
    # W guards both red suits; N's spade ace squeezes it: N-S take all three tricks, which
    # the count of their suits (one spade and two diamonds) allows.
    position = wiezen("NT", ["SA HQ D2", "C3 C4 C5", "DA DK C2", "HK DQ DJ"], N)
    assert solver(position, Objective.tricks([N, S]), "cards").cards["SA"] == 3


def test_the_leader_crosses_with_kx_opposite_ax_and_the_partner_cashes(solver: Solve) -> None:
    # Diamonds trump, E-W without trumps. N cashes the spade ace, crosses with the two to
    # S's king (second best, top once the ace is gone), and S cashes its trump and the heart
    # ace while N throws its clubs: every trick, counted in turns (any first card makes
    # them all).
    position = wiezen("D", ["SA S2 C2 C3", "SQ SJ HQ C4", "SK S3 HA D2", "ST S9 HJ H2"], N)
    result = solver(position, Objective.tricks([N, S]), "cards")
    assert result.value == 4
    assert set(result.cards.values()) == {4}


def test_the_side_cashes_in_turns_crossing_back_to_cards_under_the_partners(
    solver: Solve,
) -> None:
    # Hearts trump, E-W without trumps. N cashes its trump, crosses to S's club ace, S
    # cashes the king and crosses back with the four to N's queen and jack, now the top
    # clubs (W's seven and six are below them): every trick, counted in turns.
    position = wiezen(
        "H",
        ["CQ CJ C9 C5 H2", "CT C8 S4 S5 S6", "CA CK C4 S2 S3", "C7 C6 C3 C2 D2"],
        N,
    )
    result = solver(position, Objective.tricks([N, S]), "cards")
    assert result.value == 5
    assert set(result.cards.values()) == {5}


def test_a_partner_out_of_the_suit_needs_cards_to_discard(solver: Solve) -> None:
    # N's hearts run while S, out of them, must discard three cards; it keeps the spade ace
    # and king for the two to reach: N-S take all five with a heart first, four without.
    # (Counting N's three hearts and S's four spades in turns would claim seven: S has
    # only the club to spare, so the count stops at N's hearts.)
    position = wiezen(
        "D", ["HA HK HQ S2 C2", "H2 H3 H4 S3 S4", "SA SK SQ SJ C3", "H5 H6 S5 S6 C4"], N
    )
    result = solver(position, Objective.tricks([N, S]), "cards")
    assert result.value == 5
    assert result.cards == {"HA": 5, "HK": 5, "HQ": 5, "S2": 4, "C2": 4}


def test_eight_tricks_cashed_in_turns_trumps_first(solver: Solve) -> None:
    # Hearts trump, E-W without trumps, eight tricks (the count in turns is tried from
    # eight tricks left). N cashes its three trumps (S throws three of its five spare
    # cards), crosses to S's club ace, S cashes the king and crosses back with the four to
    # N's queen and jack: seven tricks; N's spade seven loses to W's jack.
    position = wiezen(
        "H",
        [
            "CQ CJ C9 C5 H4 H3 H2 S7",
            "CT C8 S4 S5 S6 D5 D6 D7",
            "CA CK C4 S2 S3 D2 D3 D4",
            "C7 C6 C3 C2 D8 D9 DT SJ",
        ],
        N,
    )
    assert solver(position, Objective.tricks([N, S])).value == 7
