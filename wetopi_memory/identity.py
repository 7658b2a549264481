"""IdentityResolver (design §6, A9): who is speaking, as a stable internal identity, never as a display name."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ._yaml import PathError, read_yaml_file, validate_model
from .errors import AccessDenied, ConfigError, InvalidRequest

INTERNAL_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}\Z")
PLATFORM = re.compile(r"[a-z][a-z0-9_-]{0,31}\Z")
MAX_ACCOUNT_ID_CHARS = 128
# Characters that would make one account read as a pattern or a list of accounts.
_NOT_IN_ACCOUNT_ID = frozenset("*?,;")
ACCOUNT_SHAPE = "exactly one PLATFORM:ID, e.g. telegram:123456789 (a platform account, not a display name)"
NO_IDENTITIES_FILE = "no identities file: set identity.file or WETOPI_MEMORY_IDENTITIES"

Role = Literal["operator"]
OPERATOR: Role = "operator"


@dataclass(frozen=True, slots=True)
class Account:
    """One platform account, `platform:id`, as the identities file and the CLI's `--user` write it."""

    platform: str
    user_id: str

    def __str__(self) -> str:
        return f"{self.platform}:{self.user_id}"


def parse_account(text: object) -> Account:
    """The one account grammar: a lowercase platform, a colon, an id without wildcards, separators, spaces or
    control characters; InvalidRequest names the value (escaped) otherwise."""
    if not isinstance(text, str):
        raise InvalidRequest(f"account must be a string ({ACCOUNT_SHAPE})")
    shown = repr(text[:80]) + ("…" if len(text) > 80 else "")
    platform, sep, user_id = text.partition(":")
    if not sep or not PLATFORM.match(platform):
        problem = "no platform before ':'" if not sep or not platform else f"platform '{platform[:32]}' is not " \
                  "lowercase letters, digits, _ or -"
        raise InvalidRequest(f"{shown} is not an account ({problem}): expected {ACCOUNT_SHAPE}")
    id_problem = _id_problem(user_id)
    if id_problem is not None:
        raise InvalidRequest(f"{shown} is not an account ({id_problem}): expected {ACCOUNT_SHAPE}")
    return Account(platform, user_id)


def _id_problem(user_id: str) -> str | None:
    if not user_id:
        return "empty id"
    if len(user_id) > MAX_ACCOUNT_ID_CHARS:
        return f"id longer than {MAX_ACCOUNT_ID_CHARS} characters"
    for ch in user_id:
        if ch in _NOT_IN_ACCOUNT_ID:
            return f"wildcard or separator {ch!r} in the id"
        if ch.isspace():
            return "whitespace in the id"
        if not ch.isprintable():
            return "control character in the id"
    return None


@dataclass(frozen=True, slots=True)
class Identity:
    """The resolved speaker. `internal_user_id` is None for an unknown caller, who never gets a personal bank."""

    platform: str
    platform_user_id: str
    internal_user_id: str | None
    display_name: str | None
    allowed_scopes: frozenset[str]
    roles: frozenset[Role] = frozenset()

    @property
    def known(self) -> bool:
        return self.internal_user_id is not None

    @property
    def account(self) -> str:
        """`platform:id` as the speaker was named (for messages; never a bank id)."""
        return f"{self.platform}:{self.platform_user_id}"

    def to_dict(self) -> dict[str, Any]:
        return {"platform": self.platform, "platform_user_id": self.platform_user_id,
                "internal_user_id": self.internal_user_id, "display_name": self.display_name,
                "allowed_scopes": sorted(self.allowed_scopes), "roles": sorted(self.roles), "known": self.known}


