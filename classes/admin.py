from django.contrib import admin

from classes.models import Assignment, ExerciseSet, Membership, SchoolClass

# The teacher role is the "Teachers" group: grant it on a user's admin page.


@admin.register(SchoolClass)
class SchoolClassAdmin(admin.ModelAdmin):
    list_display = ("name", "teacher", "join_code", "archived", "created_at")
    search_fields = ("name", "teacher__username", "join_code")


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("pupil", "school_class", "joined_at", "removed_at")


@admin.register(ExerciseSet)
class ExerciseSetAdmin(admin.ModelAdmin):
    list_display = ("name", "teacher", "created_at")


@admin.register(Assignment)
class AssignmentAdmin(admin.ModelAdmin):
    list_display = ("exercise_set", "school_class", "due_at", "rated", "created_at")
