"""StoreRegistry (scope -> backend + bank) and ScopeACL, the single chokepoint of every read and write (§29)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .backends.base import MemoryBackend
from .config import BANK_ID, Config, StoreConfig
from .errors import AccessDenied
from .identity import Identity
from .models import Operation

OPERATIONS: frozenset[str] = frozenset({"recall", "retain", "reflect"})
WRITE_OPERATIONS: frozenset[str] = frozenset({"retain"})


@dataclass(frozen=True, slots=True)
class StoreBinding:
    """Where one scope lives for one identity. Only ScopeACL.check hands these out."""

    scope: str
    bank: str
    backend: MemoryBackend
    backend_name: str
    store: StoreConfig


class StoreRegistry:
    """Knows every scope's backend and bank; the only place where a scope becomes a bank id."""

    def __init__(self, config: Config, backends: Mapping[str, MemoryBackend]) -> None:
        self._config = config
        self._backends = dict(backends)
        missing = {self.backend_name(scope) for scope in config.stores} - set(self._backends)
        if missing:
            raise ValueError(f"no backend instance for: {', '.join(sorted(missing))}")

    @property
    def scopes(self) -> list[str]:
        return list(self._config.stores)

    def store(self, scope: str) -> StoreConfig | None:
        return self._config.stores.get(scope)

    def backend(self, name: str) -> MemoryBackend | None:
        """The backend instance registered under `name` (the outbox names a batch's backend this way)."""
        return self._backends.get(name)

    @property
    def backends(self) -> dict[str, MemoryBackend]:
        """Every backend instance by name (a copy: the registry stays the one source of truth)."""
        return dict(self._backends)

    def backend_name(self, scope: str) -> str:
        store = self._config.stores[scope]
        return store.backend or self._config.backend.type

    def shared_banks(self) -> dict[str, str]:
        """Bank id -> scope for every scope whose bank is the same for everyone."""
        return {s.bank: name for name, s in self._config.stores.items() if s.bank is not None}

    def looks_like_bank_id(self, text: str) -> bool:
        """True when a caller-supplied scope is really a bank id (shared, or shaped like a per-identity bank)."""
        if text in self.shared_banks():
            return True
        for store in self._config.stores.values():
            if store.bank_template:
                prefix, _, suffix = store.bank_template.partition("{internal_user_id}")
                if text.startswith(prefix) and text.endswith(suffix) and len(text) > len(prefix) + len(suffix):
                    return True
        return False

    def _bind(self, scope: str, identity: Identity) -> StoreBinding:
        store = self._config.stores[scope]
        if store.bank_template is not None:
            if identity.internal_user_id is None:
                raise AccessDenied("identity_required",
                                   f"scope '{scope}' needs a known identity; the caller is not in the identities file",
                                   scope=scope)
            bank = store.bank_template.replace("{internal_user_id}", identity.internal_user_id)
        else:
            assert store.bank is not None
            bank = store.bank
        if not BANK_ID.match(bank):
            raise AccessDenied("invalid_bank", f"scope '{scope}' does not map to a valid bank", scope=scope)
        name = self.backend_name(scope)
        return StoreBinding(scope, bank, self._backends[name], name, store)


class ScopeACL:
    """Decides whether an identity may perform an operation on a scope, and only then says where it lives."""

    def __init__(self, registry: StoreRegistry) -> None:
        self._registry = registry

    @property
    def registry(self) -> StoreRegistry:
        return self._registry

    def check(self, identity: Identity, scope: Any, operation: Operation) -> StoreBinding:
        """Return the binding for (identity, scope, operation) or raise AccessDenied with a reason code."""
        if operation not in OPERATIONS:
            raise AccessDenied("invalid_operation", f"unknown operation '{operation}'")
        if not isinstance(scope, str) or not scope:
            raise AccessDenied("invalid_scope", "scope must be a non-empty string naming a memory scope")
        available = ", ".join(self._registry.scopes)
        store = self._registry.store(scope)
        if store is None:
            if self._registry.looks_like_bank_id(scope):
                raise AccessDenied("bank_id_not_accepted",
                                   f"'{scope[:64]}' is a bank id; memory is addressed by scope ({available})",
                                   scope=scope)
            raise AccessDenied("unknown_scope", f"unknown scope '{scope[:64]}' (available: {available})",
                               scope=scope)
        if scope not in identity.allowed_scopes:
            raise AccessDenied("scope_not_allowed", f"this identity may not access scope '{scope}'", scope=scope)
        if operation in WRITE_OPERATIONS and store.access == "read_only":
            raise AccessDenied("read_only_scope", f"scope '{scope}' is read-only", scope=scope)
        return self._registry._bind(scope, identity)

    def readable_scopes(self, identity: Identity) -> list[str]:
        """Scopes this identity may recall from, in configuration order."""
        out = []
        for scope in self._registry.scopes:
            store = self._registry.store(scope)
            if store is None or scope not in identity.allowed_scopes:
                continue
            if store.per_identity and not identity.known:
                continue
            out.append(scope)
        return out
