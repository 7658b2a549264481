"""A user's correction of a fact ("Me equivoqué antes: el SLA del Pro es del 99,9 %", "It's 6 € not 5", "El
namespace es 'backup', not 'velero'"): the corrected fact is what lasts; the speaker's own slip ("me equivoqué")
is no action to report and the correction is no passing remark."""

from __future__ import annotations

import re
from dataclasses import replace

from .amendment import amendment
from .signals import Signals, money_value, states_value, technical_value
from .term_matching import fold

__all__ = ["corrected", "corrects", "without_discarded"]

# A sentence that says it corrects: "Me equivoqué antes:", "Corrijo lo de NordRack:", "correction on Pixelmar:".
_MARKER = re.compile(r"^\W*(?:(?:wait|espera|perdona|perdon|sorry|oye|ojo|ups|oops)\W+)*"
                     r"(?:me equivoque|me he equivocado|corrijo|correccion|correction|rectifico|i was wrong"
                     r"|my mistake|my bad|error mio|fe de erratas|casi\s*:|almost\s*:|not quite|no exactamente)")
_WEEKDAYS = (r"(?:lunes|martes|miercoles|jueves|viernes|sabados?|domingos?|mondays?|tuesdays?|wednesdays?"
             r"|thursdays?|fridays?|saturdays?|sundays?)")
# A value set against the one it replaces: "99,9 %, no 99,95 %", "6 € not 5", "'backup', not 'velero'",
# "los martes, no los lunes".
_CONTRAST = re.compile(r"(?:\d|['\"]|" + _WEEKDAYS + r")[^,;:.?!]{0,24}?,?\s+(?:not|no|y no|and not)\s+"
                       r"(?:the |el |la |los |las |del? |en )?(?:\d|['\"]|" + _WEEKDAYS + r"\b)")


# The value a correction discards, cut from what is kept: "es 256M, no 512M" -> "es 256M"; "en 30 días... no, mejor
# 14" -> "en 14"
# (a quoted name set against another is kept whole: "'Agency Pro', no 'Agencies Plus'" says which name is not it)
_DISCARDED_VALUE = re.compile(r"(?<!['\"]),?\s+(?:not|no|y no|and not)\s+(?:the |el |la |los |las |del? |en )?(?:\d|"
                              + _WEEKDAYS + r"\b)[^,;:.?!]{0,24}(?=[,;:.?!]|$)", re.IGNORECASE)
# ... or the person it replaces: "el contacto técnico ahora es Pilar Gómez, ya no Luis"
_FORMER = re.compile(r",\s+(?:ya no|no longer|not)\s+(?:es\s+|is\s+)?(?-i:[A-ZÁÉÍÓÚÑ][\w.-]*(?:\s+[A-ZÁÉÍÓÚÑ][\w.-]*)?)"
                     r"(?=\s*[,;:.?!]|\s*$)", re.IGNORECASE)
# "en 30 días... no, mejor 14", "49 €... no, espera, me equivoco: 59 €", "5 GB, no wait, sorry: 10 GB"
_TAKEN_BACK = re.compile(r"\d[^,;:.?!…]{0,12}?\s*(?:\.\.\.|…|,)\s*no,?\s+(?:mejor|better|make it|mejor dicho|"
                         r"(?:espera|wait)\b[,:]?\s*(?:(?:me equivoco|me he equivocado|perdona|sorry|my bad)"
                         r"\s*[,:]?\s*)?)\s*", re.IGNORECASE)
# A sentence about a value dropped before: "Lo de 59€ era la primera propuesta, que descartamos."
_DROPPED = re.compile(r"\b(?:que|which|that|la|lo)\s+(?:descartamos|hemos descartado|rechazamos|we dropped|we discarded"
                      r"|we rejected)\b|\b(?:was|were)\s+(?:discarded|dropped|rejected)\b")


def corrects(text: str) -> bool:
    """Whether a sentence says it corrects an earlier fact ("Me equivoqué con el nombre: …", "Correction: …")."""
    return _MARKER.match(fold(text)) is not None


def without_discarded(text: str) -> str:
    """A user's sentence without the value it discards; "" for a sentence that only recalls a dropped value."""
    if _DROPPED.search(fold(text)) and (money_value(text) or states_value(text)):
        return ""
    kept = _FORMER.sub("", _TAKEN_BACK.sub("", text))
    return _DISCARDED_VALUE.sub("", kept) if _CONTRAST.search(fold(kept)) else kept


def corrected(signals: Signals, text: str) -> Signals:
    """A user's sentence that corrects a fact, read as that fact stated for good (a value of a system makes it a
    setting, else a decision); any other sentence as it was."""
    if signals.question or signals.hedges or signals.unverified or signals.raw or amendment(text):
        return signals   # an assent that changes a value of the proposal is read with the proposal
    folded = fold(text)
    contrast = bool(_CONTRAST.search(folded))
    if not contrast and not (_MARKER.match(folded) and (signals.fact or states_value(text) or money_value(text))):
        return signals
    categories = signals.categories or (("config",) if technical_value(text) else ("decision",))
    return replace(signals, categories=categories, past_action=(), transient=(), one_off=(), filler=False,
                   strong=(*signals.strong, "corrected"))
