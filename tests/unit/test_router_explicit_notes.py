"""Explicit memory requests said in passing (written down, noted, hit before); standing orders and figurative words."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter


@pytest.mark.parametrize("text", [
    "I think I told you how I want price-change emails reviewed, what was it",
    "mira a ver si tenemos algo guardado sobre la cláusula de disputas",
    "¿sabes si tenemos apuntado el puerto del proxy de Servitec?",
    "did we ever write down the redis maxmemory we set for Olmo",
    "do we have notes on how the last ceph expansion went",
    "what was the fix for the velero snapshot location error, we hit it before right?",
    "remind me q concluimos sobre el orden del upgrade de rke2",
    "what was the root cause of the outage on the 14th? the customer wants a post-mortem",
    "give me a recap of everything we have on Bodegas Arlanza",
    "Oye, busca qué condiciones le dimos a la agencia Pixel&Co cuando entraron como partner",
    "que restricciones tenia ceph para las bases de datos? lo tenemos apuntado en algun lado",
    "how did I ask you to handle messages when I'm out on the boat?",
    "what were the things I said I wanted to change after the holiday?",
    "el precio del plan WooCommerce, ¿69 o 79? I keep forgetting what we set",
    "what's the argo sync wave for the wp-tools jobs, I forgot",
    "Pásame las condiciones del programa de partners tal como las tenemos",
    "antes de contestar a Pau, mira si ya teníamos algo decidido sobre partners que revenden",
    "¿Qué dije que hiciéramos con las alertas de certificados mientras estoy fuera?",
    "what do you actually have stored about my travel preferences?",
    "Before the call, go through what we have on the Hotel Mirador renewal",
    "lo hablamos pero no me acuerdo: ¿la gestoría cobraba por trimestre?",
    "what's the command for draining a Proxmox node before we patch the kernel of the host again?",
    "which plugins caused the last two outages? summarise from memory please",
])
def test_asking_for_what_was_noted(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", [
    "I told you about the outage already, stop asking",
    "tenemos guardado el backup en el bucket de siempre",
    "did you save the file before closing it?",
    "write it down: the new VIP is 10.0.4.20",
    "we have notes from the vendor in the shared drive, read them before the call",
    "we hit the limit before noon, scale it up",
    "remind me que mañana llamo a Servitec",
    "What was the cause of the 1929 crash, in two lines?",
    "busca un hotel en Lisboa cerca del congreso",
    "we have everything on the new nodes now, the old ones are empty",
    "what's the capital of Australia, I forgot",
    "I forgot my password again, can you reset it?",
    "dije que iría a la cena y al final no puedo",
    "mira si el pod tiene los límites que pusimos",
    "what's the difference between a Deployment and a StatefulSet again, in plain words?",
    "let's look at what we have on the calendar for Friday",
    "I'm writing this from memory, so check the numbers",
])
def test_their_look_alikes_are_not_requests(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request, text


def test_a_standing_order_about_answers_is_the_speakers_own(router: RuleRouter) -> None:
    assert router.route("a partir de ahora respuestas cortas, en español y sin emojis porfa").scope_names == (
        "personal",)
    assert router.route("respuestas cortas").scope_names == ()
    customers = "A partir de ahora, la comunicación de incidentes a clientes sale en español e inglés, la manda Marta"
    assert "personal" not in router.route(customers).scope_names


def test_the_speakers_head_and_a_hotels_wifi_are_not_the_platform(router: RuleRouter) -> None:
    assert "platform" not in router.route("tengo la cpu frita, me voy a dormir").scope_names
    assert "platform" not in router.route("network is terrible in this hotel, give me a sec").scope_names
    assert "platform" in router.route("la cpu del nodo pve3 está al 100 % desde el backup").scope_names



_RULES = RuleRouter((), known_scopes=("personal", "business", "platform"), word_model=False)
_OWN_REQUEST = "default:personal.own_request"


@pytest.mark.parametrize("text", [
    "do you remember which one I picked in the end?",
    "¿Te acuerdas de qué libro te comenté que estaba leyendo?",
    "¿Recuerdas qué nombre te dije que usaras?",
])
def test_a_memory_request_about_the_speakers_own_words_is_personal(text: str) -> None:
    decision = _RULES.route(text)
    assert decision.explicit_memory_request
    assert decision.scope_names == ("personal",), decision.to_dict()
    assert any(m.rule == _OWN_REQUEST for m in decision.matches)


def test_the_shipped_router_sends_such_a_request_to_personal() -> None:
    decision = RuleRouter((), known_scopes=("personal", "business", "platform")).route(
        "do you remember which one I picked in the end?")
    assert decision.scope_names == ("personal",), decision.to_dict()


@pytest.mark.parametrize("text", [
    "¿Te acuerdas de qué acordamos con ellos al final?",
    "do you remember what we picked in the end?",
    "¿me recuerdas lo del regalo? I think they wanted the blue one",
    "¿Te acuerdas de lo que nos dijo el fontanero?",
])
def test_a_memory_request_of_the_organisation_or_with_an_aside_is_not_the_speakers(text: str) -> None:
    decision = _RULES.route(text)
    assert decision.explicit_memory_request
    assert not any(m.rule == _OWN_REQUEST for m in decision.matches), decision.to_dict()


@pytest.mark.parametrize("text", [
    "what did we learn from the certificate outage in March?",
    "are there any memories tagged 'billing'? list them",
    "Pull together everything we know from memory about the Ceph expansion",
    "did I approve the PHP 8.3 rollout or postpone it? can't remember",
    "¿Quién aprobaba los gastos de más de 1.000 €? Lo definimos en la reunión de enero pero no me acuerdo",
    "Hazme un resumen con lo que tengas guardado de la migración de correo",
    "recuerda lo que te dije de las vacaciones y mírame si el calendario lo cumple",
    "Necesito todo lo que hemos decidido este trimestre sobre precios",
])
def test_more_ways_of_asking_for_memory(text: str) -> None:
    assert _RULES.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", [
    "do you remember how to center a div? I always forget",
    "¿Te acuerdas de cuándo cayó el muro de Berlín? Mi hijo tiene examen",
])
def test_questions_about_the_world_are_not_memory_requests(text: str) -> None:
    assert not _RULES.route(text).explicit_memory_request, text
