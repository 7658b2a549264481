"""Credentials that arrive as a file, a manifest or a list: PuTTY key files, private JWKs, a Kubernetes Secret's
data, 2FA recovery codes, quoted passphrases, a password someone set for a user ("le he puesto …") and the
MongoDB shell's `-p`."""

from __future__ import annotations

import base64
import binascii
import re

from .findings import Tier
from .heuristics import is_password_value, is_placeholder, is_prose_opaque, token_body_ok
from .rule import SecretRule, Span, literal_starts

__all__ = ["CREDENTIAL_FILE_RULES", "is_sealed_value"]

# A line of a Secret's `data:`/`stringData:` block: `  password: cDRz…`, `  .dockerconfigjson: eyJh…`.
_DATA_LINE_RE = re.compile(r"(?P<indent>[ \t]*)[\"']?[\w.-]{1,120}[\"']?:[ \t]*[\"']?(?P<v>[^\s\"'#]{1,8192})"
                           r"[\"']?[ \t]*$")
_SECRET_KIND_RE = re.compile(r"^[ \t]*(?:-[ \t]+)?kind:[ \t]*[\"']?Secret[\"']?[ \t]*$", re.MULTILINE)
_BASE64_RE = re.compile(r"[A-Za-z0-9+/]{4,}={0,2}")


def _secret_data_value(match: re.Match[str]) -> Span | None:
    """The first real value in the `data:` (base64 that decodes to text) or `stringData:` block of a YAML
    document of `kind: Secret`: all a Secret holds is secret, but for placeholders and empty values."""
    text = match.string
    doc_start = text.rfind("\n---", 0, match.start()) + 1
    doc_end = text.find("\n---", match.end())
    doc_end = len(text) if doc_end < 0 else doc_end
    if _SECRET_KIND_RE.search(text, doc_start, doc_end) is None:
        return None
    indent = len(match.group("indent"))
    encoded = match.group("kind") == "data"
    pos = match.end()
    for line in text[match.end():doc_end].split("\n")[1:]:
        pos += len(line) + 1
        data = _DATA_LINE_RE.match(line)
        if not line.strip():
            continue
        if data is None or len(data.group("indent")) <= indent:
            return None
        value = data.group("v")
        if is_placeholder(value) or len(value) < 4 or (encoded and not _decodes_to_text(value)):
            continue
        start = pos - len(line) - 1 + data.start("v")
        return start, start + len(value)
    return None


def _decodes_to_text(value: str) -> bool:
    """Whether a base64 value decodes to printable text of four or more characters (`cDRzc3c=` does)."""
    if not _BASE64_RE.fullmatch(value):
        return False
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return False
    decoded = decoded.strip()
    if len(decoded) < 4 or not decoded.replace("\n", " ").isprintable():
        return False
    return decoded.startswith(("{", "[")) or not is_placeholder(decoded)   # a JSON document is no `{{ template }}`


_SEALED_KIND_RE = re.compile(r"kind[\"']?[ \t]*:[ \t]*[\"']?SealedSecret\b")
_CIPHERTEXT_RE = re.compile(r"[A-Za-z0-9+/]{300,}={0,2}")


def is_sealed_value(text: str, start: int) -> bool:
    """Whether the value at `start` is a Bitnami SealedSecret's ciphertext: base64 of 300+ characters (a session key
    sealed with the controller's RSA key, then the data) after `encryptedData` in a document of `kind:
    SealedSecret`. Only the controller can open it: it is made to be committed."""
    if _CIPHERTEXT_RE.match(text, start) is None:
        return False
    key = text.rfind("encryptedData", 0, start)
    return key >= 0 and _SEALED_KIND_RE.search(text) is not None


def _random_body(match: re.Match[str]) -> Span | None:
    """The value group when it is random by its characters (a key's base64, not `AQAB`)."""
    return match.span("v") if token_body_ok(match.group("v"), 3.5) else None


_CODE = r"[A-Za-z0-9]{4,10}(?:-[A-Za-z0-9]{4,10})?"
_BULLET = r"[ \t]*(?:[-*•][ \t]+)?"
_CODE_RE = re.compile(_CODE)


def _codes(match: re.Match[str]) -> Span | None:
    """Two or more recovery codes after their noun: each mixes digits into letters or is all digits."""
    codes = _CODE_RE.findall(match.group("v"))
    if len(codes) < 2 or not all(any(c.isdigit() for c in code) for code in codes):
        return None
    return match.span("v")


def _quoted_phrase(match: re.Match[str]) -> Span | None:
    """A passphrase of three or more words, quoted after its noun: words are what a passphrase is made of."""
    words = match.group("v").split()
    return match.span("v") if len(words) >= 3 and not is_placeholder(match.group("v")) else None


