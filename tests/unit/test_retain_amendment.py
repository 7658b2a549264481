"""An assent that changes a value of the assistant's proposal: the agreed terms carry the user's value, never the
superseded one, and a change that cannot be placed keeps nothing of the proposal."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver
from wetopi_memory.retain.amendment import amended_proposal, amendment


@pytest.mark.parametrize(("message", "change"), [
    ("Sí, pero con un 15 % en vez del 20 %. Se lo merecen.", "con un 15 % en vez del 20 %."),
    ("ok but make it 45 days", "make it 45 days"),
    ("Vale, pero que sean 40 sitios.", "que sean 40 sitios."),
    ("Sí, hagámoslo así.", ""),
    ("Me parece bien, pero con 60 días.", "con 60 dias."),
    ("Sounds good, but make it 45 days", "make it 45 days"),
    ("No, but make it 45 days", ""),
    ("Yes, except the limit is 2000 € now, not 500 €.", "the limit is 2000 € now, not 500 €."),
    ("Hmm, ok, but 20 % seems a lot", ""),
    ("El precio me parece bien pero lo de 40 sitios no", ""),
    ("But why 20 %?", ""),
    ("Sí, pero antes quiero hablarlo con Jorge, con calma, la semana que viene, después de cerrar el trimestre y "
     "las cuentas.", ""),
])
def test_an_amendment_is_an_assent_then_a_change(message: str, change: str) -> None:
    assert amendment(message) == change


@pytest.mark.parametrize(("proposal", "change", "agreed"), [
    ("Propongo un descuento del 20 % para ONGs en el plan anual.", "con un 15 % en vez del 20 %",
     "Propongo un descuento del 15 % para ONGs en el plan anual."),
    ("I'd keep logs for 30 days, with 200 GB of disk.", "make it 45 days", "I'd keep logs for 45 days, with 200 GB "
     "of disk."),
    ("Retención de 30 días en caliente y 30 días en frío.", "que sean 60 días",
     "Retención de 60 días en caliente y 60 días en frío."),
    ("Free trial: 14 days, 1 agent, 500 messages, no card.", "make it 300 messages",
     "Free trial: 14 days, 1 agent, 300 messages, no card."),
    ("Plan Equipo: 5 agentes y 3 licencias del panel.", "que sean 8 agentes",
     "Plan Equipo: 8 agentes y 3 licencias del panel."),
])
def test_the_change_replaces_the_value_of_its_unit(proposal: str, change: str, agreed: str) -> None:
    assert amended_proposal(proposal, change) == agreed


@pytest.mark.parametrize(("proposal", "change"), [
    ("Retención de 30 días en caliente y 90 días en frío.", "que sean 60 días"),   # which one?
    ("Propongo un descuento para ONGs.", "con un 15 %"),                          # nothing to replace
    ("Propongo un descuento del 20 % para ONGs.", "solo para ONGs grandes"),       # no value in the change
])
def test_a_change_without_a_single_counterpart_agrees_to_nothing(proposal: str, change: str) -> None:
    assert amended_proposal(proposal, change) is None


def test_the_amended_terms_are_kept_without_the_old_value(driver: PluginDriver) -> None:
    before = "Propongo un descuento del 20 % el primer año para las agencias que migren más de 10 sitios."
    stored = driver.stored_by("amended", "Sí, pero con un 15 %.", "Hecho, queda en el 15 %.", before=before,
                              asked="¿Qué descuento damos a las agencias que migran?")
    business = stored.get("business", ())
    assert any("15 %" in item and "10 sitios" in item for item in business), stored
    assert not any("20 %" in item for items in stored.values() for item in items), stored


@pytest.mark.parametrize(("proposal", "change", "agreed"), [
    ("Upgrade from 10.6 to 11.4 in place, replica first.", "make it 11.8 instead, not 11.4",
     "Upgrade from 10.6 to 11.8 in place, replica first."),
    ("¿Te mando cada mañana a las 8:30 el resumen de alertas?", "a las 9:15, no antes",
     "¿Te mando cada mañana a las 9:15 el resumen de alertas?"),
])
def test_a_named_replaced_value_and_a_time_of_day_are_changed(proposal: str, change: str, agreed: str) -> None:
    assert amended_proposal(proposal, change) == agreed


def test_an_assent_with_please_before_the_change_is_an_amendment() -> None:
    assert amendment("sí porfa, pero a las 9:15") == "a las 9:15"
