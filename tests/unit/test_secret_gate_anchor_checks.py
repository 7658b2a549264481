"""Anchors that turn a keyword hit away before a rule's regex runs only ever turn away hits where it cannot match."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wetopi_memory.secrets.context_locators import prose_noun_start
from wetopi_memory.secrets.rule_table import RULES
from wetopi_memory.secrets.service_rules import bootstrap_token_start

_PROSE = next(r for r in RULES if r.id == "prose-secret")
_BOOTSTRAP = next(r for r in RULES if r.id == "kubeadm-bootstrap-token")

_NOUN_PIECES = st.one_of(
    st.sampled_from(["password", "PassWord", "pass", "pass word", "pass-word", "passwords", "pw", "PIN", "pin",
                     "token", "Tokens", "secret", "secreto", "credentials", "contraseña", "CONTRASENA", "clave",
                     "clave de acceso", "llave", "key", "KEY", "api key", "apikey", "api_key", "private-key",
                     "1Password", "password-reset", "paſſword", "pwd", "tokeN", "credential", "passcode"]),
    st.sampled_from([" ", "  ", "\t", "\n", ": ", " es ", " is ", "=", "-", "_", ".", "ſ", "K", "ı", "İ", "ñ", "é",
                     "x", "9", "Ab3dE5fG", "hunter22", "'"]),
)
_PROSE_TEXTS = st.lists(_NOUN_PIECES, max_size=8).map("".join)


@settings(max_examples=800, deadline=None)
@given(_PROSE_TEXTS)
def test_prose_noun_start_turns_away_no_match(text: str) -> None:
    """Where `prose_noun_start` says None, `prose-secret`'s regex finds nothing from that position."""
    _, after = _PROSE.window or (0, 0)
    for hit in range(len(text)):
        if prose_noun_start(text, hit) is None:
            assert _PROSE.regex.match(text, hit, min(len(text), hit + after)) is None, (text, hit)
        else:
            assert prose_noun_start(text, hit) == hit


_TOKEN_PIECES = st.one_of(
    st.sampled_from(["token", "TOKEN", "--token", "token:", "token=", " ", "\n", ".", ". ", "abcdef",
                     "0123456789abcdef", "ABCDEF", "ſ", "K", "ı", "-", '"', "x"]),
)
_TOKEN_TEXTS = st.lists(_TOKEN_PIECES, max_size=10).map("".join)


@settings(max_examples=800, deadline=None)
@given(_TOKEN_TEXTS)
def test_bootstrap_token_start_turns_away_no_match(text: str) -> None:
    """Where `bootstrap_token_start` says None, the kubeadm regex finds nothing from that position."""
    _, after = _BOOTSTRAP.window or (0, 0)
    for hit in range(len(text)):
        if bootstrap_token_start(text, hit) is None:
            assert _BOOTSTRAP.regex.match(text, hit, min(len(text), hit + after)) is None, (text, hit)


def test_the_anchors_keep_the_cases_that_matter() -> None:
    assert prose_noun_start("the password is X", 4) == 4
    assert prose_noun_start("1Password", 1) is None
    assert prose_noun_start("passwords", 0) is None
    assert prose_noun_start("api key", 4) == 4
    assert prose_noun_start("paſſword", 0) == 0   # beyond ASCII: the regex decides
    assert bootstrap_token_start("--token abcdef.0123456789abcdef", 2) == 2
    assert bootstrap_token_start("the token. Then", 4) is None
