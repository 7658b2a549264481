"""The bank export format, JSONL: a header line, then per bank one `bank` line followed by its `document` lines.

    {"kind": "header", "format_version": 1, "exported_at": "2026-12-01T10:00:00+00:00"}
    {"kind": "bank", "scope": "business", "user": null, "bank": "wetopi-business", "name": "…", "overrides": {…}}
    {"kind": "document", "scope": "business", "user": null, "document_id": "…", "content": "…", "tags": […],
     "metadata": {…}, "created_at": "…"}

`user` is the internal id of a personal bank's owner (null for a shared scope): an import binds every line to a
bank through the importing plane's own scopes, never through the bank id written in the file.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..backends.base import StoredDocument
from ..errors import InvalidRequest
from ..identity import INTERNAL_ID

__all__ = ["EXPORT_FORMAT_VERSION", "BankLine", "DocumentLine", "TransferLine", "header_line", "parse_line"]

EXPORT_FORMAT_VERSION: Final = 1


@dataclass(frozen=True, slots=True)
class BankLine:
    """One bank: the scope (and owner) it serves, its display name and its config overrides."""

    scope: str
    user: str | None
    bank: str
    name: str
    overrides: Mapping[str, Any]

    def to_json(self) -> str:
        return json.dumps({"kind": "bank", "scope": self.scope, "user": self.user, "bank": self.bank,
                           "name": self.name, "overrides": dict(self.overrides)}, ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class DocumentLine:
    """One document of the bank line before it."""

    scope: str
    user: str | None
    document: StoredDocument

    def to_json(self) -> str:
        d = self.document
        return json.dumps({"kind": "document", "scope": self.scope, "user": self.user, "document_id": d.document_id,
                           "content": d.content, "tags": list(d.tags), "metadata": dict(d.metadata),
                           "created_at": d.created_at}, ensure_ascii=False)


TransferLine = BankLine | DocumentLine


def header_line(exported_at: str) -> str:
    return json.dumps({"kind": "header", "format_version": EXPORT_FORMAT_VERSION, "exported_at": exported_at})


def parse_line(text: str, number: int) -> TransferLine | None:
    """A line of an export (None for the header, which only line 1 may be); InvalidRequest names the line."""
    where = f"line {number}"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidRequest(f"{where}: not JSON ({exc.msg})") from None
    if not isinstance(data, dict):
        raise InvalidRequest(f"{where}: expected a JSON object")
    kind = data.get("kind")
    if (kind == "header") != (number == 1):
        raise InvalidRequest(f"{where}: " + ("the first line must be the export header" if number == 1
                                             else "a header may only be the first line"))
    if kind == "header":
        if data.get("format_version") != EXPORT_FORMAT_VERSION:
            raise InvalidRequest(f"{where}: format_version {data.get('format_version')!r} is not supported "
                                 f"(this version reads {EXPORT_FORMAT_VERSION})")
        return None
    scope, user = _text(data, "scope", where), data.get("user")
    if user is not None and (not isinstance(user, str) or not INTERNAL_ID.match(user)):
        raise InvalidRequest(f"{where}: user must be null or an internal user id")
    if kind == "bank":
        overrides = data.get("overrides")
        if not isinstance(overrides, dict):
            raise InvalidRequest(f"{where}: overrides must be an object")
        return BankLine(scope, user, _text(data, "bank", where), _text(data, "name", where, empty=True), overrides)
    if kind == "document":
        return DocumentLine(scope, user, _document(data, where))
    raise InvalidRequest(f"{where}: kind must be header, bank or document, not {str(kind)[:40]!r}")


def _text(data: Mapping[str, Any], key: str, where: str, *, empty: bool = False) -> str:
    value = data.get(key)
    if not isinstance(value, str) or (not value and not empty):
        raise InvalidRequest(f"{where}: {key} must be a{'' if empty else ' non-empty'} string")
    return value


def _document(data: Mapping[str, Any], where: str) -> StoredDocument:
    content, created = data.get("content"), data.get("created_at")
    tags, metadata = data.get("tags", []), data.get("metadata", {})
    if content is not None and not isinstance(content, str):
        raise InvalidRequest(f"{where}: content must be a string or null")
    if created is not None and not isinstance(created, str):
        raise InvalidRequest(f"{where}: created_at must be an ISO 8601 string or null")
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise InvalidRequest(f"{where}: tags must be a list of strings")
    if not isinstance(metadata, dict) or not all(isinstance(v, str) for v in metadata.values()):
        raise InvalidRequest(f"{where}: metadata must be an object of strings")
    return StoredDocument(document_id=_text(data, "document_id", where), content=content, tags=tuple(tags),
                          metadata=dict(metadata), created_at=created)
