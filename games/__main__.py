"""Command line: ``python -m games play <game> --seed N [--json]``.

Plays one whole deal with the game's simple rule-based players and prints the auction, the
play trick by trick and the score, or the same record as JSON.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence

from games import GAMES


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser for the games command line."""
    parser = argparse.ArgumentParser(prog="python -m games", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play one deal with the simple players")
    play.add_argument("game", choices=GAMES, help="which game")
    play.add_argument("--seed", type=int, default=0, help="deal seed (default 0)")
    play.add_argument("--json", action="store_true", help="print the deal record as JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the exit status."""
    args = build_parser().parse_args(argv)
    simulate = importlib.import_module(f"games.{args.game}.simulate")
    record = simulate.play_deal(args.seed)
    if args.json:
        json.dump(record, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(simulate.describe(record).rstrip("\n") + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
