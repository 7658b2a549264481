"""Prometheus metrics of design §31, labelled only by agent, scope, operation and status (never user text).

`Metrics` is the backends' resilience observer itself; `RecallMetrics` and `RetainMetrics` implement the recall
and retain observer protocols over it. Observers are matched structurally: this module imports no engine.

Textfiles: each process writes its own `metrics-<agent>-<pid>.prom` (several Hermes processes may share a state
dir), with a `pid` label on every sample so a textfile collector reading them all gets distinct series. That
is simpler than prometheus-client's multiprocess mode, which needs an environment variable set before the
library is imported (inside Hermes, not ours to order), mmap files per process, and merges every registry of the
process into one, where the plane keeps one registry per `Metrics`.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest, start_http_server
from prometheus_client.metrics_core import GaugeMetricFamily, Metric

from .config import Config, state_dir
from .errors import BackendError
from .recall.observer import RecallObserver
from .recall.results import ScopeStatus, SyncReason
from .router import RouteDecision

_SAFE = re.compile(r"[a-z0-9][a-z0-9_.:-]{0,63}\Z")
_LATENCY = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
_COUNTS = (0, 1, 2, 5, 10, 20, 50)
_TOKENS = (0, 100, 250, 500, 1000, 2000, 4000, 8000)
TEXTFILE_MODE = 0o644  # no user data in it; node-exporter's textfile collector often runs as another user
TEXTFILE_STALE_SECONDS = 60.0  # a live writer refreshes its file every 15 s at most
_TEXTFILE = re.compile(r"metrics-(?P<agent>[a-z0-9_.:-]+)-(?P<pid>[0-9]+)\.prom\Z")


def label(value: object) -> str:
    """A label value from a closed vocabulary; anything else (free text, ids, long strings) becomes `other`."""
    text = str(value).strip().lower()
    return text if _SAFE.match(text) else "other"


class Metrics:
    """All wetopi-memory metrics in one registry of their own, so several planes never collide."""

    def __init__(self, agent: str = "wetopi-memory", *, scopes: list[str] | None = None,
                 textfile_mode: int = TEXTFILE_MODE) -> None:
        self.agent = label(agent)
        self._scopes = set(scopes or [])
        self.textfile_mode = textfile_mode
        self._swept: set[Path] = set()
        self.registry = CollectorRegistry(auto_describe=True)
        self._textfile_registry = CollectorRegistry(auto_describe=False)
        self._textfile_registry.register(_ProcessLabelled(self.registry))
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

    def textfile(self, directory: str | os.PathLike[str]) -> Path:
        """This process's textfile in `directory` (the state dir)."""
        return process_textfile(directory, self.agent)

    def write_textfile(self, path: str | os.PathLike[str]) -> None:
        """Write the exposition, `pid`-labelled, atomically with `textfile_mode` (node-exporter's textfile
        collector, `status --metrics`); the first write in a directory removes dead processes' files."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.parent not in self._swept:
            self._swept.add(target.parent)
            remove_stale_textfiles(target.parent)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".metrics-")
        try:
            with os.fdopen(fd, "wb") as handle:
                os.fchmod(handle.fileno(), self.textfile_mode)
                handle.write(generate_latest(self._textfile_registry))
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise

    def serve(self, port: int, addr: str = "127.0.0.1") -> Any:
        """Expose /metrics over HTTP on `addr` (observability.metrics_port and metrics_bind)."""
        return start_http_server(port, addr=addr, registry=self.registry)

    def recall_observer(self) -> RecallObserver:
        """An observer that records recall's events here (what `RecallCoordinator.from_plane` uses)."""
        return RecallMetrics(self)

    def retain_observer(self) -> RetainMetrics:
        """An observer that records the retain pipeline's events here."""
        return RetainMetrics(self)

    def watch_state_files(self, source: Callable[[], Mapping[str, str | None]]) -> None:
        """Publish `wetopi_memory_state_file_problem` at every scrape from `source` (state file → its problem:
        damaged, full, unreadable, busy; None when sound): 1 with that problem as status, else 0 with `ok`."""
        self.registry.register(_StateFileCollector(self.agent, source))

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


class _ProcessLabelled:
    """A registry's metrics with a `pid` label on every sample: one process's series apart in a shared dir."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.registry = registry

    def collect(self) -> Iterator[Metric]:
        pid = str(os.getpid())
        for family in self.registry.collect():
            labelled = Metric(family.name, family.documentation, family.type, family.unit)
            labelled.samples = [s._replace(labels={**s.labels, "pid": pid}) for s in family.samples]
            yield labelled


def process_textfile(directory: str | os.PathLike[str], agent: str, pid: int | None = None) -> Path:
    """`<directory>/metrics-<agent>-<pid>.prom`: one textfile per process, so processes sharing it never clash."""
    return Path(directory) / f"metrics-{label(agent)}-{os.getpid() if pid is None else pid}.prom"


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's live process
        return True
    return True


def _stale(path: Path, pid: int, now: float) -> bool:
    """Its process is gone and it has not been refreshed lately (a pid of another pid namespace may look gone)."""
    try:
        age = now - path.stat().st_mtime
    except FileNotFoundError:
        return True
    return pid != os.getpid() and age > TEXTFILE_STALE_SECONDS and not _pid_alive(pid)


def _textfiles(directory: Path) -> Iterator[tuple[Path, int]]:
    try:
        entries = list(directory.iterdir())
    except (FileNotFoundError, NotADirectoryError):
        return
    for path in entries:
        match = _TEXTFILE.match(path.name)
        if match:
            yield path, int(match["pid"])


def published_textfiles(directory: str | os.PathLike[str]) -> list[Path]:
    """The textfiles of live (or lately refreshed) processes in `directory`, newest first."""
    now = time.time()
    live = [path for path, pid in _textfiles(Path(directory)) if not _stale(path, pid, now)]
    return sorted(live, key=lambda p: p.stat().st_mtime if p.exists() else 0.0, reverse=True)


def remove_stale_textfiles(directory: str | os.PathLike[str]) -> list[Path]:
    """Delete the textfiles of processes that are gone (and quiet for a minute); returns what was removed."""
    now, removed = time.time(), []
    for path, pid in _textfiles(Path(directory)):
        if _stale(path, pid, now):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
                removed.append(path)
    return removed


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


class _StateFileCollector:
    """The state-file gauge, read when scraped, so it never lags behind the file it describes."""

    def __init__(self, agent: str, source: Callable[[], Mapping[str, str | None]]) -> None:
        self.agent = agent
        self.source = source

    def collect(self) -> Iterator[Metric]:
        family = GaugeMetricFamily("wetopi_memory_state_file_problem", "1 while a state file cannot be used "
                                   "(status: damaged, full, unreadable, busy), else 0 (status ok).",
                                   labels=["agent", "operation", "status"])
        for name, problem in self.source().items():
            family.add_metric([self.agent, label(name), label(problem or "ok")], 0.0 if problem is None else 1.0)
        yield family


def metrics_textfile_dir(config: Config, environ: Mapping[str, str] | None = None) -> Path:
    """Where plugin processes publish their metrics textfiles: `observability.metrics_textfile_dir`, else the
    state dir."""
    configured = config.observability.metrics_textfile_dir
    return Path(os.path.expanduser(configured)) if configured else state_dir(environ)


def published_metrics_paths(config: Config, environ: Mapping[str, str] | None = None) -> list[Path]:
    """The textfiles of live plugin processes (`metrics-<agent>-<pid>.prom`), newest first."""
    return published_textfiles(metrics_textfile_dir(config, environ))
