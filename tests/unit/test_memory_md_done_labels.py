"""A MEMORY.md entry labelled as a task done is passing, whatever it changed; the fact it left, written as a fact,
is kept (our own entries)."""

from __future__ import annotations

from pathlib import Path

from tests.support.judgement import PluginDriver

ENTRIES = (
    "Hecho: aprobado y aplicado el cambio de retención de Loki a 31 días (PR #812).",
    "Done - rotated the Cloudflare API token of the DNS updater.",
    "La retención de Loki es de 31 días en todos los clusters.",
)


def test_done_labels(driver: PluginDriver, tmp_path: Path) -> None:
    fates = [(e.fate, tuple(sorted({s["scope"] for s in e.scopes if s["fate"] == "imported"})))
             for e in driver.imported(ENTRIES, tmp_path)]
    assert fates[0] == ("rejected", ()), fates
    assert fates[1] == ("rejected", ()), fates
    assert fates[2] == ("imported", ("platform",)), fates
