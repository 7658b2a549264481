"""Explicit memory requests in Spanish (design §7) that lean on an aside: a question next to what was said or written.

- Told before, next to a question ("¿A qué hora es el pádel? Te lo dije el otro día"), half a memory ("me suena que
  lo hablamos", "recuerdo vagamente algo de…"), a lapse next to a question about ours ("¿Cuál es nuestra regla…? Se
  me olvida siempre"), the same trouble before ("¿Esto ya nos pasó con otro cliente?", "¿esto ya lo hemos visto?").
- Our past talk or writing next to a wh-question, its clause ending there or with when ("¿Qué versión quedamos…? Creo
  que lo hablamos hace dos semanas"); whether we did it ("…? No recuerdo si lo cerramos"); where it was written
  ("…? estaba en algún runbook", "lo dejamos apuntado en una wiki"); something "you" told me ("La semana pasada me
  dijiste algo sobre…, ¿me lo repites?"); a lapse about what we did ("no me acuerdo si le prometimos a Marta el
  dominio gratis").

Not requests: "as I said" in passing ("como te lo dije, …"), a lapse about the speaker's own how-to ("no me acuerdo
del comando") or own doing ("no recuerdo si cerré la puerta"), a past talk next to a yes/no request ("¿Revisas el
PR? Creo que lo hablamos ayer") or with what it was like ("creo que lo cerramos mal"), where a step is now ("¿Lo
ejecuto? Está en el runbook"), "¿me dijiste algo?" just now.
"""

from __future__ import annotations

from .explicit_base import PAST_WE, YOU_TOLD, ExplicitTrigger

# the speaker's own lapse ending a clause ("…? No me acuerdo", "se me olvida siempre"), not "no me acuerdo del comando"
_LAPSE_ES = (r"\b(?:no\s+(?:me\s+acuerdo|lo\s+recuerdo|recuerdo)|se\s+me\s+(?:ha\s+)?olvid(?:a|o|ado))"
             r"(?:\s+(?:siempre|otra\s+vez|cada\s+vez|ya|bien))?\s*(?:[.!:;?,]|$)")
# ... next to a question about our or the speaker's own things ("¿cuál es nuestra regla…?", "¿quedamos en que…?")
# or "we had" ("¿el billing-api lo teníamos en el cluster o en el VPS viejo?")
_OURS_ASKED_ES = (r"\b(?:que|cual|cuales|como|cuando|donde|quien|cuanto|cuanta)\b[^.!?]*\b(?:nuestr[oa]s?|mis?|yo)\b"
                  r"[^.!?]*\?|\b[a-z]{2,}(?:abamos|iamos)\b[^.!?]*\?")
# "como te lo dije, …" is "as I said" too
_AS_I_SAID_ANY = r"\bcomo\s+(?:ya\s+)?te\s+(?:lo|la|los|las)\s+"

# a wh-question somewhere in the message ("¿Qué versión quedamos en poner…?"), not a yes/no one ("¿Revisas el PR?")
_WH_ASKED_ES = r"\b(?:que|cual|cuales|como|cuando|donde|quien|quienes|cuanto|cuanta|cuantos|cuantas)\b[^.!?]*\?"
# where a thing of ours was written: a runbook, a wiki, a doc
_WRITTEN_WORDS = ("runbook", "runbooks", "doc", "docs", "documento", "documentos", "wiki", "wikis", "nota", "notas",
                  "readme", "confluence", "notion", "hilo", "ticket", "tickets", "pagina", "procedimiento",
                  "procedimientos", "checklist", "playbook", "playbooks", "manual", "apuntes", "correo", "correos")
_WRITTEN_IN = "(?:" + "|".join(_WRITTEN_WORDS) + ")"

