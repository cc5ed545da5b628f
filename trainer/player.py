"""Answer a quiz: grade from stored values, store the attempt, move ratings and the review.

No solving happens here: ``trainer.grading`` reads only the candidates stored with the quiz.
Ratings move on the learner's first attempt at a quiz only. A missed quiz gets a review card;
every later answer to it is graded for FSRS from correctness, time and hints.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import nullcontext
from datetime import datetime
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.http import Http404
from django.utils import timezone

from trainer import ratings, rawrows, review, tickets
from trainer.drawn import SHOWN_ATTRIBUTE
from trainer.grading import Grade, GradingError, grade
from trainer.learners import Learner
from trainer.models import Attempt, Quiz, RatingPoint, ReviewCard, SkillRating
from trainer.picker import resolve_answer
from trainer.selection import Filters, next_quiz

# A hint is not free: a right answer after one counts half a win for the ratings (as a draw),
# and the review grades it Hard, so the quiz comes back sooner.
HINT_SCORE = 0.5
HINT_COST = (
    "A hint costs half of a right answer: your rating moves as for a draw, and the quiz comes "
    "back for review sooner."
)


def duel_score(correct: bool, hints: int) -> float:
    """Return the learner's score against the quiz: 1 right, 0 wrong, half right after a hint."""
    if not correct:
        return 0.0
    return HINT_SCORE if hints else 1.0


class NotGivenError(ValueError):
    """Raised for an answer to a quiz that was not handed out (or was answered already)."""


_ATTEMPT_COLUMNS = rawrows.columns(Attempt, "a")
_QUIZ_COLUMNS = rawrows.columns(Quiz, "q")


def access_attempt(learner: Learner | None, attempt_id: int) -> Attempt:
    """Return the learner's own attempt, or raise Http404 (also for someone else's)."""
    if learner is None:
        raise Http404("no such attempt")
    if rawrows.usable():
        owner, params = learner.owner_sql("a")
        sql = (
            f"SELECT {_ATTEMPT_COLUMNS}, {_QUIZ_COLUMNS} FROM trainer_attempt a"
            f" JOIN trainer_quiz q ON q.id = a.quiz_id WHERE a.id = %(id)s AND {owner}"
        )
        row = rawrows.one(sql, {**params, "id": attempt_id})
        if row is None:
            raise Http404("no such attempt")
        split = len(Attempt._meta.concrete_fields)
        attempt = rawrows.build(Attempt, row[:split])
        attempt.quiz = rawrows.build(Quiz, row[split:])
        return attempt
    attempt = Attempt.objects.filter(learner.rows(), pk=attempt_id).select_related("quiz").first()
    if attempt is None:
        raise Http404("no such attempt")
    return attempt


def _duel(learner: Learner, quiz: Quiz, score: float) -> tuple[SkillRating, ratings.Rating]:
    """Lock the learner's rating in the game, rate the answer as a game between the learner
    and the quiz, and store the quiz's new rating; return the learner's row and the learner's
    rating after this answer (stored by ``_store_ratings``).

    The quiz's rating is stored with a compare-and-set against the values read with the quiz
    (one UPDATE, no lock and no second read of the row); only when another answer moved it in
    the meantime is the row locked, read again and the game rated again from what it holds.
    """
    skill, _ = SkillRating.objects.select_for_update().get_or_create(
        **learner.lookup(), game=quiz.game, defaults=learner.owner_fields()
    )
    mine = ratings.Rating(skill.rating, skill.deviation, skill.volatility)
    if skill.games:
        # A learner back after days away is less certain: one idle period per whole day.
        mine = ratings.idle(mine, (timezone.now() - skill.updated_at).days)
    theirs = ratings.Rating(quiz.rating, quiz.rating_deviation, quiz.rating_volatility)
    new_mine, new_theirs = ratings.duel(mine, theirs, score)
    moved = {
        "rating": new_theirs.rating,
        "rating_deviation": new_theirs.deviation,
        "rating_volatility": new_theirs.volatility,
    }
    as_read = Quiz.objects.filter(
        pk=quiz.pk,
        rating=quiz.rating,
        rating_deviation=quiz.rating_deviation,
        rating_volatility=quiz.rating_volatility,
    )
    if not as_read.update(**moved):
        locked = Quiz.objects.select_for_update().only(*moved)
        row = locked.get(pk=quiz.pk)
        theirs = ratings.Rating(row.rating, row.rating_deviation, row.rating_volatility)
        new_mine, new_theirs = ratings.duel(mine, theirs, score)
        Quiz.objects.filter(pk=quiz.pk).update(
            rating=new_theirs.rating,
            rating_deviation=new_theirs.deviation,
            rating_volatility=new_theirs.volatility,
        )
    return skill, new_mine


