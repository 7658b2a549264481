"""FaultTransport: an httpx transport in front of HindsightBackend that injects one fault at a time.

Faults (`FAULTS`), each applied to every request while armed:

* ``timeout``            httpx's own timer fired: ``httpx.ReadTimeout`` at once;
* ``http_500``           500 whose body echoes the canary (``{"detail": "<canary>"}``);
* ``http_503_retry_after`` 503 with ``Retry-After: 1`` and the canary in the body;
* ``connection_refused`` the request really goes to a closed port on 127.0.0.1;
* ``http_401``           401 with the canary in the body;
* ``malformed_json``     200 with a body that is not JSON and contains the canary;
* ``stall_10s``          the server accepts the request and answers only after 10 s (the caller's own timeout
                         must cut it);
* ``dns_failure``        the request really goes to a ``.invalid`` host name, which never resolves;
* ``http_422`` (extra)   422 with the canary in the body: a client error, never retried.

Unarmed, requests go to the inner transport (a FakeHindsight). Retain requests that reach it are counted per
document id (`delivered`), so a test can prove each document arrived exactly once.
"""

from __future__ import annotations

import asyncio
import json
import socket
from collections import Counter
from typing import Final

import httpx

FAULTS: Final = ("timeout", "http_500", "http_503_retry_after", "connection_refused", "http_401", "malformed_json",
                 "stall_10s", "dns_failure")
STALL_SECONDS: Final = 10.0
RETRY_AFTER_SECONDS: Final = 1
UNRESOLVABLE_HOST: Final = "wetopi-fault.invalid"
EXTRA_FAULTS: Final = ("http_422",)  # a client error echoing the canary (never retried, never opens the breaker)


def closed_port() -> int:
    """A local port nothing listens on (bound, then released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


class FaultTransport(httpx.AsyncBaseTransport):
    """Injects `fault` into every request while armed; otherwise forwards to `inner`."""

    def __init__(self, inner: httpx.AsyncBaseTransport, canary: str) -> None:
        self.inner = inner
        self.canary = canary
        self.fault: str | None = None
        self.requests = 0
        self.faulted = 0
        self.delivered: Counter[str] = Counter()
        self._port = closed_port()

    def arm(self, fault: str | None) -> None:
        if fault is not None and fault not in FAULTS + EXTRA_FAULTS:
            raise ValueError(f"unknown fault {fault!r}")
        self.fault = fault

    def _body(self) -> bytes:
        return json.dumps({"detail": f"upstream said: {self.canary}"}).encode()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.requests += 1
        fault = self.fault
        if fault is None:
            response = await self.inner.handle_async_request(request)
            if response.status_code == 200 and request.method == "POST" and request.url.path.endswith("/memories"):
                for item in json.loads(request.content or b"{}").get("items", []):
                    self.delivered[str(item.get("document_id"))] += 1
            return response
        self.faulted += 1
        headers = {"content-type": "application/json"}
        if fault == "timeout":
            raise httpx.ReadTimeout("timed out", request=request)
        if fault == "http_500":
            return httpx.Response(500, content=self._body(), headers=headers, request=request)
        if fault == "http_503_retry_after":
            return httpx.Response(503, content=self._body(), request=request,
                                  headers={**headers, "Retry-After": str(RETRY_AFTER_SECONDS)})
        if fault == "http_422":
            return httpx.Response(422, content=self._body(), headers=headers, request=request)
        if fault == "http_401":
            return httpx.Response(401, content=self._body(), headers=headers, request=request)
        if fault == "malformed_json":
            return httpx.Response(200, content=b'{"results": [{"text": "' + self.canary.encode() + b'"',
                                  headers=headers, request=request)
        if fault == "stall_10s":
            await asyncio.sleep(STALL_SECONDS)
            return httpx.Response(200, content=self._body(), headers=headers, request=request)
        if fault == "connection_refused":
            url = request.url.copy_with(scheme="http", host="127.0.0.1", port=self._port)
        else:  # dns_failure
            url = request.url.copy_with(scheme="http", host=UNRESOLVABLE_HOST, port=8888)
        real = httpx.Request(request.method, url, headers=request.headers, content=request.content)
        async with httpx.AsyncHTTPTransport(retries=0) as transport:  # a real socket, a real failure
            return await transport.handle_async_request(real)

    async def aclose(self) -> None:
        return None  # the inner transport belongs to its FakeHindsight
