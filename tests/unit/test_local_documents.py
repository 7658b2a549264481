"""The documents half of MemoryBackend (iterate, delete a document or a bank, import) on every backend that has it:
LocalBackend on a real SQLite file, the same behind ResilientBackend, and HindsightBackend over FakeHindsight 0.9.2
and 1.1.0. Only the local backend's own details (keyset paging, index cleanup, migration-free schema) are local."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

import pytest

from wetopi_memory.backends.base import MemoryBackend, StoredDocument
from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.backends.local import LocalBackend
from wetopi_memory.backends.resilience import ResiliencePolicy, ResilientBackend
from wetopi_memory.errors import BackendError, BackendRequestError
from wetopi_memory.models import RecallQuery, RetainItem

T = TypeVar("T")
KINDS = ["local", "resilient-local", "fake-0.9.2", "fake-1.1.0"]


def make_backend(kind: str, tmp_path: Path) -> MemoryBackend:
    if kind == "local":
        return LocalBackend(tmp_path / "memory.db")
    if kind == "resilient-local":
        return ResilientBackend(LocalBackend(tmp_path / "memory.db"), ResiliencePolicy(max_inflight=1))
    fake = FakeHindsight(kind.removeprefix("fake-"))
    return HindsightBackend("http://hindsight.test", transport=fake.transport)


def run(kind: str, tmp_path: Path, fn: Callable[[MemoryBackend], Awaitable[T]]) -> T:
    async def go() -> T:
        backend = make_backend(kind, tmp_path)
        try:
            return await fn(backend)
        finally:
            await backend.aclose()

    return asyncio.run(go())


async def collect(documents: AsyncIterator[StoredDocument]) -> list[StoredDocument]:
    return [document async for document in documents]


def item(n: int, *, tags: tuple[str, ...] = (), ref: str = "src:aaa") -> RetainItem:
    return RetainItem(content=f"Deployment note {n}: server s{n} uses port {8000 + n}.", document_id=f"doc-{n:03d}",
                      tags=(ref, *tags), metadata={"source_ref": ref, "n": str(n)},
                      timestamp=datetime(2025, 1, 1 + n % 28, 10, 0, tzinfo=UTC))


@pytest.mark.parametrize("kind", KINDS)
def test_iterates_every_document_across_pages_with_tags_metadata_and_time(kind: str, tmp_path: Path) -> None:
    async def go(backend: MemoryBackend) -> list[StoredDocument]:
        await backend.retain("bank-a", [item(n) for n in range(150)])
        await backend.retain("bank-a", [item(n, tags=("extra",)) for n in range(150, 230)])
        return await collect(backend.iter_documents("bank-a"))

    documents = run(kind, tmp_path, go)
    assert sorted(d.document_id for d in documents) == [f"doc-{n:03d}" for n in range(230)]
    by_id = {d.document_id: d for d in documents}
    seven = by_id["doc-007"]
    assert seven.content is None  # not asked for
    assert set(seven.tags) == {"src:aaa"}
    assert dict(seven.metadata) == {"source_ref": "src:aaa", "n": "7"}
    assert seven.created_at is not None
    assert datetime.fromisoformat(seven.created_at) == datetime(2025, 1, 8, 10, 0, tzinfo=UTC)
    assert set(by_id["doc-200"].tags) == {"src:aaa", "extra"}


@pytest.mark.parametrize("kind", KINDS)
def test_tags_filter_keeps_documents_carrying_all_of_them(kind: str, tmp_path: Path) -> None:
    async def go(backend: MemoryBackend) -> tuple[list[str], list[str], list[str]]:
        await backend.retain("bank-a", [item(1, ref="src:aaa"), item(2, ref="src:bbb"),
                                        item(3, tags=("x",), ref="src:aaa"), item(4)])
        ref_a = await collect(backend.iter_documents("bank-a", tags=["src:aaa"]))
        both = await collect(backend.iter_documents("bank-a", tags=["src:aaa", "x"]))
        none = await collect(backend.iter_documents("bank-a", tags=["src:zzz"]))
        return sorted(d.document_id for d in ref_a), [d.document_id for d in both], [d.document_id for d in none]

    ref_a, both, none = run(kind, tmp_path, go)
    assert ref_a == ["doc-001", "doc-003", "doc-004"]
    assert both == ["doc-003"]
    assert none == []


@pytest.mark.parametrize("kind", KINDS)
def test_with_content_reads_the_text(kind: str, tmp_path: Path) -> None:
    async def go(backend: MemoryBackend) -> list[StoredDocument]:
        await backend.retain("bank-a", [item(1)])
        return await collect(backend.iter_documents("bank-a", with_content=True))

    [document] = run(kind, tmp_path, go)
    assert document.content == "Deployment note 1: server s1 uses port 8001."


@pytest.mark.parametrize("kind", KINDS)
def test_missing_bank_yields_nothing_and_deletes_nothing(kind: str, tmp_path: Path) -> None:
    async def go(backend: MemoryBackend) -> tuple[list[StoredDocument], bool, bool]:
        return (await collect(backend.iter_documents("no-such-bank")),
                await backend.delete_document("no-such-bank", "doc-001"), await backend.delete_bank("no-such-bank"))

    assert run(kind, tmp_path, go) == ([], False, False)


@pytest.mark.parametrize("kind", KINDS)
def test_delete_document_removes_its_memories_and_is_idempotent(kind: str, tmp_path: Path) -> None:
    async def go(backend: MemoryBackend) -> tuple[bool, bool, list[str], list[str]]:
        await backend.retain("bank-a", [item(1), item(2)])
        first = await backend.delete_document("bank-a", "doc-001")
        again = await backend.delete_document("bank-a", "doc-001")
        left = [d.document_id for d in await collect(backend.iter_documents("bank-a"))]
        hits = await backend.recall("bank-a", RecallQuery(query="deployment note server port"))
        return first, again, left, [h.document_id or "" for h in hits]

    first, again, left, hits = run(kind, tmp_path, go)
    assert (first, again) == (True, False)
    assert left == ["doc-002"]
    assert hits == ["doc-002"]


@pytest.mark.parametrize("kind", KINDS)
def test_delete_bank_removes_everything_and_leaves_other_banks(kind: str, tmp_path: Path) -> None:
    async def go(backend: MemoryBackend) -> tuple[bool, bool, list[str], list[str], list[str]]:
        await backend.retain("bank-a", [item(1)])
        await backend.retain("bank-b", [item(2)])
        first = await backend.delete_bank("bank-a")
        again = await backend.delete_bank("bank-a")
        banks = [b.bank_id for b in await backend.list_banks()]
        gone = [d.document_id for d in await collect(backend.iter_documents("bank-a"))]
        kept = [d.document_id for d in await collect(backend.iter_documents("bank-b"))]
        return first, again, banks, gone, kept

    first, again, banks, gone, kept = run(kind, tmp_path, go)
    assert (first, again) == (True, False)
    assert "bank-a" not in banks and "bank-b" in banks
    assert gone == [] and kept == ["doc-002"]


@pytest.mark.parametrize("kind", KINDS)
def test_put_documents_round_trip_preserves_id_tags_metadata_and_time(kind: str, tmp_path: Path) -> None:
    async def go(backend: MemoryBackend) -> tuple[list[StoredDocument], int, list[StoredDocument]]:
        await backend.retain("source", [item(n, tags=("t",)) for n in range(5)])
        exported = await collect(backend.iter_documents("source", with_content=True))
        written = await backend.put_documents("target", exported)
        return exported, written, await collect(backend.iter_documents("target", with_content=True))

    exported, written, imported = run(kind, tmp_path, go)
    assert written == 5
    assert sorted(imported, key=lambda d: d.document_id) == sorted(exported, key=lambda d: d.document_id)


@pytest.mark.parametrize("kind", KINDS)
def test_deleting_while_iterating_reaches_every_document(kind: str, tmp_path: Path) -> None:
    async def go(backend: MemoryBackend) -> tuple[int, list[StoredDocument]]:
        await backend.retain("bank-a", [item(n) for n in range(250)])
        deleted = 0
        async for document in backend.iter_documents("bank-a", tags=["src:aaa"]):
            deleted += await backend.delete_document("bank-a", document.document_id)
        return deleted, await collect(backend.iter_documents("bank-a"))

    deleted, left = run(kind, tmp_path, go)
    assert deleted == 250
    assert left == []


@pytest.mark.parametrize("kind", KINDS)
def test_put_documents_refuses_a_bad_batch_before_writing_anything(kind: str, tmp_path: Path) -> None:
    good = StoredDocument("doc-1", "A fine text about servers.", ("a",), {"k": "v"}, "2025-01-01T00:00:00+00:00")
    cases = [
        (StoredDocument("doc-2", None, (), {}, None), "has no text to import"),
        (StoredDocument("doc-2", "text", (), {}, "last tuesday"), "not an ISO 8601 time"),
        (good, "repeats document 'doc-1'"),
    ]

    async def go(backend: MemoryBackend) -> list[tuple[str, list[StoredDocument]]]:
        out = []
        for bad, _ in cases:
            with pytest.raises(BackendRequestError) as caught:
                await backend.put_documents("bank-a", [good, bad])
            out.append((str(caught.value), await collect(backend.iter_documents("bank-a"))))
        return out

    for (message, stored), (_, expected) in zip(run(kind, tmp_path, go), cases, strict=True):
        assert expected in message and "\n" not in message
        assert stored == []


# -- local only ------------------------------------------------------------------------------------


def test_local_delete_cleans_the_search_index(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"

    async def go(backend: MemoryBackend) -> None:
        await backend.retain("bank-a", [item(1), item(2)])
        await backend.delete_document("bank-a", "doc-001")
        await backend.retain("bank-b", [item(3)])
        await backend.delete_bank("bank-b")

    run("local", tmp_path, go)
    with sqlite3.connect(path) as conn:
        key = conn.execute("SELECT key FROM banks WHERE bank_id = 'bank-a'").fetchone()[0]
        conn.execute(f"INSERT INTO fts_{key}(fts_{key}) VALUES ('integrity-check')")  # raises when out of sync
        indexed = conn.execute(f"SELECT count(*) FROM fts_{key} WHERE fts_{key} MATCH 'deployment'").fetchone()[0]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}
    assert indexed == 1
    assert not any(name.startswith("fts_") and name.endswith(str(key + 1)) for name in tables)


def test_local_document_joins_the_texts_of_its_memories(tmp_path: Path) -> None:
    async def go(backend: MemoryBackend) -> list[StoredDocument]:
        await backend.retain("bank-a", [RetainItem(content="First part.", document_id="d", tags=("a",)),
                                        RetainItem(content="Second part.", document_id="d", tags=("b",))])
        return await collect(backend.iter_documents("bank-a", with_content=True))

    [document] = run("local", tmp_path, go)
    assert document.content == "First part.\n\nSecond part."
    assert document.tags == ("a", "b")


def test_resilient_iteration_failure_is_a_backend_error(tmp_path: Path) -> None:
    fake = FakeHindsight("1.1.0")
    backend = ResilientBackend(HindsightBackend("http://hindsight.test", transport=fake.transport))

    async def go() -> None:
        await backend.retain("bank-a", [item(1)])
        fake.fail_next(500)
        await collect(backend.iter_documents("bank-a"))

    with pytest.raises(BackendError):
        asyncio.run(go())
    assert fake.counts["list_documents"] == 1  # a page read is not retried mid-iteration
