"""The embedded zero-setup backend: every bank in one SQLite file, each bank searched by its own FTS5 index."""

from __future__ import annotations

import asyncio
import json
import os
import re
import sqlite3
import threading
import time
import unicodedata
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, TypeVar

from ..errors import BackendError, BackendRequestError, BackendUnavailableError
from ..models import (
    BackendHealth,
    BankConfigState,
    BankInfo,
    MemoryRecord,
    RecallQuery,
    ReflectAnswer,
    RetainItem,
    RetainReceipt,
)

__all__ = ["REFLECT_UNSUPPORTED", "SCHEMA_VERSION", "LocalBackend"]

T = TypeVar("T")

SCHEMA_VERSION: Final = 2

REFLECT_UNSUPPORTED: Final = (
    "Reflect is not supported by the local backend; use memory_search, or configure a Hindsight backend."
)

# Config every bank starts from; a bank's overrides are laid over it.
DEFAULT_BANK_CONFIG: Final[Mapping[str, Any]] = {}

_BUSY_TIMEOUT_MS: Final = 10_000
_MAX_IDLE_CONNECTIONS: Final = 4
_MAX_QUERY_TOKENS: Final = 32
_CHARS_PER_TOKEN: Final = 4
# BM25 column weights: content, context, pad (see `_create_bank_index`; it never scores).
_BM25_WEIGHTS: Final = "1.0, 0.3, 0.0"
# Mild recency boost: a memory from now scores up to 10% more; the boost halves at 30 days old.
_RECENCY_WEIGHT: Final = 0.1
_RECENCY_SCALE_S: Final = 30 * 86_400.0
# Score scale: a hit whose relevance averages this much per searched query word scores 0.5 (see `_score`).
_SCORE_HALF_PER_WORD: Final = 2.0

_LOCK_CODES: Final = frozenset({5, 6})  # SQLITE_BUSY, SQLITE_LOCKED
_WAL_RETRY_S: Final = 0.01

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

# Same token boundary as FTS5 unicode61 (letters and digits; '_' and punctuation separate).
_TOKEN_RE: Final = re.compile(r"[^\W_]+")

# Words that match nearly every memory; dropped from a query that has other words (English, Spanish).
_STOPWORD_TEXT: Final = """
a about after all also an and any are as at be been but by can could did do does for from had has have
he her his how i if in into is it its me my no not of on or our she so than that the their them then
there these they this those to was we were what when where which who why will with would you your
al como con cual cuando de del donde el ella ellos en era es esa ese eso esta este esto fue ha hay la
las le les lo los mas me mi mis muy ni no nos o para pero por porque que quien se si sin sobre son su
sus tambien te tiene tu un una uno unos unas y ya yo
"""
_STOPWORDS: Final = frozenset(_STOPWORD_TEXT.split())

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

# The shared tables. Each bank's search index is created with the bank (`_create_bank_index`).
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

_RECALL_SQL: Final = f"""
SELECT m.bank_key, m.uid, m.content, m.type, m.tags, m.document_id, m.occurred_at,
       -bm25({{fts}}, {_BM25_WEIGHTS})
         * (1.0 + :rw / (1.0 + max(:now - m.occurred_ts, 0.0) / :rs)) AS relevance
FROM {{fts}} CROSS JOIN memories AS m ON m.id = {{fts}}.rowid
WHERE {{fts}} MATCH :match AND m.bank_key = :bank_key {{tag_filter}}
ORDER BY relevance DESC
LIMIT :limit
"""


def _now() -> datetime:
    return datetime.now(UTC)


