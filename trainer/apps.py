from django.apps import AppConfig


class TrainerConfig(AppConfig):
    """Quiz bank, generation jobs and their Celery tasks, attempts and ratings."""

    name = "trainer"
    verbose_name = "Trainer"
