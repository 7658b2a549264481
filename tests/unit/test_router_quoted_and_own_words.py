"""Memory asked for in new ways ("no me acuerdo de lo que quedamos", "¿qué íbamos a…?", "I told you about…?"), not
asked for by quoting someone else's question or by asking to store ("guárdame en memoria que…"), and the speaker's
own words ("when I say 'X' I mean…", "para nadie más") routed to her alone."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter
from wetopi_memory.router.text import unquoted

ASKED = [
    "¿cuántos días de preaviso tenían los Business? no me acuerdo de lo que quedamos",
    "el cron de facturas lo teníamos en el VPS o en el cluster? ya no me acuerdo",
    "no me acuerdo de cómo se rotaba el certificado del LB, ¿lo tienes?",
    "¿qué límite de conexiones dejamos puesto en el runbook de MariaDB?",
    "¿Eso ya lo aprobamos en la reunión del lunes?",
    "¿Con qué agencia íbamos a hacer el rediseño de la web?",
    "¿Sabes algo de la oferta que pedimos a Leaseweb?",
    "what should I pick first today? I told you about the two audits I have pending",
    "is the reseller margin 20 or 25? can't recall what we agreed",
    "Lucía me preguntó 'do you remember the price we gave Olmo?' y no lo sé. do you?",
]
NOT_ASKED = [
    "guárdame en memoria que el contacto de Olmo es Pedro",
    "apúntame en memoria que los viernes no hay despliegues",
    "Javi me preguntó '¿te acuerdas de qué versión de PHP tiene staging?' y no supe decirle. ¿Cuál es?",
    "Marta said \"do you remember what we promised Olmo?\" at the meeting, funny",
    "no me acuerdo de cómo se hacía la tortilla de mi abuela",
    "¿lo dejamos para mañana?",
]


@pytest.mark.parametrize("text", ASKED)
def test_asked_for(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", NOT_ASKED)
def test_not_asked_for(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request, text


def test_quoted_speech_is_blanked_but_apostrophes_are_not() -> None:
    assert "acuerdas" not in unquoted("Javi me dijo 'te acuerdas de esto?' ayer")
    assert "acuerdas" not in unquoted("Javi me dijo «¿te acuerdas?» ayer")
    assert unquoted("don't you remember what we didn't do?") == "don't you remember what we didn't do?"


OWN_WORDS = [
    "when I say 'the small cluster' I mean staging, not the customer's shop",
    "cuando diga 'lo de Olmo' me refiero a la renovación del contrato, no al ingress",
    "esto es para ti y para nadie más: estoy pensando en vender mi parte de la empresa",
]


@pytest.mark.parametrize("text", OWN_WORDS)
def test_the_speakers_own_words_go_to_her_alone(router: RuleRouter, text: str) -> None:
    assert router.route(text).scope_names == ("personal",), text


def test_without_own_words_the_referents_route() -> None:
    router = RuleRouter((), known_scopes=("personal", "business", "platform"))
    assert "business" in router.route("estoy pensando en vender parte de la empresa a un inversor").scope_names
