#!/usr/bin/env python3
"""Generate tune10.jsonl: 240 labelled lines for the secret gate (tuning part).

80 secrets recognisable by format, 60 secrets given only by context, 60 hard negatives and 40 ordinary
prose lines. Standard library only, fixed seed: running it twice writes the same file. Every value is
randomly generated in the shape of its family; none is a real credential.
"""
import base64
import json
import os
import random
import string
import uuid

SEED = 101010
rng = random.Random(SEED)

ALNUM = string.ascii_letters + string.digits
UPPER_NUM = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
URLSAFE = ALNUM + "-_"
B64 = ALNUM + "+/"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"


def rs(n, alphabet=ALNUM):
    return "".join(rng.choice(alphabet) for _ in range(n))


def hexs(n):
    return rs(n, HEX)


def rbytes(n):
    return bytes(rng.getrandbits(8) for _ in range(n))


def b64(data):
    return base64.b64encode(data).decode()


def b64url(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def uid():
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def digits(n, first_nonzero=True):
    s = rs(n, string.digits)
    if first_nonzero and s[0] == "0":
        s = rng.choice("123456789") + s[1:]
    return s


def jwt(payload, alg="RS256", kid=True, sig_bytes=256):
    header = {"alg": alg, "typ": "JWT"}
    if kid:
        header["kid"] = b64url(rbytes(24))
    h = b64url(json.dumps(header, separators=(",", ":")).encode())
    p = b64url(json.dumps(payload, separators=(",", ":")).encode())
    return h + "." + p + "." + b64url(rbytes(sig_bytes))


def wrap(s, width=64):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


def pem(label, prefix, nbytes):
    body = b64(prefix + rbytes(nbytes))
    return f"-----BEGIN {label}-----\n{wrap(body)}\n-----END {label}-----"


def ssh_str(b):
    return len(b).to_bytes(4, "big") + b


def openssh_key():
    pub = ssh_str(b"ssh-ed25519") + ssh_str(rbytes(32))
    blob = (b"openssh-key-v1\x00" + ssh_str(b"none") + ssh_str(b"none") + ssh_str(b"")
            + (1).to_bytes(4, "big") + ssh_str(pub) + ssh_str(rbytes(136)))
    return ("-----BEGIN OPENSSH PRIVATE KEY-----\n" + wrap(b64(blob), 70)
            + "\n-----END OPENSSH PRIVATE KEY-----")


def ed25519_pub():
    return b64(ssh_str(b"ssh-ed25519") + ssh_str(rbytes(32)))


def ceph_key():
    return b64(b"\x01\x00" + rbytes(8) + b"\x10\x00" + rbytes(16))


def ts():
    return 1760000000 + rng.randint(0, 20000000)


def aws_id(prefix):
    return prefix + rs(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")


def aws_secret():
    return rs(40, B64)


# ---------------------------------------------------------------------------------------------
# 80 secrets recognisable by format
# ---------------------------------------------------------------------------------------------

def f_aws_access_key():
    return ("Para el bucket de backups de Velero en S3 usa esto:\n[default]\naws_access_key_id = {}\n"
            "aws_secret_access_key = {}".format(aws_id("AKIA"), aws_secret()))


def f_aws_sts():
    return ("temporary creds from the assume-role, valid 1h: AWS_ACCESS_KEY_ID={} AWS_SECRET_ACCESS_KEY={} "
            "AWS_SESSION_TOKEN=IQoJb3JpZ2luX2VjE{}".format(aws_id("ASIA"), aws_secret(), rs(180, B64)))


def f_gcp_api_key():
    return f"La API key de Google Maps para el checkout de Hostal Brisa es AIza{rs(35, URLSAFE)}, restringida al dominio"


def f_gcp_sa():
    key = pem("PRIVATE KEY", b"\x30\x82\x04\xbd\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00", 96)
    return json.dumps({"type": "service_account", "project_id": "wetopi-analytics",
                       "private_key_id": hexs(40), "private_key": key + "\n",
                       "client_email": "looker-export@wetopi-analytics.iam.gserviceaccount.com"})


def f_gcp_oauth_access():
    return (f"curl -H 'Authorization: Bearer ya29.a0Ad{rs(150, URLSAFE)}' "
            "https://www.googleapis.com/drive/v3/files")


def f_azure_conn():
    return ("AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=wetopiarchive;"
            f"AccountKey={b64(rbytes(64))};EndpointSuffix=core.windows.net")


def f_azure_client_secret():
    return ("App registration for the Microsoft 365 SSO of Farmacia Ruiz: client_id {}, client secret {}8Q~{}".format(uid(), rs(3), rs(31, ALNUM + "_~.-")))


def f_github_pat():
    return f"git remote set-url origin https://ghp_{rs(36)}@github.com/wetopi/platform-gitops.git"


def f_github_fg():
    return f"new fine-grained token for the argocd-image-updater: github_pat_11{rs(20, UPPER_NUM)}_{rs(59)}"


def f_github_oauth():
    return f"gh auth token devuelve gho_{rs(36)}, lo pego en el secret de CI"


def f_github_app():
    return f"installation token (expires in 1h): ghs_{rs(36)}"


def f_gitlab_pat():
    return f"GITLAB_TOKEN=glpat-{rs(20, URLSAFE)} helm repo add wetopi-charts https://gitlab.wetopi.net/api/v4/projects/12/packages/helm/stable"


def f_gitlab_runner():
    return f"gitlab-runner register --url https://gitlab.wetopi.net --token glrt-{rs(20, URLSAFE)} --executor kubernetes"


def f_gitlab_deploy():
    return f"deploy token para que Argo CD lea el repo de themes: usuario gitlab+deploy-token-7, token gldt-{rs(20, URLSAFE)}"


def f_slack_bot():
    return f"SLACK_BOT_TOKEN=xoxb-{digits(11)}-{digits(13)}-{rs(24)} en el values de alertmanager-bot"


def f_slack_app():
    return f"socket mode app token: xapp-1-A{rs(10, UPPER_NUM)}-{digits(13)}-{hexs(64)}"


def f_slack_webhook():
    return (f"El webhook de #ops-alertas es https://hooks.slack.com/services/T{rs(8, UPPER_NUM)}/B{rs(10, UPPER_NUM)}/{rs(24)}")


def f_discord_webhook():
    return (f"discord webhook for the status channel: https://discord.com/api/webhooks/{digits(19)}/{rs(68, URLSAFE)}")


def f_teams_webhook():
    return (f"Webhook de Teams del cliente Grupo Olmo: https://grupoolmo.webhook.office.com/webhookb2/{uid()}@{uid()}/IncomingWebhook/{hexs(32)}/{uid()}")


def tg_token():
    return f"{digits(10)}:AA{rs(33, URLSAFE)}"


def f_telegram():
    return f"El token del bot de alertas de Telegram es {tg_token()}, lo generé con BotFather ayer"


def f_telegram_2():
    return f"curl -s 'https://api.telegram.org/bot{tg_token()}/sendMessage' -d chat_id=-1001873220419 -d text='backup OK'"


def f_stripe_sk():
    return f"STRIPE_SECRET_KEY=sk_live_51{rs(97)} en el .env de la tienda de Bodega Martín"


def f_stripe_sk_2():
    return f"stripe key de producción para el plugin de WooCommerce: sk_live_51{rs(97)}"


def f_stripe_rk():
    return f"restricted key (solo lectura de charges) para el informe mensual: rk_live_51{rs(97)}"


def f_stripe_whsec():
    return f"Signing secret del endpoint /wc-api/wc_stripe: whsec_{rs(32)}"


def f_sendgrid():
    return f"SMTP relay via SendGrid, user apikey, password SG.{rs(22, URLSAFE)}.{rs(43, URLSAFE)}"


def f_mailgun():
    return f"MAILGUN_API_KEY=key-{hexs(32)}"


def f_mailchimp():
    return f"La API key de Mailchimp de la newsletter de Wetopi: {hexs(32)}-us21"


def f_openai():
    return f"OPENAI_API_KEY=sk-proj-{rs(48, URLSAFE)}T3BlbkFJ{rs(48, URLSAFE)} for the support summariser"


def f_anthropic():
    return f"ANTHROPIC_API_KEY: sk-ant-api03-{rs(93, URLSAFE)}AA  (cuenta de Hermes prod)"


def f_hf():
    return f"huggingface token to pull the embedding model: hf_{rs(34, string.ascii_letters)}"


def f_npm():
    return f"//registry.npmjs.org/:_authToken=npm_{rs(36)}"


def f_pypi():
    return f"[pypi]\n  username = __token__\n  password = pypi-AgEIcHlwaS5vcmcCJ{rs(150, URLSAFE)}"


def f_dockerhub():
    return f"docker login -u wetopici --password dckr_pat_{rs(27, URLSAFE)}"


def f_vault_hvs():
    return f"export VAULT_TOKEN=hvs.CAESI{rs(87, URLSAFE)}; vault kv get kv/wetopi/stripe"


def f_vault_hvb():
    return f"batch token del pipeline: hvb.AAAAAQ{rs(130, URLSAFE)}"


def f_tfc():
    return f'credentials "app.terraform.io" {{ token = "{rs(14)}.atlasv1.{rs(67)}" }}'


def f_infisical_st():
    return f"INFISICAL_TOKEN=st.{hexs(24)}.{hexs(32)}.{hexs(32)} infisical run --env=prod -- ./deploy.sh"


def f_infisical_jwt():
    tok = jwt({"authTokenType": "identityAccessToken", "identityId": uid(), "clientSecretId": uid(),
               "identityAccessTokenId": uid(), "iat": ts(), "exp": ts() + 7200}, alg="HS256", kid=False, sig_bytes=32)
    return f"access token de la machine identity de Infisical para argocd: {tok}"


def f_cf_origin_ca():
    return f"Origin CA key de Cloudflare (para cert-manager origin-issuer): v1.0-{hexs(24)}-{hexs(146)}"


def f_cf_tunnel():
    inner = json.dumps({"a": hexs(32), "t": uid(), "s": b64(rbytes(32))}, separators=(",", ":"))
    return f"cloudflared tunnel run --token {b64(inner.encode())}"


def f_grafana_sa():
    return f"Service account token de Grafana para el exporter de SLOs: glsa_{rs(32)}_{hexs(8)}"


def f_grafana_cloud():
    inner = json.dumps({"o": digits(6), "n": f"stack-{digits(6)}-hm-write", "k": rs(24),
                        "m": {"r": "prod-eu-west-2"}}, separators=(",", ":"))
    return f"remote_write a Grafana Cloud: password: glc_{b64(inner.encode())}"


def f_sentry():
    inner = json.dumps({"iat": float(ts()), "url": "https://sentry.io", "region_url": "https://de.sentry.io",
                        "org": "wetopi"}, separators=(",", ":"))
    return "SENTRY_AUTH_TOKEN=sntrys_{}_{} para subir los sourcemaps del panel".format(b64(inner.encode()).rstrip("="), rs(43, URLSAFE))


def f_shopify():
    return f"Access token de la tienda Shopify que migramos a WooCommerce: shpat_{hexs(32)}"


def f_atlassian():
    return "Jira API token (ana@wetopi.com): ATATT3xFfGF0{}={}".format(rs(170, URLSAFE), rs(8, "0123456789ABCDEF"))


def f_age():
    return f"# created: 2026-06-02T10:14:55+02:00\n# public key: age1{rs(58, BECH32.lower())}\nAGE-SECRET-KEY-1{rs(58, BECH32)}"


def f_google_oauth_secret():
    return (f"OAuth client for the Google login in the customer panel: client_id {digits(12)}-{rs(32, string.ascii_lowercase + string.digits)}.apps.googleusercontent.com, "
            f"client_secret GOCSPX-{rs(28, URLSAFE)}")


def f_woo_keys():
    return (f"Claves REST de WooCommerce para la integración con Holded: consumer key ck_{hexs(40)} / consumer secret cs_{hexs(40)}")


def f_jwt_bearer():
    tok = jwt({"sub": "svc-billing", "aud": "panel.wetopi.com", "scope": "invoices:write", "iat": ts(), "exp": ts() + 86400})
    return f"curl -H \"Authorization: Bearer {tok}\" https://panel.wetopi.com/api/v2/invoices"


def f_jwt_wp():
    tok = jwt({"iss": "https://tienda-olmo.wetopi.site", "iat": ts(), "nbf": ts(), "exp": ts() + 604800,
               "data": {"user": {"id": "1"}}}, alg="HS256", kid=False, sig_bytes=32)
    return f"El plugin JWT Auth del WordPress de Grupo Olmo me devuelve este token: {tok}"


def f_kubeconfig_token():
    tok = jwt({"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": "ci",
               "kubernetes.io/serviceaccount/service-account.name": "ci-deployer", "sub": "system:serviceaccount:ci:ci-deployer"})
    return (f"users:\n- name: ci-deployer\n  user:\n    token: {tok}")


def f_argocd_token():
    tok = jwt({"iss": "argocd", "sub": "ci:apiKey", "nbf": ts(), "iat": ts(), "jti": uid()}, alg="HS256", kid=False, sig_bytes=32)
    return f"ARGOCD_AUTH_TOKEN={tok} argocd app sync tiendas-prod"


def f_pem_rsa():
    return ("te paso la clave del certificado del cliente, ponla en el secret tls:\n"
            + pem("RSA PRIVATE KEY", b"\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00", 240))


def f_openssh():
    return "Esta es la clave del usuario deploy para los nodos Proxmox:\n" + openssh_key()


def f_openssh_2():
    return "cat ~/.ssh/id_ed25519\n" + openssh_key()


def f_pem_ec():
    return "EC key del webhook de firma:\n" + pem("EC PRIVATE KEY", b"\x30\x77\x02\x01\x01\x04\x20", 110)


def f_pem_pkcs8():
    return ("tls.key del wildcard *.wetopi.site (lo saqué del secret de cert-manager):\n"
            + pem("PRIVATE KEY", b"\x30\x82\x04\xbe\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00", 230))


def f_pgp():
    body = b64(b"\x95\x03\xc6\x04" + rbytes(200))
    return ("la clave GPG con la que firmamos los paquetes:\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
            + wrap(body) + "\n=" + rs(4, B64) + "\n-----END PGP PRIVATE KEY BLOCK-----")


def f_putty():
    return ("PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: soporte@wetopi\nPublic-Lines: 2\n"
            + wrap(ed25519_pub()) + "\nPrivate-Lines: 1\n" + b64(ssh_str(rbytes(32))) + "\nPrivate-MAC: " + hexs(64))


def f_postgres():
    return (f"DATABASE_URL=postgresql://hindsight:{rs(24)}@pg-hindsight-rw.wetopi-memory.svc:5432/hindsight?sslmode=require")


def f_postgres_2():
    return f"psql 'postgres://grafana:{rs(18)}@10.20.4.17:5432/grafana' -c 'select 1'"


def f_mysql():
    return f"WORDPRESS_DB_URL=mysql://wp_olmo:{rs(20)}@mariadb-galera.tiendas.svc:3306/wp_olmo"


def f_redis_url():
    return f"REDIS_URL=redis://default:{rs(32)}@redis-sessions.tiendas.svc:6379/2"


def f_mongo():
    return f"MONGO_URI=mongodb+srv://analytics:{rs(20)}@cluster0.{rs(5, string.ascii_lowercase + string.digits)}.mongodb.net/events?retryWrites=true"


def f_amqp():
    return f"broker_url = amqp://celery:{rs(22)}@rabbitmq.jobs.svc:5672/wetopi"


def f_smtp_url():
    return f"MAILER_DSN=smtp://postmaster%40mg.wetopi.com:{rs(26)}@smtp.eu.mailgun.org:587"


def f_url_creds():
    return f"helm repo add bitnami-mirror https://ci-reader:{rs(20)}@charts.wetopi.net/bitnami"


def f_k8s_secret():
    pw = rs(24)
    return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: mariadb-root\n  namespace: tiendas\ntype: Opaque\ndata:\n"
            "  username: {}\n  password: {}".format(b64(b"root"), b64(pw.encode())))


def f_k8s_secret_2():
    return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: cloudflare-api-token\n  namespace: cert-manager\n"
            f"type: Opaque\ndata:\n  api-token: {b64(rs(40, URLSAFE).encode())}")


