"""forget, export, import: erase a person or a mistaken memory (plan, then --apply), and back up or move banks."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Optional, TextIO

import typer
from rich.table import Table

from wetopi_memory import ForgetPlan, ForgetReceipt, Identity, InvalidRequest, MemoryPlane, TransferSummary

from ._common import (
    EXIT_DRIFT,
    EXIT_OK,
    OutputFormat,
    caller,
    err,
    out,
    print_json,
    resolve_user,
    run_with_plane,
)
from .memory import OutputOption, ScopesOption

STDOUT = "-"
ID_LIST_SHOWN = 10  # document ids a text receipt lists per scope (-o json lists them all)


def forget(
    ctx: typer.Context,
    *,
    user: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--user", "-u", metavar="PLATFORM:ID",
        help="Without --scope: erase this person everywhere (operator role). With --scope: act as this account.")
    ] = None,
    internal_id: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--internal-id", metavar="ID", help="Erase the person with this internal id, e.g. someone already "
                                            "removed from the identities file (operator role).")] = None,
    scope: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--scope", "-s", help="Forget a mistaken memory in this scope (one you may write).")] = None,
    document: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--document", metavar="ID", help="With --scope: the document id to forget.")] = None,
    match: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--match", metavar="TEXT", help="With --scope: forget every document whose text contains TEXT "
                                        "(case-insensitive).")] = None,
    apply: Annotated[bool, typer.Option("--apply", help="Delete what the plan lists and print the receipt "
                                                        "(default: only show the plan).")] = False,
    output: OutputOption = OutputFormat.text,
) -> None:
    """Forget a person across every scope, or one mistaken memory; shows the plan unless --apply.

    Exit codes: 0 nothing to delete (with --apply: deleted, receipt written), 1 something would be deleted
    (plan only), 2 error.

    Example: wetopi-memory forget --user telegram:100000002 --apply
    """
    person_mode = scope is None

    async def work(plane: MemoryPlane) -> int:
        me = caller(plane)
        if person_mode:
            operator, subject = _person(plane, me, user, internal_id, document, match)
            plan = await plane.governance.plan_forget_person(operator, subject)
            by = operator
        else:
            if internal_id is not None:
                raise InvalidRequest("--internal-id erases a person; it does not go with --scope")
            by = resolve_user(plane, user, command="forget", scopes=[scope] if scope else [])
            plan = await plane.governance.plan_forget_memory(by, scope or "", document_id=document, match=match)
        if not apply:
            _show_plan(plan, output)
            return EXIT_OK if plan.empty else EXIT_DRIFT
        _show_receipt(await plane.governance.apply_forget(plan, by), output)
        return EXIT_OK

    raise typer.Exit(run_with_plane(ctx, work, outbox="existing", output=output))


def _person(plane: MemoryPlane, me: Identity, user: str | None, internal_id: str | None, document: str | None,
            match: str | None) -> tuple[Identity, str]:
    """The operator and the internal id of the person a `forget --user/--internal-id` erases."""
    if document is not None or match is not None:
        raise InvalidRequest("--document and --match need --scope")
    if (user is None) == (internal_id is None):
        raise InvalidRequest("name the person to erase with --user PLATFORM:ID or --internal-id ID, or a memory "
                             "with --scope S and --document ID or --match TEXT")
    plane.require_known(me)
    if internal_id is not None:
        return me, internal_id
    target = resolve_user(plane, user, command="forget", scopes=plane.scopes)
    assert target.internal_user_id is not None  # resolve_user returns known identities only
    return me, target.internal_user_id


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _ids(ids: tuple[str, ...]) -> str:
    shown = ", ".join(ids[:ID_LIST_SHOWN])
    return shown + (f", … ({len(ids) - ID_LIST_SHOWN} more)" if len(ids) > ID_LIST_SHOWN else "")


def _show_plan(plan: ForgetPlan, output: OutputFormat) -> None:
    if output is OutputFormat.json:
        print_json(plan.to_dict())
        return
    table = Table("scope", "bank", "action", "documents", title=f"forget {_subject(plan)} (plan)")
    for s in plan.scopes:
        action = ("delete bank" if s.bank_exists else "no bank") if s.action == "delete_bank" else "delete documents"
        table.add_row(s.scope, s.bank, action, str(len(s.document_ids)))
    out.print(table)
    for s in plan.scopes:
        if s.document_ids:
            out.print(f"{s.scope}: {_ids(s.document_ids)}", markup=False, highlight=False)
    if plan.empty:
        out.print("nothing to delete", markup=False)
        return
    banks = sum(1 for s in plan.scopes if s.action == "delete_bank" and s.bank_exists)
    out.print(f"would delete {_n(plan.documents, 'document')}, {_n(banks, 'bank')} and "
              f"{_n(len(plan.outbox_items), 'outbox item')}; run again with --apply to delete them", markup=False,
              highlight=False)


def _show_receipt(receipt: ForgetReceipt, output: OutputFormat) -> None:
    if output is OutputFormat.json:
        print_json(receipt.to_dict())
        return
    for s in receipt.scopes:
        if s.documents or s.bank_deleted:
            gone = " (bank deleted)" if s.bank_deleted else ""
            out.print(f"{s.scope}: {_n(s.documents, 'document')} deleted{gone}: {_ids(s.document_ids)}",
                      markup=False, highlight=False)
    who = receipt.subject or "an unknown author"
    if receipt.nothing_deleted:
        out.print(f"nothing to delete for {who}: already forgotten (receipt in the audit trail)", markup=False)
        return
    out.print(f"forgot {who}: {_n(receipt.documents, 'document')}, {_n(receipt.banks_deleted, 'bank')} and "
              f"{_n(receipt.outbox_purged, 'outbox item')} deleted at {receipt.at} by {receipt.operator_account} "
              "(receipt in the audit trail)", markup=False, highlight=False)


def _subject(plan: ForgetPlan) -> str:
    if plan.kind == "person":
        return f"{plan.subject} ({plan.source_ref})"
    return f"a memory ({plan.kind})"


def export(
    ctx: typer.Context,
    file: Annotated[str, typer.Argument(metavar="FILE", help="Where to write the JSONL export ('-': stdout); "
                                                              "created 0600, replaced if it exists.")] = STDOUT,
    *,
    scope: ScopesOption = None,
    user: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--user", "-u", metavar="PLATFORM:ID",
        help="Export this person's personal bank instead of yours (another person's needs the operator role).")
    ] = None,
    all_people: Annotated[bool, typer.Option("--all-people", help="Export every person's personal bank "
                                                                  "(operator role).")] = False,
    output: OutputOption = OutputFormat.text,
) -> None:
    """Export banks (configuration and documents) as JSONL, streamed: the scopes you may read, and your own
    personal bank unless an operator names someone (--user) or everyone (--all-people).

    Exit codes: 0 exported, 2 error.

    Example: wetopi-memory export backup.jsonl --all-people
    """
    async def work(plane: MemoryPlane) -> TransferSummary:
        me = plane.require_known(caller(plane)) if user is not None or all_people else caller(plane)
        people: list[str] = []
        if user is not None:
            target = resolve_user(plane, user, command="export", scopes=scope or ())
            if target.internal_user_id != me.internal_user_id and target.internal_user_id is not None:
                people.append(target.internal_user_id)
        with _writer(file) as write:
            return await plane.governance.export_banks(me, write, scope or None, people=people,
                                                       all_people=all_people)

    summary = run_with_plane(ctx, work, output=output)
    _show_summary(summary, output, verb="exported", to_stderr=file == STDOUT)
    raise typer.Exit(EXIT_OK)


def import_banks(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A JSONL export made by `wetopi-memory export`.")],
    *,
    output: OutputOption = OutputFormat.text,
) -> None:
    """Import an export: create each bank, set its config overrides, write its documents (same ids: importing
    twice changes nothing). Every line is checked and every bank authorised before the first write.

    Exit codes: 0 imported, 2 error.

    Example: wetopi-memory import backup.jsonl
    """
    async def work(plane: MemoryPlane) -> TransferSummary:
        return await plane.governance.import_banks(plane.require_known(caller(plane)), file)

    _show_summary(run_with_plane(ctx, work, output=output), output, verb="imported", to_stderr=False)
    raise typer.Exit(EXIT_OK)


@contextmanager
def _writer(file: str) -> Iterator[Callable[[str], object]]:
    """A line writer to stdout or to a private (0600) file, never through a symbolic link."""
    if file == STDOUT:
        yield lambda line: sys.stdout.write(line + "\n")
        return
    try:
        fd = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
        os.fchmod(fd, 0o600)
        handle: TextIO = os.fdopen(fd, "w", encoding="utf-8")
    except OSError as exc:
        raise InvalidRequest(f"cannot write {file}: {exc.strerror or type(exc).__name__}") from None
    with handle:
        yield lambda line: handle.write(line + "\n")


def _show_summary(summary: TransferSummary, output: OutputFormat, *, verb: str, to_stderr: bool) -> None:
    if output is OutputFormat.json and not to_stderr:
        print_json(summary.to_dict())
        return
    console = err if to_stderr else out
    for bank in summary.banks:
        owner = f" ({bank.user})" if bank.user else ""
        console.print(f"{bank.scope}{owner}: {bank.bank}: {_n(bank.documents, 'document')}", markup=False,
                      highlight=False)
    console.print(f"{verb} {_n(summary.documents, 'document')} in {_n(len(summary.banks), 'bank')}", markup=False,
                  highlight=False)
