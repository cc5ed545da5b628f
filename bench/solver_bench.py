"""Benchmark the double-dummy solver and update its section of docs/performance.md.

Run ``python bench/solver_bench.py`` (``make bench``). Sections: (1) random bridge-shaped
Kleurenwiezen deals against DDS (endplay), modes value and cards; (2) every card of 500
more such deals compared with DDS; (3) the 150 solved Skat deals; (4) full Beyond and 500
deals; (5) the pure-Python twin on small endgames. Sections 1, 3 and 4 run every build of
the C core that can run here (portable, native-nobmi2, native) side by side, each deal on
each build in turn (``--builds`` picks some); 2 and 5 run the build chosen for this CPU.
``--deals`` and friends set the sizes (the defaults are the full run); every run records the
sizes it used. It measures; it never fails on a timing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.report import machine, stamp, update_section  # noqa: E402
from games.cards import SEATS, WIEZEN_DECK, Card, deck_for, format_pbn  # noqa: E402
from games.solver import (  # noqa: E402
    Budget,
    Objective,
    Position,
    SolverBudgetExceeded,
    layout_for,
    solve,
)
from games.solver.backends import available_backends, backend_name, info  # noqa: E402
from games.solver.builders import pbn_position, skat_position  # noqa: E402
from games.solver.requests import skat_points  # noqa: E402
from games.solver.samples import CONTRACTS, random_position  # noqa: E402

SKAT_DATA = ROOT / "tests" / "data" / "skat_solved_deals.jsonl"
SECTION = "Double-dummy solver"
T = TypeVar("T")
RANKS_BY_BIT = "..23456789TJQKA"


def timed(run: Callable[..., T], *args: Any, **kwargs: Any) -> tuple[T, float]:
    """Return the result of ``run(*args, **kwargs)`` and its wall time in milliseconds."""
    start = time.perf_counter()
    out = run(*args, **kwargs)
    return out, (time.perf_counter() - start) * 1000


def summary(times: list[float]) -> dict[str, float]:
    """Return median, mean and max of a list of times (ms)."""
    if not times:
        return {"median": float("nan"), "mean": float("nan"), "max": float("nan")}
    return {"median": statistics.median(times), "mean": statistics.mean(times), "max": max(times)}


# ------------------------------------------------------------------ bridge vs DDS


def _dds_card(card: object) -> str:
    return "SHDC"[card.suit.value] + RANKS_BY_BIT[card.rank.value.bit_length() - 1]  # type: ignore[attr-defined]


def bridge_deals(count: int, seed: int) -> list[tuple[dict[str, list[Card]], str, int]]:
    """Return ``count`` random 13-card deals with a random trump (or NT) and leader."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cards = WIEZEN_DECK.shuffled(rng.randrange(2**32))
        hands = {s: cards[i * 13 : (i + 1) * 13] for i, s in enumerate(SEATS)}
        out.append((hands, rng.choice(["S", "H", "D", "C", "NT"]), rng.randrange(4)))
    return out


def _trick_nodes(backend: str | None = None) -> int:
    """Trick-start nodes of the last solve on this thread's C engine of ``backend`` (the
    chosen build by default; 0 for the twin)."""
    if (backend or backend_name()) == "python":
        return 0
    from games.solver.native import engine

    build = backend[2:] if backend and backend.startswith("c-") else None
    return int(engine(build).trick_nodes)


def compared_builds(wanted: str | None = None) -> list[str]:
    """Return the backends the side-by-side sections run: ``c-<build>`` for every build of
    the core that can run here (or those named in ``wanted``, comma-separated), else the
    default backend alone."""
    usable = [name for name in available_backends() if name.startswith("c-")]
    if wanted:
        names = [f"c-{w.strip()}" for w in wanted.split(",")]
        unknown = [n[2:] for n in names if n not in usable]
        if unknown:
            can = ", ".join(n[2:] for n in usable) or "none"
            raise SystemExit(f"--builds: {', '.join(unknown)} cannot run here (builds: {can})")
        usable = names
    return usable or [backend_name()]


