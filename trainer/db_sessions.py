"""Sessions in the database only (the embedded mode, without a shared cache), each change
stored with one UPDATE instead of Django's three statements (``trainer.sessions.update_row``)."""

from __future__ import annotations

from django.contrib.sessions.backends.db import SessionStore as DBStore

from trainer.sessions import update_row


class SessionStore(DBStore):
    """Django's database sessions, saving a change to an existing session with one UPDATE."""

    def save(self, must_create: bool = False) -> None:
        if must_create or self.session_key is None:
            super().save(must_create)
        else:
            update_row(self)
