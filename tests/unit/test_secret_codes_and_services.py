"""Access codes, TOTP seeds, app passwords, service credentials (SNMP, HAProxy, htpasswd, Teams webhooks, mail DSNs)
and the look-alikes that must pass, SealedSecrets among them (our own samples; values generated at random for these
tests, none is real)."""

from __future__ import annotations

import base64
import random

import pytest

from wetopi_memory.secrets import SecretGate

GATE = SecretGate()
STRICT = SecretGate(skip_plain_prose=False)   # the same verdicts without the prose shortcuts

REFUSED = [
    # Microsoft Teams incoming webhooks: the new `webhookb2` form with its signature, and the older one
    ("teams-webhook-url", "alertas → https://acme.webhook.office.com/webhookb2/3b1f6c2e-8d4a-4f7e-9b1c-2a5d7e9f0c13@"
     "7c2e9a4b-1d3f-4e6a-8b5c-9d0e1f2a3b4c/IncomingWebhook/9f8e27c1d4b36a5e0f1c2d3b4a596e7f/"
     "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d/V2kP9xLq3mZ7tR2wYb8nC4vD6sF1gH0jK5lQ9aE3uI7o"),
    ("teams-webhook-url", "TEAMS_HOOK=https://outlook.office.com/webhook/3b1f6c2e-8d4a-4f7e-9b1c-2a5d7e9f0c13@"
     "7c2e9a4b-1d3f-4e6a-8b5c-9d0e1f2a3b4c/IncomingWebhook/c0d1e2f3a4b5968778695a4b3c2d1e0f/"
     "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d"),
    # a mail DSN whose user is an address, as Symfony Mailer and Mailgun write it
    ("url-credentials", "MAILER_DSN=smtp://postmaster@mg.example.org:Xq7tLm2Wz9pRk4Vs@smtp.eu.mailgun.org:587"),
    ("url-credentials", "dsn: smtps://avisos@tienda.es:Nube-Roja-8812@smtp.ionos.es:465"),
    # htpasswd in batch mode: the password is the last argument, a dotted word included
    ("htpasswd-batch-password", "htpasswd -b -c /etc/nginx/.htpasswd-staging cliente Benimaclet.Russafa2291"),
    ("htpasswd-batch-password", "htpasswd -bB /etc/apache2/.htpasswd ana 'tK8#wQ2zLm'"),
    # HAProxy: the stats page login and a userlist's clear-text password
    ("haproxy-stats-auth", "listen stats\n    bind :8404\n    stats enable\n    stats auth admin:qJ7vXmR2kTzLpW4n"),
    ("password-directive", "userlist ops\n    user ana insecure-password Tq8zWm2Lk\n"),
    # SNMP communities, in the syntaxes of Cisco, net-snmp, snmp_exporter, the CLI and prose
    ("snmp-community", "snmp-server community Hx4kPq9ZwLm RO 10.20.0.0/16"),
    ("snmp-community", "rocommunity Kx7pQ2mWz 10.0.0.0/8"),
    ("snmp-community", "com2sec notConfigUser default Kx7pQ2mWz"),
    ("snmp-community", "auths:\n  switches_v2:\n    community: Rb8tY3nQvXk\n    version: 2"),
    ("snmp-community", "snmpwalk -v2c -c Rb8tY3nQvXk 10.20.0.1 system"),
    ("snmp-community", "la comunidad SNMP de los switches es Rb8tY3nQvXk"),
    # numeric access codes after their noun
    ("access-code", "el PIN de la SIM del router 4G de la oficina es 0735 y el PUK 97004102"),
    ("access-code", "El código de la puerta del CPD de Paterna es 185791#"),
    ("access-code", "El código de la alarma del almacén es *2580"),
    ("access-code", "código de acceso al parking: 7788"),
    ("access-code", "the door code is 4521#"),
    ("access-code", "Alarm code for the office: 8812"),
    ("access-code", "gate code 4590"),
    ("access-code", "the PUK for the 4G SIM is 12345678"),
    ("access-code", "clave de la alarma: 6061"),
    # TOTP seeds (base32), upper case or in Google's lowercase groups
    ("totp-seed", "Semilla TOTP de la cuenta compartida de OVH (para el gestor): KRUGS4ZANFZSAYJAONSWG4TFOQQGIYLU"),
    ("totp-seed", "TOTP secret: mzxw 6ytb oi2d k4zq nrtg s5lm"),
    ("totp-seed", "2FA seed is HXDMVJECJJWSRB3HWIZR4IFUGFTMXBOZ"),
    # recovery codes one per line, with or without bullets
    ("recovery-codes", "Códigos de recuperación de la cuenta de GitHub de soporte:\na81f2-77c0d\n4be19-0c3a2\n"
     "9d0e4-51bb7\nf2c68-3a9e1"),
    ("recovery-codes", "Backup codes for the Google admin:\n- 4821 3907\n- 5510 2938\n- 9081 7264"),
    # app passwords as shown
    ("prose-secret", "Application password para la API de WooCommerce de la tienda: 7hGk Lm2P qR8s Tv4W xY9z Ab3C"),
    ("prose-secret", "la contraseña de aplicación de Google para el SMTP es kela dimo pute raso"),
    ("prose-secret", "Gmail app password for the contact form: ruvo tape demi sulo"),
    # English prose: a copula after the colon, a hint that spells the password out
    ("prose-secret", "Keepass master password hint for you in case I'm away: it's Torrent4471!"),
    ("prose-secret", "the root password: it's Tq8!zWm2"),
]

