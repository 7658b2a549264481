"""Whether a text could hold a secret at all: the C-speed shortcut that lets ordinary prose skip the scan
(`may_hold_secret`) and keyword hits followed only by words skip the context rules (`may_hold_value`)."""

from __future__ import annotations

import re
from functools import lru_cache

import ahocorasick_rs

from .app_passwords import is_google_app_password
from .common_passwords import COMMON_PASSWORDS
from .heuristics import is_random_lowercase, is_wordlike
from .plain_tokens import PlainTokens

_VALUE_MARK_RE = re.compile(r"[\d!#$%&*+=?@^~|<>_/\\-]")
_MIXED_CASE_RE = re.compile(r"[a-zß-öø-ÿ][-_.]?[A-ZÀ-ÖØ-Þ]|[A-ZÀ-ÖØ-Þ](?:[-_.][A-ZÀ-ÖØ-Þ]?|[A-ZÀ-ÖØ-Þ])[a-zß-öø-ÿ]")
_APP_PASSWORD_WORDS_RE = re.compile(r"(?<![a-zñ])[a-z]{4} [a-z]{4} [a-z]{4} [a-z]{4}(?![a-zñ])")
# ASCII lowercase letters -> "l", space -> " ", anything else -> ".": `_APP_PASSWORD_WORDS_RE` needs the shape below.
_LOWER_ASCII = bytes(ord("l") if 97 <= b <= 122 else 32 if b == 32 else ord(".") for b in range(256))
_APP_PASSWORD_SHAPE = "llll llll llll llll"
_LONG_LETTERS = "l" * 12
_APP_PASSWORD_SHAPE_BYTES = _APP_PASSWORD_SHAPE.encode()
# `_APP_PASSWORD_SHAPE_BYTES in ...` as a compiled literal: `re` skips along its prefix table, where `in` retries at
# nearly every byte of a translation made mostly of `l` (twice as slow on prose).
_HAS_APP_PASSWORD_SHAPE = re.compile(re.escape(_APP_PASSWORD_SHAPE_BYTES)).search
_LONG_LETTERS_BYTES = _LONG_LETTERS.encode()
_LETTER_RUN_RE = re.compile("l+")   # a run of letters in the `_LOWER_ASCII` translation
_TOKEN_EDGE = "\"'`([{¿¡«“)]}.,;:!?»”"


def _token_at(text: str, start: int, end: int) -> str:
    """The whitespace-delimited token around `text[start:end]`, without surrounding punctuation."""
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    while end < len(text) and not text[end].isspace():
        end += 1
    return text[start:end].strip(_TOKEN_EDGE)


def _latin1_case_classes() -> bytes:
    """Latin-1 upper letters -> "A", lower -> "a", `-_.` -> ".", anything else -> " ": `_MIXED_CASE_RE`'s classes."""
    def cls(ch: str) -> str:
        if "A" <= ch <= "Z" or ("À" <= ch <= "Þ" and ch != "×"):
            return "A"
        if "a" <= ch <= "z" or ("ß" <= ch <= "ÿ" and ch != "÷"):
            return "a"
        return "." if ch in "-_." else " "
    return "".join(cls(chr(b)) for b in range(256)).encode("latin-1")


_LATIN1_CASES = _latin1_case_classes()
_MIXED_CASE_SHAPES = ("aA", "a.A", "A.a", "A.Aa", "AAa")   # every `_MIXED_CASE_RE` match holds one of these


def _has_mixed_case_token(text: str) -> bool:
    """A token mixing case that is not CamelCase words (`FbzLSwHW`, `aBcD`; not `WordPress`, `EcoRiego`)."""
    if text.islower() or (text[1:].islower() and text[1:2] not in "-_."):
        return False   # no uppercase letter, or only a first one not followed by `-_.`: no shape below can occur
    try:
        classes = text.encode("latin-1").translate(_LATIN1_CASES).decode("latin-1")
    except UnicodeEncodeError:
        classes = "aA"   # beyond Latin-1: let the regex decide
    if not any(shape in classes for shape in _MIXED_CASE_SHAPES):
        return False
    return any(not _wordlike_token(_token_at(text, *m.span())) for m in _MIXED_CASE_RE.finditer(text))


