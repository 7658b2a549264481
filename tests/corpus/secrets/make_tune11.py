#!/usr/bin/env python3
"""Generate tests/corpus/secrets/tune11.jsonl.

Theme: secrets as people really paste or type them into a chat with their ops agent (half-sentences on a
phone, values buried in longer messages, shell history, .env / YAML / JSON fragments, connection strings,
PEM blocks), plus hard look-alikes and ordinary security talk that must pass.

Mix: 80 secret/format, 60 secret/context, 60 clean/negative, 40 clean/prose.
Every value is drawn from random.Random(SEED) in the real shape of its family; none is a real credential.
Standard library only. Run: python3 make_tune11.py
"""
from __future__ import annotations

import base64
import json
import random
import string
from collections.abc import Callable
from pathlib import Path

SEED = 20251111
OUT = Path(__file__).with_name("tune11.jsonl")

# A family generator gets the shared rng and a running variant number: it cycles through its templates with
# pick(), so records of one family use different templates before any template repeats.
Gen = Callable[[random.Random, int], str]
ProseGen = Callable[[random.Random], str]

# --------------------------------------------------------------------------- alphabets and raw helpers

LOWER = string.ascii_lowercase
UPPER = string.ascii_uppercase
DIGITS = string.digits
HEX = "0123456789abcdef"
B62 = string.ascii_letters + string.digits
B64URL = B62 + "-_"
B32 = UPPER + "234567"
AWS_SECRET_ALPHABET = B62 + "/+"
SYMBOLS = "!#$*.-_@"
WP_SALT_ALPHABET = B62 + "!@#$^&*()-_[]{}<>~+=,.;:/?|"


def rs(rng: random.Random, alphabet: str, n: int) -> str:
    """Random string of n characters from alphabet."""
    return "".join(rng.choice(alphabet) for _ in range(n))


def rbytes(rng: random.Random, n: int) -> bytes:
    return bytes(rng.getrandbits(8) for _ in range(n))


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def wrap(text: str, width: int) -> list[str]:
    return [text[i:i + width] for i in range(0, len(text), width)]


def sshstr(data: bytes) -> bytes:
    """SSH wire-format string: 4-byte big-endian length + bytes."""
    return len(data).to_bytes(4, "big") + data


def uuid4(rng: random.Random) -> str:
    h = rs(rng, HEX, 32)
    variant = rng.choice("89ab")
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{variant}{h[17:20]}-{h[20:32]}"


def quoted(rng: random.Random, value: str) -> str:
    """The value as people paste it: bare, in backticks or in quotes."""
    return rng.choice([value, value, f"`{value}`", f'"{value}"', f"'{value}'"])


# --------------------------------------------------------------------------- vocabulary

SITES = ["olmo", "labotica", "ferreteria-pons", "cafe-lisboa", "clinica-sol", "bodegas-rius", "libreria-alba",
         "taller-mar", "hostal-brisa", "estudio-nube", "panaderia-roca", "yoga-tierra"]
PEOPLE = ["marta", "pau", "jordi", "lucia", "carlos", "nuria", "sergi", "elena", "dani", "irene"]
USERS = ["admin", "wpadmin", "deploy", "ana", "soporte", "root", "webmaster", "tienda", "backup", "ops"]
NAMESPACES = ["shop", "wp-olmo", "monitoring", "hindsight", "staging", "mail", "ingress-nginx"]
WORDS = ["girasol", "olmo", "verano", "gaviota", "tortuga", "naranja", "pimienta", "lavanda", "marea", "cometa",
         "tormenta", "almendro", "sardina", "azahar", "bicicleta", "limonero", "castanya", "halcon", "brisa",
         "lince", "sunflower", "harbor", "pepper", "walnut"]
OPENERS = ["", "", "", "oye ", "ok ", "vale, ", "porfa ", "hey, ", "ojo: ", "btw ", "mira, ", "a ver, "]
NEUTRAL_CLOSERS = ["", "", "", " gracias!", " thx", " 🙏", " y ya está", ", avísame si falla", " jaja", " ..."]
# Closers that only make sense after a pasted secret; never used on clean lines.
CLOSERS = [*NEUTRAL_CLOSERS, " luego lo borro del chat", " (no lo guardes en ningún sitio)"]
DAYS = ["lunes", "martes", "miércoles", "jueves", "viernes"]


def chat(rng: random.Random, core: str) -> str:
    """Wrap a one-line message in the filler people add on a phone."""
    return f"{rng.choice(OPENERS)}{core}{rng.choice(CLOSERS)}".strip()


def chat_clean(rng: random.Random, core: str) -> str:
    """Same filler for clean lines, without the closers that announce a secret."""
    return f"{rng.choice(OPENERS)}{core}{rng.choice(NEUTRAL_CLOSERS)}".strip()


def pick(i: int, options: list[str]) -> str:
    """Template number i of a family, cycling."""
    return options[divmod(i, len(options))[1]]


def human_password(rng: random.Random) -> str:
    """Passwords as people choose them, plus some generated ones."""
    w = rng.choice(WORDS)
    style = rng.randrange(6)
    if style == 0:
        return f"{w}{rng.randint(10, 99)}"
    if style == 1:
        return f"{w.capitalize()}{rng.choice(['2023', '2024', '2025'])}{rng.choice('!.#$*')}"
    if style == 2:
        return f"{w}-{rng.choice(WORDS)}-{rng.randint(1, 999)}"
    if style == 3:
        leet = w.replace("a", "4").replace("e", "3").replace("o", "0")
        return f"{leet.capitalize()}{rng.choice(SYMBOLS)}{rng.randint(1, 99)}"
    if style == 4:
        return f"{rs(rng, B62, 4)}{rng.choice(SYMBOLS)}{rs(rng, B62, 5)}{rng.choice(SYMBOLS)}{rs(rng, B62, 4)}"
    return rs(rng, B62, rng.randint(16, 24))


def url_password(rng: random.Random) -> str:
    """A password that survives inside a URL without escaping."""
    if rng.random() < 0.4:
        return f"{rng.choice(WORDS)}{rng.randint(100, 9999)}"
    return rs(rng, B62, rng.randint(16, 28))


# --------------------------------------------------------------------------- key material builders

def openssh_private_key(rng: random.Random, truncate: bool) -> str:
    pub = sshstr(b"ssh-ed25519") + sshstr(rbytes(rng, 32))
    blob = (b"openssh-key-v1\x00" + sshstr(b"none") + sshstr(b"none") + sshstr(b"")
            + (1).to_bytes(4, "big") + sshstr(pub) + sshstr(rbytes(rng, 144)))
    lines = wrap(b64(blob), 70)
    if truncate:
        return "\n".join(["-----BEGIN OPENSSH PRIVATE KEY-----", *lines[:3], "..."])
    return "\n".join(["-----BEGIN OPENSSH PRIVATE KEY-----", *lines, "-----END OPENSSH PRIVATE KEY-----"])


def rsa_private_key(rng: random.Random, keep_lines: int) -> str:
    der = bytes.fromhex("308204a40201000282010100") + rbytes(rng, 1180)
    lines = wrap(b64(der), 64)[:keep_lines]
    return "\n".join(["-----BEGIN RSA PRIVATE KEY-----", *lines, "[...]"])


def ec_private_key(rng: random.Random) -> str:
    der = (bytes.fromhex("30770201010420") + rbytes(rng, 32)
           + bytes.fromhex("a00a06082a8648ce3d030107a14403420004") + rbytes(rng, 64))
    return "\n".join(["-----BEGIN EC PRIVATE KEY-----", *wrap(b64(der), 64), "-----END EC PRIVATE KEY-----"])


