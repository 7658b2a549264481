"""One structured log line per operation (design §32), without content, on the `wetopi_memory.ops` logger.

    wetopi-memory recall session=abc123 agent=wetopi-lead scopes=platform,personal latency_ms=142 results=7
        tokens=1320 status=ok                                                            (one line in the log)

Every line is `wetopi-memory <operation>` followed by `key=value` pairs. Values are only what is safe to keep in a
log: ids, scope names, numbers, status and reason codes. Anything else is replaced, never quoted:

* a string that is not a plain token (letters, digits and `_ . : @ / + = -`, at most 128 characters) becomes
  `redacted`; a token the secret gate blocks (a vendor-prefixed key, say) becomes `redacted` too;
* lists become comma-separated tokens (`-` when empty), mappings `key:value` pairs; None fields are left out;
* the only free text allowed is a `SafeText` (what `safe_error` returns), printed JSON-quoted.

Memory content, user messages, queries and backend error bodies never reach these lines: the callers pass none
of them, `safe_error` drops what an exception could carry, and the secret gate is a last line of defence. Each
record also carries the fields as `record.wetopi_fields` (and the operation as `record.wetopi_op`) for a JSON
formatter.

`observability.log_recall`, `log_retain` and `log_routing` switch the matching lines off; an operation's line is
built only when the `wetopi_memory.ops` logger would emit it, so a silenced logger costs one level check.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Iterable, Mapping
from typing import Final, Literal

from .config import ObservabilitySettings
from .errors import AccessDenied, BackendError

__all__ = ["OPS_LOGGER", "Kind", "OpLog", "SafeText", "elapsed_ms", "format_line", "safe_error", "safe_value"]

OPS_LOGGER: Final = "wetopi_memory.ops"
log = logging.getLogger(OPS_LOGGER)

Kind = Literal["recall", "retain", "routing", "ops"]

_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:@/+=-]{0,127}\Z")
_HTTP_STATUS = re.compile(r"\(HTTP \d{3}\)")
_RETRY_HINT = re.compile(r"; retry after [0-9.]+s")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_MAX_ERROR_CHARS = 240
_GATE_MIN_CHARS = 16
REDACTED: Final = "redacted"
# Operations whose error messages may quote a server detail after "(HTTP nnn)" (bank configuration).
_DATA_OPERATIONS = frozenset({"recall", "retain", "reflect"})


class SafeText(str):
    """Free text that was already reduced to something safe to log (see `safe_error`)."""

    __slots__ = ()


def _gate_blocks(text: str) -> bool:
    from .secrets import DEFAULT_GATE  # lazy: the gate compiles its rules on import

    try:
        return DEFAULT_GATE.blocks(text)
    except Exception:  # a scanner failure must not let the text through
        return True


def safe_value(value: object) -> str:
    """One log value: a token, a number, a list of tokens; anything else `redacted`."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return "nan"
        text = f"{value:.1f}"
        return text[:-2] if text.endswith(".0") else text
    if isinstance(value, SafeText):
        return json.dumps(str(value), ensure_ascii=True)
    if isinstance(value, str):
        return _token(value)
    if isinstance(value, Mapping):
        parts = [f"{_token(str(k))}:{safe_value(v)}" for k, v in value.items()]
        return ",".join(parts) if parts else "-"
    if isinstance(value, Iterable):
        items = [safe_value(v) for v in value]
        return ",".join(items) if items else "-"
    return REDACTED


def _token(text: str) -> str:
    if not _TOKEN.match(text):
        return REDACTED
    if len(text) >= _GATE_MIN_CHARS and _gate_blocks(text):
        return REDACTED
    return text


def format_line(operation: str, fields: Mapping[str, object]) -> str:
    """`wetopi-memory <operation> key=value ...`, every value through `safe_value`; None values are left out."""
    parts = [f"wetopi-memory {_token(operation)}"]
    parts += [f"{key}={safe_value(value)}" for key, value in fields.items() if value is not None]
    return " ".join(parts)


def safe_error(exc: BaseException) -> SafeText:
    """A one-line, never empty, content-free description of an error: class, HTTP status, redacted message.

    * Backend errors of data operations (recall, retain, reflect) keep their message: the backends write those
      without request or response bodies. For any other backend operation (bank configuration) the message is
      cut after its `(HTTP nnn)` marker, where a server detail could follow.
    * AccessDenied keeps its reason code only.
    * Anything else keeps the text before its first colon, with quoted fragments removed (`KeyError('…')`,
      `invalid value "…"`): library messages put the offending value after a colon or in quotes.
    * Whatever is left is dropped entirely when the secret gate blocks it; the result is bounded and on one line.
    """
    name = type(exc).__name__
    status = getattr(exc, "status", None)
    if isinstance(exc, AccessDenied):
        message = f"access denied ({_token(exc.code)})"
    elif isinstance(exc, BackendError):
        message = str(exc)
        if exc.operation not in _DATA_OPERATIONS:
            marker = _HTTP_STATUS.search(message)
            if marker is not None:
                hint = _RETRY_HINT.match(message, marker.end())
                message = message[:marker.end()] + (hint.group(0) if hint else "")
    else:
        message = _QUOTED.sub("…", str(exc).split(":", 1)[0])
    message = " ".join(message.split())
    if len(message) > _MAX_ERROR_CHARS:
        message = message[:_MAX_ERROR_CHARS - 1] + "…"
    if message and _gate_blocks(message):
        message = REDACTED
    head = name if not isinstance(status, int) or f"HTTP {status}" in message else f"{name} (HTTP {status})"
    return SafeText(f"{head}: {message}" if message and message != name else head)


def elapsed_ms(started: float) -> float:
    """Milliseconds since `started` (a `time.perf_counter()` value)."""
    return (time.perf_counter() - started) * 1000.0


class OpLog:
    """Writes operation lines for one agent, honouring the `observability.log_*` switches."""

    __slots__ = ("_flags", "agent")

    def __init__(self, settings: ObservabilitySettings | None = None, *, agent: str | None = None) -> None:
        obs = settings or ObservabilitySettings()
        self.agent = agent
        self._flags: dict[str, bool] = {"recall": obs.log_recall, "retain": obs.log_retain,
                                        "routing": obs.log_routing, "ops": True}

    def enabled(self, kind: Kind = "ops", level: int = logging.INFO) -> bool:
        """Whether a line of this kind and level would be written (cheap: check before building fields)."""
        return self._flags.get(kind, True) and log.isEnabledFor(level)

    def routing(self) -> bool:
        """Whether route details may be added to recall lines (`observability.log_routing`)."""
        return self._flags["routing"]

    def emit(self, operation: str, kind: Kind = "ops", **fields: object) -> None:
        """Write one INFO line (`agent=` first when known). Never raises."""
        self.write(operation, kind, fields)

    def write(self, operation: str, kind: Kind, fields: Mapping[str, object], *, level: int = logging.INFO) -> None:
        """Write one line of `fields` at `level`. Never raises."""
        if not self.enabled(kind, level):
            return
        try:
            data: dict[str, object] = {"agent": self.agent} if self.agent else {}
            data.update(fields)
            line = format_line(operation, data)
            log.log(level, "%s", line, extra={"wetopi_op": operation,
                                              "wetopi_fields": {k: safe_value(v) for k, v in data.items()
                                                                if v is not None}})
        except Exception:  # logging never breaks an operation
            return
