"""RuleRouter (design §8, A10): a labelled ES/EN routing table, config rules, ACL filtering, robustness."""

from __future__ import annotations

import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wetopi_memory.config import RoutingRule, RoutingSettings
from wetopi_memory.router import MAX_INPUT_CHARS, RouteDecision, RuleRouter, normalize, tokenize

SCOPES = ("personal", "business", "platform")
P, B, F = "platform", "business", "personal"

# text -> (expected scopes after threshold, exactly; explicit memory request)
TABLE: list[tuple[str, set[str], bool]] = [
    # ---- platform, English
    ("The RKE2 upgrade to 1.30 failed on the second control plane node", {P}, False),
    ("Ceph OSD 14 is down again after the reboot", {P}, False),
    ("Argo CD sync failed for the hermes app: OutOfSync with a ComparisonError", {P}, False),
    ("We're getting 502 Bad Gateway on the public ingress since this morning", {P}, False),
    ("kubectl get pods -n hindsight shows CrashLoopBackOff", {P}, False),
    ("Latency on the API went up to 800ms at p99", {P}, False),
    ("DNS resolution is flaky inside the cluster, coredns keeps restarting", {P}, False),
    ("Can you write a runbook for rotating the TLS certificates?", {P}, False),
    ("The nodes are under memory pressure and pods get evicted", {P}, False),
    ("Helm chart for grafana needs new values for the loki datasource", {P}, False),
    ("keepalived VRRP failover between the two load balancers took 40 seconds", {P}, False),
    ("Infisical secrets aren't syncing into the namespace", {P}, False),
    ("PROXMOX HOST PVE-03 IS OUT OF DISK", {P}, False),
    ("postmortem for yesterday's outage", {P}, False),
    ("dnsmasq keeps crashing on the edge box", {P}, False),
    ("Can you check the cluster for me?", {P}, False),
    ("Our redis cache is evicting keys under load", {P}, False),
    ("CI pipeline failing on the main branch", {P}, False),
    ("deployment strategy for the hermes workers", {P}, False),
    ("what do you know about kubernetes?", {P}, False),
    # ---- platform, Spanish (with and without accents, uppercase)
    ("La actualización de RKE2 se quedó colgada en el nodo 3", {P}, False),
    ("Hay un OSD de Ceph caído y el clúster está en HEALTH_WARN", {P}, False),
    ("Argo CD no sincroniza la aplicación de hermes desde ayer", {P}, False),
    ("Tenemos errores 503 en el ingress de nginx", {P}, False),
    ("la latencia de la red entre los nodos es altísima", {P}, False),
    ("¿Cómo configuro el balanceador de carga con IPVS?", {P}, False),
    ("El certificado TLS del dominio caduca mañana", {P}, False),
    ("Se ha caído la web del panel, revisa los pods", {P}, False),
    ("despliegue de la nueva versión en producción con rollback automático", {P}, False),
    ("configuracion de prometheus y alertmanager para los nodos", {P}, False),
    ("incidente de anoche: la CPU de los workers al 100%", {P}, False),
    ("LOS PODS DE OPENSEARCH NO ARRANCAN", {P}, False),
    ("hay que ampliar los clusteres de kubernetes", {P}, False),
    # ---- business, English
    ("What should the pricing of managed Hermes be for small agencies?", {B}, False),
    ("The customer wants to renegotiate the contract before renewal", {B}, False),
    ("Let's draft the Q3 roadmap for the product", {B}, False),
    ("Our margin on the reseller plan is too thin", {B}, False),
    ("Sales are down 10% this quarter compared to last year", {B}, False),
    ("sales pipeline review with the new reseller", {B}, False),
    ("Prepare a positioning statement against our main competitor", {B}, False),
    ("Send the invoice to the client for the annual subscription", {B}, False),
    ("What's our strategy for the enterprise market next year?", {B}, False),
    # ---- business, Spanish
    ("¿Cuánto deberíamos cobrar por el Hermes gestionado? Hay que fijar precios", {B}, False),
    ("El cliente de Valencia quiere firmar el contrato la semana que viene", {B}, False),
    ("Prepara un presupuesto para la agencia con descuento del 15%", {B}, False),
    ("Los ingresos recurrentes y la facturación de septiembre", {B}, False),
    ("Necesitamos cambiar de proveedor de hardware, el actual sube tarifas", {B}, False),
    ("propuesta comercial para un cliente nuevo", {B}, False),
    ("estrategia de posicionamiento frente a la competencia", {B}, False),
    ("MARGEN Y PRECIOS DEL PLAN PRO", {B}, False),
    ("roadmap del producto para el Q3", {B}, False),
    ("las ventas de este trimestre", {B}, False),
    ("los clientes de la agencia se quejan de la factura", {B}, False),
    # ---- personal
    ("Yo prefiero que las respuestas sean cortas y en español", {F}, False),
    ("I prefer answers in English with code examples", {F}, False),
    ("I’d rather get the summary first", {F}, False),
    ("Remember my setup: I usually work from the laptop with zsh", {F}, False),
    ("mis preferencias de formato: tablas en markdown", {F}, False),
    ("¿Qué decidí sobre mis vacaciones de agosto?", {F}, True),
    ("what did I decide about my calendar for Fridays?", {F}, True),
    ("Acuérdate de que yo no trabajo los viernes", {F}, False),
    ("remind me to call the accountant on Monday", {F}, False),
    ("mi configuracion de vim y mis dotfiles", {F}, False),
    ("Lo que habíamos hablado ayer sobre mi horario", {F}, False),
    ("QUE DECIDI SOBRE MI HORARIO?", {F}, True),
    # ---- explicit memory requests
    ("¿Qué habíamos decidido sobre RKE2?", {P}, True),
    ("Busca en nuestra memoria cómo resolvimos este error", set(), True),
    ("Recuerda qué arquitectura usamos para los LB", {P}, True),
    ("what did we decide about the LB?", {P}, True),
    ("Search our memory for the Ceph rebalancing notes", {P}, True),
    ("do you remember the discount we gave to Acme?", {B}, True),
    ("¿te acuerdas de lo que pasó con el cliente de Sevilla?", {B}, True),
    ("que decidimos con el precio del plan anual", {B}, True),
    ("recall what we agreed with the supplier", {B}, True),
    ("What do we know about the Hetzner outage last March?", {P}, True),
    ("look it up in memory: how we sized the etcd disks", {P}, True),
    ("busca en la memoria", set(), True),
    ("¿Que habiamos decidido?", set(), True),
    ("what did we decide?", set(), True),
    ("¿QUÉ HABÍAMOS DECIDIDO SOBRE EL BALANCEADOR?", {P}, True),
    ("How did we fix the 504s on the ingress last time?", {P}, True),
    ("Creo que decidimos usar Cilium", {P}, False),
    ("Remember that I prefer dark mode", {F}, False),
    # ---- mixed business + platform (+ personal)
    ("The customer is complaining about 502 errors on their site", {B, P}, False),
    ("¿Cuánto nos cuesta el clúster de Ceph y cómo afecta al margen?", {P, B}, False),
    # a product's price is business: the word model (learned from twelve authors' labels) drops the platform the
    # product's name alone gives it (the rules alone choose both: test_router_word_model.py pins the drop)
    ("Pricing for the Kubernetes managed offering", {B}, False),
    ("El contrato con el proveedor de hosting incluye SLA de uptime", {B, P}, False),
    ("I prefer deploying on Fridays only if the rollback is tested", {F, P}, False),
    ("Yo prefiero que el cliente vea el precio y la latencia en un dashboard", {F, B, P}, False),
    # ---- nothing to route
    ("hola", set(), False),
    ("Hola, ¿qué tal?", set(), False),
    ("Good morning!", set(), False),
    ("¿qué tiempo hace hoy?", set(), False),
    ("tell me a joke", set(), False),
    ("thanks, that's all", set(), False),
    ("Gracias!", set(), False),
    ("there is an error, the problem persists", set(), False),
    ("Translate this sentence into French", set(), False),
    ("Escribe un poema sobre el mar", set(), False),
    ("", set(), False),
    ("😀🎉 ok", set(), False),
    ("what is the capital of Australia", set(), False),
    ("Marta asked me what 'churn' means, give me a one-line definition for her", set(), False),
    ("Tengo un problema, da error", set(), False),
    ("The cephalopod documentary was great", set(), False),
    ("nodemon restarts my script", set(), False),
    ("Tell me about red wine", set(), False),
]


