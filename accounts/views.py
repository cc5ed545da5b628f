"""Sign up: create the account, log in (which keeps the visitor's training), go on."""

from __future__ import annotations

from django.contrib.auth import login
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from accounts.forms import SignUpForm
from classes.roster import make_teacher


def _asked_next(request: HttpRequest) -> str:
    """Return the page the sign-up was asked to go on to, if it is on this site, else ""."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return wanted if safe else ""


def _next_url(request: HttpRequest, default: str = "train:dashboard") -> str:
    return _asked_next(request) or reverse(default)


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Show the sign-up form; on success log the new user in and continue (where the page
    asked, else a teacher to their teaching pages and a learner to their progress)."""
    if request.user.is_authenticated:
        return redirect(_next_url(request))
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        teacher = bool(form.cleaned_data.get("teacher"))
        with transaction.atomic():
            user = form.save()
            if teacher:
                make_teacher(user)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_next_url(request, "classes:teach" if teacher else "train:dashboard"))
    return render(request, "registration/signup.html", {"form": form, "next": _asked_next(request)})
