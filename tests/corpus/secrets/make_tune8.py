"""Seeded generator for tests/corpus/secrets/tune8.jsonl (stdlib only).

240 records: 80 secrets by format, 60 secrets by context, 60 clean hard look-alikes (negative)
and 40 clean prose sentences. Every value is random in the real shape of its family; none is a
real credential. Run: python tests/corpus/secrets/make_tune8.py
"""

from __future__ import annotations

import base64
import json
import random
import string
import uuid
from pathlib import Path

SEED = 20260808
OUT = Path(__file__).with_name("tune8.jsonl")

LOWER = string.ascii_lowercase
UPPER = string.ascii_uppercase
DIGITS = string.digits
ALNUM = string.ascii_letters + string.digits
LALNUM = LOWER + DIGITS
UALNUM = UPPER + DIGITS
HEX = "0123456789abcdef"
UHEX = HEX.upper()
B64 = ALNUM + "+/"
B64U = ALNUM + "-_"
B32 = UPPER + "234567"
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
SALT = ALNUM + "!#$%&()*+,-./:;<=>?@[]^_{|}~"

NAMES = ["ana", "luis", "marta", "jordi", "nuria", "pau", "carla", "sergi", "laura", "oriol", "bea", "xavi"]
CLIENTS = ["floristeria-rosa", "bodegas-olite", "clinica-sant-pau", "tallerautomoto", "libreria-norte",
           "ceramica-bisbal", "hotel-mirador", "academia-lumen", "opticas-vidal", "gimnasio-forma"]
TLDS = [".es", ".com", ".cat", ".net", ".shop"]
HOSTS = ["db-01", "pg-primary", "mysql-woo-02", "cache-01", "node-07", "pve-03", "ceph-mon-2", "bastion",
         "rke2-cp-1", "backup-02", "mail-relay", "argocd", "grafana", "harbor"]
WORDS = ["verano", "Invierno", "barcelona", "Girona", "gatito", "primavera", "pingu", "luna", "Wetopi",
         "helado", "Tortuga", "montseny", "Cadaques", "Mediterraneo", "canigo", "Sardana", "churros",
         "Pirineo", "tramuntana", "Delta"]
PHRASE_WORDS = ["caballo", "bateria", "grapa", "correcto", "nube", "faro", "limon", "tejado", "rio", "cometa",
                "otoño", "sirena", "vela", "tostada", "bosque", "puerto", "kiwi", "mochila", "trueno", "sal"]


def r(rng: random.Random, n: int, alpha: str = ALNUM) -> str:
    return "".join(rng.choice(alpha) for _ in range(n))


def hx(rng: random.Random, n: int) -> str:
    return r(rng, n, HEX)


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def uid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def ip(rng: random.Random) -> str:
    return f"{rng.choice(['10.0', '10.20', '192.168', '172.16'])}.{rng.randint(0, 254)}.{rng.randint(2, 254)}"


def pubip(rng: random.Random) -> str:
    return f"{rng.choice([95, 116, 135, 157, 162, 188, 37, 49])}.{rng.randint(1, 254)}.{rng.randint(0, 254)}." \
           f"{rng.randint(2, 254)}"


def domain(rng: random.Random) -> str:
    return rng.choice(CLIENTS) + rng.choice(TLDS)


def name(rng: random.Random) -> str:
    return rng.choice(NAMES)


def human_pw(rng: random.Random) -> str:
    w = rng.choice(WORDS)
    style = rng.randrange(5)
    if style == 0:
        return f"{w}{rng.choice(['2023', '2024', '2025', '88', '123', '01'])}"
    if style == 1:
        return f"{w.capitalize()}{rng.randint(10, 99)}{rng.choice('!#$*.')}"
    if style == 2:
        return f"{w}_{rng.choice(WORDS).lower()}{rng.randint(1, 9)}"
    if style == 3:
        return f"{w.capitalize()}#{rng.randint(1990, 2025)}"
    return f"{rng.choice('!*')}{w.lower()}{rng.randint(100, 999)}"


def strong_pw(rng: random.Random, n: int | None = None) -> str:
    n = n or rng.randint(14, 22)
    while True:
        pw = r(rng, n, ALNUM + "!#%*-_.+=")
        if any(c.isdigit() for c in pw) and any(c.isupper() for c in pw):
            return pw


def any_pw(rng: random.Random) -> str:
    return human_pw(rng) if rng.random() < 0.5 else strong_pw(rng)


def passphrase(rng: random.Random) -> str:
    return rng.choice(["-", " ", "."]).join(rng.sample(PHRASE_WORDS, rng.randint(4, 5)))


def jwt(rng: random.Random, header: dict, payload: dict, sig_bytes: int = 32) -> str:
    h = b64u(json.dumps(header, separators=(",", ":")).encode())
    p = b64u(json.dumps(payload, separators=(",", ":")).encode())
    return f"{h}.{p}.{b64u(rng.randbytes(sig_bytes))}"


def ts(rng: random.Random) -> int:
    return rng.randint(1_735_000_000, 1_760_000_000)


def pem(kind: str, der: bytes, sep: str) -> str:
    body = b64(der)
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    return sep.join([f"-----BEGIN {kind}-----", *lines, f"-----END {kind}-----"])


def rsa_pkcs8(rng: random.Random) -> bytes:
    head = bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7308204a30201000282010100")
    return head + rng.randbytes(1217 - len(head))


def rsa_pkcs1(rng: random.Random) -> bytes:
    head = bytes.fromhex("308204a40201000282010100")
    return head + rng.randbytes(1192 - len(head))


