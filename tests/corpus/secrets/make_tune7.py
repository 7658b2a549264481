#!/usr/bin/env python3
"""Generate tests/corpus/secrets/tune7.jsonl (240 records, deterministic).

80 secret/format, 60 secret/context, 60 clean/negative, 40 clean/prose.
Every value is drawn from a seeded random.Random in the real shape of its
family (prefixes, lengths, alphabets, cheap checksums); none is a real
credential.  Run:  python3 make_tune7.py
"""
import base64
import binascii
import hashlib
import hmac
import json
import os
import random
import string
import uuid
from urllib.parse import quote

SEED = 70_2026_0907
R = random.Random(SEED)

UP = string.ascii_uppercase
LO = string.ascii_lowercase
DIG = string.digits
HEX = "0123456789abcdef"
B62 = DIG + UP + LO
B64 = UP + LO + DIG + "+/"
B64U = UP + LO + DIG + "-_"
B32 = UP + "234567"


def s(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def hx(n):
    return s(HEX, n)


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def ruuid():
    return str(uuid.UUID(int=R.getrandbits(128), version=4))


def base62(num, width):
    out = ""
    while num:
        num, r = divmod(num, 62)
        out = B62[r] + out
    return out.rjust(width, "0")


def crc_token(prefix, body_len=30):
    """GitHub/npm style: random base62 body + 6-char base62 CRC32."""
    body = s(B62, body_len)
    return prefix + body + base62(binascii.crc32(body.encode()) & 0xFFFFFFFF, 6)


# ---- bech32 (for age secret keys) ------------------------------------------
BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _polymod(values):
    gen = [0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3]
    chk = 1
    for v in values:
        b = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ v
        for i in range(5):
            chk ^= gen[i] if ((b >> i) & 1) else 0
    return chk


def bech32(hrp, data8):
    acc, bits, data = 0, 0, []
    for b in data8:
        acc = (acc << 8) | b
        bits += 8
        while bits >= 5:
            bits -= 5
            data.append((acc >> bits) & 31)
    if bits:
        data.append((acc << (5 - bits)) & 31)
    hv = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    pm = _polymod(hv + data + [0] * 6) ^ 1
    chk = [(pm >> 5 * (5 - i)) & 31 for i in range(6)]
    return hrp + "1" + "".join(BECH[d] for d in data + chk)


# ---- structured values ------------------------------------------------------
def jwt(payload, alg="HS256", kid=None):
    hdr = {"alg": alg, "typ": "JWT"}
    if kid:
        hdr["kid"] = kid
    h = b64u(json.dumps(hdr, separators=(",", ":")).encode())
    p = b64u(json.dumps(payload, separators=(",", ":")).encode())
    sig = hmac.new(rbytes(32), f"{h}.{p}".encode(), hashlib.sha256).digest() if alg == "HS256" else rbytes(256)
    return f"{h}.{p}.{b64u(sig)}"


def wrap64(text):
    return "\n".join(text[i:i + 64] for i in range(0, len(text), 64))


def pem(label, der):
    return f"-----BEGIN {label}-----\n{wrap64(b64(der))}\n-----END {label}-----"


def rsa_der():
    return bytes.fromhex("308204a40201000282010100") + rbytes(1180)


def pkcs8_der():
    return bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7") + rbytes(1190)


def ec_der():
    return (bytes.fromhex("30770201010420") + rbytes(32)
            + bytes.fromhex("a00a06082a8648ce3d030107a14403420004") + rbytes(64))


def openssh_der():
    return b"openssh-key-v1\x00" + bytes.fromhex("000000046e6f6e65000000046e6f6e6500000000000000010000003300000000") + rbytes(330)


def ceph_key():
    raw = (1).to_bytes(2, "little") + R.getrandbits(32).to_bytes(4, "little") + \
        R.getrandbits(32).to_bytes(4, "little") + (16).to_bytes(2, "little") + rbytes(16)
    return b64(raw)


def azure_key():
    return b64(rbytes(64))


def human_pw():
    words = ["Ruzafa", "Albufera", "Turia", "Cabanyal", "Benimaclet", "Malvarrosa", "Horchata",
             "Naranjo", "Falla", "Paella", "Tramvia", "Patraix", "Campanar", "Mestalla",
             "Bunyol", "Serrano", "Marina", "Saler", "Alboraya", "Godella", "Xativa"]
    w1, w2 = R.sample(words, 2)
    sep = R.choice(["-", ".", "_", "", "!"])
    tail = str(R.randint(10, 9999)) + R.choice(["!", "#", "$", "*", "?", "", "%"])
    style = R.random()
    if style < 0.35:
        return f"{w1}{sep}{w2}{tail}"
    if style < 0.6:
        return f"{w1.lower()}{tail}{w2[:3].upper()}"
    return f"{w1}{tail}"


def rand_pw(n=None):
    n = n or R.randint(12, 22)
    alpha = UP + LO + DIG + "!#%&*+-=?@^_"
    return s(alpha, n)


def alnum_pw(n=None):
    return s(UP + LO + DIG, n or R.randint(14, 24))


HOSTS = ["pve1", "pve2", "pve3", "build-01", "lb-wan-a", "lb-wan-b", "db-01", "mx1", "mon-01"]
CLIENTS = ["bodegas-arnau", "clinica-sorni", "ferreteria-pons", "hotel-marblau", "academia-lluna",
           "forn-cabanyal", "optica-benlloch", "taller-moto-ribes"]

records = []


def add(label, by, family, text):
    records.append({"label": label, "by": by, "family": family, "text": text})


# =============================================================================
# 1. secret / format  (80)
# =============================================================================
def F(family, text):
    add("secret", "format", family, text)


# --- AWS
ak, sk = "AKIA" + s(UP + "234567", 16), s(B64, 40)
F("aws-access-key", f"[wetopi-backups]\naws_access_key_id = {ak}\naws_secret_access_key = {sk}\nregion = eu-central-1")
ask = "ASIA" + s(UP + "234567", 16)
sess = "FwoGZXIvYXdzE" + s(B64, 300)
F("aws-session-token", f"export AWS_ACCESS_KEY_ID={ask}\nexport AWS_SECRET_ACCESS_KEY={s(B64, 40)}\nexport AWS_SESSION_TOKEN={sess}")

# --- Google Cloud
F("gcp-api-key", f"Ana, la maps key del widget de Hotel Marblau es AIza{s(B64U, 35)} — ponla en el plugin de reservas")
F("gcp-service-account", json.dumps({
    "type": "service_account", "project_id": "wetopi-dns-473210",
    "private_key_id": hx(40),
    "private_key": pem("PRIVATE KEY", pkcs8_der()) + "\n",
    "client_email": "external-dns@wetopi-dns-473210.iam.gserviceaccount.com",
    "client_id": "".join(R.choice(DIG) for _ in range(21))}, indent=2))
F("google-oauth-client-secret", f'GOOGLE_CLIENT_ID=4815{s(DIG, 8)}-{s(LO + DIG, 32)}.apps.googleusercontent.com\nGOOGLE_CLIENT_SECRET=GOCSPX-{s(B64U, 28)}')

# --- Azure
F("azure-storage-connection-string", f"AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=wetopiarchive;AccountKey={azure_key()};EndpointSuffix=core.windows.net")
sig = quote(b64(rbytes(32)), safe="")
F("azure-sas-token", f"azcopy copy ./dump.sql.gz 'https://wetopiarchive.blob.core.windows.net/db-dumps/dump.sql.gz?sv=2022-11-02&ss=b&srt=co&sp=rwdlacupx&se=2026-12-31T23:59:59Z&st=2026-09-01T08:00:00Z&spr=https&sig={sig}'")
F("azure-ad-client-secret", f"tenant_id: {ruuid()}\nclient_id: {ruuid()}\nclient_secret: {s(B62, 3)}8Q~{s(B62 + '_.~-', 31)}")

# --- GitHub
F("github-pat-classic", f"git remote set-url origin https://{crc_token('ghp_')}@github.com/wetopi/platform-gitops.git")
F("github-pat-classic", f"El runner de Argo Image Updater usa este PAT: {crc_token('ghp_')} (scope repo, caduca en diciembre)")
F("github-pat-fine-grained", f"GITHUB_TOKEN=github_pat_11{s(UP + DIG, 20)}_{s(B62, 59)}")
F("github-oauth-token", f"gh auth status\n  ✓ Logged in to github.com account wetopi-bot (keyring)\n  - Token: {crc_token('gho_')}")
F("github-app-installation-token", f'{{"token":"{crc_token("ghs_")}","expires_at":"2026-09-05T11:02:44Z","permissions":{{"contents":"write"}}}}')

# --- GitLab
F("gitlab-pat", f"curl --header \"PRIVATE-TOKEN: glpat-{s(B64U, 20)}\" https://gitlab.wetopi.net/api/v4/projects")
F("gitlab-runner-token", f"gitlab-runner register --non-interactive --url https://gitlab.wetopi.net --token glrt-{s(B64U, 20)} --executor kubernetes")
F("gitlab-deploy-token", f"helm repo add wetopi-charts https://gitlab.wetopi.net/api/v4/projects/42/packages/helm/stable --username gitlab+deploy-token-7 --password gldt-{s(B64U, 20)}")
F("gitlab-pipeline-trigger-token", f"curl -X POST --fail -F token=glptt-{hx(40)} -F ref=main https://gitlab.wetopi.net/api/v4/projects/42/trigger/pipeline")

# --- Slack / Discord / Teams / Telegram
F("slack-bot-token", f"SLACK_BOT_TOKEN=xoxb-{s(DIG, 12)}-{s(DIG, 13)}-{s(B62, 24)}")
F("slack-user-token", f"he probado con mi token de usuario xoxp-{s(DIG, 12)}-{s(DIG, 12)}-{s(DIG, 13)}-{hx(32)} y sí que lista los canales privados")
F("slack-webhook-url", f"alertmanager:\n  receivers:\n  - name: slack-oncall\n    slack_configs:\n    - api_url: https://hooks.slack.com/services/T{s(UP + DIG, 9)}/B{s(UP + DIG, 10)}/{s(B62, 24)}")
F("discord-webhook-url", f"DISCORD_WEBHOOK=https://discord.com/api/webhooks/{R.randint(10**17, 10**18)}/{s(B64U, 68)}")
F("teams-webhook-url", f"notify_url: https://wetopi.webhook.office.com/webhookb2/{ruuid()}@{ruuid()}/IncomingWebhook/{hx(32)}/{ruuid()}/V2{s(B62, 43)}")
F("telegram-bot-token", f"TELEGRAM_BOT_TOKEN={R.randint(6_000_000_000, 7_999_999_999)}:AA{s(B64U, 33)}")
F("telegram-bot-token", f"curl -s https://api.telegram.org/bot{R.randint(6_000_000_000, 7_999_999_999)}:AA{s(B64U, 33)}/getUpdates | jq .")

# --- Payments / mail / SMS
F("stripe-secret-key", f"STRIPE_SECRET_KEY=sk_live_51{s(B62, 97)}")
F("stripe-restricted-key", f"Para el informe de MRR usa la restricted key rk_live_51{s(B62, 97)}, solo lectura de subscriptions")
F("stripe-webhook-secret", f"define( 'WC_STRIPE_WEBHOOK_SECRET', 'whsec_{s(B62, 32)}' );")
F("twilio-credentials", f"TWILIO_ACCOUNT_SID=AC{hx(32)}\nTWILIO_AUTH_TOKEN={hx(32)}")
F("twilio-api-key", f"twilio api:core:messages:create --from +3496{s(DIG, 7)} --to +346{s(DIG, 8)} --body test -k SK{hx(32)}:{s(B62, 32)}")
F("sendgrid-api-key", f"SENDGRID_API_KEY=SG.{s(B64U, 22)}.{s(B64U, 43)}")
F("mailgun-api-key", f"curl -s --user 'api:key-{hx(32)}' https://api.eu.mailgun.net/v3/mg.wetopi.com/events")
F("smtp-url", f"MAILER_DSN=smtp://postmaster@mg.wetopi.com:{alnum_pw(24)}@smtp.eu.mailgun.org:587")

# --- Package registries
F("npm-token", f"//registry.npmjs.org/:_authToken={crc_token('npm_')}")
F("pypi-token", f"[pypi]\n  username = __token__\n  password = pypi-AgEIcHlwaS5vcmc{s(B64U, 150)}")
F("dockerhub-pat", f"echo dckr_pat_{s(B64U, 27)} | docker login -u wetopi --password-stdin")

# --- Cloud / hosting providers
F("digitalocean-token", f"doctl auth init --access-token dop_v1_{hx(64)}")
F("digitalocean-oauth-token", f'{{"access_token":"doo_v1_{hx(64)}","token_type":"bearer","expires_in":2592000}}')
F("hetzner-cloud-token", f"export HCLOUD_TOKEN={s(B62, 64)}\nhcloud server list -o columns=name,status,ipv4")
F("scaleway-credentials", f"SCW_ACCESS_KEY=SCW{s(UP + DIG, 17)}\nSCW_SECRET_KEY={ruuid()}")
F("backblaze-b2-key", f"B2_APPLICATION_KEY_ID=005{hx(22)}\nB2_APPLICATION_KEY=K005{s(B62 + '/+', 27)}")
F("cloudflare-api-token", f"CF_API_TOKEN={s(B64U, 40)}  # zone:dns:edit para cert-manager")
tunnel = b64(json.dumps({"a": hx(32), "t": ruuid(), "s": b64(rbytes(32))}, separators=(",", ":")).encode())
F("cloudflare-tunnel-token", f"cloudflared tunnel --no-autoupdate run --token {tunnel}")
F("tailscale-auth-key", f"tailscale up --authkey tskey-auth-k{s(B62, 10)}CNTRL-{s(B62, 33)} --advertise-routes=10.20.0.0/16")
F("terraform-cloud-token", f'credentials "app.terraform.io" {{\n  token = "{s(B62, 14)}.atlasv1.{s(B62, 67)}"\n}}')
F("shopify-admin-token", f"Tienda de Óptica Benlloch: X-Shopify-Access-Token: shpat_{hx(32)}")

# --- AI providers
F("openai-api-key", f"OPENAI_API_KEY=sk-proj-{s(B64U, 58)}T3BlbkFJ{s(B64U, 58)}")
F("openai-api-key", f"openai.AuthenticationError: Incorrect API key provided: sk-svcacct-{s(B64U, 40)}T3BlbkFJ{s(B64U, 40)}")
F("anthropic-api-key", f"ANTHROPIC_API_KEY=sk-ant-api03-{s(B64U, 93)}AA")
F("anthropic-admin-key", f"hermes config set providers.anthropic.admin_key sk-ant-admin01-{s(B64U, 93)}AA")
F("huggingface-token", f"huggingface-cli login --token hf_{s(UP + LO, 34)}")

# --- Dev tools / SaaS
F("atlassian-api-token", f"JIRA_API_TOKEN=ATATT3xFfGF0{s(B64U, 170)}={hx(8).upper()}")
F("bitbucket-app-password", f"bitbucket: wetopi-ci / ATBB{s(B62, 32)}{hx(8).upper()}")
F("sentry-auth-token", f"SENTRY_AUTH_TOKEN=sntryu_{hx(64)}")
F("grafana-service-account-token", f"grafana:\n  url: https://grafana.wetopi.net\n  token: glsa_{s(B62, 32)}_{hx(8)}")

# --- Secret managers
F("vault-service-token", f"export VAULT_ADDR=https://vault.wetopi.net:8200\nexport VAULT_TOKEN=hvs.{s(B62, 24)}")
F("vault-service-token", f"Login OK. token: hvs.CAESI{s(B64U, 86)}  token_duration: 768h  policies: [default wetopi-ci]")
F("vault-batch-token", f"vault kv get -address=https://vault.wetopi.net:8200 -token=hvb.AAAAAQ{s(B64U, 120)} secret/ci")
F("infisical-service-token", f"INFISICAL_TOKEN=st.{ruuid()}.{hx(32)}.{hx(32)}")

# --- JWTs
now = 1788000000
F("jwt", "Authorization: Bearer " + jwt({"sub": "u_ana", "iss": "https://auth.wetopi.net", "aud": "hindsight", "iat": now, "exp": now + 3600, "scope": "memory:rw"}))
F("supabase-service-role-jwt", "SUPABASE_SERVICE_ROLE_KEY=" + jwt({"iss": "supabase", "ref": s(LO, 20), "role": "service_role", "iat": now - 86400 * 200, "exp": now + 86400 * 3000}))
F("argocd-api-token", "argocd app list --auth-token " + jwt({"iss": "argocd", "sub": "ci:apiKey", "nbf": now, "iat": now, "jti": ruuid()}))

# --- Kubernetes / platform
sa_jwt = jwt({"iss": "https://kubernetes.default.svc.cluster.local", "sub": "system:serviceaccount:kube-system:wetopi-admin",
              "aud": ["https://kubernetes.default.svc.cluster.local", "rke2"], "exp": now + 31536000, "iat": now,
              "kubernetes.io": {"namespace": "kube-system", "serviceaccount": {"name": "wetopi-admin", "uid": ruuid()}}},
             alg="RS256", kid=b64u(rbytes(32)))
F("kubernetes-sa-token", f"users:\n- name: wetopi-admin\n  user:\n    token: {sa_jwt}")
client_pem = pem("RSA PRIVATE KEY", rsa_der()) + "\n"
client_crt = b64((pem("CERTIFICATE", bytes.fromhex("308201") + rbytes(380)) + "\n").encode())
F("kubeconfig-client-key", f"users:\n- name: default\n  user:\n    client-certificate-data: {client_crt}\n    client-key-data: {b64(client_pem.encode())}")
F("rke2-join-token", f"# /etc/rancher/rke2/config.yaml (worker)\nserver: https://10.20.0.10:9345\ntoken: K10{hx(64)}::server:{hx(32)}")
F("rancher-api-token", f"rancher login https://rancher.wetopi.net --token token-{s(LO + DIG, 5)}:{s(LO + DIG, 54)}")
F("proxmox-api-token", f"curl -k -H 'Authorization: PVEAPIToken=terraform@pve!tf-prod={ruuid()}' https://pve1.wetopi.lan:8006/api2/json/nodes")
F("ceph-keyring", f"[client.rbd-k8s]\n\tkey = {ceph_key()}\n\tcaps mon = \"profile rbd\"\n\tcaps osd = \"profile rbd pool=rbd-ssd\"")
F("ceph-keyring", f"ceph auth get client.admin\n[client.admin]\n\tkey = {ceph_key()}\n\tcaps mds = \"allow *\"\n\tcaps mon = \"allow *\"")

# --- Private keys
F("pem-rsa-private-key", f"Te pego la key del servidor viejo de Ferretería Pons:\n{pem('RSA PRIVATE KEY', rsa_der())}")
F("pem-ec-private-key", f"# /etc/ssl/private/wetopi-net.key\n{pem('EC PRIVATE KEY', ec_der())}")
F("pem-pkcs8-private-key", "tls.key: |\n  " + pem("PRIVATE KEY", pkcs8_der()).replace("\n", "\n  "))
F("openssh-private-key", pem("OPENSSH PRIVATE KEY", openssh_der()))
F("putty-private-key", "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: ana@wetopi-laptop\nPublic-Lines: 2\n"
  + wrap64("AAAAC3NzaC1lZDI1NTE5AAAAI" + b64(rbytes(33))[:43]) + "\nPrivate-Lines: 1\n" + b64(b"\x00\x00\x00\x20" + rbytes(32)) + f"\nPrivate-MAC: {hx(64)}")
F("age-secret-key", f"# created: 2026-08-14T09:12:03+02:00\n# public key: {bech32('age', rbytes(32))}\n{bech32('age-secret-key-', rbytes(32)).upper()}")
F("gpg-private-key", "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n" + wrap64(b64(bytes.fromhex("9458045f") + rbytes(4) + bytes.fromhex("16092b06010401da470f0101") + rbytes(160))) + f"\n={b64(rbytes(3))}\n-----END PGP PRIVATE KEY BLOCK-----")

# --- Database URLs with passwords
F("postgres-url", f"DATABASE_URL=postgres://hindsight:{alnum_pw(28)}@pg-rw.platform-hindsight.svc:5432/hindsight?sslmode=require")
F("mysql-url", f"wp db import backup.sql --dbuser=wp --url=mysql://wp_marblau:{rand_pw(18).replace('@', '').replace('/', '')}@db-01.wetopi.lan:3306/wp_marblau")
F("mongodb-url", f"MONGO_URI=mongodb+srv://reservas:{alnum_pw(20)}@cluster0.{s(LO + DIG, 5)}.mongodb.net/reservas?retryWrites=true&w=majority")
F("redis-url", f"REDIS_URL=rediss://default:{alnum_pw(32)}@redis-master.shop.svc:6379/0")
F("amqp-url", f"CELERY_BROKER_URL=amqps://worker:{alnum_pw(22)}@rabbitmq.wetopi.lan:5671/prod")

# --- Generic webhook with signing secret in URL (shape: known host + secret path)

# =============================================================================
# 2. secret / context  (60)
# =============================================================================
def C(family, text):
    add("secret", "context", family, text)


C("redis-requirepass", f"requirepass {hx(24)}")
C("redis-requirepass", f"He puesto requirepass {alnum_pw(16)} en el redis de la tienda de Bodegas Arnau, avisa a build")
C("keepalived-auth-pass", f"vrrp_instance WAN_VIP {{\n    state BACKUP\n    interface ens19\n    virtual_router_id 51\n    authentication {{\n        auth_type PASS\n        auth_pass {alnum_pw(8)}\n    }}\n}}")
C("ldap-bindpw", f"bindDN cn=nextcloud,ou=services,dc=wetopi,dc=net\nbindPW {rand_pw(16)}")
C("ldap-bindpw", f"ldapsearch -x -H ldaps://ldap.wetopi.lan -D 'cn=admin,dc=wetopi,dc=net' -w '{rand_pw(14)}' -b ou=people,dc=wetopi,dc=net")
C("mysql-p-flag", f"mysql -u root -p'{rand_pw(16)}' -h db-01.wetopi.lan wp_sorni < fix_siteurl.sql")
C("mysql-p-flag", f"mysqldump -uwp_pons -p{alnum_pw(14)} wp_pons | gzip > /backup/wp_pons-$(date +%F).sql.gz")
C("password-prose-es", f"La contraseña del wp-admin de Clínica Sorní es {human_pw()}, usuario: dra.sorni")
C("password-prose-es", f"Ana: oye, te paso la contraseña del Proxmox de la oficina: {human_pw()} (usuario root@pam)")
C("password-prose-es", f"la clave del wifi de la oficina es {human_pw()}")
C("password-prose-es", f"Para entrar en el panel del hosting viejo de Taller Ribes: usuario tallerribes, contraseña {human_pw()}")
C("password-prose-en", f"the new root password for pve2 is {rand_pw(14)} — please don't paste it anywhere else")
C("password-prose-en", f"FYI I reset Marc's Nextcloud password to {human_pw()}, he has to change it on first login")
C("password-prose-mixed", f"Ok, el password del SFTP de Academia Lluna es {human_pw()}, the user is lluna-sftp")
C("htpasswd", f"htpasswd -b -c /etc/nginx/.htpasswd-staging cliente {human_pw()}")
C("smtp-password", f"SMTP para el WordPress de Hotel Marblau: host smtp.eu.mailgun.org, puerto 587, user postmaster@mg.hotelmarblau.com, pass {alnum_pw(20)}")
C("smtp-password", f"define( 'WPMS_SMTP_PASS', '{rand_pw(18)}' );")
C("postfix-sasl-passwd", f"# /etc/postfix/sasl_passwd\n[smtp.eu.mailgun.org]:587 postmaster@mg.wetopi.com:{alnum_pw(24)}")
C("pin", f"el PIN de la SIM del router 4G de la oficina es {s(DIG, 4)} y el PUK {s(DIG, 8)}")
C("pin", f"Card for the Hetzner account: ends in 4417, PIN {s(DIG, 4)}")
C("door-code", f"El código de la puerta del CPD de Paterna es {s(DIG, 6)}#")
C("recovery-codes", "Códigos de recuperación de la cuenta de GitHub de wetopi-bot:\n" + "\n".join(f"{hx(5)}-{hx(5)}" for _ in range(8)))
C("recovery-codes", "Cloudflare backup codes (Ana): " + " ".join(s(DIG, 8) for _ in range(6)))
C("basic-auth-header", "Authorization: Basic " + b64(f"admin:{human_pw()}".encode()))
C("bearer-opaque-token", f"curl -H 'Authorization: Bearer {s(B62, 40)}' https://hindsight.wetopi.net/v1/default/banks")
C("yaml-token", f"hindsight:\n  url: https://hindsight.wetopi.net\n  api_key: {s(B62, 48)}")
C("hindsight-api-key", f"HINDSIGHT_API_KEY={s(B64U, 43)}")
C("wp-application-password", f"Application password para la API de WooCommerce de Forn Cabanyal: {' '.join(s(UP + LO + DIG, 4) for _ in range(6))}")
C("k8s-secret-stringdata", f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: wp-db\n  namespace: hotel-marblau\ntype: Opaque\nstringData:\n  DB_USER: wp_marblau\n  DB_PASSWORD: {alnum_pw(22)}")
C("k8s-secret-data", f"data:\n  password: {b64(rand_pw(18).encode())}\n  username: {b64(b'grafana-admin')}")
C("docker-login", f"docker login registry.wetopi.net -u ci -p {alnum_pw(26)}")
C("compose-db-password", f"services:\n  db:\n    image: mariadb:11.4\n    environment:\n      MARIADB_ROOT_PASSWORD: {rand_pw(20)}\n      MARIADB_DATABASE: wordpress")
C("ipmi-password", f"ipmitool -I lanplus -H 10.20.99.13 -U ADMIN -P {alnum_pw(12)} chassis power status")
C("restic-password", f"RESTIC_REPOSITORY=s3:https://fsn1.your-objectstorage.com/wetopi-restic\nRESTIC_PASSWORD={rand_pw(24)}")
C("borg-passphrase", f"export BORG_PASSPHRASE='{human_pw()} {human_pw()}'")
C("ftp-credentials", f"FTP del hosting antiguo de Óptica Benlloch → host ftp.benlloch.es / user benlloch / pass {human_pw()}")
C("pgpass", f"# ~/.pgpass\npg-rw.platform-hindsight.svc:5432:hindsight:hindsight:{alnum_pw(28)}")
C("netrc", f"machine gitlab.wetopi.net login ana password {rand_pw(16)}")
C("wp-config-db-password", f"define( 'DB_NAME', 'wp_lluna' );\ndefine( 'DB_USER', 'wp_lluna' );\ndefine( 'DB_PASSWORD', '{rand_pw(20)}' );")
C("wp-config-salt", "define( 'AUTH_KEY',         '" + s(string.ascii_letters + DIG + "!@#$%^&*()-_[]{}<>~+=,.;:/?|", 64) + "' );")
C("grafana-admin-password", f"GF_SECURITY_ADMIN_USER=admin\nGF_SECURITY_ADMIN_PASSWORD={human_pw()}")
C("rabbitmq-default-pass", f"# rabbitmq.conf\ndefault_user = wetopi\ndefault_pass = {alnum_pw(18)}")
C("mongo-password-flag", f"mongosh 'mongodb://10.20.0.31:27017/reservas' --username reservas --password '{rand_pw(16)}' --authenticationDatabase admin")
C("wireguard-private-key", f"[Interface]\nAddress = 10.99.0.2/32\nPrivateKey = {b64(rbytes(32))}\nDNS = 10.20.0.53")
C("ansible-vault-password", f"echo '{human_pw()}' > ~/.vault_pass && ansible-playbook site.yml --vault-password-file ~/.vault_pass")
C("luks-passphrase", f"The LUKS passphrase for the backup disk on build-01 is \"{human_pw()} {s(DIG, 3)}\"")
C("curl-basic-auth", f"curl -u wetopi-monitor:{rand_pw(15).replace(':', '')} https://prometheus.wetopi.net/api/v1/targets")
C("sshpass", f"sshpass -p '{human_pw()}' ssh -o StrictHostKeyChecking=no root@10.20.0.21")
C("snmp-community", f"snmp-server community {alnum_pw(14)} RO 10.20.0.0/16")
C("haproxy-stats-auth", f"listen stats\n    bind :8404\n    stats enable\n    stats auth admin:{alnum_pw(16)}")
C("sql-identified-by", f"CREATE USER 'wp_ribes'@'10.20.%' IDENTIFIED BY '{rand_pw(18)}';")
C("sql-identified-by", f"ALTER ROLE hindsight WITH PASSWORD '{alnum_pw(24)}';")
C("totp-secret", f"Semilla TOTP de la cuenta compartida de OVH (para el gestor): {s(B32, 32)}")
C("datadog-api-key", f"DD_API_KEY={hx(32)}\nDD_SITE=datadoghq.eu")
C("vault-unseal-key", f"Unseal Key 1: {b64(rbytes(33))}")
C("infisical-client-secret", f"infisical login --method=universal-auth --client-id={ruuid()} --client-secret={hx(64)}")
C("proxmox-token-secret", f"provider \"proxmox\" {{\n  pm_api_url          = \"https://pve1.wetopi.lan:8006/api2/json\"\n  pm_api_token_id     = \"terraform@pve!tf\"\n  pm_api_token_secret = \"{ruuid()}\"\n}}")
C("cloudflare-global-api-key", f"curl -H 'X-Auth-Email: ana@wetopi.com' -H 'X-Auth-Key: {hx(37)}' https://api.cloudflare.com/client/v4/zones")
C("webhook-secret", f"Argo CD webhook de GitLab: secret token = {s(B62, 32)}")
C("password-prose-en", f"Keepass master password hint for you in case I'm sick: it's {human_pw()}")

# =============================================================================
# 3. clean / negative  (60)
# =============================================================================
def N(family, text):
    add("clean", "negative", family, text)


N("git-commit-sha", f"Argo CD: hotel-marblau synced to revision {hx(40)} (main)")
N("git-commit-sha", f"El fix del proxy-body-size está en el commit {hx(40)}, revertible si hace falta")
N("short-sha", f"git revert {hx(7)} && git push  # deshace el cambio del HPA")
N("image-digest", f"image: ghcr.io/wetopi/wp-php:8.3-fpm@sha256:{hx(64)}")
N("image-digest", f"Pulled image \"docker.io/bitnami/redis:7.4\" with digest sha256:{hx(64)} in 3.2s")
N("uuid", f"kubectl get pvc -A -o json | grep {ruuid()}  # el PV huérfano de Ferretería Pons")
N("k8s-uid", f"metadata:\n  name: wp-data\n  uid: {ruuid()}\n  resourceVersion: \"{R.randint(10**6, 10**8)}\"")
N("ceph-fsid", f"[global]\nfsid = {ruuid()}\nmon_host = 10.20.0.11,10.20.0.12,10.20.0.13")
N("env-placeholder", "DATABASE_URL=postgres://hindsight:${HINDSIGHT_DB_PASSWORD}@pg-rw.platform-hindsight.svc:5432/hindsight")
N("env-placeholder", "backend:\n  url: ${HINDSIGHT_API_URL}\n  api_key: ${HINDSIGHT_API_KEY}")
N("helm-template", "  DB_PASSWORD: {{ .Values.db.password | b64enc | quote }}")
N("gha-secrets-ref", "      - run: helm upgrade --install shop ./chart --set stripe.key=${{ secrets.STRIPE_SECRET_KEY }}")
N("shell-substitution", "export VAULT_TOKEN=$(cat /run/secrets/vault-token)")
N("empty-assignment", "# .env.example\nSTRIPE_SECRET_KEY=\nSTRIPE_WEBHOOK_SECRET=\nMAILGUN_API_KEY=")
N("empty-assignment", "requirepass \"\"")
N("variable-names", "Hay que crear en Infisical SENDGRID_API_KEY, TWILIO_AUTH_TOKEN y DB_PASSWORD para el proyecto de Academia Lluna")
N("secret-key-ref", "env:\n- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: wp-db\n      key: DB_PASSWORD")
N("infisical-ref", "InfisicalSecret wp-db-sync: secretsPath=/clients/hotel-marblau, envSlug=prod, managedSecretReference.secretName=wp-db")
N("vault-path", "vault kv get -field=password secret/data/clients/clinica-sorni/wp-admin")
N("password-policy", "Política de contraseñas: mínimo 14 caracteres, al menos una mayúscula, un número y un símbolo; caducan a los 180 días.")
N("password-policy", "Password requirements: 12+ characters, no reuse of the last 5 passwords, 2FA mandatory for wp-admin.")
N("ssh-public-key", f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b64(rbytes(33))[:43]} ana@wetopi-laptop")
N("ssh-public-key", f"authorized_keys en pve3:\nssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ{b64(rbytes(380))[:512]} build@wetopi")
N("pem-public-key", pem("PUBLIC KEY", bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d03010703420004") + rbytes(64)))
N("pem-certificate", "Este es el certificado intermedio que falta en la cadena:\n" + pem("CERTIFICATE", bytes.fromhex("308203") + rbytes(600)))
N("kubeconfig-ca-data", "clusters:\n- cluster:\n    certificate-authority-data: " + b64((pem("CERTIFICATE", bytes.fromhex("308201") + rbytes(300)) + "\n").encode()) + "\n    server: https://10.20.0.10:6443\n  name: rke2-prod")
N("age-recipient", f"creation_rules:\n  - path_regex: clusters/prod/.*\\.yaml\n    age: {bech32('age', rbytes(32))}")
N("gpg-public-key", "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n" + wrap64(b64(bytes.fromhex("98330465") + rbytes(3) + bytes.fromhex("16092b06010401da470f0101") + rbytes(120))) + f"\n={b64(rbytes(3))}\n-----END PGP PUBLIC KEY BLOCK-----")
N("redacted", "hindsight api_key: **************** (redacted)")
N("redacted", "time=2026-09-04T08:12:01Z level=info msg=\"login ok\" user=wetopi-bot token=[REDACTED] password=\"********\"")
N("redacted", "La key de Stripe que da error es sk_live_51…XXXX (la he recortado, la completa está en Infisical)")
N("docs-example", "# from the AWS docs\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
N("docs-example", "El ejemplo de jwt.io es eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c, no sirve para nada real")
N("placeholder", "curl -H \"Authorization: Bearer <YOUR_API_TOKEN>\" https://api.hetzner.cloud/v1/servers")
N("placeholder", "api_key: your-api-key-here  # replace before deploying")
N("placeholder", "PVEAPIToken=USER@REALM!TOKENID=UUID")
N("ssh-fingerprint", f"ED25519 key fingerprint is SHA256:{b64(rbytes(32)).rstrip('=')}.")
N("gpg-fingerprint", "Huella de la clave GPG de releases: " + " ".join(hx(4).upper() for _ in range(10)))
N("tls-fingerprint", "SHA256 Fingerprint=" + ":".join(hx(2).upper() for _ in range(32)))
N("ticket-id", f"Ticket WET-{R.randint(1000, 9999)}: el cliente no recibe los correos de recuperar contraseña (Zendesk #{R.randint(40000, 99999)})")
N("stripe-object-id", f"Pago fallido: pi_3{s(B62, 23)} de cus_{s(B62, 14)}, factura in_1{s(B62, 23)}")
N("stripe-publishable-key", f"El checkout usa la publishable key pk_live_51{s(B62, 97)}, que es pública y va en el front")
N("recaptcha-site-key", f"reCAPTCHA site key (pública) del formulario de Hotel Marblau: 6L{s(B64U, 38)}")
N("base64-config", "binaryData:\n  nginx.conf: " + b64(b"server {\n  listen 8080;\n  client_max_body_size 64m;\n  location / { try_files $uri $uri/ /index.php?$args; }\n}\n"))
N("base64-content", "echo " + b64(b"Mantenimiento programado el martes de 22:00 a 23:00") + " | base64 -d")
N("ceph-keyring-path", "[client.rbd-k8s]\n\tkeyring = /etc/ceph/ceph.client.rbd-k8s.keyring")
N("proxmox-token-id", "El token de Terraform en Proxmox es terraform@pve!tf-prod, con privilegios separados (Privilege Separation = yes)")
N("npm-integrity", f"\"integrity\": \"sha512-{b64(rbytes(64))}\"")
N("go-sum", f"github.com/hashicorp/vault/api v1.14.0 h1:{b64(rbytes(32))}")
N("etag", f"HTTP/2 200\ncontent-type: image/webp\netag: \"{hx(32)}\"\ncf-cache-status: HIT")
N("request-id", f"x-request-id: {hx(32)} — error 500 en /wp-json/wc/v3/orders")
N("mac-address", f"Disco nuevo en pve2: serial {s(UP + DIG, 14)}, NIC ens19 MAC {':'.join(hx(2) for _ in range(6))}")
N("ipv6", f"AAAA hotelmarblau.com → 2a01:4f8:{hx(4)}:{hx(4)}::{hx(2)}")
N("pod-name", f"wp-hotel-marblau-{s(LO + DIG, 10)}-{s(LO + DIG, 5)}   1/1   Running   0   3d2h")
N("sha256sum", f"{hx(64)}  rke2.linux-amd64.tar.gz")
N("ansible-vault-ciphertext", "db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  " + "\n  ".join(hx(80) for _ in range(4)))
N("known-hosts", f"pve1.wetopi.lan,10.20.0.11 ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB{b64(rbytes(64))[:87]}")
N("config-setting", "password_reset_token_ttl: 3600\ntoken_length: 32\nsession_secret_rotation_days: 30")
N("aws-arn", f"velero serviceAccount annotation: eks.amazonaws.com/role-arn: arn:aws:iam::{R.randint(10**11, 10**12 - 1)}:role/wetopi-velero-backup")
N("ulid", f"memory retain ok scope=platform document_id=01J{s('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 23)} latency_ms=212")

# =============================================================================
# 4. clean / prose  (40)
# =============================================================================
def P(text, family="prose"):
    add("clean", "prose", family, text)


for t in [
    "Tengo que rotar el token de GitHub del bot antes del viernes, recuérdamelo.",
    "¿Dónde guardamos las claves SSH de los servidores de clientes? Creo que en Infisical, pero no lo tengo claro.",
    "He metido mal la contraseña tres veces y el wp-admin de Clínica Sorní me ha bloqueado 30 minutos.",
    "The Stripe API key expired yesterday; generate a new one from the dashboard and store it in Infisical.",
    "La contraseña es la misma de siempre, la tienes en el gestor.",
    "The password is in Infisical under the client's folder, don't ask me for it on Telegram.",
    "No me mandes nunca contraseñas por Telegram, usa el enlace de un solo uso.",
    "Please never paste tokens in the chat; Hermes will refuse to store them anyway.",
    "Hay que activar la autenticación en dos pasos para todos los usuarios de wp-admin.",
    "We should rotate the Ceph client keys after Marc leaves the team.",
    "El certificado de hotelmarblau.com caduca en 12 días; cert-manager debería renovarlo solo.",
    "Can you check why the API token for Hetzner DNS keeps returning 401?",
    "El cliente dice que no le llega el correo de restablecer contraseña, revisa Mailgun.",
    "Generate a new SSH key pair for the build runner and add the public key to pve1.",
    "Las credenciales de la base de datos se inyectan desde Infisical, nunca van en el values.yaml.",
    "I lost my YubiKey, so I'm using the recovery codes from the safe until the new one arrives.",
    "Mañana a las 10 tengo dentista, muévemelo todo a la tarde.",
    "¿Cuánto cobramos al mes por el plan Pro con backups diarios?",
    "The ingress for the shop is returning 502 again after the last deploy.",
    "Ponme un recordatorio para renovar el dominio de Forn Cabanyal la semana que viene.",
    "Vale, perfecto, gracias. Lo vemos el lunes.",
    "Draft a friendly email to Academia Lluna explaining the maintenance window on Tuesday night.",
    "El token de Telegram del bot de alertas lo regeneré ayer con BotFather, ya está actualizado en Infisical.",
    "Don't log request headers in Loki, they may contain bearer tokens.",
    "La política nueva: las contraseñas de clientes solo se comparten por el enlace caducable de Infisical.",
    "Who has the root password for the old Proxmox box? Nobody remembers it.",
    "Se ha quedado sin batería el portátil, sigo desde el móvil.",
    "Can we rotate the kubeconfig client certificates before they expire in November?",
    "Recuerda que la clave privada nunca sale del servidor; solo compartimos la pública.",
    "The webhook secret mismatch is why GitLab shows 401 on the Argo CD hook.",
    "Esta semana toca revisar qué usuarios tienen acceso de administrador en Cloudflare.",
    "Mi contraseña del portátil la cambié ayer y ahora el llavero de macOS me la pide cada rato.",
    "I prefer passkeys over passwords wherever the provider supports them.",
    "¿Has visto el presupuesto de Hetzner para los nuevos nodos? Sale más barato que ampliar pve3.",
    "El PIN de la tarjeta lo tiene Marc, pregúntale a él.",
    "Set the Redis password through the chart's existingSecret instead of hardcoding it.",
    "Let's grab lunch at the usual place around two.",
    "Guarda en memoria que prefiero que me pidas confirmación antes de borrar cualquier volumen.",
    "The vault token TTL is 768h by default for that role, maybe too long.",
    "Olvida lo de cambiar de proveedor de correo, al final nos quedamos con Mailgun.",
]:
    P(t)


# =============================================================================
# write + checks
# =============================================================================
def main():
    by = {}
    for r in records:
        by.setdefault((r["label"], r["by"]), 0)
        by[(r["label"], r["by"])] += 1
    expected = {("secret", "format"): 80, ("secret", "context"): 60,
                ("clean", "negative"): 60, ("clean", "prose"): 40}
    assert by == expected, by
    texts = [r["text"] for r in records]
    assert len(set(texts)) == len(texts), "duplicate texts"
    fmt_families = {r["family"] for r in records if r["by"] == "format"}
    assert len(fmt_families) >= 45, len(fmt_families)
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tune7.jsonl")
    with open(out, "w", encoding="utf-8") as fh:
        for i, r in enumerate(records, 1):
            rec = {"id": f"s7-{i:04d}", "text": r["text"], "label": r["label"],
                   "family": r["family"], "by": r["by"]}
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"wrote {len(records)} records to {out}; {by}; format families={len(fmt_families)}")


if __name__ == "__main__":
    main()
