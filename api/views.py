"""REST endpoints. Handlers stay thin: read input, call one service, serialize."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.serializers import GameSerializer
from games.catalog import GAMES


class GameList(APIView):
    @extend_schema(responses=GameSerializer(many=True))
    def get(self, request: Request) -> Response:
        """List the four games."""
        return Response(GameSerializer(GAMES.values(), many=True).data)


class GameDetail(APIView):
    @extend_schema(responses=GameSerializer)
    def get(self, request: Request, slug: str) -> Response:
        """Describe one game: skat, beyond, five_hundred or wiezen."""
        info = GAMES.get(slug)
        if info is None:
            raise Http404(f"unknown game {slug!r}: expected one of {', '.join(GAMES)}")
        return Response(GameSerializer(info).data)
