"""banks.yaml: the GitOps declaration of banks and their config, validated completely before anything is sent."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .._yaml import KeyPath, LocatedDocument, PathError, read_yaml_file, validate_model
from ..backends.hindsight_keys import CONFIGURABLE_KEYS, EXTRACTION_MODES, normalize_key
from ..config import BANK_ID, TEMPLATE_FIELD
from ..errors import ConfigError
from ..identity import IdentityResolver

_CREDENTIAL_HINT = re.compile(r"(api_key|apikey|secret|password|token|base_url|credential|service_account)")
_STATIC_PREFIXES = ("llm_", "embeddings_", "reranker_", "database_", "worker_", "tenant_")
_NAME_FIELDS = frozenset({"internal_user_id", "display_name"})


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BankDeclaration(_Model):
    """One bank: its display name and the config overrides it must carry."""

    name: str | None = None
    config: dict[str, Any] = Field(default_factory=dict)


class TemplateDeclaration(_Model):
    """Banks made per identity (e.g. personal banks `user-{internal_user_id}`) for one scope."""

    bank: str
    name: str | None = None
    config: dict[str, Any] = Field(default_factory=dict)

    @field_validator("bank")
    @classmethod
    def _bank_template(cls, value: str) -> str:
        if set(TEMPLATE_FIELD.findall(value)) != {"internal_user_id"}:
            raise ValueError("bank must contain {internal_user_id} and no other field")
        if not BANK_ID.match(value.replace("{internal_user_id}", "u1")):
            raise ValueError(f"'{value}' does not yield a valid bank id")
        return value

    @field_validator("name")
    @classmethod
    def _name_template(cls, value: str | None) -> str | None:
        if value is not None and not set(TEMPLATE_FIELD.findall(value)) <= _NAME_FIELDS:
            raise ValueError("name may only use {internal_user_id} and {display_name}")
        return value


class BanksFile(_Model):
    """The whole banks.yaml."""

    version: Literal[1] = 1
    banks: dict[str, BankDeclaration] = Field(default_factory=dict)
    templates: dict[str, TemplateDeclaration] = Field(default_factory=dict)

    @field_validator("banks")
    @classmethod
    def _bank_ids(cls, value: dict[str, BankDeclaration]) -> dict[str, BankDeclaration]:
        for bank_id in value:
            if not BANK_ID.match(bank_id):
                raise PathError((bank_id,), f"'{bank_id}' is not a valid bank id (letters, digits, . _ -; "
                                            "at most 128)")
        return value


@dataclass(frozen=True)
class DesiredBank:
    """A bank as it must exist on the server; `origin` says which declaration produced it."""

    bank_id: str
    name: str | None
    config: dict[str, Any]
    origin: str


@dataclass(frozen=True)
class BanksSpec:
    """A validated banks.yaml, plus the personal banks of every identity when an identities file is given."""

    source: str
    banks: tuple[DesiredBank, ...]

    @property
    def bank_ids(self) -> list[str]:
        return [b.bank_id for b in self.banks]


def load_banks(path: str | os.PathLike[str], *, known_keys: Mapping[str, str] | None = None,
               identities: IdentityResolver | None = None) -> BanksSpec:
    """Read and validate banks.yaml completely; the first problem is a ConfigError naming file, line and key.

    `known_keys` is the server's live allow-list ({key: type}); without it the keys every known Hindsight
    version accepts are allowed. Templates expand for every identity whose scopes include the template's
    name (e.g. `templates.personal` for users allowed `personal`)."""
    doc = read_yaml_file(path)
    if doc.data is None:
        raise ConfigError("the file is empty", source=doc.source)
    if not isinstance(doc.data, dict):
        raise ConfigError("the top level must be a mapping with `banks:`", source=doc.source, line=1)
    parsed = validate_model(doc, BanksFile)
    keys = dict(known_keys) if known_keys is not None else _all_known_keys()
    desired: list[DesiredBank] = []
    for bank_id, bank in parsed.banks.items():
        config = _check_config(doc, ("banks", bank_id, "config"), bank.config, keys)
        _check_secrets(doc, ("banks", bank_id, "name"), bank.name)
        desired.append(DesiredBank(bank_id, bank.name, config, f"banks.{bank_id}"))
    for scope, template in parsed.templates.items():
        config = _check_config(doc, ("templates", scope, "config"), template.config, keys)
        _check_secrets(doc, ("templates", scope, "name"), template.name)
        if identities is None:
            continue
        for user_id in identities.users:
            identity = identities.for_user(user_id)
            if scope not in identity.allowed_scopes:
                continue
            bank_id = template.bank.replace("{internal_user_id}", user_id)
            name = None
            if template.name is not None:
                name = (template.name.replace("{internal_user_id}", user_id)
                        .replace("{display_name}", identity.display_name or user_id))
            desired.append(DesiredBank(bank_id, name, config, f"templates.{scope} for {user_id}"))
    seen: dict[str, str] = {}
    for wanted in desired:
        if wanted.bank_id in seen:
            raise ConfigError(f"bank '{wanted.bank_id}' is declared twice ({seen[wanted.bank_id]} and "
                              f"{wanted.origin})", source=doc.source)
        seen[wanted.bank_id] = wanted.origin
    return BanksSpec(source=doc.source, banks=tuple(desired))


def _all_known_keys() -> dict[str, str]:
    merged: dict[str, str] = {}
    for table in CONFIGURABLE_KEYS.values():
        merged.update(table)
    return merged


def _check_config(doc: LocatedDocument, where: KeyPath, config: Mapping[str, Any],
                  keys: Mapping[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for raw_key, value in config.items():
        path = (*where, raw_key)
        key = normalize_key(raw_key)
        if key in out:
            raise doc.error(path, f"'{raw_key}' is the same key as another one once normalized ('{key}')")
        if key not in keys:
            if key.startswith(_STATIC_PREFIXES) or _CREDENTIAL_HINT.search(key):
                raise doc.error(path, f"'{key}' is a server-level or credential setting; it cannot be set per "
                                      "bank, and credentials never belong in banks.yaml")
            raise doc.error(path, f"unknown configuration key '{key}'")
        if value is None:
            raise doc.error(path, "null is not a value here: remove the key (bootstrap --prune-overrides "
                                  "clears overrides that banks.yaml no longer declares)")
        expected = keys[key]
        if not _type_ok(value, expected):
            raise doc.error(path, f"must be {expected.replace(' | None', '')}, got {type(value).__name__}")
        if key == "retain_extraction_mode" and value not in EXTRACTION_MODES:
            raise doc.error(path, f"must be one of {', '.join(sorted(EXTRACTION_MODES))}")
        if key.startswith("disposition_") and not 1 <= value <= 5:
            raise doc.error(path, "must be an integer from 1 to 5")
        _check_secrets(doc, path, value)
        out[key] = value
    return out


def _type_ok(value: Any, expected: str) -> bool:
    for alternative in (part.strip() for part in expected.split("|")):
        base = alternative.split("[", 1)[0]
        if base == "bool" and isinstance(value, bool):
            return True
        if base == "int" and isinstance(value, int) and not isinstance(value, bool):
            return True
        if base == "float" and isinstance(value, int | float) and not isinstance(value, bool):
            return True
        if base == "str" and isinstance(value, str):
            return True
        if base == "list" and isinstance(value, list):
            return alternative != "list[str]" or all(isinstance(item, str) for item in value)
        if base == "dict" and isinstance(value, dict):
            return True
        if base not in {"bool", "int", "float", "str", "list", "dict", "None"}:
            return True
    return False


def _check_secrets(doc: LocatedDocument, path: KeyPath, value: Any) -> None:
    from ..secrets import DEFAULT_GATE

    for text in _strings(value):
        finding = DEFAULT_GATE.first(text)
        if finding is not None:
            raise doc.error(path, f"looks like a secret ({finding.rule_id}); API keys and credentials never "
                                  "belong in banks.yaml: inject them from the environment")


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
