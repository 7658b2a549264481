"""What an explicit memory request trigger is (design §7), and the pattern pieces both languages share.

The triggers themselves are data in `explicit_es.py` (Spanish) and `explicit_en.py` (English, and English openings
followed by Spanish: "remind me qué…"), put together in `explicit_rules.py` and compiled by `compiled.py`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ExplicitTrigger:
    """A way of asking for memory explicitly ("¿qué habíamos decidido sobre…?", "search our memory for…").

    `pattern` runs on the normalised message (lowercase, no accents, punctuation kept). It is only tried when
    one of `anchors` and all of `requires` (whole words) occur in the message, so messages without memory
    vocabulary cost nothing.
    `gated` triggers contain a Spanish word that is ambiguous once accents are gone ("que"/"como" are also
    conjunctions: "creo que decidimos…" is a statement, "¿qué decidimos…?" a question; "recuerda que mañana…" is
    an instruction, "recuerda qué…" a request). They count only when the message reads as a question: it contains
    ¿ or ?, or `accented` (a question form searched in the case-folded, NFC, accent-keeping message: "qué …",
    a message opening with "what"/"was") matches, or — when `clause_start` — the trigger opens the message or a
    clause ("Oye, que decidimos con el LB").
    """

    name: str
    pattern: str
    anchors: tuple[str, ...]
    gated: bool = False
    accented: str | None = None
    clause_start: bool = True
    requires: tuple[str, ...] = ()   # words that must all occur too (cheap pre-check for common anchors)
    unless: str | None = None        # the request does not count when this matches too ("guarda en tu memoria…")
    also: str | None = None          # ... and counts only when this matches too (a cheap pattern first, this after)
    before: str | None = None        # ... and when this matches right before the match (its pattern ends with $)
    at_anchor: bool = False          # the pattern matches exactly its anchor words (searched from the first one)


MEM = r"memor(?:y|ies|ia|ias)"
WHO = r"(?:(?:our|the|your|my|la|nuestra|tu|mi|vuestra)\s+)?"
