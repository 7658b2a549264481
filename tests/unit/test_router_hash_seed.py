"""RuleRouter decides the same under every hash seed: variants of a term share a rank, and which one a message keeps
must not depend on the order of a set (design: deterministic routing)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEXTS = [
    "Runbook for OpenSearch node certs: after each renewal we restart the data statefulset and wait for green.",
    "Marta wants the white-label panels under agencies.wetopi.com, one subdomain per agency.",
    "los clientes del cliente nuevo se quejan del certificado caducado tras la renovación",
]
_SCRIPT = ("import json, sys\nfrom wetopi_memory.router import RuleRouter\n"
           "r = RuleRouter((), known_scopes=('personal', 'business', 'platform'), cache_size=0)\n"
           "print(json.dumps([[list(d.scope_names), sorted(m.term for m in d.matches)]"
           " for d in map(r.route, json.loads(sys.argv[1]))]))\n")


def _decisions(seed: str) -> object:
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", _SCRIPT, json.dumps(TEXTS)], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120, check=True)
    return json.loads(done.stdout)


def test_decisions_do_not_depend_on_the_hash_seed() -> None:
    first = _decisions("0")
    assert all(_decisions(seed) == first for seed in ("1", "2", "3"))