def ec_key(rng: random.Random) -> bytes:
    return (bytes.fromhex("30770201010420") + rng.randbytes(32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200")
            + b"\x04" + rng.randbytes(64))


def openssh_ed25519(rng: random.Random) -> bytes:
    pub = rng.randbytes(32)
    blob = b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + pub
    return (b"openssh-key-v1\x00" + b"\x00\x00\x00\x04none" * 2 + b"\x00\x00\x00\x00\x00\x00\x00\x01"
            + len(blob).to_bytes(4, "big") + blob + b"\x00\x00\x00\x88" + rng.randbytes(4) * 2 + blob
            + b"\x00\x00\x00\x40" + rng.randbytes(32) + pub + b"\x00\x00\x00\x0cdeploy@wetopi\x01\x02\x03")


def ed25519_pub(rng: random.Random) -> str:
    return b64(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + rng.randbytes(32))


def ceph_key(rng: random.Random) -> str:
    return b64(b"\x01\x00" + rng.randbytes(4) + rng.randbytes(4) + b"\x10\x00" + rng.randbytes(16))


# --------------------------------------------------------------------------------------------- format
def format_items(rng: random.Random) -> list[tuple[str, str]]:
    items: list[tuple[str, str]] = []

    def add(family: str, text: str) -> None:
        items.append((family, text))

    n, d = name(rng), domain(rng)
    add("github-pat", f"export GITHUB_TOKEN=ghp_{r(rng, 36)}  # para el workflow de release de los charts")
    add("github-fine-grained-pat",
        f"{n}: te dejo el token del runner, caduca en 90 días -> github_pat_11{r(rng, 20, UALNUM)}_{r(rng, 59)}")
    add("github-app-token",
        f"2025-03-14T09:12:44Z [runner-3] git fetch using x-access-token:ghs_{r(rng, 36)} for wetopi/platform-infra")
    add("gitlab-pat", f"git remote set-url origin https://oauth2:glpat-{r(rng, 20, B64U)}@gitlab.{d}/ops/ansible.git")
    add("gitlab-runner-token", f'  token = "glrt-t3_{r(rng, 27, B64U)}"   # /etc/gitlab-runner/config.toml en ci-02')
    add("bitbucket-app-password",
        f"BITBUCKET_APP_PASSWORD=ATBB{r(rng, 32)}{r(rng, 8, UHEX)} en el .env del deployer de {d}")
    add("aws-access-key",
        f"[wetopi-backups] aws_access_key_id = AKIA{r(rng, 16, B32)} aws_secret_access_key = {r(rng, 40, B64)}")
    add("aws-session-credentials",
        f"AWS_ACCESS_KEY_ID=ASIA{r(rng, 16, B32)} AWS_SECRET_ACCESS_KEY={r(rng, 40, B64)} "
        f"AWS_SESSION_TOKEN=IQoJb3JpZ2luX2VjE{r(rng, 180, B64)}== aws s3 ls s3://wetopi-velero")
    add("stripe-secret-key", f"STRIPE_SECRET_KEY=sk_live_51{r(rng, 97)}")
    add("stripe-restricted-key",
        f"he creado la restricted key solo lectura para el dashboard: rk_live_51{r(rng, 97)}")
    add("stripe-webhook-secret",
        f"Signing secret del endpoint https://{d}/wc-api/wc_stripe: whsec_{r(rng, 32)}")
    add("openai-api-key",
        f"OPENAI_API_KEY=sk-proj-{r(rng, 74, B64U)}T3BlbkFJ{r(rng, 74, B64U)}")
    add("anthropic-api-key",
        f"curl https://api.anthropic.com/v1/messages -H 'x-api-key: sk-ant-api03-{r(rng, 93, B64U)}AA' "
        "-H 'anthropic-version: 2023-06-01'")
    add("huggingface-token", f"huggingface-cli login --token hf_{r(rng, 34, string.ascii_letters)}")
    add("replicate-token", f"export REPLICATE_API_TOKEN=r8_{r(rng, 37)}")
    add("groq-api-key", f"{n}: la de groq para el agente de soporte es gsk_{r(rng, 52)}")
    add("openrouter-api-key", f'litellm: model openrouter/anthropic/claude-sonnet, api_key="sk-or-v1-{hx(rng, 64)}"')
    add("google-api-key",
        f"https://maps.googleapis.com/maps/api/geocode/json?address=Girona&key=AIza{r(rng, 35, B64U)}")
    add("gcp-service-account-key",
        '{"type": "service_account", "project_id": "wetopi-dns", "private_key_id": "' + hx(rng, 40)
        + '", "private_key": "' + pem("PRIVATE KEY", rsa_pkcs8(rng), "\\n") + '\\n"}')
    add("google-oauth-client-secret",
        f"GOOGLE_CLIENT_ID={rng.randint(10**11, 10**12 - 1)}-{r(rng, 32, LALNUM)}.apps.googleusercontent.com "
        f"GOOGLE_CLIENT_SECRET=GOCSPX-{r(rng, 28, B64U)}")
    add("azure-client-secret",
        f"az login --service-principal -u {uid(rng)} -p {r(rng, 3, ALNUM)}8Q~{r(rng, 34, ALNUM + '_.~-')} "
        f"--tenant {uid(rng)}")
    add("azure-storage-connection-string",
        f"DefaultEndpointsProtocol=https;AccountName=wetopibk{r(rng, 4, LALNUM)};"
        f"AccountKey={b64(rng.randbytes(64))};EndpointSuffix=core.windows.net")
    add("azure-sas-url",
        f"https://wetopibackup.blob.core.windows.net/velero?sv=2022-11-02&ss=b&srt=sco&sp=rwdlac"
        f"&se=2026-01-31T18:00:00Z&st=2025-01-31T10:00:00Z&spr=https"
        f"&sig={b64(rng.randbytes(32)).replace('+', '%2B').replace('/', '%2F').replace('=', '%3D')}")
    add("slack-bot-token",
        f"SLACK_BOT_TOKEN=xoxb-{rng.randint(10**10, 10**11)}-{rng.randint(10**12, 10**13)}-{r(rng, 24)}")
    add("slack-webhook",
        f"alertmanager receiver: slack_api_url: https://hooks.slack.com/services/T0{r(rng, 8, UALNUM)}"
        f"/B0{r(rng, 9, UALNUM)}/{r(rng, 24)}")
    add("telegram-bot-token",
        f"el bot de alertas ya funciona, token {rng.randint(6 * 10**9, 8 * 10**9)}:AA{r(rng, 33, B64U)}")
    add("discord-webhook",
        f"curl -X POST -d '{{\"content\":\"deploy ok\"}}' https://discord.com/api/webhooks/"
        f"{rng.randint(10**17, 10**18)}/{r(rng, 68, B64U)}")
    add("digitalocean-token", f"doctl auth init --access-token dop_v1_{hx(rng, 64)}")
    add("cloudflare-origin-ca-key", f"CF_API_KEY (origin CA) = v1.0-{hx(rng, 24)}-{hx(rng, 146)}")
    add("backblaze-b2-key",
        f"b2 account authorize 005{hx(rng, 22)} K005{r(rng, 27, B64)}")
    add("mailgun-api-key", f"curl -s --user 'api:key-{hx(rng, 32)}' https://api.eu.mailgun.net/v3/mg.{d}/messages")
    add("brevo-api-key", f"BREVO_API_KEY=xkeysib-{hx(rng, 64)}-{r(rng, 16)}")
    add("sendgrid-api-key", f"SENDGRID_API_KEY=SG.{r(rng, 22, B64U)}.{r(rng, 43, B64U)}")
    add("twilio-credentials-url",
        f"POST https://AC{hx(rng, 32)}:{hx(rng, 32)}@api.twilio.com/2010-04-01/Accounts/AC{hx(rng, 32)}/Messages.json")
    add("doppler-service-token", f"DOPPLER_TOKEN=dp.st.prd.{r(rng, 43)} doppler run -- ./deploy.sh")
    add("pulumi-access-token", f"PULUMI_ACCESS_TOKEN=pul-{hx(rng, 40)}")
    add("terraform-cloud-token",
        f'credentials "app.terraform.io" {{ token = "{r(rng, 14)}.atlasv1.{r(rng, 67)}" }}')
    add("npm-token", f"//registry.npmjs.org/:_authToken=npm_{r(rng, 36)}")
    add("pypi-token", f"[pypi] username = __token__ password = pypi-AgEIcHlwaS5vcmc{r(rng, 150, B64U)}")
    add("dockerhub-pat", f"echo dckr_pat_{r(rng, 27, B64U)} | docker login -u wetopibot --password-stdin")
    add("sentry-dsn", f"SENTRY_DSN=https://{hx(rng, 32)}@o{rng.randint(10**5, 10**6)}.ingest.de.sentry.io/"
                      f"{rng.randint(10**6, 10**7)}")
    add("sentry-auth-token", f"SENTRY_AUTH_TOKEN=sntryu_{hx(rng, 64)} sentry-cli releases new v2.4.1")
    add("newrelic-user-key", f"NEW_RELIC_API_KEY=NRAK-{r(rng, 27, UALNUM)}")
    add("grafana-service-account-token", f"Authorization: Bearer glsa_{r(rng, 32)}_{hx(rng, 8)}")
    glc = {"o": str(rng.randint(10**5, 10**7)), "n": f"stack-{rng.randint(10**5, 10**6)}-alloy-write",
           "k": r(rng, 24), "m": {"r": "prod-eu-west-2"}}
    add("grafana-cloud-token",
        f"GCLOUD_RW_API_KEY=glc_{b64(json.dumps(glc, separators=(',', ':')).encode())}")
    add("honeycomb-ingest-key", f"x-honeycomb-team: hcaik_01{r(rng, 58, LALNUM)}")
    add("linear-api-key", f"LINEAR_API_KEY=lin_api_{r(rng, 40)}")
    add("notion-token", f"la integración de Notion del CRM usa ntn_{rng.randint(10**10, 10**11)}{r(rng, 35)}")
    add("airtable-pat", f"AIRTABLE_TOKEN=pat{r(rng, 14)}.{hx(rng, 64)}")
    add("shopify-access-token", f"X-Shopify-Access-Token: shpat_{hx(rng, 32)}")
    add("woocommerce-api-keys",
        f"https://{d}/wp-json/wc/v3/orders?consumer_key=ck_{hx(rng, 40)}&consumer_secret=cs_{hx(rng, 40)}")
    sess = jwt(rng, {"alg": "HS256", "typ": "JWT"},
               {"sub": str(rng.randint(1000, 99999)), "email": f"{n}@{d}", "role": "admin",
                "iat": ts(rng), "exp": ts(rng) + 86400})
    add("jwt", f"Cookie: wp_session={sess}; path=/")
    ccert = b64(pem("RSA PRIVATE KEY", rsa_pkcs1(rng), "\n").encode() + b"\n")
    add("kubeconfig-client-key-data", f"    client-key-data: {ccert}")
    iat = ts(rng)
    sat = jwt(rng, {"alg": "RS256", "kid": r(rng, 43, B64U)},
              {"aud": ["https://kubernetes.default.svc.cluster.local", "rke2"], "exp": iat + 31536000, "iat": iat,
               "iss": "https://kubernetes.default.svc.cluster.local",
               "kubernetes.io": {"namespace": "kube-system", "serviceaccount": {"name": "argocd-manager",
                                                                                "uid": uid(rng)}},
               "nbf": iat, "sub": "system:serviceaccount:kube-system:argocd-manager"}, 256)
    add("kubernetes-sa-token", f"users: [{{name: rke2-prod, user: {{token: {sat}}}}}]")
    add("rke2-node-token", f"token: K10{hx(rng, 64)}::server:{hx(rng, 32)}   # /etc/rancher/rke2/config.yaml worker-5")
    add("ceph-keyring", f"[client.csi-rbd-provisioner] key = {ceph_key(rng)} caps mon = \"profile rbd\"")
    add("proxmox-api-token",
        f"Authorization: PVEAPIToken=terraform@pve!tf-{r(rng, 4, LOWER)}={uid(rng)}")
    argo = jwt(rng, {"alg": "HS256", "typ": "JWT"},
               {"iss": "argocd", "sub": "ci:apiKey", "nbf": iat, "iat": iat, "jti": uid(rng)})
    add("argocd-token", f"argocd app sync woo-{r(rng, 4, LOWER)} --server argocd.wetopi.net --auth-token {argo}")
    add("infisical-service-token", f"INFISICAL_TOKEN=st.{hx(rng, 24)}.{hx(rng, 32)}.{hx(rng, 32)}")
    add("vault-token", f"VAULT_TOKEN=hvs.CAESI{r(rng, 86, B64U)} vault kv get secret/hindsight")
    add("rsa-private-key", "te paso la key del bastion: " + pem("RSA PRIVATE KEY", rsa_pkcs1(rng), " "))
    add("ec-private-key", "tls.key: " + pem("EC PRIVATE KEY", ec_key(rng), "\\n"))
    add("openssh-private-key", "id_ed25519 del deployer: " + pem("OPENSSH PRIVATE KEY", openssh_ed25519(rng), " "))
    priv_blob = b"\x00\x00\x00\x20" + rng.randbytes(32)
    add("putty-private-key",
        f"PuTTY-User-Key-File-3: ssh-ed25519 Encryption: none Comment: {n}@portatil Public-Lines: 2 "
        f"{ed25519_pub(rng)} Private-Lines: 1 {b64(priv_blob)} "
        f"Private-MAC: {hx(rng, 64)}")
    add("age-secret-key", f"# public key: age1{r(rng, 58, BECH32)} AGE-SECRET-KEY-1{r(rng, 58, BECH32).upper()}")
    pgp = pem("PGP PRIVATE KEY BLOCK", b"\x95\x05\x86\x04" + rng.randbytes(900), " ")
    add("pgp-private-key", f"clave de firma de los paquetes deb: {pgp}")
    add("postgres-url",
        f"DATABASE_URL=postgresql://hindsight:{r(rng, 20, ALNUM + '-_.~')}@pg-primary.databases.svc:5432"
        "/hindsight?sslmode=require")
    add("mongodb-url",
        f"MONGO_URI=mongodb+srv://app_{n}:{r(rng, 20, ALNUM + '-_.~')}@cluster0.{r(rng, 5, LALNUM)}"
        f".mongodb.net/crm?retryWrites=true")
    add("redis-url",
        f"REDIS_URL=rediss://default:{r(rng, 32)}@redis-{rng.randint(10000, 19999)}"
        f".c1.eu-west-1.cloud.redislabs.com:6380")
    add("amqp-url", f"CELERY_BROKER_URL=amqp://celery:{r(rng, 24)}@rabbitmq.queues.svc:5672/prod")
    add("mysql-dsn", f'dsn: "woo:{strong_pw(rng)}@tcp({ip(rng)}:3306)/wp_{r(rng, 6, LOWER)}?parseTime=true"')
    add("s3-presigned-url",
        f"https://wetopi-exports.s3.eu-west-1.amazonaws.com/informe-q3.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256"
        f"&X-Amz-Credential=AKIA{r(rng, 16, B32)}%2F20250612%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20250612T"
        f"101500Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature={hx(rng, 64)}")
    add("gcs-signed-url",
        f"https://storage.googleapis.com/wetopi-media/video.mp4?X-Goog-Algorithm=GOOG4-RSA-SHA256"
        f"&X-Goog-Credential=signer%40wetopi-media.iam.gserviceaccount.com%2F20250612%2Fauto%2Fstorage%2F"
        f"goog4_request&X-Goog-Date=20250612T101500Z&X-Goog-Expires=86400&X-Goog-SignedHeaders=host"
        f"&X-Goog-Signature={hx(rng, 512)}")
    add("wireguard-private-key",
        f"[Interface] Address = 10.66.0.{rng.randint(2, 250)}/24 "
        f"PrivateKey = {b64(rng.randbytes(32))} ListenPort = 51820")
    add("tailscale-auth-key", f"tailscale up --authkey=tskey-auth-k{r(rng, 11)}CNTRL-{r(rng, 33)}")
    add("ngrok-authtoken", f"ngrok config add-authtoken 2{r(rng, 26)}_{r(rng, 21)}")
    op = {"signInAddress": "wetopi.1password.eu", "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256",
          "iterations": 650000, "salt": b64u(rng.randbytes(16))},
          "email": f"{r(rng, 13, LOWER)}@1passwordserviceaccounts.eu", "srpX": hx(rng, 64),
          "muk": {"alg": "A256GCM", "ext": True, "k": b64u(rng.randbytes(32)), "key_ops": ["encrypt", "decrypt"],
                  "kty": "oct", "kid": "mp"}, "secretKey": f"A3-{r(rng, 6, UALNUM)}-{r(rng, 6, UALNUM)}",
          "throttleSecret": {"seed": hx(rng, 64), "deviceUuid": r(rng, 26, LALNUM)},
          "deviceUuid": r(rng, 26, LALNUM)}
    add("1password-service-account-token",
        f"OP_SERVICE_ACCOUNT_TOKEN=ops_{b64u(json.dumps(op, separators=(',', ':')).encode())}")
    add("totp-secret-uri",
        f"otpauth://totp/Hetzner:{n}@wetopi.com?secret={r(rng, 32, B32)}&issuer=Hetzner&digits=6")
    add("supabase-access-token", f"supabase login --token sbp_{hx(rng, 40)}")
    add("mailchimp-api-key", f"mailchimp api key {hx(rng, 32)}-us{rng.randint(2, 21)} para la newsletter de {d}")
    return items


