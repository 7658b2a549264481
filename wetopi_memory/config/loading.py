"""Finding and reading config.yaml: resolution order, `${VAR}` interpolation, the built-in default, state paths."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import SecretStr, ValidationError

from .._yaml import (
    KeyPath,
    LocatedDocument,
    describe_error,
    format_path,
    interpolate,
    parse_yaml,
    read_yaml_file,
    validate_model,
)
from ..errors import ConfigError
from .backend import BackendSettings
from .models import Config, IdentitySettings, StoreConfig, StoreRecall, StoreRetain

ENV_CONFIG = "WETOPI_MEMORY_CONFIG"
ENV_STATE_DIR = "WETOPI_MEMORY_STATE_DIR"
ENV_IDENTITIES = "WETOPI_MEMORY_IDENTITIES"
ENV_BANKS = "WETOPI_MEMORY_BANKS"
BANKS_FILE = "banks.yaml"
BUILT_IN_SOURCE = "built-in default"
ENV_HINDSIGHT_URL = "HINDSIGHT_API_URL"
ENV_HINDSIGHT_KEY = "HINDSIGHT_API_KEY"
PLUGIN_NAME = "wetopi-memory"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LoadedConfig:
    """A validated config and where it came from (a file path, or `built-in default`)."""

    config: Config
    source: str

    def banks_path(self, environ: Mapping[str, str] | None = None) -> Path:
        """The banks.yaml to reconcile when none is named: $WETOPI_MEMORY_BANKS, else banks.yaml beside this
        config file, else banks/banks.yaml in the current directory (the last resort)."""
        env = os.environ if environ is None else environ
        if env.get(ENV_BANKS):
            return Path(env[ENV_BANKS]).expanduser()
        if self.source != BUILT_IN_SOURCE:
            beside = Path(self.source).parent / BANKS_FILE
            if beside.is_file():
                return beside
        return Path("banks") / BANKS_FILE


def state_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where local state lives: the embedded database, the outbox, the audit trail."""
    env = os.environ if environ is None else environ
    if env.get(ENV_STATE_DIR):
        return Path(env[ENV_STATE_DIR]).expanduser()
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base).expanduser() / PLUGIN_NAME


def hermes_plugin_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The directory of the installed Hermes plugin: `$HERMES_HOME/plugins/wetopi-memory`."""
    env = os.environ if environ is None else environ
    home = env.get("HERMES_HOME") or str(Path.home() / ".hermes")
    return Path(home).expanduser() / "plugins" / PLUGIN_NAME


def default_config(environ: Mapping[str, str] | None = None) -> Config:
    """The built-in config: three standard scopes on the embedded backend, or Hindsight when
    HINDSIGHT_API_URL is set."""
    env = os.environ if environ is None else environ
    backend = _env_backend(env) if env.get(ENV_HINDSIGHT_URL) else BackendSettings(type="local")
    stores = {
        "personal": StoreConfig(description="One person's preferences, decisions and working context.",
                                bank_template="user-{internal_user_id}",
                                recall=StoreRecall(budget="low", max_tokens=1000),
                                retain=StoreRetain(mode="automatic", policy="personal")),
        "business": StoreConfig(description="Wetopi's strategy, products, pricing, customers and processes.",
                                bank="wetopi-business",
                                recall=StoreRecall(budget="mid", max_tokens=1500),
                                retain=StoreRetain(mode="curated", policy="business")),
        "platform": StoreConfig(description="Wetopi's infrastructure: Kubernetes, networking, storage, "
                                            "GitOps, incidents and runbooks.",
                                bank="wetopi-platform",
                                recall=StoreRecall(budget="mid", max_tokens=2000),
                                retain=StoreRetain(mode="curated", policy="platform")),
    }
    identities = env.get(ENV_IDENTITIES) or None
    return Config(backend=backend, stores=stores, identity=IdentitySettings(file=identities))


def _env_backend(env: Mapping[str, str]) -> BackendSettings:
    """The built-in default's Hindsight backend from $HINDSIGHT_API_URL; a bad URL is a one-line ConfigError
    naming the variable."""
    key = env.get(ENV_HINDSIGHT_KEY)
    try:
        return BackendSettings(type="hindsight", url=env[ENV_HINDSIGHT_URL], api_key=SecretStr(key) if key else None)
    except ValidationError as exc:
        first = exc.errors()[0]
        reason = describe_error(first, BackendSettings, tuple(first["loc"]))
        raise ConfigError(reason, source=f"${ENV_HINDSIGHT_URL}") from None


def _literal_api_keys(doc: LocatedDocument) -> Iterator[KeyPath]:
    """Where the file (before interpolation) holds an api_key written out instead of taken from `${VAR}`."""
    data: Any = doc.data
    candidates: list[KeyPath] = [("backend",)]
    backends = data.get("backends") if isinstance(data, dict) else None
    if isinstance(backends, dict):
        candidates += [("backends", name) for name in backends]
    for where in candidates:
        section: Any = data
        for part in where:
            section = section.get(part) if isinstance(section, dict) else None
        value = section.get("api_key") if isinstance(section, dict) else None
        if isinstance(value, str) and value and "${" not in value:
            yield (*where, "api_key")


def _warn_literal_api_keys(doc: LocatedDocument) -> None:
    for path in _literal_api_keys(doc):
        log.warning("warning: %s:%s %s: a literal API key in a config file; put it in an environment variable "
                    "(api_key: ${%s})", doc.source, doc.line_of(path), format_path(path), ENV_HINDSIGHT_KEY)


def _validate_document(doc: LocatedDocument, environ: Mapping[str, str]) -> Config:
    """Interpolate and validate a parsed config document; every failure is a located ConfigError."""
    if doc.data is None:
        raise ConfigError("the file is empty", source=doc.source)
    if not isinstance(doc.data, dict):
        raise ConfigError("the top level must be a mapping of keys", source=doc.source, line=1)
    _warn_literal_api_keys(doc)
    interpolate(doc, dict(environ))
    return validate_model(doc, Config)


def parse_config(text: str, source: str, environ: Mapping[str, str] | None = None) -> Config:
    """Validate config text; errors name the source, line and key path."""
    return _validate_document(parse_yaml(text, source), os.environ if environ is None else environ)


def _config_path(path: str | os.PathLike[str] | None, env: Mapping[str, str]) -> Path | None:
    """The file the resolution order picks, or None for the built-in default."""
    if path is not None:
        return Path(path)
    if env.get(ENV_CONFIG):
        return Path(env[ENV_CONFIG])
    plugin_config = hermes_plugin_dir(env) / "config.yaml"
    return plugin_config if plugin_config.is_file() else None


def load_config(path: str | os.PathLike[str] | None = None,
                environ: Mapping[str, str] | None = None) -> LoadedConfig:
    """Resolve and load the config: explicit path, then $WETOPI_MEMORY_CONFIG, then the Hermes plugin
    directory's config.yaml, then the built-in default."""
    env = os.environ if environ is None else environ
    candidate = _config_path(path, env)
    if candidate is None:
        return LoadedConfig(default_config(env), BUILT_IN_SOURCE)
    config = _validate_document(read_yaml_file(candidate), env)
    if config.identity.file and not Path(config.identity.file).is_absolute():
        resolved = (candidate.parent / config.identity.file).resolve()
        config = config.model_copy(update={"identity": config.identity.model_copy(
            update={"file": str(resolved)})})
    return LoadedConfig(config, str(candidate))
