"""The secret gate's cheaper scan paths find exactly what the plain definitions they replace find.

Each property compares a shortcut with the definition it stands for, on strings drawn from the characters and
pieces that matter to it: rule literals and their syntax, case changes that move offsets, flag and key shapes.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wetopi_memory.secrets import RULES
from wetopi_memory.secrets.context_locators import key_start, tag_start
from wetopi_memory.secrets.cue_rules import flag_start, line_key_start, question_start
from wetopi_memory.secrets.text_scan import _RUN_RE, KeywordFilter, TextScan, keyword_view, run_spans

_STARTED = [rule for rule in RULES if rule.starts is not None]
_PIECES = [
    "echo 'x9:Kq2LmN7' | chpasswd", "sudo -S <<< 'pW4!zz'", "mysql -u root -pS3cret9 db", " -p", "--password",
    "curl -su admin:Hunter2x https://x", "docker login -p Tok3n_9a reg", "--token abcDEF123456", "name: DB_PASS",
    "\n  value: Qz81_kd0", "Bearer eyJabc.def_123456789", "Basic YWRtaW46c2VjcmV0", "net user bob Pa55w0rd! /add",
    "openssl passwd -1 quartz&22delta", "printf 'x' > ~/.vault_pass.txt", "az login -u a -p Zx9!qq", "mc",
    "wp config set DB_PASSWORD 'Ab9$'", "smbclient -U bob%Secr3t7", "ipmitool -P Q9x", "rabbitmqctl add_user u P",
    "secret set K --body v", "-passin pass:Zk8w", "az", "wp", "net", "echo", "sudo", " ", "\t", "\n", "'", '"',
    "|", ">", ":", "=", "-", "x", "Password", "ñ",
]
_TEXTS = st.lists(st.sampled_from(_PIECES), min_size=1, max_size=10).map("".join)


@settings(max_examples=400, deadline=None)
@given(_TEXTS, st.integers(0, 200), st.integers(0, 400))
def test_literal_starts_find_what_finditer_finds(text: str, start: int, length: int) -> None:
    """Trying `regex.match` only where `starts` lists a literal gives `finditer`'s matches over any window."""
    start = min(start, len(text))
    end = min(len(text), start + length)
    for rule in _STARTED:
        expected = [(m.span(), m.groupdict()) for m in rule.regex.finditer(text, start, end)]
        started = list(rule._started_matches(text, start, end))
        assert [(m.span(), m.groupdict()) for m in started] == expected, (rule.id, text, start, end)
        assert all(m.end() > m.start() for m in started)


_CASED = st.text(alphabet="abcdekmnprstwyABCKPSTWY İKßÀÑſΣσ—_-.:=/$\n", max_size=60)
_KEYWORDS = sorted({k for rule in RULES for k in rule.keywords} | {k for rule in RULES for k in rule.requires})


def _starts(text: str, keyword: str) -> list[int]:
    return [i for i in range(len(text)) if text.startswith(keyword, i)]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.one_of(_CASED, st.sampled_from(_KEYWORDS).map(str.upper)), max_size=6).map("".join))
def test_the_keyword_view_finds_every_keyword_where_lower_does(text: str) -> None:
    """`keyword_view` lowers Latin-1 text as bytes: the same length, and every keyword at the same offsets."""
    view, lowered = keyword_view(text), text.lower()
    assert len(view) == len(lowered)
    for keyword in _KEYWORDS:
        assert _starts(view, keyword) == _starts(lowered, keyword), (keyword, text)


_FILTER = KeywordFilter(_KEYWORDS)
_HALVES = st.sampled_from(_KEYWORDS).map(lambda k: k[: len(k) // 2])
_PARTS = st.one_of(_CASED.map(str.lower), st.sampled_from(_KEYWORDS), _HALVES)
_KEYWORD_TEXTS = st.lists(_PARTS, max_size=8).map("".join)


@settings(max_examples=600, deadline=None)
@given(_KEYWORD_TEXTS)
def test_the_one_pass_keyword_filter_finds_what_substring_search_finds(text: str) -> None:
    """The Aho-Corasick pass gives every keyword that occurs (`in`) with all its offsets, overlapping ones included,
    ascending (a lone surrogate, which has no UTF-8 form, too); a scan's `hits` agree with `find`."""
    for variant in (text, text + "\ud800", "\udfff" + text):
        assert _FILTER.hits(variant) == {k: _starts(variant, k) for k in _KEYWORDS if k in variant}, variant
        assert _FILTER.present(variant) == frozenset(k for k in _KEYWORDS if k in variant)
    scan = TextScan(text.upper(), _FILTER)
    for keyword in _KEYWORDS:
        assert scan.hits(keyword) == _starts(scan.lowered, keyword), (keyword, text)


_VALUE_TAILS = st.sampled_from([" is Xk9!pq2", " = 'v'", " dragon", ". ", "\n", " WordPress", " FbzLSwHW", " ok",
                                 " abcd efgh ijkl mnop", "\xa0x7"])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(_PARTS, _VALUE_TAILS), max_size=10).map("".join),
       st.sets(st.sampled_from(_KEYWORDS), max_size=6))
