"""Error taxonomy: every failure a caller can act on has its own type and a one-line message."""

from __future__ import annotations

from collections.abc import Sequence


def _one_line(text: str) -> str:
    """Escape control characters (a newline in a YAML key, say) so an error always stays on one line."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


class WetopiMemoryError(Exception):
    """Base of every error this library raises on purpose."""


class ConfigError(WetopiMemoryError):
    """A configuration, identities or banks file is invalid; the message names file, line and key."""

    def __init__(self, message: str, *, source: str | None = None, line: int | None = None,
                 key: str | None = None) -> None:
        self.source = source
        self.line = line
        self.key = key
        self.reason = message
        super().__init__(self._render())

    def _render(self) -> str:
        where = self.source or ""
        if self.line is not None:
            where = f"{where}:{self.line}" if where else f"line {self.line}"
        head = " ".join(part for part in (where, self.key) if part)
        return _one_line(f"{head}: {self.reason}" if head else self.reason)


class ConfigErrors(ConfigError):
    """Every problem found in one file, each a located one-line ConfigError; the message is the first."""

    def __init__(self, errors: Sequence[ConfigError]) -> None:
        if not errors:
            raise ValueError("ConfigErrors needs at least one error")
        self.errors = tuple(errors)
        first = self.errors[0]
        more = f" (and {len(self.errors) - 1} more)" if len(self.errors) > 1 else ""
        super().__init__(first.reason + more, source=first.source, line=first.line, key=first.key)

    def lines(self) -> list[str]:
        """One line per problem, in file order."""
        return [str(error) for error in self.errors]


class AccessDenied(WetopiMemoryError):
    """The Scope ACL refused a request; `code` is a stable reason code, the message explains it."""

    def __init__(self, code: str, message: str, *, scope: str | None = None) -> None:
        self.code = code
        self.scope = scope
        super().__init__(message)


class BackendError(WetopiMemoryError):
    """A memory backend failed; `transient` says whether retrying later can help."""

    transient = False
    counts_as_failure = True

    def __init__(self, message: str, *, status: int | None = None, operation: str | None = None) -> None:
        self.status = status
        self.operation = operation
        super().__init__(message or type(self).__name__)


class BackendAuthError(BackendError):
    """The backend rejected the credentials (HTTP 401/403)."""


class BackendRequestError(BackendError):
    """The backend rejected the request as invalid (HTTP 400/409/422): a client-side bug or bad input."""

    counts_as_failure = False


class BankNotFoundError(BackendError):
    """The bank does not exist on the backend."""

    counts_as_failure = False


class BackendUnavailableError(BackendError):
    """The backend cannot serve now (5xx, connection refused, DNS); `retry_after` comes from the server."""

    transient = True

    def __init__(self, message: str, *, status: int | None = None, operation: str | None = None,
                 retry_after: float | None = None) -> None:
        self.retry_after = retry_after
        super().__init__(message, status=status, operation=operation)


class BackendTimeoutError(BackendUnavailableError):
    """The backend did not answer within the operation's timeout."""


class BackendProtocolError(BackendError):
    """The backend answered with something this client cannot read (malformed JSON, wrong shape)."""

    transient = True


class InvalidRequest(WetopiMemoryError):
    """A request is malformed (empty query, bad budget, confidence out of range)."""