def test_table_is_large_and_bilingual() -> None:
    assert len(TABLE) >= 60
    spanish = [t for t, _, _ in TABLE if re.search(r"[áéíóúñ¿¡]|\b(el|la|los|que|de)\b", t.lower())]
    assert len(spanish) >= 25
    assert sum(1 for _, s, _ in TABLE if not s) >= 10
    assert sum(1 for _, _, e in TABLE if e) >= 15


@pytest.mark.parametrize(("text", "expected", "explicit"), TABLE, ids=[f"{i:02d}" for i in range(len(TABLE))])
def test_routing_table(router: RuleRouter, text: str, expected: set[str], explicit: bool) -> None:
    decision = router.route(text)
    assert set(decision.scope_names) == expected, decision.to_dict()
    assert decision.explicit_memory_request is explicit, decision.to_dict()
    assert decision.confident is bool(expected)


def test_table_accuracy_is_total(router: RuleRouter, capsys: pytest.CaptureFixture[str]) -> None:
    right = sum(1 for text, expected, explicit in TABLE
                if set(router.route(text).scope_names) == expected
                and router.route(text).explicit_memory_request is explicit)
    with capsys.disabled():
        print(f"\nrouting table accuracy: {right}/{len(TABLE)} = {right / len(TABLE):.1%}")
    assert right == len(TABLE)


