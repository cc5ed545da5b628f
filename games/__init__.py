"""Django-free domain package: cards, rules engines, solver and sampling for four games.

Nothing in this package imports Django; the Django apps call into it.
"""

GAMES = ("skat", "beyond", "five_hundred", "wiezen")
