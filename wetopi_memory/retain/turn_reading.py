"""How a finished turn is read before its sentences are judged: the user's opt-out, the user's assent to the
assistant's proposal (from Hermes' `conversation_history`), and which assistant sentences the turn backs.

Only the user's words make memory on their own. An assistant sentence counts when the user assented to it (the
proposal of the last assistant message before this turn) or when it states a concrete fact of a fix the turn
verified (a change the answer or the user states, checked by the tools or the answer). "No guardes esto" / "don't
save this" drops the turn. A user's sentence is read for whose voice it is (the speaker's own habit, someone
else's preference, a wish for a system), for a problem report (the turn's subject, not memory) and as a plain
business fact when the router places it in business alone. Deterministic, bounded, no LLM (design §12, A4).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .evidence import TurnEvidence
from .kinds import Category
from .lexicon import CATEGORY_SETS, FINISHED, FROM_NOW_SET, ONE_OFF_TIME_SET
from .sentences import Sentence
from .signals import Signals, states_value, technical_value
from .speaker_lexicon import (
    ADDRESSEE_SET,
    ASSENT,
    CAUSE,
    CONFIRM,
    DESIRE_SET,
    DISSENT,
    DOUBT,
    DURATION_SET,
    FIRST_PERSON,
    FIRST_PERSON_PLURAL,
    HABIT_SET,
    LASTING,
    NOW,
    OFFER,
    OPT_OUT,
    ORGANISATION,
    OWN_SET,
    PROBLEM,
    PROPOSAL,
    REQUEST_TO_ME_SET,
    RUNBOOK_ASKED,
    THANKS,
    THIRD_PERSON_PREFERENCE_SET,
    WHEN,
)
from .term_matching import TermSet, fold, grams, tokens

__all__ = [
    "TurnReading",
    "addresses_user",
    "agreed",
    "backed_fix",
    "business_fact",
    "message_text",
    "own_voice",
    "plain_statement",
    "problem_report",
    "proposal_before",
    "read_turn",
    "users_word",
    "wish_for_a_system",
]

MAX_HISTORY_MESSAGES = 8
MAX_PROPOSAL_CHARS = 4000
MAX_ASSENT_WORDS = 14
MIN_HABIT_WORDS = 5
MAX_OFFER_WORDS = 4  # "Shall I?", "¿Así?": the question that closes a proposal, not part of it

# A Spanish imperfect ("salían tarde", "se mezclaban"): how things were, a problem described, not a standing fact.
_IMPERFECT = re.compile(r"\b[a-záéíóúñ]{2,}(?:aba|aban|ían)\b|\b(?:was|were)\s+(?:\w+\s+)?[a-z]{3,}ing\b",
                        re.IGNORECASE)
_OPTION_CHOICE = re.compile(r"\b(?:option|opcion|la|el|the|numero|number)\s+([a-d1-9])\b")
_OPTION_LABEL = r"(?:(?:option|opcion)\s+{0}\s*[:.)-]|(?<![\w])\(?{0}\)\s)"
# The assistant noting the result down ("lo dejo anotado: MTU 1450"): not work in progress.
_NOTING = frozenset({"lo dejo anotado", "i'll note", "i will note"})
_ORDINALS = {"first": 1, "second": 2, "third": 3, "1st": 1, "2nd": 2, "3rd": 3, "primera": 1, "primer": 1,
             "primero": 1, "segunda": 2, "segundo": 2, "tercera": 3, "tercero": 3, "tercer": 3}
_ORDINAL = re.compile(r"\b(" + "|".join(_ORDINALS) + r")\b")
_WHEN = frozenset(WHEN)
# What a problem report is not: a cause, a fix, a rule, a decision or a process stated.
_NOT_A_PROBLEM: frozenset[Category] = frozenset({"root_cause", "fix", "decision", "runbook", "process", "constraint",
                                                 "strategy"})
_HABIT_KINDS: frozenset[Category] = frozenset({"constraint"})
_REQUEST_KINDS: frozenset[Category] = frozenset({"constraint", "process"})
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
    checked: bool = False  # the turn checks what was changed: tool calls succeeded or the answer verifies, no doubt


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
    folded, said = fold(proposal), fold(user_message)
    choice = _OPTION_CHOICE.search(said)
    ordinal = _ORDINAL.search(said)
    if choice is not None:
        labels = [choice.group(1)]
    elif ordinal is not None:  # "the first option", "la segunda": option 1 / A, option 2 / B
        rank = _ORDINALS[ordinal.group(1)]
        labels = [str(rank), "abcd"[rank - 1]]
    else:
        return proposal
    start = next((m for m in (re.search(_OPTION_LABEL.format(re.escape(label)), folded) for label in labels) if m),
                 None)
    if start is None:
        return proposal
    after = re.compile(_OPTION_LABEL.format(r"[a-d1-9]"))
    end = after.search(folded, start.end())
    return proposal[start.start():end.start() if end else len(proposal)].strip(" ;,")


def read_turn(user_message: str, assistant_response: str, history: Any, answer: Sequence[Sentence],
              evidence: TurnEvidence, said: Sequence[Sentence] = ()) -> TurnReading:
    """The opt-out, the agreed proposal (empty when none) and whether the turn reports a verified fix: a change
    the answer or the user (`said`) states, checked by the answer or the tools."""
    opted_out = _has(OPT_OUT, user_message)
    proposal = topic = ""
    if not opted_out and _assents(user_message):
        before = proposal_before(history, user_message, assistant_response)
        if before and _agreed_to(before, user_message):
            proposal = _chosen_part(before, user_message)
            topic = "\n".join(text for _, text in _messages(history)[-4:])
    verified = any(s.signals.verified for s in answer)
    unverified = any(s.signals.unverified or s.signals.hedges for s in answer if s.signals.verified)
    conclusion = any({"fix", "root_cause", "runbook"} & set(s.signals.categories) for s in answer)
    conclusion = conclusion or (verified and _has(RUNBOOK_ASKED, user_message))
    stated = [s for s in answer if (s.signals.past_action or _new_state(s)) and not s.signals.question]
    users = [s for s in said if s.signals.past_action and s.signals.fact and not s.signals.question]
    changed = conclusion or bool(stated) or bool(users)
    ok_calls = any(item.ok for item in evidence.items) and not any(not item.ok for item in evidence.items[-1:])
    hedged = any(s.signals.hedges or s.signals.unverified for s in (*stated, *users))
    # a change the turn checked (a verification word or the last tool call succeeding), whatever the words; a
    # status check alone, an unchecked restart or a hedged change is not a fix
    fix_context = not unverified and not hedged and changed and (verified or ok_calls)
    doubt = any(s.signals.hedges or s.signals.unverified for s in answer)
    return TurnReading(opted_out=opted_out, proposal=proposal, fix_context=fix_context, topic=topic,
                       checked=(verified or ok_calls) and not doubt)


def _new_state(sentence: Sentence) -> bool:
    """A change stated as the new state with its value ("el ingress tiene ahora X: 10.8.0.0/16", "now points to")."""
    return _has(NOW, sentence.text) and (states_value(sentence.text) or technical_value(sentence.text))


def _agreed_to(before: str, user_message: str) -> bool:
    """Whether the user's assent takes the last assistant message as agreed: a proposal (an offer to do one thing
    now only when it sets concrete values or the user makes it a rule), or a summary the user confirms."""
    if _has(PROPOSAL, before):
        lasting = _has(LASTING, user_message) or _has(LASTING, before)
        valued = states_value(before) and not _has(NOW, before)
        return lasting or valued or not _has(OFFER, before)
    return _has(CONFIRM, user_message) and not before.rstrip().endswith("?")


def backed_fix(signals: Signals) -> Signals | None:
    """A verified fix's sentence with a concrete fact or a conclusion, as a verified fix; None otherwise. When it
    happened ("esta noche", "today") does not make a fix transient; work still in progress does."""
    in_progress = [t for t in signals.transient
                   if t not in _WHEN and not _has(_FINISHED, t) and not _has(DURATION_SET, t) and t not in _NOTING]
    if signals.hedges or signals.question or signals.raw or signals.unverified or in_progress:
        return None
    if not signals.fact and not ({"fix", "root_cause", "runbook"} & set(signals.categories) or signals.verified):
        return None
    categories: tuple[Category, ...] = ("fix", *(c for c in signals.categories if c != "fix"))
    return replace(signals, categories=categories, past_action=(), transient=(), one_off=(),
                   verified=signals.verified or ("tool evidence",))


def users_word(signals: Signals) -> Signals:
    """The user's own unhedged root cause or fix, in a message that says how it was proven: verified."""
    if signals.hedges or signals.unverified or signals.question:
        return signals
    if not {"fix", "root_cause"} & set(signals.categories):
        return signals
    return replace(signals, verified=signals.verified or ("user",), past_action=(),
                   transient=tuple(t for t in signals.transient if t not in _WHEN))


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
    if (states_value(text) or technical_value(text)) and not _has(PROBLEM, text):
        return replace(signals, categories=("config",))
    short = len(tokens(fold(text))) < MIN_HABIT_WORDS
    if not habits or short or not _has(FIRST_PERSON, text) or _has(THANKS, text) or _has(ASSENT, text):
        return signals
    folded = fold(text)
    return replace(signals, categories=("preference",), one_off=ONE_OFF_TIME_SET.find(folded, grams(tokens(folded))))


