"""The prefetch cache: pre-rendered recalled scopes per (session, identity, allowed scopes), bounded by TTL and LRU.

Isolation
---------
Cache key = (session id, identity key, the identity's allowed scopes). The identity key is the internal user id,
or `platform:platform_user_id` for an unknown caller. Another session, another identity in the same session, or
the same identity after its allowed scopes changed never sees the entry. `invalidate(session_id)` drops every
entry of a session (session end or reset) and bumps its epoch, so an in-flight prefetch that started under the
old epoch cannot store its result.

Expiry and bounds
-----------------
Each cached scope expires `ttl` seconds after it was recalled; an entry whose every scope expired is gone. At most
`max_entries` keys are kept, least recently used evicted first. Epochs and the last route of at most
MAX_TRACKED_SESSIONS sessions are kept, the one written longest ago forgotten first.

Threads
-------
Guarded by a `threading.Lock`, held only for map operations and never across an await, so `cached_context` may
read on Hermes' thread while a prefetch stores on the plugin's loop thread.
"""

from __future__ import annotations

import itertools
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Final

from cachetools import FIFOCache, LRUCache

from ..identity import Identity
from .inject import assemble, item_line
from .merge import MergedHit
from .tokens import estimate_tokens

MAX_TRACKED_SESSIONS: Final = 10_000
MAX_MEMO_BLOCKS: Final = 16          # assembled blocks remembered per entry

CacheKey = tuple[str, tuple[str, ...], frozenset[str]]


@dataclass(frozen=True, slots=True)
class CachedScope:
    """One cached scope: its merged hits, their pre-escaped item lines and token estimates."""

    created: float
    hits: tuple[MergedHit, ...]
    lines: tuple[str, ...]
    tokens: tuple[int, ...]


@dataclass(slots=True)
class CacheEntry:
    """The cached scopes of one key and the blocks already assembled from them. An entry is never changed once
    stored (a store or an expiry replaces it), so the memo stays valid for its lifetime."""

    scopes: dict[str, CachedScope]
    blocks: dict[tuple[str, ...], tuple[str, tuple[MergedHit, ...]]] = field(default_factory=dict)

    def block(self, chosen: Sequence[str], *, budget: int, header: str, max_block_chars: int
              ) -> tuple[str, tuple[MergedHit, ...]]:
        """The block of some cached scopes, in that order (memoized), and the hits it holds."""
        memo = tuple(chosen)
        built = self.blocks.get(memo)
        if built is None:
            built = assemble_cached([(s, self.scopes[s]) for s in memo], budget=budget, header=header,
                                    max_block_chars=max_block_chars)
            if len(self.blocks) < MAX_MEMO_BLOCKS:
                self.blocks[memo] = built
        return built


EMPTY_ENTRY: Final = CacheEntry({})


def identity_key(identity: Identity) -> tuple[str, ...]:
    """The internal user id, or platform:user for an unknown caller (':' never occurs in internal ids)."""
    if identity.internal_user_id is not None:
        return ("user", identity.internal_user_id)
    return ("platform", identity.platform, identity.platform_user_id)


def cache_key(session_id: str, identity: Identity) -> CacheKey:
    """The key of what one identity, with its current permissions, may see in one session."""
    return (str(session_id), identity_key(identity), identity.allowed_scopes)


def cached_scope(hits: Sequence[MergedHit], *, created: float, max_item_chars: int,
                 header_line: str) -> CachedScope:
    """A scope ready to cache: the hits whose escaped line is not empty, with those lines and their tokens."""
    lines: list[str] = []
    tokens: list[int] = []
    kept: list[MergedHit] = []
    for hit in hits:
        line = item_line(hit.content, max_chars=max_item_chars, header_line=header_line)
        if line is not None:
            kept.append(hit)
            lines.append(line)
            tokens.append(estimate_tokens(line))
    return CachedScope(created, tuple(kept), tuple(lines), tuple(tokens))


def assemble_cached(chosen: Sequence[tuple[str, CachedScope]], *, budget: int, header: str,
                    max_block_chars: int) -> tuple[str, tuple[MergedHit, ...]]:
    """The block for the chosen cached scopes within a token budget and the block bound, and its hits."""
    groups: list[tuple[str, list[str]]] = []
    hits: list[MergedHit] = []
    spent = 0
    for scope, slot in chosen:
        lines: list[str] = []
        for hit, line, tokens in zip(slot.hits, slot.lines, slot.tokens, strict=True):
            if spent + tokens > budget:
                continue
            spent += tokens
            lines.append(line)
            hits.append(hit)
        if lines:
            groups.append((scope, lines))
    if not groups:
        return "", ()
    return assemble(header, groups, max_block_chars=max_block_chars), tuple(hits)


