"""SecretGate, fourth secrets round: vendor token formats found anywhere, and the context classes a leak review of
chat logs, CI logs and config files turned up. Values are generated here (seeded), never real; the lines are
written for these tests, not taken from the corpus."""

from __future__ import annotations

import random
import string

import pytest

from wetopi_memory.secrets import DEFAULT_GATE

_RNG = random.Random(20261201)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


def _draw(n: int, alphabet: str = _ALNUM) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


VENDOR_TOKENS = {
    "tailscale": "tskey-auth-" + _draw(17) + "-" + _draw(33),
    "grafana service account": "glsa_" + _draw(32) + "_" + _draw(8, _HEX),
    "grafana cloud": "glc_" + _draw(60) + "==",
    "doppler": "dp.st.prd." + _draw(40),
    "linear": "lin_api_" + _draw(40),
    "sentry": "sntrys_" + _draw(80) + "=",
    "atlassian": "ATATT3xFfGF0" + _draw(180, _ALNUM + "-_") + "=" + _draw(8, _HEX.upper()),
    "postman": "PMAK-" + _draw(24, _HEX) + "-" + _draw(34, _HEX),
    "new relic": "NRAK-" + _draw(27, string.ascii_uppercase + string.digits),
    "pulumi": "pul-" + _draw(40, _HEX),
    "sonarqube": "squ_" + _draw(40, _HEX),
    "1password": "ops_eyJ" + _draw(200),
    "mailgun": "key-" + _draw(32, _HEX),
    "terraform cloud": _draw(14) + ".atlasv1." + _draw(60),
    "mapbox": "sk.eyJ1Ijoid2V0b3BpIiwiYSI6I" + _draw(40) + "." + _draw(22),
    "google oauth secret": "GOCSPX-" + _draw(28, _ALNUM + "-_"),
    "google oauth token": "ya29." + _draw(100, _ALNUM + "-_"),
    "fly.io": "fo1_" + _draw(43, _ALNUM + "-_"),
    "netlify": "nfp_" + _draw(36),
    "supabase": "sbp_" + _draw(40, _HEX),
    "planetscale": "pscale_tkn_" + _draw(43, _ALNUM + "_"),
    "circleci": "CCIPAT_" + _draw(22) + "_" + _draw(40, _HEX),
    "buildkite": "bkua_" + _draw(40, _HEX),
    "dynatrace": "dt0c01." + _draw(24, string.ascii_uppercase + string.digits) + "."
                 + _draw(64, string.ascii_uppercase + string.digits),
    "square": "sq0csp-" + _draw(43, _ALNUM + "-_"),
    "figma": "figd_" + _draw(40, _ALNUM + "-_"),
    "airtable": "pat" + _draw(14) + "." + _draw(64, _HEX),
    "pinecone": "pcsk_" + _draw(6) + "_" + _draw(60),
    "langsmith": "lsv2_pt_" + _draw(32, _HEX) + "_" + _draw(10, _HEX),
}


@pytest.mark.parametrize("name", sorted(VENDOR_TOKENS))
def test_a_vendor_token_is_refused_with_no_word_naming_it(name: str) -> None:
    assert DEFAULT_GATE.first(f"here it is {VENDOR_TOKENS[name]} for the pipeline") is not None, name


@pytest.mark.parametrize("text", [
    "the key-rotation-policy-for-the-team is documented",
    "the pull request pul-1234 fixes it",
    "dp.st.prd is the config prefix Doppler uses",
    "NRAK-XXXXXXXXXXXXXXXXXXXXXXXXXXX goes in the env file",
    "key-00000000000000000000000000000000",
    "ya29.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx is how the docs show it",
    "LTAIEXAMPLEEXAMPLEEXAM",
])
def test_vendor_look_alikes_pass(text: str) -> None:
    assert DEFAULT_GATE.first(text) is None, text