# ------------------------------------------------------------------------------------------------ scoring


def test_one_strong_term_routes_and_two_are_high_confidence(router: RuleRouter) -> None:
    one = router.route("ceph")
    assert one.confident and not one.high_confidence
    assert 0.5 <= one.scopes[0].confidence < 0.8
    two = router.route("ceph and kubernetes")
    assert two.high_confidence and two.scopes[0].confidence >= 0.8
    three = router.route("ceph, kubernetes and argocd")
    assert three.scopes[0].confidence > two.scopes[0].confidence


def test_generic_words_alone_never_route(router: RuleRouter) -> None:
    for text in ("the", "error", "problem", "the error is a problem", "el error", "un problema", "issue",
                 "help", "ayuda", "please", "for me", "para mí"):
        assert router.route(text).scopes == (), text


def test_repeated_term_counts_once(router: RuleRouter) -> None:
    assert router.route("ceph ceph ceph ceph").scopes[0].confidence == router.route("ceph").scopes[0].confidence


def test_longer_term_subsumes_its_parts(router: RuleRouter) -> None:
    decision = router.route("yo prefiero esto")
    assert [m.term for m in decision.matches] == ["yo prefiero"]
    decision = router.route("el balanceador de carga")
    assert [m.term for m in decision.matches] == ["balanceador de carga"]


def test_accents_case_and_inflections(router: RuleRouter) -> None:
    assert normalize("Configuración QUÉ Decidí ñandú") == "configuracion que decidi nandu"
    assert tokenize("ci/cd, Argo-CD; k8s_apply") == ["ci", "cd", "argo", "cd", "k8s", "apply"]
    for a, b in (("mi configuración", "MI CONFIGURACION"), ("clúster", "clusteres"), ("cliente", "clientes"),
                 ("proveedor", "proveedores"), ("margen", "márgenes"), ("cluster", "clusters"), ("pod", "pods")):
        da, db = router.route(a), router.route(b)
        assert da.scope_names == db.scope_names != (), (a, b)
    assert router.route("podes venir mañana").scopes == ()   # "pod" does not inflect to Spanish "podes"


def test_word_boundaries(router: RuleRouter) -> None:
    assert router.route("dnsmasq").matches[0].term == "dnsmasq"
    assert all(m.term != "dns" for m in router.route("dnsmasq").matches)
    assert router.route("cephalopods and nodemon and argonauts").scopes == ()
    assert router.route("error 5023 in the report").scopes == ()
    assert router.route("error 502").scope_names == (P,)


def test_spanish_que_is_explicit_only_as_a_question(router: RuleRouter) -> None:
    assert not router.route("creo que decidimos usar cilium").explicit_memory_request
    assert router.route("creo que decidimos usar cilium?").explicit_memory_request
    assert router.route("y qué decidimos al final con cilium").explicit_memory_request
    assert router.route("Oye, que decidimos con cilium").explicit_memory_request
    assert not router.route("recuerda que mañana hay que actualizar rke2").explicit_memory_request
    assert router.route("Recuerda qué versión de RKE2 usamos").explicit_memory_request


