"""Import a Hermes MEMORY.md into scoped memory, through the same router and policies, losing nothing silently.

A Hermes MEMORY.md is a list of free-text entries separated by lines holding only `§` (Hermes writes them joined
by "\\n§\\n"). An entry may start with a priority tag (`[P1]`, `[P2]`, `[P3]`; see the consolidation proposal:
P1/P2 are protected, P3 are completed tasks and transient state).

Each entry is split into sentences, routed to scopes (sentences that route nowhere go where the whole entry
routes, and an entry that routes nowhere goes to `personal`, the agent's notes about its user), and judged by
the PolicyEngine with the `import` origin:

* P1 → durability ≥ 0.95, P2 → ≥ 0.85: kept even when they mention finished work;
* untagged entries are curated notes → durability ≥ 0.75, unless they read as a completed task ("… complete",
  "done", "resolved", "terminado", …), which are treated like P3;
* P3 and completed-task entries → durability ≤ 0.3 → `not_durable`;
* secrets, hypotheses and raw tool output are rejected as everywhere else.

Accepted candidates are queued in per-scope batches (one request per scope, chunked at 50 items) in the durable
outbox and delivered. Document ids are stable, so a second run imports nothing twice (every entry comes back as
`duplicate`). The source file is only ever read. The report lists EVERY entry with its fate and the reasons:
`imported`, `queued` (accepted, waiting in the outbox for the backend), `failed` (kept in the outbox after a
client error), `duplicate`, `rejected`, `would_import` (dry run). Entries with secret-like content are listed
by number and line only, never with a preview.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal, Protocol

from ..errors import WetopiMemoryError
from ..identity import Identity
from .candidates import CandidateBuilder, Unit
from .decision import Decision
from .kinds import Category, Origin, Priority
from .outbox import Outbox
from .planning import UnitOutcome, plan_units
from .policy import PolicyEngine
from .reasons import ReasonCode
from .signals import analyze

__all__ = [
    "EntryFate",
    "EntryReport",
    "ImportReport",
    "ImportingCoordinator",
    "MemoryEntry",
    "MemoryImportError",
    "import_through",
    "parse_memory_md",
    "write_report",
]

# What became of an entry (or of one of its scopes).
EntryFate = Literal["imported", "queued", "failed", "evicted", "duplicate", "rejected", "would_import", "partial",
                    "outbox_full"]

_PRIORITY = re.compile(r"^\s*\[\s*(P[123])\s*\]\s*", re.IGNORECASE)
_COMPLETED = re.compile(
    r"\b(complete|completed|done|finished|resolved|shipped|merged|closed|terminad[oa]s?|completad[oa]s?|hech[oa]s?|"
    r"resuelt[oa]s?|finalizad[oa]s?|cerrad[oa]s?)\b", re.IGNORECASE)
PREVIEW_CHARS = 80
BATCH_ITEMS = 50
_PRIORITIES: dict[str, Priority] = {"P1": "P1", "P2": "P2", "P3": "P3"}
_DURABLE_CATEGORIES: tuple[Category, ...] = ("root_cause", "fix", "runbook", "decision", "constraint")
_PENDING_FATES: tuple[EntryFate, ...] = ("failed", "evicted", "outbox_full", "queued")


class MemoryImportError(WetopiMemoryError):
    """The MEMORY.md cannot be read, or the report cannot be written."""


class ImportingCoordinator(Protocol):
    """What an import needs from the retain coordinator: its builder and policies, the outbox, and delivery."""

    @property
    def builder(self) -> CandidateBuilder: ...

    @property
    def policy(self) -> PolicyEngine: ...

    @property
    def outbox(self) -> Outbox | None: ...

    def enqueue_decisions(self, decisions: Sequence[Decision], *, origin: Origin, group_key: str,
                          max_batch_items: int = 50) -> tuple[dict[str, int | None], dict[str, str], str | None]:
        """Queue accepted decisions: (batch per scope, fate per document id, error)."""

    async def flush(self, timeout: float = 10.0) -> bool:
        """Deliver what is queued, for at most `timeout` seconds."""


@dataclass(frozen=True, slots=True)
class MemoryEntry:
    """One `§`-separated entry. Lines are 1-based and inclusive."""

    index: int
    line_start: int
    line_end: int
    text: str
    priority: Priority | None

    @property
    def completed_task(self) -> bool:
        """Reads like a finished task and carries no durable marker (the consolidation proposal's P3)."""
        if self.priority is not None:
            return False
        signals = analyze(self.text)
        return bool(_COMPLETED.search(self.text)) and not signals.strong and signals.category not in (
            _DURABLE_CATEGORIES)


def parse_memory_md(text: str) -> list[MemoryEntry]:
    """Entries of a MEMORY.md: blocks between lines that hold only `§`; blank blocks are skipped."""
    entries: list[MemoryEntry] = []
    block: list[tuple[int, str]] = []

    def close() -> None:
        lines = [(n, ln) for n, ln in block]
        while lines and not lines[0][1].strip():
            lines.pop(0)
        while lines and not lines[-1][1].strip():
            lines.pop()
        if lines:
            body = "\n".join(ln for _, ln in lines)
            match = _PRIORITY.match(body)
            priority = _PRIORITIES[match.group(1).upper()] if match else None
            if match:
                body = body[match.end():]
            entries.append(MemoryEntry(index=len(entries) + 1, line_start=lines[0][0], line_end=lines[-1][0],
                                       text=body.strip(), priority=priority))
        block.clear()

    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() == "§":
            close()
        else:
            block.append((number, line))
    close()
    return entries


@dataclass(frozen=True, slots=True)
class EntryReport:
    """The fate of one entry, per scope, with reasons. `preview` is None when the entry has secret-like content."""

    entry: MemoryEntry
    fate: EntryFate
    reasons: tuple[str, ...]
    scopes: tuple[dict[str, Any], ...]
    sentences: tuple[dict[str, Any], ...]
    preview: str | None

    def to_dict(self) -> dict[str, Any]:
        """The report row of one entry, as written to JSON."""
        return {"entry": self.entry.index, "lines": [self.entry.line_start, self.entry.line_end],
                "priority": self.entry.priority, "completed_task": self.entry.completed_task, "fate": self.fate,
                "reasons": list(self.reasons), "scopes": list(self.scopes), "sentences": list(self.sentences),
                "preview": self.preview}


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

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "source_sha256": self.source_sha256, "dry_run": self.dry_run,
                "totals": self.totals, "entries": [e.to_dict() for e in self.entries], "outbox": self.outbox}

    def write_report(self, destination: str | os.PathLike[str], *, source: str | None = None) -> Path:
        """Write this report (JSON for `.json`, Markdown otherwise) atomically; never over the source file."""
        return write_report(self, destination, source=source)

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
        return "\n".join(lines) + "\n"


