"""Which of its routed scopes a sentence belongs to (design §3.1, §16): category rules and who said it."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .kinds import Category, Role, Voice

__all__ = ["CATEGORY_FALLBACK", "CATEGORY_SCOPE", "SPEAKER_ROLES", "TECHNICAL", "fallback_for",
           "own_scopes", "unrouted_decision_scope"]

# Categories that always (also) belong to a scope: a stated preference is the speaker's, pricing and strategy
# are the business's, whatever else the sentence mentions.
CATEGORY_SCOPE: dict[Category, str] = {"preference": "personal", "pricing": "business", "strategy": "business",
                                       "staffing": "business"}
# Categories that point to a scope only when the router finds none (a churn root cause is business, not platform).
CATEGORY_FALLBACK: dict[Category, str] = {"root_cause": "platform", "fix": "platform", "runbook": "platform",
                                     "incident": "platform", "config": "platform"}
# Who may state a personal preference: the user, their curated notes, an explicit call. An agreed proposal is
# personal only when it is about how the user is treated (retain/turn_units.py pins those).
SPEAKER_ROLES: frozenset[Role] = frozenset({"user", "import", "explicit"})
# Categories of technical knowledge: platform's, never personal, not business on their own.
TECHNICAL: frozenset[Category] = frozenset({"architecture", "config", "relationship", "root_cause", "fix",
                                            "runbook", "incident"})
_COMMERCIAL: frozenset[Category] = frozenset({"pricing", "strategy", "staffing", "decision", "process"})
# Technical categories that a commercial sentence does not carry (a party's contract or an outage may be mentioned).
_SYSTEM_ONLY: frozenset[Category] = TECHNICAL - {"relationship", "incident"}
# Categories that are the business's whatever the router says (a price, a strategy).
_BUSINESS_OWN: frozenset[Category] = frozenset(c for c, scope in CATEGORY_SCOPE.items() if scope == "business")
# A decision or rule the router places nowhere, in the speaker's own words (never a proposal's: the assistant's
# wording is no evidence of its domain): the speaker's organisation decided it (hiring, a supplier, a policy),
# unless it carries technical values, which the router would have placed on the platform.
_DECIDED: frozenset[Category] = frozenset({"decision", "process", "constraint", "relationship"})


def fallback_for(fallback: Sequence[str], categories: Sequence[Category], *,
                 technical_values: bool = False) -> tuple[str, ...]:
    """The turn's scopes for a sentence that routes nowhere itself: personal only for what may be the speaker's
    own (a preference, or a sentence no category claims), never for a decision, a price or a platform fact; the
    platform not for a purely commercial one (support hours, a staffing or pricing rule) nor for a bare value, when
    neither names a system value."""
    kinds = set(categories)
    personal_ok = not kinds or "preference" in kinds
    commercial = bool(kinds & (_COMMERCIAL - {"decision"})) and not kinds & TECHNICAL and not technical_values
    no_system = kinds == {"config"} and not technical_values   # "the train is 40 minutes late": no system's value
    platform_ok = not commercial and not no_system
    return tuple(s for s in fallback if (s != "personal" or personal_ok) and (s != "platform" or platform_ok))


def unrouted_decision_scope(categories: Sequence[Category], *, speaker: bool, technical_values: bool,
                            values: bool, known: Collection[str], for_self: bool = False,
                            money: bool = False) -> str | None:
    """The scope of a speaker's durable decision, rule or party fact that no rule routed: the platform's when it
    names a system's value (a host:port, a path, a manifest field), else the business's when it names no command
    or technical category ("Acme renews every March", "contratamos a Lucía") or its values are money or a share
    (`money`: "Nubeweb: 20 % el primer año"). A limit the speaker states of
    themself alone (`for_self`: "I can't remember what I told you") is no rule of the organisation."""
    decided = set(categories) & _DECIDED
    if not speaker or not decided or (for_self and decided == {"constraint"}):
        return None
    if for_self and set(categories) == {"decision"} and not technical_values:
        # a decision the speaker takes for themself alone ("Decisión mía: este año no cojo guardias en agosto")
        return "personal" if "personal" in known else None
    if technical_values:
        return "platform" if "platform" in known else None
    # support hours, a price, a discount ("20 % el primer año"): values of its own
    commercial = money or bool(set(categories) & (_COMMERCIAL - {"decision"}))
    if (not values or commercial) and not set(categories) & (TECHNICAL - {"relationship"}):
        return "business" if "business" in known else None
    return None


def own_scopes(routed: list[str], categories: Sequence[Category], *, speaker: bool, known: Collection[str],
               technical_values: bool = False, voice: Voice = "self", supplier: bool = False) -> list[str]:
    """The routed scopes a sentence really belongs to (design §3.1, §16): platform facts and business facts said in
    the first person are theirs, not personal; a purely technical sentence naming a customer is not business; what
    the speaker says for a group ("los que ya teníamos") or of nobody ("el horario de atención es…") is not
    personal unless it is a preference; a supplier named with no system value is the business's, not the
    platform's ("OVH for domains")."""
    kinds = set(categories)
    if supplier and not technical_values and "business" in known and not kinds & (TECHNICAL - {"relationship"}):
        routed = [*dict.fromkeys([*(s for s in routed if s not in ("platform", "personal")), "business"])]
    if voice != "self" and "preference" not in kinds:
        routed = [s for s in routed if s != "personal"]
    technical = bool(kinds & TECHNICAL) and "preference" not in kinds
    if speaker and routed == ["personal"] and technical and "platform" in known:
        return ["platform"]
    # a price, a strategy or a staffing fact is the business's even when the router hears only the speaker in it
    shared = "platform" in routed or "business" in routed or bool(kinds & _BUSINESS_OWN)
    if not speaker or (shared and "preference" not in kinds):
        routed = [s for s in routed if s != "personal"]
    system = (technical and not kinds & _COMMERCIAL) or (technical_values and not kinds & _BUSINESS_OWN)
    if "platform" in routed and system:
        routed = [s for s in routed if s != "business"]
    business = "business" in routed or bool(kinds & _BUSINESS_OWN)
    # a price or a party's terms stay the business's even when they mention an outage ("credit them for the outage")
    if business and kinds & _COMMERCIAL and not kinds & _SYSTEM_ONLY and not technical_values:
        routed = [s for s in routed if s != "platform"]
    return routed


