"""Questions and requests vs declarations (recall/asking.py): what may wait for memory and what may not."""

from __future__ import annotations

import pytest

from wetopi_memory.recall.asking import asks_something, declares_only

ASKS = [
    "Which CNI should the new RKE2 staging cluster get?",
    "¿A qué hora corre el backup de Postgres?",
    "Draft the note for Acme's monthly invoice of support hours.",
    "Summarise the on-call rota change for me.",
    "Prepara la ventana de mantenimiento del clúster RKE2.",
    "vale, dime qué toca hoy",
    "ok so can you check the ingress",
    "Necesito que revises el certificado de la tienda",
    "how do we restore the shop database",
    "Explícamelo otra vez",
    "hey, what did we agree with Globex",
]
DECLARES = [
    "Decision: the RKE2 production clusters use Cilium as the CNI.",
    "Decisión: el plan Pro de Wetopi cuesta 49 euros al mes desde enero.",
    "Acordamos con Globex un descuento del 20 por ciento.",
    "Remember that I prefer answers in bullet points, never long paragraphs.",
    "Por cierto, prefiero que me llames Evi.",
    "From now on every production change needs a CHG ticket.",
    "We agreed: support is billed monthly.",
    "Normalmente reviso los PRs antes de comer.",
]
NEITHER = [  # statements that are not declarations: problem reports and status lines may still need memory
    "the ceph cluster has high latency on kubernetes",
    "El ingress de la tienda vuelve a dar 502 desde el último despliegue",
    "My pods are crashing since the upgrade",
    "Hay un problema con el DNS de la tienda",
    "Update: the cert was renewed",
    "Plan Pro costs 49 euros",
]


@pytest.mark.parametrize("text", ASKS)
def test_questions_and_requests_ask(text: str) -> None:
    assert asks_something(text) and not declares_only(text)


@pytest.mark.parametrize("text", DECLARES)
def test_declarations_only_declare(text: str) -> None:
    assert declares_only(text) and not asks_something(text)


@pytest.mark.parametrize("text", NEITHER)
def test_problem_reports_and_status_lines_are_no_declarations(text: str) -> None:
    assert not declares_only(text)


def test_a_declaration_with_a_question_asks() -> None:
    assert not declares_only("Decision: we use Cilium. Does staging need it too?")


@pytest.mark.parametrize("value", [None, 42, b"Decision: x", ""])
def test_anything_but_text_neither_asks_nor_declares(value: object) -> None:
    assert not asks_something(value) and not declares_only(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["hola, ¿qué tal?", "how's it going?", "buenos días", "thanks!", "ok"])
def test_small_talk_asks_nothing(text: str) -> None:
    assert not asks_something(text)