@pytest.mark.parametrize(("text", "secret"), [
    ("ipmitool -I lanplus -H 10.0.99.21 -U ADMIN -P QWTRVXLMZP chassis status", "QWTRVXLMZP"),
    ("echo 'k9!Tq#2vLw' > ~/.vault_pass.txt && ansible-playbook site.yml", "k9!Tq#2vLw"),
    ('network={\n  ssid="Oficina"\n  psk="Girasol2031"\n}', "Girasol2031"),
    ("auth_pass en lb-03 y lb-04: Rw7ekd2Q", "Rw7ekd2Q"),
    ("he dejado tortuga88 como contraseña del router de la sala", "tortuga88"),
    ("kubeadm join 10.0.0.5:6443 --token q1w2e3.r4t5y6u7i8o9p0a1 --discovery-token-unsafe-skip-ca-verification",
     "q1w2e3.r4t5y6u7i8o9p0a1"),
    ("[Interface]\nPrivateKey = /Kq2Zr8cV1nS0hYx4pLmWj7bT3eUa9dGfC6oRiN5sEI=\nListenPort = 51820",
     "/Kq2Zr8cV1nS0hYx4pLmWj7bT3eUa9dGfC6oRiN5sEI="),
    ("la privada del peer nuevo es Zt4Qm9xL2bV7nK0pR5sW8yC3dF6gH1jA4eU7iO0lPkM=, guárdala",
     "Zt4Qm9xL2bV7nK0pR5sW8yC3dF6gH1jA4eU7iO0lPkM="),
    ("my vpn password is literally sunrise2029, I know", "sunrise2029"),
    ("clave: mandarina! (la del portátil de recepción)", "mandarina!"),
    ("pass del router = qwerty42", "qwerty42"),
    ("root de pve-07: 8fQ!zR2mK9wX", "8fQ!zR2mK9wX"),
    ("echo 'Wd3!kq7Lzm' | sudo -S systemctl reload haproxy", "Wd3!kq7Lzm"),
    ("sudo -S <<< 'Wd3!kq7Lzm' apt upgrade", "Wd3!kq7Lzm"),
    ("az login -u ops@wetopi.com -p 'Fz2!mq8Kxw'", "Fz2!mq8Kxw"),
    ("wp config set DB_PASSWORD 'Jk5!xq2Lmz' --allow-root", "Jk5!xq2Lmz"),
])
def test_a_secret_given_by_its_context_is_refused(text: str, secret: str) -> None:
    finding = DEFAULT_GATE.first(text)
    assert finding is not None, text
    assert text[finding.start:finding.end] == secret


@pytest.mark.parametrize("text", [
    "ipmitool -P PASSWORD chassis status",
    "echo done > secrets.log",
    "psk is configured in the SSID settings",
    "wg pubkey < privatekey -> PublicKey = oA7gFnWlmRw8uWHfkYvfl7p50K5bKT/uhyMHhN8krOQ=",
    "PrivateKey = ${WG_KEY}\nListenPort = 51820",
    "Error: the password is wrong!",
    "the password is really important",
    "aws_secretsmanager_secret.db: Refreshing state... [id=arn:aws:secretsmanager:eu-west-1:145901217454:"
    "secret:prod/db-gYag2b]",
    "root: /var/www/html",
    "admin = ana.lopez",
    "grant admin: Team-Alpha-2024",
    "El cliente SSH no acepta la clave ed25519",
    "token: config.yamlfilename0",
    "echo $PASS | sudo -S ls",
    'wp config set DB_PASSWORD "$(cat /run/secrets/db)"',
    "az login --service-principal -u $APP_ID -p $SECRET --tenant $T",
    "echo hello | sudo tee /etc/motd",
    "echo '* * * * * /usr/local/bin/check' > /etc/cron.d/passwd-rotate",   # a cron line, not one word
    "he puesto Infisical como gestor de contraseñas del equipo",
])
def test_context_look_alikes_pass(text: str) -> None:
    assert DEFAULT_GATE.first(text) is None, text
