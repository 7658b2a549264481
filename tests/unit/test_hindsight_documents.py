"""HindsightBackend's documents against respx: the exact requests, both versions' answers (as observed on real
0.9.2 and 1.1.0 servers), and every way an answer can be wrong."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import httpx
import pytest
import respx

from wetopi_memory.backends.base import StoredDocument
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.errors import BackendError, BackendProtocolError, BackendRequestError

URL = "http://hindsight.test:8888"
B = "/v1/default/banks"
T = TypeVar("T")


def run(fn: Callable[[HindsightBackend], Awaitable[T]]) -> T:
    async def main() -> T:
        backend = HindsightBackend(URL, api_key="k")
        try:
            return await fn(backend)
        finally:
            await backend.aclose()

    return asyncio.run(main())


def listed(doc_id: str, **extra: Any) -> dict[str, Any]:
    """A document list item as 0.9.2 and 1.1.0 return it."""
    return {"id": doc_id, "bank_id": "b", "content_hash": "x", "created_at": "2026-12-01T16:22:29.9+00:00",
            "updated_at": "2026-12-01T16:22:29.9+00:00", "text_length": 51, "memory_unit_count": 5,
            "retain_params": {"metadata": {"source_ref": "src:abc"}, "event_date": "2025-01-02T10:00:00+00:00"},
            "document_metadata": {"source_ref": "src:abc", "n": "1"}, "tags": ["src:abc", "t1"], **extra}


async def collect(backend: HindsightBackend, bank: str, **kwargs: Any) -> list[StoredDocument]:
    return [d async for d in backend.iter_documents(bank, **kwargs)]


def test_list_sends_every_tag_with_all_strict_and_pages_until_total() -> None:
    with respx.mock(base_url=URL) as mock:
        route = mock.get(f"{B}/b/documents").mock(side_effect=[
            httpx.Response(200, json={"items": [listed("d1"), listed("d2")], "total": 3, "limit": 2, "offset": 0}),
            httpx.Response(200, json={"items": [listed("d3")], "total": 3, "limit": 100, "offset": 2})])
        documents = run(lambda b: collect(b, "b", tags=["src:abc", "t1", "src:abc", ""]))
    assert [d.document_id for d in documents] == ["d1", "d2", "d3"]
    first = route.calls[0].request.url.params
    assert first.get_list("tags") == ["src:abc", "t1"]
    assert first["tags_match"] == "all_strict" and first["offset"] == "0" and first["limit"] == "100"
    assert route.calls[1].request.url.params["offset"] == "2"
    assert documents[0] == StoredDocument("d1", None, ("src:abc", "t1"), {"source_ref": "src:abc", "n": "1"},
                                          "2025-01-02T10:00:00+00:00")


def test_without_a_retain_timestamp_the_server_creation_time_is_used() -> None:
    item = listed("d1", retain_params=None, document_metadata=None, tags=[])
    with respx.mock(base_url=URL) as mock:
        mock.get(f"{B}/b/documents").respond(200, json={"items": [item], "total": 1, "limit": 100, "offset": 0})
        [document] = run(lambda b: collect(b, "b"))
    assert document == StoredDocument("d1", None, (), {}, "2026-12-01T16:22:29.9+00:00")


def test_tags_come_back_in_one_order_whatever_order_the_server_lists_them() -> None:
    items = [listed("d1", tags=["t1", "src:abc"]), listed("d2", tags=["src:abc", "t1", "t1"])]
    with respx.mock(base_url=URL) as mock:
        mock.get(f"{B}/b/documents").respond(200, json={"items": items, "total": 2, "limit": 100, "offset": 0})
        documents = run(lambda b: collect(b, "b"))
    assert [d.tags for d in documents] == [("src:abc", "t1"), ("src:abc", "t1")]


@pytest.mark.parametrize(("status", "body", "expected"), [
    (200, {"items": [], "total": 0, "limit": 100, "offset": 0}, []),  # 0.9.2: a missing bank lists empty
    (404, {"detail": "Bank 'b' not found"}, []),  # 1.x
])
def test_missing_bank_yields_nothing(status: int, body: dict[str, Any], expected: list[Any]) -> None:
    with respx.mock(base_url=URL) as mock:
        mock.get(f"{B}/b/documents").respond(status, json=body)
        assert run(lambda b: collect(b, "b")) == expected


@pytest.mark.parametrize("body", [{"items": "nope", "total": 1}, {"items": [], "total": "1"},
                                  {"items": [{"id": ""}], "total": 1},
                                  {"items": [{"id": "d", "tags": "x"}], "total": 1}])
def test_wrong_shaped_list_is_a_protocol_error(body: dict[str, Any]) -> None:
    with respx.mock(base_url=URL) as mock:
        mock.get(f"{B}/b/documents").respond(200, json=body)
        with pytest.raises(BackendProtocolError, match="unexpected shape"):
            run(lambda b: collect(b, "b"))


def test_a_route_the_server_lacks_is_an_error_not_an_empty_bank() -> None:
    with respx.mock(base_url=URL) as mock:
        mock.get(f"{B}/b/documents").respond(404, json={"detail": "Not Found"})
        with pytest.raises(BackendError):
            run(lambda b: collect(b, "b"))


def test_with_content_reads_original_text_and_keeps_null() -> None:
    with respx.mock(base_url=URL) as mock:
        mock.get(f"{B}/b/documents").respond(
            200, json={"items": [listed("a/1"), listed("d2")], "total": 2, "limit": 100, "offset": 0})
        first = mock.get(f"{B}/b/documents/a%2F1").respond(200, json={**listed("a/1"), "original_text": "Hello."})
        mock.get(f"{B}/b/documents/d2").respond(200, json={**listed("d2"), "original_text": None})
        documents = run(lambda b: collect(b, "b", with_content=True))
    assert [d.content for d in documents] == ["Hello.", None]
    assert first.called


def test_delete_document_true_then_false_on_404_document_not_found() -> None:
    with respx.mock(base_url=URL) as mock:
        route = mock.delete(f"{B}/b/documents/d1").mock(side_effect=[
            httpx.Response(200, json={"success": True, "message": "ok", "document_id": "d1",
                                      "memory_units_deleted": 5}),
            httpx.Response(404, json={"detail": "Document not found"})])
        assert run(lambda b: b.delete_document("b", "d1")) is True
        assert run(lambda b: b.delete_document("b", "d1")) is False
    assert route.call_count == 2


def test_delete_document_server_failure_is_an_error() -> None:
    with respx.mock(base_url=URL) as mock:
        mock.delete(f"{B}/b/documents/d1").respond(500, json={"detail": "boom"})
        with pytest.raises(BackendError):
            run(lambda b: b.delete_document("b", "d1"))


def test_delete_document_refuses_an_empty_id_before_sending() -> None:
    with respx.mock(base_url=URL, assert_all_called=False), \
            pytest.raises(BackendRequestError, match="document id"):
        run(lambda b: b.delete_document("b", ""))


def test_delete_bank_only_deletes_a_listed_bank() -> None:
    """The server answers 200 for a missing bank too, so existence comes from the bank list."""
    banks = {"banks": [{"bank_id": "b", "name": "B"}], "total": 1}
    with respx.mock(base_url=URL) as mock:
        mock.get(B).mock(side_effect=[httpx.Response(200, json=banks),
                                      httpx.Response(200, json={"banks": [], "total": 0})])
        delete = mock.delete(f"{B}/b").respond(200, json={"success": True, "deleted_count": 21})
        assert run(lambda b: b.delete_bank("b")) is True
        assert run(lambda b: b.delete_bank("b")) is False
    assert delete.call_count == 1


def test_put_documents_is_one_synchronous_retain_keeping_everything() -> None:
    documents = [StoredDocument("d1", "Text one.", ("src:abc", "t"), {"source_ref": "src:abc"},
                                "2025-01-02T10:00:00+00:00"),
                 StoredDocument("d2", "Text two.", (), {}, None)]
    with respx.mock(base_url=URL) as mock:
        route = mock.post(f"{B}/b/memories").respond(200, json={"success": True, "items_count": 2})
        assert run(lambda b: b.put_documents("b", documents)) == 2
    body = json.loads(route.calls[0].request.content)
    assert body["async"] is False
    assert body["items"] == [
        {"content": "Text one.", "document_id": "d1", "timestamp": "2025-01-02T10:00:00+00:00",
         "tags": ["src:abc", "t"], "metadata": {"source_ref": "src:abc"}},
        {"content": "Text two.", "document_id": "d2"}]


def test_put_documents_with_nothing_sends_nothing() -> None:
    with respx.mock(base_url=URL, assert_all_called=False) as mock:
        route = mock.post(f"{B}/b/memories")
        assert run(lambda b: b.put_documents("b", [])) == 0
    assert not route.called


def test_a_bank_that_changes_between_pages_shifts_the_next_offset() -> None:
    """Newest first: a document retained meanwhile pushes the unseen ones one place down; ask for them there."""
    with respx.mock(base_url=URL) as mock:
        route = mock.get(f"{B}/b/documents").mock(side_effect=[
            httpx.Response(200, json={"items": [listed("d3"), listed("d2")], "total": 3, "limit": 2, "offset": 0}),
            httpx.Response(200, json={"items": [listed("d2")], "total": 4, "limit": 2, "offset": 2}),
            httpx.Response(200, json={"items": [listed("d2"), listed("d1")], "total": 4, "limit": 2, "offset": 3})])
        documents = run(lambda b: collect(b, "b"))
    assert [d.document_id for d in documents] == ["d3", "d2", "d1"]
    assert [call.request.url.params["offset"] for call in route.calls] == ["0", "2", "3"]
