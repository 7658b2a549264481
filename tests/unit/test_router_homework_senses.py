"""Platform and business words in a child's homework, a choir or an idiom are not ours ("un clúster de cristales",
"los nodos de una onda", "me va a pasar factura", "¿me lo cuentas?"); a self-description is personal; a question
about a version we agreed names the version with its digits; asking what an adviser said (legal, the gestoría)
asks memory."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter


@pytest.mark.parametrize(("text", "scope"), [
    ("Mi hijo tiene que presentar una maqueta de un clúster de átomos para ciencias", "platform"),
    ("En el coro nos reparten por tesitura y el cluster de sopranos está completo", "platform"),
    ("¿Me explicas qué son los nodos de una onda estacionaria? Mañana tengo examen", "platform"),
    ("Mis sobrinos han montado un servidor de Minecraft y no paran de hablar de ello", "platform"),
    ("Dormir cuatro horas tres noches seguidas me va a pasar factura", "business"),
    ("Lo de la reunión de vecinos, ¿me lo cuentas en dos frases?", "business"),
])
def test_an_everyday_sense_does_not_route(router: RuleRouter, text: str, scope: str) -> None:
    assert scope not in router.route(text, agent="wetopi-lead").scope_names, text


@pytest.mark.parametrize(("text", "scope"), [
    ("El nodo pve3 del cluster no responde desde las tres", "platform"),
    ("La factura de Ferretería Sol lleva 45 días pendiente de cobro", "business"),
    ("Revisa las cuentas del trimestre con la gestoría antes del día 20", "business"),
])
def test_the_work_sense_still_routes(router: RuleRouter, text: str, scope: str) -> None:
    assert scope in router.route(text).scope_names, text


def test_a_self_description_is_personal(router: RuleRouter) -> None:
    decision = router.route("Soy de los que necesita silencio para concentrarse", agent="wetopi-lead")
    assert decision.scope_names == ("personal",)


@pytest.mark.parametrize("text", [
    "¿Qué versión de k3s acordamos para los nodos edge?",
    "¿Qué tamaño de s3 pactamos con el cliente para los backups?",
])
def test_a_noun_with_digits_before_the_decision_verb(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", [
    "Before I sign off the new pricing page: what did legal say about prices without VAT for EU consumers?",
    "¿Qué dijo la gestoría sobre el IVA de las facturas a Canarias?",
    "Antes de firmar, ¿qué nos recomendó el abogado sobre la permanencia?",
])
def test_asking_what_an_adviser_said_is_a_memory_request(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


def test_what_the_logs_say_is_no_memory_request(router: RuleRouter) -> None:
    assert not router.route("what did the logs say after the restart?").explicit_memory_request


@pytest.mark.parametrize("text", [
    "refresh me on the Hetzner contract terms",
    "catch me up on the Northwind invoice thing",
    "what's the backstory on the Lumen dispute?",
    "what was our take on giving agencies SSH access?",
    "jog my memory: what's the on-call bonus?",
    "we had a rule for this, right? something about friday deploys",
    "didn't I tell you I don't do calls before 10?",
    "we changed the TTL to 300 at some point, no?",
    "ponme al día de lo de Bodegas Arrieta",
    "¿no teníamos una norma para los despliegues en viernes?",
    "¿no es lo mismo que nos pasó con Moda Ibiza?",
    "la última vez que pasó esto, ¿qué lo arregló?",
    "cambiamos el TTL a 300 en algún momento, ¿no?",
])
def test_an_indirect_request_for_what_we_had(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", [
    "We had a great time at the offsite.",
    "Catch me at 5 if you need me.",
    "Ponme una reunión con Jordi el jueves.",
    "La última vez fue en marzo.",
])
def test_plain_statements_are_no_requests(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request, text
