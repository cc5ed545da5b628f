from django.contrib import admin

from trainer.models import Attempt, GenerationJob, Quiz, ReviewCard, SkillRating


@admin.register(GenerationJob)
class GenerationJobAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "game",
        "kind",
        "mode",
        "count",
        "done",
        "attempts",
        "status",
        "created_at",
    )
    list_filter = ("status", "game", "kind")
    readonly_fields = ("done", "attempts", "duplicates", "seconds", "started_at", "finished_at")


@admin.register(Quiz)
class QuizAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "kind", "mode", "rating", "unit", "created_at")
    list_filter = ("game", "kind", "mode")
    search_fields = ("position_hash", "prompt")


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "quiz", "correct", "first", "created_at")
    list_filter = ("correct", "first")
    list_select_related = ("user", "quiz")
    raw_id_fields = ("quiz",)


@admin.register(SkillRating)
class SkillRatingAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "game", "rating", "deviation")
    list_select_related = ("user",)


@admin.register(ReviewCard)
class ReviewCardAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "quiz", "due")
    list_select_related = ("user", "quiz")
    raw_id_fields = ("quiz",)
