"""Tier-2 locators: where a rule's regex starts near a keyword, and where the secret value in its match is."""

from __future__ import annotations

import base64
import binascii
import re
from urllib.parse import unquote

from .app_passwords import is_google_app_password, is_wordpress_app_password, names_app_password
from .heuristics import (
    ProseForm,
    is_opaque,
    is_password_value,
    is_placeholder,
    is_plain_word,
    is_prose_opaque,
)
from .key_names import is_secret_key, names_other_thing, names_password

_LITERAL_ESCAPE_RE = re.compile(r"\\[nrt]")


def _unquote(match: re.Match[str], group: str = "v", trailing: str = ".,:;)]}") -> tuple[int, int, bool]:
    """Span of a value group without its surrounding quotes (or `trailing` punctuation), and whether quoted."""
    start, end = match.span(group)
    text = match.string
    if end - start >= 2 and text[start] in "\"'`" and text[end - 1] == text[start]:
        return start + 1, end - 1, True
    escape = _LITERAL_ESCAPE_RE.search(text, start, end)   # `\n` inside source code or JSON ends the value
    if escape:
        end = escape.start()
    while end > start and text[end - 1] in trailing:
        end -= 1
    return start, end, False


def _assigned_secret(match: re.Match[str], key: str) -> tuple[int, int] | None:
    """The value's span when `key` names a secret and the value looks like a literal one."""
    if not is_secret_key(key):
        return None
    start, end, quoted = _unquote(match)
    value = match.string[start:end].strip()
    if not value:
        return None
    lead = match.string[start:end].find(value)
    start, end = start + lead, start + lead + len(value)
    if names_password(key) and is_password_value(value, quoted=quoted):   # `SMTP_PASS=qwerty123`, `Green-otter-42`
        return start, end
    short_ok = names_password(key) and any(map(str.isdigit, value)) and any(map(str.isalpha, value))
    if not is_opaque(value, quoted=quoted, min_len=6 if short_ok else 8) and not _base64_secret(value):
        return None
    return start, end


_BASE64_RE = re.compile(r"(?:[A-Za-z0-9+/]{4}){2,}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?")


