"""Benchmark the teacher pages: an entered deal from submit to quiz, and the results page.

Runs in-process on a throwaway test database (PostgreSQL when DATABASE_URL names one, else
SQLite), created and dropped by Django's test machinery. Two figures:

- entered deal: the POST that checks the deal (no solving in the request), then the worker's
  solve and store (``classes.tasks.solve_deal_entry`` run here, as a worker runs it); the
  broker's hand-over to a worker is not included;
- results page: a class of 30 pupils who have each answered a set of 20 items; the page,
  the grid fragment the page polls, and the CSV export, each fetched repeatedly.

Writes the `## Teacher pages` section of docs/performance.md. It measures; it never fails on
a timing.

    python bench/teachers_bench.py [--rounds 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from bench.report import machine, stamp, table, update_section  # noqa: E402

PASSWORD = "bench-password-2026"
WIEZEN_DEAL = "W:AT6.Q4.T632.K873 J843.A85.AQJ84.2 KQ9.T963.97.T965 752.KJ72.K5.AQJ4"
SKAT_DEAL = (
    "ST HT CA SQ CT HQ DQ CJ D9 HK / DJ HA S8 DK H9 H7 C9 SJ S9 SK / "
    "S7 H8 SA C7 DT C8 CQ D8 CK HJ / D7 DA"
)
FIVE_HUNDRED_DEAL = "N:J98.T4.T.KJ97 65.Q6.AKJ97.6 KT7.K95.Q.AQ8 A.AJ87.654.5.1 / D8 SQ CT"
BEYOND_DEAL = "N:JT64.AQT92.74.K2 AK7.J54.KQ52.965 Q985.K763.A.T73.2 32..JT963.AQJ4.13"
BEYOND_PLAYED = (
    "HA H4 HK S2 HQ H5 H7 S3 HT HJ H3 CA SA S5 CQ S4 SK S8 CJ S6 D2 DA D3 D7 SQ C4 SJ S7"
)
DEALS = [
    ("Kleurenwiezen, first lead (13 tricks)", "wiezen", WIEZEN_DEAL, "ask_join NS H", "W", ""),
    (
        "Kleurenwiezen, after 2 tricks",
        "wiezen",
        WIEZEN_DEAL,
        "ask_join NS H",
        "S",
        "C8 C2 C5 CA HK H4 H5 H3",
    ),
    ("Skat grand, first lead (10 tricks)", "skat", SKAT_DEAL, "forehand grand", "forehand", ""),
    (
        "Skat grand, after 2 tricks",
        "skat",
        SKAT_DEAL,
        "forehand grand",
        "forehand",
        "CJ SJ HJ CA C9 C7",
    ),
    (
        "500, 7S after 4 tricks",
        "five_hundred",
        FIVE_HUNDRED_DEAL,
        "7S N",
        "S",
        "SJ S5 S7 X1 HA H4 H6 H5 D4 DT DJ DQ CA C5 C7 C6",
    ),
    ("Beyond, 7H after 7 tricks", "beyond", BEYOND_DEAL, "7H N N3 E3 S4 W2", "S", BEYOND_PLAYED),
]


def cpu_family() -> str:
    """Return the CPU's family and model numbers from /proc/cpuinfo ('' when unknown)."""
    found: dict[str, str] = {}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            if key.strip() in ("cpu family", "model") and key.strip() not in found:
                found[key.strip()] = value.strip()
    except OSError:
        return ""
    if len(found) < 2:
        return ""
    return f" (family {found['cpu family']} model {found['model']})"


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.0f}"


def p90(values: list[float]) -> str:
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))] * 1000:.0f}"


def synthetic_bank(count: int) -> list[int]:
    """Store ``count`` Kleurenwiezen play quizzes shaped like docs/quizzes.md."""
    from games.cards import WIEZEN_DECK
    from games.quizzes.base import Candidate, QuizDraft
    from trainer.generation import store_quiz
    from trainer.models import Quiz

    for n in range(count):
        cards = [str(c) for c in WIEZEN_DECK.shuffled(f"bench/{n}")]
        hand = cards[:4]
        draft = QuizDraft(
            game="wiezen", kind="play", mode="double_dummy", prompt=f"Which card? ({n})",
            position={"seat": "S", "hands": {"S": hand}, "hidden": ["N", "E", "W"],
                      "contract": {"kind": "ask_join"}, "trick": [], "tricks_played": []},
            candidates=(Candidate(hand[0], 3.0, True),
                        *[Candidate(c, 1.0, False, refutation="worse") for c in hand[1:]]),
            unit="tricks", themes=("bench",), rating=1500.0, rule_ref="", seed=n,
        )  # fmt: skip
        store_quiz(draft, None)
    return list(Quiz.objects.order_by("id").values_list("pk", flat=True))[:count]


