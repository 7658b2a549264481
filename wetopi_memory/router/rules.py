"""RuleRouter: deterministic, bilingual (ES/EN) scope routing for recall (design §7-8, A10).

The router only knows scope names. Given a message (and the tool names used this turn) it says which scopes are
likely relevant, how confident it is, which rule terms matched, and whether the user explicitly asked for memory.
No LLM, no I/O, no backends: everything is compiled once in the constructor and `route()` is pure.

Normalisation
-------------
Only the first `MAX_INPUT_CHARS` characters are read. The text is NFKD-decomposed, combining diacritics
(U+0300-U+036F) are dropped, every other non-ASCII character becomes a space and ASCII is lowercased:
"Configuración" -> "configuracion", "QUÉ DECIDÍ" -> "que decidi", "ñ" -> "n", "ＫＵＢＥＲＮＥＴＥＳ" -> "kubernetes";
emoji, other scripts and typographic quotes and dashes separate words ("I’d" -> "i d"). This is done at C speed:
NFKD, UTF-8 encoding, then one `bytes.translate` that deletes UTF-8 continuation bytes and the lead bytes of
U+0300-U+037F and turns all other lead bytes into spaces. Word tokens are the runs of `[a-z0-9]`; everything else
(spaces, punctuation, control characters) separates them. Rule terms go through the same steps.

Matching
--------
- Terms match whole words only: "dns" does not match "dnsmasq" (which is its own term), "ceph" does not match
  inside "cephalopod", "502" not inside "5023". Multi-word terms match consecutive tokens whatever the punctuation
  between them ("ci/cd" = "ci-cd" = "ci cd"; "argo cd" != "argocd", so both are listed).
- Keywords (and nothing else) also match simple plurals of their last word: +s; +es after s/x/z/ch/sh, r/n/l, or
  d in words longer than four letters (proveedor -> proveedores, clúster -> clústeres, margen -> márgenes,
  vulnerabilidad -> vulnerabilidades, but pod -/-> "podes"); z -> ces (vez -> veces); consonant+y -> ies
  (policy -> policies). Words shorter than three letters or containing digits are never inflected.
- Phrases and entities match exactly. Tool rules are fnmatch globs over tool names (case-insensitive). User
  `patterns` are regular expressions compiled with re.IGNORECASE and searched in the normalised message and,
  failing that, in the raw (truncated) one. They are operator configuration, trusted like code: Python's `re`
  has no timeout, so a catastrophically backtracking pattern such as `(a+)+b` can stall `route()`.
- Lookup is one C-level set intersection between the message tokens and the set of term anchors (a term's
  rarest-looking word); only the few anchors present are verified (multi-word terms by a substring search in the
  space-joined tokens), so cost barely depends on the number of rules.

Scoring
-------
Each distinct matched term adds its rule's weight to the rule's scope, once however often it occurs. When a
matched term is a contiguous part of a longer matched term of the same scope, only the longer one counts ("yo
prefiero" does not also count "prefiero"; "balanceador de carga" does not also count "balanceador"). The summed
weight `s` becomes `confidence = 1 - exp(-s)` (capped at 0.9999): one STRONG (1.0) term -> 0.63, two -> 0.86,
three -> 0.95; a WEAK (0.4) term alone -> 0.33. A config rule with the default weight 1.0 behaves like a STRONG
term. Scopes with confidence >= `confidence_threshold` are suggested, best first (ties by name), at most
`max_scopes`; `high_confidence` is set when the best suggested scope reaches the `high_confidence` setting.

Explicit memory requests ("¿qué habíamos decidido sobre…?", "search our memory for…") are detected separately
(see `default_rules.EXPLICIT_TRIGGERS`); they set `explicit_memory_request` and never add scopes themselves.

Performance: everything is compiled once; `route()` does one NFKD (non-ASCII text only), one `bytes.translate`,
one `split`, one set intersection and then only touches the rule terms whose anchor word occurs (the normalised
text with punctuation, a second translate, is built only when an explicit-request trigger or a user pattern
needs it). Decisions are memoised in a bounded
dict keyed by the set of matched rule terms and the explicit trigger (never by text), so recurring combinations
skip scoring; `cache_size=0` turns that off. Tool-name lookups and (scope, summed weight) -> ScopeScore are
memoised the same way. The memos are bounded (cleared when full) and safe to share between threads (plain dict
operations, immutable values).

Privacy: `RuleMatch.term` is always the term as written in the rule (or the pattern/glob source), never a slice
of the message, so decisions can be logged (design §31-32: never user_message).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from fnmatch import translate as glob_to_regex
from operator import attrgetter
from typing import Any, Final

from ..config import RoutingRule, RoutingSettings
from .default_rules import DEFAULT_RULES, EXPLICIT_TRIGGERS, STOPWORDS, DefaultRule, ExplicitTrigger

MAX_INPUT_CHARS: Final = 4000
MAX_TOOLS: Final = 64
MAX_TOOL_NAME_CHARS: Final = 200
CONFIDENCE_CAP: Final = 0.9999

# bytes.translate over NFKD text encoded as UTF-8: `_UTF8_DELETE` removes continuation bytes (0x80-0xBF) and the
# lead bytes 0xCC/0xCD of U+0300-U+037F (combining diacritics); both tables turn every other lead byte into a
# space. `_LOWER_BYTES` lowercases ASCII and keeps punctuation (the normalised text); `_TOKEN_BYTES` keeps only
# [a-z0-9] (A-Z lowercased) and turns everything else into spaces (the text to split into tokens).
_UTF8_DELETE: Final = bytes(range(0x80, 0xC0)) + b"\xcc\xcd"
_LOWER_BYTES: Final = bytes(c + 32 if 65 <= c <= 90 else c if c < 0x80 else 32 for c in range(256))
_TOKEN_BYTES: Final = bytes(
    c + 32 if 65 <= c <= 90 else c if (97 <= c <= 122 or 48 <= c <= 57) else 32 for c in range(256)
)
_CLAUSE_END = frozenset(".!?;:,\n\r\t-()[]\"'")


def _best_first(score: ScopeScore) -> tuple[float, str]:
    return (-score.confidence, score.scope)


def _encode(text: str) -> bytes:
    """`text` as bytes ready for the tables above: ASCII as is, anything else NFKD-decomposed UTF-8."""
    if text.isascii():
        return text.encode("ascii")
    return unicodedata.normalize("NFKD", text).encode("utf-8", "surrogatepass")


def normalize(text: str) -> str:
    """Lowercase, accents stripped (NFKD minus combining marks), other non-ASCII characters as spaces."""
    return _encode(text).translate(_LOWER_BYTES, _UTF8_DELETE).decode("ascii")


def tokenize(text: str) -> list[str]:
    """The word tokens of `text` after `normalize`, in order."""
    return _encode(text).translate(_TOKEN_BYTES, _UTF8_DELETE).decode("ascii").split()


def _inflections(tokens: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The term itself plus simple plurals of its last word (see module docstring)."""
    variants = [tokens]
    last = tokens[-1]
    if len(last) < 3 or not last.isalpha():
        return variants
    forms: list[str] = []
    if last.endswith(("s", "x", "z", "ch", "sh")):
        forms.append(last + "es")
        if last[-1] == "z":
            forms.append(last[:-1] + "ces")
    else:
        forms.append(last + "s")
        if last[-1] in "rnl" or (last[-1] == "d" and len(last) > 4):
            forms.append(last + "es")
        elif last[-1] == "y" and last[-2] not in "aeiou":
            forms.append(last[:-1] + "ies")
    variants += [(*tokens[:-1], form) for form in forms]
    return variants


