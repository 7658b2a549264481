"""Import a Hermes MEMORY.md into scoped memory, through the same router and policies, losing nothing silently.

A Hermes MEMORY.md is a list of free-text entries separated by lines holding only `§` (Hermes writes them joined
by "\\n§\\n") or by ` § ` inside one line (entries an editor merged). An entry may start with a priority tag
(`[P1]`, `[P2]`, `[P3]`; see the consolidation proposal: P1/P2 are protected, P3 are completed tasks and transient
state).

Each entry is split into sentences, routed to scopes (sentences that route nowhere go where the whole entry
routes, and an entry that routes nowhere goes to `personal`, the agent's notes about its user), and judged by
the PolicyEngine with the `import` origin:

* P1 → durability ≥ 0.95, P2 → ≥ 0.85: kept even when they mention finished work;
* untagged entries are curated notes → durability ≥ 0.75, unless they read as passing (retain/memory_md_passing.py:
  a completed task, "… done", "terminado"; a one-off action told in the past, "Sent the signed contract to …"; a
  temporary state, "this week", "lleva 20 min en …"), which are treated like P3; a P1 entry that reads as passing
  goes to review;
* P3 and passing entries → durability ≤ 0.3 → `not_durable`; a P3 entry that reads as none of these was mis-tagged
  and is judged on its content, like an untagged note;
* hypotheses, plans and raw tool output are rejected as everywhere else;
* an entry with a secret anywhere is refused whole (`secret`), listed by number only, never stored;
* a P1 entry the policies would reject is never dropped: it goes to the review list (`review`), and
  `--accept-reviewed FILE` imports the ones a person accepted as they are (retain/memory_md_review.py).

Accepted candidates are queued in per-scope batches (one request per scope, chunked at 50 items) in the durable
outbox and delivered. Document ids are stable, so a second run imports nothing twice (every entry comes back as
`duplicate`). The source file is only ever read. The report lists EVERY entry with its fate and the reasons:
`imported`, `queued` (accepted, waiting in the outbox for the backend), `failed` (kept in the outbox after a
client error), `duplicate`, `rejected`, `would_import` (dry run), `review`, `secret`. Entries with secret-like
content are listed by number and line only, never with a preview.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from ..identity import Identity
from .candidates import CandidateBuilder, Sentence, Unit, fold
from .decision import Decision
from .kinds import Origin, Priority
from .memory_md_passing import reads_as_passing
from .memory_md_report import EntryFate, EntryReport, ImportReport, MemoryEntry, MemoryImportError, write_report
from .memory_md_review import ReviewedEntries
from .outbox import Outbox
from .planning import UnitOutcome, plan_units
from .policy import MERGED_EVALUATION, PolicyEngine
from .reasons import Reason, ReasonCode
from .scope_selection import TECHNICAL

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
# `write_report` and the report types live in retain/memory_md_report.py; re-exported here for callers.


_INLINE_SEPARATOR = re.compile(r"(?:^\s*|\s+)§(?:\s+|\s*$)")
_PRIORITY = re.compile(r"^\s*\[\s*(P[123])\s*\]\s*", re.IGNORECASE)
PREVIEW_CHARS = 80
BATCH_ITEMS = 50
_PRIORITIES: dict[str, Priority] = {"P1": "P1", "P2": "P2", "P3": "P3"}
_PENDING_FATES: tuple[EntryFate, ...] = ("failed", "evicted", "outbox_full", "queued")


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


def _entry(index: int, block: Sequence[tuple[int, str]]) -> MemoryEntry | None:
    """One block of (line number, text) as an entry, its priority tag taken off; None when blank."""
    lines = list(block)
    while lines and not lines[0][1].strip():
        lines.pop(0)
    while lines and not lines[-1][1].strip():
        lines.pop()
    if not lines:
        return None
    body = "\n".join(ln for _, ln in lines)
    match = _PRIORITY.match(body)
    priority = _PRIORITIES[match.group(1).upper()] if match else None
    text = body[match.end():].strip() if match else body.strip()
    return MemoryEntry(index=index, line_start=lines[0][0], line_end=lines[-1][0], text=text, priority=priority,
                       completed_task=reads_as_passing(text, None if priority == "P3" else priority))


def parse_memory_md(text: str) -> list[MemoryEntry]:
    """Entries of a MEMORY.md: blocks between lines that hold only `§`, and pieces of a line between inline
    ` § ` separators; blank blocks are skipped."""
    blocks: list[list[tuple[int, str]]] = [[]]
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() == "§":
            blocks.append([])
            continue
        first, *rest = _INLINE_SEPARATOR.split(line)
        blocks[-1].append((number, first))
        blocks += [[(number, piece)] for piece in rest]
    entries: list[MemoryEntry] = []
    for block in blocks:
        entry = _entry(len(entries) + 1, block)
        if entry is not None:
            entries.append(entry)
    return entries


def _preview(coordinator: ImportingCoordinator, text: str) -> str | None:
    if coordinator.builder.gate.scan(text):
        return None
    flat = " ".join(text.split())
    return flat if len(flat) <= PREVIEW_CHARS else flat[:PREVIEW_CHARS - 1] + "…"


_USER_SUBJECTS = ("user ", "the user ", "el usuario ", "la usuaria ")
# The person's own wish, whatever it is about: a preference even when its object is technical.
_WANTS = re.compile(r"\b(?:does not want|doesn't want|wants|prefers|likes|dislikes|hates|no quiere|quiere|prefiere|"
                    r"odia|no le gusta|le gusta)\b")


def _about_the_person(builder: CandidateBuilder, sentence: Sentence, identity: Identity) -> Sentence:
    """The agent's note about its user ("Ana uses zsh", "User prefers …"): the person's own context, unless it
    is platform knowledge (design §3.1)."""
    folded = fold(sentence.text).lstrip()
    name = fold(identity.display_name or "").strip()
    subject = folded.startswith(_USER_SUBJECTS) or (bool(name) and (folded.startswith(f"{name} ")
                                                                      or folded.startswith(f"{name}'s ")))
    # how the person is served: `kubectl examples for Ana always with -n, she hates guessing the namespace`
    subject = subject or (bool(name) and re.search(rf"\b(?:for|para)\s+{re.escape(name)}\b", folded) is not None)
    signals = sentence.signals
    technical = bool(set(signals.categories) & TECHNICAL)
    wants = _WANTS.search(folded) is not None   # `the user does not want approval requests at weekends`
    if not subject or "preference" in signals.categories or (
            technical and not wants and "platform" in builder.scopes_for(sentence)[0]):
        return sentence
    return replace(sentence, signals=replace(signals, categories=("preference", *signals.categories)))


def _entry_units(coordinator: ImportingCoordinator, identity: Identity, entry: MemoryEntry, first_index: int,
                 source_agent: str) -> tuple[list[Unit], list[int], int]:
    builder = coordinator.builder
    sentences = [_about_the_person(builder, s, identity)
                 for s in builder.sentences(entry.text, "import", first_index=first_index)]
    fallback = builder.context_scopes([entry.text])
    if not fallback and "personal" in coordinator.policy.config.stores:
        fallback = ("personal",)
    # A P3 tag marks completed tasks and passing state; a P3 entry that reads as neither (`[P3] Ana usually does
    # the deep technical work in the mornings`) was mis-tagged and is judged on its content, like an untagged note.
    priority = None if entry.priority == "P3" and not entry.completed_task else entry.priority
    units: list[Unit] = []
    unrouted: list[Sentence] = []
    previous: tuple[str, ...] = ()
    for sentence in sentences:
        # a sentence that names no scope goes on from the one before ("Ana likes the weekly report as a bullet
        # list…. No long paragraphs and no tables."), else it takes the whole entry's
        own, more = builder.units([sentence], origin="import", fallback=previous or fallback, identity=identity,
                                  source_agent=source_agent, priority=priority,
                                  tags=(f"import:memory_md#{entry.index}",))
        units += own
        unrouted += more
        previous = tuple(u.candidate.scope for u in own) or previous
    if entry.completed_task:
        units = [Unit(sentence=u.sentence, routed_by=u.routed_by,
                      candidate=replace(u.candidate, durability=min(u.candidate.durability, 0.3),
                                        markers=(*u.candidate.markers, "completed_task")))
                 for u in units]
    return units, [s.index for s in unrouted], first_index + len(sentences)


@dataclass(frozen=True, slots=True)
class _Plan:
    """One entry's decisions before queueing: its secret rules (then nothing else), or its units' verdicts."""

    entry: MemoryEntry
    decisions: list[Decision]
    outcomes: list[UnitOutcome]
    unrouted: list[int]
    secret_rules: tuple[str, ...] = ()
    reviewed: bool = False

    @property
    def needs_review(self) -> bool:
        """A P1 entry that nothing accepted and that is not already stored: a person decides, never a drop."""
        return (self.entry.priority == "P1" and not self.secret_rules and not self.reviewed
                and not any(d.accept or d.only(ReasonCode.DUPLICATE) for d in self.decisions))


def _plan_entry(coordinator: ImportingCoordinator, identity: Identity, entry: MemoryEntry, first_index: int,
                source_agent: str, pending: set[tuple[str, str]],
                reviewed: ReviewedEntries | None) -> tuple[_Plan, int]:
    """An entry's plan: refused whole for a secret, imported as it is when reviewed, else judged per sentence."""
    gate = coordinator.builder.gate
    rules = tuple(dict.fromkeys(f.rule_id for f in gate.blocking(gate.scan(entry.text))))
    if rules:
        return _Plan(entry=entry, decisions=[], outcomes=[], unrouted=[], secret_rules=rules), first_index
    scope = reviewed.scope_for(entry.text) if reviewed is not None else None
    if scope is not None:
        decision = _reviewed_decision(coordinator, identity, entry, scope, source_agent, pending)
        return _Plan(entry=entry, decisions=[decision], outcomes=[], unrouted=[], reviewed=True), first_index
    units, unrouted, next_index = _entry_units(coordinator, identity, entry, first_index, source_agent)
    decisions, outcomes = plan_units(coordinator.builder, coordinator.policy, identity, units, pending=pending)
    rules = _piece_secret_rules(coordinator, units, decisions, outcomes)
    if rules:   # a secret seen in any piece refuses the whole entry: no other piece of it is stored
        for decision in decisions:
            if decision.accept and decision.bank and decision.document_id:
                pending.discard((decision.bank, decision.document_id))
        return _Plan(entry=entry, decisions=[], outcomes=[], unrouted=[], secret_rules=rules), next_index
    return _Plan(entry=entry, decisions=decisions, outcomes=outcomes, unrouted=unrouted), next_index


