"""What HindsightBackend reads back: HTTP statuses and transport failures mapped to the error taxonomy, and JSON
bodies parsed into models, never quoting content or the API key."""

from __future__ import annotations

import errno
import math
import socket
import ssl
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any, TypeGuard

import httpx

from ..config.backend import DEFAULT_MAX_RESPONSE_BYTES
from ..errors import (
    BackendAuthError,
    BackendError,
    BackendProtocolError,
    BackendRequestError,
    BackendTimeoutError,
    BackendUnavailableError,
    BankNotFoundError,
)
from ..models import BankConfigState, MemoryRecord
from .base import AccessCheck
from .hindsight_requests import Secret

__all__ = ["DEFAULT_MAX_RESPONSE_BYTES", "ResponseReader", "is_int", "parse_retry_after", "receive_capped"]

_DECODED_AWAY = ("content-encoding", "content-length", "transfer-encoding")
_DETAIL_MAX = 300
_NO_LLM_MARKERS = ("requires an llm provider", "provider is set to 'none'", "llmnotavailable")


async def receive_capped(client: httpx.AsyncClient, request: httpx.Request, op: str, cap: int) -> httpx.Response:
    """Send, then read the body as a stream and stop at `cap` bytes (decoded): a huge answer costs that much memory
    and time at most, and becomes a one-line BackendError (not transient: asking again gets the same answer)."""
    streamed = await client.send(request, stream=True)
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in streamed.aiter_bytes():
            size += len(chunk)
            if size > cap:
                raise BackendError(f"Hindsight {op} answer is larger than {cap} bytes (HTTP {streamed.status_code}; "
                                   f"backend.max_response_bytes); not read further", status=streamed.status_code,
                                   operation=op)
            chunks.append(chunk)
    finally:
        await streamed.aclose()
    headers = [(k, v) for k, v in streamed.headers.multi_items() if k.lower() not in _DECODED_AWAY]
    return httpx.Response(streamed.status_code, headers=headers, content=b"".join(chunks), request=request,
                          extensions=streamed.extensions)


