"""Benchmark LocalBackend: fill a temp SQLite file with synthetic memories, then time recall percentiles."""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

from wetopi_memory.backends.local import LocalBackend
from wetopi_memory.models import RecallQuery, RetainItem

FIRST_NAMES = ["Alice", "Bruno", "Carmen", "David", "Elena", "Farid", "Gloria", "Hugo", "Inés", "Javier",
               "Kenji", "Lucía", "Marta", "Nicolás", "Olga", "Pablo", "Quentin", "Rosa", "Sergio", "Tomás",
               "Úrsula", "Valeria", "Wei", "Ximena", "Yusuf", "Zoe", "Álvaro", "Begoña", "Ramón", "Noelia"]
LAST_NAMES = ["García", "Smith", "Martínez", "Johnson", "López", "Brown", "Sánchez", "Miller", "Pérez",
              "Davis", "Gómez", "Wilson", "Fernández", "Moore", "Ruiz", "Taylor", "Díaz", "Anderson",
              "Moreno", "Thomas", "Muñoz", "Jackson", "Álvarez", "White", "Romero", "Harris", "Navarro"]
COMPANIES = ["Acme Hosting", "Bodega Verde", "Cafetería Luna", "Dentalia", "EcoRiego", "Ferretería Sol",
             "Globex", "Hotel Mirador", "Initech", "Joyería Ámbar", "Kiosko Digital", "Librería Norte",
             "Mueblería Roble", "Nexo Legal", "Óptica Clara", "Panadería Trigo", "Quantum Labs",
             "Restaurante Olivo", "Soylent", "Talleres Ruiz", "Umbrella Clinic", "Viveros Jardín",
             "Wayne Logistics", "Xilema Studio", "Yoga Shanti", "Zapatería Paso"]
PRODUCTS = ["WordPress", "WooCommerce", "Redis", "MariaDB", "PHP 8.3", "Nginx", "Varnish", "Cloudflare",
            "Let's Encrypt", "Elementor", "Stripe", "Mailgun", "Postfix", "Docker", "Kubernetes", "Grafana",
            "Prometheus", "Hetzner", "OVH", "S3", "Backblaze", "Sentry", "Matomo", "Yoast", "WPML"]
CITIES = ["Barcelona", "Madrid", "València", "Sevilla", "Bilbao", "Zaragoza", "Málaga", "Lisboa", "Paris",
          "Berlin", "London", "Dublin", "Amsterdam", "Milano", "Buenos Aires", "México", "Bogotá", "Lima"]
TOPICS_EN = ["billing", "migration", "backup", "staging site", "DNS records", "SSL certificate", "cache",
             "CDN", "email deliverability", "checkout", "plugin update", "database size", "PHP workers",
             "cron jobs", "uptime alerts", "support ticket", "refund", "invoice", "onboarding", "SEO audit"]
TOPICS_ES = ["facturación", "migración", "copia de seguridad", "entorno de pruebas", "registros DNS",
             "certificado SSL", "caché", "entregabilidad del correo", "pasarela de pago",
             "actualización de plugins", "tamaño de la base de datos", "tareas programadas",
             "alertas de disponibilidad", "ticket de soporte", "devolución", "factura", "configuración",
             "auditoría SEO", "contraseña", "renovación del dominio"]
WEEKDAYS_EN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
WEEKDAYS_ES = ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"]
FOODS = ["coffee", "sushi", "paella", "tacos", "green tea", "croissants", "ramen", "tortilla de patatas"]
HOBBIES = ["climbing", "chess", "running", "photography", "sailing", "guitar", "gardening", "cycling"]

