"""A finished turn's units (sentence × scope): the user's sentences, the assistant's as the turn backs them, and
the proposal the user agreed to; each sentence goes only to the scopes it belongs to (design §16)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from ..identity import Identity
from .amounts import price_value
from .answer_echoes import user_fact_in_answer
from .assent import assents
from .candidates import CandidateBuilder, Unit
from .checked_facts import checked_fact
from .clauses import own_voice_units, split_units
from .continued_decisions import continued_decisions
from .corrections import corrected, without_discarded
from .dialogue_lexicon import (
    APPROVAL_REQUESTED,
    FILE_IT,
    FORGET_ASKED,
    GLOSS,
    LASTING,
    OPT_OUT,
    PROPOSAL,
)
from .discourse import (
    errand_terms,
    introduced_party,
    named_party,
    quoted_drafts,
    refusals,
    settled,
    sided_units,
    unsettled,
    with_party,
)
from .evidence import TurnEvidence
from .kinds import Category
from .listed_steps import listed_steps
from .note_requests import asks_to_note
from .opt_outs import opted_out_part
from .option_choice import takes_option
from .preference_reach import continued_preference, tells_its_reach
from .raw_output import settings_snippet
from .record_marks import without_keep_wish
from .run_report import reports_the_run, run_sections
from .sentences import Sentence
from .signals import Signals, holds_number, states_value, technical_value
from .term_matching import fold, mentions, tokens
from .time_lexicon import FROM_NOW_SET
from .turn_reading import (
    TurnReading,
    agreed,
    backed_fix,
    doubted,
    noted,
    proposal_before,
    read_turn,
    user_before,
    users_word,
)
from .voice_reading import (
    addresses_user,
    authority_rule,
    business_fact,
    own_voice,
    past_event,
    plain_statement,
    problem_report,
    reasoned_change,
    treatment_rule,
)

__all__ = ["TurnUnits", "turn_units"]

_NOT_THE_ASSISTANTS: frozenset[Category] = frozenset({"preference"})
MAX_ASSENT_ONLY = 10
MAX_BARE_ORDER_WORDS = 3   # "Quítalo.", "Bórralo ya": an order with nothing of its own
# A request to be told what memory holds, opening the sentence: "Recuérdame cuánto…", "Remind me which…"
_RECALL_ASKED = re.compile(r"^\W*(?:(?:oye|hey|ey)\W+)?(?:recuerdame|recuerdanos|remind\s+me|buscame|look\s+up|"
                           r"refresh\s+my\s+memory)\b")
# The user reports how a fix was proven: a postmortem, a before/after measurement.
_MEASURED = re.compile(r"(?i)\b(?:post-?mortem|dropped from|went from|fell from|bajo de|paso de|bajaron de)\b")
@dataclass(frozen=True, slots=True)
class TurnUnits:
    """The turn's analysed sentences (user, assistant, agreed proposal), its units and the unrouted sentences."""

    sentences: list[Sentence]
    units: list[Unit]
    unrouted: list[Sentence]
    reading: TurnReading


def _assistant(builder: CandidateBuilder, sentence: Sentence, reading: TurnReading,
               restating: frozenset[int], run: frozenset[int], said: Sequence[Sentence]) -> tuple[Sentence, str | None]:
    """An answer sentence as the turn backs it: a verified fix's fact goes to platform, anything else is the
    assistant's own statement (its "prefiero" is never the user's preference). A sentence of a fix's answer that
    speaks of the business alone, with no system value ("Anoto el abono SLA del 10 % a los tres clientes
    Business"), is no fact of the fix."""
    if (reading.fix_context or reading.noted) and (sentence.index in run or reports_the_run(sentence.text)):
        return _own_statement(sentence), None
    if reading.fix_context and sentence.signals.raw == "code-block" and settings_snippet(sentence.text):
        sentence = replace(sentence, signals=replace(sentence.signals, raw=None))   # the settings the fix applied
    routed = builder.routed_scopes(sentence.text)   # a price the router does not give to the platform is commercial
    commercial = (routed == ("business",) and not technical_value(sentence.text)) or (
        price_value(sentence.text) and "platform" not in routed)
    fixed = backed_fix(sentence.signals) if reading.fix_context and not commercial else None
    if fixed is not None:
        return replace(sentence, signals=fixed), "platform"
    kept = noted(sentence.signals, sentence.text) if reading.noted else None
    if kept is not None:
        return replace(sentence, signals=kept), None
    if reading.fact_checked and not commercial:
        found = checked_fact(sentence.signals, sentence.text)
        if found is not None:
            return replace(sentence, signals=found), "platform"
    if sentence.index in restating:
        return replace(sentence, signals=agreed(sentence.signals, sentence.text)), None
    read = partial(_user_sentence, builder, vouched=False, habits=False, fixing=False)
    if (theirs := user_fact_in_answer(builder, sentence, said, read, settles=not reading.proposal)) is not None:
        return theirs, None   # "Anoto también que Nómada Viajes tiene el SLA Gold", "Queda fijado el horario: …"
    return _own_statement(sentence), None


