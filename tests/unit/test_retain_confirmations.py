"""How the user's short replies back what the assistant said: a confirmed summary is kept, a fix the user saw work
is a verified fix, a note request with content of its own is on record; a refusal or a doubt keeps nothing."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver
from wetopi_memory.retain.signals import analyze
from wetopi_memory.retain.turn_reading import works_now


@pytest.mark.parametrize("reply", ["fixed, thanks", "ya funciona, gracias!", "good, the dashboards are back",
                                   "Arreglado 👍", "works now"])
def test_the_user_seeing_it_work_confirms_the_change(reply: str) -> None:
    assert works_now(reply)


@pytest.mark.parametrize("reply", ["still not fixed", "no funciona", "creo que ya funciona", "is it fixed?",
                                   "not working now either", "sigue sin ir, ya va siendo hora de mirarlo en serio "
                                   "porque llevamos toda la semana con esto y los clientes se quejan"])
def test_a_negated_doubted_or_asked_outcome_confirms_nothing(reply: str) -> None:
    assert not works_now(reply)


CAUSE = "The nightly CronJob failed because its ServiceAccount lost the get permission on secrets after the upgrade."
CHANGE = "Re-created the RoleBinding backup-reader with get on secrets; the 03:00 run finished OK."


def test_a_fix_the_user_saw_work_keeps_its_facts(driver: PluginDriver) -> None:
    stored = driver.stored_by("confirmed-fix", "perfecto, ya funciona", f"{CAUSE} {CHANGE}")
    assert set(stored) == {"platform"}
    assert "backup-reader" in " ".join(stored["platform"])


def test_the_same_answer_without_the_users_confirmation_is_not_a_verified_fix(driver: PluginDriver) -> None:
    assert driver.stored_by("unconfirmed-fix", "vale, gracias", f"{CAUSE} {CHANGE}") == {}


RUNBOOK = ("Runbook, certificado caducado en un ingress:\n1. `kubectl -n <ns> describe certificate <name>` para ver el "
           "motivo.\n2. `kubectl -n cert-manager logs deploy/cert-manager --since=1h`.\n3. Borrar el secret TLS y "
           "dejar que cert-manager lo emita de nuevo.\n¿Lo doy por bueno?")


@pytest.mark.parametrize(("reply", "namespace"), [("Sí, ese es el runbook.", "shop"),
                                                  ("yes, that's our procedure", "blog"), ("Exactly.", "crm")])
def test_a_yes_that_names_or_confirms_the_summary_keeps_it(driver: PluginDriver, reply: str, namespace: str) -> None:
    before = RUNBOOK.replace("<ns>", namespace)   # one runbook per case: the same text would be a duplicate
    stored = driver.stored_by(f"confirm-{namespace}", reply, "Guardado.", before=before, asked="¿Cómo lo hacemos?")
    assert f"-n {namespace} describe certificate" in " ".join(stored.get("platform", ()))


@pytest.mark.parametrize("before", [
    "El pod de grafana está en CrashLoopBackOff. ¿Lo reinicio?",
    "Los backups de anoche terminaron bien: 143 sitios, 0 errores. ¿Algo más?",
])
def test_a_yes_to_an_offer_of_work_or_a_closing_question_is_not_a_confirmed_summary(driver: PluginDriver,
                                                                                    before: str) -> None:
    assert driver.stored_by("offer", "sí", "Hecho.", before=before, asked="¿Qué tal grafana y los backups?") == {}


def test_a_refusal_of_a_proposal_keeps_nothing(driver: PluginDriver) -> None:
    stored = driver.stored_by("refused", "no, keep it as it is", "Okay, we keep 45 days.",
                              before="45 days now. I could lower it to 20 to save space.", asked="Loki retention?")
    assert stored == {}


@pytest.mark.parametrize("text", [
    "And remember: every change to the DNS zone of a customer needs a ticket number in the PR, no exceptions.",
    "Write down how we renew the wildcard certificate: request it in the portal, put it in Infisical, restart the "
    "ingress pods and check the expiry date.",
])
def test_a_note_request_with_content_of_its_own_is_on_record(text: str) -> None:
    signals = analyze(text)
    assert signals.categories and "on record" in signals.weak


@pytest.mark.parametrize("text", ["Remember: lunch.", "Write down that it failed again?"])
def test_a_note_request_without_content_or_asking_is_not(text: str) -> None:
    assert "on record" not in analyze(text).weak


def test_an_answer_that_restates_the_agreed_proposal_names_what_it_took_for_granted(driver: PluginDriver) -> None:
    stored = driver.stored_by("restated", "vale, adelante con eso", "Hecho: a Talleres Ruiz les dejamos el plan Pro "
                              "en 39 € al mes en lugar de 45 si pagan el año por adelantado.",
                              before="Propuesta: 39 €/mes en lugar de 45 si pagan el año por adelantado.",
                              asked="¿Qué precio le damos a Talleres Ruiz?")
    assert set(stored) == {"business"}
    assert "Talleres Ruiz" in " ".join(stored["business"])


def test_a_restatement_with_values_of_its_own_is_still_the_assistants(driver: PluginDriver) -> None:
    stored = driver.stored_by("not-restated", "vale, adelante con eso", "Hecho: a Talleres Ruiz les dejamos el plan "
                              "Pro en 35 € al mes en lugar de 45.",
                              before="Propuesta: 39 €/mes en lugar de 45 si pagan el año por adelantado.",
                              asked="¿Qué precio le damos a Talleres Ruiz?")
    business = " ".join(stored.get("business", ()))
    assert "35 €" not in business and "Pro en" not in business   # the assistant's own values, not the proposal's


@pytest.mark.parametrize(("user", "word"), [
    ("From now on Jordi approves discounts up to 10 % himself. Anything above that comes to me.", "discounts"),
    ("Que quede claro: las altas de clientes con contrato anual pasan por mí antes de firmarse.", "altas"),
])
def test_the_speaker_as_a_step_of_a_process_is_the_organisations_rule(driver: PluginDriver, user: str,
                                                                      word: str) -> None:
    stored = driver.stored_by(f"role-{word}", user, "Entendido.")
    assert set(stored) == {"business"} and word in " ".join(stored["business"])


@pytest.mark.parametrize("user", ["Mi rol es CFO, así que los presupuestos pasan por mí.",
                                  "If a purchase needs my approval on a Friday, ask Marta instead of me."])
def test_the_speakers_own_position_or_treatment_stays_personal(driver: PluginDriver, user: str) -> None:
    assert "personal" in driver.stored_by(f"own-{user[:8]}", user, "Entendido.")


@pytest.mark.parametrize("user", [
    "Las demos con clientes ponlas siempre por la tarde, nunca antes de las 16:00.",
    "Los informes de facturación los quiero siempre en PDF y con el total arriba.",
    "Ya no uso Outlook: las convocatorias mándamelas siempre al calendario de Proton.",
])
def test_an_order_for_how_things_are_handed_to_the_speaker_is_their_preference(driver: PluginDriver,
                                                                                user: str) -> None:
    stored = driver.stored_by(f"handed-{user[:10]}", user, "Hecho.")
    assert set(stored) == {"personal"}


def test_how_to_hand_the_speaker_commands_is_their_preference(driver: PluginDriver) -> None:
    stored = driver.stored_by("k9s", "uso siempre tmux, así que si me das comandos largos ponlos en una sola línea",
                              "Hecho.")
    assert set(stored) == {"personal"}
