"""Clause-level scope selection (design §16): one sentence that joins a learning of two scopes ("the outage was
the OSD on pve2; we agreed to give them a month free") gives each scope only the clauses that belong to it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .candidates import CandidateBuilder, Unit
from .lexicon import CATEGORY_SETS
from .quotes import quoted_passages
from .scope_selection import SPEAKER_ROLES
from .sentences import Sentence
from .signals import Signals, analyze
from .speaker_lexicon import THIRD_PERSON_PREFERENCE_SET
from .term_matching import fold, grams, mentions, tokens
from .time_lexicon import FROM_NOW_SET
from .voice_reading import voice_of

__all__ = ["clause_spans", "own_voice_units", "split_units"]

# Where a sentence joins two statements: a semicolon, a dash, a comma before a coordinating word.
_CLAUSE_BREAK = re.compile(
    r";\s+|(?<!\s)\s+[—–]\s+(?!\d)|,\s+(?=(?:and|but|while|whereas|y|e|pero|mientras que|aunque)\s)",
    re.IGNORECASE)
_MIN_CLAUSE_WORDS = 3
# A clause that only qualifies the one before it: an exception or a condition of that rule, in that rule's scope.
_EXCEPTION = re.compile(r"\b(?:solo si|solo cuando|salvo|excepto|a menos que|unless|except|only if|only when)\b")
# Where a sentence turns from someone else's way to the speaker's own ("Luis prefiere Vim, yo uso VS Code", "my
# manager likes long reports but I prefer bullets"): a clause break, or a contrast or first-person subject after it.
_VOICE_BREAK = re.compile(
    r";\s+|(?<!\s)\s+[—–]\s+(?!\d)|(?:,|(?<!\s))\s+(?:but|while|whereas|pero|mientras que|aunque|en cambio)\s+"
    r"|(?:,|(?<!\s))\s+(?=(?:and i|y yo)\s)"
    r"|,\s+(?=(?:yo|i|me|a m[ií]|for me|para m[ií]|personally|personalmente)\b)",
    re.IGNORECASE)

# What the speaker does as a rule, beside an exception for today: "…, pero normalmente los quiero cortos"
_USUALLY = re.compile(r"\b(?:normalmente|normally|usually|por defecto|by default|en general|siempre|always"
                      r"|habitualmente|otherwise|the rest of the time|el resto del tiempo)\b")


def clause_spans(text: str) -> list[tuple[int, int]]:
    """The clauses of a sentence (start, end), when it has at least two of some length; else []."""
    return _spans(text, _CLAUSE_BREAK)


# A quoted passage is one piece whatever it holds: «Ana – Cuentas Wetopi», "no; never".
_QUOTED = quoted_passages()


def _spans(text: str, breaks: re.Pattern[str]) -> list[tuple[int, int]]:
    """The pieces of a text between `breaks` (none inside quotes), when at least two have some length; else []."""
    if "`" in text:
        return []  # inline code may hold semicolons of its own
    quoted = [match.span() for match in _QUOTED.finditer(text)]
    spans: list[tuple[int, int]] = []
    cursor = 0
    for match in breaks.finditer(text):
        if any(start < match.start() < end for start, end in quoted):
            continue
        spans.append((cursor, match.start()))
        cursor = match.end()
    spans.append((cursor, len(text)))
    spans = [(s, e) for s, e in spans if len(text[s:e].split()) >= _MIN_CLAUSE_WORDS]
    return spans if len(spans) >= 2 else []


def _someone_elses(clause: str) -> bool:
    """A clause stating a preference only in the third person ("Luis prefiere Vim", "my manager likes …")."""
    folded = fold(clause)
    found = CATEGORY_SETS["preference"].find(folded, grams(tokens(folded)), limit=20)
    return bool(found) and all(THIRD_PERSON_PREFERENCE_SET.search(t, grams(tokens(t))) for t in found)


def own_voice_units(builder: CandidateBuilder, units: Sequence[Unit], **common: Any) -> list[Unit]:
    """The units of a turn with each personal sentence of the user cut to the speaker's own clauses: a colleague's
    preference told beside one's own is not the speaker's (design §3.1), nor is today's exception beside the
    usual way ("Today I want the long version, pero normalmente los quiero cortos")."""
    out: list[Unit] = []
    for unit in units:
        sentence = unit.sentence
        personal = unit.candidate.scope == "personal"
        # a team's rule beside today's exception is cut the same way ("Lo hago hoy a las 22:00, pero la regla es
        # que los mantenimientos van siempre de 02:00 a 05:00")
        timed = bool(sentence.signals.one_off or (not personal and sentence.signals.transient))
        spans = _spans(sentence.text, _VOICE_BREAK) if personal or timed else []
        pieces = [sentence.text[s:e].strip(" ,;") for s, e in spans] if sentence.role == "user" else []
        own = [p for p in pieces if not (personal and _someone_elses(p))]
        usual = bool(own) and len(own) == len(pieces) and timed
        if usual:   # the exception's clause goes, the usual way's stays
            own = [p for p in pieces if not _timed(analyze(p)) and _USUALLY.search(fold(p))]
        if not pieces or len(own) == len(pieces) or not own:
            out.append(unit)
            continue
        text = " ".join(p.rstrip(".") + "." for p in own)
        part = replace(sentence, text=text, signals=_kept_marks(analyze(text), sentence) if usual else sentence.signals)
        out.append(builder.unit(part, unit.candidate.scope, routed_by=unit.routed_by, **common))
    return out


def _timed(signals: Signals) -> bool:
    """A clause bound to one time: a one-off ("just this once") or today's task state ("hoy a las 22:00")."""
    return bool(signals.one_off or signals.transient)


