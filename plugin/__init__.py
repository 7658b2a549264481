"""wetopi-memory directory plugin for Hermes Agent: a shim that delegates to the installed package.

Install the package into the Python environment Hermes runs in (`pip install wetopi-memory`), copy this
directory with `wetopi-memory plugin install`, then enable it with `plugins: enabled: [wetopi-memory]`.
"""

from __future__ import annotations

import logging
from typing import Any


def register(ctx: Any) -> None:
    """Hermes calls this once at plugin discovery."""
    try:
        from wetopi_memory import register_hermes_plugin as _register
    except ImportError as exc:
        logging.getLogger("wetopi_memory.plugin").error(
            "wetopi-memory: the wetopi_memory package is not importable from Hermes' Python (%s); "
            "install it into the same environment as hermes-agent", type(exc).__name__)
        raise
    _register(ctx)
