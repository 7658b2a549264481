"""wetopi-memory: an organizational memory plane of logical scopes over isolated memory banks."""

from .config import Config, LoadedConfig, load_config
from .errors import (
    AccessDenied,
    BackendAuthError,
    BackendError,
    BackendRequestError,
    BackendTimeoutError,
    BackendUnavailableError,
    ConfigError,
    WetopiMemoryError,
)
from .identity import Identity, IdentityResolver
from .models import RecallHit, RetainItem
from .plane import InvalidRequest, MemoryPlane, SearchResult

__version__ = "0.1.0"

__all__ = [
    "AccessDenied",
    "BackendAuthError",
    "BackendError",
    "BackendRequestError",
    "BackendTimeoutError",
    "BackendUnavailableError",
    "Config",
    "ConfigError",
    "Identity",
    "IdentityResolver",
    "InvalidRequest",
    "LoadedConfig",
    "MemoryPlane",
    "RecallHit",
    "RetainItem",
    "SearchResult",
    "WetopiMemoryError",
    "__version__",
    "load_config",
]