def own_voice(signals: Signals, text: str, routed: Sequence[str] = ()) -> Signals:
    """A user's sentence as the speaker's own: a preference only in the first person ("la empresa prefiere…" is a
    business fact) and not as a wish for a system ("quiero que el panel de Argo CD…" is a decision the router
    places on the platform); a first-person rule with a habit's time frame ("I don't read Slack after 7pm") or a
    standing request addressed to the speaker ("mándamelos siempre…") is how the speaker works, unless the router
    places it in the business or on the platform ("política de impagos, que siempre me lo preguntáis: …")."""
    if signals.question or signals.hedges or signals.raw or signals.filler:
        return signals
    folded = fold(text)
    text_grams = grams(tokens(folded))
    kinds = set(signals.categories)
    first = FIRST_PERSON.search(folded, text_grams) or REQUEST_TO_ME_SET.search(folded, text_grams)
    if "preference" in kinds and "platform" in routed and "personal" not in routed and wish_for_a_system(text):
        return replace(signals, categories=tuple("decision" if c == "preference" else c for c in signals.categories))
    if "preference" in kinds:
        own = [t for t in CATEGORY_SETS["preference"].find(folded, text_grams, limit=20)
               if not THIRD_PERSON_PREFERENCE_SET.search(t, grams(tokens(t)))]
        if not own:  # someone else's way ("mi jefe prefiere…"): the organisation's is a business fact
            instead: Category = "process" if ORGANISATION.search(folded, text_grams) else "general"
            return replace(signals, categories=tuple(dict.fromkeys(
                instead if c == "preference" else c for c in signals.categories)))
    request = REQUEST_TO_ME_SET.search(folded, text_grams)
    shared = ("business" in routed or "platform" in routed) and not request
    if kinds - (_REQUEST_KINDS if request else _HABIT_KINDS):
        return signals
    if "preference" in kinds or not first or shared or technical_value(text):
        return signals
    if FIRST_PERSON_PLURAL.search(folded, text_grams) or not HABIT_SET.search(folded, text_grams):
        return signals
    return replace(signals, categories=("preference", *signals.categories))


