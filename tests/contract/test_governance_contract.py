"""Contract: governed forget and export/import against real Hindsight 0.9.2 and 1.1.0.

An erased person leaves 0 documents attributable to them in any bank and 0 outbox items, the receipt's counts
match what was there, and everyone else's documents are unchanged; an export imported into banks that do not exist
yet reproduces every bank's name, config overrides and documents.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.hindsight_server import HindsightServer
from wetopi_memory.audit import AuditLog
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.config import parse_config
from wetopi_memory.identity import IdentityResolver
from wetopi_memory.models import RetainItem
from wetopi_memory.plane import MemoryPlane
from wetopi_memory.retain.outbox import Outbox
from wetopi_memory.retain.outbox_records import OutboxItem
from wetopi_memory.source_refs import source_ref

pytestmark = pytest.mark.hindsight

KEY = "contract-governance-key-0123456789"
IDENTITIES = """
users:
  u_alice: {allowed_scopes: [personal, business, platform], accounts: ["telegram:1001"]}
  u_bob: {allowed_scopes: [personal, business, platform], accounts: ["telegram:2001"]}
  u_ops: {allowed_scopes: [business, platform], roles: [operator], accounts: ["cli:ops"]}
"""
Docs = dict[str, dict[str, tuple[Any, ...]]]


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def ref(user: str) -> str:
    return source_ref(user, KEY.encode())


def note(n: int, user: str | None) -> RetainItem:
    tags = (ref(user),) if user else ()
    return RetainItem(content=f"Quokka deployment note {n}: server q{n} listens on port {9000 + n}.",
                      document_id=f"doc-{n:03d}" + (f"-{user}" if user else ""), tags=tags,
                      metadata={"source_ref": ref(user)} if user else {"n": str(n)})


def open_plane(server: HindsightServer, base: str, root: Path, new_bank: Callable[..., str]) -> MemoryPlane:
    """A plane whose banks are `<base>-business`, `<base>-platform` and `<base>-u-<person>`, all cleaned up."""
    for suffix in ("-business", "-platform", "-u-u_alice", "-u-u_bob", "-u-u_ops"):
        new_bank(suffix, base=base)
    root.mkdir(parents=True, exist_ok=True)
    config = parse_config(f'backend: {{type: local}}\nstores:\n  personal: {{bank_template: "{base}-u-'
                          '{internal_user_id}"}\n'
                          f"  business: {{bank: {base}-business}}\n  platform: {{bank: {base}-platform}}\n",
                          "c.yaml", {})
    ids = root / "ids.yaml"
    ids.write_text(IDENTITIES)
    return MemoryPlane(config, identities=IdentityResolver.from_file(ids, known_scopes=config.stores),
                       backends={"local": HindsightBackend(server.url, api_key=server.api_key, timeouts=120.0)},
                       outbox=Outbox(root / "outbox.db"), audit=AuditLog(root / "audit.jsonl"),
                       environ={"WETOPI_MEMORY_SOURCE_KEY": KEY, "WETOPI_MEMORY_STATE_DIR": str(root)})


def backend_of(plane: MemoryPlane) -> HindsightBackend:
    backend = plane.acl.registry.backend("local")
    assert isinstance(backend, HindsightBackend)
    return backend


async def seed(plane: MemoryPlane, base: str) -> None:
    backend = backend_of(plane)
    await backend.ensure_bank(f"{base}-business", "Contract business")
    await backend.patch_config(f"{base}-business", {"retain_mission": "Keep confirmed business decisions."})
    await backend.retain(f"{base}-u-u_alice", [note(1, "u_alice"), note(2, "u_alice")])
    await backend.retain(f"{base}-u-u_bob", [note(3, "u_bob")])
    await backend.retain(f"{base}-business", [note(4, "u_alice"), note(5, "u_alice"), note(6, "u_bob")])
    await backend.retain(f"{base}-platform", [note(7, "u_alice"), note(8, None)])


async def documents(plane: MemoryPlane, base: str) -> Docs:
    """Every document of this test's banks (by the scope's suffix), with text, tags, metadata and time."""
    backend = backend_of(plane)
    out: Docs = {}
    for bank in await backend.list_banks():
        if bank.bank_id.startswith(base + "-"):
            out[bank.bank_id.removeprefix(base)] = {
                d.document_id: (d.content, tuple(sorted(d.tags)), dict(d.metadata), d.created_at)
                async for d in backend.iter_documents(bank.bank_id, with_content=True)}
    return out


def attributable(docs: Docs, user: str) -> list[str]:
    return [d for bank, found in docs.items() for d, (_, tags, meta, _at) in found.items()
            if ref(user) in tags or meta.get("source_ref") == ref(user) or bank == f"-u-{user}"]


def test_an_erased_person_leaves_nothing_and_others_are_unchanged(hindsight_server: HindsightServer,
                                                                   new_bank: Callable[..., str],
                                                                   tmp_path: Path) -> None:
    base = new_bank()
    plane = open_plane(hindsight_server, base, tmp_path, new_bank)
    outbox = plane.retention.outbox
    assert outbox is not None

    async def go() -> None:
        await seed(plane, base)
        outbox.enqueue(scope="business", bank=f"{base}-business", backend="local",
                       items=[OutboxItem(note(9, "u_alice")), OutboxItem(note(10, "u_bob"))])
        before = await documents(plane, base)
        assert len(attributable(before, "u_alice")) == 5
        ops = plane.identify("cli", "ops")
        plan = await plane.governance.plan_forget_person(ops, "u_alice")
        receipt = await plane.governance.apply_forget(plan, ops)
        after = await documents(plane, base)
        assert attributable(after, "u_alice") == []
        assert receipt.documents == 5 and receipt.banks_deleted == 1 and receipt.outbox_purged == 1
        gone = set(attributable(before, "u_alice"))
        assert {b: {d: v for d, v in found.items() if d not in gone} for b, found in before.items()
                if b != "-u-u_alice"} == after
        assert outbox.matching(plan.outbox_selection) == [] and outbox.size() == 1
        again = await plane.governance.plan_forget_person(ops, "u_alice")
        assert again.empty
        await plane.aclose()

    run(go())


def test_export_then_import_into_new_banks_reproduces_them(hindsight_server: HindsightServer,
                                                            new_bank: Callable[..., str], tmp_path: Path) -> None:
    source_base, target_base = new_bank(), new_bank()
    source = open_plane(hindsight_server, source_base, tmp_path / "source", new_bank)
    target = open_plane(hindsight_server, target_base, tmp_path / "target", new_bank)
    dump = tmp_path / "export.jsonl"

    async def go() -> None:
        await seed(source, source_base)
        with dump.open("w") as handle:
            exported = await source.governance.export_banks(source.identify("cli", "ops"),
                                                            lambda line: handle.write(line + "\n"),
                                                            all_people=True)
        assert exported.documents == 8
        assert await documents(target, target_base) == {}
        imported = await target.governance.import_banks(target.identify("cli", "ops"), dump)
        assert imported.documents == exported.documents
        assert await documents(target, target_base) == await documents(source, source_base)
        for suffix in ("-business", "-platform", "-u-u_alice", "-u-u_bob"):
            was = await backend_of(source).get_config(source_base + suffix)
            now = await backend_of(target).get_config(target_base + suffix)
            assert was is not None and now is not None and now.overrides == was.overrides, suffix
        names = {b.bank_id: b.name for b in await backend_of(target).list_banks()}
        assert names[f"{target_base}-business"] == "Contract business"
        await target.governance.import_banks(target.identify("cli", "ops"), dump)  # idempotent
        assert await documents(target, target_base) == await documents(source, source_base)
        await source.aclose()
        await target.aclose()

    run(go())
