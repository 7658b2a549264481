"""What HindsightBackend sends: the base URL check, bank paths and the JSON bodies of recall and retain."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from importlib import metadata as _metadata
from typing import Any
from urllib.parse import quote

from ..config.urls import check_backend_url
from ..errors import BackendRequestError, ConfigError
from ..models import RecallQuery, RetainItem

__all__ = ["BANKS_PATH", "QueryParams", "Secret", "bank_path",
           "client_version", "recall_body", "retain_body", "validate_base_url"]

BANKS_PATH = "/v1/default/banks"

# A query string: a mapping, or pairs when a name repeats (`tags=a&tags=b`).
QueryParams = Mapping[str, str | int] | tuple[tuple[str, str | int], ...]


class Secret:
    """Holds the API key so that no repr, vars() dump or log line can show it."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "_Secret('***')"

    __str__ = __repr__


def client_version() -> str:
    """This library's version for the User-Agent header."""
    try:
        return _metadata.version("wetopi-memory")
    except _metadata.PackageNotFoundError:
        return "0+unknown"


def validate_base_url(url: str) -> str:
    """The config's one URL rule (config/urls.py), trailing slash removed; a bad URL is a ConfigError on `url`."""
    try:
        return check_backend_url(url.strip() if isinstance(url, str) else "").rstrip("/")
    except ValueError as exc:
        raise ConfigError(str(exc), key="url") from None


def bank_path(bank: str, op: str) -> str:
    """`/v1/default/banks/<percent-encoded id>`, refusing ids that cannot be one path segment."""
    if not isinstance(bank, str) or not bank or bank in (".", ".."):
        raise BackendRequestError("bank id must be a non-empty string other than '.' or '..'", operation=op)
    if "/" in bank or any(ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in bank):
        raise BackendRequestError("bank id must not contain '/', whitespace or control characters",
                                  operation=op)
    return f"{BANKS_PATH}/{quote(bank, safe='')}"


def recall_body(query: RecallQuery) -> dict[str, Any]:
    """The `RecallRequest` body; optional filters are sent only when set."""
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
    return body


def retain_body(items: Sequence[RetainItem]) -> dict[str, Any]:
    """A synchronous (`async: false`) retain of a batch whose document ids are all different."""
    payload = [_retain_item(index, item) for index, item in enumerate(items)]
    seen: dict[str, int] = {}
    for index, item in enumerate(items):
        if item.document_id in seen:
            raise BackendRequestError(f"retain batch repeats a document_id (items {seen[item.document_id]}"
                                      f" and {index})", operation="retain")
        seen[item.document_id] = index
    return {"items": payload, "async": False}


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
    metadata = _metadata_strings(index, item)
    if metadata:
        out["metadata"] = metadata
    return out


def _metadata_strings(index: int, item: RetainItem) -> dict[str, str]:
    """Metadata as the server's string map: None dropped, booleans as true/false, datetimes ISO-8601."""
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
    return metadata