# Every occurrence of a common password in one pass (compiled Aho-Corasick): a word is one only where an
# occurrence has ASCII whitespace (what `bytes.split` splits on) or an end on both sides.
_COMMON_PASSWORD_FINDER = ahocorasick_rs.BytesAhoCorasick([p.encode() for p in COMMON_PASSWORDS])
_ASCII_BLANKS = frozenset(b" \t\n\r\x0b\x0c")
_WORD_PUNCT_BYTES = b".,;:!?)('\"`"


_BANG_VALUE_RE = re.compile(rb"[:=][ \t]*[^\s!:=]{3,}!")


def _words_hold_value(lowered: bytes) -> bool:
    """Letters-only values in lowercased UTF-8: a common password, a random lowercase run (12+), an app password."""
    stripped = lowered.translate(None, _WORD_PUNCT_BYTES)
    if not stripped or stripped.isspace():
        return False   # no word at all
    if _has_common_password(stripped):
        return True
    if b"!" in lowered and _BANG_VALUE_RE.search(lowered):
        return True   # `clave: pepito!`: a word with a `!` after a colon or `=` (locators judge the form)
    letters = stripped.translate(_LOWER_ASCII)
    if _LONG_LETTERS_BYTES in letters and _random_long_word(stripped, letters.decode("latin-1")):
        return True   # a word of 12+ ASCII letters needs a run of 12 in the translation: most texts have none
    if _HAS_APP_PASSWORD_SHAPE(lowered.translate(_LOWER_ASCII)) is None:
        return False   # the regex below needs four 4-letter words in a row: one translation rules most texts out
    # random groups, or pronounceable ones that are no words (`meuv ygou fteh ohto`): the rules ask for an app cue
    return any(is_google_app_password(m.group())
               for m in _APP_PASSWORD_WORDS_RE.finditer(lowered.decode("utf-8", "replace")))


def _has_common_password(stripped: bytes) -> bool:
    """Whether a whitespace-delimited word of `stripped` (`stripped.split()`) is a common password."""
    end = len(stripped)
    for _, i, j in _COMMON_PASSWORD_FINDER.find_matches_as_indexes(stripped, overlapping=True):
        if (i == 0 or stripped[i - 1] in _ASCII_BLANKS) and (j == end or stripped[j] in _ASCII_BLANKS):
            return True
    return False


def _random_long_word(stripped: bytes, letters: str) -> bool:
    """Whether a whole word of `stripped` (between ASCII whitespace) is 12+ random lowercase ASCII letters, found
    from its translation `letters` (one character per byte): each run of 12+ `l` is one such word candidate."""
    i = letters.find(_LONG_LETTERS)
    while i >= 0:   # `find` from the end of the previous run lands on the first letter of the next one
        run = _LETTER_RUN_RE.match(letters, i)
        end = run.end() if run else i + len(_LONG_LETTERS)
        if (i == 0 or stripped[i - 1:i].isspace()) and (end == len(stripped) or stripped[end:end + 1].isspace()) \
                and is_random_lowercase(stripped[i:end].decode()):
            return True
        i = letters.find(_LONG_LETTERS, end)
    return False


def may_hold_value(segment: str) -> bool:
    """Whether `segment` (what follows a keyword hit) holds anything a context rule could accept as a secret
    value: a digit or symbol, mixed case, or a letters-only value (`_words_hold_value`). Necessary, not
    sufficient: it lets the rules skip hits followed only by words (`the token expired and the password policy`)."""
    return _VALUE_MARK_RE.search(segment) is not None or unmarked_value(segment)


def unmarked_value(segment: str) -> bool:
    """The values `may_hold_value` finds without a digit or symbol: mixed case, or a letters-only value."""
    return _has_mixed_case_token(segment) or _words_hold_value(segment.lower().encode("utf-8", "surrogatepass"))


