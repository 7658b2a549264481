"""TurnEvidenceBuffer (design §12, A5): what the tools of one turn did, as bounded summaries, never as memory.

`post_tool_call` hands every tool call here. The buffer keeps, per (session, turn), a short `ToolEvidence` per
call: the tool, the outcome (ok/error), the error class, a short digest of what it acted on (a command head, a
file's base name, a URL's host) and the size and hash of its result. The raw result is never stored: a 50 MB
output costs the same few hundred bytes as an empty one. What is kept of the output is a bounded set of hashes
of its lines, so the policy engine can tell when a "learning" is really pasted tool output (`raw_tool_output`)
without the buffer ever holding the text.

Nothing in here is ever retained directly: at turn end the candidate builder reads the evidence to decide
whether a statement is *verified* (a successful tool call of the same domain backs it) and lists evidence
references (`e1:kubectl:ok`) in the candidate's provenance.

Bounds: `max_items_per_turn` calls per turn (later calls are counted, not kept), `max_digest_chars` per digest,
`max_line_hashes` line hashes per call, `max_open_turns` turns in flight (the least recently touched turn is
dropped first, and counted).
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ..secrets import DEFAULT_GATE, SecretGate

__all__ = [
    "ToolEvidence",
    "TurnEvidence",
    "TurnEvidenceBuffer",
    "line_hash",
]

Outcome = Literal["ok", "error"]

OK_STATUSES = frozenset({"ok", "success", "succeeded", "completed", "complete", "done", ""})
MAX_HASHED_BYTES = 256 * 1024     # only the first 256 KiB of a result are hashed line by line
MIN_HASHED_LINE = 16              # shorter lines ("OK", "}") say nothing about provenance
MAX_HASHED_LINES = 4096
_WS = re.compile(r"\s+")
_FLAG_VALUE = re.compile(r"^(--?[A-Za-z][\w-]*)=.*$")
_SAFE_WORD = re.compile(r"^[A-Za-z0-9_./:@+-]{1,40}$")


def line_hash(line: str) -> int:
    """A stable 64-bit hash of a whitespace-normalised, lowercased line (the same in every process)."""
    norm = _WS.sub(" ", line).strip().lower()
    return int.from_bytes(hashlib.blake2b(norm.encode("utf-8", "replace"), digest_size=8).digest(), "big")


# Tools of the memory plane itself (this plugin's, or any agent's `memory_*`): never evidence of a change.
MEMORY_TOOL_PREFIX = "memory_"
# A command (or a tool named after it) that changes what a cluster runs, in a call's digest; not a dry run or a diff.
CONFIG_CHANGE = re.compile(r"^(?!.*(?:--dry-run|\bdiff\b|\btemplate\b)).*?(?:"
                           r"\b(?:kubectl|oc)(?:[_ ][\w.-]+){0,3}?[_ ](?:apply|patch|annotate|edit|set|label|replace)\b"
                           r"|\bhelm(?:[_ ][\w.-]+){0,2}?[_ ](?:upgrade|install)\b)")

@dataclass(frozen=True, slots=True)
class ToolEvidence:
    """One tool call, summarised. Holds no raw argument values and no raw output."""

    index: int
    tool: str
    outcome: Outcome
    error_class: str | None
    duration_ms: float | None
    digest: str
    result_bytes: int
    result_lines: int
    result_sha: str
    line_hashes: frozenset[int] = field(default_factory=frozenset, repr=False)

    @property
    def ok(self) -> bool:
        return self.outcome == "ok"

    @property
    def ref(self) -> str:
        """A short provenance reference, e.g. `e2:kubectl:ok`."""
        return f"e{self.index}:{self.tool[:40]}:{self.outcome}"

    def to_dict(self) -> dict[str, Any]:
        return {"ref": self.ref, "tool": self.tool, "outcome": self.outcome, "error_class": self.error_class,
                "duration_ms": self.duration_ms, "digest": self.digest, "result_bytes": self.result_bytes,
                "result_lines": self.result_lines, "result_sha": self.result_sha}


@dataclass(frozen=True, slots=True)
class TurnEvidence:
    """Everything one turn's tools did, plus how many calls were over the cap."""

    session_id: str
    turn_id: str
    items: tuple[ToolEvidence, ...] = ()
    dropped: int = 0

    @property
    def tools(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(item.tool for item in self.items))

    @property
    def had_errors(self) -> bool:
        return any(not item.ok for item in self.items)

    @property
    def world(self) -> tuple[ToolEvidence, ...]:
        """The calls that touched the world: a memory tool's answer (`memory_search`, `memory_retain`) is what the
        memory already holds or was just given, no evidence that anything was changed or checked."""
        return tuple(item for item in self.items if not item.tool.startswith(MEMORY_TOOL_PREFIX))

    @property
    def changed_config(self) -> bool:
        """Whether a call that succeeded applied a change of configuration (`kubectl apply`, `helm upgrade`): not a
        read, a restart or a test run."""
        return any(item.ok and CONFIG_CHANGE.search(item.digest) for item in self.world)

    def line_hashes(self) -> frozenset[int]:
        out: set[int] = set()
        for item in self.items:
            out |= item.line_hashes
        return frozenset(out)

    def to_dict(self) -> dict[str, Any]:
        return {"session_id": self.session_id, "turn_id": self.turn_id, "dropped": self.dropped,
                "items": [item.to_dict() for item in self.items]}


