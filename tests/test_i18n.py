"""Every visible string in the templates is marked for translation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TEMPLATES = sorted((Path(__file__).resolve().parent.parent / "templates").rglob("*.html"))
BLOCK_TRANS = re.compile(r"{%\s*blocktranslate.*?{%\s*endblocktranslate\s*%}", re.S)
TAGS = re.compile(r"{%.*?%}|{{.*?}}|{#.*?#}|<[^>]+>", re.S)
ALLOWED = re.compile(r"^[\s·←→()/:.,!?\-–—&;#0-9]*$")


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: p.name)
def test_templates_have_no_untranslated_text(path):
    text = BLOCK_TRANS.sub("", path.read_text(encoding="utf-8"))
    # translate tags themselves are fine; what is left outside any tag is visible text.
    leftover = TAGS.sub("", text)
    bad = [line.strip() for line in leftover.splitlines() if not ALLOWED.match(line)]
    assert not bad, f"{path.name}: wrap in {{% translate %}}: {bad}"
