"""Rules compiled once for the router: every rule term and explicit trigger, indexed by the word that finds it.

- Terms match whole words only: "dns" does not match "dnsmasq" (which is its own term), "ceph" does not match
  inside "cephalopod", "502" not inside "5023". Multi-word terms match consecutive tokens whatever the punctuation
  between them ("ci/cd" = "ci-cd" = "ci cd"; "argo cd" != "argocd", so both are listed).
- Keywords (and nothing else) also match simple plurals of their last word (`text.inflections`).
- Phrases and entities match exactly. Tool rules are fnmatch globs over tool names (case-insensitive). User
  `patterns` are regular expressions compiled with re.IGNORECASE and searched in the normalised message and,
  failing that, in the raw (truncated) one. They are operator configuration, trusted like code: Python's `re`
  has no timeout, so a catastrophically backtracking pattern such as `(a+)+b` can stall `route()`.
- Sense contexts (`senses.SENSES`) are compiled like keywords, with weight 0 and the ranks of the terms they cancel;
  first-person patterns (`near_rules.NEAR_RULES`) are anchored on their head word and verified by looking back at most
  `window` tokens; agent priors are terms of kind "agent" looked up by agent name.
- Lookup is one C-level set intersection between the message tokens and the set of term anchors (a term's
  rarest-looking word); only the few anchors present are verified (multi-word terms by a substring search in the
  space-joined tokens, only when their other rule words are among the message's), so cost barely depends on the
  number of rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fnmatch import translate as glob_to_regex

from ..config import RoutingRule
from .decision import MatchKind, RuleMatch
from .default_rules import MEDIUM, STRONG, WEAK, DefaultRule
from .everyday_senses import EVERYDAY_SENSES
from .explicit_rules import ExplicitTrigger
from .near_rules import AGENT_PRIORS, NEAR_RULES, NearRule
from .personal_rules import (
    ADDRESSED_WISH_RULE,
    ADDRESSEE_RULE,
    ANSWER_STYLE_RULE,
    FIRST_PERSON_RULES,
    HABIT_RULE,
    OWN_REQUEST_RULE,
    OWN_REQUEST_TERM,
    REMINDER_RULE,
    SELF_CUE_RULES,
    SELF_RULE,
    SELF_VERB_TERM,
    VIEWPOINT_RULE,
    VIEWPOINT_TERM,
)
from .roles import AFFECTED_PARTIES, FRAME_ROLES, ROLE_OBJECTS
from .senses import EVERY_TERM, SENSES, Sense
from .text import anchor, inflections, subsequences, tokenize
from .triggers import Trigger, compile_triggers

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
    cancels: frozenset[int] = frozenset()   # a sense context: the ranks of the terms it cancels (weight 0)
    sense: str = ""                         # the sense a context belongs to
    near_first: frozenset[bytes] = frozenset()   # a first-person pattern: the words looked for before the head
    window: int = 0
    is_context: bool = False   # a sense context (weight 0), not evidence
    grade: int = 0             # 2 anchor (>= STRONG), 1 ambiguous (>= MEDIUM), 0 corroboration only
    names_object: bool = False   # it only names an object of another scope's statement (`roles.py`)
    role: str = ""               # "content", "fact_check" or "own_words": its framing part (`roles.FRAME_ROLES`)
    affected_party: bool = False  # a business term that only says whom a technical matter affects (`roles.py`)


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
    contexts: tuple[str, ...] = ()       # a sense: the words of the other sense
    cancels: tuple[str, ...] = ()        # ... and the rule terms they cancel
    near: NearRule | None = None

    @classmethod
    def from_sense(cls, sense: Sense) -> RuleSpec:
        return cls(f"sense:{sense.name}", sense.scope, 0.0, contexts=sense.unless, cancels=sense.terms)

    @classmethod
    def from_near(cls, rule: NearRule) -> RuleSpec:
        return cls(f"default:{rule.name}", rule.scope, rule.weight, near=rule)

    @classmethod
    def from_default(cls, rule: DefaultRule) -> RuleSpec:
        return cls(f"default:{rule.name}", rule.scope, rule.weight, keywords=rule.keywords,
                   phrases=rule.phrases, tools=rule.tools)

    @classmethod
    def from_config(cls, index: int, rule: RoutingRule) -> RuleSpec:
        return cls(f"rules[{index}]", rule.scope, rule.weight, rule.keywords, rule.phrases, rule.entities,
                   rule.patterns, rule.tools)


# What one message word leads to: {rank: term} of its one-word terms (merged into the matches with a single
# dict.update), its multi-word terms as (needle, term, other words) (the needle searched in the joined tokens), its
# first-person patterns (verified by looking back from the word) and the explicit triggers it anchors.
# per word: its one-word terms by rank, its phrases, its first-person patterns, the triggers it anchors, and its
# phrase gate (words one of which a message must hold for any of its phrases to match; None: no gate, set by the
# router: `rules._with_all_words`)
Phrase = tuple[bytes, Term, frozenset[bytes]]   # needle, term, and its other words that are rule words (in `hits`)
WordEntry = tuple[dict[int, Term], tuple[Phrase, ...], tuple[Term, ...], tuple[Trigger, ...], frozenset[bytes] | None]
NO_TERMS: WordEntry = ({}, (), (), (), None)   # a known word that anchors no rule term


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
    agents: dict[str, Term]
    self_verb: Term | None = None           # a Spanish first-person verb (`personal_rules.first_person_verb`)
    self_cues: frozenset[int] = frozenset()   # ranks of the personal cues that first person corroborates
    request_words: frozenset[int] = frozenset()   # ranks of terms that are part of a memory request ("remind me")
    self_words: dict[bytes, Term] = field(default_factory=dict)   # first-person words, looked up only for a cue
    self_word_set: frozenset[bytes] = frozenset()
    first_person: frozenset[int] = frozenset()   # ranks of the other terms that are in the first person ("suelo")
    addressee: Term | None = None                # "me", first person only for how to answer
    answer_style: frozenset[int] = frozenset()   # ranks of the answer-style cues
    habits: frozenset[int] = frozenset()   # ranks of the habit cues ("a partir de ahora", "siempre")
    opener: Term | None = None                   # the message opens with the speaker's viewpoint ("Para mí, …")
    own_request: Term | None = None              # a memory request about the speaker's own words ("¿qué te dije?")


@dataclass
class _SpecTerms:
    """Terms of all rules before ranking, by how they are matched."""

    words: list[Term] = field(default_factory=list)       # token-sequence terms, one per variant
    patterns: list[Term] = field(default_factory=list)
    tools: list[Term] = field(default_factory=list)
    agents: list[Term] = field(default_factory=list)
    morph: list[Term] = field(default_factory=list)       # the first-person verb term
    seen: set[tuple[str, tuple[str, ...]]] = field(default_factory=set)


def _term(spec: RuleSpec, kind: MatchKind, text: str, *, tokens: tuple[str, ...] = (), needle: bytes | None = None,
          regex: re.Pattern[str] | None = None) -> Term:
    return Term((spec.rule_id, kind, text), spec.scope, spec.weight,
                RuleMatch(spec.scope, spec.rule_id, kind, text, spec.weight), tokens=tokens, needle=needle, regex=regex,
                grade=_grade(spec.weight),
                names_object=spec.rule_id.startswith("default:") and text in ROLE_OBJECTS.get(spec.scope, ()),
                role=_frame_role(spec, text),
                affected_party=spec.rule_id.startswith("default:") and spec.scope == "business"
                and text in AFFECTED_PARTIES)


def _frame_role(spec: RuleSpec, text: str) -> str:
    frames = FRAME_ROLES.get(spec.scope)
    return frames[1] if frames and spec.rule_id.startswith("default:") and text in frames[0] else ""


def _grade(weight: float) -> int:
    return 2 if weight >= STRONG else 1 if weight >= MEDIUM else 0


def _add_spec(spec: RuleSpec, out: _SpecTerms) -> None:
    groups: list[tuple[MatchKind, str, bool]] = [("keyword", t, True) for t in (*spec.keywords, *spec.contexts)]
    groups += [("phrase", t, False) for t in spec.phrases] + [("entity", t, False) for t in spec.entities]
    sense = spec.rule_id.removeprefix("sense:") if spec.contexts else ""
    for kind, text, inflect in groups:
        tokens = tuple(tokenize(text))
        if not tokens:
            continue
        for variant in inflections(tokens) if inflect else [tokens]:
            if (spec.rule_id, variant) in out.seen:   # the same words twice in one rule count once
                continue
            out.seen.add((spec.rule_id, variant))
            needle = f" {' '.join(variant)} ".encode("ascii") if len(variant) > 1 else None
            out.words.append(replace(_term(spec, kind, text, tokens=variant, needle=needle), sense=sense,
                                     is_context=bool(sense)))
    if spec.near is not None:
        first = frozenset(w.encode("ascii") for w in spec.near.first)
        for head in spec.near.heads:
            label = f"({spec.near.cue}) … {head}"
            out.words.append(replace(_term(spec, "near", label, tokens=(head,)), near_first=first,
                                     window=spec.near.window))
    out.patterns += [_term(spec, "pattern", p, regex=re.compile(p, re.IGNORECASE)) for p in spec.patterns]
    for glob in spec.tools:
        name = glob.strip().casefold()
        if name:
            out.tools.append(_term(spec, "tool", glob, regex=re.compile(glob_to_regex(name))))


def _ranker(out: _SpecTerms) -> dict[tuple[str, str, str, str], int]:
    """Rank every term by (scope, rule, kind, term): matches come out in that order and weights are summed in that
    order, so decisions are identical across runs and processes (set order depends on hash seeds)."""
    every = out.words + out.patterns + out.tools + out.agents + out.morph
    return {key: i for i, key in enumerate(sorted({(t.scope, *t.key) for t in every}))}


def _finished(out: _SpecTerms, cancels: dict[str, tuple[str, ...]]
              ) -> tuple[list[Term], list[Term], list[Term], list[Term], list[Term]]:
    """Words, patterns, tools and agent priors with their rank, the ranks of the shorter same-scope terms they
    contain, and (sense contexts) the ranks of the terms they cancel."""
    rank = _ranker(out)
    by_scope_tokens: dict[tuple[str, tuple[str, ...]], set[int]] = {}
    by_scope_term: dict[tuple[str, tuple[str, ...]], set[int]] = {}
    for t in out.words:
        if t.is_context:
            continue
        by_scope_term.setdefault((t.scope, tuple(tokenize(t.match.term))), set()).add(rank[(t.scope, *t.key)])
        if t.near_first:   # a first-person pattern is cancelled with every term of its scope, it subsumes nothing
            continue
        if t.match.rule not in (f"default:{SELF_RULE}", f"default:{ADDRESSEE_RULE}"):   # first person corroborates a
            # longer term, it is never subsumed by it
            by_scope_tokens.setdefault((t.scope, t.tokens), set()).add(rank[(t.scope, *t.key)])

    every_of_scope: dict[str, set[int]] = {}
    for (scope, _), ranks in by_scope_term.items():
        every_of_scope.setdefault(scope, set()).update(ranks)

    def finish(t: Term) -> Term:
        own = rank[(t.scope, *t.key)]
        if t.is_context:
            cancelled: set[int] = set()
            for term in cancels[t.sense]:
                if term == EVERY_TERM:
                    cancelled |= every_of_scope.get(t.scope, set())
                cancelled |= by_scope_term.get((t.scope, tuple(tokenize(term))), set())
            return replace(t, rank=own, cancels=frozenset(cancelled))
        subsumed: set[int] = set()
        for sub in subsequences(t.tokens):
            subsumed |= by_scope_tokens.get((t.scope, sub), set())
        subsumed.discard(own)
        return replace(t, rank=own, subsumes=frozenset(subsumed))

    return (list(map(finish, out.words)), list(map(finish, out.patterns)), list(map(finish, out.tools)),
            list(map(finish, out.agents)), list(map(finish, out.morph)))


def _word_lookup(words: list[Term], triggers: Sequence[ExplicitTrigger]) -> dict[bytes, WordEntry]:
    index: dict[bytes, list[Term]] = {}
    for t in words:
        index.setdefault(anchor(t.tokens).encode("ascii"), []).append(t)
    by_anchor, required = compile_triggers(triggers)
    lookup: dict[bytes, WordEntry] = {}
    known = frozenset(index) | frozenset(by_anchor) | required
    for word in known:
        terms = index.get(word, [])
        lookup[word] = ({t.rank: t for t in terms if t.needle is None and not t.near_first},
                        tuple((t.needle, t, known.intersection(t.needle.split()) - {word}) for t in terms
                              if t.needle is not None),
                        tuple(t for t in terms if t.near_first),
                        by_anchor.get(word, ()), None)
    return lookup


def context_specs(scopes: frozenset[str]) -> list[RuleSpec]:
    """The built-in sense contexts, first-person patterns and agent priors of the given scopes."""
    specs = [RuleSpec.from_sense(sense) for sense in (*SENSES, *EVERYDAY_SENSES) if sense.scope in scopes]
    return specs + [RuleSpec.from_near(rule) for rule in NEAR_RULES if rule.scope in scopes]


def _agent_terms(scopes: frozenset[str]) -> list[Term]:
    return [Term((f"agent:{agent}", "agent", agent), scope, WEAK,
                 RuleMatch(scope, f"agent:{agent}", "agent", agent, WEAK))
            for agent, scope in sorted(AGENT_PRIORS.items()) if scope in scopes]


def _self_verb_terms(scopes: frozenset[str]) -> list[Term]:
    """The Spanish first-person verb (WEAK, first person only), the opening viewpoint (STRONG, "Para mí, …") and a
    memory request about the speaker's own words (STRONG, only when nothing else placed it)."""
    if "personal" not in scopes:
        return []
    rule, opener, own = f"default:{SELF_RULE}", f"default:{VIEWPOINT_RULE}", f"default:{OWN_REQUEST_RULE}"
    return [Term((rule, "near", SELF_VERB_TERM), "personal", WEAK,
                 RuleMatch("personal", rule, "near", SELF_VERB_TERM, WEAK)),
            Term((opener, "near", VIEWPOINT_TERM), "personal", STRONG,
                 RuleMatch("personal", opener, "near", VIEWPOINT_TERM, STRONG), grade=2),
            Term((own, "near", OWN_REQUEST_TERM), "personal", STRONG,
                 RuleMatch("personal", own, "near", OWN_REQUEST_TERM, STRONG), grade=2)]