def _own_statement(sentence: Sentence) -> Sentence:
    """An answer sentence as the assistant's own statement, backed by nothing the user said or a tool showed."""
    categories = tuple(c for c in sentence.signals.categories if c not in _NOT_THE_ASSISTANTS)
    return replace(sentence, signals=replace(sentence.signals, categories=categories, unbacked=True))


_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
MIN_RESTATED_VALUES = 2


def restates(text: str, proposal: str) -> bool:
    """Whether an answer sentence restates the agreed proposal: its values are the proposal's, at least two of them
    (or its only one). "Done: Nubosa gets the Pro plan at 480 EUR instead of 540…" names what the proposal took for
    granted ("Proposal: 480 EUR/year instead of 540…")."""
    said, proposed = set(_NUMBER.findall(text)), set(_NUMBER.findall(proposal))
    return bool(said) and said <= proposed and len(said) >= min(MIN_RESTATED_VALUES, len(proposed))


def _proven(signals: Signals) -> Signals:
    """A sentence of a user message that says how its fix was proven: the change made is a verified fix."""
    fixed = backed_fix(signals) if signals.past_action and signals.fact else None
    return fixed or users_word(signals)


# A line pasted from a chat or an email ("[22:14] Jordi: …", "> Le informamos…"): someone else's words.
_PASTED_LINE = re.compile(r"^\s*(?:\[?\d{1,2}:\d{2}(?::\d{2})?\]?|>)")


def _user_sentence(builder: CandidateBuilder, sentence: Sentence, *, vouched: bool, habits: bool,
                   fixing: bool, asking: bool = False) -> Sentence:
    """A user's sentence as the turn reads it: whose voice it is, a problem report, a proven fix or a reported
    cause, else a plain statement (a configuration fact, a habit), and a plain business fact unless it opens a
    fix's turn (`fixing`: then it is the problem or request the fix answers, "Ferretería Nieto ha borrado la
    mitad de los productos")."""
    kept = without_keep_wish(without_discarded(sentence.text))   # what is stored; the sentence is read as written
    if not sentence.signals.question and _RECALL_ASKED.match(fold(sentence.text)) and builder.asks_memory(
            sentence.text):   # "Recuérdame cuánto cuesta el plan Basic, que me lo pregunta un cliente": a question
        sentence = replace(sentence, signals=replace(sentence.signals, question=True))
    if not kept:   # "Lo de 59 € era la primera propuesta, que descartamos": a value no longer held
        return replace(sentence, signals=replace(sentence.signals, transient=(*sentence.signals.transient, "dropped")))
    routed = builder.routed_scopes(sentence.text)
    base = past_event(problem_report(own_voice(sentence.signals, sentence.text, routed), sentence.text), sentence.text)
    base = corrected(base, sentence.text)
    read = _proven(base) if vouched else base
    if read is base:
        read = plain_statement(reasoned_change(base, sentence.text), sentence.text, habits=habits)
    # a plain sentence beside the user's question is its context ("I need to know before I answer their email")
    read = read if fixing or asking else business_fact(read, sentence.text, routed)
    return replace(sentence, text=kept, signals=authority_rule(treatment_rule(read, sentence.text), sentence.text))


