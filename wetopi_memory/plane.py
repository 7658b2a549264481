"""MemoryPlane: the one facade the CLI and the Hermes plugin call; every path goes through the Scope ACL."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import os
import time
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Concatenate, Literal, ParamSpec, TypeVar

from .audit import AuditLog
from .backends import create_backend
from .backends.base import MemoryBackend
from .backends.resilience import NullObserver as NullResilienceObserver
from .backends.resilience import ResilientBackend
from .config import Config, LoadedConfig, load_config, state_dir
from .errors import AccessDenied, BackendError, WetopiMemoryError
from .identity import Identity, IdentityResolver
from .metrics import Metrics, RecallMetrics
from .models import BackendHealth, Budget, MemoryType, RecallHit
from .oplog import Kind, OpLog, elapsed_ms, safe_error
from .recall.fanout import estimate_tokens, recall_scopes, recallable_scopes, select_scopes
from .recall.merge import merge_hits
from .router.rules import RouteDecision, RuleRouter
from .security import ScopeACL, StoreBinding, StoreRegistry

SearchMode = Literal["normal", "deep"]
MAX_QUERY_CHARS = 4000
MAX_CONTENT_CHARS = 20_000
BUDGETS: tuple[Budget, ...] = ("low", "mid", "high")


class InvalidRequest(WetopiMemoryError):
    """A request is malformed (empty query, bad budget, confidence out of range)."""


@dataclass(frozen=True)
class SearchResult:
    """Hits from every searched scope, with the scopes that failed and why (fail-open per scope)."""

    hits: list[RecallHit]
    scopes: list[str]
    failed: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"scopes": self.scopes, "results": [h.to_dict() for h in self.hits], "failed": self.failed}


@dataclass(frozen=True)
class RetainResult:
    """What happened to one retain: `stored`; `queued` (accepted, durable in the outbox, delivered later);
    `failed` (kept in the outbox after a client error); `rejected` by the policies (`reasons`); or, for a dry
    run, `would_store`. `decision` is the PolicyEngine's explainable Decision (retain/policy.py)."""

    scope: str
    bank: str
    document_id: str
    stored: bool
    status: str = "stored"
    reasons: tuple[str, ...] = ()
    decision: Any = None
    detail: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"scope": self.scope, "document_id": self.document_id, "stored": self.stored,
                               "status": self.status, "reasons": list(self.reasons)}
        if self.decision is not None:
            explained = self.decision.to_dict()
            out.update({"decision": explained["decision"], "category": explained["category"],
                        "durability": explained["durability"], "verified": explained["verified"]})
            if "secrets" in explained:
                out["secrets"] = explained["secrets"]
        if self.detail:
            out["detail"] = self.detail
        return out


@dataclass(frozen=True)
class ReflectResult:
    """One answer per scope; `supported` is False where the backend cannot reflect."""

    scope: str
    text: str
    supported: bool

    def to_dict(self) -> dict[str, Any]:
        return {"scope": self.scope, "text": self.text, "supported": self.supported}


@dataclass(frozen=True)
class ScopeStatus:
    """A scope as one identity sees it: never another person's bank."""

    scope: str
    backend: str
    access: str
    allowed: bool
    bank: str | None

    def to_dict(self) -> dict[str, Any]:
        return {"scope": self.scope, "backend": self.backend, "access": self.access, "allowed": self.allowed,
                "bank": self.bank}


@dataclass(frozen=True)
class PlaneStatus:
    """Backend health and the scopes visible to the caller; no secrets."""

    config_source: str
    backends: dict[str, BackendHealth]
    scopes: list[ScopeStatus]
    outbox: dict[str, Any] | None = None

    @property
    def healthy(self) -> bool:
        return all(h.ok for h in self.backends.values())

    def to_dict(self) -> dict[str, Any]:
        out = {"config_source": self.config_source, "healthy": self.healthy,
               "backends": {name: {"kind": h.backend, "ok": h.ok, "detail": h.detail, "version": h.version,
                                   "latency_ms": h.latency_ms} for name, h in self.backends.items()},
               "scopes": [s.to_dict() for s in self.scopes]}
        if self.outbox is not None:
            out["outbox"] = self.outbox
        return out


