"""RetainCoordinator end to end on FakeHindsight: one request per scope per turn, retries, kept failures, secrets
never on disk, explicit retains through the outbox, and the CLI's retain/status."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from wetopi_memory_cli.app import app

from wetopi_memory.audit import AuditLog
from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.identity import Identity
from wetopi_memory.plane import MemoryPlane
from wetopi_memory.retain import Backoff, Outbox, RetainCoordinator, RetainTuning
from wetopi_memory.retain.observer import GuardedObserver

from ..support.texts import ANA_IDENTITIES, FAKE_URL, identities, standard_config

STRIPE_KEY = "sk_live_" + "51HqLyjWDarjtT1zdp7dc4eC39"
FAST = Backoff(base_seconds=0.001, cap_seconds=0.01, jitter=0.0)


class Recorder:
    """An observer that remembers every call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def on_retain(self, scope: str, status: str) -> None:
        self.calls.append(("retain", (scope, status)))

    def on_rejected(self, scope: str, reason: str) -> None:
        self.calls.append(("rejected", (scope, reason)))

    def on_batch(self, scope: str, size: int) -> None:
        self.calls.append(("batch", (scope, size)))

    def on_queue_depth(self, n: int) -> None:
        self.calls.append(("depth", (n,)))

    def on_drop(self, reason: str) -> None:
        self.calls.append(("drop", (reason,)))

    def of(self, kind: str) -> list[tuple[Any, ...]]:
        return [args for name, args in self.calls if name == kind]


def make_plane(tmp_path: Path, fake: FakeHindsight, *, outbox: str = "outbox.db") -> MemoryPlane:
    """A plane on FakeHindsight whose retain pipeline has a durable outbox, a recording observer, fast backoff."""
    config = standard_config()
    resolver = identities(tmp_path, config)
    return MemoryPlane(config, identities=resolver,
                       backends={"hindsight": HindsightBackend(FAKE_URL, transport=fake.transport)},
                       outbox=Outbox(tmp_path / outbox, max_items=1000), retain_observer=Recorder(),
                       retain_tuning=RetainTuning(backoff=FAST))



@pytest.fixture
def plane(tmp_path: Path, fake: FakeHindsight) -> MemoryPlane:
    return make_plane(tmp_path, fake)


@pytest.fixture
def ana(plane: MemoryPlane) -> Identity:
    return plane.identify("telegram", "1001")


@pytest.fixture
def coordinator(plane: MemoryPlane) -> Iterator[RetainCoordinator]:
    yield plane.retention
    plane.retention.close()


def retain_posts(fake: FakeHindsight) -> Counter[str]:
    return Counter(path.split("/")[4] for method, path in fake.requests
                   if method == "POST" and path.endswith("/memories"))


def bank_docs(fake: FakeHindsight, bank: str) -> list[str]:
    return [m["document_id"] for m in fake.banks[bank].memories] if bank in fake.banks else []


TURN_USER = (
    "Decidimos que el plan gestionado de Hermes costará 49 € al mes. "
    "We decided that the Agencies plan includes 5 agents. "
    "Los agentes gestionados se despliegan en el clúster RKE2 mediante Argo CD. "
    "We decided to use Cilium as the CNI for every cluster. "
    "Prefiero respuestas cortas en español. "
    "I prefer Grafana dashboards over raw PromQL. "
    "Thanks! Maybe we should also try Loki. Done."
)


