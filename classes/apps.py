from django.apps import AppConfig


class ClassesConfig(AppConfig):
    """Teachers: classes, exercise sets, assignments and their results (docs/teachers.md)."""

    name = "classes"
    verbose_name = "Classes"

    def ready(self) -> None:
        from classes import signals  # noqa: F401 - joins a class on signing in from its link
