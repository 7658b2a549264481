"""A draft agreed to, an option taken by what it says ("la de los plazos") with the party it is for, and an opt-out
of one clause ("lo de que igual…, no lo guardes"); nothing lasting in an FYI, a list pulled now, a backup run that
completed, a pasted log line, or a "not now, we'll see when…"."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall


def test_a_draft_agreed_to_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "draft", "Sounds good, go.", "Done: the policy is published in the handbook.",
        before="Draft refund policy v1:\n- Monthly plans: full refund within 14 days.\n- Annual plans: prorated "
               "refund within 30 days.\n- No refunds after a migration was done.",
        asked="We need a refund policy before the price change.")
    assert any("14 days" in item for item in stored.get("business", ())), stored


def test_an_option_taken_by_what_it_says_carries_its_party(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "by-content", "Dale, la de los plazos.", "Hecho: plan de pagos creado.",
        before="Opciones: (1) perdonar el recargo (30 €) y dividir la deuda en 4 plazos mensuales de 210 €; "
               "(2) dar de baja la deuda y suspender el servicio.",
        asked="La Academia Norte debe 840 € y dice que no puede pagarlo todo de golpe.")
    business = stored.get("business", ())
    assert any("Academia Norte" in item and "plazos" in item for item in business), stored
    assert not any("suspender" in item for item in business), stored


def test_an_opt_out_of_one_clause_keeps_the_rest(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "clause-opt-out", "Aprueba las condiciones de Lumen Agency como partner: 10 % de comisión el primer año, "
        "liquidación trimestral. Lo de que quizá les subamos al 15 % más adelante, no lo guardes.", "Aprobado.")
    business = stored.get("business", ())
    assert any("10 %" in item for item in business), stored
    assert not any("15 %" in item for items in stored.values() for item in items), stored


def test_an_fyi_with_nothing_to_do_is_not_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("fyi", "nothing to do here, just FYI: the staging cluster rebooted after the kernel "
                                     "update", "Thanks for the heads-up.")
    assert not stored, stored


def test_a_list_pulled_now_is_not_kept(driver: PluginDriver) -> None:
    assert not driver.stored_by("pull", "Pull the list of returned direct debits for November.", "Here it is.")
    assert not driver.stored_by("lista", "Lístame las facturas impagadas de más de 60 días.", "Aquí las tienes.")


def test_a_backup_run_that_completed_is_not_kept(driver: PluginDriver) -> None:
    run = ToolCall(name="terminal", args={"command": "velero backup create shop-manual --wait"},
                   result="Backup completed with status: Completed.")
    stored = driver.stored_by("backup-run", "Lanza un backup manual de la tienda antes de tocar nada.",
                              "Terminado: shop-manual en estado Completed (2m10s).", tools=(run,))
    assert not stored, stored


def test_a_pasted_log_line_with_nothing_to_do_is_not_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "log-line", "fyi, this is what the fpm log looked like during the spike, nothing to do, it's calmed down: "
        "[14-Nov-2026 09:02:11] WARNING: [pool shop] seems busy (you may need to increase pm.start_servers, or "
        "pm.min/max_spare_servers), spawning 8 children, there are 0 idle", "Noted.")
    assert not stored, stored


def test_not_now_and_well_see_is_not_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "not-now", "Ahora no. Con un solo técnico no podemos ofrecer soporte en catalán; lo vemos cuando "
        "entre la persona de marzo.", "Entendido.")
    assert not stored, stored


def test_a_hiring_plan_naming_technical_roles_is_the_business(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "hiring-plan", "Vale, así.", "Hecho.",
        before="Propuesta:\n- Un DevOps en febrero (foco Kubernetes y backups).\n- Una persona de soporte N1 en "
               "abril, a media jornada.",
        asked="¿Cómo hacemos el plan de contratación de 2027?")
    assert "platform" not in stored, stored
    assert any("DevOps" in item for item in stored.get("business", ())), stored
    assert not any(item.strip() == "Propuesta:" for items in stored.values() for item in items), stored


def test_how_the_speaker_wants_things_queued_is_hers(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "queued", "New rule for me: I only approve expenses on Fridays. Anything expense-related that needs my "
        "sign-off, queue it for Friday morning, don't send it to me midweek.", "Understood.")
    assert "business" not in stored, stored
    assert any("queue it" in item for item in stored.get("personal", ())), stored


def test_a_report_asked_for_this_job_is_no_preference(driver: PluginDriver) -> None:
    assert not driver.stored_by("later", "Primero la reunión y luego me cuentas lo del presupuesto.", "Vale.")