def _store_ratings(learner: Learner, quiz: Quiz, skill: SkillRating, mine: ratings.Rating) -> None:
    """Store the learner's new rating and a point of the learner's rating history (the quiz's
    was stored by ``_duel``)."""
    skill.rating, skill.deviation, skill.volatility = mine.rating, mine.deviation, mine.volatility
    skill.games += 1
    skill.save(update_fields=["rating", "deviation", "volatility", "games", "updated_at"])
    RatingPoint.objects.create(
        game=quiz.game, rating=mine.rating, deviation=mine.deviation, **learner.owner_fields()
    )


def _review(
    learner: Learner,
    quiz: Quiz,
    correct: bool,
    seconds: float | None,
    hints: int,
    first: bool = False,
) -> None:
    """Reschedule the quiz's review card, or open one for a missed quiz.

    A learner's first attempt at a quiz has no card yet (cards are opened by attempts), so
    for it the card is not looked up.
    """
    now = timezone.now()
    card = None
    if not first:
        card = ReviewCard.objects.select_for_update().filter(learner.rows(), quiz=quiz).first()
    if card is None and correct:
        return
    if card is None:
        card = ReviewCard(
            quiz=quiz, game=quiz.game, card=review.new_card(quiz.pk), due=now,
            **learner.owner_fields(),
        )  # fmt: skip
    grade_ = review.review_grade(correct, seconds, hints)
    card.card, card.due = review.schedule(card.card, grade_, now, seconds)
    card.reviews += 1
    card.lapses += 0 if correct else 1
    card.save()


# A first rated answer on PostgreSQL is stored in one statement (``_store_first``): the
# learner's and the quiz's rows are locked only if they still hold the ratings read (a
# compare-and-set, learner first, as ``_duel`` locks), then both ratings, the attempt, the
# rating history point and, for a miss, the review card are written together. One round trip
# instead of eight (BEGIN, the locked read, five writes, COMMIT); any clash (the ticket taken,
# a first attempt already stored, a rating moved meanwhile) stores nothing and the answer goes
# the ORM's way below.
# A learner's rating row in a game as _SKILL_SQL reads it: id, rating, deviation, volatility,
# games, updated_at. A caller that read it before (the API, with the token) may pass it: the
# one statement below stores only if ``games`` is still what was read.
SkillRow = tuple[int, float, float, float, int, datetime]
_SKILL_SQL = (
    "SELECT id, rating, deviation, volatility, games, updated_at FROM trainer_skillrating"
    " WHERE {owner} AND game = %(game)s"
)
_FIRST_SQL = """
WITH held_skill AS (
    SELECT id FROM trainer_skillrating WHERE id = %(skill)s AND games = %(games)s FOR UPDATE
), held_quiz AS (
    SELECT id FROM trainer_quiz
    WHERE id = %(quiz)s AND rating = %(q_rating)s AND rating_deviation = %(q_deviation)s
      AND rating_volatility = %(q_volatility)s AND EXISTS (SELECT FROM held_skill)
    FOR UPDATE
), moved_quiz AS (
    UPDATE trainer_quiz
    SET rating = %(q_new_rating)s, rating_deviation = %(q_new_deviation)s,
        rating_volatility = %(q_new_volatility)s
    WHERE id IN (SELECT id FROM held_quiz)
), moved_skill AS (
    UPDATE trainer_skillrating
    SET rating = %(rating)s, deviation = %(deviation)s, volatility = %(volatility)s,
        games = games + 1, updated_at = %(now)s
    WHERE id = %(skill)s AND EXISTS (SELECT FROM held_quiz)
), point AS (
    INSERT INTO trainer_ratingpoint (user_id, visitor, game, rating, deviation, at)
    SELECT %(user)s, %(visitor)s, %(game)s, %(rating)s, %(deviation)s, %(now)s FROM held_quiz
){card}
INSERT INTO trainer_attempt (user_id, visitor, quiz_id, game, answer, correct, loss, seconds,
    hints, first, review, quiz_rating, learner_rating, ticket, created_at)
SELECT %(user)s, %(visitor)s, %(quiz)s, %(game)s, %(answer)s, %(correct)s, %(loss)s,
    %(seconds)s, %(hints)s, true, false, %(q_rating)s, %(rating)s, %(ticket)s, %(now)s
FROM held_quiz
RETURNING id
"""
_CARD_SQL = """, card AS (
    INSERT INTO trainer_reviewcard (user_id, visitor, quiz_id, game, card, due, reviews, lapses,
        created_at)
    SELECT %(user)s, %(visitor)s, %(quiz)s, %(game)s, %(card)s::jsonb, %(due)s, 1, 1, %(now)s
    FROM held_quiz
)"""
_FIRST_WITH_CARD = _FIRST_SQL.replace("{card}", _CARD_SQL)
_FIRST_WITHOUT_CARD = _FIRST_SQL.replace("{card}", "")


