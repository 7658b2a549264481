"""The bilingual (ES/EN) lexicon of the retain judgement: term tables as plain data, and their compiled sets."""

from __future__ import annotations

from .kinds import Category
from .term_matching import TermSet

__all__ = [
    "CATEGORY_DURABILITY",
    "CATEGORY_ORDER",
    "CATEGORY_SETS",
    "CATEGORY_TERMS",
    "DURABLE_STRONG",
    "DURABLE_WEAK",
    "FILLER_WORDS",
    "FINISHED",
    "FROM_NOW_SET",
    "HEDGES",
    "HEDGE_SET",
    "ONE_OFF_SET",
    "ONE_OFF_TIME_SET",
    "PAST_ACTION_SET",
    "STRONG_SET",
    "TRANSIENT",
    "TRANSIENT_SET",
    "UNVERIFIED",
    "UNVERIFIED_SET",
    "VERIFIED",
    "VERIFIED_SET",
    "WEAK_SET",
]

# Terms are written folded (no accents, lowercase). A term matches on word boundaries; spaces match any run of
# whitespace. Terms starting with "re:" are regular expressions (on the folded text).

CATEGORY_ORDER: tuple[Category, ...] = (
    "root_cause", "fix", "runbook", "decision", "preference", "constraint", "pricing", "strategy", "incident",
    "relationship", "architecture", "process", "config",
)

