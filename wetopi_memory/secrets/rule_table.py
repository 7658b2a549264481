"""RULES: the secret rule table as data, tier by tier (vendor tokens, context rules, entropy runs)."""

from __future__ import annotations

import re

from .clause_rules import CLAUSE_RULES
from .context_locators import (
    assignment_start,
    locate_assignment,
    locate_auth_header,
    locate_bearer,
    locate_cli_password,
    locate_keyed,
    locate_prose,
    locate_query_param,
    locate_url_password,
    prose_noun_start,
    tag_start,
)
from .credential_files import CREDENTIAL_FILE_RULES
from .cue_rules import CUE_RULES
from .findings import Tier
from .key_names import KEY_STEMS
from .rule import SecretRule, literal_starts
from .service_rules import SERVICE_CONTEXT_RULES, SERVICE_TOKEN_RULES
from .token_locators import (
    TOKEN_END,
    TOKEN_START,
    locate_aws,
    locate_entropy_run,
    locate_jwt,
    locate_private_key,
    locate_telegram,
    prefixed_rule,
    token_check,
)
from .vendor_tokens import VENDOR_TOKEN_RULES

_B, _E = TOKEN_START, TOKEN_END


def _rx(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags)


_GITLAB_PREFIXES = ("glpat", "gloas", "gldt", "glrt", "glrtr", "glcbt", "glptt", "glft", "glimt", "glagent",
                    "glsoat", "glffct", "glwt")