ES_ASIDES: tuple[ExplicitTrigger, ...] = (
    ExplicitTrigger("es.que_aprendimos",   # "¿Qué aprendimos del incidente de la clave expuesta?"
                    r"\b(?:que|lo\s+que)\s+(?:aprendimos|hemos\s+aprendido|sacamos\s+en\s+claro)\s+(?:de|del|con|en|tras)\b",
                    ("aprendimos", "aprendido", "sacamos"), requires=("que",)),
    ExplicitTrigger("es.ya_hablamos_de_esto",   # "…¿Ya hablamos de esto alguna vez?"
                    r"\b(?:ya\s+)?(?:hablamos|hemos\s+hablado|habiamos\s+hablado)\s+(?:ya\s+)?de\s+(?:esto|eso)"
                    r"(?:\s+(?:alguna\s+vez|antes|ya))?\s*\?",
                    ("hablamos", "hablado"), requires=("de",)),
    ExplicitTrigger("es.lo_que_recuerdes",   # "what went wrong con el lanzamiento? lista lo que recuerdes"
                    r"\blo\s+que\s+(?:recuerdes|te\s+acuerdes|tengas\s+(?:de|sobre))\b",
                    ("recuerdes", "acuerdes", "tengas"), requires=("lo",)),
    ExplicitTrigger("es.lo_definimos_pero_no_me_acuerdo",   # "¿Quién firmaba…? Lo definimos en el proceso de
                    # cambios pero no me acuerdo"
                    r"\b(?:lo|la|los|las|eso)\s+(?:ya\s+)?(?:definimos|pusimos|dejamos|escribimos|apuntamos|documentamos)"
                    r"\b[^.?!]{0,50}\bpero\s+(?:ahora\s+)?no\s+(?:me\s+acuerdo|lo\s+recuerdo|recuerdo)\b",
                    ("definimos", "pusimos", "dejamos", "escribimos", "apuntamos", "documentamos"), requires=("pero",),
                    also=r"\?"),
    ExplicitTrigger("es.lo_que_tengas_guardado",   # "Resúmeme con lo que tengas guardado en qué punto estamos"
                    r"\b(?:con|de)\s+lo\s+que\s+(?:tengas|tienes|tenemos|tengamos)\s+(?:guardado|apuntado|anotado|"
                    r"en\s+memoria)\b", ("guardado", "apuntado", "anotado", "memoria"), requires=("lo",)),
    ExplicitTrigger("es.recuerda_lo_que_te_dije",   # "recuerda lo que te dije de las guardias y mírame si…"
                    r"^\W*(?:y\s+)?recuerda\s+lo\s+que\s+te\s+(?:dije|conte|comente|pedi)\b", ("recuerda",),
                    requires=("te",)),
    ExplicitTrigger("es.todo_lo_que_hemos_decidido",   # "un resumen de todo lo que hemos decidido este mes"
                    r"\btodo\s+lo\s+que\s+(?:hemos|habiamos)\s+(?:decidido|acordado|cerrado|aprobado)\b",
                    ("decidido", "acordado", "cerrado", "aprobado"), requires=("todo",)),
    ExplicitTrigger("es.te_lo_dije",   # "¿A qué hora es el pádel? Te lo dije el otro día": told before, in a question
                    r"\b(?:(?:creo|juraria|me\s+parece)\s+que\s+(?:ya\s+)?te\s+(?:lo|la|los|las)\s+(?:dije|conte|comente|mencione)|"
                    r"te\s+(?:lo|la|los|las)\s+(?:dije|conte|comente|mencione|explique|pase|habia\s+(?:dicho|contado|"
                    r"comentado|mencionado))(?=\s+(?:ayer|antes|el\s+otro\s+dia|la\s+semana\s+pasada|el\s+mes\s+pasado|"
                    r"hace\s+\w+|en\s+su\s+dia|una\s+vez|alguna\s+vez|ya)\b))\b",
                    ("dije", "conte", "comente", "mencione", "explique", "pase", "habia"), requires=("te",),
                    also=r"\?", unless=_AS_I_SAID_ANY),
    ExplicitTrigger("es.recuerdo_que_hablamos",   # "¿Vamos al WordCamp? Me suena que lo hablamos": half a memory, asked
                    rf"\b(?:recuerdo|recordaba|me\s+suena|creo\s+recordar|me\s+parece\s+recordar)\s+que\s+"
                    rf"(?:(?:lo|la|los|las|le|les|ya|nos)\s+){{0,2}}{PAST_WE}\b",
                    ("recuerdo", "recordaba", "suena", "recordar"), requires=("que",), also=r"\?"),
    ExplicitTrigger("es.no_me_acuerdo",   # "¿Cuál es nuestra regla…? Se me olvida siempre": a lapse next to a question
                    _LAPSE_ES, ("acuerdo", "recuerdo", "olvida", "olvido", "olvidado"), also=_OURS_ASKED_ES),
    ExplicitTrigger("es.lo_hablamos_y_no_me_acuerdo",   # "ya lo hablamos pero no me acuerdo: ¿cobraba por mes?"
                    r"\b(?:lo|la|los|las|eso|esto)\s+(?:ya\s+)?(?:hablamos|comentamos|tratamos|vimos|decidimos|acordamos|"
                    r"cerramos|habiamos\s+hablado)\s+(?:pero|y)\s+(?:ahora\s+)?no\s+(?:me\s+acuerdo|lo\s+recuerdo|recuerdo)\b",
                    ("hablamos", "comentamos", "tratamos", "vimos", "decidimos", "acordamos", "cerramos", "habiamos"),
                    requires=("no",), also=r"\?"),
    ExplicitTrigger("es.ya_nos_paso",   # "¿Esto ya nos pasó con otro cliente?": the same trouble, settled before
                    r"\b(?:(?:esto|eso)\s+(?:ya\s+)?nos\s+(?:paso|ha\s+pasado|habia\s+pasado)|ya\s+nos\s+(?:paso|ha\s+pasado|"
                    r"habia\s+pasado)\s+(?:esto|eso|algo\s+(?:asi|parecido|similar))|nos\s+(?:ha|habia)\s+pasado\s+"
                    r"(?:esto|eso|algo\s+(?:asi|parecido|similar))\s+(?:antes|ya|alguna\s+vez))\b",
                    ("paso", "pasado"), requires=("nos",), also=r"\?"),
    # "¿Qué versión quedamos en poner? Creo que lo hablamos hace dos semanas": the clause ends there, or with when
    ExplicitTrigger("es.creo_que_lo_hablamos",
                    r"\b(?:creo|juraria|diria|me\s+parece|estoy\s+segur[oa]\s+de)\s+que\s+(?:ya\s+)?(?:lo|la|los|las|eso|esto)\s+"
                    r"(?:ya\s+)?(?:hablamos|comentamos|tratamos|vimos|decidimos|cerramos|escribimos|documentamos|apuntamos|"
                    r"anotamos|dejamos\s+(?:escrito|apuntado|documentado|cerrado))"
                    r"(?=\s*(?:[,.;:!?]|$)|\s+(?:hace|el|la|en|ayer|antes|una|alguna|por)\b[^,.;:!?]{0,30}(?:[,.;:!?]|$))",
                    ("hablamos", "comentamos", "tratamos", "vimos", "decidimos", "cerramos", "escribimos",
                     "documentamos", "apuntamos", "anotamos", "dejamos"), requires=("que",), also=_WH_ASKED_ES),
    ExplicitTrigger("es.no_recuerdo_si",   # "¿Cortamos o cobramos extra? No recuerdo si lo cerramos": whether we did
                    r"\bno\s+(?:recuerdo|me\s+acuerdo(?:\s+de)?)\s+si\s+(?:(?:lo|la|los|las|le|les|ya|al\s+final|nos)\s+){0,2}"
                    r"(?:\w+(?:amos|imos)|llegamos\s+a)\b",
                    ("recuerdo", "acuerdo"), requires=("si",), also=r"\?"),
    ExplicitTrigger("es.estaba_en_algun_runbook",   # "¿cómo se reiniciaba…? estaba en algún runbook": written somewhere
                    rf"\b(?:(?:estaba|estaban|venia|venian|lo\s+(?:teniamos|dejamos|pusimos|escribimos|apuntamos|documentamos))"
                    rf"\s+(?:apuntad[oa]s?\s+|escrit[oa]s?\s+|documentad[oa]s?\s+)?en\s+(?:algun|alguna|un|una|el|la|"
                    rf"nuestro|nuestra|uno\s+de\s+los|una\s+de\s+las)|(?:esta|estan|lo\s+tenemos)\s+(?:apuntad[oa]s?\s+|"
                    rf"escrit[oa]s?\s+)?en\s+(?:algun|alguna|uno\s+de\s+los|una\s+de\s+las))\s+{_WRITTEN_IN}\b",
                    _WRITTEN_WORDS, requires=("en",), also=r"\?"),
    ExplicitTrigger("es.me_dijiste_algo",   # "La semana pasada me dijiste algo sobre…, ¿me lo repites?": told vaguely
                    rf"\b(?:me|nos)\s+(?:{YOU_TOLD}|habias\s+(?:dicho|contado|comentado|mencionado|recomendado))\s+"
                    r"(?:algo|una\s+cosa|un\s+par\s+de\s+cosas)\s+(?:sobre|de|del|acerca|con|para|relacionad[oa])\b",
                    ("algo", "cosa", "cosas"), requires=("me",), also=r"\?"),
    ExplicitTrigger("es.ya_hemos_visto_esto",   # "¿Esto ya lo hemos visto?", "¿Habíamos visto algo así antes?"
                    r"\b(?:(?:esto|eso)\s+(?:ya\s+)?(?:lo\s+)?(?:hemos|habiamos)\s+visto|(?:hemos|habiamos)\s+(?:ya\s+)?visto\s+"
                    r"(?:esto|eso|este\s+\w+|algo\s+(?:asi|parecido|igual|similar))(?:\s+(?:antes|alguna\s+vez|ya))?)\b",
                    ("visto",), also=r"\?"),
    ExplicitTrigger("es.lo_hemos_arreglado_antes",   # "Esto lo hemos arreglado otras veces, ¿no?": settled before
                    r"\b(?:esto|eso)\s+(?:ya\s+)?(?:lo\s+)?(?:hemos|habiamos)\s+(?:ya\s+)?(?:arreglado|resuelto|solucionado|"
                    r"tenido|sufrido)\s+(?:otras\s+veces|mas\s+veces|antes|alguna\s+vez|ya)\b",
                    ("arreglado", "resuelto", "solucionado", "tenido", "sufrido"), also=r"\?"),
    ExplicitTrigger("es.tenemos_algo_guardado",   # "mira a ver si tenemos algo guardado sobre la cláusula de disputas"
                    r"\b(?:tenemos|teniamos|tienes|tenias)\s+(?:algo|nada)\s+(?:guardado|apuntado|anotado|documentado)\b|"
                    r"\bsi\s+(?:tenemos|teniamos|tienes)\s+(?:apuntado|anotado|guardado)\b|"
                    r"\blo\s+(?:tenemos|teniamos|tenia)\s+(?:apuntado|anotado|guardado|escrito)\s+en\s+(?:algun|alguna)\s+"
                    r"(?:lado|sitio|parte)\b",
                    ("guardado", "apuntado", "anotado", "documentado")),
    ExplicitTrigger("es.busca_que_dimos",   # "Oye, busca qué condiciones le dimos a la agencia cuando entraron"
                    r"\b(?:busca|buscame|look\s+up|find)\s+(?:que|cual|cuales|cuanto|cuanta|como|what|which|how"
                    r"\s+much)\b[^.?!]{0,60}?\b(?:dimos|pusimos|acordamos|decidimos|hicimos|cobramos|ofrecimos|pactamos|"
                    r"dejamos|we\s+(?:gave|agreed|set|offered|charged|decided|promised))\b",
                    ("busca", "buscame", "look", "find")),
    ExplicitTrigger("es.tal_como_lo_tenemos",   # "Pásame las condiciones del programa de partners tal como las tenemos"
                    r"\btal\s+(?:y\s+)?como\s+(?:la|las|lo|los)\s+(?:tenemos|teniamos|dejamos|acordamos|pactamos)\b",
                    ("tenemos", "teniamos", "dejamos", "acordamos", "pactamos"), requires=("tal",)),
    ExplicitTrigger("es.mira_si_ya_teniamos",   # "antes de contestar, mira si ya teníamos algo decidido sobre…",
                    # "¿Qué nos ofreció Hetzner…? Mira si lo guardamos"
                    r"\b(?:mira|busca|comprueba|revisa)\s+si\s+(?:ya\s+)?(?:(?:lo|la|los|las)\s+)?(?:(?:teniamos|tenemos|"
                    r"habiamos)\s+(?:algo\s+)?(?:decidido|acordado|hablado|apuntado|guardado|pactado)|guardamos|"
                    r"apuntamos|anotamos|guardaste|apuntaste)\b",
                    ("decidido", "acordado", "hablado", "apuntado", "guardado", "pactado", "guardamos", "apuntamos",
                     "anotamos", "guardaste", "apuntaste"), requires=("si",)),
    ExplicitTrigger("es.que_dije_que",   # "¿Qué dije que hiciéramos con las alertas mientras estoy fuera?"
                    r"\b(?:que|como)\s+dije\s+que\b", ("dije",), gated=True,
                    accented=r"\b(?:qué|cómo)\s+dije\s+que\b"),
    ExplicitTrigger("es.remind_me_pasado",   # "remind me q concluimos sobre el orden del upgrade"
                    r"\bremind\s+me\s+(?:que|q)\s+(?:decidimos|concluimos|acordamos|dijimos|quedamos|elegimos|pactamos|"
                    r"hablamos|te\s+dije)\b", ("remind",), requires=("me",)),
    ExplicitTrigger("es.recuerdo_vagamente",   # "¿Qué pasó con Kinetic? Recuerdo vagamente algo de su staging"
                    r"\b(?:recuerdo\s+vagamente|creo\s+recordar|me\s+parece\s+recordar|me\s+suena)\s+(?:algo|una\s+cosa)\s+"
                    r"(?:de|del|sobre|acerca|con|asi)\b",
                    ("recuerdo", "recordar", "suena"), requires=("algo",), also=r"\?"),
    ExplicitTrigger("es.que_me_dijo",   # "¿Qué me dijo Jordi que necesitaba de mí…?": what someone told the speaker
                    r"\b(?:que|cuando|como)\s+(?:me|nos)\s+(?:dijo|dijeron|comento|comentaron|conto|contaron|pidio|"
                    r"pidieron|prometio|prometieron)\b",
                    ("dijo", "dijeron", "comento", "comentaron", "conto", "contaron", "pidio", "pidieron", "prometio",
                     "prometieron"), gated=True, clause_start=False,
                    accented=r"\b(?:qué|cuándo|cómo)\s+(?:me|nos)\b"),
    ExplicitTrigger("es.que_dijo_el_asesor",   # "¿qué dijo la gestoría sobre el IVA de la UE?": advice we were given
                    r"\bque\s+(?:nos\s+)?(?:dijo|dijeron|recomendo|aconsejo)\s+(?:el|la|los|las|nuestro|nuestra)\s+"
                    r"(?:abogad[oa]s?|gestoria|asesoria|asesor|asesora|auditor|auditora|aseguradora|banco|notari[oa])\b",
                    ("dijo", "dijeron", "recomendo", "aconsejo"), gated=True, clause_start=False),
    ExplicitTrigger("es.ponme_al_dia",   # "ponme al día de lo de Bodegas Arrieta", "refréscame lo del contrato"
                    r"\b(?:ponme|pongame|ponnos)\s+al\s+dia\s+(?:de|del|sobre|con)\b|\brefrescame\b",
                    ("ponme", "pongame", "ponnos", "refrescame")),
    ExplicitTrigger("es.no_me_acuerdo_si_nosotros",   # "no me acuerdo si le prometimos a Marta el dominio gratis",
                    # "…, no me acuerdo what we did"; not "no me acuerdo si cerré con llave" (hers alone)
                    # "no recuerdo qué versión de PHP dejamos…": what we did with a thing, its noun between
                    r"\bno\s+(?:me\s+acuerdo|recuerdo)\s+(?:de\s+)?(?:si|que|what|if|lo\s+que|(?:que|cual|cuales|cuanto|"
                    r"cuanta|cuantos|cuantas)\s+[a-z]+(?:\s+(?:de|del)\s+[a-z0-9]+)?)\s+(?:(?:le|les|lo|la|se\s+lo)\s+)?"
                    r"(?:[a-z]{3,}(?:amos|imos)|we)\b", ("acuerdo", "recuerdo"), requires=("no",)),
    ExplicitTrigger("es.no_me_acuerdo_lo_tienes",   # "no me acuerdo de cómo se forzaba el resync, ¿lo tienes?": a lapse
                    # handed to the assistant; not "no me acuerdo del comando" alone
                    r"\bno\s+(?:me\s+acuerdo|recuerdo)\b[^.!?]{0,120}?\b(?:(?:lo|la|los|las)\s+(?:tienes|tendras|"
                    r"guardaste|apuntaste)|tienes\s+algo)\b[^.!?]{0,20}\?", ("acuerdo", "recuerdo"), requires=("no",)),
    ExplicitTrigger("es.que_dejamos_en_el_runbook",   # "¿qué mínimo de RAM dejamos puesto en el runbook?"
                    rf"\bque\b[^.?!]{{0,60}}\b(?:dejamos|pusimos|apuntamos|escribimos|anotamos)\s+(?:(?:puest|apuntad|"
                    rf"escrit|anotad)[oa]s?\s+)?en\s+(?:el|la|algun|alguna|nuestro|nuestra)\s+{_WRITTEN_IN}\b",
                    ("dejamos", "pusimos", "apuntamos", "escribimos", "anotamos"), requires=("que", "en"), also=r"\?"),
    ExplicitTrigger("es.ya_lo_aprobamos_en_la_reunion",   # "¿Eso ya lo aprobamos en la reunión de producto?"
                    r"\bya\s+(?:lo|la|los|las)\s+[a-z]{3,}(?:amos|imos)\s+en\s+(?:la|el|una|un|aquella|aquel)\s+"
                    r"(?:reunion|reuniones|comite|call|llamada|junta|sesion)\b",
                    ("reunion", "reuniones", "comite", "call", "llamada", "junta", "sesion"), requires=("ya",),
                    also=r"\?"),
    ExplicitTrigger("es.que_ibamos_a",   # "¿Con qué otro proveedor íbamos a comparar?": what we had planned
                    r"\b(?:que|cual|cuales|quien|cuando|donde|como|cuanto|cuanta)\b[^.?!]{0,40}\bibamos\s+a\s+[a-z]+",
                    ("ibamos",), gated=True),
    ExplicitTrigger("es.sabes_algo_de_lo_que",   # "¿Sabes algo del presupuesto que pedimos a Leaseweb?"
                    r"\bsabes\s+algo\s+(?:de|del|sobre|acerca\s+de)\b[^.?!]{0,60}?\bque\s+(?:(?:le|les|lo|la|nos)\s+)?"
                    r"[a-z]{3,}(?:amos|imos)\b", ("sabes",), requires=("algo", "que"), also=r"\?"),
    ExplicitTrigger("es.no_teniamos_una_norma",   # "¿no teníamos una norma para…?", "¿lo mismo que nos pasó…?"
                    r"\bno\s+teniamos\s+(?:una|un|ya\s+una|ya\s+un)\s+(?:norma|regla|politica|acuerdo|procedimiento|"
                    r"runbook)\b|\bmismo\s+que\s+nos\s+paso\b|\bla\s+ultima\s+vez\s+que\s+(?:paso|ocurrio)\b"
                    r"|\ben\s+algun\s+momento,?\s+no\s*\?",
                    ("teniamos", "paso", "ocurrio", "momento"), also=r"\?"),
)