class _UserEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    display_name: str | None = None
    allowed_scopes: tuple[str, ...] = ()
    accounts: tuple[str, ...] = Field(default=(), description="platform:user_id strings")
    roles: tuple[Role, ...] = Field(default=(), description="operator: may act as another person in the CLI")

    @field_validator("accounts")
    @classmethod
    def _accounts_shape(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for index, account in enumerate(value):
            try:
                parse_account(account)
            except InvalidRequest as exc:
                raise PathError((index,), str(exc)) from None
        return value


class IdentitiesFile(BaseModel):
    """identities.yaml: internal users, their scopes, roles, and the platform accounts that are them."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    version: Literal[1] = 1
    users: dict[str, _UserEntry] = Field(default_factory=dict)

    @field_validator("users")
    @classmethod
    def _unique_accounts(cls, value: dict[str, _UserEntry]) -> dict[str, _UserEntry]:
        owner: dict[tuple[str, str], str] = {}
        for user_id, entry in value.items():
            if not INTERNAL_ID.match(user_id):
                raise PathError((user_id,), f"internal user id '{user_id}' must be letters, digits, _ or - "
                                            "(at most 64)")
            for index, account in enumerate(entry.accounts):
                key = _account_key(*account.split(":", 1))
                if key in owner:
                    raise PathError((user_id, "accounts", index),
                                    f"account '{account}' already belongs to user '{owner[key]}'")
                owner[key] = user_id
        return value


def _account_key(platform: str, user_id: str) -> tuple[str, str]:
    return platform.strip().lower(), user_id.strip()


class IdentityResolver:
    """Maps (platform, platform_user_id) to an Identity; unknown callers fail closed for personal scopes."""

    def __init__(self, users: Mapping[str, _UserEntry] | None = None, *,
                 unknown_caller_scopes: Iterable[str] = (), source: str | None = None) -> None:
        self._users = dict(users or {})
        self._accounts = {
            _account_key(*account.split(":", 1)): user_id
            for user_id, entry in self._users.items() for account in entry.accounts
        }
        self._unknown_scopes = frozenset(unknown_caller_scopes)
        self.source = source

    @classmethod
    def from_file(cls, path: str | os.PathLike[str], *, known_scopes: Iterable[str],
                  unknown_caller_scopes: Iterable[str] = ()) -> IdentityResolver:
        """Load an identities file, checking every scope it grants exists in the config."""
        doc = read_yaml_file(path)
        if doc.data is not None and not isinstance(doc.data, dict):
            raise ConfigError("the top level must be a mapping of keys", source=str(path), line=1)
        parsed = validate_model(doc, IdentitiesFile)
        scopes = set(known_scopes)
        for user_id, entry in parsed.users.items():
            for index, scope in enumerate(entry.allowed_scopes):
                if scope not in scopes:
                    raise doc.error(("users", user_id, "allowed_scopes", index),
                                    f"unknown scope '{scope}' (known: {', '.join(sorted(scopes))})")
        return cls(parsed.users, unknown_caller_scopes=unknown_caller_scopes, source=os.fspath(path))

    @property
    def users(self) -> list[str]:
        """Every internal user id, for reconciling their personal banks."""
        return sorted(self._users)

    def resolve(self, platform: str | None, platform_user_id: str | None) -> Identity:
        """Resolve a speaker; anything not in the identities file is an unknown caller."""
        platform_name = (platform or "").strip().lower()
        user = (platform_user_id or "").strip()
        internal = self._accounts.get((platform_name, user)) if platform_name and user else None
        if internal is None:
            return Identity(platform_name, user, None, None, self._unknown_scopes)
        entry = self._users[internal]
        return Identity(platform_name, user, internal, entry.display_name, frozenset(entry.allowed_scopes),
                        frozenset(entry.roles))

    def for_user(self, internal_user_id: str) -> Identity:
        """The identity of an internal user by id (operator tooling); unknown ids resolve as unknown callers."""
        entry = self._users.get(internal_user_id)
        if entry is None:
            return Identity("internal", internal_user_id, None, None, self._unknown_scopes)
        return Identity("internal", internal_user_id, internal_user_id, entry.display_name,
                        frozenset(entry.allowed_scopes), frozenset(entry.roles))

    def where(self) -> str:
        """The identities file in use, for error messages, or how to configure one."""
        return f"identities file {self.source}" if self.source else NO_IDENTITIES_FILE

    def require_known(self, identity: Identity, *, who: str) -> None:
        """AccessDenied `identity_required` naming the account and the identities file when it is not in it."""
        if not identity.known:
            raise AccessDenied("identity_required", f"{who} {identity.account} is not a known identity "
                                                    f"({self.where()})")

    def authorize_acting(self, caller: Identity, target: Identity) -> bool:
        """Whether `caller` may act as `target`: themselves always, someone else only with the operator role.
        Returns True when this is acting as another person (to be audited); raises AccessDenied otherwise."""
        self.require_known(caller, who="the caller")
        self.require_known(target, who="the identity")
        if caller.internal_user_id == target.internal_user_id:
            return False
        if OPERATOR not in caller.roles:
            raise AccessDenied("operator_required",
                               f"{caller.account} ({caller.internal_user_id}) may not act as {target.account} "
                               f"({target.internal_user_id}): that needs the operator role on the caller's own "
                               f"user in the {self.where()}")
        return True
