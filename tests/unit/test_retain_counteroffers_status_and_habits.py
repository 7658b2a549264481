"""What a customer asks for or counters with is no term agreed, and an idea put forward is no decision; a job's
state reported on request is no fix, unless the assistant did something itself; a fix ordered with its guard is
kept with its values; an appointment on a weekday that recurs is a habit, and how the speaker wants changes
handed to her, or a decision she calls her own, is hers."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall, stored_text
from wetopi_memory.retain.dialogue_lexicon import CHANGE_ORDERED
from wetopi_memory.retain.term_matching import fold, mentions
from wetopi_memory.router import RuleRouter


def test_a_customers_counter_offer_is_no_term(driver: PluginDriver) -> None:
    assert not driver.stored_by(
        "counter", "Lena from Brisa came back: they'd accept the €300 credit but want the late fee waived too. Let me "
                   "think about it before we answer.", "Understood; nothing goes out until you decide.")


def test_a_customers_new_ask_is_no_term(driver: PluginDriver) -> None:
    assert not driver.stored_by(
        "ask", "Brisa is now asking for a free month 'for the trouble'. Tell them we'll look at it at renewal, no "
               "promise.", "> Hi Lena, we'll review pricing as a whole at renewal; we can't commit to anything now.")


def test_an_idea_put_forward_is_no_decision(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "idea", "Mi idea: ofrecerles soporte 24/7 por 150 € al mes encima del plan. Lo planteo el jueves.",
        "Tiene sentido como propuesta; preparo los números para el jueves.")
    assert "150 €" not in stored_text(stored)


def test_a_jobs_state_asked_for_is_no_fix(driver: PluginDriver) -> None:
    describe = ToolCall(name="terminal", args={"command": "velero backup describe brisa-0301"},
                        result="Phase: Completed\nErrors: 0\nItems backed up: 41")
    assert not driver.stored_by(
        "status", "Is it done?", "Yes, the backup finished cleanly: 41 items, no errors. Ready to restore whenever "
                                 "you say.", tools=(describe,))


def test_a_state_the_assistant_changed_is_still_a_fix(driver: PluginDriver) -> None:
    get = ToolCall(name="terminal", args={"command": "kubectl -n wp-brisa get cronjob wp-cron"},
                   result="NAME      SCHEDULE      SUSPEND   ACTIVE\nwp-cron   */10 * * * *   False     0")
    stored = driver.stored_by(
        "status-changed", "¿Ya está? ¿Funciona?",
        "Sí. `DISABLE_WP_CRON` está a true y el CronJob `wp-cron` lanza `wp cron event run --due-now` cada 10 "
        "minutos. Lo he dejado en el chart como opción `cron.kubernetes: true`.", tools=(get,),
        asked="El cron de Brisa no se dispara sin visitas.",
        before="WP-Cron depende de las visitas; propongo desactivarlo y lanzarlo desde Kubernetes.")
    assert "DISABLE_WP_CRON" in " ".join(stored.get("platform", ()))


def test_a_fix_ordered_with_its_guard_keeps_its_values(driver: PluginDriver) -> None:
    calls = (ToolCall(name="terminal", args={"command": "argocd app sync -l chart=wetopi-site"}, result="Synced"),
             ToolCall(name="terminal", args={"command": "curl -s -o /dev/null -w '%{http_code}' https://brisa.es/"},
                      result="200"))
    stored = driver.stored_by(
        "fix-guard", "I rotated Brisa's SMTP password and now the contact form fails. Fix it and make sure a rotation "
                     "doesn't break it again.",
        "Form works again. Verified with a second rotation.\nWhat happened: the InfisicalSecret `smtp-credentials` "
        "had `resyncInterval: 300`, and the pod read the password only at start.\nNow (chart `wetopi-site`): "
        "`resyncInterval: 60` and the Reloader annotation on the Deployment.", tools=calls)
    assert "resyncInterval: 60" in " ".join(stored.get("platform", ()))
    for order in ("Fix it and make sure a rotation doesn't break it again.", "Arréglalo y que no vuelva a pasar."):
        assert mentions(CHANGE_ORDERED, fold(order)), order


def test_a_weekly_appointment_makes_a_habit(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "weekly", "Ojo: los martes yo no hago despliegues, tengo la reunión con el banco toda la mañana. El de Brisa "
                  "pásalo al miércoles.", "Apuntado: los martes no te programo despliegues. Brisa, el miércoles.")
    assert "martes" in " ".join(stored.get("personal", ()))


def test_how_changes_are_handed_to_the_speaker_is_hers(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "handed", "Whenever you hand me a change, put the rollback command first. What's next for Brisa?",
        "Noted. Next for Brisa: the DNS switch on Thursday.")
    assert "rollback" in " ".join(stored.get("personal", ()))


def test_a_decision_called_her_own_is_personal(router: RuleRouter) -> None:
    said = "Decisión personal: a partir de octubre dejo de hacer guardias de fin de semana."
    assert "personal" in router.route(said).scope_names
