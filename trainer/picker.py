"""Answer a discard by picking cards from the hand instead of one button per card set.

A quiz whose candidate answers are all sets of the same number (2 or more) of cards, such as
the Skat discard ("SA HT"), is a *card-set* quiz. When its candidates are every set of that
size from the learner's hand, the player shows the hand once as check boxes (the *picker*);
the chosen cards are mapped back to the candidate answer here, whatever their order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from games.cards import NotationError, parse_card
from trainer.grading import GradingError
from trainer.models import Quiz
from trainer.positions import choice_html, hand_order

CardSet = frozenset[str]


class PickError(GradingError):
    """Raised for a set of picked cards that is not an answer: wrong count, or a card that is
    not in the hand."""


@dataclass(frozen=True)
class PickCard:
    """One card of the picker: its token (the posted value) and its drawing."""

    token: str
    html: SafeString


@dataclass(frozen=True)
class CardPicker:
    """The hand to pick from and how many cards make one answer."""

    size: int
    cards: tuple[PickCard, ...]


def _card_key(token: str) -> str:
    """Return the card's canonical token ('s10' and 'ST' are both 'ST'); raise NotationError."""
    return str(parse_card(token))


def _card_set(answer: str) -> CardSet | None:
    """Return the canonical cards of an answer made of 2+ distinct cards, else None."""
    tokens = answer.split()
    try:
        keys = [_card_key(t) for t in tokens]
    except (NotationError, ValueError, KeyError):
        return None
    if len(keys) < 2 or len(set(keys)) != len(keys):
        return None
    return frozenset(keys)


def card_sets(candidates: Iterable[Any]) -> dict[CardSet, str] | None:
    """Map each candidate's card set to its stored answer when every candidate answer is a set
    of the same number (2 or more) of cards; else return None (plays, calls, bids)."""
    out: dict[CardSet, str] = {}
    for cand in candidates:
        if not isinstance(cand, Mapping) or "answer" not in cand:
            return None
        answer = str(cand["answer"])
        cards = _card_set(answer)
        if cards is None or cards in out:
            return None
        out[cards] = answer
    sizes = {len(cards) for cards in out}
    return out if len(sizes) == 1 else None


def _hand(quiz: Quiz) -> list[str]:
    pos = quiz.position if isinstance(quiz.position, dict) else {}
    hands = pos.get("hands") or {}
    if not isinstance(hands, dict):
        return []
    return [str(t) for t in hands.get(str(pos.get("seat")), []) or []]


def card_picker(quiz: Quiz) -> CardPicker | None:
    """Return the picker for a card-set quiz whose candidates are every set of that size from
    the hand (the Skat discard: all 66 pairs of twelve cards); else None.

    A quiz that offers only some of the sets (500's kitty plans) keeps one button per set:
    a picker would let the learner build a set that has no value to show.
    """
    sets = card_sets(quiz.candidates)
    if not sets:
        return None
    size = len(next(iter(sets)))
    hand = _hand(quiz)
    try:
        keys = [_card_key(t) for t in hand]
    except (NotationError, ValueError, KeyError):
        return None
    if len(set(keys)) != len(keys) or len(sets) != comb(len(keys), size):
        return None
    if any(frozenset(c) not in sets for c in combinations(keys, size)):
        return None
    # The hand as its player holds it (Skat order, jokers drawn as jokers).
    place = {_card_key(t): n for n, t in enumerate(hand_order(quiz))}
    keys.sort(key=lambda k: place.get(k, len(place)))
    cards = tuple(PickCard(key, choice_html(key, key)) for key in keys)
    return CardPicker(size, cards)


def _hand_keys(quiz: Quiz) -> list[str]:
    keys = []
    for token in _hand(quiz):
        try:
            keys.append(_card_key(token))
        except (NotationError, ValueError, KeyError):
            continue
    return keys


def answer_for_cards(quiz: Quiz, picked: Sequence[str]) -> str:
    """Return the candidate answer made of the picked cards, in any order; raise PickError
    when they are not one (too few or too many, a card twice, a card not in the hand)."""
    sets = card_sets(quiz.candidates)
    if not sets:
        raise PickError(_("This quiz is not answered by picking cards."))
    size = len(next(iter(sets)))
    in_hand = set(_hand_keys(quiz)).union(*sets)
    keys: list[str] = []
    for token in picked:
        try:
            key = _card_key(token)
        except (NotationError, ValueError, KeyError):
            raise PickError(_("%(token)r is not a card.") % {"token": token}) from None
        if key not in in_hand:
            raise PickError(_("%(card)s is not in your hand.") % {"card": key})
        if key in keys:
            raise PickError(_("%(card)s was chosen twice.") % {"card": key})
        keys.append(key)
    if len(keys) != size:
        raise PickError(
            _("Choose exactly %(size)d cards; you chose %(n)d.") % {"size": size, "n": len(keys)}
        )
    answer = sets.get(frozenset(keys))
    if answer is None:
        raise PickError(
            _("%(cards)s is not one of this quiz's choices.") % {"cards": " ".join(keys)}
        )
    return answer


def resolve_answer(quiz: Quiz, answer: str, picked: Sequence[str]) -> str:
    """Return the stored answer a submission means: the candidate made of the picked cards
    when cards were picked (or nothing was sent to a card-set quiz), else ``answer``; a card
    set sent as ``answer`` in another order is matched to its candidate too."""
    if picked and answer:
        raise PickError(_("Send either an answer or picked cards, not both."))
    sets = card_sets(quiz.candidates)
    if picked or (sets and not answer):
        return answer_for_cards(quiz, picked)
    cards = _card_set(answer) if sets else None
    if sets and cards is not None and cards in sets:
        return sets[cards]
    return answer
