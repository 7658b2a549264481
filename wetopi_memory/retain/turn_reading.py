"""How a finished turn is read before its sentences are judged: the user's opt-out, the user's assent to the
assistant's proposal (from Hermes' `conversation_history`), and which assistant sentences the turn backs.

Only the user's words make memory on their own. An assistant sentence counts when the user assented to it (the
proposal of the last assistant message before this turn) or when it states a concrete fact of a fix the turn
verified (a change the answer or the user states, checked by the tools or the answer). "No guardes esto" / "don't
save this" drops the turn. How each user sentence is read (whose voice it is) is `retain/voice_reading`.
Deterministic, bounded, no LLM (design §12, A4).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .amendment import amended_proposal, amendment
from .assent import added_condition, assents, opening_and_rest, opens_with_assent
from .certainty_lexicon import FAILED_ATTEMPT_SET, OPEN_OUTCOME_SET
from .dialogue_lexicon import (
    ACT_ONCE_ASKED,
    APPROVAL_ASKED,
    CHANGE_ORDERED,
    CHANGE_REQUEST,
    CHECK_ASKED,
    CONFIRM,
    CONFIRM_ASKED,
    DOUBT,
    FIX_ASKED,
    LASTING,
    LASTING_KIND,
    NAMES_IT,
    NOW,
    NOW_TO_ACT,
    OFFER,
    OPTIONS,
    PROPOSAL,
    RECOMMENDATION,
    RUNBOOK_ASKED,
    SNAPSHOT,
    STATUS_ASKED,
    TRIAL_ASSENT,
)
from .evidence import TurnEvidence
from .kinds import Category
from .note_requests import notes_the_answer
from .opt_outs import opts_out
from .option_choice import chosen_part, picked_option, picks_an_option
from .sentences import Sentence
from .signals import Signals, money_value, states_value, technical_value
from .speaker_lexicon import DURATION_SET, WHEN
from .term_matching import TermSet, fold, mentions, tokens
from .time_lexicon import FINISHED

__all__ = ["TurnReading", "agreed", "backed_fix", "doubted", "message_text", "noted", "proposal_before", "read_turn",
           "users_word", "works_now"]

MAX_HISTORY_MESSAGES = 8
MAX_PROPOSAL_CHARS = 4000
MIN_STEP_WORDS = 6
MAX_OFFER_WORDS = 4  # "Shall I?", "¿Así?": the question that closes a proposal, not part of it

# The assistant noting the result down ("lo dejo anotado: MTU 1450"): not work in progress.
_NOTING = frozenset({"lo dejo anotado", "i'll note", "i will note"})
_WHEN = frozenset(WHEN)
MAX_FINISHED_WORDS = 3
# Task state that a verified fix's sentence may carry: it finished, it happened today.
# a verified fix's closing word ("…and the rsync finished", "Done") says the work ended, not that it goes on
_FINISHED = TermSet((*FINISHED, "task completed", "task complete", "done", "finished", "completed", "complete",
                     "resolved", "terminado", "terminada", "hecho", "listo", "lista", "resuelto", "resuelta",
                     "finalizado", "finalizada"))
# What went wrong before the change, told in the past ("certs kept failing…, so I moved…"): not work in progress.
_BEFORE_THE_FIX = re.compile(r"(?:kept|seguia|seguian)\b")
# A change turned down or put off, told in the past: nothing changed ("Lo he rechazado: el E2E falla…", "he abierto la
# tarea WT-1201 para revisarlo")
_DECLINED = re.compile(r"(?i)\b(?:lo|la|los|las)\s+he\s+rechazado\b|\bi(?:'ve|\s+have)?\s+rejected\b|\brejected\s+it\b"
                       r"|\bhe\s+(?:abierto|creado)\s+(?:la|una|el|un)\s+(?:tarea|ticket|incidencia|issue)\b"
                       r"|\bi(?:'ve|\s+have)?\s+(?:opened|created|filed)\s+(?:a|an|the)\s+(?:ticket|task|issue)\b")
# How the change came out, a state after it ("el backup ha ido bien", "caduca en 89 días"): not work in progress.
_SETTLED = re.compile(r"(?:ha ido bien|han ido bien|went well|fue bien|is going well"
                      r"|(?:caduca|caducan|expira|expiran|expires?|vence|vencen)\b)")
_DECISION_CATEGORIES: frozenset[Category] = frozenset({"decision", "pricing", "strategy", "staffing", "process",
                                                      "runbook", "constraint", "architecture", "config",
                                                      "preference"})


@dataclass(frozen=True, slots=True)
class TurnReading:
    """What the turn says about its own sentences: dropped, backed, and the proposal the user agreed to."""

    opted_out: bool
    proposal: str
    fix_context: bool
    topic: str = ""  # the conversation the agreed proposal answers (its scopes place the proposal)
    checked: bool = False  # the turn checks what was changed: tool calls succeeded or the answer verifies, no doubt
    noted: bool = False  # the user asks to keep what the answer says ("apunta esto como procedimiento")
    fact_checked: bool = False  # the user asked to check a fact of a system, and the answer checked it, no doubt


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


def user_before(history: Any, user_message: str, assistant_response: str) -> str:
    """The user's last message before this turn (the party or topic this turn's words may go on about)."""
    messages = [(role, text.strip()) for role, text in _messages(history)]
    if messages and messages[-1] == ("assistant", assistant_response.strip()):
        messages.pop()
    if messages and messages[-1] == ("user", user_message.strip()):
        messages.pop()
    return next((text for role, text in reversed(messages) if role == "user"), "")


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


_ALSO = re.compile(r"\b(?:i've also|i have also|i also|tambien he|ademas he)\b")


def read_turn(user_message: str, assistant_response: str, history: Any, answer: Sequence[Sentence],
              evidence: TurnEvidence, said: Sequence[Sentence] = ()) -> TurnReading:
    """The opt-out, the agreed proposal (empty when none) and whether the turn reports a verified fix: a change
    the answer or the user (`said`) states, checked by the answer or the tools."""
    opted_out = opts_out(user_message, said)
    proposal = topic = ""
    condition = "" if opted_out else added_condition(user_message)
    change = "" if opted_out or condition else amendment(user_message)
    takes = not opted_out and picks_an_option(user_message)
    if not opted_out and (change or condition or takes or assents(user_message) or opens_with_assent(user_message)):
        before = proposal_before(history, user_message, assistant_response)
        # a change of one of its values takes terms stated without proposal words too ("les toca un 10 %…")
        valued = states_value(before) or money_value(before)
        if before and (_agreed_to(before, user_message) or (change and valued)):
            proposal = (amended_proposal(before, change) or "") if change else chosen_part(before, user_message)
            proposal = f"{proposal.rstrip().rstrip('.;')}; {condition}" if proposal and condition else proposal
            topic = "\n".join(text for _, text in _messages(history)[-4:]) if proposal else ""
    # "fixed, thanks", "ya funciona": the user saw the change work, which checks it as a tool call would
    works = works_now(user_message)
    verified = any(s.signals.verified for s in answer) or works
    unverified = any(s.signals.unverified or s.signals.hedges for s in answer if s.signals.verified)
    conclusion = any({"fix", "root_cause", "runbook"} & set(s.signals.categories) for s in answer)
    asked = mentions(RUNBOOK_ASKED, user_message) or mentions(FIX_ASKED, user_message)
    conclusion = conclusion or (verified and asked)
    stated = [s for s in answer if (s.signals.past_action or _new_state(s) or _finished_only(s))
              and not s.signals.question and not _DECLINED.search(s.text)]
    users = [s for s in said if s.signals.past_action and s.signals.fact and not s.signals.question]
    # a configuration the tools applied, told as its state ("`VeleroBackupFailed` fires when …"): what changed
    applied = evidence.changed_config and any(s.signals.fact and technical_value(s.text) for s in answer)
    # a value the user ordered changed this turn ("raise it to 600 and rerun"), reported back checked
    ordered = mentions(CHANGE_ORDERED, user_message) and any(technical_value(s.text) for s in answer)
    changed = conclusion or bool(stated) or bool(users) or (works and bool(answer)) or applied or ordered
    world = evidence.world
    ok_calls = any(item.ok for item in world) and not any(not item.ok for item in world[-1:])
    hedged = _doubted_change((*stated, *users), answer)
    # a change the turn checked (a verification word or the last tool call succeeding), whatever the words; a
    # status check alone, an unchecked restart or a hedged change is not a fix
    # an outcome the answer or the user leaves open ("I can't tell yet whether that fixes it"); a hedged guess about
    # something else ("Quizá lo mismo pasó en rke2-w-02…, no tengo datos") is its own speculation
    open_outcome = any(mentions(OPEN_OUTCOME_SET, s.text) and not s.signals.hedges for s in answer) \
        or any(mentions(OPEN_OUTCOME_SET, s.text) for s in said)
    # a change of a system: tools touched one, the user saw it work, or the change names a system's value (a hire
    # "confirmado" is no fix)
    technical = bool(world) or works or ordered or any(technical_value(s.text) for s in (*stated, *users))
    # a job's state asked for ("Is it done?", "Summarize this"), reported with nothing the assistant did itself
    status = mentions(STATUS_ASKED, user_message) and not evidence.changed_config and not ordered \
        and not any(s.signals.past_action for s in answer)
    fix_context = not status and not unverified and not hedged and not open_outcome and changed \
        and (verified or ok_calls) and technical
    # doubt about what was checked: a hedged verification or an unverified claim, not a hedged piece of advice
    # after it ("te sugiero vigilar la memoria estos días")
    doubt = unverified or any(s.signals.unverified for s in answer)
    checked = (verified or ok_calls) and not doubt and not open_outcome
    return TurnReading(opted_out=opted_out, proposal=proposal, fix_context=fix_context, topic=topic,
                       checked=checked, noted=notes_the_answer(user_message),
                       fact_checked=checked and not fix_context and mentions(CHECK_ASKED, user_message))


def _doubted_change(changes: Sequence[Sentence], answer: Sequence[Sentence]) -> bool:
    """Whether a change the turn states is hedged or unverified; not a second change left unchecked ("I've also
    added X, but it's not verified yet": rejected on its own), nor an attempt told as failed beside a change that
    worked ("Fixed. … Deleting the secret didn't help")."""
    worked = any(s.signals.verified and not s.signals.unverified and not s.signals.hedges for s in answer)
    return any(s.signals.hedges or s.signals.unverified for s in changes
               if not _ALSO.search(fold(s.text)) and not (worked and _failed_attempt(s)))


def _failed_attempt(sentence: Sentence) -> bool:
    """An attempt told as failed, and nothing else in doubt: "Bajar el parallelism a 2 no sirvió"."""
    return not sentence.signals.hedges and mentions(FAILED_ATTEMPT_SET, sentence.text)


MAX_OUTCOME_WORDS = 16
# What the user sees working again after a change; a negation or a doubt just before it says the opposite.
_WORKS_NOW = re.compile(
    r"(?<!\w)(?:fixed|it works|works now|working now|it's working|is back|are back|all good now|back to normal"
    r"|problem solved|ya funciona|ya funcionan|funciona ya|vuelve a funcionar|vuelven a funcionar|ya va|ya van"
    r"|arreglado|solucionado|ha vuelto|han vuelto|ya responde|ya carga)(?!\w)")
_NOT_YET = re.compile(r"(?<!\w)(?:no|not|isn't|aren't|still|sigue|siguen|todavia|aun|never|nunca|creo que|i think"
                      r"|parece que|seems)\W+(?:\w+\W+)?$")


def works_now(user_message: str) -> bool:
    """A short reply in which the user confirms the change works ("fixed, thanks", "good, backups are back")."""
    folded = fold(user_message)
    if "?" in folded or len(tokens(folded)) > MAX_OUTCOME_WORDS:
        return False
    return any(not _NOT_YET.search(folded[:m.start()]) for m in _WORKS_NOW.finditer(folded))


def noted(signals: Signals, text: str) -> Signals | None:
    """An answer sentence the user asked to keep, as a runbook's step; None when it doubts, asks or is filler."""
    if signals.hedges or signals.unverified or signals.question or signals.filler or signals.raw \
            or mentions(SNAPSHOT, text):   # "12 of the 51 addresses are in use right now": a reading, no step
        return None
    if not signals.fact and (not signals.categories or len(tokens(fold(text))) < MIN_STEP_WORDS):
        return None  # "Apuntado.", "Noted as the runbook.": the acknowledgement, not the content
    return replace(signals, categories=("runbook", *(c for c in signals.categories if c != "runbook")),
                   transient=(), past_action=(), errand=(), strong=(*signals.strong, "noted"))


def _finished_only(sentence: Sentence) -> bool:
    """An answer sentence that only says the work ended ("Finished.", "Terminado."): what ended is the change."""
    return len(tokens(fold(sentence.text))) <= MAX_FINISHED_WORDS and mentions(_FINISHED, sentence.text)


# A value told beside the one it replaced, or since when it holds: the state a change left.
_CHANGED_FROM = re.compile(r"(?i)\((?:was|antes|before|era|previously|antes era)\s+[^)]{1,30}\)"
                           r"|\bsince (?:switching|changing|moving|raising|lowering|setting|bumping)\b"
                           r"|\bdesde que (?:cambiamos|cambie|subimos|subi|bajamos|baje|pusimos|puse|pasamos)\b")


def _new_state(sentence: Sentence) -> bool:
    """A change stated as the new state with its value ("el ingress tiene ahora X: 10.8.0.0/16", "now points to"),
    not a reading of the moment ("Right now: CPU at 61 %")."""
    valued = states_value(sentence.text) or technical_value(sentence.text)
    if valued and _CHANGED_FROM.search(sentence.text):
        return True   # "With `pm.max_children = 12` (was 5)…", "Since switching the Service to `Local`…"
    return mentions(NOW, sentence.text) and not mentions(SNAPSHOT, sentence.text) and valued


def _agreed_to(before: str, user_message: str) -> bool:
    """Whether the user's assent takes the last assistant message as agreed: a proposal (an offer to do one thing
    now only when it sets concrete values or the user makes it a rule), or a summary the user confirms."""
    # "Me quedo con Wetopi Agents", "Sí al 1 y al 3": agreed when it names offered options
    if picks_an_option(user_message):
        return chosen_part(before, user_message) != before
    opening, _ = opening_and_rest(user_message)   # the agreement; what follows it is said besides
    if mentions(TRIAL_ASSENT, opening) and not mentions(LASTING, user_message):
        return False   # "Vale, prueba.": leave to try what was proposed, which the turn may still disprove
    if mentions(APPROVAL_ASKED, before) and not (mentions(LASTING, opening) or mentions(LASTING, before)):
        return False   # one pending item let through ("¿Apruebo?" + "Aprobado.")
    if mentions(OPTIONS, before) and not mentions(RECOMMENDATION, before) and not picked_option(fold(user_message)):
        return False  # "Hay tres opciones…, no hay una claramente mejor" + "Vale": nothing chosen
    if mentions(PROPOSAL, before):
        lasting = mentions(LASTING, user_message) or mentions(LASTING, before)
        if mentions(CHANGE_REQUEST, before):
            return lasting
        valued = (states_value(before) or money_value(before)) and not mentions(NOW_TO_ACT, before)
        once = mentions(OFFER, before) or (mentions(ACT_ONCE_ASKED, before) and not mentions(RECOMMENDATION, before))
        return lasting or valued or not once
    if before.rstrip().endswith("?"):   # a yes to "¿Lo doy por bueno?" confirms; to "¿Reinicio el pod?", nothing
        return mentions(CONFIRM_ASKED, _closing_question(before))
    # "Exacto", or naming what the summary is: "Sí, ese es el runbook", "Yes, that's our policy"
    return mentions(CONFIRM, user_message) or (mentions(NAMES_IT, opening) and mentions(LASTING_KIND, opening))


def _closing_question(message: str) -> str:
    """The question a message ends with (from its last sentence break)."""
    body = message.rstrip()[:-1]
    cut = max(body.rfind(mark) for mark in (".", "!", "?", "\n", ":"))
    return message[cut + 1:]


def backed_fix(signals: Signals) -> Signals | None:
    """A verified fix's sentence with a concrete fact or a conclusion, as a verified fix; None otherwise. When it
    happened ("esta noche", "today") does not make a fix transient; work still in progress does."""
    if signals.hedges or signals.question or signals.raw or signals.unverified or _in_progress(signals):
        return None
    if not signals.fact and not ({"fix", "root_cause", "runbook"} & set(signals.categories) or signals.verified):
        return None
    categories: tuple[Category, ...] = ("fix", *(c for c in signals.categories if c != "fix"))
    return replace(signals, categories=categories, past_action=(), transient=(), one_off=(),
                   verified=signals.verified or ("tool evidence",))


def _in_progress(signals: Signals) -> list[str]:
    """The sentence's task-state terms that say work goes on: not when it happened, how it ended or what it was."""
    return [t for t in signals.transient if t not in _WHEN and t not in _NOTING and not _BEFORE_THE_FIX.match(t)
            and not _SETTLED.match(t) and not mentions(_FINISHED, t) and not mentions(DURATION_SET, t)]


def users_word(signals: Signals) -> Signals:
    """The user's own unhedged root cause or fix, in a message that says how it was proven: verified."""
    if signals.hedges or signals.unverified or signals.question:
        return signals
    kinds = set(signals.categories)
    if not {"fix", "root_cause"} & kinds:
        if kinds & {"config", "architecture"} and signals.fact and signals.transient and not (
                signals.past_action or _in_progress(signals)):
            return replace(signals, transient=())  # "…velero-hourly-marblau, first run already completed"
        return signals
    return replace(signals, verified=signals.verified or ("user",), past_action=(),
                   transient=tuple(_in_progress(signals)))


def doubted(signals: Signals) -> bool:
    """Whether a sentence doubts what it says ("quizá convenga…"), beyond proposing it ("propongo…", "podemos…")."""
    return any(not mentions(PROPOSAL, hedge) for hedge in signals.hedges)


# A limit that holds until changed: "activar HPOS solo en tiendas pequeñas por ahora"
_UNTIL_CHANGED = frozenset({"por ahora", "de momento", "por el momento", "for now", "for the time being"})


def agreed(signals: Signals, text: str = "", *, closing: bool = False) -> Signals:
    """A proposal sentence the user agreed to: a decision, no longer hedged; the offer itself ("Shall I?", "Want
    me to add it?") is still a question."""
    categories = signals.categories if set(signals.categories) & _DECISION_CATEGORIES else (
        "decision", *signals.categories)
    hedges = tuple(h for h in signals.hedges if mentions(DOUBT, h))
    # "Plan: … Shall I change the schedules?": a `closing` question after the proposal asks leave to carry it
    # out; with no value of its own it is not part of what was agreed
    offer = signals.question and (len(tokens(fold(text))) <= MAX_OFFER_WORDS
                                  or (closing and mentions(OFFER, text) and not states_value(text)))
    # "activar HPOS solo en tiendas pequeñas por ahora": an agreed step that holds until changed, not a one-off
    one_off = tuple(term for term in signals.one_off if term not in _UNTIL_CHANGED)
    return replace(signals, categories=categories, hedges=hedges, unverified=(), transient=(), past_action=(),
                   errand=(), question=offer, one_off=one_off,
                   strong=(*signals.strong, "agreed"))
