"""SecretGate generalisation (issue #11, third round): secrets given by their clause (a secret noun, then a value no
person types), password slots judged by the value's shape, `user / password` pairs and legacy formats; the
look-alikes of each (digests, ids, public keys, references, protocols) pass; the fast path never changes a verdict."""

from __future__ import annotations

import base64
import random
import re
import string
import uuid

import pytest

from wetopi_memory.secrets import DEFAULT_GATE, SecretGate
from wetopi_memory.secrets.heuristics import is_password_value, is_strongly_random
from wetopi_memory.secrets.plain_text import may_hold_value_token
from wetopi_memory.secrets.text_scan import has_token_run

_RNG = random.Random(20261201)
_ALNUM = string.ascii_letters + string.digits
_WORDS = ["faro", "nieve", "cobre", "delta", "quartz", "mango", "brisa", "cactus", "otter", "river"]


def _r(n: int, alphabet: str = _ALNUM) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


def _hex(n: int) -> str:
    return _r(n, "0123456789abcdef")


def _b64(n: int) -> str:
    return base64.b64encode(bytes(_RNG.getrandbits(8) for _ in range(n))).decode()


def _uuid() -> str:
    return str(uuid.UUID(int=_RNG.getrandbits(128)))


def _passphrase() -> str:
    return f"{_RNG.choice(_WORDS).capitalize()}-{_RNG.choice(_WORDS)}-{_RNG.randint(10, 99)}"


def _symbolic() -> str:
    return _r(4, string.ascii_letters) + _RNG.choice("#!*%&") + _r(5, string.ascii_letters)


SECRETS = [
    # password slots: the value's shape decides (passphrases, symbols without digits, weak but real)
    f"La contraseña de root de pve3 es {_passphrase()}",
    f"Contraseña del router: {_passphrase()}",
    f"Le cambié la contraseña a {_r(4)}!{_r(5)}9",
    f"The Argo CD admin password is {_passphrase()}",
    f"argo admin pw changed to {_r(8)}%{_r(10)} after the upgrade",
    f"Password updated: {_RNG.choice(_WORDS)}.{_RNG.choice(_WORDS)}.{_RNG.randint(1, 99)}",
    f"la clave del Plesk del cliente sigue siendo Wetopi{_RNG.randint(2000, 2099)}$",
    f"Password for the grafana admin: {_symbolic()}",
    f"smtp pass = {_passphrase()}",
    f"bindPW {_passphrase()}",
    f"mysql -uroot -p'{_symbolic()}' shop",
    f"sshpass -p '{_RNG.choice(_WORDS)}.{_RNG.choice(_WORDS)}.{_RNG.randint(10, 99)}' ssh root@pve1",
    # a secret noun, and further on in its clause a value no person would type
    f"[P1] Datadog API key (prod org): {_hex(32)}",
    f"la app key de Datadog para el script de dashboards es {_hex(40)}",
    f"la PrivateKey del peer de la oficina es {_b64(32)}, la pública ya la tiene el hub",
    f"la AccountKey del storage de Azure del cliente: {_b64(64)}",
    f"Wazuh agent key: {_b64(48)}",
    f"hcloud token {_r(64)}",
    f"Token de acceso de Hetzner Cloud: {_r(64)}",
    f"he regenerado las salts, la NONCE_KEY nueva es ~w4-Gg),Gn}}Q?{_r(20)}**?B~=Mbl4((v|)-9R3S+$",
    f"define( 'AUTH_KEY',         '_uQkP84s)f{{&F[+{_r(30)}%qYm$w_!Km#S' );",
    f"he creado un service account en MinIO para loki: accessKey loki-sa, secretKey {_r(40)}",
    # accounts, protocols and legacy formats
    f"Mailgun SMTP for invoices: postmaster@mg.wetopi.com / {_r(3)}*{_r(8)}_T!{_r(3)}",
    f"Kibana: elastic / {_passphrase()}",
    "el check manda Basic " + base64.b64encode(f"deploy:{_r(12)}#".encode()).decode() + " contra /wp-admin",
    f"curl -su 'ci-bot:{_r(6)}+{_r(8)}' https://registry.wetopi.net/v2/_catalog",
    f"127.0.0.1:6379> AUTH default *{_r(6)}!{_r(6)}",
    f"mando AUTH {_RNG.choice(_WORDS)}{_RNG.randint(10, 99)}{_r(4)} y responde +OK",
    f"AUTH {_r(24)} y luego KEYS sess:*",
    f"mi ~/.pgpass tiene pg-rw:5432:hindsight:hindsight:_{_r(8)}%{_r(5)}, cópiala",
    f"export VAULT_TOKEN=s.{_r(24)}",
    f"el token viejo del vault (s.{_r(24)}) sigue funcionando",
    f"legacy Sentry DSN https://{_hex(32)}:{_hex(32)}@o{_RNG.randint(10**5, 10**6)}.ingest.sentry.io/"
    f"{_RNG.randint(10**5, 10**6)}",
    f"Cloudflare Origin CA key: v1.0-{_hex(24)}-{_hex(146)}",
    f"Rails master key {_hex(32)}",
]

