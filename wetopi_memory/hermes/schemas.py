"""The JSON schemas of the memory tools (the design's four, and the opt-in memory_forget): the only surface the model
sees, addressed by scope, never by bank."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..config import TOOL_NAMES, ToolName
from ..config.fields import OPT_IN_TOOL_NAMES
from ..plane import BUDGETS, MAX_CONTENT_CHARS, MAX_QUERY_CHARS

__all__ = ["MAX_REASON_CHARS", "MAX_SEARCH_LIMIT", "TOOL_NAMES", "ToolName", "ToolSchema", "tool_schemas"]

MAX_SEARCH_LIMIT = 50
MAX_REASON_CHARS = 500

ToolSchema = dict[str, Any]


def _scope(scopes: Sequence[str], description: str) -> dict[str, Any]:
    return {"type": "string", "enum": list(scopes), "description": description}


def _scope_list(scopes: Sequence[str], description: str) -> dict[str, Any]:
    return {"type": "array", "items": _scope(scopes, "A memory scope."), "minItems": 1, "maxItems": len(scopes),
            "uniqueItems": True, "description": description}


def _query(description: str) -> dict[str, Any]:
    return {"type": "string", "minLength": 1, "maxLength": MAX_QUERY_CHARS, "description": description}


def _object(properties: dict[str, Any], *required: str) -> dict[str, Any]:
    return {"type": "object", "properties": properties, **({"required": list(required)} if required else {}),
            "additionalProperties": False}


def _search(scopes: Sequence[str], names: str) -> ToolSchema:
    return {
        "name": "memory_search",
        "description": (
            "Search Wetopi's persistent organizational memory. Memory is split into scopes "
            f"({names}); results say which scope each memory came from. Omit `scopes` to let the router "
            "pick them. Use mode=deep to also search raw experiences, not just consolidated facts."),
        "parameters": _object({
            "query": _query("What to look for, in natural language."),
            "scopes": _scope_list(scopes, "Scopes to search (default: chosen automatically)."),
            "budget": {"type": "string", "enum": list(BUDGETS),
                       "description": "How hard to search (default: the scope's setting)."},
            "mode": {"type": "string", "enum": ["normal", "deep"],
                     "description": "normal: facts and observations; deep: also raw experiences."},
            "limit": {"type": "integer", "minimum": 1, "maximum": MAX_SEARCH_LIMIT,
                      "description": "Maximum number of results (default 10)."},
        }, "query"),
    }


def _retain(scopes: Sequence[str], names: str) -> ToolSchema:
    return {
        "name": "memory_retain",
        "description": (
            "Store one durable, verified learning in Wetopi's persistent memory, in exactly one scope "
            f"({names}). It passes the same policies as automatic retention: secrets, raw tool output and "
            "unverified hypotheses are refused. Do not store conversation filler."),
        "parameters": _object({
            "content": {"type": "string", "minLength": 1, "maxLength": MAX_CONTENT_CHARS,
                        "description": "The learning, as one self-contained statement."},
            "scope": _scope(scopes, "The scope that should hold it."),
            "reason": {"type": "string", "maxLength": MAX_REASON_CHARS,
                       "description": "Why this is worth remembering (e.g. confirmed operational fact)."},
            "confidence": {"type": "number", "minimum": 0, "maximum": 1, "description": "How certain it is, 0..1."},
        }, "content", "scope"),
    }


def _reflect(scopes: Sequence[str], names: str) -> ToolSchema:
    return {
        "name": "memory_reflect",
        "description": (
            "Ask Wetopi's memory to synthesize an answer from everything it holds in the given scopes "
            f"({names}). Slower than memory_search; use it for questions that need accumulated context."),
        "parameters": _object({
            "query": _query("The question to answer from memory."),
            "scopes": _scope_list(scopes, "Scopes to reflect over (default: all you may read)."),
        }, "query"),
    }


def _status(_scopes: Sequence[str], _names: str) -> ToolSchema:
    return {
        "name": "memory_status",
        "description": ("Health of Wetopi's memory plane: backend state and latency, the scopes you may use, "
                        "the last recall and retain, and the retain queue depth."),
        "parameters": _object({}),
    }


def _forget(_scopes: Sequence[str], _names: str) -> ToolSchema:
    return {
        "name": "memory_forget",
        "description": (
            "Forget a mistaken memory in the caller's own personal memory only: one document by id, or every "
            "memory whose text contains `match`. Without apply=true it only lists what would be forgotten; "
            "shared scopes are never touched."),
        "parameters": _object({
            "document_id": {"type": "string", "minLength": 1, "maxLength": 512,
                            "description": "The id of the memory to forget (from an earlier listing)."},
            "match": {"type": "string", "minLength": 1, "maxLength": MAX_QUERY_CHARS,
                      "description": "Forget every personal memory whose text contains this (case-insensitive)."},
            "apply": {"type": "boolean", "description": "true: forget now; false or absent: only list."},
        }),
    }


_BUILDERS = {"memory_search": _search, "memory_retain": _retain, "memory_reflect": _reflect,
             "memory_status": _status, "memory_forget": _forget}


def tool_schemas(scopes: Sequence[str]) -> dict[ToolName, ToolSchema]:
    """The OpenAI function schemas of every tool (without the `{"type": "function"}` wrapper); which are registered
    is `tools.expose` (default: the design's four).

    The only addressing field is `scope`/`scopes`, an enum of this deployment's scopes; no schema accepts
    anything else (`additionalProperties: false`).
    """
    names = ", ".join(scopes)
    return {name: _BUILDERS[name](scopes, names) for name in (*TOOL_NAMES, *OPT_IN_TOOL_NAMES)}
