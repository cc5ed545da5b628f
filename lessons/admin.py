from django.contrib import admin

from lessons.models import GlossaryEntry, Lesson, LessonProgress


@admin.register(Lesson)
class LessonAdmin(admin.ModelAdmin):
    list_display = ("game", "order", "title", "source_path", "updated_at")
    list_filter = ("game",)
    readonly_fields = ("digest", "source_path", "updated_at")


@admin.register(GlossaryEntry)
class GlossaryEntryAdmin(admin.ModelAdmin):
    list_display = ("game", "english", "original", "language")
    list_filter = ("game", "language")


@admin.register(LessonProgress)
class LessonProgressAdmin(admin.ModelAdmin):
    list_display = ("user", "lesson", "started_at", "completed_at")
    list_select_related = ("user", "lesson")
