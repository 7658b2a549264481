"""An agreement that adds a condition keeps the proposal with the condition; a doubt or a changed value is no such
condition."""

from __future__ import annotations

import pytest

from wetopi_memory.retain.assent import added_condition
from wetopi_memory.retain.evidence import TurnEvidence
from wetopi_memory.retain.turn_reading import read_turn

OPTIONS = ("Veo dos opciones:\nA) Cobrar el exceso: 5 € por cada 10 GB extra, facturado mensualmente.\n"
           "B) Subirlos al plan siguiente cuando superen el límite dos meses seguidos.\nA es más transparente.")


@pytest.mark.parametrize(("message", "condition"), [
    ("Sí, hagámoslo así, but cap it at 50% of the monthly fee.", "cap it at 50% of the monthly fee"),
    ("Vamos con la A. Pero siempre avisando por email antes de la primera factura con exceso.",
     "siempre avisando por email antes de la primera factura con exceso"),
    ("Ok, but always with two weeks' notice to the customer", "always with two weeks' notice to the customer"),
])
def test_an_agreement_with_a_condition_names_it(message: str, condition: str) -> None:
    assert added_condition(message) == condition


@pytest.mark.parametrize("message", [
    "Sí, pero con un 12 % en vez del 10 %.",           # a changed value, read by the amendment instead
    "Vale, pero déjame pensarlo, quizá siempre no.",     # a doubt
    "No, but always ask me first.",                      # a refusal is no agreement
    "Pero siempre avisando por email.",                  # no agreement before it
    "Sí, pero siempre.",                                 # too short to be a condition
])
def test_no_condition_without_an_agreement_that_adds_one(message: str) -> None:
    assert added_condition(message) == ""


def test_the_agreed_option_carries_the_condition() -> None:
    history = [{"role": "assistant", "content": OPTIONS}]
    user = "Vamos con la A. Pero siempre avisando por email antes de la primera factura con exceso."
    reading = read_turn(user, "Hecho.", history, (), TurnEvidence("s", "t"))
    assert "5 € por cada 10 GB" in reading.proposal
    assert reading.proposal.endswith("; siempre avisando por email antes de la primera factura con exceso")
    assert "Subirlos" not in reading.proposal
