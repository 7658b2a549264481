"""Context rules of the router (design §8), as plain data: the senses of a word that cancel it.

- `SENSES`: a rule term stops counting when words of another of its senses occur anywhere in the message
  ("product" next to "vectors", "sales" in "¿a qué hora sales?", the "margen" of a page, an army "deployment").
  Context terms match like keywords (whole words, simple plurals, consecutive words for phrases); a cancelled
  term is reported in `RouteDecision.cancelled` with the context that cancelled it.
- Cue-and-head rules and agent priors: `near_rules.py`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Sense:
    """The `terms` of `scope` (as written in the rules) do not count when one of `unless` occurs."""

    name: str
    scope: str
    terms: tuple[str, ...]
    unless: tuple[str, ...]


_MATHS = ("product of", "cual es el producto de", "deberes", "homework", "multiplicar", "multiply", "dot product",
"cartesian product", "cross product", "scalar product", "inner product",
          "producto escalar", "producto vectorial", "producto cartesiano", "matrix", "matrices", "vector",
          "vectores", "orthogonal", "ortogonales", "multiplication", "multiplicacion", "derivative", "derivada",
          "integral", "maths", "math", "matematicas", "conmutativo", "commutative", "sets", "conjuntos")
_SALIR = ("a que hora sales", "si sales", "cuando sales", "sales de casa", "sales del trabajo", "sales de trabajar",
          "sales de la oficina", "sales de clase", "sales del curro", "sales luego", "sales a", "sales con",
          "sales esta", "sales hoy", "sales manana", "tu sales", "te sales", "no sales", "sales antes", "sales ya",
          "sales tarde",
          "sales pronto", "on sale", "is for sale", "up for sale", "not for sale", "mall", "shopping", "rebajas",
          "black friday", "outlet")
_PAGE = ("pagina", "paginas", "documento", "izquierdo", "derecho", "superior", "inferior", "css", "header",
         "padding", "borde", "texto", "px", "cm", "maquetacion", "layout", "margen de error", "margin of error",
         "margen de tiempo", "margen de maniobra", "mobile", "word",
         # room left in a machine's resources: "no deja margen para memoria off-heap"
         "heap", "off-heap", "para memoria", "ram", "cpu", "headroom")
_TROOPS = ("army", "troops", "legion", "legión", "cohort", "cohorte", "roman", "romana", "romano", "legions",
           "tropas", "militar", "military", "otan", "nato", "soldados", "soldiers", "ejercito",
           "frontera", "border", "suspense", "police", "policia", "movie", "film", "pelicula", "como se dice",
           "amphibious", "anfibio", "normandy", "normandia", "invasion", "war", "guerra", "battle", "batalla",
           "desembarco", "brigada", "brigade", "drill", "simulacro", "lifejackets", "chalecos", "sailing club",
           "how do you say", "translate", "traduce", "traducir", "sinonimo", "synonym", "en frances", "in french")
_FILM = ("pelicula", "film", "movie", "affleck", "cine", "oscar", "netflix", "watch argo", "watched argo",
         "vi argo", "ver argo", "argonautas", "argonauts", "jason", "peli", "tele", "television", "tv", "la echan")
_BOAT = ("boat", "barco", "velero", "sailing", "vela", "capitan", "captain", "timon", "storm", "tormenta", "ship",
         "at the helm", "took the helm", "al timon", "yacht", "yate", "sailboat", "sail", "dinghy", "kayak")
_TOOL_CLIENT = ("cliente de kubectl", "kubectl client", "cliente kubectl", "client version", "cliente ssh",
                "ssh client", "cliente vpn", "vpn client", "cliente de correo", "cliente http", "http client",
                "client certificate", "certificado de cliente", "customer facing", "client facing",
                "de cara al cliente", "cara al cliente", "bar", "restaurante", "cliente del bar", "client side",
                "client version", "client id", "client secret", "client library", "api client", "client error",
                "client errors", "client cert", "client max body size", "max client conn", "client conn",
                "redis client", "mysql client", "psql client", "s3 client", "oauth client", "thin client",
                "cliente de correo", "cliente web", "lado del cliente", "client tls", "mtls",
                "bases de datos de clientes", "client traffic", "client network", "client io", "client ops",
                "ceph client", "ceph clients", "rbd client", "nfs client", "cliente de ceph", "clientes de ceph",
                "base de datos de clientes", "bbdd de clientes", "customer databases", "customer database",
                "client databases", "dominios de clientes", "customer domains", "mail client", "email client",
                "kubeconfig", "keycloak", "realm", "oidc", "openid", "provide credentials", "client credentials",
                "cliente de git", "client de git", "git client")
_PRIVATE_LIFE = ("alquiler", "piso", "rent", "rental", "lease", "apartment", "flat", "coffee", "cafe", "gasolina",
                 "gimnasio", "gym", "cerveza", "beer", "camarero", "waiter", "bar", "restaurante",
                 "taxi", "mis vecinos", "junta de vecinos", "comunidad de vecinos",
                 "fontanero", "plumber", "electricista", "electrician",
                 "mecánico", "mechanic", "peluquero", "peluquería", "hairdresser", "dentista",
                 # household money: the speaker's own bills, bank, taxes and savings
                 "plan de pensiones", "pension plan", "hipoteca", "mortgage", "declaracion de la renta",
                 "tax return", "factura de la luz", "electricity bill", "banco online", "mi banco", "my bank",
                 "fondo indexado", "index fund",
                 # the speaker's phone contract: "me han subido la tarifa del móvil"
                 "del movil", "phone plan", "mobile plan", "plan de datos", "data plan", "mas datos")
_OWN_INSURANCE = ("my insurance", "mi seguro", "car insurance", "seguro del coche", "home insurance",
                  "seguro de hogar", "health insurance", "seguro medico", "my car insurance")
_NOT_COMPANY_POLICY = ("school policy", "policy of the school", "school s policy", "politica del colegio",
                       "politica del cole", "politica de la escuela", "backup", "backups", "retention", "retencion",
                       "network", "pod", "password", "rbac", "iam", "security", "seguridad", "copias", "kyverno",
                       "gatekeeper", "opa", "networkpolicy", "network policy", "admission", "pod security", "falco",
                       "cilium", "calico", "enforce", "restart policy", "retry policy", "pull policy", "eviction",
                       *_OWN_INSURANCE)

# What a customer's own site looks like or shows is their content, not a business matter ("El cliente quiere un
# slider en la home, ¿qué plugin…?"); nor the plugin zip a customer uploads when the ingress refuses it.
_SITE_CONTENT = ("css", "theme", "tema", "plantilla", "template", "customizer", "elementor", "gutenberg", "slider",
                 "header", "footer", "fuente", "font", "botón", "button", "estilos", "styles", "plugin",
                 "formularios", "contact form", "menu", "menú", "sidebar", "post title", "widget")
_TRAVEL = ("trip", "viaje", "vuelo", "vuelos", "flight", "flights", "maleta", "equipaje", "luggage", "vacaciones",
           "vacation", "holiday", "booking", "reserva", "reservame", "reservar", "dinner", "cena", "comer",
           "vegetarian", "vegetariano", "vegetariana", "find me a hotel", "busca un hotel", "buscame un hotel",
           "near the venue", "boarding pass", "tarjeta de embarque")
_READING = ("book", "books", "libro", "libros", "course", "curso", "podcast", "como se dice", "how do you say",
            "in english", "en ingles")

EVERY_TERM = "*"   # a sense whose terms are this cancels every term of its scope
# A question about a word (its translation, spelling, plural) mentions the word; it is about language, not the
# word's topic ("How do you say \"invoice\" in German?", "¿Cómo se dice \"factura rectificativa\" en inglés?").
_WORD_QUESTION = ("how do you say", "how do i say", "how would you say", "como se dice", "como se escribe",
                  "como se traduce", "how do you spell", "how to spell", "plural of", "el plural de", "lleva tilde",
                  "se escribe con", "synonym for", "synonym of", "sinonimo de", "what's the english for",
                  "what is the english for")

# A question of general knowledge (a capital, a definition, the difference between two things, who won) is not
# about the speaker nor about Wetopi, whoever asked it ("¿Cuál es la capital de Eslovenia? mi hija tiene examen",
# "¿Qué diferencia hay entre TCP y UDP?"); the router drops these contexts when the message speaks of "our"
# things (`matching.OURS`: "¿qué diferencia hay entre nuestro cluster WAN y el LAN?").
GENERAL_QUESTION_SENSE = "general_question"
_GENERAL_QUESTION = ("cual es la capital", "la capital de", "the capital of", "is the capital", "capital city",
                     "singular or plural", "singular o plural", "diferencia hay entre", "cual es la diferencia",
                     "what s the difference", "what is the difference", "que significa", "who won", "explain what a",
                     "explain what an", "explicame que es", "explain like i m five", "in simple words",
                     "in simple terms", "en palabras sencillas", "en cristiano",
                     # a definition, a difference, a pronunciation, a syntax, how things are done in general
                     "que es exactamente", "what exactly is", "explicas la diferencia", "explain the difference",
                     "como se pronuncia", "how do you pronounce", "how is it pronounced", "la sintaxis para",
                     "la syntax para", "the syntax for", "la sintaxis de un", "the syntax of a", "como se calcula",
                     "how do you calculate", "how is it calculated", "how do people usually", "how do people",
                     "in general", "en general", "un ejemplo de", "an example of", "recomiendas algun libro",
                     "recommend a book", "recommend me a book", "recomiendas un libro",
                     # the speaker says the code is a toy, not one of our systems
                     "ejemplo de juguete", "toy example", "nada de prod", "nada de produccion", "not production",
                     "nothing in prod", "nothing in production",
                     # the speaker asks for the concept, not for ours; or for a word's history
                     "in general terms", "just the concept", "en terminos generales", "solo el concepto",
                     "origen de la palabra", "origin of the word", "etimologia", "etymology", "funny name",
                     "where does the name", "where does it come from", "de donde viene el nombre", "se le llama",
                     "por que se llama", "why is it called", "nombre curioso",
                     # the default a tool ships with is the tool's, not ours ("what's the default TTL in CoreDNS?")
                     "what s the default", "what is the default", "cual es el valor por defecto",
                     "que valor tiene por defecto",
                     # ... and the standard rate or practice of a country or trade
                     "what s the standard", "what is the standard",
                     # what a term means or stands for, where a word or a law comes from, how two versions differ
                     "mean in", "stand for", "stands for", "que quiere decir", "what year was", "what year did",
                     "in what year", "en que ano", "is the word", "from latin", "from the latin", "del latin",
                     "from greek", "del griego", "differ from", "differs from", "se diferencia de",
                     "se diferencian", "general structure", "estructura general", "definition of", "definition for",
                     "definicion de", "una definicion", "a definition",
                     # a piece of verse or a joke written about a thing is not about the thing
                     "haiku", "poem about", "poema sobre", "limerick", "joke about", "chiste sobre",
                     "song about", "cancion sobre",
                     # a question the speaker passes on from a child
                     "pregunto mi hijo", "pregunto mi hija", "pregunta mi hijo", "pregunta mi hija", "my son asked",
                     "my daughter asked", "my kid asked", "my kids asked", "de mi sobrino", "de mi sobrina",
                     "my nephew", "my niece", "side project")

_RENEW = ("renewal", "renovación", "renew", "renewed", "renews", "renovar", "renovamos", "renueva", "renuevan")

SENSES: tuple[Sense, ...] = (
    *(Sense(f"word_question.{scope}", scope, (EVERY_TERM,), _WORD_QUESTION)
      for scope in ("personal", "business", "platform")),
    *(Sense(f"{GENERAL_QUESTION_SENSE}.{scope}", scope, (EVERY_TERM,), _GENERAL_QUESTION)
      for scope in ("personal", "business", "platform")),
    Sense("product.maths", "business", ("product", "producto"), _MATHS),
    Sense("sales.salir", "business", ("sales", "venta"), _SALIR),
    Sense("sales.events", "business", ("sales", "venta", "vendido", "vendidos", "vendidas"),
          ("concierto", "concert", "entradas", "tickets for", "festival", "estadio", "stadium", "taquilla",
           "box office", "album", "gira", "tour")),
    Sense("margin.page", "business", ("margin", "margen"), _PAGE),
    Sense("deployment.troops", "platform", ("deployment", "despliegue", "deploy"), _TROOPS),
    Sense("argo.film", "platform", ("argo",), _FILM),
    Sense("helm.boat", "platform", ("helm",), _BOAT),
    Sense("customer.tool_client", "business", ("customer", "cliente", "client"), _TOOL_CLIENT),
    Sense("price.private_life", "business", ("price", "precio", "contract", "contrato", "cobro", "cobrar", "cobra",
                                             "cuota", "gastos", "plan", "planes", "annual", "monthly", "vender",
                                             "subscription", "suscripción", "tarifa", "factura", "bill", "euros",
                                             "fee", "a month", "al mes", "pagar", "banco", "bank", "rentabilidad",
                                             "anual", "mantenimiento"), _PRIVATE_LIFE),
    Sense("renewal.certificate", "business", _RENEW, ("certbot", "certificate", "certificado", "cert", "certs", "ssl",
          "tls", "letsencrypt", "acme", "wildcard", "expiry", "caducidad", "cert-manager", "ip", "dhcp", "lease",
          "token", "kubeconfig", "machine identity", "infisical", "credentials", "credenciales", "api key")),
    Sense("budget.engineering", "business", ("budget",),
          ("error budget", "latency budget", "memory budget", "performance budget", "token budget", "lighthouse",
           "lcp", "core web vitals", "bundle size", "page weight")),
    # the products of a shop's catalogue, imported or listed, are the shop's data, not what we sell
    Sense("product.catalogue", "business", ("product", "producto"),
          ("product import", "importador de productos", "importar productos", "import de productos",
           "product catalog", "product catalogue", "catalogo de productos", "skus", "product feed",
           "feed de productos", "product variations", "variaciones de producto")),
    # the speaker's own profile on a social network is her life, not the company's channel
    Sense("social.own_profile", "business", ("linkedin", "instagram", "company", "engagement"),
          ("my own linkedin", "my linkedin", "mi linkedin", "mi propio linkedin", "my instagram", "mi instagram",
           "personal profile", "perfil personal", "en lo personal", "my own profile", "mi perfil personal")),
    Sense("self.one_off", "personal", ("i", "im", "my", "mi", "mis", "yo", "estoy", "soy", "voy", "tengo"),
          ("birthday present", "regalo", "today", "hoy", "tonight", "esta noche", "this time", "esta vez",
           "ahora vuelvo", "ahora mismo", "right now", "brb", "just got back", "heading out", "be right back",
           "voy a", "going to", "gonna", "i ll", "i will")),
    Sense("cuesta.me", "business", ("cuesta",), ("me cuesta", "se me hace")),
    Sense("policy.not_company", "business", ("policy", "politica"), _NOT_COMPANY_POLICY),
    Sense("insurance.own", "business", ("insurance policy", "insurance", "seguro", "poliza"), _OWN_INSURANCE),
    Sense("server.waiter", "platform", ("servidor", "server"),
          ("restaurante", "restaurant", "camarero", "camarera", "waiter", "waitress", "bar", "movie", "film",
           "pelicula", "scene", "escena", "at lunch", "at dinner", "so rude", "propina", "the tip")),
    Sense("charge.not_money", "business", ("charge",),
          ("in charge", "charger", "battery", "bateria", "charging", "cargo de", "charges against")),
    Sense("latency.home_gaming", "platform", ("latencia", "latency"),
          ("jugando", "gaming", "videojuegos", "mi conexion", "my connection", "en casa")),
    Sense("backup.photos", "platform", ("backup",), ("fotos", "photos", "movil", "phone", "iphone")),
    Sense("backup.sports", "platform", ("backup",),
          ("goalkeeper", "portero", "portera", "keeper", "quarterback", "season", "temporada", "penalti", "penalty",
           "liga", "league", "partido", "jugador", "player", "singer", "dancer", "band", "banda",
           "canta", "cantar", "coros", "sings", "backing")),
    Sense("pod.animals", "platform", ("pod", "pods"),
          ("dolphins", "delfines", "whales", "ballenas", "orcas", "podcast", "episode", "episodio", "true crime",
           "listen to", "listening", "escuchar", "escucho", "finanzas personales")),
    Sense("release.music", "platform", ("release",),
          ("album", "single", "song", "cancion", "concert", "concierto", "tour", "gira", "trailer", "book", "libro",
           "movie", "pelicula", "film", "videojuego", "videogame", "game")),
    Sense("cluster.not_it", "platform", ("cluster", "clúster"),
          ("uvas", "grapes", "ideas", "palabras", "words", "flores", "flowers", "estrellas", "stars", "galaxias",
           "galaxies", "parra", "vine", "jardin", "garden", "agrupa", "headaches", "migranas", "headache", "cefalea",
           "tic", "empresarial", "empresas", "asociacion", "unirnos", "join them", "muscles", "musculos",
           "cluster de clientes", "customer cluster", "cluster of customers", "racimo", "racimos", "enologo",
           "industria", "industry", "industrial")),
    Sense("node.javascript", "platform", ("node",),
          ("json", "npm", "javascript", "js", "require", "express", "typescript", "async await", "callback")),
    Sense("role.hiring", "platform", ("sre", "devops", "on-call"),
          ("hiring", "job post", "job description", "vacante", "oferta de empleo", "contratar", "candidate",
           "candidato", "interview", "entrevista", "salary", "salario", "hire", "recruiter", "offer letter",
           "banda salarial", "salary band", "salary range", "brutos", "puesto de")),
    # the skills a job post asks for: "Hiring: quiero un SRE senior con experiencia en Ceph, draft the job post"
    Sense("skills.job_post", "platform", (EVERY_TERM,), ("job post", "job description", "oferta de empleo",
                                                         "job ad", "job posting", "vacante")),
    Sense("answer_style.translation", "personal", ("in english", "in spanish", "en inglés", "en español",
                                                   "en castellano", "for me"),
          ("how do you say", "how do i say", "como se dice", "translate", "traduce", "traducir", "traduceme",
           "what does", "que significa", "means")),
    Sense("deal.verb", "business", ("deal",), ("to deal with", "ll deal with", "can deal with", "will deal with",
                                               "i deal with", "we deal with", "you deal with", "deal with it",
                                               "deal with this", "deal with that", "dealing with", "big deal",
                                               "dealt with")),
    Sense("partner.life", "business", ("partner",), ("my partner", "mi partner", "her partner", "his partner")),
    Sense("network.not_it", "platform", ("la red", "de red", "network", "nodo", "node"),
          ("neuronal", "neural", "metro", "carreteras", "autobuses", "roman", "army", "supply", "history", "linfatico",
           "linfaticos", "lymph", "ganglio", "historia", "pesca", "friends", "amigos", "amigas", "family", "familia",
           "contactos", "contacts")),
    Sense("plan.tooling", "business", ("plan", "planes"),
          ("terraform", "terraform plan", "plan de terraform", "test plan", "plan de pruebas", "migration plan",
           "plan de migracion", "rollout plan", "deployment plan", "plan de despliegue", "backup plan",
           "disaster recovery", "plan b", "rollback plan", "plan de rollback", "upgrade plan", "plan de actualizacion",
           "capacity plan", "dr plan", "recovery plan", "plan de recuperacion", "maintenance plan", "execution plan",
           "query plan", "plan de ejecucion", "cutover plan", "plan de drain", "drain plan")),
    # the speaker's own plan (a trip, a week, a pension) is not a hosting plan: "mi plan es irme a Asturias"
    Sense("plan.own", "business", ("plan", "planes"),
          ("my plan", "my plans", "mi plan", "mis planes", "my weekly plan", "my daily plan", "mi plan semanal",
           "plan de pensiones", "pension plan", "plan for the weekend",
           "plan para el finde", "planes para el finde",
           # a training plan, the speaker's week or day to plan
           "plan de entreno", "plan de entrenamiento", "training plan", "plan my week", "plan my day",
           "planifica mi semana", "planificar mi semana", *_TRAVEL, "playa", "beach", "birthday", "cumpleanos",
           "plan de puntos", "farmacia", "sabado", "domingo", "saturday", "sunday")),
    Sense("velero.boat", "platform", ("velero",),
          ("barco", "capitan", "timon", "navegar", "sailing", "vela", "puerto", "regata", "boat", "helm",
           "llevar el velero", "patron", "amarre", "alquilado un velero", "alquilar un velero", "mareo", "me mareo")),
    Sense("helm.sailing", "platform", ("helm",), ("velero", "sailboat", "beginner", "sail")),
    # coffee pods, a shipping container, the recycling bin: things of the speaker's life, not Kubernetes
    Sense("pod.coffee", "platform", ("pod",), ("coffee", "cafe", "decaf", "descafeinado", "nespresso", "capsulas",
                                               "capsules", "espresso")),
    Sense("container.household", "platform", ("container", "contenedor", "puerto", "port"),
          ("muebles", "furniture", "mudanza", "household", "customs", "aduana", "aduanas", "tetrabrik", "reciclaje",
           "recycling", "basura", "rubbish", "trash", "garbage", "vidrio", "carton", "amarillo", "shipping")),
    Sense("oncall.own", "platform", ("on-call", "guardia", "de guardia"),
          ("i m on call", "i am on call", "i ll be on call", "only one on call", "tengo guardia", "estoy de guardia",
           "este de guardia", "estare de guardia", "mi guardia", "my on call", "termine la guardia", "mis guardias",
           "estoy on-call", "estoy on call", "semanas de on-call", "semanas de guardia", "on-call weeks",
           "weeks on call", "when i m on call", "cuando estoy de guardia", "yo cubria", "yo cubro", "cubro yo",
           "i cover", "i ll cover", "taking the on-call", "take the on-call", "cubrir el on-call",
           "cubria el on-call")),
    Sense("bank.not_money", "business", ("bank", "banco"),
          ("river", "rio", "orilla", "sandbar", "bank holiday", "memory bank", "banco de arena", "blood bank",
           "food bank", "banco de alimentos", "como se dice", "how do you say", "translate", "traduce",
           "banco central", "central bank", "tipos de interes", "interest rates", "tarjeta", "credit card",
           "hindsight", "banks.yaml", "memory banks", "banco de memoria", "bancos de memoria")),
    Sense("customer.site_content", "business", ("customer", "cliente", "client", "clienta"), _SITE_CONTENT),
    Sense("venue.travel", "business", ("hotel", "restaurant", "facturada", "facturar"), _TRAVEL),
    Sense("negotiation.reading", "business", ("negotiation", "negociación", "negociar"), _READING),
    # a subject studied on a course is learning, not the company's books ("I'm taking an evening accounting course")
    Sense("subject.course", "business", ("accounting", "contabilidad", "bookkeeping", "finance", "finanzas"),
          ("course", "courses", "curso", "cursos", "master", "degree", "grado", "exam", "examen", "examenes",
           "clases", "lessons", "bootcamp")),
    Sense("branch.tree", "platform", ("rama", "branch"),
          ("arbol", "arboles", "tree", "trees", "poda", "podar", "jardin", "garden", "olivo", "familia", "family")),
    Sense("running.status", "personal", ("running",), ("pod", "pods", "container", "contenedor", "status", "estado",
                                                      "kubectl", "pending", "process", "proceso", "service", "job")),
    # how to use git in general is general knowledge; a git matter of the platform names more than git
    Sense("git.howto", "platform", ("git", "commit", "branch"),
          ("how do i", "how to", "como hago", "como se hace", "syntax", "sintaxis", "diferencia entre",
           "difference between", "en general", "in general", "rebase", "undo", "deshacer", "como se hacia",
           "vs", "versus", "cherry pick", "client de git", "cliente de git", "git client", "para mac", "for mac")),
    Sense("lead.metal", "business", ("lead", "leads"),
          ("poisoning", "intoxicacion", "plomo", "pencil", "lapiz", "paint", "pintura", "pipes", "tuberias")),
    Sense("docker.pet", "platform", ("docker",), ("dog", "perro", "mascota", "pet", "beach", "playa")),
    # a shop's own data (its cart, checkout, orders, variable products) broken on the platform is the site's data,
    # not a sale of ours: "el object cache devuelve precios viejos en el carrito"
    Sense("commerce.shop_data", "business", ("pago", "pedido", "pedidos", "precio", "precios", "producto",
                                              "productos", "price", "prices", "order", "orders", "product",
                                              "stripe", "paypal"),
          ("carrito", "cart", "checkout", "wp-cron", "wp cron", "object cache", "producto variable",
           "variable product", "variaciones", "variations", "webhook", "webhooks", "wp-admin", "wp admin")),
    # a customer who only complains about, notices or needs a technical matter does not make it a business one
    Sense("customer.asks", "business", ("customer", "cliente", "client"),
          ("a customer needs", "client complains", "customer complains",
           "cliente se queja", "client notices", "customer notices", "customer panel", "panel del cliente",
           "customer wants to know", "el cliente quiere saber", "abierto un ticket", "abrio un ticket",
           "opened a ticket", "opened a support ticket", "filed a ticket")),
    Sense("staging.theatre", "platform", ("staging",),
          ("teatro", "theatre", "theater", "obra de teatro", "act two", "acto", "actores", "actors", "ensayo",
           "ensayos", "rehearsal", "escenario")),
    Sense("cache.fee", "platform", ("cache", "caché"),
          ("banda", "band", "fiestas", "concierto", "actuacion", "tocar", "bolo", "gig", "a repartir")),
    Sense("server.home", "platform", ("servidor", "server"),
          ("at home", "en casa", "raspberry", "home assistant", "homelab", "my own server", "mi propio servidor")),
    Sense("renewal.id_card", "business", _RENEW,
          ("passport", "pasaporte", "dni", "driving licence", "carnet de conducir", "driver s license")),
    Sense("backup.plan_b", "platform", ("backup",), (*_TRAVEL, "picnic", "rains", "llueve", "weather", "kids",
                                                     "niños", "boda", "wedding", "cumpleanos", "birthday")),
    # a pool to swim in, a pool of people or cars is not a storage, node or connection pool
    Sense("pool.leisure", "platform", ("pool",),
          ("swimming", "swim", "piscina", "pool party", "car pool", "carpool", "talent pool", "billiards", "snooker",
           "betting pool", "office pool", "jacuzzi", "sunbed")),
    # an address announced on the network (MetalLB, BGP, VRRP) is not an advertisement
    Sense("announce.network", "business", ("anuncio", "anuncios"),
          ("ip", "ips", "vip", "bgp", "arp", "metallb", "keepalived", "vrrp", "prefijo", "prefix", "rutas", "routes")),
    # a node of a family tree or a graph is not a cluster's node
    Sense("node.tree", "platform", ("node", "nodo"),
          ("arbol genealogico", "family tree", "genealogia", "genealogy", "bisabuela", "bisabuelo", "tatarabuela",
           "tatarabuelo", "antepasados", "ancestors", "ancestry", "grafo", "graph theory", "linked list",
           "lista enlazada", "binary tree", "arbol binario", "mapa mental", "mapas mentales", "mind map", "mindmap")),
    # "I like it", "odio esto": a reaction to what is on the table, not a taste of the speaker's
    Sense("likes.reaction", "personal", ("i like", "i love", "i hate", "me gusta", "me encanta", "odio"),
          ("i like it", "i love it", "i hate it", "i like this", "i love this", "i hate this", "i like that",
           "i love that", "i hate that", "i like the idea", "i love the idea", "me gusta la idea",
           "me encanta la idea", "me gusta esto", "me encanta esto", "odio esto", "odio esta parte")),
    # the speaker's own time estimates are her planning, not a quote ("pad my estimates when you plan my week")
    Sense("estimate.own_time", "business", ("estimate",),
          ("my estimates", "underestimate", "overestimate", "time estimates", "task estimates", "mis estimaciones")),
    # a tool the speaker learns or plays with in her own time is her learning, not the platform's
    Sense("platform.own_time", "platform", (EVERY_TERM,),
          ("on my own time", "in my own time", "in my spare time", "en mi tiempo libre", "en mis ratos libres")),
    # a plan as an intention that was or was not carried out is not a hosting plan
    Sense("plan.intent", "business", ("plan", "planes"),
          ("past the plan", "beyond the plan", "just a plan", "only a plan", "still a plan", "solo un plan",
           "se quedo en plan", "se quedo en el plan", "the plan was to", "el plan era")),
    # a system's audit log or policy is not an audit of the company's books
    Sense("audit.system", "business", ("audit", "auditoría", "policy", "política"),
          ("audit policy", "audit log", "audit logs", "auditd", "log de auditoria", "logs de auditoria",
           "registro de auditoria", "apiserver", "kube-apiserver")),
    # "tos" is a cough before it is the terms of service
    Sense("tos.cough", "business", ("tos",), ("con tos", "tiene tos", "tengo tos", "la tos", "de tos", "fiebre",
                                              "resfriado", "catarro", "gripe", "jarabe", "mocos")),
    # a lead as a job title is not a sales lead
    Sense("lead.role", "business", ("lead", "leads"),
          ("tech lead", "team lead", "lead auditor", "lead developer", "lead engineer", "lead designer", "lead dev")),
    # a rocket's launch is not a product's
    Sense("launch.rocket", "business", ("launch", "lanzamiento"),
          ("spacex", "rocket", "cohete", "nasa", "satellite", "satelite", "starship", "launch pad")),
    # a newsletter the speaker reads or subscribes to is her reading, not the company's mailing
    Sense("newsletter.reading", "business", ("newsletter",),
          ("read", "reading", "leo", "leer", "subscribed", "subscribe to", "suscrito", "suscrita", "me suscribi")),
    # a landing of troops, a plane or a probe is not a landing page
    Sense("landing.not_page", "business", ("landing",),
          (*_TROOPS, "plane", "avion", "aterrizaje", "airport", "aeropuerto", "moon", "luna", "pilot", "piloto")),
    Sense("migration.animals", "platform", ("migración", "migration"),
          ("ciguenas", "birds", "aves", "pajaros", "whales", "ballenas", "butterflies", "mariposas", "animales",
           "animals", "salmon")),
)
