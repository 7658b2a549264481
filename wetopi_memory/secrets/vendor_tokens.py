"""Tier-1 vendor tokens beyond the big providers: the services a hosting team wires into its CI, monitoring and
SaaS tools (Tailscale, Grafana, Doppler, Sentry, Atlassian, Postman, New Relic, …), each by its published prefix
and shape, so a token is refused wherever it appears, with or without a word saying what it is."""

from __future__ import annotations

import re

from .findings import Tier
from .rule import SecretRule, literal_starts
from .token_locators import TOKEN_END, TOKEN_START, prefixed_rule, token_check

_B, _E = TOKEN_START, TOKEN_END
_HEX = "[a-f0-9]"
_GUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"

VENDOR_TOKEN_RULES: tuple[SecretRule, ...] = (
    prefixed_rule("tailscale-key",
                  _B + r"(?P<v>tskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9]{6,40}-(?P<b>[A-Za-z0-9]{16,80}))"
                  + _E, ("tskey-",), need_digit=True),
    prefixed_rule("grafana-service-account-token", _B + r"(?P<v>glsa_(?P<b>[A-Za-z0-9]{32})_[A-Fa-f0-9]{8})" + _E,
                  ("glsa_",)),
    prefixed_rule("grafana-cloud-token", _B + r"(?P<v>glc_(?P<b>[A-Za-z0-9+/]{32,400})={0,2})(?![A-Za-z0-9+/=_-])",
                  ("glc_",), need_digit=True),
    prefixed_rule("doppler-token",
                  _B + r"(?P<v>dp\.(?:st|sa|ct|pt|scim|audit)\.(?:[a-z0-9_-]{2,35}\.)?(?P<b>[A-Za-z0-9]{40,44}))" + _E,
                  ("dp.",)),
    prefixed_rule("linear-api-key", _B + r"(?P<v>lin_(?:api|oauth)_(?P<b>[A-Za-z0-9]{40}))" + _E, ("lin_",)),
    prefixed_rule("sentry-token", _B + r"(?P<v>sntry[us]_(?P<b>[A-Za-z0-9+/=_-]{64,200}))(?![A-Za-z0-9+/=_-])",
                  ("sntryu_", "sntrys_")),
    prefixed_rule("atlassian-api-token", _B + r"(?P<v>AT(?:ATT|CTT)3x(?P<b>[A-Za-z0-9_=-]{150,300}))" + _E,
                  ("ATATT3x", "ATCTT3x")),
    prefixed_rule("bitbucket-app-password", _B + r"(?P<v>ATBB(?P<b>[A-Za-z0-9_=.-]{28,64}))" + _E, ("ATBB",),
                  need_digit=True),
    prefixed_rule("postman-api-key", _B + r"(?P<v>PMAK-" + _HEX + "{24}-(?P<b>" + _HEX + "{34}))" + _E, ("PMAK-",)),
    prefixed_rule("new-relic-key", _B + r"(?P<v>NR(?:AK|JS|II|AA)-(?P<b>[A-Za-z0-9]{19,32}))" + _E,
                  ("NRAK-", "NRJS-", "NRII-", "NRAA-"), need_digit=True),
    prefixed_rule("pulumi-token", _B + r"(?P<v>pul-(?P<b>" + _HEX + "{40}))" + _E, ("pul-",), need_alpha=True),
    prefixed_rule("sonarqube-token", _B + r"(?P<v>sq[upa]_(?P<b>" + _HEX + "{40}))" + _E,
                  ("squ_", "sqp_", "sqa_"), need_alpha=True),
    prefixed_rule("1password-service-account-token", _B + r"(?P<v>ops_(?P<b>eyJ[A-Za-z0-9+/=_-]{100,4096}))" + _E,
                  ("ops_eyJ",)),
    prefixed_rule("mailgun-api-key", _B + r"(?P<v>key-(?P<b>" + _HEX + "{32}))" + _E, ("key-",), need_alpha=True,
                  need_digit=True),
    prefixed_rule("mapbox-secret-token", _B + r"(?P<v>sk\.eyJ(?P<b>[A-Za-z0-9_-]{30,}\.[A-Za-z0-9_-]{20,}))" + _E,
                  ("sk.eyJ",)),
    prefixed_rule("google-oauth-client-secret", _B + r"(?P<v>GOCSPX-(?P<b>[A-Za-z0-9_-]{28}))" + _E,
                  ("GOCSPX-",)),
    prefixed_rule("google-oauth-access-token", _B + r"(?P<v>ya29\.(?P<b>[A-Za-z0-9_-]{50,2048}))" + _E,
                  ("ya29.",)),
    prefixed_rule("fly-io-token", _B + r"(?P<v>(?:fo1|fm1[ar]?|fm2)_(?P<b>[A-Za-z0-9+/=_-]{40,4096}))" + _E,
                  ("fo1_", "fm1_", "fm1a_", "fm1r_", "fm2_")),
    prefixed_rule("netlify-token", _B + r"(?P<v>nf[pc]_(?P<b>[A-Za-z0-9]{36,40}))" + _E, ("nfp_", "nfc_"),
                  need_digit=True),
    prefixed_rule("supabase-token", _B + r"(?P<v>sb[pa]_(?P<b>" + _HEX + "{40}))" + _E, ("sbp_", "sba_"),
                  need_alpha=True),
    prefixed_rule("planetscale-token",
                  _B + r"(?P<v>pscale_(?:tkn|oauth|pw)_(?P<b>[A-Za-z0-9_.-]{32,64}))" + _E, ("pscale_",)),
    prefixed_rule("render-api-key", _B + r"(?P<v>rnd_(?P<b>[A-Za-z0-9]{32}))" + _E, ("rnd_",), need_digit=True),
    prefixed_rule("circleci-token", _B + r"(?P<v>CCI(?:PAT|PRJ)_[A-Za-z0-9]{22}_(?P<b>" + _HEX + "{40}))" + _E,
                  ("CCIPAT_", "CCIPRJ_")),
    prefixed_rule("buildkite-token", _B + r"(?P<v>bkua_(?P<b>" + _HEX + "{40}))" + _E, ("bkua_",),
                  need_alpha=True),
    prefixed_rule("dynatrace-token",
                  _B + r"(?P<v>dt0[a-z][0-9]{2}\.[A-Z0-9]{24}\.(?P<b>[A-Z0-9]{64}))" + _E, ("dt0",)),
    prefixed_rule("jfrog-token", _B + r"(?P<v>(?:cmVmdGtuOjAxOj|AKCp)(?P<b>[A-Za-z0-9]{40,100}))" + _E,
                  ("cmVmdGtuOjAxOj", "AKCp")),
    prefixed_rule("square-token", _B + r"(?P<v>sq0(?:atp|csp)-(?P<b>[A-Za-z0-9_-]{22,43}))" + _E,
                  ("sq0atp-", "sq0csp-")),
    prefixed_rule("contentful-token", _B + r"(?P<v>CFPAT-(?P<b>[A-Za-z0-9_-]{43}))" + _E, ("CFPAT-",)),
    prefixed_rule("figma-token", _B + r"(?P<v>fig[dou]_(?P<b>[A-Za-z0-9_-]{40}))" + _E, ("figd_", "figo_", "figu_")),
    prefixed_rule("airtable-token", _B + r"(?P<v>pat[A-Za-z0-9]{14}\.(?P<b>" + _HEX + "{64}))" + _E, ("pat",)),
    prefixed_rule("alibaba-access-key-id", r"(?<![A-Za-z0-9])(?P<v>LTAI(?P<b>[A-Za-z0-9]{20}))(?![A-Za-z0-9])",
                  ("LTAI",), need_digit=True),
    prefixed_rule("pinecone-api-key", _B + r"(?P<v>pcsk_[A-Za-z0-9]{4,10}_(?P<b>[A-Za-z0-9]{50,80}))" + _E,
                  ("pcsk_",)),
    prefixed_rule("langsmith-api-key", _B + r"(?P<v>lsv2_(?:pt|sk)_(?P<b>" + _HEX + "{32})_" + _HEX + "{10})" + _E,
                  ("lsv2_",)),
    prefixed_rule("honeycomb-key", _B + r"(?P<v>hc[ax](?:ik|mk|ic)_(?P<b>[0-9a-z]{56,64}))" + _E,
                  ("hcaik_", "hcxik_", "hcamk_", "hcxmk_", "hcaic_", "hcxic_")),
    # Backblaze B2 application keys: `K` and a three-digit cluster number, then 27 random characters
    prefixed_rule("backblaze-application-key",
                  r"(?<![A-Za-z0-9+/])(?P<v>K00\d(?P<b>[A-Za-z0-9+/]{27}))(?![A-Za-z0-9+/=])", ("K00",),
                  need_digit=True),
    # Brevo (ex Sendinblue) API and SMTP keys; WooCommerce REST consumer keys and secrets
    prefixed_rule("brevo-key", _B + r"(?P<v>x(?:keysib|smtpsib)-(?P<b>" + _HEX + "{64})-[A-Za-z0-9]{16})" + _E,
                  ("xkeysib-", "xsmtpsib-")),
    prefixed_rule("woocommerce-rest-key", _B + r"(?P<v>c[ks]_(?P<b>" + _HEX + "{40}))" + _E, ("ck_", "cs_"),
                  need_alpha=True, need_digit=True),
    # a logged-in WordPress session cookie: whoever holds it is logged in as that user
    prefixed_rule("wordpress-session-cookie",
                  r"(?<![\w])(?P<v>wordpress_(?:logged_in|sec)_[0-9a-f]{32}=(?P<b>[^\s;,\"']{20,1024}))",
                  ("wordpress_logged_in_", "wordpress_sec_")),
    # an ngrok agent token after its flag or key (`ngrok config add-authtoken …`, `NGROK_AUTHTOKEN=…`)
    SecretRule("ngrok-authtoken", Tier.TOKEN,
               re.compile(r"authtoken[\s:=\"']{1,4}(?P<v>[0-9][A-Za-z0-9]{20,40}_(?P<b>[A-Za-z0-9]{15,40}))" + _E,
                          re.IGNORECASE),
               keywords=("authtoken",), window=(0, 120), locate=token_check(need_digit=True)),
    # Microsoft Teams incoming webhooks (`…webhook.office.com/webhookb2/<group>@<tenant>/IncomingWebhook/<32 hex>/
    # <owner>[/<signature>]`, and the older `outlook.office.com/webhook/`): anyone holding the URL can post.
    SecretRule("teams-webhook-url", Tier.TOKEN,
               re.compile(r"(?P<v>https?://[\w.-]{0,100}office(?:365)?\.com/webhook(?:b2)?/" + _GUID + "@" + _GUID
                          + r"/IncomingWebhook/(?P<b>[0-9a-fA-F]{32})/" + _GUID + r"(?:/[A-Za-z0-9_-]{16,128})?)" + _E),
               keywords=("office.com/webhook", "office365.com/webhook"), window=(110, 400), locate=token_check(),
               starts=literal_starts("http")),
    # no prefix of its own: found from the `.atlasv1.` inside it
    SecretRule("terraform-cloud-token", Tier.TOKEN,
               re.compile(r"(?<![A-Za-z0-9])(?P<v>[A-Za-z0-9]{14}\.atlasv1\.(?P<b>[A-Za-z0-9_-]{60,100}))" + _E),
               keywords=("atlasv1",), window=(16, 120), locate=token_check()),
    # any vendor's key in the `<kind>_live_` / `_test_` / `_prod_` convention Stripe made common (`npt_live_…`): no
    # prefix of its own, found from the environment word inside it; a publishable key (`pk_…`) is public by design,
    # and Stripe's documentation key is printed in every guide
    SecretRule("live-test-key", Tier.TOKEN,
               re.compile(r"(?<![A-Za-z0-9_])(?P<v>(?!pk_)(?!sk_test_4eC39HqLyjWDarjtT1zdp7dc\b)[a-z]{2,10}_"
                          r"(?:live|test|prod)_(?P<b>[A-Za-z0-9]{24,128}))" + _E),
               keywords=("_live_", "_test_", "_prod_"), window=(12, 140),
               locate=token_check(entropy=3.5, need_digit=True, need_alpha=True)),
)
