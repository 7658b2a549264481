"""Rules compiled once for the router: every rule term and explicit trigger, indexed by the word that finds it.

- Terms match whole words only: "dns" does not match "dnsmasq" (which is its own term), "ceph" does not match
  inside "cephalopod", "502" not inside "5023". Multi-word terms match consecutive tokens whatever the punctuation
  between them ("ci/cd" = "ci-cd" = "ci cd"; "argo cd" != "argocd", so both are listed).
- Keywords (and nothing else) also match simple plurals of their last word (`text.inflections`).
- Phrases and entities match exactly. Tool rules are fnmatch globs over tool names (case-insensitive). User
  `patterns` are regular expressions compiled with re.IGNORECASE and searched in the normalised message and,
  failing that, in the raw (truncated) one. They are operator configuration, trusted like code: Python's `re`
  has no timeout, so a catastrophically backtracking pattern such as `(a+)+b` can stall `route()`.
- Lookup is one C-level set intersection between the message tokens and the set of term anchors (a term's
  rarest-looking word); only the few anchors present are verified (multi-word terms by a substring search in the
  space-joined tokens), so cost barely depends on the number of rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fnmatch import translate as glob_to_regex

from ..config import RoutingRule
from .decision import MatchKind, RuleMatch
from .default_rules import DefaultRule, ExplicitTrigger
from .text import anchor, inflections, subsequences, tokenize

TermKey = tuple[str, str, str]   # (rule id, kind, term): one rule term, whatever variant of it matched


@dataclass(frozen=True, slots=True, eq=False)
class Term:
    """One compiled (variant of a) rule term."""

    key: TermKey
    scope: str
    weight: float
    match: RuleMatch
    rank: int = 0                       # identity of the rule term and its place in (scope, rule, kind, term) order
    tokens: tuple[str, ...] = ()
    needle: bytes | None = None         # b" w1 w2 " for multi-word terms, searched in the joined tokens
    regex: re.Pattern[str] | None = None
    subsumes: frozenset[int] = field(default_factory=frozenset)   # ranks of the same-scope terms it contains


@dataclass(frozen=True, slots=True)
class Trigger:
    """One compiled explicit-memory-request trigger."""

    name: str
    regex: re.Pattern[str]
    gated: bool
    clause_start: bool
    accented: re.Pattern[str] | None
    requires: frozenset[bytes]
    order: int


@dataclass(frozen=True, slots=True)
class RuleSpec:
    """A default or config rule, flattened to what the compiler needs."""

    rule_id: str
    scope: str
    weight: float
    keywords: tuple[str, ...] = ()
    phrases: tuple[str, ...] = ()
    entities: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()
    tools: tuple[str, ...] = ()

    @classmethod
    def from_default(cls, rule: DefaultRule) -> RuleSpec:
        return cls(f"default:{rule.name}", rule.scope, rule.weight, keywords=rule.keywords,
                   phrases=rule.phrases, tools=rule.tools)

    @classmethod
    def from_config(cls, index: int, rule: RoutingRule) -> RuleSpec:
        return cls(f"rules[{index}]", rule.scope, rule.weight, rule.keywords, rule.phrases, rule.entities,
                   rule.patterns, rule.tools)


# What one message word leads to: {rank: term} of its one-word terms (merged into the matches with a single
# dict.update), its multi-word terms (verified in the joined tokens), and the explicit triggers it anchors.
WordEntry = tuple[dict[int, Term], tuple[Term, ...], tuple[Trigger, ...]]


@dataclass(frozen=True, slots=True)
class CompiledRules:
    """Everything `route()` reads, built once."""

    lookup: dict[bytes, WordEntry]
    words: frozenset[bytes]
    patterns: tuple[Term, ...]
    tools: tuple[Term, ...]
    tools_any: re.Pattern[str] | None
    terms: frozenset[str]
    routed: frozenset[str]


@dataclass
class _SpecTerms:
    """Terms of all rules before ranking, by how they are matched."""

    words: list[Term] = field(default_factory=list)       # token-sequence terms, one per variant
    patterns: list[Term] = field(default_factory=list)
    tools: list[Term] = field(default_factory=list)
    seen: set[tuple[str, tuple[str, ...]]] = field(default_factory=set)


def _term(spec: RuleSpec, kind: MatchKind, text: str, *, tokens: tuple[str, ...] = (), needle: bytes | None = None,
          regex: re.Pattern[str] | None = None) -> Term:
    return Term((spec.rule_id, kind, text), spec.scope, spec.weight, RuleMatch(spec.scope, spec.rule_id, kind, text),
                tokens=tokens, needle=needle, regex=regex)


def _add_spec(spec: RuleSpec, out: _SpecTerms) -> None:
    groups: list[tuple[MatchKind, str, bool]] = [("keyword", t, True) for t in spec.keywords]
    groups += [("phrase", t, False) for t in spec.phrases] + [("entity", t, False) for t in spec.entities]
    for kind, text, inflect in groups:
        tokens = tuple(tokenize(text))
        if not tokens:
            continue
        for variant in inflections(tokens) if inflect else [tokens]:
            if (spec.rule_id, variant) in out.seen:   # the same words twice in one rule count once
                continue
            out.seen.add((spec.rule_id, variant))
            needle = f" {' '.join(variant)} ".encode("ascii") if len(variant) > 1 else None
            out.words.append(_term(spec, kind, text, tokens=variant, needle=needle))
    out.patterns += [_term(spec, "pattern", p, regex=re.compile(p, re.IGNORECASE)) for p in spec.patterns]
    for glob in spec.tools:
        name = glob.strip().casefold()
        if name:
            out.tools.append(_term(spec, "tool", glob, regex=re.compile(glob_to_regex(name))))


def _ranker(out: _SpecTerms) -> dict[tuple[str, str, str, str], int]:
    """Rank every term by (scope, rule, kind, term): matches come out in that order and weights are summed in that
    order, so decisions are identical across runs and processes (set order depends on hash seeds)."""
    every = out.words + out.patterns + out.tools
    return {key: i for i, key in enumerate(sorted({(t.scope, *t.key) for t in every}))}


def _finished(out: _SpecTerms) -> tuple[list[Term], list[Term], list[Term]]:
    """The words, patterns and tools with their rank and the ranks of the shorter same-scope terms they contain."""
    rank = _ranker(out)
    by_scope_tokens: dict[tuple[str, tuple[str, ...]], set[int]] = {}
    for t in out.words:
        by_scope_tokens.setdefault((t.scope, t.tokens), set()).add(rank[(t.scope, *t.key)])

    def finish(t: Term) -> Term:
        own = rank[(t.scope, *t.key)]
        subsumed: set[int] = set()
        for sub in subsequences(t.tokens):
            subsumed |= by_scope_tokens.get((t.scope, sub), set())
        subsumed.discard(own)
        return replace(t, rank=own, subsumes=frozenset(subsumed))

    return list(map(finish, out.words)), list(map(finish, out.patterns)), list(map(finish, out.tools))


def _compile_triggers(triggers: Sequence[ExplicitTrigger]) -> tuple[dict[bytes, tuple[Trigger, ...]], set[bytes]]:
    """Triggers by anchor word, and every word some trigger requires."""
    by_anchor: dict[bytes, list[Trigger]] = {}
    required: set[bytes] = set()
    for order, trigger in enumerate(triggers):
        accented = re.compile(trigger.accented) if trigger.accented else None
        requires = frozenset(word.encode("ascii") for word in trigger.requires)
        compiled = Trigger(trigger.name, re.compile(trigger.pattern), trigger.gated, trigger.clause_start,
                           accented, requires, order)
        required |= requires
        for word in trigger.anchors:
            by_anchor.setdefault(word.encode("ascii"), []).append(compiled)
    return {k: tuple(v) for k, v in by_anchor.items()}, required


def _word_lookup(words: list[Term], triggers: Sequence[ExplicitTrigger]) -> dict[bytes, WordEntry]:
    index: dict[bytes, list[Term]] = {}
    for t in words:
        index.setdefault(anchor(t.tokens).encode("ascii"), []).append(t)
    by_anchor, required = _compile_triggers(triggers)
    lookup: dict[bytes, WordEntry] = {}
    for word in frozenset(index) | frozenset(by_anchor) | required:
        terms = index.get(word, [])
        lookup[word] = ({t.rank: t for t in terms if t.needle is None},
                        tuple(t for t in terms if t.needle is not None),
                        by_anchor.get(word, ()))
    return lookup


def compile_rules(specs: Sequence[RuleSpec], triggers: Sequence[ExplicitTrigger]) -> CompiledRules:
    """Compile rule specs and explicit triggers into the lookup structures `route()` reads."""
    out = _SpecTerms()
    for spec in specs:
        _add_spec(spec, out)
    words, patterns, tools = _finished(out)
    lookup = _word_lookup(words, triggers)
    every = words + patterns + tools
    tools_any = re.compile("|".join(f"(?:{t.regex.pattern})" for t in tools if t.regex)) if tools else None
    return CompiledRules(lookup=lookup, words=frozenset(lookup), patterns=tuple(patterns), tools=tuple(tools),
                         tools_any=tools_any, terms=frozenset(t.match.term for t in every),
                         routed=frozenset(t.scope for t in every))
