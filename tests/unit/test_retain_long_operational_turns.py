"""Long operational turns: a fix keeps its change, not what its verification measured; a check, a rerun, a
mitigation, a trial removed after it ran, an upgrade still running or a cause not known keep nothing; a journal line
pasted after "look at this" is output; a symptom reported is no fact; a tool named in the previous sentence is no
party; a house policy told in the present is no past action; what the speaker takes on herself is hers, a rule she
replaces is forgotten and the new one kept, and a request tied to one item is no standing preference."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall
from wetopi_memory.retain.raw_output import opens_raw_run
from wetopi_memory.retain.run_report import reports_the_run

_OK = ToolCall(name="terminal", args={"command": "kubectl -n shop get pods"}, result="shop-0 1/1 Running 0 2m")


def _items(stored: dict[str, tuple[str, ...]]) -> list[str]:
    return [item for items in stored.values() for item in items]


def test_what_a_verification_measured_is_no_part_of_the_fix(driver: PluginDriver) -> None:
    answer = ("Fixed through gitops.\nChange:\n`sites/libreria/values.yaml`: `php.memoryLimit: 256M` → `512M`, synced."
              "\nVerification:\nThe big-cart checkout returned HTTP 200 in 2.3 s.\n41 test orders went through.")
    stored = driver.stored_by("verification-section", "The Librería shop dies on big carts. Fix it properly.",
                              answer, tools=(_OK,))
    assert any("512M" in item for item in stored.get("platform", ())), stored
    assert not any("41 test orders" in item or "2.3 s" in item for item in _items(stored)), stored


def test_measured_lines_report_the_run() -> None:
    assert reports_the_run("Autoload antes: **12,4 MB** en 3.812 opciones.")
    assert reports_the_run("TTFB de /wp-admin/: de 4,8 s a 0,7 s.")
    assert reports_the_run("A 20 MB test upload returned HTTP 200 in 3.1 s.")
    assert reports_the_run("rke2-w-03 vuelve a estar Ready desde las 11:20.")
    assert not reports_the_run("Subí pm.max_children de 20 a 40 y el p95 bajó de 4 s a 0,8 s.")
    assert not reports_the_run('He añadido dnsConfig con ndots: "2"; la resolución ha bajado de 5,02 s a 0,03 s.')


def test_nothing_changed_or_only_mitigated_keeps_nothing(driver: PluginDriver) -> None:
    assert not driver.stored_by(
        "rerun", "El backup de Velero de anoche salió PartiallyFailed. ¿Qué ha pasado?",
        "Un pod fue desalojado durante el backup. He relanzado el backup de ese namespace y ha terminado Completed. "
        "No he cambiado nada en el schedule.", tools=(_OK,))
    assert not driver.stored_by(
        "mitigated", "Search is slow today, can you check?",
        "I restarted the indexer deployment and query p95 is back to 0.3 s. Treat this as mitigated, not solved: "
        "I can't tell why the indexer leaked connections. I haven't changed any limits.", tools=(_OK,))


def test_a_cause_not_known_or_a_check_left_for_tonight_keeps_nothing(driver: PluginDriver) -> None:
    assert not any("revert" in item for item in _items(driver.stored_by(
        "no-cause", "The importer 1.4.0 throws errors since the deploy. Approve a revert to 1.3.2 and do it.",
        "Reverted in git and synced: importer pods run 1.3.2 and the errors stopped. I don't know the root cause "
        "of the 1.4.0 errors yet.", tools=(_OK,))))
    stored = driver.stored_by(
        "tonight", "El cron de pg_dump lleva dos noches fallando. Arréglalo.",
        "He ampliado el PVC de backups a 200Gi. No lo puedo dar por bueno hasta que corra esta noche.", tools=(_OK,))
    assert not any("200Gi" in item for item in _items(stored)), stored


def test_an_upgrade_still_running_or_a_trial_removed_keeps_nothing(driver: PluginDriver) -> None:
    assert not driver.stored_by(
        "running", "¿Cómo va el upgrade de MariaDB que lanzamos ayer?",
        "Va bien, pero aún no ha terminado: 2 de 3 réplicas en 11.4. Te aviso cuando acabe.", tools=(_OK,))
    assert not driver.stored_by(
        "trial", "Can you benchmark OpenEBS against Ceph RBD on one worker?",
        "Ran fio on rke2-w-02: OpenEBS 9,100 IOPS vs Ceph 6,400 IOPS at 4k randwrite. I've removed the test OpenEBS "
        "install and its PVCs.", tools=(_OK,))


def test_a_journal_line_after_look_at_this_is_output(driver: PluginDriver) -> None:
    assert opens_raw_run("Nov 03 08:12:44 rke2-s-01 kubelet[2211]: E1103 eviction manager: must evict pod(s)")
    assert not driver.stored_by(
        "journal", "Look at this from rke2-s-01:\nNov 03 08:12:44 rke2-s-01 kubelet[2211]: eviction manager: "
        "must evict pod(s)\nIs the node in trouble?", "Not yet: memory pressure cleared at 08:15.")


def test_a_symptom_reported_and_a_trial_asked_for_now_keep_nothing(driver: PluginDriver) -> None:
    assert not driver.stored_by("lag", "The replica of mariadb-shared-02 is lagging, Grafana says 20 minutes. "
                                       "What's going on?", "It is catching up; no cause yet.")
    assert not driver.stored_by("staging", "Test it in staging, don't change prod.", "Tested in staging only.")


def test_a_tool_named_before_is_no_party_and_a_house_policy_is_no_past_action(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "tool-party", "Las alertas de Grafana a Telegram no llegan desde ayer. Ah, y que conste: hemos decidido que "
        "las incidencias a clientes se publican en status.wetopi.com, no por email.", "Anotado.")
    assert not any(item.startswith("Grafana:") for item in _items(stored)), stored
    stored = driver.stored_by(
        "house-policy", "Míralo, pero recuerda que los temas de DNS del cliente están fuera del SLA, eso es política "
        "de la casa: si el problema es su DNS, lo diagnosticamos y se lo decimos, no lo arreglamos nosotros.",
        "Entendido.")
    assert any("fuera del SLA" in item for item in stored.get("business", ())), stored


def test_what_the_speaker_takes_on_herself_is_hers(driver: PluginDriver) -> None:
    stored = driver.stored_by("owns", "Apúntate que la migración de los backups a PBS la llevo yo personalmente "
                                      "hasta que acabe.", "Apuntado.")
    assert any("PBS" in item for item in stored.get("personal", ())), stored
    stored = driver.stored_by("responsible", "Desde este mes soy yo la responsable del proyecto de status page.",
                              "Anotado.")
    assert any("status page" in item for item in stored.get("personal", ())), stored


def test_a_forgotten_rule_replaced_from_now_on_keeps_the_new_one(driver: PluginDriver) -> None:
    stored = driver.stored_by("replace-rule", "Olvida lo que te dije de que prefiero Slack para los informes. A partir "
                                              "de ahora quiero los informes semanales por email y Slack solo para "
                                              "incidencias.", "Hecho.")
    assert any("por email" in item for item in stored.get("personal", ())), stored
    assert not any("prefiero Slack" in item for item in _items(stored)), stored


def test_a_request_tied_to_one_item_is_no_standing_preference(driver: PluginDriver) -> None:
    assert "personal" not in driver.stored_by("close", "Before I close the change, confirm the sites picked it up.",
                                              "Confirmed: all 12 sites serve the new config.")
