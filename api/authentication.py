"""The API's token authentication: DRF's, with the token and its user read in one plain
statement on PostgreSQL (every API request of a token client reads them; through the ORM's
``select_related`` that read cost about a tenth of a quiz fetch's CPU)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

from api import state
from api.models import ClientState
from trainer import rawrows
from trainer.models import ReviewCard, SkillRating


def _sql() -> str:
    user = get_user_model()
    # What the request reads next comes in the same row, each one round trip to PostgreSQL
    # fewer: the user's stored API state (api.state.ClientSession), and for the quiz fetch
    # the user's rating row in each game and the reviews due now in each (api.state.Prefetched).
    return (
        f"SELECT {rawrows.columns(Token, 't')}, {rawrows.columns(user, 'u')}, s.id, s.data, "
        "(SELECT json_object_agg(r.game, json_build_array(r.id, r.rating, r.deviation, "
        f"r.volatility, r.games, r.updated_at)) FROM {SkillRating._meta.db_table} r "
        "WHERE r.user_id = u.id), "
        "(SELECT json_object_agg(d.game, d.n) FROM (SELECT c.game, COUNT(*) AS n "
        f"FROM {ReviewCard._meta.db_table} c WHERE c.user_id = u.id AND c.due <= %s "
        "GROUP BY c.game) d) "
        f"FROM {Token._meta.db_table} t JOIN {user._meta.db_table} u ON u.id = t.user_id "
        f"LEFT JOIN {ClientState._meta.db_table} s ON s.user_id = u.id "
        "WHERE t.key = %s"
    )


class TokenAuthentication(authentication.TokenAuthentication):
    """``Authorization: Token <key>``, as DRF's: the same refusals, the same user."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        if not rawrows.usable():
            return super().authenticate_credentials(key)
        row = rawrows.one(_sql(), [timezone.now(), key])
        if row is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        n = len(Token._meta.concrete_fields)
        token = rawrows.build(Token, row[:n])
        user = rawrows.build(get_user_model(), row[n:-4])
        token.user = user
        state.prefetch(user, row[-4], row[-3], row[-2], row[-1])
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return user, token
