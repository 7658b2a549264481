"""Shared helpers of the recall tests: a plane over FakeHindsight, seeding, a recording backend (their own checks:
tests/unit/test_recall_support.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wetopi_memory import MemoryPlane
from wetopi_memory.backends.base import MemoryBackend
from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.config import Config, parse_config
from wetopi_memory.identity import Identity, IdentityResolver
from wetopi_memory.models import (
    BackendHealth,
    BankConfigState,
    BankInfo,
    MemoryRecord,
    RecallQuery,
    ReflectAnswer,
    RetainItem,
    RetainReceipt,
)
from wetopi_memory.recall import RecallCoordinator, RecallObserver
from wetopi_memory.router import RouteDecision

URL = "http://hindsight.test:8888"
BASE_CONFIG = """
backend: {type: hindsight, url: "http://hindsight.test:8888"}
stores:
  personal: {bank_template: "user-{internal_user_id}", recall: {budget: low, max_tokens: 1000}}
  business: {bank: wetopi-business, recall: {budget: mid, max_tokens: 1500}}
  platform: {bank: wetopi-platform, recall: {budget: mid, max_tokens: 2000}}
identity:
  unknown_caller_scopes: [platform]
"""
IDENTITIES = """
users:
  u_alice: {display_name: Alice, allowed_scopes: [personal, business, platform], accounts: ["telegram:1001"]}
  u_bob: {display_name: Bob, allowed_scopes: [personal, business, platform], accounts: ["telegram:2001"]}
  u_ops: {display_name: Ops, allowed_scopes: [platform], accounts: ["telegram:3001"]}
"""
BANKS = {"personal": "user-u_alice", "business": "wetopi-business", "platform": "wetopi-platform"}


def run(coro: Any) -> Any:
    return asyncio.run(coro)


class Clock:
    """A manual monotonic clock for TTL tests."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def seed(fake: FakeHindsight, bank: str, text: str, *, type: str = "observation", tags: Sequence[str] = ()) -> None:
    """Put one memory straight into a FakeHindsight bank (retain through the API always stores `world`)."""
    memory_bank = fake._create(bank)
    n = len(memory_bank.memories) + 1
    memory_bank.memories.append({"id": f"{bank}-m{n}", "text": text, "type": type, "context": None,
                                 "document_id": f"{bank}-d{n}", "tags": list(tags), "metadata": None,
                                 "occurred_start": None, "mentioned_at": "2026-01-01T00:00:00Z"})


def recall_requests(fake: FakeHindsight) -> int:
    return sum(1 for _, path in fake.requests if path.endswith("/memories/recall"))


@dataclass
class RecordingBackend:
    """Wraps a backend: records every recall (bank, query); can delay or fail chosen banks."""

    inner: MemoryBackend
    kind: str = "hindsight"
    calls: list[tuple[str, RecallQuery]] = field(default_factory=list)
    delays: dict[str, float] = field(default_factory=dict)
    failures: dict[str, BaseException] = field(default_factory=dict)

    async def recall(self, bank: str, query: RecallQuery) -> list[MemoryRecord]:
        self.calls.append((bank, query))
        if bank in self.delays:
            await asyncio.sleep(self.delays[bank])
        if bank in self.failures:
            raise self.failures[bank]
        return await self.inner.recall(bank, query)

    async def retain(self, bank: str, items: Sequence[RetainItem]) -> RetainReceipt:
        return await self.inner.retain(bank, items)

    async def reflect(self, bank: str, query: str, *, budget: str = "low", max_tokens: int = 2048) -> ReflectAnswer:
        return await self.inner.reflect(bank, query, budget=budget, max_tokens=max_tokens)

    async def health(self) -> BackendHealth:
        return await self.inner.health()

    async def list_banks(self) -> list[BankInfo]:
        return await self.inner.list_banks()

    async def ensure_bank(self, bank: str, name: str) -> BankInfo:
        return await self.inner.ensure_bank(bank, name)

    async def get_config(self, bank: str) -> BankConfigState | None:
        return await self.inner.get_config(bank)

    async def patch_config(self, bank: str, updates: Mapping[str, Any]) -> BankConfigState:
        return await self.inner.patch_config(bank, updates)

    async def aclose(self) -> None:
        await self.inner.aclose()


