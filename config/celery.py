"""The Celery app: configured from Django settings (CELERY_ namespace), tasks autodiscovered."""

from __future__ import annotations

import os

from celery import Celery
from celery.signals import worker_init, worker_ready, worker_shutdown

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

FOLDER_OPTIONS = ("data_folder_in", "data_folder_out", "control_folder", "processed_folder")


def embedded_broker() -> bool:
    """Return whether the broker is the embedded one: folders read by kombu's filesystem
    transport (no server; the embedded mode, no REDIS_URL)."""
    return str(app.conf.broker_url or "").startswith("filesystem://")


def broker_folders() -> list[str]:
    """Return the folders of the filesystem broker (none for another broker)."""
    if not embedded_broker():
        return []
    options = app.conf.broker_transport_options or {}
    return list(dict.fromkeys(str(options[k]) for k in FOLDER_OPTIONS if options.get(k)))


def prepare_embedded_broker() -> None:
    """Create the filesystem broker's folders (and the result folder) when they are missing."""
    folders = broker_folders()
    backend = str(app.conf.result_backend or "")
    if folders and backend.startswith("file://"):
        folders.append(backend.removeprefix("file://"))
    for folder in folders:
        os.makedirs(folder, exist_ok=True)


@worker_init.connect
def _prepare_worker(**_kwargs: object) -> None:
    prepare_embedded_broker()


@worker_ready.connect
def _start_heartbeat(sender: object = None, **_kwargs: object) -> None:
    from trainer.workers import start_heartbeat

    start_heartbeat(sender)


@worker_shutdown.connect
def _stop_heartbeat(**_kwargs: object) -> None:
    from trainer.workers import stop_heartbeat

    stop_heartbeat()
