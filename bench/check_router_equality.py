"""Check that two checkouts' routers decide identically: every field of every `RouteDecision`, votes' features too.

Run with two source roots (`--base /path/to/checkout --new /path/to/checkout`): each root routes the same cases in a
subprocess (its own `wetopi_memory`) and writes one line per decision; the lines are compared and the differences
counted. Cases: every message of the routing corpus, every user, assistant and history text of the turns corpus,
every string of four characters or more in the router's unit tests (the design table, the tests' examples),
the bench's generated messages (several seeds), and each of them upper-cased, accent-stripped and cut at a random
point; each with no options and with one more set of options in turn (`allowed_scopes` subsets, the record's and
other tool lists, agents, all together). Routers: the shipped one (decision memo on) and one with the memo off.
Prints counts, asserts nothing; exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import random
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from equality_runs import compare_roots

ROOT = Path(__file__).resolve().parent.parent
SCOPES = ("personal", "business", "platform")
OPTIONS: list[dict[str, Any]] = [
    {"allowed_scopes": ("platform",)}, {"allowed_scopes": ("business", "personal")},
    {"allowed_scopes": ("platform", "personal")}, {"allowed_scopes": ()},
    {"tools": ("terminal", "kubernetes_get_pods", "web_search")}, {"tools": ("kubectl_get",)},
    {"tools": ("crm_lookup", "calendar")}, {"agent": "wetopi-build"}, {"agent": "wetopi-lead"}, {"agent": "nobody"},
    {"tools": ("terminal",), "agent": "wetopi-build", "allowed_scopes": ("platform", "business")},
]


def _texts() -> Iterator[tuple[str, tuple[str, ...]]]:
    """(text, the record's tool names) of both corpora, then the bench's generated messages."""
    for path in sorted((ROOT / "tests" / "corpus" / "routing").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                record = json.loads(line)
                yield record["text"], tuple(record.get("tools") or ())
    for path in sorted((ROOT / "tests" / "corpus" / "turns").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                record = json.loads(line)
                tools = tuple(t["name"] for t in record.get("tools") or () if isinstance(t, dict) and "name" in t)
                history = [h.get("content", "") if isinstance(h, dict) else str(h) for h in record.get("history") or ()]
                for text in (record.get("user", ""), record.get("assistant", ""), *history):
                    if isinstance(text, str) and text:
                        yield text, tools
    for path in sorted((ROOT / "tests" / "unit").glob("test_router*.py")):   # the design table and test examples
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) >= 4:
                yield node.value, ()
    spec = importlib.util.spec_from_file_location("bench_router", ROOT / "bench" / "bench_router.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)   # by path: ROOT on sys.path would shadow the checkout under test
    spec.loader.exec_module(bench)
    for seed in (7, 11, 23):
        for text in bench.make_messages(8000, 300, seed):
            yield text, ()


def _variants(text: str, rng: random.Random) -> list[str]:
    stripped = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return [text, text.upper(), stripped, text[: rng.randrange(len(text) + 1)]]


def cases() -> Iterator[tuple[str, dict[str, Any]]]:
    """Every (text, route options) case, in a fixed order."""
    rng = random.Random(2024)
    turn = 0
    for text, tools in _texts():
        for variant in _variants(text, rng):
            yield variant, {}
            options = dict(OPTIONS[turn % len(OPTIONS)])
            turn += 1
            if tools and turn % 3 == 0:
                options["tools"] = tools
            yield variant, options


def _line(decision: Any) -> str:
    """Every field of a decision, the votes' features worked out, as one line."""
    fields = {name: getattr(decision, name) for name in decision.__slots__ if name != "votes"}
    votes = [(v.scope, v.change, v.probability, v.features) for v in decision.votes]
    return repr((fields, votes))


def dump(out: Path) -> None:
    """Route every case with this interpreter's `wetopi_memory`, one line per decision, into `out`."""
    from wetopi_memory.router import RuleRouter
    routers = [RuleRouter((), known_scopes=SCOPES), RuleRouter((), known_scopes=SCOPES, cache_size=0)]
    with out.open("w", encoding="utf-8") as sink:
        for index, (text, options) in enumerate(cases()):
            router = routers[index % 2] if options else routers[0]
            sink.write(_line(router.route(text, **options)) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", type=Path)
    parser.add_argument("--new", type=Path)
    parser.add_argument("--dump", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, default=Path("/tmp/router-equality"))
    parser.add_argument("--hash-seed", default="0", help="PYTHONHASHSEED of both runs: the routers' term variants "
                        "of one rank are kept in set order, so a decision may differ between hash seeds")
    args = parser.parse_args()
    if args.dump is not None:
        dump(args.dump)
        return
    result = compare_roots(__file__, args.base, args.new, args.out, env={"PYTHONHASHSEED": args.hash_seed})
    print(f"routes compared: {result.compared} (base {result.base}, new {result.new}); "
          f"differences: {result.differences}")
    sys.exit(1 if result.differences else 0)


if __name__ == "__main__":
    main()
