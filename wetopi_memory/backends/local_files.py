"""The embedded store's SQLite file: pooled connections, one-line BackendErrors, and its integrity check.

memory.db holds accepted memory itself, so a damaged file is never replaced or moved automatically: every
operation refuses on one line that says how to salvage it, and the file is left exactly as it was.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final, TypeVar

from ..errors import BackendError, BackendUnavailableError
from ..private_files import StateFileError, prepare_private_file
from ..state_db import (
    IntegrityCheckFailed,
    primary_code,
    problem_of,
    reason_of,
    recovery_advice,
    require_sound,
    sqlite_recover_hint,
)
from .local_schema import enable_wal, migrate

__all__ = ["IN_MEMORY", "LocalStoreFile"]

T = TypeVar("T")

_MAX_IDLE_CONNECTIONS: Final = 4
IN_MEMORY: Final = ":memory:"  # SQLite's name for a database with no file

# SQLite primary result codes that mean "cannot serve now" rather than "this request is wrong".
_TRANSIENT_CODES: Final = frozenset({
    5,   # SQLITE_BUSY
    6,   # SQLITE_LOCKED
    7,   # SQLITE_NOMEM
    10,  # SQLITE_IOERR
    13,  # SQLITE_FULL
    14,  # SQLITE_CANTOPEN
    15,  # SQLITE_PROTOCOL
})


RECHECK_SECONDS: Final = 300.0  # how long a passed integrity check of memory.db stands in one process
_now = time.monotonic

class LocalStoreFile:
    """One SQLite file shared by every bank: a small pool of configured connections, safe across threads."""

    def __init__(self, path: Path, busy_timeout_ms: int) -> None:
        self.path = path
        self._busy_timeout_ms = busy_timeout_ms
        self._lock = threading.Lock()
        self._schema_lock = threading.Lock()
        self._schema_ready = False
        self._idle: list[sqlite3.Connection] = []
        self._closed = False
        self._sound_at: float | None = None  # when the structural check last passed in this process

    def _open(self) -> sqlite3.Connection:
        """Open one configured connection, creating the private directory, the file and the schema if needed."""
        if os.fspath(self.path) != IN_MEMORY:
            prepare_private_file(self.path)
        conn = sqlite3.connect(self.path, timeout=self._busy_timeout_ms / 1000, isolation_level=None,
                               check_same_thread=False)
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout_ms)}")
            enable_wal(conn, self.path, self._busy_timeout_ms)
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA cache_size = -32768")
            conn.execute("PRAGMA mmap_size = 268435456")
            with self._schema_lock:
                if not self._schema_ready:
                    migrate(conn, self.path)
                    self._schema_ready = True
        except BaseException:
            conn.close()
            raise
        return conn

    @contextmanager
    def connection(self) -> Iterator[sqlite3.Connection]:
        """Borrow a pooled connection for one operation, so reads in several threads can run at once."""
        with self._lock:
            if self._closed:
                raise BackendError(f"local memory store {self.path}: backend is closed")
            conn = self._idle.pop() if self._idle else None
        if conn is None:
            conn = self._open()
        healthy = True
        try:
            yield conn
        finally:
            try:
                if conn.in_transaction:
                    conn.rollback()
            except sqlite3.Error:
                healthy = False  # a connection that cannot roll back is not reused
            with self._lock:
                keep = healthy and not self._closed and len(self._idle) < _MAX_IDLE_CONNECTIONS
                if keep:
                    self._idle.append(conn)
            if not keep:
                conn.close()

    def call(self, operation: str, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn` on a connection in this thread; sqlite/OS failures and refused state files become BackendErrors."""
        try:
            with self.connection() as conn:
                return fn(conn)
        except (sqlite3.Error, OSError, StateFileError, IntegrityCheckFailed) as exc:
            raise self.error(exc, operation) from exc

    async def run(self, operation: str, fn: Callable[[sqlite3.Connection], T]) -> T:
        return await asyncio.to_thread(self.call, operation, fn)

    def error(self, exc: Exception, operation: str) -> BackendError:
        """One-line BackendError naming the file and what to do; busy, locked, I/O failures, a full disk and refused
        state files are transient, a damaged file is not (retrying cannot mend it)."""
        reason = reason_of(exc)
        problem = problem_of(exc)
        if problem in ("damaged", "full"):
            advice = recovery_advice(problem, damaged=self.damaged_advice())
            message = f"local memory store {self.path}: {operation} failed: {reason}; {advice}"
        else:
            message = f"local memory store {self.path}: {operation} failed: {reason}"
        if problem != "damaged" and (isinstance(exc, OSError | StateFileError)
                                     or primary_code(exc) in _TRANSIENT_CODES):
            return BackendUnavailableError(message, operation=operation)
        return BackendError(message, operation=operation)

    def damaged_advice(self) -> str:
        """What an operator does about a damaged memory.db: its content is memory, so it is never replaced here."""
        return (f"the file holds the memories and was left untouched: stop every process using it, salvage them "
                f"with {sqlite_recover_hint(self.path)}, then move the result in place (or restore a backup)")

    def check(self, conn: sqlite3.Connection) -> str:
        """The schema version after SQLite's structural check; a damaged file raises, naming the first problem.

        The check reads the whole file, so a long-lived process (the plugin probes health at every session start)
        repeats a passed check at most every RECHECK_SECONDS; a failed one is never remembered."""
        now = _now()
        if self._sound_at is None or now - self._sound_at >= RECHECK_SECONDS:
            require_sound(conn)
            self._sound_at = now
        return str(conn.execute("PRAGMA user_version").fetchone()[0])

    def close(self) -> None:
        """Close pooled connections; connections still in use close when their operation ends."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()
