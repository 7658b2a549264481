#!/usr/bin/env python3
# ruff: noqa: UP031  (the hand-written context lines are %-templates for the generated values)
"""Generator for secrets/tune4.jsonl (development part, author 4).

Persona: a security engineer doing a leak review of chat logs, tickets, CI logs,
Terraform/Ansible/Helm files, docker-compose files, systemd units, crontabs,
shell history and emails.

The surrounding context of every record is written by hand, one by one; only the
credential VALUES (and the random parts of look-alikes: hashes, UUIDs, digests,
public keys) are generated here, randomly, with a fixed seed, in the real shape
of each family. None of them is a real credential.

    python3 make_tune4.py            # writes tune4.jsonl next to this file
"""
import base64
import json
import os
import random
import string
import struct
import uuid

R = random.Random(20251204)

LOWER = string.ascii_lowercase
UPPER = string.ascii_uppercase
DIGITS = string.digits
ALNUM = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
B64URL = ALNUM + "-_"


def s(n, alphabet=ALNUM):
    return "".join(R.choice(alphabet) for _ in range(n))


def hx(n):
    return s(n, HEX)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(n):
    return base64.b64encode(rbytes(n)).decode()


def b64s(text):
    return base64.b64encode(text.encode()).decode()


def b64u_enc(raw):
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def uid():
    return str(uuid.UUID(int=R.getrandbits(128), version=4))


def pw(lo=14, hi=22):
    """Generated strong password (no quotes, no $, no #, no spaces)."""
    alphabet = ALNUM + "-_.!%*+="
    while True:
        p = s(R.randint(lo, hi), alphabet)
        if any(c in DIGITS for c in p) and any(c in UPPER for c in p):
            return p


def pwu(lo=14, hi=22):
    """URL-safe password for connection strings."""
    while True:
        p = s(R.randint(lo, hi), ALNUM + "-_.")
        if any(c in DIGITS for c in p):
            return p


WEAK_WORDS = ["sunshine", "Gatito", "verano", "Mallorca", "dragon", "Barcelona", "princesa", "futbol",
              "Wetopi", "admin", "qwerty", "Primavera", "monkey", "Hermes", "Tenerife", "pepito",
              "Invierno", "letmein", "Montserrat", "soporte", "Chocolate", "password", "Cervantes"]


def weak():
    w = R.choice(WEAK_WORDS)
    tail = R.choice([str(R.randint(1, 99)), str(R.randint(2015, 2025)), "1234", "123", "!",
                     str(R.randint(1, 9)) + "!", "_" + str(R.randint(10, 99))])
    return w + tail


def b64wrap(raw, width=64):
    text = base64.b64encode(raw).decode()
    return "\n".join(text[i:i + width] for i in range(0, len(text), width))


# ---- value generators, one per family -------------------------------------------------------------

def jwt(alg="HS256", payload=None):
    header = {"alg": alg, "typ": "JWT"}
    if payload is None:
        iat = R.randint(1735000000, 1760000000)
        payload = {"sub": str(R.randint(1000, 99999)), "role": R.choice(["agency", "admin", "client", "billing"]),
                   "iat": iat, "exp": iat + R.choice([900, 3600, 86400])}
    sig_len = 43 if alg.startswith("HS") else 342
    return "%s.%s.%s" % (b64u_enc(json.dumps(header, separators=(",", ":")).encode()),
                         b64u_enc(json.dumps(payload, separators=(",", ":")).encode()), s(sig_len, B64URL))


def k8s_jwt(ns="wp-shop", sa="deployer"):
    iat = R.randint(1735000000, 1760000000)
    payload = {"aud": ["https://kubernetes.default.svc.cluster.local", "rke2"], "exp": iat + 172800, "iat": iat,
               "iss": "https://kubernetes.default.svc.cluster.local",
               "kubernetes.io": {"namespace": ns, "serviceaccount": {"name": sa, "uid": uid()}},
               "nbf": iat, "sub": "system:serviceaccount:%s:%s" % (ns, sa)}
    header = {"alg": "RS256", "kid": s(43, B64URL)}
    return "%s.%s.%s" % (b64u_enc(json.dumps(header, separators=(",", ":")).encode()),
                         b64u_enc(json.dumps(payload, separators=(",", ":")).encode()), s(342, B64URL))


def pem(kind, prefix, nbytes):
    body = b64wrap(prefix + rbytes(nbytes))
    return "-----BEGIN %s-----\n%s\n-----END %s-----" % (kind, body, kind)


def pem_rsa(nbytes=380):
    return pem("RSA PRIVATE KEY", b"\x30\x82\x04\xa3\x02\x01\x00\x02\x82\x01\x01\x00", nbytes)


def pem_ec():
    return pem("EC PRIVATE KEY", b"\x30\x77\x02\x01\x01\x04\x20", 110)


def pem_pkcs8(nbytes=330):
    return pem("PRIVATE KEY", b"\x30\x82\x04\xbd\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00",
               nbytes)


def openssh():
    pub = rbytes(32)
    blob = (b"openssh-key-v1\x00" + struct.pack(">I", 4) + b"none" + struct.pack(">I", 4) + b"none"
            + struct.pack(">I", 0) + struct.pack(">I", 1) + struct.pack(">I", 51)
            + struct.pack(">I", 11) + b"ssh-ed25519" + struct.pack(">I", 32) + pub
            + struct.pack(">I", 144) + rbytes(144))
    return "-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % b64wrap(blob, 70)


def pgp_private():
    body = b64wrap(b"\x95\x05\x58\x04" + rbytes(300))
    return "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n%s\n=%s\n-----END PGP PRIVATE KEY BLOCK-----" % (body, b64(3))


def gcp_private_key_json():
    """The private_key value as it appears inside a service-account JSON file (escaped newlines)."""
    return pem_pkcs8(260).replace("\n", "\\n") + "\\n"


def akia():
    return "AKIA" + s(16, UPPER + "234567")


def aws_secret():
    return s(40, ALNUM + "/+")


def ghp():
    return "ghp_" + s(36)


def github_pat():
    return "github_pat_11" + s(20, UPPER + DIGITS) + "_" + s(59)


def ghs():
    return "ghs_" + s(36)


def glpat():
    return "glpat-" + s(20, B64URL)


def glrt():
    return "glrt-" + s(20, B64URL)


def npm_token():
    return "npm_" + s(36)


def pypi():
    return "pypi-AgEIcHlwaS5vcmc" + s(R.randint(120, 160), B64URL)


def sk_live():
    return "sk_live_51" + s(R.choice([97, 99]))


def rk_live():
    return "rk_live_51" + s(97)


def whsec():
    return "whsec_" + s(32)


def sendgrid():
    return "SG." + s(22, B64URL) + "." + s(43, B64URL)


def openai_key():
    return "sk-proj-" + s(R.randint(120, 156), B64URL)


def openai_legacy():
    return "sk-" + s(48)


def anthropic_key():
    return "sk-ant-api03-" + s(93, B64URL) + "AA"


def xoxb():
    return "xoxb-%d-%d-%s" % (R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 12, 10 ** 13), s(24))


def xoxp():
    return "xoxp-%d-%d-%d-%s" % (R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 10, 10 ** 12),
                                 R.randint(10 ** 12, 10 ** 13), hx(32))


def slack_webhook():
    return "https://hooks.slack.com/services/T0%s/B0%s/%s" % (s(8, UPPER + DIGITS), s(9, UPPER + DIGITS), s(24))


def telegram():
    return "%d:AA%s" % (R.randint(10 ** 8, 8 * 10 ** 9), s(33, B64URL))


def discord_bot():
    snow = str(R.randint(10 ** 17, 13 * 10 ** 17))
    return b64s(snow).rstrip("=") + "." + s(6, B64URL) + "." + s(38, B64URL)


def discord_webhook():
    return "https://discord.com/api/webhooks/%d/%s" % (R.randint(10 ** 17, 13 * 10 ** 17), s(68, B64URL))


def hvs():
    return "hvs.CAESI" + s(R.choice([86, 90]), B64URL)


def hvs_short():
    return "hvs." + s(24)


def hvb():
    return "hvb.AAAAAQ" + s(R.randint(120, 140), B64URL)


def vault_s():
    return "s." + s(24)


def infisical_st():
    return "st.%s.%s.%s" % (hx(24), hx(32), hx(32))


def ceph_key():
    raw = b"\x01\x00" + struct.pack("<I", R.randint(1600000000, 1760000000)) + struct.pack("<I", R.randint(0, 10 ** 9)) \
        + b"\x10\x00" + rbytes(16)
    return base64.b64encode(raw).decode()


