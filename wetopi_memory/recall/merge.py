"""Merge recalled hits across scopes (design §10): normalize → deduplicate → rank → global token budget.

Normalize
    Each hit's content is trimmed and every run of whitespace (newlines included) becomes one space; hits whose
    content is then empty are dropped. Scope, bank, id, score, type and tags are kept as they are.

Deduplicate (`deduplicate=True`, config `recall.deduplicate`)
    Two hits are the same memory when their comparison keys are equal (NFKC, case-folded, whitespace-collapsed,
    trailing punctuation dropped) or when they are near-duplicates: both have at least `NEAR_MIN_TOKENS` word
    tokens and the Jaccard similarity of their token sets is at least `NEAR_DUPLICATE_JACCARD` (0.9). This holds
    within a scope and across scopes.
    Provenance rule: the KEPT copy is the best-ranked one (see Rank: highest fused score, then the
    higher-priority scope, i.e. the one requested first, then the better rank inside its bank). It keeps its own
    scope and bank, which are exactly where that text came from. Every dropped copy is recorded in the kept
    hit's `also_in` as (scope, bank, id), so no provenance is lost; `also_in_scopes` lists the other scopes.

Rank
    Scores are rank-relative per bank and their scales differ between backends (Hindsight's fused scores vs the
    local BM25 score), so they are never compared across scopes. The merged order uses reciprocal-rank fusion:
    a hit at (0-based) rank r in its bank's list gets 1 / (RRF_K + r + 1), RRF_K = 60; a deduplicated memory
    sums the contributions of all its copies (agreement between banks counts as evidence). Ties go to the
    higher-priority scope, then to the better in-bank rank, so equal-rank hits of several scopes interleave in
    scope-priority order. `RecallHit.score` stays the bank's own score, for display; `MergedHit.fused` is the
    fused one.

Budget
    Tokens are estimated at about four characters per token. Walking the merged order, a hit is kept when it
    fits both the global budget (`max_total_tokens`, config `recall.max_total_tokens`) and its own store's
    budget (`store_max_tokens[scope]`, config `stores.<scope>.recall.max_tokens`); a hit that does not fit is
    skipped and smaller, lower-ranked hits may still fit. `limit` caps the number of kept hits.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ..models import RecallHit
from .tokens import estimate_tokens

RRF_K = 60
NEAR_DUPLICATE_JACCARD = 0.9
NEAR_MIN_TOKENS = 4
_WORD = re.compile(r"\w+")
_TRAILING = ".,;:!?¡¿…\"' "
# Where a merged hit came from: a backend's recall, or this plane's own accepted write (recall/own_writes.py)
HitSource = Literal["backend", "own_write"]


@dataclass(frozen=True, slots=True)
class MergedHit:
    """A recalled memory after the merge: the kept hit (its true scope and bank), the copies it absorbed, its
    fused rank score and its token estimate."""

    hit: RecallHit
    fused: float
    tokens: int
    also_in: tuple[tuple[str, str, str], ...] = ()   # (scope, bank, id) of every dropped duplicate
    source: HitSource = "backend"

    @property
    def scope(self) -> str:
        return self.hit.scope

    @property
    def bank(self) -> str:
        return self.hit.bank

    @property
    def content(self) -> str:
        return self.hit.content

    @property
    def also_in_scopes(self) -> tuple[str, ...]:
        """The other scopes that hold the same (or nearly the same) memory, without the kept hit's own scope."""
        return tuple(dict.fromkeys(s for s, _, _ in self.also_in if s != self.hit.scope))

    def to_dict(self) -> dict[str, Any]:
        return {**self.hit.to_dict(), "fused": round(self.fused, 6), "also_in": list(self.also_in_scopes),
                "source": self.source}


@dataclass(frozen=True, slots=True)
class MergeResult:
    """The merged hits in fused order, plus what the merge removed."""

    hits: tuple[MergedHit, ...]
    duplicates: int = 0
    over_budget: int = 0
    tokens: int = 0
    tokens_by_scope: Mapping[str, int] = field(default_factory=dict)

    @property
    def recall_hits(self) -> list[RecallHit]:
        return [m.hit for m in self.hits]

    def by_scope(self) -> dict[str, list[MergedHit]]:
        """Kept hits grouped by scope; groups in order of their best hit, hits in fused order."""
        groups: dict[str, list[MergedHit]] = {}
        for merged in self.hits:
            groups.setdefault(merged.scope, []).append(merged)
        return groups


