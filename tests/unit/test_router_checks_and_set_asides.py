"""A past of ours the speaker doubts or wants checked ("I thought we agreed…", "we had … for that, didn't we?",
"Busca si tenemos un runbook…", "¿Tenemos algo dicho sobre…?", "¿Qué decía el postmortem…?", "what were they again?")
asks for memory; remembering to do something ("¿te acuerdas de llamar…?") does not. Everything of ours set aside
("not our business really", "te lo pregunto en general, no por lo nuestro") routes nowhere, and so does the life told
before "lo único de trabajo:" or inside a forwarded message; "madre mía", "never mind", "I love how…" and "todavía no
lo he decidido" are not the speaker's life, taste or decision. The company's particulars are business, and "CIFS" is
no CIF."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter

CHECKS = [
    "I thought we agreed staging sites never get a public DNS record. Check.",
    "I'm pretty sure we decided against monthly billing for agencies.",
    "Creía que habíamos quedado en no tocar el plan Starter hasta marzo.",
    "We set a 90-day retention for the access logs, didn't we?",
    "Busca si tenemos un procedimiento para cuando Redis se queda sin memoria.",
    "Check if we have a policy for customers who ask for a refund after a migration.",
    "¿Tenemos algo acordado sobre quién paga los dominios de los clientes?",
    "No sé si lo tenemos documentado en algún sitio.",
    "¿Qué decía el contrato de Hetzner sobre el preaviso?",
    "What did the physio say about my knee?",
    "What did Marta and I agree about the Koru renewal?",
    "And check we didn't promise the Nómada people a discount last spring.",
    "Confírmame que el dominio viejo lo cancelamos en septiembre.",
    "Our brand colours, what were they again, in hex?",
    "¿Cómo se llamaba otra vez la gestoría que nos lleva el IVA?",
    "Esto ya lo descartamos una vez, ¿no? Lo de montar un Ceph en el datacenter de Bilbao.",
    "Was there an agreement with Lumen to keep their old PHP until June?",
    "Did we set a deadline for moving the last cPanel sites?",
    "Tráeme todo lo que tengamos de la Fundación Arce.",
    "Necesito el presupuesto que le pasamos a la autoescuela en octubre.",
    "I need the checklist we wrote for onboarding a new hosting client.",
    "oye y lo del dominio de la autoescuela, en que quedamos al final",
    "Do you know if we ever priced the WooCommerce add-on?",
]
NOT_ASKED = [
    "¿Te acuerdas de llamar a la gestoría mañana?",
    "¿te acuerdas de reírte? llevas toda la mañana muy serio",
    "What's the difference between a Deployment and a StatefulSet again?",
    "Did we set up the new staging cluster yet? Ping Luis if not.",
]


@pytest.mark.parametrize("text", CHECKS)
def test_a_past_of_ours_to_check_asks_for_memory(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", NOT_ASKED)
def test_remembering_to_do_a_thing_or_a_definition_asks_nothing(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request, text


SET_ASIDE = [
    "La clienta de la floristería quiere saber si le conviene Shopify o WooCommerce. Not our business really, solo "
    "quiere un consejo.",
    "They want invoices for their own students from their own shop; that's their business, not ours. Can "
    "WooCommerce make PDF invoices?",
    "¿Qué es BGP anycast? Te lo pregunto en general, no por lo nuestro.",
]


@pytest.mark.parametrize("text", SET_ASIDE)
def test_everything_of_ours_set_aside_routes_nowhere(router: RuleRouter, text: str) -> None:
    assert router.route(text).scope_names == (), text


def test_the_life_told_before_the_work_is_not_routed(router: RuleRouter) -> None:
    for text in ("Semana de locos entre la reunión del cole y el coche en el taller. Lo único de trabajo: "
                 "confírmame que el contrato con OVH lo cancelamos en junio.",
                 "Vaya semana: la peque con fiebre y mi madre en el hospital. Lo único de trabajo: ¿el descuento de "
                 "Bodegas Ruiz era del 10 o del 15 %?"):
        assert router.route(text).scope_names == ("business",), text


def test_a_forwarded_message_is_not_the_speakers_life(router: RuleRouter) -> None:
    text = "Te reenvío lo que dice Luis: «¿Me pagáis el curso de Terraform? Son 300 €». ¿Hay presupuesto de formación?"
    scopes = router.route(text).scope_names
    assert "personal" not in scopes and "business" in scopes, scopes


@pytest.mark.parametrize("text", [
    "qué frío hace hoy en la oficina, madre mía",
    "I love how my cat 'restarts' every time the doorbell rings 😂",
])
def test_an_exclamation_or_a_joke_is_not_her_life(router: RuleRouter, text: str) -> None:
    assert "personal" not in router.route(text).scope_names, text


def test_never_mind_is_no_habit(router: RuleRouter) -> None:
    assert "personal" not in router.route("Never mind, I found the dashboard myself.").scope_names


def test_a_decision_not_yet_taken_is_not_hers(router: RuleRouter) -> None:
    scopes = router.route("No publiques los precios nuevos de la web, todavía no lo he decidido.").scope_names
    assert "personal" not in scopes and "business" in scopes, scopes


@pytest.mark.parametrize("text", [
    "Pásame el CIF y la razón social de Wetopi para el formulario.",
    "Our fiscal year: does it run January to December?",
    "¿Qué colores corporativos usamos en las propuestas?",
    "Ya no trabajamos con Sered para los backups, que conste.",
])
def test_the_companys_particulars_are_business(router: RuleRouter, text: str) -> None:
    assert "business" in router.route(text).scope_names, text


def test_cifs_is_no_tax_id(router: RuleRouter) -> None:
    assert "business" not in router.route("Is the backup share mounted over CIFS or NFS?").scope_names


def test_a_deal_with_a_customer_is_business(router: RuleRouter) -> None:
    scopes = router.route("There was a deal with Koru to keep their old VPS until March.").scope_names
    assert "business" in scopes, scopes


def test_a_policy_for_nonprofits_beside_a_school_is_business(router: RuleRouter) -> None:
    scopes = router.route("My daughter's school wants a website for the fair. Do we have a policy for "
                          "nonprofits?", agent="wetopi-lead").scope_names
    assert "business" in scopes, scopes
