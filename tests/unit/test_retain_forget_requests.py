"""A request to forget, venting about a tool or a person, and keeping things as they are are no new memory; a
correction that opens with "scratch that" and a rule that says "do whatever you want" elsewhere still are."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver


@pytest.mark.parametrize("user", [
    "olvida lo de que no quiero reuniones los lunes, ya no aplica",
    "forget that I prefer tables, plain lists are fine now",
    "detesto el panel de Stripe, cada cambio es una pesadilla",
    "no me convence cómo lo cuenta Marta, pero bueno, whatever",
    "no, mejor no, prefiero dejarlo como está",
    "nah, leave it as it is",
])
def test_nothing_new_is_kept(driver: PluginDriver, user: str) -> None:
    assert driver.stored_by(f"nothing-{user[:12]}", user, "Entendido.") == {}


def test_a_correction_opened_with_scratch_that_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("scratch", "Scratch that: since the gym moved I start at 8:30 every day now.", "Ok.")
    assert "8:30" in " ".join(stored.get("personal", ()))


def test_a_rule_that_leaves_the_rest_to_the_agent_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("whatever", "before you delete anything in prod, ask me first. always. in the "
                              "sandbox cluster you can do whatever you want", "Understood.")
    assert "ask me" in " ".join(stored.get("personal", ()))


@pytest.mark.parametrize("user", ["approved", "Aprobado el reinicio del nodo pve-03 para esta noche.",
                                  "approved, go ahead with the failover tomorrow at 07:00"])
def test_one_planned_change_approved_is_no_lasting_decision(driver: PluginDriver, user: str) -> None:
    assert driver.stored_by(f"approve-{user[:9]}", user, "Ok.", before="Approval needed: failover of db-1 "
                            "to db-2 tomorrow at 07:00.", asked="status?") == {}


def test_a_change_of_supplier_approved_is_a_decision(driver: PluginDriver) -> None:
    stored = driver.stored_by("supplier", "Aprobado el cambio de proveedor de correo: pasamos a Brevo con contrato "
                              "anual de 480 €.", "Anotado.")
    assert "Brevo" in " ".join(stored.get("business", ()))


@pytest.mark.parametrize("user", ["recuérdame a las 6 que pase la factura del gimnasio",
                                  "remind me on friday to book the train to Bilbao",
                                  "el jueves que viene estoy en el notario toda la mañana, mueve la demo a la tarde"])
def test_a_reminder_or_one_date_ahead_is_no_lasting_memory(driver: PluginDriver, user: str) -> None:
    assert driver.stored_by(f"date-{user[:10]}", user, "Hecho.") == {}