def _base64_secret(value: str) -> bool:
    """A base64 value (Kubernetes Secret `data:`, Docker `auth`) whose decoded text is a secret."""
    if not _BASE64_RE.fullmatch(value):
        return False
    try:
        decoded = base64.b64decode(value, validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return False
    return decoded.isprintable() and is_opaque(decoded, quoted=True, min_len=6)


def key_start(text: str, hit: int) -> int:
    r"""Start of the (optionally quoted) key around a keyword hit: back over `[\w.$@-]`, then one quote."""
    i, limit = hit, max(0, hit - 84)
    while i > limit and (text[i - 1].isalnum() or text[i - 1] in "_.-$@"):
        i -= 1
    if i > 0 and text[i - 1] in "\"'`":
        j, n = hit, min(len(text), hit + 84)
        while j < n and (text[j].isalnum() or text[j] in "_.-$@"):
            j += 1
        if j < n and text[j] == text[i - 1]:   # a quoted key; `"X-Auth-Token: v"` is a quoted header line
            i -= 1
    return i


_OPERATOR_AFTER_KEY_RE = re.compile(r"[\w.-]{0,80}[\"'` \t*]{0,8}[:=?|,]")


def assignment_start(text: str, hit: int) -> int | None:
    """`key_start` when an assignment operator follows the key around the hit (`password =`, `"token":`), else
    None: prose such as `the password policy` never reaches the assignment regex. A key inside a reference
    (`${DB_PASSWORD:?missing}`) or a colon path (`arn:aws:secretsmanager:…:secret:prod/db`) assigns nothing."""
    if not _OPERATOR_AFTER_KEY_RE.match(text, hit):
        return None
    start = key_start(text, hit)
    return None if text[max(0, start - 2):start].endswith(("${", ":")) else start


def tag_start(text: str, hit: int) -> int | None:
    """The `<` opening the XML element whose name contains the keyword hit."""
    i, limit = hit, max(0, hit - 84)
    if text.find("<", max(0, limit - 1), hit) < 0:
        return None   # the walk back never reaches a `<`
    while i > limit and (text[i - 1].isalnum() or text[i - 1] in "_:.-"):
        i -= 1
    return i - 1 if i > 0 and text[i - 1] == "<" else None


def at_hit(text: str, hit: int) -> int:
    """The keyword hit itself: for rules whose regex starts at the keyword."""
    return hit


# `prose-secret`'s nouns as whole ASCII words (a longer noun starts with one of them: `pass word`, `clave de acceso`)
_PROSE_NOUNS = frozenset({"password", "passwd", "passphrase", "passcode", "pass-word", "pass", "pwd", "pw", "pin",
                          "token", "bearer", "secreto", "secret", "credential", "credentials", "contrasena", "clave",
                          "llave"})


_WORD_RUN_RE = re.compile(r"[\w-]*")


def prose_noun_start(text: str, hit: int) -> int | None:
    r"""The hit, unless `prose-secret`'s noun cannot start there: the `[\w-]` word from the hit, when ASCII, must be
    a noun standing alone (`passwords`, `1Password`, `password-reset` are not) or `key` (the regex checks what comes
    before it). Beyond ASCII the regex decides (case folding matches `ſ` to `s`)."""
    end = _WORD_RUN_RE.match(text, hit).end()   # type: ignore[union-attr]   # `*` always matches
    word = text[hit:end]
    if not word.isascii():
        return hit
    word = word.lower()
    if word == "key":
        return hit
    if word not in _PROSE_NOUNS or (hit > 0 and (text[hit - 1].isalnum() or text[hit - 1] in "_-")):
        return None
    return hit


def locate_assignment(match: re.Match[str]) -> tuple[int, int] | None:
    """`key = value`, `key: value`, `key => value`, ...: the value when the key names a secret."""
    key = match.group("key").lstrip("$@-")
    if match.group("op") == "," and not _call_argument(match, key):
        return None
    return _assigned_secret(match, key)


def _call_argument(match: re.Match[str], key: str) -> bool:
    """`define('DB_PASSWORD', 'x')`: a comma only separates a quoted key, first argument of a call, from a
    quoted value; string lists (`'a_key', 'b_key'`) are not assignments."""
    if match.group("kq") not in ("'", '"') or match.group("v")[0] not in "'\"" or key not in (key.upper(), key.lower()):
        return False
    return match.string[max(0, match.start() - 40):match.start()].rstrip().endswith("(")


def locate_keyed(match: re.Match[str]) -> tuple[int, int] | None:
    """A value whose key is a separate group (Kubernetes `name:`/`value:`, XML element): as an assignment."""
    return _assigned_secret(match, match.group("key"))



def locate_auth_header(match: re.Match[str]) -> tuple[int, int] | None:
    """An `Authorization` header value: Basic credentials with a real password, else an opaque value."""
    start, end = match.span("v")
    value = match.string[start:end]
    scheme = (match.group("scheme") or "").lower()
    if scheme == "basic":
        try:
            decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
        except (binascii.Error, ValueError):
            return None
        user, sep, password = decoded.partition(":")
        if not sep or not password or password == user or is_placeholder(password):
            return None
        return start, end
    return (start, end) if is_opaque(value, quoted=True) else None


def locate_bearer(match: re.Match[str]) -> tuple[int, int] | None:
    """A `Bearer` token that mixes letters and digits and looks opaque."""
    start, end = match.span("v")
    value = match.string[start:end]
    has_alpha = any(c.isalpha() for c in value)
    has_digit = any(c.isdigit() for c in value)
    return (start, end) if has_alpha and has_digit and is_opaque(value, quoted=True) else None


def locate_url_password(match: re.Match[str]) -> tuple[int, int] | None:
    """The password of `user:password@` in a URL or `curl -u`, not a port, placeholder or the user again."""
    start, end = match.span("v")
    password = unquote(match.string[start:end])
    user = unquote(match.group("user"))
    if len(password) < 4 or password == user or is_placeholder(password) or " " in password:
        return None
    if password.isdigit() and len(password) <= 5:   # host:port, not user:password
        return None
    return start, end


def locate_query_param(match: re.Match[str]) -> tuple[int, int] | None:
    """A signed-URL or credential query parameter whose value looks opaque."""
    start, end = match.span("v")
    value = unquote(match.string[start:end]).lstrip("/")   # base64 may start with `/`; it is not a path here
    return (start, end) if is_opaque(value, quoted=True) else None


def locate_cli_password(match: re.Match[str]) -> tuple[int, int] | None:
    """The value of a `--password`-style or `mysql -p` flag when it looks opaque."""
    start, end, quoted = _unquote(match)
    value = match.string[start:end]
    return (start, end) if is_opaque(value, quoted=quoted, min_len=6) or is_password_value(value, quoted=quoted) \
        else None


_KEY_ALGORITHMS = frozenset({"ed25519", "ed448", "x25519", "rsa2048", "rsa3072", "rsa4096", "ecdsa-p256", "p-256",
                             "p-384", "secp256k1", "secp256r1", "aes-256", "aes256", "aes-128", "chacha20"})


def locate_prose(match: re.Match[str]) -> tuple[int, int] | None:
    """The value after `the password is`, `API key:`, `contraseña`, ... when it looks like a secret."""
    start, end, quoted = _unquote(match, trailing=".,:;)]}?")   # sentence punctuation; `!` may end a password
    value = match.string[start:end]
    if is_plain_word(value) or value.lower() in _KEY_ALGORITHMS:   # `la clave ed25519` names a kind of key
        return None
    noun = match.group("noun").lower()
    if match.start("noun") > 0 and match.string[match.start("noun") - 1] == ":":
        return None   # a segment of an identifier: `arn:aws:secretsmanager:…:secret:prod/db`
    others = [word for word in match.group("quals").lower().split() if names_other_thing(word)]
    if others and not (others == ["hint"] and _spelled_out(value)):
        return None   # `password manager`, `token usage`, `password check`: another thing, not the secret
    if " " in value:   # an app password as shown, after a noun that says so (`contraseña de aplicación … es`)
        before = match.string[max(0, match.start() - 40):match.start("v")].lower()
        if names_app_password(before) and (is_wordpress_app_password(value) or is_google_app_password(value)):
            return start, end
        if value.count(" ") == 5:   # not WordPress's: the value is what it would be without that shape
            cut = 19 if _FOUR_WORDS_RE.match(value) else 4
            value, end = value[:cut], start + cut
    if value.isdigit():   # a PIN of 4+ digits, a numeric password of 6+ (`the wifi password is 111111`)
        return (start, end) if len(value) >= (4 if noun == "pin" else 6) and not _ends_in_unit(match.string, end) \
            else None
    if noun == "pin" or len(value) < 6:
        return None
    form: ProseForm = "verb" if match.group("verb") is not None else \
        "bare" if match.group("bare") is not None else "sep"
    if form == "bare" and not _ends_clause(match.string, end) and sum(c.isdigit() for c in value) < 2:
        return None   # `password hunter2` ends its clause; `the password 1Password generated` goes on
    if value[-1] == "!" and value[:-1].isalpha() and form != "sep":
        return None   # `the password is wrong!`: an exclamation; `clave: pepito!` (after a colon) is a value
    if is_prose_opaque(value, form=form):
        return start, end
    password_slot = names_password(noun) or noun in ("pw", "pin")
    if password_slot and (form != "bare" or not value.isalnum()) and is_password_value(value, quoted=quoted):
        return start, end   # `la contraseña es Green-otter-42`, `password: ijs#bEObEe`
    return None


_FOUR_WORDS_RE = re.compile(r"[a-z]{4} [a-z]{4} [a-z]{4} [a-z]{4}", re.IGNORECASE)   # the regex's next shape


def _spelled_out(value: str) -> bool:
    """A `password hint` that gives the password itself (`hint: it's Campanar6859!`): a password mixing three kinds
    of character, not a clue in words."""
    kinds = sum((any(c.islower() for c in value), any(c.isupper() for c in value), any(c.isdigit() for c in value),
                 any(not c.isalnum() for c in value)))
    return kinds >= 3 and is_password_value(value, quoted=False)


_UNIT_RE = re.compile(r"[ \t]*(?:%|[a-zA-Zé]+s\b|ms\b|gb\b|mb\b|kb\b|€|\$|eur|usd)", re.IGNORECASE)


def _ends_in_unit(text: str, end: int) -> bool:
    """`the token is 100000 tokens long`, `the pin is 1234 characters`: a quantity, not a secret."""
    return _UNIT_RE.match(text, end) is not None


_CLAUSE_END_RE = re.compile(r"[ \t]*(?:$|[\r\n.,;:)!?]|[ \t](?:y|and|e|o|or|pero|but)[ \t])")


def _ends_clause(text: str, end: int) -> bool:
    """Whether the value at `text[:end]` ends its clause: end of text or line, punctuation, or a conjunction."""
    return _CLAUSE_END_RE.match(text, end) is not None

