"""Who speaks in a turn, as plain data (ES/EN): the speaker's own voice, habits, preferences and position, whom
they address, and for how long.

Terms are written folded (no accents, lowercase), as in `lexicon.py`; "re:" terms are regular expressions.
"""

from __future__ import annotations

from .term_matching import TermSet

__all__ = [
    "ADDRESSEE",
    "ADDRESSEE_SET",
    "AUTHORITY_SET",
    "DESIRE",
    "DESIRE_SET",
    "DURATION",
    "DURATION_SET",
    "FIRST_PERSON",
    "FIRST_PERSON_PLURAL",
    "HABIT",
    "HABIT_SET",
    "INDIFFERENT",
    "INDIFFERENT_SET",
    "KEEP_IN_MIND",
    "ORGANISATION",
    "OTHERS_SERVED_SET",
    "OWN",
    "OWN_POSITION",
    "OWN_SET",
    "OWN_WAY",
    "REQUEST_TO_ME",
    "REQUEST_TO_ME_SET",
    "THIRD_PARTY",
    "THIRD_PARTY_SET",
    "THIRD_PERSON_PREFERENCE",
    "THIRD_PERSON_PREFERENCE_SET",
    "TREATMENT_SET",
    "WHEN",
]

# How long ago, or for how long: a verified fix's check ("Synced desde hace 30 minutos") is not work in progress.
DURATION: tuple[str, ...] = (
    "desde hace", "for the last", "durante", "re:\\bhace\\s+(?:\\d+|un|una|unos|unas)\\s+", "re:\\bhace\\s+minutos\\b",
    "re:\\b\\d*\\s*(?:seconds?|minutes?|hours?)\\s+ago\\b", "re:\\bago\\b",
)
# When something happened: it does not make a decision or a verified fix transient.
WHEN: tuple[str, ...] = (
    "today", "hoy", "tonight", "esta noche", "this morning", "esta manana", "esta tarde", "this afternoon",
    "yesterday", "ayer", "anoche", "last night", "just now", "right now", "ahora mismo", "at the moment", "acabo de",
    "i just", "i've just", "i have just", "este mes", "this month", "esta semana", "this week", "este trimestre",
    "this quarter", "last quarter", "el trimestre pasado", "este ano", "this year",
)

# Preference terms in the third person: someone else's way ("la empresa prefiere", "the client likes").
THIRD_PERSON_PREFERENCE: tuple[str, ...] = (
    "prefers", "prefiere", "likes", "le gusta", "always wants", "siempre quiere", "wants answers",
    "quiere respuestas", "wants", "quiere que", "needs", "necesita", "le encanta", "les encanta", "les gusta",
    "le gustan", "les gustan", "loves", "hates", "dislikes", "odia",
)
# Indifference: the speaker states no way of their own ("a mí me da igual", "I don't mind either way").
INDIFFERENT: tuple[str, ...] = (
    "me da igual", "me es igual", "me es indiferente", "me da lo mismo", "no me importa", "i don't mind",
    "i do not mind", "i don't care", "i do not care", "either way is fine", "whatever works",
)
# Someone close to the speaker, named by relation ("mi jefe", "my wife"): a sentence about them is theirs, not the
# speaker's own way.
THIRD_PARTY: tuple[str, ...] = (
    "mi jefe", "mi jefa", "my boss", "my manager", "mi manager", "mi responsable", "my lead", "mi pareja",
    "my partner", "my wife", "my husband", "mi mujer", "mi marido", "mi novia", "mi novio", "mi companero",
    "mi companera", "my colleague", "my coworker", "my co-worker", "my teammate", "mi socio", "mi socia",
    "my cofounder", "my co-founder", "mi hijo", "mi hija", "my son", "my daughter", "mi madre", "mi padre",
    "my mother", "my father", "my mum", "my mom", "my dad", "mi asistente", "my assistant",
)

