"""import-memory-md: bring a Hermes MEMORY.md into scoped memory, read-only, with a report of every entry."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.table import Table

from wetopi_memory import ImportReport, MemoryPlane, WetopiMemoryError

from ._common import EXIT_ERROR, EXIT_OK, OutputFormat, err, fail, out, print_json, resolve_user, run_with_plane

EXIT_REVIEW = 1  # P1 entries the policies would reject wait for a person (never dropped)


def import_memory_md(
    ctx: typer.Context,
    path: Annotated[Path, typer.Argument(help="The MEMORY.md to import (only ever read).", exists=True,
                                         dir_okay=False, readable=True)],
    *,
    user: Annotated[Optional[str], typer.Option("--user", "-u", metavar="PLATFORM:ID",  # noqa: UP045
                                                help="Whose personal scope receives personal entries "
                                                     "(exactly one PLATFORM:ID; another person's needs the "
                                                     "operator role). Default: cli:<your login>.")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Decide and report; store nothing.")] = False,
    report: Annotated[Optional[Path], typer.Option("--report", metavar="FILE",  # noqa: UP045
                                                   help="Write the full report here (JSON for .json, else "
                                                        "Markdown).")] = None,
    review_file: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--review-file", metavar="FILE",
        help="Write the P1 entries that need review here (JSON), each with \"accept\": false.")] = None,
    accept_reviewed: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--accept-reviewed", metavar="FILE", exists=True, dir_okay=False, readable=True,
        help="A review file with \"accept\": true on the P1 entries to import as they are.")] = None,
    timeout: Annotated[float, typer.Option(min=0.0, help="Seconds to wait for delivery.")] = 60.0,
    output: Annotated[OutputFormat, typer.Option("--output", "-o", help="text or json (json on stdout).")]
    = OutputFormat.text,
) -> None:
    """Import a Hermes MEMORY.md: route and judge every entry, retain the accepted ones per scope.

    Entries are separated by lines holding only § or by " § " inside a line; [P1]/[P2] entries are kept as
    durable, [P3] and completed tasks are not; secrets are never stored (listed by number). Re-running imports
    nothing twice. Every entry appears in the report with its fate and reasons. A [P1] entry the policies would
    reject is listed for review (exit 1): write the list with --review-file, set "accept": true on the entries to
    keep, and run again with --accept-reviewed. Exit 2 when accepted entries could not be delivered yet (they
    stay queued in the outbox).

    Example: wetopi-memory import-memory-md ~/.hermes/memories/MEMORY.md --user telegram:123456789 --report r.md
    """
    for option, target in (("--report", report), ("--review-file", review_file)):
        if target is not None and target.resolve() == path.resolve():
            fail(f"{option} must not be the MEMORY.md itself (the source is never modified)")
    try:
        reviewed = ImportReport.reviewed_from(accept_reviewed) if accept_reviewed is not None else None
    except WetopiMemoryError as exc:
        fail(str(exc))

    async def work(plane: MemoryPlane) -> int:
        identity = resolve_user(plane, user, command="import-memory-md")
        result = await plane.import_memory_md(identity, path, dry_run=dry_run, deliver_timeout=timeout,
                                              reviewed=reviewed)
        if report is not None:
            result.write_report(report, source=str(path))
        if review_file is not None and result.review:
            result.write_review_file(review_file, source=str(path))
        return _render(result, output, report)

    # A dry run never creates state: an existing outbox only tells what is already imported.
    raise typer.Exit(run_with_plane(ctx, work, outbox="existing" if dry_run else "durable", output=output))


def _render(result: ImportReport, output: OutputFormat, report: Path | None) -> int:
    if output is OutputFormat.json:
        print_json(result.to_dict())
    else:
        table = Table("#", "lines", "tag", "fate", "scopes", "reasons")
        for entry in result.entries:
            scopes = ", ".join(f"{s['scope']}:{s['fate']}" for s in entry.scopes) or "-"
            table.add_row(str(entry.entry.index), f"{entry.entry.line_start}-{entry.entry.line_end}",
                          entry.entry.priority or "-", entry.fate, scopes, ", ".join(entry.reasons) or "-")
        out.print(table)
        out.print("totals: " + ", ".join(f"{k} {v}" for k, v in result.totals.items()), markup=False)
        if report is not None:
            out.print(f"report written to {report}", markup=False)
    if not result.complete:
        waiting = sum(1 for e in result.entries if e.fate in ("queued", "failed", "partial"))
        err.print(f"error: {waiting} accepted entr{'y' if waiting == 1 else 'ies'} not delivered yet; kept in "
                  "the outbox, run again later", markup=False, highlight=False)
        return EXIT_ERROR
    if result.review:
        numbers = ", ".join(str(e.entry.index) for e in result.review)
        err.print(f"review: P1 entr{'y' if len(result.review) == 1 else 'ies'} {numbers} would be rejected and "
                  "were not stored; see --review-file and --accept-reviewed", markup=False, highlight=False)
        return EXIT_REVIEW
    return EXIT_OK
