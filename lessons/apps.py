from django.apps import AppConfig


class LessonsConfig(AppConfig):
    """Lessons drawn from the rule texts, with engine-checked checkpoints."""

    name = "lessons"
    verbose_name = "Lessons"