def _anchor(tokens: tuple[str, ...]) -> str:
    """The token a multi-word term is looked up by: the longest non-stopword (first on ties)."""
    return max(tokens, key=lambda token: (token not in STOPWORDS, len(token)))


def _subsequences(tokens: tuple[str, ...]) -> Iterable[tuple[str, ...]]:
    """Every proper contiguous sub-sequence of `tokens`."""
    n = len(tokens)
    for width in range(1, n):
        for start in range(n - width + 1):
            yield tokens[start:start + width]


# ------------------------------------------------------------------------------------------------ results


@dataclass(frozen=True, slots=True)
class ScopeScore:
    """One scope's routing result: `confidence` in [0, 1) derived from `score`, the summed rule weight."""

    scope: str
    confidence: float
    score: float


@dataclass(frozen=True, slots=True)
class RuleMatch:
    """One matched rule term. `term` is the rule's own text (keyword, phrase, entity, pattern or tool glob);
    `rule` is `default:<name>` for built-in rules or `rules[<index>]` for `routing.rules` in config.yaml."""

    scope: str
    rule: str
    kind: str
    term: str


@dataclass(frozen=True, slots=True)
class RouteDecision:
    """What the router suggests for one message."""

    scopes: tuple[ScopeScore, ...]
    all_scores: tuple[ScopeScore, ...]
    matches: tuple[RuleMatch, ...]
    explicit_memory_request: bool
    confident: bool
    high_confidence: bool
    explicit_trigger: str | None = None

    @property
    def scope_names(self) -> tuple[str, ...]:
        return tuple(s.scope for s in self.scopes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "scopes": [{"scope": s.scope, "confidence": round(s.confidence, 4)} for s in self.scopes],
            "explicit_memory_request": self.explicit_memory_request,
            "matches": [{"scope": m.scope, "rule": m.rule, "term": m.term} for m in self.matches],
        }