def test_a_busy_turn_makes_at_most_one_retain_request_per_scope(coordinator: RetainCoordinator, ana: Identity,
                                                                 fake: FakeHindsight) -> None:
    for i in range(40):  # many events in one turn
        coordinator.record_tool_call(session_id="s", turn_id="t1", tool_name="kubectl_get",
                                     args={"command": f"kubectl get pods -n ns{i}"}, result=f"pod-{i} Running",
                                     status="ok", duration_ms=5)
    report = coordinator.submit_turn(ana, session_id="s", turn_id="t1", user_message=TURN_USER,
                                     assistant_response="Entendido. Lo he apuntado. I restarted nothing today.")
    assert {d.scope for d in report.accepted} == {"business", "platform", "personal"}
    assert set(report.batches) == {"business", "platform", "personal"}
    assert asyncio.run(coordinator.flush(10))
    posts = retain_posts(fake)
    assert posts == Counter({"wetopi-business": 1, "wetopi-platform": 1, "user-u_ana": 1})
    for bank, expected in (("wetopi-business", 2), ("wetopi-platform", 2), ("user-u_ana", 2)):
        (content,) = [m["text"] for m in fake.banks[bank].memories]
        assert content.count(".") >= expected  # the scope's sentences, together, in one item
    everything = " ".join(m["text"] for b in fake.banks.values() for m in b.memories)
    assert "Loki" not in everything and "Thanks" not in everything and "Done" not in everything
    guard = coordinator.observer
    assert isinstance(guard, GuardedObserver) and isinstance(guard.inner, Recorder)
    recorder = guard.inner
    assert sorted(recorder.of("batch")) == [("business", 1), ("personal", 1), ("platform", 1)]
    assert ("platform", "delivered") in recorder.of("retain")
    assert any(reason == "hypothesis" for _, reason in recorder.of("rejected"))
    assert recorder.of("depth")[-1] == (0,)


def test_repeating_a_turn_is_idempotent(coordinator: RetainCoordinator, ana: Identity, fake: FakeHindsight) -> None:
    first = coordinator.submit_turn(ana, session_id="s", turn_id="t1", user_message=TURN_USER)
    assert asyncio.run(coordinator.flush(10))
    second = coordinator.submit_turn(ana, session_id="s", turn_id="t2", user_message=TURN_USER)
    assert first.accepted and not second.accepted
    assert all(d.reasons == ("duplicate",) for d in second.decisions)
    assert sum(retain_posts(fake).values()) == 3


def test_transient_failures_are_retried_until_delivered(coordinator: RetainCoordinator, ana: Identity,
                                                        fake: FakeHindsight) -> None:
    report = coordinator.submit_turn(ana, session_id="s", turn_id="t", user_message=TURN_USER)
    fake.fail_next(503, times=4, headers={"Retry-After": "0"})
    assert asyncio.run(coordinator.flush(10))
    assert coordinator.outbox is not None and coordinator.outbox.counters()["retries"] == 4
    delivered = sorted(d for b in ("wetopi-business", "wetopi-platform", "user-u_ana") for d in bank_docs(fake, b))
    assert delivered == sorted(d.document_id or "" for d in report.accepted)


def test_client_errors_are_kept_as_failed_with_their_reason(coordinator: RetainCoordinator, ana: Identity,
                                                            fake: FakeHindsight) -> None:
    coordinator.submit_turn(ana, session_id="s", turn_id="t",
                            user_message="We decided to use Cilium as the CNI for every cluster.")
    fake.fail_next(422)
    assert asyncio.run(coordinator.flush(2)) is True  # nothing left *waiting*: the failure is kept apart
    outbox = coordinator.outbox
    assert outbox is not None
    stats = outbox.stats()
    assert stats.failed == 1 and stats.depth == 0
    (failed,) = outbox.failed()
    assert "HTTP 422" in failed["error"] and failed["scope"] == "platform" and len(failed["document_ids"]) == 1
    assert fake.counts["retain"] == 1  # not retried forever
    assert outbox.requeue_failed() == 1
    assert asyncio.run(coordinator.flush(5))
    assert len(fake.banks["wetopi-platform"].memories) == 1 and outbox.stats().failed == 0


def test_the_background_worker_delivers_and_stops(coordinator: RetainCoordinator, ana: Identity,
                                                  fake: FakeHindsight) -> None:
    async def main() -> None:
        await coordinator.start()
        assert coordinator.running
        fake.fail_next(503, times=2)
        report = coordinator.submit_turn(ana, session_id="s", turn_id="t", user_message=TURN_USER)
        assert report.accepted
        assert await coordinator.flush(10)
        await coordinator.stop()
        assert not coordinator.running

    asyncio.run(main())
    assert sum(len(b.memories) for b in fake.banks.values()) == 3


def test_submit_turn_returns_immediately_while_the_backend_hangs(tmp_path: Path, ana: Identity) -> None:
    import time

    slow = FakeHindsight("1.1.0", latency=0.5)
    plane = make_plane(tmp_path, slow, outbox="o.db")
    co = plane.retention

    async def main() -> float:
        await co.start()
        started = time.perf_counter()
        co.submit_turn(plane.identify("telegram", "1001"), session_id="s", turn_id="t", user_message=TURN_USER)
        elapsed = time.perf_counter() - started
        assert await co.flush(10)
        await co.stop()
        return elapsed

    assert asyncio.run(main()) < 0.25
    co.close()


