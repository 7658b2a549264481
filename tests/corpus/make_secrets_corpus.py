"""Write tests/corpus/secrets.jsonl: a labelled, fully synthetic corpus for the SecretGate.

Every secret value is generated here from a fixed seed (random bodies in the vendor's shape, never a real key),
embedded in realistic English and Spanish sentences, configs and commands. The clean lines are hard negatives:
hashes, ids, placeholders, references and prose about secrets without a value.

    python tests/corpus/make_secrets_corpus.py          # rewrites secrets.jsonl next to this file

Line format: {"text", "label": "secret"|"clean", "kind", "tier": 1|2|3|null, "source": "synthetic",
"span": [start, end] | null}; `span` is where the secret value sits in `text`.
"""

from __future__ import annotations

import base64
import json
import random
import string
import uuid
from collections.abc import Callable
from pathlib import Path

SEED = 1729
OUT = Path(__file__).with_name("secrets.jsonl")

rng = random.Random(SEED)
ALNUM = string.ascii_letters + string.digits
URLSAFE = ALNUM + "-_"
HEX = "0123456789abcdef"
UPPER_ALNUM = string.ascii_uppercase + string.digits
BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
PW_SYMBOLS = "!#$%&*+-=?@^_"


def rnd(n: int, alphabet: str = ALNUM) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def digits(n: int) -> str:
    return rng.choice("123456789") + rnd(n - 1, string.digits)


def b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def rbytes(n: int) -> bytes:
    return bytes(rng.getrandbits(8) for _ in range(n))


def ruuid() -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


WORDS = ["Verano", "Bodega", "Luna", "Trigo", "Olivo", "Roble", "Mirador", "Norte", "Sol", "Ambar", "Delta",
         "Falcon", "Harbor", "Maple", "Quartz", "Tango", "Zephyr", "Cobalt", "Nimbus", "Orchid"]


def password() -> str:
    """A human-looking but strong password: mixed classes, 10-16 chars."""
    if rng.random() < 0.5:
        return rng.choice(WORDS) + digits(4) + rng.choice(PW_SYMBOLS) + rnd(3, string.ascii_lowercase + "#%")
    while True:   # starts with a letter or digit: `=x`, `$x` and `:x` read as operators and variables
        pw = rng.choice(ALNUM) + rnd(rng.randint(9, 14), ALNUM + PW_SYMBOLS) + rng.choice(ALNUM + "!#$%&*@")
        if any(c.isdigit() for c in pw) and any(c.isupper() for c in pw) and any(c in PW_SYMBOLS for c in pw):
            return pw


def opaque_token() -> str:
    while True:
        tok = rnd(rng.randint(24, 40))
        if any(c.isdigit() for c in tok):
            return tok


# --------------------------------------------------------------------------------------------------------------
# Tier-1 shapes: kind -> generator
# --------------------------------------------------------------------------------------------------------------

def _discord() -> str:
    user_id = digits(rng.choice([18, 19]))
    return f"{b64url(user_id.encode())}.{rnd(6, URLSAFE)}.{rnd(rng.choice([27, 38]), URLSAFE)}"


def _jwt() -> str:
    header = b64url(json.dumps({"alg": rng.choice(["HS256", "RS256"]), "typ": "JWT"}).encode())
    payload = b64url(json.dumps({"sub": ruuid(), "iat": rng.randint(1_600_000_000, 1_800_000_000),
                                 "scope": rng.choice(["retain", "recall", "admin"])}).encode())
    return f"{header}.{payload}.{b64url(rbytes(32))}"


