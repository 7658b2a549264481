"""What in a MEMORY.md entry reads as passing, not durable: a finished task (`… done`), a one-off action told in the
past (`Sent the signed contract to …`, `He enviado la propuesta …`) or a temporary state (`Temporary: Marc has the
on-call phone this week`, `lleva 20 min en CrashLoopBackOff`): the consolidation proposal's P3."""

from __future__ import annotations

import re

from .kinds import Category, Priority
from .signals import analyze

_COMPLETED = re.compile(
    r"\b(complete|completed|done|finished|resolved|shipped|merged|closed|terminad[oa]s?|completad[oa]s?|hech[oa]s?|"
    r"resuelt[oa]s?|finalizad[oa]s?|cerrad[oa]s?)\b", re.IGNORECASE)
# A one-off action of the writer, told in the past (English simple past, Spanish pretérito or `he/hemos` + participle).
_ONE_OFF = re.compile(
    r"\s*(?:(?:i|we|yo|nosotros)\s+|(?:ya\s+)?se\s+(?=envi|mand|firm|pag|aprob|renov|llam))?"
    r"(?:sent|approved|emailed|called|paid|renewed|replied|answered|uploaded|installed|restarted|rebooted|ordered|"
    r"booked|invited|reminded|submitted|signed|forwarded|checked|reviewed|"
    r"tested|cleaned|removed|deleted|created|added|updated|upgraded|migrated|moved|fixed|deployed|rotated|"
    r"(?:he|hemos)\s+[a-záéíóú]+(?:ado|ido|to|cho|sto)|envié|enviamos|aprobé|aprobamos|actualicé|mandé|mandamos|"
    r"llamé|llamamos|pagué|pagamos|renové|renovamos|reinicié|instalé|subí|firmé|firmamos|reenvié|envió|mandó|firmó|"
    r"pagó|aprobó|renovó|llamó)\b(?!\s*:)",
    re.IGNORECASE)
# An entry labelled as a task done: `Hecho: …`, `Done - …`, `Completado: …`.
_DONE_LABEL = re.compile(r"\W*(?:hecho|done|completado|completada|terminado|terminada|finished|completed)\s*[:\-–—]",
                         re.IGNORECASE)
# A state that passes: it holds for now, this week, today.
_TRANSIENT = re.compile(
    r"\b(?:temporary|temporarily|temporal(?:mente)?|this week|esta semana|today|hoy|tonight|esta noche|yesterday|"
    r"ayer|right now|ahora mismo|for now|por ahora|de momento|for the time being|currently|at the moment|"
    r"en este momento)\b"
    r"|\b(?:lleva|llevan|desde hace|for the (?:last|past)|for)\s+\d+\s*(?:min|minutos|minutes|h|horas|hours)\b",
    re.IGNORECASE)
_DURABLE_CATEGORIES: tuple[Category, ...] = ("root_cause", "fix", "runbook", "decision", "constraint")


def reads_as_passing(text: str, priority: Priority | None) -> bool:
    """Reads like a finished task or a passing state and carries no durable marker (the consolidation proposal's
    P3): `… done`, a one-off action (`Sent the signed contract to …`, `He enviado la propuesta …`), or a temporary
    state (`Temporary: Marc has the on-call phone this week`). P2 entries are kept; a P1 one goes to review."""
    if priority not in (None, "P1"):
        return False
    if _DONE_LABEL.match(text):
        return True   # `Hecho: aprobado y desplegado el cambio de …`: the log of a task, whatever it changed
    completed = _COMPLETED.search(text)  # a P1 task finished (`[P1] Migración de X terminada`) goes to review
    signals = analyze(text)  # an errand (`Approved the refund …`, `Sent the signed contract …`) is no decision there
    if not (completed or signals.errand or _ONE_OFF.match(text) or _TRANSIENT.search(text)):
        return False
    return not signals.strong and signals.category not in _DURABLE_CATEGORIES