def test_a_secret_in_the_user_message_is_never_retained_nor_written_to_the_outbox(
        coordinator: RetainCoordinator, ana: Identity, fake: FakeHindsight, tmp_path: Path) -> None:
    message = (f"Our Stripe live key is {STRIPE_KEY} and we decided the Pro plan costs 29 EUR per month. "
               "We decided to use Cilium as the CNI for every cluster.")
    report = coordinator.submit_turn(ana, session_id="s", turn_id="t", user_message=message)
    secret = [u for u in report.units if u.scope == "business" and u.sentence == 0]
    assert secret and all(u.decision.reasons[0].startswith("secret_detected:") for u in secret)
    assert [d.scope for d in report.accepted] == ["platform"]
    assert STRIPE_KEY not in json.dumps(report.to_dict())
    assert asyncio.run(coordinator.flush(5))
    everything = json.dumps([m for b in fake.banks.values() for m in b.memories])
    assert STRIPE_KEY not in everything and "29 EUR" not in everything  # the whole sentence, never a redacted copy
    for name in ("outbox.db", "outbox.db-wal", "outbox.db-shm"):
        path = tmp_path / name
        if path.exists():
            data = path.read_bytes()
            assert STRIPE_KEY.encode() not in data and b"51HqLyjWDarjtT1zdp7dc4eC39" not in data
    # Also after a checkpoint folds the WAL into the main file.
    conn = sqlite3.connect(tmp_path / "outbox.db")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    assert STRIPE_KEY.encode() not in (tmp_path / "outbox.db").read_bytes()


def test_a_sentence_with_a_secret_is_dropped_whole_and_its_scope_keeps_the_others(
        coordinator: RetainCoordinator, ana: Identity, fake: FakeHindsight) -> None:
    message = (f"The new Stripe live key is {STRIPE_KEY}, already in Infisical. "
               "From now on the billing service reads it from /platform/billing/STRIPE_KEY in Infisical.")
    report = coordinator.submit_turn(ana, session_id="s", turn_id="t2", user_message=message)
    assert any(u.decision.reasons and u.decision.reasons[0].startswith("secret_detected:") for u in report.units)
    assert report.accepted
    assert asyncio.run(coordinator.flush(5))
    stored = [m for b in fake.banks.values() for m in b.memories]
    assert any("/platform/billing/STRIPE_KEY" in json.dumps(m) for m in stored)
    assert STRIPE_KEY not in json.dumps(stored) and "already in Infisical" not in json.dumps(stored)


def test_a_turn_sentence_dropped_for_a_secret_is_audited(tmp_path: Path, fake: FakeHindsight) -> None:
    config = standard_config()
    plane = MemoryPlane(config, identities=identities(tmp_path, config),
                        backends={"hindsight": HindsightBackend(FAKE_URL, transport=fake.transport)},
                        audit=AuditLog(tmp_path / "audit.jsonl", agent="t"),
                        outbox=Outbox(tmp_path / "outbox.db", max_items=1000), retain_tuning=RetainTuning(backoff=FAST))
    message = (f"The new Stripe live key is {STRIPE_KEY}, already in Infisical. "
               "From now on the billing service reads it from /platform/billing/STRIPE_KEY in Infisical.")
    plane.retention.submit_turn(plane.identify("telegram", "1001"), session_id="s", turn_id="t", user_message=message)
    events = [json.loads(line) for line in (tmp_path / "audit.jsonl").read_text().splitlines()]
    rejected = [e for e in events if e["event"] == "security.secret_rejected"]
    assert rejected and all(e["turn"] == "t" and e["rules"] for e in rejected)
    assert STRIPE_KEY not in json.dumps(events)
    plane.retention.close()


