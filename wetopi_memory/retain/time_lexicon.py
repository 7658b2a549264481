"""When a statement holds, as bilingual (ES/EN) term tables: task state, one-offs, rules that start now, things just
done."""

from __future__ import annotations

import re

from .dialogue_lexicon import REQUEST_NOW
from .term_matching import TermSet

__all__ = ["ADOPTED", "ADOPTED_SET", "APPOINTMENTS", "ERRAND", "ERRAND_SET", "FINISHED", "FROM_NOW", "FROM_NOW_SET",
           "ONE_OFF", "ONE_OFF_SET", "ONE_OFF_TIME", "ONE_OFF_TIME_SET", "PAST_ACTION", "PAST_ACTION_SET", "REGULAR",
           "TRANSIENT", "TRANSIENT_SET"]

# Terms are written folded (no accents, lowercase). A term matches on word boundaries; spaces match any run of
# whitespace. Terms starting with "re:" are regular expressions (on the folded text).

# A one-off: it holds for this time only, whatever preference it states.
# An appointment ("tengo la reunión con la gestoría", "I've got a call with Kraftwerk at 4"): once, unless the
# sentence names a day that recurs ("los jueves tengo la reunión con la gestoría").
APPOINTMENTS: tuple[str, ...] = (
    "re:\\btengo\\s+(?:una\\s+|un\\s+|la\\s+)?(?:call|llamada|reunion|cita|meeting|demo|entrevista)\\s+con\\b",
    "re:\\bi(?:'ve| have)\\s+(?:got\\s+)?(?:a|the)\\s+(?:call|meeting|demo|interview)\\s+with\\b[^.;]{0,40}"
    "\\b(?:at\\s+\\d|in\\s+(?:a few|\\d+|five|ten|fifteen|twenty|thirty)\\s+minutes|today|tomorrow|tonight|this)\\b",
)
ONE_OFF: tuple[str, ...] = (
    # a reminder to set, at a time or to do one thing: "recuérdame a las 5 que llame a la gestoría"
    "re:\\b(?:recuerdame|remind me)\\s+(?:a las|at|tomorrow|manana|luego|later|en una hora|in an hour|esta tarde"
    "|this afternoon|el lunes|el martes|el miercoles|el jueves|el viernes|(?:on |next |this )?(?:monday|tuesday"
    "|wednesday|thursday|friday)|to)\\b",
    # one date ahead: "el martes que viene", "next Tuesday"
    # one piece of work being closed: "Before I close the change, confirm…", "antes de cerrar el ticket"
    "re:\\bbefore\\s+(?:i|we)\\s+close\\s+(?:the|this|that)\\b",
    "re:\\bantes\\s+de\\s+cerrar\\s+(?:el|la|este|esta)\\s+(?:cambio|ticket|incidencia|tarea|change)\\b",
    "re:\\bel (?:lunes|martes|miercoles|jueves|viernes|sabado|domingo) que viene\\b",
    "re:\\bnext (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\\b",
    # a calendar errand: "Block two hours for me and Marta somewhere", "resérvame la sala el jueves"
    "re:^\\W*(?:block|bloquea|bloqueame|book|reserva|reservame)\\b",
    # where the speaker is for one day: "Estoy en casa de un cliente todo el día"
    "re:\\b(?:estoy|i'm|i am)\\b[^.;]{0,50}\\b(?:todo el dia|all day)\\b",
    "this time", "esta vez", "por esta vez", "just for today", "only today", "only for today", "for today",
    "solo hoy", "solo por hoy", "por hoy", "i love it", "para esta conversacion", "for this conversation",
    # what happened to the speaker's things: "My phone died.", "se me ha roto el portátil"
    "re:\\b(?:my|mi)\\s+[a-z]+\\s+(?:died|broke|is dead|is broken|crashed|se ha roto|se ha muerto|murio)\\b",
    "re:\\bse me ha (?:roto|muerto|caido|estropeado)\\b",
    # a wish for one outing: "I want to go to the Fira."
    "re:\\b(?:i want to go|i'd like to go|quiero ir|me gustaria ir)\\b"
    "(?![^.;]{0,40}\\b(?:every|cada|always|siempre)\\b)",
    # a reaction to one piece of work, not what others think of an offer ("people love it")
    "re:(?<!people )(?<!they )(?<!customers )(?<!clients )(?<!users )\\blove it\\b", "me encanta como", "como quedo",
    "como ha quedado", "how it turned out", "looks great", "this once", "just this once", "por ahora", "for now",
    "de momento", "re:\\b(?:pero|but)\\s+(?:este|esta|this)\\s+(?:mes|semana|month|week)\\b",   # an exception, now
    "for the moment", "por el momento", "hoy prefiero", "today i prefer", "today i'd", "hoy quiero", "hoy mejor",
    # one piece of work only: "for this report only", "solo para este informe", "just for this one"
    "re:\\b(?:for|in) this (?:[a-z]+ )?only\\b", "re:\\b(?:only|just) (?:for|in) this\\b",
    "re:\\bsolo (?:para|en) (?:este|esta|ese|esa)\\b", "re:\\b(?:para|en) (?:este|esta) (?:[a-z]+ )?nada mas\\b",
    "re:\\b(?:solo|only|just) (?:esta|este|this one)\\s*[,.;!]",   # "ponla en inglés… solo esta, la próxima no"
    "re:\\bfor this (?:hotfix|release|rollout)\\b|\\bpara este (?:hotfix|parche|despliegue)\\b|\\bfor an hour\\b",
    # a passing wish, a reminder: "me apetece una pizza", "remind me to call on Thursday"
    # laughter: a joke or a passing remark ("Porque tienen on-call jajaja")
    "re:\\b(?:ja){2,}\\b|\\b(?:ha){2,}\\b|\\b(?:je){2,}\\b",
    # a bare "Remind me." after a question: this answer, once
    "re:^\\W*(?:remind me|recuerdamelo|recuerdamela|recuerdame)\\W*$",
    # ... or a comfort needed now: "I really need a coffee", "necesito un café"
    "re:\\bi (?:really |badly )?need (?:a|an|some) (?:coffee|break|beer|drink|nap|holiday|vacation|rest)\\b",
    "re:\\bnecesito (?:un|una) (?:cafe|descanso|respiro|cerveza|siesta|vacaciones)\\b",
    "me apetece", "tengo ganas de", "i fancy", "i'm craving", "i am craving", "remind me to", "remind me about",
    "recuerdame que", "recuerdame llamar", "recuerdame de",
    # a lapse of memory now is no limit of the speaker: "I can't remember what I told you", "no me acuerdo de…"
    "re:\\b(?:can't|cannot|can not|don't|do not|couldn't)\\s+(?:quite\\s+)?(?:remember|recall)\\b",
    "no me acuerdo", "no recuerdo", "no lo recuerdo", "ya no me acuerdo", "se me ha olvidado", "se me olvido",
    "i forgot", "i've forgotten", "i have forgotten",
    # a task for someone in particular, with no value of its own: "Hay que exportarles la web" (not "hay que
    # montarles el namespace con una ResourceQuota de 4 CPU", a setting)
    "re:\\b(?:hay que|tenemos que|tengo que)\\s+[a-z]+(?:arles|erles|irles|arle|erle|irle|arselo|arsela|arselos)\\b"
    "(?![^.;]*[\\d`])",
    # a task due on a date: "Tenemos que mover Grafana a su namespace antes de fin de mes", "we need to … by Friday",
    # "Revisar con la gestoría el modelo 303 antes del día 20"
    "re:(?:\\b(?:tenemos que|hay que|tengo que|we need to|we have to|i need to|i have to)\\b|^\\W*(?:revisar|llamar"
    "|enviar|mandar|preparar|pagar|presentar|renovar|pedir|check|call|send|renew|pay|file|review)\\b)[^.;]{0,80}"
    "\\b(?:antes de (?:fin|final|finales) de(?:l)? (?:mes|semana|ano|trimestre)|antes del? (?:lunes|martes|miercoles"
    "|jueves|viernes|dia \\d+|\\d+)|antes de manana|by (?:the )?end of (?:the )?(?:month|week|quarter|year)"
    "|(?:by|before) (?:monday|tuesday|wednesday|thursday|friday|tomorrow|eod|eow))\\b",
    "which is which", "cual es cual",
    # owning up to a confusion is no habit to keep: "I always mix them up", "siempre me lío con los dos"
    # (a sentence of its own: "…, que luego me lío" is a preference's reason)
    "re:^\\W*(?:i\\s+)?(?:always\\s+|often\\s+|usually\\s+|keep\\s+|still\\s+)?(?:mix(?:ing)?\\s+(?:them|it|those|these)"
    "\\s+up|get\\s+(?:them|it)\\s+mixed(?:\\s+up)?|confuse\\s+(?:them|the two)"
    "|never\\s+remember(?:\\s+(?:it|them|which|that))?)(?:\\s+(?:again|every time|all the time))?\\W*$",
    "re:^\\W*(?:siempre\\s+|yo\\s+)?(?:me\\s+lio|me\\s+hago\\s+un\\s+lio|los\\s+confundo|las\\s+confundo|me\\s+confundo)"
    "(?:\\s+siempre|\\s+con\\s+(?:ellos|ellas|eso|esto))?\\W*$",
    # an absence on one day ahead: "I'm out Thursday afternoon for the dentist", "el jueves no estoy"
    "re:\\bi(?:'m| am|'ll be| will be)\\s+(?:out|off|away|offline|unavailable|not around)"
    "\\b(?:(?!every|each|all)[^.;]){0,30}"
    "\\b(?:on\\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today)\\b(?!s)",
    "re:\\b(?:el|este)\\s+(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo)\\b[^.;]{0,30}"
    "\\b(?:no estoy|no estare|estoy fuera|estare fuera|tengo medico|tengo dentista)\\b",
    "re:\\b(?:no estoy|no estare|estoy fuera|estare fuera)\\b[^.;]{0,20}\\b(?:el|este)\\s+"
    "(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo)\\b",
    # small talk around an appointment: "tengo call con Kraftwerk at 4, deséame suerte", "wish me luck"
    "deseame suerte", "wish me luck", "fingers crossed", "cruza los dedos", "cruzad los dedos",
    # the end of a day: "Me voy ya, long day", "Qué día más largo", "heading out"
    "re:\\b(?:me voy ya|me piro|i'm off|i am off|heading out|signing off)(?:\\s+(?:now|ya|for the day|for today))?"
    "\\s*(?:[,.!]|$)", "long day", "que dia mas largo", "que dia", "what a day",
    # relief at how something went: "Al menos el upgrade ha ido sin sustos", "At least the migration went fine"
    "re:^\\W*(?:al menos|por lo menos|at least)\\b[^.;]{0,60}\\b(?:ha ido|han ido|fue|salio|went|was|were)\\b",
    # one named change approved, merged or closed: "Aprobado el PR #418", "merged MR !52"
    "re:\\b(?:aprobad[oa]s?|approved?|apruebo|merged?|mergead[oa])\\b[^.;]{0,20}"
    "\\b(?:pr|mr|pull request|merge request)\\s*[#!]?\\d+",
    "re:\\b(?:pr|mr|pull request|merge request)\\s*[#!]?\\d+\\s+(?:aprobad[oa]|approved|merged|mergead[oa])\\b",
    # a numbered change request: "Approve CR-311 for tonight's window", "aprueba el CHG-2041"
    "re:\\b(?:approve|aprueba|apruebo|aprobad[oa]|approved|reject|rechaza)\\b[^.;]{0,12}\\b(?:cr|chg|rfc)-\\d+\\b",
    # one planned change approved ("Aprobado el upgrade de ingress-nginx para esta noche"), or a bare "approved"
    "re:\\b(?:aprobad[oa]|approved?|apruebo)\\s+(?:el|la|the|this|este|esta)\\s+(?:upgrade|cambio|change|failover|deploy"
    "|despliegue|restart|reinicio|migracion|migration|rollout|merge|release|rollback)\\b"
    "(?!\\s+(?:de|of)\\s+(?:proveedor|supplier|provider|vendor|plan|tarifa|precio|price|politica|policy))",
    "re:^\\W*(?:approved?|aprobad[oa]|apruebo)\\W*(?:(?:go ahead|adelante|dale)\\b[^.;]*)?$",
    # ... for one night or day: "Aprobado para esta noche", "approved for tonight"
    "re:^\\W*(?:approved?|aprobad[oa]|apruebo|ok)\\W+(?:para|for)\\s+"
    "(?:esta noche|hoy|manana|tonight|today|tomorrow)\\b",
    # one review act: "Reject it, it changes the retention…", "Ciérrala, ya no aplica"
    "re:^\\W*(?:reject|decline|close|merge|rechaza|rechazala|rechazalo|cierrala|cierralo|mergealo)\\b"
    "(?:\\s+(?:it|this|that|the pr|the mr|el pr|la pr))?\\s*[,.;:!]",
    # venting about a moment: "I am SO done with the Stripe dashboard … ugh", "uf qué semana"
    "ugh", "argh", "lol", "so done with", "i'm done with", "i am done with", "harta de", "harto de",
    "re:[,;]\\s*whatever\\W*$", "pero bueno", "es una loteria", "is a lottery", "es una pesadilla", "is a nightmare",
    "what a pain", "que dolor de cabeza", "que rollo",
    # no change to the matter at hand: "no, eso no, prefiero dejarlo como está", "leave it as it is"
    "dejarlo como esta", "dejarlo asi", "lo dejamos como esta", "leave it as it is", "leave it as is",
    "keep it as it is", "keep it as is",
    "estoy hasta las narices", "me tiene harta", "me tiene harto", "me tiene frita", "me tiene frito",
    # how the speaker feels today: "Slept badly, I need coffee", "estoy agotada, lo dejamos aquí"
    "slept badly", "didn't sleep", "did not sleep", "he dormido fatal", "he dormido mal", "dormi fatal", "dormi mal",
    "i'm exhausted", "i am exhausted", "i'm so tired", "i'm tired", "i am tired", "estoy agotada", "estoy agotado",
    "estoy cansada", "estoy cansado", "estoy reventada", "estoy reventado", "i need coffee", "necesito un cafe",
    "let's wrap up", "lets wrap up", "lo dejamos aqui por hoy",
    # a step the speaker means to take first: "I want to talk to Marta first", "primero quiero hablarlo con Jorge"
    "re:\\b(?:i want|i'd like|i need|quiero|necesito)\\s+to\\s+(?:talk|speak|check)\\s+(?:to|with)\\b",
    "re:\\b(?:quiero|necesito|prefiero)\\s+hablar(?:lo|la)?\\s+(?:antes\\s+|primero\\s+)?con\\b",
    # a joking threat: "Como Alertmanager me vuelva a despertar a las 3, me hago pastora", "ni de broma"
    "re:^\\W*como\\s+(?:\\w+\\s+){0,5}(?:vuelva|vuelvan)\\s+a\\b", "ni de broma", "ni en broma", "ni en suenos",
    "es insoportable", "son insoportables", "drives me crazy", "driving me crazy", "drives me nuts", "is unbearable",
    "que semana", "what a week", "haven't slept", "have not slept", "no he dormido", "vaya semana", "menuda semana",
    "vaya dia", "menudo dia", "what a day", "no doy abasto", "crazy week", "insane week", "i can't keep up",
    "reunion larguisima", "vaya reunion", "menuda reunion", "what a meeting", "nada interesante", "nothing interesting",
    *APPOINTMENTS,
)
# Words of the present day: they make a stated preference a one-off.
ONE_OFF_TIME: tuple[str, ...] = (
    "hoy", "today", "esta semana", "this week", "tonight", "esta noche", "esta tarde", "this afternoon",
    "esta manana", "this morning", "ahora", "right now", "tomorrow", "next week", "la semana que viene",
    "la proxima semana", "de vacaciones", "on vacation", "on holiday", "este fin de semana", "this weekend",
    "re:(?<!las )(?<!la )(?<!turno de )(?<!turnos de )\\bmanana\\b",
    "pasado manana", "el lunes que viene", "next monday", "until", "hasta las",
    "later", "mas tarde", "este finde", "el finde", "me toca",
    # a moment from now: "I have a call in ten minutes", "en cinco minutos"
    "re:\\bin\\s+(?:a few|\\d+|five|ten|fifteen|twenty|thirty)\\s+minutes\\b",
    "re:\\ben\\s+(?:unos\\s+)?(?:\\d+|cinco|diez|quince|veinte|media)\\s+(?:minutos|hora)\\b",
)
# Overrides a one-off: "a partir de hoy" starts a lasting rule.
FROM_NOW: tuple[str, ...] = (
    "a partir de hoy", "desde hoy", "from today", "starting today", "de hoy en adelante", "from now on",
    "a partir de ahora", "going forward", "de ahora en adelante",
    # "ahora" that opens a rule for every case: "Ahora quiero que cualquier aviso para mí me llegue por Telegram"
    "re:^\\W*(?:y\\s+)?(?:ahora|now)\\s+(?:quiero|prefiero|i want|i'd like)\\s+(?:que\\s+)?(?:\\w+\\s+){0,3}?"
    "(?:cualquier|todos|todas|siempre|any|all|every|always)\\b",
    # a rule that starts with a period: "desde este mes", "starting next quarter", "a partir del lunes"
    "re:\\b(?:desde|a partir de)\\s+(?:este|esta|el proximo|la proxima|el|la)\\s+(?:mes|semana|ano|trimestre"
    "|lunes|martes|miercoles|jueves|viernes|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre"
    "|noviembre|diciembre)(?:\\s+que viene)?\\b",
    "re:\\b(?:starting|from|as of|effective)\\s+(?:this|next)\\s+(?:month|week|year|quarter|monday|sprint)\\b",
    # a rule that starts on a date: "a partir del 1 de diciembre", "starting December 1st", "as of 1 March"
    "re:\\b(?:a partir del|desde el)\\s+\\d{1,2}\\s+de\\s+(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto"
    "|septiembre|octubre|noviembre|diciembre)\\b",
    "re:\\b(?:starting|as of|effective|from)\\s+(?:on\\s+)?(?:the\\s+)?(?:\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?)?"
    "(?:january|february|march|april|may|june|july|august|september|october|november|december)\\b",
)
# What was just done, in the first person: task state, unless it is a verified fix's action.
PAST_ACTION: tuple[str, ...] = (
    "i restarted", "i ran", "i deployed", "i updated", "i've updated", "i have updated", "i fixed it", "i've fixed",
    "i changed", "i set", "i patched", "i added", "i scaled", "i labelled", "i labeled", "i raised",
    "i increased", "i bumped", "i moved", "i replaced", "i configured", "i enabled", "i removed",
    "he reiniciado", "he ejecutado", "he desplegado", "he actualizado", "he cambiado", "he puesto", "he subido",
    "he anadido", "he configurado", "he escalado", "reinicie", "ejecute", "desplegue", "actualice", "cambie",
    "anadi", "configure", "puse", "subi", "arranque", "parchee", "escale", "borre", "lo cambie", "lo arranque",
    "i tried", "tried to", "intente", "he intentado", "i did", "iguale", "he borrado", "he bajado", "baje",
    "he quitado", "quite", "he movido", "movi", "he creado", "he aumentado", "aumente", "he reducido", "reduje",
    "he eliminado", "elimine", "he aplicado", "aplique", "he activado", "he desactivado", "desactive",
    "i deleted", "i lowered", "i created", "i applied", "i disabled", "i reduced", "i rolled back", "i pinned",
    "i upgraded", "i downgraded", "i reverted", "we changed", "we set", "we added", "we moved", "we replaced",
    "we raised", "we increased", "we lowered", "hemos cambiado", "hemos puesto", "hemos subido", "cambiamos",
    "pusimos", "tras poner", "tras cambiar", "tras subir", "after setting", "after changing", "after raising",
    "after adding", "once i set",
    "re:\\btras\\s+[a-z]+(?:arla|erla|irla|arlo|erlo|irlo|arsela|ersela|irsela|arselo|erselo|arlos|arlas)\\b",
    # any verb: "I <verb>ed", "he/lo he <participio>", a report opening with its past verb ("Patched the …")
    "re:\\bi(?:'ve| have)?\\s+(?:also\\s+|then\\s+|just\\s+|already\\s+)?(?!decided|agreed|chose|approved|signed"
    "|preferred|liked|loved|hated|used|asked|wanted|needed|checked|verified|tested|confirmed|noticed|looked|wondered|guessed)"
    "[a-z]{3,}ed\\b",
    "re:\\b(?:lo |la |los |las |le |les )?(?:he|hemos)\\s+(?!decidido|acordado|elegido|aprobado|firmado|pensado|visto"
    "|mirado|revisado|comprobado|probado|intentado|verificado|leido|preguntado|hablado|notado|sido|estado|tenido)"
    "[a-z]*(?:ado|ido|uesto|echo|ierto|uelto|rito)\\b",
    "re:^\\W*(?:added|patched|switched|created|raised|replaced|moved|enabled|disabled|mounted|pinned|bumped|set|put"
    "|changed|updated|removed|deleted|restarted|reloaded|installed|configured|rebuilt|reverted|rolled back|cleaned"
    "|increased|lowered|rotated|upgraded|migrated|corrected|fixed|persisted|tuned|adjusted|extended)\\b",
    # a report opening with "done" before what was done: "Done — `sysctl …` persisted", "Hecho: subido a 40"
    "re:^\\W*(?:done|finished|completed|hecho|listo|terminado)\\s*[:\u2014\u2013;-]\\s*\\S",
    # a report opening with its participle: "Subido pm.max_children a 40", "Aplicado a los 3 deployments"
    "re:^\\W*(?:subido|bajado|cambiado|aplicado|anadido|configurado|activado|desactivado|puesto|quitado|creado"
    "|borrado|eliminado|movido|actualizado|reiniciado|desplegado|fijado|pineado|escalado|ampliado|aumentado"
    "|reducido|corregido|arreglado|migrado|rotado|montado|parcheado|rolled out|pinned)\\b(?!\\s+de\\s)",
    "corregi", "lo corregi", "lo subi", "lo puse", "le puse", "lo pase", "lo ampliamos", "lo cambiamos",
    "arregle", "lo arregle", "corregimos", "lo corregimos", "arreglamos", "lo movimos", "los movimos",
    "i switched", "i put", "i made", "i rebuilt", "i wrote", "i forced", "i redeployed",
    # irregular and re- verbs ("I re-bound", "I've set"), impersonal and passive reports of a change
    "re:\\bi(?:'ve| have)?\\s+(?:also\\s+|then\\s+|just\\s+)?(?:re-?)?(?:bound|rebound|set|reset|put|ran|reran"
    "|made|wrote|rewrote|took|gave|built|rebuilt|cut|split|undid|redid|sent|kept|brought|swapped|re-[a-z]{3,}ed)\\b",
    "re:\\bse\\s+(?:ha|han)\\s+[a-z]{3,}(?:ado|ido|uesto)\\b",
    "re:\\b(?:was|were|has been|have been)\\s+(?!caused\\b)(?:re-?)?[a-z]{3,}ed\\s+(?:to|from|in|on|with|back|by)\\b",
    # a report naming the thing (64 characters at most: linear), then its participle: "rke2 upgraded to v1.29.8"
    "re:\\b(?!(?:gets|get|is|are|be|been|being)\\s)[a-z0-9][\\w.-]{0,63}+\\s+(?:upgraded|updated|bumped|raised|lowered|moved|migrated|changed|switched|increased"
    "|reduced|rotated|patched|downgraded|scaled|resized|reweighted|pinned|persisted)\\s+(?:to|from|in)\\b",
    # a value that changed: "went from 20 to 40", "pasó de 20 a 40"
    "re:\\b(?:went|changed|moved|rose|dropped|fell|jumped)\\s+from\\s+[\\w.%-]+(?:\\s?[a-z%]{1,3})?\\s+to\\b",
    "re:\\b(?:paso|subio|bajo|cambio)\\s+de\\s+[\\w.%-]+\\s+a\\b",
    "we did", "hicimos", "lo hicimos",
)
# Task state that says a thing finished (a verified fix's sentence may carry it).
FINISHED: tuple[str, ...] = (
    "has been completed", "se ha completado", "ha terminado", "all done",
    # a run reported healthy ("the Argo sync for wp-prod finished, everything's Healthy"), not what it changed
    "everything's healthy", "everything is healthy", "all green", "todo en verde",
    # "…and we tell the customer when it's done": a condition, not the state of a task
    "re:(?<!when )(?<!once )(?<!after )(?<!until )(?<!cuando )\\bit(?:'s| is) done\\b",
    "re:\\bya esta\\b(?!\\s+(?:aprobad|decidid|firmad|acordad|cerrad|incluid|contratad|en el contrato|en contrato"
    "|en la factura|en las condiciones|en (?!ello|marcha|curso|camino|proceso)\\w))",
)
TRANSIENT: tuple[str, ...] = (
    "in progress",
    # a want of the moment, opening the sentence: "I need a coffee the size of a bucket", "Necesito un café"
    "re:^\\W*(?:i need|i really need|necesito|me hace falta)\\s+(?:a|an|un|una)\\s+"
    "(?:coffee|cafe|break|nap|holiday|vacation|beer|cerveza|descanso|siesta|drink|copa)\\b",
    # a guess tried and ruled out: "Lo del memory limit a 4Gi que probamos ayer no era la causa"
    "no era la causa", "no fue la causa", "no era el problema", "wasn't the cause", "was not the cause",
    "wasn't the problem", "was not the problem", "not the culprit", "ruled out",
    # "el mes en curso" is the current month, not work going on
    "re:(?<!mes )(?<!ano )(?<!semana )(?<!trimestre )(?<!ejercicio )(?<!periodo )(?<!curso )\\ben curso\\b",
    "en progreso", "working on it", "trabajando en ello", "trabajando en eso",
    "re:(?:^\\W*|\\b(?:i'm|i am|we're|we are|already)\\s+)on it\\b", "wip", "let me", "deja que",
    # "déjame mirarlo", "déjame que lo piense": the speaker's next step; "déjame el informe listo" is a request
    "re:\\bdejame\\s+(?:que\\b|[a-z]+(?:ar|er|ir)(?:lo|la|los|las|le|les|me|te|se)?\\b)",
    # "voy a mirarlo" is what comes next; "me voy a las 16:30" is a time of day
    "re:\\bvoy a\\s+(?!las?\\b|los\\b|casa\\b)[a-z]+(?:ar|er|ir)(?:lo|la|los|las|le|les|me|te|se)?\\b",
    "vamos a ver", "i'll", "i will", "i'm going to",
    # where the speaker is in a piece of work, or off to: "Estoy con la migración de Ortega, voy por la base de
    # datos. Luego te digo.", "voy a por un café", "lunch soon"
    "re:\\bvoy por (?:la|el|los|las)\\b",
    # a symptom of the moment: "Las migraciones hacia pve-03 van lentísimas", "the dashboard is so slow"
    "re:\\b(?:va|van|esta|estan|is|are|runs|run|going)\\s+(?:muy\\s+|super\\s+|so\\s+|really\\s+|bastante\\s+)?"
    "(?:lent[oa]s?|lentisim[oa]s?|slow)\\b",
    # the speaker's next act: "lo relanzo ahora", "la reinicio ahora mismo"
    "re:\\b(?:lo|la|los|las|le|les)\\s+[a-z]{3,}o\\s+ahora\\b", "luego te digo", "luego te cuento",
    "ahora te digo", "ahora te cuento", "i'm in the middle of", "voy a por", "me voy a por", "going to grab",
    "grabbing a coffee", "brb", "lunch soon", "me voy a comer",
    "i am going to", "i'm checking", "i am checking", "checking now", "let me check", "estoy revisando",
    "estoy mirando", "estoy comprobando", "looking into", "i'm looking", "i am looking", "i'm running",
    "i am running", "running now", "still running", "estoy ejecutando", "waiting for", "esperando a",
    "retrying", "reintentando", "right now", "ahora mismo", "at the moment", "en este momento", "for now",
    "por ahora", "de momento", "temporarily", "temporalmente", "temporary", "temporal", "today", "hoy",
    "tonight", "esta noche", "this morning", "esta manana", "this afternoon", "esta tarde", "yesterday", "ayer",
    # (what happened then, named by it, is no task state: "los slow ops de anoche")
    "re:(?<!de )\\banoche\\b", "re:(?<!from )(?<!of )\\blast night\\b", "tomorrow", "just now", "acabo de", "i just",
    "i've just", "i have just", "re:\\bpending\\b(?!-)", "next step",
    "re:^\\W*(?:\\d+[.)]\\s*)?(?:action|action item|todo|to-do|tarea)\\s*:",   # a note's task: "3. Action: Pau to…"
    # a task under its label: "Pendiente: revisar el contrato de Hetzner antes de fin de mes", "TODO: …"
    "re:^\\W*(?:pendiente|pendientes|todo|to do|to-do|tarea)\\s*:",
    "siguiente paso", "will do", "lo hago", "sigo investigando", "still investigating", "will report back",
    "todavia no", "not yet", "me quedan",
    # not now: "No, don't add that yet", "no lo añadas todavía"
    "re:\\b(?:don't|do not)\\s+(?:\\w+\\s+){1,3}yet\\b",
    "re:\\bno\\s+(?:lo|la|los|las|le|les)\\s+\\w+\\s+(?:\\w+\\s+)?(?:todavia|aun)\\b",
    # a check still to do: "Need to check the memory profile before blaming it"
    "re:^\\W*(?:we\\s+|i\\s+)?need to (?:check|look into|look at|investigate|figure out)\\b",
    # material handed over in the message: "Here's the transcript of the call (pasted below)", "Te pego el log"
    "re:^\\W*(?:here's|here is|here are|aqui tienes|aqui va|aqui van|te pego|te adjunto|adjunto)\\b",
    "pasted below", "pegado abajo", "pego abajo", "see below",
    "deploying now", "i'll treat", "lo dejo anotado", "still failing",
    # what the speaker wants to find out, and a request being made now: "quiero saber qué lo cuelga"
    "quiero saber", "i want to know", "i want to find out", "quiero entender", "i want to see if", "i want to check if",
    "i'd like to see if", "i want to see whether",
    # back from somewhere, an error of the moment: "ya estoy de vuelta del médico", "el hindsight no me deja, dice 401"
    "estoy de vuelta", "i'm back", "i am back",
    "re:\\b(?:dice|da|returns|gives|throws)\\s+(?:un\\s+|an?\\s+)?[45]\\d\\d\\b",
    # the assistant's view asked for: "Cuéntame cómo ves el plan nuevo", "tell me what you think of…"
    "re:^\\W*(?:cuentame|dime|explicame)\\b", "como lo ves", "como ves", "que opinas", "what do you think",
    "tell me what you think", "your take on", "tu opinion",
    # how far a piece of work has got: "La migración va por 1.240 de 2.000", "we're on track for Friday"
    "re:\\bva(?:mos|n)?\\s+por\\s+(?:el\\s+|la\\s+)?\\d", "on track for", "on track to",
    "re:\\b(?:is|are)\\s+asking\\b",
    "me estan preguntando", "i'm blanking", "i am blanking", "me he quedado en blanco",
    # shown for information only, nothing to act on or keep: "nothing to do, just FYI", "firma pendiente en el banco"
    "nothing to do", "no action needed", "no action required", "no hay que hacer nada", "nada que hacer",
    "just fyi", "solo para que lo sepas", "pendiente de tu firma", "pending your signature", "pendiente de firma",
    # someone else's work, reported later: "Jordi está con el upgrade, luego me cuenta"
    "luego me cuenta", "luego me dice", "ya me contara", "me contara como", "will let me know", "keeps me posted",
    # this job's report asked for: "Primero café y luego me cuentas lo del informe", "If you fix it tell me what it was"
    "luego me cuentas", "tell me what it was", "dime que era", "dime que fue",
    "ya te digo", "ya te dire", "te digo algo", "i'll let you know", "i will let you know", "te aviso cuando",
    "te aviso en", "me pongo un recordatorio", "i'll set a reminder", "deberia converger", "should converge",
    "sigue fallando", "no idea", "ni idea", "a ver si", "prueba a", "try to", "intenta", "siguen apareciendo",
    "sigue dando", "re:\\bstill\\s+(?:(?!0\\b)\\d|failing|broken|down|getting|seeing)", *REQUEST_NOW,
    "task completed", "task complete", *FINISHED, "estoy en ello", "on hold", "en pausa", "en espera", "paused",
    "re:\\b(?:estoy|estamos)\\s+[a-z]+(?:ando|iendo)\\b", "desde hace",
    # a status opening with its gerund: "ok, cerrando guardia, todo green", "Revisando los logs…", "Reviewing PR #437:"
    "re:^\\W*(?:reviewing|checking|looking at|looking into|investigating)\\b",
    "re:^\\W*(?:(?:ok|vale|bueno|pues)\\W+)?(?!cuando\\b|mando\\b|comando\\b|siendo\\b)[a-z]{2,}(?:ando|iendo)\\b",
    "re:\\bhace\\s+(?:\\d+|un|una|unos|unas)\\s+(?:segundos?|minutos?|horas?|rato|momento)\\b",
    "re:\\b(?:\\d+|an?|a few|about an?|a couple of)\\s+(?:seconds?|minutes?|hours?)\\s+ago\\b",
    "re:^\\W*(?:explain|explicame|tell me|dime|show me|muestrame|describe|summarise|help me|ayudame|can you"
    "|could you|puedes|please explain|por favor explica)\\b"
    "(?!\\s+(?:be|ser)\\b[^.;]{0,30}\\b(?:conmigo|with me)\\b)",   # "Puedes ser más directo conmigo": for good
    "re:\\b(?:keep|keeps|kept)\\s+(?!(?:meeting|thing|naming|wording|formatting|spacing|pricing|billing|briefing"
    "|setting|string|morning|evening|heading|ending|padding|building|listing|ranking|rating|warning)s?\\b)"
    "(?!paying\\b)[a-z]+ing\\b",   # "existing customers keep paying 49 €" is a rule, not a state
    "re:\\bsiguen?\\s+(?!siendo\\b)[a-z]+(?:ando|iendo)\\b", "ha ido bien", "han ido bien", "ha ido mal", "han ido mal",
    "went well", "went badly", "fue bien", "fue mal", "is going well",
    "this week", "esta semana", "next week", "la semana que viene", "la proxima semana", "este mes", "this month",
    "este trimestre", "this quarter", "last quarter", "el trimestre pasado", "este ano", "this year",
    # a to-do for one day: "tengo que llamar a la gestoría el lunes", "I need to renew it tomorrow"
    "re:\\b(?:tengo que|tenemos que|i have to|i need to|we have to|we need to|hay que)\\b[^.;]{0,60}"
    "\\b(?:(?:el|este|this|next|on)\\s+(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo|monday|tuesday"
    "|wednesday|thursday|friday|saturday|sunday)|manana|tomorrow|hoy|today|tonight|esta tarde|this afternoon)\\b",
    "last month", "el mes pasado",
    "re:(?<!las )(?<!la )(?<!esta )(?<!turno de )(?<!turnos de )\\bmanana\\b", "pasado manana",
    "re:\\b(?:caduca|caducan|expira|expiran|expires?|vence|vencen|due|llega|llegan|arrives?)\\s+(?:en|in|dentro de)"
    "\\s+\\d+\\s+(?:dias|days|horas|hours|minutos|minutes)\\b",
    "re:\\b(?<!formato )(?<!una )(?<!la )(?<!en )(?<!por )(?<!when it's )(?<!once it's )(?<!when it is )"
    "(?<!que has )(?<!que he )(?<!que ha )(?<!que hayas )"   # "… y al final lo que has hecho": what, not a state
    "(done|finished|completed?|resolved|shipped|terminad[oa]"
    "|completad[oa]|hecho|resuelt[oa]|listo|"
    "lista|finalizad[oa])\\W*$",
)
# A habit or rule the speaker took up: it holds from then on, though told in the perfect ("me he puesto como norma").
ADOPTED: tuple[str, ...] = (
    "me he puesto como norma", "me he puesto por norma", "tengo como norma", "tengo por norma", "me he propuesto",
    "me he acostumbrado a", "me he habituado a", "me he pasado a", "tengo la costumbre", "tengo por costumbre",
    "he cogido la costumbre", "he cogido el habito", "he adquirido la costumbre", "mi costumbre", "es mi regla",
    "mi regla es", "mi norma es", "es mi norma", "i've made it a rule", "i have made it a rule", "i make it a rule",
    "i make a point of", "my rule is", "my own rule", "i've got into the habit", "i've gotten into the habit",
    "i'm in the habit of", "i've gotten used to", "i've got used to", "i have gotten used to", "i'm used to",
    "i've switched to", "i've started using", "i have started using", "estoy acostumbrado a", "i've been using",
    "i have been using", "llevo anos usando", "llevo tiempo usando", "llevo anos con", "i've made up my mind",
    "estoy acostumbrada a",
)
# A one-off errand the speaker ran, told in the past: a message sent, a call made, a bill paid, one request approved.
# Its object ("the signed contract", "el reembolso") names a commitment, but the sentence reports an act done once.
ERRAND: tuple[str, ...] = (
    "re:(?:^\\W*|\\b(?:i|we|i've|we've|i have|we have|just|also|already|finally)\\s+)(?:sent|emailed|e-mailed|mailed"
    "|called|phoned|rang|texted|messaged|pinged|replied to|answered|forwarded|booked|paid|ordered|submitted|reminded"
    "|invited|followed up|chased|resent)\\b",
    "re:(?:^\\W*|\\b(?:i|we|i've|we've|i have|we have|just|also|already|finally)\\s+)approved\\s+(?:[\\w'-]+\\s+){0,4}?"
    "(?:refund|invoice|expense|expenses|request|order|payment|pr|pull request|merge request|leave|vacation|holiday"
    "|timesheet|purchase|quote|estimate|credit note)s?\\b(?!\\s+(?:policy|policies|rule|rules|process|limit))",
    "re:(?<!que )(?<!cuando )(?<!si )(?<!para )\\b(?:le |les |se lo |se la |lo |la |los |las )?(?:envie|mande|llame"
    "|respondi|conteste|reenvie|reserve|pague|avise|recorde|reclame)\\b",
    "re:\\b(?:he|hemos)\\b[^.;:]{0,60}?\\b(?:enviado|mandado|llamado|respondido|contestado|reenviado|reservado|pagado"
    "|avisado|recordado|reclamado)\\b",
    "re:\\b(?:he|hemos)\\s+hablado\\s+con\\b",
    # a status opening with its participle: "Enviados ya los 7 emails de renovación", "Pagada la factura de marzo"
    "re:^\\W*(?:ya\\s+)?(?:enviad|mandad|reenviad|pagad|respondid|contestad|avisad|reservad|cobrad)[oa]s?\\b"
    "(?!\\s+(?:siempre|por defecto|automaticamente)\\b)",  # "ya he hablado con Hotel Marisma", not "lo hemos hablado"
    "re:(?:^\\W*|\\b(?:i|we|i've|we've|i have|we have|just|also|already|finally)\\s+)(?:talked|spoke|spoken)\\s+"
    "(?:to|with)\\b",
    "re:(?<!que )(?<!cuando )(?<!si )\\b(?:le |les |lo |la )?(?:aprobe|he aprobado|hemos aprobado)\\s+"
    "(?:[\\w-]+\\s+){0,4}?(?:reembolso|factura|gasto|pedido|pago|solicitud|vacaciones|peticion|presupuesto|abono|pr)s?\\b",
)


