"""Words in their everyday senses (a podcast "pod", a street's bins, birds' migration, a mind map's node, a backing
singer, a phone plan) route nowhere technical; "¿al final …?", "¿cuánto era …?", "did we learn anything…?" and
"…we hit last time" ask for memory; the speaker's plate, her talk, her boarding pass, a place she liked and a week
at home are hers; a phrasal
"down", Telegram "pings" and a supplier's account manager are no outage, no ping and no boss of hers."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter

EVERYDAY = [
    "¿Me pasas algún pod de historia que merezca la pena escuchar en el coche?",
    "Any good pods for listening on the train? Nothing about startups please.",
    "El contenedor de vidrio de mi calle lleva días a rebosar.",
    "Estoy haciendo un mapa mental para estudiar: un nodo por cada tema del examen.",
    "Mi primo canta de backup en una orquesta de verbenas este verano.",
    "Dicen que la migración de las cigüeñas se está adelantando por el calor.",
]
TECHNICAL = [
    "El pod de redis de la tienda de Olmo está en CrashLoopBackOff.",
    "El contenedor de nginx no arranca después del último deploy.",
    "La migración de la base de datos de Lumen a Ceph está al 60 %.",
]


@pytest.mark.parametrize("text", EVERYDAY)
def test_everyday_senses_route_nowhere_technical(router: RuleRouter, text: str) -> None:
    assert "platform" not in router.route(text).scope_names, text


@pytest.mark.parametrize("text", TECHNICAL)
def test_the_technical_senses_still_route_to_platform(router: RuleRouter, text: str) -> None:
    assert "platform" in router.route(text).scope_names, text


def test_a_phone_plan_is_no_hosting_plan(router: RuleRouter) -> None:
    assert "business" not in router.route("Me han subido la tarifa del móvil otra vez, ¿algún plan de datos "
                                          "mejor?").scope_names
    assert "business" in router.route("¿Qué tarifa tiene el plan Pro de hosting este año?").scope_names


ASKED = [
    "¿Al final aceptaron el presupuesto los de Vinos Olmedo?",
    "Lo del cambio de gestoría, ¿al final cuándo se hizo?",
    "Para la oferta de Lumen, ¿cuánto era el descuento que les dimos, un 10?",
    "¿Cuál era la IP del balanceador viejo?",
    "Did we learn anything from the last Ceph upgrade?",
    "Approve the Velero bump? Does it still need that CRD step we hit last time?",
]
NOT_ASKED = [
    "¿Al final de la página va el aviso legal o arriba?",
    "Al final lo dejamos así. ¿Lo despliego ya?",
    "¿Cuánto era el récord del mundo de maratón en 2010?",
    "We learned a lot at the conference.",
]


@pytest.mark.parametrize("text", ASKED)
def test_asked_for(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", NOT_ASKED)
def test_not_asked_for(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", ["What's on my plate this afternoon?",
                                  "¿Cómo se llamaba el bar de Cádiz que me gustó tanto? El de las tortillitas.",
                                  "My son has the flu, so I'm home all week. Keep my calls on video.",
                                  "Find the airline email with my boarding pass for Lisbon.",
                                  "Estoy preparando mi charla para la DevFest, ¿me ayudas con el título?"])
def test_hers(router: RuleRouter, text: str) -> None:
    assert router.route(text).scope_names == ("personal",), text


def test_no_outage_no_ping_no_boss(router: RuleRouter) -> None:
    assert "platform" not in router.route("My doctor says I have to cut down on coffee, so no Telegram pings "
                                          "after 9pm.").scope_names
    assert "personal" not in router.route("Who is our account manager at the transit provider?").scope_names
    assert "platform" in router.route("The shop's checkout is down again since 10:00.").scope_names
