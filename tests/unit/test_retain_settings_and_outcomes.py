"""A setting's new value, a fact under a "verified:" label and an option named by its subject are kept; a change
whose outcome is still open, a symptom of the moment and a bare "note it" are not (our own sentences)."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall
from wetopi_memory.retain.option_choice import chosen_part
from wetopi_memory.retain.signals import analyze

_ROLLOUT = ToolCall(name="terminal", args={"command": "kubectl -n shop rollout status deploy/shop-web"},
                    result='deployment "shop-web" successfully rolled out')


def test_a_new_value_beside_the_old_one_is_a_setting() -> None:
    signals = analyze("Heads up: I edited the Loki retention this afternoon, it is now at 21d instead of 14d.")
    assert "config" in signals.categories and not signals.transient and not signals.past_action, signals


def test_a_value_without_its_old_one_keeps_its_time_as_task_state() -> None:
    signals = analyze("I edited the Loki dashboard this afternoon.")
    assert signals.task_state, signals


def test_a_fact_under_a_verified_label_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("verified-label", "Also, checked just now: the registry mirror on mad-1 is "
                              "harbor-cache.internal:5000, not the public one.", "Noted.")
    assert any("harbor-cache.internal:5000" in item for item in stored.get("platform", ())), stored


def test_a_change_whose_outcome_is_open_is_not_a_fix(driver: PluginDriver) -> None:
    stored = driver.stored_by("open-outcome", "The shop keeps timing out at checkout.",
                              "I raised `proxy-read-timeout` on the shop ingress from 60 to 120 and rolled it out. "
                              "It's up, but I can't tell yet whether that fixes it until the evening peak.",
                              tools=(_ROLLOUT,))
    assert not stored.get("platform"), stored


def test_a_check_still_to_come_leaves_the_users_change_unverified(driver: PluginDriver) -> None:
    stored = driver.stored_by("check-to-come", "He bajado `pm.max_children` a 8 en wp-lumen. Mañana miramos si "
                              "baja la RAM.", "De acuerdo, mañana lo comparamos antes de darlo por bueno.")
    assert not stored.get("platform"), stored


def test_a_guess_about_something_else_does_not_undo_a_verified_fix(driver: PluginDriver) -> None:
    stored = driver.stored_by("guess-elsewhere", "Why is the shop ingress returning 413 on uploads?",
                              "Fixed: `proxy-body-size` on the shop ingress was 1m; I set it to 64m and a 30 MB upload "
                              "now returns 200. Quizá pasó lo mismo en la tienda de Lumen, pero no tengo datos para "
                              "confirmarlo.", tools=(_ROLLOUT,))
    assert any("64m" in item for item in stored.get("platform", ())), stored


def test_a_symptom_of_the_moment_is_status() -> None:
    assert analyze("Los backups hacia el NAS van lentísimos.").task_state
    assert analyze("The Grafana dashboards are so slow.").task_state


def test_a_bare_note_request_holds_nothing_of_its_own() -> None:
    assert analyze("Anótalo, que luego no me acuerdo.").filler
    assert not analyze("Anótalo: el VIP de la API es 10.30.0.5.").filler


def test_a_preferences_reason_does_not_hedge_it() -> None:
    signals = analyze("Para mí los importes siempre sin IVA, que luego no sé si el total lo lleva o no.")
    assert "preference" in signals.categories and not signals.hedges, signals


def test_a_hedge_in_the_preference_itself_still_counts() -> None:
    assert analyze("Creo que prefiero los informes en PDF, porque así los imprimo.").hedges


def test_an_assent_that_names_its_option_picks_it() -> None:
    proposal = ("Two ideas: (1) move the backup window to 02:00 so it ends before the batch jobs; (2) add a second "
                "approver for Ceph changes. Both?")
    assert chosen_part(proposal, "Yes to the backup window, the approver can wait.").startswith("(1) move the backup")
    assert chosen_part(proposal, "Yes, both.") == proposal


def test_an_outcome_question_makes_the_confirmed_answer_a_checked_fact(driver: PluginDriver) -> None:
    stored = driver.stored_by("outcome-asked", "¿Ya no fallan los cron de WordPress en wp-lumen?",
                              "Confirmado: con `DISABLE_WP_CRON=true` y el CronJob `wp-cron-lumen` cada 5 minutos, "
                              "las 12 últimas ejecuciones terminaron Completed.",
                              tools=(ToolCall(name="terminal", args={"command": "kubectl -n wp-lumen get jobs"},
                                              result="wp-cron-lumen-29110 1/1 12s 3m"),))
    assert any("wp-cron-lumen" in item for item in stored.get("platform", ())), stored
