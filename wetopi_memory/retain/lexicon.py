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
    "HEDGES",
    "HEDGE_SET",
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
        "primero ejecuta", "then run", "luego ejecuta", "playbook", "to restore", "para restaurar",
    ),
    "decision": (
        "we decided", "we have decided", "we've decided", "decided to", "decidimos", "hemos decidido",
        "he decidido", "decidi", "se decidio", "se ha decidido", "decision", "acordamos", "hemos acordado",
        "we agreed", "agreed to", "we chose", "we have chosen", "elegimos", "hemos elegido", "we will use",
        "we'll use", "usaremos", "vamos a usar", "we opted", "optamos", "we standardized", "we standardised",
        "estandarizamos", "we settled on", "nos quedamos con", "we go with", "we are going with",
    ),
    "preference": (
        "i prefer", "i'd prefer", "i would prefer", "i'd rather", "i would rather", "prefiero", "preferiria",
        "i like", "i don't like", "i do not like", "i dislike", "i love", "i hate", "me gusta", "me gustan",
        "no me gusta", "me encanta", "odio", "i always", "i never", "yo siempre", "yo nunca", "i usually",
        "suelo", "yo suelo", "prefers", "prefiere", "likes", "le gusta", "i use", "yo uso", "call me", "llamame",
        "answer me", "respondeme", "contestame",
        "talk to me", "hablame", "write to me", "escribeme", "reply to me", "my preference", "mi preferencia",
        "please always", "por favor siempre", "i want you to", "quiero que",
    ),
    "constraint": (
        "must not", "must never", "must always", "must", "mustn't", "cannot", "can't", "can not", "no puede",
        "no pueden", "no se puede", "no se pueden", "never", "nunca", "do not", "don't", "no debe", "no deben",
        "debe", "deben", "hay que", "tiene que", "tienen que", "requires", "require", "requiere", "requieren",
        "only supports", "solo soporta", "solo admite", "only works", "solo funciona", "limit of", "limite de",
        "maximum of", "maximo de", "not allowed", "no esta permitido", "prohibido", "forbidden", "mandatory",
        "obligatorio", "is required", "es obligatorio", "se requiere",
    ),
    "pricing": (
        "price", "prices", "pricing", "precio", "precios", "tarifa", "tarifas", "per month", "al mes", "/month",
        "/mes", "per year", "al ano", "discount", "descuento", "euros", "eur", "usd", "re:\\d\\s*€", "re:€\\s*\\d",
        "re:\\$\\s*\\d", "costs", "cuesta", "cuestan", "cobramos", "we charge", "charge",
    ),
    "strategy": (
        "strategy", "estrategia", "roadmap", "positioning", "posicionamiento", "target market", "mercado objetivo",
        "go-to-market", "we will sell", "we'll sell", "venderemos", "vendera", "venderan", "comercializara",
        "comercializaremos", "we will offer", "ofreceremos", "focus on", "centrarnos en", "enfocarnos en",
        "our market", "nuestro mercado", "competitor", "competidor", "value proposition", "propuesta de valor",
        "product line", "linea de producto", "lanzaremos", "we will launch", "will sell", "will be sold",
        "se vendera", "vamos a vender", "target customers", "clientes objetivo", "first market", "primer mercado",
        "nos centraremos", "we will focus",
    ),
    "incident": (
        "incident", "incidente", "outage", "caida", "se cayo", "went down", "was down", "estuvo caido",
        "estuvo caida", "postmortem", "post-mortem", "degraded", "degradado", "downtime",
    ),
    "relationship": (
        "depends on", "depend on", "depende de", "dependen de", "talks to", "connects to", "se conecta a",
        "se conectan a", "upstream", "downstream", "owned by", "responsable de", "es responsable",
        "maintained by", "mantenido por", "belongs to", "pertenece a",
    ),
    "architecture": (
        "architecture", "arquitectura", "uses", "use", "usa", "usan", "utiliza", "utilizan", "runs on", "run on",
        "corre en", "corren en", "se ejecuta en", "se ejecutan en", "is deployed", "are deployed", "deployed on",
        "desplegado en", "desplegados en", "desplegada en", "se despliega", "sits behind", "behind", "detras de",
        "in front of", "delante de", "based on", "basado en", "basada en", "sobre", "backed by", "is hosted",
        "hosted on", "alojado en", "consists of", "consta de", "topology", "topologia", "via", "mediante",
        "a traves de", "hacia", "syncs", "sincroniza", "sincronizan", "managed by", "gestionado por",
        "gestionada por", "stored in", "se guarda en", "se guardan en", "lives in", "vive en", "viven en",
        "served by", "servido por", "terminates", "termina en", "replicated", "replicado", "replicada",
    ),
    "process": (
        "process", "proceso", "workflow", "flujo de trabajo", "every monday", "cada lunes", "every week",
        "cada semana", "weekly", "semanal", "approval", "aprobacion", "approves", "aprueba", "onboarding",
        "sign-off", "handoff", "escalate", "escalar", "on-call", "guardia",
    ),
    "config": (
        "is configured", "are configured", "configured with", "configurado con", "esta configurado",
        "estan configurados", "configuration", "configuracion", "port", "puerto", "endpoint", "hostname",
        "set to", "fijado en", "listens on", "escucha en", "re:\\b\\d{1,3}(\\.\\d{1,3}){3}\\b", "timeout",
        "version", "version de",
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
    "oficialmente",
)
DURABLE_WEAK: tuple[str, ...] = (
    "remember that", "recuerda que", "keep in mind", "ten en cuenta", "note:", "nota:", "important:",
    "importante:", "fyi", "para que conste", "for the record",
)
HEDGES: tuple[str, ...] = (
    "maybe", "perhaps", "i think", "i believe", "i guess", "i suppose", "i suspect", "could be", "could have",
    "might be", "might have", "may have", "probably", "possibly", "most likely", "likely", "not sure",
    "i'm not sure", "unsure", "it seems", "seems like", "seems to", "apparently", "my guess", "presumably",
    "hypothesis", "hypothetically", "i wonder", "quiza", "quizas", "tal vez", "creo que", "pienso que",
    "supongo", "sospecho", "posiblemente", "probablemente", "puede que", "puede ser", "podria ser",
    "podria deberse", "a lo mejor", "igual es", "parece que", "parece ser", "al parecer", "seguramente",
    "no estoy seguro", "no estoy segura", "no se si", "hipotesis", "diria que", "es posible que",
)
UNVERIFIED: tuple[str, ...] = (
    "not verified", "unverified", "not confirmed", "unconfirmed", "to be confirmed", "tbc",
    "pending confirmation", "needs confirmation", "needs verification", "need to verify", "need to confirm",
    "untested", "not tested", "sin verificar", "no verificado", "no verificada", "sin confirmar",
    "no confirmado", "no confirmada", "por confirmar", "pendiente de confirmar", "pendiente de confirmacion",
    "hay que confirmar", "sin probar", "no probado", "no esta confirmado", "no esta verificado",
)
VERIFIED: tuple[str, ...] = (
    "verified", "confirmed", "confirmado", "confirmada", "comprobado", "comprobada", "verificado", "verificada",
    "validated", "validado", "validada", "tested", "probado", "probada", "we checked", "hemos comprobado",
    "lo comprobamos", "lo hemos verificado", "proven", "reproduced", "reproducido",
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
    "tomorrow", "just now", "acabo de", "i just", "i've just", "i have just", "i restarted", "i ran",
    "i deployed", "i updated", "i've updated", "i have updated", "i fixed it", "i've fixed", "i changed",
    "he reiniciado", "he ejecutado", "he desplegado", "he actualizado", "he cambiado", "reinicie", "ejecute",
    "desplegue", "actualice", "pending", "next step", "siguiente paso", "will do", "lo hago",
    "task completed", "task complete", "has been completed", "se ha completado", "ha terminado", "all done",
    "it's done", "it is done", "ya esta", "estoy en ello",
    "re:\\b(done|finished|completed?|resolved|shipped|terminad[oa]|completad[oa]|hecho|resuelt[oa]|listo|"
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