def _as_filler(sentence: Sentence) -> Sentence:
    return replace(sentence, signals=replace(sentence.signals, filler=True))


def _says_nothing_of_its_own(text: str) -> bool:
    """Short and with no value: "Sí, hagámoslo así", "Add it to the approval checklist"."""
    return not states_value(text) and not holds_number(text) and len(tokens(fold(text))) <= MAX_ASSENT_ONLY


def _assent_only(sentence: Sentence) -> Sentence:
    """A short user sentence that only agrees, with no value of its own, as filler."""
    agrees = assents(sentence.text) or takes_option(sentence.text)
    return _as_filler(sentence) if agrees and _says_nothing_of_its_own(sentence.text) else sentence


def _filing_only(sentence: Sentence) -> Sentence:
    """A short user order to file what the turn said, by a pronoun ("Apúntalo en el documento de proveedores",
    "Add it to the approval checklist"), with no value of its own, as filler: what is filed is the content."""
    files = sentence.role == "user" and mentions(FILE_IT, sentence.text)
    return _as_filler(sentence) if files and _says_nothing_of_its_own(sentence.text) else sentence


def _request_glosses(sentences: list[Sentence]) -> list[Sentence]:
    """A user sentence right after the user's request that only says what or where the requested thing is, as
    filler: it points the request at its object and tells nothing lasting ("Review PR #418. It's the …")."""
    out = list(sentences)
    for number in range(1, len(out)):
        before, sentence = out[number - 1], out[number]
        asks = before.signals.question or bool(before.signals.errand or before.signals.transient)
        if before.role == sentence.role == "user" and asks and not sentence.signals.strong \
                and mentions(GLOSS, sentence.text):
            out[number] = _as_filler(sentence)
    return out


def _up_for_approval(sentences: list[Sentence]) -> list[Sentence]:
    """The user's sentences when the approver is asked to approve or process an item ("Gasto de Jordi: taxi…, 38 €.
    ¿Lo apruebas?", "Jordi wants approval to issue CN-2025-014. Check it matches what we agreed."): the item and
    what to check in it, one case pending a decision, not a rule (unless said to last)."""
    if not any(s.role == "user" and mentions(APPROVAL_REQUESTED, s.text) for s in sentences):
        return sentences
    return [replace(s, signals=replace(s.signals, one_off=(*s.signals.one_off, "approval asked")))
            if s.role == "user" and not mentions(LASTING, s.text) else s for s in sentences]


def _continued(said: list[Sentence], habits: bool) -> list[Sentence]:
    """The user's sentences with each detail of a preference just stated read as part of it (plain talk only, but
    for how far it reaches: "That's every week, not just this one" beside a calendar tool's call)."""
    out: list[Sentence] = []
    for sentence in said:
        if out and (habits or tells_its_reach(sentence.text)):
            sentence = replace(sentence, signals=continued_preference(out[-1].signals, sentence.signals,
                                                                      sentence.text, out[-1].text))
        out.append(sentence)
    return out


