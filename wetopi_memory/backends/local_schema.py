"""The layout of LocalBackend's SQLite file: tables, one FTS5 index per bank, WAL mode, schema migrations."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from ..errors import BackendError
from ..state_db import primary_code

__all__ = ["LOCK_CODES", "SCHEMA_VERSION", "create_bank_index", "enable_wal", "fts_name", "fts_source_name",
           "migrate", "primary_code", "transaction"]

SCHEMA_VERSION: Final = 2

LOCK_CODES: Final = frozenset({5, 6})  # SQLITE_BUSY, SQLITE_LOCKED
_WAL_RETRY_S: Final = 0.01

_MEMORIES_TABLE: Final = """CREATE TABLE memories (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        bank_key INTEGER NOT NULL REFERENCES banks(key),
        document_id TEXT NOT NULL,
        type TEXT NOT NULL DEFAULT 'world',
        content TEXT NOT NULL,
        context TEXT,
        tags TEXT NOT NULL DEFAULT '[]',
        metadata TEXT NOT NULL DEFAULT '{}',
        occurred_at TEXT NOT NULL,
        occurred_ts REAL NOT NULL,
        created_at TEXT NOT NULL
    )"""
_MEMORIES_INDEX: Final = "CREATE INDEX memories_bank_document ON memories(bank_key, document_id)"
_MEMORY_COLUMNS: Final = ("id, uid, bank_key, document_id, type, content, context, tags, metadata, occurred_at,"
                          " occurred_ts, created_at")

# The shared tables. Each bank's search index is created with the bank (`create_bank_index`).
_SCHEMA: Final[tuple[str, ...]] = (
    """CREATE TABLE banks (
        key INTEGER PRIMARY KEY AUTOINCREMENT,
        bank_id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        config TEXT NOT NULL DEFAULT '{}',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    )""",
    _MEMORIES_TABLE,
    _MEMORIES_INDEX,
)

# Version 1 kept one FTS5 table for every bank (plus a per-bank token column); version 2 replaces it with
# one index per bank, so that BM25 statistics (IDF, average length) are computed over a single bank.
_V1_DROP: Final[tuple[str, ...]] = (
    "DROP TRIGGER IF EXISTS memories_ai",
    "DROP TRIGGER IF EXISTS memories_ad",
    "DROP TRIGGER IF EXISTS memories_au",
    "DROP TABLE IF EXISTS memories_fts",
    "DROP INDEX IF EXISTS memories_bank_document",
)


def fts_name(key: int) -> str:
    """The name of a bank's FTS5 index. Only the integer bank key is ever part of an SQL identifier."""
    return f"fts_{int(key)}"


def fts_source_name(key: int) -> str:
    """The name of the view holding exactly one bank's rows: the external content of that bank's index."""
    return f"fts_src_{int(key)}"


def create_bank_index(conn: sqlite3.Connection, key: int) -> str:
    """Create one bank's FTS5 index over its own rows (inside the caller's write transaction).

    The view is the index's external content and holds exactly this bank's rows, so FTS5's own 'rebuild'
    and content checks can never see another bank. Its `pad` column is one constant token per memory,
    never searched (queries name their columns) and weighted 0: version 1 indexed a one-token bank column
    and BM25 normalizes by a memory's total length, so the pad keeps every bank's ranking as it was.
    """
    fts, source = fts_name(key), fts_source_name(key)
    conn.execute(f"CREATE VIEW IF NOT EXISTS {source} AS"
                 f" SELECT id, content, context, 'pad' AS pad FROM memories WHERE bank_key = {int(key)}")
    conn.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {fts} USING fts5(content, context, pad,"
                 f" content='{source}', content_rowid='id', tokenize='unicode61 remove_diacritics 2')")
    return fts


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """A write transaction that takes the file's write lock up front (BEGIN IMMEDIATE), so it cannot deadlock."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        conn.rollback()
        raise
    conn.execute("COMMIT")


def enable_wal(conn: sqlite3.Connection, path: Path, busy_timeout_ms: int) -> None:
    """Switch the file to WAL, waiting up to the busy timeout while another process holds a lock on it.

    The switch needs an exclusive lock, and SQLite answers "database is locked" at once instead of
    calling the busy handler when another connection holds a write lock on a file that is not in WAL
    mode yet, as when several processes create the file together. So retry here.
    """
    deadline = time.monotonic() + busy_timeout_ms / 1000
    while True:
        try:
            if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() == "wal":
                return
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        except sqlite3.OperationalError as exc:
            if primary_code(exc) not in LOCK_CODES or time.monotonic() >= deadline:
                raise
            time.sleep(_WAL_RETRY_S)
            continue
        if mode.lower() != "wal":
            raise BackendError(f"local memory store {path}: cannot enable WAL (mode {mode})")
        return


def migrate(conn: sqlite3.Connection, path: Path) -> None:
    """Bring the file to SCHEMA_VERSION (`PRAGMA user_version`), once, in one BEGIN IMMEDIATE transaction."""
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version == SCHEMA_VERSION:
        return
    _refuse_newer(version, path)
    with transaction(conn):
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])  # another process may have won
        _refuse_newer(version, path)
        if version == 0:
            for statement in _SCHEMA:
                conn.execute(statement)
        elif version == 1:
            _migrate_v1_to_v2(conn)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _refuse_newer(version: int, path: Path) -> None:
    if version > SCHEMA_VERSION:
        raise BackendError(f"local memory store {path}: schema version {version} is newer than "
                           f"this library supports ({SCHEMA_VERSION}); upgrade wetopi-memory")


def _migrate_v1_to_v2(conn: sqlite3.Connection) -> None:
    """Replace the shared FTS table with one index per bank (inside the caller's write transaction).

    The `memories` table is rebuilt without the version-1 bank token column (row ids are kept), then each
    bank's index is built from that bank's rows only.
    """
    for statement in _V1_DROP:
        conn.execute(statement)
    conn.execute("ALTER TABLE memories RENAME TO memories_v1")
    conn.execute(_MEMORIES_TABLE)
    conn.execute(f"INSERT INTO memories({_MEMORY_COLUMNS}) SELECT {_MEMORY_COLUMNS} FROM memories_v1")
    conn.execute("DROP TABLE memories_v1")
    conn.execute(_MEMORIES_INDEX)
    for (key,) in conn.execute("SELECT key FROM banks ORDER BY key").fetchall():
        fts = create_bank_index(conn, int(key))
        conn.execute(f"INSERT INTO {fts}({fts}) VALUES ('rebuild')")  # reads the bank's view only
