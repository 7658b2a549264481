"""How a turn's exchange is read, as plain data (ES/EN): agreeing or not, proposing, offering, confirming, asking
to keep or not to keep, and for how long a rule is meant.

Terms are written folded (no accents, lowercase), as in `lexicon.py`; "re:" terms are regular expressions.
"""

from __future__ import annotations

from .term_matching import TermSet

__all__ = ["ACT_ONCE_ASKED", "ALWAYS", "APPROVAL_ASKED", "APPROVAL_REQUESTED", "ASSENT", "CAUSE", "CHANGE_ORDERED",
           "CHANGE_REQUEST", "CHECK_ASKED", "CONFIRM", "CONFIRM_ASKED", "DISSENT", "DISSENT_AFTER",
           "DOUBT",
           "FILE_IT", "FIX_ASKED", "FORGET_ASKED", "GLOSS", "KEEP_THIS", "LASTING", "LASTING_KIND", "NAMES_IT",
           "NOW", "NOW_TO_ACT", "OFFER", "OPTIONS", "OPT_OUT", "OPT_OUT_OF_PART", "PROBLEM",
           "PROPOSAL", "PURPOSE", "RECOMMENDATION", "REQUEST_NOW", "REQUEST_NOW_SET", "RUNBOOK_ASKED", "SNAPSHOT",
           "STATUS_ASKED", "THANKS", "TRIAL_ASSENT"]

# A request to forget what was said ("olvida lo de que…", "forget that I prefer…"): nothing of it is new memory.
FORGET_ASKED = TermSet(("olvida lo de", "olvida lo del", "olvidate de lo del", "borra lo del",
                        "olvida que", "olvidate de lo de", "olvidate de que", "forget that",
                        "ni caso a lo que", "no hagas caso a lo que", "ignore what i said",
                        "never mind what i said", "olvida lo que te dije", "era una chorrada", "forget it",
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
    # about memory, not backups: "stop saving stuff about my kids in memory", not "we stop saving logs after 30 days"
    "re:\\b(?:stop saving|stop storing|deja de guardar|deja de apuntar)\\b[^.;]{0,40}"
    "\\b(?:memory|memoria|about me|about my|sobre mi|de mi)\\b",
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
                     "pero apunta esto", "esto otro si", "si sigue en pie", "still stands", "that still holds"))
# An offer to do one thing now: agreeing to it decides nothing lasting, unless the user makes it a rule.
# "now" as when the assistant would act, not the present state a proposal changes ("el umbral que tenemos ahora",
# "the limit we have now").
_NOW_ACT: tuple[str, ...] = (
    # nor "for now", a limit of what is proposed ("activar HPOS solo en tiendas pequeñas por ahora")
    "re:(?<!tenemos )(?<!tiene )(?<!tienen )(?<!hay )(?<!usamos )(?<!esta )(?<!estan )(?<!por )\\bahora\\b",
    "re:(?<!we have )(?<!we use )(?<!it is )(?<!it's )(?<!is )(?<!are )(?<!for )\\bnow\\b",
)
OFFER = TermSet((
    "shall i", "should i", "do you want me to", "want me to", "quieres que", "te parece si", "lo hago",
    *_NOW_ACT, "right away", "ya mismo", "would you like me to", "te paso", "i can paste", "paste",
    "pegar", "te lo pego", "lo intento", "lo pruebo", "should i try", "want me to try", "shall i try",
))
# "¿Lo reinicio?", "¿Se los mando?": the first person asking leave to act once (after a recommendation, to carry
# it out).
ACT_ONCE_ASKED = TermSet(("re:¿\\s*(?:y\\s+)?(?:se\\s+)?(?:lo|la|los|las|le|les)\\s+[a-z]+o\\s*\\?",))
# One pending item put up for approval: letting it through decides nothing lasting ("Tengo pendiente de aprobación el
# despliegue de site-elcafetal (Astra 4.8.1 → 4.8.3). ¿Apruebo?" + "Aprobado.").
APPROVAL_ASKED = TermSet(("pendiente de aprobacion", "pendiente de tu aprobacion", "pending approval",
                          "solicitud de aprobacion", "approval request", "request for approval",
                          "awaiting approval", "awaiting your approval", "waiting for your approval",
                          "needs your approval", "re:¿\\s*(?:lo\\s+|la\\s+)?apruebo\\s*\\?",
                          "re:\\b(?:shall|should|can) i approve (?:it|this|that)\\b",
                          "re:\\bapprove (?:it|this)\\s*\\?",
                          # a numbered item put up for approval: "PR #451 (Renovate): bump axios… CI green. Approve?"
                          "re:#\\d+\\b[^?]{0,300}?[.!]\\s+(?:ok to |good to )?approve\\s*\\?"))
