"""Explicit memory requests, seventeenth round: the classes behind tune17's and tune18's misses. Messages are written
for these tests, not taken from the routing corpus; each class has look-alikes that must stay non-explicit."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter


def _asks(router: RuleRouter, text: str) -> bool:
    return router.route(text).explicit_memory_request


@pytest.mark.parametrize("text", [
    "¿Cómo renovábamos los certificados de la VPN antes de tener cert-manager?",
    "¿Dónde guardábamos las copias de la base de datos de facturación?",
    "¿Quién nos hacía la contabilidad cuando empezamos?",
    "¿Qué hacíamos cuando se llenaba el disco del nodo de logs?",
    "oye, ¿cuánto nos cobraba el proveedor antiguo por cada dominio?",
    "y cómo nos conectábamos al panel del proveedor antiguo?",
    "¿Cómo subiamos los backups al bucket antiguo?",
    "¿Qué queríamos hacer con el dominio viejo?",
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
    "¿Cuándo reiniciamos los nodos después de parchear el kernel?",
    "¿Qué cambiamos primero, el DNS o el certificado?",
    "¿Quién nos envía el contrato?",
])
def test_the_conditional_a_proposal_a_statement_and_an_iar_verb_do_not(rules: RuleRouter, text: str) -> None:
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


@pytest.mark.parametrize(("text", "asks"), [
    ("Check tus notas: ¿cuándo vence el dominio de la tienda?", True),
    ("¿Tienes notas de la reunión con el gestor?", True),
    ("¿Tomaste apuntes de la llamada con Iberlogic?", True),
    ("¿Tienes notas de voz activadas en el móvil?", False),
    ("Check the release notes for the new kernel", False),
    ("Check tus notas y añade esto: la reunión es el jueves", False),
])
def test_notes_asked_for_in_either_language(rules: RuleRouter, text: str, asks: bool) -> None:
    assert _asks(rules, text) is asks, text


@pytest.mark.parametrize(("text", "asks"), [
    ("Recapitula lo que sabemos del proveedor de fibra antes de la llamada", True),
    ("¿Qué historia tenemos con la gestoría de Alzira?", True),
    ("Give me everything we've got on Hoteles Brisa", True),
    ("give me all we have: contract, contacts, open tickets", True),
    ("What's the history with the Lumen account?", True),
    ("what's our history with that supplier?", True),
    ("Recapitula los puntos de la reunión de hoy en tres líneas", False),
    ("¿Cuál es la historia de la catedral de Burgos?", False),
    ("Let's give it everything we've got this quarter!", False),
    ("Give me everything you can find online about Rust async runtimes", False),
    ("What's the history of the Roman aqueducts?", False),
])
def test_recaps_and_our_history_with_someone_ask(rules: RuleRouter, text: str, asks: bool) -> None:
    assert _asks(rules, text) is asks, text


@pytest.mark.parametrize(("text", "asks"), [
    ("Remind me, do we invoice the Andorra customers with VAT?", True),
    ("remind me: is my passport still valid until 2027?", True),
    ("do I have a rule about meetings before 10?", True),
    ("Can you look back and tell me what I told you about my holidays?", True),
    ("show me what I said about the office move", True),
    ("Remind me to call the accountant tomorrow", False),
    ("Remind me, can you book the room for Friday?", False),
    ("Do I have anything on Friday afternoon?", False),
    ("tell me what we have to do today", False),
])
def test_remind_me_with_a_yes_no_question_and_what_i_said_ask(rules: RuleRouter, text: str, asks: bool) -> None:
    assert _asks(rules, text) is asks, text


@pytest.mark.parametrize(("text", "asks"), [
    ("Dime las dos cosas más urgentes que acordamos en la reunión del lunes", True),
    ("Recuérdame los dos o tres puntos clave que pactamos con el banco", True),
    ("¿Qué proveedor de correo quedamos en usar para las notificaciones?", True),
    ("¿Cuántas réplicas quedamos en dejar en producción?", True),
    ("Postgres or MariaDB for the new panel: what's the current decision?", True),
    ("Dime las tres cosas más importantes que necesitamos para el lanzamiento", False),
    ("¿Qué día quedamos para cenar?", False),
    ("¿Quedamos en vernos el jueves?", False),
    ("What's the current price of the Pro plan on the website?", False),
])
def test_what_we_decided_or_agreed_to_do_asks(rules: RuleRouter, text: str, asks: bool) -> None:
    assert _asks(rules, text) is asks, text


@pytest.mark.parametrize(("text", "asks"), [
    ("I need the migration checklist, the one we wrote after the Madrid outage", True),
    ("where is the pricing doc? the one we drafted for the agencies", True),
    ("Necesito la checklist de migración, la que escribimos tras la caída de Madrid", True),
    ("What was the name of that bakery in Lisbon I loved?", True),
    ("Which was the hotel in Bilbao I stayed at for the conference?", True),
    ("¿Cómo se llamaba el hotel de Lisboa que me encantó?", True),
    ("Don't use that template, the one we wrote in 2020 is outdated.", False),
    ("Revisa el procedimiento, el que escribimos ayer tiene un error", False),
    ("What's wrong with the script I wrote?", False),
    ("What's the best way to reheat the pasta I bought?", False),
    ("¿Sabes por qué la serie que me gustó tiene tan mala nota?", False),
])
def test_a_thing_named_by_what_we_wrote_or_i_liked_asks(rules: RuleRouter, text: str, asks: bool) -> None:
    assert _asks(rules, text) is asks, text


@pytest.mark.parametrize(("text", "asks"), [
    ("We don't offer phone support anymore, right?", True),
    ("we no longer host email for customers, correct?", True),
    ("Ya no ofrecemos soporte telefónico, ¿verdad?", True),
    ("ya no les cobramos la migración a las ONG, ¿cierto?", True),
    ("It doesn't work anymore, right?", False),
    ("We don't need the VPN anymore. Shut it down.", False),
    ("Ya no funciona el wifi, ¿verdad?", False),
    ("Que conste: ya no trabajamos con la agencia de Gandía.", False),
])
def test_a_standing_decision_to_confirm_asks(rules: RuleRouter, text: str, asks: bool) -> None:
    assert _asks(rules, text) is asks, text


@pytest.mark.parametrize(("text", "asks"), [
    ("What did the mail records point to before the migration?", True),
    ("which IPs were the load balancers using before the renumbering?", True),
    ("¿Qué DNS usaban los clientes antes de la migración?", True),
    ("¿Qué versión de PHP tenían las webs antes de la actualización?", True),
    ("¿Cuál fue la causa del fallo de la pasarela del 14 de marzo? Me lo pide el banco", True),
    ("¿Qué fue el arreglo para el disco lleno de la última vez?", True),
    ("What was life like before the internet?", False),
    ("What should we check before the upgrade?", False),
    ("¿Qué hay que revisar antes del cambio de hora?", False),
    ("¿Cuál fue la causa de la Primera Guerra Mundial?", False),
    ("¿Cuál fue la causa del apagón del 28 de abril de 2025?", False),
])
def test_a_former_state_and_the_cause_of_a_dated_incident_ask(rules: RuleRouter, text: str, asks: bool) -> None:
    assert _asks(rules, text) is asks, text
