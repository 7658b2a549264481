"""Built-in routing rules (design §8) and explicit-memory-request triggers, as plain data.

The router (`rules.py`) compiles this table once. Terms are written the way people type them, accents and all:
the compiler lowercases them, strips accents and splits them into word tokens exactly like it does with the
message, so "configuración", "configuracion" and "CONFIGURACIÓN" are the same term, and "ci/cd", "ci-cd" and
"ci cd" are the same token sequence.

- `keywords` also match simple plurals of their last word (cluster -> clusters/clústeres, cliente -> clientes,
  proveedor -> proveedores, policy -> policies). Verb forms are listed explicitly.
- `phrases` match exactly (no inflection).
- `tools` are fnmatch globs over tool names used this turn (case-insensitive).

Weights (the router turns a scope's summed weight into a confidence with 1 - exp(-sum)):
STRONG (1.0) — one is enough to route (0.63); two reach high confidence (0.86).
MEDIUM (0.75) — routes alone, barely (0.53).
WEAK (0.4) — supporting evidence only (0.33 alone); two weak (0.55) or weak + strong (0.75) route.

Each rule applies only when its scope exists in the deployment (`known_scopes`).
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


@dataclass(frozen=True, slots=True)
class ExplicitTrigger:
    """A way of asking for memory explicitly ("¿qué habíamos decidido sobre…?", "search our memory for…").

    `pattern` runs on the normalised message (lowercase, no accents, punctuation kept). It is only tried when
    one of `anchors` and all of `requires` (whole words) occur in the message, so messages without memory
    vocabulary cost nothing.
    `gated` triggers contain a Spanish word that is ambiguous once accents are gone ("que"/"como" are also
    conjunctions: "creo que decidimos…" is a statement, "¿qué decidimos…?" a question; "recuerda que mañana…" is
    an instruction, "recuerda qué…" a request). They count only when the message reads as a question: it contains
    ¿ or ?, or `accented` (searched in the case-folded, NFC, accent-keeping message) matches, or — when
    `clause_start` — the trigger opens the message or a clause ("Oye, que decidimos con el LB").
    """

    name: str
    pattern: str
    anchors: tuple[str, ...]
    gated: bool = False
    accented: str | None = None
    clause_start: bool = True
    requires: tuple[str, ...] = ()   # words that must all occur too (cheap pre-check for common anchors)


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
            "plano de control", "cert-manager", "crd", "kube-proxy", "containerd", "cronjob",
        ),
    ),
    DefaultRule(
        "platform", "platform.infrastructure", STRONG,
        keywords=(
            "ceph", "cephfs", "osd", "rbd", "radosgw", "proxmox", "pve", "infisical", "nginx", "haproxy",
            "keepalived", "vrrp", "ipvs", "metallb", "traefik", "envoy", "load balancer", "loadbalancer",
            "balanceador", "balanceador de carga", "lb", "dns", "dnsmasq", "firewall", "iptables", "nftables",
            "vlan", "bgp", "subnet", "subred", "ssh", "tls", "ssl", "certificate", "certificado",
            "letsencrypt", "let's encrypt", "network", "networking", "redes", "vm", "vms", "kvm", "qemu",
            "máquina virtual", "virtual machine", "hypervisor", "hipervisor", "docker", "container",
            "contenedor", "terraform", "ansible", "velero", "backup", "copia de seguridad", "snapshot",
            "servidor", "server", "disk", "cdn", "cloudflare", "hetzner", "ovh", "mariadb", "mysql",
            "postgres", "postgresql", "redis", "memcached", "varnish", "rabbitmq", "kafka", "opensearch",
            "elasticsearch", "php", "php-fpm", "kernel", "systemd", "nfs", "zfs", "raid", "vpn", "wireguard",
            "s3", "minio",
        ),
        phrases=("la red", "de red", "en red", "red interna", "red privada", "tarjeta de red"),
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
            "out of sync", "outofsync", "health check", "healthcheck", "sre", "on-call",
        ),
        phrases=(
            "se ha caído", "se cayó", "está caído", "está caída", "están caídos", "caída del servicio",
            "caída de servicio",
        ),
    ),
    DefaultRule(
        "platform", "platform.weak", WEAK,
        keywords=(
            "pipeline", "ci", "build", "timeout", "log", "metric", "métrica", "alert", "alerta", "dashboard",
            "upgrade", "actualización", "actualizar", "producción", "production", "prod", "wordpress",
            "cache", "caché", "proxy", "caída", "down", "sync", "sincronización", "ip", "ips", "http",
            "https", "host", "hosting", "dominio", "domain", "ram", "swap", "throughput", "sla", "disco",
            "volumen", "volume", "réplica", "replica", "chart", "flux", "storage", "almacenamiento",
            "rendimiento", "performance", "restart", "reiniciar", "reinicio", "infra", "infraestructura",
            "infrastructure", "migración", "migration", "certs", "cert", "arquitectura", "architecture",
            "web", "website",
        ),
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
            "marketing", "positioning", "posicionamiento", "propuesta comercial", "presupuesto", "cotización",
            "crm", "churn", "mrr", "arr", "upsell", "cross-sell", "discount", "descuento", "competitor",
            "competidor", "subscription", "suscripción", "payment", "pago", "cobro", "profit", "rentabilidad",
            "profitability", "market share", "cuota de mercado", "go-to-market", "reseller", "revendedor",
            "white label", "marca blanca", "business strategy", "estrategia comercial", "estrategia de negocio",
            "estrategia de producto", "product strategy", "nda", "equipo comercial", "sales team", "stripe",
            "hubspot", "pricing page", "red social", "redes sociales", "social media",
        ),
    ),
    DefaultRule(
        "business", "business.weak", WEAK,
        keywords=(
            "strategy", "estrategia", "q1", "q2", "q3", "q4", "quarter", "trimestre", "budget", "cost",
            "coste", "costo", "business", "negocio", "market", "mercado", "partner", "socio", "oferta", "deal",
            "propuesta", "comercial", "quote", "kpi", "okr", "company", "empresa", "agency", "agencia",
            "competencia", "license", "licencia", "campaign", "campaña", "onboarding", "sla", "gdpr", "rgpd",
            "seo", "newsletter", "brand", "tier", "beneficio", "pedido", "purchase", "compra", "managed",
            "gestionado", "launch", "lanzamiento", "annual", "anual", "mensual", "monthly", "euros", "eur",
        ),
    ),
    DefaultRule(
        "business", "business.tools", STRONG,
        tools=_tool_namespaces("crm", "stripe", "invoice", "invoicing", "billing", "hubspot", "sales", "quote",
                               "quotes", "holded"),
    ),
    # ---------------------------------------------------------------- personal
    DefaultRule(
        "personal", "personal.preferences", STRONG,
        keywords=("prefiero", "preferiría", "recuérdame"),
        phrases=(
            "yo prefiero", "i prefer", "i'd prefer", "i would prefer", "i'd rather", "i would rather",
            "mi configuración", "mis preferencias", "mi preferencia", "my preference", "my preferences",
            "my setup", "my config", "my configuration", "mi setup", "mi entorno", "my environment",
            "my workflow", "mi flujo de trabajo", "my dotfiles", "mis dotfiles", "qué decidí", "what did i decide",
            "what i decided", "habíamos hablado", "acuérdate de que yo", "acuérdate que yo", "remind me",
            "i usually", "yo suelo", "normalmente yo", "suelo usar", "i tend to", "tengo la costumbre",
            "mis notas", "my notes", "mi agenda", "my calendar", "mi calendario", "my schedule", "mi horario",
            "my birthday", "mi cumpleaños", "my family", "mi familia", "my timezone", "my time zone",
            "mi zona horaria", "my name is", "me llamo", "llámame", "my laptop", "mi portátil", "mi ordenador",
            "my computer", "my editor", "mi editor", "my favorite", "my favourite", "mi favorito",
            "mi favorita", "my personal", "mis datos", "my vacation", "mis vacaciones", "my holidays",
            "mi idioma", "my language", "mi estilo", "my style",
        ),
    ),
    DefaultRule(
        "personal", "personal.likes", MEDIUM,
        phrases=(
            "me gusta", "me gustan", "no me gusta", "i like", "i don't like", "i love", "i hate", "odio",
            "personally", "personalmente", "in my opinion", "en mi opinión", "i always", "yo siempre",
            "i never", "yo nunca", "me encanta",
        ),
    ),
    DefaultRule(
        "personal", "personal.weak", WEAK,
        phrases=("for me", "para mí", "suelo", "my own", "mi propio", "mi propia", "yo uso", "i use"),
    ),
)


# Explicit memory requests (design §7: these trigger a synchronous recall). Order matters only for which name
# is reported when several match.
_MEM = r"memor(?:y|ies|ia|ias)"
_WHO = r"(?:(?:our|the|your|my|la|nuestra|tu|mi|vuestra)\s+)?"

EXPLICIT_TRIGGERS: tuple[ExplicitTrigger, ...] = (
    # ---- Spanish, unambiguous
    ExplicitTrigger("es.busca_en_memoria",
                    rf"\b(?:busca|buscar|buscame|buscad|mira|mirar|consulta|consultar|revisa|revisar|comprueba)"
                    rf"\s+(?:en\s+)?{_WHO}{_MEM}\b",
                    ("memoria", "memorias")),
    ExplicitTrigger("es.en_memoria", rf"\ben\s+(?:la|nuestra|tu|vuestra)\s+{_MEM}\b", ("memoria", "memorias")),
    ExplicitTrigger("es.te_acuerdas", r"\b(?:te\s+acuerdas|os\s+acordais|recuerdas|recordais)\b",
                    ("acuerdas", "acordais", "recuerdas", "recordais")),
    ExplicitTrigger("es.recuerda_interrogativo",
                    r"\brecuerda(?:me)?\s+(?:como|cual|cuales|cuando|donde|cuanto|cuanta|por\s+que|si)\b",
                    ("recuerda", "recuerdame")),
    ExplicitTrigger("es.cual_fue_la_decision",
                    r"\b(?:cual|cuales)\s+(?:fue|fueron|era|es)\s+(?:la|nuestra|mi|las|nuestras)\s+decision",
                    ("decision", "decisiones")),
    # ---- Spanish, only when it reads as a question ("que"/"como" are also conjunctions)
    ExplicitTrigger("es.que_habiamos_decidido",
                    r"\bque\s+(?:habiamos|hemos|habias|habia|habiais)\s+"
                    r"(?:decidido|acordado|hablado|dicho|quedado|elegido|escogido|pactado)\b",
                    ("decidido", "acordado", "hablado", "dicho", "quedado", "elegido", "escogido", "pactado"),
                    gated=True, accented=r"\bqué\s+(?:hab[ií]amos|hemos|hab[ií]as|hab[ií]a|hab[ií]ais)\b"),
    ExplicitTrigger("es.que_decidimos",
                    r"\bque\s+(?:decidimos|decidi|decidiste|decidio|acordamos|dijimos|quedamos|elegimos|"
                    r"escogimos|pactamos)\b",
                    ("decidimos", "decidi", "decidiste", "decidio", "acordamos", "dijimos", "quedamos", "elegimos",
                     "escogimos", "pactamos"),
                    gated=True, accented=r"\bqué\s+(?:decid|acord|dij|qued|eleg|escog|pact)"),
    ExplicitTrigger("es.que_sabemos", r"\bque\s+sabemos\s+(?:de|del|sobre|acerca)\b", ("sabemos",), gated=True,
                    accented=r"\bqué\s+sabemos\b"),
    ExplicitTrigger("es.recuerda_que", r"\brecuerda(?:me)?\s+que\b", ("recuerda", "recuerdame"), gated=True,
                    accented=r"\brecu[eé]rda(?:me)?\s+qué\b", clause_start=False),
    ExplicitTrigger("es.como_resolvimos",
                    r"\bcomo\s+(?:lo\s+|la\s+|los\s+|las\s+)?(?:resolvimos|solucionamos|arreglamos|configuramos|"
                    r"hicimos|montamos|resolviste|solucionaste|arreglaste)\b",
                    ("resolvimos", "solucionamos", "arreglamos", "configuramos", "hicimos", "montamos",
                     "resolviste", "solucionaste", "arreglaste"),
                    gated=True, accented=r"\bcómo\s+(?:l[oa]s?\s+)?(?:resolv|soluc|arregl|config|hic|mont)",
                    clause_start=False),
    ExplicitTrigger("es.que_tenemos_guardado",
                    r"\bque\s+(?:tenemos|tengo|hay)\s+(?:guardado|apuntado|anotado|registrado)\b",
                    ("guardado", "apuntado", "anotado", "registrado"), gated=True,
                    accented=r"\bqué\s+(?:tenemos|tengo|hay)\b"),
    # ---- English
    ExplicitTrigger("en.what_did_we_decide",
                    r"\bwhat\s+(?:did|had|have)\s+(?:we|i|you)\s+(?:ever\s+|finally\s+|already\s+)?"
                    r"(?:decide|decided|agree|agreed|settle|settled|conclude|concluded|say|said|choose|chose|"
                    r"chosen|pick|picked|use|used)\b",
                    ("decide", "decided", "agree", "agreed", "settle", "settled", "conclude", "concluded", "say",
                     "said", "choose", "chose", "chosen", "pick", "picked", "use", "used"),
                    requires=("what",)),
    ExplicitTrigger("en.what_was_decided",
                    r"\bwhat\s+(?:was|were|is)\s+(?:decided|agreed|(?:our|the|my)\s+(?:decision|conclusion))\b",
                    ("decided", "agreed", "decision", "conclusion")),
    ExplicitTrigger("en.search_memory",
                    rf"\b(?:search|check|look|query|dig)\s+(?:it\s+|that\s+|this\s+)?(?:up\s+)?"
                    rf"(?:in\s+|into\s+|through\s+)?{_WHO}{_MEM}\b",
                    ("memory", "memories")),
    ExplicitTrigger("en.in_our_memory", rf"\b(?:in|from)\s+(?:our|your)\s+{_MEM}\b", ("memory", "memories")),
    ExplicitTrigger("en.do_you_remember",
                    r"\b(?:do|don'?t|can|could|did)\s+(?:you|we)\s+(?:still\s+)?(?:remember|recall)\b",
                    ("remember", "recall")),
    ExplicitTrigger("en.remember_what",
                    r"\b(?:remember|recall|remind\s+me)\s+(?:what|how|when|where|which|why|who|if|whether)\b",
                    ("remember", "recall", "remind")),
    ExplicitTrigger("en.what_do_we_know",
                    r"\bwhat\s+do\s+(?:we\s+(?:know|remember|have)|you\s+remember)\s+(?:about|on|regarding)\b",
                    ("know", "remember", "have"), requires=("what", "do")),
    ExplicitTrigger("en.how_did_we_fix",
                    r"\bhow\s+did\s+(?:we|i|you)\s+(?:solve|fix|resolve|handle|deal\s+with|configure|set\s+up)\b",
                    ("solve", "fix", "resolve", "handle", "deal", "configure", "set"), requires=("how", "did")),
)

# Function words never chosen as the lookup anchor of a multi-word term (a rarer word is a cheaper anchor).
STOPWORDS: frozenset[str] = frozenset({
    "a", "al", "and", "are", "de", "del", "el", "en", "for", "i", "is", "la", "las", "los", "me", "mi", "mis",
    "my", "no", "of", "on", "que", "the", "to", "un", "una", "y", "yo", "d", "s", "t", "ha", "se", "esta",
})
