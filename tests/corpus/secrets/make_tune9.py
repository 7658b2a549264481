#!/usr/bin/env python3
"""Generate tests/corpus/secrets/tune9.jsonl (240 records, deterministic).

Held-out part written blind from tests/corpus/README.md ("secrets") and the design document only.

Composition:
  80 secret/format   - one record per credential family, each in its published shape (prefix, length,
                       alphabet, structure); every value is drawn from a seeded RNG and is not a real credential.
  60 secret/context  - secrets recognisable only by the words around them.
  60 clean/negative  - hard look-alikes: hashes, digests, UUIDs, placeholders, public material, masked values.
  40 clean/prose     - ordinary sentences about passwords, tokens, keys and rotation without any value.

Run:  python3 tests/corpus/secrets/make_tune9.py   (writes tune9.jsonl next to this file)
"""
import base64
import json
import os
import random
import string
import struct
import uuid

SEED = 20250909_9
R = random.Random(SEED)

LOWER = string.ascii_lowercase
UPPER = string.ascii_uppercase
DIGITS = string.digits
ALNUM = string.ascii_letters + DIGITS
LOWER_ALNUM = LOWER + DIGITS
UPPER_ALNUM = UPPER + DIGITS
HEX = "0123456789abcdef"
B64 = string.ascii_letters + DIGITS + "+/"
B64URL = string.ascii_letters + DIGITS + "-_"
BASE32 = UPPER + "234567"
BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"


# --------------------------------------------------------------------------- helpers

def rs(n, alphabet=ALNUM):
    return "".join(R.choice(alphabet) for _ in range(n))


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def pick(seq):
    return R.choice(seq)


def ruuid():
    return str(uuid.UUID(int=R.getrandbits(128), version=4))


def b64(data):
    return base64.b64encode(data).decode()