def _store_first(
    learner: Learner,
    quiz: Quiz,
    fields: dict[str, Any],
    score: float,
    known: SkillRow | None = None,
) -> Attempt | None:
    """Store a first rated answer in one PostgreSQL statement; return None to go the ORM way
    (not PostgreSQL, no rating row yet in this game, or a rating moved since it was read).

    Raises IntegrityError, having stored nothing, when the ticket or the learner's first
    attempt at this quiz is in the database already.
    """
    if connection.vendor != "postgresql":
        return None
    owner, who = learner.owner_sql()
    row = known
    if row is None:
        with connection.cursor() as cursor:
            cursor.execute(_SKILL_SQL.format(owner=owner), {**who, "game": quiz.game})
            row = cursor.fetchone()
    if row is None:
        return None
    skill_id, rating, deviation, volatility, games, updated_at = row
    now = timezone.now()
    mine = ratings.Rating(rating, deviation, volatility)
    if games:
        mine = ratings.idle(mine, (now - updated_at).days)
    theirs = ratings.Rating(quiz.rating, quiz.rating_deviation, quiz.rating_volatility)
    new_mine, new_theirs = ratings.duel(mine, theirs, score)
    correct = fields["correct"]
    params: dict[str, Any] = {
        **who,
        "skill": skill_id,
        "games": games,
        "quiz": quiz.pk,
        "game": quiz.game,
        "q_rating": quiz.rating,
        "q_deviation": quiz.rating_deviation,
        "q_volatility": quiz.rating_volatility,
        "q_new_rating": new_theirs.rating,
        "q_new_deviation": new_theirs.deviation,
        "q_new_volatility": new_theirs.volatility,
        "rating": new_mine.rating,
        "deviation": new_mine.deviation,
        "volatility": new_mine.volatility,
        "now": now,
        "answer": fields["answer"],
        "correct": correct,
        "loss": fields["loss"],
        "seconds": fields["seconds"],
        "hints": fields["hints"],
        "ticket": fields["ticket"],
    }
    if not correct:
        grade_ = review.review_grade(False, fields["seconds"], fields["hints"])
        card, due = review.schedule(review.new_card(quiz.pk), grade_, now, fields["seconds"])
        params |= {"card": json.dumps(card), "due": due}
    # Inside a transaction of the caller's, a clash must not break it: a savepoint then.
    held = transaction.atomic() if connection.in_atomic_block else nullcontext()
    with held, connection.cursor() as cursor:
        cursor.execute(_FIRST_WITHOUT_CARD if correct else _FIRST_WITH_CARD, params)
        stored = cursor.fetchone()
    if stored is None:
        return None
    return _stored(fields, stored, now, first=True, learner_rating=new_mine.rating)


