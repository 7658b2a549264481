"""How recalled hits become what recall hands out: merged hits, cached scopes, rendered blocks (design §10).

One owner for the prefetch, the synchronous recall and `cached_context`, so the three never merge or render
differently.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..config import Config
from ..identity import Identity
from ..models import RecallHit
from ..router import tokenize
from .cache import CachedScope, PrefetchCache, cached_scope
from .fanout import FanoutResult
from .inject import first_line, render_block
from .injection_rules import MAX_GATE_CHARS, salient_words
from .merge import MergedHit, merge_hits
from .own_writes import OwnWrite, OwnWrites, merge_own_writes
from .results import InjectionDecision

MAX_OWN_WRITES_INJECTED = 8   # own writes put in front of one block (newest first)


class HitAssembly:
    """Merge under the recall budgets, pre-render cache entries and render blocks, with one set of bounds."""

    def __init__(self, config: Config, cache: PrefetchCache, *, max_item_chars: int, max_block_chars: int,
                 own_writes: OwnWrites | None = None) -> None:
        self.config = config
        self.own_writes = own_writes
        self.cache = cache
        self.max_item_chars = max_item_chars
        self.max_block_chars = max_block_chars
        self.header_line = first_line(config.recall.inject_header)
        self._store_max = {name: store.recall.max_tokens for name, store in config.stores.items()}

    def merge(self, ranked: Sequence[Sequence[RecallHit]]) -> tuple[MergedHit, ...]:
        """Merge per-scope ranked hits under the global and per-store token budgets."""
        recall = self.config.recall
        return merge_hits(ranked, max_total_tokens=recall.max_total_tokens, store_max_tokens=self._store_max,
                          deduplicate=recall.deduplicate).hits

    def cached_scopes_of(self, fan: FanoutResult) -> dict[str, CachedScope]:
        """Merged, pre-rendered cache entries for every scope that answered (an empty answer is cached too)."""
        ok = [o for o in fan.outcomes if o.status == "ok"]
        merged = self.merge([o.hits for o in ok])
        now = self.cache.now()
        return {o.scope: cached_scope([m for m in merged if m.scope == o.scope], created=now,
                                      max_item_chars=self.max_item_chars, header_line=self.header_line)
                for o in ok}

    def visible(self, identity: Identity, scopes: Sequence[str]) -> list[OwnWrite]:
        """This identity's own writes in `scopes` (ACL-checked by the caller) the backend may not show yet."""
        if self.own_writes is None:
            return []
        return self.own_writes.visible(identity, scopes)[:MAX_OWN_WRITES_INJECTED]

    def settle(self, fan: FanoutResult) -> None:
        """What the backend returned is recallable now: stop injecting our copies of it."""
        if self.own_writes is not None:
            self.own_writes.settle_answers(fan.outcomes)

    def with_own_writes(self, identity: Identity, text: str, candidates: Sequence[str], relevant: Sequence[str],
                        decision: InjectionDecision) -> InjectionDecision:
        """`decision` with this identity's accepted writes in front of its block: those of the scopes the message
        is about, and those that share a salient word with it (the relevance gate of recall/injection_rules.py)."""
        own = self.visible(identity, candidates)
        if not own:
            return decision
        about = {*decision.scopes, *decision.sync_scopes, *relevant}
        words = salient_words(tokenize(text[:MAX_GATE_CHARS]))
        kept = [w for w in own if w.scope in about or not words.isdisjoint(salient_words(tokenize(w.text)))]
        if not kept:
            return decision
        hits = self.front(decision.hits, kept)
        return replace(decision, context=self.render(hits), hits=hits, own_writes=tuple(kept))

    @staticmethod
    def front(hits: Sequence[MergedHit], own: Sequence[OwnWrite]) -> tuple[MergedHit, ...]:
        """Own writes in front of the backend's hits, deduplicated against them (recall/own_writes.py)."""
        return merge_own_writes(hits, own, max_items=len(hits) + len(own)) if own else tuple(hits)

    def render(self, hits: Sequence[MergedHit]) -> str:
        """The injected block of some merged hits ("" for none)."""
        return render_block(hits, header=self.config.recall.inject_header, max_item_chars=self.max_item_chars,
                            max_block_chars=self.max_block_chars)


MAX_QUERY_CHARS = 2000


def backend_hits(hits: Sequence[MergedHit]) -> list[MergedHit]:
    """The hits a backend returned, without our own writes."""
    return [h for h in hits if h.source == "backend"]


def user_name(identity: Identity) -> str:
    """The log name of a caller: internal user id, or `unknown`."""
    return identity.internal_user_id or "unknown"


def recall_query(text: object) -> str:
    """What the banks are asked for a message: its stripped text, cut to MAX_QUERY_CHARS ("" for no text)."""
    if not isinstance(text, str):
        return ""
    return text.strip()[:MAX_QUERY_CHARS].strip()
