"""The home page, the admin and the games API."""

from __future__ import annotations

import pytest

from games.catalog import GAMES

pytestmark = pytest.mark.django_db


def test_home_page_lists_the_four_games(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    for info in GAMES.values():
        assert f'id="game-{info.slug}"' in html
        assert info.name in html
    assert "43 cards" in html  # the 500 deck


def test_every_page_names_its_icon_so_browsers_do_not_ask_for_a_missing_favicon(client):
    import re

    from django.contrib.staticfiles import finders

    html = client.get("/").content.decode()
    icon = re.search(r'<link rel="icon" href="/static/([^"]+)"', html)
    assert icon, "the base layout links no icon: browsers then fetch /favicon.ico (a 404)"
    assert finders.find(icon.group(1)), f"the icon {icon.group(1)} is not a static file"


def test_admin_asks_for_a_login(client):
    response = client.get("/admin/")
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_games_api_lists_slugs_and_deck_sizes(client):
    data = client.get("/api/v1/games/").json()
    assert [g["slug"] for g in data] == ["skat", "beyond", "five_hundred", "wiezen"]
    assert {g["slug"]: g["deck_size"] for g in data} == {
        "skat": 32,
        "beyond": 52,
        "five_hundred": 43,
        "wiezen": 52,
    }


def test_games_api_names_an_unknown_game(client):
    response = client.get("/api/v1/games/bridge/")
    assert response.status_code == 404
    assert "bridge" in response.json()["message"]


def test_openapi_schema_is_served(client):
    response = client.get("/api/schema/?format=json")
    assert response.status_code == 200
    assert "/api/v1/games/" in response.json()["paths"]
