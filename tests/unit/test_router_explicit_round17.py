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