def _label(backend: str) -> str:
    return backend[2:] if backend.startswith("c-") else backend


def bench_bridge(count: int, seed: int, backends: list[str]) -> list[str]:
    """Time this solver against DDS on random deals, both modes; count agreements."""
    try:
        from endplay.dds import solve_board
        from endplay.dds.solve import SolveMode
        from endplay.types import Deal, Denom, Player
    except ImportError:
        return ["endplay is not installed: section skipped."]
    rows = []
    for mode in ("value", "cards"):
        ours: dict[str, list[float]] = {b: [] for b in backends}
        theirs: list[float] = []
        agree = dict.fromkeys(backends, 0)
        our_nodes = dict.fromkeys(backends, 0)
        dds_nodes = 0
        for hands, trump, leader in bridge_deals(count, seed):
            pbn = format_pbn(hands)
            deal = Deal(pbn)
            deal.trump = Denom("SHDCN".index(trump[0]))
            deal.first = Player(leader)
            dds_mode = SolveMode.Default if mode == "cards" else SolveMode.OptimalOne
            board, ms = timed(solve_board, deal, dds_mode)
            found = list(board)
            theirs.append(ms)
            dds_nodes += board._data.nodes
            ns = leader % 2 == 0
            scores = {_dds_card(c): (s if ns else 13 - s) for c, s in found}
            position = pbn_position(layout_for("wiezen", trump), pbn, leader)
            for backend in backends:
                result, ms = timed(solve, position, Objective.tricks([0, 2]), mode, backend=backend)
                ours[backend].append(ms)
                our_nodes[backend] += _trick_nodes(backend)
                if mode == "cards":
                    agree[backend] += result.cards == scores
                else:
                    agree[backend] += result.value == next(iter(scores.values()))
        b = summary(theirs)
        for backend in backends:
            a = summary(ours[backend])
            rows.append(
                f"| {mode} | {_label(backend)} | {count} | {agree[backend]}/{count} | "
                f"{a['median']:.1f} | {a['mean']:.1f} | "
                f"{b['median']:.1f} | {b['mean']:.1f} | {a['median'] / b['median']:.2f} | "
                f"{a['mean'] / b['mean']:.2f} | {our_nodes[backend] / 1e6:.2f} M | "
                f"{dds_nodes / 1e6:.2f} M |"
            )
            print(rows[-1], flush=True)
    head = [
        "| mode | build | deals | agree with DDS | ours median ms | ours mean ms | "
        "DDS median ms | DDS mean ms | median ratio | mean ratio | our trick nodes | "
        "DDS trick nodes |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    note = [
        "",
        "Trick nodes: positions at the start of a trick reached by the search, summed over",
        "the deals (DDS reports the same count per solve); unlike times, they do not depend",
        "on the machine or its load. 0 for us when the pure-Python twin runs.",
    ]
    return head + rows + note


