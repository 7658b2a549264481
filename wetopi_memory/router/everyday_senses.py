"""More word senses of everyday life (data, as in `senses.py`): a study plan, a school's incident, a supermarket's
"rollback" prices, a pastry called "factura", a page's margins in a text editor, a lab at home, a race's DNS."""

from __future__ import annotations

from .senses import EVERY_TERM, Sense

__all__ = ["EVERYDAY_SENSES", "HOME_LAB", "SET_ASIDE"]

# A lab at home: the speaker's own hobby, not one of our systems ("me estoy montando un Proxmox en casa con un NUC").
HOME_LAB = ("en casa", "de mi casa", "at home", "homelab", "home lab", "para trastear", "to tinker", "to play with",
            "mi nuc", "my nuc", "un nuc", "a nuc", "raspberry pi", "my home")

# A topic the speaker sets aside: "This isn't about pricing — …", "no te pregunto por precios ni por clientes".
_SET_ASIDE = ("isn't about", "is not about", "not about", "nothing to do with", "no es sobre", "no es de",
              "no es un tema de", "nada que ver con", "no te pregunto por", "no te pregunto sobre", "not asking about",
              "no quiero hablar de", "no hablemos de", "don't want to talk about", "let's not talk about",
              "no va de", "isn't about the", "not about the", "no me hables de", "don't talk to me about",
              # "esto no es del cluster…", "no es tema de la plataforma", "this isn't a billing question"
              "no es del", "no es tema de", "no es tema del", "no es cosa de", "no es cosa del", "no es un tema del",
              "isn't a", "is not a", "not a")
_BUSINESS_TOPICS = ("pricing", "prices", "price", "precios", "precio", "customers", "clients", "clientes", "sales",
                    "ventas", "billing", "facturacion", "money", "dinero", "negocio", "business")
_PLATFORM_TOPICS = ("kubernetes", "infra", "infrastructure", "infraestructura", "the cluster", "el cluster", "servers",
                    "servidores", "the platform", "la plataforma", "platform", "plataforma", "cluster", "sistemas")


# Everything of ours set aside at once: "Not our business really", "te lo pregunto en general, no por lo nuestro"
_OURS_ASIDE = ("not our business", "their business not ours", "no es asunto nuestro", "no es cosa nuestra",
               "su negocio no el nuestro", "no por lo nuestro", "te lo pregunto en general", "asking in general",
               "not about our setup", "not for our setup", "nada de wetopi", "nothing to do with wetopi")


def _set_aside(topics: tuple[str, ...]) -> tuple[str, ...]:
    """Every phrase that sets one of `topics` aside."""
    return tuple(f"{frame} {topic}" for frame in _SET_ASIDE for topic in topics)


# the senses that set a whole domain aside: the word model may not add it back
SET_ASIDE: frozenset[str] = frozenset(("business.set_aside", "platform.set_aside", "business.ours_aside",
                                       "platform.ours_aside", "personal.before_work"))

