"""Trick declarations: the declarer's target is the bid, the others declare, no sum of 13."""

from __future__ import annotations

import pytest

from games.beyond import AuctionResult, Bid, Declarations, IllegalDeclarationError
from games.beyond.variants import BeyondSettings


def contract(level: int = 4, strain: str = "S", declarer: str = "E") -> AuctionResult:
    return AuctionResult(declarer, Bid(level, strain))


def test_declarers_target_is_the_final_bid_level() -> None:
    declarations = Declarations(contract(4, "S", "E"), dealer="N")
    assert declarations.targets == {"E": 4}


def test_the_other_three_declare_clockwise_from_the_declarer() -> None:
    declarations = Declarations(contract(declarer="E"), dealer="N")
    seen = []
    while declarations.to_move is not None:
        seen.append(declarations.to_move)
        declarations.declare(2)
    assert seen == ["S", "W", "N"]


def test_declaring_from_the_dealers_left_is_a_variant() -> None:
    settings = BeyondSettings(declaration_start="dealer")
    declarations = Declarations(contract(declarer="S"), dealer="N", settings=settings)
    assert declarations.order == ["E", "W", "N"]


def test_last_player_may_not_make_the_sum_thirteen() -> None:
    # beyond.da.txt: the last declaration may not bring the four to 13.
    declarations = Declarations(contract(4), dealer="N", declared=[3, 2])
    assert declarations.total == 9
    assert 4 not in declarations.legal()
    with pytest.raises(IllegalDeclarationError, match=r"9 \+ 4 would make 13"):
        declarations.declare(4)
    declarations.declare(5)
    assert declarations.total == 14 and declarations.is_finished


def test_earlier_players_may_bring_the_running_sum_to_thirteen() -> None:
    declarations = Declarations(contract(4), dealer="N", declared=[9])
    assert declarations.total == 13
    declarations.declare(0)
    assert declarations.to_move is not None


def test_when_the_sum_is_already_past_thirteen_every_number_is_allowed() -> None:
    declarations = Declarations(contract(10), dealer="N", declared=[3, 2])
    assert declarations.legal() == list(range(14))


def test_sum_thirteen_is_allowed_when_the_rule_is_off() -> None:
    settings = BeyondSettings(forbid_sum_thirteen=False)
    declarations = Declarations(contract(4), dealer="N", settings=settings, declared=[3, 2])
    declarations.declare(4)
    assert declarations.total == 13


@pytest.mark.parametrize("bad", [-1, 14])
def test_declarations_outside_zero_to_thirteen_are_rejected(bad: int) -> None:
    declarations = Declarations(contract(), dealer="N")
    with pytest.raises(IllegalDeclarationError, match=f"illegal declaration {bad} by S"):
        declarations.declare(bad)


def test_no_declaration_after_all_four() -> None:
    declarations = Declarations(contract(4), dealer="N", declared=[1, 1, 1])
    with pytest.raises(IllegalDeclarationError, match="all four players have declared"):
        declarations.declare(1)


def test_unknown_declaration_start_is_rejected() -> None:
    with pytest.raises(ValueError, match="declaration_start 'left'"):
        BeyondSettings(declaration_start="left")
