#!/usr/bin/env python3
"""Builds secrets/test.jsonl (frozen held-out set).

Context lines are hand-written; every credential VALUE is generated here at random (seeded) in the real
format of its family. None of them is a real credential. Run: python3 make_test.py  (writes test.jsonl
next to this file).
"""
import base64
import json
import os
import random
import string
import uuid as _uuid

RNG = random.Random(20251201)
B62 = string.ascii_letters + string.digits
B64U = B62 + "-_"
HEXC = "0123456789abcdef"


def pick(s, n):
    return "".join(RNG.choice(s) for _ in range(n))


def hx(n):
    return pick(HEXC, n)


def an(n):
    return pick(B62, n)


def rbytes(n):
    return bytes(RNG.getrandbits(8) for _ in range(n))


def b64(data):
    return base64.b64encode(data).decode()


def b64u_nopad(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def uid():
    return str(_uuid.UUID(int=RNG.getrandbits(128), version=4))


def pw(n=None):
    n = n or RNG.randint(12, 22)
    chars = B62 + "!#%*+-_.@="
    while True:
        p = pick(chars, n)
        if any(c.isdigit() for c in p) and any(c.isupper() for c in p) and any(c.islower() for c in p):
            return p


def humanpw():
    w = RNG.choice(["Bilbao", "Txakoli", "Gorbea", "Invierno", "Athletic", "Pintxo", "Mendi", "Otono", "Zuriñe", "Getxo"])
    return w + str(RNG.randint(1990, 2026)) + RNG.choice(["!", "#", "*", "", "."])


def jwt(alg="HS256"):
    head = b64u_nopad(json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")).encode())
    body = {"sub": RNG.choice(["hermes-gateway", "u_ana", "system:serviceaccount:argocd:argocd-manager", "svc-panel"]),
            "iat": RNG.randint(1730000000, 1760000000), "iss": RNG.choice(["wetopi", "kubernetes/serviceaccount", "panel.wetopi.net"])}
    body["exp"] = body["iat"] + RNG.choice([3600, 86400, 2592000])
    payload = b64u_nopad(json.dumps(body, separators=(",", ":")).encode())
    return f"{head}.{payload}.{b64u_nopad(rbytes(32 if alg == 'HS256' else 256))}"


def hvs():
    return "hvs." + (an(24) if RNG.random() < 0.5 else "CAES" + pick(B64U, 86))


def wrap(s, w=64):
    return "\n".join(s[i:i + w] for i in range(0, len(s), w))


def pem(kind="rsa"):
    if kind == "rsa":
        der = b"\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00" + rbytes(1180)
        label = "RSA PRIVATE KEY"
    elif kind == "pkcs8":
        der = b"\x30\x82\x04\xbe\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00\x04\x82\x04\xa8" + rbytes(1190)
        label = "PRIVATE KEY"
    else:
        der = b"\x30\x77\x02\x01\x01\x04\x20" + rbytes(32) + b"\xa0\x0a\x06\x08\x2a\x86\x48\xce\x3d\x03\x01\x07\xa1\x44\x03\x42\x00\x04" + rbytes(64)
        label = "EC PRIVATE KEY"
    return f"-----BEGIN {label}-----\n{wrap(b64(der))}\n-----END {label}-----"


def ssh_priv():
    raw = (b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00\x00\x00\x00\x01"
           b"\x00\x00\x00\x33\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + rbytes(32) + rbytes(250))
    return f"-----BEGIN OPENSSH PRIVATE KEY-----\n{wrap(b64(raw), 70)}\n-----END OPENSSH PRIVATE KEY-----"


def akia():
    return "AKIA" + pick(string.ascii_uppercase + "234567", 16)


def aws_sk():
    return pick(B62 + "+/", 40)


def ghp():
    return "ghp_" + an(36)


def github_pat():
    return "github_pat_11" + pick(string.ascii_uppercase + string.digits, 20) + "_" + an(59)


def glpat():
    return "glpat-" + pick(B64U, 20)


def xox(kind="b"):
    return f"xox{kind}-{RNG.randint(10**10, 10**12)}-{RNG.randint(10**11, 10**13)}-" + an(24)


def tg():
    return f"{RNG.randint(10**9, 8 * 10**9)}:AA" + pick(B64U, 33)


def discord():
    return b64u_nopad(str(RNG.randint(10**17, 10**18 - 1)).encode()) + "." + pick(B64U, 6) + "." + pick(B64U, 38)


def st_tok():
    return f"st.{hx(24)}.{hx(32)}.{hx(32)}"


def dckr():
    return "dckr_pat_" + pick(B64U, 27)


def cephkey():
    return b64(b"\x01\x00" + rbytes(26))


def apr1():
    return "$apr1$" + pick(B62 + "./", 8) + "$" + pick(B62 + "./", 22)


def bcrypt():
    return "$2y$05$" + pick(B62 + "./", 53)


def azure_key():
    return b64(rbytes(64))


def gcp_json(project):
    key = pem("pkcs8").replace("\n", "\\n") + "\\n"
    return (f'{{"type": "service_account", "project_id": "{project}", "private_key_id": "{hx(40)}", '
            f'"private_key": "{key}", "client_email": "backup@{project}.iam.gserviceaccount.com", '
            f'"client_id": "{RNG.randint(10**20, 10**21)}"}}')


def sshpub_ed():
    return "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + pick(B62 + "+/", 43)


def sshpub_rsa():
    return "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + pick(B62 + "+/", 340)


def fp43():
    return pick(B62 + "+/", 43)


def colonhex(n):
    return ":".join(pick("0123456789ABCDEF", 2) for _ in range(n))


def t64(s):
    return b64(s.encode())


# ---------------------------------------------------------------- secrets, recognisable by format
FORMAT = [
    ("jwt", lambda: f"curl -s -H 'Authorization: Bearer {jwt()}' https://api.hermes.wetopi.net/v1/agents | jq '.[].name'"),
    ("jwt", lambda: f"2025-10-02T11:42:07Z WARN auth: rejected expired session token={jwt()} ip=10.20.4.17 path=/panel/login"),
    ("jwt", lambda: f"te paso el JWT del service account de hermes-gateway para que pruebes desde tu máquina: {jwt('RS256')}"),
    ("jwt", lambda: f"the SA token for argocd-manager is {jwt('RS256')} — it never expires, we should rotate it this week"),
    ("vault-token", lambda: f"export VAULT_ADDR=https://vault.wetopi.lan:8200\nexport VAULT_TOKEN={hvs()}"),
    ("vault-token", lambda: f"$ vault login {hvs()}\nSuccess! You are now authenticated."),
    ("vault-token", lambda: f"Hola Iker, para la migración de secretos usa este token de Vault con policy read-only: {hvs()} (caduca en 72 h). Un abrazo"),
    ("vault-token", lambda: f"[INFO]  auth.handler: authentication successful, sending token to sinks: token={hvs()} ttl=768h"),
    ("pem-private-key", lambda: f"pego aquí la key del cert de *.wetopi.net para que la subas al LB:\n{pem('rsa')}"),
    ("pem-private-key", lambda: f"root@wan-lb-01:~# cat /etc/ssl/private/panel.wetopi.net.key\n{pem('pkcs8')}"),
    ("pem-private-key", lambda: f"the ACME account key from cert-manager, in case we need to re-register:\n{pem('ec')}"),
    ("pem-private-key", lambda: f"Here's the private key for the DKIM selector s1 on wetopi.es, añádela al Postfix nuevo:\n{pem('rsa')}"),
    ("openssh-private-key", lambda: f"la clave del usuario deploy para el bastion, guárdala en Infisical y bórrala de aquí:\n{ssh_priv()}"),
    ("openssh-private-key", lambda: f"ana@portatil:~$ cat ~/.ssh/id_ed25519\n{ssh_priv()}"),
    ("openssh-private-key", lambda: f"GitHub Actions secret DEPLOY_KEY (value):\n{ssh_priv()}"),
    ("aws-key", lambda: f"aws configure set aws_access_key_id {akia()} && aws configure set aws_secret_access_key {aws_sk()}"),
    ("aws-key", lambda: f"[wetopi-backups]\naws_access_key_id = {akia()}\naws_secret_access_key = {aws_sk()}\nregion = eu-west-3"),
    ("aws-key", lambda: f"for the S3 offsite test use {akia()} / {aws_sk()}, bucket wetopi-offsite-par"),
    ("aws-key", lambda: f"AWS_ACCESS_KEY_ID={akia()} AWS_SECRET_ACCESS_KEY={aws_sk()} restic -r s3:s3.amazonaws.com/wetopi-restic snapshots"),
    ("gcp-service-account", lambda: gcp_json("wetopi-mail")),
    ("gcp-service-account", lambda: "Te mando el JSON de la service account para el backup de Workspace, ponlo en el secret: " + gcp_json("wetopi-gws-backup")),
    ("gcp-service-account", lambda: '  "private_key": "' + pem("pkcs8").replace("\n", "\\n") + '\\n",'),
    ("azure-storage-key", lambda: f"AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=wetopioffsite;AccountKey={azure_key()};EndpointSuffix=core.windows.net"),
    ("azure-storage-key", lambda: f'az storage blob upload --connection-string "DefaultEndpointsProtocol=https;AccountName=hmiramarbk;AccountKey={azure_key()};EndpointSuffix=core.windows.net" -c wp -f wp_miramar.sql.gz'),
    ("azure-storage-key", lambda: f"el cliente Hotel Miramar nos ha pasado su storage de Azure para los backups: AccountName=miramarbackups;AccountKey={azure_key()}"),
    ("github-token", lambda: f"git remote set-url origin https://{ghp()}@github.com/wetopi/infra-gitops.git"),
    ("github-token", lambda: f"GITHUB_TOKEN={ghp()} gh pr list -R wetopi/hermes-agents --state open"),
    ("github-token", lambda: f"New fine-grained token for the renovate bot (repo scope only): {github_pat()}"),
    ("github-token", lambda: f"argocd repo add https://github.com/wetopi/infra-gitops --username wetopi-bot --password {github_pat()}"),
    ("gitlab-token", lambda: f'curl --header "PRIVATE-TOKEN: {glpat()}" "https://gitlab.wetopi.net/api/v4/projects?owned=true"'),
    ("gitlab-token", lambda: f"el token de GitLab para el runner de la agencia es {glpat()}, scope read_repository"),
    ("gitlab-token", lambda: f"helm repo add wetopi-charts https://gitlab.wetopi.net/api/v4/projects/42/packages/helm/stable --username ci --password {glpat()}"),
    ("slack-token", lambda: f"SLACK_BOT_TOKEN={xox('b')}\nSLACK_CHANNEL=#alerts-prod"),
    ("slack-token", lambda: f"global:\n  slack_api_url: https://hooks.slack.com/services/T0{pick(string.ascii_uppercase + string.digits, 9)}/B0{pick(string.ascii_uppercase + string.digits, 9)}/{an(24)}"),
    ("slack-token", lambda: f"Hermes needs a user token to read the support channels, I generated this one: {xox('p')}"),
    ("telegram-bot-token", lambda: f"TELEGRAM_BOT_TOKEN={tg()}\nTELEGRAM_CHAT_ID=-1001987654321"),
    ("telegram-bot-token", lambda: f"curl -s https://api.telegram.org/bot{tg()}/getUpdates | jq '.result[-1].message.chat.id'"),
    ("telegram-bot-token", lambda: f"el token que me dio BotFather para el bot de alertas de guardia: {tg()}"),
    ("discord-bot-token", lambda: f"DISCORD_TOKEN={discord()}  # bot del servidor de la comunidad WP"),
    ("discord-bot-token", lambda: f"client.login('{discord()}'); // TODO: move to env before merging"),
    ("infisical-service-token", lambda: f"INFISICAL_TOKEN={st_tok()} infisical run --env=prod -- ./start.sh"),
    ("infisical-service-token", lambda: f"token de servicio de Infisical para el proyecto hermes-prod (solo lectura): {st_tok()}"),
    ("infisical-service-token", lambda: f"infisical:\n  enabled: true\n  serviceToken: {st_tok()}\n  env: staging"),
    ("infisical-service-token", lambda: f"infisical-agent[882]: using service token {st_tok()} for workspace hermes-prod"),
    ("proxmox-api-token", lambda: f"curl -k -H 'Authorization: PVEAPIToken=root@pam!ci={uid()}' https://pve-01.wetopi.lan:8006/api2/json/nodes"),
    ("proxmox-api-token", lambda: f"Grafana datasource header → Authorization: PVEAPIToken=monitor@pve!grafana={uid()}"),
    ("proxmox-api-token", lambda: f"el token de la API de Proxmox para velero es PVEAPIToken=backup@pve!velero={uid()}, no le des más permisos"),
    ("database-url", lambda: f"DATABASE_URL=postgres://hermes:{pw()}@pg-main.db.svc.cluster.local:5432/hermes?sslmode=require"),
    ("database-url", lambda: f"psql 'postgresql://infisical:{pw()}@10.20.8.15:5432/infisical' -c 'select count(*) from secrets;'"),
    ("database-url", lambda: f"WORDPRESS_DB_URL=mysql://wp_7781:{pw()}@mariadb-galera.wp-shared.svc:3306/wp_7781"),
    ("database-url", lambda: f'mongosh "mongodb+srv://hindsight:{pw()}@cluster0.x7k2p.mongodb.net/memory"'),
    ("database-url", lambda: f"conecta con mongodb+srv://analytics:{pw()}@cluster1.q9w3e.mongodb.net/?retryWrites=true&w=majority y mira qué colecciones hay"),
    ("database-url", lambda: f"REDIS_URL=redis://:{pw()}@redis-cache.hermes.svc:6379/0"),
    ("kubeconfig-client-key", lambda: f"users:\n- name: ana@rke2-prod\n  user:\n    client-certificate-data: {t64('-----BEGIN CERTIFICATE-----' + chr(10) + wrap(b64(rbytes(450))) + chr(10) + '-----END CERTIFICATE-----' + chr(10))}\n    client-key-data: {t64(pem('ec') + chr(10))}"),
    ("kubeconfig-client-key", lambda: f"el kubeconfig que me pasaste tiene esto, ¿es el del admin?\n    client-key-data: {t64(pem('rsa') + chr(10))}"),
    ("htpasswd", lambda: f"añade esta línea al htpasswd del Prometheus: admin:{apr1()}"),
    ("htpasswd", lambda: f"echo 'ops:{bcrypt()}' > auth && kubectl -n monitoring create secret generic basic-auth --from-file=auth"),
    ("htpasswd", lambda: f"/etc/nginx/.htpasswd\nana:{apr1()}\niker:{apr1()}"),
    ("docker-registry-token", lambda: f"docker login -u wetopibot -p {dckr()}"),
    ("docker-registry-token", lambda: f"DOCKERHUB_USERNAME=wetopibot\nDOCKERHUB_TOKEN={dckr()}"),
]

# ---------------------------------------------------------------- secrets, given by context
CONTEXT = [
    ("redis-requirepass", lambda: f"# /etc/redis/redis.conf\nbind 0.0.0.0\nrequirepass {hx(24)}"),
    ("redis-requirepass", lambda: f"en el redis de staging he puesto requirepass {pw()} y he reiniciado el pod"),
    ("redis-requirepass", lambda: f'127.0.0.1:6379> CONFIG SET requirepass "{pw()}"\nOK'),
    ("redis-cli-password", lambda: f"redis-cli -h redis-cache.hermes.svc -a {hx(20)} INFO memory | grep used_memory_human"),
    ("redis-cli-password", lambda: f"redis-cli -a '{pw()}' --no-auth-warning -n 2 KEYS 'sess:*' | wc -l"),
    ("mysql-password", lambda: f"mysql -u root -p'{pw()}' -h 10.20.8.21 -e 'SHOW FULL PROCESSLIST'"),
    ("mysql-password", lambda: f"mysqldump -uwp_admin -p'{pw()}' --single-transaction wp_4412 > /backup/wp_4412.sql"),
    ("mysql-password", lambda: f"para entrar al galera desde el bastion: mysql -h mariadb-galera -u sst -p{an(16)}"),
    ("mysql-password", lambda: f"ALTER USER 'wp_8830'@'%' IDENTIFIED BY '{pw()}'; FLUSH PRIVILEGES;"),
    ("ceph-keyring", lambda: f"[client.admin]\n\tkey = {cephkey()}\n\tcaps mds = \"allow *\"\n\tcaps mon = \"allow *\""),
    ("ceph-keyring", lambda: f"[client.rbd-csi]\n    key = {cephkey()}\n    caps mon = \"profile rbd\"\n    caps osd = \"profile rbd pool=rbd-ssd\""),
    ("ceph-keyring", lambda: f"la key del cliente cephfs para montar desde los nodos es {cephkey()}"),
    ("ceph-keyring", lambda: f"root@pve-02:~# ceph auth get-key client.velero\n{cephkey()}"),
    ("argocd-admin-password", lambda: f"argocd login argocd.wetopi.net --username admin --password {an(16)} --grpc-web"),
    ("argocd-admin-password", lambda: f"La contraseña inicial del admin de Argo CD es {an(16)}, cámbiala después del primer login"),
    ("argocd-admin-password", lambda: f"$ kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath='{{.data.password}}' | base64 -d\n{an(16)}"),
    ("keepalived-auth-pass", lambda: f"    authentication {{\n        auth_type PASS\n        auth_pass {an(8)}\n    }}"),
    ("keepalived-auth-pass", lambda: f"en los dos LB WAN el auth_pass de VRRP es {an(8)}, tiene que ser idéntico en ambos o se quedan los dos en MASTER"),
    ("keepalived-auth-pass", lambda: f"vrrp_instance VI_WAN {{ state MASTER interface bond0 virtual_router_id 51 priority 150 authentication {{ auth_type PASS auth_pass {an(8)} }} }}"),
    ("ldap-bind-password", lambda: f"ldapsearch -x -H ldaps://ldap.wetopi.lan -D 'cn=readonly,dc=wetopi,dc=lan' -w '{pw()}' '(uid=ana)' mail"),
    ("ldap-bind-password", lambda: f"auth.ldap:\n  bindDN: cn=grafana,ou=svc,dc=wetopi,dc=lan\n  bindPW: {pw()}"),
    ("ldap-bind-password", lambda: f"ldap_default_bind_dn = cn=sssd,ou=svc,dc=wetopi,dc=lan\nldap_default_authtok = {pw()}"),
    ("smtp-password", lambda: f"SMTP: mail.wetopi.net:587 STARTTLS, user notificaciones@wetopi.net, pass {pw()}"),
    ("smtp-password", lambda: f"global:\n  smtp_smarthost: 'mail.wetopi.net:587'\n  smtp_auth_username: 'alertas@wetopi.net'\n  smtp_auth_password: '{pw()}'"),
    ("smtp-password", lambda: f"Hola Ana, el buzón facturas@wetopi.es ya está creado. Usuario: facturas@wetopi.es / Contraseña: {humanpw()}. Un saludo, Jon"),
    ("minio-secret", lambda: f"MINIO_ROOT_USER=wetopiadmin\nMINIO_ROOT_PASSWORD={an(32)}"),
    ("minio-secret", lambda: f"mc alias set backups https://minio.wetopi.lan:9000 velero {pick(B62 + '+/', 40)}"),
    ("minio-secret", lambda: f"credentials-velero:\n[default]\naws_access_key_id = velero\naws_secret_access_key = {pick(B62 + '+/', 40)}"),
    ("datadog-api-key", lambda: f"DD_API_KEY={hx(32)}\nDD_SITE=datadoghq.eu"),
    ("datadog-api-key", lambda: f"helm install datadog datadog/datadog -n datadog --set datadog.apiKey={hx(32)} --set datadog.appKey={hx(40)}"),
    ("datadog-api-key", lambda: f"the datadog api key for the agency trial is {hx(32)}, revoke it if they don't sign"),
    ("infisical-client-secret", lambda: f"INFISICAL_UNIVERSAL_AUTH_CLIENT_ID={uid()}\nINFISICAL_UNIVERSAL_AUTH_CLIENT_SECRET={hx(64)}"),
    ("infisical-client-secret", lambda: f"infisical login --method=universal-auth --client-id={uid()} --client-secret={hx(64)} --silent"),
    ("infisical-client-secret", lambda: f"client secret de la machine identity de Argo en Infisical: {hx(64)}"),
    ("kubeconfig-token", lambda: f"users:\n- name: admin\n  user:\n    token: kubeconfig-user-{pick(string.ascii_lowercase + string.digits, 5)}:{pick(string.ascii_lowercase + string.digits, 54)}"),
    ("kubeconfig-token", lambda: f"kubectl --server=https://rke2-prod.wetopi.lan:6443 --insecure-skip-tls-verify --token={pick(string.ascii_lowercase + string.digits, 54)} get nodes"),
    ("kubeconfig-token", lambda: f"en el kubeconfig del ci-runner pon token: {pick(string.ascii_lowercase + string.digits, 54)} y el server de staging"),
    ("k8s-secret-data", lambda: f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: mariadb-root\n  namespace: wp-shared\ntype: Opaque\ndata:\n  password: {t64(pw())}"),
    ("k8s-secret-data", lambda: f"kind: Secret\nmetadata:\n  name: hindsight-db\ndata:\n  username: {t64('hindsight')}\n  password: {t64(pw())}"),
    ("k8s-secret-data", lambda: f"kubectl -n hermes create secret generic hindsight-api --from-literal=api-key='{an(40)}'"),
    ("k8s-secret-data", lambda: f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: smtp-relay\nstringData:\n  SMTP_PASSWORD: {pw()}"),
    ("bearer-token", lambda: f"curl -H 'Authorization: Bearer {an(40)}' https://hindsight.wetopi-memory.svc:8080/v1/banks"),
    ("bearer-token", lambda: f"POST /api/v1/retain 401 Unauthorized headers={{Authorization: Bearer {pick(B64U, 48)}}} upstream=hindsight"),
    ("bearer-token", lambda: f"GET /wp-json/wetopi/v1/sites HTTP/1.1\nHost: panel.wetopi.net\nAuthorization: Bearer {an(40)}"),
    ("bearer-token", lambda: f"usa Bearer {an(32)} contra la API del panel, es el token del usuario de soporte"),
    ("root-password", lambda: f"la contraseña de root es {pw()} en todos los Proxmox del rack 2"),
    ("root-password", lambda: f"The root password for pve-07 is {pw()}, I changed it yesterday after the reinstall"),
    ("root-password", lambda: f"usuario root, contraseña {humanpw()} para el iDRAC del servidor nuevo"),
    ("root-password", lambda: f"Te dejo la contraseña de root del MariaDB de staging: {pw()}"),
    ("root-password", lambda: f"pass de root del bastion: {pw()} (no la pegues en el canal general porfa)"),
    ("weak-password", lambda: "the wifi password is hunter2"),
    ("weak-password", lambda: "contraseña: Verano2024!"),
    ("weak-password", lambda: "he puesto la contraseña del grafana de staging a changeme de momento, luego la cambio"),
    ("weak-password", lambda: f"Para el WordPress de pruebas del cliente: usuario admin, password {humanpw()}"),
    ("weak-password", lambda: f"La clave del wifi de invitados de la oficina es {humanpw()}"),
    ("docker-registry-password", lambda: f"docker login registry.wetopi.net -u ci -p {pw()}"),
    ("docker-registry-password", lambda: f"echo '{pw()}' | docker login harbor.wetopi.lan --username robot_ci --password-stdin"),
    ("generic-password", lambda: f"# .env del panel\nAPP_ENV=production\nDB_HOST=10.20.8.21\nDB_PASSWORD={pw()}"),
    ("generic-password", lambda: f"grafana admin password: {pw()}"),
    ("generic-password", lambda: f"wp user update 1 --user_pass='{pw()}' --path=/var/www/html --allow-root"),
]

# ---------------------------------------------------------------- hard negatives (clean)
NEG = [
    ("commit-hash", lambda: f'Revert "bump ingress-nginx to 4.11"\n\nThis reverts commit {hx(40)}.'),
    ("commit-hash", lambda: f"git cherry-pick {hx(7)} && git push origin release/2025.10"),
    ("commit-hash", lambda: f"El fix está en el commit {hx(40)} de infra-gitops, ya sincronizado en Argo"),
    ("commit-hash", lambda: f"Sync Revision:      {hx(40)}\nSync Status:        Synced to main"),
    ("commit-hash", lambda: f"$ git log --oneline -3\n{hx(7)} fix(ceph): raise osd_memory_target\n{hx(7)} chore: bump hindsight chart to 0.9.2\n{hx(7)} docs: velero restore runbook"),
    ("commit-hash", lambda: f"HEAD is now at {hx(7)} feat(hermes): add readiness probe to gateway"),
    ("commit-hash", lambda: f"the regression came in with {hx(12)}, bisect pointed at the php.ini change"),
    ("commit-hash", lambda: f"Merge pull request #412 from wetopi/fix-coredns-forward ({hx(40)})"),
    ("commit-hash", lambda: f"image: ghcr.io/wetopi/hermes-gateway:{hx(7)}"),
    ("commit-hash", lambda: f"ComparisonError: failed to load target state: revision {hx(40)} not found"),
    ("uuid", lambda: f"qm config 412 | grep smbios1\nsmbios1: uuid={uid()}"),
    ("uuid", lambda: f"Request ID {uid()} failed with 502, ¿lo ves en Loki?"),
    ("uuid", lambda: f"pod UID {uid()} was evicted: The node was low on resource: memory"),
    ("uuid", lambda: f"el tenant hermes-acme tiene el id {uid()} en la base de datos del panel"),
    ("uuid", lambda: f"[global]\nfsid = {uid()}\nmon_host = 10.20.40.11,10.20.40.12,10.20.40.13"),
    ("uuid", lambda: f'/dev/sdb1: UUID="{uid()}" BLOCK_SIZE="4096" TYPE="xfs"'),
    ("uuid", lambda: f"Infisical project id: {uid()} (es el workspace de hermes-prod)"),
    ("uuid", lambda: f"el webhook de Stripe con idempotency key {uid()} llegó duplicado y facturamos dos veces"),
    ("uuid", lambda: f"< HTTP/2 502\n< x-request-id: {uid()}\n< server: nginx"),
    ("uuid", lambda: f"the Hindsight bank wetopi-platform has internal id {uid()}"),
    ("image-digest", lambda: f"        image: ghcr.io/wetopi/wp-php83@sha256:{hx(64)}"),
    ("image-digest", lambda: f"latest: Pulling from wetopi/hermes-agent\nDigest: sha256:{hx(64)}\nStatus: Downloaded newer image"),
    ("image-digest", lambda: f"El pod tira de la imagen con digest sha256:{hx(64)}, no del tag, por eso no cogió el fix"),
    ("image-digest", lambda: f"trivy image registry.wetopi.net/hermes/agent@sha256:{hx(64)}: 0 CRITICAL, 2 HIGH"),
    ("image-digest", lambda: f"docker pull bitnami/redis@sha256:{hx(64)}"),
    ("image-digest", lambda: f"imageID: docker.io/library/nginx@sha256:{hx(64)}"),
    ("image-digest", lambda: f"argocd-image-updater: Setting new image to registry.wetopi.net/panel@sha256:{hx(64)}"),
    ("image-digest", lambda: f"cosign verify --key cosign.pub registry.wetopi.net/wp-operator@sha256:{hx(64)}"),
    ("image-digest", lambda: f'        "Id": "sha256:{hx(64)}",'),
    ("image-digest", lambda: f"{hx(12)}: Layer already exists\nsha256:{hx(64)} size: 2412"),
    ("placeholder", lambda: "REDIS_PASSWORD=${REDIS_PASSWORD}"),
    ("placeholder", lambda: "    password: ${DB_PASSWORD}\n    username: ${DB_USER}"),
    ("placeholder", lambda: "        env:\n        - name: HINDSIGHT_TOKEN\n          value: $(HINDSIGHT_TOKEN)"),
    ("placeholder", lambda: "mysql -u root -p\"$MYSQL_ROOT_PASSWORD\" -e 'SELECT 1'"),
    ("placeholder", lambda: "redis-cli -a \"$REDIS_PASS\" --no-auth-warning ping"),
    ("placeholder", lambda: "curl -H \"Authorization: Bearer ${API_TOKEN}\" https://api.hermes.wetopi.net/v1/health"),
    ("placeholder", lambda: "requirepass ${REDIS_REQUIREPASS}"),
    ("placeholder", lambda: "DATABASE_URL=postgres://hermes:${PG_PASSWORD}@pg-main:5432/hermes"),
    ("placeholder", lambda: "argocd login argocd.wetopi.net --username admin --password \"$(kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath='{.data.password}' | base64 -d)\""),
    ("placeholder", lambda: "  bindPW: {{ .Values.ldap.bindPassword }}"),
    ("placeholder", lambda: "    authentication {\n        auth_type PASS\n        auth_pass {{ keepalived_auth_pass }}\n    }"),
    ("placeholder", lambda: "    token: {{ vault_k8s_token }}"),
    ("env-name", lambda: "export REDIS_PASSWORD"),
    ("env-name", lambda: "unset AWS_SECRET_ACCESS_KEY AWS_ACCESS_KEY_ID AWS_SESSION_TOKEN"),
    ("env-name", lambda: "Falta la variable INFISICAL_TOKEN en el entorno del runner, por eso falla el job"),
    ("env-name", lambda: "env | grep -c PASSWORD"),
    ("env-name", lambda: "El chart espera SMTP_PASSWORD y SMTP_USER como variables de entorno, no en el values"),
    ("env-name", lambda: "ERROR: environment variable DD_API_KEY is not set, the agent will not start"),
    ("env-name", lambda: "required secrets for this workflow: GITHUB_TOKEN, DOCKERHUB_TOKEN, SLACK_WEBHOOK_URL"),
    ("env-name", lambda: "printenv MINIO_ROOT_PASSWORD returned nothing inside the pod"),
    ("env-name", lambda: "[[ -z \"$VAULT_TOKEN\" ]] && { echo 'VAULT_TOKEN missing' >&2; exit 1; }"),
    ("env-name", lambda: "  - MYSQL_ROOT_PASSWORD   # lo inyecta el operador de Infisical"),
    ("password-policy", lambda: "Política de contraseñas: mínimo 14 caracteres, una mayúscula, un número y un símbolo; caducan a los 180 días"),
    ("password-policy", lambda: "Password policy for the panel: at least 12 chars, no reuse of the last 5, lockout after 6 failed attempts"),
    ("password-policy", lambda: "Las contraseñas de root de Proxmox se rotan cada 90 días y se guardan solo en Infisical"),
    ("password-policy", lambda: "/etc/security/pwquality.conf: minlen = 14, dcredit = -1, ucredit = -1, ocredit = -1"),
    ("password-policy", lambda: "We never send passwords by email; use the Infisical share link that expires in 24h"),
    ("password-policy", lambda: "Vault tokens have a TTL of 768h and must be renewed by vault-agent before they expire"),
    ("password-policy", lambda: "Los tokens de API del panel caducan a los 30 días y el cliente recibe un aviso 5 días antes"),
    ("password-policy", lambda: "minimum password length for WordPress admins is 16, enforced by our mu-plugin wetopi-hardening"),
    ("plain-word", lambda: "limit_req_zone $binary_remote_addr zone=login:10m rate=20r/s; — token bucket with burst=40"),
    ("plain-word", lambda: "totem {\n  token: 3000\n  consensus: 3600\n}"),
    ("plain-word", lambda: "El secreto del plan Agencia es el soporte, no el precio"),
    ("plain-word", lambda: "forgot-password flow is broken on the panel, the reset email never arrives"),
    ("plain-word", lambda: "secret management lives in Infisical; Argo CD never sees plaintext values"),
    ("plain-word", lambda: "LLM token usage for hermes-acme: 1.2M input tokens, 340k output tokens this month"),
    ("plain-word", lambda: "kubectl get secrets -n hermes --field-selector type=kubernetes.io/tls"),
    ("plain-word", lambda: "the password reset link expired, can you send me a new one?"),
    ("plain-word", lambda: "Token Ring y FDDI ya no los ve nadie, jaja"),
    ("plain-word", lambda: "kubectl -n argocd delete secret argocd-initial-admin-secret"),
    ("secret-ref", lambda: "        env:\n        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: mariadb-root\n              key: password"),
    ("secret-ref", lambda: "        envFrom:\n        - secretRef:\n            name: hermes-env"),
    ("secret-ref", lambda: "apiVersion: secrets.infisical.com/v1alpha1\nkind: InfisicalSecret\nspec:\n  managedSecretReference:\n    secretName: hindsight-db\n    secretNamespace: wetopi-memory"),
    ("secret-ref", lambda: "auth:\n  existingSecret: redis-auth\n  existingSecretPasswordKey: redis-password"),
    ("secret-ref", lambda: "      volumes:\n      - name: tls\n        secret:\n          secretName: wildcard-wetopi-net"),
    ("secret-ref", lambda: "kind: ExternalSecret\nspec:\n  data:\n  - secretKey: smtp-password\n    remoteRef:\n      key: /platform/smtp\n      property: password"),
    ("secret-ref", lambda: "      imagePullSecrets:\n      - name: regcred"),
    ("secret-ref", lambda: "  tls:\n  - hosts:\n    - panel.wetopi.net\n    secretName: panel-tls"),
    ("ssh-public-key", lambda: f"{sshpub_ed()} ana@portatil"),
    ("ssh-public-key", lambda: f"# /home/deploy/.ssh/authorized_keys\n{sshpub_rsa()} deploy@ci"),
    ("ssh-public-key", lambda: f"añade mi clave pública al bastion porfa: {sshpub_ed()} iker@wetopi"),
    ("ssh-public-key", lambda: f"pve-03,10.20.0.13 ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB{pick(B62 + '+/', 88)}="),
    ("ssh-public-key", lambda: f"the public key for the deploy user is {sshpub_ed()} deploy@wetopi-ci"),
    ("ssh-public-key", lambda: f"#cloud-config\nusers:\n  - name: ops\n    ssh_authorized_keys:\n      - {sshpub_ed()} ops@wetopi"),
    ("ssh-public-key", lambda: f"pve-07 {sshpub_ed()}"),
    ("ssh-public-key", lambda: f"Deploy key (read-only) for argocd-repo-server: {sshpub_ed()} argocd"),
    ("fingerprint", lambda: f"The authenticity of host 'pve-04 (10.20.0.14)' can't be established.\nED25519 key fingerprint is SHA256:{fp43()}.\nAre you sure you want to continue connecting (yes/no/[fingerprint])?"),
    ("fingerprint", lambda: f"sha256 Fingerprint={colonhex(32)}"),
    ("fingerprint", lambda: f"la huella SHA-1 del cert de panel.wetopi.net es {colonhex(20)}, compárala con la del navegador"),
    ("fingerprint", lambda: f"256 SHA256:{fp43()} ana@portatil (ED25519)"),
    ("fingerprint", lambda: "GPG key fingerprint: " + " ".join(pick("0123456789ABCDEF", 4) for _ in range(10))),
    ("fingerprint", lambda: f"$ ssh-keygen -lf deploy.pub\n3072 SHA256:{fp43()} deploy@ci (RSA)"),
    ("fingerprint", lambda: f'public-key pin for the panel API: pin-sha256="{b64(rbytes(32))}"'),
    ("fingerprint", lambda: f"MD5 fingerprint of the old host key: {colonhex(16).lower()}"),
    ("checksum", lambda: f"{hx(64)}  rke2.linux-amd64.tar.gz"),
    ("checksum", lambda: f"sha256sum velero-v1.14.0-linux-amd64.tar.gz da {hx(64)}, coincide con el de la release"),
    ("checksum", lambda: f"{hx(32)}  wp_4412.sql.gz"),
    ("checksum", lambda: f"checksum mismatch for hindsight-0.9.2.tgz: expected {hx(64)}, got {hx(64)}"),
    ("checksum", lambda: f"pg 3.1f shard 2 soid 3:f8a1c2:::rbd_data.{hx(12)}:head : candidate had a data_digest 0x{hx(8)} != data_digest 0x{hx(8)} from auth oi"),
    ("checksum", lambda: f'ETag: "{hx(32)}"'),
    ("checksum", lambda: f"crc32c = {hx(8)} for segment 000000010000000A00000042"),
    ("checksum", lambda: f"El hash del backup de la base de datos coincide: sha1 {hx(40)}"),
    ("base64-text", lambda: f"echo {t64('hola mundo')} | base64 -d   # hola mundo"),
    ("base64-text", lambda: f"kind: ConfigMap\nmetadata:\n  name: bastion-motd\nbinaryData:\n  motd: {t64('Bienvenido al bastion de Wetopi. Todo queda registrado.')}"),
    ("base64-text", lambda: f"the annotation value is just base64 of the labels: {t64('managed-by=argocd,team=platform')}"),
    ("base64-text", lambda: f"user-data (base64): {t64('#cloud-config' + chr(10) + 'package_update: true' + chr(10) + 'packages: [qemu-guest-agent]')}"),
    ("base64-text", lambda: f"el campo concepto viene en base64 en el webhook: {t64('Factura pendiente de pago - octubre')}"),
    ("base64-text", lambda: f"X-Wetopi-Trace: {t64('tenant=hermes-acme;region=eu-south;hop=2')}"),
    ("example-placeholder", lambda: "Authorization: Bearer <your-token>"),
    ("example-placeholder", lambda: "export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx   # pon aquí el tuyo"),
    ("example-placeholder", lambda: "En values.yaml deja `adminPassword: <CHANGEME>` como marcador; el valor real lo inyecta Infisical"),
    ("example-placeholder", lambda: "password: REPLACE_ME  # placeholder, never commit the real one"),
    ("example-placeholder", lambda: "INFISICAL_TOKEN=st.<service-token-id>.<key>  (ejemplo de la doc)"),
    ("example-placeholder", lambda: "DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DBNAME"),
    ("example-placeholder", lambda: "AKIAXXXXXXXXXXXXXXXX is just the example key from the AWS docs, don't paste real ones in the ticket"),
    ("example-placeholder", lambda: "The chart's default `changeme` must never reach production: the install job fails if the value is still the placeholder"),
    ("misc-identifier", lambda: f"Rotated the Infisical client secret of machine identity argocd (id {uid()}); the new value is only in Infisical"),
    ("misc-identifier", lambda: "ceph auth get client.rbd-csi   # muestra caps y key, no pegues la salida en el canal"),
    ("misc-identifier", lambda: "Telegram chat id del grupo de guardias: -1001987654321"),
    ("misc-identifier", lambda: f"Slack app ID A07{pick(string.ascii_uppercase + string.digits, 8)}, workspace wetopi.slack.com"),
]

# ---------------------------------------------------------------- ordinary prose (clean)
PROSE = """\
rota el token de Slack mañana, que el de ahora lo ha visto medio equipo
Can you move the 1:1 with Jon to Thursday afternoon?
El cliente de Getxo dice que su web va lenta desde el lunes, ¿lo miras?
I reset my password for the panel and now 2FA asks for a code I never get
he cambiado la contraseña del wifi de la oficina, te la paso por Signal
We should rotate the Proxmox API tokens every quarter, put it in the runbook
La factura de Hetzner de octubre ha llegado con 40 € más de lo normal
Mañana no llego a la daily, tengo médico a las 9
el Ceph está en HEALTH_OK otra vez después de reemplazar el disco de pve-05
Remember that the Argo CD admin password has to be changed after every reinstall
Por favor, no pegues contraseñas en el canal de #general, usa Infisical
The secret for the new staging database is already in Infisical under /platform/staging
Jon is out until Wednesday, so the contract review moves to next week
¿Quién se encarga de renovar el dominio wetopi.es? Caduca en noviembre
Ya he revocado el token de GitHub que se filtró en el log del CI
the backup job finished at 03:12, 412 sites, no errors
Hemos cerrado con Bodegas Arrieta: dos años, precio congelado
I think the ingress timeout is too low for the WooCommerce exports
Le he pedido a soporte que reinicie la contraseña del cliente, dice que no le llega el correo
vale, lo hablamos en la comida
can you send me the slides for the board meeting?
Esta semana toca revisar los permisos de los tokens de servicio de Infisical
The Vault token for CI expires on Friday, someone needs to renew it
el nuevo becario empieza el lunes, hay que darle acceso al GitLab y al panel
Las métricas de Grafana de anoche muestran un pico de CPU a las 02:00 en los workers
I'm taking the car to the garage at lunch, back by 3
¿Te parece si subimos el precio del plan Básico solo a las altas nuevas?
Don't forget to revoke the old kubeconfig for Mikel, he left last week
El certificado wildcard se renueva solo, cert-manager ya lo tiene programado
the client wants a call tomorrow at 11 to discuss the SLA
ya está desplegada la versión 2.4 del panel, avisad si veis algo raro
Password managers for the team: 1Password or Bitwarden? I'd rather self-host Bitwarden
Me han llamado del banco por el TPV, hay que actualizar los datos de facturación
We lost about 7 minutes of traffic when Cloudflare dropped the WAN uplink
He dejado la contraseña nueva del router en el gestor, no me la pidas por aquí
lunch at the Basque place again? I'm in
Hay que cambiar las claves SSH del usuario deploy antes del viernes
Please review my PR on the velero schedules when you have a minute
¿Quién tiene el token de admin del registry? Necesito borrar unas imágenes viejas
the new pricing page goes live on Monday, marketing has the copy
Le he dicho al cliente que nunca nos mande contraseñas por email
I'll be working from the Bilbao office on Tuesday and Thursday this month
La reunión con Digitalia se mueve al jueves a las 12
Rotating the Datadog API key broke the agent on three nodes, fixed now
no encuentro el runbook de restauración de MariaDB, ¿alguien sabe dónde está?
The Hermes beta has 14 customers so far, 6 of them agencies
¿Alguien ha renovado el token de la API de Telegram del bot de alertas? Ha dejado de mandar mensajes
I changed the SMTP password yesterday and updated it in Infisical, the alerts are flowing again
El lunes es festivo en Bizkaia, no hay guardia de oficina
The etcd defrag took 40 seconds per member, no downtime
Dile a Iker que el secreto está en Infisical, que no lo busque en el repo
Can we get the Q3 revenue numbers before Thursday?
la nueva política dice que los tokens personales de GitLab caducan a los 90 días
Backups to the offsite bucket are now encrypted with restic, keys kept in Infisical
me voy a tomar un café, vuelvo en 10
the root password of the old VPS was never rotated, let's do it today and store it in Infisical
Hay que pedir presupuesto a tres proveedores de fibra para la oficina
We agreed to give Hotel Miramar a 10% discount on the renewal
ayer se me olvidó la contraseña del portátil y tuve que pedir a IT que la resetease
The new Ceph nodes arrive next Wednesday, rack space is reserved
¿Podemos quitar el acceso por contraseña al SSH de los Proxmox y dejar solo clave?
Let's use short-lived tokens for the CI runners instead of long-lived ones
El postmortem del DNS está en Notion, echadle un ojo antes del jueves
my flight lands at 19:40, so I'll join the call from the taxi
He actualizado el kubeconfig de todos, el viejo ya no funciona
The Argo CD sync is green again after removing the stale CRD
Ojo que el token de Infisical del CI tiene permisos de escritura, hay que bajarlo a lectura
Marketing wants a case study with Asesoría Goñi, can you ask them?
Nos ha llegado la renovación de la suscripción de Proxmox, son 3.200 € al año
I prefer to keep the passwords of customer sites out of the chat entirely
La migración de los WordPress del plan Esencial empieza el martes por la noche
who's on call this weekend? I swapped with Mikel
¿Dónde guardamos las credenciales del iDRAC? No las veo en Infisical
The support team says three customers couldn't log in after the password reset email change
ponme un recordatorio para revisar el presupuesto de marketing el viernes
The registry garbage collection freed 380 GB last night
El bot de Discord de la comunidad se ha caído, creo que caducó el token
Let's not store API keys in the Hermes agent prompts, ever
Hoy termino antes, a las 15:00 me voy
The new hire needs a laptop, a YubiKey and access to Infisical
el keepalived del LB2 ha vuelto a BACKUP tras el reinicio, todo ok
I told the customer we'd refund the last month, it's only 29 €
La contraseña del Wi-Fi del evento la pone el hotel, pregúntales a ellos
Can you check if the Slack webhook for #alerts-prod still works? Nothing came through today
Hemos firmado el acuerdo de revendedor, la comisión es del 20 % el primer año
The MinIO credentials for velero were rotated, restore tests passed
he pedido pizza para todos, llega a las 14
Who approved the access token for the agency's GitLab runner?
El precio del plan Agencia lo cerramos el lunes con Jon
I'll write the Ceph disk replacement runbook this afternoon
Los del Ayuntamiento quieren la oferta en papel, increíble pero cierto
The LDAP bind account for Grafana needs a new password, the old one expired
¿Me recuerdas el nombre del gestor que nos lleva el IVA?
Let's schedule the RKE2 upgrade for Tuesday night, low traffic window
El técnico de la fibra viene mañana entre las 9 y las 13
my laptop battery is dying, will reply later
Hemos movido la reunión de estrategia a Donosti, nos vemos allí
The Hetzner invoice is paid, they confirmed by email
se ha filtrado un token en un issue público, ya está revocado y rotado
Please add the new customer to the billing sheet before month end
El DNS secundario vuelve a responder, era el firewall del proveedor
Thanks for fixing the htpasswd on the Prometheus ingress so quickly
Quiero que las claves de los clientes no salgan nunca del Infisical
The board deck still has last quarter's churn figure, please update it
¿Qué tal las vacaciones? Te hemos echado de menos en las guardias
The Redis requirepass will be rotated during Saturday's maintenance window
Mañana cambiamos la contraseña del usuario root de todos los nodos, avisad si tenéis sesiones abiertas
I'd like the weekly report in Spanish from now on
Los nuevos portátiles llegan con BitLocker, la clave de recuperación la guarda IT
Cloudflare API token permissions should be limited to DNS edit on our zones
el cliente ha pagado por fin las tres facturas pendientes
Can someone explain why the JWT expiry on the panel is 30 days? Seems long
esta tarde no puedo, tengo tutoría en el cole
Let's put the Ceph keyring rotation on the Q1 platform roadmap
Ha llovido toda la mañana en Bilbao, qué novedad
We need a policy for how long customer API tokens live
El servidor de correo ya rechaza logins con contraseñas débiles
OK, merge it after lunch
Si alguien necesita la contraseña del NAS, que me la pida en persona
The customer asked whether we keep their WordPress admin passwords; we don't, they reset them themselves
""".strip().split("\n")


def main():
    recs = []
    for fam, f in FORMAT:
        recs.append({"text": f(), "label": "secret", "family": fam, "by": "format"})
    for fam, f in CONTEXT:
        recs.append({"text": f(), "label": "secret", "family": fam, "by": "context"})
    for fam, f in NEG:
        recs.append({"text": f(), "label": "clean", "family": fam, "by": "negative"})
    for line in PROSE:
        recs.append({"text": line, "label": "clean", "family": "prose", "by": "prose"})
    RNG.shuffle(recs)
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "test.jsonl")
    with open(out, "w", encoding="utf-8") as fh:
        for i, r in enumerate(recs, 1):
            fh.write(json.dumps({"id": f"st-{i:04d}", **r}, ensure_ascii=False) + "\n")
    print(out, len(recs))


if __name__ == "__main__":
    main()
