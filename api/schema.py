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
