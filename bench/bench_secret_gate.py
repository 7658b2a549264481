"""Benchmark the SecretGate: what it refuses on the judgement corpus, and its throughput (MB/s).

Corpus figures, for the three tune parts and the frozen test part separately
(tests/corpus/secrets/{tune,tune2,…,tune12,test}.jsonl, format in tests/corpus/README.md): secrets refused by `by`
(format / context) with the families of the misses (tune parts only: the test part prints aggregates),
and clean lines refused (negative / prose). An item is refused when `SecretGate.first` finds a blocking secret.

Throughput: each workload is >= 5 MB of items: synthetic ones of realistic retain size (0.3-3 KB), 1-8 prose lines of
a corpus part (`prose`), and ONE line per item (`lines`: a part's clean prose lines; `user lines`: the user messages
of tests/corpus/routing/tune.jsonl), where per-call overhead shows. Those workloads repeat their lines (each
megabyte holds 40-120 distinct ones), so a gate that remembers lines looks faster on them than on new text. The
seen-once workloads do not: `once prose` (items of 1-8 lines) and `once lines` (one line per item) are clean prose
lines of the tune parts recombined at random (halves of two lines joined, digits redrawn, names, dates, hosts and
numbers added; bench/seen_once.py), no line twice in a run, and each round gets new ones; only `first` is timed on
them (a second call would see them again). For the others it prints the throughput of
`scan` (all findings) and `first` (the retain fast path) called once per item, and of one `scan` over the whole
workload joined into a single string. Times are process CPU time by default (steady on a shared
machine); `--clock wall` uses wall-clock time. Figures only; nothing is asserted.

`--baseline DIR|REV` also loads the gate of another copy of the package (a directory of its modules, or a git
revision) and prints its figures next to today's: before/after in one run, under one machine load. The gates take
turns within each of the `--repeat` rounds, so a burst of load on a shared machine hits both alike.

    .venv/bin/python bench/bench_secret_gate.py [--mb 5] [--repeat 3] [--clock cpu|wall] [--part tune,tune4|all]
                                                [--baseline DIR|REV] [--no-speed] [--once-only]
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from seen_once import SeenOnce, source_lines

from wetopi_memory.secrets import DEFAULT_GATE, SecretGate

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus" / "secrets.jsonl"
PARTS = {part: ROOT / "tests" / "corpus" / "secrets" / f"{part}.jsonl"
         for part in ("tune", "tune2", "tune3", "tune4", "tune5", "tune6", "tune7", "tune8", "tune9", "tune10",
                      "tune11", "tune12", "test")}
ROUTING_TUNE = ROOT / "tests" / "corpus" / "routing" / "tune.jsonl"   # realistic user messages, one per item

COMPANIES = ["Acme Hosting", "Bodega Verde", "Cafetería Luna", "Dentalia", "EcoRiego", "Ferretería Sol", "Globex",
             "Hotel Mirador", "Initech", "Librería Norte", "Mueblería Roble", "Nexo Legal", "Panadería Trigo"]
PEOPLE = ["Ana", "Bruno", "Carmen", "David", "Elena", "Farid", "Gloria", "Hugo", "Inés", "Javier", "Lucía"]
TOPICS = ["billing", "migration", "backup", "staging site", "DNS records", "SSL certificate", "cache", "CDN",
          "checkout", "plugin update", "database size", "PHP workers", "cron jobs", "uptime alerts", "refund",
          "facturación", "copia de seguridad", "registros DNS", "caché", "pasarela de pago", "tareas programadas"]
SENTENCES = [
    "{p} from {c} asked about the {t}; we agreed to review it next week.",
    "{c} prefers to be contacted by e-mail, never by phone, about the {t}.",
    "El cliente {c} pidió revisar {t} antes del lunes; {p} se encarga.",
    "The {t} for {c} failed twice this month because the token expired and the password policy changed.",
    "{p} rotated the API key for {c} and stored it in Infisical; nobody pasted it in chat.",
    "La contraseña del panel de {c} se guarda en el gestor, no en el ticket.",
    "Decision: {c} moves the {t} to Hetzner in June, budget approved by {p}.",
    "We measured 240 ms TTFB on the {t} page for {c} after enabling the cache.",
    "Key takeaway: {c} needs weekly {t} reports, {p} owns the follow-up.",
]
CONFIG_SNIPPETS = [
    "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {n}\n  labels:\n    app.kubernetes.io/name: {n}\n"
    "spec:\n  replicas: 3\n  template:\n    spec:\n      containers:\n        - name: {n}\n"
    "          image: ghcr.io/wetopi/{n}:1.{i}.0\n          env:\n            - name: DB_HOST\n"
    "              value: db.internal\n            - name: DB_PASSWORD\n              valueFrom:\n"
    "                secretKeyRef:\n                  name: {n}-db\n                  key: password\n",
    "DB_HOST=db.internal\nDB_NAME={n}\nDB_USER={n}\nDB_PASSWORD=${{DB_PASSWORD}}\nREDIS_URL=redis://cache:6379/0\n"
    "WP_DEBUG=false\nAPI_KEY=${{HINDSIGHT_API_KEY}}\nTZ=Europe/Madrid\n",
    '{{"name": "{n}", "version": "1.{i}.0", "scripts": {{"build": "vite build", "test": "vitest"}}, '
    '"dependencies": {{"react": "^18.2.0", "axios": "^1.6.0"}}, "integrity": "sha512-{h}"}}\n',
    "server {{\n  listen 443 ssl http2;\n  server_name {n}.wetopi.com;\n  ssl_certificate /etc/ssl/{n}.pem;\n"
    "  location / {{ proxy_pass http://127.0.0.1:8080; proxy_set_header Host $host; }}\n}}\n",
    "define( 'DB_NAME', '{n}' );\ndefine( 'DB_USER', '{n}' );\ndefine( 'DB_PASSWORD', getenv('DB_PASSWORD') );\n"
    "define( 'WP_CACHE', true );\n$table_prefix = 'wp_';\n",
    "[tool.ruff]\nline-length = 120\n[tool.mypy]\nstrict = true\n[project]\nname = \"{n}\"\nversion = \"0.{i}.0\"\n",
    "retain:\n  reject_secrets: true\n  outbox:\n    max_items: 10000\nrecall:\n  budget: mid\n  max_tokens: 1500\n"
    "backend:\n  type: hindsight\n  url: https://api.hindsight.vectorize.io\n  api_key: ${{HINDSIGHT_API_KEY}}\n",
]


def _prose(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(3, 20)):
        parts.append(rng.choice(SENTENCES).format(p=rng.choice(PEOPLE), c=rng.choice(COMPANIES),
                                                  t=rng.choice(TOPICS)))
    return " ".join(parts)


def _config(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(1, 4)):
        name = rng.choice(["wordpress", "hindsight-api", "shop", "bodega-verde", "mailer", "cron-runner"])
        parts.append(rng.choice(CONFIG_SNIPPETS).format(n=name, i=rng.randint(0, 30),
                                                        h="".join(rng.choices("ABCDEFabcdef0123456789+/", k=86))))
    return "\n---\n".join(parts)


def _mixed(rng: random.Random, lines: list[str]) -> str:
    return "\n".join(rng.choice(lines) for _ in range(rng.randint(1, 8)))


def workload(make: Callable[[random.Random], str], mb: float, seed: int) -> list[str]:
    rng = random.Random(seed)
    items: list[str] = []
    size = 0
    while size < mb * 1_000_000:
        item = make(rng)
        items.append(item)
        size += len(item.encode())
    return items


def measure(gates: dict[str, SecretGate], items: list[str], repeat: int,
            clock: Callable[[], float]) -> dict[str, dict[str, float]]:
    """Figures per gate. The gates take turns within each round (`scan`, `first`, one blob, then the next gate), so
    a burst of load on a shared machine hits them alike; the best of the rounds is kept."""
    size = sum(len(i.encode()) for i in items) / 1_000_000
    blob = "\n".join(items)
    best: dict[tuple[str, str], float] = {}
    for _ in range(repeat):
        for label, gate in gates.items():
            for mode in ("scan", "first", "blob"):
                elapsed = _timed(gate, mode, items, blob, clock)
                best[label, mode] = min(best.get((label, mode), elapsed), elapsed)
    return {label: {"mb": size, "items": len(items), "scan": size / best[label, "scan"],
                    "first": size / best[label, "first"], "blob": size / best[label, "blob"],
                    "us_per_item": best[label, "scan"] / len(items) * 1e6} for label in gates}


def measure_once(gates: dict[str, SecretGate], rounds: list[list[str]],
                 clock: Callable[[], float]) -> dict[str, dict[str, float]]:
    """`first` MB/s per gate on text seen once: each round is new items, met once by each gate; best round kept."""
    best: dict[str, float] = {}
    for items in rounds:
        size = sum(len(i.encode()) for i in items) / 1_000_000
        for label, gate in gates.items():
            elapsed = _timed(gate, "first", items, "", clock)
            rate = size / elapsed
            best[label] = max(best.get(label, rate), rate)
    count = sum(len(items) for items in rounds) / len(rounds)
    size = sum(len(i.encode()) for items in rounds for i in items) / len(rounds) / 1_000_000
    return {label: {"mb": size, "items": count, "first": rate, "us_per_item": size / rate / count * 1e6}
            for label, rate in best.items()}


def once_report(gates: dict[str, SecretGate], parts: list[str], mb: float, repeat: int,
                clock: Callable[[], float]) -> None:
    """Print the seen-once figures: recombined tune prose, new lines in every round, `first` only."""
    tune_parts = [PARTS[p] for p in parts if p != "test" and PARTS[p].exists()] or \
        [path for name, path in PARTS.items() if name != "test" and path.exists()]
    maker = SeenOnce(source_lines(tune_parts), 6)
    print(f"Seen once (no line twice in the run; {len(tune_parts)} tune parts recombined), `first` only, "
          f"best of {repeat}")
    print(f"{'workload':<14} {'gate':<8} {'MB':>6} {'items':>7} {'first MB/s':>11} {'us/item':>8}")
    for name, most_lines in (("once prose", 8), ("once lines", 1)):
        rounds = [maker.items(mb, most_lines) for _ in range(repeat)]
        for label, r in measure_once(gates, rounds, clock).items():
            print(f"{name:<14} {label:<8} {r['mb']:>6.1f} {r['items']:>7.0f} {r['first']:>11.1f} "
                  f"{r['us_per_item']:>8.1f}")


def _timed(gate: SecretGate, mode: str, items: list[str], blob: str, clock: Callable[[], float]) -> float:
    """The time of one pass: `scan` or `first` once per item, or (`blob`) one `scan` of all items joined."""
    call = gate.first if mode == "first" else gate.scan
    start = clock()
    if mode == "blob":
        call(blob)
    else:
        [call(i) for i in items]
    return clock() - start


def corpus_report(gate: SecretGate, part: str, path: Path) -> list[str]:
    """The refusal figures of one corpus part, as printable lines."""
    if not path.exists():
        return [f"{part}: {path.relative_to(ROOT)} not found"]
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    total: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    misses: dict[str, Counter[str]] = {}
    for row in rows:
        by = row["by"]
        total[by] += 1
        blocked = gate.first(row["text"]) is not None
        refused[by] += blocked
        if blocked != (row["label"] == "secret"):
            misses.setdefault(by, Counter())[row.get("family", "?")] += 1
    if part == "test":   # the frozen part: aggregate figures only, never its misses (tests/corpus/README.md)
        misses = {}
    lines = [f"{part} ({path.relative_to(ROOT)}, {len(rows)} lines)"]
    for by in ("format", "context"):
        if total[by]:
            lines.append(f"  secrets by {by:<8} refused {refused[by]:>4}/{total[by]:<4} {refused[by] / total[by]:7.1%}"
                         + _families(misses.get(by)))
    for by in ("negative", "prose"):
        if total[by]:
            lines.append(f"  clean {by:<11} refused {refused[by]:>4}/{total[by]:<4} {refused[by] / total[by]:7.1%}"
                         + _families(misses.get(by)))
    clean = total["negative"] + total["prose"]
    if clean:
        wrong = refused["negative"] + refused["prose"]
        lines.append(f"  clean (all)       refused {wrong:>4}/{clean:<4} {wrong / clean:7.1%}")
    return lines


def _families(counts: Counter[str] | None) -> str:
    if not counts:
        return ""
    return "   wrong: " + ", ".join(f"{family} {n}" for family, n in sorted(counts.items()))


def corpus_prose(path: Path, mb: float) -> list[str]:
    """Items of 1-8 prose lines of a corpus part, repeated up to `mb` MB (shuffled with a fixed seed)."""
    lines = [row["text"] for row in map(json.loads, path.read_text(encoding="utf-8").splitlines())
             if row["by"] == "prose"]
    return workload(lambda rng: _mixed(rng, lines), mb, 4)


def line_items(path: Path, mb: float) -> list[str]:
    """Items of ONE prose line each (the short, realistic retain items where per-call overhead shows), repeated up
    to `mb` MB: the clean prose lines of a secrets part, or the user messages of a routing part."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    lines = [row["text"] for row in rows if row.get("by", "prose") == "prose"]
    return workload(lambda rng: rng.choice(lines), mb, 5)