def f_k8s_stringdata():
    return ("kind: Secret\napiVersion: v1\nmetadata:\n  name: velero-minio\nstringData:\n  cloud: |\n    [default]\n"
            f"    aws_access_key_id=velero\n    aws_secret_access_key={rs(40)}")


def f_dockerconfig():
    pw = rs(24)
    auth = b64(("robot$wetopi+ci:" + pw).encode())
    return (f'.dockerconfigjson: {{"auths":{{"harbor.wetopi.net":{{"username":"robot$wetopi+ci","password":"{pw}","auth":"{auth}"}}}}}}')


def f_kube_client_key():
    inner = pem("EC PRIVATE KEY", b"\x30\x77\x02\x01\x01\x04\x20", 110) + "\n"
    return f"    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t...\n    client-key-data: {b64(inner.encode())}"


def f_proxmox():
    return ("PM_API_TOKEN_ID='terraform@pve!provisioner' y el header completo Authorization: "
            f"PVEAPIToken=terraform@pve!provisioner={uid()}")


def f_proxmox_2():
    return f"proxmox api token for the backup checker: PVEAPIToken=monitor@pve!grafana={uid()}"


def f_ceph_keyring():
    return f"[client.admin]\n\tkey = {ceph_key()}\n\tcaps mds = \"allow *\"\n\tcaps mon = \"allow *\"\n\tcaps osd = \"allow *\""


