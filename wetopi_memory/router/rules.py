"""RuleRouter: deterministic, bilingual (ES/EN) scope routing for recall (design §7-8, A10).

The router only knows scope names. Given a message (and the tool names used this turn) it says which scopes are
likely relevant, how confident it is, which rule terms matched, and whether the user explicitly asked for memory.
No LLM, no I/O, no backends: everything is compiled once in the constructor and `route()` is pure. How text is
read is in `text.py`, how terms match in `compiled.py`, what comes out in `decision.py`.

How matched terms become scores and the chosen scopes is in `scoring.py`.

Explicit memory requests ("¿qué habíamos decidido sobre…?", "search our memory for…") are detected separately
(see `explicit_rules.EXPLICIT_TRIGGERS`); they set `explicit_memory_request` and never add scopes themselves; a
reminder phrase inside one ("remind me what we decided…") is the request, not a personal reminder. A gated trigger
counts when its own sentence ends with "?" (or the accented / clause-start forms say it is a question).

First person (`personal_rules`) is looked up only when a personal cue matched (a habit, a life domain, how to
answer): the first-person words of the message, else a Spanish first-person verb, else "me" for an answer-style cue;
without any of them the cues are dropped, so "Siempre falla el backup de los domingos" stays platform; so are
they in a message pinned to one day ("I'm hosting a dinner on Saturday") or when every "I" asks a question ("What
should I answer?"). What the router reads beyond words (resource names such as "billing-api", customer words that
only say whose a thing is, an opening "Para mí, …", the chat spelling "q") is in `matching.py`.

The word model (`word_model.py`, `word_votes.py`) may then add a scope the rules missed or drop one they chose.

Performance: everything is compiled once; `route()` does one NFKD (non-ASCII text only), one `bytes.translate`,
one `split`, one set intersection and then only touches the rule terms whose anchor word occurs (a second
translate only when a trigger or pattern needs it). Decisions are memoised by the matched terms (`scoring.py`), tool
lookups and triggers' candidates the same way; all through `memo.BoundedMemo`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Sequence
from itertools import repeat
from typing import Final

from ..config import RoutingRule, RoutingSettings
from .compiled import Term
from .decision import CONFIDENCE_CAP, NO_ROUTE, RouteDecision, RuleMatch, ScopeScore
from .everyday_senses import SET_ASIDE
from .matching import (
    ACKNOWLEDGEMENTS,
    CUSTOMER_WORDS,
    OPENER_FIRST,
    OURS,
    asks_about_self,
    asks_own_memory,
    chat_que,
    customers_only_qualify,
    drop_resource_words,
    explicit_trigger,
    match_near,
    opens_with_viewpoint,
    option_i_only,
    resource_words,
    speaks_of_ours,
)
from .personal_rules import first_person_verb, one_off_day
from .scoring import DecisionScorer
from .tables import RouterTables, router_tables
from .text import LOWER_BYTES, MAX_INPUT_CHARS, TOKEN_BYTES, UTF8_DELETE, normalize, tokenize
from .tool_names import tool_names
from .word_model import WordModel
from .word_votes import NO_BARS, PACKED_WORDS, Bars, WordVoter

# The router's public names, also importable from here as they were before the results and text moved out.
__all__ = ["CONFIDENCE_CAP", "MAX_INPUT_CHARS", "RouteDecision", "RuleMatch", "RuleRouter", "ScopeScore", "normalize",
           "tokenize"]

_I_ONLY: Final = frozenset((b"i",))
_CUSTOMER_TERMS: Final = frozenset(w.decode("ascii") for w in CUSTOMER_WORDS)
DEFAULT_CACHE_SIZE: Final = 4096
_ZEROS: Final = repeat(0)   # the default of every weight lookup: `map` stops with the words


class RuleRouter:
    """Deterministic bilingual router: message (+ tool names) -> likely scopes, confidences, matched terms."""

    def __init__(
        self,
        rules: Sequence[RoutingRule] = (),
        *,
        known_scopes: Collection[str],
        use_default_rules: bool = True,
        confidence_threshold: float = 0.5,
        high_confidence: float = 0.8,
        max_scopes: int = 3,
        cache_size: int = DEFAULT_CACHE_SIZE,
        word_model: WordModel | bool | None = True,
    ) -> None:
        """`cache_size` bounds a memo of decisions keyed by the matched rule terms (never by text); 0 disables it.
        `word_model`: True for the shipped one (only with the default rules), False/None for none, or a model."""
        if not 0.0 <= confidence_threshold <= 1.0:
            raise ValueError("confidence_threshold must be within [0, 1]")
        if not 0.0 <= high_confidence <= 1.0:
            raise ValueError("high_confidence must be within [0, 1]")
        if max_scopes < 1:
            raise ValueError("max_scopes must be at least 1")
        self._known: frozenset[str] = frozenset(known_scopes)
        unknown = sorted({rule.scope for rule in rules} - self._known)
        if unknown:
            raise ValueError(f"routing rules name unknown scopes: {', '.join(unknown)}")
        self._threshold = confidence_threshold
        self._high = high_confidence
        self._max_scopes = max_scopes

        tables = router_tables(rules, self._known, use_default_rules=use_default_rules, word_model=word_model)
        self._take(tables)
        model = tables.model
        self._voter = None if model is None else WordVoter(model, self._known, max_scopes=max_scopes,
                                                           confidence_threshold=confidence_threshold,
                                                           high_confidence=high_confidence)
        self._scorer = DecisionScorer(self._voter, confidence_threshold=confidence_threshold,
                                      high_confidence=high_confidence, max_scopes=max_scopes, cache_size=cache_size)
        self._empty_bars = self._voter.prior(NO_ROUTE) if self._voter is not None else NO_BARS

    def _take(self, tables: RouterTables) -> None:
        """Keep the shared structures `route()` reads as this router's own attributes (the hot path's lookups)."""
        self._tables = tables   # a router holds its tables alive: they are shared only weakly (`tables.py`)
        compiled = tables.compiled
        self._agents = compiled.agents
        self._rule_words = compiled.words
        self._lookup = tables.lookup
        self._model_words = tables.model_words
        self._full_words = tables.full_words
        self._triggers = tables.triggers
        self._seen_words = tables.seen_words
        self._term_words = tables.term_words
        self._customer_words = tables.customer_words
        self._weight_of = tables.weight_of
        self._patterns = compiled.patterns
        self._tool_matcher = tables.tool_matcher
        self._terms = compiled.terms
        self._routed = compiled.routed
        self._self_verb = compiled.self_verb
        self._self_cues = compiled.self_cues
        self._request_words = compiled.request_words
        self._self_words = compiled.self_words
        self._self_word_set = compiled.self_word_set
        self._first_person = compiled.first_person
        self._addressee = compiled.addressee
        self._answer_style = compiled.answer_style
        self._habits = compiled.habits
        self._opener = compiled.opener
        self._own_request = compiled.own_request
        self._names = tables.names
        self._general = tables.general
        self._tech = tables.tech

    @classmethod
    def from_settings(cls, settings: RoutingSettings, known_scopes: Collection[str]) -> RuleRouter:
        return cls(
            settings.rules,
            known_scopes=known_scopes,
            use_default_rules=settings.use_default_rules,
            confidence_threshold=settings.confidence_threshold,
            high_confidence=settings.high_confidence,
            max_scopes=settings.max_scopes_per_recall,
            word_model=settings.use_word_model,
        )

    # -------------------------------------------------------------------------------------------- introspection

    @property
    def confidence_threshold(self) -> float:
        return self._threshold

    @property
    def high_confidence(self) -> float:
        return self._high

    @property
    def max_scopes(self) -> int:
        return self._max_scopes

    @property
    def known_scopes(self) -> frozenset[str]:
        return self._known

    @property
    def anchor_words(self) -> frozenset[str]:
        """The normalised words that anchor a rule term."""
        return frozenset(word.decode("ascii") for word in self._rule_words)

    @property
    def word_model(self) -> WordModel | None:
        return None if self._voter is None else self._voter.model

    @property
    def routed_scopes(self) -> frozenset[str]:
        """Scopes that at least one (default or config) rule can route to."""
        return self._routed

    @property
    def terms(self) -> frozenset[str]:
        """Every value a `RuleMatch.term` can take: keywords, phrases, entities, pattern sources, tool globs."""
        return self._terms

    # -------------------------------------------------------------------------------------------- routing

    def route(
        self,
        text: str,
        *,
        tools: Sequence[str] = (),
        allowed_scopes: Collection[str] | None = None,
        agent: str | None = None,
    ) -> RouteDecision:
        """Route one message. Never raises on any text, tool list or agent; only the first 4000 characters are read.
        `agent` (the Hermes agent handling the turn) is a weak prior only (`near_rules.AGENT_PRIORS`)."""
        raw = text[:MAX_INPUT_CHARS] if isinstance(text, str) else ""
        if raw.isascii():   # text.encode(raw), inlined: this is the hot path
            encoded = raw.encode("ascii")
        else:
            encoded = unicodedata.normalize("NFKD", raw).encode("utf-8", "surrogatepass")
        tokens = encoded.translate(TOKEN_BYTES, UTF8_DELETE).split()
        allowed = None if allowed_scopes is None else frozenset(allowed_scopes)
        found: dict[int, Term] = {}   # rank -> term: a term counts once however often, in whatever variant
        seen = self._seen_words.intersection(tokens)   # the words a rule, the word model or a trigger knows
        if b"q" in seen:   # chat spelling: "recuérdame q acordamos…"
            encoded, tokens = chat_que(encoded, tokens)
            seen = self._seen_words.intersection(tokens)
        if hits := self._term_words.intersection(seen):   # the words that anchor a rule term
            self._match_words(hits, tokens, seen, allowed, found)
        norm = self._match_patterns(encoded, raw, allowed, found) if self._patterns else None
        if found and not self._general.isdisjoint(found) and not OURS.isdisjoint(tokens) and speaks_of_ours(tokens):
            for rank in self._general.intersection(found):   # "our cluster": not a general question
                del found[rank]
        # bytes.find, not `in`: `bytes in bytes` first reads its operand as an integer and pays for that failing
        if found and (encoded.find(b"-") >= 0 or encoded.find(b"_") >= 0) \
                and (words := resource_words(encoded, self._tech)):
            drop_resource_words(found, words, "platform")   # "billing-api" names a thing, not a business matter
        if found and not self._customer_words.isdisjoint(seen) and customers_only_qualify(tokens, self._tech):
            drop_resource_words(found, _CUSTOMER_TERMS, "platform")
        opener = self._opener
        if opener is not None and tokens and tokens[0] in OPENER_FIRST and opens_with_viewpoint(tokens) \
                and (allowed is None or opener.scope in allowed):
            found[opener.rank] = opener
        if found and not self._self_cues.isdisjoint(found):   # a personal cue counts only in the first person
            self._match_first_person(tokens, seen, found, encoded, b"" if raw.isascii() else encoded.lower())
        names = tool_names(tools) if tools else ()
        if names and self._tool_matcher is not None and (found or ACKNOWLEDGEMENTS.isdisjoint(tokens)):
            self._tool_matcher.match(names, allowed, found)
        if agent and found and isinstance(agent, str):   # a prior corroborates evidence; alone it is nothing
            prior = self._agents.get(agent.strip().casefold())
            if prior is not None and (allowed is None or prior.scope in allowed):
                found[prior.rank] = prior
        asking = self._triggers.words.intersection(seen)   # the words that anchor a trigger
        trigger = explicit_trigger(self._triggers.candidates(asking), seen, norm, encoded, raw) if asking else None
        if trigger is not None and found and not self._request_words.isdisjoint(found):
            for rank in self._request_words:   # "remind me what we decided…": the request, not a reminder
                found.pop(rank, None)
        decision, bars = self._decide(found, trigger, tokens, allowed)
        if self._voter is None:
            return decision
        return self._review(self._voter, decision, bars, seen, tokens, names, allowed)

    def _decide(self, found: dict[int, Term], trigger: str | None, tokens: list[bytes],
                allowed: frozenset[str] | None) -> tuple[RouteDecision, Bars]:
        """The rules' decision; a memory request that nothing placed and that speaks of the speaker alone ("¿Recuerdas
        qué días te dije que no estoy?") is the speaker's own."""
        if not found:
            decision = NO_ROUTE if trigger is None else RouteDecision((), (), (), True, False, False, trigger)
            bars = self._empty_bars
        else:
            decision, bars = self._scorer.decide(found, trigger)
        own = self._own_request
        if trigger is not None and not decision.scopes and own is not None and asks_own_memory(tokens) \
                and (allowed is None or own.scope in allowed):
            found[own.rank] = own
            decision, bars = self._scorer.decide(found, trigger)
        return decision, bars

    def _review(self, voter: WordVoter, decision: RouteDecision, bars: Bars, seen: frozenset[bytes],
                tokens: list[bytes], names: tuple[str, ...], allowed: frozenset[str] | None) -> RouteDecision:
        """The word model's review of the rules' decision, from the packed weights of the message's words `seen`
        summed in C (words the model does not know weigh 0; they only count towards `PACKED_WORDS`)."""
        packed = sum(map(self._weight_of, seen, _ZEROS))
        if (not names and len(seen) <= PACKED_WORDS and (packed + bars.packed) & bars.top == bars.kept
                and (bars.monotone or len(tokens) <= self._full_words)):
            return decision   # nothing for the word model to change: `Bars.might_change`, inlined (the common case)
        aside = {c.scope for c in decision.cancelled if c.sense in SET_ASIDE}
        if aside:   # "no es tema de la plataforma: …": a domain the speaker set aside is not added back
            allowed = (self._known if allowed is None else allowed) - aside
        return voter.revise(decision, bars, packed, seen, len(tokens), names, allowed)

    def _match_words(self, hits: frozenset[bytes], tokens: list[bytes], seen: frozenset[bytes],
                     allowed: frozenset[str] | None, found: dict[int, Term]) -> None:
        """Add the word terms anchored on `hits` (phrases searched in the joined tokens, their other words and the
        anchor's phrase gate in `seen`)."""
        lookup = self._lookup
        joined = b""   # the space-joined tokens, built for the first phrase whose other words all occur
        for word in sorted(hits):   # variants of a term share a rank: no hash order may pick the one kept
            single, multi, near, _, gate = lookup[word]
            if single:
                if allowed is None:
                    found.update(single)   # one-word variants of a term share its rank and carry no subsumes
                else:
                    for rank, term in single.items():
                        if term.scope in allowed:
                            found[rank] = term
            if multi and (gate is None or not gate.isdisjoint(seen)):   # no gate word: none of them can match
                for needle, term, others in multi:   # match_phrases, inlined: the cheapest tests first
                    if others <= seen and (allowed is None or term.scope in allowed):
                        joined = joined or b" " + b" ".join(tokens) + b" "
                        if joined.find(needle) >= 0:
                            found[term.rank] = term
            if near:
                match_near(near, word, tokens, allowed, found)

    def _match_first_person(self, tokens: list[bytes], seen: frozenset[bytes], found: dict[int, Term],
                            encoded: bytes, decomposed: bytes) -> None:
        """Add the first-person words of the message or, failing them, its Spanish first-person verb; without
        either (or another first-person term such as "suelo") the personal cues do not count ("Siempre falla el
        backup de los domingos" is not about the speaker)."""
        mine = self._self_word_set.intersection(seen)   # each word its own rank: their order changes nothing
        if b"i" in mine and (asks_about_self(tokens) or option_i_only(encoded)):   # "How do I…?", "curl -I"
            mine = mine - {b"i"}
            for rank in [r for r, t in found.items() if t.tokens[:1] == ("i",) or t.near_first == _I_ONLY]:
                del found[rank]   # nor its phrases: "should I always use prepare()?", "how do I write a regex"
        first: list[Term] = []
        if mine:
            first = [self._self_words[word] for word in mine]
        elif self._self_verb is not None and first_person_verb(tokens, self._names, decomposed):
            first = [self._self_verb]
        elif (me := self._addressee) is not None and not self._answer_style.isdisjoint(found) \
                and (b"me" in tokens or (not self._habits.isdisjoint(found)
                                         and all(t.scope == "personal" for t in found.values()))):
            # "no me mandes…"; "a partir de ahora respuestas cortas" with nothing of others (customers, incidents)
            first = [me]
        if first and not one_off_day(tokens, seen):   # "I'm hosting a dinner on Saturday": an errand, not a habit
            for term in first:
                found[term.rank] = term
        elif self._first_person.isdisjoint(found):
            for rank in self._self_cues.intersection(found):
                del found[rank]

    def _match_patterns(self, encoded: bytes, raw: str, allowed: frozenset[str] | None,
                        found: dict[int, Term]) -> str:
        """Add the config patterns found in the normalised or raw message; return the normalised message."""
        norm = encoded.translate(LOWER_BYTES, UTF8_DELETE).decode("ascii")
        for term in self._patterns:
            if (allowed is None or term.scope in allowed) and term.regex is not None \
                    and (term.regex.search(norm) or term.regex.search(raw)):
                found[term.rank] = term
        return norm
