"""Join the class of a join link on signing in or up from it: the visitor who opened a class's
join link, then signed in or signed up with it as the page to come back to, is in the class
when they land (the sign-in or sign-up form is the POST that asks for it)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.contrib import messages
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest
from django.urls import Resolver404, resolve

from classes import roster

JUST_JOINED_KEY = "classes_just_joined"


def join_code_of(url: str) -> str:
    """Return the class code of a join link (a path on this site), else ""."""
    try:
        match = resolve(urlsplit(url).path)
    except Resolver404:
        return ""
    return str(match.kwargs.get("code", "")) if match.view_name == "classes:join_code" else ""


@receiver(user_logged_in, dispatch_uid="classes.join_on_login")
def join_on_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    if request is None or request.method != "POST" or not hasattr(request, "session"):
        return
    code = join_code_of(request.POST.get("next", ""))
    if not code:
        return
    try:
        school_class = roster.join_class(user, code)
    except roster.ClassError:
        return  # the join link the visitor comes back to says why
    request.session[JUST_JOINED_KEY] = school_class.pk
    messages.success(request, f"You have joined {school_class.name}.")