def pkcs8_lines(rng: random.Random, n: int) -> list[str]:
    der = bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7") + rbytes(rng, 600)
    return wrap(b64(der), 64)[:n]


def public_key_pem(rng: random.Random) -> str:
    der = (bytes.fromhex("30820122300d06092a864886f70d01010105000382010f003082010a0282010100")
           + rbytes(rng, 256) + bytes.fromhex("0203010001"))
    return "\n".join(["-----BEGIN PUBLIC KEY-----", *wrap(b64(der), 64), "-----END PUBLIC KEY-----"])


def ssh_ed25519_public(rng: random.Random) -> str:
    return b64(sshstr(b"ssh-ed25519") + sshstr(rbytes(rng, 32)))


def ssh_rsa_public(rng: random.Random) -> str:
    return b64(sshstr(b"ssh-rsa") + sshstr(b"\x01\x00\x01") + sshstr(b"\x00" + rbytes(rng, 384)))


def ceph_key(rng: random.Random) -> str:
    created = rng.randint(1_600_000_000, 1_760_000_000)
    raw = (b"\x01\x00" + created.to_bytes(4, "little") + rng.getrandbits(30).to_bytes(4, "little")
           + b"\x10\x00" + rbytes(rng, 16))
    return b64(raw)


def jwt(rng: random.Random) -> str:
    header = {"alg": rng.choice(["HS256", "RS256"]), "typ": "JWT"}
    iat = rng.randint(1_700_000_000, 1_760_000_000)
    payload = {"sub": rng.choice([uuid4(rng), f"{rng.choice(USERS)}@wetopi.com", str(rng.randint(1, 9999))]),
               "iat": iat, "exp": iat + rng.choice([3600, 86400, 2_592_000]),
               "role": rng.choice(["admin", "service", "editor", "authenticated"])}
    sig_len = 32 if header["alg"] == "HS256" else 256
    enc = [b64url(json.dumps(part, separators=(",", ":")).encode()) for part in (header, payload)]
    return f"{enc[0]}.{enc[1]}.{b64url(rbytes(rng, sig_len))}"


def stripe_key(rng: random.Random, prefix: str) -> str:
    if rng.random() < 0.5:
        return f"{prefix}{rs(rng, B62, 24)}"
    return f"{prefix}51{rs(rng, B62, 97)}"


def wp_app_password(rng: random.Random) -> str:
    return " ".join(rs(rng, B62, 4) for _ in range(6))


# =========================================================================== SECRET / format (80)

def aws_access_key(rng: random.Random, i: int) -> str:
    kid = f"AKIA{rs(rng, B32, 16)}"
    sec = rs(rng, AWS_SECRET_ALPHABET, 40)
    site = rng.choice(SITES)
    return pick(i, [
        f"export AWS_ACCESS_KEY_ID={kid}\nexport AWS_SECRET_ACCESS_KEY={sec}\naws s3 ls s3://wetopi-backups-{site}/",
        chat(rng, f"las credenciales del bucket de velero: {kid} / {sec} — sácalas tú de aquí y mételas en infisical"),
        f"esto tengo en ~/.aws/credentials, por qué no me deja subir??\n[default]\naws_access_key_id = {kid}\n"
        f"aws_secret_access_key = {sec}\nregion = eu-west-1",
    ])


def gcp_service_account(rng: random.Random, i: int) -> str:
    project = f"wetopi-{rng.choice(['backups', 'analytics', 'maps'])}-{rng.randint(100000, 999999)}"
    key_id = rs(rng, HEX, 40)
    body = "\\n".join(pkcs8_lines(rng, 3))
    sa = rng.choice(["velero", "bigquery-export", "ga4-sync"])
    return pick(i, [
        f"te pego el json de la service account, es para el velero 👇\n{{\n  \"type\": \"service_account\",\n"
        f"  \"project_id\": \"{project}\",\n  \"private_key_id\": \"{key_id}\",\n"
        f"  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n{body}\\n...",
        f"\"private_key_id\": \"{key_id}\", \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n{body}...\", "
        f"\"client_email\": \"{sa}@{project}.iam.gserviceaccount.com\" <- eso es lo que me dio google, ¿dónde lo pongo?",
        f"the key file the client sent (cut it, too long):\n{{\"type\": \"service_account\", \"project_id\": \"{project}\", "
        f"\"private_key_id\": \"{key_id}\", \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n{body}\\n",
    ])


def gcp_api_key(rng: random.Random, i: int) -> str:
    key = f"AIza{rs(rng, B64URL, 35)}"
    site = rng.choice(SITES)
    return pick(i, [
        chat(rng, f"la api key de maps para la web de {site} es {quoted(rng, key)}, restríngela por referrer"),
        f"curl 'https://maps.googleapis.com/maps/api/geocode/json?address=girona&key={key}' me da REQUEST_DENIED, why",
    ])


def azure_storage_connection(rng: random.Random, i: int) -> str:
    account = f"{rng.choice(SITES).replace('-', '')}{rng.randint(10, 99)}store"
    key = b64(rbytes(rng, 64))
    return pick(i, [
        f"connection string del storage de azure del cliente: DefaultEndpointsProtocol=https;AccountName={account};"
        f"AccountKey={key};EndpointSuffix=core.windows.net",
        f"AZURE_STORAGE_CONNECTION_STRING=\"DefaultEndpointsProtocol=https;AccountName={account};AccountKey={key};"
        f"EndpointSuffix=core.windows.net\" y el contenedor se llama media",
    ])


def azure_servicebus_connection(rng: random.Random, i: int) -> str:
    ns = f"sb-{rng.choice(SITES)}-prod"
    key = b64(rbytes(rng, 32))
    return (f"el erp del cliente publica en esta cola, a ver si lo conectas: Endpoint=sb://{ns}.servicebus.windows.net/;"
            f"SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={key}")


def digitalocean_token(rng: random.Random, i: int) -> str:
    tok = f"dop_v1_{rs(rng, HEX, 64)}"
    return pick(i, [
        f"doctl auth init -t {tok}",
        chat(rng, f"token de DO para el terraform del droplet viejo de {rng.choice(SITES)}: {quoted(rng, tok)}"),
        f"DIGITALOCEAN_TOKEN={tok}\nterraform plan -target=digitalocean_droplet.legacy",
    ])


def stripe_live_key(rng: random.Random, i: int) -> str:
    key = stripe_key(rng, "sk_live_")
    site = rng.choice(SITES)
    return pick(i, [
        f"STRIPE_SECRET_KEY={key}",
        chat(rng, f"la de stripe live de {site}: {quoted(rng, key)} (la test ya la tienes)"),
        f"curl https://api.stripe.com/v1/charges?limit=3 -u {key}: → me devuelve vacío, raro",
    ])


def stripe_restricted_key(rng: random.Random, i: int) -> str:
    key = stripe_key(rng, "rk_live_")
    return pick(i, [
        chat(rng, f"he creado una restricted key solo lectura pa el dashboard de métricas: {key}"),
        f"in the woo plugin settings i pasted {quoted(rng, key)} as secret key, is a restricted one ok?",
    ])


def sendgrid_api_key(rng: random.Random, i: int) -> str:
    key = f"SG.{rs(rng, B64URL, 22)}.{rs(rng, B64URL, 43)}"
    return pick(i, [
        f"SENDGRID_API_KEY='{key}'",
        chat(rng, f"para el smtp relay: user `apikey` y de pass la key {key}"),
        f"newsletter de {rng.choice(SITES)} no sale, la key que tiene puesta es {key}, ¿está revocada?",
    ])


