"""MemoryPlane: the one facade the CLI and the Hermes plugin call; it owns its backends, retain pipeline and logs."""

from __future__ import annotations

import asyncio
import functools
import os
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Literal

from .audit import AuditLog
from .backends import create_backend
from .backends.base import AccessCheck, MemoryBackend
from .backends.resilience import NullObserver as NullResilienceObserver
from .backends.resilience import ResilientBackend
from .banks.reconcile import BankOutcome, ReconcileReport, reconcile_file
from .config import Config, LoadedConfig, load_config, state_dir
from .errors import AccessDenied, BackendError, InvalidRequest
from .facade_log import observed, reflect_summary, retain_summary, search_summary, status_summary
from .governance import Governance
from .host_conflicts import native_provider_conflict
from .identity import Identity, IdentityResolver, parse_account
from .metrics import Metrics, metrics_textfile_dir, process_textfile, published_metrics_paths
from .models import BackendHealth, Budget, MemoryType
from .oplog import OpLog
from .recall.fanout import recall_scopes, recallable_scopes, select_scopes
from .recall.merge import merge_hits
from .recall.own_writes import OwnWrites, merge_own_writes
from .results import OutboxStats, PlaneStatus, ReflectResult, RetainResult, ScopeStatus, SearchResult
from .retain.context import RetainContext
from .retain.coordinator import RetainCoordinator
from .retain.decision import Decision
from .retain.delivery import DeliveryOutcome
from .retain.explicit import TurnRef, evaluate_explicit, retain_explicit
from .retain.memory_md import ImportReport, import_through
from .retain.memory_md_review import ReviewedEntries
from .retain.observer import RetainObserver
from .retain.outbox import Outbox
from .retain.outbox_records import default_outbox_path
from .retain.worker import RetainTuning
from .router.rules import RouteDecision, RuleRouter
from .security import ScopeACL, StoreBinding, StoreRegistry
from .source_refs import load_source_key

__all__ = ["BUDGETS", "MAX_CONTENT_CHARS", "MAX_QUERY_CHARS", "InvalidRequest", "MemoryPlane", "OutboxMode"]

SearchMode = Literal["normal", "deep"]
# How a plane uses the retain outbox: not at all (deliver directly), only if its file already exists (read-only
# inspection, dry runs), or open and create it (everything accepted is durable before delivery).
OutboxMode = Literal["none", "existing", "durable"]
MAX_QUERY_CHARS = 4000
MAX_CONTENT_CHARS = 20_000
BUDGETS: tuple[Budget, ...] = ("low", "mid", "high")


