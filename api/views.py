"""Games, lessons and tokens. Handlers stay thin: read input, call one service, serialize."""

from __future__ import annotations

from django.contrib.auth import authenticate
from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from api.base import ApiView, SignedIn, errors, game_or_404
from api.errors import ServiceError
from api.serializers import (
    GameSerializer,
    LessonDetailSerializer,
    LessonSerializer,
    TokenRequestSerializer,
    TokenSerializer,
)
from api.throttles import TokenRate
from classes.roster import is_teacher
from games.catalog import GAMES
from lessons.models import Lesson, LessonProgress


class GameList(ApiView):
    @extend_schema(responses=GameSerializer(many=True), tags=["games"])
    def get(self, request: Request) -> Response:
        """List the four games."""
        return Response(GameSerializer(GAMES.values(), many=True).data)


class GameDetail(ApiView):
    @extend_schema(responses={200: GameSerializer, **errors(404)}, tags=["games"])
    def get(self, request: Request, slug: str) -> Response:
        """Describe one game: skat, beyond, five_hundred or wiezen."""
        return Response(GameSerializer(game_or_404(slug)).data)


@extend_schema(
    tags=["lessons"],
    parameters=[OpenApiParameter("game", str, enum=list(GAMES), description="one course only")],
)
class LessonList(generics.ListAPIView):
    """List the lessons, course by course in their order."""

    serializer_class = LessonSerializer

    def get_queryset(self):
        rows = Lesson.objects.defer("body_html").order_by("game", "order")
        game = self.request.query_params.get("game", "")
        if game:
            if game not in GAMES:
                raise ServiceError(f"game: unknown game {game!r}; use one of {', '.join(GAMES)}")
            rows = rows.filter(game=game)
        return rows


class LessonDetail(ApiView):
    @extend_schema(responses={200: LessonDetailSerializer, **errors(404)}, tags=["lessons"])
    def get(self, request: Request, game: str, slug: str) -> Response:
        """One lesson's text; ``completed`` says whether you passed it (null: not started)."""
        game_or_404(game)
        lesson = Lesson.objects.filter(game=game, slug=slug).first()
        if lesson is None:
            raise Http404(f"no lesson {slug!r} in {game}")
        completed = None
        if request.user.is_authenticated:
            row = LessonProgress.objects.filter(user=request.user, lesson=lesson).first()
            completed = None if row is None else row.completed_at is not None
        lesson.completed = completed
        return Response(LessonDetailSerializer(lesson).data)


class TokenView(ApiView):
    """Your API token: POST your user name and password for it; DELETE revokes it."""

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "POST" else SignedIn().get_permissions()

    def get_throttles(self):
        found = super().get_throttles()
        return [*found, TokenRate()] if self.request.method == "POST" else found

    @extend_schema(
        request=TokenRequestSerializer,
        responses={200: TokenSerializer, **errors(400, 401, 429)},
        tags=["accounts"],
        auth=[],
    )
    def post(self, request: Request) -> Response:
        """Return your token (made on first use); send it as ``Authorization: Token <key>``."""
        form = TokenRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        user = authenticate(
            request._request,
            username=form.validated_data["username"],
            password=form.validated_data["password"],
        )
        if user is None or not user.is_active:
            raise AuthenticationFailed("password: wrong user name or password")
        token, _ = Token.objects.get_or_create(user=user)
        return Response(
            {"token": token.key, "username": user.username, "teacher": is_teacher(user)}
        )

    @extend_schema(responses={204: None, **errors(401)}, tags=["accounts"])
    def delete(self, request: Request) -> Response:
        """Revoke your token (a new POST makes a new one)."""
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class NoSuchEndpoint(ApiView):
    """Any other path under /api/: a 404 in the one error shape (not the site's HTML page)."""

    schema = None  # not an operation of the schema

    def _refuse(self, request: Request, *args: object, **kwargs: object) -> Response:
        path = request.path
        hint = "; the endpoints end with a slash" if not path.endswith("/") else ""
        raise Http404(f"no such endpoint: {path}{hint} (see /api/docs/)")

    get = post = put = patch = delete = head = options = _refuse