# A habit's time frame or regularity: what makes "I don't read Slack after 7pm" how the speaker works.
HABIT: tuple[str, ...] = (
    "always", "never", "usually", "normally", "every", "each", "siempre", "nunca", "normalmente", "cada",
    "habitualmente", "por lo general", "generalmente", "todos los", "todas las", "after", "before", "antes de las",
    "despues de las", "a partir de las", "hasta las", "por las mananas", "por las tardes", "por las noches",
    "in the morning", "in the mornings", "in the evening", "at night", "weekends", "fines de semana",
    "mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays", "los lunes",
    "los martes", "los miercoles", "los jueves", "los viernes", "los sabados", "los domingos", "on weekdays",
    "entre semana", "de normal", "de costumbre", "a diario", "daily", "every day", "todos los dias",
    "por la manana", "por la tarde", "por la noche", "a primera hora", "first thing", "cuando te pida",
    "cuando te pregunte", "whenever i ask", "when i ask", "cada vez que", "whenever", "from now on",
    "a partir de ahora", "de ahora en adelante", "going forward", "en adelante",
)

# A request addressed to the speaker, Spanish imperative with an enclitic "me" ("mándamelos", "avísame").
REQUEST_TO_ME: tuple[str, ...] = (
    "re:\\b(?:manda|envia|escribe|avisa|recuerda|pasa|da|di|responde|contesta|llama|despierta|notifica|informa"
    "|ensena|muestra|pon|deja|traduce|resume|explica|habla|prepara|trae|agenda|reserva|sube|copia|marca|etiqueta"
    "|menciona|consulta|pregunta|propon|sugiere|redacta|presenta|indica|senala|ordena|resalta|detalla|adjunta"
    "|enlaza)me(?:lo|la|los|las)?\\b",
    "send me", "give me", "tell me", "remind me", "ping me", "tag me", "email me", "text me", "message me",
    "show me", "wake me", "answer me", "reply to me", "write to me", "call me", "notify me",
    "re:\\b(?:send|forward|email|give|pass|route|assign|bring|escalate)\\b[^.]{0,40}\\bto me\\b",
    "re:\\ba mi\\b(?!\\s+(?:me|no)\\b)", "loop me in", "keep me in the loop", "cc me", "book me", "schedule me",
    "add me", "leave me out", "include me", "keep me posted", "conmigo", "with me", "ask me", "no me pidas",
    "no me preguntes",
    "re:\\b(?:don't|do not|never|please|always)\\b[^.]{0,50}\\bfor me\\b",
)

# How the assistant addresses the user in a proposal about the user's own way of working.
ADDRESSEE: tuple[str, ...] = (
    "send you", "sent you", "your stand-up", "your standup", "answer your", "answer you", "remind you",
    "notify you", "ping you", "your questions",
    "te mando", "te envio", "te respondo", "te aviso", "te recuerdo", "te escribo", "tus preguntas",
    "para ti", "for you", "mandarte", "enviarte", "avisarte", "recordarte", "escribirte", "responderte",
    "te mande", "te envie", "te avise", "te recuerde", "te escriba", "te pase", "te marco", "te los", "te las",
    "te lo", "your inbox", "your calendar", "tu calendario", "tu correo",
    "re:(?<!for )\\byour approval\\b", "your ok", "your okay",
    "your sign-off", "your attention", "your messages", "your review", "re:(?<!para )\\btu aprobacion\\b",
    "tu ok", "tu visto bueno",
    "tus mensajes", "tu revision",
    # the form of what the assistant gives the user: its replies, summaries and answers
    "your answers", "your replies", "your summary", "your summaries", "my answers", "my replies",
    "long answers", "the replies", "replies in", "reply in", "answer in", "respuestas", "tus respuestas",
    "mis respuestas", "los resumenes", "tus resumenes", "tu resumen", "resumenes semanales", "tl;dr", "tldr",
    # what the assistant hands the user, and the user's own preference it offers to keep
    "re:\\bte (?:pongo|muestro|guardo|apunto|anoto|formateo)\\b", "show you",
    "give you", "you prefer", "prefieres", "your preference", "tu preferencia",
)

