"""Typed readers for environment variables that fail loudly on a bad value.

Every deployment knob in ``config/settings.py`` goes through one of these, so a typo in a
variable names itself at start-up instead of surfacing later as odd behaviour.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from urllib.parse import urlparse

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off"}


def _raw(name: str, environ: Mapping[str, str] | None) -> str | None:
    value = (os.environ if environ is None else environ).get(name)
    if value is None or value.strip() == "":
        return None
    return value.strip()


def env_str(name: str, default: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """Return a string variable, or ``default``; raise if neither is there."""
    value = _raw(name, environ)
    if value is not None:
        return value
    if default is None:
        raise ImproperlyConfigured(f"{name} must be set")
    return default


def env_bool(name: str, default: bool, environ: Mapping[str, str] | None = None) -> bool:
    """Return a yes/no variable (1/0, true/false, yes/no, on/off)."""
    value = _raw(name, environ)
    if value is None:
        return default
    word = value.lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name}={value!r} is not a yes/no value (use true or false)")


def env_int(
    name: str,
    default: int,
    minimum: int | None = None,
    environ: Mapping[str, str] | None = None,
) -> int:
    """Return a whole-number variable, checked against ``minimum``."""
    value = _raw(name, environ)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not a whole number") from None
    if minimum is not None and number < minimum:
        raise ImproperlyConfigured(f"{name}={number} is below the minimum of {minimum}")
    return number


def env_list(name: str, default: list[str], environ: Mapping[str, str] | None = None) -> list[str]:
    """Return a comma-separated list variable; empty items are an error."""
    value = _raw(name, environ)
    if value is None:
        return list(default)
    items = [item.strip() for item in value.split(",")]
    if any(not item for item in items):
        raise ImproperlyConfigured(f"{name}={value!r} has an empty item (check the commas)")
    return items


def env_url(
    name: str,
    schemes: tuple[str, ...],
    default: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> str | None:
    """Return a URL variable whose scheme is one of ``schemes``, or ``default`` when unset."""
    value = _raw(name, environ)
    if value is None:
        return default
    parsed = urlparse(value)
    if parsed.scheme not in schemes:
        starts = " or ".join(s + "://" for s in schemes)
        raise ImproperlyConfigured(f"{name}={value!r} must be a URL starting with {starts}")
    if parsed.scheme not in ("sqlite",) and not parsed.hostname:
        raise ImproperlyConfigured(f"{name}={value!r} has no host name")
    return value