TEMPLATES_EN = [
    "{person} from {company} asked us to schedule the {topic} for {weekday} morning.",
    "The {product} upgrade on {company}'s production site increased response time by {n} ms.",
    "{company} is on the {plan} plan and pays {n} EUR per month; renewal is due in {month}.",
    "{person} prefers to be contacted by email, never by phone, about {topic}.",
    "We moved {company} from {product} to {product2} after repeated {topic} incidents.",
    "Decision: all new sites in {city} get {product} enabled by default ({person} approved it).",
    "{person} mentioned they are allergic to {food} and love {hobby} on weekends.",
    "The {topic} for {company} failed {n} times last week because the {product} quota was exceeded.",
    "Runbook: when {product} alerts fire for {company}, restart the PHP workers and purge the cache.",
    "{person} is the technical contact at {company}; the billing contact is {person2}.",
    "Customer {company} reported slow {topic} from {city}; traceroute showed packet loss at hop {n}.",
    "Our SLA for {plan} customers promises a first response on {topic} within {n} hours.",
    "{person} will be on holiday until {month}; {person2} covers the {topic} tickets meanwhile.",
    "The staging site of {company} uses {product} {n}.{n2} and must not be indexed by search engines.",
]
TEMPLATES_ES = [
    "{person} de {company} pidió programar la {topic} para el {weekday} por la mañana.",
    "La actualización de {product} en la web de {company} subió el tiempo de respuesta {n} ms.",
    "{company} está en el plan {plan} y paga {n} EUR al mes; la renovación es en {month}.",
    "{person} prefiere que le contactemos por correo, nunca por teléfono, sobre la {topic}.",
    "Migramos {company} de {product} a {product2} tras varios incidentes de {topic}.",
    "Decisión: todas las webs nuevas en {city} llevan {product} activado ({person} lo aprobó).",
    "{person} comentó que es alérgico al {food} y que los fines de semana practica {hobby}.",
    "La {topic} de {company} falló {n} veces la semana pasada porque se agotó la cuota de {product}.",
    "Procedimiento: si salta la alerta de {product} en {company}, reiniciar los workers PHP y purgar la caché.",
    "{person} es el contacto técnico de {company}; el contacto de facturación es {person2}.",
    "El cliente {company} reporta lentitud en la {topic} desde {city}; hay pérdida de paquetes en el salto {n}.",
    "Nuestro SLA para clientes {plan} garantiza primera respuesta sobre {topic} en menos de {n} horas.",
    "{person} está de vacaciones hasta {month}; {person2} atiende los tickets de {topic} mientras tanto.",
    "La configuración del entorno de pruebas de {company} usa {product} {n}.{n2} y no debe indexarse.",
]
PLANS = ["Starter", "Business", "Pro", "Agency", "Enterprise"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
MESES = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
         "noviembre", "diciembre"]

QUERIES = [
    "What does Carmen García prefer for contact?",
    "WooCommerce checkout incidents",
    "configuracion entorno de pruebas",
    "¿Quién es el contacto técnico de Panadería Trigo?",
    "Redis cache purge runbook",
    "plan Enterprise renovación",
    "allergic to sushi",
    "migración de Varnish a Cloudflare",
    "SLA first response hours",
    "Hotel Mirador billing invoice",
    "packet loss Bogotá",
    "who approved Let's Encrypt by default in Sevilla",
    "the",
    "zzzz nothing matches this qwertyuiop",
    "Lucía vacaciones",
    "PHP workers restart",
]


def person(rng: random.Random) -> str:
    return f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"


def sentence(rng: random.Random) -> str:
    """One synthetic memory: a random English or Spanish template filled with random entities."""
    spanish = rng.random() < 0.5
    template = rng.choice(TEMPLATES_ES if spanish else TEMPLATES_EN)
    products = rng.sample(PRODUCTS, 2)
    return template.format(
        person=person(rng), person2=person(rng), company=rng.choice(COMPANIES), product=products[0],
        product2=products[1], city=rng.choice(CITIES), topic=rng.choice(TOPICS_ES if spanish else TOPICS_EN),
        weekday=rng.choice(WEEKDAYS_ES if spanish else WEEKDAYS_EN), n=rng.randint(2, 900),
        n2=rng.randint(0, 9), plan=rng.choice(PLANS), month=rng.choice(MESES if spanish else MONTHS),
        food=rng.choice(FOODS), hobby=rng.choice(HOBBIES))


