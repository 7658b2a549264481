"""Benchmark RuleRouter: routing decisions per second on one core for ~300-character ES/EN messages.

Generates a varied, seeded set of messages (platform, business, personal, mixed, explicit memory requests and
off-topic chatter; accents, no accents, uppercase, emoji), each cut or padded to 300 characters, routes the whole
set several times and prints the median rate; then the same for the real messages of the routing corpus' tuning
parts. Target: >= 50 000 decisions/s. Prints figures, asserts nothing.

Rates are given per CPU-second of this (single-threaded) process — the "one core" figure, insensitive to other
load on the machine — and per wall-clock second. "default" is the router as shipped, whose bounded decision memo
is keyed by the set of matched rule terms (never by text); "cold" disables that memo (cache_size=0), so every
decision is computed from scratch; "rules only" turns the word model off, side by side. Each case has a router
of its own, so no case warms or empties another's memos.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench_routing_accuracy import TUNING

from wetopi_memory.router import RuleRouter

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "corpus" / "routing"

SCOPES = ("personal", "business", "platform")
PLATFORM = ["the RKE2 upgrade on the prod cluster", "Ceph OSD.12 flapping", "Argo CD sync stuck OutOfSync",
            "502 Bad Gateway on the ingress", "latencia alta en el balanceador", "los pods de opensearch",
            "el certificado TLS caducado", "presión de memoria en los nodos", "kubectl rollout undo",
            "la red entre proxmox y ceph", "DNS de coredns", "incidente en producción", "helm chart de grafana",
            "infisical no sincroniza los secrets", "VRRP failover de keepalived", "despliegue con rollback"]
BUSINESS = ["pricing of managed Hermes", "el precio para agencias", "the customer contract renewal",
            "roadmap del Q3", "margen del plan pro", "facturación de septiembre", "propuesta comercial",
            "our sales this quarter", "el proveedor sube tarifas", "positioning vs competitors",
            "presupuesto para un cliente nuevo", "churn of reseller customers"]
PERSONAL = ["yo prefiero respuestas cortas", "I prefer dark mode", "mi configuración de vim", "my setup at home",
            "qué decidí sobre mis vacaciones", "remind me on Monday", "I usually work late", "mis preferencias",
            "acuérdate de que yo no trabajo los viernes", "my calendar for Fridays"]
EXPLICIT = ["¿Qué habíamos decidido sobre", "Busca en nuestra memoria", "what did we decide about",
            "search our memory for", "do you remember", "¿te acuerdas de", "recall what we agreed on",
            "que decidimos con", "what do we know about", "how did we fix"]
FILLER_EN = ["Could you take a look when you have a minute?", "I think it started yesterday afternoon.",
             "Let me know what you think.", "Thanks a lot for the help earlier!", "Not urgent, but important.",
             "We talked about this with the team last week.", "Please keep it short.", "No rush at all 🙂",
             "Ana from the Madrid office asked again this morning.", "It happened twice during the night."]
FILLER_ES = ["¿Puedes echarle un vistazo cuando puedas?", "Creo que empezó ayer por la tarde.",
             "Dime qué opinas.", "¡Gracias por la ayuda de antes!", "No es urgente, pero es importante.",
             "Lo comentamos con el equipo la semana pasada.", "Hazlo breve, por favor.", "Sin prisa 😊",
             "Lucía, de la oficina de Valencia, volvió a preguntar.", "Pasó dos veces durante la noche."]
OFF_TOPIC = ["¿Qué tiempo hace hoy en Barcelona?", "Tell me a joke about cats.", "Hola, ¿qué tal el finde?",
             "Translate 'good morning' into French.", "Escribe un haiku sobre el otoño.",
             "What's the capital of Australia?", "Recomiéndame una película para esta noche."]


def make_messages(count: int, length: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    kinds: list[Callable[[], list[str]]] = [
        lambda: [rng.choice(PLATFORM)],
        lambda: [rng.choice(BUSINESS)],
        lambda: [rng.choice(PERSONAL)],
        lambda: [rng.choice(PLATFORM), rng.choice(BUSINESS)],
        lambda: [rng.choice(EXPLICIT), rng.choice(PLATFORM + BUSINESS)],
        lambda: [rng.choice(OFF_TOPIC)],
    ]
    messages = []
    for i in range(count):
        parts = rng.choice(kinds)()
        filler = FILLER_ES if rng.random() < 0.5 else FILLER_EN
        text = " ".join(parts) + f" (#{i}). "
        while len(text) < length:
            text += rng.choice(filler) + " "
        text = text[:length]
        style = rng.random()
        if style < 0.15:
            text = text.upper()
        elif style < 0.35:
            text = text.encode("ascii", "ignore").decode()   # typed without accents or emoji
        messages.append(text)
    return messages


def corpus_messages() -> list[str]:
    """The messages of the routing corpus' tuning parts (never the frozen test part nor a fresh one)."""
    texts = []
    for path in (CORPUS / f"{part}.jsonl" for part in TUNING):
        texts += [json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return texts


def measure(route: Callable[[str], object], messages: list[str], runs: int) -> tuple[list[float], list[float]]:
    """Decisions per CPU-second and per wall-second, one figure per run."""
    cpu_rates, wall_rates = [], []
    for _ in range(runs):
        cpu, wall = time.process_time(), time.perf_counter()
        for message in messages:
            route(message)
        cpu_rates.append(len(messages) / max(time.process_time() - cpu, 1e-9))
        wall_rates.append(len(messages) / (time.perf_counter() - wall))
    return cpu_rates, wall_rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--messages", type=int, default=20_000)
    parser.add_argument("--length", type=int, default=300)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    started = time.perf_counter()
    RuleRouter((), known_scopes=SCOPES)   # timed: how long building a router takes
    build_ms = (time.perf_counter() - started) * 1000
    cold = RuleRouter((), known_scopes=SCOPES, cache_size=0)
    messages = make_messages(args.messages, args.length, args.seed)
    ascii_share = sum(m.isascii() for m in messages) / len(messages)
    routed = [cold.route(m) for m in messages]
    confident = sum(d.confident for d in routed) / len(routed)
    explicit = sum(d.explicit_memory_request for d in routed) / len(routed)
    voted = sum(bool(d.votes) for d in routed) / len(routed)
    corpus = corpus_messages()
    corpus_voted = sum(bool(cold.route(m).votes) for m in corpus) / len(corpus)
    corpus_set = (corpus * (len(messages) // len(corpus) + 1))[: len(messages)]

    print(f"router build {build_ms:.1f} ms | {len(messages)} messages ({len(set(messages))} distinct) x "
          f"{args.length} chars | {ascii_share:.0%} pure ASCII | {confident:.0%} routed | "
          f"{explicit:.0%} explicit memory requests | word model added to {voted:.0%} of decisions | "
          f"{args.runs} runs, cases interleaved | load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    print(f"corpus: the {len(corpus)} messages of the routing corpus' tuning parts (mean "
          f"{statistics.mean(map(len, corpus)):.0f} chars), repeated to {len(corpus_set)}; word model added to "
          f"{corpus_voted:.0%} of them")
    tools = ("terminal", "kubernetes_get_pods", "web_search")
    def fresh(**options: Any) -> RuleRouter:   # one router per case: no case warms or thrashes another's memo
        return RuleRouter((), known_scopes=SCOPES, **options)

    shipped = [fresh() for _ in range(5)]
    only = [fresh(word_model=False) for _ in range(2)]
    cold_tools = fresh(cache_size=0)
    cases: list[tuple[str, Callable[[str], object], list[str]]] = [
        ("default  route(text)", shipped[0].route, messages),
        ("default  route(text, allowed_scopes)",
         lambda m: shipped[1].route(m, allowed_scopes=("platform", "personal")), messages),
        ("default  route(text, tools=[3 names])", lambda m: shipped[2].route(m, tools=tools), messages),
        ("default  route(text, tools, agent)", lambda m: shipped[3].route(m, tools=tools, agent="wetopi-build"),
         messages),
        ("rules only (no word model) route(text)", only[0].route, messages),
        ("cold     route(text)", cold.route, messages),
        ("cold     route(text, tools=[3 names])", lambda m: cold_tools.route(m, tools=tools), messages),
        ("corpus   route(text)", shipped[4].route, corpus_set),
        ("corpus   rules only route(text)", only[1].route, corpus_set),
    ]
    rates: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name, _, _ in cases}
    for _ in range(args.runs):   # runs interleaved: every case sees the same machine load
        for name, call, texts in cases:
            cpu_run, wall_run = measure(call, texts, 1)
            rates[name][0].extend(cpu_run)
            rates[name][1].extend(wall_run)
    for name, _, _ in cases:
        cpu_rates, wall_rates = rates[name]
        cpu, wall = statistics.median(cpu_rates), statistics.median(wall_rates)
        print(f"{name:<40} median {cpu:>7,.0f}/s per CPU-second ({1e6 / cpu:4.1f} µs), best {max(cpu_rates):>7,.0f}/s"
              f" | median {wall:>7,.0f}/s wall | target 50,000/s: {'met' if cpu >= 50_000 else 'NOT met'}")


if __name__ == "__main__":
    main()