# The user hands an item to the approver: "¿Lo apruebas?", "Can you approve it?", "Approve it anyway?", "Process it."
APPROVAL_REQUESTED = TermSet(("re:¿\\s*(?:me\\s+)?(?:lo|la|los|las)\\s+(?:apruebas|validas|tramitas)\\b",
                              "re:\\b(?:can|could|would|will) you (?:please )?approve (?:it|this|that|them)\\b",
                              "re:\\bapprove (?:it|this|that|them)(?: anyway)?\\s*\\?",
                              "re:^\\W*(?:please\\s+)?process it\\W*$",
                              "re:^\\W*(?:tramitalo|tramitala|procesalo|procesala)\\W*$",
                              # the approval asked of us, reported: "Me piden aprobar…", "Jordi wants approval to…"
                              "re:\\b(?:me\\s+|nos\\s+)?piden?\\s+(?:que\\s+)?(?:aprobar|apruebe|aprobemos|el\\s+ok\\s+para)\\b",
                              "re:\\b(?:wants?|needs?|asks?\\s+for|asking\\s+for)\\s+(?:my\\s+|our\\s+)?approval\\s+(?:to|for)\\b"))
# An offer for right now: agreeing to it decides nothing lasting.
NOW = TermSet(("ahora", "now", "right away", "ya mismo", "ahora mismo", "right now"))
NOW_TO_ACT = TermSet((*_NOW_ACT, "right away", "ya mismo", "ahora mismo", "right now"))
# A reading of the moment ("Right now: 143 sites, CPU at 61 %"), not a change's new state.
SNAPSHOT = TermSet(("right now", "ahora mismo", "at the moment", "en este momento", "currently", "actualmente",
                    "as of now", "a dia de hoy", "as it stands"))
