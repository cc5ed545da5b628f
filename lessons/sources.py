"""Write rule citations for learners: the files behind them named in words.

Lessons cite their sources (``sources`` in the front matter) and quizzes their rules
(``rule_ref``) by file, for the developers who check them; a learner cannot open those files,
so pages show the rule texts by name and the project's own decisions as this trainer's house
rules.
"""

from __future__ import annotations

import re

# File -> what a learner reads instead. The project's decisions and its docs/rules pages are
# the rules as this trainer plays them; the rule texts are named by game and language.
FILE_WORDS = {
    "DECISIONS.md": "this trainer's house rules",
    "skat.da.txt": "the Danish Skat rules",
    "beyond.da.txt": "the Danish Beyond rules",
    "five-hundred.da.txt": "the Danish 500 rules",
    "kleurenwiezen.nl.txt": "the Flemish Kleurenwiezen rules",
    "kleurenwiezen-extra-bids.nl.txt": "the Flemish rules for the extra bids",
    "docs/rules/skat.md": "the rules as this trainer plays them",
    "docs/rules/beyond.md": "the rules as this trainer plays them",
    "docs/rules/five_hundred.md": "the rules as this trainer plays them",
    "docs/rules/wiezen.md": "the rules as this trainer plays them",
}
ANY_FILE = re.compile(r"(?<![\w/.-])[\w./-]+\.(?:txt|md|py)\b")


def in_words(citation: str) -> str:
    """Return a citation with every file named in words ('skat.da.txt: card points' reads
    'the Danish Skat rules: card points'); a file we have no words for is left out."""
    text = citation
    for name in sorted(FILE_WORDS, key=len, reverse=True):
        text = text.replace(name, FILE_WORDS[name])
    text = ANY_FILE.sub("", text)
    text = re.sub(r"\s+and\s+(?=[,:;]|$)", "", text)
    text = re.sub(r"\s{2,}", " ", text).strip(" ,;:")
    return text[:1].upper() + text[1:] if text else ""
