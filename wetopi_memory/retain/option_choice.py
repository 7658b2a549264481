"""Which option of a proposal a reply picks: by its label ("option B", "la segunda") or by naming its subject ("Yes
to the Monday review" of "(1) move the weekly ops review to Mondays…; (2) add Jordi to the on-call rotation")."""

from __future__ import annotations

import re

from .term_matching import content_stems, fold, tokens

__all__ = ["chosen_part", "picked_numbers", "picked_option", "picks_an_option", "takes_option"]

# "go with B", "vamos con la 2"; "with a" only when the message ends there ("go with a plan" names none)
_OPTION_CHOICE = re.compile(r"\b(?:(?:option|opcion|la|el|the|numero|number)\s+([a-d1-9])"
                            r"|(?:with|con)\s+([b-d1-9]|a(?=\s*(?:[.!,]|$))))\b")
_OPTION_LABEL = r"(?:(?:option|opcion)\s+{0}\s*[:.),-]|(?<![\w])\(?{0}\)\s)"
_ANY_LABEL = re.compile(_OPTION_LABEL.format(r"[a-d1-9]"))
# a reply that is a letter label alone: "B", "(b)" (a bare "2" is as likely a quantity)
_BARE_LABEL = re.compile(r"^\W*\(?([a-d])\)?[.!]?\s*$")
# ... or opening a reply that goes on: "B, and make that our standard way of handling refund requests."
_LEADING_LABEL = re.compile(r"^\W*\(?([a-d])\)?\s*[,;:]\s+\S")
_ORDINALS = {"first": 1, "second": 2, "third": 3, "1st": 1, "2nd": 2, "3rd": 3, "primera": 1, "primer": 1,
             "primero": 1, "segunda": 2, "segundo": 2, "tercera": 3, "tercero": 3, "tercer": 3}
_ORDINAL = re.compile(r"\b(" + "|".join(_ORDINALS) + r")\b")
# "Yes to the Monday review", "sí a lo de la revisión": an assent that names what it takes
_YES_TO = re.compile(r"^\W*(?:yes|ok|okay|si|vale)\W+(?:to|a|al|a lo de)\b")
# "Me quedo con Wetopi Agents", "let's go with the Hetzner one": a short reply that takes an option by its name
_TAKES = re.compile(r"^\W*(?:me quedo con|nos quedamos con|vamos con|go with|let'?s go with|i'?ll go with"
                    r"|we'?ll go with|i'?ll take|we'?ll take|elijo|escojo|i pick|i choose"
                    # "Dale, la de los plazos", "ok, the one with the payment plan"
                    r"|(?:(?:dale|vale|ok|okay|si|venga|yes)\W+)?(?:la|el)\s+de\s+(?:la|el|los|las)"
                    r"|(?:(?:ok|okay|yes|sure)\W+)?the\s+one\s+with)\b")
MAX_TAKE_WORDS = 10
# "Lo de Workspace sí, adelante. Lo del precio todavía no…": a yes, opening the reply, to the one part it names
_NAMED_YES = re.compile(r"^\W*(?:(?:vale|ok|okay|bueno|venga)\W+)?(?:lo\s+de(?:l|\s+la|\s+las|\s+los)?|the)\s+"
                        r"([^.,;:!?]{2,40}?)\s*,?\s+(?:si|yes)\b(?!\s+(?:pero|but)\b)")
# "Option 2, but only for new customers", "Opción B.": a reply that opens with an option's label, then a condition
_OPENING_LABEL = re.compile(r"^\W*(?:(?:vale|ok|okay|si|yes|sure)\W+)?(?:option|opcion)\s+[a-d1-9]\s*(?:[,.;:!]|$|"
                            r"\s+(?:pero|but|y|and)\b)")
# "Sí al 1 y al 3", "1 y 2 sí", "yes to 1 and 3": a reply that opens by picking several numbered options
_NUMBERS_PICKED = re.compile(r"^\W*(?:(?:yes|ok|okay|si|vale|dale)\W+)?"
                             r"(?:(?:renew|renueva|approve|apruebo|aprueba|go with|vamos con|keep|take|do|haz"
                             r"|adelante con)\s+)?"
                             r"(?:(?:to|a|al|el|la|las|los|options?|opcion(?:es)?)\s+)?([1-9])"
                             r"((?:(?:\s*,\s+|\s+(?:y|and|e)\s+|\s*&\s*)(?:(?:to|al|a|el|la)\s+)?[1-9])+)"
                             r"(?![\w/%€$]|[.,:]\d)")   # not a quantity: "a 1,5 y 2 euros", "1 y 2.5"
