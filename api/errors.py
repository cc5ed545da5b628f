"""One JSON shape for every API error: ``{status, code, message, fields}``.

``message`` is one sentence a client can show, naming the field when one is at fault
("kind: unknown kind 'x'; use one of play, bid"); ``fields`` maps each bad field to its
messages (empty when no field is at fault). The services' errors (``FilterError``,
``ClassError``, ``JobRequestError``, ...) already start with the field's name; DRF's own
validation errors are turned into that form here.
"""

from __future__ import annotations

import re
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

# "field: message" as the services write it (a field is a lower-case name, maybe with spaces).
_FIELD = re.compile(r"^([a-z_][a-z_ ]{0,30}): ")


class ServiceError(exceptions.APIException):
    """A service refused the request (bad input); 400 unless told otherwise."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "invalid"

    def __init__(self, message: str, status_code: int | None = None, code: str = "invalid"):
        super().__init__(message, code)
        if status_code is not None:
            self.status_code = status_code


def _flatten(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    """Return {field: [messages]} from a DRF error detail (nested fields as a.b)."""
    out: dict[str, list[str]] = {}
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            for field, messages in _flatten(value, name).items():
                out.setdefault(field, []).extend(messages)
    elif isinstance(detail, list):
        for n, value in enumerate(detail):
            inner = f"{prefix}.{n}" if prefix and isinstance(value, dict | list) else prefix
            for field, messages in _flatten(value, inner).items():
                out.setdefault(field, []).extend(messages)
    else:
        out.setdefault(prefix, []).append(str(detail))
    return out


def body(status_code: int, code: str, message: str, fields: dict[str, list[str]]) -> dict:
    return {"status": status_code, "code": code, "message": message, "fields": fields}


def handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's exception handler, with every error written in the one shape."""
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or "not found")
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or "permission denied")
    response = exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    code = exc.get_codes()
    if isinstance(exc, exceptions.ValidationError):
        fields = _flatten(exc.detail)
        if "" in fields:  # errors of the whole body
            fields["non_field_errors"] = fields.pop("")
        message = "; ".join(
            f"{field}: {' '.join(msgs)}" if field != "non_field_errors" else " ".join(msgs)
            for field, msgs in fields.items()
        )
        code_name = "invalid"
    else:
        message = str(exc.detail)
        named = _FIELD.match(message)
        fields = {named.group(1).replace(" ", "_"): [message]} if named else {}
        code_name = code if isinstance(code, str) else "error"
    response.data = body(response.status_code, code_name, message, fields)
    return response