def _morph(morph: list[Term], rule: str) -> Term | None:
    return next((t for t in morph if t.match.rule == f"default:{rule}"), None)


def compile_rules(specs: Sequence[RuleSpec], triggers: Sequence[ExplicitTrigger], *,
                  agent_scopes: frozenset[str] = frozenset()) -> CompiledRules:
    """Compile rule specs and explicit triggers into the lookup structures `route()` reads; agent priors and the
    first-person verb are compiled for `agent_scopes` (the scopes of the built-in rules)."""
    out = _SpecTerms(agents=_agent_terms(agent_scopes), morph=_self_verb_terms(agent_scopes))
    for spec in specs:
        _add_spec(spec, out)
    words, patterns, tools, agents, morph = _finished(out, {s.rule_id.removeprefix("sense:"): s.cancels
                                                            for s in specs if s.contexts})
    self_rule, addressee_rule = f"default:{SELF_RULE}", f"default:{ADDRESSEE_RULE}"
    lookup = _word_lookup([t for t in words if t.match.rule not in (self_rule, addressee_rule)], triggers)
    lookup.setdefault(b"q", NO_TERMS)   # the chat spelling of "que" (`matching.chat_que`)
    addressee = next((t for t in words if t.match.rule == addressee_rule), None)
    self_words = {t.tokens[0].encode("ascii"): t for t in words if t.match.rule == self_rule and len(t.tokens) == 1}
    counted = [t for t in words + patterns + tools + agents + morph if not t.is_context]
    tools_any = re.compile("|".join(f"(?:{t.regex.pattern})" for t in tools if t.regex)) if tools else None
    cues = frozenset(t.rank for t in words if t.match.rule in SELF_CUE_RULES)
    request = frozenset(t.rank for t in words if t.match.rule == f"default:{REMINDER_RULE}")
    return CompiledRules(lookup=lookup, words=frozenset(lookup), patterns=tuple(patterns), tools=tuple(tools),
                         tools_any=tools_any, terms=frozenset(t.match.term for t in counted),
                         routed=frozenset(t.scope for t in counted), agents={t.match.term: t for t in agents},
                         self_verb=_morph(morph, SELF_RULE), opener=_morph(morph, VIEWPOINT_RULE),
                         own_request=_morph(morph, OWN_REQUEST_RULE), self_cues=cues,
                         request_words=request, self_words=self_words, self_word_set=frozenset(self_words),
                         first_person=frozenset(t.rank for t in words if t.match.rule in FIRST_PERSON_RULES),
                         addressee=addressee,
                         habits=frozenset(t.rank for t in words if t.match.rule == f"default:{HABIT_RULE}"),
                         answer_style=frozenset(t.rank for t in words
                                                if t.match.rule in (f"default:{ANSWER_STYLE_RULE}",
                                                                    f"default:{ADDRESSED_WISH_RULE}")))
