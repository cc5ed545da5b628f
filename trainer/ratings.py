"""Glicko-2 ratings for learners and quizzes, as Glickman describes the system (2013 note).

Pure Python, no Django: the services in ``trainer.player`` read and store the numbers. A
learner answering a quiz is one game between two players (the learner scores 1 for a right
answer, the quiz scores 1 for a wrong one), and each answer is its own rating period, as
puzzle trainers commonly do. Idle days widen the deviation through ``idle``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # converts between the Glicko scale and the Glicko-2 scale
BASE = 1500.0
MAX_DEVIATION = 350.0
# The system constant bounds how fast the volatility may change; Glickman suggests 0.3-1.2.
# 0.5 is the value of his worked example, and a middle choice for noisy one-game periods.
TAU = 0.5
EPSILON = 1e-6  # convergence tolerance of the volatility search


class RatingError(ValueError):
    """Raised for an impossible rating, deviation, volatility or game score."""


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the familiar scale (1500 average, deviation 350 for a newcomer)."""

    rating: float = BASE
    deviation: float = MAX_DEVIATION
    volatility: float = 0.06

    def __post_init__(self) -> None:
        if not math.isfinite(self.rating):
            raise RatingError(f"rating must be a finite number, not {self.rating!r}")
        if not (self.deviation > 0 and math.isfinite(self.deviation)):
            raise RatingError(f"deviation must be positive, not {self.deviation!r}")
        if not (self.volatility > 0 and math.isfinite(self.volatility)):
            raise RatingError(f"volatility must be positive, not {self.volatility!r}")

    @property
    def mu(self) -> float:
        return (self.rating - BASE) / SCALE

    @property
    def phi(self) -> float:
        return self.deviation / SCALE


@dataclass(frozen=True)
class Result:
    """One game against ``opponent``: score 1 for a win, 0.5 for a draw, 0 for a loss."""

    opponent: Rating
    score: float

    def __post_init__(self) -> None:
        if not 0.0 <= self.score <= 1.0:
            raise RatingError(f"a game score lies between 0 and 1, not {self.score!r}")


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """Return the player's expected score against the opponent (0..1)."""
    return _expected(player.mu, opponent.mu, opponent.phi)


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Solve for the new volatility with the Illinois variant of regula falsi (step 5)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, results: Sequence[Result], tau: float = TAU) -> Rating:
    """Return the player's rating after one rating period with these games."""
    if tau <= 0:
        raise RatingError(f"the system constant tau must be positive, not {tau!r}")
    if not results:
        return idle(player)
    mu, phi = player.mu, player.phi
    v_inverse = 0.0
    improvement = 0.0
    for result in results:
        g = _g(result.opponent.phi)
        e = _expected(mu, result.opponent.mu, result.opponent.phi)
        v_inverse += g * g * e * (1.0 - e)
        improvement += g * (result.score - e)
    v = 1.0 / v_inverse
    delta = v * improvement
    sigma = _new_volatility(phi, player.volatility, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(new_mu * SCALE + BASE, new_phi * SCALE, sigma)


def idle(player: Rating, periods: int = 1) -> Rating:
    """Return the rating after ``periods`` periods without games: only the deviation grows."""
    if periods < 0:
        raise RatingError(f"periods must not be negative, not {periods}")
    phi = player.phi
    for _ in range(periods):
        phi = math.sqrt(phi * phi + player.volatility * player.volatility)
        if phi * SCALE >= MAX_DEVIATION:
            break
    deviation = min(phi * SCALE, MAX_DEVIATION)
    return Rating(player.rating, deviation, player.volatility)


def duel(first: Rating, second: Rating, first_score: float) -> tuple[Rating, Rating]:
    """Rate one game between two players; both updates use the ratings from before it."""
    return (
        update(first, [Result(second, first_score)]),
        update(second, [Result(first, 1.0 - first_score)]),
    )


def performance(opponents: Sequence[float], scores: Sequence[float]) -> float | None:
    """Return a performance figure: the mean opponent rating + 400 x (wins - losses) / games.

    This is the usual linear estimate of the rating at which one would score as observed; it
    is shown on the dashboard beside the Glicko-2 rating. None when there are no games.
    """
    if len(opponents) != len(scores):
        raise RatingError(f"{len(opponents)} opponents but {len(scores)} scores")
    if not opponents:
        return None
    wins = sum(scores)
    losses = len(scores) - wins
    return sum(opponents) / len(opponents) + 400.0 * (wins - losses) / len(opponents)
