"""Roles and classes: who is a teacher, classes, join codes, pupils (added, joined, removed).

Every function that takes an id also takes the user asking, and raises Http404 for an id
that is not theirs to see (another teacher's class looks exactly like a missing one).
Bad input raises ``ClassError`` with a message naming the problem; nothing is half-saved.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import Group, User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.http import Http404
from django.utils import timezone

from classes.models import TEACHERS_GROUP, Membership, SchoolClass

# No 0/O or 1/I/L: a code read aloud or copied from a board should not be mistyped.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
MAX_NAME = 100
MAX_NEW_PUPILS = 40


class ClassError(ValueError):
    """A request about a class that cannot be done; the message says why."""


def is_teacher(user: Any) -> bool:
    """Return whether the user has the teacher role (the Teachers group, or a superuser)."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return user.groups.filter(name=TEACHERS_GROUP).exists()


def make_teacher(user: User) -> None:
    """Give the user the teacher role (sign-up as a teacher does this; so can the admin)."""
    group, _ = Group.objects.get_or_create(name=TEACHERS_GROUP)
    user.groups.add(group)


def require_teacher(user: Any) -> None:
    """Raise Http404 unless the user is a teacher (pupils see no teacher pages at all)."""
    if not is_teacher(user):
        raise Http404("no such page")


