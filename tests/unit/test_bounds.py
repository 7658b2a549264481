"""Bounded everything: a backend answer is read only up to `backend.max_response_bytes`, and `memory_reflect` holds
Hermes' thread at most its bound (at once when the breaker is open)."""

from __future__ import annotations

import asyncio
import gzip
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest
from pydantic import ValidationError

from tests.unit import test_hermes_plugin as plugin_tests
from tests.unit.test_hermes_plugin import ALICE, turn
from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.backends.resilience import ResilientBackend
from wetopi_memory.config import BackendSettings
from wetopi_memory.config.backend import DEFAULT_MAX_RESPONSE_BYTES
from wetopi_memory.errors import BackendError, BackendUnavailableError
from wetopi_memory.hermes import tools
from wetopi_memory.models import RecallQuery, RetainItem

make = plugin_tests.make  # the plugin fixtures of test_hermes_plugin
runtime = plugin_tests.runtime
URL = "http://hindsight.test"
CHUNK = 64 * 1024


class Endless(httpx.AsyncByteStream):
    """A body of `total` bytes served in chunks, counting how many the client pulled."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.pulled = 0
        self.closed = False

    async def __aiter__(self) -> AsyncIterator[bytes]:
        while self.pulled < self.total:
            self.pulled += CHUNK
            yield b"x" * CHUNK

    async def aclose(self) -> None:
        self.closed = True


class HugeAnswer(httpx.AsyncBaseTransport):
    """Every request gets a 200 whose body is `total` bytes (or the given gzip bomb)."""

    def __init__(self, total: int = 50 * 1024 * 1024, *, body: bytes | None = None, gzipped: bool = False) -> None:
        self.stream = Endless(total)
        self.body = body
        self.gzipped = gzipped

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        headers = {"content-type": "application/json"}
        if self.body is not None:
            if self.gzipped:
                headers["content-encoding"] = "gzip"
            return httpx.Response(200, headers=headers, content=self.body, request=request)
        return httpx.Response(200, headers=headers, stream=self.stream, request=request)


def recall_with(transport: httpx.AsyncBaseTransport, **kwargs: Any) -> Any:
    async def go() -> Any:
        backend = HindsightBackend(URL, transport=transport, **kwargs)
        try:
            return await backend.recall("wetopi-platform", RecallQuery(query="argo"))
        finally:
            await backend.aclose()

    return asyncio.run(go())


def test_a_50_mb_answer_is_cut_at_the_cap_with_one_line() -> None:
    transport = HugeAnswer()
    with pytest.raises(BackendError) as raised:
        recall_with(transport)
    message = str(raised.value)
    assert "\n" not in message and f"larger than {DEFAULT_MAX_RESPONSE_BYTES} bytes" in message
    assert "max_response_bytes" in message and not raised.value.transient
    assert transport.stream.pulled <= DEFAULT_MAX_RESPONSE_BYTES + CHUNK  # stopped reading: 8 MiB, not 50 MB
    assert transport.stream.closed


def test_the_cap_is_configurable_and_counts_decompressed_bytes() -> None:
    bomb = gzip.compress(b" " * (2 * 1024 * 1024))  # about 2 KB on the wire, 2 MiB once decoded
    assert len(bomb) < 64 * 1024
    with pytest.raises(BackendError, match="larger than 1048576 bytes"):
        recall_with(HugeAnswer(body=bomb, gzipped=True), max_response_bytes=1024 * 1024)


def test_an_answer_under_the_cap_is_read_whole_and_decoded() -> None:
    answer = json.dumps({"results": [{"id": "m1", "text": "Argo CD syncs the clusters", "type": "world"}]}).encode()
    records = recall_with(HugeAnswer(body=gzip.compress(answer), gzipped=True), max_response_bytes=64 * 1024)
    assert [r.content for r in records] == ["Argo CD syncs the clusters"]


def test_a_small_cap_still_serves_a_real_round_trip() -> None:
    fake = FakeHindsight()

    async def go() -> list[str]:
        backend = HindsightBackend(URL, transport=fake.transport, max_response_bytes=64 * 1024)
        try:
            await backend.retain("wetopi-platform", [RetainItem(content="Argo CD syncs every cluster",
                                                                document_id="d1")])
            return [r.content for r in await backend.recall("wetopi-platform", RecallQuery(query="argo"))]
        finally:
            await backend.aclose()

    assert asyncio.run(go()) == ["Argo CD syncs every cluster"]


def test_the_cap_setting_has_bounds() -> None:
    assert BackendSettings().max_response_bytes == DEFAULT_MAX_RESPONSE_BYTES == 8 * 1024 * 1024
    assert BackendSettings(max_response_bytes=65536).max_response_bytes == 65536
    for bad in (0, 1024, 2 * 1024 ** 3):
        with pytest.raises(ValidationError):
            BackendSettings(max_response_bytes=bad)
    with pytest.raises(ValueError, match="max_response_bytes"):
        HindsightBackend(URL, max_response_bytes=0)


# -------------------------------------------------------------------------------------------- reflect


def stall_reflect(plugin: Any) -> tuple[ResilientBackend, list[str]]:
    """Make the backend's reflect hang for 60 s; the list records each call that reached it."""
    backend = plugin.plane.acl.registry.backends["local"]
    assert isinstance(backend, ResilientBackend)
    reached: list[str] = []

    async def stalled(bank: str, *_: Any, **__: Any) -> Any:
        reached.append(bank)
        await asyncio.sleep(60)

    backend.inner.reflect = stalled  # type: ignore[method-assign]
    return backend, reached


def test_memory_reflect_is_bounded_by_default_at_15_seconds_or_less(make: Callable[..., Any]) -> None:
    plugin, _ = make()
    assert tools.REFLECT_TOOL_SECONDS <= 15.0
    assert plugin.gateway.config.backend.timeout_for("reflect") >= 120.0  # the bound is the tool's, not the backend's


def test_memory_reflect_on_a_stalled_backend_answers_at_its_bound(make: Callable[..., Any],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tools, "REFLECT_TOOL_SECONDS", 0.5)
    plugin, ctx = make()
    _, reached = stall_reflect(plugin)
    turn(ctx, "s1", ALICE, "hello", close=False)
    out = ctx.tool("memory_reflect", {"query": "what do we run?", "scopes": ["platform"]}, session_id="s1")
    assert reached == ["wetopi-platform"]  # the call did reach the hanging backend, and was cut at the bound
    assert out["error"]["code"] == "timeout", out


def test_memory_reflect_answers_at_once_while_the_breaker_is_open(make: Callable[..., Any]) -> None:
    plugin, ctx = make()
    backend, reached = stall_reflect(plugin)
    for _ in range(backend.policy.breaker_threshold):
        backend.breaker.failure(BackendUnavailableError("connection refused"))
    assert backend.breaker.state == "open"
    turn(ctx, "s1", ALICE, "hello", close=False)
    out = ctx.tool("memory_reflect", {"query": "what do we run?", "scopes": ["platform"]}, session_id="s1")
    assert out["error"]["code"] == "backend_unavailable", out
    assert reached == []  # answered without waiting on the hanging backend at all
