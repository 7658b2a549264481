"""A correction keeps the value it settles, never the one it discards; a habit's time on a weekday that recurs is no
one-off; a fix stays a fix beside a guess in an aside or a second change left unchecked, and its lesson for next
time is kept; an alternative "not tried" is not; an agreement followed by "pero …" still takes the proposal."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall, stored_text
from wetopi_memory.retain.corrections import without_discarded
from wetopi_memory.retain.opt_outs import opted_out_part
from wetopi_memory.retain.signals import analyze
from wetopi_memory.retain.voice_reading import plain_statement


def test_the_discarded_value_is_cut() -> None:
    assert without_discarded("No, el upload_max_filesize de Olmo es 128M, no 64M.") == \
        "No, el upload_max_filesize de Olmo es 128M."
    assert without_discarded("Pon el TTL en 300 segundos... no, mejor 60, que vamos a migrar.") == \
        "Pon el TTL en 60, que vamos a migrar."
    assert without_discarded("El contacto de facturación de Olmo ahora es Irene Sanz, ya no Pedro.") == \
        "El contacto de facturación de Olmo ahora es Irene Sanz"
    assert without_discarded("Lo de 39 € era la primera oferta, que descartamos.") == ""
    assert without_discarded("Tenemos tres nodos y no hay más.") == "Tenemos tres nodos y no hay más."


def test_a_correction_stores_only_the_settled_value(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "corrected-price", "No, el plan Agencia va a 89 €/mes con 10 sitios incluidos. Lo de 99 € era la primera "
                           "propuesta, que descartamos.",
        "Corregido: plan Agencia a 89 €/mes con 10 sitios.", before="El plan Agencia se vende a 99 €/mes.",
        asked="¿A cuánto quedó el plan Agencia?")
    assert "89" in " ".join(stored.get("business", ())), stored
    assert "99" not in stored_text(stored), stored


def test_a_weekday_habit_with_its_hour_is_no_one_off() -> None:
    habit = "Acuérdate de que los lunes por la mañana no estoy: tengo la reunión con la gestoría hasta las 12."
    assert plain_statement(analyze(habit), habit).one_off == ()
    tomorrow = "Acuérdate de que mañana por la mañana no estoy: tengo la reunión con la gestoría hasta las 12."
    assert plain_statement(analyze(tomorrow), tomorrow).one_off


KUBECTL = ToolCall(name="terminal", args={"command": "kubectl -n wp-olmo get pods"},
                   result="NAME                 READY   STATUS    RESTARTS\nwp-olmo-7d9c8-abcde  1/1     Running   0")


def test_a_fix_with_a_guess_in_an_aside_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "aside-guess", "El pod de Olmo no arranca, ¿lo miras?",
        "El PVC wp-olmo-uploads estaba lleno al 100 % (probablemente por los backups locales del plugin) y lo he "
        "ampliado a 20Gi; el pod está Running otra vez.", tools=(KUBECTL,))
    assert "20Gi" in " ".join(stored.get("platform", ())), stored


def test_a_second_change_left_unchecked_does_not_undo_the_fix(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "second-unchecked", "Olmo's pod keeps getting OOMKilled. Fix it please.",
        "I raised the memory limit of wp-olmo to 768Mi and the pod has been Running for 20 minutes without restarts. "
        "I've also added a PHP opcache tweak to the values, but it only applies after tonight's rollout, so it's not "
        "verified yet.", tools=(KUBECTL,))
    platform = " ".join(stored.get("platform", ()))
    assert "768Mi" in platform, stored
    assert "opcache" not in platform, stored


def test_the_lesson_for_next_time_is_kept_with_the_fix(driver: PluginDriver) -> None:
    helm = ToolCall(name="terminal", args={"command": "helm -n wp-olmo history wp-olmo"},
                    result="REVISION  STATUS  CHART\n8  superseded  wordpress-1.4.0\n9  deployed  wordpress-1.4.1")
    stored = driver.stored_by(
        "lesson", "The wp-olmo release is stuck, can you unblock it?",
        "Done. The release was stuck in pending-install after an interrupted deploy. I rolled back to revision 8 and "
        "upgraded again: revision 9 is deployed. Next time: if a release is stuck in pending-install, roll back to the "
        "last deployed revision and upgrade again.", tools=(helm,))
    assert "Next time" in " ".join(stored.get("platform", ())), stored


def test_an_alternative_not_tried_is_not_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "not-tried", "Los workers de la cola van lentos, ¿lo miras?",
        "Resuelto: he subido los workers de wp-olmo-queue de 2 a 4 réplicas y la cola está vacía otra vez. Otra opción "
        "sería cambiar el driver de la cola a Redis, pero eso no lo he probado.", tools=(KUBECTL,))
    assert "Redis" not in stored_text(stored), stored


def test_an_agreement_then_pero_takes_the_proposal(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "agree-but", "Sí, hagámoslo así. Pero Olmo se queda en MariaDB 10.6 hasta que migren su plugin, que no es "
                     "compatible con 10.11.", "Perfecto: MariaDB 10.11 por defecto y Olmo fijado en 10.6.",
        before="Propongo fijar MariaDB 10.11 como versión por defecto para los sitios nuevos: 10.6 deja de tener "
               "soporte en 2026.", asked="¿Qué MariaDB ponemos por defecto a los sitios nuevos?")
    assert "Propongo fijar MariaDB 10.11" in " ".join(stored.get("platform", ())), stored


def test_just_this_one_is_a_one_off(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "just-this-one", "La llamada con ellos hazla en inglés, que mi alemán es flojo... solo esta, la próxima ya "
                         "tendremos intérprete.", "Vale.")
    assert "alemán" not in " ".join(stored.get("personal", ())), stored


def test_an_opt_out_of_news_about_someone_names_the_news_not_the_person() -> None:
    assert opted_out_part("Lo de que Irene se muda a Lisboa en marzo no hace falta que lo guardes.") == "muda"
    assert opted_out_part("Lo del descuento que les he hecho no lo guardes.") == "descuento"


def test_the_rota_is_kept_beside_gossip_about_a_person_in_it(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "gossip", "Apunta esto: desde diciembre Irene lleva las guardias de fin de semana y Pau las de entre semana. "
                  "Lo de que Irene se muda a Lisboa en marzo no hace falta que lo guardes, es un cotilleo.",
        "Apuntado el reparto de guardias desde diciembre: Irene fines de semana, Pau entre semana. Lo de Lisboa no "
        "lo guardo.")
    everything = stored_text(stored)
    assert "Irene lleva las guardias" in everything, stored
    assert "Lisboa" not in everything, stored


def test_approving_one_item_agrees_to_nothing_lasting(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "approve-one", "Approve #512. Y por cierto, los avisos de Dependabot no me los mandes sueltos, agrúpamelos en "
                       "un resumen semanal.", "Approved #512. Entendido.",
        before="PR #512 (Dependabot, wetopi/panel): bump `lodash` 4.17.20 → 4.17.21. CI green. Approve?",
        asked="¿Hay algo pendiente de aprobar?")
    assert "lodash" not in stored_text(stored), stored
    assert "Dependabot" in " ".join(stored.get("personal", ())), stored