def f_ceph_keyring_2():
    return f"ceph auth get client.rbd-wp → key = {ceph_key()} (lo necesito en el csi)"


def f_ceph_csi():
    return f"csi-rbd-secret:\n  stringData:\n    userID: kubernetes\n    userKey: {ceph_key()}"


def f_basic_header():
    return "Authorization: Basic {}  ← esto lo manda el uptime checker al staging protegido".format(b64(("staging:" + rs(14)).encode()))


def f_totp():
    return f"otpauth://totp/Wetopi:ana@wetopi.com?secret={rs(32, B32)}&issuer=Hetzner%20Robot"


FORMAT = [
    ("aws-access-key", f_aws_access_key), ("aws-sts-session", f_aws_sts),
    ("gcp-api-key", f_gcp_api_key), ("gcp-service-account-key", f_gcp_sa), ("gcp-oauth-access-token", f_gcp_oauth_access),
    ("azure-storage-connection-string", f_azure_conn), ("azure-client-secret", f_azure_client_secret),
    ("github-pat", f_github_pat), ("github-fine-grained-pat", f_github_fg),
    ("github-oauth-token", f_github_oauth), ("github-app-token", f_github_app),
    ("gitlab-pat", f_gitlab_pat), ("gitlab-runner-token", f_gitlab_runner), ("gitlab-deploy-token", f_gitlab_deploy),
    ("slack-bot-token", f_slack_bot), ("slack-app-token", f_slack_app),
    ("slack-webhook", f_slack_webhook), ("discord-webhook", f_discord_webhook), ("teams-webhook", f_teams_webhook),
    ("telegram-bot-token", f_telegram), ("telegram-bot-token", f_telegram_2),
    ("stripe-secret-key", f_stripe_sk), ("stripe-secret-key", f_stripe_sk_2), ("stripe-restricted-key", f_stripe_rk),
    ("stripe-webhook-secret", f_stripe_whsec), ("sendgrid-api-key", f_sendgrid), ("mailgun-api-key", f_mailgun),
    ("mailchimp-api-key", f_mailchimp), ("openai-api-key", f_openai), ("anthropic-api-key", f_anthropic),
    ("huggingface-token", f_hf), ("npm-token", f_npm), ("pypi-token", f_pypi), ("dockerhub-pat", f_dockerhub),
    ("vault-service-token", f_vault_hvs), ("vault-batch-token", f_vault_hvb),
    ("terraform-cloud-token", f_tfc), ("infisical-service-token", f_infisical_st),
    ("infisical-identity-access-token", f_infisical_jwt), ("cloudflare-origin-ca-key", f_cf_origin_ca),
    ("cloudflare-tunnel-token", f_cf_tunnel), ("grafana-service-account-token", f_grafana_sa),
    ("grafana-cloud-token", f_grafana_cloud), ("sentry-auth-token", f_sentry),
    ("shopify-access-token", f_shopify), ("atlassian-api-token", f_atlassian),
    ("age-secret-key", f_age), ("google-oauth-client-secret", f_google_oauth_secret),
    ("woocommerce-rest-keys", f_woo_keys),

    ("jwt", f_jwt_bearer), ("jwt", f_jwt_wp), ("kubeconfig-token", f_kubeconfig_token), ("argocd-auth-token", f_argocd_token),
    ("pem-rsa-private-key", f_pem_rsa), ("openssh-private-key", f_openssh), ("openssh-private-key", f_openssh_2),
    ("pem-ec-private-key", f_pem_ec), ("pem-pkcs8-private-key", f_pem_pkcs8), ("pgp-private-key", f_pgp),
    ("putty-private-key", f_putty), ("postgres-dsn", f_postgres), ("postgres-dsn", f_postgres_2),
    ("mysql-dsn", f_mysql), ("redis-url", f_redis_url), ("mongodb-uri", f_mongo),
    ("amqp-url", f_amqp), ("smtp-dsn", f_smtp_url), ("url-with-credentials", f_url_creds),
     ("k8s-secret-data", f_k8s_secret), ("k8s-secret-data", f_k8s_secret_2),
    ("k8s-secret-stringdata", f_k8s_stringdata), ("dockerconfigjson", f_dockerconfig),
    ("kubeconfig-client-key", f_kube_client_key), ("proxmox-api-token", f_proxmox), ("proxmox-api-token", f_proxmox_2),
    ("ceph-keyring", f_ceph_keyring), ("ceph-keyring", f_ceph_keyring_2), ("ceph-csi-secret", f_ceph_csi),
    ("http-basic-auth-header", f_basic_header), ("totp-otpauth-uri", f_totp),
]

