"""RuleRouter beyond its tuning corpus (design §8): wide domain lexicons, first-person morphology, one-off days,
resource names, openings and the explicit-request frames of issue 11's third round. Messages are written for
these tests, not taken from the routing corpus."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter
from wetopi_memory.router.personal_rules import first_person_verb, one_off_day
from wetopi_memory.router.text import encode, tokenize

P, B, F = "platform", "business", "personal"


def _tokens(text: str) -> list[bytes]:
    return [t.encode("ascii") for t in tokenize(text)]


@pytest.mark.parametrize("text", [
    "Our Longhorn volumes are stuck attaching", "The Harbor registry is out of space",
    "Trivy found a critical CVE in the base image", "Thanos compactor is behind by two days",
    "El webhook de GitLab no dispara el pipeline", "pg_stat_activity shows 300 idle connections",
    "NS change at the registrar went through but the nameservers still answer the old zone",
    "Vault is sealed after the node reboot", "El SMART del disco da sectores reasignados",
])
def test_infrastructure_tools_and_errors_route_to_platform(router: RuleRouter, text: str) -> None:
    assert router.route(text).scope_names == (P,)


@pytest.mark.parametrize("text", [
    "Our cash flow is tight this month, delay the hardware purchase", "Chase the overdue invoice from Bodegas Ruiz",
    "The lawyer says the NDA needs a jurisdiction clause", "Draft the employment contract for the new support hire",
    "Hay que pagar el IVA trimestral antes del día 20", "Factura rectificativa para el cliente, se cobró dos veces",
    "Devuélvele el dinero a la clienta, no merece la pena discutir", "Please prepare the offer letter for Javier",
    "Hay que hacer follow-up con los trials que no han convertido",
])
def test_finance_legal_and_people_words_route_to_business(router: RuleRouter, text: str) -> None:
    assert router.route(text).scope_names == (B,)


@pytest.mark.parametrize("text", [
    "What's the tax rate on alcohol in Spain?", "Lost my receipt for the taxi, oh well",
    "I got a promotion at my old job once, long story", "¿Qué significa la palabra finiquito?",
])
def test_a_generic_money_or_job_word_alone_does_not_route(router: RuleRouter, text: str) -> None:
    assert router.route(text).scopes == ()


@pytest.mark.parametrize("text", [
    "I work remotely from Valencia most of the week", "I never drink coffee after noon",
    "I speak Catalan at home and Spanish at work", "Vivo en Sevilla y voy a la oficina dos días por semana",
    "No como gluten, tenlo en cuenta si me propones sitios", "Madrugo mucho, a las seis ya estoy trabajando",
    "No me mandes resúmenes diarios, con uno semanal me vale",
    "When you explain something to me, start with the conclusion",
    "Para mí las reuniones de más de media hora son perder el tiempo", "Don't send me notifications at weekends",
])
def test_first_person_life_statements_are_personal(router: RuleRouter, text: str) -> None:
    assert router.route(text).scope_names == (F,)


@pytest.mark.parametrize("text", [
    "What should I answer to this email?", "I'm hosting a dinner party on Saturday, any easy dessert?",
    "Ayer fui al médico y me dieron la baja", "para mí", "How do you say 'me sale caro' in English?",
])
def test_questions_errands_and_translations_are_not_personal(rules: RuleRouter, text: str) -> None:
    assert F not in rules.route(text).scope_names


def test_a_one_off_day_is_read_from_the_words_not_the_weekday_plural() -> None:
    assert one_off_day(_tokens("El lunes reviso los logs"))
    assert one_off_day(_tokens("I'm hosting a dinner on Saturday"))
    assert not one_off_day(_tokens("Los lunes trabajo desde casa"))
    assert not one_off_day(_tokens("I go to the gym on Tuesdays"))


def test_a_spanish_first_person_verb_is_not_a_tool_name_nor_a_third_person_past() -> None:
    assert first_person_verb(_tokens("Reviso el correo a primera hora"))
    assert first_person_verb(_tokens("Te dije que no estoy los viernes"))
    assert not first_person_verb(_tokens("velero lleva dos noches sin completar"), frozenset({b"velero"}))
    text = "porque no usó el servicio"
    assert first_person_verb(_tokens(text))   # typed without the accent it reads as "no uso"
    assert not first_person_verb(_tokens(text), decomposed=encode(text).lower())
    assert not first_person_verb(_tokens("Prepárame un email para el inversor"))   # an errand, not how to talk to me
    assert first_person_verb(_tokens("Contéstame siempre en castellano"))


def test_a_word_of_another_sense_does_not_route(router: RuleRouter) -> None:
    for text in ("Who's the backup goalkeeper for Arsenal this season?", "When is the new album release?",
                 "Agrupa estas palabras en clusters de ideas", "In node, how do I read a JSON file?",
                 "Any tips for taking the helm of a small sailboat?"):
        assert router.route(text).scopes == (), text
    hiring = router.route("We're hiring a second SRE, write the job post")
    assert hiring.scope_names == (B,) and any(c.term == "sre" for c in hiring.cancelled)


def test_chat_spelling_q_reads_as_que(router: RuleRouter) -> None:
    decision = router.route("recuerdame q acordamos con Kreativa sobre el precio de revendedor")
    assert decision.explicit_memory_request and decision.scope_names == (B,)


@pytest.mark.parametrize("text", [
    "Did I tell you which editor I use?", "Have I mentioned my dietary restrictions?",
    "Do we have anything about the Ceph upgrade?", "What have you got on the Murcia reseller?",
    "¿Te dije cuál es mi editor favorito?", "¿Qué sabes de mi horario?", "¿Qué quedó decidido sobre el precio?",
    "¿Teníamos decidido algo sobre la retención de logs?", "Busca lo que tengamos del incidente de DNS",
    "Recuérdame lo que aprendimos del OOMKilled", "Have we stored anything about the metallb ARP flapping?",
    "What was the root cause we found for the degraded volumes?", "Busca en memory lo de la compensación",
    "¿Apuntamos en algún sitio qué versión da problemas?", "What do you know about my working hours?",
])
def test_explicit_request_frames(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", [
    "Te dije que no tocaras producción", "What do you know about kubernetes operators in general?",
    "How many trials converted to paid last month?", "Did the deploy finish?", "¿Qué hay de nuevo?",
    "Remind me to call the accountant tomorrow", "We agreed with Lumen on net-30, draft the invoice",
])
def test_explicit_request_look_alikes(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request, text


def test_a_customer_word_that_only_says_whose_a_system_is_is_not_business(router: RuleRouter) -> None:
    assert router.route("La latencia p99 del mariadb de clientes se ha ido a 800ms").scope_names == (P,)
    assert router.route("Las bases de datos de los clientes, ¿dentro del cluster o en VMs?").scope_names == (P,)
    both = router.route("La web va lentísima y el cliente amenaza con irse, mira el php-fpm del pod")
    assert set(both.scope_names) == {B, P}


@pytest.mark.parametrize("text", [
    'How do you say "purchase order" in Italian?', '¿Cómo se dice "nodo de control" en inglés?',
    'What is the plural of "kubeconfig"?', '¿"Prefiero" lleva tilde?',
])
def test_a_question_about_a_word_routes_nowhere(rules: RuleRouter, text: str) -> None:
    decision = rules.route(text)
    assert decision.scope_names == ()
    assert any(c.sense.startswith("word_question.") for c in decision.cancelled) or not decision.matches


@pytest.mark.parametrize(("text", "expected"), [
    ("El cliente quiere otra fuente en el footer de su tema, ¿eso va por CSS?", ()),
    ("The client wants the sidebar widget moved, is that a theme setting?", ()),
    ("El cliente amenaza con irse si no le hacemos descuento", (B,)),
])
def test_a_customers_own_site_design_is_not_business(rules: RuleRouter, text: str, expected: tuple[str, ...]) -> None:
    assert rules.route(text).scope_names == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("How do I squash two commits before pushing?", ()),
    ("¿Cómo hago para deshacer un git commit ya publicado?", ()),
    ("The git webhook stopped triggering the CI pipeline on the shop repo", (P,)),
])
def test_how_to_use_git_in_general_is_not_platform(rules: RuleRouter, text: str, expected: tuple[str, ...]) -> None:
    assert rules.route(text).scope_names == expected


@pytest.mark.parametrize("text", [
    "Vuelvo de vacaciones el jueves, no me pongas nada antes de las 11",
    "I'm out on Thursday afternoon for a family thing",
    "El miércoles entro tarde, tengo que llevar el coche al taller",
])
def test_the_speakers_absence_on_one_day_is_personal(rules: RuleRouter, text: str) -> None:
    assert F in rules.route(text).scope_names


@pytest.mark.parametrize(("text", "expected"), [
    ("¿Cuánto cobra un electricista por cambiar un enchufe?", ()),
    ("I'm reading a book on negotiation, any other you'd suggest?", ()),
    ("Book me a hotel near the venue for my trip to Porto", (F,)),
    ("The customer wants last month refunded after the outage", (B, P)),
    ("Pipeline update: two agencies signed and one more wants a demo", (B,)),
])
def test_business_words_in_private_life_and_sales_verbs(rules: RuleRouter, text: str,
                                                       expected: tuple[str, ...]) -> None:
    assert tuple(sorted(rules.route(text).scope_names)) == tuple(sorted(expected))


def test_a_pod_that_is_running_is_not_the_speakers_sport(rules: RuleRouter) -> None:
    assert rules.route("Estoy mirando el pod de redis: sigue Running pero no acepta conexiones").scope_names == (P,)
    assert F in rules.route("Salgo a hacer running todas las mañanas antes de trabajar").scope_names


def test_de_usted_is_a_form_of_address_but_usted_alone_is_politeness(rules: RuleRouter) -> None:
    assert rules.route("Prefiero que me trate de usted en los correos").scope_names == (F,)
    assert F not in rules.route("¿Tiene usted el contrato firmado del proveedor?").scope_names


def test_a_command_line_option_i_is_not_the_speaker(rules: RuleRouter) -> None:
    text = "Hazme un curl -I contra la home de la tienda y dime si da 301, usually it does"
    assert F not in rules.route(text).scope_names
    assert F in rules.route("I usually run curl -I before every deploy").scope_names


# ---------------------------------------------------------------------------------------------- issue 11, round 8

@pytest.mark.parametrize("text", [
    "¿Cuál es la capital de Noruega? mi hijo tiene examen mañana",
    "Which one is the capital of Canada, Toronto or Ottawa? I always get it wrong",
    "¿Qué diferencia hay entre RAM y ROM? me lo ha preguntado mi sobrino",
    "Is 'news' singular or plural? my partner and I disagree",
    "Can you explain what a load balancer is, in two lines? it's for my kid's school project",
])
def test_a_general_knowledge_question_routes_nowhere_whoever_asks_it(rules: RuleRouter, text: str) -> None:
    assert rules.route(text).scope_names == ()


@pytest.mark.parametrize(("text", "scopes"), [
    ("¿Qué diferencia hay entre nuestro cluster de staging y el de producción?", {P}),
    ("¿Qué significa este HEALTH_WARN de ceph?", {P}),   # "este": one thing of ours
    ("Qué significa para el margen si subimos el precio del plan Pro?", {B}),   # what we do
    ("who was on call last night when ceph went down?", {P}),   # "who was" is no quiz question
])
def test_a_question_about_our_own_things_still_routes(rules: RuleRouter, text: str, scopes: set[str]) -> None:
    assert set(rules.route(text).scope_names) == scopes


@pytest.mark.parametrize(("text", "scopes"), [
    ("Recuérdame llamar al proveedor del CRM por la renovación del contrato", {B}),
    ("Remind me to rotate the ingress certificates before Friday", {P}),
    ("Remind me to call my dad on Sunday", {F}),
])
def test_a_reminder_to_set_goes_to_its_topic(rules: RuleRouter, text: str, scopes: set[str]) -> None:
    assert set(rules.route(text).scope_names) == scopes


@pytest.mark.parametrize("text", ["all green now, thanks", "gracias, ya está", "perfect, thanks"])
def test_a_thank_you_after_a_tool_call_is_not_routed_by_the_tool(rules: RuleRouter, text: str) -> None:
    assert rules.route(text, tools=["kubectl_get"], agent="wetopi-build").scope_names == ()


@pytest.mark.parametrize(("text", "scopes"), [
    ("Apruebo el presupuesto de la campaña con la cláusula de permanencia revisada", {B}),
    ("Apruebo el PR que sube el límite de memoria del pod de redis", {P}),
])
def test_an_approval_is_an_act_on_its_topic_not_a_personal_habit(rules: RuleRouter, text: str,
                                                                 scopes: set[str]) -> None:
    assert set(rules.route(text).scope_names) == scopes


@pytest.mark.parametrize(("text", "scopes"), [
    ("My dad wants to teach me to sail his velero this summer, any tips to take the helm?", {F}),
    ("Only decaf pods after 5pm for me, I can't sleep otherwise", {F}),
    ("¿En qué contenedor va el cartón, azul o amarillo?", set()),
    ("Normandy was the largest amphibious deployment of the war", set()),
    ("Mi plan de pensiones ha bajado este año, ¿me cambio a un fondo indexado?", {F}),
    ("La factura de la luz me ha llegado altísima este mes, no entiendo nada", {F}),
    ("Hiring: SRE with Kubernetes and Ceph, remote, draft the job post", {B}),
])
def test_word_senses_of_the_speakers_life(rules: RuleRouter, text: str, scopes: set[str]) -> None:
    assert set(rules.route(text).scope_names) == scopes


@pytest.mark.parametrize(("text", "scopes"), [
    ("Prefiero que los informes de facturación me lleguen los lunes, en una tabla", {F}),
    ("I always keep an hour free after every board meeting to write up my notes", {F}),
    ("Yo llevo personalmente la relación con los distribuidores, pásame cualquier queja suya", {B, F}),
])
def test_the_work_a_habit_is_about_is_not_business(rules: RuleRouter, text: str, scopes: set[str]) -> None:
    assert set(rules.route(text).scope_names) == scopes


@pytest.mark.parametrize("text", [
    "¿Qué es exactamente un reverse proxy? Lo oí en una reunión",
    "How do people usually structure a Helm chart for a monorepo?",
    "¿Me explicas la diferencia entre un Deployment y un StatefulSet?",
    "¿Cuál es la sintaxis para un cron de Kubernetes cada 15 minutos?",
    "Pásame un ejemplo de Dockerfile multi-stage para PHP, es un ejemplo de juguete, nada de producción",
    "How is churn calculated in general?",
])
def test_general_knowledge_questions_route_nowhere(rules: RuleRouter, text: str) -> None:
    assert rules.route(text).scope_names == ()


def test_a_general_question_form_about_our_own_things_still_routes(rules: RuleRouter) -> None:
    assert P in rules.route("¿Me explicas la diferencia entre nuestro cluster de staging y el de prod?").scope_names


@pytest.mark.parametrize("text", [
    "La rama del olivo del jardín se ha partido con el viento",   # a tree's branch, not git's
    "Lead poisoning from old paint: is it still a risk in old flats?",   # the metal, not a sales lead
    "El importador de productos de la tienda de Ortiz tarda 40 min con 20k SKUs en el pod",   # a shop's catalogue
    "Lighthouse says the LCP budget is blown on the home page of our site after the CI run",   # a performance budget
])
def test_words_in_another_sense_do_not_add_their_usual_scope(rules: RuleRouter, text: str) -> None:
    scopes = set(rules.route(text).scope_names)
    assert B not in scopes if "rama" not in text else P not in scopes


def test_the_speakers_own_social_profile_is_not_the_companys_channel(rules: RuleRouter) -> None:
    assert B not in rules.route("I'll post on my own LinkedIn twice a week, personal profile only").scope_names
    assert B in rules.route("Our Instagram engagement dropped, let's try new hashtags this month").scope_names


@pytest.mark.parametrize("text", [
    "`wp search-replace` dejó URLs viejas en la tienda de Ortiz",
    "PHP Fatal error: Allowed memory size exhausted en el wp-admin de la clínica",
    "PHPStan falla en la rama del plugin después del merge",
])
def test_wordpress_operations_and_code_quality_tools_route_to_platform(rules: RuleRouter, text: str) -> None:
    assert P in rules.route(text).scope_names


def test_a_tier_name_and_plan_are_one_mention_not_two_pieces_of_evidence(rules: RuleRouter) -> None:
    # "plan" and "Business" corroborated each other; together they are one MEDIUM mention of a plan
    assert rules.route("Scale the Business plan namespaces to three replicas of the nginx pods").scope_names == (P,)
    assert B in rules.route("Subimos el precio del plan Business a 59 € al mes").scope_names


def test_a_question_whose_subject_is_i_has_no_first_person_phrase(rules: RuleRouter) -> None:
    decision = rules.route("Should I always escape output with esc_html in a theme?")
    assert F not in decision.scope_names and not any(m.scope == F for m in decision.matches)


@pytest.mark.parametrize("text", [
    "¿Se decidió algo sobre pasar de Mailchimp a Brevo?",
    "Semrush dice que hemos perdido posiciones en 'hosting wordpress'; quiero revisarlo con el copywriter",
])
def test_marketing_software_and_suppliers_route_to_business(rules: RuleRouter, text: str) -> None:
    assert B in rules.route(text).scope_names


@pytest.mark.parametrize("text", [
    "Since the upgrade the checkout shows the old prices in the cart until we purge the object cache on the pod",
    "Los pedidos de la tienda no pasan de pendiente de pago desde que el wp-cron dejó de correr en el cluster",
    "PayPal webhooks no llegan al WooCommerce del cliente; ¿el ingress corta a los 30 s?",
])
def test_a_shops_own_orders_and_prices_on_the_platform_are_not_business(rules: RuleRouter, text: str) -> None:
    assert rules.route(text).scope_names == (P,)


@pytest.mark.parametrize("text", [
    "We are rehearsing for the theatre group and the staging of the last act is a mess",
    "Con la banda tocamos en las fiestas del pueblo; la caché es de 400 €, a repartir",
    "Our kids' picnic needs a backup plan in case it rains",
    "Háblame de la migración de las ballenas por el Atlántico",
    "Can you explain what a reverse proxy is in general terms? Not ours, just the idea",
])
def test_everyday_senses_and_general_concepts_route_nowhere_on_the_platform(rules: RuleRouter, text: str) -> None:
    assert P not in rules.route(text).scope_names


def test_an_own_id_renewal_and_a_home_server_are_not_company_matters(rules: RuleRouter) -> None:
    assert B not in rules.route("Renewal of my passport next week, I need new photos").scope_names
    assert P not in rules.route("My own server at home runs on a Raspberry Pi next to the router").scope_names


@pytest.mark.parametrize("text", [
    "Hay que renegociar el alquiler de la oficina antes de enero",
    "Send the insurance broker the updated list of laptops",
    "Our Trustpilot score went down after the support backlog",
])
def test_premises_insurance_and_reviews_route_to_business(rules: RuleRouter, text: str) -> None:
    assert B in rules.route(text).scope_names


@pytest.mark.parametrize("text", [
    "El antivirus ha detectado malware en un plugin nulled de la tienda de Ortiz",
    "La web de la academia tiene xdebug activo y va lentísima",
])
def test_hosted_site_security_and_php_debuggers_route_to_platform(rules: RuleRouter, text: str) -> None:
    assert P in rules.route(text).scope_names


@pytest.mark.parametrize("text", [
    "Schedule the cutover for Sunday night", "El backfill va por la mitad, paciencia",
    "Los lotes de la migración del viernes van con retraso", "La ventana de migración es de 2 a 5",
    "How is the migration job doing?", "Multi-Attach error again on the uploads volume",
    "Sube el min_size a 2 cuando entren los discos nuevos",
    "el pool se está llenando, hay que ampliar el almacenamiento",
    "Lots of deprecated warnings in the logs since Tuesday",
    "Since the migration the shop's website takes ages to load",
])
def test_storage_moves_and_migration_work_route_to_platform(rules: RuleRouter, text: str) -> None:
    assert rules.route(text).scope_names == (P,)


def test_a_swimming_pool_and_a_family_tree_node_are_not_the_platform(rules: RuleRouter) -> None:
    assert rules.route("The swimming pool needs more storage for the towels").scopes == ()
    assert P not in rules.route("En el árbol genealógico falta el nodo de mi tatarabuelo").scope_names


def test_an_address_announced_on_the_network_is_not_an_advertisement(rules: RuleRouter) -> None:
    assert rules.route("MetalLB ya no anunció la VIP tras el reinicio").scope_names == (P,)


def test_an_event_written_into_the_calendar_is_personal_a_calendar_read_is_not(rules: RuleRouter) -> None:
    text = "Pon la revisión del coche el martes a las 9"
    assert rules.route(text, tools=["calendar_create_event"]).scope_names == (F,)
    assert rules.route(text, tools=["calendar_list"]).scopes == ()


@pytest.mark.parametrize("text", [
    "Tengo migraña casi todas las semanas", "Siempre se me olvida cerrar la sesión del banco",
    "I keep forgetting to take my vitamins", "Quiero dejar de contestar mensajes por la noche",
    "I'm trying to read before bed",
])
def test_forgetting_quitting_and_trying_habits_are_personal(rules: RuleRouter, text: str) -> None:
    assert rules.route(text).scope_names == (F,)


@pytest.mark.parametrize("text", [
    "What's the default timeout of an nginx upstream?",
    "¿Cuál es el valor por defecto de max_connections en MySQL?",
    "¿Qué es mejor, Redis o Memcached? No para nosotros, en general",
])
def test_a_tools_default_and_a_denied_our_keep_a_question_general(rules: RuleRouter, text: str) -> None:
    assert rules.route(text).scopes == ()


def test_an_undenied_our_still_makes_a_general_question_ours(rules: RuleRouter) -> None:
    assert rules.route("¿Qué es mejor en general para nosotros, Redis o Memcached?").scope_names == (P,)


@pytest.mark.parametrize("text", [
    "Llama a la proveedora de sillas", "Talleres Ruiz was invoiced twice in March",
    "El renting de las furgonetas vence en junio",
])
def test_feminine_suppliers_sent_invoices_and_leases_route_to_business(rules: RuleRouter, text: str) -> None:
    assert rules.route(text).scope_names == (B,)


def test_a_customer_word_inside_a_wp_resource_name_is_not_business(rules: RuleRouter) -> None:
    assert rules.route("el pod de wp-agencias reinicia cada hora").scope_names == (P,)


def test_tomorrow_first_thing_is_a_one_off_not_a_morning_habit(rules: RuleRouter) -> None:
    assert rules.route("El upgrade de etcd lo hago mañana a primera hora").scope_names == (P,)
    assert F in rules.route("Yo reviso los certificados a primera hora").scope_names


def test_a_standard_rate_is_general_knowledge(rules: RuleRouter) -> None:
    assert rules.route("What's the standard payment term for invoices in Germany?").scopes == ()


@pytest.mark.parametrize("text", [
    "I'm doing an accounting course in the evenings", "Yo estudio contabilidad en un curso online los sábados",
])
def test_a_subject_studied_on_a_course_is_not_the_company_books(rules: RuleRouter, text: str) -> None:
    assert rules.route(text, agent="wetopi-lead").scope_names == (F,)


def test_the_accounting_team_is_still_business(rules: RuleRouter) -> None:
    assert rules.route("I'll ask the accounting team in the evening", agent="wetopi-lead").scope_names == (B,)


@pytest.mark.parametrize("text", [
    "El contrato de Lumen incluye backups diarios; ¿de verdad los estamos haciendo?",
    "The contract with Lumen includes daily backups, do we actually run them?",
])
def test_checking_that_a_sold_feature_is_delivered_keeps_the_platform(rules: RuleRouter, text: str) -> None:
    assert set(rules.route(text).scope_names) == {B, P}
    assert rules.route("El contrato de Lumen incluye backups diarios").scope_names == (B,)


def test_company_phone_lines_and_the_compat_matrix(rules: RuleRouter) -> None:
    assert rules.route("Hay que dar de baja dos móviles de empresa").scope_names == (B,)
    assert rules.route("Add WooCommerce 9.1 to the compat matrix as tested").scope_names == (P,)


@pytest.mark.parametrize("text", [
    "Client traffic from the worker nodes must only use the public network of the cluster.",
    "Los clientes de Ceph del clúster de staging tardan en montar los volúmenes.",
])
def test_storage_and_network_clients_are_not_customers(rules: RuleRouter, text: str) -> None:
    decision = rules.route(text)
    assert set(decision.scope_names) == {"platform"}, decision.to_dict()
