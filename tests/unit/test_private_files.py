"""Private state files (issue #15): a 0700 state dir, 0600 files (SQLite's -wal/-shm too) under umask 022,
symlinks and other users' files refused untouched, a loose v0.1 dir tightened."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from wetopi_memory import private_files
from wetopi_memory.audit import AuditLog
from wetopi_memory.backends.local import LocalBackend
from wetopi_memory.errors import BackendUnavailableError
from wetopi_memory.models import RecallQuery, RetainItem
from wetopi_memory.private_files import StateFileError, ensure_private_dir, open_private, prepare_private_file
from wetopi_memory.retain import Outbox
from wetopi_memory.retain.outbox_records import OutboxItem

OTHER_UID = 65534  # nobody
SECRET = b"someone else's data\n"


@pytest.fixture(autouse=True)
def umask_022() -> Iterator[None]:
    previous = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(previous)


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def fill_outbox(path: Path) -> None:
    box = Outbox(path)
    try:
        items = [OutboxItem(RetainItem(content="Ana prefers email", document_id="d1"), durability=0.9)]
        box.enqueue(scope="personal", bank="user-u_ana", backend="local", items=items, origin="turn",
                    group_key="s:t")
        assert box.depth() == 1
        assert (path.with_name(path.name + "-wal")).exists()  # still open: WAL and shared memory exist
        assert (path.with_name(path.name + "-shm")).exists()
        assert_private(path.parent, path, *wal_files(path))
    finally:
        box.close()


def fill_local(path: Path) -> None:
    async def go() -> None:
        backend = LocalBackend(path)
        try:
            await backend.retain("user-u_ana", [RetainItem(content="Ana prefers email", document_id="d1")])
            assert len(await backend.recall("user-u_ana", RecallQuery("email"))) == 1
            assert (path.with_name(path.name + "-wal")).exists()
            assert_private(path.parent, path, *wal_files(path))
        finally:
            await backend.aclose()

    asyncio.run(go())


def fill_audit(path: Path) -> AuditLog:
    audit = AuditLog(path, max_bytes=1024, backups=2)
    for index in range(40):  # ~4 KB: rotates at least twice, creating .1, .2 and the lock file
        assert audit.record("test.event", index=index, padding="x" * 60)
    audit.close()
    return audit


def wal_files(path: Path) -> list[Path]:
    return [p for p in (path.with_name(path.name + s) for s in ("-wal", "-shm")) if p.exists()]


def assert_private(directory: Path, *files: Path) -> None:
    dir_mode = stat.S_IMODE(os.stat(directory).st_mode)  # a state dir may be reached through a link
    assert dir_mode == 0o700, f"{directory} is {dir_mode:o}"
    for file in files:
        assert mode(file) == 0o600, f"{file} is {mode(file):o}"


# -- created private under umask 022 -------------------------------------------------------------------


def test_outbox_dir_db_wal_and_shm_are_private_after_real_writes(tmp_path: Path) -> None:
    state = tmp_path / "state"
    fill_outbox(state / "outbox.db")
    assert_private(state, state / "outbox.db", *wal_files(state / "outbox.db"))


def test_local_store_dir_db_wal_and_shm_are_private_after_real_writes(tmp_path: Path) -> None:
    state = tmp_path / "state"
    fill_local(state / "memory.db")
    assert_private(state, state / "memory.db", *wal_files(state / "memory.db"))


def test_audit_trail_its_rotations_and_lock_are_private(tmp_path: Path) -> None:
    state = tmp_path / "state"
    audit = fill_audit(state / "audit.jsonl")
    files = [*audit.files(), state / "audit.jsonl.lock"]
    assert {p.name for p in files} == {"audit.jsonl", "audit.jsonl.1", "audit.jsonl.2", "audit.jsonl.lock"}
    assert_private(state, *files)
    assert sorted(p.name for p in state.iterdir()) == sorted(p.name for p in files)


def test_sqlite_gives_wal_and_shm_the_main_files_mode(tmp_path: Path) -> None:
    """What the design relies on: SQLite copies the main file's mode to -wal/-shm, whatever the umask."""
    for name, main_mode in (("loose.db", 0o644), ("private.db", 0o600), ("group.db", 0o640)):
        path = tmp_path / name
        path.touch()
        os.chmod(path, main_mode)
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("CREATE TABLE t (x)")
        conn.execute("INSERT INTO t VALUES (1)")
        conn.commit()
        assert {p.name: mode(p) for p in wal_files(path)} == {f"{name}-wal": main_mode, f"{name}-shm": main_mode}
        conn.close()


@pytest.mark.parametrize("umask", [0o000, 0o022, 0o277])
def test_modes_are_exact_whatever_the_umask(tmp_path: Path, umask: int) -> None:
    os.umask(umask)
    target = prepare_private_file(tmp_path / "state" / "memory.db")
    assert_private(target.parent, target)
    assert target.read_bytes() == b""


