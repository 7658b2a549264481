"""What a huge Hindsight answer costs a recall: time and peak memory, with the response-size cap and without it.

    .venv/bin/python bench/bench_big_answer.py [--mb 50] [--cap-mb 8]

Each arm runs in its own Python process (peak RSS is per process): a HindsightBackend recall whose transport
answers 200 with a body of `--mb` MB in 64 KiB chunks. "capped" uses `max_response_bytes` = `--cap-mb`;
"uncapped" sets the cap above the body (1 GiB), which is how every answer was read before the cap (issue #12).
Prints wall time, peak RSS and the outcome per arm. Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import subprocess
import sys
import time
from collections.abc import AsyncIterator

import httpx

CHUNK = 64 * 1024


class _Body(httpx.AsyncByteStream):
    """A valid recall answer of about `total` bytes: ~1 KB memories, streamed in ~64 KiB pieces."""

    def __init__(self, total: int) -> None:
        self.total = total

    async def __aiter__(self) -> AsyncIterator[bytes]:
        yield b'{"results": ['
        sent, n, piece = 0, 0, []
        while sent < self.total:
            record = json.dumps({"id": f"m{n}", "text": "Argo CD syncs the platform clusters. " * 27,
                                 "type": "world"}).encode()
            piece.append((b"," if n else b"") + record)
            sent += len(record) + 1
            n += 1
            if sum(map(len, piece)) >= CHUNK:
                yield b"".join(piece)
                piece = []
        yield b"".join(piece) + b"]}"


class _Huge(httpx.AsyncBaseTransport):
    def __init__(self, total: int) -> None:
        self.total = total

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers={"content-type": "application/json"}, stream=_Body(self.total),
                              request=request)


def _arm(mb: int, cap: int) -> None:
    from wetopi_memory.backends.hindsight import HindsightBackend
    from wetopi_memory.errors import BackendError
    from wetopi_memory.models import RecallQuery

    async def go() -> str:
        backend = HindsightBackend("http://hindsight.bench", transport=_Huge(mb * 1024 * 1024),
                                   max_response_bytes=cap)
        try:
            await backend.recall("wetopi-platform", RecallQuery(query="argo"))
            return "read whole"
        except BackendError as exc:
            return str(exc)
        finally:
            await backend.aclose()

    started = time.perf_counter()
    outcome = asyncio.run(go())
    elapsed = time.perf_counter() - started
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": round(elapsed, 3), "peak_rss_mb": round(peak_mb, 1), "outcome": outcome[:120]}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=50)
    parser.add_argument("--cap-mb", type=int, default=8)
    parser.add_argument("--arm", choices=("capped", "uncapped"))
    args = parser.parse_args()
    if args.arm:
        _arm(args.mb, args.cap_mb * 1024 * 1024 if args.arm == "capped" else 1024 ** 3)
        return
    print(f"a {args.mb} MB answer to one recall (cap {args.cap_mb} MiB)")
    for arm in ("capped", "uncapped"):
        done = subprocess.run([sys.executable, __file__, "--arm", arm, "--mb", str(args.mb),
                               "--cap-mb", str(args.cap_mb)], capture_output=True, text=True, check=True)
        figures = json.loads(done.stdout)
        print(f"{arm:>9}: {figures['seconds']:7.3f} s  peak RSS {figures['peak_rss_mb']:7.1f} MB  "
              f"{figures['outcome']}")


if __name__ == "__main__":
    main()
