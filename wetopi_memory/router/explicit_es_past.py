"""Explicit memory requests in Spanish (design §7): questions in the past tense of "we", as data.

- An interrogative (qué, cómo, cuándo, en qué, lo que, la vez que…) followed, clitics and "ya"/"al final" aside, by a
  first-person-plural past form of a verb of deciding, saying or doing (`PAST_WE`: decid-imos, acord-amos, dij-imos,
  qued-amos…), in a message that reads as a question; "como" alone only when it opens the question.
- How we used to do a thing, in the imperfect ("¿Cómo renovábamos…?", "¿Qué hacíamos cuando…?", "¿Quién nos
  llevaba la gestoría?"); the last time we did it; an interrogative determiner, its noun and a verb of deciding
  ("¿Qué plazo de preaviso pactamos…?", "¿Qué versión quedamos en poner?"); the pluperfect; a past date in the question.

Not requests: proposals ("¿Qué tal si pactamos…?", "¿Y si decidimos…?", "¿Y si lo dejábamos para el lunes?"), "as we
said" after a proposal ("¿… o movemos Loki a Ceph como comentamos?"), the conditional ("¿Cómo podríamos…?"), an
invitation ("¿Qué día quedamos?", "¿Quedamos en vernos el jueves?"), a thing we did after a preposition ("¿Entra en
el RTO que fijamos?").
"""

from __future__ import annotations

from .explicit_base import ASKS_HERE, PAST_ONLY_WE, PAST_WE, PAST_WE_WORDS, WORLD_ASKED, ExplicitTrigger

# A proposal, not a question about the past: "¿Qué tal si pactamos un descuento?", "¿Y si decidimos mañana?"
_PROPOSAL = r"\bque\s+tal\s+si\b|(?:^|[^\w\s])\s*y\s+si\b"

# "we" forms of deciding that, after "¿qué <noun>…?", read as past ("¿qué día quedamos?" is an invitation: not here)
_DECIDED_WE = ("decidimos", "acordamos", "pactamos", "dijimos", "elegimos", "escogimos", "descartamos", "concluimos",
               "firmamos", "negociamos")

# a "we" imperfect ("renovábamos", "teníamos", "solíamos"), found from its ending; "estábamos" is where we were
_IMPERFECT_WE = r"amos\b(?:(?<=[a-z]abamos)|(?<=[a-z]iamos))(?<!estabamos)"
# "-íamos" is an "-er"/"-ir" imperfect only after such a stem: without accents "cambiamos", "enviamos" (present or
# preterite of "-iar" verbs) and "podríamos" (the conditional) look the same
_ER_IR = (r"(?:[a-z]*(?:ten|hac|pon|sab|ven|dec|quer|sol|ve|le|sal|viv|escrib|sub|met|cog|perd|ped|serv|segu|cib|corr|"
          r"mov|volv|solv|vend|tend|pond|cre|tra|abr|cubr|com|beb|sufr|noc|parec|frec|mit|cid|pet|leg|xig|cumpl|part|"
          r"clu|stru|tribu))")
# an interrogative opening the message or a clause ("¿Cómo…", "Oye, ¿quién…", "y cuándo…")
_WH_OPENS = (r"(?:^|[^a-z0-9\s]|\b(?:y|pero|oye|entonces|dime|cuentame|recuerdame))\s*(?:que|como|cuando|donde|quien|"
             r"quienes|cual|cuales|cuanto|cuanta|cuantos|cuantas)\s+")

# a name of the world, not ours: "¿Cómo se llamaba el rey de Francia en 1700?", "…la peli de…", "…la canción…"
_WORLD_NAME = r"\b(?:19|20)\d\d\b|\b(?:pelicula|peli|cancion|cantante|actor|actriz|serie|novela|rey|reina|presidente)\b"

# what a thing had or did, in the imperfect ("tenía", "usaban", "apuntaba")
_WAS_IA = r"(?:tenian?|habian?|hacian?|ponian?|servian?|salian?|venian?|decian?|pedian?|corrian?|querian?)"

