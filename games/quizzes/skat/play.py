"""Skat card-play quizzes: which card to play, cut late in a deal the simple players bid and played.

The quiz runs through the shared play pipeline (``games.quizzes.common.pipeline``); this
module is Skat's ``PlaySpec``. Every legal card is valued in the game's own terms
(``results``): the result band it reaches for the side to move (schwarzed, schneidered, lost,
won, schneider, schwarz; null: won or lost), the game's score under Skat scoring and the
side's card points as the order inside a band.

Double dummy: every hand is shown; each card's band comes from the exact card-point solve
(``Table.card_values``), and a trick solve (``Table.card_tricks``) where only it can tell
schwarz (a card reaching all 120 card points while the defenders have no trick, or the
declarer's skat points alone while the declarer has no trick). Kept when some card lands in
a worse band. Single dummy: the decider sees its own hand (and an ouvert declarer's), the play
and the auction; each card has that outcome in each of the same sampled worlds (``worlds``)
and is judged on its mean game score, the win rate beside it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from games.cards import SKAT_DECK, Card, sort_key
from games.position import Call, SkatPosition, Trick, deal_record, plays_of, settings_json
from games.quizzes.base import Candidate, QuizDraft, generator
from games.quizzes.common.pipeline import (
    DOUBLE_DUMMY,
    SINGLE_DUMMY,
    PlaySpec,
    play_generator,
    register_play,
)
from games.quizzes.common.verdict import Outcome, Verdict
from games.quizzes.skat.cut import Setup, contract_record, play_until, setup
from games.quizzes.skat.results import SCHNEIDER, SOME_TRICKS, WON, Scoring, outcome
from games.quizzes.skat.table import Table, principal_line
from games.quizzes.skat.themes import play_themes, rating
from games.quizzes.skat.worlds import (
    apply_world,
    consistent,
    played_by,
    sample_play_worlds,
    skat_known,
    visible_seats,
    world_from_json,
    world_json,
)
from games.sampling import NoDealFound
from games.skat.rules import DEALER_SEAT, SEAT_NAMES, TRUMP, card_points, effective_suit, strength
from games.skat.settings import DEFAULT_SETTINGS as SKAT_SETTINGS
from games.skat.tactics import choose_card

MODES = (DOUBLE_DUMMY, SINGLE_DUMMY)
WORLDS = 100
TRICKS_LEFT = {DOUBLE_DUMMY: (3, 6), SINGLE_DUMMY: (3, 5)}
# The smallest mean gap in game score a single-dummy quiz must show (beside 2 standard errors).
MIN_SCORE_GAP = 5.0
RULE_PLAY = "skat.da.txt: trick-play rules (Stikspilregler) and card points (Kortpointvaerdier)"
RULE_NULL = "skat.da.txt: null games (Nulspilregler)"
RULE_DEFENCE = "skat.da.txt: strategy tips, as defender (Som forsvarer)"

World = dict[str, list[Card]]


@dataclass(frozen=True)
class Cut:
    """One decision of a seeded game: the setup, the table, the simple player's card, and the
    decision's number in the deal (counted from the drawn cut)."""

    seed: int
    found: Setup
    table: Table
    natural: Card
    number: int


def scoring_of(table: Table, record: dict[str, Any]) -> Scoring:
    """Return the scoring of a table's game; the matadors count over the declarer's twelve cards
    as this table (or world) has them: played, held and the skat."""
    d = table.declarer
    return Scoring.from_record(record, [*played_by(table, d), *table.hands[d], *table.skat])


def card_outcomes(table: Table, record: dict[str, Any]) -> dict[str, Outcome]:
    """Return every legal card's outcome for the side to move, all hands known."""
    scoring = scoring_of(table, record)
    mine = table.to_move == table.declarer
    values = table.card_values()
    if table.game == "null":
        return {str(c): outcome(scoring, mine, 0, 0, v == 1) for c, v in values.items()}
    taken = table.declarer_tricks()
    lost = len(table.winners) - taken
    so_far = table.declarer_points_so_far()

    def unclear(points: int) -> bool:  # only a trick count can tell schwarz here
        return (lost == 0 and points == 120) or (taken == 0 and points == so_far)

    tricks = table.card_tricks() if any(unclear(v) for v in values.values()) else {}
    out = {}
    for card, points in values.items():
        total = SOME_TRICKS
        if unclear(points):
            ahead = tricks[card]
            if lost == 0 and ahead == table.tricks_left:
                total = 10
            elif taken == 0 and ahead == 0:
                total = 0
        out[str(card)] = outcome(scoring, mine, points, total)
    return out


