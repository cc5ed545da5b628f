"""How often the load bench's learners start a round (`bench/load_locust.py`,
`bench/load_api_locust.py`): locust puts this folder on the import path of a locustfile.

Without LOAD_RATE each learner thinks THINK seconds (LOAD_THINK_MIN..LOAD_THINK_MAX) between
rounds: a closed loop, where the faster the server answers, the more it is asked. With
LOAD_RATE (answered quizzes a second, all LOAD_LEARNERS learners together) each learner starts
a round every LOAD_LEARNERS / LOAD_RATE seconds, its think time included, so the load offered
does not rise when the server answers faster (an open loop, while the server keeps up).
"""

from __future__ import annotations

import os

from locust import between, constant_throughput

THINK = (
    float(os.environ.get("LOAD_THINK_MIN", "0.05")),
    float(os.environ.get("LOAD_THINK_MAX", "0.15")),
)
RATE = float(os.environ.get("LOAD_RATE", "0") or 0)
LEARNERS = max(1, int(os.environ.get("LOAD_LEARNERS", "1") or 1))
LEARNER_WAIT = constant_throughput(RATE / LEARNERS) if RATE else between(*THINK)