def _kept_marks(signals: Signals, sentence: Sentence) -> Signals:
    """A clause's own signals, with what the turn said of the whole sentence (an opt-out, an unbacked claim) and,
    when the clause alone names no kind, the sentence's kind as the turn read it (the team's process)."""
    return replace(signals, opted_out=sentence.signals.opted_out, unbacked=sentence.signals.unbacked,
                   categories=signals.categories or sentence.signals.categories)


def _scoped_clauses(builder: CandidateBuilder, sentence: Sentence) -> dict[str, list[str]]:
    """Scope → the clauses of a sentence that route there on their own (router, category, unrouted decision)."""
    out: dict[str, list[str]] = {}
    previous: tuple[str, ...] = ()
    preferred = sentence.role in SPEAKER_ROLES and "preference" in sentence.signals.categories
    for start, end in clause_spans(sentence.text):
        piece = sentence.text[start:end].strip(" ,;")
        own = analyze(piece).categories
        clause = replace(sentence, text=piece, signals=replace(sentence.signals, categories=own))
        scopes, _ = builder.scopes_for(clause)
        if preferred and "preference" not in own and (
                (scopes and not own and not mentions(FROM_NOW_SET, piece)) or voice_of(piece) == "self"):
            # a detail of the speaker's preference that names a topic ("…, and English only for partner documents";
            # not a rule of its own: "From now on Marta owns the landings"), or a clause that treats the speaker
            # ("When you summarize incidents for me, use bullets")
            clause = replace(clause, signals=replace(clause.signals, categories=("preference", *own)))
            scopes, _ = builder.scopes_for(clause)
        if not scopes and "decision" in own:  # a decision of its own ("…; hemos acordado compensarles")
            scopes, _ = builder.decided_scope(clause)
        if not own and previous and _EXCEPTION.search(fold(piece)):
            scopes = previous  # "…PHP 8.2 por defecto; el 8.1 solo si el cliente lo pide": the rule's exception
        previous = scopes or previous
        for scope in scopes:
            out.setdefault(scope, []).append(piece)
    return out


def split_units(builder: CandidateBuilder, units: Sequence[Unit], **common: Any) -> list[Unit]:
    """The units of a turn with each multi-scope sentence cut to the clauses of each scope. A sentence whose
    clauses all go to the same scopes stays whole; its verdict signals (markers, hedges, verification) stay the
    whole sentence's."""
    by_sentence: dict[int, list[Unit]] = {}
    for unit in units:
        by_sentence.setdefault(unit.sentence.index, []).append(unit)
    out: list[Unit] = []
    for group in by_sentence.values():
        sentence = group[0].sentence
        scoped = _scoped_clauses(builder, sentence) if len(sentence.text) < 1200 else {}
        whole = len(clause_spans(sentence.text))
        if len(scoped) == 1 and whole and len(next(iter(scoped.values()))) == whole:
            out += [u for u in group if u.candidate.scope in scoped] or group  # every clause is that scope's
            continue
        if len(scoped) < 2 or all(len(pieces) == whole for pieces in scoped.values()):
            out += group
            continue
        for scope, pieces in scoped.items():
            part = replace(sentence, text=" ".join(p.rstrip(".") + "." for p in pieces))
            out.append(builder.unit(part, scope, routed_by="router", **common))
    return out
