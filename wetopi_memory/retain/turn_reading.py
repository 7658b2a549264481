"""How a finished turn is read before its sentences are judged: the user's opt-out, the user's assent to the
assistant's proposal (from Hermes' `conversation_history`), and which assistant sentences the turn backs.

Only the user's words make memory on their own. An assistant sentence counts when the user assented to it (the
proposal of the last assistant message before this turn) or when it states a concrete fact of a fix the turn
verified (tool evidence and a verification in the answer). "No guardes esto" / "don't save this" drops the turn.
Deterministic, bounded, no LLM (design §12, A4).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .evidence import TurnEvidence
from .kinds import Category
from .lexicon import ADDRESSEE_SET, FINISHED, FROM_NOW_SET, ONE_OFF_TIME_SET
from .sentences import Sentence
from .signals import Signals, states_value
from .term_matching import TermSet, fold, grams, tokens

__all__ = ["TurnReading", "addresses_user", "agreed", "backed_fix", "message_text", "plain_statement",
           "proposal_before", "read_turn", "users_word"]

MAX_HISTORY_MESSAGES = 8
MAX_PROPOSAL_CHARS = 4000
MAX_ASSENT_WORDS = 14
MIN_HABIT_WORDS = 5

OPT_OUT = TermSet((
    "no guardes", "no lo guardes", "no la guardes", "no los guardes", "no me guardes", "no almacenes",
    "no lo almacenes", "no lo apuntes", "no apuntes", "no lo anotes", "no anotes", "no lo recuerdes",
    "no recuerdes", "no memorices", "no lo memorices", "no lo metas en memoria", "no lo metas en la memoria",
    "no lo guardes en memoria", "don't save", "do not save", "don't store", "do not store", "don't remember",
    "do not remember", "don't memorize", "do not memorize", "don't keep this", "not to be saved",
    "don't write this down", "off the record", "no lo guardes en la memoria", "sin guardarlo",
    "que no se te quede", "no te quedes con esto", "olvida esto", "olvida lo que", "forget this",
    "forget i said", "forget what i said", "disregard", "no lo tengas en cuenta", "ignora lo que",
))
# An offer to do one thing now: agreeing to it decides nothing lasting, unless the user makes it a rule.
OFFER = TermSet((
    "shall i", "should i", "do you want me to", "want me to", "quieres que", "te parece si", "lo hago",
    "ahora", "now", "right away", "ya mismo", "would you like me to", "te paso", "i can paste", "paste",
    "pegar", "te lo pego",
))
LASTING = TermSet((
    "always", "siempre", "from now on", "a partir de ahora", "de ahora en adelante", "every", "cada",
    "going forward", "en adelante", "that way", "asi siempre",
))
ASSENT = TermSet((
    "si", "vale", "ok", "okay", "okey", "de acuerdo", "adelante", "hagamoslo", "hagamoslo asi", "hazlo",
    "hazlo asi", "asi lo hacemos", "me parece bien", "perfecto", "go ahead", "go with", "let's do",
    "lets do", "do it", "sounds good", "agreed", "yes", "yep", "yeah", "sure", "approved", "aprobado", "dale",
    "venga", "de una", "correcto", "exacto", "me vale", "go for it", "let's go with", "vamos con", "tira",
))
DISSENT = TermSet((
    "no", "nope", "mejor no", "not sure", "no estoy seguro", "no estoy segura", "let me think", "dejame pensar",
    "lo pienso", "lo pensare", "todavia no", "not yet", "hmm", "espera", "wait", "ni hablar", "don't",
    "no lo hagas", "think about it", "ya veremos", "lo hablamos", "not now", "ahora no", "no way", "pero", "but",
    "cambia", "change",
))
# A message proposes something the user can agree to.
PROPOSAL = TermSet((
    "propongo", "propuesta", "sugiero", "te propongo", "podemos", "podriamos", "recomiendo", "option",
    "options", "opcion", "opciones", "i suggest", "i propose", "i could", "we could", "you could",
    "would you like", "quieres que", "shall i", "i recommend", "my proposal", "should we", "te parece",
    "re:\\b[1-9]\\)",
))
_OPTION_CHOICE = re.compile(r"\b(?:option|opcion|la|el|the|numero|number)\s+([a-d1-9])\b")
_OPTION_LABEL = r"(?:(?:option|opcion)\s+{0}\s*[:.)-]|(?<![\w])\(?{0}\)\s)"
_WHEN = frozenset({"today", "hoy", "tonight", "esta noche", "this morning", "esta manana", "esta tarde",
                   "this afternoon", "yesterday", "ayer", "just now", "right now", "ahora mismo", "at the moment"})
# The speaker talks about themself: "my …", "me organizo", "I read …", "no tengo reuniones".
FIRST_PERSON = TermSet(("i", "i'm", "im", "my", "me", "mine", "myself", "yo", "mi", "mis", "conmigo", "tengo",
                        "no tengo"))
THANKS = TermSet(("gracias", "thanks", "thank you", "thx", "me has", "you saved", "me salvaste"))
# Task state that a verified fix's sentence may carry: it finished, it happened today.
_FINISHED = TermSet((*FINISHED, "task completed", "task complete"))
_DECISION_CATEGORIES: frozenset[Category] = frozenset({"decision", "pricing", "strategy", "process", "runbook",
                                                      "constraint", "architecture", "config", "preference"})


@dataclass(frozen=True, slots=True)
class TurnReading:
    """What the turn says about its own sentences: dropped, backed, and the proposal the user agreed to."""

    opted_out: bool
    proposal: str
    fix_context: bool
    topic: str = ""  # the conversation the agreed proposal answers (its scopes place the proposal)


def message_text(content: Any) -> str:
    """The text of a Hermes message's content: a string, or a list of parts with `text`."""
    if isinstance(content, str):
        return content
    if isinstance(content, Sequence) and not isinstance(content, bytes | bytearray):
        parts = [p.get("text") if isinstance(p, Mapping) else p for p in content]
        return "\n".join(p for p in parts if isinstance(p, str))
    return ""