def bench_agreement(count: int, seed: int) -> list[str]:
    """Compare every legal card's value with DDS on ``count`` deals (cards mode), all trumps
    and leaders; the deals differ from the timed ones (seed + 1)."""
    try:
        from endplay.dds import solve_board
        from endplay.dds.solve import SolveMode
        from endplay.types import Deal, Denom, Player
    except ImportError:
        return ["endplay is not installed: section skipped."]
    agree = cards = 0
    trumps: dict[str, int] = {}
    leaders: dict[str, int] = {}
    wrong: list[str] = []
    for number, (hands, trump, leader) in enumerate(bridge_deals(count, seed + 1), 1):
        pbn = format_pbn(hands)
        deal = Deal(pbn)
        deal.trump = Denom("SHDCN".index(trump[0]))
        deal.first = Player(leader)
        ns = leader % 2 == 0
        scores = {
            _dds_card(c): (s if ns else 13 - s) for c, s in solve_board(deal, SolveMode.Default)
        }
        result = solve(
            pbn_position(layout_for("wiezen", trump), pbn, leader),
            Objective.tricks([0, 2]),
            "cards",
        )
        cards += len(scores)
        trumps[trump] = trumps.get(trump, 0) + 1
        leaders[SEATS[leader]] = leaders.get(SEATS[leader], 0) + 1
        if result.cards == scores:
            agree += 1
        else:
            wrong.append(f"{pbn} trump {trump} leader {SEATS[leader]}")
        if number % 50 == 0:
            print(f"  {number}/{count} deals, {agree} agree", flush=True)
    row = (
        f"| {count} | {cards} | {agree}/{count} | "
        + ", ".join(f"{t} {trumps.get(t, 0)}" for t in ("S", "H", "D", "C", "NT"))
        + " | "
        + ", ".join(f"{s} {leaders.get(s, 0)}" for s in SEATS)
        + " |"
    )
    print(row, flush=True)
    lines = [
        "| deals | cards compared | deals agreeing card by card | deals per trump | "
        "deals per leader |",
        "|---|---|---|---|---|",
        row,
    ]
    if wrong:
        lines += ["", "Disagreements (first 5):", *[f"- `{w}`" for w in wrong[:5]]]
    return lines


# --------------------------------------------------------------------------- Skat


def bench_skat(limit: int, backends: list[str]) -> list[str]:
    """Time the solved Skat deals on each build and count how many match the stored value."""
    deals = [json.loads(line) for line in SKAT_DATA.read_text().splitlines() if line.strip()]
    deals = deals[:limit]
    times: dict[str, list[float]] = {b: [] for b in backends}
    agree = dict.fromkeys(backends, 0)
    for deal in deals:
        position = skat_position(deal["game"], deal["hands"], deal["leader"])
        for backend in backends:
            objective = Objective.points([deal["declarer"]])
            result, ms = timed(solve, position, objective, backend=backend)
            times[backend].append(ms)
            agree[backend] += result.value + skat_points(deal["skat"]) == deal["declarer_points"]
    rows = []
    for backend in backends:
        s = summary(times[backend])
        rows.append(
            f"| {_label(backend)} | {len(deals)} | {agree[backend]}/{len(deals)} | "
            f"{s['median']:.1f} | {s['mean']:.1f} | {s['max']:.1f} |"
        )
        print(rows[-1], flush=True)
    return [
        "| build | deals | agree with data | median ms | mean ms | max ms |",
        "|---|---|---|---|---|---|",
        *rows,
    ]


# --------------------------------------------------------------- Beyond and 500


def full_deal(game: str, seed: int) -> tuple[Position, Objective]:
    """Return a random full 500 deal (10 cards, kitty aside), the leader's side's tricks."""
    rng = random.Random(seed)
    contract = rng.choice([c for c in CONTRACTS[game] if c != "misere"])
    layout = layout_for(game, contract)
    size = 13 if game == "beyond" else 10
    cards = deck_for(game).shuffled(rng.randrange(2**32))
    hands = [cards[i * size : (i + 1) * size] for i in range(4)]
    leader = rng.randrange(4)
    return Position.build(layout, hands, leader), Objective.tricks([leader, (leader + 2) % 4])


