"""Tier-2 cue rules: a value-shape judgement next to a secret cue in the syntaxes of many tools (flags, `KEY value`
lines, SQL, XML attributes, command arguments, decoded secret output, `use X as the password`, Ceph keyrings)."""

from __future__ import annotations

import base64
import binascii
import re

from .common_passwords import is_common_password
from .context_locators import at_hit, key_start, locate_keyed
from .findings import Tier
from .heuristics import (
    is_directive_value,
    is_opaque,
    is_password_value,
    is_placeholder,
    is_prose_opaque,
    shannon_entropy,
)
from .key_names import is_secret_key
from .rule import SecretRule, Span, literal_starts
from .service_rules import _ARG, _rx, argument_span, locate_directive

_STDIN_LIKE = ("stdin", "file", "env", "prompt", "cmd", "command")


def locate_secret_flag(match: re.Match[str]) -> Span | None:
    """`--current-password X`, `--auth-password=X`: any flag whose name names a secret, with a literal value."""
    key = match.group("key")
    if not is_secret_key(key) or key.lower().endswith(_STDIN_LIKE):
        return None
    start, end, value, quoted = argument_span(match)
    return (start, end) if is_directive_value(value, quoted=quoted) or is_common_password(value) else None


def locate_key_line(match: re.Match[str]) -> Span | None:
    """A whole `key value` line (msmtp, nginx-style, env dumps): the value when the key names a secret."""
    if not is_secret_key(match.group("key")):
        return None
    start, end, value, quoted = argument_span(match)
    ok = is_opaque(value, quoted=quoted, min_len=6) or is_common_password(value)
    return (start, end) if ok else None


def locate_sql_password(match: re.Match[str]) -> Span | None:
    """`IDENTIFIED BY '...'`, `PASSWORD('...')`: in a single-quoted SQL string `$` is a literal, not a variable."""
    start, end, value, _ = argument_span(match)
    literal = value[1:] if value.startswith("$") and match.group("v")[0] == "'" else value
    return (start, end) if is_directive_value(literal, quoted=True) or is_common_password(value) else None


def locate_password_file_entry(match: re.Match[str]) -> Span | None:
    """The password field of a `.pgpass` or `userlist.txt` line when it is a literal value."""
    group = "v" if match.group("v") is not None else "q"
    start, end = match.span(group)
    value = match.string[start:end]
    return (start, end) if is_directive_value(value, quoted=True) or is_common_password(value) else None


def locate_value_as_password(match: re.Match[str]) -> Span | None:
    """`usa X como contraseña`, `use X as the password`: the value before the noun."""
    start, end, value, _ = argument_span(match)
    return (start, end) if is_prose_opaque(value, form="verb") else None


def locate_elided_password(match: re.Match[str]) -> Span | None:
    """`la de root: X`, `la del wifi es X`, `¿y la clave? es X`: a password slot whose noun is left out or asked
    about; the value must look like a password (`is_password_value`)."""
    start, end, value, quoted = argument_span(match)
    return (start, end) if is_password_value(value, quoted=quoted) else None


_NAMED_PARTS = re.compile(r"[A-Za-z]{3,}[-_.][A-Za-z0-9]{2,}")


def locate_strong_password(match: re.Match[str]) -> Span | None:
    """A value with no noun to call it a password: it must read as one beyond doubt (`is_password_value`) and mix
    three kinds of character (`5z4A!ByZ8X8D`), so `root: /var/www`, `admin = ana.lopez` or a group name
    (`grant admin: Team-Alpha-2024`) stay."""
    start, end, value, quoted = argument_span(match)
    if _NAMED_PARTS.search(value):
        return None
    kinds = sum((any(c.islower() for c in value), any(c.isupper() for c in value), any(c.isdigit() for c in value),
                 any(not c.isalnum() for c in value)))
    return (start, end) if kinds >= 3 and is_password_value(value, quoted=quoted) else None


