"""Explicit memory requests, seventeenth round: the classes behind tune17's and tune18's misses. Messages are written
for these tests, not taken from the routing corpus; each class has look-alikes that must stay non-explicit."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter

SCOPES = ("personal", "business", "platform")


@pytest.fixture(scope="module")
def rules() -> RuleRouter:
    return RuleRouter((), known_scopes=SCOPES, word_model=False)


def _asks(router: RuleRouter, text: str) -> bool:
    return router.route(text).explicit_memory_request


@pytest.mark.parametrize("text", [
    "¿Cómo renovábamos los certificados de la VPN antes de tener cert-manager?",
    "¿Dónde guardábamos las copias de la base de datos de facturación?",
    "¿Quién nos hacía la contabilidad cuando empezamos?",
    "¿Qué hacíamos cuando se llenaba el disco del nodo de logs?",
    "oye, ¿cuánto nos cobraba el proveedor antiguo por cada dominio?",
    "y cómo nos conectábamos al panel del proveedor antiguo?",
])
def test_how_we_used_to_do_it_asks(rules: RuleRouter, text: str) -> None:
    assert _asks(rules, text), text


@pytest.mark.parametrize("text", [
    "¿Cómo podríamos reducir la factura del proveedor?",
    "¿Qué haríamos si se cae el centro de datos entero?",
    "Antes lo hacíamos a mano y era un infierno.",
    "¿Y si lo dejábamos para el lunes?",
    "¿Por qué no lo hacíamos así desde el principio?",
    "¿Cuánto nos costaría al mes?",
    "¿Cómo nos podía pasar esto a nosotros?",
    "No sé cómo lo aguantábamos, ¿tú lo entiendes?",
])
def test_the_conditional_a_proposal_and_a_statement_in_the_imperfect_do_not(rules: RuleRouter, text: str) -> None:
    assert not _asks(rules, text), text


@pytest.mark.parametrize("text", [
    "Registra en memoria: el NAS nuevo está en la 10.0.0.20 y lo gestiona Iván",
    "Pega esto en tu memoria: mi talla de zapatilla es la 42",
    "Almacena en la memoria que el dominio de la tienda vence en marzo",
    "Actualiza en memoria: la gestoría ahora es la de la calle Colón",
])
def test_any_verb_of_writing_before_en_memoria_stores(rules: RuleRouter, text: str) -> None:
    assert not _asks(rules, text), text


@pytest.mark.parametrize("text", [
    "¿Tienes algo en memoria sobre el NAS nuevo?",
    "¿Qué tenemos en memoria de la gestoría? Pega aquí el resumen",
])
def test_reading_en_memoria_still_asks(rules: RuleRouter, text: str) -> None:
    assert _asks(rules, text), text


@pytest.mark.parametrize(("text", "asks"), [
    ("¿Subimos el plan del proveedor o pasamos los backups a S3 como dijimos?", False),
    ("¿Lo hacemos como acordamos?", False),
    ("Cambia el TTL del DNS como decidimos, ¿vale?", False),
    ("¿Cómo lo acordamos al final con el proveedor?", True),
    ("Oye, ¿como quedamos con la gestoría?", True),
    ("y como decidimos repartir las guardias?", True),
])
def test_como_after_a_proposal_is_as_we_said(rules: RuleRouter, text: str, asks: bool) -> None:
    assert _asks(rules, text) is asks, text


@pytest.mark.parametrize(("text", "asks"), [
    ("Check this invoice before I pay it: did the courier charge the fuel fee we negotiated?", False),
    ("Has the agency sent the mockups we asked for? The launch is on Monday", False),
    ("Did Marta upload the contract we signed to the drive?", False),
    ("What was the fuel fee we negotiated with the courier?", True),
    ("Where's the contract we signed with the agency?", True),
])
def test_what_someone_else_did_with_a_thing_of_ours_is_no_request(rules: RuleRouter, text: str, asks: bool) -> None:
    assert _asks(rules, text) is asks, text


@pytest.mark.parametrize(("text", "asks"), [
    ("¿Te acuerdas de mis cosas si abro otro chat?", False),
    ("¿Recuerdas lo que te cuento entre conversaciones?", False),
    ("Do you remember my preferences if I start a new chat?", False),
    ("¿Te acuerdas de lo que hablamos ayer sobre el chat de soporte?", True),
    ("Do you remember which chat tool we picked for support?", True),
])
def test_the_assistants_memory_across_chats_is_a_question_about_it(rules: RuleRouter, text: str, asks: bool) -> None:
    assert _asks(rules, text) is asks, text
