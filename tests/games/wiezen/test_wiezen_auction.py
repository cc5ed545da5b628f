"""The auction: turns, legal calls, the rule text's example, troel, and the contract."""

from __future__ import annotations

import pytest

from games.cards import WIEZEN_DECK, Card, parse_pbn
from games.wiezen import Auction, ContractKind, IllegalCall, WiezenSettings, parse_call

PLAIN = "N:AKQJ.AKQ.32.5432 T98.JT9.AKQJ.AKQ 765.8765.T98.JT9 432.432.7654.876"
TROEL_3 = "N:AKQ2.A32.A32.432 JT9.KQJ.KQJ.AKQJ 876.T98.T98.T987 543.7654.7654.65"
TROEL_4 = "N:AKQ2.A2.A32.A432 JT9.QJT.KQJ.KQJT 876.987.T987.987 543.K6543.654.65"


def hands_of(pbn: str) -> dict[str, list[Card]]:
    return parse_pbn(pbn, WIEZEN_DECK, 13)


def run(calls: list[str], dealer: str = "W", pbn: str = PLAIN, **settings: bool) -> Auction:
    auction = Auction(dealer, hands_of(pbn), WiezenSettings(**settings))  # type: ignore[arg-type]
    for call in calls:
        auction.apply(call)
    return auction


def legal(auction: Auction) -> set[str]:
    return {str(c) for c in auction.legal_calls()}


def test_bidding_starts_left_of_the_dealer() -> None:
    assert run([], dealer="W").turn == "N"
    assert run([], dealer="N").turn == "E"


def test_first_player_may_pass_ask_or_bid_any_special() -> None:
    calls = legal(run([]))
    assert {"pass", "ask H", "ask S", "abondance 9 S", "miserie", "open miserie", "solo H"} <= calls
    assert not calls & {"join", "alone", "troel", "join troel", "piccolo"}


def test_text_example_second_round_after_a_miserie_over_ask_and_join() -> None:
    # Rule text, "Volgorde van contracten": pass, ask clubs, join, miserie; then round two.
    auction = run(["pass", "ask C", "join", "miserie"])
    assert auction.turn == "E"  # N passed and may not speak again
    assert legal(auction) == {"pass", "miserie", "open miserie", "solo S", "solo C", "solo D",
                              "solo H"}  # fmt: skip
    auction.apply("pass")
    assert auction.turn == "S"
    auction.apply("pass")
    assert auction.finished
    contract = auction.contract
    assert contract is not None
    assert (contract.kind, contract.declarers, contract.trump) == (
        ContractKind.MISERIE,
        ("W",),
        None,
    )


def test_text_example_third_bidder_is_limited_by_the_second_bidders_raise() -> None:
    auction = run(["pass", "ask C", "join", "miserie", "open miserie"])
    assert auction.turn == "S"
    assert legal(auction) == {"pass", "open miserie", "solo S", "solo C", "solo D", "solo H"}


def test_a_player_who_passed_never_speaks_again() -> None:
    auction = run(["pass", "ask C", "pass", "abondance 9 S"])
    assert auction.turn == "E"  # N is skipped
    auction.apply("pass")
    assert auction.finished  # S passed before, so W's abondance stands


def test_ask_and_join_make_a_pair_contract_in_the_asked_suit_for_eight_tricks() -> None:
    auction = run(["ask H", "pass", "join", "pass"])
    contract = auction.contract
    assert contract is not None
    assert contract.kind is ContractKind.ASK_JOIN
    assert (contract.declarers, contract.trump, contract.target) == (("N", "S"), "H", 8)


def test_ask_join_partners_need_not_sit_opposite() -> None:
    contract = run(["ask H", "join", "pass", "pass"]).contract
    assert contract is not None
    assert contract.declarers == ("N", "E")


def test_ask_join_is_led_by_the_player_left_of_the_dealer() -> None:
    contract = run(["pass", "ask D", "join", "pass"], dealer="W").contract
    assert contract is not None
    assert contract.first_leader == "N"


def test_unanswered_asker_chooses_alone_or_pass() -> None:
    auction = run(["ask H", "pass", "pass", "pass"])
    assert auction.turn == "N"
    assert legal(auction) >= {"alone", "pass"}
    assert "join" not in legal(auction)
    auction.apply("alone")
    contract = auction.contract
    assert contract is not None
    assert (contract.kind, contract.declarers, contract.trump, contract.target) == (
        ContractKind.ALONE,
        ("N",),
        "H",
        5,
    )


def test_unanswered_asker_who_passes_throws_the_deal_in() -> None:
    auction = run(["ask H", "pass", "pass", "pass", "pass"])
    assert auction.finished and auction.thrown_in
    assert auction.contract is None


