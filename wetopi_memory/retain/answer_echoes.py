"""The user's fact in the answer's words: an answer sentence noting what the user just told ("Anoto también que
Nómada Viajes tiene el SLA Gold") when the user's own sentence is tangled with the moment ("Ojo, que están en SLA
Gold, tiene que quedar resuelto hoy"), or stating as settled what the user just agreed to or corrected ("Vale, la
primera, pero los viernes hasta las 15:00" → "Queda fijado el horario de soporte: …"). Read as the user's
statement, never as a preference of theirs (those are kept in their own words), nor as the assistant's own claim."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Final

from .assent import assents
from .candidates import CandidateBuilder
from .corrections import corrects
from .dialogue_lexicon import ASSENT
from .kinds import Category
from .option_choice import takes_option
from .sentences import Sentence
from .signals import Signals
from .term_matching import fold, mentions, tokens

__all__ = ["user_fact_in_answer"]

ReadAsUser = Callable[[Sentence], Sentence]

# "Anoto (también) que …", "Y dejo anotado que …", "Anotado: …", "Noted: …", "I've noted that …" opening the sentence
_NOTING: Final = re.compile(
    r"^\W*(?:y\s+)?(?:tambien\s+)?(?:anoto|apunto|me\s+apunto|dejo\s+(?:anotado|apuntado)|queda\s+(?:anotado|apuntado)|"
    r"anotado|apuntado|tomo\s+nota(?:\s+de)?|noted|(?:and\s+)?i(?:'ve|\s+have)\s+noted|i'?ll\s+note|noting)"
    r"(?:\s+tambien|\s+too|\s+also)?\s*(?:que\b|that\b|:)\s*")
# "Queda así: …", "Queda fijado el horario…", "Hecho: el precio … queda en 49 €", "Settled: …" opening the sentence
_SETTLED: Final = re.compile(
    r"^\W*(?:queda(?:\s+(?:asi|fijad[oa]s?|decidid[oa]s?|cerrad[oa]s?|aprobad[oa]s?))?\s*:|"
    r"queda\s+(?:fijad[oa]s?|decidid[oa]s?|cerrad[oa]s?)\s+(?=el\b|la\b|los\b|las\b|que\b)|"
    r"(?:corregido|corrected|decision\s+registrada|registrado|decidido|acordado|decided|settled|locked\s+in|agreed)"
    r"(?:\s+y\s+(?:guardado|anotado|apuntado|registrado)|\s+and\s+(?:saved|noted|recorded|logged|stored))?"
    r"\s*:|(?:hecho|done)\s*:\s*(?=[^.]*\b(?:queda|quedan|es|son|sera|will\s+be|is\s+now|are\s+now)\b))\s*")
# "Hecho: descuento del 20 % … durante un máximo de 12 meses": a bare "done" opens a settled summary only when what
# follows names a kind of fact (a price, a limit), not an errand ("Hecho: te he mandado el correo")
_DONE: Final = re.compile(r"^\W*(?:hecho|done)\s*:\s*")
MIN_CONTENT_CHARS: Final = 4    # "Gold", "mes", a number: shorter words are grammar
MIN_SHARED: Final = 2
MIN_SHARED_SHARE: Final = 0.5


def _echoed_fact(text: str, said: Sequence[str]) -> tuple[str, int] | None:
    """What an answer sentence notes, when in its own words it is what one of the user's sentences (`said`) told:
    most of its content words (names, values, the matter) are that sentence's. The note ("Nómada Viajes tiene el
    SLA Gold.") and the position of the sentence it echoes."""
    folded = fold(text)
    found = _NOTING.match(folded)
    if found is None or len(folded) != len(text):
        return None
    noted = {w for w in tokens(folded[found.end():]) if len(w) >= MIN_CONTENT_CHARS or w.isdigit()}
    shares = [len(noted & set(tokens(fold(sentence)))) for sentence in said]
    best = max(range(len(shares)), key=shares.__getitem__, default=-1)
    if best < 0 or shares[best] < MIN_SHARED or shares[best] < MIN_SHARED_SHARE * len(noted):
        return None
    content = text[found.end():].strip()
    return content[:1].upper() + content[1:], best


def _settled_summary(text: str) -> tuple[str, bool] | None:
    """What an answer sentence states as settled ("Queda fijado el horario de soporte: …"), without its opening, and
    whether the opening alone says it was settled (a bare "Hecho:" does not)."""
    folded = fold(text)
    found = _SETTLED.match(folded) or _DONE.match(folded)
    if found is None or len(folded) != len(text):
        return None
    content = text[found.end():].strip()
    return (content[:1].upper() + content[1:], found.re is _SETTLED) if content else None


_NOT_THEIRS: Final[frozenset[Category]] = frozenset({"preference"})
_OPENING_WORDS: Final = 3
_DEAL: Final = re.compile(r"^\W*(?:trato\s+)?(?:hecho|deal)\s*[:!]")   # "Hecho: Ceph RBD para wp-prod, …"


def user_fact_in_answer(builder: CandidateBuilder, sentence: Sentence, said: Sequence[Sentence], read: ReadAsUser,
                        *, settles: bool) -> Sentence | None:
    """The answer sentence as the user's statement of what it notes or (`settles`: the turn found no proposal of
    its own to adopt) states as settled, read by `read` as a user's sentence is; None when it is neither."""
    found = _echoed_fact(sentence.text, [s.text for s in said])
    echoed = found is not None and _tangled(said[found[1]].signals)
    sure = True
    if found is not None and echoed:
        content: str | None = found[0]
    elif settles and said and any(_opens_with_assent(opening) or corrects(opening) for opening in _openings(said[0])):
        summary = _settled_summary(sentence.text)
        content, sure = summary if summary else (None, False)
    else:
        return None
    parsed = builder.sentences(content, "user", first_index=sentence.index) if content else []
    if len(parsed) != 1:
        return None
    stated = read(parsed[0])
    categories = tuple(c for c in stated.signals.categories if c not in _NOT_THEIRS)
    if not echoed and not categories and not sure:
        return None   # "Hecho: te he mandado el correo": an errand done
    if not echoed:
        categories = categories or ("decision",)   # what was settled is a decision even when it names no kind
    return replace(stated, signals=replace(stated.signals, categories=categories))


_PARTY_LABEL: Final = re.compile(r"^[^:.?!]{1,40}:\s+")   # "Marta: " put before the user's terms (`with_party`)


def _openings(sentence: Sentence) -> tuple[str, ...]:
    """The user's first sentence, and the same without the party's name put before it ("Marta: Casi: …")."""
    label = _PARTY_LABEL.match(sentence.text)
    return (sentence.text, sentence.text[label.end():]) if label else (sentence.text,)


def _opens_with_assent(text: str) -> bool:
    """Whether the user's message opens by agreeing ("Vale, la primera, pero…", "Ok, go with option 2")."""
    folded = fold(text)
    return assents(text) or takes_option(text) or _DEAL.match(folded) is not None or mentions(
        ASSENT, " ".join(tokens(folded)[:_OPENING_WORDS]))


def _tangled(signals: Signals) -> bool:
    """Whether a user's sentence is kept from memory by what else it says: a question, an errand, today's state."""
    return bool(signals.transient or signals.one_off or signals.question or signals.errand or signals.filler
                or not signals.categories)
