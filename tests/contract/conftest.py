"""Fixtures for the contract tests: real Hindsight servers (0.9.2 and 1.1.0), offline, one at a time.

* ``hindsight_server`` is session-scoped and parametrized over the versions in ``WETOPI_HINDSIGHT_VERSIONS``
  (comma list, default ``0.9.2,1.1.0``). pytest groups session-scoped params, so every test of one version
  runs before the next version starts; the module-level current server is stopped before another version is
  started, so only one server (≈0.5 GB RSS) runs at any time on the 2-core CI machine.
* The server is installed on first use (cached venv under ``$WETOPI_MEMORY_CACHE``) and started with a random
  API key. If it cannot be installed or started, the tests fail with the reason: a missing real component
  is a failure, never a skip.
* ``new_bank`` hands out unique ``itest-<uuid>`` bank ids and deletes them after the test (raw HTTP DELETE:
  deleting is allowed in tests only; the library never deletes banks).
"""

from __future__ import annotations

import os
import secrets
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.hindsight_server import (
    INSTALL_TIMEOUT,
    START_TIMEOUT,
    SUPPORTED_VERSIONS,
    HindsightServer,
    HindsightServerError,
    is_installed,
)

HERE = Path(__file__).resolve().parent


def _selected_versions() -> list[str]:
    raw = os.environ.get("WETOPI_HINDSIGHT_VERSIONS", "")
    versions = [v.strip() for v in raw.split(",") if v.strip()] or list(SUPPORTED_VERSIONS)
    return list(dict.fromkeys(versions))  # keep order, drop repeats


VERSIONS = _selected_versions()

# Everything local must bypass any proxy the CI environment sets (httpx honours NO_PROXY).
_no_proxy = [p for p in (os.environ.get("NO_PROXY") or os.environ.get("no_proxy") or "").split(",") if p]
for _host in ("127.0.0.1", "localhost"):
    if _host not in _no_proxy:
        _no_proxy.append(_host)
os.environ["NO_PROXY"] = os.environ["no_proxy"] = ",".join(_no_proxy)


# ------------------------------------------------------------------------------------------ the server


_current: HindsightServer | None = None
_ready_at: float = 0.0
_timings: list[tuple[str, dict[str, float]]] = []  # (version, phase -> seconds), for the summary


def _stop_current() -> None:
    global _current
    server, _current = _current, None
    if server is not None:
        tests = time.monotonic() - _ready_at
        try:
            server.stop()
        finally:
            _timings.append((server.version, {**server.timings, "tests": tests}))


def _server_for(version: str) -> HindsightServer:
    """The running server of `version`, stopping any other version's server first (one at a time)."""
    global _current
    if _current is not None and _current.version == version and _current.running:
        return _current
    global _ready_at
    _stop_current()
    server = HindsightServer(version, api_key=f"itest-key-{secrets.token_urlsafe(12)}")
    server.start()
    _current, _ready_at = server, time.monotonic()
    return server


