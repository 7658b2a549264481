"""What a refusal keeps (nothing: the present way stays), standing requests to hand the speaker things, absences
on one day, confessions of a confusion, approvals of a named change request, and opinions that are preferences
(our own sentences, written for these tests)."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver


@pytest.mark.parametrize(("user", "before"), [
    ("Déjalo, no hace falta. Seguimos cerrando los tickets a mano desde Zendesk.",
     "Podría crear una regla que cierre los tickets resueltos a los 5 días de forma automática."),
    ("Vale, no. Prefiero que no toques el cron de los backups. Se queda a las 02:00.",
     "Podría mover el cron de los backups a las 04:30 de forma permanente, para no pisar la réplica."),
    ("Nah, leave it. We keep the current alert thresholds.",
     "I could lower the CPU alert threshold to 70 % on every node pool from now on."),
])
def test_a_refusal_that_keeps_the_present_way_stores_nothing(driver: PluginDriver, user: str, before: str) -> None:
    assert driver.stored_by(f"refusal-{user[:12]}", user, "De acuerdo.", before=before, asked="¿Ideas?") == {}


def test_a_refusal_that_states_a_rule_keeps_the_rule(driver: PluginDriver) -> None:
    stored = driver.stored_by("refusal-rule", "No, así no. No quiero auto-sync en los namespaces de producción.",
                              "Entendido.", before="Podemos activar el auto-sync con prune en todas las apps, también "
                              "las de producción.", asked="¿Cómo simplificamos los despliegues?")
    assert stored.get("platform") or stored.get("personal"), stored


def test_a_standing_request_to_hand_the_speaker_things_is_personal(driver: PluginDriver) -> None:
    stored = driver.stored_by("standing-request", "From now on mándame los presupuestos de más de 5.000 € a mí "
                              "primero, antes que a Pau.", "Entendido.")
    assert any("presupuestos" in item for item in stored.get("personal", ())), stored
    assert not stored.get("business"), stored


def test_a_sentence_about_others_that_always_ask_is_no_request(driver: PluginDriver) -> None:
    stored = driver.stored_by("others-always", "Give me the open incidents, I have a call with the insurer in five "
                              "minutes and they always ask.", "Two open incidents, both P3.")
    assert not stored.get("personal"), stored


@pytest.mark.parametrize("user", [
    "Just so you know, I'm out Friday morning for the vet.",
    "El jueves por la tarde no estoy, tengo médico.",
])
def test_an_absence_on_one_day_is_not_kept(driver: PluginDriver, user: str) -> None:
    assert driver.stored_by(f"absence-{user[:10]}", user, "Gracias por avisar.") == {}


def test_an_absence_every_week_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("absence-weekly", "I'm out every Friday afternoon, don't book anything for me then.",
                              "Noted.")
    assert stored.get("personal"), stored


def test_owning_up_to_a_confusion_is_no_preference(driver: PluginDriver) -> None:
    stored = driver.stored_by("confusion", "What's the difference between a PDB and a PriorityClass? I always mix "
                              "them up.", "A PDB limits voluntary evictions; a PriorityClass orders scheduling.")
    assert not stored.get("personal"), stored


def test_a_confusion_as_a_preferences_reason_keeps_the_preference(driver: PluginDriver) -> None:
    stored = driver.stored_by("confusion-reason", "Dame siempre las horas en Europe/Madrid, que luego me lío.",
                              "Hecho.")
    assert any("Europe/Madrid" in item for item in stored.get("personal", ())), stored


def test_approving_a_named_change_request_stores_nothing(driver: PluginDriver) -> None:
    stored = driver.stored_by("pr-approval", "Approve it.", "Approved PR #77.", before="PR #77 bumps cert-manager "
                              "from 1.14.4 to 1.15.1; CI passed and staging is clean. Approve?", asked="Anything?")
    assert stored == {}, stored


def test_an_opinion_mark_does_not_weaken_a_preference(driver: PluginDriver) -> None:
    stored = driver.stored_by("opinion-pref", "Honestly I prefer diagrams over long explanations when you describe "
                              "an architecture.", "Got it.")
    assert stored.get("personal"), stored


def test_an_opinion_mark_still_weakens_a_claim(driver: PluginDriver) -> None:
    stored = driver.stored_by("opinion-claim", "Honestly the Ceph cluster is the reason the shop is slow.", "Ok.")
    assert not stored.get("platform"), stored