class ResponseReader:
    """Turns one server's answers into models or typed errors; messages name the server, never the key."""

    def __init__(self, url: str, secret: Secret | None) -> None:
        self._url = url
        self._secret = secret

    def transport_error(self, exc: httpx.HTTPError | httpx.InvalidURL, op: str, seconds: float) -> BackendError:
        """A failure before any answer (timeout, refused, DNS, TLS, a broken stream) as a typed error."""
        if isinstance(exc, httpx.TimeoutException):
            return BackendTimeoutError(f"Hindsight at {self._url} did not answer {op} within {seconds:g}s",
                                       operation=op)
        if isinstance(exc, httpx.ConnectError):
            return BackendUnavailableError(f"cannot reach Hindsight at {self._url}: {_connect_reason(exc)}",
                                           operation=op)
        if isinstance(exc, httpx.HTTPError):
            return BackendUnavailableError(f"cannot reach Hindsight at {self._url}: transport error "
                                           f"({type(exc).__name__})", operation=op)
        return BackendRequestError(f"invalid request URL for {op}", operation=op)

    def is_missing_bank(self, resp: httpx.Response) -> bool:
        """A 404 that names a missing bank, not a missing route (FastAPI's bare "Not Found") or a disabled API."""
        detail = _detail_text(resp)
        return detail is not None and detail != "Not Found" and "api is disabled" not in detail.lower()

    @staticmethod
    def says_no_llm(resp: httpx.Response) -> bool:
        """A 400 explaining that the server has no LLM provider (reflect cannot work there)."""
        detail = (_detail_text(resp) or "").lower()
        return resp.status_code == 400 and any(marker in detail for marker in _NO_LLM_MARKERS)

    def access_check(self, resp: httpx.Response, *, anonymous: bool = False) -> AccessCheck:
        """Read the answer to the authenticated read (`anonymous`: the same read sent without the key)."""
        if anonymous:
            if resp.status_code in (401, 403):
                return AccessCheck("accepted", f"Hindsight at {self._url} accepted the API key")
            return AccessCheck("not_enforced", f"Hindsight at {self._url} answers without an API key "
                                               "(auth: not enforced)")
        if resp.status_code in (401, 403) and self._secret is None:
            return AccessCheck("refused", f"Hindsight at {self._url} requires an API key and none is configured "
                                          f"(HTTP {resp.status_code}; set backend.api_key or HINDSIGHT_API_KEY)")
        try:
            self.raise_for_status("check_access", resp, bank=None)
        except BackendAuthError as exc:
            return AccessCheck("refused", str(exc))
        except BackendUnavailableError as exc:
            return AccessCheck("unreachable", str(exc))
        except BackendError as exc:
            return AccessCheck("failed", str(exc))
        return AccessCheck("not_enforced", f"Hindsight at {self._url} answers without an API key "
                                           "(auth: not enforced)")

    def raise_for_status(self, op: str, resp: httpx.Response, *, bank: str | None, config: bool = False) -> None:
        """Map a non-2xx answer to the error taxonomy; only config operations quote the server's detail."""
        status = resp.status_code
        if 200 <= status < 300:
            return
        detail = self._scrub(_detail_text(resp)) if config else None
        suffix = f": {detail}" if detail else ""
        if 300 <= status < 400:
            raise BackendProtocolError(f"Hindsight at {self._url} redirected {op} (HTTP {status}); configure the "
                                       "final URL", status=status, operation=op)
        if status == 401:
            raise BackendAuthError(f"Hindsight at {self._url} rejected the API key (HTTP 401)",
                                   status=status, operation=op)
        if status == 403:
            raise BackendAuthError(f"Hindsight at {self._url} refused {op} (HTTP 403){suffix}",
                                   status=status, operation=op)
        if status == 404:
            raise self._not_found(op, resp, bank)
        if 400 <= status < 500 and status not in (408, 410, 429):
            what = f"{op} for bank {bank!r}" if config and bank else f"the {op} request"
            if not config and status == 422 and _is_defense_block(resp):
                suffix = ": memory defense blocked every item"
            raise BackendRequestError(f"Hindsight rejected {what} (HTTP {status}){suffix}",
                                      status=status, operation=op)
        if status == 410:
            raise BackendProtocolError(f"Hindsight at {self._url} retired the route used by {op} (HTTP 410)",
                                       status=status, operation=op)
        if status in (408, 429, 503):
            retry_after = parse_retry_after(resp.headers.get("Retry-After"))
            hint = f"; retry after {retry_after:g}s" if retry_after is not None else ""
            raise BackendUnavailableError(f"Hindsight at {self._url} cannot serve {op} now (HTTP {status}){hint}",
                                          status=status, operation=op, retry_after=retry_after)
        raise BackendUnavailableError(f"Hindsight at {self._url} failed {op} (HTTP {status})",
                                      status=status, operation=op)

    def _not_found(self, op: str, resp: httpx.Response, bank: str | None) -> BackendError:
        """A 404: the config API switched off, a missing bank, or a route this server does not have."""
        raw = _detail_text(resp) or ""
        if "api is disabled" in raw.lower():
            return BackendRequestError(f"Hindsight at {self._url} has the bank configuration API disabled "
                                       f"(HTTP 404, {op})", status=404, operation=op)
        if bank is not None and self.is_missing_bank(resp):
            return BankNotFoundError(f"bank {bank!r} does not exist on Hindsight at {self._url}",
                                     status=404, operation=op)
        return BackendProtocolError(f"Hindsight at {self._url} has no route for {op} (HTTP 404); "
                                    "check the URL and base path", status=404, operation=op)

    def json_object(self, op: str, resp: httpx.Response) -> dict[str, Any]:
        """The body as a JSON object, else BackendProtocolError."""
        try:
            data = resp.json()
        except (ValueError, UnicodeDecodeError):
            raise BackendProtocolError(f"Hindsight at {self._url} answered {op} with a body that is not JSON "
                                       f"(HTTP {resp.status_code})", status=resp.status_code,
                                       operation=op) from None
        if not isinstance(data, dict):
            raise self.shape(op, f"expected a JSON object, got {type(data).__name__}")
        return data

    def shape(self, op: str, what: str) -> BackendProtocolError:
        """A wrong-shaped 200 body."""
        return BackendProtocolError(f"Hindsight at {self._url} answered {op} with an unexpected shape: {what}",
                                    operation=op)

    def record(self, op: str, item: Any) -> MemoryRecord:
        """A recall result or reflect fact as a MemoryRecord; optional fields may be null or absent."""
        if not isinstance(item, dict) or not isinstance(item.get("text"), str):
            raise self.shape(op, "a memory entry has no string 'text'")
        scores = item.get("scores")
        final = scores.get("final") if isinstance(scores, dict) else None
        tags = item.get("tags")
        document_id = item.get("document_id")
        occurred = item.get("occurred_start") or item.get("mentioned_at")
        memory_id, memory_type = item.get("id"), item.get("type")
        return MemoryRecord(
            id=memory_id if isinstance(memory_id, str) else "",
            content=item["text"],
            type=memory_type if isinstance(memory_type, str) and memory_type else "world",
            score=float(final) if _is_number(final) else 0.0,
            tags=tuple(tag for tag in tags if isinstance(tag, str)) if isinstance(tags, list) else (),
            document_id=document_id if isinstance(document_id, str) else None,
            occurred_at=occurred if isinstance(occurred, str) else None,
        )

    def config_state(self, op: str, bank: str, resp: httpx.Response) -> BankConfigState:
        """A BankConfigResponse as BankConfigState."""
        data = self.json_object(op, resp)
        config, overrides, bank_id = data.get("config"), data.get("overrides"), data.get("bank_id")
        if not isinstance(config, dict) or not isinstance(overrides, dict):
            raise self.shape(op, "expected 'config' and 'overrides' objects")
        return BankConfigState(bank_id=bank_id if isinstance(bank_id, str) and bank_id else bank,
                               config=config, overrides=overrides)

    def _scrub(self, text: str | None) -> str | None:
        """Cut a server detail to one short line without the API key; a detail the secret gate blocks is
        withheld entirely (a server echoing a credential back must not put it in an error message)."""
        if not text:
            return None
        if self._secret is not None:
            text = text.replace(self._secret.reveal(), "***")
        text = " ".join(text.split())
        from ..secrets import DEFAULT_GATE  # lazy: the gate compiles its rules on first use

        if DEFAULT_GATE.blocks(text):
            return "detail withheld: it looks like it contains a secret"
        return text if len(text) <= _DETAIL_MAX else text[:_DETAIL_MAX - 1] + "…"