def test_explicit_retains_use_the_planes_outbox(coordinator: RetainCoordinator, plane: MemoryPlane,
                                                ana: Identity, fake: FakeHindsight) -> None:
    assert plane.retention is coordinator and coordinator.outbox is not None
    stored = asyncio.run(plane.retain(ana, "We decided to use Loki for all platform logs", "platform"))
    assert stored.stored and stored.status == "stored"
    again = asyncio.run(plane.retain(ana, "We decided to use Loki for all platform logs", "platform"))
    assert again.status == "rejected" and again.reasons == ("duplicate",)
    fake.fail_next(503, times=10)
    queued = asyncio.run(plane.retain(ana, "We decided to use Tempo for traces", "platform"))
    assert queued.stored is False and queued.status == "queued" and "503" in (queued.detail or "")
    assert coordinator.outbox is not None and coordinator.outbox.depth() == 1
    fake.faults.clear()
    assert asyncio.run(coordinator.flush(5))
    assert len(fake.banks["wetopi-platform"].memories) == 2


def test_plane_status_shows_the_outbox(coordinator: RetainCoordinator, plane: MemoryPlane, ana: Identity,
                                       fake: FakeHindsight) -> None:
    fake.fail_next(503, times=50)
    coordinator.submit_turn(ana, session_id="s", turn_id="t", user_message=TURN_USER)
    asyncio.run(coordinator.deliver_due())
    status = asyncio.run(plane.status(ana)).to_dict()
    assert status["outbox"]["depth"] == 3 and status["outbox"]["oldest_age_seconds"] is not None
    assert "stats" not in status["outbox"] and status["outbox"]["failed"] == 0


# ------------------------------------------------------------------------------------------------ CLI

@pytest.fixture
def cli_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for var in ("WETOPI_MEMORY_CONFIG", "HINDSIGHT_API_URL", "HINDSIGHT_API_KEY", "WETOPI_MEMORY_IDENTITIES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "hermes"))
    monkeypatch.setenv("WETOPI_MEMORY_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setattr("wetopi_memory_cli._common.os_login", lambda: "ana")  # Ana runs the CLI as herself
    ids = tmp_path / "ids.yaml"
    ids.write_text(ANA_IDENTITIES.replace('"telegram:1001"]', '"telegram:1001", "cli:ana"]'))
    return ids


def cli(ids: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["--identities", str(ids), *args])
    return result.exit_code, result.stdout, result.stderr


def test_cli_dry_run_shows_the_decision_and_every_reason(cli_env: Path, tmp_path: Path) -> None:
    code, out, _ = cli(cli_env, "retain", "I think the root cause is the MTU", "--scope", "platform", "--user",
                       "telegram:1001", "--dry-run", "-o", "json")
    data = json.loads(out)
    assert code == 2 and data["decision"] == "reject" and data["scope"] == "platform"
    assert {"hypothesis", "unverified"} <= set(data["reasons"])
    code, out, _ = cli(cli_env, "retain", "We decided to use Cilium as the CNI", "--scope", "platform", "--user",
                       "telegram:1001", "--dry-run", "-o", "json")
    assert code == 0 and json.loads(out)["decision"] == "accept" and json.loads(out)["reasons"] == []
    assert not (tmp_path / "state" / "outbox.db").exists()  # a dry run creates no state


def test_cli_rejected_retain_exits_2_with_reasons_and_accepted_one_is_stored(cli_env: Path, tmp_path: Path) -> None:
    code, _, err = cli(cli_env, "retain", f"the key is {STRIPE_KEY}", "--scope", "business", "--user",
                       "telegram:1001")
    assert code == 2 and "retain rejected: secret_detected:" in err and STRIPE_KEY not in err
    code, out, _ = cli(cli_env, "retain", "We decided to use Cilium as the CNI", "--scope", "platform", "--user",
                       "telegram:1001", "-o", "json")
    assert code == 0 and json.loads(out)["status"] == "stored"
    code, out, err = cli(cli_env, "retain", "We decided to use Cilium as the CNI", "--scope", "platform", "--user",
                         "telegram:1001", "-o", "json")
    assert code == 2 and json.loads(out)["reasons"] == ["duplicate"] and "duplicate" in err
    code, out, _ = cli(cli_env, "status", "--user", "telegram:1001", "-o", "json")
    assert json.loads(out)["outbox"]["depth"] == 0 and json.loads(out)["outbox"]["delivered_total"] == 1
    code, out, _ = cli(cli_env, "status", "--user", "telegram:1001")
    assert "retain outbox: 0 waiting" in out
