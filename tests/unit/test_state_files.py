"""Local state files that fail well: real SQLite files damaged on purpose (overwritten, truncated, one page broken),
a full disk (SQLite's own SQLITE_FULL through `max_page_count`, and OSError(ENOSPC) from a fault seam on the open
path), for the outbox, the embedded store, the CLI and the Hermes plugin."""

from __future__ import annotations

import asyncio
import errno
import json
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.support.cli import cli_runner
from tests.support.cli import invoke as invoke_cli
from tests.unit import test_hermes_plugin as plugin_tests
from tests.unit.test_hermes_plugin import ALICE, FACT, turn
from wetopi_memory.backends.local import LocalBackend
from wetopi_memory.errors import BackendError, BackendUnavailableError
from wetopi_memory.models import RecallQuery, RetainItem
from wetopi_memory.retain import Outbox
from wetopi_memory.retain.outbox import OutboxItem
from wetopi_memory.retain.outbox_records import item_to_json
from wetopi_memory.retain.outbox_store import _PAYLOAD_MARKER
from wetopi_memory.state_db import StateFileUnusable

make = plugin_tests.make  # the plugin fixtures of test_hermes_plugin
runtime = plugin_tests.runtime


def item(doc: str) -> OutboxItem:
    return OutboxItem(RetainItem(content=f"memory {doc} about argo cd and kubernetes", document_id=doc))


