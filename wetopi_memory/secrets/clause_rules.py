"""Tier-2 clause rules: a secret noun, and further on in its clause a value no person would type (`Datadog API key
(prod org): 3b45…`, `la PrivateKey del peer es W4Mv…=`), a numeric access code (PIN, PUK, a door or alarm code) or
a TOTP seed after its noun, a `user / password` pair, and the legacy formats (Vault `s.` tokens, HTTP Basic
credentials, Sentry DSNs) whose shape needs a word around them."""

from __future__ import annotations

import base64
import binascii
import re

from .app_passwords import is_wordpress_app_password
from .context_locators import key_start
from .findings import Tier
from .heuristics import (
    is_password_value,
    is_placeholder,
    is_prose_opaque,
    is_random_lowercase,
    is_strongly_random,
    is_uuid,
    token_body_ok,
)
from .key_names import is_secret_key, names_other_thing, qualifies_other_key
from .rule import SecretRule, Span, literal_starts
from .service_rules import locate_body

# Nouns that name a secret in prose, besides every config key `is_secret_key` accepts (`AccountKey`, `NONCE_KEY`).
_SECRET_NOUNS = frozenset({
    "key", "keys", "token", "tokens", "secret", "secrets", "salt", "salts", "clave", "claves", "llave", "contraseña",
    "contrasena", "password", "passwd", "passphrase", "credential", "credentials", "credencial", "credenciales",
})
# Words that make the random value after them a digest or an id, not the secret (`token fix in commit 3f9a…`).
_DIGEST_WORDS = frozenset({
    "commit", "commits", "sha", "sha1", "sha256", "sha512", "md5", "digest", "checksum", "hash", "hashes", "huella",
    "fingerprint", "revision", "rev", "id", "ids", "uuid", "build", "image", "tag", "ref", "request", "trace", "etag",
    "identificador", "versión", "version", "release", "pod", "job", "run", "pipeline", "kid", "kty",
})
# Words that make the random value after them a public key (`privatekey -> PublicKey = oA7g…`).
_PUBLIC_WORDS = frozenset({"public", "publickey", "pubkey", "publica", "pública", "publishable"})
_COPULAS = frozenset({"is", "es", "was", "era", "=", ":", "->", "=>", "now", "ahora", "queda", "sigue", "siendo"})
_VALUE_EDGE = "\"'`()[]{}<>«»“”"
_TRAILING = ".,;:!?"
_WORD_RE = re.compile(r"[^\W\d_]+|[=:]|->|=>")
_GLUED_RE = re.compile(r"(?:(?<!\S)|^)\S{16,}")   # whitespace-separated tokens, and the one glued to the noun
_GLUE_OK = ("=", ":", '"', "'", "`")
_ANY_LONG_RE = re.compile(r"\S{16}")
_PAIR_RE = re.compile(r"-{0,2}[A-Za-z_][\w.-]{0,40}=")
_KEY_REST_RE = re.compile(r"[^\w.-]")
_CALL_RE = re.compile(r"[A-Za-z_][\w.]{2,}\(")   # `os.getenv("API_KEY")`: code that reads the secret elsewhere
_REACH = 160   # how far into its clause a value may follow the noun


def _clause(rest: str) -> str:
    """The rest of the noun's clause: up to a sentence end."""
    for stop in (". ", "? ", "! "):
        i = rest.find(stop)
        if i >= 0:
            rest = rest[:i]
    return rest


def _random_value(match: re.Match[str]) -> Span | None:
    """The first value in the clause after a secret noun that is random by shape (`is_strongly_random`), unless a
    digest word comes before it or the noun names something else (`token url`, `key id`, `public key`)."""
    key = match.group("key")
    if not (key.lower() in _SECRET_NOUNS or is_secret_key(key)):
        return None
    before = match.string[max(0, match.start() - 24):match.start()].lower().split()
    if before and qualifies_other_key(before[-1].strip("*_`")):
        return None
    rest = _clause(match.group("rest"))
    first = _WORD_RE.search(rest.lower())
    if first is not None and names_other_thing(first.group()):
        return None   # `token usage: …`, `key id: …`
    base = match.start("rest")
    for token in _GLUED_RE.finditer(rest):
        raw = token.group()
        if token.start() == 0 and not raw.startswith(_GLUE_OK):
            continue   # `${DB_PASSWORD}@db.shop.svc:5432/shop`: the rest of the noun's own word, not a value
        if "://" in raw:
            continue   # a URL: its credentials are `url-credentials`' business
        value = raw.strip(_VALUE_EDGE).rstrip(_TRAILING).strip(_VALUE_EDGE).lstrip("=:")
        pair = _PAIR_RE.match(value)
        if pair is not None:   # `value="…"`, `token=…`: the value of a pair
            value = value[pair.end():].strip(_VALUE_EDGE)
        if len(value) < 16 or _CALL_RE.match(value) or not is_strongly_random(value):
            continue
        if _value_context_ok(_WORD_RE.findall(rest[:token.start()].lower()), value):
            start = base + token.start() + raw.find(value)
            return start, start + len(value)
    return None


