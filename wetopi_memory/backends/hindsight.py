"""HindsightBackend: the httpx client of the Hindsight HTTP API (0.9.2 and 1.x) behind `MemoryBackend`.

A plain HTTP client: one request per call, each with its operation's timeout, failures as typed errors.
Concurrency, overall deadlines, retries and the breaker belong to `ResilientBackend`, which wraps it.
"""

from __future__ import annotations

import functools
import logging
import math
import ssl
import time
from collections.abc import AsyncGenerator, Mapping, Sequence
from contextlib import aclosing
from dataclasses import dataclass
from typing import Any

import httpx

from ..errors import BackendError, BackendProtocolError, BackendRequestError
from ..models import (
    BackendHealth,
    BankConfigState,
    BankInfo,
    MemoryRecord,
    RecallQuery,
    ReflectAnswer,
    RetainItem,
    RetainReceipt,
    TimedOperation,
)
from .base import AccessCheck
from .hindsight_documents import HindsightDocuments
from .hindsight_requests import (
    BANKS_PATH,
    QueryParams,
    Secret,
    bank_path,
    client_version,
    recall_body,
    retain_body,
    validate_base_url,
)
from .hindsight_responses import DEFAULT_MAX_RESPONSE_BYTES, ResponseReader, is_int, receive_capped
from .per_loop import PerLoop

__all__ = ["DEFAULT_MAX_RESPONSE_BYTES", "HindsightBackend", "HindsightTimeouts"]

logger = logging.getLogger(__name__)

_PAGE = 100
_MAX_PAGES = 10_000


@functools.cache
def _tls_context() -> ssl.SSLContext:
    """One verified TLS context per process (httpx builds a new one per client, ~45 ms each)."""
    return httpx.create_ssl_context()


@dataclass(frozen=True, slots=True)
class HindsightTimeouts:
    """Per-operation httpx timeouts in seconds; reflect stays above the server's 300 s reflect wall."""

    recall: float = 10.0
    retain: float = 60.0
    reflect: float = 330.0
    config: float = 10.0

    def __post_init__(self) -> None:
        for name, value in self.as_mapping().items():
            if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0 \
                    or not math.isfinite(value):
                raise ValueError(f"HindsightTimeouts.{name} must be a positive number of seconds")

    @classmethod
    def uniform(cls, seconds: float) -> HindsightTimeouts:
        """The same limit for every operation (tests, benchmarks, a single configured timeout)."""
        return cls(recall=seconds, retain=seconds, reflect=seconds, config=seconds)

    @classmethod
    def from_mapping(cls, seconds: Mapping[TimedOperation, float]) -> HindsightTimeouts:
        """The limits of a complete operation → seconds mapping (as the resilience policy holds them)."""
        return cls(recall=seconds["recall"], retain=seconds["retain"], reflect=seconds["reflect"],
                   config=seconds["config"])

    def as_mapping(self) -> dict[TimedOperation, float]:
        """Operation → seconds."""
        return {"recall": self.recall, "retain": self.retain, "reflect": self.reflect, "config": self.config}

    def for_operation(self, operation: TimedOperation) -> float:
        """The limit for one operation class."""
        return float(self.as_mapping()[operation])


