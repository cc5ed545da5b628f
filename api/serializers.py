"""What the API reads and writes; each serializer is also the OpenAPI schema of its shape."""

from __future__ import annotations

from rest_framework import serializers

from games.catalog import GAMES
from games.quizzes import KINDS, MODES
from trainer.selection import DIFFICULTY_OFFSETS

GAME_SLUGS = list(GAMES)


class ErrorSerializer(serializers.Serializer):
    """Every error: the HTTP status, a code, a message naming the field, and the bad fields."""

    status = serializers.IntegerField()
    code = serializers.CharField()
    message = serializers.CharField()
    fields = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))


# ------------------------------------------------------------------ games and lessons


class GameSerializer(serializers.Serializer):
    """One of the four games, with its deck."""

    slug = serializers.CharField()
    name = serializers.CharField()
    origin = serializers.CharField()
    players = serializers.CharField()
    hand_size = serializers.IntegerField()
    deck_size = serializers.SerializerMethodField()
    deck = serializers.SerializerMethodField()
    summary = serializers.CharField()

    def get_deck_size(self, info: object) -> int:
        return len(info.deck)  # type: ignore[attr-defined]

    def get_deck(self, info: object) -> list[str]:
        return [str(card) for card in info.deck]  # type: ignore[attr-defined]


class LessonSerializer(serializers.Serializer):
    """A lesson as listed: where it is in its course and what it covers."""

    game = serializers.CharField()
    slug = serializers.CharField()
    order = serializers.IntegerField()
    title = serializers.CharField()
    summary = serializers.CharField()
    checkpoints = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()

    def get_checkpoints(self, lesson: object) -> int:
        return len(lesson.checkpoints or [])  # type: ignore[attr-defined]

    def get_url(self, lesson: object) -> str:
        return str(lesson.get_absolute_url())  # type: ignore[attr-defined]


class LessonDetailSerializer(LessonSerializer):
    """A lesson with its text (HTML, as the page shows it) and its sources in words."""

    body_html = serializers.CharField()
    sources = serializers.ListField(child=serializers.CharField(), source="sources_in_words")
    completed = serializers.BooleanField(allow_null=True)


# ------------------------------------------------------------------ the quiz player


class FiltersSerializer(serializers.Serializer):
    """The quiz page's filters (any may be left out)."""

    kind = serializers.ChoiceField(choices=list(KINDS), required=False, allow_blank=True)
    mode = serializers.ChoiceField(choices=list(MODES), required=False, allow_blank=True)
    theme = serializers.RegexField(
        r"^[A-Za-z0-9_-]*$", max_length=60, required=False, allow_blank=True
    )
    difficulty = serializers.ChoiceField(
        choices=list(DIFFICULTY_OFFSETS), required=False, allow_blank=True
    )


class ChoiceSerializer(serializers.Serializer):
    answer = serializers.CharField(help_text="what to post as `answer`")
    label = serializers.CharField()
    note = serializers.CharField(allow_null=True, help_text="e.g. the discard a game assumes")


class PickerSerializer(serializers.Serializer):
    size = serializers.IntegerField(help_text="how many cards make one answer")
    cards = serializers.ListField(child=serializers.CharField(), help_text="the hand to pick from")


class HintSerializer(serializers.Serializer):
    themes = serializers.ListField(child=serializers.CharField())
    rule = serializers.CharField()
    section = serializers.CharField()


class QuizSerializer(serializers.Serializer):
    """The quiz handed out: answer it with its id before asking for another."""

    quiz = serializers.IntegerField()
    game = serializers.CharField()
    kind = serializers.CharField()
    mode = serializers.CharField()
    prompt = serializers.CharField()
    position = serializers.JSONField(
        help_text="the typed position record (games.position) without the whole deal: only "
        "the hands you see"
    )
    choices = ChoiceSerializer(many=True, help_text="empty when the card picker is used")
    picker = PickerSerializer(allow_null=True, help_text="post `cards` instead of `answer`")
    review = serializers.BooleanField(help_text="served from the review queue")
    hints = serializers.IntegerField(help_text="hints taken on this showing")
    hint = HintSerializer(allow_null=True)
    hint_cost = serializers.CharField()
    rating = serializers.FloatField(help_text="your rating in the game")
    query = serializers.CharField(help_text="the filters this quiz was served for")


class QuizRefSerializer(serializers.Serializer):
    quiz = serializers.IntegerField(min_value=1)


class AnswerSerializer(serializers.Serializer):
    """An answer to the quiz handed out: one of its choices, or the cards picked."""

    quiz = serializers.IntegerField(min_value=1)
    answer = serializers.CharField(required=False, allow_blank=True, max_length=100)
    cards = serializers.ListField(
        child=serializers.CharField(max_length=10), required=False, max_length=20
    )

    def validate(self, data: dict) -> dict:
        if not data.get("answer") and not data.get("cards"):
            raise serializers.ValidationError({"answer": ["give an answer or the cards picked"]})
        return data


class TrickSerializer(serializers.Serializer):
    plays = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField(), min_length=2, max_length=2),
        help_text="[seat, card] in order",
    )
    winner = serializers.CharField(allow_blank=True)
    count = serializers.CharField(allow_blank=True)


class ChoiceVerdictSerializer(serializers.Serializer):
    answer = serializers.CharField()
    label = serializers.CharField()
    value = serializers.FloatField()
    shown = serializers.CharField(help_text="the value as the verdict page writes it")
    accepted = serializers.BooleanField()
    chosen = serializers.BooleanField()
    gap = serializers.FloatField(help_text="to the best accepted value, in the quiz's unit")
    summary = serializers.CharField()
    refutation = serializers.CharField()
    line = serializers.ListField(child=serializers.CharField())
    tricks = TrickSerializer(many=True)


