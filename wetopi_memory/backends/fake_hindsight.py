"""FakeHindsight: an in-memory Hindsight API (0.9.2 or 1.x behaviour) behind an httpx transport, for tests."""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import unquote

import httpx

from .fake_hindsight_documents import DOCUMENT_NOT_FOUND, document_detail, document_page, tags_ok
from .hindsight_keys import defaults_for_version, is_legacy, keys_for_version, normalize_key

__all__ = ["FakeHindsight"]

_CREDENTIAL = re.compile(r"(api_key|base_url|service_account|secret|password|_token$|_router)")
_STATIC = frozenset({"llm_provider", "llm_model", "llm_timeout", "llm_max_concurrent", "embeddings_provider",
                     "embeddings_model", "reranker_provider", "recall_max_query_tokens", "enable_bank_config_api",
                     "retain_batch_enabled", "worker_enabled", "database_url", "database_schema", "host", "port",
                     "reflect_wall_timeout", "retain_max_completion_tokens", "log_level"})
_BANK_FIELDS = frozenset({"name", "disposition", "mission", "background", "reflect_mission",
                          "disposition_skepticism", "disposition_literalism", "disposition_empathy",
                          "retain_mission", "retain_extraction_mode", "retain_custom_instructions",
                          "retain_chunk_size", "retain_structured_chunk_size", "enable_observations",
                          "observations_mission", "enable_temporal_retrieval", "enable_graph_retrieval",
                          "enable_reranking", "retain_max_attachments_per_chunk", "enable_text_search"})
_RECALL_FIELDS = frozenset({"query", "types", "prefer_observations", "budget", "max_tokens", "trace",
                            "query_timestamp", "include", "tags", "tags_match", "tag_groups", "min_scores",
                            "temporal_window"})
_REFLECT_FIELDS = frozenset({"query", "budget", "context", "max_tokens", "include", "response_schema", "tags",
                             "tags_match", "tag_groups", "apply_all_directives", "fact_types",
                             "exclude_mental_models", "exclude_mental_model_ids"})
_RETAIN_FIELDS = frozenset({"items", "async", "operation_id", "document_tags"})
_PY_TYPES: dict[str, type | tuple[type, ...]] = {"str": str, "int": int, "float": (int, float), "bool": bool,
                                                  "list": list, "dict": dict}
_NAMES = {"str": "a string", "int": "an integer", "float": "a number", "bool": "a boolean", "list": "a list",
          "dict": "an object"}
_WRITES = frozenset({"put_bank", "patch_config", "retain", "reflect"})
_WORD = re.compile(r"\w+")

Route = Literal["health", "version", "list_banks", "put_bank", "get_config", "patch_config", "retain", "recall",
                "reflect", "delete_bank", "list_documents", "get_document", "delete_document"]
# (bank id, JSON body, query parameters, names of ignored fields to report) -> JSON answer
Handler = Callable[[str, dict[str, Any], httpx.QueryParams, list[str]], dict[str, Any]]


class _Reply(Exception):
    """Raised inside a handler to answer with an HTTP error."""

    def __init__(self, status: int, detail: Any, headers: dict[str, str] | None = None) -> None:
        super().__init__(status)
        self.status, self.detail, self.headers = status, detail, headers or {}


@dataclass
class _Bank:
    bank_id: str
    name: str
    overrides: dict[str, Any] = field(default_factory=dict)
    memories: list[dict[str, Any]] = field(default_factory=list)
    last_write: int = 0


