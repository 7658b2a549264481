"""Explicit memory requests that ask to check our past rather than to tell it (design §7), as data.

The speaker doubts or half remembers what we settled and wants it checked ("I thought we agreed prune was off…",
"we had an ignoreDifferences for that, didn't we?", "creía que habíamos quedado en…"), asks whether a record exists
("Busca si tenemos un runbook para esto", "¿Tenemos algo dicho sobre teletrabajo?", "no sé si lo tenemos escrito"),
or asks what a record or an adviser said ("¿Qué decía el postmortem…?", "What did the physio say?", "Our logo
colours, what were they again?").
"""

from __future__ import annotations

from .explicit_base import PAST_WE, ExplicitTrigger

__all__ = ["CHECK_TRIGGERS"]

# the kinds of record we keep: a runbook, a postmortem, a contract, notes
_RECORDS = (r"(?:runbooks?|procedimientos?|procedures?|docs?|documentos?|documentacion|documentation|notas?|notes|"
            r"postmortems?|post-mortems?|politicas?|polic(?:y|ies)|acuerdos?|agreements?|reglas?|rules?|precedentes?|"
            r"precedents?|playbooks?|guias?|guides?|wiki|actas?|minutes|contratos?|contracts?|informes?|reports?)")
_RECORD_WORDS = ("runbook", "runbooks", "procedimiento", "procedimientos", "procedure", "procedures", "doc", "docs",
                 "documento", "documentos", "documentacion", "documentation", "nota", "notas", "notes", "postmortem",
                 "postmortems", "politica", "politicas", "policy", "policies", "acuerdo", "acuerdos", "agreement",
                 "agreements", "regla", "reglas", "rule", "rules", "precedente", "precedentes", "precedent",
                 "precedents", "playbook", "playbooks", "guia", "guias", "guide", "guides", "wiki", "acta", "actas",
                 "minutes", "contrato", "contratos", "contract", "contracts", "informe", "informes", "report",
                 "reports", "post")
# whoever advised us or the speaker, whose word we would have kept
_ADVISERS = (r"(?:board|physio|physiotherapist|doctor|dentist|vet|gp|therapist|coach|accountant|lawyer|gestor|"
             r"advisor|adviser|consultant|auditor|insurer)")

