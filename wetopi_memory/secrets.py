"""SecretGate: the reject-before-retain secret detector.

Three tiers of rules, all data (`RULES`), compiled once at import:

* **Tier 1**, prefix/structure: vendor token shapes (AWS, GitHub, GitLab, Slack, Stripe, Google, OpenAI,
  Anthropic, Hugging Face, npm, PyPI, SendGrid, Twilio, Telegram, Discord, memory vendors such as Hindsight
  and mem0, ...), JWTs and PEM private-key blocks. Near-zero false positives; they block.
* **Tier 2**, context: `Authorization` headers, URL userinfo / DSN passwords, signed-URL query parameters,
  `password=` style assignments (YAML, JSON, env, shell, PHP, XML, CLI flags, Kubernetes env lists) and
  English/Spanish prose ("the API key is X", "la contraseña es X"), each with an entropy threshold and an
  allowlist of placeholders and references (`${VAR}`, `os.getenv(...)`, `<token>`, `changeme`, ...). They block.
* **Tier 3**, entropy only: long high-entropy base64-ish runs. Reported, not blocking unless the gate is built
  with `block_tier3=True`.

A finding is a rule id, a tier and the span of the secret: never the matched value, so findings can be logged,
counted and put into error messages safely.

Scanning is built for the retain hot path (stdlib `re`, bounded quantifiers, no nested ambiguity): one regex
pass finds the long token-character runs where tier-1 tokens and tier-3 strings can start, and token rules are
tried only there, indexed by prefix; tier-2 rules run only near their keywords (`password`, `token`, ...),
mostly as anchored matches, on a lowercased copy computed once per scan.

    >>> from wetopi_memory.secrets import DEFAULT_GATE
    >>> DEFAULT_GATE.first("rotate the password every 90 days") is None
    True
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import unquote

__all__ = [
    "DEFAULT_GATE",
    "RULES",
    "SecretFinding",
    "SecretGate",
    "SecretRule",
    "shannon_entropy",
]

BLOCKING_TIERS: frozenset[int] = frozenset({1, 2})


@dataclass(frozen=True, slots=True)
class SecretFinding:
    """Where a secret is: rule id, tier and the `[start, end)` span in the scanned text. Never the value."""

    rule_id: str
    tier: int
    start: int
    end: int


Locate = Callable[[re.Match[str]], tuple[int, int] | None]
Anchor = Callable[[str, int], int | None]

# Token runs: where tier-1 tokens and tier-3 strings can start. One pass over the text finds them all.
_RUN_RE = re.compile(r"(?<![A-Za-z0-9_.+/-])[A-Za-z0-9_.+/-]{20,}")


class _Scan:
    """One text being scanned, with the lowercased copy, keyword hits and token starts computed once."""

    __slots__ = ("_hits", "_merged", "_starts", "aligned", "lowered", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.lowered = text.lower()
        self.aligned = len(self.lowered) == len(text)   # False when lower() moved offsets (e.g. `İ`)
        self._hits: dict[str, list[int]] = {}
        self._merged: dict[tuple[str, ...], list[int]] = {}
        self._starts: list[int] | None = None

    def hits(self, keyword: str) -> list[int]:
        found = self._hits.get(keyword)
        if found is None:
            found = []
            lowered = self.lowered
            i = lowered.find(keyword)
            while i >= 0:
                found.append(i)
                i = lowered.find(keyword, i + 1)
            self._hits[keyword] = found
        return found

    def all_hits(self, keywords: tuple[str, ...]) -> list[int]:
        """Sorted positions of any of `keywords` (cached per keyword tuple: rules share their stems)."""
        merged = self._merged.get(keywords)
        if merged is None:
            merged = sorted(h for k in keywords for h in self.hits(k))
            self._merged[keywords] = merged
        return merged

    def token_starts(self) -> list[int]:
        """Where a token may begin: the start of each long run of token characters, right after a `.` inside
        it (`config.ghp_...`, JWT-like parts), and after a JSON-escaped `\\n`."""
        if self._starts is None:
            text = self.text
            starts: list[int] = []
            for run in _RUN_RE.finditer(text):
                start, end = run.span()
                while start < end and text[start] in "/+":   # `https://ghp_...@github.com`
                    start += 1
                starts.append(start)
                if start > 0 and text[start - 1] == "\\" and text[start] in "nrt":
                    starts.append(start + 1)
                i = text.find(".", start, end)
                while i >= 0:
                    if i + 1 < end:
                        starts.append(i + 1)
                    i = text.find(".", i + 1, end)
            starts.sort()
            self._starts = starts
        return self._starts


@dataclass(frozen=True, slots=True)
class SecretRule:
    """One detector: a compiled regex, where to try it, and the checks a match must pass.

    Where the regex runs:

    * `prefixes` (tier-1 tokens): only at token starts that begin with one of these case-sensitive literals,
      with `regex.match`; the prefix `""` means every token start (tier-3 entropy runs).
    * `keywords` (lowercase): only when one occurs in the lowercased text (and every one of `requires`, a
      cheaper second filter). With `window=(before, after)`, only
      on the merged spans `[hit - before, hit + after)` around keyword hits (`after` must exceed the longest
      match measured from its keyword), and with an `anchor` as well, only as `regex.match` at the position the
      anchor derives from each hit (e.g. the start of the key around `password`).
    * neither: over the whole text (regexes that start with a literal, which `re` finds fast).

    What counts: `group` names the regex group holding the secret, whose span is reported, and `entropy` is the
    minimum Shannon entropy (bits/char) of that value. `locate`, when given, replaces that default: it gets
    the match and returns the secret's span, or None to drop the match.
    """

    id: str
    tier: int
    regex: re.Pattern[str]
    keywords: tuple[str, ...] = ()
    prefixes: tuple[str, ...] = ()
    entropy: float | None = None
    group: str = "v"
    locate: Locate | None = None
    window: tuple[int, int] | None = None
    anchor: Anchor | None = None
    requires: tuple[str, ...] = ()

    def finditer(self, text: str) -> Iterator[SecretFinding]:
        """Findings of this rule alone in `text` (a gate scans all rules sharing one pass)."""
        scan = _Scan(text)
        if self.prefixes:
            for pos in scan.token_starts():
                if text.startswith(self.prefixes, pos):
                    finding = self.match_at(text, pos)
                    if finding is not None:
                        yield finding
        else:
            yield from self._findings(scan)

    def match_at(self, text: str, pos: int) -> SecretFinding | None:
        match = self.regex.match(text, pos)
        if match is None:
            return None
        span = self._span(match)
        return None if span is None else SecretFinding(self.id, self.tier, span[0], span[1])

    def _findings(self, scan: _Scan) -> Iterator[SecretFinding]:
        for match in self._matches(scan):
            span = self._span(match)
            if span is not None:
                yield SecretFinding(self.id, self.tier, span[0], span[1])

    def _matches(self, scan: _Scan) -> Iterator[re.Match[str]]:
        text = scan.text
        if self.requires and not all(r in scan.lowered for r in self.requires):
            return
        if self.keywords and (self.window is None or not scan.aligned):
            if any(k in scan.lowered for k in self.keywords):
                yield from self.regex.finditer(text)
            return
        if not self.keywords:
            yield from self.regex.finditer(text)
            return
        assert self.window is not None
        hits = scan.all_hits(self.keywords)
        if not hits:
            return
        before, after = self.window
        n = len(text)
        if self.anchor is not None:
            last_start = last_end = -1
            for hit in hits:
                if hit < last_end:
                    continue
                start = self.anchor(text, hit)
                if start is None or start == last_start or start < last_end:
                    continue
                last_start = start
                match = self.regex.match(text, start, min(n, hit + after))
                if match:
                    last_end = match.end()
                    yield match
            return
        win_start = win_end = -1
        for hit in hits:
            start, end = max(0, hit - before), min(n, hit + after)
            if start <= win_end:
                win_end = max(win_end, end)
                continue
            if win_end > win_start:
                yield from self.regex.finditer(text, win_start, win_end)
            win_start, win_end = start, end
        if win_end > win_start:
            yield from self.regex.finditer(text, win_start, win_end)

    def _span(self, match: re.Match[str]) -> tuple[int, int] | None:
        if self.locate is not None:
            return self.locate(match)
        start, end = match.span(self.group)
        if self.entropy is not None and shannon_entropy(match.string[start:end]) < self.entropy:
            return None
        return start, end


# --------------------------------------------------------------------------------------------------------------
# Value heuristics
# --------------------------------------------------------------------------------------------------------------

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


def _classes(value: str) -> int:
    """How many of lowercase, uppercase, digit and other characters occur in `value`."""
    return sum(1 for rx in (_LOWER_RE, _UPPER_RE, _DIGIT_RE, _OTHER_RE) if rx.search(value))


def _class_switch_rate(value: str) -> float:
    """Fraction of neighbouring characters whose class differs: ~0.6 for random base62, ~0.15 for camelCase words."""
    if len(value) < 2:
        return 0.0
    classes = _OTHER_CLASS_RE.sub("s", value.translate(_CLASS_TABLE))
    return sum(map(str.__ne__, classes, classes[1:])) / (len(value) - 1)


def _min_entropy(length: int) -> float:
    """Entropy a human-chosen value of `length` must reach: 3.0 bits, relaxed for short values."""
    return min(3.0, math.log2(max(length, 2)) - 1.0)


# Substrings that mark documentation placeholders in a (short, human) value. Case-insensitive.
_PLACEHOLDER_PARTS = (
    "${", "{{", "}}", "<", ">", "%(", "changeme", "change_me", "change-me", "changeit", "your_", "your-",
    "yourpass", "yourtoken", "yoursecret", "yourkey", "yourapi", "your ", "example", "placeholder", "redacted",
    "xxxx", "****", "...", "…", "•", "replace_me", "replaceme", "replace-me", "replace_with", "insert_", "insert-",
    "notreal", "not_real", "not-real", "secretref", "secretkeyref", "valuefrom", "vault:", "op://", "ref+",
    "arn:aws:", "enc[", "sm://", "ssm:", "keyvault", "mysecret", "my_secret", "my-secret", "mypassword",
    "my_password", "my-password", "mytoken", "my_token", "my-token", "12345678", "abcdefgh", "qwerty", "here_",
    "_here", "-here", "goes_here", "goes-here",
)
# Short words mark a placeholder only as a whole word (`fake_token`), not inside a random string (`aTODoNg`).
_PLACEHOLDER_WORDS_RE = re.compile(r"(?<![a-z0-9])(?:todo|fixme|fake|dummy|sample|lorem|foobar|tbd)(?![a-z0-9])")
_PLACEHOLDER_WORDS = frozenset({
    "true", "false", "null", "none", "nil", "undefined", "empty", "string", "str", "int", "bool", "required",
    "optional", "secret", "password", "passwd", "token", "hidden", "masked", "unset", "n/a", "na", "tbd",
    "default", "value", "test", "testing", "admin", "root", "guest", "user", "username", "pass", "postgres",
    "mysql", "redis", "rabbitmq", "mongo", "letmein", "welcome", "s3cr3t", "secret123", "password1",
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
    r"[vV]?\d+(?:\.\d+)+(?:[-+][\w.]+)?"       # semver
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


_PLACEHOLDER_PARTS_RE = re.compile("|".join(re.escape(p) for p in _PLACEHOLDER_PARTS))


def _is_wordlike(value: str) -> bool:
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


def _is_placeholder(value: str) -> bool:
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
    return all(len(seg) <= 8 or _class_switch_rate(seg) < 0.45 for seg in segments)


def _is_word_sequence(value: str) -> bool:
    """Words and short numbers joined by `:._/-`: `agent:main:telegram:dm:chat-42`, `wetopi-prod-01`."""
    if not _WORD_SEQUENCE_RE.fullmatch(value):
        return False
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


def _opaque(value: str, *, quoted: bool, min_len: int = 8) -> bool:
    """A value that looks like a literal secret: long enough, not a placeholder or reference, not words."""
    if len(value) < min_len or (not quoted and _is_reference(value)) or _is_placeholder(value):
        return False
    if _not_opaque(value) or _is_wordlike(value) or _is_word_sequence(value) or _is_path(value):
        return False
    if " " in value and any(word.isalpha() and len(word) >= 3 for word in value.split()):   # a phrase
        return False
    classes = _classes(value)
    if classes < 2 and len(value) < 20:
        return False
    if not any(ch.isdigit() for ch in value):   # digit-free secrets must be long and visibly random
        switches = _class_switch_rate(value)
        if len(value) < 12 or switches < 0.3 or (classes < 3 and switches < 0.5):
            return False
    return shannon_entropy(value) >= _min_entropy(len(value))


def _prose_opaque(value: str, *, form: str = "verb") -> bool:
    """Stricter than `_opaque`: prose values must mix letters with digits, or be long, random-looking strings.

    `form` is how the value follows the noun: "verb" (`the password is <value>`), "sep" (`API key: <value>`,
    8+ characters) or "bare" (`contraseña <value>`: 8+ characters with letters and at least two digits).
    """
    if not _opaque(value, quoted=False, min_len=7 if form == "verb" else 8):
        return False
    has_alpha = any(ch.isalpha() for ch in value)
    digits = sum(ch.isdigit() for ch in value)
    if form == "bare":
        return has_alpha and digits >= 2
    if has_alpha and digits:
        return True
    return len(value) >= 12 and _classes(value) >= 3 and _class_switch_rate(value) >= 0.3


# Tier-1 bodies are random; these catch documentation tokens such as `ghp_xxxx...` or `AKIA...EXAMPLE`.
_T1_PLACEHOLDER_PARTS = ("example", "xxxxxx", "******", "your_", "your-", "-here", "_here", "placeholder",
                         "redacted", "dummy", "abcdefghij", "0123456789", "1234567890")
_T1_PLACEHOLDER_RE = re.compile("|".join(re.escape(p) for p in _T1_PLACEHOLDER_PARTS))
_SAME_RUN_RE = re.compile(r"(.)\1{7}")


def _t1_body_ok(body: str, min_entropy: float) -> bool:
    low = body.lower()
    if _T1_PLACEHOLDER_RE.search(low) or _SAME_RUN_RE.search(body):
        return False
    return shannon_entropy(body) >= min_entropy


def _random_letters(body: str) -> bool:
    """A digit-free body that is still clearly random: long, mixed case, case flipping often."""
    return len(body) >= 20 and _classes(body) >= 2 and _class_switch_rate(body) >= 0.35 \
        and shannon_entropy(body) >= 3.5


def _token(*, entropy: float = 3.0, prefix: int = 0, need_digit: bool = False, need_alpha: bool = False,
           random_like: float = 0.0) -> Locate:
    """The default tier-1 check on group `v`: its body is random-looking and not a placeholder.

    The body is group `b` when the regex has one, else the value minus its first `prefix` characters.
    """

    def locate(match: re.Match[str]) -> tuple[int, int] | None:
        start, end = match.span("v")
        text = match.string
        while end > start and text[end - 1] == ".":   # a sentence-ending dot is not part of the token
            end -= 1
        value = text[start:end]
        body = match.group("b") if "b" in match.re.groupindex else value[prefix:]
        if need_digit and not any(ch.isdigit() for ch in body) and not _random_letters(body):
            return None
        if need_alpha and not any(ch.isalpha() for ch in body):
            return None
        if random_like and _class_switch_rate(body) < random_like:
            return None
        return (start, end) if _t1_body_ok(body, entropy) else None

    return locate


# --------------------------------------------------------------------------------------------------------------
# Key names for tier-2 assignments
# --------------------------------------------------------------------------------------------------------------

_SECRET_SEGMENTS = frozenset({
    "password", "passwd", "pwd", "pass", "passphrase", "passcode", "secret", "token", "apikey", "apitoken",
    "accesstoken", "authtoken", "privatekey", "secretkey", "accesskey", "clientsecret", "contraseña",
    "contrasena", "clave", "credential", "credentials", "creds", "auth", "authorization", "bearer",
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
    "namespace", "annotation", "taint", "toleration", "track", "music", "piano",
})
_SPLIT_RE = re.compile(r"[\W_]+")
_CAMEL_RE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_KEY_STEMS = ("pass", "pwd", "secret", "token", "key", "contrase", "clave", "cred", "auth", "bearer")


@lru_cache(maxsize=4096)
def _secret_key(key: str) -> bool:
    """Whether a config key names a secret: `DB_PASSWORD`, `apiKey`, `x-api-key`, `contraseña`, ...

    The secret word must be a whole segment (`KEYBOARD`, `monkey` do not count), and gitleaks-style
    false-positive names are excluded (`api_version`, `key_id`, `public_key`, `token_url`, `csrf_token`, ...).
    """
    low = key.lower()
    if not any(stem in low for stem in _KEY_STEMS):
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


_PASSWORDISH = ("pass", "pwd", "contrase", "clave")
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
    if not _secret_key(key):
        return None
    start, end, quoted = _unquote(match)
    value = match.string[start:end].strip()
    if not value:
        return None
    lead = match.string[start:end].find(value)
    start, end = start + lead, start + lead + len(value)
    low_key = key.lower()
    short_ok = any(p in low_key for p in _PASSWORDISH) and any(c.isdigit() for c in value) \
        and any(c.isalpha() for c in value)
    if not _opaque(value, quoted=quoted, min_len=6 if short_ok else 8) and not _base64_secret(value):
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
    return decoded.isprintable() and _opaque(decoded, quoted=True, min_len=6)


def _key_start(text: str, hit: int) -> int:
    r"""Start of the (optionally quoted) key around a keyword hit: back over `[\w.$@-]`, then one quote."""
    i, limit = hit, max(0, hit - 84)
    while i > limit and (text[i - 1].isalnum() or text[i - 1] in "_.-$@"):
        i -= 1
    if i > 0 and text[i - 1] in "\"'`":
        i -= 1
    return i


def _tag_start(text: str, hit: int) -> int | None:
    """The `<` opening the XML element whose name contains the keyword hit."""
    i, limit = hit, max(0, hit - 84)
    while i > limit and (text[i - 1].isalnum() or text[i - 1] in "_:.-"):
        i -= 1
    return i - 1 if i > 0 and text[i - 1] == "<" else None


def _at_hit(text: str, hit: int) -> int:
    return hit


def _locate_assignment(match: re.Match[str]) -> tuple[int, int] | None:
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


def _locate_keyed(match: re.Match[str]) -> tuple[int, int] | None:
    return _assigned_secret(match, match.group("key"))


# --------------------------------------------------------------------------------------------------------------
# Tier-2 locators
# --------------------------------------------------------------------------------------------------------------

def _locate_auth_header(match: re.Match[str]) -> tuple[int, int] | None:
    start, end = match.span("v")
    value = match.string[start:end]
    scheme = (match.group("scheme") or "").lower()
    if scheme == "basic":
        try:
            decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
        except (binascii.Error, ValueError):
            return None
        user, sep, password = decoded.partition(":")
        if not sep or not password or password == user or _is_placeholder(password):
            return None
        return start, end
    return (start, end) if _opaque(value, quoted=True) else None


def _locate_bearer(match: re.Match[str]) -> tuple[int, int] | None:
    start, end = match.span("v")
    value = match.string[start:end]
    has_alpha = any(c.isalpha() for c in value)
    has_digit = any(c.isdigit() for c in value)
    return (start, end) if has_alpha and has_digit and _opaque(value, quoted=True) else None


def _locate_url_password(match: re.Match[str]) -> tuple[int, int] | None:
    start, end = match.span("v")
    password = unquote(match.string[start:end])
    user = unquote(match.group("user"))
    if len(password) < 4 or password == user or _is_placeholder(password) or " " in password:
        return None
    if password.isdigit() and len(password) <= 5:   # host:port, not user:password
        return None
    return start, end


def _locate_query_param(match: re.Match[str]) -> tuple[int, int] | None:
    start, end = match.span("v")
    value = unquote(match.string[start:end]).lstrip("/")   # base64 may start with `/`; it is not a path here
    return (start, end) if _opaque(value, quoted=True) else None


def _locate_cli_password(match: re.Match[str]) -> tuple[int, int] | None:
    start, end, quoted = _unquote(match)
    value = match.string[start:end]
    return (start, end) if _opaque(value, quoted=quoted, min_len=6) else None


def _locate_prose(match: re.Match[str]) -> tuple[int, int] | None:
    start, end, _ = _unquote(match, trailing=".,:;)]}?")   # sentence punctuation; `!` may end a password
    value = match.string[start:end]
    form = "verb" if match.group("verb") is not None else "bare" if match.group("bare") is not None else "sep"
    return (start, end) if _prose_opaque(value, form=form) else None


# --------------------------------------------------------------------------------------------------------------
# Tier-1 locators with special allowlists
# --------------------------------------------------------------------------------------------------------------

_AWS_DOC_KEYS = frozenset({"AKIAIOSFODNN7EXAMPLE", "ASIAIOSFODNN7EXAMPLE", "AKIAI44QH8DHBEXAMPLE"})
_locate_aws_body = _token(entropy=3.0)


def _locate_aws(match: re.Match[str]) -> tuple[int, int] | None:
    value = match.group("v")
    if value in _AWS_DOC_KEYS or value.endswith("EXAMPLE") or len(set(value[4:])) <= 2:
        return None
    return _locate_aws_body(match)


# The jwt.io sample token's payload ({"sub":"1234567890","name":"John Doe","iat":1516239022}).
_JWT_DOC_PAYLOADS = ("eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ",)


def _locate_jwt(match: re.Match[str]) -> tuple[int, int] | None:
    start, end = match.span("v")
    value = match.string[start:end]
    while value.endswith("."):
        value = value[:-1]
        end -= 1
    parts = value.split(".")
    if len(parts) < 2 or parts[1] in _JWT_DOC_PAYLOADS:
        return None
    try:   # the header must decode to a JSON object
        header = base64.urlsafe_b64decode(parts[0] + "=" * (-len(parts[0]) % 4))
    except (binascii.Error, ValueError):
        return None
    if not header.lstrip().startswith(b"{"):
        return None
    return start, end


_DIGITS = frozenset("0123456789")


def _locate_telegram(match: re.Match[str]) -> tuple[int, int] | None:
    """`<8-10 digit bot id>:<35 chars starting with A>`; the match is the secret part, the id is checked here."""
    text, colon = match.string, match.start() - 1
    if colon < 8 or text[colon] != ":":
        return None
    i = colon
    while i > 0 and colon - i <= 10 and text[i - 1] in _DIGITS:
        i -= 1
    if not 8 <= colon - i <= 10:
        return None
    if i > 0 and (text[i - 1].isalnum() or text[i - 1] in "_:") and text[max(0, i - 4):i].lower() != "/bot":
        return None   # the id stands alone, or follows `/bot` in an api.telegram.org URL
    body = match.group("b")
    if not _t1_body_ok(body, 3.5) or _class_switch_rate(body) < 0.25:
        return None
    return i, match.end()


_B64_CHARS_RE = re.compile(r"[A-Za-z0-9+/]")


def _locate_private_key(match: re.Match[str]) -> tuple[int, int] | None:
    body = match.group("body").replace("\\n", "\n").replace("\\r", "")
    lines = [line.strip() for line in body.splitlines()]
    payload = "".join(line for line in lines if line and ":" not in line)
    # No placeholder-run check here: DER encodings legitimately contain long `AAAA...` runs.
    if len(_B64_CHARS_RE.findall(payload)) < 64 or shannon_entropy(payload) < 4.0:
        return None
    return match.start(), match.end()


# --------------------------------------------------------------------------------------------------------------
# Tier-3 entropy runs
# --------------------------------------------------------------------------------------------------------------

_HEX_RE = re.compile(r"[0-9a-fA-F]+")
_HASH_HEX_LENGTHS = frozenset({32, 40, 56, 64, 96, 128})
_UUID_RE = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_SRI_RE = re.compile(r"sha(?:1|256|384|512)-")
_SSH_PUBKEY_PREFIXES = ("AAAAB3NzaC1", "AAAAC3NzaC1", "AAAAE2VjZHNh", "AAAAB3NzaC")


def _locate_entropy_run(match: re.Match[str]) -> tuple[int, int] | None:
    start, end = match.span()
    text = match.string
    lead = start   # token starts skip a leading `/`/`+`; base64 may begin with them (not a URL's `://`)
    while lead > 0 and text[lead - 1] in "/+":
        lead -= 1
    if lead == 0 or text[lead - 1] != ":":
        start = lead
    run = text[start:end].rstrip("=")
    if len(run) < 32:
        return None
    if _SRI_RE.match(run) or run.startswith(_SSH_PUBKEY_PREFIXES) or _UUID_RE.search(run):
        return None
    if "example" in run.lower():
        return None
    before = text[max(0, start - 8):start].lower()
    if before.endswith(("base64,", "sha256:", "sha512:", "sha1:", "md5:")):
        return None
    if _HEX_RE.fullmatch(run):
        if len(run) in _HASH_HEX_LENGTHS or shannon_entropy(run) < 3.0:
            return None
        return start, end
    sample = run[:4096]
    if not (_LOWER_RE.search(sample) and _UPPER_RE.search(sample) and _DIGIT_RE.search(sample)):
        return None
    if _class_switch_rate(sample) < 0.3 or shannon_entropy(sample) < (4.2 if len(run) >= 40 else 4.0):
        return None
    return start, end


# --------------------------------------------------------------------------------------------------------------
# The rule table
# --------------------------------------------------------------------------------------------------------------

# Left boundary for prefix tokens: not inside a word or a dashed name (`risk-based` must not match `sk-`), but a
# JSON-escaped `\n` right before the token is fine.
_B = r"(?:(?<![A-Za-z0-9_-])|(?<=\\[nrt]))"
_E = r"(?![A-Za-z0-9_-])"


def _rx(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags)


def _prefixed(rule_id: str, pattern: str, prefixes: Sequence[str], *, entropy: float = 3.0, prefix: int = 0,
              need_digit: bool = False, need_alpha: bool = False, random_like: float = 0.0) -> SecretRule:
    """A tier-1 token rule: `pattern` has a `v` group (the token) that starts with one of `prefixes`."""
    check = _token(entropy=entropy, prefix=prefix, need_digit=need_digit, need_alpha=need_alpha,
                   random_like=random_like)
    return SecretRule(rule_id, 1, _rx(pattern), prefixes=tuple(prefixes), locate=check)


_GITLAB_PREFIXES = ("glpat", "gloas", "gldt", "glrt", "glrtr", "glcbt", "glptt", "glft", "glimt", "glagent",
                    "glsoat", "glffct", "glwt")

_TIER1: tuple[SecretRule, ...] = (
    SecretRule("aws-access-key-id", 1,
               _rx(r"(?<![A-Za-z0-9])(?P<v>(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16})(?![A-Za-z0-9])"),
               prefixes=("AKIA", "ASIA", "ABIA", "ACCA", "A3T"), locate=_locate_aws),
    _prefixed("github-token", _B + r"(?P<v>gh[pousr]_[A-Za-z0-9]{36,251})" + _E,
              ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"), prefix=4),
    _prefixed("github-fine-grained-pat", _B + r"(?P<v>github_pat_[A-Za-z0-9_]{60,255})" + _E,
              ("github_pat_",), prefix=11),
    _prefixed("gitlab-token",
              _B + r"(?P<v>(?:" + "|".join(_GITLAB_PREFIXES) + r")-[A-Za-z0-9_.-]{20,300})" + _E,
              tuple(p + "-" for p in _GITLAB_PREFIXES), prefix=5),
    _prefixed("gitlab-runner-registration-token", _B + r"(?P<v>GR1348941[A-Za-z0-9_-]{20,64})" + _E,
              ("GR1348941",), prefix=9),
    _prefixed("slack-token", _B + r"(?P<v>xox[abposre]-[0-9]{1,15}-[A-Za-z0-9-]{10,250})" + _E,
              tuple(f"xox{c}-" for c in "abposre"), prefix=5),
    _prefixed("slack-app-token",
              _B + r"(?P<v>xapp-[0-9]-[A-Za-z0-9]{6,16}-[0-9]{6,16}-[A-Za-z0-9]{20,80})" + _E, ("xapp-",),
              prefix=5),
    SecretRule("slack-webhook-url", 1,
               _rx(r"(?P<v>https?://hooks\.slack\.com/(?:services|workflows|triggers)/(?P<b>[A-Za-z0-9_/+-]{20,200}))"),
               ("hooks.slack.com",), locate=_token(need_digit=True), window=(8, 320)),
    SecretRule("discord-webhook-url", 1,
               _rx(r"(?P<v>https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/[0-9]{17,20}/"
                   r"(?P<b>[A-Za-z0-9_-]{60,80}))" + _E),
               ("discord",), locate=_token(entropy=3.5), window=(40, 200)),
    _prefixed("stripe-key", _B + r"(?P<v>(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{16,247})" + _E,
              ("sk_live_", "sk_test_", "sk_prod_", "rk_live_", "rk_test_", "rk_prod_"), prefix=8),
    _prefixed("stripe-webhook-secret", _B + r"(?P<v>whsec_[A-Za-z0-9+/=]{24,128})" + _E, ("whsec_",), prefix=6),
    _prefixed("google-api-key", _B + r"(?P<v>AIza[A-Za-z0-9_-]{35})" + _E, ("AIza",), prefix=4),
    _prefixed("openai-api-key",
              _B + r"(?P<v>sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,250}"
              r"|sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20})" + _E,
              ("sk-",), entropy=3.5, prefix=3),
    _prefixed("anthropic-api-key", _B + r"(?P<v>sk-ant-[A-Za-z0-9_-]{40,200})" + _E, ("sk-ant-",),
              entropy=3.5, prefix=7),
    _prefixed("openrouter-api-key", _B + r"(?P<v>sk-or-v1-[0-9a-f]{64})" + _E, ("sk-or-v1-",), prefix=9),
    _prefixed("langfuse-secret-key",
              _B + r"(?P<v>sk-lf-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})" + _E,
              ("sk-lf-",), prefix=6),
    # DeepSeek, Moonshot, legacy OpenAI, ...: `sk-` and 32+ alphanumerics, letters and digits mixed.
    _prefixed("sk-api-key", _B + r"(?P<v>sk-[A-Za-z0-9]{32,100})" + _E, ("sk-",), entropy=3.0, prefix=3,
              need_digit=True, need_alpha=True, random_like=0.2),
    _prefixed("huggingface-token", _B + r"(?P<v>(?:hf_|api_org_)[A-Za-z0-9]{34})" + _E, ("hf_", "api_org_"),
              entropy=3.5, prefix=3, random_like=0.25),
    _prefixed("npm-token", _B + r"(?P<v>npm_[A-Za-z0-9]{36})" + _E, ("npm_",), prefix=4),
    _prefixed("pypi-token",
              _B + r"(?P<v>pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,1000})" + _E,
              ("pypi-AgE",), prefix=24),
    _prefixed("sendgrid-api-key", _B + r"(?P<v>SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})" + _E, ("SG.",),
              prefix=3),
    _prefixed("twilio-api-key", r"(?<![A-Za-z0-9])(?P<v>SK[0-9a-f]{32})(?![A-Za-z0-9])", ("SK",), prefix=2,
              need_alpha=True),
    _prefixed("twilio-account-sid", r"(?<![A-Za-z0-9])(?P<v>AC[0-9a-f]{32})(?![A-Za-z0-9])", ("AC",), prefix=2,
              need_alpha=True),
    # `<8-10 digit bot id>:<35 chars>`; the secret part starts with `A` (as gitleaks requires), the id is
    # checked by the locator because `:` ends a token run.
    SecretRule("telegram-bot-token", 1, _rx(r"(?P<b>A[A-Za-z0-9_-]{34})" + _E), prefixes=("A",),
               locate=_locate_telegram),
    _prefixed("discord-bot-token",
              r"(?<![\w.-])(?P<v>[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,38})(?![\w.-])",
              ("M", "N", "O"), entropy=3.5, random_like=0.3),
    SecretRule("jwt", 1,
               _rx(r"(?<![\w-])(?P<v>eyJ[A-Za-z0-9_-]{8,4096}\.eyJ[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{0,4096})"
                   r"(?![\w-])"),
               prefixes=("eyJ",), locate=_locate_jwt),
    SecretRule("private-key", 1,
               _rx(r"-----BEGIN[ A-Z0-9_-]{0,64}PRIVATE KEY(?: BLOCK)?-----"
                   r"(?P<body>(?:[A-Za-z0-9+/=\s:,.\\]|-(?!----)){0,16384})"
                   r"(?:-----END[ A-Z0-9_-]{0,64}PRIVATE KEY(?: BLOCK)?-----)?"),
               ("private key",), locate=_locate_private_key, window=(80, 16600)),
    # Memory vendors. Hindsight Cloud keys look like `hsk_<32 hex>_<16 hex>`; Hermes' redactor uses `hsk-`.
    _prefixed("hindsight-api-key", _B + r"(?P<v>hsk[_-][A-Za-z0-9_-]{20,160})" + _E, ("hsk_", "hsk-"),
              prefix=4, need_digit=True, need_alpha=True),
    _prefixed("mem0-api-key", _B + r"(?P<v>m0-[A-Za-z0-9]{32,64}|mem0_[A-Za-z0-9_-]{20,128})" + _E,
              ("m0-", "mem0_"), entropy=3.5, prefix=3, need_digit=True, need_alpha=True),
    _prefixed("retaindb-api-key", _B + r"(?P<v>retaindb_[A-Za-z0-9_-]{20,128})" + _E, ("retaindb_",),
              prefix=9, need_digit=True, need_alpha=True),
    _prefixed("byterover-api-key", _B + r"(?P<v>brv_[A-Za-z0-9_-]{20,128})" + _E, ("brv_",), prefix=4,
              need_digit=True, need_alpha=True),
    # More prefixes from Hermes' redactor, with conservative minimum lengths.
    _prefixed("xai-api-key", _B + r"(?P<v>xai-[A-Za-z0-9]{30,128})" + _E, ("xai-",), prefix=4, need_digit=True),
    _prefixed("groq-api-key", _B + r"(?P<v>gsk_[A-Za-z0-9]{30,128})" + _E, ("gsk_",), prefix=4,
              need_digit=True),
    _prefixed("replicate-api-token", _B + r"(?P<v>r8_[A-Za-z0-9]{30,64})" + _E, ("r8_",), prefix=3,
              need_digit=True),
    _prefixed("digitalocean-token", _B + r"(?P<v>do[opr]_v1_[a-f0-9]{64})" + _E, ("dop_v1_", "doo_v1_", "dor_v1_"),
              prefix=7),
    _prefixed("tavily-api-key", _B + r"(?P<v>tvly-(?:dev-|prod-)?[A-Za-z0-9]{24,64})" + _E, ("tvly-",),
              prefix=5, need_digit=True),
    _prefixed("perplexity-api-key", _B + r"(?P<v>pplx-[A-Za-z0-9]{32,64})" + _E, ("pplx-",), prefix=5,
              need_digit=True),
    _prefixed("firecrawl-api-key", _B + r"(?P<v>fc-[A-Za-z0-9]{32})" + _E, ("fc-",), prefix=3, need_digit=True,
              need_alpha=True),
    _prefixed("notion-token", _B + r"(?P<v>ntn_[A-Za-z0-9]{40,50})" + _E, ("ntn_",), prefix=4, need_digit=True),
    _prefixed("fireworks-api-key", _B + r"(?P<v>(?:fw|fpk)_[A-Za-z0-9]{30,64})" + _E, ("fw_", "fpk_"),
              prefix=3, need_digit=True),
    _prefixed("shopify-token", _B + r"(?P<v>shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32})" + _E,
              ("shpat_", "shpca_", "shppa_", "shpss_"), prefix=6),
    _prefixed("databricks-token", _B + r"(?P<v>dapi[a-f0-9]{32}(?:-[0-9])?)" + _E, ("dapi",), prefix=4,
              need_alpha=True, need_digit=True),
    _prefixed("age-secret-key", r"(?P<v>AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})",
              ("AGE-SECRET-KEY-1",), prefix=16),
)

# Values of tier-2 assignments: a quoted string or one unquoted word.
_VALUE = r"(?P<v>\"[^\"\r\n]{1,512}\"|'[^'\r\n]{1,512}'|`[^`\r\n]{1,512}`|[^\s\"'`,;]{1,512})"

_TIER2: tuple[SecretRule, ...] = (
    SecretRule("authorization-header", 2,
               _rx(r"(?<![\w-])(?:proxy-)?authorization[\"']?[ \t]*[:=][ \t]*[\"']?"
                   r"(?:(?P<scheme>bearer|token|basic|digest|apikey|api-key|sso-key|jwt)[ \t]+)?"
                   r"(?P<v>[A-Za-z0-9._~+/:-]{8,4096}=*)", re.IGNORECASE),
               ("authorization",), locate=_locate_auth_header, window=(8, 4300)),
    SecretRule("bearer-token", 2,
               _rx(r"(?<![\w-])[Bb]earer[ \t]+(?P<v>[A-Za-z0-9._~+/-]{16,4096}=*)"),
               ("bearer",), locate=_locate_bearer, window=(0, 4200)),
    SecretRule("url-credentials", 2,
               _rx(r"://(?P<user>[^\s:/?#@\"'<>\[\]]{0,128}):(?P<v>[^\s/\"'<>]{1,256})@(?=[A-Za-z0-9\[])"),
               ("://",), locate=_locate_url_password),
    SecretRule("signed-url-parameter", 2,
               _rx(r"[?&;](?:x-amz-signature|x-amz-security-token|x-goog-signature|sig|signature|token|"
                   r"access_token|refresh_token|id_token|auth_token|client_secret|api_key|apikey|api-key|key|"
                   r"password|passwd|pwd|secret|auth|jwt|session|sessionid|session_id|code|private_token|"
                   r"private-token)=(?P<v>[^&\s#\"'<>()\[\]{}|\\^`]{8,2048})", re.IGNORECASE),
               ("=",), locate=_locate_query_param),
    SecretRule("keyword-assignment", 2,
               _rx(r"(?<![\w.$@-])(?P<kq>[\"'`]?)(?P<key>[$@]?-{0,2}[^\W\d][\w.-]{0,80})(?P=kq)"
                   r"[ \t]{0,4}(?:\*\*[ \t]{0,2})?(?P<op>:=|=>|\?=|\|\|=|=(?!=)|:(?![:/])|,)"
                   r"[ \t]{0,8}(?:\*\*[ \t]{0,2})?" + _VALUE),
               _KEY_STEMS, locate=_locate_assignment, window=(100, 700), anchor=_key_start),
    SecretRule("k8s-env-value", 2,
               _rx(r"\bname:[ \t]*[\"']?(?P<key>[\w.-]{1,80})[\"']?[ \t]*\r?\n[ \t]*(?:-[ \t]+)?value:[ \t]*"
                   + _VALUE),
               ("value:",), locate=_locate_keyed, window=(150, 600), requires=("name:",)),
    SecretRule("xml-secret-element", 2,
               _rx(r"<(?P<key>[\w:.-]{1,80})>(?P<v>[^<\r\n]{1,512})</(?P=key)>"),
               _KEY_STEMS, locate=_locate_keyed, window=(100, 700), anchor=_tag_start, requires=("</",)),
    SecretRule("cli-password-flag", 2,
               _rx(r"(?<![\w-])--(?:password|passwd|pass|token|api-key|apikey|secret|client-secret|auth-token|"
                   r"access-token|db-password|admin-password|dbpass)[ \t]+"
                   r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'`;|&]{1,256})", re.IGNORECASE),
               ("--",), locate=_locate_cli_password, window=(0, 300)),
    SecretRule("mysql-password-flag", 2,
               _rx(r"\bmysql(?:dump|admin|sh)?\b[^\r\n]{0,200}?[ \t]-p(?P<v>[^\s\"'`;|&-][^\s\"'`;|&]{3,127})"),
               ("mysql",), locate=_locate_cli_password, window=(0, 400)),
    SecretRule("curl-user-password", 2,
               _rx(r"\bcurl\b[^\r\n]{0,300}?[ \t](?:-u|--user)(?:[ \t]+|=)[\"']?(?P<user>[^\s:\"']{1,128}):"
                   r"(?P<v>[^\s\"']{3,256})"),
               ("curl",), locate=_locate_url_password, window=(0, 1000)),
    SecretRule("prose-secret", 2,
               # Anchored at the keyword: `key` only counts after `api`, `access`, `secret` or `private`.
               _rx(r"(?:(?<![\w-])(?:password|passwd|passphrase|passcode|pass[ -]word|token|secreto|secret|"
                   r"credentials?|contraseña|contrasena|clave(?:[ \t]+(?:de[ \t]+)?(?:acceso|api|la[ \t]+api))?|llave)"
                   r"|(?:(?<=api[ _-])|(?<=api)|(?<=access[ _-])|(?<=secret[ _-])|(?<=private[ _-]))key)"
                   r"(?![\w-])"
                   r"(?:[ \t]+(?:new|current|temporary|old|nueva|nuevo|actual|temporal|provisional|antigua|antiguo))?"
                   r"(?:(?:[ \t]+(?:for|of|to|on|in|at|de|del|para|en)[ \t]+[^\r\n:;=]{1,60}?)?"
                   r"(?:(?P<verb>(?:[ \t]+(?:has[ \t]+been|was|is|se|ha[ \t]+sido))?[ \t]+(?:changed|set|reset|"
                   r"updated|rotated|cambiad[oa]|cambió|actualizad[oa])[ \t]+(?:to|a)"
                   r"|[ \t]+(?:is|was|will[ \t]+be|is[ \t]+now|are|es|era|será|sería|es[ \t]+ahora|"
                   r"ahora[ \t]+es|queda|quedó))"
                   r"|[ \t]*[:=])"
                   r"|(?P<bare>[ \t]+))"
                   r"[ \t]*[:=]?[ \t]*[\"'`«“]?(?P<v>[^\s\"'`»”]{6,256})", re.IGNORECASE),
               ("pass", "key", "token", "secret", "credential", "contrase", "clave", "llave"),
               locate=_locate_prose, window=(0, 420), anchor=_at_hit),
)

_TIER3: tuple[SecretRule, ...] = (
    # Tried at every token start (prefix ""); `.` ends the string, so JWT-like parts are judged one by one.
    SecretRule("high-entropy-string", 3, _rx(r"(?P<v>[A-Za-z0-9+/_-]{32,})={0,2}"), prefixes=("",),
               locate=_locate_entropy_run),
)


RULES: tuple[SecretRule, ...] = _TIER1 + _TIER2 + _TIER3


# --------------------------------------------------------------------------------------------------------------
# The gate
# --------------------------------------------------------------------------------------------------------------

class SecretGate:
    """Scan text for secrets. Tiers 1 and 2 block; tier 3 (entropy only) blocks only with `block_tier3=True`."""

    def __init__(self, block_tier3: bool = False, *, rules: Sequence[SecretRule] = RULES) -> None:
        self.block_tier3 = block_tier3
        self._rules = tuple(sorted(rules, key=lambda r: r.tier))
        # Per tier: token rules indexed by the first character of their prefixes ("" = every token start),
        # and the other rules.
        self._by_char: dict[int, dict[str, list[tuple[str, SecretRule]]]] = {}
        self._every_token: dict[int, list[SecretRule]] = {}
        self._other: dict[int, list[SecretRule]] = {}
        for rule in self._rules:
            if not rule.prefixes:
                self._other.setdefault(rule.tier, []).append(rule)
            for prefix in rule.prefixes:
                if prefix:
                    self._by_char.setdefault(rule.tier, {}).setdefault(prefix[0], []).append((prefix, rule))
                elif rule not in self._every_token.get(rule.tier, ()):
                    self._every_token.setdefault(rule.tier, []).append(rule)

    def __repr__(self) -> str:
        return f"SecretGate(block_tier3={self.block_tier3}, rules={len(self._rules)})"

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self._rules)

    def _blocks_tier(self, tier: int) -> bool:
        return tier in BLOCKING_TIERS or (self.block_tier3 and tier == 3)

    def _findings(self, text: str, tiers: frozenset[int]) -> Iterator[SecretFinding]:
        """Findings of the rules of `tiers`, tier by tier (token rules of a tier before its other rules)."""
        scan = _Scan(text)
        spans: list[tuple[int, int]] = []   # found so far; weaker tiers skip token starts inside them
        for tier in sorted(tiers):
            if tier in self._by_char or tier in self._every_token:
                spans.sort()
                for finding in self._token_findings(scan, self._by_char.get(tier, {}),
                                                    self._every_token.get(tier, []), spans):
                    spans.append((finding.start, finding.end))
                    yield finding
            for rule in self._other.get(tier, ()):
                for finding in rule._findings(scan):
                    spans.append((finding.start, finding.end))
                    yield finding

    @staticmethod
    def _token_findings(scan: _Scan, by_char: dict[str, list[tuple[str, SecretRule]]], every: list[SecretRule],
                        covered: list[tuple[int, int]]) -> Iterator[SecretFinding]:
        text = scan.text
        last_end: dict[str, int] = {}   # a rule is not retried inside its own previous match
        for pos in scan.token_starts():
            if covered:
                i = bisect_left(covered, (pos + 1,)) - 1
                if i >= 0 and covered[i][0] <= pos < covered[i][1]:
                    continue
            entries = by_char.get(text[pos])
            candidates = [r for p, r in entries if text.startswith(p, pos)] if entries else []
            for rule in (*candidates, *every) if every else candidates:
                if pos < last_end.get(rule.id, -1):
                    continue
                match = rule.regex.match(text, pos)
                if match is None:
                    continue
                last_end[rule.id] = match.end()
                span = rule._span(match)
                if span is not None:
                    yield SecretFinding(rule.id, rule.tier, span[0], span[1])

    def scan(self, text: str) -> list[SecretFinding]:
        """Every finding, in text order. A finding inside a higher-tier (lower number) finding is dropped."""
        _require_str(text)
        if not text:
            return []
        return _without_overlaps(list(self._findings(text, frozenset({1, 2, 3}))))

    def first(self, text: str) -> SecretFinding | None:
        """The first blocking finding in rule order (tier 1 before tier 2), or None. Stops at the first hit."""
        _require_str(text)
        if not text:
            return None
        tiers = frozenset({1, 2, 3}) if self.block_tier3 else BLOCKING_TIERS
        return next(self._findings(text, tiers), None)

    def blocks(self, text: str) -> bool:
        """Whether `text` must be rejected."""
        return self.first(text) is not None

    def blocking(self, findings: Iterable[SecretFinding]) -> list[SecretFinding]:
        """The findings that block under this gate's policy."""
        return [f for f in findings if self._blocks_tier(f.tier)]

    @staticmethod
    def describe(findings: Iterable[SecretFinding]) -> str:
        """A log- and error-safe summary: rule ids, tiers and offsets only."""
        parts = [f"{f.rule_id} (tier {f.tier}) at {f.start}..{f.end}" for f in findings]
        return "secret-like content: " + ", ".join(parts) if parts else "no secret-like content"


def _require_str(text: object) -> None:
    if not isinstance(text, str):   # the message names the type only, never the content
        raise TypeError(f"SecretGate scans str, not {type(text).__name__}")


def _without_overlaps(findings: list[SecretFinding]) -> list[SecretFinding]:
    """Keep the strongest finding where spans overlap: lower tier first, then earlier start, then longer span."""
    if len(findings) < 2:
        return findings
    kept_starts: list[int] = []
    kept_ends: list[int] = []
    kept: list[SecretFinding] = []
    for f in sorted(findings, key=lambda f: (f.tier, f.start, -(f.end - f.start))):
        i = bisect_left(kept_starts, f.start)
        overlaps = (i > 0 and kept_ends[i - 1] > f.start) or (i < len(kept_starts) and kept_starts[i] < f.end)
        if overlaps:
            continue
        kept_starts.insert(i, f.start)
        kept_ends.insert(i, f.end)
        kept.insert(i, f)
    return kept


DEFAULT_GATE = SecretGate()
