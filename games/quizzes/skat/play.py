"""Skat card-play quizzes: which card to play, cut late in a deal the simple players bid and played.

Double dummy: every hand is shown and each legal card is valued by the exact solver. Single
dummy: the decider sees its own hand (and an ouvert declarer's), the play and the auction;
each legal card is valued on the same sampled worlds (``worlds``). Values are the decider's
side's card points at the end of the game (null: 1 if the decider's side wins the game).
"""

from __future__ import annotations

import random
from typing import Any

from games.cards import SKAT_DECK, Card, sort_key
from games.quizzes.base import Candidate, QuizDraft, QuizError, generator
from games.quizzes.skat.cut import Setup, contract_record, play_until, setup
from games.quizzes.skat.judge import Verdict, judge_exact, judge_sampled
from games.quizzes.skat.table import Table, principal_line
from games.quizzes.skat.themes import play_themes, rating
from games.quizzes.skat.worlds import (
    apply_world,
    consistent,
    sample_play_worlds,
    skat_known,
    visible_seats,
    world_json,
)
from games.sampling import NoDealFound
from games.skat.rules import SEAT_NAMES, TRUMP, card_points, effective_suit, strength
from games.skat.tactics import choose_card

MODES = ("double_dummy", "single_dummy")
WORLDS = 100
TRICKS_LEFT = {"double_dummy": (3, 6), "single_dummy": (3, 5)}
RULE_PLAY = "skat.da.txt: trick-play rules (Stikspilregler) and card points (Kortpointvaerdier)"
RULE_NULL = "skat.da.txt: null games (Nulspilregler)"
RULE_DEFENCE = "skat.da.txt: strategy tips, as defender (Som forsvarer)"


def unit_for(game: str) -> str:
    return "win rate" if game == "null" else "card points"


def for_seat(table: Table, seat: int, declarer_value: int) -> int:
    """Return a declarer-side result as the deciding seat counts it."""
    if seat == table.declarer:
        return declarer_value
    return (1 if table.game == "null" else 120) - declarer_value


def cut_table(seed: int, mode: str, constraint: Any) -> tuple[Setup, Table, Card] | None:
    """Play the seeded deal to the cut; return the setup, the table and the natural card."""
    rng = random.Random(f"skat/play/{mode}/{seed}")
    low, high = TRICKS_LEFT[mode]
    tricks_left, in_trick = rng.randint(low, high), rng.randrange(3)
    found = setup(seed, constraint)
    if found is None:
        return None
    play = found.new_play()
    if not play_until(play, tricks_left, in_trick):
        return None
    table = Table.from_play(play)
    if table.game == "null" and table.declarer_tricks():
        return None  # the null is already lost: nothing left to decide
    if len(table.legal()) < 2:
        return None
    return found, table, choose_card(play)


def position_record(found: Setup, table: Table, mode: str) -> dict[str, Any]:
    """Return what the quiz page draws: only the hands the decider may see."""
    seat = table.to_move
    contract = found.game.contract
    shown = set(range(3)) if mode == "double_dummy" else visible_seats(table, seat, contract)
    record: dict[str, Any] = {
        "seat": seat,
        "seat_name": SEAT_NAMES[seat],
        "hands": {str(s): _cards(table.hands[s]) for s in sorted(shown)},
        "hidden": [s for s in range(3) if s not in shown],
        "contract": contract_record(found),
        "auction": [[s, c] for s, c in found.auction],
        "leader": table.leader,
        "trick": [[s, str(c)] for s, c in table.current()],
        "tricks_played": [[[s, str(c)] for s, c in t] for t in table.history],
        "trick_winners": list(table.winners),
        "score_so_far": {
            "declarer": table.points_won(table.declarer),
            "defenders": sum(table.points_won(s) for s in range(3) if s != table.declarer),
        },
        "tricks_won": {str(s): sum(1 for w in table.winners if w == s) for s in range(3)},
    }
    if mode == "double_dummy" or skat_known(table, seat, contract):
        record["skat"] = _cards(table.skat)
    return record


def _cards(cards: Any) -> list[str]:
    return [str(c) for c in sorted(cards, key=sort_key)]


