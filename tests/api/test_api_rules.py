"""Rules every endpoint shares: throttling (stricter on jobs), the one error shape, pages,
sessions as well as tokens, and the schema and docs served to a browser."""

from __future__ import annotations

import copy

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from rest_framework.test import APIClient

from tests.api.api_helpers import token_client
from tests.api.test_jobs_api import ENDING
from tests.learner.learner_helpers import PASSWORD
from tests.teachers.teacher_helpers import bank, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def rates(settings):
    def set_rates(**changed: str) -> None:
        rest = copy.deepcopy(settings.REST_FRAMEWORK)
        rest["DEFAULT_THROTTLE_RATES"].update(changed)
        settings.REST_FRAMEWORK = rest

    return set_rates


def test_solving_is_rated_far_lower_than_reading(rates, monkeypatch):
    monkeypatch.setattr("api.tasks.solve.delay", lambda pk: None)
    rates(solve="2/hour", user="100/min")
    lena = token_client(User.objects.create_user("lena", "l@example.org", PASSWORD))
    codes = [
        lena.post("/api/v1/solves/", {"request": ENDING}, format="json").status_code
        for _ in range(3)
    ]
    assert codes == [202, 202, 429]
    refused = lena.post("/api/v1/solves/", {"request": ENDING}, format="json").json()
    assert refused["status"] == 429 and refused["code"] == "throttled"
    # Polling is not a solve: it stays at the usual rate.
    assert lena.get("/api/v1/solves/").status_code == 200


def test_generation_is_rated_on_its_own(rates, monkeypatch):
    monkeypatch.setattr("trainer.generation.send_job", lambda pk, **kw: None)
    rates(generate="1/hour")
    tessa = token_client(make_user("tessa", teacher=True))
    body = {"game": "wiezen", "kind": "play", "count": 1}
    assert tessa.post("/api/v1/jobs/", body, format="json").status_code == 202
    assert tessa.post("/api/v1/jobs/", body, format="json").status_code == 429
    assert tessa.get("/api/v1/jobs/").status_code == 200


def test_every_client_has_a_rate(rates):
    rates(anon="3/min")
    client = APIClient()
    assert [client.get("/api/v1/games/").status_code for _ in range(4)] == [200, 200, 200, 429]


def test_a_session_works_as_well_as_a_token(db):
    bank(1)
    User.objects.create_user("lena", "l@example.org", PASSWORD)
    client = APIClient(enforce_csrf_checks=True)
    assert client.login(username="lena", password=PASSWORD)
    shown = client.get("/api/v1/train/wiezen/quiz/")
    assert shown.status_code == 200
    # A session client must send the CSRF token with a POST, as a page form does.
    refused = client.post("/api/v1/train/wiezen/hint/", {"quiz": shown.json()["quiz"]})
    assert refused.status_code == 403 and "CSRF" in refused.json()["message"]


def test_bad_bodies_name_every_bad_field(db):
    tessa = token_client(make_user("tessa", teacher=True))
    response = tessa.post(
        "/api/v1/assignments/", {"school_class": "x", "due_at": "soon"}, format="json"
    )
    body = response.json()
    assert response.status_code == 400
    assert set(body["fields"]) == {"school_class", "exercise_set", "due_at"}
    for field in body["fields"]:
        assert f"{field}: " in body["message"]


def test_the_schema_has_no_warnings_or_errors():
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null")


def test_the_schema_and_the_docs_open_in_a_browser(client):
    browser = {"HTTP_ACCEPT": "text/html,application/xhtml+xml,*/*;q=0.8"}
    yaml = client.get("/api/schema/", **browser)
    assert yaml.status_code == 200 and yaml["Content-Type"].startswith("text/plain")
    assert yaml["Content-Disposition"].startswith("inline")  # shown, not saved as a file
    assert b"/api/v1/train/{game}/quiz/" in yaml.content
    as_json = client.get("/api/schema/?format=json", **browser)
    assert as_json["Content-Type"].startswith("application/json")
    assert "/api/v1/progress/" in as_json.json()["paths"]
    docs = client.get("/api/docs/", **browser)
    assert docs.status_code == 200 and b"swagger-ui" in docs.content
    # Swagger UI comes from our own static files: a user's machine may have no network.
    assert b"cdn." not in docs.content and b"/static/drf_spectacular_sidecar/" in docs.content
    assert client.get("/api/redoc/", **browser).status_code == 200