def _value_context_ok(seen: list[str], value: str) -> bool:
    """No digest word between the noun and the value; a hex value only right after a copula or a few words."""
    if any(word in _DIGEST_WORDS or word in _PUBLIC_WORDS for word in seen):
        return False
    if all(ch in "0123456789abcdefABCDEF" for ch in value):
        return not seen or seen[-1] in _COPULAS   # `Rails master key f353…`, `… es 931c…`; not `removed in 836d…`
    return True


def _key_end(text: str, hit: int) -> int:
    """Where the word or key holding a keyword hit ends."""
    found = _KEY_REST_RE.search(text, hit)
    return found.start() if found is not None else len(text)


def noun_start(text: str, hit: int) -> int | None:
    """The start of the word or config key around a keyword hit (`PrivateKey`, `'AUTH_KEY'` without its quote);
    None when no 16-character token follows within reach (most prose: the rule's regex never runs)."""
    after = _key_end(text, hit)   # past the noun itself: `DB_PASSWORD=${DB_PASSWORD}` is no value
    end = text.find("\n", after, hit + _REACH + 62)
    if _ANY_LONG_RE.search(text, after, end if end >= 0 else hit + _REACH + 62) is None:
        return None   # the value must be on the noun's line
    i = key_start(text, hit)
    return i + 1 if text[i] in "\"'`" else i


def locate_user_slash_password(match: re.Match[str]) -> Span | None:
    """`postmaster@mg.wetopi.com / 5a*RD2G…`, `root / e6L#jR40nE`: a password-shaped value after an account; after a
    login cue (`login: admin / …`, `credenciales: …`) any opaque value."""
    start, end = match.span("v")
    value = match.string[start:end].rstrip(_TRAILING)
    user = match.group("user")
    # `ADMIN / VVf5MP%P30og` is an IPMI login; `CPU / 9Gi` a resource
    upper_account = user.isupper() and not (user.lower() in _DEFAULT_ACCOUNTS and _mixed_classes(value))
    if value == user or user.isdigit() or upper_account or "/" in value or value.isupper():
        return None   # `GET / HTTP/1.1`, `TLSv1.3 / TLS_AES_256_GCM_SHA384`: protocols, not an account
    cued = _LOGIN_CUE_RE.search(match.string, max(0, match.start() - 70), match.start()) is not None
    if cued and is_prose_opaque(value, form="verb"):
        return start, start + len(value)
    core = value.rstrip(")]}>")   # `(qué pasó / impacto / causa / acción)`: the bracket closes the list
    if not is_password_value(value, quoted=False) or (
            core.isalnum() and not (any(c.isdigit() for c in core) and any(c.isalpha() for c in core))):
        return None   # `read / write`, `CPU / RAM`
    return start, start + len(value)


_DEFAULT_ACCOUNTS = frozenset({"admin", "administrator", "root", "userid", "operator", "sysadmin", "ipmi", "user"})


def _mixed_classes(value: str) -> bool:
    """Upper and lower case letters and a digit: a generated password, not a protocol or a word."""
    return any(c.isupper() for c in value) and any(c.islower() for c in value) and any(c.isdigit() for c in value)


_LOGIN_CUE_RE = re.compile(r"\b(?:login|log[ -]in|usuario|user(?:name)?|credenciales|credentials|acceso|access)\b"
                           r"[^\r\n:]{0,60}?[:,]", re.IGNORECASE)


def locate_basic_credentials(match: re.Match[str]) -> Span | None:
    """`Basic <base64 of user:password>` in prose or a log line: a real password, not a placeholder."""
    start, end = match.span("v")
    value = match.string[start:end]
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    user, sep, password = decoded.partition(":")
    if not sep or len(password) < 4 or password == user or is_placeholder(password) or not decoded.isprintable():
        return None
    return start, end


def locate_vault_legacy(match: re.Match[str]) -> Span | None:
    """A pre-1.10 Vault token (`s.` + 24 base62): random, mixing case and digits."""
    body = match.group("b")
    mixed = any(c.isupper() for c in body) and any(c.islower() for c in body) and any(c.isdigit() for c in body)
    return match.span("v") if mixed and token_body_ok(body, 3.5) else None


