"""How the sentences of one user message relate to each other: a sentence that claims a domain for itself ("On the
tech side, …", "Platform-wise that's …") leaves the other sentences to the other domain, and a quoted passage under
review in a message about a draft is the draft's wording, not a fact (design §16)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from .candidates import Unit
from .dialogue_lexicon import LASTING, REQUEST_NOW_SET
from .kinds import Category
from .quotes import quoted_passages
from .sentences import Sentence
from .signals import holds_number, money_value, technical_value
from .term_matching import TermSet, fold, mentions, tokens

__all__ = ["errand_terms", "introduced_party", "named_party", "quoted_drafts", "refusals", "settled", "sided_units",
           "unsettled", "with_party"]

# A sentence that opens by naming its own side: the technical one, or the commercial one.
_TECH_SIDE = TermSet((
    "re:^\\W*(?:and\\s+|y\\s+)?(?:on the (?:tech|technical|platform|infra|infrastructure|ops) side|platform-wise"
    "|tech-wise|technically|technically speaking|on our side|for monitoring|a nivel tecnico|en la parte tecnica"
    "|por la parte tecnica|tecnicamente|en plataforma|a nivel de plataforma|del lado tecnico)\\b",
))
_BUSINESS_SIDE = TermSet((
    "re:^\\W*(?:and\\s+|y\\s+)?(?:on the (?:business|commercial|sales) side|business-wise|commercially"
    "|a nivel de negocio|a nivel comercial|en la parte comercial|por la parte comercial|comercialmente)\\b",
))
_SIDES: tuple[tuple[TermSet, str], ...] = ((_TECH_SIDE, "platform"), (_BUSINESS_SIDE, "business"))
# A passage in quotes long enough to be wording ('A partir de marzo el plan Pro pasa a 55 €…').
_QUOTED = quoted_passages(12)
# The message is about a draft: its words are not decided ("borrador", "draft", "not approved").
_DRAFT_WORDS = ("borrador", "draft", "not approved", "no aprobado", "sin aprobar")


def sided_units(units: Sequence[Unit]) -> list[Unit]:
    """The units without the domain another user sentence of the message claims for itself: when one sentence
    opens "Platform-wise …", an earlier or later user sentence with no system value is not the platform's."""
    claimed = {scope for unit in units if unit.sentence.role == "user"
               for terms, scope in _SIDES if mentions(terms, unit.sentence.text)}
    if not claimed:
        return list(units)
    out: list[Unit] = []
    for unit in units:
        sentence, scope = unit.sentence, unit.candidate.scope
        own_side = any(mentions(terms, sentence.text) for terms, _ in _SIDES)
        other = scope in claimed and not own_side and sentence.role == "user"
        if other and (scope != "platform" or not technical_value(sentence.text)) and _kept_elsewhere(unit, units):
            continue
        out.append(unit)
    return out


def _kept_elsewhere(unit: Unit, units: Sequence[Unit]) -> bool:
    """Whether the sentence also goes to another scope: a side claimed elsewhere never leaves it with none."""
    return any(u.sentence.index == unit.sentence.index and u.candidate.scope != unit.candidate.scope for u in units)


def quoted_drafts(sentences: Sequence[Sentence]) -> list[Sentence]:
    """The user's sentences with a quoted passage of a draft under review marked unverified: in "Te paso el
    borrador …, not approved yet. Revísalo: 'A partir de marzo el plan Pro pasa a 55 €…'" the price is the
    draft's wording."""
    drafting = any(s.role == "user" and any(w in t for w in _DRAFT_WORDS for t in s.signals.unverified)
                   for s in sentences)
    if not drafting:
        return list(sentences)
    return [replace(s, signals=replace(s.signals, unverified=(*s.signals.unverified, "quoted draft")))
            if s.role == "user" and _QUOTED.search(s.text) and not s.signals.unverified else s for s in sentences]


# A party's name: capitalised words ("Van Dijk Media", "Cárnicas Sol", "Pixelia"), not an acronym ("DPO", "SLA").
_NAME = re.compile(r"\b[A-ZÁÉÍÓÚÑ][a-záéíóúñ][\w&-]*(?:\s+(?:de\s+|del\s+|la\s+)?[A-ZÁÉÍÓÚÑ][\w&-]+)*")
# Where a party's terms are told: a price, a contract, a deal, an agreed rule.
_TERMS: frozenset[str] = frozenset({"pricing", "relationship", "decision", "process"})


