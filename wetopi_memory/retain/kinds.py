"""The closed vocabularies of the retain judgement as Literal types: where a text came from, who said it, what it is."""

from __future__ import annotations

from typing import Literal

__all__ = ["Category", "Origin", "Priority", "Role", "RoutedBy", "Voice"]

# Where a candidate came from: a conversation turn, an explicit `memory_retain` call, or a MEMORY.md import.
Origin = Literal["turn", "explicit", "import"]
# Who wrote a sentence.
# `proposal`: the assistant's proposal that the user agreed to in this turn.
Role = Literal["user", "assistant", "explicit", "import", "proposal"]
# What a statement is about; `general` when no lexicon table matches. `staffing`: who joins, leaves or holds a role.
Category = Literal[
    "root_cause", "fix", "runbook", "decision", "preference", "constraint", "pricing", "strategy", "staffing",
    "incident", "relationship", "architecture", "process", "config", "general",
]
# A MEMORY.md entry's priority tag: P1/P2 are protected, P3 are completed tasks and transient state.
Priority = Literal["P1", "P2", "P3"]
# Whom a sentence speaks for: the speaker (first person singular, a request to them), a group ("we"), nobody.
Voice = Literal["self", "group", "none", "role"]
# How a sentence found its scope.
RoutedBy = Literal["router", "category", "fallback", "explicit"]
