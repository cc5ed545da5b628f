"""Generation jobs and solves: a POST creates the row and queues its task after the commit;
a GET only reads the row (never queues). Both are rated far lower than other requests."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from api.base import ApiView, SignedIn, errors
from api.models import SolveJob
from api.serializers import (
    JobRequestSerializer,
    JobSerializer,
    SolveRequestSerializer,
    SolveSerializer,
)
from api.solving import create_solve, user_solve
from api.throttles import PostRated, SolveRate
from classes.roster import require_teacher
from trainer.generation import create_job
from trainer.models import GenerationJob


@extend_schema(tags=["jobs"])
class JobList(PostRated, generics.ListAPIView, ApiView):
    """Generation jobs you asked for (teachers only), newest first; POST asks for one."""

    serializer_class = JobSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self) -> Any:
        require_teacher(self.request.user)
        return GenerationJob.objects.filter(requested_by=self.request.user).order_by(
            "-created_at", "-id"
        )

    @extend_schema(
        request=JobRequestSerializer, responses={202: JobSerializer, **errors(400, 401, 404, 429)}
    )
    def post(self, request: Request) -> Response:
        """Queue a generation job: quizzes of one game and kind, optionally under constraints."""
        require_teacher(request.user)
        form = JobRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        job = create_job(**form.validated_data, requested_by=request.user)
        return Response(JobSerializer(job).data, status=status.HTTP_202_ACCEPTED)


class JobDetail(SignedIn):
    @extend_schema(responses={200: JobSerializer, **errors(401, 404)}, tags=["jobs"])
    def get(self, request: Request, pk: int) -> Response:
        """A job's progress (404 for another user's job)."""
        require_teacher(request.user)
        job = GenerationJob.objects.filter(pk=pk, requested_by=request.user).first()
        if job is None:
            raise Http404("no such job")
        return Response(JobSerializer(job).data)


@extend_schema(tags=["solver"])
class SolveList(PostRated, generics.ListAPIView, ApiView):
    """Your posted solves, newest first; POST one request of the batch format to solve it."""

    serializer_class = SolveSerializer
    permission_classes = [IsAuthenticated]
    post_rate = SolveRate

    def get_queryset(self) -> Any:
        return SolveJob.objects.filter(requested_by=self.request.user)

    @extend_schema(
        request=SolveRequestSerializer, responses={202: SolveSerializer, **errors(400, 401, 429)}
    )
    def post(self, request: Request) -> Response:
        """Queue a solve: the request is read at once (a bad field is named), solved on a
        worker; poll its URL for the result, the batch command's output object."""
        form = SolveRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        job = create_solve(request.user, form.validated_data["request"])
        return Response(SolveSerializer(job).data, status=status.HTTP_202_ACCEPTED)


class SolveDetail(SignedIn):
    @extend_schema(responses={200: SolveSerializer, **errors(401, 404)}, tags=["solver"])
    def get(self, request: Request, pk: int) -> Response:
        """A solve: queued, or done with its result (404 for another user's)."""
        return Response(SolveSerializer(user_solve(request.user, pk)).data)