def beyond_deal(seed: int, targets: bool = True) -> tuple[Position, Objective]:
    """Return a random full Beyond deal: random trump (or NT) and leader, jokers dealt.

    With ``targets`` (what the quizzes solve) each seat declares its rule-based estimate
    (``games.beyond.evaluation``) give or take a trick at random, the last declarer moves
    off a total of 13 as the rules demand, and the objective is that a random seat and its
    partner both hit their declarations. Without, the objective is that pair's tricks.
    """
    from games.beyond.evaluation import estimate_tricks

    rng = random.Random(seed)
    contract = rng.choice(CONTRACTS["beyond"])
    layout = layout_for("beyond", contract)
    cards = deck_for("beyond").shuffled(rng.randrange(2**32))
    hands = [cards[i * 13 : (i + 1) * 13] for i in range(4)]
    leader = rng.randrange(4)
    seat = rng.randrange(4)
    if not targets:
        return Position.build(layout, hands, leader), Objective.tricks([seat, (seat + 2) % 4])
    strain = "N" if contract == "NT" else contract
    said = []
    for hand in hands:
        guess = round(estimate_tricks(hand, strain)) + rng.choice((-1, 0, 0, 1))
        said.append(min(13, max(0, guess)))
    if sum(said) == 13:
        last = (leader + 3) % 4
        said[last] += 1 if said[last] == 0 or rng.random() < 0.5 else -1
    objective = Objective.exact({seat: said[seat], (seat + 2) % 4: said[(seat + 2) % 4]})
    return Position.build(layout, hands, leader), objective


def _nodes(backend: str | None = None) -> int:
    """All nodes of the last solve on this thread's C engine of ``backend`` (0 for the
    twin)."""
    build = backend[2:] if backend and backend.startswith("c-") else None
    if backend_name() != "c" and build is None:
        return 0
    from games.solver.native import engine

    return int(engine(build).nodes)


def full_row(
    label: str, deals: list[tuple[Position, Objective]], backends: list[str], budget: int = 0
) -> list[str]:
    """Time full deals in value mode on each build: one table row per build, with times and
    node counts.

    With a node ``budget`` a deal that reaches it stops there and counts as unfinished; its
    time and nodes still enter the figures, so they are lower bounds when any stops.
    """
    if not deals:  # e.g. --full 0: no row
        return []
    times: dict[str, list[float]] = {b: [] for b in backends}
    nodes: dict[str, list[int]] = {b: [] for b in backends}
    finished = dict.fromkeys(backends, 0)
    for position, objective in deals:
        for backend in backends:
            try:
                _, ms = timed(
                    solve,
                    position,
                    objective,
                    backend=backend,
                    budget=Budget(nodes=budget or None),
                )
                finished[backend] += 1
            except SolverBudgetExceeded as exc:
                ms = exc.seconds * 1000
            times[backend].append(ms)
            nodes[backend].append(_nodes(backend))
    rows = []
    for backend in backends:
        s = summary(times[backend])
        rows.append(
            f"| {label} | {_label(backend)} | {len(deals)} | {finished[backend]}/{len(deals)} | "
            f"{s['median']:.1f} | {s['mean']:.1f} | {s['max']:.1f} | "
            f"{statistics.median(nodes[backend]) / 1e3:.1f} K | "
            f"{max(nodes[backend]) / 1e6:.2f} M |"
        )
        print(rows[-1], flush=True)
    return rows


# ------------------------------------------------------------------ Python twin


def bench_twin(count: int, tricks: int) -> list[str]:
    """Time the pure-Python twin (and the C core) on small endgames of every game."""
    if count <= 0:
        return ["Not run (`--endgames 0`)."]
    rows = []
    for game in sorted(CONTRACTS):
        twin, core = [], []
        for seed in range(count):
            sample = random_position(game, seed, tricks)
            _, ms = timed(solve, sample.position, sample.objective, "cards", backend="python")
            twin.append(ms)
            _, ms = timed(solve, sample.position, sample.objective, "cards")
            core.append(ms)
        a, b = summary(twin), summary(core)
        rows.append(
            f"| {game} | {count} | {tricks} | {a['median']:.2f} | {a['mean']:.2f} | "
            f"{b['median']:.3f} | {b['mean']:.3f} |"
        )
        print(rows[-1], flush=True)
    head = [
        "| game | positions | tricks left | twin median ms | twin mean ms | core median ms | "
        "core mean ms |",
        "|---|---|---|---|---|---|---|",
    ]
    return head + rows


# ---------------------------------------------------- batches of sampled worlds


