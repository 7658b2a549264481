"""memory_forget: not a model tool unless `tools.expose` lists it; then it forgets only in the turn speaker's own
personal scope, lists before it forgets, and refuses an unknown caller."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.unit.test_hermes_plugin import ALICE, BOB, bank_contents, begin, make, remember, runtime, turn
from wetopi_memory.hermes import runtime as _runtime

__all__ = ["make", "runtime"]  # the fixtures

EXPOSE = "tools: {expose: [memory_search, memory_retain, memory_reflect, memory_status, memory_forget]}\n"
ALICE_PREF = "Alice prefers OpenSearch dashboards with dark mode for every log search."
BOB_PREF = "Bob prefers OpenSearch dashboards with dark mode for every log search too."


def test_memory_forget_is_not_a_tool_by_default(make: Callable[..., Any]) -> None:
    _, ctx = make()
    assert "memory_forget" not in ctx.tools
    _, ctx = make(EXPOSE)
    assert "memory_forget" in ctx.tools
    assert set(ctx.tools["memory_forget"]["schema"]["parameters"]["properties"]) == {"document_id", "match",
                                                                                     "apply"}


def test_memory_forget_reaches_only_the_speakers_own_personal_memory(make: Callable[..., Any],
                                                                      runtime: _runtime.Runtime) -> None:
    plugin, ctx = make(EXPOSE)
    assert "error" not in remember(ctx, plugin, runtime, "alice-chat", ALICE, ALICE_PREF, "personal")
    assert "error" not in remember(ctx, plugin, runtime, "bob-chat", BOB, BOB_PREF, "personal")
    begin(ctx, "alice-chat", ALICE, "forget my dashboard preference")
    listed = ctx.tool("memory_forget", {"match": "opensearch"}, session_id="alice-chat")
    assert listed["applied"] is False and listed["scope"] == "personal" and len(listed["document_ids"]) == 1
    assert bank_contents(plugin, "user-u_alice") == [ALICE_PREF]  # listing forgets nothing
    done = ctx.tool("memory_forget", {"match": "opensearch", "apply": True}, session_id="alice-chat")
    assert done["applied"] is True and done["forgotten"] == 1 and done["document_ids"] == listed["document_ids"]
    assert bank_contents(plugin, "user-u_alice") == []
    assert bank_contents(plugin, "user-u_bob") == [BOB_PREF]


def test_memory_forget_refuses_an_unknown_caller_and_bad_arguments(make: Callable[..., Any]) -> None:
    _, ctx = make(EXPOSE)
    unknown = ctx.tool("memory_forget", {"match": "x", "apply": True}, session_id="nobody")
    assert unknown["error"]["code"] == "identity_required"
    turn(ctx, "alice-chat", ALICE, "hello", close=False)
    both = ctx.tool("memory_forget", {"match": "x", "document_id": "d"}, session_id="alice-chat")
    assert both["error"]["code"] == "invalid_arguments"
    extra = ctx.tool("memory_forget", {"match": "x", "scope": "business"}, session_id="alice-chat")
    assert "error" in extra
