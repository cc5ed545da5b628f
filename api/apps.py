from django.apps import AppConfig


class ApiConfig(AppConfig):
    """The REST API (Django REST framework) and its OpenAPI schema."""

    name = "api"
    verbose_name = "API"
