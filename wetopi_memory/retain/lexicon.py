"""The bilingual (ES/EN) lexicon of what a statement is about and whether it asks to be kept: category tables,
durable markers and filler words, as data, with their compiled sets (how sure it is: `certainty_lexicon`; when it
holds: `time_lexicon`)."""

from __future__ import annotations

from .kinds import Category
from .term_matching import TermSet
from .time_lexicon import ADOPTED

__all__ = [
    "CATEGORY_DURABILITY",
    "CATEGORY_ORDER",
    "CATEGORY_SETS",
    "CATEGORY_TERMS",
    "DURABLE_STRONG",
    "DURABLE_WEAK",
    "FILLER_WORDS",
    "STRONG_SET",
    "WEAK_SET",
]

# Terms are written folded (no accents, lowercase). A term matches on word boundaries; spaces match any run of
# whitespace. Terms starting with "re:" are regular expressions (on the folded text).

CATEGORY_ORDER: tuple[Category, ...] = (
    "root_cause", "fix", "runbook", "decision", "preference", "constraint", "pricing", "strategy", "staffing",
    "incident", "relationship", "architecture", "process", "config",
)

# "never"/"nunca" as a rule, not as what the speaker has not done yet ("nunca lo he hecho", "I've never tried").
NEVER_AS_RULE: tuple[str, ...] = (
    "re:(?<!i've )(?<!i have )(?<!we've )(?<!we have )\\bnever\\b(?!\\s+(?:done|did|tried|been|had|seen|heard"
    "|used|really|understood|got)\\b)",
    # … nor what the speaker never met: "'OOMKilled' no lo había visto nunca"
    "re:(?<!visto )(?<!hecho )(?<!probado )(?<!usado )(?<!oido )\\bnunca\\b"
    "(?!\\s+(?:lo |la |los |las |le |les |me |te |se )?(?:he|has|ha|hemos|habia|habiamos|hice|hicimos)\\b)",
)
CATEGORY_TERMS: dict[Category, tuple[str, ...]] = {
    "root_cause": (
        "root cause", "root-cause", "causa raiz", "re:^\\W*(?:causa|cause|motivo|reason)\\s*:",
        # the cause announced before a colon: "Era el MTU: …", "It was the DNS: …"
        "re:^\\W*(?:era|fue|it was|it's|was)\\s+(?:el|la|los|las|the|un|una|a)\\s+[^:.,]{1,30}:\\s",
        "the cause was", "the cause is", "la causa fue", "la causa era",
        "la causa es", "caused by", "causado por", "causada por", "was due to", "were due to", "is due to",
        "se debia a", "se debe a", "se debio a", "the reason was", "el motivo era", "el motivo fue", "the culprit",
        "el culpable", "triggered by", "provocado por", "provocada por", "originated in", "se origino en",
        "caused the", "was causing", "were causing", "causaba", "causaban", "provocaba", "provocaban",
        "the problem was", "the issue was", "the problem is that", "el problema era", "el problema fue",
        "el problema es que", "el fallo fue", "el fallo era", "el error era", "el error fue", "turns out",
        "turned out", "resulta que", "resulto que", "resulto ser", "resulta ser",
        "turned out to be", "found it", "lo encontre", "era porque", "fue porque",
        "it was because", "faltaba", "faltaban", "was missing", "were missing", "no tenia", "didn't have",
        "did not have", "lacked", "re:\\b(?:lo de|el fallo|el problema|el error|la caida|el corte|the problem|the issue"
        "|the failure|the outage)\\b[^.;:]{0,60}?\\b(?:fue|era|was) (?:que|that|the|el|la|un|una)\\b",
    ),
    "fix": (
        "the fix", "fixed by", "fixed it by", "fix is to", "fix was to", "fixed with", "solucion", "the solution",
        "solution was", "solution is", "solved by", "resolved by", "se soluciona", "se soluciono", "lo arreglamos",
        "se arreglo", "se arregla", "arreglado con", "se resolvio", "se resuelve", "workaround", "mitigated by",
        "mitigamos", "to fix", "para arreglar", "para solucionar", "para resolver", "fixes it", "lo arregla",
        "lo soluciona", "arreglo aplicado", "solucion aplicada", "fix applied", "applied the fix", "fix deployed",
        # a conclusion labelled as the fix: "Fix: when issuance fails with a CAA error, …", "Arreglo: …"
        "re:^\\W*(?:the\\s+)?(?:fix|arreglo|la\\s+solucion)\\s*:",
    ),
    "runbook": (
        "runbook", "procedure", "procedimiento", "steps to", "pasos para", "step 1", "paso 1", "to restart",
        "para reiniciar", "to recover", "para recuperar", "to rotate", "para rotar", "first run",
        "re:^\\W*(?:lesson|lessons|leccion|lecciones|takeaway|moraleja|aprendizaje)\\s*:",   # "lesson: big ALTERs…"
        "re:(?<!me )(?<!us )\\bhow to\\b",  # "when you show me how to…" asks for one, it is no runbook
        "primero ejecuta", "then run", "luego ejecuta", "como recuperar",
        "como restaurar", "como rotar", "como reiniciar", "como actualizar", "como migrar", "how to recover",
        "playbook", "to restore", "para restaurar", "this is how we", "asi es como", "asi lo hicimos",
        "the steps were", "the steps are", "los pasos fueron", "los pasos son",
        # how the team does it, told for the next time: "For next time: before rebooting…", "the way we do it: …"
        "for next time", "for the next time", "para la proxima", "la proxima vez que", "the way we do it",
        "this is the way we do it", "asi lo hacemos", "lo hacemos asi", "checklist de", "the checklist",
        "el checklist", "la checklist",
        # the way it is done, stated: "the way we rotate RKE2 certs is …", "la forma de rotarlo es …"
        "re:\\bthe way (?:we|you|to) [a-z]+\\b[^.;]{0,60}\\bis\\b",
        "re:\\b(?:la forma|la manera) de [a-z]+(?:ar|er|ir)(?:la|lo|las|los|se)?\\b[^.;]{0,60}\\bes\\b",
        "asi se hace", "that's how it's done", "that is how it is done",
        # "Para liberar una imagen bloqueada: …", "To drain a node: …"
        "re:^\\W*para\\s+[a-z]{2,}(?:ar|er|ir)(?:la|lo|las|los|se)?\\b[^:.]{0,80}:\\s",
        "re:^\\W*to\\s+[a-z]{3,}\\b[^:.]{0,80}:\\s",
    ),
    "decision": (
        "we decided", "we have decided", "we've decided", "decided to", "decidimos", "hemos decidido",
        "he decidido", "decidi", "se decidio", "se ha decidido", "acordamos", "board decided", "decided that",
        "ha decidido", "han decidido", "decidieron", "decidio que", "decision mia", "es decision mia",
        "my own decision", "my call:", "i've made up my mind", "lo tengo decidido",
        "re:\\b(?:the|our|la|nuestra|final|my|mi)\\s+decision\\b|\\bdecision\\s*(?::|is to|es|fue|was|final)",
        "hemos acordado", "acepta pasar al", "aceptan pasar al", "agreed to move to", "agreed to upgrade to",
        "we agreed", "agreed to", "we chose", "we have chosen", "elegimos", "hemos elegido", "we will use",
        "we'll use", "usaremos", "vamos a usar", "we opted", "optamos", "we standardized", "we standardised",
        "estandarizamos", "we settled on", "nos quedamos con", "we go with", "we are going with",
        "signed the", "has signed", "ha firmado", "han firmado", "firmo el", "firmaron", "decidido", "approved by",
        "aprobado por", "aprobada por", "han aprobado", "nos han aprobado", "contratamos", "we will hire",
        "we're going with", "it's decided", "esta decidido", "going with", "let's standardize", "standardize on",
        "estandarizar", "let's go with", "vamos con", "lo renovamos", "renovamos hasta", "renewed until",
        "we'll go with", "we will go with", "queda asi", "queda acordado", "queda decidido", "quedamos en",
        "ya esta aprobado", "esta aprobado", "it's approved", "is approved", "we signed", "firmamos",
        "hemos firmado", "new policy", "nueva politica", "la norma es", "the rule is", "we renewed", "hemos renovado",
        "vamos a contratar", "we're hiring", "we are hiring", "we dropped", "dejamos de", "we stopped",
        "pasa a costar", "pasa a ser", "pasan a ser", "deja de ser", "dejan de ser", "decided:", "decidido:",
        "that's decided", "hiring freeze", "we moved everything", "we agreed that", "lo hemos acordado",
        "esta acordado", "eso esta acordado", "se hacen siempre", "contract signed", "contrato firmado",
        "we're dropping", "we are dropping", "we're switching to", "we are switching to", "we're moving to",
        "we are moving to", "nos cambiamos a", "nos pasamos a", "we hired", "hemos contratado",
        "agreed", "acordado", "acordada", "aprobado", "aprobada", "approved", "signed off", "sign-off", "firmado",
        "firmada", "signed", "cerrado con", "closed with", "deal closed", "cerramos con", "closed the deal",
        "re:\\bwe closed (?:the|a|an|our) (?:[\\w-]+ ){0,4}(?:deal|contract|agreement)\\b",
        "re:\\bcerramos (?:el|un) (?:acuerdo|contrato|trato)\\b",
        "i've decided", "i have decided", "i decided", "ive decided",
        # a decision reported as confirmed: "confirmado con Luis: …", "so it's settled: …"
        "it's settled", "its settled", "that's settled", "confirmado con", "confirmada con", "confirmed with",
        "it's official", "it is official", "es oficial", "ya es oficial", "now official",
        "queda confirmado", "esta confirmado", "fecha cerrada", "fecha confirmada", "date confirmed", "date locked",
        "date is set", "the date is final",
        # a supplier taken or dropped: "Ya está contratado: … con Holded", "we stop using Namecheap"
        "esta contratado", "esta contratada", "ya esta contratado", "we stop using", "we stopped using",
        # one idea of several picked and fixed: "Lock #4 for January", "Locked in: the Lisbon venue"
        "re:^\\W*(?:let's\\s+)?lock\\b", "locked in", "lock it in", "queda cerrado", "lo dejamos cerrado",
        # a norm for everyone ("como norma de marca…", "our brand guideline is…"), not one the speaker set
        # herself ("me he puesto como norma…")
        "re:(?<!puesto )(?<!tengo )\\bcomo norma\\b", "norma de marca", "brand guideline", "brand guidelines",
        "guia de marca", "guia de estilo", "style guide",
        "we no longer use", "is no longer used", "are no longer used", "ya no usamos", "ya no se usa",
        "ya no se usan", "dejamos de usar", "we signed up with", "we've signed up with", "nos hemos dado de alta en",
    ),
    "preference": (
        "i prefer", "i'd prefer", "i would prefer", "i'd rather", "i would rather", "prefiero", "preferiria",
        "i like", "i don't like", "i do not like", "i dislike", "i love", "i hate", "me gusta", "me gustan",
        "no me gusta", "me encanta", "odio", "i always", "i never", "yo siempre", "yo nunca", "i usually",
        "re:\\b(?:cuando|si) te diga\\b[^.]{0,40}\\b(?:significa|quiere decir)\\b",   # her own words' meaning
        "re:\\bwhen i say\\b[^.]{0,40}\\bmeans\\b", "answer me", "respondeme", "contestame",
        "suelo", "yo suelo", "prefers", "prefiere", "likes", "le gusta", "i use", "yo uso", "call me", "llamame",
        # how the speaker is served, standing: "And for me personally, send me every Monday a digest of…"
        "for me personally", "para mi personalmente", "send me every", "mandame cada", "enviame cada",
        # the speaker's calendar: "Los lunes no pongas reuniones antes de las 11", "Never schedule anything that
        # needs my approval after 14:00 on a Friday"
        "re:\\b(?:never|don't|do not|no)\\s+(?:me\\s+)?(?:schedule|book|pongas|agendes|metas|programes)\\b[^.;]{0,30}"
        "\\b(?:meetings?|calls?|reuniones|llamadas|anything(?=\\s+that\\s+needs\\s+my\\b)"
        "|nada(?=\\s+que\\s+necesite\\s+mi\\b))\\b",
        # the speaker's own rule: "Para los postmortems, como norma mía: primero el impacto…"
        "norma mia", "regla mia", "my own rule", "a rule of mine",
        "re:^\\W*para mi\\b[^.;]{0,60}\\b(?:siempre|nunca|always|never)\\b",
        "i only want", "solo quiero que", "stop sending me",
        "deja de enviarme", "deja de mandarme", "no me mandes mas",
        "talk to me", "hablame", "write to me", "escribeme", "reply to me", "my preference", "mi preferencia",
        "please always", "por favor siempre", "i want you to", "quiero que",
        "no me pongas", "no me mandes", "no me llames", "no me escribas", "don't schedule", "schedule things",
        "send me", "mandame", "remind me", "recuerdame", "avisame", "my timezone", "mi zona horaria",
        "i work from", "trabajo desde", "don't call me", "i never want", "nunca quiero", "i want", "i'd like",
        "i would like", "me gustaria que", "tenlo en cuenta", "keep that in mind", "keep it in mind",
        "soy vegetariana", "soy vegetariano", "i'm vegetarian", "i am vegetarian", "soy alergica", "soy alergico",
        "i'm allergic", "my laptop", "mi portatil", "mi ordenador", "my computer", "not a fan of", "no soy fan",
        "re:\\b(?:normalmente|por lo general|generalmente)\\b(?![^.;,]{0,40}\\b[a-z]{2,}mos\\b)",   # not "…facturamos"
        "no me gustan", "i'm a fan of", "i usually", "cuando me des", "always wants", "siempre quiere",
        "wants answers", "quiere respuestas", "quiero respuestas", "i want answers", "when you give me",
        "when you send me", "cuando me mandes", "dame siempre", "uso siempre", "siempre uso", "i always use",
        "my on-call", "mi guardia", "mi semana de guardia", "mi rol", "my role", "i'm the", "i am the", "mania mia",
        "es mania mia", "manias mias", "pet peeve", "my pet peeve",
        # what the speaker takes on herself: "lo llevo yo personalmente", "soy yo la responsable del proyecto"
        "lo llevo yo", "la llevo yo", "los llevo yo", "soy yo la responsable", "soy yo el responsable",
        "re:\\bi\\s+(?:stop|will\\s+stop|am\\s+stopping)\\s+doing\\b",
        # how the assistant should hand things to the speaker: "cuando me pases scripts…", "cuando me respondas…"
        "re:\\bcuando me\\s+[a-z]{2,}(?:es|as)\\b",
        "my preferred", "mi preferido", "mi preferida", "my favourite", "my favorite", "mi favorito",
        "mi favorita", "i'm more of", "i read", "me organizo", "i organise", "i organize", "tag me", "ping me",
        "no me gustan", "empieza por", "start with the", "despiertes", "wake me", *ADOPTED,
        "re:\\b(?:my|mis?)\\s+(?:[a-z-]+\\s+){0,3}(?:preferences|preferencias|preference|preferencia)\\b",
        # how things are told to the speaker: "cuéntamela así: primero impacto…", "be more direct with me", "when
        # you need a decision from me, put the question in the first line"
        "re:\\b(?:cuentame|explicame|damela|damelo|pasamela|pasamelo|escribemela|escribemelo)(?:la|lo|las|los)?\\s+asi\\b",
        "re:\\b(?:se|ser|be)\\s+(?:mas\\s+|more\\s+)?(?:directo|directa|clara|claro|breve|sincero|sincera|direct|blunt"
        "|brief|straight|honest)\\s+(?:conmigo|with me)\\b",
        "re:\\b(?:when|whenever)\\s+you\\s+need\\b[^.;]{0,30}\\bfrom\\s+me\\b", "whenever you hand me",
        "re:\\blos (?:lunes|martes|miercoles|jueves|viernes|sabados|domingos) (?:yo )?no (?:hago|trabajo|cojo)\\b",
        "re:\\bcuando\\s+necesites\\b[^.;]{0,30}\\bde\\s+mi\\b",
        "re:^\\W*(?:para mi|for me|a mi)\\b\\s*[,:]", "when i say", "cuando digo", "cuando yo digo", "cuando te digo",
        "re:\\b(?:puedes|you can)\\b[^.;]{0,60}\\b(?:sin preguntarme|without asking me)\\b",   # leave given to you
        "re:\\b(?:my|mi)\\s+(?:herramienta|tool|editor|terminal|shell|navegador|browser|ide|teclado|keyboard|movil|phone"
        "|calendario|calendar|gestor de tareas|task manager|agenda|horario|schedule|working hours|jornada"
        "|proyectos|projects|weekly summary|resumen semanal|bandeja de entrada|inbox)\\b",
        "tengo dislexia", "i have dyslexia", "i'm based in", "i am based in", "i live in", "vivo en", "resido en",
        "colour-blind", "color-blind", "colorblind",
        "daltonico", "daltonica", "dyslexic", "dislexico", "dislexica", "left-handed", "zurdo", "zurda", "celiaco",
        "celiaca", "lactose intolerant", "intolerante a la lactosa", "i'm vegan", "soy vegana", "soy vegano",
    ),
    "constraint": (
        "must not", "must never", "must always", "must", "mustn't", "cannot", "can't", "can not", "no puede",
        "no podemos", "we can't",
        "no pueden", "no se puede", "no se pueden", *NEVER_AS_RULE, "do not", "don't", "no debe", "no deben",
        "debe", "deben", "hay que", "tiene que", "tienen que", "requires", "require", "requiere", "requieren",
        "only supports", "solo soporta", "solo admite", "only works", "solo funciona", "limit of", "limite de",
        "maximum of", "maximo de", "not allowed", "no esta permitido", "prohibido", "forbidden", "mandatory",
        "obligatorio", "is required", "es obligatorio", "se requiere", "need at least", "needs at least",
        "necesitan al menos", "necesita al menos", "at least", "al menos", "como minimo", "como maximo", "at most",
        "no more than", "a lo sumo", "exige", "exigen", "demands", "insists on", "insiste en",
        # a contract's term: "Farmacia Sanz tiene en contrato que…", "Miramar's contract says hourly backups"
        "tiene en contrato", "tienen en contrato", "en su contrato", "el contrato dice",
        "contract says", "contract states", "contractually", "in their contract", "in the contract",
    ),
    "pricing": (
        "price", "prices", "pricing", "precio", "precios", "tarifa", "tarifas", "esta en el plan", "estan en el plan",
        "han pasado al plan", "ha pasado al plan", "re:\\b(?:is|are)\\s+(?:now\\s+)?on\\s+the\\s+\\w+\\s+plan\\b",
        # an amount a month, not a frequency ("se prueba un restore al mes", "twice per month")
        "re:\\d[^.;]{0,30}\\b(?:per month|al mes)\\b",
        "re:(?:\\d|€|\\$|eur|euros|usd)\\s*/\\s*(?:mes|month|ano|year)\\b",  # "49 €/mes", not "día/mes"
        "per year", "al ano", "discount", "descuento", "euros", "eur", "usd", "re:\\d\\s*€", "re:€\\s*\\d",
        "re:\\$\\s*\\d", "costs",
        # "cuesta 49 €", not "me cuesta leer" (it is hard for me)
        "re:(?<!\\bme )(?<!\\bte )(?<!\\ble )(?<!\\bnos )(?<!\\bles )\\bcuestan?\\b"
        "(?!\\s+(?:mucho\\s+)?[a-z]+(?:ar|er|ir)\\b)",
        "cobramos", "we charge", "charge", "gratis", "for free", "gratuita", "gratuito", "gratuitas", "gratuitos",
        "free of charge", "at no cost", "at no extra cost", "sin coste", "sin coste adicional",
        "re:\\bsin cargo\\b(?!\\s+ni\\b)",   # "la firma solo 'Ana', sin cargo ni logo": a job title
        "fee", "fees", "re:\\bmonths?\\s+free\\b(?!\\s+of\\b)", "mes gratis", "meses gratis", "regalado", "regalamos",
        "compensacion", "compensation", "credit them", "a credit of", "abonarles", "les abonamos", "se abona",
        "compensate", "compensar", "compensarles", "abono", "credit note", "refund policy", "full refund",
        "don't refund", "do not refund", "no refunds", "politica de reembolso", "no reembolsamos", "reembolso completo",
        "prorated", "prorrateado", "prorrateada", "prorrateo", "upgrading to", "downgrading to", "se pasan a",
        # a promise made in the offer: "en el Woo Pro garantizamos restaurar…", "we guarantee a reply in 4 h"
        "garantizamos", "we guarantee", "lo ponemos en la oferta", "en la oferta", "in the offer", "in our offer",
        # a share granted to a party: "les damos un 15 %", "Apruebo un 10 % para…", "we give them 20%"
        "re:\\b(?:damos|doy|dar|ofrecemos|aplicamos|apruebo|aprobamos|approve|approved|give|giving|offer|offering)"
        "\\s++(?:les\\s++|le\\s++|them\\s++|him\\s++|her\\s++)?(?:un|una|a|an)?\\s*+\\d+(?:[.,]\\d+)?\\s*%",
        # commercial terms of a contract
        "minimum term", "permanencia", "permanencia minima", "minimum commitment", "compromiso minimo",
        "plazo minimo", "billed annually", "billed quarterly", "billed monthly", "facturacion anual",
        "facturacion trimestral", "pago trimestral", "paga trimestral", "pagan trimestral", "paga mensual",
        "pagan mensual", "domiciliacion", "direct debit", "por adelantado", "in advance",
        # a customer's plan: "pasa al plan WooCommerce Plus", "upgraded to the Agency plan"
        "pasa al plan", "pasan al plan", "cambia al plan", "se pasa al plan", "contrata el plan", "contrato el plan",
        "moves to the", "upgrades to", "upgraded to the", "downgrades to", "downgraded to the", "signed up for the",
    ),
    "strategy": (
        "strategy", "estrategia", "roadmap", "positioning", "posicionamiento", "target market", "mercado objetivo",
        "go-to-market", "we will sell", "we'll sell", "venderemos", "vendera", "venderan", "comercializara",
        "comercializaremos", "we will offer", "ofreceremos", "focus on", "centrarnos en", "enfocarnos en",
        "our market", "nuestro mercado", "competitor", "competidor", "value proposition", "propuesta de valor",
        "product line", "linea de producto", "lanzaremos", "we will launch", "will sell", "will be sold",
        "se vendera", "vamos a vender", "target customers", "clientes objetivo", "first market", "primer mercado",
        "nos centraremos", "we will focus", "nuestros clientes", "our customers", "our main customers",
        "clientes principales", "our clients", "cliente tipo", "ideal customer",
    ),
    # who works here: hiring, joining, leaving, whatever the role ("contratado como SRE" is not platform knowledge)
    "staffing": (
        "hemos contratado a", "contratamos a", "hemos fichado a", "fichamos a", "we hired", "we've hired",
        "we have hired", "we're hiring", "we are hiring", "vamos a contratar", "to hire a", "to hire an",
        "hire a second", "contratar a", "contratar otra persona", "contratar otro", "contratar una", "new hire",
        "nuevo fichaje",
        "nueva incorporacion", "se incorpora", "se incorporara", "se incorporo", "incorporamos a", "joins us",
        "joined us", "joins the team", "joined the team", "is joining", "will join us", "joins as", "se une al equipo",
        "deja la empresa", "leaves the company", "left the company", "se va de la empresa", "hiring freeze",
        "entro como", "empezo como", "joined as", "started as", "se incorporo como",
        "re:\\b(?:contratad[oa]|hired|fichad[oa])\\s+(?:a\\s+[a-z]+\\s+(?:[a-z]+\\s+)?)?(?:como|as)\\b",
        # a hiring plan's steps: "Un SRE en noviembre…", "prueba técnica práctica … y dos entrevistas"
        "hiring plan", "plan de contratacion", "prueba tecnica", "technical test", "entrevista final",
        "final interview", "media jornada", "jornada completa", "part-time", "full-time", "a tiempo parcial",
        "oferta en linkedin",
        "re:^\\W*(?:propuesta:\\s*)?(?:un|una|one|a)\\s+(?:sre|sysadmin|devops|tecnico|developer|desarrollador[a]?)"
        "\\s+(?:en|in|para|for)\\b",
    ),
    "incident": (
        "incident", "incidente", "outage", "caida", "se cayo", "went down", "was down", "estuvo caido",
        "estuvo caida", "postmortem", "post-mortem", "degraded", "degradado", "downtime",
    ),
    "relationship": (
        "depends on", "depend on", "depende de", "dependen de", "talks to", "connects to", "se conecta a",
        "persona de contacto", "contact person", "point of contact", "our contact at", "nuestro contacto en",
        "su contacto", "interlocutor", "se conectan a", "upstream", "downstream", "owned by", "responsable de",
        "es responsable", "de garantia", "anos de garantia", "warranty", "years of warranty", "por escrito",
        "in writing", "maintained by", "mantenido por", "belongs to", "pertenece a", "proveedor de", "our supplier",
        "our vendor", "el contrato", "the contract", "se renueva", "renews", "como cliente", "as a customer",
        "as a client", "su contrato", "their contract", "in the contract", "en el contrato",
        "es cliente", "is a customer", "is our customer", "son clientes", "nuevo cliente", "new customer",
        # a contract's term and a customer leaving: "contrato hasta diciembre de 2027", "Librería Ítaca is cancelling"
        "contrato hasta", "contract until", "contract runs until", "our contact there", "nuestro contacto alli",
        "is cancelling", "are cancelling", "is canceling", "are canceling", "is leaving us", "are leaving us",
        "nos deja", "nos dejan", "se da de baja", "se dan de baja",
    ),
    "architecture": (
        # "usa" opening a clause is an order ("…, usa siempre bullet points"), not what a system uses
        # "no uses emojis" is the Spanish "don't use", an order
        "architecture", "arquitectura", "re:(?<!\\bno )(?<!\\bnunca )(?<!\\bjamas )\\buses\\b",
        # "use" opening a clause or after "always" is an order too ("…, always use tú, never usted")
        "re:(?<!^)(?<!, )(?<!; )(?<!: )(?<!always )(?<!never )(?<!please )\\buse\\b",
        "re:(?<!^)(?<!, )(?<!; )(?<!: )\\busa\\b", "usan",
        "utiliza", "utilizan", "usamos", "utilizamos",
        "hemos usado", "hemos utilizado", "we've used", "we have used", "we've always used", "ira en", "iran en",
        "estara en", "estaran en", "will live on", "will run on", "will go on", "runs on", "run on",
        "corre en", "corren en", "se ejecuta en", "se ejecutan en", "is deployed", "are deployed", "deployed on",
        "desplegado en", "desplegados en", "desplegada en", "se despliega", "sits behind", "behind", "detras de",
        "in front of", "delante de", "based on", "basado en", "basada en", "backed by", "a traves del", "through the",
        "habla con", "hablan con", "is hosted",
        "hosted on", "alojado en", "consists of", "consta de", "topology", "topologia", "via", "mediante",
        "a traves de", "hacia", "syncs", "sincroniza", "sincronizan", "managed by", "gestionado por",
        "gestionada por", "stored in", "se guarda en", "se guardan en", "lives in", "vive en", "viven en",
        "served by", "servido por", "terminates", "termina en", "replicated", "replicado", "replicada",
        "will run", "runs in", "run in", "points to", "apunta a", "sobre la plataforma", "on the platform",
        "en la plataforma", "on our platform", "en nuestra plataforma", "iran al", "ira al", "will go to",
        "van al", "va al", "are sent to", "is sent to", "se envian a", "se envia a", "lives under", "esta en el repo",
        "using", "usando", "published as", "publicado como", "publicados como", "issued by", "emitido por",
        "under the hood", "technically", "tecnicamente",   # "por debajo usa Redis"; not "cada hora por debajo…"
        "re:(?<!hora )(?<!horas )(?<!minuto )(?<!minutos )(?<!dia )(?<!dias )\\bpor debajo\\b(?! de\\b)",
        "run with", "runs with", "corren con", "se hacen con", "van en el", "van en la", "va en el", "va en la",
    ),
    "process": (
        # a labelled rule: "Norma para presupuestos: se envían siempre desde Holded…"
        "re:^\\W*(?:norma|regla|politica|policy|rule|standing rule|standing order|regla fija|norma fija)\\b"
        "[^:.]{0,40}:",
        "process", "proceso", "workflow", "flujo de trabajo", "every monday", "cada lunes", "every week",
        "cada semana", "weekly", "semanal", "approval", "aprobacion", "approves", "aprueba", "onboarding",
        # who approves them, said by the one who does: "los descuentos de más del 15% solo los apruebo yo"
        "los apruebo yo", "las apruebo yo", "lo apruebo yo", "solo los apruebo", "solo las apruebo", "only i approve",
        "approved only by me",
        "sign-off", "handoff", "escalate", "escalar", "on-call", "guardia", "escalations", "escalaciones", "sla",
        "support sla", "nivel de servicio", "escalado de soporte", "support escalation", "cadena de escalado",
        "lead is", "es la responsable", "es el responsable", "business rule", "regla de negocio",
        "our policy", "nuestra politica", "la politica es", "policy:", "facturar", "we invoice", "refunds",
        "reembolsos", "support policy", "politica de soporte", "politica de", "policy on", "policy for",
        # the legal documents a business works by
        "dpa", "data processing agreement", "subprocessors", "subprocessor", "subencargados", "subencargado",
        "terms of service", "terminos y condiciones", "condiciones generales", "privacy policy",
        "politica de privacidad", "gdpr", "rgpd", "nda", "acuerdo de confidencialidad", "support hours",
        "horario de soporte", "horario de atencion", "business hours", "opening hours",
    ),
    "config": (
        "is configured", "are configured", "configured with", "configurado con", "esta configurado",
        "estan configurados", "configuration", "configuracion", "port", "puerto", "endpoint", "hostname",
        "set to", "fijado en", "listens on", "escucha en", "re:\\b\\d{1,3}(\\.\\d{1,3}){3}\\b", "timeout",
        "version", "version de", "kubeconfig", "ssh key", "clave ssh", "se guardan", "are kept", "are stored",
        "se almacenan", "retention", "retencion", "bucket",
    ),
}