# A wish about how a thing should be ("quiero que el panel…", "I want the API to…"): of a system, a decision.
DESIRE: tuple[str, ...] = (
    "quiero que", "i want the", "i want our", "i want all", "i want every", "i'd like the", "i would like the",
    "me gustaria que", "quiero el", "quiero la", "quiero los", "quiero las", "quiero todos", "quiero todas",
    "i want that", "i want this", "i want it", "i want them", "i want those", "quiero eso", "quiero esto",
)
# The speaker announcing how they themself work: what follows is theirs, whatever systems it names.
OWN_WAY = TermSet((
    "mi forma de trabajar", "mi manera de trabajar", "mi forma de hacerlo", "mi manera de hacerlo", "mi metodo",
    "mi costumbre", "my way of working", "the way i work", "how i work", "my working style", "my habit",
    "mi habito", "mi regla personal", "my personal rule", "yo trabajo asi", "i work like this",
    "i personally", "personally i", "yo personalmente", "personalmente yo", "decision mia", "my own decision",
    # a sentence the speaker marks as about herself: "And for my own routine: …", "Oh, and for me personally: …"
    "for me personally", "para mi personalmente", "for my own", "para mis propios", "para mis propias", "my routine",
    "mi rutina", "my own routine", "en mi nombre", "on my behalf", "in my name", "una cosa sobre mi",
    "something about me", "a thing about me", "note about me", "a note about me", "nota sobre mi",
    "re:^\\W*(?:(?:and|oh|also|y|ah|tambien)\\W+){0,2}(?:for me|para mi|as for me|en mi caso|in my case)\\s*[:,]",
))
# A note to keep something in mind: it says nothing about whose preference the sentence states.
KEEP_IN_MIND: tuple[str, ...] = ("tenlo en cuenta", "keep that in mind", "keep it in mind", "ten en cuenta")
# The speaker's own things and person: "my on-call week", "mi portátil", "for me".
OWN = ("my", "mi", "mis", "me", "for me", "para mi", "conmigo", "mine")

ADDRESSEE_SET = TermSet(ADDRESSEE)
# How the assistant treats the speaker, said by the speaker: "cuando te pida un resumen…", "ping Luis instead of me".
TREATMENT_SET = TermSet((
    "cuando te pida", "si te pido", "when i ask you", "when i ask for", "if i ask you", "if i ask for",
    "instead of me", "en vez de a mi", "en lugar de a mi", "me propongas", "you propose to me", "you suggest to me",
    "me sugieras", "me mandes", "me envies", "you send me", "give me", "dame", "only if i ask", "solo si te lo pido",
    "solo si lo pido", "send it to me", "send them to me", "put them in front of me", "queue it for",
    # what the assistant hands the speaker, and in what order: "ordénalas siempre por vencimiento"
    "ordenalas", "ordenalos", "ordenamelas", "ordenamelos", "sort them", "order them", "the weekly summary",
    "el resumen semanal", "the daily summary", "el resumen diario", "approval requests", "peticiones de aprobacion",
    "solicitudes de aprobacion",
    # an order for how things are handed or booked for the speaker: "ponlas siempre en…", "mándalos siempre ahí",
    # "las quiero siempre con agenda", "when you summarize incidents for me"
    "re:\\b[a-z]+[aeinz](?:me)?(?:las|los|la|lo)\\s+siempre\\b", "las quiero", "los quiero", "la quiero",
    "lo quiero", "re:\\bwhen you\\b[^.,;]{0,60}\\bfor me\\b", "si me das", "cuando me des", "if you give me",
    "when you give me",
    # what the assistant always tells or shows the speaker: "whenever you propose a change, always tell me the cost"
    "always tell me", "always show me", "always send me", "always give me", "siempre dime", "dime siempre",
    "siempre ensename", "siempre muestrame", "siempre mandame", "mandame siempre",
    # the form of what the speaker is handed: "plain text always, nunca tablas", "lo tecnico no me lo traigas"
    "plain text", "texto plano", "nunca tablas", "sin tablas", "no tables", "never tables", "no me lo traigas",
    "en tabla", "en una tabla", "in a table", "no en parrafos", "not in paragraphs",
    # to the agents together: "solo me avisáis por un P1", "me lo resumís a la vuelta"
    "me avisais", "me aviseis", "me resumis", "me lo resumis", "me mandais", "me mandeis",
    # what the assistant does for the speaker, addressed to it: "me lo pongas siempre en tabla"
    "re:\\bme\\s+(?:lo|la|los|las)\\s+(?:pongas|mandes|pases|envies|ensenes|muestres|des|digas)\\b",
    "no me los traigas", "don't bring me", "yo solo quiero ver", "i only want to see",
))
# The speaker as a step of the organisation's process (an approver, the one who signs): a rule of the organisation
# that names a role, not a preference ("Anything above that comes to me", "las bajas pasan por mí").
AUTHORITY_SET = TermSet((
    "comes to me", "come to me", "goes to me", "go to me", "pasa por mi", "pasan por mi", "pasara por mi",
    "pasaran por mi", "needs my approval", "need my approval", "needs my sign-off", "need my sign-off",
    "necesita mi aprobacion", "necesitan mi aprobacion", "necesita mi visto bueno", "necesitan mi visto bueno",
    "i'm the only one who", "i am the only one who", "only i sign", "solo yo firmo", "soy la unica que",
    "soy el unico que", "soy yo quien firma", "the only one who signs", "la unica que firma", "el unico que firma",
    # a duty handed on, the speaker named as who no longer has it: "…questions go to him, not me"
    "go to him, not me", "go to her, not me", "goes to him, not me", "goes to her, not me", "a el, no a mi",
    "a ella, no a mi", "not to me", "ya no a mi", "ya no pasan por mi", "ya no pasa por mi",
    # the speaker as the only contact of a customer: "from now on only I talk to them"
    "only i talk to", "only i deal with", "solo hablo yo con", "solo yo hablo con", "solo trato yo con",
    "gets forwarded to me", "get forwarded to me",
))
# Whom else a rule about answers may be for: then it is no way of treating the speaker.
OTHERS_SERVED_SET = TermSet(("to customers", "to clients", "a clientes", "a los clientes", "for customers",
                             "para clientes", "para los clientes", "customers'", "del equipo", "the team's"))
