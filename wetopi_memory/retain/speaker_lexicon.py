"""How a turn is read, as plain data (ES/EN): who speaks, to whom and when, agreeing or not, proposing or asking
not to keep.

Terms are written folded (no accents, lowercase), as in `lexicon.py`; "re:" terms are regular expressions.
"""

from __future__ import annotations

from .term_matching import TermSet

__all__ = [
    "ACT_ONCE_ASKED",
    "ADDRESSEE",
    "ADDRESSEE_SET",
    "ASSENT",
    "AUTHORITY_SET",
    "CAUSE",
    "CONFIRM",
    "CONFIRM_ASKED",
    "DESIRE",
    "DESIRE_SET",
    "DISSENT",
    "DOUBT",
    "DURATION",
    "DURATION_SET",
    "FIRST_PERSON",
    "FIRST_PERSON_PLURAL",
    "FORGET_ASKED",
    "HABIT",
    "HABIT_SET",
    "INDIFFERENT",
    "INDIFFERENT_SET",
    "KEEP_IN_MIND",
    "KEEP_THIS",
    "LASTING",
    "LASTING_KIND",
    "NAMES_IT",
    "NOTE_THE_ANSWER",
    "NOW",
    "NOW_TO_ACT",
    "OFFER",
    "OPTIONS",
    "OPT_OUT",
    "OPT_OUT_OF_PART",
    "ORGANISATION",
    "OTHERS_SERVED_SET",
    "OWN",
    "OWN_SET",
    "OWN_WAY",
    "PROBLEM",
    "PROPOSAL",
    "RECOMMENDATION",
    "REQUEST_TO_ME",
    "REQUEST_TO_ME_SET",
    "RUNBOOK_ASKED",
    "SNAPSHOT",
    "THANKS",
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
    "yesterday", "ayer", "just now", "right now", "ahora mismo", "at the moment", "acabo de", "i just", "i've just",
    "i have just", "este mes", "this month", "esta semana", "this week", "este trimestre", "this quarter",
    "last quarter", "el trimestre pasado", "este ano", "this year",
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
    "send you", "answer your", "answer you", "remind you", "notify you", "ping you", "your questions",
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
    "something about me", "a thing about me",
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
    "me sugieras", "me mandes", "me envies", "you send me",
    # what the assistant hands the speaker, and in what order: "ordénalas siempre por vencimiento"
    "ordenalas", "ordenalos", "ordenamelas", "ordenamelos", "sort them", "order them", "the weekly summary",
    "el resumen semanal", "the daily summary", "el resumen diario", "approval requests", "peticiones de aprobacion",
    "solicitudes de aprobacion",
    # an order for how things are handed or booked for the speaker: "ponlas siempre en…", "mándalos siempre ahí",
    # "las quiero siempre con agenda", "when you summarize incidents for me"
    "re:\\b[a-z]+[aeinz](?:me)?(?:las|los|la|lo)\\s+siempre\\b", "las quiero", "los quiero", "la quiero",
    "lo quiero", "re:\\bwhen you\\b[^.,;]{0,60}\\bfor me\\b", "si me das", "cuando me des", "if you give me",
    "when you give me",
))
# The speaker as a step of the organisation's process (an approver, the one who signs): a rule of the organisation
# that names a role, not a preference ("Anything above that comes to me", "las bajas pasan por mí").
AUTHORITY_SET = TermSet((
    "comes to me", "come to me", "goes to me", "go to me", "pasa por mi", "pasan por mi", "pasara por mi",
    "pasaran por mi", "needs my approval", "need my approval", "needs my sign-off", "need my sign-off",
    "necesita mi aprobacion", "necesitan mi aprobacion", "necesita mi visto bueno", "necesitan mi visto bueno",
    "i'm the only one who", "i am the only one who", "only i sign", "solo yo firmo", "soy la unica que",
    "soy el unico que", "soy yo quien firma", "the only one who signs", "la unica que firma", "el unico que firma",
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

# A request to forget what was said ("olvida lo de que…", "forget that I prefer…"): nothing of it is new memory.
FORGET_ASKED = TermSet(("olvida lo de", "olvida que", "olvidate de lo de", "olvidate de que", "forget that",
                        "forget what i said", "forget about what", "forget the thing", "ya no aplica",
                        "no longer applies", "doesn't apply anymore", "borra lo de", "borra lo que te dije"))
OPT_OUT = TermSet((
    "no guardes", "no lo guardes", "no la guardes", "no los guardes", "no me guardes", "no almacenes",
    "no lo almacenes", "no lo apuntes", "no apuntes", "no lo anotes", "no anotes", "no lo recuerdes",
    "no recuerdes", "no memorices", "no lo memorices", "no lo metas en memoria", "no lo metas en la memoria",
    "no lo guardes en memoria", "don't save", "do not save", "don't store", "do not store", "don't remember",
    "do not remember", "don't memorize", "do not memorize", "don't keep this", "not to be saved",
    "no need to remember", "no need to save", "no need to store", "no need to keep", "no hace falta que lo guardes",
    "no hace falta guardarlo", "no hace falta que lo recuerdes", "no hace falta recordarlo",
    "no hace falta que lo apuntes", "no hace falta apuntarlo", "no hace falta que lo anotes", "no need to note",
    "no need to write it down",
    "don't write this down", "off the record", "no lo guardes en la memoria", "sin guardarlo",
    "que no se te quede", "no te quedes con esto", "olvida esto", "olvida lo que", "forget this",
    "forget i said", "forget what i said", "disregard", "no lo tengas en cuenta", "ignora lo que",
    # a test message: nothing in it is meant to last
    "es solo una prueba", "solo es una prueba", "esto es una prueba", "es una prueba del bot", "just a test",
    "only a test", "this is a test", "just testing", "solo probando", "estoy probando el bot", "ignore it",
    "ignore this", "ignora esto", "ignoralo",
    # keep it out of memory: "que no se quede en la memoria", "no quiero que lo guardes", "keep this out of memory"
    "re:\\bno se (?:te )?quede en (?:la |tu )?memoria\\b",
    "re:\\bque no quede (?:en (?:la |tu )?memoria|guardad|registrad)",
    "re:\\bno quiero que (?:lo |la |esto |eso )?(?:guardes|se guarde|recuerdes|apuntes|anotes)\\b",
    "re:\\bkeep (?:this|that|it) out of (?:your |the )?memory\\b", "dejalo fuera de la memoria",
    "deja esto fuera de la memoria", "not for the memory", "not for memory", "don't put this in memory",
    "don't put this in your memory",
    # "no lo retengas", "don't retain it", "es de prueba, …": other verbs of keeping, a test opening the message
    "re:\\bno (?:lo |la |los |las |me |te )?(?:retengas|registres|grabes|conserves)\\b",
    "re:\\b(?:don't|do not) (?:retain|record|keep) (?:this|that|it)\\b", "re:^\\W*(?:es|esto es) de prueba\\b",
))
# An opt-out of only part of the message: "The rest is chit-chat, ignore it", "lo demás ignóralo".
OPT_OUT_OF_PART = TermSet(("the rest", "el resto", "lo demas", "todo lo demas", "everything else", "the other stuff",
                           "lo otro"))
# What the user keeps beside such an opt-out: "Pero esto sí, y es para siempre: …", "But this one, yes: …".
KEEP_THIS = TermSet(("pero esto si", "esto si guardalo", "esto si apuntalo", "but this one yes", "but this yes",
                     "this one you can keep", "but keep this", "but save this", "pero guarda esto",
                     "pero apunta esto", "esto otro si"))
# An offer to do one thing now: agreeing to it decides nothing lasting, unless the user makes it a rule.
# "now" as when the assistant would act, not the present state a proposal changes ("el umbral que tenemos ahora",
# "the limit we have now").
_NOW_ACT: tuple[str, ...] = (
    "re:(?<!tenemos )(?<!tiene )(?<!tienen )(?<!hay )(?<!usamos )(?<!esta )(?<!estan )\\bahora\\b",
    "re:(?<!we have )(?<!we use )(?<!it is )(?<!it's )(?<!is )(?<!are )\\bnow\\b",
)
OFFER = TermSet((
    "shall i", "should i", "do you want me to", "want me to", "quieres que", "te parece si", "lo hago",
    *_NOW_ACT, "right away", "ya mismo", "would you like me to", "te paso", "i can paste", "paste",
    "pegar", "te lo pego", "lo intento", "lo pruebo", "should i try", "want me to try", "shall i try",
))
# "¿Lo reinicio?", "¿Se los mando?": the first person asking leave to act once (after a recommendation, to carry
# it out).
ACT_ONCE_ASKED = TermSet(("re:¿\\s*(?:y\\s+)?(?:se\\s+)?(?:lo|la|los|las|le|les)\\s+[a-z]+o\\s*\\?",))
# An offer for right now: agreeing to it decides nothing lasting.
NOW = TermSet(("ahora", "now", "right away", "ya mismo", "ahora mismo", "right now"))
NOW_TO_ACT = TermSet((*_NOW_ACT, "right away", "ya mismo", "ahora mismo", "right now"))
# A reading of the moment ("Right now: 143 sites, CPU at 61 %"), not a change's new state.
SNAPSHOT = TermSet(("right now", "ahora mismo", "at the moment", "en este momento", "currently", "actualmente",
                    "as of now", "a dia de hoy", "as it stands"))
# The user confirms what the assistant summed up ("eso es, cerrado"): a summary needs no proposal words.
CONFIRM = TermSet(("eso es", "correcto", "exacto", "exactly", "that's right", "thats right", "confirmed",
                   "confirmado", "confirmo", "cerrado", "deal", "asi es", "tal cual", "precisamente", "right"))
# A question that closes a summary to have it confirmed ("¿Lo doy por bueno?", "Is that right?"): a "yes" to it
# confirms the summary, unlike a yes to an offer of work.
CONFIRM_ASKED = TermSet(("lo doy por bueno", "la doy por buena", "lo damos por bueno", "es correcto", "es asi",
                         "correcto?", "is that right", "is that correct", "right?", "correct?", "lo he entendido bien",
                         "did i get that right", "have i got that right", "lo dejo asi", "lo guardo asi",
                         "queda asi", "shall i save it", "shall i keep it", "should i save", "lo apunto",
                         "lo guardo", "do i note", "shall i note", "esta bien asi", "is that it", "asi?"))
# Doubt about the proposal itself, which the user's assent does not remove.
DOUBT = TermSet(("not sure", "i'm not sure", "no estoy seguro", "no estoy segura", "unsure", "no se si",
                 "i don't know if", "i do not know if", "can't promise", "no garantizo", "not certain"))
_LASTING_KINDS = ("policy", "politica", "rule", "norma", "regla", "runbook", "procedure", "procedimiento", "sla")
LASTING = TermSet((
    "always", "siempre", "from now on", "a partir de ahora", "de ahora en adelante", "every", "cada",
    "going forward", "en adelante", "that way", "asi siempre",
    # a proposed rule lasts by what it is: a policy, a runbook, a default
    *_LASTING_KINDS, "by default", "por defecto",
))
# What a confirmed summary may be called: "Sí, ese es el runbook", "that's our policy".
LASTING_KIND = TermSet(_LASTING_KINDS)
# Naming what the message before was: "ese es el runbook", "that's our policy".
NAMES_IT = TermSet(("ese es", "esa es", "eso es", "este es", "esta es", "that's", "thats", "that is", "this is",
                    "it's our", "es nuestro", "es nuestra"))
ASSENT = TermSet((
    "si", "vale", "ok", "okay", "okey", "de acuerdo", "adelante", "hagamoslo", "hagamoslo asi", "hazlo",
    "hazlo asi", "asi lo hacemos", "me parece bien", "perfecto", "go ahead", "go with", "let's do",
    "lets do", "do it", "sounds good", "agreed", "yes", "yep", "yeah", "sure", "approved", "aprobado", "dale",
    "venga", "de una", "correcto", "exacto", "me vale", "go for it", "let's go with", "vamos con", "tira",
    "eso es", "trato hecho", "it's a deal", "done deal", "that works", "works for me", "me sirve", "let's go",
    "palante", "approve", "apruebo", "good", "make that", "make it", "tal cual", "that's it", "eso mismo",
    "re:^\\W*(?:go|proceed|procede)\\W*$", "ship it", "do that", "hazlo ya", "yes please",
    # a confirmation of a summary: "Exactly.", "That's right", "Así es"
    "exactly", "that's right", "thats right", "correct", "precisely", "asi es", "precisamente",
    # praise that takes the proposal: "perfect, that's our procedure from now on", "genial, así"
    "re:^\\W*(?:perfect|great|excellent|genial|estupendo|excelente)\\b",
))
DISSENT = TermSet((
    "no", "nope", "mejor no", "not sure", "no estoy seguro", "no estoy segura", "let me think", "dejame pensar",
    "lo pienso", "lo pensare", "todavia no", "not yet", "hmm", "espera", "wait", "ni hablar", "don't",
    "no lo hagas", "think about it", "ya veremos", "lo hablamos", "not now", "ahora no", "no way", "pero", "but",
    "cambia", "change",
    "nah", "meh",
    # a deferral takes nothing: "interesting. let me ask Marta first", "lo consulto con Jordi y te digo"
    "interesting", "interesante", "let me ask", "let me check with", "i'll ask", "i'll check with", "ask her first",
    "ask him first", "lo consulto", "dejame consultar", "dejame preguntar", "lo hablo con", "antes lo hablo",
    # a hedged yes agrees to nothing: "Sí, puede ser", "maybe", "could be"
    "puede ser", "puede que", "quiza", "quizas", "tal vez", "a lo mejor", "maybe", "perhaps", "could be",
    "might be", "podria ser", "i guess", "supongo",
))
# A problem seen, not a fact of the system: "no arranca", "CrashLoopBackOff", "keeps failing".
PROBLEM = TermSet(("no arranca", "no arrancan", "imagepullbackoff", "errimagepull", "won't start", "doesn't start",
                   "not starting", "tarda", "tardan", "takes forever", "takes ages", "health_warn", "health_err",
                   "too many", "demasiados", "demasiadas", "no salen", "no llegan", "no corre", "no se ejecuta",
                   "are empty", "is empty", "estan vacios", "esta vacio", "keeps", "again", "otra vez", "de nuevo",
                   "no funciona", "no va", "falla", "fallan", "fallando", "fails", "failing", "failed",
                   "error", "errores", "errors", "caido", "caida", "down", "crash", "crashes", "crashing",
                   "crashloopbackoff", "oomkilled", "not working", "doesn't work", "broken", "roto", "lento",
                   "slow", "se cuelga", "hangs", "stuck", "atascado", "no responde", "not responding", "no resuelve",
                   "rejecting", "refusing", "timing out", "se queja", "se quejan", "complain", "complains",
                   "complaining", "doesn't resolve", "no carga", "won't load"))
# A causal connector: in a problem's description, what follows is its cause.
CAUSE = TermSet(("porque", "because", "debido a", "due to", "por culpa de", "a causa de", "since the"))
# The user asks how a thing is done: a tested answer is a runbook.
# The user asks to keep what the answer says ("Apunta esto como procedimiento", "Write this down as the runbook").
NOTE_THE_ANSWER = TermSet((
    "apunta esto", "apuntalo", "anota esto", "anotalo", "guarda esto", "guardalo", "documenta esto", "documentalo",
    "dejalo apuntado", "dejalo documentado", "write this down", "write that down", "note this down", "note that down",
    "save this as", "keep this as", "record this", "document this", "document that", "apunta eso", "anota eso",
    "write it down", "note it down", "save it as", "apuntalo como", "guardalo como", "anotalo como",
))
RUNBOOK_ASKED = TermSet(("how do i", "how do we", "how to", "procedure", "procedimiento", "runbook", "steps",
                         "pasos", "como se", "como hago", "como hacemos", "como restauro", "como recupero"))
# A message proposes something the user can agree to.
PROPOSAL = TermSet((
    "propongo", "propuesta", "sugiero", "te propongo", "i'd say", "i would say", "yo diria",
    "podemos", "podriamos", "recomiendo", "option",
    "options", "opcion", "opciones", "i suggest", "i propose", "i could", "we could", "you could",
    "would you like", "quieres que", "shall i", "i recommend", "my proposal", "should we", "te parece",
    "suggest", "i'd suggest", "i would suggest", "my suggestion", "mi sugerencia", "i'd recommend",
    "te recomiendo", "lo mejor seria", "the best option", "la mejor opcion", "i'd go with", "yo iria con",
    "i'd use", "yo usaria", "what about", "que tal si", "how about", "recommendation", "mi recomendacion",
    "i'd set", "i would set", "yo pondria", "yo configuraria", "i'd go for", "yo haria", "si quieres",
    "if you want", "if you like", "si te parece", "suggested", "sugerido", "sugerida", "sugerencia", "proposed",
    "propuesto", "propuesta", "proposal", "plan:", "mi plan", "my plan", "suggestion", "want me to",
    "do you want me to", "puedo", "i can", "podria", "could i",
    "re:\\b[1-9]\\)",
    # what the assistant would do: "I'd pin …", "yo pondría …", "Subiría …"
    "re:\\bi'd\\s+(?!(?:like|love|say|think|guess|rather|prefer|be|have|need)\\b)[a-z]{3,}\\b",
    "re:\\bi would\\s+(?!(?:like|love|say|think|guess|rather|prefer|be|have|need)\\b)[a-z]{3,}\\b",
    "re:(?:^|[.!:]\\s+|\\byo\\s+)(?:lo |la |los |las |le |les )?[a-z]{3,}(?:aria|eria|iria)\\b",
    # an offer as a question in the first person: "¿Activo el auto-prune …?", "¿Te lo subo a 40?"
    "re:¿\\s*(?:se lo |se la |te lo |te la |lo |la |le |les |los |las |te )?"
    "(?!(?:como|cuando|cuanto|donde|quien|que|algo|nuevo|otro|solo|bueno|claro)\\b)[a-z]{2,}o\\b[^?]*\\?",
    # terms put to the user as a question in the first person plural: "¿Dejamos la permanencia en 12 meses?"
    "re:¿\\s*(?:lo |la |los |las |le |les )?(?!(?:hemos|tenemos|sabemos|podemos)\\b)[a-z]{3,}(?:amos|emos|imos)\\b"
    "[^?]*\\?",
    "shall we", "how about we", "let's",
    # terms put to the user for approval: "Resumen para aprobación: … ¿Lo apruebas?", "Approve?"
    "para aprobacion", "for approval", "for your approval", "do you approve", "lo apruebas", "la apruebas",
    "los apruebas", "las apruebas", "lo das por bueno", "la das por buena", "ok to proceed", "okay to proceed",
    "re:(?:^|[.!:]\\s+)¿?\\s*(?:approve|apruebo|aprobamos)\\s*\\?",
    # a closing tag question that puts what precedes it to the user: "…, ¿ok?", "…, ¿vale?", "…, right?"
    "re:[,;:]\\s*¿?\\s*(?:ok|okay|vale|right|si|de acuerdo|te parece bien|te vale|sounds good|good)\\s*\\?",
))
# A list of options put to the user, and the words that recommend one of them.
OPTIONS = TermSet(("opciones", "options", "alternativas", "alternatives", "hay dos", "hay tres", "there are two",
                   "there are three"))
RECOMMENDATION = TermSet(("recomiendo", "i recommend", "i'd recommend", "i'd go with", "yo iria con", "i'd pick",
                          "me quedaria con", "mi recomendacion", "my recommendation", "sugiero", "i suggest",
                          "propongo", "i propose", "la mejor", "the best", "best option", "i'd use", "yo usaria",
                          "te recomiendo", "i'd suggest", "lo mejor"))
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
THANKS = TermSet(("gracias", "thanks", "thank you", "thx", "me has", "you saved", "me salvaste"))