def _piece_secret_rules(coordinator: ImportingCoordinator, units: Sequence[Unit], decisions: Sequence[Decision],
                        outcomes: Sequence[UnitOutcome]) -> tuple[str, ...]:
    """The gate's rules for every piece an entry would be stored as: each sentence, each merged candidate, and any
    secret a policy found. The whole entry was scanned already; a piece read alone may still show a secret
    (split at a sentence end, joined with another), and then the entry is refused whole, never stored in part."""
    gate = coordinator.builder.gate
    texts = [u.sentence.text for u in units] + [d.candidate.content for d in decisions if d.candidate is not None]
    rules = [f.rule_id for text in texts for f in gate.blocking(gate.scan(text))]
    rules += [r.rule for d in (*decisions, *(o.decision for o in outcomes)) for r in d.typed_reasons
              if r.code is ReasonCode.SECRET_DETECTED and r.rule is not None]
    rules += [rule for u in units for rule in u.sentence.secret_rules]
    return tuple(dict.fromkeys(rules))


def _reviewed_decision(coordinator: ImportingCoordinator, identity: Identity, entry: MemoryEntry, scope: str,
                       source_agent: str, pending: set[tuple[str, str]]) -> Decision:
    """A reviewed P1 entry as it is: only the secret gate, the ACL, the configuration and duplicates apply."""
    candidate = coordinator.builder.explicit(entry.text, scope, identity=identity, source_agent=source_agent,
                                             reason="P1 entry of a MEMORY.md, accepted on review")
    tags = (f"scope:{scope}", f"category:{candidate.category}", "origin:import", f"priority:{entry.priority}",
            f"import:memory_md#{entry.index}", "reviewed")
    candidate = replace(candidate, origin="import", priority=entry.priority, tags=tags)
    decision = coordinator.policy.decide(candidate, identity, options=MERGED_EVALUATION, pending=pending)
    if decision.accept and decision.bank and decision.document_id:
        pending.add((decision.bank, decision.document_id))
    return decision