# Base durability of each primary category (before markers).
CATEGORY_DURABILITY: dict[Category, float] = {
    "root_cause": 0.8, "fix": 0.75, "runbook": 0.8, "decision": 0.8, "preference": 0.7, "constraint": 0.8,
    "pricing": 0.75, "strategy": 0.75, "staffing": 0.75, "incident": 0.55, "relationship": 0.7, "architecture": 0.75,
    "process": 0.7, "config": 0.7, "general": 0.45,
}

DURABLE_STRONG: tuple[str, ...] = (
    "we decided", "we have decided", "we've decided", "decidimos", "hemos decidido", "se decidio",
    "se ha decidido", "acordamos", "hemos acordado", "we agreed", "always", "siempre", *NEVER_AS_RULE,
    "from now on", "a partir de ahora", "de ahora en adelante", "en adelante", "going forward", "from here on",
    "root cause", "causa raiz", "the fix", "fixed by", "la solucion", "se soluciona", "resolved by", "solved by",
    "i prefer", "prefiero", "i'd rather", "my preference", "mi preferencia", "must", "debe", "deben", "hay que",
    "the rule is", "la regla es", "policy is", "la politica es", "by default", "por defecto", "standard",
    "estandar", "runbook", "procedure", "procedimiento", "lesson learned", "leccion aprendida", "is configured",
    "esta configurado", "permanently", "permanentemente", "de forma permanente", "for good", "officially",
    "oficialmente", "a partir de hoy", "desde hoy", "from today", "starting today", "approved by", "aprobado por",
    "aprobada por", "han aprobado", "como norma", "por norma", "as a rule", "mi norma", "my rule",
    "i've decided", "i have decided", "he decidido", "for next time", "for the next time", "para la proxima",
    "the way we do it", "asi lo hacemos", "lo hacemos asi",
)
DURABLE_WEAK: tuple[str, ...] = (
    "remember that", "recuerda que", "keep in mind", "ten en cuenta", "note:", "nota:", "important:",
    "importante:", "fyi", "para que conste", "for the record", "note for the future", "for the future",
    "para el futuro", "apunta esto", "apuntalo", "anota que", "apunta que", "apuntate que", "apuntate", "anotalo",
    "guarda esto", "guarda que", "remember this", "save this", "recuerda esto", "que conste",
)
FILLER_WORDS: frozenset[str] = frozenset({
    "thanks", "thank", "you", "thx", "ty", "ok", "okay", "okey", "k", "kk", "great", "cool", "nice", "perfect",
    "perfecto", "perfecta", "gracias", "muchas", "mil", "vale", "genial", "de", "acuerdo", "entendido",
    "entendida", "got", "it", "sure", "yes", "yeah", "yep", "no", "nope", "si", "hola", "hi", "hello", "hey",
    "bye", "adios", "hasta", "luego", "good", "morning", "buenos", "dias", "buenas", "tardes", "noches", "np",
    "problem", "problema", "nada", "welcome", "you're", "sounds", "me", "parece", "bien", "excelente",
    "awesome", "super", "claro", "por", "supuesto", "job", "buen", "trabajo", "well", "lol", "jaja", "jajaja",
    "haha", "wow", "vaya", "oh", "ah", "mmm", "hmm", "understood", "roger", "noted", "anotado", "the", "a",
    "that", "this", "so", "and", "y", "e", "muy", "very", "much", "lot", "indeed", "exacto", "exactly",
    "right", "correct", "correcto", "fine", "alright", "all", "listo", "hecho", "done", "pues", "bueno",
    "venga", "dale", "guay", "ole", "top", "ya", "thumbs", "up", "please", "porfa", "gr", "that's", "thats",
    "it's", "its", "is", "was", "really", "totally", "absolutely", "muchisimas", "buenisimo", "estupendo",
    "maravilloso", "increible", "amazing", "brilliant", "lovely", "cheers", "ta", "merci",
    # assent alone: the agreed proposal carries the content
    "agreed", "adelante", "go", "ahead", "do", "hazlo", "hagamoslo", "asi", "let's", "lets", "one",
    "first", "second", "third", "primera", "segunda", "option", "opcion", "la", "el", "b", "c", "d", "approved",
    "aprobado", "aprobada", "apruebo", "proceed", "procede"})


