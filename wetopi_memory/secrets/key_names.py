"""Key names for tier-2 assignments: whether a config key (`DB_PASSWORD`, `apiKey`, `x-api-key`) names a secret."""

from __future__ import annotations

import re
from functools import lru_cache

_SECRET_SEGMENTS = frozenset({
    "password", "passwd", "pwd", "pass", "passphrase", "passcode", "secret", "token", "apikey", "apitoken",
    "accesstoken", "authtoken", "privatekey", "secretkey", "accesskey", "clientsecret", "contraseña",
    "contrasena", "clave", "credential", "credentials", "creds", "auth", "authorization", "bearer", "pw", "bindpw",
    "rootpw", "authtok", "requirepass", "masterauth", "userkey", "adminkey",
})
_SECRET_SUFFIXES = ("password", "passwd", "passphrase", "secret", "token", "apikey", "accesskey", "secretkey",
                    "privatekey", "contraseña", "contrasena")
_NON_SECRET_SUFFIXES = frozenset({
    "id", "ids", "url", "uri", "urls", "endpoint", "endpoints", "type", "types", "name", "names", "file", "files",
    "path", "paths", "dir", "policy", "policies", "version", "length", "len", "size", "min", "max", "count",
    "limit", "limits", "expiry", "expires", "expiration", "expire", "exp", "ttl", "lifetime", "timeout", "days",
    "hours", "minutes", "seconds", "header", "headers", "prefix", "suffix", "format", "algorithm", "algo", "alg",
    "rotation", "enabled", "enable", "disabled", "required", "ref", "refs", "env", "var", "vars", "field",
    "fields", "label", "hint", "reset", "manager", "store", "provider", "mode", "kind", "scope", "scopes", "mount",
    "location", "arn", "source", "backend", "template", "regex", "pattern", "strength", "complexity", "hash",
    "hashed", "digest", "vault", "alias", "usage", "budget", "issuer", "audience", "aud", "iss", "cost",
    "estimate", "placeholder", "description", "desc", "help", "message", "msg", "error", "errors", "status",
    "state", "flag", "option", "options", "config", "settings", "param", "parameter", "schema", "check",
    "validation", "validator", "rule", "rules", "selector", "number", "num", "index", "position", "class",
    "style", "input", "button", "text", "title", "question", "prompt", "display", "visible", "visibility",
    "icon", "color", "width", "height", "helper", "service", "handler", "callback", "cache", "storage", "lookup",
    "generator", "rotate", "rotated", "updated", "created", "changed", "set", "at", "on", "date", "time",
    "timestamp", "age", "length_min", "encoding", "encoder", "decoder", "parser", "type_hint", "fingerprint",
    "sha", "checksum", "metadata", "meta", "info", "owner", "user", "username", "login", "mgr", "function",
    "method", "methods", "builder", "factory", "module", "test", "tests", "spec",
})
_NON_SECRET_MODIFIERS = frozenset({
    "public", "publishable", "pub", "csrf", "xsrf", "page", "next", "prev", "previous", "continuation", "cursor",
    "pagination", "cancel", "cancellation", "max", "min", "num", "input", "output", "total", "prompt",
    "completion", "sync", "show", "hide", "toggle", "forgot", "is", "has", "use", "enable", "require",
    "requires", "allow", "no", "skip", "validate", "check", "generate", "gen", "verify", "mock", "example",
    "sample", "dummy", "placeholder", "tokens", "count", "jwks", "length",
})
_NON_SECRET_KEY_QUALIFIERS = frozenset({
    "public", "publishable", "pub", "primary", "foreign", "sort", "partition", "hash", "cache", "routing",
    "idempotency", "object", "row", "group", "label", "map", "dict", "lookup", "unique", "composite",
    "surrogate", "natural", "index", "shard", "search", "host", "cursor", "next", "page", "i18n", "translation",
    "message", "cmd", "hot", "short", "join", "dedup", "dedupe", "cluster", "bucket", "s3",
    "file", "field", "column", "config", "settings", "registry", "metric", "selector", "match", "node", "pod",
    "namespace", "annotation", "taint", "toleration", "track", "music", "piano", "site",
})
_SPLIT_RE = re.compile(r"[\W_]+")
_CAMEL_RE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
KEY_STEMS = ("pass", "pw", "secret", "token", "key", "contrase", "clave", "cred", "auth", "bearer")


@lru_cache(maxsize=4096)
def is_secret_key(key: str) -> bool:
    """Whether a config key names a secret: `DB_PASSWORD`, `apiKey`, `x-api-key`, `contraseña`, ...

    The secret word must be a whole segment (`KEYBOARD`, `monkey` do not count), and gitleaks-style
    false-positive names are excluded (`api_version`, `key_id`, `public_key`, `token_url`, `csrf_token`, ...).
    """
    low = key.lower()
    if not any(stem in low for stem in KEY_STEMS):
        return False
    segments = [s for s in _SPLIT_RE.split(_CAMEL_RE.sub("_", key).lower()) if s]
    if not segments or segments[-1] in _NON_SECRET_SUFFIXES:
        return False
    if any(s in _NON_SECRET_MODIFIERS for s in segments):
        return False
    for i, seg in enumerate(segments):
        if i < len(segments) - 3:   # `Token.Name.Builtin.Function`: the secret word must be near the end
            continue
        if seg in _SECRET_SEGMENTS:
            return True
        if seg == "key" and i > 0 and segments[i - 1] not in _NON_SECRET_KEY_QUALIFIERS:
            return True
        for suffix in _SECRET_SUFFIXES:
            if seg.endswith(suffix) and seg[: -len(suffix)] not in _NON_SECRET_MODIFIERS:
                return True
    return False


_OTHER_THINGS = frozenset({"manager", "managers", "usage", "gestor", "política", "politica", "limits", "bucket",
                           "strength", "fuerte", "segura", "débil", "pública", "publica", "público", "publico",
                           "públicas", "publicas", "publicable", "hashing", "cifrado", "encryption"})


def names_other_thing(word: str) -> bool:
    """Whether a word after a secret noun makes it name something else: `password policy`, `token usage`."""
    return word in _NON_SECRET_SUFFIXES or word in _NON_SECRET_MODIFIERS or word in _OTHER_THINGS


_PASSWORDISH = ("pass", "pwd", "contrase", "clave")


def names_password(key: str) -> bool:
    """Whether `key` names a password (which may be shorter than other secrets), not a token or key."""
    low_key = key.lower()
    return any(p in low_key for p in _PASSWORDISH)


def qualifies_other_key(word: str) -> bool:
    """Whether a word before `key` makes it a non-secret one: `public key`, `publishable key`, `primary key`."""
    return word in _NON_SECRET_KEY_QUALIFIERS or word in _NON_SECRET_MODIFIERS or word in _OTHER_THINGS