class HindsightBackend(HindsightDocuments):
    """A `MemoryBackend` over one Hindsight server: one pooled client per event loop, typed errors.

    `max_inflight` sizes the connection pool; the concurrency limit callers see is the resilience layer's.
    """

    kind: str = "hindsight"

    def __init__(self, url: str, *, api_key: str | None = None,
                 timeouts: HindsightTimeouts | float | None = None, max_inflight: int = 4,
                 transport: httpx.AsyncBaseTransport | None = None,
                 max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES) -> None:
        self._url = validate_base_url(url)
        if isinstance(max_response_bytes, bool) or not isinstance(max_response_bytes, int) or max_response_bytes < 1:
            raise ValueError("max_response_bytes must be an integer >= 1")
        self.max_response_bytes = max_response_bytes
        if timeouts is None:
            timeouts = HindsightTimeouts()
        elif not isinstance(timeouts, HindsightTimeouts):
            timeouts = HindsightTimeouts.uniform(timeouts)
        self.timeouts: HindsightTimeouts = timeouts
        if isinstance(max_inflight, bool) or not isinstance(max_inflight, int) or max_inflight < 1:
            raise ValueError("max_inflight must be an integer >= 1")
        self._max_inflight = max_inflight
        headers = {"User-Agent": f"wetopi-memory/{client_version()}", "Accept": "application/json"}
        self._secret = Secret(api_key) if api_key else None
        if self._secret is not None:
            headers["Authorization"] = f"Bearer {self._secret.reveal()}"
        self._headers, self._transport = httpx.Headers(headers), transport  # Headers repr masks the key
        self._answers = ResponseReader(self._url, self._secret)
        self._clients = PerLoop(self._new_client)
        self._known_banks: set[str] = set()
        self._version: str | None = None
        self.last_ignored_params: tuple[str, ...] = ()
        self.last_ignored_operation: str | None = None

    def _new_client(self) -> httpx.AsyncClient:
        """A pool for the running loop: the old loop's connections cannot be reused, nor closed from here."""
        pool = httpx.Limits(max_connections=self._max_inflight, max_keepalive_connections=self._max_inflight)
        return httpx.AsyncClient(base_url=self._url, headers=self._headers, transport=self._transport,
                                 timeout=httpx.Timeout(self.timeouts.config), follow_redirects=False,
                                 verify=_tls_context(), limits=pool)

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
        client = self._clients.current
        if client is not None:
            await client.aclose()

    # ------------------------------------------------------------------ data plane

    async def recall(self, bank: str, query: RecallQuery) -> list[MemoryRecord]:
        """Search one bank; a missing bank (0.9.2: 200 empty, 1.x: 404) yields an empty list."""
        path = bank_path(bank, "recall") + "/memories/recall"
        resp = await self._send("recall", "POST", path, "recall", json=recall_body(query))
        if resp.status_code == 404 and self._answers.is_missing_bank(resp):
            return []
        self._answers.raise_for_status("recall", resp, bank=bank)
        results = self._answers.json_object("recall", resp).get("results")
        if not isinstance(results, list):
            raise self._answers.shape("recall", "'results' is not a list")
        return [self._answers.record("recall", item) for item in results[:max(query.limit, 0)]]

    async def retain(self, bank: str, items: Sequence[RetainItem]) -> RetainReceipt:
        """Store a batch synchronously (`async: false`); each item's document_id makes re-delivery replace it."""
        path = bank_path(bank, "retain") + "/memories"
        if not items:
            return RetainReceipt(bank=bank, items_count=0)
        body = retain_body(items)
        resp = await self._send("retain", "POST", path, "retain", json=body)
        self._answers.raise_for_status("retain", resp, bank=bank)
        data = self._answers.json_object("retain", resp)
        if data.get("success") is False:
            raise self._answers.shape("retain", "success is false")
        count = data.get("items_count")
        operation_id = data.get("operation_id")
        self._known_banks.add(bank)  # retain creates the bank
        return RetainReceipt(bank=bank,
                             items_count=count if is_int(count) else len(body["items"]),
                             operation_id=operation_id if isinstance(operation_id, str) else None)

    async def reflect(self, bank: str, query: str, *, budget: str = "low",
                      max_tokens: int = 2048) -> ReflectAnswer:
        """Answer from one bank; never creates it (reflect would), and reports a server without an LLM honestly."""
        path = bank_path(bank, "reflect") + "/reflect"
        if not query.strip():
            raise BackendRequestError("reflect query is empty", operation="reflect")
        if bank not in self._known_banks and await self.find_bank(bank) is None:
            return ReflectAnswer(bank=bank, text="", supported=True)
        body = {"query": query, "budget": budget, "max_tokens": max_tokens, "include": {"facts": {}}}
        resp = await self._send("reflect", "POST", path, "reflect", json=body)
        if self._answers.says_no_llm(resp):
            return ReflectAnswer(bank=bank, supported=False,
                                 text="reflect is unavailable: the Hindsight server has no LLM provider")
        self._answers.raise_for_status("reflect", resp, bank=bank)
        data = self._answers.json_object("reflect", resp)
        text = data.get("text")
        if not isinstance(text, str):
            raise self._answers.shape("reflect", "'text' is not a string")
        based_on = data.get("based_on")
        memories: Any = based_on.get("memories") if isinstance(based_on, dict) else None
        if memories is None:
            memories = []
        if not isinstance(memories, list):
            raise self._answers.shape("reflect", "'based_on.memories' is not a list")
        return ReflectAnswer(bank=bank, text=text, supported=True,
                             based_on=tuple(self._answers.record("reflect", item) for item in memories))

    # ------------------------------------------------------------------ health and version

    async def health(self) -> BackendHealth:
        """`GET /health` then `GET /version`; a down or unhealthy server gives ok=False, never an exception."""
        started = time.perf_counter()
        try:
            resp = await self._send("health", "GET", "/health", "config")
        except BackendError as exc:
            return BackendHealth(backend=self.kind, ok=False, detail=str(exc), latency_ms=_elapsed_ms(started))
        latency = _elapsed_ms(started)
        if resp.status_code != 200:
            return BackendHealth(backend=self.kind, ok=False, latency_ms=latency,
                                 detail=f"Hindsight at {self._url} is unhealthy (HTTP {resp.status_code})")
        try:
            body = self._answers.json_object("health", resp)
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

    async def check_access(self) -> AccessCheck:
        """`GET /v1/default/banks?limit=1` (every `/v1` route authenticates): 401/403 is a refused key; when it
        passes, the same read without the key tells whether the server enforces auth at all."""
        params = {"limit": 1}
        try:
            keyed = await self._send("check_access", "GET", BANKS_PATH, "config", params=params)
            if keyed.status_code != 200 or self._secret is None:
                return self._answers.access_check(keyed)
            bare = await self._send("check_access", "GET", BANKS_PATH, "config", params=params, anonymous=True)
        except BackendError as exc:
            return AccessCheck("unreachable", str(exc))
        return self._answers.access_check(bare, anonymous=True)

    async def server_version(self) -> str:
        """The server's `api_version` from `GET /version`, cached after the first success."""
        if self._version is None:
            resp = await self._send("version", "GET", "/version", "config")
            self._answers.raise_for_status("version", resp, bank=None)
            version = self._answers.json_object("version", resp).get("api_version")
            if not isinstance(version, str) or not version:
                raise self._answers.shape("version", "'api_version' is not a string")
            self._version = version
        return self._version

    # ------------------------------------------------------------------ bank management

    async def list_banks(self) -> list[BankInfo]:
        """Every bank, paginated by 100 until offset >= total."""
        return [info async for info in self._iter_banks(None)]

    async def find_bank(self, bank: str) -> BankInfo | None:
        """The bank with exactly this id, or None; uses the list's substring `q` and compares ids exactly."""
        bank_path(bank, "find_bank")
        async with aclosing(self._iter_banks(bank)) as pages:
            async for info in pages:
                if info.bank_id == bank:
                    return info
        return None

    async def ensure_bank(self, bank: str, name: str) -> BankInfo:
        """`PUT /banks/{id}` with the display name only: an upsert that never touches mission or disposition."""
        path = bank_path(bank, "ensure_bank")
        resp = await self._send("ensure_bank", "PUT", path, "config", json={"name": name})
        self._answers.raise_for_status("ensure_bank", resp, bank=bank, config=True)
        data = self._answers.json_object("ensure_bank", resp)
        bank_id, got_name = data.get("bank_id"), data.get("name")
        self._known_banks.add(bank)
        return BankInfo(bank_id=bank_id if isinstance(bank_id, str) and bank_id else bank,
                        name=got_name if isinstance(got_name, str) else name)

    async def get_config(self, bank: str) -> BankConfigState | None:
        """Resolved config and overrides; None on 1.x for a missing bank.

        0.9.2 answers a missing bank with 200 and defaults, so callers test existence with `list_banks`/
        `find_bank`, never with this method.
        """
        path = bank_path(bank, "get_config") + "/config"
        resp = await self._send("get_config", "GET", path, "config")
        if resp.status_code == 404 and self._answers.is_missing_bank(resp):
            return None
        self._answers.raise_for_status("get_config", resp, bank=bank, config=True)
        return self._answers.config_state("get_config", bank, resp)

    async def patch_config(self, bank: str, updates: Mapping[str, Any]) -> BankConfigState:
        """One atomic `PATCH /config {"updates": …}`; a None value is sent as JSON null and clears that override."""
        path = bank_path(bank, "patch_config") + "/config"
        if not updates:
            raise BackendRequestError("patch_config needs at least one update (an empty PATCH still creates "
                                      "a missing bank)", operation="patch_config")
        if not all(isinstance(key, str) and key for key in updates):
            raise BackendRequestError("patch_config keys must be non-empty strings", operation="patch_config")
        resp = await self._send("patch_config", "PATCH", path, "config", json={"updates": dict(updates)})
        self._answers.raise_for_status("patch_config", resp, bank=bank, config=True)
        self._known_banks.add(bank)  # PATCH config creates the bank
        return self._answers.config_state("patch_config", bank, resp)

    # ------------------------------------------------------------------ internals

    async def _iter_banks(self, q: str | None) -> AsyncGenerator[BankInfo, None]:
        """Yield BankInfo page by page (deduplicated: the order is last_write_at, so pages can shift)."""
        offset, seen = 0, set[str]()
        for _ in range(_MAX_PAGES):
            params: dict[str, str | int] = {"limit": _PAGE, "offset": offset}
            if q is not None:
                params["q"] = q
            resp = await self._send("list_banks", "GET", BANKS_PATH, "config", params=params)
            self._answers.raise_for_status("list_banks", resp, bank=None, config=True)
            data = self._answers.json_object("list_banks", resp)
            banks, total = data.get("banks"), data.get("total")
            if not isinstance(banks, list) or not is_int(total):
                raise self._answers.shape("list_banks", "expected 'banks' list and integer 'total'")
            for item in banks:
                bank_id = item.get("bank_id") if isinstance(item, dict) else None
                if not isinstance(bank_id, str) or not bank_id:
                    raise self._answers.shape("list_banks", "a bank entry has no string 'bank_id'")
                if bank_id in seen:
                    continue
                seen.add(bank_id)
                self._known_banks.add(bank_id)
                name = item.get("name")
                yield BankInfo(bank_id=bank_id, name=name if isinstance(name, str) and name else bank_id)
            offset += len(banks)
            if not banks or offset >= total:
                return
        raise self._answers.shape("list_banks", f"more than {_MAX_PAGES} pages")

    async def _send(self, op: str, method: str, path: str, timed: TimedOperation, *,
                    json: Any = None, params: QueryParams | None = None,
                    anonymous: bool = False) -> httpx.Response:
        """One request with the operation's httpx timeout (`anonymous`: without the API key); transport failures
        become typed errors."""
        seconds = self.timeouts.for_operation(timed)
        client = self._clients.get()
        try:
            request = client.build_request(method, path, json=json, params=params, timeout=httpx.Timeout(seconds))
        except (TypeError, ValueError) as exc:
            raise BackendRequestError(f"cannot encode the {op} request as JSON ({type(exc).__name__})",
                                      operation=op) from None
        if anonymous:
            request.headers.pop("Authorization", None)
        try:
            resp = await receive_capped(client, request, op, self.max_response_bytes)
        except (httpx.HTTPError, httpx.InvalidURL) as exc:
            raise self._answers.transport_error(exc, op, seconds) from None
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


def _elapsed_ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000.0, 3)
