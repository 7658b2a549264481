"""The rule-level necessary conditions (`min_run`, `requires_any`) hold: a text that fails one is a text the rule's
regex and check refuse at every position, so skipping the rule there changes no verdict."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from wetopi_memory.secrets import RULES
from wetopi_memory.secrets.text_scan import TextScan

_RUN_RULES = [rule for rule in RULES if rule.min_run]
_PIECES = [
    "token", "TOKEN: ", "--token=", "key", "secret ", "clave ", "privada ", "PrivateKey = ", "salt", "llave", "cred",
    "abcdef.0123456789abcdef", "Abc9x.Kq2LmN7pQ4rS6tUv", "Kq2LmN7pQ4rS6tUvWx8yZ0aB", "=", " ", "\t", "\n", "\u00a0",
    "\u2003", "\u212a", "ſ", "é", "'", '"', ".", ":", "-", "_", "/", "+", "x9", "qL3mZ8vR2tY6wB1n",
    "yAEiMqUcgkosw048AbCdEfGhIjKlMnOpQrStUvWxYz01=", "es ", "is ", "the ",
]
_TEXTS = st.lists(st.sampled_from(_PIECES), min_size=1, max_size=12).map("".join)


def _refused_everywhere(rule_index: int, text: str) -> bool:
    rule = _RUN_RULES[rule_index] if rule_index >= 0 else _SQL
    for i in range(len(text) + 1):
        match = rule.regex.match(text, i)
        if match is not None and rule.secret_span(match) is not None:
            return False
    return True


@settings(max_examples=400, deadline=None)
@given(_TEXTS)
def test_has_run_is_implied_by_a_run(text: str) -> None:
    """`TextScan.has_run(n)` is True wherever `\\S{n}` occurs (it may be True elsewhere: it is a necessary test)."""
    scan = TextScan(text)
    for n in (1, 16, 23, 44):
        if re.search(rf"\S{{{n}}}", text):
            assert scan.has_run(n), (n, text)


@settings(max_examples=400, deadline=None)
@given(_TEXTS)
def test_min_run_rules_refuse_texts_without_their_run(text: str) -> None:
    """A rule with `min_run` accepts no match in a text without a run of that many non-blank characters."""
    assert {r.id for r in _RUN_RULES} == {"secret-noun-random-value", "kubeadm-bootstrap-token",
                                          "wireguard-private-key"}
    for index, rule in enumerate(_RUN_RULES):
        if not TextScan(text).has_run(rule.min_run):
            assert _refused_everywhere(index, text), (rule.id, text)


_SQL = next(rule for rule in RULES if rule.id == "sql-password")
_SQL_PIECES = ["IDENTIFIED BY ", "identified with caching_sha2_password by ", "PASSWORD(", "password ", "'", '"',
               "Xk9!pq2zz", " ", "\t", "\n", ",", ")", "=", "contraseña"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_SQL_PIECES), max_size=10).map("".join))
def test_the_sql_rule_requires_a_quote(text: str) -> None:
    """`sql-password` requires a quote (its value is quoted): a text without one is refused at every position."""
    assert _SQL.requires_any == ("'", '"')
    if not _SQL.required_in(text.lower()):
        assert _refused_everywhere(-1, text), text
