"""An assent that changes a value of the assistant's proposal ("Sí, pero con un 12 %", "ok but make it 30 days"):
what was agreed is the proposal with the user's value in place of the one it replaces, never the superseded value.
Deterministic: a value is a number with its unit, and it replaces the proposal's only value of the same unit."""

from __future__ import annotations

import re

from .term_matching import fold

__all__ = ["amended_proposal", "amendment"]

MAX_AMENDMENT_WORDS = 16
# "Sí, pero…", "ok but…", "Vale, pero que sean…": agreement, then the change
_AMENDING = re.compile(r"^\W*(?:si|yes|ok|okay|vale|de acuerdo|perfecto|agreed|fine|sure|bien|venga|dale)\b"
                       r"[\s,.;:!-]*(?:pero|but)\b(?P<change>.+)$", re.DOTALL)
_FIRST_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_UNITS = {"%": "%", "por ciento": "%", "percent": "%", "€": "eur", "eur": "eur", "euros": "eur", "$": "usd",
          "usd": "usd", "gb": "gb", "gi": "gi", "gib": "gi", "mb": "mb", "mi": "mi", "tb": "tb", "ti": "ti",
          "dias": "day", "days": "day", "day": "day", "dia": "day", "d": "day", "h": "hour", "horas": "hour",
          "hours": "hour", "hora": "hour", "hour": "hour", "min": "minute", "minutos": "minute", "minutes": "minute",
          "meses": "month", "months": "month", "mes": "month", "month": "month", "semanas": "week", "weeks": "week",
          "sitios": "site", "sites": "site", "sitio": "site", "site": "site", "usuarios": "user", "users": "user",
          "s": "second", "segundos": "second", "seconds": "second"}
_VALUE = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?)\s*(" + "|".join(sorted(map(re.escape, [*_UNITS, "días", "día"]),
                                                                          key=len, reverse=True)) + r")(?![\w])",
                    re.IGNORECASE)


def amendment(user_message: str) -> str:
    """The change a short assent makes in the message's first sentence ("con un 12 % en vez del 10 %"), or "" when
    it is no such assent."""
    folded = _FIRST_SENTENCE.split(fold(user_message).strip(), maxsplit=1)[0]
    match = _AMENDING.match(folded)
    if match is None or len(folded.split()) > MAX_AMENDMENT_WORDS:
        return ""
    return match.group("change").strip()


def amended_proposal(proposal: str, change: str) -> str | None:
    """The proposal with each value the change names in place of the proposal's only value of the same unit; None
    when a value of the change has no single counterpart (the agreed terms are then unknown)."""
    values: dict[str, str] = {}
    for m in _VALUE.finditer(change):  # "con un 12 % en vez del 10 %": the first value of a unit is the new one
        values.setdefault(_UNITS[fold(m.group(2))], m.group(1))
    if not values:
        return None
    text = proposal
    for unit, number in values.items():
        spans = [m for m in _VALUE.finditer(text) if _UNITS[fold(m.group(2))] == unit]
        if len({m.group(1) for m in spans}) != 1:
            return None
        for old in reversed(spans):
            text = text[:old.start(1)] + number + text[old.end(1):]
    return text
