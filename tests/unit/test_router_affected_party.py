"""RuleRouter: a customer word next to a platform matter only says whom the matter affects (roles.AFFECTED_PARTIES);
what is said or owed to customers keeps business. Messages are written for these tests, not taken from the corpus."""

from __future__ import annotations

import pytest

from tests.support.routing import scopes_of
from wetopi_memory.router import RuleRouter


@pytest.mark.parametrize("text", [
    "A customer says the TLS handshake fails from their office VPN since this morning",
    "el ingress del cliente nuevo devuelve 404 en la raíz, ¿falta el host en la regla?",
    "the redis object cache of one client shows stale carts after the PHP bump",
    "dos clientes ven el wp-admin en blanco después de actualizar el plugin de caché del nginx",
])
def test_a_customer_hit_by_a_platform_matter_is_platform_alone(rules: RuleRouter, text: str) -> None:
    assert scopes_of(rules, text) == {"platform"}


@pytest.mark.parametrize("text", [
    "Send the customers an email about Saturday's Ceph maintenance window",
    "¿Cuántos clientes se dieron de baja tras la caída del DNS?",
    "we promised customers no downtime during the Kubernetes migration",
    "el cliente amenaza con irse si el ingress vuelve a dar 502",
    "the customer's invoice failed to go out through our SMTP relay",
    "toda comunicación de incidentes a clientes la firma Marta",
])
def test_what_is_said_or_owed_to_customers_keeps_business(rules: RuleRouter, text: str) -> None:
    assert scopes_of(rules, text) == {"business", "platform"}


@pytest.mark.parametrize("text", [
    "the customer wants a discount on the renewal",
    "tenemos 40 clientes nuevos este trimestre",
])
def test_a_customer_word_without_a_platform_matter_stays_business(rules: RuleRouter, text: str) -> None:
    assert scopes_of(rules, text) == {"business"}
