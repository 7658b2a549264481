"""Whether a message asks the assistant for something, or only declares something for it to remember.

Memory can change the answer to a question ("which CNI should staging get?"), a request ("draft Acme's invoice
note") or a problem report ("the ceph cluster has high latency"); it cannot change how a declaration is taken in
("Decision: production uses Cilium.", "Remember that I prefer bullet points"). So a declaration never waits for a
synchronous recall on a cold cache (design rule A2 in docs/design.md: synchronous only as an exception), and the
speaker's own standing preferences are injected with what asks or has a confident subject, not with small talk.

`asks_something`: a question mark, or an opening (after greetings and fillers) with a question word, a request
verb in the imperative (English base form, Spanish `tú` imperative with or without an enclitic pronoun) or a
request frame ("can you", "¿puedes…", "necesito que", "I need you to"), unless it is only small talk ("¿qué
tal?"). `declares_only`: asks nothing and opens
with a declaration marker ("Decision:", "acordamos", "from now on", "remember that", "prefiero").
`read_intent` answers both in one reading of the text. Deterministic, no I/O, a few microseconds.
"""

from __future__ import annotations

from typing import Final, Literal

from ..router import tokenize

Intent = Literal["asks", "declares", "states"]
MAX_ASK_CHARS: Final = 600   # a request opens the message; the rest is detail
FILLERS: Final = frozenset({
    "ok", "okay", "vale", "hey", "hi", "hello", "hola", "buenas", "bueno", "pues", "so", "and", "y", "then",
    "entonces", "now", "ahora", "oye", "mira", "please", "pls", "plz", "porfa", "favor", "por", "also", "tambien",
    "btw", "quick", "question", "pregunta", "rapida", "ana", "team", "equipo", "perfect", "perfecto", "great",
    "genial", "thanks", "gracias", "cool", "sure", "claro", "dale", "good", "bien", "right", "well", "alright"})
SMALL_TALK: Final = FILLERS | frozenset({
    "que", "tal", "how", "hows", "are", "you", "u", "todo", "va", "como", "estas", "esta", "whats", "what", "s",
    "up", "morning", "afternoon", "evening", "night", "buenos", "buenas", "dias", "tardes", "noches", "going",
    "doing", "it", "is", "everything", "fine", "day", "weekend", "finde", "tu", "te"})
QUESTION_WORDS: Final = frozenset({
    "what", "whats", "which", "who", "whom", "whose", "when", "where", "why", "how", "hows", "que", "cual",
    "cuales", "quien", "quienes", "cuando", "donde", "adonde", "cuanto", "cuanta", "cuantos", "cuantas", "como",
    "is", "are", "was", "were", "do", "does", "did", "can", "could", "would", "should", "sabes", "recuerdas",
    "te"})
REQUEST_VERBS: Final = frozenset({
    # English base forms used as imperatives (not those that open statements as nouns: plan, update, fix, run…)
    "draft", "write", "prepare", "summarise", "summarize", "send", "give", "tell", "show", "list", "check", "find",
    "make", "create", "explain", "help", "compose", "schedule", "suggest", "recommend", "compare", "translate",
    "reply", "answer", "look", "calculate", "estimate", "generate", "outline", "propose", "configure", "install",
    "search", "fetch", "get", "put", "add", "remove", "delete", "rename", "verify", "confirm", "recall",
    "describe", "walk", "organise", "organize", "rewrite", "edit", "improve", "shorten", "expand", "ping",
    "notify", "remind",
    # Spanish tu imperatives, bare or with an enclitic pronoun (dime, hazme, explicamelo)
    "prepara", "preparame", "redacta", "redactame", "escribe", "escribeme", "resume", "resumeme", "envia",
    "enviame", "manda", "mandame", "dime", "dinos", "dame", "danos", "muestra", "muestrame", "ensename",
    "revisa", "revisame", "busca", "buscame", "haz", "hazme", "crea", "creame", "explica", "explicame",
    "explicamelo", "ayudame", "organiza", "organizame", "programame", "calcula", "calculame", "genera",
    "generame", "pon", "ponme", "compara", "sugiere", "sugiereme", "propon", "proponme", "recomienda",
    "recomiendame", "traduce", "traduceme", "comprueba", "echa", "agendame", "contesta", "responde", "actualiza",
    "configura", "instala", "reinicia", "abre", "saca", "sacame", "anade", "quita", "borra", "elimina", "renombra",
    "mueve", "ejecuta", "lanza", "verifica", "confirma", "cuentame", "recuerdame", "repasa",
    "planifica", "planea", "estima", "cotiza", "escribele", "contestale", "respondele", "avisa", "avisame",
    "notifica", "arregla", "soluciona", "despliega", "mejora", "acorta", "amplia", "reescribe", "formatea",
    "ordena"})
