"""Private state files: the state dir 0700 and every file in it 0600, symlinks and foreign owners refused.

The one owner of how the plane creates and opens its state files (outbox, embedded store, audit trail), so
no local user can read a person's memory or plant a link that redirects a write (issue #15).

Modes are given explicitly at creation and fixed with chmod at once, before any data is written: the process
umask is never changed, since it is process-wide and the Hermes host runs other threads that create files.
SQLite creates `-wal`, `-shm` and `-journal` with its main file's mode, so a main file created 0600 here keeps
them 0600 too. The state directory itself may be reached through a symlink (a mounted volume, say), but what it
resolves to must be ours; the files in it must be regular files of ours, never links.
"""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from .errors import WetopiMemoryError, _one_line

__all__ = ["DIR_MODE", "FILE_MODE", "SQLITE_COMPANIONS", "StateFileError", "ensure_private_dir", "open_private",
           "prepare_private_file"]

log = logging.getLogger(__name__)

DIR_MODE: Final = 0o700
FILE_MODE: Final = 0o600
SQLITE_COMPANIONS: Final = ("-wal", "-shm", "-journal")
"""The files SQLite opens by name next to a database: they must be as safe as the database itself."""

_LOOSE: Final = 0o077
_NOFOLLOW: Final = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC: Final = getattr(os, "O_CLOEXEC", 0)


class StateFileError(WetopiMemoryError):
    """A state file or directory is unsafe to use (a symlink, not ours, not a regular file); it was not touched."""

    def __init__(self, path: Path, reason: str, *, what: str = "state file") -> None:
        self.path = path
        self.reason = reason
        # no colon: the audit trail's log keeps an error's text only up to its first one
        super().__init__(_one_line(f"refusing {what} {path} because {reason}"))


def current_uid() -> int:
    """Whose state files these are: the effective user of this process (a seam for tests)."""
    return os.geteuid()


def owner_of(info: os.stat_result) -> int:
    """The owning user of a stat result (a seam for tests that cannot chown)."""
    return info.st_uid


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


def _refusal(path: Path, info: os.stat_result) -> StateFileError | None:
    """Why an existing file must not be used, or None when it is a regular file of ours."""
    if stat.S_ISLNK(info.st_mode):
        return StateFileError(path, "it is a symbolic link (remove it; state files are never followed)")
    if not stat.S_ISREG(info.st_mode):
        return StateFileError(path, "it is not a regular file")
    owner = owner_of(info)
    if owner != current_uid():
        return StateFileError(path, f"it is owned by uid {owner}, not by this process (uid {current_uid()})")
    return None


def ensure_private_dir(directory: str | os.PathLike[str]) -> Path:
    """The directory, created 0700 if missing; an existing one of ours is tightened to 0700, anyone else's
    is refused."""
    path = Path(directory)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.mkdir(path, DIR_MODE)
    except FileExistsError:
        pass
    else:
        os.chmod(path, DIR_MODE)  # the umask may have taken bits away: exactly 0700
        return path
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise StateFileError(path, "it is a symbolic link to nothing", what="state directory") from None
    if not stat.S_ISDIR(info.st_mode):
        raise StateFileError(path, "it is not a directory", what="state directory")
    owner = owner_of(info)
    if owner != current_uid():
        raise StateFileError(path, f"it is owned by uid {owner}, not by this process (uid {current_uid()})",
                             what="state directory")
    if info.st_mode & _LOOSE:
        os.chmod(path, DIR_MODE)
        log.warning("wetopi-memory: tightened state directory %s from %o to %o",
                    path, stat.S_IMODE(info.st_mode), DIR_MODE)
    return path


def _tighten(fd: int, path: Path, info: os.stat_result, *, created: bool) -> None:
    """Make an open file exactly 0600 when we just created it, or when group or others had any access."""
    mode = stat.S_IMODE(info.st_mode)
    if mode == FILE_MODE or not (created or mode & _LOOSE):
        return
    os.fchmod(fd, FILE_MODE)
    if not created:
        log.warning("wetopi-memory: tightened state file %s from %o to %o", path, mode, FILE_MODE)


def _open_checked(path: Path, flags: int) -> int:
    """Open (creating 0600) a file that lstat found absent or safe; re-check what was opened, in case of a race."""
    before = _lstat(path)
    if before is not None and (refusal := _refusal(path, before)) is not None:
        raise refusal
    try:
        fd = os.open(path, flags | os.O_CREAT | _NOFOLLOW | _CLOEXEC, FILE_MODE)
    except OSError as exc:
        if _NOFOLLOW and os.path.islink(path):
            raise StateFileError(path, "it is a symbolic link (remove it; state files are never followed)") from exc
        raise
    try:
        info = os.fstat(fd)
        if (refusal := _refusal(path, info)) is not None:
            raise refusal
        _tighten(fd, path, info, created=before is None)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _check_companions(path: Path, companions: Sequence[str]) -> None:
    """Refuse unsafe companions (`outbox.db-wal`, …) and tighten loose ones; missing ones are fine."""
    for suffix in companions:
        companion = path.with_name(path.name + suffix)
        info = _lstat(companion)
        if info is None:
            continue
        if (refusal := _refusal(companion, info)) is not None:
            raise refusal
        if info.st_mode & _LOOSE:
            os.close(_open_checked(companion, os.O_RDONLY))


def open_private(path: str | os.PathLike[str], flags: int, *, companions: Sequence[str] = ()) -> int:
    """A descriptor on a state file (created 0600 in a 0700 directory), never truncated by opening; a symlink,
    a non-regular file or another user's file is refused before it is opened."""
    target = Path(path)
    ensure_private_dir(target.parent)
    _check_companions(target, companions)
    return _open_checked(target, flags & ~os.O_TRUNC)


def prepare_private_file(path: str | os.PathLike[str], *, companions: Sequence[str] = SQLITE_COMPANIONS) -> Path:
    """Make a state file safe for a library that opens it by name (SQLite): it exists, 0600, in a 0700
    directory, and neither it nor its companions is a link or another user's file."""
    target = Path(path)
    os.close(open_private(target, os.O_RDONLY, companions=companions))
    return target
