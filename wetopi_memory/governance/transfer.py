"""Export and import of banks (configuration and documents) as JSONL, streamed, through the ACL.

An export writes one line at a time while it iterates each bank's documents, so a large bank never sits in
memory; it holds the caller's readable scopes and only the caller's own personal bank, unless an operator names
people (or asks for everyone). An import reads the file twice: first every line is checked and every bank it
names is authorised (a bad line or a refused scope stops it before any write), then banks are created, their
overrides set and documents written in chunks. Document ids are kept, so importing twice changes nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from ..backends.base import StoredDocument
from ..errors import InvalidRequest
from ..identity import Identity, IdentityResolver
from ..security import ScopeACL, StoreBinding
from .authority import full_reach, is_operator, require_operator
from .transfer_format import BankLine, DocumentLine, TransferLine, header_line, parse_line

__all__ = ["IMPORT_CHUNK", "BankTransfer", "Transfer", "TransferSummary"]

IMPORT_CHUNK: Final = 100  # documents per put_documents call
MAX_LINE_CHARS: Final = 4 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class BankTransfer:
    """One bank exported or imported: its scope, owner (personal banks), bank id and document count."""

    scope: str
    user: str | None
    bank: str
    documents: int

    def to_dict(self) -> dict[str, Any]:
        return {"scope": self.scope, "user": self.user, "bank": self.bank, "documents": self.documents}


@dataclass(frozen=True, slots=True)
class TransferSummary:
    """What an export or import moved, bank by bank."""

    banks: tuple[BankTransfer, ...]

    @property
    def documents(self) -> int:
        return sum(b.documents for b in self.banks)

    def to_dict(self) -> dict[str, Any]:
        return {"banks": [b.to_dict() for b in self.banks],
                "summary": {"banks": len(self.banks), "documents": self.documents}}


class Transfer:
    """Exports and imports banks over the ACL's bindings."""

    def __init__(self, acl: ScopeACL, identities: IdentityResolver) -> None:
        self.acl = acl
        self.identities = identities

    # ------------------------------------------------------------------ export

    def export_bindings(self, identity: Identity, scopes: Sequence[str] | None = None, *,
                        people: Sequence[str] = (), all_people: bool = False) -> list[tuple[StoreBinding, str | None]]:
        """The banks an export holds, each with its owner: the named (else readable) scopes, a personal scope
        for the caller only, unless an operator names `people` or asks for `all_people`."""
        others = bool(people) or all_people
        if others:
            require_operator(identity, "export another person's personal bank")
        owners = list(self.identities.users) if all_people else list(dict.fromkeys(people))
        names = list(dict.fromkeys(scopes)) if scopes is not None else self.acl.readable_scopes(identity)
        if scopes is None and others:
            names += [s for s in self.acl.registry.scopes if _per_identity(self.acl, s) and s not in names]
        out: list[tuple[StoreBinding, str | None]] = []
        for scope in names:
            if others and _per_identity(self.acl, scope):
                out += [(self.acl.check(full_reach(self.acl, p), scope, "recall"), p) for p in owners]
                continue
            own = self.acl.check(identity, scope, "recall")
            out.append((own, identity.internal_user_id if own.store.per_identity else None))
        return out

    async def export(self, identity: Identity, write: Callable[[str], object], scopes: Sequence[str] | None = None,
                     *, people: Sequence[str] = (), all_people: bool = False) -> TransferSummary:
        """Write the export, line by line (each without its newline), through `write`; banks not created yet
        are left out."""
        bindings = self.export_bindings(identity, scopes, people=people, all_people=all_people)
        names: dict[str, dict[str, str]] = {}
        write(header_line(datetime.now(UTC).isoformat(timespec="seconds")))
        done: list[BankTransfer] = []
        for binding, owner in bindings:
            if binding.backend_name not in names:
                names[binding.backend_name] = {b.bank_id: b.name for b in await binding.backend.list_banks()}
            if binding.bank not in names[binding.backend_name]:
                continue
            state = await binding.backend.get_config(binding.bank)
            write(BankLine(binding.scope, owner, binding.bank, names[binding.backend_name][binding.bank],
                           state.overrides if state is not None else {}).to_json())
            count = 0
            async for document in binding.backend.iter_documents(binding.bank, with_content=True):
                write(DocumentLine(binding.scope, owner, document).to_json())
                count += 1
            done.append(BankTransfer(binding.scope, owner, binding.bank, count))
        return TransferSummary(tuple(done))

    # ------------------------------------------------------------------ import

    def import_binding(self, identity: Identity, scope: str, user: str | None) -> StoreBinding:
        """Where an exported bank goes in this plane: an operator restores any scope and anyone's personal bank;
        anyone else only scopes they may write, and only their own personal bank."""
        store = self.acl.registry.store(scope)
        if store is not None and store.per_identity != (user is not None):
            raise InvalidRequest(f"scope '{scope}' " + ("is personal: its lines need a user" if store.per_identity
                                                        else "is shared: its lines must not name a user"))
        if is_operator(identity):
            return self.acl.check(full_reach(self.acl, user or identity.internal_user_id or ""), scope, "recall")
        if user is not None and user != identity.internal_user_id:
            require_operator(identity, "import another person's personal bank")
        return self.acl.check(identity, scope, "retain")

    async def import_file(self, identity: Identity, path: str | os.PathLike[str], *,
                          chunk: int = IMPORT_CHUNK) -> TransferSummary:
        """Import an export: check every line and authorise every bank first, then write banks, overrides and
        documents (in chunks of `chunk`)."""
        targets: dict[tuple[str, str | None], StoreBinding] = {}
        for number, line in _lines(path):
            if isinstance(line, BankLine):
                targets[(line.scope, line.user)] = self.import_binding(identity, line.scope, line.user)
            elif (line.scope, line.user) not in targets:
                raise InvalidRequest(f"line {number}: a document before its bank's line")
        done: list[BankTransfer] = []
        current: tuple[BankTransfer, StoreBinding] | None = None
        pending: list[StoredDocument] = []
        for _number, line in _lines(path):
            if isinstance(line, BankLine):
                await _flush(current, pending, done)
                binding = targets[(line.scope, line.user)]
                await binding.backend.ensure_bank(binding.bank, line.name or binding.bank)
                if line.overrides:
                    await binding.backend.patch_config(binding.bank, line.overrides)
                current = (BankTransfer(line.scope, line.user, binding.bank, 0), binding)
            else:
                pending.append(line.document)
                if len(pending) >= chunk and current is not None:
                    written = await current[1].backend.put_documents(current[1].bank, pending)
                    current = (_more(current[0], written), current[1])
                    pending = []
        await _flush(current, pending, done)
        return TransferSummary(tuple(done))