@pytest.fixture(scope="session", params=VERSIONS, ids=[f"hindsight-{v}" for v in VERSIONS])
def hindsight_server(request: pytest.FixtureRequest) -> Iterator[HindsightServer]:
    """A running Hindsight server of one version, with API-key auth enabled."""
    version: str = request.param
    failure: str | None = None
    try:
        server = _server_for(version)
    except HindsightServerError as exc:
        failure = f"Hindsight {version} could not be installed or started: {exc}"
    if failure is not None:  # outside the except block: one clean message, no chained traceback
        pytest.fail(failure, pytrace=False)
    yield server
    # pytest finalizes this param before setting up the next one (and at session end). The e2e suite holds its
    # own copy of this fixture, whose 0.9.2 instance is finalized only when it first asks for 1.1.0: by then the
    # current server is the contract suite's 1.1.0 one, which it must not stop.
    if _current is not server:
        return
    try:
        _stop_current()
    except HindsightServerError as exc:
        failure = f"Hindsight {version} did not stop cleanly: {exc}"
    if failure is not None:
        pytest.fail(failure, pytrace=False)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Belt and braces: never leave a server behind, even after an interrupted session."""
    try:
        _stop_current()
    except HindsightServerError as exc:  # pragma: no cover - reported, nothing else to do at this point
        print(f"\nwarning: {exc}")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line per Hindsight version: where the contract suite's wall time went."""
    if not _timings:
        return
    terminalreporter.section("hindsight servers")
    for version, phases in _timings:
        shown = ", ".join(f"{name} {phases[name]:.1f}s" for name in ("install", "start", "tests", "stop")
                          if name in phases)
        terminalreporter.write_line(f"Hindsight {version}: {shown}")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the contract tests `hindsight`; give the first test of each version time to install and start.

    pytest-timeout counts fixture setup in the test's budget, and the first test of a version pays for
    stopping the previous server, starting this one (~15-25 s) and, on a fresh machine, installing it
    (~3-4 min). Runs last, after pytest has grouped the items by the session-scoped version param.
    """
    seen: set[str] = set()
    base = 300.0
    for raw_value in (config.getoption("timeout", None), _ini(config, "timeout")):
        if raw_value not in (None, ""):
            base = float(raw_value)
            break
    for item in items:
        if HERE not in Path(str(item.path)).resolve().parents:
            continue
        item.add_marker(pytest.mark.hindsight)
        callspec = getattr(item, "callspec", None)
        version = callspec.params.get("hindsight_server") if callspec is not None else None
        if version is None or version in seen:
            continue
        seen.add(version)
        budget = base + START_TIMEOUT + 60
        if not is_installed(version):
            budget += INSTALL_TIMEOUT
        item.add_marker(pytest.mark.timeout(budget))


def _ini(config: pytest.Config, name: str) -> Any:
    try:
        return config.getini(name)
    except ValueError:  # pytest-timeout not installed: no such ini key
        return None


# ---------------------------------------------------------------------------------------- raw access


def _auth(server: HindsightServer) -> dict[str, str]:
    return {"Authorization": f"Bearer {server.api_key}"} if server.api_key else {}


@pytest.fixture
def raw(hindsight_server: HindsightServer) -> Iterator[httpx.Client]:
    """A plain httpx client with the right key, for checks that must not go through the backend."""
    with httpx.Client(base_url=hindsight_server.url, headers=_auth(hindsight_server), timeout=60.0,
                      trust_env=False) as client:
        yield client


def raw_bank_ids(client: httpx.Client, q: str) -> list[str]:
    """Every bank id matching `q` (substring), read page by page straight from the server."""
    ids: list[str] = []
    offset = 0
    while True:
        resp = client.get("/v1/default/banks", params={"q": q, "limit": 100, "offset": offset})
        assert resp.status_code == 200, f"GET /banks answered {resp.status_code}: {resp.text}"
        body: dict[str, Any] = resp.json()
        ids.extend(b["bank_id"] for b in body["banks"])
        offset += len(body["banks"])
        if not body["banks"] or offset >= body["total"]:
            return ids


@pytest.fixture
def new_bank(hindsight_server: HindsightServer) -> Iterator[Callable[..., str]]:
    """A factory of unique bank ids; every bank it named is deleted after the test.

    ``new_bank()`` → ``itest-<uuid>``; ``new_bank("-x")`` → ``itest-<uuid>-x``; ``new_bank("-x", base=b)`` →
    ``<b>-x`` (an id that contains another test bank's id).
    """
    created: list[str] = []

    def make(suffix: str = "", *, base: str | None = None) -> str:
        bank = f"{base or f'itest-{uuid.uuid4().hex}'}{suffix}"
        assert bank.startswith("itest-"), bank
        created.append(bank)
        return bank

    yield make
    with httpx.Client(base_url=hindsight_server.url, headers=_auth(hindsight_server), timeout=60.0,
                      trust_env=False) as client:
        for bank in created:
            resp = client.delete(f"/v1/default/banks/{bank}")
            assert resp.status_code == 200, f"cleanup DELETE {bank} answered {resp.status_code}: {resp.text}"
