"""How one sentence of the user is read before it is judged: whose voice it is (the speaker's own habit or
preference, someone else's, a wish for a system), the detail of a preference just stated, a change reported with
its reason, a problem report (the turn's subject, not memory), and a plain business fact when the router places
it in business alone. Deterministic, bounded, no LLM (design §12, A4)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from .assent import assents
from .category_shapes import MINE_OPENER, RULE_LABEL
from .dialogue_lexicon import ALWAYS, ASSENT, CAUSE, PROBLEM, PURPOSE, THANKS
from .kinds import Category, Voice
from .lexicon import CATEGORY_SETS, CATEGORY_TERMS
from .quotes import quoted_passages
from .signals import Signals, money_value, states_value, technical_value
from .speaker_lexicon import (
    ADDRESSEE_SET,
    AUTHORITY_SET,
    DESIRE_SET,
    FIRST_PERSON,
    FIRST_PERSON_PERFECT,
    FIRST_PERSON_PLURAL,
    HABIT_SET,
    INDIFFERENT_SET,
    KEEP_IN_MIND,
    ORGANISATION,
    OTHERS_SERVED_SET,
    OWN_POSITION,
    OWN_SET,
    OWN_WAY,
    REQUEST_TO_ME_SET,
    THIRD_PARTY,
    THIRD_PARTY_SET,
    THIRD_PERSON_PREFERENCE_SET,
    TREATMENT_SET,
    WHEN,
)
from .term_matching import TermSet, fold, grams, mentions, tokens
from .time_lexicon import FROM_NOW_SET, ONE_OFF_TIME_SET, REGULAR

__all__ = [
    "MIN_HABIT_WORDS",
    "addresses_user",
    "authority_rule",
    "business_fact",
    "own_voice",
    "past_event",
    "plain_statement",
    "problem_report",
    "reasoned_change",
    "speaks_for_self",
    "treatment_rule",
    "voice_of",
    "wish_for_a_system",
]

MIN_HABIT_WORDS = 5
# A person, not a company, as the one who likes it: "she says the pings drive her mad" ("their invoices" may be a
# customer's).
_PERSON = re.compile(r"\b(?:she|her|hers|he|him|his|ella)\b")
_WHEN = frozenset(WHEN)
# A Spanish imperfect ("salían tarde", "se mezclaban"): how things were, a problem described, not a standing fact.
_IMPERFECT = re.compile(r"\b[a-záéíóúñ]{2,}(?:aba|aban|ían)\b"
                        r"|\b(?:was|were|wasn't|weren't)\s+(?:\w+\s+)?[a-z]{3,}ing\b", re.IGNORECASE)
# When a story happened, opening the sentence: "Yesterday …", "Ayer …", "La semana pasada …".
_PAST_TIME = re.compile(r"^\W*(?:yesterday|ayer|anoche|last (?:week|night|month|monday|tuesday|wednesday|thursday"
                        r"|friday|saturday|sunday)|la semana pasada|el mes pasado|el otro dia|the other day"
                        r"|this morning|esta manana|earlier today|hace un rato)\b")
# The pluperfect: what had (never) happened before then ("nunca lo había visto", "I had never seen").
_PLUPERFECT = re.compile(r"\b(?:habia|habiamos|had)\s+(?:never\s+|nunca\s+)?(?:[a-z]+(?:ado|ido|isto|echo|ierto)"
                         r"|seen|heard|been|done|had)\b")
# What a problem report is not: a cause, a fix, a rule, a decision or a process stated.
_NOT_A_PROBLEM: frozenset[Category] = frozenset({"root_cause", "fix", "decision", "runbook", "process", "constraint",
                                                 "strategy", "staffing"})
# "Los clientes no pueden subir PDFs…, da error de tamaño": an inability seen with an error is a problem reported,
# not a rule, when no other word of a rule is there ("must", "no debe", "como máximo")
# How the speaker feels or how something went ("estoy hasta el moño de Arriaga", "the talk went great!!!"): a mood
# or a story, never how the speaker works.
_MOOD_OR_STORY = TermSet(("hasta el mono", "hasta las narices", "hasta arriba", "me tienen amargada",
                          "me tiene amargada", "harta de", "harto de", "fed up", "sick of", "so tired of",
                          "went great", "went well", "went badly", "went fine", "fue genial", "salio genial",
                          "salio fatal", "ha ido genial", "asked for my", "me pidio", "me pidieron", "!!",
                          # what is happening to the speaker right now: "los niños me están enterrando en la arena"
                          "re:\\bme\\s+estan\\s+\\w+(?:ando|iendo)\\b", "re:\\b(?:ya\\s+)?en\\s+la\\s+playa\\b"))
# A statement the speaker introduces as being about themself: whatever it names, it is their own way.
_ABOUT_ME = TermSet(("note about me", "a note about me", "something about me", "a thing about me", "nota sobre mi",
                     "una cosa sobre mi", "sobre mi:", "about me:"))
_INABILITY = frozenset({"cannot", "can't", "can not", "no puede", "no podemos", "we can't", "no pueden", "no se puede",
                        "no se pueden"})
_RULE_SAID = TermSet(tuple(t for t in CATEGORY_TERMS["constraint"] if t not in _INABILITY))
# A request to the speaker said as a refusal ("don't ask me to click things there", "no me pidas…"): it stands.
_REFUSED = re.compile(r"\b(?:don't|do not|never|nunca|no me|no nos)\b"
                      r"|\bno\s+(?:(?:me|le|les|lo|la|los|las)\s+)?[a-z]{2,}(?:es|as)\b")  # "no uses tablas conmigo"
# A condition that holds whenever it arises, opening the sentence (not "si puedes", "when you can": a favour now).
_STANDING_CONDITION = re.compile(r"^\W*(?:si|if|cuando|when|whenever)\b(?!\s+(?:puedes|puedas|you can|you have"
                                 r"|tienes|tengas|quieres|you want)\b)")
_SYSTEM_KINDS: frozenset[Category] = frozenset({"config", "architecture"})
_HABIT_KINDS: frozenset[Category] = frozenset({"constraint"})
_REQUEST_KINDS: frozenset[Category] = frozenset({"constraint", "process"})
# What a sentence about someone close to the speaker states as theirs, never the speaker's.
_THEIR_WAY: frozenset[Category] = frozenset({"preference", "constraint"})
MAX_SUBJECT_AT = 1


def speaks_for_self(text: str) -> bool:
    """The speaker talks of themself alone: the first person, and no "we", no organisation or party."""
    folded = fold(text)
    text_grams = grams(tokens(folded))
    speaker = FIRST_PERSON.search(folded, text_grams) or FIRST_PERSON_PERFECT.search(folded, text_grams)
    return bool(speaker) and not (
        FIRST_PERSON_PLURAL.search(folded, text_grams) or ORGANISATION.search(folded, text_grams))


def voice_of(text: str) -> Voice:
    """Whom a sentence speaks for: the speaker ("I", "mi", "mándame"), a group and not the speaker alone ("we",
    "teníamos"), nobody ("El horario de atención es…"), or the organisation, naming the speaker's role in it
    ("Anything above that comes to me")."""
    folded = fold(text)
    text_grams = grams(tokens(folded))
    if AUTHORITY_SET.search(folded, text_grams) and not _treats_or_introduces_self(folded, text_grams):
        return "role"
    if FIRST_PERSON.search(folded, text_grams) or REQUEST_TO_ME_SET.search(folded, text_grams):
        return "self"
    return "group" if FIRST_PERSON_PLURAL.search(folded, text_grams) else "none"


def plain_statement(signals: Signals, text: str, *, habits: bool = True) -> Signals:
    """A user's declarative sentence that no marker classifies: concrete values (a setting, a path, a host, a
    version) make it a configuration fact; said of themself in a plain conversation (`habits`: no question, no
    tool work) and not an assent, it is how the speaker works (a preference)."""
    if (signals.categories or signals.question or signals.hedges or signals.unverified or signals.filler
            or signals.raw or signals.one_off or signals.transient or signals.past_action or signals.errand):
        return signals
    if assents(text):
        return signals  # "sí, así a partir de ahora": the agreed proposal carries the content
    if FROM_NOW_SET.search(fold(text), grams(tokens(fold(text)))):
        return replace(signals, categories=("decision",))  # "a partir de ahora …", "from now on …": a rule
    technical = technical_value(text)
    if (technical or (states_value(text) and not money_value(text))) and not mentions(PROBLEM, text):
        return replace(signals, categories=("config",))   # money or a share is a business rule's value, not a setting
    if _group_habit(text):   # the team's practice, not the speaker's own way, whatever the turn's tool work
        return replace(signals, categories=("process",))
    short = len(tokens(fold(text))) < MIN_HABIT_WORDS
    if not habits or short or not mentions(FIRST_PERSON, text) or mentions(THANKS, text) or mentions(ASSENT, text) \
            or mentions(_MOOD_OR_STORY, text):
        return signals
    if any(mentions(terms, text) for terms in (THIRD_PARTY_SET, THIRD_PERSON_PREFERENCE_SET, INDIFFERENT_SET)):
        return signals  # "A Pau le encanta…, a mí me da igual": their way, and none of the speaker's own
    folded = fold(text)   # a time on a weekday that recurs is the habit's, not today's ("los lunes … hasta las 12")
    one_off = () if REGULAR.search(folded) else ONE_OFF_TIME_SET.find(folded, grams(tokens(folded)))
    return replace(signals, categories=("preference",), one_off=one_off)


# How a group does a thing as a rule: "los deploys a producción los hacemos siempre los martes", "we usually…"
_GROUP_HABIT = TermSet(("siempre", "always", "normalmente", "normally", "usually", "habitualmente", "por lo general",
                        "generalmente", "de normal", "por norma", "as a rule"))
_HABIT_ADVERBS = frozenset(("normalmente", "por lo general", "generalmente"))


def _group_habit(text: str) -> bool:
    """Whether a sentence tells how "we" do a thing as a rule, the speaker saying nothing of themself alone."""
    folded = fold(text)
    text_grams = grams(tokens(folded))
    return bool(FIRST_PERSON_PLURAL.search(folded, text_grams)) and not FIRST_PERSON.search(folded, text_grams) \
        and (bool(_GROUP_HABIT.search(folded, text_grams)) or REGULAR.search(folded) is not None)


# A change told as in place now: "ya está activo el segundo uplink…, ya forma parte del bond", "is now live"
_IN_PLACE = re.compile(r"\bya\s+(?:esta|estan|forma|forman)\s+(?:activ[oa]s?|operativ[oa]s?|en\s+produccion"
                       r"|parte\s+del?)\b|\b(?:is|are)\s+now\s+(?:live|active|in\s+place|part\s+of)\b")


def reasoned_change(signals: Signals, text: str) -> Signals:
    """A change the user reports with its value and its reason ("Hemos movido los backups de MySQL a las 04:30
    porque a las 3 coincidían con el snapshot") or as in place now: the new state of a system, a configuration
    fact, not task state."""
    if not (signals.past_action and signals.fact) or signals.hedges or signals.unverified or signals.question:
        return signals
    in_place = _IN_PLACE.search(fold(text)) is not None   # then when it was done is no task state ("ayer")
    if set(signals.categories) - _SYSTEM_KINDS or not (in_place or mentions(CAUSE, text) or mentions(PURPOSE, text)):
        return signals
    return replace(signals, categories=("config", *(c for c in signals.categories if c != "config")), past_action=(),
                   transient=() if in_place else tuple(t for t in signals.transient if t in _WHEN))


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
    if RULE_LABEL.match(folded):   # "Otra norma: los contratos … los firmo yo": the organisation's rule
        return replace(signals, categories=tuple(dict.fromkeys(
            "process" if c == "preference" else c for c in signals.categories)) or ("process",))
    if _ABOUT_ME.search(folded, text_grams):   # "note about me: I over-discount when a customer complains…"
        return replace(signals, categories=("preference",))
    kinds = set(signals.categories)
    if kinds & _THEIR_WAY and _only_about_someone_close(folded, text_grams):  # "Mi compañero Luis nunca mira…"
        return replace(signals, categories=tuple(dict.fromkeys(
            "general" if c in _THEIR_WAY else c for c in signals.categories)))
    first = FIRST_PERSON.search(folded, text_grams) or REQUEST_TO_ME_SET.search(folded, text_grams)
    if "preference" in kinds and "platform" in routed and wish_for_a_system(text):
        return replace(signals, categories=tuple("decision" if c == "preference" else c for c in signals.categories))
    if "preference" in kinds:
        own = [t for t in CATEGORY_SETS["preference"].find(folded, text_grams, limit=20)
               if not THIRD_PERSON_PREFERENCE_SET.search(t, grams(tokens(t))) and t not in KEEP_IN_MIND]
        if (not own and not MINE_OPENER.match(folded)) or (set(own) <= _HABIT_ADVERBS and _group_habit(text)):
            # someone else's way ("mi jefe prefiere…"): the organisation's, or the team's ("normalmente les
            # facturamos a 30 días"), is a business fact
            if ORGANISATION.search(folded, text_grams) or _group_habit(text):
                return replace(signals, categories=tuple(dict.fromkeys(
                    "process" if c == "preference" else c for c in signals.categories)))
            # a person's ("Marco prefers to be paged only via PagerDuty, never SMS"): the limits and the channel
            # are that preference's detail, not a rule of a system, unless it names a system's value; an "fyi"
            # passes it on, it does not make it the speaker's to keep
            theirs = _THEIR_WAY if technical_value(text) else _THEIR_WAY | _SYSTEM_KINDS
            return replace(signals, weak=(), categories=tuple(dict.fromkeys(
                "general" if c in theirs else c for c in signals.categories)))
    request = REQUEST_TO_ME_SET.search(folded, text_grams)
    shared = ("business" in routed or "platform" in routed) and not request and not mentions(OWN_WAY, text)
    # "don't use emojis conmigo": a request about how the speaker is treated, whatever generic verb it uses,
    # unless it names a system's value
    allowed = (_REQUEST_KINDS | _SYSTEM_KINDS if not technical_value(text) else _REQUEST_KINDS) if request \
        else _HABIT_KINDS
    if kinds - allowed:
        return signals
    if "preference" in kinds or not first or shared or technical_value(text):
        return signals
    # a rule of how to reach the speaker: a refusal, or a request under a standing condition ("Si hay algo urgente,
    # mándamelo por Telegram", "If anything is P1, call me")
    standing = (HABIT_SET.search(folded, text_grams) or mentions(OWN_WAY, text)
                or (request and (_REFUSED.search(folded) or _STANDING_CONDITION.search(folded))))
    if FIRST_PERSON_PLURAL.search(folded, text_grams) or THIRD_PARTY_SET.search(folded, text_grams) or not standing:
        return signals  # "Mi compañera Marta odia que la llamen, escríbele siempre": her way, not the speaker's
    return replace(signals, categories=("preference", *(c for c in signals.categories if c not in _SYSTEM_KINDS)))


def _only_about_someone_close(folded: str, text_grams: dict[str, int]) -> bool:
    """The sentence's subject is someone close to the speaker ("Mi compañera Marta odia…", "My boss never…") and
    the speaker says nothing of themself in it ("…, yo uso VS Code" is split by clauses instead)."""
    opening = [term for term in THIRD_PARTY if text_grams.get(" ".join(tokens(term)), MAX_SUBJECT_AT + 1)
               <= MAX_SUBJECT_AT]
    if not opening:
        return False
    rest = folded.replace(opening[0], " ", 1)
    return not FIRST_PERSON.search(rest, grams(tokens(rest)))


# "down" of a phrasal verb, no outage: "we cut it down to keep-daily 7", "scaled it down to 2 replicas"
_PHRASAL_DOWN = re.compile(r"(?i)\b(?:cut|cutting|bring|brought|scale[ds]?|scaling|turn(?:ed)?|narrow(?:ed)?|wind|"
                           r"slow(?:ed)?|calm|write|wrote|note[ds]?|settle)\s+(?:it\s+|them\s+|that\s+|this\s+)?down\b")


def problem_report(signals: Signals, text: str) -> Signals:
    """A user's description of what goes wrong ("se mezclaban las cachés…", "keeps failing"): the turn's subject,
    not a fact to keep, unless it states a cause or a fix or the user asks to keep it."""
    if signals.strong or signals.weak:
        return signals
    if "constraint" in signals.categories and mentions(PROBLEM, text) and not mentions(_RULE_SAID, text):
        signals = replace(signals, categories=tuple(c for c in signals.categories if c != "constraint"))
    if _NOT_A_PROBLEM & set(signals.categories):
        return signals
    if signals.verified or signals.past_action or signals.errand or "preference" in signals.categories:
        return signals
    troubled = mentions(PROBLEM, _PHRASAL_DOWN.sub(" ", text))
    if not (troubled or _IMPERFECT.search(text) or "incident" in signals.categories):
        return signals
    if mentions(REQUEST_TO_ME_SET, text) and not signals.question:
        return signals  # "dámelos para zsh, que los de bash me fallan": the problem is the request's reason
    if mentions(CAUSE, text):  # "caducó porque el CNAME apuntaba al hosting viejo": the cause, as the user saw it
        return replace(signals, categories=("root_cause", *signals.categories))
    return replace(signals, transient=(*signals.transient, "problem report"))


def past_event(signals: Signals, text: str) -> Signals:
    """A user's story of something that happened once ("Yesterday a customer called really upset…", "Nunca lo
    había visto"): told with a past time or the pluperfect, it is no standing fact, unless it states a decision, a
    cause or a fix, or reports the speaker's own change (a fix the turn may verify)."""
    if signals.past_action or signals.errand or _NOT_A_PROBLEM & set(signals.categories) or signals.weak:
        return signals
    folded = fold(text)
    told = (_PAST_TIME.match(folded) and not signals.strong) or _PLUPERFECT.search(folded)
    return replace(signals, transient=(*signals.transient, "past event")) if told else signals


def business_fact(signals: Signals, text: str, routed: Sequence[str]) -> Signals:
    """A user's plain statement that the router places in business and not on the platform (a customer's billing,
    support hours, a policy) and that names no system value: a business fact; not what one person likes."""
    if "business" not in routed or "platform" in routed or set(signals.categories) - {"config", "general"}:
        return signals
    if (signals.question or signals.hedges or signals.unverified or signals.filler or signals.raw
            or signals.one_off or signals.task_state):
        return signals
    if len(tokens(fold(text))) < MIN_HABIT_WORDS or technical_value(text) or assents(text) or mentions(THANKS, text):
        return signals
    if mentions(PROBLEM, text) or _IMPERFECT.search(text) or mentions(_MOOD_OR_STORY, text):
        return signals
    if mentions(THIRD_PERSON_PREFERENCE_SET, text) and _PERSON.search(fold(text)) and not mentions(ORGANISATION, text):
        return signals  # "Marta likes getting leads in a spreadsheet, she says…": a person's taste, no business rule
    return replace(signals, categories=("process",))


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
    return mentions(ADDRESSEE_SET, text)


_RULE_KINDS: frozenset[Category] = frozenset({"decision", "process", "constraint", "pricing", "strategy"})


def _treats_or_introduces_self(folded: str, text_grams: dict[str, int]) -> bool:
    """Whether an approval the speaker names is how to treat them ("…ping Luis instead of me") or part of
    introducing their own position."""
    return any(terms.search(folded, text_grams) for terms in (TREATMENT_SET, ADDRESSEE_SET, OWN_POSITION))


def authority_rule(signals: Signals, text: str) -> Signals:
    """The speaker's role in the organisation's process ("refunds above 100 € come to me", "I'm the only one who
    signs contracts"): a process of the organisation, not how the speaker likes to work."""
    if signals.question or signals.hedges or signals.one_off or voice_of(text) != "role":
        return signals
    kinds = tuple(c for c in signals.categories if c != "preference")
    return replace(signals, categories=kinds if set(kinds) & _RULE_KINDS else ("process", *kinds),
                   strong=(*signals.strong, "authority"))


# Words quoted whole: a slogan, a title, a line to publish.
_QUOTED = quoted_passages(3, lines=False)
# A standing request that opens the sentence: "From now on pásame las propuestas…", "A partir de ahora mándame…".
_STANDING_REQUEST = re.compile(r"^\W*(?:from now on|a partir de ahora|de ahora en adelante|going forward|desde hoy)"
                               r"\W+(?:please\s+|por favor\s+)?(?:(?:pasa|manda|envia|reenvia|avisa|escribe|da|di|pon"
                               r"|deja|copia|recuerda|ensena|muestra|trae)me(?:lo|la|los|las)?|send me|give me|tell me"
                               r"|show me|forward me|pass me|cc me)\b")


def treatment_rule(signals: Signals, text: str) -> Signals:
    """A rule the user sets for how the assistant treats them ("From now on keep your answers short", "Cuando te
    pida un resumen de un cliente, empieza por lo que nos factura"): the speaker's own preference, whatever its
    words; a rule for answers to others ("your answers to customers") stays what it was. Said for always ("las
    reuniones ponlas siempre en Google Calendar"), it is one whatever its category, and so is a standing request
    to hand the speaker things ("From now on pásame las propuestas de precio primero a mí")."""
    ruled = bool(set(signals.categories) & _RULE_KINDS) or mentions(ALWAYS, text)
    if not ruled or signals.question or signals.hedges or signals.one_off:
        return signals
    said = _QUOTED.sub(" ", text)   # a slogan quoted ("'…people who answer in Spanish…'") treats nobody
    treats = mentions(ADDRESSEE_SET, said) or mentions(TREATMENT_SET, said) or bool(_STANDING_REQUEST.match(fold(said)))
    if not treats or mentions(OTHERS_SERVED_SET, text):
        return signals
    return replace(signals, categories=("preference",))