ADOPTED_SET = TermSet(ADOPTED)
ERRAND_SET = TermSet(ERRAND)
TRANSIENT_SET = TermSet(TRANSIENT)
ONE_OFF_SET = TermSet(ONE_OFF)
FROM_NOW_SET = TermSet(FROM_NOW)
ONE_OFF_TIME_SET = TermSet(ONE_OFF_TIME)
PAST_ACTION_SET = TermSet(PAST_ACTION)

# A regularity: "los viernes hasta las 14" is a weekly habit, not a one-off time of today; so is a list of days.
_DAY = r"(?:lunes|martes|miercoles|jueves|viernes|sabados?|domingos?)"
_MONTH = (r"january|february|march|april|may|june|july|august|september|october|november|december|enero|febrero|marzo"
          r"|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre")
REGULAR = re.compile(
    rf"\b{_DAY}(?:\s*,\s*{_DAY})*\s+y\s+{_DAY}\b|"
    r"\b(?:los|las|mis|tus|sus|nuestros|nuestras)\s+(?:lunes|martes|miercoles|jueves|viernes|sabados|domingos|mananas"
    r"|tardes|noches)\b"
    r"|\b(?:every|each|cada)\s+(?:\d+\s+|other\s+|few\s+|pocos?\s+|pocas\s+|par de\s+)?(?:time|times|vez|veces|day|days"
    r"|dia|dias|week|weeks|semana|semanas|month|months|mes|meses|quarter|trimestre|year|ano|morning|mornings|manana"
    r"|evening|night|noche|hour|hours|hora|horas|minute|minutes|minuto|minutos|run|release|deploy|sprint|monday"
    rf"|tuesday|wednesday|thursday|friday|saturday|sunday|lunes|martes|miercoles|jueves|viernes|sabado|domingo|{_MONTH})\b"
    r"|\b(?:siempre|always|never|nunca|todos los|todas las|weekdays|entre semana|mondays|tuesdays|wednesdays"
    r"|thursdays|fridays|saturdays|sundays|weekends|fines de semana)\b")
