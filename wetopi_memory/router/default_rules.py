"""Built-in routing rules of the platform and business scopes (design §8), as plain data.

The router (`rules.py`) compiles this table once. Terms are written the way people type them, accents and all:
the compiler lowercases them, strips accents and splits them into word tokens exactly like it does with the
message, so "configuración", "configuracion" and "CONFIGURACIÓN" are the same term, and "ci/cd", "ci-cd" and
"ci cd" are the same token sequence.

- `keywords` also match simple plurals of their last word (cluster -> clusters/clústeres, cliente -> clientes,
  proveedor -> proveedores, policy -> policies). Verb forms are listed explicitly.
- `phrases` match exactly (no inflection).
- `tools` are fnmatch globs over tool names used this turn (case-insensitive).

Weights (the router turns a scope's summed weight into a confidence with 1 - exp(-sum)):
STRONG (1.0) — an anchor: one is enough to route (0.63); two reach high confidence (0.86).
MEDIUM (0.75) — an ambiguous word: routes only with another term of its scope (0.68 with a weak one).
WEAK (0.4) — corroboration only: never routes alone or with other weak words (minimum-evidence rule, `evidence.py`).
Words with several senses are also listed in `senses.SENSES`, whose contexts cancel them.

Each rule applies only when its scope exists in the deployment (`known_scopes`). The personal scope's rules are in
`personal_rules.py`, the explicit-request triggers in `explicit_rules.py`.
"""

from __future__ import annotations

from dataclasses import dataclass

STRONG = 1.0
MEDIUM = 0.75
WEAK = 0.4


@dataclass(frozen=True, slots=True)
class DefaultRule:
    scope: str
    name: str
    weight: float
    keywords: tuple[str, ...] = ()
    phrases: tuple[str, ...] = ()
    tools: tuple[str, ...] = ()


def _tool_namespaces(*names: str) -> tuple[str, ...]:
    """`name_*`, `name-*`, `name.*` and the MCP spelling `mcp_name_*` for every tool namespace."""
    globs: list[str] = []
    for name in names:
        globs += [f"{name}_*", f"{name}-*", f"{name}.*", f"mcp_{name}_*", name]
    return tuple(globs)


