"""How the router reads text: normalisation to lowercase ASCII words, tokens, and rule-term inflections.

Only the first `MAX_INPUT_CHARS` characters of a message are read. The text is NFKD-decomposed, combining diacritics
(U+0300-U+036F) are dropped, every other non-ASCII character becomes a space and ASCII is lowercased:
"Configuración" -> "configuracion", "QUÉ DECIDÍ" -> "que decidi", "ñ" -> "n", "ＫＵＢＥＲＮＥＴＥＳ" -> "kubernetes";
emoji, other scripts and typographic quotes and dashes separate words ("I’d" -> "i d"). This is done at C speed:
NFKD, UTF-8 encoding, then one `bytes.translate` that deletes UTF-8 continuation bytes and the lead bytes of
U+0300-U+037F and turns all other lead bytes into spaces. Word tokens are the runs of `[a-z0-9]`; everything else
(spaces, punctuation, control characters) separates them. Rule terms go through the same steps.

Keywords (and nothing else) also match simple plurals of their last word: +s; +es after s/x/z/ch/sh, r/n/l, or
d in words longer than four letters (proveedor -> proveedores, clúster -> clústeres, margen -> márgenes,
vulnerabilidad -> vulnerabilidades, but pod -/-> "podes"); z -> ces (vez -> veces); consonant+y -> ies
(policy -> policies). Words shorter than three letters or containing digits are never inflected.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Final

from .default_rules import STOPWORDS

MAX_INPUT_CHARS: Final = 4000

# bytes.translate over NFKD text encoded as UTF-8: `UTF8_DELETE` removes continuation bytes (0x80-0xBF) and the
# lead bytes 0xCC/0xCD of U+0300-U+037F (combining diacritics); both tables turn every other lead byte into a
# space. `LOWER_BYTES` lowercases ASCII and keeps punctuation (the normalised text); `TOKEN_BYTES` keeps only
# [a-z0-9] (A-Z lowercased) and turns everything else into spaces (the text to split into tokens).
UTF8_DELETE: Final = bytes(range(0x80, 0xC0)) + b"\xcc\xcd"
LOWER_BYTES: Final = bytes(c + 32 if 65 <= c <= 90 else c if c < 0x80 else 32 for c in range(256))
TOKEN_BYTES: Final = bytes(
    c + 32 if 65 <= c <= 90 else c if (97 <= c <= 122 or 48 <= c <= 57) else 32 for c in range(256)
)


def encode(text: str) -> bytes:
    """`text` as bytes ready for the tables above: ASCII as is, anything else NFKD-decomposed UTF-8."""
    if text.isascii():
        return text.encode("ascii")
    return unicodedata.normalize("NFKD", text).encode("utf-8", "surrogatepass")


def normalize(text: str) -> str:
    """Lowercase, accents stripped (NFKD minus combining marks), other non-ASCII characters as spaces."""
    return encode(text).translate(LOWER_BYTES, UTF8_DELETE).decode("ascii")


# A quoted span: between typographic or straight double quotes, or single quotes that open after a space or a colon and
# close before one ("Javi me preguntó 'te acuerdas de…?'"), so the apostrophes of "don't" neither open nor close it
_QUOTED: Final = re.compile(r"[“«„\"][^”»“\"\n]{1,300}[”»“\"]|(?<![^\s(:])['‘](?=\S).{1,300}?\S['’](?![^\s.,;:!?)])")


def unquoted(text: str) -> str:
    """`text` with what it quotes blanked out: the words someone else said, not the speaker's own."""
    return _QUOTED.sub(lambda found: " " * len(found.group()), text)


def tokenize(text: str) -> list[str]:
    """The word tokens of `text` after `normalize`, in order."""
    return encode(text).translate(TOKEN_BYTES, UTF8_DELETE).decode("ascii").split()


def inflections(tokens: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The term itself plus simple plurals of its last word (see module docstring)."""
    variants = [tokens]
    last = tokens[-1]
    if len(last) < 3 or not last.isalpha():
        return variants
    forms: list[str] = []
    if last.endswith(("s", "x", "z", "ch", "sh")):
        forms.append(last + "es")
        if last[-1] == "z":
            forms.append(last[:-1] + "ces")
    else:
        forms.append(last + "s")
        if last[-1] in "rnl" or (last[-1] == "d" and len(last) > 4):
            forms.append(last + "es")
        elif last[-1] == "y" and last[-2] not in "aeiou":
            forms.append(last[:-1] + "ies")
    variants += [(*tokens[:-1], form) for form in forms]
    return variants


def anchor(tokens: tuple[str, ...]) -> str:
    """The token a multi-word term is looked up by: the longest non-stopword (first on ties)."""
    return max(tokens, key=lambda token: (token not in STOPWORDS, len(token)))


def subsequences(tokens: tuple[str, ...]) -> Iterable[tuple[str, ...]]:
    """Every proper contiguous sub-sequence of `tokens`."""
    n = len(tokens)
    for width in range(1, n):
        for start in range(n - width + 1):
            yield tokens[start:start + width]