def document_id_for(bank: str, content: str) -> str:
    """A stable id for a memory, so re-sending it never duplicates it."""
    digest = hashlib.sha256(f"{bank}\n{content.strip()}".encode()).hexdigest()
    return f"wm-{digest[:32]}"


P = ParamSpec("P")
R = TypeVar("R")


def _user(identity: object) -> str | None:
    """The log/audit name of a caller: internal user id, or `unknown` (never a display name)."""
    if not isinstance(identity, Identity):
        return None
    return identity.internal_user_id or "unknown"


def _observed(operation: str, kind: Kind, summary: Callable[[Any, float], dict[str, object]], *,
              audit_denials: str | None = None
              ) -> Callable[[Callable[Concatenate[MemoryPlane, P], Coroutine[Any, Any, R]]],
                            Callable[Concatenate[MemoryPlane, P], Coroutine[Any, Any, R]]]:
    """One operation log line per call (oplog.py) with `summary(result)`'s fields, or the refusal/error class;
    ACL refusals of reads also go to the audit trail. Exceptions are re-raised unchanged."""

    def wrap(fn: Callable[Concatenate[MemoryPlane, P], Coroutine[Any, Any, R]]
             ) -> Callable[Concatenate[MemoryPlane, P], Coroutine[Any, Any, R]]:
        async def inner(self: MemoryPlane, /, *args: P.args, **kwargs: P.kwargs) -> R:
            started = time.perf_counter()
            identity = args[0] if args else kwargs.get("identity")
            try:
                result = await fn(self, *args, **kwargs)
            except AccessDenied as exc:
                if audit_denials is not None:
                    self.audit.acl_denied(exc, operation=audit_denials,
                                          identity=identity if isinstance(identity, Identity) else None)
                self.oplog.emit(operation, kind, user=_user(identity), status="denied", code=exc.code,
                                latency_ms=elapsed_ms(started))
                raise
            except InvalidRequest:
                self.oplog.emit(operation, kind, user=_user(identity), status="invalid",
                                latency_ms=elapsed_ms(started))
                raise
            except Exception as exc:
                self.oplog.emit(operation, kind, user=_user(identity), status="error", error=safe_error(exc),
                                latency_ms=elapsed_ms(started))
                raise
            if self.oplog.enabled(kind):
                self.oplog.write(operation, kind, {"user": _user(identity), **summary(result, elapsed_ms(started))})
            return result

        functools.update_wrapper(inner, fn)  # keeps the name and the docstring for help() and the docs
        return inner

    return wrap


def _search_summary(result: SearchResult, ms: float) -> dict[str, object]:
    status = "ok" if not result.failed else ("error" if len(result.failed) == len(result.scopes) else "partial")
    return {"scopes": result.scopes, "latency_ms": ms, "results": len(result.hits),
            "tokens": sum(estimate_tokens(h.content) for h in result.hits), "failed": sorted(result.failed) or None,
            "status": status}


def _retain_summary(result: RetainResult, ms: float) -> dict[str, object]:
    return {"scope": result.scope, "latency_ms": ms, "document_id": result.document_id or None,
            "reasons": result.reasons or None, "status": result.status}


def _reflect_summary(results: list[ReflectResult], ms: float) -> dict[str, object]:
    return {"scopes": [r.scope for r in results], "latency_ms": ms,
            "supported": sum(1 for r in results if r.supported), "status": "ok"}


def _status_summary(status: PlaneStatus, ms: float) -> dict[str, object]:
    return {"backends": len(status.backends), "latency_ms": ms,
            "unhealthy": sorted(n for n, h in status.backends.items() if not h.ok) or None,
            "status": "ok" if status.healthy else "unhealthy"}


