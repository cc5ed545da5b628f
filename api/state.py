"""The trainer's tickets for API clients: a mapping like a session, stored per user.

``trainer.tickets`` reads and writes a session-like mapping. A page passes the session; the
API passes this, so the same ticket rule holds for both (one quiz handed out per user, time
and hints measured on the server, each showing answered once). Every write is saved at once.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from api.models import ClientState
from trainer import rawrows
from trainer.player import SkillRow
from trainer.selection import DEFAULT_RATING

_TABLE = ClientState._meta.db_table
_READ = f"SELECT id, data FROM {_TABLE} WHERE user_id = %s"
# As the ORM's update(): the data only (updated_at is set by save(), which the ORM's way
# did not call either).
_WRITE = f"UPDATE {_TABLE} SET data = %s::jsonb WHERE id = %s"


# Where token authentication leaves what it read with the token (api.authentication).
_PREFETCHED = "_api_client_state"
_LEARNER = "_api_learner_now"


@dataclass(frozen=True)
class Prefetched:
    """The learner's rating rows and reviews due per game, read with the token when the
    request began (before it wrote anything)."""

    # game -> (id, rating, deviation, volatility, games, updated_at), as trainer.player reads
    skills: dict[str, SkillRow]
    due: dict[str, int]

    def rating(self, game: str) -> float:
        row = self.skills.get(game)
        return DEFAULT_RATING if row is None else row[1]

    def skill(self, game: str) -> SkillRow | None:
        return self.skills.get(game)


def prefetch(user: Any, pk: int | None, data: Any, ratings: Any, due: Any) -> None:
    """Keep what was read together with ``user``: its state row (``pk`` None: it has none
    yet) for the request's first ClientSession, its rating rows (JSON: game -> the row's
    columns) and reviews due for ``prefetched``."""
    if pk is not None:
        setattr(user, _PREFETCHED, (pk, data))
    skills = {
        game: (int(i), float(r), float(d), float(v), int(n), datetime.fromisoformat(at))
        for game, (i, r, d, v, n, at) in _mapping(ratings).items()
    }
    setattr(user, _LEARNER, Prefetched(skills, _mapping(due)))


def prefetched(user: Any) -> Prefetched | None:
    """Return the rating rows and reviews due read with the token, once (None when the request
    was not authenticated so, or they were taken already: a later read may follow a write)."""
    found: Prefetched | None = user.__dict__.pop(_LEARNER, None)
    return found


def _mapping(value: Any) -> dict[str, Any]:
    if isinstance(value, (str, bytes)):
        value = json.loads(value)
    return dict(value or {})


class ClientSession(MutableMapping[str, Any]):
    """A user's stored API state, read once and saved on every change."""

    def __init__(self, user: Any) -> None:
        self._raw = rawrows.usable()
        # The row read with the token serves one ClientSession only: a second one in the
        # same request reads the row again and so sees what the first one saved.
        found = user.__dict__.pop(_PREFETCHED, None)
        if self._raw and found is None:
            # Every API request of a learner reads this row: plain SQL, a fraction of the
            # ORM's CPU (trainer.rawrows); a user's first request makes it through the ORM.
            found = rawrows.one(_READ, [user.pk])
        if found is not None:
            self._pk, data = found
            if isinstance(data, (str, bytes)):
                data = json.loads(data)
        else:
            row, _ = ClientState.objects.get_or_create(user=user)
            self._pk, data = row.pk, row.data
        self._data: dict[str, Any] = dict(data or {})

    def _save(self) -> None:
        if self._raw:
            # A ticket's state: its commit need not wait for the disk (trainer.rawrows).
            rawrows.ephemeral_write(_WRITE, [json.dumps(self._data), self._pk])
        else:
            ClientState.objects.filter(pk=self._pk).update(data=self._data)

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