PASSED = [
    # placeholders and documentation
    "https://xxxxx.webhook.office.com/webhookb2/<group-id>@<tenant-id>/IncomingWebhook/<secret>/<owner-id>",
    "Incoming webhook URL format: https://<tenant>.webhook.office.com/webhookb2/{guid}@{guid}/IncomingWebhook/...",
    "MAILER_DSN=smtp://${MAIL_USER}:${MAIL_PASSWORD}@smtp.eu.mailgun.org:587",
    "git clone ssh://git@github.com:22/acme/shop.git",
    "htpasswd -nbB ana \"$ANA_PASSWORD\" >> .htpasswd",
    "htpasswd -B -c /etc/nginx/.htpasswd cliente",
    "stats auth <user>:<password>",
    "stats auth admin:${HAPROXY_STATS_PASSWORD}",
    "stats auth is configured in haproxy.cfg, ask Iker",
    "snmp-server community public RO",
    "rocommunity public default",
    "community: ${SNMP_COMMUNITY}",
    "snmpwalk -v2c -c public 10.0.0.1",
    "community edition v2.3.1 released, the community: WordPress folks",
    "snmp-server community <string> RO",
    # PIN and code policies without a value
    "PIN policy: at least 6 digits",
    "el PIN tiene que tener 4 dígitos y el PUK 8",
    "El PIN de la tarjeta lo tiene Marc, pregúntale a él.",
    "the PIN is 1234 characters long",
    "El código de la puerta cambia el 1 de mayo",
    "door code changes every 90 days",
    "the alarm code is in 1Password",
    "código de error 502 en el portal",
    "cert pinning for api v2.3 since 2024",
    "el PIN es de 4 cifras",
    "the door code for building 7, floor 2, is posted at reception",
    # TOTP without a seed, or the documentation seed
    "the TOTP secret is stored in Vault, rotate it yearly",
    "2FA codes expire after 30 seconds",
    "mfa key: <base32-secret>",
    "TOTP secret: ${TOTP_SECRET}",
    "Google's example seed in the docs is JBSWY3DPEHPK3PXP, semilla TOTP de ejemplo JBSWY3DPEHPK3PXP",
    # recovery codes and app passwords named but not given
    "Recovery codes:\n- stored in 1Password\n- printed in the safe",
    "la contraseña de aplicación es para cada cosa",
    "the app password is only used once",
    "App passwords: para todo este caso usa el gestor",
    "Application password: xxxx xxxx xxxx xxxx xxxx xxxx",
    "app password: <your app password>",
    "password hint: name of my first dog",
    "the password hint is Kiwi",
    "the password: it is in the vault",
]


@pytest.mark.parametrize(("rule_id", "text"), REFUSED)
def test_credential_is_refused_by_its_rule(rule_id: str, text: str) -> None:
    """Each credential is refused, and by the rule written for it, with and without the prose shortcuts."""
    assert rule_id in {f.rule_id for f in GATE.scan(text)}
    assert GATE.blocks(text)
    assert STRICT.blocks(text)


@pytest.mark.parametrize("text", PASSED)
def test_look_alike_passes(text: str) -> None:
    """Placeholders, defaults, policies and prose about codes are not credentials."""
    assert GATE.first(text) is None, GATE.describe(GATE.scan(text))
    assert STRICT.first(text) is None, STRICT.describe(STRICT.scan(text))


def _sealed_ciphertext(rng: random.Random, size: int) -> str:
    """What kubeseal writes: a 2-byte length, the RSA-sealed session key, the AES-GCM data, in base64."""
    return base64.b64encode(b"\x02\x00" + rng.randbytes(size)).decode()


def test_sealed_secret_passes() -> None:
    """A SealedSecret's `encryptedData` can only be opened by the controller: it is made to be committed."""
    rng = random.Random(7)
    text = ("apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: shop-db\n  namespace: shop\n"
            f"spec:\n  encryptedData:\n    DB_PASSWORD: {_sealed_ciphertext(rng, 560)}\n"
            f"    api-token: {_sealed_ciphertext(rng, 600)}\n  template:\n    metadata:\n      name: shop-db\n")
    assert GATE.first(text) is None
    assert STRICT.first(text) is None
    assert SecretGate(block_tier3=True).scan(text) == []


def test_secret_beside_or_instead_of_a_sealed_one_is_refused() -> None:
    """A plain value in a SealedSecret, or a Secret holding the same long base64, is still refused."""
    rng = random.Random(8)
    plain = "kind: SealedSecret\nspec:\n  encryptedData:\n    password: Kq7vRt2Lmz9x\n"
    unsealed = f"kind: Secret\nspec:\n  encryptedData:\n    DB_PASSWORD: {_sealed_ciphertext(rng, 560)}\n"
    assert GATE.blocks(plain)
    assert GATE.blocks(unsealed)
