"""What a MEMORY.md import reports: every entry with its fate and reasons, the P1 entries waiting for review,
and the secret entries by number only. Nothing here reads or writes memory."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from .kinds import Priority
from .memory_md_review import (
    MemoryImportError,
    ReviewedEntries,
    ReviewItem,
    load_reviewed,
    write_atomically,
    write_review_file,
)

__all__ = ["EntryFate", "EntryReport", "ImportReport", "MemoryEntry", "MemoryImportError", "write_report"]

# What became of an entry (or of one of its scopes). `review`: a P1 entry the policies would reject, listed for a
# person to decide (never dropped); `secret`: refused whole, listed by number only.
EntryFate = Literal["imported", "queued", "failed", "evicted", "duplicate", "rejected", "would_import", "partial",
                    "outbox_full", "review", "secret"]


@dataclass(frozen=True, slots=True)
class MemoryEntry:
    """One entry (`§` line or inline ` § ` separated). Lines are 1-based and inclusive."""

    index: int
    line_start: int
    line_end: int
    text: str
    priority: Priority | None
    completed_task: bool = False


@dataclass(frozen=True, slots=True)
class EntryReport:
    """The fate of one entry, per scope, with reasons. `preview` is None when the entry has secret-like content."""

    entry: MemoryEntry
    fate: EntryFate
    reasons: tuple[str, ...]
    scopes: tuple[dict[str, Any], ...]
    sentences: tuple[dict[str, Any], ...]
    preview: str | None
    reviewed: bool = False
    # The text of a `review` entry (a P1 entry without secrets), for the person who decides; None otherwise.
    review_text: str | None = field(default=None, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The report row of one entry, as written to JSON."""
        return {"entry": self.entry.index, "lines": [self.entry.line_start, self.entry.line_end],
                "priority": self.entry.priority, "completed_task": self.entry.completed_task, "fate": self.fate,
                "reasons": list(self.reasons), "scopes": list(self.scopes), "sentences": list(self.sentences),
                "preview": self.preview, "reviewed": self.reviewed}


@dataclass(frozen=True, slots=True)
class ImportReport:
    """Every entry of one import run, and the totals."""

    source: str
    source_sha256: str
    dry_run: bool
    entries: tuple[EntryReport, ...]
    outbox: dict[str, Any] = field(default_factory=dict)

    @property
    def totals(self) -> dict[str, int]:
        out: dict[str, int] = {"entries": len(self.entries)}
        for entry in self.entries:
            out[entry.fate] = out.get(entry.fate, 0) + 1
        return out

    @property
    def complete(self) -> bool:
        """True when nothing accepted is still waiting or failed."""
        return not any(e.fate in ("queued", "failed", "partial") for e in self.entries)

    @property
    def review(self) -> tuple[EntryReport, ...]:
        """P1 entries the policies would reject: a person decides (`--review-file`, then `--accept-reviewed`)."""
        return tuple(e for e in self.entries if e.fate == "review")

    @property
    def secrets(self) -> tuple[int, ...]:
        """The numbers of the entries refused for a secret."""
        return tuple(e.entry.index for e in self.entries if e.fate == "secret")

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "source_sha256": self.source_sha256, "dry_run": self.dry_run,
                "totals": self.totals, "entries": [e.to_dict() for e in self.entries],
                "review": [{"entry": e.entry.index, "lines": [e.entry.line_start, e.entry.line_end],
                            "reasons": list(e.reasons), "preview": e.preview} for e in self.review],
                "secret_entries": list(self.secrets), "outbox": self.outbox}

    def write_report(self, destination: str | os.PathLike[str], *, source: str | None = None) -> Path:
        """Write this report (JSON for `.json`, Markdown otherwise) atomically; never over the source file."""
        return write_report(self, destination, source=source)

    def write_review_file(self, destination: str | os.PathLike[str], *, source: str | None = None) -> Path:
        """Write the review list for a person to decide (retain/memory_md_review.py describes the file)."""
        items = [ReviewItem(index=e.entry.index, lines=(e.entry.line_start, e.entry.line_end),
                            priority=e.entry.priority, reasons=e.reasons, text=e.review_text or "",
                            scope=next((str(s["scope"]) for s in e.scopes), "personal")) for e in self.review]
        return write_review_file(items, destination, source_name=self.source, source_sha256=self.source_sha256,
                                 source=source)

    @staticmethod
    def reviewed_from(path: str | os.PathLike[str]) -> ReviewedEntries:
        """The P1 entries a person accepted in a review file, for `import_memory_md(reviewed=…)`."""
        return load_reviewed(path)

    def to_markdown(self) -> str:
        lines = [f"# MEMORY.md import report{' (dry run)' if self.dry_run else ''}", "",
                 f"- source: `{self.source}` (sha256 `{self.source_sha256[:16]}…`, never modified)",
                 "- totals: " + ", ".join(f"{k} {v}" for k, v in self.totals.items()), "",
                 "| # | lines | tag | fate | scopes | reasons | preview |", "|---|---|---|---|---|---|---|"]
        for e in self.entries:
            scopes = ", ".join(f"{s['scope']}:{s['fate']}" for s in e.scopes) or "-"
            preview = (e.preview or "[withheld: secret-like content]").replace("|", "\\|")
            lines.append(f"| {e.entry.index} | {e.entry.line_start}-{e.entry.line_end} | {e.entry.priority or '-'} | "
                         f"{e.fate} | {scopes} | {', '.join(e.reasons) or '-'} | {preview} |")
        if self.review:
            lines += ["", "## Needs review: P1 entries the policies would reject", "",
                      "Nothing below was stored. Write them to a file with `--review-file FILE`, set `\"accept\": "
                      "true` (and the `scope`) on the ones to keep, and run again with `--accept-reviewed FILE`.", ""]
            lines += [f"- entry {e.entry.index} (lines {e.entry.line_start}-{e.entry.line_end}): "
                      f"{', '.join(e.reasons) or '-'}" for e in self.review]
        if self.secrets:
            lines += ["", "## Refused for secrets (never stored, content withheld)", "",
                      "- entries " + ", ".join(str(n) for n in self.secrets)]
        return "\n".join(lines) + "\n"


def write_report(report: ImportReport, destination: str | os.PathLike[str], *, source: str | None = None) -> Path:
    """Write the report (JSON for `.json`, Markdown otherwise) atomically; never over the source file."""
    target = Path(destination)
    body = (json.dumps(report.to_dict(), ensure_ascii=False, indent=2) + "\n" if target.suffix.lower() == ".json"
            else report.to_markdown())
    return write_atomically(target, body, source=source)