_CARD_READ_SQL = (
    "SELECT id, card, reviews FROM trainer_reviewcard WHERE {owner} AND quiz_id = %(quiz)s"
)
_ATTEMPT_SQL = """
INSERT INTO trainer_attempt (user_id, visitor, quiz_id, game, answer, correct, loss, seconds,
    hints, first, review, quiz_rating, learner_rating, ticket, created_at)
SELECT %(user)s, %(visitor)s, %(quiz)s, %(game)s, %(answer)s, %(correct)s, %(loss)s,
    %(seconds)s, %(hints)s, false, %(review)s, %(q_rating)s, NULL, %(ticket)s, %(now)s
"""
_REPEAT_SQL = (
    """
WITH held_card AS (
    SELECT id FROM trainer_reviewcard WHERE id = %(card_id)s AND reviews = %(reviews)s
    FOR UPDATE
), moved_card AS (
    UPDATE trainer_reviewcard
    SET card = %(card)s::jsonb, due = %(due)s, reviews = reviews + 1,
        lapses = lapses + %(lapse)s
    WHERE id IN (SELECT id FROM held_card)
)"""
    + _ATTEMPT_SQL
    + "FROM held_card RETURNING id"
)


def _stored(fields: dict[str, Any], row: Any, now: datetime, **more: Any) -> Attempt:
    """Return the attempt that one statement stored, as the ORM would have returned it."""
    attempt = Attempt(id=row[0], created_at=now, **more, **fields)
    attempt._state.adding = False
    attempt._state.db = connection.alias
    return attempt


def _store_repeat(learner: Learner, quiz: Quiz, fields: dict[str, Any]) -> Attempt | None:
    """Store a later answer (no rating moves) and reschedule its review card in one
    PostgreSQL statement, with a compare-and-set on the card's review count; return None to
    go the ORM way (not PostgreSQL, a miss without a card, or the card moved meanwhile).

    Raises IntegrityError, having stored nothing, when the ticket was taken already.
    """
    if connection.vendor != "postgresql":
        return None
    owner, who = learner.owner_sql()
    with connection.cursor() as cursor:
        cursor.execute(_CARD_READ_SQL.format(owner=owner), {**who, "quiz": quiz.pk})
        card_row = cursor.fetchone()
    correct = fields["correct"]
    if card_row is None and not correct:
        return None  # a card to open: rare, the ORM's way
    now = timezone.now()
    params: dict[str, Any] = {
        **who,
        "quiz": quiz.pk,
        "game": quiz.game,
        "answer": fields["answer"],
        "correct": correct,
        "loss": fields["loss"],
        "seconds": fields["seconds"],
        "hints": fields["hints"],
        "review": fields["review"],
        "q_rating": quiz.rating,
        "ticket": fields["ticket"],
        "now": now,
    }
    if card_row is None:
        sql = _ATTEMPT_SQL + "RETURNING id"
    else:
        card_id, card_json, reviews = card_row
        if isinstance(card_json, str):
            card_json = json.loads(card_json)
        grade_ = review.review_grade(correct, fields["seconds"], fields["hints"])
        card, due = review.schedule(card_json, grade_, now, fields["seconds"])
        sql = _REPEAT_SQL
        params |= {
            "card_id": card_id,
            "reviews": reviews,
            "card": json.dumps(card),
            "due": due,
            "lapse": 0 if correct else 1,
        }
    held = transaction.atomic() if connection.in_atomic_block else nullcontext()
    with held, connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return None if row is None else _stored(fields, row, now, first=False)


def _refuse_if_answered(ticket: str | None, quiz: Quiz) -> None:
    """Raise NotGivenError when this showing's ticket already has its attempt (the clash an
    answer's store hit was a second click or another tab, not a moved rating)."""
    if ticket is not None and Attempt.objects.filter(ticket=ticket).exists():
        raise NotGivenError(
            f"quiz {quiz.pk} was answered already from this showing "
            "(a second click or another tab sent it too)"
        ) from None


