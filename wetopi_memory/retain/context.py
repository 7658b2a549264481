"""What the retain pipeline needs from the plane that owns it, handed over explicitly (no import of the plane)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Protocol

from ..audit import AuditLog
from ..config import Config
from ..oplog import OpLog
from ..router.rules import RuleRouter
from ..security import ScopeACL
from ..source_refs import SourceKey

__all__ = ["MetricsTextfile", "RetainContext"]


class MetricsTextfile(Protocol):
    """Something that can write the plane's metrics in the Prometheus text format."""

    def write_textfile(self, path: str | os.PathLike[str]) -> None:
        """Write the exposition to `path` atomically."""


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
