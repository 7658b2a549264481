"""FakeHindsight: the version differences, config validation and write counting that tests and benchmarks rely on."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import httpx
import pytest

from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend, HindsightTimeouts
from wetopi_memory.backends.hindsight_keys import (
    CONFIGURABLE_DEFAULTS,
    CONFIGURABLE_KEYS,
    EXTRACTION_MODES,
    is_legacy,
    keys_for_version,
    normalize_key,
    version_tuple,
)
from wetopi_memory.errors import (
    BackendAuthError,
    BackendRequestError,
    BackendTimeoutError,
    BackendUnavailableError,
)
from wetopi_memory.models import BankInfo, RecallQuery, RetainItem

URL = "http://fake.hindsight:8888"
B = "/v1/default/banks"
T = TypeVar("T")
VERSIONS = ["0.9.2", "1.1.0"]


def with_backend(fake: FakeHindsight, fn: Callable[[HindsightBackend], Awaitable[T]], **kwargs: Any) -> T:
    async def main() -> T:
        async with HindsightBackend(URL, transport=fake.transport, **kwargs) as backend:
            return await fn(backend)
    return asyncio.run(main())


def raw(fake: FakeHindsight, method: str, path: str, body: Any = None,
        headers: dict[str, str] | None = None) -> httpx.Response:
    """One request on the wire, to see statuses, omitted nulls and headers as the server sends them."""
    async def main() -> httpx.Response:
        async with httpx.AsyncClient(base_url=URL, transport=fake.transport) as client:
            return await client.request(method, path, json=body, headers=headers)
    return asyncio.run(main())


# ---------------------------------------------------------------------- key tables


def test_key_tables_match_the_reference_counts_and_types() -> None:
    assert len(CONFIGURABLE_KEYS["0.9.2"]) == 46 and len(CONFIGURABLE_KEYS["1.1.0"]) == 57
    assert set(CONFIGURABLE_KEYS["0.9.2"]) < set(CONFIGURABLE_KEYS["1.1.0"])
    assert set(CONFIGURABLE_DEFAULTS["1.1.0"]) == set(CONFIGURABLE_KEYS["1.1.0"])
    assert CONFIGURABLE_KEYS["0.9.2"]["disposition_empathy"] == "int | None"
    assert CONFIGURABLE_KEYS["1.1.0"]["recall_budget_adaptive_low"] == "float"
    assert CONFIGURABLE_KEYS["1.1.0"]["default_observation_scopes"] == "str | list | None"
    assert CONFIGURABLE_DEFAULTS["0.9.2"]["retain_chunk_size"] == 3000
    assert "enable_text_search" not in CONFIGURABLE_KEYS["0.9.2"]
    assert "llm_model" not in CONFIGURABLE_KEYS["1.1.0"]
    assert {"concise", "verbose", "custom", "verbatim", "chunks"} == EXTRACTION_MODES


def test_key_helpers() -> None:
    assert normalize_key("HINDSIGHT_API_RETAIN_MISSION") == "retain_mission"
    assert normalize_key("Retain_Mission") == "retain_mission"
    assert version_tuple("1.1.0rc2") == (1, 1, 0) and version_tuple("v0.9.2+local") == (0, 9, 2)
    assert is_legacy("0.9.2") and not is_legacy("0.10.0") and not is_legacy("1.1.0")
    assert keys_for_version("0.9.9") is CONFIGURABLE_KEYS["0.9.2"]
    assert keys_for_version("1.0.4") is CONFIGURABLE_KEYS["1.1.0"]


# ---------------------------------------------------------------------- version differences


def test_missing_bank_reads_per_version() -> None:
    old, new = FakeHindsight("0.9.2"), FakeHindsight("1.1.0")
    answer = raw(old, "GET", f"{B}/nope/config")
    assert answer.status_code == 200 and answer.json()["overrides"] == {}
    assert answer.json()["config"]["retain_chunk_size"] == 3000
    assert answer.json()["config"]["retain_mission"] is None  # config keeps null values on 0.9.2 too
    assert raw(old, "POST", f"{B}/nope/memories/recall", {"query": "x"}).json() == {"results": []}
    assert raw(new, "GET", f"{B}/nope/config").status_code == 404
    missing = raw(new, "POST", f"{B}/nope/memories/recall", {"query": "x"})
    assert missing.status_code == 404 and missing.json() == {"detail": "Bank 'nope' not found"}
    assert old.banks == {} and new.banks == {}  # reads never create


def test_nulls_are_omitted_on_0_9_and_returned_on_1_x() -> None:
    item = {"items": [{"content": "Alice likes tea", "document_id": "d1"}], "async": False}
    old, new = FakeHindsight("0.9.2"), FakeHindsight("1.1.0")
    assert "operation_id" not in raw(old, "POST", f"{B}/b/memories", item).json()
    assert raw(new, "POST", f"{B}/b/memories", item).json()["operation_id"] is None
    old_hit = raw(old, "POST", f"{B}/b/memories/recall", {"query": "alice"}).json()["results"][0]
    new_hit = raw(new, "POST", f"{B}/b/memories/recall", {"query": "alice"}).json()["results"][0]
    assert "context" not in old_hit and "semantic" not in old_hit["scores"]
    assert new_hit["context"] is None and new_hit["scores"]["semantic"] is None


def test_backend_reads_both_versions_identically() -> None:
    async def flow(b: HindsightBackend) -> Any:
        await b.retain("b1", [RetainItem("Alice works at Acme", "d1", tags=("user:alice",))])
        return await b.recall("b1", RecallQuery("where does alice work")), await b.recall("gone", RecallQuery("x"))

    hits_old, gone_old = with_backend(FakeHindsight("0.9.2"), flow)
    hits_new, gone_new = with_backend(FakeHindsight("1.1.0"), flow)
    assert hits_old == hits_new and gone_old == gone_new == []
    assert hits_old[0].content == "Alice works at Acme" and hits_old[0].tags == ("user:alice",)


def test_profile_routes_are_gone_on_1_x() -> None:
    assert raw(FakeHindsight("1.1.0"), "GET", f"{B}/b/profile").status_code == 410
    assert raw(FakeHindsight("0.9.2"), "GET", f"{B}/b/profile").status_code == 404  # not emulated
    assert raw(FakeHindsight(), "GET", "/nowhere").json() == {"detail": "Not Found"}


def test_health_and_version() -> None:
    health = with_backend(FakeHindsight("0.9.2"), lambda b: b.health())
    assert health.ok and health.version == "0.9.2"


# ---------------------------------------------------------------------- config validation


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize(("updates", "detail"), [
    ({"bogus_key": 1}, "Unknown configuration fields: ['bogus_key']"),
    ({"llm_model": "x", "retain_mission": "m"}, "Cannot override static (server-level) fields: ['llm_model']"),
    ({"HINDSIGHT_API_LLM_PROVIDER": "openai"}, "Cannot override static (server-level) fields: ['llm_provider']"),
    ({"llm_api_key": "sk-1"}, "Cannot set credential fields via API: ['llm_api_key']"),
    ({"observations_mission": {"a": 1}}, "observations_mission must be a string, got dict"),
    ({"retain_chunk_size": True}, "retain_chunk_size must be an integer, got bool"),
    ({"enable_observations": "yes"}, "enable_observations must be a boolean, got str"),
    ({"disposition_empathy": 7}, "disposition_empathy must be an integer between 1 and 5, got 7"),
    ({"recall_budget_function": "magic"}, "recall_budget_function must be 'fixed' or 'adaptive'"),
])
def test_patch_config_rejections(version: str, updates: dict[str, Any], detail: str) -> None:
    fake = FakeHindsight(version)
    with pytest.raises(BackendRequestError) as info:
        with_backend(fake, lambda b: b.patch_config("b1", updates))
    assert detail in str(info.value) and info.value.status == 400
    assert fake.banks == {}, "a rejected update creates nothing"


@pytest.mark.parametrize("version", VERSIONS)
def test_every_configurable_key_is_accepted_with_a_value_of_its_type(version: str) -> None:
    samples = {"bool": True, "int": 2, "float": 0.5, "str": "fixed", "list": [], "dict": {}}
    updates = {key: samples[kind.split("|")[0].strip().split("[")[0]]
               for key, kind in CONFIGURABLE_KEYS[version].items()}
    state = with_backend(FakeHindsight(version), lambda b: b.patch_config("b1", updates))
    assert state.overrides == updates


def test_1_x_only_keys_are_unknown_on_0_9() -> None:
    with pytest.raises(BackendRequestError) as info:
        with_backend(FakeHindsight("0.9.2"), lambda b: b.patch_config("b1", {"enable_text_search": False}))
    assert "Unknown configuration fields: ['enable_text_search']" in str(info.value)
    state = with_backend(FakeHindsight("1.1.0"), lambda b: b.patch_config("b1", {"enable_text_search": False}))
    assert state.overrides == {"enable_text_search": False} and state.config["enable_text_search"] is False


@pytest.mark.parametrize("version", VERSIONS)
def test_patch_config_merges_normalizes_and_clears(version: str) -> None:
    async def flow(b: HindsightBackend) -> Any:
        await b.patch_config("b1", {"HINDSIGHT_API_RETAIN_MISSION": "m1", "recall_budget_adaptive_low": 1,
                                    "disposition_empathy": 4})
        second = await b.patch_config("b1", {"retain_extraction_mode": "verbose", "disposition_empathy": None})
        return second, await b.get_config("b1")

    fake = FakeHindsight(version)
    second, fetched = with_backend(fake, flow)
    expected = {"retain_mission": "m1", "recall_budget_adaptive_low": 1, "retain_extraction_mode": "verbose"}
    assert second.overrides == expected and fetched is not None and fetched.overrides == expected
    assert fetched.config["disposition_empathy"] is None and fetched.config["retain_chunk_size"] == 3000
    assert set(fetched.config) == set(CONFIGURABLE_KEYS["0.9.2" if version == "0.9.2" else "1.1.0"])
    assert "b1" in fake.banks, "PATCH config creates the bank"


@pytest.mark.parametrize("version", VERSIONS)
def test_put_bank_is_an_upsert_merge(version: str) -> None:
    fake = FakeHindsight(version)
    first = raw(fake, "PUT", f"{B}/b1", {"name": "First", "mission": "Remember", "disposition": {"empathy": 5}})
    assert first.json()["mission"] == "Remember" and first.json()["disposition"]["empathy"] == 5
    second = raw(fake, "PUT", f"{B}/b1", {"name": "Second", "colour": "blue"})
    assert second.headers["X-Ignored-Params"] == "colour"
    assert second.json()["name"] == "Second" and second.json()["mission"] == "Remember"
    assert fake.banks["b1"].overrides == {"reflect_mission": "Remember", "disposition_empathy": 5}
    assert raw(fake, "PUT", f"{B}/b2", {"disposition_empathy": 9}).status_code == 400
    assert "b2" not in fake.banks


# ---------------------------------------------------------------------- data plane


def test_retain_replaces_by_document_id_and_recall_is_lexical() -> None:
    async def flow(b: HindsightBackend) -> Any:
        await b.retain("b1", [RetainItem("Bob owns a dog", "pets"), RetainItem("Carol drinks coffee", "drinks")])
        await b.retain("b1", [RetainItem("Bob owns a cat", "pets")])
        return await b.recall("b1", RecallQuery("what does bob own")), await b.recall("b1", RecallQuery("zebra"))

    fake = FakeHindsight()
    hits, nothing = with_backend(fake, flow)
    assert [h.content for h in hits] == ["Bob owns a cat"] and nothing == []
    assert len(fake.banks["b1"].memories) == 2 and 0 < hits[0].score <= 1


def test_recall_tag_semantics() -> None:
    fake = FakeHindsight()

    async def flow(b: HindsightBackend) -> dict[str, list[str]]:
        await b.retain("b1", [RetainItem("note alpha", "a", tags=("t1",)), RetainItem("note beta", "b"),
                              RetainItem("note gamma", "g", tags=("t1", "t2"))])
        out = {}
        for mode in ("any", "all", "any_strict", "all_strict"):
            hits = await b.recall("b1", RecallQuery("note", tags=("t1", "t2"), tags_match=mode))
            out[mode] = sorted(h.document_id or "" for h in hits)
        return out

    assert with_backend(fake, flow) == {"any": ["a", "b", "g"], "all": ["b", "g"], "any_strict": ["a", "g"],
                                        "all_strict": ["g"]}


def test_retain_validation_like_the_server() -> None:
    fake = FakeHindsight()
    bad_meta = raw(fake, "POST", f"{B}/b/memories",
                   {"items": [{"content": "x", "document_id": "d", "metadata": {"n": 1}}]})
    assert bad_meta.status_code == 422
    dup = raw(fake, "POST", f"{B}/b/memories",
              {"items": [{"content": "x", "document_id": "d"}, {"content": "y", "document_id": "d"}]})
    assert dup.status_code == 400
    assert raw(fake, "POST", f"{B}/b/memories", {"items": [{"content": "  "}]}).status_code == 422
    assert fake.banks == {}


def test_reflect_through_the_backend_never_creates_a_bank() -> None:
    fake = FakeHindsight()
    answer = with_backend(fake, lambda b: b.reflect("missing", "anything?"))
    assert answer.text == "" and answer.supported and fake.banks == {} and fake.counts["reflect"] == 0
    assert raw(fake, "POST", f"{B}/missing/reflect", {"query": "q"}).status_code == 200
    assert "missing" in fake.banks, "the fake, like the server, creates a bank on a raw reflect"


def test_reflect_answer_and_no_llm() -> None:
    async def flow(b: HindsightBackend) -> Any:
        await b.retain("b1", [RetainItem("Alice prefers Python", "d1", tags=("user:alice",))])
        return await b.reflect("b1", "what does alice prefer")

    answer = with_backend(FakeHindsight(), flow)
    assert answer.text == "fake response" and answer.based_on[0].content == "Alice prefers Python"
    assert answer.based_on[0].document_id == "d1"
    unsupported = with_backend(FakeHindsight(llm=False), flow)
    assert unsupported.supported is False and unsupported.text


def test_list_banks_substring_query_and_pagination() -> None:
    fake = FakeHindsight()
    for i in range(230):
        raw(fake, "PUT", f"{B}/team-{i:03d}", {"name": f"Team {i}"})
    raw(fake, "PUT", f"{B}/ops", {"name": "Operations"})
    banks = with_backend(fake, lambda b: b.list_banks())
    assert len(banks) == 231 and fake.counts["list_banks"] == 3
    page = raw(fake, "GET", f"{B}?q=OPER&limit=100&offset=0").json()
    assert page["total"] == 1 and page["banks"][0]["bank_id"] == "ops"
    assert with_backend(fake, lambda b: b.find_bank("team-01")) is None
    assert with_backend(fake, lambda b: b.find_bank("team-010")) == BankInfo("team-010", "Team 10")


# ---------------------------------------------------------------------- auth, latency, faults, counting


def test_auth() -> None:
    fake = FakeHindsight(api_key="k-123")
    with pytest.raises(BackendAuthError):
        with_backend(fake, lambda b: b.list_banks(), api_key="wrong")
    with pytest.raises(BackendAuthError):
        with_backend(fake, lambda b: b.list_banks())
    assert with_backend(fake, lambda b: b.list_banks(), api_key="k-123") == []
    assert raw(fake, "GET", B, headers={"Authorization": "k-123"}).status_code == 200  # bare key works
    assert with_backend(fake, lambda b: b.health()).ok, "health needs no key"


def test_write_counting_and_request_log() -> None:
    async def flow(b: HindsightBackend) -> None:
        await b.health()
        await b.ensure_bank("b1", "B1")
        await b.patch_config("b1", {"retain_mission": "m"})
        await b.retain("b1", [RetainItem("x y", "d")])
        await b.recall("b1", RecallQuery("x"))
        await b.get_config("b1")
        await b.list_banks()
        await b.reflect("b1", "x")
        await b.reflect("b2", "x")  # missing: existence check only

    fake = FakeHindsight()
    with_backend(fake, flow)
    assert fake.writes == 4
    assert fake.counts["put_bank"] == fake.counts["patch_config"] == fake.counts["retain"] == 1
    assert fake.counts["reflect"] == 1 and fake.counts["recall"] == 1
    assert ("PUT", f"{B}/b1") in fake.requests and ("PATCH", f"{B}/b1/config") in fake.requests
    assert fake.requests[0] == ("GET", "/health") and not any(m == "DELETE" for m, _ in fake.requests)


def test_latency_is_applied_per_request() -> None:
    fake = FakeHindsight(latency=0.05)
    started = time.perf_counter()
    with_backend(fake, lambda b: b.list_banks())
    assert time.perf_counter() - started >= 0.05
    with pytest.raises(BackendTimeoutError):
        with_backend(fake, lambda b: b.list_banks(), timeouts=HindsightTimeouts.uniform(0.01))


def test_injected_faults() -> None:
    fake = FakeHindsight()
    fake.fail_next(503, headers={"Retry-After": "7"})
    with pytest.raises(BackendUnavailableError) as info:
        with_backend(fake, lambda b: b.list_banks())
    assert info.value.retry_after == 7.0
    assert with_backend(fake, lambda b: b.list_banks()) == []


@pytest.mark.parametrize(("server_key", "client_key", "state"), [
    ("k-123", "wrong", "refused"), ("k-123", None, "refused"), ("k-123", "k-123", "accepted"),
    (None, "anything", "not_enforced"), (None, None, "not_enforced")])
def test_fake_enforces_its_api_key_for_the_access_check(server_key: str | None, client_key: str | None,
                                                        state: str) -> None:
    fake = FakeHindsight(api_key=server_key)
    check = with_backend(fake, lambda b: b.check_access(), api_key=client_key)
    assert check.state == state
    health = with_backend(fake, lambda b: b.health(), api_key=client_key)
    assert health.ok  # /health never needs the key: only the access check can tell a wrong one