def mailgun_api_key(rng: random.Random, i: int) -> str:
    key = f"key-{rs(rng, HEX, 32)}"
    domain = f"mg.{rng.choice(SITES)}.com"
    return pick(i, [
        f"curl -s --user 'api:{key}' https://api.eu.mailgun.net/v3/{domain}/messages -F from=hola@{domain} -F to=ana@wetopi.com",
        chat(rng, f"mailgun del cliente: dominio {domain}, private key {key}"),
    ])


def openai_api_key(rng: random.Random, i: int) -> str:
    if rng.random() < 0.5:
        key = f"sk-proj-{rs(rng, B64URL, 156)}"
    else:
        key = f"sk-{rs(rng, B62, 20)}T3BlbkFJ{rs(rng, B62, 20)}"
    return pick(i, [
        f"OPENAI_API_KEY={key}",
        chat(rng, f"la key de openai del chatbot de {rng.choice(SITES)} es {quoted(rng, key)}, ponle límite de gasto"),
    ])


def anthropic_api_key(rng: random.Random, i: int) -> str:
    key = f"sk-ant-api03-{rs(rng, B64URL, 93)}AA"
    return pick(i, [
        f"export ANTHROPIC_API_KEY=\"{key}\"",
        chat(rng, f"in the n8n node i put {key} but it says 401"),
        f"para hermes staging usa esta: {key} — es la del workspace de pruebas",
    ])


def github_pat(rng: random.Random, i: int) -> str:
    tok = f"ghp_{rs(rng, B62, 36)}"
    return pick(i, [
        f"git clone https://{tok}@github.com/wetopi/infra-rke2.git",
        chat(rng, f"el token de github pa el runner: {quoted(rng, tok)}"),
        f"GITHUB_TOKEN={tok} gh pr list --repo wetopi/wp-images",
    ])


def github_fine_grained_pat(rng: random.Random, i: int) -> str:
    tok = f"github_pat_11{rs(rng, B32, 20)}_{rs(rng, B62, 59)}"
    return pick(i, [
        chat(rng, f"fine-grained token solo para wetopi/helm-charts, read only: {tok}"),
        f"en el secret del argocd repo he puesto password={tok} y username=wetopi-bot",
    ])


def gitlab_pat(rng: random.Random, i: int) -> str:
    tok = f"glpat-{rs(rng, B64URL, 20)}"
    return pick(i, [
        f"git remote set-url origin https://oauth2:{tok}@gitlab.com/wetopi-clientes/{rng.choice(SITES)}.git",
        chat(rng, f"{tok} es el token del deploy en gitlab, scope read_registry"),
        f"the agency's gitlab token for the theme repo → {quoted(rng, tok)}",
    ])


def npm_token(rng: random.Random, i: int) -> str:
    tok = f"npm_{rs(rng, B62, 36)}"
    return pick(i, [
        f"mi .npmrc:\n//registry.npmjs.org/:_authToken={tok}\n@wetopi:registry=https://registry.npmjs.org/",
        f"NPM_TOKEN={tok} npm publish --access public",
    ])


def pypi_token(rng: random.Random, i: int) -> str:
    tok = f"pypi-AgEIcHlwaS5vcmc{rs(rng, B64URL, 150)}"
    return pick(i, [
        f"twine upload -u __token__ -p {tok} dist/*",
        f"~/.pypirc:\n[pypi]\n  username = __token__\n  password = {tok}",
    ])


def slack_webhook(rng: random.Random, i: int) -> str:
    url = f"https://hooks.slack.com/services/T{rs(rng, UPPER + DIGITS, 8)}/B{rs(rng, UPPER + DIGITS, 10)}/{rs(rng, B62, 24)}"
    return pick(i, [
        f"curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"deploy ok\"}}' {url}",
        chat(rng, f"el webhook de #alertas es {url} ponlo en el alertmanager"),
    ])


def slack_bot_token(rng: random.Random, i: int) -> str:
    tok = f"xoxb-{rng.randint(10**11, 10**12 - 1)}-{rng.randint(10**12, 10**13 - 1)}-{rs(rng, B62, 24)}"
    return pick(i, [
        f"SLACK_BOT_TOKEN={tok}\nSLACK_CHANNEL=#ops",
        chat(rng, f"bot token del slack de wetopi para el gateway de hermes: {quoted(rng, tok)}"),
    ])


def discord_webhook(rng: random.Random, i: int) -> str:
    url = f"https://discord.com/api/webhooks/{rng.randint(10**17, 10**19 - 1)}/{rs(rng, B64URL, 68)}"
    return pick(i, [
        chat(rng, f"webhook del discord de la comunidad de {rng.choice(SITES)}: {url}"),
        f"can you make uptime kuma post here? {url}",
    ])


def woocommerce_rest_key(rng: random.Random, i: int) -> str:
    ck = f"ck_{rs(rng, HEX, 40)}"
    cs = f"cs_{rs(rng, HEX, 40)}"
    site = rng.choice(SITES)
    return pick(i, [
        chat(rng, f"consumer key {ck} y secret {cs} para la integración de {site} con holded"),
        f"curl https://{site}.com/wp-json/wc/v3/orders?per_page=5 -u {ck}:{cs}",
        f"WC_CONSUMER_KEY={ck}\nWC_CONSUMER_SECRET={cs}",
    ])


def ssh_private_key(rng: random.Random, i: int) -> str:
    truncate = rng.random() < 0.5
    key = openssh_private_key(rng, truncate)
    return pick(i, [
        f"la key del usuario deploy para el bastion, cópiala a ~/.ssh/id_ed25519:\n{key}",
        f"{key}\n\n^ this one is the old key from pau's laptop, is it still in authorized_keys anywhere?",
    ])


def rsa_private_key_pem(rng: random.Random, i: int) -> str:
    key = rsa_private_key(rng, rng.randint(3, 6))
    return pick(i, [
        f"el .key del certificado de {rng.choice(SITES)} que nos mandó el cliente (el .crt luego):\n{key}",
        f"no me deja montar el tls secret, dice que la key no casa:\n{key}",
    ])


def ec_private_key_pem(rng: random.Random, i: int) -> str:
    return f"clave privada del cert ecdsa del ingress, por si la necesitas:\n{ec_private_key(rng)}"


def jwt_token(rng: random.Random, i: int) -> str:
    tok = jwt(rng)
    return pick(i, [
        f"curl -H \"Authorization: Bearer {tok}\" https://api.wetopi.net/v1/sites",
        chat(rng, f"el token que devuelve el login de la api de facturación: {tok}"),
        f"cookie de sesión del panel por si quieres reproducirlo: wt_session={tok}",
    ])


def vault_token(rng: random.Random, i: int) -> str:
    tok = f"hvs.{rs(rng, B62, 24)}" if rng.random() < 0.5 else f"hvs.CAESI{rs(rng, B64URL, 86)}"
    return pick(i, [
        f"export VAULT_ADDR=https://vault.wetopi.internal:8200\nexport VAULT_TOKEN={tok}",
        f"vault login {tok}",
        chat(rng, f"root token del vault nuevo: {quoted(rng, tok)} — revócalo cuando acabes"),
    ])


def infisical_service_token(rng: random.Random, i: int) -> str:
    tok = f"st.{rs(rng, HEX, 24)}.{rs(rng, HEX, 32)}.{rs(rng, HEX, 32)}"
    return pick(i, [
        f"INFISICAL_TOKEN={tok} infisical export --env=prod --path=/shop",
        chat(rng, f"service token de infisical para el job de backups (solo lectura /platform): {tok}"),
    ])


