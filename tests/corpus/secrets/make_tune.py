"""Write tests/corpus/secrets/tune.jsonl: the SecretGate's development corpus (format: tests/corpus/README.md).

The context lines are hand-written, several per family, in Spanish, English and both; this script only fills in
values generated from a fixed seed in the real shape of each family (never a real credential), so the corpus is
reproducible and a test can check that it is not stale.

    .venv/bin/python tests/corpus/secrets/make_tune.py      # rewrites tune.jsonl next to this file
"""

from __future__ import annotations

import base64
import json
import random
import string
import sys
import uuid
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from tune_clean import NEGATIVES, PROSE
from tune_secrets import SECRETS

SEED = 110211
OUT = Path(__file__).with_name("tune.jsonl")

rng = random.Random(SEED)
ALNUM = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
URLSAFE = ALNUM + "-_"
LOWER_NUM = string.ascii_lowercase + string.digits
UPPER_NUM = string.ascii_uppercase + string.digits
CRYPT = "./" + ALNUM
WORDS = ["Verano", "Bodega", "Luna", "Trigo", "Olivo", "Roble", "Mirador", "Norte", "Ambar", "Delta", "Falcon",
         "Harbor", "Maple", "Quartz", "Tango", "Cobalt", "Nimbus", "Orchid", "Gato", "Pimiento", "Tortuga", "Lince"]
SYMBOLS = "!#$%&*+-=?@_."


def rnd(n: int, alphabet: str = ALNUM) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def rbytes(n: int) -> bytes:
    return bytes(rng.getrandbits(8) for _ in range(n))


def b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def ruuid() -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def human_password() -> str:
    """What people choose: a word, digits, maybe a symbol (`Verano2024!`, `luna#88trigo`)."""
    word, year = rng.choice(WORDS), str(rng.randint(1970, 2026))
    shapes = [word + year + rng.choice(SYMBOLS),
              word.lower() + rng.choice(SYMBOLS) + year[2:] + rng.choice(WORDS).lower(),
              rng.choice(SYMBOLS) + word + str(rng.randint(10, 999)), word[:3] + year + word[3:].upper()]
    return rng.choice(shapes)


def random_password(n: int = 0) -> str:
    n = n or rng.randint(12, 24)
    return rnd(n - 2) + rng.choice(SYMBOLS) + rnd(1, string.digits)


def password() -> str:
    return human_password() if rng.random() < 0.5 else random_password()


def pem(kind: str, lines: int = 8, width: int = 64) -> str:
    body = "\n".join(rnd(width, B64) for _ in range(lines))
    return f"-----BEGIN {kind}-----\n{body}\n-----END {kind}-----"


def jwt() -> str:
    header = b64url(json.dumps({"alg": rng.choice(["HS256", "RS256", "ES256"]), "typ": "JWT"}).encode())
    claims = {"sub": rnd(10, LOWER_NUM), "iat": rng.randint(1_700_000_000, 1_800_000_000),
              "iss": rng.choice(["https://auth.wetopi.com", "kubernetes/serviceaccount", "infisical"])}
    return f"{header}.{b64url(json.dumps(claims).encode())}.{b64url(rbytes(32))}"


def ceph_key() -> str:
    raw = bytes([1, 0]) + rbytes(8) + (16).to_bytes(2, "little") + rbytes(16)
    return b64(raw)


def htpasswd_line() -> str:
    user = rng.choice(["ana", "deploy", "grafana", "admin", "monitor", "bruno"])
    shape = rng.randrange(3)
    if shape == 0:
        return f"{user}:$apr1${rnd(8, CRYPT)}${rnd(22, CRYPT)}"
    if shape == 1:
        return f"{user}:$2y$05${rnd(53, CRYPT)}"
    return f"{user}:{{SHA}}{b64(rbytes(20))}"


def telegram() -> str:
    return f"{rng.randint(100_000_000, 7_999_999_999)}:AA{rnd(33, URLSAFE)}"


def discord() -> str:
    head = b64url(str(rng.randint(10**17, 10**18)).encode())
    return f"{head}.{rnd(6, URLSAFE)}.{rnd(38, URLSAFE)}"


def k8s_secret() -> str:
    name = rng.choice(["shop-db", "redis-auth", "smtp-relay", "minio-creds", "argocd-notifications"])
    pw, user = b64(password().encode()), b64(rng.choice(["app", "shop", "admin", "relay"]).encode())
    return (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {name}\n  namespace: {rng.choice(['shop', 'ops'])}\n"
            f"type: Opaque\ndata:\n  username: {user}\n  password: {pw}\n")


def kube_key_data() -> str:
    return b64(pem("RSA PRIVATE KEY", lines=6).encode())


