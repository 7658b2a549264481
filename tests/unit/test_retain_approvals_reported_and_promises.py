"""An approval someone asks of the approver, reported ("Me piden aprobar…", "Jordi wants approval to…"), is one case
pending, not a rule, and what the user asks to check in it goes with it; the assistant's promise to report back or
forecast ("Te aviso cuando…", "debería converger en unos minutos") is the task's state, not a fix to keep."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver, ToolCall
from wetopi_memory.retain import signals


def test_an_approval_asked_of_us_is_no_setting(driver: PluginDriver) -> None:
    assert not driver.stored_by(
        "asked-es", "Me piden aprobar `proxy-body-size: 200m` en el Ingress de Arrieta porque suben vídeos grandes. "
                    "¿Qué riesgos tiene?",
        "Que cualquier petición de hasta 200 MB llegue al pod: más memoria en nginx y más fácil tumbarlo. Yo lo "
        "limitaría a la ruta de subida.")


def test_what_to_check_in_an_approval_goes_with_it(driver: PluginDriver) -> None:
    lookup = ToolCall(name="billing_lookup", args={"credit_note": "CN-2031-007"}, result="CN-2031-007 -€240.00")
    assert not driver.stored_by(
        "asked-en", "Marta wants approval to issue credit note CN-2031-007 to Brisa Foods. Check it matches what we "
                    "agreed.", "It matches: €240 for the four hours of the outage. Approved from my side.",
        tools=(lookup,))


def test_an_approval_rule_said_to_last_is_still_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "asked-lasting", "Nos piden aprobar los taxis de Jordi. A partir de ahora, los gastos de taxi de menos de "
                         "50 € apruébalos tú directamente.", "Entendido.")
    assert "50 €" in " ".join(stored.get("business", ()))


@pytest.mark.parametrize("said", ["Te aviso cuando el servidor viejo deje de recibir tráfico.",
                                  "En unos minutos debería converger.", "Should converge within ten minutes.",
                                  "Me pongo un recordatorio para el lunes para volver a activarlo."])
def test_a_promise_to_report_back_or_a_forecast_is_the_tasks_state(said: str) -> None:
    assert signals.analyze(said).task_state