def proxmox_api_token(rng: random.Random, i: int) -> str:
    token_id = rng.choice(["root@pam!terraform", "terraform@pve!tf", "monitoring@pve!grafana"])
    header = f"PVEAPIToken={token_id}={uuid4(rng)}"
    return pick(i, [
        f"curl -k -H 'Authorization: {header}' https://pve{rng.randint(1, 4)}.wetopi.internal:8006/api2/json/nodes",
        f"PM_API_TOKEN=\"{header}\" terraform apply",
    ])


def ceph_keyring(rng: random.Random, i: int) -> str:
    key = ceph_key(rng)
    return pick(i, [
        f"esto es lo que hay en /etc/ceph/ceph.client.admin.keyring del mon1:\n[client.admin]\n\tkey = {key}\n"
        f"\tcaps mds = \"allow *\"\n\tcaps mon = \"allow *\"\n\tcaps osd = \"allow *\"",
        f"ceph auth get-key client.k8s-rbd -> {key} (para el secret del csi)",
    ])


def totp_uri(rng: random.Random, i: int) -> str:
    issuer = rng.choice(["Hetzner", "Cloudflare", "OVH", "Wetopi"])
    seed = rs(rng, B32, 32)
    return chat(rng, f"el qr del 2fa no escanea, este es el enlace: otpauth://totp/{issuer}:ana@wetopi.com"
                     f"?secret={seed}&issuer={issuer}&digits=6&period=30")


def postgres_url(rng: random.Random, i: int) -> str:
    pw = url_password(rng)
    user = rng.choice(["hindsight", "grafana", "n8n", "postgres"])
    return pick(i, [
        f"DATABASE_URL=postgres://{user}:{pw}@pg-prod.wetopi.internal:5432/{user}?sslmode=require",
        chat(rng, f"psql 'postgresql://{user}:{pw}@10.20.{rng.randint(0, 9)}.{rng.randint(2, 250)}/{user}' no conecta desde el pod"),
    ])


def mysql_url(rng: random.Random, i: int) -> str:
    site = rng.choice(SITES).replace("-", "_")
    pw = url_password(rng)
    return pick(i, [
        f"la uri que usa el importador: mysql://wp_{site}:{pw}@10.20.{rng.randint(0, 9)}.{rng.randint(2, 250)}:3306/wp_{site}",
        f"DB_URL=\"mysql://wp_{site}:{pw}@mariadb.shop.svc:3306/wp_{site}?charset=utf8mb4\"",
    ])


def mongodb_srv_url(rng: random.Random, i: int) -> str:
    pw = url_password(rng)
    user = rng.choice(["app", "reporting", "admin"])
    cluster = rs(rng, LOWER + DIGITS, 5)
    return pick(i, [
        f"mongodb+srv://{user}:{pw}@cluster0.{cluster}.mongodb.net/?retryWrites=true&w=majority",
        chat(rng, f"el cliente de la app móvil usa atlas: mongodb+srv://{user}:{pw}@prod.{cluster}.mongodb.net/shop"),
    ])


def redis_url(rng: random.Random, i: int) -> str:
    pw = url_password(rng)
    return pick(i, [
        f"REDIS_URL=redis://:{pw}@redis-master.shop.svc.cluster.local:6379/0",
        chat(rng, f"object cache de {rng.choice(SITES)} apunta a rediss://default:{pw}@10.20.3.14:6380/2"),
    ])


def amqp_url(rng: random.Random, i: int) -> str:
    pw = url_password(rng)
    user = rng.choice(["shop", "worker", "guest2"])
    return pick(i, [
        f"CELERY_BROKER_URL=amqp://{user}:{pw}@rabbitmq.internal:5672/{user}",
        chat(rng, f"el worker no consume, la url es amqps://{user}:{pw}@mq.wetopi.internal:5671/prod"),
    ])


# =========================================================================== SECRET / context (60)

def prose_password(rng: random.Random, i: int) -> str:
    pw = human_password(rng)
    return pick(i, [
        chat(rng, f"la contraseña es {pw}"),
        f"password: {pw}",
        chat(rng, f"ya te he cambiado la clave, ahora es {pw} y te pedirá cambiarla al entrar"),
        f"pwd nueva del nas de la ofi → {pw}",
        chat(rng, f"the wifi password for the office is now {quoted(rng, pw)}, tell {rng.choice(PEOPLE)}"),
        f"contrasña del correo de soporte {pw} (sí, ya sé)",
    ])


def password_across_clauses(rng: random.Random, i: int) -> str:
    pw = human_password(rng)
    user = rng.choice(USERS)
    site = rng.choice(SITES)
    return pick(i, [
        chat(rng, f"el usuario es {user} y la clave {pw}"),
        f"entra con {user}, contraseña {pw}, y cambia el plan a pro que lo ha pedido el cliente",
        f"user {user} / pass {pw} para el plesk viejo de {site}, antes de apagarlo saca los correos",
        f"login: {user}@{site}.com y la contraseña q le puse fue {pw} (con mayúscula la primera)",
        f"for the staging sftp use {user}, password is {quoted(rng, pw)}, port 2222",
    ])


def wp_admin_password(rng: random.Random, i: int) -> str:
    pw = human_password(rng)
    site = rng.choice(SITES)
    user = rng.choice(USERS)
    return pick(i, [
        chat(rng, f"el pass del wp-admin de {site} es {pw}"),
        f"admin de wp de {site}: {user} / {pw}",
        f"me pasa la clienta de {site} su acceso al wordpress, usuario {user}, contra {pw}, mira lo del checkout",
    ])


def wp_application_password(rng: random.Random, i: int) -> str:
    ap = wp_app_password(rng)
    site = rng.choice(SITES)
    user = rng.choice(USERS)
    return pick(i, [
        chat(rng, f"application password para el plugin de sync de {site}: `{ap}`"),
        f"curl --user \"{user}:{ap}\" https://{site}.com/wp-json/wp/v2/posts?status=draft",
        f"la app password que generé en wp para n8n es {ap}, usuario {user}",
    ])


def wp_config_salt(rng: random.Random, i: int) -> str:
    salt1 = rs(rng, WP_SALT_ALPHABET, 64)
    salt2 = rs(rng, WP_SALT_ALPHABET, 64)
    return pick(i, [
        f"define( 'AUTH_KEY',         '{salt1}' );\ndefine( 'SECURE_AUTH_KEY',  '{salt2}' );",
        f"en el wp-config de {rng.choice(SITES)} alguien dejó define('LOGGED_IN_SALT', '{salt1}'); ¿lo regeneramos?",
    ])


def wp_config_db_password(rng: random.Random, i: int) -> str:
    site = rng.choice(SITES).replace("-", "_")
    pw = human_password(rng)
    return (f"define( 'DB_NAME', 'wp_{site}' );\ndefine( 'DB_USER', 'wp_{site}' );\n"
            f"define( 'DB_PASSWORD', '{pw}' );\ndefine( 'DB_HOST', 'mariadb.shop.svc' );")


def mysql_cli_password(rng: random.Random, i: int) -> str:
    pw = human_password(rng).replace("$", "").replace("!", "")
    site = rng.choice(SITES).replace("-", "_")
    return pick(i, [
        f"mysql -uroot -p{pw} -h 10.0.{rng.randint(0, 9)}.{rng.randint(2, 250)} wp_{site}",
        f"mysqldump -u wp_{site} -p'{pw}' --single-transaction wp_{site} > /tmp/{site}.sql",
        f"history | grep mysql\n  {rng.randint(100, 2000)}  mysql -u admin -p{pw} -e 'show processlist'",
    ])


