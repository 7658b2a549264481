"""wetopi-memory: an organizational memory plane of logical scopes over isolated memory banks."""

from typing import Any

from .banks.reconcile import BankOutcome, ReconcileReport
from .config import PLUGIN_NAME, Config, LoadedConfig, load_config, state_dir
from .errors import (
    AccessDenied,
    BackendAuthError,
    BackendError,
    BackendRequestError,
    BackendTimeoutError,
    BackendUnavailableError,
    ConfigError,
    ConfigErrors,
    InvalidRequest,
    WetopiMemoryError,
)
from .governance import BankTransfer, ForgetPlan, ForgetReceipt, Governance, ScopeErasure, ScopeOutcome, TransferSummary
from .identity import Identity, IdentityResolver
from .models import Budget, RecallHit, RetainItem
from .plane import MemoryPlane, OutboxMode
from .plugin_files import plugin_source_dir
from .results import (
    Decision,
    OutboxStats,
    PlaneStatus,
    ReflectResult,
    RetainResult,
    RetainStats,
    RouteDecision,
    ScopeStatus,
    SearchResult,
)
from .retain.memory_md import ImportReport
from .state_db import StateFileUnusable

__version__ = "0.1.0"


def register_hermes_plugin(ctx: Any) -> None:
    """Hermes' entry point for the directory plugin (plugin/__init__.py): build the plugin, register its tools and
    hooks on `ctx`. The Hermes glue is imported here, on first use, so the CLI never loads it."""
    from .hermes.registration import register

    register(ctx)


__all__ = [
    "PLUGIN_NAME",
    "AccessDenied",
    "BackendAuthError",
    "BackendError",
    "BackendRequestError",
    "BackendTimeoutError",
    "BackendUnavailableError",
    "BankOutcome",
    "BankTransfer",
    "Budget",
    "Config",
    "ConfigError",
    "ConfigErrors",
    "Decision",
    "ForgetPlan",
    "ForgetReceipt",
    "Governance",
    "Identity",
    "IdentityResolver",
    "ImportReport",
    "InvalidRequest",
    "LoadedConfig",
    "MemoryPlane",
    "OutboxMode",
    "OutboxStats",
    "PlaneStatus",
    "RecallHit",
    "ReconcileReport",
    "ReflectResult",
    "RetainItem",
    "RetainResult",
    "RetainStats",
    "RouteDecision",
    "ScopeErasure",
    "ScopeOutcome",
    "ScopeStatus",
    "SearchResult",
    "StateFileUnusable",
    "TransferSummary",
    "WetopiMemoryError",
    "__version__",
    "load_config",
    "plugin_source_dir",
    "register_hermes_plugin",
    "state_dir",
]
