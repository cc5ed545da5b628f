"""What every API view shares: the services' refusals turned into the one error shape."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import OpenApiResponse
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from api.errors import ServiceError
from api.serializers import ErrorSerializer
from games.catalog import GAMES
from trainer.player import NotGivenError

# A service raises a ValueError subclass whose message names the field (ClassError,
# FilterError, GradingError, JobRequestError, ...): a 400, nothing stored.
REFUSALS: tuple[type[Exception], ...] = (ValueError,)


def game_or_404(game: str) -> Any:
    if game not in GAMES:
        raise Http404(f"game: unknown game {game!r}; use one of {', '.join(GAMES)}")
    return GAMES[game]


def errors(*codes: int) -> dict[int, OpenApiResponse]:
    """The error responses of an operation, for the schema."""
    words = {
        400: "bad input: the message names the field",
        401: "no or bad credentials",
        403: "not allowed",
        404: "not found, or not yours",
        429: "too many requests",
    }
    return {c: OpenApiResponse(ErrorSerializer, description=words[c]) for c in codes}


class ApiView(APIView):
    """An API view: a service's refusal (a ValueError naming the field) is a 400."""

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, REFUSALS) and not isinstance(exc, ServiceError):
            if isinstance(exc, NotGivenError):  # the state, not the input, is at odds
                exc = ServiceError(str(exc), status_code=409, code="not_given")
            else:
                exc = ServiceError(str(exc))
        return super().handle_exception(exc)


class SignedIn(ApiView):
    """An API view for signed-in users (a token or a session)."""

    permission_classes = [IsAuthenticated]
