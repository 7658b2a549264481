"""The overall deadline of one CLI command: `--timeout`, else $WETOPI_MEMORY_TIMEOUT, else the command's default."""

from __future__ import annotations

import math
import os
from collections.abc import Mapping

from wetopi_memory import WetopiMemoryError

ENV_TIMEOUT = "WETOPI_MEMORY_TIMEOUT"
MAX_TIMEOUT_SECONDS = 86_400.0
DEFAULT_DEADLINE_SECONDS = 30.0
# Commands whose one run may legitimately take longer than an interactive call (README "CLI": deadlines).
LONG_DEADLINES: Mapping[str, float] = {
    "reflect": 120.0,  # a Hindsight reflect runs an LLM; the backend's own reflect timeout is at least 120 s
    "bootstrap": 600.0,
    "diff": 600.0,
    "verify": 600.0,
    "forget": 600.0,  # a person's erasure walks every bank
    "export": 600.0,
    "import": 600.0,
    "import-memory-md": 600.0,
}


class DeadlineExceeded(WetopiMemoryError):
    """A command ran past its overall deadline; the message names the bound and how to change it."""

    def __init__(self, command: str, seconds: float, *, durable: bool) -> None:
        kept = "; accepted memories stay in the outbox and a later run delivers them" if durable else ""
        super().__init__(f"{command} timed out after {seconds:g} s (its overall deadline; change it with "
                         f"--timeout SECONDS){kept}")


def parse_timeout(value: str | float, where: str) -> float:
    """A deadline in seconds from an option or the environment; anything but a positive number is a one-line
    error naming `where`."""
    try:
        seconds = float(value)
    except ValueError:
        raise WetopiMemoryError(f"{where} must be a number of seconds, got '{value}'") from None
    if not math.isfinite(seconds) or not 0 < seconds <= MAX_TIMEOUT_SECONDS:
        raise WetopiMemoryError(f"{where} must be more than 0 and at most {MAX_TIMEOUT_SECONDS:g} seconds, "
                                f"got '{value}'")
    return seconds


def command_deadline(command: str, given: float | None, environ: Mapping[str, str] | None = None) -> float:
    """The deadline of `command` (its name as typed, e.g. `retain`): `given` (--timeout), else
    $WETOPI_MEMORY_TIMEOUT, else the command's default."""
    if given is not None:
        return parse_timeout(given, "--timeout")
    env = os.environ if environ is None else environ
    if env.get(ENV_TIMEOUT):
        return parse_timeout(env[ENV_TIMEOUT], f"${ENV_TIMEOUT}")
    return LONG_DEADLINES.get(command, DEFAULT_DEADLINE_SECONDS)
