"""What every command shares: global options, the plane's lifetime, one-line errors and exit codes."""

from __future__ import annotations

import asyncio
import getpass
import json
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import typer
from rich.console import Console

from wetopi_memory import (
    AccessDenied,
    BackendAuthError,
    BackendError,
    Identity,
    MemoryPlane,
    OutboxMode,
    WetopiMemoryError,
)

EXIT_OK = 0
EXIT_DRIFT = 1
EXIT_ERROR = 2

out = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)

T = TypeVar("T")


class OutputFormat(StrEnum):
    text = "text"
    json = "json"


@dataclass
class GlobalOptions:
    """Options given before the command name."""

    config: Path | None = None
    identities: Path | None = None


def options(ctx: typer.Context) -> GlobalOptions:
    obj = ctx.find_root().obj
    return obj if isinstance(obj, GlobalOptions) else GlobalOptions()


def fail(message: str, code: int = EXIT_ERROR) -> NoReturn:
    """Print one error line on stderr and exit."""
    err.print(f"error: {message}", markup=False, highlight=False)
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


CLI_AGENT = "wetopi-memory-cli"


def open_plane(ctx: typer.Context, *, outbox: OutboxMode = "none", agent: str = CLI_AGENT) -> MemoryPlane:
    opts = options(ctx)
    try:
        return MemoryPlane.open(opts.config, identities=opts.identities, agent=agent, outbox=outbox)
    except WetopiMemoryError as exc:
        fail(describe(exc))


def run_with_plane(ctx: typer.Context, work: Callable[[MemoryPlane], Awaitable[T]], *, outbox: OutboxMode = "none",
                   agent: str = CLI_AGENT) -> T:
    """Open the plane, run one coroutine with it, close it; library errors become one line and exit 2."""
    plane = open_plane(ctx, outbox=outbox, agent=agent)

    async def main() -> T:
        async with plane:
            return await work(plane)

    try:
        return asyncio.run(main())
    except WetopiMemoryError as exc:
        fail(describe(exc))


def resolve_user(plane: MemoryPlane, user: str | None) -> Identity:
    """`PLATFORM:ID` through the identities file; without --user, the operator is `cli:<login name>`."""
    if user is None:
        try:
            login = getpass.getuser()
        except (KeyError, OSError):
            login = ""
        return plane.identify("cli", login)
    platform, sep, user_id = user.partition(":")
    if not sep or not platform or not user_id:
        fail(f"--user must look like PLATFORM:ID (e.g. telegram:123456789), got '{user}'")
    return plane.identify(platform, user_id)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False) + "\n")