CLEAN = [
    f"The token fix landed in commit {_hex(40)} yesterday.",
    f"The image digest for the token service is sha256:{_hex(64)}.",
    f"key id {_hex(16)} expires 2027-01-01",
    f"public key: {_b64(32)}",
    f"La clave pública del peer es {_b64(32)}",
    f"Stripe publishable key pk_live_{_r(24)} goes in the frontend",
    f"Request {_uuid()} failed: token expired",
    f"the token for pod ingress-nginx-controller-{_hex(10)}-{_r(5, string.ascii_lowercase)} was refreshed",
    'API_KEY = os.getenv("API_KEY")',
    "password = $__file{/run/secrets/smtp}",
    "existingSecret: minio-creds\nexistingSecretPasswordKey: root-password",
    "mejor así: define( 'DB_PASSWORD', getenv('WORDPRESS_DB_PASSWORD') ); y la variable la pone el contenedor",
    '83.45.12.9 - - [01/Dec/2026:10:14:02 +0000] "GET / HTTP/1.1" 200',
    "* SSL connection using TLSv1.3 / TLS_AES_256_GCM_SHA384",
    "Password updated for user ana at 10:42.",
    "read / write access for the CI role",
    "La contraseña del redis está en Infisical, en /platform/redis, no la pongas en el chat",
    "La clave es que el cliente pague antes de la migración.",
    f"etag \"{_hex(32)}\" for the key backups/db.sql.gz",
    f"idempotency key {_uuid()} reused by the checkout",
    "The password policy requires 12 characters and a symbol.",
    f"git log shows the secret was removed in {_hex(40)}",
    "Secret sealed-secrets-key7xq2m rotated by the controller",
    "the token refresh job cronjob/token-refresher-28391734 failed twice",
    '<add key="ApiUrl" value="https://api.wetopi.com/v2/" />',
    f"the key's fingerprint: SHA256:{_r(43)}",
    "the secret is mounted at /var/run/secrets/kubernetes.io/serviceaccount/token",
    "password: 1Password",
    "the password hashing uses bcrypt-12",
]

FULL_GATE = SecretGate(skip_plain_prose=False)


@pytest.mark.parametrize("text", SECRETS)
def test_secrets_given_by_their_clause_or_shape_are_refused(text: str) -> None:
    assert DEFAULT_GATE.first(text) is not None, text


@pytest.mark.parametrize("text", CLEAN)
def test_their_look_alikes_pass(text: str) -> None:
    assert DEFAULT_GATE.first(text) is None, (text, DEFAULT_GATE.scan(text))


def test_the_fast_path_never_changes_a_verdict_on_these_texts() -> None:
    for text in SECRETS + CLEAN + [s + "\n" + c for s, c in zip(SECRETS, CLEAN, strict=False)]:
        assert DEFAULT_GATE.scan(text) == FULL_GATE.scan(text), text
        assert DEFAULT_GATE.first(text) == FULL_GATE.first(text), text