def test_a_forged_forwarded_for_header_does_not_give_a_fresh_rate(rates):
    rates(anon="2/min")
    client = APIClient()
    codes = [
        client.get("/api/v1/games/", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}").status_code
        for n in range(3)
    ]
    assert codes == [200, 200, 429]


def test_passwords_tried_for_a_token_are_rated_per_address(rates):
    rates(token="2/min")
    User.objects.create_user("lena", "l@example.org", PASSWORD)
    client = APIClient()
    tries = [
        client.post("/api/v1/auth/token/", {"username": "lena", "password": f"guess{n}"})
        for n in range(3)
    ]
    assert [t.status_code for t in tries] == [401, 401, 429]
    right = client.post("/api/v1/auth/token/", {"username": "lena", "password": PASSWORD})
    assert right.status_code == 429  # the right one waits too: guessing gains nothing


def test_an_unknown_api_path_is_a_404_in_the_one_shape(client):
    for path in ("/api/v1/nothing/", "/api/v1/games", "/api/v2/games/"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.json()["code"] == "not_found" and path in response.json()["message"]
    assert "end with a slash" in client.get("/api/v1/games").json()["message"]


def test_the_openapi_media_types_are_still_served_on_request(client):
    named = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi")
    assert named["Content-Type"].startswith("application/vnd.oai.openapi")
    as_json = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert "/api/v1/solves/" in as_json.json()["paths"]


def _redis_cache(settings, url: str) -> None:
    import uuid

    from config.cache import cache_settings

    # A prefix of this test's own: the counts of other tests (and their user ids) stay apart.
    settings.CACHES = {"default": {**cache_settings(url, 0.5), "KEY_PREFIX": uuid.uuid4().hex}}


def test_with_redis_a_rate_is_counted_per_window_in_one_round_trip(
    rates, settings, redis_url, monkeypatch
):
    from django.core.cache import cache

    _redis_cache(settings, redis_url)
    rates(user="3/min")
    rita = token_client(User.objects.create_user("rita", "r@example.org", PASSWORD))
    sent: list[int] = []
    client = cache._cache.get_client(write=True)
    real = type(client).pipeline

    def counting(self, *args, **kwargs):
        pipe = real(self, *args, **kwargs)
        execute = pipe.execute
        pipe.execute = lambda *a, **k: sent.append(len(pipe.command_stack)) or execute(*a, **k)
        return pipe

    monkeypatch.setattr(type(client), "pipeline", counting)
    monkeypatch.setattr("api.throttles.SimpleRateThrottle.timer", lambda self: 1_000_040.0)
    tries = [rita.get("/api/v1/games/") for _ in range(4)]
    assert [t.status_code for t in tries] == [200, 200, 200, 429]
    assert sent == [2, 2, 2, 2]  # INCR and EXPIRE, sent together, once per request
    # The window is the clock's minute: 20 s of it gone, 40 s to wait.
    assert tries[3]["Retry-After"] == "40"
    # Another client has a count of its own; the next minute starts afresh.
    rolf = token_client(User.objects.create_user("rolf", "o@example.org", PASSWORD))
    assert rolf.get("/api/v1/games/").status_code == 200
    monkeypatch.setattr("api.throttles.SimpleRateThrottle.timer", lambda self: 1_000_081.0)
    assert rita.get("/api/v1/games/").status_code == 200
    keys = client.keys(cache.make_and_validate_key("throttle_user_*"))
    assert keys and all(0 < client.ttl(k) <= 61 for k in keys)  # counts do not pile up


def test_with_redis_down_the_rate_lets_requests_through(rates, settings):
    from config.cache import cache_settings

    settings.CACHES = {"default": cache_settings("redis://127.0.0.1:1/0", 0.2)}
    rates(user="1/min")
    rita = token_client(User.objects.create_user("rita", "r@example.org", PASSWORD))
    assert [rita.get("/api/v1/games/").status_code for _ in range(3)] == [200, 200, 200]