def items(rng: random.Random, count: int, start: int) -> Iterator[RetainItem]:
    base = datetime.now(UTC)
    for i in range(start, start + count):
        tags = tuple(rng.sample(["ops", "billing", "personal", "decision", "customer"], rng.randint(0, 2)))
        yield RetainItem(content=sentence(rng), document_id=f"doc-{i}", tags=tags,
                         timestamp=base - timedelta(minutes=rng.randint(0, 60 * 24 * 365)),
                         context=rng.choice([None, "support chat", "ops channel", "reunión semanal"]))


def pct(sorted_ms: list[float], p: float) -> float:
    return sorted_ms[min(len(sorted_ms) - 1, round(p / 100 * (len(sorted_ms) - 1)))]


async def run(memories: int, banks: int, queries: int, batch: int, seed: int, directory: Path) -> None:
    rng = random.Random(seed)
    path = directory / "bench.db"
    backend = LocalBackend(path)
    bank_ids = [f"user-u_{i}" for i in range(banks)]
    # Uneven banks: the first bank holds the largest share, as a busy shared bank would.
    weights = [1.0 / (i + 1) for i in range(banks)]
    started = time.perf_counter()
    done = 0
    while done < memories:
        n = min(batch, memories - done)
        bank = rng.choices(bank_ids, weights)[0]
        await backend.retain(bank, list(items(rng, n, done)))
        done += n
    insert_s = time.perf_counter() - started
    sizes = {b: await backend.count(b) for b in bank_ids}

    for q in QUERIES:  # warm the page cache and connection pool
        await backend.recall(bank_ids[0], RecallQuery(q, limit=10))
    timings: list[float] = []
    per_query: dict[str, list[float]] = {q: [] for q in QUERIES}
    hits = 0
    scores: list[float] = []
    for i in range(queries):
        q = QUERIES[i % len(QUERIES)]
        query = RecallQuery(q, limit=10, max_tokens=4096,
                            tags=("ops",) if i % 5 == 0 else (), tags_match="any" if i % 2 else "any_strict")
        t0 = time.perf_counter()
        found = await backend.recall(rng.choice(bank_ids), query)
        ms = (time.perf_counter() - t0) * 1000
        timings.append(ms)
        per_query[q].append(ms)
        hits += len(found)
        scores.extend(h.score for h in found)
    await backend.aclose()
    size = sum(p.stat().st_size for p in directory.iterdir() if p.name.startswith("bench.db"))

    timings.sort()
    print(f"memories: {memories} in {banks} banks {sorted(sizes.values(), reverse=True)}")
    print(f"insert: {memories / insert_s:,.0f} items/s ({insert_s:.1f} s, batches of {batch})")
    print(f"file size: {size / 1e6:.1f} MB (db + wal)")
    print(f"recall over {queries} queries ({hits} hits): p50 {pct(timings, 50):.2f} ms  "
          f"p95 {pct(timings, 95):.2f} ms  p99 {pct(timings, 99):.2f} ms  max {timings[-1]:.2f} ms")
    if scores:
        print(f"scores: min {min(scores):.4g}  median {statistics.median(scores):.4g}  max {max(scores):.4g}")
    print("per query (median ms):")
    for q, samples in per_query.items():
        if samples:
            print(f"  {statistics.median(samples):7.2f}  {q}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--memories", type=int, default=100_000)
    parser.add_argument("--banks", type=int, default=5)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--batch", type=int, default=500, help="items per retain call")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--dir", type=Path, default=None, help="where to put the file (default: a temp dir)")
    args = parser.parse_args()
    if args.dir is not None:
        args.dir.mkdir(parents=True, exist_ok=True)
        asyncio.run(run(args.memories, args.banks, args.queries, args.batch, args.seed, args.dir))
        return
    with tempfile.TemporaryDirectory(prefix="wetopi-bench-") as tmp:
        asyncio.run(run(args.memories, args.banks, args.queries, args.batch, args.seed, Path(tmp)))


if __name__ == "__main__":
    main()
