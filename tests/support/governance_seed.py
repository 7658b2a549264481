"""Shared seed data for the governance tests: three people, four scopes, attributable documents and outbox items."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from wetopi_memory import MemoryPlane
from wetopi_memory.audit import AuditLog
from wetopi_memory.backends.local import LocalBackend
from wetopi_memory.config import parse_config
from wetopi_memory.identity import IdentityResolver
from wetopi_memory.models import RetainItem
from wetopi_memory.retain.outbox import Outbox
from wetopi_memory.retain.outbox_records import OutboxItem
from wetopi_memory.source_refs import source_ref

Snapshot = dict[str, dict[str, tuple[Any, ...]]]


def run(coro: Any) -> Any:
    return asyncio.run(coro)


KEY = "k" * 32
CONFIG = """
backend: {type: local}
stores:
  personal: {bank_template: "user-{internal_user_id}"}
  business: {bank: wetopi-business}
  platform: {bank: wetopi-platform}
  handbook: {bank: wetopi-handbook, access: read_only}
"""
IDENTITIES = """
users:
  u_alice: {allowed_scopes: [personal, business, platform, handbook], accounts: ["telegram:1001"]}
  u_bob: {allowed_scopes: [personal, business, platform, handbook], accounts: ["telegram:2001"]}
  u_ops: {allowed_scopes: [business, platform], roles: [operator], accounts: ["cli:ops"]}
"""


def ref(user: str) -> str:
    return source_ref(user, KEY.encode())


def item(text: str, doc: str, user: str | None) -> RetainItem:
    tags = (ref(user),) if user else ()
    return RetainItem(content=text, document_id=doc, tags=tags,
                      metadata={"source_ref": ref(user)} if user else {})


def local_plane(root: Path) -> MemoryPlane:
    """A plane over a local backend, outbox and audit trail in `root` (made if missing)."""
    root.mkdir(parents=True, exist_ok=True)
    config = parse_config(CONFIG, "c.yaml", {})
    ids = root / "ids.yaml"
    ids.write_text(IDENTITIES)
    resolver = IdentityResolver.from_file(ids, known_scopes=config.stores)
    return MemoryPlane(config, identities=resolver, backends={"local": LocalBackend(root / "memory.db")},
                       outbox=Outbox(root / "outbox.db"), audit=AuditLog(root / "audit.jsonl"),
                       environ={"WETOPI_MEMORY_SOURCE_KEY": KEY, "WETOPI_MEMORY_STATE_DIR": str(root)})


@pytest.fixture
def plane(tmp_path: Path) -> Iterator[MemoryPlane]:
    p = local_plane(tmp_path)
    yield p
    run(p.aclose())


def seed(plane: MemoryPlane) -> None:
    backend = plane.acl.registry.backend("local")
    assert backend is not None

    async def go() -> None:
        await backend.retain("user-u_alice", [item(f"alice likes tea {i}", f"a-p{i}", "u_alice") for i in range(3)])
        await backend.retain("user-u_bob", [item(f"bob likes coffee {i}", f"b-p{i}", "u_bob") for i in range(2)])
        await backend.retain("wetopi-business", [item("alice: pricing is per seat", "a-b1", "u_alice"),
                                                 item("alice: supplier is Acme", "a-b2", "u_alice"),
                                                 item("bob: the Q3 plan is approved", "b-b1", "u_bob"),
                                                 item("bob: Pricing review in May", "b-b2", "u_bob")])
        await backend.retain("wetopi-platform", [item("alice: deploys use argo", "a-x1", "u_alice"),
                                                 item("imported runbook", "x-1", None)])

    run(go())
    outbox = plane.retention.outbox
    assert outbox is not None
    outbox.enqueue(scope="personal", bank="user-u_alice", backend="local",
                   items=[OutboxItem(item("alice pending personal", "a-q1", "u_alice"))])
    outbox.enqueue(scope="business", bank="wetopi-business", backend="local",
                   items=[OutboxItem(item("alice pending shared", "a-q2", "u_alice")),
                          OutboxItem(item("bob pending shared", "b-q1", "u_bob"))])


def snapshot(plane: MemoryPlane) -> Snapshot:
    """Every document of every bank, with content, tags, metadata and time."""
    backend = plane.acl.registry.backend("local")
    assert backend is not None

    async def go() -> Snapshot:
        out: Snapshot = {}
        for bank in await backend.list_banks():
            out[bank.bank_id] = {d.document_id: (d.content, d.tags, dict(d.metadata), d.created_at)
                                 async for d in backend.iter_documents(bank.bank_id, with_content=True)}
        return out

    return run(go())  # type: ignore[no-any-return]


def attributable(snap: Snapshot, user: str) -> list[str]:
    return [doc for bank, docs in snap.items() for doc, (_, tags, meta, _at) in docs.items()
            if ref(user) in tags or meta.get("source_ref") == ref(user) or bank == f"user-{user}"]


def without(snap: Snapshot, user: str) -> Snapshot:
    gone = set(attributable(snap, user))
    return {bank: {d: v for d, v in docs.items() if d not in gone} for bank, docs in snap.items()
            if bank != f"user-{user}"}


