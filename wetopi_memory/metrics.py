"""Prometheus metrics of design §31, labelled only by agent, scope, operation and status (never user text).

`Metrics` is the backends' resilience observer itself; `RecallMetrics` and `RetainMetrics` implement the recall
and retain observer protocols over it. Observers are matched structurally: this module imports no engine.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest, start_http_server

from .errors import BackendError
from .recall.observer import RecallObserver
from .recall.results import ScopeStatus, SyncReason
from .router import RouteDecision

_SAFE = re.compile(r"[a-z0-9][a-z0-9_.:-]{0,63}\Z")
_LATENCY = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
_COUNTS = (0, 1, 2, 5, 10, 20, 50)
_TOKENS = (0, 100, 250, 500, 1000, 2000, 4000, 8000)


def label(value: object) -> str:
    """A label value from a closed vocabulary; anything else (free text, ids, long strings) becomes `other`."""
    text = str(value).strip().lower()
    return text if _SAFE.match(text) else "other"


class Metrics:
    """All wetopi-memory metrics in one registry of their own, so several planes never collide."""

    def __init__(self, agent: str = "wetopi-memory", *, scopes: list[str] | None = None) -> None:
        self.agent = label(agent)
        self._scopes = set(scopes or [])
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.recall_total = Counter("wetopi_memory_recall_total", "Backend recalls, per scope and outcome.",
                                    ["agent", "scope", "status"], registry=r)
        self.recall_duration = Histogram("wetopi_memory_recall_duration_seconds", "Backend recall latency.",
                                         ["agent", "scope"], buckets=_LATENCY, registry=r)
        self.recall_results = Histogram("wetopi_memory_recall_results", "Memories returned per recall.",
                                        ["agent", "scope"], buckets=_COUNTS, registry=r)
        self.recall_tokens = Histogram("wetopi_memory_recall_tokens", "Approximate tokens returned per recall.",
                                       ["agent", "scope"], buckets=_TOKENS, registry=r)
        self.cache_hits = Counter("wetopi_memory_cache_hits_total", "Prefetch cache lookups (status hit or miss).",
                                  ["agent", "status"], registry=r)
        self.sync_recall = Counter("wetopi_memory_sync_recall_total", "Synchronous recalls, by trigger.",
                                   ["agent", "operation"], registry=r)
        self.retain_total = Counter("wetopi_memory_retain_total", "Memories delivered or refused, per scope.",
                                    ["agent", "scope", "status"], registry=r)
        self.retain_rejected = Counter("wetopi_memory_retain_rejected_total", "Candidates rejected, by reason.",
                                       ["agent", "scope", "status"], registry=r)
        self.retain_batches = Counter("wetopi_memory_retain_batches_total", "Retain requests sent (one per scope "
                                      "per turn at most).", ["agent", "scope", "status"], registry=r)
        self.queue_depth = Gauge("wetopi_memory_queue_depth", "Accepted memories waiting in the outbox.",
                                 ["agent"], registry=r)
        self.backpressure_drops = Counter("wetopi_memory_backpressure_drops_total", "Calls dropped instead of "
                                          "waiting (queue full, circuit open).", ["agent", "operation", "status"],
                                          registry=r)
        self.route_total = Counter("wetopi_memory_route_total", "Messages routed.", ["agent", "status"], registry=r)
        self.route_scope = Counter("wetopi_memory_route_scope_total", "Confident routes per scope.",
                                   ["agent", "scope"], registry=r)
        self.route_hits = Counter("wetopi_memory_route_hits_total", "Routes with a confident scope.", ["agent"],
                                  registry=r)
        self.route_misses = Counter("wetopi_memory_route_misses_total", "Routes without a confident scope.",
                                    ["agent"], registry=r)
        self.manual_after_miss = Counter("wetopi_memory_manual_search_after_miss_total", "memory_search calls "
                                         "after an automatic route miss in the same session.", ["agent"], registry=r)
        self.backend_errors = Counter("wetopi_memory_backend_errors_total", "Backend errors, by operation and class.",
                                      ["agent", "operation", "status"], registry=r)
        self.breaker_transitions = Counter("wetopi_memory_circuit_transitions_total", "Circuit breaker state "
                                           "changes.", ["agent", "status"], registry=r)
        self.retries = Counter("wetopi_memory_backend_retries_total", "Retries of transient backend errors.",
                               ["agent", "operation"], registry=r)
        self.timeouts = Counter("wetopi_memory_backend_timeouts_total", "Backend calls that timed out.",
                                ["agent", "operation"], registry=r)

    def scope(self, name: object) -> str:
        """A scope label: only configured scope names pass."""
        if self._scopes:
            return str(name) if str(name) in self._scopes else "other"
        return label(name)

    def render(self) -> bytes:
        """The text exposition of every metric."""
        return bytes(generate_latest(self.registry))

    def write_textfile(self, path: str | os.PathLike[str]) -> None:
        """Write the exposition atomically (node-exporter textfile collector, and `status --metrics`)."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".metrics-")
        with os.fdopen(fd, "wb") as handle:
            handle.write(self.render())
        os.replace(tmp, target)

    def serve(self, port: int, addr: str = "127.0.0.1") -> Any:
        """Expose /metrics over HTTP on loopback (observability.metrics_port)."""
        return start_http_server(port, addr=addr, registry=self.registry)

    def recall_observer(self) -> RecallObserver:
        """An observer that records recall's events here (what `RecallCoordinator.from_plane` uses)."""
        return RecallMetrics(self)

    def retain_observer(self) -> RetainMetrics:
        """An observer that records the retain pipeline's events here."""
        return RetainMetrics(self)

    # -- resilience observer -------------------------------------------------------------------------------
    def on_retry(self, operation: str, attempt: int, error: BackendError) -> None:
        self.retries.labels(self.agent, label(operation)).inc()

    def on_drop(self, operation: str, reason: str) -> None:
        self.backpressure_drops.labels(self.agent, label(operation), label(reason)).inc()

    def on_breaker(self, state: str) -> None:
        self.breaker_transitions.labels(self.agent, label(state)).inc()

    def on_timeout(self, operation: str) -> None:
        self.timeouts.labels(self.agent, label(operation)).inc()

    def on_error(self, operation: str, error: BackendError) -> None:
        self.backend_errors.labels(self.agent, label(operation), label(type(error).__name__)).inc()


