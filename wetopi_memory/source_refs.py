"""Source references: a keyed, content-free tag naming who a retained memory came from, so a person can be forgotten.

`source_ref(internal_user_id, key)` is an HMAC of the internal id, never the id itself: a bank shows who said
the same things without saying who. Every process that retains or forgets for the same banks must share the
key (config `privacy.source_key`, usually `${WETOPI_MEMORY_SOURCE_KEY}`, else `<state_dir>/source.key`),
or a forget cannot find what another process retained.
"""

from __future__ import annotations

import fcntl
import hashlib
import hmac
import os
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Final

from .config import Config
from .errors import ConfigError
from .private_files import open_private

__all__ = ["KEY_FILE_NAME", "SOURCE_KEY_ENV", "SOURCE_REF_METADATA_KEY", "SOURCE_REF_TAG_PREFIX", "SourceKey",
           "load_source_key", "source_ref", "with_source_ref"]

SOURCE_REF_TAG_PREFIX: Final = "src:"
SOURCE_REF_METADATA_KEY: Final = "source_ref"
SOURCE_KEY_ENV: Final = "WETOPI_MEMORY_SOURCE_KEY"
KEY_FILE_NAME: Final = "source.key"

_DIGEST_CHARS: Final = 24
# Where the key comes from, asked only when a known person retains (so no key file is made before it is needed).
SourceKey = Callable[[], bytes]
_KEY_BYTES: Final = 32
_MIN_KEY_CHARS: Final = 16


def source_ref(internal_user_id: str, key: bytes) -> str:
    """`src:` + the first 24 hex digits of HMAC-SHA256(key, internal id): stable per person and key, content-free."""
    if not isinstance(internal_user_id, str) or not internal_user_id:
        raise ValueError("source_ref needs a non-empty internal user id")
    if not key:
        raise ValueError("source_ref needs a non-empty key")
    digest = hmac.new(key, internal_user_id.encode("utf-8"), hashlib.sha256).hexdigest()
    return SOURCE_REF_TAG_PREFIX + digest[:_DIGEST_CHARS]


def with_source_ref(document_id: str, ref: str | None) -> str:
    """A document id that embeds the ref's digest (`<id>-<24 hex>`), so a forget finds it by id alone."""
    return f"{document_id}-{ref.removeprefix(SOURCE_REF_TAG_PREFIX)}" if ref else document_id


def load_source_key(config: Config, environ: Mapping[str, str], state_dir: Path) -> bytes:
    """The key from config `privacy.source_key`, else the environment, else `<state_dir>/source.key` (made 0600,
    32 random bytes, on first use)."""
    configured = config.privacy.source_key
    if configured is not None:
        return _text_key(configured.get_secret_value(), "privacy.source_key")
    from_env = environ.get(SOURCE_KEY_ENV)
    if from_env:
        return _text_key(from_env, SOURCE_KEY_ENV)
    return _file_key(Path(state_dir) / KEY_FILE_NAME)


def _text_key(text: str, where: str) -> bytes:
    """A configured key: at least 16 characters once stripped, used as its UTF-8 bytes."""
    stripped = text.strip()
    if len(stripped) < _MIN_KEY_CHARS:
        raise ConfigError(f"the source key is shorter than {_MIN_KEY_CHARS} characters; use a long random value "
                          "(e.g. `openssl rand -hex 32`)", key=where)
    return stripped.encode("utf-8")


def _file_key(path: Path) -> bytes:
    """Read the key file, writing a fresh random key first when it is empty; an exclusive lock makes concurrent
    first uses agree on one key."""
    fd = open_private(path, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        existing = os.read(fd, _KEY_BYTES + 1)
        if not existing:
            fresh = secrets.token_bytes(_KEY_BYTES)
            os.write(fd, fresh)
            os.fsync(fd)
            return fresh
        if len(existing) != _KEY_BYTES:
            raise ConfigError(f"source key file {path} holds {len(existing)} bytes, not {_KEY_BYTES}; restore it "
                              "from a backup (a new key cannot find memories retained under the old one)",
                              key="privacy.source_key")
        return existing
    finally:
        os.close(fd)  # closing releases the lock
