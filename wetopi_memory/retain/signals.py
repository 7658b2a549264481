"""What one statement says about itself: category, durability markers, hedges, verification, filler, raw output."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from .amounts import money_value
from .category_shapes import BUT_FOR_INCIDENTS, LAPSE_OF_KNOWLEDGE, MINE_OPENER, REGULAR_SCHEDULE, THE_USUAL
from .certainty_lexicon import HEDGE_SET, REPORTED, UNVERIFIED_SET, VERIFIED_SET
from .dialogue_lexicon import REQUEST_NOW_SET
from .kinds import Category, Origin, Priority
from .lexicon import (
    CATEGORY_DURABILITY,
    CATEGORY_ORDER,
    CATEGORY_SETS,
    FILLER_WORDS,
    REMEDY_SET,
    STRONG_SET,
    WEAK_SET,
)
from .quotes import quoted_passages
from .raw_output import RawKind, raw_output_kind
from .record_marks import (
    BARE_NOTE,
    CHECKED_LABEL,
    MIN_NOTED_WORDS,
    NEW_VALUE,
    NOTE_REQUEST,
    OWN_PREFERENCE,
    RECORDS,
    WANT_KEPT,
)
from .speaker_lexicon import FIRST_PERSON, WHEN
from .term_matching import TermSet, fold, grams, tokens
from .time_lexicon import (
    ADOPTED_SET,
    APPOINTMENTS,
    ERRAND_SET,
    FROM_NOW_SET,
    ONE_OFF_SET,
    ONE_OFF_TIME_SET,
    PAST_ACTION_SET,
    REGULAR,
    TRANSIENT_SET,
)
from .value_shapes import TECHNICAL, VALUE

__all__ = ["PRIORITY_DURABILITY", "Signals", "analyze", "durability_of", "holds_number", "money_value",
           "states_value", "technical_value", "verification_in"]

PRIORITY_DURABILITY: dict[Priority, float] = {"P1": 0.95, "P2": 0.85}
WHEN_TERMS = frozenset(WHEN)
# What an organisation decides and agrees: the past action that states one is how it was carried out ("cambiamos de
# proveedor", "se ha renovado el contrato"), and when it happened ("ayer") does not make it task state.
COMMITMENTS: frozenset[Category] = frozenset({"decision", "pricing", "strategy", "staffing", "relationship"})
# What an errand's verb and object make a sentence look like ("Approved the refund …", "Sent the signed contract …"):
# a one-off act, not a standing decision or relationship.
ERRAND_LOOKALIKES: frozenset[Category] = frozenset({"decision", "relationship"})
# A concrete fact: inline code, key: value or key=value, camelCase or dotted/dashed/underscored names, paths,
# addresses, sizes and durations. What makes a fix worth keeping beyond its conclusion.
_FACT = re.compile(
    r"`[^`\n]+`|\b[\w.-]+\s?[:=]\s?[\w./-]*\d[\w./-]*|\b[\w.-]+=[\w./-]+|\b[a-z]+[A-Z][A-Za-z]+\b"
    r"|\b[A-Za-z][\w]*(?:[-_.][\w]+){1,}\b|(?<![\w])/[\w.-]+(?:/[\w.-]+)*|\b\d+(?:\.\d+)?\s?(?:Mi|Gi|MB|GB|TB|ms|s|m|h)\b"
    r"|\b\d+(?:\.\d+){2,}(?:/\d+)?\b|\b[a-z]+(?:-[a-z0-9]+)+\b"
    r"|\b[a-z][\w.-]*:\s(?:true|false|yes|no|on|off|enabled|disabled)\b|\b[a-z][a-z0-9]*[A-Z][A-Za-z0-9]+\b"
    r"|\b(?:kubectl|helm|velero|argocd|ceph|rke2|systemctl|docker|curl|psql|pvesm|git|terraform|ansible|certbot|cmctl"
    r"|rbd|virsh|pct|qm|redis-cli|mysql|pg_dump|openssl|ip|iptables|nft)\s+[a-z][\w-]*"
    r"|\b(?:MTU|TTL|MSS|PHP|TLS|SSL|HTTP|TCP|UDP|CPU|RAM|vCPU|IOPS|QPS|RPS)\b(?:\s+\w+){0,8}\s+\d+(?:\.\d+)?\b"
    r"|\b(?:to|a|at)\s+(?:las\s+)?\d{1,2}:\d{2}\b|\b(?:to|a)\s+\d{2,}\b"
    r"|\b\d+[KMGT]\b|\b[a-z]{2,}\d{1,3}\b|\b(?:port|puerto)\s+\d{2,5}\b|\b\d+\s?(?:%|seconds?|segundos?|minutes?|minutos?"
    r"|replicas?|r[eé]plicas|workers?|threads?|hilos|conexiones|connections|cores?|vcpus?|days|d[ií]as|hours|horas)(?!\w)")

# A condition: an errand inside it ("if we've sent two reminders, we suspend") is part of a rule, not an act.
_CONDITION = re.compile(r"\b(?:if|si|cuando|when|whenever|once|unless|siempre que|salvo que|a menos que)\b")
# How long a state has lasted, when that is long: "desde hace años", "desde hace mucho tiempo".
_LONG_SINCE = re.compile(r"\bdesde hace\s+(?:\w+\s+)?(?:anos|meses|mucho|tiempo|decadas|siglos)\b")

# A Spanish first-person preterite (accents kept): "salté", "reinicié", "subí", "añadí"; what was just done.
_PRETERITE_1S = re.compile(
    r"(?<![\w])(?!(?:aqu|all|ah|as|caf|cach|beb|comit|rub|esqu|man|jabal|tambi|qu|s|t|m|d|v|ment|est)[íé]\b)"
    r"[a-zñáéíóú]{2,}(?:é|í)(?![\w])", re.IGNORECASE)


def technical_value(text: str) -> bool:
    """Whether a sentence names a value of a system (`value_shapes.TECHNICAL`): a decision with one is the
    platform's."""
    return TECHNICAL.search(text) is not None