def _messages(history: Any) -> list[tuple[str, str]]:
    """(role, text) of the last few messages; anything that is not a role/content mapping is skipped."""
    if not isinstance(history, Sequence) or isinstance(history, str | bytes | bytearray):
        return []
    out: list[tuple[str, str]] = []
    for message in list(history)[-MAX_HISTORY_MESSAGES - 2:]:
        if isinstance(message, Mapping) and isinstance(message.get("role"), str):
            out.append((str(message["role"]), message_text(message.get("content"))[:MAX_PROPOSAL_CHARS]))
    return out


def proposal_before(history: Any, user_message: str, assistant_response: str) -> str:
    """The last assistant message before this turn (Hermes' history may or may not include the turn itself)."""
    messages = _messages(history)
    if messages and messages[-1][0] == "assistant" and messages[-1][1].strip() == assistant_response.strip():
        messages.pop()
    if messages and messages[-1][0] == "user" and messages[-1][1].strip() == user_message.strip():
        messages.pop()
    while messages and messages[-1][0] not in ("assistant", "user"):
        messages.pop()  # tool and system messages between the proposal and the answer
    if messages and messages[-1][0] == "assistant":
        return messages[-1][1].strip()
    return ""


def _has(terms: TermSet, text: str) -> bool:
    folded = fold(text)
    return terms.search(folded, grams(tokens(folded)))


def _assents(user_message: str) -> bool:
    """A short message that agrees and does not refuse or hesitate."""
    words = tokens(fold(user_message))
    return 0 < len(words) <= MAX_ASSENT_WORDS and _has(ASSENT, user_message) and not _has(DISSENT, user_message)


def _chosen_part(proposal: str, user_message: str) -> str:
    """The option the user picked ("option B", "la opción 2"), else the whole proposal."""
    choice = _OPTION_CHOICE.search(fold(user_message))
    if choice is None:
        return proposal
    label = re.escape(choice.group(1))
    folded = fold(proposal)
    start = re.search(_OPTION_LABEL.format(label), folded)
    if start is None:
        return proposal
    after = re.compile(_OPTION_LABEL.format(r"[a-d1-9]"))
    end = after.search(folded, start.end())
    return proposal[start.start():end.start() if end else len(proposal)].strip(" ;,")