def curl_basic_auth(rng: random.Random, i: int) -> str:
    pw = url_password(rng)
    return pick(i, [
        f"curl -u admin:{pw} https://grafana.wetopi.net/api/dashboards/uid/rke2-nodes",
        f"curl -s -u 'elastic:{pw}' http://10.0.4.{rng.randint(2, 250)}:9200/_cat/indices?v",
        chat(rng, f"prueba con curl -u {rng.choice(USERS)}:{pw} https://staging.{rng.choice(SITES)}.com/ que tiene basic auth"),
    ])


def docker_login_password(rng: random.Random, i: int) -> str:
    pw = rs(rng, B62, rng.randint(18, 32))
    return pick(i, [
        f"docker login registry.wetopi.dev -u deploy -p {pw}",
        f"echo '{pw}' | docker login ghcr.io -u wetopi-bot --password-stdin",
    ])


def htpasswd_password(rng: random.Random, i: int) -> str:
    pw = human_password(rng).replace("$", "")
    user = rng.choice(["cliente", "preview", rng.choice(SITES)])
    return pick(i, [
        f"htpasswd -b /etc/nginx/.htpasswd {user} {pw}",
        chat(rng, f"htpasswd -bc /etc/apache2/.htpasswd-staging {user} {pw} y le pasas la url al cliente"),
    ])


def kubectl_secret_literal(rng: random.Random, i: int) -> str:
    pw = rs(rng, B62, rng.randint(16, 28))
    ns = rng.choice(NAMESPACES)
    return pick(i, [
        f"kubectl -n {ns} create secret generic db-creds --from-literal=username=wp --from-literal=password='{pw}'",
        f"kubectl create secret docker-registry regcred --docker-server=registry.wetopi.dev "
        f"--docker-username=deploy --docker-password={pw} -n {ns}",
        f"k -n {ns} create secret generic smtp --from-literal=user=noreply@wetopi.com --from-literal=pass={pw} "
        f"--dry-run=client -o yaml | kubeseal",
    ])


def env_file_password(rng: random.Random, i: int) -> str:
    site = rng.choice(SITES).replace("-", "_")
    pw = human_password(rng)
    return pick(i, [
        f"el .env de staging:\nDB_HOST=mariadb\nDB_USER=wp_{site}\nDB_PASSWORD={pw}\nWP_ENV=staging",
        f"SMTP_HOST=smtp-relay.brevo.com\nSMTP_PORT=587\nSMTP_USER=noreply@wetopi.com\nSMTP_PASS={pw}",
        f"en el .env de prod tienes REDIS_PASSWORD={rs(rng, B62, 24)} y APP_KEY=base64:{b64(rbytes(rng, 32))}, cópialos al chart",
    ])


def yaml_password(rng: random.Random, i: int) -> str:
    pw1 = rs(rng, B62, 20)
    pw2 = human_password(rng)
    return pick(i, [
        f"values-prod.yaml:\nmariadb:\n  auth:\n    rootPassword: {pw1}\n    username: wp\n    password: {pw2}",
        f"smtp:\n  host: smtp.office365.com\n  username: facturas@{rng.choice(SITES)}.com\n  password: \"{pw2}\"",
    ])


def json_api_key(rng: random.Random, i: int) -> str:
    return pick(i, [
        f"config del conector de holded: {{\"apiKey\": \"{rs(rng, HEX, 32)}\", \"baseUrl\": \"https://api.holded.com/api\"}}",
        f"\"credentials\": {{\"client_id\": \"wetopi-sync\", \"client_secret\": \"{rs(rng, B64URL, 40)}\"}}",
    ])


def bearer_token(rng: random.Random, i: int) -> str:
    tok = rs(rng, B62, rng.randint(32, 48))
    return pick(i, [
        f"curl -H 'Authorization: Bearer {tok}' https://api.{rng.choice(['holded', 'factorial', 'sinli'])}.com/v1/invoices",
        chat(rng, f"el bearer del api de facturación es {tok}, caduca en un año"),
        f"Authorization: Bearer {tok}\nContent-Type: application/json\n(esto es lo que manda el plugin y da 403)",
    ])


def url_query_token(rng: random.Random, i: int) -> str:
    site = rng.choice(SITES)
    return pick(i, [
        chat(rng, f"descárgate el backup de aquí: https://backups.wetopi.net/dl/{site}-2025-03-02.tar.gz"
                  f"?token={rs(rng, HEX, 40)}&expires={rng.randint(1_740_000_000, 1_760_000_000)}"),
        f"el export de pedidos lo saca de https://api.sinli.es/v2/export?access_token={rs(rng, B62, 40)}&format=csv",
    ])


def redis_requirepass(rng: random.Random, i: int) -> str:
    pw = rs(rng, HEX, rng.choice([20, 32]))
    return pick(i, [
        chat(rng, f"en el redis de staging está puesto requirepass {pw}"),
        f"redis-cli -h 10.20.3.14 -a {pw} info replication",
    ])


def hetzner_api_token(rng: random.Random, i: int) -> str:
    tok = rs(rng, B62, 64)
    return pick(i, [
        f"HCLOUD_TOKEN={tok} hcloud server list",
        chat(rng, f"token de hetzner cloud (proyecto wetopi-prod, read/write): {quoted(rng, tok)}"),
    ])


def cloudflare_api_token(rng: random.Random, i: int) -> str:
    tok = rs(rng, B64URL, 40)
    return pick(i, [
        f"CLOUDFLARE_API_TOKEN={tok}",
        chat(rng, f"el token de cf para cert-manager (Zone.DNS edit) es {tok}"),
    ])


def postmark_server_token(rng: random.Random, i: int) -> str:
    tok = uuid4(rng)
    return pick(i, [
        f"curl https://api.postmarkapp.com/email -H 'X-Postmark-Server-Token: {tok}' -d @mail.json",
        chat(rng, f"postmark server token de {rng.choice(SITES)}: {tok}"),
    ])


def twilio_auth_token(rng: random.Random, i: int) -> str:
    sid = f"AC{rs(rng, HEX, 32)}"
    tok = rs(rng, HEX, 32)
    return pick(i, [
        chat(rng, f"twilio de la clínica: account sid {sid}, auth token {tok}"),
        f"TWILIO_ACCOUNT_SID={sid}\nTWILIO_AUTH_TOKEN={tok}",
    ])


def totp_seed(rng: random.Random, i: int) -> str:
    seed = rs(rng, B32, 32)
    return pick(i, [
        "el seed del 2fa de ovh (por si pierdo el móvil): " + " ".join(wrap(seed.lower(), 4)),
        f"TOTP secret for the shared admin account in cloudflare: {seed}",
    ])


def recovery_codes(rng: random.Random, i: int) -> str:
    gh = [f"{rs(rng, HEX, 5)}-{rs(rng, HEX, 5)}" for _ in range(rng.randint(4, 8))]
    google = [f"{rng.randint(1000, 9999)} {rng.randint(1000, 9999)}" for _ in range(rng.randint(3, 6))]
    return pick(i, [
        "códigos de recuperación de github wetopi-admin:\n" + "\n".join(gh),
        "backup codes for the google workspace super admin: " + ", ".join(google),
    ])


def aws_secret_export(rng: random.Random, i: int) -> str:
    sec = rs(rng, AWS_SECRET_ALPHABET, 40)
    return pick(i, [
        f"export AWS_SECRET_ACCESS_KEY={sec}",
        chat(rng, f"el secret del usuario iam de velero es {sec}, el key id ya lo tienes"),
    ])


