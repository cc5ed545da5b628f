from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Sign up (log in, log out and password reset are Django's own views)."""

    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from accounts import signals  # noqa: F401 - connects the login handler