# --------------------------------------------------------------------------------------------- context
def context_items(rng: random.Random) -> list[tuple[str, str]]:
    items: list[tuple[str, str]] = []

    def add(family: str, text: str) -> None:
        items.append((family, text))

    n, d, h = name(rng), domain(rng), rng.choice(HOSTS)
    add("wifi-password", f"la clave del wifi de la oficina es {human_pw(rng)}")
    add("wifi-password", f"Guest WiFi at the Girona office: SSID Wetopi-Invitados, password {human_pw(rng)}")
    add("mysql-cli-password", f"mysql -u root -p'{any_pw(rng)}' -h {rng.choice(HOSTS)}.internal wordpress")
    add("sshpass", f"sshpass -p '{any_pw(rng)}' ssh -o StrictHostKeyChecking=no root@{ip(rng)}")
    add("pgpassword-env", f"PGPASSWORD={strong_pw(rng)} psql -h pg-primary.internal -U app app_prod -c 'select 1'")
    add("cli-password-flag",
        f"mariadb-dump --user=backup --password={any_pw(rng)} --all-databases | zstd > /backup/all.sql.zst")
    add("wp-admin-password", f"the admin password for the WP dashboard of {d} is {human_pw(rng)}")
    add("wp-admin-password", f"usuario wp: admin_{n} / contraseña: {any_pw(rng)} (es el de {d})")
    add("basic-auth-url", f"https://admin:{human_pw(rng)}@grafana.{d}/d/node-exporter?orgId=1")
    add("curl-basic-auth", f"curl -u deploy:{any_pw(rng)} https://harbor.wetopi.net/api/v2.0/projects")
    add("redis-requirepass", f"requirepass {any_pw(rng)}   # redis.conf de {h}")
    add("redis-cli-auth", f"redis-cli -h cache-01 -a '{strong_pw(rng)}' --no-auth-warning INFO memory")
    add("yaml-secret-value", f"database: {{host: pg-primary, user: woo, password: {any_pw(rng)}}}")
    add("helm-set-password",
        f"helm upgrade --install keycloak bitnami/keycloak -n auth --set auth.adminPassword={strong_pw(rng)}")
    add("kubectl-from-literal",
        f"kubectl -n woo create secret generic db-creds --from-literal=username=woo "
        f"--from-literal=password='{strong_pw(rng)}'")
    add("docker-login-password", f"docker login registry.wetopi.net -u ci -p {strong_pw(rng)}")
    add("ansible-become-pass", f"ansible_become_pass: {any_pw(rng)}   # host_vars/{h}.yml")
    add("ssh-key-passphrase", f"la passphrase de la clave ssh de deploy es «{passphrase(rng)}»")
    add("gpg-passphrase", f"GPG passphrase for the restic/backup key: {passphrase(rng)}")
    add("vpn-psk", f"el PSK del IPsec con la oficina de Girona: {strong_pw(rng, 24)}")
    add("router-admin-password", f"router del CPD: usuario admin, pass {human_pw(rng)}")
    add("proxmox-root-password", f"root de pve-0{rng.randint(1, 6)} → {any_pw(rng)} (cámbiala cuando puedas)")
    add("ceph-dashboard-password",
        f"echo -n '{strong_pw(rng)}' > /tmp/p && ceph dashboard ac-user-create admin -i /tmp/p administrator")
    add("argocd-admin-password",
        f"argocd account update-password --current-password {r(rng, 16, ALNUM + '-')} "
        f"--new-password '{strong_pw(rng)}'")
    add("infisical-client-secret",
        f"INFISICAL_UNIVERSAL_AUTH_CLIENT_ID={uid(rng)} INFISICAL_UNIVERSAL_AUTH_CLIENT_SECRET={hx(rng, 64)}")
    add("hetzner-cloud-token", f"export HCLOUD_TOKEN={r(rng, 64)}")
    add("scaleway-secret-key", f"SCW_ACCESS_KEY=SCW{r(rng, 17, UALNUM)} SCW_SECRET_KEY={uid(rng)}")
    add("ovh-application-secret",
        f"[ovh-eu] application_key={r(rng, 16)} application_secret={r(rng, 32)} consumer_key={r(rng, 32)}")
    add("mistral-api-key", f"MISTRAL_API_KEY={r(rng, 32)}")
    add("datadog-api-key", f"DD_API_KEY={hx(rng, 32)} DD_SITE=datadoghq.eu")
    add("postmark-server-token", f"X-Postmark-Server-Token: {uid(rng)}")
    add("twilio-auth-token", f"TWILIO_ACCOUNT_SID=AC{hx(rng, 32)} TWILIO_AUTH_TOKEN={hx(rng, 32)}")
    add("cohere-api-key", f"la key de cohere para los embeddings del buscador: {r(rng, 40)}")
    add("hindsight-api-key", f"HINDSIGHT_API_KEY={r(rng, 48, B64U)}")
    add("bearer-opaque", f"curl -H 'Authorization: Bearer {r(rng, 40)}' https://api.{d}/v1/orders")
    add("basic-auth-header",
        f"Authorization: Basic {b64(f'{n}:{human_pw(rng)}'.encode())}")
    add("netrc", f"machine git.wetopi.net login deploy password {strong_pw(rng)}")
    add("pgpass", f"añadido a ~/.pgpass: pg-primary.internal:5432:*:replicator:{strong_pw(rng)}")
    add("my-cnf", f"[client] user=backup password={any_pw(rng)}   (~/.my.cnf en {h})")
    add("smtp-password",
        f"SMTP: smtp.{d}:587, usuario noreply@{d}, contraseña {any_pw(rng)}")
    add("ftp-password", f"FTP del cliente {rng.choice(CLIENTS)}: ftp.{d} user {n}ftp pass {human_pw(rng)}")
    add("email-account-password",
        f"{n.capitalize()}'s mailbox password is {human_pw(rng)}, I was asked to check the inbox during the holidays")
    add("keepass-master-password", f"la maestra del KeePass del equipo es {passphrase(rng)}")
    add("weak-human-password", f"la contraseña es {rng.choice(WORDS).lower()}{rng.choice(['2024', '2025', '123'])}")
    add("weak-human-password", f"pwd del portátil de recepción: {human_pw(rng)}")
    add("rabbitmq-password", f"rabbitmqctl change_password admin '{strong_pw(rng)}'")
    add("mongo-password-flag",
        f"mongosh --username admin --password '{any_pw(rng)}' --authenticationDatabase admin mongodb://{ip(rng)}")
    wpapp = " ".join(r(rng, 4) for _ in range(6))
    add("wp-application-password", f"application password para la API REST de WP ({d}): {wpapp}")
    add("wp-config-salts", f"define( 'AUTH_KEY', '{r(rng, 64, SALT.replace(chr(39), ''))}' );")
    add("wp-config-db-password", f"define( 'DB_PASSWORD', '{any_pw(rng)}' );")
    add("django-secret-key", f"SECRET_KEY = '{r(rng, 50, LALNUM + '!@#$%^&*(-_=+)')}'")
    codes = " ".join(f"{r(rng, 4, LALNUM)}-{r(rng, 4, LALNUM)}" for _ in range(8))
    add("2fa-recovery-codes", f"códigos de recuperación 2FA de la cuenta de Hetzner: {codes}")
    add("sim-pin-puk",
        f"el PIN de la SIM del móvil de guardia es {rng.randint(1000, 9999)} y el PUK {rng.randint(10**7, 10**8 - 1)}")
    add("htpasswd-password", f"htpasswd -b /etc/nginx/.htpasswd staging {human_pw(rng)}")
    add("pass-colon", f"ssh {n}@{ip(rng)} pass: {any_pw(rng)}")
    add("yaml-secret-value", f"  adminPassword: {strong_pw(rng)}   # values-prod.yaml de grafana")
    add("ipmi-password", f"IPMI de node-0{rng.randint(1, 9)} ({ip(rng)}): ADMIN / {any_pw(rng)}")
    add("sql-identified-by", f"CREATE USER 'woo'@'%' IDENTIFIED BY '{strong_pw(rng)}';")
    add("ldap-bind-password", f"LDAP_BIND_DN=cn=readonly,dc=wetopi,dc=com LDAP_BIND_PASSWORD={any_pw(rng)}")
    add("opaque-token-chat", f"ojo, el token de la API del ERP es {hx(rng, 40)}, no lo pases por el canal general")
    return items


