"""An assent that changes a value of the assistant's proposal ("Sí, pero con un 12 %", "ok but make it 30 days"):
what was agreed is the proposal with the user's value in place of the one it replaces, never the superseded value.
Deterministic: a value the change names as replaced ("not 11.4") is replaced wherever it stands; otherwise a value
is a number with its unit (or a time of day), and it replaces the proposal's only value of the same unit."""

from __future__ import annotations

import re

from .dialogue_lexicon import ASSENT, DISSENT
from .term_matching import fold, mentions

__all__ = ["amended_proposal", "amendment"]

MAX_AMENDMENT_WORDS = 16
MAX_AGREEMENT_WORDS = 4
# "Sí, pero…", "Me parece bien, pero que sean…": a short agreement (the shared assent lexicon), then the change
_AMENDING = re.compile(r"^(?P<agreement>[^.!?]*?)(?<![\s,.;:!-])[\s,.;:!-]*\b(?:pero|but|except|excepto|salvo)\b"
                       r"(?P<change>.++)$",
                       re.DOTALL)
# A time of day ("a las 9:00", "at 17:30"): one more unit, written without one.
_CLOCK = re.compile(r"(?<![\w:.])(\d{1,2}:\d{2})(?![\w:])")
# The value the change names as replaced: "11.8 instead, not 11.4", "12 % en vez del 10 %".
_REPLACED = re.compile(r"\b(?:not|no|instead of|rather than|en vez de(?:l| la| los| las)?|en lugar de(?:l)?)\s+"
                       r"(?:the |el |la |un |una |a )?(\d+(?:[.,:]\d+)*)(?![\w.,:]?\d)")
_NUMBER = re.compile(r"(?<![\w.,:])\d+(?:[.,:]\d+)*(?![\w.,:]?\d)")
_FIRST_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_UNITS = {"%": "%", "por ciento": "%", "percent": "%", "€": "eur", "eur": "eur", "euros": "eur", "$": "usd",
          "usd": "usd", "gb": "gb", "gi": "gi", "gib": "gi", "mb": "mb", "mi": "mi", "tb": "tb", "ti": "ti",
          "dias": "day", "days": "day", "day": "day", "dia": "day", "d": "day", "h": "hour", "horas": "hour",
          "hours": "hour", "hora": "hour", "hour": "hour", "min": "minute", "minutos": "minute", "minutes": "minute",
          "meses": "month", "months": "month", "mes": "month", "month": "month", "semanas": "week", "weeks": "week",
          "sitios": "site", "sites": "site", "sitio": "site", "site": "site", "usuarios": "user", "users": "user",
          "s": "second", "segundos": "second", "seconds": "second", "messages": "message", "mensajes": "message",
          "agents": "agent", "agentes": "agent", "seats": "seat", "puestos": "seat", "licencias": "licence",
          "licenses": "licence"}
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
    agreement = match.group("agreement")
    if not 0 < len(agreement.split()) <= MAX_AGREEMENT_WORDS or not mentions(ASSENT, agreement) \
            or mentions(DISSENT, agreement):
        return ""
    return match.group("change").strip()


def amended_proposal(proposal: str, change: str) -> str | None:
    """The proposal with each value the change names in place of the proposal's only value of the same unit; None
    when a value of the change has no single counterpart (the agreed terms are then unknown)."""
    replaced = _REPLACED.search(change)
    if replaced is not None:  # the change names what it replaces: that value, wherever it stands
        new = next((m.group(0) for m in _NUMBER.finditer(change[:replaced.start()])), None)
        old = re.compile(r"(?<![\w.,:])" + re.escape(replaced.group(1)) + r"(?![\w.,:]?\d)")
        if new is not None and old.search(proposal):
            return old.sub(new, proposal)
    values: dict[str, str] = {}
    for m in _VALUE.finditer(change):  # "con un 12 % en vez del 10 %": the first value of a unit is the new one
        values.setdefault(_UNITS[fold(m.group(2))], m.group(1))
    for m in _CLOCK.finditer(change):
        values.setdefault("clock", m.group(1))
    if not values:
        return None
    text = proposal
    for unit, number in values.items():
        spans = [(m.start(1), m.end(1), m.group(1)) for m in _VALUE.finditer(text) if _UNITS[fold(m.group(2))] == unit]
        if unit == "clock":
            spans = [(m.start(1), m.end(1), m.group(1)) for m in _CLOCK.finditer(text)]
        if len({found for _, _, found in spans}) != 1:
            return None
        for start, end, _ in reversed(spans):
            text = text[:start] + number + text[end:]
    return text
