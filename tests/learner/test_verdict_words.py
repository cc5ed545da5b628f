"""Quiz pages in players' words: no engine shorthand from the stored bank, the why of a play
verdict names the trick where the aim fails, and every bidding verdict says why in words."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.utils.html import escape

from games.cards import parse_card
from tests.learner.learner_helpers import take_quiz
from trainer.decisive import decisive_trick
from trainer.feedback import bid_why, line_view, played_how, why
from trainer.generation import store_quiz
from trainer.grading import grade
from trainer.positions import position_view
from trainer.quizio import parse_line
from trainer.starter import read_lines
from trainer.wording import old_contract, player_words

GAMES = ("skat", "beyond", "five_hundred", "wiezen")
# Engine shorthand a learner must not read, per game.
SHORTHAND = {
    "all": [
        re.compile(r"\bYou are [NESW]\b"),
        re.compile(r"\bby [NESW]\b(?!\w)"),
        re.compile(r"\bdealer [NESW]\b"),
        re.compile(r"(?<![\w/])[SHDC][2-9TJQKA](?: [SHDC][2-9TJQKA])+\b"),  # card token runs
    ],
    "wiezen": [re.compile(r"ask/join|\b[NESW]\+[NESW]\b|\bin [SHDC] for \d+ tricks")],
    "beyond": [re.compile(r"\b\d{1,2}(?:NT|[SHDC])\b"), re.compile(r"\b[NESW] \d+/\d+")],
    "five_hundred": [re.compile(r"\b\d{1,2}(?:NT|[SHDC])\b")],
    "skat": [],
}


def shorthand_in(game: str, text: str) -> list[str]:
    return [m.group(0) for p in SHORTHAND["all"] + SHORTHAND[game] for m in p.finditer(text)]


@pytest.fixture(scope="module")
def bank():
    return [parse_line(text) for text in read_lines()]


def _texts(draft):
    yield draft.prompt
    for c in draft.candidates:
        yield from (c.label, c.result, c.refutation, c.line_end)


# ------------------------------------------------------------------ players' words


OLD_DESCRIPTIONS = {
    # What games.wiezen.contracts once wrote, and what a player reads in its place.
    "ask/join W+E in C for 8 tricks": "ask and join in clubs by West and East (8 tricks needed)",
    "alone W in D for 5 tricks": "alone in diamonds by West (5 tricks needed)",
    "troel N+S in H for 8 tricks, HA led": (
        "troel by North with South in hearts (8 tricks needed, the ace of hearts led first)"
    ),
    "abondance 9 by N in S": "abondance 9 in spades by North (9 tricks needed)",
    "miserie by S+W": "miserie by South and West (each must take no trick)",
    "open miserie by E": "open miserie by East (must take no trick)",
    "solo by N in H": "solo in hearts by North (all 13 tricks needed)",
}


@pytest.mark.parametrize(("old", "new"), OLD_DESCRIPTIONS.items())
def test_an_old_contract_description_reads_in_players_words(old, new):
    assert old_contract(old) is not None
    text = f"the deal is thrown in 3 times; {old} 9 times (made 9)"
    assert player_words("wiezen", text) == f"the deal is thrown in 3 times; {new} 9 times (made 9)"


def test_shorthand_in_a_prompt_becomes_words_and_words_stay_as_they_are():
    cases = {
        ("wiezen", "Kleurenwiezen, alone W in D for 5 tricks. You are North (a defender)."): (
            "Kleurenwiezen: West plays alone in diamonds, needs 5 tricks. You are North "
            "(a defender)."
        ),
        ("beyond", "Beyond, 4D by N, re-raised. You are E."): (
            "Beyond: the contract is 4 diamonds by North, re-raised. You are East."
        ),
        ("beyond", "Partner opened 13H; 3NT asks"): "Partner opened 13 hearts; 3 no trumps asks",
        ("five_hundred", "You are S (dealer W). The kitty (SQ H8 H4)."): (
            "You are South (dealer West). The kitty (Q♠ 8♥ 4♥)."
        ),
        ("skat", "You (middlehand) picked up ST DJ and will play grand."): (
            "You (middlehand) picked up 10♠ J♦ and will play grand."
        ),
        ("beyond", "N 3/4 · E 2/2"): "North 3 of 4 · East 2 of 2",
    }
    for (game, text), want in cases.items():
        assert player_words(game, text) == want
        assert player_words(game, want) == want  # words are left alone
    plain = "Skat · Beyond · 500 · Kleurenwiezen: As you see, I said so (East won)."
    assert all(player_words(g, plain) == plain for g in GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_no_stored_text_of_the_shipped_bank_reaches_the_page_in_shorthand(bank, game):
    drafts = [d for d in bank if d.game == game]
    assert drafts
    raw = 0
    for draft in drafts:
        for text in _texts(draft):
            raw += bool(shorthand_in(game, text or ""))
            shown = player_words(game, text or "")
            assert not shorthand_in(game, shown), (draft.seed, shown)
    if game != "skat":
        assert raw, "the bank holds shorthand, which the page must rewrite"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "question"),
    [
        ("wiezen", "play"),
        ("wiezen", "call"),
        ("beyond", "declaration"),
        ("beyond", "convention"),
        ("five_hundred", "contract"),
        ("five_hundred", "kitty"),
        ("skat", "discard"),
    ],
)
def test_the_quiz_page_and_its_verdict_speak_players_words(visitor_client, bank, game, question):
    draft = next(d for d in bank if d.game == game and d.position.get("question") == question)
    store_quiz(draft, None)
    quiz = take_quiz(visitor_client, game)
    page = visitor_client.get(f"/train/{game}/").content.decode()
    prompt = re.search(r'<h1 id="quiz-prompt"[^>]*>(.*?)</h1>', page, re.S)[1]
    assert prompt == escape(player_words(game, quiz.prompt))
    assert not shorthand_in(game, prompt)
    wrong = next(c for c in quiz.candidates if not c["accepted"])
    response = visitor_client.post(
        f"/train/{game}/answer/", {"quiz": quiz.pk, "answer": wrong["answer"]}
    )
    verdict = visitor_client.get(response["Location"]).content.decode()
    shown = re.sub(r"<[^>]+>", " ", verdict.split('<details class="position-again"')[0])
    assert not shorthand_in(game, shown), shorthand_in(game, shown)
    if game == "wiezen" and question == "play":
        assert prompt.startswith("Kleurenwiezen: ") and re.search(r" needs? \d+ tricks", prompt)


def test_a_kleurenwiezen_contract_line_is_said_as_at_the_table():
    quiz = SimpleNamespace(
        game="wiezen",
        kind="play",
        candidates=[],
        position={
            "seat": "N",
            "hands": {"N": ["HK"]},
            "contract": {"kind": "troel", "declarers": ["E", "W"], "trump": "S", "target": 8,
                         "lead_card": "SA"},
        },
    )  # fmt: skip
    assert position_view(quiz).contract == (
        "East has troel, West goes with him in spades: they need 8 tricks; "
        "the ace of spades is led first"
    )


def test_a_beyond_no_trump_contract_says_no_trumps():
    quiz = SimpleNamespace(
        game="beyond",
        kind="play",
        candidates=[],
        position={
            "seat": "W",
            "hands": {"W": ["HK"]},
            "contract": {"bid": "2NT", "declarer": "N", "strain": "N", "raised": 0},
        },
    )
    notes = position_view(quiz).notes
    assert notes[0] == "No trumps." and not any("Trumps: N" in n for n in notes)


# ------------------------------------------------------- where the refuting line fails


def _line_quiz(game, position, tricks, answer, line_end, best_result, rejected_result):
    candidates = [
        {"answer": answer, "label": parse_card(answer).name, "value": 0.0, "accepted": False,
         "refutation": "worse", "result": rejected_result, "tricks": tricks,
         "line_end": line_end},
        {"answer": "best", "label": "the best", "value": 1.0, "accepted": True,
         "refutation": "", "result": best_result},
    ]  # fmt: skip
    return SimpleNamespace(
        game=game,
        kind="play",
        mode="double_dummy",
        position=position,
        candidates=candidates,
        unit="result",
        themes=[],
        extra={},
    )


def _why(quiz, answer):
    verdict = grade(quiz.candidates, quiz.unit, answer, quiz.kind)
    return why(quiz, line_view(quiz, verdict), verdict)


def T(plays, winner):
    return {"plays": [list(p) for p in plays], "winner": winner, "count": "x"}


def test_the_why_names_the_trick_where_a_contract_can_no_longer_be_made():
    # North and South need 8; after 9 tricks they have 5, the defenders 4. The defenders
    # take trick 10 (their fifth, harmless) and trick 12 (their sixth: 8 is out of reach).
    tricks = [
        T([("N", "S2"), ("E", "SA"), ("S", "S3"), ("W", "S4")], "E"),
        T([("E", "H2"), ("S", "HA"), ("W", "H3"), ("N", "H4")], "S"),
        T([("S", "D2"), ("W", "DA"), ("N", "D3"), ("E", "D4")], "W"),
        T([("W", "C2"), ("N", "CA"), ("E", "C3"), ("S", "C4")], "N"),
    ]
    position = {
        "seat": "N",
        "contract": {"kind": "ask_join", "declarers": ["N", "S"], "trump": "H", "target": 8},
        "tricks_won": {"N": 3, "S": 2, "E": 2, "W": 2},
        "tricks_played": [[["N", "X"]]] * 9,
        "hands": {"N": ["S2", "H4", "D3", "CA"]},
    }
    quiz = _line_quiz(
        "wiezen", position, tricks, "S2", "the contract is set by one (7 tricks; -3 for you)",
        "the contract is made with 8 tricks (+2 for you)", "the contract is set by one",
    )  # fmt: skip
    turn = decisive_trick(quiz, tricks)
    assert (turn.index, turn.number) == (2, 12)
    sentence = _why(quiz, "S2")
    assert sentence.startswith(
        "After the two of spades, West takes trick 12 with the ace of diamonds: that is the "
        "defenders' sixth trick, so your side can take at most 7 and the contract (8 tricks) "
        "can no longer be made; in the end the contract is set by one"
    )
    assert "With the best instead: the contract is made with 8 tricks (+2 for you)." in sentence


def test_the_why_names_the_skat_trick_that_gives_the_defenders_their_60():
    # Declarer (forehand) has 50, the defenders 45; 25 card points are left in play and in
    # the skat. The defenders' trick 9 (ace and ten: 21) takes them to 66.
    tricks = [
        T([("0", "D7"), ("1", "DA"), ("2", "DT")], "1"),
        T([("1", "C7"), ("2", "C8"), ("0", "CK")], "0"),
    ]
    position = {
        "seat": "0",
        "contract": {"declarer": "0", "game": "clubs", "bid": 18},
        "score_so_far": {"declarer": 50, "defenders": 45},
        "tricks_won": {"0": 5, "1": 1, "2": 2},
        "tricks_played": [[["0", "X"]]] * 8,
        "hands": {"0": ["D7", "CK"]},
    }
    quiz = _line_quiz(
        "skat", position, tricks, "D7", "you lose the game with 54 card points (-36)",
        "you win the game with 61 card points (+18)", "you lose",
    )  # fmt: skip
    sentence = _why(quiz, "D7")
    assert sentence.startswith(
        "After the seven of diamonds, middlehand takes trick 9 with the ace of diamonds: the "
        "defenders now have 66 card points, so you can no longer reach 61 and win the game"
    )


def test_the_why_names_the_beyond_trick_one_over_the_declaration():
    tricks = [
        T([("E", "S2"), ("S", "S3"), ("W", "S4"), ("N", "SA")], "N"),
        T([("N", "H2"), ("E", "HA"), ("S", "H3"), ("W", "H4")], "E"),
    ]
    position = {
        "seat": "E",
        "contract": {"bid": "4S", "declarer": "N", "strain": "S"},
        "declarations": [["N", 4], ["E", 3], ["S", 2], ["W", 3]],
        "tricks_won": {"N": 3, "E": 3, "S": 2, "W": 3},
        "tricks_played": [[["N", "X"]]] * 11,
        "hands": {"E": ["S2", "HA"]},
    }
    quiz = _line_quiz(
        "beyond", position, tricks, "S2", "one of you misses (you end one trick over)",
        "both of you hit your declarations", "one of you misses",
    )  # fmt: skip
    sentence = _why(quiz, "S2")
    assert sentence.startswith(
        "After the two of spades, you take trick 13 with the ace of hearts: that is your "
        "fourth trick, one more than the 3 declared"
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_bank_line_names_a_trick_of_its_own_line(bank, game):
    named = 0
    for draft in (d for d in bank if d.game == game and d.kind == "play"):
        quiz = SimpleNamespace(**{k: getattr(draft, k) for k in ("game", "kind", "position")})
        played = len(draft.position.get("tricks_played") or [])
        for cand in (c for c in draft.candidates if not c.accepted and c.tricks):
            turn = decisive_trick(quiz, cand.tricks)
            if turn is None:
                continue
            assert 0 <= turn.index < len(cand.tricks)
            assert turn.number == played + turn.index + 1
            named += 1
    assert named >= 20, "the bank's lines name where they fail"


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_the_verdict_page_names_the_failing_trick_and_its_card(visitor_client, bank, game):
    draft = next(
        d for d in bank if d.game == game and d.kind == "play" and d.mode == "double_dummy"
    )
    store_quiz(draft, None)
    quiz = take_quiz(visitor_client, game)
    wrong = next(c for c in quiz.candidates if not c["accepted"] and c.get("tricks"))
    response = visitor_client.post(
        f"/train/{game}/answer/", {"quiz": quiz.pk, "answer": wrong["answer"]}
    )
    page = visitor_client.get(response["Location"])
    turn = decisive_trick(quiz, wrong["tricks"])
    assert turn is not None
    trick = wrong["tricks"][turn.index]
    card = next(c for s, c in trick["plays"] if s == trick["winner"])
    sentence = page.context["why"]
    assert f"trick {turn.number} with the {parse_card(card).name}: {turn.settles}" in sentence
    assert escape(sentence) in page.content.decode()
    # The table numbers the tricks as the deal does, and marks the one the sentence names.
    line = page.context["line"]
    played = len(quiz.position.get("tricks_played") or [])
    assert [r.number for r in line.rows] == [played + n + 1 for n in range(len(line.rows))]
    assert line.turn == turn.index and line.rows[turn.index].number == turn.number
    assert page.content.decode().count("line-turn") == 1


# ------------------------------------------------------------------ bidding verdicts


BID_KINDS = [
    ("skat", "limit"),
    ("skat", "hand"),
    ("skat", "game"),
    ("skat", "discard"),
    ("beyond", "convention"),
    ("beyond", "declaration"),
    ("beyond", "demand"),
    ("five_hundred", "contract"),
    ("five_hundred", "kitty"),
    ("wiezen", "call"),
]


def _number(value):
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "question"), BID_KINDS)
@pytest.mark.parametrize("right", [True, False])
def test_every_bidding_verdict_says_why_from_its_stored_values(
    visitor_client, bank, game, question, right
):
    draft = next(d for d in bank if d.game == game and d.position.get("question") == question)
    store_quiz(draft, None)
    quiz = take_quiz(visitor_client, game)
    chosen = next(c for c in quiz.candidates if c["accepted"] == right)
    response = visitor_client.post(
        f"/train/{game}/answer/", {"quiz": quiz.pk, "answer": chosen["answer"]}
    )
    page = visitor_client.get(response["Location"])
    html = page.content.decode()
    sentence = page.context["why"]
    assert sentence and f'id="why">{escape(sentence)}</p>' in html
    label = player_words(game, chosen["label"])
    assert label in sentence
    if quiz.unit == "convention":
        assert sentence.startswith("Under the ")
        assert (" is the call here" if right else " is not the call here") in sentence
        return
    assert sentence.startswith(f"Over the {quiz.samples} deals the trainer sampled")
    assert f"{label} scores {_number(chosen['value'])} point" in sentence
    if chosen.get("rate") is not None and chosen["answer"] not in ("pass", "P"):
        assert f"{round(100 * chosen['rate'])}%" in sentence
    best = max(quiz.candidates, key=lambda c: c["value"])
    if not right:
        gap = best["value"] - chosen["value"]
        assert f"{_number(gap)} point" in sentence and "a deal more" in sentence
    error = quiz.extra["sampling_error"]
    assert f"({_number(error)})" in sentence
    assert ("more than twice" in sentence) == (quiz.margin > 2 * error)


def test_a_sampled_bid_verdict_says_how_each_deal_was_played():
    candidates = [
        {"answer": "4", "label": "4 tricks", "value": 16.0, "accepted": True, "rate": 0.25},
        {"answer": "5", "label": "5 tricks", "value": 10.2, "accepted": False, "rate": 0.16},
    ]
    verdict = grade(candidates, "points", "5", "bid")
    shortcut = {"valuation": {"method": "shortcut", "played_tricks": 4}, "sampling_error": 2.5}
    quiz = SimpleNamespace(game="beyond", extra=shortcut, samples=100, margin=5.8)
    assert bid_why(quiz, verdict).endswith(
        "In each deal the trainer's simple players play the first 4 tricks and the last 9 "
        "are played double dummy (every card seen)."
    )
    whole = {"valuation": {"method": "whole_deal", "played_tricks": 0}}
    assert played_how("skat", whole) == (
        " Each deal is played out double dummy (every card seen) from the first lead."
    )
    # A quiz stored before valuations were recorded reads as its game's older shortcut.
    assert "first 9 tricks and the last 4" in played_how("beyond", {})
    assert "first 2 tricks and the last 8" in played_how("five_hundred", {})
    assert played_how("beyond", {"valuation": {"method": "half", "played_tricks": 0}}) == ""


def test_a_convention_verdict_with_no_stored_reason_still_names_the_prescribed_call():
    quiz = SimpleNamespace(game="beyond", extra={}, samples=None, margin=1.0)
    candidates = [
        {"answer": "pass", "label": "pass", "value": 0.0, "accepted": False, "result": ""},
        {"answer": "3S", "label": "3 spades", "value": 1.0, "accepted": True, "result": ""},
    ]
    verdict = grade(candidates, "convention", "pass", "bid")
    assert bid_why(quiz, verdict) == (
        "Under the convention, pass is not the call here. It prescribes 3 spades."
    )


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "question"), [("wiezen", "call"), ("five_hundred", "play")])
def test_the_api_verdict_says_the_pages_why_in_players_words(
    django_user_model, bank, game, question
):
    from tests.api.api_helpers import token_client
    from trainer.feedback import verdict_why

    draft = next(d for d in bank if d.game == game and d.position.get("question") == question)
    store_quiz(draft, None)
    client = token_client(django_user_model.objects.create_user("ada", "", "pw-ada-123456"))
    shown = client.get(f"/api/v1/train/{game}/quiz/").json()
    assert not shorthand_in(game, shown["prompt"]), shown["prompt"]
    from trainer.models import Quiz

    quiz = Quiz.objects.get(pk=shown["quiz"])
    wrong = next(c for c in quiz.candidates if not c["accepted"])
    verdict = client.post(
        f"/api/v1/train/{game}/answer/", {"quiz": quiz.pk, "answer": wrong["answer"]}
    ).json()
    expected = verdict_why(quiz, grade(quiz.candidates, quiz.unit, wrong["answer"], quiz.kind))
    assert expected and verdict["why"] == expected
    for choice in verdict["choices"]:
        assert not shorthand_in(game, choice["summary"] + " " + choice["refutation"])
