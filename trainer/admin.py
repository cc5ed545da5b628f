from django.contrib import admin

from trainer.models import GenerationJob, Quiz


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
