"""Shapes of the teachers' endpoints: classes, sets, assignments, results; a pupil's work."""

from __future__ import annotations

from rest_framework import serializers

from api.serializers import QuizSerializer
from classes.results import SHOW


class MemberSerializer(serializers.Serializer):
    pupil = serializers.IntegerField(source="pupil_id")
    username = serializers.CharField(source="pupil.username")
    created_by_teacher = serializers.BooleanField()
    joined_at = serializers.DateTimeField()
    removed = serializers.SerializerMethodField()

    def get_removed(self, member: object) -> bool:
        return member.removed_at is not None  # type: ignore[attr-defined]


class ClassSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    join_code = serializers.CharField()
    archived = serializers.BooleanField()
    created_at = serializers.DateTimeField()


class ClassDetailSerializer(ClassSerializer):
    members = MemberSerializer(many=True, source="member_rows")


class NameSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=200)


class PupilsRequestSerializer(serializers.Serializer):
    usernames = serializers.ListField(
        child=serializers.CharField(max_length=150), min_length=1, max_length=40
    )


class NewPupilSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(help_text="shown this once; stored hashed")


class JoinSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=40)


class SetItemSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    quiz = serializers.IntegerField(source="quiz_id")
    game = serializers.CharField(source="quiz.game")
    kind = serializers.CharField(source="quiz.kind")
    order = serializers.IntegerField()
    source = serializers.CharField()


class SetSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    created_at = serializers.DateTimeField()


class SetDetailSerializer(SetSerializer):
    items = SetItemSerializer(many=True, source="item_rows")


class PickSerializer(serializers.Serializer):
    quizzes = serializers.ListField(
        child=serializers.IntegerField(min_value=1), min_length=1, max_length=200
    )


class SetGenerationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField()
    done = serializers.IntegerField()
    count = serializers.IntegerField()
    attempts = serializers.IntegerField()
    percent = serializers.IntegerField()
    added = serializers.BooleanField(help_text="its quizzes are in the set")
    finished = serializers.BooleanField()
    message = serializers.CharField(allow_blank=True)


class AssignmentRequestSerializer(serializers.Serializer):
    school_class = serializers.IntegerField(min_value=1)
    exercise_set = serializers.IntegerField(min_value=1)
    due_at = serializers.DateTimeField(required=False, allow_null=True)
    rated = serializers.BooleanField(required=False, default=True)


class AssignmentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    school_class = serializers.IntegerField(source="school_class_id")
    class_name = serializers.CharField(source="school_class.name")
    exercise_set = serializers.IntegerField(source="exercise_set_id")
    set_name = serializers.CharField(source="exercise_set.name")
    due_at = serializers.DateTimeField(allow_null=True)
    rated = serializers.BooleanField()
    created_at = serializers.DateTimeField()


class ResultsQuerySerializer(serializers.Serializer):
    show = serializers.ChoiceField(choices=list(SHOW), required=False)
    q = serializers.CharField(required=False, allow_blank=True, max_length=150)


class CellSerializer(serializers.Serializer):
    state = serializers.CharField(help_text="right, wrong or todo")
    answer = serializers.CharField(allow_blank=True)
    label = serializers.CharField(allow_blank=True)
    seconds = serializers.FloatField(allow_null=True)
    answer_id = serializers.IntegerField(allow_null=True)


class ColumnSerializer(serializers.Serializer):
    item = serializers.IntegerField(source="item.pk")
    quiz = serializers.IntegerField(source="item.quiz_id")
    number = serializers.IntegerField()
    title = serializers.CharField()
    right = serializers.IntegerField()
    wrong = serializers.IntegerField()
    most_common_wrong = serializers.SerializerMethodField()

    def get_most_common_wrong(self, column: object) -> str | None:
        found = column.most_common_wrong  # type: ignore[attr-defined]
        return found[0] if found else None


class RowSerializer(serializers.Serializer):
    pupil = serializers.IntegerField(source="pupil_id")
    username = serializers.CharField()
    removed = serializers.BooleanField()
    cells = CellSerializer(many=True)
    right = serializers.IntegerField()
    done = serializers.IntegerField()
    rating_change = serializers.FloatField()
    seconds = serializers.FloatField()


class ResultsSerializer(serializers.Serializer):
    assignment = AssignmentSerializer()
    columns = ColumnSerializer(many=True)
    rows = RowSerializer(many=True)
    show = serializers.CharField()
    query = serializers.CharField(allow_blank=True)
    pupils_total = serializers.IntegerField()


class PupilAssignmentSerializer(serializers.Serializer):
    assignment = AssignmentSerializer()
    items = serializers.IntegerField()
    done = serializers.IntegerField()
    right = serializers.IntegerField()
    status = serializers.CharField(help_text="done, overdue or to do")


class ItemQuizSerializer(serializers.Serializer):
    item = serializers.IntegerField()
    number = serializers.IntegerField()
    total = serializers.IntegerField()
    quiz = QuizSerializer()


class ItemAnswerSerializer(serializers.Serializer):
    item = serializers.IntegerField(min_value=1)
    answer = serializers.CharField(required=False, allow_blank=True, max_length=100)
    cards = serializers.ListField(
        child=serializers.CharField(max_length=10), required=False, max_length=20
    )

    def validate(self, data: dict) -> dict:
        if not data.get("answer") and not data.get("cards"):
            raise serializers.ValidationError({"answer": ["give an answer or the cards picked"]})
        return data
