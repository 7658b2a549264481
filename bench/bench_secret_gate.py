"""Benchmark SecretGate throughput (MB/s) on clean prose, config-like text and the labelled secrets corpus.

Each workload is >= 5 MB of synthetic items of realistic retain size (0.3-3 KB). For each it prints the
throughput of `scan` (all findings) and `first` (the retain fast path) called once per item, and of one `scan`
over the whole workload joined into a single string. Times are process CPU time by default (steady on a shared
machine); `--clock wall` uses wall-clock time. Figures only; nothing is asserted.

    .venv/bin/python bench/bench_secret_gate.py [--mb 5] [--repeat 3] [--clock cpu|wall]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from pathlib import Path

from wetopi_memory.secrets import DEFAULT_GATE, SecretGate

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus" / "secrets.jsonl"

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


def measure(gate: SecretGate, items: list[str], repeat: int, clock: Callable[[], float]) -> dict[str, float]:
    size = sum(len(i.encode()) for i in items) / 1_000_000
    blob = "\n".join(items)

    def best(fn: Callable[[], object]) -> float:
        times = []
        for _ in range(repeat):
            start = clock()
            fn()
            times.append(clock() - start)
        return min(times)

    scan = best(lambda: [gate.scan(i) for i in items])
    first = best(lambda: [gate.first(i) for i in items])
    whole = best(lambda: gate.scan(blob))
    return {"mb": size, "items": len(items), "scan": size / scan, "first": size / first, "blob": size / whole,
            "us_per_item": scan / len(items) * 1e6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=5.0, help="size of each workload in MB (default 5)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is reported")
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu", help="process CPU time or wall clock")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter

    corpus_lines = [json.loads(line)["text"] for line in CORPUS.read_text(encoding="utf-8").splitlines() if line]
    workloads = {
        "clean prose": workload(_prose, args.mb, 1),
        "config-like": workload(_config, args.mb, 2),
        "mixed corpus": workload(lambda rng: _mixed(rng, corpus_lines), args.mb, 3),
    }
    print(f"SecretGate throughput, {len(DEFAULT_GATE.rule_ids)} rules, best of {args.repeat}, {args.clock} time")
    print(f"{'workload':<14} {'MB':>6} {'items':>7} {'scan MB/s':>10} {'first MB/s':>11} {'blob MB/s':>10} "
          f"{'us/item':>8}")
    for name, items in workloads.items():
        r = measure(DEFAULT_GATE, items, args.repeat, clock)
        print(f"{name:<14} {r['mb']:>6.1f} {r['items']:>7d} {r['scan']:>10.1f} {r['first']:>11.1f} "
              f"{r['blob']:>10.1f} {r['us_per_item']:>8.0f}")


if __name__ == "__main__":
    main()
