"""A user's request to keep what the answer says: note it, document it, keep the procedure just done ("Apunta esto
como procedimiento", "Documenta cómo funcionan los balanceadores WAN…", "Check it and note it somewhere"), with no
content of its own to keep. Read by the turn reading (`notes_the_answer`) and by the turn's units (`asks_to_note`)."""

from __future__ import annotations

import re

from .signals import states_value, technical_value
from .term_matching import TermSet, fold, mentions, tokens

__all__ = ["PROCEDURE_NOTED", "asks_to_note", "notes_the_answer"]

# The user asks to keep what the answer says ("Apunta esto como procedimiento", "Write this down as the runbook"),
# or the answer's procedure, named ("Apúntate el procedimiento tal cual lo hemos hecho", "save this runbook").
_PROCEDURE_NOTED = (r"\b(?:apunta|apuntate|anota|anotate|guarda|guardate|documenta)\s+(?:el|este|ese)\s+"
                    r"(?:procedimiento|runbook|proceso)\b|\b(?:note|write\s+down|save|record|document)\s+"
                    r"(?:the|this|that)\s+(?:procedure|runbook|process)\b")
PROCEDURE_NOTED = TermSet(("re:" + _PROCEDURE_NOTED,))
NOTE_THE_ANSWER = TermSet(("re:" + _PROCEDURE_NOTED,
    "apunta esto", "apuntalo", "anota esto", "anotalo", "guarda esto", "guardalo", "documenta esto", "documentalo",
    "dejalo apuntado", "dejalo documentado", "write this down", "write that down", "note this down", "note that down",
    "save this as", "keep this as", "record this", "document this", "document that", "apunta eso", "anota eso",
    "write it down", "note it down", "save it as", "apuntalo como", "guardalo como", "anotalo como",
    "note down how", "note down what", "write down how", "apunta como", "anota como", "deja apuntado",
    "deja anotado", "deja documentado", "dejalo anotado",
    # the answer kept for the others: "¿Por qué vemos la IP real…? Quiero que quede claro para el equipo"
    "que quede claro para el equipo", "que quede documentado", "so the team knows", "for the team's reference",
))

# A check asked for beside the request to note the answer: "Can you confirm on the boxes and write it down?"
CHECK_AND_NOTE = TermSet(("confirm", "check", "verify", "look up", "find out", "comprueba", "confirma", "verifica",
                          "mira", "averigua", "revisa"))

# The answer asked for as documentation ("Documenta cómo funcionan los balanceadores WAN, comprobándolo en lb01…",
# "Document the pool layout…", "Check it and note it somewhere"): the request is its first clause.
DOCUMENT_ASKED = re.compile(r"^\W*(?:documenta|document)\s+(?:como|how|the|el|la|los|las)\b|\b(?:note|write)\s+it\s+"
                            r"(?:down\s+)?somewhere\b|\b(?:apunta|anota)lo\s+en\s+algun\s+(?:sitio|lado)\b")

MAX_NOTE_WORDS = 20
MIN_OWN_CONTENT_WORDS = 6  # words after a note request's colon that are content of the user's own
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+")


def asks_to_note(text: str) -> bool:
    """Whether a user's sentence asks to keep the answer ("Apúntalo", "Documenta cómo…"): no content of its own."""
    return mentions(NOTE_THE_ANSWER, text) or DOCUMENT_ASKED.search(fold(text)) is not None


def notes_the_answer(user_message: str) -> bool:
    """A short request to keep what the answer says, with no content of its own to keep; after a question, the
    request alone counts ("¿Por qué vemos la IP real…? Quiero que quede claro para el equipo")."""
    _, asked, after = user_message.rpartition("?")
    request = after if asked and mentions(NOTE_THE_ANSWER, after) else user_message
    # a request to check and note, in a sentence of its own: "The new guy asked how traffic gets to the WAN nodes.
    # Can you confirm on the boxes and write it down?" (not "Renovado el contrato…: 1.450 €… Apúntalo en…")
    own = next((part for part in reversed(_SENTENCE_BREAK.split(request)) if mentions(NOTE_THE_ANSWER, part)), "")
    request = own if own and (mentions(CHECK_AND_NOTE, own) or mentions(PROCEDURE_NOTED, own)) else request
    documented = next((part.split(",")[0] for part in reversed(_SENTENCE_BREAK.split(request))
                       if DOCUMENT_ASKED.search(fold(part))), "")
    request = documented or request
    _, colon, told = request.partition(":")
    if colon and len(tokens(fold(told))) >= MIN_OWN_CONTENT_WORDS:
        return False  # "guárdalo en business: el registrador de dominios es …": the user's words are the content
    return ((bool(documented) or mentions(NOTE_THE_ANSWER, request)) and len(tokens(fold(request))) <= MAX_NOTE_WORDS
            and not states_value(request) and not technical_value(request))