def test_explicit_request_without_domain_returns_no_scopes(router: RuleRouter) -> None:
    decision = router.route("¿Te acuerdas de lo que hablamos?")
    assert decision.explicit_memory_request and decision.scopes == () and not decision.confident
    assert decision.explicit_trigger == "es.te_acuerdas"


def test_to_dict_shape(router: RuleRouter) -> None:
    data = router.route("¿Qué habíamos decidido sobre el precio del clúster RKE2?").to_dict()
    assert set(data) == {"scopes", "explicit_memory_request", "explicit_trigger", "matches", "cancelled",
                         "below_evidence", "model"}
    assert data["explicit_memory_request"] is True
    assert [s["scope"] for s in data["scopes"]] == ["platform", "business"]
    assert all(set(s) == {"scope", "confidence"} for s in data["scopes"])
    assert all(set(m) == {"scope", "rule", "kind", "term", "weight"} for m in data["matches"])
    assert {"scope": "business", "rule": "default:business.commercial", "kind": "keyword", "term": "precio",
            "weight": 1.0} in data["matches"]


# ------------------------------------------------------------------------------------------------ tools


def test_tool_namespaces_route(router: RuleRouter) -> None:
    assert router.route("check it", tools=["kubernetes_get_pods"]).scope_names == (P,)
    assert router.route("", tools=["mcp_argocd_sync"]).scope_names == (P,)
    assert router.route("", tools=["kubectl"]).scope_names == (P,)
    assert router.route("", tools=["crm_find_contact", "stripe_list_invoices"]).scope_names == (B,)
    assert router.route("", tools=["web_search", "terminal", "memory_search"]).scopes == ()
    match = router.route("", tools=["Helm_Upgrade"]).matches[0]
    assert match.kind == "tool" and match.term == "helm_*"


# ------------------------------------------------------------------------------------------------ ACL, caps


def test_allowed_scopes_filter_everything(router: RuleRouter) -> None:
    text = "Yo prefiero que el cliente vea el precio y la latencia en un dashboard"
    decision = router.route(text, allowed_scopes={"personal", "platform"})
    assert set(decision.scope_names) == {"personal", "platform"}
    assert all(s.scope != "business" for s in decision.all_scores)
    assert all(m.scope != "business" for m in decision.matches)
    assert router.route(text, allowed_scopes=()).scopes == ()
    assert router.route("ceph", allowed_scopes={"business"}) == router.route("")


def test_max_scopes_cap() -> None:
    text = "Yo prefiero que el cliente vea el precio y la latencia en un dashboard"
    capped = RuleRouter((), known_scopes=SCOPES, max_scopes=2).route(text)
    full = RuleRouter((), known_scopes=SCOPES, max_scopes=3).route(text)
    assert len(full.scopes) == 3 and len(capped.scopes) == 2
    assert capped.scopes == full.scopes[:2]
    assert len(capped.all_scores) == 3
    assert [s.confidence for s in full.scopes] == sorted((s.confidence for s in full.scopes), reverse=True)


def test_threshold_and_high_confidence_are_configurable() -> None:
    strict = RuleRouter((), known_scopes=SCOPES, confidence_threshold=0.7, high_confidence=0.9)
    assert strict.route("ceph").scopes == ()
    assert strict.route("ceph kubernetes").confident and not strict.route("ceph kubernetes").high_confidence
    with pytest.raises(ValueError):
        RuleRouter((), known_scopes=SCOPES, max_scopes=0)


# ------------------------------------------------------------------------------------------------ config rules

SECURITY = RoutingRule(
    scope="security",
    weight=1.0,
    keywords=("vulnerability", "vulnerabilidad", "pentest"),
    phrases=("penetration test", "prueba de penetración"),
    patterns=(r"\bCVE-\d{4}-\d{4,}\b",),
    entities=("CrowdStrike",),
    tools=("trivy_*", "snyk_scan"),
)


