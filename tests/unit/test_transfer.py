"""Export and import of banks on the local backend (real SQLite): a round trip into an empty store reproduces every
bank's configuration and documents, an import is idempotent and checked whole before it writes, and an export
holds another person's personal bank only when an operator asks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.governance_seed import item, local_plane, plane, run, seed, snapshot
from wetopi_memory import AccessDenied, InvalidRequest, MemoryPlane

__all__ = ["plane"]  # the fixture


def configure(plane: MemoryPlane) -> None:
    backend = plane.acl.registry.backend("local")
    assert backend is not None

    async def go() -> None:
        await backend.ensure_bank("wetopi-business", "Wetopi business")
        await backend.patch_config("wetopi-business", {"retain_mission": "keep decisions", "disposition": {"a": 1}})
        await backend.ensure_bank("user-u_alice", "Alice's memory")
        await backend.retain("wetopi-platform", [item(f"runbook step {i:03d}", f"step-{i:03d}", None)
                                                 for i in range(250)])  # more than one page and one chunk

    run(go())


def configs(plane: MemoryPlane) -> dict[str, tuple[str, dict[str, Any]]]:
    backend = plane.acl.registry.backend("local")
    assert backend is not None

    async def go() -> dict[str, tuple[str, dict[str, Any]]]:
        out = {}
        for bank in await backend.list_banks():
            state = await backend.get_config(bank.bank_id)
            out[bank.bank_id] = (bank.name, dict(state.overrides) if state else {})
        return out

    return run(go())  # type: ignore[no-any-return]


def export_to(plane: MemoryPlane, path: Path, who: str = "ops", **kwargs: Any) -> Any:
    identity = plane.identify("cli", who) if who == "ops" else plane.identify("telegram", who)
    with path.open("w") as handle:
        return run(plane.governance.export_banks(identity, lambda line: handle.write(line + "\n"), **kwargs))


def test_export_then_import_into_an_empty_store_reproduces_configuration_and_documents(plane: MemoryPlane,
                                                                                      tmp_path: Path) -> None:
    seed(plane)
    configure(plane)
    dump = tmp_path / "export.jsonl"
    exported = export_to(plane, dump, all_people=True)
    lines = [json.loads(line) for line in dump.read_text().splitlines()]
    assert lines[0]["kind"] == "header" and lines[0]["format_version"] == 1
    assert exported.documents == sum(1 for line in lines if line["kind"] == "document") == 261

    empty = local_plane(tmp_path / "restore")
    try:
        assert snapshot(empty) == {}
        ops = empty.identify("cli", "ops")
        imported = run(empty.governance.import_banks(ops, dump))
        assert imported.documents == exported.documents
        assert snapshot(empty) == snapshot(plane)
        assert configs(empty) == configs(plane)
        assert configs(empty)["wetopi-business"] == ("Wetopi business", {"retain_mission": "keep decisions",
                                                                         "disposition": {"a": 1}})
        run(empty.governance.import_banks(ops, dump))  # idempotent: the same document ids
        assert snapshot(empty) == snapshot(plane)
    finally:
        run(empty.aclose())


def test_an_export_holds_only_the_callers_own_personal_bank(plane: MemoryPlane, tmp_path: Path) -> None:
    seed(plane)
    summary = export_to(plane, tmp_path / "bob.jsonl", who="2001")
    banks = {b.bank for b in summary.banks}
    assert "user-u_bob" in banks and "user-u_alice" not in banks
    assert "alice likes tea" not in (tmp_path / "bob.jsonl").read_text()
    with pytest.raises(AccessDenied) as denied:
        export_to(plane, tmp_path / "x.jsonl", who="2001", people=["u_alice"])
    assert denied.value.code == "operator_required"
    ops = export_to(plane, tmp_path / "alice.jsonl", people=["u_alice"], scopes=["personal"])
    assert [(b.bank, b.documents) for b in ops.banks] == [("user-u_alice", 3)]


def test_an_import_checks_every_line_and_bank_before_writing(plane: MemoryPlane, tmp_path: Path) -> None:
    seed(plane)
    dump = tmp_path / "export.jsonl"
    export_to(plane, dump, all_people=True)
    good = dump.read_text().splitlines()
    empty = local_plane(tmp_path / "restore")
    try:
        ops, bob = empty.identify("cli", "ops"), empty.identify("telegram", "2001")
        broken = tmp_path / "broken.jsonl"
        broken.write_text("\n".join([*good, "{not json"]) + "\n")
        with pytest.raises(InvalidRequest, match=rf"broken.jsonl: line {len(good) + 1}: not JSON"):
            run(empty.governance.import_banks(ops, broken))
        with pytest.raises(AccessDenied):  # alice's personal bank is in the file
            run(empty.governance.import_banks(bob, dump))
        headless = tmp_path / "headless.jsonl"
        headless.write_text("\n".join(good[1:]) + "\n")
        with pytest.raises(InvalidRequest, match="line 1: the first line must be the export header"):
            run(empty.governance.import_banks(ops, headless))
        assert snapshot(empty) == {}  # nothing half-applied
        with pytest.raises(InvalidRequest, match="cannot read"):
            run(empty.governance.import_banks(ops, tmp_path / "missing.jsonl"))
    finally:
        run(empty.aclose())
