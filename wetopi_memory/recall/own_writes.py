"""Read-your-writes: what this plane accepted for retain, visible to the writer's next recalls at once.

A retain is queued durably and delivered in the background, and the backend then needs time to extract facts, so
a recall right after a turn does not return what the turn taught. `OwnWrites` keeps each accepted write for its
writer only (keyed by internal user id: an unknown caller records and sees nothing, another person never sees it,
in personal and shared scopes alike), until a recall returns its document (`settle`) or the TTL passes.

Bounds: `max_per_identity` writes per person (the oldest go first), `max_identities` people (least recently
used go first), `ttl_seconds` per write, `MAX_TEXT_CHARS` per text. One lock guards everything: Hermes calls in
from many threads. Order is deterministic: newest first, ties by the order of recording.

`merge_own_writes` puts the visible writes in front of the backend's merged hits, marked as `source="own_write"`
(and `OWN_WRITE_TYPE` as their type, which tool results show), and drops an own write whose document id or
normalised text a backend hit already has.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final, Protocol

from ..identity import Identity
from ..models import RecallHit
from .merge import (
    NEAR_DUPLICATE_JACCARD,
    NEAR_MIN_TOKENS,
    MergedHit,
    comparison_key,
    jaccard,
    normalize_text,
    token_set,
)
from .tokens import estimate_tokens

__all__ = ["MAX_TEXT_CHARS", "OWN_WRITE_TYPE", "OwnWrite", "OwnWrites", "merge_own_writes"]

OWN_WRITE_TYPE: Final = "own_write"  # RecallHit.type of an own write: accepted here, maybe not in the backend yet
MAX_TEXT_CHARS: Final = 2000
DEFAULT_TTL_SECONDS: Final = 900.0
DEFAULT_MAX_PER_IDENTITY: Final = 64
DEFAULT_MAX_IDENTITIES: Final = 2000
OWN_WRITE_FUSED: Final = 1.0  # above any reciprocal-rank score (at most 1/61): own writes rank first



class ScopeAnswer(Protocol):
    """One scope's part of a recall fan-out, as far as settling own writes needs it."""

    @property
    def scope(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def hits(self) -> Sequence[RecallHit]: ...

@dataclass(frozen=True, slots=True)
class OwnWrite:
    """Something this plane accepted for retain that the backend may not show yet."""

    scope: str
    text: str
    document_id: str
    internal_user_id: str | None  # whose write it is (None: unknown caller)
    at: float  # time.time() when accepted

    def as_hit(self) -> MergedHit:
        """This write as a merged hit: no bank yet, its document id as id, marked `OWN_WRITE_TYPE`."""
        occurred = datetime.fromtimestamp(self.at, UTC).isoformat()
        hit = RecallHit(scope=self.scope, bank="", id=self.document_id, content=self.text, score=0.0,
                        type=OWN_WRITE_TYPE, occurred_at=occurred)
        return MergedHit(hit, OWN_WRITE_FUSED, estimate_tokens(self.text), source="own_write")


class OwnWrites:
    """Accepted-but-maybe-not-yet-recallable writes, per identity; bounded, thread safe."""

    def __init__(self, *, ttl_seconds: float = DEFAULT_TTL_SECONDS, max_per_identity: int = DEFAULT_MAX_PER_IDENTITY,
                 max_identities: int = DEFAULT_MAX_IDENTITIES, clock: Callable[[], float] = time.time) -> None:
        if ttl_seconds <= 0 or max_per_identity < 1 or max_identities < 1:
            raise ValueError("OwnWrites needs ttl_seconds > 0, max_per_identity >= 1 and max_identities >= 1")
        self.ttl_seconds = ttl_seconds
        self.max_per_identity = max_per_identity
        self.max_identities = max_identities
        self.clock = clock
        self._lock = threading.Lock()
        # internal user id → (scope, document id) → write, oldest first; people least recently used first
        self._by_user: OrderedDict[str, OrderedDict[tuple[str, str], OwnWrite]] = OrderedDict()
        self._writers: dict[tuple[str, str], set[str]] = {}  # (scope, document id) → who holds it (for settle)

    def record(self, identity: Identity, scope: str, text: str, document_id: str) -> None:
        """Remember an accepted write for its writer; an unknown caller, an empty text or no id records nothing."""
        user = identity.internal_user_id
        clean = normalize_text(text)[:MAX_TEXT_CHARS]
        if user is None or not clean or not scope or not document_id:
            return
        write = OwnWrite(scope=scope, text=clean, document_id=document_id, internal_user_id=user, at=self.clock())
        key = (scope, document_id)
        with self._lock:
            writes = self._by_user.get(user)
            if writes is None:
                writes = self._by_user[user] = OrderedDict()
            self._by_user.move_to_end(user)
            same_text = comparison_key(clean)
            for old_key in [k for k, w in writes.items() if w.scope == scope and comparison_key(w.text) == same_text]:
                self._remove(user, writes, old_key)
            writes.pop(key, None)
            writes[key] = write
            self._writers.setdefault(key, set()).add(user)
            while len(writes) > self.max_per_identity:
                self._remove(user, writes, next(iter(writes)))
            while len(self._by_user) > self.max_identities:
                self._drop_user(next(iter(self._by_user)))

    def visible(self, identity: Identity, scopes: Collection[str]) -> list[OwnWrite]:
        """This identity's own live writes in `scopes` (already ACL-checked by the caller), newest first."""
        user = identity.internal_user_id
        if user is None or not scopes:
            return []
        wanted = frozenset(scopes)
        oldest = self.clock() - self.ttl_seconds
        with self._lock:
            writes = self._by_user.get(user)
            if writes is None:
                return []
            for key in [k for k, w in writes.items() if w.at <= oldest]:
                self._remove(user, writes, key)
            if not writes:
                self._drop_user(user)
                return []
            self._by_user.move_to_end(user)
            live = [w for w in writes.values() if w.scope in wanted]
        return live[::-1]

    def withdraw(self, identity: Identity, scope: str, document_id: str) -> None:
        """A write shown before it was durably queued did not make it: stop showing it to its writer."""
        user = identity.internal_user_id
        if user is None:
            return
        with self._lock:
            writes = self._by_user.get(user)
            if writes is not None:
                self._remove(user, writes, (scope, document_id))

    def settle(self, scope: str, document_ids: Collection[str]) -> None:
        """The backend now returns these documents of `scope`: stop injecting our copy, for every writer."""
        with self._lock:
            for document_id in document_ids:
                key = (scope, document_id)
                for user in tuple(self._writers.get(key, ())):
                    writes = self._by_user.get(user)
                    if writes is not None:
                        self._remove(user, writes, key)
                        if not writes:
                            self._drop_user(user)

    def settle_answers(self, outcomes: Iterable[ScopeAnswer]) -> None:
        """What each scope that answered returned is recallable now (by its document, else its own id)."""
        for outcome in outcomes:
            if outcome.status == "ok" and outcome.hits:
                self.settle(outcome.scope, [h.document_id or h.id for h in outcome.hits])

    def forget_person(self, internal_user_id: str) -> None:
        """A person is being erased: drop every write of theirs at once."""
        with self._lock:
            self._drop_user(internal_user_id)

    def __len__(self) -> int:
        """How many writes are held, expired ones included until their writer's next `visible`."""
        with self._lock:
            return sum(len(writes) for writes in self._by_user.values())

    def _remove(self, user: str, writes: OrderedDict[tuple[str, str], OwnWrite], key: tuple[str, str]) -> None:
        """Drop one write of `user` (the lock is held)."""
        writes.pop(key, None)
        holders = self._writers.get(key)
        if holders is not None:
            holders.discard(user)
            if not holders:
                del self._writers[key]

    def _drop_user(self, user: str) -> None:
        """Drop every write of `user` (the lock is held)."""
        writes = self._by_user.pop(user, None)
        for key in list(writes or ()):
            holders = self._writers.get(key)
            if holders is not None:
                holders.discard(user)
                if not holders:
                    del self._writers[key]


def merge_own_writes(hits: Sequence[MergedHit], own: Sequence[OwnWrite], *, max_items: int,
                     document_ids: Collection[str] = ()) -> tuple[MergedHit, ...]:
    """Own writes first (as given: newest first), then the backend's hits, at most `max_items` in all.

    An own write is left out when a backend hit is the same memory: its document id is in `document_ids` (the
    documents the backend returned with `hits`) or equals a hit's id, or its normalised text equals a hit's, or
    both are long enough and near-duplicates (the merge's rule, recall/merge.py)."""
    if max_items <= 0:
        return ()
    returned = set(document_ids) | {merged.hit.id for merged in hits} | {
        merged.hit.document_id for merged in hits if merged.hit.document_id}
    keys = {comparison_key(merged.content) for merged in hits}
    words = [token_set(key) for key in keys]
    front: list[MergedHit] = []
    seen: set[str] = set()
    for write in own:
        key = comparison_key(write.text)
        if write.document_id in returned or key in keys or key in seen or _near_any(token_set(key), words):
            continue
        seen.add(key)
        front.append(write.as_hit())
    return (*front, *hits)[:max_items]


def _near_any(words: frozenset[str], others: Sequence[frozenset[str]]) -> bool:
    """Whether `words` is a near-duplicate of any of `others` (both at least NEAR_MIN_TOKENS words)."""
    if len(words) < NEAR_MIN_TOKENS:
        return False
    return any(len(other) >= NEAR_MIN_TOKENS and jaccard(words, other) >= NEAR_DUPLICATE_JACCARD for other in others)