def named_party(history_user: str, user: str) -> str:
    """The party the previous user message names ("Van Dijk Media finally signed!", "Hoy firmamos con Pixelia"),
    when this message names no party of several words of its own; a single capitalised word counts only past the
    first word."""
    if any(" " in match.group(0) for match in _NAME.finditer(user)):
        return ""
    for match in _NAME.finditer(history_user):
        name = match.group(0)
        if " " not in name and _opens_sentence(history_user, match.start()):
            continue  # "Hoy …", "Acabo de …", "… ¿Qué propones?": a sentence's first word
        return "" if name in user else name
    return ""


def _opens_sentence(text: str, start: int) -> bool:
    before = text[:start].rstrip()
    return not before or before[-1] in ".!?¿¡:;\n"


def with_party(sentences: Sequence[Sentence], party: str) -> list[Sentence]:
    """The user's (or the agreed proposal's) first sentence of a party's terms, with the party named ("Van Dijk
    Media: 6 sites on Pro, net 30 …"): the memory must say whose terms they are."""
    out = list(sentences)
    if not party:
        return out
    for number, sentence in enumerate(out):
        if sentence.role in ("user", "proposal") and set(sentence.signals.categories) & _TERMS \
                and party not in sentence.text:
            out[number] = replace(sentence, text=f"{party}: {sentence.text}")
            break
    return out


# Capitalised words that open a sentence, not a party's name ("The OSD", "El Ceph").
_NOT_A_NAME = frozenset({"the", "a", "an", "this", "that", "our", "el", "la", "los", "las", "un", "una", "este",
                         "esta", "ese", "esa", "nuestro", "nuestra", "mi", "my"})


def introduced_party(sentences: Sequence[Sentence], system: Callable[[str], bool] = lambda name: False
                     ) -> list[Sentence]:
    """A party's terms told right after the user introduced the party ("Te pego el correo de Editorial Norte. Esta
    parte es final: renuevan a 45 € por agente."), with the party named in the sentence of terms; a `system` ("Argo
    CD") is no party."""
    out = list(sentences)
    party = ""
    for number, sentence in enumerate(out):
        if sentence.role != "user":
            continue
        terms = bool(set(sentence.signals.categories) & _TERMS) and "preference" not in sentence.signals.categories
        names = [m.group(0) for m in _NAME.finditer(sentence.text)
                 if " " in m.group(0) and m.group(0).split()[0].lower() not in _NOT_A_NAME
                 and not system(m.group(0))]
        if terms and party and not names:
            out[number] = replace(sentence, text=f"{party}: {sentence.text}")
            return out
        party = "" if terms else (names[-1] if names else party)
    return out


# A reply that opens by turning the proposal down: "no way, that's our main hook", "Nah, …", "Ni hablar, …".
_REFUSAL = re.compile(r"^\W*+(?:(?:vale|ok|okay|bueno|hmm|mmm|uf)\s*+,?\s*+)?"
                      r"(?:no way|nah|nope|ni hablar|de ninguna manera|para nada|no,? no|no|dejalo|dejalo estar"
                      r"|forget it|leave it)\b\s*+[,.!;:]", re.IGNORECASE)
# What stays as it is after a refusal: "Seguimos mandando las facturas a mano", "Se queda el segundo miércoles",
# "Prefiero que no toques la ventana", "We keep the current plan".
_STATUS_QUO = TermSet((
    "seguimos", "se queda", "se quedan", "sigue igual", "siguen igual", "sigue como esta", "continuamos",
    "mantenemos", "lo mantenemos", "no toques", "no lo toques", "no la toques", "no hace falta", "we keep",
    "we'll keep", "we stay", "stays as", "stay as", "stays the same", "don't touch", "do not touch",
    "keep doing", "keep using", "we'll stick", "we stick", "nos quedamos con", "as it is", "como esta",
))


def refusals(sentences: Sequence[Sentence], proposed: bool) -> list[Sentence]:
    """The user's sentences that turn the assistant's proposal down and only say why (no value, no rule of their
    own), as filler: "no way, that's our main hook with agencies" keeps things as they are; so do the sentences of
    a refusal that keep the present way ("Déjalo, no hace falta. Seguimos mandando las facturas a mano")."""
    if not proposed:
        return list(sentences)
    refusing = {s.index for s in sentences if s.role == "user" and _REFUSAL.search(fold(s.text))}
    return [replace(s, signals=replace(s.signals, filler=True)) if s.role == "user" and (
        (s.index in refusing and not (s.signals.fact or s.signals.strong or s.signals.weak))
        or (refusing and mentions(_STATUS_QUO, s.text))) else s for s in sentences]