class MemoryPlane:
    """The organizational memory plane: scopes in, provenance-labelled memories out."""

    def __init__(self, config: Config, *, identities: IdentityResolver,
                 backends: Mapping[str, MemoryBackend], agent: str = "wetopi-memory",
                 config_source: str = "in-memory", metrics: Metrics | None = None,
                 audit: AuditLog | None = None, outbox: Outbox | None = None,
                 retain_observer: RetainObserver | None = None, retain_tuning: RetainTuning | None = None,
                 metrics_textfile: Path | None = None, environ: Mapping[str, str] | None = None) -> None:
        self.config = config
        self.environ = os.environ if environ is None else environ
        self.identities = identities
        self.agent = agent
        self.config_source = config_source
        self.metrics = metrics or Metrics(agent, scopes=list(config.stores),
                                          textfile_mode=config.observability.metrics_textfile_mode)
        self.oplog = OpLog(config.observability, agent=agent)
        self._recall_metrics = self.metrics.recall_observer()  # tool searches count as recalls too
        configured = config.observability.audit_path
        self.audit = audit or AuditLog(os.path.expanduser(configured) if configured else None, agent=agent,
                                       scopes=config.stores)
        for backend in backends.values():
            if isinstance(backend, ResilientBackend) and isinstance(backend.observer, NullResilienceObserver):
                backend.observer = self.metrics
        self.acl = ScopeACL(StoreRegistry(config, backends))
        self.router = RuleRouter.from_settings(config.routing, known_scopes=config.stores)
        self.source_key = functools.cache(lambda: load_source_key(config, self.environ, state_dir(self.environ)))
        self.own_writes = OwnWrites()  # read-your-writes: retain feeds it, recall merges it (recall/own_writes.py)
        context = RetainContext(config=config, acl=self.acl, router=self.router, agent=agent, audit=self.audit,
                                oplog=self.oplog, metrics=self.metrics, source_key=self.source_key,
                                own_writes=self.own_writes)
        self.retention = RetainCoordinator(context, outbox, observer=retain_observer or self.metrics.retain_observer(),
                                           tuning=retain_tuning, metrics_textfile=metrics_textfile)

    @classmethod
    def open(cls, config: str | os.PathLike[str] | LoadedConfig | None = None, *,
             identities: str | os.PathLike[str] | None = None, environ: Mapping[str, str] | None = None,
             agent: str = "wetopi-memory", backends: Mapping[str, MemoryBackend] | None = None,
             outbox: OutboxMode = "none", retain_tuning: RetainTuning | None = None) -> MemoryPlane:
        """Load config (resolution order of `load_config`) and identities, build the backends it names and, as
        `outbox` says, open the configured retain outbox."""
        env = os.environ if environ is None else environ
        loaded = config if isinstance(config, LoadedConfig) else load_config(config, env)
        cfg = loaded.config
        built = dict(backends or {})
        root = state_dir(env)
        for scope in cfg.stores:
            name = cfg.stores[scope].backend or cfg.backend.type
            if name not in built:
                settings = cfg.backend_settings(name)
                assert settings is not None
                built[name] = create_backend(settings, state_dir=root)
        durable = _open_outbox(cfg, env, outbox)
        publish = outbox == "durable" and cfg.observability.metrics
        textfile = process_textfile(metrics_textfile_dir(cfg, env), agent) if publish else None
        return cls(cfg, identities=_load_identities(cfg, identities), backends=built, agent=agent,
                   config_source=loaded.source, audit=AuditLog.for_config(cfg, env, agent=agent), outbox=durable,
                   retain_tuning=retain_tuning, metrics_textfile=textfile, environ=env)

    async def __aenter__(self) -> MemoryPlane:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.aclose()

    @property
    def scopes(self) -> list[str]:
        return self.acl.registry.scopes

    @functools.cached_property
    def governance(self) -> Governance:
        """Forget (a person, a mistaken memory: plan, apply, receipt) and export/import of this plane's banks."""
        return Governance(self.acl, self.identities, self.retention.outbox, self.audit, self.source_key,
                          own_writes=self.own_writes,
                          personal_scopes=[s for s, store in self.config.stores.items() if store.per_identity])

    def route(self, text: str, *, identity: Identity | None = None, tools: Sequence[str] = (),
              agent: str | None = None) -> RouteDecision:
        """Which scopes a message routes to, with the matched rules; limited to what `identity` may read. `agent`
        (the Hermes profile) is only a weak prior."""
        allowed = self.acl.readable_scopes(identity) if identity is not None else None
        return self.router.route(text, tools=tools, allowed_scopes=allowed, agent=agent)

    def identify(self, platform: str | None, platform_user_id: str | None) -> Identity:
        """Resolve a speaker through the IdentityResolver (never from model-written text)."""
        return self.identities.resolve(platform, platform_user_id)

    def identify_account(self, account: str) -> Identity:
        """Resolve a `platform:id` account written by a person (the CLI's --user): InvalidRequest, naming the
        value, unless it is exactly one well-formed account."""
        parsed = parse_account(account)
        return self.identities.resolve(parsed.platform, parsed.user_id)

    def act_as(self, caller: Identity, target: Identity, *, command: str, scopes: Sequence[str] = ()) -> Identity:
        """`target`, when `caller` may act as them: both known, and the same person or a caller with the operator
        role; acting as someone else is audited (who, as whom, command, scopes). AccessDenied otherwise."""
        if self.identities.authorize_acting(caller, target):
            self.audit.acted_as(caller=caller, target=target, command=command, scopes=scopes)
        return target

    def require_known(self, identity: Identity) -> Identity:
        """`identity` when the identities file knows it, else AccessDenied `identity_required` naming it and the
        identities file in use."""
        self.identities.require_known(identity, who="the identity")
        return identity

    def _bindings(self, identity: Identity, scopes: Sequence[str] | None, operation: Literal["recall", "reflect"]
                  ) -> list[StoreBinding]:
        if scopes is None:
            names = [s for s in self.acl.readable_scopes(identity)
                     if self.config.stores[s].recall.mode != "never"]
            return [self.acl.check(identity, s, operation) for s in names]
        if isinstance(scopes, str) or not all(isinstance(s, str) for s in scopes):
            raise InvalidRequest("scopes must be a list of scope names")
        unique = list(dict.fromkeys(scopes))
        if not unique:
            raise InvalidRequest("scopes must name at least one scope")
        # All-or-nothing: a single refused scope refuses the whole request before any I/O.
        return [self.acl.check(identity, s, operation) for s in unique]

    @observed("search", "recall", search_summary, audit_denials="recall")
    async def search(self, identity: Identity, query: str, scopes: Sequence[str] | None = None, *,
                     budget: Budget | None = None, mode: SearchMode = "normal", limit: int = 20) -> SearchResult:
        """Recall from each scope in parallel (one request per bank), merged across scopes, with scope and bank
        kept on every hit.

        `scopes=None` routes the query with the plane's RuleRouter: its confident scopes (plus `recall.mode:
        always` scopes), else every readable scope whose `recall.mode` is not `never`; at most
        `routing.max_scopes_per_recall`. Named scopes are all checked by the ACL before any I/O (one refusal
        refuses the request). Normal mode asks for observations and world facts with prefer_observations; deep
        mode adds experiences, with a high budget unless one is given. A failing scope is reported in `failed`
        and the others still answer. Hits are normalized, deduplicated (the better-ranked copy is kept),
        ordered by reciprocal-rank fusion and cut to `recall.max_total_tokens`, each store's
        `recall.max_tokens` and `limit`.
        """
        text = _check_query(query)
        if budget is not None and budget not in BUDGETS:
            raise InvalidRequest(f"budget must be one of {', '.join(BUDGETS)}")
        if mode not in ("normal", "deep"):
            raise InvalidRequest("mode must be normal or deep")
        if scopes is None:
            candidates = recallable_scopes(self.acl, identity, self.config)
            route = self.router.route(text, allowed_scopes=candidates)
            names = select_scopes(route, candidates, self.config, fallback_to_all=True)
        else:  # validates the list; recall_scopes checks the ACL again, before any I/O
            names = [b.scope for b in self._bindings(identity, scopes, "recall")]
        types: tuple[MemoryType, ...] = (("observation", "world", "experience") if mode == "deep"
                                         else ("observation", "world"))
        fan = await recall_scopes(self.acl, identity, names, query=text, types=types,
                                  budget_override=budget or ("high" if mode == "deep" else None), limit=limit,
                                  prefer_observations=mode == "normal", observer=self._recall_metrics)
        merged = merge_hits([o.hits for o in fan.outcomes], max_total_tokens=self.config.recall.max_total_tokens,
                            store_max_tokens={s: self.config.stores[s].recall.max_tokens for s in fan.scopes},
                            deduplicate=self.config.recall.deduplicate, limit=max(limit, 0))
        self.own_writes.settle_answers(fan.outcomes)
        hits = merge_own_writes(merged.hits, self.own_writes.visible(identity, fan.scopes), max_items=max(limit, 0))
        return SearchResult(hits=[m.hit for m in hits], scopes=fan.scopes, failed=fan.failed)

    @observed("retain", "retain", retain_summary)
    async def retain(self, identity: Identity, content: str, scope: str, *, reason: str | None = None,
                     confidence: float | None = None, tags: Sequence[str] = (),
                     context: str | None = None, dry_run: bool = False,
                     turn: TurnRef | None = None) -> RetainResult:
        """Store one memory in one scope through the ACL and the retain policies (inside a Hermes `turn`: held
        to join that turn's batch, A6).

        Raises AccessDenied when the ACL refuses the scope. Otherwise the result says what happened: `stored`,
        `rejected` with reason codes (secret, raw tool output, hypothesis, transient, duplicate, …), `queued`
        (durable in the outbox when the backend is down) or, with `dry_run`, `would_store`. A plane with an
        outbox queues the item there first, so nothing accepted is lost; the document id makes a repeat a
        no-op."""
        if not isinstance(content, str):
            raise InvalidRequest("content must be a string")
        if confidence is not None and (isinstance(confidence, bool) or not (
                isinstance(confidence, int | float) and 0.0 <= confidence <= 1.0)):
            raise InvalidRequest("confidence must be a number between 0 and 1")
        return await retain_explicit(self.retention, identity, content, scope, reason=reason,
                                     confidence=confidence, tags=tags, context=context, dry_run=dry_run,
                                     turn=turn)

    def evaluate_retain(self, identity: Identity, content: str, scope: str, *, reason: str | None = None,
                        confidence: float | None = None, tags: Sequence[str] = (),
                        context: str | None = None) -> Decision:
        """The policy Decision an explicit retain would get, with every reason code (ACL included); stores
        nothing."""
        return evaluate_explicit(self.retention, identity, content if isinstance(content, str) else "", scope,
                                 reason=reason, confidence=confidence, tags=tags, context=context)

    async def deliver_pending(self, timeout: float = 10.0) -> list[DeliveryOutcome]:
        """Deliver, in this task, what the outbox holds that is due (what earlier runs left), for at most
        `timeout` seconds; stops at the first transient failure."""
        return await self.retention.deliver_due(deadline=time.monotonic() + timeout)

    def outbox_stats(self) -> OutboxStats | None:
        """The retain outbox's figures, when this plane has one."""
        outbox = self.retention.outbox
        return outbox.stats() if outbox is not None else None

    def metrics_text(self) -> bytes:
        """This process's metrics in the Prometheus text format."""
        return self.metrics.render()

    def published_metrics_paths(self) -> list[Path]:
        """The metrics textfiles live plugin processes published for this config, newest first."""
        return published_metrics_paths(self.config, self.environ)

    async def import_memory_md(self, identity: Identity, path: str | os.PathLike[str], *, dry_run: bool = False,
                               deliver_timeout: float = 30.0,
                               reviewed: ReviewedEntries | None = None) -> ImportReport:
        """Import a Hermes MEMORY.md: route and judge every entry, queue the accepted ones per scope and deliver
        them (only reported with `dry_run`); the source file is only ever read. `reviewed` holds P1 entries a
        person accepted as they are (from `--accept-reviewed`)."""
        return await import_through(self.retention, identity, path, dry_run=dry_run,
                                    deliver_timeout=deliver_timeout, reviewed=reviewed)

    async def reconcile_banks(self, path: str | os.PathLike[str], *, identities: str | os.PathLike[str] | None = None,
                              prune: bool = False, dry_run: bool = False, concurrency: int = 8,
                              on_done: Callable[[BankOutcome], None] | None = None,
                              on_planned: Callable[[int], None] | None = None,
                              environ: Mapping[str, str] | None = None) -> ReconcileReport:
        """Make the default backend match banks.yaml (personal banks for this plane's identities, or those of
        `identities`); every bank written or failed is recorded in the audit trail, a dry run records nothing."""
        resolver = (IdentityResolver.from_file(identities, known_scopes=self.config.stores) if identities
                    else self.identities if self.identities.users else None)

        def done(outcome: BankOutcome) -> None:
            if not dry_run:
                self.audit.bank_change(outcome)
            if on_done is not None:
                on_done(outcome)

        # Its own client, with enough connections for `concurrency` banks at once.
        settings = self.config.backend.model_copy(update={"concurrency": self.config.backend.concurrency.model_copy(
            update={"max_inflight": max(self.config.backend.concurrency.max_inflight, concurrency)})})
        backend = create_backend(settings, state_dir=state_dir(environ))
        try:
            return await reconcile_file(backend, path, identities=resolver, prune=prune, dry_run=dry_run,
                                        concurrency=concurrency, on_done=done, on_planned=on_planned)
        finally:
            await backend.aclose()

    @observed("reflect", "recall", reflect_summary, audit_denials="reflect")
    async def reflect(self, identity: Identity, query: str, scopes: Sequence[str] | None = None, *,
                      budget: Budget = "low") -> list[ReflectResult]:
        """Ask each scope's backend to synthesize an answer from its own memories only."""
        text = _check_query(query)
        bindings = self._bindings(identity, scopes, "reflect")

        async def one(binding: StoreBinding) -> ReflectResult:
            answer = await binding.backend.reflect(binding.bank, text, budget=budget,
                                                   max_tokens=binding.store.recall.max_tokens)
            return ReflectResult(scope=binding.scope, text=answer.text, supported=answer.supported)

        return list(await asyncio.gather(*(one(b) for b in bindings)))

    @observed("status", "ops", status_summary)
    async def status(self, identity: Identity | None = None, *, timeout: float = 5.0) -> PlaneStatus:
        """Probe every backend's health and credentials (bounded, concurrently), list the scopes with banks only
        where the caller may see them, and name any Hermes memory provider that would own the same banks (A1)."""
        backends = self.acl.registry.backends
        healths, checks = await asyncio.gather(
            asyncio.gather(*(_probe(b, timeout) for b in backends.values())),
            asyncio.gather(*(_check_access(b, timeout) for b in backends.values())))
        conflict = native_provider_conflict(self.environ)
        return PlaneStatus(config_source=self.config_source, backends=dict(zip(backends, healths, strict=True)),
                           scopes=[self._scope_status(scope, identity) for scope in self.scopes],
                           outbox=self.outbox_stats(), access=dict(zip(backends, checks, strict=True)),
                           conflicts=(conflict.describe(),) if conflict is not None else ())

    def _scope_status(self, scope: str, identity: Identity | None) -> ScopeStatus:
        store = self.config.stores[scope]
        bank: str | None = None
        allowed = False
        if identity is not None:
            try:
                bank = self.acl.check(identity, scope, "recall").bank
                allowed = True
            except AccessDenied:
                bank = None
        elif store.bank is not None:
            bank = store.bank
        return ScopeStatus(scope=scope, backend=self.acl.registry.backend_name(scope), access=store.access,
                           allowed=allowed, bank=bank)

    async def aclose(self) -> None:
        """Close the outbox, every backend and the audit trail's file."""
        self.retention.close()
        for backend in self.acl.registry.backends.values():
            await backend.aclose()
        self.audit.close()


