"""SecretGate: the reject-before-retain secret detector.

Three tiers of rules, all data (`RULES`), compiled once at import:

* **Tier 1**, prefix/structure: vendor token shapes (AWS, GitHub, GitLab, Slack, Stripe, Google, OpenAI,
  Anthropic, Hugging Face, npm, PyPI, SendGrid, Twilio, Telegram, Discord, memory vendors such as Hindsight
  and mem0, ...), JWTs and PEM private-key blocks. Near-zero false positives; they block.
* **Tier 2**, context: `Authorization` headers, URL userinfo / DSN passwords, signed-URL query parameters,
  `password=` style assignments (YAML, JSON, env, shell, PHP, XML, CLI flags, Kubernetes env lists) and
  English/Spanish prose ("the API key is X", "la contraseña es X"), each with an entropy threshold and an
  allowlist of placeholders and references (`${VAR}`, `os.getenv(...)`, `<token>`, `changeme`, ...). They block.
* **Tier 3**, entropy only: long high-entropy base64-ish runs. Reported, not blocking unless the gate is built
  with `block_tier3=True`.

A finding is a rule id, a tier and the span of the secret: never the matched value, so findings can be logged,
counted and put into error messages safely.

Scanning is built for the retain hot path (stdlib `re`, bounded quantifiers, no nested ambiguity): text that
`plain_text.may_hold_secret` clears (ordinary prose) is not scanned at all, nor is a text with none of the rules'
keywords and no 20-character token run; otherwise one regex pass finds the long token-character runs where tier-1
tokens and tier-3 strings can start, and token rules are tried only there, indexed by prefix; one Aho-Corasick pass
(`ahocorasick_rs`) finds every rule keyword (`password`, `token`, ...) in a lowercased copy computed once per scan, and
tier-2 rules run only near those hits, mostly as anchored matches.

    >>> from wetopi_memory.secrets import DEFAULT_GATE
    >>> DEFAULT_GATE.first("rotate the password every 90 days") is None
    True

Modules, each importing only the ones above it:

* `findings`: `Tier` and `SecretFinding`, what a scan reports.
* `heuristics`: entropy, character classes, placeholder and opaque-value checks, and the value-shape judgements
  of a password slot (`is_password_value`) and of a machine-made value (`is_strongly_random`).
* `key_names`: whether a config key names a secret.
* `plain_text`: whether a text could hold a secret at all (the shortcut that lets ordinary prose skip the scan).
* `text_scan`: `KeywordFilter` (the prefilter: where every rule keyword occurs, in one pass) and
  `TextScan`, the per-text lowercased copy, keyword hits and token starts.
* `rule`: `SecretRule`, one detector and where it runs.
* `context_locators`, `token_locators`: where the secret is inside a tier-2 / tier-1 or tier-3 match.
* `service_rules`: the formats, directives and command arguments of the services we run (Vault, Ceph,
  Infisical, Docker, Proxmox, htpasswd; `requirepass`, `auth_pass`, `bindPW`, `redis-cli -a`, `mc alias set`).
* `cue_rules`: a value-shape judgement next to a secret cue in many syntaxes (any secret-named flag, `KEY value`
  lines, SQL `IDENTIFIED BY`, XML attributes, decoded secret output, `usa X como contraseña`, `.pgpass`, Ceph
  keyrings, command password arguments).
* `clause_rules`: a secret noun and, further on in its clause, a value no person types (`is_strongly_random`);
  `user / password` pairs; HTTP `Basic` credentials, Vault `s.` tokens, legacy Sentry DSNs, Cloudflare Origin CA
  keys.
* `credential_files`: PuTTY key files, private JWKs, a Kubernetes Secret's data, 2FA recovery codes, quoted
  passphrases, a password set for a user, `mongosh -p`.
* `rule_table`: `RULES`, the rules as data.
* `gate`: `SecretGate` and `DEFAULT_GATE`.
"""

from __future__ import annotations

from .findings import SecretFinding, Tier
from .gate import DEFAULT_GATE, SecretGate
from .heuristics import shannon_entropy
from .rule import SecretRule
from .rule_table import RULES

__all__ = [
    "DEFAULT_GATE",
    "RULES",
    "SecretFinding",
    "SecretGate",
    "SecretRule",
    "Tier",
    "shannon_entropy",
]