def _fold(token: str) -> str:
    """Lowercase and strip diacritics, as the FTS tokenizer does, for stopword checks and de-duplication."""
    decomposed = unicodedata.normalize("NFD", token.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def query_tokens(text: str) -> list[str]:
    """The words of arbitrary user text worth searching for: no operators, no punctuation, no stopwords."""
    seen: set[str] = set()
    tokens: list[str] = []
    for raw in _TOKEN_RE.findall(unicodedata.normalize("NFC", text)):
        folded = _fold(raw)
        if folded and folded not in seen:
            seen.add(folded)
            tokens.append(raw)  # the FTS tokenizer folds case and accents itself
    content = [t for t in tokens if _fold(t) not in _STOPWORDS]
    return (content or tokens)[:_MAX_QUERY_TOKENS]


def build_match(tokens: Sequence[str]) -> str | None:
    """A safe FTS5 MATCH expression: any quoted query word, in content or context; None if nothing to search."""
    if not tokens:
        return None
    # Tokens hold only letters and digits, so double-quoting them cannot open an FTS5 operator.
    words = " OR ".join(f'"{t}"' for t in tokens)
    return f"{{content context}} : ({words})"


def _score(relevance: float, words: int) -> float:
    """Map a hit's relevance r (BM25 × recency factor, always > 0) into (0, 1], keeping its rank.

        r     = -bm25(content 1.0, context 0.3) × (1 + 0.1 / (1 + age / 30 days))
        score = r / (r + K·n)      K = _SCORE_HALF_PER_WORD = 2.0, n = query words searched (≥ 1)

    r > 0 for every hit (FTS5 floors each term's IDF at 1e-6), so score > 0; it approaches 1 only as r
    grows without bound (floats may round it to exactly 1). For one query n is fixed, so the map is
    increasing in r and keeps the bank's ranking. 0.5 means an average relevance of K per query word.
    BM25 is computed over the bank's own index, so a score depends on nothing outside the bank.
    """
    return relevance / (relevance + _SCORE_HALF_PER_WORD * max(words, 1))


def _tag_filter(tags: Sequence[str], mode: str) -> tuple[str, dict[str, Any]]:
    """SQL for Hindsight tag semantics: any/all let untagged memories pass, *_strict exclude them."""
    wanted = _clean_tags(tags)
    if not wanted:
        return "", {}
    params = {f"tag{i}": tag for i, tag in enumerate(wanted)}
    in_list = ", ".join(f":{name}" for name in params)
    if mode in ("any", "any_strict"):
        clause = f"EXISTS (SELECT 1 FROM json_each(m.tags) AS j WHERE j.value IN ({in_list}))"
    elif mode in ("all", "all_strict"):
        clause = (f"(SELECT count(DISTINCT j.value) FROM json_each(m.tags) AS j "
                  f"WHERE j.value IN ({in_list})) = {len(wanted)}")
    else:
        raise BackendRequestError(f"unknown tags_match {mode!r}; use any, all, any_strict or all_strict",
                                  operation="recall")
    if not mode.endswith("_strict"):
        clause = f"(m.tags = '[]' OR {clause})"
    return f"AND {clause}", params


def _within_budget(records: list[MemoryRecord], max_tokens: int) -> list[MemoryRecord]:
    """The top hit always (the caller trims its text), then more until about `max_tokens` (4 chars a token)."""
    budget = max_tokens * _CHARS_PER_TOKEN
    used = 0
    for i, record in enumerate(records):
        used += len(record.content)
        if used > budget and i > 0:
            return records[:i]
    return records


def _fts(key: int) -> str:
    """The name of a bank's FTS5 index. Only the integer bank key is ever part of an SQL identifier."""
    return f"fts_{int(key)}"


def _fts_source(key: int) -> str:
    """The name of the view holding exactly one bank's rows: the external content of that bank's index."""
    return f"fts_src_{int(key)}"


def _create_bank_index(conn: sqlite3.Connection, key: int) -> str:
    """Create one bank's FTS5 index over its own rows (inside the caller's write transaction).

    The view is the index's external content and holds exactly this bank's rows, so FTS5's own 'rebuild'
    and content checks can never see another bank. Its `pad` column is one constant token per memory,
    never searched (queries name their columns) and weighted 0: version 1 indexed a one-token bank column
    and BM25 normalizes by a memory's total length, so the pad keeps every bank's ranking as it was.
    """
    fts, source = _fts(key), _fts_source(key)
    conn.execute(f"CREATE VIEW IF NOT EXISTS {source} AS"
                 f" SELECT id, content, context, 'pad' AS pad FROM memories WHERE bank_key = {int(key)}")
    conn.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {fts} USING fts5(content, context, pad,"
                 f" content='{source}', content_rowid='id', tokenize='unicode61 remove_diacritics 2')")
    return fts


def _clean_tags(tags: Sequence[str]) -> list[str]:
    """Tags without blanks or repeats, in their original order."""
    return list(dict.fromkeys(t for t in tags if t))


def _occurred(item: RetainItem, now: datetime) -> tuple[str, float]:
    """When the memory happened (ISO string, epoch seconds); naive timestamps are taken as UTC."""
    when = item.timestamp or now
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.isoformat(), when.timestamp()


class LocalBackend:
    """All banks in one SQLite file (WAL, FTS5 BM25 plus a mild recency boost), safe across processes.

    The local backend has no consolidation: every stored item is a "world" memory, and a recall asking
    for any memory type ("world", "experience", "observation") is served from those world memories.
    Re-retaining a document_id replaces every memory that document had in the bank.

    Isolation: memories share one table, but every bank has its own FTS5 index (`fts_<bank key>`, created
    in the same transaction as the bank row), so neither the rows a search can reach nor the BM25
    statistics (IDF, average length) behind a score depend on any other bank. Each returned row is also
    checked against the bank key, in SQL and again in Python. Every write to `memories` goes through
    this class and updates the bank's index in the same transaction (there are no triggers, which would
    have to test every bank on every write). Scores are in (0, 1]; see `_score`.
    """

    kind = "local"

    def __init__(self, path: str | os.PathLike[str], *, busy_timeout_ms: int = _BUSY_TIMEOUT_MS) -> None:
        self.path = Path(os.fspath(path)).expanduser()
        self._busy_timeout_ms = busy_timeout_ms
        self._lock = threading.Lock()
        self._schema_lock = threading.Lock()
        self._schema_ready = False
        self._idle: list[sqlite3.Connection] = []
        self._closed = False

    # -- connections ---------------------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        """Open one configured connection, creating the directory, the file and the schema if needed."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=self._busy_timeout_ms / 1000, isolation_level=None,
                               check_same_thread=False)
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout_ms)}")
            self._enable_wal(conn)
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA cache_size = -32768")
            conn.execute("PRAGMA mmap_size = 268435456")
            with self._schema_lock:
                if not self._schema_ready:
                    self._migrate(conn)
                    self._schema_ready = True
        except BaseException:
            conn.close()
            raise
        return conn

    def _enable_wal(self, conn: sqlite3.Connection) -> None:
        """Switch the file to WAL, waiting up to the busy timeout while another process holds a lock on it.

        The switch needs an exclusive lock, and SQLite answers "database is locked" at once instead of
        calling the busy handler when another connection holds a write lock on a file that is not in WAL
        mode yet, as when several processes create the file together. So retry here.
        """
        deadline = time.monotonic() + self._busy_timeout_ms / 1000
        while True:
            try:
                if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() == "wal":
                    return
                mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            except sqlite3.OperationalError as exc:
                code = getattr(exc, "sqlite_errorcode", None)
                if not (isinstance(code, int) and code & 0xFF in _LOCK_CODES) or time.monotonic() >= deadline:
                    raise
                time.sleep(_WAL_RETRY_S)
                continue
            if mode.lower() != "wal":
                raise BackendError(f"local memory store {self.path}: cannot enable WAL (mode {mode})")
            return

    def _migrate(self, conn: sqlite3.Connection) -> None:
        """Bring the file to SCHEMA_VERSION (`PRAGMA user_version`), once, in one BEGIN IMMEDIATE transaction."""
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version == SCHEMA_VERSION:
            return
        self._refuse_newer(version)
        with _transaction(conn):
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])  # another process may have won
            self._refuse_newer(version)
            if version == 0:
                for statement in _SCHEMA:
                    conn.execute(statement)
            elif version == 1:
                _migrate_v1_to_v2(conn)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _refuse_newer(self, version: int) -> None:
        if version > SCHEMA_VERSION:
            raise BackendError(f"local memory store {self.path}: schema version {version} is newer than "
                               f"this library supports ({SCHEMA_VERSION}); upgrade wetopi-memory")

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
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

    def _call(self, operation: str, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn` on a connection in this thread, translating every sqlite/OS failure to a BackendError."""
        try:
            with self._connection() as conn:
                return fn(conn)
        except (sqlite3.Error, OSError) as exc:
            raise self._error(exc, operation) from exc

    async def _run(self, operation: str, fn: Callable[[sqlite3.Connection], T]) -> T:
        return await asyncio.to_thread(self._call, operation, fn)

    def _error(self, exc: sqlite3.Error | OSError, operation: str) -> BackendError:
        """One-line BackendError naming the file; busy, locked and I/O failures are transient."""
        reason = (str(exc).splitlines() or [type(exc).__name__])[0]
        message = f"local memory store {self.path}: {operation} failed: {reason}"
        code = getattr(exc, "sqlite_errorcode", None)
        if isinstance(exc, OSError) or (isinstance(code, int) and code & 0xFF in _TRANSIENT_CODES):
            return BackendUnavailableError(message, operation=operation)
        return BackendError(message, operation=operation)

    # -- banks ---------------------------------------------------------------------------------------

    @staticmethod
    def _bank_key(conn: sqlite3.Connection, bank: str) -> int | None:
        row = conn.execute("SELECT key FROM banks WHERE bank_id = ?", (bank,)).fetchone()
        return None if row is None else int(row[0])

    @staticmethod
    def _create_bank(conn: sqlite3.Connection, bank: str, name: str) -> int:
        """The bank's key, inserting the bank and its FTS index first if missing (inside a write transaction)."""
        key = LocalBackend._bank_key(conn, bank)
        if key is not None:
            return key
        stamp = _now().isoformat()
        cursor = conn.execute("INSERT INTO banks(bank_id, name, config, created_at, updated_at)"
                              " VALUES (?, ?, '{}', ?, ?)", (bank, name, stamp, stamp))
        key = cursor.lastrowid
        assert key is not None
        _create_bank_index(conn, key)
        return key

    @staticmethod
    def _config_state(bank: str, raw: str) -> BankConfigState:
        overrides = json.loads(raw)
        return BankConfigState(bank_id=bank, config={**DEFAULT_BANK_CONFIG, **overrides}, overrides=overrides)

    async def ensure_bank(self, bank: str, name: str) -> BankInfo:
        """Create the bank if missing and set its display name; never deletes or resets anything."""
        _check_bank(bank, "ensure_bank")

        def work(conn: sqlite3.Connection) -> BankInfo:
            with _transaction(conn):
                self._create_bank(conn, bank, name)
                conn.execute("UPDATE banks SET name = ?, updated_at = ? WHERE bank_id = ? AND name <> ?",
                             (name, _now().isoformat(), bank, name))
            return BankInfo(bank_id=bank, name=name)

        return await self._run("ensure_bank", work)

    async def list_banks(self) -> list[BankInfo]:
        """Every bank in the file, ordered by id."""

        def work(conn: sqlite3.Connection) -> list[BankInfo]:
            rows = conn.execute("SELECT bank_id, name FROM banks ORDER BY bank_id").fetchall()
            return [BankInfo(bank_id=r[0], name=r[1]) for r in rows]

        return await self._run("list_banks", work)

    async def get_config(self, bank: str) -> BankConfigState | None:
        """The bank's overrides laid over the (empty) defaults; None when the bank does not exist."""

        def work(conn: sqlite3.Connection) -> BankConfigState | None:
            row = conn.execute("SELECT config FROM banks WHERE bank_id = ?", (bank,)).fetchone()
            return None if row is None else self._config_state(bank, row[0])

        return await self._run("get_config", work)

    async def patch_config(self, bank: str, updates: Mapping[str, Any]) -> BankConfigState:
        """Merge overrides in one write transaction (None removes a key); creates the bank if missing."""
        _check_bank(bank, "patch_config")
        try:
            json.dumps(dict(updates))
        except (TypeError, ValueError) as exc:
            raise BackendRequestError(f"bank config for {bank!r} is not JSON-serializable: {exc}",
                                      operation="patch_config") from exc

        def work(conn: sqlite3.Connection) -> BankConfigState:
            with _transaction(conn):
                self._create_bank(conn, bank, bank)
                raw = conn.execute("SELECT config FROM banks WHERE bank_id = ?", (bank,)).fetchone()[0]
                overrides: dict[str, Any] = json.loads(raw)
                for key, value in updates.items():
                    if value is None:
                        overrides.pop(key, None)
                    else:
                        overrides[key] = value
                merged = json.dumps(overrides, sort_keys=True)
                conn.execute("UPDATE banks SET config = ?, updated_at = ? WHERE bank_id = ?",
                             (merged, _now().isoformat(), bank))
            return self._config_state(bank, merged)

        return await self._run("patch_config", work)

    # -- memories ------------------------------------------------------------------------------------

    async def retain(self, bank: str, items: Sequence[RetainItem]) -> RetainReceipt:
        """Store a batch in one transaction; each document_id in it replaces that document's old memories."""
        _check_bank(bank, "retain")
        if not items:
            return RetainReceipt(bank=bank, items_count=0)
        now = _now()
        stamp = now.isoformat()
        rows: list[tuple[Any, ...]] = []
        for index, item in enumerate(items):
            content = unicodedata.normalize("NFC", item.content)
            if not content.strip():
                raise BackendRequestError(f"retain item {index} for bank {bank!r} has empty content",
                                          operation="retain")
            if not item.document_id:
                raise BackendRequestError(f"retain item {index} for bank {bank!r} has no document_id",
                                          operation="retain")
            context = unicodedata.normalize("NFC", item.context) if item.context else None
            occurred_at, occurred_ts = _occurred(item, now)
            rows.append((uuid.uuid4().hex, item.document_id, content, context,
                         json.dumps(_clean_tags(item.tags)), json.dumps(dict(item.metadata), sort_keys=True),
                         occurred_at, occurred_ts, stamp))
        documents = list(dict.fromkeys(item.document_id for item in items))

        def work(conn: sqlite3.Connection) -> RetainReceipt:
            with _transaction(conn):
                key = self._create_bank(conn, bank, bank)
                fts, source = _fts(key), _fts_source(key)
                by_document = [(key, doc) for doc in documents]
                # The index takes its values from the bank's view, and an external-content FTS5 index
                # forgets a row only when given the exact values it indexed.
                indexed = (f"SELECT v.id, v.content, v.context, v.pad FROM memories AS m"
                           f" JOIN {source} AS v ON v.id = m.id WHERE m.bank_key = ? AND m.document_id = ?")
                conn.executemany(f"INSERT INTO {fts}({fts}, rowid, content, context, pad)"
                                 f" SELECT 'delete', * FROM ({indexed})", by_document)
                conn.executemany("DELETE FROM memories WHERE bank_key = ? AND document_id = ?", by_document)
                conn.executemany(
                    "INSERT INTO memories(uid, bank_key, document_id, type, content, context, tags,"
                    " metadata, occurred_at, occurred_ts, created_at)"
                    " VALUES (?, ?, ?, 'world', ?, ?, ?, ?, ?, ?, ?)",
                    [(r[0], key, *r[1:]) for r in rows])
                # Every row these documents now have in this bank was inserted just above.
                conn.executemany(f"INSERT INTO {fts}(rowid, content, context, pad) {indexed}", by_document)
            return RetainReceipt(bank=bank, items_count=len(rows))

        return await self._run("retain", work)

    async def recall(self, bank: str, query: RecallQuery) -> list[MemoryRecord]:
        """Search one bank's own index by BM25 with a mild recency boost; a missing bank has no memories.

        Scores are in (0, 1] (see `_score`). At least the top hit is returned whatever its length; further
        hits stop at `max_tokens`. A non-positive `limit` or `max_tokens` asks for nothing.
        """
        tag_sql, tag_params = _tag_filter(query.tags, query.tags_match)
        if query.limit <= 0 or query.max_tokens <= 0:
            return []
        tokens = query_tokens(query.query)
        match = build_match(tokens)
        if match is None:
            return []

        def work(conn: sqlite3.Connection) -> list[MemoryRecord]:
            key = self._bank_key(conn, bank)
            if key is None:
                return []
            params: dict[str, Any] = {"match": match, "bank_key": key, "limit": query.limit,
                                      "now": time.time(), "rw": _RECENCY_WEIGHT, "rs": _RECENCY_SCALE_S,
                                      **tag_params}
            rows = conn.execute(_RECALL_SQL.format(fts=_fts(key), tag_filter=tag_sql), params).fetchall()
            return [MemoryRecord(id=r[1], content=r[2], type=r[3], score=_score(float(r[7]), len(tokens)),
                                 tags=tuple(json.loads(r[4])), document_id=r[5], occurred_at=r[6])
                    for r in rows
                    if r[0] == key]  # redundant with the SQL; isolation is worth a second check

        records = await self._run("recall", work)
        return _within_budget(records, query.max_tokens)

    async def count(self, bank: str) -> int:
        """How many memories one bank holds (0 for a missing bank)."""

        def work(conn: sqlite3.Connection) -> int:
            row = conn.execute("SELECT count(*) FROM memories AS m JOIN banks AS b ON b.key = m.bank_key"
                               " WHERE b.bank_id = ?", (bank,)).fetchone()
            return int(row[0])

        return await self._run("count", work)

    async def reflect(self, bank: str, query: str, *, budget: str = "low",
                      max_tokens: int = 2048) -> ReflectAnswer:
        """Say honestly that there is no synthesis here, instead of faking one."""
        return ReflectAnswer(bank=bank, text=REFLECT_UNSUPPORTED, supported=False)

    # -- lifecycle -----------------------------------------------------------------------------------

    async def health(self) -> BackendHealth:
        """Open the file and run a cheap query; ok=False with the reason when that fails."""
        started = time.perf_counter()

        def work(conn: sqlite3.Connection) -> str:
            return str(conn.execute("PRAGMA user_version").fetchone()[0])

        try:
            version = await self._run("health", work)
        except BackendError as exc:
            return BackendHealth(backend=self.kind, ok=False, detail=str(exc),
                                 latency_ms=(time.perf_counter() - started) * 1000)
        return BackendHealth(backend=self.kind, ok=True, detail=str(self.path), version=version,
                             latency_ms=(time.perf_counter() - started) * 1000)

    async def aclose(self) -> None:
        """Close pooled connections; connections still in use close when their operation ends."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()


@contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """A write transaction that takes the file's write lock up front (BEGIN IMMEDIATE), so it cannot deadlock."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        conn.rollback()
        raise
    conn.execute("COMMIT")


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
        fts = _create_bank_index(conn, int(key))
        conn.execute(f"INSERT INTO {fts}({fts}) VALUES ('rebuild')")  # reads the bank's view only


def _check_bank(bank: str, operation: str) -> None:
    if not isinstance(bank, str) or not bank:
        raise BackendRequestError("bank id must be a non-empty string", operation=operation)