# ---------------------------------------------------------------------------------------------
# 60 secrets given only by context (ordinary-looking values)
# ---------------------------------------------------------------------------------------------

WEAK = ["Wetopi2024!", "admin123", "Verano2025", "qwerty123", "tienda2023", "Barcelona1", "wetopi", "Password1!",
        "ana1987", "Hostal2024", "changeme2026", "Olmo.2025"]


def pw(n=None):
    return rs(n or rng.randint(12, 20))


def pw_sym(n=16):
    s = list(rs(n - 3) + rng.choice("!#%*+-_.") + rng.choice(string.digits) + rng.choice(string.ascii_uppercase))
    rng.shuffle(s)
    return "".join(s)


def weak():
    return rng.choice(WEAK)


CONTEXT = [
    ("redis-requirepass", lambda: f"requirepass {hexs(20)} en el redis de sesiones de staging"),
    ("redis-requirepass", lambda: f"redis-cli -h redis-master.tiendas.svc -a {pw(24)} INFO replication"),
    ("redis-requirepass", lambda: f"In redis.conf on the old cache VM: requirepass {pw_sym(18)}"),
    ("mysql-cli-password", lambda: f"mysql -u root -p{pw(14)} -h mariadb-galera.tiendas.svc wp_brisa"),
    ("mysql-cli-password", lambda: f"mariadb-dump -u backup -p'{pw_sym(16)}' --all-databases | gzip > /backup/all.sql.gz"),
    ("mysql-cli-password", lambda: f"mysqladmin -u root --password={weak()} status"),
    ("prose-password", lambda: f"La contraseña del WordPress de Hostal Brisa es {weak()}, el usuario es admin"),
    ("prose-password", lambda: f"the password for the grafana admin is {pw(12)}, please change it after login"),
    ("prose-password", lambda: f"la contraseña de root del pve-02 es {pw_sym(14)}"),
    ("prose-password", lambda: f"Ana: te paso la pass del panel de Hetzner Robot: {pw_sym(16)}"),
    ("prose-password", lambda: f"the wifi password in the office is {weak()}"),
    ("prose-password", lambda: f"He cambiado la contraseña del usuario ana en Argo CD, ahora es {pw(15)}"),
    ("prose-password", lambda: f"password del SFTP de Bodega Martín: {pw(12)} (usuario bodegamartin)"),
    ("clave-del", lambda: f"la clave del MinIO de backups es {pw(20)} y el usuario minioadmin"),
    ("clave-del", lambda: f"La clave del dashboard de Ceph es {pw_sym(14)}"),
    ("clave-del", lambda: f"la clave del router de la oficina sigue siendo {weak()}"),
    ("clave-del", lambda: "la passphrase de la clave GPG de firmas es \"{} {} {} {}\"".format(*tuple(
        rng.choice(["caballo", "bateria", "grapa", "correcto", "nube", "pino", "farol", "mango", "teja", "sol"]) for _ in range(4)))),
    ("bearer-opaque", lambda: f"curl -H 'Authorization: Bearer {rs(40)}' https://hindsight.wetopi-memory.svc/v1/default/banks"),
    ("bearer-opaque", lambda: f"Authorization: Bearer {hexs(32)} (token del API de Uptime Kuma)"),
    ("bearer-opaque", lambda: f"el webhook de facturación espera Bearer {rs(32)} en la cabecera"),
    ("token-colon", lambda: f"token: {hexs(40)}"),
    ("token-colon", lambda: f"Hetzner Cloud API token: {rs(64)}"),
    ("token-colon", lambda: f"Cloudflare API token para el DNS-01 de cert-manager: {rs(40, URLSAFE)}"),
    ("token-colon", lambda: f"El token de la API de Postmark (server token) es {uid()}"),
    ("token-colon", lambda: f"X-Api-Key: {hexs(32)}"),
    ("env-password", lambda: f"DB_PASSWORD={pw(20)}"),
    ("env-password", lambda: f"MYSQL_ROOT_PASSWORD: \"{pw_sym(18)}\""),
    ("env-password", lambda: f"export PGPASSWORD={pw(22)}; pg_dump -h pg-hindsight-rw hindsight > dump.sql"),
    ("env-password", lambda: f"MINIO_ROOT_USER=minioadmin\nMINIO_ROOT_PASSWORD={pw(24)}"),
    ("env-password", lambda: f"RESTIC_PASSWORD={pw(28)} restic -r s3:https://s3.wetopi.net/restic backup /var/www"),
    ("env-password", lambda: f"RABBITMQ_DEFAULT_PASS={weak()}"),
    ("env-password", lambda: f"HINDSIGHT_API_KEY={rs(48)}"),
    ("config-value", lambda: f"define( 'DB_PASSWORD', '{pw_sym(20)}' );"),
    ("config-value", lambda: "define('AUTH_KEY', '{}');".format(rs(64, ALNUM + "!@#$%^&*()-_[]{}<>~+=,.;:/?|"))),
    ("config-value", lambda: f"[client]\nuser=backup\npassword={pw(18)}"),
    ("config-value", lambda: f"[Interface]\nAddress = 10.99.0.2/24\nPrivateKey = {b64(rbytes(32))}"),
    ("config-value", lambda: f"vrrp_instance VI_WAN {{\n  authentication {{\n    auth_type PASS\n    auth_pass {pw(8)}\n  }}\n}}"),
    ("config-value", lambda: f"rclone.conf:\n[hetzner-s3]\ntype = s3\naccess_key_id = {rs(20, UPPER_NUM)}\nsecret_access_key = {rs(40)}"),
    ("config-value", lambda: f"smtp:\n  host: smtp.postmarkapp.com\n  user: {uid()}\n  password: {uid()}"),
    ("config-value", lambda: f"adminPassword: {pw(16)}   # values-prod.yaml de grafana"),
    ("config-value", lambda: f"resources:\n  - secrets\n    providers:\n    - aescbc:\n        keys:\n        - name: key1\n          secret: {b64(rbytes(32))}"),
    ("cli-password-flag", lambda: f"argocd login argocd.wetopi.net --username admin --password {pw(16)}"),
    ("cli-password-flag", lambda: f"kubectl -n tiendas create secret generic wp-olmo-db --from-literal=password={pw(20)}"),
    ("cli-password-flag", lambda: f"helm upgrade redis bitnami/redis --set auth.password={pw(18)}"),
    ("cli-password-flag", lambda: f"echo '{pw_sym(16)}' | docker login harbor.wetopi.net -u admin --password-stdin"),
    ("cli-password-flag", lambda: f"sshpass -p '{weak()}' ssh root@10.20.1.12"),
    ("cli-password-flag", lambda: f"htpasswd -bc auth staging {pw(12)} && kubectl create secret generic basic-auth --from-file=auth"),
    ("cli-password-flag", lambda: f"curl -u admin:{pw(14)} https://grafana.wetopi.net/api/admin/stats"),
    ("vault-unseal-key", lambda: f"Unseal Key 1: {b64(rbytes(33))}\nUnseal Key 2: {b64(rbytes(33))}"),
    ("vault-unseal-key", lambda: f"Initial Root Token: {rs(26)}"),
    ("recovery-codes", lambda: "códigos de recuperación de la cuenta de Cloudflare: {} {} {} {}".format(*tuple(
        f"{rs(4, string.ascii_lowercase + string.digits)}-{rs(4, string.ascii_lowercase + string.digits)}" for _ in range(4)))),
    ("client-secret", lambda: f"GitHub OAuth App del SSO de Argo CD: client id Ov23li{rs(14)}, client secret {hexs(40)}"),
    ("client-secret", lambda: f"Infisical universal auth: client id {uid()}, client secret {hexs(64)}"),
    ("weak-password", lambda: "el usuario admin de Grafana sigue con admin/admin en staging, lo sé"),
    ("weak-password", lambda: f"Usuario: ana.soporte  Contraseña: {weak()}"),
    ("weak-password", lambda: f"for the test shop the login is shopmanager / {weak()}"),
    ("weak-password", lambda: f"pon de contraseña {weak()} al usuario de pruebas del WooCommerce, luego la cambiamos"),
    ("api-key-value", lambda: f"api_key = {hexs(32)}"),
    ("api-key-value", lambda: f"la API key de Uptime Robot es u{digits(7)}-{hexs(24)}"),
    ("api-key-value", lambda: f"secret_key: {rs(40)}  # Hetzner Object Storage"),
]