async def _probe(backend: MemoryBackend, timeout: float) -> BackendHealth:
    started = time.perf_counter()
    try:
        return await asyncio.wait_for(backend.health(), timeout)
    except TimeoutError:
        return BackendHealth(backend=backend.kind, ok=False, detail=f"no answer within {timeout:g}s",
                             latency_ms=(time.perf_counter() - started) * 1000)
    except BackendError as exc:
        return BackendHealth(backend=backend.kind, ok=False, detail=str(exc))


async def _check_access(backend: MemoryBackend, timeout: float) -> AccessCheck:
    try:
        return await asyncio.wait_for(backend.check_access(), timeout)
    except TimeoutError:
        return AccessCheck("unreachable", f"no answer to the access check within {timeout:g}s")
    except BackendError as exc:
        return AccessCheck("unreachable", str(exc))


def _load_identities(config: Config, path: str | os.PathLike[str] | None) -> IdentityResolver:
    chosen = path or config.identity.file
    if chosen:
        return IdentityResolver.from_file(chosen, known_scopes=config.stores,
                                          unknown_caller_scopes=config.identity.unknown_caller_scopes)
    return IdentityResolver(unknown_caller_scopes=config.identity.unknown_caller_scopes)


def _open_outbox(config: Config, environ: Mapping[str, str], mode: OutboxMode) -> Outbox | None:
    if mode == "none":
        return None
    path = default_outbox_path(config, environ)
    if mode == "existing" and not os.path.lexists(path):  # a dangling planted link is refused, not "absent"
        return None
    return Outbox(path, max_items=config.retain.outbox.max_items)


def _check_query(query: Any) -> str:
    if not isinstance(query, str) or not query.strip():
        raise InvalidRequest("query must be a non-empty string")
    if len(query) > MAX_QUERY_CHARS:
        raise InvalidRequest(f"query is longer than {MAX_QUERY_CHARS} characters")
    return query.strip()

