"""Explicit-memory-request triggers compiled once for the router (`explicit_rules.EXPLICIT_TRIGGERS`), indexed by the
words that anchor them; their patterns, `also` and `unless` searched as fast-starting alternatives (`FastSearch`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .explicit_rules import ExplicitTrigger
from .pattern_shape import holds_question_mark
from .pattern_words import rarest, required_words
from .trigger_search import FastSearch


@dataclass(frozen=True, slots=True, eq=False)   # hashed by identity: it is put in a set on every route()
class Trigger:
    """One compiled explicit-memory-request trigger."""

    name: str
    regex: re.Pattern[str]
    first: FastSearch   # the pattern, as searched
    gated: bool
    clause_start: bool
    accented: re.Pattern[str] | None
    requires: frozenset[bytes]
    order: int
    unless: re.Pattern[str] | None = None
    word_start: bool = False   # the pattern began with \b (dropped from `regex`, checked by `FastSearch`)
    also: re.Pattern[str] | None = None
    before: re.Pattern[str] | None = None
    at_anchor: Mapping[bytes, str] = field(default_factory=dict)   # the pattern is one of these words: see `start`
    anchor_words: frozenset[bytes] = frozenset()                   # the keys of `at_anchor`
    needs_question: bool = False   # every match of the pattern or of `also` holds a "?"
    also_found: FastSearch | None = None     # `also`, as searched
    unless_found: FastSearch | None = None   # `unless`, as searched
    gate: frozenset[bytes] | None = None   # one of these words must occur for a match: see `_gate`
    needs: frozenset[bytes] = frozenset()   # `gate`, or its anchors when it has none (one of them has occurred)
    asks: int = 0   # 2: only a question can count it (`gated`, neither `clause_start` nor `accented`); 1: every
    # match holds a "?" (`needs_question`); 0: neither. A message without a question mark (2) or a "?" (1) skips it

    def start(self, norm: str, words: frozenset[bytes] = frozenset(), end: int = -1) -> int:
        """Where the first match in the normalised message starts, or -1. An `at_anchor` trigger starts at the
        first of its words that occurs (`words`: the message's rule words), so the text before it is not scanned;
        nor after `end`, when given."""
        pos = 0
        if self.at_anchor and words:
            at = self.at_anchor
            pos = min([i for word in self.anchor_words.intersection(words) if (i := norm.find(at[word])) >= 0],
                      default=0)
        return self.first.start(norm, pos, end, words or None)


def compile_triggers(triggers: Sequence[ExplicitTrigger]) -> tuple[dict[bytes, tuple[Trigger, ...]], set[bytes]]:
    """Triggers by anchor word, and every word some trigger requires."""
    by_anchor: dict[bytes, list[Trigger]] = {}
    required: set[bytes] = set()
    for order, trigger in enumerate(triggers):
        accented = re.compile(trigger.accented) if trigger.accented else None
        requires = frozenset(word.encode("ascii") for word in trigger.requires)
        word_start = trigger.pattern.startswith("\\b")
        anchors = {w.encode("ascii"): w for w in trigger.anchors} if trigger.at_anchor else {}
        pattern = trigger.pattern[2:] if word_start else trigger.pattern
        compiled = Trigger(trigger.name, re.compile(pattern), FastSearch(trigger.pattern, gated=True),
                           trigger.gated, trigger.clause_start, accented, requires, order,
                           re.compile(trigger.unless) if trigger.unless else None, word_start,
                           re.compile(trigger.also) if trigger.also else None,
                           re.compile(trigger.before) if trigger.before else None,
                           anchors, frozenset(anchors),
                           asked := holds_question_mark(pattern) or holds_question_mark(trigger.also),
                           FastSearch(trigger.also) if trigger.also else None,
                           FastSearch(trigger.unless, gated=True) if trigger.unless else None, gate := _gate(trigger),
                           anchors_of(trigger) if gate is None else gate, _asks(trigger, asked))
        required |= requires
        for word in trigger.anchors:
            by_anchor.setdefault(word.encode("ascii"), []).append(compiled)
    return {k: tuple(v) for k, v in by_anchor.items()}, required


def anchors_of(trigger: ExplicitTrigger) -> frozenset[bytes]:
    """The words that anchor a trigger, as the router's word set holds them."""
    return frozenset(word.encode("ascii") for word in trigger.anchors)


def _asks(trigger: ExplicitTrigger, needs_question: bool) -> int:
    """What a message must hold for the trigger to count (`Trigger.asks`)."""
    if trigger.gated and not (trigger.clause_start or trigger.accented):
        return 2
    return 1 if needs_question else 0


def _gate(trigger: ExplicitTrigger) -> frozenset[bytes] | None:
    """The rarest-looking word clause of the pattern and of `also` (`pattern_words`) that the anchors and
    `requires` do not settle already (fewest common words, then fewest words): a message with none of its words
    cannot match, so the trigger is not searched."""
    clauses = {*required_words(trigger.pattern), *(required_words(trigger.also) if trigger.also else ())}
    settled = set(trigger.requires), set(trigger.anchors)
    return rarest(clause for clause in clauses if not clause & settled[0] and not clause >= settled[1])
