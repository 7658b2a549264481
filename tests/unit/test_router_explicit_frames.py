"""Explicit memory requests, sixth round: review verbs, formal address, outcomes, what is kept, "as I said"."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter


@pytest.mark.parametrize("text", [
    "Recap de lo que decidimos en la reunión con el proveedor de fibra",
    "Repásame lo que acordamos con la agencia sobre los márgenes",
    "resúmeme lo que quedamos con Talleres Ortega",
    "Remind me, ¿qué dije que prefería para los informes?",
    "¿Recuerda usted qué tarifa le indiqué para la migración?",
    "¿Se acuerda de lo que le comenté del contrato?",
    "¿Qué pasó al final con lo del certificado caducado?",
    "¿Qué le prometimos a la clínica en la demo?",
    "What do you have stored about my working hours?",
    "anything we have in memory on the Ceph upgrade?",
    "Pull up everything you have in memory about Globex",
    "recall: ¿cuál era el runbook para rotar el certificado del ingress?",
])
def test_new_request_frames(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", [
    "Resume the backup job once the node is back",
    "recap: the deploy is done and green",
    "Remind me, can you send the invoice tomorrow?",
    "Te prometimos el informe para el lunes.",
    "We have in memory 64 GB on each node",
    "Save what we have in memory about Acme",
    "Recall the helm release to the previous revision",
    "como te dije el otro día, a los partners les dábamos un 20 %, ¿lo mantenemos para Bilbao?",
    "Como os comenté, ¿seguimos con Hetzner?",
    "Estamos pensando en subir el plan Starter en enero, ¿qué impacto tendría?",
])
def test_their_look_alikes_are_not_requests(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request, text


def test_asking_what_was_said_still_counts(router: RuleRouter) -> None:
    assert router.route("¿Cómo te dije que quería los informes?").explicit_memory_request
    assert router.route("¿Te dije cuál es mi editor?").explicit_memory_request
    assert router.route("¿Cuánto les cobramos el año pasado por la migración?").explicit_memory_request


@pytest.mark.parametrize(("text", "asks"), [
    ("¿Qué cobramos a la clínica el año pasado?", True),
    ("¿Dónde lo dejamos la última vez?", True),
    ("¿Estamos bien de disco desde el mes pasado?", False),   # "estamos": not a past "we"
    ("Lo arreglamos la semana pasada. ¿Puedes mirar el ingress?", False),   # the "?" is another sentence's
    ("¿Puedes mirar el ingress? Lo arreglamos la semana pasada.", False),   # the past "we" follows the last "?"
])
def test_a_question_bound_trigger_counts_only_inside_a_question(router: RuleRouter, text: str, asks: bool) -> None:
    assert router.route(text).explicit_memory_request is asks, text


# ---- eighth round: every person of "tener apuntado", "¿cuál era…?", "qué recordamos de", the pluperfect "te había
# dicho", "remind me qué…", compound subjects, "look up whether we ever…", what you know about how I…

@pytest.mark.parametrize("text", [
    "¿Qué tenía apuntado Ana sobre la renovación del dominio?",
    "dime qué tiene guardado el equipo sobre la tarifa de Kobalt",
    "¿Cuál era la IP del balanceador antiguo?",
    "¿Cómo era el procedimiento para rotar los certificados del ingress?",
    "¿Cuáles eran nuestras condiciones para los revendedores?",
    "¿Qué recordamos del incidente de Longhorn del invierno?",
    "¿Qué sabéis de la migración de la clínica?",
    "¿Te había dicho a qué hora quiero el resumen?",
    "¿Os he comentado lo del nuevo proveedor de SMS?",
    "remind me cuánto les cobramos por la migración",
    "Remind me qué puerto usa el exporter de Ceph",
    "When did we and Kreativa agree on the new rates?",
    "What did the agency and we settle on for the retainer?",
    "Can you check whether we already promised a discount to Globex",
    "Find out if we ever signed an NDA with the fund.",
    "Did we already decide on the backup window?",
    "Is it true we once agreed to waive the setup fee?",
    "What do you know about when I take my holidays?",
    "What do you know about me?",
    "Have you already saved my new address?",
])
def test_eighth_round_frames(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", [
    "Python: ¿cómo proceso un CSV de 2 GB sin cargarlo entero en memoria?",
    "¿Conviene una caché en memoria o Redis para las sesiones?",
    "¿Cuántos pods caben en memoria con 64 GB por nodo?",
    "Como era el último día del mes, cerramos la facturación antes.",
    "¿Qué era ese proceso que se come la CPU?",
    "Como te había dicho, el nodo 3 está fuera; ¿lo reinicio?",
    "Remind me que mañana hay que renovar el certificado.",
    "Have you ever used Ceph in production?",
    "Did you ever watch The Office? the dinner party episode is the best",
    "check the logs and tell me, do we need more replicas?",
    "Show me the runbook, we proceed with the upgrade tonight.",
    "What do you know about Kubernetes network policies?",
    "Check if we need to open port 9100 on the nodes",
])
def test_eighth_round_look_alikes_are_not_requests(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request, text


# ---- tenth round: what "you" told or recommended me, the impersonal past ("¿se decidió algo…?"), told before in a
# question, half a memory ("I vaguely recall we…", "me suena que lo hablamos"), "…again?", "the final decision",
# "what were the three X we shortlisted", on record for you ("¿te consta…?"), "any idea what we…", "do you have my…"

@pytest.mark.parametrize("text", [
    "¿Qué libro me recomendaste para aprender a negociar?",
    "¿Cómo me dijiste que se llamaba el plugin de caché?",
    "Oye, ¿qué restaurante me dijiste que estaba bien en Bilbao?",
    "¿Qué me habías recomendado para el dolor de espalda?",
    "Recuérdame lo que me dijiste del curso de inglés",
    "¿Se decidió algo sobre el cambio de proveedor de correo?",
    "¿Al final se llegó a un acuerdo con la agencia?",
    "¿A qué hora tengo el pádel los jueves? Te lo dije el otro día",
    "¿Seguimos con Hetzner? Recuerdo que acordamos revisarlo en enero",
    "¿Te consta si ya le mandamos el contrato a Kibo?",
    "¿Quedó por escrito lo del SLA con Acme?",
    "Dime todo lo que tengas sobre Globex",
    "¿Qué información tienes de Talleres Ortega?",
    "Are we sponsoring the meetup this year? I vaguely recall we talked about a bronze package",
    "I seem to remember we agreed on net-30 for Kibo, is that right?",
    "What amp plugin do I use for my guitar sims again?",
    "Who is our contact at Hetzner again?",
    "What's my dentist's name? I mentioned it before",
    "what was the final decision on the reseller discount?",
    "What was the verdict on moving to Cilium?",
    "what were the three positioning statements we shortlisted for the rebrand?",
    "What book did you recommend me last month?",
    "What was the name of that tool you recommended for load testing?",
    "Any idea what we charged Ortega last year?",
    "What's our agreed SLA with Acme?",
    "Do you have my new address?",
    "Have we got anything written down on the Kobalt renewal?",
])
def test_tenth_round_frames(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", [
    "Ya sé que me dijiste que no, pero ¿puedes reiniciar el pod?",
    "¿Qué me recomiendas para aprender Go?",
    "¿Se quedó colgado el pod otra vez?",
    "Se habló de subir precios pero no se decidió nada, ¿qué opinas?",
    "Te lo dije, ¿vale? No toques prod",
    "Recuerda que mañana hay reunión, ¿vale?",
    "Con lo que sabes de Kubernetes, ¿qué harías con este pod?",
    "¿Dónde quedó documentado el runbook del disco lleno?",
    "El contrato renueva el 1 de marzo, ¿les mantenemos el precio o aplicamos la subida?",
    "Me consta que el backup se hizo anoche",
    "I remember we had this issue before with ceph",
    "I remember we had a nice dinner there, can you book it again?",
    "As I said before, I'm vegetarian, so book something else?",
    "Why is the ingress failing again?",
    "Which node is down again?",
    "What's the decision tree for escalations in general?",
    "How many customers are on the plan we dropped?",
    "Any idea why the ingress returns 502?",
    "Do you have my permission to deploy?",
    "Do you have my PR open? I need a review",
    "What did you mean by that?",
    "Remind me to call the accountant tomorrow",
    "No te olvides de renovar el certificado, ¿vale?",
])
def test_tenth_round_look_alikes_are_not_requests(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", [
    "Tira de memoria: ¿qué plazo de preaviso pactamos con el proveedor de fibra?",
    "¿Qué plazo de preaviso pactamos con el casero?",
    "¿Cuántos días de margen acordamos con la agencia?",
    "¿Qué precio al final firmamos con Globex?",
    "¿Cuál tarifa elegimos para los partners?",
    "recall lo que sabemos del cluster de Madrid",
    "Dime lo que sabemos de la migración a Ceph",
    "tell me lo que recordamos sobre el incidente del DNS",
    "¿Qué tenemos en memoria de Kobalt?",
    "¿Recuerdas cuando teníamos el servidor en OVH?",
    "¿Recuerdas el precio de los 50 GB?",
    "Do you remember the 30-day SLA we gave Lumen?",
    "remember when we moved the DNS to Cloudflare?",
])
def test_eleventh_round_frames(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", [
    "¿Aprobamos que la gestoría lleve la contabilidad a partir de enero?",
    "¿Subimos el precio antes de marzo?",
    "En memoria de nuestro fundador mandamos flores al funeral; ¿cómo lo contabilizo?",
    "Pusimos una placa en memoria de mi abuelo, ¿se puede deducir?",
    "¿Qué proceso tira de memoria en el nodo?",
    "¿Qué día quedamos para comer?",
    "Do you remember the 90s? Music was so much better back then",
    "Remember the good old days of FTP deploys?",
    "Do you remember when we were kids?",
    "¿Recuerdas cuando éramos jóvenes? jaja",
    "¿Te acuerdas de los años 80?",
    # asking to store or to forget is not a recall request (tune, tune2, tune4: "Guarda en la memoria que…")
    "Guarda esto en memoria: la gestoría cierra el trimestre el día 10",
    "remember that I take the 8:15 bus now, not the train",
    "No te olvides de esto: los viernes salgo a las 16:30",
])
def test_eleventh_round_look_alikes_are_not_requests(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request, text


@pytest.mark.parametrize(("text", "asks"), [
    ("Which version did we pin cert-manager to?", True),
    ("Why did we switch to Hetzner?", True),
    ("Refresh me on the Ceph upgrade plan we discussed", True),
    ("Recap what we decided about pricing", True),
    ("Fill me in on what we agreed with Lumen", True),
    ("Recap: we deployed and it works", False),
    ("What's on record about my dietary restrictions?", True),
    ("Was there a decision on the Hetzner move?", True),
    ("Is there a decision tree for this?", False),
    ("How much disk did we use this month?", False),
    ("¿Qué tal si pactamos un descuento?", False),   # a proposal
    ("¿Y si decidimos mañana?", False),
    ("¿Sabes si acordamos algo con Lumen?", True),
])
def test_eleventh_round_english_frames(router: RuleRouter, text: str, asks: bool) -> None:
    assert router.route(text).explicit_memory_request is asks, text


def test_asking_whether_something_is_saved_is_a_request_a_statement_is_not(router: RuleRouter) -> None:
    assert router.route("Do you have that saved somewhere? the SLA we gave Lumen").explicit_memory_request
    assert not router.route("I have it saved on my desktop already").explicit_memory_request


@pytest.mark.parametrize("text", [
    "¿El certificado caduca en marzo? necesitamos renovarlo",
    "¿El dominio vence en abril? necesitamos saberlo",
])
def test_a_month_after_expires_is_the_future_not_a_memory_request(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request


@pytest.mark.parametrize(("text", "asks"), [
    ("did we end up going with Hetzner for the offsite backups?", True),
    ("We ended up at the beach after the offsite.", False),
    ("recall my preferred meeting hours please", True),
    ("Recall the faulty batch of routers from every customer.", False),
    ("memory_search: velero restore incident", True),
    ("what did the auditor flag last year? I'm sure we wrote it down somewhere", True),
    ("how do I rotate the Infisical token? I think we summarized it in an earlier chat", True),
    ("I wrote it down somewhere, don't worry.", False),
    ("have I saved my notes on the OSD replacement?", True),
    ("¿Tenía yo guardado algo sobre el dentista?", True),
    ("Tengo yo apuntado el teléfono del técnico.", False),
    ("¿Qué le respondimos a Kreativa sobre el descuento?", True),
    ("¿Qué le respondemos a Kreativa sobre el descuento?", False),
])
def test_settled_outcomes_notes_written_somewhere_and_tool_style_searches(router: RuleRouter, text: str,
                                                                           asks: bool) -> None:
    assert router.route(text).explicit_memory_request is asks, router.route(text).to_dict()


@pytest.mark.parametrize("text", [
    "Sum up what we know about the Lisbon reseller before my call",
    "Summarise everything we know about the DNS provider",
    "Is Laura still on the billing rota, or did we hand it over to Pau?",
    "did we delegate the invoice approvals to finance?",
    "What's my take on four-day weeks?",
    "what's my usual order at the sushi place?",
    "How do I usually format my weekly report?",
    "I keep forgetting: what's our naming scheme for staging namespaces?",
    "what's our cutoff for same-day refunds? I always forget",
    "How was the VPN between the offices set up? I don't remember",
    "What happened with the payment gateway in March?",
    "¿Quedamos con la gestoría en que nos mandaban las facturas el día 5?",
    "¿Cómo estaba configurado el firewall de la oficina?",
    "¿Dónde estaban guardadas las claves del NAS?",
    "¿Qué pasó con el backup del 3 de marzo?",
    "¿Cuál es mi postura sobre trabajar los sábados?",
    "¿Qué suelo pedir en el japonés de la esquina?",
    "¿Cuál es nuestra regla para los reembolsos? Se me olvida siempre",
])
def test_what_we_know_handed_over_the_speakers_ways_lapses_and_past_states(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", [
    "Remind me what 'eventual consistency' means, in two lines",
    "Recuérdame qué significa SLO en dos líneas",
    "Do you remember Napster? peak nostalgia",
    "¿Te acuerdas del Tamagotchi? qué nostalgia",
    "Who do we call at the bank if the transfer bounces again?",
    "Queremos un panel de costes en Grafana. ¿Cómo lo configuramos?",
    "I forgot my password, how do I reset it?",
    "I forgot. Can you send me our invoice?",
    "¿Cuál es la capital de Australia? No me acuerdo",
    "I can't remember the git flag for amend, what is it?",
    "What's our policy on refunds for annual plans?",
    "What do we usually do when a disk fills up?",
    "What's your take on Rust for CLIs?",
    "What's my default gateway on this box?",
    "Did we lose any data in the outage?",
    "Remember to send the invoice to Acme tomorrow",
    "Guarda en memoria que prefiero las reuniones por la mañana",
    "Olvida lo que te dije del horario",
    "I keep forgetting to drink water, remind me every hour",
    "Quedamos en que lo probamos el jueves, ¿vale?",
    "¿Quedamos mañana en el bar de siempre?",
    "Ya sé que estaba configurado así, ¿lo cambiamos?",
    "¿Qué pasó el 11 de septiembre de 2001?",
    "What happened in June 2016 with the Brexit vote?",
    "Ya sabes que suelo llegar tarde, ¿qué hacemos con la reunión?",
    "¿Qué suelo pongo en la cocina, tarima o porcelánico?",
    "We need more RAM: the pods run out of memory",
])
def test_meanings_nostalgia_conditions_plans_and_lapses_about_anything_are_not_requests(router: RuleRouter,
                                                                                        text: str) -> None:
    assert not router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", [
    "dig out whatever notes we have on the Kestrel refund before I call them",
    "resume lo que tenemos de la renovación con Vidrios Ortiz",
    "según lo que tengas apuntado, ¿a qué hora abre el almacén de Getafe?",
    "Con lo que sabes de mis horarios, ¿cuándo me cuadra el curso de inglés?",
    "what do you know about mis alergias? the waiter is asking",
    "sum up everything you know about Ferretería Ibarra before the renewal call",
    "Recupera las tarifas que pactamos con la imprenta para los folletos",
    "What was the fix for the mail queue backlog last winter?",
    "¿Esto ya nos pasó con la tienda de Bilbao? el carrito se vacía al pagar",
    "Has this happened to us before? the cron runs twice every night",
    "Based on what you know about my diet, what should I order?",
    "Let's check what our business memory has on the Lumen contract",
    "¿Qué tiempos de entrega les prometimos a los de la imprenta?",
    "Lucas broke his boots. Do you know what shoe size he wears?",
])
def test_fifteenth_round_frames(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", [
    "Do you remember the Millennium Dome? Was it really that empty?",
    "do you remember when Concorde stopped flying? what year was it",
    "¿Te acuerdas de quién ganó la Eurocopa en 2008?",
    "¿Te acuerdas del eclipse de agosto de 1999? ¿En qué año fue el siguiente?",
    "do you remember that song from the Shrek soundtrack? I can't place it",
    "Do you recall the Heartbleed bug? What actually happened there?",
    "do you remember everything I tell you?",
    "¿Cabe en el presupuesto que aprobamos?",
    "Los dominios que renovamos: ¿los pasamos a dos años?",
    "Is the backlog under control? We decided it would be empty by Friday",
    "Para que conste en memoria: los viernes no hay despliegues",
    "drop the note about the old VPN, it no longer applies",
    "Tell me everything you know about black holes",
    "Con lo que sabes de Kubernetes, ¿qué harías con este pod?",
    "Do you know what time it is in Tokyo?",
])
def test_fifteenth_round_look_alikes_are_not_requests(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", [
    "Do you remember what year we moved the shop to Hetzner?",
    "¿Te acuerdas de la canción que te dije para la boda?",
    "Do you remember the outage in March? What was the cause?",
])
def test_a_remember_question_about_ours_still_asks(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text