# before a change to our setup ("antes del cambio de rango", "antes de la migración", "antes de migrar")
_BEFORE_CHANGE = (r"antes\s+de(?:l|\s+la|\s+las|\s+los)?\s+(?:cambio|migracion|mudanza|actualizacion|upgrade|rollback|"
                  r"corte|incidente|renumeracion|cambiar|migrar|mover|actualizar|pasar(?:nos)?)\b")

ES_PAST: tuple[ExplicitTrigger, ...] = (
    ExplicitTrigger("es.pasado_nosotros",
                    rf"\b{PAST_WE}\b", PAST_WE_WORDS, gated=True, clause_start=False, at_anchor=True,
                    before=r"(?:\b(?:que|cuando|cual|cuales|donde|por\s+que|en\s+que|lo\s+que|vez\s+que|si)\s+|"
                           r"\bcomo\s+(?=(?:le|les|nos|te|se|lo|la|los|las)\s)|"   # "como" alone opens the question:
                           r"(?:^|[^a-z0-9\s]|\b(?:y|pero|oye|entonces|dime|cuentame|recuerdame))\s*como\s+)"
                           r"(?:(?:le|les|nos|te|se|lo|la|los|las|ya|al\s+final|finalmente|exactamente|entonces)\s+){0,3}"
                           r"(?:(?:conclusion|conclusiones|decision|decisiones|acuerdo|acuerdos|solucion)\s+)?$",
                    unless=_PROPOSAL),   # "¿… o movemos Loki a Ceph como comentamos?" is "as we said", not "how"
    # how we used to do a thing, in the imperfect of "we" ("¿Cómo renovábamos…?", "¿Qué hacíamos cuando…?"), found
    # from its ending (a literal: fast) and checked back to its stem and the interrogative
    ExplicitTrigger("es.como_lo_haciamos", _IMPERFECT_WE,
                    ("que", "como", "cuando", "donde", "quien", "quienes", "cual", "cuales", "cuanto", "cuanta",
                     "cuantos", "cuantas"), gated=True, clause_start=False,
                    # also past an interrogative's noun ("¿Qué proveedores de SMS teníamos evaluados?") or with
                    # "cómo lo" after the matter it asks of ("el IVA de las facturas cómo lo hacíamos?")
                    before=rf"(?:{_WH_OPENS}(?:[a-z]+\s+(?:de\s+[a-z0-9]+\s+)?)?|(?<!\bno\sse\s)\bcomo\s+(?=l[oa]s?\s|les?\s))"
                           rf"(?:(?:le|les|lo|la|los|las|se|nos|ya|antes|siempre)\s+){{0,2}}(?:[a-z]+ab|{_ER_IR}i)$"),
    ExplicitTrigger("es.quien_nos_llevaba",   # "¿Quién nos llevaba la gestoría?": what was done for us
                    rf"\bnos\s+(?:[a-z]+aban?|{_ER_IR}ian?)\b", ("nos",), gated=True,
                    clause_start=False, before=rf"{_WH_OPENS}(?:(?:ya|antes|siempre)\s+)?$"),
    ExplicitTrigger("es.la_ultima_vez_que",
                    r"\bvez\s+que\s+(?:(?:lo|la|los|las|le|les|se)\s+)?\w+(?:amos|imos)\b", ("vez",),
                    gated=True, clause_start=False, requires=("que",)),
    ExplicitTrigger("es.la_ultima_vez_que_fui",   # "¿Qué hotel cogí la última vez que fui a Madrid?": her own past
                    r"\bultima\s+vez\s+que\s+(?:(?:lo|la|le|me|se)\s+)?(?:fui|estuve|vine|hice|tuve|pedi|cogi|use|reserve|"
                    r"compre|llame|pague)\b(?=[^.!¿]*\?)", ("vez",), gated=True, clause_start=False,
                    requires=("ultima",)),
    ExplicitTrigger("es.a_ver_que",
                    rf"\ba\s+ver\s+(?:que|como|cuando|en\s+que)\s+(?:(?:le|les|nos|te|se|lo|la|ya)\s+){{0,2}}{PAST_WE}\b",
                    ("ver",)),
    ExplicitTrigger("es.que_algo_pusimos",   # "¿Qué condiciones le pusimos…?", "¿Qué plazo de pago les dimos…?"
                    rf"\b(?:que|cual|cuales|cuanto|cuanta|cuantos|cuantas)\s+(?:\w+\s+(?:(?:de|del)\s+\w+\s+)?)?"
                    rf"(?:(?:le|les|nos|se|lo|la)\s+)?"
                    rf"(?:{'|'.join(PAST_ONLY_WE)})\b",
                    PAST_ONLY_WE, gated=True, clause_start=False),
    ExplicitTrigger("es.que_plazo_pactamos",   # "¿Qué plazo de preaviso pactamos con…?", "¿Cuántos días de margen
                    # acordamos?": an interrogative determiner, its noun (and a "de" complement), a verb of deciding
                    rf"\b(?:{'|'.join(_DECIDED_WE)})\b", _DECIDED_WE, gated=True, clause_start=False, at_anchor=True,
                    before=r"\b(?:que|cual|cuales|cuanto|cuanta|cuantos|cuantas)\s+[a-z]+(?:\s+(?:de|del)\s+[a-z][a-z0-9]*)?\s+"
                           r"(?:(?:le|les|nos|se|lo|la|al\s+final|ya)\s+)?$"),
    # "¿cuál era el comando que usamos…?": a thing we did, asked about in its own clause; not after a preposition
    # ("¿Entra en el RTO que fijamos?") nor before a clause that plans ("Los clientes que pasamos: ¿lo bajamos?")
    ExplicitTrigger("es.lo_que_usamos",
                    r"\bque\s+(?:(?:le|les|nos|se|lo|la)\s+)?[a-z]+(?:amos|imos)\b(?=[^.:;!?]*\?)", ("que",),
                    gated=True, clause_start=False,
                    before=r"(?<!\ben\s)(?<!\bcon\s)(?<!\bpara\s)(?<!\bpor\s)(?<!\bsobre\s)"
                           r"(?<!\bhasta\s)(?<!\bdesde\s)\b(?:el|la|los|las)\s+(?:\w+\s+){0,2}$"),
    ExplicitTrigger("es.pregunta_en_pasado",
                    r"\b(?:dijimos|decidimos|acordamos|pactamos|comentamos|elegimos|hablamos\s+(?:ya|de\s+lo|sobre))\b",
                    ("dijimos", "decidimos", "acordamos", "pactamos", "comentamos", "elegimos", "hablamos"),
                    gated=True, clause_start=False, before=r"(?:^|[^a-z0-9\s]|\b(?:y|ya|no|al\s+final))\s*$"),
    ExplicitTrigger("es.lo_habiamos_hablado",
                    r"\b(?:habiamos|hemos|habias|habiais)\s+(?:ya\s+)?(?:hablado|decidido|dicho|acordado|quedado|"
                    r"comentado|pactado|tratado|visto)\b",
                    ("hablado", "decidido", "dicho", "acordado", "quedado", "comentado", "pactado", "tratado"),
                    gated=True, clause_start=False),
    ExplicitTrigger("es.habiamos_participio",   # the pluperfect points back at something settled before
                    r"\b(?:habiamos|habiais)\s+(?:ya\s+)?\w+(?:ado|ido|to|cho)\b", ("habiamos", "habiais"),
                    gated=True, clause_start=False),
    ExplicitTrigger("es.pregunta_con_pasado",   # "¿Cuánto les cobramos el año pasado…?", "¿Qué hicimos en marzo?"
                    r"\b(?:el\s+ano\s+pasado|el\s+mes\s+pasado|la\s+semana\s+pasada|la\s+ultima\s+vez|la\s+otra\s+vez|"
                    r"en\s+su\s+dia|al\s+final|aquella\s+vez|entonces|(?:(?<!vence\s)(?<!vencen\s)(?<!caduca\s)(?<!expira\s)en|(?<!\d\s)(?<!partir\s)(?<!antes\s)(?<!despues\s)de)\s+(?:enero|febrero|marzo|abril|mayo|junio|"
                    r"julio|agosto|septiembre|octubre|noviembre|diciembre))\b",
                    ("pasado", "pasada", "vez", "dia", "final", "entonces", "enero", "febrero", "marzo", "abril",
                     "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"),
                    gated=True, clause_start=False,   # -amos/-imos but not estamos, vamos: from a literal, fast
                    also=r"mos\b(?<=[ai]mos)(?<!\best[ai]mos)(?<!\bv[ai]mos)|\b(?:hice|decidi|elegi|pague|cobre)\b"),
    ExplicitTrigger("es.quedamos_en_hacer",   # "¿Qué versión de PHP quedamos en poner?": what we agreed to do
                    r"\bquedamos\s+en\s+[a-z]+(?:ar|er|ir)(?:l[oa]s?|nos|se|le|les)?\b", ("quedamos",),
                    requires=("en",), gated=True, clause_start=False,
                    before=r"\b(?:que|cual|cuales|cuanto|cuanta|cuantos|cuantas)\s+[a-z]+(?:\s+(?:de|del)\s+[a-z][a-z0-9]*)?\s+"
                           r"(?:(?:le|les|nos|se|lo|la|al\s+final|ya)\s+)?$"),
    ExplicitTrigger("es.antes_del_cambio",   # "¿Qué IPs tenían los LB antes del cambio de rango?": a former state
                    rf"\b(?:que|cual|cuales|como|donde|cuanto|cuanta|cuantos|cuantas|quien)\s+(?:[a-z]+\s+){{0,3}}?"
                    rf"(?:[a-z]+aban?|{_WAS_IA}|eran?)\b[^.?!]*?\b{_BEFORE_CHANGE}", ("antes",), gated=True,
                    clause_start=False, before=ASKS_HERE, also=_BEFORE_CHANGE),   # a literal first: the cheap test
    ExplicitTrigger("es.que_le_dije",   # "¿Qué le dije la última vez a Jordi sobre…?": what the speaker said
                    r"\b(?:que|cual|cuales|cuando|por\s+que)\s+(?:le|les|te|os)\s+(?:lo\s+|la\s+)?"
                    r"(?:dije|conte|comente|prometi|respondi|conteste|ofreci|propuse)\b",
                    ("dije", "conte", "comente", "prometi", "respondi", "conteste", "ofreci", "propuse"), gated=True,
                    clause_start=False, before=r"(?:^|[^a-z0-9\s]|\b(?:y|pero|oye|dime|recuerdame))\s*$"),
    ExplicitTrigger("es.al_final_pregunta",   # "¿Al final firmaron la renovación?", "Lo de la mudanza, ¿al final para
                    # cuándo quedó?": how a matter of ours ended, asked in the question itself ("al final de", an end)
                    r"\bal\s+final\b(?!\s+del?\b)(?=[^.!¿]*\?)", ("final",), gated=True, clause_start=False,
                    unless=WORLD_ASKED),
    ExplicitTrigger("es.cuanto_era",   # "¿Cuánto era, un 15?", "¿Cuál era la IP virtual del API?": a value of ours
                    # asked back in the imperfect, opening its question
                    r"\b(?:cual|cuales|cuanto|cuanta|cuantos|cuantas)\s+(?:era|eran)\b(?=[^.!¿]*\?)",
                    ("era", "eran"), gated=True, clause_start=False, before=ASKS_HERE, unless=_WORLD_NAME),
    ExplicitTrigger("es.como_se_llamaba",   # "¿Cómo se llamaba el runbook para reemplazar un OSD?": a name of ours
                    r"\bcomo\s+se\s+llamaba(?:n)?\s+(?:el|la|los|las|aquel|aquella|ese|esa|eso|esto)\b",
                    ("llamaba", "llamaban"),
                    requires=("se",), gated=True, unless=_WORLD_NAME),
)