DESIRE_SET = TermSet(DESIRE)
OWN_SET = TermSet(OWN)
THIRD_PERSON_PREFERENCE_SET = TermSet(THIRD_PERSON_PREFERENCE)
INDIFFERENT_SET = TermSet(INDIFFERENT)
HABIT_SET = TermSet(HABIT)
THIRD_PARTY_SET = TermSet(THIRD_PARTY)
REQUEST_TO_ME_SET = TermSet(REQUEST_TO_ME)
DURATION_SET = TermSet(DURATION)

# The speaker talks about themself: "my …", "me organizo", "I read …", "no tengo reuniones".
FIRST_PERSON = TermSet(("i", "i'm", "im", "my", "me", "mine", "myself", "yo", "mi", "mis", "conmigo", "tengo",
                        "no tengo", "uso", "utilizo", "trabajo", "leo", "reviso", "llevo", "hago", "vivo", "duermo",
                        "ceno", "desayuno", "salgo", "empiezo", "termino", "respondo", "contesto", "escribo",
                        "programo", "entreno", "viajo", "soy", "estoy", "quiero", "voy", "necesito", "odio", "evito",
                        "suelo", "mia", "mio"))
# The speaker as the subject of a perfect or a contraction: "he decidido", "I've decided", "I'd rather".
FIRST_PERSON_PERFECT = TermSet(("i've", "ive", "i'd", "i'll",
                                "re:\\bhe\\s+[a-z]+(?:ado|ido|isto|echo|icho|ierto|uelto)\\b"))
# Who a third-person preference may belong to when it is a business fact: the organisation and its parties.
ORGANISATION = TermSet(("la empresa", "the company", "wetopi", "el cliente", "los clientes", "the client",
                        "the customer", "customers", "clients", "clientes", "el equipo", "the team", "our team",
                        "la direccion", "management", "the board", "el consejo", "proveedor", "proveedores",
                        "supplier", "suppliers", "partner", "partners", "socio", "socios"))
# The speaker talks for a group: "we", "our", Spanish first-person plural verbs ("hemos", "usamos").
FIRST_PERSON_PLURAL = TermSet(("we", "we're", "we've", "our", "ours", "us", "nosotros", "nosotras", "nuestro",
                               "nuestra", "nuestros", "nuestras", "re:\\b(?!mismos\\b)[a-z]{2,}mos\\b"))

# The speaker saying what their own position is ("Mi rol es CTO, así que…"): personal context.
OWN_POSITION = TermSet(("mi rol", "my role", "mi cargo", "my position", "my job title", "como cto", "as cto"))