def test_four_passes_throw_the_deal_in() -> None:
    auction = run(["pass"] * 4)
    assert auction.thrown_in
    assert auction.contract is None


def test_a_second_ask_is_refused_while_one_is_open() -> None:
    auction = run(["ask H"])
    with pytest.raises(IllegalCall, match=r"ask S by E is not allowed: N has already asked H"):
        auction.apply("ask S")


def test_only_one_player_can_join_an_ask() -> None:
    auction = run(["ask H", "join"])
    assert "join" not in legal(auction)
    with pytest.raises(IllegalCall, match="E has already joined N's ask"):
        auction.apply("join")


def test_join_without_an_ask_is_refused() -> None:
    with pytest.raises(IllegalCall, match="join by N is not allowed: there is no open ask"):
        run(["join"])


def test_alone_is_refused_before_the_others_have_passed() -> None:
    with pytest.raises(IllegalCall, match="only the asker may go alone"):
        run(["ask H", "alone"])


def test_abondance_overcalls_an_ask_and_is_led_by_its_declarer() -> None:
    auction = run(["ask H", "join", "abondance 9 C", "pass", "pass", "pass"])
    contract = auction.contract
    assert contract is not None
    assert (contract.kind, contract.declarers, contract.trump, contract.target) == (
        ContractKind.ABONDANCE,
        ("S",),
        "C",
        9,
    )
    assert contract.first_leader == "S"


def test_abondance_variant_lets_the_player_left_of_the_dealer_lead() -> None:
    calls = ["ask H", "join", "abondance 9 C", "pass", "pass", "pass"]
    contract = run(calls, abondance_declarer_leads=False).contract
    assert contract is not None
    assert contract.first_leader == "N"


def test_abondance_in_a_higher_suit_overcalls_at_the_same_level() -> None:
    auction = run(["abondance 9 C", "abondance 9 H"])
    assert "abondance 9 D" not in legal(auction)
    with pytest.raises(IllegalCall, match="does not beat the current bid abondance 9 H"):
        auction.apply("abondance 9 D")
    auction.apply("abondance 10 S")  # a lower suit must go up a level
    assert auction.top is not None and str(auction.top) == "abondance 10 S"


def test_abondance_goes_no_higher_than_twelve() -> None:
    auction = run(["abondance 12 H"])
    assert not any(c.startswith("abondance") for c in legal(auction))


def test_miserie_beats_any_abondance() -> None:
    auction = run(["abondance 12 H", "miserie"])
    assert str(auction.top) == "miserie"


def test_several_players_may_play_miserie_together() -> None:
    auction = run(["miserie", "miserie", "pass", "miserie"])
    contract = auction.contract
    assert contract is not None
    assert contract.kind is ContractKind.MISERIE
    assert contract.declarers == ("N", "E", "W")
    assert contract.first_leader == "N"


def test_open_miserie_beats_miserie_and_cannot_be_joined_by_a_plain_miserie() -> None:
    auction = run(["miserie", "open miserie"])
    assert "miserie" not in legal(auction)
    with pytest.raises(IllegalCall, match="does not beat the current bid open miserie"):
        auction.apply("miserie")
    auction.apply("open miserie")  # joining the open miserie is fine
    auction.apply("pass")
    assert auction.turn == "N"  # outbid, so N speaks again
    auction.apply("pass")
    contract = auction.contract
    assert contract is not None
    assert (contract.kind, contract.declarers) == (ContractKind.OPEN_MISERIE, ("E", "S"))
    assert contract.open_hands


def test_solo_is_the_highest_bid_and_its_declarer_leads() -> None:
    auction = run(["open miserie", "solo S"])
    assert legal(auction) == {"pass", "solo C", "solo D", "solo H"}
    auction.apply("solo H")
    assert legal(auction) == {"pass"}
    for _ in range(3):
        auction.apply("pass")
    contract = auction.contract
    assert contract is not None
    assert (contract.kind, contract.declarers, contract.trump, contract.target) == (
        ContractKind.SOLO,
        ("S",),
        "H",
        13,
    )
    assert contract.first_leader == "S"


def test_solo_cannot_be_joined() -> None:
    auction = run(["solo S"])
    with pytest.raises(IllegalCall, match="does not beat the current bid solo S"):
        auction.apply("solo S")


def test_piccolo_is_off_by_default() -> None:
    auction = run([])
    with pytest.raises(IllegalCall, match="piccolo is not played at this table"):
        auction.apply("piccolo")


