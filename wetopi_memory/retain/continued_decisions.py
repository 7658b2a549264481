"""A user's sentence that goes on with the decision or rule just stated ("…los clientes no tendrán acceso SSH. Solo
SFTP y WP-CLI desde el panel."): it says nothing of its own that is kept, asked, doubted or done, so it is that
decision's detail, kept with it and where it is kept. Deterministic, no LLM (design §12, A4)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from .kinds import Category
from .sentences import Sentence
from .signals import Signals
from .term_matching import fold

__all__ = ["continued_decisions"]

# What a sentence may go on with: a decision, a rule or a price the speaker stated.
_DECIDED: frozenset[Category] = frozenset({"decision", "process", "pricing", "constraint", "strategy", "staffing",
                                           "relationship"})


# A sentence that changes the subject ("Por cierto, …", "By the way, …") or opens another item of a list ("Idea de
# Marta: …", "Tarea Luis: …") goes on with nothing.
_NEW_TOPIC = re.compile(r"^\W*(?:por cierto|by the way|btw|otra cosa|another thing|aparte|also unrelated"
                        r"|cambiando de tema|ideas?|tareas?|tasks?|action items?|actions?|propuesta|proposal)\b")


def _decides(signals: Signals) -> bool:
    return bool(set(signals.categories) & _DECIDED) and not (
        signals.question or signals.hedges or signals.unverified or signals.one_off or signals.opted_out)


# What a detail may state without routing anywhere on its own: "10.6 stays only for legacy sites, no new ones on it."
_VALUE_KINDS: frozenset[Category] = frozenset({"config", "constraint"})


def _detail(sentence: Sentence, scopes_of: Callable[[str], Sequence[str]]) -> bool:
    """A sentence with nothing of its own: no question, doubt, moment, errand or act, and no kind, unless a value's
    or a limit's that the router places nowhere."""
    signals = sentence.signals
    if (signals.question or signals.hedges or signals.unverified or signals.filler or signals.raw or signals.one_off
            or signals.transient or signals.errand or signals.past_action or signals.opted_out):
        return False
    return not signals.categories or (set(signals.categories) <= _VALUE_KINDS and not scopes_of(sentence.text))


def continued_decisions(said: Sequence[Sentence], scopes_of: Callable[[str], Sequence[str]]
                        ) -> tuple[list[Sentence], dict[int, str]]:
    """The user's sentences, each detail of a decision the organisation keeps in one scope (`scopes_of`: the
    router's) read as part of it; and that scope for each detail, by index. The speaker's own decisions are
    preferences, which `preference_reach.continued_preference` extends."""
    out: list[Sentence] = []
    pins: dict[int, str] = {}
    for sentence in said:
        previous = out[-1] if out else None
        if (previous is not None and previous.role == "user" == sentence.role and _decides(previous.signals)
                and not _NEW_TOPIC.match(fold(sentence.text)) and _detail(sentence, scopes_of)):
            scope = pins.get(previous.index) or _one_shared_scope(scopes_of(previous.text))
            if scope is not None:
                kept = previous.signals
                sentence = replace(sentence, signals=replace(sentence.signals, categories=kept.categories,
                                                             strong=kept.strong, weak=kept.weak, fact=True))
                pins[sentence.index] = scope
        out.append(sentence)
    return out, pins


def _one_shared_scope(scopes: Sequence[str]) -> str | None:
    return scopes[0] if len(scopes) == 1 and scopes[0] != "personal" else None
