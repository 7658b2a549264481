"""Explicit memory requests in Spanish (design §7), as data: fixed expressions and general frames.

- Past tense of "we" in a question ("¿qué acordamos…?", "¿cómo renovábamos…?"): `explicit_es_past.py`; a recall verb
  (recuérdame, dime, busca, mira…) before "lo que" + such a form asks without a question mark.
- What was said or kept before: "¿qué te dije / te había dicho…?", "¿qué tenía apuntado…?", "¿cuál era el comando…?"
  (the imperfect asks for something settled earlier), "¿qué sabemos / recordamos de…?".
- Where memory is kept: "en la memoria", notes ("check tus notas", "¿tienes notes de la call…?"), "tenemos algo
  apuntado", "te suena", "¿te consta…?", "¿quedó por escrito…?", "dime lo que tengas sobre…".
- What "you" told me: a wh-word opening a clause, then "me"/"nos" and a 2nd-person preterite of telling or recommending
  ("¿Qué libro me recomendaste…?"); "tira de memoria" opening a clause; the impersonal past as the question itself ("¿Se
  decidió algo…?"). Told before, half a memory and a lapse next to a question: `explicit_es_asides.py`.
- "¿Quedamos con… en que…?", how a thing was set up ("¿Cómo estaba montado…?"), what happened on a past date, the
  speaker's own ways ("¿Cuál es mi postura sobre…?", "¿Qué suelo…?"); "repasa / recapitula lo que tenemos de…", "según
  lo que tengas apuntado", "recupera las condiciones que negociamos…", "dime las tres cosas más importantes que
  decidimos…" (a longer thing, with a verb of deciding); the cause or fix of a dated incident ("¿Cuál fue la causa del
  corte del 3 de septiembre?"), "¿qué historia tenemos con…?", a thing named by what we wrote or I liked ("el que
  escribimos tras…", "¿Cómo se llamaba aquel restaurante que me encantó?"), a standing decision to confirm ("Ya no
  hacemos SFTP, ¿verdad?").

Not requests: statements in the past ("Decidimos subir el precio"), instructions ("Recuerda que el viernes…"),
invitations ("¿Quedamos mañana?"), proposals ("¿Qué tal si pactamos…?", "¿Y si decidimos…?"), "as I said" in passing
("como te dije, …"), an instruction with a tag ("Recuerda que…, ¿vale?"), a relative clause about the world ("con lo que
sabes de Kubernetes"; "de mí" asks), a date ("el 1 de marzo") and memory in the technical sense ("cargarlo entero en
memoria", "una caché en memoria", "el proceso que tira de memoria"), a tribute ("En memoria de Txema, …"), nostalgia
("¿Recuerdas cuando éramos jóvenes?", "¿te acuerdas de los 90?", "qué nostalgia"), a start date ahead ("a partir de
enero"), a word's meaning ("recuérdame qué significa…"), a plan with an "-ar" verb ("¿Cómo lo montamos?"), and asking to
store or forget ("Guarda esto en memoria: …", "Para que conste en memoria: …", any verb of writing right before "en
memoria": "Registra / Pega en memoria: …"), the assistant's memory across chats ("¿te acuerdas de mis cosas aunque
cambie de chat?"), notes that are a feature ("notas de voz"), "¿Cuál es la historia de la catedral…?", a
remember-question about the world ("¿Te acuerdas de quién ganó…?") and a thing we did after a preposition or outside the
question ("¿Entra en el RTO que fijamos?").
"""

from __future__ import annotations

from .explicit_base import (
    ACROSS_CHATS,
    ASKS_HERE,
    DECLINED_LOOKUP,
    MEM,
    PAST_WE,
    WHO,
    WORLD_ASKED,
    YOU_TOLD,
    YOU_TOLD_STEMS,
    ExplicitTrigger,
)

# "guarda en tu memoria…" asks to store, not recall.
# "Para que conste en memoria: …" stores
_SAVE_ES = (r"\b(?:apunta|apuntalo|apuntate|apuntame|guarda|guardalo|guardate|guardame|anota|anotalo|anotame|"
            r"anade|anadelo|mete|graba|guardar|apuntar|(?:para\s+)?que\s+(?:conste|quede))\b")
# any verb of writing right before "en memoria" stores ("Pega en la memoria: …", "Registra esto en memoria: …")
_WRITE_TO_MEMORY = (r"\b(?:pega|registra|almacena|agrega|incluye|memoriza|actualiza|sube|escribe|pon|deja|mete|copia|"
                    r"vuelca|carga|graba)(?:lo|la|los|las|me)?\s+(?:(?:esto|eso|este|esta|bien|tambien)\s+)?"
                    r"en\s+(?:la\s+|tu\s+|nuestra\s+)?memoria\b")
# "como te dije (ayer), …" is "as I said", in passing, not a question about what was said
_AS_I_SAID = (r"\bcomo\s+(?:te|os)\s+(?:dije|conte|comente|explique|mencione|"
              r"(?:habia|he|hemos|habiamos)\s+(?:dicho|contado|comentado|explicado|mencionado))(?:\s+(?:el\s+otro\s+dia|ayer|antes|"
              r"la\s+semana\s+pasada|en\s+su\s+dia|el\s+\w+\s+pasado))?\s*,")

