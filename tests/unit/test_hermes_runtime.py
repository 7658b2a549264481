"""The plugin's background event loop: bounded waits, thread safety, clean shutdown."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from wetopi_memory.hermes.runtime import ExitSafeExecutor, Runtime


@pytest.fixture
def runtime() -> Iterator[Runtime]:
    rt = Runtime(name="test-io")
    yield rt
    rt.shutdown(2)


async def _thread_name() -> str:
    return threading.current_thread().name


def test_starts_lazily_and_runs_on_its_own_thread(runtime: Runtime) -> None:
    assert not runtime.running
    assert runtime.run(_thread_name(), 5) == "test-io"
    assert runtime.running


def test_run_raises_what_the_coroutine_raised(runtime: Runtime) -> None:
    async def boom() -> None:
        raise ValueError("nope")

    with pytest.raises(ValueError, match="nope"):
        runtime.run(boom(), 5)


def test_a_timeout_returns_in_time_and_leaves_the_work_running(runtime: Runtime) -> None:
    done = threading.Event()

    async def slow() -> None:
        await asyncio.sleep(0.3)
        done.set()

    started = time.perf_counter()
    with pytest.raises(TimeoutError):
        runtime.run(slow(), 0.05)
    assert time.perf_counter() - started < 0.25
    assert done.wait(2), "the work was cancelled although the caller only stopped waiting"


def test_cancel_on_timeout_cancels_the_work(runtime: Runtime) -> None:
    finished = threading.Event()
    cancelled = threading.Event()

    async def slow() -> None:
        try:
            await asyncio.sleep(0.3)
            finished.set()
        except asyncio.CancelledError:
            cancelled.set()
            raise

    with pytest.raises(TimeoutError):
        runtime.run(slow(), 0.05, cancel_on_timeout=True)
    assert cancelled.wait(2)
    assert not finished.wait(0.4)


def test_many_threads_share_one_loop(runtime: Runtime) -> None:
    async def work(i: int) -> tuple[int, str]:
        await asyncio.sleep(0.01)
        return i, threading.current_thread().name

    with ThreadPoolExecutor(8, thread_name_prefix="hermes-gateway") as pool:
        results = list(pool.map(lambda i: runtime.run(work(i), 5), range(64)))
    assert [r[0] for r in results] == list(range(64))
    assert {r[1] for r in results} == {"test-io"}
    assert sum(t.name == "test-io" for t in threading.enumerate()) == 1


def test_run_from_the_loop_thread_refuses_instead_of_deadlocking(runtime: Runtime) -> None:
    async def nested() -> str:
        try:
            runtime.run(_thread_name(), 1)
        except RuntimeError as exc:
            return str(exc)
        return "no error"

    assert "deadlock" in runtime.run(nested(), 5)


def test_shutdown_runs_finalizers_then_stops_and_refuses_new_work() -> None:
    rt = Runtime(name="test-shutdown")
    order: list[str] = []

    async def first() -> None:
        order.append("first")

    async def failing() -> None:
        raise RuntimeError("ignored")

    async def last() -> None:
        order.append("last")

    for finalizer in (first, failing, last):
        rt.on_shutdown(finalizer)
    assert rt.run(_thread_name(), 5) == "test-shutdown"
    rt.shutdown(2)
    assert order == ["first", "last"]
    assert not rt.running
    assert not any(t.name == "test-shutdown" for t in threading.enumerate())
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a refused coroutine is closed, not left "never awaited"
        with pytest.raises(RuntimeError):
            rt.run(_thread_name(), 1)
    rt.shutdown(2)  # idempotent


def test_shutdown_cancels_work_still_pending() -> None:
    rt = Runtime(name="test-pending")
    cancelled = threading.Event()

    async def forever() -> None:
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            cancelled.set()
            raise

    rt.submit(forever())
    time.sleep(0.05)
    started = time.perf_counter()
    rt.shutdown(2)
    assert cancelled.is_set()
    assert time.perf_counter() - started < 2


def test_a_forked_child_gets_a_fresh_loop(runtime: Runtime) -> None:
    assert runtime.run(_thread_name(), 5) == "test-io"
    old_thread, old_loop = runtime._thread, runtime._loop
    assert old_thread is not None and old_loop is not None
    runtime._pid = -1  # what a child process sees: the parent's loop thread does not exist there
    assert runtime.run(_thread_name(), 5) == "test-io"
    assert runtime._thread is not old_thread
    old_loop.call_soon_threadsafe(old_loop.stop)
    old_thread.join(2)


def test_blocking_work_runs_on_the_calling_thread_once_the_pool_refuses_it() -> None:
    executor = ExitSafeExecutor(thread_name_prefix="test-pool")
    try:
        assert executor.submit(lambda: threading.current_thread().name).result(5).startswith("test-pool")
    finally:
        executor.shutdown()
    assert executor.submit(lambda: threading.current_thread().name).result(0) == threading.current_thread().name
    with pytest.raises(ZeroDivisionError):
        executor.submit(lambda: 1 // 0).result(0)


EXIT_CHILD = """
import asyncio, logging, sys
from pathlib import Path
from wetopi_memory.hermes.runtime import ExitSafeExecutor, Runtime

logging.basicConfig(level=logging.WARNING)
rt = Runtime(name="exit-io")
target = Path(sys.argv[1])

async def final_flush() -> None:
    await asyncio.to_thread(target.write_text, "flushed")

rt.on_shutdown(final_flush)
rt.run(asyncio.sleep(0), 5)
"""


def test_the_atexit_shutdown_completes_blocking_finalizers(tmp_path: Path) -> None:
    """At interpreter exit the thread pools are already shut (asyncio.to_thread raises RuntimeError there)."""
    target = tmp_path / "flushed.txt"
    done = subprocess.run([sys.executable, "-c", EXIT_CHILD, str(target)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert target.read_text() == "flushed"
    assert "shutdown" not in done.stderr and "Traceback" not in done.stderr, done.stderr
