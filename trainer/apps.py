from django.apps import AppConfig


class TrainerConfig(AppConfig):
    """Quiz bank, generation jobs and their Celery tasks, attempts and ratings."""

    name = "trainer"
    verbose_name = "Trainer"

    def ready(self) -> None:
        # The site sends tasks too: the embedded broker's folders must exist before it does.
        from config.celery import prepare_embedded_broker

        prepare_embedded_broker()
