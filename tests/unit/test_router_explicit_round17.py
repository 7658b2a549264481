"""Explicit memory requests, seventeenth round: the classes behind tune17's and tune18's misses. Messages are written
for these tests, not taken from the routing corpus; each class has look-alikes that must stay non-explicit."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter

SCOPES = ("personal", "business", "platform")


@pytest.fixture(scope="module")
def rules() -> RuleRouter:
    return RuleRouter((), known_scopes=SCOPES, word_model=False)


def _asks(router: RuleRouter, text: str) -> bool:
    return router.route(text).explicit_memory_request


@pytest.mark.parametrize("text", [
    "¿Cómo renovábamos los certificados de la VPN antes de tener cert-manager?",
    "¿Dónde guardábamos las copias de la base de datos de facturación?",
    "¿Quién nos hacía la contabilidad cuando empezamos?",
    "¿Qué hacíamos cuando se llenaba el disco del nodo de logs?",
    "oye, ¿cuánto nos cobraba el proveedor antiguo por cada dominio?",
    "y cómo nos conectábamos al panel del proveedor antiguo?",
])
def test_how_we_used_to_do_it_asks(rules: RuleRouter, text: str) -> None:
    assert _asks(rules, text), text


@pytest.mark.parametrize("text", [
    "¿Cómo podríamos reducir la factura del proveedor?",
    "¿Qué haríamos si se cae el centro de datos entero?",
    "Antes lo hacíamos a mano y era un infierno.",
    "¿Y si lo dejábamos para el lunes?",
    "¿Por qué no lo hacíamos así desde el principio?",
    "¿Cuánto nos costaría al mes?",
    "¿Cómo nos podía pasar esto a nosotros?",
    "No sé cómo lo aguantábamos, ¿tú lo entiendes?",
])
def test_the_conditional_a_proposal_and_a_statement_in_the_imperfect_do_not(rules: RuleRouter, text: str) -> None:
    assert not _asks(rules, text), text


@pytest.mark.parametrize("text", [
    "Registra en memoria: el NAS nuevo está en la 10.0.0.20 y lo gestiona Iván",
    "Pega esto en tu memoria: mi talla de zapatilla es la 42",
    "Almacena en la memoria que el dominio de la tienda vence en marzo",
    "Actualiza en memoria: la gestoría ahora es la de la calle Colón",
])
def test_any_verb_of_writing_before_en_memoria_stores(rules: RuleRouter, text: str) -> None:
    assert not _asks(rules, text), text


@pytest.mark.parametrize("text", [
    "¿Tienes algo en memoria sobre el NAS nuevo?",
    "¿Qué tenemos en memoria de la gestoría? Pega aquí el resumen",
])
def test_reading_en_memoria_still_asks(rules: RuleRouter, text: str) -> None:
    assert _asks(rules, text), text


@pytest.mark.parametrize(("text", "asks"), [
    ("¿Subimos el plan del proveedor o pasamos los backups a S3 como dijimos?", False),
    ("¿Lo hacemos como acordamos?", False),
    ("Cambia el TTL del DNS como decidimos, ¿vale?", False),
    ("¿Cómo lo acordamos al final con el proveedor?", True),
    ("Oye, ¿como quedamos con la gestoría?", True),
    ("y como decidimos repartir las guardias?", True),
])
def test_como_after_a_proposal_is_as_we_said(rules: RuleRouter, text: str, asks: bool) -> None:
    assert _asks(rules, text) is asks, text


@pytest.mark.parametrize(("text", "asks"), [
    ("Check this invoice before I pay it: did the courier charge the fuel fee we negotiated?", False),
    ("Has the agency sent the mockups we asked for? The launch is on Monday", False),
    ("Did Marta upload the contract we signed to the drive?", False),
    ("What was the fuel fee we negotiated with the courier?", True),
    ("Where's the contract we signed with the agency?", True),
])
def test_what_someone_else_did_with_a_thing_of_ours_is_no_request(rules: RuleRouter, text: str, asks: bool) -> None:
    assert _asks(rules, text) is asks, text


@pytest.mark.parametrize(("text", "asks"), [
    ("¿Te acuerdas de mis cosas si abro otro chat?", False),
    ("¿Recuerdas lo que te cuento entre conversaciones?", False),
    ("Do you remember my preferences if I start a new chat?", False),
    ("¿Te acuerdas de lo que hablamos ayer sobre el chat de soporte?", True),
    ("Do you remember which chat tool we picked for support?", True),
])
def test_the_assistants_memory_across_chats_is_a_question_about_it(rules: RuleRouter, text: str, asks: bool) -> None:
    assert _asks(rules, text) is asks, text


@pytest.mark.parametrize("text", [
    "¿Qué plazo de respuesta damos a los partners? Creo que lo hablamos el mes pasado",
    "¿Cuántas réplicas dejamos en producción? Juraría que lo decidimos en la retro",
    "¿Les subimos la cuota a los de la academia? No recuerdo si lo cerramos",
    "¿Facturamos aparte las horas extra? No me acuerdo de si lo acordamos con ellos",
    "¿Cómo se rotaba la clave del bucket? Estaba en algún runbook",
    "¿Qué puertos abre el firewall de la oficina? Lo dejamos apuntado en una wiki",
    "how do we rotate the signing keys for the API? I'm fairly sure we documented it",
    "what's the checklist for onboarding a reseller? I think we wrote one last year",
    "which plan did Hoteles Brisa end on? pretty sure we covered it in March",
    "which port does the backup agent use? it was in one of the runbooks",
    "what ports does the office firewall open? it's in one of our wiki pages",
    "Should we cap the API or bill the overage? I don't remember if we settled that",
])
def test_a_question_next_to_our_past_talk_or_writing_asks(rules: RuleRouter, text: str) -> None:
    assert _asks(rules, text), text


@pytest.mark.parametrize("text", [
    "¿Puedes revisar el PR de la pasarela? Creo que lo hablamos ayer",
    "¿Qué opinas del diseño? Creo que lo cerramos mal",
    "No recuerdo si cerré la puerta del garaje, ¿puedes mirar la cámara?",
    "No recuerdo si el vuelo sale a las 9 o a las 10",
    "¿Lo ejecuto ya? Está en el runbook de despliegue",
    "El paso está en el runbook, ejecútalo",
    "can you review the PR for the payment page? I think we discussed it",
    "how do I fix this regex? I think we wrote it wrong",
    "What's the runbook for resizing a volume on the cluster?",
    "can you run it? it's in the runbook",
    "The typo was in a doc nobody reads.",
    "I don't remember if I locked the car, can you check the app?",
])
def test_a_past_talk_next_to_a_task_or_the_speakers_own_doing_does_not(rules: RuleRouter, text: str) -> None:
    assert not _asks(rules, text), text


@pytest.mark.parametrize(("text", "asks"), [
    ("etcd leader changes every few minutes since the upgrade. Seen this before?", True),
    ("Mail queue stuck at 4k, bounces from one provider only. ever seen something like this before?", True),
    ("¿Esto ya lo hemos visto? El pod se reinicia cada hora", True),
    ("¿Hemos visto algo parecido antes? La cola de correo está en 4.000", True),
    ("Posting in #ops: the mgr dashboard throws 500s, anyone seen this before?", False),
    ("I have never seen this before, what a weird error", False),
    ("¿Has visto esta película antes?", False),
    ("Ya hemos visto la demo, ¿pasamos al presupuesto?", False),
])
def test_seen_this_before_asks_only_us(rules: RuleRouter, text: str, asks: bool) -> None:
    assert _asks(rules, text) is asks, text


@pytest.mark.parametrize(("text", "asks"), [
    ("El otro día me comentaste algo sobre las facturas rectificativas, ¿me lo vuelves a explicar?", True),
    ("Ayer me dijiste algo de un plugin de caché. ¿Cuál era?", True),
    ("You told me something about a cheaper S3 provider last week, which one was it?", True),
    ("a while ago you mentioned something about a grant for small shops, can you repeat it?", True),
    ("¿Me dijiste algo? No te he oído bien", False),
    ("Me dijiste que lo tendrías hoy, ¿cuándo llega?", False),
    ("You told me to restart the pod, did that fix anything?", False),
    ("Tell me something about Lisbon?", False),
])
def test_something_you_told_me_asks(rules: RuleRouter, text: str, asks: bool) -> None:
    assert _asks(rules, text) is asks, text


@pytest.mark.parametrize(("text", "asks"), [
    ("what did the accountant say about the payroll account? I vaguely remember something about a fee", True),
    ("¿Qué le pasó al cliente de Valencia? Recuerdo vagamente algo de su pasarela de pago", True),
    ("I vaguely remember the 90s, was it really that good?", False),
    ("I vaguely remember reading that Pluto is no longer a planet, is that true?", False),
    ("Me suena algo raro en el motor del coche, ¿lo llevo al taller?", False),
])
def test_a_vague_memory_of_ours_next_to_a_question_asks(rules: RuleRouter, text: str, asks: bool) -> None:
    assert _asks(rules, text) is asks, text
