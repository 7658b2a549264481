#!/usr/bin/env python3
"""Generate secrets/tune3.jsonl and memory_md/tune3/ (third tuning set, independent author).

The context lines below are hand-written; only the credential VALUES (and the look-alike
values of the negatives) are generated, randomly and reproducibly (fixed seed), in the real
format of each family. None of them is a real credential.

Placeholders in the templates: <%name%>, <%nameN%> (N = length argument for hex, alnum,
upper, dig, bu = base64url chars, bb = base64 of N random bytes) and <%name.k%> for a second
independent value of the same kind inside one line (the same placeholder twice = same value).

    python3 tests/corpus/secrets/make_tune3.py
"""
import base64
import json
import os
import random
import re
import struct
import uuid

SEED = 3_2025_0911
rng = random.Random(SEED)

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_JSONL = os.path.join(HERE, "tune3.jsonl")
OUT_MD = os.path.join(os.path.dirname(HERE), "memory_md", "tune3")

LOW = "abcdefghijklmnopqrstuvwxyz"
UP = LOW.upper()
DIG = "0123456789"
ALNUM = LOW + UP + DIG
B64U = ALNUM + "-_"
B64 = ALNUM + "+/"
HEX = "0123456789abcdef"
CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def pick(chars, n):
    return "".join(rng.choice(chars) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64url(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def rbytes(n):
    return bytes(rng.getrandbits(8) for _ in range(n))


def strong_pw():
    n = rng.randint(14, 22)
    s = [rng.choice(LOW), rng.choice(UP), rng.choice(DIG), rng.choice("!#%+-_.*")]
    s += [rng.choice(ALNUM + "!#%+-_.*") for _ in range(n - 4)]
    rng.shuffle(s)
    return "".join(s)


def url_pw():
    n = rng.randint(14, 24)
    return pick(ALNUM, n - 2) + rng.choice("-_.") + pick(ALNUM, 1)


WEAK_WORDS = ["mariposa", "girasol", "hunter", "dragon", "Barcelona", "pepito", "gatito",
              "Sevilla", "tortuga", "Wetopi", "monkey", "sunshine", "Levante", "chocolate",
              "Paella", "Madrid", "qwerty", "florida", "Pikachu", "lunanueva", "Betis",
              "rayo", "Gandalf", "bicicleta", "cafe", "mirador"]
SEASONS = ["Verano", "Invierno", "Primavera", "Otono", "Enero", "Agosto", "Welcome",
           "Bienvenido", "Cambiame", "Wetopi", "Soporte", "Oficina"]


def weak_pw():
    w = rng.choice(WEAK_WORDS)
    style = rng.randint(0, 3)
    if style == 0:
        return w + str(rng.randint(1, 99))
    if style == 1:
        return w + str(rng.randint(1970, 2025))
    if style == 2:
        return w.capitalize() + str(rng.randint(10, 999)) + rng.choice("!.*#")
    return w.lower() + rng.choice(["123", "1234", "_01", "77", "2"])


def season_pw():
    return rng.choice(SEASONS) + str(rng.randint(2019, 2025)) + rng.choice("!*.#$")


def jwt_hs():
    hdr = {"alg": "HS256", "typ": "JWT"}
    iat = rng.randint(1_720_000_000, 1_760_000_000)
    pl = {"sub": "u_" + pick(DIG, 5), "iat": iat, "exp": iat + rng.choice([900, 3600, 86400]),
          "scope": rng.choice(["sites:read sites:write", "billing", "agent", "admin"])}
    if rng.random() < 0.5:
        pl["iss"] = rng.choice(["https://auth.wetopi.com", "wetopi-portal", "hermes-gateway"])
    return ".".join([b64url(json.dumps(hdr, separators=(",", ":")).encode()),
                     b64url(json.dumps(pl, separators=(",", ":")).encode()),
                     b64url(rbytes(32))])


def jwt_rs():
    hdr = {"alg": "RS256", "kid": b64url(rbytes(32))}
    ns = rng.choice(["ci", "argocd", "monitoring", "velero"])
    sa = rng.choice(["ci-deployer", "argocd-manager", "prometheus", "velero-server"])
    pl = {"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": ns,
          "kubernetes.io/serviceaccount/secret.name": sa + "-token-" + pick(LOW + DIG, 5),
          "kubernetes.io/serviceaccount/service-account.name": sa,
          "kubernetes.io/serviceaccount/service-account.uid": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
          "sub": f"system:serviceaccount:{ns}:{sa}"}
    return ".".join([b64url(json.dumps(hdr, separators=(",", ":")).encode()),
                     b64url(json.dumps(pl, separators=(",", ":")).encode()),
                     b64url(rbytes(256))])


def lines64(data, width=64):
    s = b64(data)
    return [s[i:i + width] for i in range(0, len(s), width)]


def pem(kind, nbytes, prefix=b""):
    body = "\n".join(lines64(prefix + rbytes(nbytes)))
    return f"-----BEGIN {kind}-----\n{body}\n-----END {kind}-----"


def pem_rsa():
    return pem("RSA PRIVATE KEY", 600, b"\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00")


def pem_ec():
    return pem("EC PRIVATE KEY", 115, b"\x30\x77\x02\x01\x01\x04\x20")


def pem_pk8():
    return pem("PRIVATE KEY", 620, b"\x30\x82\x04\xbd\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00")


def openssh():
    blob = b"openssh-key-v1\x00" + struct.pack(">I", 4) + b"none" + struct.pack(">I", 4) + b"none" \
        + struct.pack(">I", 0) + struct.pack(">I", 1) + rbytes(330)
    body = "\n".join(lines64(blob, 70))
    return f"-----BEGIN OPENSSH PRIVATE KEY-----\n{body}\n-----END OPENSSH PRIVATE KEY-----"


def gcp_key():
    # as it appears inside the service-account JSON: literal backslash-n
    return pem_pk8().replace("\n", "\\n") + "\\n"


def ceph_key():
    raw = b"\x01\x00" + struct.pack("<II", rng.randint(1_600_000_000, 1_760_000_000), rng.getrandbits(30)) \
        + b"\x10\x00" + rbytes(16)
    return b64(raw)


def sshstr(b):
    return struct.pack(">I", len(b)) + b


def ssh_ed():
    return b64(sshstr(b"ssh-ed25519") + sshstr(rbytes(32)))


def ssh_rsa():
    return b64(sshstr(b"ssh-rsa") + sshstr(b"\x01\x00\x01") + sshstr(b"\x00" + rbytes(256)))


def ssh_ecdsa():
    return b64(sshstr(b"ecdsa-sha2-nistp256") + sshstr(b"nistp256") + sshstr(b"\x04" + rbytes(64)))


def ulid():
    return "01J" + pick(CROCK, 23)


WP_SALT_CHARS = ALNUM + "!@#$%^&*()-_[]{}<>~`+=,.;:/?|"

ORDINARY = ["Bienvenido al servidor de pruebas de Wetopi", "pedido 18422 cancelado por el cliente",
            "Mantenimiento programado el domingo de 02:00 a 04:00", "hello from the staging banner",
            "order_status=cancelled reason=customer_request", "Solo personal autorizado",
            "Servidor de pruebas, no usar en produccion", "backup finished OK"]
_ordinary = list(ORDINARY)
rng.shuffle(_ordinary)


def btxt():
    return b64(_ordinary.pop().encode() + b"\n")


def user_pw_b64():
    u = rng.choice(["ci", "deploy", "wetopi-bot", "ana", "monitor", "robot$ci", "admin", "harbor-sync"])
    return b64((u + ":" + strong_pw()).encode())


def dockcfg():
    pw = strong_pw()
    d = {"auths": {"harbor.wetopi.net": {"username": "robot$ci", "password": pw,
                                           "auth": b64(("robot$ci:" + pw).encode())}}}
    return b64(json.dumps(d, separators=(",", ":")).encode())


def kcd():
    return b64((pem_ec() + "\n").encode())


def kcdcert():
    return b64((pem("CERTIFICATE", 420) + "\n").encode())


def colon_hex(n):
    return ":".join(pick("0123456789ABCDEF", 2) for _ in range(n))


GEN = {
    "hex": lambda n: pick(HEX, n),
    "alnum": lambda n: pick(ALNUM, n),
    "upper": lambda n: pick(UP + DIG, n),
    "dig": lambda n: pick(DIG, n),
    "bu": lambda n: pick(B64U, n),
    "bb": lambda n: b64(rbytes(n)),
    "pw": lambda _: strong_pw(),
    "pwu": lambda _: url_pw(),
    "weakpw": lambda _: weak_pw(),
    "spwd": lambda _: season_pw(),
    "argopw": lambda _: pick(ALNUM, 1) + pick(ALNUM + "-", 15),
    "uuid": lambda _: str(uuid.UUID(int=rng.getrandbits(128), version=4)),
    "ulid": lambda _: ulid(),
    "jwt": lambda _: jwt_hs(),
    "jwtrs": lambda _: jwt_rs(),
    "hvs": lambda _: "hvs.CAESI" + pick(B64U, 86) if rng.random() < 0.7 else "hvs." + pick(ALNUM, 24),
    "ceph": lambda _: ceph_key(),
    "akia": lambda _: "AKIA" + pick(UP + "234567", 16),
    "awssec": lambda _: pick(ALNUM + "+/", 40),
    "gcpkey": lambda _: gcp_key(),
    "pemrsa": lambda _: pem_rsa(),
    "pemec": lambda _: pem_ec(),
    "pempk": lambda _: pem_pk8(),
    "pemecyaml": lambda _: pem_ec().replace("\n", "\n    "),
    "openssh": lambda _: openssh(),
    "azkey": lambda _: b64(rbytes(64)),
    "tg": lambda _: str(rng.randint(500_000_000, 7_999_999_999)) + ":AA" + pick(B64U, 33),
    "xoxb": lambda _: f"xoxb-{pick(DIG, 12)}-{pick(DIG, 13)}-{pick(ALNUM, 24)}",
    "xoxp": lambda _: f"xoxp-{pick(DIG, 12)}-{pick(DIG, 12)}-{pick(DIG, 13)}-{pick(HEX, 32)}",
    "slackhook": lambda _: f"https://hooks.slack.com/services/T{pick(UP + DIG, 8)}/B{pick(UP + DIG, 10)}/{pick(ALNUM, 24)}",
    "discord": lambda _: b64url(str(rng.randint(10**17, 10**18 - 1)).encode()) + "." + pick(B64U, 6) + "." + pick(B64U, 38),
    "ghp": lambda _: "ghp_" + pick(ALNUM, 36),
    "ghpat": lambda _: "github_pat_11" + pick(UP + DIG, 20) + "_" + pick(ALNUM, 59),
    "glpat": lambda _: "glpat-" + pick(B64U, 20),
    "npm": lambda _: "npm_" + pick(ALNUM, 36),
    "pypi": lambda _: "pypi-AgEIcHlwaS5vcmc" + pick(B64U, 150),
    "sklive": lambda _: "sk_live_51" + pick(ALNUM, 97) if rng.random() < 0.6 else "sk_live_" + pick(ALNUM, 24),
    "rklive": lambda _: "rk_live_51" + pick(ALNUM, 97),
    "sg": lambda _: "SG." + pick(B64U, 22) + "." + pick(B64U, 43),
    "openai": lambda _: "sk-" + pick(ALNUM, 20) + "T3BlbkFJ" + pick(ALNUM, 20),
    "openaiproj": lambda _: "sk-proj-" + pick(B64U, 74) + "T3BlbkFJ" + pick(B64U, 74),
    "orkey": lambda _: "sk-or-v1-" + pick(HEX, 64),
    "st": lambda _: f"st.{pick(HEX, 24)}.{pick(HEX, 32)}.{pick(HEX, 32)}",
    "apr": lambda _: "$apr1$" + pick(ALNUM + "./", 8) + "$" + pick(ALNUM + "./", 22),
    "bcrypt": lambda _: "$2y$05$" + pick(ALNUM + "./", 53),
    "dockauth": lambda _: user_pw_b64(),
    "dockcfg": lambda _: dockcfg(),
    "kbase": lambda _: b64(strong_pw().encode()),
    "kcd": lambda _: kcd(),
    "kcdcert": lambda _: kcdcert(),
    "wg": lambda _: b64(rbytes(32)),
    "wpsalt": lambda _: pick(WP_SALT_CHARS, 64),
    "basic": lambda _: user_pw_b64(),
    "sshed": lambda _: ssh_ed(),
    "sshrsa": lambda _: ssh_rsa(),
    "sshecdsa": lambda _: ssh_ecdsa(),
    "fp": lambda _: b64(rbytes(32)).rstrip("="),
    "fpcolon": lambda _: colon_hex(32),
    "fpsha": lambda _: colon_hex(20),
    "btxt": lambda _: btxt(),
    "reqid": lambda _: "req_" + pick(ALNUM, 14),
}

PH = re.compile(r"<%([a-z]+)(\d*)(?:\.(\d+))?%>")


def fill(template):
    cache = {}

    def sub(m):
        key = m.group(0)
        if key not in cache:
            name, arg = m.group(1), m.group(2)
            if name not in GEN:
                raise KeyError(name)
            cache[key] = GEN[name](int(arg) if arg else None)
        return cache[key]

    out = PH.sub(sub, template)
    assert "<%" not in out, out
    return out


# ---------------------------------------------------------------------------
# secrets recognisable by their shape (by: format)
# (family, lang, template); pure shell/config lines are tagged "en"
FORMAT = [
    # JWT
    ("jwt", "en", 'curl -s https://api.wetopi.com/v2/sites -H "Authorization: Bearer <%jwt%>" | jq .'),
    ("jwt", "es", "pego aquí lo que sale en la cabecera para que lo veas: <%jwt%>"),
    ("jwt", "en", "2025-03-14T09:12:44Z WARN auth-proxy rejected expired credential sub=u_8812 raw=<%jwt%>"),
    ("jwt", "en", "users:\n- name: ci-deployer\n  user:\n    token: <%jwtrs%>"),
    ("jwt", "es", "Si quieres probar el endpoint de facturación usa este mientras tanto <%jwt%> y luego lo revoco"),
    ("jwt", "en", "export HERMES_SESSION=<%jwt%>"),
    ("jwt", "mixed", "oye el webhook de woo falla, en la request va x-wc-auth: <%jwt%> pero el backend dice 401"),
    # Vault hvs.
    ("vault-token", "en", "vault login <%hvs%>"),
    ("vault-token", "es", "Ana, te dejo el de root del Vault de staging: <%hvs%> (no lo subas al repo porfa)"),
    ("vault-token", "en", "VAULT_ADDR=https://vault.int.wetopi.net VAULT_TOKEN=<%hvs%> vault kv get secret/shop/db"),
    ("vault-token", "en", "found this in the CI logs of job 4471, somebody echoed it: <%hvs%>"),
    ("vault-token", "es", "he renovado el del approle de argo, el nuevo es <%hvs%> y dura 768h"),
    # PEM private keys
    ("pem-private-key", "en", "<%pemrsa%>"),
    ("pem-private-key", "es", "Esta es la key del certificado de *.clientes.wetopi.com, la he sacado del secret tls:\n<%pempk%>"),
    ("pem-private-key", "mixed", "$ sudo cat /etc/nginx/ssl/tienda-almagro.key\n<%pemec%>\nes esta la que hay que meter en el secret?"),
    ("pem-private-key", "en", "tls.key: |\n    <%pemecyaml%>"),
    # OpenSSH private keys
    ("openssh-private-key", "en", "here's the deploy key for the ansible runner, put it in the runner vars\n<%openssh%>"),
    ("openssh-private-key", "es", "ana@wt-laptop:~$ cat ~/.ssh/id_ed25519\n<%openssh%>"),
    ("openssh-private-key", "mixed", "la he metido en 1Password pero por si acaso te la pego: <%openssh%>"),
    # GCP service account
    ("gcp-service-account", "en", '{"type": "service_account", "project_id": "wetopi-backups", "private_key_id": "<%hex40%>", "private_key": "<%gcpkey%>", "client_email": "velero@wetopi-backups.iam.gserviceaccount.com"}'),
    ("gcp-service-account", "es", 'el json de la SA de los backups a GCS trae esto: "private_key": "<%gcpkey%>"'),
    ("gcp-service-account", "mixed", 'kubectl create secret generic gcs-creds --from-literal=key.json=\'{"type":"service_account","private_key":"<%gcpkey%>","client_email":"loki@wetopi-logs.iam.gserviceaccount.com"}\''),
    # AWS
    ("aws-keys", "en", "aws configure set aws_access_key_id <%akia%> && aws configure set aws_secret_access_key <%awssec%>"),
    ("aws-keys", "es", "las credenciales del bucket S3 de Ferretería Ruiz son <%akia%> / <%awssec%>"),
    ("aws-keys", "en", "[wetopi-archive]\naws_access_key_id = <%akia%>\naws_secret_access_key = <%awssec%>\nregion = eu-west-1"),
    ("aws-keys", "en", "rclone: s3-archive: using access key <%akia%>, secret <%awssec%>"),
    # GitHub
    ("github-token", "en", "git clone https://<%ghp%>@github.com/wetopi/hermes-charts.git"),
    ("github-token", "es", "Te paso mi PAT para que el runner pueda tirar de los submódulos: <%ghp%>"),
    ("github-token", "en", "GITHUB_TOKEN=<%ghp%> gh release create v0.4.2 --notes-file CHANGELOG.md"),
    ("github-token", "mixed", 'el action peta porque el secret tiene un espacio al final: "<%ghp%> "'),
    ("github-token", "en", "fine-grained token for renovate, contents:read on hermes-* only: <%ghpat%>"),
    ("github-token", "es", "echo <%ghpat%> | gh auth login --with-token"),
    ("github-token", "mixed", "he generado un github_pat nuevo para el bot de releases, expira en 90 días -> <%ghpat%>"),
    # GitLab
    ("gitlab-token", "en", "git remote set-url origin https://oauth2:<%glpat%>@gitlab.wetopi.net/infra/proxmox-ansible.git"),
    ("gitlab-token", "es", "el token del gitlab runner de la máquina de builds es <%glpat%>"),
    ("gitlab-token", "en", 'curl --header "PRIVATE-TOKEN: <%glpat%>" https://gitlab.wetopi.net/api/v4/projects/42/pipelines'),
    ("gitlab-token", "mixed", "Renovate necesita uno con read_api, usa este de momento <%glpat%>"),
    # Slack
    ("slack-token", "en", "SLACK_BOT_TOKEN=<%xoxb%>"),
    ("slack-token", "es", "para el bot de alertas en #ops usamos <%xoxb%>, ya tiene el scope chat:write"),
    ("slack-token", "en", "the user token I used for the channel export is <%xoxp%>, revoke it when you're done"),
    ("slack-webhook", "en", "receivers:\n- name: ops-slack\n  slack_configs:\n  - api_url: <%slackhook%>\n    channel: '#alerts'"),
    ("slack-webhook", "es", "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"backup OK\"}' <%slackhook%>"),
    ("slack-webhook", "mixed", "el webhook del canal #ventas es <%slackhook%>, lo usa el zap de HubSpot para los deals ganados"),
    # Telegram
    ("telegram-bot-token", "es", "El bot de Hermes de Ana en Telegram va con <%tg%>"),
    ("telegram-bot-token", "en", "TELEGRAM_BOT_TOKEN=<%tg%> hermes gateway start --profile wetopi-lead"),
    ("telegram-bot-token", "en", "telegram polling error for https://api.telegram.org/bot<%tg%>/getUpdates: 409 Conflict: terminated by other getUpdates request"),
    ("telegram-bot-token", "mixed", "BotFather me ha devuelto esto: <%tg%> — lo meto directamente en el secret del agente?"),
    # Discord
    ("discord-bot-token", "en", "discord bot for the community server, same one as the old forum bridge: <%discord%>"),
    ("discord-bot-token", "es", "DISCORD_TOKEN=<%discord%> en el .env del bot de soporte"),
    # Stripe
    ("stripe-key", "en", "STRIPE_SECRET_KEY=<%sklive%>"),
    ("stripe-key", "es", "La clave de Stripe de producción de la tienda de Vinos Almagro es <%sklive%>"),
    ("stripe-key", "en", "curl https://api.stripe.com/v1/refunds -u <%sklive%>: -d charge=ch_3N<%alnum22%>"),
    ("stripe-key", "mixed", "restricted key para el dashboard de MRR: <%rklive%>, solo lectura de invoices y subscriptions"),
    # SendGrid
    ("sendgrid-key", "en", "SENDGRID_API_KEY=<%sg%>"),
    ("sendgrid-key", "es", "el WP Mail SMTP de la web de la clínica tira de sendgrid con <%sg%>"),
    ("sendgrid-key", "en", "smtp.sendgrid.net:587 user apikey pass <%sg%>"),
    # OpenAI-style
    ("openai-key", "en", "OPENAI_API_KEY=<%openaiproj%>"),
    ("openai-key", "es", "usa mi key de OpenAI para las pruebas del agente, que la de la empresa está sin saldo: <%openai%>"),
    ("openai-key", "mixed", "el provider de Hermes en staging apunta a openrouter con <%orkey%>"),
    # npm / PyPI
    ("npm-token", "en", "//registry.npmjs.org/:_authToken=<%npm%>"),
    ("npm-token", "es", "para publicar @wetopi/ui en npm usa <%npm%>, es de automation así que salta el 2FA"),
    ("pypi-token", "en", "[pypi]\n  username = __token__\n  password = <%pypi%>"),
    ("pypi-token", "en", "twine upload dist/* -u __token__ -p <%pypi%>"),
    # Proxmox API tokens
    ("proxmox-api-token", "en", "curl -k -H 'Authorization: PVEAPIToken=root@pam!ci=<%uuid%>' https://pve1.int.wetopi.net:8006/api2/json/nodes"),
    ("proxmox-api-token", "es", "Para el exporter de Proxmox usa PVEAPIToken=monitoring@pve!prom=<%uuid%>"),
    ("proxmox-api-token", "en", "Authorization: PVEAPIToken=terraform@pve!tf=<%uuid%>"),
    ("proxmox-api-token", "mixed", "el job de backup llama a la API con PVEAPIToken=backup@pbs!nightly=<%uuid%> y da 401 desde ayer"),
    # Infisical service tokens
    ("infisical-service-token", "en", "INFISICAL_TOKEN=<%st%> infisical export --env=prod --path=/shop"),
    ("infisical-service-token", "es", "el service token del proyecto platform en Infisical es <%st%>"),
    ("infisical-service-token", "en", "argocd-vault-plugin sidecar picks up <%st%> from the mounted file, that's why it still works"),
    ("infisical-service-token", "mixed", "ojo que el st. que pusimos en el helm del operator era <%st%>, hay que rotarlo ya"),
    # database URLs with passwords
    ("db-url", "en", "DATABASE_URL=postgres://shop_app:<%pwu%>@pg-main.db.svc.cluster.local:5432/shop?sslmode=require"),
    ("db-url", "es", "conéctate a mysql://wp_clinica:<%pwu%>@10.20.3.14:3306/wp_clinica y mira la tabla wp_options"),
    ("db-url", "en", "MONGO_URI=mongodb+srv://hermes:<%pwu%>@cluster0.x7k2p.mongodb.net/agents?retryWrites=true&w=majority"),
    ("db-url", "mixed", "el celery del billing usa amqp://billing:<%pwu%>@rabbitmq.billing.svc:5672/prod, por eso no lo encontrabas en el values"),
    ("db-url", "en", "CACHE_URL=redis://:<%pwu%>@redis-master.shop.svc:6379/0"),
    ("db-url", "es", 'psql "postgresql://ana:<%pwu%>@127.0.0.1:6432/hindsight" -c "select count(*) from memory_units"'),
    ("db-url", "en", "sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) could not connect to postgresql+psycopg2://hindsight:<%pwu%>@pg-hindsight-rw:5432/hindsight"),
    # htpasswd lines
    ("htpasswd", "en", "$ cat /etc/nginx/.htpasswd-prometheus\nprometheus:<%apr%>\ngrafana:<%apr.2%>"),
    ("htpasswd", "es", "he añadido a Lucía al htpasswd del staging: lucia:<%bcrypt%>"),
]

# ---------------------------------------------------------------------------
# secrets only the surrounding words reveal (by: context)
CONTEXT = [
    # redis requirepass / redis-cli -a / AUTH
    ("redis-requirepass", "en", "requirepass <%pw%>"),
    ("redis-requirepass", "es", "en el redis.conf de staging he puesto requirepass <%hex20%> y reiniciado el servicio"),
    ("redis-requirepass", "mixed", "ojo, el sentinel también necesita el requirepass, es <%pw%>"),
    ("redis-requirepass", "en", 'redis-cli CONFIG SET requirepass "<%pw%>"'),
    ("redis-requirepass", "es", "el requirepass del redis de sesiones de WooCommerce es <%weakpw%>, sí, hay que cambiarlo"),
    ("redis-cli-a", "en", "redis-cli -h redis-master.shop.svc -a '<%pw%>' INFO replication"),
    ("redis-cli-a", "es", "prueba con redis-cli -a <%hex24%> --no-auth-warning ping y dime qué te sale"),
    ("redis-cli-a", "en", "  512  redis-cli -p 6380 -a <%pw%> monitor | grep wc_session"),
    ("redis-cli-a", "mixed", 'kubectl exec -it redis-0 -n shop -- redis-cli -a "<%pw%>" DBSIZE, a ver cuántas keys quedan'),
    ("redis-auth", "en", "127.0.0.1:6379> AUTH default <%pw%>\nOK\n127.0.0.1:6379> KEYS wp_*"),
    ("redis-auth", "es", "conecto con nc al 6379, mando AUTH <%weakpw%> y responde +OK, así que la pass es esa"),
    ("redis-auth", "en", "the object-cache drop-in sends AUTH <%hex32%> on every connect, that's the line you see in the MONITOR output"),
    # MySQL / MariaDB
    ("mysql-password", "en", "mysql -u root -p'<%pw%>' -h 10.20.3.14 -e \"SHOW FULL PROCESSLIST\""),
    ("mysql-password", "es", "mysqldump --user=backup --password=<%pw%> --single-transaction wp_tienda > /tmp/tienda.sql"),
    ("mysql-password", "en", "mysql -uadmin -p<%pw%> wetopi_billing < fix_invoices.sql"),
    ("mysql-password", "mixed", "el cron del backup hace mysql --password='<%pw%>' y se ve en el ps aux, hay que pasarlo a un .my.cnf"),
    ("mysql-password", "es", "para entrar al MariaDB del cliente: usuario wp_8823, contraseña <%pw%>"),
    ("mysql-password", "en", "[client]\nuser=root\npassword=<%pw%>\nhost=127.0.0.1"),
    # PGPASSWORD / pgpass
    ("pgpassword", "en", "PGPASSWORD='<%pw%>' pg_dump -h pg-main -U shop -Fc shop > shop.dump"),
    ("pgpassword", "es", "exporta PGPASSWORD=<%pw%> y lanza el psql contra la réplica, no contra el primario"),
    ("pgpassword", "en", "env:\n  - name: PGPASSWORD\n    value: \"<%pw%>\""),
    ("pgpassword", "mixed", "mi ~/.pgpass tiene pg-hindsight-rw:5432:hindsight:hindsight:<%pw%>, cópiala si la necesitas"),
    # Ceph keyrings
    ("ceph-keyring", "en", "[client.admin]\n\tkey = <%ceph%>\n\tcaps mds = \"allow *\"\n\tcaps mon = \"allow *\""),
    ("ceph-keyring", "es", "el keyring del cliente de k8s para RBD: [client.kubernetes] key = <%ceph%>"),
    ("ceph-keyring", "en", "ceph auth get-key client.cephfs returned <%ceph%>"),
    ("ceph-keyring", "mixed", "para montar el cephfs en el nodo de backups: mount -t ceph 10.0.10.11:6789:/ /mnt/cephfs -o name=backup,secret=<%ceph%>"),
    ("ceph-keyring", "es", "userKey: <%ceph%> en el secret csi-rbd-secret del namespace ceph-csi-rbd"),
    # Argo CD admin password
    ("argocd-admin-password", "es", "la contraseña inicial del admin de Argo CD es <%argopw%>"),
    ("argocd-admin-password", "en", "argocd login argocd.int.wetopi.net --username admin --password <%argopw%> --grpc-web"),
    ("argocd-admin-password", "mixed", 'kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath="{.data.password}" | base64 -d\n<%argopw%>'),
    ("argocd-admin-password", "en", "argo admin pw changed to <%pw%> after the 2.12 upgrade, tell Marc"),
    # Vault legacy s. tokens
    ("vault-token", "en", "export VAULT_TOKEN=s.<%alnum24%>"),
    ("vault-token", "es", "el token viejo del vault (s.<%alnum24%>) sigue funcionando en el clúster legacy, no sé por qué"),
    ("vault-token", "en", "X-Vault-Token: s.<%alnum24%>"),
    # keepalived
    ("keepalived-auth-pass", "en", "authentication {\n    auth_type PASS\n    auth_pass <%alnum8%>\n}"),
    ("keepalived-auth-pass", "es", "en los LB WAN el auth_pass del VRRP es <%alnum8%>, tiene que coincidir en lb1 y lb2"),
    ("keepalived-auth-pass", "mixed", "keepalived no levanta la VIP porque el auth_pass de lb2 era <%alnum8%> y en lb1 había otro"),
    # LDAP
    ("ldap-bindpw", "en", "bindDN: cn=readonly,dc=wetopi,dc=net\nbindPW: <%pw%>"),
    ("ldap-bindpw", "es", "en /etc/nslcd.conf: binddn cn=nss,ou=svc,dc=wetopi,dc=net y bindpw <%pw%>"),
    ("ldap-bindpw", "en", "gitlab.rb: 'bind_dn' => 'cn=gitlab,ou=svc,dc=wetopi,dc=net', 'password' => '<%pw%>'"),
    # SMTP
    ("smtp-password", "es", "El SMTP de notificaciones es smtp.mailgun.org:587, usuario postmaster@mg.wetopi.com y contraseña <%pw%>"),
    ("smtp-password", "en", "SMTP_PASSWORD=<%pw%>"),
    ("smtp-password", "mixed", "en el WP Mail SMTP de la web de Autoescuela Pérez he puesto el pass del buzón: <%weakpw%>"),
    ("smtp-password", "en", "[smtp]\nenabled = true\nhost = smtp.office365.com:587\nuser = alertas@wetopi.com\npassword = <%pw%>"),
    # MinIO
    ("minio-credentials", "en", "MINIO_ROOT_USER=admin\nMINIO_ROOT_PASSWORD=<%pw%>"),
    ("minio-credentials", "es", "mc alias set backups https://s3.int.wetopi.net velero <%alnum40%>"),
    ("minio-credentials", "en", "the velero BSL uses access key velero and secret key <%alnum40%> against the MinIO on pve4"),
    ("minio-credentials", "mixed", "he creado un service account en MinIO para loki: accessKey loki-sa, secretKey <%alnum40%>"),
    # Docker registry
    ("docker-registry", "en", "docker login registry.wetopi.net -u ci -p <%pw%>"),
    ("docker-registry", "es", "el pull secret de harbor usa robot$argocd con password <%alnum32%>"),
    ("docker-registry", "en", "echo '<%pw%>' | docker login ghcr.io -u wetopi-bot --password-stdin"),
    ("docker-config", "en", '{"auths":{"registry.wetopi.net":{"auth":"<%dockauth%>"}}}'),
    ("docker-config", "es", 'en ~/.docker/config.json del runner sale "auth": "<%dockauth%>" para harbor.wetopi.net'),
    ("docker-config", "mixed", "el imagePullSecret tiene .dockerconfigjson: <%dockcfg%>"),
    # Datadog
    ("datadog-key", "en", "DD_API_KEY=<%hex32%>"),
    ("datadog-key", "es", "la app key de Datadog para el script de dashboards es <%hex40%>"),
    ("datadog-key", "en", "helm install datadog-agent datadog/datadog --set datadog.apiKey=<%hex32%> --set datadog.site=datadoghq.eu"),
    # Infisical universal auth
    ("infisical-client-secret", "en", "INFISICAL_UNIVERSAL_AUTH_CLIENT_ID=<%uuid%>\nINFISICAL_UNIVERSAL_AUTH_CLIENT_SECRET=<%hex64%>"),
    ("infisical-client-secret", "es", "la machine identity de argocd: client id <%uuid%> y client secret <%hex64%>"),
    ("infisical-client-secret", "en", "infisical login --method=universal-auth --client-id=<%uuid%> --client-secret=<%hex64%> --silent"),
    ("infisical-client-secret", "mixed", "clientSecret: <%hex64%> lo he puesto directo en el InfisicalSecret del ns shop, luego lo movemos"),
    # kubeconfig client keys
    ("kubeconfig-client-key", "en", "- name: default\n  user:\n    client-certificate-data: <%kcdcert%>\n    client-key-data: <%kcd%>"),
    ("kubeconfig-client-key", "es", "te copio la parte del user de mi kubeconfig del rke2 → client-key-data: <%kcd%>"),
    ("kubeconfig-client-key", "en", "$ grep client-key-data ~/.kube/config\n    client-key-data: <%kcd%>"),
    # Kubernetes Secret manifests
    ("k8s-secret", "en", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: shop-db\n  namespace: shop\ntype: Opaque\ndata:\n  username: c2hvcA==\n  password: <%kbase%>"),
    ("k8s-secret", "en", "kind: Secret\nmetadata:\n  name: hindsight-llm\nstringData:\n  DB_USER: hindsight\n  DB_PASSWORD: \"<%pw%>\""),
    ("k8s-secret", "es", "el secret de hindsight tiene data: { api-key: <%kbase%> }, decodifícalo y pruébalo con curl"),
    ("k8s-secret", "en", "kubectl create secret generic smtp-creds -n monitoring --from-literal=username=alertas --from-literal=password='<%pw%>'"),
    ("k8s-secret", "mixed", "kubectl get secret grafana -n monitoring -o yaml | grep admin-password\n  admin-password: <%kbase%>"),
    # AWS secret alone
    ("aws-keys", "es", "la secret access key de la cuenta de backups es <%awssec%>"),
    ("aws-keys", "en", "AWS_SECRET_ACCESS_KEY=<%awssec%>"),
    # Azure
    ("azure-storage-key", "en", "DefaultEndpointsProtocol=https;AccountName=wetopibackups;AccountKey=<%azkey%>;EndpointSuffix=core.windows.net"),
    ("azure-storage-key", "es", "la AccountKey del storage de Azure del cliente Grupo Norte: <%azkey%>"),
    ("azure-storage-key", "en", "az storage blob upload --account-name wetopiarch --account-key <%azkey%> -c dumps -f db.sql.gz"),
    # WireGuard
    ("wireguard-private-key", "en", "[Interface]\nPrivateKey = <%wg%>\nAddress = 10.99.0.5/32\nListenPort = 51820"),
    ("wireguard-private-key", "es", "la PrivateKey del peer de la oficina es <%wg%>, la pública ya la tiene el hub"),
    ("wireguard-private-key", "en", "wg set wg0 private-key <(echo <%wg%>) peer <%wg.2%> endpoint vpn.wetopi.net:51820"),
    # wp-config.php
    ("wp-config", "en", "define( 'DB_PASSWORD', '<%pw%>' );"),
    ("wp-config", "es", "en el wp-config.php de la tienda: define('DB_PASSWORD', '<%weakpw%>'); ya sé, ya sé"),
    ("wp-config", "mixed", "el DB_PASSWORD del wp-config del cliente es <%pw%>, lo he sacado por SFTP"),
    ("wp-salts", "en", "define( 'AUTH_KEY',         '<%wpsalt%>' );"),
    ("wp-salts", "en", "define('SECURE_AUTH_SALT', '<%wpsalt%>');\ndefine('LOGGED_IN_SALT',   '<%wpsalt.2%>');"),
    ("wp-salts", "es", "he regenerado las salts de la web de la bodega, la NONCE_KEY nueva es <%wpsalt%>"),
    # .env lines
    ("dotenv", "en", "APP_KEY=base64:<%bb32%>"),
    ("dotenv", "en", "DJANGO_SECRET_KEY=<%alnum50%>"),
    ("dotenv", "es", "en el .env de producción: HINDSIGHT_API_KEY=<%alnum40%>"),
    ("dotenv", "mixed", "JWT_SECRET=<%hex64%> en el .env del portal de clientes, por eso los logins valían en staging"),
    # Helm values
    ("helm-values", "en", "postgresql:\n  auth:\n    postgresPassword: <%pw%>\n    username: shop\n    password: <%pw.2%>"),
    ("helm-values", "es", "helm upgrade --install grafana grafana/grafana -n monitoring --set adminPassword='<%pw%>'"),
    ("helm-values", "en", "redis:\n  architecture: replication\n  auth:\n    enabled: true\n    password: \"<%pw%>\""),
    ("helm-values", "mixed", "en el values-prod.yaml de hindsight: llm: { provider: openrouter, apiKey: <%alnum40%> }"),
    # root passwords in prose
    ("root-password", "es", "la contraseña de root del proxmox pve3 es <%pw%>"),
    ("root-password", "es", "Pon la de root: <%weakpw%> y luego la cambias desde la consola IPMI"),
    ("root-password", "en", "root password for the new hetzner box (AX102, fsn1) is <%pw%>"),
    ("root-password", "mixed", "el root pass del NAS de la oficina es <%weakpw%>, por si se reinicia y no monta"),
    ("root-password", "es", "contraseña del usuario root de mariadb-galera: <%pw%>"),
    # wifi
    ("wifi-password", "es", "el pass del wifi de la oficina es <%weakpw%>"),
    ("wifi-password", "mixed", "WiFi invitados → red Wetopi-Guest, clave <%weakpw%>"),
    ("wifi-password", "en", "the wifi password at the Valencia coworking is <%weakpw%>"),
    # weak passwords in prose
    ("weak-password", "en", "lol the admin panel of the staging shop is still admin / password <%weakpw%>"),
    ("weak-password", "es", "contraseña: <%spwd%>"),
    ("weak-password", "es", "te paso la clave: <%weakpw%>"),
    ("weak-password", "en", "just use password <%weakpw%> for the test customer account, it's only staging"),
    ("weak-password", "es", "la clave del Plesk del cliente sigue siendo <%spwd%> desde que lo migramos"),
    ("weak-password", "mixed", "te he reseteado el user de Grafana, pass temporal <%spwd%> y te pedirá cambiarla"),
    ("weak-password", "es", "Usuario: soporte@wetopi.com\nContraseña: <%spwd%>"),
    ("weak-password", "en", "pwd for the shared 1Password vault is <%weakpw%>, don't tell anyone"),
    # Bearer / Basic / curl -u
    ("bearer-token", "en", "Authorization: Bearer <%alnum40%>"),
    ("bearer-token", "es", "la API de Hindsight espera la cabecera Bearer <%hex48%>, sin comillas"),
    ("bearer-token", "en", 'curl -H "Authorization: Bearer <%alnum32%>" https://hindsight.int.wetopi.net/v1/default/banks'),
    ("bearer-token", "mixed", "en Postman tengo puesto Bearer <%bu40%> y funciona, desde el agente no"),
    ("basic-auth", "en", "Authorization: Basic <%basic%>"),
    ("basic-auth", "es", "el check de UptimeRobot manda Basic <%basic%> contra /wp-admin del staging"),
    ("basic-auth", "en", 'nginx access log shows the scraper sending "Authorization: Basic <%basic%>" on every request'),
    ("curl-user", "en", "curl -u admin:<%pw%> https://grafana.int.wetopi.net/api/dashboards/uid/k8s-nodes"),
    ("curl-user", "es", "curl -k -u elastic:<%pw%> https://es01:9200/_cat/indices?v"),
    ("curl-user", "en", "curl -su 'ci-bot:<%pw%>' https://registry.wetopi.net/v2/_catalog"),
    ("curl-user", "mixed", "el check de pingdom hace curl --user monitor:<%weakpw%> contra el endpoint de salud"),
    # generic tokens / api keys given by context
    ("api-token", "en", "hindsight:\n  url: http://hindsight-api.wetopi-memory:8888\n  token: <%alnum40%>"),
    ("api-token", "es", "API key de Hetzner Cloud para el proyecto wt-prod: <%alnum64%>"),
]

# ---------------------------------------------------------------------------
# clean lines: hard look-alikes (by: negative)
NEGATIVE = [
    # commit hashes
    ("git-commit", "en", "reverted <%hex40%> because it broke the ingress annotations on the shop chart"),
    ("git-commit", "es", "el commit que metió el bug es <%hex7%>, lo he encontrado con git bisect en 6 pasos"),
    ("git-commit", "en", "git cherry-pick <%hex40%>"),
    ("git-commit", "mixed", "Argo está Synced pero con la revisión <%hex40%>, no con la última de main"),
    ("git-commit", "en", "HEAD is now at <%hex7%> chore(helm): bump hindsight chart to 0.9.2"),
    ("git-commit", "es", "¿puedes revisar la MR? el último commit es <%hex12%> y ya pasa el pipeline"),
    ("git-commit", "en", "spec:\n  source:\n    repoURL: https://gitlab.wetopi.net/platform/apps.git\n    targetRevision: <%hex40%>"),
    ("git-commit", "en", 'time="2025-05-02T10:41:07Z" level=info msg="Comparing app state" application=argocd/shop revision=<%hex40%>'),
    # UUIDs
    ("uuid", "en", "kubectl get pv | grep pvc-<%uuid%>"),
    ("uuid", "es", "el cliente tiene el site_id <%uuid%> en el panel, búscalo por ahí"),
    ("uuid", "en", "proxmox says VM 214 (uuid <%uuid%>) is locked (backup), can't migrate it"),
    ("uuid", "mixed", "la instancia de Hermes del cliente es instance_id=<%uuid%>, la de staging es otra"),
    ("uuid", "en", "[global]\nfsid = <%uuid%>\nmon_host = 10.0.10.11,10.0.10.12,10.0.10.13"),
    ("uuid", "es", "Ese volumen es la imagen rbd csi-vol-<%uuid%> del pool rbd-ssd"),
    ("uuid", "en", "X-Correlation-Id: <%uuid%>"),
    ("uuid", "en", "InfisicalSecret spec: projectId <%uuid%>, envSlug prod, secretsPath /shop"),
    # image digests
    ("image-digest", "en", "image: registry.wetopi.net/hermes/agent@sha256:<%hex64%>"),
    ("image-digest", "es", "el pod sigue tirando del digest sha256:<%hex64%>, no del tag nuevo"),
    ("image-digest", "en", "Digest: sha256:<%hex64%>\nStatus: Downloaded newer image for nginx:1.27-alpine"),
    ("image-digest", "en", "IMAGE ID <%hex12%>  registry.k8s.io/ingress-nginx/controller  v1.11.2"),
    ("image-digest", "mixed", "harbor dice que la CVE está en la capa sha256:<%hex64%>, que viene de la base de debian"),
    ("image-digest", "en", "cosign verify --key cosign.pub registry.wetopi.net/shop/php-fpm@sha256:<%hex64%>"),
    ("image-digest", "es", "fijamos la imagen de velero por digest (sha256:<%hex64%>) para que no cambie sola"),
    ("image-digest", "en", "    imageID: docker.io/library/redis@sha256:<%hex64%>"),
    # placeholders / templated references
    ("placeholder-var", "en", "requirepass ${REDIS_PASSWORD}"),
    ("placeholder-var", "en", "PGPASSWORD=$PGPASS pg_dump -h pg-main -U shop shop > /backup/shop.sql"),
    ("placeholder-var", "en", "      password: {{ .Values.redis.auth.password | quote }}"),
    ("placeholder-var", "es", "en el template pon adminPassword: {{ .Values.grafana.adminPassword }} y que lo rellene Argo desde el secret"),
    ("placeholder-var", "en", "mysql -u root -p\"$(cat /run/secrets/mysql_root)\" -e 'select 1'"),
    ("placeholder-var", "en", "DATABASE_URL=postgres://${DB_USER}:${DB_PASS}@${DB_HOST}:5432/shop"),
    ("placeholder-var", "en", "the pod spec renders token: $(INFISICAL_TOKEN) from the env, that's expected, kubelet expands it"),
    ("placeholder-var", "en", 'curl -u "$GRAFANA_USER:$GRAFANA_PASSWORD" https://grafana.int.wetopi.net/api/health'),
    ("placeholder-var", "es", "mejor así: define( 'DB_PASSWORD', getenv('WORDPRESS_DB_PASSWORD') ); y la variable la pone el contenedor"),
    ("placeholder-var", "en", 'Authorization: Bearer ${HINDSIGHT_API_KEY}'),
    # env var names without values
    ("env-var-name", "es", "falta exportar DD_API_KEY en el job de CI, por eso no llegan métricas"),
    ("env-var-name", "en", "MINIO_ROOT_PASSWORD is only read at startup, so the pod needs a restart after rotation"),
    ("env-var-name", "mixed", "el pod no arranca porque no encuentra la variable INFISICAL_UNIVERSAL_AUTH_CLIENT_SECRET"),
    ("env-var-name", "en", "env | grep -c AWS_SECRET_ACCESS_KEY returns 0 on the new runner"),
    ("env-var-name", "es", "He añadido STRIPE_SECRET_KEY y SENDGRID_API_KEY a la lista de variables obligatorias del portal"),
    ("env-var-name", "en", "unset VAULT_TOKEN PGPASSWORD REDISCLI_AUTH"),
    ("env-var-name", "en", "Error: required environment variable TELEGRAM_BOT_TOKEN is not set"),
    # secretKeyRef & co.
    ("secret-ref", "en", "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: shop-db\n        key: password"),
    ("secret-ref", "es", "cambia el deployment para que use secretKeyRef a hindsight-api/api-key en vez del valor en claro"),
    ("secret-ref", "en", "auth:\n  existingSecret: redis-auth\n  existingSecretPasswordKey: redis-password"),
    ("secret-ref", "en", "the ExternalSecret maps remoteRef key /platform/argocd/admin to secretKey password"),
    ("secret-ref", "mixed", "el chart de grafana acepta admin.existingSecret: grafana-admin, mejor eso que adminPassword en el values"),
    # password policies
    ("password-policy", "es", "Las contraseñas de los clientes deben tener al menos 12 caracteres, una mayúscula y un número"),
    ("password-policy", "en", "Policy: service passwords are rotated every 90 days and must be at least 32 random characters"),
    ("password-policy", "mixed", "La password policy del realm wetopi en Keycloak ahora es length(14) and notUsername and passwordHistory(5)"),
    ("password-policy", "es", "No se permiten contraseñas que contengan el nombre de la empresa ni el dominio del cliente"),
    ("password-policy", "en", "minimum password length for wp-admin users was raised from 8 to 12 via the security plugin"),
    ("password-policy", "en", "password_policy: { min_length: 16, require_symbols: true, max_age_days: 180 }"),
    ("password-policy", "es", "recordad que los tokens de API caducan a los 30 días y hay que pedir uno nuevo abriendo ticket"),
    # secret words used plainly
    ("plain-word", "en", "the token refresh logic in the Telegram gateway retries three times before giving up"),
    ("plain-word", "es", "la clave está en reiniciar el nodo antes de drenar, no después"),
    ("plain-word", "es", "Argo crea el secret argocd-initial-admin-secret solo en la primera instalación"),
    ("plain-word", "en", "the password reset email for WooCommerce customers lands in spam for Gmail users"),
    ("plain-word", "es", "La palabra clave principal del SEO de la tienda es \"vino ecológico\", no \"vino bio\""),
    ("plain-word", "en", "Secret management is handled by Infisical; values never go into Slack or Git"),
    ("plain-word", "es", "¿dónde se configura el token lifetime de los agentes? no lo encuentro en el values"),
    ("plain-word", "mixed", "el campo password del formulario de registro no valida bien las tildes, bug de frontend"),
    # SSH public keys
    ("ssh-public-key", "en", "ssh-ed25519 <%sshed%> ana@wt-laptop"),
    ("ssh-public-key", "es", "añade mi clave pública al authorized_keys de pve2: ssh-ed25519 <%sshed%> marc@thinkpad"),
    ("ssh-public-key", "en", "ssh-rsa <%sshrsa%> deploy@gitlab-runner-02"),
    ("ssh-public-key", "en", "users:\n  - name: ansible\n    ssh_authorized_keys:\n      - ssh-ed25519 <%sshed%> ansible@bastion"),
    ("ssh-public-key", "mixed", "la deploy key (la pública, tranqui) del repo de apps es ssh-ed25519 <%sshed%> argocd"),
    ("ssh-public-key", "en", "ecdsa-sha2-nistp256 <%sshecdsa%> root@pve1"),
    # certificate / host-key fingerprints
    ("fingerprint", "en", "ED25519 key fingerprint is SHA256:<%fp%>.\nAre you sure you want to continue connecting (yes/no/[fingerprint])?"),
    ("fingerprint", "es", "la huella SHA256 del certificado de hindsight es <%fpcolon%>"),
    ("fingerprint", "en", "pin the upstream cert in the agent config: sha256 fingerprint <%fpcolon%>"),
    ("fingerprint", "en", "$ openssl x509 -noout -fingerprint -sha1 -in tls.crt\nSHA1 Fingerprint=<%fpsha%>"),
    ("fingerprint", "mixed", "el host key de pve3 ha cambiado a RSA SHA256:<%fp%>, es normal porque lo reinstalamos"),
    # checksums
    ("checksum", "en", "<%hex64%>  rke2.linux-amd64.tar.gz"),
    ("checksum", "es", "comprueba que el sha256sum de la ISO de Proxmox 8.2 sea <%hex64%> antes de grabarla"),
    ("checksum", "en", "md5 of the db dump is <%hex32%>, matches the copy on the backup host"),
    ("checksum", "en", "sha512sum velero-v1.14.1-linux-amd64.tar.gz\n<%hex128%>  velero-v1.14.1-linux-amd64.tar.gz"),
    ("checksum", "mixed", "el checksum del chart hindsight-0.9.2.tgz no cuadra con el index.yaml: esperado <%hex64%>"),
    ("checksum", "en", 'HTTP/2 200\ncontent-type: image/webp\netag: "<%hex32%>"'),
    # base64 of ordinary text
    ("base64-text", "en", "echo <%btxt%> | base64 -d"),
    ("base64-text", "es", "el ConfigMap tiene binaryData.banner con <%btxt%>, es solo el texto del login"),
    ("base64-text", "en", "the Woo webhook body comes base64-encoded, this one decodes to the cancellation notice: <%btxt%>"),
    ("base64-text", "en", "kind: ConfigMap\nmetadata:\n  name: motd\nbinaryData:\n  motd.txt: <%btxt%>"),
    # explicit placeholders and masked values
    ("masked-placeholder", "en", "export HINDSIGHT_API_KEY=<your-token>"),
    ("masked-placeholder", "es", "password: xxxx (pídesela a Marc, no la pongo aquí)"),
    ("masked-placeholder", "en", "Authorization: Bearer REDACTED"),
    ("masked-placeholder", "en", "requirepass ********"),
    ("masked-placeholder", "mixed", "el log enseña DATABASE_URL=postgres://shop:***@pg-main:5432/shop, está enmascarado, tranquilo"),
    ("masked-placeholder", "en", 'client_secret: "<CLIENT_SECRET>"'),
    ("masked-placeholder", "es", "En el runbook pon \"contraseña: <la del Infisical>\" y nada más"),
    ("masked-placeholder", "en", "token: [REDACTED by gitleaks]"),
    ("masked-placeholder", "en", "aws_secret_access_key = YOUR_SECRET_KEY_HERE"),
    ("masked-placeholder", "mixed", "el ejemplo del README pone GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxx, no es uno real"),
    # request ids
    ("request-id", "en", "X-Request-Id: <%hex32%>"),
    ("request-id", "es", "el cliente manda la captura del error de Stripe con el request id <%reqid%>"),
    ("request-id", "en", "cloudflare ray id <%hex16%>-MAD for the 520 the customer saw"),
    ("request-id", "en", '10.42.3.17 - - [02/May/2025:10:41:07 +0000] "POST /wp-admin/admin-ajax.php HTTP/1.1" 502 157 req_id=<%uuid%> upstream_response_time=30.001'),
    # trace ids
    ("trace-id", "en", "traceparent: 00-<%hex32%>-<%hex16%>-01"),
    ("trace-id", "es", "busca en Tempo el trace <%hex32%>, es el checkout que tarda 9 segundos"),
    ("trace-id", "en", 'level=warn span_id=<%hex16%> trace_id=<%hex32%> msg="recall timeout" bank=wetopi-platform'),
    ("trace-id", "mixed", "en Grafana el traceID <%hex32%> enseña 4 s en el recall de hindsight, el resto va bien"),
    # ULIDs
    ("ulid", "en", "memory item <%ulid%> stored in wetopi-platform (deduped=false)"),
    ("ulid", "es", "el id interno de Ana es u_<%ulid%>, no uses el de Telegram"),
    ("ulid", "en", "audit event <%ulid%> shows the retain was deduplicated"),
    # version strings
    ("version", "en", "rke2 version v1.30.4+rke2r1 (go version go1.22.5 X:boringcrypto)"),
    ("version", "es", "subimos Ceph de 18.2.2 a 18.2.4 y Proxmox VE a 8.2.7 el sábado por la noche"),
    ("version", "en", "argocd: v2.12.3+6b9cd82, hindsight chart 0.9.2, app 0.9.2-rc.1, ingress-nginx 4.11.2"),
    # long hostnames
    ("hostname", "en", "dial tcp: lookup ip-10-20-3-14.eu-west-1.compute.internal on 10.43.0.10:53: no such host"),
    ("hostname", "es", "el CNAME es shop-7f3a9c2e1b.clientes.edge.wetopi-cdn.net y apunta a lb-wan-01.mad1.wetopi.net"),
    # pod names with hashes
    ("k8s-resource-name", "en", "shop-7d9f8c6b5-x2x8q        0/1     CrashLoopBackOff   12 (3m ago)   38m"),
    ("k8s-resource-name", "es", "borra el pod hindsight-api-5c8d7f9b6-kq2lp, se ha quedado colgado en Terminating"),
]

# ---------------------------------------------------------------------------
# clean lines: ordinary work sentences (by: prose)
PROSE = [
    ("es", "Rota el token de Slack mañana, que ya lleva un año sin cambiarse"),
    ("es", "La contraseña del redis está en Infisical, en /platform/redis, no la pongas en el chat"),
    ("es", "He pedido a Lucía que cambie la clave del panel de Hetzner porque el becario ya no está"),
    ("es", "Mañana a las 10 tenemos la demo con la agencia de Bilbao, llevo yo las diapositivas"),
    ("es", "El cliente de la bodega se queja de que la web va lenta solo por las tardes"),
    ("es", "Subimos el plan Pro a 39 €/mes a partir de enero, lo aprobó el comité el martes"),
    ("es", "Ojo que el nodo wk-04 tiene el disco al 91%"),
    ("es", "¿Alguien sabe por qué Argo marca OutOfSync la app de monitoring si no hemos tocado nada?"),
    ("es", "Hoy no llego a la daily, tengo médico a primera hora"),
    ("es", "He dejado el runbook de restauración de velero en la wiki, sección plataforma"),
    ("es", "Nadie debería tener la contraseña de root de los Proxmox guardada en su portátil"),
    ("es", "El token de Telegram del bot de Ana ha caducado, hay que generar otro con BotFather"),
    ("es", "Para la factura de marzo de Clínica Dental Sonrisa aplica el descuento del 15%"),
    ("es", "Prefiero que me mandes los resúmenes por la mañana temprano, antes de las 9"),
    ("es", "Los certificados de Let's Encrypt se renuevan solos con cert-manager, no hace falta tocarlos"),
    ("es", "Hay que preguntar al proveedor de fibra por qué perdimos 3 de cada 100 paquetes anoche"),
    ("es", "la web del cliente tiene un plugin de caché que se pelea con el nuestro xd"),
    ("es", "He olvidado mi contraseña de la VPN otra vez, ¿me la reseteas?"),
    ("es", "Ceph se ha quedado en HEALTH_WARN por un OSD lento en pve2"),
    ("es", "El contrato con Autoescuelas Martín se renueva el 1 de junio por 24 meses"),
    ("es", "Vale, mañana lo miro con calma"),
    ("es", "Recordad que los secretos nunca van al repo de GitOps, siempre por Infisical"),
    ("es", "no se q ha pasado pero el ingress d la tienda da 504 cada 5 min"),
    ("es", "Los backups de las bases de datos se lanzan a las 03:00 y se guardan 14 días"),
    ("es", "Me han pedido el usuario y la contraseña del FTP por correo y les he dicho que no, que por el portal"),
    ("es", "El registrador de dominios nos sube un 8% la renovación de los .es"),
    ("es", "Tenemos que contratar a otro SRE antes del verano, Marc no da abasto"),
    ("es", "Cuando rotes la clave de la API de Hindsight avisa en #plataforma para reiniciar los agentes"),
    ("es", "Gracias!! ha funcionado a la primera"),
    ("es", "Esta semana estoy de guardia yo, el lunes le paso el relevo a Marc"),
    ("es", "he quitado el token viejo del GitLab runner y he registrado uno nuevo desde la UI"),
    ("es", "La VIP de los balanceadores WAN es la .10 y se mueve entre lb1 y lb2 por VRRP"),
    ("es", "El cliente pide la factura con el CIF nuevo, que han cambiado de razón social"),
    ("es", "El disco del servidor de correo interno se llena por los logs de dovecot, hay que rotarlos"),
    ("es", "El proveedor de hardware confirma la entrega de los tres servidores para el día 15"),
    ("es", "¿Cuánto cobramos por migrar una tienda WooCommerce desde otro hosting?"),
    ("es", "Los agentes de soporte no pueden ver contraseñas de clientes en el panel, solo resetearlas"),
    ("es", "A partir de ahora las demos se hacen con el tenant de pruebas, nunca con el de producción"),
    ("es", "Se ha caído el wifi de la oficina otra vez, estoy tirando del móvil"),
    ("es", "Apunta que el Hotel Mirador paga siempre por transferencia, nunca con tarjeta"),
    ("es", "La norma nueva: cada cliente tiene su propio usuario de base de datos, nunca compartido"),
    ("es", "buenos días equipo ☀️"),
    ("es", "He cambiado la contraseña de mi cuenta de Google, si os pide volver a autenticar es por eso"),
    ("es", "El secreto de la tarta de queso de mi madre es no abrir el horno"),
    ("en", "the redis password lives in Infisical under /shop/prod"),
    ("en", "Can you rotate the Datadog API key before the audit next week?"),
    ("en", "I'll be offline from 2 to 4, dentist"),
    ("en", "We lost the Stripe webhook events between 01:10 and 01:25 UTC and replayed them from the dashboard"),
    ("en", "The GDPR request from the customer in Lyon has to be answered within 30 days"),
    ("en", "Tokens for the Hermes agents are issued per workspace and expire after 24h"),
    ("en", "Please don't paste passwords in this channel, use a 1Password share link"),
    ("en", "ingress-nginx was upgraded to 1.11 and the proxy-body-size annotation still works"),
    ("en", "Who owns the relationship with the Andorra reseller now that Jordi left?"),
    ("en", "I prefer short answers with the command first and the explanation after"),
    ("en", "The argocd admin account is disabled; everyone logs in through SSO now"),
    ("en", "Our margin on the managed WooCommerce plan is around 62% after the Hetzner price change"),
    ("en", "Looks like a DNS issue, dig returns SERVFAIL from the secondary resolver"),
    ("en", "Reset my Grafana password please, I'm locked out"),
    ("en", "New hire starts Monday, she needs access to Argo and the support inbox"),
    ("en", "The sealed-secrets controller was removed in favour of the Infisical operator"),
    ("en", "ok cool, merging"),
    ("en", "Can we move the board meeting to Thursday?"),
    ("en", "Ceph rebalancing will take around six hours, don't reboot any OSD host meanwhile"),
    ("en", "the SendGrid key for the clinic site was revoked after the leak scare, it uses Mailgun now"),
    ("en", "Customer says the checkout page shows a blank screen on Safari only"),
    ("en", "We should never store customer passwords in the memory banks, that's the whole point of the gate"),
    ("en", "lunch at 2?"),
    ("en", "Velero restores need the namespace deleted first, otherwise the PVCs conflict"),
    ("en", "The SSO client secret for Keycloak was regenerated, the old one stops working at midnight"),
    ("en", "We signed the DPA with the new email provider yesterday"),
    ("en", "node wk-07 is cordoned while we replace the NIC"),
    ("en", "Refunds above 200 EUR need approval from Marta"),
    ("en", "The SSH key for the deploy user is managed by Ansible, don't add it by hand"),
    ("en", "rke2 server on cp-2 restarted at 04:12, etcd leader moved to cp-1"),
    ("en", "I've forgotten which Infisical path the MinIO credentials are under, can you check?"),
    ("en", "Pricing page copy needs a review before launch, the Spanish version reads a bit stiff"),
    ("en", "PSA: 2FA is mandatory on GitHub from next Monday"),
    ("en", "the agent answered in English again even though I wrote to it in Spanish"),
    ("en", "Please make sure the JWT signing key is rotated through Infisical, not by hand"),
    ("en", "The Ceph keyring for the CSI driver is mounted from a Secret, nobody needs to copy it around"),
    ("en", "Grafana alert PodCrashLooping fired 14 times overnight for the same pod"),
    ("en", "mysql slow log shows a full table scan on wp_postmeta for every product page"),
    ("en", "I'll send the contract draft tonight; it's not approved yet"),
    ("en", "the htpasswd file for the staging basic auth is generated by the chart from a secret"),
    ("en", "The token bucket in the rate limiter refills 10 requests per second"),
    ("mixed", "el deploy de hindsight falla en el readiness probe, creo que es el connection pool de la DB"),
    ("mixed", "Marc, ¿has hecho el rollout del nuevo chart o lo dejamos para el lunes? no rush"),
    ("mixed", "El token de GitHub del renovate bot expira el 30, ponle un reminder"),
    ("mixed", "mañana call con el cliente de Andorra a las 11, need the pricing sheet updated"),
    ("mixed", "la password del admin de WordPress la tiene el cliente, nosotros entramos solo por SSO"),
    ("mixed", "Ya está fixed lo del cron, era el timezone del pod (UTC vs Europe/Madrid)"),
    ("mixed", "lo de los secrets en el chart: todo via existingSecret, no inline values please"),
    ("mixed", "he hecho un kubectl rollout restart del deployment y ya responde"),
    ("mixed", "el SLA del plan Business es 99.9% mensual, viene en el contrato"),
    ("mixed", "¿me recuerdas cómo se hacía el failover manual del Postgres? lo tenía en un runbook"),
    ("mixed", "la API key de Hetzner se guarda en Infisical y el terraform la lee de ahí"),
    ("mixed", "estoy working from home hoy, ping me por Telegram"),
    ("mixed", "si el client secret de la machine identity caduca, el operator deja de sincronizar silently"),
    ("mixed", "el health check del LB marca DOWN el backend 3 de forma intermitente"),
    ("mixed", "hemos cerrado el deal con la agencia de Sevilla: 40 sites, pago anual"),
    ("mixed", "Ana quiere los informes siempre con la fecha en formato ISO, nada de 3/5/25"),
    ("mixed", "cuidado con el rate limit de la API de Cloudflare, 1200 requests cada 5 min"),
    ("mixed", "the keepalived auth_pass must match on both LBs, si no la VIP flapea"),
    ("mixed", "Tengo el portátil nuevo, ¿alguien me pasa el onboarding doc?"),
    ("mixed", "los Proxmox API tokens van con privilege separation, no uses root@pam para eso"),
    ("mixed", "el webhook de Slack del canal de alertas está roto, devuelve 404 desde el cambio de workspace"),
    ("mixed", "retro del incidente el viernes a las 12, traed la timeline"),
    ("mixed", "el bank de business no debería guardar nada de infra, eso va a platform"),
    ("mixed", "Lucía está de vacaciones hasta el 12, cualquier cosa de billing a Marta"),
    ("mixed", "¿el tag v0.4.2 ya incluye el fix del secret gate?"),
]

# ---------------------------------------------------------------------------
# MEMORY.md files. Each file: list of physical lines; a line is a list of entries joined by
# " § "; physical lines are separated by a line holding only "§". Entry: (text, contains, fate,
# scope). The priority is read from the entry's own "[Pn]" prefix (none = null).
MEMORY_MD = {
    "lead-es": [
        [("[P1] Ana prefiere respuestas cortas, en español y con el dato importante en la primera línea.",
          "respuestas cortas", "stored", "personal")],
        [("El plan Starter cuesta 19 €/mes (IVA no incluido) e incluye 1 sitio WordPress y backups diarios.",
          "plan Starter cuesta 19", "stored", "business")],
        [("[P2] Los clientes con más de 10 sitios tienen un 20% de descuento en el pago anual; lo decidió el comité en marzo.",
          "20% de descuento", "stored", "business")],
        [("Estamos pensando en subir el plan Pro a 45 € el año que viene.",
          "Estamos pensando en subir", "rejected", None)],
        [("[P1] La contraseña del panel de Hetzner (usuario wetopi-ops) es <%pw%>",
          "panel de Hetzner", "secret", None)],
        [("Ana revisa el correo dos veces al día, a las 9 y a las 17; fuera de ese horario no le mandes avisos salvo urgencias.",
          "revisa el correo dos veces", "stored", "personal")],
        [("[P2] El proveedor principal de servidores dedicados es Hetzner (Falkenstein, contrato anual).",
          "proveedor principal de servidores dedicados", "stored", "business"),
         ("[P3] Ya le he enviado a Marta el resumen de facturación de febrero.",
          "resumen de facturación de febrero", "rejected", None)],
        [("[P1] Estamos pensando en lanzar Hermes gestionado para agencias en otoño, quizá con precio por asiento.",
          "lanzar Hermes gestionado para agencias", "review", None)],
        [("El cliente Bodegas Almagro paga por transferencia a 30 días, nunca con tarjeta.",
          "Bodegas Almagro", "stored", "business")],
        [("Hoy Ana está en Bilbao para la demo con la agencia, vuelve mañana.",
          "está en Bilbao", "rejected", None)],
        [("[P3] Ana no quiere que le propongas reuniones los viernes por la tarde.",
          "viernes por la tarde", "stored", "personal")],
        [("[P1] He actualizado la hoja de precios y enviado la propuesta a la agencia de Sevilla.",
          "enviado la propuesta a la agencia de Sevilla", "review", None)],
        [("Ana firma los correos como \"Ana — Wetopi\" y tutea a los clientes.",
          "firma los correos", "stored", "personal"),
         ("El bot de Telegram de Ana usa <%tg%>",
          "bot de Telegram de Ana usa", "secret", None)],
        [("Los reembolsos de más de 200 € necesitan la aprobación de Marta.",
          "reembolsos de más de 200", "stored", "business")],
        [("[P2] Ningún cliente con datos personales se da de alta sin el DPA firmado (RGPD, art. 28).",
          "DPA firmado", "stored", "business")],
        [("Quizá cambiemos de proveedor de correo transaccional si Mailgun vuelve a subir precios.",
          "Quizá cambiemos de proveedor", "rejected", None)],
        [("[P2] SMTP de facturas: facturas@wetopi.com, contraseña <%weakpw%>",
          "SMTP de facturas", "secret", None)],
    ],
    "build-mixed": [
        [("[P1] Los LB WAN usan IPVS + VRRP con DSR hacia los nodos WAN; la VIP pública es 185.117.42.10.",
          "IPVS + VRRP", "stored", "platform")],
        [("[P1] Runbook restore Velero:\n1. kubectl delete ns shop (los PVC chocan si existe)\n2. velero restore create --from-backup daily-shop-<fecha> --include-namespaces shop --wait",
          "velero restore create", "stored", "platform")],
        [("[P1] The redis requirepass for staging is <%hex20%>",
          "redis requirepass for staging", "secret", None)],
        [("Root cause del 502 en uploads del 3/03: ingress-nginx limita el body a 1m por defecto; fix verificado con nginx.ingress.kubernetes.io/proxy-body-size: 50m.",
          "proxy-body-size: 50m", "stored", "platform")],
        [("[P2] Ceph pool rbd-ssd: size 3, min_size 2. Never lower min_size, not even during maintenance.",
          "min_size 2", "stored", "platform")],
        [("We might move Argo CD to a dedicated management cluster next quarter.",
          "We might move Argo CD", "rejected", None)],
        [("[P1] Probablemente el OOM del hindsight-api viene del batch size del embedder, sin confirmar todavía.",
          "OOM del hindsight-api", "review", None)],
        [("[P2] Argo CD sincroniza desde gitlab.wetopi.net/platform/apps, rama main, con auto-sync y prune activados",
          "auto-sync y prune", "stored", "platform"),
         ("[P3] wk-05 está cordoned ahora mismo por el cambio de NIC",
          "wk-05 está cordoned", "rejected", None),
         ("[P1] Proxmox root password (pve1-pve5): <%pw%>",
          "Proxmox root password", "secret", None)],
        [("Ana prefers kubectl output as YAML, never the wide tables.",
          "kubectl output as YAML", "stored", "personal")],
        [("Service token del operator de Infisical: <%st%>",
          "Service token del operator", "secret", None)],
        [("[P2] El DNS interno: CoreDNS en el clúster y dos unbound en los Proxmox (10.0.0.53 y 10.0.0.54) como upstream.",
          "dos unbound", "stored", "platform")],
        [("Hoy he reiniciado el rke2-server de cp-2 y ya vuelve a estar Ready.",
          "reiniciado el rke2-server de cp-2", "rejected", None)],
        [("[P1] Tras el incidente del 12/02 estamos pensando en revisar todos los PodDisruptionBudget, quizá el mes que viene.",
          "Tras el incidente del 12/02", "review", None)],
        [("[P3] Ana usually does the deep technical work in the mornings and keeps afternoons for calls.",
          "deep technical work in the mornings", "stored", "personal")],
        [("MinIO de backups (pve4): MINIO_ROOT_USER=admin MINIO_ROOT_PASSWORD=<%pw%>",
          "MinIO de backups", "secret", None)],
        [("[P2] Los PVC de WordPress usan la StorageClass ceph-rbd-ssd con reclaimPolicy Retain.",
          "reclaimPolicy Retain", "stored", "platform")],
        [("Connection string del billing: postgres://billing:<%pwu%>@pg-main.db.svc:5432/billing",
          "Connection string del billing", "secret", None)],
        [("el pod shop-7d9f8c6b5-x2x8q lleva 20 min en CrashLoopBackOff",
          "CrashLoopBackOff", "rejected", None)],
        [("[P2] hindsight-api depende de pg-hindsight (CloudNativePG, 3 instancias) y del embedder en el ns wetopi-memory; si cae pg-hindsight-rw, el recall falla abierto.",
          "pg-hindsight", "stored", "platform")],
    ],
    "approver-en": [
        [("[P1] Any discount above 25% needs written approval from both founders.",
          "discount above 25%", "stored", "business")],
        [("[P2] Managed Hermes is sold per agent seat: 29 EUR/month, billed annually.",
          "per agent seat", "stored", "business")],
        [("User prefers approval requests summarised as a table: customer, amount, risk, recommendation.",
          "summarised as a table", "stored", "personal")],
        [("Draft pricing for the agency tier, NOT approved yet: 15 EUR per site.",
          "NOT approved yet", "rejected", None)],
        [("[P1] Stripe live key for billing: <%sklive%>",
          "Stripe live key", "secret", None)],
        [("GDPR: customer data exports are delivered within 30 days of the request and logged in the DPO register.",
          "DPO register", "stored", "business")],
        [("[P2] Domains are registered with OVH; renewals are invoiced every January.",
          "registered with OVH", "stored", "business"),
         ("Approved the refund for Hotel Mirador yesterday.",
          "refund for Hotel Mirador", "rejected", None)],
        [("[P1] We might drop the Starter plan in 2026 if churn stays above 6%.",
          "drop the Starter plan", "review", None)],
        [("[P3] The user does not want approval requests at weekends unless it is a security incident.",
          "at weekends", "stored", "personal")],
        [("Grupo Norte has a framework contract until June 2027 covering 40 WordPress sites.",
          "framework contract", "stored", "business")],
        [("[P1] Sent the signed contract to Autoescuelas Martín.",
          "signed contract to Autoescuelas", "review", None)],
        [("Mailgun SMTP for invoices: postmaster@mg.wetopi.com / <%pw%>",
          "Mailgun SMTP for invoices", "secret", None)],
        [("Right now the approval queue has 7 pending items.",
          "approval queue has 7", "rejected", None)],
        [("[P2] Hiring: every offer letter goes through Marta before it is sent; salary bands live in the HR sheet.",
          "offer letter", "stored", "business")],
        [("[P1] Datadog API key (prod org): <%hex32%>",
          "Datadog API key", "secret", None)],
        [("Refunds are only issued within 14 days of the first payment, except for service outages covered by the SLA.",
          "within 14 days of the first payment", "stored", "business")],
        [("The user signs off approvals with \"OK, adelante\" and wants nothing more elaborate.",
          "OK, adelante", "stored", "personal"),
         ("Maybe we should rename the Business plan to Scale.",
          "rename the Business plan", "rejected", None)],
        [("[P3] Hetzner is the preferred supplier for new dedicated servers; OVH only for domains.",
          "preferred supplier for new dedicated servers", "stored", "business")],
    ],
    "legacy-inline": [
        [("[P1] Ana odia los emojis en los informes", "odia los emojis", "stored", "personal"),
         ("[P2] Ana prefers meetings after 10:00", "meetings after 10:00", "stored", "personal"),
         ("Ana usa Linux con zsh, no le des comandos de PowerShell", "Linux con zsh", "stored", "personal")],
        [("[P1] Precio del plan WooCommerce Business: 79 €/mes, hasta 3 tiendas", "WooCommerce Business: 79", "stored", "business"),
         ("[P1] La contraseña de root es <%weakpw%>", "contraseña de root", "secret", None),
         ("Las tiendas del plan Business incluyen soporte en horario 8-20 de lunes a sábado", "soporte en horario 8-20", "stored", "business")],
        [("[P2] Ceph: 5 nodos Proxmox (pve1–pve5) con red de cluster dedicada 10.0.10.0/24 a 25G",
          "red de cluster dedicada", "stored", "platform")],
        [("Estamos pensando en migrar los agentes de Hermes a RKE2 1.31", "migrar los agentes de Hermes", "rejected", None),
         ("[P1] Hipótesis: la latencia del recall sube por culpa del DNS del clúster", "Hipótesis: la latencia del recall", "review", None),
         ("Ya está hecho el upgrade de cert-manager a 1.15", "upgrade de cert-manager", "rejected", None)],
        [("[P2] Los secretos de las apps se sincronizan desde Infisical con el operator, nunca se guardan en el repo de GitOps",
          "se sincronizan desde Infisical", "stored", "platform")],
        [("GitLab token de Ana para el runner: <%glpat%>", "GitLab token de Ana", "secret", None),
         ("Ana prefiere revisar las MR por la mañana, nunca después de comer", "revisar las MR por la mañana", "stored", "personal")],
        [("[P3] Clínica Dental Sonrisa tiene 3 sitios y soporte prioritario contratado", "soporte prioritario contratado", "stored", "business"),
         ("hoy la web de la clínica va lenta", "web de la clínica va lenta", "rejected", None)],
        [("[P1] kubeconfig prod (user ana): client-key-data: <%kcd%>", "kubeconfig prod", "secret", None)],
        [("[P1] Runbook failover Postgres: patronictl -c /etc/patroni.yml switchover --leader pg-1 --candidate pg-2 --force; después comprobar que pg-main-rw apunta al nuevo leader",
          "patronictl -c /etc/patroni.yml switchover", "stored", "platform")],
        [("Ana decided to keep all her personal notes in Obsidian, not in Notion", "Obsidian", "stored", "personal")],
        [("[P2] WireGuard peer oficina: PrivateKey = <%wg%>", "WireGuard peer oficina", "secret", None),
         ("[P1] Temporary: Marc has the on-call phone this week", "on-call phone this week", "review", None)],
    ],
}

PRIO = re.compile(r"^\[(P[123])\]")


def build_md(name, lines):
    phys, expect = [], []
    for line in lines:
        parts = []
        for text, contains, fate, scope in line:
            filled = fill(text)
            assert contains.lower() in filled.lower(), (name, contains)
            m = PRIO.match(filled)
            e = {"contains": contains, "priority": m.group(1) if m else None, "fate": fate}
            if fate == "stored":
                e["scope"] = scope
            parts.append(filled)
            expect.append(e)
        phys.append(" § ".join(parts))
    return "\n§\n".join(phys) + "\n", {"entries": expect}


def main():
    records = []
    for fam, lang, t in FORMAT:
        records.append(({"text": fill(t), "label": "secret", "family": fam, "by": "format"}, lang))
    for fam, lang, t in CONTEXT:
        records.append(({"text": fill(t), "label": "secret", "family": fam, "by": "context"}, lang))
    for fam, lang, t in NEGATIVE:
        records.append(({"text": fill(t), "label": "clean", "family": fam, "by": "negative"}, lang))
    for lang, t in PROSE:
        records.append(({"text": t, "label": "clean", "family": "prose", "by": "prose"}, lang))
    rng.shuffle(records)
    with open(OUT_JSONL, "w", encoding="utf-8") as f:
        for i, (r, _lang) in enumerate(records, 1):
            rec = {"id": f"s3-{i:04d}", **r}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    os.makedirs(OUT_MD, exist_ok=True)
    for name, lines in MEMORY_MD.items():
        md, exp = build_md(name, lines)
        with open(os.path.join(OUT_MD, name + ".md"), "w", encoding="utf-8") as f:
            f.write(md)
        with open(os.path.join(OUT_MD, name + ".expect.json"), "w", encoding="utf-8") as f:
            json.dump(exp, f, ensure_ascii=False, indent=2)
            f.write("\n")
    # language tally, for the report only (records carry no lang key, as in the README)
    tally = {}
    for r, lang in records:
        k = (r["by"], lang)
        tally[k] = tally.get(k, 0) + 1
    for k in sorted(tally):
        print(f"{k[0]:<9} {k[1]:<6} {tally[k]}")


if __name__ == "__main__":
    main()
