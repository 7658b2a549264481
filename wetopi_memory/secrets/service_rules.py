"""Rules for the credentials of the services we run: Vault, Ceph, Infisical, Docker, Proxmox, htpasswd hashes,
and the directives and command-line arguments that carry passwords (redis, mysql, LDAP, keepalived, MinIO, HAProxy,
SNMP communities, ...)."""

from __future__ import annotations

import base64
import binascii
import re

from .common_passwords import is_common_password
from .context_locators import at_hit, locate_cli_password, locate_url_password
from .findings import Tier
from .heuristics import is_directive_value, is_password_value, shannon_entropy, token_body_ok
from .rule import SecretRule, Span, literal_starts
from .token_locators import TOKEN_END, TOKEN_START

_B, _E = TOKEN_START, TOKEN_END


def _dsn_password(match: re.Match[str]) -> Span | None:
    """The password of a Go MySQL DSN, when it looks like one (not `${DB_PASS}` or `<password>`)."""
    return match.span("v") if is_password_value(match.group("v"), quoted=True) else None
# An argument: quoted, or one word that does not start like another flag.
_ARG = r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'`;|&<>-][^\s\"'`;|&<>]{0,255})"
_UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"


def _rx(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags)


def _arg(group: str) -> str:
    """`_ARG` with its value group renamed, for a regex with several alternatives."""
    return _ARG.replace("(?P<v>", f"(?P<{group}>")


def argument_span(match: re.Match[str]) -> tuple[int, int, str, bool]:
    """Span and text of group `v` without its quotes or a trailing sentence mark, and whether it was quoted."""
    start, end = match.span("v")
    text = match.string
    if end - start >= 2 and text[start] in "\"'" and text[end - 1] == text[start]:
        return start + 1, end - 1, text[start + 1:end - 1], True
    while end > start and text[end - 1] in ".,:;)]}`":
        end -= 1
    return start, end, text[start:end], False


def locate_directive(match: re.Match[str]) -> Span | None:
    """The argument of a password directive or flag when it is a literal value, not a placeholder or a word."""
    start, end, value, quoted = argument_span(match)
    return (start, end) if is_directive_value(value, quoted=quoted) else None


def locate_user_password(match: re.Match[str]) -> Span | None:
    """`user:password` after a directive (HAProxy `stats auth`): a literal password, not the user again."""
    start, end, value, quoted = argument_span(match)
    if value == match.group("user") or not (is_directive_value(value, quoted=quoted) or is_common_password(value)
                                            or is_password_value(value, quoted=quoted)):
        return None
    return start, end


def locate_auth_argument(match: re.Match[str]) -> Span | None:
    """`AUTH <password>`, or `AUTH <user> <password>` (Redis 6 ACLs): the first argument that is a literal value."""
    found = locate_directive(match)
    if found is not None or match.group("w") is None:
        return found
    start, end = match.span("w")
    text = match.string
    if end - start >= 2 and text[start] in "\"'" and text[end - 1] == text[start]:
        return (start + 1, end - 1) if is_directive_value(text[start + 1:end - 1], quoted=True) else None
    while end > start and text[end - 1] in ".,:;)]}`":
        end -= 1
    return (start, end) if is_directive_value(text[start:end], quoted=False) else None


def locate_body(match: re.Match[str]) -> Span | None:
    """A format whose group `b` must be random (entropy >= 3) and not a documentation placeholder."""
    return match.span("v") if token_body_ok(match.group("b"), 3.0) else None


def locate_ceph_key(match: re.Match[str]) -> Span | None:
    """A Ceph key: base64 of a 28-byte `CryptoKey` (type 1, creation time, length 16, 16 random bytes)."""
    try:
        raw = base64.b64decode(match.group("v"), validate=True)
    except (binascii.Error, ValueError):
        return None
    if len(raw) != 28 or raw[:2] != b"\x01\x00" or int.from_bytes(raw[10:12], "little") != 16:
        return None
    return match.span("v")


