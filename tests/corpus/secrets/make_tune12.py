"""Generate secrets_tune12.jsonl: 240 labelled lines for the secret gate (blind author, seed 12).

80 secrets by format, 60 secrets by context, 60 clean negatives (hard look-alikes) and 40 clean prose lines.
Every value is random, drawn from random.Random(12); none is a real credential.
"""

import base64
import json
import random
import string
from collections.abc import Callable
from pathlib import Path

RNG = random.Random(12)
OUT = Path(__file__).with_name("tune12.jsonl")

ALNUM = string.ascii_letters + string.digits
LOWER_ALNUM = string.ascii_lowercase + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
CRYPT = "./" + ALNUM
SALT_CHARS = ALNUM + "!#$%&()*+,-.:;<=>?@[]^_{|}~"
PW_SYMBOLS = "!#%*+-_.@"

Record = tuple[str, str]


# --------------------------------------------------------------------------- random value helpers


def rs(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def hexs(n: int) -> str:
    return rs(HEX, n)


def digits(n: int) -> str:
    return str(RNG.randint(1, 9)) + rs(string.digits, n - 1)


def rbytes(n: int) -> bytes:
    return bytes(RNG.getrandbits(8) for _ in range(n))


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def uuid4() -> str:
    h = list(hexs(32))
    h[12] = "4"
    h[16] = RNG.choice("89ab")
    s = "".join(h)
    return f"{s[:8]}-{s[8:12]}-{s[12:16]}-{s[16:20]}-{s[20:]}"


def strong_pw(n: int = 0) -> str:
    n = n or RNG.randint(14, 22)
    body = list(rs(ALNUM, n - 2) + RNG.choice(PW_SYMBOLS) + RNG.choice(string.digits))
    RNG.shuffle(body)
    return "".join(body)


def url_pw(n: int = 0) -> str:
    return rs(ALNUM, n or RNG.randint(16, 28))


def human_pw() -> str:
    word = RNG.choice(["Verano", "Invierno", "Madrid", "Barcelona", "Sevilla", "Wetopi", "Tienda", "Gatito",
                       "Futbol", "Primavera", "Valencia", "Chocolate", "Dragon", "Paella", "Monkey"])
    year = str(RNG.choice([RNG.randint(1975, 2025), RNG.randint(10, 999)]))
    sep = RNG.choice(["", "", ".", "_", "@"])
    end = RNG.choice(["!", "#", "$", "", "*", "!!"])
    return f"{word}{sep}{year}{end}"


def phrase() -> str:
    words = ["caballo", "grapa", "bateria", "correcto", "naranja", "puente", "nube", "tortuga", "lampara",
             "river", "orange", "stapler", "window", "cactus", "marea", "bosque", "azul", "tren"]
    return "-".join(RNG.sample(words, 4)) + str(RNG.randint(1, 99))


def wrap64(s: str) -> str:
    return "\n".join(s[i:i + 64] for i in range(0, len(s), 64))


def pem(label: str, der: bytes) -> str:
    return f"-----BEGIN {label}-----\n{wrap64(b64(der))}\n-----END {label}-----"


def rsa_der() -> bytes:
    return bytes.fromhex("308204a40201000282010100") + rbytes(1180)


def ec_der() -> bytes:
    return (bytes.fromhex("30770201010420") + rbytes(32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200")
            + b"\x04" + rbytes(64))


def pkcs8_der() -> bytes:
    return bytes.fromhex("308204be020100300d06092a864886f70d0101010500048204a8") + rbytes(1192)


def openssh_der() -> bytes:
    head = (b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00\x00\x00\x00\x01"
            b"\x00\x00\x003\x00\x00\x00\x0bssh-ed25519\x00\x00\x00 ")
    return head + rbytes(32) + b"\x00\x00\x00\x90" + rbytes(144) + b"\x00\x00\x00\x0bdeploy@ci01\x01\x02\x03"


def cert_der() -> bytes:
    return bytes.fromhex("308203c5308202ada0030201020214") + rbytes(954)


def ssh_ed25519_pub() -> str:
    return "ssh-ed25519 " + b64(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + rbytes(32))


def ssh_rsa_pub() -> str:
    return "ssh-rsa " + b64(b"\x00\x00\x00\x07ssh-rsa\x00\x00\x00\x03\x01\x00\x01\x00\x00\x01\x81\x00" + rbytes(384))


def jwt(payload: dict[str, object], alg: str = "HS256", kid: str = "") -> str:
    header: dict[str, str] = {"alg": alg, "typ": "JWT"}
    if kid:
        header = {"alg": alg, "kid": kid}
    enc = [b64url(json.dumps(part, separators=(",", ":")).encode()) for part in (header, payload)]
    sig = b64url(rbytes(256 if alg.startswith("RS") else 32))
    return f"{enc[0]}.{enc[1]}.{sig}"


def ts() -> int:
    return RNG.randint(1_780_000_000, 1_800_000_000)


# --------------------------------------------------------------------------- secrets by format


def f_github_fine_grained_pat() -> list[str]:
    def tok() -> str:
        return "github_pat_" + rs(ALNUM, 22) + "_" + rs(ALNUM, 59)
    return [
        f"Para que Argo CD lea el repo privado platform-gitops he creado este PAT: {tok()} (caduca en 90 días)",
        f"git clone https://x-access-token:{tok()}@github.com/wetopi/wp-operator.git",
    ]


def f_github_classic_pat() -> list[str]:
    return [
        f"export GITHUB_TOKEN=ghp_{rs(ALNUM, 36)}  # el de la action de release",
        f"the renovate bot is using ghp_{rs(ALNUM, 36)}, can you move it to Infisical?",
    ]


def f_gitlab_pat() -> list[str]:
    return [
        (f'curl --header "PRIVATE-TOKEN: glpat-{rs(B64URL, 20)}" '
        "https://gitlab.wetopi.com/api/v4/projects/42/pipelines"),
        f"Token del runner de GitLab para el repo del cliente Ferretería Ruiz: glpat-{rs(B64URL, 20)}",
    ]


def f_slack_bot_token() -> list[str]:
    def tok() -> str:
        return f"xoxb-{digits(11)}-{digits(13)}-{rs(ALNUM, 24)}"
    return [
        f"SLACK_BOT_TOKEN={tok()} en el values de alertmanager-slack",
        f"hermes slack integration fails with invalid_auth, the token is {tok()}",
    ]


def f_slack_user_token() -> list[str]:
    def tok() -> str:
        return f"xoxp-{digits(11)}-{digits(12)}-{digits(13)}-{hexs(32)}"
    return [
        f"He sacado mi user token de Slack para el script de status: {tok()}",
        f"slack_user_token: {tok()}   # Ana's token, only for the /standup export",
    ]


def f_stripe_secret_key() -> list[str]:
    return [
        (f"En WooCommerce > Ajustes > Pagos de la tienda de Lucía he puesto la secret key sk_live_51{rs(ALNUM, 97)}"
        ", ¿está bien?"),
        f'stripe.api_key = "sk_live_{rs(ALNUM, 24)}"',
    ]


def f_stripe_restricted_key() -> list[str]:
    return [
        f"restricted key for the refunds bot (read charges, write refunds): rk_live_51{rs(ALNUM, 97)}",
        f"STRIPE_RK=rk_live_{rs(ALNUM, 24)} para el conciliador de facturas",
    ]


def f_aws_access_key() -> list[str]:
    return [
        ("te paso el ~/.aws/credentials de velero:\n[wetopi-backups]\n"
        f"aws_access_key_id = AKIA{rs(BASE32, 16)}\naws_secret_access_key = {rs(B64, 40)}\nregion = eu-west-3"),
        (f"AWS_ACCESS_KEY_ID=AKIA{rs(BASE32, 16)} AWS_SECRET_ACCESS_KEY={rs(B64, 40)} "
        "aws s3 ls s3://wetopi-offsite-backups/"),
    ]


def f_gcp_service_account_json() -> list[str]:
    out = []
    for project, sa, intro in (
        ("wetopi-backups", "velero",
         "json de la service account de backups, lo necesitas para el BackupStorageLocation: "),
        ("wetopi-dns", "external-dns", "here's the key file for external-dns on GKE: "),
    ):
        doc = {
            "type": "service_account",
            "project_id": project,
            "private_key_id": hexs(40),
            "private_key": pem("PRIVATE KEY", pkcs8_der()) + "\n",
            "client_email": f"{sa}@{project}.iam.gserviceaccount.com",
            "client_id": digits(21),
            "auth_uri": "https://accounts.google.com/o/oauth2/auth",
            "token_uri": "https://oauth2.googleapis.com/token",
        }
        out.append(intro + json.dumps(doc, indent=2))
    return out


def f_azure_storage_connection_string() -> list[str]:
    def cs(account: str) -> str:
        return (f"DefaultEndpointsProtocol=https;AccountName={account};AccountKey={b64(rbytes(64))};"
                "EndpointSuffix=core.windows.net")
    return [
        f"AZURE_STORAGE_CONNECTION_STRING=\"{cs('wetopimedia')}\" para el plugin de offload de medios",
        f"el cliente de la clínica nos ha mandado su connection string: {cs('clinicabackups01')}",
    ]


def f_jwt() -> list[str]:
    now = ts()
    argo = jwt({"iss": "argocd", "sub": "hermes-build:apiKey", "nbf": now, "iat": now, "jti": uuid4()})
    wc = jwt({"iss": "https://tienda-lucia.es", "iat": now, "nbf": now, "exp": now + 604800,
              "data": {"user": {"id": "1"}}})
    return [
        f"argocd app sync shop-prod --auth-token {argo} --server argocd.wetopi.com --grpc-web",
        f"curl -H 'Authorization: Bearer {wc}' https://tienda-lucia.es/wp-json/wc/v3/orders?status=processing",
    ]


def f_pem_rsa_private_key() -> list[str]:
    return [
        "Este es el id_rsa del usuario deploy de los proxmox, ¿lo metes en Infisical?\n"
        + pem("RSA PRIVATE KEY", rsa_der()),
        "here's the tls.key for the old *.wetopi.net wildcard, the cert is in the ticket:\n```\n"
        + pem("RSA PRIVATE KEY", rsa_der()) + "\n```",
    ]


def f_pem_ec_private_key() -> list[str]:
    return [
        "cat /var/lib/rancher/rke2/server/tls/client-ca.key\n" + pem("EC PRIVATE KEY", ec_der()),
        "La key del webhook de cert-manager (ECDSA P-256), por si la necesitas para el debug:\n"
        + pem("EC PRIVATE KEY", ec_der()),
    ]


def f_pem_openssh_private_key() -> list[str]:
    return [
        "pego la llave del runner para que la añadas al secret de argocd-repo-creds:\n"
        + pem("OPENSSH PRIVATE KEY", openssh_der()),
        "my ~/.ssh/id_ed25519 from the jump host, in case the agent forwarding keeps failing\n"
        + pem("OPENSSH PRIVATE KEY", openssh_der()),
    ]


def f_pem_pkcs8_private_key() -> list[str]:
    return [
        "kubectl -n shop get secret shop-tls -o jsonpath='{.data.tls\\.key}' | base64 -d\n"
        + pem("PRIVATE KEY", pkcs8_der()),
        "privkey.pem del certificado de la tienda de cerámica (lo renové a mano):\n"
        + pem("PRIVATE KEY", pkcs8_der()),
    ]


def f_vault_token() -> list[str]:
    return [
        f"VAULT_TOKEN=hvs.CAESI{rs(B64URL, 86)} vault kv get secret/wetopi/shop",
        f"batch token para el job de migración: hvb.AAAAAQ{rs(B64URL, 130)}",
    ]


def f_infisical_service_token() -> list[str]:
    def tok() -> str:
        return f"st.{hexs(24)}.{hexs(32)}.{hexs(32)}"
    return [
        f"INFISICAL_TOKEN={tok()} infisical export --env=prod --path=/shop",
        f"Service token de Infisical para el CronJob de backups (solo lectura): {tok()}",
    ]


def f_telegram_bot_token() -> list[str]:
    def tok() -> str:
        return f"{RNG.randint(5_000_000_000, 7_999_999_999)}:AA{rs(B64URL, 33)}"
    return [
        f"El bot de Telegram de wetopi-lead usa el token {tok()}",
        f"TELEGRAM_BOT_TOKEN={tok()}\nTELEGRAM_ALLOWED_USERS=1001,1002",
    ]


def f_discord_bot_token() -> list[str]:
    def tok() -> str:
        uid = b64url(str(RNG.randint(10**17, 10**18 - 1)).encode())
        return f"{uid}.{rs(B64URL, 6)}.{rs(B64URL, 38)}"
    return [
        f"discord bot for the community server: DISCORD_TOKEN={tok()}",
        f"el token del bot de Discord de soporte es {tok()}, que lo use Hermes para leer el canal #incidencias",
    ]


def f_sendgrid_api_key() -> list[str]:
    def tok() -> str:
        return f"SG.{rs(B64URL, 22)}.{rs(B64URL, 43)}"
    return [
        f"define( 'SENDGRID_API_KEY', '{tok()}' ); en el wp-config de la tienda de vinos",
        f"smtp relay: user apikey / password {tok()}",
    ]


def f_mailgun_api_key() -> list[str]:
    return [
        f"MAILGUN_API_KEY=key-{hexs(32)}\nMAILGUN_DOMAIN=mg.wetopi.com",
        f"curl -s --user 'api:key-{hexs(32)}' https://api.eu.mailgun.net/v3/mg.wetopi.com/events",
    ]


def f_twilio_api_key() -> list[str]:
    return [
        f"TWILIO_ACCOUNT_SID=AC{hexs(32)}\nTWILIO_API_KEY=SK{hexs(32)}\nTWILIO_API_SECRET={rs(ALNUM, 32)}",
        f"twilio api key for the SMS 2FA: SK{hexs(32)} secret {rs(ALNUM, 32)}",
    ]


def f_npm_token() -> list[str]:
    return [
        f"//registry.npmjs.org/:_authToken=npm_{rs(ALNUM, 36)}",
        f"NPM_TOKEN=npm_{rs(ALNUM, 36)} para publicar @wetopi/blocks desde CI",
    ]


def f_pypi_token() -> list[str]:
    return [
        f"[pypi]\n  username = __token__\n  password = pypi-AgEIcHlwaS5vcmcCJD{rs(B64URL, 150)}",
        f"twine upload dist/* -u __token__ -p pypi-AgEIcHlwaS5vcmcCJD{rs(B64URL, 150)}",
    ]


def f_dockerhub_pat() -> list[str]:
    return [
        f"docker login -u wetopi -p dckr_pat_{rs(B64URL, 27)}",
        f"el PAT de Docker Hub para evitar el rate limit en los nodos: dckr_pat_{rs(B64URL, 27)}",
    ]


def f_terraform_cloud_token() -> list[str]:
    def tok() -> str:
        return f"{rs(ALNUM, 14)}.atlasv1.{rs(ALNUM, 67)}"
    return [
        '~/.terraform.d/credentials.tfrc.json:\n{"credentials": {"app.terraform.io": {"token": "' + tok() + '"}}}',
        f"TF_TOKEN_app_terraform_io={tok()} terraform plan -chdir=cloudflare-dns",
    ]


def f_proxmox_api_token() -> list[str]:
    return [
        "curl -k -H 'Authorization: PVEAPIToken=terraform@pve!provisioner=" + uuid4()
        + "' https://pve-node01.wetopi.internal:8006/api2/json/nodes",
        f"Para el CSI de Proxmox: PVEAPIToken=root@pam!csi={uuid4()}",
    ]


def f_ceph_keyring() -> list[str]:
    def key() -> str:
        return b64(b"\x01\x00" + rbytes(8) + b"\x10\x00" + rbytes(16))
    return [
        (f"cat /etc/ceph/ceph.client.admin.keyring\n[client.admin]\n\tkey = {key()}\n\tcaps mds = \"allow *\"\n"
        "\tcaps mon = \"allow *\"\n\tcaps osd = \"allow *\""),
        f"[client.k8s-rbd]\n    key = {key()}\n(es el keyring que usa el ceph-csi del cluster de tiendas)",
    ]


def f_k8s_secret_yaml() -> list[str]:
    def enc(s: str) -> str:
        return b64(s.encode())
    return [
        ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: mariadb-shop\n  namespace: shop\ntype: Opaque\ndata:\n"
        f"  mariadb-root-password: {enc(strong_pw())}\n  mariadb-password: {enc(strong_pw())}"),
        ("kubectl -n wetopi-memory get secret hindsight-secrets -o yaml\napiVersion: v1\ndata:\n"
        f"  HINDSIGHT_API_KEY: {enc(rs(ALNUM, 40))}\n  POSTGRES_PASSWORD: {enc(strong_pw())}\nkind: Secret"),
    ]


def f_kubeconfig_credentials() -> list[str]:
    sa = jwt({"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": "argocd",
              "sub": "system:serviceaccount:argocd:argocd-manager"}, alg="RS256", kid=rs(B64URL, 43))
    key_data = b64((pem("EC PRIVATE KEY", ec_der()) + "\n").encode())
    cert_data = b64((pem("CERTIFICATE", cert_der()[:600]) + "\n").encode())
    return [
        "users:\n- name: argocd-manager\n  user:\n    token: " + sa,
        ("el kubeconfig del rke2 de staging:\nusers:\n- name: default\n  user:\n"
        f"    client-certificate-data: {cert_data}\n    client-key-data: {key_data}"),
    ]


def f_db_url_postgres() -> list[str]:
    return [
        f"DATABASE_URL=postgres://hindsight:{url_pw()}@pg-hindsight-rw.wetopi-memory.svc:5432/hindsight",
        f"psql 'postgresql://keycloak:{url_pw()}@10.30.1.12:5432/keycloak?sslmode=require'",
    ]


def f_db_url_mysql() -> list[str]:
    return [
        f"WP_DB_DSN=mysql://wp_lucia:{url_pw()}@mariadb-galera.shop.svc:3306/wp_lucia",
        f"la cadena de conexión del ERP del cliente es mysql://erp_ro:{url_pw()}@db.bodegasarnal.es/erp",
    ]


def f_db_url_redis() -> list[str]:
    return [
        f"WP_REDIS_URL=redis://:{url_pw()}@redis-master.shop.svc:6379/0",
        f"object cache config: rediss://default:{url_pw()}@redis.wetopi.internal:6380/2",
    ]


def f_db_url_mongodb() -> list[str]:
    return [
        f"MONGO_URI=mongodb+srv://analytics:{url_pw()}@cluster0.{rs(LOWER_ALNUM, 5)}.mongodb.net/events",
        (f"el cliente de la app móvil nos pasó mongodb+srv://app_admin:{url_pw()}@prod.{rs(LOWER_ALNUM, 5)}"
        ".mongodb.net/?retryWrites=true"),
    ]


def f_db_url_amqp() -> list[str]:
    return [
        f"CELERY_BROKER_URL=amqp://hermes:{url_pw()}@rabbitmq.queues.svc:5672/hermes",
        f"broker: amqps://woo-sync:{url_pw()}@rabbit.wetopi.internal:5671/%2F",
    ]


def f_wordpress_salts() -> list[str]:
    def salt() -> str:
        return rs(SALT_CHARS, 64)
    names = ["AUTH_KEY", "SECURE_AUTH_KEY", "LOGGED_IN_KEY", "NONCE_KEY", "AUTH_SALT", "SECURE_AUTH_SALT"]
    block = "\n".join(f"define( '{n}', '{salt()}' );" for n in names[:4])
    return [
        "pego las salts del wp-config de la tienda de Lucía:\n" + block,
        f"define('AUTH_KEY', '{salt()}'); define('NONCE_SALT', '{salt()}');",
    ]


def f_openai_api_key() -> list[str]:
    return [
        f"OPENAI_API_KEY=sk-proj-{rs(B64URL, 156)}",
        f"la key de OpenAI para el plugin de descripciones de producto: sk-proj-{rs(B64URL, 156)}",
    ]


def f_anthropic_api_key() -> list[str]:
    return [
        f"ANTHROPIC_API_KEY=sk-ant-api03-{rs(B64URL, 93)}AA",
        f"new key for hermes-approver: sk-ant-api03-{rs(B64URL, 93)}AA (the old one is revoked)",
    ]


def f_huggingface_token() -> list[str]:
    return [
        f"huggingface-cli login --token hf_{rs(string.ascii_letters, 34)}",
        f"HF_TOKEN=hf_{rs(string.ascii_letters, 34)} para bajar el modelo de embeddings",
    ]


def f_cloudflare_api_token() -> list[str]:
    return [
        'curl -X POST "https://api.cloudflare.com/client/v4/zones/' + hexs(32) + '/purge_cache" '
        f'-H "Authorization: Bearer {rs(B64URL, 40)}" -H "Content-Type: application/json" '
        '--data \'{"purge_everything":true}\'',
        f"cloudflare:\n  email: ops@wetopi.com\n  api_token: {rs(B64URL, 40)}   # DNS edit on wetopi.com",
    ]


def f_datadog_api_key() -> list[str]:
    return [
        f"/etc/datadog-agent/datadog.yaml\napi_key: {hexs(32)}\nsite: datadoghq.eu\nlogs_enabled: true",
        f"DD_API_KEY={hexs(32)} DD_APP_KEY={hexs(40)} python sync_monitors.py",
    ]


def f_age_secret_key() -> list[str]:
    def key() -> str:
        return "AGE-SECRET-KEY-1" + rs(BECH32, 58)
    return [
        f"# created: 2026-09-01T10:12:44+02:00\n# public key: age1{rs(BECH32.lower(), 58)}\n{key()}",
        f"la clave age de sops para el repo platform-gitops es {key()}",
    ]


def f_woocommerce_rest_keys() -> list[str]:
    return [
        f"WC_CONSUMER_KEY=ck_{hexs(40)}\nWC_CONSUMER_SECRET=cs_{hexs(40)}",
        f"claves REST de WooCommerce de la tienda de cerámica: ck_{hexs(40)} / cs_{hexs(40)}",
    ]


def f_google_api_key() -> list[str]:
    return [
        f"la API key de Google Maps del plugin de tiendas físicas es AIza{rs(B64URL, 35)}",
        f"GOOGLE_PLACES_KEY=AIza{rs(B64URL, 35)}",
    ]


def f_slack_webhook_url() -> list[str]:
    def url() -> str:
        return f"https://hooks.slack.com/services/T{rs(UPPER_ALNUM, 10)}/B{rs(UPPER_ALNUM, 10)}/{rs(ALNUM, 24)}"
    return [
        f"alertmanager receiver slack_api_url: {url()}",
        f"webhook de Slack para #deploys: {url()}",
    ]


def f_digitalocean_token() -> list[str]:
    return [
        f"doctl auth init --access-token dop_v1_{hexs(64)}",
        f"DIGITALOCEAN_TOKEN=dop_v1_{hexs(64)} para el cliente que sigue en DO",
    ]


FORMAT_FAMILIES: list[tuple[str, Callable[[], list[str]]]] = [
    ("github-fine-grained-pat", f_github_fine_grained_pat),
    ("github-classic-pat", f_github_classic_pat),
    ("gitlab-pat", f_gitlab_pat),
    ("slack-bot-token", f_slack_bot_token),
    ("slack-user-token", f_slack_user_token),
    ("stripe-secret-key", f_stripe_secret_key),
    ("stripe-restricted-key", f_stripe_restricted_key),
    ("aws-access-key", f_aws_access_key),
    ("gcp-service-account-json", f_gcp_service_account_json),
    ("azure-storage-connection-string", f_azure_storage_connection_string),
    ("jwt", f_jwt),
    ("pem-rsa-private-key", f_pem_rsa_private_key),
    ("pem-ec-private-key", f_pem_ec_private_key),
    ("pem-openssh-private-key", f_pem_openssh_private_key),
    ("pem-pkcs8-private-key", f_pem_pkcs8_private_key),
    ("vault-token", f_vault_token),
    ("infisical-service-token", f_infisical_service_token),
    ("telegram-bot-token", f_telegram_bot_token),
    ("discord-bot-token", f_discord_bot_token),
    ("sendgrid-api-key", f_sendgrid_api_key),
    ("mailgun-api-key", f_mailgun_api_key),
    ("twilio-api-key", f_twilio_api_key),
    ("npm-token", f_npm_token),
    ("pypi-token", f_pypi_token),
    ("dockerhub-pat", f_dockerhub_pat),
    ("terraform-cloud-token", f_terraform_cloud_token),
    ("proxmox-api-token", f_proxmox_api_token),
    ("ceph-keyring", f_ceph_keyring),
    ("k8s-secret-yaml", f_k8s_secret_yaml),
    ("kubeconfig-credentials", f_kubeconfig_credentials),
    ("db-url-postgres", f_db_url_postgres),
    ("db-url-mysql", f_db_url_mysql),
    ("db-url-redis", f_db_url_redis),
    ("db-url-mongodb", f_db_url_mongodb),
    ("db-url-amqp", f_db_url_amqp),
    ("wordpress-salts", f_wordpress_salts),
    ("openai-api-key", f_openai_api_key),
    ("anthropic-api-key", f_anthropic_api_key),
    ("huggingface-token", f_huggingface_token),
    ("cloudflare-api-token", f_cloudflare_api_token),
    ("datadog-api-key", f_datadog_api_key),
    ("age-secret-key", f_age_secret_key),
    ("woocommerce-rest-keys", f_woocommerce_rest_keys),
    ("google-api-key", f_google_api_key),
    ("slack-webhook-url", f_slack_webhook_url),
    ("digitalocean-token", f_digitalocean_token),
]


# --------------------------------------------------------------------------- secrets by context


def context_records() -> list[Record]:
    pw = strong_pw
    tok40 = rs(LOWER_ALNUM, 40)
    pairs: list[tuple[str, str, str]] = [
        ("password-es",
         f"La contraseña de la base de datos de la tienda de Marta es {pw()}, apúntala",
         f"oye, te paso la contraseña del panel de Hetzner: {pw()}"),
        ("password-en",
         f"password for the grafana admin user is {pw()}",
         f"FYI the new password for wp-admin on staging is {pw()} — don't share it outside the team"),
        ("redis-requirepass",
         f"he dejado en /etc/redis/redis.conf:\nbind 10.20.0.15\nrequirepass {pw()}\nmaxmemory 2gb",
         f"redis-cli -h redis-master.shop.svc -a '{pw()}' INFO replication"),
        ("keepalived-auth-pass",
         ("vrrp_instance VI_WAN {\n  state MASTER\n  interface ens18\n  virtual_router_id 51\n  authentication {\n"
         f"    auth_type PASS\n    auth_pass {rs(ALNUM, 8)}\n  }}\n}}"),
         f"En los LB WAN el auth_pass de VRRP es {rs(ALNUM, 8)}, tiene que ser igual en lb-wan-01 y lb-wan-02"),
        ("ldap-bindpw",
         ("connectors:\n- type: ldap\n  config:\n    host: ldap.wetopi.internal:636\n"
         f"    bindDN: cn=dex,ou=services,dc=wetopi,dc=com\n    bindPW: {pw()}"),
         f"/etc/nslcd.conf: binddn cn=readonly,dc=wetopi,dc=com / bindpw {pw()}"),
        ("mysql-cli-password",
         f"mysql -h mariadb-galera.shop.svc -u root -p'{pw()}' -e 'SHOW PROCESSLIST'",
         f"mysqldump -u wp_lucia --password={pw()} wp_lucia > backup.sql"),
        ("cli-password-flag",
         f"argocd login argocd.wetopi.com --username admin --password '{pw()}' --grpc-web",
         f"pveum user add ana@pve --password '{pw()}' --comment 'Ana (ops)'"),
        ("pgpassword-env",
         f"PGPASSWORD='{pw()}' psql -h pg-hindsight-rw.wetopi-memory.svc -U hindsight -d hindsight -c '\\dt'",
         f"export PGPASSWORD={pw()} && pg_dump -h 10.30.1.12 -U keycloak keycloak > kc.sql"),
        ("yaml-secret-field",
         f"configs:\n  secret:\n    githubSecret: {rs(ALNUM, 32)}\n    gitlabSecret: {rs(ALNUM, 32)}",
         f"En el values de hermes pon oidc.clientID: hermes y oidc.secret: {rs(ALNUM, 32)} y reinicia el pod"),
        ("token-field",
         f"hindsight:\n  url: http://hindsight.wetopi-memory.svc:8888\n  token: {tok40}",
         f"token: {rs(LOWER_ALNUM, 32)}  ← ese es el del runner de woodpecker, guárdalo bien"),
        ("bearer-header",
         f"curl -s -H 'Authorization: Bearer {rs(ALNUM, 48)}' http://hindsight.wetopi-memory.svc:8888/v1/default/banks",
         f"el webhook de uptime kuma manda `Authorization: Bearer {rs(ALNUM, 32)}` al endpoint de Hermes"),
        ("api-key-phrase",
         f"the api key is {rs(LOWER_ALNUM, 32)} for the offsite backup provider, account wetopi-ops",
         f"la API key del proveedor de SMS es {rs(UPPER_ALNUM, 24)}, la del sandbox es otra"),
        ("wifi-password",
         f"la clave del wifi de la oficina es {human_pw()}",
         f"WiFi 'Wetopi-Guests' pass: {rs(LOWER_ALNUM, 10)}"),
        ("card-pin",
         f"el PIN de la tarjeta de empresa es {rs(string.digits, 4)}, no lo pierdas",
         f"Ana, the PIN for the company card ending 4821 is {rs(string.digits, 4)}"),
        ("htpasswd",
         f"añade esto al .htpasswd del staging de la tienda:\nadmin:$apr1${rs(CRYPT, 8)}${rs(CRYPT, 22)}",
         f"basic auth for /wp-admin on staging, auth_basic_user_file line: cliente:$2y$10${rs(CRYPT, 53)}"),
        ("smtp-credentials",
         ("SMTP para los WordPress: host smtp.eu.mailprovider.com, puerto 587, usuario noreply@wetopi.com, "
         f"pass {pw()}"),
         f"define( 'WPMS_SMTP_USER', 'avisos@tienda-lucia.es' );\ndefine( 'WPMS_SMTP_PASS', '{pw()}' );"),
        ("minio-credentials",
         f"MINIO_ROOT_USER=admin\nMINIO_ROOT_PASSWORD={pw()}",
         f"mc alias set wetopi-minio https://minio.wetopi.internal backup-user {pw()}"),
        ("rabbitmq-credentials",
         f"rabbitmqctl change_password hermes-worker {pw()}",
         f"RabbitMQ del cluster de colas: user `hermes`, password `{pw()}`"),
        ("weak-human-password",
         f"mi pass del portátil es {human_pw()}, por si algún día tienes que entrar",
         "lol my old forum password was hunter2 and it's still the pwd of the test wp user"),
        ("dotenv-password",
         ("WORDPRESS_DB_HOST=mariadb.shop.svc\nWORDPRESS_DB_USER=wp_shop\n"
         f"WORDPRESS_DB_PASSWORD={pw()}"),
         f"en el .env del staging tengo DB_PASS={human_pw()} y no conecta, ¿qué hago mal?"),
        ("infisical-client-secret",
         f"INFISICAL_UNIVERSAL_AUTH_CLIENT_ID={uuid4()}\nINFISICAL_UNIVERSAL_AUTH_CLIENT_SECRET={hexs(64)}",
         f"machine identity hermes-build: client id {uuid4()}, client secret {hexs(64)}"),
        ("wp-admin-login",
         f"acceso al wp-admin de la tienda de cerámica: usuario ceramica_admin / {pw()}",
         f"login: shopmanager  pwd: {human_pw()}"),
        ("proxmox-root-password",
         f"root@pve-node03 password: {pw()}",
         f"la clave de root de los proxmox nuevos es {pw()} hasta que metamos las llaves SSH"),
        ("mariadb-root-password",
         f"auth:\n  rootPassword: {pw()}\n  database: wp_shop\n  username: wp_shop\n  password: {pw()}",
         f"docker run -d -e MARIADB_ROOT_PASSWORD={pw()} mariadb:11.4"),
        ("ssh-password",
         f"sshpass -p '{pw()}' ssh cliente@sftp.tienda-ejemplo.es",
         f"el SFTP de Bodegas Arnal: host sftp.bodegasarnal.es, user arnal_wp, password {human_pw()}"),
        ("curl-basic-auth",
         f"curl -u admin:{pw()} https://prometheus.wetopi.internal/api/v1/targets",
         f"wget --http-user=backup --http-password={pw()} https://dumps.wetopi.internal/latest.sql.gz"),
        ("passphrase",
         f"la passphrase de la llave GPG de backups es «{phrase()}»",
         f"ssh key passphrase for the bastion: {phrase()}"),
        ("recovery-codes",
         "códigos de recuperación del 2FA de la cuenta de Cloudflare: "
         + " ".join(f"{rs(LOWER_ALNUM, 4)}-{rs(LOWER_ALNUM, 4)}" for _ in range(5)),
         "backup codes for the GitHub org owner account:\n"
         + "\n".join(f"{hexs(5)}-{hexs(5)}" for _ in range(4))),
        ("hindsight-api-key",
         f"HINDSIGHT_API_URL=http://hindsight.wetopi-memory.svc:8888\nHINDSIGHT_API_KEY={rs(ALNUM, 40)}",
         f"the tenant key for hindsight is {rs(ALNUM, 40)}, the plugin needs it in requires_env"),
        ("pwd-keyword",
         f"Server=sql01.clinica.local;Database=citas;User Id=sa;Pwd={pw()};TrustServerCertificate=true",
         f"clave del router de la oficina (admin): {pw(12)}"),
    ]
    out: list[Record] = []
    for fam, a, b in pairs:
        out.append((fam, a))
        out.append((fam, b))
    return out


# --------------------------------------------------------------------------- clean look-alikes


def negative_records() -> list[Record]:
    sha = hexs(40)
    cert = pem("CERTIFICATE", cert_der())
    banner = b64("Bienvenido a la tienda. Envío gratis a partir de 50 €".encode())
    motd = b64(b"maintenance window: sunday 02:00 CET")
    triples: list[tuple[str, str, str, str]] = [
        ("git-commit-sha",
         f"El fix del proxy-body-size está en el commit {hexs(40)} de platform-gitops",
         f"git revert {hexs(7)} && git push origin main",
         f"merged in {hexs(12)}, CI green, deploying now"),
        ("uuid",
         f"La VM 104 de pve-node02 tiene el SMBIOS uuid {uuid4()}",
         f"kubectl -n shop get pod shop-php-7d9f -o jsonpath='{{.metadata.uid}}' → {uuid4()}",
         f"hindsight: retained 3 facts in scope platform, document_id {uuid4()}"),
        ("image-digest",
         f"image: registry.wetopi.com/wordpress-php:8.2-fpm@sha256:{hexs(64)}",
         f"Successfully pulled image ghcr.io/wetopi/hermes-agent@sha256:{hexs(64)} in 3.2s",
         f"el digest nuevo de nginx-unprivileged es sha256:{hexs(64)}, el viejo sha256:{hexs(64)}"),
        ("argocd-revision",
         f"argocd app get shop-prod → Sync Status: Synced to main ({sha[:7]}), Revision: {sha}",
         f"Argo CD rolled back wetopi-memory to revision {hexs(40)} after the failed sync",
         (f"ID  DATE                           REVISION\n11  2026-09-03 17:40:02 +0200 CEST  main ({hexs(7)})\n"
         f"12  2026-09-04 11:02:13 +0200 CEST  main ({hexs(7)})")),
        ("env-placeholder",
         "env:\n  DB_HOST: mariadb.shop.svc\n  DB_PASSWORD: ${DB_PASSWORD}",
         "backend:\n  type: hindsight\n  url: ${HINDSIGHT_API_URL}\n  api_key: ${HINDSIGHT_API_KEY}",
         'curl -H "Authorization: Bearer ${ARGOCD_TOKEN}" https://argocd.wetopi.com/api/v1/applications'),
        ("helm-template-placeholder",
         "  mariadb-password: {{ .Values.mariadb.auth.password | b64enc | quote }}",
         "requirepass {{ .Values.redis.password }}",
         "oidc:\n  clientID: hermes\n  clientSecret: {{ .Values.secret }}"),
        ("angle-placeholder",
         "mysql -u root -p'<PASSWORD>' -e 'SELECT 1'  # sustituye <PASSWORD> por la de Infisical",
         "Usage: pveum user token add <userid> <tokenid> [--privsep <boolean>] [--expire <integer>]",
         "token: <YOUR_TELEGRAM_BOT_TOKEN>\nallowed_users: [<telegram_user_id>]"),
        ("env-var-name-only",
         "Faltan WORDPRESS_DB_PASSWORD y WORDPRESS_AUTH_KEY en el deployment de la tienda",
         "requires_env:\n  - HINDSIGHT_API_URL\n  - HINDSIGHT_API_KEY",
         "The pod crashes because REDIS_PASSWORD is not set in the environment"),
        ("password-policy",
         "password policy: 12 chars minimum, one symbol, no reuse of the last 5",
         "Política de contraseñas para clientes: mínimo 14 caracteres y 2FA obligatorio en wp-admin",
         "Keycloak realm wetopi: passwordPolicy = length(12) and upperCase(1) and notUsername(undefined)"),
        ("password-reset-instructions",
         ("Para resetear la contraseña de un cliente: wp user reset-password <login> --skip-email y le mandas "
         "el enlace"),
         "To reset the Argo CD admin password, remove admin.password from argocd-secret and restart argocd-server",
         ("Si el cliente olvidó la contraseña, que use «¿Has olvidado tu contraseña?» en /mi-cuenta; nunca se la "
         "mandamos por email")),
        ("secret-key-ref",
         ("env:\n- name: WORDPRESS_DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: mariadb-shop\n"
         "      key: mariadb-password"),
         "auth:\n  existingSecret: mariadb-shop-credentials\n  existingSecretPasswordKey: mariadb-password",
         "envFrom:\n- secretRef:\n    name: hermes-lead-env\n- configMapRef:\n    name: hermes-lead-config"),
        ("configmap-base64",
         f"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: shop-banner\nbinaryData:\n  banner.txt: {banner}",
         f"echo {motd} | base64 -d   # sale el aviso de mantenimiento para el motd",
         "data:\n  robots.b64: " + b64(b"User-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\n")),
        ("checksum",
         f"{hexs(64)}  wordpress-6.6.1.tar.gz",
         f"md5sum backup-wp_shop-2026-09-01.sql.gz → {hexs(32)}",
         f"Checksum OK (sha1 {hexs(40)}) for woocommerce.9.2.3.zip"),
        ("request-id",
         f"X-Request-ID: {hexs(32)} — 502 from ingress-nginx, upstream shop-php",
         f"Stripe devolvió card_declined en la request req_{rs(ALNUM, 14)}",
         f"cf-ray: {hexs(16)}-MAD, la página de error era de Cloudflare, no nuestra"),
        ("trace-id",
         f"traceparent: 00-{hexs(32)}-{hexs(16)}-01",
         f"En Tempo busca el trace_id={hexs(32)}, ahí se ve la latencia del recall de hindsight",
         f"span_id={hexs(16)} parent_id={hexs(16)} name=memory_recall scope=platform duration_ms=142"),
        ("ssh-public-key",
         f"{ssh_ed25519_pub()} ana@portatil-ana",
         f"añade mi clave pública al authorized_keys de pve-node02: {ssh_ed25519_pub()} jordi@wetopi",
         f"{ssh_rsa_pub()} deploy@ci01"),
        ("tls-certificate-pem",
         "El cert intermedio que falta en la cadena de la tienda es este:\n" + cert,
         "ca.crt del cluster rke2 (público, lo puedes poner en el configmap):\n" + pem("CERTIFICATE", cert_der()),
         "openssl s_client -showcerts -connect tienda-lucia.es:443 </dev/null\n" + pem("CERTIFICATE", cert_der())),
        ("masked-value",
         f"STRIPE_SECRET_KEY=sk_live_************************{rs(ALNUM, 4)}",
         "infisical secrets get DB_PASSWORD --env=prod → DB_PASSWORD = ********",
         "token: hvs.****************** (redacted by the log pipeline)"),
        ("secret-word-sentence",
         "The token bucket in the ingress rate limiter allows 20 rps with a burst of 40",
         "El secreto para que la caché de WooCommerce no rompa el carrito es excluir /cart y /checkout",
         "The password field on the checkout page lost its strength meter after the theme update"),
        ("secret-store-reference",
         "ExternalSecret shop-db: remoteRef key /wetopi/shop/DB_PASSWORD desde Infisical, refreshInterval 1h",
         "infisical run --env=prod --path=/hermes -- python -m hermes.serve",
         ("kubectl create secret generic hindsight-secrets --from-env-file=./hindsight.env --dry-run=client -o yaml"
         " | kubeseal -o yaml > sealed.yaml")),
    ]
    out: list[Record] = []
    for fam, *texts in triples:
        out.extend((fam, t) for t in texts)
    return out


# --------------------------------------------------------------------------- clean prose


PROSE: list[Record] = [
    ("prose-rotation", "rota la contraseña de root de proxmox este mes"),
    ("prose-rotation", "the API key for Stripe expires in June, remind me"),
    ("prose-rotation", "Hay que rotar los tokens de Argo CD antes de la auditoría de octubre"),
    ("prose-rotation", "Remind me on Friday to rotate the Telegram bot token of wetopi-lead"),
    ("prose-rotation", "Cuando rotemos las credenciales de MariaDB avisa a soporte, que los clientes notan el corte"),
    ("prose-secrets-topic", "Las contraseñas de los clientes nunca van a la memoria, van a Infisical y punto"),
    ("prose-secrets-topic", "Do we store the WooCommerce API keys per site or per customer in Infisical?"),
    ("prose-secrets-topic", "¿Quién tiene acceso al secreto de la service account de backups?"),
    ("prose-secrets-topic", ("I think the kubeconfig on the old laptop still has an admin token, can you check "
                            "if it was revoked?")),
    ("prose-secrets-topic", "Pablo gestiona el token de GitHub del bot de renovate, pregúntale a él"),
    ("prose-secrets-topic", "No me pegues claves por Telegram, usa el enlace compartido de Infisical"),
    ("prose-secrets-topic", "the secret gate blocked my message again and I only mentioned the word password"),
    ("prose-platform", "El ingress de la tienda vuelve a dar 502 desde el último despliegue"),
    ("prose-platform", "Ceph is rebalancing after we added the OSDs on pve-node04, expect slow IO for an hour"),
    ("prose-platform", "Mañana migramos las VMs de pve-node02 para actualizar el kernel"),
    ("prose-platform", ("Argo CD marca OutOfSync la app de redis but the diff is empty, creo que es el "
                       "ignoreDifferences")),
    ("prose-platform", "los LB WAN usan IPVS + VRRP con DSR hacia los nodos, no lo toques sin hablar con Jordi"),
    ("prose-platform", "RKE2 1.30 upgrade went fine on staging, production next Tuesday"),
    ("prose-platform", "Hindsight tarda 800 ms en el recall de platform, mira si es la base de datos"),
    ("prose-platform", "El Redis de la tienda grande se queda sin memoria los lunes, ¿subimos maxmemory a 4 GB?"),
    ("prose-business", "Wetopi comercializará inicialmente Hermes como producto gestionado"),
    ("prose-business", "Let's keep the WooCommerce plan at 29 €/month until January"),
    ("prose-business", "El cliente de la ferretería quiere factura anual, pásalo a facturación"),
    ("prose-business", "We agreed with the Ceph support vendor on a yearly contract, not monthly"),
    ("prose-business", "Para el roadmap del Q4: staging con un clic y backups bajo demanda"),
    ("prose-business", "Pricing del plan Agency: 5 sitios incluidos, the sixth one at 12 €"),
    ("prose-personal", "Prefiero respuestas cortas y en español, salvo el código"),
    ("prose-personal", "I usually review PRs in the morning, don't ping me after 18:00"),
    ("prose-personal", "Yo prefiero OpenSearch para los logs centralizados"),
    ("prose-personal", "Cuando me propongas comandos de kubectl, ponme siempre el namespace"),
    ("prose-personal", "Mi portátil nuevo ya tiene la llave de hardware, ya no uso contraseña para SSH"),
    ("prose-personal", "This week I'm working from Valencia, same hours as always"),
    ("prose-support", ("La clienta de la tienda de cerámica no puede entrar en wp-admin, dice que la contraseña "
                      "no funciona")),
    ("prose-support", "A customer asked whether we can see their passwords; tell them we can't, they're hashed"),
    ("prose-support", "Ticket 4471: the checkout is slow only on mobile, probably the payment plugin"),
    ("prose-support", "Si un cliente pide su clave de FTP, que la regenere desde el panel, no se la damos nosotros"),
    ("prose-support", "The customer lost access to his 2FA app, we need to verify identity before resetting it"),
    ("prose-memory", "¿Qué habíamos decidido sobre RKE2 y los nodos de control?"),
    ("prose-memory", "remember that I like the weekly summary on Monday morning"),
    ("prose-memory", "Busca en la memoria cómo resolvimos el error del certificado de la tienda"),
]


# --------------------------------------------------------------------------- assembly


def format_records() -> list[Record]:
    singles = set(RNG.sample(range(len(FORMAT_FAMILIES)), len(FORMAT_FAMILIES) * 2 - 80))
    out: list[Record] = []
    for i, (fam, fn) in enumerate(FORMAT_FAMILIES):
        texts = fn()
        if i in singles:
            texts = [RNG.choice(texts)]
        out.extend((fam, t) for t in texts)
    return out


def build() -> list[dict[str, str]]:
    rows: list[tuple[str, str, str, str]] = []
    rows += [(fam, t, "secret", "format") for fam, t in format_records()]
    rows += [(fam, t, "secret", "context") for fam, t in context_records()]
    rows += [(fam, t, "clean", "negative") for fam, t in negative_records()]
    rows += [(fam, t, "clean", "prose") for fam, t in PROSE]
    RNG.shuffle(rows)
    records = [{"id": f"s12-{i:04d}", "text": t, "label": lab, "family": fam, "by": by}
               for i, (fam, t, lab, by) in enumerate(rows, 1)]
    counts = {key: sum(1 for r in rows if (r[2], r[3]) == key)
              for key in [("secret", "format"), ("secret", "context"), ("clean", "negative"), ("clean", "prose")]}
    assert counts == {("secret", "format"): 80, ("secret", "context"): 60,
                      ("clean", "negative"): 60, ("clean", "prose"): 40}, counts
    assert len({r["text"] for r in records}) == 240
    assert len({r[0] for r in rows if r[3] == "format"}) >= 30
    return records


def main() -> None:
    records = build()
    with OUT.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"wrote {len(records)} records to {OUT}")


if __name__ == "__main__":
    main()