def _pem() -> str:
    label = rng.choice(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    raw = rbytes(rng.randint(300, 900))
    if label == "OPENSSH PRIVATE KEY":   # real OpenSSH keys start with this header and contain AAAA runs
        raw = b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00\x00\x00\x00\x01" + raw
    body = b64(raw)
    lines = "\n".join(body[i:i + 64] for i in range(0, len(body), 64))
    return f"-----BEGIN {label}-----\n{lines}\n-----END {label}-----"


TIER1: dict[str, list[Callable[[], str]]] = {
    "aws-access-key-id": [lambda: "AKIA" + rnd(16, UPPER_ALNUM), lambda: "ASIA" + rnd(16, UPPER_ALNUM)],
    "github-token": [lambda: rng.choice(["ghp_", "gho_", "ghu_", "ghs_", "ghr_"]) + rnd(36)],
    "github-fine-grained-pat": [lambda: "github_pat_" + rnd(22) + "_" + rnd(59)],
    "gitlab-token": [lambda: "glpat-" + rnd(20, URLSAFE),
                     lambda: rng.choice(["gldt-", "glrt-", "glptt-", "glcbt-", "glft-"]) + rnd(20, URLSAFE),
                     lambda: "glpat-" + rnd(27, URLSAFE) + "." + rnd(2, HEX) + rnd(7, HEX)],
    "gitlab-runner-registration-token": [lambda: "GR1348941" + rnd(20, URLSAFE)],
    "slack-token": [lambda: f"xoxb-{digits(12)}-{digits(13)}-{rnd(24)}",
                    lambda: f"xoxp-{digits(12)}-{digits(12)}-{digits(13)}-{rnd(32, HEX)}"],
    "slack-app-token": [lambda: f"xapp-1-A{rnd(10, UPPER_ALNUM)}-{digits(13)}-{rnd(64, HEX)}"],
    "slack-webhook-url": [lambda: f"https://hooks.slack.com/services/T{rnd(8, UPPER_ALNUM)}/B{rnd(10, UPPER_ALNUM)}/"
                                  f"{rnd(24)}"],
    "stripe-key": [lambda: "sk_live_" + rnd(24), lambda: "rk_live_" + rnd(99), lambda: "sk_test_" + rnd(24)],
    "stripe-webhook-secret": [lambda: "whsec_" + rnd(32)],
    "google-api-key": [lambda: "AIza" + rnd(35, URLSAFE)],
    "openai-api-key": [lambda: "sk-proj-" + rnd(74, URLSAFE) + "T3BlbkFJ" + rnd(74, URLSAFE),
                       lambda: "sk-svcacct-" + rnd(58, URLSAFE) + "T3BlbkFJ" + rnd(58, URLSAFE),
                       lambda: "sk-" + rnd(20) + "T3BlbkFJ" + rnd(20)],
    "anthropic-api-key": [lambda: "sk-ant-api03-" + rnd(93, URLSAFE) + "AA"],
    "openrouter-api-key": [lambda: "sk-or-v1-" + rnd(64, HEX)],
    "langfuse-secret-key": [lambda: "sk-lf-" + ruuid()],
    "sk-api-key": [lambda: "sk-" + rnd(32, HEX), lambda: "sk-" + rnd(48)],
    "huggingface-token": [lambda: "hf_" + rnd(34, string.ascii_letters)],
    "npm-token": [lambda: "npm_" + rnd(36)],
    "pypi-token": [lambda: "pypi-AgEIcHlwaS5vcmc" + rnd(rng.randint(60, 160), URLSAFE)],
    "sendgrid-api-key": [lambda: "SG." + rnd(22, URLSAFE) + "." + rnd(43, URLSAFE)],
    "twilio-api-key": [lambda: "SK" + rnd(32, HEX)],
    "twilio-account-sid": [lambda: "AC" + rnd(32, HEX)],
    "telegram-bot-token": [lambda: f"{digits(rng.choice([9, 10]))}:AA{rnd(33, URLSAFE)}"],
    "discord-webhook-url": [lambda: f"https://discord.com/api/webhooks/{digits(19)}/{rnd(68, URLSAFE)}"],
    "discord-bot-token": [_discord],
    "jwt": [_jwt],
    "private-key": [_pem],
    "hindsight-api-key": [lambda: f"hsk_{rnd(32, HEX)}_{rnd(16, HEX)}", lambda: "hsk-" + rnd(40)],
    "mem0-api-key": [lambda: "m0-" + rnd(40), lambda: "mem0_" + rnd(32)],
    "retaindb-api-key": [lambda: "retaindb_" + rnd(32)],
    "byterover-api-key": [lambda: "brv_" + rnd(32)],
    "xai-api-key": [lambda: "xai-" + rnd(80)],
    "groq-api-key": [lambda: "gsk_" + rnd(52)],
    "replicate-api-token": [lambda: "r8_" + rnd(37)],
    "digitalocean-token": [lambda: "dop_v1_" + rnd(64, HEX)],
    "tavily-api-key": [lambda: "tvly-" + rnd(32), lambda: "tvly-dev-" + rnd(32)],
    "perplexity-api-key": [lambda: "pplx-" + rnd(48)],
    "notion-token": [lambda: "ntn_" + rnd(46)],
    "shopify-token": [lambda: "shpat_" + rnd(32, HEX)],
    "databricks-token": [lambda: "dapi" + rnd(32, HEX)],
    "age-secret-key": [lambda: "AGE-SECRET-KEY-1" + rnd(58, BECH32)],
    "firecrawl-api-key": [lambda: "fc-" + rnd(32, HEX)],
    "fireworks-api-key": [lambda: "fw_" + rnd(40)],
}

# How many lines per tier-1 family: the families named in the brief get more.
MAIN_FAMILIES = {"aws-access-key-id", "github-token", "github-fine-grained-pat", "gitlab-token", "slack-token",
                 "slack-webhook-url", "stripe-key", "google-api-key", "openai-api-key", "anthropic-api-key",
                 "huggingface-token", "npm-token", "pypi-token", "sendgrid-api-key", "twilio-api-key",
                 "telegram-bot-token", "discord-bot-token", "jwt", "private-key", "hindsight-api-key",
                 "mem0-api-key"}

T1_TEMPLATES = [
    "Use {s} for the deploy pipeline, it expires next month.",
    "I rotated it, the new one is {s}",
    "export SERVICE_TOKEN={s}",
    "pasted from the dashboard: {s} (prod)",
    '{{"credential": "{s}", "region": "eu-west-1"}}',
    "curl -s https://api.internal.acme.io/v2/sites -H 'X-Auth: {s}'",
    "Remember for next time: customer Bodega Verde uses {s} in their CI.",
    "Te paso la credencial del cliente: {s}",
    "He dejado {s} en el .env del staging, bórralo luego.",
    "Guarda esto en Infisical antes de que se me olvide -> {s}",
    "  credential: {s}\n  region: eu-west-1",
    "El webhook del cliente usa {s} para firmar.",
]
# Where some shapes usually leak: inside URLs (the span is the token, not the URL).
URL_TEMPLATES = {
    "telegram-bot-token": "curl https://api.telegram.org/bot{s}/sendMessage -d chat_id=42 -d text=hola",
    "github-token": "git clone https://{s}@github.com/wetopi/memory.git",
    "gitlab-token": "git remote set-url origin https://oauth2:{s}@gitlab.com/wetopi/infra.git",
}
PEM_TEMPLATES = [
    "Here is the deploy key for the staging box:\n{s}\nDon't commit it.",
    "{s}",
    "La clave privada del servidor de Mueblería Roble es esta:\n{s}",
]


def _json_escaped_pem(pem: str) -> str:
    return '{"type": "service_account", "private_key": "' + pem.replace("\n", "\\n") + '\\n"}'


# --------------------------------------------------------------------------------------------------------------
# Tier-2 shapes: (kind, template) with {pw} or {tok} or {basic}
# --------------------------------------------------------------------------------------------------------------

TIER2: list[tuple[str, str]] = [
    ("authorization-header", "Authorization: Bearer {tok}"),
    ("authorization-header", "curl -X POST https://api.hetzner.cloud/v1/servers -H \"Authorization: Bearer {tok}\""),
    ("authorization-header", "curl -H \"Authorization: Basic {basic}\" https://dav.acme-hosting.io/backups/"),
    ("authorization-header", "headers = {{'Authorization': 'Token {tok}'}}"),
    ("authorization-header", "Para la API del ERP hay que mandar la cabecera Authorization: Bearer {tok}"),
    ("bearer-token", "The integration calls the endpoint with bearer {tok} on every request."),
    ("url-credentials", "DATABASE_URL=postgres://app:{pw}@db.internal:5432/app"),
    ("url-credentials", "mysql://wp_bodega:{pw}@127.0.0.1:3306/wordpress"),
    ("url-credentials", "REDIS_URL=redis://:{pw}@cache.wetopi.internal:6379/0"),
    ("url-credentials", "mongodb+srv://admin:{pw}@cluster0.x7kq2.mongodb.net/shop?retryWrites=true"),
    ("url-credentials", "amqp://orders:{pw}@rabbit.internal:5672/vhost"),
    ("url-credentials", "git clone https://deploy:{pw}@git.acme-hosting.io/web/bodega.git"),
    ("url-credentials", "El FTP de Panadería Trigo es ftp://panaderia:{pw}@ftp.panaderiatrigo.es"),
    ("signed-url-parameter",
     "https://backups.s3.eu-west-1.amazonaws.com/site.tar.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date="
     "20240601T101010Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature={hex64}"),
    ("signed-url-parameter",
     "https://acmestore.blob.core.windows.net/exports/report.csv?sv=2022-11-02&ss=b&srt=o&sp=r"
     "&se=2024-07-01T00:00:00Z&sig={sas}"),
    ("signed-url-parameter", "Open https://status.acme-hosting.io/embed?access_token={tok} to see the widget."),
    ("signed-url-parameter", "https://storage.googleapis.com/exports/a.zip?X-Goog-Algorithm=GOOG4-RSA-SHA256"
                             "&X-Goog-Signature={hex64}"),
    ("keyword-assignment", "DB_PASSWORD={pw}"),
    ("keyword-assignment", "export MYSQL_ROOT_PASSWORD='{pw}'"),
    ("keyword-assignment", "database:\n  host: db.internal\n  user: wp\n  password: {pw}"),
    ("keyword-assignment", '{{"client_id": "shop-sync", "client_secret": "{tok}"}}'),
    ("keyword-assignment", 'API_KEY = "{tok}"'),
    ("keyword-assignment", "define( 'DB_PASSWORD', '{pw}' );"),
    ("keyword-assignment", "spring.datasource.password={pw}"),
    ("keyword-assignment", "const config = {{ apiKey: \"{tok}\", projectId: \"bodega-verde\" }};"),
    ("keyword-assignment", "aws_secret_access_key = {aws_secret}"),
    ("keyword-assignment", "SECRET_KEY = 'django-insecure-{tok}'"),
    ("keyword-assignment", "X-Api-Key: {tok}"),
    ("keyword-assignment", "smtp_pass: {pw}"),
    ("keyword-assignment", "$db_password = '{pw}';"),
    ("keyword-assignment", "environment:\n  - ADMIN_PASSWORD={pw}\n  - TZ=Europe/Madrid"),
    ("keyword-assignment", "wp user create maria maria@bodegaverde.es --role=editor --user_pass={pw}"),
    ("keyword-assignment", "contraseña: {pw}"),
    ("keyword-assignment", "Usuario: admin_luna / Contraseña: {pw}"),
    ("keyword-assignment", "clave: {pw}"),
    ("keyword-assignment", "apiVersion: v1\nkind: Secret\ndata:\n  password: {b64pw}"),
    ("keyword-assignment", "Server=tcp:sql.acme.io,1433;Database=shop;User ID=shop;Password={pw};"),
    ("keyword-assignment", "STRIPE_KEY={tok}"),
    ("keyword-assignment", "**Password:** {pw}"),
    ("k8s-env-value", "env:\n  - name: DB_PASSWORD\n    value: \"{pw}\"\n  - name: TZ\n    value: UTC"),
    ("k8s-env-value", "- name: HINDSIGHT_API_TOKEN\n  value: {tok}"),
    ("xml-secret-element", "<server>\n  <id>nexus</id>\n  <username>ci</username>\n  <password>{pw}</password>\n"
                           "</server>"),
    ("mysql-password-flag", "mysql -u wp_luna -p{shellpw} wordpress < dump.sql"),
    ("cli-password-flag", "docker login registry.acme-hosting.io -u ci --password {shellpw}"),
    ("cli-password-flag", "vault login --token {tok}"),
    ("curl-user-password", "curl -u admin:{pw} https://api.acme-hosting.io/v1/sites"),
    ("prose-secret", "The API key is {tok}"),
    ("prose-secret", "my password is {pw}"),
    ("prose-secret", "The password for the staging database is {pw}, change it after the migration."),
    ("prose-secret", "Ana said the admin password was changed to {pw} yesterday."),
    ("prose-secret", "the token for the Hetzner API is {tok}."),
    ("prose-secret", "la contraseña es {pw}"),
    ("prose-secret", "La contraseña del FTP de Bodega Verde es {pw}"),
    ("prose-secret", "el token es {tok}"),
    ("prose-secret", "La clave de la API de facturación es {tok}"),
    ("prose-secret", "Por cierto, la contraseña de WordPress ahora es {pw}"),
    ("prose-secret", "el password de la base de datos es {pw}"),
    ("prose-secret", "The passphrase is \"{pw}\""),
    ("prose-secret", "La contraseña nueva es: {pw}"),
    ("prose-secret", "usuario admin_bodega, contraseña {pw2}"),
    ("prose-secret", "the wifi password for Cafetería Luna is {pw}"),
    ("prose-secret", "la clave del wifi es {pw}"),
    ("prose-secret", "api key = {tok}"),
    ("prose-secret", "Log in with password {pw2} and change it."),
    ("prose-secret", "Secret key: {tok}"),
    ("keyword-assignment", "db pass: {pw}"),
    ("keyword-assignment", "PGPASSWORD={pw} psql -h db.internal -U app"),
    ("keyword-assignment", "JIRA_API_TOKEN={tok}"),
    ("keyword-assignment", "<add key=\"StorageConnection\" value=\"x\" />\n<password>{pw}</password>"),
]

TIER3_TEMPLATES = [
    "backup encryption blob: {b}",
    "session cookie was {b}",
    "La cookie de sesión era {b}",
    "{b}",
    "value={b}",
    "opaque handle {b} returned by the vendor",
    "cache-buster: {b}",
    "Nonce del pago: {b}",
]

# --------------------------------------------------------------------------------------------------------------
# Clean hard negatives: (kind, text or generator)
# --------------------------------------------------------------------------------------------------------------

JWT_IO_SAMPLE = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNT"
                 "E2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c")

