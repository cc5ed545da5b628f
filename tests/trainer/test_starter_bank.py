"""The shipped starter bank: re-verified line by line, loaded on a first start, rebuildable."""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.position import record_problems
from games.quizzes import KINDS, QuizDraft, load_generators, question_of, recheck
from games.quizzes.common.keep import MAX_ANSWER_SHARE, answer_shares
from games.quizzes.common.valuation import RECHECK_WORLDS, current, stored
from tests.trainer.conftest import toy_generator
from trainer.grading import grade
from trainer.models import Quiz
from trainer.quizio import parse_line
from trainer.starter import (
    STARTER_BANK,
    STARTER_MIN,
    Cell,
    StarterBankError,
    build,
    plan,
    read_lines,
    write_bank,
    write_lines,
)


@pytest.fixture(scope="module")
def shipped() -> list[tuple[int, QuizDraft]]:
    """Every line of the shipped bank, read as the import reads it (a bad line fails here)."""
    drafts = []
    for number, line in enumerate(read_lines(STARTER_BANK), start=1):
        try:
            drafts.append((number, parse_line(line)))
        except ValueError as exc:
            pytest.fail(f"{STARTER_BANK.name} line {number}: {exc}")
    return drafts


def candidates_agree(draft: QuizDraft) -> None:
    """The stored candidates grade as they claim: every accepted answer is right, every
    other one wrong, and the accepted ones hold the best values."""
    rows = [c.as_json() for c in draft.candidates]
    accepted = [c for c in draft.candidates if c.accepted]
    rejected = [c for c in draft.candidates if not c.accepted]
    assert accepted and rejected, "needs accepted and rejected answers"
    assert len(accepted) <= max(1, len(rows) // 2), "more than half of the choices accepted"
    for cand in draft.candidates:
        verdict = grade(rows, draft.unit, cand.answer, draft.kind)
        assert verdict.correct is cand.accepted, f"{cand.answer} grades {verdict.correct}"
        if cand.accepted:
            assert verdict.loss == 0, f"accepted {cand.answer} loses {verdict.loss}"
    values = [c.value for c in accepted], [c.value for c in rejected]
    assert min(values[0]) >= max(values[1]) or max(values[0]) <= min(values[1]), (
        "accepted answers are neither all best nor all least"
    )


def judged_again(draft: QuizDraft) -> None:
    """The quiz re-judged from what it stored (the deal, or its worlds) through the shared
    verdict: play quizzes of every game through the one pipeline, bids through their game's
    re-check (Beyond's convention calls against the convention itself). A bidding quiz that
    stores its per-world results (Skat, Kleurenwiezen, Beyond declarations) is judged again
    from all of them, and ``RECHECK_WORLDS`` of its worlds are solved again to check them
    (docs/quizzes/common.md: whole deals made the full re-solve cost minutes)."""
    problems = recheck(draft, RECHECK_WORLDS if draft.kind == "bid" else None)
    assert not problems, "; ".join(problems)


def holds_what_a_recheck_needs(draft: QuizDraft) -> None:
    """The position fits the typed record (every field, and written out again unchanged) and
    a sampled quiz stores every world it was judged on, not only their seed."""
    problems = record_problems(draft.game, draft.position)
    assert not problems, "; ".join(problems)
    if draft.samples is not None:
        worlds = draft.extra.get("worlds")
        assert isinstance(worlds, list), "the sampled worlds are not stored"
        assert len(worlds) == draft.samples, f"{len(worlds)} worlds stored, {draft.samples} sampled"


# Each re-check takes a draft read from the shipped bank and fails (AssertionError or any
# exception) when the quiz is not what it claims.
RECHECKS: list[Callable[[QuizDraft], None]] = [
    holds_what_a_recheck_needs,
    candidates_agree,
    judged_again,
]


def _groups() -> list[tuple[str, str, str]]:
    return sorted({(d.game, d.kind, question_of(d)) for d in map(parse_line, read_lines())})


# Known to be over the limit, with the reason (docs/quizzes/beyond.md): the answer to a demand
# is forced by partner's call, and the simple bidder demands spades in about half its demands.
OVER_THE_LIMIT: set[tuple[str, str, str]] = set()


@pytest.mark.parametrize(
    "group",
    [
        pytest.param(
            g,
            marks=pytest.mark.xfail(strict=True, reason="forced answer, skewed bidder")
            if g in OVER_THE_LIMIT
            else (),
        )
        for g in _groups()
    ],
    ids="/".join,
)
def test_no_answer_is_accepted_in_more_than_the_limit_of_its_question(shipped, group):
    drafts = [d for _n, d in shipped if (d.game, d.kind, question_of(d)) == group]
    (share,) = answer_shares(drafts)
    assert share.quizzes >= 4, str(share)
    assert share.share <= MAX_ANSWER_SHARE, str(share)


def test_every_play_quiz_is_decided_by_the_result_or_beyond_the_sampling_error(shipped):
    for number, draft in shipped:
        if draft.kind != "play":
            continue
        accepted = [c.value for c in draft.candidates if c.accepted]
        rejected = [c.value for c in draft.candidates if not c.accepted]
        where = f"line {number} ({draft.game} {draft.mode} seed {draft.seed})"
        if draft.mode == "double_dummy":
            # Exact: ranks of the result band; every accepted card reaches a better band.
            assert draft.unit == "result", where
            assert min(accepted) > max(rejected), where
            assert len({c.result for c in draft.candidates if c.accepted}) >= 1, where
        else:
            assert draft.unit == "points", where
            assert draft.margin is not None, where
            assert draft.margin > 2 * draft.extra["sampling_error"], where
            assert all(c.rate is not None and c.rate_unit for c in draft.candidates), where


def test_every_convention_quiz_accepts_the_call_the_convention_prescribes(shipped):
    quizzes = [
        d for _n, d in shipped if d.game == "beyond" and question_of(d) in ("convention", "demand")
    ]
    assert quizzes
    for draft in quizzes:
        assert draft.unit == "convention"
        assert sorted(draft.accepted) == sorted(draft.extra["prescribed"])
        assert recheck(draft) == []  # the prescribed calls derived again from the convention


def test_the_shipped_bank_holds_enough_of_every_game_and_kind(shipped):
    counts: dict[tuple[str, str], int] = {}
    modes: dict[tuple[str, str], set[str]] = {}
    for _n, draft in shipped:
        counts[(draft.game, draft.kind)] = counts.get((draft.game, draft.kind), 0) + 1
        modes.setdefault((draft.game, draft.kind), set()).add(draft.mode)
    for game in ("skat", "beyond", "five_hundred", "wiezen"):
        for kind in KINDS:
            assert counts.get((game, kind), 0) >= STARTER_MIN, (game, kind, counts)
            if kind == "play":
                assert modes[(game, kind)] == {"double_dummy", "single_dummy"}
    assert set(counts) == set(load_generators())
    # Skat first: the file is written in the order a first start lists the games.
    assert shipped[0][1].game == "skat"


def test_no_position_is_shipped_twice(shipped):
    hashes = [(d.kind, d.position_hash) for _n, d in shipped]
    assert len(hashes) == len(set(hashes))


def _failure(recheck: Callable[[QuizDraft], None], number: int, draft: QuizDraft) -> str | None:
    try:
        recheck(draft)
    except Exception as exc:
        return f"line {number} ({draft.game} {draft.kind} seed {draft.seed}): {exc}"
    return None


@pytest.mark.parametrize("recheck", RECHECKS, ids=lambda f: f.__name__)
def test_every_shipped_quiz_passes_its_recheck(shipped, recheck):
    # One thread per core: the re-solves release the GIL and each thread has its own solver
    # engine (games.solver.native), so the 2-core CI machine re-judges the bank in about half
    # the time. The failures are listed in the bank's order.
    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        found = pool.map(lambda line: _failure(recheck, *line), shipped)
        failures = [f for f in found if f is not None]
    assert not failures, "\n".join(failures[:20])


def test_the_rechecks_catch_a_wrong_flag(shipped):
    _n, draft = shipped[0]
    flipped = [
        replace(c, accepted=not c.accepted) if i == 0 else c for i, c in enumerate(draft.candidates)
    ]
    broken = replace(draft, candidates=tuple(flipped))
    with pytest.raises(AssertionError, match="accepted differ"):
        judged_again(broken)
    # The grading check alone catches a flag that leaves a worse value accepted.
    worst = min(draft.candidates, key=lambda c: c.value)
    lifted = [replace(c, accepted=True) if c is worst else c for c in draft.candidates]
    with pytest.raises(AssertionError):
        candidates_agree(replace(draft, candidates=tuple(lifted)))


def test_every_shipped_bidding_quiz_is_valued_as_its_game_values_new_ones(shipped):
    """The bank holds no bidding quiz of a game solved whole (Skat, 500, Kleurenwiezen) that
    was valued by the simple players' first tricks: its bidding cells were rebuilt when the
    game moved to whole deals (docs/quizzes/common.md)."""
    behind = [
        f"line {n} ({d.game} seed {d.seed}): {stored(d.game, d.extra)}"
        for n, d in shipped
        if d.kind == "bid" and stored(d.game, d.extra) != current(d.game)
    ]
    assert not behind, "\n".join(behind[:10])


@pytest.mark.parametrize("game", ["skat", "wiezen", "beyond"])
def test_the_bid_rechecks_catch_a_wrong_flag_or_a_wrong_stored_world(shipped, game):
    """A bidding quiz judged again from its stored per-world results catches a flipped flag
    in full; the worlds solved again catch a stored result the solver does not give (Beyond:
    a declaration quiz, valued by its shortcut)."""
    draft = next(
        d for _n, d in shipped if d.game == game and d.kind == "bid" and "results" in d.extra
    )
    assert stored(game, draft.extra) == current(game)
    flipped = [
        replace(c, accepted=not c.accepted) if i == 0 else c for i, c in enumerate(draft.candidates)
    ]
    with pytest.raises(AssertionError, match="accepted differ"):
        judged_again(replace(draft, candidates=tuple(flipped)))
    # A stored result changed in a world the re-check solves again (the first one always is).
    results = json.loads(json.dumps(draft.extra["results"]))
    option = draft.candidates[0].answer
    results[option][0][0] += 7
    broken = replace(draft, extra={**draft.extra, "results": results})
    with pytest.raises(AssertionError, match="world 0"):
        judged_again(broken)


def run(*args: str) -> str:
    out = StringIO()
    call_command("ensure_starter_bank", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


@pytest.mark.django_db
def test_a_first_start_leaves_enough_quizzes_of_every_game_and_kind(shipped):
    assert f"{len(shipped)} quizzes imported, 0 already in the bank" in run("--no-top-up")
    for game, kind in load_generators():
        assert Quiz.objects.filter(game=game, kind=kind).count() >= STARTER_MIN, (game, kind)
    assert Quiz.objects.count() == len(shipped)
    # The next start finds nothing short and stores nothing.
    assert "every game and kind has quizzes" in run("--no-top-up")
    assert Quiz.objects.count() == len(shipped)


@pytest.mark.django_db
def test_a_bad_line_in_the_bank_stops_the_start_and_stores_nothing(tmp_path, shipped):
    good = read_lines(STARTER_BANK)[0]
    bank = tmp_path / "bank.jsonl.gz"
    with gzip.open(bank, "wt", encoding="utf-8") as out:
        out.write(good + json.dumps({"version": 2, "game": "skat", "kind": "play"}) + "\n")
    with pytest.raises(CommandError, match="line 2: missing field"):
        run("--bank", str(bank), "--no-top-up")
    assert not Quiz.objects.exists()
    with pytest.raises(CommandError, match="cannot read the starter bank"):
        run("--bank", str(tmp_path / "missing.jsonl.gz"), "--no-top-up")


@pytest.fixture
def toy_only(monkeypatch, toy_bid_generator):
    """Let the bank builder see only the toy wiezen bid generator."""
    monkeypatch.setattr("trainer.starter.load_generators", lambda: {("wiezen", "bid"): None})


def test_the_build_splits_play_over_both_modes_and_puts_skat_first():
    cells = plan(30)
    assert cells[0].game == "skat"
    play = [c for c in cells if c.game == "wiezen" and c.kind == "play"]
    assert {(c.mode, c.count) for c in play} == {("double_dummy", 15), ("single_dummy", 15)}
    assert len({c.seed for c in cells}) == len(cells)


def test_the_build_is_the_same_with_any_number_of_processes(tmp_path, toy_only):
    cells = plan(6)
    assert cells == [Cell("wiezen", "bid", "single_dummy", 6, per_question=6)]
    one, two = tmp_path / "one.jsonl.gz", tmp_path / "two.jsonl.gz"
    assert write_bank(build(cells, jobs=1), one) == 6
    assert write_bank(build(cells, jobs=2), two) == 6
    assert one.read_bytes() == two.read_bytes()
    seeds = [parse_line(line).seed for line in read_lines(one)]
    assert all(seed % 3 for seed in seeds)  # the toy keeps two seeds in three
    assert [toy_generator(s, "single_dummy", None) is not None for s in seeds] == [True] * 6


def test_the_build_command_writes_a_bank_the_import_takes(tmp_path, toy_only):
    target = tmp_path / "starter.jsonl.gz"
    out = StringIO()
    call_command(
        "build_starter_bank",
        "--per-kind",
        "4",
        "--output",
        str(target),
        stdout=out,
        stderr=StringIO(),
    )
    assert "4 quizzes written" in out.getvalue()
    assert [parse_line(line).game for line in read_lines(target)] == ["wiezen"] * 4
    with pytest.raises(CommandError, match="needs at least 25 per game and kind"):
        call_command("build_starter_bank", "--per-kind", "3", stdout=out, stderr=StringIO())
    with pytest.raises(CommandError, match="no quiz generator for bridge"):
        call_command(
            "build_starter_bank",
            "--game",
            "bridge",
            "--output",
            str(target),
            stdout=out,
            stderr=StringIO(),
        )


def test_rebuilding_some_cells_keeps_every_other_line_as_it_is(tmp_path, toy_only):
    """--game/--kind into an existing bank rebuilds those cells only: the other lines stay
    byte for byte in their places, the rebuilt cell's new quizzes stand where its old ones
    stood."""
    target = tmp_path / "starter.jsonl.gz"
    toy = plan(6)
    write_bank(build(toy, jobs=1), target)
    toy_lines = read_lines(target)
    other = [
        json.dumps({"game": "skat", "kind": "play", "mode": "double_dummy", "n": 1}),
        json.dumps({"game": "beyond", "kind": "bid", "mode": "single_dummy", "n": 2}),
    ]
    write_lines([other[0], *toy_lines[:2], other[1]], target)
    out = StringIO()
    call_command(
        "build_starter_bank",
        "--per-kind",
        "6",
        "--kind",
        "bid",
        "--output",
        str(target),
        stdout=out,
        stderr=StringIO(),
    )
    assert "8 quizzes written" in out.getvalue()
    assert [line.rstrip("\n") for line in read_lines(target)] == [
        other[0],
        *(line.rstrip("\n") for line in toy_lines),
        other[1],
    ]
    with pytest.raises(StarterBankError, match="no such kind"):
        plan(6, kinds=["deal"])


def test_the_build_passes_over_a_draft_whose_answer_is_already_too_common(
    monkeypatch, toy_bid_generator
):
    """A generator that accepts A in most deals still gives a bank where A is accepted in at
    most MAX_ANSWER_SHARE of the quizzes: the drafts that would push it over are passed over."""
    from games.quizzes.base import GENERATORS

    def mostly_a(seed: int, mode: str, constraint: object) -> QuizDraft | None:
        draft = toy_generator(seed, mode, constraint)
        if draft is None or seed % 4:
            return draft if draft is None else _accepting(draft, "A")
        return draft

    # Undone inside the test: the toy generator's fixture, torn down first, restores the real
    # generator, and a fixture-wide monkeypatch undone after it would put the toy back.
    with monkeypatch.context() as patch:
        patch.setitem(GENERATORS, ("wiezen", "bid"), mostly_a)
        drafts = list(build([Cell("wiezen", "bid", "single_dummy", 10, per_question=10)]))
    (share,) = answer_shares(drafts)
    assert share.quizzes == 10 and share.share <= MAX_ANSWER_SHARE, str(share)


def _accepting(draft: QuizDraft, answer: str) -> QuizDraft:
    return replace(
        draft,
        candidates=tuple(
            replace(c, accepted=c.answer == answer, value=2.0 if c.answer == answer else 1.0)
            for c in draft.candidates
        ),
    )
