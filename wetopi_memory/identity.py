"""IdentityResolver (design §6, A9): who is speaking, as a stable internal identity, never as a display name."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ._yaml import PathError, read_yaml_file, validate_model
from .errors import ConfigError

INTERNAL_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}\Z")
PLATFORM = re.compile(r"[a-z][a-z0-9_-]{0,31}\Z")


@dataclass(frozen=True, slots=True)
class Identity:
    """The resolved speaker. `internal_user_id` is None for an unknown caller, who never gets a personal bank."""

    platform: str
    platform_user_id: str
    internal_user_id: str | None
    display_name: str | None
    allowed_scopes: frozenset[str]

    @property
    def known(self) -> bool:
        return self.internal_user_id is not None

    def to_dict(self) -> dict[str, Any]:
        return {"platform": self.platform, "platform_user_id": self.platform_user_id,
                "internal_user_id": self.internal_user_id, "display_name": self.display_name,
                "allowed_scopes": sorted(self.allowed_scopes), "known": self.known}


class _UserEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    display_name: str | None = None
    allowed_scopes: tuple[str, ...] = ()
    accounts: tuple[str, ...] = Field(default=(), description="platform:user_id strings")

    @field_validator("accounts")
    @classmethod
    def _accounts_shape(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for index, account in enumerate(value):
            platform, sep, user_id = account.partition(":")
            if not sep or not user_id.strip() or not PLATFORM.match(platform):
                raise PathError((index,), f"account '{account}' must look like platform:user_id "
                                          "(e.g. telegram:123456789)")
        return value


class IdentitiesFile(BaseModel):
    """identities.yaml: internal users, their scopes, and the platform accounts that are them."""

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
                 unknown_caller_scopes: Iterable[str] = ()) -> None:
        self._users = dict(users or {})
        self._accounts = {
            _account_key(*account.split(":", 1)): user_id
            for user_id, entry in self._users.items() for account in entry.accounts
        }
        self._unknown_scopes = frozenset(unknown_caller_scopes)

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
        return cls(parsed.users, unknown_caller_scopes=unknown_caller_scopes)

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
        return Identity(platform_name, user, internal, entry.display_name, frozenset(entry.allowed_scopes))

    def for_user(self, internal_user_id: str) -> Identity:
        """The identity of an internal user by id (operator tooling); unknown ids resolve as unknown callers."""
        entry = self._users.get(internal_user_id)
        if entry is None:
            return Identity("internal", internal_user_id, None, None, self._unknown_scopes)
        return Identity("internal", internal_user_id, internal_user_id, entry.display_name,
                        frozenset(entry.allowed_scopes))
