"""Contract: curated retain against a real Hindsight server (0.9.2 and 1.1.0).

Turns go through the RetainCoordinator (evidence, policies, one batch per scope per turn, durable outbox) and are
delivered to real banks. Accepted candidates must be recallable from their own bank; rejected ones (hypotheses,
secrets, transient state, filler, unverified root causes) must never reach any bank.
"""

from __future__ import annotations

import asyncio
import uuid
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from tests.support.hindsight_server import HindsightServer
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.config import parse_config
from wetopi_memory.identity import IdentityResolver
from wetopi_memory.plane import MemoryPlane
from wetopi_memory.retain import Backoff, Outbox, RetainTuning

from ..support.texts import ANA_IDENTITIES

pytestmark = pytest.mark.hindsight

STRIPE_KEY = "sk_live_" + "51HqLyjWDarjtT1zdp7dc4eC39"
# The offline server embeds with a hashed bag of words: query with the statement's own words.
QUERIES = {
    "quokka": "the {w} plan costs 49 EUR per month",
    "wombat": "root cause {w} conntrack limit RKE2 nodes",
    "numbat": "informes {w} lleguen siempre los lunes",
    "dingo": "the {w} cache on the RKE2 cluster real problem",
    "bilby": "Stripe live key {w} billing price",
    "possum": "restarting the {w} pods RKE2 cluster",
    "emu": "thanks {w}",
}


class CountingTransport(httpx.AsyncBaseTransport):
    """Counts retain POSTs per bank on their way to the real server."""

    def __init__(self) -> None:
        self.inner = httpx.AsyncHTTPTransport()
        self.retains: Counter[str] = Counter()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.method == "POST" and request.url.path.endswith("/memories"):
            self.retains[request.url.path.split("/")[4]] += 1
        return await self.inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self.inner.aclose()


def test_turns_reach_their_banks_and_rejections_never_do(hindsight_server: HindsightServer,
                                                         new_bank: Callable[..., str], tmp_path: Path) -> None:
    business = new_bank("-business")
    base = business.removesuffix("-business")
    platform = new_bank("-platform", base=base)
    personal = new_bank("-user-u_ana", base=base)
    config = parse_config(
        f"backend: {{type: hindsight, url: '{hindsight_server.url}'}}\n"
        "stores:\n"
        f"  personal: {{bank_template: '{base}-user-{{internal_user_id}}'}}\n"
        f"  business: {{bank: {business}}}\n"
        f"  platform: {{bank: {platform}}}\n", "c.yaml", {})
    ids = tmp_path / "ids.yaml"
    ids.write_text(ANA_IDENTITIES)
    resolver = IdentityResolver.from_file(ids, known_scopes=config.stores)
    tag = uuid.uuid4().hex[:6]
    words = {name: f"{name}{tag}" for name in ("quokka", "wombat", "numbat", "dingo", "bilby", "possum", "emu")}

    async def main() -> tuple[CountingTransport, dict[str, set[str]]]:
        transport = CountingTransport()
        backend = HindsightBackend(hindsight_server.url, api_key=hindsight_server.api_key, transport=transport)
        plane = MemoryPlane(config, identities=resolver, backends={"hindsight": backend},
                            outbox=Outbox(tmp_path / "outbox.db"),
                            retain_tuning=RetainTuning(backoff=Backoff(base_seconds=0.05, cap_seconds=1)))
        ana = plane.identify("telegram", "1001")
        co = plane.retention
        await co.start()
        for i in range(12):  # many events, one turn
            co.record_tool_call(session_id="s", turn_id="t1", tool_name="kubectl_get",
                                args={"command": f"kubectl get nodes -o wide -l pool={i}"}, result="node-1 Ready",
                                status="ok", duration_ms=12)
        report = co.submit_turn(
            ana, session_id="s", turn_id="t1",
            user_message=(
                f"We decided that the {words['quokka']} plan costs 49 EUR per month. "
                f"The root cause was the {words['wombat']} conntrack limit on the RKE2 nodes; "
                "verified with kubectl on every node. "
                f"Prefiero que los informes {words['numbat']} lleguen siempre los lunes. "
                f"Maybe the {words['dingo']} cache on the RKE2 cluster is the real problem. "
                f"I'm restarting the {words['possum']} pods on the RKE2 cluster right now. "
                f"Thanks {words['emu']}!"),
            assistant_response="Entendido.")
        assert {d.scope for d in report.accepted} == {"business", "platform", "personal"}, \
            [(d.scope, d.reasons) for d in report.decisions]
        # A secret drops its whole sentence: never a redacted copy.
        secret = co.submit_turn(ana, session_id="s", turn_id="t2", user_message=(
            f"Our Stripe live key for {words['bilby']} billing is {STRIPE_KEY} and we decided the price is "
            "10 EUR per month."))
        assert not secret.accepted and secret.units
        assert any(r.startswith("secret_detected:") for u in secret.units for r in u.decision.reasons)
        assert await co.flush(180)
        await co.stop()
        found: dict[str, set[str]] = {}
        for name, word in words.items():
            found[word] = set()
            for scope in ("personal", "business", "platform"):
                hits = (await plane.search(ana, QUERIES[name].format(w=word), [scope], mode="deep",
                                           limit=50)).hits
                if any(word in h.content for h in hits):
                    found[word].add(scope)
        co.close()
        await plane.aclose()
        return transport, found

    transport, found = asyncio.run(main())
    # At most one retain request per scope for the turn, whatever the number of tool events.
    assert transport.retains == Counter({business: 1, platform: 1, personal: 1})
    assert found[words["quokka"]] == {"business"}
    assert found[words["wombat"]] == {"platform"}
    assert found[words["numbat"]] == {"personal"}
    for rejected in ("dingo", "bilby", "possum", "emu"):
        assert found[words[rejected]] == set(), rejected
    with httpx.Client(base_url=hindsight_server.url, timeout=60, trust_env=False,
                      headers={"Authorization": f"Bearer {hindsight_server.api_key}"}) as client:
        for bank in (business, platform, personal):
            listed = client.get(f"/v1/default/banks/{bank}/memories/list", params={"limit": 100})
            if listed.status_code == 200:
                assert STRIPE_KEY not in listed.text and words["dingo"] not in listed.text