REQUEST_FRAMES: Final = (
    ("can", "you"), ("could", "you"), ("would", "you"), ("will", "you"), ("can", "u"), ("i", "need", "you"),
    ("i", "d", "like", "you"), ("i", "want", "you"), ("let", "s"), ("lets",), ("puedes",), ("podrias",),
    ("me", "puedes"), ("me", "podrias"), ("me", "ayudas"), ("necesito", "que"), ("quiero", "que"),
    ("te", "importa"), ("seria", "posible"), ("vamos", "a"), ("hagamos",), ("do", "you", "know"),
    ("any", "idea"), ("alguna", "idea"))


DECLARATION_OPENERS: Final = (
    ("decision",), ("decisiones",), ("decided",), ("decidido",), ("decidimos",), ("hemos", "decidido"),
    ("we", "decided"), ("we", "agreed"), ("we", "ve", "agreed"), ("we", "ve", "decided"), ("agreed",),
    ("acordamos",), ("acordado",), ("hemos", "acordado"), ("queda", "acordado"), ("queda", "decidido"),
    ("from", "now", "on"), ("a", "partir", "de", "ahora"), ("de", "ahora", "en", "adelante"), ("remember",),
    ("recuerda", "que"), ("ten", "en", "cuenta"), ("keep", "in", "mind"), ("note",), ("nota",), ("apunta",),
    ("para", "que", "conste"), ("for", "the", "record"), ("fyi",), ("por", "cierto"), ("by", "the", "way"),
    ("i", "prefer"), ("i", "d", "rather"), ("prefiero",), ("i", "always"), ("i", "never"), ("siempre",),
    ("nunca",), ("i", "usually"), ("normalmente",), ("suelo",))


def read_intent(text: str) -> Intent:
    """What a message does: asks something, only declares something to remember, or states something else (a
    problem report, a status line, small talk); the text is read once."""
    if not isinstance(text, str):
        return "states"
    head = text[:MAX_ASK_CHARS]
    tokens = tokenize(head)
    if _asks(head, tokens):
        return "asks"
    opening = tuple(tokens[:5])
    return "declares" if any(opening[:len(opener)] == opener for opener in DECLARATION_OPENERS) else "states"


def declares_only(text: str) -> bool:
    """True when `text` asks nothing and opens by declaring a decision, a fact or a preference to remember."""
    return read_intent(text) == "declares"


def asks_something(text: str) -> bool:
    """True when `text` is a question or a request to the assistant, False when it only states something."""
    return read_intent(text) == "asks"


def _asks(head: str, tokens: list[str]) -> bool:
    if SMALL_TALK.issuperset(tokens):  # "hola, ¿qué tal?", "how's it going?": nothing to ask about
        return False
    if "?" in head or "¿" in head:
        return True
    start = 0
    while start < len(tokens) and tokens[start] in FILLERS:
        start += 1
    words = tokens[start:start + 4]
    if not words:
        return False
    if words[0] in QUESTION_WORDS or words[0] in REQUEST_VERBS:
        return True
    return any(tuple(words[:len(frame)]) == frame for frame in REQUEST_FRAMES)
