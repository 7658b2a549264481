"""Negative isolation eval: what user A keeps in `personal` never reaches user B, on every backend and input."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from wetopi_memory import AccessDenied, InvalidRequest, MemoryPlane
from wetopi_memory.backends.base import MemoryBackend
from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.backends.local import LocalBackend
from wetopi_memory.config import parse_config
from wetopi_memory.identity import IdentityResolver

URL = "http://hindsight.test:8888"
CONFIG = """
backend: {type: BACKEND, url: "http://hindsight.test:8888"}
stores:
  personal: {bank_template: "user-{internal_user_id}"}
  business: {bank: wetopi-business}
  platform: {bank: wetopi-platform}
identity:
  unknown_caller_scopes: [platform]
"""
IDENTITIES = """
users:
  u_alice: {display_name: Alice, allowed_scopes: [personal, business, platform], accounts: ["telegram:1001"]}
  u_alice2: {display_name: Alice Two, allowed_scopes: [personal, business, platform], accounts: ["telegram:1002"]}
  u_bob: {display_name: Bob, allowed_scopes: [personal, business, platform], accounts: ["telegram:2001"]}
"""


@pytest.fixture(params=["local", "hindsight-respx"])
def plane(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[MemoryPlane]:
    kind = "local" if request.param == "local" else "hindsight"
    config = parse_config(CONFIG.replace("BACKEND", kind), "c.yaml", {})
    ids = tmp_path / "ids.yaml"
    ids.write_text(IDENTITIES)
    resolver = IdentityResolver.from_file(ids, known_scopes=config.stores,
                                          unknown_caller_scopes=config.identity.unknown_caller_scopes)
    backend: MemoryBackend
    if kind == "local":
        backend = LocalBackend(tmp_path / "memory.db")
        yield MemoryPlane(config, identities=resolver, backends={"local": backend})
        return
    fake = FakeHindsight("1.1.0")
    with respx.mock(base_url=URL, assert_all_called=False) as router:
        async def handler(req: httpx.Request) -> httpx.Response:
            return await fake.transport.handle_async_request(req)  # type: ignore[no-any-return]

        router.route().mock(side_effect=handler)
        backend = HindsightBackend(URL)
        yield MemoryPlane(config, identities=resolver, backends={"hindsight": backend})


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def _everything_bob_can_see(plane: MemoryPlane, canary: str, secret: str) -> list[str]:
    bob = plane.identify("telegram", "2001")
    queries = [secret, canary, f"What is Alice's door code {canary}?", "door code", "*", "Alice", "user-u_alice",
               '" OR 1=1 --', "personal", canary.upper()]
    seen: list[str] = []
    for query in queries:
        for scopes in (None, ["personal"], ["personal", "business", "platform"]):
            for mode in ("normal", "deep"):
                result = run(plane.search(bob, query, scopes, mode=mode, budget="high"))
                for hit in result.hits:
                    assert hit.bank != "user-u_alice"
                    seen.append(hit.content)
    return seen


def test_bob_never_sees_alices_personal_memory(plane: MemoryPlane) -> None:
    canary = f"canary{uuid.uuid4().hex[:12]}"
    secret = f"Alice's door code is {canary} and she prefers OpenSearch"
    alice = plane.identify("telegram", "1001")
    bob = plane.identify("telegram", "2001")
    stored = run(plane.retain(alice, secret, "personal"))
    assert stored.bank == "user-u_alice"
    run(plane.retain(bob, "Bob prefers Grafana for dashboards", "personal"))

    # Positive control: the fact is really stored and findable by its owner, so the negatives below can fail.
    own = run(plane.search(alice, canary, ["personal"]))
    assert any(canary in hit.content for hit in own.hits)
    assert all(hit.scope == "personal" and hit.bank == "user-u_alice" for hit in own.hits)

    seen = _everything_bob_can_see(plane, canary, secret)
    assert not any(canary in text for text in seen)
    assert any("Grafana" in text for text in seen)  # Bob does find his own memory.

    # A user whose id extends Alice's (u_alice2) is a different bank, not a prefix match.
    alice_two = plane.identify("telegram", "1002")
    for query in (canary, secret):
        assert not run(plane.search(alice_two, query, ["personal"], mode="deep")).hits


@pytest.mark.parametrize("scope", ["user-u_alice", "wetopi-platform", "user-u_bob", "Alice", "personal/../user-u_alice",
                                   "personal ", "PERSONAL"])
def test_bob_cannot_name_a_bank_or_another_persons_scope(plane: MemoryPlane, scope: str) -> None:
    canary = f"canary{uuid.uuid4().hex[:12]}"
    alice = plane.identify("telegram", "1001")
    bob = plane.identify("telegram", "2001")
    run(plane.retain(alice, f"Alice keeps {canary}", "personal"))
    with pytest.raises(AccessDenied):
        run(plane.search(bob, canary, [scope]))
    with pytest.raises(AccessDenied):
        run(plane.search(bob, canary, ["platform", scope]))  # one bad scope refuses the whole request
    with pytest.raises(AccessDenied):
        run(plane.retain(bob, f"Bob overwrites {canary}", scope))
    with pytest.raises(AccessDenied):
        run(plane.reflect(bob, canary, [scope]))


def test_unknown_identity_gets_no_personal_scope(plane: MemoryPlane) -> None:
    canary = f"canary{uuid.uuid4().hex[:12]}"
    run(plane.retain(plane.identify("telegram", "1001"), f"Alice's fact {canary}", "personal"))
    for platform, user in (("telegram", "9999"), ("telegram", ""), ("cli", ""), ("", "")):
        stranger = plane.identify(platform, user)
        assert not stranger.known
        result = run(plane.search(stranger, canary))
        assert result.scopes == ["platform"]
        assert not any(canary in h.content for h in result.hits)
        with pytest.raises(AccessDenied):
            run(plane.search(stranger, canary, ["personal"]))
        with pytest.raises(AccessDenied):
            run(plane.retain(stranger, "I am Alice now", "personal"))
        status = run(plane.status(stranger))
        personal = next(s for s in status.scopes if s.scope == "personal")
        assert personal.bank is None and not personal.allowed


def test_status_shows_only_the_callers_own_personal_bank(plane: MemoryPlane) -> None:
    bob = plane.identify("telegram", "2001")
    status = run(plane.status(bob))
    banks = {s.scope: s.bank for s in status.scopes}
    assert banks["personal"] == "user-u_bob"
    assert "user-u_alice" not in str(status.to_dict())


@pytest.mark.parametrize("bad", [None, "", "   ", 42, ["a"], "x" * 5000])
def test_malformed_queries_are_refused_before_any_io(plane: MemoryPlane, bad: Any) -> None:
    with pytest.raises(InvalidRequest):
        run(plane.search(plane.identify("telegram", "2001"), bad))


def test_plane_open_wires_config_and_identities(tmp_path: Path) -> None:
    config_path = tmp_path / "config.yaml"
    config_path.write_text(CONFIG.replace("BACKEND", "local") + f"  file: {tmp_path / 'ids.yaml'}\n")
    (tmp_path / "ids.yaml").write_text(IDENTITIES)
    plane = MemoryPlane.open(config_path, environ={"WETOPI_MEMORY_STATE_DIR": str(tmp_path / "state")})
    assert plane.config_source == str(config_path)
    assert plane.identify("telegram", "1001").internal_user_id == "u_alice"
    run(plane.retain(plane.identify("telegram", "1001"), "Alice uses vim", "personal"))
    assert (tmp_path / "state" / "memory.db").exists()
    run(plane.aclose())