DEFAULT_RULES: tuple[DefaultRule, ...] = (
    # ---------------------------------------------------------------- platform
    DefaultRule(
        "platform", "platform.orchestration", STRONG,
        keywords=(
            "kubernetes", "k8s", "k3s", "rke2", "rke", "rancher", "kubectl", "kubelet", "kube", "kubeadm",
            "kubeconfig", "kustomize", "helm", "helm chart", "helmfile", "argocd", "argo cd", "argo",
            "applicationset", "gitops", "namespace", "pod", "pvc", "persistent volume", "storageclass",
            "statefulset", "daemonset", "configmap", "replicaset", "deployment", "ingress", "ingress controller",
            "crashloopbackoff", "imagepullbackoff", "oomkilled", "hpa", "autoscaler", "autoscaling", "etcd",
            "cni", "calico", "cilium", "coredns", "cluster", "clúster", "nodo", "node", "control plane",
            "infisicalsecret", "externalsecret", "sealedsecret", "clusterissuer", "volumesnapshot",
            "plano de control", "cert-manager", "crd", "kube-proxy", "containerd", "cronjob", "node pool",
        ),
    ),
    DefaultRule(
        "platform", "platform.infrastructure", STRONG,
        keywords=(
            "ceph", "cephfs", "osd", "rbd", "radosgw", "proxmox", "pve", "infisical", "nginx", "haproxy", "phpmyadmin",
            "keepalived", "vrrp", "ipvs", "metallb", "traefik", "envoy", "load balancer", "loadbalancer",
            "balanceador", "balanceador de carga", "lb", "dns", "dnsmasq", "firewall", "iptables", "nftables",
            "vlan", "bgp", "subnet", "subred", "ssh", "tls", "ssl", "certificate", "certificado",
            "letsencrypt", "let's encrypt", "network", "networking", "redes", "vm", "vms", "kvm", "qemu",
            "máquina virtual", "virtual machine", "hypervisor", "hipervisor", "docker", "container",
            "contenedor", "terraform", "ansible", "velero", "backup", "copia de seguridad", "snapshot",
            "servidor", "server", "disk", "cdn", "cloudflare", "hetzner", "ovh", "mariadb", "mysql",
            "postgres", "postgresql", "redis", "memcached", "varnish", "rabbitmq", "kafka", "opensearch",
            "elasticsearch", "php", "php-fpm", "kernel", "systemd", "nfs", "zfs", "raid", "vpn", "wireguard",
            "s3", "minio", "conntrack", "sysctl", "exporter", "node exporter", "bastion", "bastión", "upstream",
            "base de datos", "database", "vip", "datacenter", "centro de datos", "nxdomain", "endpoint", "ed25519",
            "datasource", "bucket", "registros dns", "dns records", "cipher", "certbot", "acme challenge",
            "http-01", "dns-01", "pgbouncer", "bind9", "named.conf", "zone transfer", "transferencia de zona",
            "transferencias de zona", "fail2ban", "sshd", "spf", "dkim", "dmarc", "mail relay", "smtp", "postfix",
            "autovacuum", "pg_dump", "mysqldump", "max_connections", "maxmemory", "sentinel", "galera", "opcache",
            "grafana tempo", "jaeger", "opentelemetry", "otel", "quorum", "scrub", "rescue mode", "ip flotante",
            "floating ip", "slow query", "pv", "cpd", "node_exporter", "k9s",
        ),
        phrases=("la red", "de red", "en red", "red interna", "red privada", "tarjeta de red",
                 # where a thing of ours lives or runs, asked beside a business matter: "Which systems hold it?"
                 "which systems hold", "what systems hold", "que sistemas tienen", "en que sistemas esta",
                 "do we have storage", "do we even have storage", "where it runs", "where does it run", "donde corre"),
    ),
    DefaultRule(
        "platform", "platform.operations", STRONG,
        keywords=(
            "despliegue", "desplegar", "desplegado", "desplegada", "desplegamos", "despliega", "deploy",
            "deployed", "deploying", "redeploy", "rollout", "rollback", "runbook", "postmortem", "post-mortem",
            "incident", "incidente", "outage", "downtime", "502", "503", "504", "5xx", "bad gateway", "gateway timeout",
            "service unavailable", "latency", "latencia", "p95", "p99", "cpu", "memory pressure",
            "presión de memoria", "oom", "memory leak", "fuga de memoria", "grafana", "prometheus",
            "alertmanager", "loki", "monitoring", "monitorización", "observability", "observabilidad",
            "uptime", "ci/cd", "cicd", "github actions", "gitlab ci", "error budget", "staging",
            "out of sync", "outofsync", "health check", "healthcheck", "sre", "on-call", "ci pipeline",
            "pipeline de ci", "ci runner", "healthz", "413", "crashlooping", "502s", "503s", "504s", "api gateway",
            "crashloop", "evicted", "scrape", "scraping",
            "replica lag", "lagging", "ingester", "logs del pod", "helm lint", "dry run", "flapping", "failover",
        ),
        phrases=(
            "se ha caído", "se cayó", "está caído", "está caída", "están caídos", "caída del servicio",
            "caída de servicio",
            # an outage named by its day or by whom it hit: "afectados por la caída", "la caída del martes"
            "afectados por la caída", "afectadas por la caída", "la caída de ayer", "la caída de anoche",
            "la caída del lunes", "la caída del martes", "la caída del miércoles", "la caída del jueves",
            "la caída del viernes", "la caída del sábado", "la caída del domingo", "la caída de esta mañana",
            "the outage", "status page", "uptime page", "página de estado",
            # our platform named as such: "¿Por dónde empiezo a leer sobre la plataforma?"
            "la plataforma", "the platform", "nuestra plataforma", "our platform",
            # security: tests of our systems and leaked credentials
            "pentest", "pentesting", "penetration test", "phishing", "credencial filtrada", "credenciales filtradas",
            "filtró una credencial", "filtración de credenciales", "leaked credential", "leaked credentials",
            "credential leak", "leaked secret",
        ),
    ),
    DefaultRule(
        "platform", "platform.weak", WEAK,
        keywords=(
            "pipeline", "ci", "build", "timeout", "log", "metric", "métrica", "alert", "alerta", "dashboard",
            "upgrade", "actualización", "actualizar", "producción", "production", "prod", "wordpress",
            "cache", "caché", "proxy", "caída", "down", "sync", "sincronización", "ip", "ips", "http",
            "https", "host", "hosting", "dominio", "domain", "ram", "swap", "throughput", "sla", "disco",
            "volumen", "volume", "chart", "flux", "storage", "almacenamiento",
            "rendimiento", "performance", "restart", "reiniciar", "reinicio", "infra", "infraestructura",
            "infrastructure", "migración", "migration", "certs", "cert", "arquitectura", "architecture",
            "web", "website", "sincroniza", "sincronizar", "reinicia",
        ),
        tools=("terminal", "shell", "bash"),
    ),
    DefaultRule(
        "platform", "platform.ambiguous", MEDIUM,
        keywords=("replica", "réplica", "zona", "availability zone", "bind", "replication", "replicación", "ttl",
                  "tunnel", "túnel", "puerto", "port", "dump", "cron", "lag", "dimm", "dimms"),
        phrases=("is down", "went down", "are down", "esta down"),
    ),
    DefaultRule(
        "platform", "platform.tools", STRONG,
        tools=(
            *_tool_namespaces("kubernetes", "k8s", "argocd", "argo", "helm", "proxmox", "ceph", "grafana",
                              "prometheus", "loki", "opensearch", "infisical", "terraform", "ansible", "docker",
                              "rancher", "cloudflare"),
            "kubectl*", "mcp_kubectl*",
        ),
    ),
    # ---------------------------------------------------------------- business
    DefaultRule(
        "business", "business.commercial", STRONG,
        keywords=(
            "pricing", "price", "precio", "tarifa", "customer", "cliente", "sales", "ventas", "venta",
            "product", "producto", "roadmap", "margin", "margen", "revenue", "ingresos", "facturación",
            "billing", "invoice", "factura", "contract", "contrato", "proveedor", "supplier", "vendor",
            "marketing", "positioning", "posicionamiento", "posicionamos", "posicionarnos",
            "propuesta comercial", "presupuesto", "cotización",
            "crm", "churn", "mrr", "arr", "upsell", "cross-sell", "discount", "descuento", "competitor",
            "competidor", "subscription", "suscripción", "payment", "pago", "cobro", "profit", "rentabilidad",
            "profitability", "market share", "cuota de mercado", "go-to-market", "reseller", "revendedor",
            "white label", "marca blanca", "business strategy", "estrategia comercial", "estrategia de negocio",
            "estrategia de producto", "product strategy", "nda", "equipo comercial", "sales team", "stripe",
            "hubspot", "pricing page", "red social", "redes sociales", "social media", "refund", "reembolso",
            "reembolsar", "underpricing", "underpriced", "overpricing", "overpriced", "descontar", "descontemos",
            "descontarle", "descontamos", "support guidelines", "guía de soporte", "tono de soporte", "support tone",
            "teletrabajar", "remote work policy", "post en el blog", "post del blog",
            "refunded", "refunds", "refunding", "reembolsado", "reembolsamos", "devolución",
            "política de devoluciones", "refund policy", "cobrar", "cobramos", "cobra",
            "cobran", "cobrarle", "cobre", "impago", "unpaid", "impagado", "impagada", "impagados", "impagadas",
            "dunning", "suspension warning", "aviso de suspensión", "overdue invoice", "overdue invoices",
            "bill", "billed", "invoices", "facturas", "facturar",
            "overage", "renewal", "renovación", "upselling", "reventa", "resellers", "prospect",
            "webinar", "consultoría", "consulting", "vat", "iva", "pricing tiers", "margen bruto",
            "margen de beneficio", "gross margin", "pagos", "add-on", "goodwill credit",
            "planes y precios", "data processing agreement", "condiciones de venta",
            "demos comerciales", "demo comercial", "objetivo de ventas", "our strategy", "nuestra estrategia",
            "hiring", "new hires", "salario", "salary", "sueldo", "sueldos", "payroll", "nómina", "nóminas",
            "gestoría", "expense report", "publicidad", "advertising", "tender",
            "licitación", "concurso público", "commission", "comisión", "affiliate", "afiliados", "revenue share",
            "terms of service", "condiciones generales", "distribuidor", "distributor", "exclusividad",
            "exclusivity", "payment terms", "tasa de abandono", "budget", "investor", "inversor", "inversores",
            "encargado de tratamiento", "dpa", "ofertó", "net-60", "net-30", "seguro de responsabilidad",
            "responsabilidad civil", "insurance policy", "series a", "seed round", "ronda de financiación",
            "market size", "tamaño de mercado", "ltv", "cac", "arpu", "job post", "job offer", "oferta de empleo",
            "vacante", "credit note", "nota de crédito", "abono", "charge", "non-compete", "partner agreement",
            "cuota de alta",
            # spending approved and booked to a budget line
            "aprueba el gasto", "aprobar el gasto", "approve the expense", "partida de", "partida presupuestaria",
            "budget line", "nota de gastos", "expense claim",
            # who support hands a case to: "Escalado de soporte, definitivo: Lucía escala a Marta y Marta a mí"
            "escalado de soporte", "support escalation", "support escalations", "cadena de escalado",
            # what a supplier or a partner put on the table for us
            "nos ofreció", "nos ofrecieron", "nos ha ofrecido", "nos han ofrecido",
            # the company's own particulars, brand and working rules; a supplier we dropped
            "año fiscal", "fiscal year", "ejercicio fiscal", "el cif", "nuestro cif", "dirección fiscal",
            "razón social", "colores corporativos", "brand colours", "brand colors", "logo colours", "logo colors",
            "sobre teletrabajo", "política de teletrabajo", "teletrabajo desde el extranjero",
            "ya no trabajamos con", "dejamos de trabajar con", "we no longer work with", "we stopped working with",
        ),
    ),
    DefaultRule(
        "business", "business.ambiguous", MEDIUM,
        keywords=("plan", "planes", "policy", "política", "condiciones", "agreement", "offer", "ofrecer",
                  # a tier's name and "plan" are one mention, not two words that corroborate each other
                  "plan business", "planes business", "business plan", "business plans", "business-plan",
                  "sell", "vender", "venderlo", "venderla", "venderlos", "venderlas", "cobrarlo", "cobrarles",
                  "cost", "costs", "coste", "cuesta", "cuestan", "costará", "pay", "pagar",
                  "tier", "terms", "términos", "freelancers", "agencies", "agencias", "cancel", "cancela",
                  "lead", "paga", "pagan", "quote", "accountant", "contable", "gastos", "expenses", "cuota",
                  "contratar", "hire", "candidate",
                  # a contract renewed or committed to: "no renovamos más dominios con OVH", "3-year commitment"
                  "renew", "renewed", "renews", "renovar", "renovamos", "renueva", "renuevan", "commitment",
                  "permanencia",
                  # a customer leaving: reflexive only ("dar de baja el servidor" is a decommission)
                  "se da de baja", "se dio de baja", "se ha dado de baja", "se han dado de baja", "causa baja",
                  "se quiere dar de baja", "se quieren dar de baja", "se va a dar de baja", "se van a dar de baja",
                  "candidato", "abogado", "lawyer", "forecast", "previsión", "gdpr", "rgpd", "account", "sla", "deal",
                  "más barato", "más barata", "cheaper", "hemos perdido a", "we lost", "we save", "ahorramos",
                  "nos ahorramos", "ahorraríamos", "we'd save",
                  # a product launch; hiring someone, part-time or full-time
                  "launch", "lanzamiento", "newsletter", "need someone", "necesitar a alguien", "necesitamos a alguien",
                  "shortlist", "promo", "promos", "promoción", "promociones", "rediseño", "redesign", "rebranding",
                  # what we still pay for, and the places we have open for hire
                  "still paying", "seguimos pagando", "do we have openings", "any openings",
                  "job openings", "open positions", "open roles", "puestos abiertos"),
        phrases=("relationship with", "la relación con"),   # owning an account: "llevo la relación con las agencias"
    ),
    DefaultRule(
        "business", "business.weak", WEAK,
        keywords=(
            "strategy", "estrategia", "q1", "q2", "q3", "q4", "quarter", "trimestre",
            "costo", "business", "negocio", "market", "mercado", "partner", "socio", "oferta", "legal",
            "interview", "entrevista", "transferencia", "tarjeta", "liability",
            "propuesta", "comercial", "kpi", "okr", "company", "empresa", "agency", "agencia",
            "competencia", "license", "licencia", "campaign", "campaña", "onboarding",
            "seo", "brand", "beneficio", "pedido", "purchase", "compra", "managed",
            "gestionado", "annual", "anual", "mensual", "monthly", "euros", "eur",
            "dollars", "dólares", "finance", "finanzas", "shops", "tiendas", "e-commerce", "year over year",
            "per month", "al mes", "a month", "por mes", "trimestral", "quarterly",
        ),
    ),
    DefaultRule(
        "business", "business.tools", STRONG,
        tools=_tool_namespaces("crm", "stripe", "invoice", "invoicing", "billing", "hubspot", "sales", "quote",
                               "quotes", "holded"),
    ),
)

# Function words never chosen as the lookup anchor of a multi-word term (a rarer word is a cheaper anchor).
STOPWORDS: frozenset[str] = frozenset({
    "a", "al", "and", "are", "de", "del", "el", "en", "for", "i", "is", "la", "las", "los", "me", "mi", "mis",
    "my", "no", "of", "on", "que", "the", "to", "un", "una", "y", "yo", "d", "s", "t", "ha", "se", "esta",
    # common words: a rarer word of the term is a cheaper anchor
    "it", "this", "what", "from", "when", "keep", "cuando", "semana", "veces", "noche", "morning", "week", "night",
    "importante", "paso", "now", "that", "with", "in", "at", "por", "desde", "hora", "day", "dia", "para", "te",
    "not", "could", "last", "don", "you", "your", "can", "do", "how", "where", "should", "would", "will",
    "ll", "m", "ve", "re", "have", "had", "was", "be", "so", "but", "or", "if", "just", "about", "we", "our", "lo",
    "le", "con", "sin", "como", "pero", "ya", "hay", "es", "son", "todo", "este", "otro", "dos",
})