# A blank line, or a line that starts with a word (not an indent, a bullet or a label), ends the options' list.
_AFTER_OPTIONS = re.compile(r"\n\s*\n|\n(?=[^\s\-*\u2022\d(])")


def picked_option(said: str) -> list[str]:
    """The option labels a short reply picks ("option B", "la segunda", "the first one", a bare "B"), if any."""
    bare = _BARE_LABEL.match(said) or _LEADING_LABEL.match(said)
    if bare is not None:
        return [bare.group(1)]
    choice = _OPTION_CHOICE.search(said)
    ordinal = _ORDINAL.search(said)
    if choice is not None:
        return [choice.group(1) or choice.group(2)]
    if ordinal is not None:  # "the first option", "la segunda": option 1 / A, option 2 / B
        rank = _ORDINALS[ordinal.group(1)]
        return [str(rank), "abcd"[rank - 1]]
    return []


def picked_numbers(said: str) -> list[str]:
    """The numbered options a reply picks when it picks several ("Sí al 1 y al 3"), else none."""
    match = _NUMBERS_PICKED.match(said)
    return [match.group(1), *re.findall(r"[1-9]", match.group(2))] if match else []


def picks_an_option(said: str) -> bool:
    """A reply that picks offered options by name or label ("Me quedo con Wetopi Agents", "Sí al 1 y al 3", "Lo de
    Workspace sí, adelante", "Option 2, but only for new customers"), whatever else it says."""
    folded = fold(said)
    return takes_option(said) or bool(picked_numbers(folded)) or _NAMED_YES.match(folded) is not None \
        or _OPENING_LABEL.match(folded) is not None


def takes_option(said: str) -> bool:
    """A short reply that takes something by name ("Me quedo con Wetopi Agents"): an option, if one was offered."""
    folded = fold(said)
    return bool(_TAKES.match(folded)) and len(tokens(folded)) <= MAX_TAKE_WORDS


def chosen_part(proposal: str, user_message: str) -> str:
    """The option the user picked, by label or by naming its subject, else the whole proposal."""
    folded = fold(proposal)
    starts = [m.start() for m in _ANY_LABEL.finditer(folded)]
    spans = list(zip(starts, [*starts[1:], _last_option_end(folded, starts[-1]) if starts else 0][:len(starts)],
                     strict=True))
    several = picked_numbers(fold(user_message))
    if several:
        parts = [_labelled(proposal, folded, [number]) for number in several]
        return "; ".join(part for part in parts if part) if all(parts) else proposal
    labels = picked_option(fold(user_message))
    if labels:
        return _labelled(proposal, folded, labels) or proposal
    named = _named_option(spans, folded, fold(user_message)) if len(spans) > 1 else None
    return proposal[named[0]:named[1]].strip(" ;,") if named else proposal


def _labelled(proposal: str, folded: str, labels: list[str]) -> str:
    """The option of `proposal` under one of `labels` (names of the same option), or "" when none is there."""
    start = next((m for m in (re.search(_OPTION_LABEL.format(re.escape(label)), folded) for label in labels) if m),
                 None)
    if start is None:
        return ""
    end = _ANY_LABEL.search(folded, start.end())
    return proposal[start.start():end.start() if end else _last_option_end(folded, start.start())].strip(" ;,")


def _last_option_end(folded: str, start: int) -> int:
    """Where the last option ends: at the first line after it that is not part of it ("Me inclino por la A."), else
    at the end."""
    after = _AFTER_OPTIONS.search(folded, start)
    return after.start() if after else len(folded)


def _named_option(spans: list[tuple[int, int]], folded: str, said: str) -> tuple[int, int] | None:
    """The one option whose content words the assent ("Yes to the Monday review", "Lo de Workspace sí") names most,
    if one stands out."""
    named = _NAMED_YES.match(said)
    if named is None and not _YES_TO.match(said) and not _TAKES.match(said):
        return None
    wanted = content_stems(tokens(named.group(1) if named else said))
    shared = [len(wanted & content_stems(tokens(folded[start:end]))) for start, end in spans]
    best = max(shared)
    return spans[shared.index(best)] if best and shared.count(best) == 1 else None