def test_opening_never_truncates_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "state" / "audit.jsonl"
    ensure_private_dir(path.parent)
    path.write_bytes(b"kept\n")
    os.close(open_private(path, os.O_WRONLY | os.O_APPEND | os.O_TRUNC))
    assert path.read_bytes() == b"kept\n"


# -- refused: symlinks, other users' files, non-regular files --------------------------------------------


def use_outbox(state: Path) -> str:
    try:
        Outbox(state / "outbox.db").close()
    except StateFileError as exc:
        return str(exc)
    raise AssertionError("the outbox opened an unsafe file")


def use_local(state: Path) -> str:
    """The store's failure is a transient BackendError (retains wait in the outbox) carrying the refusal."""
    try:
        fill_local(state / "memory.db")
    except BackendUnavailableError as exc:
        assert isinstance(exc.__cause__, StateFileError)
        return str(exc)
    raise AssertionError("the local store opened an unsafe file")


class Warnings(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def use_audit(state: Path, *, rotate: bool = False) -> str:
    """The audit trail never raises: a refusal is a False record and one warning line."""
    handler = Warnings()
    logging.getLogger("wetopi_memory.audit").addHandler(handler)
    try:
        audit = AuditLog(state / "audit.jsonl", max_bytes=1024)
        written = [audit.record("test.event", padding="x" * 60)]
        while rotate and written[-1] and len(written) < 100:  # until the first rotation needs the lock
            written.append(audit.record("test.event", padding="x" * 60))
        audit.close()
    finally:
        logging.getLogger("wetopi_memory.audit").removeHandler(handler)
    assert written[-1] is False and len(handler.messages) == 1, (written, handler.messages)
    return handler.messages[0]


def use_audit_lock(state: Path) -> str:
    return use_audit(state, rotate=True)


SITES: list[tuple[str, Callable[[Path], str]]] = [
    ("outbox.db", use_outbox), ("outbox.db-wal", use_outbox), ("outbox.db-shm", use_outbox),
    ("memory.db", use_local), ("memory.db-wal", use_local), ("memory.db-journal", use_local),
    ("audit.jsonl", use_audit), ("audit.jsonl.1", use_audit), ("audit.jsonl.lock", use_audit_lock),
]


def planted_victim(tmp_path: Path) -> Path:
    victim = tmp_path / "elsewhere" / "victim"
    victim.parent.mkdir()
    victim.write_bytes(SECRET)
    os.chmod(victim, 0o644)
    return victim


def assert_one_line_naming(message: str, path: Path, words: str, *, what: str = "state file") -> None:
    assert "\n" not in message and f"refusing {what} {path} because " in message and words in message, message


def assert_nothing_created(state: Path, before: set[str], name: str) -> None:
    """A refused file stops the opening before anything else is created (the lock case wrote its first line)."""
    allowed = {"audit.jsonl"} if name == "audit.jsonl.lock" else set()
    assert {p.name for p in state.iterdir()} - before <= allowed


@pytest.mark.parametrize(("name", "use"), SITES, ids=[name for name, _ in SITES])
def test_a_planted_symlink_is_refused_and_its_target_untouched(tmp_path: Path, name: str,
                                                                use: Callable[[Path], str]) -> None:
    state = tmp_path / "state"
    state.mkdir(mode=0o700)
    victim = planted_victim(tmp_path)
    (state / name).symlink_to(victim)
    assert_one_line_naming(use(state), state / name, "symbolic link")
    assert victim.read_bytes() == SECRET and mode(victim) == 0o644
    assert (state / name).is_symlink()
    assert_nothing_created(state, {name}, name)


@pytest.fixture
def foreign(monkeypatch: pytest.MonkeyPatch) -> Callable[[Path], None]:
    """Give a file to another user: a real chown when we may (root), else the owner seam says so."""
    if os.geteuid() == 0:
        return lambda path: os.chown(path, OTHER_UID, OTHER_UID)
    foreign_inodes: set[int] = set()
    real = private_files.owner_of
    monkeypatch.setattr(private_files, "owner_of",
                        lambda info: OTHER_UID if info.st_ino in foreign_inodes else real(info))
    return lambda path: foreign_inodes.add(path.stat().st_ino)


@pytest.mark.parametrize(("name", "use"), SITES, ids=[name for name, _ in SITES])
def test_another_users_file_is_refused_and_left_as_it_was(tmp_path: Path, name: str, use: Callable[[Path], str],
                                                          foreign: Callable[[Path], None]) -> None:
    state = tmp_path / "state"
    state.mkdir(mode=0o700)
    planted = state / name
    planted.write_bytes(SECRET)
    os.chmod(planted, 0o644)
    foreign(planted)
    assert_one_line_naming(use(state), planted, f"owned by uid {OTHER_UID}")
    assert planted.read_bytes() == SECRET and mode(planted) == 0o644
    assert_nothing_created(state, {name}, name)


def test_the_audit_trail_refuses_a_symlink_without_breaking_the_caller(tmp_path: Path,
                                                                        caplog: pytest.LogCaptureFixture) -> None:
    state = tmp_path / "state"
    state.mkdir(mode=0o700)
    victim = planted_victim(tmp_path)
    (state / "audit.jsonl").symlink_to(victim)
    with caplog.at_level(logging.WARNING):
        assert AuditLog(state / "audit.jsonl").record("test.event") is False
    assert victim.read_bytes() == SECRET
    assert any(f"refusing state file {state / 'audit.jsonl'}" in r.getMessage() for r in caplog.records)


def test_a_refused_lock_stops_the_rotation_before_anything_moves(tmp_path: Path) -> None:
    state = tmp_path / "state"
    audit = AuditLog(state / "audit.jsonl", max_bytes=1024)
    assert audit.record("test.event", padding="x" * 60)
    (state / "audit.jsonl.lock").symlink_to(planted_victim(tmp_path))
    written = [audit.record("test.event", padding="x" * 60) for _ in range(20)]
    assert written[0] and written[-1] is False
    assert not (state / "audit.jsonl.1").exists() and (state / "audit.jsonl").stat().st_size > 900


def test_a_directory_where_a_state_file_belongs_is_refused(tmp_path: Path) -> None:
    (tmp_path / "state" / "outbox.db").mkdir(parents=True)
    assert "not a regular file" in use_outbox(tmp_path / "state")


# -- the state directory ------------------------------------------------------------------------------------


def test_a_loose_v01_state_dir_is_tightened_with_its_files(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    state = tmp_path / "state"
    state.mkdir(mode=0o755)
    legacy = sqlite3.connect(state / "memory.db")  # v0.1: created under the umask, 0644 with its -wal/-shm
    legacy.execute("PRAGMA journal_mode=WAL")
    legacy.execute("CREATE TABLE t (x)")
    legacy.commit()
    (state / "audit.jsonl").write_bytes(b'{"event":"old"}\n')
    (state / "audit.jsonl.1").write_bytes(b'{"event":"older"}\n')
    assert mode(state) == 0o755 and mode(state / "memory.db-wal") == 0o644
    with caplog.at_level(logging.WARNING, logger="wetopi_memory.private_files"):
        prepare_private_file(state / "memory.db")
        assert AuditLog(state / "audit.jsonl").record("test.event")
    legacy.close()
    assert_private(state, *(p for p in state.iterdir()))
    assert (state / "audit.jsonl").read_bytes().startswith(b'{"event":"old"}\n{"ts":')
    assert (state / "audit.jsonl.1").read_bytes() == b'{"event":"older"}\n'
    messages = [r.getMessage() for r in caplog.records]
    assert any(f"tightened state directory {state} from 755 to 700" in m for m in messages), messages
    assert any(f"tightened state file {state / 'memory.db-wal'} from 644 to 600" in m for m in messages), messages


def test_a_state_dir_of_another_user_is_refused_and_not_changed(tmp_path: Path,
                                                                 foreign: Callable[[Path], None]) -> None:
    state = tmp_path / "state"
    state.mkdir(mode=0o755)
    foreign(state)
    assert_one_line_naming(use_outbox(state), state, f"owned by uid {OTHER_UID}", what="state directory")
    assert mode(state) == 0o755 and list(state.iterdir()) == []


def test_a_state_dir_path_that_is_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "state").write_bytes(b"")
    with pytest.raises(StateFileError, match="not a directory"):
        ensure_private_dir(tmp_path / "state")


def test_a_state_dir_reached_through_a_symlink_to_our_own_dir_is_used(tmp_path: Path) -> None:
    real = tmp_path / "volume"
    real.mkdir(mode=0o755)
    (tmp_path / "state").symlink_to(real)
    fill_outbox(tmp_path / "state" / "outbox.db")
    assert_private(real, real / "outbox.db")


def test_an_error_naming_a_path_with_a_newline_stays_on_one_line(tmp_path: Path) -> None:
    state = tmp_path / "bad\nname"
    state.mkdir(mode=0o700)
    (state / "outbox.db").symlink_to(planted_victim(tmp_path))
    message = use_outbox(state)
    assert "\n" not in message and "bad\\nname" in message


def test_a_dangling_state_dir_link_is_refused(tmp_path: Path) -> None:
    (tmp_path / "state").symlink_to(tmp_path / "gone")
    assert_one_line_naming(use_outbox(tmp_path / "state"), tmp_path / "state", "symbolic link to nothing",
                           what="state directory")
    assert not (tmp_path / "gone").exists()


def test_local_store_health_reports_a_refused_file_on_one_line(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir(mode=0o700)
    (state / "memory.db").symlink_to(planted_victim(tmp_path))

    async def go() -> str:
        backend = LocalBackend(state / "memory.db")
        try:
            health = await backend.health()
        finally:
            await backend.aclose()
        assert not health.ok
        return health.detail or ""

    assert_one_line_naming(asyncio.run(go()), state / "memory.db", "symbolic link")
