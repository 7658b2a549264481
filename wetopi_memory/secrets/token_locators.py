"""Tier-1 and tier-3 locators: checks on vendor tokens, JWTs, PEM keys and high-entropy runs at token starts."""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Sequence

from .findings import Tier
from .heuristics import class_switch_rate, is_random_letters, mixes_case_and_digits, shannon_entropy, token_body_ok
from .rule import Locate, SecretRule

# Left boundary for prefix tokens: not inside a word or a dashed name (`risk-based` must not match `sk-`), but a
# JSON-escaped `\n` right before the token is fine; and the right one: the token does not go on.
TOKEN_START = r"(?:(?<![A-Za-z0-9_-])|(?<=\\[nrt]))"
TOKEN_END = r"(?![A-Za-z0-9_-])"


def token_check(*, entropy: float = 3.0, prefix: int = 0, need_digit: bool = False, need_alpha: bool = False,
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
        if need_digit and not any(ch.isdigit() for ch in body) and not is_random_letters(body):
            return None
        if need_alpha and not any(ch.isalpha() for ch in body):
            return None
        if random_like and class_switch_rate(body) < random_like:
            return None
        return (start, end) if token_body_ok(body, entropy) else None

    return locate



def prefixed_rule(rule_id: str, pattern: str, prefixes: Sequence[str], *, entropy: float = 3.0, prefix: int = 0,
                  need_digit: bool = False, need_alpha: bool = False, random_like: float = 0.0) -> SecretRule:
    """A tier-1 token rule: `pattern` has a `v` group (the token) that starts with one of `prefixes`."""
    check = token_check(entropy=entropy, prefix=prefix, need_digit=need_digit, need_alpha=need_alpha,
                        random_like=random_like)
    return SecretRule(rule_id, Tier.TOKEN, re.compile(pattern), prefixes=tuple(prefixes), locate=check)


_AWS_DOC_KEYS = frozenset({"AKIAIOSFODNN7EXAMPLE", "ASIAIOSFODNN7EXAMPLE", "AKIAI44QH8DHBEXAMPLE"})
_locate_aws_body = token_check(entropy=3.0)


def locate_aws(match: re.Match[str]) -> tuple[int, int] | None:
    """An AWS access key id that is not one of AWS's documentation keys."""
    value = match.group("v")
    if value in _AWS_DOC_KEYS or value.endswith("EXAMPLE") or len(set(value[4:])) <= 2:
        return None
    return _locate_aws_body(match)


# The jwt.io sample token's payload ({"sub":"1234567890","name":"John Doe","iat":1516239022}).
_JWT_DOC_PAYLOADS = ("eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ",)


def locate_jwt(match: re.Match[str]) -> tuple[int, int] | None:
    """A JWT whose header decodes to a JSON object and whose payload is not the jwt.io sample."""
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


def locate_telegram(match: re.Match[str]) -> tuple[int, int] | None:
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
    if not token_body_ok(body, 3.5) or class_switch_rate(body) < 0.25:
        return None
    return i, match.end()


_B64_CHARS_RE = re.compile(r"[A-Za-z0-9+/]")


def locate_private_key(match: re.Match[str]) -> tuple[int, int] | None:
    """A PEM private-key block with a real (long, high-entropy) base64 payload."""
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


def locate_entropy_run(match: re.Match[str]) -> tuple[int, int] | None:
    """A long random-looking run that is not a hash, UUID, SRI digest, SSH public key or data URI."""
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
    if not mixes_case_and_digits(sample):
        return None
    if class_switch_rate(sample) < 0.3 or shannon_entropy(sample) < (4.2 if len(run) >= 40 else 4.0):
        return None
    return start, end