def position_record(found: Setup, table: Table, mode: str) -> dict[str, Any]:
    """Return what the quiz page draws (only the hands the decider may see) and the deal."""
    seat = table.to_move
    contract = found.game.contract
    shown = set(range(3)) if mode == DOUBLE_DUMMY else visible_seats(table, seat, contract)
    known = mode == DOUBLE_DUMMY or skat_known(table, seat, contract)
    record = SkatPosition(
        seat=seat,
        seat_name=SEAT_NAMES[seat],
        dealer=DEALER_SEAT,
        question="play",
        hands={str(s): tuple(_cards(table.hands[s])) for s in sorted(shown)},
        hidden=tuple(s for s in range(3) if s not in shown),
        contract=contract_record(found),
        auction=tuple(Call(s, c) for s, c in found.auction),
        trick=Trick(plays_of(table.current())),
        tricks_played=tuple(
            Trick(plays_of(t), w) for t, w in zip(table.history, table.winners, strict=True)
        ),
        tricks_won={str(s): sum(1 for w in table.winners if w == s) for s in range(3)},
        tricks_left=10 - len(table.history),
        score_so_far={
            "declarer": table.points_won(table.declarer),
            "defenders": sum(table.points_won(s) for s in range(3) if s != table.declarer),
        },
        skat=tuple(_cards(table.skat)) if known else None,
        rules=settings_json(SKAT_SETTINGS),
        deal=deal_record(
            dict(enumerate(found.dealt.hands)),
            dict(enumerate(table.hands)),
            found.dealt.skat,
            table.skat,
        ),
    )
    return record.to_json()


def _cards(cards: Any) -> list[str]:
    return [str(c) for c in sorted(cards, key=sort_key)]


def _describe(line: list[tuple[int, Card]], start: Table) -> str:
    """Write a line of play trick by trick, naming who takes each finished trick.

    The cards already on the current trick open the first one, so every trick reads whole.
    """
    parts: list[str] = []
    now = start
    words = [f"{SEAT_NAMES[seat]} {card}" for seat, card in start.current()]
    for seat, card in line:
        words.append(f"{SEAT_NAMES[seat]} {card}")
        before = len(now.history)
        now = now.play(card)
        if len(now.history) > before:
            won = now.winners[-1]
            points = card_points(c for _, c in now.history[-1])
            parts.append(", ".join(words) + f" ({SEAT_NAMES[won]} takes {points})")
            words = []
    if words:
        parts.append(", ".join(words))
    return "; ".join(parts)


def _outstanding_trumps(table: Table, seat: int, mode: str) -> bool:
    """Return True if the seat's opponents may still hold trumps (as far as it knows)."""
    if table.game == "null":
        return False
    others = [s for s in range(3) if s != seat]
    if mode == DOUBLE_DUMMY:
        return any(effective_suit(c, table.game) == TRUMP for s in others for c in table.hands[s])
    gone = {c for t in (*table.history, table.current()) for _, c in t} | set(table.hands[seat])
    return any(effective_suit(c, table.game) == TRUMP and c not in gone for c in SKAT_DECK)


def _highest(legal: list[Card], game: str) -> Card:
    return max(legal, key=lambda c: (effective_suit(c, game) == TRUMP, strength(c, game), str(c)))


def _rule_ref(table: Table, seat: int) -> str:
    if table.game == "null":
        return RULE_NULL
    return RULE_DEFENCE if seat != table.declarer else RULE_PLAY


def _trick_winner_after(table: Table, card: Card) -> int | None:
    """Return who takes the current trick when ``card`` is followed by best play."""
    _, end = principal_line(table, card, tricks=1)
    return end.winners[len(table.history)] if len(end.winners) > len(table.history) else None


def _card(name: str) -> Card:
    return Card(name[0], name[1])


def _aim(scoring: Scoring) -> int | None:
    """Return the lowest band in which the declarer wins this game (None: it cannot be won)."""
    if scoring.contract.is_null:
        return WON
    wins = [b for b, s in enumerate(scoring.declarer_scores) if s > 0]
    return min(wins) if wins else None