FIELDS: dict[str, Callable[[], str]] = {
    "pw": password,
    "human": human_password,
    "rand": random_password,
    "weak": lambda: rng.choice(["hunter2", "perro123", "Madrid1987", "abc123!", "gatito22", "ana2024",
                                "Barcelona10", "s0l3dad", "1234abcd", "lucia88"]),
    "hex20": lambda: rnd(20, HEX),
    "hex32": lambda: rnd(32, HEX),
    "hex40": lambda: rnd(40, HEX),
    "hex64": lambda: rnd(64, HEX),
    "b62_16": lambda: rnd(16),
    "b62_24": lambda: rnd(24),
    "b62_40": lambda: rnd(40),
    "short8": lambda: rnd(8),
    "htpasswd": htpasswd_line,
    "ceph": ceph_key,
    "hvs": lambda: "hvs." + (rnd(24) if rng.random() < 0.5 else "CAESI" + rnd(86, URLSAFE)),
    "infisical_st": lambda: f"st.{rnd(24, HEX)}.{rnd(32, HEX)}.{rnd(32, HEX)}",
    "dckr": lambda: "dckr_pat_" + rnd(27, URLSAFE),
    "docker_auth": lambda: b64(f"ci-bot:{random_password()}".encode()),
    "minio_access": lambda: rnd(20, UPPER_NUM),
    "aws_id": lambda: "AKIA" + rnd(16, UPPER_NUM),
    "aws_secret": lambda: rnd(40, B64),
    "azure_account_key": lambda: b64(rbytes(64)),
    "azure_client_secret": lambda: rnd(3, ALNUM) + "8Q~" + rnd(34, ALNUM + "_~.-"),
    "gcp_key": lambda: "AIza" + rnd(35, URLSAFE),
    "pem_rsa": lambda: pem("RSA PRIVATE KEY"),
    "pem_pkcs8": lambda: pem("PRIVATE KEY"),
    "pem_ec": lambda: pem("EC PRIVATE KEY", lines=4),
    "pem_ssh": lambda: pem("OPENSSH PRIVATE KEY", lines=7, width=70),
    "telegram": telegram,
    "slack": lambda: f"xoxb-{rnd(12, string.digits)}-{rnd(13, string.digits)}-{rnd(24)}",
    "slack_user": lambda: (f"xoxp-{rnd(12, string.digits)}-{rnd(12, string.digits)}-{rnd(13, string.digits)}-"
                           f"{rnd(32, HEX)}"),
    "discord": discord,
    "ghp": lambda: "ghp_" + rnd(36),
    "github_pat": lambda: "github_pat_" + rnd(22) + "_" + rnd(59),
    "glpat": lambda: "glpat-" + rnd(20, URLSAFE),
    "jwt": jwt,
    "uuid": ruuid,
    "bootstrap": lambda: rnd(6, LOWER_NUM) + "." + rnd(16, LOWER_NUM),
    "k8s_secret": k8s_secret,
    "kube_key": kube_key_data,
    "sha40": lambda: rnd(40, HEX),
    "sha7": lambda: rnd(7, HEX),
    "sha256": lambda: rnd(64, HEX),
    "md5": lambda: rnd(32, HEX),
    "ssh_pub_ed": lambda: "AAAAC3NzaC1lZDI1NTE5AAAAI" + rnd(43, B64),
    "ssh_pub_rsa": lambda: "AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + rnd(300, B64),
    "cert": lambda: pem("CERTIFICATE", lines=6),
    "pubkey": lambda: pem("PUBLIC KEY", lines=4),
    "cert_data": lambda: b64(pem("CERTIFICATE", lines=5).encode()),
    "pod": lambda: f"{rnd(9, 'bcdfghjklmnpqrstvwxz2456789')}-{rnd(5, 'bcdfghjklmnpqrstvwxz2456789')}",
    "trace": lambda: rnd(32, HEX),
    "etag": lambda: rnd(32, HEX),
    "sri": lambda: b64(rbytes(64)),
}


def fill(template: str) -> str:
    """`{name}` placeholders become fresh generated values; `{{`/`}}` stay literal braces."""
    out: list[str] = []
    i = 0
    while i < len(template):
        if template.startswith("{{", i) or template.startswith("}}", i):
            out.append(template[i])
            i += 2
            continue
        if template[i] == "{":
            end = template.index("}", i)
            out.append(FIELDS[template[i + 1:end]]())
            i = end + 1
            continue
        out.append(template[i])
        i += 1
    return "".join(out)


def build() -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    for family, by, templates in SECRETS:
        for template in templates:
            rows.append({"text": fill(template), "label": "secret", "family": family, "by": by})
    for family, templates in NEGATIVES:
        for template in templates:
            rows.append({"text": fill(template), "label": "clean", "family": family, "by": "negative"})
    for lang, lines in PROSE:
        for line in lines:
            rows.append({"text": line, "label": "clean", "family": f"prose-{lang}", "by": "prose"})
    return [{"id": f"st-{i:04d}", **row} for i, row in enumerate(rows, 1)]


def main() -> None:
    rng.seed(SEED)
    rows = build()
    OUT.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    counts: dict[str, int] = {}
    for row in rows:
        key = row["by"]
        counts[key] = counts.get(key, 0) + 1
    print(f"wrote {OUT.name}: {len(rows)} lines, " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()
