"""Kleurenwiezen contracts as players name them: who plays, in which suit, for how many tricks."""

from __future__ import annotations

import pytest

from games.cards import parse_card
from games.wiezen.contracts import Contract, ContractKind

K = ContractKind


@pytest.mark.parametrize(
    ("contract", "noun", "sentence"),
    [
        (
            Contract(K.ASK_JOIN, ("W", "E"), "C", 8, "N"),
            "ask and join in clubs by West and East (8 tricks needed)",
            "West asks in clubs and East joins, they need 8 tricks",
        ),
        (
            Contract(K.ALONE, ("W",), "D", 5, "N"),
            "alone in diamonds by West (5 tricks needed)",
            "West plays alone in diamonds, needs 5 tricks",
        ),
        (
            Contract(K.TROEL, ("N", "S"), "H", 8, "S", parse_card("HA")),
            "troel by North with South in hearts (8 tricks needed, the ace of hearts led first)",
            "North has troel, South goes with him in hearts: they need 8 tricks; "
            "the ace of hearts is led first",
        ),
        (
            Contract(K.ABONDANCE, ("N",), "S", 10, "N"),
            "abondance 10 in spades by North (10 tricks needed)",
            "North plays abondance 10 in spades, needs 10 tricks",
        ),
        (
            Contract(K.MISERIE, ("S", "W"), None, 0, "E"),
            "miserie by South and West (each must take no trick)",
            "South and West play miserie, each must take no trick",
        ),
        (
            Contract(K.OPEN_MISERIE, ("S",), None, 0, "W"),
            "open miserie by South (must take no trick)",
            "South plays open miserie, must take no trick",
        ),
        (
            Contract(K.PICCOLO, ("E",), None, 1, "S"),
            "piccolo by East (must take exactly one trick)",
            "East plays piccolo, must take exactly one trick",
        ),
        (
            Contract(K.SOLO, ("E",), "H", 13, "E"),
            "solo in hearts by East (all 13 tricks needed)",
            "East plays solo in hearts, needs all 13 tricks",
        ),
        (
            Contract(K.SOLO, ("E",), None, 13, "E"),
            "solo slim by East, no trumps (all 13 tricks needed)",
            "East plays solo slim (no trumps), needs all 13 tricks",
        ),
    ],
)
def test_a_contract_reads_as_a_player_names_it(contract, noun, sentence):
    assert contract.describe() == noun
    assert contract.sentence() == sentence
    assert Contract.from_dict(contract.to_dict()) == contract


def test_a_stored_contract_missing_a_field_is_refused_by_name():
    with pytest.raises(ValueError, match="target"):
        Contract.from_dict({"kind": "alone", "declarers": ["W"], "trump": "D"})
    with pytest.raises(ValueError, match="declarers"):
        Contract.from_dict({"kind": "alone", "declarers": ["Q"], "trump": "D", "target": 5})
