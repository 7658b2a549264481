"""Turn curation through the Hermes plugin (local backend): what each scope receives from one realistic turn."""

from __future__ import annotations

from typing import Any

from tests.support.judgement import PluginDriver, ToolCall, TurnCase
from wetopi_memory.retain.evidence import EMPTY_EVIDENCE
from wetopi_memory.retain.signals import analyze
from wetopi_memory.retain.turn_reading import message_text, proposal_before, read_turn


def case(name: str, user: str, assistant: str = "Ok.", *, history: tuple[dict[str, Any], ...] = (),
         tools: tuple[ToolCall, ...] = ()) -> TurnCase:
    return TurnCase(id=name, lang="", agent="wetopi-build", history=history, user=user, assistant=assistant,
                    tools=tools, expect={}, forbid={})


def stored(driver: PluginDriver, turn: TurnCase) -> dict[str, tuple[str, ...]]:
    return driver.run(turn).stored


def test_a_verified_fix_is_kept_with_its_facts(driver: PluginDriver) -> None:
    got = stored(driver, case(
        "fix", "Las subidas de más de 1 MB dan 413, ¿lo miras?",
        "Era el límite del ingress-nginx. He puesto la anotación nginx.ingress.kubernetes.io/proxy-body-size: 50m "
        "en el ingress shop-web y la subida de 20 MB devuelve 200. Causa raíz confirmada y fix validado.",
        tools=(ToolCall("terminal", {"command": "kubectl annotate ingress shop-web"}, "annotated"),)))
    assert set(got) == {"platform"}
    assert "proxy-body-size: 50m" in got["platform"][0] and "Causa raíz confirmada" in got["platform"][0]


def test_without_a_verification_the_assistants_answer_is_not_memory(driver: PluginDriver) -> None:
    assert stored(driver, case("hypo", "¿Por qué fallan los OSD?",
                               "Creo que es la NIC de pve3, pero no lo he comprobado.")) == {}
    assert stored(driver, case("answer", "Which format do you want for the report?",
                               "I prefer Markdown tables for reports like this.")) == {}


def test_the_users_assent_makes_the_proposal_a_candidate(driver: PluginDriver) -> None:
    proposal = {"role": "assistant", "content": [{"type": "text", "text": (
        "Propongo programar velero a las 02:00 con una retención de 30 días en el bucket wetopi-velero-eu.")}]}
    got = stored(driver, case("assent", "Sí, hagámoslo así", "Perfecto.", history=(proposal,)))
    assert set(got) == {"platform"} and "02:00" in got["platform"][0]
    assert stored(driver, case("dissent", "No, mejor no.", "Vale.", history=(proposal,))) == {}


def test_only_the_chosen_option_is_kept(driver: PluginDriver) -> None:
    options = {"role": "assistant", "content": "Option A: same monthly price, billed yearly. Option B: annual "
                                               "billing with a 15% discount on the monthly price."}
    got = stored(driver, case("option", "ok, go with option B", "Great.", history=(options,)))
    assert set(got) == {"business"} and "15%" in got["business"][0] and "Option A" not in got["business"][0]


def test_dont_save_this_is_obeyed_and_one_offs_are_not_preferences(driver: PluginDriver) -> None:
    assert stored(driver, case("optout", "No guardes esto, es solo una prueba: usamos Calico.")) == {}
    assert stored(driver, case("oneoff", "Hoy prefiero que me lo expliques con más detalle.")) == {}
    assert stored(driver, case("pref", "Prefiero que me respondas siempre en español.")) == {
        "personal": ("Prefiero que me respondas siempre en español.",)}


def test_plans_drafts_and_questions_are_never_durable(driver: PluginDriver) -> None:
    for text in ("We might raise prices next quarter.", "Estamos pensando en abrir una oficina en Valencia.",
                 "Draft for the board, NOT approved: Hermes at 79 EUR per month.", "¿Cuánto cuesta el plan Pro?"):
        assert stored(driver, case(f"plan-{hash(text)}", text)) == {}, text


def test_each_scope_gets_only_its_own_sentences(driver: PluginDriver) -> None:
    got = stored(driver, case("multi", "We decided to launch the agency plan in March. The agency tenants will run "
                                       "in a dedicated namespace per agency on the prod RKE2 cluster."))
    assert set(got) == {"business", "platform"}
    assert "namespace" not in got["business"][0] and "March" not in got["platform"][0]