def test_the_token_run_shortcut_agrees_with_the_run_regex() -> None:
    run = re.compile(r"[A-Za-z0-9_.+/-]{20,}")
    alphabet = _ALNUM + " _.+/-:;,ñé€\n"
    for _ in range(3000):
        text = _r(_RNG.randint(0, 60), alphabet)
        assert has_token_run(text) == (run.search(text) is not None), text


@pytest.mark.parametrize(("value", "expected"), [
    (_passphrase(), True), (_symbolic(), True), ("hunter2", True), ("sol1076", True), ("chocolate_01", True),
    ("WordPress", False), ("Bitwarden", False), ("root-password", False), ("stored-in-vault", False),
    ("getenv(", False), ("$DB_PASSWORD", False), ("v1.2.3", False), ("2024-01-15", False), ("/run/secrets/db", False),
])
def test_a_password_slot_judges_the_value_by_its_shape(value: str, expected: bool) -> None:
    assert is_password_value(value, quoted=False) is expected


@pytest.mark.parametrize(("value", "expected"), [
    (_b64(32), True), (_hex(40), True), (_r(24), True),
    (_uuid(), False), ("sha256:" + _hex(64), False), ("ingress-nginx-controller-7d9f8b", False),
    ("kubernetes-dashboard-admin", False), ("https://grafana.wetopi.com/d/shop", False),
    ("/etc/ssl/private/x.key", False),
])
def test_a_random_value_is_told_from_names_ids_and_digests(value: str, expected: bool) -> None:
    assert is_strongly_random(value) is expected


def _random_letters() -> str:
    """Mixed-case letters drawn at random, with five consonants in a row (`GsmtadeKrsWX`)."""
    run = "".join(_RNG.choice("bcdfghjklmnpqrstvwxz") for _ in range(5))
    return run.capitalize() + "a" + _r(2, string.ascii_uppercase) + "e" + _r(2, string.ascii_uppercase) + "o"


ELIDED_AND_RANDOM_LETTERS = [
    f"Pon la de root: {_passphrase()} y luego la cambias desde la consola IPMI",
    f"la del wifi es {_symbolic()}",
    f"¿Y la de la base de datos? La de la base de datos: {_symbolic()}",
    f"la contraseña de root es {_random_letters()}",
]
ELIDED_LOOK_ALIKES = [
    "la de root: /dev/sda1, la de datos en /dev/sdb",
    "la de admin es la misma que la de staging",
    "la de producción: v1.2.3, la de root: 2024-05-06",
    "la del router es admin",
    "the password is PostgreSQL",
    "la contraseña es WordPress",
]


@pytest.mark.parametrize("text", ELIDED_AND_RANDOM_LETTERS)
def test_an_elided_password_noun_and_random_letters_are_refused(text: str) -> None:
    assert DEFAULT_GATE.first(text) is not None, text


@pytest.mark.parametrize("text", ELIDED_LOOK_ALIKES)
def test_their_look_alikes_pass_too(text: str) -> None:
    assert DEFAULT_GATE.first(text) is None, (text, DEFAULT_GATE.scan(text))


VALUE_AFTER_CUE = [
    "El secreto compartido del webhook se verifica con HMAC-SHA256.",
    "La key del bucket está en Infisical, path /platform/minio.",
    "token limits del modelo: 8k context, 100 req/s, desde la 2.12 a las 04:12",
    "the redis password lives in Infisical, see https://infisical.wetopi.com/project/redis",
    f"the password is {_symbolic()}, not /etc/ssl or 2.12",
    "the pin is 4821.",
    "password: /etc/ssl",
]


@pytest.mark.parametrize("text", VALUE_AFTER_CUE)
def test_judging_values_per_token_never_changes_a_verdict(text: str) -> None:
    assert DEFAULT_GATE.scan(text) == FULL_GATE.scan(text), text
    assert DEFAULT_GATE.first(text) == FULL_GATE.first(text), text


def test_a_structural_token_after_a_cue_wakes_no_value_rule() -> None:
    assert not may_hold_value_token("del webhook se verifica con /etc/ceph desde la 2.12")
    assert may_hold_value_token("del webhook es Xk9#mm2pQ")
    assert may_hold_value_token('es "ab cd 12"')   # a quoted value may span spaces