def apr1():
    return "$apr1$" + s(8, ALNUM + "./") + "$" + s(22, ALNUM + "./")


def bcrypt(cost="05"):
    return "$2y$" + cost + "$" + s(53, ALNUM + "./")


def sha_htpasswd():
    return "{SHA}" + b64(20)


def wg_key():
    return b64(32)


def wp_salt():
    return s(64, ALNUM + "!@#%^&*()-_[]{}<>~+=,.;:/?|")


def azure_key():
    return b64(64)


def sas_sig():
    return b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def docker_auth(user, password):
    return b64s("%s:%s" % (user, password))


def dckr_pat():
    return "dckr_pat_" + s(27, B64URL)


def google_api():
    return "AIza" + s(35, B64URL)


def tailscale():
    return "tskey-auth-k" + s(11) + "CNTRL-" + s(33)


def dop():
    return "dop_v1_" + hx(64)


def hf():
    return "hf_" + s(34, string.ascii_letters)


def glsa():
    return "glsa_" + s(32) + "_" + hx(8)


def shpat():
    return "shpat_" + hx(32)


def tfc():
    return s(14) + ".atlasv1." + s(67)


def doppler():
    return "dp.st.prd." + s(40)


def age_key():
    return "AGE-SECRET-KEY-1" + s(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")


def linear():
    return "lin_api_" + s(40)


def sentry_tok():
    return "sntrys_" + b64u_enc(json.dumps({"iat": R.randint(1735000000, 1760000000), "url": "https://sentry.io",
                                            "region_url": "https://de.sentry.io", "org": "wetopi"}).encode()) + "_" + s(43, B64URL)


def atlassian():
    return "ATATT3xFfGF0" + s(170, B64URL) + "=" + hx(8).upper()


def mapbox_sk():
    return "sk.eyJ1Ijoid2V0b3BpIiwiYSI6I" + s(40) + "." + s(22, B64URL)


def nrak():
    return "NRAK-" + s(27, UPPER + DIGITS)


def pulumi():
    return "pul-" + hx(40)


def squ():
    return "squ_" + hx(40)


def pmak():
    return "PMAK-" + hx(24) + "-" + hx(34)


def ops_token():
    return "ops_eyJzaWduSW5BZGRyZXNzIjoid2V0b3BpLjFwYXNzd29yZC5ldSIs" + s(220, B64URL)


def ssh_ed25519_pub():
    return "ssh-ed25519 " + base64.b64encode(struct.pack(">I", 11) + b"ssh-ed25519" + struct.pack(">I", 32)
                                             + rbytes(32)).decode()


def ssh_rsa_pub():
    return "ssh-rsa " + base64.b64encode(struct.pack(">I", 7) + b"ssh-rsa" + struct.pack(">I", 3) + b"\x01\x00\x01"
                                         + struct.pack(">I", 257) + b"\x00" + rbytes(256)).decode()


def cert_pem(nbytes=260):
    return pem("CERTIFICATE", b"\x30\x82\x03\x77\x30\x82\x02\x5f\xa0\x03\x02\x01\x02\x02\x14", nbytes)


def pgp_public():
    body = b64wrap(b"\x99\x01\x8d\x04" + rbytes(220))
    return "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n%s\n=%s\n-----END PGP PUBLIC KEY BLOCK-----" % (body, b64(3))


def fp_colon(n=32):
    return ":".join(hx(2).upper() for _ in range(n))


def ulid():
    return "01" + s(1, "HJ") + s(23, "0123456789ABCDEFGHJKMNPQRSTVWXYZ")


def podhash():
    return s(R.choice([9, 10]), "bcdfghjklmnpqrstvwxz2456789") + "-" + s(5, "bcdfghjklmnpqrstvwxz2456789")


def indent(text, n):
    pad = " " * n
    return "\n".join(pad + line for line in text.split("\n"))


RECORDS = []


def sf(family, text):
    RECORDS.append({"text": text, "label": "secret", "family": family, "by": "format"})


def sc(family, text):
    RECORDS.append({"text": text, "label": "secret", "family": family, "by": "context"})


def neg(family, text):
    RECORDS.append({"text": text, "label": "clean", "family": family, "by": "negative"})


def prose(text, family="prose"):
    RECORDS.append({"text": text, "label": "clean", "family": family, "by": "prose"})


# =====================================================================================================
# 1. Secrets recognisable by their shape (by: format) -- 90
# =====================================================================================================

# JWTs
sf("jwt", "curl -s https://api.panel.wetopi.net/v2/sites?agency=74 -H 'Authorization: Bearer %s'" % jwt())
sf("jwt", "oye, esto es lo que me pegó el cliente en el ticket, dice que el panel le echa cada 5 min: %s ¿caduca tan rápido?" % jwt())
sf("jwt", "2025-03-11T09:14:02Z WARN auth-proxy rejected jwt=%s reason=aud_mismatch upstream=billing-api" % jwt())
sf("jwt", "the mobile app stores this in localStorage lol -> %s" % jwt("HS512"))

# Kubernetes service-account tokens (JWT shape)
sf("kubeconfig-token", "users:\n- name: ci-deployer\n  user:\n    token: %s" % k8s_jwt("wp-shop", "ci-deployer"))
sf("kubeconfig-token", "$ kubectl -n argocd create token argocd-manager --duration=48h\n%s" % k8s_jwt("argocd", "argocd-manager"))
sf("kubeconfig-token", "found in the Jenkins job env dump: KUBE_TOKEN=%s" % k8s_jwt("ci", "jenkins"))

# PEM private keys
sf("pem-private-key", "found this in the repo root of wp-migrations, file id_rsa_migration (committed 2 years ago):\n%s" % pem_rsa())
sf("pem-private-key", "tls_key: |\n%s" % indent(pem_rsa(300), 2))
sf("pem-private-key", "Adjunto la clave del certificado wildcard de *.tiendaluna.es para que la pongas en el ingress:\n%s" % pem_ec())
sf("pem-private-key", "ingress:\n  tls:\n    crt: /certs/agency.crt\n    key: |\n%s" % indent(pem_pkcs8(), 6))
sf("pem-private-key", "Subject: cert renewal done\n\nHi Ana, the new key for the billing portal is below, please don't forward it.\n\n%s\n\nThanks, Jordi" % pem_pkcs8(250))

# OpenSSH private keys
sf("openssh-private-key", "cat ~/.ssh/id_ed25519 de la runner vieja, por si la necesitamos para el rsync de backups:\n%s" % openssh())
sf("openssh-private-key", "Run echo \"$DEPLOY_KEY\" > key && chmod 600 key\n%s" % openssh())

# PGP private key blocks
sf("pgp-private-key", "Here's the signing key for the apt repo, import it on the builder with gpg --import:\n%s" % pgp_private())
sf("pgp-private-key", "backup de la clave de firma de los paquetes .deb (no la pierdas!!)\n%s" % pgp_private())

# GCP service-account JSON
sf("gcp-service-account", '{"type": "service_account", "project_id": "wetopi-backups", "private_key_id": "%s", "private_key": "%s", "client_email": "velero@wetopi-backups.iam.gserviceaccount.com", "client_id": "%d"}' % (hx(40), gcp_private_key_json(), R.randint(10 ** 20, 10 ** 21)))
sf("gcp-service-account", 'the GCS bucket creds for the offsite copy, paste into the velero secret:\n  "private_key_id": "%s",\n  "private_key": "%s",' % (hx(40), gcp_private_key_json()))

# AWS access key pairs
sf("aws-keys", "[wetopi-s3]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-west-1" % (akia(), aws_secret()))
sf("aws-keys", "export AWS_ACCESS_KEY_ID=%s AWS_SECRET_ACCESS_KEY=%s && aws s3 sync ./dumps s3://wetopi-offsite/" % (akia(), aws_secret()))
sf("aws-keys", 'provider "aws" {\n  region     = "eu-central-1"\n  access_key = "%s"\n  secret_key = "%s"\n}' % (akia(), aws_secret()))
sf("aws-keys", "el plugin WP Offload Media del cliente tiene puesta la key %s directamente en el wp-config, revisa si tiene permisos de más" % akia())

# GitHub tokens
sf("github-token", "git remote set-url origin https://%s@github.com/wetopi/wp-operator.git" % ghp())
sf("github-token", "GH_TOKEN=%s gh release create v2.4.1 --notes-file CHANGELOG.md" % github_pat())
sf("github-token", "##[debug]Evaluating: secrets.GITHUB_TOKEN => %s" % ghs())
sf("github-token", "pip install git+https://%s@github.com/wetopi/hermes-tools.git@main" % ghp())

# GitLab tokens
sf("gitlab-token", "docker login registry.gitlab.com -u deploy-bot -p %s" % glpat())
sf("gitlab-token", "le he creado al freelance un PAT temporal: %s, scope read_repository, caduca el viernes" % glpat())
sf("gitlab-token", "gitlab-runner register --url https://gitlab.wetopi.net --token %s --executor kubernetes" % glrt())

# npm / PyPI
sf("npm-token", "~/.npmrc on the build VM:\n//registry.npmjs.org/:_authToken=%s" % npm_token())
sf("npm-token", "ARG NPM_TOKEN=%s\nRUN npm ci --ignore-scripts" % npm_token())
sf("pypi-token", "[pypi]\n  username = __token__\n  password = %s" % pypi())
sf("pypi-token", "twine upload dist/* -u __token__ -p %s" % pypi())

# Stripe
sf("stripe-key", "STRIPE_SECRET_KEY=%s   # portal de facturación, entorno prod" % sk_live())
sf("stripe-key", "can you check why the restricted key %s can't read invoices? it should have read on billing" % rk_live())
sf("stripe-key", "webhook signing secret for the invoice.paid endpoint: %s" % whsec())

# SendGrid / mail APIs
sf("sendgrid-key", "smtp relay para los WordPress de clientes: host smtp.sendgrid.net, user apikey, pass %s" % sendgrid())
sf("sendgrid-key", "define( 'WPMS_SMTP_PASS', '%s' );" % sendgrid())

# OpenAI / Anthropic style keys
sf("openai-key", 'OPENAI_API_KEY="%s"  # para el plugin de resúmenes de tickets' % openai_key())
sf("openai-key", "from openai import OpenAI\nclient = OpenAI(api_key=\"%s\")" % openai_legacy())
sf("anthropic-key", "hermes profile wetopi-build: ANTHROPIC_API_KEY=%s" % anthropic_key())

# Slack
sf("slack-token", "SLACK_BOT_TOKEN=%s para el bot de alertas de #ops-oncall" % xoxb())
sf("slack-token", "curl -s -X POST https://slack.com/api/chat.postMessage -H 'Authorization: Bearer %s' -d channel=C04QX7R2M1P -d text=deploy" % xoxp())
sf("slack-webhook", "receivers:\n- name: slack-critical\n  slack_configs:\n  - api_url: %s\n    channel: '#alerts'" % slack_webhook())
sf("slack-webhook", "este es el webhook que usa el cron de renovaciones para avisar a ventas: %s" % slack_webhook())

# Telegram / Discord
sf("telegram-bot-token", "bot de Telegram del on-call (el de Hermes): %s" % telegram())
sf("telegram-bot-token", "curl -s \"https://api.telegram.org/bot%s/sendMessage\" -d chat_id=-1001934002211 -d text='backup OK'" % telegram())
sf("discord-bot-token", "DISCORD_TOKEN=%s  # bot de la comunidad de agencias" % discord_bot())
sf("discord-webhook", "status page posts to %s whenever an incident is opened" % discord_webhook())

# Vault
sf("vault-token", "VAULT_TOKEN=%s vault kv get -field=password secret/wetopi/prod/mariadb" % hvs())
sf("vault-token", "te paso mi token de vault para que lo pruebes tú: %s (no lo guardes)" % hvs())
sf("vault-token", "batch token generated for the CI role: %s" % hvb())
sf("vault-token", "argocd-vault-plugin env: AVP_AUTH_TYPE=token VAULT_TOKEN=%s" % hvs_short())

# Infisical service tokens
sf("infisical-service-token", "INFISICAL_TOKEN=%s infisical run --env=prod -- npm start" % infisical_st())
sf("infisical-service-token", "infisical:\n  serviceToken: %s\n  env: staging" % infisical_st())
sf("infisical-service-token", "El token de servicio de Infisical para el cluster de staging es %s, ponlo en el secret de la operator" % infisical_st())

# Database URLs with passwords
sf("database-url", "DATABASE_URL=postgres://wp_billing:%s@pg-prod.internal:5432/billing?sslmode=require   # billing-api en prod, estaba en un configmap" % pwu())
sf("database-url", "wp search-replace falla con mysql://wp_7731:%s@mariadb-galera.wetopi.svc:3306/wp_7731, ¿alguna idea?" % pwu())
sf("database-url", "MONGO_URI=mongodb+srv://analytics:%s@cluster0.x7kqe.mongodb.net/events?retryWrites=true&w=majority  <- the analytics worker logs this at startup, ugh" % pwu())
sf("database-url", "celery broker: amqp://hermes:%s@rabbitmq.queues.svc.cluster.local:5672/hermes" % pwu())
sf("database-url", "REDIS_URL=rediss://default:%s@cache-eu.wetopi.net:6380/0   # the n8n worker reads this one" % pwu())
sf("database-url", "FATAL: could not connect to postgresql://postgres:%s@10.42.3.18:5432/postgres (timeout) -- retrying in 5s" % pwu())

# kubeconfig client keys
sf("kubeconfig-client-key", "- name: admin@rke2-prod\n  user:\n    client-certificate-data: %s\n    client-key-data: %s" % (b64s(cert_pem(120)), b64s(pem_rsa(200))))
sf("kubeconfig-client-key", "sacado del kubeconfig que Jordi pegó en el ticket INFRA-331:\n    client-key-data: %s" % b64s(pem_ec()))

# Azure
sf("azure-storage-key", "AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=wetopibackups;AccountKey=%s;EndpointSuffix=core.windows.net   # job de restic" % azure_key())
sf("azure-sas", "restic -r azure:dumps:/ init  # with this SAS url: https://wetopibackups.blob.core.windows.net/dumps?sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=2026-01-31T00:00:00Z&st=2025-02-01T00:00:00Z&spr=https&sig=%s" % sas_sig())

# htpasswd lines
sf("htpasswd", "staging.agenciabrava.com basic auth -> /etc/nginx/.htpasswd:\ncliente:%s" % apr1())
sf("htpasswd", "para el staging de la agencia generé la línea del htpasswd a mano, pégala en el secret del ingress: qa-agencia:%s" % bcrypt())
sf("htpasswd", "$ cat /etc/apache2/.htpasswd\nadmin:%s\nsoporte:%s" % (bcrypt("10"), sha_htpasswd()))

# Proxmox API token headers
sf("proxmox-api-token", "curl -k -H 'Authorization: PVEAPIToken=terraform@pve!provider=%s' https://pve-01.fra1.wetopi.net:8006/api2/json/nodes" % uid())
sf("proxmox-api-token", "en el pve-exporter.yml lo dejaron a pelo: PVEAPIToken=root@pam!monitoring=%s" % uid())

# Docker Hub PAT
sf("docker-pat", "echo %s | docker login -u wetopibuild --password-stdin" % dckr_pat())

# Other services (not in the brief's list)
sf("google-api-key", "el plugin de mapas de la inmobiliaria usa la key %s sin restricción de referer" % google_api())
sf("tailscale-key", "tailscale up --authkey=%s --advertise-tags=tag:pve" % tailscale())
sf("digitalocean-token", "doctl auth init -t %s  (cuenta vieja de DO, la de antes de migrar a Hetzner)" % dop())
sf("huggingface-token", "HF_TOKEN=%s en el .bashrc de la máquina de pruebas con GPU" % hf())
sf("grafana-token", "grafana service account for the SLO dashboard exporter: %s" % glsa())
sf("shopify-token", "la tienda Shopify del cliente que migramos a WooCommerce: admin token %s" % shpat())
sf("terraform-cloud-token", 'credentials "app.terraform.io" {\n  token = "%s"\n}' % tfc())
sf("doppler-token", "DOPPLER_TOKEN=%s doppler run -- ./deploy.sh" % doppler())
sf("age-key", "# created: 2025-01-14T10:22:31+01:00\n# public key: age1%s\n%s" % (s(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"), age_key()))
sf("linear-key", "LINEAR_API_KEY=%s para el sync de incidencias con Hermes" % linear())
sf("sentry-token", "SENTRY_AUTH_TOKEN=%s npx @sentry/wizard -i sourcemaps" % sentry_tok())
sf("atlassian-token", "jira api token for the support bridge (ana@wetopi.com): %s" % atlassian())
sf("mapbox-token", "MAPBOX_SECRET=%s  # mapa de la inmobiliaria, aquí debería ir una pk. pública" % mapbox_sk())
sf("newrelic-key", "NEW_RELIC_API_KEY=%s   # cliente legacy que todavía usa New Relic" % nrak())
sf("pulumi-token", "history | tail -2\n  901  export PULUMI_ACCESS_TOKEN=%s\n  902  pulumi up -s prod" % pulumi())
sf("sonarqube-token", "sonar-scanner -Dsonar.host.url=https://sonar.wetopi.net -Dsonar.token=%s" % squ())
sf("postman-key", "postman api key del equipo de soporte: %s" % pmak())
sf("onepassword-token", "systemd drop-in for hermes-gateway:\n[Service]\nEnvironment=OP_SERVICE_ACCOUNT_TOKEN=%s" % ops_token())


# =====================================================================================================
# 2. Secrets given away only by the words around them (by: context) -- 120
# =====================================================================================================

# redis
sc("redis-requirepass", "requirepass %s   # staging, no tocar" % hx(32))
sc("redis-requirepass", "en el redis de la cola de emails he puesto requirepass %s, apúntalo en Infisical antes de que se me olvide" % pw())
sc("redis-cli", "redis-cli -h redis-master.cache.svc -a %s --no-auth-warning INFO replication" % pw(16, 24))
sc("redis-cli", "~/.bash_history:\n  412  redis-cli -p 6380 -a '%s' FLUSHDB\n  413  exit" % pw())
sc("redis-auth", "127.0.0.1:6379> AUTH default %s\nOK" % pw())
sc("redis-masterauth", "replicaof 10.30.1.11 6379\nmasterauth %s" % hx(24))

# MySQL / MariaDB
sc("mysql-password", "mysql -u root -p'%s' -h 10.20.0.15 -e 'SHOW SLAVE STATUS\\G'" % pw())
sc("mysql-password", "0 3 * * * mysqldump --user=backup --password=%s --all-databases | gzip > /backup/all.sql.gz" % pw())
sc("mysql-password", "CREATE USER 'wp_agenciasur'@'%%' IDENTIFIED BY '%s';" % pw())
sc("mysql-password", "[client]\nuser=root\npassword=%s" % pw())

# PostgreSQL
sc("postgres-password", "PGPASSWORD=%s pg_dump -h pg-prod.internal -U billing billing > billing.sql" % pw())
sc("postgres-password", "$ cat ~/.pgpass\npg-prod.internal:5432:billing:billing:%s" % pw())
sc("postgres-password", "ALTER ROLE grafana_ro WITH LOGIN PASSWORD '%s';" % pw())
sc("postgres-password", "psql \"host=10.42.3.18 user=keycloak password=%s dbname=keycloak\"" % pw())

# Ceph keyrings
sc("ceph-keyring", "[client.admin]\n\tkey = %s\n\tcaps mds = \"allow *\"\n\tcaps mon = \"allow *\"" % ceph_key())
sc("ceph-keyring", "ceph auth get-key client.rbd-provisioner -> %s ; eso es lo que va en el secret del csi" % ceph_key())
sc("ceph-keyring", "mount -t ceph 10.10.0.11:6789:/ /mnt/cephfs -o name=backup,secret=%s" % ceph_key())

# Argo CD
sc("argocd-admin", "argocd login argocd.wetopi.net --username admin --password %s --grpc-web" % s(16, ALNUM + "-"))
sc("argocd-admin", "la contraseña inicial del admin de Argo CD en el cluster nuevo es %s, cámbiala tú cuando entres" % s(16, ALNUM + "-"))
sc("argocd-admin", "kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath='{.data.password}' | base64 -d\n%s" % s(16, ALNUM + "-"))

# Vault legacy tokens and unseal keys
sc("vault-token", "vault login s.%s" % s(24))
sc("vault-token", "request headers from the argo-workflows debug log: X-Vault-Token: %s" % vault_s())
sc("vault-unseal", "Unseal Key 1: %s\nUnseal Key 2: %s" % (b64(33), b64(33)))

# keepalived
sc("keepalived-auth-pass", "vrrp_instance VI_WAN {\n    state MASTER\n    virtual_router_id 51\n    authentication {\n        auth_type PASS\n        auth_pass %s\n    }\n}" % s(8))
sc("keepalived-auth-pass", "en los LB nuevos el auth_pass del VRRP es %s, igual que en lb-01" % s(8, LOWER + DIGITS))

# LDAP
sc("ldap-bindpw", "bindDN: cn=readonly,dc=wetopi,dc=net\nbindPW: %s" % pw())
sc("ldap-bindpw", "ldapsearch -x -H ldaps://ldap.wetopi.net -D 'cn=admin,dc=wetopi,dc=net' -w '%s' '(uid=ana)'" % pw())
sc("ldap-bindpw", "sssd.conf: ldap_default_authtok = %s" % pw())

# SMTP
sc("smtp-password", "SMTP del soporte: mail.wetopi.com:587, usuario soporte@wetopi.com, contraseña %s" % pw(12, 16))
sc("smtp-password", "WORDPRESS_SMTP_PASSWORD=%s (en el .env del sitio de Ecofincas)" % pw())
sc("smtp-password", "[smtp]\nhost = smtp.eu.mailgun.org\nuser = postmaster@mg.wetopi.com\npassword = %s" % hx(32) + "-" + hx(8) + "-" + hx(8))
sc("smtp-password", "postfix sasl_passwd: [smtp.office365.com]:587 facturas@wetopi.com:%s" % pw())

# MinIO
sc("minio-secret", "/etc/default/minio on backup-01:\nMINIO_ROOT_USER=minioadmin\nMINIO_ROOT_PASSWORD=%s" % pw(20, 28))
sc("minio-secret", "mc alias set wetopi-s3 https://s3.wetopi.net %s %s" % (s(20, UPPER + DIGITS), s(40)))
sc("minio-secret", "minio del cliente Nube Creativa, secret key %s (access key nubecreativa-backup)" % s(40))

# Docker registry auths
sc("docker-registry-auth", '{"auths": {"registry.wetopi.net": {"auth": "%s"}}}' % docker_auth("ci", pw()))
sc("docker-registry-auth", "docker login harbor.wetopi.net -u robot$wp-build -p %s" % s(32))
sc("docker-registry-auth", "kubectl create secret docker-registry regcred --docker-server=ghcr.io --docker-username=wetopi-bot --docker-password=%s" % pw())

# Datadog
sc("datadog-key", "DD_API_KEY=%s DD_SITE=datadoghq.eu bash -c \"$(curl -L https://install.datadoghq.com/scripts/install_script_agent7.sh)\"" % hx(32))
sc("datadog-key", "datadog:\n  apiKey: %s\n  appKey: %s" % (hx(32), hx(40)))
sc("datadog-key", "la api key de Datadog del cliente Hotel Miramar es %s, nos la han pedido para el agente en su VPS" % hx(32))

# Infisical universal-auth client secrets
sc("infisical-client-secret", "# machine identity for the wp-operator, added by Marc\nINFISICAL_UNIVERSAL_AUTH_CLIENT_ID=%s\nINFISICAL_UNIVERSAL_AUTH_CLIENT_SECRET=%s" % (uid(), hx(64)))
sc("infisical-client-secret", "infisical login --method=universal-auth --client-id=%s --client-secret=%s" % (uid(), hx(64)))
sc("infisical-client-secret", "universalAuth:\n  credentialsRef:\n    clientId: %s\n    clientSecret: %s" % (uid(), hx(64)))

# kubeconfig opaque tokens
sc("kubeconfig-token", "- name: rancher-ana\n  user:\n    token: kubeconfig-user-%s:%s" % (s(5, LOWER + DIGITS), s(54, LOWER + DIGITS)))
sc("kubeconfig-token", "kubectl --server=https://10.0.0.10:6443 --token=%s get nodes" % (s(6, LOWER + DIGITS) + "." + s(16, LOWER + DIGITS)))

# Kubernetes Secret manifests
sc("k8s-secret", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: wp-db-creds\n  namespace: wp-agency-42\ntype: Opaque\ndata:\n  username: %s\n  password: %s" % (b64s("wp_agency42"), b64s(pw())))
sc("k8s-secret", "kind: Secret\nmetadata:\n  name: smtp-relay\nstringData:\n  SMTP_USER: relay@wetopi.com\n  SMTP_PASSWORD: %s" % pw())
sc("k8s-secret", "kubectl create secret generic redis-auth -n cache --from-literal=redis-password=%s" % pw())
sc("k8s-secret", "$ kubectl get secret minio-root -o yaml\ndata:\n  rootPassword: %s\n  rootUser: %s" % (b64s(pw(20, 24)), b64s("admin")))

# AWS secret alone / Azure key alone
sc("aws-secret", "the secret access key for the velero IAM user is %s, id is in 1Password" % aws_secret())
sc("aws-secret", "línea 3 del ~/.aws/credentials del portátil de soporte:\naws_secret_access_key=%s" % aws_secret())
sc("azure-storage-key", "az storage blob list --account-name wetopibackups --account-key %s -c dumps" % azure_key())

# Twilio
sc("twilio-token", "variables del proyecto en GitLab (sin enmascarar!):\nTWILIO_ACCOUNT_SID=AC%s\nTWILIO_AUTH_TOKEN=%s" % (hx(32), hx(32)))
sc("twilio-token", "el auth token de Twilio para los SMS de 2FA es %s" % hx(32))

# Cloudflare
sc("cloudflare-token", "CF_API_TOKEN=%s  # zone:dns:edit para cert-manager" % s(40, B64URL))
sc("cloudflare-token", "apiTokenSecretRef no funcionaba así que lo puse a pelo: cloudflare api token %s" % s(40, B64URL))
sc("cloudflare-token", "curl -X GET \"https://api.cloudflare.com/client/v4/zones\" -H \"X-Auth-Key: %s\" -H \"X-Auth-Email: ops@wetopi.com\"" % hx(37))

# Hetzner
sc("hetzner-token", "HCLOUD_TOKEN=%s terraform apply -target=hcloud_server.lb" % s(64))
sc("hetzner-token", "hetzner robot webservice: user #ws+%s pass %s" % (s(8), pw()))
sc("hetzner-token", "the hcloud token for project wetopi-dr is %s (read/write)" % s(64))

# Proxmox token secrets given separately
sc("proxmox-api-token", 'pm_api_token_id     = "terraform@pve!provider"\npm_api_token_secret = "%s"' % uid())
sc("proxmox-api-token", "token secret de proxmox para el exporter: %s" % uid())

# WireGuard
sc("wireguard-key", "[Interface]\nAddress = 10.99.0.2/32\nPrivateKey = %s\nListenPort = 51820" % wg_key())
sc("wireguard-key", "wg set wg0 private-key <(echo %s)" % wg_key())
sc("wireguard-key", "la privada del peer de la oficina es %s, la pública ya la tienes en el pve" % wg_key())

# WordPress
sc("wordpress-config", "define( 'DB_PASSWORD', '%s' );" % pw())
sc("wordpress-config", "define('AUTH_KEY',         '%s');\ndefine('SECURE_AUTH_KEY',  '%s');" % (wp_salt(), wp_salt()))
sc("wordpress-config", "el wp-config del cliente tiene DB_PASSWORD = %s y DB_HOST = localhost, lo vi al hacer el rsync" % pw(10, 14))

# .env files
sc("dotenv", "APP_ENV=production\nAPP_KEY=base64:%s\nDB_PASSWORD=%s" % (b64(32), pw()))
sc("dotenv", "docker-compose.override.yml, environment del worker: REDIS_PASSWORD=%s" % pw())
sc("dotenv", "cat .env | grep -i secret\nJWT_SECRET=%s" % hx(64))

# Ansible
sc("ansible-password", "[pve]\npve-0[1:4].fra1.wetopi.net ansible_user=ana ansible_become_pass=%s" % pw())
sc("ansible-password", "group_vars/all.yml:\nansible_become_password: \"%s\"" % pw())
sc("ansible-password", "echo '%s' > ~/.vault_pass.txt && ansible-playbook site.yml --vault-password-file ~/.vault_pass.txt" % pw(18, 24))
sc("ansible-password", "ansible-playbook -i prod deploy.yml -e \"mariadb_root_password=%s\"" % pw())

# Terraform tfvars
sc("terraform-password", 'db_admin_password = "%s"' % pw())
sc("terraform-password", 'resource "proxmox_vm_qemu" "wp_node" {\n  ciuser     = "ubuntu"\n  cipassword = "%s"\n}' % pw())
sc("terraform-password", "terraform.tfvars (comiteado en el repo infra!!):\nmariadb_password = \"%s\"\nmariadb_user = \"wp\"" % pw())

# Helm values
sc("helm-values", "auth:\n  enabled: true\n  password: \"%s\"" % pw())
sc("helm-values", "helm upgrade --install grafana grafana/grafana -n monitoring --set adminPassword=%s" % pw())
sc("helm-values", "mariadb-galera:\n  rootUser:\n    password: %s\n  db:\n    user: wordpress\n    password: %s" % (pw(), pw()))

# docker-compose
sc("compose-env", "services:\n  db:\n    image: mariadb:10.11\n    environment:\n      MARIADB_ROOT_PASSWORD: %s\n      MARIADB_DATABASE: wp" % pw())
sc("compose-env", "    environment:\n      - POSTGRES_USER=n8n\n      - POSTGRES_PASSWORD=%s" % pw())
sc("compose-env", "docker run -d -e MYSQL_ROOT_PASSWORD=%s -p 3306:3306 mysql:8.0" % pw())

# root passwords in chat
sc("root-password", "la contraseña de root es %s, la del pve-03 digo" % pw(10, 14))
sc("root-password", "root pw del VPS del cliente que nos toca migrar: %s (nos la mandó por email, uf)" % pw(10, 14))
sc("root-password", "Buenos días Ana, te paso los accesos del servidor antiguo: IP 185.34.12.77, usuario root, clave %s. Gracias!" % weak())

# wifi
sc("wifi-password", "wifi de la oficina nueva: WetopiOffice / %s" % weak())
sc("wifi-password", "la clave del wifi de invitados es %s, la cambian cada mes" % weak())
sc("wifi-password", "wpa_supplicant.conf de la raspberry del rack:\nnetwork={\n  ssid=\"WetopiLab\"\n  psk=\"%s\"\n}" % weak())

# weak human passwords in prose (es/en)
sc("prose-password", "the password is %s, don't laugh" % weak())
sc("prose-password", "clave: %s (la del portátil de la oficina)" % weak())
sc("prose-password", "pass del NAS = %s" % weak())
sc("prose-password", "el usuario del wp-admin es admin y la contraseña %s, la puso el cliente" % weak())
sc("prose-password", "my jira password is literally %s, I know, I'll change it" % weak())
sc("prose-password", "contraseña del router del CPD: %s" % weak())
sc("prose-password", "para el ftp de la agencia usa el usuario ftpagencia y la pass %s" % weak())
sc("prose-password", "he puesto %s como contraseña del grafana de demo para que la recuerde el comercial" % weak())

# HTTP auth headers, curl, sshpass, URL tokens
sc("bearer-token", "curl -H \"Authorization: Bearer %s\" https://api.hetzner.cloud/v1/servers" % s(64))
sc("bearer-token", "Authorization: Bearer %s" % s(40, B64URL))
sc("bearer-token", "the uptime checker sends Bearer %s to /healthz, that's why it's in the access log" % hx(40))
sc("basic-auth", "Authorization: Basic %s" % b64s("deploy:" + pw()))
sc("basic-auth", "webhook de Argo hacia el panel: https://hooks.wetopi.net/argo con header Authorization: Basic %s" % b64s("argo:" + pw()))
sc("curl-userpass", "curl -u admin:%s https://pve-02.fra1.wetopi.net:8006/api2/json/version" % pw())
sc("curl-userpass", "curl --user 'ci-bot:%s' -X POST https://jenkins.wetopi.net/job/wp-images/build" % pw())
sc("sshpass", "sshpass -p '%s' ssh -o StrictHostKeyChecking=no root@185.34.12.77" % pw(10, 14))
sc("sshpass", "*/15 * * * * sshpass -p %s rsync -az /var/www/ backup@10.30.0.9:/srv/www/" % pw())
sc("url-token", "status page webhook: https://status.wetopi.net/api/v1/incidents?token=%s" % s(32))
sc("url-token", "GET /wp-json/ferrer-erp/v1/sync?api_key=%s HTTP/1.1\" 200 1532" % hx(32))

# customer site access during migrations
sc("ftp-password", "Datos FTP del cliente Panadería Roca: host ftp.panaderiaroca.es, usuario roca_web, contraseña %s" % pw(10, 14))
sc("cpanel-password", "cpanel login for the old host: user tiendaluna, password %s" % pw(10, 14))
sc("wp-admin-password", "wp user update 1 --user_pass=%s --skip-email" % pw())

# other services with context-only secrets
sc("mailgun-key", "heroku config del cliente legacy:\nMAILGUN_API_KEY=key-%s" % hx(32))
sc("postmark-token", "curl https://api.postmarkapp.com/email -H \"X-Postmark-Server-Token: %s\" -d @mail.json" % uid())
sc("backblaze-key", "restic env file /etc/restic/b2.env:\nB2_APPLICATION_KEY_ID=005%s\nB2_APPLICATION_KEY=K005%s" % (hx(22), s(27)))
sc("ipmi-password", "ipmitool -I lanplus -H 10.0.99.14 -U ADMIN -P %s chassis power cycle" % s(10, UPPER))
sc("systemd-env", "[Service]\nEnvironment=\"PGPASSWORD=%s\"\nExecStart=/usr/local/bin/billing-sync" % pw())
sc("crontab-password", "30 2 * * * /usr/bin/mysqldump -uroot -p%s wp_shop > /srv/dumps/shop.sql" % pw())
sc("rabbitmq-password", "rabbitmqctl change_password hermes %s" % pw())


# =====================================================================================================
# 3. Hard look-alikes that are NOT secrets (label clean, by: negative) -- 110
# =====================================================================================================

# git hashes
neg("git-hash", "commit " + hx(40) + "\nAuthor: Jordi Puig <jordi@wetopi.com>\nDate:   Tue Mar 11 10:02:41 2025 +0100\n\n    fix(redis): read requirepass from secret instead of values")
neg("git-hash", "Merge pull request #482 from wetopi/fix-redis-auth (" + hx(7) + ")")
neg("git-hash", "git revert " + hx(7) + " -- that's the commit that broke the php-fpm pool sizing")
neg("git-hash", "argocd app get wp-agency-42 -> Sync Status: Synced to main (" + hx(7) + "), Health: Healthy")
neg("git-hash", "el bug entró en " + hx(12) + ", antes de eso el password reset de WooCommerce funcionaba")
neg("git-hash", "ceph version 18.2.2 (" + hx(40) + ") reef (stable)")

# UUIDs
neg("uuid", "< HTTP/2 502\n< x-request-id: " + uid() + "\n< server: nginx")
neg("uuid", "ceph fsid " + uid() + " -- el cluster de fra1, no confundir con el de dr")
neg("uuid", "pvesh get /nodes/pve-03/qemu/412/config | grep smbios1 -> uuid=" + uid())
neg("uuid", "Infisical project id " + uid() + ", environment slug prod, secret path /wordpress/agency-42")
neg("uuid", "la factura F-2025-0318 tiene el id interno " + uid() + " en Holded, por si la buscas")
neg("uuid", "PersistentVolume pvc-" + uid() + " is stuck in Released, reclaim policy Retain")

# image digests and checksums
neg("image-digest", "  containers:\n  - name: php\n    image: ghcr.io/wetopi/php-fpm@sha256:" + hx(64))
neg("image-digest", "Pulling from library/mariadb\nDigest: sha256:" + hx(64) + "\nStatus: Downloaded newer image for mariadb:10.11")
neg("image-digest", "cosign verify falla para harbor.wetopi.net/wp/nginx@sha256:" + hx(64) + ", no encuentra la firma")
neg("checksum", "$ sha256sum wordpress-6.5.2.tar.gz\n" + hx(64) + "  wordpress-6.5.2.tar.gz")
neg("checksum", "md5sum del dump antes y después del scp: " + hx(32) + " en los dos lados, ok")
neg("checksum", 'package-lock.json, node_modules/lodash:\n  "integrity": "sha512-' + b64(64) + '"')

# placeholders and templating
neg("placeholder", "redis.conf.tpl: requirepass ${REDIS_PASSWORD}  (envsubst at container start)")
neg("placeholder", "masterauth \"{{ redis_password }}\"")
neg("placeholder", "redis-cli -a \"$(cat /run/secrets/redis_password)\" --no-auth-warning ping")
neg("placeholder", "password: {{ .Values.mariadb.auth.rootPassword | quote }}")
neg("placeholder", "ansible_become_pass: \"{{ vault_become_pass }}\"")
neg("placeholder", "env:\n  - name: STRIPE_SECRET_KEY\n    value: ${{ secrets.STRIPE_SECRET_KEY }}")
neg("placeholder", "PGPASSWORD=$PGPASS pg_dump -h $PGHOST -U $PGUSER billing > /backup/billing-$(date +%F).sql")
neg("placeholder", "helm template output, env of billing-api: DATABASE_URL=postgres://${DB_USER}:${DB_PASSWORD}@${DB_HOST}:5432/${DB_NAME}")
neg("placeholder", "curl -u \"$CI_USER:$CI_TOKEN\" -X POST https://jenkins.wetopi.net/job/wp-images/build")
neg("placeholder", "Authorization: Bearer $HCLOUD_TOKEN")
neg("placeholder", "auth_pass {{ keepalived_vrrp_pass }}")
neg("placeholder", "bindPW: ${LDAP_BIND_PW}   # the chart fills it from the ldap-bind secret")
neg("placeholder", "sqlalchemy.url = mysql+pymysql://%(DB_USER)s:%(DB_PASS)s@%(DB_HOST)s/reports")
neg("placeholder", "define( 'DB_PASSWORD', getenv( 'WORDPRESS_DB_PASSWORD' ) );")
neg("placeholder", "define( 'AUTH_KEY',         'put your unique phrase here' );")
neg("placeholder", "mysql -u root -p$(vault kv get -field=root secret/wetopi/prod/mariadb) -e 'select 1'")
neg("placeholder", "INFISICAL_TOKEN=$(infisical login --method=universal-auth --silent --plain) infisical export --env=prod")
neg("placeholder", "README del operador, paso 3: token: <your-service-account-token>")
neg("placeholder", "CREATE USER 'wp_<cliente>'@'%' IDENTIFIED BY '<password>';  -- plantilla del runbook de alta de cliente")
neg("placeholder", "curl -H 'Authorization: PVEAPIToken=USER@REALM!TOKENID=UUID' https://<pve-host>:8006/api2/json/")
neg("placeholder", "from the vendor docs: GET https://api.example.com/v1/report?api_key=YOUR_API_KEY")
neg("placeholder", "[default]\naws_access_key_id = <access-key-id>\naws_secret_access_key = <secret-access-key>")
neg("placeholder", "plantilla del README: DefaultEndpointsProtocol=https;AccountName=<cuenta>;AccountKey=<storage-account-key>;EndpointSuffix=core.windows.net")
neg("placeholder", "export OPENAI_API_KEY=sk-...   # pon aquí la tuya, no la comitees")

# env var names without values, references to secrets
neg("env-name", ".env.example\nDB_PASSWORD=\nREDIS_PASSWORD=\nSTRIPE_SECRET_KEY=\nSMTP_PASSWORD=")
neg("env-name", "faltan TWILIO_AUTH_TOKEN y DD_API_KEY en el entorno de staging, por eso no arranca el worker")
neg("secret-ref", "env:\n- name: DD_API_KEY\n  valueFrom:\n    secretKeyRef:\n      name: datadog-secret\n      key: api-key")
neg("secret-ref", "auth:\n  existingSecret: redis-auth\n  existingSecretPasswordKey: redis-password")
neg("secret-ref", "environment:\n  MARIADB_ROOT_PASSWORD_FILE: /run/secrets/db_root_password\nsecrets:\n  - db_root_password")
neg("secret-ref", "apiTokenSecretRef:\n  name: cloudflare-api-token\n  key: api-token")
neg("secret-ref", "kind: InfisicalSecret\nspec:\n  authentication:\n    universalAuth:\n      credentialsRef:\n        secretName: infisical-ua\n        secretNamespace: infisical")
neg("secret-ref", "kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath=\"{.data.password}\" | base64 -d")
neg("secret-ref", "kubectl create secret generic redis-auth -n cache --from-literal=redis-password=\"$(openssl rand -hex 24)\"")
neg("secret-ref", "ansible-playbook site.yml -i inventories/prod --vault-password-file ~/.ansible/vault_pass.txt")
neg("secret-ref", "sshpass -f /root/.config/legacy_pass rsync -az root@10.30.0.9:/srv/www/ /srv/www/")
neg("secret-ref", "Vault path: secret/data/wetopi/prod/mariadb (field: root_password)")
neg("secret-ref", "ExecStart=/usr/local/bin/billing-sync --password-file /etc/billing/pg.pass")

# empty, masked, redacted
neg("empty-password", "values-staging.yaml:\nsmtp:\n  user: \"\"\n  password: \"\"")
neg("empty-password", "SMTP_PASSWORD is empty in staging on purpose, mails go to mailpit")
neg("masked", "Usuario: admin@tiendaluna.es\nContraseña: ********")
neg("masked", "kubeconfig as pasted by the client:\n  token: [REDACTED]")
neg("masked", "AKIA************7QXZ (solo te pongo los últimos 4 para que la identifiques en IAM)")
neg("masked", "VAULT_TOKEN=hvs.****  <- lo he tachado antes de pegar el log")
neg("masked", "password=xxxxxxxx host=10.20.0.15 user=backup")
neg("masked", "Authorization: Bearer ***")
neg("masked", "la api key es xxxx-xxxx-xxxx-xxxx en la plantilla del contrato, el cliente rellena la suya")

# password policies and plain words
neg("password-policy", "Política de contraseñas para clientes: mínimo 14 caracteres, al menos un símbolo, sin reutilizar las últimas 5, 2FA obligatorio en wp-admin")
neg("password-policy", "password_min_length = 12\npassword_require_symbols = true\npassword_max_age_days = 180")
neg("password-policy", "Vault token TTL is 8h, max TTL 72h; batch tokens for CI only")
neg("plain-word", "status:\n  token: expired\n  lastRefresh: 2025-03-10T08:00:00Z")
neg("plain-word", "Error: 401 Unauthorized - invalid or expired token")
neg("plain-word", "clave primaria: id_cliente, clave foránea: id_plan")

# public keys, certificates, fingerprints
neg("ssh-public-key", ssh_ed25519_pub() + " ana@wetopi-laptop")
neg("ssh-public-key", "authorized_keys en pve-02:\n" + ssh_rsa_pub() + " ansible@bastion")
neg("ssh-public-key", "añade mi pública al bastion porfa: " + ssh_ed25519_pub() + " marc@mbp")
neg("wireguard-public-key", "[Peer]\nPublicKey = " + wg_key() + "\nAllowedIPs = 10.99.0.0/24\nEndpoint = 185.34.12.10:51820")
neg("certificate", "ca.crt del cluster:\n" + cert_pem())
neg("certificate", "clusters:\n- cluster:\n    certificate-authority-data: " + b64s(cert_pem(150)) + "\n    server: https://10.0.0.10:6443")
neg("pgp-public-key", "firma los paquetes con esta pública, súbela al keyserver:\n" + pgp_public())
neg("fingerprint", "ECDSA key fingerprint is SHA256:" + b64(32).rstrip("=") + ".")
neg("fingerprint", "openssl x509 -noout -fingerprint -sha256 -in tiendaluna.crt\nSHA256 Fingerprint=" + fp_colon())
neg("fingerprint", "Serial Number: " + fp_colon(16).lower() + " (Let's Encrypt R11, expira el 14/06)")

# base64 of ordinary text
neg("base64-text", "echo '" + b64s("hola mundo\n") + "' | base64 -d  -> hola mundo")
neg("base64-text", "apiVersion: v1\nkind: ConfigMap\nbinaryData:\n  motd: " + b64s("Bienvenido a pve-03. Cambios solo con ticket.\n"))
neg("base64-text", "the annotation value is base64 of the JSON: " + b64s('{"team":"platform","tier":"gold"}'))
neg("base64-text", "el tema del cliente incrusta el favicon así: <img src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQ" + b64(48) + "\">")

# identifiers that look random
neg("request-id", "el cliente ve un error 520, cf-ray: " + hx(16) + "-MAD a las 10:42")
neg("trace-id", "upstream call to billing-api, traceparent: 00-" + hx(32) + "-" + hx(16) + "-01")
neg("trace-id", "tempo search: trace " + hx(32) + " shows 1.8s in the redis GET, rest is php")
neg("ulid", "evento de memoria " + ulid() + " reintentado 3 veces, luego ok")
neg("ulid", "bank user-u_" + ulid() + " has 412 memories")
neg("version", "rke2 v1.29.4+rke2r1, containerd 1.7.11-k3s2, kernel 6.8.0-45-generic")
neg("version", "WordPress 6.5.2, WooCommerce 8.8.3, PHP 8.2.18 (build 20240411-" + hx(8) + ")")
neg("hostname", "connect to redis-master-0.redis-headless.cache.svc.cluster.local:6379 timed out after 3s")
neg("hostname", "pve-04.fra1.wetopi.net resolves to 10.0.4.14 internally, 185.34.12.14 outside")
neg("pod-name", "wp-agency-42-" + podhash() + "   0/1   CrashLoopBackOff   7 (2m ago)   14m")
neg("pod-name", "kubectl -n argocd logs argocd-repo-server-" + podhash() + " --previous")
neg("k8s-secret-list", "NAME                 TYPE                 DATA   AGE\nwp-db-creds          Opaque               2      41d\nregcred              kubernetes.io/dockerconfigjson   1   300d")
neg("k8s-secret-empty", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: wp-db-creds\ntype: Opaque\ndata: {}")
neg("terraform-resource", "aws_secretsmanager_secret.db: Refreshing state... [id=arn:aws:secretsmanager:eu-west-1:" + str(R.randint(10 ** 11, 10 ** 12 - 1)) + ":secret:prod/db-" + s(6) + "]")
neg("terraform-resource", "random_password.mariadb_root: Creation complete after 0s [id=none]")
neg("terraform-resource", 'variable "db_password" {\n  type      = string\n  sensitive = true\n}')
neg("ansible-no-log", "- name: set mariadb root password\n  community.mysql.mysql_user:\n    name: root\n    password: \"{{ mariadb_root_password }}\"\n  no_log: true")
neg("cloud-ids", "zone_id    = \"" + hx(32) + "\"\naccount_id = \"" + hx(32) + "\"")
neg("cloud-ids", "trust policy principal: arn:aws:iam::" + str(R.randint(10 ** 11, 10 ** 12 - 1)) + ":role/velero-backup")
neg("publishable-key", "la publishable key de Stripe (la pública, va en el JS del checkout): pk_live_51" + s(97))
neg("chat-ids", "Telegram chat id del grupo on-call: -100" + str(R.randint(10 ** 9, 10 ** 10 - 1)) + ", canal Slack C0" + s(9, UPPER + DIGITS))
neg("commands", "mysql -u root -p -h 10.20.0.15")
neg("commands", "htpasswd -B -c /etc/nginx/.htpasswd cliente")
neg("commands", "ceph auth get-or-create client.velero mon 'allow r' osd 'allow rwx pool=backups' -o /etc/ceph/ceph.client.velero.keyring")
neg("commands", "pveum user token add terraform@pve provider --privsep 0")
neg("docker-config", '{"auths": {"ghcr.io": {}, "harbor.wetopi.net": {}}, "credsStore": "pass"}')


# =====================================================================================================
# 4. Ordinary work sentences (label clean, by: prose) -- 110
# =====================================================================================================

for line in [
    # mentioning passwords / tokens / secrets without any value
    "He rotado la contraseña del redis de staging, la nueva ya está en Infisical en /staging/redis",
    "the password is in 1Password under 'pve-03 root', don't paste it here",
    "la contraseña es la de siempre, la del gestor, no te la pongo por aquí",
    "Can you remind me to rotate the Hetzner API token next Monday?",
    "Necesito que revoques el token de GitLab del freelance, ya terminó el proyecto",
    "Who has access to the Argo CD admin account? I'd like to disable it and use SSO only",
    "El cliente dice que no le llega el email de reset password de WooCommerce, ¿puedes mirar los logs de SMTP?",
    "we never store customer passwords in tickets, if they send one we ask them to change it right away",
    "ojo que el token de Telegram del bot de on-call caduca? no, creo que no caducan, pero revísalo",
    "I rotated the Slack webhook after the leak review, the old one returns 404 now",
    "pls check if the vault token TTL for CI is still 20 min, builds are failing with permission denied halfway",
    "la clave del éxito con las agencias es responder en menos de una hora, eso nos lo dijo Laura en la reunión",
    "mi clave para el Q2 es cerrar los tres contratos de mantenimiento que tenemos en el pipeline",
    "token bucket de 50 req/s por IP en el ingress del panel, así dejamos de ver los picos del bot de SEO",
    "Hermes se comió 180k tokens en el resumen del incidente, hay que recortar el contexto",
    "Secret Santa de la oficina el 19, límite 20 euros, no os olvidéis",
    "el secreto está en bajar el pm.max_children, no en subir la RAM del pod",
    "Do we have a runbook for rotating the Ceph client keys without remounting cephfs?",
    "La contraseña del wifi de la oficina la tiene Marta, pídesela a ella",
    "passwords in the old wp-config files are the client's problem after handover, but we should tell them",
    "Password manager for the team: we decided on 1Password Business, 14 seats",
    "Recordatorio: el jueves cambiamos las claves SSH de los bastiones, avisad si tenéis sesiones largas",
    "nobody should ever `echo` a secret in CI, use masked variables",
    "me he bloqueado la cuenta de Hetzner por poner mal la contraseña tres veces, qué vergüenza",
    "the new hire needs a Vault login and a GitLab account by Monday, can you open the tickets?",
    "token de acceso caducado otra vez en el panel del cliente, les vamos a poner refresh tokens",
    # business
    "Grupo Ferrer quiere pasar de 12 a 30 sitios en el plan Agency a partir de abril",
    "the migration quote for Hotel Miramar is 1.450 EUR + VAT, 3 sites, including DNS cutover",
    "Hemos perdido a Panadería Roca, se van a un hosting más barato. Pedir feedback",
    "Can you draft a polite email to Nube Creativa about the unpaid invoice F-2025-0211? 45 days late",
    "el precio del plan Pro sube a 39 €/mes para altas nuevas desde el 1 de mayo, los actuales se mantienen",
    "We refund the first month if the migration fails our QA, that's the policy",
    "La agencia Brava pide descuento por volumen, 20 sitios, ofréceles el 15 % máximo",
    "reunión con el partner de Barcelona el martes a las 10, llevar las cifras de churn",
    "Tiendaluna renews in June, they asked about adding staging environments",
    "el contrato marco con Grupo Ferrer incluye SLA de 99,9 % y respuesta en 4h laborables",
    "send the quarterly newsletter draft to Laura before friday please",
    "vamos a cobrar las migraciones urgentes (menos de 48h) con un recargo del 30 %",
    "Our supplier for domains is still OVH, we have 214 domains there",
    "Hemos firmado con Ecofincas, 8 sitios, plan Business, empiezan el día 3",
    "the founder of agencia Brava is super picky about invoices, always put the PO number",
    "factura de Hetzner de marzo: 2.310 € , un 8 % más que febrero por los nodos nuevos",
    # platform
    "El ingress de la tienda vuelve a dar 502 desde el último despliegue de php-fpm",
    "ceph health is HEALTH_WARN: 1 pool(s) have no replicas configured, it's the scratch pool, ignore",
    "he subido pm.max_children a 24 en el pool de wp-agency-42 y el 502 ha desaparecido",
    "Velero backups to the offsite bucket take 47 min now, they used to be 20",
    "pve-02 se reinició solo a las 03:12, kernel panic en el módulo de zfs",
    "Argo CD is out of sync on wp-shop because someone edited the configmap by hand",
    "cuando toques el keepalived recuerda que lb-01 es MASTER con prioridad 150 y lb-02 BACKUP con 100",
    "RKE2 upgrade to 1.29 done on staging, prod next week if nothing explodes",
    "el nodo wan-03 pierde paquetes cada vez que sube el tráfico, sospecho de la NIC",
    "the redis in cache namespace is at 92% maxmemory, eviction policy allkeys-lru, fine for now",
    "cert-manager no renueva el wildcard de tiendaluna.es, el challenge DNS01 da timeout",
    "we moved the MariaDB galera backups to 02:30 to avoid overlapping with the Ceph scrub",
    "Grafana alert: disk usage on pve-04 local-lvm 88 %",
    "el pipeline de imágenes tarda 14 minutos, la mitad es el npm ci sin caché",
    "HAProxy en los LB: maxconn 20000 por frontend, no lo toques sin hablar con Jordi",
    "kubectl top nodes muestra wrk-07 al 97 % de memoria, hay un pod de WooCommerce con leak",
    "PHP 8.3 rollout: 60 % of sites migrated, 4 plugins incompatible, list in the ticket",
    "the WAN load balancers use IPVS + VRRP with DSR to the WAN nodes",
    "Infisical operator sync interval is 60s, so after rotating wait a minute before restarting pods",
    "DNS de wetopi.net en Cloudflare, los de clientes en su mayoría en OVH o en su registrador",
    "After the incident we agreed: no manual edits in prod namespaces, everything through Argo",
    "mañana cambio el disco del osd.14, está dando errores SMART",
    # personal
    "Prefiero que me contestes en castellano y corto, sin listas enormes",
    "I usually do deploys in the morning, never after 5pm on a Friday",
    "mi forma de trabajar: primero el ticket, luego el código, nunca al revés",
    "no me mandes notificaciones de Slack los fines de semana salvo P1",
    "I like the summaries with the commands at the end, not mixed with the text",
    "los lunes a primera hora tengo la reunión con ventas, no me pongas nada antes de las 11",
    "prefer kubectl examples with -n always, I hate guessing the namespace",
    "este mes estoy de guardia la semana del 14, apúntamelo",
    # small talk, meta, misc
    "buenos días! qué tal el finde?",
    "ok gracias, lo miro después de comer",
    "lol the client's site has a 'Hello world!' post from 2016 still published",
    "¿me recuerdas cómo se llamaba el plugin de caché que daba problemas con WPML?",
    "haha no, that was the other Jordi",
    "voy a por un café, en 10 vuelvo",
    "perfecto, cerrado el ticket 4412",
    "can you summarise this thread for Laura? she missed the call",
    "no tengo ni idea de por qué funciona, pero funciona",
    "the printer on the second floor is jammed again",
    "Creo que el problema era el DNS. Siempre es el DNS.",
    "did anyone order the pizzas for the release party?",
    # voice-dictation style, typos, long rants
    "oye apunta que el cliente de la inmobiliaria quiere que le llamemos antes de tocar nada de su web punto y que prefiere por teléfono no por email",
    "pues nada otra vez el mismo error de siempre con el plugin de backups que se queda colgado a mitad y luego no hay manera de saber qué ha copiado y qué no, estoy hasta las narices",
    "teh migration of the 3 sites went fine exept the one with the custom theme, css broken on mobile",
    "k, lo dejo en el canal de ops xq aquí se pierde",
    "honestly the whole password-reset flow of the old panel is a mess, users get two emails and the second link is dead",
    "Necesitaría, si puedes, un resumen de los incidentes de marzo para la reunión con Grupo Ferrer, gracias!",
    "acuérdate que la clave de este trimestre es bajar el tiempo de migración, no vender más",
    "we should write a short guide for customers on choosing a strong password for wp-admin, with 2FA",
    "no compartas credenciales por el chat nunca, usa el enlace de un solo uso de 1Password",
    "The token budget for the monthly report prompt is 8k, keep it under that",
    "¿Dónde está documentado cómo se regenera el keyring de un cliente de Ceph?",
    "la semana que viene hago el leak review de los repos de infra, avisad si tenéis algo pendiente de borrar",
    "Found 3 secrets in old CI logs during the review, all rotated already, ticket SEC-112",
    "pass me the link to the Hermes design doc, the Spanish one",
    "pásame el informe de uptime de febrero, porfa",
    "he pasado el examen de CKA!! 91 %",
    "nuestra api key del proveedor de SMS caduca en junio, hay que renovar el contrato antes",
    "I'll keep the keys to the office this weekend, I'm coming in on Saturday to rack the new server",
    "key account de Grupo Ferrer a partir de ahora es Laura, no Jordi",
    "Press the Enter key twice in the Proxmox console, it sometimes hangs on the boot menu",
    "la contraseña que me diste no funciona, ¿la has cambiado?",
    "reset your password at https://panel.wetopi.net/forgot and tell me if the email arrives",
    "I'd rather we use passkeys for the panel than passwords, less support tickets",
    "El token de un solo uso del enlace de invitación caduca a las 24 horas, por diseño",
    "ayer se cayó el bot de Telegram un rato, el token estaba bien, era la red",
    "the secret sauce of our migrations is the pre-flight checklist, honestly",
]:
    prose(line)


# =====================================================================================================
# write
# =====================================================================================================

def main():
    want = {"format": 90, "context": 120, "negative": 110, "prose": 110}
    got = {}
    for r in RECORDS:
        got[r["by"]] = got.get(r["by"], 0) + 1
    assert got == want, got
    texts = [r["text"] for r in RECORDS]
    assert len(set(texts)) == len(texts), "duplicate text"
    order = list(range(len(RECORDS)))
    random.Random(4).shuffle(order)
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tune4.jsonl")
    with open(out, "w", encoding="utf-8") as fh:
        for n, i in enumerate(order, 1):
            r = RECORDS[i]
            rec = {"id": "s4-%04d" % n, "text": r["text"], "label": r["label"], "family": r["family"], "by": r["by"]}
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print("wrote %d records to %s" % (len(order), out))


if __name__ == "__main__":
    main()
