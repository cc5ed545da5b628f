"""Teachers' classes, sets, assignments and results; a pupil's classes and assignment work.

Every handler calls the ``classes`` services the pages call (roster, sets, work, results),
which raise Http404 for an id that is not the user's (another teacher's class looks exactly
like a missing one) and for a user without the teacher role on teacher endpoints.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from api import present
from api.base import ApiView, SignedIn, errors
from api.errors import ServiceError
from api.serializers import JobRequestSerializer, VerdictSerializer
from api.serializers_teach import (
    AssignmentRequestSerializer,
    AssignmentSerializer,
    ClassDetailSerializer,
    ClassSerializer,
    ItemAnswerSerializer,
    ItemQuizSerializer,
    JoinSerializer,
    NameSerializer,
    NewPupilSerializer,
    PickSerializer,
    PupilAssignmentSerializer,
    PupilsRequestSerializer,
    ResultsQuerySerializer,
    ResultsSerializer,
    SetDetailSerializer,
    SetGenerationSerializer,
    SetItemSerializer,
    SetSerializer,
)
from api.state import ClientSession, prefetched
from api.throttles import GenerateRate, PostRated
from classes import results, roster, sets, work
from classes.models import Assignment
from classes.roster import ClassError
from trainer.learners import Learner
from trainer.selection import due_count, learner_rating

TEACH = ["teaching"]
PUPIL = ["classes (pupils)"]


@extend_schema(tags=TEACH)
class ClassList(generics.ListAPIView, ApiView):
    """Your classes (teachers only); POST a name to open a class with a fresh join code."""

    serializer_class = ClassSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self) -> Any:
        return roster.teacher_classes(self.request.user)

    @extend_schema(
        request=NameSerializer, responses={201: ClassSerializer, **errors(400, 401, 404)}
    )
    def post(self, request: Request) -> Response:
        """Open a class."""
        form = NameSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        made = roster.create_class(request.user, form.validated_data["name"])
        return Response(ClassSerializer(made).data, status=status.HTTP_201_CREATED)


class ClassDetail(SignedIn):
    @extend_schema(responses={200: ClassDetailSerializer, **errors(401, 404)}, tags=TEACH)
    def get(self, request: Request, pk: int) -> Response:
        """One of your classes with its pupils (removed ones marked)."""
        found = roster.teacher_class(request.user, pk)
        found.member_rows = list(found.members.select_related("pupil"))
        return Response(ClassDetailSerializer(found).data)


class ClassPupils(SignedIn):
    @extend_schema(
        request=PupilsRequestSerializer,
        responses={201: NewPupilSerializer(many=True), **errors(400, 401, 404)},
        tags=TEACH,
    )
    def post(self, request: Request, pk: int) -> Response:
        """Make pupil accounts in the class (all or none); each password is shown this once."""
        form = PupilsRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        made = roster.create_pupils(request.user, pk, "\n".join(form.validated_data["usernames"]))
        return Response(NewPupilSerializer(made, many=True).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=TEACH)
class SetList(generics.ListAPIView, ApiView):
    """Your exercise sets (teachers only); POST a name to start one."""

    serializer_class = SetSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self) -> Any:
        return sets.teacher_sets(self.request.user)

    @extend_schema(request=NameSerializer, responses={201: SetSerializer, **errors(400, 401, 404)})
    def post(self, request: Request) -> Response:
        """Start a set."""
        roster.require_teacher(request.user)
        form = NameSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        made = sets.create_set(request.user, form.validated_data["name"])
        return Response(SetSerializer(made).data, status=status.HTTP_201_CREATED)


class SetDetail(SignedIn):
    @extend_schema(responses={200: SetDetailSerializer, **errors(401, 404)}, tags=TEACH)
    def get(self, request: Request, pk: int) -> Response:
        """One of your sets with its items in order."""
        found = sets.teacher_set(request.user, pk)
        found.item_rows = sets.items_of(found)
        return Response(SetDetailSerializer(found).data)


class SetItems(SignedIn):
    @extend_schema(
        request=PickSerializer,
        responses={201: SetItemSerializer(many=True), **errors(400, 401, 404)},
        tags=TEACH,
    )
    def post(self, request: Request, pk: int) -> Response:
        """Add bank quizzes to the set, at its end."""
        form = PickSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        added = sets.pick(request.user, pk, form.validated_data["quizzes"])
        return Response(SetItemSerializer(added, many=True).data, status=status.HTTP_201_CREATED)


class SetGenerate(PostRated, SignedIn):
    post_rate = GenerateRate

    @extend_schema(
        request=JobRequestSerializer,
        responses={202: SetGenerationSerializer, **errors(400, 401, 404, 429)},
        tags=TEACH,
    )
    def post(self, request: Request, pk: int) -> Response:
        """Queue quizzes made on the workers under constraints; they join the set when made."""
        form = JobRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        d = form.validated_data
        link = sets.generate(
            request.user, pk, d["game"], d["kind"], d["count"], d.get("mode", ""),
            d.get("constraints", ""),
        )  # fmt: skip
        link.job.refresh_from_db()
        return Response(sets.generation_json(link), status=status.HTTP_202_ACCEPTED)


class SetGeneration(SignedIn):
    @extend_schema(responses={200: SetGenerationSerializer, **errors(401, 404)}, tags=TEACH)
    def get(self, request: Request, pk: int, link: int) -> Response:
        """A set generation's progress."""
        return Response(
            SetGenerationSerializer(sets.generation_status(request.user, pk, link)).data
        )