def test_config_rules_add_a_new_scope() -> None:
    router = RuleRouter([SECURITY], known_scopes=(*SCOPES, "security"))
    assert router.route("Found a vulnerability in the login form").scope_names == ("security",)
    assert router.route("vulnerabilidades críticas").scope_names == ("security",)
    assert router.route("prueba de penetracion el jueves").scope_names == ("security",)
    # a penetration test of our systems is also platform work (the built-in "penetration test")
    assert router.route("schedule a penetration test").scope_names == ("platform", "security")
    patched = router.route("patch cve-2024-3094 now")   # a CVE is also platform work (the built-in "cve")
    assert patched.scope_names == ("platform", "security")
    security = [m for m in patched.matches if m.scope == "security"]
    assert [(m.kind, m.term) for m in security] == [("pattern", r"\bCVE-\d{4}-\d{4,}\b")]
    assert router.route("the crowdstrike agent").matches[0].kind == "entity"
    assert router.route("", tools=["trivy_image"]).scope_names == ("security",)
    assert router.route("", tools=["snyk_scan"]).scope_names == ("security",)
    assert router.route("", tools=["snyk_scan_all"]).scopes == ()
    both = router.route("CVE-2024-3094 in the ingress-nginx of the kubernetes cluster")
    assert set(both.scope_names) == {"security", "platform"}
    assert router.route("ceph").scope_names == ("platform",)   # defaults still apply


def test_config_rules_on_existing_scope_add_weight() -> None:
    rule = RoutingRule(scope="business", weight=2.0, entities=("Acme Hosting",))
    router = RuleRouter([rule], known_scopes=SCOPES)
    decision = router.route("call ACME-hosting tomorrow")
    assert decision.scope_names == ("business",) and decision.high_confidence
    assert decision.matches[0].rule == "rules[0]"


def test_defaults_only_for_configured_scopes() -> None:
    router = RuleRouter([SECURITY], known_scopes=("platform", "security"))
    assert router.routed_scopes == {"platform", "security"}
    assert router.route("el precio del contrato con el cliente").scopes == ()
    assert router.route("yo prefiero vim").scopes == ()
    assert router.route("", tools=["stripe_charge"]).scopes == ()
    assert router.route("ceph").scope_names == ("platform",)


def test_use_default_rules_false_keeps_only_config_rules() -> None:
    router = RuleRouter([SECURITY], known_scopes=(*SCOPES, "security"), use_default_rules=False)
    assert router.routed_scopes == {"security"}
    assert router.route("ceph kubernetes pricing").scopes == ()
    assert router.route("pentest").scope_names == ("security",)
    assert router.route("¿qué habíamos decidido?").explicit_memory_request   # not a rule: always on


def test_rules_for_unknown_scopes_are_rejected() -> None:
    with pytest.raises(ValueError, match="security"):
        RuleRouter([SECURITY], known_scopes=SCOPES)


def test_from_settings() -> None:
    settings_ = RoutingSettings(max_scopes_per_recall=1, confidence_threshold=0.6, high_confidence=0.9,
                                use_default_rules=True, rules=(SECURITY,))
    router = RuleRouter.from_settings(settings_, (*SCOPES, "security"))
    assert router.max_scopes == 1 and router.confidence_threshold == 0.6 and router.high_confidence == 0.9
    assert len(router.route("Yo prefiero que el cliente vea la latencia").scopes) == 1
    assert router.route("vulnerabilidad").scope_names == ("security",)


# ------------------------------------------------------------------------------------------------ robustness


def test_deterministic(router: RuleRouter) -> None:
    other = RuleRouter((), known_scopes=list(reversed(SCOPES)))
    for text, _, _ in TABLE:
        first = router.route(text)
        assert router.route(text) == first
        assert other.route(text) == first
        assert other.route(text).to_dict() == first.to_dict()


def test_decision_memo_is_transparent(router: RuleRouter) -> None:
    cold = RuleRouter((), known_scopes=SCOPES, cache_size=0)
    tiny = RuleRouter((), known_scopes=SCOPES, cache_size=2)
    for _ in range(2):
        for text, _, _ in TABLE:
            for allowed in (None, {"platform"}, {"business", "personal"}):
                expected = cold.route(text, allowed_scopes=allowed)
                assert router.route(text, allowed_scopes=allowed) == expected
                assert tiny.route(text, allowed_scopes=allowed) == expected
    assert 0 < tiny._scorer.remembered <= 2