class PrefetchCache:
    """The cached scopes per key, the session epochs that invalidate them, the newest prefetch ticket per key and
    each session's last route confidence; see the module docstring."""

    def __init__(self, *, ttl: float, max_entries: int, clock: Callable[[], float]) -> None:
        self._ttl = ttl
        self._clock = clock
        self._lock = threading.Lock()
        self._entries: LRUCache[CacheKey, CacheEntry] = LRUCache(max_entries)  # TTL is per scope, not per key
        self._epochs: FIFOCache[str, int] = FIFOCache(MAX_TRACKED_SESSIONS)
        self._last_confident: FIFOCache[str, bool] = FIFOCache(MAX_TRACKED_SESSIONS)
        self._latest: dict[CacheKey, int] = {}
        self._tickets = itertools.count(1)
        self._warming: dict[CacheKey, Counter[str]] = {}  # scopes a prefetch is fetching right now, per key

    def now(self) -> float:
        """The cache's clock (injectable for tests)."""
        return self._clock()

    def fresh_entry(self, key: CacheKey) -> CacheEntry | None:
        """The unexpired cached scopes of a key (expired ones are dropped); marks the key recently used."""
        now = self._clock()
        ttl = self._ttl
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            if any(now - slot.created >= ttl for slot in entry.scopes.values()):
                fresh = {scope: slot for scope, slot in entry.scopes.items() if now - slot.created < ttl}
                if not fresh:
                    del self._entries[key]
                    return None
                entry = self._entries[key] = CacheEntry(fresh)
            return entry

    def fresh_scopes(self, key: CacheKey) -> dict[str, CachedScope]:
        entry = self.fresh_entry(key)
        return {} if entry is None else entry.scopes

    def begin_prefetch(self, key: CacheKey) -> tuple[int, int]:
        """A ticket that supersedes every earlier prefetch of the key, and the session's current epoch."""
        ticket = next(self._tickets)
        with self._lock:
            self._latest[key] = ticket
            return ticket, self._epochs.get(key[0], 0)

    def end_prefetch(self, key: CacheKey, ticket: int) -> None:
        """Forget the key's ticket once its newest prefetch is done."""
        with self._lock:
            if self._latest.get(key) == ticket:
                del self._latest[key]

    @contextmanager
    def warming(self, key: CacheKey, scopes: Sequence[str]) -> Iterator[None]:
        """While a prefetch of `scopes` is in flight: `warming_scopes(key)` lists them."""
        with self._lock:
            self._warming.setdefault(key, Counter()).update(scopes)
        try:
            yield
        finally:
            with self._lock:
                counts = self._warming.get(key)
                if counts is not None:
                    counts.subtract(scopes)
                    if not +counts:
                        del self._warming[key]

    def warming_scopes(self, key: CacheKey) -> frozenset[str]:
        """The scopes of `key` that a prefetch in flight is fetching."""
        with self._lock:
            counts = self._warming.get(key)
            return frozenset(s for s, n in counts.items() if n > 0) if counts else frozenset()

    def store(self, key: CacheKey, scopes: dict[str, CachedScope], *, epoch: int, ticket: int | None) -> bool:
        """Add scopes to a key's entry, unless the session was invalidated or a newer prefetch superseded this
        one since it started (`ticket` None: never superseded). Evicts least-recently-used keys."""
        with self._lock:
            if self._epochs.get(key[0], 0) != epoch:
                return False
            if ticket is not None and self._latest.get(key) != ticket:
                return False
            previous = self._entries.get(key)
            merged = {**previous.scopes, **scopes} if previous is not None else dict(scopes)
            self._entries[key] = CacheEntry(merged)
            return True

    def epoch(self, session_id: str) -> int:
        with self._lock:
            return self._epochs.get(str(session_id), 0)

    def invalidate(self, session_id: str) -> int:
        """Forget every cached entry and the last route of a session; returns how many keys were dropped. A
        prefetch of this session still in flight will not store its result."""
        session = str(session_id)
        with self._lock:
            doomed = [k for k in self._entries if k[0] == session]
            for k in doomed:
                del self._entries[k]
            self._epochs[session] = self._epochs.get(session, 0) + 1
            self._last_confident.pop(session, None)
            return len(doomed)

    def note_route(self, session_id: str, confident: bool) -> None:
        with self._lock:
            self._last_confident[str(session_id)] = confident

    def last_route_missed(self, session_id: str) -> bool:
        """True when the session's last routed message had no confident scope."""
        with self._lock:
            return self._last_confident.get(str(session_id)) is False

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)
