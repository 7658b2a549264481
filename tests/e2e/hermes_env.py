"""The real Hermes Agent the e2e tests drive: a cached venv with hermes-agent==0.19.0 and this checkout in it.

* The venv lives at ``$WETOPI_MEMORY_CACHE/hermes-0.19.0/venv`` (``WETOPI_MEMORY_CACHE`` defaults to
  ``${XDG_CACHE_HOME:-~/.cache}/wetopi-memory``), made with ``python3 -m venv`` + ``pip install
  hermes-agent==0.19.0`` on first use (about a minute) and reused afterwards. A file lock serialises concurrent
  pytest sessions.
* This package's runtime dependencies that Hermes does not already have are added once, with every package
  already in the venv pinned by a constraints file, so Hermes' own pins are never upgraded.
* This checkout is installed editable (``pip install --no-deps -e``) whenever the venv holds another checkout
  or an older ``pyproject.toml`` (entry points live in the installed metadata).

Any failure raises ``HermesUnavailable`` with the reason: the tests fail on it, they never skip.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

HERMES_VERSION = "0.19.0"
ROOT = Path(__file__).resolve().parents[2]
INSTALL_TIMEOUT = 900.0


def _runtime_deps() -> dict[str, str]:
    """The package's runtime dependencies, read from pyproject's [project].dependencies: name -> requirement."""
    specs = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    return {re.split(r"[<>=!~;\[ ]", spec, maxsplit=1)[0]: spec for spec in specs}


RUNTIME_DEPS = _runtime_deps()
STAMP = "wetopi-memory-checkout.json"


class HermesUnavailable(RuntimeError):
    """Hermes could not be installed or prepared; the message says why."""


def cache_root() -> Path:
    if os.environ.get("WETOPI_MEMORY_CACHE"):
        return Path(os.environ["WETOPI_MEMORY_CACHE"]).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "wetopi-memory"


def venv_dir() -> Path:
    return cache_root() / f"hermes-{HERMES_VERSION}" / "venv"


def venv_python() -> Path:
    return venv_dir() / "bin" / "python"


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _run(args: list[str], what: str, timeout: float = INSTALL_TIMEOUT) -> str:
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=timeout,
                              env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
    except subprocess.TimeoutExpired:
        raise HermesUnavailable(f"{what} took longer than {timeout:.0f}s") from None
    except OSError as exc:
        raise HermesUnavailable(f"{what} could not run: {exc}") from None
    if done.returncode != 0:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-15:])
        raise HermesUnavailable(f"{what} failed (exit {done.returncode}):\n{tail}")
    return done.stdout


def _installed(python: Path) -> dict[str, str]:
    """Distribution name (lower case) -> version, for every package in the venv."""
    out = _run([str(python), "-c", "import importlib.metadata as m, json; print(json.dumps("
                "{(d.metadata['Name'] or '').lower(): d.version for d in m.distributions()}))"],
               "listing the Hermes venv's packages", timeout=120)
    data: dict[str, str] = json.loads(out)
    return data


def _checkout_stamp() -> dict[str, str]:
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    return {"repo": str(ROOT), "pyproject_sha256": digest}


def ensure_hermes() -> Path:
    """The Python of a venv with hermes-agent==0.19.0 and this checkout installed; installs what is missing."""
    with _locked(cache_root() / f"hermes-{HERMES_VERSION}.lock"):
        python = venv_python()
        packages: dict[str, str] = {}
        if python.exists():
            try:
                packages = _installed(python)
            except HermesUnavailable:
                packages = {}
        if packages.get("hermes-agent") != HERMES_VERSION:
            shutil.rmtree(venv_dir(), ignore_errors=True)
            base = shutil.which("python3") or sys.executable
            _run([base, "-m", "venv", str(venv_dir())], "creating the Hermes venv", timeout=300)
            _run([str(python), "-m", "pip", "install", "-q", f"hermes-agent=={HERMES_VERSION}"],
                 f"pip install hermes-agent=={HERMES_VERSION}")
            packages = _installed(python)
        missing = [spec for name, spec in RUNTIME_DEPS.items() if name.lower() not in packages]
        if missing:
            constraints = venv_dir() / "hermes-constraints.txt"
            constraints.write_text("".join(f"{name}=={version}\n" for name, version in sorted(packages.items())
                                           if name and name != "wetopi-memory"))
            _run([str(python), "-m", "pip", "install", "-q", "-c", str(constraints), *missing],
                 "installing wetopi-memory's runtime dependencies into the Hermes venv")
            packages = _installed(python)
        stamp_path = venv_dir() / STAMP
        stamp = _checkout_stamp()
        current = json.loads(stamp_path.read_text()) if stamp_path.exists() else None
        if "wetopi-memory" not in packages or current != stamp:
            _run([str(python), "-m", "pip", "install", "-q", "--no-deps", "-e", str(ROOT)],
                 "pip install --no-deps -e <this checkout> into the Hermes venv")
            stamp_path.write_text(json.dumps(stamp))
            if _installed(python).get("hermes-agent") != HERMES_VERSION:
                raise HermesUnavailable("installing wetopi-memory changed hermes-agent's version")
    return python


if __name__ == "__main__":  # python tests/e2e/hermes_env.py: prepare the venv ahead of a test run
    print(ensure_hermes())
