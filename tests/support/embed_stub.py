"""A tiny OpenAI-compatible embeddings server for running Hindsight offline in tests.

Only the standard library. Deterministic: each lowercase word token is hashed into one of DIM buckets with
a hash-derived sign, the vector is L2-normalised (a hashed bag of words). Similar texts therefore share
buckets, so recall behaves like lexical matching; there is no semantics and no model to download.

    python embed_stub.py --port 18091 [--dim 384] [--host 127.0.0.1]

Serves:
  POST /v1/embeddings   {"input": str | [str] | [int] | [[int]], "model": str, "encoding_format"?: "float"|"base64"}
                        -> {"object": "list", "model", "data": [{"object": "embedding", "index", "embedding"}], "usage"}
                        base64 = little-endian float32 values (the openai client's default), else a float list
  GET  /v1/models       a one-model list
  GET  /health          {"status": "ok", "dim": DIM}
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import math
import re
import struct
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

DEFAULT_DIM = 384
MODEL = "stub-embed"
_TOKEN = re.compile(r"[a-z0-9]+")


def embed(text: str, dim: int = DEFAULT_DIM) -> list[float]:
    """The hashed bag-of-words vector of `text` (unit length; an empty text maps to a fixed vector)."""
    vec = [0.0] * dim
    for word in _TOKEN.findall(text.lower()) or ["<empty>"]:
        digest = hashlib.sha256(word.encode("utf-8")).digest()
        bucket = int.from_bytes(digest[:4], "little") % dim
        vec[bucket] += 1.0 if digest[4] & 1 else -1.0
    norm = math.sqrt(sum(x * x for x in vec))
    if norm == 0.0:  # every token cancelled out: fall back to a fixed direction
        vec[0], norm = 1.0, 1.0
    return [x / norm for x in vec]


def _as_texts(value: Any) -> list[str]:
    """OpenAI accepts a string, a list of strings, a token list, or a list of token lists."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        if value and all(isinstance(v, int) for v in value):
            return [" ".join(str(v) for v in value)]
        out: list[str] = []
        for item in value:
            if isinstance(item, str):
                out.append(item)
            elif isinstance(item, list):
                out.append(" ".join(str(v) for v in item))
            else:
                raise ValueError(f"unsupported input element of type {type(item).__name__}")
        return out
    raise ValueError(f"unsupported input of type {type(value).__name__}")


class _Handler(BaseHTTPRequestHandler):
    server_version = "embed-stub/1"
    dim = DEFAULT_DIM

    def log_message(self, format: str, *args: Any) -> None:  # keep the log file quiet
        return

    def _reply(self, code: int, body: dict[str, Any]) -> None:
        raw = json.dumps(body).encode("utf-8")
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def _error(self, code: int, message: str) -> None:
        self._reply(code, {"error": {"message": message, "type": "invalid_request_error"}})

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].rstrip("/")
        if path in ("/health", ""):
            self._reply(200, {"status": "ok", "dim": self.dim})
        elif path.endswith("/models"):
            self._reply(200, {"object": "list", "data": [{"id": MODEL, "object": "model", "owned_by": "stub"}]})
        else:
            self._error(404, f"no route GET {path}")

    def do_POST(self) -> None:
        path = self.path.split("?", 1)[0].rstrip("/")
        if not path.endswith("/embeddings"):
            self._error(404, f"no route POST {path}; this stub only serves /v1/embeddings")
            return
        try:
            length = int(self.headers.get("Content-Length") or 0)
            request = json.loads(self.rfile.read(length) or b"{}")
            if not isinstance(request, dict):
                raise ValueError("body must be a JSON object")
            texts = _as_texts(request.get("input", []))
        except (ValueError, UnicodeDecodeError) as exc:
            self._error(400, f"bad request: {exc}")
            return
        as_base64 = request.get("encoding_format") == "base64"
        data = []
        for index, text in enumerate(texts):
            vector = embed(text, self.dim)
            encoded: Any = (base64.b64encode(struct.pack(f"<{self.dim}f", *vector)).decode("ascii")
                            if as_base64 else vector)
            data.append({"object": "embedding", "index": index, "embedding": encoded})
        self._reply(200, {"object": "list", "model": request.get("model") or MODEL, "data": data,
                          "usage": {"prompt_tokens": 0, "total_tokens": 0}})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="OpenAI-compatible hashed bag-of-words embeddings stub")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dim", type=int, default=DEFAULT_DIM)
    args = parser.parse_args(argv)
    handler = type("Handler", (_Handler,), {"dim": args.dim})
    httpd = ThreadingHTTPServer((args.host, args.port), handler)
    httpd.daemon_threads = True
    print(f"embed-stub listening on http://{args.host}:{args.port}/v1 (dim {args.dim})", flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
