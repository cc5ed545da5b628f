from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _


class SignUpForm(UserCreationForm):
    """A user name, an e-mail address (for password resets) and a password twice."""

    email = forms.EmailField(
        label=_("E-mail"), help_text=_("Used only to send you a password reset link.")
    )
    teacher = forms.BooleanField(
        label=_("I am a teacher"),
        required=False,
        help_text=_("Teachers can create classes, set exercises and see their pupils' results."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