def _describe(line: list[tuple[int, Card]], start: Table) -> str:
    """Write a line of play trick by trick, naming who takes each finished trick."""
    parts: list[str] = []
    now = start
    words: list[str] = []
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


def _trick_winner_after(table: Table, card: Card) -> int | None:
    """Return who takes the current trick when ``card`` is followed by best play."""
    line, end = principal_line(table, card, tricks=1)
    del line
    return end.winners[len(table.history)] if len(end.winners) > len(table.history) else None


def _outstanding_trumps(table: Table, seat: int, mode: str) -> bool:
    """Return True if the seat's opponents may still hold trumps (as far as it knows)."""
    if table.game == "null":
        return False
    others = [s for s in range(3) if s != seat]
    if mode == "double_dummy":
        return any(effective_suit(c, table.game) == TRUMP for s in others for c in table.hands[s])
    gone = {c for t in (*table.history, table.current()) for _, c in t} | set(table.hands[seat])
    return any(effective_suit(c, table.game) == TRUMP and c not in gone for c in SKAT_DECK)


def _highest(legal: list[Card], game: str) -> Card:
    return max(legal, key=lambda c: (effective_suit(c, game) == TRUMP, strength(c, game), str(c)))


def _dd_candidates(
    table: Table, seat: int, values: dict[str, int], verdict: Verdict, unit: str
) -> list[Candidate]:
    by_name = {str(c): c for c in table.legal()}
    out = []
    top = values[verdict.best]
    for name in sorted(values, key=lambda n: sort_key(by_name[n])):
        card = by_name[name]
        if name in verdict.accepted:
            out.append(Candidate(name, values[name], True, label=card.name))
            continue
        line, _ = principal_line(table, card)
        loss = top - values[name]
        if unit == "win rate":
            what = "lets the declarer's side win" if seat != table.declarer else "loses the null"
            text = f"{name} {what} against best play"
        else:
            text = f"{name} gives up {loss} card points ({values[name]} instead of {top})"
        text += f"; best play: {_describe([(seat, card), *line], table)}"
        tokens = (name, *(str(c) for _, c in line))
        out.append(Candidate(name, values[name], False, card.name, text + ".", tokens))
    return out


def _sd_candidates(
    table: Table, samples: dict[str, list[int]], verdict: Verdict, unit: str
) -> list[Candidate]:
    by_name = {str(c): c for c in table.legal()}
    n = len(samples[verdict.best])
    best = samples[verdict.best]
    out = []
    for name in sorted(samples, key=lambda k: sort_key(by_name[k])):
        mean = sum(samples[name]) / n
        card = by_name[name]
        if name in verdict.accepted:
            out.append(Candidate(name, round(mean, 3), True, label=card.name))
            continue
        worse = sum(1 for a, b in zip(samples[name], best, strict=True) if a < b)
        better = sum(1 for a, b in zip(samples[name], best, strict=True) if a > b)
        gap = sum(best) / n - mean
        shown = f"{gap:.2f} fewer {unit}" if unit == "card points" else f"{gap:.0%} lower"
        text = (
            f"{name} averages {mean:.2f} ({unit}) over {n} worlds, {shown} than "
            f"{verdict.best}; it does worse in {worse} worlds and better in {better}."
        )
        out.append(Candidate(name, round(mean, 3), False, card.name, text))
    return out


def _rule_ref(table: Table, seat: int) -> str:
    if table.game == "null":
        return RULE_NULL
    return RULE_DEFENCE if seat != table.declarer else RULE_PLAY