def read_turn(user_message: str, assistant_response: str, history: Any, answer: Sequence[Sentence],
              evidence: TurnEvidence) -> TurnReading:
    """The opt-out, the agreed proposal (empty when none) and whether the answer reports a verified fix."""
    opted_out = _has(OPT_OUT, user_message)
    proposal = topic = ""
    if not opted_out and _assents(user_message):
        before = proposal_before(history, user_message, assistant_response)
        lasting = _has(LASTING, user_message) or _has(LASTING, before)
        if before and _has(PROPOSAL, before) and (lasting or not _has(OFFER, before)):
            proposal = _chosen_part(before, user_message)
            topic = "\n".join(text for _, text in _messages(history)[-4:])
    verified = any(s.signals.verified for s in answer)
    unverified = any(s.signals.unverified or s.signals.hedges for s in answer if s.signals.verified)
    conclusion = any({"fix", "root_cause"} & set(s.signals.categories) for s in answer)
    stated = [s for s in answer if s.signals.past_action and not s.signals.question]
    changed = conclusion or bool(stated)
    ok_calls = any(item.ok for item in evidence.items) and not any(not item.ok for item in evidence.items[-1:])
    hedged = any(s.signals.hedges or s.signals.unverified for s in stated)
    # a change the turn checked (a verification word or the last tool call succeeding), whatever the words; a
    # status check alone, an unchecked restart or a hedged change is not a fix
    fix_context = not unverified and not hedged and changed and (verified or ok_calls)
    return TurnReading(opted_out=opted_out, proposal=proposal, fix_context=fix_context, topic=topic)


def backed_fix(signals: Signals) -> Signals | None:
    """A verified fix's sentence with a concrete fact or a conclusion, as a verified fix; None otherwise. When it
    happened ("esta noche", "today") does not make a fix transient; work still in progress does."""
    in_progress = [t for t in signals.transient if t not in _WHEN and not _has(_FINISHED, t)]
    if signals.hedges or signals.question or signals.raw or signals.unverified or in_progress:
        return None
    if not signals.fact and not ({"fix", "root_cause", "runbook"} & set(signals.categories) or signals.verified):
        return None
    categories: tuple[Category, ...] = ("fix", *(c for c in signals.categories if c != "fix"))
    return replace(signals, categories=categories, past_action=(), transient=(),
                   verified=signals.verified or ("tool evidence",))


def users_word(signals: Signals) -> Signals:
    """The user's own unhedged root cause or fix, in a message that says how it was proven: verified."""
    if signals.hedges or signals.unverified or signals.question or signals.verified:
        return signals
    if not {"fix", "root_cause"} & set(signals.categories):
        return signals
    return replace(signals, verified=("user",))


def plain_statement(signals: Signals, text: str, *, habits: bool = True) -> Signals:
    """A user's declarative sentence that no marker classifies: concrete values (a setting, a path, a host, a
    version) make it a configuration fact; said of themself in a plain conversation (`habits`: no question, no
    tool work) and not an assent, it is how the speaker works (a preference)."""
    if (signals.categories or signals.question or signals.hedges or signals.unverified or signals.filler
            or signals.raw or signals.one_off or signals.transient or signals.past_action):
        return signals
    if _assents(text):
        return signals  # "sí, así a partir de ahora": the agreed proposal carries the content
    if FROM_NOW_SET.search(fold(text), grams(tokens(fold(text)))):
        return replace(signals, categories=("decision",))  # "a partir de ahora …", "from now on …": a rule
    if states_value(text):
        return replace(signals, categories=("config",))
    short = len(tokens(fold(text))) < MIN_HABIT_WORDS
    if not habits or short or not _has(FIRST_PERSON, text) or _has(THANKS, text) or _has(ASSENT, text):
        return signals
    folded = fold(text)
    return replace(signals, categories=("preference",), one_off=ONE_OFF_TIME_SET.find(folded, grams(tokens(folded))))


def agreed(signals: Signals) -> Signals:
    """A proposal sentence the user agreed to: a decision, no longer hedged."""
    categories = signals.categories if set(signals.categories) & _DECISION_CATEGORIES else (
        "decision", *signals.categories)
    return replace(signals, categories=categories, hedges=(), unverified=(), transient=(), past_action=(),
                   question=False,
                   strong=(*signals.strong, "agreed"))


def addresses_user(text: str) -> bool:
    """A proposal about how the assistant treats the user: it belongs to the user's personal scope."""
    return _has(ADDRESSEE_SET, text)