def bench_entered(rounds: int) -> list[list[object]]:
    from django.contrib.auth.models import User

    from classes import roster, sets
    from classes.models import DealEntry
    from classes.tasks import solve_deal_entry

    teacher = User.objects.create_user("bench-teacher", password=PASSWORD)
    roster.make_teacher(teacher)
    client = Client()
    client.force_login(teacher)
    rows = []
    for name, game, deal, contract, seat, played in DEALS:
        posts, solves = [], []
        for r in range(max(1, rounds // 5)):
            exercise_set = sets.create_set(teacher, f"bench {name} {r}")
            began = time.perf_counter()
            client.post(
                f"/teach/sets/{exercise_set.pk}/deal/",
                {"game": game, "deal": deal, "contract": contract, "seat": seat,
                 "played": played},
            )  # fmt: skip
            posts.append(time.perf_counter() - began)
            entry = DealEntry.objects.get(exercise_set=exercise_set)
            began = time.perf_counter()
            # A first solve stores the quiz; later ones find it in the bank (same position).
            if r:
                DealEntry.objects.filter(pk=entry.pk).update(status="queued")
            solve_deal_entry(entry.pk)
            solves.append(time.perf_counter() - began)
            assert DealEntry.objects.get(pk=entry.pk).status == "done"
        total = [p + s for p, s in zip(posts, solves, strict=True)]
        rows.append([name, ms(posts), ms(solves), ms(total), len(total)])
    return rows


def bench_results(rounds: int, pupils: int, items: int) -> list[list[object]]:
    from django.contrib.auth.models import User

    from classes import roster, sets, work
    from classes.models import AssignmentAnswer
    from trainer.models import Attempt, Quiz

    teacher = User.objects.create_user("bench-results", password=PASSWORD)
    roster.make_teacher(teacher)
    school_class = roster.create_class(teacher, "Bench class")
    quiz_ids = synthetic_bank(items)
    exercise_set = sets.create_set(teacher, "Bench set")
    sets.pick(teacher, exercise_set.pk, quiz_ids)
    assignment = work.assign(teacher, school_class.pk, exercise_set.pk, None)
    set_items = list(exercise_set.items.select_related("quiz"))
    quizzes = {q.pk: q for q in Quiz.objects.filter(pk__in=quiz_ids)}
    for p in range(pupils):
        pupil = User.objects.create_user(f"pupil{p:02d}", password=PASSWORD)
        roster.join_class(pupil, school_class.join_code)
        for n, item in enumerate(set_items):
            quiz = quizzes[item.quiz_id]
            right = (n + p) % 3 != 0
            answer = str(quiz.candidates[0 if right else 1 + (p % 3)]["answer"])
            attempt = Attempt.objects.create(
                user=pupil, quiz=quiz, game=quiz.game, answer=answer, correct=right,
                first=True, quiz_rating=1500.0, seconds=10.0,
            )  # fmt: skip
            AssignmentAnswer.objects.create(
                assignment=assignment, item=item, pupil=pupil, attempt=attempt, answer=answer,
                correct=right, seconds=10.0, rating_before=1500.0, rating_after=1500.0 + n,
            )  # fmt: skip
    client = Client()
    client.force_login(teacher)
    rows = []
    for label, url in [
        ("results page", f"/teach/assignments/{assignment.pk}/"),
        ("grid fragment (polled)", f"/teach/assignments/{assignment.pk}/grid/"),
        ("CSV export", f"/teach/assignments/{assignment.pk}/results.csv"),
    ]:
        client.get(url)  # warm up
        times = []
        for _ in range(rounds):
            began = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - began)
            assert response.status_code == 200
        counter = Counter()
        with connection.execute_wrapper(counter):
            client.get(url)
        rows.append([label, ms(times), p90(times), counter.count, len(response.content)])
    return rows


class Counter:
    """Count the queries of one request."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--items", type=int, default=20)
    args = parser.parse_args()
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.ALLOWED_HOSTS = ["*"]
    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        entered = bench_entered(args.rounds)
        page = bench_results(args.rounds, args.pupils, args.items)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    entered_table = table(
        ["deal entered", "POST (check) ms", "worker solve + store ms", "total ms", "runs"],
        entered,
    )
    page_table = table(["page", "median ms", "p90 ms", "queries", "bytes"], page)
    print(entered_table, "\n", page_table, sep="\n")
    body = (
        f"Measured {stamp()} on {machine()}{cpu_family()}; database: {connection.vendor}. "
        "The machine is shared with other work (a load far above its 2 cores makes every "
        "figure here slower than on an idle machine), so figures vary from run to run. "
        "`bench/teachers_bench.py`, in-process (Django's test client, no network).\n\n"
        "**From submitting an entered deal to the quiz being ready.** The POST reads and "
        "plays the deal without solving; the worker then solves every legal card double "
        "dummy and stores the quiz; the total is the median of the sums. The broker's "
        "hand-over to an idle worker is not included. How long the solve takes depends "
        "mostly on the tricks left.\n\n"
        f"{entered_table}\n\n"
        f"**Results page, a class of {args.pupils} pupils and a set of {args.items} items**, "
        "every pupil having answered every item; median and 90th percentile over "
        f"{args.rounds} fetches.\n\n{page_table}\n"
    )
    update_section("Teacher pages", body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
