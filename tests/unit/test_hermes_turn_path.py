"""What stands in a turn's way (issue #13): a back-to-back turn sees what the previous one taught once it is
judged, without waiting for the durable write behind it; session starts do not probe the backend every time."""

from __future__ import annotations

import concurrent.futures
import logging
import threading
from collections.abc import Callable
from typing import Any

import pytest

from wetopi_memory.hermes import hooks as _hooks
from wetopi_memory.hermes import runtime as _runtime

from . import test_hermes_plugin as _base
from .test_hermes_plugin import ALICE, BOB, DECISION, begin, end, settle

make = _base.make  # the fixtures, shared by name
runtime = _base.runtime
QUESTION = "Which CNI does the RKE2 platform use on Kubernetes?"


def test_the_next_turn_sees_the_previous_turn_before_its_outbox_write_ends(
        make: Callable[..., Any], runtime: _runtime.Runtime, monkeypatch: pytest.MonkeyPatch) -> None:
    plugin, ctx = make()
    coordinator = plugin.retain_coordinator()
    assert coordinator is not None and coordinator.outbox is not None
    outbox = coordinator.outbox
    entered, release, finished = threading.Event(), threading.Event(), threading.Event()
    real_enqueue = outbox.enqueue

    def slow_enqueue(**kwargs: Any) -> Any:
        entered.set()
        release.wait(60)
        try:
            return real_enqueue(**kwargs)
        finally:
            finished.set()

    monkeypatch.setattr(outbox, "enqueue", slow_enqueue)
    tid, _ = begin(ctx, "s1", ALICE, DECISION)
    end(ctx, "s1", tid, DECISION, "Noted: Cilium on every RKE2 cluster.")
    plugin.gateway.await_previous_turn("s1", 60)  # returns once judged: the disk write is still held
    assert entered.wait(10) and not finished.is_set()
    _, out = begin(ctx, "s1", ALICE, QUESTION)
    assert out is not None and "Cilium" in out["context"]
    _, other = begin(ctx, "s1", BOB, QUESTION)  # the same session, another speaker: not Alice's write
    assert other is None or "Cilium" not in other["context"]
    release.set()
    settle(plugin, runtime)
    assert finished.is_set()


def test_session_starts_probe_the_backend_at_most_every_few_minutes_while_healthy(
        make: Callable[..., Any], runtime: _runtime.Runtime, monkeypatch: pytest.MonkeyPatch) -> None:
    plugin, ctx = make()
    clock = [1000.0]
    monkeypatch.setattr(plugin.lifecycle, "clock", lambda: clock[0])
    probes: list[float] = []
    real_status = plugin.gateway.status
    healthy = [True]

    async def status(*args: Any) -> Any:
        probes.append(clock[0])
        answer = await real_status(*args)
        return answer if healthy[0] else type(answer)(**{**answer.__dict__, "healthy": False})

    monkeypatch.setattr(plugin.gateway, "status", status)

    def start(session: str) -> None:
        ctx.hook("on_session_start", session_id=session, model="m", platform="telegram")
        _base.drain(runtime)

    start("a")
    start("b")
    clock[0] += _hooks.HEALTH_PROBE_EVERY_SECONDS - 1
    start("c")
    assert probes == [1000.0] and plugin.stats.backend_health is not None and plugin.stats.backend_health.healthy
    clock[0] += 1
    healthy[0] = False
    start("d")
    assert len(probes) == 2 and not plugin.stats.backend_health.healthy
    clock[0] += _hooks.UNHEALTHY_PROBE_EVERY_SECONDS
    start("e")  # an unhealthy backend is looked at again soon
    assert len(probes) == 3


def test_a_prefetch_cancelled_at_shutdown_is_no_failure(make: Callable[..., Any], caplog: pytest.LogCaptureFixture
                                                        ) -> None:
    plugin, ctx = make()
    begin(ctx, "s1", ALICE, "hello")
    state = plugin.session("s1")
    assert state is not None
    cancelled: concurrent.futures.Future[Any] = concurrent.futures.Future()
    failed: concurrent.futures.Future[Any] = concurrent.futures.Future()
    with caplog.at_level(logging.DEBUG, logger="wetopi_memory"):
        plugin.lifecycle._watch_prefetch(state, cancelled)
        plugin.lifecycle._watch_prefetch(state, failed)
        assert cancelled.cancel()
        failed.set_exception(RuntimeError("bug"))
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert warnings == ["wetopi-memory prefetch failed: RuntimeError"]
    assert plugin.stats.errors["prefetch"] == 1