CLEAN_STATIC: list[tuple[str, str]] = [
    ("doc-placeholder", "The AWS docs use AKIAIOSFODNN7EXAMPLE as the example access key id."),
    ("doc-placeholder", "aws_access_key_id = AKIAIOSFODNN7EXAMPLE\n"
                        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
    ("doc-placeholder", "AKIAXXXXXXXXXXXXXXXX is what the template shows"),
    ("doc-placeholder", "OPENAI_API_KEY=sk-..."),
    ("doc-placeholder", "export OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    ("doc-placeholder", "export GITHUB_TOKEN=<your-token>"),
    ("doc-placeholder", "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    ("doc-placeholder", "api_key: ${HINDSIGHT_API_KEY}"),
    ("doc-placeholder", "HINDSIGHT_API_KEY=hsk_..."),
    ("doc-placeholder", "export HINDSIGHT_API_KEY=hsk_your_token_here"),
    ("doc-placeholder", "HINDSIGHT_API_KEY=hsk_demo_key"),
    ("doc-placeholder", 'API_KEY = os.getenv("API_KEY")'),
    ("doc-placeholder", 'password = os.environ["DB_PASSWORD"]'),
    ("doc-placeholder", "apiKey: process.env.OPENAI_API_KEY,"),
    ("doc-placeholder", "token: ${{ secrets.GITHUB_TOKEN }}"),
    ("doc-placeholder", 'password: "{{ .Values.db.password }}"'),
    ("doc-placeholder", "password: changeme"),
    ("doc-placeholder", "api_key: your-api-key"),
    ("doc-placeholder", "Authorization: Bearer <token>"),
    ("doc-placeholder", 'curl -H "Authorization: Bearer $TOKEN" https://api.acme-hosting.io/v1/me'),
    ("doc-placeholder", "postgres://user:password@localhost:5432/app"),
    ("doc-placeholder", "DATABASE_URL=postgres://postgres:postgres@localhost:5432/test"),
    ("doc-placeholder", "mysql://root:${MYSQL_ROOT_PASSWORD}@db:3306/wordpress"),
    ("doc-placeholder", "SLACK_BOT_TOKEN=xoxb-your-bot-token"),
    ("doc-placeholder", "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"),
    ("doc-placeholder", "password: ********"),
    ("doc-placeholder", "password: REDACTED"),
    ("doc-placeholder", "client_secret: <client-secret>"),
    ("doc-placeholder", "DB_PASSWORD="),
    ("doc-placeholder", "token: null"),
    ("doc-placeholder", "valueFrom:\n  secretKeyRef:\n    name: db-credentials\n    key: password"),
    ("doc-placeholder", "password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256"),
    ("doc-placeholder", 'password: "{{ vault_db_password }}"'),
    ("doc-placeholder", "The jwt.io sample token is " + JWT_IO_SAMPLE),
    ("doc-placeholder", "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----"),
    ("doc-placeholder", "Paste your key between -----BEGIN PRIVATE KEY----- and -----END PRIVATE KEY----- lines."),
    ("doc-placeholder", "STRIPE_SECRET_KEY=sk_live_..."),
    ("doc-placeholder", "La variable HINDSIGHT_API_KEY debe contener tu clave (empieza por hsk_)."),
    ("doc-placeholder", "export ANTHROPIC_API_KEY=sk-ant-..."),
    ("doc-placeholder", "secret_data = var.openai_api_key"),
    ("doc-placeholder", "password = getpass.getpass('DB password: ')"),
    ("doc-placeholder", "api_key=settings.HINDSIGHT_API_KEY"),
    ("doc-placeholder", "password: ${DB_PASSWORD:-changeme}"),
    ("doc-placeholder", "token = request.headers.get('X-Token')"),
    ("prose-no-value", "Rotate the password every 90 days."),
    ("prose-no-value", "La contraseña se guarda en Infisical."),
    ("prose-no-value", "The API key is stored in 1Password, ask Marta."),
    ("prose-no-value", "The token is valid for 24 hours."),
    ("prose-no-value", "Reset your password from the login page."),
    ("prose-no-value", "El token caduca a los 30 días."),
    ("prose-no-value", "The password policy requires 12 characters and a symbol."),
    ("prose-no-value", "We never paste passwords or API keys in chat."),
    ("prose-no-value", "La clave de la API está en el vault de producción."),
    ("prose-no-value", "The secret is managed by External Secrets and synced every hour."),
    ("prose-no-value", "Password: see Infisical"),
    ("prose-no-value", "The password is the same as last year's, Ana knows it."),
    ("prose-no-value", "La contraseña es la misma que la del año pasado."),
    ("prose-no-value", "Bodega Verde prefers passwordless login via magic links."),
    ("prose-no-value", "The model has a 128k token context window."),
    ("prose-no-value", "token budget: 1500 per recall"),
    ("prose-no-value", "Users reported that the password reset email lands in spam."),
    ("prose-no-value", "the secret is out: we are launching the new plan in June"),
    ("prose-no-value", "Usa la contraseña del gestor, no la apuntes aquí."),
    ("prose-no-value", "La clave primaria de la tabla es id_cliente."),
    ("prose-no-value", "clave: id_cliente"),
    ("prose-no-value", "The API key was rotated on 2024-05-01 after the incident."),
    ("prose-no-value", "The credentials are in the team vault under 'Hetzner'."),
    ("prose-no-value", "Access tokens are issued by Keycloak and last 5 minutes."),
    ("prose-no-value", "password is required"),
    ("prose-no-value", "Password reset for Ana completed."),
    ("prose-no-value", "The token endpoint is https://auth.acme-hosting.io/oauth/token"),
    ("prose-no-value", "Our API key rotation policy is 90 days."),
    ("prose-no-value", "the secret sauce is 3 ingredients"),
    ("prose-no-value", "La clave es usar caché agresiva en la portada."),
    ("prose-no-value", "La clave del éxito es la constancia."),
    ("prose-no-value", "The password field is required on the signup form."),
    ("prose-no-value", "Token: GITHUB_TOKEN (from the repository secrets)"),
    ("prose-no-value", "token: v1.2.3"),
    ("prose-no-value", "The API key is the one in the README."),
    ("prose-no-value", "bearer token authentication is enabled for the API"),
    ("prose-no-value", "store the password in 1Password"),
    ("prose-no-value", "the password 1Password generated is long enough"),
    ("prose-no-value", "Token count 128k exceeded on the last reflect call."),
    ("prose-no-value", "La contraseña debe tener 12 caracteres como mínimo."),
    ("prose-no-value", "el token caduca en 3600 segundos"),
    ("prose-no-value", "We switched the API key to the new vault at 10:30am."),
    ("prose-no-value", "password hashing uses argon2id with 64 MB of memory"),
    ("prose-no-value", "Token Ring networks were popular in 1990."),
    ("prose-no-value", "The token is expired since 2024-05-01."),
    ("config-no-secret", "ssh_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl "
                         "ana@laptop"),
    ("config-no-secret", "key: value"),
    ("config-no-secret", "monkey: Xk9mP2vLqZ8abc"),
    ("config-no-secret", "KEYBOARD_LAYOUT: es-ES-2024"),
    ("config-no-secret", "secret_version: 2024-05-01T10:00:00Z"),
    ("config-no-secret", "cache_key: user-42-profile"),
    ("config-no-secret", "api_key_header: X-Api-Key"),
    ("config-no-secret", "auth: oauth2"),
    ("config-no-secret", "Token.Name.Builtin.Function: \"bold #08547A\","),
    ("config-no-secret", "HEX_PAT = \"[0-9A-Fa-f]{1,4}\""),
    ("config-no-secret", "gateway_session_key=\"agent:main:telegram:dm:chat-42\""),
    ("config-no-secret", "COCOA = {'gss_krb5_lucid_key_t', 'gss_krb5_rfc1964_keydata'}"),
    ("config-no-secret", "* `wrappedKey`: {ArrayBuffer|TypedArray|DataView|Buffer}"),
    ("config-no-secret", "MovedAttribute(\"HTTPPasswordMgr\", \"urllib2\", \"urllib.request\"),"),
    ("config-no-secret", "#   token          = 1*tchar"),
    ("config-no-secret", "avoids `KEYBOARD=`, prose `password=`), dotted config keys (`spring.datasource.password=`)"),
    ("boundary", "We use risk-based pricing for enterprise plans."),
    ("boundary", "desk-top setup for the new office"),
    ("boundary", "disk-usage-alerts-2024-q2 fired twice"),
    ("boundary", "join the ask-for-help channel"),
    ("boundary", "mask-image: linear-gradient(black, transparent);"),
    ("boundary", "the task-based planner finished"),
    ("config-no-secret", "password_policy: strict"),
    ("config-no-secret", "token_url: https://auth.acme-hosting.io/oauth/token"),
    ("config-no-secret", "api_version: 2024-06-01"),
    ("config-no-secret", "csrf_token: {{ csrf_token() }}"),
    ("config-no-secret", "max_tokens: 4096"),
    ("config-no-secret", "KEYBOARD=es"),
    ("config-no-secret", "KEYBOARD_LAYOUT=latam-deadtilde"),
    ("config-no-secret", "monkey=banana-split-2024"),
    ("config-no-secret", "secret_name: db-credentials"),
    ("config-no-secret", "secretName: tls-wetopi-com"),
    ("config-no-secret", "sort_key: created_at"),
    ("config-no-secret", "token_type: Bearer"),
    ("config-no-secret", "password_min_length: 12"),
    ("config-no-secret", 'secret_id = "openai-api-key"'),
    ("config-no-secret", "auth: required"),
    ("config-no-secret", "token: github-actions"),
    ("config-no-secret", "PASSWORD_HASHERS = ['django.contrib.auth.hashers.Argon2PasswordHasher']"),
    ("config-no-secret", "retain:\n  reject_secrets: true\n  reject_raw_tool_output: true"),
    ("config-no-secret", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-credentials\ntype: Opaque"),
    ("config-no-secret", "- key: app.kubernetes.io/name\n  operator: In\n  values: [wordpress]"),
    ("config-no-secret", "primary_key: id"),
    ("config-no-secret", "passwordless: true"),
    ("config-no-secret", "npm_config_cache=/tmp/npm-cache"),
    ("config-no-secret", "python -m pip install hf_transfer retaindb_client mem0ai"),
    ("config-no-secret", "The queue lives in retaindb_queue.db next to state.db."),
    ("config-no-secret", "from sklearn.ensemble import RandomForestClassifier  # scikit-learn"),
    ("config-no-secret", "public_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl "
                         "ana@laptop"),
    ("config-no-secret", "key_id: 2f1c7a9e"),
    ("config-no-secret", "if password == confirm_password:"),
    ("ip-cidr", "Allow 10.0.0.0/8 and 192.168.1.0/24 on the firewall."),
    ("ip-cidr", "The origin server is at 203.0.113.42:8443, IPv6 2001:db8::1."),
    ("email", "Contact ana.garcia@bodegaverde.es or support+billing@wetopi.com"),
    ("url-no-credentials",
     "https://wetopi.com/blog/how-to-migrate-wordpress?utm_source=newsletter&utm_medium=email&utm_campaign=june"),
    ("url-no-credentials", "See https://github.com/vectorize-io/hindsight/issues/3077 for the async handler bug."),
    ("url-no-credentials", "ssh://git@github.com:22/wetopi/memory.git"),
    ("url-no-credentials", "https://api.acme-hosting.io/v1/sites?page_token=2&limit=50"),
    ("prometheus-metric", 'wetopi_memory_retain_rejected_total{reason="secret",scope="business"} 3'),
    ("prometheus-metric", 'http_server_requests_seconds_bucket{le="0.5",route="/v1/recall"} 1042'),
    ("file-path", "/var/www/html/wp-content/uploads/2024/05/hero-image-1920x1080.jpg"),
    ("file-path", "C:\\Users\\ana\\AppData\\Local\\Temp\\wp-backup-2024-06-01.zip"),
    ("file-path", "/home/runner/work/wetopi-memory/wetopi-memory/tests/unit/test_secret_gate.py"),
    ("semver", "Upgraded Hindsight to 1.1.0 and PHP to 8.3.7; chart version 2.14.0-rc.1+build.5"),
    ("identifier", "AbstractSingletonProxyFactoryBeanConfigurationHolder is a real class name."),
    ("identifier", "Stripe customer cus_NffrFeUfNV2Hib and event evt_1NG8Du2eZvKYlo2CUI79vXWy"),
    ("identifier", "Slack channel C024BE91L, user U0G9QF9C6"),
    ("identifier", "arn:aws:iam::123456789012:role/deploy-wordpress"),
    ("identifier", "Google Analytics G-8XKZ2M1QJP, legacy UA-12345678-1"),
    ("prose", "La migración de Bodega Verde terminó a las 14:30 sin incidencias."),
    ("prose", "Cafetería Luna wants weekly backups to Backblaze instead of S3."),
    ("prose", "Factura 2024-000123 por 1.234,56 € pagada el 3 de junio."),
    ("prose", "Ana prefers to receive alerts on Telegram, not by email."),
    ("prose", "El cliente pidió subir el límite de PHP workers a 8."),
]


def clean_generated() -> list[tuple[str, str]]:
    sha = rnd(40, HEX)
    out: list[tuple[str, str]] = [
        ("git-sha", f"Merged in commit {sha} after review."),
        ("git-sha", f"git revert {rnd(40, HEX)}"),
        ("git-sha", f"Deployed {rnd(7, HEX)} to production, previous was {rnd(7, HEX)}."),
        ("git-sha", f"Fixed in {rnd(12, HEX)} (see PR #412)."),
        ("uuid", f"request id {ruuid()} failed with 503"),
        ("uuid", f"bank_id: user-{ruuid()}"),
        ("uuid", f"operation_id={ruuid()}&async=true"),
        ("sha512-integrity", f'"integrity": "sha512-{b64(rbytes(64))}"'),
        ("sha512-integrity", f'<script src="app.js" integrity="sha384-{b64(rbytes(48))}" crossorigin></script>'),
        ("k8s-name", "kubectl logs nginx-ingress-controller-7d9f8b6c5-x2x4z -n ingress-nginx"),
        ("k8s-name", f"pod/wordpress-{rnd(10, HEX)}-{rnd(5, string.ascii_lowercase + string.digits)} restarted"),
        ("k8s-name", "replicaset.apps/hindsight-api-6c9f7d8b5d scaled to 3"),
        ("base64-image", f"<img src=\"data:image/png;base64,{b64(rbytes(180))}\" alt=\"logo\">"),
        ("base64-image", f"background: url(data:image/webp;base64,{b64(rbytes(120))});"),
        ("docker-digest", f"image: nginx@sha256:{rnd(64, HEX)}"),
        ("docker-digest", f"Pulled ghcr.io/vectorize-io/hindsight@sha256:{rnd(64, HEX)}"),
        ("hash", f"sha256sum wordpress-6.5.tar.gz -> {rnd(64, HEX)}"),
        ("hash", f"md5 of the dump is {rnd(32, HEX)}"),
        ("task-id", f"task-{rnd(12, HEX)} completed in 3.2s"),
        ("task-id", f"job task-{rnd(8, HEX)}-{rnd(4, HEX)} queued"),
        ("ssh-public-key", f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{rnd(43, ALNUM + '+/')} ana@laptop"),
        ("ssh-public-key", f"ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ{rnd(300, ALNUM + '+/')}= deploy@ci"),
        ("ethereum-address", "Send the refund to 0x71C7656EC7ab88b098defB751B7401B5f6d8976F"),
        ("semver", f"v{rng.randint(1, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 99)}"),
    ]
    return out


# --------------------------------------------------------------------------------------------------------------

def _row(text: str, label: str, kind: str, tier: int | None, span: tuple[int, int] | None) -> dict[str, object]:
    return {"text": text, "label": label, "kind": kind, "tier": tier, "source": "synthetic",
            "span": list(span) if span else None}


def _embed(template: str, secret: str) -> tuple[str, tuple[int, int]]:
    head, _, tail = template.partition("{s}")
    head, tail = head.replace("{{", "{").replace("}}", "}"), tail.replace("{{", "{").replace("}}", "}")
    return head + secret + tail, (len(head), len(head) + len(secret))


def build() -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for kind, generators in TIER1.items():
        count = 6 if kind in MAIN_FAMILIES else 3
        for i in range(count):
            secret = generators[i % len(generators)]()
            if kind == "private-key":
                if i == count - 1:
                    text = _json_escaped_pem(secret)
                    start = text.index("-----BEGIN")
                    rows.append(_row(text, "secret", kind, 1, (start, text.index("-----\\n\"}") + 5)))
                    continue
                text, span = _embed(PEM_TEMPLATES[i % len(PEM_TEMPLATES)], secret)
            elif i == 0 and kind in URL_TEMPLATES:
                text, span = _embed(URL_TEMPLATES[kind], secret)
            else:
                text, span = _embed(rng.choice(T1_TEMPLATES), secret)
            rows.append(_row(text, "secret", kind, 1, span))

    for kind, template in TIER2:
        pw, tok = password(), opaque_token()
        basic_pw = password()
        values = {"pw": pw, "pw2": rng.choice(WORDS) + digits(4) + rng.choice("!#$%&*@"), "tok": tok,
                  "shellpw": rng.choice(WORDS) + digits(4) + rnd(4, ALNUM + "_-"),
                  "basic": b64(f"deploy:{basic_pw}".encode()), "hex64": rnd(64, HEX),
                  "sas": b64(rbytes(32)).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"),
                  "aws_secret": rnd(40, ALNUM + "+/"), "b64pw": b64(pw.encode())}
        field = next(name for name in values if "{" + name + "}" in template)
        secret = values[field]
        text = template.replace("{" + field + "}", "\0").replace("{{", "{").replace("}}", "}")
        start = text.index("\0")
        text = text.replace("\0", secret)
        rows.append(_row(text, "secret", kind, 2, (start, start + len(secret))))

    for template in TIER3_TEMPLATES:
        blob = b64(rbytes(rng.choice([36, 48, 60])))
        text, span = _embed(template.replace("{b}", "{s}"), blob)
        rows.append(_row(text, "secret", "high-entropy-string", 3, span))

    for kind, text in CLEAN_STATIC + clean_generated():
        rows.append(_row(text, "clean", kind, None, None))
    return rows


def main() -> None:
    rows = build()
    with OUT.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    secrets = sum(1 for r in rows if r["label"] == "secret")
    print(f"wrote {len(rows)} lines ({secrets} secret, {len(rows) - secrets} clean) to {OUT}")


if __name__ == "__main__":
    main()
