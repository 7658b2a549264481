"""The pip entry point of the Hermes plugin (group `hermes_agent.plugins`, name `wetopi-memory`).

Hermes loads this MODULE and calls its `register(ctx)`; an entry point naming the function instead fails in
Hermes 0.19.0 with "no register() function". Enable it with `plugins: enabled: [wetopi-memory]`. It has the
directory plugin's name, and Hermes scans entry points after $HERMES_HOME/plugins and keeps the last one, so where
both exist this module is what Hermes loads (`wetopi-memory plugin install` says so; README "Hermes plugin").
"""

from __future__ import annotations

from .hermes import register

__all__ = ["register"]