def _preview(coordinator: ImportingCoordinator, text: str) -> str | None:
    if coordinator.builder.gate.scan(text):
        return None
    flat = " ".join(text.split())
    return flat if len(flat) <= PREVIEW_CHARS else flat[:PREVIEW_CHARS - 1] + "…"


def _entry_units(coordinator: ImportingCoordinator, identity: Identity, entry: MemoryEntry, first_index: int,
                 source_agent: str) -> tuple[list[Unit], list[int], int]:
    builder = coordinator.builder
    sentences = builder.sentences(entry.text, "import", first_index=first_index)
    fallback = builder.context_scopes([entry.text])
    if not fallback and "personal" in coordinator.policy.config.stores:
        fallback = ("personal",)
    units, unrouted = builder.units(sentences, origin="import", fallback=fallback, identity=identity,
                                   source_agent=source_agent, priority=entry.priority,
                                   tags=(f"import:memory_md#{entry.index}",))
    if entry.completed_task:
        units = [Unit(sentence=u.sentence, routed_by=u.routed_by,
                      candidate=replace(u.candidate, durability=min(u.candidate.durability, 0.3),
                                        markers=(*u.candidate.markers, "completed_task")))
                 for u in units]
    return units, [s.index for s in unrouted], first_index + len(sentences)


_Planned = tuple[MemoryEntry, list[Decision], list[UnitOutcome], list[int]]


async def import_through(coordinator: ImportingCoordinator, identity: Identity, path: str | os.PathLike[str], *,
                         dry_run: bool = False, deliver_timeout: float = 30.0,
                         source_agent: str = "memory-md-import") -> ImportReport:
    """Import one MEMORY.md (read-only) through a retain coordinator and report every entry's fate."""
    source = Path(path)
    raw = _read_source(source)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MemoryImportError(f"{source} is not UTF-8 text (byte {exc.start})") from None
    sha = hashlib.sha256(raw).hexdigest()

    pending: set[tuple[str, str]] = set()
    planned: list[_Planned] = []
    next_index = 0
    for entry in parse_memory_md(text):
        units, unrouted, next_index = _entry_units(coordinator, identity, entry, next_index, source_agent)
        decisions, outcomes = plan_units(coordinator.builder, coordinator.policy, identity, units, pending=pending)
        planned.append((entry, decisions, outcomes, unrouted))

    fates: dict[str, str] = {}   # accepted documents: imported, queued, failed, evicted
    seen: dict[str, str] = {}    # documents already known before: duplicate (delivered), queued, failed
    outbox = coordinator.outbox
    if not dry_run:
        accepted = [d for _, decisions, _, _ in planned for d in decisions if d.accept]
        _, fates, _ = coordinator.enqueue_decisions(accepted, origin="import", group_key=f"import:{sha[:16]}",
                                                    max_batch_items=BATCH_ITEMS)
        if outbox is not None and outbox.depth():
            await coordinator.flush(deliver_timeout)  # also what an earlier, interrupted run left queued
    if outbox is not None:
        _settle_fates(outbox, planned, fates, seen)

    reports = [_entry_report(coordinator, entry, decisions, outcomes, unrouted, fates, seen, dry_run)
               for entry, decisions, outcomes, unrouted in planned]
    return ImportReport(source=str(source), source_sha256=sha, dry_run=dry_run, entries=tuple(reports),
                        outbox=outbox.stats().to_dict() if outbox is not None else {})


