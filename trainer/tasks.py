"""Celery tasks of the trainer app. Arguments are ids and plain values; results are JSON."""

from __future__ import annotations

import os
import socket

from celery import shared_task


@shared_task(name="trainer.check_worker", ignore_result=False)
def check_worker(token: str) -> dict[str, object]:
    """Return the token with this worker's host and process id, proving a full round trip."""
    return {"token": token, "host": socket.gethostname(), "pid": os.getpid()}