def test_input_is_capped(router: RuleRouter) -> None:
    assert router.route("x " * MAX_INPUT_CHARS + "kubernetes").scopes == ()
    huge = ("🙂 ñ " * 500_000) + "ceph"
    started = time.perf_counter()
    assert router.route(huge).scopes == ()
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize("text", [
    "", "\x00\x01\x02", "\ud800 lone surrogate ceph", "(((((", "[a-z]+*?", "\\", "$^.*+?{}[]|()",
    "﷽" * 4000, "ＫＵＢＥＲＮＥＴＥＳ", "\u0301\u0301\u0301", "\n\t\r ceph \u200b\u2028",
])
def test_hostile_inputs_never_raise(router: RuleRouter, text: str) -> None:
    decision = router.route(text, tools=[text, "", "*"])
    assert isinstance(decision, RouteDecision)
    if "ceph" in text or "ＫＵＢＥＲＮＥＴＥＳ" in text:
        assert decision.scope_names == (P,)


def test_non_string_tools_are_ignored(router: RuleRouter) -> None:
    assert router.route("hola", tools=[None, 3, b"kubectl"]).scopes == ()  # type: ignore[list-item]
    assert router.route("hola", tools="kubectl").scope_names == (P,)   # a lone name, not its characters
    assert router.route("hola", tools=["x"] * 10_000 + ["kubectl"]).scopes == ()   # only the first 64 count


_ALL_RULES_ROUTER = RuleRouter([SECURITY], known_scopes=(*SCOPES, "security"))
_WORDS = st.sampled_from(["ceph", "precio", "yo prefiero", "CVE-2024-1234", "qué decidí", "¿", "?", "kubernetes",
                          "cliente", "😀", "\x00", "(", "hunter2secret", "ñ", "memoria", "busca en la memoria"])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=40), _WORDS), max_size=30).map(" ".join),
       st.lists(st.one_of(st.text(max_size=20), st.sampled_from(["kubectl", "crm_x", "trivy_y"])), max_size=5),
       st.one_of(st.none(), st.sets(st.sampled_from([*SCOPES, "security", "other"]))))
def test_route_never_raises_and_stays_in_bounds(text: str, tools: list[str], allowed: set[str] | None) -> None:
    router = _ALL_RULES_ROUTER
    decision = router.route(text, tools=tools, allowed_scopes=allowed)
    for score in (*decision.scopes, *decision.all_scores):
        assert 0.0 <= score.confidence < 1.0
        assert allowed is None or score.scope in allowed
    assert len(decision.scopes) <= router.max_scopes
    assert all(s.confidence >= router.confidence_threshold for s in decision.scopes)
    assert decision.confident is bool(decision.scopes)
    for match in decision.matches:
        assert match.term in router.terms
        assert "hunter2secret" not in match.term
        assert allowed is None or match.scope in allowed
    assert router.route(text, tools=tools, allowed_scopes=allowed) == decision


def test_matches_only_carry_rule_terms(router: RuleRouter) -> None:
    text = "My password is Sup3rS3cret and the kubernetes cluster of cliente-ACME needs pricing"
    decision = router.route(text)
    assert decision.matches
    for match in decision.matches:
        assert match.term in router.terms
        assert "Sup3rS3cret" not in match.term and "ACME" not in match.term
    assert "Sup3rS3cret" not in repr(decision.to_dict())


# ------------------------------------------------------------------------------------------------ context (issue 11)


@pytest.mark.parametrize(("text", "cancelled", "by"), [
    ("What is the dot product of two orthogonal vectors?", "product", "dot product"),
    ("¿A qué hora sales hoy del trabajo?", "sales", "a que hora sales"),
    ("Deja más margen en la página", "margen", "pagina"),
    ("The army deployment to the border", "deployment", "army"),
    ("Anoche vi Argo, la película", "argo", "pelicula"),
    ("He took the helm of the boat", "helm", "boat"),
    ("El cliente de kubectl es más nuevo que el servidor", "cliente", "cliente de kubectl"),
])
def test_a_sense_context_cancels_a_term_and_says_so(router: RuleRouter, text: str, cancelled: str, by: str) -> None:
    decision = router.route(text)
    assert (cancelled, by) in {(c.term, c.by) for c in decision.cancelled}, decision.to_dict()
    assert cancelled not in {m.term for m in decision.matches}


def test_the_right_sense_still_routes(router: RuleRouter) -> None:
    assert router.route("Our product roadmap for Q3").scope_names == (B,)
    assert router.route("Sales were flat in September").scope_names == (B,)
    assert router.route("The deployment of hermes-worker is stuck").scope_names == (P,)
    assert router.route("helm upgrade failed").scope_names == (P,)
    assert router.route("The customer-facing API gateway throws 504s").scope_names == (P,)