# A short sentence that only declares the statement before it settled: "Esto ya es política.", "That's our setting
# from now on.", "Lo dejamos así.", "It's official.", "Ya está firmado el anexo."
_SETTLES = TermSet((
    "es politica", "es nuestra politica", "es la politica", "queda como politica", "es oficial", "lo dejamos asi",
    "se queda asi", "asi se queda", "queda asi", "es la norma", "es definitivo", "queda aprobado",
    "lo damos por bueno", "is policy", "is our policy", "is the policy", "now policy", "setting from now on",
    "the rule now", "rule from now on", "it's official", "its official", "that's final", "thats final",
    "final decision", "decision final", "es mi decision final",
    "keep it that way", "keep it like that", "the standard now", "our standard now", "how we do it from now on",
    # the way just stated, for good: "Siempre así, con cualquier cliente.", "Do it like that every week."
    "siempre asi", "asi siempre", "esto para siempre", "like that every", "that way every", "always like that",
    "always that way", "like this every", "asi cada", "asi todas las", "stick to that", "stick to it",
    "stick with that", "stick with it", "stick to this", "sigue asi", "mantenlo asi", "mantenedlo asi",
    # signed or approved by whoever may: "Ya está firmado el anexo.", "Ana signed off on it."
    "re:\\b(?:ya\\s+)?(?:esta|estan)\\s+(?:firmad|aprobad)[oa]s?\\b", "re:\\bsigned off on (?:it|this|that)\\b",
    "re:\\b(?:has |have )?(?:signed|approved) (?:it|this|that)\\b", "re:\\b(?:it's|its|it is) (?:signed|approved)\\b",
    "re:\\b(?:lo|la) (?:ha|han|hemos) (?:firmado|aprobado)\\b",
    # written so in the contracts: "Está así en los contratos.", "That's what the contracts say."
    "asi en los contratos", "asi en el contrato", "asi consta en", "asi lo dice el contrato", "it's in the contracts",
    "it's in the contract", "what the contracts say", "what the contract says",
))
# ... and the speaker's own way: "That's how I like to work, every time.", "Así es como me gusta trabajar."
_OWN_WAY_SETTLES = TermSet((
    "how i like to work", "how i like it", "how i work", "how i like things", "my way of working",
    "como me gusta trabajar", "como me gusta a mi", "asi trabajo yo", "asi me gusta", "mi forma de trabajar",
    # ... to mind whenever the assistant acts for the speaker: "Tenlo en cuenta siempre que me propongas huecos."
    "keep that in mind when you", "keep it in mind when you", "keep that in mind cuando me",
    "tenlo en cuenta cuando me", "tenlo en cuenta siempre que me", "tenlo presente cuando me",
    "tenlo en cuenta al proponerme",
))
MAX_SETTLING_WORDS = 8
# ... or opens with its settling words, whatever follows: "Final decision, no hace falta que me lo vuelvas a preguntar."
_SETTLING_OPENING = TermSet((
    "re:^\\W*(?:final decision|decision final|es definitivo|that's final|thats final)\\W*[,.;:]",))
# A sentence that settles what follows it: "It's settled. Managed WooCommerce Pro goes to 59 €/month…"
_SETTLES_NEXT = TermSet(("re:^\\W*(?:it's|its|it is|that's|thats)\\s+(?:settled|decided|final)\\W*$",
                         "re:^\\W*(?:final|last)\\s+word\\s+on\\b[^.!?]{0,60}[.!]?\\s*$",
                         "re:^\\W*(?:ultima\\s+palabra|conclusion\\s+final)\\s+(?:sobre|de)\\b[^.!?]{0,60}[.!]?\\s*$",
                         "re:^\\W*(?:ya\\s+)?(?:esta\\s+)?decidido\\W*$", "re:^\\W*decision\\s+(?:tomada|made)\\W*$"))
# A sentence that says the statement before it is not settled: "No es final, estamos negociando.", "Not final yet."
_UNSETTLES = TermSet((
    "no es final", "not final", "isn't final", "is not final", "nothing final", "nada final", "estamos negociando",
    "still negotiating", "we're negotiating", "we are negotiating", "under negotiation", "en negociacion",
    "no esta cerrado", "nada cerrado", "not closed yet", "not signed yet", "no esta firmado", "nothing is decided",
    "nothing's decided", "nada decidido", "no hay nada decidido", "no apruebes nada", "don't approve anything",
    "nada de esto esta decidido", "nada de esto es definitivo", "none of this is decided", "none of this is final",
    "none of it is decided", "nada de eso esta decidido",
))
# ... of everything said before it, not only of the sentence before: "Nada de esto está decidido, eh."
_UNSETTLES_ALL = TermSet(("nada de esto", "nada de eso", "none of this", "none of it", "todo esto", "all of this"))


