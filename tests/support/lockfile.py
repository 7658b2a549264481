"""requirements.lock: the image's pinned, hashed runtime dependencies, and the digest that ties it to pyproject.

`make lock` writes the lock with uv and stamps it with `dependencies_digest(pyproject.toml)`; a test recomputes
the digest, so changing a dependency in pyproject without re-locking fails `make test`.
"""

from __future__ import annotations

import hashlib
import json
import sys
import tomllib
from pathlib import Path

STAMP = "# pyproject-dependencies-sha256: "


def dependencies_digest(pyproject: Path) -> str:
    """A digest of what the lock is resolved from: requires-python and the runtime dependencies."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    payload = {"requires-python": project.get("requires-python", ""), "dependencies": sorted(project["dependencies"])}
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


def stamped_digest(lock: Path) -> str | None:
    """The digest recorded in a lock file, or None when it has no stamp."""
    for line in lock.read_text(encoding="utf-8").splitlines():
        if line.startswith(STAMP):
            return line[len(STAMP):].strip()
    return None


def stamp(lock: Path, pyproject: Path) -> None:
    """Prefix a freshly compiled lock with its header and digest."""
    body = lock.read_text(encoding="utf-8")
    header = ("# The image's runtime dependencies, pinned with hashes. Regenerate with `make lock` (uv pip compile\n"
              "# pyproject.toml); a test checks the digest below against pyproject.toml.\n"
              f"{STAMP}{dependencies_digest(pyproject)}\n")
    lock.write_text(header + body, encoding="utf-8")


if __name__ == "__main__":
    stamp(Path(sys.argv[1]), Path(sys.argv[2]))
