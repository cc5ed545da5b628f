"""The pupil's assignments on the dashboard: an inclusion tag, so the trainer's view stays."""

from __future__ import annotations

from typing import Any

from django import template

from classes.work import pupil_assignments

register = template.Library()


@register.inclusion_tag("classes/_dashboard.html")
def assignments_for(user: Any) -> dict[str, Any]:
    return {"assignments": pupil_assignments(user)}
