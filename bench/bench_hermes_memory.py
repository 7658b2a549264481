"""Does memory keep up with a conversation through real Hermes 0.19.0 turns, and what does it add per turn?

    .venv/bin/python bench/bench_hermes_memory.py [--latency-ms 20 100] [--extraction 0.5] [--pause 0.4]
                                                  [--rounds 1]

Five conversations of six turns (Spanish and English, five people), written to state durable facts and ask about
them later: explicit requests ("¿qué decidimos sobre…?", "what did we agree…"), topic switches to another scope
and back, and back-to-back turns (no pause). Every turn lists the substrings of earlier facts it needs.

Per backend latency, two arms side by side, each a fresh Hermes process running the five conversations (one
session and one AIAgent each, gateway style: platform telegram, a known user) through `AIAgent.run_conversation`
against the stub LLM:

* `no memory`     - wetopi-memory not enabled;
* `wetopi-memory` - the plugin as the tree ships it, its backend the real HindsightBackend over HTTP.

The backend is FakeHindsight behind a real HTTP server on 127.0.0.1 (`FakeHindsightServer` of
bench_hermes_turn.py) with a fixed latency per request, and like Hindsight it needs time to extract: a retained
memory is found by recall only `--extraction` seconds after the retain was answered. Each process gets a fresh
server, its shared banks seeded with a few memories that hold none of the needed substrings.

Prints, per latency: median and p90 turn wall time of both arms and what wetopi-memory adds (normal turns apart
from explicit requests and topic switches); recall requests that reached the backend inside a turn, between the
start of `pre_llm_call` and the LLM request's arrival at the stub, how many of them were answered before it (the
turn waited for them), and other requests in that window (background retain delivery); the share of turns
whose injected context (what the stub LLM received) holds every substring the turn needs, with the misses listed;
and `pre_llm_call` p50/p99, also on warm turns (no recall request inside the turn).
Figures only, no assertions. About 3 minutes with the defaults.

The Hermes processes import wetopi_memory from the checkout holding this file (PYTHONPATH), so a copy of
another commit (`git archive <commit> | tar -x -C DIR`, then run DIR/bench/bench_hermes_memory.py) measures that
commit without touching the shared Hermes venv.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from bench.bench_hermes_turn import FakeHindsightServer, hermes_config, seed  # noqa: E402
from tests.e2e.hermes_env import ensure_hermes, venv_python  # noqa: E402
from wetopi_memory.backends.fake_hindsight import FakeHindsight  # noqa: E402

RUNNER = ROOT / "bench" / "hermes_memory_runner.py"
STUB = ROOT / "tests" / "e2e" / "stub_llm.py"
MARKER = "[Wetopi Memory Plane]"
Kind = Literal["normal", "explicit", "switch"]


@dataclass(frozen=True)
class Turn:
    """One user message, what kind of turn it is, the earlier facts it needs, and whether it follows at once."""

    message: str
    kind: Kind = "normal"
    needs: tuple[str, ...] = ()
    back_to_back: bool = False


@dataclass(frozen=True)
class Conversation:
    user: str  # the telegram account id of the speaker
    turns: tuple[Turn, ...]


CONVERSATIONS = (
    Conversation("5001", (  # en: platform, a switch to business and back
        Turn("Decision: the RKE2 production clusters use Cilium as the CNI with kube-proxy replacement."),
        Turn("Which CNI should the new RKE2 staging cluster get?", needs=("Cilium",), back_to_back=True),
        Turn("Different topic: Acme signed the support contract at 95 euros per hour, billed monthly.",
             kind="switch"),
        Turn("Draft the note for Acme's monthly invoice of support hours.", needs=("95 euros",)),
        Turn("Back to the clusters: how is networking set up on the RKE2 production clusters?", kind="switch",
             needs=("Cilium",)),
        Turn("What did we decide about the Acme support rate?", kind="explicit", needs=("95 euros",),
             back_to_back=True),
    )),
    Conversation("5002", (  # es: business, a switch to platform and back
        Turn("Decisión: el plan Pro de Wetopi cuesta 49 euros al mes desde enero."),
        Turn("¿Cuánto le cobro a un cliente nuevo que contrata el plan Pro?", needs=("49 euros",),
             back_to_back=True),
        Turn("Acordamos con Globex un descuento del 20 por ciento durante el primer año del contrato."),
        Turn("¿Qué decidimos sobre el precio del plan Pro?", kind="explicit", needs=("49 euros",)),
        Turn("Cambiando de tema: el clúster de Kubernetes de staging usa Traefik como ingress controller.",
             kind="switch"),
        Turn("Volviendo a Globex, ¿qué descuento acordamos con ellos?", kind="explicit", needs=("20 por ciento",)),
    )),
    Conversation("5003", (  # en: personal preferences, a platform question, back to personal
        Turn("Remember that I prefer answers in bullet points, never long paragraphs."),
        Turn("Summarise the on-call rota change for me.", needs=("bullet points",), back_to_back=True),
        Turn("My working hours are 8:00 to 16:00 Madrid time, so don't page me after 16:00."),
        Turn("Which ingress controller runs on our Kubernetes clusters?", kind="switch"),
        Turn("Can I take a support call at 17:00 today?", kind="switch", needs=("16:00",)),
        Turn("Do you remember how I like my answers formatted?", kind="explicit", needs=("bullet points",)),
    )),
    Conversation("5004", (  # es: platform operations, back-to-back follow-ups
        Turn("Decisión: las copias de seguridad de Postgres se hacen con pgBackRest cada noche a las 02:00."),
        Turn("¿A qué hora corre el backup de Postgres?", needs=("02:00",), back_to_back=True),
        Turn("Decisión: el clúster RKE2 de producción se actualiza el primer martes de cada mes."),
        Turn("Prepara la ventana de mantenimiento del clúster RKE2 de producción de este mes.",
             needs=("primer martes",)),
        Turn("¿Qué decidimos sobre las copias de seguridad de Postgres?", kind="explicit", needs=("pgBackRest",)),
        Turn("¿Y con qué herramienta restauro la base de datos de Postgres si falla?", needs=("pgBackRest",),
             back_to_back=True),
    )),
    Conversation("5005", (  # en/es: business with a personal switch
        Turn("Decision: Initech renews its hosting contract every March at 1200 euros per month."),
        Turn("When does the Initech hosting renewal come up?", needs=("March",)),
        Turn("Por cierto, prefiero que me llames Evi, no Evangelina.", kind="switch"),
        Turn("Prepare the Initech renewal email with the monthly price.", kind="switch", needs=("1200 euros",),
             back_to_back=True),
        Turn("What did we agree with Initech about the hosting contract?", kind="explicit",
             needs=("1200 euros", "March")),
        Turn("¿Cómo prefiero que me llames en los correos?", kind="switch", needs=("Evi",)),
    )),
)
SEEDS = {
    "bench-platform": ["ingress-nginx is the ingress controller on every Kubernetes cluster.",
                       "Argo CD deploys the platform from the platform-gitops repository.",
                       "cert-manager rotates the RKE2 control plane certificates."],
    "bench-business": ["Hooli pays its consulting hours at the standard rate, invoiced quarterly.",
                       "El plan Basic de Wetopi incluye soporte por correo electrónico."],
}
USERS = {f"u_{c.user}": {"allowed_scopes": ["personal", "business", "platform"], "accounts": [f"telegram:{c.user}"]}
         for c in CONVERSATIONS}


class ExtractingFakeHindsight(FakeHindsight):
    """FakeHindsight whose recall finds a retained memory only `extraction` seconds after the retain."""

    def __init__(self, latency: float, extraction: float) -> None:
        super().__init__("1.1.0", latency=latency)
        self.extraction = extraction
        self.visible_at: dict[str, float] = {}

    def _op_retain(self, bank_id: str, body: dict[str, Any], params: Any, ignored: list[str]) -> dict[str, Any]:
        answer = super()._op_retain(bank_id, body, params, ignored)
        ready = time.monotonic() + self.extraction
        for memory in self.banks[bank_id].memories:
            self.visible_at.setdefault(memory["id"], ready)
        return answer

    def _search(self, bank: Any, body: dict[str, Any]) -> list[dict[str, Any]]:
        now = time.monotonic()
        extracted = [m for m in bank.memories if self.visible_at.get(m["id"], 0.0) <= now]
        return super()._search(replace(bank, memories=extracted), body)


# ---------------------------------------------------------------------------------------------- one process


def write_homes(work: Path, *, plugin: bool, backend_url: str, stub_port: int) -> None:
    """Hermes' home with the directory plugin, its config and identities, and Hermes' own config."""
    home = work / "home"
    plugin_dir = home / "plugins" / "wetopi-memory"
    plugin_dir.mkdir(parents=True)
    for name in ("plugin.yaml", "__init__.py"):
        (plugin_dir / name).write_bytes((ROOT / "plugin" / name).read_bytes())
    (plugin_dir / "identities.yaml").write_text(yaml.safe_dump({"version": 1, "users": USERS}))
    (plugin_dir / "config.yaml").write_text(yaml.safe_dump({
        "version": 1,
        "backend": {"type": "hindsight", "url": backend_url, "timeout_seconds": 5},
        "recall": {"automatic": {"types": ["observation", "world"]}},
        "stores": {
            "personal": {"bank_template": "bench-user-{internal_user_id}",
                         "retain": {"mode": "automatic", "policy": "personal"}},
            "business": {"bank": "bench-business", "retain": {"mode": "curated", "policy": "business"}},
            "platform": {"bank": "bench-platform", "retain": {"mode": "curated", "policy": "platform"}}},
        "identity": {"file": "identities.yaml"},
    }, sort_keys=False))
    (home / "config.yaml").write_text(hermes_config(stub_port, plugin=plugin))


def spec_turns(pause: float) -> list[dict[str, Any]]:
    return [{"agent": f"c{ci}", "session_id": f"bench-conv-{ci}", "platform": "telegram", "user_id": conv.user,
             "chat_id": f"chat-{conv.user}", "message": turn.message,
             "pause_before": 0 if turn.back_to_back or ti == 0 else pause}
            for ci, conv in enumerate(CONVERSATIONS) for ti, turn in enumerate(conv.turns)]


def run_arm(python: Path, work: Path, *, plugin: bool, latency: float, extraction: float,
            pause: float) -> dict[str, Any]:
    """One Hermes process over all conversations; its result, the stub's chat requests and the backend's log."""
    server = FakeHindsightServer(latency, ExtractingFakeHindsight(latency, extraction))
    for bank, texts in SEEDS.items():
        seed(server.url, bank, texts)
    work.mkdir(parents=True)
    log = work / "stub.jsonl"
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL", "TMPDIR")}
    env.update(HOME=str(work), HERMES_HOME=str(work / "home"), HERMES_DISABLE_LAZY_INSTALLS="1",
               TIRITH_ENABLED="false", WETOPI_MEMORY_STATE_DIR=str(work / "state"),
               NO_PROXY="127.0.0.1,localhost", no_proxy="127.0.0.1,localhost",
               PYTHONPATH=str(ROOT))  # the plugin code measured is this checkout's, whatever the venv points at
    stub = subprocess.Popen([str(python), str(STUB), "--log", str(log)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert stub.stdout is not None
        port = int(stub.stdout.readline())
        write_homes(work, plugin=plugin, backend_url=server.url, stub_port=port)
        spec = {"base_url": f"http://127.0.0.1:{port}/v1", "toolsets": ["wetopi_memory"], "finalize": True,
                "instrument": True, "turns": spec_turns(pause)}
        (work / "spec.json").write_text(json.dumps(spec))
        done = subprocess.run([str(python), str(RUNNER), str(work / "spec.json"), str(work / "result.json")],
                              env=env, cwd=str(work), capture_output=True, text=True, timeout=600)
    finally:
        stub.terminate()
        stub.wait(10)
        server.close()
    result: dict[str, Any] = json.loads((work / "result.json").read_text()) if done.returncode == 0 else {}
    if done.returncode != 0 or result.get("exception"):
        raise SystemExit(f"Hermes failed: {result.get('exception') or done.stderr[-2000:]}")
    if plugin and not result.get("plugin_loaded"):
        raise SystemExit(f"wetopi-memory did not load: {result.get('plugin_error')}")
    source = next((r["path"] for r in result.get("speakers") or [] if r.get("call") == "source"), str(ROOT))
    if plugin and not source.startswith(str(ROOT)):
        raise SystemExit(f"Hermes loaded wetopi_memory from {source}, not from {ROOT}")
    result["chats"] = [r for r in map(json.loads, log.read_text().splitlines())
                       if r.get("method") == "POST" and "messages" in (r.get("body") or {})]
    result["served"] = list(server.served)
    result["retained"] = [m["text"] for bank in server.fake.banks.values() for m in bank.memories]
    return result


# ---------------------------------------------------------------------------------------------- reading a run


@dataclass(frozen=True)
class TurnFigures:
    """What one turn of one arm cost and carried."""

    conversation: int
    index: int
    turn: Turn
    ms: float
    pre_llm_ms: float | None = None
    started: int = 0  # recall requests that reached the backend between pre_llm_call and the LLM request
    answered: int = 0  # ... and were answered before the LLM request arrived (the turn waited for them)
    other: int = 0  # other requests in that window (background retain delivery, health probes)
    injected: str = ""
    missing: tuple[str, ...] = ()


def _last_user_text(chat: dict[str, Any]) -> str:
    users = [m for m in chat["body"]["messages"] if m.get("role") == "user"]
    content = users[-1].get("content") if users else ""
    return content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)


def read_run(result: dict[str, Any]) -> list[TurnFigures]:
    """Per turn: wall time, pre_llm_call time, backend requests inside the turn, the injected block."""
    pres = [r for r in result.get("speakers") or [] if r.get("call") == "pre_llm_call"]
    out: list[TurnFigures] = []
    flat = [(ci, ti, turn) for ci, conv in enumerate(CONVERSATIONS) for ti, turn in enumerate(conv.turns)]
    for (ci, ti, turn), outcome in zip(flat, result["turns"], strict=True):
        figures = TurnFigures(ci, ti, turn, outcome["seconds"] * 1000)
        chats = [c for c in result["chats"] if _last_user_text(c).startswith(turn.message)]
        pre = next((p for p in pres if p["session"] == f"bench-conv-{ci}" and p["message"].startswith(
            turn.message[:200])), None)
        if chats:
            text = _last_user_text(chats[0])
            block = text.split(MARKER, 1)[1] if MARKER in text else ""
            missing = tuple(n for n in turn.needs if n.lower() not in block.lower())
            figures = replace(figures, injected=block, missing=missing)
        if pre is not None and chats:
            arrived = float(chats[0]["received"])
            inside = [s for s in result["served"] if pre["start"] <= s["start"] <= arrived]
            recalls = [s for s in inside if s["path"].split("?", 1)[0].endswith("/memories/recall")]
            figures = replace(figures, pre_llm_ms=pre["seconds"] * 1000, started=len(recalls),
                              answered=sum(1 for s in recalls if s["end"] <= arrived),
                              other=len(inside) - len(recalls))
        out.append(figures)
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else float("nan")


# ---------------------------------------------------------------------------------------------- report


def report(latency_ms: float, base: list[TurnFigures], memory: list[TurnFigures]) -> None:
    print(f"\n== backend latency {latency_ms:.0f} ms/request ==")
    print(f"{'turns':<18}{'n':>4}{'no memory med/p90':>20}{'wetopi med/p90':>17}{'added med':>11}{'added p90':>11}"
          f"{'recalls in turn':>17}{'waited':>8}{'other':>7}")
    groups: list[tuple[str, tuple[Kind, ...]]] = [("normal", ("normal",)), ("explicit/switch", ("explicit", "switch")),
                                                  ("  explicit", ("explicit",)), ("  switch", ("switch",)),
                                                  ("all", ("normal", "explicit", "switch"))]
    for name, kinds in groups:
        b = [t.ms for t in base if t.turn.kind in kinds]
        m = [t for t in memory if t.turn.kind in kinds]
        ms = [t.ms for t in m]
        print(f"{name:<18}{len(m):>4}{statistics.median(b):>11.1f} /{pct(b, .9):>6.1f}"
              f"{statistics.median(ms):>9.1f} /{pct(ms, .9):>6.1f}"
              f"{statistics.median(ms) - statistics.median(b):>+11.1f}{pct(ms, .9) - pct(b, .9):>+11.1f}"
              f"{sum(t.started for t in m):>17}{sum(t.answered for t in m):>8}{sum(t.other for t in m):>7}")
    print(f"targets (issue #13): normal turns added median < 5 ms and p90 < 20 ms; explicit requests and topic "
          f"switches add at most {latency_ms + 10:.0f} ms (one backend latency + 10 ms)")
    needing = [t for t in memory if t.turn.needs]
    carried = [t for t in needing if not t.missing]
    with_block = [t for t in memory if t.injected]
    print(f"turns whose injected context holds the earlier facts they need: {len(carried)} of {len(needing)}; "
          f"turns with any memory injected: {len(with_block)} of {len(memory)}")
    misses: dict[tuple[int, int], list[TurnFigures]] = {}
    for t in needing:
        if t.missing:
            misses.setdefault((t.conversation, t.index), []).append(t)
    runs = len(memory) // sum(len(c.turns) for c in CONVERSATIONS)
    for (ci, ti), missed in sorted(misses.items()):
        turn, empty = missed[0].turn, sum(1 for t in missed if not t.injected)
        lacking = sorted({n for t in missed for n in t.missing})
        print(f"  missed in {len(missed)} of {runs} runs: conversation {ci + 1} turn {ti + 1} ({turn.kind}"
              f"{', back-to-back' if turn.back_to_back else ''}) lacked {', '.join(lacking)}"
              f"{f'; nothing injected in {empty}' if empty else ''}")
    pre = [t.pre_llm_ms for t in memory if t.pre_llm_ms is not None]
    warm = [t.pre_llm_ms for t in memory if t.pre_llm_ms is not None and t.started == 0]  # no recall inside
    print(f"pre_llm_call: p50 {pct(pre, .5):.3f} ms, p99 {pct(pre, .99):.3f} ms over {len(pre)} turns; "
          f"warm (no recall inside the turn): p50 {pct(warm, .5):.3f} ms, p99 {pct(warm, .99):.3f} ms "
          f"over {len(warm)} turns")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency-ms", type=float, nargs="+", default=[20.0, 100.0])
    parser.add_argument("--extraction", type=float, default=0.5,
                        help="seconds after a retain before recall finds it (Hindsight extracting facts)")
    parser.add_argument("--pause", type=float, default=0.4, help="seconds between turns that are not back-to-back")
    parser.add_argument("--rounds", type=int, default=3, help="processes per arm and latency, arm order rotated")
    parser.add_argument("--show-retained", action="store_true", help="print what the backend holds at the end")
    args = parser.parse_args()
    # an existing venv is used as it is: re-pointing its editable install would disturb other checkouts using it
    python = venv_python() if venv_python().exists() else ensure_hermes()
    conversations, turns = len(CONVERSATIONS), sum(len(c.turns) for c in CONVERSATIONS)
    print(f"Hermes 0.19.0, stub LLM; {conversations} conversations, {turns} turns per process; extraction delay "
          f"{args.extraction:.2f} s; {args.pause:.2f} s between turns that are not back-to-back; "
          f"{args.rounds} process(es) per arm and latency")
    with tempfile.TemporaryDirectory(prefix="bench-hermes-memory-") as tmp:
        for latency_ms in args.latency_ms:
            arms: dict[bool, list[TurnFigures]] = {False: [], True: []}
            for round_ in range(args.rounds):
                for plugin in ((False, True) if round_ % 2 == 0 else (True, False)):
                    result = run_arm(python, Path(tmp) / f"l{latency_ms:.0f}-r{round_}-{int(plugin)}",
                                     plugin=plugin, latency=latency_ms / 1000, extraction=args.extraction,
                                     pause=args.pause)
                    arms[plugin].extend(read_run(result))
                    if plugin and args.show_retained:
                        print("retained:", json.dumps(result["retained"], ensure_ascii=False, indent=1))
            report(latency_ms, arms[False], arms[True])


if __name__ == "__main__":
    main()
