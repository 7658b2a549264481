"""A configuration the tools applied, a problem still being seen, a status report, a decision settled after it is
stated, an agreed step "for now", the speaker's own rule, requests and one-offs of the moment, a request to stop
saving, a job title that is no charge and a calendar move that is no fix (our own turns)."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall

_APPLY = ToolCall(name="terminal", args={"command": "kubectl -n monitoring apply -f rules/ceph.yaml"},
                  result="prometheusrule.monitoring.coreos.com/ceph-alerts configured")
_DIFF = ToolCall(name="terminal", args={"command": "helm diff upgrade loki grafana/loki -n logging -f values.yaml"},
                 result="logging, loki, StatefulSet (apps) has changed: retention_period 744h")


def test_a_configuration_the_tools_applied_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("applied", "¿Está ya la alerta?", "Sí. `CephOsdNearFull` salta cuando "
                              "`ceph_osd_stat_bytes_used / ceph_osd_stat_bytes > 0.80` durante 10 minutos, con "
                              "severidad warning.", tools=(_APPLY,))
    assert any("CephOsdNearFull" in item for item in stored.get("platform", ())), stored


def test_a_diff_applies_nothing(driver: PluginDriver) -> None:
    stored = driver.stored_by("diffed", "What would change in Loki?", "Two changes: retention_period goes to 744h "
                              "and the compactor gets a new schedule.", tools=(_DIFF,))
    assert not stored, stored


def test_a_problem_still_seen_and_a_status_report_are_not_kept(driver: PluginDriver) -> None:
    assert not driver.stored_by("seen", "The Lumen shop has been throwing 503s since ten. Any clue?",
                                "I'll look at the ingress logs."), "a problem still going on"
    assert not driver.stored_by("status", "FYI the nightly backup of wp-nova finished, everything is healthy.",
                                "Great."), "a status report"


def test_a_final_decision_after_a_statement_settles_it(driver: PluginDriver) -> None:
    stored = driver.stored_by("final", "Pau no entra en las guardias hasta octubre. Final decision, no me lo "
                              "vuelvas a preguntar.", "Anotado.")
    assert any("octubre" in item for item in stored.get("business", ())), stored
    assert not stored.get("personal"), stored


def test_an_agreed_step_for_now_holds(driver: PluginDriver) -> None:
    stored = driver.stored_by("for-now", "Vale, así.", "Hecho.",
                              before="Propuesta: activar Redis object cache solo en las tiendas con más de 5k "
                                     "productos por ahora, con maxmemory 512mb y política allkeys-lru.",
                              asked="¿Qué hacemos con la caché de objetos?")
    assert any("allkeys-lru" in item for item in stored.get("platform", ())), stored


def test_the_speakers_own_rule_is_personal(driver: PluginDriver) -> None:
    stored = driver.stored_by("own-rule", "Para los informes de incidentes, como norma mía: causa raíz en la primera "
                              "línea y nunca más de media página.", "Entendido.")
    assert any("media página" in item for item in stored.get("personal", ())), stored


def test_requests_and_one_offs_of_the_moment_are_not_kept(driver: PluginDriver) -> None:
    for name, user in (("draft", "Prefiero los posts cortos y sin emojis. Ahora hazme el post del webinar."),
                       ("ready", "Tenlas listas el lunes a primera hora: altas, bajas y tickets abiertos."),
                       ("died", "What day is it today? My laptop died."),
                       ("outing", "Will it be sunny in Valencia on Sunday? I want to go to the beach.")):
        stored = driver.stored_by(name, user, "Ok.")
        assert not stored.get("business") and not stored.get("platform"), (name, stored)
        assert not any("hazme" in i or "died" in i or "beach" in i for i in stored.get("personal", ())), stored


def test_a_request_to_stop_saving_is_obeyed(driver: PluginDriver) -> None:
    assert not driver.stored_by("stop", "Please stop saving things about my parents in memory.", "Understood.")


def test_a_job_title_is_no_charge(driver: PluginDriver) -> None:
    stored = driver.stored_by("title", "Cuando escribas a proveedores en mi nombre, firma solo 'Ana', sin cargo ni "
                              "logo.", "Entendido.")
    assert any("sin cargo" in item for item in stored.get("personal", ())), stored
    assert not stored.get("business"), stored


def test_a_calendar_move_is_no_fix(driver: PluginDriver) -> None:
    move = ToolCall(name="calendar_update", args={"date": "2027-02-03", "move_from": "morning"},
                    result="2 events moved")
    stored = driver.stored_by("calendar", "Médico mañana a las 9, pasa lo de la mañana a la tarde.",
                              "Moved: the 10:00 with Marc and the 11:30 review are now at 16:00 and 17:00.",
                              tools=(move,))
    assert not stored, stored


_RENEW = ToolCall(name="terminal", args={"command": "cmctl renew -n wp-nova nova-tls"},
                  result="Manually triggered issuance of Certificate wp-nova/nova-tls")


def test_a_runbooks_commands_in_a_code_block_are_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("steps", "¿Ha ido bien? Déjalo apuntado como procedimiento.",
                              "Sí, el certificado nuevo ya se sirve. Procedimiento para reemitir un certificado:\n"
                              "```\ncmctl renew -n <ns> <certificate>\ncmctl status certificate -n <ns> "
                              "<certificate>\n```", tools=(_RENEW,))
    assert any("cmctl renew" in item for item in stored.get("platform", ())), stored


def test_pasted_output_in_a_code_block_is_not_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("output", "Guárdalo como referencia.",
                              "Salida:\n```\nNAME        READY   STATUS    RESTARTS   AGE\n"
                              "wp-nova-0   1/1     Running   0          3d\n"
                              "wp-nova-1   1/1     Running   2          3d\n```")
    assert not any("Running" in item for scope in stored.values() for item in scope), stored


def test_stopping_to_keep_logs_is_no_opt_out(driver: PluginDriver) -> None:
    stored = driver.stored_by("logs", "Decidido: dejamos de guardar los logs de acceso de las tiendas a los 30 días, "
                              "es la retención para todas.", "Anotado.")
    assert any("30 días" in item for scope in stored.values() for item in scope), stored


def test_a_quoted_slogan_treats_nobody(driver: PluginDriver) -> None:
    stored = driver.stored_by("slogan", "Our tagline from now on, on the website and in every deck: 'Managed "
                              "WordPress by people who reply in Catalan within the hour.'", "Recorded.")
    assert any("tagline" in item for item in stored.get("business", ())), stored
    assert not stored.get("personal"), stored
