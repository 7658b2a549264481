"""Which sentences of a fix's answer tell how this run of it went (P10: evidence of the fix, never part of it)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .sentences import Sentence
from .signals import technical_value

__all__ = ["reports_the_run", "run_sections"]

# Its verification ("Verificación: 300 peticiones, p95 820 ms"), under its own heading or in its own sentence.
_VERIFICATION = re.compile(r"(?i)^\W*(?:verification|verificaci[oó]n|comprobaci[oó]n|prueba|pruebas|resultado|result"
                           r"|results|check|checks|evidence|evidencia|tests?)\s*:")
# A label opening a sentence or standing alone ("Verificación:", "Fix (commit e0b77c2): …", "Procedure (RKE2 etcd
# defrag), as executed:"): it opens a section of the answer.
_LABEL = re.compile(r"^\W*(?<![^\s:])(?:[^\s:]+\s+){0,5}[^\s:]+:(?:\s|$)")
# In a sentence with no setting of its own, its timing ("Recovery took 26 minutes (312 GiB)", "El drain ha tardado
# 3 min 40 s"; not "Le he puesto proxy-read-timeout: 600 … la última tardó 4 min").
_RUN_TIME = re.compile(
    r"(?i)\b(?:took|lasted|tard[oó]|ha\s+tardado|han\s+tardado|dur[oó]|ha\s+durado)\s+(?:about\s+|around\s+|unos?\s+|"
    r"~\s*)?\d+(?:[.,]\d+)?\s*(?:s|sec|seconds?|segundos?|min|mins|minutes?|minutos?|h|hours?|horas?)\b")
# A routine run's outcome: "Done: woo-olivares Synced a 7a1c9e0 y Healthy; rollout completo"; a state got back
# ("rke2-w-07 vuelve a estar Ready desde las 09:48").
_ROUTINE_RUN = re.compile(r"(?i)\b(?:synced|healthy|rollout\s+(?:completo|completado|complete|completed|finished)"
                          r"|(?:en\s+estado|phase:?|status:?)\s+completed|(?:vuelve|vuelven)\s+a\s+estar\s+\w+"
                          r"|(?:is|are)\s+back\s+(?:to\s+)?(?:ready|healthy|running|normal|green|up))\b")
# What this run measured: a before or after ("Autoload antes: 12,4 MB"), a figure that moved ("TTFB de 4,8 s a 0,7 s",
# "p95 went from 2.1 s to 300 ms"), a test request's answer and its time ("returned HTTP 200 in 7.9 s").
_UNIT = r"\s*(?:ms|s|seg|min|%|[kmgt]i?b)\b"
_RUN_FIGURES = re.compile(
    rf"(?i)^\W*[\w /.-]{{0,40}}?\b(?:antes|despu[eé]s|before|after)\s*:"
    rf"|\b(?:de|from)\s+~?\d+(?:[.,]\d+)?{_UNIT}\s+(?:a|to)\s+~?\d+(?:[.,]\d+)?{_UNIT}"
    rf"|\b(?:returned|devolvi[oó]|respondi[oó]|got)\b[^.;]{{0,40}}\b(?:in|en)\s+\d+(?:[.,]\d+)?\s*(?:ms|s)\b")
# A test run told as such: "A test backup of wp-nube completed … in 3m12s", "Una prueba de restore tardó 4 min"
_TEST_RUN = re.compile(r"(?i)^\W*(?:a|an|the|one|una?|la|el)\s+(?:[\w-]+\s+){0,2}?(?:test|trial|prueba)\s+"
                       r"(?:[\w-]+\s+){0,3}?(?:completed|finished|ran|succeeded|passed|returned|took|complet[oó]"
                       r"|termin[oó]|funcion[oó]|devolvi[oó]|tard[oó])\b")
# ... the metric named before a colon ("TTFB de /wp-admin/: de 4,8 s a 0,7 s"): a name, not a setting
_METRIC_LABEL = re.compile(r"^\W*[^:]{0,40}:\s*")


def reports_the_run(text: str) -> bool:
    """Whether an answer sentence tells how this run went (its verification, its timing, what it measured, a sync
    come out healthy) and nothing else: a setting in it, apart from what was measured, keeps it."""
    if _VERIFICATION.search(text) or _TEST_RUN.search(text):
        return True
    measured = _RUN_FIGURES.search(text) is not None
    rest = _RUN_FIGURES.sub(" ", text) if measured else text
    label = _METRIC_LABEL.match(rest) if measured else None
    if label is not None and not rest[label.end():].strip(" .;,*"):
        return True   # a metric named, then measured; nothing else
    run_only = measured or bool(_RUN_TIME.search(text) or _ROUTINE_RUN.search(text))
    return run_only and not technical_value(rest)


def run_sections(answer: Sequence[Sentence]) -> frozenset[int]:
    """The indices of the sentences under a verification heading ("Verificación:" alone on its line), up to the next
    label ("Fix: …", "Procedure:")."""
    inside = False
    out: set[int] = set()
    for sentence in answer:
        text = sentence.text.strip()
        if _LABEL.match(text):
            inside = bool(_VERIFICATION.match(text)) and text.endswith(":")
        elif inside:
            out.add(sentence.index)
    return frozenset(out)
