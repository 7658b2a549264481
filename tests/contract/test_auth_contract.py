"""The status access check against a real Hindsight with API-key auth: a wrong key is told apart from a good one."""

from __future__ import annotations

import asyncio

from tests.support.hindsight_server import HindsightServer
from wetopi_memory.backends.base import AccessCheck
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.models import BackendHealth


def test_check_access_accepts_the_key_and_refuses_a_wrong_or_missing_one(hindsight_server: HindsightServer) -> None:
    url, key = hindsight_server.url, hindsight_server.api_key
    assert key, "the contract servers run with ApiKeyTenantExtension"

    async def main() -> tuple[AccessCheck, AccessCheck, AccessCheck, BackendHealth]:
        async with HindsightBackend(url, api_key=key) as good, HindsightBackend(url, api_key="wrong") as bad, \
                HindsightBackend(url) as anonymous:
            return (await good.check_access(), await bad.check_access(), await anonymous.check_access(),
                    await bad.health())

    good, bad, anonymous, health = asyncio.run(main())
    assert (good.state, good.ok) == ("accepted", True), good
    assert (bad.state, bad.ok) == ("refused", False) and "(HTTP 401)" in bad.detail and "wrong" not in bad.detail
    assert anonymous.state == "refused" and "none is configured" in anonymous.detail
    assert health.ok  # /health needs no key: it alone would report this server healthy with a wrong key
