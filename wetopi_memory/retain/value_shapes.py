"""What a concrete value and a technical value look like in a sentence (a setting, a path, a host, a size), as
regexes that run in linear time however long the sentence: the callers only ask whether one occurs."""

from __future__ import annotations

import re

__all__ = ["TECHNICAL", "VALUE"]

# Shapes that end at the end of a run of name characters (`key=1`, `host:8080`, `a.b.svc`) are tried once per run,
# from its first character: `(?<![run])` pins the start, a lazy lookahead finds where the name may begin, and a
# possessive `[run]*+` crosses the run once. Written as `\b[a-z][\w-]*…`, a run of 20 000 `x-` was tried from each of
# its word starts, and one pasted log line took seconds.
_KEY_EQUALS_NUMBER = r"(?<![\w-])(?=[\w-]*?(?<!\w)[a-z][\w-])[\w-]*+(?<=[a-z])=\d"          # replicas=3
_DOTTED_KEY_COLON_NUMBER = r"(?<![\w.-])(?=[\w.-]*?(?<!\w)[a-z]+[_.-])[\w.-]*+:\s?\d"      # max_conn: 200
_HOST_PORT = r"(?<![\w-])(?=[\w-]*?(?<!\w)[A-Za-z])[\w-]*+:\d{2,5}\b"                     # redis:6379
_DOTTED_HOST_PORT = r"(?<![\w.-])(?=[\w.-]*?(?<!\w)[A-Za-z])[\w.-]*+:\d{2,5}\b"           # db.lan:5432
_FILE_NAME = (r"(?<![\w-])(?=[\w-]*?\b[\w-])[\w-]++"                                      # values.yaml
              r"\.(?:ya?ml|json|toml|conf|cfg|cnf|ini|lock|sh|py|env|tf|service|pem|crt|sql)\b")
_KEY_VALUE_NUMBER = (r"(?<![\w.-])(?=[\w.-]*?(?<!\w)[A-Za-z])[\w.-]*+\s?[:=]\s?"          # timeout = 30s
                     r"(?:[^\W\d]|[./-])*+\d")
_KEY_EQUALS = r"(?<![\w.-])(?=[\w.-]*?\b[\w.-])[\w.-]++=[\w./-]"                          # mode=strict
# enabled: true; "Una cosa: no uses emojis" is a negation opening a sentence, no switch
_KEY_SWITCH = r"(?<![\w-])(?=[\w-]*?(?<!\w)[a-z])[\w-]*+:\s(?:true|false|on|off|(?:yes|no)(?!\s+[^\W\d_]{2,}))\b"
# A dotted name's first label: the start of the run, or right after a `..` (which no name crosses).
_NAME_START = r"(?:(?<![a-z0-9.-])|(?<=\.\.))(?>(?:[a-z0-9-]|\.(?!\.))*?\b(?=[a-z0-9-]))"
_INTERNAL_HOST = _NAME_START + r"[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:lan|local|svc|internal|cluster)\b"
_HOST = _NAME_START + r"[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:lan|local|com|es|io|net|org|svc|internal)(?::\d+)?\b"
# A cron schedule, five fields: from the start of the first field's run, not from each character of it.
_CRON = r"(?<![\d*/,-])(?>[\d*/,-]*?(?<![\w*/]))[\d*/,-]++\s+(?:[\d*/,-]+\s+){3}[\d*/,-]+(?![\w*/])"

# A product's name is camelCase too ("macOS", "iPhone", "eBay"), not a configuration key.
_NOT_A_PRODUCT = r"(?!(?:mac|i|e)[A-Z][A-Za-z]*\b)"
_CAMEL_KEY = r"\b" + _NOT_A_PRODUCT + r"[a-z]+[A-Z][a-zA-Z]+\b"

# A concrete value: key: value / key=value, a path or URL, an IP, a host, a port, a version, a size, an identifier.
VALUE = re.compile("|".join((
    _KEY_VALUE_NUMBER, _KEY_EQUALS, _KEY_SWITCH,
    r"(?<![\w])/[\w.-]+/[\w./-]+", r"\b[a-z0-9]+://\S+", r"\b\d{1,3}(?:\.\d{1,3}){3}(?:/\d+)?\b",
    _HOST, _DOTTED_HOST_PORT,
    r"\b\d+\.\d+(?:\.\d+)*\b",
    r"\b\d+(?:[.,]\d+)?\s?(?:Mi|Gi|Ki|MB|GB|TB|ms|days|d[ií]as|hours|horas|minutes|minutos)\b",
    r"\b\d+(?:h|min|s)\b", r"\b[a-z]+_[a-z0-9_]+\b",
    # a named network or crypto quantity ("VLAN 210", "MTU 9000", "RSA de 2048 bits", "TTL 300")
    r"\b(?:VLAN|MTU|TTL|ASN|VRID|vlan|mtu|ttl)\s?\d+\b", r"\b\d{2,5}\s?bits\b",
    r"\b[A-Z][A-Z0-9]+_[A-Z0-9_]+\b", _CAMEL_KEY)))

# A technical value: what only a system's configuration holds (a host:port, a path, a URL, an IP, a file name, a
# flag, a snake_case or camelCase key, a key with a numeric value, a setting and its size ("maxmemory 512mb"), a
# size in Mi/Gi, a version, inline code). Prices, durations and plain numbers are not: a business rule has those too.
TECHNICAL = re.compile("|".join((
    r"`[^`\n]+`", _KEY_EQUALS_NUMBER, _DOTTED_KEY_COLON_NUMBER, r"\b[a-z]+[A-Z]\w*:\s?\d",
    r"(?<![\w])/[\w.-]+/[\w./-]+",
    r"(?<![^\s(\"'])/(?!(?:mes|month|a[nñ]o|year|user|usuario|seat|sitio|site)s?\b)[a-z][\w-]+",
    r"\b[a-z0-9]+://\S+", r"\b\d{1,3}(?:\.\d{1,3}){3}(?:/\d+)?\b", _HOST_PORT, _INTERNAL_HOST, _FILE_NAME,
    r"(?<![\w-])--?[a-z][\w-]{2,}", r"\b[a-z]+_[a-z0-9_]+\b", r"\b[A-Z][A-Z0-9]+_[A-Z0-9_]+\b", _CAMEL_KEY,
    r"\b(?:[A-Z][a-z]+){3,}\b",
    r"\b(?:[a-z]+(?:memory|size|limit|buffer|cache|timeout)|(?:max|min)[a-z]{3,})\s+\d+(?:\.\d+)?\s?(?:[kmgt]i?b?)?\b",
    r"\b\d+(?:\.\d+)?\s?(?:Mi|Gi|Ki|Ti)\b", r"\b\d+[KMGT]\b", r"\bv\d+\.\d+", r"\b\d+\.\d+\.\d+\b",
    r"\b[a-z]+\.[a-z]+\.[a-z]+(?:/[\w-]+)+",
    r"\b(?:CronJob|ConfigMap|StatefulSet|DaemonSet|ReplicaSet|ServiceAccount|ClusterRole|RoleBinding|ClusterIssuer"
    r"|PersistentVolume(?:Claim)?|NetworkPolicy|IngressRoute|HelmRelease|ServiceMonitor|PodMonitor|PrometheusRule"
    r"|StorageClass|ApplicationSet|CustomResourceDefinition)s?\b",
    _CRON)))
