"""What an explicit memory request trigger is (design §7), and the pattern pieces both languages share.

The triggers themselves are data in `explicit_es.py` (Spanish) and `explicit_en.py` (English, and English openings
followed by Spanish: "remind me qué…"), put together in `explicit_rules.py` and compiled by `compiled.py`.
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


MEM = r"memor(?:y|ies|ia|ias)"
WHO = r"(?:(?:our|the|your|my|la|nuestra|tu|mi|vuestra)\s+)?"

# A lookup the speaker waves off: "No busques en memoria, dime tu opinión", "sin mirar la memoria", "don't check memory"
DECLINED_LOOKUP = (r"\b(?:no|sin|ni)\s+(?:hace\s+falta\s+que\s+|te\s+molestes\s+en\s+|(?:lo\s+)?)?"
                   r"(?:busques|mires|consultes|uses|tires|revises|buscar|mirar|consultar|usar|tirar|revisar)\s+"
                   r"(?:nada\s+)?(?:de\s+|en\s+)?(?:la\s+|tu\s+|nuestra\s+)?memoria|\b(?:don'?t|do\s+not|no\s+need\s+to|without)\s+"
                   r"(?:\w+\s+)?(?:search|check|look|query|dig|pull|using|searching|checking|looking)\w*\s+"
                   r"(?:it\s+up\s+)?(?:in\s+|into\s+|at\s+|through\s+)?(?:the\s+|your\s+|our\s+)?memor(?:y|ies)\b")

# A remember-question about the world, not about us: a general-knowledge marker anywhere ("what year was that",
# "¿quién ganó…?", "was it actually…", a song, a date with its year) and nothing of ours or mine in the clause that
# asks ("Do you remember the Y2K bug?", "¿Te acuerdas de cuándo Plutón dejó de ser planeta?"); "do you remember what
# year we moved…?" still asks.
_WORLD_MARK = (r"\b(?:(?:what|which)\s+year|in\s+(?:19|20)\d\d|who\s+(?:won|invented|sang|wrote|directed|discovered)|"
               r"what\s+(?:caused|started)\s+(?:it|that|this)|(?:was|were|is)\s+(?:it|that|this|they)\s+(?:actually|"
               r"really)|what\s+actually\s+(?:happened|went\s+wrong|caused)|songs?|singers?|bands?|lyrics|movies?|"
               r"albums?|en\s+que\s+ano|que\s+ano\s+(?:fue|era)|quien\s+(?:gano|invento|canto|escribio|dirigio|"
               r"descubrio)|que\s+(?:lo\s+|la\s+)?causo|cancion(?:es)?|cantante|pelicula|peli|(?:de|en)\s+(?:19|20)\d\d|"
               r"cuando\s+(?:cayo|murio|nacio)|how\s+to\s+(?:center|centre|write|make|do|use|convert|cook))\b")
_OURS_NAMED = (r"\b(?:we|our|ours|us|i|my|me|mine|nos|nuestr[oa]s?|mis?|yo|conmigo|dije|conte|comente|mencione|"
               r"\w+(?:amos|imos|emos))\b")
WORLD_ASKED = (rf"^(?=[\s\S]*{_WORLD_MARK})(?=[\s\S]*\b(?:remember|recall|acuerdas|recuerdas|acordais|recordais)\b"
               rf"(?![^?.!]*{_OURS_NAMED}))")

# The assistant's memory itself, across chats: "¿te acuerdas de mis cosas aunque cambie de chat?", "do you remember my
# preferences if I open a new chat?" asks what it can do, not for something remembered
ACROSS_CHATS = (r"\b(?:(?:aunque|si|cuando|al)\s+(?:cambie|cambio|cambiar|cierre|cierro|cerrar|abra|abro|abrir|empiece|"
                r"empiezo|empezar|inicie|inicio|iniciar|borre|borro|borrar)\s+(?:de\s+|el\s+|la\s+|esta\s+|este\s+|"
                r"otr[oa]\s+|un[oa]?\s+(?:nuev[oa]\s+)?)?(?:chat|conversacion|sesion|ventana|hilo)|"
                r"(?:if|when|once|after|even\s+if)\s+i\s+(?:switch|change|close|open|start|restart|clear|delete)\s+"
                r"(?:to\s+)?(?:the\s+|this\s+|a\s+|another\s+)?(?:new\s+|different\s+)?(?:chat|conversation|session|"
                r"window|thread)s?|(?:entre|across|between)\s+(?:chats|conversaciones|sesiones|conversations|sessions))\b")

# Verbs of deciding and saying whose "we" form (-amos / -imos) asks for memory inside a question ("¿qué acordamos?"),
# and "we" forms that can only be past ("hicimos", "dimos", "pusimos"). Verbs of doing whose -amos form is also
# present ("¿cuánto le cobramos?", "¿qué usamos?") count only after "la última vez que".
PAST_WE_STEMS = ("decid", "acord", "dij", "habl", "qued", "pact", "coment", "eleg", "escog", "descart", "dej", "sac",
                 "conclu", "comprometi", "apunt", "anot", "respond")
PAST_ONLY_WE = ("hicimos", "dimos", "pusimos", "propusimos", "ofrecimos", "prometimos", "resolvimos", "vimos",
                "tuvimos", "quisimos", "supimos", "hablasteis", "decidisteis", "quedasteis", "acordasteis")
PAST_WE_WORDS = tuple(sorted({stem + end for stem in PAST_WE_STEMS for end in ("amos", "imos")} | {*PAST_ONLY_WE}))
# The same words as one regex with their stems factored out: `re` tries alternatives one by one, so a shared
# ending is matched once instead of once per verb.
PAST_WE = "(?:(?:" + "|".join(PAST_WE_STEMS) + ")(?:amos|imos)|" + "|".join(PAST_ONLY_WE) + ")"

# What "you" (the assistant) told, recommended or noted for me: a 2nd-person preterite of telling, in a question
YOU_TOLD_STEMS = ("dij", "cont", "coment", "recomend", "suger", "aconsej", "propus", "explic", "mencion", "apunt",
                  "anot", "guard", "ped", "indic")
YOU_TOLD = "(?:(?:" + "|".join(YOU_TOLD_STEMS) + ")(?:aste|iste))"

# An English past form after "we"; the -eed presents ("we need", "we proceed") are not past.
WE_DID = (r"(?:(?!(?:n|f|s|h|w|sp|bl|br|proc|exc|succ)eeds?\b)\w+ed|wrote|chose|gave|set|made|took|put|sent|told|"
          r"said|built|ran|did|had|got|came\s+up\s+with|"
          r"went\s+with|found|learnt|saw|thought|left|kept|bought|paid|spent|lost|won|heard|meant|drew|sold|"
          r"hit|cut|let|broke|spoke|began|knew|wound\s+up|ended\s+up)\b")

# an interrogative that opens the message or a clause ("¿Cómo estaba…?", "Oye, ¿qué suelo…?"), not "sé que suelo…"
ASKS_HERE = r"(?:^|[^a-z0-9\s]|\b(?:y|pero|oye|entonces|dime|cuentame|recuerdame))\s*$"
