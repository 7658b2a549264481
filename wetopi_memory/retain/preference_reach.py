"""How far a preference the user just stated reaches: the sentences after it that only detail it, work it out for a
case or say how long it holds ("Prefiero respuestas cortas. Máximo tres párrafos.", "That's every week")."""

from __future__ import annotations

import re
from dataclasses import replace

from .dialogue_lexicon import THANKS
from .kinds import Category
from .signals import Signals, technical_value
from .speaker_lexicon import FIRST_PERSON_PLURAL, ORGANISATION, THIRD_PERSON_PREFERENCE_SET
from .term_matching import content_stems, fold, grams, mentions, tokens
from .time_lexicon import FROM_NOW_SET

__all__ = ["continued_preference", "tells_its_reach"]

# the kinds a preference's detail may carry: a limit ("Máximo tres párrafos")
_DETAIL_KINDS: frozenset[Category] = frozenset({"constraint"})
# ... and since when it holds: "A partir de hoy, en español." is no decision of its own, only the preference's start
MAX_START_WORDS = 6

# A case the speaker's rule is worked out for: "If an agency wants…", "Si una agencia propone…", "Cuando…".
_CONDITIONAL = re.compile(r"^\W*(?:and\s+|y\s+)?(?:if|si|cuando|when|whenever|siempre que|en caso de que)\b")
_CONSEQUENCE = re.compile(r"^\W*(?:so|and so|hence|therefore|that's why|thats why|asi que|por eso|por lo que"
                         r"|o sea que)\b")


def _follows_from(previous_text: str, folded: str) -> bool:
    """Whether a conditional instruction works out the preference just stated: it opens with a condition and
    shares one of its content words ("I never take client calls before 10. If an agency wants a renewal call,
    offer slots from 10:30."); or it only tells the assistant to keep to it ("Keep using it from now on") or how far
    it reaches ("That's every week, not just this one.", "Never put anything on top of that.")."""
    if _KEEP_TO_IT.match(folded) or _ITS_REACH.search(folded):
        return True
    if not _CONDITIONAL.match(folded):
        return False
    return bool(content_stems(tokens(fold(previous_text))) & content_stems(tokens(folded)))


# How far the preference just stated reaches, said of it alone: "That's every week, not just this one.", "Y eso es
# todas las semanas", "Never put anything on top of that.", "No me pongas nada encima de eso."
_ITS_REACH = re.compile(r"^\W*(?:and\s+|y\s+)?(?:that'?s|that\s+is|this\s+is|it'?s|eso\s+es|esto\s+es|es)\s+(?:for\s+)?"
                        r"(?:every|each|all|always|cada|todas?|todos|siempre)\b"
                        r"|\b(?:on\s+top\s+of|over|instead\s+of|encima\s+de|en\s+lugar\s+de)\s+(?:that|it|this|eso|esto)"
                        r"\s*[.!]*\s*$")
def tells_its_reach(text: str) -> bool:
    """Whether a sentence only says how far the preference before it reaches ("That's every week, …")."""
    return _ITS_REACH.search(fold(text)) is not None


# An instruction that names nothing but the preference just stated: "Keep using it from now on", "Hazlo siempre así".
_KEEP_TO_IT = re.compile(r"^\W*(?:please\s+|por favor\s+)?(?:keep (?:using|doing|following) (?:it|this|that)"
                         r"|(?:always )?do it (?:this|that) way|sigue (?:usandolo|haciendolo|asi)"
                         r"|hazlo (?:siempre )?asi)"
                         r"(?:\s+(?:from now on|going forward|always|siempre|a partir de ahora|de ahora en adelante))?"
                         r"\W*$")


def continued_preference(previous: Signals, signals: Signals, text: str, previous_text: str = "") -> Signals:
    """A user's sentence that goes on with the preference just stated ("Prefiero respuestas cortas. Máximo tres
    párrafos."): it says no more of its own than a limit, names no system value, no group and no one else, so it
    is the same preference's detail; or it is an instruction the preference gives the assistant for a case
    (`_follows_from`), whoever that case is about."""
    if "preference" not in previous.categories or previous.one_off or previous.question or previous.hedges:
        return signals
    folded = fold(text)
    words = tokens(folded)
    text_grams = grams(words)
    follows = _follows_from(previous_text, folded)
    # "So queue any renewal reminders for Tuesday", "Así que avísame por la tarde": the consequence the speaker
    # draws from the preference just stated is part of it, whatever kind of work it names
    kinds = set(signals.categories) - _DETAIL_KINDS
    if kinds == {"decision"} and len(words) <= MAX_START_WORDS and FROM_NOW_SET.search(folded, text_grams):
        kinds = set()
    other_kind = bool(kinds) and not (_CONSEQUENCE.match(folded) or follows)
    if (signals.question or signals.hedges or signals.unverified or signals.filler or signals.raw
            or signals.one_off or signals.task_state or signals.errand or other_kind):
        return signals
    if technical_value(text) or FIRST_PERSON_PLURAL.search(folded, text_grams) or mentions(THANKS, text):
        return signals
    if not follows and (ORGANISATION.search(folded, text_grams) or THIRD_PERSON_PREFERENCE_SET.search(folded,
                                                                                                 text_grams)):
        return signals
    return replace(signals, categories=("preference", *signals.categories))