async def import_through(coordinator: ImportingCoordinator, identity: Identity, path: str | os.PathLike[str], *,
                         dry_run: bool = False, deliver_timeout: float = 30.0,
                         source_agent: str = "memory-md-import",
                         reviewed: ReviewedEntries | None = None) -> ImportReport:
    """Import one MEMORY.md (read-only) through a retain coordinator and report every entry's fate; `reviewed`
    names the P1 entries a person accepted from an earlier run's review list."""
    source = Path(path)
    raw = _read_source(source)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MemoryImportError(f"{source} is not UTF-8 text (byte {exc.start})") from None
    sha = hashlib.sha256(raw).hexdigest()

    pending: set[tuple[str, str]] = set()
    planned: list[_Plan] = []
    next_index = 0
    for entry in parse_memory_md(text):
        plan, next_index = _plan_entry(coordinator, identity, entry, next_index, source_agent, pending, reviewed)
        planned.append(plan)

    fates: dict[str, str] = {}   # accepted documents: imported, queued, failed, evicted
    seen: dict[str, str] = {}    # documents already known before: duplicate (delivered), queued, failed
    outbox = coordinator.outbox
    if not dry_run:
        accepted = [d for plan in planned for d in plan.decisions if d.accept]
        _, fates, _ = coordinator.enqueue_decisions(accepted, origin="import", group_key=f"import:{sha[:16]}",
                                                    max_batch_items=BATCH_ITEMS)
        if outbox is not None and outbox.depth():
            await coordinator.flush(deliver_timeout)  # also what an earlier, interrupted run left queued
    if outbox is not None:
        _settle_fates(outbox, planned, fates, seen)

    reports = [_entry_report(coordinator, plan, fates, seen, dry_run) for plan in planned]
    return ImportReport(source=str(source), source_sha256=sha, dry_run=dry_run, entries=tuple(reports),
                        outbox=outbox.stats().to_dict() if outbox is not None else {})