class FakeHindsight:
    """In-memory Hindsight with its version differences; use `HindsightBackend(url, transport=fake.transport)`."""

    def __init__(self, version: str = "1.1.0", *, api_key: str | None = None, latency: float = 0.0,
                 llm: bool = True) -> None:
        self.version, self.legacy = version, is_legacy(version)
        self.api_key, self.latency, self.llm = api_key, latency, llm
        self.keys, self.defaults = keys_for_version(version), defaults_for_version(version)
        self.banks: dict[str, _Bank] = {}
        self.requests: list[tuple[str, str]] = []
        self.counts: Counter[str] = Counter()
        self.faults: list[tuple[int, dict[str, str]]] = []
        self._ids = itertools.count(1)
        self.transport: httpx.AsyncBaseTransport = httpx.MockTransport(self._handle)

    @property
    def writes(self) -> int:
        """Requests that can write (and create banks): PUT bank, PATCH config, retain, reflect."""
        return sum(self.counts[name] for name in _WRITES)

    def fail_next(self, status: int, *, times: int = 1, headers: dict[str, str] | None = None) -> None:
        """Answer the next `times` requests with `status` (e.g. 503 with Retry-After)."""
        self.faults.extend([(status, dict(headers or {}))] * times)

    def _handlers(self) -> dict[Route, Handler]:
        return {"health": self._op_health, "version": self._op_version, "list_banks": self._op_list_banks,
                "put_bank": self._op_put_bank, "get_config": self._op_get_config,
                "patch_config": self._op_patch_config, "retain": self._op_retain, "recall": self._op_recall,
                "reflect": self._op_reflect, "delete_bank": self._op_delete_bank,
                "list_documents": self._op_list_documents}

    async def _wait_latency(self, request: httpx.Request) -> None:
        """Answer after `latency`, or time out as httpx would when the request's read timeout is shorter."""
        if self.latency <= 0:
            return
        read = request.extensions.get("timeout", {}).get("read")
        if isinstance(read, int | float) and read < self.latency:
            await asyncio.sleep(read)
            raise httpx.ReadTimeout("timed out", request=request)
        await asyncio.sleep(self.latency)

    async def _handle(self, request: httpx.Request) -> httpx.Response:
        await self._wait_latency(request)
        self.requests.append((request.method, request.url.path))
        ignored: list[str] = []
        try:
            name, bank_id, document_id = self._resolve(request)
            self.counts[name] += 1
            if self.faults:
                status, headers = self.faults.pop(0)
                raise _Reply(status, "injected fault", headers)
            if name not in ("health", "version"):
                self._authenticate(request)
            try:
                body = json.loads(await request.aread() or b"{}")
            except ValueError:
                raise _Reply(422, [{"type": "json_invalid", "loc": ["body"], "msg": "JSON decode error"}]) from None
            if not isinstance(body, dict):
                raise _Reply(422, [{"type": "dict_type", "loc": ["body"], "msg": "Input should be an object"}])
            payload = (self._op_document(name, bank_id, document_id) if document_id is not None
                       else self._handlers()[name](bank_id, body, request.url.params, ignored))
            if self.legacy and name not in ("get_config", "patch_config"):
                payload = _omit_nulls(payload)
            headers = {"X-Ignored-Params": ", ".join(ignored)} if ignored else {}
            return httpx.Response(200, json=payload, headers=headers)
        except _Reply as reply:
            return httpx.Response(reply.status, json={"detail": reply.detail}, headers=reply.headers)

    def _resolve(self, request: httpx.Request) -> tuple[Route, str, str | None]:
        """(operation name, bank id, document id) for a request, or a 404/405/410 like FastAPI and the server."""
        segments = [unquote(s) for s in request.url.raw_path.decode().split("?")[0].split("/")[1:]]
        routes: dict[tuple[str, str], Route] = {
            ("GET", "health"): "health", ("GET", "version"): "version", ("GET", "banks"): "list_banks",
            ("PUT", "bank"): "put_bank", ("GET", "config"): "get_config", ("PATCH", "config"): "patch_config",
            ("POST", "memories"): "retain", ("POST", "memories/recall"): "recall", ("POST", "reflect"): "reflect",
            ("DELETE", "bank"): "delete_bank", ("GET", "documents"): "list_documents",
            ("GET", "document"): "get_document", ("DELETE", "document"): "delete_document"}
        bank_id, document_id = "", None
        if segments in (["health"], ["version"]):
            key = segments[0]
        elif segments == ["v1", "default", "banks"]:
            key = "banks"
        elif segments[:3] == ["v1", "default", "banks"] and segments[3]:
            bank_id, key = segments[3], "/".join(segments[4:]) or "bank"
            if key.startswith("documents/") and key != "documents/":  # `{document_id:path}`: may hold '/'
                key, document_id = "document", key.removeprefix("documents/")
        else:
            raise _Reply(404, "Not Found")
        if key == "profile" and not self.legacy:
            raise _Reply(410, "The bank profile API was removed; use the config API.")
        if (request.method, key) not in routes:
            raise _Reply(404, "Not Found")
        return routes[(request.method, key)], bank_id, document_id

    def _authenticate(self, request: httpx.Request) -> None:
        if self.api_key is None:
            return
        header = request.headers.get("Authorization", "")
        key = header[7:] if header.lower().startswith("bearer ") else header
        if key != self.api_key:
            raise _Reply(401, "Authentication failed: Invalid API key")

    def _create(self, bank_id: str) -> _Bank:
        if bank_id not in self.banks:
            self.banks[bank_id] = _Bank(bank_id=bank_id, name=bank_id)
        return self.banks[bank_id]

    def _existing(self, bank_id: str) -> _Bank | None:
        """The bank, None on 0.9.2 when it is missing, a 404 on 1.x."""
        if bank_id not in self.banks and not self.legacy:
            raise _Reply(404, f"Bank '{bank_id}' not found")
        return self.banks.get(bank_id)

    def _op_health(self, *_: Any) -> dict[str, Any]:
        return {"status": "healthy", "database": "connected"}

    def _op_version(self, *_: Any) -> dict[str, Any]:
        return {"api_version": self.version, "features": {"bank_config_api": True, "observations": True}}

    def _op_list_banks(self, _bank: str, _body: Any, params: httpx.QueryParams, _ign: Any) -> dict[str, Any]:
        q = params.get("q", "").lower()
        limit, offset = int(params.get("limit", 100)), int(params.get("offset", 0))
        hits = [b for b in sorted(self.banks.values(), key=lambda b: -b.last_write)
                if q in b.bank_id.lower() or q in b.name.lower()]
        page = [{**self._profile(b), "fact_count": len(b.memories), "last_write_at": None}
                for b in hits[offset:offset + limit]]
        return {"banks": page, "total": len(hits), "limit": limit, "offset": offset}

    def _profile(self, bank: _Bank) -> dict[str, Any]:
        return {"bank_id": bank.bank_id, "name": bank.name, "mission": bank.overrides.get("reflect_mission") or "",
                "disposition": {t: bank.overrides.get(f"disposition_{t}") or 3
                                for t in ("skepticism", "literalism", "empathy")}}

    def _op_put_bank(self, bank_id: str, body: dict[str, Any], _p: Any, ignored: list[str]) -> dict[str, Any]:
        """Upsert-merge: non-null config fields become overrides, `name` is the display label."""
        ignored.extend(k for k in body if k not in _BANK_FIELDS)
        updates = {k: v for k, v in body.items() if k in _BANK_FIELDS and k != "name" and v is not None}
        for alias in ("background", "mission"):
            if alias in updates:
                updates.setdefault("reflect_mission", updates.pop(alias))
        for trait, value in (updates.pop("disposition", None) or {}).items():
            updates.setdefault(f"disposition_{trait}", value)
        bank = self._merge(bank_id, updates)
        if isinstance(body.get("name"), str):
            bank.name = body["name"]
        return self._profile(bank)

    def _op_get_config(self, bank_id: str, *_: Any) -> dict[str, Any]:
        """Resolved config + overrides; 0.9.2 answers a missing bank with defaults, 1.x with 404."""
        bank = self._existing(bank_id)
        overrides = dict(bank.overrides) if bank else {}
        return {"bank_id": bank_id, "config": {**self.defaults, **overrides}, "overrides": overrides}

    def _op_patch_config(self, bank_id: str, body: dict[str, Any], *_: Any) -> dict[str, Any]:
        updates = body.get("updates")
        if not isinstance(updates, dict):
            raise _Reply(422, [{"type": "missing", "loc": ["body", "updates"], "msg": "Field required"}])
        self._merge(bank_id, updates)
        return self._op_get_config(bank_id)

    def _merge(self, bank_id: str, updates: dict[str, Any]) -> _Bank:
        """Validate every key first (a rejected update creates nothing), then create and merge; null clears."""
        normalized = {normalize_key(k): v for k, v in updates.items()}
        credential = sorted(k for k in normalized if _CREDENTIAL.search(k))
        static = sorted(k for k in normalized if k in _STATIC)
        unknown = sorted(k for k in normalized if k not in self.keys and k not in _STATIC)
        for bad, message, tail in (
                (credential, "Cannot set credential fields via API", ""),
                (static, "Cannot override static (server-level) fields",
                 ". Only configurable fields can be overridden per-bank."),
                (unknown, "Unknown configuration fields", "")):
            if bad:
                raise _Reply(400, f"{message}: {bad}{tail}")
        for key, value in normalized.items():
            if value is not None:
                _check_type(key, self.keys[key], value)
        bank = self._create(bank_id)
        for key, value in normalized.items():
            if value is None:
                bank.overrides.pop(key, None)
            else:
                bank.overrides[key] = value
        return bank

    def _op_retain(self, bank_id: str, body: dict[str, Any], _p: Any, ignored: list[str]) -> dict[str, Any]:
        """Store items; re-sending a document_id replaces that document's memories."""
        items = body.get("items")
        if not isinstance(items, list):
            raise _Reply(422, [{"type": "missing", "loc": ["body", "items"], "msg": "Field required"}])
        ignored.extend(k for k in body if k not in _RETAIN_FIELDS)
        for index, item in enumerate(items):
            if not isinstance(item, dict) or not str(item.get("content") or "").strip():
                raise _Reply(422, [{"type": "value_error", "loc": ["body", "items", index, "content"],
                                    "msg": "Value error, content must not be empty"}])
            for key, value in (item.get("metadata") or {}).items():
                if not isinstance(value, str):
                    raise _Reply(422, [{"type": "string_type", "loc": ["body", "items", index, "metadata", key],
                                        "msg": "Input should be a valid string"}])
        doc_ids = [item["document_id"] for item in items if item.get("document_id")]
        if len(doc_ids) != len(set(doc_ids)):
            raise _Reply(400, "Duplicate document_id values in one retain request")
        bank = self._create(bank_id)
        for item in items:
            doc = item.get("document_id") or f"doc-{next(self._ids)}"
            bank.memories = [m for m in bank.memories if m["document_id"] != doc]
            bank.memories.append({"id": f"mem-{next(self._ids)}", "text": item["content"], "type": "world",
                                  "context": item.get("context"), "document_id": doc,
                                  "tags": list(item.get("tags") or []), "metadata": item.get("metadata"),
                                  "occurred_start": item.get("timestamp"), "mentioned_at": "2026-01-01T00:00:00Z",
                                  "bank_id": bank_id, "created_at": f"2026-01-01T00:00:00.{next(self._ids):06d}+00:00"})
        bank.last_write = next(self._ids)
        is_async = bool(body.get("async"))
        return {"success": True, "bank_id": bank_id, "items_count": len(items), "async": is_async,
                "operation_id": (body.get("operation_id") or f"op-{next(self._ids)}") if is_async else None}

    def _search(self, bank: _Bank, body: dict[str, Any]) -> list[dict[str, Any]]:
        """Naive lexical recall: the share of query words found in the memory, ranked, capped by max_tokens."""
        words = set(_WORD.findall(str(body.get("query", "")).lower()))
        want, mode = set(body.get("tags") or []), body.get("tags_match") or "any"
        hits = []
        for memory in bank.memories:
            if body.get("types") is not None and memory["type"] not in body["types"]:
                continue
            if want and not tags_ok(want, set(memory["tags"]), mode):
                continue
            score = len(words & set(_WORD.findall(memory["text"].lower()))) / max(len(words), 1)
            if score > 0:
                hits.append({**memory, "scores": {"final": score, "keyword": score, "semantic": None,
                                                  "reranker": None}})
        hits.sort(key=lambda m: -m["scores"]["final"])
        budget, out = int(body.get("max_tokens") or 4096), []
        for hit in hits:
            budget -= len(hit["text"].split())
            if budget < 0:
                break
            out.append(hit)
        return out

    def _op_recall(self, bank_id: str, body: dict[str, Any], _p: Any, ignored: list[str]) -> dict[str, Any]:
        ignored.extend(k for k in body if k not in _RECALL_FIELDS)
        bank = self._existing(bank_id)
        return {"results": self._search(bank, body) if bank else [], "trace": None, "entities": None,
                "chunks": None}

    def _op_delete_bank(self, bank_id: str, *_: Any) -> dict[str, Any]:
        """200 whether or not the bank exists; `deleted_count` counts what went."""
        bank = self.banks.pop(bank_id, None)
        return {"success": True, "message": f"Bank '{bank_id}' and all associated data deleted successfully",
                "deleted_count": 0 if bank is None else 1 + len(bank.memories)}

    def _op_list_documents(self, bank_id: str, _body: Any, params: httpx.QueryParams, _ign: Any) -> dict[str, Any]:
        bank = self._existing(bank_id)
        return document_page(bank.memories if bank else [], params, self.legacy)

    def _op_document(self, name: Route, bank_id: str, document_id: str) -> dict[str, Any]:
        """Read or delete one document (its memory); absent → 404 "Document not found"."""
        bank = self.banks.get(bank_id)
        found = [m for m in bank.memories if m["document_id"] == document_id] if bank else []
        if bank is None or not found:
            raise _Reply(404, DOCUMENT_NOT_FOUND)
        if name == "get_document":
            return document_detail(found[0], self.legacy)
        bank.memories = [m for m in bank.memories if m["document_id"] != document_id]
        return {"success": True, "message": f"Document '{document_id}' and {len(found)} associated memory units "
                "deleted successfully", "document_id": document_id, "memory_units_deleted": len(found)}

    def _op_reflect(self, bank_id: str, body: dict[str, Any], _p: Any, ignored: list[str]) -> dict[str, Any]:
        ignored.extend(k for k in body if k not in _REFLECT_FIELDS)
        if not self.llm:
            raise _Reply(400, "Reflect requires an LLM provider. Current provider is set to 'none'.")
        bank = self._create(bank_id)  # like the server: reflect creates a missing bank
        facts = (body.get("include") or {}).get("facts") is not None
        fields = ("id", "text", "type", "context", "occurred_start") + (
            () if self.legacy else ("mentioned_at", "document_id", "tags", "metadata"))
        memories = [{k: m[k] for k in fields} for m in self._search(bank, body)]
        return {"text": "fake response", "structured_output": None,
                "based_on": {"memories": memories, "mental_models": [], "directives": []} if facts else None}


def _check_type(key: str, annotation: str, value: Any) -> None:
    """The server's type check: bool is not an int, an int is a float; disposition 1-5; budget function."""
    allowed = {t.strip().split("[")[0] for t in annotation.split("|")} - {"None"}
    ok = any(isinstance(value, _PY_TYPES[t]) and not (isinstance(value, bool) and t != "bool") for t in allowed)
    if not ok:
        want = " or ".join(sorted(_NAMES[t] for t in allowed))
        raise _Reply(400, f"{key} must be {want}, got {type(value).__name__}")
    if key.startswith("disposition_") and not 1 <= value <= 5:
        raise _Reply(400, f"{key} must be an integer between 1 and 5, got {value}")
    if key == "recall_budget_function" and value not in ("fixed", "adaptive"):
        raise _Reply(400, f"recall_budget_function must be 'fixed' or 'adaptive', got {value!r}")


def _omit_nulls(value: Any) -> Any:
    """0.9.2's ExcludeNoneRoute: drop null fields recursively."""
    if isinstance(value, dict):
        return {k: _omit_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_omit_nulls(v) for v in value]
    return value
