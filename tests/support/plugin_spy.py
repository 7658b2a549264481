"""Watching what the Hermes plugin sends its backend, for the plugin's unit tests."""

from __future__ import annotations

from typing import Any

from wetopi_memory.hermes import HermesPlugin


def spy_retains(plugin: HermesPlugin) -> list[tuple[str, int]]:
    """Every retain request the plugin's local backend gets from now on, as (bank, items); each still goes through."""
    sent: list[tuple[str, int]] = []
    backend = plugin.plane.acl.registry.backends["local"]
    original = backend.retain

    async def spy(bank: str, items: Any) -> Any:
        sent.append((bank, len(items)))
        return await original(bank, items)

    backend.retain = spy  # type: ignore[method-assign]
    return sent


def spy_recalls(plugin: HermesPlugin) -> list[str]:
    """The bank of every recall request the plugin's local backend gets from now on; each still goes through."""
    banks: list[str] = []
    backend = plugin.plane.acl.registry.backends["local"]
    original = backend.recall

    async def spy(bank: str, query: Any) -> Any:
        banks.append(bank)
        return await original(bank, query)

    backend.recall = spy  # type: ignore[method-assign]
    return banks