# "en memoria" in the technical sense: what a program loads or keeps in RAM ("sin cargarlo entero en memoria",
# "una caché en memoria", "en memoria compartida")
_IN_RAM = (r"\b(?:carg\w*|manten\w*|mantien\w*|ocup\w*|caben?|residentes?|enter[oa]s?|cache|cachea\w*|"
           r"volcad[oa]s?)\s+en\s+memoria\b|\ben\s+memoria\s+(?:ram|compartida|virtual|principal|"
           r"del\s+(?:proceso|pod|nodo|servidor|contenedor))\b|\bbases?\s+de\s+datos\s+en\s+memoria\b")

# "En memoria de Txema, …", "una placa en memoria de…": a tribute, opening the clause or after a word of homage
# (not "¿Qué tenemos en memoria de Kobalt?")
_TRIBUTE = (r"(?:^|[^\w\s]\s*|\b(?:dedicad[oa]s?|homenaje|flores|silencio|placa|misa|velas?|donacion|donativo|"
            r"minuto|arbol|beca|premio)\s+)en\s+memoria\s+de\b")

# Nostalgia, not memory: "¿Recuerdas cuando éramos jóvenes?", "¿Te acuerdas de los 90?"
_NOSTALGIA = (r"\b(?:cuando\s+(?:eramos|eras|era)\s+(?:\w+\s+)?(?:jovenes|joven|ninos|nino|nina|ninas|pequenos|pequeno|"
              r"pequena|crios|cria|crio|estudiantes|adolescentes|chavales)|(?:de\s+)?los\s+(?:anos\s+(?:19|20)?\d0\b|"
              r"'?\d0s?\s*(?:[?!.,;]|$)|(?:anos\s+)?(?:ochenta|noventa|setenta|sesenta)\b)|(?:de\s+)?aquellos\s+tiempos|(?:de\s+)?los\s+viejos\s+tiempos)"
              r"|\bnostalgi|\bque\s+tiempos\b")   # "¿Te acuerdas del walkman? qué nostalgia", "…? Qué tiempos"

_YOU_TOLD_PP = r"(?:dicho|contado|comentado|recomendado|sugerido|aconsejado|propuesto|explicado|mencionado|apuntado)"
_YOU_TOLD_WORDS = tuple(sorted({stem + end for stem in YOU_TOLD_STEMS for end in ("aste", "iste")} | {"habias"}))
# the match opens the message or a clause ("¿Qué me dijiste…?", "Oye, ¿cómo me dijiste…?"), not "Ya sé que me dijiste…"
_OPENS_CLAUSE = r"(?:^|[^a-z0-9\s])\s*$"
# a tag that makes an instruction look like a question ("…, ¿vale?", "…, ¿ok?", "…, ¿de acuerdo?")
_TAG_QUESTION = r"[,;]\s*(?:vale|ok|okay|de\s+acuerdo|porfa|por\s+favor|eh|si|entendido)\s*\?+\s*$"
# "¿me lo recuerdas el sábado?": a reminder set for later, not a question about the past
_REMINDER_AHEAD = (r"\bme\s+(?:lo\s+|la\s+|los\s+|las\s+)?recuerdas\s+(?:(?:el|este)\s+(?:lunes|martes|miercoles"
                   r"|jueves|viernes|sabado|domingo|finde|fin\s+de\s+semana)|esta\s+(?:tarde|noche)|manana|luego"
                   r"|mas\s+tarde|a\s+las|dentro\s+de|en\s+\d|pasado\s+manana|antes\s+de)\b")
# "¿te acuerdas de reírte?", "¿te acuerdas de llamar a Luis?": remembering to do a thing, not a thing remembered
_REMEMBER_TO = (r"\b(?:te\s+acuerdas|recuerdas)\s+de\s+(?:[a-z]+(?:ar|er|ir)(?:te|me|se|lo|la|le|nos|les)\b|(?:llamar|"
                r"avisar|mandar|enviar|pagar|comprar|hacer|decir|apagar|cerrar|renovar|sacar|traer|reservar|contestar|"
                r"responder|revisar|subir|poner|quitar)\b)")
# "recuérdame qué significa SLO": a word's meaning, general knowledge
_MEANING_ES = r"\brecuerda(?:me)?\s+(?:que|como)\s+(?:significa|significaba|quiere\s+decir|se\s+dice|se\s+escribe)\b"
# a past day of ours: a day of a month without its year (with it, history), "el martes pasado", "la última vez"
_DATED = (r"\b(?:\d{1,2}\s+de\s+(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|"
          r"diciembre)(?!\s+(?:de|del)\s+(?:19|20)\d\d)|(?:el|la)\s+\w+\s+pasad[oa]|la\s+(?:ultima|otra)\s+vez|"
          r"aquella\s+vez|en\s+su\s+dia)\b")