# Quotes and tags make a value span spaces: a segment holding one keeps its hit.
_SPANNING_RE = re.compile("[\"'`«“<]")
# Whole tokens every value check rejects (`_not_opaque`, `_is_path`): a short-segment path, a plain http(s) URL, a
# dotted number, a time or an ISO date. None holds an operator or quote a rule could start a value after.
_STRUCTURAL_RE = re.compile(r"(?:~|\.{1,2})?(?:/[A-Za-z0-9._-]{1,8})+/?|https?://[A-Za-z0-9.-]{1,253}(?:/[A-Za-z0-9._-]*)*"
                            r"|\d+(?:\.\d+)+|\d{1,2}:\d{2}(?::\d{2})?|\d{4}-\d{2}-\d{2}")
_STRIPPED = ".,:;)]}"   # every value locator strips these from an unquoted value's end


def _value_token(token: str) -> bool:
    """Whether a marked whitespace token could hold a value some context rule accepts: every value check wants 6+
    characters (a PIN 4+ digits), and none accepts a structural token (`/etc/ceph`, `2.12`, `https://x.io/d`)."""
    if len(token) < 6:
        core = token.rstrip(_STRIPPED + "?").strip("#*")   # a keypad code: `4521#`, `*2580`
        return len(core) >= 4 and core.isdigit()
    core = token.rstrip(_STRIPPED)
    if _STRUCTURAL_RE.fullmatch(core) is None:
        return True
    # base64 of a path-shaped string (`/etc/ssl`) may still decode to a secret: only its alphabet and length say no
    return core.startswith("/") and len(core) % 4 == 0 and not any(ch in core for ch in "._-~")


def may_hold_value_token(segment: str) -> bool:
    """`may_hold_value`, judged per token: a digit or symbol counts only inside a token that could be a value
    (`_value_token`), so `HMAC en /etc/ceph desde la 2.12` after a cue wakes no rule. Implies `may_hold_value`."""
    return marked_value(segment) or unmarked_value(segment)


# Whitespace to `str.split` and `str.isspace` but not to `bytes.split` (where `_words_hold_value` splits);
# `_TOKENWISE_CLASSES` maps the UTF-8 bytes that start one to "#", to rule most texts out in one `in` test.
_ODD_SPACE_RE = re.compile("[\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")
_TOKENWISE_CLASSES = bytes(ord("#") if 0x1c <= b <= 0x1f or b in (0xc2, 0xe1, 0xe2, 0xe3) else _LOWER_ASCII[b]
                           for b in range(256))


def tokenwise(lowered: str) -> bool:
    """Whether `value_in_tokens` may judge the segments of a text whose lowercase (as far as ASCII goes) is
    `lowered`: its tokens are the same to `str.split` and `bytes.split`, and no four 4-letter words stand in a row."""
    classes = lowered.encode("utf-8", "surrogatepass").translate(_TOKENWISE_CLASSES)
    if _HAS_APP_PASSWORD_SHAPE(classes) is not None:
        return False
    return b"#" not in classes or _ODD_SPACE_RE.search(lowered) is None


def value_in_tokens(segment: str) -> bool:
    """`may_hold_value_token(segment)` for a segment of a `tokenwise` text without `!`, where that test is a
    per-token test (only a quote or tag next to a digit or symbol, a `!` value after `:`/`=` and an app password's
    four words are read across tokens): a segment made of tokens known plain is plain, one holding a token known
    valued is valued, one with a few tokens not known is judged by those alone, and a segment judged plain makes its
    tokens known plain (judged valued: its tokens are judged one by one)."""
    if _SPANNING_RE.search(segment) and _VALUE_MARK_RE.search(segment):
        return True
    tokens = segment.split()
    if _PLAIN_TOKENS.known(tokens):   # one C call for the common case
        return False
    if _PLAIN_TOKENS.any_valued(tokens):
        return True
    unknown = _PLAIN_TOKENS.unknown(tokens)
    if len(unknown) <= _FEW_UNKNOWN:   # judge the new tokens alone: the segment's verdict is theirs
        return _PLAIN_TOKENS.judge(unknown, may_hold_value_token)
    found = may_hold_value_token(segment)
    if found:
        _PLAIN_TOKENS.learn_valued(tokens, may_hold_value_token)
    else:
        _PLAIN_TOKENS.learn(tokens)
    return found


