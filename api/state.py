"""The trainer's tickets for API clients: a mapping like a session, stored per user.

``trainer.tickets`` reads and writes a session-like mapping. A page passes the session; the
API passes this, so the same ticket rule holds for both (one quiz handed out per user, time
and hints measured on the server, each showing answered once). Every write is saved at once.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from typing import Any

from api.models import ClientState


class ClientSession(MutableMapping[str, Any]):
    """A user's stored API state, read once and saved on every change."""

    def __init__(self, user: Any) -> None:
        self._row, _ = ClientState.objects.get_or_create(user=user)
        self._data: dict[str, Any] = dict(self._row.data or {})

    def _save(self) -> None:
        ClientState.objects.filter(pk=self._row.pk).update(data=self._data)

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __setitem__(self, key: str, value: Any) -> None:
        if key in self._data and self._data[key] == value:
            return  # unchanged: no write (a taken ticket sets the review flag it mostly had)
        self._data[key] = value
        self._save()

    def __delitem__(self, key: str) -> None:
        del self._data[key]
        self._save()

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)
