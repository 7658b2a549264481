"""Parallel multi-store recall (design §10): one request per bank, each through the Scope ACL, fail-open per scope.

`recall_scopes` checks every requested scope with `ScopeACL.check(identity, scope, "recall")` first: one refused
scope refuses the whole request (AccessDenied) before any I/O. Then it sends one recall per bank, all at once
(`asyncio.gather`), each with its store's own budget (or the caller's override) and `max_tokens`. A scope that
fails (backend error, unexpected exception, or the optional deadline) is reported in its `ScopeOutcome` with a
non-empty reason and contributes no hits; the other scopes are unaffected. Every hit carries its scope and bank.

`select_scopes` is the scope-selection rule shared by the plane's `search(scopes=None)` and the automatic
recall: confident routed scopes (plus `recall.mode: always` scopes), else, when the caller asks for it, every
readable scope; never a `recall.mode: never` scope; at most `routing.max_scopes_per_recall`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..config import Config
from ..errors import BackendError, BackendTimeoutError
from ..identity import Identity
from ..models import Budget, MemoryType, RecallHit, RecallQuery
from ..router import RouteDecision
from ..security import ScopeACL, StoreBinding
from .observer import NULL_RECALL_OBSERVER, RecallObserver, guarded
from .results import ScopeStatus
from .tokens import estimate_tokens

__all__ = ["FanoutResult", "ScopeOutcome", "ScopeStatus", "check_scopes", "estimate_tokens", "recall_scopes",
           "recallable_scopes", "select_scopes"]

MAX_ERROR_CHARS = 300


@dataclass(frozen=True, slots=True)
class ScopeOutcome:
    """What one scope's recall produced: its hits in the bank's own rank order, or why it failed."""

    scope: str
    bank: str
    status: ScopeStatus
    hits: tuple[RecallHit, ...]
    seconds: float
    error: str | None = None

    @property
    def tokens(self) -> int:
        return sum(estimate_tokens(h.content) for h in self.hits)


@dataclass(frozen=True, slots=True)
class FanoutResult:
    """Every scope's outcome, in the order the scopes were requested (their priority order)."""

    outcomes: tuple[ScopeOutcome, ...]
    seconds: float = 0.0

    @property
    def scopes(self) -> list[str]:
        return [o.scope for o in self.outcomes]

    @property
    def hits(self) -> list[RecallHit]:
        """All hits, scope by scope, each scope's in its bank's rank order (not merged: see `merge_hits`)."""
        return [h for o in self.outcomes for h in o.hits]

    @property
    def failed(self) -> dict[str, str]:
        """Scope -> reason, for every scope that failed (never an empty reason)."""
        return {o.scope: o.error or o.status for o in self.outcomes if o.status != "ok"}

    @property
    def ok_scopes(self) -> list[str]:
        return [o.scope for o in self.outcomes if o.status == "ok"]


def check_scopes(acl: ScopeACL, identity: Identity, scopes: Sequence[str]) -> list[StoreBinding]:
    """The ACL check of every scope (duplicates dropped, order kept); raises AccessDenied on the first refusal."""
    return [acl.check(identity, scope, "recall") for scope in dict.fromkeys(scopes)]


async def recall_scopes(acl: ScopeACL, identity: Identity, scopes: Sequence[str], *, query: str,
                        types: tuple[MemoryType, ...] | None, budget_override: Budget | None = None,
                        limit: int = 20, prefer_observations: bool = False, timeout: float | None = None,
                        observer: RecallObserver = NULL_RECALL_OBSERVER) -> FanoutResult:
    """Recall `query` from every scope in parallel, after the ACL; per-scope failures are captured, not raised.

    `timeout` (seconds) bounds each scope's request; a scope that misses it is reported as `timeout` while the
    others keep their hits. `observer.on_recall` is called once per scope.
    """
    bindings = check_scopes(acl, identity, scopes)  # all-or-nothing, before any I/O
    started = time.perf_counter()
    outcomes = await asyncio.gather(*(_one(b, query=query, types=types, budget_override=budget_override,
                                           limit=limit, prefer_observations=prefer_observations, timeout=timeout)
                                      for b in bindings))
    result = FanoutResult(outcomes=tuple(outcomes), seconds=time.perf_counter() - started)
    safe = guarded(observer)
    for outcome in result.outcomes:
        safe.on_recall(outcome.scope, outcome.status, outcome.seconds, len(outcome.hits), outcome.tokens)
    return result


async def _one(binding: StoreBinding, *, query: str, types: tuple[MemoryType, ...] | None,
               budget_override: Budget | None, limit: int, prefer_observations: bool,
               timeout: float | None) -> ScopeOutcome:
    request = RecallQuery(query=query, types=types, budget=budget_override or binding.store.recall.budget,
                          max_tokens=binding.store.recall.max_tokens, limit=limit,
                          prefer_observations=prefer_observations)
    started = time.perf_counter()
    status: ScopeStatus = "ok"
    error: str | None = None
    hits: tuple[RecallHit, ...] = ()
    try:
        if timeout is None:
            records = await binding.backend.recall(binding.bank, request)
        else:
            records = await asyncio.wait_for(binding.backend.recall(binding.bank, request), timeout)
        hits = tuple(RecallHit(scope=binding.scope, bank=binding.bank, id=r.id, content=r.content, score=r.score,
                               type=r.type, tags=r.tags, occurred_at=r.occurred_at, document_id=r.document_id)
                     for r in records)
    except TimeoutError:
        status, error = "timeout", f"no answer within {timeout:g}s"
    except BackendTimeoutError as exc:
        status, error = "timeout", _reason(exc)
    except BackendError as exc:
        status, error = "error", _reason(exc)
    except Exception as exc:  # fail-open (§30): an unexpected failure of one store never breaks the others
        status, error = "error", _reason(exc)
    return ScopeOutcome(scope=binding.scope, bank=binding.bank, status=status, hits=hits,
                        seconds=time.perf_counter() - started, error=error)


def _reason(exc: BaseException) -> str:
    """A one-line, bounded, never-empty reason. Backend errors are already scrubbed by the backends; anything
    else is reduced to its type plus its message."""
    text = str(exc) if isinstance(exc, BackendError) else f"{type(exc).__name__}: {exc}".rstrip(": ")
    text = " ".join(text.split()) or type(exc).__name__
    return text if len(text) <= MAX_ERROR_CHARS else text[:MAX_ERROR_CHARS - 1] + "…"


def recallable_scopes(acl: ScopeACL, identity: Identity, config: Config) -> list[str]:
    """Scopes the identity may read and whose store takes part in recall (`recall.mode != never`)."""
    return [s for s in acl.readable_scopes(identity) if config.stores[s].recall.mode != "never"]


def select_scopes(decision: RouteDecision, candidates: Sequence[str], config: Config, *, fallback_to_all: bool
                  ) -> list[str]:
    """Which scopes to recall for a routed message, best first, at most `routing.max_scopes_per_recall`.

    A confident route gives its scopes (best first) followed by the `recall.mode: always` scopes; a route
    without confident scopes gives only the `always` scopes, or every candidate when `fallback_to_all` (tool
    search without scopes). Only `candidates` (readable, not `never`: see `recallable_scopes`) are returned.
    """
    allowed = frozenset(candidates)
    always = [s for s in candidates if config.stores[s].recall.mode == "always"]
    routed = [s for s in decision.scope_names if s in allowed] if decision.confident else []
    if routed:
        chosen = [*routed, *always]
    elif fallback_to_all:
        chosen = list(candidates)
    else:
        chosen = always
    return list(dict.fromkeys(chosen))[:config.routing.max_scopes_per_recall]
