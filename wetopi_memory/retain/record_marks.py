"""Sentence openings and shapes that put a statement on record ("Deja escrito: …", "Verified: …", "it now fires at
80 % instead of 85 %") or make it the speaker's liking: patterns `signals.analyze` reads."""

from __future__ import annotations

import re

from .term_matching import fold

__all__ = ["BARE_NOTE", "CHECKED_LABEL", "MIN_NOTED_WORDS", "NEW_VALUE", "NOTE_REQUEST",
           "OWN_PREFERENCE", "RECORDS", "WANT_KEPT", "without_keep_wish"]

# The speaker's own liking or wish opening the sentence: what follows is its object.
OWN_PREFERENCE = re.compile(r"^\W*(?:(?:and|y|also|tambien)\W+)?(?:i like|i prefer|i'd prefer|me gusta|me gustan"
                             r"|prefiero)\b")
# A setting's new value said beside its old one ("it now fires at 80% instead of 85%", "ahora son 30 días en vez de
# 14", "(was 85%)"): when it was changed ("this morning") and by whom tell how the setting came to hold.
# A value up to a digit is written as digit-free pieces crossed possessively (`[\w.-]*\d` backtracks over a long
# run once per digit in it): up to its first digit, or, where the pattern ends, up to its last.
_TO_FIRST_DIGIT = r"(?:[^\W\d]|[.-])*+\d"
_TO_LAST_DIGIT = _TO_FIRST_DIGIT + r"(?:(?:[^\W\d]|[.-])*+\d)*"
NEW_VALUE = re.compile(
    r"\b(?:now|ahora)\s+(?:\w+\s+){0,3}?(?:at|to|is|are|es|son|a|al|en)\s+" + _TO_FIRST_DIGIT
    + r"[\w.%/-]*?(?:\s+(?:[a-z]+\s+)?)?(?:instead of|rather than|en vez de|en lugar de)\s+" + _TO_LAST_DIGIT
    + r"|\b(?:now|ahora)\b[^.;()]{0,60}\d[^.;()]{0,20}\((?:was|antes|era)\s+" + _TO_LAST_DIGIT)


# A request to note what was said before, with nothing of its own but a reason: "Apúntalo, que siempre se me olvida".
BARE_NOTE = re.compile(r"^\W*(?:apuntalo|apuntatelo|anotalo|anotatelo|guardalo|write it down|write that down|note it"
                       r"|note that|save it|save that)\b(?:\W*$|\W+(?:que|porque|because|as|since|so)\b)")
# A request to keep what follows: "And remember: any PR…", "Write down how we rotate…", "Apúntate que…".
NOTE_REQUEST = re.compile(r"^\W*(?:(?:and |y )?(?:remember|recuerda|keep in mind|ten en cuenta)\s*:"
                           r"|(?:please |por favor )?(?:write down|note down|jot down|take note|toma nota|apuntate"
                           r"|anotate|apunta que|anota que)\b)")
WANT_KEPT = re.compile(r"^\W*(?:lo que (?:si )?|y )?(?:quiero|i want) (?:que (?:quede|conste)|(?:it|this) "
                       r"(?:kept|on record))(?: claro| escrito| apuntado| registrado| guardado)?\s*:")
MIN_NOTED_WORDS = 8  # a note request with this many words holds content of its own


# A sentence that opens by asking to keep what it says on record ("Deja escrito: …", "Para que quede escrito, así
# es como…", "Writing this down because Pau asked: …").
RECORDS = re.compile(
    r"^\W*(?:deja(?:lo)? escrito|dejo escrito|que quede escrito|para que quede (?:escrito|constancia)"
    r"|que quede constancia|para que conste|que conste|writing (?:this|it) down|for the record|on the record)\b"
    # "Lo que sí quiero que quede: …": the wish is to keep what follows, no preference of the speaker's
    r"|" + WANT_KEPT.pattern +
    # a lesson under its label: "Lo que hemos aprendido hoy: …", "Lesson learned: …" (today is when, not how long)
    r"|^\W*(?:(?:lo que )?(?:hemos|he) aprendido(?: hoy| esta semana)?|leccion aprendida"
    r"|(?:what )?we(?:'ve| have)? learn(?:ed|t)(?: today| this week)?|lessons? learn(?:ed|t)|til)\s*:"
    r"|" + NOTE_REQUEST.pattern)
# A checked fact under its label: "And btw, verified just now: the ingress class on mad-2 is nginx-public". How it
# was checked ("creé y borré uno de prueba") stays an act: a fix's turn reads it as evidence.
CHECKED_LABEL = re.compile(
    r"^\W*(?:(?:and|y|also|tambien|oh|ah)\W+)?(?:(?:btw|by the way|por cierto|fyi|ojo)\W+)?"
    r"(?:verified|confirmed|checked|verificado|comprobado|confirmado)"
    r"(?:\s+(?:just now|right now|now|ahora mismo|ahora|today|hoy|this morning|esta manana))?"
    r"\s*:")


def without_keep_wish(text: str) -> str:
    """A sentence without the wish to keep it that opens it ("Lo que sí quiero que quede: en agosto…")."""
    folded = fold(text)
    found = WANT_KEPT.match(folded)
    if found is None or len(folded) != len(text):
        return text
    rest = text[found.end():].lstrip()
    return rest[:1].upper() + rest[1:] if rest else text