class CountingObserver(RecallObserver):
    """Records every observer call."""

    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []

    def on_route(self, decision: RouteDecision) -> None:
        self.events.append(("route", decision.confident))

    def on_route_miss(self) -> None:
        self.events.append(("route_miss",))

    def on_cache(self, hit: bool) -> None:
        self.events.append(("cache", hit))

    def on_sync_recall(self, reason: str) -> None:
        self.events.append(("sync", reason))

    def on_recall(self, scope: str, status: str, seconds: float, results: int, tokens: int) -> None:
        self.events.append(("recall", scope, status, results, tokens))

    def on_manual_search_after_miss(self) -> None:
        self.events.append(("manual_after_miss",))

    def names(self) -> list[str]:
        return [e[0] for e in self.events]


def make_config(extra: str = "") -> Config:
    return parse_config(BASE_CONFIG + extra, "c.yaml", {})


@dataclass
class Rig:
    """A plane over one FakeHindsight (through a RecordingBackend) and a coordinator over that plane."""

    fake: FakeHindsight
    backend: RecordingBackend
    plane: MemoryPlane
    coordinator: RecallCoordinator
    clock: Clock
    observer: CountingObserver

    @property
    def alice(self) -> Identity:
        return self.plane.identify("telegram", "1001")

    @property
    def bob(self) -> Identity:
        return self.plane.identify("telegram", "2001")

    @property
    def ops(self) -> Identity:
        return self.plane.identify("telegram", "3001")

    @property
    def stranger(self) -> Identity:
        return self.plane.identify("telegram", "9999")


def make_rig(tmp_path: Path, extra: str = "", *, latency: float = 0.0, timeouts: float = 5.0) -> Rig:
    config = make_config(extra)
    ids = tmp_path / "ids.yaml"
    ids.write_text(IDENTITIES)
    resolver = IdentityResolver.from_file(ids, known_scopes=config.stores,
                                          unknown_caller_scopes=config.identity.unknown_caller_scopes)
    fake = FakeHindsight("1.1.0", latency=latency)
    backend = RecordingBackend(HindsightBackend(URL, transport=fake.transport, timeouts=timeouts))
    plane = MemoryPlane(config, identities=resolver, backends={"hindsight": backend})
    clock = Clock()
    observer = CountingObserver()
    coordinator = RecallCoordinator.from_plane(plane, observer=observer, clock=clock)
    return Rig(fake, backend, plane, coordinator, clock, observer)


PLATFORM_FACTS = [
    "Wetopi runs its Kubernetes clusters on RKE2 and deploys them with Argo CD.",
    "The Ceph cluster stores the persistent volumes of the Kubernetes clusters.",
]
BUSINESS_FACTS = ["Managed Hermes pricing for agencies starts at 49 EUR per month per customer."]
PERSONAL_FACTS = ["Alice prefers OpenSearch for centralized logs of the Kubernetes clusters."]


def seed_defaults(fake: FakeHindsight) -> None:
    for text in PLATFORM_FACTS:
        seed(fake, BANKS["platform"], text)
    for text in BUSINESS_FACTS:
        seed(fake, BANKS["business"], text)
    for text in PERSONAL_FACTS:
        seed(fake, BANKS["personal"], text)


def seeded_rig(tmp_path: Path, extra: str = "", *, latency: float = 0.0, timeouts: float = 5.0) -> Rig:
    """A rig (`make_rig`) whose fake Hindsight already holds the default facts of every scope (`seed_defaults`)."""
    rig = make_rig(tmp_path, extra, latency=latency, timeouts=timeouts)
    seed_defaults(rig.fake)
    return rig