def test_minimum_evidence(rules: RuleRouter) -> None:
    weak = rules.route("Is this host running wordpress?")
    assert weak.scopes == () and weak.below_evidence == (P,) and len(weak.matches) == 2
    assert rules.route("the log has a timeout").scopes == ()
    assert rules.route("what plans do we have").scopes == ()            # one ambiguous word needs company
    assert rules.route("what plans do we offer to agencies").scope_names == (B,)


def test_a_business_word_inside_a_resource_name_names_a_thing(router: RuleRouter) -> None:
    assert router.route("argocd marca la app de facturas-api como OutOfSync").scope_names == (P,)
    assert router.route("Infisical no sincroniza los secretos al namespace de billing-api").scope_names == (P,)
    bumped = router.route("I bumped pm.max_children to 40 on the php-fpm pool and the 504s stopped")
    assert bumped.scope_names == (P,)
    assert set(router.route("The billing team wants the invoice API fixed, 502 errors").scope_names) == {B, P}
    assert set(router.route("The customer threatens to leave over the 502 errors").scope_names) == {B, P}


@pytest.mark.parametrize("text", ["my meeting preferences: never before 10", "I'm usually offline after 19:00",
                                  "Mi forma de trabajar es por bloques", "My preferred editor is Helix",
                                  "my notification settings stay silent"])
def test_first_person_statements_with_words_in_between(router: RuleRouter, text: str) -> None:
    assert router.route(text).scope_names == (F,)


def test_no_first_person_no_personal(rules: RuleRouter) -> None:
    assert rules.route("I need the preferences page of the app").scopes == ()
    assert rules.route("the customer's preferred payment method").scope_names == (B,)


def test_agent_is_a_weak_prior_only(rules: RuleRouter) -> None:
    assert rules.route("hola", agent="wetopi-build").scopes == ()
    assert rules.route("mira el log", agent="wetopi-build").scopes == ()
    assert rules.route("what plans do we have", agent="wetopi-lead").scope_names == (B,)
    assert rules.route("what plans do we have", agent="unknown-agent").scopes == ()
    assert rules.route("ceph", agent=3).scope_names == (P,)   # type: ignore[arg-type]


def test_weak_tools_corroborate_but_never_route(router: RuleRouter) -> None:
    assert router.route("what does that output mean?", tools=["terminal"]).scopes == ()
    assert router.route("check it again", tools=["kubectl_get_pods"]).scope_names == (P,)


@pytest.mark.parametrize(("text", "explicit"), [
    ("Remember to rotate the TLS certificates before Friday", False),
    ("I don't remember the flag for kubectl", False),
    ("I can't remember what the helm flag for dry run is", False),
    ("Did you remember to restart nginx?", False),
    ("Can you remember this: Ana prefers tables", False),
    ("Apunta en tu memoria que el margen mínimo es del 30 %", False),
    ("Did we ever decide on the refund policy?", True),
    ("Pull from memory everything about Ceph", True),
    ("Según lo que tengas en memoria, ¿cuánto cobramos?", True),
    ("Do you still remember my preferred editor?", True),
])
def test_explicit_requests_and_their_look_alikes(router: RuleRouter, text: str, explicit: bool) -> None:
    assert router.route(text).explicit_memory_request is explicit


# ---- issue 11, second round: statements in the first person, general request frames

@pytest.mark.parametrize("text", [
    "I'm vegetarian btw, no meat suggestions please",
    "Normalmente reviso los PRs antes de comer",
    "Voy en bici a la oficina, si llueve llego tarde",
    "My wife works nights so I handle school pickups",
    "Los viernes no hago reuniones, los dedico a pensar",
    "He decidido tomarme los viernes por la tarde libres",
    "Contéstame siempre primero con la respuesta corta",
    "Answer me in Spanish from now on",
    "Los domingos desconecto del todo, no me escribas",   # a first-person verb after a habitual time
    "suelo desconectar a las 18h",
])
def test_personal_statements_without_preference_words(router: RuleRouter, text: str) -> None:
    assert router.route(text).scope_names == (F,)


