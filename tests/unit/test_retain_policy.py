"""The retain PolicyEngine: a labelled ES/EN table, explicit retains through the same policies, policies as data."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from wetopi_memory.backends.local import LocalBackend
from wetopi_memory.config import parse_config
from wetopi_memory.identity import Identity, IdentityResolver
from wetopi_memory.plane import MemoryPlane
from wetopi_memory.retain import REASON_CODES, CandidateBuilder, PolicyEngine, ScopePolicy
from wetopi_memory.retain.evidence import TurnEvidenceBuffer
from wetopi_memory.retain.planning import evaluate_statement

CONFIG = """
backend: {type: local}
stores:
  personal: {bank_template: "user-{internal_user_id}", retain: {mode: automatic, policy: personal}}
  business: {bank: wetopi-business, retain: {policy: business}}
  platform: {bank: wetopi-platform, retain: {policy: platform}}
  security: {bank: wetopi-security}
  support: {bank: wetopi-support, retain: {policy: business}}
  docs: {bank: wetopi-docs, access: read_only}
  archive: {bank: wetopi-archive, retain: {mode: disabled}}
  handbook: {bank: wetopi-handbook, retain: {mode: manual}}
"""
IDENTITIES = """
users:
  u_ana:
    display_name: Ana
    allowed_scopes: [personal, business, platform, security, support, docs, archive, handbook]
    accounts: ["telegram:1001"]
  u_bob: {display_name: Bob, allowed_scopes: [personal], accounts: ["telegram:2001"]}
