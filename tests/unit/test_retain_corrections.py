"""A user's correction of a fact is the corrected fact stated for good: the slip it owns up to is no past action,
and an assent that changes a value stays with the proposal it amends."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver
from wetopi_memory.retain.corrections import corrected
from wetopi_memory.retain.signals import analyze


def _read(text: str) -> tuple[str, ...]:
    return corrected(analyze(text), text).categories


@pytest.mark.parametrize(("text", "category"), [
    ("Me equivoqué antes: el plan Starter incluye 5 GB, no 3.", "decision"),
    ("Correction on Brisa Foods: they pay 380 € a month, not 340.", "pricing"),
    ("No, el comité de producto es los jueves a las 10:00, no los miércoles.", "decision"),
    ("The Loki namespace is 'observability', not 'logging'.", "decision"),
])
def test_a_correction_states_the_corrected_fact(text: str, category: str) -> None:
    assert category in _read(text)


@pytest.mark.parametrize("text", [
    "No, 40 es demasiado.",
    "Jordi no viene mañana.",
    "Me equivoqué de ventana y cerré el editor.",
    "¿Era el 99,9 % y no el 99,5 %?",
    "ok but make it 45 days, not 30",
])
def test_other_sentences_are_read_as_before(text: str) -> None:
    assert corrected(analyze(text), text) == analyze(text)


@pytest.mark.parametrize(("user", "scope", "fact"), [
    ("Me equivoqué antes, perdona: el SLA del plan Pro es del 99,9 %. Lo acabo de mirar en el contrato.",
     "business", "99,9"),
    ("Por eso no te sale nada. El namespace de Loki es 'observability', not 'logging'.", "platform",
     "observability"),
])
def test_the_corrected_fact_is_kept(driver: PluginDriver, user: str, scope: str, fact: str) -> None:
    stored = driver.stored_by(f"corrected-{fact}", user)
    assert any(fact in item for item in stored.get(scope, ())), stored