CHECK_TRIGGERS: tuple[ExplicitTrigger, ...] = (
    ExplicitTrigger("en.i_thought_we_agreed",   # "I thought we agreed prune was off…", "I'm pretty sure we agreed"
                    r"\b(?:i\s+thought|i'?m\s+(?:pretty\s+|quite\s+|fairly\s+)?sure|i\s+m\s+(?:pretty\s+|quite\s+)?sure|"
                    r"pretty\s+sure|i\s+could\s+(?:have\s+)?sworn)\s+(?:that\s+)?we\s+(?:had\s+|already\s+)?"
                    r"(?:agreed|decided|said|settled|ruled|promised|signed)\b",
                    ("agreed", "decided", "said", "settled", "ruled", "promised", "signed"), requires=("we",)),
    ExplicitTrigger("es.creia_que_acordamos",   # "Creía que habíamos quedado en que…", "juraría que lo descartamos"
                    rf"\b(?:creia|pensaba|juraria|estoy\s+(?:casi\s+)?segur[oa]\s+de)\s+que\s+(?:ya\s+)?"
                    rf"(?:(?:lo|la|los|las|nos|le|les)\s+)?(?:habiamos\s+(?:quedado|acordado|decidido|dicho|pactado|"
                    rf"descartado|hablado)|{PAST_WE})\b",
                    ("creia", "pensaba", "juraria", "segura", "seguro"), requires=("que",)),
    ExplicitTrigger("en.we_had_didnt_we",   # "I think we had an ignoreDifferences for that, didn't we?"
                    r"\bwe\s+(?:had|agreed|decided|set|used|said|put|moved|changed|added|wrote|kept|dropped)\b"
                    r"[^?.!]{0,100}?,?\s*(?:didn'?t|didn\s+t|hadn'?t|hadn\s+t)\s+we\s*\?",
                    ("didn", "didnt", "hadn", "hadnt"), requires=("we",)),
    ExplicitTrigger("en.search_if_we_have_a_runbook",   # "Busca si tenemos un runbook para esto", "check if we have
                    # a policy for…": whether the record exists is asked of memory
                    rf"\b(?:busca|buscame|mira|comprueba|revisa|check|see|look|search)\s+(?:a\s+ver\s+)?(?:si|if|"
                    rf"whether)\s+(?:ya\s+)?(?:tenemos|teniamos|hay|habia|we\s+have|we\s+had|we\s+ve\s+got|we'?ve\s+got|"
                    rf"there'?s|there\s+is)\s+(?:algun[oa]?\s+|algo\s+de\s+|un[oa]?\s+|a\s+|an\s+|any\s+|some\s+)?"
                    rf"{_RECORDS}\b", _RECORD_WORDS),
    ExplicitTrigger("es.tenemos_algo_dicho",   # "¿Tenemos algo dicho sobre teletrabajo…?", "si lo tenemos escrito"
                    r"\b(?:tenemos|teniamos|tienes|habia|hay)\s+algo\s+(?:dicho|hablado|acordado|decidido|pactado|"
                    r"definido|escrito|establecido)\b|\bsi\s+(?:(?:lo|la|los|las)\s+)?(?:tenemos|teniamos)\s+"
                    r"(?:escrito|documentado)\b",
                    ("dicho", "hablado", "acordado", "decidido", "pactado", "definido", "escrito", "establecido",
                     "documentado")),
    ExplicitTrigger("es.que_decia_el_postmortem",   # "¿Qué decía el postmortem de la última vez que…?"
                    rf"\b(?:que|como)\s+(?:decia|ponia|decian|ponian)\s+(?:el|la|los|las|nuestro|nuestra|nuestros|"
                    rf"nuestras)\s+(?:{_RECORDS}|condiciones|terminos|correos?|emails?|presupuestos?|propuestas?)\b",
                    ("decia", "ponia", "decian", "ponian"), gated=True,
                    accented=r"\b(?:qué|cómo)\s+(?:decía|ponía|decían|ponían)\b"),
    ExplicitTrigger("en.what_did_the_physio_say",   # "What did the physio say, do you have it?"
                    rf"\bwhat\s+did\s+(?:the|our|my)\s+(?:last\s+)?(?:{_ADVISERS}|postmortem|post-mortem|runbook|"
                    rf"contract|minutes|notes|proposal|agreement)\s+(?:say|recommend|advise|tell\s+(?:me|us)|"
                    rf"conclude)\b",
                    ("say", "recommend", "advise", "tell", "conclude"), requires=("what", "did")),
    ExplicitTrigger("en.what_did_x_and_i_agree",   # "What did Jorge and I agree about who's on call…?"
                    r"\bwhat\s+did\s+[a-z]+\s+and\s+i\s+(?:agree|decide|say|settle|discuss)\b",
                    ("agree", "decide", "say", "settle", "discuss"), requires=("what", "did", "and")),
    ExplicitTrigger("en.check_we_didnt_decide",   # "also check we didn't decide to move the backup nodes…"
                    r"\b(?:check|verify|make\s+sure|confirm|double[- ]check)\s+(?:that\s+|whether\s+|if\s+)?we\s+"
                    r"(?:didn'?t\s+|didn\s+t\s+|haven'?t\s+|haven\s+t\s+|never\s+|did\s+|have\s+|had\s+)?"
                    r"(?:already\s+)?(?:decide|decided|agree|agreed|promise|promised|settle|settled|commit|committed|"
                    r"cancel|cancelled|canceled)\b",
                    ("decide", "decided", "agree", "agreed", "promise", "promised", "settle", "settled", "commit",
                     "committed", "cancel", "cancelled", "canceled"), requires=("we",)),
    ExplicitTrigger("es.confirmame_que_cancelamos",   # "confírmame que el contrato con DigitalOcean lo cancelamos…"
                    rf"\b(?:confirmame|comprueba|comprobar|verifica|asegurate\s+de)\s+(?:que|si)\b[^.?!]{{0,80}}?\b"
                    rf"(?:{PAST_WE}|cancelamos|cerramos|firmamos|habiamos\s+[a-z]+(?:ado|ido))\b",
                    ("confirmame", "comprueba", "comprobar", "verifica", "asegurate")),
    ExplicitTrigger("es.ya_lo_descartamos_una_vez",   # "Creo que esto ya lo descartamos una vez, mira a ver."
                    rf"\bya\s+(?:lo|la|los|las)\s+(?:{PAST_WE}|habiamos\s+[a-z]+(?:ado|ido))\s+(?:una\s+vez|antes|"
                    rf"en\s+su\s+dia|hace\s+tiempo)\b",
                    ("vez", "antes", "dia", "tiempo"), requires=("ya",),
                    also=r"\?|\bmira\s+a\s+ver\b|\b(?:compruebalo|revisalo|miralo|buscalo|check)\b"),
    ExplicitTrigger("en.was_there_a_deal",   # "…and was there a deal with them to keep it until March?"
                    r"\b(?:was|were)\s+there\s+(?:a|an|any)\s+(?:deal|agreement|promise|decision|rule|exception)\b",
                    ("deal", "agreement", "promise", "decision", "rule", "exception"), requires=("there",),
                    also=r"\?"),
    ExplicitTrigger("es.en_que_quedamos",   # "oye y lo de la tarifa de agencias, en que quedamos al final"
                    r"\ben\s+que\s+(?:quedamos|quedasteis|habiamos\s+quedado)\b", ("quedamos", "quedasteis", "quedado"),
                    requires=("en", "que")),
    ExplicitTrigger("en.if_we_ever",   # "do you know if we ever priced the WooCommerce add-on?"
                    r"\b(?:if|whether)\s+we\s+ever\s+[a-z]{3,}", ("ever",), requires=("we",), also=r"\?"),
    ExplicitTrigger("en.what_was_it_again",   # "Our logo colours, what were they again, hex?"
                    r"\bwhat(?:'s|\s+s|\s+is|\s+was|\s+were|\s+are)\b[^?.!]{0,60}?\bagain\s*[?,]",
                    ("again",), requires=("what",),
                    unless=r"\bdifferences?\s+between\b|\bwhat(?:'s|\s+s|\s+is|\s+are)\s+(?:a|an)\s"),   # a definition
    ExplicitTrigger("es.cual_era_otra_vez",   # "¿Cómo se llamaba otra vez la gestoría?"
                    r"\b(?:cual|cuales|como|que|cuanto|cuanta|donde|quien)\s+(?:era|eran|se\s+llamaba|fue)\b"
                    r"[^?.!]{0,60}?\b(?:otra\s+vez|de\s+nuevo)\b[^?.!]{0,40}\?",
                    ("vez", "nuevo")),
)
