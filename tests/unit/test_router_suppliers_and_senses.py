"""RuleRouter: a supplier named beside a price, a contract or a margin is whom a business deal is with (roles.py);
plans, banks, policies, drills and git clients of everyday life are not the company's; an anecdote laughed at
("remember when…? haha") reads no memory. Messages are written for these tests, not taken from the corpus."""

from __future__ import annotations

import pytest

from tests.support.routing import scopes_of
from wetopi_memory.router import RuleRouter


@pytest.mark.parametrize("text", [
    "¿el contrato con Hetzner es anual o mensual?",
    "how much do we pay OVH per month under the new contract?",
    "Cloudflare nos ha mandado una oferta para el plan enterprise, ¿nos compensa en precio?",
])
def test_a_deal_with_a_supplier_is_business_alone(router: RuleRouter, text: str) -> None:
    assert scopes_of(router, text) == {"business"}


@pytest.mark.parametrize("text", [
    "Hetzner rescue mode: the dedicated box for ceph-05 does not boot after the kernel update",
    "OVH's vRack drops packets between the two Proxmox hosts since 02:00",
])
def test_a_suppliers_technical_matter_stays_platform(router: RuleRouter, text: str) -> None:
    assert "platform" in scopes_of(router, text)


@pytest.mark.parametrize("text", [
    "el plan para el domingo es subir a la montaña si hace bueno",
    "the European central bank raised interest rates again?",
    "the scouts are doing a deployment drill with lifejackets on Saturday",
    "¿qué cliente de git para mac me recomiendas, fork o tower?",
    "how do I set up a deployment on Netlify? it's my niece's side project",
])
def test_everyday_senses_of_company_words_route_nowhere(router: RuleRouter, text: str) -> None:
    assert scopes_of(router, text) == set()


def test_the_speakers_own_insurance_is_not_a_company_policy(router: RuleRouter) -> None:
    assert "business" not in scopes_of(router, "my car insurance policy went up 30 % this year, is that normal?")


@pytest.mark.parametrize("text", [
    "remember when we ran the whole cluster on two NUCs? good times",
    "remember when the office printer caught fire? jaja what a day",
])
def test_an_anecdote_laughed_at_is_no_memory_request(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request


def test_remember_when_asking_for_a_fact_is_a_memory_request(router: RuleRouter) -> None:
    assert router.route("remember when we moved the backups to B2? which bucket did we use?").explicit_memory_request


@pytest.mark.parametrize("text", ["¿te acuerdas de si al final yo cubro el on-call de Semana Santa?",
                                  "what did I decide about taking the on-call over Easter?"])
def test_the_speakers_own_on_call_turn_is_personal(router: RuleRouter, text: str) -> None:
    assert scopes_of(router, text) == {"personal"}


@pytest.mark.parametrize(("text", "business"), [
    ("no renovamos más el contrato de soporte con la consultora, lo llevamos nosotros", True),
    ("check whether cert-manager renewed the wildcard certificate last night", False),
    ("tengo que renovar el DNI antes del viaje", False),
])
def test_renewing_is_business_unless_it_is_a_certificate_or_an_id_card(router: RuleRouter, text: str,
                                                                       business: bool) -> None:
    assert ("business" in scopes_of(router, text)) is business


def test_the_margin_left_in_a_machines_memory_is_no_business_margin(router: RuleRouter) -> None:
    assert "business" not in scopes_of(router, "el límite de 4Gi no deja margen para memoria off-heap en opensearch")
    assert "business" in scopes_of(router, "¿qué margen nos deja el plan Pro después de la subida de Hetzner?")


@pytest.mark.parametrize("text", ["remember that I never want kubectl explained, just give me the command",
                                  "no me mandes avisos de incidentes menores por la noche, prefiero por la mañana"])
def test_the_speakers_own_rule_about_one_platform_thing_is_personal(router: RuleRouter, text: str) -> None:
    assert scopes_of(router, text) == {"personal"}


def test_a_personal_statement_with_two_platform_terms_keeps_the_platform(router: RuleRouter) -> None:
    assert "platform" in scopes_of(router, "I always run helm template and kubectl diff before an argocd sync")
