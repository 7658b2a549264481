"""Detect a Hermes memory provider that would own the same Hindsight banks as this plane (A1, principle 3)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

__all__ = ["NativeProviderConflict", "hermes_config_path", "native_provider_conflict"]


@dataclass(frozen=True, slots=True)
class NativeProviderConflict:
    """Hermes' own config turns on its Hindsight memory provider: two sync paths to the same banks."""

    config_path: str
    provider: str

    def describe(self) -> str:
        return (f"Hermes config {self.config_path} sets memory.provider: {self.provider}; the native provider "
                "must not own the plane's banks (unset memory.provider and restart Hermes)")


def hermes_config_path(environ: Mapping[str, str]) -> Path:
    """Hermes' config.yaml for the active profile: `$HERMES_HOME/config.yaml`, else `~/.hermes/config.yaml`."""
    home = environ.get("HERMES_HOME") or str(Path.home() / ".hermes")
    return Path(home) / "config.yaml"


def _provider(document: Any) -> str | None:
    memory = document.get("memory") if isinstance(document, dict) else None
    provider = memory.get("provider") if isinstance(memory, dict) else None
    return provider.strip().lower() if isinstance(provider, str) and provider.strip() else None


def native_provider_conflict(environ: Mapping[str, str]) -> NativeProviderConflict | None:
    """The conflict when Hermes' config.yaml says `memory.provider: hindsight`; None when absent or unreadable."""
    path = hermes_config_path(environ)
    try:
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None
    provider = _provider(document)
    return NativeProviderConflict(str(path), provider) if provider == "hindsight" else None