def quiz_worlds(count: int) -> list[tuple[list[Any], str, list[Any], str, list[Any]]]:
    """Return the sampled worlds, dealer, auction so far, seat and candidate calls of the
    first ``count`` Kleurenwiezen bidding quizzes the generator keeps (seeds from 0)."""
    from games.cards import parse_pbn
    from games.quizzes import draft_quiz
    from games.wiezen import parse_call

    out: list[tuple[list[Any], str, list[Any], str, list[Any]]] = []
    for seed in range(200 if count > 0 else 0):  # --quizzes 0: none drafted
        draft = draft_quiz("wiezen", "bid", "single_dummy", seed)
        if draft is None:
            continue
        p = draft.position
        worlds = [parse_pbn(w, WIEZEN_DECK, 13) for w in draft.extra["worlds"]]
        prefix = [(s, parse_call(c)) for s, c in p["auction"]]
        calls = [parse_call(c.answer) for c in draft.candidates]
        out.append((worlds, p["dealer"], prefix, p["seat"], calls))
        if len(out) == count:
            break
    return out


def world_positions(
    quiz: tuple[list[Any], str, list[Any], str, list[Any]], tricks: int, worlds: int
) -> tuple[list[tuple[Position, Objective]], list[int]]:
    """Return the positions a quiz solves (each partnership contract of each world, played
    by the simple players until ``tricks`` are left) and each one's world number."""
    from games.quizzes.common.lines import seat_no
    from games.quizzes.wiezen.settle import contract_after
    from games.quizzes.wiezen.solving import position_of
    from games.quizzes.wiezen.table import play_until

    deals, dealer, prefix, seat, calls = quiz
    items, numbers = [], []
    for number, world in enumerate(deals[:worlds]):
        contracts = {contract_after(world, dealer, prefix, seat, c) for c in calls}
        for contract in sorted((k for k in contracts if k), key=str):
            if contract.is_individual:
                continue
            play = play_until(world, contract, tricks)
            team = Objective.tricks(seat_no(s) for s in contract.declarers)
            items.append((position_of(play), team))
            numbers.append(number)
    return items, numbers


def bench_quiz_batch(count: int) -> list[str]:
    """Solve the sampled worlds of bidding quizzes by single calls and by one batch."""
    from games.solver import native, solve_many

    if backend_name() == "python":
        return ["The C core is not built: section skipped."]
    if count <= 0:
        return ["Not run (`--quizzes 0`)."]
    quizzes = quiz_worlds(count)
    rows = []
    for tricks, worlds in ((7, 100), (13, 10)):
        sets = [world_positions(q, tricks, worlds) for q in quizzes]
        npos = sum(len(items) for items, _ in sets)
        ways = {
            "one batch": lambda i, n: None,
            "one batch, table shared within a world": lambda i, n: n,
            "one batch, table shared across worlds": lambda i, n: [0] * len(i),
        }
        answers: dict[str, list[Any]] = {}
        for name in ["single calls", *ways]:
            nodes, spent, found = 0, 0.0, []
            for items, numbers in sets:
                start = time.perf_counter()
                if name == "single calls":
                    for p, o in items:
                        found.append(solve(p, o))
                        nodes += native.engine().nodes
                else:
                    found += solve_many(items, groups=ways[name](items, numbers))
                    nodes += sum(native.last_batch().nodes)  # type: ignore[union-attr]
                spent += time.perf_counter() - start
            answers[name] = found
            same = "yes" if found == answers["single calls"] else "NO"
            rows.append(
                f"| {tricks} | {len(quizzes)} x {worlds} | {npos} | {name} | "
                f"{nodes / 1e6:.3f} M | {spent * 1000:.0f} | {same} |"
            )
            print(rows[-1], flush=True)
    head = [
        "| tricks solved | quizzes x worlds | positions | how | nodes | ms | same answers |",
        "|---|---|---|---|---|---|---|",
    ]
    note = [
        "",
        "The positions are those the Kleurenwiezen bidding quiz solves (each partnership",
        "contract of each sampled world; the simple players play until the last tricks), of",
        "the first quizzes the generator keeps; 13 tricks: whole deals, the first 10 worlds.",
    ]
    return head + rows + note


