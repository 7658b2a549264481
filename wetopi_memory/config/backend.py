"""The `backend` and `backends` sections: how to reach a Hindsight server or the embedded store, and its limits."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, SecretStr, field_validator, model_validator

from ..models import TimedOperation
from .fields import ConfigSection, only_supported
from .urls import check_backend_url


class ConcurrencySettings(ConfigSection):
    max_inflight: int = Field(4, ge=1, le=256)
    queue_size: int = Field(64, ge=0, le=100_000)


class BackendRetainSettings(ConfigSection):
    batching: Annotated[bool, only_supported(
        True, "retains always reach the backend as one batch per scope and turn")] = True


class RetrySettings(ConfigSection):
    enabled: bool = True
    max_attempts: int = Field(3, ge=1, le=10)
    backoff_seconds: float = Field(0.2, gt=0, le=60)


class BreakerSettings(ConfigSection):
    """Consecutive transient, server or auth failures that open the circuit, and for how long."""

    failure_threshold: int = Field(5, ge=1, le=1000)
    open_seconds: float = Field(30.0, gt=0, le=3600)


class OperationTimeouts(ConfigSection):
    """Per-operation timeouts in seconds; unset ones fall back to `timeout_seconds`."""

    recall: float | None = Field(None, gt=0, le=600)
    retain: float | None = Field(None, gt=0, le=600)
    reflect: float | None = Field(None, gt=0, le=900)
    config: float | None = Field(None, gt=0, le=600)

    def of(self, operation: TimedOperation) -> float | None:
        """The configured timeout of one operation, or None when it is unset."""
        match operation:
            case "recall":
                return self.recall
            case "retain":
                return self.retain
            case "reflect":
                return self.reflect
            case "config":
                return self.config


_TIMEOUT_FLOORS: dict[TimedOperation, float] = {"recall": 0.0, "config": 10.0, "retain": 60.0, "reflect": 120.0}


DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024
"""The largest backend answer body read (after decompression); a bigger one is a one-line error, never read whole."""


class BackendSettings(ConfigSection):
    """How to reach one backend: a Hindsight server or the embedded SQLite store."""

    type: Literal["hindsight", "local"] = "local"
    url: str | None = None
    api_key: SecretStr | None = None
    path: str | None = None
    timeout_seconds: float = Field(5.0, gt=0, le=600)
    timeouts: OperationTimeouts = OperationTimeouts()
    concurrency: ConcurrencySettings = ConcurrencySettings()
    retain: BackendRetainSettings = BackendRetainSettings()
    retry: RetrySettings = RetrySettings()
    circuit_breaker: BreakerSettings = BreakerSettings()
    max_response_bytes: int = Field(DEFAULT_MAX_RESPONSE_BYTES, ge=64 * 1024, le=1024 * 1024 * 1024)
    fail_open: Annotated[bool, only_supported(
        True, "a failing backend never fails the agent's turn: recall injects nothing and retains wait in "
              "the outbox")] = True

    @field_validator("api_key", mode="before")
    @classmethod
    def _empty_key_is_none(cls, value: Any) -> Any:
        return None if value == "" else value

    @field_validator("url")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        return check_backend_url(value) if value else None  # empty: `${HINDSIGHT_API_URL:-}` on a local backend

    @model_validator(mode="after")
    def _check_kind(self) -> BackendSettings:
        if self.type == "hindsight" and not self.url:
            raise ValueError("a hindsight backend needs url (e.g. ${HINDSIGHT_API_URL})")
        return self

    def timeout_for(self, operation: TimedOperation) -> float:
        """The timeout of one operation; unset ones derive from timeout_seconds with per-operation floors,
        because a retain or a reflect legitimately takes longer than a recall."""
        value = self.timeouts.of(operation)
        if value is not None:
            return float(value)
        return max(self.timeout_seconds, _TIMEOUT_FLOORS[operation])