def _name(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise ClassError("name: give the class a name")
    if len(name) > MAX_NAME:
        raise ClassError(f"name: at most {MAX_NAME} characters, not {len(name)}")
    return name


def new_code() -> str:
    """Return a fresh random join code."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def create_class(teacher: User, name: str) -> SchoolClass:
    """Create a class with a fresh join code."""
    require_teacher(teacher)
    clean = _name(name)
    for _ in range(5):
        try:
            with transaction.atomic():
                return SchoolClass.objects.create(teacher=teacher, name=clean, join_code=new_code())
        except IntegrityError:
            continue  # the same code drawn twice: draw again
    raise ClassError("could not draw a free join code; try again")


def teacher_class(teacher: Any, pk: int) -> SchoolClass:
    """Return the teacher's own class, or raise Http404."""
    require_teacher(teacher)
    found = SchoolClass.objects.filter(pk=pk, teacher=teacher).first()
    if found is None:
        raise Http404("no such class")
    return found


def _writable(school_class: SchoolClass) -> None:
    if school_class.archived:
        raise ClassError(f"the class {school_class.name!r} is archived: it is read-only")


def rename_class(teacher: Any, pk: int, name: str) -> SchoolClass:
    school_class = teacher_class(teacher, pk)
    _writable(school_class)
    school_class.name = _name(name)
    school_class.save(update_fields=["name"])
    return school_class


def archive_class(teacher: Any, pk: int, confirmed: bool = True) -> SchoolClass:
    """Archive a class: it becomes read-only, its results stay, its join code stops working.
    It cannot be undone, so the page asks the teacher to confirm (``confirmed``)."""
    school_class = teacher_class(teacher, pk)
    if not confirmed:
        raise ClassError(
            f"tick the box to confirm: archiving {school_class.name!r} cannot be undone"
        )
    school_class.archived = True
    school_class.save(update_fields=["archived"])
    return school_class


def active_members(school_class: SchoolClass) -> list[Membership]:
    return list(school_class.members.filter(removed_at__isnull=True).select_related("pupil"))


def remove_pupil(teacher: Any, pk: int, pupil_id: int) -> Membership:
    """Take a pupil out of the class; their answers stay in the results, marked removed."""
    school_class = teacher_class(teacher, pk)
    _writable(school_class)
    member = school_class.members.filter(pupil_id=pupil_id, removed_at__isnull=True).first()
    if member is None:
        raise Http404("no such pupil in this class")
    member.removed_at = timezone.now()
    member.save(update_fields=["removed_at"])
    return member


def readd_pupil(teacher: Any, pk: int, pupil_id: int) -> Membership:
    """Take a removed pupil back into the class (their old answers are theirs again)."""
    school_class = teacher_class(teacher, pk)
    _writable(school_class)
    member = school_class.members.filter(pupil_id=pupil_id, removed_at__isnull=False).first()
    if member is None:
        raise Http404("no such removed pupil in this class")
    member.removed_at = None
    member.save(update_fields=["removed_at"])
    return member


def removed_members(school_class: SchoolClass) -> list[Membership]:
    return list(school_class.members.filter(removed_at__isnull=False).select_related("pupil"))


def _class_of_code(code: str) -> SchoolClass:
    clean = code.strip().upper().replace(" ", "").replace("-", "")
    if not clean:
        raise ClassError("code: enter the class code your teacher gave you")
    school_class = SchoolClass.objects.filter(join_code=clean).first()
    if school_class is None:
        raise ClassError(
            f"code: no class has the code {code.strip()!r}; check it with your teacher"
        )
    return school_class


def _join_problem(user: Any, school_class: SchoolClass, member: Membership | None) -> str:
    """Return why the user cannot join the class ("" when they can)."""
    if member is not None and member.removed_at is not None:
        return f"your teacher removed you from {school_class.name!r}; ask them to add you again"
    if member is not None:
        return f"you are already in {school_class.name!r}"
    if school_class.archived:
        return f"the class {school_class.name!r} is archived and takes no new pupils"
    if getattr(user, "pk", None) is not None and school_class.teacher_id == user.pk:
        return "this is your own class: you teach it"
    return ""


@dataclass(frozen=True)
class JoinLink:
    """What the join link shows: the class (None for a code no class has), whether the
    visitor is in it already, and why they cannot join ("" when they can)."""

    school_class: SchoolClass | None
    member: bool
    problem: str


def join_link(user: Any, code: str) -> JoinLink:
    """Read the join link for this visitor (signed in or not) without changing anything."""
    try:
        school_class = _class_of_code(code)
    except ClassError as exc:  # the link has no form field to name
        return JoinLink(None, False, str(exc).removeprefix("code: "))
    member = None
    if getattr(user, "is_authenticated", False):
        member = Membership.objects.filter(school_class=school_class, pupil=user).first()
    active = member is not None and member.removed_at is None
    problem = "" if active else _join_problem(user, school_class, member)
    return JoinLink(school_class, active, problem)


def join_class(user: Any, code: str) -> SchoolClass:
    """Join the class with this code; ClassError for a bad code, twice, or a removed pupil."""
    if not getattr(user, "is_authenticated", False):
        raise ClassError("sign in (or sign up) first, then join with the code")
    school_class = _class_of_code(code)
    with transaction.atomic():
        member = (
            Membership.objects.select_for_update()
            .filter(school_class=school_class, pupil=user)
            .first()
        )
        problem = _join_problem(user, school_class, member)
        if problem:
            raise ClassError(problem)
        try:
            with transaction.atomic():
                Membership.objects.create(school_class=school_class, pupil=user)
        except IntegrityError:
            raise ClassError(f"you are already in {school_class.name!r}") from None
    return school_class


@dataclass(frozen=True)
class NewPupil:
    """A pupil account the teacher made: the password is shown once and stored hashed."""

    username: str
    password: str


def new_password() -> str:
    """Return a password a pupil can type: three short words of letters and digits."""
    return "-".join(
        "".join(secrets.choice(CODE_ALPHABET.lower()) for _ in range(4)) for _ in range(3)
    )


def create_pupils(teacher: Any, pk: int, usernames_text: str) -> list[NewPupil]:
    """Create pupil accounts (one username per line) in the class; all or none.

    Returns each username with its generated password, which is never stored in clear.
    """
    school_class = teacher_class(teacher, pk)
    _writable(school_class)
    names = [n.strip() for n in usernames_text.replace(",", "\n").splitlines() if n.strip()]
    if not names:
        raise ClassError("usernames: give one username per line")
    if len(names) > MAX_NEW_PUPILS:
        raise ClassError(f"usernames: at most {MAX_NEW_PUPILS} at a time, not {len(names)}")
    seen: set[str] = set()
    field = User._meta.get_field("username")
    for name in names:
        if name.lower() in seen:
            raise ClassError(f"usernames: {name!r} is given twice")
        seen.add(name.lower())
        try:
            field.run_validators(name)
            field.clean(name, None)
        except ValidationError as exc:
            raise ClassError(f"usernames: {name!r}: {' '.join(exc.messages)}") from None
    taken = User.objects.filter(username__in=names).values_list("username", flat=True)
    if taken:
        raise ClassError(f"usernames: {', '.join(sorted(taken))} already taken; choose others")
    made = []
    with transaction.atomic():
        for name in names:
            password = new_password()
            validate_password(password)
            pupil = User.objects.create_user(username=name, password=password)
            Membership.objects.create(
                school_class=school_class, pupil=pupil, created_by_teacher=True
            )
            made.append(NewPupil(name, password))
    return made


def pupil_classes(user: Any) -> list[SchoolClass]:
    """Return the classes the user is an active pupil of."""
    if not getattr(user, "is_authenticated", False):
        return []
    return list(
        SchoolClass.objects.filter(members__pupil=user, members__removed_at__isnull=True)
        .select_related("teacher")
        .order_by("archived", "name")
    )


def teacher_classes(teacher: Any) -> list[SchoolClass]:
    """Return the teacher's classes, each with ``pupil_count`` (its pupils now)."""
    require_teacher(teacher)
    present = Count("members", filter=Q(members__removed_at__isnull=True))
    rows = SchoolClass.objects.filter(teacher=teacher).annotate(pupil_count=present)
    return list(rows.order_by("archived", "name", "id"))  # (a GROUP BY drops Meta.ordering)
