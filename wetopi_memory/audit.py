"""The audit trail (design §28): retain decisions, bank configuration changes and security events, as JSONL.

One JSON object per line, appended to `observability.audit_path` (default `<state_dir>/audit.jsonl`):

    {"ts":"2026-09-05T10:00:00.123Z","event":"retain.decision","agent":"hermes-default","pid":4242,
     "decision":"reject","scope":"platform","origin":"turn","reasons":["secret_detected:stripe_key"],...}

Events:

* `retain.decision`: every per-scope retain decision (turn, explicit, import): decision, scope, origin, reasons,
  document_id, category, policy, user, session, turn, fate (queued, duplicate, outbox_full, ...), acl.
* `retain.turn`: a turn whose sentences were judged: session, turn, user, accepted, rejected, unit_reasons.
* `retain.delivered` / `retain.failed`: a batch reached its bank / was kept as failed: scope, bank, batch,
  documents, attempts, error.
* `bank.config_changed`: bootstrap wrote a bank (or failed to): bank, action, keys, name_changed, pruned_keys,
  status, writes, error.
* `security.acl_denied`: the Scope ACL refused a read or a write: code, scope, operation, user.
* `security.secret_rejected`: the secret gate rejected a candidate: scope, origin, rules (rule id, start, end),
  user, session, turn.
* `security.acted_as`: an operator acted as another person (CLI `--user`): user and account (the caller),
  as_user and as_account (the person acted as), command, scopes.
* `governance.forget_receipt`: an applied forget: kind (person, document, match), user (whose memory), source_ref,
  by and by_account (who forgot), per scope the bank, action, bank_deleted, documents (count) and document_ids
  (at most 200 listed; the count is exact), and the totals documents, banks, outbox_items.

Never written: memory content, user messages, queries, configuration values (missions, dispositions, anything a
bank config holds: only the key names) and credentials. Every string value must be a plain token (ids, scope
names, codes); anything else is stored as `"redacted"`. A scope the caller named that is not configured is
stored as `"unknown"` plus a short SHA-256 prefix (`scope_sha256`), so repeated probing stays visible without
keeping the text.

Appends are process-safe: the file is opened with O_APPEND and each record is ONE `write()` of one line, so
lines of the Hermes plugin, the CLI and the Argo CD job never interleave. Rotation is by size (`max_bytes`,
default 10 MB): the full file becomes `audit.jsonl.1`, older ones shift up to `audit.jsonl.<backups>` (default 4,
so at most 5 files, 50 MB) and the oldest is dropped. Rotation happens under an exclusive `flock` on
`audit.jsonl.lock`, and a writer that still holds the renamed file appends its line there, so no line is lost
or split. Writing never raises: an I/O failure is logged once (class only) and the operation goes on.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import threading
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Protocol

from .config import Config, state_dir
from .oplog import REDACTED, SafeText, safe_error
from .private_files import open_private

if TYPE_CHECKING:
    from .banks.reconcile import BankOutcome
    from .errors import AccessDenied
    from .identity import Identity

class AuditedScopeOutcome(Protocol):
    """One scope of an applied forget (governance/receipts.py's ScopeOutcome); ids and counts only."""

    @property
    def scope(self) -> str: ...
    @property
    def bank(self) -> str: ...
    @property
    def action(self) -> str: ...
    @property
    def document_ids(self) -> tuple[str, ...]: ...
    @property
    def bank_deleted(self) -> bool: ...


class AuditedReceipt(Protocol):
    """An applied forget (governance/receipts.py's ForgetReceipt): who, for whom, what was deleted; no content."""

    @property
    def kind(self) -> str: ...
    @property
    def subject(self) -> str | None: ...
    @property
    def source_ref(self) -> str | None: ...
    @property
    def operator(self) -> str: ...
    @property
    def operator_account(self) -> str: ...
    @property
    def scopes(self) -> tuple[AuditedScopeOutcome, ...]: ...
    @property
    def outbox_purged(self) -> int: ...


class AuditedDecision(Protocol):
    """What the audit trail records of a retain decision (retain/decision.py's Decision); no content."""

    @property
    def verdict(self) -> str: ...
    @property
    def scope(self) -> str: ...
    @property
    def origin(self) -> str: ...
    @property
    def reasons(self) -> tuple[str, ...]: ...
    @property
    def document_id(self) -> str | None: ...
    @property
    def category(self) -> str: ...
    @property
    def policy(self) -> str: ...
    @property
    def acl_code(self) -> str | None: ...
    @property
    def findings(self) -> tuple[tuple[str, int, int], ...]: ...


try:  # POSIX; elsewhere rotation is best effort without a cross-process lock
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

__all__ = ["DEFAULT_BACKUPS", "DEFAULT_MAX_BYTES", "AuditLog", "default_audit_path"]

log = logging.getLogger(__name__)

DEFAULT_MAX_BYTES: Final = 10 * 1024 * 1024
DEFAULT_BACKUPS: Final = 4
_MAX_LIST = 200


def default_audit_path(config: Config, environ: Mapping[str, str] | None = None) -> Path:
    """`observability.audit_path`, else `<state_dir>/audit.jsonl`."""
    configured = config.observability.audit_path
    return Path(configured).expanduser() if configured else state_dir(environ) / "audit.jsonl"


def _clean(value: Any) -> Any:
    """A JSON-safe value: numbers, booleans, None, tokens, SafeText, and lists/dicts of those."""
    from .oplog import _token  # the same token rule as the operation log

    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, float):
        return round(value, 3) if value == value else None
    if isinstance(value, SafeText):
        return str(value)
    if isinstance(value, str):
        return _token(value) if value else ""
    if isinstance(value, Mapping):
        return {_token(str(k)): _clean(v) for k, v in list(value.items())[:_MAX_LIST]}
    if isinstance(value, Iterable):
        return [_clean(v) for v in list(value)[:_MAX_LIST]]
    return REDACTED