# ---------------------------------------------------------------------------------------------
# 60 hard negatives
# ---------------------------------------------------------------------------------------------

def sha1():
    return hexs(40)


def sha256():
    return hexs(64)


NEGATIVE = [
    ("git-commit", lambda: f"El fix del 502 está en el commit {sha1()} de platform-gitops"),
    ("git-commit", lambda: f"Argo CD shows tiendas-prod Synced to revision {sha1()}"),
    ("git-commit", lambda: f"git revert {hexs(7)} y vuelve a sincronizar"),
    ("git-commit", lambda: f"commit {sha1()}\nAuthor: Jordi <jordi@wetopi.com>\n\n    ingress: bump proxy-body-size to 64m"),
    ("git-commit", lambda: f"the regression came in with {hexs(12)} (merge of PR #471)"),
    ("uuid", lambda: f"El pod tiene uid {uid()} y se reinició 4 veces"),
    ("uuid", lambda: f"request id {uid()} en los logs de ingress-nginx, el 502 empieza ahí"),
    ("uuid", lambda: f"ceph fsid {uid()}"),
    ("uuid", lambda: f"Infisical project ID: {uid()} (wetopi-prod)"),
    ("uuid", lambda: f"Velero backup UID {uid()} finished with phase Completed"),
    ("trace-id", lambda: f"trace_id={hexs(32)} span_id={hexs(16)}"),
    ("image-digest", lambda: f"image: ghcr.io/wetopi/panel@sha256:{sha256()}"),
    ("image-digest", lambda: f"La imagen de php-fpm que está corriendo es wordpress:6.6-php8.2-fpm@sha256:{sha256()}"),
    ("image-digest", lambda: f"Digest: sha256:{sha256()}\nStatus: Downloaded newer image for bitnami/redis:7.2"),
    ("checksum", lambda: f"{sha256()}  velero-v1.14.1-linux-amd64.tar.gz"),
    ("checksum", lambda: f"md5 del dump de MariaDB: {hexs(32)}, coincide con el de MinIO"),
    ("checksum", lambda: f"\"integrity\": \"sha512-{b64(rbytes(64))[:-2]}==\""),
    ("checksum", lambda: f"sha256sum del ISO de Proxmox 8.2: {sha256()}"),
    ("placeholder", lambda: "password: ${DB_PASSWORD}"),
    ("placeholder", lambda: "REDIS_URL=redis://default:${REDIS_PASSWORD}@redis-sessions:6379/0"),
    ("placeholder", lambda: "curl -H \"Authorization: Bearer $HINDSIGHT_API_KEY\" $HINDSIGHT_API_URL/health"),
    ("placeholder", lambda: "auth.password: {{ .Values.redis.password | quote }}"),
    ("placeholder", lambda: "TELEGRAM_BOT_TOKEN=<token del BotFather>"),
    ("placeholder", lambda: "api_key: ${HINDSIGHT_API_KEY}"),
    ("placeholder", lambda: "mysql -u root -p\"$(cat /run/secrets/mariadb_root)\" -e 'show databases'"),
    ("var-name", lambda: "En el deployment faltan las variables DB_PASSWORD y STRIPE_SECRET_KEY"),
    ("var-name", lambda: "env:\n- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: mariadb-root\n      key: password"),
    ("var-name", lambda: "NAME           TYPE     DATA   AGE\nmariadb-root   Opaque   2      41d\nstripe-keys    Opaque   3      12d"),
    ("var-name", lambda: "kubectl -n tiendas get secret mariadb-root -o jsonpath='{.data.password}' | base64 -d"),
    ("var-name", lambda: "the chart reads the token from the key `api-token` of the secret `cloudflare-api-token`"),
    ("password-policy", lambda: "Política: contraseñas de al menos 16 caracteres, con mayúsculas, números y símbolos, rotación cada 90 días"),
    ("password-policy", lambda: "password must be 12-64 chars and cannot reuse the last 5 passwords"),
    ("password-policy", lambda: "Regla para clientes: nunca enviar contraseñas por Telegram ni por email, solo enlaces de Infisical de un uso"),
    ("redacted", lambda: "password: ********"),
    ("redacted", lambda: f"STRIPE_SECRET_KEY=sk_live_****************************{rs(4)}"),
    ("redacted", lambda: "token: [REDACTED]"),
    ("redacted", lambda: "Authorization: Bearer <redacted>"),
    ("redacted", lambda: "mysql://wp_olmo:xxxxxx@mariadb-galera.tiendas.svc:3306/wp_olmo"),
    ("public-key", lambda: f"ssh-ed25519 {ed25519_pub()} ana@portatil"),
    ("public-key", lambda: f"Añade esta clave pública al authorized_keys de deploy: ssh-ed25519 {ed25519_pub()} deploy@ci"),
    ("public-key", lambda: "-----BEGIN PUBLIC KEY-----\n{}\n-----END PUBLIC KEY-----".format(wrap(b64(b"\x30\x59\x30\x13\x06\x07\x2a\x86\x48\xce\x3d\x02\x01" + rbytes(78))))),
    ("public-key", lambda: "-----BEGIN CERTIFICATE-----\n{}\n-----END CERTIFICATE-----".format(wrap(b64(b"\x30\x82\x03\x12\x30\x82\x01\xfa\xa0\x03\x02\x01\x02" + rbytes(180))))),
    ("public-key", lambda: f"age recipient for SOPS: age1{rs(58, BECH32.lower())}"),
    ("public-key", lambda: f"[Peer]\nPublicKey = {b64(rbytes(32))}\nAllowedIPs = 10.99.0.0/24\nEndpoint = 95.217.{rng.randint(1, 254)}.{rng.randint(1, 254)}:51820"),
    ("public-key", lambda: "huella de la clave GPG: {}".format(" ".join(rs(4, "0123456789ABCDEF") for _ in range(10)))),
    ("public-key", lambda: "ED25519 key fingerprint is SHA256:{}.".format(b64(rbytes(32)).rstrip("="))),
    ("public-id", lambda: f"El cliente en Stripe es cus_{rs(14)} y el pago fallido pi_{rs(24)}"),
    ("public-id", lambda: f"publishable key del checkout: pk_live_51{rs(97)}"),
    ("public-id", lambda: f"Cloudflare zone ID de wetopi.com: {hexs(32)}"),
    ("public-id", lambda: f"arn:aws:iam::{digits(12)}:role/velero-backup"),
    ("public-id", lambda: f"chat_id del grupo de alertas: -100{digits(10)}"),
    ("public-id", lambda: f"reCAPTCHA site key 6L{rs(38, URLSAFE)} (la pública, va en el HTML)"),
    ("public-id", lambda: f"Turnstile sitekey 0x4AAAAAAA{rs(14, URLSAFE)}"),
    ("public-id", lambda: f"Google Analytics G-{rs(10, UPPER_NUM)} y el contenedor GTM-{rs(7, UPPER_NUM)}"),
    ("public-id", lambda: f"Hetzner server #{digits(8)}, Proxmox VMID {rng.randint(100, 999)}, Slack channel C{rs(10, UPPER_NUM)}"),
    ("rotation-reminder", lambda: "Recordatorio: rotar el token del bot de Telegram y la API key de Stripe el 1 de octubre"),
    ("rotation-reminder", lambda: "reminder: the Hetzner API token expires in 14 days, rotate it in Infisical"),
    ("rotation-reminder", lambda: "Toca rotar las claves de MinIO que usa Velero este trimestre; avisa a Jordi antes"),
    ("secret-reference", lambda: "la contraseña de MariaDB está en Infisical, proyecto wetopi-prod, ruta /tiendas/mariadb"),
    ("secret-reference", lambda: "vault kv get -field=password kv/wetopi/grafana-admin"),
]

