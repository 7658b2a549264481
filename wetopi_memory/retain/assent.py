"""Whether the user's short reply agrees to the assistant's last message, and what it adds to what it accepts: "Sí,
hagámoslo así", a thumbs-up, "la A", or "Vamos con la A. Pero siempre avisando por email antes…" (the proposal with
the user's condition). Deterministic word rules; how the agreed text is built is `turn_reading.read_turn`."""

from __future__ import annotations

import re

from .dialogue_lexicon import ASSENT, DISSENT, DISSENT_AFTER
from .option_choice import picked_option
from .term_matching import TermSet, fold, mentions, tokens

__all__ = ["added_condition", "assents", "opening_and_rest", "opens_with_assent"]

MAX_ASSENT_WORDS = 14
MAX_PICK_WORDS = 6  # "the second one", "la A, go": a reply that only picks an option
MIN_CONDITION_WORDS = 3
MAX_CONDITION_WORDS = 24
_APPROVING_EMOJI = re.compile(r"(?:[\U0001F44D\U0001F44C\u2705\U0001F64C\U0001F91D\U0001F680]\ufe0f?|\+1|\s)+")
# The first sentence of a longer message: "Yes, approve it. And by the way, send me decisions as a one-liner."
FIRST_SENTENCE = re.compile(r"^\s*([^.!?]{1,80}[.!])\s+\S")
# "sí, ¿cuáles vencen antes del 31?", "yes, which ones?": the reply asks for something instead of agreeing to it
_OPEN_QUESTION = re.compile(r"(?:^|[^\w\s])\s*\W?(?:que|cuales?|cuando|cuantos?|cuantas?|donde|quien|what|which|when"
                            r"|how many|how much|where|who)\b[^?]*\?")
# An agreement, then "but"/"pero" and what the user adds, up to the end of that sentence.
_BUT_THEN = re.compile(r"^(?P<agreement>[^?]{1,80}?)[\s,.;:!-]+(?:pero|but)\b[\s,]*(?P<condition>[^.!?]+)[.!]?\s*$",
                       re.IGNORECASE)
# What makes the part after "but" a condition added to the terms rather than a change of one of their values or a
# doubt: a cap, a limit, a standing obligation.
_ADDS_TO_TERMS = TermSet(("cap", "capped", "cap it", "tope", "con un tope", "maximo", "maximum", "max", "limit",
                          "limite", "limitado", "always", "siempre", "as long as", "siempre que", "provided",
                          "avisando", "notifying", "notify them", "with notice", "con aviso", "con preaviso",
                          # a step before it or a case added to it: "but nothing moves before Jordi has tested…",
                          # "pero certificados que caducan en menos de 3 días también cuentan como P1"
                          "nothing moves before", "not before", "only after", "solo despues de", "hasta que",
                          "until", "tambien cuentan", "tambien cuenta", "also count", "also counts",
                          # how to carry it out: "pero nodo a nodo y comprobando quórum cada vez"
                          "nodo a nodo", "uno a uno", "de uno en uno", "one at a time", "one by one", "node by node",
                          "cada vez", "each time", "every time"))
# a later sentence that opens with a refusal or ends a clause with one: "Sí. No, espera…", "Lo de la prueba gratis,
# no: …" (not "que no es compatible con 8.3")
_REFUSED_AFTER = re.compile(r"(?:^|[.!?;:]\s*)(?:(?:pero|but|y|and)\s+)?no\b|\bno\s*(?:[:.,;!?]|$)")
_DOUBT_AFTER = TermSet(("let me", "dejame", "not sure", "no se", "no estoy", "maybe", "quiza", "quizas", "wait",
                        "espera", "not yet", "todavia no"))


def assents(user_message: str) -> bool:
    """A short message that agrees (in words, with a thumbs-up, or by picking an option: "the second one", "la
    A") and does not refuse or hesitate."""
    if _APPROVING_EMOJI.fullmatch(user_message.strip()):
        return True
    words = tokens(fold(user_message))
    picks = len(words) <= MAX_PICK_WORDS and bool(picked_option(fold(user_message)))
    agrees = mentions(ASSENT, user_message) or picks
    return (0 < len(words) <= MAX_ASSENT_WORDS and agrees and not mentions(DISSENT, user_message)
            and not _OPEN_QUESTION.search(fold(user_message)))


def opening_and_rest(user_message: str) -> tuple[str, str]:
    """The first sentence of a longer message and what follows it; the whole message and "" for one sentence."""
    first = FIRST_SENTENCE.match(user_message)
    return (first.group(1), user_message[first.end(1):]) if first else (user_message, "")


def opens_with_assent(user_message: str) -> bool:
    """A message whose first sentence agrees and whose other sentences neither refuse nor hesitate: the agreement
    is to the proposal, the rest is said besides it."""
    opening, rest = opening_and_rest(user_message)
    if not rest or not assents(opening):
        return False
    return not mentions(DISSENT_AFTER, rest) and _REFUSED_AFTER.search(fold(rest)) is None


def added_condition(user_message: str) -> str:
    """The condition an agreement adds after "but" ("Sí, hagámoslo así, but cap it at 50% of the monthly fee"), as
    the user wrote it, or "" when the message is no such agreement."""
    match = _BUT_THEN.match(user_message.strip())
    if match is None:
        return ""
    agreement, condition = match.group("agreement").strip(" ,.;:!-"), match.group("condition").strip()
    words = len(tokens(fold(condition)))
    if not assents(agreement) or not MIN_CONDITION_WORDS <= words <= MAX_CONDITION_WORDS:
        return ""
    if not mentions(_ADDS_TO_TERMS, condition) or mentions(_DOUBT_AFTER, condition):
        return ""
    return condition