def _read_source(source: Path) -> bytes:
    try:
        return source.read_bytes()
    except OSError as exc:
        raise MemoryImportError(f"cannot read {source}: {exc.strerror or type(exc).__name__}") from None


def _settle_fates(outbox: Outbox, planned: Sequence[_Planned], fates: dict[str, str], seen: dict[str, str]) -> None:
    """Where every accepted or already-known document really is now: delivered, still queued, failed."""
    for _, decisions, _, _ in planned:
        for decision in decisions:
            doc = decision.document_id or ""
            known = decision.only(ReasonCode.DUPLICATE)
            if not decision.bank or not doc or not (known or fates.get(doc) == "queued"):
                continue
            state = outbox.state_of(decision.bank, doc)
            if known:
                seen[doc] = {"pending": "queued", "inflight": "queued", "failed": "failed"}.get(
                    state or "", "duplicate")
            else:
                fates[doc] = {"delivered": "imported", "failed": "failed", None: "evicted"}.get(state, "queued")


def _scope_fate(decision: Decision, fates: dict[str, str], seen: dict[str, str], dry_run: bool) -> str:
    """The fate of one scope of an entry."""
    if decision.accept:
        return "would_import" if dry_run else fates.get(decision.document_id or "", "queued")
    if decision.only(ReasonCode.DUPLICATE):
        return seen.get(decision.document_id or "", "duplicate")  # already imported, or still queued/failed
    return "rejected"


def _entry_fate(scope_fates: Sequence[str], dry_run: bool) -> EntryFate:
    """The fate of a whole entry, from the fates of its scopes."""
    if not scope_fates:
        return "rejected"
    if "imported" in scope_fates or "would_import" in scope_fates:
        if any(f in ("queued", "failed", "evicted") for f in scope_fates):
            return "partial"
        return "would_import" if dry_run else "imported"
    pending = next((f for f in _PENDING_FATES if f in scope_fates), None)
    if pending is not None:
        return "rejected" if pending == "outbox_full" else pending
    if all(f == "duplicate" for f in scope_fates):
        return "duplicate"
    return "rejected"


def _entry_report(coordinator: ImportingCoordinator, entry: MemoryEntry, decisions: Sequence[Decision],
                  outcomes: Sequence[UnitOutcome], unrouted: Sequence[int], fates: dict[str, str],
                  seen: dict[str, str], dry_run: bool) -> EntryReport:
    scopes: list[dict[str, Any]] = [
        {"scope": d.scope, "fate": _scope_fate(d, fates, seen, dry_run), "reasons": list(d.reason_strings()),
         "document_id": d.document_id, "category": d.category, "durability": d.durability}
        for d in decisions]
    merged = {(d.scope, s) for d in decisions for s in (d.candidate.sentences if d.candidate else ())}
    sentence_rows: list[dict[str, Any]] = []
    for outcome in outcomes:
        if not outcome.decision.accept and (outcome.scope, outcome.sentence) not in merged:
            sentence_rows.append({"sentence": outcome.sentence, "scope": outcome.scope,
                                  "reasons": list(outcome.decision.reason_strings())})
    for index in unrouted:
        sentence_rows.append({"sentence": index, "scope": None, "reasons": [ReasonCode.UNROUTED.value]})
    reasons: list[str] = []
    for s in scopes:
        if s["fate"] == "outbox_full":
            reasons.append(ReasonCode.OUTBOX_FULL.value)
        reasons.extend(s["reasons"])
    if not scopes:
        for row in sentence_rows:
            reasons += row["reasons"]
    return EntryReport(entry=entry, fate=_entry_fate([s["fate"] for s in scopes], dry_run),
                       reasons=tuple(dict.fromkeys(reasons)), scopes=tuple(scopes), sentences=tuple(sentence_rows),
                       preview=_preview(coordinator, entry.text))


def write_report(report: ImportReport, destination: str | os.PathLike[str], *, source: str | None = None) -> Path:
    """Write the report (JSON for `.json`, Markdown otherwise) atomically; never over the source file."""
    target = Path(destination)
    if source is not None and target.resolve() == Path(source).resolve():
        raise MemoryImportError("the report must not overwrite the MEMORY.md it describes")
    body = (json.dumps(report.to_dict(), ensure_ascii=False, indent=2) + "\n" if target.suffix.lower() == ".json"
            else report.to_markdown())
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".wetopi-report-", dir=str(target.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(body)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return target