EMPTY_EVIDENCE = TurnEvidence(session_id="", turn_id="")


@dataclass(slots=True)
class _OpenTurn:
    """The calls kept so far for one turn in flight, and how many more came over the cap."""

    items: list[ToolEvidence] = field(default_factory=list)
    over_cap: int = 0

    def evidence(self, key: tuple[str, str]) -> TurnEvidence:
        return TurnEvidence(session_id=key[0], turn_id=key[1], items=tuple(self.items), dropped=self.over_cap)


class TurnEvidenceBuffer:
    """Bounded, thread-safe per-turn evidence. `record` from `post_tool_call`, `pop` at `post_llm_call`."""

    def __init__(self, *, max_items_per_turn: int = 64, max_digest_chars: int = 160, max_line_hashes: int = 512,
                 max_open_turns: int = 256, gate: SecretGate = DEFAULT_GATE) -> None:
        if min(max_items_per_turn, max_digest_chars, max_open_turns) < 1 or max_line_hashes < 0:
            raise ValueError("evidence buffer bounds must be positive")
        self.max_items_per_turn = max_items_per_turn
        self.max_digest_chars = max_digest_chars
        self.max_line_hashes = max_line_hashes
        self.max_open_turns = max_open_turns
        self._gate = gate
        self._lock = threading.Lock()
        # Not a cache: entries are evidence still to be read at turn end, so a drop is a counted loss (LRU order,
        # kept by hand because `peek` must not refresh it).
        self._turns: OrderedDict[tuple[str, str], _OpenTurn] = OrderedDict()
        self.evicted_turns = 0
        self.dropped_items = 0

    def __len__(self) -> int:
        with self._lock:
            return len(self._turns)

    def record(self, session_id: str | None, turn_id: str | None, tool_name: Any, args: Any = None,
               result: Any = None, status: Any = None, error_type: Any = None, duration_ms: Any = None,
               **_: Any) -> ToolEvidence | None:
        """Summarise one tool call into its turn. Never raises on odd input; returns the kept summary or None."""
        key = (str(session_id or ""), str(turn_id or ""))
        tool = _clean_name(tool_name)
        status_text = str(status or "").strip().lower()
        error = _clean_name(error_type) if error_type else None
        outcome: Outcome = "ok" if status_text in OK_STATUSES and not error else "error"
        if outcome == "error" and error is None:
            error = _clean_name(status_text) if status_text else "error"
        text = _as_text(result)
        raw = text.encode("utf-8", "replace")
        duration = float(duration_ms) if isinstance(duration_ms, int | float) and not isinstance(
            duration_ms, bool) else None
        with self._lock:
            turn = self._open(key)
            if len(turn.items) >= self.max_items_per_turn:
                turn.over_cap += 1
                self.dropped_items += 1
                return None
            index = len(turn.items) + 1
        evidence = ToolEvidence(
            index=index, tool=tool, outcome=outcome, error_class=error, duration_ms=duration,
            digest=self._digest(tool, args), result_bytes=len(raw), result_lines=text.count("\n") + (1 if text else 0),
            result_sha=hashlib.sha256(raw).hexdigest()[:16], line_hashes=self._line_hashes(text))
        with self._lock:
            current = self._turns.get(key)
            if current is not None and len(current.items) < self.max_items_per_turn:
                current.items.append(evidence)
                return evidence
        return None

    def _open(self, key: tuple[str, str]) -> _OpenTurn:
        """The turn's entry, touched; a new turn drops the least recently touched ones over the bound."""
        turn = self._turns.get(key)
        if turn is not None:
            self._turns.move_to_end(key)
            return turn
        while len(self._turns) >= self.max_open_turns:
            self._turns.popitem(last=False)
            self.evicted_turns += 1
        turn = self._turns[key] = _OpenTurn()
        return turn

    def pop(self, session_id: str | None, turn_id: str | None) -> TurnEvidence:
        """Take (and forget) a turn's evidence; an unknown turn has none."""
        key = (str(session_id or ""), str(turn_id or ""))
        with self._lock:
            turn = self._turns.pop(key, None) or _OpenTurn()
            return turn.evidence(key)

    def peek(self, session_id: str | None, turn_id: str | None) -> TurnEvidence:
        """A turn's evidence so far, left in place (and not touched)."""
        key = (str(session_id or ""), str(turn_id or ""))
        with self._lock:
            return (self._turns.get(key) or _OpenTurn()).evidence(key)

    def drop_session(self, session_id: str | None) -> int:
        """Forget every open turn of a session (on session finalize/reset); returns how many turns."""
        sid = str(session_id or "")
        with self._lock:
            keys = [k for k in self._turns if k[0] == sid]
            for key in keys:
                del self._turns[key]
        return len(keys)

    # ------------------------------------------------------------------------------------------ summaries

    def _digest(self, tool: str, args: Any) -> str:
        """What the call acted on, in a few words: a command head, a file name, a host. Never argument values
        that could be secrets: the digest is scanned by the secret gate and withheld on any finding."""
        parts: list[str] = []
        mapping = args if isinstance(args, Mapping) else _maybe_json(args)
        if isinstance(mapping, Mapping):
            command = next((mapping[k] for k in ("command", "cmd", "script", "code") if isinstance(
                mapping.get(k), str)), None)
            if command is not None:
                parts.append(_command_head(command))
            path = next((mapping[k] for k in ("path", "file_path", "filename", "file", "target") if isinstance(
                mapping.get(k), str)), None)
            if path is not None:
                base = path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
                parts.append(f"file {base[:60]}")
            url = mapping.get("url")
            if isinstance(url, str):
                host = re.sub(r"^[a-z][a-z0-9+.-]*://", "", url.strip(), flags=re.I).split("/", 1)[0]
                host = host.rsplit("@", 1)[-1]  # never userinfo
                parts.append(f"url {host[:60]}")
            if not parts:
                keys = sorted(str(k)[:24] for k in mapping)[:6]
                parts.append("args " + ",".join(keys) if keys else "no args")
        elif isinstance(args, str) and args.strip():
            parts.append(_command_head(args))
        digest = f"{tool}: " + "; ".join(p for p in parts if p) if parts else tool
        digest = digest[: self.max_digest_chars]
        if self._gate.scan(digest):
            return f"{tool}: [withheld]"
        return digest

    def _line_hashes(self, text: str) -> frozenset[int]:
        if not text or self.max_line_hashes == 0:
            return frozenset()
        out: set[int] = set()
        lines = dict.fromkeys(ln.strip() for ln in text[:MAX_HASHED_BYTES].splitlines()[:MAX_HASHED_LINES])
        for line in lines:
            if len(line) >= MIN_HASHED_LINE:
                out.add(line_hash(line))
                if len(out) >= self.max_line_hashes:
                    break
        return frozenset(out)


def _clean_name(value: Any) -> str:
    text = str(value or "unknown").strip()
    text = re.sub(r"[^A-Za-z0-9_.:-]+", "_", text)[:64]
    return text or "unknown"


def _as_text(result: Any) -> str:
    if result is None:
        return ""
    if isinstance(result, str):
        return result
    if isinstance(result, bytes):
        return result.decode("utf-8", "replace")
    try:
        return json.dumps(result, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(result)


def _maybe_json(value: Any) -> Any:
    if isinstance(value, str) and value.lstrip().startswith("{"):
        try:
            return json.loads(value)
        except ValueError:
            return None
    return None


def _command_head(command: str) -> str:
    """The first words of a command's first line, flags without their values: `kubectl rollout restart`."""
    first = command.strip().splitlines()[0] if command.strip() else ""
    words: list[str] = []
    for word in first.split()[:8]:
        word = _FLAG_VALUE.sub(r"\1", word)
        if not _SAFE_WORD.match(word):
            break
        words.append(word)
        if len(words) >= 4:
            break
    return "cmd " + " ".join(words) if words else "cmd"