def locate_ceph_context_key(match: re.Match[str]) -> Span | None:
    """A Ceph-shaped key (`AQ` + base64 of 28 bytes) near a keyring, `key` or `ceph`: random enough."""
    try:
        raw = base64.b64decode(match.group("v"), validate=True)
    except (binascii.Error, ValueError):
        return None
    if len(raw) != 28 or shannon_entropy(match.group("v")) < 3.5:
        return None
    before = match.string[max(0, match.start() - 300):match.start()].lower()
    return match.span("v") if "key" in before or "ceph" in before else None


def two_words_before(text: str, hit: int) -> int | None:
    """The start of the two words before a hit (`usa X como`: the verb before the value)."""
    i = text.rfind(" ", 0, max(0, hit))
    i = text.rfind(" ", 0, i) if i > 0 else -1
    start = max(text.rfind("\n", 0, hit), i) + 1
    return start if hit - start <= 140 else None


def question_start(text: str, hit: int) -> int | None:
    """The hit, if a `?` follows within `answered-secret-question`'s reach (a noun of 10 letters, 80 characters)."""
    return hit if text.find("?", hit, hit + 91) >= 0 else None


def pair_start(text: str, hit: int) -> int | None:
    """The `con`/`with` opening `con admin y <password>` a few words before the user name."""
    base = max(0, hit - 40)
    window = text[base:hit].lower()
    i = max(window.rfind("con "), window.rfind("with "))
    return base + i if i >= 0 else None


def line_key_start(text: str, hit: int) -> int | None:
    """The start of the key around a hit when that key starts its line (after indentation)."""
    head = text[text.rfind("\n", 0, hit) + 1:hit].lstrip(" \t")
    if " " in head or "\t" in head:
        return None   # a word before the key on its line (`The password`): the walk back would stop at the blank
    i = key_start(text, hit)
    j = i
    while j > 0 and text[j - 1] in " \t":
        j -= 1
    return i if j == 0 or text[j - 1] == "\n" else None


def flag_start(text: str, hit: int) -> int | None:
    """The `-`/`--` opening the flag whose name contains the hit, when the flag stands alone (` --x-password`)."""
    i, limit = hit, max(0, hit - 44)
    if text.find("-", limit, hit + 1) < 0:
        return None   # the walk back never reaches a `-`
    while i > limit and (text[i - 1].isalnum() or text[i - 1] in "_-"):
        i -= 1
    return i if text[i] == "-" and (i == 0 or text[i - 1] in " \t") else None


_SECRET_STEMS = ("pass", "pw", "secret", "token", "key", "auth")
_ARG_GROUPS = tuple(f"a{n}" for n in range(1, 16))


def _arg(group: str) -> str:
    return _ARG.replace("(?P<v>", f"(?P<{group}>")


