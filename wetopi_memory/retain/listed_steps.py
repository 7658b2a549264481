"""The steps a user lists under a heading that keeps them ("Apúntate el procedimiento para…: 1. … 2. …"): each step
is part of what the heading keeps, not a command of the moment. Deterministic, no LLM (design §12, A4)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from .kinds import Category
from .sentences import Sentence

__all__ = ["listed_steps"]

_BULLET_PREFIX = re.compile(r"\s*(?:[-*•·]|\d{1,3}[.)])\s+")
# What a heading may keep: a procedure, a rule or a setting, never a question or a doubt.
_KEPT: frozenset[Category] = frozenset({"runbook", "process", "decision", "constraint", "config"})
# A meeting's notes list decisions, ideas and tasks, each to be read on its own: "Meeting notes from today:"
_NOTES = re.compile(r"(?i)\b(?:notes|notas|minutes|acta|apuntes)\b")


def _bulleted(sentence: Sentence, text: str) -> bool:
    """Whether a sentence opens a bulleted or numbered line of the message."""
    line_start = text.rfind("\n", 0, sentence.start) + 1
    return bool(_BULLET_PREFIX.fullmatch(text[line_start:sentence.start]))


def _heading(sentence: Sentence) -> bool:
    signals = sentence.signals
    return (sentence.text.rstrip().endswith(":") and bool(set(signals.categories) & _KEPT)
            and not _NOTES.search(sentence.text)
            and not (signals.question or signals.hedges or signals.unverified or signals.one_off))


def listed_steps(said: Sequence[Sentence], text: str) -> list[Sentence]:
    """The user's sentences, each bulleted step after a heading that keeps a procedure read as part of it."""
    out: list[Sentence] = []
    heading: Sentence | None = None
    for sentence in said:
        if heading is not None and _bulleted(sentence, text):
            step = sentence.signals
            if not (step.question or step.hedges or step.raw):
                kept = heading.signals
                sentence = replace(sentence, signals=replace(
                    step, categories=kept.categories, strong=kept.strong, weak=kept.weak, transient=(),
                    past_action=(), errand=(), one_off=(), fact=True))
        elif heading is not None and sentence.start > heading.end:
            heading = None if text.rfind("\n", heading.end, sentence.start) != -1 else heading
        if _heading(sentence):
            heading = sentence
        out.append(sentence)
    return out
