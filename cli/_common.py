"""What every command shares: global options, the plane's lifetime, one-line errors and exit codes."""

from __future__ import annotations

import asyncio
import json
import os
import pwd
import sys
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import typer
from rich.console import Console
from typer._click.globals import get_current_context

from wetopi_memory import (
    AccessDenied,
    BackendAuthError,
    BackendError,
    ConfigError,
    ConfigErrors,
    Identity,
    InvalidRequest,
    MemoryPlane,
    OutboxMode,
    StateFileUnusable,
    WetopiMemoryError,
)

from .deadline import DeadlineExceeded, command_deadline
from .logs import LogFormat, LogLevel

EXIT_OK = 0
EXIT_DRIFT = 1
EXIT_ERROR = 2
FORMAT_VERSION = 1  # in every JSON document the CLI prints; raised only when a key changes meaning or goes away

out = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)

T = TypeVar("T")


class OutputFormat(StrEnum):
    text = "text"
    json = "json"


@dataclass
class GlobalOptions:
    """Options of every command, given before or after the command name (cli/group.py)."""

    config: Path | None = None
    identities: Path | None = None
    verbose: int = 0
    log_level: LogLevel | None = None
    log_format: LogFormat = LogFormat.text
    timeout: float | None = None  # --timeout: the command's overall deadline in seconds (cli/deadline.py)


def options(ctx: typer.Context) -> GlobalOptions:
    obj = ctx.find_root().obj
    return obj if isinstance(obj, GlobalOptions) else GlobalOptions()


def requested_output() -> OutputFormat:
    """The running command's `-o`, so that every failure honours `-o json`; text outside a command."""
    ctx = get_current_context(silent=True)
    chosen = ctx.params.get("output") if ctx is not None else None
    return chosen if isinstance(chosen, OutputFormat) else OutputFormat.text


def error_document(code: str, problems: Sequence[str]) -> dict[str, Any]:
    """The `-o json` document of a failure: one `problems` entry per line printed on stderr."""
    return {"error": {"code": code, "message": problems[0], "problems": list(problems)}}


def fail(message: str, code: int = EXIT_ERROR, *, error: str = "error", problems: Sequence[str] = (),
         output: OutputFormat | None = None) -> NoReturn:
    """Print one error line per problem on stderr (with `-o json`, also the error document on stdout); exit."""
    lines = list(problems) or [message]
    if (output or requested_output()) is OutputFormat.json:
        print_json(error_document(error, lines))
    for line in lines:
        err.print(f"error: {line}", markup=False, highlight=False)
    raise typer.Exit(code)


def describe(exc: BaseException) -> str:
    """A one-line description of an error, prefixed by its class of failure."""
    if isinstance(exc, AccessDenied):
        return f"access denied ({exc.code}): {exc}"
    if isinstance(exc, BackendAuthError):
        return f"authentication failed: {exc}"
    if isinstance(exc, BackendError):
        return f"backend error: {exc}"
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def error_code(exc: BaseException) -> str:
    """The stable code of an error in `-o json` output: the ACL's reason code, else the class of failure."""
    if isinstance(exc, AccessDenied):
        return exc.code
    if isinstance(exc, DeadlineExceeded):
        return "timeout"
    if isinstance(exc, BackendAuthError):
        return "auth_failed"
    if isinstance(exc, BackendError):
        return "backend_error"
    if isinstance(exc, ConfigError):
        return "config_error"
    if isinstance(exc, StateFileUnusable):
        return f"state_file_{exc.problem}"
    if isinstance(exc, InvalidRequest):
        return "invalid_request"
    return "error"


def fail_with(exc: WetopiMemoryError, output: OutputFormat = OutputFormat.text) -> NoReturn:
    """A library error as one line on stderr (one per problem of a file) and, with `-o json`,
    `{"error": {"code", "message", "problems"}}` on stdout."""
    problems = exc.lines() if isinstance(exc, ConfigErrors) else [describe(exc)]
    fail(problems[-1], error=error_code(exc), problems=problems,
         output=OutputFormat.json if output is OutputFormat.json else None)


CLI_AGENT = "wetopi-memory-cli"


def open_plane(ctx: typer.Context, *, outbox: OutboxMode = "none", agent: str = CLI_AGENT) -> MemoryPlane:
    opts = options(ctx)
    try:
        return MemoryPlane.open(opts.config, identities=opts.identities, agent=agent, outbox=outbox)
    except WetopiMemoryError as exc:
        fail_with(exc)


def run_with_plane(ctx: typer.Context, work: Callable[[MemoryPlane], Awaitable[T]], *, outbox: OutboxMode = "none",
                   agent: str = CLI_AGENT, output: OutputFormat = OutputFormat.text) -> T:
    """Open the plane, run one coroutine with it within the command's overall deadline, close it; library errors
    and the deadline become one line and exit 2."""
    command = ctx.info_name or "command"
    try:
        deadline = command_deadline(command, options(ctx).timeout)
    except WetopiMemoryError as exc:
        fail_with(exc, output)
    plane = open_plane(ctx, outbox=outbox, agent=agent)

    async def main() -> T:
        async with plane:
            try:
                async with asyncio.timeout(deadline):
                    return await work(plane)
            except TimeoutError:
                raise DeadlineExceeded(command, deadline, durable=outbox == "durable") from None

    try:
        return asyncio.run(main())
    except WetopiMemoryError as exc:
        fail_with(exc, output)


def os_login() -> str:
    """The effective user's login from the password database; LOGNAME and USER are whatever the caller set."""
    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        fail(f"effective user id {os.geteuid()} has no login name in the password database")


def caller(plane: MemoryPlane) -> Identity:
    """Who runs this command: `cli:<login>` through the identities file (unknown when it is not there)."""
    return plane.identify("cli", os_login())


def resolve_user(plane: MemoryPlane, user: str | None, *, command: str, scopes: Sequence[str] = ()) -> Identity:
    """The identity a command acts as: the caller, or with --user exactly one PLATFORM:ID account, which must be
    the caller's own person unless the caller has the operator role (then the act is audited). Raises
    InvalidRequest (a malformed --user) or AccessDenied (`identity_required`, `operator_required`)."""
    me = caller(plane)
    if user is None:
        return plane.require_known(me)
    try:
        target = plane.identify_account(user)
    except InvalidRequest as exc:
        raise InvalidRequest(f"--user {exc}") from None
    return plane.act_as(me, target, command=command, scopes=scopes)


def print_json(data: dict[str, Any]) -> None:
    """One JSON document on stdout, `format_version` first."""
    document = {"format_version": FORMAT_VERSION, **data}
    sys.stdout.write(json.dumps(document, ensure_ascii=False, indent=2, sort_keys=False) + "\n")