def test_a_pronoun_dropped_statement_is_explained_by_its_verb(router: RuleRouter) -> None:
    decision = router.route("Reviso Slack solo dos veces al día")
    assert decision.scope_names == (F,)
    terms = {m.term for m in decision.matches if m.scope == F}
    assert "(first-person verb: reviso, voy, he decidido)" in terms and "veces al día" in terms


@pytest.mark.parametrize(("text", "expected"), [
    ("Siempre falla el backup de los domingos", {P}),          # habit words, but not about the speaker
    ("Siempre me da timeout el ingress de la tienda", {P}),    # Spanish "me" is not the subject
    ("La cuota del gimnasio ha subido otra vez", set()),
    ("I need a summary of this thread", set()),
    ("I need to buy a birthday present for my mum", set()),    # a one-off errand
    ("Mañana sale el tren a las ocho", set()),                 # "ocho" is not a verb
    ("Voy a hacer backup de las fotos del móvil en casa", set()),   # an intention, not a habit
    ("El suelo de la oficina está mojado", set()),             # "suelo" the floor
])
def test_personal_cues_need_the_first_person(rules: RuleRouter, text: str, expected: set[str]) -> None:
    assert set(rules.route(text).scope_names) == expected


def test_first_person_alone_is_only_corroboration(router: RuleRouter) -> None:
    decision = router.route("I prefer dark mode")
    assert decision.scope_names == (F,)
    assert router.route("I think it's going to rain").scopes == ()


def test_remind_me_is_a_reminder_unless_it_asks_for_memory(router: RuleRouter) -> None:
    assert router.route("Remind me to call my mum at 6").scope_names == (F,)
    decision = router.route("Remind me what we decided about the pricing of the agency plan")
    assert decision.explicit_memory_request and decision.scope_names == (B,)
    assert "remind me" not in {m.term for m in decision.matches}


@pytest.mark.parametrize("text", [
    "¿Qué quedamos con Lumen sobre la renovación?",
    "¿En qué quedamos con el contrato de la Fundación?",
    "¿Dijimos que el backup de Velero iba a las 3?",
    "¿Lo de pgbouncer ya lo habíamos hablado?",
    "Recuérdame lo que decidimos sobre el failover",
    "Mira en tus notas qué le dijimos a Studio Nueve",
    "¿Tenemos algo apuntado del proveedor de fibra?",
    "Refréscame la memoria: ¿por qué descartamos Traefik?",
    "¿Cuándo fue la última vez que rotamos los certificados?",
    "mira a ver que acordamos con el revendedor",
    "What was the retention we agreed for Loki?",
    "Look up what we said about the Redis eviction policy",
    "Check your notes for the Hetzner contract",
    "Didn't we agree to bill overages quarterly?",
    "Which discount did we give Acme last year?",
    "Do we have anything stored about the certbot hooks?",
    "Refresh my memory: why did we drop Traefik?",
    "¿Cuánto les cobramos el año pasado a los de Studio Nueve?",   # a "we" form plus a past time marker
    "What was the fix for the ceph slow ops last time?",
    "Is there a note about the MinIO credentials rotation?",
    "Do you have the runbook we wrote for the keepalived failover?",
    "Remind me of the terms we offered Lumen",
    "¿Nos habíamos comprometido a algo con el distribuidor?",
])
def test_general_request_frames(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request


@pytest.mark.parametrize("text", [
    "Decidimos subir el precio un 8 % en enero",
    "Como dijimos, mañana se despliega la versión 2.3",
    "Quedamos en que el failover lo probamos el jueves",
    "¿Quedamos mañana para tomar algo?",
    "Si le damos a Lumen un Redis dedicado, ¿cuánto le cobramos?",
    "¿Sí? porque decidimos subir el precio",                    # "que" inside "porque" is not a question word
    "We decided to move the backups to a Storage Box",
    "As we agreed, please send the invoice today",
    "Save this to memory: we use 30-day retention on Loki",
    "Put it in your notes: Lumen pays in 60 days",
    "¿Te suena bien el plan?",
    "¿Cuánto deberíamos cobrar por el soporte el año que viene?",   # a time marker without a "we" past form
    "Did the backup run last night?",
    "Add to your notes: the VIP is 10.0.0.5",
    "Lo comentamos con el equipo la semana pasada. ¿Puedes mirarlo?",   # the question is another sentence
])
def test_look_alikes_of_the_general_frames(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request