def locate_base64_private_key(match: re.Match[str]) -> Span | None:
    """Base64 of a PEM private key (kubeconfig `client-key-data`, a Secret's `tls.key`), not of a certificate."""
    head = match.group("v")[:60]
    try:
        decoded = base64.b64decode(head, validate=True)
    except (binascii.Error, ValueError):
        return None
    return match.span("v") if b"PRIVATE KEY" in decoded else None


def locate_bootstrap_token(match: re.Match[str]) -> Span | None:
    """A kubeadm bootstrap token: its two random parts hold digits and letters (not `config.yamlfilename`)."""
    value = match.group("v")
    return match.span("v") if any(c.isdigit() for c in value) and any(c.isalpha() for c in value) \
        and shannon_entropy(value) >= 3.0 else None


def locate_random_base64(match: re.Match[str]) -> Span | None:
    """A base64 key that is random (not `AAAA…=` padding or a repeated pattern)."""
    return match.span("v") if shannon_entropy(match.group("v")) >= 4.0 else None


def locate_password_hash(match: re.Match[str]) -> Span | None:
    """A crypt(3), bcrypt or `{SHA}` password hash (htpasswd, shadow) whose body looks random."""
    body = match.group("b") or match.group("c") or match.group("v").split("}", 1)[-1]
    return match.span("v") if token_body_ok(body, 3.5) else None


def locate_snmp_community(match: re.Match[str]) -> Span | None:
    """An SNMP community that is a literal value: not `public`/`private` or another word (`is_directive_value`)."""
    group = next(g for g in ("v", "k", "c", "p") if match.group(g) is not None)
    start, end = match.span(group)
    text = match.string
    if end - start >= 2 and text[start] in "\"'" and text[end - 1] == text[start]:
        start, end = start + 1, end - 1
    while end > start and text[end - 1] in ".,:;)]}`":
        end -= 1
    return (start, end) if is_directive_value(text[start:end], quoted=False) else None


def bootstrap_token_start(text: str, hit: int) -> int | None:
    """The hit, when a `.` within `kubeadm-bootstrap-token`'s reach (80) is followed by something that is no blank:
    the dot inside the value (`token. Then` ends a sentence, and prose seldom holds another). The regex decides."""
    reach = hit + 80
    i = text.find(".", hit, reach)
    while i >= 0:
        if i + 1 < len(text) and not text[i + 1].isspace():
            return hit
        i = text.find(".", i + 1, reach)
    return None


def word_start(text: str, hit: int) -> int:
    """The start of the word holding a keyword hit (`rocommunity`, `snmp-server`), back over letters and `-`/`_`."""
    i, limit = hit, max(0, hit - 40)
    while i > limit and (text[i - 1].isalnum() or text[i - 1] in "-_"):
        i -= 1
    return i


