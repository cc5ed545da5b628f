"""The pupil's classes and assignments on the dashboard (an inclusion tag, so the trainer's
view stays), and the set page's autofocus."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

from classes.roster import pupil_classes
from classes.work import pupil_assignments

register = template.Library()


@register.inclusion_tag("classes/_dashboard.html")
def assignments_for(user: Any) -> dict[str, Any]:
    return {"classes": pupil_classes(user), "assignments": pupil_assignments(user)}


@register.simple_tag
def autofocus(focus: str, *parts: Any) -> SafeString:
    """Return ` autofocus` when ``focus`` (the page's focus after the last action) names this
    element: its id is the parts joined with '-' (``{% autofocus focus "up" it.pk %}``)."""
    wanted = "-".join(str(p) for p in parts)
    return mark_safe(" autofocus") if focus and focus == wanted else mark_safe("")