TOKEN_RULES: tuple[SecretRule, ...] = (
    SecretRule("aws-access-key-id", Tier.TOKEN,
               _rx(r"(?<![A-Za-z0-9])(?P<v>(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16})(?![A-Za-z0-9])"),
               prefixes=("AKIA", "ASIA", "ABIA", "ACCA", "A3T"), locate=locate_aws),
    prefixed_rule("github-token", _B + r"(?P<v>gh[pousr]_[A-Za-z0-9]{36,251})" + _E,
              ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"), prefix=4),
    prefixed_rule("github-fine-grained-pat", _B + r"(?P<v>github_pat_[A-Za-z0-9_]{60,255})" + _E,
              ("github_pat_",), prefix=11),
    prefixed_rule("gitlab-token",
              _B + r"(?P<v>(?:" + "|".join(_GITLAB_PREFIXES) + r")-[A-Za-z0-9_.-]{20,300})" + _E,
              tuple(p + "-" for p in _GITLAB_PREFIXES), prefix=5),
    prefixed_rule("gitlab-runner-registration-token", _B + r"(?P<v>GR1348941[A-Za-z0-9_-]{20,64})" + _E,
              ("GR1348941",), prefix=9),
    prefixed_rule("slack-token", _B + r"(?P<v>xox[abposre]-[0-9]{1,15}-[A-Za-z0-9-]{10,250})" + _E,
              tuple(f"xox{c}-" for c in "abposre"), prefix=5),
    prefixed_rule("slack-app-token",
              _B + r"(?P<v>xapp-[0-9]-[A-Za-z0-9]{6,16}-[0-9]{6,16}-[A-Za-z0-9]{20,80})" + _E, ("xapp-",),
              prefix=5),
    SecretRule("slack-webhook-url", Tier.TOKEN,
               _rx(r"(?P<v>https?://hooks\.slack\.com/(?:services|workflows|triggers)/(?P<b>[A-Za-z0-9_/+-]{20,200}))"),
               ("hooks.slack.com",), locate=token_check(need_digit=True), window=(8, 320)),
    SecretRule("discord-webhook-url", Tier.TOKEN,
               _rx(r"(?P<v>https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/[0-9]{17,20}/"
                   r"(?P<b>[A-Za-z0-9_-]{60,80}))" + _E),
               ("discord",), locate=token_check(entropy=3.5), window=(40, 200)),
    # not Stripe's own documentation key (`sk_test_4eC39HqLyjWDarjtT1zdp7dc`, printed in every Stripe guide)
    prefixed_rule("stripe-key", _B + r"(?P<v>(?!sk_test_4eC39HqLyjWDarjtT1zdp7dc\b)(?:sk|rk)_(?:live|test|prod)_"
                  r"[A-Za-z0-9]{16,247})" + _E,
              ("sk_live_", "sk_test_", "sk_prod_", "rk_live_", "rk_test_", "rk_prod_"), prefix=8),
    prefixed_rule("stripe-webhook-secret", _B + r"(?P<v>whsec_[A-Za-z0-9+/=]{24,128})" + _E, ("whsec_",), prefix=6),
    prefixed_rule("google-api-key", _B + r"(?P<v>AIza[A-Za-z0-9_-]{35})" + _E, ("AIza",), prefix=4),
    prefixed_rule("openai-api-key",
              _B + r"(?P<v>sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,250}"
              r"|sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20})" + _E,
              ("sk-",), entropy=3.5, prefix=3),
    prefixed_rule("anthropic-api-key", _B + r"(?P<v>sk-ant-[A-Za-z0-9_-]{40,200})" + _E, ("sk-ant-",),
              entropy=3.5, prefix=7),
    prefixed_rule("openrouter-api-key", _B + r"(?P<v>sk-or-v1-[0-9a-f]{64})" + _E, ("sk-or-v1-",), prefix=9),
    prefixed_rule("langfuse-secret-key",
              _B + r"(?P<v>sk-lf-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})" + _E,
              ("sk-lf-",), prefix=6),
    # DeepSeek, Moonshot, legacy OpenAI, ...: `sk-` and 32+ alphanumerics, letters and digits mixed.
    prefixed_rule("sk-api-key", _B + r"(?P<v>sk-[A-Za-z0-9]{32,100})" + _E, ("sk-",), entropy=3.0, prefix=3,
              need_digit=True, need_alpha=True, random_like=0.2),
    prefixed_rule("huggingface-token", _B + r"(?P<v>(?:hf_|api_org_)[A-Za-z0-9]{34})" + _E, ("hf_", "api_org_"),
              entropy=3.5, prefix=3, random_like=0.25),
    prefixed_rule("npm-token", _B + r"(?P<v>npm_[A-Za-z0-9]{36})" + _E, ("npm_",), prefix=4),
    prefixed_rule("pypi-token",
              _B + r"(?P<v>pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,1000})" + _E,
              ("pypi-AgE",), prefix=24),
    prefixed_rule("sendgrid-api-key", _B + r"(?P<v>SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})" + _E, ("SG.",),
              prefix=3),
    prefixed_rule("twilio-api-key", r"(?<![A-Za-z0-9])(?P<v>SK[0-9a-f]{32})(?![A-Za-z0-9])", ("SK",), prefix=2,
              need_alpha=True),
    prefixed_rule("twilio-account-sid", r"(?<![A-Za-z0-9])(?P<v>AC[0-9a-f]{32})(?![A-Za-z0-9])", ("AC",), prefix=2,
              need_alpha=True),
    # `<8-10 digit bot id>:<35 chars>`; the secret part starts with `A` (as gitleaks requires), the id is
    # checked by the locator because `:` ends a token run.
    SecretRule("telegram-bot-token", Tier.TOKEN, _rx(r"(?P<b>A[A-Za-z0-9_-]{34})" + _E), prefixes=("A",),
               locate=locate_telegram),
    prefixed_rule("discord-bot-token",
              r"(?<![\w.-])(?P<v>[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,38})(?![\w.-])",
              ("M", "N", "O"), entropy=3.5, random_like=0.3),
    SecretRule("jwt", Tier.TOKEN,
               _rx(r"(?<![\w-])(?P<v>eyJ[A-Za-z0-9_-]{8,4096}\.eyJ[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{0,4096})"
                   r"(?![\w-])"),
               prefixes=("eyJ",), locate=locate_jwt),
    SecretRule("private-key", Tier.TOKEN,
               _rx(r"-----BEGIN[ A-Z0-9_-]{0,64}PRIVATE KEY(?: BLOCK)?-----"
                   r"(?P<body>(?:[A-Za-z0-9+/=\s:,.\\]|-(?!----)){0,16384})"
                   r"(?:-----END[ A-Z0-9_-]{0,64}PRIVATE KEY(?: BLOCK)?-----)?"),
               ("private key",), locate=locate_private_key, window=(80, 16600)),
    # Memory vendors. Hindsight Cloud keys look like `hsk_<32 hex>_<16 hex>`; Hermes' redactor uses `hsk-`.
    prefixed_rule("hindsight-api-key", _B + r"(?P<v>hsk[_-][A-Za-z0-9_-]{20,160})" + _E, ("hsk_", "hsk-"),
              prefix=4, need_digit=True, need_alpha=True),
    prefixed_rule("mem0-api-key", _B + r"(?P<v>m0-[A-Za-z0-9]{32,64}|mem0_[A-Za-z0-9_-]{20,128})" + _E,
              ("m0-", "mem0_"), entropy=3.5, prefix=3, need_digit=True, need_alpha=True),
    prefixed_rule("retaindb-api-key", _B + r"(?P<v>retaindb_[A-Za-z0-9_-]{20,128})" + _E, ("retaindb_",),
              prefix=9, need_digit=True, need_alpha=True),
    prefixed_rule("byterover-api-key", _B + r"(?P<v>brv_[A-Za-z0-9_-]{20,128})" + _E, ("brv_",), prefix=4,
              need_digit=True, need_alpha=True),
    # More prefixes from Hermes' redactor, with conservative minimum lengths.
    prefixed_rule("xai-api-key", _B + r"(?P<v>xai-[A-Za-z0-9]{30,128})" + _E, ("xai-",), prefix=4, need_digit=True),
    prefixed_rule("groq-api-key", _B + r"(?P<v>gsk_[A-Za-z0-9]{30,128})" + _E, ("gsk_",), prefix=4,
              need_digit=True),
    prefixed_rule("replicate-api-token", _B + r"(?P<v>r8_[A-Za-z0-9]{30,64})" + _E, ("r8_",), prefix=3,
              need_digit=True),
    prefixed_rule("digitalocean-token", _B + r"(?P<v>do[opr]_v1_[a-f0-9]{64})" + _E, ("dop_v1_", "doo_v1_", "dor_v1_"),
              prefix=7),
    prefixed_rule("tavily-api-key", _B + r"(?P<v>tvly-(?:dev-|prod-)?[A-Za-z0-9]{24,64})" + _E, ("tvly-",),
              prefix=5, need_digit=True),
    prefixed_rule("perplexity-api-key", _B + r"(?P<v>pplx-[A-Za-z0-9]{32,64})" + _E, ("pplx-",), prefix=5,
              need_digit=True),
    prefixed_rule("firecrawl-api-key", _B + r"(?P<v>fc-[A-Za-z0-9]{32})" + _E, ("fc-",), prefix=3, need_digit=True,
              need_alpha=True),
    prefixed_rule("notion-token", _B + r"(?P<v>ntn_[A-Za-z0-9]{40,50})" + _E, ("ntn_",), prefix=4, need_digit=True),
    prefixed_rule("fireworks-api-key", _B + r"(?P<v>(?:fw|fpk)_[A-Za-z0-9]{30,64})" + _E, ("fw_", "fpk_"),
              prefix=3, need_digit=True),
    prefixed_rule("shopify-token", _B + r"(?P<v>shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32})" + _E,
              ("shpat_", "shpca_", "shppa_", "shpss_"), prefix=6),
    prefixed_rule("databricks-token", _B + r"(?P<v>dapi[a-f0-9]{32}(?:-[0-9])?)" + _E, ("dapi",), prefix=4,
              need_alpha=True, need_digit=True),
    prefixed_rule("age-secret-key", r"(?P<v>AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})",
              ("AGE-SECRET-KEY-1",), prefix=16),
)

# Values of tier-2 assignments: a quoted string or one unquoted word.
_VALUE = r"(?P<v>\"[^\"\r\n]{1,512}\"|'[^'\r\n]{1,512}'|`[^`\r\n]{1,512}`|[^\s\"'`,;]{1,512})"

CONTEXT_RULES: tuple[SecretRule, ...] = (
    SecretRule("authorization-header", Tier.CONTEXT,
               _rx(r"(?<![\w-])(?:proxy-)?authorization[\"']?[ \t]*[:=][ \t]*[\"']?"
                   r"(?:(?P<scheme>bearer|token|basic|digest|apikey|api-key|sso-key|jwt)[ \t]+)?"
                   r"(?P<v>[A-Za-z0-9._~+/:-]{8,4096}=*)", re.IGNORECASE),
               ("authorization",), locate=locate_auth_header, window=(8, 4300)),
    SecretRule("bearer-token", Tier.CONTEXT,
               _rx(r"(?<![\w-])[Bb]earer[ \t]+(?P<v>[A-Za-z0-9._~+/-]{16,4096}=*)"),
               ("bearer",), locate=locate_bearer, window=(0, 4200), starts=literal_starts("Bearer", "bearer")),
    SecretRule("url-credentials", Tier.CONTEXT,
               # the user may be an unencoded mail address (`smtp://postmaster@mg.example.com:PASS@smtp.host:587`)
               _rx(r"://(?P<user>[^\s:/?#@\"'<>\[\]]{0,128}(?:@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+)?)"
                   r":(?P<v>[^\s/\"'<>]{1,256})@(?=[A-Za-z0-9\[])"),
               ("://",), locate=locate_url_password),
    SecretRule("signed-url-parameter", Tier.CONTEXT,
               _rx(r"[?&;](?:x-amz-signature|x-amz-security-token|x-goog-signature|sig|signature|token|"
                   r"access_token|refresh_token|id_token|auth_token|client_secret|api_key|apikey|api-key|key|"
                   r"password|passwd|pwd|secret|auth|jwt|session|sessionid|session_id|code|private_token|"
                   r"private-token)=(?P<v>[^&\s#\"'<>()\[\]{}|\\^`]{8,2048})", re.IGNORECASE),
               ("=",), locate=locate_query_param),
    SecretRule("keyword-assignment", Tier.CONTEXT,
               _rx(r"(?<![\w.$@-])(?P<kq>[\"'`]?)(?P<key>[$@]?-{0,2}[^\W\d][\w.-]{0,80})(?P=kq)"
                   r"[ \t]{0,4}(?:\*\*[ \t]{0,2})?(?P<op>:=|=>|\?=|\|\|=|=(?!=)|:(?![:/])|,)"
                   r"[ \t]{0,8}(?:\*\*[ \t]{0,2})?" + _VALUE),
               KEY_STEMS, locate=locate_assignment, window=(100, 700), anchor=assignment_start, needs_value=True),
    SecretRule("k8s-env-value", Tier.CONTEXT,
               _rx(r"\bname:[ \t]*[\"']?(?P<key>[\w.-]{1,80})[\"']?[ \t]*\r?\n[ \t]*(?:-[ \t]+)?value:[ \t]*"
                   + _VALUE),
               ("value:",), locate=locate_keyed, window=(150, 600), requires=("name:",),
               starts=literal_starts("name:")),
    SecretRule("xml-secret-element", Tier.CONTEXT,
               _rx(r"<(?P<key>[\w:.-]{1,80})>(?P<v>[^<\r\n]{1,512})</(?P=key)>"),
               KEY_STEMS, locate=locate_keyed, window=(100, 700), anchor=tag_start, requires=("</",), needs_value=True),
    SecretRule("cli-password-flag", Tier.CONTEXT,
               _rx(r"(?<![\w-])--(?:password|passwd|pass|token|api-key|apikey|secret|client-secret|auth-token|"
                   r"access-token|db-password|admin-password|dbpass)[ \t]+"
                   r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'`;|&]{1,256})", re.IGNORECASE),
               ("--",), locate=locate_cli_password, window=(0, 300), starts=literal_starts("--")),
    SecretRule("mysql-password-flag", Tier.CONTEXT,
               _rx(r"\b(?:mysql(?:dump|admin|sh)?|mariadb(?:-dump|-admin)?)\b[^\r\n]{0,200}?[ \t]-p"
                   r"(?P<v>'[^'\r\n]{1,128}'|\"[^\"\r\n]{1,128}\"|[^\s\"'`;|&-][^\s\"'`;|&]{3,127})"),
               ("mysql", "mariadb"), locate=locate_cli_password, window=(0, 400),
               starts=literal_starts("mysql", "mariadb")),
    SecretRule("curl-user-password", Tier.CONTEXT,
               _rx(r"\bcurl\b[^\r\n]{0,300}?[ \t](?:-[A-Za-z]*u|--user)(?:[ \t]*|=)[\"']?(?P<user>[^\s:\"']{1,128}):"
                   r"(?P<v>[^\s\"']{3,256})"),
               ("curl",), locate=locate_url_password, window=(0, 1000), starts=literal_starts("curl")),
    SecretRule("prose-secret", Tier.CONTEXT,
               # Anchored at the keyword: `key` only counts after `api`, `access`, `secret` or `private`.
               _rx(r"(?P<noun>(?<![\w-])(?:password|passwd|passphrase|passcode|pass[ -]word|pass|pwd|pw|pin|"
                   r"token|bearer|secreto|secret|"
                   r"credentials?|contraseña|contrasena|clave(?:[ \t]+(?:de[ \t]+)?(?:acceso|api|la[ \t]+api))?|llave)"
                   r"|(?:(?<=api[ _-])|(?<=api)|(?<=access[ _-])|(?<=secret[ _-])|(?<=private[ _-]))key)"
                   r"(?![\w-])"
                   # up to two qualifying words: `clave privada`, `clave SMTP`, `password temporal`
                   r"(?P<quals>(?:[ \t]+(?!(?:is|es|was|era|for|of|to|on|in|at|de|del|para|en|a|has|ha|se|sigue|"
                   r"remains|still|now|ahora|changed|set|reset|updated|rotated|cambiad[oa]|cambió|actualizad[oa])"
                   r"(?![\w-]))"
                   r"[^\W\d_][^\W\d]{1,20}+(?![\w-])){0,2})"
                   # `for the staging site`, `de la VM 104`: whole words, so the verb is tried at word starts only
                   # or a relative clause: `que le puse`, `q usa el panel`
                   r"(?:(?:[ \t]+(?:for|of|to|on|in|at|de|del|para|en|que|q)(?:[ \t]+[^\s:;=]{1,40}+){1,7}?)?"
                   # an aside before the value: `(web UI y SSH):`
                   r"(?:[ \t]+\([^()\r\n]{1,80}\))?"
                   r"(?:(?P<verb>(?:[ \t]+(?:has[ \t]+been|was|is|se|ha[ \t]+sido))?[ \t]+(?:changed|set|reset|"
                   r"updated|rotated|cambiad[oa]|cambió|actualizad[oa])(?:[ \t]+(?:to|a)|[ \t]*:)"
                   r"|[ \t]+(?:to|a)(?=[ \t]+\S*[\d!#$%&*@^~])"
                   r"|[ \t]+(?:is|was|will[ \t]+be|is[ \t]+now|is[ \t]+still|still[ \t]+is|remains|are|es|era|fue|será|"
                   r"sería|es[ \t]+ahora|ahora[ \t]+es|sigue[ \t]+siendo|sigue[ \t]+es|queda|quedó)(?![\w-])"
                   r"(?:[ \t]+(?:en|como|literally|literalmente|just|simply|simplemente|actually|really|still|todavia|"
                   r"todavía|aun|aún))?)"
                   # `hint for you: it's X`: a copula may follow the colon, too
                   r"|[ \t]*+(?:[:=]|->|=>|→)(?:[ \t]*+(?:it['’]?s|it[ \t]+is|that['’]?s)(?=[ \t]))?)"
                   r"|(?P<bare>[ \t]++))"
                   # app passwords as shown: WordPress's six groups of four (an upper case letter or digit among
                   # them), Google's four lowercase groups
                   # possessive blanks (`*+`, `++`): what follows never starts with one, and plain ones backtrack
                   # cubically over a long run of spaces
                   r"[ \t]*+[:=]?[ \t]*+[\"'`«“]?"
                   r"(?P<v>(?=[A-Za-z0-9]{4} )(?=[A-Za-z0-9 ]{0,28}(?-i:[A-Z0-9]))"
                   r"[A-Za-z0-9]{4}(?: [A-Za-z0-9]{4}){5}(?![\w-])"
                   r"|[a-z]{4} [a-z]{4} [a-z]{4} [a-z]{4}(?![\w-])|[^\s\"'`»”]{4,256})",
                   re.IGNORECASE),
               ("pass", "key", "token", "bearer", "secret", "credential", "contrase", "clave", "llave", "pw", "pin"),
               locate=locate_prose, window=(0, 420), anchor=prose_noun_start, needs_value=True),
)

ENTROPY_RULES: tuple[SecretRule, ...] = (
    # Tried at every token start (prefix ""); `.` ends the string, so JWT-like parts are judged one by one.
    SecretRule("high-entropy-string", Tier.ENTROPY, _rx(r"(?P<v>[A-Za-z0-9+/_-]{32,})={0,2}"), prefixes=("",),
               locate=locate_entropy_run),
)


RULES: tuple[SecretRule, ...] = (TOKEN_RULES + SERVICE_TOKEN_RULES + VENDOR_TOKEN_RULES + CONTEXT_RULES
                                 + SERVICE_CONTEXT_RULES + CUE_RULES + CLAUSE_RULES + CREDENTIAL_FILE_RULES
                                 + ENTROPY_RULES)
