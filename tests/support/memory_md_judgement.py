"""Imports labelled MEMORY.md files through the plane (local backend, speaker Ana) and scores every entry's fate
against its expectation (format in tests/corpus/README.md)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wetopi_memory import ImportReport

from .judgement import plugin_driver

# The report's fates, as the corpus names them.
STORED = frozenset({"imported", "queued", "would_import", "duplicate", "partial"})


@dataclass(frozen=True, slots=True)
class EntryCheck:
    """One expected entry against what the import did with it."""

    file: str
    expected: dict[str, Any]
    fate: str | None
    scopes: tuple[str, ...]
    text: str

    @property
    def actual(self) -> str:
        if self.fate is None:
            return "unaccounted"
        return "stored" if self.fate in STORED else self.fate

    @property
    def correct(self) -> bool:
        if self.actual != self.expected["fate"]:
            return False
        return self.actual != "stored" or self.scopes == (self.expected.get("scope"),)


@dataclass(slots=True)
class MemoryMdScore:
    """The figures of one corpus part."""

    checks: list[EntryCheck] = field(default_factory=list)
    unaccounted: int = 0

    @property
    def p1_dropped(self) -> int:
        """P1 entries rejected without going to review (a secret refused is not a drop)."""
        return sum(1 for c in self.checks if c.expected.get("priority") == "P1" and c.actual == "rejected")

    @property
    def secrets_stored(self) -> int:
        return sum(1 for c in self.checks if c.expected["fate"] == "secret" and c.actual == "stored")

    def per_fate(self) -> dict[str, tuple[int, int]]:
        """(correct, total) per expected fate."""
        totals: Counter[str] = Counter(c.expected["fate"] for c in self.checks)
        right: Counter[str] = Counter(c.expected["fate"] for c in self.checks if c.correct)
        return {fate: (right[fate], totals[fate]) for fate in sorted(totals)}

    def misses(self) -> list[str]:
        return [f"{c.file}: {c.expected['contains']!r} expected {c.expected['fate']}"
                f"{'/' + str(c.expected.get('scope')) if c.expected['fate'] == 'stored' else ''}, got {c.actual}"
                f"{'/' + ','.join(c.scopes) if c.actual == 'stored' else ''}" for c in self.checks if not c.correct]


def _checks(name: str, report: ImportReport, expected: Sequence[dict[str, Any]]) -> tuple[list[EntryCheck], int]:
    """Expected entries matched in order to the report's entries; any count mismatch is unaccounted."""
    checks: list[EntryCheck] = []
    entries = list(report.entries)
    for position, want in enumerate(expected):
        got = entries[position] if position < len(entries) else None
        if got is None:
            checks.append(EntryCheck(name, want, None, (), ""))
            continue
        scopes = tuple(str(s["scope"]) for s in got.scopes if s["fate"] in STORED)
        checks.append(EntryCheck(name, want, got.fate, scopes, got.entry.text))
    unaccounted = abs(len(entries) - len(expected)) + sum(
        1 for c in checks if c.fate is not None and c.expected["contains"].lower() not in c.text.lower())
    return checks, unaccounted


def score_memory_md(folder: Path) -> MemoryMdScore:
    """Import every NAME.md of a folder (fresh state each) and check it against NAME.expect.json."""
    score = MemoryMdScore()
    for source in sorted(folder.glob("*.md")):
        expected = json.loads(source.with_suffix(".expect.json").read_text(encoding="utf-8"))["entries"]
        with plugin_driver() as driver:
            plane = driver.plugin.plane
            driver.plugin.retain_coordinator()  # starts the delivery worker
            ana = plane.identify("telegram", "1001")
            report = driver.runtime.run(plane.import_memory_md(ana, source, deliver_timeout=10.0), 30)
        checks, unaccounted = _checks(source.name, report, expected)
        score.checks += checks
        score.unaccounted += unaccounted
    return score