def locate_sentry_dsn(match: re.Match[str]) -> Span | None:
    """The secret key of a legacy Sentry DSN (`https://<32 hex>:<32 hex>@o123.ingest.sentry.io/456`); a DSN with
    its public key only is public by design (it can only submit events)."""
    return match.span("v") if token_body_ok(match.group("v"), 3.0) and not is_uuid(match.group("v")) else None


_CODE_QUALIFIERS = frozenset({"door", "alarm", "gate", "garage", "keypad", "entry", "lockbox", "safe", "lock"})


def code_noun_start(text: str, hit: int) -> int:
    """The start of the word holding a keyword hit (`código` from its `digo`), or of the word before it when that
    word says what the code opens (`door code`, `alarm pin`, `safe combination`)."""
    i, limit = hit, max(0, hit - 12)
    while i > limit and text[i - 1].isalpha():
        i -= 1
    j = i
    while j > 0 and text[j - 1] in " \t":
        j -= 1
    k = j
    while k > max(0, j - 8) and text[k - 1].isalpha():
        k -= 1
    return k if j < i and text[k:j].lower() in _CODE_QUALIFIERS else i


# A clause's words up to the value's verb or colon (`de la SIM del router 4G de la oficina`), never a sentence end.
_CLAUSE = r"(?:[ \t]+[^\s.;:?!=]{1,30}){0,12}?"
_ACCESS_CODE_RE = re.compile(
    r"(?<![\w-])(?:pin2?|puk2?|c[oó]digo[ \t]+(?:de[ \t]+)?(?:la[ \t]+|el[ \t]+)?"
    r"(?:acceso|entrada|puerta|portal|alarma|garaje|parking|caja[ \t]+fuerte|cerradura|teclado|desbloqueo|apertura)"
    r"|clave[ \t]+de[ \t]+(?:la[ \t]+)?(?:alarma|puerta|caja[ \t]+fuerte)"
    r"|(?:door|alarm|gate|garage|keypad|entry|lockbox|safe|lock)[ \t]+(?:code|pin)|"
    r"combinaci[oó]n[ \t]+de[ \t]+la[ \t]+caja(?:[ \t]+fuerte)?|(?:safe[ \t]+)?combination)(?![\w-])"
    r"(?:" + _CLAUSE + r"(?:[ \t]*[:=]|[ \t]+(?:es|era|será|is|was|will[ \t]+be|sigue[ \t]+siendo|ahora[ \t]+es|"
    r"is[ \t]+now|queda))(?:[ \t]+(?:el|the))?[ \t]*|[ \t]+)[\"'«“]?"
    r"(?P<v>[#*]?\d{4,10}[#*]?)(?![\w,/:-]|\.\d)"
    # a quantity, not a code: `el PIN es 4 dígitos`, `the PIN is 1234 characters long`
    r"(?![ \t]*(?:d[ií]gitos?|digits?|cifras|caracteres|characters|chars|n[uú]meros|numbers|veces|times|intentos|"
    r"attempts|%|€|\$|eur|usd))", re.IGNORECASE)


def _access_code(match: re.Match[str]) -> Span | None:
    """A numeric code after its noun: not one digit repeated (`0000`, a placeholder)."""
    digits = match.group("v").strip("#*")
    return match.span("v") if len(set(digits)) > 1 else None


# Anchored at the authenticator's name, with a seed noun after it (`TOTP secret: …`) or before it (`Semilla TOTP de
# …:`, `totp_start` checks).
_TOTP_SEED_RE = re.compile(
    r"(?i:totp|2fa|mfa|otp|autenticador|authenticator)(?![\w-])"
    r"(?P<noun>[ \t_-]*(?i:seed|secret|key|semilla|secreto|clave)(?![\w-]))?"
    r"[^\r\n]{0,100}?(?:[:=]|(?i:\b(?:is|es|was|era)\b))[ \t]*[\"'`]?"
    r"(?P<v>[A-Za-z2-7]{4}(?: ?[A-Za-z2-7]{4}){3,31}=*)(?![\w=])")
_SEED_NOUN_BEFORE_RE = re.compile(r"(?:semilla|secreto|clave|seed|secret|key)[ \t]+"
                                  r"(?:(?:del?|for|of|la|el|the)[ \t]+)*$")   # on the lowercased words before
_TOTP_DOC_SEEDS = frozenset({"JBSWY3DPEHPK3PXP", "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",   # Google's, RFC 6238's
                             "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"})