_DIGIT = re.compile(r"\d")


def holds_number(text: str) -> bool:
    """Whether a sentence holds a number: an assent with one ("Hazlo así siempre, antes de las 11") says something
    of its own."""
    return bool(_DIGIT.search(text))


def states_value(text: str) -> bool:
    """Whether a sentence states a concrete value (stricter than `Signals.fact`, which a command mention or a
    hyphenated word also sets): what makes a plain statement a configuration fact."""
    return VALUE.search(text) is not None


@dataclass(frozen=True, slots=True)
class Signals:
    """What the lexicon found in one text. Marker values are the lexicon terms, never slices of the text."""

    categories: tuple[Category, ...]
    strong: tuple[str, ...] = ()
    weak: tuple[str, ...] = ()
    hedges: tuple[str, ...] = ()
    unverified: tuple[str, ...] = ()
    verified: tuple[str, ...] = ()
    transient: tuple[str, ...] = ()
    filler: bool = False
    question: bool = False
    raw: RawKind | None = None
    one_off: tuple[str, ...] = ()
    past_action: tuple[str, ...] = ()
    errand: tuple[str, ...] = ()
    fact: bool = False
    # The turn around the statement (set by retain/turn_reading.py, never by `analyze`): the user asked not to
    # save this turn; an assistant statement that neither tool evidence nor the user's assent backs.
    opted_out: bool = False
    unbacked: bool = False

    @property
    def task_state(self) -> bool:
        """Task state: in progress, an errand run, or just done, unless what was done is a commitment being carried
        out."""
        return bool(self.transient or ((self.past_action or self.errand) and not COMMITMENTS & set(self.categories)))

    @property
    def category(self) -> Category:
        """The primary category: the first that matched in `CATEGORY_ORDER`, else `general`."""
        return self.categories[0] if self.categories else "general"

    def markers(self) -> tuple[str, ...]:
        """Every signal as a `kind:term` marker, for a candidate's provenance."""
        out = [f"durable:{m}" for m in self.strong] + [f"note:{m}" for m in self.weak]
        out += [f"hedge:{m}" for m in self.hedges] + [f"unverified:{m}" for m in self.unverified]
        out += [f"verified:{m}" for m in self.verified] + [f"transient:{m}" for m in self.transient]
        out += [f"one_off:{m}" for m in self.one_off] + [f"done:{m}" for m in self.past_action]
        out += [f"errand:{m}" for m in self.errand]
        if self.opted_out:
            out.append("opted_out")
        if self.unbacked:
            out.append("unbacked")
        if self.filler:
            out.append("filler")
        if self.question:
            out.append("question")
        if self.raw:
            out.append(f"raw:{self.raw}")
        return tuple(out)