def _set_password(match: re.Match[str]) -> Span | None:
    """The value someone set as a password ("passwd ana → le he puesto doIECMpoSpKO"), when it looks like one."""
    value = match.group("v").rstrip(".,;:!?")
    start = match.start("v")
    return (start, start + len(value)) if is_password_value(value, quoted=False) else None


def _flag_password(match: re.Match[str]) -> Span | None:
    """A password given to a flag, unquoted or quoted, when it looks like one."""
    start, end = match.span("v")
    if match.string[start] in "'\"":
        start, end = start + 1, end - 1
    return (start, end) if is_prose_opaque(match.string[start:end], form="sep") else None


CREDENTIAL_FILE_RULES: tuple[SecretRule, ...] = (
    SecretRule("putty-private-key", Tier.TOKEN,
               # line breaks may have been flattened to spaces (a key file pasted into one chat line)
               re.compile(r"PuTTY-User-Key-File-\d+:[^\r\n]*(?:\r?\n[^\r\n]*){0,40}?(?:\r?\n|[ \t])Private-Lines:"
                          r"[ \t]*\d+(?:[ \t]*+\r?\n|[ \t]++)(?P<v>[A-Za-z0-9+/=]{16,})"),
               ("putty-user-key-file",), locate=_random_body, window=(0, 6000),
               starts=literal_starts("PuTTY-User-Key-File-")),
    SecretRule("jwk-private-key", Tier.TOKEN,
               re.compile(r"\"d\"[ \t]*:[ \t]*\"(?P<v>[A-Za-z0-9_-]{32,})\""),
               ("\"d\"",), requires=("\"kty\"",), locate=_random_body, window=(0, 1200),
               starts=literal_starts("\"d\"")),
    SecretRule("kubernetes-secret-data", Tier.TOKEN,
               re.compile(r"^(?P<indent>[ \t]*)(?:-[ \t]+)?(?P<kind>data|stringData):[ \t]*$", re.MULTILINE),
               ("data:",), requires=("kind:",), locate=_secret_data_value, window=(140, 40)),
    SecretRule("recovery-codes", Tier.CONTEXT,
               re.compile(r"(?i:recovery[ \t]+codes?|backup[ \t]+codes?|c[oó]digos?[ \t]+de[ \t]+(?:recuperaci[oó]n|"
                          r"respaldo|emergencia))[^\r\n:]{0,80}:[ \t]*(?:\r?\n" + _BULLET + ")?"
                          # on one line, or one per line (as GitHub and Google list them), bullets allowed
                          r"(?P<v>" + _CODE + "(?:(?:[ \t,]+|[ \t]*\r?\n" + _BULLET + ")" + _CODE + "){1,15})"),
               ("codes", "digos de", "digo de"), requires=(":",), locate=_codes, window=(30, 400)),
    SecretRule("quoted-passphrase", Tier.CONTEXT,
               re.compile(r"(?i:passphrase|pass[ \t]+phrase|frase[ \t]+(?:de[ \t]+paso|secreta|de[ \t]+contrase[nñ]a)|"
                          r"seed[ \t]+phrase|frase[ \t]+semilla)[^\r\n\"“«]{0,80}?(?:[:=]|\b(?:is|es|era|was)\b)[ \t]*"
                          r"[\"“«'](?P<v>[^\"”»'\r\n]{8,120})[\"”»']"),
               ("phrase", "frase"), requires_any=("\"", "'", "“", "«"), locate=_quoted_phrase, window=(40, 300)),
    SecretRule("password-set-for-user", Tier.CONTEXT,
               re.compile(r"(?i:\b(?:passwd|password|contrase[nñ]a|pass|clave)\b)[^\r\n]{0,60}?\b(?:le|la|te)[ \t]+"
                          r"(?:he|hemos)[ \t]+(?:puesto|dejado|asignado)[ \t]+(?:(?:la[ \t]+)?(?:contrase[nñ]a[ \t]+)?)"
                          r"[\"'`]?(?P<v>[^\s\"'`]{6,128})"),
               ("puesto", "dejado", "asignado"), requires_any=("pass", "contrase", "clave"), locate=_set_password,
               window=(90, 200)),
    SecretRule("mongo-password-flag", Tier.CONTEXT,
               re.compile(r"\bmongo(?:sh|dump|restore|export|import|stat|top)?\b[^\r\n]{0,200}?[ \t]-p[ \t]+"
                          r"(?P<v>'[^'\r\n]{1,128}'|\"[^\"\r\n]{1,128}\"|[^\s\"'`;|&-][^\s\"'`;|&]{3,127})"),
               ("mongo",), requires=(" -p",), locate=_flag_password, window=(0, 400), starts=literal_starts("mongo")),
)
