"""The secret gate's C-speed shortcuts decide exactly what the plain definitions they stand for decide.

Each property draws strings from the characters that matter to the shortcut (case, Latin-1 and beyond, ASCII
whitespace, punctuation, digits, symbols) and compares the shortcut with a direct statement of its definition.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from wetopi_memory.secrets.common_passwords import COMMON_PASSWORDS
from wetopi_memory.secrets.heuristics import is_random_lowercase, is_wordlike, shannon_entropy
from wetopi_memory.secrets.plain_text import (
    _APP_PASSWORD_SHAPE_BYTES,
    _CASES,
    _CUE_FINDER,
    _CUE_STEMS,
    _DIGIT_SHAPE_RE,
    _HAS_APP_PASSWORD_SHAPE,
    _LOWER_ASCII,
    _MIXED,
    _MIXED_CASE_RE,
    _MIXED_RE,
    _TOKEN_EDGE,
    _VALUE_MARK_RE,
    _has_common_password,
    _has_mixed_case_token,
    _mixed_case_token,
    _random_long_word,
    _token_at,
    _value_token,
    may_hold_value_token,
    tokenwise,
    unmarked_value,
    value_in_tokens,
)
from wetopi_memory.secrets.plain_tokens import PlainTokens
from wetopi_memory.secrets.text_scan import keyword_view

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_WORDY = st.text(alphabet=_LETTERS + "bcdfghkmnpqrstvwxz" * 2 + " \t\n\r\x0b\x0c.,;:!?()'\"`-_ñ1", max_size=80)
_CASED = st.text(alphabet="abcdeXYZQW ÀÉñßÞ.-_'\"(Ω$1\n", max_size=40)
_SEGMENT = st.text(alphabet="abcXYZ 0129/.-_:?\"'`«“<=#@ÉñΩ\n", max_size=60)


@settings(max_examples=400, deadline=None)
@given(_WORDY, st.text(alphabet="bcdfghjklmnpqrstvwxz", min_size=10, max_size=20))
def test_random_long_word_finds_what_the_whole_word_regex_finds(noise: str, consonants: str) -> None:
    """`_random_long_word` (runs of the letter translation) = `(?<!\\S)[a-z]{12,}(?!\\S)` words that are random."""
    for text in (noise, noise + consonants, consonants + " " + noise, noise + " " + consonants + "\t" + noise):
        stripped = text.encode()
        expected = any(is_random_lowercase(m.group().decode())
                       for m in re.finditer(rb"(?<!\S)[a-z]{12,}(?!\S)", stripped))
        letters = stripped.translate(_LOWER_ASCII).decode("latin-1")
        assert _random_long_word(stripped, letters) is expected, text


@settings(max_examples=600, deadline=None)
@given(_CASED)
def test_mixed_case_token_shortcuts_agree_with_the_regex(text: str) -> None:
    """The `islower` and Latin-1 class shortcuts of `_has_mixed_case_token` never change its answer."""
    expected = any(not is_wordlike(_token_at(text, *m.span())) for m in _MIXED_CASE_RE.finditer(text))
    assert _has_mixed_case_token(text) is expected


@settings(max_examples=600, deadline=None)
@given(_CASED)
def test_mixed_case_token_of_the_byte_classes_checks_each_whole_token(text: str) -> None:
    """`_mixed_case_token` judges every space-delimited run of classes holding a mixed-case shape, once."""
    raw = text.encode("utf-8")
    cases = raw.translate(_CASES).decode("latin-1")
    expected = False
    for run in re.finditer(r"[^ ]+", cases):
        if any(shape in run.group() for shape in _MIXED):
            token = raw[run.start():run.end()].decode("utf-8", "replace").strip(_TOKEN_EDGE)
            expected = expected or (len(token) >= 6 and not is_wordlike(token))
    assert _mixed_case_token(raw, cases) is expected


@given(st.text(alphabet="aeiouybcdfgxyz", max_size=30))
def test_random_lowercase_counts_vowels_as_before(value: str) -> None:
    vowels = sum(ch in "aeiouy" for ch in value)
    expected = len(value) >= 12 and vowels / len(value) < 0.3 and shannon_entropy(value) >= 3.2
    assert is_random_lowercase(value) is expected


@settings(max_examples=600, deadline=None)
@given(_SEGMENT)
def test_value_token_judgement_agrees_with_its_definition(segment: str) -> None:
    """`may_hold_value_token`: a quote or tag after a mark, a marked value token, else the unmarked checks."""
    if _VALUE_MARK_RE.search(segment) is None:
        expected = unmarked_value(segment)
    else:
        expected = any(ch in segment for ch in "\"'`«“<") \
            or any(_value_token(t) for t in segment.split() if _VALUE_MARK_RE.search(t)) or unmarked_value(segment)
    assert may_hold_value_token(segment) is expected


_BLANKS_AND_NEAR = " \t\n\r\x0b\x0c\x1c\x1f\x85\xa0ab1"
_PASSWORD_TEXTS = st.lists(st.one_of(st.sampled_from(sorted(COMMON_PASSWORDS)), st.text(_BLANKS_AND_NEAR, max_size=3)),
                           max_size=8).map("".join)


@settings(max_examples=600, deadline=None)
@given(_PASSWORD_TEXTS)
def test_common_password_words_are_found_as_split_finds_them(text: str) -> None:
    """The one-pass finder with its blank test = `bytes.split()` words against the set; no word = `split()` empty."""
    stripped = text.encode("utf-8")
    words = stripped.split()
    assert _has_common_password(stripped) is not {p.encode() for p in COMMON_PASSWORDS}.isdisjoint(words), text
    assert (not stripped or stripped.isspace()) is (not words)


_CUE_PIECES = st.one_of(st.sampled_from([s.decode() for s in _CUE_STEMS]), st.text("pascdelnt ñ\n.", max_size=4))
_CUE_TEXTS = st.lists(_CUE_PIECES, max_size=10).map("".join)


@settings(max_examples=600, deadline=None)
@given(_CUE_TEXTS)
def test_the_cue_pass_finds_every_stem_occurrence(text: str) -> None:
    """The one-pass cue finder gives every (stem, offset) that a `find` loop per stem gives, overlapping ones too."""
    lowered = text.encode("utf-8").lower()
    expected = {(stem, i) for stem in _CUE_STEMS for i in range(len(lowered)) if lowered.startswith(stem, i)}
    found = {(_CUE_STEMS[k], i) for k, i, _ in _CUE_FINDER.find_matches_as_indexes(lowered, overlapping=True)}
    assert found == expected, text


_VALUE_PIECES = st.one_of(
    st.sampled_from(["dragon", "Dragon.", "qwerty123", "(password1)", "abcd efgh ijkl mnop", "nqvviyknaekfjnzx",
                     "clave: pepito!", "FbzLSwHW", "WordPress", "iPhone", "x9:Kq2LmN7", "'x'", "«v»", "<t>", "2.12",
                     "/etc/ceph", "pre-commit", "4821", "İK", "ſΣ", "K", "ñandú"]),
    st.text(alphabet="abcXYZ 0129/.-_:?!\"'`«“<=#ÉñΩ\n\t\x0b\x1c\x85\xa0\u2003", max_size=8))
_VALUE_TEXTS = st.lists(_VALUE_PIECES, min_size=1, max_size=10).map(" ".join)


@settings(max_examples=800, deadline=None)
@given(_VALUE_TEXTS, st.integers(0, 120), st.integers(1, 200))
def test_token_by_token_value_test_agrees_with_the_segment_test(text: str, start: int, length: int) -> None:
    """On a `tokenwise` text, every segment without `!` gets from `value_in_tokens` what `may_hold_value_token`
    gives it: the remembered per-token verdicts stand in for the segment's own tests."""
    start = min(start, len(text) - 1)
    segment = text[start:start + length]
    if tokenwise(keyword_view(text)) and "!" not in segment:
        assert value_in_tokens(segment) is may_hold_value_token(segment), segment