def problem_report(signals: Signals, text: str) -> Signals:
    """A user's description of what goes wrong ("se mezclaban las cachés…", "keeps failing"): the turn's subject,
    not a fact to keep, unless it states a cause or a fix or the user asks to keep it."""
    if signals.strong or signals.weak or _NOT_A_PROBLEM & set(signals.categories):
        return signals
    if signals.verified or signals.past_action or "preference" in signals.categories:
        return signals
    if not (_has(PROBLEM, text) or _IMPERFECT.search(text) or "incident" in signals.categories):
        return signals
    if _has(CAUSE, text):  # "caducó porque el CNAME todavía apuntaba al hosting viejo": the cause, as the user saw it
        return replace(signals, categories=("root_cause", *signals.categories))
    return replace(signals, transient=(*signals.transient, "problem report"))


def business_fact(signals: Signals, text: str, routed: Sequence[str]) -> Signals:
    """A user's plain statement that the router places in business and not on the platform (a customer's billing,
    support hours, a policy) and that names no system value: a business fact."""
    if "business" not in routed or "platform" in routed or set(signals.categories) - {"config", "general"}:
        return signals
    if (signals.question or signals.hedges or signals.unverified or signals.filler or signals.raw
            or signals.one_off or signals.task_state):
        return signals
    if len(tokens(fold(text))) < MIN_HABIT_WORDS or technical_value(text) or _assents(text) or _has(THANKS, text):
        return signals
    if _has(PROBLEM, text) or _IMPERFECT.search(text):
        return signals
    return replace(signals, categories=("process",))


def agreed(signals: Signals, text: str = "") -> Signals:
    """A proposal sentence the user agreed to: a decision, no longer hedged; the offer itself ("Shall I?") is
    still a question."""
    categories = signals.categories if set(signals.categories) & _DECISION_CATEGORIES else (
        "decision", *signals.categories)
    hedges = tuple(h for h in signals.hedges if _has(DOUBT, h))
    offer = signals.question and len(tokens(fold(text))) <= MAX_OFFER_WORDS
    return replace(signals, categories=categories, hedges=hedges, unverified=(), transient=(), past_action=(),
                   question=offer,
                   strong=(*signals.strong, "agreed"))


def wish_for_a_system(text: str) -> bool:
    """A wish about how a thing should be, with nothing of the speaker's own in it ("quiero que el panel de Argo
    CD solo sea accesible desde la VPN"): a decision about that thing, not a personal preference."""
    folded = fold(text)
    text_grams = grams(tokens(folded))
    if not DESIRE_SET.search(folded, text_grams) or REQUEST_TO_ME_SET.search(folded, text_grams):
        return False
    rest = re.sub(r"\b(?:quiero que|me gustaria que)\b", " ", folded)
    return not OWN_SET.search(rest, grams(tokens(rest)))


def addresses_user(text: str) -> bool:
    """A proposal about how the assistant treats the user: it belongs to the user's personal scope."""
    return _has(ADDRESSEE_SET, text)
