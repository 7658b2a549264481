"""RouterTables: what `RuleRouter.route` reads, compiled once per process for each set of rules, scopes and model.

Compiling the built-in rules takes most of a second and some seventy thousand objects. Routers alive at the same
time with the same configuration share one copy (a plane rebuilt for a reload, a CLI command's second plane, many
planes in one test process): no second wait, and no extra copies for the garbage collector to walk on each full
collection. Tables are held weakly: once no router uses them they are freed, so a process that tried many
configurations keeps none of the old ones. The tables never change once built; what they memoise on the way (trigger
candidates, tool lookups, compiled alternatives) only changes how soon a result comes, never the result, so routers
may share them across threads.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ..config import RoutingRule
from .compiled import CompiledRules, RuleSpec, WordEntry, compile_rules, context_specs
from .default_rules import DEFAULT_RULES, STOPWORDS
from .domain_rules import DOMAIN_RULES
from .explicit_rules import EXPLICIT_TRIGGERS
from .matching import CUSTOMER_WORDS, RESOURCE_PARTS
from .personal_rules import ONE_OFF_CUES, PERSONAL_RULES
from .senses import GENERAL_QUESTION_SENSE
from .text import MAX_INPUT_CHARS
from .tool_names import ToolMatcher
from .trigger_index import TriggerIndex
from .word_model import WordModel, load_word_model

_STOPWORDS: Final = frozenset(w.encode("utf-8") for w in STOPWORDS)
ModelChoice = WordModel | bool | None   # True: the shipped model (only with the built-in rules); False/None: none


@dataclass(frozen=True, slots=True, weakref_slot=True)
class RouterTables:
    """The compiled rules and what `route()` derives from them and the word model, shared by equal routers."""

    compiled: CompiledRules
    lookup: Mapping[bytes, WordEntry]   # each phrase with all its other words and its gate (`_with_all_words`)
    triggers: TriggerIndex
    model: WordModel | None
    model_words: frozenset[bytes]       # the word model's words that no rule anchors
    full_words: int                     # the words beyond which the model's sums are scaled
    weight_of: Callable[[bytes, int], int]   # a word's packed model weights or the default given (the words it weighs)
    seen_words: frozenset[bytes]        # every word route() reads: rule words, the model's, the triggers' gates
    term_words: frozenset[bytes]        # the words that anchor a rule term
    customer_words: frozenset[bytes]
    tool_matcher: ToolMatcher | None
    names: frozenset[bytes]             # single words of rules outside personal: tool names, not verbs
    general: frozenset[int]             # ranks of the general-question senses
    tech: frozenset[bytes]              # platform words and resource-name parts


_LIVE: weakref.WeakValueDictionary[tuple[object, ...], RouterTables] = weakref.WeakValueDictionary()


def router_tables(rules: Sequence[RoutingRule], known: frozenset[str], *, use_default_rules: bool,
                  word_model: ModelChoice) -> RouterTables:
    """The tables of a router with these config rules, scopes and model: those of a live router built alike, else
    new ones (two threads building at once may each build a copy: the same tables, one of them kept)."""
    # a model object is its own key (compared by identity); the key holds it, so no other model takes its id
    key = (tuple(rules), known, use_default_rules, word_model)
    tables = _LIVE.get(key)
    if tables is None:
        tables = _LIVE.setdefault(key, _build(rules, known, use_default_rules, word_model))
    return tables


def _build(rules: Sequence[RoutingRule], known: frozenset[str], use_default_rules: bool,
           word_model: ModelChoice) -> RouterTables:
    specs: list[RuleSpec] = []
    if use_default_rules:
        specs += [RuleSpec.from_default(rule) for rule in (*DEFAULT_RULES, *DOMAIN_RULES, *PERSONAL_RULES)
                  if rule.scope in known]
    specs += [RuleSpec.from_config(index, rule) for index, rule in enumerate(rules)]
    if use_default_rules:
        specs += context_specs(known)
    compiled = compile_rules(specs, EXPLICIT_TRIGGERS, agent_scopes=known if use_default_rules else frozenset())
    model = (load_word_model() if use_default_rules else None) if word_model is True else word_model or None
    model_words = frozenset() if model is None else model.vocabulary - compiled.words
    weights = {} if model is None else model.packed_words
    triggers = TriggerIndex({word: entry[3] for word, entry in compiled.lookup.items() if entry[3]})
    # a phrase is searched only when all its words occur: the router's word set holds them all
    lookup = {word: _with_all_words(word, entry) for word, entry in compiled.lookup.items()}
    phrase_words = frozenset(w for entry in lookup.values() for _, _, others in entry[1] for w in others)
    singles = [(w, t.scope) for w, entry in lookup.items() for t in entry[0].values() if not t.is_context]
    general = [t for entry in lookup.values() for t in (*entry[0].values(), *(t for _, t, _ in entry[1]))]
    return RouterTables(
        compiled=compiled, lookup=lookup, triggers=triggers, model=model, model_words=model_words,
        full_words=(model.full_weight_words if model is not None else None) or MAX_INPUT_CHARS,
        # packed, only the words the model weighs: a smaller table to look words up in; the others weigh 0
        weight_of={word: packed for word, packed in weights.items() if packed}.get,
        # one set intersection finds every word route() reads
        seen_words=(compiled.words | model_words | triggers.gate_words | ONE_OFF_CUES | phrase_words
                    | compiled.self_word_set),
        term_words=frozenset(word for word, entry in compiled.lookup.items() if any(entry[:3])),
        customer_words=CUSTOMER_WORDS & compiled.words,
        tool_matcher=None if compiled.tools_any is None else ToolMatcher(compiled.tools, compiled.tools_any),
        names=frozenset(w for w, scope in singles if scope != "personal"),
        general=frozenset(t.rank for t in general if t.sense.startswith(GENERAL_QUESTION_SENSE)),
        tech=frozenset(w for w, scope in singles if scope == "platform") | RESOURCE_PARTS)


def _with_all_words(word: bytes, entry: WordEntry) -> WordEntry:
    """A word's lookup entry whose phrases name all their other words (not only the rule words among them), and
    its phrase gate: one other word of each phrase (the rarest-looking), None when a phrase has none."""
    if not entry[1]:
        return entry
    phrases = tuple((needle, term, frozenset(needle.split()) - {word}) for needle, term, _ in entry[1])
    keys = [max(sorted(others), key=lambda w: (w not in _STOPWORDS, len(w))) for _, _, others in phrases
            if others]
    return entry[0], phrases, entry[2], entry[3], frozenset(keys) if len(keys) == len(phrases) else None