@generator("skat", "play", MODES)
def play_quiz(seed: int, mode: str, constraint: Any = None) -> QuizDraft | None:
    """Return a Skat card-play quiz for ``seed`` in ``mode``, or None if it is no real decision."""
    if mode not in MODES:
        raise QuizError(f"skat play quizzes come in modes {', '.join(MODES)}, not {mode!r}")
    cut = cut_table(seed, mode, constraint)
    if cut is None:
        return None
    found, table, natural = cut
    seat = table.to_move
    unit = unit_for(table.game)
    legal = table.legal()
    extra: dict[str, Any] = {
        "deal": {
            "dealt": {str(s): _cards(h) for s, h in enumerate(found.dealt.hands)},
            "dealt_skat": _cards(found.dealt.skat),
            "hands": {str(s): _cards(h) for s, h in enumerate(table.hands)},
            "skat": _cards(table.skat),
        },
    }
    samples_n: int | None = None
    if mode == "double_dummy":
        declarer_values = {str(c): v for c, v in table.card_values().items()}
        values = {k: for_seat(table, seat, v) for k, v in declarer_values.items()}
        verdict = judge_exact(values, declarer_values, unit)
        if not verdict.kept:
            return None
        candidates = _dd_candidates(table, seat, values, verdict, unit)
        winner = _trick_winner_after(table, Card(verdict.best[0], verdict.best[1]))
    else:
        result = _sampled(found, table, seed)
        if result is None:
            return None
        samples, worlds = result
        verdict = judge_sampled(samples, unit)
        if not verdict.kept:
            return None
        candidates = _sd_candidates(table, samples, verdict, unit)
        samples_n = len(worlds)
        extra["worlds"] = [world_json(w) for w in worlds]
        extra["sampling_error"] = round(verdict.error, 4)
        extra["world_seed"] = _world_seed(seed)
        # The trick's taker is known in single dummy only when the decider plays last.
        winner = None
        if len(table.trick) == 2:
            done = table.play(Card(verdict.best[0], verdict.best[1]))
            winner = done.winners[-1]
    accepted = [c for c in legal if str(c) in verdict.accepted]
    themes = play_themes(table, legal, accepted, winner, _outstanding_trumps(table, seat, mode))
    scale = 1.0 if unit == "win rate" else 20.0
    ease = verdict.margin / scale if mode == "double_dummy" else verdict.margin / (scale / 2)
    difficulty = rating(
        len(legal),
        len(accepted),
        str(natural) not in verdict.accepted,
        str(_highest(legal, table.game)) not in verdict.accepted,
        ease,
        mode == "single_dummy",
    )
    prompt = (
        f"You are {SEAT_NAMES[seat]}"
        + (" (declarer)" if seat == table.declarer else " (defender)")
        + f" in {found.game.contract}. Which card do you play?"
    )
    return QuizDraft(
        game="skat",
        kind="play",
        mode=mode,
        prompt=prompt,
        position=position_record(found, table, mode),
        candidates=tuple(candidates),
        unit=unit,
        themes=themes,
        rating=difficulty,
        rule_ref=_rule_ref(table, seat),
        seed=seed,
        samples=samples_n,
        margin=round(verdict.margin, 4),
        extra=extra,
    )


def _world_seed(seed: int) -> int:
    return random.Random(f"skat/play/worlds/{seed}").randrange(2**31)


def _sampled(
    found: Setup, table: Table, seed: int
) -> tuple[dict[str, list[int]], list[dict[str, list[Card]]]] | None:
    """Value every legal card on the same sampled worlds; None if the worlds cannot be drawn."""
    seat = table.to_move
    contract = found.game.contract
    calls = found.auction
    real = {str(s): list(table.hands[s]) for s in range(3) if s != seat}
    real["skat"] = list(table.skat)
    hidden = [s for s in range(3) if s not in visible_seats(table, seat, contract)]
    voids = {str(s): table.voids()[s] for s in hidden}
    if not consistent(table, real, hidden, contract, found.game.bid, calls, voids):
        return None  # the declarer overbid: a defender's inference would exclude the truth
    try:
        worlds = sample_play_worlds(
            table, seat, contract, found.game.bid, calls, _world_seed(seed), WORLDS
        )
    except NoDealFound:
        return None
    return evaluate_worlds(table, worlds), worlds


def evaluate_worlds(table: Table, worlds: list[dict[str, list[Card]]]) -> dict[str, list[int]]:
    """Return each legal card's value for the seat to move in every world (same worlds)."""
    seat = table.to_move
    cache: dict[tuple[tuple[str, ...], ...], dict[Card, int]] = {}
    samples: dict[str, list[int]] = {str(c): [] for c in table.legal()}
    for world in worlds:
        key = tuple(tuple(sorted(map(str, world[p]))) for p in sorted(world))
        if key not in cache:
            cache[key] = apply_world(table, world).card_values()
        for card, value in cache[key].items():
            samples[str(card)].append(for_seat(table, seat, value))
    return samples


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