def _detail_text(resp: httpx.Response) -> str | None:
    """The error body's `detail` as one short string (string, validation list, or defense violations)."""
    try:
        body = resp.json()
    except (ValueError, UnicodeDecodeError):
        return None
    detail = body.get("detail") if isinstance(body, dict) else None
    if isinstance(detail, str):
        return detail
    if isinstance(detail, list):  # pydantic: never echo `input`, only where and what
        parts = []
        for entry in detail[:5]:
            if isinstance(entry, dict):
                loc = ".".join(str(p) for p in entry.get("loc", []) if p != "body")
                parts.append(f"{loc}: {entry.get('msg', 'invalid')}" if loc else str(entry.get("msg", "invalid")))
        return "; ".join(parts) or None
    if isinstance(detail, dict) and isinstance(detail.get("violations"), list):
        return f"memory defense blocked every item ({len(detail['violations'])} violation(s))"
    return None


def _is_defense_block(resp: httpx.Response) -> bool:
    """A 422 from Memory Defense (structured, carries no content in our message)."""
    return (_detail_text(resp) or "").startswith("memory defense blocked")


def parse_retry_after(value: str | None) -> float | None:
    """Retry-After as seconds (delta-seconds or HTTP-date), None when absent or unreadable."""
    if not value:
        return None
    try:
        seconds = float(value.strip())
    except ValueError:
        try:
            when = parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        seconds = (when - datetime.now(UTC)).total_seconds()
    if not math.isfinite(seconds):
        return None
    return max(seconds, 0.0)


def _connect_reason(exc: BaseException) -> str:
    """'connection refused', 'DNS lookup failed', … from a ConnectError and its causes, without the message."""
    chain: list[BaseException] = []
    cursor: BaseException | None = exc
    while cursor is not None and len(chain) < 8:
        chain.append(cursor)
        cursor = cursor.__cause__ or cursor.__context__
    text = " ".join(str(e) for e in chain).lower()
    if any(isinstance(e, socket.gaierror) for e in chain) or any(
            marker in text for marker in ("name or service not known", "name resolution", "nodename nor servname",
                                          "getaddrinfo", "no address associated")):
        return "DNS lookup failed"
    if any(isinstance(e, ConnectionRefusedError) for e in chain) or "refused" in text \
            or f"errno {errno.ECONNREFUSED}]" in text:
        return "connection refused"
    if any(isinstance(e, ssl.SSLError) for e in chain) or "ssl" in text:
        return "TLS handshake failed"
    return "connection failed"


def is_int(value: object) -> TypeGuard[int]:
    """An int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
