"""One owner says what a quoted passage is: matching quote marks, never an apostrophe inside a word."""

from __future__ import annotations

import pytest

from wetopi_memory.retain.quotes import quoted_passages


@pytest.mark.parametrize(("text", "passages"), [
    ("Firma como «Ana – Cuentas Wetopi» siempre", ["«Ana – Cuentas Wetopi»"]),
    ('I hate being asked "shall I proceed?" every time', ['"shall I proceed?"']),
    ("Me molesta el típico 'te lo miro mañana' de soporte", ["'te lo miro mañana'"]),
    ("Call it “the Friday freeze” from now on", ["“the Friday freeze”"]),
    ("I don't think it's Ana's call", []),
    ("«abre» y 'cierra\" no casan", ["«abre»"]),
])
def test_a_quoted_passage_is_between_a_matching_pair(text: str, passages: list[str]) -> None:
    assert [m.group(0) for m in quoted_passages().finditer(text)] == passages


def test_length_and_line_limits_are_the_readers_choice() -> None:
    short, across = 'dijo "ok" y se fue', 'nota: "primera línea\nsegunda línea"'
    assert quoted_passages(2, 80, lines=False).search(short)
    assert not quoted_passages(12).search(short)
    assert quoted_passages().search(across)
    assert not quoted_passages(lines=False).search(across)
