"""Proxmox logins with their password, Brevo and WooCommerce keys, WordPress session cookies and application
passwords, a master password of one word, a copula inside a longer word, and their look-alikes that must pass (our
own samples; values generated at random for these tests)."""

from __future__ import annotations

import pytest

from wetopi_memory.secrets import SecretGate

GATE = SecretGate()
STRICT = SecretGate(skip_plain_prose=False)   # the same verdicts without the prose shortcuts

REFUSED = [
    ("proxmox-login-password", "root@pve en el nodo 2: Gx7!pQ2#zLm9 (solo para emergencias)"),
    ("proxmox-login-password", "backup@pam: kR4$wq9Lz!xT"),
    ("brevo-key",
     "BREVO_KEY=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"),
    ("woocommerce-rest-key", "consumer_secret=cs_bec1b67b02408deb99166fc504ce6d78beaf3020 para el ERP"),
    ("woocommerce-rest-key", "la consumer key de la tienda es ck_749170a91e7808b9573d2b9d95c2515ecad55cc2"),
    ("wordpress-session-cookie", "Cookie: wordpress_logged_in_f262f0792f87b6f505356807b557df5a=editor%7C1767225600%7C"
     "YHgY4MyWHQifEIQq5fZfqcWDbdJc162KW1kAvphyiJe%7C66ff67c1abd24c6dbe01ad9acecf1af4d2d1982fe3496560edf919b58cf11407"),
    ("wordpress-app-password", "Application password del plugin de facturación para la integración nueva con el CRM "
     "de ventas de la tienda: cPzs 1BQ9 wgkK DTYR VxJK bqh8"),
    ("passphrase-words", "la maestra del Bitwarden de soporte es Rk7#mP2qLx"),
    ("prose-secret", "la contraseña del router de la oficina de Girona es Qw3!rtYz9"),
]

PASSING = [
    "entra como root@pam: la web UI está en :8006",
    "el usuario monitoring@pve: solo lectura, sin consola",
    "la maestra de Lucía es muy buena, se llama Carmen",
    "The master password is rotated every quarter.",
    "la contraseña del panel de escuela está en Infisical",
    "la contraseña del panel de escuela es la de siempre",
    "La clave publicable de Stripe es pk_live_qyp81hQLbu6yesWikSIwL0J4ZqkDZC03NZmVqZrxH7c3yOGaX0dAi0lDVMAG3C055Ra50tWZ",
    "la aplicación de reservas muestra los años 2024 2025 2026 2027 2028 2029",
    "Application password: Abcd Efgh Ijkl Mnop Qrst Uvwx es el ejemplo de la documentación",
    "la cookie wordpress_logged_in_ dura 14 días si marcas 'recordarme'",
]


@pytest.mark.parametrize(("rule", "text"), REFUSED)
def test_refused(rule: str, text: str) -> None:
    for gate in (GATE, STRICT):
        finding = gate.first(text)
        assert finding is not None and finding.rule_id == rule, (text, finding)


@pytest.mark.parametrize("text", PASSING)
def test_passing(text: str) -> None:
    for gate in (GATE, STRICT):
        assert gate.first(text) is None, (text, gate.first(text))