def prompt_for(found: Setup, table: Table, mode: str, record: dict[str, Any]) -> str:
    """Return the question: who you are, the contract, what your side needs and has so far."""
    seat = table.to_move
    contract = found.game.contract
    declarer = seat == table.declarer
    who = SEAT_NAMES[seat]
    game = f"{contract} (bid {found.game.bid})"
    so_far = record["score_so_far"]
    if declarer:
        head = f"You are {who}, the declarer, in {game}."
    else:
        head = f"You are {who}, defending against {SEAT_NAMES[table.declarer]}'s {game}."
    if contract.is_null:
        need = (
            "You win if you take no trick."
            if declarer
            else "Your side beats the null as soon as the declarer takes a trick."
        )
        return f"{head} {need} Which card do you play?"
    aim = _aim(scoring_of(table, record["contract"]))
    lines = {WON: 61, SCHNEIDER: 90}
    if declarer:
        if aim is None:
            need = "The game is lost whatever you do (overbid); keep the loss as small as you can."
        elif aim in lines:
            need = f"You need {lines[aim]} card points (the skat counts for you)"
        else:
            need = "You need every trick"
        have = f"you have {so_far['declarer']} in tricks so far"
        if "skat" in record:
            have += f" and {card_points(table.skat)} in the skat"
        text = need if aim is None else f"{need}; {have}."
    else:
        if aim is None:
            need = "The declarer cannot win this game any more (overbid)"
        elif aim in lines:
            need = f"Your side needs {121 - lines[aim]} card points to beat the game"
        else:
            need = "One trick for your side beats the game"
        text = f"{need}; it has {so_far['defenders']} so far."
    return f"{head} {text} Which card do you play?"


class SkatPlay(PlaySpec[Cut, World]):
    """Skat's part of the shared play pipeline (see the module doc)."""

    game = "skat"
    # Double dummy looks at every decision after the drawn cut (each costs a few ms).
    max_scan = {DOUBLE_DUMMY: None, SINGLE_DUMMY: 3}
    minimum_gap = MIN_SCORE_GAP
    rate_unit = "win rate"

    def __init__(self) -> None:
        self._cache: dict[tuple[Table, tuple[tuple[str, ...], ...]], dict[str, Outcome]] = {}

    def cuts(self, seed: int, mode: str, constraint: Any) -> Iterator[Cut]:
        """Yield the decisions of the seeded deal from a cut drawn from the seed, in order.

        The simple players play up to a number of tricks left (and cards on the trick) drawn
        from the seed, then on from there, each decision with two or more legal cards in turn.
        """
        rng = random.Random(f"skat/play/{mode}/{seed}")
        low, high = TRICKS_LEFT[mode]
        tricks_left, in_trick = rng.randint(low, high), rng.randrange(3)
        found = setup(seed, constraint)
        if found is None:
            return
        play = found.new_play()
        if not play_until(play, tricks_left, in_trick):
            return
        number = 0
        while (mover := play.to_move) is not None:
            table = Table.from_play(play)
            if table.game == "null" and table.declarer_tricks():
                return  # the null is already lost: nothing left to decide
            natural = choose_card(play)
            if len(table.legal()) >= 2:
                yield Cut(seed, found, table, natural, number)
                number += 1
            play.play(natural, mover)

    def answers(self, cut: Cut) -> list[tuple[str, str]]:
        return [(str(c), c.name) for c in sorted(cut.table.legal(), key=sort_key)]

    def prefer(self, answer: str) -> Any:
        """Show the cheapest card as the best among equals (fewest points, a jack last)."""
        card = _card(answer)
        return (card_points([card]), card.rank == "J", answer)

    def exact(self, cut: Cut) -> dict[str, Outcome]:
        return card_outcomes(cut.table, contract_record(cut.found))

    def worlds(self, cut: Cut, seed: int, number: int) -> list[World] | None:
        """Return the worlds the decider cannot tell from the real deal (None if none fit)."""
        found, table = cut.found, cut.table
        seat = table.to_move
        contract = found.game.contract
        calls = found.auction
        real: dict[str, list[Card]] = {str(s): list(table.hands[s]) for s in range(3) if s != seat}
        real["skat"] = list(table.skat)
        hidden = [s for s in range(3) if s not in visible_seats(table, seat, contract)]
        voids = {str(s): table.voids()[s] for s in hidden}
        if not consistent(table, real, hidden, contract, found.game.bid, calls, voids):
            return None  # the declarer overbid: a defender's inference would exclude the truth
        try:
            return sample_play_worlds(
                table, seat, contract, found.game.bid, calls, world_seed(seed, number), WORLDS
            )
        except NoDealFound:
            return None

    def in_world(self, cut: Cut, world: World) -> dict[str, Outcome]:
        return self._world_outcomes(cut.table, contract_record(cut.found), world)

    def _world_outcomes(
        self, table: Table, record: dict[str, Any], world: World
    ) -> dict[str, Outcome]:
        """Return the outcomes in one world; the same world drawn twice is solved once."""
        key = (table, tuple(tuple(sorted(map(str, world[p]))) for p in sorted(world)))
        if key not in self._cache:
            if len(self._cache) > 4 * WORLDS:
                self._cache.clear()
            self._cache[key] = card_outcomes(apply_world(table, world), record)
        return self._cache[key]

    def line(self, cut: Cut, answer: str, world: World | None) -> tuple[str, tuple[str, ...]]:
        """Return best play from ``answer`` to the end of the next trick (in ``world`` if given)."""
        table = cut.table if world is None else apply_world(cut.table, world)
        card = _card(answer)
        line, _ = principal_line(table, card)
        text = _describe([(table.to_move, card), *line], table)
        return text, (answer, *(str(c) for _, c in line))

    def finish(
        self, cut: Cut, mode: str, verdict: Verdict, candidates: Sequence[Candidate], extra: dict
    ) -> QuizDraft:
        found, table = cut.found, cut.table
        seat = table.to_move
        legal = table.legal()
        record = position_record(found, table, mode)
        best = _card(verdict.best)
        if mode == DOUBLE_DUMMY:
            winner = _trick_winner_after(table, best)
        else:
            # The trick's taker is known in single dummy only when the decider plays last.
            winner = table.play(best).winners[-1] if len(table.trick) == 2 else None
        accepted = [c for c in legal if str(c) in verdict.accepted]
        themes = play_themes(
            table, legal, accepted, best, winner, _outstanding_trumps(table, seat, mode)
        )
        difficulty = rating(
            len(legal),
            len(accepted),
            str(cut.natural) not in verdict.accepted,
            str(_highest(legal, table.game)) not in verdict.accepted,
            ease(verdict, scoring_of(table, contract_record(found)), mode),
            mode == SINGLE_DUMMY,
        )
        stored = dict(extra)
        stored["deal"] = {
            "dealt": {str(s): _cards(h) for s, h in enumerate(found.dealt.hands)},
            "dealt_skat": _cards(found.dealt.skat),
            "hands": {str(s): _cards(h) for s, h in enumerate(table.hands)},
            "skat": _cards(table.skat),
        }
        if mode == SINGLE_DUMMY:
            stored["world_seed"] = world_seed(cut.seed, cut.number)
        return QuizDraft(
            game="skat",
            kind="play",
            mode=mode,
            prompt=prompt_for(found, table, mode, record),
            position=record,
            candidates=tuple(candidates),
            unit=verdict.unit,
            themes=themes,
            rating=difficulty,
            rule_ref=_rule_ref(table, seat),
            seed=cut.seed,
            samples=verdict.samples,
            margin=round(verdict.margin, 4),
            extra=stored,
        )

    def stored_world_json(self, world: World) -> Any:
        return world_json(world)

    def recheck_outcomes(self, draft: QuizDraft) -> dict[str, Outcome] | list[dict[str, Outcome]]:
        """Value the stored draft again: the stored deal solved, or each stored world."""
        table = table_from_draft(draft)
        record = draft.position["contract"]
        if draft.mode == DOUBLE_DUMMY:
            return card_outcomes(table, record)
        worlds = [world_from_json(w) for w in draft.extra["worlds"]]
        return [self._world_outcomes(table, record, w) for w in worlds]


