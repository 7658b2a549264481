"""Who may govern memory: the operator rule, and a person as an erasure or a restore reaches them (every scope)."""

from __future__ import annotations

from ..errors import AccessDenied, InvalidRequest
from ..identity import INTERNAL_ID, OPERATOR, Identity
from ..security import ScopeACL

__all__ = ["full_reach", "is_operator", "require_operator"]


def is_operator(identity: Identity) -> bool:
    return identity.known and OPERATOR in identity.roles


def require_operator(identity: Identity, what: str) -> None:
    """AccessDenied `operator_required` unless `identity` is a known user with the operator role."""
    if not is_operator(identity):
        raise AccessDenied("operator_required", f"{identity.account} may not {what}: that needs the operator role "
                                                "on the caller's own user in the identities file")


def full_reach(acl: ScopeACL, internal_user_id: str) -> Identity:
    """A person as an operator's erasure or restore sees them: every configured scope, whatever the identities file
    grants now (their memory may sit in a scope they no longer reach, or the file may no longer list them)."""
    if not isinstance(internal_user_id, str) or not INTERNAL_ID.match(internal_user_id):
        raise InvalidRequest(f"{str(internal_user_id)[:80]!r} is not an internal user id (letters, digits, _ or -, "
                             "at most 64)")
    return Identity("internal", internal_user_id, internal_user_id, None, frozenset(acl.registry.scopes))