# --------------------------------------------------------------------------------------------- negatives
PLAIN_TEXTS = ["hola mundo", "Bienvenido a la tienda", "mantenimiento programado el domingo",
               "Hello from the staging cluster", "backup completed", "nginx default page"]


def negative_items(rng: random.Random) -> list[tuple[str, str]]:
    items: list[tuple[str, str]] = []

    def add(family: str, text: str) -> None:
        items.append((family, text))

    d = domain(rng)
    add("git-commit-sha", f"desplegado {hx(rng, 40)} en producción, revisa el pipeline cuando puedas")
    add("git-short-sha", f"revert de {hx(rng, 7)}, rompía el build de los charts")
    add("argocd-revision", f"argocd app sync woo-{r(rng, 4, LOWER)} --revision {hx(rng, 40)}")
    add("uuid", f"el bank id de soporte es {uid(rng)}")
    add("k8s-uid", f"  uid: {uid(rng)}   resourceVersion: \"{rng.randint(10**6, 10**8)}\"")
    add("image-digest", f"image: registry.wetopi.net/woo/php-fpm@sha256:{hx(rng, 64)}")
    add("sha256sum", f"{hx(rng, 64)}  rke2.linux-amd64.tar.gz")
    add("etag", f'ETag: "{hx(rng, 32)}"')
    add("git-lfs-oid",
        f"version https://git-lfs.github.com/spec/v1 oid sha256:{hx(rng, 64)} size {rng.randint(10**4, 10**8)}")
    add("env-placeholder", "DB_PASSWORD=${DB_PASSWORD}")
    add("env-placeholder", "mysql -u root -p\"$MYSQL_ROOT_PASSWORD\" -e 'show databases'")
    add("helm-template-placeholder", "password: {{ .Values.mysql.auth.rootPassword | b64enc | quote }}")
    add("angle-placeholder", "curl -H 'Authorization: Bearer <YOUR_API_KEY>' https://api.openai.com/v1/models")
    add("angle-placeholder", "mysql -u root -p'<contraseña>' -h db-01.internal")
    add("xxx-placeholder", "api_key: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx   # rellena con la tuya")
    add("gha-secret-ref", "NPM_TOKEN: ${{ secrets.NPM_TOKEN }}")
    add("secret-key-ref", "valueFrom: {secretKeyRef: {name: hindsight-secrets, key: api-key}}")
    add("var-name-only", "exporta STRIPE_SECRET_KEY antes de lanzar los tests de integración")
    add("var-name-only", "the job fails because HCLOUD_TOKEN is not set in the runner environment")
    add("empty-value", "SMTP_PASSWORD=")
    add("password-policy", "la contraseña debe tener 12 caracteres, una mayúscula, un número y un símbolo")
    add("password-policy", "Password policy: min 14 chars, no reuse of the last 5, rotate every 90 days")
    add("masked-value", f"OPENAI_API_KEY=sk-****************************{hx(rng, 4)}")
    add("masked-value", "password=[REDACTED] user=woo host=pg-primary")
    add("masked-value", f"token ghp_************************************ (last used {rng.randint(2, 28)} days ago)")
    fp = b64(rng.randbytes(32)).rstrip("=")
    add("ssh-fingerprint", f"ED25519 key fingerprint is SHA256:{fp}.")
    add("gpg-key-id", f"gpg --keyserver keys.openpgp.org --recv-keys {r(rng, 40, UHEX)}")
    add("aws-account-id", f"arn:aws:iam::{rng.randint(10**11, 10**12 - 1)}:role/velero-backup-writer")
    add("ssh-public-key", f"ssh-ed25519 {ed25519_pub(rng)} {name(rng)}@portatil")
    add("aws-docs-example",
        "AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY son los valores de ejemplo de la "
        "documentación de AWS, no funcionan")
    add("jwt-docs-example",
        "the sample token on jwt.io (eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6Ikpv"
        "aG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c) is just the docs example")
    add("stripe-docs-example",
        "en la doc de Stripe sale sk_test_4eC39HqLyjWDarjtT1zdp7dc como clave de ejemplo pública")
    txt = rng.choice(PLAIN_TEXTS)
    add("base64-plain-text", f"echo {b64(txt.encode())} | base64 -d")
    add("base64-plain-text", f"binaryData: {{motd: {b64(rng.choice(PLAIN_TEXTS).encode())}}}")
    cur = b64u(json.dumps({"page": rng.randint(2, 40), "limit": 50}, separators=(",", ":")).encode())
    add("pagination-cursor", f"GET /wp-json/wc/v3/orders?cursor={cur}")
    add("request-id", f"X-Request-Id: {uid(rng)}")
    add("trace-id", f"traceparent: 00-{hx(rng, 32)}-{hx(rng, 16)}-01")
    add("order-number", f"el pedido #WC-{rng.randint(10000, 99999)} de {d} sigue en «procesando»")
    add("stripe-object-ids",
        f"refund del pago pi_3{r(rng, 23)} (cliente cus_{r(rng, 14)}, evento evt_1{r(rng, 23)})")
    cert_der = bytes.fromhex("308203") + rng.randbytes(1) + bytes.fromhex("308202") + rng.randbytes(880)
    add("certificate-pem", "cert del ingress: " + pem("CERTIFICATE", cert_der, " "))
    add("public-key-pem",
        "clave pública para verificar webhooks: " + pem("PUBLIC KEY", bytes.fromhex(
            "3059301306072a8648ce3d020106082a8648ce3d03010703420004") + rng.randbytes(64), " "))
    add("age-public-key", f"creation_rules: [{{path_regex: .*.enc.yaml, age: age1{r(rng, 58, BECH32)}}}]")
    add("wireguard-public-key", f"[Peer] PublicKey = {b64(rng.randbytes(32))} AllowedIPs = 10.66.0.0/24")
    add("npm-integrity", f'"integrity": "sha512-{b64(rng.randbytes(64))}"')
    add("go-sum", f"golang.org/x/crypto v0.31.0 h1:{b64(rng.randbytes(32))}")
    add("sops-encrypted",
        f"password: ENC[AES256_GCM,data:{b64(rng.randbytes(18))},iv:{b64(rng.randbytes(32))},"
        f"tag:{b64(rng.randbytes(16))},type:str]")
    add("ceph-fsid", f"fsid = {uid(rng)}")
    add("docker-image-id", f"wetopi/hindsight-api   0.9.2   {hx(rng, 12)}   3 days ago   412MB")
    add("slack-channel-id", f"manda los avisos al canal C0{r(rng, 9, UALNUM)} en vez de a #general")
    add("telegram-chat-id", f"chat_id del grupo de guardias: -100{rng.randint(10**9, 10**10 - 1)}")
    add("sentry-event-id", f"Sentry event {hx(rng, 32)} — TypeError en checkout.js")
    add("terraform-lineage", f'"lineage": "{uid(rng)}", "serial": {rng.randint(5, 900)}')
    add("vault-path", "vault kv get -field=password secret/prod/mysql")
    add("kubectl-get-secret", "kubectl get secret db-creds -n woo -o jsonpath='{.data.password}' | base64 -d")
    add("infisical-run", "infisical run --env=prod --path=/hindsight -- ./start.sh")
    add("proxmox-upid",
        f"UPID:pve-03:{r(rng, 8, UHEX)}:{r(rng, 8, UHEX)}:{r(rng, 8, UHEX)}:vzdump:105:root@pam:")
    add("backup-filename", f"backup-2025-06-12-{hx(rng, 8)}.tar.zst subido a B2 sin errores")
    add("invoice-number", f"factura F2025-{rng.randint(1000, 9999)} del cliente {d}, IBAN en la ficha")
    add("sri-hash", f'<script src="/js/app.js" integrity="sha384-{b64(rng.randbytes(48))}" crossorigin>')
    add("tracking-number", f"número de seguimiento del envío: 1Z{r(rng, 16, UALNUM)}")
    return items