EVERYDAY_SENSES: tuple[Sense, ...] = (
    Sense("business.set_aside", "business", (EVERY_TERM,), _set_aside(_BUSINESS_TOPICS)),
    Sense("platform.set_aside", "platform", (EVERY_TERM,), _set_aside(_PLATFORM_TOPICS)),
    Sense("business.ours_aside", "business", (EVERY_TERM,), _OURS_ASIDE),
    Sense("platform.ours_aside", "platform", (EVERY_TERM,), _OURS_ASIDE),
    # the speaker's week told first, then "Lo único de trabajo: …", "Anyway, the work side: …": the point is work
    Sense("personal.before_work", "personal", (EVERY_TERM,),
          ("lo unico de trabajo", "lo unico del trabajo", "the work side", "work-wise", "workwise",
           "volviendo al trabajo", "back to work stuff")),
    # a forwarded message: its life words are the sender's ("Te reenvío lo que dice Jorge: «…el curso de CKA…»")
    Sense("personal.forwarded", "personal", (EVERY_TERM,),
          ("te reenvio", "reenviado de", "forwarding", "forwarded from", "forwarded this", "me reenvia")),
    # "qué frío hace, madre mía": an exclamation; "never mind"; "I love how my toddler…" is no taste of mine;
    # "todavía no lo he decidido" is no decision
    Sense("madre.exclamation", "personal", ("madre",), ("madre mia", "ay madre")),
    Sense("never.mind", "personal", ("never",), ("never mind", "nevermind")),
    Sense("love.how", "personal", ("i love",), ("i love how",)),
    Sense("decided.not_yet", "personal", ("he decidido",), ("no lo he decidido", "no he decidido")),
    Sense("plan.study", "business", ("plan", "planes"),
          ("plan de estudio", "plan de estudios", "study plan", "exam", "examen", "certification", "certificacion",
           "cka", "ckad", "cks", "oposiciones", "temario", "syllabus")),
    Sense("incident.school", "platform", ("incident", "incidente", "incidencia", "protocol", "protocolo"),
          ("school", "colegio", "escuela", "instituto", "playground", "patio", "recreo", "short story", "relato",
           "novela", "novel", "teacher", "profesora", "profesor")),
    Sense("rollback.prices", "platform", ("rollback",),
          ("prices", "precios", "walmart", "supermarket", "supermercado", "cheaper", "mas barato")),
    Sense("factura.pastry", "business", ("factura", "facturas"),
          ("crema", "dulce de leche", "panaderia", "bakery", "medialuna", "medialunas", "bizcocho", "pasteleria")),
    Sense("margin.editor", "business", ("margin", "margins", "margen", "margenes"),
          ("google docs", "page margins", "margenes de la pagina", "libreoffice", "first page", "primera pagina")),
    Sense("home_lab.platform", "platform", (EVERY_TERM,), HOME_LAB),
    # a customer's conduct on the phone is a matter of people, not of systems
    Sense("incident.conduct", "platform", ("incident", "incidente", "incidencia"),
          ("insulto", "insulted", "grosero", "rude", "por telefono", "on the phone", "gritó", "shouted", "amenazó")),
    Sense("department.birthday", "business", ("contabilidad", "accounting", "marketing", "ventas", "sales"),
          ("cumple", "cumpleaños", "birthday", "felicitacion", "felicitación", "despedida", "farewell")),
    Sense("plan.own_weekend", "business", ("plan", "planes"),
          ("este finde", "this weekend", "con la familia", "with the family", "with my family", "con los crios")),
    # "DNS at the 10k on Sunday": did not start a race; "el bus 502": a bus line
    Sense("dns.race", "platform", ("dns",),
          ("10k", "5k", "half marathon", "marathon", "maraton", "media maraton", "the race", "la carrera", "dorsal",
           "my knee", "la rodilla")),
    Sense("line.bus", "platform", ("502", "503", "504", "404", "500"),
          ("bus", "autobus", "linea de bus", "la linea", "parada", "bus stop")),
    Sense("networking.event", "platform", ("networking",),
          ("evento", "event", "emprendedores", "entrepreneurs", "meetup", "afterwork", "feria", "business cards",
           "sesion de networking", "networking session", "camara de comercio", "chamber of commerce")),
    # a person's slowness: "La latencia de Jordi contestando a los leads es de dos días"
    Sense("latency.reply", "platform", ("latencia", "latency"),
          ("contestando", "en contestar", "en responder", "respondiendo", "answering", "replying", "to reply",
           "to answer", "a los leads", "to leads")),
    # the company's meal: "la team dinner del viernes", "la cena de empresa"
    Sense("dinner.team", "personal", ("dinner", "cena", "comida", "lunch", "almuerzo"),
          ("team dinner", "team lunch", "cena de equipo", "cena del equipo", "cena de empresa", "comida de empresa",
           "comida del equipo", "company dinner", "company lunch")),
    # what an insurance policy covers: "¿el seguro cubre incidentes de ciberseguridad?"
    Sense("incident.insurance", "platform", ("incident", "incidente", "incidentes", "incidents"),
          ("seguro de", "insurance", "poliza", "aseguradora", "insurer")),
    # one's own money: a gym budget, a parking ticket, a flat's asking price, a relative's client
    Sense("budget.own", "business", ("presupuesto", "budget", "rebajas", "sales"),
          ("gimnasio", "gym", "para el gimnasio", "mi presupuesto", "my budget", "boda", "wedding", "regalos de")),
    Sense("charge.parking", "business", ("cobrar", "cobran", "ticket", "tickets"),
          ("parking", "aparcamiento", "multa", "grua", "peaje", "parking fine")),
    Sense("price.housing", "business", ("margen", "margin", "precio", "price", "pricing", "precio de salida"),
          ("pisos", "mirando pisos", "hipoteca", "inmobiliaria", "mortgage", "apartment", "flat hunting", "alquiler",
           "apartamentos", "apartamento", "airbnb", "per night", "por noche")),
    Sense("client.relative", "business", ("cliente", "clientes", "client", "clients", "paga", "pagar", "margen",
                                          "margin", "price", "pricing", "precio", "precios"),
          ("de mi hermana", "de mi hermano", "de mi amiga", "de mi amigo", "de mi padre", "de mi madre",
           "de mi prima", "de mi primo", "my sister's", "my brother's", "my friend's", "my dad's", "my mom's",
           "my mum's", "my daughter", "my son", "my cousin", "mi hija", "mi hijo")),
    # a job or a hook still at work, not the speaker's sport
    Sense("running.status", "personal", ("running",),
          ("pods", "pod", "hooks", "jobs", "job", "container", "siguen running", "still running", "is running",
           "are running", "presync", "postsync", "are we running", "we re running", "we are running",
           "running on the", "running in prod")),
    Sense("docker.pants", "platform", ("docker", "dockers"), ("pants", "trousers", "pantalones", "fashion", "moda")),
    Sense("container.port", "platform", ("contenedor", "contenedores", "container", "containers"),
          ("puerto de", "port of", "barco", "barcos", "buque", "ship", "ships", "atasco", "camiones")),
    # a street's bins and birds flying south: "el contenedor de papel de la esquina", "la migración de las grullas"
    Sense("container.rubbish", "platform", ("contenedor", "contenedores", "container", "containers"),
          ("de papel", "del papel", "de vidrio", "de basura", "de la basura", "reciclaje", "recycling", "a rebosar",
           "rubbish", "garbage", "trash", "organico")),
    Sense("migration.animals", "platform", ("migracion", "migraciones", "migration"),
          ("aves", "pajaros", "grullas", "ciguenas", "birds", "ballenas", "whales", "mariposas", "butterflies")),
    Sense("pod.peas", "platform", ("pod", "pods"), ("pea", "peas", "guisantes", "vainas", "freeze", "congelar")),
    Sense("deploy.army", "platform", ("deployed", "deploy", "deployment", "despliegue", "desplegado", "desplegados"),
          ("afghanistan", "afganistan", "troops", "tropas", "army", "ejercito", "soldier", "soldados", "military",
           "militar", "netflix series", "serie de netflix")),
    Sense("sales.retail", "business", ("sales", "rebajas"),
          ("el corte ingles", "corte ingles", "zara", "the mall", "centro comercial", "outlet")),
    # the salts of chemistry and the sea, not the month's sales: "cómo cristalizan las sales"
    Sense("sales.salt", "business", ("sales",),
          ("salinas", "cristalizan", "cristalizar", "sal marina", "sales minerales", "sales de bano", "minerales",
           "mar muerto", "sodio", "quimica", "bath salts")),
    Sense("refund.consumer", "business", ("refund", "reembolso", "ticket"),
          ("concert", "concierto", "ticketmaster", "ryanair", "my flight", "mi vuelo", "my order", "mi pedido")),
    Sense("tarifa.town", "business", ("tarifa",),
          ("near tarifa", "cadiz", "kitesurf", "documentary", "documental", "en tarifa", "apartamentos")),
    Sense("bucket.size", "platform", ("bucket",),
          ("coffee", "cafe", "size of a bucket", "bucket list", "ice bucket", "bucket hat", "cubo de")),
    # water getting into a house, the speaker's phone asking to be pinged, a customer in a novel
    Sense("ingress.water", "platform", ("ingress",),
          ("water", "agua", "basement", "sotano", "humedad", "damp", "gotera", "roof", "tejado", "storm", "tormenta")),
    Sense("ping.person", "platform", ("ping",),
          ("ping me", "ping him", "ping her", "ping us", "ping them", "ping you", "hazme un ping", "me haces un ping",
           "telegram pings", "whatsapp pings", "no pings")),
    # a phrasal verb, not an outage: "I have to cut down on screens", "write it down"
    Sense("down.phrasal", "platform", ("down",),
          ("cut down", "calm down", "slow down", "sit down", "write it down", "note it down", "settle down",
           "wind down", "narrow it down", "turn it down", "turned it down", "turn down")),
    # the customer's contact at a supplier, not the speaker's boss: "Who's our account manager at Ginzo?"
    Sense("manager.account", "personal", ("manager",), ("account manager", "gestor de cuenta", "gestora de cuenta")),
    Sense("customer.fiction", "business", ("cliente", "clientes", "customer", "client"),
          ("novela", "novel", "el prota", "la prota", "protagonist", "protagonista", "en la peli", "in the movie")),
    # "I can never remember": an aside about the speaker's memory, not a habit
    Sense("self.forgetful", "personal", ("never", "nunca", "always", "siempre"),
          ("can never remember", "never remember", "nunca me acuerdo", "nunca recuerdo", "always forget",
           "siempre se me olvida", "siempre me olvido", "siempre me lio", "always mix them up",
           "i always get confused")),
    # the speaker's lapse as an aside to a question of fact ("I always forget: which pool is…?", "…? q siempre se me
    # olvida algo"), not a habit of hers like "se me olvida la gym bag"
    Sense("self.forgetful_aside", "personal", ("se me olvida", "i always forget", "i always", "i keep forgetting"),
          ("se me olvida algo", "always forget which", "always forget what", "always forget whether",
           "always forget if", "always forget esto", "always forget this", "keep forgetting which",
           "keep forgetting what", "keep forgetting whether", "keep forgetting is", "keep forgetting are",
           "keep forgetting do", "always forget is", "always forget are", "se me olvida cual", "se me olvida si")),
    # a word chosen for the brand's glossary, a word customers use in a survey
    Sense("deploy.wording", "platform", ("deploy", "deployment", "despliegue"),
          ("glosario", "glossary", "wording", "terminologia", "terminology")),
    Sense("cluster.survey", "platform", ("cluster",), ("survey", "encuesta")),
    Sense("plan.to_run", "business", ("plan",),
          ("antes de ejecutar", "before running", "before you run", "before executing", "wait for my ok")),
    # a day's plan to follow, not a hosting plan: "send me the day's plan at 8:00", "necesito un plan para hoy"
    Sense("plan.day", "business", ("plan",),
          ("day s plan", "plan for the day", "plan for today", "today s plan", "plan para hoy", "plan de hoy",
           "plan del dia", "daily plan", "plan around it", "plan around that", "plan de la semana", "plan for the week",
           "week s plan", "weekly plan", "plan semanal")),
    # a body's or a car's slowness: "my brain's latency today", "mi coche tiene una latencia en la dirección"
    Sense("latency.body", "platform", ("latencia", "latency"),
          ("brain", "cerebro", "coche", "car", "sleep", "dormido", "taller", "mechanic")),
    # the speaker's own head or a hotel's wifi: "tengo la cpu frita", "network is terrible in this hotel"
    Sense("cpu.head", "platform", ("cpu",), ("frita", "frito", "me voy a dormir", "cansada", "cansado", "brain",
                                             "cerebro", "my head", "mi cabeza")),
    Sense("network.hotel", "platform", ("network", "la red"), ("this hotel", "del hotel", "en el hotel",
                                                                      "hotel wifi", "airport", "aeropuerto", "tren")),
    # sun cream, a knee's patch, a diving licence: "spf 50 enough?", "un parche en la rodilla", "my diving certificate"
    Sense("spf.sunscreen", "platform", ("spf",), ("sunscreen", "sun cream", "crema", "protector solar", "playa",
                                                  "beach", "kids", "ninos")),
    Sense("patch.body", "platform", ("parche", "parches"), ("rodilla", "knee", "herida", "ojo", "pirata", "piel",
                                                            "nicotina", "tirita")),
    Sense("certificate.diving", "platform", ("certificate", "certificado", "cert"),
          ("diving", "buceo", "scuba", "skipper", "padi", "licence", "license", "carnet")),
    # furniture that unfolds: "¿cómo se despliega el sofá cama del Ikea?"
    Sense("deploy.furniture", "platform", ("despliega", "desplegar", "deploy"),
          ("sofa", "sofa cama", "sofa bed", "ikea", "mueble", "tienda de campana", "toldo", "sombrilla", "paraguas",
           "mesa plegable", "hamaca", "tent", "awning")),
    # a stand-in person: "un backup de canguro para el jueves"
    Sense("backup.babysitter", "platform", ("backup",), ("canguro", "niñera", "babysitter", "nanny")),
    # a group of shops or restaurants: "el cluster de restaurantes del polígono"
    Sense("cluster.shops", "platform", ("cluster", "clúster"),
          ("restaurantes", "restaurants", "bares", "bars", "tiendas del", "comercios", "menu del dia")),
    # a child's homework, a choir, a museum, a game: "un clúster de cristales de sal", "los nodos de una onda"
    Sense("cluster.school", "platform", ("cluster", "clúster", "nodo", "node", "servidor", "server"),
          ("maqueta", "deberes", "homework", "para ciencias", "science project", "cristales", "crystals",
           "minecraft", "roblox", "coro", "choir", "tesitura", "contraltos", "sopranos", "onda estacionaria",
           "standing wave", "profe de fisica", "clase de fisica", "physics class", "ferroviarios", "ferrocarril",
           "railway", "museo", "museum")),
    # "¿me lo cuentas fácil?": the verb "contar", not the accounts
    Sense("cuentas.tell", "business", ("cuentas",),
          ("me lo cuentas", "me la cuentas", "me los cuentas", "me las cuentas", "me cuentas", "nos lo cuentas",
           "nos cuentas", "se lo cuentas", "le cuentas", "les cuentas", "si me cuentas", "tu me cuentas")),
    # "me va a pasar factura": a toll, not an invoice
    Sense("factura.toll", "business", ("factura",),
          ("pasar factura", "pasa factura", "pasando factura", "paso factura", "pasara factura")),
    # a meeting: "our Tuesday sync is pointless lately, let's make it biweekly"
    Sense("sync.meeting", "platform", ("sync",),
          ("monday sync", "tuesday sync", "wednesday sync", "thursday sync", "friday sync", "weekly sync",
           "biweekly", "bi-weekly", "quincenal", "agenda", "standup", "stand-up", "one-on-one", "1:1")),
)
