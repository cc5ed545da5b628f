from django.apps import AppConfig


class ClassesConfig(AppConfig):
    """Teachers: classes, exercise sets, assignments and their results (docs/teachers.md)."""

    name = "classes"
    verbose_name = "Classes"
