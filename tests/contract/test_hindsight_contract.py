"""Contract tests: `HindsightBackend` against real Hindsight servers (0.9.2, the deployed chart, and 1.1.0).

The servers run offline (tests/support/hindsight_server.py): the LLM is Hindsight's built-in `mock` (facts
are the input's sentences plus some prompt noise, reflect answers "mock response"), embeddings are a hashed
bag of words. The tests therefore check shapes, error mapping and bank semantics, never answer quality.
Each test runs its async body in one `asyncio.run`, with a backend created and closed inside that loop.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import httpx
import pytest

from tests.contract.conftest import raw_bank_ids
from tests.support.hindsight_server import HindsightServer, free_ports
from wetopi_memory.backends.base import MemoryBackend
from wetopi_memory.backends.hindsight import HindsightBackend, HindsightTimeouts
from wetopi_memory.errors import (
    BackendAuthError,
    BackendError,
    BackendRequestError,
    BackendUnavailableError,
    BankNotFoundError,
)
from wetopi_memory.models import (
    BankConfigState,
    BankInfo,
    MemoryRecord,
    RecallQuery,
    ReflectAnswer,
    RetainItem,
    RetainReceipt,
)

pytestmark = pytest.mark.hindsight

T = TypeVar("T")
_SERVER_KEY = object()

ALICE = "Alice works at Acme Corp as a data engineer."
BOB = "Bob works at Acme Corp as a plumber."
ALICE_MOVED = "Alice works at Initech as a manager."


def run(server: HindsightServer, body: Callable[[HindsightBackend], Awaitable[T]], *,
        api_key: str | object | None = _SERVER_KEY, url: str | None = None) -> T:
    """`body(backend)` in a fresh event loop, with a backend built (and closed) inside that loop. Recall and config
    calls get 60 s, not the production 10 s: these tests check what the server answers, and a loaded CI machine
    made a real 0.9.2 recall take longer than 10 s (the timeouts themselves are tested against stalled servers)."""
    key = server.api_key if api_key is _SERVER_KEY else api_key
    assert key is None or isinstance(key, str)

    async def main() -> T:
        backend = HindsightBackend(url or server.url, api_key=key,
                                   timeouts=HindsightTimeouts(recall=60.0, config=60.0))
        try:
            return await body(backend)
        finally:
            await backend.aclose()

    return asyncio.run(main())


def query(text: str, **kwargs: Any) -> RecallQuery:
    return RecallQuery(query=text, **kwargs)


def contents(records: list[MemoryRecord]) -> list[str]:
    return [r.content for r in records]


def is_0_9(server: HindsightServer) -> bool:
    return server.version.startswith("0.9.")


# ---------------------------------------------------------------------------------------------- identity


def test_backend_implements_the_protocol(hindsight_server: HindsightServer) -> None:
    async def body(b: HindsightBackend) -> tuple[bool, str]:
        return isinstance(b, MemoryBackend), b.kind

    assert run(hindsight_server, body) == (True, "hindsight")


def test_server_version_is_the_running_version(hindsight_server: HindsightServer) -> None:
    async def body(b: HindsightBackend) -> Any:
        result = b.server_version()
        return await result if inspect.isawaitable(result) else result

    assert run(hindsight_server, body) == hindsight_server.version


def test_health_is_ok_without_a_key(hindsight_server: HindsightServer) -> None:
    health = run(hindsight_server, lambda b: b.health(), api_key=None)
    assert health.ok is True, health
    assert health.backend == "hindsight"
    assert health.version == hindsight_server.version
    assert health.latency_ms is not None and health.latency_ms >= 0


# ------------------------------------------------------------------------------------------------- banks


def test_ensure_bank_is_listed_by_exact_id_next_to_a_superstring_id(
        hindsight_server: HindsightServer, new_bank: Callable[..., str], raw: httpx.Client) -> None:
    short = new_bank()
    long = new_bank("-neighbour", base=short)  # contains `short`; the server's `q` is a substring match

    async def body(b: HindsightBackend) -> tuple[BankInfo, BankInfo, BankInfo, list[BankInfo]]:
        # The longer id exists first, so an existence check through `q=<short>` that does not compare ids
        # exactly would wrongly find `short` already present.
        first = await b.ensure_bank(long, "Neighbour bank")
        second = await b.ensure_bank(short, "Short bank")
        again = await b.ensure_bank(short, "Short bank, renamed")  # idempotent upsert that renames
        return first, second, again, await b.list_banks()

    first, second, again, banks = run(hindsight_server, body)
    assert first == BankInfo(bank_id=long, name="Neighbour bank")
    assert second == BankInfo(bank_id=short, name="Short bank")
    assert again == BankInfo(bank_id=short, name="Short bank, renamed")
    ids = [info.bank_id for info in banks]
    assert ids.count(short) == 1 and ids.count(long) == 1, ids
    by_id = {info.bank_id: info for info in banks}
    assert by_id[short] == BankInfo(bank_id=short, name="Short bank, renamed")
    assert by_id[long] == BankInfo(bank_id=long, name="Neighbour bank")
    assert sorted(raw_bank_ids(raw, short)) == sorted([short, long])  # what the server itself says


# ------------------------------------------------------------------------------------------------ config


def test_patch_config_then_get_config_round_trips_overrides(
        hindsight_server: HindsightServer, new_bank: Callable[..., str]) -> None:
    bank = new_bank()
    wanted = {"retain_mission": "Remember facts about Acme staff", "enable_observations": False,
              "recall_budget_fixed_mid": 150}

    async def body(b: HindsightBackend) -> tuple[Any, ...]:
        await b.ensure_bank(bank, "Config bank")
        before = await b.get_config(bank)
        patched = await b.patch_config(bank, wanted)
        read = await b.get_config(bank)
        cleared = await b.patch_config(bank, {"retain_mission": None})
        read_after_clear = await b.get_config(bank)
        return before, patched, read, cleared, read_after_clear

    before, patched, read, cleared, after = run(hindsight_server, body)
    assert isinstance(before, BankConfigState) and before.overrides == {}, before
    for state in (patched, read):
        assert isinstance(state, BankConfigState)
        assert state.bank_id == bank
        assert state.overrides == wanted
        for key, value in wanted.items():
            assert state.config[key] == value, key
    remaining = {k: v for k, v in wanted.items() if k != "retain_mission"}
    for state in (cleared, after):
        assert isinstance(state, BankConfigState)
        assert state.overrides == remaining  # None cleared that override and left the others alone
        assert state.config["retain_mission"] is None  # back to the server default
        assert state.config["enable_observations"] is False


@pytest.mark.parametrize(("key", "reason"), [
    ("no_such_key_xyz", "Unknown configuration fields"),
    ("llm_model", "Cannot override static (server-level) fields"),
], ids=["unknown-key", "static-key"])
def test_patch_config_rejects_a_bad_key_with_the_server_reason(
        hindsight_server: HindsightServer, new_bank: Callable[..., str], raw: httpx.Client,
        key: str, reason: str) -> None:
    bank = new_bank()
    never_created = new_bank("-never")

    async def body(b: HindsightBackend) -> tuple[BackendRequestError, BackendRequestError, Any]:
        await b.ensure_bank(bank, "Config bank")
        await b.patch_config(bank, {"retain_mission": "kept"})
        with pytest.raises(BackendRequestError) as on_existing:
            await b.patch_config(bank, {key: "x", "observations_mission": "must not land"})
        with pytest.raises(BackendRequestError) as on_missing:
            await b.patch_config(never_created, {key: "x"})
        return on_existing.value, on_missing.value, await b.get_config(bank)

    on_existing, on_missing, state = run(hindsight_server, body)
    for exc in (on_existing, on_missing):
        assert exc.status == 400
        assert reason in str(exc), str(exc)
        assert key in str(exc), str(exc)
    assert state.overrides == {"retain_mission": "kept"}  # a rejected PATCH changes nothing
    assert never_created not in raw_bank_ids(raw, never_created)  # and creates nothing


# ------------------------------------------------------------------------------------- retain and recall


def test_retain_then_recall_with_tag_filters(hindsight_server: HindsightServer,
                                             new_bank: Callable[..., str]) -> None:
    bank = new_bank()
    items = [
        RetainItem(content=ALICE, document_id="doc-alice", context="chat", tags=("user:alice",),
                   metadata={"source": "itest"}),
        RetainItem(content=BOB, document_id="doc-bob"),  # untagged
    ]
    question = "Who works at Acme Corp?"

    async def body(b: HindsightBackend) -> tuple[Any, ...]:
        await b.ensure_bank(bank, "Recall bank")
        receipt = await b.retain(bank, items)
        everything = await b.recall(bank, query(question))
        any_tag = await b.recall(bank, query(question, tags=("user:alice",), tags_match="any"))
        strict = await b.recall(bank, query(question, tags=("user:alice",), tags_match="any_strict"))
        none = await b.recall(bank, query(question, tags=("user:nobody",), tags_match="any_strict"))
        return receipt, everything, any_tag, strict, none

    receipt, everything, any_tag, strict, none = run(hindsight_server, body)
    assert isinstance(receipt, RetainReceipt)
    assert receipt.bank == bank and receipt.items_count == 2

    assert ALICE in contents(everything) and BOB in contents(everything), contents(everything)
    alice = next(r for r in everything if r.content == ALICE)
    assert isinstance(alice, MemoryRecord)
    assert alice.id and alice.type == "world"
    assert alice.tags == ("user:alice",)
    assert alice.document_id == "doc-alice"
    assert alice.score > 0
    bob = next(r for r in everything if r.content == BOB)
    assert bob.tags == () and bob.document_id == "doc-bob"

    # "any" includes untagged memories; "any_strict" excludes them
    assert ALICE in contents(any_tag) and BOB in contents(any_tag), contents(any_tag)
    assert ALICE in contents(strict), contents(strict)
    assert BOB not in contents(strict)
    assert all("user:alice" in r.tags for r in strict), [(r.content, r.tags) for r in strict]
    assert none == []


def test_retaining_a_document_again_replaces_it(hindsight_server: HindsightServer,
                                                new_bank: Callable[..., str], raw: httpx.Client) -> None:
    bank = new_bank()
    world = "Where does Alice work: Acme Corp or Initech, data engineer or manager?"

    async def body(b: HindsightBackend) -> tuple[list[MemoryRecord], list[MemoryRecord]]:
        await b.ensure_bank(bank, "Dedup bank")
        item = RetainItem(content=ALICE, document_id="doc-1", tags=("user:alice",))
        await b.retain(bank, [item])
        await b.retain(bank, [item])  # a re-delivery of the same document
        twice = await b.recall(bank, query(world, types=("world",)))
        await b.retain(bank, [RetainItem(content=ALICE_MOVED, document_id="doc-1", tags=("user:alice",))])
        replaced = await b.recall(bank, query(world, types=("world",)))
        return twice, replaced

    twice, replaced = run(hindsight_server, body)
    assert contents(twice).count(ALICE) == 1, contents(twice)
    documents = raw.get(f"/v1/default/banks/{bank}/documents").json()
    assert [d["id"] for d in documents["items"]] == ["doc-1"], documents
    assert ALICE_MOVED in contents(replaced), contents(replaced)
    assert ALICE not in contents(replaced), contents(replaced)


# ---------------------------------------------------------------------------------------------- reflect


def test_reflect_answers_on_an_existing_bank(hindsight_server: HindsightServer,
                                             new_bank: Callable[..., str]) -> None:
    bank = new_bank()

    async def body(b: HindsightBackend) -> ReflectAnswer:
        await b.ensure_bank(bank, "Reflect bank")
        await b.retain(bank, [RetainItem(content=ALICE, document_id="doc-alice")])
        return await b.reflect(bank, "Where does Alice work?")

    answer = run(hindsight_server, body)
    assert isinstance(answer, ReflectAnswer)
    assert answer.bank == bank
    assert answer.supported is True
    assert answer.text == "mock response"  # the mock LLM's fixed answer
    assert all(isinstance(r, MemoryRecord) for r in answer.based_on)
    assert ALICE in [r.content for r in answer.based_on], answer.based_on


def test_reflect_on_a_missing_bank_does_not_create_it(hindsight_server: HindsightServer,
                                                      new_bank: Callable[..., str], raw: httpx.Client) -> None:
    bank = new_bank()  # never created

    async def body(b: HindsightBackend) -> ReflectAnswer | BankNotFoundError:
        try:
            return await b.reflect(bank, "Where does Alice work?")
        except BankNotFoundError as exc:  # an acceptable way to say "no such bank"
            return exc

    outcome = run(hindsight_server, body)
    if isinstance(outcome, ReflectAnswer):
        assert outcome.bank == bank
        assert outcome.text != "mock response", "reflect reached the server, which creates the bank"
    assert bank not in raw_bank_ids(raw, bank), "reflect created the bank"


# -------------------------------------------------------------------------------------------------- auth


def _every_bank_operation(bank: str) -> dict[str, Callable[[HindsightBackend], Awaitable[Any]]]:
    return {
        "list_banks": lambda b: b.list_banks(),
        "ensure_bank": lambda b: b.ensure_bank(bank, "Auth bank"),
        "get_config": lambda b: b.get_config(bank),
        "patch_config": lambda b: b.patch_config(bank, {"retain_mission": "x"}),
        "retain": lambda b: b.retain(bank, [RetainItem(content=ALICE, document_id="doc-auth")]),
        "recall": lambda b: b.recall(bank, query("Where does Alice work?")),
        "reflect": lambda b: b.reflect(bank, "Where does Alice work?"),
    }


@pytest.mark.parametrize("key", ["wrong-key", None], ids=["wrong-key", "no-key"])
def test_a_bad_key_is_rejected_on_every_bank_operation(
        hindsight_server: HindsightServer, new_bank: Callable[..., str], raw: httpx.Client,
        key: str | None) -> None:
    bank = new_bank()
    run(hindsight_server, lambda b: b.ensure_bank(bank, "Auth bank"))  # exists, so only auth can fail

    async def body(b: HindsightBackend) -> dict[str, str]:
        outcomes: dict[str, str] = {}
        for name, call in _every_bank_operation(bank).items():
            try:
                result = await call(b)
            except BackendAuthError as exc:
                assert exc.status == 401, (name, exc.status)
                assert "wrong-key" not in str(exc), "the error message leaks the key"
                outcomes[name] = "auth"
            except BackendError as exc:
                outcomes[name] = f"{type(exc).__name__}: {exc}"
            else:
                outcomes[name] = f"no error, returned {result!r}"
        health = await b.health()
        outcomes["health"] = "ok" if health.ok else f"not ok: {health.detail}"
        return outcomes

    outcomes = run(hindsight_server, body, api_key=key)
    expected = dict.fromkeys(_every_bank_operation(bank), "auth") | {"health": "ok"}
    assert outcomes == expected
    config = raw.get(f"/v1/default/banks/{bank}/config").json()
    assert config["overrides"] == {}  # nothing slipped through


# ------------------------------------------------------------------------------------------ missing bank


def test_missing_bank_reads_per_version(hindsight_server: HindsightServer, new_bank: Callable[..., str],
                                        raw: httpx.Client) -> None:
    bank = new_bank()  # never created

    async def body(b: HindsightBackend) -> tuple[list[MemoryRecord], BankConfigState | None]:
        return await b.recall(bank, query("Where does Alice work?")), await b.get_config(bank)

    recalled, config = run(hindsight_server, body)
    assert recalled == []  # 0.9.2: 200 {"results": []}; 1.1.0: 404, mapped to "no memories"
    if is_0_9(hindsight_server):
        # 0.9.2 answers GET /config for a missing bank with 200 and the server defaults
        assert isinstance(config, BankConfigState), config
        assert config.bank_id == bank
        assert config.overrides == {}
        assert config.config["retain_extraction_mode"] == "concise"
        assert "reflect_mission" in config.config
    else:
        # 1.x answers 404 "Bank '…' not found"
        assert config is None
    assert bank not in raw_bank_ids(raw, bank), "a read created the bank"


# -------------------------------------------------------------------------------------- server not there


def test_a_closed_port_is_unhealthy_and_recall_is_unavailable() -> None:
    url = f"http://127.0.0.1:{free_ports(1)[0]}"  # nothing listens there

    async def body() -> tuple[Any, BaseException | None]:
        backend = HindsightBackend(url, api_key="any", timeouts=5.0)
        try:
            health = await backend.health()
            try:
                await backend.recall("itest-unreachable", query("anything"))
            except BackendError as exc:
                return health, exc
            return health, None
        finally:
            await backend.aclose()

    health, error = asyncio.run(body())
    assert health.ok is False
    assert health.backend == "hindsight"
    assert health.detail
    assert isinstance(error, BackendUnavailableError), repr(error)
    assert error.transient is True
