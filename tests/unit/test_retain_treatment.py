"""A rule the user sets for how the assistant treats them is the user's own preference, whatever business or
platform words it uses; a rule for the assistant's answers to others stays the organisation's."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver


@pytest.mark.parametrize(("user", "fact"), [
    ("From now on keep your answers short: three bullets at most, no recap at the end.", "three bullets"),
    ("Cuando te pida el estado de un cliente, empieza siempre por lo que nos factura al mes.", "factura al mes"),
    ("If a refund needs my approval after 6 pm, ping Nora instead of me.", "Nora"),
    ("Y a partir de ahora ordénalas siempre por importe, la más cara arriba.", "importe"),
    ("Also: no approval requests between 23:00 and 7:00 unless it's a P1.", "23:00"),
])
def test_how_the_assistant_treats_the_speaker_is_personal(driver: PluginDriver, user: str, fact: str) -> None:
    stored = driver.stored_by(f"treat-{fact}", user, "Noted.")
    assert any(fact in item for item in stored.get("personal", ())), stored
    assert not stored.get("business"), stored


def test_a_rule_for_answers_to_customers_stays_business(driver: PluginDriver) -> None:
    stored = driver.stored_by("treat-customers", "From now on your answers to customers always go out in Spanish "
                              "and English.", "Noted.")
    assert not stored.get("personal"), stored