def analyze(text: str, *, tool_line_hashes: frozenset[int] = frozenset()) -> Signals:
    """Deterministic signals of one text (a sentence, an explicit retain, a MEMORY.md entry). Cached: a turn
    analyses each sentence once although the policy looks at it several times."""
    return _analyze(text, tool_line_hashes)


@lru_cache(maxsize=4096)
def _analyze(text: str, tool_line_hashes: frozenset[int]) -> Signals:
    folded = THE_USUAL.sub("lo usual", fold(text))
    words = tokens(folded)
    text_grams = grams(words[:400])
    categories = tuple(c for c in CATEGORY_ORDER if CATEGORY_SETS[c].search(folded, text_grams)) or (
        ("process",) if REGULAR_SCHEDULE.search(folded) and not FIRST_PERSON.search(folded, text_grams) else ())
    if "fix" in categories and REMEDY_SET.search(folded, text_grams):
        categories = ("runbook", *(c for c in categories if c not in ("runbook", "fix")))
    if "incident" in categories and FROM_NOW_SET.search(folded, text_grams):
        # "a partir de ahora, toda comunicación de incidente…": a rule about incidents, not one
        categories = tuple(c for c in categories if c != "incident") or ("process",)
    elif "incident" in categories and BUT_FOR_INCIDENTS.search(folded):   # "…salvo que sea una caída": no outage
        categories = tuple(c for c in categories if c != "incident")
    if MINE_OPENER.match(folded) and "preference" not in categories:   # "Y lo mío: yo solo atiendo escalados…"
        categories = ("preference", *categories)
    if "preference" in categories and OWN_PREFERENCE.match(folded):
        # "I like incident summaries in this shape: impact, timeline, root cause…": the list is what is liked
        categories = ("preference", *(c for c in categories if c != "preference"))
    lapse = LAPSE_OF_KNOWLEDGE.search(folded) is not None   # "I always forget the command": no habit, an aside
    if lapse:
        categories = tuple(c for c in categories if c != "preference")
    errand = _errand(folded, text_grams)
    if errand:
        categories = tuple(c for c in categories if c not in ERRAND_LOOKALIKES)
    stripped = text.strip()
    filler = bool(stripped) and len(words) <= 8 and (
        lapse or all(w in FILLER_WORDS for w in words) or bool(BARE_NOTE.match(folded))
        or bool(_LABEL_ONLY.match(folded)) or bool(_BARE_DECISION.match(folded)))
    asked = _TAG_QUESTION.sub("", stripped)   # "Prefiero que me escribas en castellano, ¿vale?" asks nothing
    question = asked.endswith("?") or asked.startswith("¿") or bool(_LEADING_QUESTION.match(folded))
    unverified = UNVERIFIED_SET.find(folded, text_grams)
    verified = () if unverified else VERIFIED_SET.find(folded, text_grams)
    said = _QUOTED_SPEECH.sub(" ", folded)
    said_grams = text_grams if said == folded else grams(tokens(said)[:400])
    signals = Signals(categories=categories, strong=STRONG_SET.find(folded, text_grams),
                      weak=WEAK_SET.find(folded, text_grams), hedges=_hedges(said, said_grams, categories),
                      unverified=unverified, verified=verified,
                      transient=_transient(said, said_grams, categories), filler=filler, question=question,
                      raw=raw_output_kind(text, tool_line_hashes), one_off=_one_off(said, said_grams, categories),
                      past_action=_past_action(text, said, said_grams), errand=errand,
                      fact=bool(_FACT.search(text)))
    if _LABELLED_DECISION.match(folded) and not _APPROVED.match(folded):   # "DECIDIDO: …, por ahora": its horizon
        return replace(_recorded(signals, text), one_off=())
    if RECORDS.match(folded) or NEW_VALUE.search(folded):
        return _recorded(signals, text)
    return _recorded(signals, text, acts=signals.past_action) if CHECKED_LABEL.match(folded) else signals