def turn_units(builder: CandidateBuilder, identity: Identity | None, *, user: str, answer: str,
               history: Any, evidence: TurnEvidence, session_id: str | None, turn_id: str | None,
               source_agent: str | None, platform: str | None) -> TurnUnits:
    """Read the turn, then build one unit per (sentence, scope) it belongs to."""
    hashes = evidence.line_hashes()
    said = builder.sentences(user, "user", tool_line_hashes=hashes)
    answered = builder.sentences(answer, "assistant", first_index=len(said), tool_line_hashes=hashes)
    reading = read_turn(user, answer, history, answered, evidence, said)
    # "Remind me how we fixed X?": the answer is recall; a calendar's or a CRM's calls fix nothing of the platform
    if (not evidence.world and builder.asks_memory(user)) or builder.checks_elsewhere(evidence):
        reading = replace(reading, fix_context=False, fact_checked=False)
    proposed = builder.sentences(reading.proposal, "proposal", first_index=len(said) + len(answered))
    pinned: dict[int, str] = {}
    vouched = any(s.signals.verified for s in said) or bool(_MEASURED.search(fold(user))) or reading.checked
    asking = any(s.signals.question and not _PASTED_LINE.match(s.text) for s in said)
    habits = not evidence.items and not asking
    sentences = errand_terms(unsettled(settled(listed_steps(_continued([
        _user_sentence(builder, s, vouched=vouched, habits=habits, fixing=reading.fix_context and number == 0,
                       asking=asking) for number, s in enumerate(said)], habits), user))))
    system = partial(_system, builder)   # "Argo CD" is a system, not a party
    party = named_party(user_before(history, user, answer), user)
    party = "" if system(party) else party
    sentences = with_party(quoted_drafts(sentences), party) if party else introduced_party(quoted_drafts(sentences),
                                                                                           system)
    sentences = refusals(sentences, mentions(PROPOSAL, proposal_before(history, user, answer)))
    sentences, details = continued_decisions(sentences, builder.routed_scopes)
    pinned.update(details)
    if reading.proposal:  # "Me parece perfecto, hazlo así a partir de ahora": the agreed proposal is the content
        sentences = [_assent_only(s) for s in sentences]
    sentences = _up_for_approval(_request_glosses([_filing_only(s) for s in sentences]))
    if reading.noted:   # the request to keep the answer is no content of its own
        sentences = [_as_filler(s) if s.role == "user" and asks_to_note(s.text) else s for s in sentences]
    restating = frozenset(s.index for s in answered if reading.proposal and restates(s.text, reading.proposal))
    run = run_sections(answered)
    users = [s for s in sentences if s.role == "user"]
    for sentence in answered:
        backed, scope = _assistant(builder, sentence, reading, restating, run, users)
        sentences.append(backed)
        if scope is not None and scope in builder.router.known_scopes:
            pinned[backed.index] = scope
    agreed_sentences, agreed_pins = _agreed_proposal(proposed, "personal" in builder.router.known_scopes)
    sentences.extend(with_party(agreed_sentences, party))   # "Fundación Arce: (1) … 3 plazos mensuales de 445 €"
    pinned.update(agreed_pins)
    if "personal" in agreed_pins.values():
        sentences, details = _own_details(sentences)
        pinned.update(details)
    # the whole turn, or only the user's sentences that opt out of their own part ("lo de las vacaciones no lo
    # guardes; pero esto sí: …")
    parts = {part for s in sentences if s.role == "user" and (part := opted_out_part(s.text))}
    sentences = _marked_opted_out(sentences, reading.opted_out, parts)
    common: dict[str, Any] = {"origin": "turn", "evidence": evidence, "identity": identity, "session_id": session_id,
                              "turn_id": turn_id, "source_agent": source_agent, "platform": platform}
    units = [builder.unit(s, pinned[s.index], routed_by="category", **common) for s in sentences if s.index in pinned]
    free = [s for s in sentences if s.index not in pinned]
    routed, unrouted = builder.units(free, fallback=_fallback(builder, reading, user, answer, evidence.tools),
                                     **common)
    routed = sided_units(own_voice_units(builder, split_units(builder, routed, **common), **common))
    return TurnUnits(sentences=sentences, units=_ordered(_in_proposal_scopes(units + routed, restating)),
                     unrouted=unrouted, reading=reading)


def _system(builder: CandidateBuilder, name: str) -> bool:
    """Whether a name is one of the platform's systems (the router places it there alone), not a party."""
    return bool(name) and builder.routed_scopes(name) == ("platform",)


def _fallback(builder: CandidateBuilder, reading: TurnReading, user: str, answer: str,
              tools: Sequence[str]) -> tuple[str, ...]:
    """Where a sentence that routes nowhere goes: the whole turn's scopes, or an agreed proposal's own words' (the talk
    before it only if they name none); a proposal is personal only when it treats the user (pinned apart)."""
    if not reading.proposal:
        return builder.context_scopes([user, answer], tools)
    return tuple(s for s in builder.context_scopes([reading.proposal], tools) if s != "personal") or tuple(
        s for s in builder.context_scopes([reading.proposal, reading.topic], tools) if s != "personal")