class DealSerializer(serializers.Serializer):
    hands = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))
    spare = serializers.ListField(child=serializers.CharField())
    spare_name = serializers.CharField(allow_blank=True)


class LessonLinkSerializer(serializers.Serializer):
    title = serializers.CharField(allow_blank=True)
    url = serializers.CharField()
    section = serializers.CharField(allow_blank=True)


class AttemptSerializer(serializers.Serializer):
    """One of your answers, as the history lists it."""

    id = serializers.IntegerField()
    quiz = serializers.IntegerField(source="quiz_id")
    game = serializers.CharField()
    answer = serializers.CharField()
    correct = serializers.BooleanField()
    loss = serializers.FloatField()
    seconds = serializers.FloatField(allow_null=True)
    hints = serializers.IntegerField()
    first = serializers.BooleanField()
    review = serializers.BooleanField()
    quiz_rating = serializers.FloatField()
    learner_rating = serializers.FloatField(allow_null=True)
    created_at = serializers.DateTimeField()


class VerdictSerializer(serializers.Serializer):
    """The verdict on one answer: every choice's value, why, the line and the whole deal."""

    attempt = AttemptSerializer()
    unit = serializers.CharField()
    chosen = ChoiceVerdictSerializer()
    choices = ChoiceVerdictSerializer(many=True)
    why = serializers.CharField(allow_blank=True)
    line_of = serializers.CharField(allow_null=True, help_text="the choice whose line is shown")
    deal = DealSerializer(allow_null=True, help_text="the real deal, revealed")
    themes = serializers.ListField(child=serializers.CharField())
    rule = serializers.CharField(allow_blank=True)
    lesson = LessonLinkSerializer(help_text="the lesson section behind the quiz, or the course")
    due = serializers.IntegerField(help_text="reviews due in the game")


# ------------------------------------------------------------------ progress


class ThemeSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    attempts = serializers.IntegerField()
    right = serializers.IntegerField()
    accuracy = serializers.FloatField(allow_null=True)
    rated = serializers.IntegerField()
    performance = serializers.FloatField(allow_null=True)


class RatingPointSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    rating = serializers.FloatField()
    deviation = serializers.FloatField()


class GameProgressSerializer(serializers.Serializer):
    game = serializers.CharField(source="slug")
    name = serializers.CharField()
    attempts = serializers.IntegerField(source="total.attempts")
    right = serializers.IntegerField(source="total.right")
    accuracy = serializers.FloatField(source="total.accuracy", allow_null=True)
    performance = serializers.FloatField(source="total.performance", allow_null=True)
    rating = serializers.FloatField(allow_null=True)
    deviation = serializers.FloatField(allow_null=True)
    due = serializers.IntegerField(help_text="reviews due")
    themes = ThemeSerializer(many=True)
    strengths = ThemeSerializer(many=True)
    improve = ThemeSerializer(many=True)
    history = RatingPointSerializer(many=True)
    lessons_total = serializers.IntegerField()
    lessons_done = serializers.IntegerField()


class StreaksSerializer(serializers.Serializer):
    days = serializers.IntegerField()
    best_days = serializers.IntegerField()
    right = serializers.IntegerField()
    best_right = serializers.IntegerField()


class ProgressSerializer(serializers.Serializer):
    games = GameProgressSerializer(many=True)
    streaks = StreaksSerializer()
    attempts = serializers.IntegerField()
    due = serializers.IntegerField()


# ------------------------------------------------------------------ jobs


class JobRequestSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=GAME_SLUGS)
    kind = serializers.ChoiceField(choices=list(KINDS))
    count = serializers.IntegerField(min_value=1, max_value=1000)
    mode = serializers.ChoiceField(choices=list(MODES), required=False, allow_blank=True)
    constraints = serializers.CharField(
        required=False, allow_blank=True, max_length=2000, help_text="docs/constraints.md"
    )


class JobSerializer(serializers.Serializer):
    """A generation job and its progress."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    kind = serializers.CharField()
    mode = serializers.CharField()
    count = serializers.IntegerField()
    constraints = serializers.CharField(allow_blank=True)
    status = serializers.CharField()
    done = serializers.IntegerField(help_text="quizzes kept so far")
    attempts = serializers.IntegerField(help_text="deals tried so far")
    percent = serializers.SerializerMethodField()
    finished = serializers.BooleanField()
    error = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)

    def get_percent(self, job: object) -> int:
        count = job.count  # type: ignore[attr-defined]
        return round(100 * job.done / count) if count else 0  # type: ignore[attr-defined]


class SolveRequestSerializer(serializers.Serializer):
    """One request of the batch format (docs/solver.md, "The batch command")."""

    request = serializers.DictField(
        help_text='e.g. {"game": "wiezen", "deal": "N:...", "trump": "S", "leader": "W", '
        '"team": ["N", "S"], "mode": "cards"}'
    )


class SolveSerializer(serializers.Serializer):
    """A posted solve: queued, then done with the batch's output object (or failed)."""

    id = serializers.IntegerField()
    status = serializers.CharField()
    request = serializers.JSONField()
    result = serializers.JSONField(
        allow_null=True, help_text="value, cards (mode cards) and ms; or error"
    )
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


# ------------------------------------------------------------------ accounts


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, style={"input_type": "password"})


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()
    username = serializers.CharField()
    teacher = serializers.BooleanField()
