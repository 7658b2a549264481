"""MEMORY.md entries: a to-do with a deadline goes to review when tagged P1, a check still to do and an answer not
given yet are no facts, and a sentence that names no scope goes on from the one before it (our own entries)."""

from __future__ import annotations

from pathlib import Path

from tests.support.judgement import PluginDriver

ENTRIES = (
    "[P1] Revisar con la gestoría el IVA del segundo trimestre antes del día 15.",
    "Maybe the slow admin of Lumen comes from the new SEO plugin, not sure yet. Need to check the query log first.",
    "¿Qué precio le ponemos al soporte del domingo? Ana no lo ha decidido todavía.",
    "Ana wants the Monday summary as a short list: new customers, churn and open incidents. No tables, no charts.",
    "Backups de las tiendas: Velero cada noche a MinIO con 14 días de retención. Se prueba un restore al mes.",
)


def _fates(driver: PluginDriver, tmp_path: Path) -> list[tuple[str, tuple[str, ...]]]:
    return [(e.fate, tuple(sorted({s["scope"] for s in e.scopes if s["fate"] == "imported"})))
            for e in driver.imported(ENTRIES, tmp_path)]


def test_entry_fates(driver: PluginDriver, tmp_path: Path) -> None:
    fates = _fates(driver, tmp_path)
    assert fates[0][0] == "review", fates            # a P1 to-do due on a day: a person decides
    assert fates[1][1] == (), fates                  # a guess and a check still to do
    assert fates[2][1] == (), fates                  # a question and an answer not given yet
    assert fates[3][1] == ("personal",), fates       # "No tables, no charts." goes on from her preference
    assert fates[4][1] == ("platform",), fates       # a runbook's second sentence stays with the first