_SEED_NOUNS = ("semilla", "secret", "clave", "seed", "key")
_SEED_NOUN_AFTER_RE = re.compile(r"[ \t_-]*(?i:seed|secret|key|semilla|secreto|clave)(?![\w-])")


def totp_start(text: str, hit: int) -> int | None:
    """The authenticator's name around a keyword hit (`otp` inside `totp`), when it starts a word and a seed noun
    stands next to it (`TOTP secret`, `Semilla TOTP`): a name alone (`he activado 2FA`) never runs the regex."""
    start = hit - 1 if hit > 0 and text[hit - 1] in "tT" else hit
    if start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_-"):
        return None
    end = start
    while end < len(text) and text[end].isalnum():
        end += 1
    if _SEED_NOUN_AFTER_RE.match(text, end) is not None:
        return start
    before = text[max(0, start - 30):start].lower()
    if not any(noun in before for noun in _SEED_NOUNS) or _SEED_NOUN_BEFORE_RE.search(before) is None:
        return None
    return start


def _totp_seed(match: re.Match[str]) -> Span | None:
    """A base32 TOTP seed (`JMQC IRUZ …`, Google's lowercase groups): one case, 16+ characters, drawn at random."""
    value = match.group("v").rstrip("=")
    seed = value.replace(" ", "")
    if not (seed.isupper() or seed.islower()) or len(seed) < 16 or seed.upper() in _TOTP_DOC_SEEDS \
            or is_placeholder(seed) or not token_body_ok(seed, 3.3):
        return None
    if not any(c.isdigit() for c in seed) and not is_random_lowercase(seed.lower()):
        return None   # letters only: random ones, not words
    start = match.start("v")
    return start, start + len(value)


# A passphrase of words after its cue, unquoted: "GPG passphrase for the backup key: otoño-cometa-nube-sal", "la
# maestra del KeePass es sal cometa caballo rio sirena"
_PASSPHRASE_RE = re.compile(
    r"(?:passphrase|pass phrase|frase de paso|frase secreta|master password|contrase(?:ñ|n)a maestra|clave maestra|"
    r"la maestra del?)\b[^\r\n:«\".!?]{0,60}?(?::|\b(?:es|is|was|era|sigue siendo)\b)[ \t]*"
    # plain words, or one password ("La maestra del KeePass del equipo es Wetopi22$541"); quoted: `quoted-passphrase`
    r"(?P<v>[^\W\d_]{2,24}(?:[- ][^\W\d_]{2,24}){2,7}|(?P<pw>[^\s«\"'`]{6,64}?))(?=[ \t]*(?:[.,;!?)]|$))",
    re.IGNORECASE | re.MULTILINE)
_PARTICIPLE = re.compile(r"(?:ed|ado|ada|ido|ida|ados|adas|idos|idas)$")
# Words no generated passphrase holds: a sentence about the passphrase ("es la de siempre", "is stored in Vault")
_NOT_PASSPHRASE_WORDS = frozenset({
    "la", "el", "los", "las", "de", "del", "que", "en", "para", "por", "con", "una", "uno", "un", "y", "o", "no", "se",
    "lo", "su", "sus", "es", "muy", "mas", "más", "al", "the", "a", "an", "of", "in", "on", "for", "to", "and", "or",
    "is", "it", "not", "our", "your", "my", "mi", "tu", "this", "that", "esta", "este", "with", "from", "at", "by",
    "be", "are", "was", "siempre", "always", "same", "misma", "mismo", "required", "obligatoria", "obligatorio",
    "stored", "guardada", "guardado", "vault", "infisical", "bitwarden", "keepass", "1password",
    # a rule about passphrases: "the passphrase policy is four random words"
    "words", "palabras", "random", "aleatorias", "aleatorios", "three", "four", "five", "six", "tres", "cuatro",
    "cinco", "seis", "characters", "caracteres", "minimum", "minimo", "mínimo", "long", "larga"})


def _passphrase(match: re.Match[str]) -> Span | None:
    """A passphrase of three or more words, none of them a word of a sentence about it, or one password."""
    value = match.group("v")
    if match.group("pw") is not None:
        return match.span("v") if is_password_value(value, quoted=False) else None
    if not (value.islower() or value.isupper()):
        return None   # "…: Hotel Mirador needs weekly reports": a sentence, not generated words
    words = re.split(r"[- ]", value.lower())
    if _PARTICIPLE.search(words[0]) or _NOT_PASSPHRASE_WORDS.intersection(words):
        return None   # "…is rotated every quarter", "…es cambiada cada mes": a sentence about it
    return match.span("v") if len(words) >= 3 else None


