"""What every config section shares: the strict base model, name patterns, and the only-supported-value check."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import AfterValidator, BaseModel, ConfigDict

SCOPE_NAME = re.compile(r"[a-z][a-z0-9_-]{0,62}\Z")
BANK_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}\Z")
TEMPLATE_FIELD = re.compile(r"\{([^{}]*)\}")
TEMPLATE_FIELDS = frozenset({"internal_user_id"})
ToolName = Literal["memory_search", "memory_retain", "memory_reflect", "memory_status", "memory_forget"]
# The design's four tools, the default surface; memory_forget is registered only when `tools.expose` lists it.
TOOL_NAMES: tuple[ToolName, ...] = ("memory_search", "memory_retain", "memory_reflect", "memory_status")
OPT_IN_TOOL_NAMES: tuple[ToolName, ...] = ("memory_forget",)

BudgetName = Literal["low", "mid", "high"]
MemoryTypeName = Literal["world", "experience", "observation"]


class ConfigSection(BaseModel):
    """Base for every section: unknown keys are errors, so typos never pass silently."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


def only_supported(value: bool, reason: str) -> AfterValidator:
    """Accept a documented switch only at the value the product implements, so no setting is silently ignored."""

    def check(given: bool) -> bool:
        if given != value:
            raise ValueError(f"{str(given).lower()} is not supported: {reason}")
        return given

    return AfterValidator(check)
