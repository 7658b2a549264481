"""How sure a statement is, as bilingual (ES/EN) term tables: hedges and plans, unverified claims and drafts,
verified results."""

from __future__ import annotations

from .term_matching import TermSet

__all__ = [
    "FAILED_ATTEMPT_SET",
    "HEDGES",
    "HEDGE_SET",
    "OPEN_OUTCOME_SET",
    "REPORTED",
    "UNVERIFIED",
    "UNVERIFIED_SET",
    "VERIFIED",
    "VERIFIED_SET",
]

# Terms are written folded (no accents, lowercase). A term matches on word boundaries; spaces match any run of
# whitespace. Terms starting with "re:" are regular expressions (on the folded text).

# Someone else's words, reported: nothing is decided by them (unless the sentence is labelled a decision).
REPORTED: tuple[str, ...] = (
    "dicen que", "they say", "people say", "se dice que", "comentan que", "me han dicho", "i was told",
    "asked if", "asked whether", "asks if", "asks whether", "pregunto si", "pregunta si", "quiere saber si",
    "wants to know if",
    "keeps saying", "kept saying", "sigue diciendo", "insiste en que", "dice que", "claims that", "according to him",
    "according to her", "segun el", "segun ella",
    # someone else's word, unchecked: "Marta says the Kinetic contract was signed yesterday" (not "we said that…")
    "re:(?<!\\bwe )(?<!\\bi )\\b(?:says|said)\\s+(?:that\\s+)?(?:the|it|it's|its|they|their)\\b",
    # a counterparty's ask or counter-offer, not a term agreed: "Hannah came back: they'd accept X but want Y",
    # "Hannah is now asking for a discount", "also asked about a stronger SLA"
    "came back:", "came back saying", "they'd accept", "they would accept", "aceptarian", "asked about",
    "re:\\b(?:is|are)\\s+(?:now|also|still)\\s+asking\\b", "ha preguntado por", "han preguntado por",
    "estan pidiendo", "ahora piden",
    # a customer's ask told before any answer: "Vidal pide un 30 % de descuento", "Lumen pide bajar a 200 €/mes"
    "re:(?<!\\bse )\\b(?:pide|piden|pidio|pidieron|solicita|solicitan)\\s+"
    "(?:un|una|bajar|rebajar|que\\s+les?\\s+(?:bajemos|rebajemos|hagamos)|descuento|rebaja)\\b",
)
HEDGES: tuple[str, ...] = (
    # a stance someone else still disputes: "Yo no cobraría setup fee, pero Marc no está de acuerdo"
    "no esta de acuerdo", "no estan de acuerdo", "doesn't agree", "does not agree", "don't agree with me",
    "isn't convinced", "is not convinced", "no lo ve claro",
    # the speaker's own doubt about a proposal: "I'm not convinced about the automatic billing part"
    "i'm not convinced", "i am not convinced", "im not convinced", "no estoy convencida", "no estoy convencido",
    "no lo veo claro",
    # put off until later: "…; lo vemos cuando entre el técnico de enero", "let's revisit it in Q2"
    "lo vemos cuando", "lo vemos mas adelante", "lo retomamos", "we'll revisit", "let's revisit", "revisit it when",
    "ya lo hablaremos", "lo hablaremos", "we'll talk about it", "we'll discuss it", "park it", "let's park",
    "aparcalo", "lo aparcamos", "lo dejamos aparcado",
    # what was only mentioned, never settled: "It was never agreed, Jordi only floated it on a call"
    "never agreed", "was never approved", "only floated", "just floated", "nunca se acordo", "nunca se llego a acordar",
    "no se llego a acordar", "nunca se aprobo", "solo lo dejo caer", "solo lo comento",
    # an idea put forward, or an answer that commits to nothing: "Mi idea: offer them 99.95 % for €240/month",
    # "tell her we'll look at it at renewal, no promise"
    "mi idea", "my idea", "no promise", "no promises", "nothing promised", "sin prometer nada", "no prometemos nada",
    # a note's item labelled as an idea or left open: "Idea: un plan para ONGs, a estudiar", "Maybe: a Slack community"
    "re:^\\W*(?:\\d+[.)]\\s*)?(?:idea|ideas|maybe|quizas?|tal vez)\\s*:", "a estudiar", "por estudiar", "a valorar",
    "por valorar", "to explore", "to be explored", "to be discussed",
    # a sentence opened by not knowing: "No sé, hay que hacer números primero", "I don't know, let's see"
    "re:^\\W*(?:no se|i don'?t know|dunno|ni idea)\\s*[,;:.]",
    "maybe", "perhaps", "i think", "i believe", "i guess", "i suppose", "i suspect", "could be", "could have",
    "might be", "might have", "may have", "probably", "possibly", "most likely", "likely", "not sure",
    "i'm not sure", "unsure", "it seems", "seems like", "seems to", "apparently", "my guess", "presumably",
    "that's a guess", "just a guess", "es una suposicion", "solo es una suposicion",
    "hypothesis", "hypothetically", "i wonder", "quiza", "quizas", "tal vez", "creo que", "pienso que",
    "supongo", "sospecho", "posiblemente", "probablemente", "puede que", "puede ser", "podria ser",
    "podria deberse", "a lo mejor", "igual es",
    # "igual" as "maybe": "igual no hace falta", "igual conviene esperar"
    "igual no hace falta", "igual hace falta", "igual hay que", "igual no es", "igual conviene", "igual no merece",
    "parece que", "parece ser", "al parecer", "seguramente",
    "no estoy seguro", "no estoy segura", "no se si", "hipotesis", "diria que", "es posible que", "looks like",
    # "even if it looks harmless" concedes, it does not hedge
    "re:(?<!if )(?<!though )\\bit looks\\b", "tiene pinta", "honestly", "to be honest", "tbh", "in my opinion",
    "imo", "en mi opinion",
    "sinceramente", "i feel like", "feels like", "pinta bien", "pintan bien", "pinta mal", "pintan mal",
    "looking good", "looks promising", "look promising",
    # a bet on the cause: "I bet it's the backup", "me apuesto algo a que es el cron"
    "i bet", "i'd bet", "my money is on", "my money's on", "apuesto a que", "apuesto que", "me apuesto",
    # a plan named as only possible: "Posible migración del cluster el lunes", "Tentative: move the pool"
    "re:^\\W*(?:posibles?|possible|tentative|tentativo|tentativa|provisional plan|plan provisional)\\b",
    "pinta a que", "re:(?<!\\bme )(?<!\\bte )(?<!\\ble )\\bsuena a\\b", "por lo visto",
    # plans and proposals: nothing is decided yet
    "might", "we may", "may be", "we could", "you could", "i could", "could try", "could use", "could work",
    "could attract", "podriamos", "re:(?<!no )\\bpodemos\\b", "podria", "estamos pensando", "re:^\\W*igual\\s",
    "depende de si", "depende de que", "si conseguimos", "estoy pensando",
    # someone is considering it ("ando pensando en", "llevo días pensando en"), not a purpose ("…, pensando en lo que
    # va a crecer")
    "re:\\b(?:ando|andamos|anda|sigo|seguimos|llevo|llevamos|estado|estabamos|estaba)\\s+"
    "(?:\\w+\\s+){0,2}?pensando en\\b",
    "re:^\\W*pensando en\\b", "my gut",
    "re:\\bi(?:'d| would)\\s+(?:look|check|start|try|investigate|dig|focus)\\b", "yo miraria", "yo revisaria",
    "yo empezaria", "gut feeling", "mi intuicion", "me huele a", "juraria", "haven't proven",
    "not proven", "sin demostrar", "no esta demostrado",
    "we are thinking", "we're thinking", "thinking about", "thinking of", "considering", "consider",
    "should we", "what if", "at some point", "en algun momento", "algun dia", "some day", "someday",
    "we would like to", "we'd like to", "nos gustaria", "we plan to", "we are planning", "we're planning",
    "planeamos", "tenemos pensado", "la idea es", "the idea is", "worth exploring", "i suggest", "sugiero",
    # a proposal made now, not the speaker's habit of proposing ("whenever I propose a discount above 15 %…")
    "re:(?<!cuando )(?<!si )\\bpropongo\\b", "re:(?<!whenever )(?<!when )(?<!if )\\bi propose\\b",
    "i recommend", "recomiendo", "te propongo", "habria que", "deberiamos",
    "we should", "ya veremos", "we'll see", "quiero ver si", "si lo haceis", "if you do",
    "it depends", "would you like", "quieres que", "do you want me", "shall i", "valorando", "estamos valorando",
    "nada decidido", "not decided", "undecided", "sin decidir", "no decidido", "still deciding", "evaluating",
    "evaluando", "barajando", "we are exploring", "explorando",
    # nothing decided, said with a negated decision verb: "no decidimos nada todavía", "we haven't decided"
    "re:\\bno\\s+(?:lo\\s+)?(?:hemos\\s+|he\\s+)?(?:decidimos|decidido|decido|decidi)\\b",
    "re:\\b(?:haven't|have not|hasn't|has not|didn't|did not|don't|do not)\\s+(?:yet\\s+)?decided?\\b",
    "nothing decided", "nothing is decided", "lo pensamos", "let's park it", "park it for now",
    # a leaning, thought aloud: "I'm leaning towards X, but nothing's decided", "me inclino por…"
    "nothing's decided", "nothing's settled", "nothing is settled", "nada esta decidido", "leaning towards",
    "leaning toward", "me inclino por", "me inclino a", "thinking out loud", "pensando en voz alta",
    "just an idea", "solo es una idea", "es solo una idea", "toying with the idea", "playing with the idea",
    "dandole vueltas", "dando vueltas a", "le doy vueltas", "rondando la idea", "me ronda la idea",
    # an impression without data: "tengo la sensación de que…", "I have the feeling that…"
    "tengo la sensacion", "me da la sensacion", "tengo la impresion", "me da la impresion", "i have the feeling",
    "i have a feeling", "i get the feeling", "i've got a feeling", "my impression is", "no tengo datos",
    "i have no data", "without data",
    *REPORTED,
    # hearsay: "Heard from a partner that…", "no idea if true", "se rumorea"
    "heard from", "i heard", "heard that", "rumor", "rumour", "rumors", "rumours", "se rumorea", "rumores",
    "no idea if true", "not sure if true", "no se si es verdad", "no se si es cierto", "word is", "me ha llegado que",
    # a forecast or a conditional outcome: "Forecast: if the pipeline closes we'd end at 140k"
    "forecast", "prevision", "projection", "proyeccion", "estimate", "estimacion",
    "re:\\bwe(?:'d| would)\\s+(?!(?:like|love|prefer|rather)\\b)[a-z]{2,}\\b", "re:\\b[a-z]{3,}riamos\\b",
    "brainstorm", "brainstorming", "lluvia de ideas", "ideas for", "ideas para",
    "never really got", "never understood", "never got why", "don't understand why", "do not understand why",
    "no entiendo por que", "nunca he entendido", "nunca entendi", "no acabo de entender",
)
# Whether a change helps is still open: "I can't tell yet whether that fixes it", "aún no sé si lo arregla".
OPEN_OUTCOME: tuple[str, ...] = (
    "will report back", "i'll report back", "te informo cuando", "te cuento cuando", "te digo algo cuando",
    "can't tell yet", "cannot tell yet", "can't say yet", "aun no se si", "todavia no se si", "no se todavia si",
    "no lo se todavia", "no lo se aun", "no sabemos si", "no sabremos si", "we don't know yet if",
    "we don't know yet whether", "we won't know if", "we won't know until", "won't know whether",
    "re:\\bi'?ll check\\b[^.;]{0,40}\\b(?:whether|if)\\b",
    "re:\\b(?:manana|luego)\\s+(?:miro|compruebo|reviso)\\s+si\\b",
    # the check still to come: "Mañana miramos si baja la RAM", "…antes de darlo por bueno", "we'll see if it helps"
    "miramos si", "comprobamos si", "antes de darlo por bueno", "before we call it", "we'll see if",
    "we'll see whether", "let's see if", "to see if it helps", "a ver si baja", "a ver si mejora",
    "re:\\bwe'?ll see\\b[^.;]{1,30}\\b(?:if|whether)\\b", "re:\\bveremos\\b[^.;]{0,30}\\bsi\\b",
    "before calling it", "antes de darlo por resuelto", "antes de darlo por arreglado",
    "re:\\b(?:can't|cannot|can not)\\s+(?:yet\\s+)?confirm\\s+(?:that\\s+)?(?:it|this|that|the\\s+\\w+)\\s+"
    "(?:has\\s+)?(?:fixed|solved|helped|worked)\\b",
    "re:\\bno\\s+puedo\\s+(?:confirmar|asegurar)\\s+(?:todavia\\s+|aun\\s+)?que\\s+(?:lo\\s+|la\\s+)?"
    "(?:arregl|solucion|resolv|funcion)",
    # the investigation goes on, the change is a stopgap: "Seguimos mirando", "no es el arreglo definitivo"
    "seguimos mirando", "sigo mirando", "seguimos investigando", "sigo investigando", "mientras investigo",
    "mientras lo investigo", "still investigating", "still looking into it", "while i investigate",
    "no es el arreglo definitivo", "no es la solucion definitiva", "not the real fix", "not a permanent fix",
    "not the permanent fix", "te digo algo mas", "i'll update you",
    # put right for now, not solved: "treat this as mitigated, not solved", "no lo puedo dar por bueno hasta que…"
    "mitigated, not solved", "mitigated not solved", "as mitigated", "mitigado, no resuelto", "open questions",
    "preguntas abiertas", "re:\\bno\\s+(?:lo\\s+)?puedo\\s+dar(?:lo)?\\s+por\\s+(?:bueno|resuelto|arreglado)\\b",
    "re:\\bcan'?t\\s+(?:yet\\s+)?call\\s+it\\s+(?:fixed|done|solved)\\b", "re:^\\W*pendiente\\s*:\\s*comprobar\\b",
    # still running: "Va bien, pero aún no ha terminado", "te aviso cuando acabe"
    "aun no ha terminado", "todavia no ha terminado", "not finished yet", "hasn't finished yet", "still in progress",
    "te aviso cuando acabe", "te aviso cuando termine", "i'll let you know when it finishes",
    # a trial removed after it ran: "I've removed the test Longhorn install", "he borrado el PVC de prueba"
    "re:\\b(?:removed|deleted|uninstalled|cleaned\\s+up)\\s+the\\s+test\\b",
    "re:\\b(?:quitado|borrado|desinstalado|eliminado)\\s+(?:la|el|las|los)\\s+(?:\\w+\\s+){0,2}de\\s+prueba\\b",
    # no cause known: "I don't know the root cause of the v2.3.0 errors yet", "no sé todavía la causa"
    "re:\\b(?:don'?t|do\\s+not)\\s+know\\s+(?:the\\s+|a\\s+)?(?:root\\s+)?cause\\b",
    "re:\\bno\\s+se\\s+(?:todavia\\s+|aun\\s+)?(?:la\\s+)?causa\\b",
    # nothing was changed: a check or a rerun is no fix ("No he cambiado nada en el schedule")
    "no he cambiado nada", "no he tocado nada", "sin cambiar nada", "nothing has been changed", "nothing was changed",
    "no changes were made", "no changes made",
    "re:\\b(?:haven'?t|have\\s+not|didn'?t|did\\s+not)\\s+changed\\s+(?:anything|any)\\b",
)
# An attempt told as failed ("Deleting the secret didn't help", "bajar el parallelism no sirvió"): its outcome is known
FAILED_ATTEMPT: tuple[str, ...] = (
    "didn't help", "did not help", "no sirvio", "no ha servido", "didn't work", "did not work", "no funciono",
    "no ha funcionado", "wasn't it", "was not it", "no era eso", "no effect", "sin efecto", "no luck", "sin suerte",
    "no era la solucion", "no es la solucion", "wasn't the fix", "was not the fix", "wasn't the solution",
    "was not the solution",
    # the same failure right after the change: "…, but it was OOMKilled again 12 minutes later", "ha vuelto a caer"
    "re:\\b(?:was|got|is|were)\\s+(?:oomkilled|killed|evicted|restarted|failing|crashing)\\s+again\\b",
    "it's not just the", "no es solo el", "no es solo la", "ha vuelto a fallar", "ha vuelto a caer",
    "se ha vuelto a caer", "volvio a fallar", "volvio a caer", "failed again", "crashed again",
    # the speaker's own try that failed: "He intentado actualizar al chart 4.11 y ha fallado el hook"
    "re:\\b(?:he intentado|hemos intentado|intente|intentamos|i tried|we tried)\\b[^;!?]{0,80}?"
    "\\b(?:ha fallado|fallo|failed)\\b",
)
UNVERIFIED: tuple[str, ...] = (
    "not verified", "unverified", "not confirmed", "unconfirmed", "to be confirmed", "tbc",
    "pending confirmation", "needs confirmation", "needs verification", "need to verify", "need to confirm",
    "untested", "not tested", "sin verificar", "no verificado", "no verificada", "sin confirmar",
    "no confirmado", "no confirmada", "por confirmar", "pendiente de confirmar", "pendiente de confirmacion",
    "hay que confirmar", "sin probar", "no probado", "no esta confirmado", "no esta verificado",
    "haven't verified", "have not verified", "not tested yet", "haven't tested", "no lo he comprobado",
    "no he comprobado", "no lo he verificado", "sin comprobar", "confirmarlo", "before concluding",
    *OPEN_OUTCOME,
    "no lo he confirmado", "no he confirmado", "haven't confirmed", "have not confirmed", "not yet confirmed",
    "no lo he probado", "no la he probado", "no lo hemos probado", "no he probado", "no lo he testeado",
    "haven't tried", "have not tried", "haven't tried it", "not tried yet",
    "re:\\b(?:haven't|have not|hasn't|has not)\\s+(?:[a-z]+\\s+){1,3}?(?:tested|verified|confirmed|tried)\\b",
    # an attempt told with what still goes wrong: "we tried bumping X but the pods still restart"
    "re:\\b(?:we|i)(?:'ve| have)?\\s+tried\\b[^.;]*\\b(?:but|yet)\\b",
    "re:\\b(?:probamos|intentamos|hemos probado|hemos intentado|he probado|he intentado|probe|intente)\\b"
    "[^.;]*\\bpero\\b",
    # drafts: written down, not approved
    # the noun, not the request to write one ("just draft them for me", "draft it in Spanish")
    # (a PR kept "en draft" / "as draft" for review is a way of working, not a draft decision)
    # ... nor a draft named as a moment ("Quick thing before the Q3 draft: when you brief me, …")
    "re:^(?![^.;:]*\\b(?:before|after|antes del?|despues del?)\\s+(?:the\\s+|el\\s+|la\\s+|our\\s+|my\\s+)?"
    "(?:[\\w-]+\\s+)?draft\\b)[^\\n]*?(?<!you )(?<!to )(?<!i'll )(?<!en )(?<!in )(?<!as )(?<!como )\\bdraft\\b"
    "(?!\\s+(?:it|them|this|that|one|both|something|for me|prs?|mrs?)\\b)",
    "borrador",
    "not approved", "no aprobado", "no aprobada", "aun no aprobado", "sin aprobar",
    "doesn't work", "no funciona",
    "pending approval", "pendiente de aprobacion", "pendiente de que", "subject to approval",
    "sujeto a aprobacion", "sujeta a aprobacion", "a falta de", "re:^\\W*(?:propuesta|proposal)\\W",
    "awaiting approval", "to be approved", "por aprobar",
    # an attempt that did not help
    # (not the premise of a drift: "OutOfSync even though nothing changed in git")
    "re:(?<!though )(?<!although )\\bnothing changed\\b", "no change", *FAILED_ATTEMPT,
    "sigue petando", "sigue fallando",
    "re:(?<!aunque )\\bno ha cambiado nada\\b", "still dropping", "still failing",
    "re:\\b(?:y|pero) nada\\b(?!\\s+de\\b)",
    "same error", "mismo error",
    "re:\\bstill\\s+(?:getting\\s+|seeing\\s+|throwing\\s+|returning\\s+)?(?:the\\s+)?[45]\\d\\ds?\\b",
    "re:\\bsiguen?\\s+(?:dando\\s+|saliendo\\s+|devolviendo\\s+)?(?:los\\s+|el\\s+)?[45]\\d\\ds?\\b",
    "mismos errores", "re:\\bmism[oa]s?\\s+\\d{3}s?\\b", "re:\\bsame\\s+\\d{3}s?\\b",
    "still the same", "igual que antes", "still gets", "sigue igual",
    # the problem goes on after the change: "el importador sigue cortándose", "the import still times out"
    "re:\\bsiguen?\\s+(?:cortando|colgando|reiniciando|cayendo|rompiendo|muriendo|crasheando|tardando"
    "|desconectando|saturando|llenando)(?:se)?\\b",
    "re:\\bstill\\s+(?:timing out|times out|crashing|crashes|cutting|hanging|hangs|restarting|restarts|erroring"
    "|breaking|breaks|dying|dies)\\b",
    "still not reproducible", "not reproducible yet", "todavia no se reproduce", "aun no se reproduce",
    # a warning that cleared by itself: nothing was changed, nothing fixed
    "se ha despejado", "se despejo solo", "se despejo sola", "se resolvio solo", "se ha resuelto solo",
    "cleared on its own", "cleared by itself", "resolved itself", "resolved on its own", "went away on its own",
    # a trial put back as it was: nothing of it is kept
    "re:\\b(?:dejado|dejar|dejo|vuelto a dejar)\\b[^.;]{0,50}\\bcomo estaba\\b", "left it as it was",
    "put it back as it was", "back to how it was",

    # no cause found yet: "I don't have a root cause yet", "todavía no sabemos qué es"
    "re:\\b(?:don't|do not|no)\\s+(?:have\\s+)?(?:a\\s+|the\\s+)?(?:root\\s+)?cause\\s+yet\\b", "no root cause yet",
    "not sure yet", "no idea yet", "todavia no sabemos", "aun no sabemos", "no sabemos todavia", "no sabemos aun",
    "sin causa raiz", "aun sin causa",
    # a check that was not made: "sin haberlo probado en staging", "without testing it"
    "re:\\bsin haber(?:lo|la|los|las)?\\s+(?:probado|comprobado|verificado|testeado)\\b", "without testing",
    "without having tested", "without verifying", "without checking",
    # a cause named only vaguely: "era algo de cert-manager", "it was something with the DNS"
    "re:\\b(?:era|fue|sera)\\s+algo\\s+(?:de|del|con|raro)\\b",
    "re:\\bwas\\s+something\\s+(?:with|to do with|about|in)\\b",
    "no se que era", "not sure what it was", "whatever it was",
    # a step named but not carried out: "conviene alertar al 85 %, pero eso aún no está hecho"
    "aun no esta hecho", "todavia no esta hecho", "not done yet", "isn't done yet", "is not done yet", "not yet done",
)
VERIFIED: tuple[str, ...] = (
    "verified", "confirmed", "it's confirmed", "confirmado", "confirmada", "comprobado", "comprobada", "verificado",
    "verificada",
    "validated", "validado", "validada", "tested", "probado", "probada", "we checked", "hemos comprobado",
    "lo comprobamos", "lo hemos verificado", "proven", "reproduced", "reproducido", "fixed", "arreglado",
    "solucionado", "lo confirme", "confirme", "comprobe", "lo comprobe", "works again", "works now",
    "ya funciona", "funciona de nuevo", "back to normal", "now returns", "now responds", "ahora devuelve",
    "ahora responde", "ya devuelve", "ya responde", "returns 200", "devuelve 200", "responde 200", "sin errores",
    "without errors", "no errors", "0 errors", "0 errores", "vuelve a funcionar", "works fine", "is working",
    "esta funcionando", "went through", "goes through", "succeeded", "esta resuelto", "esta resuelta", "is resolved",
    "re:^\\W*(?:yes[,:]?\\s+)?it\\s+held\\b", "lo doy por validado",
    "it's resolved", "has been resolved",
    "completed successfully", "ya carga", "loads again", "va bien", "va fino", "funciona bien",
    "re:(?<!no )\\blo he mirado\\b",
    "mirado con", "checked with", "checked it with", "comprobado con", "visto con", "verified with",
    "re:^\\W*checked\\b", "confirm it", "confirms it", "lo confirman", "lo confirma",
    # the symptom is gone: "los 502 han desaparecido", "the warning cleared"
    "han desaparecido", "ha desaparecido", "desaparecieron", "ya no aparece", "ya no aparecen", "ya no sale",
    "ya no salen", "have disappeared", "has disappeared", "are gone", "is gone", "cleared", "went away",
    # the user's own check that the change took: "y ya va", "ya se pueden subir", "no longer fails"
    "ya va", "ya se puede", "ya se pueden", "ya no peta", "ya no petan", "ya no falla", "ya no fallan",
    "ya no se corta", "ya no se cortan", "ya no da error", "ya no dan error", "no longer fails", "no longer failing",
    "no longer times out", "no longer crashes",
)

HEDGE_SET = TermSet(HEDGES)
FAILED_ATTEMPT_SET = TermSet(FAILED_ATTEMPT)
UNVERIFIED_SET = TermSet(UNVERIFIED)
OPEN_OUTCOME_SET = TermSet(OPEN_OUTCOME)
VERIFIED_SET = TermSet(VERIFIED)