def _read_source(source: Path) -> bytes:
    try:
        return source.read_bytes()
    except OSError as exc:
        raise MemoryImportError(f"cannot read {source}: {exc.strerror or type(exc).__name__}") from None


def _settle_fates(outbox: Outbox, planned: Sequence[_Plan], fates: dict[str, str], seen: dict[str, str]) -> None:
    """Where every accepted or already-known document really is now: delivered, still queued, failed."""
    for plan in planned:
        for decision in plan.decisions:
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


def _entry_report(coordinator: ImportingCoordinator, plan: _Plan, fates: dict[str, str], seen: dict[str, str],
                  dry_run: bool) -> EntryReport:
    """One entry's report row: its scopes' fates, the sentences no scope took, every reason."""
    decisions = plan.decisions
    scopes: list[dict[str, Any]] = [
        {"scope": d.scope, "fate": _scope_fate(d, fates, seen, dry_run), "reasons": list(d.reason_strings()),
         "document_id": d.document_id, "category": d.category, "durability": d.durability}
        for d in decisions]
    merged = {(d.scope, s) for d in decisions for s in (d.candidate.sentences if d.candidate else ())}
    sentence_rows: list[dict[str, Any]] = [
        {"sentence": o.sentence, "scope": o.scope, "reasons": list(o.decision.reason_strings())}
        for o in plan.outcomes if not o.decision.accept and (o.scope, o.sentence) not in merged]
    sentence_rows += [{"sentence": index, "scope": None, "reasons": [ReasonCode.UNROUTED.value]}
                      for index in plan.unrouted]
    reasons: list[str] = [str(Reason.secret(rule)) for rule in plan.secret_rules]
    for s in scopes:
        if s["fate"] == "outbox_full":
            reasons.append(ReasonCode.OUTBOX_FULL.value)
        reasons.extend(s["reasons"])
    if not scopes:
        for row in sentence_rows:
            reasons += row["reasons"]
    fate: EntryFate = ("secret" if plan.secret_rules else "review" if plan.needs_review
                       else _entry_fate([s["fate"] for s in scopes], dry_run))
    return EntryReport(entry=plan.entry, fate=fate, reasons=tuple(dict.fromkeys(reasons)), scopes=tuple(scopes),
                       sentences=tuple(sentence_rows), preview=_preview(coordinator, plan.entry.text),
                       reviewed=plan.reviewed, review_text=plan.entry.text if fate == "review" else None)
