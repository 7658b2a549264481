"""How the router matches a message beyond single words: first-person windows, questions, resource names, owners.

- First-person patterns are verified by looking back from their head word (`near_rules.NEAR_RULES`); phrases, by a
  substring search in the space-joined tokens, inlined in `RuleRouter._match_words`.
- Resource names: a word that occurs only inside a name joined by "-", "_" or "." with a technical part
  ("billing-api", "pm.max_children", "hermes-lead") names a thing; it says nothing about business or the speaker,
  so its business and personal matches are dropped (its platform matches stay: the name is a technical artefact).
- Owners: a customer word that only says whose a technical thing is ("las bases de datos de los clientes", "el
  mariadb de clientes", "customer databases") is not a business matter either.
- Openings: a message that opens with the speaker's viewpoint ("Para mí…", "A mí…", "For me,…", "Personally…").
- Chat spelling: "q" is read as "que" ("recuérdame q acordamos…").
- Acknowledgements: a thank-you with no word evidence is not routed by the turn's tools alone.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from .compiled import Term
from .text import LOWER_BYTES, UTF8_DELETE, normalize, unquoted
from .triggers import Trigger

_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")   # "1.30" does not end a sentence
_CLAUSE_END = frozenset(".!?;:,\n\r\t-()[]\"'")

# bytes.translate table that keeps identifiers whole: [a-z0-9] (A-Z lowercased) plus "-", "_" and "."
IDENT_BYTES: Final = bytes(
    c + 32 if 65 <= c <= 90 else c if (97 <= c <= 122 or 48 <= c <= 57 or c in b"-_.") else 32 for c in range(256)
)
_IDENT_SPLIT = re.compile(rb"[-_.]+")
# Parts that make a joined name a resource name (besides platform words and digits): the roles and kinds of things
# deployments name ("facturas-api", "hermes-lead", "shop-db").
RESOURCE_PARTS: Final = frozenset(w.encode("ascii") for w in (
    "api", "app", "apps", "db", "svc", "srv", "service", "web", "www", "prod", "pro", "stg", "staging", "dev", "test",
    "pod", "node", "job", "jobs", "cron", "ns", "pool", "agent", "agents", "lead", "build", "approver", "worker",
    "workers", "backend", "frontend", "front", "gateway", "bot", "queue", "cache", "hermes", "wetopi", "max", "min",
    "conn", "sql", "bucket", "table", "tabla", "schema", "index", "net", "com", "es", "io", "org", "local", "internal",
    "wp"))
OPENERS: Final = frozenset({(b"para", b"mi"), (b"a", b"mi"), (b"for", b"me"), (b"personally",), (b"personalmente",),
                            (b"en", b"mi", b"caso"), (b"in", b"my", b"case"), (b"as", b"for", b"me")})
OPENER_FIRST: Final = frozenset(o[0] for o in OPENERS)
# Words that put a general question in the company's own context (`senses.GENERAL_QUESTION_SENSE`): "our", "we",
# the team's own usage ("lo decís todo el rato"), what we do, the company's products, and a deictic that points at
# one thing of ours ("¿Qué significa este HEALTH_WARN?").
OURS: Final = frozenset(w.encode("ascii") for w in (
    "our", "ours", "we", "us", "nuestro", "nuestra", "nuestros", "nuestras", "nosotros", "decis", "decimos",
    "usamos", "tenemos", "hacemos", "ofrecemos", "vendemos", "cobramos", "pagamos", "subimos", "bajamos", "ponemos",
    "wetopi", "hermes", "this", "these", "este", "esta", "estos", "estas", "ese", "esa", "esos", "esas"))
# A thank-you or an all-clear after a tool call closes the matter: with no word evidence, the tools used this turn
# do not call for a recall ("all green now, thanks", "gracias, ya se ve bien"); "check it again" still does.
ACKNOWLEDGEMENTS: Final = frozenset(w.encode("ascii") for w in (
    "thanks", "thank", "thx", "ty", "cheers", "gracias", "merci", "perfecto", "perfect", "genial", "great"))
VIEWPOINT_WORDS: Final = 3
_CHAT_QUE = re.compile(rb"(?<![A-Za-z0-9])[qQ](?![A-Za-z0-9])")


_NOT_OURS: Final = frozenset((b"not", b"no", b"ni", b"nor"))
_FOR_US: Final = frozenset((b"para", b"for", b"de", b"of", b"in", b"en", b"about", b"sobre"))


def speaks_of_ours(tokens: list[bytes]) -> bool:
    """A word of `OURS` that is not denied: "Not ours, just the concept" and "no para nosotros" keep a general
    question general."""
    return any(word in OURS and not _denied(tokens, i) for i, word in enumerate(tokens))


def _denied(tokens: list[bytes], i: int) -> bool:
    """Whether the word at `i` follows a denial, right before it or before a preposition ("not for us")."""
    if i == 0:
        return False
    before = tokens[i - 1]
    return before in _NOT_OURS or (before in _FOR_US and i >= 2 and tokens[i - 2] in _NOT_OURS)


def opens_with_viewpoint(tokens: list[bytes]) -> bool:
    """Whether the message opens with the speaker's viewpoint ("Para mí, …", "A mí no me…", "Personally…") and goes
    on to say something (at least `VIEWPOINT_WORDS` more words: "para mí" alone is not a statement)."""
    return any(tuple(tokens[:len(opener)]) == opener and len(tokens) >= len(opener) + VIEWPOINT_WORDS
               for opener in OPENERS if opener[0] == tokens[0])


_AUXILIARIES: Final = frozenset((b"should", b"can", b"could", b"do", b"shall", b"would", b"may", b"am", b"might",
                                 b"must"))


def asks_about_self(tokens: list[bytes]) -> bool:
    """Whether every "I" of the message is the subject of a how-to question ("should I", "can I", "how do I"); what
    the speaker has ("How many vacation days do I have left?", not "do I have to…") is about her."""
    index = -1
    while (index := _next_index(tokens, b"i", index + 1)) >= 0:
        if index == 0 or tokens[index - 1] not in _AUXILIARIES:
            return False
        if tokens[index - 1] == b"do" and tokens[index + 1:index + 2] == [b"have"] \
                and tokens[index + 2:index + 3] != [b"to"]:
            return False
    return True


def chat_que(encoded: bytes, tokens: list[bytes]) -> tuple[bytes, list[bytes]]:
    """The message with the chat spelling "q" read as "que"."""
    return _CHAT_QUE.sub(b"que", encoded), [b"que" if t == b"q" else t for t in tokens]


def resource_words(encoded: bytes, tech: frozenset[bytes]) -> frozenset[str]:
    """The words that occur only inside resource names (see the module docstring)."""
    inside: set[bytes] = set()
    alone: set[bytes] = set()
    for token in encoded.translate(IDENT_BYTES, UTF8_DELETE).split():
        token = token.strip(b"-_.")
        parts = [p for p in _IDENT_SPLIT.split(token) if p]
        if len(parts) > 1 and (b"_" in token or any(p in tech or p.isdigit() for p in parts)):
            inside.update(parts)
        else:
            alone.update(parts)
    return frozenset(w.decode("ascii", "replace") for w in inside - alone)


CUSTOMER_WORDS: Final = frozenset(w.encode("ascii") for w in (
    "cliente", "clientes", "clienta", "clientas", "customer", "customers", "client", "clients"))
_EN_CUSTOMER = frozenset((b"customer", b"customers", b"client", b"clients"))   # a pre-modifier in English only
_OF = frozenset((b"de", b"del"))
_ARTICLES = frozenset((b"los", b"las", b"el", b"la", b"sus", b"nuestros"))
_DATABASE = ([b"base", b"de", b"datos"], [b"bases", b"de", b"datos"])


def customers_only_qualify(tokens: list[bytes], tech: frozenset[bytes]) -> bool:
    """Whether every customer word only says whose a technical thing is: "las bases de datos de los clientes",
    "el mariadb de clientes", "customer databases". Then it is not a business matter."""
    seen = False
    for i, token in enumerate(tokens):
        if token not in CUSTOMER_WORDS:
            continue
        seen = True
        j = i - 1
        if j >= 0 and tokens[j] in _ARTICLES:
            j -= 1
        owner_of = j >= 1 and tokens[j] in _OF and (tokens[j - 1] in tech   # "<tech> de (los) clientes"
                                                    or tokens[max(0, j - 3):j] in _DATABASE)
        owner_before = token in _EN_CUSTOMER and i + 1 < len(tokens) and tokens[i + 1] in tech   # "customer databases"
        if not (owner_of or owner_before):
            return False
    return seen


def drop_resource_words(found: dict[int, Term], words: frozenset[str], keep_scope: str) -> None:
    """Drop the one-word matches of other scopes than `keep_scope` whose word is one of `words` (a word that only
    names a resource, a customer word that only says whose a thing is)."""
    for rank in [r for r, t in found.items()
                 if t.scope != keep_scope and len(t.tokens) == 1 and t.tokens[0] in words]:
        del found[rank]


def match_near(near: tuple[Term, ...], head: bytes, tokens: list[bytes], allowed: frozenset[str] | None,
                found: dict[int, Term]) -> None:
    """Add the first-person patterns whose head word `head` has one of their first words shortly before it."""
    for term in near:
        if term.rank in found or (allowed is not None and term.scope not in allowed):
            continue
        index = -1
        while (index := _next_index(tokens, head, index + 1)) >= 0:
            if not term.near_first.isdisjoint(tokens[max(0, index - term.window):index]):
                found[term.rank] = term
                break


def _next_index(tokens: list[bytes], word: bytes, start: int) -> int:
    """The position of `word` in `tokens` from `start` on, or -1."""
    try:
        return tokens.index(word, start)
    except ValueError:
        return -1


def reads_as_question(trigger: Trigger, norm: str, raw: str, start: int) -> bool:
    """Whether a gated trigger's sentence reads as a question (see `explicit_rules.ExplicitTrigger`): it ends with a
    question mark ("Lo comentamos la semana pasada. ¿Puedes mirarlo?" is a statement and then a question)."""
    end = _SENTENCE_END.search(norm, start)
    if end is not None and end.group() == "?":
        return True
    if trigger.clause_start:
        before = norm[:start].rstrip()
        if not before or before[-1] in _CLAUSE_END:
            return True
    return trigger.accented is not None and trigger.accented.search(
        unicodedata.normalize("NFC", raw.casefold())) is not None


_STANDALONE_I = re.compile(rb"(?<![-\w])i(?!\w)", re.IGNORECASE)


def option_i_only(encoded: bytes) -> bool:
    """Whether every "I" of the message is a command-line option ("curl -I", "grep -i"), not the speaker."""
    return encoded.find(b"-") >= 0 and _STANDALONE_I.search(encoded) is None   # find: see `RuleRouter.route`


BEFORE_CHARS: Final = 100   # how far back an explicit trigger's `before` context is looked for


def explicit_trigger(candidates: tuple[Trigger, ...], words: frozenset[bytes], norm: str | None, encoded: bytes,
                     raw: str) -> str | None:
    """The first of `candidates` (the triggers the message's words anchor, in trigger order) that matches the
    message; `norm` (the normalised text) is built here when no pattern needed it before. A candidate is searched
    only when all its `requires` words and one of its gate words are among the message's `words`, and the message
    holds what its `asks` needs."""
    # 2: a "?" in the normalised text (which keeps every "?" of `encoded`) and a question mark in the raw one
    holds = 0 if encoded.find(b"?") < 0 else 2 if "?" in raw or "¿" in raw or "？" in raw else 1
    asked = -1   # a match after the last "?" ends no question (`reads_as_question`); -1: `text` not read yet
    text = ""    # the normalised message, once a candidate is searched
    for trigger in candidates:   # the filter and the search in one loop: no list, and `text` only once one passes
        # only a question mark could make it count, or none can match without a "?": not worth the search (`asks`)
        if trigger.asks > holds or trigger.needs.isdisjoint(words) or not trigger.requires <= words:
            continue
        if asked < 0:
            text = norm if norm is not None else encoded.translate(LOWER_BYTES, UTF8_DELETE).decode("ascii")
            asked = text.rfind("?") + 1
        end = asked if trigger.asks == 2 else -1   # `Trigger.start` inlined when it only passes the search on
        start = trigger.start(text, words, end) if trigger.at_anchor else trigger.first.start(text, 0, end, words)
        # `also` after the pattern: most searched patterns find nothing, and a WH-question `also` ("que…?") is
        # dearer to search than they are
        if start < 0 or (trigger.also_found is not None and not trigger.also_found.found(text)) \
                or (trigger.before is not None   # a BEFORE_CHARS window: cheaper than `unless` over the text
                    and trigger.before.search(text, max(0, start - BEFORE_CHARS), start) is None) \
                or (trigger.unless_found is not None and trigger.unless_found.found(text, words)):
            continue
        if (not trigger.gated or reads_as_question(trigger, text, raw, start)) \
                and not _quoted_only(trigger, raw, words):
            return trigger.name
    return None


_QUOTE_MARKS: Final = frozenset("\"'“«„‘")
# ... unless the speaker passes the quoted question on: "Marta asked me 'do you remember…?' and I blanked. do you?"
_ASKED_ON: Final = re.compile(r"\b(?:(?:do|did|can|would)\s+you|y\s+tu|tu\s+(?:si|lo\s+sabes|te\s+acuerdas|"
                              r"lo\s+recuerdas)|lo\s+sabes(?:\s+tu)?|sabes\s+tu|te\s+acuerdas\s+tu)\s*\?")


def _quoted_only(trigger: Trigger, raw: str, words: frozenset[bytes]) -> bool:
    """Whether the trigger matches only inside quoted speech: "Javi me preguntó '¿te acuerdas de…?'" reports what
    someone asked someone else, not what the speaker asks of memory."""
    if _QUOTE_MARKS.isdisjoint(raw):
        return False
    outside = normalize(unquoted(raw))
    return trigger.first.start(outside, 0, -1, words) < 0 and _ASKED_ON.search(outside) is None


# A memory request about what the speaker alone said or chose ("¿Recuerdas qué días te dije que no estoy?", "which
# flat did I pick in the end?"): the speaker's own memory when no business or platform term placed it; "we", "our",
# "acordamos" make it the organisation's.
_OWN_WORDS = frozenset({b"i", b"my", b"mine", b"mi", b"mis", b"yo", b"dije", b"conte", b"comente", b"pedi",
                        b"elegi", b"decidi"})
_OUR_WORDS = frozenset({b"we", b"our", b"ours", b"us", b"nos", b"hemos", b"habiamos", b"decidimos", b"acordamos",
                        b"dejamos", b"quedamos", b"hablamos", b"nosotros", b"nuestro", b"nuestra", b"nuestros",
                        b"nuestras"})
_HEDGING = frozenset({b"think", b"guess", b"believe", b"suppose"})   # "I think they get 20 sites": an aside


def asks_own_memory(tokens: list[bytes]) -> bool:
    """Whether a memory request's words are the speaker's alone (see `_OWN_WORDS`), not an aside's ("I think…")."""
    if not _OUR_WORDS.isdisjoint(tokens) or b"creo" in tokens:
        return False
    return any(token in _OWN_WORDS and (token != b"i" or following not in _HEDGING)
               for token, following in zip(tokens, [*tokens[1:], b""], strict=True))
