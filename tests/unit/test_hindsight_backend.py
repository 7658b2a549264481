"""HindsightBackend against respx: exact requests, both server versions' answers, every error class."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta, timezone
from email.utils import format_datetime
from importlib import metadata
from typing import Any, TypeVar

import httpx
import pytest
import respx

from wetopi_memory.backends.base import MemoryBackend
from wetopi_memory.backends.hindsight import HindsightBackend, HindsightTimeouts
from wetopi_memory.errors import (
    BackendAuthError,
    BackendError,
    BackendProtocolError,
    BackendRequestError,
    BackendTimeoutError,
    BackendUnavailableError,
    BankNotFoundError,
    ConfigError,
)
from wetopi_memory.models import BankInfo, MemoryRecord, RecallQuery, RetainItem

URL = "http://hindsight.test:8888"
KEY = "hsk_SECRET_key_4411"
B = "/v1/default/banks"
SECRET_CONTENT = "ACME password is hunter2"
T = TypeVar("T")


def run(fn: Callable[[HindsightBackend], Awaitable[T]], **kwargs: Any) -> T:
    """Build a backend inside a fresh event loop, run `fn`, always close it."""
    async def main() -> T:
        backend = HindsightBackend(kwargs.pop("url", URL), **kwargs)
        try:
            return await fn(backend)
        finally:
            await backend.aclose()
    return asyncio.run(main())


def body_of(call: Any) -> Any:
    return json.loads(call.request.content)


def fail(fn: Callable[[HindsightBackend], Awaitable[Any]], **kwargs: Any) -> BackendError:
    """Run `fn`, expect a BackendError, and check the key never leaks into it."""
    with pytest.raises(BackendError) as info:
        run(fn, api_key=KEY, **kwargs)
    message = str(info.value)
    assert message.strip(), "error messages are never empty"
    assert "\n" not in message
    assert KEY not in message and KEY not in repr(info.value)
    return info.value


def bank_list(*ids: str, total: int | None = None, offset: int = 0, **extra: Any) -> dict[str, Any]:
    return {"banks": [{"bank_id": i, "name": f"Name {i}", **extra} for i in ids],
            "total": len(ids) if total is None else total, "limit": 100, "offset": offset}


# ---------------------------------------------------------------------- construction and headers


def test_constructor_validation_and_repr_hide_the_key() -> None:
    backend = HindsightBackend(URL + "/", api_key=KEY, timeouts=5)
    try:
        assert isinstance(backend, MemoryBackend)
        assert backend.kind == "hindsight"
        assert backend.url == URL
        assert backend.timeouts == HindsightTimeouts(recall=5, retain=5, reflect=5, config=5)
        assert KEY not in repr(backend) and "auth=yes" in repr(backend)
        assert KEY not in repr(vars(backend))
    finally:
        asyncio.run(backend.aclose())
    assert HindsightTimeouts() == HindsightTimeouts(recall=10, retain=60, reflect=330, config=10)
    assert HindsightTimeouts.uniform(2.5).reflect == 2.5
    with pytest.raises(ValueError):
        HindsightTimeouts(recall=0)
    with pytest.raises(ValueError):
        HindsightBackend(URL, max_inflight=0)
    with pytest.raises(ConfigError):
        HindsightBackend("ftp://hindsight.test")
    with pytest.raises(ConfigError) as info:
        HindsightBackend("http://user:pa55word@hindsight.test")
    assert "pa55word" not in str(info.value)
    with pytest.raises(ConfigError):
        HindsightBackend(URL + "?x=1")


def test_bearer_header_present_with_key_and_user_agent() -> None:
    with respx.mock(base_url=URL) as mock:
        route = mock.get(B).respond(200, json=bank_list())
        run(lambda b: b.list_banks(), api_key=KEY)
    headers = route.calls.last.request.headers
    assert headers["Authorization"] == f"Bearer {KEY}"
    assert headers["User-Agent"] == f"wetopi-memory/{metadata.version('wetopi-memory')}"


def test_no_authorization_header_without_key() -> None:
    with respx.mock(base_url=URL) as mock:
        route = mock.get(B).respond(200, json=bank_list())
        run(lambda b: b.list_banks())
    assert "Authorization" not in route.calls.last.request.headers


# ---------------------------------------------------------------------- recall


def test_recall_sends_exact_body_without_tags() -> None:
    with respx.mock(base_url=URL) as mock:
        route = mock.post(f"{B}/b1/memories/recall").respond(200, json={"results": []})
        assert run(lambda b: b.recall("b1", RecallQuery("who is alice?"))) == []
    assert body_of(route.calls.last) == {"query": "who is alice?", "types": None, "budget": "mid",
                                         "max_tokens": 2048, "include": {"entities": None}, "trace": False}


def test_recall_sends_types_tags_and_tags_match() -> None:
    query = RecallQuery("login problems", types=("observation", "world"), budget="high", max_tokens=512,
                        tags=("customer:acme",), tags_match="any_strict")
    with respx.mock(base_url=URL) as mock:
        route = mock.post(f"{B}/b1/memories/recall").respond(200, json={"results": []})
        run(lambda b: b.recall("b1", query))
    assert body_of(route.calls.last) == {
        "query": "login problems", "types": ["observation", "world"], "budget": "high", "max_tokens": 512,
        "include": {"entities": None}, "trace": False, "tags": ["customer:acme"], "tags_match": "any_strict"}


def test_recall_maps_1x_results_with_nulls() -> None:
    result = {"id": "m1", "text": "ACME had login failures", "type": "observation", "entities": None,
              "context": None, "occurred_start": None, "occurred_end": None,
              "mentioned_at": "2026-08-20T10:30:00Z", "document_id": None, "metadata": None, "chunk_id": None,
              "tags": ["customer:acme"], "source_fact_ids": None,
              "scores": {"final": 0.81, "reranker": None, "semantic": 0.64, "keyword": None}}
    with respx.mock(base_url=URL) as mock:
        mock.post(f"{B}/b1/memories/recall").respond(200, json={"results": [result], "trace": None,
                                                               "entities": None, "chunks": None})
        records = run(lambda b: b.recall("b1", RecallQuery("acme")))
    assert records == [MemoryRecord(id="m1", content="ACME had login failures", type="observation", score=0.81,
                                    tags=("customer:acme",), document_id=None,
                                    occurred_at="2026-08-20T10:30:00Z")]


def test_recall_maps_0_9_results_with_omitted_fields() -> None:
    results = [{"id": "m1", "text": "Alice works at Acme", "type": "world", "occurred_start": "2026-01-02T00:00:00Z",
                "mentioned_at": "2026-03-01T00:00:00Z", "document_id": "doc-7",
                "scores": {"final": 1}},
               {"id": "m2", "text": "Bob likes tea"},
               {"id": "m3", "text": "Carol", "scores": {"final": None}}]
    with respx.mock(base_url=URL) as mock:
        mock.post(f"{B}/b1/memories/recall").respond(200, json={"results": results})
        records = run(lambda b: b.recall("b1", RecallQuery("anything")))
    assert records[0] == MemoryRecord(id="m1", content="Alice works at Acme", type="world", score=1.0, tags=(),
                                      document_id="doc-7", occurred_at="2026-01-02T00:00:00Z")
    assert records[1] == MemoryRecord(id="m2", content="Bob likes tea", type="world", score=0.0)
    assert records[2].score == 0.0


def test_recall_truncates_to_limit() -> None:
    results = [{"id": f"m{i}", "text": f"fact {i}"} for i in range(5)]
    with respx.mock(base_url=URL) as mock:
        mock.post(f"{B}/b1/memories/recall").respond(200, json={"results": results})
        records = run(lambda b: b.recall("b1", RecallQuery("fact", limit=2)))
    assert [r.id for r in records] == ["m0", "m1"]


def test_recall_missing_bank_is_empty_on_both_versions() -> None:
    with respx.mock(base_url=URL) as mock:
        mock.post(f"{B}/gone/memories/recall").respond(200, json={"results": []})  # 0.9.2
        assert run(lambda b: b.recall("gone", RecallQuery("x"))) == []
    with respx.mock(base_url=URL) as mock:
        mock.post(f"{B}/gone/memories/recall").respond(404, json={"detail": "Bank 'gone' not found"})  # 1.x
        assert run(lambda b: b.recall("gone", RecallQuery("x"))) == []


def test_recall_route_not_found_is_a_protocol_error_not_an_empty_bank() -> None:
    with respx.mock(base_url=URL) as mock:
        mock.post(f"{B}/b1/memories/recall").respond(404, json={"detail": "Not Found"})
        error = fail(lambda b: b.recall("b1", RecallQuery("x")))
    assert isinstance(error, BackendProtocolError) and "check the URL" in str(error)


def test_recall_blank_query_sends_nothing() -> None:
    with respx.mock(base_url=URL) as mock:
        error = fail(lambda b: b.recall("b1", RecallQuery("   ")))
        assert mock.calls.call_count == 0
    assert isinstance(error, BackendRequestError)


@pytest.mark.parametrize("payload", [
    [], {"results": None}, {"results": {"a": 1}}, {"nothing": []}, {"results": [{"id": "x"}]},
    {"results": [{"id": "x", "text": 5}]}, {"results": ["text"]},
])
def test_recall_wrong_shapes_are_protocol_errors(payload: Any) -> None:
    with respx.mock(base_url=URL) as mock:
        mock.post(f"{B}/b1/memories/recall").respond(200, json=payload)
        error = fail(lambda b: b.recall("b1", RecallQuery("x")))
    assert isinstance(error, BackendProtocolError) and error.operation == "recall"


def test_malformed_json_is_a_protocol_error() -> None:
    with respx.mock(base_url=URL) as mock:
        mock.post(f"{B}/b1/memories/recall").respond(200, text="<html>proxy says hi", )
        error = fail(lambda b: b.recall("b1", RecallQuery("x")))
    assert isinstance(error, BackendProtocolError) and "not JSON" in str(error)
    with respx.mock(base_url=URL) as mock:
        mock.get(f"{B}/b1/config").respond(200, content=b'{"config": {', headers={"content-type": "application/json"})
        error = fail(lambda b: b.get_config("b1"))
    assert isinstance(error, BackendProtocolError)


# ---------------------------------------------------------------------- retain


def test_retain_sends_exact_body_and_coerces_metadata() -> None:
    loose: dict[str, Any] = {"source": "zendesk", "ticket": 4411, "urgent": True, "ratio": 0.5, "dropped": None}
    items = [
        RetainItem(content="Customer ACME reported login failures.", document_id="ticket-4411",
                   context="support ticket #4411", timestamp=datetime(2026, 8, 20, 10, 30, tzinfo=UTC),
                   tags=("customer:acme",), metadata=loose),
        RetainItem(content="Second fact.", document_id="doc-2",
                   timestamp=datetime(2026, 1, 1, 12, 0, tzinfo=timezone(timedelta(hours=2)))),
        RetainItem(content="Naive time.", document_id="doc-3", timestamp=datetime(2026, 1, 1, 12, 0)),
    ]
    with respx.mock(base_url=URL) as mock:
        route = mock.post(f"{B}/b1/memories").respond(200, json={
            "success": True, "bank_id": "b1", "items_count": 3, "async": False, "operation_id": None,
            "operation_ids": None, "usage": {"input_tokens": 1}})
        receipt = run(lambda b: b.retain("b1", items))
    assert body_of(route.calls.last) == {"async": False, "items": [
        {"content": "Customer ACME reported login failures.", "document_id": "ticket-4411",
         "context": "support ticket #4411", "timestamp": "2026-08-20T10:30:00+00:00", "tags": ["customer:acme"],
         "metadata": {"source": "zendesk", "ticket": "4411", "urgent": "true", "ratio": "0.5"}},
        {"content": "Second fact.", "document_id": "doc-2", "timestamp": "2026-01-01T12:00:00+02:00"},
        {"content": "Naive time.", "document_id": "doc-3", "timestamp": "2026-01-01T12:00:00+00:00"},
    ]}
    assert (receipt.bank, receipt.items_count, receipt.operation_id) == ("b1", 3, None)


def test_retain_receipt_from_0_9_omitted_fields_and_operation_id() -> None:
    with respx.mock(base_url=URL) as mock:
        mock.post(f"{B}/b1/memories").respond(200, json={"success": True, "bank_id": "b1", "items_count": 1,
                                                         "async": False})
        receipt = run(lambda b: b.retain("b1", [RetainItem("x", "d")]))
    assert (receipt.items_count, receipt.operation_id) == (1, None)
    with respx.mock(base_url=URL) as mock:
        mock.post(f"{B}/b1/memories").respond(200, json={"success": True, "bank_id": "b1", "items_count": 1,
                                                         "async": True, "operation_id": "op-9"})
        receipt = run(lambda b: b.retain("b1", [RetainItem("x", "d")]))
    assert receipt.operation_id == "op-9"


@pytest.mark.parametrize("items", [
    [RetainItem("x", "d", metadata={"nested": {"a": 1}})],  # type: ignore[dict-item]
    [RetainItem("x", "d", metadata={"list": [1]})],  # type: ignore[dict-item]
    [RetainItem("x", "d", metadata={3: "v"})],  # type: ignore[dict-item]
    [RetainItem("   ", "d")],
    [RetainItem("x", "")],
    [RetainItem("x", "same"), RetainItem("y", "same")],
])
def test_retain_refuses_bad_items_without_a_request(items: list[RetainItem]) -> None:
    with respx.mock(base_url=URL) as mock:
        error = fail(lambda b: b.retain("b1", items))
        assert mock.calls.call_count == 0
    assert isinstance(error, BackendRequestError) and error.operation == "retain"


def test_retain_empty_batch_sends_nothing() -> None:
    with respx.mock(base_url=URL) as mock:
        receipt = run(lambda b: b.retain("b1", []))
        assert mock.calls.call_count == 0
    assert receipt.items_count == 0


@pytest.mark.parametrize("status", [400, 409, 422])
def test_retain_rejections_never_echo_content(status: int) -> None:
    detail = [{"type": "string_type", "loc": ["body", "items", 0, "content"], "msg": "bad",
               "input": SECRET_CONTENT}]
    with respx.mock(base_url=URL) as mock:
        mock.post(f"{B}/b1/memories").respond(status, json={"detail": detail if status == 422 else SECRET_CONTENT})
        error = fail(lambda b: b.retain("b1", [RetainItem(SECRET_CONTENT, "d")]))
    assert isinstance(error, BackendRequestError) and error.status == status
    assert "hunter2" not in str(error)
    assert str(error) == f"Hindsight rejected the retain request (HTTP {status})"


def test_retain_memory_defense_422_is_named_without_content() -> None:
    detail = {"violations": [{"index": 0, "detector": "secret", "message": SECRET_CONTENT}]}
    with respx.mock(base_url=URL) as mock:
        mock.post(f"{B}/b1/memories").respond(422, json={"detail": detail})
        error = fail(lambda b: b.retain("b1", [RetainItem(SECRET_CONTENT, "d")]))
    assert isinstance(error, BackendRequestError)
    assert "memory defense" in str(error) and "hunter2" not in str(error)


def test_retain_404_is_bank_not_found() -> None:
    with respx.mock(base_url=URL) as mock:
        mock.post(f"{B}/b1/memories").respond(404, json={"detail": "Bank 'b1' not found"})
        error = fail(lambda b: b.retain("b1", [RetainItem("x", "d")]))
    assert isinstance(error, BankNotFoundError)


# ---------------------------------------------------------------------- reflect


def test_reflect_on_missing_bank_sends_no_reflect_request() -> None:
    with respx.mock(base_url=URL, assert_all_called=False) as mock:
        listing = mock.get(B).respond(200, json=bank_list("team-a-old", "my-team-a", total=2))
        reflect = mock.post(f"{B}/team-a/reflect").respond(200, json={"text": "created!"})
        answer = run(lambda b: b.reflect("team-a", "what happened?"))
    assert reflect.call_count == 0
    assert listing.calls.last.request.url.params == httpx.QueryParams({"limit": "100", "offset": "0",
                                                                       "q": "team-a"})
    assert (answer.bank, answer.text, answer.supported, answer.based_on) == ("team-a", "", True, ())


def test_reflect_exact_body_and_based_on_mapping() -> None:
    memories = [{"id": "m1", "text": "ACME issue", "type": "world", "context": None, "occurred_start": None,
                 "mentioned_at": "2026-01-01T00:00:00Z", "tags": ["customer:acme"], "document_id": "t-1"},
                {"id": None, "text": "observation text", "type": None}]
    with respx.mock(base_url=URL) as mock:
        mock.get(B).respond(200, json=bank_list("b1"))
        route = mock.post(f"{B}/b1/reflect").respond(200, json={
            "text": "## Answer", "based_on": {"memories": memories, "mental_models": [], "directives": []},
            "structured_output": None, "usage": None, "trace": None})
        answer = run(lambda b: b.reflect("b1", "Summarize ACME", budget="mid", max_tokens=1024))
    assert body_of(route.calls.last) == {"query": "Summarize ACME", "budget": "mid", "max_tokens": 1024,
                                         "include": {"facts": {}}}
    assert answer.text == "## Answer" and answer.supported
    assert answer.based_on == (
        MemoryRecord(id="m1", content="ACME issue", type="world", tags=("customer:acme",), document_id="t-1",
                     occurred_at="2026-01-01T00:00:00Z"),
        MemoryRecord(id="", content="observation text", type="world"))


@pytest.mark.parametrize("payload", [{"text": "mock response", "based_on": None}, {"text": "mock response"},
                                     {"text": "mock response", "based_on": {"memories": None}}])
def test_reflect_without_based_on(payload: dict[str, Any]) -> None:
    with respx.mock(base_url=URL) as mock:
        mock.get(B).respond(200, json=bank_list("b1"))
        mock.post(f"{B}/b1/reflect").respond(200, json=payload)
        answer = run(lambda b: b.reflect("b1", "q"))
    assert answer.text == "mock response" and answer.based_on == ()


@pytest.mark.parametrize("payload", [{"text": None}, {"based_on": {}}, {"text": "x", "based_on": {"memories": 3}},
                                     {"text": "x", "based_on": {"memories": [{"id": "m"}]}}])
def test_reflect_wrong_shapes(payload: dict[str, Any]) -> None:
    with respx.mock(base_url=URL) as mock:
        mock.get(B).respond(200, json=bank_list("b1"))
        mock.post(f"{B}/b1/reflect").respond(200, json=payload)
        error = fail(lambda b: b.reflect("b1", "q"))
    assert isinstance(error, BackendProtocolError)


def test_reflect_without_llm_is_unsupported_not_an_error() -> None:
    detail = "Reflect requires an LLM provider. Current provider is set to 'none'. Configure one."
    with respx.mock(base_url=URL) as mock:
        mock.get(B).respond(200, json=bank_list("b1"))
        mock.post(f"{B}/b1/reflect").respond(400, json={"detail": detail})
        answer = run(lambda b: b.reflect("b1", "q"))
    assert answer.supported is False and answer.text and "LLM" in answer.text and answer.bank == "b1"


def test_reflect_other_400_is_a_request_error_without_body() -> None:
    with respx.mock(base_url=URL) as mock:
        mock.get(B).respond(200, json=bank_list("b1"))
        mock.post(f"{B}/b1/reflect").respond(400, json={"detail": f"bad query {SECRET_CONTENT}"})
        error = fail(lambda b: b.reflect("b1", SECRET_CONTENT))
    assert isinstance(error, BackendRequestError) and "hunter2" not in str(error)


def test_reflect_existence_is_cached_once_positive() -> None:
    async def twice(b: HindsightBackend) -> None:
        await b.reflect("b1", "q1")
        await b.reflect("b1", "q2")

    with respx.mock(base_url=URL) as mock:
        listing = mock.get(B).respond(200, json=bank_list("b1"))
        reflect = mock.post(f"{B}/b1/reflect").respond(200, json={"text": "ok"})
        run(twice)
    assert listing.call_count == 1 and reflect.call_count == 2


def test_reflect_negative_existence_is_not_cached() -> None:
    async def twice(b: HindsightBackend) -> None:
        await b.reflect("b1", "q1")
        await b.reflect("b1", "q2")

    with respx.mock(base_url=URL) as mock:
        listing = mock.get(B).respond(200, json=bank_list())
        run(twice)
    assert listing.call_count == 2


def test_reflect_after_ensure_or_retain_needs_no_listing() -> None:
    async def flow(b: HindsightBackend) -> None:
        await b.ensure_bank("b1", "B1")
        await b.retain("b2", [RetainItem("x", "d")])
        await b.reflect("b1", "q")
        await b.reflect("b2", "q")

    with respx.mock(base_url=URL, assert_all_called=False) as mock:
        listing = mock.get(B).respond(200, json=bank_list())
        mock.put(f"{B}/b1").respond(200, json={"bank_id": "b1", "name": "B1"})
        mock.post(f"{B}/b2/memories").respond(200, json={"success": True, "bank_id": "b2", "items_count": 1,
                                                         "async": False})
        mock.post(f"{B}/b1/reflect").respond(200, json={"text": "a"})
        mock.post(f"{B}/b2/reflect").respond(200, json={"text": "b"})
        run(flow)
        assert mock.calls.call_count == 4
    assert listing.call_count == 0


# ---------------------------------------------------------------------- health and version


def test_health_ok_with_version_and_cached_server_version() -> None:
    async def flow(b: HindsightBackend) -> tuple[Any, str]:
        health = await b.health()
        return health, await b.server_version()

    with respx.mock(base_url=URL) as mock:
        mock.get("/health").respond(200, json={"status": "healthy", "database": "connected"})
        version = mock.get("/version").respond(200, json={"api_version": "0.9.2", "features": {}})
        health, server_version = run(flow, api_key=KEY)
    assert health.ok and health.backend == "hindsight" and health.version == "0.9.2"
    assert health.latency_ms is not None and health.latency_ms >= 0
    assert URL in health.detail and server_version == "0.9.2" and version.call_count == 1


def test_health_unhealthy_503() -> None:
    with respx.mock(base_url=URL) as mock:
        mock.get("/health").respond(503, json={"status": "unhealthy", "database": "error", "error": "x"})
        health = run(lambda b: b.health(), api_key=KEY)
    assert not health.ok and "503" in health.detail and KEY not in health.detail


@pytest.mark.parametrize(("effect", "words"), [
    (httpx.ConnectError("[Errno 111] Connection refused"), "connection refused"),
    (httpx.ConnectError("[Errno -2] Name or service not known"), "DNS lookup failed"),
    (httpx.ConnectTimeout("timed out"), "did not answer"),
    (httpx.ReadTimeout("timed out"), "did not answer"),
    (httpx.RemoteProtocolError("Server disconnected"), "transport error"),
])
def test_health_never_raises_for_a_down_server(effect: Exception, words: str) -> None:
    with respx.mock(base_url=URL) as mock:
        mock.get("/health").mock(side_effect=effect)
        health = run(lambda b: b.health(), api_key=KEY)
    assert not health.ok and words in health.detail and URL in health.detail and KEY not in health.detail


def test_health_against_a_closed_port_reports_connection_refused() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    health = run(lambda b: b.health(), url=f"http://127.0.0.1:{port}", api_key=KEY, timeouts=5)
    assert not health.ok
    assert health.detail == f"cannot reach Hindsight at http://127.0.0.1:{port}: connection refused"


def test_health_ok_when_version_fails() -> None:
    with respx.mock(base_url=URL) as mock:
        mock.get("/health").respond(200, json={"status": "healthy"})
        mock.get("/version").respond(200, json={"features": {}})
        health = run(lambda b: b.health())
    assert health.ok and health.version is None and "version unknown" in health.detail


def test_health_non_json_body_is_not_ok() -> None:
    with respx.mock(base_url=URL) as mock:
        mock.get("/health").respond(200, text="OK")
        health = run(lambda b: b.health())
    assert not health.ok and "not JSON" in health.detail


# ---------------------------------------------------------------------- banks


def _paged(pages: list[list[str]], total: int) -> Callable[[httpx.Request], httpx.Response]:
    def handler(request: httpx.Request) -> httpx.Response:
        offset = int(request.url.params["offset"])
        index = {0: 0, 100: 1, 200: 2}[offset]
        return httpx.Response(200, json=bank_list(*pages[index], total=total, offset=offset))
    return handler


def test_list_banks_paginates_three_pages() -> None:
    pages = [[f"bank-{i:03d}" for i in range(100)], [f"bank-{i:03d}" for i in range(100, 200)],
             [f"bank-{i:03d}" for i in range(200, 250)]]
    with respx.mock(base_url=URL) as mock:
        route = mock.get(B).mock(side_effect=_paged(pages, 250))
        banks = run(lambda b: b.list_banks())
    assert len(banks) == 250 and banks[0] == BankInfo("bank-000", "Name bank-000")
    assert [dict(c.request.url.params) for c in route.calls] == [
        {"limit": "100", "offset": "0"}, {"limit": "100", "offset": "100"}, {"limit": "100", "offset": "200"}]


def test_list_banks_name_fallback_and_duplicates_across_pages() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.params["offset"] == "0":
            return httpx.Response(200, json={"banks": [{"bank_id": "a", "name": None}, {"bank_id": "b"}],
                                             "total": 3, "limit": 100, "offset": 0})
        return httpx.Response(200, json={"banks": [{"bank_id": "b", "name": "B"}], "total": 3, "limit": 100,
                                         "offset": 2})
    with respx.mock(base_url=URL) as mock:
        mock.get(B).mock(side_effect=handler)
        banks = run(lambda b: b.list_banks())
    assert banks == [BankInfo("a", "a"), BankInfo("b", "b")]


def test_list_banks_stops_on_an_empty_page() -> None:
    with respx.mock(base_url=URL) as mock:
        route = mock.get(B).respond(200, json=bank_list(total=10))
        assert run(lambda b: b.list_banks()) == []
    assert route.call_count == 1


@pytest.mark.parametrize("payload", [{"banks": []}, {"banks": None, "total": 0}, {"banks": [{"name": "x"}],
                                     "total": 1}, {"banks": [], "total": "3"}, ["a"]])
def test_list_banks_wrong_shapes(payload: Any) -> None:
    with respx.mock(base_url=URL) as mock:
        mock.get(B).respond(200, json=payload)
        error = fail(lambda b: b.list_banks())
    assert isinstance(error, BackendProtocolError)


def test_find_bank_compares_exactly_across_substring_pages() -> None:
    pages = [[f"x-team-{i}" for i in range(100)], [f"team-{i}-old" for i in range(100)],
             ["team-archive", "team", "ateam"]]
    with respx.mock(base_url=URL) as mock:
        route = mock.get(B).mock(side_effect=_paged(pages, 203))
        found = run(lambda b: b.find_bank("team"))
        assert route.call_count == 3
        assert all(c.request.url.params["q"] == "team" for c in route.calls)
    assert found == BankInfo("team", "Name team")
    with respx.mock(base_url=URL) as mock:
        mock.get(B).mock(side_effect=_paged([pages[0], pages[1], ["team-archive"]], 201))
        assert run(lambda b: b.find_bank("team")) is None


def test_ensure_bank_sends_only_the_name() -> None:
    with respx.mock(base_url=URL) as mock:
        route = mock.put(f"{B}/support-agent").respond(200, json={
            "bank_id": "support-agent", "name": "Support Agent",
            "disposition": {"skepticism": 3, "literalism": 3, "empathy": 3}, "mission": "", "background": ""})
        info = run(lambda b: b.ensure_bank("support-agent", "Support Agent"))
    assert body_of(route.calls.last) == {"name": "Support Agent"}
    assert info == BankInfo("support-agent", "Support Agent")


def test_get_config_state_and_missing_bank_per_version() -> None:
    state = {"bank_id": "b1", "config": {"retain_mission": "m", "retain_custom_instructions": None},
             "overrides": {"retain_mission": "m"}}
    with respx.mock(base_url=URL) as mock:
        mock.get(f"{B}/b1/config").respond(200, json=state)
        got = run(lambda b: b.get_config("b1"))
    assert got is not None and got.bank_id == "b1" and got.overrides == {"retain_mission": "m"}
    assert got.config == {"retain_mission": "m", "retain_custom_instructions": None}
    with respx.mock(base_url=URL) as mock:  # 1.x
        mock.get(f"{B}/gone/config").respond(404, json={"detail": "Bank 'gone' not found"})
        assert run(lambda b: b.get_config("gone")) is None
    with respx.mock(base_url=URL) as mock:  # 0.9.2: defaults for a missing bank (callers use list_banks)
        mock.get(f"{B}/gone/config").respond(200, json={"bank_id": "gone", "config": {"a": 1}, "overrides": {}})
        got = run(lambda b: b.get_config("gone"))
    assert got is not None and got.overrides == {}


def test_get_config_api_disabled_is_a_request_error() -> None:
    detail = ("Bank configuration API is disabled. Set HINDSIGHT_API_ENABLE_BANK_CONFIG_API=true to "
              "re-enable.")
    with respx.mock(base_url=URL) as mock:
        mock.get(f"{B}/b1/config").respond(404, json={"detail": detail})
        error = fail(lambda b: b.get_config("b1"))
    assert isinstance(error, BackendRequestError) and "disabled" in str(error)


@pytest.mark.parametrize("payload", [{"bank_id": "b1", "config": None, "overrides": {}},
                                     {"bank_id": "b1", "config": {}}, "x"])
def test_get_config_wrong_shapes(payload: Any) -> None:
    with respx.mock(base_url=URL) as mock:
        mock.get(f"{B}/b1/config").respond(200, json=payload)
        error = fail(lambda b: b.get_config("b1"))
    assert isinstance(error, BackendProtocolError)


def test_patch_config_sends_updates_with_null_clearing() -> None:
    updates = {"retain_mission": "Extract issues.", "disposition_empathy": 5,
               "HINDSIGHT_API_RECALL_BUDGET_FUNCTION": "adaptive", "retain_custom_instructions": None}
    reply = {"bank_id": "b1", "config": {"retain_mission": "Extract issues."},
             "overrides": {"retain_mission": "Extract issues.", "disposition_empathy": 5,
                           "recall_budget_function": "adaptive"}}
    with respx.mock(base_url=URL) as mock:
        route = mock.patch(f"{B}/b1/config").respond(200, json=reply)
        state = run(lambda b: b.patch_config("b1", updates))
    assert route.calls.last.request.content.count(b'"retain_custom_instructions":null') == 1
    assert body_of(route.calls.last) == {"updates": updates}
    assert state.overrides == reply["overrides"]


def test_patch_config_refuses_empty_or_bad_updates_without_a_request() -> None:
    with respx.mock(base_url=URL) as mock:
        assert isinstance(fail(lambda b: b.patch_config("b1", {})), BackendRequestError)
        assert isinstance(fail(lambda b: b.patch_config("b1", {"x": object()})), BackendRequestError)
        assert isinstance(fail(lambda b: b.patch_config("b1", {"x": float("nan")})), BackendRequestError)
        assert mock.calls.call_count == 0


@pytest.mark.parametrize(("status", "detail", "expected"), [
    (400, "Unknown configuration fields: ['retain_missoin']", "Unknown configuration fields: ['retain_missoin']"),
    (400, "Cannot override static (server-level) fields: ['llm_model']. Only configurable fields can be "
          "overridden per-bank.", "Cannot override static (server-level) fields: ['llm_model']"),
    (409, "Bank was deleted concurrently", "Bank was deleted concurrently"),
    (422, "invalid memory_defense policy: rules must be a list", "invalid memory_defense policy"),
    (422, [{"type": "dict_type", "loc": ["body", "updates"], "msg": "Input should be a valid dictionary",
            "input": SECRET_CONTENT}], "updates: Input should be a valid dictionary"),
])
def test_patch_config_rejections_carry_the_server_detail(status: int, detail: Any, expected: str) -> None:
    with respx.mock(base_url=URL) as mock:
        mock.patch(f"{B}/b1/config").respond(status, json={"detail": detail})
        error = fail(lambda b: b.patch_config("b1", {"retain_missoin": "x"}))
    assert isinstance(error, BackendRequestError) and error.status == status
    assert expected in str(error) and f"HTTP {status}" in str(error) and "hunter2" not in str(error)


def test_config_detail_is_truncated_and_scrubbed() -> None:
    with respx.mock(base_url=URL) as mock:
        mock.patch(f"{B}/b1/config").respond(400, json={"detail": f"bad key {KEY} " + "y" * 1000})
        error = fail(lambda b: b.patch_config("b1", {"a": 1}))
    assert "***" in str(error) and len(str(error)) < 420 and str(error).endswith("…")


def test_ensure_bank_400_carries_detail() -> None:
    with respx.mock(base_url=URL) as mock:
        mock.put(f"{B}/b1").respond(400, json={"detail": "disposition_empathy must be an integer between 1 "
                                                         "and 5, got 7"})
        error = fail(lambda b: b.ensure_bank("b1", "B"))
    assert isinstance(error, BackendRequestError) and "between 1 and 5" in str(error)


# ---------------------------------------------------------------------- error mapping, every operation

OPS: dict[str, tuple[str, str, Callable[[HindsightBackend], Awaitable[Any]]]] = {
    "recall": ("POST", f"{B}/b1/memories/recall", lambda b: b.recall("b1", RecallQuery(SECRET_CONTENT))),
    "retain": ("POST", f"{B}/b1/memories", lambda b: b.retain("b1", [RetainItem(SECRET_CONTENT, "d")])),
    "reflect": ("POST", f"{B}/b1/reflect", lambda b: b.reflect("b1", SECRET_CONTENT)),
    "list_banks": ("GET", B, lambda b: b.list_banks()),
    "ensure_bank": ("PUT", f"{B}/b1", lambda b: b.ensure_bank("b1", "B1")),
    "get_config": ("GET", f"{B}/b1/config", lambda b: b.get_config("b1")),
    "patch_config": ("PATCH", f"{B}/b1/config", lambda b: b.patch_config("b1", {"retain_mission": "m"})),
    "version": ("GET", "/version", lambda b: b.server_version()),
}


def _mock_op(mock: respx.MockRouter, op: str, **response: Any) -> respx.Route:
    method, path, _ = OPS[op]
    if op == "reflect":
        mock.get(B).respond(200, json=bank_list("b1"))
    return mock.route(method=method, path=path).mock(**response)


@pytest.mark.parametrize("op", sorted(OPS))
@pytest.mark.parametrize("status", [401, 403])
def test_auth_failures(op: str, status: int) -> None:
    with respx.mock(base_url=URL) as mock:
        _mock_op(mock, op, return_value=httpx.Response(status, json={
            "detail": "Authentication failed: Invalid API key"}))
        error = fail(OPS[op][2])
    assert isinstance(error, BackendAuthError) and error.status == status
    if status == 401:
        assert str(error) == f"Hindsight at {URL} rejected the API key (HTTP 401)"
    else:
        assert f"Hindsight at {URL}" in str(error) and "HTTP 403" in str(error)


@pytest.mark.parametrize("op", sorted(OPS))
@pytest.mark.parametrize("status", [500, 502, 504])
def test_server_errors_are_unavailable_with_status(op: str, status: int) -> None:
    with respx.mock(base_url=URL) as mock:
        _mock_op(mock, op, return_value=httpx.Response(status, json={"detail": SECRET_CONTENT}))
        error = fail(OPS[op][2])
    assert type(error) is BackendUnavailableError and error.status == status and error.transient
    assert error.retry_after is None and "hunter2" not in str(error) and f"HTTP {status}" in str(error)


@pytest.mark.parametrize("op", sorted(OPS))
def test_503_with_retry_after(op: str) -> None:
    with respx.mock(base_url=URL) as mock:
        _mock_op(mock, op, return_value=httpx.Response(
            503, headers={"Retry-After": "30"}, json={"detail": "Server is at capacity for 'recall'"}))
        error = fail(OPS[op][2])
    assert isinstance(error, BackendUnavailableError) and error.retry_after == 30.0 and error.status == 503


def test_503_without_or_with_unreadable_or_date_retry_after() -> None:
    for headers, expected in (({}, None), ({"Retry-After": "soon"}, None), ({"Retry-After": "1.5"}, 1.5)):
        with respx.mock(base_url=URL) as mock:
            mock.post(f"{B}/b1/memories/recall").respond(503, headers=headers, json={"detail": "closed"})
            error = fail(OPS["recall"][2])
        assert isinstance(error, BackendUnavailableError) and error.retry_after == expected
    when = format_datetime(datetime.now(UTC) + timedelta(seconds=120), usegmt=True)
    with respx.mock(base_url=URL) as mock:
        mock.post(f"{B}/b1/memories/recall").respond(503, headers={"Retry-After": when}, json={})
        error = fail(OPS["recall"][2])
    assert isinstance(error, BackendUnavailableError) and error.retry_after is not None
    assert 100 < error.retry_after <= 121


@pytest.mark.parametrize("op", ["recall", "retain", "reflect"])
@pytest.mark.parametrize("status", [400, 409, 422])
def test_data_rejections_never_include_the_body(op: str, status: int) -> None:
    detail: Any = [{"type": "x", "loc": ["body", "query"], "msg": SECRET_CONTENT, "input": SECRET_CONTENT}] \
        if status == 422 else SECRET_CONTENT
    with respx.mock(base_url=URL) as mock:
        _mock_op(mock, op, return_value=httpx.Response(status, json={"detail": detail}))
        error = fail(OPS[op][2])
    assert isinstance(error, BackendRequestError) and not error.counts_as_failure
    assert str(error) == f"Hindsight rejected the {op} request (HTTP {status})"


@pytest.mark.parametrize("op", ["ensure_bank", "patch_config", "get_config"])
def test_bank_route_404_is_bank_not_found(op: str) -> None:
    with respx.mock(base_url=URL) as mock:
        _mock_op(mock, op, return_value=httpx.Response(404, json={"detail": "Bank 'b1' not found"}))
        if op == "get_config":
            assert run(OPS[op][2]) is None
            return
        error = fail(OPS[op][2])
    assert isinstance(error, BankNotFoundError) and "'b1'" in str(error)


def test_reflect_404_after_existence_check_is_bank_not_found() -> None:
    with respx.mock(base_url=URL) as mock:
        _mock_op(mock, "reflect", return_value=httpx.Response(404, json={"detail": "Bank 'b1' not found"}))
        error = fail(OPS["reflect"][2])
    assert isinstance(error, BankNotFoundError)


@pytest.mark.parametrize("op", ["list_banks", "version"])
def test_non_bank_route_404_is_a_protocol_error(op: str) -> None:
    with respx.mock(base_url=URL) as mock:
        _mock_op(mock, op, return_value=httpx.Response(404, json={"detail": "Not Found"}))
        error = fail(OPS[op][2])
    assert isinstance(error, BackendProtocolError) and "check the URL" in str(error)


def test_410_is_a_protocol_error() -> None:
    with respx.mock(base_url=URL) as mock:
        mock.put(f"{B}/b1").respond(410, json={"detail": "gone"})
        assert isinstance(fail(OPS["ensure_bank"][2]), BackendProtocolError)


@pytest.mark.parametrize("op", sorted(OPS))
@pytest.mark.parametrize("exc", [httpx.ReadTimeout("read timed out"), httpx.ConnectTimeout("connect"),
                                 httpx.WriteTimeout("write"), httpx.PoolTimeout("pool")])
def test_timeouts(op: str, exc: Exception) -> None:
    with respx.mock(base_url=URL) as mock:
        _mock_op(mock, op, side_effect=exc)
        error = fail(OPS[op][2])
    assert isinstance(error, BackendTimeoutError) and error.transient and error.operation == op
    expected = {"recall": 10, "retain": 60, "reflect": 330}.get(op, 10)
    assert str(error) == f"Hindsight at {URL} did not answer {op} within {expected}s"


@pytest.mark.parametrize("op", sorted(OPS))
@pytest.mark.parametrize(("exc", "words"), [
    (httpx.ConnectError("[Errno 111] Connection refused"), "connection refused"),
    (httpx.ConnectError("All connection attempts failed"), "connection failed"),
    (httpx.ConnectError("[Errno -3] Temporary failure in name resolution"), "DNS lookup failed"),
    (httpx.ReadError("connection reset"), "transport error (ReadError)"),
    (httpx.RemoteProtocolError("Server disconnected without sending a response."),
     "transport error (RemoteProtocolError)"),
])
def test_transport_failures(op: str, exc: Exception, words: str) -> None:
    with respx.mock(base_url=URL) as mock:
        _mock_op(mock, op, side_effect=exc)
        error = fail(OPS[op][2])
    assert type(error) is BackendUnavailableError and error.transient
    assert str(error) == f"cannot reach Hindsight at {URL}: {words}"


def test_connect_error_classified_from_its_cause() -> None:
    class Failing(httpx.AsyncBaseTransport):
        def __init__(self, cause: Exception) -> None:
            self.cause = cause

        async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
            raise httpx.ConnectError("opaque") from self.cause

    for cause, words in ((socket.gaierror(-2, "boom"), "DNS lookup failed"),
                         (ConnectionRefusedError(111, "nope"), "connection refused")):
        error = fail(lambda b: b.list_banks(), transport=Failing(cause))
        assert str(error) == f"cannot reach Hindsight at {URL}: {words}"


def test_unknown_status_codes_still_map() -> None:
    for status, kind in ((418, BackendRequestError), (429, BackendUnavailableError),
                         (501, BackendUnavailableError), (301, BackendProtocolError),
                         (307, BackendProtocolError)):
        with respx.mock(base_url=URL) as mock:
            mock.get(B).respond(status, json={})
            assert type(fail(lambda b: b.list_banks())) is kind


# ---------------------------------------------------------------------- X-Ignored-Params, bank ids, concurrency


def test_ignored_params_are_logged_without_content(caplog: pytest.LogCaptureFixture) -> None:
    async def flow(b: HindsightBackend) -> tuple[tuple[str, ...], str | None]:
        await b.recall("b1", RecallQuery(SECRET_CONTENT))
        return b.last_ignored_params, b.last_ignored_operation

    with respx.mock(base_url=URL) as mock, caplog.at_level(logging.WARNING, "wetopi_memory.backends.hindsight"):
        mock.post(f"{B}/b1/memories/recall").respond(200, json={"results": []},
                                                     headers={"X-Ignored-Params": "limt, tgas"})
        params, op = run(flow)
    assert params == ("limt", "tgas") and op == "recall"
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert "recall" in warnings[0].getMessage() and "limt, tgas" in warnings[0].getMessage()
    assert "hunter2" not in caplog.text


def test_no_ignored_params_header_means_no_warning(caplog: pytest.LogCaptureFixture) -> None:
    with respx.mock(base_url=URL) as mock, caplog.at_level(logging.WARNING):
        mock.get(B).respond(200, json=bank_list())
        run(lambda b: b.list_banks())
    assert not caplog.records


@pytest.mark.parametrize(("bank", "raw"), [
    ("a%b", b"/v1/default/banks/a%25b/memories/recall"),
    ("q?x#y", b"/v1/default/banks/q%3Fx%23y/memories/recall"),
    ("équipe:ops", b"/v1/default/banks/%C3%A9quipe%3Aops/memories/recall"),
    ("user-42", b"/v1/default/banks/user-42/memories/recall"),
])
def test_bank_ids_are_percent_encoded(bank: str, raw: bytes) -> None:
    with respx.mock(base_url=URL, assert_all_mocked=False) as mock:
        mock.route(method="POST").respond(200, json={"results": []})
        run(lambda b: b.recall(bank, RecallQuery("x")))
        assert mock.calls.last.request.url.raw_path == raw


@pytest.mark.parametrize("bank", ["", "a/b", "a b", "a\tb", "a\nb", "a\x00b", "a\x7fb", ".", "..",
                                  "a\u2028b", "a\u200bb"])
def test_bad_bank_ids_are_refused_before_any_request(bank: str) -> None:
    calls: list[Callable[[HindsightBackend], Awaitable[Any]]] = [
        lambda b: b.recall(bank, RecallQuery("x")), lambda b: b.retain(bank, [RetainItem("x", "d")]),
        lambda b: b.reflect(bank, "x"), lambda b: b.ensure_bank(bank, "n"), lambda b: b.get_config(bank),
        lambda b: b.patch_config(bank, {"a": 1}), lambda b: b.find_bank(bank)]
    with respx.mock(base_url=URL, assert_all_mocked=False) as mock:
        for call in calls:
            error = fail(call)
            assert isinstance(error, BackendRequestError) and error.operation is not None
        assert mock.calls.call_count == 0


def test_non_serializable_updates_and_non_standard_errors_stay_typed() -> None:
    class Exploding(httpx.AsyncBaseTransport):
        async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
            raise httpx.DecodingError("bad gzip")

    error = None
    try:
        run(lambda b: b.list_banks(), transport=Exploding())
    except BackendError as exc:
        error = exc
    assert isinstance(error, BackendUnavailableError)


def test_backend_survives_a_new_event_loop() -> None:
    class Slowish(httpx.AsyncBaseTransport):
        async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
            await asyncio.sleep(0.005)
            return httpx.Response(200, json={"results": []})

    backend = HindsightBackend(URL, transport=Slowish(), max_inflight=2)

    async def burst() -> int:
        results = await asyncio.gather(*(backend.recall("b1", RecallQuery(f"q{i}")) for i in range(6)))
        return len(results)

    assert asyncio.run(burst()) == 6  # the pool is bound to this loop
    assert asyncio.run(burst()) == 6  # a later asyncio.run (the CLI) gets a fresh pool
    asyncio.run(backend.aclose())


# ------------------------------------------------------------------ check_access (status: are the credentials good)


def _authorized(request: httpx.Request) -> bool:
    return request.headers.get("Authorization") == f"Bearer {KEY}"


def test_check_access_reports_a_refused_key_apart_from_an_unreachable_server() -> None:
    with respx.mock(base_url=URL) as mock:
        route = mock.get(B).mock(return_value=httpx.Response(401, json={"detail": "Authentication failed: "
                                                                                   "Invalid API key"}))
        check = run(lambda b: b.check_access(), api_key=KEY)
    assert (check.state, check.ok) == ("refused", False)
    assert "rejected the API key (HTTP 401)" in check.detail and KEY not in check.detail
    assert route.calls.last.request.url.params["limit"] == "1" and _authorized(route.calls.last.request)
    with respx.mock(base_url=URL) as mock:
        mock.get(B).mock(side_effect=httpx.ConnectError("refused"))
        down = run(lambda b: b.check_access(), api_key=KEY)
    assert (down.state, down.ok) == ("unreachable", False) and "cannot reach" in down.detail


def test_check_access_without_a_configured_key_says_one_is_required() -> None:
    with respx.mock(base_url=URL) as mock:
        mock.get(B).mock(return_value=httpx.Response(401, json={"detail": "Authentication failed"}))
        check = run(lambda b: b.check_access())
    assert check.state == "refused" and "none is configured" in check.detail


def test_check_access_accepts_a_key_the_server_enforces() -> None:
    with respx.mock(base_url=URL) as mock:
        route = mock.get(B).mock(side_effect=lambda request: httpx.Response(
            200 if _authorized(request) else 401, json=bank_list() if _authorized(request) else {"detail": "no"}))
        check = run(lambda b: b.check_access(), api_key=KEY)
    assert (check.state, check.ok) == ("accepted", True)
    assert [_authorized(c.request) for c in route.calls] == [True, False]  # the second read goes without the key
    assert "Authorization" not in route.calls[1].request.headers


@pytest.mark.parametrize("api_key", [KEY, None])
def test_check_access_says_auth_is_not_enforced_when_the_server_answers_anyone(api_key: str | None) -> None:
    with respx.mock(base_url=URL) as mock:
        mock.get(B).mock(return_value=httpx.Response(200, json=bank_list()))
        check = run(lambda b: b.check_access(), api_key=api_key)
    assert (check.state, check.ok) == ("not_enforced", True) and "auth: not enforced" in check.detail


@pytest.mark.parametrize(("status", "state"), [(403, "refused"), (503, "unreachable"), (500, "unreachable"),
                                               (404, "failed")])
def test_check_access_maps_other_answers(status: int, state: str) -> None:
    with respx.mock(base_url=URL) as mock:
        mock.get(B).mock(return_value=httpx.Response(status, json={"detail": "x"}))
        check = run(lambda b: b.check_access(), api_key=KEY)
    assert check.state == state and not check.ok and KEY not in check.detail