class MemoryPlane:
    """The organizational memory plane: scopes in, provenance-labelled memories out."""

    def __init__(self, config: Config, *, identities: IdentityResolver,
                 backends: Mapping[str, MemoryBackend], agent: str = "wetopi-memory",
                 config_source: str = "in-memory", metrics: Metrics | None = None,
                 audit: AuditLog | None = None) -> None:
        self.config = config
        self.identities = identities
        self.agent = agent
        self.config_source = config_source
        self.metrics = metrics or Metrics(agent, scopes=list(config.stores))
        self.oplog = OpLog(config.observability, agent=agent)
        self._recall_metrics = RecallMetrics(self.metrics)  # tool searches count as recalls too (§31)
        # The audit trail (audit.py): `open()` gives it its configured path; a plane built directly (tests,
        # benchmarks) writes one only when `observability.audit_path` is set.
        configured = config.observability.audit_path
        self.audit = audit or AuditLog(os.path.expanduser(configured) if configured else None, agent=agent,
                                       scopes=config.stores)
        self._backends = dict(backends)
        for backend in self._backends.values():
            if isinstance(backend, ResilientBackend) and isinstance(backend.observer, NullResilienceObserver):
                backend.observer = self.metrics
        self.acl = ScopeACL(StoreRegistry(config, self._backends))
        self.router = RuleRouter.from_settings(config.routing, known_scopes=config.stores)

    @classmethod
    def open(cls, config: str | os.PathLike[str] | LoadedConfig | None = None, *,
             identities: str | os.PathLike[str] | None = None, environ: Mapping[str, str] | None = None,
             agent: str = "wetopi-memory", backends: Mapping[str, MemoryBackend] | None = None) -> MemoryPlane:
        """Load config (resolution order of `load_config`) and identities, and build the backends it names."""
        env = os.environ if environ is None else environ
        loaded = config if isinstance(config, LoadedConfig) else load_config(config, env)
        cfg = loaded.config
        identities_path = identities or cfg.identity.file
        if identities_path:
            resolver = IdentityResolver.from_file(identities_path, known_scopes=cfg.stores,
                                                  unknown_caller_scopes=cfg.identity.unknown_caller_scopes)
        else:
            resolver = IdentityResolver(unknown_caller_scopes=cfg.identity.unknown_caller_scopes)
        built = dict(backends or {})
        root = state_dir(env)
        for scope in cfg.stores:
            name = cfg.stores[scope].backend or cfg.backend.type
            if name not in built:
                settings = cfg.backend_settings(name)
                assert settings is not None
                built[name] = create_backend(settings, state_dir=root)
        return cls(cfg, identities=resolver, backends=built, agent=agent, config_source=loaded.source,
                   audit=AuditLog.for_config(cfg, env, agent=agent))

    @property
    def scopes(self) -> list[str]:
        return self.acl.registry.scopes

    def route(self, text: str, *, identity: Identity | None = None, tools: Sequence[str] = ()) -> RouteDecision:
        """Which scopes a message routes to, with the matched rules; limited to what `identity` may read."""
        allowed = self.acl.readable_scopes(identity) if identity is not None else None
        return self.router.route(text, tools=tools, allowed_scopes=allowed)

    def identify(self, platform: str | None, platform_user_id: str | None) -> Identity:
        """Resolve a speaker through the IdentityResolver (never from model-written text)."""
        return self.identities.resolve(platform, platform_user_id)

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

    @_observed("search", "recall", _search_summary, audit_denials="recall")
    async def search(self, identity: Identity, query: str, scopes: Sequence[str] | None = None, *,
                     budget: Budget | None = None, mode: SearchMode = "normal", limit: int = 20) -> SearchResult:
        """Recall from each scope in parallel (one request per bank, recall/fanout.py), merged across scopes, with
        scope and bank kept on every hit.

        `scopes=None` routes the query with the plane's RuleRouter: its confident scopes (plus `recall.mode:
        always` scopes), else every readable scope whose `recall.mode` is not `never`; at most
        `routing.max_scopes_per_recall`. Named scopes are all checked by the ACL before any I/O (one refusal
        refuses the request). Normal mode asks for observations and world facts with prefer_observations; deep
        mode adds experiences, with a high budget unless one is given. A failing scope is reported in `failed`
        and the others still answer. Hits are normalized, deduplicated (the better-ranked copy is kept),
        ordered by reciprocal-rank fusion and cut to `recall.max_total_tokens`, each store's
        `recall.max_tokens` and `limit` (recall/merge.py).
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
        return SearchResult(hits=merged.recall_hits, scopes=fan.scopes, failed=fan.failed)

    @_observed("retain", "retain", _retain_summary)
    async def retain(self, identity: Identity, content: str, scope: str, *, reason: str | None = None,
                     confidence: float | None = None, tags: Sequence[str] = (),
                     context: str | None = None, dry_run: bool = False) -> RetainResult:
        """Store one memory in one scope through the ACL and the retain policies (retain/policy.py).

        Raises AccessDenied when the ACL refuses the scope. Otherwise the result says what happened: `stored`,
        `rejected` with reason codes (secret, raw tool output, hypothesis, transient, duplicate, …), `queued`
        (durable in the outbox when the backend is down) or, with `dry_run`, `would_store`. With an outbox
        attached (a RetainCoordinator is open on this plane) the item goes through it, so nothing accepted is
        lost; the document id makes a repeat a no-op."""
        if not isinstance(content, str):
            raise InvalidRequest("content must be a string")
        if confidence is not None and (isinstance(confidence, bool) or not (
                isinstance(confidence, int | float) and 0.0 <= confidence <= 1.0)):
            raise InvalidRequest("confidence must be a number between 0 and 1")
        from .retain.engine import retain_explicit  # lazy: retain imports the plane

        return await retain_explicit(self, identity, content, scope, reason=reason, confidence=confidence,
                                     tags=tags, context=context, dry_run=dry_run)

    def evaluate_retain(self, identity: Identity, content: str, scope: str, *, reason: str | None = None,
                        confidence: float | None = None, tags: Sequence[str] = ()) -> Any:
        """The policy Decision an explicit retain would get, with every reason code (ACL included); stores
        nothing. `decision.to_dict()` is `{"decision": "accept"|"reject", "reasons": [...], "scope": ...}`."""
        from .retain.engine import evaluate_explicit

        return evaluate_explicit(self, identity, content if isinstance(content, str) else "", scope,
                                 reason=reason, confidence=confidence, tags=tags)

    @_observed("reflect", "recall", _reflect_summary, audit_denials="reflect")
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

    @_observed("status", "ops", _status_summary)
    async def status(self, identity: Identity | None = None, *, timeout: float = 5.0) -> PlaneStatus:
        """Probe every backend (bounded) and list the scopes, with banks only where the caller may see them."""

        async def probe(name: str, backend: MemoryBackend) -> BackendHealth:
            started = time.perf_counter()
            try:
                return await asyncio.wait_for(backend.health(), timeout)
            except TimeoutError:
                return BackendHealth(backend=backend.kind, ok=False, detail=f"no answer within {timeout:g}s",
                                     latency_ms=(time.perf_counter() - started) * 1000)
            except BackendError as exc:
                return BackendHealth(backend=backend.kind, ok=False, detail=str(exc))

        names = list(self._backends)
        healths = await asyncio.gather(*(probe(n, self._backends[n]) for n in names))
        scopes = []
        for scope in self.scopes:
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
            scopes.append(ScopeStatus(scope=scope, backend=self.acl.registry.backend_name(scope),
                                      access=store.access, allowed=allowed, bank=bank))
        from .retain.engine import attached_outbox

        outbox = attached_outbox(self)
        return PlaneStatus(config_source=self.config_source, backends=dict(zip(names, healths, strict=True)),
                           scopes=scopes, outbox=outbox.stats().to_dict() if outbox is not None else None)

    async def aclose(self) -> None:
        """Close every backend (and the audit trail's file)."""
        for backend in self._backends.values():
            await backend.aclose()
        self.audit.close()


def _check_query(query: Any) -> str:
    if not isinstance(query, str) or not query.strip():
        raise InvalidRequest("query must be a non-empty string")
    if len(query) > MAX_QUERY_CHARS:
        raise InvalidRequest(f"query is longer than {MAX_QUERY_CHARS} characters")
    return query.strip()