# a question about something in the past: "¿Cómo se llamaba…?", "¿Cuál era…?", "¿Dónde estaba…?"
_WH_PAST = r"\b(?:como|cual|cuales|donde|que|quien)\s+(?:se\s+)?(?:llamaba|llamaban|era|eran|estaba|estaban|fue)\b"

ES_TRIGGERS: tuple[ExplicitTrigger, ...] = (
    ExplicitTrigger("es.busca_en_memoria",
                    rf"\b(?:busca|buscar|buscame|buscad|mira|mirar|consulta|consultar|revisa|revisar|comprueba)"
                    rf"\s+(?:en\s+)?{WHO}{MEM}\b",
                    ("memoria", "memorias", "memory", "memories"), unless=DECLINED_LOOKUP),
    ExplicitTrigger("es.en_memoria",   # "en la memoria", and "en mi memoria personal": the speaker's bank, named
                    rf"\ben\s+(?:la\s+|nuestra\s+|tu\s+|vuestra\s+)?{MEM}\b|\ben\s+mi\s+{MEM}\s+(?:personal|de\s+negocio)\b",
                    ("memoria", "memorias"),
                    unless=f"{_SAVE_ES}|{_WRITE_TO_MEMORY}|{_IN_RAM}|{_TRIBUTE}|{DECLINED_LOOKUP}"),
    ExplicitTrigger("es.te_acuerdas", r"\b(?:te\s+acuerdas|os\s+acordais|recuerdas|recordais)\b",
                    ("acuerdas", "acordais", "recuerdas", "recordais"),
                    unless=f"{_NOSTALGIA}|{WORLD_ASKED}|{ACROSS_CHATS}|{_REMINDER_AHEAD}|{_REMEMBER_TO}"),
    ExplicitTrigger("es.recuerda_interrogativo",
                    r"\brecuerda(?:me)?\s+(?:como|cual|cuales|cuando|donde|cuanto|cuanta|por\s+que|si)\b",
                    ("recuerda", "recuerdame")),
    ExplicitTrigger("es.cual_fue_la_decision",
                    r"\b(?:cual|cuales)\s+(?:fue|fueron|era|es)\s+(?:la|nuestra|mi|las|nuestras)\s+decision",
                    ("decision", "decisiones")),
    ExplicitTrigger("es.que_habiamos_decidido",
                    r"\bque\s+(?:habiamos|hemos|habias|habia|habiais)\s+"
                    r"(?:decidido|acordado|hablado|dicho|quedado|elegido|escogido|pactado)\b",
                    ("decidido", "acordado", "hablado", "dicho", "quedado", "elegido", "escogido", "pactado"),
                    gated=True, accented=r"\bqué\s+(?:hab[ií]amos|hemos|hab[ií]as|hab[ií]a|hab[ií]ais)\b"),
    ExplicitTrigger("es.que_decidimos",
                    r"\bque\s+(?:decidimos|decidi|decidiste|decidio|acordamos|dijimos|quedamos|elegimos|"
                    r"escogimos|pactamos)\b",
                    ("decidimos", "decidi", "decidiste", "decidio", "acordamos", "dijimos", "quedamos", "elegimos",
                     "escogimos", "pactamos"),
                    gated=True, accented=r"\bqué\s+(?:decid|acord|dij|qued|eleg|escog|pact)"),
    ExplicitTrigger("es.que_sabemos",   # "¿Qué sabemos del proveedor?", "¿qué recordamos de la migración?"
                    r"\bque\s+(?:sabemos|recordamos|sabeis|recordais)\s+(?:de|del|sobre|acerca)\b",
                    ("sabemos", "recordamos", "sabeis", "recordais"), gated=True,
                    accented=r"\bqué\s+(?:sabemos|recordamos|sabéis|recordáis)\b"),
    # not "Recuerda que mañana hay reunión, ¿vale?" (an instruction and a tag) nor "recuérdame qué significa…"
    ExplicitTrigger("es.recuerda_que", r"\brecuerda(?:me)?\s+que\b", ("recuerda", "recuerdame"), gated=True,
                    accented=r"\brecu[eé]rda(?:me)?\s+qué\b", clause_start=False,
                    unless=f"{_TAG_QUESTION}|{_MEANING_ES}"),
    ExplicitTrigger("es.como_resolvimos",   # "-amos" of "-ar" verbs is present too: "¿Cómo lo montamos?" plans ahead
                    r"\bcomo\s+(?:lo\s+|la\s+|los\s+|las\s+)?(?:resolvimos|(?:solucion|arregl|configur|mont)amos\b"
                    r"(?!\s*[?,])|hicimos|resolviste|solucionaste|arreglaste)\b",
                    ("resolvimos", "solucionamos", "arreglamos", "configuramos", "hicimos", "montamos",
                     "resolviste", "solucionaste", "arreglaste"),
                    gated=True, accented=r"\bcómo\s+(?:l[oa]s?\s+)?(?:resolv|soluc|arregl|config|hic|mont)",
                    clause_start=False),
    ExplicitTrigger("es.que_tenemos_guardado",
                    r"\bque\s+(?:tenemos|tengo|tenia|tiene|teneis|hay|habia|teniamos|tenias|tienes|teniais)\s+"
                    r"(?:guardado|apuntado|anotado|registrado)\b",   # every person: "¿qué tenía apuntado…?"
                    ("guardado", "apuntado", "anotado", "registrado"), gated=True,
                    accented=r"\bqué\s+(?:tenemos|tengo|ten[ií]a|tiene|ten[eé]is|hay|hab[ií]a|ten[ií]amos|ten[ií]as|"
                             r"tienes|ten[ií]ais)\b"),
    ExplicitTrigger("es.tenia_yo_apuntado",   # "¿tenía yo apuntado algo de la fisio?": the subject after the verb
                    r"\b(?:tengo|tenia|tenias|tienes|tenemos|teniamos)\s+(?:yo|tu|nosotros|nosotras)\s+"
                    r"(?:guardado|apuntado|anotado|registrado)\b",
                    ("guardado", "apuntado", "anotado", "registrado"), gated=True, clause_start=False),
    ExplicitTrigger("es.sabemos_algo",
                    r"\b(?:sabemos|tenemos|hay)\s+algo\s+(?:de|del|sobre|acerca)\b", ("algo",), gated=True,
                    clause_start=False),
    ExplicitTrigger("es.lo_que_tenemos",
                    r"\b(?:busca|buscame|mira|consulta|revisa|repasa|repasame|resume|resumeme|recupera|traeme|pasame|"
                    r"mandame|ensename)\s+(?:en\s+)?(?:todo\s+)?lo\s+que\s+(?:tenemos|sabemos|hay|tengas|tienes|sepas|tengamos|sepamos|"
                    r"haya)\b",
                    ("busca", "buscame", "mira", "consulta", "revisa", "repasa", "repasame", "resume", "resumeme",
                     "recupera", "traeme", "pasame", "mandame", "ensename"), requires=("lo", "que")),
    ExplicitTrigger("es.recuerdame_lo_que",
                    rf"\blo\s+que\s+(?:(?:le|les|nos|te|se|ya)\s+)?"
                    rf"(?:{PAST_WE}|\w+(?:amos|imos)|te\s+(?:dije|conte|comente|pedi)|(?:me|nos)\s+{YOU_TOLD}|"
                    rf"(?:habiamos|hemos)\s+\w+)\b",
                    ("recuerdame", "recuerdanos", "dime", "repiteme", "decirme", "acuerdate", "busca", "buscame",
                     "mira", "consulta", "revisa", "cuentame", "comprueba", "recupera", "recuperar"),
                    requires=("lo", "que"),
                    before=r"\b(?:recuerdame|recuerdanos|dime|repiteme|decirme|acuerdate\s+de|busca|buscame|mira|consulta|"
                           r"revisa|cuentame|comprueba|recupera|recuperar)\b[^.?!]{0,30}$"),
    ExplicitTrigger("es.confirmame_la_tarifa_que",   # "Y confírmame la tarifa que les ofrecimos": a thing we settled,
                    # named right after a request to tell it, with no question mark
                    rf"\b(?:confirmame|recuerdame|recuerdanos|repiteme|pasame|necesito|traeme|dame)\s+(?:el|la|los|las)\s+"
                    rf"(?:[a-z0-9]+\s+){{1,3}}que\s+(?:(?:le|les|nos|se|lo|la)\s+)?(?:{PAST_WE}|pasamos|mandamos|enviamos|"
                    rf"cotizamos|presupuestamos)\b",
                    ("confirmame", "recuerdame", "recuerdanos", "repiteme", "pasame", "necesito", "traeme", "dame"),
                    requires=("que",)),
    ExplicitTrigger("es.busca_que_hicimos",   # "Busca qué le dijimos a…", "dime cómo lo arreglamos": no "?" needed
                    rf"^\W*(?:oye,?\s+)?(?:busca|buscame|mira|consulta|revisa|dime|cuentame|recuerdame|comprueba)"
                    rf"(?:\s+(?:en\s+)?(?:la\s+|tu\s+)?memoria)?\s+(?:que|como|cuando|cuanto|cuanta|donde|por\s+que|cual|"
                    rf"cuales)\s+(?:(?:le|les|nos|te|se|lo|la|los|las|ya|al\s+final)\s+){{0,2}}(?:{PAST_WE}|\w+(?:amos|imos))\b",
                    ("busca", "buscame", "mira", "consulta", "revisa", "dime", "cuentame", "recuerdame", "comprueba"),
                    gated=True, clause_start=False,   # "Mira, que decidimos no tocarlo" is a statement: the accent says
                    accented=r"\b(?:qué|cómo|cuándo|cuánto|cuánta|dónde|por qué|cuál|cuáles)\b"),
    ExplicitTrigger("es.haz_memoria", r"\b(?:haz|haced|hagamos|hace)\s+memoria\b", ("memoria",)),
    ExplicitTrigger("es.tira_de_memoria",   # "Tira de memoria: ¿qué…?", not "el proceso que más tira de memoria" (RAM)
                    r"\btira(?:d|me|nos)?\s+de\s+memoria\b", ("tira", "tirad", "tirame", "tiranos"),
                    requires=("memoria",), before=_OPENS_CLAUSE),
    ExplicitTrigger("es.que_te_dije",
                    r"\b(?:que|como|cuando|cual)\s+te\s+(?:dije|conte|comente|pedi|explique)\b",
                    ("dije", "conte", "comente", "pedi", "explique"), gated=True, clause_start=False,
                    accented=r"\b(?:qué|cómo|cuándo|cuál)\s+te\b", unless=_AS_I_SAID),
    ExplicitTrigger("es.se_decidio",
                    r"\b(?:que|como|cuando|lo\s+que)\s+se\s+(?:decidio|acordo|dijo|hablo|quedo|pacto|comento)\b",
                    ("decidio", "acordo", "dijo", "hablo", "quedo", "pacto", "comento"), gated=True,
                    clause_start=False, accented=r"\b(?:qué|cómo|cuándo)\s+se\b"),
    ExplicitTrigger("es.como_quedo", r"\b(?:como|en\s+que|que)\s+(?:se\s+)?quedo\b", ("quedo",), gated=True,
                    clause_start=False, accented=r"\b(?:cómo|qué)\s+(?:se\s+)?quedó\b"),
    ExplicitTrigger("es.teniamos_decidido",   # "¿Teníamos decidido algo sobre…?", "¿Lo tenemos documentado?"
                    r"\b(?:teniamos|tenemos|teniais|tenias|tienes)\s+(?:ya\s+)?(?:decidido|hablado|acordado|pactado|"
                    r"apuntado|anotado|guardado|documentado|previsto|pensado|escrito|written\s+down)\b",
                    ("teniamos", "tenemos", "teniais", "tenias", "tienes"), gated=True, clause_start=False),
    ExplicitTrigger("es.que_notas_tenemos",   # "¿Qué notas tenemos del onboarding?", "¿Tienes notes de la call…?"
                    r"\b(?:(?:que|cuales|alguna|algunas)\s+(?:notas|notes|apuntes)\s+(?:tenemos|tienes|hay|teneis|guardaste)|"
                    r"(?:tienes|tenemos|teneis|guardaste|guardamos|tomaste|tomamos)\s+(?:algunas?\s+|unas\s+)?(?:notas|notes|"
                    r"apuntes)\s+(?:de|del|sobre|acerca|from|on|about)\s+(?!(?:voz|prensa|version|lanzamiento|parche|"
                    r"credito|debito|entrega|cata|corte|release)\b))",
                    ("notas", "notes", "apuntes"), gated=True, clause_start=False),
    ExplicitTrigger("es.apuntado_en_algun_sitio",   # "¿Apuntamos en algún sitio qué versión…?"
                    r"\b(?:apuntamos|anotamos|guardamos|documentamos|dejamos\s+(?:escrito|apuntado|documentado))\s+"
                    r"(?:\w+\s+){0,2}?en\s+(?:algun\s+(?:sitio|lado|sitio)|alguna\s+parte|algun\s+doc)",
                    ("apuntamos", "anotamos", "guardamos", "documentamos", "dejamos")),
    ExplicitTrigger("es.recuerdame_que_pasado",   # "recuérdame qué acordamos con Kreativa" (no question mark)
                    rf"\b(?:recuerdame|recuerdanos|cuentame|repiteme)\s+(?:que|como|cuando|donde|cuanto|cuanta)\s+"
                    rf"(?:(?:le|les|nos|te|se|lo|la|ya)\s+){{0,2}}{PAST_WE}\b",
                    ("recuerdame", "recuerdanos", "cuentame", "repiteme")),
    # "recuérdame qué runbook seguimos cuando…", "recuérdame que habíamos hablado sobre mi horario": what we do or
    # had talked about, asked back (not "recuérdame que tenemos que llamar…", a reminder to set)
    ExplicitTrigger("es.recuerdame_que_seguimos",
                    r"\b(?:recuerdame|remind me)\s+(?:que|cual|cuales)\s+(?:\w+\s+){0,2}?(?:seguimos|usamos|utilizamos"
                    r"|aplicamos|habiamos\s+(?:hablado|decidido|quedado|acordado|dicho))\b",
                    ("recuerdame", "remind")),
    ExplicitTrigger("es.en_tus_notas",
                    r"\b(?:mira|mirar|consulta|consultar|revisa|revisar|busca|buscar|comprueba|check|chequea|checkea|en)\s+"
                    r"(?:tus|las|nuestras|vuestras|mis)\s+notas\b",
                    ("notas",), unless=_SAVE_ES),
    ExplicitTrigger("es.algo_apuntado",
                    r"\b(?:lo\s+|la\s+)?(?:tenemos|tienes|tengo|teneis|hay|habia|teniamos|tenia|tenias)\s+(?:algo\s+)?"
                    r"(?:guardado|apuntado|anotado|registrado)\b",
                    ("guardado", "apuntado", "anotado", "registrado"), gated=True, clause_start=False),
    ExplicitTrigger("es.refresca_la_memoria", r"\brefresca(?:me|nos)?\s+la\s+memoria\b",
                    ("refrescame", "refresca", "refrescanos")),
    ExplicitTrigger("es.te_suena", r"\b(?:te|os)\s+suena\b(?!\s+(?:bien|mal|raro|logico|razonable))", ("suena",),
                    gated=True, clause_start=False),
    ExplicitTrigger("es.que_guardaste",   # "¿Qué guardaste sobre mis preferencias?", "¿Dónde lo apuntaste?"
                    r"\b(?:que|donde|como|cuando|lo\s+que)\s+(?:lo\s+|la\s+|los\s+|las\s+)?(?:guardaste|apuntaste|"
                    r"anotaste|registraste|guardasteis|apuntasteis|anotasteis)\b",
                    ("guardaste", "apuntaste", "anotaste", "registraste", "guardasteis", "apuntasteis", "anotasteis"),
                    gated=True, clause_start=False),
    ExplicitTrigger("es.te_dije",   # "¿Te dije cuál es mi editor?", "¿Os conté…?", "¿te dijo Jordi dónde lo dejó?"
                    r"\b(?:te|os)\s+(?:dije|conte|comente|mencione|explique|pase|di|hable|dijo|conto|comento|"
                    r"(?:habia|he|hemos|habiamos)\s+"
                    r"(?:dicho|contado|comentado|mencionado|explicado|pasado|hablado|pedido))\b",   # "¿te había…?"
                    ("dije", "conte", "comente", "mencione", "explique", "pase", "hable", "dicho", "contado",
                     "comentado", "mencionado", "explicado", "pasado", "hablado", "pedido", "dijo", "conto",
                     "comento"), gated=True,
                    clause_start=False, unless=_AS_I_SAID),
    ExplicitTrigger("es.cual_era",   # "¿Cuál era el comando para…?", "¿cómo era el procedimiento…?": settled before
                    r"\b(?:cual|cuales|como)\s+eran?\s+(?:el|la|los|las|lo|mi|mis|nuestro|nuestra|nuestros|nuestras|tu|"
                    r"tus|aquel|aquella)\b",
                    ("era", "eran"), gated=True, clause_start=False, accented=r"\b(?:cuál|cuáles|cómo)\s+eran?\b"),
    ExplicitTrigger("es.que_sabes_de",   # "¿Qué sabes de mi horario?", "¿Qué tienes sobre el proveedor?"
                    r"\bque\s+(?:(?:sabes|recuerdas)\s+(?:de|del|sobre|acerca)|(?:tienes|tenemos)\s+(?:sobre|acerca))\b",
                    ("sabes", "recuerdas", "tienes", "tenemos"), gated=True, clause_start=False, requires=("que",),
                    accented=r"\bqué\s+(?:sabes|recuerdas|tienes|tenemos)\b",   # not "con lo que sabes de…"
                    before=r"(?:^|[^a-z0-9\s]|\b(?!lo\b)[a-z]+)\s*$"),
    ExplicitTrigger("es.repasa_lo_que",   # "Repásame lo que acordamos…", "Recap de lo que decidimos…"
                    rf"\b(?:repasame|repasa|resumeme|recap|recapitula|recapitulame|refrescame)\s+(?:de\s+)?"
                    rf"(?:lo\s+que|que|como)\s+(?:(?:le|les|nos|te|se|lo|la|ya|al\s+final)\s+){{0,2}}{PAST_WE}\b",
                    ("repasame", "repasa", "resumeme", "recap", "recapitula", "recapitulame", "refrescame")),
    ExplicitTrigger("es.recuerda_usted",   # "¿Recuerda usted qué horario le indiqué…?", "¿Se acuerda de lo que…?"
                    r"\b(?:recuerda\s+usted|se\s+acuerda\s+(?:usted\s+)?(?:de\s+lo\s+que|de\s+que|de\s+como|que|como))\b",
                    ("usted", "acuerda")),
    ExplicitTrigger("es.que_paso_al_final",   # "¿Qué pasó al final con lo del disco lleno?"
                    r"\bque\s+(?:paso|ha\s+pasado|fue)\s+al\s+final\s+con\b", ("final",), gated=True,
                    clause_start=False, requires=("que", "con")),
    ExplicitTrigger("es.que_me_dijiste",   # "¿Qué libro me recomendaste…?", "¿Cómo me dijiste que se llamaba…?"
                    rf"\b(?:que|cual|cuales|como|cuando|donde|cuanto|cuanta|cuantos|cuantas|quien|por\s+que)\s+"
                    rf"(?:[a-z]+\s+){{0,7}}?(?:me|nos)\s+(?:(?:lo|la|los|las)\s+)?(?:{YOU_TOLD}|habias\s+{_YOU_TOLD_PP})\b",
                    _YOU_TOLD_WORDS, gated=True, clause_start=False, before=_OPENS_CLAUSE),
    # "¿Se decidió algo sobre…?", "¿Al final se llegó a un acuerdo…?": the clause opens with the impersonal past
    ExplicitTrigger("es.se_decidio_algo",
                    r"\bse\s+(?:decidio|acordo|hablo|pacto|comento|dijo|concluyo|quedo\s+en\s+que|llego\s+a\s+(?:decidir|"
                    r"acordar|un\s+acuerdo))\b(?=[^,;.!?]*\?)",   # and is the question itself
                    ("decidio", "acordo", "hablo", "pacto", "comento", "dijo", "concluyo", "quedo", "llego"),
                    requires=("se",), before=r"(?:^|[^a-z0-9\s]|\b(?:al\s+final|finalmente|ya|y))\s*$"),
    ExplicitTrigger("es.te_consta",   # "¿Te consta si ya le mandamos el contrato?": on record, for you
                    r"\b(?:te|os)\s+consta\b", ("consta",), requires=("te",)),
    ExplicitTrigger("es.quedo_por_escrito",   # "¿Quedó por escrito lo del SLA?", "¿Quedó apuntado el precio?"
                    r"\bquedo\s+(?:por\s+escrito|apuntad[oa]s?|anotad[oa]s?|documentad[oa]s?|registrad[oa]s?|guardad[oa]s?)\b",
                    ("quedo",), gated=True, clause_start=False,   # a yes/no question, not "¿dónde quedó documentado…?"
                    before=r"(?:^|[^a-z0-9\s]|\b(?:ya|lo|la|eso|esto|si|no|y))\s*$"),
    ExplicitTrigger("es.lo_que_sabes_de",   # "Dime todo lo que tengas sobre Globex", "un resumen de lo que sabes de mí"
                    r"\blo\s+que\s+(?:sabes|sepas|tienes|tengas|recuerdas|recuerdes|sabemos|sepamos|recordamos)\s+"
                    r"(?:(?:guardado|apuntado|anotado)\s+)?"
                    r"(?:de|del|sobre|acerca)\b",
                    ("sabes", "sepas", "tienes", "tengas", "recuerdas", "recuerdes", "sabemos", "sepamos",
                     "recordamos"),
                    requires=("lo", "que"),
                    before=r"\b(?:dime|cuentame|resume|resumeme|resumen|dame|pasame|busca|buscame|mira|ensename|repasa|"
                           r"recapitula|recapitulame|recopila|recopilame|"
                           r"repasame|recuerdame|revisa|comprueba|recall|remind\s+me\s+of|tell\s+me|show\s+me|give\s+me|"
                           r"pull\s+up|look\s+up|sum\s+up)\b[^.?!]{0,20}$"),
    ExplicitTrigger("es.que_informacion_tienes",   # "¿Qué información tienes de Talleres Ortega?"
                    r"\bque\s+(?:informacion|datos|notas|cosas|detalles)\s+(?:tienes|guardas|tienes\s+guardad[oa]s|tenemos\s+"
                    r"guardad[oa]s)\s+(?:de|del|sobre|acerca)\b",
                    ("informacion", "datos", "notas", "cosas", "detalles"), gated=True, requires=("que",),
                    accented=r"\bqué\s+(?:información|datos|notas|cosas|detalles)\b"),
    ExplicitTrigger("es.quedamos_en_que",   # "¿Quedamos con Nordik en que la facturación sería trimestral?"
                    r"\bquedamos\s+(?:(?:con|contigo)\s+(?:[\w&-]+\s+){0,4}?)?en\s+que\b", ("quedamos",),
                    requires=("en", "que"), gated=True, clause_start=False, unless=_TAG_QUESTION,
                    before=r"(?:^|[^a-z0-9\s]|\b(?:y|ya|no|al\s+final|entonces))\s*$"),
    ExplicitTrigger("es.como_estaba_montado",   # "¿Cómo estaba montado el balanceo?": a state settled before
                    r"\b(?:como|cual|cuales|donde|que)\s+(?:\w+\s+)?estaban?\s+(?:\w+\s+)?"
                    r"(?:[a-z]+(?:ad|id)[oa]s?|puest[oa]s?|hech[oa]s?|escrit[oa]s?)\b",
                    ("estaba", "estaban"), gated=True, clause_start=False, before=ASKS_HERE,
                    accented=r"\b(?:cómo|cuál|cuáles|dónde|qué)\s+(?:\w+\s+)?estaban?\b"),
    ExplicitTrigger("es.que_paso_aquel_dia",   # "¿Qué pasó en el incidente del 12 de febrero?": a dated past event
                    r"\bque\s+(?:paso|ocurrio|sucedio|fallo)\b", ("paso", "ocurrio", "sucedio", "fallo"),
                    gated=True, clause_start=False, before=ASKS_HERE,
                    accented=r"\bqué\s+(?:pasó|ocurrió|sucedió|falló)\b", also=_DATED),
    ExplicitTrigger("es.cual_fue_la_causa",   # "¿Cuál fue la causa raíz del corte del 3 de septiembre?"
                    r"\b(?:cual|que)\s+fue\s+(?:la|el)\s+(?:causa|motivo|origen|solucion|arreglo|fix)\b",
                    ("causa", "motivo", "origen", "solucion", "arreglo", "fix"), requires=("fue",), gated=True,
                    clause_start=False, before=ASKS_HERE, also=_DATED),
    # what the speaker holds or does: "¿Cuál es mi postura sobre…?", "¿Qué suelo pedir…?" (an infinitive after "suelo":
    # not the noun, "¿Qué suelo pongo en la cocina?")
    ExplicitTrigger("es.mi_habitual",
                    r"\b(?:(?:cual|cuales)\s+(?:es|son|era|eran)\s+mis?\s+(?:opinion|postura|preferencia|preferencias|"
                    r"criterio|\w+\s+(?:habitual|habituales|de\s+siempre|preferid[oa]s?))|(?:que|como|cuando|donde|cual|"
                    r"cuanto)\s+(?:\w+\s+)?(?:suelo|acostumbro\s+a)\s+[a-z]+(?:ar|er|ir)(?:l[oa]s?|me|se)?)\b",
                    ("mi", "mis", "suelo", "acostumbro"), gated=True, clause_start=False, before=ASKS_HERE,
                    accented=r"\b(?:cuál|cuáles|qué|cómo|cuándo|dónde|cuánto)\s+(?:\w+\s+)?(?:es|son|era|eran|suelo|"
                             r"acostumbro)\b"),
    ExplicitTrigger("es.segun_lo_que_tengas",   # "Según lo que tengas apuntado, …", "con lo que sabes de mí, …"
                    r"\b(?:segun\s+lo\s+que\s+(?:tengas|tienes|tengamos|tenemos)\s+(?:guardado|apuntado|anotado|registrado)|"
                    r"(?:con|segun|dado)\s+lo\s+que\s+(?:sabes|sepas|recuerdas|recuerdes)\s+(?:de|del|sobre|acerca\s+de)\s+"
                    r"(?:mi|mis|nosotros|nosotras|nuestr[oa]s?)\b)",
                    ("tengas", "tienes", "tengamos", "tenemos", "sabes", "sepas", "recuerdas", "recuerdes"),
                    requires=("lo", "que")),
    # a request verb, a thing, and what we did with it: "Recupera las tarifas que pactamos con…" (no "?" needed)
    ExplicitTrigger("es.recupera_lo_que_hicimos",
                    rf"^\W*(?:oye,?\s+)?(?:recupera|recuperame|busca|buscame|dame|pasame|recuerdame|dime|repasa|repasame)\s+"
                    rf"(?:el|la|los|las)\s+(?:(?:[a-z]+\s+){{1,3}}?que\s+(?:(?:le|les|nos|se|lo|la|los|las)\s+)?"
                    rf"(?:{PAST_WE}|\w+(?:amos|imos))|(?:[a-z]+\s+){{4,6}}?que\s+(?:(?:le|les|nos|se|lo|la|los|las)\s+)?"
                    rf"{PAST_WE})\b",   # "Dime las tres cosas más importantes que decidimos…": a verb of deciding
                    ("recupera", "recuperame", "busca", "buscame", "dame", "pasame", "recuerdame", "dime", "repasa",
                     "repasame"), requires=("que",)),
    ExplicitTrigger("es.historia_con",   # "¿Qué historia tenemos con Bodegas Ferrán?", "¿Cuál es el historial con…?"
                    r"\b(?:que\s+(?:historia|historial)\s+(?:tenemos|hay)|cual\s+es\s+(?:la|nuestra|el|nuestro)\s+"
                    r"(?:historia|historial))\s+con\b", ("historia", "historial"), requires=("con",), gated=True,
                    clause_start=False),
    ExplicitTrigger("es.el_que_escribimos",   # "necesito el procedimiento, el que escribimos tras el incidente"
                    r"(?:^|[,;:(]\s*|\b(?:necesito|pasame|dame|busca|buscame|encuentra|mandame|ensename)\s+)(?:el|la|los|las)\s+"
                    r"que\s+(?:escribimos|redactamos|documentamos|preparamos|dejamos\s+(?:escrito|documentado))\b",
                    ("escribimos", "redactamos", "documentamos", "preparamos", "dejamos"), requires=("que",),
                    also=r"\?|\b(?:necesito|pasame|dame|busca|buscame|encuentra|mandame|ensename|donde)\b"),
    ExplicitTrigger("es.aquel_que_me_gusto",   # "¿Cómo se llamaba aquel restaurante de Oporto que me encantó?"
                    r"\b(?:aquel|aquella|aquellos|aquellas|el|la|los|las|ese|esa)\s+(?:[a-z]+\s+){1,4}?que\s+(?:tanto\s+)?"
                    r"(?:me|nos)\s+(?:gusto|gustaron|encanto|encantaron|recomendaron|flipo)\b",
                    ("gusto", "gustaron", "encanto", "encantaron", "recomendaron", "flipo"), requires=("que",),
                    gated=True, clause_start=False, also=_WH_PAST),
    ExplicitTrigger("es.ya_no_verdad",   # "Ya no hacemos SFTP, ¿verdad?": a standing decision, to confirm
                    r"\bya\s+no\s+(?:(?:le|les|lo|la|los|las|se|nos)\s+)?[a-z]+(?:amos|emos|imos)\b[^.?!]{0,40}?,?\s*"
                    r"(?:verdad|cierto)\s*\?", ("verdad", "cierto"), requires=("ya", "no")),
)