def _who(identity: Identity | None) -> str | None:
    """The internal user id, or `unknown:<platform>` for an unknown caller (never a display name)."""
    if identity is None:
        return None
    if identity.internal_user_id is not None:
        return identity.internal_user_id
    return f"unknown:{identity.platform}" if identity.platform else "unknown"


class AuditLog:
    """Append-only JSONL audit trail with size-based rotation; `AuditLog(None)` records nothing."""

    def __init__(self, path: str | os.PathLike[str] | None, *, max_bytes: int = DEFAULT_MAX_BYTES,
                 backups: int = DEFAULT_BACKUPS, agent: str | None = None,
                 scopes: Iterable[str] | None = None) -> None:
        if max_bytes < 1024:
            raise ValueError("max_bytes must be at least 1024")
        if backups < 1:
            raise ValueError("backups must be at least 1")
        self.path = Path(path) if path is not None else None
        self.max_bytes = max_bytes
        self.backups = backups
        self.agent = agent
        self.scopes = frozenset(scopes or ())
        self._lock = threading.Lock()
        self._fd: int | None = None
        self._ident: tuple[int, int] | None = None
        self._pid = os.getpid()
        self._warned = False

    @classmethod
    def for_config(cls, config: Config, environ: Mapping[str, str] | None = None, *, agent: str | None = None,
                   **kwargs: Any) -> AuditLog:
        """The audit trail a configuration names (see `default_audit_path`)."""
        return cls(default_audit_path(config, environ), agent=agent, scopes=config.stores, **kwargs)

    @property
    def enabled(self) -> bool:
        return self.path is not None

    def __repr__(self) -> str:
        return f"AuditLog({str(self.path) if self.path else None!r})"

    # ------------------------------------------------------------------------------------------ writing

    def record(self, event: str, **fields: Any) -> bool:
        """Append one event; True when it was written. Never raises."""
        if self.path is None:
            return False
        try:
            data: dict[str, Any] = {"ts": datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
                                    "event": event, "agent": _clean(self.agent), "pid": os.getpid()}
            data.update({key: _clean(value) for key, value in fields.items() if value is not None})
            line = json.dumps(data, ensure_ascii=True, separators=(",", ":"), default=lambda _: REDACTED) + "\n"
            self._append(line.encode("ascii"))
            return True
        except Exception as exc:
            if not self._warned:
                self._warned = True
                log.warning("wetopi-memory audit trail %s is not writable: %s", self.path, safe_error(exc))
            return False

    def _append(self, data: bytes) -> None:
        with self._lock:
            fd = self._writable(len(data))
            written = os.write(fd, data)
            if written != len(data):  # disk full: say so; the line is incomplete and the reader skips it
                raise OSError(f"short write to the audit trail ({written} of {len(data)} bytes)")

    def _open(self) -> int:
        assert self.path is not None
        self._close_fd()
        fd = open_private(self.path, os.O_WRONLY | os.O_APPEND, companions=self._rotated_suffixes())
        st = os.fstat(fd)
        self._fd, self._ident, self._pid = fd, (st.st_dev, st.st_ino), os.getpid()
        return fd

    def _close_fd(self) -> None:
        fd, self._fd, self._ident = self._fd, None, None
        if fd is not None and self._pid == os.getpid():
            with contextlib.suppress(OSError):
                os.close(fd)

    def _writable(self, size: int) -> int:
        """The descriptor to append `size` bytes to: reopened when the file was rotated or removed by anyone,
        rotated first when the line would push it over `max_bytes`."""
        assert self.path is not None
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return self._open()
        if self._fd is None or self._pid != os.getpid() or self._ident != (st.st_dev, st.st_ino):
            self._open()
        if st.st_size > 0 and st.st_size + size > self.max_bytes:
            self._rotate(size)
            return self._open()
        assert self._fd is not None
        return self._fd

    def _rotate(self, size: int) -> None:
        """Shift `audit.jsonl` → `.1` → … → `.<backups>` under the cross-process lock, unless another process
        already rotated it."""
        assert self.path is not None
        lock_path = self.path.with_name(self.path.name + ".lock")
        lock_fd = open_private(lock_path, os.O_WRONLY)
        try:
            if fcntl is not None:
                fcntl.flock(lock_fd, fcntl.LOCK_EX)
            try:
                st = os.stat(self.path)
            except FileNotFoundError:
                return
            if st.st_size == 0 or st.st_size + size <= self.max_bytes:
                return  # someone else rotated it while we waited for the lock
            for index in range(self.backups - 1, 0, -1):
                older = self.path.with_name(f"{self.path.name}.{index}")
                if older.exists():
                    os.replace(older, self.path.with_name(f"{self.path.name}.{index + 1}"))
            os.replace(self.path, self.path.with_name(f"{self.path.name}.1"))
        finally:
            os.close(lock_fd)  # releases the flock

    def _rotated_suffixes(self) -> tuple[str, ...]:
        """`.1` … `.<backups>`: the rotated files, as private as the current one."""
        return tuple(f".{index}" for index in range(1, self.backups + 1))

    def close(self) -> None:
        with self._lock:
            self._close_fd()

    def files(self) -> list[Path]:
        """The current file and its rotated predecessors that exist, newest first."""
        if self.path is None:
            return []
        names = [self.path, *(self.path.with_name(f"{self.path.name}.{i}") for i in range(1, self.backups + 1))]
        return [p for p in names if p.exists()]

    # ------------------------------------------------------------------------------------------ events

    def _scope(self, scope: object) -> dict[str, Any]:
        """A configured scope name as is; anything a caller made up as `unknown` plus a hash prefix."""
        if isinstance(scope, str) and (scope in self.scopes or (not self.scopes and scope)):
            return {"scope": scope}
        digest = hashlib.sha256(str(scope).encode("utf-8", "replace")).hexdigest()[:12]
        return {"scope": "unknown", "scope_sha256": digest}

    def retain_decision(self, decision: AuditedDecision, *, identity: Identity | None = None,
                        session_id: str | None = None,
                        turn_id: str | None = None, fate: str | None = None) -> None:
        """One per-scope decision, plus `security.acl_denied` / `security.secret_rejected` where they apply."""
        if self.path is None:
            return
        self.record("retain.decision", decision=decision.verdict, **self._scope(decision.scope),
                    origin=decision.origin, reasons=list(decision.reasons), document_id=decision.document_id,
                    category=decision.category, policy=decision.policy, user=_who(identity),
                    session=session_id or None, turn=turn_id or None, fate=fate, acl=decision.acl_code)
        if decision.acl_code is not None:
            self.record("security.acl_denied", code=decision.acl_code, **self._scope(decision.scope),
                        operation="retain", user=_who(identity), origin=decision.origin)
        self.secret_rejected(decision, identity=identity, session_id=session_id, turn_id=turn_id)

    def secret_rejected(self, decision: AuditedDecision, *, identity: Identity | None = None,
                        session_id: str | None = None, turn_id: str | None = None) -> None:
        """`security.secret_rejected` for a decision the gate refused (a scope's candidate or one turn sentence)."""
        if self.path is None or not decision.findings:
            return
        rules = [{"rule": r, "start": s, "end": e} for r, s, e in decision.findings]
        self.record("security.secret_rejected", **self._scope(decision.scope), origin=decision.origin,
                    rules=rules, user=_who(identity), session=session_id or None, turn=turn_id or None)

    def retain_turn(self, *, session_id: str, turn_id: str, identity: Identity | None, accepted: int,
                    rejected: int, unit_reasons: Mapping[str, int]) -> None:
        self.record("retain.turn", session=session_id or None, turn=turn_id or None, user=_who(identity),
                    accepted=accepted, rejected=rejected, unit_reasons=dict(unit_reasons))

    def retain_delivery(self, *, status: str, scope: str, bank: str, batch_id: int, document_ids: Sequence[str],
                        attempts: int, error: SafeText | None = None) -> None:
        """A batch delivered (`retain.delivered`) or kept as failed (`retain.failed`)."""
        self.record(f"retain.{status}", **self._scope(scope), bank=bank, batch=batch_id,
                    documents=list(document_ids), attempts=attempts, error=error)

    def acl_denied(self, exc: AccessDenied, *, operation: str, identity: Identity | None) -> None:
        self.record("security.acl_denied", code=exc.code, **self._scope(exc.scope), operation=operation,
                    user=_who(identity))

    def acted_as(self, *, caller: Identity, target: Identity, command: str, scopes: Sequence[str]) -> None:
        """An operator acting as someone else: who, as whom, which command and scopes; never content."""
        self.record("security.acted_as", user=_who(caller), account=caller.account, as_user=_who(target),
                    as_account=target.account, command=command, scopes=[self._scope(s)["scope"] for s in scopes])

    def forget_receipt(self, receipt: AuditedReceipt) -> bool:
        """An applied forget's receipt (`governance.forget_receipt`); True when it was written."""
        scopes = {s.scope: {"bank": s.bank, "action": s.action, "bank_deleted": s.bank_deleted,
                            "documents": len(s.document_ids), "document_ids": list(s.document_ids)}
                  for s in receipt.scopes}
        return self.record("governance.forget_receipt", kind=receipt.kind, user=receipt.subject,
                           source_ref=receipt.source_ref, by=receipt.operator, by_account=receipt.operator_account,
                           scopes=scopes, documents=sum(len(s.document_ids) for s in receipt.scopes),
                           banks=sum(1 for s in receipt.scopes if s.bank_deleted),
                           outbox_items=receipt.outbox_purged)

    def bank_change(self, outcome: BankOutcome, *, dry_run: bool = False) -> None:
        """What bootstrap did to one bank: the action and the NAMES of the keys it set or cleared, never values."""
        plan = outcome.plan
        self.record("bank.config_changed", bank=plan.bank_id, action=plan.action, keys=sorted(plan.fields),
                    name_changed=plan.name is not None,
                    pruned_keys=sorted(plan.unmanaged) if plan.prune else None,
                    status="ok" if outcome.ok else "failed", writes=outcome.writes, dry_run=dry_run or None,
                    error=SafeText(_safe_text(outcome.error)) if outcome.error else None)


def _safe_text(message: str) -> str:
    """A stored error message (bootstrap keeps `str(exc)`), cut like `safe_error` cuts config errors."""
    from .oplog import _HTTP_STATUS, _RETRY_HINT, _gate_blocks

    marker = _HTTP_STATUS.search(message)
    if marker is not None:
        hint = _RETRY_HINT.match(message, marker.end())
        message = message[:marker.end()] + (hint.group(0) if hint else "")
    elif ": " in message and not message.startswith(("cannot reach", "Hindsight at")):
        message = message.split(": ", 1)[0]
    message = " ".join(message.split())[:240]
    return REDACTED if _gate_blocks(message) else message