def test_platform_configuration_in_the_first_person_is_not_personal(driver: PluginDriver) -> None:
    got = stored(driver, case("kubeconfig", "Mi kubeconfig apunta al contexto admin@prod por defecto, ojo."))
    assert "personal" not in got


def test_sobre_is_not_an_architecture_term() -> None:
    assert "architecture" not in analyze("Hicimos un 10% de descuento sobre el precio de lista.").categories
    assert "architecture" in analyze("Wetopi venderá Hermes gestionado sobre la plataforma RKE2.").categories


def test_history_is_read_defensively_and_bounded() -> None:
    assert message_text([{"type": "text", "text": "a"}, "b", {"type": "image"}, 3]) == "a\nb"
    assert message_text(None) == "" and message_text({"text": "x"}) == ""
    assert proposal_before("not a list", "u", "a") == ""
    assert proposal_before([1, None, {"role": 5}], "u", "a") == ""
    long = {"role": "assistant", "content": "x" * 50_000}
    assert len(proposal_before([long], "u", "a")) == 4000
    turn = [{"role": "assistant", "content": "Podemos usar Cilium."}, {"role": "user", "content": "vale"},
            {"role": "assistant", "content": "Hecho."}]
    assert proposal_before(turn, "vale", "Hecho.") == "Podemos usar Cilium."
    assert read_turn("vale", "Hecho.", turn, [], EMPTY_EVIDENCE).proposal == "Podemos usar Cilium."
    assert read_turn("vale", "Hecho.", [], [], EMPTY_EVIDENCE).proposal == ""


def test_a_stated_change_with_successful_tool_evidence_is_a_verified_fix_whatever_the_words(
        driver: PluginDriver) -> None:
    got = stored(driver, case(
        "fix-words", "el mariadb de la tienda se queda sin conexiones cada noche",
        "max_connections estaba en 151. Lo he subido a max_connections = 500 en 50-server.cnf y la prueba de carga "
        "con 400 conexiones pasa sin errores.",
        tools=(ToolCall("terminal", {"command": "mysql -e 'show variables'"}, "max_connections\t500"),)))
    assert set(got) == {"platform"} and "max_connections = 500" in got["platform"][0]
    failed = case("fix-failed", "el mariadb se queda sin conexiones",
                  "Lo he subido a max_connections = 500 y reiniciado.",
                  tools=(ToolCall("terminal", {"command": "systemctl restart mariadb"}, "failed", status="error"),))
    assert stored(driver, failed) == {}


def test_an_attempt_that_did_not_help_is_not_a_fix(driver: PluginDriver) -> None:
    assert stored(driver, case("no-help", "tried bumping the redis timeout to 300 but nothing changed, still "
                                          "dropping")) == {}


def test_a_plain_statement_with_concrete_values_is_a_platform_fact(driver: PluginDriver) -> None:
    got = stored(driver, case("value", "prometheus alerts go to alertmanager, which routes severity=critical to "
                                       "pagerduty"))
    assert set(got) == {"platform"} and "severity=critical" in got["platform"][0]
    assert stored(driver, case("time", "La reunión con Globex es el jueves a las 10:30.")) == {}


def test_how_the_speaker_works_is_personal_but_not_a_one_off_or_a_question(driver: PluginDriver) -> None:
    got = stored(driver, case("habit", "Me organizo con Todoist, si me pasas tareas dámelas en formato lista."))
    assert set(got) == {"personal"} and "Todoist" in got["personal"][0]
    assert stored(driver, case("one-off", "I'm in a meeting until 3, reply later.")) == {}
    assert stored(driver, case("asks", "Should we offer a free tier? I keep going back and forth.")) == {}


def test_a_decision_no_rule_places_goes_to_business_and_a_personal_turn_does_not_absorb_it(
        driver: PluginDriver) -> None:
    got = stored(driver, case("decided", "We'll go with Holded for invoicing instead of Quaderno."))
    assert set(got) == {"business"} and "Holded" in got["business"][0]
    mixed = stored(driver, case("mixed", "I prefer calls over long chat threads. Also, we're switching our support "
                                         "desk to Freshdesk, that's decided."))
    assert "Freshdesk" not in " ".join(mixed.get("personal", ())) and "Freshdesk" in mixed["business"][0]


def test_an_offer_to_show_something_is_no_proposal(driver: PluginDriver) -> None:
    offer = {"role": "assistant", "content": "Would you like me to paste the full haproxy.cfg here?"}
    assert stored(driver, case("offer", "sure", "Here you go.", history=(offer,))) == {}