def smtp_password(rng: random.Random, i: int) -> str:
    pw = human_password(rng)
    site = rng.choice(SITES)
    return chat(rng, f"smtp del correo de {site}: usuario info@{site}.com y la contraseña smtp {pw}")


# =========================================================================== CLEAN / negative (60)

def git_commit_hash(rng: random.Random, i: int) -> str:
    full = rs(rng, HEX, 40)
    return pick(i, [
        chat_clean(rng, f"el fix del 502 quedó en {full} en main, ya está desplegado"),
        f"git revert {full[:7]} y redeploy, el commit rompió el checkout",
        f"argocd dice synced to {full[:12]} pero el pod sigue con la imagen vieja",
        f"cherry-pick {full} a la rama release/2.4 porfa",
    ])


def uuid_identifier(rng: random.Random, i: int) -> str:
    u = uuid4(rng)
    return pick(i, [
        f"el tenant id de {rng.choice(SITES)} en hindsight es {u}",
        f"ceph fsid {u}, health HEALTH_WARN 1 osd down",
        chat_clean(rng, f"el pedido {u} no llega al erp, ¿lo miras?"),
    ])


def image_digest(rng: random.Random, i: int) -> str:
    d = f"sha256:{rs(rng, HEX, 64)}"
    return pick(i, [
        f"ghcr.io/wetopi/php-fpm@{d}",
        chat_clean(rng, f"fija la imagen por digest: image: registry.wetopi.dev/wp-base@{d}"),
        f"Pulling fs layer ... Digest: {d} Status: Downloaded newer image for nginx:1.27",
    ])


def request_id(rng: random.Random, i: int) -> str:
    return pick(i, [
        f"el cliente dice que le sale error, x-request-id: {rs(rng, HEX, 32)}",
        f"cf-ray: {rs(rng, HEX, 16)}-MAD, 520 desde las 10:14",
        chat_clean(rng, f"stripe me da request id req_{rs(rng, B62, 14)} en el webhook fallido"),
    ])


def trace_id_log(rng: random.Random, i: int) -> str:
    ts = f"2025-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}T0{rng.randint(0, 9)}:{rng.randint(10, 59)}:{rng.randint(10, 59)}Z"
    return pick(i, [
        f"{ts} ERROR upstream timeout trace_id={rs(rng, HEX, 32)} span_id={rs(rng, HEX, 16)} service=checkout",
        f"mira este log: level=warn msg=\"slow query\" traceID={rs(rng, HEX, 32)} duration=4.2s",
        f"[{ts}] php-fpm pool www: request_id {rs(rng, HEX, 24)} exceeded 30s",
    ])


def env_placeholder(rng: random.Random, i: int) -> str:
    return pick(i, [
        "DB_PASSWORD=${DB_PASSWORD}\nDB_USER=${DB_USER:-wp}",
        chat_clean(rng, "en el compose pon password: ${REDIS_PASSWORD:?missing} para que falle si no está"),
        "export STRIPE_SECRET_KEY=$STRIPE_LIVE_KEY && ./deploy.sh",
    ])


def helm_template(rng: random.Random, i: int) -> str:
    return pick(i, [
        "password: {{ .Values.mariadb.auth.password | quote }}",
        "stripeKey: {{ .Values.secrets.stripeKey | b64enc }}  # viene de infisical en apply-time",
        "¿por qué sale vacío {{ .Values.smtp.password }} en el render? el values-prod no lo define",
    ])


def angle_placeholder(rng: random.Random, i: int) -> str:
    return pick(i, [
        "curl -H 'Authorization: Bearer <your-token-here>' https://api.wetopi.net/v1/sites",
        "en el README pon OPENAI_API_KEY=YOUR_API_KEY y que cada uno use la suya",
        "git clone https://<tu-token>@github.com/wetopi/infra-rke2.git, el token lo sacas de infisical",
    ])


def masked_value(rng: random.Random, i: int) -> str:
    return pick(i, [
        f"el dashboard muestra sk_live_{'•' * 20}{rs(rng, B62, 4)}, ¿es la misma que la del plugin?",
        f"la key de sendgrid acaba en ...{rs(rng, B62, 4)}, la otra ya la borré",
        "password: ********  <- así sale en el log, bien enmascarado",
        "AWS_SECRET_ACCESS_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx en el ejemplo de la doc",
    ])


def empty_variable(rng: random.Random, i: int) -> str:
    return pick(i, [
        "en el .env de staging falta el valor: DB_PASSWORD= está vacío y por eso no arranca",
        "SMTP_USER=\nSMTP_PASS=\n(rellénalos desde infisical, no aquí)",
        "export GITHUB_TOKEN= # vacío a propósito, el runner lo inyecta",
    ])


def password_field_name(rng: random.Random, i: int) -> str:
    return pick(i, [
        "la columna password_hash de la tabla users no admite null, por eso peta la migración",
        f"el campo user_pass de wp_users de {rng.choice(SITES)} tiene hashes phpass viejos, ¿forzamos reset?",
    ])


def password_policy(rng: random.Random, i: int) -> str:
    n = rng.choice([12, 14, 16])
    return pick(i, [
        f"la contraseña debe tener al menos {n} caracteres, una mayúscula y un símbolo",
        f"new policy: passwords min {n} chars, no reuse of the last 5, rotate every 180 days",
        f"en el formulario de registro de {rng.choice(SITES)} pon que la clave tenga mínimo {n} caracteres",
    ])


def rotation_talk(rng: random.Random, i: int) -> str:
    return pick(i, [
        "he rotado el token de cloudflare; el viejo ya está revocado y el nuevo está en infisical en /platform/cloudflare",
        f"toca rotar las keys de stripe de {rng.choice(SITES)} el {rng.choice(DAYS)}, avísame antes de tocar nada",
        "rotated the hetzner api token after pau left, terraform picks the new one from infisical",
    ])


def ssh_public_key(rng: random.Random, i: int) -> str:
    return pick(i, [
        f"añade esta a authorized_keys del bastion: ssh-ed25519 {ssh_ed25519_public(rng)} {rng.choice(PEOPLE)}@portatil",
        f"ssh-rsa {ssh_rsa_public(rng)} deploy@ci",
        chat_clean(rng, f"la pública de marta es ssh-ed25519 {ssh_ed25519_public(rng)} marta@wetopi"),
    ])


def public_key_pem_block(rng: random.Random, i: int) -> str:
    return pick(i, [
        f"la clave pública para verificar los jwt del sso:\n{public_key_pem(rng)}",
        f"{public_key_pem(rng)}\n^ esto va en el jwks del gateway, es la pública",
    ])


def certificate_pem(rng: random.Random, i: int) -> str:
    der = bytes.fromhex("3082058c30820474a003020102021203") + rbytes(rng, 300)
    lines = wrap(b64(der), 64)[:4]
    return "\n".join([f"el cert intermedio que falta en la cadena de {rng.choice(SITES)}:",
                      "-----BEGIN CERTIFICATE-----", *lines, "..."])


def cert_fingerprint(rng: random.Random, i: int) -> str:
    colon = ":".join(rs(rng, "0123456789ABCDEF", 2) for _ in range(32))
    return pick(i, [
        f"SHA256 Fingerprint={colon}",
        f"The authenticity of host 'pve2 (10.0.0.12)' can't be established. ED25519 key fingerprint is "
        f"SHA256:{b64(rbytes(rng, 32)).rstrip('=')}. ¿acepto?",
        chat_clean(rng, f"la huella del cert nuevo de la tienda es {colon}, compárala con la del navegador"),
    ])