def answer_quiz(
    learner: Learner,
    quiz: Quiz,
    answer: str,
    seconds: float | None = None,
    hints: int = 0,
    from_review: bool = False,
    ticket: str | None = None,
    rated: bool = True,
    skill: SkillRow | None = None,
) -> tuple[Attempt, Grade]:
    """Grade and store one answer; raise GradingError when it is not one of the choices.

    The attempt is stored as the learner's first at this quiz unless it comes from the review
    queue (a review card exists only after an attempt); when the database says it is not the
    first after all (answered before, or by a second tab a moment earlier: the unique first
    attempt per learner and quiz), everything is stored again as a repeat, which moves no
    rating. So a first answer costs no look-up of earlier attempts or review cards.

    With ``ticket`` (the showing's id) the answer is stored at most once per showing: a
    request that loses the race raises NotGivenError and stores nothing. ``rated=False`` (a
    teacher's unrated assignment) stores the attempt without moving the learner's or the
    quiz's rating. ``skill``: the learner's rating row in the game, when the caller read it
    already (the one statement checks it has not moved).
    """
    verdict = grade(quiz.candidates, quiz.unit, answer, quiz.kind)
    fields: dict[str, Any] = {
        "quiz": quiz,
        "ticket": ticket,
        "game": quiz.game,
        "answer": answer,
        "correct": verdict.correct,
        "loss": verdict.loss,
        "seconds": seconds,
        "hints": hints,
        "review": from_review,
        "quiz_rating": quiz.rating,
        **learner.owner_fields(),
    }
    first = not from_review
    if not first or rated:
        try:
            if first:
                score = duel_score(verdict.correct, hints)
                attempt = _store_first(learner, quiz, fields, score, skill)
            else:
                attempt = _store_repeat(learner, quiz, fields)
        except IntegrityError:
            attempt = None
            _refuse_if_answered(ticket, quiz)
            if not first:
                raise
            first = False
        if attempt is not None:
            return attempt, verdict
    while True:
        try:
            with transaction.atomic():
                if first and rated:
                    skill, mine = _duel(learner, quiz, duel_score(verdict.correct, hints))
                    attempt = Attempt.objects.create(
                        first=True, learner_rating=mine.rating, **fields
                    )
                    _store_ratings(learner, quiz, skill, mine)
                elif first:  # a teacher's unrated assignment: no rating moves
                    attempt = Attempt.objects.create(first=True, **fields)
                else:
                    attempt = Attempt.objects.create(first=False, **fields)
                _review(learner, quiz, verdict.correct, seconds, hints, first)
            return attempt, verdict
        except IntegrityError:
            _refuse_if_answered(ticket, quiz)
            if not first:
                raise
            first = False


def serve(
    session: tickets.Session,
    learner: Learner,
    game: str,
    filters: Filters,
    *,
    rating: float | None = None,
    due: int | None = None,
) -> tuple[Quiz, tickets.Ticket] | None:
    """Return the quiz to show: the unanswered one for these filters, else the next one.

    ``rating`` and ``due`` (the learner's rating and reviews due in the game), when the caller
    has them, spare ``next_quiz`` their queries.
    """
    query = filters.as_query()
    ticket = tickets.current(session)
    if ticket is not None and ticket.game == game and ticket.query == query:
        # A ticket already answered can come back in a stale copy of the session (a request
        # that lost a race saved it): it is dropped here, in the same one query.
        shown = Quiz.objects.filter(pk=ticket.quiz, game=game)
        quiz = shown.exclude(attempts__ticket=ticket.id).first()
        if quiz is not None:
            return quiz, ticket
    last_was_review = bool(session.get(tickets.LAST_REVIEW_KEY))
    pick = next_quiz(learner, game, filters, last_was_review, rating=rating, due=due)
    if pick is None:
        return None
    return pick.quiz, tickets.issue(session, pick.quiz.pk, game, query, pick.review)


# What grading and storing an answer read of the quiz (not its position, nor its drawing),
# in the model's field order (as ``Model.from_db`` takes them).
_ANSWER_READS = {
    "id", "game", "kind", "unit", "candidates", "rating", "rating_deviation", "rating_volatility",
}  # fmt: skip
_ANSWER_FIELDS = tuple(f.attname for f in Quiz._meta.concrete_fields if f.attname in _ANSWER_READS)
_QUIZ_SQL = f"SELECT {', '.join(_ANSWER_FIELDS)} FROM trainer_quiz WHERE id = %s AND game = %s"


def _quiz_to_answer(quiz_id: int, game: str) -> Quiz | None:
    """Read the fields of the quiz that an answer needs, in one plain query (about a tenth of
    the ORM's CPU for this row); the others load on first use as with ``only()``."""
    with connection.cursor() as cursor:
        cursor.execute(_QUIZ_SQL, [quiz_id, game])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    candidates = _ANSWER_FIELDS.index("candidates")
    if isinstance(values[candidates], (str, bytes)):
        values[candidates] = json.loads(values[candidates])
    return Quiz.from_db(connection.alias, list(_ANSWER_FIELDS), values)


