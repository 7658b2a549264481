"""The review list of a MEMORY.md import: P1 entries the policies would reject, written for a person to decide,
and read back so the accepted ones are imported as they are (never silently dropped, never silently kept).

`--review-file FILE` writes, for every `review` entry, its number, lines, `entry_sha256` (of its text), reasons,
the suggested `scope`, `"accept": false` and the text. A person sets `"accept": true` (and may change `scope`);
`--accept-reviewed FILE` then imports each accepted entry whose text still matches, as it is: only the secret
gate, the ACL and duplicates are checked.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import WetopiMemoryError
from .kinds import Priority

__all__ = ["MemoryImportError", "ReviewItem", "ReviewedEntries", "entry_sha256", "load_reviewed",
           "write_atomically", "write_review_file"]

REVIEW_VERSION = 1


class MemoryImportError(WetopiMemoryError):
    """The MEMORY.md cannot be read, a review file is malformed, or a report cannot be written."""


@dataclass(frozen=True, slots=True)
class ReviewItem:
    """One P1 entry waiting for a person's decision."""

    index: int
    lines: tuple[int, int]
    priority: Priority | None
    reasons: tuple[str, ...]
    scope: str
    text: str


def entry_sha256(text: str) -> str:
    """The identity of an entry's text in a review file (whitespace-normalised)."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class ReviewedEntries:
    """Accepted review decisions: entry text sha256 → the scope to import it into."""

    scopes: dict[str, str]
    source: str

    def scope_for(self, text: str) -> str | None:
        return self.scopes.get(entry_sha256(text))


def write_review_file(items: Sequence[ReviewItem], destination: str | os.PathLike[str], *, source_name: str,
                      source_sha256: str, source: str | None = None) -> Path:
    """Write the review list for a person to decide: every item with `"accept": false`."""
    rows: list[dict[str, Any]] = [
        {"entry": item.index, "lines": list(item.lines), "entry_sha256": entry_sha256(item.text),
         "priority": item.priority, "reasons": list(item.reasons), "scope": item.scope, "accept": False,
         "text": item.text} for item in items]
    body = {"version": REVIEW_VERSION, "source": source_name, "source_sha256": source_sha256, "entries": rows}
    return write_atomically(Path(destination), json.dumps(body, ensure_ascii=False, indent=2) + "\n", source=source)


def write_atomically(target: Path, body: str, *, source: str | None = None) -> Path:
    """Replace `target` with `body` in one rename; never the MEMORY.md being imported."""
    if source is not None and target.resolve() == Path(source).resolve():
        raise MemoryImportError("the report must not overwrite the MEMORY.md it describes")
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".wetopi-report-", dir=str(target.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(body)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return target


def load_reviewed(path: str | os.PathLike[str]) -> ReviewedEntries:
    """The accepted entries of a review file; a malformed file is one error naming the file and the key."""
    name = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise MemoryImportError(f"cannot read review file {name}: {exc.strerror or type(exc).__name__}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MemoryImportError(f"{name}: not a JSON review file ({type(exc).__name__})") from None
    if not isinstance(data, dict) or data.get("version") != REVIEW_VERSION or not isinstance(data.get("entries"),
                                                                                          list):
        raise MemoryImportError(f"{name}: expected a review file written by --review-file (version 1, entries)")
    scopes: dict[str, str] = {}
    for position, row in enumerate(data["entries"]):
        where = f"{name}: entries[{position}]"
        if not isinstance(row, dict):
            raise MemoryImportError(f"{where}: must be an object")
        accept = row.get("accept")
        if not isinstance(accept, bool):
            raise MemoryImportError(f"{where}.accept: must be true or false")
        if not accept:
            continue
        sha, scope = row.get("entry_sha256"), row.get("scope")
        if not isinstance(sha, str) or len(sha) != 64:
            raise MemoryImportError(f"{where}.entry_sha256: missing or not a sha256")
        if not isinstance(scope, str) or not scope.strip():
            raise MemoryImportError(f"{where}.scope: must name a scope")
        scopes[sha] = scope.strip()
    return ReviewedEntries(scopes=scopes, source=str(data.get("source", "")))