_COMMAND_ARGS = (
    r"rabbitmqctl[ \t]+(?:add_user|change_password)[ \t]+\S{1,64}[ \t]+" + _arg("a1"),
    r"\bnet[ \t]+user[ \t]+\S{1,64}[ \t]+" + _arg("a2") + r"(?=[ \t]+/|[ \t]*$)",
    r"\bmc[ \t]+admin[ \t]+user[ \t]+add[ \t]+\S{1,64}[ \t]+\S{1,64}[ \t]+" + _arg("a3"),
    # a password pasted unquoted keeps a glued `&` (`openssl passwd -1 quartz&22delta`): the shell would cut it there
    r"\bopenssl[ \t]+passwd(?:[ \t]+-\w+)*[ \t]+"
    + _arg("a4").replace(r"{0,255})", r"{0,255}(?:&[^\s\"'`;|&<>)]{1,128})?)"),
    r"\bsmbclient\b[^\r\n]{0,200}?-U[ \t]*[^\s%]{1,64}%(?P<a5>[^\s\"'`;|&]{4,128})",
    r"\b(?:echo|printf)[ \t]+['\"]?[\w.-]{1,32}:(?P<a6>[^\s'\":]{4,128})['\"]?[ \t]*\|[ \t]*(?:sudo[ \t]+)?chpasswd",
    r"\bsecret[ \t]+set[ \t]+\S{1,80}[ \t]+(?:--body|-b)[ \t]+" + _arg("a7"),
    r"-pass(?:out|in)?[ \t]+pass:(?P<a8>[^\s\"'`;|&]{4,128})",
    r"\bipmitool\b[^\r\n]{0,200}?[ \t]-P[ \t]+" + _arg("a9"),
    # a value (one word) written into a file named for a secret: `echo 'X' > ~/.vault_pass.txt`
    r"\b(?:echo|printf)[ \t]+(?:-[ne][ \t]+)?(?P<a10>'[^'\s]{4,128}'|\"[^\"\s]{4,128}\"|[^\s'\"|>;&]{4,128})"
    r"[ \t]*>>?[ \t]*[^\s;|&]{0,120}?"
    r"(?:pass|secret|token|credential)[^\s;|&]{0,60}",
    # sudo reading its password from stdin: `echo 'X' | sudo -S …`, `sudo -S <<< 'X' …`
    r"\b(?:echo|printf)[ \t]+(?:-[ne][ \t]+)?" + _arg("a11") + r"[ \t]*\|[ \t]*sudo[ \t]+(?:-\w+[ \t]+)*?-\w*S",
    r"\bsudo[ \t]+(?:-\w+[ \t]+)*?-\w*S[ \t]*<<<[ \t]*" + _arg("a12"),
    r"\baz[ \t]+login\b[^\r\n]{0,200}?[ \t](?:-p|--password)[ \t]+" + _arg("a13"),
    # WP-CLI writing wp-config.php: `wp config set DB_PASSWORD 'X'`, `wp config set AUTH_KEY '…'`
    r"\bwp[ \t]+config[ \t]+set[ \t]+(?:--\S+[ \t]+)*\w*(?:PASSWORD|PASS|KEY|SALT|SECRET)\w*[ \t]+" + _arg("a14"),
    # wp-config.php itself: `define('LOGGED_IN_SALT', '…');`, `define( 'DB_PASSWORD', '…' );`
    r"\bdefine\([ \t]*['\"]\w*(?:PASSWORD|PASS|KEY|SALT|SECRET)\w*['\"][ \t]*,[ \t]*"
    r"(?P<a15>'[^'\r\n]{4,128}'|\"[^\"\r\n]{4,128}\")",
)


def locate_command_argument(match: re.Match[str]) -> Span | None:
    """The password argument of a command that takes one (`rabbitmqctl add_user u P`, `net user u P /add`)."""
    for group in _ARG_GROUPS:
        if match.group(group) is not None:
            start, end = match.span(group)
            text = match.string
            if end - start >= 2 and text[start] in "\"'" and text[end - 1] == text[start]:
                start, end = start + 1, end - 1
            value = text[start:end]
            spelled_out = value.isalpha() and len(value) >= 8 and not is_placeholder(value)   # `-P SDYKNOAIGJ`
            return (start, end) if is_directive_value(value, quoted=True) or is_common_password(value) \
                or spelled_out else None
    return None


