"""Contract: the documents half of MemoryBackend against real Hindsight 0.9.2 and 1.1.0.

Listing with paging (more documents than one page, and deleting while listing; pages of 10 instead of 100 so a
few dozen retains make three pages), deleting a document with its
memories (recall no longer finds it), deleting a bank, the put_documents round trip (ids, tags, metadata, time,
text), and the source-ref tag, metadata and id on what a known person's retain stores.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

import pytest

from tests.support.hindsight_server import HindsightServer
from wetopi_memory.backends import hindsight_documents
from wetopi_memory.backends.base import StoredDocument
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.backends.resilience import ResilientBackend
from wetopi_memory.config import parse_config
from wetopi_memory.identity import IdentityResolver
from wetopi_memory.models import RecallQuery, RetainItem
from wetopi_memory.plane import MemoryPlane
from wetopi_memory.retain import CandidateBuilder, PolicyEngine
from wetopi_memory.retain.planning import evaluate_statement, to_retain_item
from wetopi_memory.source_refs import SOURCE_REF_TAG_PREFIX, source_ref

pytestmark = pytest.mark.hindsight

T = TypeVar("T")
KEY = b"contract-source-key-0123456789ab"


def run(server: HindsightServer, fn: Callable[[HindsightBackend], Awaitable[T]]) -> T:
    async def go() -> T:
        backend = HindsightBackend(server.url, api_key=server.api_key, timeouts=120.0)
        try:
            return await fn(backend)
        finally:
            await backend.aclose()

    return asyncio.run(go())


def item(n: int, *, ref: str = "src:aaa", extra: tuple[str, ...] = ()) -> RetainItem:
    return RetainItem(content=f"Quokka deployment note {n}: server q{n} listens on port {9000 + n}.",
                      document_id=f"doc-{n:03d}", tags=(ref, *extra), metadata={"source_ref": ref, "n": str(n)},
                      timestamp=datetime(2025, 3, 1 + n % 28, 9, 30, tzinfo=UTC))


async def retain_many(backend: HindsightBackend, bank: str, items: list[RetainItem]) -> None:
    for start in range(0, len(items), 50):
        await backend.retain(bank, items[start:start + 50])


async def collect(backend: HindsightBackend | ResilientBackend, bank: str, *, tags: tuple[str, ...] = (),
                  with_content: bool = False) -> list[StoredDocument]:
    return [d async for d in backend.iter_documents(bank, tags=tags, with_content=with_content)]


@pytest.fixture
def pages_of_ten(monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(hindsight_documents, "DOCUMENTS_PAGE", 10)
    return 10


def test_lists_more_than_one_page_with_tags_metadata_and_time(hindsight_server: HindsightServer,
                                                              new_bank: Callable[..., str], pages_of_ten: int) -> None:
    bank = new_bank()
    count = 2 * pages_of_ten + 3

    async def go(backend: HindsightBackend) -> tuple[list[StoredDocument], list[StoredDocument]]:
        await retain_many(backend, bank, [item(n, extra=("odd",) if n % 2 else ()) for n in range(count)])
        return await collect(backend, bank), await collect(backend, bank, tags=("src:aaa", "odd"))

    everything, odd = run(hindsight_server, go)
    assert sorted(d.document_id for d in everything) == [f"doc-{n:03d}" for n in range(count)]
    assert sorted(d.document_id for d in odd) == [f"doc-{n:03d}" for n in range(1, count, 2)]
    seven = next(d for d in everything if d.document_id == "doc-007")
    assert set(seven.tags) == {"src:aaa", "odd"}
    assert dict(seven.metadata) == {"source_ref": "src:aaa", "n": "7"}
    assert seven.created_at is not None
    assert datetime.fromisoformat(seven.created_at) == datetime(2025, 3, 8, 9, 30, tzinfo=UTC)
    assert seven.content is None


def test_missing_bank_lists_nothing_and_deletes_nothing(hindsight_server: HindsightServer,
                                                        new_bank: Callable[..., str]) -> None:
    bank = new_bank()

    async def go(backend: HindsightBackend) -> tuple[list[StoredDocument], bool, bool]:
        return await collect(backend, bank), await backend.delete_document(bank, "doc-1"), \
            await backend.delete_bank(bank)

    assert run(hindsight_server, go) == ([], False, False)


def test_delete_document_takes_its_memories(hindsight_server: HindsightServer, new_bank: Callable[..., str]) -> None:
    bank = new_bank()
    query = RecallQuery(query="Quokka deployment note server listens port", budget="low")

    async def go(backend: HindsightBackend) -> tuple[set[str | None], bool, bool, set[str | None], list[str]]:
        await backend.retain(bank, [item(1), item(2)])
        before = {r.document_id for r in await backend.recall(bank, query)}
        first = await backend.delete_document(bank, "doc-001")
        again = await backend.delete_document(bank, "doc-001")
        after = {r.document_id for r in await backend.recall(bank, query)}
        return before, first, again, after, [d.document_id for d in await collect(backend, bank)]

    before, first, again, after, left = run(hindsight_server, go)
    assert "doc-001" in before
    assert (first, again) == (True, False)
    assert "doc-001" not in after and "doc-002" in after
    assert left == ["doc-002"]


def test_deleting_while_listing_reaches_every_document(hindsight_server: HindsightServer,
                                                       new_bank: Callable[..., str], pages_of_ten: int) -> None:
    bank = new_bank()
    count = 2 * pages_of_ten + 1

    async def go(backend: HindsightBackend) -> tuple[int, list[StoredDocument]]:
        await retain_many(backend, bank, [item(n) for n in range(count)])
        resilient = ResilientBackend(backend)
        deleted = 0
        async for document in resilient.iter_documents(bank, tags=("src:aaa",)):
            deleted += await resilient.delete_document(bank, document.document_id)
        return deleted, await collect(backend, bank)

    deleted, left = run(hindsight_server, go)
    assert deleted == count
    assert left == []


def test_delete_bank(hindsight_server: HindsightServer, new_bank: Callable[..., str]) -> None:
    bank, other = new_bank(), new_bank()

    async def go(backend: HindsightBackend) -> tuple[bool, bool, list[str], list[StoredDocument], list[str]]:
        await backend.retain(bank, [item(1)])
        await backend.retain(other, [item(2)])
        first, again = await backend.delete_bank(bank), await backend.delete_bank(bank)
        banks = [b.bank_id for b in await backend.list_banks()]
        return first, again, banks, await collect(backend, bank), [d.document_id for d in await collect(backend, other)]

    first, again, banks, gone, kept = run(hindsight_server, go)
    assert (first, again) == (True, False)
    assert bank not in banks and other in banks
    assert gone == [] and kept == ["doc-002"]


def test_put_documents_round_trip(hindsight_server: HindsightServer, new_bank: Callable[..., str]) -> None:
    source, target = new_bank(), new_bank()

    async def go(backend: HindsightBackend) -> tuple[list[StoredDocument], int, list[StoredDocument]]:
        await backend.retain(source, [item(n, ref=f"src:{n % 3:03d}", extra=("t",)) for n in range(7)])
        exported = await collect(backend, source, with_content=True)
        written = await backend.put_documents(target, exported)
        return exported, written, await collect(backend, target, with_content=True)

    exported, written, imported = run(hindsight_server, go)
    assert written == 7
    assert all(d.content for d in exported)
    def key(d: StoredDocument) -> str:
        return d.document_id
    assert sorted(imported, key=key) == sorted(exported, key=key)


def test_a_known_persons_retain_stores_the_source_ref(hindsight_server: HindsightServer,
                                                      new_bank: Callable[..., str], tmp_path: Path) -> None:
    bank = new_bank("-platform")
    config = parse_config(f"backend: {{type: local}}\nstores:\n  platform: {{bank: {bank}}}\n", "c.yaml", {})
    ids = tmp_path / "ids.yaml"
    ids.write_text('users:\n  u_ana: {allowed_scopes: [platform], accounts: ["telegram:1001"]}\n')
    plane = MemoryPlane(config, identities=IdentityResolver.from_file(ids, known_scopes=config.stores),
                        backends={"local": HindsightBackend(hindsight_server.url, api_key=hindsight_server.api_key)})
    ana = plane.identify("telegram", "1001")
    decision = evaluate_statement(CandidateBuilder(plane.router), PolicyEngine(config, plane.acl,
                                                                                source_key=lambda: KEY),
                                  ana, "The root cause was an MTU mismatch on the VXLAN overlay; verified with "
                                       "ping -M do between nodes.", "platform")
    assert decision.accept, decision.reasons
    ref = source_ref("u_ana", KEY)

    async def go(backend: HindsightBackend) -> list[StoredDocument]:
        await backend.retain(bank, [to_retain_item(decision)])
        return await collect(backend, bank, tags=(ref,))

    [document] = run(hindsight_server, go)
    assert ref in document.tags
    assert document.metadata["source_ref"] == ref
    assert document.document_id.endswith(ref.removeprefix(SOURCE_REF_TAG_PREFIX))
    assert "u_ana" not in " ".join([*document.tags, *document.metadata.values(), document.document_id])
