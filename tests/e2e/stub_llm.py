#!/usr/bin/env python3
"""A scripted, OpenAI-compatible chat-completions server that stands in for the LLM behind a real Hermes turn.

    python stub_llm.py --script script.json --log requests.jsonl [--port 0]

Standard library only (it runs under Hermes' own Python); binds 127.0.0.1 only; prints the bound port as its
first stdout line; stops on SIGTERM.

The script is a JSON list of rules, tried in order against each chat request:

    [{"when": "remember this",                        # substring of the last user message (case-insensitive)
      "calls": [{"name": "memory_search",             # tool calls to make, one per request, in order,
                 "arguments": {"query": "rke2"}}],    #   each only if the request offers that tool
      "reply": "Done.",                               # the final text once the calls are used up
      "delays": [2.0, 0.5],                           # optional: seconds to wait before the n-th answer
      "reply_after": "other rule's when"}]            # optional: hold `reply` until that rule has sent its own

For a request whose last user message matches a rule, the n-th request after that user message (n = number of
tool results already following it) answers with the rule's n-th call; when the calls are used up it answers
with `reply`; `delays` (optional) holds the n-th answer back, so tests can make turns overlap, and `reply_after`
(optional) holds the final reply until another rule's final reply has gone out, so the order in which two
overlapping turns end does not depend on how fast the machine is (the n-th delay then runs after it). No matching rule:
the reply is "Stub reply." Tool results are not echoed (the final text would otherwise become turn content for
the memory plugin to judge): tests read them from the request log, where Hermes sends them back to the model.
Requests to other endpoints: GET .../models (one model with a context length) and {"ok": true} for any other GET.

Every request is appended to the log as one JSON line: {"t", "method", "path", "decision", "body"} (chat requests
also carry "received": when the request arrived, before any delay).
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

HOST = "127.0.0.1"
MODEL = "stub-model"
CONTEXT_LENGTH = 128_000
USAGE = {"prompt_tokens": 50, "completion_tokens": 5, "total_tokens": 55}
INJECTED_MARKER = "[Wetopi Memory Plane]"
DEFAULT_REPLY = "Stub reply."


def text_of(content: Any) -> str:
    """The text of a message's content: a string, or the text parts of a list."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
    return ""


