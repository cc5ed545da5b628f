"""The API's token authentication: DRF's, with the token and its user read in one plain
statement on PostgreSQL (every API request of a token client reads them; through the ORM's
``select_related`` that read cost about a tenth of a quiz fetch's CPU)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

from api import state
from api.models import ClientState
from trainer import rawrows


def _sql() -> str:
    user = get_user_model()
    # The user's stored API state (api.state.ClientSession) comes in the same row: the
    # request reads it next, one round trip to PostgreSQL fewer.
    return (
        f"SELECT {rawrows.columns(Token, 't')}, {rawrows.columns(user, 'u')}, s.id, s.data "
        f"FROM {Token._meta.db_table} t JOIN {user._meta.db_table} u ON u.id = t.user_id "
        f"LEFT JOIN {ClientState._meta.db_table} s ON s.user_id = u.id "
        "WHERE t.key = %s"
    )


class TokenAuthentication(authentication.TokenAuthentication):
    """``Authorization: Token <key>``, as DRF's: the same refusals, the same user."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        if not rawrows.usable():
            return super().authenticate_credentials(key)
        row = rawrows.one(_sql(), [key])
        if row is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        n = len(Token._meta.concrete_fields)
        token = rawrows.build(Token, row[:n])
        user = rawrows.build(get_user_model(), row[n:-2])
        token.user = user
        state.prefetched(user, row[-2], row[-1])
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return user, token
