"""Shared helpers for the benchmarks: the machine's description and docs/performance.md sections."""

from __future__ import annotations

import os
import platform
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

PERFORMANCE = Path(__file__).resolve().parent.parent / "docs" / "performance.md"
HEADER = (
    "# Performance\n\nFigures written by `make bench` (each section by its own benchmark, with "
    "the machine it ran on). Benchmarks measure; the test suite never asserts a timing.\n"
)


def machine() -> str:
    """Return one line describing this machine: CPU name, family and model, cores, memory,
    Python."""
    cpu = platform.processor() or platform.machine()
    family = model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            key, value = key.strip(), value.strip()
            if key == "model name":
                cpu = value
            elif key == "cpu family" and not family:
                family = value
            elif key == "model" and not model:
                model = value
            if not line:  # the first processor's block is enough
                break
    except OSError:
        pass
    if family and model:
        cpu = f"{cpu} family {family} model {model}"
    memory = ""
    try:
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        memory = f", {kb / 1024 / 1024:.0f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    try:
        load = os.getloadavg()[0]
        loadtext = f", load {load:.1f} at start"
    except OSError:
        loadtext = ""
    return (
        f"{cpu}, {os.cpu_count()} cores{memory}, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}{loadtext}"
    )


def stamp() -> str:
    """Return the date and the git commit the figures were taken on."""
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
            cwd=PERFORMANCE.parent,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    return f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, commit {commit}"


def update_section(title: str, body: str) -> None:
    """Replace (or add) the `## title` section of docs/performance.md, keeping the others."""
    text = PERFORMANCE.read_text() if PERFORMANCE.exists() else HEADER
    section = f"## {title}\n\n{body.strip()}\n"
    pattern = re.compile(rf"^## {re.escape(title)}\n.*?(?=^## |\Z)", re.S | re.M)
    if pattern.search(text):
        text = pattern.sub(lambda _: section + "\n", text)
    else:
        text = text.rstrip("\n") + "\n\n" + section
    PERFORMANCE.write_text(text.rstrip("\n") + "\n")


def table(headers: list[str], rows: list[list[object]]) -> str:
    """Return a Markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)