def base64_nonsecret(rng: random.Random, i: int) -> str:
    text = rng.choice(["server { listen 80; server_name _; }", "hola mundo",
                       f'{{"site":"{rng.choice(SITES)}","plan":"pro","php":"8.3"}}'])
    return pick(i, [
        f"echo '{b64(text.encode())}' | base64 -d  # qué es esto que hay en el configmap?",
        f"binaryData:\n  nginx.conf: {b64(text.encode())}",
    ])


def k8s_secretkeyref(rng: random.Random, i: int) -> str:
    ns = rng.choice(NAMESPACES)
    return pick(i, [
        "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db-creds\n        key: password",
        f"en el deployment de {ns} el STRIPE_KEY sale de secretKeyRef: {{name: stripe, key: secret-key}}, no está en el values",
        "envFrom:\n  - secretRef:\n      name: smtp-credentials\n  - configMapRef:\n      name: app-config",
    ])


def example_url(rng: random.Random, i: int) -> str:
    return pick(i, [
        f"https://example.com/checkout?utm_source=newsletter&utm_campaign=primavera&ref={rng.randint(100, 999)}",
        f"el enlace del cliente es https://example.com/tienda?page={rng.randint(2, 9)}&sort=price&session_lang=es",
    ])


def npm_integrity(rng: random.Random, i: int) -> str:
    return f"\"integrity\": \"sha512-{b64(rbytes(rng, 64))}\" no coincide, borra el lock y reinstala"


def stripe_publishable_key(rng: random.Random, i: int) -> str:
    return f"en el checkout.js del front está Stripe('pk_live_{rs(rng, B62, 24)}'), es la publishable, ¿ok?"


def secret_reference(rng: random.Random, i: int) -> str:
    return pick(i, [
        "infisical secrets get DB_PASSWORD --env=prod --path=/shop --plain | wc -c  # solo para ver que no está vacío",
        "vault kv get -field=password secret/shop/mariadb me da permission denied",
    ])


def aws_arn(rng: random.Random, i: int) -> str:
    return f"el rol que asume velero es arn:aws:iam::{rng.randint(10**11, 10**12 - 1)}:role/velero-backup"


# =========================================================================== CLEAN / prose (40)

PROSE: list[tuple[str, ProseGen]] = [
    ("prose-password-reset", lambda r: f"oye, a la de {r.choice(SITES)} se le ha olvidado la contraseña del wp-admin otra vez, ¿le mandas el enlace de reset?"),
    ("prose-secrets-handling", lambda r: "no me pases contraseñas por aquí porfa, mételas en infisical y me dices la ruta"),
    ("prose-password-talk", lambda r: "la contraseña es la de siempre, la que está en el gestor, no te la pongo aquí"),
    ("prose-rotation", lambda r: f"recuérdame el {r.choice(DAYS)} rotar las claves de stripe de {r.choice(SITES)}"),
    ("prose-2fa", lambda r: f"can you check if 2fa is enabled for all admins on {r.choice(SITES)}?"),
    ("prose-phishing", lambda r: "me ha llegado un correo raro pidiendo que 'verifique mi contraseña' de hetzner, parece phishing"),
    ("prose-rotation", lambda r: f"el token de github del ci caduca el {r.choice(DAYS)}, hay que generar otro"),
    ("prose-password-talk", lambda r: "he cambiado la contraseña del router de la ofi, pídemela en persona"),
    ("prose-secrets-handling", lambda r: f"the password is in 1password under '{r.choice(SITES)} - wp admin', don't paste it here"),
    ("prose-policy", lambda r: "¿cada cuánto rotamos las api keys? creo que decidimos 90 días"),
    ("prose-access", lambda r: f"bloqueado el usuario admin de {r.choice(SITES)} tras 5 intentos fallidos, fail2ban funcionando"),
    ("prose-secrets-handling", lambda r: "pon la contraseña nueva en infisical, no en el ticket"),
    ("prose-password-talk", lambda r: "ok ya entré, gracias! la clave funcionaba, era yo que la escribía mal jaja"),
    ("prose-password-reset", lambda r: "forgot my password again lol, reset link please"),
    ("prose-access", lambda r: f"¿el usuario de ftp de {r.choice(SITES)} sigue activo? creo que deberíamos borrarlo"),
    ("prose-2fa", lambda r: "activad la verificación en dos pasos en cloudflare, que hoy alguien intentó entrar"),
    ("prose-access", lambda r: f"{r.choice(PEOPLE).capitalize()} necesita acceso de solo lectura a grafana, ¿le creas un usuario?"),
    ("prose-secrets-handling", lambda r: "el cliente quiere que le mandemos la contraseña por email, le he dicho que no, que usamos un enlace de un solo uso"),
    ("prose-access", lambda r: f"did we revoke {r.choice(PEOPLE)}'s ssh key after they left?"),
    ("prose-rotation", lambda r: "la api key de sendgrid de la newsletter la desactivé ayer, ya no se usa"),
    ("prose-policy", lambda r: "what's the policy for sharing credentials with freelancers? one-time links or vault?"),
    ("prose-password-talk", lambda r: "tengo que cambiar la contraseña del portátil, me la pide cada 90 días y ya no se me ocurren"),
    ("prose-leak-worry", lambda r: "ojo que el .env de staging se subió al repo ayer, aunque solo tenía placeholders, lo he quitado igual"),
    ("prose-access", lambda r: "creo que el token de proxmox de terraform tiene demasiados permisos, habría que bajarlo a PVEVMAdmin"),
    ("prose-secrets-handling", lambda r: "please don't store passwords in memory, ever"),
    ("prose-secrets-handling", lambda r: f"he generado application passwords nuevas para el plugin de backups de {r.choice(SITES)}, están en el gestor"),
    ("prose-2fa", lambda r: "me bloqueé del panel de digitalocean, el 2fa no me acepta el código, ¿quién más es owner?"),
    ("prose-policy", lambda r: "the ceph admin keyring should only live on the mons, not on the workers"),
    ("prose-leak-worry", lambda r: "¿tenemos alguna alarma si alguien pega una clave en el chat? sería útil"),
    ("prose-rotation", lambda r: f"el certificado de {r.choice(SITES)} caduca en {r.randint(5, 20)} días, la renovación automática debería saltar"),
    ("prose-password-reset", lambda r: "contraseña olvidada en el correo de soporte, le he abierto ticket a google workspace"),
    ("prose-secrets-handling", lambda r: "infisical ya sincroniza los secrets a k8s, no hace falta crear secrets a mano"),
    ("prose-access", lambda r: "hoy toca auditoría de accesos: quién tiene admin en el wp de cada cliente"),
    ("prose-policy", lambda r: f"el {r.choice(DAYS)} hablamos de si migramos de bitwarden a 1password, que el equipo crece"),
    ("prose-access", lambda r: "the new intern asked for the root password of the db server, i said no and gave him a read-only user"),
    ("prose-password-talk", lambda r: "la clave del wifi de invitados está en el cartel de la entrada, no hace falta guardarla"),
    ("prose-secrets-handling", lambda r: "he puesto el webhook de slack en infisical, el workflow lo lee de ahí"),
    ("prose-leak-worry", lambda r: "dime si ves algún secret en los logs del build, que el otro día salió un token en claro y lo rotamos"),
    ("prose-policy", lambda r: "yo uso passphrases largas de 4 o 5 palabras, más fáciles de recordar que las de símbolos"),
    ("prose-leak-worry", lambda r: "the stripe dashboard says a restricted key was used from an unknown IP, can you check the logs?"),
]

# =========================================================================== plan

