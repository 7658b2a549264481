"""banks.yaml: the GitOps declaration of banks and their config, validated completely before anything is sent."""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .._yaml import KeyPath, LocatedDocument, interpolate, read_yaml_file, validate_at
from ..backends.hindsight_keys import CONFIGURABLE_KEYS, EXTRACTION_MODES, normalize_key
from ..config import BANK_ID, TEMPLATE_FIELD
from ..errors import ConfigError, ConfigErrors
from ..identity import IdentityResolver

_CREDENTIAL_HINT = re.compile(r"(api_key|apikey|secret|password|token|base_url|credential|service_account)")
_STATIC_PREFIXES = ("llm_", "embeddings_", "reranker_", "database_", "worker_", "tenant_")
_NAME_FIELDS = frozenset({"internal_user_id", "display_name"})


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BankDeclaration(_Model):
    """One bank: its display name and the config overrides it must carry (`config` is required: `{}` is a choice)."""

    name: str | None = None
    config: dict[str, Any]


class TemplateDeclaration(_Model):
    """Banks made per identity (e.g. personal banks `user-{internal_user_id}`) for one scope."""

    bank: str
    name: str | None = None
    config: dict[str, Any]

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
    """The whole banks.yaml; each bank and template is validated on its own, so every error is reported."""

    version: Literal[1] = 1
    banks: dict[str, Any] = Field(default_factory=dict)
    templates: dict[str, Any] = Field(default_factory=dict)


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
               identities: IdentityResolver | None = None, environ: Mapping[str, str] | None = None) -> BanksSpec:
    """Read, interpolate (`${VAR}`, `${VAR:-default}`) and validate banks.yaml completely.

    Every problem is collected and raised together as ConfigErrors (one located line each), before anything is
    sent. `known_keys` is the server's live allow-list ({key: type}); without it the keys every known Hindsight
    version accepts are allowed. Templates expand for every identity whose scopes include the template's
    name (e.g. `templates.personal` for users allowed `personal`)."""
    doc = read_yaml_file(path)
    if doc.data is None:
        raise ConfigError("the file is empty", source=doc.source)
    if not isinstance(doc.data, dict):
        raise ConfigError("the top level must be a mapping with `banks:`", source=doc.source, line=1)
    errors: list[ConfigError] = []
    interpolate(doc, os.environ if environ is None else environ, errors)
    parsed = validate_at(doc, (), doc.data, BanksFile, errors)
    desired: list[DesiredBank] = []
    if parsed is not None:
        keys = dict(known_keys) if known_keys is not None else _all_known_keys()
        desired = [*_declared_banks(doc, parsed, keys, errors),
                   *_template_banks(doc, parsed, keys, identities, errors)]
        _check_unique(doc, desired, errors)
    if errors:
        raise ConfigErrors(errors)
    return BanksSpec(source=doc.source, banks=tuple(desired))


def _declared_banks(doc: LocatedDocument, parsed: BanksFile, keys: Mapping[str, str],
                    errors: list[ConfigError]) -> list[DesiredBank]:
    out: list[DesiredBank] = []
    for bank_id, raw in parsed.banks.items():
        where: KeyPath = ("banks", bank_id)
        if not BANK_ID.match(bank_id):
            errors.append(doc.error(where, f"'{bank_id}' is not a valid bank id (letters, digits, . _ -; at most "
                                           "128)"))
        bank = validate_at(doc, where, raw, BankDeclaration, errors)
        if bank is None:
            continue
        config = _check_config(doc, (*where, "config"), bank.config, keys, errors)
        _check_secrets(doc, (*where, "name"), bank.name, errors)
        out.append(DesiredBank(bank_id, bank.name, config, f"banks.{bank_id}"))
    return out


def _template_banks(doc: LocatedDocument, parsed: BanksFile, keys: Mapping[str, str],
                    identities: IdentityResolver | None, errors: list[ConfigError]) -> list[DesiredBank]:
    out: list[DesiredBank] = []
    for scope, raw in parsed.templates.items():
        where: KeyPath = ("templates", scope)
        template = validate_at(doc, where, raw, TemplateDeclaration, errors)
        if template is None:
            continue
        config = _check_config(doc, (*where, "config"), template.config, keys, errors)
        _check_secrets(doc, (*where, "name"), template.name, errors)
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
            out.append(DesiredBank(bank_id, name, config, f"templates.{scope} for {user_id}"))
    return out


def _check_unique(doc: LocatedDocument, desired: Iterable[DesiredBank], errors: list[ConfigError]) -> None:
    seen: dict[str, str] = {}
    for wanted in desired:
        if wanted.bank_id in seen:
            errors.append(ConfigError(f"bank '{wanted.bank_id}' is declared twice ({seen[wanted.bank_id]} and "
                                      f"{wanted.origin})", source=doc.source))
        seen.setdefault(wanted.bank_id, wanted.origin)


def _all_known_keys() -> dict[str, str]:
    merged: dict[str, str] = {}
    for table in CONFIGURABLE_KEYS.values():
        merged.update(table)
    return merged


def _check_config(doc: LocatedDocument, where: KeyPath, config: Mapping[str, Any], keys: Mapping[str, str],
                  errors: list[ConfigError]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for raw_key, value in config.items():
        path = (*where, raw_key)
        key = normalize_key(raw_key)
        problem = _config_problem(str(raw_key), key, value, keys, seen=out)
        if problem is not None:
            errors.append(doc.error(path, problem))
            continue
        if _check_secrets(doc, path, value, errors):
            out[key] = value
    return out


def _config_problem(raw_key: str, key: str, value: Any, keys: Mapping[str, str], *,
                    seen: Mapping[str, Any]) -> str | None:
    """What is wrong with one config entry, or None; a likely typo is named before the credential rule."""
    if key in seen:
        return f"'{raw_key}' is the same key as another one once normalized ('{key}')"
    if key not in keys:
        close = difflib.get_close_matches(key, list(keys), n=1, cutoff=0.8)
        if close:
            return f"unknown configuration key '{key}' (did you mean '{close[0]}'?)"
        if key.startswith(_STATIC_PREFIXES) or _CREDENTIAL_HINT.search(key):
            return (f"'{key}' is a server-level or credential setting; it cannot be set per bank, and "
                    "credentials never belong in banks.yaml")
        return f"unknown configuration key '{key}'"
    if value is None:
        return ("null is not a value here: remove the key (bootstrap --prune-overrides clears overrides that "
                "banks.yaml no longer declares)")
    expected = keys[key]
    if not _type_ok(value, expected):
        return f"must be {expected.replace(' | None', '')}, got {type(value).__name__}"
    if key == "retain_extraction_mode" and value not in EXTRACTION_MODES:
        return f"must be one of {', '.join(sorted(EXTRACTION_MODES))}"
    if key.startswith("disposition_") and not 1 <= value <= 5:
        return "must be an integer from 1 to 5"
    return None


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


def _check_secrets(doc: LocatedDocument, path: KeyPath, value: Any, errors: list[ConfigError]) -> bool:
    """True when no string in `value` looks like a secret; otherwise the finding is added to `errors`."""
    from ..secrets import DEFAULT_GATE

    for text in _strings(value):
        finding = DEFAULT_GATE.first(text)
        if finding is not None:
            errors.append(doc.error(path, f"looks like a secret ({finding.rule_id}); API keys and credentials "
                                          "never belong in banks.yaml: inject them from the environment"))
            return False
    return True


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