_PLAIN_TOKENS = PlainTokens()
# Up to this many tokens not known plain are judged one by one (each a test of its own, cheaper than the segment's);
# more, and the segment is judged whole, as a text of new words would otherwise pay a test per word.
_FEW_UNKNOWN = 3


def marked_value(segment: str) -> bool:
    """The values `may_hold_value_token` finds by a digit or symbol: a quote or tag with one, or a marked token
    that could be a value (`_value_token`)."""
    if _VALUE_MARK_RE.search(segment) is None:
        return False
    if _SPANNING_RE.search(segment):
        return True
    for token in segment.split():   # a token of letters only holds no digit or symbol: `isalpha` spares it the regex
        if not token.isalpha() and _VALUE_MARK_RE.search(token) and _value_token(token):
            return True
    return False


def _byte_classes(*, case: bool) -> bytes:
    """A 256-byte table for `may_hold_secret`: letters a (with `case`: a lower, A upper), digits 0, symbols !,
    `?%!` ?, `-.:'"` ., anything else a space. Bytes of non-ASCII characters count as lowercase letters."""
    table = bytearray(b" " * 256)
    for byte in range(256):
        ch = chr(byte)
        table[byte] = ord("A" if case and ch.isupper() and byte < 0x80 else "a" if ch.isalpha() or byte >= 0x80
                          else "0" if ch.isdigit() else "!" if ch in "#$&*+=@^~|<>_/\\[]{}" else "?" if ch in "?%!"
                          else "." if ch in "-.:'\"" else " ")
    return bytes(table)


_CLASSES = _byte_classes(case=False)
_CASES = _byte_classes(case=True)
# Mixed case (`aA`, `AAa`, `a.A`) is judged per token: CamelCase words (`WordPress`) do not count.
_MIXED = ("aA", "AAa", "a.A")
# Where one of `_MIXED` occurs, matched at its `A`: a literal first character lets `re` skip to the few upper case
# letters (an `in` per shape walks every lowercase one three times).
_MIXED_RE = re.compile(r"A(?:(?<=aA)|(?<=a\.A)|(?<=AA)(?=a))")
# `a0`, `0a`, `a.0`, `0.a` or `000000`, matched at a `0` (digits are rare in prose, letters are not).
_DIGIT_SHAPE_RE = re.compile(r"0(?:(?<=a0)|(?<=a\.0)|\.?a|0{5})")


def _shaped(text: str, raw: bytes) -> bool:
    """A symbol, letters next to digits, a number of 6+ digits, letter-`?%!`-letter, an all-caps run of 8+, or a
    token mixing case. The class strings are `str` (latin-1 of the translated bytes): one-character guards come
    first, and a shape set is found by one regex anchored on its rare character (`0`, `A`), not by an `in` per shape."""
    classes = raw.translate(_CLASSES).decode("latin-1")
    if "!" in classes:
        return True
    if "0" in classes and (_DIGIT_SHAPE_RE.search(classes) is not None
                           or ("0000" in classes and _names_code(text))):
        return True
    if "?" in classes and "a?a" in classes:
        return True
    cases = raw.translate(_CASES).decode("latin-1")
    if "A" not in cases:
        return False
    if "AAAAAAAA" in cases:
        return True
    return _mixed_case_token(raw, cases)


# A 4-digit value counts after these: a PIN or PUK, a door, alarm or safe code (the access-code rule's nouns), and
# recovery codes in groups of four digits (`4821 3907`, as Google shows them).
_CODE_NOUNS = ("pin", "puk", "digo de", "digos de", "clave de", "combina", "door code", "alarm code", "gate code",
               "garage code", "keypad code", "entry code", "lockbox code", "safe code", "lock code", "recovery code",
               "backup code")


