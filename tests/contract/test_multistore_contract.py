"""Contract: multi-store recall through the MemoryPlane against a real Hindsight server with three banks.

Three scopes (personal, business, platform) map to three fresh banks of one real server. Each bank receives
facts carrying that bank's own canary word; every recall then checks provenance hit by hit (the scope and bank
on a hit are the ones its text was stored in) and isolation (a canary of one bank is never labelled with another
scope, and another user's personal scope never sees it). The server runs offline with the mock LLM and hashed
bag-of-words embeddings (tests/support/hindsight_server.py): the tests check labels and isolation, not ranking.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.hindsight_server import HindsightServer
from wetopi_memory import MemoryPlane
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.config import parse_config
from wetopi_memory.identity import IdentityResolver
from wetopi_memory.models import RecallHit, RetainItem
from wetopi_memory.recall import RecallCoordinator

pytestmark = pytest.mark.hindsight

SCOPES = ("personal", "business", "platform")
IDENTITIES = """
users:
  u_alice: {allowed_scopes: [personal, business, platform], accounts: ["telegram:1001"]}
  u_bob: {allowed_scopes: [personal, business, platform], accounts: ["telegram:2001"]}
"""


def _facts(canary: dict[str, str]) -> dict[str, list[str]]:
    return {
        "personal": [f"Alice prefers OpenSearch for centralized logs, code {canary['personal']}.",
                     f"Alice works from Valencia on Fridays, code {canary['personal']}."],
        "business": [f"Managed Hermes pricing for agencies starts at 49 euros, code {canary['business']}.",
                     f"The reseller plan has a thirty percent margin, code {canary['business']}."],
        "platform": [f"The Kubernetes clusters run RKE2 and deploy with Argo CD, code {canary['platform']}.",
                     f"Ceph stores the persistent volumes of the clusters, code {canary['platform']}."],
    }


def _plane(server: HindsightServer, base: str, tmp_path: Path, extra: str = "") -> MemoryPlane:
    config = parse_config(f"""
backend: {{type: hindsight, url: "{server.url}", api_key: "{server.api_key}"}}
stores:
  personal: {{bank_template: "{base}-user-{{internal_user_id}}"}}
  business: {{bank: "{base}-business"}}
  platform: {{bank: "{base}-platform"}}
{extra}""", "contract.yaml", {})
    ids = tmp_path / "ids.yaml"
    ids.write_text(IDENTITIES)
    resolver = IdentityResolver.from_file(ids, known_scopes=config.stores)
    backend = HindsightBackend(server.url, api_key=server.api_key)
    return MemoryPlane(config, identities=resolver, backends={"hindsight": backend})


def _check_provenance(hits: list[RecallHit], banks: dict[str, str], canary: dict[str, str]) -> None:
    for hit in hits:
        assert hit.scope in SCOPES and hit.bank == banks[hit.scope], (hit.scope, hit.bank)
        for scope, word in canary.items():
            if word in hit.content:
                assert scope == hit.scope, f"{scope}'s fact labelled {hit.scope}: {hit.content!r}"


def test_multistore_recall_keeps_provenance_and_isolation(hindsight_server: HindsightServer,
                                                          new_bank: Callable[..., str], tmp_path: Path) -> None:
    base = f"itest-{uuid.uuid4().hex}"
    banks = {"personal": new_bank("-user-u_alice", base=base), "business": new_bank("-business", base=base),
             "platform": new_bank("-platform", base=base)}
    new_bank("-user-u_bob", base=base)  # Bob's personal bank, cleaned up if a recall ever created it
    canary = {scope: f"zq{scope[:3]}{uuid.uuid4().hex[:8]}" for scope in SCOPES}
    facts = _facts(canary)

    async def body() -> dict[str, Any]:
        plane = _plane(hindsight_server, base, tmp_path, "recall: {automatic: {types: [observation, world]}}")
        try:
            alice, bob = plane.identify("telegram", "1001"), plane.identify("telegram", "2001")
            for scope in SCOPES:
                binding = plane.acl.check(alice, scope, "retain")
                assert binding.bank == banks[scope]
                await binding.backend.ensure_bank(binding.bank, f"contract {scope}")
                items = [RetainItem(content=text, document_id=f"{scope}-{i}", tags=(f"scope:{scope}",))
                         for i, text in enumerate(facts[scope])]
                await binding.backend.retain(binding.bank, items)
            question = " ".join(f"code {word}" for word in canary.values()) + \
                " OpenSearch pricing margin Kubernetes Ceph"
            out: dict[str, Any] = {
                "all": await plane.search(alice, question, list(SCOPES), limit=50),
                "deep": await plane.search(alice, question, list(SCOPES), mode="deep", limit=50),
                "routed": await plane.search(alice, f"RKE2 Kubernetes clusters Argo CD code {canary['platform']}"),
                "bob": await plane.search(bob, question, ["personal"], mode="deep", limit=50),
                "bob_all": await plane.search(bob, question, limit=50),
            }
            coordinator = RecallCoordinator.from_plane(plane)
            out["prefetch"] = await coordinator.prefetch(
                "session-1", alice, f"The RKE2 upgrade of the Kubernetes clusters, code {canary['platform']}")
            out["decision"] = coordinator.cached_context("session-1", alice, "check the kubernetes ingress")
            out["bob_decision"] = coordinator.cached_context("session-1", bob, "and why?")
            return out
        finally:
            await plane.aclose()

    out = asyncio.run(body())

    everything = out["all"]
    assert everything.scopes == list(SCOPES) and everything.failed == {}
    _check_provenance(everything.hits, banks, canary)
    for scope in SCOPES:  # positive control: every bank answered with its own facts
        assert any(canary[scope] in h.content and h.scope == scope for h in everything.hits), (
            scope, [(h.scope, h.content) for h in everything.hits])
    assert len({h.scope for h in everything.hits}) == 3

    assert out["deep"].failed == {}
    _check_provenance(out["deep"].hits, banks, canary)

    routed = out["routed"]
    assert routed.scopes == ["platform"]
    assert routed.hits and all(h.scope == "platform" and h.bank == banks["platform"] for h in routed.hits)
    _check_provenance(routed.hits, banks, canary)

    for result in (out["bob"], out["bob_all"]):  # another user never sees Alice's personal bank
        assert not any(canary["personal"] in h.content for h in result.hits)
        assert all(h.bank != banks["personal"] for h in result.hits)
        _check_provenance(result.hits, {**banks, "personal": f"{base}-user-u_bob"}, canary)

    assert out["prefetch"].status == "stored" and out["prefetch"].scopes == ("platform",)
    decision = out["decision"]
    assert decision.reason == "cache_hit" and decision.scopes == ("platform",)
    assert canary["platform"] in decision.context and '<scope name="platform">' in decision.context
    assert canary["personal"] not in decision.context and canary["business"] not in decision.context
    assert banks["platform"] not in decision.context  # bank ids never reach the model
    assert out["bob_decision"].context == ""  # same session, another identity: nothing
