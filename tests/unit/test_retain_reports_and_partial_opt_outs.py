"""A problem reported with "can't" is no rule, an opt-out that names its part leaves the rest, a sentence that
declares the one before settled or the speaker's own way keeps it, a guess ruled out is dropped, and an answer
checked against the real config is kept (our own sentences)."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall

_READ_CONFIG = ToolCall(name="terminal", args={"command": "ssh cp-01 sudo cat /etc/rancher/rke2/config.yaml"},
                        result="etcd-snapshot-schedule-cron: '0 */4 * * *'\netcd-snapshot-retention: 12")


def test_a_problem_reported_with_cannot_is_not_a_rule(driver: PluginDriver) -> None:
    stored = driver.stored_by("cannot-report", "Los clientes de Lumen no pueden subir vídeos, da error con cualquier "
                              "cosa de más de 20 MB. Míralo, porfa.", "Lo miro ahora.")
    assert not stored, stored


def test_a_rule_said_with_cannot_still_is(driver: PluginDriver) -> None:
    stored = driver.stored_by("cannot-rule", "A partir de ahora los clientes del plan Starter no pueden tener más de "
                              "dos sitios; es la norma.", "Entendido.")
    assert any("Starter" in item for item in stored.get("business", ())), stored


def test_an_opt_out_that_names_its_part_leaves_the_rest(driver: PluginDriver) -> None:
    stored = driver.stored_by("named-opt-out", "Farmacia Roca ha firmado la renovación por un año con el plan Pro. "
                              "Lo del descuento que les hice no lo guardes, es excepcional.", "Hecho.")
    business = stored.get("business", ())
    assert any("Farmacia Roca" in item for item in business), stored
    assert not any("descuento" in item for item in business), stored


def test_an_opt_out_of_the_whole_turn_still_keeps_nothing(driver: PluginDriver) -> None:
    stored = driver.stored_by("whole-opt-out", "Farmacia Roca ha firmado la renovación con el plan Pro. No lo "
                              "guardes todavía, que falta la firma del anexo.", "Vale.")
    assert not stored, stored


def test_the_speakers_own_way_makes_the_rule_before_it_personal(driver: PluginDriver) -> None:
    stored = driver.stored_by("own-way", "Before you roll anything out in prod, always show me the `helm diff` "
                              "output first. That's how I like to work.", "Understood.")
    assert any("helm diff" in item for item in stored.get("personal", ())), stored
    assert not stored.get("platform"), stored


def test_a_term_declared_contractual_is_kept_with_its_figures(driver: PluginDriver) -> None:
    stored = driver.stored_by("contract-settles", "El SLA del plan Pro es del 99,5 % mensual, con un 5 % de crédito "
                              "por cada hora de caída. Está así en los contratos.", "Anotado.")
    assert any("99,5 %" in item for item in stored.get("business", ())), stored


def test_a_customer_leaving_keeps_its_date_said_next(driver: PluginDriver) -> None:
    stored = driver.stored_by("churn-date", "Heads up: Estudio Pla cancelled their contract. Last day is 30 "
                              "November.", "Noted.")
    assert any("Estudio Pla" in item and "30 November" in item for item in stored.get("business", ())), stored


def test_a_guess_ruled_out_is_not_kept_beside_the_fix(driver: PluginDriver) -> None:
    stored = driver.stored_by("ruled-out", "¿Ya arranca Redis?", "Sí. Lo del maxmemory a 2Gi que probamos no era la "
                              "causa. El error real era el permiso del volumen: he puesto fsGroup: 999 en el "
                              "StatefulSet. Verificado: el pod está Running y redis-cli ping devuelve PONG.",
                              tools=(ToolCall(name="terminal", args={"command": "kubectl get pod redis-0"},
                                              result="redis-0   1/1   Running"),))
    platform = stored.get("platform", ())
    assert any("fsGroup: 999" in item for item in platform), stored
    assert not any("maxmemory" in item for item in platform), stored


def test_an_answer_that_cannot_confirm_the_fix_keeps_nothing(driver: PluginDriver) -> None:
    stored = driver.stored_by("cannot-confirm", "Any news on the checkout timeouts?", "I raised the php-fpm "
                              "request_terminate_timeout to 120s and restarted the pods. I can't confirm it fixed the "
                              "timeouts yet: no traffic until tomorrow.")
    assert not stored.get("platform"), stored


def test_a_value_read_from_the_real_config_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("config-read", "How often do we snapshot etcd on rke2-prod? Confirm it from the "
                              "actual config, it's for the audit.", "Confirmed from /etc/rancher/rke2/config.yaml: "
                              "snapshots every 4 hours with etcd-snapshot-retention: 12.", tools=(_READ_CONFIG,))
    assert any("etcd-snapshot-retention: 12" in item for item in stored.get("platform", ())), stored


def test_a_duty_handed_on_is_the_businesss_not_a_preference(driver: PluginDriver) -> None:
    stored = driver.stored_by("duty-handed-on", "From next week Laia takes over support for the Agency plan. Any "
                              "ticket from agencies goes to her, not me.", "Noted.")
    assert any("goes to her, not me" in item for item in stored.get("business", ())), stored
    assert not stored.get("personal"), stored


def test_approving_a_numbered_change_request_is_one_act(driver: PluginDriver) -> None:
    stored = driver.stored_by("change-request", "Approve CHG-88 for tonight's maintenance window: the Ceph 18.2.4 "
                              "upgrade on mad-1.", "Approved.")
    assert not stored, stored


def test_something_missing_is_a_problem_seen(driver: PluginDriver) -> None:
    stored = driver.stored_by("missing-label", "A third of the PVCs are missing the wetopi.io/backup label.",
                              "Right, 14 of 41.")
    assert not stored, stored


def test_wanting_a_coffee_is_small_talk(driver: PluginDriver) -> None:
    stored = driver.stored_by("coffee", "Qué lunes. I really need a coffee the size of a Ceph pool.", "Ánimo.")
    assert not stored, stored


def test_a_preference_kept_in_mind_for_the_speaker_is_personal(driver: PluginDriver) -> None:
    stored = driver.stored_by("kept-in-mind", "Llamadas: nunca antes de las 9:30 ni los lunes por la mañana. Tenlo "
                              "en cuenta siempre que me propongas huecos.", "Entendido.")
    assert any("9:30" in item for item in stored.get("personal", ())), stored
    assert not stored.get("business"), stored


def test_a_preference_sentence_stays_whole_in_personal(driver: PluginDriver) -> None:
    stored = driver.stored_by("whole-preference", "When you summarize outages for me, use three bullets at most, "
                              "and always end with what I need to decide.", "Understood.")
    assert any("three bullets" in item and "what I need to decide" in item
               for item in stored.get("personal", ())), stored


def test_a_rule_for_someone_else_beside_a_preference_keeps_its_scope(driver: PluginDriver) -> None:
    stored = driver.stored_by("rule-beside-preference", "From now on Pau owns the status page updates; yo solo "
                              "reviso los postmortems, así que mándame solo esos.", "Anotado.")
    assert not any("Pau owns" in item for item in stored.get("personal", ())), stored


def test_usa_opening_a_clause_is_an_order_not_a_system(driver: PluginDriver) -> None:
    stored = driver.stored_by("usa-order", "para mis resúmenes de las reuniones, usa siempre viñetas y pon las "
                              "decisiones al principio en negrita.", "Hecho.")
    assert any("viñetas" in item for item in stored.get("personal", ())), stored
    assert not stored.get("platform"), stored
