"""How a user's sentences opt out of memory: the whole turn ("no guardes esto"), a part they name ("lo del descuento no
lo guardes"), or themselves alone ("Jordi propone un plan a 5 €, no lo guardes que es solo una idea")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..router.function_words import FUNCTION_WORDS
from ..router.person_names import PERSON_NAMES
from .dialogue_lexicon import FORGET_ASKED, KEEP_THIS, OPT_OUT, OPT_OUT_OF_PART
from .sentences import Sentence
from .term_matching import fold, grams, mentions, tokens
from .time_lexicon import FROM_NOW_SET

__all__ = ["opted_out_part", "opts_out"]

_PART_LETTERS = 4
MIN_CONTENT_WORDS = 6   # words before an opt-out that make it the sentence's own: "X, no lo guardes"

# An opt-out that names its part: "Lo del descuento que les he hecho no lo guardes", "don't save the discount part"
_DETERMINER = r"(?:(?:la|los|las|mi|mis|tu|su|sus|the|my)\s+)?"
# "lo de que igual les subimos al 18 %", "lo de lo que le vamos a ofrecer a Laura": the part named by a clause
_CLAUSE_PART = r"(?:(?:lo\s+)?que\s+(?:[a-z]{1,3}\s+){0,3})?"
_NAMED_PART = re.compile(r"^\W*(?:(?:y|pero|and|but)\s+)?lo\s+(?:de|del)\s+" + _CLAUSE_PART + _DETERMINER
                         + r"([a-z]{4,})\b"
                         r"|\b(?:no\s+guardes|don'?t\s+save|do\s+not\s+save|don'?t\s+store)\s+(?:lo\s+(?:de|del)\s+"
                         + _DETERMINER + r"|the\s+(?:part\s+about\s+" + _DETERMINER + r")?)([a-z]{4,})\b")
_NOT_A_PART = frozenset({"ayer", "antes", "arriba", "abajo", "esto", "otro", "this", "that", "these", "those", "rest"})


def opted_out_part(text: str) -> str | None:
    """The word naming the part a sentence opts out of ("descuento"), or None for an opt-out of the whole."""
    if not mentions(OPT_OUT, text):
        return None
    folded = fold(text)
    found = _NAMED_PART.search(folded)
    part = (found.group(1) or found.group(2)) if found else None
    if found and part in PERSON_NAMES:   # "lo de que Marc se va a Japón…": who it is about names no part; what does
        after = tokens(folded[found.end():])
        part = next((w for w in after if len(w) >= _PART_LETTERS and w not in FUNCTION_WORDS
                     and w not in PERSON_NAMES), None)
    return part if part and part not in _NOT_A_PART else None


def opts_out(user_message: str, said: Sequence[Sentence]) -> bool:
    """Whether the user says not to keep the turn; an opt-out of only part of it ("the rest is chit-chat, ignore
    it", "… no lo guardes, pero esto sí") leaves the other sentences to be read as usual."""
    texts = [s.text for s in said] or [user_message]
    replaced = any(mentions(FORGET_ASKED, text) for text in texts) and any(
        mentions(FROM_NOW_SET, text) and not mentions(OPT_OUT, text) for text in texts)
    if replaced or any(mentions(KEEP_THIS, text) for text in texts):
        return False   # "lo de las vacaciones no lo guardes, pero esto sí: …", "Olvida lo de Telegram. From now on: …"
    return any(mentions(OPT_OUT, text) and not mentions(OPT_OUT_OF_PART, text)
               and (len(texts) < 2 or (opted_out_part(text) is None and not _opts_out_after_content(text)))
               for text in texts)


# an opt-out of everything said, or of what follows ("…so don't store any of it until I tell you:")
_ALL_OF_IT = re.compile(r"\b(?:any|none|all) of (?:it|this|that)\b|\bnada de (?:esto|eso|lo)\b|\btodo (?:esto|eso)\b")


def _opts_out_after_content(text: str) -> bool:
    """A sentence that says something, then not to keep it ("Jordi propone un plan, no lo guardes"): itself alone."""
    folded = fold(text)
    at = grams(tokens(folded))
    return min((at[gram] for gram in OPT_OUT.keys.intersection(at)), default=0) >= MIN_CONTENT_WORDS \
        and _ALL_OF_IT.search(folded) is None and not folded.rstrip().endswith(":")
