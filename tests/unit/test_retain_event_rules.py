"""Rules in a sentence: a standing rule about how incidents are handled ("A partir de ahora, toda comunicación de
incidente…") is a process, not an incident report that needs verifying; an upper limit ("como máximo") is a
constraint."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver
from wetopi_memory.retain.signals import analyze


@pytest.mark.parametrize("text", [
    "A partir de ahora, toda comunicación de incidente a clientes sale en castellano e inglés y la firma Marta.",
    "From now on, every incident notice to customers goes out in Spanish and English, signed by Marta.",
])
def test_a_rule_about_incidents_is_no_incident(text: str) -> None:
    assert "incident" not in analyze(text).categories and analyze(text).categories


def test_an_incident_report_stays_an_incident() -> None:
    assert "incident" in analyze("Incidente en prod: el ingress devolvió 502 durante 20 minutos.").categories


def test_the_rule_is_kept_in_business(driver: PluginDriver) -> None:
    stored = driver.stored_by("incident-rule", "A partir de ahora, toda comunicación de incidente a clientes sale en "
                              "castellano e inglés y la firma Marta.")
    assert any("Marta" in item for item in stored.get("business", ())), stored


@pytest.mark.parametrize("text", [
    "Mejor 35 sitios por nodo como máximo, y eso es fijo para todos los workers.",
    "No more than 35 sites per node, for every WordPress worker.",
    "At most two deploys a day on the shared cluster.",
])
def test_an_upper_limit_is_a_constraint(text: str) -> None:
    assert "constraint" in analyze(text).categories
