"""Hand-made positions for the bounds of bridge-shaped deals (no jokers)."""

from __future__ import annotations

from collections.abc import Callable

from games.cards import Card
from games.solver import Objective, Position, Result, layout_for

Solve = Callable[..., Result]
N, E, S, W = range(4)


def wiezen(contract: str, hands: list[str], leader: int, trick: str = "") -> Position:
    """A Kleurenwiezen position from hands by seat (N, E, S, W) as text, and the cards
    already played to the current trick from the leader on."""
    parsed = [[Card(t[0], t[1]) for t in hand.split()] for hand in hands]
    played = [Card(t[0], t[1]) for t in trick.split()]
    return Position.build(layout_for("wiezen", contract), parsed, leader, trick=played)


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


def test_a_lone_declarer_sure_of_the_trick_and_its_trumps_mid_trick(solver: Solve) -> None:
    # N alone, hearts trump, E has led the spade two. With S and W to play, N's spade ace
    # surely wins (S and W hold spades below it) and its trumps are above W's: all three.
    position = wiezen("H", ["SA HA HK", "C2 C3", "S3 D2 D3", "S4 H2 H3"], E, "S2")
    assert solver(position, Objective.tricks([N]), "cards").cards == {"S3": 3}
    # W out of spades with a trump ruffs the ace: only the two top trumps are left.
    position = wiezen("H", ["SA HA HK", "C2 C3", "S3 D2 D3", "D4 HQ H2"], E, "S2")
    assert solver(position, Objective.tricks([N]), "cards").cards == {"S3": 2}


def test_a_lone_declarer_ruffs_above_the_defenders_trumps_mid_trick(solver: Solve) -> None:
    # N alone, hearts trump, out of the club E led: its nine ruffs above W's seven (W is
    # out of clubs too), then the spade ace and the five of trumps: all three.
    position = wiezen("H", ["SA H9 H5", "C3 D5", "CK D2 D3", "H7 D4 S2"], E, "C2")
    assert solver(position, Objective.tricks([N]), "cards").cards == {"CK": 3}
    # W's ten overruffs the nine: two.
    position = wiezen("H", ["SA H9 H5", "C3 D5", "CK D2 D3", "HT D4 S2"], E, "C2")
    assert solver(position, Objective.tricks([N]), "cards").cards == {"CK": 2}
    # A trump lead: N wins it with its lowest trump above E's and W's, keeping the ace.
    position = wiezen("H", ["HA H9 H5 SA", "C3 D5 D6", "CK D2 D3 S3", "H7 D4 S2 C4"], E, "H6")
    assert set(solver(position, Objective.tricks([N]), "cards").cards.values()) == {4}


def test_a_guarded_second_trump_behind_the_top_trump_takes_a_trick(solver: Solve) -> None:
    # Hearts trump, N-S on lead needing every trick. W's king and two sit right after S's
    # ace and queen: W wins with the king whenever the ace is not on the trick, and plays
    # the two under it, so E-W take one trick whatever N leads.
    position = wiezen("H", ["H3 SA SK", "C2 C3 C4", "HA HQ D2", "HK H2 C5"], N)
    result = solver(position, Objective.tricks([N, S]), "cards")
    assert result.value == 2
    assert result.cards == {"H3": 2, "SA": 2, "SK": 2}
    # E's king and two sit before S's ace and queen: the heart finesse drops it, all three.
    position = wiezen("H", ["H3 SA SK", "HK H2 C2", "HA HQ D2", "C3 C4 C5"], N)
    assert solver(position, Objective.tricks([N, S]), "cards").cards["H3"] == 3
    # E's nine, second-best and alone behind N's ace, falls under it: all four.
    position = wiezen("H", ["HA H6 H5 ST", "H9 S8 CT C6", "SK S4 S3 D2", "CK C8 DQ D5"], N)
    assert solver(position, Objective.tricks([N, S]), "cards").cards["HA"] == 4
    # S's ace and king above W's queen: with two trumps under it, W keeps the queen for a
    # trick (here a ruff of the diamond), so N-S take three.
    position = wiezen("H", ["H4 SA SK SQ", "C2 C3 C4 C5", "HA HK D2 D3", "HQ H3 H2 S2"], N)
    assert solver(position, Objective.tricks([N, S]), "cards").cards["H4"] == 3
    # W's ace and king above N's jack, ten and three: with fewer trumps under its card than
    # the top trumps above it, a seat keeps nothing (found against the twin: counting it
    # gives N-S two tricks after the club two).
    position = wiezen(
        "H",
        ["C2 CT H3 HJ HT S7", "CA D2 D8 DA DQ SK", "C3 C8 D4 D5 D9 H4", "C5 C9 H6 H9 HA HK"],
        N,
    )
    result = solver(position, Objective.tricks([N, S]), "cards")
    assert result.cards == {"C2": 1, "CT": 1, "S7": 1, "H3": 0, "HJ": 1, "HT": 1}
    # E on lead (right before S): S still plays before W in every trick N-S can win, so W's
    # king and two still take one.
    position = wiezen("H", ["SA SK D2", "C2 C3 C4", "HA HQ D3", "HK H2 C5"], E)
    assert solver(position, Objective.tricks([N, S]), "cards").cards == {"C2": 2, "C3": 2, "C4": 2}
    # W on lead must lead from the king and two: S takes the two with the queen, and the
    # ace drops the king. (The bound holds only while the side needing every trick leads.)
    position = wiezen("H", ["SA SK", "C2 C3", "HA HQ", "HK H2"], W)
    assert solver(position, Objective.tricks([N, S])).value == 2