class RecallMetrics:
    """Feeds recall's events (the RecallObserver protocol) into Metrics."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def on_route(self, decision: RouteDecision) -> None:
        m = self.metrics
        m.route_total.labels(m.agent, "confident" if decision.confident else "not_confident").inc()
        if decision.confident:
            m.route_hits.labels(m.agent).inc()
            for item in decision.scopes:
                m.route_scope.labels(m.agent, m.scope(item.scope)).inc()

    def on_route_miss(self) -> None:
        self.metrics.route_misses.labels(self.metrics.agent).inc()

    def on_cache(self, hit: bool) -> None:
        self.metrics.cache_hits.labels(self.metrics.agent, "hit" if hit else "miss").inc()

    def on_sync_recall(self, reason: SyncReason) -> None:
        self.metrics.sync_recall.labels(self.metrics.agent, label(reason)).inc()

    def on_recall(self, scope: str, status: ScopeStatus, seconds: float, results: int, tokens: int) -> None:
        m = self.metrics
        name = m.scope(scope)
        m.recall_total.labels(m.agent, name, label(status)).inc()
        m.recall_duration.labels(m.agent, name).observe(seconds)
        m.recall_results.labels(m.agent, name).observe(results)
        m.recall_tokens.labels(m.agent, name).observe(tokens)

    def on_manual_search_after_miss(self) -> None:
        self.metrics.manual_after_miss.labels(self.metrics.agent).inc()


class RetainMetrics:
    """Feeds the retain pipeline's events (the RetainObserver protocol) into Metrics."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def on_retain(self, scope: str, status: str) -> None:
        m = self.metrics
        m.retain_total.labels(m.agent, m.scope(scope), label(status)).inc()

    def on_rejected(self, scope: str, reason: str) -> None:
        m = self.metrics
        m.retain_rejected.labels(m.agent, m.scope(scope), label(reason)).inc()

    def on_batch(self, scope: str, size: int) -> None:
        m = self.metrics
        m.retain_batches.labels(m.agent, m.scope(scope), "formed").inc()

    def on_queue_depth(self, n: int) -> None:
        self.metrics.queue_depth.labels(self.metrics.agent).set(n)

    def on_drop(self, reason: str) -> None:
        m = self.metrics
        m.backpressure_drops.labels(m.agent, "retain", label(reason)).inc()
