"""Adversarial text is read in linear time: long runs of blanks, hyphenated names or digits once made a pattern try
every split of the run (cubic in the secret gate's `password … :` shapes, quadratic in the curation's value shapes),
and one pasted log line held the retain worker for minutes. Each text here took a minute or more before the
patterns were made possessive or anchored at a run's start; the timeout is only a guard against that hang."""

from __future__ import annotations

import pytest

from wetopi_memory.retain import amendment, clauses, signals
from wetopi_memory.secrets.gate import DEFAULT_GATE

GUARD = pytest.mark.timeout(60)

SECRET_SHAPES = {
    "a password noun, a run of spaces, no value": ("the Password" + " " * 180 + "! Xy7#kd9\n") * 400,
    "a directive, a qualifier, a run of tabs": ("REQuIrePAsS foR" + "\t" * 380 + 'í iS"q"!\n') * 120,
}


@GUARD
@pytest.mark.parametrize("name", list(SECRET_SHAPES))
def test_the_secret_gate_reads_runs_of_blanks_once(name: str) -> None:
    assert DEFAULT_GATE.scan(SECRET_SHAPES[name]) == []


@GUARD
def test_a_password_after_spaces_is_still_found() -> None:
    text = "the Password" + " " * 180 + "Xy7#kd9Lq2zz\n"
    assert [f.rule_id for f in DEFAULT_GATE.scan(text)] == ["prose-secret"]


@GUARD
def test_a_long_hyphenated_run_is_no_value_and_a_setting_after_it_is() -> None:
    run = "x-" * 40_000
    assert not signals.states_value(run) and not signals.technical_value(run)
    assert signals.states_value(run + " replicas=3") and signals.technical_value(run + " replicas=3")
    assert signals.technical_value("1." * 40_000 + " 0 3 * * 1") is True   # a cron schedule after the run


@GUARD
def test_a_new_value_beside_a_long_number_is_read_once() -> None:
    assert signals.analyze("The limit is now at 5 instead of 4 " + "x-" * 20_000).categories
    assert signals.analyze("now at " + "0" * 40_000 + "!") is not None


@GUARD
def test_an_agreement_followed_by_blanks_is_no_amendment() -> None:
    assert amendment.amendment("ok" + " " * 40_000 + "x") == ""
    assert amendment.amendment("Sí, pero que sean 30 días") != ""


@GUARD
def test_a_sentence_of_blanks_has_no_clauses() -> None:
    assert clauses.clause_spans("a," + " " * 40_000 + "x") == []