"""

# Realistic-looking (random) credentials, assembled so that no scanner flags this file.
GH_TOKEN = "ghp_" + "R8mK2pQ9vX4tL7wZ3nB6yH1cF5jD0sA2eG8u"
STRIPE_KEY = "sk_live_" + "51HqLyjWDarjtT1zdp7dc4eC39"


@pytest.fixture(scope="module")
def plane(tmp_path_factory: pytest.TempPathFactory) -> MemoryPlane:
    tmp = tmp_path_factory.mktemp("policy")
    config = parse_config(CONFIG, "c.yaml", {})
    ids = tmp / "ids.yaml"
    ids.write_text(IDENTITIES)
    resolver = IdentityResolver.from_file(ids, known_scopes=config.stores)
    return MemoryPlane(config, identities=resolver, backends={"local": LocalBackend(tmp / "m.db")})


@pytest.fixture(scope="module")
def ana(plane: MemoryPlane) -> Identity:
    return plane.identify("telegram", "1001")


def judge(plane: MemoryPlane, identity: Identity, text: str, scope: str, **kwargs: Any) -> Any:
    builder = CandidateBuilder(plane.router)
    policy = PolicyEngine(plane.config, plane.acl)
    return evaluate_statement(builder, policy, identity, text, scope, **kwargs)


# (statement, scope, expected decision, reason codes that must be among the reasons)
TABLE: list[tuple[str, str, str, tuple[str, ...]]] = [
    # ---------------------------------------------------------------- platform
    ("The root cause was an MTU mismatch on the VXLAN overlay; verified with ping -M do between nodes.",
     "platform", "accept", ()),
    ("La causa raíz fue un MTU incorrecto en la VXLAN; lo hemos comprobado con ping entre nodos.",
     "platform", "accept", ()),
    ("I think the root cause is the MTU on the VXLAN overlay.", "platform", "reject", ("hypothesis",)),
    ("Creo que el problema puede ser el DNS del clúster.", "platform", "reject", ("hypothesis",)),
    ("Quizás haya que subir el límite de memoria del pod.", "platform", "reject", ("hypothesis",)),
    ("Posiblemente el nodo wan-2 tenga el disco degradado.", "platform", "reject", ("hypothesis",)),
    ("The root cause was the expired TLS certificate on the ingress.", "platform", "reject", ("unverified",)),
    ("La causa raíz es el certificado caducado, pero está sin confirmar.", "platform", "reject", ("unverified",)),
    ("The fix was to raise the MTU to 1450 on every node; confirmed after the rollout.", "platform", "accept", ()),
    ("Los load balancers WAN utilizan IPVS + VRRP y DSR hacia los nodos WAN.", "platform", "accept", ()),
    ("We decided to use Cilium as the CNI for every new RKE2 cluster.", "platform", "accept", ()),
    ("Never run kubectl delete namespace on the production cluster without a Velero backup.", "platform",
     "accept", ()),
    ("To restore a Ceph OSD, first mark it out, then run ceph osd purge and recreate it with cephadm.",
     "platform", "accept", ()),
    ("Argo CD syncs every application from the platform-gitops repository.", "platform", "accept", ()),
    ("La API de RKE2 escucha en el puerto 6443 detrás de la VIP 10.0.0.10.", "platform", "accept", ()),
    ("Done, the deployment is finished.", "platform", "reject", ("transient",)),
    ("Estoy revisando los logs del ingress ahora mismo.", "platform", "reject", ("transient",)),
    ("I restarted the coredns pods and it works now.", "platform", "reject", ("transient",)),
    ("2024-05-02 10:11:12 ERROR ingress-nginx upstream timed out\n"
     "2024-05-02 10:11:13 ERROR ingress-nginx upstream timed out", "platform", "reject", ("raw_tool_output",)),
    ("Traceback (most recent call last):\n  File \"app.py\", line 3, in <module>\nKeyError: 'x'", "platform",
     "reject", ("raw_tool_output",)),
    ('{"status": "ok", "replicas": 3, "ready": 3}', "platform", "reject", ("raw_tool_output",)),
    ("Thanks, that's perfect!", "platform", "reject", ("filler",)),
    ("The database password is Xk9mQ2vL7pR4wZ9a and it is used by the billing service.", "platform", "reject",
     ("secret_detected",)),
    (f"The CI deploy key is export GITHUB_TOKEN={GH_TOKEN} and it never expires.", "platform", "reject",
     ("secret_detected",)),
    ("Should we move Grafana to the monitoring namespace?", "platform", "reject", ("not_durable",)),
    ("Argo CD is great.", "platform", "reject", ("category_not_accepted",)),
    # ---------------------------------------------------------------- business
    ("Decidimos que el plan gestionado de Hermes costará 49 € al mes.", "business", "accept", ()),
    ("We decided to offer a 20% discount on annual subscriptions.", "business", "accept", ()),
    ("Wetopi will sell managed Hermes agents to WordPress agencies first.", "business", "accept", ()),
    ("El roadmap de producto prioriza el plan Agencias para el Q3.", "business", "accept", ()),
    ("Enterprise customers must sign the DPA before onboarding.", "business", "accept", ()),
    ("A lo mejor subimos los precios en enero.", "business", "reject", ("hypothesis",)),
    ("Maybe we should target hotels next quarter.", "business", "reject", ("hypothesis",)),
    ("Gracias, perfecto.", "business", "reject", ("filler",)),
    ("The invoice for Globex is done.", "business", "reject", ("transient",)),
    (f"Our Stripe live key is {STRIPE_KEY} and we charge 49 EUR per month.", "business", "reject",
     ("secret_detected",)),
    ("Kubernetes nodes have 64 GB of RAM.", "business", "reject", ("category_not_accepted",)),
    # ---------------------------------------------------------------- personal
    ("Prefiero respuestas cortas y en español.", "personal", "accept", ()),
    ("I prefer dark mode in every dashboard.", "personal", "accept", ()),
    ("From now on, always answer me in Spanish.", "personal", "accept", ()),
    ("A partir de ahora llámame Carlos.", "personal", "accept", ()),
    ("Me gusta revisar los PRs por la mañana.", "personal", "accept", ()),
    ("I'm working on it.", "personal", "reject", ("transient",)),
    ("Maybe I'll switch to Neovim.", "personal", "reject", ("hypothesis",)),
    ("ok gracias", "personal", "reject", ("filler",)),
    ("Mi contraseña del portátil es Tr0ub4dor&3xQ9", "personal", "reject", ("secret_detected",)),
    ("Let me check the calendar for tomorrow.", "personal", "reject", ("transient",)),
    # ---------------------------------------------------------------- scopes by configuration
    ("We decided that support tickets are answered within 4 business hours.", "support", "accept", ()),
    ("We decided that every incident review happens on Mondays.", "security", "accept", ()),
    ("We decided to archive the old wiki.", "archive", "reject", ("retain_disabled",)),
    ("We decided the handbook is reviewed every quarter.", "handbook", "reject", ("manual_only",)),
    ("We decided the docs follow the Diátaxis structure.", "docs", "reject", ("scope_denied",)),
]


def _codes(reasons: tuple[str, ...]) -> set[str]:
    return {r.split(":", 1)[0] for r in reasons}


@pytest.mark.parametrize(("text", "scope", "expected", "codes"), TABLE,
                         ids=[f"{i:02d}-{t[1]}" for i, t in enumerate(TABLE)])
def test_labelled_statement(plane: MemoryPlane, ana: Identity, text: str, scope: str, expected: str,
                            codes: tuple[str, ...]) -> None:
    decision = judge(plane, ana, text, scope)
    assert decision.verdict == expected, (text, decision.reasons)
    assert set(codes) <= _codes(decision.reasons), (text, decision.reasons)
    assert _codes(decision.reasons) <= set(REASON_CODES)
    if expected == "accept":
        assert decision.document_id and decision.document_id.startswith("wm-")


def test_table_size_and_accuracy(plane: MemoryPlane, ana: Identity) -> None:
    assert len(TABLE) >= 40
    assert {t[0][:1] for t in TABLE}  # non-empty statements
    correct = sum(judge(plane, ana, text, scope).verdict == expected and
                  set(codes) <= _codes(judge(plane, ana, text, scope).reasons)
                  for text, scope, expected, codes in TABLE)
    assert correct == len(TABLE)
    spanish = sum(any(ch in t[0] for ch in "áéíóúñ¿¡") or " que " in t[0] for t in TABLE)
    assert spanish >= 10


def test_secret_rejection_reports_rule_and_offsets_never_the_value(plane: MemoryPlane, ana: Identity) -> None:
    text = f"The CI deploy key is export GITHUB_TOKEN={GH_TOKEN} and it never expires."
    decision = judge(plane, ana, text, "platform")
    assert any(r.startswith("secret_detected:") for r in decision.reasons)
    assert decision.document_id is None
    explained = str(decision.to_dict())
    assert GH_TOKEN not in explained and "secrets" in decision.to_dict()
    (rule, start, end), = decision.findings
    assert text[start:end] == GH_TOKEN and rule in decision.reasons[0]


def test_verified_by_a_successful_tool_call_of_the_same_domain(plane: MemoryPlane, ana: Identity) -> None:
    text = "The root cause was the expired TLS certificate on the ingress."
    buffer = TurnEvidenceBuffer()
    buffer.record("s", "t", "kubectl_get", args={"command": "kubectl get certificate -n ingress"},
                  result="NAME READY\ningress-tls False", status="ok")
    evidence = buffer.pop("s", "t")
    decision = judge(plane, ana, text, "platform", evidence=evidence)
    assert decision.accept and decision.verified
    # A failed call is no verification.
    buffer.record("s", "t", "kubectl_get", args={"command": "kubectl get certificate"}, result="", status="error",
                  error_type="Timeout")
    assert judge(plane, ana, text, "platform", evidence=buffer.pop("s", "t")).reasons == ("unverified",)


def test_every_reason_is_listed_for_explainability(plane: MemoryPlane, ana: Identity) -> None:
    decision = judge(plane, ana, "Maybe it's done, I'm not sure.", "platform")
    assert {"hypothesis", "transient", "not_durable", "category_not_accepted"} <= _codes(decision.reasons)


# -------------------------------------------------------------------------------------------------- explicit retains

def run(coro: Any) -> Any:
    return asyncio.run(coro)


@pytest.mark.parametrize(("text", "scope", "kwargs", "expected", "codes"), [
    ("Alice uses vim", "personal", {}, "accept", ()),
    ("Argo CD syncs every cluster from the platform-gitops repo", "platform", {}, "accept", ()),
    ("Ingress uses the nginx controller behind IPVS", "platform", {}, "accept", ()),
    ("maybe we should use cilium", "platform", {}, "reject", ("hypothesis",)),
    ("Done.", "platform", {}, "reject", ("transient",)),
    ("gracias!", "personal", {}, "reject", ("filler",)),
    ("The root cause was the kube-proxy conntrack table", "platform", {}, "reject", ("unverified",)),
    ("The root cause was the kube-proxy conntrack table", "platform",
     {"reason": "confirmed operational learning", "confidence": 0.98}, "accept", ()),
    ("I prefer dark mode", "platform", {}, "reject", ("category_not_accepted",)),
    ("We decided to use Loki for logs", "platform", {"confidence": 0.2}, "reject", ("low_confidence",)),
    (f"token={GH_TOKEN}", "platform", {}, "reject", ("secret_detected",)),
    ("$ kubectl get pods -A", "platform", {}, "reject", ("raw_tool_output",)),
    ("   ", "platform", {}, "reject", ("empty",)),
    ("x" * 20_001, "platform", {}, "reject", ("too_long",)),
    ("We decided to archive it", "archive", {}, "reject", ("retain_disabled",)),
    ("We decided the handbook is reviewed yearly", "handbook", {}, "accept", ()),  # manual scopes take explicit
])
def test_explicit_retain_goes_through_the_same_policies(plane: MemoryPlane, ana: Identity, text: str, scope: str,
                                                        kwargs: dict[str, Any], expected: str,
                                                        codes: tuple[str, ...]) -> None:
    decision = plane.evaluate_retain(ana, text, scope, **kwargs)
    assert decision.verdict == expected, decision.reasons
    assert set(codes) <= _codes(decision.reasons)
    result = run(plane.retain(ana, text, scope, dry_run=True, **kwargs))
    assert result.status == ("would_store" if expected == "accept" else "rejected")
    assert list(result.reasons) == list(decision.reasons)


def test_explicit_rejection_stores_nothing_and_acceptance_stores(plane: MemoryPlane, ana: Identity) -> None:
    rejected = run(plane.retain(ana, "I think the ingress might be broken", "platform"))
    assert rejected.stored is False and rejected.status == "rejected" and "hypothesis" in rejected.reasons
    stored = run(plane.retain(ana, "We decided Grafana dashboards live in the platform-gitops repo", "platform"))
    assert stored.stored is True and stored.status == "stored"
    data = stored.to_dict()
    assert data["decision"] == "accept" and data["reasons"] == []
    hits = run(plane.search(ana, "grafana dashboards platform-gitops", ["platform"])).hits
    assert any("Grafana dashboards" in h.content for h in hits)
    assert not any("might be broken" in h.content
                   for h in run(plane.search(ana, "ingress might be broken", ["platform"])).hits)


def test_acl_denial_raises_for_a_real_retain_and_is_a_reason_for_a_dry_run(plane: MemoryPlane) -> None:
    from wetopi_memory import AccessDenied

    bob = plane.identify("telegram", "2001")
    decision = plane.evaluate_retain(bob, "We decided to use Cilium", "platform")
    assert decision.reasons == ("scope_denied",) and decision.acl_code == "scope_not_allowed"
    with pytest.raises(AccessDenied):
        run(plane.retain(bob, "We decided to use Cilium", "platform"))


# -------------------------------------------------------------------------------------------------- policies as data

def test_policies_are_data_and_scopes_pick_them_by_configuration(plane: MemoryPlane) -> None:
    engine = PolicyEngine(plane.config, plane.acl)
    assert engine.policy_for("platform").require_verified_for >= {"root_cause", "fix"}
    assert engine.policy_for("support").name == "business"       # configured
    assert engine.policy_for("security").name == "default"       # a new scope without a policy
    assert engine.policy_for("personal").evictable and not engine.policy_for("business").evictable
    assert engine.policy_for("platform").to_dict()["min_durability"] == 0.7


def test_custom_policy_overrides(plane: MemoryPlane, ana: Identity) -> None:
    strict = ScopePolicy("default", frozenset({"runbook"}), min_durability=0.9)
    engine = PolicyEngine(plane.config, plane.acl, policies={"default": strict})
    builder = CandidateBuilder(plane.router)
    decision = evaluate_statement(builder, engine, ana, "We decided to use Loki for logs.", "security")
    assert "category_not_accepted" in decision.reasons


def test_configuration_switches(tmp_path: Path) -> None:
    relaxed = parse_config(CONFIG + "retain:\n  reject_unverified_hypotheses: false\n  require_durable: false\n",
                           "c.yaml", {})
    ids = tmp_path / "ids.yaml"
    ids.write_text(IDENTITIES)
    resolver = IdentityResolver.from_file(ids, known_scopes=relaxed.stores)
    plane = MemoryPlane(relaxed, identities=resolver, backends={"local": LocalBackend(tmp_path / "m.db")})
    ana = plane.identify("telegram", "1001")
    decision = judge(plane, ana, "I think we decided to use Cilium as the CNI.", "platform")
    assert decision.accept, decision.reasons
    off = parse_config(CONFIG + "retain:\n  automatic: false\n", "c.yaml", {})
    plane_off = MemoryPlane(off, identities=resolver, backends={"local": LocalBackend(tmp_path / "m2.db")})
    assert "automatic_disabled" in judge(plane_off, ana, "We decided to use Cilium.", "platform").reasons
    assert plane_off.evaluate_retain(ana, "We decided to use Cilium.", "platform").accept


# -------------------------------------------------------------------------------------------------- held-out set
# Written after the lexicon was frozen and never used to tune it: it measures, it does not train. Its misses are
# all conservative (durable facts without any marker are rejected as not durable); none is a false accept.

HELD_OUT: list[tuple[str, str, str]] = [
    ("We agreed that every customer contract renews annually in January.", "business", "accept"),
    ("Hemos acordado que el soporte premium cuesta 99 € al mes.", "business", "accept"),
    ("The outage was caused by a full etcd disk; confirmed in the postmortem.", "platform", "accept"),
    ("Probablemente el problema es el firewall.", "platform", "reject"),
    ("It seems the CDN cache is stale.", "platform", "reject"),
    ("Let me restart the deployment.", "platform", "reject"),
    ("ok, thanks a lot", "personal", "reject"),
    ("I always use tmux for long-running sessions.", "personal", "accept"),
    ("No me gusta que me respondas con emojis.", "personal", "accept"),
    ("The PostgreSQL primary runs on node db-1 and replicates to db-2.", "platform", "accept"),
    ("Backups of the Ceph pool are taken nightly by Velero.", "platform", "accept"),
    ("We chose Hetzner as our main hosting provider.", "business", "accept"),
    ("Puede que el cliente cancele el contrato.", "business", "reject"),
    ("La reunión con Acme es mañana a las 10.", "business", "reject"),
    ("From now on all invoices are issued from Holded.", "business", "accept"),
    ("Nunca desplegamos a producción los viernes.", "platform", "accept"),
    ("Deployment finished successfully.", "platform", "reject"),
    ("The ingress controller is configured with a 60s proxy timeout.", "platform", "accept"),
    ("Maybe the customer wants a discount.", "business", "reject"),
    ("Entendido, lo miro.", "personal", "reject"),
    ("My timezone is Europe/Madrid.", "personal", "accept"),
    ("The kube-apiserver VIP is 10.0.0.10 behind keepalived.", "platform", "accept"),
    ("We will use Stripe for all subscription billing.", "business", "accept"),
    ("Sospecho que la latencia viene del DNS.", "platform", "reject"),
    ("Working on the migration now.", "platform", "reject"),
    ("The price of the Pro plan is 29 EUR per month.", "business", "accept"),
    ("Great job!", "platform", "reject"),
    ("Root cause: the NFS server ran out of inodes (verified with df -i).", "platform", "accept"),
    ("Hoy he actualizado el chart de Grafana.", "platform", "reject"),
    ("Our positioning is managed AI agents for European SMBs.", "business", "accept"),
]


def test_held_out_accuracy_and_no_false_accepts(plane: MemoryPlane, ana: Identity) -> None:
    verdicts = [(judge(plane, ana, text, scope).verdict, expected) for text, scope, expected in HELD_OUT]
    correct = sum(got == want for got, want in verdicts)
    false_accepts = sum(got == "accept" and want == "reject" for got, want in verdicts)
    assert correct >= 27, f"held-out decision accuracy {correct}/{len(HELD_OUT)}"
    assert false_accepts == 0
