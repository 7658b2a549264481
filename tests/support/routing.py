"""Reading a router's decision in the router tests."""

from __future__ import annotations

from wetopi_memory.router import RuleRouter


def scopes_of(router: RuleRouter, text: str, *, tools: tuple[str, ...] = ()) -> set[str]:
    """The scopes `router` sends `text` to (after `tools` were called in the turn, if any)."""
    return set(router.route(text, tools=tools).scope_names)
