"""SQLite state files that fail well: what a failure means, the integrity check, and keeping a damaged file aside.

The one owner of how the outbox and the embedded store read a SQLite or OS failure of their own file (damaged,
disk full, unreadable), how they say so on one line with what to do, and how a damaged file is renamed aside
(`<name>.corrupt-<UTC timestamp>`, with its `-wal`/`-shm`/`-journal`) so that a fresh one can start. Whether a
fresh file may start is the caller's decision: only where no accepted memory can be lost.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Final, Literal

from .errors import WetopiMemoryError, _one_line
from .private_files import SQLITE_COMPANIONS, StateFileError

__all__ = ["IntegrityCheckFailed", "StateFileProblem", "StateFileUnusable", "bytes_contain", "primary_code",
           "problem_of", "quarantine", "quick_check", "reason_of", "recovery_advice", "require_sound",
           "sqlite_recover_hint"]

StateFileProblem = Literal["damaged", "full", "unreadable", "busy"]

_DAMAGED_CODES: Final = frozenset({11, 26})  # SQLITE_CORRUPT, SQLITE_NOTADB
_FULL_CODES: Final = frozenset({13})  # SQLITE_FULL
_UNREADABLE_CODES: Final = frozenset({3, 8, 10, 14, 23})  # PERM, READONLY, IOERR, CANTOPEN, AUTH
_BUSY_CODES: Final = frozenset({5, 6})  # SQLITE_BUSY, SQLITE_LOCKED
_FULL_ERRNOS: Final = frozenset({errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)})
_SCAN_CHUNK: Final = 1 << 20
_DESCRIBED: Final[dict[StateFileProblem, str]] = {"damaged": "damaged", "full": "on a full disk",
                                                  "unreadable": "unreadable", "busy": "locked by another process"}


class IntegrityCheckFailed(Exception):
    """SQLite's structural check found damage; the message is the first problem it reported."""


class StateFileUnusable(WetopiMemoryError):
    """A state file cannot be used now (damaged, disk full, unreadable); the one-line message says what to do."""

    def __init__(self, what: str, path: Path, problem: StateFileProblem, reason: str, advice: str) -> None:
        self.what = what
        self.path = path
        self.problem = problem
        self.reason = reason
        super().__init__(_one_line(f"{what} {path} is {_DESCRIBED[problem]} ({reason}); {advice}"))


def primary_code(exc: BaseException) -> int | None:
    """The primary SQLite result code of an error raised by sqlite3; errors built in Python carry none."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def problem_of(exc: BaseException) -> StateFileProblem | None:
    """What a failure says about the file itself, or None when it says nothing about it (a busy lock, a bug)."""
    if isinstance(exc, IntegrityCheckFailed):
        return "damaged"
    if isinstance(exc, StateFileError):
        return "unreadable"
    if isinstance(exc, OSError):
        return "full" if exc.errno in _FULL_ERRNOS else "unreadable"
    if not isinstance(exc, sqlite3.Error):
        return None
    code, text = primary_code(exc), str(exc).lower()
    if code in _DAMAGED_CODES or "malformed" in text or "not a database" in text:
        return "damaged"
    if code in _FULL_CODES or "disk is full" in text:
        return "full"
    if code in _UNREADABLE_CODES:
        return "unreadable"
    if code in _BUSY_CODES:
        return "busy"
    return None


def reason_of(exc: BaseException) -> str:
    """The first line of an error's text, or its class name."""
    return (str(exc).splitlines() or [type(exc).__name__])[0]


def recovery_advice(problem: StateFileProblem, *, damaged: str) -> str:
    """What an operator does about a problem; `damaged` is the file's own advice for damage."""
    if problem == "full":
        return "free disk space and retry (nothing was written)"
    if problem == "unreadable":
        return "check the file's owner, permissions and disk, then retry"
    if problem == "busy":
        return "retry (nothing was written)"
    return damaged


def sqlite_recover_hint(path: Path) -> str:
    """The sqlite3 command line that salvages every readable row of a damaged file into a new one."""
    return f"`sqlite3 {path} .recover | sqlite3 {path}.recovered`"


def quick_check(conn: sqlite3.Connection, table: str | None = None) -> str | None:
    """SQLite's structural check (`PRAGMA quick_check`, of one table and its indexes if named): the first
    problem it reports, or None when the file is sound."""
    pragma = "PRAGMA quick_check" if table is None else f'PRAGMA quick_check("{table}")'
    rows = conn.execute(pragma).fetchall()
    first = str(rows[0][0]) if rows else "ok"
    return None if first == "ok" else first


def require_sound(conn: sqlite3.Connection, table: str | None = None) -> None:
    """Raise IntegrityCheckFailed when `quick_check` reports damage (sqlite3 itself may raise DatabaseError)."""
    problem = quick_check(conn, table)
    if problem is not None:
        raise IntegrityCheckFailed(f"integrity check failed: {problem}")


def bytes_contain(path: Path, marker: bytes) -> bool:
    """Whether the file, or its `-wal`, holds `marker` anywhere (free pages included); a missing file holds
    nothing. Unreadable counts as holding it: callers use this to prove absence."""
    for candidate in (path, path.with_name(path.name + "-wal")):
        try:
            with open(candidate, "rb") as handle:
                tail = b""
                while chunk := handle.read(_SCAN_CHUNK):
                    if marker in tail + chunk:
                        return True
                    tail = chunk[-(len(marker) - 1):] if len(marker) > 1 else b""
        except FileNotFoundError:
            continue
        except OSError:
            return True
    return False


def quarantine(path: Path, *, now: datetime | None = None) -> Path:
    """Rename a damaged file and its companions to `<name>.corrupt-<UTC timestamp>` (never overwriting one)."""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    counter = 1
    while os.path.lexists(target):
        counter += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
    os.rename(path, target)
    for suffix in SQLITE_COMPANIONS:
        companion = path.with_name(path.name + suffix)
        if os.path.lexists(companion):
            os.rename(companion, target.with_name(target.name + suffix))
    return target