CATEGORY_SETS: dict[Category, TermSet] = {name: TermSet(terms) for name, terms in CATEGORY_TERMS.items()}
# A remedy stated as the rule for a situation: "cuando un WordPress se queda en mantenimiento, se arregla borrando
# …", "whenever the queue stalls, it is fixed by …": a runbook, not this turn's fix (nothing to verify).
REMEDY_SET = TermSet((
    "re:\\b(?:cuando|when|whenever)\\b[^.;]{0,120}\\b(?:se arregla|se soluciona|se resuelve|se corrige"
    "|is fixed by|you fix it by|you fix it with)\\b",
))
# Who the business buys from: a supplier, a vendor, a registrar. Naming one (with no system value) is the
# business's relation, whatever service it is for ("Suppliers: Hetzner for the dedicated nodes, OVH for domains").
SUPPLIER_SET = TermSet((
    "proveedor", "proveedores", "proveedora", "supplier", "suppliers", "vendor", "vendors", "registrador",
    "registrar", "registered with", "registrados en", "registrados con", "registrado en", "registrado con",
    "comprado a", "compramos a", "se compra", "se compran", "bought from", "buy from", "purchased from"))
STRONG_SET = TermSet(DURABLE_STRONG)
WEAK_SET = TermSet(DURABLE_WEAK)