def test_piccolo_sits_between_ask_and_abondance_and_can_be_joined() -> None:
    auction = run(["ask H", "piccolo"], piccolo=True)
    assert "join" not in legal(auction)
    auction.apply("piccolo")
    assert "abondance 9 S" in legal(auction)
    auction.apply("pass")
    auction.apply("pass")
    contract = auction.contract
    assert contract is not None
    assert (contract.kind, contract.declarers, contract.target) == (
        ContractKind.PICCOLO,
        ("E", "S"),
        1,
    )


def test_troel_is_announced_at_once_by_the_holder_of_three_aces() -> None:
    auction = run([], dealer="N", pbn=TROEL_3)
    assert [(s, str(c)) for s, c in auction.history] == [("N", "troel")]
    assert auction.turn == "E"  # bidding still starts left of the dealer


def test_after_troel_only_pass_open_miserie_and_solo_remain() -> None:
    auction = run([], dealer="W", pbn=TROEL_3)
    assert auction.turn == "E"  # N holds the troel and is skipped; E is the partner
    auction.apply("join troel")
    assert auction.turn == "S"
    assert legal(auction) == {"pass", "open miserie", "solo S", "solo C", "solo D", "solo H"}
    with pytest.raises(IllegalCall, match="does not beat the current bid troel"):
        auction.apply("ask H")


def test_troel_partner_may_not_pass() -> None:
    auction = run([], dealer="N", pbn=TROEL_3)
    assert auction.turn == "E"
    assert "pass" not in legal(auction)
    assert legal(auction) >= {"join troel", "open miserie", "solo H"}
    with pytest.raises(IllegalCall, match="the troel partner may not pass"):
        auction.apply("pass")


def test_only_the_partner_joins_the_troel() -> None:
    auction = run(["join troel"], dealer="N", pbn=TROEL_3)
    with pytest.raises(IllegalCall, match="only E, who holds CA, joins the troel"):
        auction.apply("join troel")


def test_troel_trumps_are_the_fourth_ace_suit_and_the_partner_leads_it() -> None:
    auction = run(["join troel", "pass", "pass"], dealer="N", pbn=TROEL_3)
    contract = auction.contract
    assert contract is not None
    assert (contract.kind, contract.declarers, contract.trump, contract.target) == (
        ContractKind.TROEL,
        ("N", "E"),
        "C",
        8,
    )
    assert (contract.first_leader, str(contract.lead_card)) == ("E", "CA")


def test_troel_with_four_aces_is_played_in_hearts_with_the_called_heart() -> None:
    auction = run([], dealer="N", pbn=TROEL_4)
    assert [str(c) for _, c in auction.history] == ["troel HK"]
    for call in ["pass", "pass", "join troel"]:
        auction.apply(call)
    contract = auction.contract
    assert contract is not None
    assert (contract.declarers, contract.trump, str(contract.lead_card)) == (("N", "W"), "H", "HK")


def test_troel_can_be_outbid_by_open_miserie_and_the_partner_may_then_pass() -> None:
    auction = run([], dealer="W", pbn=TROEL_3)
    auction.apply("open miserie")  # E, the partner, outbids the troel himself
    assert auction.turn == "S"
    auction.apply("pass")
    auction.apply("pass")
    assert auction.turn == "N"  # the troel player, now outbid, may answer
    assert legal(auction) == {"pass", "open miserie", "solo S", "solo C", "solo D", "solo H"}
    auction.apply("pass")
    contract = auction.contract
    assert contract is not None
    assert (contract.kind, contract.declarers) == (ContractKind.OPEN_MISERIE, ("E",))


def test_troel_cannot_be_bid() -> None:
    with pytest.raises(IllegalCall, match="troel is not bid"):
        run(["troel"])


def test_calling_out_of_turn_is_refused() -> None:
    auction = run([])
    with pytest.raises(IllegalCall, match="ask H by S: it is N's turn to call"):
        auction.apply("ask H", seat="S")


def test_calling_after_the_auction_is_refused() -> None:
    auction = run(["pass"] * 4)
    with pytest.raises(IllegalCall, match="pass: the auction is over"):
        auction.apply("pass")


def test_contract_is_not_available_before_the_end() -> None:
    with pytest.raises(IllegalCall, match="the auction is not over: E still has to call"):
        _ = run(["ask H"]).contract


def test_calls_may_be_given_as_call_objects() -> None:
    auction = run([])
    auction.apply(parse_call("miserie"), seat="N")
    assert str(auction.top) == "miserie" and auction.holders == ["N"]


def test_auction_rejects_wrong_hand_sizes() -> None:
    hands = hands_of(PLAIN)
    hands["N"] = hands["N"][:-1]
    with pytest.raises(ValueError, match="N's hand has 12 cards"):
        Auction("W", hands)
