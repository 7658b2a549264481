"""MEMORY.md entries: a P1 question goes to review, a verified cause and a colleague's start are kept, a proposal
sent and still unanswered is a finished one-off (our own entries)."""

from __future__ import annotations

from pathlib import Path

from tests.support.judgement import PluginDriver

ENTRIES = (
    "[P1] ¿Quién firma las bajas de clientes cuando Ana está fuera?",
    "Verified: the shop's 502s were caused by keepalive_timeout=5 on the ingress; raising it to 65 stopped them.",
    "Nuria Sala entró como soporte de segundo nivel en octubre de 2026, turno de mañana.",
    "[P1] Ya se envió el presupuesto a Ferretería Puig; falta que respondan.",
)


def _fates(driver: PluginDriver, tmp_path: Path) -> list[tuple[str, tuple[str, ...]]]:
    return [(e.fate, tuple(s["scope"] for s in e.scopes)) for e in driver.imported(ENTRIES, tmp_path)]


def test_entry_fates(driver: PluginDriver, tmp_path: Path) -> None:
    fates = _fates(driver, tmp_path)
    assert fates[0][0] == "review", fates            # a question, even tagged P1, is no durable fact
    assert fates[1] == ("imported", ("platform",)), fates   # "were caused by" states a cause, no past errand
    assert fates[2] == ("imported", ("business",)), fates   # a colleague's start; "turno de mañana" is no date
    assert fates[3][0] == "review", fates            # sent, waiting for an answer: passing, so a P1 is reviewed