@settings(max_examples=300, deadline=None)
@given(st.lists(_VALUE_TEXTS, min_size=2, max_size=12))
def test_tokens_learnt_plain_keep_later_segments_exact(texts: list[str]) -> None:
    """Segment after segment from one pool of words, what `value_in_tokens` learns (the tokens of plain segments)
    never changes an answer: each equals `may_hold_value_token`."""
    for text in texts:
        if tokenwise(keyword_view(text)) and "!" not in text:
            assert value_in_tokens(text) is may_hold_value_token(text), text


def test_plain_tokens_start_afresh_past_their_size() -> None:
    plain = PlainTokens(size=3)
    plain.learn(["a", "b", "c", "d"])
    assert plain.known(["a", "d"]) and not plain.known(["a", "e"])
    plain.learn(["e"])   # past the size: forgets, then remembers what it was given
    assert plain.known(["e"]) and not plain.known(["a"])


def test_tokens_of_a_valued_segment_are_judged_one_by_one() -> None:
    memo = PlainTokens(size=3)
    memo.learn(["the"])
    memo.learn_valued(["the", "key", "x9:Kq2LmN7"], may_hold_value_token)
    assert memo.any_valued(["x9:Kq2LmN7"]) and not memo.any_valued(["the", "key"])
    assert memo.known(["the", "key"])   # judged plain alone
    memo.learn_valued(["a1b2c3d4", "e5f6g7h8", "i9j0k1l2"], may_hold_value_token)
    memo.learn_valued(["m3n4o5p6"], may_hold_value_token)   # past the size: forgets, then remembers what it judged
    assert memo.any_valued(["m3n4o5p6"]) and not memo.any_valued(["x9:Kq2LmN7"])


_CLASS_STRINGS = st.text(alphabet="aA0.!? ", max_size=40)


@settings(max_examples=800, deadline=None)
@given(_CLASS_STRINGS)
def test_shape_regexes_find_what_the_in_tests_found(classes: str) -> None:
    """`_DIGIT_SHAPE_RE` and `_MIXED_RE` (anchored on their rare character) match where one of the shapes they stand
    for occurs, and only there."""
    digit_shapes = ("a0", "0a", "a.0", "0.a", "000000")
    assert (_DIGIT_SHAPE_RE.search(classes) is not None) is any(s in classes for s in digit_shapes), classes
    assert (_MIXED_RE.search(classes) is not None) is any(s in classes for s in _MIXED), classes
    starts = {m.start() for m in _MIXED_RE.finditer(classes)}
    for shape in _MIXED:   # every occurrence is matched at its `A`, so the token around it is the one judged
        for i in range(len(classes)):
            if classes.startswith(shape, i):
                assert any(i <= j < i + len(shape) for j in starts), classes


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="l .#", max_size=60))
def test_app_password_shape_search_is_the_in_test(classes: str) -> None:
    raw = classes.encode()
    assert (_HAS_APP_PASSWORD_SHAPE(raw) is not None) is (_APP_PASSWORD_SHAPE_BYTES in raw)