def _per_identity(acl: ScopeACL, scope: str) -> bool:
    store = acl.registry.store(scope)
    return store is not None and store.per_identity


def _more(transfer: BankTransfer, written: int) -> BankTransfer:
    return BankTransfer(transfer.scope, transfer.user, transfer.bank, transfer.documents + written)


async def _flush(current: tuple[BankTransfer, StoreBinding] | None, pending: list[StoredDocument],
                 done: list[BankTransfer]) -> None:
    """Write the documents still pending for the current bank and record that bank as done."""
    if current is None:
        return
    transfer, binding = current
    if pending:
        transfer = _more(transfer, await binding.backend.put_documents(binding.bank, pending))
        pending.clear()
    done.append(transfer)


def _lines(path: str | os.PathLike[str]) -> Iterator[tuple[int, TransferLine]]:
    """Every bank and document line of an export file with its number; InvalidRequest names the file and line."""
    try:
        with open(path, encoding="utf-8") as handle:
            number = 0
            for number, raw in enumerate(handle, start=1):
                if len(raw) > MAX_LINE_CHARS:
                    raise InvalidRequest(f"{os.fspath(path)}: line {number}: longer than {MAX_LINE_CHARS} characters")
                if not raw.strip():
                    continue
                try:
                    line = parse_line(raw, number)
                except InvalidRequest as exc:
                    raise InvalidRequest(f"{os.fspath(path)}: {exc}") from None
                if line is not None:
                    yield number, line
            if number == 0:
                raise InvalidRequest(f"{os.fspath(path)}: empty file (expected an export header on line 1)")
    except OSError as exc:
        raise InvalidRequest(f"cannot read {os.fspath(path)}: {exc.strerror or type(exc).__name__}") from None
    except UnicodeDecodeError:
        raise InvalidRequest(f"{os.fspath(path)}: not UTF-8 text") from None