# Words in quotes are mentioned, not said: "I hate being asked 'shall I proceed?'" neither doubts nor acts.
_QUOTED_SPEECH = quoted_passages(2, 80, lines=False)
# An aside in parentheses of four words or more: what it guesses is about something else (a cause, an origin)
_ASIDE = re.compile(r"\([^()]*+\)")
_ASIDE_WORDS = 4
# A sentence labelled as decided ("Decidido: …", "Agreed: …"): someone's words it reports are its reason, not doubt.
_LABELLED_DECISION = re.compile(r"^\W*(?:decidido|decidida|decided|decision|acordado|agreed|queda asi|aprobado"
                                r"|approved)\s*:")
_REPORTED = frozenset(REPORTED)


_REASON = re.compile(r"\b(?:porque|because|ya que|since|que luego|que si no|que despues)\b")
# Marks of an opinion: they weaken a claim about the world, not a preference, which is an opinion by nature
# ("Honestly I prefer Grafana panels over raw PromQL").
_OPINION = frozenset({"honestly", "to be honest", "tbh", "sinceramente", "in my opinion", "imo", "en mi opinion"})


def _hedges(folded: str, text_grams: dict[str, int], categories: tuple[Category, ...]) -> tuple[str, ...]:
    hedges = HEDGE_SET.find(folded, text_grams)
    if hedges and "(" in folded:   # a guess in a long aside is the aside's ("(probablemente de una migración antigua)")
        main = _ASIDE.sub(lambda aside: " " if len(aside.group().split()) >= _ASIDE_WORDS else aside.group(), folded)
        hedges = HEDGE_SET.find(main, grams(tokens(main))) if main != folded else hedges
    if hedges and "preference" in categories:
        # the reason a preference gives doubts nothing of it: "…, nada de 01/03, que luego no sé si es enero"
        reason = _REASON.search(folded)
        main = folded[:reason.start()] if reason else folded
        if reason and not HEDGE_SET.search(main, grams(tokens(main))):
            return ()
        hedges = tuple(h for h in hedges if h not in _OPINION)
    if hedges and _LABELLED_DECISION.match(folded):
        return tuple(h for h in hedges if h not in _REPORTED)
    return hedges


def _recorded(signals: Signals, text: str, acts: tuple[str, ...] = ()) -> Signals:
    """A statement the speaker puts on record: the times and acts it tells are its content (when it was measured or
    done), not task state; a value in it is a setting, else it is a decision. A question or a hedge stays one."""
    if signals.question or signals.hedges:
        return signals
    folded = fold(text)
    if not (signals.fact or signals.categories) and not (
            NOTE_REQUEST.match(folded) and len(tokens(folded)) >= MIN_NOTED_WORDS):
        return signals
    setting = technical_value(text) or signals.verified or NEW_VALUE.search(folded)
    # "Lo que sí quiero que quede: …": the wish to keep it is no preference
    kinds = tuple(c for c in signals.categories if c != "preference") if WANT_KEPT.match(folded) else signals.categories
    categories = kinds or (("config",) if setting else ("decision",))
    return replace(signals, categories=categories, transient=(), past_action=acts, weak=(*signals.weak, "on record"))


# A label with nothing after it, a list's heading: "Propuesta:", "Pasos:"
_LABEL_ONLY = re.compile(r"^\W*(?<![\w-])[\w-]+(?:\s+[\w-]+)?\s*:\s*$")
# A decision word with nothing decided in it: "Decidido.", "Javi and I agreed.", "Lo acordamos con Marta."
_BARE_DECISION = re.compile(r"^\W*(?:(?:(?<![\w-])[\w-]+\s+(?:and|y)\s+)?(?:i|yo|we|nosotros)\s+)?"
                            r"(?:decidido|decidida|acordado|acordada|agreed|decided|lo\s+(?:acordamos|decidimos|hemos\s+acordado|hemos\s+decidido)"
                            r"|queda\s+(?:decidido|acordado))(?:\s+(?:con|with)\s+[\w-]++)?\W*$")