# ---------------------------------------------------------------------------------------------
# 40 ordinary prose lines
# ---------------------------------------------------------------------------------------------

PROSE = [
    ("prose-ops", "El ingress de la tienda de Bodega Martín vuelve a dar 502 desde el último despliegue"),
    ("prose-ops", "¿Puedes mirar por qué el pod de php-fpm de Hostal Brisa está en CrashLoopBackOff?"),
    ("prose-ops", "Ceph lleva toda la mañana en HEALTH_WARN, parece un OSD lento en pve-03"),
    ("prose-ops", "Can you check whether last night's Velero backups finished for all namespaces?"),
    ("prose-ops", "Sube el proxy-body-size a 64m en el ingress de Grupo Olmo, que no pueden subir el catálogo"),
    ("prose-ops", "the cert for tienda-olmo.wetopi.site is expiring in 5 days, cert-manager didn't renew it"),
    ("prose-ops", "Argo CD marca tiendas-prod como OutOfSync, pero no veo el diff"),
    ("prose-ops", "Haz un drain del nodo wk-04 antes de que Hetzner cambie el disco"),
    ("prose-ops", "el redis de sesiones se está quedando sin memoria, ¿subimos el maxmemory o cambiamos la policy?"),
    ("prose-ops", "Let's move the staging MariaDB to the new Ceph pool this week"),
    ("prose-ops", "¿Cuánto espacio queda en el bucket de MinIO de backups?"),
    ("prose-ops", "Grafana no muestra métricas del nodo pve-02 desde las 3:00"),
    ("prose-business", "Prepárame un resumen de los clientes Pro que renuevan en octubre"),
    ("prose-business", "What did we decide about the pricing of the Agency plan?"),
    ("prose-business", "Manda a Farmacia Ruiz el presupuesto de la segunda tienda, con el descuento del 10 %"),
    ("prose-business", "We need a short answer for the customer asking whether we support WooCommerce Subscriptions"),
    ("prose-personal", "Prefiero que los resúmenes me los mandes por la mañana, no a medianoche"),
    ("prose-personal", "gracias, con eso me vale"),
    ("prose-personal", "buenos días! qué tal el fin de semana"),
    ("prose-personal", "remind me what I said about the Tuesday ops review"),
    ("prose-mixed", "el deploy del panel falla en el step de build, can you check the logs?"),
    ("prose-mixed", "Ojo que el cron de WP-CLI de las tiendas se está solapando con el backup, let's shift it to 4:30"),
    ("prose-mixed", "Hermes se queda colgado cuando Hindsight tarda, ¿el fail-open está activo?"),
    ("prose-mixed", "the Cloudflare cache is serving old CSS on tienda-brisa, purge it please"),
    ("prose-secret-mention", "Rota la contraseña de MariaDB de staging y guárdala en Infisical, no me la pegues aquí"),
    ("prose-secret-mention", "The Telegram bot token expired, regenerate it with BotFather and update the secret"),
    ("prose-secret-mention", "¿Dónde guardamos el token de la API de Hetzner? No lo encuentro en Infisical"),
    ("prose-secret-mention", "no guardes contraseñas en la memoria, nunca"),
    ("prose-secret-mention", "Jordi perdió el acceso a Vault, hay que generarle un token nuevo con la política ops"),
    ("prose-secret-mention", "la clave SSH de deploy hay que cambiarla cuando se vaya el becario"),
    ("prose-secret-mention", "Please check that the Stripe webhook secret in prod matches the one in the dashboard"),
    ("prose-secret-mention", "El cliente dice que ha olvidado la contraseña de su WordPress, mándale el enlace de reset"),
    ("prose-secret-mention", "Did anyone commit the .env with the DB password? GitGuardian sent an alert"),
    ("prose-secret-mention", "Cambia el requirepass del redis de producción y reinicia los pods de php-fpm"),
    ("prose-secret-mention", "El token de Argo CD del pipeline caduca el mes que viene, ponlo en el calendario"),
    ("prose-secret-mention", "I rotated the Cloudflare API token this morning, cert-manager should pick it up"),
    ("prose-secret-mention", "¿Usamos Bearer tokens o API keys para el webhook de facturación?"),
    ("prose-secret-mention", "Revisa que ningún Secret de Kubernetes tenga la password en texto plano en el repo"),
    ("prose-secret-mention", "La política de contraseñas de clientes la decidimos en la reunión de junio, búscala"),
    ("prose-secret-mention", "generate a new SSH keypair for the Proxmox backup user and send me only the public key"),
]


def build():
    assert len(FORMAT) == 80, len(FORMAT)
    assert len(CONTEXT) == 60, len(CONTEXT)
    assert len(NEGATIVE) == 60, len(NEGATIVE)
    assert len(PROSE) == 40, len(PROSE)
    recs = []
    for fam, fn in FORMAT:
        recs.append({"text": fn(), "label": "secret", "family": fam, "by": "format"})
    for fam, fn in CONTEXT:
        recs.append({"text": fn(), "label": "secret", "family": fam, "by": "context"})
    for fam, fn in NEGATIVE:
        recs.append({"text": fn(), "label": "clean", "family": fam, "by": "negative"})
    for fam, text in PROSE:
        recs.append({"text": text, "label": "clean", "family": fam, "by": "prose"})
    rng.shuffle(recs)
    out = []
    for i, r in enumerate(recs, 1):
        out.append({"id": f"s10-{i:04d}", "text": r["text"], "label": r["label"], "family": r["family"], "by": r["by"]})
    return out


def main():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tune10.jsonl")
    with open(path, "w", encoding="utf-8") as fh:
        for rec in build():
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