CATEGORY_TERMS: dict[Category, tuple[str, ...]] = {
    "root_cause": (
        "root cause", "root-cause", "causa raiz", "the cause was", "the cause is", "la causa fue", "la causa era",
        "la causa es", "caused by", "causado por", "causada por", "was due to", "were due to", "is due to",
        "se debia a", "se debe a", "se debio a", "the reason was", "el motivo era", "el motivo fue", "the culprit",
        "el culpable", "triggered by", "provocado por", "provocada por", "originated in", "se origino en",
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
        "mitigamos", "to fix", "para arreglar", "para solucionar", "para resolver",
    ),
    "runbook": (
        "runbook", "procedure", "procedimiento", "steps to", "pasos para", "step 1", "paso 1", "to restart",
        "para reiniciar", "to recover", "para recuperar", "to rotate", "para rotar", "how to", "first run",
        "primero ejecuta", "then run", "luego ejecuta", "como recuperar",
        "como restaurar", "como rotar", "como reiniciar", "como actualizar", "como migrar", "how to recover",
        "playbook", "to restore", "para restaurar",
    ),
    "decision": (
        "we decided", "we have decided", "we've decided", "decided to", "decidimos", "hemos decidido",
        "he decidido", "decidi", "se decidio", "se ha decidido", "decision", "acordamos", "hemos acordado",
        "we agreed", "agreed to", "we chose", "we have chosen", "elegimos", "hemos elegido", "we will use",
        "we'll use", "usaremos", "vamos a usar", "we opted", "optamos", "we standardized", "we standardised",
        "estandarizamos", "we settled on", "nos quedamos con", "we go with", "we are going with",
        "signed the", "has signed", "ha firmado", "han firmado", "firmo el", "firmaron", "decidido", "approved by",
        "aprobado por", "aprobada por", "han aprobado", "nos han aprobado", "contratamos", "we will hire",
        "we're going with", "it's decided", "esta decidido", "going with", "let's standardize", "standardize on",
        "estandarizar", "let's go with", "vamos con",
        "we'll go with", "we will go with", "queda asi", "queda acordado", "queda decidido", "quedamos en",
        "ya esta aprobado", "esta aprobado", "it's approved", "is approved", "we signed", "firmamos",
        "hemos firmado", "new policy", "nueva politica", "la norma es", "the rule is",
        "vamos a contratar", "we're hiring", "we are hiring", "we dropped", "dejamos de", "we stopped",
        "pasa a costar", "pasa a ser", "pasan a ser", "deja de ser", "dejan de ser", "decided:", "decidido:",
        "that's decided", "hiring freeze", "we moved everything", "we agreed that", "lo hemos acordado",
        "esta acordado", "eso esta acordado", "se hacen siempre", "contract signed", "contrato firmado",
        "we're dropping", "we are dropping", "we're switching to", "we are switching to", "we're moving to",
        "we are moving to", "nos cambiamos a", "nos pasamos a", "we hired", "hemos contratado",
        "agreed", "acordado", "acordada", "aprobado", "aprobada", "approved", "signed off", "sign-off", "firmado",
        "firmada", "signed", "cerrado con", "closed with", "deal closed",
    ),
    "preference": (
        "i prefer", "i'd prefer", "i would prefer", "i'd rather", "i would rather", "prefiero", "preferiria",
        "i like", "i don't like", "i do not like", "i dislike", "i love", "i hate", "me gusta", "me gustan",
        "no me gusta", "me encanta", "odio", "i always", "i never", "yo siempre", "yo nunca", "i usually",
        "suelo", "yo suelo", "prefers", "prefiere", "likes", "le gusta", "i use", "yo uso", "call me", "llamame",
        "answer me", "respondeme", "contestame",
        "talk to me", "hablame", "write to me", "escribeme", "reply to me", "my preference", "mi preferencia",
        "please always", "por favor siempre", "i want you to", "quiero que",
        "no me pongas", "no me mandes", "no me llames", "no me escribas", "don't schedule", "schedule things",
        "send me", "mandame", "remind me", "recuerdame", "avisame", "my timezone", "mi zona horaria",
        "i work from", "trabajo desde", "don't call me", "i never want", "nunca quiero", "i want", "i'd like",
        "i would like", "me gustaria que", "tenlo en cuenta", "keep that in mind", "keep it in mind",
        "soy vegetariana", "soy vegetariano", "i'm vegetarian", "i am vegetarian", "soy alergica", "soy alergico",
        "i'm allergic", "my laptop", "mi portatil", "mi ordenador", "my computer", "normalmente", "por lo general",
        "generalmente", "not a fan of", "no soy fan", "no me gustan", "i'm a fan of", "i usually", "cuando me des",
        "always wants", "siempre quiere", "wants answers", "quiere respuestas",
        "when you give me", "when you send me", "cuando me mandes", "dame siempre", "uso siempre", "siempre uso",
        "i always use", "my on-call", "mi guardia", "mi semana de guardia", "mi rol", "my role", "i'm the",
        "i am the",
        "my preferred", "mi preferido", "mi preferida", "my favourite", "my favorite", "mi favorito",
        "mi favorita", "i'm more of", "i read", "me organizo", "i organise", "i organize", "tag me", "ping me",
        "no me gustan", "empieza por", "start with the", "despiertes", "wake me",
    ),
    "constraint": (
        "must not", "must never", "must always", "must", "mustn't", "cannot", "can't", "can not", "no puede",
        "no podemos", "we can't",
        "no pueden", "no se puede", "no se pueden", "never", "nunca", "do not", "don't", "no debe", "no deben",
        "debe", "deben", "hay que", "tiene que", "tienen que", "requires", "require", "requiere", "requieren",
        "only supports", "solo soporta", "solo admite", "only works", "solo funciona", "limit of", "limite de",
        "maximum of", "maximo de", "not allowed", "no esta permitido", "prohibido", "forbidden", "mandatory",
        "obligatorio", "is required", "es obligatorio", "se requiere", "need at least", "needs at least",
        "necesitan al menos", "necesita al menos", "at least", "al menos", "como minimo", "exige", "exigen",
        "demands", "insists on", "insiste en",
    ),
    "pricing": (
        "price", "prices", "pricing", "precio", "precios", "tarifa", "tarifas", "per month", "al mes", "/month",
        "/mes", "per year", "al ano", "discount", "descuento", "euros", "eur", "usd", "re:\\d\\s*€", "re:€\\s*\\d",
        "re:\\$\\s*\\d", "costs", "cuesta", "cuestan", "cobramos", "we charge", "charge", "gratis", "for free",
        "fee", "fees", "month free", "months free", "mes gratis", "meses gratis", "regalado", "regalamos",
        "compensacion", "compensation", "credit them", "a credit of", "abonarles", "les abonamos", "compensate",
        "compensar", "compensarles", "abono", "credit note",
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
    "incident": (
        "incident", "incidente", "outage", "caida", "se cayo", "went down", "was down", "estuvo caido",
        "estuvo caida", "postmortem", "post-mortem", "degraded", "degradado", "downtime",
    ),
    "relationship": (
        "depends on", "depend on", "depende de", "dependen de", "talks to", "connects to", "se conecta a",
        "se conectan a", "upstream", "downstream", "owned by", "responsable de", "es responsable",
        "maintained by", "mantenido por", "belongs to", "pertenece a", "proveedor de", "our supplier", "our vendor",
        "el contrato", "the contract", "se renueva", "renews", "como cliente", "as a customer", "as a client",
        "su contrato", "their contract", "in the contract", "en el contrato",
        "es cliente", "is a customer", "is our customer", "son clientes", "nuevo cliente", "new customer",
    ),
    "architecture": (
        "architecture", "arquitectura", "uses", "use", "usa", "usan", "utiliza", "utilizan", "runs on", "run on",
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
    ),
    "process": (
        "process", "proceso", "workflow", "flujo de trabajo", "every monday", "cada lunes", "every week",
        "cada semana", "weekly", "semanal", "approval", "aprobacion", "approves", "aprueba", "onboarding",
        "sign-off", "handoff", "escalate", "escalar", "on-call", "guardia", "escalations", "escalaciones", "sla",
        "support sla", "nivel de servicio",
        "lead is", "es la responsable", "es el responsable", "business rule", "regla de negocio",
        "our policy", "nuestra politica", "la politica es", "policy:", "facturar", "we invoice", "refunds",
        "reembolsos", "support policy", "politica de soporte", "politica de", "policy on", "policy for",
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
    "pricing": 0.75, "strategy": 0.75, "incident": 0.55, "relationship": 0.7, "architecture": 0.75,
    "process": 0.7, "config": 0.7, "general": 0.45,
}

DURABLE_STRONG: tuple[str, ...] = (
    "we decided", "we have decided", "we've decided", "decidimos", "hemos decidido", "se decidio",
    "se ha decidido", "acordamos", "hemos acordado", "we agreed", "always", "siempre", "never", "nunca",
    "from now on", "a partir de ahora", "de ahora en adelante", "en adelante", "going forward", "from here on",
    "root cause", "causa raiz", "the fix", "fixed by", "la solucion", "se soluciona", "resolved by", "solved by",
    "i prefer", "prefiero", "i'd rather", "my preference", "mi preferencia", "must", "debe", "deben", "hay que",
    "the rule is", "la regla es", "policy is", "la politica es", "by default", "por defecto", "standard",
    "estandar", "runbook", "procedure", "procedimiento", "lesson learned", "leccion aprendida", "is configured",
    "esta configurado", "permanently", "permanentemente", "de forma permanente", "for good", "officially",
    "oficialmente", "a partir de hoy", "desde hoy", "from today", "starting today", "approved by", "aprobado por",
    "aprobada por", "han aprobado", "como norma", "por norma", "as a rule", "mi norma", "my rule",
)
DURABLE_WEAK: tuple[str, ...] = (
    "remember that", "recuerda que", "keep in mind", "ten en cuenta", "note:", "nota:", "important:",
    "importante:", "fyi", "para que conste", "for the record", "note for the future", "for the future",
    "para el futuro", "apunta esto", "apuntalo", "anota que", "apunta que", "apuntate que", "apuntate", "anotalo",
    "guarda esto", "guarda que", "remember this", "save this", "recuerda esto", "que conste",
)
HEDGES: tuple[str, ...] = (
    "maybe", "perhaps", "i think", "i believe", "i guess", "i suppose", "i suspect", "could be", "could have",
    "might be", "might have", "may have", "probably", "possibly", "most likely", "likely", "not sure",
    "i'm not sure", "unsure", "it seems", "seems like", "seems to", "apparently", "my guess", "presumably",
    "hypothesis", "hypothetically", "i wonder", "quiza", "quizas", "tal vez", "creo que", "pienso que",
    "supongo", "sospecho", "posiblemente", "probablemente", "puede que", "puede ser", "podria ser",
    "podria deberse", "a lo mejor", "igual es", "parece que", "parece ser", "al parecer", "seguramente",
    "no estoy seguro", "no estoy segura", "no se si", "hipotesis", "diria que", "es posible que", "looks like",
    "it looks", "tiene pinta", "pinta a que", "suena a", "por lo visto",
    # plans and proposals: nothing is decided yet
    "might", "we may", "may be", "we could", "you could", "i could", "could try", "could use", "could work",
    "could attract", "podriamos", "re:(?<!no )\\bpodemos\\b", "podria", "estamos pensando", "re:^\\W*igual\\s",
    "depende de si", "depende de que", "si conseguimos", "estoy pensando",
    "pensando en", "my gut", "gut feeling", "mi intuicion", "me huele a", "juraria", "haven't proven",
    "not proven", "sin demostrar", "no esta demostrado",
    "we are thinking", "we're thinking", "thinking about", "thinking of", "considering", "consider",
    "should we", "what if", "at some point", "en algun momento", "algun dia", "some day", "someday",
    "we would like to", "we'd like to", "nos gustaria", "we plan to", "we are planning", "we're planning",
    "planeamos", "tenemos pensado", "la idea es", "the idea is", "worth exploring", "i suggest", "sugiero",
    "propongo", "i propose", "i recommend", "recomiendo", "te propongo", "habria que", "deberiamos",
    "we should", "ya veremos", "we'll see", "quiero ver si", "si lo haceis", "if you do",
    "it depends", "would you like", "quieres que", "do you want me", "shall i", "valorando", "estamos valorando",
    "nada decidido", "not decided", "undecided", "sin decidir", "no decidido", "still deciding", "evaluating",
    "evaluando", "barajando", "we are exploring", "explorando",
    # someone else's request, reported: nothing is decided
    "dicen que", "they say", "people say", "se dice que", "comentan que", "me han dicho", "i was told",
    "asked if", "asked whether", "asks if", "asks whether", "pregunto si", "pregunta si", "quiere saber si",
    "wants to know if",
)
UNVERIFIED: tuple[str, ...] = (
    "not verified", "unverified", "not confirmed", "unconfirmed", "to be confirmed", "tbc",
    "pending confirmation", "needs confirmation", "needs verification", "need to verify", "need to confirm",
    "untested", "not tested", "sin verificar", "no verificado", "no verificada", "sin confirmar",
    "no confirmado", "no confirmada", "por confirmar", "pendiente de confirmar", "pendiente de confirmacion",
    "hay que confirmar", "sin probar", "no probado", "no esta confirmado", "no esta verificado",
    "haven't verified", "have not verified", "not tested yet", "haven't tested", "no lo he comprobado",
    "no he comprobado", "no lo he verificado", "sin comprobar", "confirmarlo", "before concluding",
    # drafts: written down, not approved
    "re:(?<!you )(?<!to )(?<!i'll )\\bdraft\\b", "borrador",
    "not approved", "no aprobado", "no aprobada", "aun no aprobado", "sin aprobar",
    "didn't work", "did not work", "doesn't work", "no funciono", "no ha funcionado", "no funciona",
    "pending approval", "pendiente de aprobacion", "pendiente de que", "subject to approval",
    "sujeto a aprobacion", "sujeta a aprobacion", "a falta de", "re:^\\W*(?:propuesta|proposal)\\W",
    "awaiting approval", "to be approved", "por aprobar",
    # an attempt that did not help
    "nothing changed", "no change", "didn't help", "did not help", "no sirvio", "no ha servido", "sigue igual",
    "sigue petando", "sigue fallando", "no era eso", "wasn't it", "was not it", "no effect", "sin efecto",
    "no ha cambiado nada", "still dropping", "still failing", "re:\\b(?:y|pero) nada\\b(?!\\s+de\\b)",
    "same error", "mismo error",
    "mismos errores", "re:\\bmism[oa]s?\\s+\\d{3}s?\\b", "re:\\bsame\\s+\\d{3}s?\\b", "no luck", "sin suerte",
    "still the same", "igual que antes", "still gets", "sigue igual",
)
# A one-off: it holds for this time only, whatever preference it states.
ONE_OFF: tuple[str, ...] = (
    "this time", "esta vez", "por esta vez", "just for today", "only today", "only for today", "for today",
    "solo hoy", "solo por hoy", "por hoy", "i love it", "love it", "me encanta como", "como quedo",
    "como ha quedado", "how it turned out", "looks great", "this once", "just this once", "por ahora", "for now",
    "de momento",
    "for the moment", "por el momento", "hoy prefiero", "today i prefer", "today i'd", "hoy quiero", "hoy mejor",
)
# Words of the present day: they make a stated preference a one-off.
ONE_OFF_TIME: tuple[str, ...] = (
    "hoy", "today", "esta semana", "this week", "tonight", "esta noche", "esta tarde", "this afternoon",
    "esta manana", "this morning", "ahora", "right now", "tomorrow", "next week", "la semana que viene",
    "la proxima semana", "de vacaciones", "on vacation", "on holiday", "este fin de semana", "this weekend",
    "re:(?<!las )(?<!la )\\bmanana\\b", "pasado manana", "el lunes que viene", "next monday", "until", "hasta las",
    "later", "mas tarde", "este finde", "el finde", "me toca",
)
# Overrides a one-off: "a partir de hoy" starts a lasting rule.
FROM_NOW: tuple[str, ...] = (
    "a partir de hoy", "desde hoy", "from today", "starting today", "de hoy en adelante", "from now on",
    "a partir de ahora", "going forward", "de ahora en adelante",
)
# What was just done, in the first person: task state, unless it is a verified fix's action.
PAST_ACTION: tuple[str, ...] = (
    "i restarted", "i ran", "i deployed", "i updated", "i've updated", "i have updated", "i fixed it", "i've fixed",
    "i changed", "i set", "i patched", "i added", "i scaled", "i labelled", "i labeled", "i raised",
    "i increased", "i bumped", "i moved", "i replaced", "i configured", "i enabled", "i removed",
    "he reiniciado", "he ejecutado", "he desplegado", "he actualizado", "he cambiado", "he puesto", "he subido",
    "he anadido", "he configurado", "he escalado", "reinicie", "ejecute", "desplegue", "actualice", "cambie",
    "anadi", "configure", "puse", "subi", "arranque", "parchee", "escale", "borre", "lo cambie", "lo arranque",
    "i tried", "tried to", "intente", "he intentado", "i did", "iguale", "he borrado", "he bajado", "baje",
    "he quitado", "quite", "he movido", "movi", "he creado", "he aumentado", "aumente", "he reducido", "reduje",
    "he eliminado", "elimine", "he aplicado", "aplique", "he activado", "he desactivado", "desactive",
    "i deleted", "i lowered", "i created", "i applied", "i disabled", "i reduced", "i rolled back", "i pinned",
    "i upgraded", "i downgraded", "i reverted", "we changed", "we set", "we added", "we moved", "we replaced",
    "we raised", "we increased", "we lowered", "hemos cambiado", "hemos puesto", "hemos subido", "cambiamos",
    "pusimos", "tras poner", "tras cambiar", "tras subir", "after setting", "after changing", "after raising",
    "after adding", "once i set",
    "re:\\btras\\s+[a-z]+(?:arla|erla|irla|arlo|erlo|irlo|arsela|ersela|irsela|arselo|erselo|arlos|arlas)\\b",
    # any verb: "I <verb>ed", "he/lo he <participio>", a report opening with its past verb ("Patched the …")
    "re:\\bi(?:'ve| have)?\\s+(?:also\\s+|then\\s+|just\\s+)?(?!decided|agreed|chose|approved|signed|preferred|liked"
    "|loved|hated|used|asked|wanted|needed|checked|verified|tested|confirmed|noticed|looked|wondered|guessed)"
    "[a-z]{3,}ed\\b",
    "re:\\b(?:lo |la |los |las |le |les )?(?:he|hemos)\\s+(?!decidido|acordado|elegido|aprobado|firmado|pensado|visto"
    "|mirado|revisado|comprobado|probado|intentado|verificado|leido|preguntado|hablado|notado|sido|estado|tenido)"
    "[a-z]{3,}(?:ado|ido|uesto|echo|ierto|uelto|rito)\\b",
    "re:^\\W*(?:added|patched|switched|created|raised|replaced|moved|enabled|disabled|mounted|pinned|bumped|set|put"
    "|changed|updated|removed|deleted|restarted|reloaded|installed|configured|rebuilt|reverted|rolled back|cleaned"
    "|increased|lowered|rotated|upgraded|migrated|corrected|fixed)\\b",
    "corregi", "lo corregi", "lo subi", "lo puse", "le puse", "lo pase", "lo ampliamos", "lo cambiamos",
    "arregle", "lo arregle", "corregimos", "lo corregimos", "arreglamos",
    "i switched", "i put", "i made", "i rebuilt", "i wrote", "i forced", "i redeployed",
    # irregular and re- verbs ("I re-bound", "I've set"), impersonal and passive reports of a change
    "re:\\bi(?:'ve| have)?\\s+(?:also\\s+|then\\s+|just\\s+)?(?:re-?)?(?:bound|rebound|set|reset|put|ran|reran"
    "|made|wrote|rewrote|took|gave|built|rebuilt|cut|split|undid|redid|sent|kept|brought|swapped|re-[a-z]{3,}ed)\\b",
    "re:\\bse\\s+(?:ha|han)\\s+[a-z]{3,}(?:ado|ido|uesto)\\b",
    "re:\\b(?:was|were|has been|have been)\\s+(?:re-?)?[a-z]{3,}ed\\s+(?:to|from|in|on|with|back|by)\\b",
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
    "esta funcionando", "went through", "goes through", "succeeded",
    "completed successfully", "ya carga", "loads again", "va bien", "va fino", "funciona bien", "lo he mirado",
    "mirado con", "checked with", "checked it with", "comprobado con", "visto con", "verified with",
)
# Task state that says a thing finished (a verified fix's sentence may carry it).
FINISHED: tuple[str, ...] = (
    "has been completed", "se ha completado", "ha terminado", "all done", "it's done", "it is done",
    "re:\\bya esta\\b(?!\\s+(?:aprobad|decidid|firmad|acordad|cerrad|incluid|en el contrato|en contrato"
    "|en la factura|en las condiciones))",
)
TRANSIENT: tuple[str, ...] = (
    "in progress", "en curso", "en progreso", "working on it", "trabajando en ello", "trabajando en eso",
    "on it", "wip", "let me", "dejame", "deja que", "voy a", "vamos a ver", "i'll", "i will", "i'm going to",
    "i am going to", "i'm checking", "i am checking", "checking now", "let me check", "estoy revisando",
    "estoy mirando", "estoy comprobando", "looking into", "i'm looking", "i am looking", "i'm running",
    "i am running", "running now", "still running", "estoy ejecutando", "waiting for", "esperando a",
    "retrying", "reintentando", "right now", "ahora mismo", "at the moment", "en este momento", "for now",
    "por ahora", "de momento", "temporarily", "temporalmente", "temporary", "temporal", "today", "hoy",
    "tonight", "esta noche", "this morning", "esta manana", "this afternoon", "esta tarde", "yesterday", "ayer",
    "tomorrow", "just now", "acabo de", "i just", "i've just", "i have just", "pending", "next step",
    "siguiente paso", "will do", "lo hago", "sigo investigando", "still investigating", "will report back",
    "todavia no", "not yet", "me quedan", "deploying now", "i'll treat", "lo dejo anotado", "still failing",
    "sigue fallando", "no idea", "ni idea", "a ver si", "prueba a", "try to", "intenta", "siguen apareciendo",
    "sigue dando", "re:\\bstill\\s+(?:(?!0\\b)\\d|failing|broken|down|getting|seeing)", "redactame", "write me a",
    "write an email", "escribe un correo", "draft an", "summarize", "resumeme", "traduceme", "translate",
    "preparame un",
    "task completed", "task complete", *FINISHED, "estoy en ello", "on hold", "en pausa", "en espera", "paused",
    "re:\\b(?:estoy|estamos)\\s+[a-z]+(?:ando|iendo)\\b", "desde hace",
    "re:\\bhace\\s+(?:\\d+|un|una|unos|unas)\\s+(?:segundos?|minutos?|horas?|rato|momento)\\b",
    "re:\\b\\d+\\s+(?:seconds?|minutes?|hours?)\\s+ago\\b",
    "re:^\\W*(?:explain|explicame|tell me|dime|show me|muestrame|describe|summarise|help me|ayudame|can you"
    "|could you|puedes|please explain|por favor explica)\\b", "re:\\b(?:keep|keeps|kept)\\s+[a-z]+ing\\b",
    "re:\\bsiguen?\\s+[a-z]+(?:ando|iendo)\\b", "ha ido bien", "han ido bien", "ha ido mal", "han ido mal",
    "went well", "went badly", "fue bien", "fue mal", "is going well",
    "this week", "esta semana", "next week", "la semana que viene", "la proxima semana", "este mes", "this month",
    "last month", "el mes pasado", "re:(?<!las )(?<!la )(?<!esta )\\bmanana\\b", "pasado manana",
    "re:\\b(?:caduca|caducan|expira|expiran|expires?|vence|vencen|due|llega|llegan|arrives?)\\s+(?:en|in|dentro de)"
    "\\s+\\d+\\s+(?:dias|days|horas|hours|minutos|minutes)\\b",
    "re:\\b(?<!formato )(?<!una )(?<!la )(?<!en )(done|finished|completed?|resolved|shipped|terminad[oa]"
    "|completad[oa]|hecho|resuelt[oa]|listo|"
    "lista|finalizad[oa])\\W*$",
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
})


CATEGORY_SETS: dict[Category, TermSet] = {name: TermSet(terms) for name, terms in CATEGORY_TERMS.items()}
STRONG_SET = TermSet(DURABLE_STRONG)
WEAK_SET = TermSet(DURABLE_WEAK)
HEDGE_SET = TermSet(HEDGES)
UNVERIFIED_SET = TermSet(UNVERIFIED)
VERIFIED_SET = TermSet(VERIFIED)
TRANSIENT_SET = TermSet(TRANSIENT)
ONE_OFF_SET = TermSet(ONE_OFF)
FROM_NOW_SET = TermSet(FROM_NOW)
ONE_OFF_TIME_SET = TermSet(ONE_OFF_TIME)
PAST_ACTION_SET = TermSet(PAST_ACTION)
