"""Why a candidate is rejected: stable reason codes, and a reason that carries the secret rule as data."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["REASON_CODES", "Reason", "ReasonCode"]


class ReasonCode(StrEnum):
    """Every reason code a retain decision can carry (the policy module's docstring says what each means)."""

    EMPTY = "empty"
    TOO_LONG = "too_long"
    SECRET_DETECTED = "secret_detected"
    SCOPE_DENIED = "scope_denied"
    RETAIN_DISABLED = "retain_disabled"
    MANUAL_ONLY = "manual_only"
    AUTOMATIC_DISABLED = "automatic_disabled"
    RAW_TOOL_OUTPUT = "raw_tool_output"
    FILLER = "filler"
    HYPOTHESIS = "hypothesis"
    UNVERIFIED = "unverified"
    LOW_CONFIDENCE = "low_confidence"
    TRANSIENT = "transient"
    NOT_DURABLE = "not_durable"
    CATEGORY_NOT_ACCEPTED = "category_not_accepted"
    DUPLICATE = "duplicate"
    OUTBOX_FULL = "outbox_full"
    UNROUTED = "unrouted"
    OPTED_OUT = "opted_out"
    ASSISTANT_STATEMENT = "assistant_statement"


REASON_CODES: tuple[str, ...] = tuple(code.value for code in ReasonCode)


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason of a decision; `str()` is its stable wire form: `secret_detected:<rule>` or the bare code."""

    code: ReasonCode
    rule: str | None = None

    def __str__(self) -> str:
        return f"{self.code.value}:{self.rule}" if self.rule is not None else self.code.value

    @classmethod
    def secret(cls, rule: str) -> Reason:
        """A secret found by the gate's rule `rule`."""
        return cls(ReasonCode.SECRET_DETECTED, rule)

    @classmethod
    def parse(cls, text: str) -> Reason:
        """The reason of a wire form (`secret_detected:stripe_key`, `duplicate`); ValueError for an unknown code."""
        code, sep, rule = text.partition(":")
        return cls(ReasonCode(code), rule if sep else None)