_EMPTY = RouteDecision(scopes=(), all_scores=(), matches=(), explicit_memory_request=False, confident=False,
                       high_confidence=False)

# Hot-path constructors: a frozen dataclass __init__ goes through object.__setattr__ once per field (~1 µs per
# object here); writing the slots through their descriptors builds the very same immutable objects ~3x faster.
_new_object = object.__new__
_SCORE_SLOTS = tuple(getattr(ScopeScore, name).__set__ for name in ("scope", "confidence", "score"))
_DECISION_SLOTS = tuple(
    getattr(RouteDecision, name).__set__
    for name in ("scopes", "all_scores", "matches", "explicit_memory_request", "confident", "high_confidence",
                 "explicit_trigger")
)


def _new_score(scope: str, confidence: float, score: float) -> ScopeScore:
    obj: ScopeScore = _new_object(ScopeScore)
    set_scope, set_confidence, set_score = _SCORE_SLOTS
    set_scope(obj, scope)
    set_confidence(obj, confidence)
    set_score(obj, score)
    return obj


def _new_decision(scopes: tuple[ScopeScore, ...], all_scores: tuple[ScopeScore, ...], matches: tuple[RuleMatch, ...],
                  explicit: bool, confident: bool, high: bool, trigger: str | None) -> RouteDecision:
    obj: RouteDecision = _new_object(RouteDecision)
    set_scopes, set_all, set_matches, set_explicit, set_confident, set_high, set_trigger = _DECISION_SLOTS
    set_scopes(obj, scopes)
    set_all(obj, all_scores)
    set_matches(obj, matches)
    set_explicit(obj, explicit)
    set_confident(obj, confident)
    set_high(obj, high)
    set_trigger(obj, trigger)
    return obj


# ------------------------------------------------------------------------------------------------ compiled rules

_Key = tuple[str, str, str]   # (rule id, kind, term): one rule term, whatever variant of it matched
DEFAULT_CACHE_SIZE: Final = 4096
TOOL_CACHE_SIZE: Final = 1024
SCORE_MEMO_SIZE: Final = 1024


@dataclass(frozen=True, slots=True, eq=False)
class _Term:
    """One compiled (variant of a) rule term."""

    key: _Key
    scope: str
    weight: float
    match: RuleMatch
    rank: int = 0                       # identity of the rule term and its place in (scope, rule, kind, term) order
    tokens: tuple[str, ...] = ()
    needle: bytes | None = None         # b" w1 w2 " for multi-word terms, searched in the joined tokens
    regex: re.Pattern[str] | None = None
    subsumes: frozenset[int] = field(default_factory=frozenset)   # ranks of the same-scope terms it contains


@dataclass(frozen=True, slots=True)
class _Trigger:
    name: str
    regex: re.Pattern[str]
    gated: bool
    clause_start: bool
    accented: re.Pattern[str] | None
    requires: frozenset[bytes]
    order: int


