"""What the retain pipeline needs from the plane that owns it, handed over explicitly (no import of the plane)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Protocol

from ..audit import AuditLog
from ..config import Config
from ..identity import Identity
from ..oplog import OpLog
from ..router.rules import RuleRouter
from ..security import ScopeACL
from ..source_refs import SourceKey

__all__ = ["MetricsTextfile", "OwnWriteLedger", "RetainContext"]


class MetricsTextfile(Protocol):
    """Something that can write the plane's metrics in the Prometheus text format."""

    def write_textfile(self, path: str | os.PathLike[str]) -> None:
        """Write the exposition to `path` atomically."""


class OwnWriteLedger(Protocol):
    """Where accepted writes go so their writer sees them before the backend does (recall/own_writes.py)."""

    def record(self, identity: Identity, scope: str, text: str, document_id: str) -> None:
        """Remember one accepted, durably queued (or delivered) write of `identity`."""

    def withdraw(self, identity: Identity, scope: str, document_id: str) -> None:
        """Stop showing a write that was not durably queued after all."""


@dataclass(frozen=True, slots=True)
class RetainContext:
    """The plane's parts that retain uses: config, the ACL (and through it the backends), router, logs."""

    config: Config
    acl: ScopeACL
    router: RuleRouter
    agent: str
    audit: AuditLog
    oplog: OpLog
    metrics: MetricsTextfile | None = None
    source_key: SourceKey | None = None  # the key of source references; None: retains carry none
    own_writes: OwnWriteLedger | None = None  # read-your-writes; None: nobody sees writes before the backend
