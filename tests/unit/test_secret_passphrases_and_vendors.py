"""Passphrases of words, vendor tokens (Honeycomb, Backblaze B2, ngrok, any `<kind>_live_…` key), flattened PuTTY
key files, Go MySQL DSNs, IPMI logins, and their look-alikes that must pass (our own samples; values generated at
random for these tests)."""

from __future__ import annotations

import pytest

from wetopi_memory.secrets import SecretGate

GATE = SecretGate()
STRICT = SecretGate(skip_plain_prose=False)   # the same verdicts without the prose shortcuts

REFUSED = [
    ("passphrase-words", "Passphrase de la clave age de los backups: lince-marea-tomillo-faro"),
    ("passphrase-words", "la contraseña maestra del Bitwarden del equipo es cobre nieve pradera lento"),
    ("quoted-passphrase", "la passphrase de la clave de deploy es «violeta ancla galleta puerto»"),
    ("honeycomb-key", "HONEYCOMB_API_KEY=hcaik_ktai6p8pat49cvjje9evtx50o28s1hy8iy4lwmr44m1vofgrr1wy3rq3jr"),
    ("backblaze-application-key", "b2 account authorize 0041a2b3c4d5e6f70000000002 K004DYazmDtlRyIS4YUhh3eIukIJeU7"),
    ("ngrok-authtoken", "NGROK_AUTHTOKEN=35OCKZpoQzvfZi4BOClH53mAuey_N14AQzGehKs5qjnVeAcEC"),
    ("putty-private-key", "PuTTY-User-Key-File-3: ssh-ed25519 Encryption: none Comment: ana@nuc Public-Lines: 2 "
     "BaITfIdLYZ1jZSR2D5aveRnzw1dnu5"
     "YAMGllhzpR9QoTF9Qbe18/0MQfVyFv Private-Lines: 1 IxBKCQV8oCBI4mJdUbUOnV6ye9P3pFIEH9FzHZfJrBni Private-MAC: 9c1d"),
    ("go-mysql-dsn", 'DB_DSN="wp:kbgoEYuAlBrt5z@tcp(10.40.2.15:3306)/wp_lumen?charset=utf8mb4"'),
    ("user-slash-password", "iDRAC de pve-07: root / kbgoEYuAlBrt5z"),
    ("live-test-key", "the portal wants a token, use this one if you need it: prt_live_Q7w2Lk9ZxR4vT8mN3bY6cHa5dE"),
    ("live-test-key", "en staging: acme_test_h3Kf9Qw2ZrL7mX4tV8pN1bRc6D"),
]

PASSING = [
    "la passphrase es la de siempre, pídesela a Marc",
    "The master password is stored in 1Password, never in the repo.",
    "La contraseña maestra es obligatoria para todas las cuentas del equipo.",
    "I forgot the master password again. Takeaway: Hotel Mirador needs weekly reports",
    'DB_DSN="wp:${DB_PASSWORD}@tcp(10.40.2.15:3306)/wp_lumen"',
    "ahora mismo usan 3.1 CPU / 9Gi de memoria",
    "Resúmenes en formato corto (qué pasó / impacto / causa / acción), por favor",
    "en la doc de Stripe sale sk_test_4eC39HqLyjWDarjtT1zdp7dc como clave de ejemplo",
    "la publishable key del checkout es pk_live_51Hq8ZbK2lN7xQw4RtY9vB3cM6, va en el front",
    "def test_prod_settings_are_loaded_from_the_environment(): ...",
]


@pytest.mark.parametrize(("rule", "text"), REFUSED)
def test_refused(rule: str, text: str) -> None:
    for gate in (GATE, STRICT):
        found = gate.first(text)
        assert found is not None and found.rule_id == rule, (text, found)


@pytest.mark.parametrize("text", PASSING)
def test_passing(text: str) -> None:
    assert GATE.first(text) is None and STRICT.first(text) is None, text