def settle(path: Path) -> None:
    """Fold the WAL into the main file, so that damage written to the file is what SQLite reads."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def break_page_of(path: Path, table: str, *, last: bool = False) -> int:
    """Give the first (or last) leaf page of `table` an invalid page type; the rest of the file stays readable."""
    settle(path)
    conn = sqlite3.connect(path)
    order = "DESC" if last else "ASC"
    page = conn.execute(f"SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno {order} "
                        "LIMIT 1", (table,)).fetchone()[0]
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    data = bytearray(path.read_bytes())
    data[(page - 1) * size] = 0xFF
    path.write_bytes(bytes(data))
    return int(page)


def queued_outbox(path: Path, *docs: str) -> None:
    box = Outbox(path)
    for doc in docs:
        box.enqueue(scope="platform", bank="wetopi-platform", backend="local", items=[item(doc)])
    box.close()


def delivered_outbox(path: Path, count: int) -> None:
    box = Outbox(path)
    for n in range(count):
        box.enqueue(scope="platform", bank="wetopi-platform", backend="local", items=[item(f"d{n}")])
        batch = box.claim()
        assert batch is not None
        box.complete(batch)
    assert box.depth() == 0
    box.close()


def quarantined(directory: Path, name: str) -> list[Path]:
    return sorted(p for p in directory.iterdir() if p.name.startswith(f"{name}.corrupt-") and "-wal" not in p.name)


# ------------------------------------------------------------------------------------------------ outbox


def test_the_payload_marker_is_how_every_item_payload_begins() -> None:
    assert item_to_json(RetainItem(content="x", document_id="d")).encode().startswith(_PAYLOAD_MARKER)


def test_a_damaged_outbox_holding_a_queued_memory_is_kept_and_refused_on_one_line(tmp_path: Path) -> None:
    path = tmp_path / "outbox.db"
    queued_outbox(path, "d1")
    break_page_of(path, "items")
    before = path.read_bytes()
    box = Outbox(path)
    assert box.problem is not None and box.problem.problem == "damaged"
    with pytest.raises(StateFileUnusable) as raised:
        box.enqueue(scope="platform", bank="wetopi-platform", backend="local", items=[item("d2")])
    message = str(raised.value)
    assert "\n" not in message and str(path) in message and "may still hold queued memories" in message
    assert f"sqlite3 {path} .recover" in message
    with pytest.raises(StateFileUnusable):
        box.stats()
    assert box.claim() is None and box.next_due_in() is None  # the delivery worker does not spin on it
    box.close()
    assert path.read_bytes() == before  # untouched: the queued memory can still be salvaged
    assert quarantined(tmp_path, "outbox.db") == []


def test_a_damaged_outbox_with_nothing_queued_is_kept_aside_and_a_fresh_one_starts(tmp_path: Path) -> None:
    path = tmp_path / "outbox.db"
    delivered_outbox(path, 30)  # delivered items leave no payload bytes behind (secure_delete)
    assert _PAYLOAD_MARKER not in path.read_bytes()
    garbage = os.urandom(path.stat().st_size)
    path.write_bytes(garbage)
    box = Outbox(path)
    assert box.problem is None and box.quarantined is not None
    (kept,) = quarantined(tmp_path, "outbox.db")
    assert kept == box.quarantined and kept.read_bytes() == garbage
    assert kept.name.startswith("outbox.db.corrupt-2") and kept.name.endswith("Z")
    result = box.enqueue(scope="platform", bank="wetopi-platform", backend="local", items=[item("new")])
    assert result.admitted == ("new",) and box.depth() == 1
    assert (path.stat().st_mode & 0o777) == 0o600
    box.close()


def test_a_truncated_outbox_that_still_holds_an_item_payload_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "outbox.db"
    queued_outbox(path, *(f"d{n}" for n in range(40)))
    settle(path)
    data = path.read_bytes()
    cut = data[:data.index(_PAYLOAD_MARKER) + 100]  # mid-page, just after a payload: later pages are gone
    assert len(cut) < len(data) - 4096
    path.write_bytes(cut)
    box = Outbox(path)
    assert box.quarantined is None
    with pytest.raises(StateFileUnusable, match="damaged"):
        box.depth()
    box.close()
    assert path.read_bytes() == cut


def test_a_damaged_outbox_whose_items_table_is_sound_and_empty_is_replaced(tmp_path: Path) -> None:
    path = tmp_path / "outbox.db"
    delivered_outbox(path, 400)
    conn = sqlite3.connect(path)  # an error text that quotes a payload: the byte scan alone would refuse
    conn.execute("INSERT INTO events (at, kind, scope, reason, count, detail) VALUES (0, 'failed', 'platform', "
                 "'client_error', 1, ?)", (item_to_json(RetainItem(content="x", document_id="q")),))
    conn.commit()
    conn.close()
    break_page_of(path, "delivered")
    box = Outbox(path)
    assert box.problem is None and box.quarantined is not None
    assert box.enqueue(scope="platform", bank="wetopi-platform", backend="local", items=[item("n")]).admitted
    box.close()


def test_a_full_disk_refuses_the_write_on_one_line_and_leaves_nothing_half_written(tmp_path: Path) -> None:
    box = Outbox(tmp_path / "outbox.db")
    box.enqueue(scope="platform", bank="wetopi-platform", backend="local", items=[item("first")])
    conn = box._conn  # the fault seam: SQLite's own SQLITE_FULL, as a full disk gives it
    assert conn is not None
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")
    big = OutboxItem(RetainItem(content="x" * 200_000, document_id="big"))
    with pytest.raises(StateFileUnusable) as raised:
        box.enqueue(scope="platform", bank="wetopi-platform", backend="local", items=[big])
    assert raised.value.problem == "full" and "free disk space" in str(raised.value) and "\n" not in str(raised.value)
    assert box.trouble is not None and box.problem is None  # not sticky: a full disk passes
    assert box.depth() == 1 and not box.known("wetopi-platform", "big")
    conn.execute("PRAGMA max_page_count = 1073741823")
    assert box.enqueue(scope="platform", bank="wetopi-platform", backend="local", items=[big]).admitted == ("big",)
    assert box.trouble is None
    box.close()


def test_enospc_when_opening_the_outbox_is_retried_once_space_is_back(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import wetopi_memory.retain.outbox_store as store

    real = store.prepare_private_file

    def full(path: Any, **_: Any) -> Path:  # the fault seam: the file cannot even be created
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store, "prepare_private_file", full)
    box = Outbox(tmp_path / "outbox.db")
    with pytest.raises(StateFileUnusable, match=r"on a full disk .*free disk space"):
        box.enqueue(scope="platform", bank="wetopi-platform", backend="local", items=[item("d1")])
    monkeypatch.setattr(store, "prepare_private_file", real)
    assert box.enqueue(scope="platform", bank="wetopi-platform", backend="local", items=[item("d1")]).admitted
    box.close()


# ------------------------------------------------------------------------------------------- memory.db


def fill_store(path: Path, count: int = 300) -> None:
    async def go() -> None:
        backend = LocalBackend(path)
        await backend.retain("wetopi-platform", [RetainItem(content=f"memory {n} about argo cd " * 5,
                                                            document_id=f"d{n}") for n in range(count)])
        await backend.aclose()

    asyncio.run(go())


def test_a_page_damaged_memory_db_reports_unhealthy_and_is_never_replaced(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    fill_store(path)
    break_page_of(path, "memories")
    conn = sqlite3.connect(path)  # what the old health check asked still answers
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    conn.close()
    before = path.read_bytes()

    async def go() -> tuple[Any, BaseException | None]:
        backend = LocalBackend(path)
        health = await backend.health()
        failure: BaseException | None = None
        try:
            await backend.recall("wetopi-platform", RecallQuery(query="argo"))
        except BackendError as exc:
            failure = exc
        await backend.aclose()
        return health, failure

    health, failure = asyncio.run(go())
    assert health.ok is False and "malformed" in health.detail and f"sqlite3 {path} .recover" in health.detail
    assert isinstance(failure, BackendError) and not failure.transient and "\n" not in str(failure)
    assert "left untouched" in str(failure)
    assert path.read_bytes() == before and quarantined(tmp_path, "memory.db") == []


def test_a_sound_memory_db_passes_the_integrity_check(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    fill_store(path, 20)

    async def go() -> Any:
        backend = LocalBackend(path)
        try:
            return await backend.health()
        finally:
            await backend.aclose()

    health = asyncio.run(go())
    assert health.ok is True and health.version == "2"


def test_enospc_creating_memory_db_is_a_transient_one_line_error(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import wetopi_memory.backends.local_files as files

    def full(path: Any, **_: Any) -> Path:  # the fault seam: the disk is full
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files, "prepare_private_file", full)

    async def go() -> None:
        backend = LocalBackend(tmp_path / "memory.db")
        try:
            await backend.retain("wetopi-platform", [RetainItem(content="a fact", document_id="d1")])
        finally:
            await backend.aclose()

    with pytest.raises(BackendUnavailableError, match="free disk space") as raised:
        asyncio.run(go())
    assert "\n" not in str(raised.value)


# ------------------------------------------------------------------------------------------------- CLI


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    return cli_runner(tmp_path, monkeypatch)


def invoke(cli: CliRunner, *args: str) -> tuple[int, str, str]:
    """A damaged or full state file ends the command with an exit, never an exception."""
    return invoke_cli(cli, *args, may_raise=False)


RETAIN = ("retain", "Argo CD syncs every cluster from the platform-gitops repo", "--scope", "platform",
          "--user", "telegram:100000001")


def assert_one_error_line(err: str, *needles: str) -> None:
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in errors[0], errors[0]


def test_cli_with_a_damaged_outbox_exits_2_on_one_line_and_recall_still_works(cli: CliRunner,
                                                                              tmp_path: Path) -> None:
    assert invoke(cli, *RETAIN)[0] == 0
    outbox = tmp_path / "state" / "outbox.db"
    queued_outbox(outbox, "held")
    break_page_of(outbox, "items")
    code, _, err = invoke(cli, "retain", "Kubernetes runs RKE2 with Cilium", "--scope", "platform",
                          "--user", "telegram:100000001")
    assert code == 2
    assert_one_error_line(err, "retain outbox", "damaged", ".recover")
    code, _, err = invoke(cli, "status")
    assert code == 2
    assert_one_error_line(err, "retain outbox", "damaged")
    code, out, _ = invoke(cli, "recall", "argo cd gitops", "--user", "telegram:100000001")
    assert code == 0 and "Argo CD" in out
    code, out, _ = invoke(cli, *RETAIN[:1], "Cilium is the CNI", *RETAIN[2:], "-o", "json")
    assert code == 2 and json.loads(out)["error"]["message"].startswith("retain outbox")


def test_cli_with_a_damaged_memory_db_exits_2_on_one_line_for_each_command(cli: CliRunner, tmp_path: Path) -> None:
    assert invoke(cli, *RETAIN)[0] == 0
    store = tmp_path / "state" / "memory.db"
    fill_store(store)
    break_page_of(store, "memories")
    break_page_of(store, "memories", last=True)  # where a new memory goes
    for args, needle in ((("status",), ".recover"), (("recall", "argo", "--user", "telegram:100000001"), "recall"),
                         ((*RETAIN[:1], "Cilium is the CNI of every cluster", *RETAIN[2:]), "retain")):
        code, _, err = invoke(cli, *args)
        assert code == 2, (args, err)
        assert_one_error_line(err, "memory.db", needle)


def test_cli_retain_on_a_full_disk_exits_2_on_one_line(cli: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    import wetopi_memory.retain.outbox_store as store

    def full(path: Any, **_: Any) -> Path:  # the fault seam: no space left for the outbox file
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store, "prepare_private_file", full)
    code, _, err = invoke(cli, *RETAIN)
    assert code == 2
    assert_one_error_line(err, "retain outbox", "on a full disk", "free disk space")


# ---------------------------------------------------------------------------------------------- plugin


def test_the_plugin_reports_a_damaged_outbox_in_the_tools_status_and_metrics(
        make: Callable[..., Any], tmp_path: Path) -> None:
    queued_outbox(tmp_path / "state" / "outbox.db", "held")
    break_page_of(tmp_path / "state" / "outbox.db", "items")
    plugin, ctx = make()
    turn(ctx, "s1", ALICE, "hello", close=False)
    out = ctx.tool("memory_retain", {"content": FACT, "scope": "platform"}, session_id="s1")
    assert out["error"]["code"] == "memory_store_unavailable", out
    status = ctx.tool("memory_status", {}, session_id="s1")
    assert status["healthy"] is False and status["queue"]["problem"] == "damaged"
    assert str(tmp_path) not in json.dumps(status)
    text = plugin.plane.metrics.render().decode()
    assert 'wetopi_memory_state_file_problem{agent="hermes",operation="outbox",status="damaged"} 1.0' in text
    found = ctx.tool("memory_search", {"query": "anything", "scopes": ["platform"]}, session_id="s1")
    assert "results" in found  # recall does not need the outbox


def test_the_plugin_metrics_say_ok_for_a_sound_outbox(make: Callable[..., Any]) -> None:
    plugin, ctx = make()
    turn(ctx, "s1", ALICE, "hello", close=False)
    assert ctx.tool("memory_status", {}, session_id="s1")["queue"].get("problem") is None
    text = plugin.plane.metrics.render().decode()
    assert 'wetopi_memory_state_file_problem{agent="hermes",operation="outbox",status="ok"} 0.0' in text


def test_a_passed_integrity_check_stands_for_a_while_in_one_process(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from wetopi_memory.backends import local_files

    checks: list[int] = []
    real = local_files.require_sound
    monkeypatch.setattr(local_files, "require_sound", lambda conn: (checks.append(1), real(conn))[1])
    backend = LocalBackend(tmp_path / "memory.db")
    clock = [1000.0]
    monkeypatch.setattr(local_files, "_now", lambda: clock[0])
    for _ in range(3):  # the plugin probes health at every session start
        assert asyncio.run(backend.health()).ok
    assert len(checks) == 1
    clock[0] += local_files.RECHECK_SECONDS
    assert asyncio.run(backend.health()).ok
    assert len(checks) == 2
