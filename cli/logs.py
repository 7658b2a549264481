"""-v / --log-level / --log-format: the library's `logging` records on stderr, as text or JSON lines."""

from __future__ import annotations

import json
import logging
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import TextIO

LIBRARY_LOGGER = "wetopi_memory"
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class LogLevel(StrEnum):
    debug = "debug"
    info = "info"
    warning = "warning"
    error = "error"


class LogFormat(StrEnum):
    text = "text"
    json = "json"


def effective_level(verbose: int, level: LogLevel | None) -> int:
    """--log-level when given, else WARNING lowered one step per -v (INFO, then DEBUG)."""
    if level is not None:
        return logging.getLevelNamesMapping()[level.value.upper()]
    return max(logging.WARNING - 10 * verbose, logging.DEBUG)


class JsonLineFormatter(logging.Formatter):
    """One JSON object per record (the Argo CD Job's log format); the op log's fields become top-level keys."""

    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, object] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(), "logger": record.name, "message": record.getMessage()}
        fields = record.__dict__.get("wetopi_fields")
        if isinstance(fields, dict):
            data["fields"] = fields
        if record.exc_info and record.exc_info[0] is not None:
            data["exception"] = record.exc_info[0].__name__
        return json.dumps(data, ensure_ascii=False, default=str)


class _StderrHandler(logging.StreamHandler[TextIO]):
    """Writes to whatever sys.stderr is at emit time (a test runner swaps it per invocation)."""

    def emit(self, record: logging.LogRecord) -> None:
        self.setStream(sys.stderr)
        super().emit(record)


@dataclass
class _Installed:
    handler: logging.Handler
    previous_level: int


_installed: _Installed | None = None


def configure_logging(verbose: int, level: LogLevel | None, log_format: LogFormat) -> None:
    """Point the library's logger at stderr with this level and format (idempotent: the last call wins)."""
    global _installed
    logger = logging.getLogger(LIBRARY_LOGGER)
    previous = logger.level
    if _installed is not None:
        logger.removeHandler(_installed.handler)
        previous = _installed.previous_level
    handler = _StderrHandler()
    handler.setFormatter(JsonLineFormatter() if log_format is LogFormat.json else logging.Formatter(TEXT_FORMAT))
    logger.addHandler(handler)
    logger.setLevel(effective_level(verbose, level))
    _installed = _Installed(handler, previous)


def reset_logging() -> None:
    """Undo configure_logging (at the end of a command run in-process, e.g. by a test runner)."""
    global _installed
    if _installed is not None:
        logger = logging.getLogger(LIBRARY_LOGGER)
        logger.removeHandler(_installed.handler)
        logger.setLevel(_installed.previous_level)
        _installed = None