# Leave to try a proposal, not to adopt it: "Vale, prueba.", "Sí, pruébalo", "ok, give it a try".
TRIAL_ASSENT = TermSet((
    "re:^\\W*(?:(?:vale|ok|okay|si|venga|dale|adelante|bueno|yes|sure|go ahead)[\\s,.!]+)?"
    "(?:prueba(?:lo|la|los|las)?(?!\\s+(?:superada|gratis|de\\b))|probemos|probad|intentalo"
    "|try it|try that|give it a (?:try|go)|let'?s try)\\b",))
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
    # a routine: "los lunes a las 9", "un resumen semanal", "every Monday", "daily"
    "semanal", "semanales", "semanalmente", "weekly", "diario", "diaria", "daily", "mensual", "monthly",
    "re:\\blos (?:lunes|martes|miercoles|jueves|viernes|sabados|domingos)\\b",
    "re:\\bon (?:mondays|tuesdays|wednesdays|thursdays|fridays|weekdays)\\b",
    # a proposed rule lasts by what it is: a policy, a runbook, a default
    *_LASTING_KINDS, "by default", "por defecto",
    # "Shall I make it official?": the proposal becomes the rule
    "make it official", "officially", "hacerlo oficial", "lo hago oficial", "oficialmente",
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
    "palante", "re:^\\W*deal\\W*$", "approve", "apruebo", "apruebalo", "apruebala", "apruebalos", "apruebalas",
    "good", "make that", "make it", "tal cual", "that's it", "eso mismo",
    "re:^\\W*(?:go|proceed|procede)\\W*$", "ship it", "do that", "hazlo ya", "yes please",
    # a confirmation of a summary: "Exactly.", "That's right", "Así es"
    "exactly", "that's right", "thats right", "correct", "precisely", "asi es", "precisamente",
    # praise that takes the proposal: "perfect, that's our procedure from now on", "genial, así"
    "re:^\\W*(?:perfect|great|excellent|genial|estupendo|excelente)\\b",
    # liking it, said of the proposal alone: "Me gusta. Adelante con Woo Scale…" (not "me gusta el café solo")
    "re:^\\W*(?:me gusta|me encanta|me mola|i like it|i love it|love it|like it)\\W*$",
))
_DISSENT: tuple[str, ...] = (
    "no", "nope", "mejor no", "not sure", "no estoy seguro", "no estoy segura", "let me think", "dejame pensar",
    "lo pienso", "lo pensare", "todavia no", "not yet", "hmm", "espera", "wait", "ni hablar", "don't",
    "no lo hagas", "think about it", "ya veremos", "lo hablamos", "not now", "ahora no", "no way", "pero", "but",
    "cambia", "change",
    "nah", "meh",
    # a deferral takes nothing: "interesting. let me ask Marta first", "lo consulto con Jordi y te digo"
    "interesting", "interesante", "let me ask", "let me check with", "i'll ask", "i'll check with", "ask her first",
    "ask him first", "lo consulto", "dejame consultar", "dejame preguntar", "lo hablo con", "antes lo hablo",
    # a look put off: "vale, lo miro luego con calma", "ok, I'll look at it later"
    "lo miro luego", "luego lo miro", "lo miro despues", "lo reviso luego", "luego lo reviso", "lo miro con calma",
    "i'll look at it later", "i'll check it later", "i'll have a look later",
    # a hedged yes agrees to nothing: "Sí, puede ser", "maybe", "could be"
    "puede ser", "puede que", "quiza", "quizas", "tal vez", "a lo mejor", "maybe", "perhaps", "could be",
    "might be", "podria ser", "i guess", "supongo",
    # news taken in, not a proposal taken up: "ok thanks, good to know", "vale, bueno saberlo"
    "good to know", "nice to know", "bueno saberlo", "es bueno saberlo", "thanks for the heads up",
    "gracias por avisar", "gracias por el aviso",
)
DISSENT = TermSet(_DISSENT)
# ... after an agreement, in the sentences that follow it: a bare "no" or "pero" there adds ("Sí, hagámoslo así. Pero
# los sitios de Kraut se quedan en 8.2, que no es compatible con 8.3")
DISSENT_AFTER = TermSet(t for t in _DISSENT if t not in ("no", "pero", "but"))
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
                   "complaining", "doesn't resolve", "no carga", "won't load", "is throwing", "are throwing",
                   "esta dando", "estan dando", "don't start", "hours late", "horas tarde", "llegan tarde",
                   "salen tarde", "been throwing", "been returning", "lleva dando", "llevan dando", "lleva fallando",
                   "llevan fallando", "is lagging", "are lagging", "lagging behind", "va con retraso",
                   "van con retraso", "lleva retraso", "llevan retraso",
                   # something absent that should be there: "Half the namespaces are missing the … label"
                   "are missing", "is missing", "les falta", "le falta", "no tienen la", "no tiene la",
                   # a run far longer than usual: "took 5 hours instead of 2", "tardó 40 min en vez de 10"
                   "re:\\b(?:took|tardo|ha tardado|tarda)\\b[^.;]{0,30}\\b(?:instead of|en vez de|en lugar de)\\b",
                   # an HTTP error someone gets: "les sale un 413", "they're getting a 502"
                   "re:\\b(?:les|me|nos|te|le)\\s+(?:sale|salen|da|dan)\\s+(?:un\\s+|una\\s+|el\\s+)?(?:error\\s+)?[45]\\d\\d\\b",
                   "re:\\b(?:they're|they are|we're|we are|i'm|i am|customers are|users are)\\s+getting\\s+(?:an?\\s+)?"
                   "(?:error\\s+)?[45]\\d\\d\\b"))
