"""status: backend health, whether each backend accepts our credentials, the caller's scopes, host conflicts."""

from __future__ import annotations

import asyncio
import sys
import time
from typing import Annotated

import typer
from rich.table import Table

from wetopi_memory import Identity, MemoryPlane, PlaneStatus

from ._common import (
    EXIT_DRIFT,
    EXIT_ERROR,
    EXIT_OK,
    OutputFormat,
    caller,
    err,
    fail,
    open_plane,
    out,
    print_json,
    resolve_user,
    run_with_plane,
)
from .memory import OutputOption, UserOption


def status(
    ctx: typer.Context,
    *,
    user: UserOption = None,
    output: OutputOption = OutputFormat.text,
    metrics: Annotated[bool, typer.Option("--metrics", help="Print the Prometheus exposition instead: the files "
                                                            "live Hermes plugin processes write "
                                                            "(metrics-<agent>-<pid>.prom) when present, else "
                                                            "this process's metrics after a health probe.")] = False,
) -> None:
    """Show backend health, whether each backend accepts the API key, the scopes you can use (never secrets,
    never other people's banks) and a Hermes memory provider that would own the same banks.

    Exit codes: 0 healthy (with --metrics: exposition printed); 1 every backend answers and accepts the
    credentials, but Hermes' native Hindsight memory provider is on (design A1); 2 a backend is unreachable or
    refuses the credentials (HTTP 401/403), or any other error. One line per problem on stderr.
    Without --user, an unknown caller still gets the health report (no personal scope).

    Example: wetopi-memory status --user telegram:123456789
    """
    if metrics:
        raise typer.Exit(_print_metrics(ctx, user))

    async def work(plane: MemoryPlane) -> int:
        identity = _status_identity(plane, user)
        report = await plane.status(identity)
        _render_status(report, identity, output)
        return _report_problems(report)

    raise typer.Exit(run_with_plane(ctx, work, outbox="existing", output=output))


def _status_identity(plane: MemoryPlane, user: str | None) -> Identity:
    """The --user identity under the usual rules; without it the caller, known or not (status acts on nothing)."""
    return resolve_user(plane, user, command="status") if user is not None else caller(plane)


def _report_problems(report: PlaneStatus) -> int:
    """One stderr line per unavailable backend, refused credentials and host conflict; the exit code."""
    for name, health in report.backends.items():
        check = report.access.get(name)
        if not health.ok:
            _line(f"error: backend {name} is unavailable: {health.detail or 'no detail'}")
        elif check is not None and check.state == "refused":
            _line(f"error: backend {name} refused the credentials: {check.detail}")
        elif check is not None and not check.ok:
            _line(f"error: backend {name} failed the access check: {check.detail}")
    for conflict in report.conflicts:
        _line(f"error: memory provider conflict: {conflict}")
    if not report.reachable:
        return EXIT_ERROR
    return EXIT_DRIFT if report.conflicts else EXIT_OK


def _line(text: str) -> None:
    err.print(text, markup=False, highlight=False)


def _print_metrics(ctx: typer.Context, user: str | None) -> int:
    """The expositions live plugin processes last wrote (one textfile each), else this process's metrics after a
    health probe."""
    plane = open_plane(ctx)
    textfiles = plane.published_metrics_paths()
    asyncio.run(plane.aclose())
    shown = 0
    for textfile in textfiles:
        try:
            exposition = textfile.read_bytes()
            age = max(time.time() - textfile.stat().st_mtime, 0.0)
        except FileNotFoundError:
            continue
        except OSError as exc:
            fail(f"cannot read {textfile}: {exc.strerror or type(exc).__name__}")
        err.print(f"metrics written by a plugin process {age:.0f}s ago: {textfile}", markup=False, highlight=False)
        sys.stdout.write(exposition.decode("utf-8", "replace"))
        shown += 1
    if shown:
        return EXIT_OK

    async def probe(plane: MemoryPlane) -> int:
        await plane.status(_status_identity(plane, user))
        sys.stdout.write(plane.metrics_text().decode("utf-8"))
        return EXIT_OK

    err.print("no plugin metrics textfile found; showing this process's metrics", markup=False, highlight=False)
    return run_with_plane(ctx, probe)


def _render_status(report: PlaneStatus, identity: Identity, output: OutputFormat) -> None:
    if output is OutputFormat.json:
        print_json({**report.to_dict(), "identity": identity.to_dict()})
        return
    out.print(f"config: {report.config_source}", markup=False)
    backends = Table("backend", "kind", "ok", "auth", "version", "latency ms", "detail")
    for name, health in report.backends.items():
        latency = f"{health.latency_ms:.1f}" if health.latency_ms is not None else "-"
        check = report.access.get(name)
        auth = check.state.replace("_", " ") if check is not None else "-"
        backends.add_row(name, health.backend, "yes" if health.ok else "NO", auth, health.version or "-", latency,
                         health.detail)
    out.print(backends)
    scopes = Table("scope", "backend", "access", "you may use", "bank")
    for item in report.scopes:
        scopes.add_row(item.scope, item.backend, item.access, "yes" if item.allowed else "no", item.bank or "-")
    out.print(scopes)
    for name, check in report.access.items():
        if check.state == "not_enforced":
            out.print(f"auth: not enforced by backend {name} (it answers without an API key)", markup=False)
    for conflict in report.conflicts:
        out.print(f"conflict: {conflict}", markup=False)
    box = report.outbox
    if box is not None:
        age = box.oldest_age_seconds
        out.print(f"retain outbox: {box.depth} waiting{f' (oldest {age:.0f}s)' if age is not None else ''}, "
                  f"{box.failed} failed, {box.evicted_total} evicted, {box.refused_total} refused", markup=False)