CUE_RULES: tuple[SecretRule, ...] = (
    SecretRule("secret-flag", Tier.CONTEXT,
               _rx(r"-{1,2}(?P<key>[A-Za-z][\w-]{1,40})(?:=|[ \t]+)" + _ARG), _SECRET_STEMS,
               locate=locate_secret_flag, window=(0, 400), anchor=flag_start, requires=("-",), needs_value=True),
    SecretRule("secret-key-line", Tier.CONTEXT,
               _rx(r"(?P<key>[A-Za-z][\w.-]{1,60})[ \t]+(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'`]{4,256})"
                   r"[ \t]*(?=\r?\n|$)"), _SECRET_STEMS,
               locate=locate_key_line, window=(0, 400), anchor=line_key_start, needs_value=True),
    SecretRule("sql-password", Tier.CONTEXT,
               _rx(r"(?:identified[ \t]+(?:with[ \t]+[\w-]+[ \t]+)?by|(?<![\w'\"])password[ \t]*\(?)[ \t]*"
                   r"(?P<v>'[^'\r\n,)][^'\r\n]{0,127}'|\"[^\"\r\n,)][^\"\r\n]{0,127}\")", re.IGNORECASE),
               ("identified", "password"), locate=locate_sql_password, window=(0, 300), anchor=at_hit,
               needs_value=True, requires_any=("'", "\"")),   # the value is quoted
    SecretRule("xml-secret-attribute", Tier.CONTEXT,
               _rx(r"key=(?P<q>[\"'])(?P<key>[\w.:-]{1,80})(?P=q)[ \t]+value="
                   r"(?P<v>\"[^\"\r\n]{1,512}\"|'[^'\r\n]{1,512}')"),
               ("value=",), locate=locate_keyed, window=(120, 600), requires=("key=",)),
    SecretRule("decoded-secret-output", Tier.CONTEXT,
               _rx(r"(?:\{\.data\.[\w.-]{0,40}(?:password|token|secret|key)[\w.-]{0,20}\}|\.data\.[\w.-]{0,40}"
                   r"(?:password|token)\b)[^\r\n]{0,160}\r?\n[ \t]*" + _ARG + r"[ \t]*(?:\r?\n|$)"),
               (".data.",), locate=locate_directive, window=(0, 500)),
    SecretRule("value-as-password", Tier.CONTEXT,
               _rx(r"(?<![\w-])(?:usa|use|usar|uso|usamos|pon|puse|pongo|puesto|dejo|dejado|elegido|set|con)[ \t]+"
                   r"(?P<v>[^\s\"'`]{4,128})[ \t]+(?:como|as)[ \t]+"
                   r"(?:(?:la|el|the|tu|your|su|a)[ \t]+)?(?:(?:nueva|new|temporary|temp)[ \t]+)?"
                   r"(?:contraseña|clave|password|pass|pin)", re.IGNORECASE),
               (" como ", " as "), locate=locate_value_as_password, window=(0, 200), anchor=two_words_before),
    # Spanish leaves the noun out once it is known (`¿y la de root?`, `pon la de root: X`): `la de` + an account.
    SecretRule("elided-password", Tier.CONTEXT,
               _rx(r"(?<![\w-])la[ \t]+del?[ \t]+(?:la[ \t]+|el[ \t]+)?"
                   r"(?:root|admin|administrador|usuario[ \t]+[\w.-]{1,32}|wifi|router|vpn|panel|consola|bd|"
                   r"base[ \t]+de[ \t]+datos|mysql|postgres|servidor|idrac|ipmi|ilo)"
                   r"(?:[ \t]+(?:es|era|será|sigue[ \t]+siendo|queda(?:[ \t]+como)?|ahora[ \t]+es)"
                   r"|[ \t]*(?::|=|->|→))[ \t]*"
                   r"(?P<v>\"[^\"\r\n]{1,128}\"|'[^'\r\n]{1,128}'|[^\s\"'`»”]{4,128})", re.IGNORECASE),
               ("la de",), locate=locate_elided_password, window=(0, 300), anchor=at_hit),
    # An admin account and what it logs in with, the noun left out: `root de pve-03: X`, `admin del panel = X`
    SecretRule("account-password", Tier.CONTEXT,
               _rx(r"(?<![\w@.-])(?:root|admin|administrador|administrator)"
                   r"(?:[ \t]+(?:de|del|en|on|of|for|at|@)[ \t]+(?:la[ \t]+|el[ \t]+|the[ \t]+)?[\w.-]{1,40})?"
                   r"[ \t]*(?::|=|->|→)[ \t]*(?P<v>\"[^\"\r\n]{1,128}\"|'[^'\r\n]{1,128}'|[^\s\"'`»”]{6,128})",
                   re.IGNORECASE), ("root", "admin"), locate=locate_strong_password, window=(0, 200), anchor=at_hit,
               requires_any=(":", "=", "->", "→")),
    # The value answers a question that named the secret (`¿cuál es la clave del panel? vale, es X`, `what's the
    # wifi password? it's X`): the noun and the value sit in two sentences, one question and its answer.
    SecretRule("answered-secret-question", Tier.CONTEXT,
               _rx(r"(?<![\w-])(?:contraseña|contrasena|clave|password|passphrase|passcode|pin)(?![\w-])[^?\r\n]{0,80}\?"
                   r"[ \t\r\n—–-]{0,6}(?:(?:vale|ok|okay|sí|si|claro|sure|yes|yep|pues)[ \t]*[,.:]?[ \t]+)?"
                   r"(?:es|era|it'?s|it[ \t]+is|is)[ \t]*:?[ \t]+"
                   r"(?P<v>\"[^\"\r\n]{1,128}\"|'[^'\r\n]{1,128}'|[^\s\"'`]{6,128})",
                   re.IGNORECASE),
               ("contrase", "clave", "password", "passphrase", "passcode", "pin"), locate=locate_elided_password,
               window=(0, 300), anchor=question_start, requires=("?",)),
    SecretRule("login-pair", Tier.CONTEXT,
               _rx(r"(?<![\w-])(?:con|with)[ \t]+(?:(?:el[ \t]+)?usuario[ \t]+|(?:the[ \t]+)?user[ \t]+)?"
                   r"(?P<user>admin|root|administrador|administrator)[ \t]+(?:y|and|/|,)[ \t]+(?P<v>[^\s\"'`]{6,128})",
                   re.IGNORECASE), ("admin", "root"), locate=locate_value_as_password, window=(0, 200),
               anchor=pair_start),
    SecretRule("ceph-context-key", Tier.CONTEXT,
               _rx(r"(?<![A-Za-z0-9+/])(?P<v>AQ[A-Za-z0-9+/]{36}==)(?![A-Za-z0-9+/=])"), prefixes=("AQ",),
               locate=locate_ceph_context_key),
    # PostgreSQL password files: `.pgpass` lines (`host:port:db:user:password`) and pgbouncer's `userlist.txt`.
    SecretRule("postgres-password-file", Tier.CONTEXT,
               _rx(r"(?m)(?:^|(?<=[ \t]))[ \t]*(?:[\w.*-]{1,253}:(?:\d{2,5}|\*):[\w*.-]{1,63}:[\w*.@-]{1,63}:"
                   r"(?P<v>[^\s,;]{4,256})|\"[^\"\s]{1,64}\"[ \t]+\"(?P<q>[^\"\r\n]{4,256})\")"
                   r"[ \t]*(?:$|(?=[,;]?[ \t]))"),
               (":5432:", ":6432:", ":*:", "pgpass", "userlist"), locate=locate_password_file_entry, window=(300, 400)),
    SecretRule("command-password-argument", Tier.CONTEXT, _rx("|".join(f"(?:{p})" for p in _COMMAND_ARGS)),
               ("rabbitmqctl", "net user", "mc admin", "openssl", "smbclient", "chpasswd", "secret set", "pass:",
                "ipmitool", "echo", "printf", "sudo", "az login", "wp config", "define("),
               locate=locate_command_argument, window=(80, 400),
               starts=literal_starts("rabbitmqctl", "net", "mc", "openssl", "smbclient", "echo", "printf", "secret",
                                     "-pass", "ipmitool", "sudo", "az", "wp", "define")),
)
