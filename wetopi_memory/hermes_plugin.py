"""The pip entry point of the Hermes plugin (group `hermes_agent.plugins`, name `wetopi-memory`).

Hermes loads this MODULE and calls its `register(ctx)`; an entry point naming the function instead fails in
Hermes 0.19.0 with "no register() function". Enable it with `plugins: enabled: [wetopi-memory]`.
"""

from __future__ import annotations

from .hermes import register

__all__ = ["register"]
