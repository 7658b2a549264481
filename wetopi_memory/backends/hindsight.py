"""HindsightBackend: the httpx client of the Hindsight HTTP API (0.9.2 and 1.x) behind `MemoryBackend`."""

from __future__ import annotations

import asyncio
import errno
import functools
import logging
import math
import socket
import ssl
import time
import unicodedata
from collections.abc import AsyncGenerator, Mapping, Sequence
from contextlib import aclosing
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from importlib import metadata as _metadata
from typing import Any, Literal, TypeGuard
from urllib.parse import quote, urlsplit

import httpx

from ..errors import (
    BackendAuthError,
    BackendError,
    BackendProtocolError,
    BackendRequestError,
    BackendTimeoutError,
    BackendUnavailableError,
    BankNotFoundError,
    ConfigError,
)
from ..models import (
    BackendHealth,
    BankConfigState,
    BankInfo,
    MemoryRecord,
    RecallQuery,
    ReflectAnswer,
    RetainItem,
    RetainReceipt,
)

__all__ = ["HindsightBackend", "HindsightTimeouts"]

logger = logging.getLogger(__name__)

_BANKS = "/v1/default/banks"
_PAGE = 100
_MAX_PAGES = 10_000
_DETAIL_MAX = 300
_NO_LLM_MARKERS = ("requires an llm provider", "provider is set to 'none'", "llmnotavailable")
_TimeoutKind = Literal["recall", "retain", "reflect", "config"]


def _client_version() -> str:
    """This library's version for the User-Agent header."""
    try:
        return _metadata.version("wetopi-memory")
    except _metadata.PackageNotFoundError:
        return "0+unknown"