def normalize_text(text: str) -> str:
    """Trim and collapse every run of whitespace (newlines included) to one space."""
    return " ".join(text.split())


def comparison_key(text: str) -> str:
    """The exact-duplicate key: NFKC, case-folded, whitespace-collapsed, trailing punctuation dropped."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split()).rstrip(_TRAILING)


def token_set(key: str) -> frozenset[str]:
    return frozenset(_WORD.findall(key))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a and not b:
        return 1.0
    return len(a & b) / len(a | b)


@dataclass(slots=True)
class _Cluster:
    hit: RecallHit
    priority: int
    rank: int
    key: str
    words: frozenset[str]
    fused: float
    also_in: list[tuple[str, str, str]]


def merge_hits(ranked: Sequence[Sequence[RecallHit]], *, max_total_tokens: int,
               store_max_tokens: Mapping[str, int] | None = None, deduplicate: bool = True,
               limit: int | None = None) -> MergeResult:
    """Merge per-scope ranked lists (one list per scope, in scope-priority order; each in its bank's order)."""
    candidates: list[tuple[float, int, int, RecallHit]] = []
    for priority, hits in enumerate(ranked):
        rank = 0
        for hit in hits:
            content = normalize_text(hit.content)
            if not content:
                continue
            if content != hit.content:
                hit = replace(hit, content=content)
            candidates.append((1.0 / (RRF_K + rank + 1), priority, rank, hit))
            rank += 1
    candidates.sort(key=lambda c: (-c[0], c[1], c[2]))

    clusters: list[_Cluster] = []
    exact: dict[str, _Cluster] = {}
    duplicates = 0
    for fused, priority, rank, hit in candidates:
        key = comparison_key(hit.content)
        words = token_set(key)
        if deduplicate:
            twin = exact.get(key) or _near(clusters, words)
            if twin is not None:
                twin.fused += fused
                twin.also_in.append((hit.scope, hit.bank, hit.id))
                duplicates += 1
                continue
        cluster = _Cluster(hit, priority, rank, key, words, fused, [])
        clusters.append(cluster)
        exact.setdefault(key, cluster)
    clusters.sort(key=lambda c: (-c.fused, c.priority, c.rank))

    budgets = dict(store_max_tokens or {})
    spent: dict[str, int] = {}
    total = 0
    kept: list[MergedHit] = []
    over_budget = 0
    for cluster in clusters:
        if limit is not None and len(kept) >= limit:
            break
        tokens = estimate_tokens(cluster.hit.content)
        scope = cluster.hit.scope
        scope_budget = budgets.get(scope)
        if total + tokens > max_total_tokens or (
                scope_budget is not None and spent.get(scope, 0) + tokens > scope_budget):
            over_budget += 1
            continue
        total += tokens
        spent[scope] = spent.get(scope, 0) + tokens
        kept.append(MergedHit(cluster.hit, cluster.fused, tokens, tuple(cluster.also_in)))
    return MergeResult(hits=tuple(kept), duplicates=duplicates, over_budget=over_budget, tokens=total,
                       tokens_by_scope=spent)


def _near(clusters: Sequence[_Cluster], words: frozenset[str]) -> _Cluster | None:
    """The first kept cluster whose token set is at least NEAR_DUPLICATE_JACCARD similar (both long enough)."""
    if len(words) < NEAR_MIN_TOKENS:
        return None
    size = len(words)
    for cluster in clusters:
        other = len(cluster.words)
        # |A∩B|/|A∪B| <= min/max: skip clusters whose sizes alone rule out the threshold
        if other < NEAR_MIN_TOKENS or min(size, other) < NEAR_DUPLICATE_JACCARD * max(size, other):
            continue
        if jaccard(words, cluster.words) >= NEAR_DUPLICATE_JACCARD:
            return cluster
    return None
