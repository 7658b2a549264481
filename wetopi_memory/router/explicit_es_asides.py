"""Explicit memory requests in Spanish (design §7) that lean on an aside: a question next to what was said or written.

- Told before, next to a question ("¿A qué hora es el pádel? Te lo dije el otro día"), half a memory ("me suena que
  lo hablamos"), a lapse next to a question about ours ("¿Cuál es nuestra regla…? Se me olvida siempre"), the same
  trouble before ("¿Esto ya nos pasó con otro cliente?").

Not requests: "as I said" in passing ("como te lo dije, …"), a lapse about the speaker's own how-to ("no me acuerdo
del comando").
"""

from __future__ import annotations

from .explicit_base import PAST_WE, ExplicitTrigger

# the speaker's own lapse ending a clause ("…? No me acuerdo", "se me olvida siempre"), not "no me acuerdo del comando"
_LAPSE_ES = (r"\b(?:no\s+(?:me\s+acuerdo|lo\s+recuerdo|recuerdo)|se\s+me\s+(?:ha\s+)?olvid(?:a|o|ado))"
             r"(?:\s+(?:siempre|otra\s+vez|cada\s+vez|ya|bien))?\s*(?:[.!:;?,]|$)")
# ... next to a question about our or the speaker's own things ("¿cuál es nuestra regla…?", "¿quedamos en que…?")
_OURS_ASKED_ES = (r"\b(?:que|cual|cuales|como|cuando|donde|quien|cuanto|cuanta)\b[^.!?]*\b(?:nuestr[oa]s?|mis?)\b"
                  r"[^.!?]*\?")
# "como te lo dije, …" is "as I said" too
_AS_I_SAID_ANY = r"\bcomo\s+(?:ya\s+)?te\s+(?:lo|la|los|las)\s+"

ES_ASIDES: tuple[ExplicitTrigger, ...] = (
    ExplicitTrigger("es.te_lo_dije",   # "¿A qué hora es el pádel? Te lo dije el otro día": told before, in a question
                    r"\b(?:(?:creo|juraria|me\s+parece)\s+que\s+(?:ya\s+)?te\s+(?:lo|la|los|las)\s+(?:dije|conte|comente|mencione)|"
                    r"te\s+(?:lo|la|los|las)\s+(?:dije|conte|comente|mencione|explique|pase|habia\s+(?:dicho|contado|"
                    r"comentado|mencionado))(?=\s+(?:ayer|antes|el\s+otro\s+dia|la\s+semana\s+pasada|el\s+mes\s+pasado|"
                    r"hace\s+\w+|en\s+su\s+dia|una\s+vez|alguna\s+vez|ya)\b))\b",
                    ("dije", "conte", "comente", "mencione", "explique", "pase", "habia"), requires=("te",),
                    also=r"\?", unless=_AS_I_SAID_ANY),
    ExplicitTrigger("es.recuerdo_que_hablamos",   # "¿Vamos al WordCamp? Me suena que lo hablamos": half a memory, asked
                    rf"\b(?:recuerdo|recordaba|me\s+suena|creo\s+recordar|me\s+parece\s+recordar)\s+que\s+"
                    rf"(?:(?:lo|la|los|las|le|les|ya|nos)\s+){{0,2}}{PAST_WE}\b",
                    ("recuerdo", "recordaba", "suena", "recordar"), requires=("que",), also=r"\?"),
    ExplicitTrigger("es.no_me_acuerdo",   # "¿Cuál es nuestra regla…? Se me olvida siempre": a lapse next to a question
                    _LAPSE_ES, ("acuerdo", "recuerdo", "olvida", "olvido", "olvidado"), also=_OURS_ASKED_ES),
    ExplicitTrigger("es.ya_nos_paso",   # "¿Esto ya nos pasó con otro cliente?": the same trouble, settled before
                    r"\b(?:(?:esto|eso)\s+(?:ya\s+)?nos\s+(?:paso|ha\s+pasado|habia\s+pasado)|ya\s+nos\s+(?:paso|ha\s+pasado|"
                    r"habia\s+pasado)\s+(?:esto|eso|algo\s+(?:asi|parecido|similar))|nos\s+(?:ha|habia)\s+pasado\s+"
                    r"(?:esto|eso|algo\s+(?:asi|parecido|similar))\s+(?:antes|ya|alguna\s+vez))\b",
                    ("paso", "pasado"), requires=("nos",), also=r"\?"),
)