def baseline_gate(source: str) -> SecretGate:
    """The DEFAULT_GATE of another copy of `wetopi_memory/secrets`: a directory holding the package's modules, or a
    git revision (read with `git show`, nothing checked out). It is imported as a separate package, so the
    before/after figures come from one run under one machine load."""
    package = Path(tempfile.mkdtemp(prefix="secrets-baseline-")) / "secrets_baseline"
    package.mkdir()
    if Path(source).is_dir():
        for module in Path(source).glob("*.py"):
            (package / module.name).write_text(module.read_text(encoding="utf-8"), encoding="utf-8")
    else:
        folder = "wetopi_memory/secrets"
        names = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "--name-only", source, folder + "/"],
                               check=True, capture_output=True, text=True).stdout.split()
        for name in (n for n in names if n.endswith(".py")):
            text = subprocess.run(["git", "-C", str(ROOT), "show", f"{source}:{name}"], check=True,
                                  capture_output=True, text=True).stdout
            (package / Path(name).name).write_text(text, encoding="utf-8")
    sys.path.insert(0, str(package.parent))
    gate: SecretGate = importlib.import_module("secrets_baseline").DEFAULT_GATE
    return gate


EPILOG = """workloads:
  clean prose, config-like, mixed corpus   generated items (0.3-3 KB); the mixed corpus has a secret on every line
  PART prose / PART lines                  1-8 / one clean prose line(s) of a corpus part per item, lines repeated
  user lines                               one routing tune user message per item, lines repeated
  once prose / once lines                  SEEN ONCE: 1-8 / one new line(s) per item, tune prose recombined at random
                                           (no line twice in the run, new items each round; `first` MB/s only). The
                                           honest figure for text a gate has not met before; the others let a gate
                                           that remembers lines look faster than it is on new text."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mb", type=float, default=5.0, help="size of each workload in MB (default 5)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is reported")
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu", help="process CPU time or wall clock")
    parser.add_argument("--part", default="all",
                        help="comma-separated corpus parts to report: tune, tune2 … tune12, test, or all "
                             "(default)")
    parser.add_argument("--baseline", metavar="DIR|REV",
                        help="also measure the gate of a package directory or git revision, side by side")
    parser.add_argument("--no-speed", action="store_true", help="corpus figures only")
    parser.add_argument("--once-only", action="store_true", help="throughput of the seen-once workloads only")
    args = parser.parse_args()
    parts = list(PARTS) if args.part == "all" else args.part.split(",")
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        parser.error(f"--part: unknown part(s) {', '.join(unknown)}; choose from {', '.join(PARTS)} or all")
    gates = {"now": DEFAULT_GATE}
    if args.baseline:
        gates[args.baseline] = baseline_gate(args.baseline)
    for label, gate in gates.items():
        for part in parts:
            print(f"[{label}] " + "\n".join(corpus_report(gate, part, PARTS[part])))
    if args.no_speed:
        return
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    if args.once_only:
        once_report(gates, parts, args.mb, args.repeat, clock)
        return

    corpus_lines = [json.loads(line)["text"] for line in CORPUS.read_text(encoding="utf-8").splitlines() if line]
    workloads = {
        "clean prose": workload(_prose, args.mb, 1),
        "config-like": workload(_config, args.mb, 2),
        "mixed corpus": workload(lambda rng: _mixed(rng, corpus_lines), args.mb, 3),
    }
    for part in parts:
        if PARTS[part].exists():
            workloads[f"{part} prose"] = corpus_prose(PARTS[part], args.mb)
            workloads[f"{part} lines"] = line_items(PARTS[part], args.mb)
    if ROUTING_TUNE.exists():
        workloads["user lines"] = line_items(ROUTING_TUNE, args.mb)
    print(f"SecretGate throughput, {len(DEFAULT_GATE.rule_ids)} rules, best of {args.repeat}, {args.clock} time")
    print(f"{'workload':<14} {'gate':<8} {'MB':>6} {'items':>7} {'scan MB/s':>10} {'first MB/s':>11} "
          f"{'blob MB/s':>10} {'us/item':>8}")
    for name, items in workloads.items():
        for label, r in measure(gates, items, args.repeat, clock).items():
            print(f"{name:<14} {label:<8} {r['mb']:>6.1f} {r['items']:>7d} {r['scan']:>10.1f} {r['first']:>11.1f} "
                  f"{r['blob']:>10.1f} {r['us_per_item']:>8.0f}")
    once_report(gates, parts, args.mb, args.repeat, clock)


if __name__ == "__main__":
    main()
