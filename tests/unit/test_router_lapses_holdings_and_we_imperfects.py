"""A lapse told beside a question of fact ("I always forget: which pool…?", "…? q siempre se me olvida algo") is no
habit of the speaker's; what she has ("How many vacation days do I have left?") is hers, a how-to "do I have to…"
is not; the "we" imperfect past an interrogative's noun or after "cómo lo", a settled thing named after
"confírmame", "like the ones you gave me before", "¿Cómo prefería yo…? No me acuerdo", "has this happened before?",
"¿qué me dijo Marta…?", "la última vez que estuve…", "I need the discount we negotiated…", "tráeme lo que
tengamos…" and "no recuerdo qué versión … dejamos" ask for memory; what we still pay for and the places we have
open for hire are business."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter

LAPSES = [
    "I always forget: which of the two Redis instances is the session store, redis-a or redis-b?",
    "me dices los pasos para rotar el certificado del ingress? q siempre se me olvida algo",
    "I keep forgetting whether the staging cluster uses Calico or Cilium.",
]
HABITS = [
    "Siempre se me olvida la botella de agua cuando voy al gimnasio, recuérdamelo los martes.",
    "I keep forgetting to drink water when I'm on calls, nudge me at noon.",
]


@pytest.mark.parametrize("text", LAPSES)
def test_a_lapse_beside_a_question_of_fact_is_not_hers(router: RuleRouter, text: str) -> None:
    scopes = router.route(text).scope_names
    assert "personal" not in scopes and "platform" in scopes, text


@pytest.mark.parametrize("text", HABITS)
def test_a_lapse_about_her_own_doing_is_still_hers(router: RuleRouter, text: str) -> None:
    assert "personal" in router.route(text).scope_names, text


def test_what_she_has_is_hers_and_a_how_to_is_not(router: RuleRouter) -> None:
    assert router.route("How many vacation days do I have left before December?").scope_names == ("personal",)
    assert "personal" not in router.route("Do I have to drain the node before the kernel upgrade?").scope_names


ASKED = [
    "¿Qué hostings de correo teníamos descartados para los clientes pequeños?",
    "una duda, la retención de los logs del cluster cómo la hacíamos?",
    "¿Cómo quería yo que me mandaras las alertas de facturación, por correo o por Telegram? No me acuerdo",
    "Antes de la llamada, confírmame el descuento que les ofrecimos a los de Bodegas Lezaun.",
    "Give me the kubectl context names like the ones you sent me last time, please?",
    "Has this 'connection reset by peer' from the mail relay happened before?",
    "¿Qué me dijo Marta que faltaba para cerrar lo del rack nuevo?",
    "¿Qué restaurante me gustó la última vez que estuve en Bilbao?",
    "I need the discount we negotiated with Vinos Olmedo for the renewal.",
    "Tráeme lo que tengamos sobre el cambio de gestoría.",
    "Necesito el plazo que acordamos con Kinetic para la migración.",
    "No recuerdo qué versión de Redis dejamos en el cluster de staging.",
    "remind me, la permanencia del plan Agencia era de 6 o de 12 meses?",
]
NOT_ASKED = [
    "¿Qué tal si lo hacíamos el jueves en vez del martes?",
    "Confírmame el descuento para Bodegas Lezaun, quiero ofrecerles un 10 %.",
    "¿Cómo podríamos bajar la latencia del checkout?",
    "Has this been deployed to staging yet?",
    "Marta me dijo que el rack llega el lunes, avísame cuando esté.",
    "I need the staging cluster up by Monday.",
    "Necesito el informe de ventas en PDF.",
    "Remind me, can you send Lumen the invoice tomorrow?",
]


@pytest.mark.parametrize("text", ASKED)
def test_asked_for(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", NOT_ASKED)
def test_not_asked_for(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", ["The Figma seats for the design team: are we still paying for them?",
                                  "Do we have any openings for a junior sysadmin? A friend asked."])
def test_what_we_pay_for_and_openings_are_business(router: RuleRouter, text: str) -> None:
    # as a turn reaches the router: with the agent that handles it
    assert "business" in router.route(text, agent="wetopi-lead").scope_names, text


@pytest.mark.parametrize(("text", "scope", "set_aside"), [
    ("esto no es del cluster, es de facturación: el cliente dice que le cobramos dos veces", "business", "platform"),
    ("this isn't a billing question, the pods keep restarting on wp-prod", "platform", "business"),
    ("no es tema de la plataforma: mi hijo tiene fiebre y mañana no vengo", "personal", "platform"),
])
def test_a_domain_set_aside_is_not_routed_to(router: RuleRouter, text: str, scope: str, set_aside: str) -> None:
    scopes = router.route(text, agent="wetopi-lead").scope_names
    assert scope in scopes and set_aside not in scopes, text


@pytest.mark.parametrize("text", [
    "Our lawyer says we must erase everything of the ex-customer Olmedo within 30 days. Which systems hold it?",
    "Customer Kinetic wants a video archive add-on. Do we even have storage for that, and what would we charge?",
])
def test_where_our_things_live_is_asked_of_the_platform_too(router: RuleRouter, text: str) -> None:
    assert {"business", "platform"} <= set(router.route(text, agent="wetopi-lead").scope_names), text


def test_a_customers_redesign_is_business(router: RuleRouter) -> None:
    assert router.route("Busca en la memoria lo que tengamos del rediseño de la web de Vinos Olmedo").scope_names == (
        "business",)