class _Secret:
    """Holds the API key so that no repr, vars() dump or log line can show it."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "_Secret('***')"

    __str__ = __repr__


@functools.cache
def _tls_context() -> ssl.SSLContext:
    """One verified TLS context per process (httpx builds a new one per client, ~45 ms each)."""
    return httpx.create_ssl_context()


@dataclass(frozen=True, slots=True)
class HindsightTimeouts:
    """Per-operation wall-clock limits in seconds; reflect stays above the server's 300 s reflect wall."""

    recall: float = 10.0
    retain: float = 60.0
    reflect: float = 330.0
    config: float = 10.0

    def __post_init__(self) -> None:
        for name in ("recall", "retain", "reflect", "config"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0 \
                    or not math.isfinite(value):
                raise ValueError(f"HindsightTimeouts.{name} must be a positive number of seconds")

    @classmethod
    def uniform(cls, seconds: float) -> HindsightTimeouts:
        """The same limit for every operation (tests, benchmarks, a single configured timeout)."""
        return cls(recall=seconds, retain=seconds, reflect=seconds, config=seconds)

    def for_kind(self, kind: _TimeoutKind) -> float:
        """The limit for one operation class."""
        return float(getattr(self, kind))


class HindsightBackend:
    """A `MemoryBackend` over one Hindsight server: one pooled client, bounded concurrency, typed errors."""

    kind: str = "hindsight"

    def __init__(self, url: str, *, api_key: str | None = None,
                 timeouts: HindsightTimeouts | float | None = None, max_inflight: int = 4,
                 transport: httpx.AsyncBaseTransport | None = None) -> None:
        self._url = _validate_base_url(url)
        if timeouts is None:
            timeouts = HindsightTimeouts()
        elif not isinstance(timeouts, HindsightTimeouts):
            timeouts = HindsightTimeouts.uniform(timeouts)
        self.timeouts: HindsightTimeouts = timeouts
        if isinstance(max_inflight, bool) or not isinstance(max_inflight, int) or max_inflight < 1:
            raise ValueError("max_inflight must be an integer >= 1")
        self._max_inflight = max_inflight
        headers = {"User-Agent": f"wetopi-memory/{_client_version()}", "Accept": "application/json"}
        self._secret = _Secret(api_key) if api_key else None
        if self._secret is not None:
            headers["Authorization"] = f"Bearer {self._secret.reveal()}"
        self._headers, self._transport = httpx.Headers(headers), transport  # Headers repr masks the key
        self._client = self._new_client()
        self._semaphore = asyncio.Semaphore(max_inflight)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._known_banks: set[str] = set()
        self._version: str | None = None
        self.last_ignored_params: tuple[str, ...] = ()
        self.last_ignored_operation: str | None = None

    def _new_client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(base_url=self._url, headers=self._headers, transport=self._transport,
                                 timeout=httpx.Timeout(self.timeouts.config), follow_redirects=False,
                                 verify=_tls_context())

    def _bind_loop(self) -> None:
        """Pool and semaphore belong to one event loop; a new loop (a later `asyncio.run`) gets fresh ones."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            if self._loop is not None:  # the old loop's connections cannot be reused, nor closed from here
                self._client = self._new_client()
                self._semaphore = asyncio.Semaphore(self._max_inflight)
            self._loop = loop

    def __repr__(self) -> str:
        return (f"HindsightBackend(url={self._url!r}, auth={'yes' if self._secret else 'no'}, "
                f"max_inflight={self._max_inflight})")

    @property
    def url(self) -> str:
        """The base URL (never carries credentials)."""
        return self._url

    async def __aenter__(self) -> HindsightBackend:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the pooled connections."""
        await self._client.aclose()

    # ------------------------------------------------------------------ data plane

    async def recall(self, bank: str, query: RecallQuery) -> list[MemoryRecord]:
        """Search one bank; a missing bank (0.9.2: 200 empty, 1.x: 404) yields an empty list."""
        path = _bank_path(bank, "recall") + "/memories/recall"
        if not query.query.strip():
            raise BackendRequestError("recall query is empty", operation="recall")
        body: dict[str, Any] = {
            "query": query.query,
            "types": list(query.types) if query.types is not None else None,
            "budget": query.budget,
            "max_tokens": query.max_tokens,
            "include": {"entities": None},
            "trace": False,
        }
        if query.prefer_observations:
            body["prefer_observations"] = True
        if query.tags:
            body["tags"] = list(query.tags)
            body["tags_match"] = query.tags_match
        resp = await self._send("recall", "POST", path, "recall", json=body)
        if resp.status_code == 404 and self._is_missing_bank(resp):
            return []
        self._raise_for_status("recall", resp, bank=bank)
        data = self._json_object("recall", resp)
        results = data.get("results")
        if not isinstance(results, list):
            raise self._shape("recall", "'results' is not a list")
        return [self._record("recall", item) for item in results[:max(query.limit, 0)]]

    async def retain(self, bank: str, items: Sequence[RetainItem]) -> RetainReceipt:
        """Store a batch synchronously (`async: false`); each item's document_id makes re-delivery replace it."""
        path = _bank_path(bank, "retain") + "/memories"
        if not items:
            return RetainReceipt(bank=bank, items_count=0)
        payload = [_retain_item(index, item) for index, item in enumerate(items)]
        seen: dict[str, int] = {}
        for index, item in enumerate(items):
            if item.document_id in seen:
                raise BackendRequestError(f"retain batch repeats a document_id (items {seen[item.document_id]}"
                                          f" and {index})", operation="retain")
            seen[item.document_id] = index
        resp = await self._send("retain", "POST", path, "retain", json={"items": payload, "async": False})
        self._raise_for_status("retain", resp, bank=bank)
        data = self._json_object("retain", resp)
        if data.get("success") is False:
            raise self._shape("retain", "success is false")
        count = data.get("items_count")
        operation_id = data.get("operation_id")
        self._known_banks.add(bank)  # retain creates the bank
        return RetainReceipt(bank=bank,
                             items_count=count if _is_int(count) else len(payload),
                             operation_id=operation_id if isinstance(operation_id, str) else None)

    async def reflect(self, bank: str, query: str, *, budget: str = "low",
                      max_tokens: int = 2048) -> ReflectAnswer:
        """Answer from one bank; never creates it (reflect would), and reports a server without an LLM honestly."""
        path = _bank_path(bank, "reflect") + "/reflect"
        if not query.strip():
            raise BackendRequestError("reflect query is empty", operation="reflect")
        if bank not in self._known_banks and await self.find_bank(bank) is None:
            return ReflectAnswer(bank=bank, text="", supported=True)
        body = {"query": query, "budget": budget, "max_tokens": max_tokens, "include": {"facts": {}}}
        resp = await self._send("reflect", "POST", path, "reflect", json=body)
        if resp.status_code == 400:
            detail = (_detail_text(resp) or "").lower()
            if any(marker in detail for marker in _NO_LLM_MARKERS):
                return ReflectAnswer(bank=bank, supported=False,
                                     text="reflect is unavailable: the Hindsight server has no LLM provider")
        self._raise_for_status("reflect", resp, bank=bank)
        data = self._json_object("reflect", resp)
        text = data.get("text")
        if not isinstance(text, str):
            raise self._shape("reflect", "'text' is not a string")
        based_on = data.get("based_on")
        memories: Any = based_on.get("memories") if isinstance(based_on, dict) else None
        if memories is None:
            memories = []
        if not isinstance(memories, list):
            raise self._shape("reflect", "'based_on.memories' is not a list")
        return ReflectAnswer(bank=bank, text=text, supported=True,
                             based_on=tuple(self._record("reflect", item) for item in memories))

    # ------------------------------------------------------------------ health and version

    async def health(self) -> BackendHealth:
        """`GET /health` then `GET /version`; a down or unhealthy server gives ok=False, never an exception."""
        started = time.perf_counter()
        try:
            resp = await self._send("health", "GET", "/health", "config")
        except BackendError as exc:
            return BackendHealth(backend=self.kind, ok=False, detail=str(exc),
                                 latency_ms=_elapsed_ms(started))
        latency = _elapsed_ms(started)
        if resp.status_code != 200:
            return BackendHealth(backend=self.kind, ok=False, latency_ms=latency,
                                 detail=f"Hindsight at {self._url} is unhealthy (HTTP {resp.status_code})")
        try:
            body = self._json_object("health", resp)
        except BackendProtocolError as exc:
            return BackendHealth(backend=self.kind, ok=False, detail=str(exc), latency_ms=latency)
        status = body.get("status")
        if status not in (None, "healthy"):
            return BackendHealth(backend=self.kind, ok=False, latency_ms=latency,
                                 detail=f"Hindsight at {self._url} reports status {str(status)[:40]!r}")
        try:
            version: str | None = await self.server_version()
            detail = f"Hindsight at {self._url} is healthy"
        except BackendError as exc:
            version = None
            detail = f"Hindsight at {self._url} is healthy; version unknown ({exc})"
        return BackendHealth(backend=self.kind, ok=True, detail=detail, version=version, latency_ms=latency)

    async def server_version(self) -> str:
        """The server's `api_version` from `GET /version`, cached after the first success."""
        if self._version is None:
            resp = await self._send("version", "GET", "/version", "config")
            self._raise_for_status("version", resp, bank=None)
            version = self._json_object("version", resp).get("api_version")
            if not isinstance(version, str) or not version:
                raise self._shape("version", "'api_version' is not a string")
            self._version = version
        return self._version

    # ------------------------------------------------------------------ bank management

    async def list_banks(self) -> list[BankInfo]:
        """Every bank, paginated by 100 until offset >= total."""
        return [info async for info in self._iter_banks(None)]

    async def find_bank(self, bank: str) -> BankInfo | None:
        """The bank with exactly this id, or None; uses the list's substring `q` and compares ids exactly."""
        _bank_path(bank, "find_bank")
        async with aclosing(self._iter_banks(bank)) as pages:
            async for info in pages:
                if info.bank_id == bank:
                    return info
        return None

    async def ensure_bank(self, bank: str, name: str) -> BankInfo:
        """`PUT /banks/{id}` with the display name only: an upsert that never touches mission or disposition."""
        path = _bank_path(bank, "ensure_bank")
        resp = await self._send("ensure_bank", "PUT", path, "config", json={"name": name})
        self._raise_for_status("ensure_bank", resp, bank=bank, config=True)
        data = self._json_object("ensure_bank", resp)
        bank_id, got_name = data.get("bank_id"), data.get("name")
        self._known_banks.add(bank)
        return BankInfo(bank_id=bank_id if isinstance(bank_id, str) and bank_id else bank,
                        name=got_name if isinstance(got_name, str) else name)

    async def get_config(self, bank: str) -> BankConfigState | None:
        """Resolved config and overrides; None on 1.x for a missing bank.

        0.9.2 answers a missing bank with 200 and defaults, so callers test existence with `list_banks`/
        `find_bank`, never with this method.
        """
        path = _bank_path(bank, "get_config") + "/config"
        resp = await self._send("get_config", "GET", path, "config")
        if resp.status_code == 404 and self._is_missing_bank(resp):
            return None
        self._raise_for_status("get_config", resp, bank=bank, config=True)
        return self._config_state("get_config", bank, resp)

    async def patch_config(self, bank: str, updates: Mapping[str, Any]) -> BankConfigState:
        """One atomic `PATCH /config {"updates": …}`; a None value is sent as JSON null and clears that override."""
        path = _bank_path(bank, "patch_config") + "/config"
        if not updates:
            raise BackendRequestError("patch_config needs at least one update (an empty PATCH still creates "
                                      "a missing bank)", operation="patch_config")
        if not all(isinstance(key, str) and key for key in updates):
            raise BackendRequestError("patch_config keys must be non-empty strings", operation="patch_config")
        resp = await self._send("patch_config", "PATCH", path, "config", json={"updates": dict(updates)})
        self._raise_for_status("patch_config", resp, bank=bank, config=True)
        self._known_banks.add(bank)  # PATCH config creates the bank
        return self._config_state("patch_config", bank, resp)

    # ------------------------------------------------------------------ internals

    async def _iter_banks(self, q: str | None) -> AsyncGenerator[BankInfo, None]:
        """Yield BankInfo page by page (deduplicated: the order is last_write_at, so pages can shift)."""
        offset, seen = 0, set[str]()
        for _ in range(_MAX_PAGES):
            params: dict[str, str | int] = {"limit": _PAGE, "offset": offset}
            if q is not None:
                params["q"] = q
            resp = await self._send("list_banks", "GET", _BANKS, "config", params=params)
            self._raise_for_status("list_banks", resp, bank=None, config=True)
            data = self._json_object("list_banks", resp)
            banks, total = data.get("banks"), data.get("total")
            if not isinstance(banks, list) or not _is_int(total):
                raise self._shape("list_banks", "expected 'banks' list and integer 'total'")
            for item in banks:
                bank_id = item.get("bank_id") if isinstance(item, dict) else None
                if not isinstance(bank_id, str) or not bank_id:
                    raise self._shape("list_banks", "a bank entry has no string 'bank_id'")
                if bank_id in seen:
                    continue
                seen.add(bank_id)
                self._known_banks.add(bank_id)
                name = item.get("name")
                yield BankInfo(bank_id=bank_id, name=name if isinstance(name, str) and name else bank_id)
            offset += len(banks)
            if not banks or offset >= total:
                return
        raise self._shape("list_banks", f"more than {_MAX_PAGES} pages")

    async def _send(self, op: str, method: str, path: str, timeout_kind: _TimeoutKind, *,
                    json: Any = None, params: Mapping[str, str | int] | None = None) -> httpx.Response:
        """One request under the semaphore and the operation's deadline; transport failures become typed errors."""
        seconds = self.timeouts.for_kind(timeout_kind)
        self._bind_loop()
        try:
            request = self._client.build_request(method, path, json=json, params=params,
                                                 timeout=httpx.Timeout(seconds))
        except (TypeError, ValueError) as exc:
            raise BackendRequestError(f"cannot encode the {op} request as JSON ({type(exc).__name__})",
                                      operation=op) from None
        try:
            async with self._semaphore, asyncio.timeout(seconds):
                resp = await self._client.send(request)
        except (httpx.TimeoutException, TimeoutError):
            raise BackendTimeoutError(f"Hindsight at {self._url} did not answer {op} within {seconds:g}s",
                                      operation=op) from None
        except httpx.ConnectError as exc:
            raise BackendUnavailableError(f"cannot reach Hindsight at {self._url}: {_connect_reason(exc)}",
                                          operation=op) from None
        except httpx.HTTPError as exc:
            raise BackendUnavailableError(f"cannot reach Hindsight at {self._url}: transport error "
                                          f"({type(exc).__name__})", operation=op) from None
        except httpx.InvalidURL:
            raise BackendRequestError(f"invalid request URL for {op}", operation=op) from None
        self._note_ignored(op, resp)
        return resp

    def _note_ignored(self, op: str, resp: httpx.Response) -> None:
        """Log `X-Ignored-Params` (field names only) and remember them for tests."""
        header = resp.headers.get("X-Ignored-Params")
        if not header:
            return
        names = tuple(name.strip()[:64] for name in header.split(",") if name.strip())[:20]
        self.last_ignored_params = names
        self.last_ignored_operation = op
        logger.warning("Hindsight ignored parameters in the %s request: %s", op, ", ".join(names))

    def _is_missing_bank(self, resp: httpx.Response) -> bool:
        """A 404 that names a missing bank, not a missing route (FastAPI's bare "Not Found") or a disabled API."""
        detail = _detail_text(resp)
        return detail is not None and detail != "Not Found" and "api is disabled" not in detail.lower()

    def _raise_for_status(self, op: str, resp: httpx.Response, *, bank: str | None,
                          config: bool = False) -> None:
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
            raw = _detail_text(resp) or ""
            if "api is disabled" in raw.lower():
                raise BackendRequestError(f"Hindsight at {self._url} has the bank configuration API disabled "
                                          f"(HTTP 404, {op})", status=status, operation=op)
            if bank is not None and self._is_missing_bank(resp):
                raise BankNotFoundError(f"bank {bank!r} does not exist on Hindsight at {self._url}",
                                        status=status, operation=op)
            raise BackendProtocolError(f"Hindsight at {self._url} has no route for {op} (HTTP 404); "
                                       "check the URL and base path", status=status, operation=op)
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
            retry_after = _retry_after(resp.headers.get("Retry-After"))
            hint = f"; retry after {retry_after:g}s" if retry_after is not None else ""
            raise BackendUnavailableError(f"Hindsight at {self._url} cannot serve {op} now (HTTP {status}){hint}",
                                          status=status, operation=op, retry_after=retry_after)
        raise BackendUnavailableError(f"Hindsight at {self._url} failed {op} (HTTP {status})",
                                      status=status, operation=op)

    def _json_object(self, op: str, resp: httpx.Response) -> dict[str, Any]:
        """The body as a JSON object, else BackendProtocolError."""
        try:
            data = resp.json()
        except (ValueError, UnicodeDecodeError):
            raise BackendProtocolError(f"Hindsight at {self._url} answered {op} with a body that is not JSON "
                                       f"(HTTP {resp.status_code})", status=resp.status_code,
                                       operation=op) from None
        if not isinstance(data, dict):
            raise self._shape(op, f"expected a JSON object, got {type(data).__name__}")
        return data

    def _shape(self, op: str, what: str) -> BackendProtocolError:
        """A wrong-shaped 200 body."""
        return BackendProtocolError(f"Hindsight at {self._url} answered {op} with an unexpected shape: {what}",
                                    operation=op)

    def _record(self, op: str, item: Any) -> MemoryRecord:
        """A recall result or reflect fact as a MemoryRecord; optional fields may be null or absent."""
        if not isinstance(item, dict) or not isinstance(item.get("text"), str):
            raise self._shape(op, "a memory entry has no string 'text'")
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

    def _config_state(self, op: str, bank: str, resp: httpx.Response) -> BankConfigState:
        """A BankConfigResponse as BankConfigState."""
        data = self._json_object(op, resp)
        config, overrides, bank_id = data.get("config"), data.get("overrides"), data.get("bank_id")
        if not isinstance(config, dict) or not isinstance(overrides, dict):
            raise self._shape(op, "expected 'config' and 'overrides' objects")
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


# ---------------------------------------------------------------------- helpers


def _validate_base_url(url: str) -> str:
    """An http(s) base URL without credentials, query or fragment, trailing slash removed."""
    parts = urlsplit(url.strip()) if isinstance(url, str) else None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigError("Hindsight url must be an http:// or https:// URL with a host", key="url")
    if parts.username is not None or parts.password is not None:
        raise ConfigError("Hindsight url must not embed credentials; set api_key instead", key="url")
    if parts.query or parts.fragment:
        raise ConfigError("Hindsight url must not have a query or fragment", key="url")
    return url.strip().rstrip("/")


def _bank_path(bank: str, op: str) -> str:
    """`/v1/default/banks/<percent-encoded id>`, refusing ids that cannot be one path segment."""
    if not isinstance(bank, str) or not bank or bank in (".", ".."):
        raise BackendRequestError("bank id must be a non-empty string other than '.' or '..'", operation=op)
    if "/" in bank or any(ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in bank):
        raise BackendRequestError("bank id must not contain '/', whitespace or control characters",
                                  operation=op)
    return f"{_BANKS}/{quote(bank, safe='')}"


def _retain_item(index: int, item: RetainItem) -> dict[str, Any]:
    """One `MemoryItem`: document_id always sent, metadata values coerced to strings, timestamp ISO-8601."""
    if not isinstance(item.content, str) or not item.content.strip():
        raise BackendRequestError(f"retain item {index} has empty content", operation="retain")
    if not isinstance(item.document_id, str) or not item.document_id:
        raise BackendRequestError(f"retain item {index} has no document_id", operation="retain")
    out: dict[str, Any] = {"content": item.content, "document_id": item.document_id}
    if item.context is not None:
        out["context"] = item.context
    if item.timestamp is not None:
        stamp = item.timestamp if item.timestamp.tzinfo else item.timestamp.replace(tzinfo=UTC)
        out["timestamp"] = stamp.isoformat()
    if item.tags:
        out["tags"] = list(item.tags)
    metadata: dict[str, str] = {}
    for key, value in (item.metadata or {}).items():
        if not isinstance(key, str):
            raise BackendRequestError(f"retain item {index} has a non-string metadata key", operation="retain")
        if value is None:
            continue
        if isinstance(value, bool):
            metadata[key] = "true" if value else "false"
        elif isinstance(value, str | int | float):
            metadata[key] = str(value)
        elif isinstance(value, datetime):
            metadata[key] = value.isoformat()
        else:
            raise BackendRequestError(f"retain item {index} metadata {key[:64]!r} must be a string, got "
                                      f"{type(value).__name__}", operation="retain")
    if metadata:
        out["metadata"] = metadata
    return out


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


def _retry_after(value: str | None) -> float | None:
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


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _elapsed_ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000.0, 3)
