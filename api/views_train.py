"""The learner's side: the next quiz, a hint, the answer, the verdict, history and progress.

Every handler calls the trainer's own services, as the quiz pages do: ``trainer.player``
serves and grades, ``trainer.tickets`` keeps the quiz handed out (in the user's stored API
state, ``api.state``, where the page uses the session), ``trainer.progress`` sums up.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from api import present
from api.base import SignedIn, errors, game_or_404
from api.errors import ServiceError
from api.serializers import (
    AnswerSerializer,
    AttemptSerializer,
    FiltersSerializer,
    HintSerializer,
    ProgressSerializer,
    QuizRefSerializer,
    QuizSerializer,
    VerdictSerializer,
)
from api.state import ClientSession, prefetched
from games.catalog import GAMES
from trainer import progress, tickets
from trainer.learners import Learner
from trainer.models import Attempt, Quiz
from trainer.player import access_attempt, serve, submit
from trainer.selection import Filters, due_count, learner_rating


def learner_of(request: Request) -> Learner:
    return Learner(user_id=request.user.pk)


class NextQuiz(SignedIn):
    @extend_schema(
        parameters=[FiltersSerializer],
        responses={200: QuizSerializer, **errors(400, 401, 404)},
        tags=["training"],
    )
    def get(self, request: Request, game: str) -> Response:
        """Your quiz in this game: the one handed out and not answered yet, else the next.

        The same filters as the quiz page. 404 (code ``empty``) when no quiz is left for them;
        the bank is topped up by the workers, never by this request.
        """
        game_or_404(game)
        filters = Filters.from_query({k: str(v) for k, v in request.query_params.items()})
        learner = learner_of(request)
        known = prefetched(request.user)
        if known is not None:  # read with the token: no query for either
            rating, due = known.rating(game), known.due.get(game, 0)
        else:
            rating, due = learner_rating(learner, game), None
        served = serve(ClientSession(request.user), learner, game, filters, rating=rating, due=due)
        if served is None:
            raise ServiceError(
                f"no quiz left in {game} for these filters ({filters.as_query() or 'none'}); "
                "try others, or later when the bank has been topped up",
                status_code=status.HTTP_404_NOT_FOUND,
                code="empty",
            )
        quiz, ticket = served
        return Response(present.quiz_data(quiz, ticket, rating))


class Hint(SignedIn):
    @extend_schema(
        request=QuizRefSerializer,
        responses={200: HintSerializer, **errors(400, 401, 404)},
        tags=["training"],
    )
    def post(self, request: Request, game: str) -> Response:
        """Take the hint of the quiz handed out (counted: a right answer after it is half)."""
        game_or_404(game)
        form = QuizRefSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        state = ClientSession(request.user)
        ticket = tickets.current(state)
        quiz_id = form.validated_data["quiz"]
        if ticket is None or ticket.game != game or ticket.quiz != quiz_id:
            raise ServiceError(
                f"quiz: {quiz_id} is not the quiz you were given", status_code=409, code="not_given"
            )
        quiz = Quiz.objects.filter(pk=quiz_id).first()
        if quiz is None:
            raise Http404(f"quiz: {quiz_id} is no longer in the bank")
        tickets.add_hint(state, quiz_id)
        return Response(present.hint_data(quiz))


class Answer(SignedIn):
    @extend_schema(
        request=AnswerSerializer,
        responses={201: VerdictSerializer, **errors(400, 401, 404)},
        tags=["training"],
    )
    def post(self, request: Request, game: str) -> Response:
        """Answer the quiz handed out: graded at once from its stored values; the verdict.

        Only the quiz handed out is taken, and only once (a second post gets 409, code
        ``not_given``); time and hints come from the server's ticket.
        """
        game_or_404(game)
        form = AnswerSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        learner = learner_of(request)
        known = prefetched(request.user)  # the rating row read with the token
        attempt, _grade = submit(
            ClientSession(request.user), learner, game, data["quiz"], data.get("answer", ""),
            data.get("cards", []), whole=True,
            skill=known.skill(game) if known is not None else None,
        )  # fmt: skip
        # The verdict is built from the attempt just stored and its quiz, not read back.
        verdict = present.verdict_data(attempt, due_count(learner, game))
        return Response(verdict, status=status.HTTP_201_CREATED)


@extend_schema(
    tags=["training"],
    parameters=[OpenApiParameter("game", str, enum=list(GAMES), description="one game only")],
)
class AttemptList(generics.ListAPIView):
    """Your answers, newest first."""

    serializer_class = AttemptSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self) -> Any:
        rows = Attempt.objects.filter(learner_of(self.request).rows()).order_by(
            "-created_at", "-id"
        )
        game = self.request.query_params.get("game", "")
        if game:
            game_or_404(game)
            rows = rows.filter(game=game)
        return rows


class AttemptDetail(SignedIn):
    @extend_schema(responses={200: VerdictSerializer, **errors(401, 404)}, tags=["training"])
    def get(self, request: Request, pk: int) -> Response:
        """The verdict on one of your answers (404 for anyone else's)."""
        learner = learner_of(request)
        attempt = access_attempt(learner, pk)
        verdict = present.verdict_data(attempt, due_count(learner, attempt.game))
        return Response(verdict)


class Progress(SignedIn):
    @extend_schema(responses={200: ProgressSerializer, **errors(401)}, tags=["training"])
    def get(self, request: Request) -> Response:
        """Your progress: per game ratings, reviews due, per-theme figures, streaks, lessons."""
        return Response(ProgressSerializer(progress.dashboard(learner_of(request))).data)