@extend_schema(tags=TEACH)
class AssignmentList(generics.ListAPIView, ApiView):
    """Assignments of your classes (teachers only); POST gives a set to a class."""

    serializer_class = AssignmentSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self) -> Any:
        roster.require_teacher(self.request.user)
        return Assignment.objects.filter(school_class__teacher=self.request.user).select_related(
            "school_class", "exercise_set"
        )

    @extend_schema(
        request=AssignmentRequestSerializer,
        responses={201: AssignmentSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request) -> Response:
        """Give one of your sets to one of your classes (a due date must be in the future)."""
        form = AssignmentRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        d = form.validated_data
        made = work.assign(
            request.user, d["school_class"], d["exercise_set"], d.get("due_at"), d["rated"]
        )
        return Response(AssignmentSerializer(made).data, status=status.HTTP_201_CREATED)


class AssignmentResults(SignedIn):
    @extend_schema(
        parameters=[
            ResultsQuerySerializer,
            OpenApiParameter(
                "If-None-Match",
                str,
                OpenApiParameter.HEADER,
                description="the ETag of a grid fetched before: 304 if nothing changed since",
            ),
        ],
        responses={
            200: ResultsSerializer,
            304: OpenApiResponse(description="not modified: the grid is as tagged"),
            **errors(400, 401, 404),
        },
        tags=TEACH,
    )
    def get(self, request: Request, pk: int) -> Response:
        """The results grid: pupil x item, each pupil's score and rating change, item figures.

        ``show`` keeps all pupils, those done, to do, or with a wrong answer; ``q`` those whose
        user name contains it. The response has an ``ETag``; a poll sending it back in
        ``If-None-Match`` gets 304 with no body while no answer, item or pupil has changed.
        """
        assignment = work.teacher_assignment(request.user, pk)
        form = ResultsQuerySerializer(data=request.query_params)
        form.is_valid(raise_exception=True)
        show, query = form.validated_data.get("show", "all"), form.validated_data.get("q", "")
        tag = f'"{results.grid_tag(assignment, show, query, request.accepted_renderer.format)}"'
        headers = {"ETag": tag, "Cache-Control": "private, no-cache"}
        if results.unchanged(request.headers.get("If-None-Match", ""), tag):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers=headers)
        found = results.grid(assignment, show, query)
        return Response(present.results_data(found), headers=headers)


# ------------------------------------------------------------------ the pupil's side


def _mine(user: Any, pk: int) -> Assignment:
    """The pupil's assignment; a pupil the teacher removed is refused (403), as on the page."""
    try:
        return work.pupil_assignment(user, pk)
    except ClassError as exc:
        raise PermissionDenied(str(exc)) from None


class JoinClass(SignedIn):
    @extend_schema(
        request=JoinSerializer, responses={200: ClassSerializer, **errors(400, 401)}, tags=PUPIL
    )
    def post(self, request: Request) -> Response:
        """Join a class with the code your teacher gave."""
        form = JoinSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        joined = roster.join_class(request.user, form.validated_data["code"])
        return Response(ClassSerializer(joined).data)


@extend_schema(tags=PUPIL)
class MyAssignments(generics.ListAPIView):
    """Your assignments in your classes, open ones first (soonest due first)."""

    serializer_class = PupilAssignmentSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self) -> Any:
        return work.pupil_assignments(self.request.user)


class AssignmentNext(SignedIn):
    @extend_schema(responses={200: ItemQuizSerializer, **errors(401, 403, 404)}, tags=PUPIL)
    def get(self, request: Request, pk: int) -> Response:
        """Your next item of the assignment, in the teacher's order (404 code ``done`` when
        every item is answered)."""
        assignment = _mine(request.user, pk)
        if assignment.school_class.archived:
            raise PermissionDenied(f"the class {assignment.school_class.name!r} is archived")
        served = work.serve_item(ClientSession(request.user), assignment, request.user)
        if served is None:
            raise ServiceError("assignment: every item is answered", status_code=404, code="done")
        item, ticket = served
        known = prefetched(request.user)
        if known is not None:  # read with the token
            rating = known.rating(item.quiz.game)
        else:
            rating = learner_rating(Learner(user_id=request.user.pk), item.quiz.game)
        total, done = work.progress_of(assignment, request.user)
        data = {
            "item": item.pk,
            "number": done + 1,
            "total": total,
            "quiz": present.quiz_data(item.quiz, ticket, rating),
        }
        return Response(data)


class AssignmentAnswer(SignedIn):
    @extend_schema(
        request=ItemAnswerSerializer,
        responses={201: VerdictSerializer, **errors(400, 401, 403, 404)},
        tags=PUPIL,
    )
    def post(self, request: Request, pk: int) -> Response:
        """Answer the item handed out; the verdict (your teacher sees the answer too)."""
        assignment = _mine(request.user, pk)
        form = ItemAnswerSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        d = form.validated_data
        known = prefetched(request.user)  # the rating rows read with the token
        row, _ = work.submit_item(
            ClientSession(request.user), assignment, request.user, d["item"],
            d.get("answer", ""), d.get("cards", []),
            skills=known.skills if known is not None else None,
        )  # fmt: skip
        attempt = row.attempt
        verdict = present.verdict_data(attempt, due_count(Learner(user_id=request.user.pk)))
        return Response(verdict, status=status.HTTP_201_CREATED)
