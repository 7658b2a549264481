"""The plugin's background event loop: one daemon thread runs every backend coroutine.

Hermes calls hooks and tool handlers synchronously, on its own threads (the CLI's main thread, or the
gateway's ThreadPoolExecutor workers), and never awaits a coroutine. Everything asynchronous the plugin does
(recall, retain delivery, health probes) therefore runs on one private asyncio loop in one daemon thread:

* ``submit(coro)`` schedules a coroutine there and returns a ``concurrent.futures.Future`` at once.
* ``run(coro, timeout)`` waits for it at most ``timeout`` seconds. On timeout it raises ``TimeoutError`` and,
  by default, leaves the work running (a retain that is still being delivered must not be cancelled because a
  hook stopped waiting); ``cancel_on_timeout=True`` cancels it instead (a recall nobody will read).
* The loop starts lazily on first use, is safe to use from any number of threads, restarts in a forked child
  (threads do not survive ``fork``), and shuts down cleanly: ``shutdown()`` (also registered with ``atexit``)
  runs the registered async finalizers (flush queues, close HTTP clients) with a deadline, cancels what is
  left, stops the loop and joins the thread.
* Once the main thread ends, ``threading._shutdown`` stops every ``ThreadPoolExecutor`` from taking work, before
  any ``atexit`` handler runs (``asyncio.to_thread`` raises RuntimeError from then on). The loop's default
  executor therefore runs a call at once on the loop thread when its pool refuses it: a turn handed off just
  before exit still reaches the outbox, and the final flush, close and metrics write complete. ``shutdown`` is
  registered with plain ``atexit`` (not ``threading._register_atexit``) so that it runs after every non-daemon
  Hermes thread has finished its hooks.

Calling ``run`` from the loop thread itself would deadlock, so it raises ``RuntimeError`` instead.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import contextlib
import logging
import os
import threading
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, ParamSpec, TypeVar

__all__ = ["Runtime", "get_runtime", "run", "shutdown", "submit"]

T = TypeVar("T")
P = ParamSpec("P")
log = logging.getLogger(__name__)

Finalizer = Callable[[], Awaitable[None]]


class ExitSafeExecutor(concurrent.futures.ThreadPoolExecutor):
    """The loop's default executor: a thread pool, and the calling thread itself once the pool refuses work
    (the interpreter is exiting), so blocking file work is never lost at exit."""

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> concurrent.futures.Future[T]:
        try:
            return super().submit(fn, *args, **kwargs)
        except RuntimeError:  # "cannot schedule new futures after (interpreter) shutdown"
            pass
        future: concurrent.futures.Future[T] = concurrent.futures.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # as a worker thread would: the awaiting coroutine gets it
            future.set_exception(exc)
        return future


class Runtime:
    """One asyncio loop on one daemon thread, shared by every hook and tool call of the process."""

    def __init__(self, name: str = "wetopi-memory-io") -> None:
        self._name = name
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._pid: int | None = None
        self._finalizers: list[Finalizer] = []
        self._closed = False
        self._atexit_registered = False

    # ------------------------------------------------------------------ lifecycle

    @property
    def running(self) -> bool:
        thread = self._thread
        return (self._loop is not None and thread is not None and thread.is_alive()
                and self._pid == os.getpid())

    def _ensure(self) -> asyncio.AbstractEventLoop:
        loop = self._loop
        if loop is not None and self._pid == os.getpid() and self._thread is not None and self._thread.is_alive():
            return loop
        with self._lock:
            if self._closed:
                raise RuntimeError("the wetopi-memory runtime has been shut down")
            if (self._loop is not None and self._pid == os.getpid() and self._thread is not None
                    and self._thread.is_alive()):
                return self._loop
            # First use, or a forked child whose parent's loop thread does not exist here.
            loop = asyncio.new_event_loop()
            loop.set_default_executor(ExitSafeExecutor(thread_name_prefix=f"{self._name}-blocking"))
            started = threading.Event()

            def main() -> None:
                asyncio.set_event_loop(loop)
                loop.call_soon(started.set)
                try:
                    loop.run_forever()
                finally:
                    with contextlib.suppress(Exception):  # best effort at teardown
                        loop.run_until_complete(loop.shutdown_asyncgens())
                    loop.close()

            thread = threading.Thread(target=main, name=self._name, daemon=True)
            thread.start()
            if not started.wait(10):  # pragma: no cover - a thread that cannot start in 10 s
                raise RuntimeError("the wetopi-memory I/O thread did not start")
            self._loop, self._thread, self._pid = loop, thread, os.getpid()
            if not self._atexit_registered:
                atexit.register(self.shutdown)
                self._atexit_registered = True
            return loop

    def on_shutdown(self, finalizer: Finalizer) -> None:
        """Register an async callable run on the loop by `shutdown()`, in registration order."""
        with self._lock:
            self._finalizers.append(finalizer)

    def shutdown(self, timeout: float = 5.0) -> None:
        """Run the finalizers (bounded by `timeout` in total), cancel leftovers, stop the loop, join the thread.

        Idempotent; after it, `submit` and `run` raise RuntimeError.
        """
        with self._lock:
            if self._closed:
                return
            self._closed = True
            loop, thread, finalizers = self._loop, self._thread, list(self._finalizers)
            self._finalizers.clear()
            owned = self._pid == os.getpid()
        if loop is None or thread is None or not thread.is_alive() or not owned:
            return

        async def finish() -> None:
            for finalizer in finalizers:
                try:
                    await finalizer()
                except Exception as exc:  # finalizers must not stop the others
                    log.warning("wetopi-memory shutdown step failed: %s", type(exc).__name__)
            current = asyncio.current_task()
            pending = [t for t in asyncio.all_tasks() if t is not current]
            for task in pending:
                task.cancel()
            if pending:
                await asyncio.wait(pending, timeout=1.0)

        future = asyncio.run_coroutine_threadsafe(finish(), loop)
        try:
            future.result(timeout)
        except concurrent.futures.TimeoutError:
            log.warning("wetopi-memory shutdown did not finish within %.1fs; stopping anyway", timeout)
            future.cancel()
        except Exception as exc:  # pragma: no cover - finish() catches everything it can
            log.warning("wetopi-memory shutdown failed: %s", type(exc).__name__)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout)

    # ------------------------------------------------------------------ work

    def in_loop_thread(self) -> bool:
        return self._thread is not None and threading.current_thread() is self._thread

    def submit(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Schedule `coro` on the loop; returns at once."""
        try:
            loop = self._ensure()
        except BaseException:
            coro.close()  # never leave a "coroutine was never awaited" warning behind
            raise
        return asyncio.run_coroutine_threadsafe(coro, loop)

    def run(self, coro: Coroutine[Any, Any, T], timeout: float, *, cancel_on_timeout: bool = False) -> T:
        """Run `coro` on the loop and wait at most `timeout` seconds for its result.

        Raises TimeoutError when it is not done in time (the work goes on unless `cancel_on_timeout`), or
        whatever the coroutine raised.
        """
        if self.in_loop_thread():
            coro.close()
            raise RuntimeError("Runtime.run() called from the runtime's own loop thread (it would deadlock)")
        future = self.submit(coro)
        try:
            return future.result(timeout=max(timeout, 0.0))
        except concurrent.futures.TimeoutError:
            if cancel_on_timeout:
                future.cancel()
            raise TimeoutError(f"no result within {timeout:g}s") from None
        except concurrent.futures.CancelledError:
            raise TimeoutError("the operation was cancelled") from None


_default: Runtime | None = None
_default_lock = threading.Lock()


def get_runtime() -> Runtime:
    """The process-wide runtime (created on first use; a new one after `shutdown()`)."""
    global _default
    with _default_lock:
        if _default is None or _default._closed:
            _default = Runtime()
        return _default


def submit(coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
    """`Runtime.submit` on the process-wide runtime."""
    return get_runtime().submit(coro)


def run(coro: Coroutine[Any, Any, T], timeout: float, *, cancel_on_timeout: bool = False) -> T:
    """`Runtime.run` on the process-wide runtime."""
    return get_runtime().run(coro, timeout, cancel_on_timeout=cancel_on_timeout)


def shutdown(timeout: float = 5.0) -> None:
    """Shut the process-wide runtime down (no-op if it never started)."""
    with _default_lock:
        runtime = _default
    if runtime is not None:
        runtime.shutdown(timeout)