# A causal connector: in a problem's description, what follows is its cause.
CAUSE = TermSet(("porque", "because", "debido a", "due to", "por culpa de", "a causa de", "since the"))
PURPOSE = TermSet(("para que no", "para no", "so that it doesn't", "so it doesn't", "to avoid"))   # why it changed
# An order to file what was just agreed, by a pronoun: "Add it to the approval checklist", "ponlo en el runbook"
FILE_IT = TermSet((
    "re:\\b(?:add|put|write|document|file|copy|save|log|note|pin)\\s+(?:it|this|that|them)\\s+(?:in|into|to|on|under)\\b",
    "re:\\b(?:anade|pon|mete|apunta|anota|documenta|guarda|sube|pasa|agrega)(?:lo|la|los|las)\\s+(?:en|a|al)\\b",
    "re:^\\W*(?:just\\s+)?so\\s+you\\s+have\\s+it\\b|^\\W*(?:te lo (?:digo|cuento)\\s+)?para\\s+que\\s+lo\\s+tengas\\b",
))
# What the thing asked about is or where it is: "It's the ApplicationSet for the new staging sites", "Está en ~/docs/…"
GLOSS = TermSet(("re:^\\W*(?:it's|it is|this is|that's|it lives|you'll find it|es el|es la|es un|es una|esta en"
                 "|lo tienes en|la tienes en|lo tienes aqui)\\b",))
# The user asks how a thing is done: a tested answer is a runbook.
RUNBOOK_ASKED = TermSet(("how do i", "how do we", "how to", "procedure", "procedimiento", "runbook", "steps",
                         "pasos", "como se", "como hago", "como hacemos", "como restauro", "como recupero"))
# The user asks whether an earlier fix holds ("ya está fixed, ¿no?"): a checked answer reports that fix.
FIX_ASKED = TermSet(("re:\\bya\\s+esta\\s+(?:fixed|arreglad[oa]s?|resuelt[oa]s?|solucionad[oa]s?)\\b",
                     "re:\\bis\\s+(?:it|that|this)\\s+(?:fixed|resolved|sorted)\\b", "still fixed", "sigue arreglado",
                     # whether it held: "Did it hold overnight?", "¿Ha aguantado el pool el pico de ayer?"
                     "re:(?<!\\bhow\\s)\\b(?:did|has)\\s+(?:it|that|the\\s+\\w+)\\s+(?:hold|held)\\b", "ha aguantado",
                     "aguanto el",
                     # whether the change worked: "Did last night's import finally go through with the 600s timeout?"
                     "re:^\\W*(?:and\\s+)?did\\b[^?.]{0,80}\\b(?:finally\\s+)?(?:go through|work)\\b[^?.]{0,60}"
                     "\\bwith\\b",
                     "re:^\\W*(?:y\\s+)?(?:ha funcionado|funciono|ya funciona)\\b[^?.]{0,80}\\bcon\\b"))
# The user asks how a job stands or for a summary ("Is it done?", "¿Ya ha terminado?", "Summarize this before I
# approve…"): the checked answer reports a state, not a fix.
STATUS_ASKED = TermSet(("re:^\\W*(?:so\\s+|and\\s+)?(?:is|was)\\s+it\\s+(?:done|finished|ready)\\b", "did it finish",
                        "has it finished", "re:^\\W*(?:y\\s+)?(?:ya\\s+)?(?:esta|ha terminado|ha acabado)\\s*\\?",
                        "summarize this", "summarise this", "resumeme esto", "hazme un resumen",
                        # how things stand: "How did the cluster hold up over the weekend?", "¿Cómo está ahora?"
                        "re:\\bhow\\s+(?:did|has|have)\\s+(?:it|they|the\\s+\\w+)\\s+(?:hold|held)\\s+up\\b",
                        "anything i should worry about", "algo de lo que preocuparme", "how is it now",
                        "how does it look",
                        "re:(?:^|[.!?]\\s)\\W*(?:y\\s+)?como\\s+(?:esta|va)\\s+(?:ahora|la\\s+cosa|todo)\\s*\\?"))
