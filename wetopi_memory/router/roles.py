"""Terms that play a role in another scope's statement, as plain data: they name an object, not a topic.

- `COMMERCIAL_OBJECTS`: platform terms that, in a message with a business anchor, name a feature of what is sold
  ("el plan Pro incluye backups diarios y staging", "upsell the backup add-on"), or the supplier a deal is with
  ("is the OVH contract annual?", "cuánto pagamos a Cloudflare"). When they are all the platform evidence of such
  a message, platform is not suggested. The authors disagree on suppliers: the first two route "the Hetzner
  contract renewal" to platform as well, the blind authors of tune4, tune8 and tune20 do not (13 messages gained,
  8 lost over twenty parts).
- `AUDIENCE_WORDS`: business terms that, in the speaker's own habit or schedule, only say whom or what it is
  about ("yo con los clientes grandes prefiero llamar", "mañana tengo reunión con el proveedor"). When they
  are all the business evidence of a personal statement, business is not suggested; prices, contracts,
  revenue or a named deal still are.
- `AFFECTED_PARTIES`: business terms that, in a message with a platform anchor, only say whom a technical matter
  affects ("TLS handshake fails only from one customer's office", "el ingress del nuevo cliente"). When they are
  all the business evidence, business is not suggested: thirteen authors label such messages platform alone 26
  times in 33; the rest carry a business word the rules do not know ("the customer notice email").
- `REMINDER_WORDS`: a reminder to set is personal only when nothing else is its topic (see below).
- `CONTENT_FRAMES`: business terms that name a piece of the company's marketing content being written or judged
  (a landing, an ad, a tweet, a LinkedIn post, a YouTube video). The platform terms of such a message are what
  the content talks about ("Haz un post para LinkedIn sobre nuestro nuevo centro de datos", "Rejecting 'Powered
  by Kubernetes' as the ad headline"): platform is not suggested, unless the message asks whether a claim is
  true of the platform (`FACT_CHECKS`: "¿es verdad?", "is it true our nodes run on Proxmox?", "technically").
- Only the built-in rules' terms play these roles; a term of a `routing.rules` entry in config.yaml always counts.
"""

from __future__ import annotations

from typing import Final

COMMERCIAL_OBJECTS: Final = frozenset({
    # what a hosting company sells: features of a plan
    "backup", "copia de seguridad", "staging", "hosting", "woocommerce", "wordpress", "disco", "disk", "domain",
    "dominio", "cdn", "ssl", "storage", "almacenamiento", "ssh", "status page", "uptime page", "página de estado",
    # whom a business deal is with: a supplier named beside a price, a contract or a margin
    "hetzner", "ovh", "cloudflare",
})

AUDIENCE_WORDS: Final = frozenset({
    "customer", "cliente", "client", "clienta", "investor", "inversor", "inversores", "sales", "ventas", "venta",
    "sales call", "sales team", "equipo comercial", "proveedor", "supplier", "vendor",
    "invoice", "factura", "invoices", "facturas", "comercial", "demo", "demos",
    # the work a habit is about: "me cuesta concentrarme con cuentas grandes", "prefiero cerrar la facturación el 28"
    "facturación", "billing", "cuentas", "negociación", "negotiation",
    "board meeting", "contratación", "entrevista", "hiring", "linkedin",
})

AFFECTED_PARTIES: Final = frozenset({"customer", "cliente", "client", "clienta"})

# A reminder to set ("recuérdame llamar a Fundación Alba por la renovación", "remind me to send the pricing deck")
# says what to do, not what it is about: with another scope's anchor, that scope is the topic; alone, or with
# words of the speaker's life ("remind me to call my mum"), it stays personal.
REMINDER_WORDS: Final = frozenset({"recuérdame", "remind me"})

CONTENT_FRAMES: Final = frozenset({
    "landing", "landing page", "linkedin", "instagram", "tweet", "tweets", "carrusel", "carousel", "anuncio",
    "anuncios", "headline", "titular", "tagline", "eslogan", "slogan", "alt text", "youtube", "blog post",
    "post del blog", "ad copy", "pitch",
})

FACT_CHECKS: Final = frozenset({
    "is it true", "es verdad", "es cierto", "check with platform", "technically", "técnicamente", "without lying",
    "sin mentir", "de verdad los", "de verdad lo", "de verdad la", "de verdad las", "are we actually",
    "are we really", "do we actually", "do we really",
})

# The speaker's own words, kept to herself: a meaning she gives a phrase ("when I say 'the big one' I mean the Vidal
# deal, not the cluster upgrade") or a matter she says is hers alone ("esto es para ti y para nadie más: estoy
# valorando vender mi parte de la empresa"). What the statement names is only its referent: personal alone.
OWN_WORDS: Final = frozenset({
    "when i say", "cuando digo", "cuando diga", "cuando hable de", "cuando hablo de", "es algo mío",
    "para nadie más", "entre tú y yo", "between you and me", "just between us",
})

# `compiled.Term.role`: the role a built-in term plays in the message's framing, by the scope whose term it is
FRAME_ROLES: Final = {"business": (CONTENT_FRAMES, "content"), "platform": (FACT_CHECKS, "fact_check"),
                      "personal": (OWN_WORDS, "own_words")}

# By the scope whose terms they are (`compiled.Term.names_object`).
ROLE_OBJECTS: Final = {"platform": COMMERCIAL_OBJECTS, "business": AUDIENCE_WORDS, "personal": REMINDER_WORDS}
