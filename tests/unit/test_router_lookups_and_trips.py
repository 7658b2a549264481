"""A lookup the speaker waves off is not a memory request, questions about a name or a past fix of ours are, and
the speaker's own trips, outages named by their day and a company's meal route where they belong (our own
sentences)."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter


@pytest.mark.parametrize("text", [
    "No busques en memoria, solo dime qué harías tú con el precio del plan Agency",
    "sin mirar la memoria: ¿cuánto cobrarías por una migración?",
    "Don't check memory for this, just give me your gut feeling on the reseller discount",
])
def test_a_lookup_waved_off_is_not_a_request(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request


def test_a_lookup_asked_for_still_is(router: RuleRouter) -> None:
    assert router.route("Busca en memoria qué descuento dimos a la Fundación Lumen").explicit_memory_request
    assert router.route("check memory for the Lumen discount").explicit_memory_request


@pytest.mark.parametrize("text", [
    "¿Cómo se llamaba el script que limpiaba los snapshots viejos de Ceph?",
    "What was the name of that accountant Marta recommended?",
    "According to what we have stored, which plan is Lumen on?",
    "Esto lo hemos arreglado otras veces, ¿no? Lo del redirect infinito con Cloudflare",
    "The chart bumps cert-manager to 1.15. Any gotchas we've hit before?",
    "¿Qué le dije la última vez a Marta sobre los descuentos?",
])
def test_a_past_fact_of_ours_is_asked_for(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", [
    "¿Cómo se llamaba la película de los dinosaurios de 1993?",
    "What was the name of the band that played at the festival?",
    "¿Recuerdas cuando cabíamos todos en una mesa? Qué tiempos",
])
def test_a_name_of_the_world_or_a_sigh_is_not(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request, text


def test_what_the_speaker_told_someone_reaches_personal(router: RuleRouter) -> None:
    decision = router.route("¿Qué le dije a Jordi sobre los descuentos sin consultarme?")
    assert "personal" in decision.scope_names and "business" in decision.scope_names


def test_the_speakers_own_trip_is_personal(rules: RuleRouter) -> None:
    assert "personal" in rules.route("Book me a train to Valencia on Monday, back the same evening").scope_names
    assert "personal" in rules.route("Resérvame hotel cerca de la estación para el jueves").scope_names


@pytest.mark.parametrize("text", [
    "¿Cuántas tiendas se vieron afectadas por la caída del martes?",
    "Write the incident note for the status page",
    "El pentest de octubre encontró cabeceras sin HSTS",
])
def test_outages_and_security_tests_are_platform(rules: RuleRouter, text: str) -> None:
    assert "platform" in rules.route(text).scope_names, text


@pytest.mark.parametrize(("text", "scope"), [
    ("La latencia de Pau en contestar los tickets de ventas es de tres días", "platform"),
    ("Voy a una sesión de networking en la cámara de comercio", "platform"),
    ("¿El seguro de la oficina cubre incidentes con el portátil?", "platform"),
    ("Aprueba el gasto de la cena de empresa, 280 €", "personal"),
])
def test_everyday_senses_of_our_words(rules: RuleRouter, text: str, scope: str) -> None:
    assert scope not in rules.route(text).scope_names, text


def test_a_topic_the_speaker_will_not_discuss_does_not_count(rules: RuleRouter) -> None:
    decision = rules.route("No quiero hablar de precios hoy: ¿el clúster de staging volvió tras el reinicio?")
    assert decision.scope_names == ("platform",), decision.scope_names


def test_our_platform_named_as_such_is_platform(rules: RuleRouter) -> None:
    assert "platform" in rules.route("Primer día de Nuria: ¿qué debería leer sobre la plataforma?").scope_names
    assert "platform" not in rules.route("Esto no va de la plataforma: el cliente quiere cambiar de plan").scope_names


_RULES_ONLY = RuleRouter((), known_scopes=("personal", "business", "platform"), word_model=False)


@pytest.mark.parametrize("text", [
    "mientras esté fuera, las facturas pequeñas que las revise Marta",
    "cuando vuelva quiero ver primero las quejas de clientes grandes",
    "before I fly: leave the cert renewals to Jordi",
    "no me pidas permiso para reiniciar pods de staging",
    "no me abras más tickets de los que pueda leer en un día",
])
def test_the_speakers_absence_and_orders_about_her_reach_personal(text: str) -> None:
    assert "personal" in _RULES_ONLY.route(text).scope_names, _RULES_ONLY.route(text).to_dict()