def unsettled(sentences: Sequence[Sentence]) -> list[Sentence]:
    """The user's sentences with the statement the next one declares not settled ("No es final, estamos
    negociando") hedged: an offer or terms still open are no decision. "Nada de esto está decidido" hedges every
    sentence before it, and itself."""
    out = list(sentences)
    for number in range(1, len(out)):
        said = out[number]
        if said.role != "user" or not mentions(_UNSETTLES, said.text):
            continue
        reach = range(number + 1) if mentions(_UNSETTLES_ALL, said.text) else range(number - 1, number)
        for at in reach:
            if out[at].role == "user":
                out[at] = replace(out[at], signals=replace(out[at].signals, hedges=(*out[at].signals.hedges,
                                                                                    "not final")))
    return out


def _settled_kinds(said: str, kinds: tuple[Category, ...]) -> tuple[Category, ...] | None:
    """The kinds of the statement before `said` once `said` settles it: the speaker's preference ("That's how I like
    to work"), a lasting decision ("Está así en los contratos"); None when `said` settles nothing."""
    if mentions(_OWN_WAY_SETTLES, said):
        return ("preference", *(c for c in kinds if c != "preference"))
    if not mentions(_SETTLES, said):
        return None
    return _lasting(kinds)


def _lasting(kinds: tuple[Category, ...]) -> tuple[Category, ...]:
    """Kinds of a settled statement: a decision, unless it already is one or a preference (which already lasts)."""
    return kinds if {"decision", "preference"} & set(kinds) else ("decision", *kinds)


def settled(sentences: Sequence[Sentence]) -> list[Sentence]:
    """The user's sentences with a statement the next one declares settled read as a lasting decision (a time it
    names is when it was done, not how long it holds), and the declaring sentence, which holds no fact of its own,
    as filler. A question, a hedge, a one-off or an unverified claim before it is not settled by it."""
    out = list(sentences)
    for number in range(1, len(out)):
        said, before = out[number], out[number - 1]
        long = len(tokens(fold(said.text))) > MAX_SETTLING_WORDS and not mentions(_SETTLING_OPENING, said.text)
        if said.role != "user" or before.role != "user" or long or said.signals.question or technical_value(said.text):
            continue
        read = before.signals
        if read.question or read.hedges or read.one_off or read.unverified or read.filler:
            continue
        categories = _settled_kinds(said.text, read.categories)
        if categories is None:
            continue
        out[number - 1] = replace(before, signals=replace(read, categories=categories, transient=(),
                                                          strong=(*read.strong, "settled")))
        if not holds_number(said.text):   # "Hazlo así siempre, antes de las 11": the time is a detail of its own
            out[number] = replace(said, signals=replace(said.signals, filler=True))
    return _settling_openers(out)


def _settling_openers(out: list[Sentence]) -> list[Sentence]:
    """A user's "It's settled." before a statement of theirs: the statement is a lasting decision, the opener
    filler."""
    for number in range(len(out) - 1):
        said, after = out[number], out[number + 1]
        if said.role == "user" and after.role == "user" and mentions(_SETTLES_NEXT, said.text) and not (
                after.signals.question or after.signals.hedges or after.signals.unverified):
            lasting = _lasting(after.signals.categories)
            out[number + 1] = replace(after, signals=replace(after.signals, categories=lasting,
                                                             strong=(*after.signals.strong, "settled")))
            out[number] = replace(said, signals=replace(said.signals, filler=True))
    return out


MAX_TERMS_WORDS = 16   # "Tono amable, que son buena gente.": a piece of work's terms are short


def errand_terms(sentences: Sequence[Sentence]) -> list[Sentence]:
    """The user's sentences right after a request for a piece of work now ("Escríbeme un post para LinkedIn…") that
    only say how it should be ("Cercano, sin sonar a nota de prensa, y que no pase de 120 palabras"), as one-off:
    the terms of this piece, not a standing wish, unless said to last, or they state a price or a system value."""
    out = list(sentences)
    asked = False
    for number, sentence in enumerate(out):
        if sentence.role != "user":
            continue
        if asked and not sentence.signals.question and not mentions(LASTING, sentence.text) \
                and len(tokens(fold(sentence.text))) <= MAX_TERMS_WORDS \
                and not money_value(sentence.text) and not technical_value(sentence.text):
            out[number] = replace(sentence, signals=replace(sentence.signals, one_off=(*sentence.signals.one_off,
                                                                                        "the errand's terms")))
            continue
        asked = bool(sentence.signals.transient) and mentions(REQUEST_NOW_SET, sentence.text)
    return out
