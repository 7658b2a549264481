"""MEMORY.md import: every entry reported with its fate, P-tags honoured, secrets withheld, idempotent, read-only."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner
from wetopi_memory_cli.app import app

from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.identity import Identity
from wetopi_memory.plane import MemoryPlane
from wetopi_memory.retain import Backoff, Outbox, RetainCoordinator, RetainTuning
from wetopi_memory.retain.memory_md import (
    MemoryImportError,
    import_through,
    parse_memory_md,
    write_report,
)
from wetopi_memory.retain.memory_md_review import load_reviewed

from ..support.cli import cli_runner
from ..support.texts import ANA_IDENTITIES, FAKE_URL, identities, standard_config

PASSWORD = "Xk9mQ2vL7pR4wZ9a"
CORE = ("[P1] Core: netcup KVM server, 8C/15G/512GB, Debian 13; all Wetopi services run on the RKE2 cluster "
        "behind the WAN load balancers.")
MEMORY_MD = "\n§\n".join([
    CORE,
    "[P1] Germaine's #1 rule: never deploy to production on Fridays.",
    "[P2] Apex runs on wphost02 and its backups are taken nightly by Velero.",
    "[P3] Shark game updates complete.",
    "Migrated the billing cron to the new node — done.",
    "User prefers short answers in Spanish and always wants the command before the explanation.",
    "We decided that the managed Hermes plan costs 49 EUR per month for agencies.",
    f"The Grafana admin password is {PASSWORD}",
    CORE,
    "Maybe we should move the DNS to Cloudflare.",
    "Root cause of the March outage: the etcd disk filled up; verified in the postmortem.",
    "Ok",
    "[P2] Deployment procedure for the WordPress hosts:\n1. Drain the node with kubectl drain.\n"
    "2. Run the Ansible playbook site.yml.\n3. Uncordon the node.",
]) + "\n"
EXPECTED = {1: "imported", 2: "imported", 3: "imported", 4: "rejected", 5: "rejected", 6: "imported",
            7: "imported", 8: "secret", 9: "duplicate", 10: "rejected", 11: "imported", 12: "rejected",
            13: "imported"}



@pytest.fixture
def plane(tmp_path: Path, fake: FakeHindsight) -> MemoryPlane:
    config = standard_config()
    resolver = identities(tmp_path, config)
    return MemoryPlane(config, identities=resolver,
                       backends={"hindsight": HindsightBackend(FAKE_URL, transport=fake.transport)},
                       outbox=Outbox(tmp_path / "outbox.db"),
                       retain_tuning=RetainTuning(backoff=Backoff(base_seconds=0.001, cap_seconds=0.01)))


@pytest.fixture
def ana(plane: MemoryPlane) -> Identity:
    return plane.identify("telegram", "1001")


@pytest.fixture
def source(tmp_path: Path) -> Path:
    path = tmp_path / "MEMORY.md"
    path.write_text(MEMORY_MD, encoding="utf-8")
    os.chmod(path, 0o444)  # read-only: any attempt to write it would fail loudly
    return path


@pytest.fixture
def coordinator(plane: MemoryPlane) -> Iterator[RetainCoordinator]:
    yield plane.retention
    plane.retention.close()


def test_parse_entries_lines_and_priorities() -> None:
    entries = parse_memory_md(MEMORY_MD)
    assert len(entries) == 13
    assert [e.priority for e in entries[:4]] == ["P1", "P1", "P2", "P3"]
    assert entries[0].text.startswith("Core: netcup") and entries[0].line_start == 1 == entries[0].line_end
    assert entries[12].line_end - entries[12].line_start == 3
    assert entries[4].completed_task and not entries[1].completed_task
    assert parse_memory_md("\n§\n\n§\n") == []
    assert [e.text for e in parse_memory_md("a\n  §  \nb")] == ["a", "b"]


def test_import_reports_every_entry_and_retains_per_scope(plane: MemoryPlane, ana: Identity, source: Path,
                                                          coordinator: RetainCoordinator, fake: FakeHindsight) -> None:
    before = (source.read_bytes(), source.stat().st_mtime_ns)
    report = asyncio.run(plane.import_memory_md(ana, source))
    assert (source.read_bytes(), source.stat().st_mtime_ns) == before
    fates = {e.entry.index: e.fate for e in report.entries}
    assert fates == EXPECTED, {e.entry.index: (e.fate, e.reasons) for e in report.entries}
    by_index = {e.entry.index: e for e in report.entries}
    assert "not_durable" in by_index[4].reasons                      # P3
    assert "not_durable" in by_index[5].reasons                      # a completed task
    assert any(r.startswith("secret_detected:") for r in by_index[8].reasons)
    assert by_index[8].preview is None                               # never a preview of a secret entry
    assert by_index[9].reasons == ("duplicate",)
    assert "hypothesis" in by_index[10].reasons and "filler" in by_index[12].reasons
    assert by_index[2].preview == "Germaine's #1 rule: never deploy to production on Fridays."
    assert report.complete and report.totals["entries"] == 13
    # One retain request per scope (the whole import fits one batch per scope).
    posts = [p for m, p in fake.requests if m == "POST" and p.endswith("/memories")]
    assert sorted(p.split("/")[4] for p in posts) == ["user-u_ana", "wetopi-business", "wetopi-platform"]
    stored = json.dumps([m for b in fake.banks.values() for m in b.memories])
    assert PASSWORD not in stored and "Shark" not in stored and "Cloudflare" not in stored
    assert "priority:P1" in stored and "import:memory_md#1" in stored
    assert PASSWORD.encode() not in (Path(coordinator.outbox.path) if coordinator.outbox else source).read_bytes()


def test_a_second_run_imports_nothing_twice(plane: MemoryPlane, ana: Identity, source: Path,
                                            coordinator: RetainCoordinator, fake: FakeHindsight) -> None:
    asyncio.run(plane.import_memory_md(ana, source))
    requests = len(fake.requests)
    memories = sum(len(b.memories) for b in fake.banks.values())
    again = asyncio.run(plane.import_memory_md(ana, source))
    assert len(fake.requests) == requests and sum(len(b.memories) for b in fake.banks.values()) == memories
    for entry in again.entries:
        if EXPECTED[entry.entry.index] in ("imported", "duplicate"):
            assert entry.fate == "duplicate", (entry.entry.index, entry.fate, entry.reasons)
        else:
            assert entry.fate == EXPECTED[entry.entry.index]  # rejected, or secret: never stored
    assert len(again.entries) == 13


def test_a_dry_run_decides_without_writing(plane: MemoryPlane, ana: Identity, source: Path,
                                           fake: FakeHindsight) -> None:
    report = asyncio.run(plane.import_memory_md(ana, source, dry_run=True))
    fates = {e.entry.index: e.fate for e in report.entries}
    assert fates == {i: ("would_import" if f == "imported" else f) for i, f in EXPECTED.items()}
    assert not fake.requests and report.dry_run


def test_a_backend_outage_leaves_entries_queued_not_lost(plane: MemoryPlane, ana: Identity, source: Path,
                                                         coordinator: RetainCoordinator, fake: FakeHindsight) -> None:
    fake.fail_next(503, times=1000)
    report = asyncio.run(plane.import_memory_md(ana, source, deliver_timeout=0.2))
    assert not report.complete
    assert {e.fate for e in report.entries if EXPECTED[e.entry.index] == "imported"} == {"queued"}
    assert coordinator.outbox is not None and coordinator.outbox.depth() == 7
    fake.faults.clear()
    again = asyncio.run(plane.import_memory_md(ana, source))
    assert again.complete  # queued entries count as already accepted; the flush delivered them
    assert coordinator.outbox.depth() == 0 and sum(len(b.memories) for b in fake.banks.values()) == 7


def test_reports_are_written_and_never_over_the_source(plane: MemoryPlane, ana: Identity, source: Path,
                                                       tmp_path: Path) -> None:
    report = asyncio.run(plane.import_memory_md(ana, source, dry_run=True))
    md = write_report(report, tmp_path / "report.md", source=str(source)).read_text()
    assert md.count("\n| ") == 14 and "[withheld: secret-like content]" in md and PASSWORD not in md
    data = json.loads(write_report(report, tmp_path / "report.json", source=str(source)).read_text())
    assert [e["entry"] for e in data["entries"]] == list(range(1, 14))
    assert PASSWORD not in json.dumps(data)
    with pytest.raises(MemoryImportError):
        write_report(report, source, source=str(source))


def test_unreadable_sources_are_errors(plane: MemoryPlane, ana: Identity, tmp_path: Path) -> None:
    bad = tmp_path / "latin1.md"
    bad.write_bytes("contraseña\n".encode("latin-1"))
    with pytest.raises(MemoryImportError, match="not UTF-8"):
        asyncio.run(plane.import_memory_md(ana, bad, dry_run=True))
    with pytest.raises(MemoryImportError, match="cannot read"):
        asyncio.run(plane.import_memory_md(ana, tmp_path / "missing.md", dry_run=True))


def _cli_as_ana(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[CliRunner, Path]:
    """The CLI run by Ana herself (cli:ana is her account too), and the identities file that says so."""
    ids = tmp_path / "ids.yaml"
    ids.write_text(ANA_IDENTITIES.replace('"telegram:1001"]', '"telegram:1001", "cli:ana"]'))
    return cli_runner(tmp_path, monkeypatch, login="ana"), ids


def test_cli_import_report_and_rerun(tmp_path: Path, source: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner, ids = _cli_as_ana(tmp_path, monkeypatch)
    base = ["--identities", str(ids), "import-memory-md", str(source), "--user", "telegram:1001"]

    dry = runner.invoke(app, [*base, "--dry-run", "-o", "json"])
    assert dry.exit_code == 0, dry.output
    assert json.loads(dry.stdout)["totals"]["would_import"] == 7
    assert not (tmp_path / "state" / "outbox.db").exists()

    first = runner.invoke(app, [*base, "--report", str(tmp_path / "r.md")])
    assert first.exit_code == 0, first.output
    assert "imported 7" in first.stdout and (tmp_path / "r.md").exists()
    second = runner.invoke(app, [*base, "-o", "json"])
    assert second.exit_code == 0
    assert json.loads(second.stdout)["totals"] == {"entries": 13, "duplicate": 8, "rejected": 4, "secret": 1}
    clash = runner.invoke(app, [*base, "--report", str(source)])
    assert clash.exit_code == 2 and "never modified" in clash.stderr


# ------------------------------------------------------------------------------------------- issue #11

REDIS_PASS = "7f3c9e1a5b2d8f4c6a0e"
TRICKY = "\n§\n".join([
    "Ana prefers short answers § Ana always wants the kubectl command first § [P2] The shop ingress uses "
    "nginx-public",
    "[P1] After the March incident, maybe the etcd disk fills up again after each RKE2 upgrade.",
    "[P1] Agencies get a 20% discount on the first year; decided with the board.",
    f"[P1] The redis requirepass is {REDIS_PASS}",
    "Estamos pensando en mover el DNS a Cloudflare el año que viene.",
]) + "\n"


def _tricky(tmp_path: Path) -> Path:
    path = tmp_path / "TRICKY.md"
    path.write_text(TRICKY, encoding="utf-8")
    return path


def test_inline_separators_split_entries_on_their_line() -> None:
    entries = parse_memory_md(TRICKY)
    assert [e.text for e in entries[:3]] == ["Ana prefers short answers", "Ana always wants the kubectl command first",
                                             "The shop ingress uses nginx-public"]
    assert [(e.line_start, e.line_end) for e in entries[:3]] == [(1, 1)] * 3
    assert entries[2].priority == "P2" and len(entries) == 7
    assert [e.text for e in parse_memory_md("§ a § b §")] == ["a", "b"]


def test_every_entry_has_a_fate_p1_goes_to_review_and_secrets_are_never_stored(
        plane: MemoryPlane, ana: Identity, tmp_path: Path, coordinator: RetainCoordinator,
        fake: FakeHindsight) -> None:
    report = asyncio.run(plane.import_memory_md(ana, _tricky(tmp_path)))
    fates = {e.entry.index: e.fate for e in report.entries}
    assert fates == {1: "imported", 2: "imported", 3: "imported", 4: "review", 5: "imported", 6: "secret",
                     7: "rejected"}, {e.entry.index: (e.fate, e.reasons) for e in report.entries}
    scopes = {e.entry.index: [s["scope"] for s in e.scopes if s["fate"] == "imported"] for e in report.entries}
    assert scopes[1] == scopes[2] == ["personal"] and scopes[3] == ["platform"] and scopes[5] == ["business"]
    assert [e.entry.index for e in report.review] == [4] and report.secrets == (6,)
    assert "hypothesis" in report.review[0].reasons
    stored = json.dumps([m for b in fake.banks.values() for m in b.memories])
    assert REDIS_PASS not in stored and "etcd disk" not in stored and "Cloudflare" not in stored
    md = report.to_markdown()
    assert "## Needs review" in md and "entry 4 (lines" in md and "entries 6" in md and REDIS_PASS not in md
    assert REDIS_PASS not in json.dumps(report.to_dict())


def test_reviewed_p1_entries_are_imported_as_they_are(plane: MemoryPlane, ana: Identity, tmp_path: Path,
                                                      coordinator: RetainCoordinator, fake: FakeHindsight) -> None:
    source = _tricky(tmp_path)
    first = asyncio.run(plane.import_memory_md(ana, source))
    review = first.write_review_file(tmp_path / "review.json", source=str(source))
    data = json.loads(review.read_text())
    (row,) = data["entries"]
    assert row["entry"] == 4 and row["accept"] is False and "etcd disk" in row["text"]
    row["accept"], row["scope"] = True, "platform"
    review.write_text(json.dumps(data))
    again = asyncio.run(import_through(plane.retention, ana, source, reviewed=load_reviewed(review)))
    by_index = {e.entry.index: e for e in again.entries}
    assert by_index[4].fate == "imported" and by_index[4].reviewed and not again.review
    assert by_index[6].fate == "secret"
    platform = json.dumps(fake.banks["wetopi-platform"].memories)
    assert "maybe the etcd disk fills up again" in platform and REDIS_PASS not in platform


@pytest.mark.parametrize(("body", "message"), [
    ("not json", "not a JSON review file"),
    ('{"version": 1, "entries": [{"accept": "yes"}]}', "entries[0].accept: must be true or false"),
    ('{"version": 1, "entries": [{"accept": true, "entry_sha256": "x", "scope": "platform"}]}',
     "entries[0].entry_sha256"),
    ('{"version": 1, "entries": [{"accept": true, "entry_sha256": "' + "a" * 64 + '"}]}', "entries[0].scope"),
    ('{"entries": []}', "version 1"),
])
def test_a_bad_review_file_is_one_error_naming_the_key(tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "review.json"
    path.write_text(body)
    with pytest.raises(MemoryImportError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_reviewed(path)


def test_cli_exits_1_and_writes_the_review_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cli, ids = _cli_as_ana(tmp_path, monkeypatch)
    source = _tricky(tmp_path)
    review = tmp_path / "review.json"
    result = cli.invoke(app, ["--identities", str(ids), "import-memory-md", str(source),
                              "--review-file", str(review)])
    assert result.exit_code == 1, result.output
    assert "review: P1 entry 4" in result.stderr and REDIS_PASS not in result.output
    assert [row["entry"] for row in json.loads(review.read_text())["entries"]] == [4]
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    refused = cli.invoke(app, ["--identities", str(ids), "import-memory-md", str(source),
                               "--accept-reviewed", str(bad)])
    assert refused.exit_code == 2 and "bad.json: expected a review file" in refused.stderr