def test_valued_hits_merge_the_kept_hits_of_each_keyword(text: str, keywords: set[str]) -> None:
    """`valued` = `merged` filtered by `value_near`, per set, whichever sets sharing its hits were judged before."""
    scan = TextScan(text, _FILTER)
    found = scan.occurring(frozenset(keywords))
    for keyword in sorted(found)[::2]:   # some hits judged already, through other sets
        scan.valued(frozenset({keyword}))
    expected = [h for h in TextScan(text, _FILTER).merged(found) if TextScan(text, _FILTER).value_near(h)]
    assert scan.valued(found) == expected, (text, keywords)


def _flag_walk(text: str, hit: int) -> int | None:
    i, limit = hit, max(0, hit - 44)
    while i > limit and (text[i - 1].isalnum() or text[i - 1] in "_-"):
        i -= 1
    return i if text[i] == "-" and (i == 0 or text[i - 1] in " \t") else None


def _line_key_walk(text: str, hit: int) -> int | None:
    i = key_start(text, hit)
    j = i
    while j > 0 and text[j - 1] in " \t":
        j -= 1
    return i if j == 0 or text[j - 1] == "\n" else None


def _tag_walk(text: str, hit: int) -> int | None:
    i, limit = hit, max(0, hit - 84)
    while i > limit and (text[i - 1].isalnum() or text[i - 1] in "_:.-"):
        i -= 1
    return i - 1 if i > 0 and text[i - 1] == "<" else None


_SHAPES = st.text(alphabet="ab-_:.<> \t\n'\"?", min_size=1, max_size=120)
_ANSWERED = next(rule for rule in RULES if rule.id == "answered-secret-question")


@settings(max_examples=500, deadline=None)
@given(_SHAPES)
def test_anchor_shortcuts_agree_with_their_walks(text: str) -> None:
    """The one-`find` guards of the anchors never change where a walk back from a hit lands."""
    for hit in range(len(text)):
        assert flag_start(text, hit) == _flag_walk(text, hit), (text, hit)
        assert line_key_start(text, hit) == _line_key_walk(text, hit), (text, hit)
        assert tag_start(text, hit) == _tag_walk(text, hit), (text, hit)


def test_a_question_guard_skips_only_hits_the_question_rule_cannot_match() -> None:
    """`question_start` turns a hit away only where `answered-secret-question` cannot match from it: every noun,
    every gap up to past the rule's reach, answers on the same line or the next."""
    for noun in ("contraseña", "Password", "PIN", "passcode", "CLAVE", "passphrase"):
        for gap in range(101):
            for answer in (" es Zq81-kd0!", "\nit's Zq81-kd0!", " vale, es 'a b c d'", "", "\n"):
                text = f"x {noun}{' ' * gap}?{answer}"
                if _ANSWERED.regex.match(text, 2, min(len(text), 302)) is not None:
                    assert question_start(text, 2) == 2, (noun, gap, answer)



_NO_QUESTION = st.lists(st.sampled_from(["contraseña", "Password", "PIN", " es ", "\nit's ", " vale, ", "Zq81-kd0!",
                                          "'a b'", "¿", "¡", "？", " ", "\n", ":"]), max_size=10).map("".join)


@settings(max_examples=300, deadline=None)
@given(_NO_QUESTION)
def test_the_question_rule_requires_a_question_mark(text: str) -> None:
    """`answered-secret-question` requires `?`: without one its regex matches from no position."""
    assert _ANSWERED.requires == ("?",)
    assert all(_ANSWERED.regex.match(text, i) is None for i in range(len(text))), text


_ACCOUNT = next(rule for rule in RULES if rule.id == "account-password")
_ACCOUNT_PIECES = ["root", "ADMIN", "administrador", " de ", " la ", " on ", "pve-03", " ", "\t", "Xk9!pq2zz", "'v a'",
                   "-", ">", "\n", "@", ":", "=", "→"]
_ACCOUNT_TEXTS = st.lists(st.sampled_from(_ACCOUNT_PIECES), max_size=10).map("".join)


@settings(max_examples=400, deadline=None)
@given(_ACCOUNT_TEXTS)
def test_the_account_rule_requires_an_operator(text: str) -> None:
    """`account-password` requires one of `:`, `=`, `->`, `→`: a text without one is one its regex matches from
    no position."""
    assert _ACCOUNT.requires_any == (":", "=", "->", "→")
    if not _ACCOUNT.required_in(text.lower()):
        assert all(_ACCOUNT.regex.match(text, i) is None for i in range(len(text))), text


_REGISTRY = next(rule for rule in RULES if rule.id == "registry-login-password")
_REGISTRY_PIECES = ["docker", "Docker", "helm", " registry", " login", " -u bob", " -p", " --password", "=", " ",
                    "Xk9!pq2zz", "'v a'", "-", "P", "\n", "oras", "podman"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_REGISTRY_PIECES), max_size=10).map("".join))
def test_the_registry_rule_requires_its_flag_and_a_tool(text: str) -> None:
    """`registry-login-password` requires `-p` (in `--password` too) and a registry tool's name: a text without them
    is one its regex matches from no position."""
    if not _REGISTRY.required_in(text.lower()):
        assert all(_REGISTRY.regex.match(text, i) is None for i in range(len(text))), text


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(["a" * 19, "a", "Z9", "_.+/-", " ", "\n", "\t", "é", "€", "\ud800", "=", "x" * 21]),
                max_size=12).map("".join))
def test_run_spans_are_the_run_regex_spans(text: str) -> None:
    """The runs found in a byte translation are the spans `_RUN_RE` finds, beyond Latin-1 and on lone surrogates too."""
    assert run_spans(text) == [m.span() for m in _RUN_RE.finditer(text)]
