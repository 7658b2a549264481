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
