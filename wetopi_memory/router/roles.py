"""Terms that play a role in another scope's statement, as plain data: they name an object, not a topic.

- `COMMERCIAL_OBJECTS`: platform terms that, in a message with a business anchor, name a feature of what is sold
  ("el plan Pro incluye backups diarios y staging", "upsell the backup add-on"). When they are all the platform
  evidence of such a message, platform is not suggested. Supplier names (Hetzner, Cloudflare, OVH) are not here:
  two of the four tuning authors route "the Hetzner contract renewal" to platform as well, two do not.
- `AUDIENCE_WORDS`: business terms that, in the speaker's own habit or schedule, only say whom or what it is
  about ("yo con los clientes grandes prefiero llamar", "mañana tengo reunión con el proveedor"). When they
  are all the business evidence of a personal statement, business is not suggested; prices, contracts,
  revenue or a named deal still are.
- `REMINDER_WORDS`: a reminder to set is personal only when nothing else is its topic (see below).
- Only the built-in rules' terms play these roles; a term of a `routing.rules` entry in config.yaml always counts.
"""

from __future__ import annotations

from typing import Final

COMMERCIAL_OBJECTS: Final = frozenset({
    # what a hosting company sells: features of a plan
    "backup", "copia de seguridad", "staging", "hosting", "woocommerce", "wordpress", "disco", "disk", "domain",
    "dominio", "cdn", "ssl", "storage", "almacenamiento",
})

AUDIENCE_WORDS: Final = frozenset({
    "customer", "cliente", "client", "clienta", "investor", "inversor", "inversores", "sales", "ventas", "venta",
    "sales call", "sales team", "equipo comercial", "proveedor", "supplier", "vendor",
    "invoice", "factura", "invoices", "facturas", "comercial", "demo", "demos",
    # the work a habit is about: "me cuesta concentrarme con cuentas grandes", "prefiero cerrar la facturación el 28"
    "facturación", "billing", "cuentas", "negociación", "negotiation",
    "board meeting", "contratación", "entrevista", "hiring",
})

# A reminder to set ("recuérdame llamar a Fundación Alba por la renovación", "remind me to send the pricing deck")
# says what to do, not what it is about: with another scope's anchor, that scope is the topic; alone, or with
# words of the speaker's life ("remind me to call my mum"), it stays personal.
REMINDER_WORDS: Final = frozenset({"recuérdame", "remind me"})

# By the scope whose terms they are (`compiled.Term.names_object`).
ROLE_OBJECTS: Final = {"platform": COMMERCIAL_OBJECTS, "business": AUDIENCE_WORDS, "personal": REMINDER_WORDS}
