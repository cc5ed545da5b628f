"""The OpenAPI schema as a browser shows it: YAML as text by default, JSON with ?format=json.

drf-spectacular's default first renderer answers ``application/vnd.oai.openapi``, which a
browser saves as a file; here a browser (or curl) gets the YAML as ``text/plain``, and
``?format=json`` (or ``Accept: application/json``, as Swagger UI asks) gets JSON. Clients
that ask for the OpenAPI media types by name still get them.
"""

from __future__ import annotations

from drf_spectacular.renderers import OpenApiJsonRenderer, OpenApiYamlRenderer
from drf_spectacular.views import SpectacularAPIView


class YamlAsText(OpenApiYamlRenderer):
    media_type = "text/plain"
    charset = "utf-8"
    format = "yaml"


class JsonAsJson(OpenApiJsonRenderer):
    media_type = "application/json"
    format = "json"


class BrowsableSchema(SpectacularAPIView):
    renderer_classes = [YamlAsText, JsonAsJson, OpenApiYamlRenderer, OpenApiJsonRenderer]


# Errors any operation can answer: a bad or missing token (401), a CSRF refusal of a session
# POST or a removed pupil (403), an id that is not yours or a role you lack (404), a POST at
# odds with the state (409), and the request rates (429); 400 wherever there is input.
COMMON_ERRORS = {
    "400": "bad input: the message names the field",
    "401": "no credentials, or bad ones",
    "403": "not allowed (a session POST without its CSRF token, a removed pupil)",
    "404": "not found, or not yours (another user's object looks exactly like a missing one)",
    "409": "at odds with the state: a quiz not handed out to you, or answered already",
    "429": "too many requests: wait for the Retry-After header's seconds",
}


def document_errors(result: dict, generator: object, request: object, public: bool) -> dict:
    """drf-spectacular postprocessing hook: give every operation the error responses it can
    answer, each in the one error shape (``Error``)."""
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for path in result.get("paths", {}).values():
        for operation in path.values():
            has_input = bool(operation.get("parameters")) or "requestBody" in operation
            responses = operation.setdefault("responses", {})
            for code, words in COMMON_ERRORS.items():
                if code == "400" and not has_input:
                    continue
                if code == "409" and "requestBody" not in operation:
                    continue
                responses.setdefault(code, {"description": words, "content": error})
    return result