def b64url(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def jb64url(obj):
    return b64url(json.dumps(obj, separators=(",", ":")).encode())


def wrap64(s):
    return "\n".join(s[i:i + 64] for i in range(0, len(s), 64))


def pem(label, der):
    return f"-----BEGIN {label}-----\n{wrap64(b64(der))}\n-----END {label}-----"


def sshstr(b):
    return struct.pack(">I", len(b)) + b


def crc24(data):
    crc = 0xB704CE
    for byte in data:
        crc ^= byte << 16
        for _ in range(8):
            crc <<= 1
            if crc & 0x1000000:
                crc ^= 0x1864CFB
    return crc & 0xFFFFFF


def strong_pw(lo=14, hi=24):
    alphabet = ALNUM + "!#%*-_.@$"
    while True:
        p = rs(R.randint(lo, hi), alphabet)
        if any(c.isdigit() for c in p) and any(c.isupper() for c in p) and any(c.islower() for c in p):
            return p


def weak_pw():
    word = pick(["Verano", "Invierno", "Primavera", "Otono", "Madrid", "Barcelona", "Valencia", "Sevilla",
                 "Wetopi", "Tienda", "Futbol", "Betis", "Athletic", "Gatito", "Luna", "Pepito", "Bodega",
                 "Paella", "Summer", "Welcome", "Dragon", "Monkey", "Sunshine", "Hola"])
    year = pick(["2023", "2024", "2025", "2026", "1987", "1992", "123", "01", "88", "22"])
    tail = pick(["!", "!", "*", "#", "", "$", ".", "!!"])
    return f"{word}{year}{tail}"


SITES = ["tienda-pepe", "clinica-sol", "bodegas-ribera", "academia-idiomas", "hotel-mirador", "panaderia-lola",
         "fisio-norte", "taller-moto", "revista-surf", "inmobiliaria-costa", "yoga-bcn", "ferreteria-centro",
         "despacho-abogados", "escuela-danza", "restaurante-mar", "libreria-azul", "camping-pirineo",
         "floristeria-rosa", "gimnasio-fit", "asesoria-lopez"]
NAMES = ["Ana", "Javi", "Marta", "Luis", "Carmen", "Iker", "Nuria", "Pablo", "Lucía", "Sergio", "Elena", "Dani"]
HOSTS = ["db-prod-01", "db-prod-02", "mysql-primary", "pg-main", "redis-cache-01", "node-ceph-03", "pve-02",
         "rke2-master-1", "backup-01", "mail-relay", "bastion-mad", "stg-web-04"]
ENVS = ["prod", "staging", "dev"]


def site():
    return pick(SITES)


def name():
    return pick(NAMES)


def host():
    return pick(HOSTS)


def ns():
    return "wp-" + site()


# --------------------------------------------------------------------------- format families (80)

def f_aws_access_key():
    kid = "AKIA" + rs(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    sec = rs(40, B64)
    return pick([
        f"Credenciales del usuario IAM de backups a S3: aws_access_key_id = {kid} / aws_secret_access_key = {sec}",
        f"[wetopi-backups]\naws_access_key_id = {kid}\naws_secret_access_key = {sec}\nregion = eu-west-1",
    ])


def f_aws_sts():
    kid = "ASIA" + rs(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    sec = rs(40, B64)
    tok = "IQoJb3JpZ2luX2VjE" + rs(R.randint(330, 380), B64) + "="
    return (f"export AWS_ACCESS_KEY_ID={kid}\nexport AWS_SECRET_ACCESS_KEY={sec}\n"
            f"export AWS_SESSION_TOKEN={tok}\n# sesión temporal para revisar el bucket de logs")


def f_gcp_api_key():
    return (f"The Maps widget on {site()} stopped working; I regenerated the server-side key, "
            f"now it is AIza{rs(35, B64URL)} and it's restricted to the geocoding API")


def f_gcp_sa():
    der = bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7308204a30201000282010100") + rbytes(1150)
    key = pem("PRIVATE KEY", der).replace("\n", "\\n") + "\\n"
    proj = f"wetopi-{pick(['dns', 'backups', 'analytics'])}-{R.randint(100000, 999999)}"
    return ('Pego el JSON de la service account para external-dns: {"type": "service_account", '
            f'"project_id": "{proj}", "private_key_id": "{rs(40, HEX)}", "private_key": "{key}", '
            f'"client_email": "external-dns@{proj}.iam.gserviceaccount.com", "client_id": "{rs(21, DIGITS)}"}}')


def f_azure_storage():
    acct = "wetopi" + rs(8, LOWER_ALNUM)
    return (f"Connection string del storage de Azure para los backups offsite: DefaultEndpointsProtocol=https;"
            f"AccountName={acct};AccountKey={b64(rbytes(64))};EndpointSuffix=core.windows.net")


def f_azure_ad_secret():
    val = rs(3, ALNUM) + "8Q~" + rs(34, ALNUM + "_.~-")
    return (f"App registration 'wetopi-sso' → tenant {ruuid()}, client id {ruuid()}, "
            f"client secret {val} (expires in 24 months)")


def f_azure_sas():
    sig = b64(rbytes(32)).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    acct = "wetopibk" + rs(6, LOWER_ALNUM)
    return (f"https://{acct}.blob.core.windows.net/backups?sv=2022-11-02&ss=b&srt=sco&sp=rwdlac"
            f"&se=2026-03-01T18:00:00Z&st=2025-09-01T10:00:00Z&spr=https&sig={sig}")


def f_github_pat():
    return pick([
        f"git clone https://ghp_{rs(36)}@github.com/wetopi/wp-theme-base.git",
        f"El token de GitHub para el bot de renovate: ghp_{rs(36)}",
    ])


def f_github_fine():
    return (f"New fine-grained token for the gitops repo (contents: read/write): "
            f"github_pat_{rs(22)}_{rs(59)}")


def f_github_app():
    return (f"El runner imprimió en el log el installation token de la GitHub App: ghs_{rs(36)} "
            f"— caduca en una hora pero hay que purgar el log igualmente")


def f_gitlab_pat():
    return f"GITLAB_TOKEN=glpat-{rs(20, B64URL)} para que el job de Argo pueda leer el repo de charts"


def f_gitlab_runner():
    return (f"gitlab-runner register --url https://gitlab.wetopi.internal --token glrt-{rs(20, B64URL)} "
            f"--executor kubernetes --description rke2-runner-{R.randint(1, 9)}")


def f_bitbucket():
    return (f"El cliente {site()} tiene el tema en Bitbucket; me ha pasado su app password: "
            f"ATBB{rs(28)}{rs(8, HEX.upper())}")


def f_slack_bot():
    return (f"SLACK_BOT_TOKEN=xoxb-{rs(12, DIGITS)}-{rs(13, DIGITS)}-{rs(24)} "
            f"(bot de alertas #ops-wordpress)")


def f_slack_webhook():
    return (f"Alertmanager → Slack: api_url: https://hooks.slack.com/services/T{rs(8, UPPER_ALNUM)}/"
            f"B{rs(10, UPPER_ALNUM)}/{rs(24)}")


def f_discord_bot():
    uid = str(R.randint(10**17, 10**19 - 1))
    tok = b64url(uid.encode()) + "." + rs(6, B64URL) + "." + rs(38, B64URL)
    return f"Bot de Discord de la comunidad de {site()}: DISCORD_TOKEN={tok}"


def f_discord_webhook():
    return (f"Avisos de despliegue al Discord del cliente: https://discord.com/api/webhooks/"
            f"{R.randint(10**17, 10**19 - 1)}/{rs(68, B64URL)}")


def f_telegram():
    return (f"Token del bot de Telegram que avisa de caídas: {R.randint(10**9, 8 * 10**9)}:AA{rs(33, B64URL)}")


def f_teams_webhook():
    return (f"Incoming webhook for the customer's Teams channel: https://{site().replace('-', '')}.webhook.office.com/"
            f"webhookb2/{ruuid()}@{ruuid()}/IncomingWebhook/{rs(32, HEX)}/{ruuid()}")


def f_stripe_sk():
    return (f"En el WooCommerce de {site()} han puesto la clave secreta de Stripe en modo live: "
            f"sk_live_51{rs(14)}{rs(83)}")


def f_stripe_whsec():
    return f"STRIPE_WEBHOOK_SECRET=whsec_{rs(32)}"


def f_square():
    return f"Square production access token for the POS sync plugin: EAAA{rs(60, B64URL)}"


def f_twilio():
    return (f"Twilio para los SMS de 2FA del panel: API key SK{rs(32, HEX)} secret {rs(32)}")


def f_sendgrid():
    return f"wp option update wp_mail_smtp_sendgrid_api_key 'SG.{rs(22, B64URL)}.{rs(43, B64URL)}'"


def f_mailgun():
    return f"MAILGUN_API_KEY=key-{rs(32, HEX)} MAILGUN_DOMAIN=mg.{site()}.es"


def f_mailchimp():
    return (f"La integración de newsletter de {site()} usa esta API key de Mailchimp: "
            f"{rs(32, HEX)}-us{R.randint(1, 21)}")


def f_brevo():
    return f"Brevo (ex Sendinblue) SMTP API: xkeysib-{rs(64, HEX)}-{rs(16)}"


def f_openai():
    return (f"Para el plugin de IA del blog: OPENAI_API_KEY=sk-proj-{rs(58, B64URL)}T3BlbkFJ{rs(58, B64URL)}")


def f_anthropic():
    return f"ANTHROPIC_API_KEY=sk-ant-api03-{rs(93, B64URL)}AA"


def f_huggingface():
    return (f"Descargando el modelo de embeddings con HF_TOKEN=hf_{rs(34, string.ascii_letters)} "
            f"huggingface-cli download intfloat/multilingual-e5-small")


def f_groq():
    return f"I'm testing Groq for the support bot, key gsk_{rs(52)}"


def f_npm():
    return f"//registry.npmjs.org/:_authToken=npm_{rs(36)}"


def f_pypi():
    return (f"[pypi]\nusername = __token__\npassword = pypi-AgEIcHlwaS5vcmcCJD{rs(8, HEX)}-"
            f"{rs(150, B64URL)}")


def f_dockerhub():
    return f"echo dckr_pat_{rs(27, B64URL)} | docker login -u wetopibuild --password-stdin"


def f_jfrog():
    raw = f"reftkn:01:{R.randint(1780000000, 1890000000)}:{rs(33)}".encode()
    return f"Artifactory reference token for the Composer mirror: {b64(raw).rstrip('=')}"


def f_shopify():
    st = site()
    return (f"Para la migración de Shopify a WooCommerce de {st}: tienda {st}.myshopify.com, "
            f"Admin API access token shpat_{rs(32, HEX)}")


def f_woocommerce():
    return (f"Claves REST de WooCommerce para el ERP: consumer_key=ck_{rs(40, HEX)} "
            f"consumer_secret=cs_{rs(40, HEX)}")


def f_digitalocean():
    return f"doctl auth init --access-token dop_v1_{rs(64, HEX)}"


def f_cloudflare_origin_ca():
    return (f"Origin CA key de Cloudflare para cert-manager (origin-ca-issuer): "
            f"v1.0-{rs(24, HEX)}-{rs(146, HEX)}")


def f_heroku():
    return (f"El cliente todavía tiene la app antigua en Heroku; HEROKU_API_KEY=HRKU-AA{rs(58, B64URL)}")


def f_vault():
    return f"export VAULT_ADDR=https://vault.wetopi.internal:8200\nexport VAULT_TOKEN=hvs.CAESI{rs(86, B64URL)}"


def f_infisical():
    return (f"INFISICAL_TOKEN=st.{rs(24, HEX)}.{rs(32, HEX)}.{rs(32, HEX)} infisical run --env=prod -- "
            f"./deploy.sh")


def f_doppler():
    return f"Service token de Doppler para el entorno prd: dp.st.prd.{rs(43)}"


def f_onepassword():
    payload = {
        "signInAddress": "wetopi.1password.eu",
        "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256", "iterations": 650000,
                     "salt": b64url(rbytes(16))},
        "email": f"{rs(13, LOWER_ALNUM)}@1passwordserviceaccounts.eu",
        "srpX": rs(64, HEX),
        "muk": {"alg": "A256GCM", "ext": True, "k": b64url(rbytes(32)), "key_ops": ["encrypt", "decrypt"],
                "kty": "oct", "kid": "mp"},
        "secretKey": f"A3-{rs(6, UPPER_ALNUM)}-{rs(6, UPPER_ALNUM)}-{rs(5, UPPER_ALNUM)}-{rs(5, UPPER_ALNUM)}"
                     f"-{rs(5, UPPER_ALNUM)}-{rs(5, UPPER_ALNUM)}",
        "throttleSecret": {"seed": rs(64, HEX), "deviceUuid": rs(26, LOWER_ALNUM)},
        "deviceUuid": rs(26, LOWER_ALNUM),
    }
    return f"OP_SERVICE_ACCOUNT_TOKEN=ops_{jb64url(payload)}"


def f_k8s_sa_token():
    now = R.randint(1750000000, 1760000000)
    namespace = pick(["argocd", "kube-system", "wetopi-platform"])
    sa = pick(["argocd-manager", "cluster-admin-bot", "hindsight-sync"])
    header = {"alg": "RS256", "kid": rs(43, B64URL)}
    payload = {"aud": ["https://kubernetes.default.svc.cluster.local", "rke2"], "exp": now + 31536000,
               "iat": now, "iss": "https://kubernetes.default.svc.cluster.local",
               "kubernetes.io": {"namespace": namespace, "serviceaccount": {"name": sa, "uid": ruuid()}},
               "nbf": now, "sub": f"system:serviceaccount:{namespace}:{sa}"}
    tok = f"{jb64url(header)}.{jb64url(payload)}.{b64url(rbytes(256))}"
    return (f"users:\n- name: {sa}\n  user:\n    token: {tok}")


def f_kubeconfig_key():
    der = bytes.fromhex("30770201010420") + rbytes(32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200") \
        + b"\x04" + rbytes(64)
    inner = pem("EC PRIVATE KEY", der) + "\n"
    cert = "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJrVENDQVRlZ0F3SUJBZ0lJ" + rs(60, B64)
    return (f"- name: default\n  user:\n    client-certificate-data: {cert}\n"
            f"    client-key-data: {b64(inner.encode())}")


def f_rke2_token():
    return (f"Para unir el nodo nuevo al clúster RKE2, en /etc/rancher/rke2/config.yaml:\n"
            f"server: https://rke2-master-1.wetopi.internal:9345\n"
            f"token: K10{rs(64, HEX)}::server:{rs(32, HEX)}")


def f_kubeadm():
    return (f"kubeadm join 10.20.0.10:6443 --token {rs(6, LOWER_ALNUM)}.{rs(16, LOWER_ALNUM)} "
            f"--discovery-token-ca-cert-hash sha256:{rs(64, HEX)}")


def f_ceph_keyring():
    raw = b"\x01\x00" + struct.pack("<II", R.randint(1600000000, 1760000000), R.getrandbits(30)) \
        + b"\x10\x00" + rbytes(16)
    return (f"[client.{pick(['admin', 'rbd-wordpress', 'cephfs-backups'])}]\n"
            f"\tkey = {b64(raw)}\n\tcaps mon = \"allow r\"\n\tcaps osd = \"allow rwx pool=wp-volumes\"")


def f_proxmox():
    return (f"curl -k -H 'Authorization: PVEAPIToken=terraform@pve!tf-wetopi={ruuid()}' "
            f"https://pve-01.wetopi.internal:8006/api2/json/nodes")


def f_jwt_hs256():
    now = R.randint(1750000000, 1760000000)
    payload = {"sub": str(R.randint(1, 5000)), "email": f"{rs(6, LOWER)}@{site()}.es", "role": "administrator",
               "iat": now, "exp": now + 604800}
    tok = f"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{jb64url(payload)}.{b64url(rbytes(32))}"
    return f"El plugin de JWT Auth de {site()} devuelve esto al hacer login: {{\"token\":\"{tok}\"}}"


def f_pem_rsa():
    der = bytes.fromhex("308204a40201000282010100") + rbytes(1180)
    return "Clave privada del certificado wildcard de staging:\n" + pem("RSA PRIVATE KEY", der)


def f_pem_ec():
    der = bytes.fromhex("30770201010420") + rbytes(32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200") \
        + b"\x04" + rbytes(64)
    return "ACME account key (cert-manager, letsencrypt-prod):\n" + pem("EC PRIVATE KEY", der)


def f_openssh():
    pub = rbytes(32)
    priv = rbytes(32)
    pubblob = sshstr(b"ssh-ed25519") + sshstr(pub)
    check = rbytes(4)
    comment = f"deploy@{host()}".encode()
    sect = check + check + sshstr(b"ssh-ed25519") + sshstr(pub) + sshstr(priv + pub) + sshstr(comment)
    pad = 1
    while len(sect) % 8:
        sect += bytes([pad])
        pad += 1
    blob = (b"openssh-key-v1\x00" + sshstr(b"none") + sshstr(b"none") + sshstr(b"") + struct.pack(">I", 1)
            + sshstr(pubblob) + sshstr(sect))
    body = "\n".join(b64(blob)[i:i + 70] for i in range(0, len(b64(blob)), 70))
    return (f"Esta es la clave del usuario deploy para el bastión, guárdala:\n"
            f"-----BEGIN OPENSSH PRIVATE KEY-----\n{body}\n-----END OPENSSH PRIVATE KEY-----")


def f_pgp():
    data = bytes.fromhex("950758") + b"\x04" + rbytes(900)
    body = b64(data)
    lines = "\n".join(body[i:i + 64] for i in range(0, len(body), 64))
    crc = b64(crc24(data).to_bytes(3, "big"))
    return ("Backup signing key (export from the old build server):\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
            f"{lines}\n={crc}\n-----END PGP PRIVATE KEY BLOCK-----")


def f_postgres_url():
    return (f"DATABASE_URL=postgresql://hindsight:{rs(R.randint(20, 28))}"
            f"@pg-main.wetopi.internal:5432/hindsight?sslmode=require")


def f_mysql_url():
    st = site()
    db = st.replace("-", "_")
    return (f"La cadena de conexión de {st} es mysql://wp_{db}:{rs(22)}@mysql-primary.wp-{st}.svc.cluster.local:"
            f"3306/{db}")


def f_mongodb():
    return (f"mongodb+srv://app_{rs(5, LOWER)}:{rs(24)}@cluster0.{rs(5, LOWER_ALNUM)}.mongodb.net/"
            f"?retryWrites=true&w=majority")


def f_redis_url():
    return (f"WP_REDIS_URL en el wp-config del cluster: rediss://default:{rs(32)}@redis-cache-01.wetopi.internal:"
            f"6380/{R.randint(0, 15)}")


def f_amqp():
    return f"CELERY_BROKER_URL=amqps://billing:{rs(26)}@rabbitmq.wetopi.internal:5671/billing"


def f_newrelic():
    return f"New Relic user key for the terraform provider: NRAK-{rs(27, UPPER_ALNUM)}"


def f_sentry():
    return f"SENTRY_AUTH_TOKEN=sntryu_{rs(64, HEX)} sentry-cli releases new wetopi-panel@{R.randint(1, 9)}.{R.randint(0, 30)}.0"


def f_grafana_sa():
    return (f"Token de la service account de Grafana para el provisioning de dashboards: "
            f"glsa_{rs(32)}_{rs(8, HEX)}")


def f_dynatrace():
    return f"Dynatrace API token del cliente enterprise: dt0c01.{rs(24, UPPER_ALNUM)}.{rs(64, UPPER_ALNUM)}"


def f_atlassian():
    return (f"JIRA_API_TOKEN=ATATT3xFfGF0{rs(171, B64URL)}={rs(8, HEX.upper())} "
            f"JIRA_USER=ops@wetopi.com")


def f_linear():
    return f"Integración con Linear para crear issues desde las alertas: lin_api_{rs(40)}"


def f_laravel():
    return (f"El .env de la app Laravel de {site()} que alojamos:\nAPP_ENV=production\n"
            f"APP_KEY=base64:{b64(rbytes(32))}\nAPP_DEBUG=false")


def f_dockerconfig():
    user = f"robot$ci-{site()}"
    auth = b64(f"{user}:{rs(32)}".encode())
    return ('kubectl -n ' + ns() + ' create secret generic harbor-pull --type=kubernetes.io/dockerconfigjson '
            "--from-literal=.dockerconfigjson='{\"auths\":{\"harbor.wetopi.internal\":{\"auth\":\"" + auth + "\"}}}'")


def f_terraform():
    return f'credentials "app.terraform.io" {{\n  token = "{rs(14)}.atlasv1.{rs(67)}"\n}}'


def f_pulumi():
    return f"PULUMI_ACCESS_TOKEN=pul-{rs(40, HEX)}"


def f_flyio():
    return f"fly deploy con FLY_API_TOKEN=fo1_{rs(43, B64URL)} desde el pipeline del microsite"


def f_netlify():
    return f"The landing page for {site()} is still on Netlify: NETLIFY_AUTH_TOKEN=nfp_{rs(36)}"


def f_supabase():
    return f"supabase login --token sbp_{rs(40, HEX)}"


def f_planetscale():
    return f"PLANETSCALE_SERVICE_TOKEN_ID={rs(12, LOWER_ALNUM)} PLANETSCALE_SERVICE_TOKEN=pscale_tkn_{rs(43, B64URL)}"


def f_databricks():
    return f"Token de Databricks del equipo de datos: dapi{rs(32, HEX)}"


def f_age():
    return (f"# created: 2025-0{R.randint(1, 9)}-1{R.randint(0, 9)}T10:22:31+02:00\n"
            f"# public key: age1{rs(58, BECH32.lower())}\nAGE-SECRET-KEY-1{rs(58, BECH32)}")


def f_google_oauth():
    return (f"Cliente OAuth de Google para el login del panel: client_id {R.randint(10**11, 10**12 - 1)}-"
            f"{rs(32, LOWER_ALNUM)}.apps.googleusercontent.com, client_secret GOCSPX-{rs(28, B64URL)}")


def f_sonarqube():
    return f"mvn sonar:sonar -Dsonar.host.url=https://sonar.wetopi.internal -Dsonar.token=squ_{rs(40, HEX)}"


def f_tailscale():
    return (f"Auth key para que los nodos Proxmox entren en la tailnet: "
            f"tskey-auth-k{rs(11)}CNTRL-{rs(33)}")


def f_otpauth():
    return (f"Semilla del 2FA de la cuenta compartida de registrador de dominios: "
            f"otpauth://totp/Registrar:ops%40wetopi.com?secret={rs(32, BASE32)}&issuer=Registrar"
            f"&algorithm=SHA1&digits=6&period=30")


FORMAT = [
    ("aws-access-key", f_aws_access_key), ("aws-sts-session", f_aws_sts), ("gcp-api-key", f_gcp_api_key),
    ("gcp-service-account", f_gcp_sa), ("azure-storage-connstr", f_azure_storage),
    ("azure-ad-client-secret", f_azure_ad_secret), ("azure-sas-token", f_azure_sas),
    ("github-pat-classic", f_github_pat), ("github-pat-fine-grained", f_github_fine),
    ("github-app-installation-token", f_github_app), ("gitlab-pat", f_gitlab_pat),
    ("gitlab-runner-token", f_gitlab_runner), ("bitbucket-app-password", f_bitbucket),
    ("slack-bot-token", f_slack_bot), ("slack-webhook", f_slack_webhook), ("discord-bot-token", f_discord_bot),
    ("discord-webhook", f_discord_webhook), ("telegram-bot-token", f_telegram), ("teams-webhook", f_teams_webhook),
    ("stripe-secret-key", f_stripe_sk), ("stripe-webhook-secret", f_stripe_whsec),
    ("square-access-token", f_square), ("twilio-api-key", f_twilio), ("sendgrid-api-key", f_sendgrid),
    ("mailgun-api-key", f_mailgun), ("mailchimp-api-key", f_mailchimp), ("brevo-api-key", f_brevo),
    ("openai-api-key", f_openai), ("anthropic-api-key", f_anthropic), ("huggingface-token", f_huggingface),
    ("groq-api-key", f_groq), ("npm-token", f_npm), ("pypi-token", f_pypi), ("dockerhub-pat", f_dockerhub),
    ("jfrog-reference-token", f_jfrog), ("shopify-access-token", f_shopify),
    ("woocommerce-rest-key", f_woocommerce), ("digitalocean-pat", f_digitalocean),
    ("cloudflare-origin-ca-key", f_cloudflare_origin_ca), ("heroku-api-key", f_heroku),
    ("vault-token", f_vault), ("infisical-service-token", f_infisical), ("doppler-service-token", f_doppler),
    ("onepassword-service-account", f_onepassword), ("k8s-serviceaccount-token", f_k8s_sa_token),
    ("kubeconfig-client-key-data", f_kubeconfig_key), ("rke2-node-token", f_rke2_token),
    ("kubeadm-bootstrap-token", f_kubeadm), ("ceph-keyring", f_ceph_keyring), ("proxmox-api-token", f_proxmox),
    ("jwt-hs256", f_jwt_hs256), ("pem-rsa-private-key", f_pem_rsa), ("pem-ec-private-key", f_pem_ec),
    ("openssh-private-key", f_openssh), ("pgp-private-key", f_pgp), ("postgres-url", f_postgres_url),
    ("mysql-url", f_mysql_url), ("mongodb-srv-url", f_mongodb), ("redis-url", f_redis_url), ("amqp-url", f_amqp),
    ("newrelic-user-key", f_newrelic), ("sentry-user-token", f_sentry), ("grafana-sa-token", f_grafana_sa),
    ("dynatrace-token", f_dynatrace), ("atlassian-api-token", f_atlassian), ("linear-api-key", f_linear),
    ("laravel-app-key", f_laravel), ("dockerconfigjson", f_dockerconfig), ("terraform-cloud-token", f_terraform),
    ("pulumi-token", f_pulumi), ("flyio-token", f_flyio), ("netlify-pat", f_netlify), ("supabase-pat", f_supabase),
    ("planetscale-token", f_planetscale), ("databricks-token", f_databricks), ("age-secret-key", f_age),
    ("google-oauth-client-secret", f_google_oauth), ("sonarqube-token", f_sonarqube),
    ("tailscale-auth-key", f_tailscale), ("otpauth-totp-uri", f_otpauth),
]


# --------------------------------------------------------------------------- context families (60)

def _ctx():
    s = site
    return [
        ("mysql-root-password", lambda: f"la contraseña de root del MySQL de {host()} es {strong_pw()}, "
                                        f"no la cambies hasta que acabe la migración"),
        ("root-password-es", lambda: f"Oye {name()}, la contraseña de root de {host()} es {strong_pw()}"),
        ("mysql-cli-password", lambda: f"mysql -h mysql-primary -u wp_{s().replace('-', '_')} "
                                       f"-p'{strong_pw()}' -e 'SHOW PROCESSLIST'"),
        ("pgpassword-env", lambda: f"PGPASSWORD='{strong_pw()}' psql -h pg-main.wetopi.internal -U hindsight "
                                   f"-d hindsight -c 'select count(*) from memory_units'"),
        ("redis-requirepass", lambda: f"requirepass {rs(32, HEX)} en el redis-cache-01 de producción"),
        ("helm-set-password", lambda: f"helm upgrade --install mariadb bitnami/mariadb -n {ns()} "
                                      f"--set auth.rootPassword={strong_pw()} --set auth.password={strong_pw()}"),
        ("docker-compose-env", lambda: f"services:\n  db:\n    image: mariadb:11\n    environment:\n"
                                       f"      MYSQL_ROOT_PASSWORD: {strong_pw()}\n      MYSQL_DATABASE: wordpress"),
        ("env-file-db-password", lambda: f"DB_HOST=mysql-primary\nDB_USER=wp_{s().replace('-', '_')}\n"
                                         f"DB_PASSWORD={strong_pw()}\nDB_NAME=wordpress"),
        ("wp-admin-password-es", lambda: f"El admin de WordPress de {s()} es el usuario 'gestor' con contraseña "
                                         f"{strong_pw(10, 14)}, me lo acaba de mandar el cliente"),
        ("weak-password-chat-es", lambda: f"{name()} dice que la clave del panel de {s()} es {weak_pw()} "
                                          f"(sí, lo sé, habrá que cambiarla)"),
        ("weak-password-chat-en", lambda: f"fyi the customer's wp-admin password is {weak_pw()}, "
                                          f"they asked us to fix the broken checkout"),
        ("weak-password-chat-es-2", lambda: f"pass del FTP antiguo: {weak_pw()}"),
        ("sftp-password", lambda: (lambda st: f"Acceso SFTP de {st}: host sftp.wetopi.net puerto 2222, usuario "
                                              f"{st.replace('-', '')}, clave {strong_pw(12, 16)}")(s())),
        ("smtp-password", lambda: f"SMTP relay credentials for the contact forms: user postmaster@mg.{s()}.es, "
                                  f"password {strong_pw()}"),
        ("ldap-bind-password", lambda: f"bindDN: cn=readonly,dc=wetopi,dc=internal\nbindPassword: {strong_pw()}"),
        ("bearer-opaque", lambda: f"curl -H \"Authorization: Bearer {rs(40, ALNUM)}\" "
                                  f"https://api.wetopi.internal/v1/sites/{s()}/purge"),
        ("basic-auth-header", lambda: "Authorization: Basic " + b64(f"staging:{strong_pw(10, 14)}".encode())),
        ("hetzner-api-token", lambda: f"El token de la API de Hetzner Cloud (proyecto backups) es {rs(64, ALNUM)}"),
        ("cloudflare-api-token", lambda: f"Cloudflare API token for external-dns (Zone:DNS:Edit): {rs(40, B64URL)}"),
        ("datadog-api-key", lambda: f"DD_API_KEY={rs(32, HEX)} en el values del agente que le montamos al cliente"),
        ("wp-application-password", lambda: "Contraseña de aplicación de WordPress para la integración con el ERP: "
                                            + " ".join(rs(4, ALNUM) for _ in range(6))),
        ("wp-config-salts", lambda: "define( 'AUTH_KEY',         '" + rs(64, ALNUM + "!@#$%^&*()-_[]{}<>~+=,.;:/?|")
                                    + "' );\ndefine( 'SECURE_AUTH_KEY',  '"
                                    + rs(64, ALNUM + "!@#$%^&*()-_[]{}<>~+=,.;:/?|") + "' );"),
        ("wp-config-db-password", lambda: f"define( 'DB_PASSWORD', '{strong_pw()}' );"),
        ("kubectl-create-secret", lambda: f"kubectl -n {ns()} create secret generic mysql-credentials "
                                          f"--from-literal=username=wordpress --from-literal=password={strong_pw()}"),
        ("argocd-admin-password", lambda: f"La contraseña inicial del admin de Argo CD es {rs(16, ALNUM + '-')}; "
                                          f"cámbiala en cuanto entres"),
        ("grafana-admin-password", lambda: f"grafana:\n  adminUser: admin\n  adminPassword: {strong_pw()}"),
        ("rabbitmq-default-pass", lambda: f"default_user = billing\ndefault_pass = {strong_pw()}"),
        ("vault-unseal-key", lambda: f"Unseal Key 1: {b64(rbytes(33))}"),
        ("wifi-password", lambda: f"La wifi de la oficina de Madrid es WETOPI-5G y la clave {weak_pw()}{R.randint(10, 99)}"),
        ("sshpass", lambda: f"sshpass -p '{strong_pw()}' ssh root@{host()}.wetopi.internal 'systemctl restart php-fpm'"),
        ("curl-user-password", lambda: f"curl -u admin:{strong_pw(12, 18)} https://{s()}.es/wp-json/wp/v2/users"),
        ("twilio-auth-token", lambda: f"Twilio Account SID AC{rs(32, HEX)} and auth token {rs(32, HEX)}"),
        ("hindsight-api-key", lambda: f"La API key de Hindsight para el tenant de Wetopi es {rs(48, B64URL)}, "
                                      f"pásasela al plugin por env"),
        ("infisical-client-secret", lambda: f"Machine identity 'argocd-sync': client id {ruuid()}, "
                                            f"client secret {rs(64, HEX)}"),
        ("minio-secret-key", lambda: f"MINIO_ROOT_USER=wetopi-admin\nMINIO_ROOT_PASSWORD={strong_pw(24, 32)}"),
        ("paypal-client-secret", lambda: f"PayPal live app del cliente {s()}: client ID A{rs(79, B64URL)} "
                                         f"secret E{rs(79, B64URL)}"),
        ("redsys-merchant-key", lambda: f"Clave secreta SHA-256 del TPV Redsys de {s()} (entorno real): "
                                        f"{b64(rbytes(24))}"),
        ("rails-master-key", lambda: f"config/master.key del panel antiguo: {rs(32, HEX)}"),
        ("k8s-secret-manifest", lambda: f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: smtp-credentials\n"
                                        f"  namespace: {ns()}\ntype: Opaque\ndata:\n  password: "
                                        f"{b64(strong_pw().encode())}"),
        ("restic-password", lambda: f"RESTIC_REPOSITORY=s3:s3.eu-west-1.amazonaws.com/wetopi-restic\n"
                                    f"RESTIC_PASSWORD={strong_pw(24, 32)}"),
        ("2fa-recovery-codes", lambda: "Códigos de recuperación de la cuenta de GitHub de la organización: "
                                       + " ".join(f"{rs(5, LOWER_ALNUM)}-{rs(5, LOWER_ALNUM)}" for _ in range(6))),
        ("phpmyadmin-password", lambda: f"phpMyAdmin de {s()} → usuario pma_{rs(4, LOWER)} / {strong_pw(12, 16)}"),
        ("email-account-password", lambda: f"The customer's mailbox info@{s()}.es uses password {weak_pw()}, "
                                           f"they need IMAP on the new phone"),
        ("pgpass-line", lambda: f"echo 'pg-main.wetopi.internal:5432:*:hindsight:{strong_pw()}' >> ~/.pgpass"),
        ("spring-datasource-password", lambda: f"spring.datasource.username=billing\n"
                                               f"spring.datasource.password={strong_pw()}"),
        ("php-db-password", lambda: f"$db_password = '{strong_pw()}'; // conexión a la base de pedidos"),
        ("ansible-vault-password", lambda: f"echo '{strong_pw(20, 28)}' > ~/.vault_pass.txt && "
                                           f"ansible-playbook site.yml --vault-password-file ~/.vault_pass.txt"),
        ("keepass-master-password", lambda: f"La maestra del KeePass del equipo de soporte es {weak_pw()}{rs(3, DIGITS)}"),
        ("gpg-passphrase", lambda: f"La passphrase de la clave GPG de firmar backups es "
                                   f"'{pick(['correcto', 'caballo', 'grapa', 'bateria', 'montaña', 'queso'])}-"
                                   f"{pick(['azul', 'rojo', 'verde'])}-{pick(['tigre', 'barco', 'nube'])}-{R.randint(10, 99)}'"),
        ("pfx-export-password", lambda: f"openssl pkcs12 -export -in cert.pem -inkey key.pem -out {s()}.pfx "
                                        f"-passout pass:{strong_pw(12, 16)}"),
        ("openvpn-auth-user-pass", lambda: f"auth-user-pass de la VPN de soporte: primera línea soporte, "
                                           f"segunda {strong_pw(12, 16)}"),
        ("proxmox-root-password", lambda: f"root@pam en pve-0{R.randint(1, 4)}: {strong_pw()} (web UI en :8006)"),
        ("ceph-dashboard-password", lambda: f"ceph dashboard ac-user-set-password admin -i - <<< '{strong_pw()}'"),
        ("mysql-create-user", lambda: f"CREATE USER 'wp_{s().replace('-', '_')}'@'%' IDENTIFIED BY '{strong_pw()}';"),
        ("postgres-alter-user", lambda: f"ALTER USER hindsight WITH PASSWORD '{strong_pw()}';"),
        ("algolia-admin-key", lambda: f"la API key de admin de Algolia del buscador de {s()} es {rs(32, HEX)}"),
        ("github-webhook-secret", lambda: f"GitHub webhook → Argo CD: payload URL https://argocd.wetopi.internal/"
                                          f"api/webhook, secret {rs(40, HEX)}"),
        ("wp-session-cookie", lambda: f"Cookie: wordpress_logged_in_{rs(32, HEX)}=gestor%7C{R.randint(1750000000, 1760000000)}"
                                      f"%7C{rs(43, ALNUM)}%7C{rs(64, HEX)}"),
        ("helm-values-password", lambda: f"# values-{pick(ENVS)}.yaml\nexternalDatabase:\n  host: pg-main\n"
                                         f"  user: keycloak\n  password: {strong_pw()}"),
        ("db-credentials-prose-en", lambda: f"connect to the staging DB as wp_blog with password {strong_pw(12, 16)} "
                                            f"and check the options table"),
    ]


CONTEXT = _ctx()


# --------------------------------------------------------------------------- clean negatives (60)

def _neg():
    s = site
    return [
        ("git-commit-sha", lambda: f"Argo CD sincronizó {ns()} a la revisión {rs(40, HEX)}, todo Healthy"),
        ("git-short-sha", lambda: f"revert del commit {rs(7, HEX)} que rompió el cacheo de páginas"),
        ("image-digest", lambda: f"image: harbor.wetopi.internal/wordpress/php-fpm@sha256:{rs(64, HEX)}"),
        ("k8s-uid", lambda: f"El pod wordpress-{rs(10, LOWER_ALNUM)}-{rs(5, LOWER_ALNUM)} tiene uid {ruuid()} "
                            f"y se reinició 3 veces"),
        ("trace-id", lambda: f"traceparent: 00-{rs(32, HEX)}-{rs(16, HEX)}-01"),
        ("request-id", lambda: f"Cloudflare devolvió un 522, Ray ID {rs(16, HEX)}-MAD"),
        ("compose-var-placeholder", lambda: "environment:\n  MYSQL_ROOT_PASSWORD: ${MYSQL_ROOT_PASSWORD}\n"
                                            "  MYSQL_PASSWORD: ${WP_DB_PASSWORD:?missing}"),
        ("doc-token-placeholder", lambda: "curl -H \"Authorization: Bearer <your-token>\" https://api.wetopi.com/v1/sites"),
        ("chart-default-changeme", lambda: "En el values.yaml del chart viene password: changeme por defecto; "
                                           "nosotros lo sobrescribimos siempre con existingSecret"),
        ("var-name-no-value", lambda: "DB_PASSWORD y AUTH_KEY los inyecta el ExternalSecret desde Infisical, "
                                      "no van en el repo"),
        ("password-policy-es", lambda: "Política de contraseñas del panel: mínimo 12 caracteres, al menos una "
                                       "mayúscula, un número y un símbolo, caducidad 90 días"),
        ("password-policy-en", lambda: "Password rules: 14+ chars, no reuse of the last 5, lockout after 10 failed "
                                       "attempts, 2FA mandatory for admins"),
        ("ssh-public-key", lambda: f"ssh-ed25519 {b64(sshstr(b'ssh-ed25519') + sshstr(rbytes(32)))} "
                                   f"{pick(['ana', 'javi', 'marta', 'luis', 'nuria'])}@portatil"),
        ("pem-public-key", lambda: "-----BEGIN PUBLIC KEY-----\n" + wrap64(
            b64(bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d030107034200") + b"\x04" + rbytes(64)))
            + "\n-----END PUBLIC KEY-----"),
        ("pem-certificate", lambda: "ca.crt del clúster:\n-----BEGIN CERTIFICATE-----\n" + wrap64(
            b64(bytes.fromhex("308201bd30820163a003020102") + rbytes(420))) + "\n-----END CERTIFICATE-----"),
        ("gpg-fingerprint", lambda: f"Huella de la clave pública de firma de paquetes: "
                                    f"{' '.join(rs(4, HEX.upper()) for _ in range(10))}"),
        ("ssh-fingerprint", lambda: f"The authenticity of host 'bastion-mad' can't be established. ED25519 key "
                                    f"fingerprint is SHA256:{rs(43, B64)}."),
        ("stripe-publishable-key", lambda: f"La clave publicable de Stripe que va en el frontend es "
                                           f"pk_live_51{rs(14)}{rs(83)} (la secreta está en Infisical)"),
        ("aws-doc-example", lambda: "Ejemplo de la documentación de AWS: aws_access_key_id = AKIAIOSFODNN7EXAMPLE, "
                                    "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
        ("jwt-io-example", lambda: "The sample token from jwt.io, just to show the structure: eyJhbGciOiJIUzI1NiIsInR5cCI6"
                                   "IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIy"
                                   "fQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"),
        ("masked-key", lambda: f"En el dashboard de Stripe aparece sk_live_{'*' * 20}{rs(4)}, la completa solo la ve el owner"),
        ("masked-password-log", lambda: f"[{R.randint(10, 23)}:{R.randint(10, 59)}:03] connecting to mysql-primary "
                                        f"user=wp_{s().replace('-', '_')} password=******** ok"),
        ("redacted", lambda: "Authorization: Bearer [REDACTED]  (el proxy de logs lo enmascara)"),
        ("secret-key-ref-yaml", lambda: "env:\n  - name: WORDPRESS_DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n"
                                        "        name: mysql-credentials\n        key: password"),
        ("kubectl-get-secrets", lambda: f"NAME                TYPE     DATA   AGE\nhindsight-secrets   Opaque   3      "
                                        f"{R.randint(2, 90)}d\nmysql-credentials   Opaque   2      {R.randint(2, 90)}d"),
        ("npm-integrity", lambda: f"\"integrity\": \"sha512-{b64(rbytes(64))}\""),
        ("composer-content-hash", lambda: f"\"content-hash\": \"{rs(32, HEX)}\""),
        ("etag", lambda: f"ETag: \"{rs(32, HEX)}\" — el CDN sigue sirviendo la versión vieja del CSS"),
        ("container-id", lambda: f"crictl logs {rs(13, HEX)} → el contenedor {rs(64, HEX)} terminó con OOMKilled"),
        ("ceph-fsid", lambda: f"ceph status: cluster id {ruuid()}, health HEALTH_WARN 1 osds down"),
        ("cert-serial", lambda: f"Certificado de *.wetopi.net renovado, serial "
                                f"{':'.join(rs(2, HEX.upper()) for _ in range(18))}, caduca en 90 días"),
        ("recaptcha-site-key", lambda: f"reCAPTCHA v3 site key (pública, va en el HTML): 6L{rs(38, B64URL)}"),
        ("twilio-account-sid", lambda: f"The Twilio Account SID is AC{rs(32, HEX)}; the auth token lives in Infisical"),
        ("cloudflare-zone-id", lambda: f"Zone ID de {s()}.es en Cloudflare: {rs(32, HEX)}"),
        ("infisical-project-id", lambda: f"infisical export --projectId={ruuid()} --env=staging --path=/wordpress"),
        ("vault-path-reference", lambda: "Los secretos de la tienda están en secret/data/wetopi/sites/tienda-pepe; "
                                         "la política wp-read solo permite read"),
        ("password-stdin", lambda: "echo \"$HARBOR_PASSWORD\" | docker login harbor.wetopi.internal -u \"$HARBOR_USER\" "
                                   "--password-stdin"),
        ("read-s-prompt", lambda: "read -s -p 'Contraseña de MySQL: ' MYSQL_PWD && export MYSQL_PWD"),
        ("empty-password", lambda: "auth:\n  password: \"\"\n  existingSecret: redis-auth\n  existingSecretPasswordKey: redis-password"),
        ("xxx-placeholder", lambda: "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx  # sustituir por el tuyo"),
        ("helm-checksum-annotation", lambda: f"checksum/config: {rs(64, HEX)}"),
        ("acme-account-url", lambda: f"ACME account registered: https://acme-v02.api.letsencrypt.org/acme/acct/"
                                     f"{R.randint(10**9, 3 * 10**9)}"),
        ("sha256sum-output", lambda: f"{rs(64, HEX)}  wordpress-6.{R.randint(4, 8)}.{R.randint(0, 3)}-es_ES.tar.gz"),
        ("gpg-key-id", lambda: f"gpg --recv-keys 0x{rs(16, HEX.upper())}"),
        ("dkim-public-record", lambda: f"default._domainkey.{s()}.es TXT \"v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"
                                       f"{rs(120, B64)}IDAQAB\""),
        ("site-verification-txt", lambda: f"google-site-verification={rs(43, B64URL)}"),
        ("ga-measurement-id", lambda: f"El ID de medición de Analytics de {s()} es G-{rs(10, UPPER_ALNUM)}"),
        ("secret-names-only", lambda: "El ServiceAccount hindsight-api monta el secret hindsight-secrets "
                                      "(claves: api-key, tenant-key, db-url) vía CSI"),
        ("error-invalid-key", lambda: "HTTP 401 Unauthorized: {\"detail\":\"Invalid API key\"} — revisar que el "
                                      "ExternalSecret se haya refrescado"),
        ("json-schema-password", lambda: "\"password\": {\"type\": \"string\", \"minLength\": 12, \"writeOnly\": true}"),
        ("env-reference-shell", lambda: "PGPASSWORD=\"$DB_PASS\" pg_dump -h pg-main -U hindsight hindsight > dump.sql"),
        ("wp-verify-checksums", lambda: f"Warning: File doesn't verify against checksum: wp-includes/version.php "
                                        f"(expected {rs(32, HEX)})"),
        ("ansible-vault-blob", lambda: "$ANSIBLE_VAULT;1.1;AES256\n" + "\n".join(rs(80, HEX) for _ in range(4))),
        ("sealed-secret", lambda: f"kind: SealedSecret\nspec:\n  encryptedData:\n    password: Ag{rs(300, B64)}=="),
        ("sops-encrypted-value", lambda: f"password: ENC[AES256_GCM,data:{b64(rbytes(18))},iv:{b64(rbytes(32))},"
                                         f"tag:{b64(rbytes(16))},type:str]"),
        ("aws-arn", lambda: f"arn:aws:iam::{rs(12, DIGITS)}:role/wetopi-backup-writer"),
        ("ca-cert-hash", lambda: f"discovery-token-ca-cert-hash: sha256:{rs(64, HEX)} (es el hash del CA, público)"),
        ("oauth-client-id", lambda: f"OAuth client ID for the panel login: {R.randint(10**11, 10**12 - 1)}-"
                                    f"{rs(32, LOWER_ALNUM)}.apps.googleusercontent.com"),
        ("base64-non-secret", lambda: (lambda n: f"El header X-Wetopi-Site lleva el nombre del sitio en base64 "
                                                 f"({n} → {b64(n.encode())}), no es ninguna credencial")(s())),
        ("openai-key-placeholder", lambda: "En el README del plugin: OPENAI_API_KEY=sk-... (pon aquí tu clave)"),
    ]


NEGATIVE = _neg()


# --------------------------------------------------------------------------- clean prose (40)

PROSE = [
    ("rotation-es", "Hay que rotar las contraseñas de las bases de datos de staging antes de fin de mes."),
    ("infisical-choice", "Decidimos usar Infisical para gestionar los secretos de la plataforma en vez de Vault."),
    ("no-secrets-in-git", "Nunca subas claves ni tokens al repositorio de GitOps, van siempre por ExternalSecrets."),
    ("password-manager-en", "I prefer that we share customer passwords through the team vault, never over Telegram."),
    ("token-expiry", "El token del runner de GitLab caduca cada 90 días, así que conviene poner un recordatorio."),
    ("apikey-scope-en", "We should create a separate API key per customer integration so we can revoke them one by one."),
    ("2fa-es", "A partir de octubre el doble factor será obligatorio para todos los administradores del panel."),
    ("ssh-keys-es", "Los desarrolladores externos acceden con su propia clave SSH y la quitamos al terminar el proyecto."),
    ("leak-procedure", "Si un token se filtra en un canal de chat, se revoca primero y después se investiga."),
    ("hindsight-key-en", "The Hindsight tenant key is loaded at apply time from the platform secrets, not from banks.yaml."),
    ("wp-salts-es", "Cuando migramos un WordPress regeneramos las salts de wp-config para cerrar todas las sesiones."),
    ("customer-asks-password", "Un cliente pregunta si podemos recuperar su contraseña de WordPress; le mandamos el enlace de reseteo."),
    ("secrets-audit-en", "Next quarter we'll audit which service accounts still have cluster-admin and which tokens never expire."),
    ("kubeconfig-es", "Los kubeconfig personales usan OIDC contra Keycloak, ya no repartimos certificados de cliente."),
    ("weak-passwords-es", "Me preocupa que muchos clientes sigan usando contraseñas débiles tipo nombre más año."),
    ("vault-unseal-en", "Unsealing is done by two people with separate key shares, and nobody keeps all of them."),
    ("stripe-test-es", "Para las pruebas de la pasarela usamos siempre las claves de test de Stripe, nunca las live."),
    ("password-reset-en", "Reset links for the customer panel expire after one hour and can only be used once."),
    ("ceph-keys-es", "Cada pool de Ceph tiene su propio usuario cephx con permisos mínimos, no usamos client.admin en los nodos."),
    ("preference-no-store", "Prefiero que no guardes contraseñas en la memoria, aunque te las pegue por error."),
    ("rotation-after-leave", "When someone leaves the team we rotate every shared credential they could have seen."),
    ("jwt-lifetime-es", "Los JWT del panel duran 15 minutos y el refresh token una semana."),
    ("env-files-en", "The .env files on the old VPS had database passwords in plain text; we deleted them after the migration."),
    ("infisical-sync-es", "El operador de Infisical sincroniza los secretos cada minuto al namespace de cada cliente."),
    ("mfa-registrar", "La cuenta del registrador de dominios tiene 2FA y los códigos de recuperación están en la caja fuerte."),
    ("api-rate-en", "The Cloudflare API token we use for DNS only has Zone:DNS:Edit permission on our own zones."),
    ("argocd-sso-es", "Quitamos la cuenta admin local de Argo CD y ahora todo el mundo entra por SSO."),
    ("secret-scanning-en", "We enabled secret scanning with push protection on all GitHub repositories of the organisation."),
    ("password-length-es", "¿Cuál es la longitud mínima de contraseña que pide ahora el panel de clientes?"),
    ("token-question-en", "Do you remember which token the backup job uses to write to the S3 bucket?"),
    ("db-user-per-site", "Cada WordPress tiene su propio usuario de base de datos, nunca compartimos credenciales entre sitios."),
    ("ssh-cert-en", "We're moving from static SSH keys to short-lived SSH certificates signed by Vault."),
    ("keepass-migration", "Vamos a migrar el KeePass del equipo de soporte a Bitwarden antes de verano."),
    ("api-key-customer-es", "El cliente de la clínica quiere una API key para conectar su CRM con los formularios."),
    ("smtp-creds-en", "SMTP credentials for customer sites are generated per domain and stored only in Infisical."),
    ("gpg-backup-es", "Los backups se cifran con age y la clave privada está solo en dos portátiles del equipo de plataforma."),
    ("token-revoked-en", "I revoked the old npm token yesterday and the CI pipeline is now using the new automation token."),
    ("password-sharing-es", "Por favor, no mandéis contraseñas por correo, usad el enlace de un solo uso del gestor."),
    ("htpasswd-staging-en", "Staging sites are behind basic auth so search engines don't index them."),
    ("webhook-secret-es", "Todos los webhooks entrantes validan la firma HMAC con un secreto distinto por integración."),
]


# --------------------------------------------------------------------------- build

def build():
    records = []
    for fam, fn in FORMAT:
        records.append({"text": fn(), "label": "secret", "family": fam, "by": "format"})
    for fam, fn in CONTEXT:
        records.append({"text": fn(), "label": "secret", "family": fam, "by": "context"})
    for fam, fn in NEGATIVE:
        records.append({"text": fn(), "label": "clean", "family": fam, "by": "negative"})
    for fam, text in PROSE:
        records.append({"text": text, "label": "clean", "family": fam, "by": "prose"})
    R.shuffle(records)
    out = []
    for i, rec in enumerate(records, 1):
        out.append({"id": f"s9-{i:04d}", "text": rec["text"], "label": rec["label"], "family": rec["family"],
                    "by": rec["by"]})
    return out


def main():
    assert len(FORMAT) == 80 and len({f for f, _ in FORMAT}) == 80, len(FORMAT)
    assert len(CONTEXT) == 60, len(CONTEXT)
    assert len(NEGATIVE) == 60, len(NEGATIVE)
    assert len(PROSE) == 40, len(PROSE)
    recs = build()
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tune9.jsonl")
    with open(path, "w", encoding="utf-8") as fh:
        for rec in recs:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"wrote {len(recs)} records to {path}")


if __name__ == "__main__":
    main()