def test_a_pasted_table_with_single_spaces_is_raw_output(driver: PluginDriver) -> None:
    pasted = ("kubectl get nodes output:\nNAME STATUS ROLES AGE VERSION\nworker-01 Ready <none> 210d v1.29.4\n"
              "worker-02 NotReady <none> 210d v1.29.4")
    assert stored(driver, case("table", pasted, "worker-02 is NotReady.")) == {}


def test_one_sentence_of_two_learnings_gives_each_scope_its_own_clause(driver: PluginDriver) -> None:
    got = stored(driver, case("clauses", "La tienda de Globex va en el nodo dedicado pve4 con PHP 8.3; hemos "
                                         "acordado regalarles un mes gratis por el cambio."))
    assert set(got) == {"business", "platform"}
    assert "pve4" in got["platform"][0] and "gratis" not in got["platform"][0]
    assert "gratis" in got["business"][0] and "pve4" not in got["business"][0]


def test_a_plain_business_statement_is_a_business_fact_but_status_is_not(driver: PluginDriver) -> None:
    got = stored(driver, case("biz-fact", "Los clientes del plan Agency tienen soporte telefónico de 9 a 21."))
    assert set(got) == {"business"} and "9 a 21" in got["business"][0]
    assert stored(driver, case("biz-status", "La factura de octubre de Globex ya está enviada.")) == {}
    assert stored(driver, case("biz-report", "Hemos tenido 4 bajas este mes, dicen que somos caros.")) == {}


def test_only_the_speakers_own_way_is_personal(driver: PluginDriver) -> None:
    assert "personal" not in stored(driver, case("third", "Mi socio prefiere las facturas en papel."))
    got = stored(driver, case("habit-no-prefer", "I never answer chats after 8pm, so urgent things go by phone."))
    assert set(got) == {"personal"} and "8pm" in got["personal"][0]
    wish = stored(driver, case("wish", "Quiero que el panel de Grafana solo sea accesible desde la VPN."))
    assert "personal" not in wish


def test_the_users_change_checked_by_the_tools_is_a_verified_fix(driver: PluginDriver) -> None:
    got = stored(driver, case(
        "user-change", "He movido el DNS de ejemplo.es a nuestros PowerDNS, los NS son ns1.ejemplo.com y "
                       "ns2.ejemplo.com. Compruébalo.", "Mirado desde dos resolvers públicos:",
        tools=(ToolCall("terminal", {"command": "dig +short NS ejemplo.es @1.1.1.1"}, "ns1.ejemplo.com."),)))
    assert set(got) == {"platform"} and "ns1.ejemplo.com" in got["platform"][0]


def test_a_fix_reported_in_the_spanish_preterite_keeps_its_setting(driver: PluginDriver) -> None:
    got = stored(driver, case(
        "preterite", "la réplica de mysql está parada",
        "Se paraba por un error 1062 en wp_sessions. Salté la transacción con SET GLOBAL sql_slave_skip_counter = 1 "
        "y arranqué el esclavo.",
        tools=(ToolCall("terminal", {"command": "mysql -e 'SHOW SLAVE STATUS'"}, "Slave_SQL_Running: Yes"),)))
    assert set(got) == {"platform"} and "sql_slave_skip_counter" in got["platform"][0]


def test_a_failed_attempt_and_a_problem_report_are_not_memory(driver: PluginDriver) -> None:
    assert stored(driver, case("nada", "Hemos probado a subir el timeout a 90 y nada, sigue cortándose.")) == {}
    assert stored(driver, case("problem", "the mail relay was rejecting connections for ten minutes")) == {}


def test_confirming_the_assistants_summary_keeps_it(driver: PluginDriver) -> None:
    summary = {"role": "assistant", "content": "Entonces, para Globex: renovación a 3 años, 450 €/mes y soporte "
                                               "prioritario incluido."}
    got = stored(driver, case("confirm", "Eso es.", "Perfecto.", history=(summary,)))
    assert set(got) == {"business"} and "450" in got["business"][0]


def test_a_decision_naming_system_values_goes_to_the_platform(driver: PluginDriver) -> None:
    got = stored(driver, case("tech-decision", "Hemos decidido que todos los charts lleven un PodDisruptionBudget "
                                               "con minAvailable: 1."))
    assert set(got) == {"platform"} and "minAvailable" in got["platform"][0]
