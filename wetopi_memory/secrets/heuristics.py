"""Value heuristics: entropy, character classes, and whether a value is opaque (secret-like) or a placeholder."""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache
from typing import Literal

from .common_passwords import COMMON_PASSWORDS, is_common_password

ProseForm = Literal["verb", "sep", "bare"]

_CLOG = [0.0] + [c * math.log2(c) for c in range(1, 4097)]   # c*log2(c), the per-symbol term


def shannon_entropy(value: str) -> float:
    """Shannon entropy of `value` in bits per character (0.0 for the empty string)."""
    n = len(value)
    if n == 0:
        return 0.0
    counts = Counter(value).values()
    total = sum(map(_CLOG.__getitem__, counts)) if n < len(_CLOG) else sum(c * math.log2(c) for c in counts)
    return max(0.0, math.log2(n) - total / n)


_LOWER_RE = re.compile(r"[a-zß-öø-ÿ]")
_UPPER_RE = re.compile(r"[A-ZÀ-ÖØ-Þ]")
_DIGIT_RE = re.compile(r"[0-9]")
_OTHER_RE = re.compile(r"[^A-Za-z0-9À-ÖØ-öø-ÿ]")
# Each character -> its class letter: l(ower), u(pper), d(igit); anything else stays itself ("other").
_CLASS_TABLE = str.maketrans({**{c: "l" for c in "abcdefghijklmnopqrstuvwxyz"},
                              **{c: "u" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
                              **{c: "d" for c in "0123456789"}})
_OTHER_CLASS_RE = re.compile(r"[^lud]")


def char_class_count(value: str) -> int:
    """How many of lowercase, uppercase, digit and other characters occur in `value`."""
    return sum(1 for rx in (_LOWER_RE, _UPPER_RE, _DIGIT_RE, _OTHER_RE) if rx.search(value))


def class_switch_rate(value: str) -> float:
    """Fraction of neighbouring characters whose class differs: ~0.6 for random base62, ~0.15 for camelCase words."""
    if len(value) < 2:
        return 0.0
    classes = _OTHER_CLASS_RE.sub("s", value.translate(_CLASS_TABLE))
    return sum(map(str.__ne__, classes, classes[1:])) / (len(value) - 1)


def mixes_case_and_digits(value: str) -> bool:
    """Whether `value` has lowercase and uppercase letters and digits, as random base62 does."""
    return bool(_LOWER_RE.search(value) and _UPPER_RE.search(value) and _DIGIT_RE.search(value))


def _min_entropy(length: int) -> float:
    """Entropy a human-chosen value of `length` must reach: 3.0 bits, relaxed for short values."""
    return min(3.0, math.log2(max(length, 2)) - 1.0)


# Substrings that mark documentation placeholders in a (short, human) value. Case-insensitive.
_PLACEHOLDER_PARTS = (
    "changeme", "change_me", "change-me", "changeit", "your_", "your-",
    "yourpass", "yourtoken", "yoursecret", "yourkey", "yourapi", "your ", "example", "placeholder", "redacted",
    "xxxx", "****", "...", "…", "•", "replace_me", "replaceme", "replace-me", "replace_with", "insert_", "insert-",
    "notreal", "not_real", "not-real", "secretref", "secretkeyref", "valuefrom", "vault:", "op://", "ref+",
    "arn:aws:", "enc[", "sm://", "ssm:", "keyvault", "mysecret", "my_secret", "my-secret", "mypassword",
    "my_password", "my-password", "mytoken", "my_token", "my-token", "12345678", "abcdefgh", "here_",
    "_here", "-here", "goes_here", "goes-here",
)
# Short words mark a placeholder only as a whole word (`fake_token`), not inside a random string (`aTODoNg`).
_PLACEHOLDER_WORDS_RE = re.compile(r"(?<![a-z0-9])(?:todo|fixme|fake|dummy|sample|lorem|foobar|tbd)(?![a-z0-9])")
_PLACEHOLDER_WORDS = frozenset({
    "true", "false", "null", "none", "nil", "undefined", "empty", "string", "str", "int", "bool", "required",
    "optional", "secret", "password", "passwd", "token", "hidden", "masked", "unset", "n/a", "na", "tbd",
    "default", "value", "test", "testing", "admin", "root", "guest", "user", "username", "pass", "postgres",
    "mysql", "redis", "rabbitmq", "mongo", "letmein", "welcome", "s3cr3t", "secret123", "password1",
    # password managers: where the secret is, not the secret
    "1password", "bitwarden", "vaultwarden", "keepass", "keepassxc", "lastpass", "dashlane", "passbolt", "infisical",
})
_PLACEHOLDER_RE = re.compile(
    r"""%[A-Za-z_][A-Za-z0-9_]*%|\$[A-Za-z_][A-Za-z0-9_]*|\$\{[^}]*\}?|:[a-z_]+|\{[A-Za-z_][A-Za-z0-9_]*\}|%s"""
    r"""|[*xX.•#\-_=~]+|(.)\1+|\[[^\]]*\]"""
)
_WORD_SEPARATORS_RE = re.compile(r"[ _.\-/]+")
_NON_ALNUM_RE = re.compile(r"[^A-Za-z0-9À-ÖØ-öø-ÿ]+")
_WORD_SEQUENCE_RE = re.compile(r"[A-Za-z0-9À-ÖØ-öø-ÿ]+(?:[:._/-][A-Za-z0-9À-ÖØ-öø-ÿ]+)+")
_WORD_TOKEN_RE = re.compile(r"[A-ZÀ-ÖØ-Þ]+(?![a-zß-öø-ÿ])|[A-ZÀ-ÖØ-Þ]?[a-zß-öø-ÿ]+")
_IDENTIFIER_RE = re.compile(
    r"_*[a-z][a-z0-9]*(?:_[a-z0-9]+)+_*"            # snake_case
    r"|_*[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+"             # UPPER_SNAKE constants
    r"|[a-z]{2,}(?:[A-Z][a-z]{2,})+[0-9]{0,2}"      # camelCase
    r"|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+"           # dotted.path
)
# YAML anchors/aliases/tags (`*db_pass`, `!vault`, `!Ref`) and `@var`: named like identifiers, not random.
_TAG_RE = re.compile(r"[&*!@](?:[a-z_][a-z0-9_.-]*|[A-Z][A-Za-z]*)")
_NUMBERISH_RE = re.compile(
    r"[vV]?\d+(?:\.\d+)+(?:[-+][\w.]{1,24})?"   # semver
    r"|\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?"   # ISO dates
    r"|\d{1,2}:\d{2}(?::\d{2})?(?:\s?[aApP]\.?[mM]\.?)?"   # times
)
_EMAIL_RE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_URL_RE = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://\S*")
_SSH_PUBLIC_PREFIXES = ("ssh-", "ecdsa-", "sk-ssh-", "sk-ecdsa-", "aaaab3nzac1", "aaaac3nzac1", "aaaae2vjzhnh")


def _not_opaque(value: str) -> bool:
    """Versions, dates, times, e-mail addresses, URLs and SSH public keys: structured, not secret."""
    if (value[0].isdigit() or value[0] in "vV") and _NUMBERISH_RE.fullmatch(value):
        return True
    if "@" in value and _EMAIL_RE.fullmatch(value):
        return True
    if "://" in value and _URL_RE.fullmatch(value):
        return True
    return value.lower().startswith(_SSH_PUBLIC_PREFIXES)


# Template and documentation markers, as markers (`<token>`, `${VAR}`, `{{ .Values.x }}`, `$(cat f)`, `%(pw)s`):
# a salt may hold `<`, `{` or `$(` at random, and a bare `<` or `{{` opening the value still marks it.
_PLACEHOLDER_MARKERS = (r"^[<{]|^\$[({]|<[\w .:/-]{1,40}>|\$\{[^}]{0,80}\}|\$\([^)]{0,80}\)|\{\{.{0,80}?\}\}"
                        r"|%\(\w{1,40}\)")
_PLACEHOLDER_PARTS_RE = re.compile("|".join(re.escape(p) for p in _PLACEHOLDER_PARTS) + "|" + _PLACEHOLDER_MARKERS)


def is_wordlike(value: str) -> bool:
    """Letters forming words: `Kubernetes-managed`, `SunnyDayInMadrid`, `correct horse`; not `MlZYQnRrIz`."""
    if _DIGIT_RE.search(value):
        return False
    tokens: list[str] = []
    for part in _WORD_SEPARATORS_RE.split(value):
        if not part:
            continue
        found = _WORD_TOKEN_RE.findall(part)
        if "".join(found) != part:
            return False
        tokens.extend(found)
    if not tokens or min(len(t) for t in tokens) < 2:
        return False
    return sum(len(t) for t in tokens) / len(tokens) >= 3


def is_placeholder(value: str) -> bool:
    """A documentation placeholder (`changeme`, `<token>`, `${VAR}`, `xxxx`, ...), not a real value."""
    low = value.lower()
    if low in _PLACEHOLDER_WORDS or _PLACEHOLDER_RE.fullmatch(value):
        return True
    return _PLACEHOLDER_PARTS_RE.search(low) is not None or _PLACEHOLDER_WORDS_RE.search(low) is not None


def _is_reference(value: str) -> bool:
    """True for an unquoted value that reads another variable instead of holding a secret."""
    if "(" in value or "[" in value or "|" in value or value[0] == "{":   # calls, indexing, types, templates
        return True
    return bool(_IDENTIFIER_RE.fullmatch(value) or _TAG_RE.fullmatch(value))


def _is_path(value: str) -> bool:
    """A file path (`/run/secrets/db`, `./certs/key.pem`, `~/.ssh/id_rsa`), not base64 that starts with `/`."""
    if not value.startswith(("/", "./", "../", "~/")):
        return False
    segments = [seg for seg in value.split("/") if seg not in ("", ".", "..", "~")]
    return all(len(seg) <= 8 or class_switch_rate(seg) < 0.45 for seg in segments)


def _is_word_sequence(value: str) -> bool:
    """Words and short numbers joined by `:._/-`: `agent:main:telegram:dm:chat-42`, `wetopi-prod-01`."""
    if not _WORD_SEQUENCE_RE.fullmatch(value):
        return False
    if any(ch in "#!$%&*+=?~^" for ch in value):
        return False   # `harbor#79nimbus`: a person's password, not a generated name
    pieces = [p for p in _NON_ALNUM_RE.split(value) if p]
    if len(pieces) < 3:
        return False
    words = 0
    for piece in pieces:
        if piece.isdigit() and len(piece) <= 4:
            continue
        if not (piece.isalpha() and len(piece) >= 2 and (piece.islower() or piece.isupper() or piece.istitle())):
            return False
        words += len(piece) >= 3
    return words >= 2


def is_opaque(value: str, *, quoted: bool, min_len: int = 8) -> bool:
    """A value that looks like a literal secret: long enough, not a placeholder or reference, not words."""
    return _judged_opaque(value, quoted, min_len)


# The judges below are memoised for the length of one scan (the gate calls `forget_judged_values` when it ends):
# a text that repeats one assignment (a log, `password=` a million times) judges each value once, not per line.
_JUDGED = 1024


@lru_cache(maxsize=_JUDGED)
def _judged_opaque(value: str, quoted: bool, min_len: int) -> bool:
    if len(value) < min_len or (not quoted and _is_reference(value)) or is_placeholder(value):
        return False
    if value.islower() and value.isalpha():   # `nqvviyknaekfjnzx` (an app password), not a word
        return is_random_lowercase(value)
    if _not_opaque(value) or is_wordlike(value) or _is_word_sequence(value) or _is_path(value) or _mostly_words(value):
        return False   # `_mostly_words`: `sealed-secrets-key7xq2m`, a generated resource name
    if " " in value and any(word.isalpha() and len(word) >= 3 for word in value.split()):   # a phrase
        return False
    classes = char_class_count(value)
    if classes < 2 and len(value) < 20:
        return False
    if not any(ch.isdigit() for ch in value):   # digit-free secrets must be long and visibly random
        switches = class_switch_rate(value)
        if len(value) < 12 or switches < 0.3 or (classes < 3 and switches < 0.5):
            return False
    return shannon_entropy(value) >= _min_entropy(len(value))


_APP_PASSWORD_RE = re.compile(r"[a-z]{4} [a-z]{4} [a-z]{4} [a-z]{4}")
_VOWELS = "aeiouy"


def is_plain_word(value: str) -> bool:
    """A short lowercase or capitalised word that is not a common password (`expired`, `Infisical`): never a
    secret after a noun. Only C-speed string tests, for the prose hot path."""
    return len(value) < 12 and value.isalpha() and (value.islower() or value.istitle()) \
        and value.lower() not in COMMON_PASSWORDS


def is_app_password(value: str) -> bool:
    """A Google app password as shown (`abcd efgh ijkl mnop`) or typed without spaces (16 random lowercase)."""
    if _APP_PASSWORD_RE.fullmatch(value):
        return is_random_lowercase(value.replace(" ", ""))
    return len(value) == 16 and value.isalpha() and value.islower() and is_random_lowercase(value)


def is_random_lowercase(value: str) -> bool:
    """Lowercase letters drawn at random, not a word: few vowels (random: ~23 %, words: ~40 %), high entropy."""
    if len(value) < 12:
        return False
    vowels = sum(map(value.count, _VOWELS))   # one C call per vowel, not a Python step per character
    return vowels / len(value) < 0.3 and shannon_entropy(value) >= 3.2


def is_prose_opaque(value: str, *, form: ProseForm = "verb") -> bool:
    """Stricter than `is_opaque`: prose values must mix letters with digits, or be long, random-looking strings.

    `form` is how the value follows the noun: "verb" (`the password is <value>`), "sep" (`API key: <value>`,
    8+ characters) or "bare" (`password hunter2`: 6+ characters, letters with digits).
    """
    return _judged_prose(value, form)


@lru_cache(maxsize=_JUDGED)
def _judged_prose(value: str, form: ProseForm) -> bool:
    if is_common_password(value) or is_app_password(value):
        return True
    has_alpha = any(ch.isalpha() for ch in value)
    digits = sum(ch.isdigit() for ch in value)
    # `tango_01maple` reads like an identifier, but letters with digits after a password noun are a value.
    if not is_opaque(value, quoted=has_alpha and digits >= 2 and "." not in value, min_len=8 if form == "sep" else 6):
        return False
    if form == "bare":
        return has_alpha and digits >= 1
    if has_alpha and digits:
        return True
    return len(value) >= 12 and char_class_count(value) >= 3 and class_switch_rate(value) >= 0.3


def is_directive_value(value: str, *, quoted: bool) -> bool:
    """The argument of a password directive or flag (`requirepass`, `auth_pass`, `redis-cli -a`): 6+ characters,
    not a placeholder or reference, and random-looking when it has no digit (keepalived's `FbzLSwHW`)."""
    if len(value) < 6 or is_placeholder(value) or (not quoted and _is_reference(value)) or _not_opaque(value):
        return False
    if _is_path(value) or (" " in value and not quoted):
        return False
    if _is_word_sequence(value):   # `nieve.nieve.43` is a passphrase (words repeat: entropy says little)
        return _DIGIT_RE.search(value) is not None
    if not any(ch.isdigit() or not ch.isalnum() for ch in value):   # letters only: mixed case, not words
        return not (value.islower() or value.isupper() or value.istitle() or is_wordlike(value)) \
            and class_switch_rate(value) >= 0.25
    return shannon_entropy(value) >= _min_entropy(len(value))


# Tier-1 bodies are random; these catch documentation tokens such as `ghp_xxxx...` or `AKIA...EXAMPLE`.
_T1_PLACEHOLDER_PARTS = ("example", "xxxxxx", "******", "your_", "your-", "-here", "_here", "placeholder",
                         "redacted", "dummy", "abcdefghij", "0123456789", "1234567890")
_T1_PLACEHOLDER_RE = re.compile("|".join(re.escape(p) for p in _T1_PLACEHOLDER_PARTS))
_SAME_RUN_RE = re.compile(r"(.)\1{7}")


def token_body_ok(body: str, min_entropy: float) -> bool:
    """A tier-1 token body that is random enough and not a documentation placeholder."""
    low = body.lower()
    if _T1_PLACEHOLDER_RE.search(low) or _SAME_RUN_RE.search(body):
        return False
    return shannon_entropy(body) >= min_entropy


def is_random_letters(body: str) -> bool:
    """A digit-free body that is still clearly random: long, mixed case, case flipping often."""
    return len(body) >= 20 and char_class_count(body) >= 2 and class_switch_rate(body) >= 0.35 \
        and shannon_entropy(body) >= 3.5


_HEX_RE = re.compile(r"[0-9a-fA-F]+")
_UUID_RE = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_HASH_PREFIX_RE = re.compile(r"(?:sha\d{0,3}|md5|blake2\w?|sha3-\d{3})[:=-]", re.IGNORECASE)


def is_uuid(value: str) -> bool:
    """An RFC 4122-shaped UUID (request ids, object ids; also Proxmox and Postmark tokens, by context)."""
    return len(value) == 36 and _UUID_RE.fullmatch(value) is not None


def is_strongly_random(value: str) -> bool:
    """A machine-made secret by shape alone: 16+ characters drawn at random (base64, base62, a salt full of
    symbols, hex of 32+), not a placeholder, URL, path, version, UUID, hash-prefixed digest or words."""
    return _judged_random(value)


@lru_cache(maxsize=_JUDGED)
def _judged_random(value: str) -> bool:
    n = len(value)
    if n < 16 or " " in value or is_uuid(value) or _HASH_PREFIX_RE.match(value) or is_placeholder(value):
        return False
    if _not_opaque(value) or _is_path(value):
        return False
    if _HEX_RE.fullmatch(value):   # callers rule out digest contexts (`commit`, `sha256`, `checksum`)
        return n >= 32 and shannon_entropy(value) >= 3.0 and class_switch_rate(value) >= 0.2
    switches = class_switch_rate(value)
    if is_wordlike(value) or _is_word_sequence(value) or switches < 0.3 or _mostly_words(value):
        return False
    classes = char_class_count(value)
    mixed = _DIGIT_RE.search(value) is not None or (_LOWER_RE.search(value) and _UPPER_RE.search(value)) is not None
    if classes < 3 and not (classes == 2 and n >= 24 and switches >= 0.3 and mixed):   # not `--from-file=./x.txt`
        return False
    return shannon_entropy(value) >= min(4.0, math.log2(n) - 0.9)   # random base62 of 16: ~3.7 bits


def _mostly_words(value: str) -> bool:
    """Words with a random tail (`ingress-nginx-controller-7d9f8b`, a pod name): 40 %+ of it is lowercase words."""
    if any(ch in "#!$%&*+=?~^" for ch in value):
        return False   # `harbor#79nimbus`: a person's password, not a generated name
    pieces = [p for p in _NON_ALNUM_RE.split(value) if p]
    words = sum(len(p) for p in pieces if len(p) >= 3 and p.isalpha() and (p.islower() or p.istitle()))
    return len(pieces) >= 2 and words >= 0.4 * len(value)


def is_password_value(value: str, *, quoted: bool) -> bool:
    """A value in a password slot (`the password is X`, `contraseña: X`, `pass X`): what people choose as a password
    (letters with digits or symbols, joined words with a digit, random mixed case, a common password), not a
    placeholder, call or variable, path, URL, e-mail, version, or one dictionary word or name."""
    return _judged_password(value, quoted)


@lru_cache(maxsize=_JUDGED)
def _judged_password(value: str, quoted: bool) -> bool:
    if is_common_password(value) or is_app_password(value):
        return True
    if len(value) < 6 or " " in value or is_placeholder(value) or _not_opaque(value) or _is_path(value):
        return False
    if value[0] == "$" and (value[1].isalpha() or value[1] in "_{("):
        return False   # `$DB_PASS`, `$__file{/run/secrets/smtp}`, `$(cat /run/secrets/x)`: read from elsewhere
    has_digit = _DIGIT_RE.search(value) is not None
    if (not quoted and _is_reference(value) and not (has_digit and value.isascii() and "(" not in value)) \
            or value[-1] in "(=":
        return False   # `getenv(`, `$VAR`, `settings.password`; `tango_01` after a password noun is a value
    if not any(ch.isalpha() for ch in value):
        return False   # digits and dashes: a date, a phone, a port; PINs are judged by the caller
    if not has_digit and all(ch.isalpha() or ch in "-_." for ch in value) and not value.isalpha():
        return False   # `root-password`, `stored-in-vault`: words naming something
    if _is_word_sequence(value):   # a passphrase: `Green-otter-42`
        return has_digit
    if has_digit or not value.isalnum():
        return shannon_entropy(value) >= _min_entropy(len(value))
    if value.islower():
        return is_random_lowercase(value)
    if value.istitle() or value.isupper():
        return False   # a name: `Bitwarden`, `KEEPASS`
    return len(value) >= 8 and (not is_wordlike(value) or _unpronounceable(value)) and class_switch_rate(value) >= 0.25


_CONSONANT_RUN_RE = re.compile(r"[bcdfghjklmnpqrstvwxz]{5}")


def _unpronounceable(value: str) -> bool:
    """Letters no language strings together (`GsmtadeKrsWX`: five consonants in a row across its case changes),
    so a CamelCase split does not make them words; `PostgreSQL`, `WordPress` keep their vowels."""
    return len(value) >= 10 and _CONSONANT_RUN_RE.search(value.lower()) is not None


def forget_judged_values() -> None:
    """Drop the memoised verdicts, so no value a scan judged (a secret among them) outlives that scan."""
    _judged_opaque.cache_clear()
    _judged_password.cache_clear()
    _judged_prose.cache_clear()
    _judged_random.cache_clear()
