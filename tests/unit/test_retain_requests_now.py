"""A check or a document asked for now is a task, not memory; "the usual one" names a thing by habit and makes no
rule; the same words said as a standing rule are kept."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver


@pytest.mark.parametrize("user", [
    "Comprueba que el cert de bodegasrueda.es se renovó, porfa.",
    "Check that the nightly backup of the shop ran.",
    "Emite la factura de noviembre de Casa Lur, la de siempre.",
    "Issue the invoice for Panadería Goiko, the usual amount.",
])
def test_a_task_for_now_is_not_kept(driver: PluginDriver, user: str) -> None:
    stored = driver.stored_by(f"now-{user[:12]}", user, "Hecho.")
    assert not stored, stored


def test_a_check_made_a_rule_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("rule-check", "A partir de ahora comprueba siempre que el backup de Velero terminó "
                              "antes de cada upgrade de RKE2.", "Entendido.")
    assert any("Velero" in item for item in stored.get("platform", ())), stored


def test_letting_one_pending_item_through_is_not_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("approve-one", "Aprobado.", "Aprobado y desplegado.",
                              before="Tengo pendiente de aprobación el despliegue de site-lur (plugin Yoast 23.1 → "
                                     "23.2). Tests E2E en verde. ¿Apruebo?", asked="¿Qué hay pendiente?")
    assert not stored, stored


def test_approving_a_standing_rule_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("approve-rule", "Sí, a partir de ahora así.", "Hecho, regla activa.",
                              before="Propongo que los parches de plugins se aprueben solos si el E2E de checkout "
                                     "pasa en staging, y que los cambios de core sigan pendientes de aprobación.",
                              asked="¿Cómo aprobamos las actualizaciones?")
    assert any("E2E" in item for items in stored.values() for item in items), stored


def test_an_approval_request_let_through_is_not_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("approval-request", "apruebo", "Aprobado y sincronizado.",
                              before="Solicitud de aprobación: sync de la app wp-tools (cambio: lista de sitios de "
                                     "la tanda 7).", asked="¿Algo pendiente?")
    assert not stored, stored


def test_news_taken_in_adopts_no_recommendation(driver: PluginDriver) -> None:
    stored = driver.stored_by("good-to-know", "ok thanks, good to know", "You're welcome.",
                              before="The disk alert on the Ceph hosts only fires at 90 %. I'd recommend moving the "
                                     "threshold to 80 % so there's time to react.", asked="When does it alert?")
    assert not stored, stored