PLAN: list[tuple[str, str, str, Gen, int]] = [
    # secret / format: 80
    ("secret", "format", "aws-access-key", aws_access_key, 3),
    ("secret", "format", "gcp-service-account-json", gcp_service_account, 3),
    ("secret", "format", "gcp-api-key", gcp_api_key, 2),
    ("secret", "format", "azure-storage-connection-string", azure_storage_connection, 2),
    ("secret", "format", "azure-servicebus-connection-string", azure_servicebus_connection, 1),
    ("secret", "format", "digitalocean-token", digitalocean_token, 3),
    ("secret", "format", "stripe-live-key", stripe_live_key, 3),
    ("secret", "format", "stripe-restricted-key", stripe_restricted_key, 2),
    ("secret", "format", "sendgrid-api-key", sendgrid_api_key, 3),
    ("secret", "format", "mailgun-api-key", mailgun_api_key, 2),
    ("secret", "format", "openai-api-key", openai_api_key, 2),
    ("secret", "format", "anthropic-api-key", anthropic_api_key, 3),
    ("secret", "format", "github-pat", github_pat, 3),
    ("secret", "format", "github-fine-grained-pat", github_fine_grained_pat, 2),
    ("secret", "format", "gitlab-pat", gitlab_pat, 3),
    ("secret", "format", "npm-token", npm_token, 2),
    ("secret", "format", "pypi-token", pypi_token, 2),
    ("secret", "format", "slack-webhook", slack_webhook, 2),
    ("secret", "format", "slack-bot-token", slack_bot_token, 2),
    ("secret", "format", "discord-webhook", discord_webhook, 2),
    ("secret", "format", "woocommerce-rest-key", woocommerce_rest_key, 3),
    ("secret", "format", "ssh-private-key", ssh_private_key, 3),
    ("secret", "format", "rsa-private-key-pem", rsa_private_key_pem, 2),
    ("secret", "format", "ec-private-key-pem", ec_private_key_pem, 1),
    ("secret", "format", "jwt", jwt_token, 3),
    ("secret", "format", "vault-token", vault_token, 3),
    ("secret", "format", "infisical-service-token", infisical_service_token, 2),
    ("secret", "format", "proxmox-api-token", proxmox_api_token, 2),
    ("secret", "format", "ceph-keyring", ceph_keyring, 2),
    ("secret", "format", "totp-otpauth-uri", totp_uri, 2),
    ("secret", "format", "postgres-url-password", postgres_url, 2),
    ("secret", "format", "mysql-url-password", mysql_url, 2),
    ("secret", "format", "mongodb-srv-password", mongodb_srv_url, 2),
    ("secret", "format", "redis-url-password", redis_url, 2),
    ("secret", "format", "amqp-url-password", amqp_url, 2),
    # secret / context: 60
    ("secret", "context", "prose-password", prose_password, 5),
    ("secret", "context", "password-across-clauses", password_across_clauses, 4),
    ("secret", "context", "wp-admin-password", wp_admin_password, 3),
    ("secret", "context", "wp-application-password", wp_application_password, 3),
    ("secret", "context", "wp-config-salt", wp_config_salt, 2),
    ("secret", "context", "wp-config-db-password", wp_config_db_password, 1),
    ("secret", "context", "mysql-cli-password", mysql_cli_password, 3),
    ("secret", "context", "curl-basic-auth", curl_basic_auth, 3),
    ("secret", "context", "docker-login-password", docker_login_password, 2),
    ("secret", "context", "htpasswd-password", htpasswd_password, 2),
    ("secret", "context", "kubectl-secret-literal", kubectl_secret_literal, 3),
    ("secret", "context", "env-file-password", env_file_password, 3),
    ("secret", "context", "yaml-password", yaml_password, 2),
    ("secret", "context", "json-api-key", json_api_key, 2),
    ("secret", "context", "bearer-token", bearer_token, 3),
    ("secret", "context", "url-query-token", url_query_token, 2),
    ("secret", "context", "redis-requirepass", redis_requirepass, 2),
    ("secret", "context", "hetzner-api-token", hetzner_api_token, 2),
    ("secret", "context", "cloudflare-api-token", cloudflare_api_token, 2),
    ("secret", "context", "postmark-server-token", postmark_server_token, 2),
    ("secret", "context", "twilio-auth-token", twilio_auth_token, 2),
    ("secret", "context", "totp-seed", totp_seed, 2),
    ("secret", "context", "recovery-codes", recovery_codes, 2),
    ("secret", "context", "aws-secret-key", aws_secret_export, 2),
    ("secret", "context", "smtp-password", smtp_password, 1),
    # clean / negative: 60
    ("clean", "negative", "git-commit-hash", git_commit_hash, 4),
    ("clean", "negative", "uuid", uuid_identifier, 3),
    ("clean", "negative", "image-digest", image_digest, 3),
    ("clean", "negative", "request-id", request_id, 3),
    ("clean", "negative", "trace-id-log", trace_id_log, 3),
    ("clean", "negative", "env-placeholder", env_placeholder, 3),
    ("clean", "negative", "helm-template", helm_template, 3),
    ("clean", "negative", "angle-placeholder", angle_placeholder, 3),
    ("clean", "negative", "masked-value", masked_value, 3),
    ("clean", "negative", "empty-variable", empty_variable, 3),
    ("clean", "negative", "password-field-name", password_field_name, 2),
    ("clean", "negative", "password-policy", password_policy, 3),
    ("clean", "negative", "rotation-talk", rotation_talk, 3),
    ("clean", "negative", "ssh-public-key", ssh_public_key, 3),
    ("clean", "negative", "public-key-pem", public_key_pem_block, 2),
    ("clean", "negative", "certificate-pem", certificate_pem, 1),
    ("clean", "negative", "cert-fingerprint", cert_fingerprint, 3),
    ("clean", "negative", "base64-nonsecret", base64_nonsecret, 2),
    ("clean", "negative", "k8s-secretkeyref", k8s_secretkeyref, 3),
    ("clean", "negative", "example-url", example_url, 2),
    ("clean", "negative", "npm-integrity", npm_integrity, 1),
    ("clean", "negative", "stripe-publishable-key", stripe_publishable_key, 1),
    ("clean", "negative", "secret-reference", secret_reference, 2),
    ("clean", "negative", "aws-arn", aws_arn, 1),
]

EXPECTED = {("secret", "format"): 80, ("secret", "context"): 60, ("clean", "negative"): 60, ("clean", "prose"): 40}


def build(rng: random.Random) -> list[dict[str, str]]:
    records: list[dict[str, str]] = []
    seen: set[str] = set()

    def add(label: str, by: str, family: str, text: str) -> None:
        records.append({"text": text, "label": label, "family": family, "by": by})
        seen.add(text)

    for label, by, family, gen, count in PLAN:
        variant = rng.randrange(12)  # random starting template, then cycle
        made = 0
        while made < count:
            text = gen(rng, variant)
            variant += 1
            if text in seen:  # a template without random parts came round again: take the next one
                continue
            add(label, by, family, text)
            made += 1
    for family, gen in PROSE:
        add("clean", "prose", family, gen(rng))

    counts: dict[tuple[str, str], int] = {}
    for rec in records:
        key = (rec["label"], rec["by"])
        counts[key] = counts.get(key, 0) + 1
    assert counts == EXPECTED, counts

    rng.shuffle(records)
    return [{"id": f"s11-{i:04d}", **rec} for i, rec in enumerate(records, start=1)]


def main() -> None:
    rng = random.Random(SEED)
    records = build(rng)
    with OUT.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"wrote {len(records)} records to {OUT}")


if __name__ == "__main__":
    main()