def _wordpress_app_password(match: re.Match[str]) -> Span | None:
    """Six drawn groups of four after an app-password cue, however long the clause between them."""
    return match.span("v") if is_wordpress_app_password(match.group("v")) else None


CLAUSE_RULES: tuple[SecretRule, ...] = (
    # "Contraseña de aplicación de WordPress para la integración con el ERP: syRI 3Bvf wPjJ dUs0 IuL6 yBVo"
    SecretRule("wordpress-app-password", Tier.CONTEXT,
               re.compile(r"(?<![\w])(?P<v>[A-Za-z0-9]{4}(?: [A-Za-z0-9]{4}){5})(?![\w])"),
               ("aplicaci", "application password", "app password", "app-password"),
               locate=_wordpress_app_password, window=(0, 260)),
    SecretRule("passphrase-words", Tier.CONTEXT, _PASSPHRASE_RE,
               ("passphrase", "pass phrase", "frase de paso", "frase secreta", "master password", "maestra"),
               locate=_passphrase, window=(12, 260)),
    SecretRule("secret-noun-random-value", Tier.CONTEXT,
               re.compile(r"(?P<key>[^\W\d][\w.-]{0,60})(?P<rest>[^\r\n]{1," + str(_REACH) + "})"),
               ("key", "token", "secret", "salt", "clave", "llave", "contrase", "pass", "cred"),
               locate=_random_value, window=(90, _REACH + 80), anchor=noun_start, needs_value=True,
               min_run=16),   # `noun_start` and `_random_value` want a token of 16+ non-blank characters
    SecretRule("access-code", Tier.CONTEXT, _ACCESS_CODE_RE,
               ("pin", "puk", "digo de", "clave de", "combinaci", "combination", "door code", "alarm code", "gate code",
                "garage code", "keypad code", "entry code", "lockbox code", "safe code", "lock code", "door pin",
                "alarm pin"), locate=_access_code,
               window=(0, 420), anchor=code_noun_start, needs_value=True),
    # the seed of an authenticator app: `Semilla TOTP de … : JMQC…`, `TOTP secret: …`, `2FA seed is …`
    SecretRule("totp-seed", Tier.CONTEXT,
               _TOTP_SEED_RE, ("totp", "2fa", "mfa", "otp", "authenticator", "autenticador"), locate=_totp_seed,
               window=(0, 400), anchor=totp_start),
    SecretRule("user-slash-password", Tier.CONTEXT,
               re.compile(r"(?<![\w.@+-])(?P<user>[\w.@+-]{2,64})[ \t]+/[ \t]+(?P<v>[^\s\"'`/][^\s\"'`]{5,127})"),
               (" / ",), locate=locate_user_slash_password, window=(70, 140)),
    # a default login still in place: `admin/admin`, `pi/raspberry` (a password everyone can guess is still one)
    SecretRule("default-login", Tier.CONTEXT,
               re.compile(r"(?<![\w/.-])(?:admin|administrator|root|guest|ubnt|pi)/(?P<v>admin|administrator|root|"
                          r"1234|12345|123456|changeme|guest|raspberry|ubnt|toor|admin123|default)(?![\w/.-])",
                          re.IGNORECASE),
               ("admin/", "administrator/", "root/", "guest/", "ubnt/", "pi/"), window=(20, 40)),
    SecretRule("basic-credentials", Tier.CONTEXT,
               re.compile(r"(?<![\w-])Basic[ \t]+(?P<v>[A-Za-z0-9+/]{8,4096}={0,2})(?![\w+/=])"),
               ("basic ",), locate=locate_basic_credentials, window=(0, 4200), starts=literal_starts("Basic")),
    SecretRule("vault-legacy-token", Tier.TOKEN,
               re.compile(r"(?<![\w.-])(?P<v>s\.(?P<b>[A-Za-z0-9]{24}))(?![\w.-])"), prefixes=("s.",),
               locate=locate_vault_legacy),
    SecretRule("cloudflare-origin-ca-key", Tier.TOKEN,
               re.compile(r"(?<![\w.-])(?P<v>v1\.0-[0-9a-f]{24}-(?P<b>[0-9a-f]{146}))(?![\w-])"), prefixes=("v1.0-",),
               locate=locate_body),
    SecretRule("sentry-dsn", Tier.TOKEN,
               re.compile(r"https?://[0-9a-f]{32}:(?P<v>[0-9a-f]{32})@[\w.-]{1,200}/\d{1,12}(?![\w/])"),
               ("sentry", "ingest"), locate=locate_sentry_dsn, window=(200, 300)),
)
