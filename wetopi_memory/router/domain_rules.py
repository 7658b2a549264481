"""Broad real-world lexicons of the platform and business scopes (design §8), as plain data.

`default_rules.py` holds the core terms; this table widens them from domain knowledge, not from any corpus: the
infrastructure tools, services, file systems, protocols and error words an operations team types, and the words
of sales, finance, accounting, legal, HR and partnerships in Spanish and English. Weights mean what they mean
there: a named tool or service is an anchor (STRONG); an error word or a common verb of money is ambiguous
(MEDIUM, it needs another term of its scope); a generic word only corroborates (WEAK). Terms already listed in
`default_rules.py` are not repeated (a term in two rules of one scope would count twice).
"""

from __future__ import annotations

from .default_rules import MEDIUM, STRONG, WEAK, DefaultRule

DOMAIN_RULES: tuple[DefaultRule, ...] = (
    # ---------------------------------------------------------------- platform
    DefaultRule(
        "platform", "platform.services", STRONG,
        keywords=(
            # storage, backup, file systems, disks
            "longhorn", "openebs", "glusterfs", "restic", "borgbackup", "rclone", "backblaze",
            "pgbackrest", "barman", "wal-g", "lvm", "mdadm", "ext4", "xfs", "btrfs", "inode", "inodes", "fsck",
            "smartctl", "nvme", "iops", "sectores reasignados", "reallocated sectors", "disco lleno", "disk full",
            "no space left", "sin espacio en disco", "read-only file system", "iowait", "io wait", "noisy neighbour",
            "noisy neighbor",
            # node maintenance
            "cordon", "uncordon", "drain the node", "drenar el nodo", "drain de los nodos",
            # registries, images, supply chain, security tooling
            "container registry", "docker registry", "ghcr", "dockerfile", "docker compose",
            "docker-compose", "podman", "buildkit", "kaniko", "base image", "imagen base", "image digest", "trivy",
            "grype", "cve", "cves", "falco", "kyverno", "gatekeeper", "crowdsec", "wazuh", "modsecurity", "waf",
            "ddos", "vault", "sops", "sealed secrets", "external secrets", "selinux", "apparmor", "seccomp",
            # secret and code scanners, a WAF's rule set, mutual TLS, provisioning, a compromised system
            "gitleaks", "trufflehog", "secret scanning", "semgrep", "snyk", "codeql", "sast", "dast", "owasp",
            "core rule set", "mtls", "mutual tls", "provisioning", "aprovisionamiento", "compromised", "hacked",
            "hackeado", "hackeada",
            # identity and access of systems
            "keycloak", "ldap", "openldap", "freeipa", "active directory", "oidc", "oauth", "saml", "sso",
            "serviceaccount", "service account", "clusterrole", "rolebinding", "networkpolicy", "network policy",
            "authorized_keys", "known_hosts", "claves ssh", "llaves ssh", "ssh keys", "sudo", "sudoers",
            # observability, alerting, on-call
            "sentry", "compactor", "querier", "victoriametrics", "victoria metrics", "promtail", "fluentd",
            "fluent bit",
            "fluentbit", "logstash", "kibana", "graylog", "zabbix", "nagios", "icinga", "netdata", "uptime kuma",
            "uptimerobot", "pagerduty", "opsgenie", "statuspage", "blackbox exporter", "alert rule", "slo", "slos",
            "sli", "mttr", "rpo", "rto", "disaster recovery", "high availability", "alta disponibilidad",
            "tracing", "trazas",
            # ci/cd, source control, release
            "gitlab", "github", "gitea", "forgejo", "jenkins", "tekton", "drone ci", "argo workflows",
            "fluxcd", "dependabot", "webhook", "webhooks", "pull request", "merge request", "git", "repo",
            "repositorio", "hotfix", "blue-green", "blue green", "release pipeline",
            # web and app servers, runtimes, CMS hosting
            "apache", "httpd", "lighttpd", "gunicorn", "uwsgi", "nodejs", "node.js", "pm2", "wp-cli",
            "wp-cron", "plugin update", "php.ini", "htaccess", ".htaccess", "ttfb", "core web vitals", "pagespeed",
            "cors", "websocket", "websockets", "grpc", "rate limit", "rate limiting", "api key rotation",
            # databases and queues
            "pg_stat_activity", "vacuum", "deadlock", "deadlocks", "replication lag", "patroni", "cloudnativepg",
            "cnpg", "mongodb", "clickhouse", "sqlite", "mosquitto", "mqtt",
            "servicemonitor", "podmonitor", "prometheusrule", "label selector", "proxy-body-size", "proxy body size",
            "client_max_body_size",
            "sidekiq", "connection pool", "pool de conexiones", "idle connections", "unassigned shards", "slow log",
            "binlog", "binlogs", "primary key", "systemctl", "journalctl", "dmesg", "crontab", "cgroup", "cgroups",
            "ulimit", "kernel panic", "segfault", "core dump", "oom killer", "load average", "vcpu", "vcpus", "ipmi",
            "idrac", "ilo", "bmc", "bios", "firmware", "uefi", "pxe", "bare metal", "rack", "mtu", "arp",
            "dhcp", "traceroute", "packet loss", "pérdida de paquetes", "ipv6", "ipv4", "reverse proxy",
            "proxy inverso", "tcp", "udp", "ntp", "chrony", "apt", "dnf", "yum",
            # clouds
            "aws", "ec2", "eks", "gke", "aks", "gcp", "google cloud", "digitalocean", "linode", "scaleway",
            "vultr", "route53", "route 53", "cloudfront", "rds", "security group", "vpc", "pulumi", "opentofu",
            "crossplane", "cloud-init",
            # domains and name service
            "registrar", "nameserver", "nameservers", "powerdns", "pdns", "unbound", "whois", "dnssec",
            "dns propagation", "propagación dns", "ns record", "registro ns", "sev1", "sev2", "sev 1", "sev 2",
            # errors by their codes
            "error 500", "500 errors", "errores 500", "http 500", "401 unauthorized", "403 forbidden", "429", "499",
            "too many requests", "connection refused", "conexión rechazada", "permission denied", "permiso denegado",
            "tls handshake", "x509", "stack trace", "traceback",
            # runtime settings of hosted sites, restores
            "seconds_behind_master", "seconds behind master", "mariabackup", "reseed", "noout", "pdu", "pdus",
            "restore test", "restore tests", "restore drill", "tests de restauración", "test de restauración",
            "pruebas de restauración", "prueba de restauración", "simulacro de restauración",
            "memory_limit", "upload_max_filesize", "post_max_size", "max_execution_time", "values.yaml",
            "helm values", "restore", "pbs", "proxmox backup server",
            # WordPress operations (WP-CLI, PHP fatals, the options table) and code-quality tooling of our repos
            "wp search-replace", "search-replace", "wp transient", "wp db", "wp option", "wp_options", "wp cron",
            "wp rewrite", "wp core", "wp plugin", "wp_postmeta", "allowed memory size", "memory size exhausted",
            "php fatal error", "phpstan", "psalm", "phpcs", "sonarcloud", "sonarqube", "code smells", "playwright",
            "lighthouse ci", "action scheduler", "actionscheduler",
            # storage moves: a cluster's data moved to new disks or pools, the Ceph settings and volume errors,
            # and the compatibility matrix of what runs on which version
            "cutover", "backfill", "backfilling", "multi-attach", "min_size", "pg_num", "placement group",
            "crush map", "crush rule", "storage pool", "storage migration", "migración de storage",
            "migración del storage", "migración de almacenamiento", "migration job", "migration window",
            "compat matrix", "compatibility matrix", "matriz de compatibilidad",
            # the work of moving systems in batches and windows, not the migration service a customer buys
            "migration batch", "lote de migración", "lotes de migración", "lote de la migración",
            "lotes de la migración", "job de migración", "jobs de migración", "ventana de migración",
        ),
    ),
    DefaultRule(
        "platform", "platform.ambiguous_more", MEDIUM,   # tool names with an everyday sense, error and system words
        keywords=(
            "traces", "harbor", "quay", "thanos", "mimir", "caddy", "celery", "nats", "cassandra", "mongo",
            "parche", "parches",   # a plugin's or a system's patch ("la tanda 2 del parche"); a knee's is a sense
            "woodpecker", "renovate", "canary", "azure", "packer", "vagrant", "grub", "rook", "borg",
            "dig", "propagation", "propagación", "switch", "switches", "router", "routers", "ping", "commit",
            "branch", "rama", "heap", "handshake", "runner", "runners", "ubuntu", "debian", "rocky linux", "almalinux",
            "centos", "alpine", "woocommerce", "composer", "conexiones", "índice", "indices", "guardia", "de guardia",
            "solo lectura", "unreachable", "inaccesible", "no responde", "not responding", "se cuelga", "colgado",
            "hangs", "stuck", "atascado", "atascada", "degraded", "degradado", "degradada", "sealed", "crash",
            "crashes", "crashing", "reboot", "reinicio del nodo", "exception", "excepción", "errores", "errors",
            "failing", "fallando", "falla", "failed", "fallido", "unauthorized", "forbidden", "401", "403", "404",
            "500", "spike", "pico", "saturated", "saturado", "shard", "queue", "cola", "worker", "workers",
            "scheduler", "daemon", "service", "servicio", "daemons", "instance", "instancia", "registry", "imagen",
            "image", "tag", "version", "versión", "release", "config", "configuración", "query", "consulta lenta",
            "index", "registro a", "registro cname", "registro mx", "a record", "cname", "mx record", "txt record",
            "maintenance window", "ventana de mantenimiento", "purge", "stale", "api", "change freeze", "code freeze",
            "congelación de cambios", "freeze de cambios",
            "restaurar", "restauración",
            "root cause", "root causes", "causa raíz", "firing", "alert fired",
            "salta la alerta", "saltó la alerta", "wildcard",
            "xdebug", "multisite", "redirect loop", "bucle de redirecciones", "auto-renew",
            # malware on hosted sites
            "malware", "nulled", "escáner de malware", "malware scanner", "backdoor", "webshell",
            # a symptom dated from a migration: the move of systems as the event that changed them
            "desde la migración", "tras la migración", "since the migration", "after the migration",
            # a pool of storage, nodes or addresses; a runtime's deprecation notices
            "pool", "deprecated", "deprecation", "deprecations",
            # credentials a system hands out, and a WAF's rule set and what it blocks by mistake
            "token", "crs", "false positive", "false positives", "falso positivo", "falsos positivos",
        ),
    ),
    # ---------------------------------------------------------------- business
    DefaultRule(
        "business", "business.finance", STRONG,
        keywords=(
            # money in and out
            "cash flow", "flujo de caja", "credit line", "línea de crédito", "burn rate", "ebitda", "profit and loss",
            "cuenta de resultados", "balance de situación", "cierre contable", "accounts receivable",
            "accounts payable", "cuentas por cobrar", "cobros pendientes", "overdue invoice", "factura vencida",
            "factura rectificativa", "rectificativa", "albarán", "domiciliación", "direct debit", "payout", "payouts",
            "chargeback", "chargebacks", "setup fee", "honorarios", "hourly rate", "precio por hora", "horas extra",
            "horas facturables", "billable hours", "retainer", "iguala", "installments", "instalments", "irpf",
            "modelo 303", "modelo 111", "aeat", "declaración trimestral", "autónomo", "autónomos", "freelance",
            "contractor", "contractors", "quarterly report", "informe trimestral", "board meeting", "board report",
            "board deck", "junta de accionistas", "shareholders", "accionistas", "dividend", "dividendos",
            "valuation", "valoración de la empresa", "cap table", "kit digital", "facturamos", "facturan", "facturó",
            "facturado", "facturada", "facturando", "cobrado", "cobrando", "cobraron", "pagamos", "pagado", "pagada",
            "pagaron", "purchase order", "orden de compra", "pedido de compra", "cost center", "centro de coste",
            "opex", "capex", "profit margin", "unit economics", "break-even", "punto de equilibrio", "forecasting",
            "budgeting",
        ),
    ),
    DefaultRule(
        "business", "business.sales_marketing", STRONG,
        keywords=(
            "customer survey", "encuesta de clientes", "encuesta a clientes", "toda la marca", "nuestra marca",
            "free migration", "free migrations", "migración gratis", "migraciones gratis", "migración gratuita",
            "migraciones gratuitas",
            "client", "clientela", "cartera de clientes", "customer base", "customer success", "account manager",
            "account executive", "salesperson", "comercial nuevo", "nuevo comercial", "sdr", "cold email",
            "cold call", "outreach", "prospecting", "prospección", "lead generation", "captación", "sales call",
            "llamada comercial", "demo call", "free trial", "prueba gratuita", "periodo de prueba", "trial period",
            "free month", "mes gratis", "conversion rate", "tasa de conversión", "funnel", "embudo",
            "email marketing", "google ads", "meta ads", "linkedin ads", "press release", "nota de prensa",
            "trade show", "case study", "caso de éxito", "fidelización", "customer satisfaction",
            "satisfacción del cliente", "vendimos", "vendido", "vendemos", "mayorista", "minorista", "price list",
            "lista de precios", "tarifario", "price increase", "subida de precios", "subir precios", "bajar precios",
            "price change", "annual plan", "plan anual", "monthly plan", "plan mensual", "starter plan", "pro plan",
            "enterprise plan", "managed plan", "plan gestionado", "hosting plan", "hosting plans",
            "planes de hosting", "trustpilot", "google reviews", "reseñas de google", "online reviews",
            # the company's mailings and their reach; people applying for a job
            "open rate", "click rate", "tasa de apertura", "email sequence", "secuencia de emails",
            "secuencia de correos", "drip campaign", "onboarding emails", "welcome email", "applicants",
            "applicant",
        ),
    ),
    DefaultRule(
        "business", "business.legal_people", STRONG,
        keywords=(
            "compensación", "compensation", "compensar", "compensarles", "compensamos", "compensarle", "compensado",
            "tos", "penalización", "penalizaciones", "penalty",
            "penalties", "service credit", "service credits", "offer letter", "carta de oferta", "clienta",
            "devolver el dinero", "devuélvele el dinero", "devolverle el dinero", "money back", "gdpr request",
            "dsar", "data subject request", "solicitud rgpd", "iso 27001", "iso 9001", "paid plan",
            "paying customers", "clientes de pago", "churned", "churning", "el partner", "del partner", "al partner",
            "con el partner", "partners", "nuestro partner", "our partner", "our partners", "los partners",
            "nuestros partners",
            "cláusula", "cláusulas", "jurisdiction", "jurisdicción", "indemnity", "lawsuit", "litigation",
            "litigio", "demanda judicial", "trademark", "marca registrada", "patent", "patente", "privacy policy",
            "política de privacidad", "cookie policy", "política de cookies", "aviso legal", "legal notice",
            "terms and conditions", "términos y condiciones", "msa", "statement of work", "sow",
            "master services agreement", "acuerdo de colaboración", "acuerdo de nivel de servicio", "lopd", "lopdgdd",
            "compliance audit", "notario", "notary", "escrituras", "registro mercantil", "sociedad limitada",
            "partner program", "programa de partners", "partnership", "alianza", "joint venture", "letter of intent",
            "carta de intenciones", "renegotiate", "renegociar", "renegociamos", "renegotiating", "negotiation",
            "negociación", "negociar",
            "close the deal", "cerrar el trato", "rfp", "rfq", "pliego", "pliegos", "public sector", "sector público",
            "rrhh", "recursos humanos", "human resources", "contratación", "recruiting", "recruiter", "headhunter",
            "job description", "descripción del puesto", "oferta de trabajo", "job offer letter", "offboarding",
            "layoff", "layoffs", "convenio colectivo", "collective agreement", "performance review",
            "evaluación de desempeño", "bonificación", "equity grant", "employee benefits", "beneficios sociales",
            "vacation policy", "holiday policy", "política de vacaciones", "nueva incorporación",
            "new joiner", "new starter", "vacaciones del equipo", "team holidays",
            "team vacation", "team's holidays", "team's vacation", "teletrabajo policy", "plan de carrera",
            "career plan", "pay rise", "subida de sueldo", "aumento de sueldo", "contrato de trabajo",
            "employment contract",
            # the company's premises, insurance and accounts
            "alquiler de la oficina", "office rent", "office lease", "insurance broker", "corredor de seguros",
            "corredora de seguros", "seguro de ciberriesgo", "cyber insurance", "seguro de responsabilidad civil",
            "liability insurance", "cuenta de empresa", "company account", "business account",
            "cuenta de la empresa",
            # suppliers named in the feminine, invoices sent, equipment leased
            "proveedora", "invoiced", "renting", "leasing", "empresa de limpieza", "cleaning company",
            # the person the company deals with at a customer or supplier
            "our contact at", "our contact person", "nuestro contacto en", "nuestra contacto en",
            "nuestro interlocutor",
            # the company's phone lines, a contract with a carrier
            "móvil de empresa", "móviles de empresa", "línea de empresa", "teléfono de empresa", "company phone",
            "company phones", "company mobile",
        ),
    ),
    DefaultRule(
        "business", "business.ambiguous_more", MEDIUM,
        keywords=(
            "clause", "dispute", "disputes", "disputed", "disputa", "disputas",
            "auditoría", "audit", "trial", "trials", "converted", "convertido", "convertidos", "convertir",
            "conversion", "firme", "firmen", "promotion", "promo", "promos", "promoción", "promociones", "ascenso",
            "receipt", "receipts", "recibo", "recibos",
            "tax", "taxes", "impuesto", "impuestos", "deposit", "loan", "préstamo", "fee", "fees", "staff", "bonus",
            "bonuses", "funding", "financiación", "equity", "finiquito", "despido", "despedir", "hacienda", "intern",
            "interns", "becario", "becaria", "paypal", "bizum", "anticipo", "down payment", "employee", "employees",
            "empleado", "empleados", "empleada", "quejas", "complaint", "complaints", "reclamación", "reclamaciones",
            "loyalty", "referral", "anuncios", "mailing", "sold", "buyer", "comprador", "compradores", "retail",
            "wholesale", "headcount", "dismissal", "severance", "indemnización", "sick leave", "baja médica",
            "stock options", "runway", "liquidez", "liquidity", "treasury", "tesorería", "balance sheet",
            "accounting", "contabilidad", "bookkeeping", "procurement", "deadline", "branding", "rebrand",
            "sponsorship", "patrocinio", "testimonial", "testimonios", "referidos", "nps", "tax return", "subvención",
            "credit", "crédito", "plazo", "firmar", "firmado", "cuentas", "demanda", "mantenimiento mensual",
            "estimate", "presupuestar", "board", "banco", "bank", "colaboración", "collaboration", "sponsor",
            "ayuntamiento", "city council", "university", "universidad", "inmobiliaria", "clínica", "hotel",
            "restaurant", "tienda online", "online store", "proposal", "offered", "ofrecimos",
            # the sales pipeline: deals signed, demos, pitches, fairs, seats of a subscription
            "signed", "firmaron", "ha firmado", "han firmado", "demo", "demos", "pitch", "linkedin", "feria",
            "trade fair", "seats", "went cold",
            # social media of the company: its channels, posts and reach
            "instagram", "hashtag", "hashtags", "engagement", "sponsoring", "patrocinar", "patrocinamos",
            # marketing and sales software, and the suppliers of marketing content
            "mailchimp", "brevo", "sendinblue", "semrush", "ahrefs", "hootsuite", "metricool", "pipedrive",
            "salesforce", "fotógrafo", "fotógrafa", "photographer", "copywriter",
            # the company's events: talks, stands and meetups it hosts or attends
            "keynote", "booth", "meetup", "ponencia",
            # a customer's compliance or security questionnaire
            "questionnaire", "cuestionario",
        ),
    ),
    DefaultRule(   # what the company told, promised or offered someone: its word given to a customer or partner
        "business", "business.word_given", STRONG,
        phrases=("what we told", "what we promised", "what we offered", "we promised", "le dijimos a", "les dijimos a",
                 "le prometimos", "les prometimos", "le ofrecimos", "les ofrecimos", "le contestamos a",
                 "les contestamos a", "le respondimos a", "les respondimos a"),
    ),
    DefaultRule(   # a memory named by its scope: "¿qué hay en la de negocio?", "search the platform memory"
        "business", "business.named_memory", STRONG,
        phrases=("memoria de negocio", "memoria del negocio", "la de negocio", "business memory", "business bank",
                 "memoria de empresa", "memoria de la empresa"),
    ),
    DefaultRule(
        "platform", "platform.named_memory", STRONG,
        phrases=("memoria de plataforma", "memoria de la plataforma", "la de plataforma", "platform memory",
                 "platform bank"),
    ),
    DefaultRule(   # a piece of marketing content (`roles.CONTENT_FRAMES`)
        "business", "business.content", MEDIUM,
        keywords=("landing", "anuncio", "headline", "titular", "tagline", "eslogan", "slogan", "alt text", "youtube",
                  "blog post", "post del blog", "landing page", "ad copy", "tweet", "tweets", "carrusel",
                  "carousel"),
    ),
    DefaultRule(   # a question whether a claim is true of the platform (`roles.FACT_CHECKS`)
        "platform", "platform.fact_check", WEAK,
        keywords=("is it true", "es verdad", "es cierto", "check with platform", "technically", "técnicamente",
                  "without lying", "sin mentir",
                  # whether a promised feature is really delivered: "¿y si de verdad los estamos haciendo?"
                  "de verdad los", "de verdad lo", "de verdad la", "de verdad las", "are we actually",
                  "are we really", "do we actually", "do we really"),
    ),
    DefaultRule(
        "business", "business.weak_more", WEAK,
        keywords=(
            "enterprise", "premium", "academia", "ferretería", "farmacia", "farmacias", "bodega", "bodegas",
            "gimnasios", "despacho", "asesoría", "money", "dinero", "usd", "growth", "crecimiento", "report",
            "informe", "numbers", "números", "cifras",
        ),
    ),
    DefaultRule(   # what is said or owed to customers: it keeps a customer word business next to a platform matter
        "business", "business.customer_matter", WEAK,
        keywords=(
            "email", "emails", "correo", "correos", "notice", "aviso", "avisar", "announce", "anunciar",
            "comunicado", "comunicación", "comunicaciones", "communication", "communications", "promise",
            "promised", "prometimos", "prometido", "fallout", "bajas", "irse", "rebajas",
            "threatens", "amenaza", "compensation", "compensación", "status update", "dieron de baja",
            "se dan de baja", "darse de baja",
        ),
    ),
)