SERVICE_TOKEN_RULES: tuple[SecretRule, ...] = (
    SecretRule("vault-token", Tier.TOKEN, _rx(_B + r"(?P<v>hv[sbr]\.(?P<b>[A-Za-z0-9_-]{24,512}))" + _E),
               prefixes=("hvs.", "hvb.", "hvr."), locate=locate_body),
    SecretRule("ceph-key", Tier.TOKEN, _rx(_B + r"(?P<v>AQ[A-Za-z0-9+/]{36}==)(?![A-Za-z0-9+/=])"),
               prefixes=("AQ",), locate=locate_ceph_key),
    SecretRule("infisical-service-token", Tier.TOKEN,
               _rx(_B + r"(?P<v>st\.[a-f0-9]{24}\.(?P<b>[a-f0-9]{32}\.[a-f0-9]{32}))" + _E), prefixes=("st.",),
               locate=locate_body),
    SecretRule("docker-hub-token", Tier.TOKEN, _rx(_B + r"(?P<v>dckr_(?:pat|oat)_(?P<b>[A-Za-z0-9_-]{27,64}))" + _E),
               prefixes=("dckr_pat_", "dckr_oat_"), locate=locate_body),
    SecretRule("base64-private-key", Tier.TOKEN, _rx(_B + r"(?P<v>LS0tLS1CRUdJTi[A-Za-z0-9+/]{200,16384}={0,2})"),
               prefixes=("LS0tLS1CRUdJTi",), locate=locate_base64_private_key),
    SecretRule("azure-client-secret", Tier.TOKEN,
               _rx(r"(?<![\w~.-])(?P<v>[A-Za-z0-9_~.-]{3}\dQ~(?P<b>[A-Za-z0-9_~.-]{31,34}))(?![\w~.-])"),
               ("q~",), locate=locate_body, window=(8, 48)),
    SecretRule("proxmox-api-token", Tier.TOKEN,
               _rx(r"PVEAPIToken[ \t]*=[ \t]*[^\s=!'\"]{1,128}![^\s='\"]{1,128}[=:](?P<v>" + _UUID + ")",
                   re.IGNORECASE),
               ("pveapitoken",), window=(0, 360)),
    SecretRule("password-hash", Tier.TOKEN,
               _rx(r"(?<![\w$])(?P<v>\$2[abxy]\$\d\d\$(?P<b>[./A-Za-z0-9]{53})"
                   r"|\$(?:apr1|1|5|6)\$(?:rounds=\d{1,9}\$)?[./A-Za-z0-9]{1,16}\$(?P<c>[./A-Za-z0-9]{22,86})"
                   r"|\{S?SHA(?:256|512)?\}[A-Za-z0-9+/]{27,88}={0,2})"),
               ("$2", "$apr1$", "$1$", "$5$", "$6$", "sha}"), locate=locate_password_hash, window=(8, 140)),
    # Go's MySQL DSN, `user:password@tcp(host:port)/db`: the password before `@tcp(` or `@unix(`
    SecretRule("go-mysql-dsn", Tier.CONTEXT,
               _rx(r"(?<![\w.-])[\w.-]{1,64}:(?P<v>[^\s@\"'`:/]{4,128})@(?:tcp|unix)\("),
               ("@tcp(", "@unix("), locate=_dsn_password, window=(200, 8)),
)


# Directives whose next word is a password: redis, keepalived, OpenLDAP/nslcd, sssd.
_DIRECTIVES = (r"requirepass|masterauth|auth_pass|bindpw|rootpw|ldap_default_authtok|bind_password|authpass"
               r"|psk|wpa_passphrase|sae_password"   # Wi-Fi: wpa_supplicant, hostapd
               r"|insecure-password")   # HAProxy userlists

def _realm_password(match: re.Match[str]) -> Span | None:
    """A password-shaped value after a Proxmox login (`root@pam en pve-03: …`), not a word or a port."""
    return match.span("v") if is_password_value(match.group("v"), quoted=False) else None


