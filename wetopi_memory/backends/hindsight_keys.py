"""Per-version Hindsight per-bank configurable keys (names, types, defaults) as data for fake and bootstrap."""

from __future__ import annotations

from typing import Any

# Copied from /work/shared/reference/hindsight/configurable-fields-<version>.json (the server's
# `_CONFIGURABLE_FIELDS`). Types use Python annotation spelling: "bool", "int", "float", "str", "list",
# "dict", "list[str]", and unions such as "int | None". The live allow-list is the key set of any
# `GET /config` answer; these tables are the offline fallback.
CONFIGURABLE_KEYS: dict[str, dict[str, str]] = {
    "0.9.2": {
        "audit_log_enabled": "bool",
        "consolidation_llm_batch_size": "int",
        "consolidation_llm_parallelism": "int",
        "consolidation_max_memories_per_round": "int",
        "consolidation_source_facts_max_tokens": "int",
        "consolidation_source_facts_max_tokens_per_observation": "int",
        "disposition_empathy": "int | None",
        "disposition_literalism": "int | None",
        "disposition_skepticism": "int | None",
        "enable_auto_consolidation": "bool",
        "enable_graph_retrieval": "bool",
        "enable_observations": "bool",
        "enable_reranking": "bool",
        "enable_temporal_retrieval": "bool",
        "entities_allow_free_form": "bool",
        "entity_labels": "list | None",
        "llm_gemini_safety_settings": "list | None",
        "max_observations_per_scope": "int",
        "mcp_enabled_tools": "list[str] | None",
        "memory_defense": "dict | None",
        "mental_model_min_refresh_interval_seconds": "int",
        "observation_scope_limits": "list | None",
        "observations_mission": "str | None",
        "recall_budget_adaptive_high": "float",
        "recall_budget_adaptive_low": "float",
        "recall_budget_adaptive_mid": "float",
        "recall_budget_fixed_high": "int",
        "recall_budget_fixed_low": "int",
        "recall_budget_fixed_mid": "int",
        "recall_budget_function": "str",
        "recall_budget_max": "int",
        "recall_budget_min": "int",
        "recall_chunks_max_tokens": "int",
        "recall_include_chunks": "bool",
        "recall_max_tokens": "int",
        "reflect_mission": "str | None",
        "reflect_source_facts_max_tokens": "int",
        "retain_chunk_batch_size": "int",
        "retain_chunk_size": "int",
        "retain_custom_instructions": "str | None",
        "retain_default_strategy": "str | None",
        "retain_extraction_mode": "str",
        "retain_mission": "str | None",
        "retain_strategies": "dict | None",
        "retain_structured_chunk_size": "int | None",
        "store_document_text": "bool",
    },
    "1.1.0": {
        "audit_log_enabled": "bool",
        "consolidation_llm_batch_size": "int",
        "consolidation_llm_parallelism": "int",
        "consolidation_max_memories_per_round": "int",
        "consolidation_source_facts_max_tokens": "int",
        "consolidation_source_facts_max_tokens_per_observation": "int",
        "consolidation_strategies": "list | None",
        "consolidation_use_decision_model": "bool",
        "default_observation_scopes": "str | list | None",
        "disposition_empathy": "int | None",
        "disposition_literalism": "int | None",
        "disposition_skepticism": "int | None",
        "enable_auto_consolidation": "bool",
        "enable_graph_retrieval": "bool",
        "enable_observations": "bool",
        "enable_reranking": "bool",
        "enable_temporal_retrieval": "bool",
        "enable_text_search": "bool",
        "entities_allow_free_form": "bool",
        "entity_labels": "list | None",
        "knowledge_page_default_trigger": "dict | None",
        "llm_gemini_safety_settings": "list | None",
        "max_observations_per_scope": "int",
        "mcp_enabled_tools": "list[str] | None",
        "memory_defense": "dict | None",
        "mental_model_delta_use_decision_model": "bool",
        "mental_model_min_refresh_interval_seconds": "int",
        "mental_model_refresh_use_decision_model": "bool",
        "observation_scope_limits": "list | None",
        "observations_mission": "str | None",
        "recall_budget_adaptive_high": "float",
        "recall_budget_adaptive_low": "float",
        "recall_budget_adaptive_mid": "float",
        "recall_budget_fixed_high": "int",
        "recall_budget_fixed_low": "int",
        "recall_budget_fixed_mid": "int",
        "recall_budget_function": "str",
        "recall_budget_max": "int",
        "recall_budget_min": "int",
        "recall_chunks_max_tokens": "int",
        "recall_include_chunks": "bool",
        "recall_max_tokens": "int",
        "recall_prefer_observations": "bool",
        "reflect_default_options": "dict | None",
        "reflect_mission": "str | None",
        "reflect_source_facts_max_tokens": "int",
        "reflect_use_decision_model": "bool",
        "retain_chunk_batch_size": "int",
        "retain_chunk_size": "int",
        "retain_custom_instructions": "str | None",
        "retain_default_strategy": "str | None",
        "retain_extraction_mode": "str",
        "retain_max_attachments_per_chunk": "int",
        "retain_mission": "str | None",
        "retain_strategies": "dict | None",
        "retain_structured_chunk_size": "int | None",
        "store_document_text": "bool",
    },
}

