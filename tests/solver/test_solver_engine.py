"""The C engine: bounded memory, no leaks, the GIL released, one engine per thread."""

from __future__ import annotations

import resource
import threading
import time

import pytest

from games.solver import Objective, layout_for, solve
from games.solver.builders import pbn_position
from games.solver.samples import random_position

native = pytest.importorskip("games.solver.native")
core = native.builds.module()  # the build of the core chosen for this CPU
# A no-trump deal (the first of the solver bench) that takes the core a good fraction of a
# second in `cards` mode: long enough for the GIL test to mean something.
SLOW_DEAL = "N:J.T4.K9743.K7532 T84.AQJ7.AQ5.JT8 AK76.K9853.J6.Q6 Q9532.62.T82.A94"


def _rss_kb() -> int:
    with open("/proc/self/statm") as handle:
        pages = int(handle.read().split()[1])
    return pages * resource.getpagesize() // 1024


def test_memory_stays_flat_over_ten_thousand_solves() -> None:
    samples = [random_position("wiezen", seed, 3) for seed in range(50)]
    for sample in samples:  # warm up: the table's pages get touched once
        solve(sample.position, sample.objective, "cards", backend="c")
    before = _rss_kb()
    for k in range(10_000):
        sample = samples[k % len(samples)]
        solve(sample.position, sample.objective, "cards" if k % 2 else "value", backend="c")
    assert _rss_kb() - before < 2048


def test_table_size_is_a_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = core.Engine(2)
    sample = random_position("skat", 1, 3)
    from games.solver.position import compile_problem

    problem = compile_problem(sample.position, sample.objective)
    monkeypatch.setattr(native, "engine", lambda: engine)
    native.solve_problem(problem, "value")
    # Every bucket that fits (a bucket is about 12 KB), not a power of two of them.
    assert (2 << 20) - (16 << 10) <= engine.table_bytes <= 2 << 20
    monkeypatch.setenv("GAMES_SOLVER_TT_MB", "lots")
    with pytest.raises(ValueError, match="GAMES_SOLVER_TT_MB"):
        native.table_megabytes()


def test_search_releases_the_gil() -> None:
    position = pbn_position(layout_for("wiezen", "NT"), SLOW_DEAL, leader=2)
    done = threading.Event()
    spins = 0

    def work() -> None:
        solve(position, Objective.tricks([0, 2]), "cards", backend="c")
        done.set()

    thread = threading.Thread(target=work)
    start = time.perf_counter()
    thread.start()
    while not done.is_set():
        spins += 1
    thread.join()
    elapsed = time.perf_counter() - start
    # The test means something only while the search outlasts a few switch intervals.
    assert elapsed > 0.05, f"the deal took {elapsed * 1000:.0f} ms: pick a slower one"
    # With the GIL held for the whole search this loop would barely run.
    assert spins > 1000 * elapsed


def test_threads_get_their_own_engines() -> None:
    seen: list[object] = []

    def grab() -> None:
        seen.append(native.engine())

    threads = [threading.Thread(target=grab) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen[0] is not seen[1]
    assert native.engine() is native.engine()


def test_threads_solving_at_once_get_the_same_answers() -> None:
    samples = [random_position("beyond", seed, 4) for seed in range(20)]
    expected = [solve(s.position, s.objective, "cards", backend="python") for s in samples]
    results: dict[int, object] = {}

    def work(k: int) -> None:
        results[k] = [solve(s.position, s.objective, "cards", backend="c") for s in samples]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(results[k] == expected for k in range(3))