def _agreed_proposal(proposed: list[Sentence], personal: bool) -> tuple[list[Sentence], dict[int, str]]:
    """The agreed proposal's sentences, as agreed; one about how the assistant treats the user is their preference,
    pinned to personal (when the plane has that scope)."""
    out: list[Sentence] = []
    pins: dict[int, str] = {}
    for number, sentence in enumerate(proposed):
        # "Quizá convenga subir el precio… ¿Saco los números primero?": the yes is to the closing offer, the
        # hedged idea before it stays a hedge
        offered_after = any(later.signals.question for later in proposed[number + 1:])
        if not (offered_after and doubted(sentence.signals)):
            sentence = replace(sentence, signals=agreed(sentence.signals, sentence.text, closing=number > 0))
        if personal and addresses_user(sentence.text):
            pins[sentence.index] = "personal"   # how the assistant will treat the user, agreed: their preference
            kinds = sentence.signals.categories
            if "preference" not in kinds:   # agreed, it is decided; what it decides is the user's preference
                kinds = ("decision", "preference", *(c for c in kinds if c != "decision"))
                sentence = replace(sentence, signals=replace(sentence.signals, categories=kinds))
        out.append(sentence)
    return out, pins


# A reply that opens by agreeing: "Sí, please: los lunes a las 9, …", "Yes, Mondays at 9".
_OPENS_AGREEING = re.compile(r"^\W*(?:si|yes|ok|okay|vale|sure|claro|perfecto|perfect|dale|venga|great|genial)\b")


def _own_details(sentences: list[Sentence]) -> tuple[list[Sentence], dict[int, str]]:
    """The user's sentences that agree to a proposal about how they are treated and add its details ("Sí,
    please: los lunes a las 9, el resumen de incidencias"), as the user's preference too; and their scope by index."""
    out: list[Sentence] = []
    pins: dict[int, str] = {}
    for sentence in sentences:
        if sentence.role == "user" and holds_number(sentence.text) and _OPENS_AGREEING.match(fold(sentence.text)):
            pins[sentence.index] = "personal"
            sentence = replace(sentence, signals=replace(sentence.signals, categories=("preference",), filler=False))
        out.append(sentence)
    return out, pins


def _names_part(sentence: Sentence, parts: set[str]) -> bool:
    """A sentence that speaks of a part the user opted out of ("…el descuento del 15 %…" after "lo del descuento
    no lo guardes")."""
    return bool(parts) and any(word.startswith(part[:max(4, len(part) - 2)])
                               for word in tokens(fold(sentence.text)) for part in parts)


def _marked_opted_out(sentences: list[Sentence], whole_turn: bool, parts: set[str]) -> list[Sentence]:
    """The sentences with those the user opted out of marked: all of them (`whole_turn`), a user sentence that asks
    to forget or not keep itself and the bare order after it ("Olvida lo del descuento… Quítalo."), or one that
    names a part opted out of."""
    out: list[Sentence] = []
    for s in sentences:
        after = bool(out) and out[-1].role == "user" and out[-1].signals.opted_out \
            and len(tokens(fold(s.text))) <= MAX_BARE_ORDER_WORDS
        user_out = s.role == "user" and (_opts_out_of_itself(s.text) or after)
        out.append(replace(s, signals=replace(s.signals, opted_out=True))
                   if whole_turn or user_out or _names_part(s, parts) else s)
    return out


def _opts_out_of_itself(text: str) -> bool:
    """A user sentence that asks not to keep it, or to forget what it names unless it says what holds instead
    ("Olvida lo de los resúmenes en inglés; desde hoy, todo en castellano": a changed preference)."""
    return mentions(OPT_OUT, text) or (mentions(FORGET_ASKED, text) and not mentions(FROM_NOW_SET, text))


def _in_proposal_scopes(units: list[Unit], restating: frozenset[int]) -> list[Unit]:
    """The units, an answer sentence that restates the agreed proposal (`restating`) kept only in the proposal's
    scopes."""
    if not restating:
        return units
    scopes = {u.candidate.scope for u in units if u.sentence.role == "proposal"}
    return [u for u in units if u.sentence.index not in restating or u.candidate.scope in scopes]


def _ordered(units: Sequence[Unit]) -> list[Unit]:
    return sorted(units, key=lambda u: u.sentence.index)