def _names_code(text: str) -> bool:
    """Whether a text names a numeric code (a PIN or PUK, a door or alarm code), which 4 digits can be."""
    lowered = text.lower()
    return any(noun in lowered for noun in _CODE_NOUNS)


def _mixed_case_token(raw: bytes, cases: str) -> bool:
    """Whether a token of 6+ characters mixes case without being CamelCase words (`FbzLSwHW`, not `WordPress`):
    each space-delimited token holding a `_MIXED` shape is judged once."""
    n = len(cases)
    found = _MIXED_RE.search(cases)
    while found is not None:
        i = found.start()
        start = cases.rfind(" ", 0, i) + 1   # the token around the shape: from the space before to the next
        end = cases.find(" ", i)
        if end < 0:
            end = n
        token = raw[start:end].decode("utf-8", "replace").strip(_TOKEN_EDGE)
        if len(token) >= 6 and not _wordlike_token(token):   # every rule's letters-only value has 6+
            return True
        found = _MIXED_RE.search(cases, end)
    return False


@lru_cache(maxsize=8192)
def _wordlike_token(token: str) -> bool:
    """`is_wordlike`, remembered: the same CamelCase names (`WordPress`, `GitLab`) come back in text after text."""
    return is_wordlike(token)


# Letters-only values (common passwords, random lowercase, app passwords) are taken only near these cues.
_CUE_STEMS = (b"pass", b"pw", b"pin", b"key", b"token", b"secret", b"clave", b"contrase", b"cred", b"llave", b"auth",
              b"admin", b"identified", b"phrase", b"frase", b"maestra")
_QUOTED_WORDS_RE = re.compile(rb"[\"'\xe2][^\"'\n]{0,8}\w+ \w+ \w+")
_CUE_FINDER = ahocorasick_rs.BytesAhoCorasick(_CUE_STEMS)   # every cue stem occurrence, in one pass
_PHRASE, _FRASE, _MAESTRA, _PASS = (_CUE_STEMS.index(stem) for stem in (b"phrase", b"frase", b"maestra", b"pass"))


def _passphrase_cue(lowered: bytes, index: int, start: int) -> bool:
    """A cue of `passphrase-words` at this stem: a passphrase of plain words has no shape to look for."""
    if index in (_PHRASE, _MAESTRA):
        return True
    if index == _FRASE:
        return lowered.startswith((b"frase de paso", b"frase secreta"), start)
    return index == _PASS and lowered.endswith(b"master ", 0, start)


def may_hold_secret(text: str) -> bool:
    """Whether any rule could refuse `text`: a symbol, letters next to digits, a long number, an all-caps run, a
    token mixing case (not CamelCase words), or a cue word with a letters-only value in its sentence. Necessary,
    not sufficient: one byte translation and a few `in` tests (C speed) let ordinary prose skip the whole scan."""
    raw = text.encode("utf-8", "surrogatepass")
    if _shaped(text, raw):
        return True
    lowered = raw.lower()
    cues = _CUE_FINDER.find_matches_as_indexes(lowered, overlapping=True)
    if not cues:
        return False   # most prose: no cue word at all
    if any(_passphrase_cue(lowered, index, start) for index, start, _ in cues):
        return True
    if not _words_hold_value(lowered):   # no letters-only value anywhere, unless a quoted passphrase of words
        return (b"phrase" in lowered or b"frase" in lowered) and _QUOTED_WORDS_RE.search(lowered) is not None
    for _, hit, _ in cues:
        end = hit + 200
        for stop in (b"\n", b". "):
            i = lowered.find(stop, hit, end)
            if i >= 0:
                end = i
        if _words_hold_value(lowered[max(0, hit - 60):end]):
            return True   # `usa X como contraseña`: the value may come before the cue, too
    return False
