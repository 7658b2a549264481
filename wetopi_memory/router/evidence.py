"""How matched terms become scope scores: sense cancellations, subsumed terms and the minimum-evidence rule.

- A sense context (`senses.SENSES`) cancels the terms of the other sense: they neither count nor show as matches;
  the decision lists each as a `Cancellation`.
- A term contained in a longer matched term of the same scope does not count ("yo prefiero" not also "prefiero").
- Minimum evidence: a scope is suggested only when it has an anchor, i.e. a term of weight >= STRONG, or a term of
  weight >= MEDIUM together with at least one other term of that scope. WEAK terms (and the agent prior, and
  weak tools such as `terminal`) only corroborate: one weak word never routes, and weak words alone, however
  many, do not add up to a route ("host" + "wordpress"). A scope held back by this rule is listed in
  `RouteDecision.below_evidence`.
- Roles (`roles.py`): platform terms in a message about a piece of marketing content (a landing, an ad, a post) are
  what the content talks about: platform loses its anchor unless the message checks a claim against it.
- Roles (`roles.py`): a scope whose only evidence names an object of another scope's statement loses its anchor:
  platform when its terms only name a supplier or a plan feature of a business message (unless the message checks
  that the feature is delivered: "¿de verdad los estamos haciendo?"), business when its terms
  only say whom the speaker's own habit or schedule is about, personal when its only anchor is a reminder to set
  and another scope is its topic.
- Roles (`roles.py`): business loses its anchor when platform has one and every business term is a customer word
  (`AFFECTED_PARTIES`): the customer is whom the technical matter affects. Any other business word keeps it.
- Roles (`roles.OWN_WORDS`): the speaker's own meaning of a phrase or a matter she keeps to herself ("when I say 'the
  big one' I mean…", "para ti y para nadie más") leaves personal alone anchored, and the word model adds nothing.
- Platform loses its anchor when its only term is the object of a strongly anchored personal statement ("I never
  want deploys on Fridays"): the blind authors route such messages to personal alone (4 gained, 1 lost over 21 parts).
"""

from __future__ import annotations

from dataclasses import dataclass

from .compiled import Term
from .decision import Cancellation


@dataclass(frozen=True, slots=True)
class Evidence:
    """The terms that count, what was cancelled, and which scopes have an anchor."""

    terms: list[Term]
    cancelled: tuple[Cancellation, ...]
    anchored: frozenset[str]


def counted_terms(found: dict[int, Term]) -> Evidence:
    """The matched terms in rank order, after cancellations and subsumption, with the anchored scopes."""
    contexts = [t for t in found.values() if t.cancels]
    cancelled: tuple[Cancellation, ...] = ()
    if contexts:
        ordered = sorted(contexts, key=_rank)
        by_rank: dict[int, Term] = {}   # a matched rank -> the first context (by rank) that cancels it
        for rank in found:
            for context in ordered:
                if rank in context.cancels:
                    by_rank[rank] = context
                    break
        cancelled = tuple(Cancellation(found[r].scope, found[r].match.term, by_rank[r].match.term, by_rank[r].sense)
                          for r in sorted(by_rank))
        found = {r: t for r, t in found.items() if r not in by_rank and not t.is_context}
    elif len(found) == 1:
        only = next(iter(found.values()))
        if only.is_context:
            return Evidence([], (), frozenset())
        return Evidence([only], (), frozenset([only.scope]) if only.grade == 2 else frozenset())
    terms = [found[rank] for rank in sorted(found)]
    subsumed = [t.subsumes for t in terms if t.subsumes]
    if subsumed:
        drop = frozenset[int]().union(*subsumed)
        terms = [t for t in terms if t.rank not in drop]
    return Evidence(terms, cancelled, _personal_object(_without_affected_party(_anchored(terms), terms), terms))


def _anchored(terms: list[Term]) -> frozenset[str]:
    """Scopes with a STRONG term, or a MEDIUM term plus another term of the same scope; minus platform when its
    graded terms only name what a business message buys or sells, and business when its graded terms only say
    whom the speaker's own statement is about (`roles.py`)."""
    strong: set[str] = set()
    medium: set[str] = set()
    objects: set[str] = set()   # scopes with a term that names an object of another scope's statement
    count: dict[str, int] = {}
    roles: set[str] = set()
    for t in terms:
        scope = t.scope
        count[scope] = count.get(scope, 0) + 1
        if t.grade == 2:
            strong.add(scope)
        elif t.grade == 1:
            medium.add(scope)
        if t.names_object:
            objects.add(scope)
        if t.role:
            roles.add(t.role)
    anchored = strong | {s for s in medium if count[s] >= 2} if medium else strong
    if "own_words" in roles and "personal" in anchored:   # the speaker's meaning or secret: the rest is referent
        return frozenset(("personal",))
    if "content" in roles and "platform" in anchored and "fact_check" not in roles:
        # the subject of a piece of content, no claim to check against the platform (`roles.py`)
        return frozenset(anchored.difference(("platform",))).union(("business",))
    if objects and len(anchored) > 1:
        # a plan feature whose delivery is checked ("¿de verdad los estamos haciendo?") is a platform matter too
        checked = ("platform",) if "fact_check" in roles else ()
        drop = [scope for scope, owner in _OBJECT_OF if scope in objects and scope in anchored and owner in anchored
                and scope not in checked and not any(t.grade and not t.names_object for t in terms if t.scope == scope)]
        if drop:
            return frozenset(anchored.difference(drop))
    return frozenset(anchored)


def _without_affected_party(anchored: frozenset[str], terms: list[Term]) -> frozenset[str]:
    """Business loses its anchor when platform keeps one and every graded business term only says whom the technical
    matter affects (`roles.AFFECTED_PARTIES`); any other business word, even a weak one ("the customer notice email"),
    keeps it."""
    if "business" not in anchored or "platform" not in anchored:
        return anchored
    if all(t.affected_party for t in terms if t.scope == "business"):
        return anchored.difference(("business",))
    return anchored


def _personal_object(anchored: frozenset[str], terms: list[Term]) -> frozenset[str]:
    """Platform loses its anchor when its one term is what a personal statement with a strong personal anchor is
    about ("remember that I never want deploys on Fridays", "no me mandes notificaciones por incidentes menores"):
    the speaker's rule for themself, not a platform matter. A second platform term keeps it."""
    if anchored != frozenset(("personal", "platform")):
        return anchored
    platform = [t for t in terms if t.scope == "platform"]
    personal = [t for t in terms if t.scope == "personal"]
    if len(platform) == 1 and len(personal) >= 2 and any(t.grade == 2 for t in personal):
        return frozenset(("personal",))
    return anchored


# (scope, the scope whose statement it serves)
_OBJECT_OF = (("platform", "business"), ("business", "personal"), ("personal", "business"), ("personal", "platform"))


def _rank(term: Term) -> int:
    return term.rank
