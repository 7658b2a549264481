"""What the secret gate reports: a rule's tier and where a secret is (rule id, tier, span), never its value."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class Tier(IntEnum):
    """How a rule recognises a secret; a lower number is stronger evidence and wins overlaps."""

    TOKEN = 1     # vendor prefix or structure (AWS, GitHub, JWT, PEM, ...): blocks
    CONTEXT = 2   # a secret-naming key, header, URL password or phrase around the value: blocks
    ENTROPY = 3   # a long random-looking run and nothing else: reported, blocks only when asked


ALL_TIERS: frozenset[Tier] = frozenset(Tier)
BLOCKING_TIERS: frozenset[Tier] = frozenset({Tier.TOKEN, Tier.CONTEXT})


@dataclass(frozen=True, slots=True)
class SecretFinding:
    """Where a secret is: rule id, tier and the `[start, end)` span in the scanned text. Never the value."""

    rule_id: str
    tier: Tier
    start: int
    end: int
