"""Hand-made positions for the Beyond and exact-target bounds, and core against twin on them."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import Card
from games.solver import Objective, Position, Result, layout_for, solve
from games.solver.backends import available_backends
from games.solver.samples import random_position

Solve = Callable[..., Result]
N, E, S, W = range(4)


def beyond(contract: str, hands: list[str], leader: int, **extra: object) -> Position:
    """A Beyond position from hands by seat (N, E, S, W) as text."""
    layout = layout_for("beyond", contract)
    parsed = [[Card(t[0], t[1]) for t in hand.split()] for hand in hands]
    if "trick" in extra:
        extra["trick"] = [Card(t[0], t[1]) for t in extra["trick"]]  # type: ignore[attr-defined]
    return Position.build(layout, parsed, leader, **extra)  # type: ignore[arg-type]


def test_a_joker_lead_takes_a_trump_the_trumps_count_must_spare(solver: Solve) -> None:
    # N holds the two top trumps, but E leads the only joker: N must put a trump on it, the
    # joker wins, and N wins only the second trick (by ruffing E's spade).
    position = beyond("H", ["HA HK", "X1 S2", "S3 S4", "S5 S6"], E)
    assert solver(position, Objective.tricks([N, S])).value == 1


def test_a_joker_lead_under_the_lock_must_wait_for_a_suit_lead(solver: Solve) -> None:
    # The same cards right after a joker lead: E must lead its spade first; N ruffs and then
    # leads a trump, on which E's joker never wins.
    position = beyond("H", ["HA HK", "X1 S2", "S3 S4", "S5 S6"], E, after_joker_lead=True)
    assert solver(position, Objective.tricks([N, S])).value == 2


def test_the_lock_after_a_joker_lead_binds_only_a_leader_with_jokers_and_other_cards(
    solver: Solve,
) -> None:
    # E wins its joker lead and, holding a joker and a spade, must lead the spade: N's ace
    # takes the lead for good, so E-W take one trick, not two. (The core keeps the lock in
    # the table's key only for such a leader; for any other the position is the same.)
    position = beyond("NT", ["SA D2 D3", "X1 X2 S2", "D4 D5 D6", "H2 H3 H4"], E)
    assert solver(position, Objective.tricks([E, W])).value == 1
    # A leader holding only jokers is free to lead them: E takes all three.
    position = beyond("NT", ["SA D2 D3", "X1 X2 X3", "D4 D5 D6", "H2 H3 H4"], E)
    assert solver(position, Objective.tricks([E, W])).value == 3
    # N wins its joker lead and then holds no joker: the lock does nothing, N cashes.
    position = beyond("NT", ["X1 SA SK", "S2 S3 S4", "D2 D3 D4", "H2 H3 H4"], N)
    assert solver(position, Objective.exact({N: 3, S: 0})).value == 1
    assert solver(position, Objective.exact({N: 2, S: 0})).value == 0


def test_a_joker_ruff_of_a_suit_lead_never_stops_the_opponents_cashing(solver: Solve) -> None:
    # E cashes SA and SK; N's joker may be played to them but never wins a suit lead, so N
    # misses its one trick.
    position = beyond("NT", ["X1 D2", "SA SK", "D3 D4", "S2 S3"], E)
    assert solver(position, Objective.exact({N: 1, S: 0})).value == 0
    # With a trump instead of the joker N ruffs the second spade and hits its target.
    position = beyond("D", ["S4 D2", "SA SK", "C3 C4", "S2 S3"], E)
    assert solver(position, Objective.exact({N: 1, S: 0})).value == 1


def test_exact_targets_reached_early_fail_when_a_seat_must_win_a_trick(solver: Solve) -> None:
    # Both partners have their numbers already; N holds only trumps and must win the
    # spade leads.
    position = beyond("H", ["HA HK", "S2 S3", "S4 S5", "S6 S7"], E)
    assert solver(position, Objective.exact({N: 0, S: 0})).value == 0


def test_exact_targets_reached_early_hold_when_jokers_let_a_seat_duck(solver: Solve) -> None:
    # N holds the top trump and a joker, yet wins nothing: on E's spade lead N plays its
    # joker (which never wins a suit lead), and on E's joker lead the trump loses to it.
    position = beyond("H", ["X1 HA", "X2 S2", "D2 D3", "D4 D5"], E)
    assert solver(position, Objective.exact({N: 0, S: 0})).value == 1


def test_a_target_past_a_seats_sure_trumps_fails(solver: Solve) -> None:
    # N's three top trumps win three tricks whatever anyone plays: a target of two fails,
    # three can be hit.
    position = beyond("S", ["SA SK SQ", "H2 H3 H4", "D2 D3 D4", "C2 C3 C4"], W)
    assert solver(position, Objective.exact({N: 2, S: 0})).value == 0
    assert solver(position, Objective.exact({N: 3, S: 0})).value == 1


def test_a_split_of_the_sum_that_fails_leaves_the_other_splits_their_own_answers(
    solver: Solve,
) -> None:
    # N-S always take exactly two tricks, N's two top spades, and S none: only the split
    # N 2, S 0 hits. A failure that rests on the split (S can never win) must not be
    # stored for the sum; those on the sum hold for every split (too few, too many).
    position = beyond("NT", ["SA SK C2", "S2 S3 CA", "D2 D3 D4", "H2 H3 H4"], N)
    assert solver(position, Objective.exact({N: 2, S: 0})).value == 1
    assert solver(position, Objective.exact({N: 1, S: 1})).value == 0
    assert solver(position, Objective.exact({N: 1, S: 0})).value == 0
    assert solver(position, Objective.exact({N: 0, S: 3})).value == 0


needs_core = pytest.mark.skipif(
    "c" not in available_backends(), reason="C core not built (python setup.py build_ext)"
)


def _with_jokers(seed: int, tricks: int) -> Position:
    """A random Beyond endgame (maybe mid-trick) in which some hand holds a joker."""
    for k in range(100):
        position = random_position("beyond", seed * 100 + k, tricks).position
        if any(card.is_joker for hand in position.hands for card in hand):
            return position
    raise AssertionError("no endgame with a joker in 100 tries")


@needs_core
@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**24),
    tricks=st.integers(2, 5),
    seat=st.integers(0, 3),
    first=st.integers(0, 5),
    second=st.integers(0, 5),
)
def test_core_and_twin_agree_on_beyond_endgames_with_jokers_and_targets(
    seed: int, tricks: int, seat: int, first: int, second: int
) -> None:
    position = _with_jokers(seed, tricks)
    first = min(first, tricks)
    objective = Objective.exact({seat: first, (seat + 2) % 4: min(second, tricks - first)})
    twin = solve(position, objective, "cards", backend="python")
    core = solve(position, objective, "cards", backend="c")
    assert core == twin


@needs_core
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**24), tricks=st.integers(2, 5), seat=st.integers(0, 3))
def test_core_and_twin_agree_on_beyond_endgames_with_jokers_for_tricks(
    seed: int, tricks: int, seat: int
) -> None:
    # The tricks bounds with jokers: length winners, partners forced to ruff, the last seat.
    position = _with_jokers(seed, tricks)
    objective = Objective.tricks([seat, (seat + 2) % 4])
    twin = solve(position, objective, "cards", backend="python")
    core = solve(position, objective, "cards", backend="c")
    assert core == twin


@needs_core
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**24), tricks=st.integers(3, 6), seat=st.integers(0, 3))
def test_core_and_twin_agree_on_beyond_values_for_tricks(seed: int, tricks: int, seat: int) -> None:
    # Value mode: the probes of the tricks objective with jokers (first guess below the
    # middle, up by one after a success) and the joker move order (a joker last on a suit
    # lead, joker leads and the cards on them) must give the twin's value.
    position = _with_jokers(seed, tricks)
    objective = Objective.tricks([seat, (seat + 2) % 4])
    twin = solve(position, objective, backend="python")
    core = solve(position, objective, backend="c")
    assert core.value == twin.value


def test_a_joker_lead_is_the_sides_when_the_partner_holds_the_other_joker(
    solver: Solve,
) -> None:
    # E leads its joker: W holds the other one, N-S none, so E-W take it whoever wins it;
    # then N's aces take the rest.
    position = beyond("NT", ["SA HA", "X1 S2", "D2 D3", "X2 H2"], E)
    assert solver(position, Objective.tricks([E, W])).value == 1
    # Right after a joker lead E must lead its spade first (the lock), with nothing to cash:
    # N wins it and keeps the lead, so the joker lead counts for nothing.
    position = beyond("NT", ["SA HA", "X1 S2", "D2 D3", "X2 H2"], E, after_joker_lead=True)
    assert solver(position, Objective.tricks([E, W])).value == 0
    # An opponent's joker takes N's joker lead: N's joker counts for nothing either.
    position = beyond("NT", ["X1 C2", "X2 C3", "D2 D3", "H2 C4"], N)
    assert solver(position, Objective.tricks([N, S])).value == 0


def test_a_leader_whose_suits_are_all_topped_loses_a_trick_only_without_jokers(
    solver: Solve,
) -> None:
    # No trumps: N holds no joker and E tops N's spades and clubs (W tops the diamonds), so
    # N's lead loses; E-W take the spade and the club, N-S the rest.
    position = beyond("NT", ["S2 C2 D5", "SA CA H2", "X2 HA HK", "X1 D3 D4"], N)
    assert solver(position, Objective.tricks([E, W])).value == 2
    # With a joker N leads it, S overtakes E's joker with its own (the last joker wins) and
    # cashes its hearts: N-S take all three, though E tops every suit N holds.
    position = beyond("NT", ["X1 S2 C2", "SA CA X3", "X2 HA HK", "D2 D3 D4"], N)
    assert solver(position, Objective.tricks([N, S])).value == 3


def test_a_seat_keeps_its_suit_card_only_as_long_as_it_has_jokers(solver: Solve) -> None:
    # N cashes SA and SK; E may play its joker on one of them instead of the queen, but must
    # let the queen go on the other, so N's small spade wins too.
    position = beyond("NT", ["SA SK S3", "SQ X1 H2", "C2 C3 C4", "D5 D6 D7"], N)
    assert solver(position, Objective.tricks([N, S])).value == 3
    # With two jokers E keeps the queen through both rounds and beats the small spade.
    position = beyond("NT", ["SA SK S3", "SQ X1 X2", "C2 C3 C4", "D5 D6 D7"], N)
    assert solver(position, Objective.tricks([N, S])).value == 2


def test_a_partner_holding_only_trumps_must_ruff_and_takes_the_lead(solver: Solve) -> None:
    # N holds the best heart and the only joker: cash the heart, then lead the joker? S has
    # nothing but trumps, so S must ruff the heart and lead a spade, and E's queen wins it.
    position = beyond("S", ["X3 HQ", "SQ H6", "S5 S8", "D5 C3"], N)
    assert solver(position, Objective.tricks([E, W])).value == 1


def test_the_last_seat_takes_a_joker_lead_with_its_own_joker(solver: Solve) -> None:
    # E led a joker, S and W followed; N, last, wins it with its joker, then must lead a
    # suit card (the lock): the spade ace wins, the small club loses to W's.
    position = beyond("NT", ["X2 SA C2", "H2 H3", "D3 D4", "C6 C7"], E, trick=["X1", "D2", "C5"])
    assert solver(position, Objective.tricks([N, S])).value == 2
    # Without a joker N loses the trick to E's, and E then runs its hearts.
    position = beyond("NT", ["D5 SA C2", "H2 H3", "D3 D4", "C6 C7"], E, trick=["X1", "D2", "C5"])
    assert solver(position, Objective.tricks([N, S])).value == 0


def test_the_last_seat_cannot_win_a_suit_lead_with_a_joker(solver: Solve) -> None:
    # E leads the spade king; N, last, holds a joker and a small spade: neither beats it,
    # so N-S take only the two later tricks (the heart ace, then N's last card).
    position = beyond("NT", ["X1 S2 HA", "H2 H3", "C3 C4", "D3 D4"], E, trick=["SK", "C2", "D2"])
    assert solver(position, Objective.tricks([N, S])).value == 2


def test_exact_targets_fail_at_the_last_seat_when_the_opponents_take_the_rest(
    solver: Solve,
) -> None:
    # N led D2, E won it with the ace and holds the spade ace for the last trick: whatever W
    # plays last, N-S take nothing, so N misses its one trick.
    position = beyond("NT", ["H2", "SA", "C2", "D4 C3"], N, trick=["D2", "DA", "D3"])
    assert solver(position, Objective.exact({N: 1, S: 0})).value == 0
    # With the heart ace N's instead, N wins E's heart lead in the last trick and hits.
    position = beyond("NT", ["HA", "H2", "C2", "D4 C3"], N, trick=["D2", "DA", "D3"])
    assert solver(position, Objective.exact({N: 1, S: 0})).value == 1


def test_exact_targets_fail_when_the_last_seat_lets_a_seat_at_its_target_win(
    solver: Solve,
) -> None:
    # N led the spade king and has its number (none); W, last, ducks with its joker (a
    # joker never wins a suit lead), N takes a trick too many.
    position = beyond("NT", ["H2", "H3", "HA", "SA X1"], N, trick=["SK", "S2", "S3"])
    assert solver(position, Objective.exact({N: 0, S: 1})).value == 0
    # The same with a smaller spade to duck with: the duck's rank is what decides.
    position = beyond("NT", ["H2", "H3", "HA", "SA SQ"], N, trick=["SK", "S2", "S3"])
    assert solver(position, Objective.exact({N: 0, S: 1})).value == 0
    # W must follow with its ace: W takes the trick, and S wins W's heart lead with the ace.
    position = beyond("NT", ["H2", "H3", "HA", "SA H4"], N, trick=["SK", "S2", "S3"])
    assert solver(position, Objective.exact({N: 0, S: 1})).value == 1


def test_exact_targets_fail_when_an_opponent_leads_into_a_seat_at_its_target(
    solver: Solve,
) -> None:
    # N has its number (none) and holds only the spade king, above every other spade: E leads
    # the queen, N must follow and takes a trick too many (fed_trick, at the first trick).
    position = beyond("NT", ["SK H2", "SQ D2", "S2 D3", "S3 D4"], E)
    assert solver(position, Objective.exact({N: 0, S: 1})).value == 0
    # With the spade ace S, still needing its trick, overtakes: S wins the spade and N-S hit.
    position = beyond("NT", ["SK H2", "SQ D2", "SA D3", "S3 D4"], E)
    assert solver(position, Objective.exact({N: 0, S: 1})).value == 1


def test_exact_targets_fail_when_a_seat_at_its_target_runs_out_of_jokers_to_duck(
    solver: Solve,
) -> None:
    # N, at its number, holds the spade king and a joker: it ducks E's spade queen with the
    # joker, but E keeps the lead and leads the jack, and N must win it with the king (two
    # rounds of the suit: the search finds it, no bound does).
    position = beyond("NT", ["SK X1", "SQ SJ", "S2 S3", "S4 D2"], E)
    assert solver(position, Objective.exact({N: 0, S: 1})).value == 0
    # With E's jack under S's queen, S overtakes the first spade, takes its trick, and leads
    # the diamond to W: N throws the king and N-S hit.
    position = beyond("NT", ["SK X1", "SJ S2", "SQ D2", "S3 DA"], E)
    assert solver(position, Objective.exact({N: 0, S: 1})).value == 1


def test_exact_targets_fail_when_the_second_seat_lets_a_seat_at_its_target_win(
    solver: Solve,
) -> None:
    # N led the spade king and has its number: E and W duck with small spades, S cannot beat
    # the king, so N takes a trick too many (ducked_trick, before the last seat).
    position = beyond("NT", ["H2", "S2 D4", "S3 D2", "S4 D3"], N, trick=["SK"])
    assert solver(position, Objective.exact({N: 0, S: 1})).value == 0
    # With the ace S overtakes, takes its trick and then loses the diamond: N-S hit.
    position = beyond("NT", ["H2", "S2 D4", "SA D2", "S4 D3"], N, trick=["SK"])
    assert solver(position, Objective.exact({N: 0, S: 1})).value == 1


def test_exact_targets_fail_when_a_seat_at_its_target_holds_only_winners_of_the_suit(
    solver: Solve,
) -> None:
    # W led a small spade; N, at its number, holds only spades above every other one, E
    # ducks and S cannot beat N's queen: whatever N plays wins.
    position = beyond("NT", ["SK SQ", "S3 H3", "S4 H2", "H4"], W, trick=["S2"])
    assert solver(position, Objective.exact({N: 0, S: 1})).value == 0
    # With the ace S overtakes N's card, and W's heart four wins the last trick: N-S hit.
    position = beyond("NT", ["SK SQ", "S3 H3", "SA H2", "H4"], W, trick=["S2"])
    assert solver(position, Objective.exact({N: 0, S: 1})).value == 1


def test_a_seat_at_its_target_ducking_lower_does_no_better_only_when_it_ducks(
    solver: Solve,
) -> None:
    # N has its number (none). Its queen beats W's spade five and S's jack cannot overtake
    # it, so the queen fails; the two ducks and S's jack takes S's trick: N-S hit. (A seat at
    # its number skips its lower cards of a suit once a card of it that does not beat the
    # trick has failed: the queen beats it, so the two is still tried.)
    position = beyond("NT", ["SQ S2", "S4 D3", "SJ D2", "DA"], W, trick=["S5"])
    assert solver(position, Objective.exact({N: 0, S: 0})).value == 0
    assert solver(position, Objective.exact({N: 0, S: 1})).value == 1


def test_a_seat_still_needing_tricks_may_keep_its_higher_card_to_win_later(
    solver: Solve,
) -> None:
    # N needs a trick. Under W's spade king both its spades duck; after the queen N keeps
    # the two and loses W's spade three lead, after the two it wins that lead with the
    # queen: N-S hit. (Only a seat at its number skips its lower ducks.)
    position = beyond("NT", ["SQ S2", "S4 D2", "D3 D4", "S3"], W, trick=["SK"])
    assert solver(position, Objective.exact({N: 1, S: 0})).value == 1


def _targets_near_the_pairs_tricks(seed: int, seat: int, share: int) -> tuple[Position, Objective]:
    """A 6-trick Beyond position with jokers and exact targets for ``seat``'s pair that add up
    to the tricks the pair can take, give or take one, split by ``share``."""
    position = _with_jokers(seed, 6)
    pair = [seat, (seat + 2) % 4]
    most = solve(position, Objective.tricks(pair), backend="c").value
    total = max(0, min(6, most + seed % 3 - 1))
    first = min(share, total)
    return position, Objective.exact({pair[0]: first, pair[1]: total - first})


@needs_core
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**24), seat=st.integers(0, 3), share=st.integers(0, 6))
def test_core_and_twin_agree_on_targets_that_add_up_to_what_the_pair_can_take(
    seed: int, seat: int, share: int
) -> None:
    # Targets that add up to the pair's tricks (give or take one) make the search go deep,
    # where the table's entries for the team's sum (any split, too few, too many) are used.
    position, objective = _targets_near_the_pairs_tricks(seed, seat, share)
    twin = solve(position, objective, "cards", backend="python")
    core = solve(position, objective, "cards", backend="c")
    assert core == twin


@pytest.fixture
def root_probe_at_once() -> Iterator[Callable[[int, int], None]]:
    """Set the node caps of the core's exact-target root for one test (see root_caps); the
    search with the opponents pushing tricks is left out (cap 0)."""
    from games.solver import native

    old = native._core.root_caps()

    def set_caps(exact_first: int, short_probe: int) -> None:
        native._core.root_caps(exact_first, short_probe, 0)

    yield set_caps
    native._core.root_caps(*old)


@needs_core
def test_the_root_finds_a_pair_short_of_its_sum_by_its_tricks(
    root_probe_at_once: Callable[[int, int], None],
) -> None:
    # The exact search is stopped at once, so the root asks whether N-S can take the sum of
    # their targets at all: they always take exactly two tricks (N's spades), so a sum of
    # three fails there; a sum of two passes the probe and the exact search decides.
    root_probe_at_once(1, 10**9)
    position = beyond("NT", ["SA SK C2", "S2 S3 CA", "D2 D3 D4", "H2 H3 H4"], N)
    assert solve(position, Objective.exact({N: 2, S: 1}), backend="c").value == 0
    assert solve(position, Objective.exact({N: 2, S: 0}), backend="c").value == 1
    assert solve(position, Objective.exact({N: 1, S: 1}), backend="c").value == 0


@needs_core
def test_the_root_pushes_tricks_on_a_pair_that_must_take_too_many() -> None:
    # The first exact search is stopped at once, so the root's search with the opponents
    # pushing tricks on the pair decides: E leads spades and N, holding only spades above
    # every other, must win all three rounds (W's joker cannot help, it never wins a suit
    # lead). So N takes exactly three and S none, whatever is played.
    from games.solver import native

    old = native._core.root_caps(1, 10**9, 10**9)
    try:
        position = beyond("NT", ["SA SK SQ", "S2 S3 S4", "H4 H2 H3", "S5 S6 X1"], E)
        assert solve(position, Objective.exact({N: 1, S: 1}), backend="c").value == 0
        assert solve(position, Objective.exact({N: 2, S: 0}), backend="c").value == 0
        assert solve(position, Objective.exact({N: 3, S: 0}), backend="c").value == 1
        assert solve(position, Objective.exact({N: 3, S: 0}), backend="python").value == 1
    finally:
        native._core.root_caps(*old)


@needs_core
@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**24),
    seat=st.integers(0, 3),
    share=st.integers(0, 6),
    caps=st.sampled_from(
        [(1, 10**9, 0), (1, 40, 0), (300, 10**9, 0), (300, 300, 0), (1, 10**9, 50), (1, 1, 10**9)]
    ),
)
def test_core_and_twin_agree_when_the_root_probes_the_pairs_tricks(
    seed: int, seat: int, share: int, caps: tuple[int, int, int]
) -> None:
    # Value mode, with the root's exact search stopped early (then the search with the
    # opponents pushing tricks and the tricks probe finished or stopped too): the answer
    # must not depend on where any of them stopped.
    from games.solver import native

    position, objective = _targets_near_the_pairs_tricks(seed, seat, share)
    old = native._core.root_caps(*caps)
    try:
        core = solve(position, objective, backend="c")
    finally:
        native._core.root_caps(*old)
    assert core.value == solve(position, objective, backend="python").value


@needs_core
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**24), seat=st.integers(0, 3), short=st.integers(0, 2))
def test_a_table_small_enough_to_evict_gives_the_same_answers(
    seed: int, seat: int, short: int
) -> None:
    # Beyond keeps the entries whose subtrees took the most nodes when a bucket is full. In
    # an engine with the smallest table (1 MB, 32 buckets) 10-trick searches fill buckets
    # (about one in seven searches here differs in nodes from the default table's), and
    # the answers must not depend on which entries stayed (the default table's answers
    # are the twin's, see the tests above).
    import threading

    from games.solver import native

    position = _with_jokers(seed, 10)
    pair = [seat, (seat + 2) % 4]
    most = solve(position, Objective.tricks(pair), backend="c").value
    first = min(most, seed % 4)
    objective = Objective.exact({pair[0]: first, pair[1]: max(0, most - first - short)})
    out: dict[str, Result] = {}

    def run() -> None:
        # A new thread gets its own engine, sized when it is made.
        out["exact"] = solve(position, objective, backend="c")
        out["tricks"] = solve(position, Objective.tricks(pair), backend="c")

    old = os.environ.get(native.TABLE_ENV)
    os.environ[native.TABLE_ENV] = "1"
    try:
        worker = threading.Thread(target=run)
        worker.start()
        worker.join()
    finally:
        if old is None:
            del os.environ[native.TABLE_ENV]
        else:
            os.environ[native.TABLE_ENV] = old
    assert out["exact"] == solve(position, objective, backend="c")
    assert out["tricks"].value == most