# A message proposes something the user can agree to.
PROPOSAL = TermSet((
    "propongo", "propuesta", "sugiero", "te propongo", "i'd say", "i would say", "yo diria",
    # a draft put forward for approval: "Draft support policy v2: - Support hours …" (not an email's "Draft: Hi …")
    "re:^\\W*(?:draft|borrador)\\s+(?:de\\s+|del\\s+|la\\s+|el\\s+)?(?!(?:e-?mail|correo|reply|respuesta|message|mensaje)"
    "\\b)[a-z]",
    "podemos", "podriamos", "recomiendo", "option",
    "options", "opcion", "opciones", "i suggest", "i propose", "i could", "we could", "you could",
    "would you like", "quieres que", "shall i", "i recommend", "my proposal", "should we", "te parece",
    "suggest", "i'd suggest", "i would suggest", "my suggestion", "mi sugerencia", "i'd recommend",
    "te recomiendo", "lo mejor seria", "the best option", "la mejor opcion", "i'd go with", "yo iria con",
    "i'd use", "yo usaria", "what about", "que tal si", "how about", "recommendation", "mi recomendacion",
    "i'd set", "i would set", "yo pondria", "yo configuraria", "i'd go for", "yo haria", "si quieres",
    "if you want", "if you like", "si te parece", "suggested", "sugerido", "sugerida", "sugerencia", "proposed",
    "propuesto", "propuesta", "proposal", "plan:", "mi plan", "my plan", "suggestion", "want me to",
    "do you want me to", "puedo", "i can", "podria", "could i", "would it help if", "would it help to",
    "te ayudaria que", "te ayudaria si", "te vendria bien que", "te iria bien que",
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
THANKS = TermSet(("gracias", "thanks", "thank you", "thx", "me has", "you saved", "me salvaste"))
# The user asks the assistant to check what a system's configuration is ("Can you verify where their volumes live?",
# "¿Me confirmas las redes de Ceph?", "Why is the cart not cached? Check it."): the checked answer is a verified
# fact. Whether something works ("comprueba si resuelve bien", "check that the backups were fine") is a status.
CHECK_ASKED = TermSet(("can you verify where", "can you verify which", "can you verify what", "verify where",
                       "verify which", "can you confirm the", "could you confirm the", "can you confirm which",
                       "can you confirm what", "can you confirm where", "confirm which", "check which", "check where",
                       "me confirmas", "confirmame", "confirma cual", "confirma donde", "comprueba cual", "confirmalo",
                       "re:\\bwhy\\b[^.?]{0,80}\\?\\s*check it\\b|\\b(?:lo|la)\\s+confirmas\\b",
                       # whether an earlier change worked: "¿Se han acabado los OOMKills de FitBox?"
                       "se han acabado", "se ha acabado", "se ha arreglado", "se han arreglado", "ya no falla",
                       "ya no fallan", "did it work", "did that work", "did the fix work", "did that fix it",
                       "is it fixed", "has it stopped", "have they stopped", "ha funcionado el cambio",
                       # a value to read from the system itself: "…so confirm it from the actual config"
                       "confirm it from", "confirm it against", "confirm from the", "from the actual config",
                       "against the real config", "de la config real", "en la configuracion real", "comprueba donde",
                       "re:(?:^|[.?!]\\s+)(?:please\\s+)?confirm\\s+(?:the\\s+)?(?:versions?|values?)\\b"))
# A named change request ("PR #412 bumps the chart… Approve?"): approving it is one act, which git keeps.
CHANGE_REQUEST = TermSet(("re:\\b(?:pr|mr|pull request|merge request)\\s*[#!]\\d+", "re:\\b(?:cr|chg|rfc)-\\d+\\b"))
# The user orders a system's value changed this turn: "raise it to 600 and rerun", "súbelo a 20", "set it to 300".
CHANGE_ORDERED = TermSet((
    "re:^\\W*(?:ok\\W+|vale\\W+|then\\s+|pues\\s+)?(?:raise|bump|increase|lower|reduce|decrease|set|change)\\s+"
    "(?:it|them|that|this|the\\s+[\\w.-]+)\\s+to\\s+\\d",
    "re:^\\W*(?:ok\\W+|vale\\W+|pues\\s+)?(?:sube|baja|pon|cambia|deja)(?:lo|la|los|las)\\s+(?:a|en)\\s+\\d",
    # a guard ordered: "Make sure staging copies can't send real emails", "asegúrate de que solo entre por la VPN"
    "re:(?:^|[.;:]\\s)\\W*(?:and\\s+|y\\s+)?(?:make sure|ensure|asegurate de que|aseguraos de que)\\b[^.?!]{0,80}"
    "\\b(?:can't|cannot|can not|never|only|no pueda|no puedan|nunca|solo)\\b",
    # a setup ordered for an outcome: "Set up the technical side so that any site flagged gets a daily copy"
    "re:(?:^|[.;:]\\s)\\W*(?:please\\s+)?(?:set up|configure|configura|configurad|monta|montad)\\b[^.?!]{0,80}"
    "\\b(?:so that|para que)\\b",
    # a fix ordered with its guard: "Fix it and make sure a rotation doesn't do this again", "arréglalo y que no vuelva"
    "re:\\b(?:fix it|arreglalo|arreglala)\\s+(?:and|y)\\s+(?:make sure|ensure|asegurate|que no vuelva)\\b",
))
# Said for always: a rule the user sets, whatever its category ("las reuniones ponlas siempre en …").
ALWAYS = TermSet(("siempre", "always", "every time", "cada vez", "from now on", "a partir de ahora",
                  "de ahora en adelante",
                  # a rule for a kind of case: "a general thing: for fixes like this, …", "en casos así, …"
                  "a general thing", "as a general rule", "como regla general", "en general,", "in general,",
                  "re:\\bfor (?:[a-z]+ )?(?:like this|like these|of this kind)\\b", "en casos asi",
                  "en casos como este"))

# A request for this turn: a text to write, a chore to do now. A regularity ("cada 2 horas") makes it standing.
REQUEST_NOW: tuple[str, ...] = (
    "redactame", "write me a", "write an email", "escribe un correo", "draft an", "summarize", "resumeme",
    # something to send now: "send the new prices to Pixelmar", "forward this to Jordi"
    "re:^\\W*(?:please\\s+)?(?:send|forward|email|mail)\\s+(?:the|this|that|it|them|a|an|our|my)\\b",
    "traduceme", "re:(?<!don't )(?<!do not )(?<!never )(?<!not )\\btranslate\\b", "preparame un",
    # ideas asked for now: "Dame tres ideas de precio, nada definitivo", "Give me two options for the renewal"
    "re:^\\W*(?:dame|give me)\\s+(?:\\w+\\s+){0,2}?(?:ideas?|opciones|options?|ejemplos?|examples?|propuestas?"
    "|alternativas?)\\b",
    # one item to act on now: "approve that refund request", "aprueba el PR de Marco" (a rule names no one item)
    # ... unless it states the terms approved: "Approve the Conecta DC order for the second rack: 1,450 €/month…"
    "re:^\\W*(?:please\\s+|por favor,?\\s+)?(?:approve|reject|deny|merge|aprueba|rechaza|deniega|mergea)\\s+"
    "(?:that|this|the|el|la|este|esta|ese|esa)\\b(?![^.;]{0,80}:[^;]{0,40}\\d[\\d.,]*\\s*(?:€|eur\\b|euros\\b|\\$|usd\\b))",
    # a chore for the assistant, now: "Bórrame la reunión del jueves", "Muéveme la call a las 5"
    "re:^\\W*(?:borra|cancela|mueve|agenda|reserva|crea|quita|reprograma|abre|cierra|prepara|busca|saca|revisa"
    "|descarga|baja|imprime)me"
    "(?:lo|la|los|las)?\\b",
    # a chore towards someone else: "Mándale la factura de octubre a la gestoría", "Escríbeles hoy"
    "re:^\\W*(?:manda|envia|reenvia|pasa|di|llama|escribe|contesta|responde|recuerda|avisa|prepara)(?:le|les)"
    "(?:lo|la|los|las)?\\b",
    # a job handed to the assistant now: "Fix it y dime qué ha pasado", "Prepara la parte técnica cuando puedas"
    "re:^\\W*(?:please\\s+|por favor,?\\s+)?(?:fix it|fix this|arreglalo|arreglala|arregla esto|look into it"
    "|look into this|investigalo|echale un ojo|take a look|prepara (?:la|el|los|las|un|una)\\b)",
    # a piece of work for the assistant: "Ahora hazme el post del nuevo precio", "Tenlas listas el jueves"
    "re:^\\W*(?:ahora\\s+|now\\s+|y\\s+|and\\s+)?(?:hazme|escribeme|make me|draft me|write me up|give me an? (?:regex|"
    "script|command|one-liner|query|snippet))\\b"
    "(?![^.;]{0,40}\\b(?:siempre|always|cada|every)\\b)",
    "re:^\\W*(?:tenl[oa]s?|tenmel[oa]s?)\\s+list[oa]s?\\b",
    # a look at the system now: "grep the ingress logs for 499s on olmo last hour", "tail the php-fpm log"
    "re:^\\W*(?:please\\s+)?(?:grep|tail|show me|list|describe|check)\\s+(?:the|all|every|its|their)?\\s*"
    "[\\w./-]+(?:\\s+[\\w./-]+)?\\s+(?:logs?|pods?|events|status|output|errors)\\b"
    "(?![^.;]{0,60}\\b(?:siempre|always|cada|every|whenever)\\b)",
    # a check or a document for now: "Comprueba que el cert de la tienda se renovó", "Emite la factura de octubre"
    "re:^\\W*(?:please\\s+|por favor,?\\s+)?(?:comprueba|verifica|confirma|check|verify|confirm)\\s+(?:que|si|that|if|"
    "whether)\\b(?![^.;]{0,60}\\b(?:siempre|always|cada|every|whenever|antes de cada|before any)\\b)",
    "re:^\\W*(?:please\\s+|por favor,?\\s+)?(?:emite|genera|haz|issue|raise|send)\\s+(?:la|el|the|an?)\\s+"
    "(?:factura|abono|invoice|credit note)\\b(?![^.;]{0,60}\\b(?:cada|every|a partir de|from now on)\\b)",
    "cuando puedas", "when you can", "when you get a chance",
    # a trial asked for now: "Test it in staging, don't change prod", "Pruébalo en staging primero"
    "re:^\\W*(?:please\\s+)?(?:test|try)\\s+(?:it|this|that)\\s+(?:in|on)\\s+(?:staging|preprod|dev)\\b",
    "re:^\\W*(?:pruebalo|pruebala|prueba\\s+(?:esto|eso))\\s+en\\s+(?:staging|preprod|pre|dev)\\b",
    # a list pulled now: "Pull the list of returned direct debits for September", "Lístame las facturas impagadas…"
    "re:^\\W*(?:please\\s+|por favor,?\\s+)?(?:pull|get|fetch|export|give\\s+me)\\s+(?:me\\s+)?(?:the|a)\\s+list\\b",
    "re:^\\W*(?:listame|sacame\\s+(?:la|una)\\s+lista|dame\\s+(?:la|una)\\s+lista)\\b",
    # a job done now and reported back: "Sincroniza shop-main y avísame", "Run the restore and let me know"
    "re:\\b(?:y|and)\\s+(?:avisame|dime|me avisas|me dices|let me know|tell me)\\b"
    "(?:\\s+(?:cuando|when)\\b[^.;]{0,40})?\\W*$",
    # ... or with what was found: "Check wetopi.com/precios and tell me it's the right version"
    "re:\\b(?:y|and)\\s+(?:dime|tell me)\\s+(?:si|if|whether|it'?s|that|que)\\b",
    # a piece of work to look over now: "Review the pricing page copy", "Revisa el contrato de Lumen" (not a rule)
    "re:^\\W*(?:please\\s+|por favor,?\\s+)?(?:review|proofread|revisa|repasa)\\s+(?:the|this|that|el|la|los|las|este"
    "|esta|estos|estas)\\b(?![^.;]{0,60}\\b(?:siempre|always|cada|every|whenever|antes de|before)\\b)",
    "can't find", "cannot find", "couldn't find", "no encuentro", "no lo encuentro", "no la encuentro",
    "no consigo encontrar",
    # a task someone handed the speaker: "mi jefe me ha pedido que prepare…", "she asked me to…"
    "me ha pedido que", "me han pedido que", "me pidio que", "me pidieron que", "asked me to", "has asked me to",
    "have asked me to", "wants me to", "told me to",
)
REQUEST_NOW_SET = TermSet(REQUEST_NOW)
