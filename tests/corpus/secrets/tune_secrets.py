"""Hand-written contexts of the tune corpus's secrets: (family, by, lines); `{field}` is a generated value."""

from __future__ import annotations

SECRETS: list[tuple[str, str, list[str]]] = [
    ("redis-requirepass", "context", [
        "requirepass {hex20} en el redis de staging, cámbialo cuando migremos",
        "He puesto `requirepass {b62_24}` en /etc/redis/redis.conf y reiniciado el servicio.",
        "[P1] The redis requirepass is {hex20}",
        "redis.conf del cluster de sesiones:\nbind 0.0.0.0\nport 6379\nrequirepass \"{rand}\"\nmaxmemory 2gb",
        "CONFIG SET requirepass {pw} -- lo hice en caliente, no toques el fichero todavía",
        "masterauth {hex20} tiene que coincidir con el requirepass del primario",
    ]),
    ("redis-cli", "context", [
        "redis-cli -h 10.0.3.14 -p 6379 -a {hex20} info replication",
        "Para vaciar la cola: redis-cli -a '{rand}' -n 2 FLUSHDB (ojo, producción)",
        "I checked memory with `redis-cli -a {b62_24} --no-auth-warning info memory` and we are at 71%.",
        "redis-cli --user worker --pass {pw} ping devolvió PONG",
        "AUTH {b62_24} y luego KEYS sess:* para ver las sesiones colgadas",
    ]),
    ("mysql-password", "context", [
        "mysql -u root -p'{pw}' -h db.bodega.internal shop_prod",
        "Entra con mysql -uadmin -p{rand} tienda y mira la tabla wp_options",
        "mysqldump -u backup --password='{pw}' --single-transaction shop > /backup/shop.sql",
        "The cron runs `mysqladmin -u monitor -p{human} status` every minute; switch it to a .my.cnf file.",
        "En el .my.cnf del servidor: [client] user=backup password={rand}",
        "mariadb -h 127.0.0.1 -u wp -p\"{human}\" wordpress < fix-siteurl.sql",
    ]),
    ("htpasswd", "format", [
        "Línea del .htpasswd de grafana: {htpasswd}",
        "Add this to /etc/nginx/.htpasswd so Bruno can see the staging site:\n{htpasswd}",
        "basic auth del ingress (auth secret): {htpasswd}",
        "cat /etc/apache2/.htpasswd\n{htpasswd}\n{htpasswd}",
        "El ingress de Prometheus usa este usuario: {htpasswd}",
    ]),
    ("ceph-keyring", "format", [
        "[client.admin]\n\tkey = {ceph}\n\tcaps mds = \"allow *\"\n\tcaps mon = \"allow *\"",
        "La key del cliente rbd es {ceph}, la saqué con ceph auth get-key client.rbd",
        "ceph.client.k8s.keyring -> key = {ceph}",
        "For the CSI secret use userKey: {ceph} and userID: k8s",
        "mount -t ceph 10.0.0.5:6789:/ /mnt/cephfs -o name=admin,secret={ceph}",
    ]),
    ("argocd-admin", "context", [
        "La contraseña inicial de admin de Argo CD es {b62_16}, la cambiamos mañana",
        "argocd admin initial-password -n argocd\n{b62_16}\n\n This password must be only used for first time login.",
        "argocd login argocd.wetopi.com --username admin --password {b62_16} --grpc-web",
        "Argo CD admin password: {b62_16} (rotate after the demo)",
        "el password de admin de argocd quedó en {rand}",
    ]),
    ("vault-token", "format", [
        "export VAULT_TOKEN={hvs}",
        "Vault me devolvió el token {hvs} con TTL de 768h",
        "vault login {hvs}",
        "Use this root token only for the unseal ceremony: {hvs}",
        "X-Vault-Token: {hvs}",
    ]),
    ("keepalived-auth-pass", "context", [
        "vrrp_instance VI_1 {{\n    state MASTER\n    interface eth0\n    virtual_router_id 51\n    authentication {{\n"
        "        auth_type PASS\n        auth_pass {short8}\n    }}\n}}",
        "En keepalived.conf de los dos balanceadores: auth_pass {short8}",
        "The VRRP auth_pass is {short8}, it must match on lb-01 and lb-02.",
        "auth_pass {short8}  # mismo valor en ambos nodos",
        "He cambiado el auth_pass a {short8} tras el incidente de split brain",
    ]),
    ("ldap-bindpw", "context", [
        "sssd.conf: ldap_default_bind_dn = cn=sssd,dc=wetopi,dc=com\nldap_default_authtok = {rand}",
        "nslcd.conf -> binddn cn=reader,dc=wetopi,dc=com\nbindpw {pw}",
        "bindPW {rand} en el /etc/ldap.conf del bastión",
        "ldapsearch -x -H ldaps://ldap.wetopi.com -D 'cn=admin,dc=wetopi,dc=com' -w {pw} '(uid=ana)'",
        "Grafana ldap.toml: bind_dn = \"cn=grafana,ou=svc,dc=wetopi,dc=com\"\nbind_password = '{rand}'",
        "The LDAP bindPW for the GitLab integration is {human}",
    ]),
    ("smtp-password", "context", [
        "SMTP del cliente: smtp.ionos.es:587, usuario avisos@bodegaverde.es, contraseña {human}",
        "alertmanager.yml:\nglobal:\n  smtp_smarthost: smtp.sendgrid.net:587\n  smtp_auth_username: apikey\n"
        "  smtp_auth_password: {rand}",
        "MAIL_PASSWORD={rand}",
        "spring.mail.password={pw}",
        "WordPress WP Mail SMTP: the SMTP password is {human}, host mail.dentalia.es",
        "En Postfix: [smtp.gmail.com]:587 avisos@wetopi.com:{rand} en sasl_passwd",
    ]),
    ("minio-secret", "context", [
        "mc alias set wetopi https://s3.wetopi.com {minio_access} {b62_40}",
        "MINIO_ROOT_USER=admin\nMINIO_ROOT_PASSWORD={rand}",
        "La secret key de MinIO para velero es {b62_40}",
        "velero credentials-velero:\n[default]\naws_access_key_id = {minio_access}\naws_secret_access_key = {b62_40}",
        "MinIO console login: admin / {human}",
    ]),
    ("docker-credentials", "format", [
        "docker login -u wetopibot -p {dckr} docker.io",
        "El token de Docker Hub del CI es {dckr}",
        "DOCKERHUB_TOKEN={dckr}",
    ]),
    ("docker-credentials", "context", [
        "~/.docker/config.json:\n{{\"auths\": {{\"registry.wetopi.com\": {{\"auth\": \"{docker_auth}\"}}}}}}",
        "docker login registry.wetopi.com -u deploy --password {rand}",
        "echo '{rand}' | docker login ghcr.io -u wetopi --password-stdin",
    ]),
    ("datadog-key", "context", [
        "DD_API_KEY={hex32}",
        "helm upgrade datadog datadog/datadog --set datadog.apiKey={hex32} --set datadog.appKey={hex40}",
        "La API key de Datadog del cliente es {hex32}",
        "datadog.yaml:\napi_key: {hex32}\nsite: datadoghq.eu",
        "curl -X GET https://api.datadoghq.eu/api/v1/validate -H \"DD-API-KEY: {hex32}\" -H \"DD-APPLICATION-KEY: {hex40}\"",
    ]),
    ("infisical-service-token", "format", [
        "INFISICAL_TOKEN={infisical_st}",
        "El service token de Infisical para staging es {infisical_st}",
        "infisical export --env=prod --token={infisical_st} > .env",
        "Remember: the CI uses {infisical_st} to pull secrets",
    ]),
    ("infisical-client-secret", "context", [
        "INFISICAL_UNIVERSAL_AUTH_CLIENT_ID={uuid}\nINFISICAL_UNIVERSAL_AUTH_CLIENT_SECRET={hex64}",
        "infisical login --method=universal-auth --client-id={uuid} --client-secret={hex64}",
        "El client secret de la machine identity de Argo es {hex64}",
        "clientSecret: {hex64}",
    ]),
    ("database-url", "context", [
        "DATABASE_URL=postgres://shop:{rand}@db.shop.svc:5432/shop?sslmode=require",
        "La cadena de conexión es mysql://wp:{human}@10.0.2.8:3306/wordpress",
        "mongodb+srv://analytics:{b62_24}@cluster0.x7k2p.mongodb.net/events",
        "redis://:{hex20}@redis-master.cache.svc:6379/0",
        "Connect with psql \"postgresql://postgres:{pw}@127.0.0.1:5433/hindsight\" and run the migration",
        "amqp://orders:{rand}@rabbitmq.ops.svc:5672/%2f",
    ]),
    ("kubeconfig", "format", [
        "users:\n- name: admin@prod\n  user:\n    client-certificate-data: {cert_data}\n    client-key-data: {kube_key}",
        "client-key-data: {kube_key}",
    ]),
    ("kubeconfig", "context", [
        "users:\n- name: ci-deployer\n  user:\n    token: {b62_40}",
        "kubectl --server=https://10.0.0.10:6443 --token={b62_40} get pods -A",
        "kubeadm join 10.0.0.10:6443 --token {bootstrap} --discovery-token-ca-cert-hash sha256:{sha256}",
        "El token del service account de argocd-image-updater: {jwt}",
    ]),
    ("k8s-secret-yaml", "context", [
        "{k8s_secret}",
        "Aplica esto y reinicia el deployment:\n---\n{k8s_secret}",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: infisical-auth\ntype: Opaque\nstringData:\n"
        "  clientSecret: {hex64}\n",
    ]),
    ("aws-keys", "format", [
        "aws configure set aws_access_key_id {aws_id}",
        "Las keys de backup: {aws_id} / {aws_secret}",
    ]),
    ("aws-keys", "context", [
        "[default]\naws_secret_access_key = {aws_secret}\nregion = eu-west-1",
        "AWS_SECRET_ACCESS_KEY={aws_secret}",
        "the secret access key for the SES user is {aws_secret}",
    ]),
    ("gcp-keys", "format", [
        "GOOGLE_MAPS_API_KEY={gcp_key}",
        "{{\"type\": \"service_account\", \"project_id\": \"wetopi-prod\", \"private_key_id\": \"{hex40}\", "
        "\"private_key\": \"-----BEGIN PRIVATE KEY-----\\n{b62_40}{b62_40}{b62_40}\\n{b62_40}{b62_40}\\n"
        "-----END PRIVATE KEY-----\\n\"}}",
        "La API key de Google del formulario de contacto: {gcp_key}",
    ]),
    ("azure-keys", "context", [
        "DefaultEndpointsProtocol=https;AccountName=wetopibackups;AccountKey={azure_account_key};EndpointSuffix=core.windows.net",
        "AZURE_STORAGE_KEY={azure_account_key}",
    ]),
    ("azure-keys", "format", [
        "AZURE_CLIENT_SECRET={azure_client_secret}",
        "El client secret de la app registration de Entra es {azure_client_secret}",
    ]),
    ("telegram-bot-token", "format", [
        "TELEGRAM_BOT_TOKEN={telegram}",
        "El bot de alertas usa {telegram}",
        "curl https://api.telegram.org/bot{telegram}/getUpdates",
    ]),
    ("slack-token", "format", [
        "SLACK_BOT_TOKEN={slack}",
        "Slack token for the release bot: {slack}",
        "el token de usuario de slack {slack_user} tiene scope admin, hay que revocarlo",
    ]),
    ("discord-bot-token", "format", [
        "DISCORD_TOKEN={discord}",
        "The Discord bot token is {discord}",
    ]),
    ("github-token", "format", [
        "git clone https://{ghp}@github.com/wetopi/infra.git",
        "GH_TOKEN={github_pat}",
        "El PAT de GitHub para renovate: {ghp}",
    ]),
    ("gitlab-token", "format", [
        "GITLAB_TOKEN={glpat}",
        "curl --header \"PRIVATE-TOKEN: {glpat}\" https://gitlab.wetopi.com/api/v4/projects",
        "Token de GitLab del runner de Bodega: {glpat}",
    ]),
    ("jwt", "format", [
        "Authorization: Bearer {jwt}",
        "El access token que devuelve Keycloak: {jwt}",
        "cookie session={jwt}; Path=/; HttpOnly",
    ]),
    ("private-key", "format", [
        "{pem_rsa}",
        "La clave privada del certificado de la tienda:\n{pem_pkcs8}",
        "Deploy key for the infra repo:\n{pem_ssh}",
        "tls.key: |\n  {pem_ec}",
    ]),
    ("proxmox-api-token", "format", [
        "curl -k -H 'Authorization: PVEAPIToken=terraform@pve!tf={uuid}' https://pve01:8006/api2/json/nodes",
        "PVEAPIToken=root@pam!monitoring={uuid}",
        "El token de Proxmox para packer es PVEAPIToken=packer@pve!build={uuid}",
    ]),
    ("proxmox-api-token", "context", [
        "provider \"proxmox\" {{\n  pm_api_url          = \"https://pve01:8006/api2/json\"\n"
        "  pm_api_token_id     = \"terraform@pve!tf\"\n  pm_api_token_secret = \"{uuid}\"\n}}",
        "pveum user token add terraform@pve tf devolvió value {uuid}, guárdalo en Infisical",
    ]),
    ("root-password-prose", "context", [
        "la contraseña de root es {human}",
        "La contraseña de root del Proxmox es {human}",
        "Apunta: usuario root, contraseña {human}, en el servidor de Bodega Verde",
        "root password for the old VPS: {rand}",
        "La clave de root del NAS es {human}, no la compartas",
        "el password de root de la base de datos es {human}",
        "Te dejo la contraseña del WordPress de Dentalia: {human}",
        "pass del FTP de Cafetería Luna -> {human}",
    ]),
    ("weak-password-prose", "context", [
        "password hunter2",
        "my password is {weak}",
        "la contraseña es {weak}",
        "user ana password {weak}",
        "el wifi de la oficina: contraseña {weak}",
        "Login for the staging admin: ana / {weak}",
    ]),
    ("bearer-header", "context", [
        "curl -H \"Authorization: Bearer {b62_40}\" https://api.wetopi.com/v1/sites",
        "Authorization: Bearer {hex40}",
        "Añade la cabecera Bearer {b62_40} en Postman para probar",
        "headers = {{\"Authorization\": \"Bearer {b62_40}\"}}",
    ]),
    ("api-token-prose", "context", [
        "token: {b62_40}",
        "El token de la API de Hetzner es {b62_40}",
        "Cloudflare API token: {b62_40}",
        "secret: {b62_24}",
        "the webhook secret is {hex32}",
    ]),
]
