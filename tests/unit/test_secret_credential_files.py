"""Credentials that come as a file, a manifest or a list, and the look-alikes that must pass (our own samples;
values generated at random for these tests, none is real)."""

from __future__ import annotations

import pytest

from wetopi_memory.secrets import SecretGate

GATE = SecretGate()

REFUSED = [
    # a dockerconfigjson Secret: base64 of JSON, refused as a Secret's data
    ("kubernetes-secret-data", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: regcred\n"
     "type: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: eyJhdXRocyI6eyJnaGNyLmlvIjp7ImF1dGgiOiJZV0p"
     "qT21SbFpqRXlNdz09In19fQ=="),
    # `kubectl get -o yaml` puts `data:` before `kind:`
    ("kubernetes-secret-data",
     "apiVersion: v1\ndata:\n  DB_PASS: UXc4elJ0MlZ4TG0=\nkind: Secret\nmetadata:\n  name: db"),
    ("kubernetes-secret-data", "kind: Secret\nmetadata:\n  name: smtp\nstringData:\n  password: Kq7vRt2Lmz9x\n"),
    ("putty-private-key", "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: sftp-cliente\n"
     "Public-Lines: 2\n"
     "AAAAC3NzaC1lZDI1NTE5AAAAIJ8x2bFqk7Zt\nQm4p\nPrivate-Lines: 1\nAAAAIF3hVx9Qz2Lk8Rt0Wm7Yp4Cj6Nd1Ub5Xe3Gs\n"
     "Private-MAC: 5f0c9a1e"),
    ("jwk-private-key", '{"kty": "OKP", "crv": "Ed25519", "x": "kq4Gm2yR9vT0pL8sW3xZ7nB1cF6dH5jK2mQ9rV4tY0u", '
     '"d": "Zr8mP3qL9vX2nT6bW0cY4kH7jF1sD5gA8eU2iO6pR3t"}'),
    ("recovery-codes", "Recovery codes for the GitHub org admin: 7f3k2-9qm4x 2b8dh-m41zt 93kf0-x7q2p"),
    ("recovery-codes", "códigos de recuperación del Google Workspace de soporte: 48213907, 55102938, 90817264"),
    ("quoted-passphrase", 'la frase de paso del backup cifrado es "tortuga lima piano cobre"'),
    ("quoted-passphrase", "The GPG passphrase for signing releases is 'velvet orbit cactus meadow'"),
    ("password-set-for-user", "passwd jordi: le he puesto kTq9Wm4xZp2 hasta que entre"),
    ("mongo-password-flag", "mongosh --host db-0.mongo.svc -u admin -p Rk4tW9zQx2Lm --authenticationDatabase admin"),
    ("secret-noun-random-value", "apiTokenSecretRef sigue roto, pruebo directamente con el token de Hetzner "
     "Qm7xR2tK9vL4pW8zN3cB6yH1jF5dS0gA"),
    ("prose-secret", "Contraseña de root de los hosts de backup (consola web y SSH): Tostadora7781!"),
]

PASSED = [
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\nstringData:\n  password: ${DB_PASSWORD}\n",
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: nginx\ndata:\n  client_max_body_size: 64m\n",
    "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db\n        key: password\n",
    '{"keys": [{"kty": "RSA", "kid": "k1-2026", "use": "sig", "alg": "RS256", '
    '"n": "u1Fq9Lz3xW7tR2mK8pV4cN6bY0hJ5sD1gA3eU7iO9rT2wQ4kL6mZ8xC0vB3nM5jH7fG", "e": "AQAB"}]}',
    "Sentry DSN del frontend, público: https://4f2a9c1e7b3d5a8f0c6e2b9d1a7f3c5e@o44120.ingest.sentry.io/991823",
    "reCAPTCHA site key (public, it goes in the HTML): 6LdT3kQpAAAAAJx8Vq2mW7rT9nL4cZ0yB5hK1sF",
    "the passphrase policy is four random words, stored in Bitwarden",
    "recovery codes are in the safe, ask Marta for them",
    "passwd jordi y le he puesto una temporal que le mando por Signal",
    "mongosh --host db-0.mongo.svc --port 27017 -u admin -p --authenticationDatabase admin",
    "environment:\n  REDIS_PASSWORD: ${REDIS_PASSWORD}\n  DB_PASSWORD: ${DB_PASSWORD:?missing}",
    "aws_secretsmanager_secret.db: Refreshing state... "
    "[id=arn:aws:secretsmanager:eu-west-1:145901217454:secret:prod/db-gYag2b]",
    "wg pubkey < privatekey -> PublicKey = oA7gFnWlmRw8uWHfkYvfl7p50K5bKT/uhyMHhN8krOQ=",
]


@pytest.mark.parametrize(("rule_id", "text"), REFUSED)
def test_credential_is_refused_by_its_rule(rule_id: str, text: str) -> None:
    """Each credential is refused, and by the rule written for it."""
    assert rule_id in {f.rule_id for f in GATE.scan(text)}
    assert GATE.blocks(text)


@pytest.mark.parametrize("text", PASSED)
def test_look_alike_passes(text: str) -> None:
    """References, public keys, templates and prose about credentials are not credentials."""
    assert GATE.first(text) is None, GATE.describe(GATE.scan(text))


def test_failed_match_does_not_hide_a_later_secret() -> None:
    """A noun whose own match fails (`…SecretRef no va`) does not hide the next noun's value in the same reach."""
    text = "el secretRef no va, y el token de Cloudflare Zx8qL2mV9tR4pW7nK3cB6yH1jF5dS0gA se lo paso a pelo"
    assert GATE.blocks(text)
