"""The live API against its own OpenAPI schema (schemathesis), bounded for CI.

A real server (pytest-django's live_server) answers generated requests for every operation,
with a teacher's token: no answer may be a 5xx, and every answer must match the schema (its
status code documented, its body the documented shape, its content type). The examples per
operation are few and derandomized, so a run is short and repeatable; jobs are not handed to
a broker here (the other tests cover sending), so nothing is left queued.

Each operation is run as its own hypothesis test (schemathesis's strategies); the failures of
all operations are collected and reported together.
"""

from __future__ import annotations

import copy
import os

import pytest
import schemathesis
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.teachers.teacher_helpers import make_world

# A deeper run by hand: API_SCHEMA_EXAMPLES=100 pytest tests/api/test_live_schema.py
EXAMPLES = int(os.environ.get("API_SCHEMA_EXAMPLES", "12"))
# No 5xx, and every answer as the schema says: a documented status code (ST103), the
# documented content type and body. Not schemathesis's "positive data acceptance": the
# schema gives the shapes, while the services judge what is only known at run time (the
# constraint language, the quiz handed out, a due date in the future), refusing it with a
# 400 that names the field, which that check would count as a failure.
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def live_token(live_server, settings, monkeypatch) -> str:
    """A teacher's token on a server whose rates are out of the way and that queues nothing."""
    from django.core.cache import cache

    rest = copy.deepcopy(settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"] = {k: "100000/min" for k in rest["DEFAULT_THROTTLE_RATES"]}
    settings.REST_FRAMEWORK = rest
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    monkeypatch.setattr("trainer.generation.send_job", lambda pk, **kw: True)
    monkeypatch.setattr("api.tasks.solve.delay", lambda pk: None)
    monkeypatch.setattr("classes.tasks.generate_for_set.delay", lambda pk: None)
    world = make_world()
    token, _ = Token.objects.get_or_create(user=world.teacher)
    return token.key


def run_operation(operation, headers: dict[str, str]) -> None:
    """Send EXAMPLES generated requests to one operation and check every answer."""

    @given(case=operation.as_strategy())
    @hypothesis_settings(
        max_examples=EXAMPLES,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )
    def check(case) -> None:
        case.call_and_validate(headers=headers, checks=CHECKS)

    check()


def test_the_live_api_keeps_to_its_schema(live_server, live_token):
    schema = schemathesis.openapi.from_url(f"{live_server.url}/api/schema/?format=json")
    headers = {"Authorization": f"Token {live_token}"}
    failures: list[str] = []
    operations = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        operations += 1
        try:
            run_operation(operation, headers)
        except Exception as exc:  # collect every operation's failure, then report them all
            failures.append(f"{operation.method.upper()} {operation.path}:\n{exc}")
    assert operations >= 30  # the whole API was walked, not an empty schema
    assert not failures, "\n\n".join(failures)
