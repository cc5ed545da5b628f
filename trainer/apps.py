from django.apps import AppConfig


class TrainerConfig(AppConfig):
    """Quiz bank, generation jobs and their Celery tasks, attempts and ratings."""

    name = "trainer"
    verbose_name = "Trainer"

    def ready(self) -> None:
        from config.celery import prepare_embedded_broker
        from trainer import (
            checks,  # noqa: F401  (registers the deploy checks)
            drawn,  # noqa: F401  (drops a saved quiz's cached drawing)
        )

        # The site sends tasks too: the embedded broker's folders must exist before it does.
        prepare_embedded_broker()
