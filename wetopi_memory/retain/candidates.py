"""Memory candidates (design §14): deterministic statement analysis and the candidates built from it. No LLM.

A turn's text (the user message and the assistant's answer), an explicit `memory_retain` call or a MEMORY.md entry
is split into sentences. Each sentence is *analysed* with bilingual (ES/EN) keyword tables, all plain data in this
module:

* **category**: root_cause, fix, runbook, decision, preference, constraint, pricing, strategy, incident,
  relationship, architecture, process, config — or `general` when nothing matches;
* **durability markers**: strong ("we decided", "decidimos", "always", "siempre", "the root cause was", "la causa
  raíz", "from now on", "a partir de ahora", "prefiero", "I prefer", …) and weak ("remember that", "nota:", …);
* **rejection signals**: hypothesis hedges ("maybe", "I think", "quizás", "creo que", "a lo mejor", …), explicit
  lack of verification ("not verified", "sin confirmar", …), transient state ("done", "in progress", "working on
  it", "terminado", "en curso", "listo", "I restarted…", "hoy", …), filler ("thanks", "ok", "gracias",
  "perfecto", …), questions, and raw tool output (log lines, stack traces, tables, JSON, shell prompts, or lines
  whose hashes match this turn's tool output);
* **verification**: explicit markers ("verified", "confirmado", "comprobado", …) or a successful tool call of the
  same domain in this turn's evidence;
* **secrets**: the SecretGate's blocking findings that overlap the sentence (rule ids and offsets only).

Sentences are routed to scopes with the deterministic RuleRouter (one learning → one candidate per relevant scope,
each with only the sentences that belong to it; design §16). `MemoryCandidate` is immutable: identity snapshot,
scope, tags and provenance are fixed when it is created, never when it is sent (peers §F.3).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, Literal

from ..router.rules import RouteDecision, RuleRouter
from ..secrets import DEFAULT_GATE, SecretGate
from .evidence import EMPTY_EVIDENCE, TurnEvidence, line_hash

__all__ = [
    "CATEGORY_ORDER",
    "CandidateBuilder",
    "MemoryCandidate",
    "Origin",
    "Sentence",
    "Signals",
    "Unit",
    "analyze",
    "document_id_for",
    "durability_of",
    "fold",
    "split_sentences",
]

Origin = Literal["turn", "explicit", "import"]
Role = Literal["user", "assistant", "explicit", "import"]


def document_id_for(bank: str, content: str) -> str:
    """A stable id for a memory in a bank, so re-sending it never duplicates it (same formula as the plane's)."""
    digest = hashlib.sha256(f"{bank}\n{content.strip()}".encode()).hexdigest()
    return f"wm-{digest[:32]}"


def fold(text: str) -> str:
    """Lowercase, accents stripped, typographic quotes made plain: the form every marker is matched against."""
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


# ================================================================================================== lexicon (data)
# Terms are written folded (no accents, lowercase). A term matches on word boundaries; spaces match any run of
# whitespace. Terms starting with "re:" are regular expressions (on the folded text).

CATEGORY_ORDER: tuple[str, ...] = (
    "root_cause", "fix", "runbook", "decision", "preference", "constraint", "pricing", "strategy", "incident",
    "relationship", "architecture", "process", "config",
)

CATEGORY_TERMS: dict[str, tuple[str, ...]] = {
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
CATEGORY_DURABILITY: dict[str, float] = {
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

# Raw tool output: line shapes typical of logs, tables, traces, shells and diffs.
_RAW_LINE = re.compile(
    r"^\s*(?:\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}|\[?\d{2}:\d{2}:\d{2}|\[(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE)\]"
    r"|(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)[\s:]|\$ |PS [A-Z]:|[A-Za-z0-9_-]+@[A-Za-z0-9_.-]+:"
    r"|at [\w.$<>]+\(|File \".*\", line \d+|Traceback \(most recent call last\)|@@ |[+-]{3} |[+-](?![+-])\S"
    r"|NAME\s{2,}|[\w./-]+\s{2,}\S+\s{2,}\S+|[{}\[\]],?$|\"[\w-]+\":\s)")
# One line that can only be tool output: a timestamped or levelled log line, a shell prompt, a stack frame, a
# kubectl-style table header.
_RAW_SINGLE = re.compile(
    r"^\s*(?:\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?\S*\s+\S|\[?\d{2}:\d{2}:\d{2}\]?\s+(?:INFO|WARN|ERROR|DEBUG)"
    r"|(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\s*[:|\]]|\[(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE)\]"
    r"|\$ \S|PS [A-Z]:\\|[\w-]+@[\w.-]+:[~/]|at [\w.$<>]+\(.*\)$|File \".*\", line \d+"
    r"|Traceback \(most recent call last\)|NAME\s{2,}(?:READY|STATUS|TYPE|AGE)"
    r"|[A-Z][A-Z_]+\s{2,}[A-Z][A-Z_]+\s{2,}[A-Z])")
_RAW_CONTINUATION = re.compile(r"^(?:\s{2,}\S|\w+(?:Error|Exception|Warning)\b|\s*\^+\s*$)")
_TRACE = re.compile(r"Traceback \(most recent call last\)|^\s+at [\w.$<>]+\(.*\)$|Exception in thread", re.M)
_LONG_TOKEN = re.compile(r"\S{120,}")

_SENTENCE_END = re.compile(r"(?<=[.!?…])[\"')\]]*\s+(?=[\"'(\[¿¡]?[A-ZÁÉÍÓÚÑÜ0-9])")
_BULLET = re.compile(r"^\s*(?:[-*•·]|\d{1,3}[.)])\s+")
_HEADING = re.compile(r"^\s*#{1,6}\s+")
_ABBREV = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|approx|aprox|p\.ej|dr|sr|sra|mr|mrs|no|núm|num|fig|ej)\.)$", re.I)
_WORD = re.compile(r"[a-z0-9']+")


def _compile(terms: Iterable[str]) -> re.Pattern[str]:
    parts = []
    for term in terms:
        if term.startswith("re:"):
            parts.append(f"(?:{term[3:]})")
        else:
            body = r"\s+".join(re.escape(w) for w in term.split())
            left = r"(?<![\w])" if term[0].isalnum() or term[0] == "'" else ""
            right = r"(?![\w])" if term[-1].isalnum() or term[-1] == "'" else ""
            parts.append(f"{left}{body}{right}")
    return re.compile("|".join(parts))


_PLAIN_TERM = re.compile(r"[a-z0-9']+(?:[ -][a-z0-9']+)*")
_MAX_GRAM = 6


def _tokens(folded: str) -> list[str]:
    return [w.strip("'") for w in _WORD.findall(folded) if w.strip("'")]


def _grams(words: Sequence[str]) -> dict[str, int]:
    """Every run of 1.._MAX_GRAM consecutive words, joined by one space, with its first position."""
    out: dict[str, int] = {}
    for i in range(len(words)):
        for size in range(1, min(_MAX_GRAM, len(words) - i) + 1):
            out.setdefault(" ".join(words[i:i + size]), i)
    return out


class _TermSet:
    """A lexicon table: plain terms are looked up as word n-grams (fast, whole words only), the few terms with
    punctuation or `re:` prefixes as one regular expression on the folded text."""

    def __init__(self, terms: Iterable[str]) -> None:
        self.grams: dict[str, str] = {}
        regexes: list[str] = []
        for term in terms:
            if not term.startswith("re:") and _PLAIN_TERM.fullmatch(term) and len(term.split()) <= _MAX_GRAM:
                self.grams.setdefault(" ".join(_tokens(term)), term)
            else:
                regexes.append(term)
        self.keys = frozenset(self.grams)
        self.regex = _compile(regexes) if regexes else None

    def find(self, folded: str, grams: dict[str, int], limit: int = 4) -> tuple[str, ...]:
        hits = sorted(self.keys.intersection(grams), key=lambda k: (grams[k], -len(k)))
        found = [self.grams[k] for k in hits]
        if self.regex is not None:
            for match in self.regex.finditer(folded):
                label = re.sub(r"[^a-z' :/]", "", match.group(0)).strip()[:40] or "pattern"
                found.append(label)
        return tuple(dict.fromkeys(found))[:limit]

    def search(self, folded: str, grams: dict[str, int]) -> bool:
        return bool(self.keys.intersection(grams)) or (self.regex is not None and bool(self.regex.search(folded)))


_CATEGORY_TERMS: dict[str, _TermSet] = {name: _TermSet(terms) for name, terms in CATEGORY_TERMS.items()}
_STRONG = _TermSet(DURABLE_STRONG)
_WEAK = _TermSet(DURABLE_WEAK)
_HEDGE = _TermSet(HEDGES)
_UNVERIFIED = _TermSet(UNVERIFIED)
_VERIFIED = _TermSet(VERIFIED)
_TRANSIENT = _TermSet(TRANSIENT)


# ================================================================================================== analysis

@dataclass(frozen=True, slots=True)
class Signals:
    """What the lexicon found in one text. Marker values are the lexicon terms, never slices of the text."""

    categories: tuple[str, ...]
    strong: tuple[str, ...] = ()
    weak: tuple[str, ...] = ()
    hedges: tuple[str, ...] = ()
    unverified: tuple[str, ...] = ()
    verified: tuple[str, ...] = ()
    transient: tuple[str, ...] = ()
    filler: bool = False
    question: bool = False
    raw: str | None = None

    @property
    def category(self) -> str:
        return self.categories[0] if self.categories else "general"

    def markers(self) -> tuple[str, ...]:
        out = [f"durable:{m}" for m in self.strong] + [f"note:{m}" for m in self.weak]
        out += [f"hedge:{m}" for m in self.hedges] + [f"unverified:{m}" for m in self.unverified]
        out += [f"verified:{m}" for m in self.verified] + [f"transient:{m}" for m in self.transient]
        if self.filler:
            out.append("filler")
        if self.question:
            out.append("question")
        if self.raw:
            out.append(f"raw:{self.raw}")
        return tuple(out)


def raw_output_kind(text: str, tool_line_hashes: frozenset[int] = frozenset()) -> str | None:
    """Why a text looks like raw tool output (a short id), or None."""
    if "```" in text:
        inner = text.split("```")
        if len(inner) >= 3 and inner[1].count("\n") >= 2:
            return "code-block"
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if tool_line_hashes:
        long_lines = [ln for ln in lines if len(ln.strip()) >= 16]
        if long_lines and sum(line_hash(ln) in tool_line_hashes for ln in long_lines) * 2 >= len(long_lines):
            return "tool-output-echo"
    if _TRACE.search(text):
        return "stack-trace"
    if len(lines) >= 3 and sum(bool(_RAW_LINE.match(ln)) for ln in lines) * 2 >= len(lines):
        return "log-lines"
    if lines and sum(bool(_RAW_SINGLE.match(ln)) for ln in lines) * 2 >= len(lines):
        return "log-lines" if len(lines) > 1 else "log-line"
    stripped = text.strip()
    if stripped[:1] in "{[" and stripped[-1:] in "}]" and stripped.count('":') >= 2:
        return "json"
    if _LONG_TOKEN.search(text):
        return "long-token"
    return None


def analyze(text: str, *, tool_line_hashes: frozenset[int] = frozenset()) -> Signals:
    """Deterministic signals of one text (a sentence, an explicit retain, a MEMORY.md entry). Cached: a turn
    analyses each sentence once although the policy looks at it several times."""
    return _analyze(text, tool_line_hashes)


@lru_cache(maxsize=4096)
def _analyze(text: str, tool_line_hashes: frozenset[int]) -> Signals:
    folded = fold(text)
    words = _tokens(folded)
    grams = _grams(words[:400])
    categories = tuple(c for c in CATEGORY_ORDER if _CATEGORY_TERMS[c].search(folded, grams))
    stripped = text.strip()
    filler = bool(stripped) and len(words) <= 8 and all(w in FILLER_WORDS for w in words)
    question = stripped.endswith("?") or stripped.startswith("¿")
    unverified = _UNVERIFIED.find(folded, grams)
    verified = () if unverified else _VERIFIED.find(folded, grams)
    return Signals(categories=categories, strong=_STRONG.find(folded, grams), weak=_WEAK.find(folded, grams),
                   hedges=_HEDGE.find(folded, grams), unverified=unverified, verified=verified,
                   transient=_TRANSIENT.find(folded, grams), filler=filler, question=question,
                   raw=raw_output_kind(text, tool_line_hashes))


def verification_in(text: str) -> bool:
    """Whether a free text (an explicit call's reason) says the fact was verified, and not that it was not."""
    signals = analyze(text)
    return bool(signals.verified) and not signals.unverified


PRIORITY_DURABILITY = {"P1": 0.95, "P2": 0.85}


def durability_of(signals: Signals, *, origin: Origin = "turn", priority: str | None = None) -> float:
    """A 0..1 durability score: the category's base, raised by durable markers, lowered by transient ones."""
    score = CATEGORY_DURABILITY.get(signals.category, 0.45)
    score += min(0.2, 0.1 * len(signals.strong)) + min(0.05, 0.05 * len(signals.weak))
    if signals.transient:
        score -= 0.15 if signals.strong else 0.35
    if signals.question:
        score -= 0.4
    if signals.filler:
        score = min(score, 0.1)
    if origin == "explicit" and not signals.transient and not signals.filler and not signals.question:
        score = max(score, 0.9)  # an explicit memory_retain is durable intent
    if origin == "import":
        if priority in PRIORITY_DURABILITY:
            score = max(score, PRIORITY_DURABILITY[priority])
        elif priority == "P3":
            score = min(score, 0.3)
        elif not signals.transient and not signals.filler:
            score = max(score, 0.75)  # an untagged MEMORY.md entry was already judged worth keeping
    return round(max(0.0, min(0.99, score)), 3)


# ================================================================================================== sentences

@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of a source text, with its analysis. `start`/`end` are offsets in the source text."""

    index: int
    role: Role
    text: str
    start: int
    end: int
    signals: Signals
    secret_rules: tuple[str, ...] = ()
    secret_offsets: tuple[tuple[str, int, int], ...] = ()

    def to_dict(self, *, include_text: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"index": self.index, "role": self.role, "start": self.start, "end": self.end,
                               "category": self.signals.category, "markers": list(self.signals.markers())}
        if self.secret_rules:
            out["secrets"] = [{"rule_id": r, "start": s, "end": e} for r, s, e in self.secret_offsets]
        elif include_text:
            out["text"] = self.text
        return out


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans of a text: line breaks, bullets and sentence punctuation split; fenced code blocks stay
    whole; abbreviations ("e.g.", "etc.") and numbers ("10.0.0.1", "v1.2") do not split."""
    spans: list[tuple[int, int]] = []
    pos = 0
    length = len(text)
    while pos < length:
        fence = text.find("```", pos)
        end_of_block = fence if fence != -1 else length
        _split_prose(text, pos, end_of_block, spans)
        if fence == -1:
            break
        close = text.find("```", fence + 3)
        close = length if close == -1 else close + 3
        spans.append((fence, close))
        pos = close
    return [(s, e) for s, e in spans if text[s:e].strip()]


def _split_prose(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> None:
    offset = start
    raw_run: tuple[int, int] | None = None   # consecutive tool-output lines stay one span
    for line in text[start:end].splitlines(keepends=True):
        line_start = offset
        offset += len(line)
        body = line.rstrip("\r\n")
        if body.strip() and (_RAW_SINGLE.match(body) or (raw_run is not None and (
                _RAW_LINE.match(body) or _RAW_CONTINUATION.match(body)))):
            raw_run = (raw_run[0] if raw_run else line_start, line_start + len(body))
            continue
        if raw_run is not None:
            spans.append(raw_run)
            raw_run = None
        if not body.strip() or body.strip() == "§":
            continue
        skip = 0
        for rx in (_BULLET, _HEADING):
            m = rx.match(body)
            if m:
                skip = m.end()
                break
        cursor = skip
        for m in _SENTENCE_END.finditer(body, skip):
            if _ABBREV.search(body[cursor:m.start()]):
                continue
            piece = body[cursor:m.start()]
            if piece.strip():
                lead = len(piece) - len(piece.lstrip())
                spans.append((line_start + cursor + lead, line_start + cursor + len(piece.rstrip())))
            cursor = m.end()
        piece = body[cursor:]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            spans.append((line_start + cursor + lead, line_start + cursor + len(piece.rstrip())))
    if raw_run is not None:
        spans.append(raw_run)


# ================================================================================================== candidates

@dataclass(frozen=True, slots=True)
class MemoryCandidate:
    """A possible memory for one scope (design §14). Immutable: everything is captured at creation time."""

    content: str
    scope: str
    category: str
    durability: float
    confidence: float
    verified: bool
    evidence: tuple[str, ...]
    source_agent: str
    session_id: str | None
    timestamp: datetime
    tags: tuple[str, ...]
    origin: Origin = "turn"
    turn_id: str | None = None
    categories: tuple[str, ...] = ()
    markers: tuple[str, ...] = ()
    sentences: tuple[int, ...] = ()
    secret_rules: tuple[str, ...] = ()
    secret_offsets: tuple[tuple[str, int, int], ...] = ()
    raw: str | None = None
    reason: str | None = None
    priority: str | None = None
    user: str | None = None
    platform: str | None = None

    def to_dict(self, *, include_content: bool = False) -> dict[str, Any]:
        """Everything but the content (unless asked): safe for logs and reports."""
        out: dict[str, Any] = {
            "scope": self.scope, "category": self.category, "categories": list(self.categories),
            "durability": self.durability, "confidence": round(self.confidence, 3), "verified": self.verified,
            "evidence": list(self.evidence), "source_agent": self.source_agent, "session_id": self.session_id,
            "turn_id": self.turn_id, "timestamp": self.timestamp.isoformat(), "tags": list(self.tags),
            "origin": self.origin, "markers": list(self.markers), "sentences": list(self.sentences),
        }
        if self.priority:
            out["priority"] = self.priority
        if include_content and not self.secret_rules:
            out["content"] = self.content
        return out


@dataclass(frozen=True, slots=True)
class Unit:
    """One sentence proposed to one scope: the smallest thing the policy judges in a turn or an import."""

    sentence: Sentence
    candidate: MemoryCandidate
    routed_by: str   # "router", "category", "fallback" or "explicit"


def _utcnow() -> datetime:
    return datetime.now(UTC)


# Categories that always (also) belong to a scope: a stated preference is the speaker's, pricing and strategy
# are the business's, whatever else the sentence mentions.
CATEGORY_SCOPE: dict[str, str] = {"preference": "personal", "pricing": "business", "strategy": "business"}
# Categories that point to a scope only when the router finds none (a churn root cause is business, not platform).
CATEGORY_FALLBACK: dict[str, str] = {"root_cause": "platform", "fix": "platform", "runbook": "platform",
                                     "incident": "platform"}
_STOP_EVIDENCE_WORDS = frozenset({"cmd", "file", "url", "args", "no", "the", "get", "run", "sudo", "bash", "sh",
                                  "python", "python3", "echo", "cat", "ls", "cd"})


class CandidateBuilder:
    """Builds candidates from turns, explicit calls and imported entries. Pure: no I/O, no clock but `clock`."""

    def __init__(self, router: RuleRouter, *, gate: SecretGate = DEFAULT_GATE, source_agent: str = "wetopi-memory",
                 clock: Any = _utcnow, max_sentences: int = 200) -> None:
        self.router = router
        self.gate = gate
        self.source_agent = source_agent
        self.clock = clock
        self.max_sentences = max_sentences
        self._tool_scopes: dict[str, frozenset[str]] = {}
        self._routes: dict[str, RouteDecision] = {}
        self._evidence_cache: tuple[TurnEvidence, list[tuple[str, frozenset[str], frozenset[str]]]] | None = None

    # ---------------------------------------------------------------------------------------- sentences

    def sentences(self, text: str, role: Role, *, first_index: int = 0,
                  tool_line_hashes: frozenset[int] = frozenset()) -> list[Sentence]:
        """Split and analyse a source text; blocking secret findings are mapped onto the sentences they touch."""
        if not isinstance(text, str) or not text.strip():
            return []
        findings = self.gate.blocking(self.gate.scan(text))
        out: list[Sentence] = []
        for start, end in split_sentences(text)[: self.max_sentences]:
            piece = text[start:end]
            touching = [f for f in findings if f.start < end and f.end > start]
            rules = tuple(dict.fromkeys(f.rule_id for f in touching))
            offsets = tuple((f.rule_id, max(f.start - start, 0), min(f.end, end) - start) for f in touching)
            out.append(Sentence(index=first_index + len(out), role=role, text=piece, start=start, end=end,
                                signals=analyze(piece, tool_line_hashes=tool_line_hashes), secret_rules=rules,
                                secret_offsets=offsets))
        return out

    # ---------------------------------------------------------------------------------------- routing

    def scopes_for(self, sentence: Sentence) -> tuple[tuple[str, ...], str]:
        """Scopes one sentence belongs to, and how they were found ("router", "category" or "" for none)."""
        known = self.router.known_scopes
        routed = list(self._route(sentence.text).scope_names)
        categories = sentence.signals.categories
        extra = [CATEGORY_SCOPE[c] for c in categories if c in CATEGORY_SCOPE and CATEGORY_SCOPE[c] in known]
        scopes = list(dict.fromkeys(routed + extra))
        if scopes:
            return tuple(scopes), "router" if routed else "category"
        fallback = [CATEGORY_FALLBACK[c] for c in categories
                    if c in CATEGORY_FALLBACK and CATEGORY_FALLBACK[c] in known]
        if fallback:
            return (fallback[0],), "category"
        return (), ""

    def context_scopes(self, texts: Sequence[str], tools: Sequence[str] = ()) -> tuple[str, ...]:
        """The scopes of a whole turn or entry, for sentences that route nowhere on their own."""
        joined = "\n".join(t for t in texts if isinstance(t, str))
        return self.router.route(joined, tools=tools).scope_names

    def _route(self, text: str) -> RouteDecision:
        """The router's decision for a sentence, remembered for the few calls a turn makes about it."""
        decision = self._routes.get(text)
        if decision is None:
            decision = self.router.route(text)
            if len(self._routes) >= 512:
                self._routes.clear()
            self._routes[text] = decision
        return decision

    # ---------------------------------------------------------------------------------------- verification

    def supports(self, sentence: Sentence, scope: str, evidence: TurnEvidence) -> tuple[str, ...]:
        """Evidence refs of successful tool calls that back a sentence in a scope (same domain, last call ok)."""
        if not evidence.items:
            return ()
        words = set(_WORD.findall(fold(sentence.text)))
        refs = [ref for ref, scopes, digest_words in self._evidence_index(evidence)
                if scope in scopes or (digest_words & words)]
        return tuple(dict.fromkeys(refs))

    def _evidence_index(self, evidence: TurnEvidence) -> list[tuple[str, frozenset[str], frozenset[str]]]:
        """(ref, scopes its tool routes to, digest words) of each successful call whose tool's last call
        succeeded; computed once per turn."""
        cached = self._evidence_cache
        if cached is not None and cached[0] is evidence:
            return cached[1]
        last: dict[str, bool] = {}
        for item in evidence.items:
            last[item.tool] = item.ok
        index: list[tuple[str, frozenset[str], frozenset[str]]] = []
        for item in evidence.items:
            if not item.ok or not last.get(item.tool, False):
                continue
            scopes = self._tool_scopes.get(item.tool)
            if scopes is None:
                scopes = frozenset(self.router.route("", tools=[item.tool]).scope_names)
                if len(self._tool_scopes) < 1024:
                    self._tool_scopes[item.tool] = scopes
            digest_words = frozenset(w for w in _WORD.findall(fold(item.digest.split(":", 1)[-1]))
                                     if len(w) >= 3 and w not in _STOP_EVIDENCE_WORDS)
            index.append((item.ref, scopes, digest_words))
        self._evidence_cache = (evidence, index)
        return index

    # ---------------------------------------------------------------------------------------- units

    def units(self, sentences: Sequence[Sentence], *, origin: Origin, fallback: Sequence[str] = (),
              evidence: TurnEvidence = EMPTY_EVIDENCE, identity: Any = None, session_id: str | None = None,
              turn_id: str | None = None, source_agent: str | None = None, priority: str | None = None,
              tags: Sequence[str] = (), platform: str | None = None) -> tuple[list[Unit], list[Sentence]]:
        """One unit per (sentence, scope); sentences that no rule, category or fallback routes come back apart."""
        units: list[Unit] = []
        unrouted: list[Sentence] = []
        now = self.clock()
        for sentence in sentences:
            scopes, how = self.scopes_for(sentence)
            if not scopes and fallback:
                scopes, how = tuple(fallback), "fallback"
            if not scopes:
                unrouted.append(sentence)
                continue
            for scope in scopes:
                units.append(self.unit(sentence, scope, origin=origin, routed_by=how, evidence=evidence,
                                       identity=identity, session_id=session_id, turn_id=turn_id,
                                       source_agent=source_agent, priority=priority, tags=tags, platform=platform,
                                       now=now))
        return units, unrouted

    def unit(self, sentence: Sentence, scope: str, *, origin: Origin, routed_by: str = "explicit",
             evidence: TurnEvidence = EMPTY_EVIDENCE, identity: Any = None, session_id: str | None = None,
             turn_id: str | None = None, source_agent: str | None = None, priority: str | None = None,
             tags: Sequence[str] = (), platform: str | None = None, now: datetime | None = None) -> Unit:
        """The candidate of one sentence for one scope (identity, provenance and time captured now)."""
        signals = sentence.signals
        refs = self.supports(sentence, scope, evidence)
        confidence = {s.scope: s.confidence for s in self._route(sentence.text).all_scores}
        candidate = MemoryCandidate(
            content=sentence.text.strip(), scope=scope, category=signals.category,
            durability=durability_of(signals, origin=origin, priority=priority),
            confidence=confidence.get(scope, 0.5), verified=self._verified(signals, origin=origin, refs=refs),
            evidence=refs, source_agent=source_agent or self.source_agent, session_id=session_id,
            timestamp=now or self.clock(), tags=_tags(scope, signals.category, origin, priority, tags),
            origin=origin, turn_id=turn_id, categories=signals.categories or ("general",),
            markers=signals.markers(), sentences=(sentence.index,), secret_rules=sentence.secret_rules,
            secret_offsets=sentence.secret_offsets, raw=signals.raw, priority=priority,
            user=getattr(identity, "internal_user_id", None), platform=platform)
        return Unit(sentence=sentence, candidate=candidate, routed_by=routed_by)

    @staticmethod
    def _verified(signals: Signals, *, origin: Origin, refs: Sequence[str] = (), confidence: float | None = None,
                  reason: str | None = None) -> bool:
        if signals.unverified or signals.hedges:
            return False
        if signals.verified or refs:
            return True
        if origin == "import":
            return True  # MEMORY.md entries are curated notes
        if origin == "explicit":
            if confidence is not None and confidence >= 0.9:
                return True
            return bool(reason) and verification_in(reason or "")
        return False

    def merge(self, units: Sequence[Unit]) -> MemoryCandidate:
        """The scope's candidate of a turn or an entry: its sentences, in order, once each."""
        if not units:
            raise ValueError("merge needs at least one unit")
        ordered = sorted(units, key=lambda u: u.sentence.index)
        seen: set[str] = set()
        texts: list[str] = []
        for unit in ordered:
            key = " ".join(_WORD.findall(fold(unit.candidate.content)))
            if key in seen:
                continue
            seen.add(key)
            texts.append(unit.candidate.content)
        best = max(ordered, key=lambda u: (u.candidate.durability, -u.sentence.index))
        first = ordered[0].candidate
        categories = tuple(dict.fromkeys(c for u in ordered for c in u.candidate.categories))
        return replace(
            first, content=" ".join(texts), category=best.candidate.category, categories=categories,
            durability=max(u.candidate.durability for u in ordered),
            confidence=max(u.candidate.confidence for u in ordered),
            verified=any(u.candidate.verified for u in ordered),
            evidence=tuple(dict.fromkeys(r for u in ordered for r in u.candidate.evidence)),
            tags=tuple(dict.fromkeys(t for u in ordered for t in u.candidate.tags)),
            markers=tuple(dict.fromkeys(m for u in ordered for m in u.candidate.markers)),
            sentences=tuple(u.sentence.index for u in ordered),
            secret_rules=tuple(dict.fromkeys(r for u in ordered for r in u.candidate.secret_rules)),
            secret_offsets=tuple(o for u in ordered for o in u.candidate.secret_offsets),
            raw=next((u.candidate.raw for u in ordered if u.candidate.raw), None))

    # ---------------------------------------------------------------------------------------- explicit

    def explicit(self, content: str, scope: str, *, identity: Any = None, reason: str | None = None,
                 confidence: float | None = None, tags: Sequence[str] = (), session_id: str | None = None,
                 source_agent: str | None = None, platform: str | None = None) -> MemoryCandidate:
        """The candidate of an explicit `memory_retain` call: the caller chose the scope and vouches for it."""
        text = content.strip() if isinstance(content, str) else ""
        signals = analyze(text)
        findings = self.gate.blocking(self.gate.scan(text))
        return MemoryCandidate(
            content=text, scope=scope, category=signals.category,
            durability=durability_of(signals, origin="explicit"),
            confidence=float(confidence) if confidence is not None else 0.9,
            verified=self._verified(signals, origin="explicit", confidence=confidence, reason=reason),
            evidence=(), source_agent=source_agent or self.source_agent, session_id=session_id,
            timestamp=self.clock(), tags=_tags(scope, signals.category, "explicit", None, tags), origin="explicit",
            categories=signals.categories or ("general",), markers=signals.markers(),
            secret_rules=tuple(dict.fromkeys(f.rule_id for f in findings)),
            secret_offsets=tuple((f.rule_id, f.start, f.end) for f in findings), raw=signals.raw,
            reason=reason[:500] if isinstance(reason, str) and reason else None,
            user=getattr(identity, "internal_user_id", None), platform=platform)


def _tags(scope: str, category: str, origin: Origin, priority: str | None, extra: Sequence[str]) -> tuple[str, ...]:
    tags = [f"scope:{scope}", f"category:{category}", f"origin:{origin}"]
    if priority:
        tags.append(f"priority:{priority}")
    tags += [t for t in extra if isinstance(t, str) and t]
    return tuple(dict.fromkeys(tags))
