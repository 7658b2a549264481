"""Memory candidates (design §14): deterministic statement analysis and the candidates built from it. No LLM.

A turn's text (the user message and the assistant's answer), an explicit `memory_retain` call or a MEMORY.md entry
is split into sentences. Each sentence is *analysed* with bilingual (ES/EN) keyword tables, all plain data in
`lexicon.py`:

* **category**: root_cause, fix, runbook, decision, preference, constraint, pricing, strategy, staffing, incident,
  relationship, architecture, process, config — or `general` when nothing matches;
* **durability markers**: strong ("we decided", "decidimos", "always", "siempre", "the root cause was", "la causa
  raíz", "from now on", "a partir de ahora", "prefiero", "I prefer", …) and weak ("remember that", "nota:", …);
* **rejection signals**: hypothesis hedges ("maybe", "I think", "quizás", "creo que", "a lo mejor", …), explicit
  lack of verification ("not verified", "sin confirmar", …), transient state ("done", "in progress", "working on
  it", "terminado", "en curso", "listo", "I restarted…", "hoy", …), filler ("thanks", "ok", "gracias",
  "perfecto", …), questions, and raw tool output (log lines, stack traces, tables, JSON, shell prompts, or lines
  whose hashes match this turn's tool output);
* **verification**: explicit markers ("verified", "confirmado", "comprobado", …) or a successful tool call of the
  same domain in this turn's evidence;
* **secrets**: the SecretGate's blocking findings that overlap the sentence (rule ids and offsets only).

Sentences are routed to scopes with the deterministic RuleRouter (one learning → one candidate per relevant scope,
each with only the sentences that belong to it; design §16). `MemoryCandidate` is immutable: identity snapshot,
scope, tags and provenance are fixed when it is created, never when it is sent (peers §F.3).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from cachetools import LRUCache

from ..identity import Identity
from ..router.decision import RouteDecision
from ..router.rules import RuleRouter
from ..secrets import DEFAULT_GATE, SecretGate
from .backing import BackingIndex
from .evidence import EMPTY_EVIDENCE, TurnEvidence
from .kinds import Category, Origin, Priority, Role, RoutedBy
from .lexicon import CATEGORY_ORDER, SUPPLIER_SET
from .raw_output import RawKind
from .scope_selection import (
    CATEGORY_FALLBACK,
    CATEGORY_SCOPE,
    SPEAKER_ROLES,
    fallback_for,
    own_scopes,
    unrouted_decision_scope,
)
from .sentences import Sentence, sentence_spans, split_sentences
from .signals import Signals, analyze, durability_of, money_value, technical_value, verification_in
from .term_matching import WORD, fold, mentions
from .voice_reading import speaks_for_self, voice_of

# A product tier named: "el límite de almacenamiento del plan Basic es de 10 GB" is a term of what we sell.
_PLAN_NAMED = re.compile(r"\bplan(?:es)?\s+[A-Z][\w-]+|\b[A-Z][\w-]+\s+plans?\b")
# A time of day: "de 8:00 a 15:00", "los martes a las 9:30" is a schedule's value, no system's.
_CLOCK = re.compile(r"\b(?:(?:a|at|to|de|desde|hasta|from|until)\s+(?:las\s+)?)?\d{1,2}:\d{2}\b")
# A preference the speaker marks as theirs, whatever it decides on the way ("And for me personally, send me every
# Monday a digest of the discounts approved…", "Para los postmortems, como norma mía: …")
_FOR_ME = re.compile(r"\b(?:for me personally|personally for me|para mi personalmente|norma mia|regla mia|my own rule"
                     r"|a rule of mine)\b")

__all__ = [
    "CATEGORY_ORDER",
    "CandidateBuilder",
    "MemoryCandidate",
    "Origin",
    "Role",
    "Sentence",
    "Signals",
    "Unit",
    "analyze",
    "document_id_for",
    "durability_of",
    "fold",
    "split_sentences",
]


def document_id_for(bank: str, content: str) -> str:
    """A stable id for a memory in a bank, so re-sending it never duplicates it (same formula as the plane's)."""
    digest = hashlib.sha256(f"{bank}\n{content.strip()}".encode()).hexdigest()
    return f"wm-{digest[:32]}"


@dataclass(frozen=True, slots=True)
class MemoryCandidate:
    """A possible memory for one scope (design §14). Immutable: everything is captured at creation time."""

    content: str
    scope: str
    category: Category
    durability: float
    confidence: float
    verified: bool
    evidence: tuple[str, ...]
    source_agent: str
    session_id: str | None
    timestamp: datetime
    tags: tuple[str, ...]
    origin: Origin = "turn"
    turn_id: str | None = None
    categories: tuple[Category, ...] = ()
    markers: tuple[str, ...] = ()
    sentences: tuple[int, ...] = ()
    secret_rules: tuple[str, ...] = ()
    secret_offsets: tuple[tuple[str, int, int], ...] = ()
    raw: RawKind | None = None
    reason: str | None = None
    priority: Priority | None = None
    user: str | None = None
    platform: str | None = None
    # The judged statement's signals (a sentence read in its turn); None: the policy analyses the content.
    signals: Signals | None = field(default=None, repr=False, compare=False)

    def to_dict(self, *, include_content: bool = False) -> dict[str, Any]:
        """Everything but the content (unless asked): safe for logs and reports."""
        out: dict[str, Any] = {
            "scope": self.scope, "category": self.category, "categories": list(self.categories),
            "durability": self.durability, "confidence": round(self.confidence, 3), "verified": self.verified,
            "evidence": list(self.evidence), "source_agent": self.source_agent, "session_id": self.session_id,
            "turn_id": self.turn_id, "timestamp": self.timestamp.isoformat(), "tags": list(self.tags),
            "origin": self.origin, "markers": list(self.markers), "sentences": list(self.sentences),
        }
        if self.priority:
            out["priority"] = self.priority
        if include_content and not self.secret_rules:
            out["content"] = self.content
        return out


@dataclass(frozen=True, slots=True)
class Unit:
    """One sentence proposed to one scope: the smallest thing the policy judges in a turn or an import."""

    sentence: Sentence
    candidate: MemoryCandidate
    routed_by: RoutedBy


def _utcnow() -> datetime:
    return datetime.now(UTC)


class CandidateBuilder:
    """Builds candidates from turns, explicit calls and imported entries. Pure: no I/O, no clock but `clock`."""

    def __init__(self, router: RuleRouter, *, gate: SecretGate = DEFAULT_GATE, source_agent: str = "wetopi-memory",
                 clock: Callable[[], datetime] = _utcnow, max_sentences: int = 200) -> None:
        self.router = router
        self.gate = gate
        self.source_agent = source_agent
        self.clock = clock
        self.max_sentences = max_sentences
        self._routes: LRUCache[str, RouteDecision] = LRUCache(maxsize=512)
        self._backing = BackingIndex(router)

    # ---------------------------------------------------------------------------------------- sentences

    def sentences(self, text: str, role: Role, *, first_index: int = 0,
                  tool_line_hashes: frozenset[int] = frozenset()) -> list[Sentence]:
        """Split and analyse a source text; blocking secret findings are mapped onto the sentences they touch."""
        if not isinstance(text, str) or not text.strip():
            return []
        findings = self.gate.blocking(self.gate.scan(text))
        spans, pasted = sentence_spans(text)
        out: list[Sentence] = []
        for start, end in spans[: self.max_sentences]:
            piece = text[start:end]
            touching = [f for f in findings if f.start < end and f.end > start]
            rules = tuple(dict.fromkeys(f.rule_id for f in touching))
            offsets = tuple((f.rule_id, max(f.start - start, 0), min(f.end, end) - start) for f in touching)
            signals = analyze(piece, tool_line_hashes=tool_line_hashes)
            if (start, end) == pasted and not signals.raw:
                signals = replace(signals, raw="pasted-output")
            out.append(Sentence(index=first_index + len(out), role=role, text=piece, start=start, end=end,
                                signals=signals, secret_rules=rules, secret_offsets=offsets))
        return out

    # ---------------------------------------------------------------------------------------- routing

    def scopes_for(self, sentence: Sentence) -> tuple[tuple[str, ...], RoutedBy | None]:
        """Scopes one sentence belongs to, and how they were found (None when it belongs to none)."""
        known = self.router.known_scopes
        routed = list(self._route(sentence.text).scope_names)
        categories = sentence.signals.categories
        speaker = sentence.role in SPEAKER_ROLES
        if speaker and "preference" in categories and "personal" in known and (
                "decision" not in categories or _FOR_ME.search(fold(sentence.text))):
            return ("personal",), "category"  # the speaker's preference is theirs, whatever it mentions
        routed = own_scopes(routed, categories, speaker=speaker, known=known,
                            technical_values=technical_value(sentence.text), voice=voice_of(sentence.text),
                            supplier=mentions(SUPPLIER_SET, sentence.text))
        extra = [CATEGORY_SCOPE[c] for c in categories if c in CATEGORY_SCOPE and CATEGORY_SCOPE[c] in known
                 and (speaker or c != "preference")]
        scopes = list(dict.fromkeys(routed + extra))
        if scopes:
            return tuple(scopes), "router" if routed else "category"
        # a value alone ("validity is 30 days") is no platform configuration: a business rule has durations too
        fallback = [CATEGORY_FALLBACK[c] for c in categories if c in CATEGORY_FALLBACK and CATEGORY_FALLBACK[c] in known
                    and (c != "config" or technical_value(sentence.text))]
        if fallback:
            return (fallback[0],), "category"
        return (), None

    def decided_scope(self, sentence: Sentence) -> tuple[tuple[str, ...], RoutedBy | None]:
        """A durable decision that neither the router nor the turn placed: its organisation's (business)."""
        scope = unrouted_decision_scope(sentence.signals.categories, speaker=sentence.role in SPEAKER_ROLES,
                                        technical_values=technical_value(sentence.text),
                                        values=sentence.signals.fact and analyze(_CLOCK.sub(" ", sentence.text)).fact,
                                        known=self.router.known_scopes,
                                        for_self=speaks_for_self(sentence.text),
                                        money=money_value(sentence.text)
                                        or _PLAN_NAMED.search(sentence.text) is not None)
        return ((scope,), "category") if scope else ((), None)

    def context_scopes(self, texts: Sequence[str], tools: Sequence[str] = ()) -> tuple[str, ...]:
        """The scopes of a whole turn or entry, for sentences that route nowhere on their own."""
        joined = "\n".join(t for t in texts if isinstance(t, str))
        return self.router.route(joined, tools=tools).scope_names

    def asks_memory(self, text: str) -> bool:
        """Whether a message asks to read memory: what answers it is recalled, not learnt."""
        return self._route(text).explicit_memory_request

    def routed_scopes(self, text: str) -> tuple[str, ...]:
        """The scopes the router alone gives a sentence."""
        return self._route(text).scope_names

    def _route(self, text: str) -> RouteDecision:
        """The router's decision for a sentence, remembered for the few calls a turn makes about it."""
        decision = self._routes.get(text)
        if decision is None:
            decision = self._routes[text] = self.router.route(text)
        return decision

    # ---------------------------------------------------------------------------------------- verification

    def checks_elsewhere(self, evidence: TurnEvidence) -> bool:
        """Whether the turn's tools all act in other domains than the platform's (a calendar move is no fix)."""
        return self._backing.all_elsewhere(evidence, "platform")

    def supports(self, sentence: Sentence, scope: str, evidence: TurnEvidence) -> tuple[str, ...]:
        """Evidence refs of successful tool calls that back a sentence in a scope (same domain, last call ok)."""
        return self._backing.supports(sentence.text, scope, evidence)

    # ---------------------------------------------------------------------------------------- units

    def units(self, sentences: Sequence[Sentence], *, origin: Origin, fallback: Sequence[str] = (),
              evidence: TurnEvidence = EMPTY_EVIDENCE, identity: Identity | None = None,
              session_id: str | None = None, turn_id: str | None = None, source_agent: str | None = None,
              priority: Priority | None = None, tags: Sequence[str] = (),
              platform: str | None = None) -> tuple[list[Unit], list[Sentence]]:
        """One unit per (sentence, scope); sentences that no rule, category or fallback routes come back apart."""
        units: list[Unit] = []
        unrouted: list[Sentence] = []
        now = self.clock()
        for sentence in sentences:
            scopes, how = self.scopes_for(sentence)
            if not scopes and fallback:
                own = (fallback_for(fallback, sentence.signals.categories, technical_values=technical_value(
                    sentence.text)) if origin == "turn" else tuple(fallback))
                scopes, how = own, "fallback"
            if not scopes and origin == "turn":
                scopes, how = self.decided_scope(sentence)
            if not scopes or how is None:
                unrouted.append(sentence)
                continue
            for scope in scopes:
                units.append(self.unit(sentence, scope, origin=origin, routed_by=how, evidence=evidence,
                                       identity=identity, session_id=session_id, turn_id=turn_id,
                                       source_agent=source_agent, priority=priority, tags=tags, platform=platform,
                                       now=now))
        return units, unrouted

    def unit(self, sentence: Sentence, scope: str, *, origin: Origin, routed_by: RoutedBy = "explicit",
             evidence: TurnEvidence = EMPTY_EVIDENCE, identity: Identity | None = None,
             session_id: str | None = None, turn_id: str | None = None, source_agent: str | None = None,
             priority: Priority | None = None, tags: Sequence[str] = (), platform: str | None = None,
             now: datetime | None = None) -> Unit:
        """The candidate of one sentence for one scope (identity, provenance and time captured now)."""
        signals = sentence.signals
        refs = self.supports(sentence, scope, evidence)
        confidence = {s.scope: s.confidence for s in self._route(sentence.text).all_scores}
        # the speaker's own rule is their preference in the personal scope ("como norma mía: … causa raíz …")
        own_rule = scope == "personal" and "preference" in signals.categories and _FOR_ME.search(fold(sentence.text))
        category = "preference" if own_rule else signals.category
        candidate = MemoryCandidate(
            content=sentence.text.strip(), scope=scope, category=category,
            durability=durability_of(signals, origin=origin, priority=priority),
            confidence=confidence.get(scope, 0.5), verified=self._verified(signals, origin=origin, refs=refs),
            evidence=refs, source_agent=source_agent or self.source_agent, session_id=session_id,
            timestamp=now or self.clock(), tags=_tags(scope, category, origin, priority, tags),
            origin=origin, turn_id=turn_id, categories=signals.categories or ("general",),
            markers=signals.markers(), sentences=(sentence.index,), secret_rules=sentence.secret_rules,
            secret_offsets=sentence.secret_offsets, raw=signals.raw, priority=priority,
            user=_user_of(identity), platform=platform, signals=signals)
        return Unit(sentence=sentence, candidate=candidate, routed_by=routed_by)

    @staticmethod
    def _verified(signals: Signals, *, origin: Origin, refs: Sequence[str] = (), confidence: float | None = None,
                  reason: str | None = None) -> bool:
        """Whether a candidate counts as verified: a marker or backing evidence, or its origin vouches for it."""
        if signals.unverified or signals.hedges:
            return False
        if signals.verified or refs:
            return True
        if origin == "import":
            return True  # MEMORY.md entries are curated notes
        if origin == "explicit":
            if confidence is not None and confidence >= 0.9:
                return True
            return bool(reason) and verification_in(reason or "")
        return False

    def merge(self, units: Sequence[Unit]) -> MemoryCandidate:
        """The scope's candidate of a turn or an entry: its sentences, in order, once each."""
        if not units:
            raise ValueError("merge needs at least one unit")
        ordered = sorted(units, key=lambda u: u.sentence.index)
        seen: set[str] = set()
        texts: list[str] = []
        for unit in ordered:
            key = " ".join(WORD.findall(fold(unit.candidate.content)))
            if key in seen:
                continue
            seen.add(key)
            texts.append(unit.candidate.content)
        best = max(ordered, key=lambda u: (u.candidate.durability, -u.sentence.index))
        first = ordered[0].candidate
        categories = tuple(dict.fromkeys(c for u in ordered for c in u.candidate.categories))
        return replace(
            first, content=" ".join(texts), signals=None, category=best.candidate.category, categories=categories,
            durability=max(u.candidate.durability for u in ordered),
            confidence=max(u.candidate.confidence for u in ordered),
            verified=any(u.candidate.verified for u in ordered),
            evidence=tuple(dict.fromkeys(r for u in ordered for r in u.candidate.evidence)),
            tags=tuple(dict.fromkeys(t for u in ordered for t in u.candidate.tags)),
            markers=tuple(dict.fromkeys(m for u in ordered for m in u.candidate.markers)),
            sentences=tuple(u.sentence.index for u in ordered),
            secret_rules=tuple(dict.fromkeys(r for u in ordered for r in u.candidate.secret_rules)),
            secret_offsets=tuple(o for u in ordered for o in u.candidate.secret_offsets),
            raw=next((u.candidate.raw for u in ordered if u.candidate.raw), None))

    # ---------------------------------------------------------------------------------------- explicit

    def explicit(self, content: str, scope: str, *, identity: Identity | None = None, reason: str | None = None,
                 confidence: float | None = None, tags: Sequence[str] = (), session_id: str | None = None,
                 source_agent: str | None = None, platform: str | None = None,
                 context: str | None = None) -> MemoryCandidate:
        """The candidate of an explicit `memory_retain` call: the caller chose the scope and vouches for it.
        Every stored field is scanned: a secret in `reason`, `context` or a tag rejects the item like one in
        `content` (offsets are kept for `content` only)."""
        text = content.strip() if isinstance(content, str) else ""
        signals = analyze(text)
        findings = self.gate.blocking(self.gate.scan(text))
        stored_fields = [f for f in (reason, context, *tags) if isinstance(f, str) and f]
        field_rules = [f.rule_id for field in stored_fields for f in self.gate.blocking(self.gate.scan(field))]
        return MemoryCandidate(
            content=text, scope=scope, category=signals.category,
            durability=durability_of(signals, origin="explicit"),
            confidence=float(confidence) if confidence is not None else 0.9,
            verified=self._verified(signals, origin="explicit", confidence=confidence, reason=reason),
            evidence=(), source_agent=source_agent or self.source_agent, session_id=session_id,
            timestamp=self.clock(), tags=_tags(scope, signals.category, "explicit", None, tags), origin="explicit",
            categories=signals.categories or ("general",), markers=signals.markers(),
            secret_rules=tuple(dict.fromkeys([f.rule_id for f in findings] + field_rules)),
            secret_offsets=tuple((f.rule_id, f.start, f.end) for f in findings), raw=signals.raw,
            reason=reason[:500] if isinstance(reason, str) and reason else None,
            user=_user_of(identity), platform=platform)


def _user_of(identity: Identity | None) -> str | None:
    return identity.internal_user_id if identity is not None else None


def _tags(scope: str, category: Category, origin: Origin, priority: Priority | None,
          extra: Sequence[str]) -> tuple[str, ...]:
    tags = [f"scope:{scope}", f"category:{category}", f"origin:{origin}"]
    if priority:
        tags.append(f"priority:{priority}")
    tags += [t for t in extra if isinstance(t, str) and t]
    return tuple(dict.fromkeys(tags))