@dataclass(frozen=True, slots=True)
class _RuleSpec:
    """A default or config rule, flattened to what the compiler needs."""

    rule_id: str
    scope: str
    weight: float
    keywords: tuple[str, ...] = ()
    phrases: tuple[str, ...] = ()
    entities: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()
    tools: tuple[str, ...] = ()


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
    ) -> None:
        """`cache_size` bounds a memo of decisions keyed by the set of matched rule terms (never by text);
        0 disables it. Decisions are immutable, so sharing them is safe."""
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
        self._cache_size = max(0, cache_size)
        self._cache: dict[tuple[frozenset[int], str | None], RouteDecision] = {}
        self._tool_cache: dict[str, tuple[_Term, ...]] = {}
        self._score_memo: dict[tuple[str, float], ScopeScore] = {}

        specs: list[_RuleSpec] = []
        if use_default_rules:
            specs += [self._default_spec(rule) for rule in DEFAULT_RULES if rule.scope in self._known]
        specs += [
            _RuleSpec(f"rules[{index}]", rule.scope, rule.weight, rule.keywords, rule.phrases, rule.entities,
                      rule.patterns, rule.tools)
            for index, rule in enumerate(rules)
        ]
        self._compile(specs)
        self._compile_explicit(EXPLICIT_TRIGGERS)

    @classmethod
    def from_settings(cls, settings: RoutingSettings, known_scopes: Collection[str]) -> RuleRouter:
        return cls(
            settings.rules,
            known_scopes=known_scopes,
            use_default_rules=settings.use_default_rules,
            confidence_threshold=settings.confidence_threshold,
            high_confidence=settings.high_confidence,
            max_scopes=settings.max_scopes_per_recall,
        )

    # -------------------------------------------------------------------------------------------- compile

    @staticmethod
    def _default_spec(rule: DefaultRule) -> _RuleSpec:
        return _RuleSpec(f"default:{rule.name}", rule.scope, rule.weight, keywords=rule.keywords,
                         phrases=rule.phrases, tools=rule.tools)

    def _compile(self, specs: Sequence[_RuleSpec]) -> None:
        words: list[_Term] = []       # token-sequence terms (keywords, phrases, entities), one per variant
        patterns: list[_Term] = []
        tools: list[_Term] = []
        seen: set[tuple[str, tuple[str, ...]]] = set()

        def term(spec: _RuleSpec, kind: str, text: str, **extra: Any) -> _Term:
            return _Term((spec.rule_id, kind, text), spec.scope, spec.weight,
                         RuleMatch(spec.scope, spec.rule_id, kind, text), **extra)

        for spec in specs:
            groups = [("keyword", t, True) for t in spec.keywords]
            groups += [("phrase", t, False) for t in spec.phrases] + [("entity", t, False) for t in spec.entities]
            for kind, text, inflect in groups:
                tokens = tuple(tokenize(text))
                if not tokens:
                    continue
                for variant in _inflections(tokens) if inflect else [tokens]:
                    if (spec.rule_id, variant) in seen:   # the same words twice in one rule count once
                        continue
                    seen.add((spec.rule_id, variant))
                    needle = f" {' '.join(variant)} ".encode("ascii") if len(variant) > 1 else None
                    words.append(term(spec, kind, text, tokens=variant, needle=needle))
            patterns += [term(spec, "pattern", p, regex=re.compile(p, re.IGNORECASE)) for p in spec.patterns]
            for glob in spec.tools:
                name = glob.strip().casefold()
                if name:
                    tools.append(term(spec, "tool", glob, regex=re.compile(glob_to_regex(name))))

        # Rank every term by (scope, rule, kind, term): matches come out in that order and weights are summed in
        # that order, so decisions are identical across runs and processes (set order depends on hash seeds).
        every = words + patterns + tools
        rank = {key: i for i, key in enumerate(sorted({(t.scope, *t.key) for t in every}))}
        by_scope_tokens: dict[tuple[str, tuple[str, ...]], set[int]] = {}
        for t in words:
            by_scope_tokens.setdefault((t.scope, t.tokens), set()).add(rank[(t.scope, *t.key)])

        def finish(t: _Term) -> _Term:
            own = rank[(t.scope, *t.key)]
            subsumed: set[int] = set()
            for sub in _subsequences(t.tokens):
                subsumed |= by_scope_tokens.get((t.scope, sub), set())
            subsumed.discard(own)
            return _Term(t.key, t.scope, t.weight, t.match, own, t.tokens, t.needle, t.regex, frozenset(subsumed))

        index: dict[bytes, list[_Term]] = {}
        for t in map(finish, words):
            index.setdefault(_anchor(t.tokens).encode("ascii"), []).append(t)
        self._index: dict[bytes, tuple[_Term, ...]] = {k: tuple(v) for k, v in index.items()}
        self._anchors: frozenset[bytes] = frozenset(self._index)
        self._patterns: tuple[_Term, ...] = tuple(map(finish, patterns))
        self._tools: tuple[_Term, ...] = tuple(map(finish, tools))
        self._tools_any: re.Pattern[str] | None = (
            re.compile("|".join(f"(?:{t.regex.pattern})" for t in tools if t.regex)) if tools else None
        )
        self._terms: frozenset[str] = frozenset(t.match.term for t in every)
        self._routed: frozenset[str] = frozenset(t.scope for t in every)

    def _compile_explicit(self, triggers: Sequence[ExplicitTrigger]) -> None:
        by_anchor: dict[bytes, list[_Trigger]] = {}
        required: set[bytes] = set()
        for order, trigger in enumerate(triggers):
            accented = re.compile(trigger.accented) if trigger.accented else None
            requires = frozenset(word.encode("ascii") for word in trigger.requires)
            compiled = _Trigger(trigger.name, re.compile(trigger.pattern), trigger.gated, trigger.clause_start,
                                accented, requires, order)
            required |= requires
            for anchor in trigger.anchors:
                by_anchor.setdefault(anchor.encode("ascii"), []).append(compiled)
        self._explicit_by_anchor: dict[bytes, tuple[_Trigger, ...]] = {k: tuple(v) for k, v in by_anchor.items()}
        # One lookup for everything anchored on a word: {rank: term} of its one-word terms (merged into the
        # matches with a single dict.update), its multi-word terms (verified in the joined tokens), its triggers.
        self._lookup: dict[bytes, tuple[dict[int, _Term], tuple[_Term, ...], tuple[_Trigger, ...]]] = {}
        for word in self._anchors | frozenset(by_anchor) | required:
            terms = self._index.get(word, ())
            self._lookup[word] = ({t.rank: t for t in terms if t.needle is None},
                                  tuple(t for t in terms if t.needle is not None),
                                  self._explicit_by_anchor.get(word, ()))
        self._words: frozenset[bytes] = frozenset(self._lookup)

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
    ) -> RouteDecision:
        """Route one message. Never raises on any text or tool list; only the first 4000 characters are read."""
        raw = text[:MAX_INPUT_CHARS] if isinstance(text, str) else ""
        if raw.isascii():   # _encode(raw), inlined: this is the hot path
            encoded = raw.encode("ascii")
        else:
            encoded = unicodedata.normalize("NFKD", raw).encode("utf-8", "surrogatepass")
        tokens = encoded.translate(_TOKEN_BYTES, _UTF8_DELETE).split()
        allowed = None if allowed_scopes is None else frozenset(allowed_scopes)
        found: dict[int, _Term] = {}   # rank -> term: a term counts once however often, in whatever variant
        triggers: list[_Trigger] = []

        hits = self._words.intersection(tokens)
        if hits:
            joined: bytes | None = None
            lookup = self._lookup
            for word in hits:
                single, multi, word_triggers = lookup[word]
                if single:
                    if allowed is None:
                        found.update(single)   # one-word variants of a term share its rank and carry no subsumes
                    else:
                        for rank, term in single.items():
                            if term.scope in allowed:
                                found[rank] = term
                for term in multi:
                    if term.rank in found or (allowed is not None and term.scope not in allowed):
                        continue
                    if joined is None:
                        joined = b" " + b" ".join(tokens) + b" "
                    if term.needle is not None and term.needle in joined:
                        found[term.rank] = term
                if word_triggers:
                    triggers += word_triggers
        norm: str | None = None
        if self._patterns:
            norm = encoded.translate(_LOWER_BYTES, _UTF8_DELETE).decode("ascii")
            for term in self._patterns:
                if (allowed is None or term.scope in allowed) and term.regex is not None \
                        and (term.regex.search(norm) or term.regex.search(raw)):
                    found[term.rank] = term
        if tools and self._tools_any is not None:
            self._match_tools(self._tools_any, tools, allowed, found)

        trigger = self._explicit(triggers, hits, norm, encoded, raw) if triggers else None
        if not found:
            return _EMPTY if trigger is None else RouteDecision((), (), (), True, False, False, trigger)
        if not self._cache_size:
            return self._decide(found, trigger)
        key = (frozenset(found), trigger)
        decision = self._cache.get(key)
        if decision is None:
            if len(self._cache) >= self._cache_size:
                self._cache.clear()
            decision = self._cache[key] = self._decide(found, trigger)
        return decision

    def _match_tools(self, any_tool: re.Pattern[str], tools: Sequence[str], allowed: frozenset[str] | None,
                     found: dict[int, _Term]) -> None:
        try:
            names = [tools] if isinstance(tools, str) else list(tools[:MAX_TOOLS])
        except Exception:   # not a sequence: no tool evidence rather than an error
            return
        cache = self._tool_cache
        for name in names:
            if not isinstance(name, str):
                continue
            name = name[:MAX_TOOL_NAME_CHARS].strip().casefold()
            terms = cache.get(name)
            if terms is None:
                terms = ()
                if any_tool.match(name):
                    terms = tuple(t for t in self._tools if t.regex is not None and t.regex.match(name))
                if len(cache) >= TOOL_CACHE_SIZE:
                    cache.clear()
                cache[name] = terms
            for term in terms:
                if allowed is None or term.scope in allowed:
                    found[term.rank] = term

    def _explicit(self, triggers: list[_Trigger], words: frozenset[bytes], norm: str | None, encoded: bytes,
                  raw: str) -> str | None:
        candidates = {t for t in triggers if t.requires <= words}
        if not candidates:
            return None
        if norm is None:
            norm = encoded.translate(_LOWER_BYTES, _UTF8_DELETE).decode("ascii")
        for trigger in sorted(candidates, key=attrgetter("order")):
            match = trigger.regex.search(norm)
            if match is not None and (not trigger.gated or self._reads_as_question(trigger, norm, raw, match.start())):
                return trigger.name
        return None

    @staticmethod
    def _reads_as_question(trigger: _Trigger, norm: str, raw: str, start: int) -> bool:
        if "?" in raw or "¿" in raw or "？" in raw:
            return True
        if trigger.clause_start:
            before = norm[:start].rstrip()
            if not before or before[-1] in _CLAUSE_END:
                return True
        return trigger.accented is not None and trigger.accented.search(
            unicodedata.normalize("NFC", raw.casefold())) is not None

    def _decide(self, found: dict[int, _Term], trigger: str | None) -> RouteDecision:
        if len(found) == 1:
            terms = list(found.values())
        else:
            terms = [found[rank] for rank in sorted(found)]
            subsumed = [t.subsumes for t in terms if t.subsumes]
            if subsumed:
                drop = frozenset[int]().union(*subsumed)
                terms = [t for t in terms if t.rank not in drop]
        sums: dict[str, float] = {}
        for t in terms:
            sums[t.scope] = sums.get(t.scope, 0.0) + t.weight
        memo = self._score_memo
        scores = []
        for item in sums.items():
            score = memo.get(item)
            if score is None:
                if len(memo) >= SCORE_MEMO_SIZE:
                    memo.clear()
                scope, total = item
                score = memo[item] = _new_score(scope, min(CONFIDENCE_CAP, 1.0 - math.exp(-total)), total)
            scores.append(score)
        if len(scores) > 1:
            scores.sort(key=_best_first)
        threshold = self._threshold
        chosen = tuple([s for s in scores if s.confidence >= threshold][: self._max_scopes])
        high = bool(chosen) and chosen[0].confidence >= self._high
        return _new_decision(chosen, tuple(scores), tuple([t.match for t in terms]), trigger is not None,
                             bool(chosen), high, trigger)