# --------------------------------------------------------------------------------------------- prose
PROSE = [
    ("password-rotation", "rota la contraseña de la base de datos el lunes, que ya toca"),
    ("token-expired", "the token expired again, can you renew it?"),
    ("password-reset", "Marta no puede entrar al WordPress, ¿le reseteas la contraseña y se la mandas por privado?"),
    ("api-key-storage", "las API keys van en Infisical, nunca en el repo ni en el chat"),
    ("ssh-key-rotation", "we should rotate the SSH keys of the bastion after Jordi leaves"),
    ("password-manager", "apunta la nueva clave del router en el gestor de contraseñas del equipo"),
    ("token-scope", "el token de GitHub del runner necesita permiso de escritura en packages"),
    ("webhook-secret", "Stripe dice que la firma del webhook no coincide, revisa el signing secret en Infisical"),
    ("password-forgotten", "I forgot the password for the Proxmox UI, who has access to the vault?"),
    ("key-revocation", "revoca la API key de OpenAI que se filtró en el log de ayer"),
    ("2fa-policy", "a partir de ahora todas las cuentas de Hetzner con 2FA obligatorio"),
    ("credential-leak", "alguien pegó una contraseña en el canal de soporte, bórralo y cámbiala"),
    ("token-ttl", "the Argo CD API token should expire in 30 days, not never"),
    ("secret-sync", "el external-secrets no sincroniza el secret de hindsight desde anoche"),
    ("password-complexity", "el cliente se queja de que le pedimos contraseñas demasiado largas"),
    ("kubeconfig-access", "can you give Laura a kubeconfig with read-only access to the woo namespace?"),
    ("ceph-keyring", "hay que regenerar el keyring de client.admin después de la migración de Ceph"),
    ("wp-app-passwords", "desactiva las application passwords de WordPress en los sitios que no usan la API"),
    ("cert-renewal", "the TLS cert for the shop expires Friday, cert-manager didn't renew it"),
    ("vault-unseal", "Vault se quedó sellado tras el reinicio, necesitamos tres unseal keys"),
    ("llm-key-budget", "la key de Anthropic llegó al límite de gasto, sube el presupuesto o cambia a otra"),
    ("secret-in-git", "gitleaks found a secret in an old commit, we need to rewrite history or rotate it"),
    ("password-sharing", "no me mandes contraseñas por WhatsApp, usa el enlace de un solo uso"),
    ("oauth-consent", "the Google OAuth client secret was rotated, update it in Infisical please"),
    ("smtp-auth-failure", "Brevo devuelve 535 authentication failed, puede que la clave SMTP esté caducada"),
    ("registry-login", "el pull de Harbor falla con unauthorized, revisa el robot account"),
    ("telegram-bot", "regenera el token del bot de Telegram con BotFather y actualiza el secret"),
    ("password-hashing", "WordPress guarda las contraseñas con phpass, no en texto plano"),
    ("access-review", "quarterly access review: remove stale API tokens and unused service accounts"),
    ("token-leak-response", "if a token leaks, revoke first, then investigate, then tell the customer"),
    ("wifi-guest", "cambia la contraseña del wifi de invitados cada mes y ponla en el tablón"),
    ("db-credentials", "la app de WooCommerce usa un usuario de MySQL con permisos mínimos, no root"),
    ("sso-migration", "we're moving Grafana and Argo CD to SSO so nobody needs local passwords"),
    ("pgp-key-expiry", "la clave PGP de firma de paquetes caduca en marzo, hay que extenderla"),
    ("npm-publish", "npm publish falla con 401, el token de automation debe estar revocado"),
    ("tailscale-keys", "las auth keys de Tailscale que sean reutilizables, pero con expiración de 90 días"),
    ("password-length", "para el nuevo cliente, contraseñas de al menos 16 caracteres y gestor obligatorio"),
    ("age-keys", "guardamos la clave privada de age solo en Infisical; la pública va en .sops.yaml"),
    ("secret-rotation-plan", "plan de la semana: rotar secrets de Stripe, Mailgun y Twilio tras la auditoría"),
    ("api-key-request", "can you create a new API key for the Hindsight staging tenant and share it via Infisical?"),
]


def main() -> None:
    rng = random.Random(SEED)
    records: list[dict[str, str]] = []
    groups = [
        (format_items(rng), "secret", "format", 80),
        (context_items(rng), "secret", "context", 60),
        (negative_items(rng), "clean", "negative", 60),
        (PROSE, "clean", "prose", 40),
    ]
    for items, label, by, want in groups:
        if len(items) != want:
            raise SystemExit(f"{by}: {len(items)} items, want {want}")
        for family, text in items:
            records.append({"text": text, "label": label, "family": family, "by": by})
    rng.shuffle(records)
    with OUT.open("w", encoding="utf-8") as fh:
        for i, rec in enumerate(records, 1):
            fh.write(json.dumps({"id": f"s8-{i:04d}", **rec}, ensure_ascii=False) + "\n")
    print(f"wrote {len(records)} records to {OUT}")


if __name__ == "__main__":
    main()