def ease(verdict: Verdict, scoring: Scoring, mode: str) -> float:
    """Return the margin as a share of the game's swing from won to lost (0 a hair, 1 huge).

    The swing is the score between the declarer's lost and won bands (3x the game value), or
    the whole range of the game's scores when it cannot be won; single dummy counts double.
    """
    scores = scoring.declarer_scores
    if scoring.contract.is_null:
        swing = scores[1] - scores[0]
    else:
        swing = scores[WON] - scores[WON - 1] or max(scores) - min(scores)
    share = verdict.margin / max(1, swing)
    return share if mode == DOUBLE_DUMMY else 2 * share


def world_seed(seed: int, number: int) -> int:
    """Return the seed the worlds of a deal's ``number``-th decision are drawn with."""
    return random.Random(f"skat/play/worlds/{seed}/{number}").randrange(2**31)


SPEC = register_play(SkatPlay())


play_quiz = generator("skat", "play", MODES)(play_generator(SPEC))


def table_from_draft(draft: QuizDraft) -> Table:
    """Rebuild the full table of a stored play quiz (hidden hands from ``extra['deal']``)."""
    pos, deal = draft.position, draft.extra["deal"]

    def read(cards: list[str]) -> tuple[Card, ...]:
        return tuple(SKAT_DECK.parse_hand(cards))

    hands = [read(deal["hands"][str(s)]) for s in range(3)]
    return Table(
        pos["contract"]["game"],
        pos["contract"]["declarer"],
        (hands[0], hands[1], hands[2]),
        pos["leader"],
        tuple(read([c for _, c in pos["trick"]])),
        tuple(
            tuple((s, c) for s, c in zip([s for s, _ in t], read([c for _, c in t]), strict=True))
            for t in pos["tricks_played"]
        ),
        tuple(pos["trick_winners"]),
        read(deal["skat"]),
    )
