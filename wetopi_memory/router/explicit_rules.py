"""Explicit memory requests (design §7): the ways of asking for memory, as data, compiled by `compiled.py`.

Two kinds of trigger live here. Fixed expressions ("busca en la memoria", "do you remember") and general frames
that generalise over phrasings:

- Spanish past tense of "we": an interrogative (qué, cómo, cuándo, en qué, lo que, la vez que…) followed, clitics
  and "ya"/"al final" aside, by a first-person-plural past form of a verb of deciding, saying or doing
  (`_PAST_WE`: decid-imos, acord-amos, dij-imos, qued-amos, rot-amos…), in a message that reads as a question;
  a recall verb (recuérdame, dime, busca, mira…) before "lo que" + such a form asks without a question mark.
- English wh-questions about what "we"/"I" did ("what/which/when/why did we …" with a verb of deciding, saying
  or doing), negative questions ("didn't we agree…"), and "we agreed/decided/said…" inside a question.
- Where memory is kept: notes, "on file", "written down", "anything stored", "tenemos algo apuntado",
  "refresh my memory", "ring a bell", "te suena".

Statements in the past ("Decidimos subir el precio", "As we agreed, send the invoice"), instructions
("Remember to renew…", "Recuerda que el viernes…"), invitations ("¿Quedamos mañana?") and the speaker's own
memory ("I don't remember the command") are not requests.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ExplicitTrigger:
    """A way of asking for memory explicitly ("¿qué habíamos decidido sobre…?", "search our memory for…").

    `pattern` runs on the normalised message (lowercase, no accents, punctuation kept). It is only tried when
    one of `anchors` and all of `requires` (whole words) occur in the message, so messages without memory
    vocabulary cost nothing.
    `gated` triggers contain a Spanish word that is ambiguous once accents are gone ("que"/"como" are also
    conjunctions: "creo que decidimos…" is a statement, "¿qué decidimos…?" a question; "recuerda que mañana…" is
    an instruction, "recuerda qué…" a request). They count only when the message reads as a question: it contains
    ¿ or ?, or `accented` (a question form searched in the case-folded, NFC, accent-keeping message: "qué …",
    a message opening with "what"/"was") matches, or — when `clause_start` — the trigger opens the message or a
    clause ("Oye, que decidimos con el LB").
    """

    name: str
    pattern: str
    anchors: tuple[str, ...]
    gated: bool = False
    accented: str | None = None
    clause_start: bool = True
    requires: tuple[str, ...] = ()   # words that must all occur too (cheap pre-check for common anchors)
    unless: str | None = None        # the request does not count when this matches too ("guarda en tu memoria…")
    also: str | None = None          # ... and counts only when this matches too (a cheap pattern first, this after)
    before: str | None = None        # ... and when this matches right before the match (its pattern ends with $)
    at_anchor: bool = False          # the pattern matches exactly its anchor words (searched from the first one)


# Explicit memory requests (design §7: these trigger a synchronous recall). Order matters only for which name
# is reported when several match.
_MEM = r"memor(?:y|ies|ia|ias)"
_WHO = r"(?:(?:our|the|your|my|la|nuestra|tu|mi|vuestra)\s+)?"
# "I don't remember what…" is about the speaker's own memory; "guarda en tu memoria…" asks to store, not recall.
_NOT_SELF = r"(?<!\bi\s)(?<!don't\s)(?<!dont\s)(?<!don\st\s)(?<!can't\s)(?<!cant\s)(?<!can\st\s)(?<!not\s)(?<!never\s)"
_SAVE_ES = (r"\b(?:apunta|apuntalo|apuntate|guarda|guardalo|guardate|anota|anotalo|anade|anadelo|mete|graba|guardar|"
            r"apuntar)\b")
_SAVE_EN = r"\b(?:save|store|add|put|write|keep|note)\b"
# "como te dije (ayer), …" is "as I said", in passing, not a question about what was said
_AS_I_SAID = (r"\bcomo\s+(?:te|os)\s+(?:dije|conte|comente|explique|mencione)(?:\s+(?:el\s+otro\s+dia|ayer|antes|"
              r"la\s+semana\s+pasada|en\s+su\s+dia|el\s+\w+\s+pasado))?\s*,")
_WE_DID = (r"(?:\w+ed|wrote|chose|gave|set|made|took|put|sent|told|said|built|ran|did|had|got|came\s+up\s+with|"
           r"went\s+with|found|learnt|saw|thought|left|kept|bought|paid|spent|lost|won|heard|meant|drew|sold|"
           r"hit|cut|let|broke|spoke|began|knew|wound\s+up|ended\s+up)\b")   # an English past form after "we"
_SAVE_TO_NOTES = r"\b(?:save|store|add|put|write|keep)\b"

# Verbs of deciding and saying whose "we" form (-amos / -imos) asks for memory inside a question ("¿qué acordamos?"),
# and "we" forms that can only be past ("hicimos", "dimos", "pusimos"). Verbs of doing whose -amos form is also
# present ("¿cuánto le cobramos?", "¿qué usamos?") count only after "la última vez que".
_PAST_WE_STEMS = ("decid", "acord", "dij", "habl", "qued", "pact", "coment", "eleg", "escog", "descart", "dej", "sac",
                  "conclu", "comprometi", "apunt", "anot")
_PAST_ONLY_WE = ("hicimos", "dimos", "pusimos", "propusimos", "ofrecimos", "prometimos", "resolvimos", "vimos",
                 "tuvimos", "quisimos", "supimos", "hablasteis", "decidisteis", "quedasteis", "acordasteis")
_PAST_WE_WORDS = tuple(sorted({stem + end for stem in _PAST_WE_STEMS for end in ("amos", "imos")} | {*_PAST_ONLY_WE}))
# The same words as one regex with their stems factored out: `re` tries alternatives one by one, so a shared
# ending is matched once instead of once per verb.
_PAST_WE = "(?:(?:" + "|".join(_PAST_WE_STEMS) + ")(?:amos|imos)|" + "|".join(_PAST_ONLY_WE) + ")"

EXPLICIT_TRIGGERS: tuple[ExplicitTrigger, ...] = (
    # ---- Spanish, unambiguous
    ExplicitTrigger("es.busca_en_memoria",
                    rf"\b(?:busca|buscar|buscame|buscad|mira|mirar|consulta|consultar|revisa|revisar|comprueba)"
                    rf"\s+(?:en\s+)?{_WHO}{_MEM}\b",
                    ("memoria", "memorias", "memory", "memories")),
    ExplicitTrigger("es.en_memoria", rf"\ben\s+(?:la\s+|nuestra\s+|tu\s+|vuestra\s+)?{_MEM}\b", ("memoria", "memorias"),
                    unless=_SAVE_ES),
    ExplicitTrigger("es.te_acuerdas", r"\b(?:te\s+acuerdas|os\s+acordais|recuerdas|recordais)\b",
                    ("acuerdas", "acordais", "recuerdas", "recordais")),
    ExplicitTrigger("es.recuerda_interrogativo",
                    r"\brecuerda(?:me)?\s+(?:como|cual|cuales|cuando|donde|cuanto|cuanta|por\s+que|si)\b",
                    ("recuerda", "recuerdame")),
    ExplicitTrigger("es.cual_fue_la_decision",
                    r"\b(?:cual|cuales)\s+(?:fue|fueron|era|es)\s+(?:la|nuestra|mi|las|nuestras)\s+decision",
                    ("decision", "decisiones")),
    # ---- Spanish, only when it reads as a question ("que"/"como" are also conjunctions)
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
    ExplicitTrigger("es.que_sabemos", r"\bque\s+sabemos\s+(?:de|del|sobre|acerca)\b", ("sabemos",), gated=True,
                    accented=r"\bqué\s+sabemos\b"),
    ExplicitTrigger("es.recuerda_que", r"\brecuerda(?:me)?\s+que\b", ("recuerda", "recuerdame"), gated=True,
                    accented=r"\brecu[eé]rda(?:me)?\s+qué\b", clause_start=False),
    ExplicitTrigger("es.como_resolvimos",
                    r"\bcomo\s+(?:lo\s+|la\s+|los\s+|las\s+)?(?:resolvimos|solucionamos|arreglamos|configuramos|"
                    r"hicimos|montamos|resolviste|solucionaste|arreglaste)\b",
                    ("resolvimos", "solucionamos", "arreglamos", "configuramos", "hicimos", "montamos",
                     "resolviste", "solucionaste", "arreglaste"),
                    gated=True, accented=r"\bcómo\s+(?:l[oa]s?\s+)?(?:resolv|soluc|arregl|config|hic|mont)",
                    clause_start=False),
    ExplicitTrigger("es.que_tenemos_guardado",
                    r"\bque\s+(?:tenemos|tengo|hay|teniamos|tenias|tienes)\s+(?:guardado|apuntado|anotado|registrado)\b",
                    ("guardado", "apuntado", "anotado", "registrado"), gated=True,
                    accented=r"\bqué\s+(?:tenemos|tengo|hay|ten[ií]amos|ten[ií]as|tienes)\b"),
    # ---- English
    ExplicitTrigger("en.what_did_we_decide",
                    r"\bwhat\s+(?:did|had|have)\s+(?:we|i|you)\s+(?:ever\s+|finally\s+|already\s+)?"
                    r"(?:decide|decided|agree|agreed|settle|settled|conclude|concluded|say|said|choose|chose|"
                    r"chosen|pick|picked|use|used|tell|told)\b",
                    ("decide", "decided", "agree", "agreed", "settle", "settled", "conclude", "concluded", "say",
                     "said", "choose", "chose", "chosen", "pick", "picked", "use", "used", "tell", "told"),
                    requires=("what",)),
    ExplicitTrigger("en.what_was_decided",
                    r"\bwhat\s+(?:was|were|is)\s+(?:decided|agreed|(?:our|the|my)\s+(?:decision|conclusion))\b",
                    ("decided", "agreed", "decision", "conclusion")),
    ExplicitTrigger("en.did_we_decide",
                    r"\b(?:did|have|had)\s+(?:we|i|you)\s+(?:ever\s+|already\s+|finally\s+)?"
                    r"(?:decide|decided|agree|agreed|settle|settled)\b",
                    ("decide", "decided", "agree", "agreed", "settle", "settled")),
    ExplicitTrigger("en.search_memory",
                    rf"\b(?:search|check|look|query|dig|pull)\s+(?:it\s+|that\s+|this\s+)?(?:up\s+)?"
                    rf"(?:in\s+|into\s+|through\s+|from\s+)?{_WHO}{_MEM}\b",
                    ("memory", "memories")),
    ExplicitTrigger("en.in_our_memory", rf"\b(?:in|from)\s+(?:our|your)\s+{_MEM}\b", ("memory", "memories"),
                    unless=_SAVE_EN),
    ExplicitTrigger("en.do_you_remember",
                    r"\b(?:do|don'?t|can|could|did)\s+(?:you|we)\s+(?:still\s+)?(?:remember|recall)\b"
                    r"(?!\s+(?:to|this|that\s*:)\b)",
                    ("remember", "recall")),
    ExplicitTrigger("en.remember_what",
                    r"(?=remember|recall|remind)" + _NOT_SELF +   # the lookahead first: cheap, fails fast
                    r"\b(?:remember|recall|remind\s+me)[\s,:]+(?:what|how|when|where|which|why|who|if|"
                    r"whether)\b",
                    ("remember", "recall", "remind")),
    ExplicitTrigger("en.what_do_we_know",
                    r"\bwhat\s+do\s+(?:we\s+(?:know|remember|have)|you\s+remember|you\s+know\s+(?=\w+\s+(?:my|our)\b))\s*"
                    r"(?:about|on|regarding)\b",
                    ("know", "remember", "have"), requires=("what", "do")),
    ExplicitTrigger("en.how_did_we_fix",
                    r"\bhow\s+did\s+(?:we|i|you)\s+(?:solve|fix|resolve|handle|deal\s+with|configure|set\s+up)\b",
                    ("solve", "fix", "resolve", "handle", "deal", "configure", "set"), requires=("how", "did")),

    # ---- general frames (see the module docstring)
    ExplicitTrigger("es.pasado_nosotros",
                    rf"\b{_PAST_WE}\b", _PAST_WE_WORDS, gated=True, clause_start=False, at_anchor=True,
                    before=r"\b(?:que|como|cuando|cual|cuales|donde|por\s+que|en\s+que|lo\s+que|vez\s+que|si)\s+"
                           r"(?:(?:le|les|nos|te|se|lo|la|los|las|ya|al\s+final|finalmente|exactamente|entonces)\s+){0,3}"
                           r"(?:(?:conclusion|conclusiones|decision|decisiones|acuerdo|acuerdos|solucion)\s+)?$"),
    ExplicitTrigger("es.la_ultima_vez_que",
                    r"\bvez\s+que\s+(?:(?:lo|la|los|las|le|les|se)\s+)?\w+(?:amos|imos)\b", ("vez",),
                    gated=True, clause_start=False, requires=("que",)),
    ExplicitTrigger("es.a_ver_que",
                    rf"\ba\s+ver\s+(?:que|como|cuando|en\s+que)\s+(?:(?:le|les|nos|te|se|lo|la|ya)\s+){{0,2}}{_PAST_WE}\b",
                    ("ver",)),
    ExplicitTrigger("es.que_algo_pusimos",   # "¿Qué condiciones le pusimos…?": a form that can only be past
                    rf"\b(?:que|cual|cuales|cuanto|cuanta|cuantos|cuantas)\s+(?:\w+\s+)?(?:(?:le|les|nos|se|lo|la)\s+)?"
                    rf"(?:{'|'.join(_PAST_ONLY_WE)})\b",
                    _PAST_ONLY_WE, gated=True, clause_start=False),
    ExplicitTrigger("es.lo_que_usamos",   # "¿cuál era el comando que usamos…?": a thing we did, asked about
                    r"\bque\s+(?:(?:le|les|nos|se|lo|la)\s+)?[a-z]+(?:amos|imos)\b", ("que",), gated=True,
                    clause_start=False, before=r"\b(?:el|la|los|las)\s+(?:\w+\s+){0,2}$"),
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
                    r"en\s+su\s+dia|al\s+final|aquella\s+vez|entonces|(?:en|de)\s+(?:enero|febrero|marzo|abril|mayo|junio|"
                    r"julio|agosto|septiembre|octubre|noviembre|diciembre))\b",
                    ("pasado", "pasada", "vez", "dia", "final", "entonces", "enero", "febrero", "marzo", "abril",
                     "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"),
                    gated=True, clause_start=False,   # -amos/-imos but not estamos, vamos: from a literal, fast
                    also=r"mos\b(?<=[ai]mos)(?<!\best[ai]mos)(?<!\bv[ai]mos)"),
    ExplicitTrigger("es.sabemos_algo",
                    r"\b(?:sabemos|tenemos|hay)\s+algo\s+(?:de|del|sobre|acerca)\b", ("algo",), gated=True,
                    clause_start=False),
    ExplicitTrigger("es.lo_que_tenemos",
                    r"\b(?:busca|buscame|mira|consulta|revisa)\s+(?:en\s+)?lo\s+que\s+(?:tenemos|sabemos|hay|"
                    r"tengas|tienes|sepas|tengamos|sepamos|haya)\b",
                    ("busca", "buscame", "mira", "consulta", "revisa"), requires=("lo", "que")),
    ExplicitTrigger("es.recuerdame_lo_que",
                    rf"\blo\s+que\s+(?:(?:le|les|nos|te|se|ya)\s+)?"
                    rf"(?:{_PAST_WE}|\w+(?:amos|imos)|te\s+(?:dije|conte|comente|pedi)|(?:habiamos|hemos)\s+\w+)\b",
                    ("recuerdame", "recuerdanos", "dime", "repiteme", "decirme", "acuerdate", "busca", "buscame",
                     "mira", "consulta", "revisa", "cuentame", "comprueba", "recupera", "recuperar"),
                    requires=("lo", "que"),
                    before=r"\b(?:recuerdame|recuerdanos|dime|repiteme|decirme|acuerdate\s+de|busca|buscame|mira|consulta|"
                           r"revisa|cuentame|comprueba|recupera|recuperar)\b[^.?!]{0,30}$"),
    ExplicitTrigger("es.busca_que_hicimos",   # "Busca qué le dijimos a…", "dime cómo lo arreglamos": no "?" needed
                    rf"^\W*(?:oye,?\s+)?(?:busca|buscame|mira|consulta|revisa|dime|cuentame|recuerdame|comprueba)"
                    rf"(?:\s+(?:en\s+)?(?:la\s+|tu\s+)?memoria)?\s+(?:que|como|cuando|cuanto|cuanta|donde|por\s+que|cual|"
                    rf"cuales)\s+(?:(?:le|les|nos|te|se|lo|la|los|las|ya|al\s+final)\s+){{0,2}}(?:{_PAST_WE}|\w+(?:amos|imos))\b",
                    ("busca", "buscame", "mira", "consulta", "revisa", "dime", "cuentame", "recuerdame", "comprueba"),
                    gated=True, clause_start=False,   # "Mira, que decidimos no tocarlo" is a statement: the accent says
                    accented=r"\b(?:qué|cómo|cuándo|cuánto|cuánta|dónde|por qué|cuál|cuáles)\b"),
    ExplicitTrigger("es.haz_memoria", r"\b(?:haz|haced|hagamos|hace)\s+memoria\b", ("memoria",)),
    ExplicitTrigger("en.whats_in_memory",
                    rf"\bwhat(?:'s|\s+is|s|\s+do\s+(?:we|you)\s+have)\s+(?:stored\s+|saved\s+|kept\s+)?"
                    rf"(?:in|on)\s+{_WHO}{_MEM}\b",
                    ("memory", "memories")),
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
    ExplicitTrigger("es.que_notas_tenemos",   # "¿Qué notas tenemos del onboarding?", "¿Qué notes tienes de…?"
                    r"\b(?:que|cuales|alguna|algunas)\s+(?:notas|notes|apuntes)\s+(?:tenemos|tienes|hay|teneis|guardaste)\b",
                    ("notas", "notes", "apuntes"), gated=True, clause_start=False),
    ExplicitTrigger("es.apuntado_en_algun_sitio",   # "¿Apuntamos en algún sitio qué versión…?"
                    r"\b(?:apuntamos|anotamos|guardamos|documentamos|dejamos\s+(?:escrito|apuntado|documentado))\s+"
                    r"(?:\w+\s+){0,2}?en\s+(?:algun\s+(?:sitio|lado|sitio)|alguna\s+parte|algun\s+doc)",
                    ("apuntamos", "anotamos", "guardamos", "documentamos", "dejamos")),
    ExplicitTrigger("es.recuerdame_que_pasado",   # "recuérdame qué acordamos con Kreativa" (no question mark)
                    rf"\b(?:recuerdame|recuerdanos|cuentame|repiteme)\s+(?:que|como|cuando|donde|cuanto|cuanta)\s+"
                    rf"(?:(?:le|les|nos|te|se|lo|la|ya)\s+){{0,2}}{_PAST_WE}\b",
                    ("recuerdame", "recuerdanos", "cuentame", "repiteme")),
    ExplicitTrigger("es.en_tus_notas",
                    r"\b(?:mira|mirar|consulta|consultar|revisa|revisar|busca|buscar|comprueba|en)\s+"
                    r"(?:tus|las|nuestras|vuestras|mis)\s+notas\b",
                    ("notas",), unless=_SAVE_ES),
    ExplicitTrigger("es.algo_apuntado",
                    r"\b(?:lo\s+|la\s+)?(?:tenemos|tienes|tengo|teneis|hay|habia|teniamos)\s+(?:algo\s+)?"
                    r"(?:guardado|apuntado|anotado|registrado)\b",
                    ("guardado", "apuntado", "anotado", "registrado"), gated=True, clause_start=False),
    ExplicitTrigger("es.refresca_la_memoria", r"\brefresca(?:me|nos)?\s+la\s+memoria\b",
                    ("refrescame", "refresca", "refrescanos")),
    ExplicitTrigger("es.te_suena", r"\b(?:te|os)\s+suena\b(?!\s+(?:bien|mal|raro|logico|razonable))", ("suena",),
                    gated=True, clause_start=False),
    ExplicitTrigger("en.wh_did_we",
                    r"\b(?:what|which|when|why|how|where|who)\b(?:\s+[\w'-]+){0,4}?\s+did\s+we\s+"
                    r"(?:ever\s+|last\s+|finally\s+|already\s+|actually\s+|originally\s+)?(?:decide|agree|say|tell|"
                    r"settle|choose|pick|give|end|drop|discuss|talk|note|write|sign|promise|offer|quote|charge|"
                    r"set|configure|move|last|rotate|land|send|pay|bill|leave|put|store|keep|save|document|go|stop)\b",
                    ("did",), requires=("we",)),
    ExplicitTrigger("en.wh_did_i",
                    r"\b(?:what|which|when|why|how|where|who)\b(?:\s+[\w'-]+){0,4}?\s+did\s+i\s+(?:ever\s+|last\s+)?"
                    r"(?:decide|agree|say|tell|settle|choose|pick|give|promise)\b",
                    ("did",), requires=("i",)),
    ExplicitTrigger("en.we_agreed_in_question",
                    r"\bwe\s+(?:had\s+|have\s+)?(?:agreed|decided|said|settled|chose|picked|discussed|noted|signed|"
                    r"promised|quoted|told)\b",
                    ("agreed", "decided", "said", "settled", "chose", "picked", "discussed", "noted", "signed",
                     "promised", "quoted", "told"), requires=("we",), gated=True, clause_start=False,
                    accented=r"^\W*(?:what|which|when|why|how|where|who|was|were|is|did|do)\b"),
    ExplicitTrigger("en.didnt_we",
                    r"\b(?:didn'?t|didn\s+t|haven'?t|haven\s+t|hadn'?t|hadn\s+t|weren'?t|weren\s+t)\s+we\s+"
                    r"(?:already\s+|once\s+)?(?:agree|decide|say|settle|discuss|talk|pick|choose|going\s+to|"
                    r"supposed\s+to)\b",
                    ("didn", "didnt", "haven", "havent", "hadn", "hadnt", "weren", "werent"), requires=("we",)),
    ExplicitTrigger("en.have_we_discussed",
                    r"\b(?:have|had|did)\s+we\s+(?:ever\s+|already\s+|previously\s+)?(?:discuss|discussed|"
                    r"talk|talked|cover|covered|mention|mentioned|document|documented|seen|write|wrote|written|note|noted|"
                    r"stored|saved|recorded|kept|logged)\b",
                    ("discuss", "discussed", "talk", "talked", "cover", "covered", "mention", "mentioned",
                     "document", "documented", "seen", "write", "wrote", "written", "note", "noted", "stored",
                     "saved", "recorded", "kept", "logged"),
                    gated=True, clause_start=False, requires=("we",)),
    ExplicitTrigger("en.ever_before",   # "Have we ever offered…?", "Did we ever write down…?"
                    r"\b(?:have|had|did)\s+(?:we|you|i)\s+(?:ever|previously|once|already)\s+\w+",
                    ("ever", "previously", "once", "already"),
                    gated=True, clause_start=False),
    ExplicitTrigger("en.question_last_time",   # "What was the fix for the ceph slow ops last time?"
                    r"\b(?:last\s+time|the\s+time\s+before|back\s+then|previous\s+time|in\s+the\s+past)\b",
                    ("time", "then", "past"), gated=True, clause_start=False,
                    also=r"\b(?:what|which|how|when|why|who|where|did|was|were)\b"),
    ExplicitTrigger("en.notes_on",
                    r"\b(?:(?:your|our|the|any)\s+(?:notes?|records?)\s+(?:on|of|about|for|regarding|say)|"
                    r"(?:is|are)\s+there\s+(?:a|any)\s+(?:notes?|records?)\b)",
                    ("note", "notes", "record", "records"), unless=_SAVE_TO_NOTES),
    ExplicitTrigger("en.the_thing_we_did",   # "the runbook we wrote", "the procedure we followed"
                    rf"\bwe\s+{_WE_DID}", ("we",), gated=True, clause_start=False,
                    before=r"\b(?:the|our|that)\s+(?:[\w-]+\s+){0,2}(?:that\s+|which\s+)?$"),
    ExplicitTrigger("en.show_me_what_we_did",   # the same without a question mark, after a request verb
                    rf"^\W*(?:remind\s+me\s+of|find|show\s+me|give\s+me|tell\s+me|pull\s+up|look\s+up|get\s+me)\b"
                    rf"[^.?!]*?\bwe\s+{_WE_DID}",
                    ("remind", "find", "show", "give", "tell", "pull", "look", "get"), requires=("we",)),
    ExplicitTrigger("en.do_you_know_my",
                    r"\bdo\s+you\s+(?:know|have|remember)\s+(?:what|which|when|where|how|who)\s+(?:my|our|i|we)\b",
                    ("know", "have"),
                    requires=("do", "you")),
    ExplicitTrigger("en.in_your_notes",
                    r"\b(?:check|look\s+(?:in|at|through)|search|see|consult|in|on|from|through)\s+"
                    r"(?:your|the|our)\s+notes\b",
                    ("notes",), unless=_SAVE_EN),
    ExplicitTrigger("en.on_file",
                    r"\b(?:(?:do|did)\s+(?:we|you)\s+have\s+(?:anything|something)\s+(?:stored|saved|noted|written|"
                    r"recorded|on\s+file|in\s+memory)|anything\s+(?:in|on)\s+(?:memory|file|your\s+notes|the\s+notes)"
                    r"|any\s+notes\s+(?:on|about|for)|(?:have|got)\s+(?:it|that|this|them)\s+(?:written\s+down|on\s+file)|"
                    r"what\s+(?:have|do)\s+(?:we|you)\s+(?:got|have)\s+on\s+file|what\s+notes\s+do\s+(?:we|you)\s+have)",
                    ("stored", "saved", "noted", "written", "recorded", "file", "memory", "notes", "down")),
    ExplicitTrigger("en.look_up_what",
                    r"\b(?:(?:look|pull|dig|bring|find)\s+up|search\s+for|check|find(?:\s+out)?|show\s+me|tell\s+me)\s+"
                    r"what\s+(?:we|i)\s+"
                    r"(?:had\s+|have\s+)?(?:said|told|agreed|decided|noted|wrote|discussed|know|promised|settled|chose|"
                    r"picked|quoted|offered|signed|have|had|got)\b",
                    ("up", "search", "check", "find"), requires=("what",)),
    ExplicitTrigger("en.did_i_tell_you",   # "Did I tell you which editor I use?", "Have I mentioned my hours?"
                    r"\b(?:did|have|had)\s+(?:i|we)\s+(?:ever\s+|already\s+)?(?:tell|told|mention|mentioned|say|said|"
                    r"share|shared|give|gave|explain|explained)\b(?:\s+(?:you|to\s+you))?",
                    ("tell", "told", "mention", "mentioned", "say", "said", "share", "shared", "give", "gave",
                     "explain", "explained"), gated=True, clause_start=False,
                    accented=r"^\W*(?:did|have|had)\s+(?:i|we)\b"),
    ExplicitTrigger("en.anything_about",   # "Do we have anything about…", "You should have something on my dates"
                    r"\b(?:(?:do|did|have|would)\s+(?:we|you)\s+(?:got\s+|have\s+|keep\s+)?(?:anything|something)\s+"
                    r"(?:about|on|for|regarding|related\s+to)|(?:should|must|might)\s+have\s+(?:something|anything)\s+"
                    r"(?:about|on))\b",
                    ("anything", "something")),
    ExplicitTrigger("en.what_do_you_have_on",   # "What do you have on…", "What have you got on…", "What did you save…"
                    r"\bwhat\s+(?:(?:(?:do|did)\s+you\s+(?:have|keep)|have\s+(?:you|we)\s+got)\s+(?:about|on|regarding)|"
                    r"(?:did|have)\s+you\s+(?:saved?|stored?|noted?|kept|written|wrote))\b",
                    ("have", "got", "save", "saved", "store", "stored", "note", "noted", "written", "wrote"),
                    requires=("what", "you")),
    ExplicitTrigger("es.que_guardaste",   # "¿Qué guardaste sobre mis preferencias?", "¿Dónde lo apuntaste?"
                    r"\b(?:que|donde|como|cuando|lo\s+que)\s+(?:lo\s+|la\s+|los\s+|las\s+)?(?:guardaste|apuntaste|"
                    r"anotaste|registraste|guardasteis|apuntasteis|anotasteis)\b",
                    ("guardaste", "apuntaste", "anotaste", "registraste", "guardasteis", "apuntasteis", "anotasteis"),
                    gated=True, clause_start=False),
    ExplicitTrigger("es.te_dije",   # "¿Te dije cuál es mi editor?", "¿Os conté lo del proveedor?"
                    r"\b(?:te|os)\s+(?:dije|conte|comente|mencione|explique|pase|di|hable)\b",
                    ("dije", "conte", "comente", "mencione", "explique", "pase", "hable"), gated=True,
                    clause_start=False, unless=_AS_I_SAID),
    ExplicitTrigger("es.que_sabes_de",   # "¿Qué sabes de mi horario?", "¿Qué tienes sobre el proveedor?"
                    r"\bque\s+(?:(?:sabes|recuerdas)\s+(?:de|del|sobre|acerca)|(?:tienes|tenemos)\s+(?:sobre|acerca))\b",
                    ("sabes", "recuerdas", "tienes", "tenemos"), gated=True, clause_start=False, requires=("que",),
                    accented=r"\bqué\s+(?:sabes|recuerdas|tienes|tenemos)\b"),
    ExplicitTrigger("en.refresh_my_memory", r"\b(?:refresh\s+(?:my|our)\s+memory|ring\s+(?:a|any)\s+bells?)\b",
                    ("refresh", "bell", "bells")),
    ExplicitTrigger("en.tell_me_again", r"\btell\s+me\s+again\b", ("again",), requires=("tell", "me")),
    ExplicitTrigger("en.what_was_again", r"\bwhat\s+was\b[^.?!]{0,50}\bagain\b", ("again",),
                    requires=("what", "was")),
    ExplicitTrigger("en.whats_the_decision",
                    r"\bwhat(?:'s|\s+s|\s+is|\s+was)\s+(?:the|our)\s+(?:decision|conclusion|agreement|outcome)\b",
                    ("decision", "conclusion", "agreement", "outcome"), requires=("what",)),
    # ---- sixth round: review verbs, formal address, outcomes, what is kept
    ExplicitTrigger("es.repasa_lo_que",   # "Repásame lo que acordamos…", "Recap de lo que decidimos…"
                    rf"\b(?:repasame|repasa|resumeme|recap|recapitula|recapitulame|refrescame)\s+(?:de\s+)?"
                    rf"(?:lo\s+que|que|como)\s+(?:(?:le|les|nos|te|se|lo|la|ya|al\s+final)\s+){{0,2}}{_PAST_WE}\b",
                    ("repasame", "repasa", "resumeme", "recap", "recapitula", "recapitulame", "refrescame")),
    ExplicitTrigger("es.recuerda_usted",   # "¿Recuerda usted qué horario le indiqué…?", "¿Se acuerda de lo que…?"
                    r"\b(?:recuerda\s+usted|se\s+acuerda\s+(?:usted\s+)?(?:de\s+lo\s+que|de\s+que|de\s+como|que|como))\b",
                    ("usted", "acuerda")),
    ExplicitTrigger("es.que_paso_al_final",   # "¿Qué pasó al final con lo del disco lleno?"
                    r"\bque\s+(?:paso|ha\s+pasado|fue)\s+al\s+final\s+con\b", ("final",), gated=True,
                    clause_start=False, requires=("que", "con")),
    ExplicitTrigger("en.remind_me_que",   # "Remind me, ¿qué formato te pedí?"
                    r"\bremind\s+me\s*[,:]\s*(?:que|cual|cuales|como|cuando|donde|cuanto|cuanta|quien)\b",
                    ("remind",), requires=("me",)),
    ExplicitTrigger("en.what_we_have_stored",   # "What do you have stored about me?", "pull up what we have in memory"
                    rf"\b(?:(?:what|anything)\s+(?:do|did)\s+(?:we|you)\s+have\s+(?:stored|saved|noted|recorded|"
                    rf"on\s+file|written\s+down)|(?:what|whatever|everything|anything|all)\s+(?:we|you)\s+(?:have|keep|got)\s+"
                    rf"in\s+(?:the\s+|our\s+|your\s+)?{_MEM})\b",
                    ("stored", "saved", "noted", "recorded", "file", "written", "memory", "memories"),
                    requires=("have",), unless=_SAVE_EN),
    ExplicitTrigger("en.recall_colon", r"^\W*recall\s*[:,-]", ("recall",)),
)