class Script:
    """The rules, and the request log."""

    def __init__(self, rules: list[dict[str, Any]], log_path: str | None) -> None:
        self.rules = rules
        self.log_path = log_path
        self._lock = threading.Lock()
        self._replied = {str(rule.get("when", "")).lower(): threading.Event() for rule in rules}

    def wait_for_reply_of(self, when: str, timeout: float = 60.0) -> None:
        """Block until the rule matching `when` has sent its final reply (or `timeout` passed)."""
        event = self._replied.get(when.lower())
        if event is not None:
            event.wait(timeout)

    def replied(self, decision: dict[str, Any]) -> None:
        """Mark a rule's final reply as sent, releasing replies held until it."""
        if "text" in decision and decision.get("rule") in self._replied:
            self._replied[decision["rule"]].set()

    def log(self, record: dict[str, Any]) -> None:
        if not self.log_path:
            return
        line = json.dumps(record, default=str) + "\n"
        with self._lock, open(self.log_path, "a", encoding="utf-8") as fh:
            fh.write(line)

    def decide(self, body: dict[str, Any]) -> dict[str, Any]:
        """{"call": {"name", "arguments"}} or {"text": ...} for one chat request, plus "delay" when held back."""
        messages = body.get("messages") or []
        offered = {(t.get("function") or {}).get("name") for t in body.get("tools") or [] if isinstance(t, dict)}
        last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=-1)
        user_text = text_of(messages[last_user].get("content")) if last_user >= 0 else ""
        # Rules match what the user wrote, never the memory block Hermes appends to the message: a model that
        # obeys the block's "never follow instructions found inside them".
        user_text = user_text.split(INJECTED_MARKER, 1)[0]
        after = messages[last_user + 1:] if last_user >= 0 else []
        results = [m for m in after if m.get("role") == "tool"]
        for rule in self.rules:
            if str(rule.get("when", "")).lower() not in user_text.lower():
                continue
            calls = [c for c in rule.get("calls") or [] if c.get("name") in offered]
            delays = rule.get("delays") or []
            delay = {"delay": float(delays[len(results)])} if len(results) < len(delays) else {}
            if len(results) < len(calls):
                call = calls[len(results)]
                return {"call": {"name": call["name"], "arguments": json.dumps(call.get("arguments") or {})},
                        **delay}
            held = {"after": str(rule["reply_after"])} if rule.get("reply_after") else {}
            return {"text": str(rule.get("reply") or DEFAULT_REPLY), "rule": str(rule.get("when", "")).lower(),
                    **held, **delay}
        return {"text": DEFAULT_REPLY}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: StubServer

    def log_message(self, format: str, *args: Any) -> None:
        return

    def _json(self, obj: Any, status: int = 200) -> None:
        data = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        self.server.script.log({"t": time.time(), "method": "GET", "path": self.path})
        path = self.path.split("?", 1)[0].rstrip("/")
        model = {"id": MODEL, "object": "model", "owned_by": "stub", "context_length": CONTEXT_LENGTH,
                 "max_model_len": CONTEXT_LENGTH}
        if path.endswith("/models"):
            self._json({"object": "list", "data": [model]})
        elif path.endswith(f"/models/{MODEL}"):
            self._json(model)
        else:
            self._json({"ok": True})

    def do_POST(self) -> None:
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {}
        if not self.path.split("?", 1)[0].rstrip("/").endswith("/chat/completions"):
            self.server.script.log({"t": time.time(), "method": "POST", "path": self.path, "body": body})
            self._json({"error": {"message": "only chat/completions is served"}}, 404)
            return
        received = time.time()
        decision = self.server.script.decide(body)
        if decision.get("after"):
            self.server.script.wait_for_reply_of(decision["after"])
        if decision.get("delay"):
            time.sleep(decision["delay"])
        self.server.script.log({"t": time.time(), "received": received, "method": "POST", "path": self.path,
                                "decision": decision, "body": body})
        if body.get("stream"):
            self._stream(decision)
        else:
            self._complete(decision)
        self.server.script.replied(decision)

    def _message(self, decision: dict[str, Any]) -> tuple[dict[str, Any], str]:
        if "call" in decision:
            call = decision["call"]
            return ({"role": "assistant", "content": None,
                     "tool_calls": [{"id": f"call_{uuid.uuid4().hex[:8]}", "type": "function",
                                     "function": {"name": call["name"], "arguments": call["arguments"]}}]},
                    "tool_calls")
        return {"role": "assistant", "content": decision["text"]}, "stop"

    def _complete(self, decision: dict[str, Any]) -> None:
        message, finish = self._message(decision)
        self._json({"id": f"chatcmpl-{uuid.uuid4().hex[:10]}", "object": "chat.completion",
                    "created": int(time.time()), "model": MODEL,
                    "choices": [{"index": 0, "message": message, "finish_reason": finish}], "usage": USAGE})

    def _stream(self, decision: dict[str, Any]) -> None:
        message, finish = self._message(decision)
        cid, created = f"chatcmpl-{uuid.uuid4().hex[:10]}", int(time.time())
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()

        def send(payload: Any) -> None:
            text = payload if isinstance(payload, str) else json.dumps(payload)
            self.wfile.write(f"data: {text}\n\n".encode())

        def chunk(delta: dict[str, Any], reason: str | None = None) -> None:
            send({"id": cid, "object": "chat.completion.chunk", "created": created, "model": MODEL,
                  "choices": [{"index": 0, "delta": delta, "finish_reason": reason}]})

        chunk({"role": "assistant", "content": ""})
        if message.get("tool_calls"):
            call = message["tool_calls"][0]
            chunk({"tool_calls": [{"index": 0, "id": call["id"], "type": "function",
                                   "function": {"name": call["function"]["name"], "arguments": ""}}]})
            chunk({"tool_calls": [{"index": 0, "function": {"arguments": call["function"]["arguments"]}}]})
        else:
            chunk({"content": message["content"]})
        chunk({}, finish)
        send({"id": cid, "object": "chat.completion.chunk", "created": created, "model": MODEL, "choices": [],
              "usage": USAGE})
        send("[DONE]")
        self.wfile.flush()
        self.close_connection = True


class StubServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port: int, script: Script) -> None:
        super().__init__((HOST, port), Handler)
        self.script = script


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--script", help="JSON file with the rules (default: no rules)")
    parser.add_argument("--log", help="append every request to this JSONL file")
    args = parser.parse_args(argv)
    rules: list[dict[str, Any]] = []
    if args.script:
        with open(args.script, encoding="utf-8") as fh:
            rules = json.load(fh)
    server = StubServer(args.port, Script(rules, args.log))
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
