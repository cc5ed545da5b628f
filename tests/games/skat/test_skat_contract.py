"""Declared games: which announcements are legal, what they imply, and parsing them."""

from __future__ import annotations

import pytest

from games.skat.contract import Contract, parse_contract
from games.skat.errors import IllegalDeclaration


def test_schneider_may_be_announced_only_in_a_hand_game() -> None:
    with pytest.raises(IllegalDeclaration, match="needs a hand game"):
        Contract("spades", schneider_announced=True)
    assert Contract("spades", hand=True, schneider_announced=True).schneider_announced


def test_schwarz_may_be_announced_only_in_a_hand_game() -> None:
    with pytest.raises(IllegalDeclaration, match="schwarz needs a hand game"):
        Contract("grand", schwarz_announced=True)


def test_schwarz_announced_includes_schneider_announced() -> None:
    assert Contract("hearts", hand=True, schwarz_announced=True).schneider_announced


def test_ouvert_counts_as_schwarz_announced() -> None:
    contract = Contract("clubs", hand=True, ouvert=True)
    assert contract.schwarz_announced and contract.schneider_announced


def test_suit_ouvert_after_picking_up_is_refused() -> None:
    with pytest.raises(IllegalDeclaration, match="clubs ouvert needs a hand game"):
        Contract("clubs", ouvert=True)


def test_null_ouvert_may_pick_up_the_skat() -> None:
    contract = Contract("null", ouvert=True)
    assert contract.ouvert and not contract.hand and not contract.schwarz_announced


def test_null_cannot_announce_schneider() -> None:
    with pytest.raises(IllegalDeclaration, match="null cannot announce"):
        Contract("null", hand=True, schneider_announced=True)


def test_unknown_game_is_named() -> None:
    with pytest.raises(IllegalDeclaration, match="unknown game 'trumps'"):
        Contract("trumps")


def test_parse_reads_flags_in_any_order() -> None:
    assert parse_contract("null ouvert hand") == Contract("null", hand=True, ouvert=True)
    assert parse_contract("Grand Hand Schwarz") == Contract(
        "grand", hand=True, schwarz_announced=True
    )


def test_parse_rejects_an_unknown_word() -> None:
    with pytest.raises(IllegalDeclaration, match="bad word 'revolution'"):
        parse_contract("null revolution")


def test_parse_rejects_a_repeated_word() -> None:
    with pytest.raises(IllegalDeclaration, match="'hand' given twice"):
        parse_contract("clubs hand hand")


def test_parse_rejects_empty_text() -> None:
    with pytest.raises(IllegalDeclaration, match="empty game"):
        parse_contract("  ")


@pytest.mark.parametrize(
    "text",
    ["clubs", "diamonds hand", "spades hand schneider", "grand hand schwarz", "grand hand ouvert"],
)
def test_text_of_a_contract_reads_back_to_it(text: str) -> None:
    assert str(parse_contract(text)) == text


def test_trump_suit_is_given_for_suit_games_only() -> None:
    assert Contract("hearts").trump_suit == "H"
    assert Contract("grand").trump_suit is None
    assert Contract("null").trump_suit is None
