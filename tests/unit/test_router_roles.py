"""RuleRouter, issue 11's fourth round: words that only name an object of another scope's statement (plan features,
the audience of the speaker's own habit), the speaker's own schedule and availability, senses of "client",
"policy" and "bank", and recall requests without a question mark. Messages are written for these tests, not taken
from the routing corpus."""

from __future__ import annotations

import pytest

from tests.support.routing import scopes_of
from wetopi_memory.config import RoutingRule
from wetopi_memory.router import RuleRouter
from wetopi_memory.router.personal_rules import one_off_day
from wetopi_memory.router.roles import AUDIENCE_WORDS, COMMERCIAL_OBJECTS, CONTENT_FRAMES, FACT_CHECKS

SCOPES = ("personal", "business", "platform")
P, B, F = "platform", "business", "personal"


# `rules` (tests/unit/conftest.py) is the rules alone: these are the roles' own tests (the word model, learned
# from labels, has its own file).


@pytest.mark.parametrize("text", [
    "El plan Business incluye staging y backups cada hora por 59 € al mes",
    "We could upsell WordPress hosting with daily backups to the agencies on the starter tier",
])
def test_plan_features_in_a_business_message_are_not_platform(rules: RuleRouter, text: str) -> None:
    assert scopes_of(rules, text) == {B}


def test_a_platform_matter_next_to_a_price_still_routes_to_platform(rules: RuleRouter) -> None:
    # the same words, but the backups fail: kubernetes and velero are not features of a plan
    assert scopes_of(rules, "Los backups de velero fallan en el cluster del plan Pro, mira el precio después") == {B, P}


@pytest.mark.parametrize("text", [
    "Yo con los clientes nuevos prefiero una videollamada antes que un email",
    "I prefer short emails to investors, three lines at most",
    "Mañana tengo reunión con el proveedor de las sillas a las 12",
])
def test_audience_words_in_the_speakers_own_habit_are_not_business(rules: RuleRouter, text: str) -> None:
    assert scopes_of(rules, text) == {F}


def test_a_price_in_the_speakers_own_appointment_stays_business(rules: RuleRouter) -> None:
    assert scopes_of(rules, "Tengo la reunión con Bodegas Ruiz el lunes y quiero llevar el precio del plan anual") \
        == {B, F}


@pytest.mark.parametrize("text", [
    "I'm on call next week, so keep Thursday evening free",
    "Estoy de guardia este finde, no me pongas nada el domingo",
    "I'll be travelling to Porto from Monday, reachable only by phone",
    "Tengo dentista el martes a las 9",
    "I have the board call at 4, block the hour before",
])
def test_the_speakers_own_schedule_is_personal(rules: RuleRouter, text: str) -> None:
    assert F in scopes_of(rules, text)


def test_someone_elses_on_call_stays_platform(rules: RuleRouter) -> None:
    assert scopes_of(rules, "Who is on-call for the ceph cluster tonight?") == {P}


@pytest.mark.parametrize(("text", "expected"), [
    ("kubectl says the server asked for the client to provide credentials with the new kubeconfig", {P}),
    ("Keycloak clients lose their roles after the realm import", {P}),
    ("La policy de Kyverno está en Enforce en staging y en Audit en prod", {P}),
    ("How do you say bank holiday in German?", set()),
    ("We sat on the river bank all afternoon", set()),
])
def test_other_senses_of_client_policy_and_bank(rules: RuleRouter, text: str, expected: set[str]) -> None:
    assert scopes_of(rules, text) == expected


@pytest.mark.parametrize("text", [
    "Busca qué le dijimos a la agencia sobre el descuento",
    "Haz memoria: ¿cuál era el límite de pods por nodo?",
    "Tell me what's in memory about our refund policy",
    "¿Tenemos written down por qué fijamos la versión de RKE2?",
])
def test_recall_requests_of_the_fourth_round(rules: RuleRouter, text: str) -> None:
    assert rules.route(text).explicit_memory_request


@pytest.mark.parametrize("text", [
    "mira que decidimos ayer no tocarlo hasta el lunes",   # a statement, no accent: not a request
    "Guárdalo en memoria: el cliente paga a 60 días",  # a request to save, not to recall
    "Please remember that the Agency plan is 199 a month",
])
def test_save_requests_and_statements_are_not_recall_requests(rules: RuleRouter, text: str) -> None:
    assert not rules.route(text).explicit_memory_request


def test_a_day_followed_by_a_plural_part_of_day_recurs() -> None:
    assert not one_off_day(b"send it to me on monday mornings only".split())
    assert one_off_day(b"send it to me on monday please".split())


def test_role_lexicons_are_normalised_rule_terms(rules: RuleRouter) -> None:
    # a role word that no rule can match would be dead data
    assert rules.terms >= COMMERCIAL_OBJECTS | AUDIENCE_WORDS


def test_a_configured_rule_term_is_never_a_role_object() -> None:
    text = "El plan Business incluye staging y backups cada hora por 59 € al mes"
    configured = RuleRouter((RoutingRule(scope="platform", keywords=("staging",)),), known_scopes=SCOPES)
    assert set(configured.route(text).scope_names) == {B, P}


@pytest.mark.parametrize("text", [
    "Escribe el tweet de la semana: 'Tus backups en Ceph, replicados en tres nodos'",
    "Rejecting the headline 'Built on Kubernetes' for the Black Friday ad, nobody cares",
    "Ideas para un carrusel de Instagram sobre por qué el staging gratis importa",
])
def test_platform_words_in_a_piece_of_marketing_content_are_its_subject(rules: RuleRouter, text: str) -> None:
    assert scopes_of(rules, text) == {B}


def test_a_claim_checked_against_the_platform_keeps_platform(rules: RuleRouter) -> None:
    # the same kind of content, but the message asks whether the claim is true of the platform
    text = "Tweet: 'replicamos tus backups en Ceph en tres nodos'. ¿Es verdad? no quiero prometer de más"
    assert P in scopes_of(rules, text)


def test_frame_roles_are_normalised_rule_terms(rules: RuleRouter) -> None:
    assert rules.terms >= CONTENT_FRAMES | FACT_CHECKS