# A tag question closing a statement: it asks for agreement, not for an answer.
_TAG_QUESTION = re.compile(r"(?<=\w)[,;]\s*¿?\s*\b(?:vale|ok|okay|right|de acuerdo|entendido|ya\s+sabes)\s*\?\s*$",
                           re.IGNORECASE)
# A question that opens a sentence the splitter kept whole ("what's your take on X? a customer asked"): an
# interrogative first word, then a "?" followed by more words.
_LEADING_QUESTION = re.compile(
    r"^\W*(?:what|what's|whats|how|why|when|where|which|who|should|shall|can|could|would|do|does|did|is|are"
    r"|que|como|por que|cuando|donde|cual|cuales|quien|cuanto|cuanta|cuantos|cuantas)\b[^?.!]{0,160}\?\s+\w")


def _past_action(text: str, folded: str, text_grams: dict[str, int]) -> tuple[str, ...]:
    """What the speaker just did: the lexicon's past actions, or a Spanish first-person preterite; not a habit the
    speaker took up ("me he acostumbrado a …", "I've made it a rule to …") nor a change that starts a rule."""
    if ADOPTED_SET.search(folded, text_grams) or FROM_NOW_SET.search(folded, text_grams):
        return ()  # "cambiamos a Stripe a partir del 1 de diciembre": a rule that starts, not task state
    found = tuple(t for t in PAST_ACTION_SET.find(folded, text_grams)
                  if not _negated(t, folded) and not _subjunctive(t, folded))
    if not found and _PRETERITE_1S.search(text):
        return ("preterite",)
    return found


# Without accents a first-person preterite is also a subjunctive: "que cambie el sentido", "cuando reinicie".
_SUBJUNCTIVE_BEFORE = re.compile(r"\b(?:que|cuando|si|hasta que|para que|antes de que|ni)\s+(?:lo\s+|la\s+|se\s+)?$")


def _subjunctive(term: str, folded: str) -> bool:
    """Whether each occurrence of a folded preterite term follows a word that asks for a subjunctive."""
    if " " in term or not term.endswith("e"):
        return False
    starts = [m.start() for m in re.finditer(r"\b" + re.escape(term) + r"\b", folded)]
    return bool(starts) and all(_SUBJUNCTIVE_BEFORE.search(folded[max(0, i - 20):i]) for i in starts)


def _negated(term: str, folded: str) -> bool:
    """A past action said not to have happened ("el pod no se ha reiniciado", "it has not restarted", "no lo
    arreglamos nosotros")."""
    return bool(re.search(r"\b(?:no|not|never|nunca|ni)\s+(?:se\s+|lo\s+|la\s+|los\s+|las\s+|le\s+|les\s+)?"
                          + re.escape(term) + r"\b", folded))


def _errand(folded: str, text_grams: dict[str, int]) -> tuple[str, ...]:
    """A one-off errand told in the past ("Sent the signed contract to …", "le mandé ayer la factura"), unless the
    sentence starts a rule ("from now on …") or states a lasting one ("always", "siempre")."""
    if FROM_NOW_SET.search(folded, text_grams) or STRONG_SET.search(folded, text_grams) or _CONDITION.search(folded):
        return ()
    return ERRAND_SET.find(folded, text_grams)


_NEXT_STEP = frozenset({"i'll", "i will", "i'm going to", "i am going to"})