# All of a quiz but its drawing (what the API's verdict reads of it), in the model's order.
WHOLE_FIELDS = tuple(f.attname for f in Quiz._meta.concrete_fields if f.attname != "drawn")


def whole_columns(table: str) -> str:
    """The select list of ``WHOLE_FIELDS`` read from ``table`` (an alias of trainer_quiz)."""
    by_name = {f.attname: f.column for f in Quiz._meta.concrete_fields}
    return ", ".join(f'{table}."{by_name[name]}"' for name in WHOLE_FIELDS)


# With the drawing's key and shown order of answers (a few hundred bytes of its kilobytes):
# the verdict lists the choices in that order without reading the position for it.
def shown_columns(table: str) -> str:
    """The select list of a quiz's drawing key and shown order of answers (``whole_built``)."""
    return f"{table}.drawn ->> 'key', {table}.drawn -> 'answers'"


_WHOLE_SQL = (
    f"SELECT {whole_columns('q')}, {shown_columns('q')}"
    " FROM trainer_quiz q WHERE q.id = %s AND q.game = %s"
)


def whole_built(values: Sequence[Any]) -> Quiz:
    """Return the quiz of a row of ``whole_columns`` then ``shown_columns``, carrying its
    drawing's order of answers (``trainer.drawn.shown_answers``)."""
    quiz = rawrows.build_some(Quiz, WHOLE_FIELDS, values[: len(WHOLE_FIELDS)])
    key, answers = values[len(WHOLE_FIELDS) :]
    if isinstance(answers, (str, bytes)):
        answers = json.loads(answers)  # jsonb comes as text, as Django reads it
    if isinstance(key, str) and isinstance(answers, list):
        setattr(quiz, SHOWN_ATTRIBUTE, (key, tuple(str(a) for a in answers)))
    return quiz


def whole_quiz(quiz_id: int, game: str) -> Quiz | None:
    """The quiz without its drawing, as ``defer("drawn")`` reads it, in plain SQL on
    PostgreSQL (a fraction of the ORM's CPU for a model of twenty columns); there it also
    carries its drawing's order of answers (``trainer.drawn.shown_answers``)."""
    if not rawrows.usable():
        return Quiz.objects.filter(pk=quiz_id, game=game).defer("drawn").first()
    row = rawrows.one(_WHOLE_SQL, [quiz_id, game])
    return None if row is None else whole_built(row)


def submit(
    session: tickets.Session,
    learner: Learner,
    game: str,
    quiz_id: int,
    answer: str,
    picked: Sequence[str] = (),
    whole: bool = False,
    skill: SkillRow | None = None,
) -> tuple[Attempt, Grade]:
    """Answer the quiz that was handed out; time and hints come from its ticket.

    The attempt's quiz holds only what grading needs unless ``whole`` (the API builds the
    verdict from it at once).

    ``picked`` holds the cards chosen in the card picker of a discard quiz; they stand for the
    candidate made of those cards (``trainer.picker``). Nothing is stored for a bad answer.
    """
    ticket = tickets.current(session)
    if ticket is None or ticket.quiz != quiz_id or ticket.game != game:
        raise NotGivenError(
            f"quiz {quiz_id} is not the quiz you were given, or it was answered already"
        )
    # With ``whole`` the caller shows the verdict from this quiz: all but the stored drawing.
    quiz = whole_quiz(quiz_id, game) if whole else _quiz_to_answer(quiz_id, game)
    if quiz is None:
        raise NotGivenError(f"quiz {quiz_id} is no longer in the bank")
    answer = resolve_answer(quiz, answer, picked)
    if answer not in {str(c.get("answer")) for c in quiz.candidates}:
        raise GradingError(f"{answer!r} is not one of this quiz's choices")
    done = answer_quiz(
        learner, quiz, answer, ticket.seconds(), ticket.hints, ticket.review, ticket.id,
        skill=skill,
    )  # fmt: skip
    # Only the request that stored the attempt touches the session: a losing one must not
    # write back its stale copy over a ticket issued in the meantime.
    tickets.take(session, quiz_id)
    return done