SERVICE_CONTEXT_RULES: tuple[SecretRule, ...] = (
    # a Proxmox login and its password: "root@pam en pve-03: 4C!s.2lUAQj*a$_5 (web UI en :8006)"
    SecretRule("proxmox-login-password", Tier.CONTEXT,
               re.compile(r"(?<![\w.-])[\w.-]{1,32}@p(?:am|ve)(?![\w!-])[^\r\n:]{0,40}?:[ \t]*"
                          r"(?P<v>[^\s\"'`]{6,128}?)(?=[ \t]|[.,;]?$|[.,;][ \t])", re.MULTILINE),
               ("@pam", "@pve"), locate=_realm_password, window=(40, 240)),
    SecretRule("password-directive", Tier.CONTEXT,
               _rx(r"(?<![\w-])(?:" + _DIRECTIVES + r")(?![\w-])"
                   # possessive blanks: plain ones backtrack cubically over a long run of spaces
                   r"(?:(?:[ \t]++(?:for|of|on|in|de|del|en)(?:[ \t]++[^\r\n:;=]{1,60}?|[ \t]{2}))?"
                   r"(?:[ \t]++(?:is|was|es|era|is[ \t]+now|es[ \t]+ahora|a|to)(?![\w-])|[ \t]*+[=:])|[ \t]++)[ \t]*+"
                   + _ARG,
                   re.IGNORECASE),
               ("requirepass", "masterauth", "auth_pass", "bindpw", "rootpw", "authtok", "bind_password",
                "authpass", "psk", "wpa_passphrase", "sae_password", "insecure-password"), locate=locate_directive,
               window=(0, 400),
               anchor=at_hit, needs_value=True),
    SecretRule("redis-cli-password", Tier.CONTEXT,
               _rx(r"redis-cli\b[^\r\n|;&]{0,200}?[ \t](?:-a|--pass)[ \t]+" + _ARG), ("redis-cli",),
               locate=locate_directive, window=(0, 600), anchor=at_hit),
    SecretRule("redis-auth-command", Tier.CONTEXT,
               _rx(r"(?<![\w-])AUTH[ \t]+" + _ARG + r"(?:[ \t]+" + _ARG.replace("(?P<v>", "(?P<w>") + ")?"),
               ("auth ",), locate=locate_auth_argument, window=(0, 400), anchor=at_hit),
    SecretRule("ldap-bind-password-flag", Tier.CONTEXT,
               _rx(r"ldap(?:search|modify|add|delete|whoami|passwd|compare|modrdn)\b[^\r\n|;&]{0,300}?[ \t]-w[ \t]+"
                   + _ARG), ("ldap",), locate=locate_directive, window=(0, 700), anchor=at_hit),
    SecretRule("sshpass-password", Tier.CONTEXT, _rx(r"sshpass[ \t]+-p[ \t]*" + _ARG), ("sshpass",),
               locate=locate_directive, window=(0, 300), anchor=at_hit),
    SecretRule("registry-login-password", Tier.CONTEXT,
               _rx(r"(?:docker|podman|nerdctl|buildah|skopeo|helm(?:[ \t]+registry)?|crane|oras)[ \t]+login\b"
                   r"[^\r\n|;&]{0,200}?[ \t](?:-p|--password)(?:[ \t]+|=)" + _ARG), ("login",),
               locate=locate_directive, window=(40, 500), requires=("-p",),
               requires_any=("docker", "podman", "nerdctl", "buildah", "skopeo", "helm", "crane", "oras"),
               starts=literal_starts("docker", "podman", "nerdctl", "buildah", "skopeo", "helm", "crane", "oras")),
    SecretRule("password-stdin-echo", Tier.CONTEXT,
               _rx(r"\b(?:echo|printf)[ \t]+(?:-n[ \t]+)?" + _ARG + r"[ \t]*\|[^\r\n]{0,160}?--password-stdin"),
               ("password-stdin",), locate=locate_directive, window=(300, 40), starts=literal_starts("echo", "printf")),
    SecretRule("minio-client-credentials", Tier.CONTEXT,
               _rx(r"\bmc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add)[ \t]+\S{1,64}[ \t]+\S{1,256}[ \t]+"
                   r"(?P<user>\S{3,128})[ \t]+" + _ARG), ("mc ",), locate=locate_directive, window=(0, 700),
               anchor=at_hit),
    SecretRule("htpasswd-batch-password", Tier.CONTEXT,
               _rx(r"htpasswd[ \t]+-[A-Za-z]*b[A-Za-z]*[ \t]+(?:-[A-Za-z]+[ \t]+)*\S{1,256}[ \t]+\S{1,64}[ \t]+"
                   + _ARG),
               # a shell word: `Godella.Alboraya8944` is a literal there, not an attribute reference
               ("htpasswd",), locate=locate_cli_password, window=(0, 600), anchor=at_hit),
    SecretRule("haproxy-stats-auth", Tier.CONTEXT,
               _rx(r"stats[ \t]+auth[ \t]+(?P<user>[^\s:\"'`]{1,64}):" + _ARG), ("stats auth",),
               locate=locate_user_password, window=(0, 400), anchor=at_hit),
    # SNMP v1/v2c communities are passwords: Cisco `snmp-server community X RO`, net-snmp `rocommunity X`,
    # `com2sec name source X`, a `community:` key, `snmpwalk -c X`, `la comunidad SNMP es X`
    SecretRule("snmp-community", Tier.CONTEXT,
               _rx(r"(?:snmp-server[ \t]+community|r[ow]community6?|com2sec6?[ \t]+\S{1,64}[ \t]+\S{1,64})[ \t]+" + _ARG
                   + r"|(?:[\w-]{0,40}[_-])?community(?:[ _-]?string)?[\"']?[ \t]*[:=][ \t]*" + _arg("k")
                   + r"|snmp(?:walk|bulkwalk|get|getnext|bulkget|set|table|trap|check|netstat|df|status)\b"
                   r"[^\r\n|;&]{0,200}?[ \t]-c[ \t]*" + _arg("c")
                   + r"|(?:(?:community|comunidad)[ \t]+snmp|snmp[ \t]+community)"
                   r"(?:[ \t]+(?:de|del|for|of|on|en)[ \t][^\r\n:;=.]{1,60}?)?(?:[ \t]+(?:is|was|es|era)|[ \t]*[:=])"
                   r"[ \t]*" + _arg("p"), re.IGNORECASE),
               ("community", "comunidad", "com2sec", "snmp"), locate=locate_snmp_community, window=(0, 400),
               anchor=word_start, needs_value=True),
    SecretRule("argocd-initial-password", Tier.CONTEXT,
               _rx(r"initial-password\b[^\r\n]{0,80}\r?\n[ \t]*" + _ARG + r"[ \t]*(?:\r?\n|$)"), ("initial-password",),
               locate=locate_directive, window=(0, 400), anchor=at_hit),
    SecretRule("proxmox-token-value", Tier.CONTEXT,
               _rx(r"pveum\b[^\r\n]{0,200}?\b(?:value|secret)\b[ \t│|:=]{0,8}(?P<v>" + _UUID + ")"), ("pveum",),
               window=(0, 400), anchor=at_hit),
    # kubeadm bootstrap tokens (`abcdef.0123456789abcdef`) after a token flag or key: `--token=…`, `token: …`
    SecretRule("kubeadm-bootstrap-token", Tier.CONTEXT,
               _rx(r"token[\w-]{0,20}[\"']?[ \t]*[:= ][ \t]*[\"']?(?P<v>[a-z0-9]{6}\.[a-z0-9]{16})(?![\w.-])",
                   re.IGNORECASE), ("token",), locate=locate_bootstrap_token, window=(0, 80),
               anchor=bootstrap_token_start,
               min_run=23),   # the value's 6 + 1 + 16 characters
    # WireGuard private keys (32 bytes in base64) named on their line: `PrivateKey = …`, `la privada del peer es …`;
    # not a public key further on (`wg pubkey < privatekey -> PublicKey = …`)
    SecretRule("wireguard-private-key", Tier.CONTEXT,
               _rx(r"(?:private[ _]?key|privada)(?![\w-])(?:(?!pub)[^\r\n]){0,60}?(?<![A-Za-z0-9+/])"
                   r"(?P<v>[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=)(?![A-Za-z0-9+/=])", re.IGNORECASE),
               ("privatekey", "private key", "private_key", "privada"), locate=locate_random_base64,
               window=(0, 140), anchor=at_hit, min_run=44),
    SecretRule("postfix-sasl-password", Tier.CONTEXT,
               _rx(r"\[(?P<host>[\w.-]{3,253})\](?::\d{2,5})?[ \t]+(?P<user>[^\s:\[\]]{1,128}):(?P<v>[^\s]{4,256})"),
               ("]:",), locate=locate_url_password, window=(260, 400)),
)