def _transient(folded: str, text_grams: dict[str, int], categories: tuple[Category, ...]) -> tuple[str, ...]:
    """Task-state markers; when a decision was taken ("ayer", "this morning") does not make it transient, and a
    state that has lasted years ("no uso Windows desde hace años") is no task state."""
    found = TRANSIENT_SET.find(folded, text_grams)
    if _LONG_SINCE.search(folded):
        found = tuple(t for t in found if t != "desde hace")
    if REGULAR.search(folded):  # "resúmeme las alertas cada 2 horas", "lunes y jueves voy a nadar", "I'll announce
        # it every July": standing
        found = tuple(t for t in found if not REQUEST_NOW_SET.search(t, grams(tokens(t))) and not t.startswith("voy a ")
                      and t not in _NEXT_STEP)
    starts = FROM_NOW_SET.find(folded, text_grams)  # "desde hoy", "desde este mes": a rule starts
    if starts:   # … and "From now on I'll handle the Rovira account" is a standing commitment, not a next step
        found = tuple(t for t in found if not any(t in start for start in starts) and t not in _NEXT_STEP
                      and not t.startswith("keep "))   # "Keep using it from now on": an instruction that lasts
    if COMMITMENTS & set(categories) or starts:
        found = tuple(t for t in found if t not in WHEN_TERMS)
    return found


_APPOINTMENTS = TermSet(APPOINTMENTS)
# an approval given in the turn for a slot of today: for that time, not a rule
_TODAY = frozenset(("hoy", "today", "esta noche", "tonight", "esta tarde", "this afternoon", "this evening"))
_APPROVED = re.compile(r"^\W*(?:(?:ok|vale|si|yes)\W+)?(?:aprobado|aprobada|approved|autorizado|authori[sz]ed)\b")


def _one_off(folded: str, text_grams: dict[str, int], categories: tuple[Category, ...]) -> tuple[str, ...]:
    """What makes a statement hold for this time only ("hoy prefiero", "this time"), unless it starts a rule."""
    if FROM_NOW_SET.search(folded, text_grams):
        return ()
    found = ONE_OFF_SET.find(folded, text_grams)
    if found and REGULAR.search(folded):   # "los jueves tengo la reunión con la gestoría": it recurs
        found = tuple(t for t in found if not _APPOINTMENTS.search(t, grams(tokens(t))))
    if not found and "preference" in categories and not REGULAR.search(folded):
        found = ONE_OFF_TIME_SET.find(folded, text_grams)
    if not found and _APPROVED.match(folded):   # "Aprobado, pero solo después de las 20:00 de hoy": for that slot
        found = tuple(t for t in ONE_OFF_TIME_SET.find(folded, text_grams) if t in _TODAY)
    return found


def verification_in(text: str) -> bool:
    """Whether a free text (an explicit call's reason) says the fact was verified, and not that it was not."""
    signals = analyze(text)
    return bool(signals.verified) and not signals.unverified


def durability_of(signals: Signals, *, origin: Origin = "turn", priority: Priority | None = None) -> float:
    """A 0..1 durability score: the category's base, raised by durable markers, lowered by transient ones."""
    score = CATEGORY_DURABILITY.get(signals.category, 0.45)
    score += min(0.2, 0.1 * len(signals.strong)) + min(0.05, 0.05 * len(signals.weak))
    if signals.verified and not signals.unverified:
        score += 0.15  # a confirmed fact lasts
    if signals.task_state:
        score -= 0.15 if signals.strong else 0.35
    if signals.question:
        score -= 0.4
    if signals.filler:
        score = min(score, 0.1)
    if origin == "explicit" and not signals.transient and not signals.filler and not signals.question:
        score = max(score, 0.9)  # an explicit memory_retain is durable intent
    if signals.weak and not (signals.transient or signals.question or signals.hedges or signals.one_off):
        score = max(score, 0.8)  # "apunta que", "for the record": the speaker asks to keep it
    if origin == "import":
        score = _import_durability(score, signals, priority)
    return round(max(0.0, min(0.99, score)), 3)


def _import_durability(score: float, signals: Signals, priority: Priority | None) -> float:
    """A MEMORY.md entry's score: its priority tag decides, else an untagged entry counts as a curated note."""
    if priority is not None and priority in PRIORITY_DURABILITY and not signals.question:
        return max(score, PRIORITY_DURABILITY[priority])   # a tag makes no question durable: it goes to review
    if priority == "P3":
        return min(score, 0.3)
    if not signals.transient and not signals.filler and not signals.question:
        return max(score, 0.75)  # an untagged MEMORY.md entry was already judged worth keeping (not a question)
    return score