def main() -> int:
    """Run the benchmarks and update the solver section of docs/performance.md."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200, help="bridge deals for section 1")
    parser.add_argument(
        "--agree", type=int, default=500, help="bridge deals compared card by card with DDS"
    )
    parser.add_argument("--skat", type=int, default=150, help="Skat deals for section 2")
    parser.add_argument(
        "--beyond", type=int, default=50, help="Beyond deals with declarations, section 4"
    )
    parser.add_argument(
        "--beyond-nodes",
        type=int,
        default=20_000_000,
        help="node budget per Beyond deal (0: none); a deal past it counts as unfinished",
    )
    parser.add_argument(
        "--full", type=int, default=5, help="500 deals and Beyond deals for tricks, section 4"
    )
    parser.add_argument("--endgames", type=int, default=30, help="endgames per game, section 4")
    parser.add_argument(
        "--quizzes", type=int, default=3, help="bidding quizzes whose worlds are batched"
    )
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--builds", help="builds of the core for sections 1, 3, 4, comma-separated (default all)"
    )
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()
    backends = compared_builds(args.builds)
    lines = [
        f"Measured {stamp()} on {machine()}; solver backend: {backend_name()}.",
        "",
        *[f"- {line}" for line in info().splitlines()],
        "- sections 1, 3 and 4 side by side: " + ", ".join(_label(b) for b in backends),
        "",
        f"`bench/solver_bench.py --deals {args.deals} --agree {args.agree} --skat {args.skat} "
        f"--beyond {args.beyond} --beyond-nodes {args.beyond_nodes} --full {args.full} "
        f"--endgames {args.endgames} --quizzes {args.quizzes} --seed {args.seed}"
        + (f" --builds {args.builds}" if args.builds else "")
        + "`. Wall-clock times per position, one "
        "thread, on a shared machine (other test runs at the same time): noisy.",
        "",
    ]
    print("\n".join(lines), flush=True)
    sections: list[tuple[str, Callable[[], list[str]]]] = [
        (
            "Kleurenwiezen (bridge-shaped) deals against DDS",
            lambda: bench_bridge(args.deals, args.seed, backends),
        ),
        (
            "Agreement with DDS, every card of every deal (cards mode)",
            lambda: bench_agreement(args.agree, args.seed),
        ),
        ("The solved Skat deals", lambda: bench_skat(args.skat, backends)),
        (
            "Full Beyond and 500 deals (value mode)",
            lambda: [
                "| game | build | deals | finished | median ms | mean ms | max ms | "
                "median nodes | max nodes |",
                "|---|---|---|---|---|---|---|---|---|",
                *full_row(
                    "beyond, declarations",
                    [beyond_deal(seed) for seed in range(args.beyond)],
                    backends,
                    args.beyond_nodes,
                ),
                *full_row(
                    "beyond, a pair's tricks",
                    [beyond_deal(seed, targets=False) for seed in range(args.full)],
                    backends,
                    args.beyond_nodes,
                ),
                *full_row(
                    "five_hundred",
                    [full_deal("five_hundred", seed) for seed in range(args.full)],
                    backends,
                ),
            ],
        ),
        (
            "The pure-Python twin on small endgames (cards mode)",
            lambda: bench_twin(args.endgames, 5),
        ),
        (
            "Sampled worlds of bidding quizzes: single calls against one batch (value mode)",
            lambda: bench_quiz_batch(args.quizzes),
        ),
    ]
    for number, (title, run) in enumerate(sections, 1):
        print(f"### {number}. {title}", flush=True)
        lines += [f"### {number}. {title}", "", *run(), ""]
    if not args.no_write:
        update_section(SECTION, "\n".join(lines))
        print(f"docs/performance.md updated (section: {SECTION})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