# Server defaults with a real LLM provider (with provider "none" the server forces
# retain_extraction_mode="chunks" and enable_observations=False).
CONFIGURABLE_DEFAULTS: dict[str, dict[str, Any]] = {
    "0.9.2": {
        "audit_log_enabled": False,
        "consolidation_llm_batch_size": 8,
        "consolidation_llm_parallelism": 4,
        "consolidation_max_memories_per_round": 100,
        "consolidation_source_facts_max_tokens": 4096,
        "consolidation_source_facts_max_tokens_per_observation": 256,
        "disposition_empathy": None,
        "disposition_literalism": None,
        "disposition_skepticism": None,
        "enable_auto_consolidation": True,
        "enable_graph_retrieval": True,
        "enable_observations": True,
        "enable_reranking": True,
        "enable_temporal_retrieval": True,
        "entities_allow_free_form": True,
        "entity_labels": None,
        "llm_gemini_safety_settings": None,
        "max_observations_per_scope": -1,
        "mcp_enabled_tools": None,
        "memory_defense": None,
        "mental_model_min_refresh_interval_seconds": 0,
        "observation_scope_limits": None,
        "observations_mission": None,
        "recall_budget_adaptive_high": 0.25,
        "recall_budget_adaptive_low": 0.025,
        "recall_budget_adaptive_mid": 0.075,
        "recall_budget_fixed_high": 1000,
        "recall_budget_fixed_low": 100,
        "recall_budget_fixed_mid": 300,
        "recall_budget_function": "fixed",
        "recall_budget_max": 2000,
        "recall_budget_min": 20,
        "recall_chunks_max_tokens": 1000,
        "recall_include_chunks": True,
        "recall_max_tokens": 2048,
        "reflect_mission": None,
        "reflect_source_facts_max_tokens": -1,
        "retain_chunk_batch_size": 100,
        "retain_chunk_size": 3000,
        "retain_custom_instructions": None,
        "retain_default_strategy": None,
        "retain_extraction_mode": "concise",
        "retain_mission": None,
        "retain_strategies": None,
        "retain_structured_chunk_size": None,
        "store_document_text": True,
    },
    "1.1.0": {
        "audit_log_enabled": False,
        "consolidation_llm_batch_size": 8,
        "consolidation_llm_parallelism": 4,
        "consolidation_max_memories_per_round": 100,
        "consolidation_source_facts_max_tokens": 4096,
        "consolidation_source_facts_max_tokens_per_observation": 256,
        "consolidation_strategies": None,
        "consolidation_use_decision_model": True,
        "default_observation_scopes": None,
        "disposition_empathy": None,
        "disposition_literalism": None,
        "disposition_skepticism": None,
        "enable_auto_consolidation": True,
        "enable_graph_retrieval": True,
        "enable_observations": True,
        "enable_reranking": True,
        "enable_temporal_retrieval": True,
        "enable_text_search": True,
        "entities_allow_free_form": True,
        "entity_labels": None,
        "knowledge_page_default_trigger": None,
        "llm_gemini_safety_settings": None,
        "max_observations_per_scope": -1,
        "mcp_enabled_tools": None,
        "memory_defense": None,
        "mental_model_delta_use_decision_model": True,
        "mental_model_min_refresh_interval_seconds": 0,
        "mental_model_refresh_use_decision_model": True,
        "observation_scope_limits": None,
        "observations_mission": None,
        "recall_budget_adaptive_high": 0.25,
        "recall_budget_adaptive_low": 0.025,
        "recall_budget_adaptive_mid": 0.075,
        "recall_budget_fixed_high": 1000,
        "recall_budget_fixed_low": 100,
        "recall_budget_fixed_mid": 300,
        "recall_budget_function": "fixed",
        "recall_budget_max": 2000,
        "recall_budget_min": 20,
        "recall_chunks_max_tokens": 1000,
        "recall_include_chunks": True,
        "recall_max_tokens": 2048,
        "recall_prefer_observations": False,
        "reflect_default_options": None,
        "reflect_mission": None,
        "reflect_source_facts_max_tokens": -1,
        "reflect_use_decision_model": True,
        "retain_chunk_batch_size": 100,
        "retain_chunk_size": 3000,
        "retain_custom_instructions": None,
        "retain_default_strategy": None,
        "retain_extraction_mode": "concise",
        "retain_max_attachments_per_chunk": 8,
        "retain_mission": None,
        "retain_strategies": None,
        "retain_structured_chunk_size": None,
        "store_document_text": True,
    },
}

# Valid `retain_extraction_mode` values; the server does NOT validate this key on PATCH (reference §4.2).
EXTRACTION_MODES: frozenset[str] = frozenset({"concise", "verbose", "custom", "verbatim", "chunks"})

_ENV_PREFIX = "HINDSIGHT_API_"


def normalize_key(key: str) -> str:
    """Server key normalization: strip a leading HINDSIGHT_API_ and lowercase (`config.py:103-137`)."""
    if key.upper().startswith(_ENV_PREFIX):
        key = key[len(_ENV_PREFIX):]
    return key.lower()


def version_tuple(version: str) -> tuple[int, ...]:
    """"1.1.0" -> (1, 1, 0); non-numeric suffixes ("1.1.0rc1", "0.9.2+local") are cut at the first non-digit."""
    parts: list[int] = []
    for piece in version.strip().lstrip("vV").split("."):
        digits = ""
        for ch in piece:
            if not ch.isdigit():
                break
            digits += ch
        if not digits:
            break
        parts.append(int(digits))
        if len(digits) != len(piece):
            break
    return tuple(parts)


def is_legacy(version: str) -> bool:
    """True for servers before 0.10 (missing banks read as defaults/empty, nulls omitted, profile routes live)."""
    return version_tuple(version) < (0, 10)


def keys_for_version(version: str) -> dict[str, str]:
    """The configurable key table closest to `version`: 0.9.2's before 0.10, else 1.1.0's."""
    return CONFIGURABLE_KEYS["0.9.2" if is_legacy(version) else "1.1.0"]


def defaults_for_version(version: str) -> dict[str, Any]:
    """Server defaults matching `keys_for_version`."""
    return CONFIGURABLE_DEFAULTS["0.9.2" if is_legacy(version) else "1.1.0"]
