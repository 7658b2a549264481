"""Check that two checkouts' secret gates decide identically: `first`, `scan` and `blocks` of four gate policies.

Run with two source roots (`--base /path/to/checkout --new /path/to/checkout`): each root scans the same texts in a
subprocess (its own `wetopi_memory`) and writes one line per text; the lines are compared and the differences
counted. Texts: every text of the secrets corpus parts, every user, assistant, history and tool text of the turns
corpus, every routing message, the MEMORY.md corpora (whole, per line, per `§` entry), the bench's generated items
(several seeds) with its seen-once prose, and each of them upper-cased, accent-stripped, cut at a random point, and
joined to another text. Gates: the default, `block_tier3`, `skip_plain_prose=False` and both; a fresh default gate
every 5 000 texts (its caches start cold). Prints counts, asserts nothing; exits 1 on any difference.
"""

from __future__ import annotations

import argparse
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
CORPUS = ROOT / "tests" / "corpus"


def _strings(value: Any) -> Iterator[str]:
    """Every non-empty string inside a JSON value."""
    if isinstance(value, str):
        if value:
            yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _records(folder: str) -> Iterator[dict[str, Any]]:
    for path in sorted((CORPUS / folder).glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                yield json.loads(line)


def _corpus_texts() -> Iterator[str]:
    """The corpora's texts, in a fixed order."""
    for record in _records("secrets"):
        yield record["text"]
    for record in _records("turns"):
        yield from _strings([record.get("user"), record.get("assistant"), record.get("history"), record.get("tools")])
    for record in _records("routing"):
        yield record["text"]
    for path in sorted(CORPUS.glob("memory_md/*/*.md")):
        text = path.read_text(encoding="utf-8")
        yield text
        yield from (line for line in text.splitlines() if line.strip())
        yield from text.split("§")


def _generated() -> Iterator[str]:
    """The bench's workloads, small and with several seeds."""
    spec = importlib.util.spec_from_file_location("bench_secret_gate", ROOT / "bench" / "bench_secret_gate.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)   # by path: ROOT on sys.path would shadow the checkout under test
    spec.loader.exec_module(bench)
    for seed in (1, 2, 3):
        yield from bench.workload(bench._prose, 0.3, seed)
        yield from bench.workload(bench._config, 0.3, seed)
    for path in bench.PARTS.values():
        lines = _prose_lines(path)
        for seed in (4, 8):
            yield from bench.workload(lambda rng, lines=lines: bench._mixed(rng, lines), 0.15, seed)
    once = bench.SeenOnce(bench.source_lines([path for name, path in bench.PARTS.items() if name != "test"]), 7)
    yield from once.items(0.3, 8)   # text seen once: recombined prose, no line twice
    yield from once.items(0.15, 1)


def _prose_lines(path: Path) -> list[str]:
    """The clean prose lines of a secrets corpus part."""
    return [r["text"] for r in map(json.loads, path.read_text(encoding="utf-8").splitlines()) if r["by"] == "prose"]


def texts() -> list[str]:
    """Every text to compare, with its variants, in a fixed order."""
    rng = random.Random(2025)
    base = list(dict.fromkeys([*_corpus_texts(), *_generated()]))
    found: list[str] = []
    for text in base:
        stripped = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
        other = base[rng.randrange(len(base))]
        found += [text, text.upper(), stripped, text[: rng.randrange(len(text) + 1)],
                  text[rng.randrange(len(text) + 1):], text + rng.choice(("\n", " ", "")) + other]
    return list(dict.fromkeys(found))


def dump(out: Path) -> None:
    """Scan every text with this interpreter's `wetopi_memory`, one line per text, into `out`."""
    from wetopi_memory.secrets import SecretFinding, SecretGate

    def sig(finding: SecretFinding | None) -> object:
        return None if finding is None else (finding.rule_id, int(finding.tier), finding.start, finding.end)

    gates = [SecretGate(block_tier3=True), SecretGate(skip_plain_prose=False),
             SecretGate(block_tier3=True, skip_plain_prose=False)]
    default = SecretGate()
    with out.open("w", encoding="utf-8") as sink:
        for index, text in enumerate(texts()):
            if index % 5000 == 0:
                default = SecretGate()
            row = [default.blocks(text), sig(default.first(text)), [sig(f) for f in default.scan(text)]]
            for gate in gates:
                row += [sig(gate.first(text)), [sig(f) for f in gate.scan(text)]]
            sink.write(repr(row) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", type=Path)
    parser.add_argument("--new", type=Path)
    parser.add_argument("--dump", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, default=Path("/tmp/secret-equality"))
    args = parser.parse_args()
    if args.dump is not None:
        dump(args.dump)
        return
    result = compare_roots(__file__, args.base, args.new, args.out)
    print(f"texts compared: {result.compared} (base {result.base}, new {result.new}); "
          f"differences: {result.differences}")
    sys.exit(1 if result.differences else 0)


if __name__ == "__main__":
    main()
