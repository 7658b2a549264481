"""Explicit memory requests in English (design §7), as data, with English openings followed by Spanish
("remind me, ¿qué…?").

- Wh-questions about what "we"/"I" did ("what/which/when/why did we …" with a verb of deciding, saying or doing),
  negative questions ("didn't we agree…"), and "we agreed/decided/said…" inside a question.
- Asking what is known or kept: "do you remember…", "what do you know about my…", notes, "on file", "written
  down", "anything stored", "refresh my memory", "ring a bell".
- A request verb before what we did: "look up whether we ever agreed…", "show me the runbook we wrote", "recap
  what we decided…", "refresh me on the plan we discussed"; "was there a decision on…?", "what's on record about…".
- Facts asked again ("What plugin do I use again?"), what you recommended ("the tool you recommended"), "the final /
  current decision", "our agreed SLA", "any idea what we…", "do you have my…", "remind me, do I usually…?", "tell me
  what I said…", "what's the history with…?", "give me everything we've got".
- How a matter was settled ("did we end up…?"), "did I save my notes…", "recall my…", a tool-style "memory_search: …".
- "Summarise everything we know about…", "…or did we hand that to Marc?", the speaker's own ways ("what's my usual…",
  "what's my take on…", "how do I usually…"), how a thing was set up, what happened with something last time or in a
  month.
- "whatever notes we have on…", "sum up everything you know about…", "given what you know about my…", "what the
  memory has on…", "the fix … last spring", "what size he is"; a thing named by what we wrote or I liked ("the one we
  wrote after…", "that restaurant in Porto I liked"), a standing decision to confirm ("We don't do SFTP anymore,
  right?"), a former state ("what did the LBs point to before the migration?").
- Half a memory, told before, notes written somewhere and a lapse next to a question: `explicit_en_asides.py`.

Not requests: statements ("As we agreed, send the invoice"), instructions ("Remember to renew…"), the speaker's own
memory ("I don't remember the command"), the assistant's own past ("did you ever watch…?"), what we need or do
now ("do we need to register?"), an event that recurs ("Why is the ingress failing again?") and a thing we did
named after a preposition ("customers on the plan we dropped"), nostalgia ("Do you remember the 90s?", "remember
when we were kids?", "…? pure nostalgia"), a word's meaning ("remind me what 'idempotent' means"), "again" in a
condition ("…if payouts fail again?"), asking to store or forget ("remember that I take the bus now", "forget the
note about…"), a remember-question about the world ("Do you remember the Y2K bug? Was it actually…?") or about the
assistant's memory ("do you remember everything we talk about?", "…if I start a new chat?"), a statement after a
question ("…? We said…") and whether someone else did something with a thing of ours ("Did they apply the surcharge
we talked about?").
"""

from __future__ import annotations

from .explicit_base import ACROSS_CHATS, DECLINED_LOOKUP, MEM, WE_DID, WHO, WORLD_ASKED, ExplicitTrigger

# "I don't remember what…" is about the speaker's own memory; "save it in your notes" asks to store, not recall.
_NOT_SELF = r"(?<!\bi\s)(?<!don't\s)(?<!dont\s)(?<!don\st\s)(?<!can't\s)(?<!cant\s)(?<!can\st\s)(?<!not\s)(?<!never\s)"
_SAVE_EN = r"\b(?:save|store|add|put|write|keep|note)\b"
_SAVE_TO_NOTES = (r"\b(?:save|store|add|put|write|keep)\b"   # and a forget request: "forget the note about…"
                  r"|\b(?:forget|delete|remove|erase|scrap|drop|discard|ditch)\s+(?:the|that|this|those|my|our|your)\s+"
                  r"notes?\b")
# "again" of an event that recurs ("Why is the ingress failing again?", "Which node is down again?"), not of a fact
_EVENT_AGAIN = (r"\b(?:\w+ing|down|broken|failed|crashed|full|stuck|out|off|flapping|late|gone|happened|fired)"
                r"\s+again\b"
                r"|\bwhy\b"
                r"|\b(?:if|in\s+case|whenever|should|next\s+time)\b[^.?!]*\bagain\b"   # "…if payouts fail again?"
                r"|\bdifference\s+between\b|\bmeaning\s+of\b|\bstand\s+for\b")   # the world's: what a word means

# whether someone else did something with the thing we did: "Did they apply the surcharge we talked about?" asks about
# them (an invoice, a delivery), not for memory
_THEIR_ACT = (rf"(?:^|[.!?:;]\s*)(?:did|does|do|has|have|had|will|would)\s+(?!(?:we|you|i)\b)[\w'-]+\s+"
              rf"(?:[\w'-]+\s+){{0,3}}(?:the|that|those|our)\s+(?:[\w-]+\s+){{0,2}}(?:that\s+|which\s+)?we\s+{WE_DID}")

# a change to our setup that a former state is asked against ("before the migration", "before we moved")
_CHANGE = (r"(?:change|migration|move|upgrade|rollback|cutover|switch|renumbering|rename|migrated|moved|changed|"
           r"upgraded|switched)")

# Nostalgia, not memory: "Do you remember the 90s?", "Remember when we were kids?"
_NOSTALGIA = (r"\b(?:remember|recall)\s+(?:the\s+)?(?:'?\d0s|(?:19|20)\d0s|sixties|seventies|eighties|nineties|"
              r"noughties|old\s+days|good\s+old)\b|\bwhen\s+(?:we|you|i)\s+were\s+(?:\w+\s+)?(?:kids?|young|children|students|"
              r"teenagers)\b|\bnostalgi"   # "Do you remember the dial-up noise? pure nostalgia"
              # "remember when we did everything over FTP? dark times haha": an anecdote, laughed or sighed at
              r"|^\W*remember\s+when\b(?=.*\b(?:haha+|jaja+|lol|dark\s+times|good\s+times|fun\s+times|crazy|"
              r"those\s+were|what\s+a\s+(?:day|mess|time|nightmare)|de\s+lujo|que\s+tiempos)\b)")
# the assistant's memory itself, in the present: "do you remember everything we talk about?"
_CAPABILITY = (r"\b(?:remember|recall)\s+(?:everything|all|anything)\s+(?:that\s+)?(?:we|i)\s+"
               r"(?:talk|say|tell|discuss|share)\b")
# "Remind me what 'idempotent' means": a word's meaning, general knowledge, not what we said or did
_MEANING = r"\bwhat\s+(?!(?:we|our|i|my|you)\b)(?:[\w'\"-]+\s+){1,4}(?:means|stands\s+for)\b"
EN_TRIGGERS: tuple[ExplicitTrigger, ...] = (
    ExplicitTrigger("en.what_did_we_decide",
                    r"\bwhat\s+(?:did|had|have)\s+(?:we|i|you)\s+(?:ever\s+|finally\s+|already\s+)?"
                    r"(?:decide|decided|agree|agreed|settle|settled|conclude|concluded|say|said|choose|chose|"
                    r"chosen|pick|picked|use|used|tell|told)\b",
                    ("decide", "decided", "agree", "agreed", "settle", "settled", "conclude", "concluded", "say",
                     "said", "choose", "chose", "chosen", "pick", "picked", "use", "used", "tell", "told"),
                    requires=("what",)),
    ExplicitTrigger("en.what_was_decided",
                    r"\bwhat\s+(?:was|were|is)\s+(?:decided|agreed|(?:our|the|my)\s+(?:decision|conclusion))\b",
                    ("decided", "agreed", "decision", "conclusion")),
    ExplicitTrigger("en.did_we_decide",
                    r"\b(?:did|have|had)\s+(?:we|i|you)\s+(?:ever\s+|already\s+|finally\s+)?"
                    r"(?:decide|decided|agree|agreed|settle|settled|set(?!\s+up\b))\b",   # "did we set a sunset date?"
                    ("decide", "decided", "agree", "agreed", "settle", "settled", "set")),
    ExplicitTrigger("en.search_memory",
                    rf"\b(?:search|check|look|query|dig|pull)\s+(?:it\s+|that\s+|this\s+)?(?:up\s+)?"
                    rf"(?:in\s+|into\s+|through\s+|from\s+)?{WHO}(?:(?:business|platform|personal|team|shared)\s+)?{MEM}\b"
                    # a machine's memory: "check memory usage on the proxmox hosts"
                    r"(?!\s+(?:usage|use|pressure|limits?|leaks?|consumption|footprint|utili[sz]ation|errors?)\b)",
                    ("memory", "memories"), unless=DECLINED_LOOKUP),
    ExplicitTrigger("en.from_memory_recap",   # "From memory, recap what we decided this week"
                    r"^\W*(?:from|using|with)\s+(?:your\s+|the\s+|our\s+)?memory\s*[,:;-]\s*(?:please\s+|pls\s+)?"
                    r"(?:recap|summari[sz]e|sum\s+up|tell|give|list|remind|what|which|who|when|how)\b",
                    ("memory",), requires=("memory",)),
    ExplicitTrigger("en.recap_from_memory",   # "…? summarise from memory, I need it for the investor update"
                    r"\b(?:recap|summari[sz]e|sum\s+(?:it\s+|them\s+)?up|list\s+(?:them|it)|answer)\s+(?:it\s+|them\s+|this\s+)?"
                    r"from\s+(?:the\s+)?memory\b", ("memory",), requires=("from",)),
    ExplicitTrigger("en.in_our_memory", rf"\b(?:in|from)\s+(?:our|your)\s+{MEM}\b", ("memory", "memories"),
                    unless=_SAVE_EN),
    ExplicitTrigger("en.do_you_remember",
                    r"\b(?:do|don'?t|can|could|did)\s+(?:you|we)\s+(?:still\s+)?(?:remember|recall)\b"
                    r"(?!\s+(?:to|this|that\s*:)\b)",
                    ("remember", "recall"), unless=f"{_NOSTALGIA}|{WORLD_ASKED}|{_CAPABILITY}|{ACROSS_CHATS}"),
    ExplicitTrigger("en.remember_what",
                    r"(?=remember|recall|remind)" + _NOT_SELF +   # the lookahead first: cheap, fails fast
                    r"\b(?:remember|recall|remind\s+me)[\s,:]+(?:what|how|when|where|which|why|who|if|"
                    r"whether)\b",
                    ("remember", "recall", "remind"), unless=f"{_NOSTALGIA}|{_MEANING}|{WORLD_ASKED}"),
    ExplicitTrigger("en.what_do_we_know",
                    r"\bwhat\s+do\s+(?:we\s+(?:know|remember|have)|you\s+remember|you\s+(?:actually\s+|really\s+|even\s+)?know\s+(?=\w+\s+(?:[\w'-]+\s+){0,2}(?:my|our|me|us|i|we|mi|mis|nuestr[oa]s?)\b))\s*"
                    r"(?:about|on|regarding)\b",
                    ("know", "remember", "have"), requires=("what", "do")),   # "…know about how I like my…"
    ExplicitTrigger("en.how_did_we_fix",
                    r"\bhow\s+did\s+(?:we|i|you)\s+(?:solve|fix|resolve|handle|deal\s+with|configure|set\s+up)\b",
                    ("solve", "fix", "resolve", "handle", "deal", "configure", "set"), requires=("how", "did")),
    ExplicitTrigger("en.whats_in_memory",
                    rf"\bwhat(?:'s|\s+is|s|\s+do\s+(?:we|you)\s+have)\s+(?:stored\s+|saved\s+|kept\s+)?"
                    rf"(?:in|on)\s+{WHO}{MEM}\b",
                    ("memory", "memories")),
    ExplicitTrigger("en.wh_did_we",   # also with a compound subject: "did the agency and we agree", "did we and Lumen"
                    r"\b(?:what|which|when|why|how|where|who)\b(?:\s+[\w'-]+){0,4}?\s+did\s+"
                    r"(?:(?:[\w'-]+\s+){1,2}and\s+)?we\s+(?:and\s+[\w'-]+\s+)?"
                    r"(?:ever\s+|last\s+|finally\s+|already\s+|actually\s+|originally\s+)?(?:decide|agree|say|tell|"
                    r"settle|choose|pick|give|end|drop|discuss|talk|note|write|sign|promise|offer|quote|charge|"
                    r"set|configure|move|last|rotate|land|send|pay|bill|leave|put|store|keep|save|document|go|stop|pin|name|"
                    r"call|price|plan|book|hire|buy|switch|change|cap|limit|budget|schedule|migrate|upgrade)\b",
                    ("did",), requires=("we",)),
    ExplicitTrigger("en.which_did_we_use",   # "which agency did we use…?", not "how much disk did we use"
                    r"\b(?:which|what)\s+(?:[\w'-]+\s+){1,3}did\s+we\s+(?:ever\s+|last\s+|originally\s+)?use\b",
                    ("use",), requires=("did", "we")),
    ExplicitTrigger("en.wh_did_i",
                    r"\b(?:what|which|when|why|how|where|who)\b(?:\s+[\w'-]+){0,4}?\s+did\s+i\s+(?:ever\s+|last\s+)?"
                    r"(?:decide|agree|say|tell|settle|choose|pick|give|promise)\b",
                    ("did",), requires=("i",)),
    # not a statement that follows the question ("How many sites are still on 7.4? We said they'd be gone by…")
    ExplicitTrigger("en.we_agreed_in_question",
                    r"(?:(?<!\?\s)(?<!\?)|(?=[^.!?]*\?))\bwe\s+(?:had\s+|have\s+)?(?:ever\s+|already\s+|once\s+|previously\s+|originally\s+|finally\s+)?"
                    r"(?:agreed|decided|said|settled|chose|picked|discussed|noted|signed|"
                    r"promised|quoted|told)\b",
                    ("agreed", "decided", "said", "settled", "chose", "picked", "discussed", "noted", "signed",
                     "promised", "quoted", "told"), requires=("we",), gated=True, clause_start=False, unless=_THEIR_ACT,
                    accented=r"^\W*(?:what|which|when|why|how|where|who|was|were|is|did|do)\b"),
    ExplicitTrigger("en.didnt_we",
                    r"\b(?:didn'?t|didn\s+t|haven'?t|haven\s+t|hadn'?t|hadn\s+t|weren'?t|weren\s+t)\s+we\s+"
                    r"(?:already\s+|once\s+)?(?:agree|decide|say|settle|discuss|talk|pick|choose|going\s+to|"
                    r"supposed\s+to)\b",
                    ("didn", "didnt", "haven", "havent", "hadn", "hadnt", "weren", "werent"), requires=("we",)),
    ExplicitTrigger("en.have_we_discussed",
                    r"\b(?:have|had|did)\s+we\s+(?:ever\s+|already\s+|previously\s+)?(?:discuss|discussed|"
                    r"talk|talked|cover|covered|mention|mentioned|document|documented|seen|write|wrote|written|note|noted|"
                    r"stored|saved|recorded|kept|logged)\b",
                    ("discuss", "discussed", "talk", "talked", "cover", "covered", "mention", "mentioned",
                     "document", "documented", "seen", "write", "wrote", "written", "note", "noted", "stored",
                     "saved", "recorded", "kept", "logged"),
                    gated=True, clause_start=False, requires=("we",)),
    ExplicitTrigger("en.ever_before",   # "Have we ever offered…?", "Did you ever save my address?"; not what the
                    r"\b(?:have|had|did)\s+(?:(?:we|i)\s+(?:ever|previously|once|already)\s+\w+|"   # assistant did
                    r"you\s+(?:ever|previously|once|already)\s+(?:save|saved|store|stored|note|noted|write|wrote|"
                    r"written|record|recorded|keep|kept|log|logged|hear|heard|get|got|receive|received))\b",
                    ("ever", "previously", "once", "already"),
                    gated=True, clause_start=False),
    ExplicitTrigger("en.question_last_time",   # "What was the fix for the ceph slow ops last time?"
                    r"\b(?:last\s+time|the\s+time\s+before|back\s+then|previous\s+time|in\s+the\s+past)\b",
                    ("time", "then", "past"), gated=True, clause_start=False,
                    also=r"\b(?:what|which|how|when|why|who|where|did|was|were|does|do)\b"),
    ExplicitTrigger("en.notes_on",
                    r"\b(?:(?:your|our|the|any)\s+(?:notes?|records?)\s+(?:on|of|about|for|regarding|say)|"
                    r"(?:is|are)\s+there\s+(?:a|any)\s+(?:notes?|records?)\b|"   # "whatever notes we have on…"
                    r"(?:whatever|any|all\s+the|the)\s+(?:notes?|records?)\s+(?:we|you)\s+(?:have|keep|got|took|made)\s+"
                    r"(?:on|about|for|regarding)\b)",
                    ("note", "notes", "record", "records"), unless=_SAVE_TO_NOTES),
    # "the runbook we wrote", "the procedure we followed"; not after a preposition: "on the plan we dropped"
    ExplicitTrigger("en.the_thing_we_did",
                    rf"\bwe\s+{WE_DID}", ("we",), gated=True, clause_start=False,
                    before=r"(?:(?:^|[^\w\s]\s*|\b(?!(?:on|for|in|at|from|with|to|by|into|over|under)\b)\w+\s+)"
                           r"(?:the|our|that)\s+(?:[\w-]+\s+){0,2}|"   # or what it asks for: "what were the three
                           r"\b(?:what|which)(?:'s|\s+(?:was|were|is|are))\s+(?:the|our|those|that)\s+(?:[\w-]+\s+){0,4})"
                           r"(?:that\s+|which\s+)?$",   # positioning statements we shortlisted?"
                    unless=_THEIR_ACT),
    ExplicitTrigger("en.show_me_what_we_did",   # the same without a question mark, after a request verb
                    rf"^\W*(?:remind\s+me\s+of|find|show\s+me|give\s+me|tell\s+me|pull\s+up|look\s+up|get\s+me|recap|"
                    rf"refresh\s+me\s+on|fill\s+me\s+in\s+on|summari[sz]e|sum\s+up)\b(?!\s*:)[^.?!]*?\bwe\s+{WE_DID}",
                    ("remind", "find", "show", "give", "tell", "pull", "look", "get", "recap", "refresh", "fill",
                     "summarise", "summarize", "sum"), requires=("we",)),
    ExplicitTrigger("en.do_you_know_my",
                    r"\b(?:do\s+you\s+(?:know|have|remember)|do\s+you\s+happen\s+to\s+know)\s+"
                    r"(?:(?:what|which|when|where|how|who)\s+(?:my|our|i|we)|"   # "…what size he is?": a family fact
                    r"(?:what|which)\s+(?:shoe\s+|clothes\s+|jersey\s+)?(?:size|age|blood\s+type)\s+(?:he|she|they)\s+"
                    r"(?:is|are|wears?|takes?))\b",
                    ("know", "have"), requires=("do", "you")),
    ExplicitTrigger("en.any_idea_what_we",
                    r"\bany\s+idea\s+(?:what|which|when|where|how|who|if|whether)\s+(?:my|our|i|we)\b", ("idea",),
                    requires=("any",)),
    ExplicitTrigger("en.do_you_have_my",   # "Do you have my new address?", "Do you still know my shoe size?"
                    r"\bdo\s+you\s+(?:still\s+)?(?:have|know)\s+my\s+(?!(?:permission|approval|ok|go-ahead|blessing|"
                    r"attention|support)\b)(?![\w-]+\s+(?:[\w-]+\s+)?(?:open|ready|back|merged|approved|checked)\b)",
                    ("have", "know"), requires=("do", "you", "my"), also=r"\?"),
    ExplicitTrigger("en.in_your_notes",
                    r"\b(?:check|look\s+(?:in|at|through)|search|see|consult|in|on|from|through)\s+"
                    r"(?:your|the|our)\s+notes\b",
                    ("notes",), unless=f"{_SAVE_EN}|{_SAVE_TO_NOTES}"),
    ExplicitTrigger("en.on_file",
                    r"\b(?:(?:(?:do|did)\s+(?:we|you)\s+have|have\s+(?:we|you)\s+got)\s+(?:anything|something)\s+"
                    r"(?:stored|saved|noted|written|"
                    r"recorded|on\s+file|in\s+memory)|anything\s+(?:in|on)\s+(?:memory|file|record|your\s+notes|the\s+notes)"
                    r"|what(?:'s|\s+is|\s+do\s+(?:we|you)\s+have)\s+on\s+(?:file|record)\s+(?:about|for|on|regarding)"
                    r"|any\s+notes\s+(?:on|about|for)|(?:have|got)\s+(?:it|that|this|them)\s+(?:written\s+down|on\s+file)|"
                    r"(?:do|did)\s+(?:we|you)\s+(?:still\s+)?have\s+(?:it|that|this|them)\s+(?:saved|stored|noted|recorded)|"
                    r"what\s+(?:have|do)\s+(?:we|you)\s+(?:got|have)\s+on\s+file|what\s+notes\s+do\s+(?:we|you)\s+have)",
                    ("stored", "saved", "noted", "written", "recorded", "file", "memory", "notes", "down", "record")),
    ExplicitTrigger("en.was_there_a_decision",   # "Was there a decision on the Hetzner move?": settled before
                    r"\b(?:was|were|is)\s+there\s+(?:ever\s+)?(?:a|an|any)\s+(?:final\s+)?(?:decision|agreement|"
                    r"conclusion|verdict)s?\s+(?:on|about|regarding|for|over)\b",
                    ("decision", "decisions", "agreement", "agreements", "conclusion", "conclusions", "verdict"),
                    requires=("there",)),
    ExplicitTrigger("en.look_up_what",
                    r"\b(?:(?:look|pull|dig|bring|find)\s+up|search\s+for|check|find(?:\s+out)?|show\s+me|tell\s+me)\s+"
                    r"what\s+(?:we|i)\s+"
                    r"(?:had\s+|have\s+)?(?:said|told|agreed|decided|noted|wrote|discussed|know|promised|settled|chose|"
                    r"picked|quoted|offered|signed|have|had|got)\b",
                    ("up", "search", "check", "find"), requires=("what",)),
    ExplicitTrigger("en.look_up_whether",   # "Can you look up whether we ever agreed to a custom SLA?"
                    r"\b(?:look|pull|dig|find|check|see)\s+(?:up\s+|out\s+)?(?:whether|if)\s+we\s+"
                    r"(?:ever\s+|already\s+|once\s+|previously\s+)?(?:had\s+|have\s+)?(?:agreed|decided|said|told|"
                    r"promised|settled|offered|quoted|signed|discussed|noted|wrote|written|gave|given|charged|documented)\b",
                    ("whether", "if"), requires=("we",)),
    ExplicitTrigger("en.did_i_tell_you",   # "Did I tell you which editor I use?", "did he tell you where he left it?"
                    r"\b(?:did|have|had)\s+(?:i|we|he|she|they)\s+(?:ever\s+|already\s+)?(?:tell|told|mention|mentioned|say|said|"
                    r"share|shared|give|gave|explain|explained)\b(?:\s+(?:you|to\s+you))?",
                    ("tell", "told", "mention", "mentioned", "say", "said", "share", "shared", "give", "gave",
                     "explain", "explained"), gated=True, clause_start=False,
                    accented=r"^\W*(?:did|have|had)\s+(?:i|we)\b"),
    ExplicitTrigger("en.anything_about",   # "Do we have anything about…", "You should have something on my dates"
                    r"\b(?:(?:do|did|have|would)\s+(?:we|you)\s+(?:got\s+|have\s+|keep\s+)?(?:anything|something)\s+"
                    r"(?:about|on|for|regarding|related\s+to)|(?:should|must|might)\s+have\s+(?:something|anything)\s+"
                    r"(?:about|on))\b",
                    ("anything", "something")),
    ExplicitTrigger("en.what_do_you_have_on",   # "What do you have on…", "What have you got on…", "What did you save…"
                    r"\bwhat\s+(?:(?:(?:do|did)\s+you\s+(?:have|keep)|have\s+(?:you|we)\s+got)\s+(?:about|on|regarding)|"
                    r"(?:did|have)\s+you\s+(?:saved?|stored?|noted?|kept|written|wrote))\b",
                    ("have", "got", "save", "saved", "store", "stored", "note", "noted", "written", "wrote"),
                    requires=("what", "you")),
    ExplicitTrigger("en.refresh_my_memory", r"\b(?:refresh\s+(?:my|our)\s+memory|ring\s+(?:a|any)\s+bells?)\b",
                    ("refresh", "bell", "bells")),
    ExplicitTrigger("en.tell_me_again", r"\btell\s+me\s+again\b", ("again",), requires=("tell", "me")),
    ExplicitTrigger("en.what_was_again", r"\bwhat\s+was\b[^.?!]{0,50}\bagain\b", ("again",),
                    requires=("what", "was")),
    ExplicitTrigger("en.whats_the_decision",   # "what was the final decision on…", not "the decision tree"
                    r"\bwhat(?:'s|\s+s|\s+is|\s+was|\s+were)\s+(?:the|our)\s+(?:(?:final|last|latest|official|actual|"
                    r"previous|original|eventual|current|standing)\s+)?(?:decision|conclusion|agreement|outcome|verdict)s?\b"
                    r"(?!\s+(?:tree|matrix|process|making|framework|log|record))",
                    ("decision", "conclusion", "agreement", "outcome", "verdict", "decisions", "conclusions",
                     "agreements", "outcomes", "verdicts"), requires=("what",)),
    ExplicitTrigger("en.our_agreed",   # "What's our agreed SLA with Acme?", "How much was the quoted price for Kibo?"
                    r"\b(?:the|our)\s+(?:agreed|settled|promised|quoted|negotiated)\s+(?!to\b|on\b|that\b)[\w-]+",
                    ("agreed", "settled", "promised", "quoted", "negotiated"),
                    also=r"^\W*(?:what|which|how\s+(?:much|many|long)|when)\b[^?]*\?"),
    ExplicitTrigger("en.remind_me_que",   # "Remind me, ¿qué formato te pedí?"
                    r"\bremind\s+me\s*[,:]\s*(?:que|cual|cuales|como|cuando|donde|cuanto|cuanta|quien)\b",
                    ("remind",), requires=("me",)),
    ExplicitTrigger("en.remind_me_interrogativo",   # "remind me qué valor dejamos…": an accented Spanish question word
                    r"\bremind\s+me\s+(?:que|cual|cuales|como|cuando|donde|cuanto|cuanta|cuantos|cuantas|quien|"
                    r"por\s+que)\b",
                    ("remind",), requires=("me",), gated=True, clause_start=False,
                    accented=r"\bremind\s+me\s+(?:qué|cuál|cuáles|cómo|cuándo|dónde|cuánt[oa]s?|quién|por qué)\b"),
    ExplicitTrigger("en.what_we_have_stored",   # "What do you have stored about me?", "pull up what we have in memory"
                    rf"\b(?:(?:what|anything)\s+(?:do|did)\s+(?:we|you)\s+(?:actually\s+|really\s+|already\s+|still\s+)?"
                    rf"have\s+(?:stored|saved|noted|recorded|"
                    rf"on\s+file|written\s+down)|(?:what|whatever|everything|anything|all)\s+(?:we|you)\s+(?:have|keep|got)\s+"
                    rf"in\s+(?:the\s+|our\s+|your\s+)?{MEM})\b",
                    ("stored", "saved", "noted", "recorded", "file", "written", "memory", "memories"),
                    requires=("have",), unless=_SAVE_EN),
    ExplicitTrigger("en.recall_colon", r"^\W*recall\s*[:,-]", ("recall",)),
    ExplicitTrigger("en.recall_my",   # "recall my notification preferences pls", "can you recall what we chose"
                    r"^\W*(?:(?:can|could)\s+you\s+|please\s+)?recall\s+(?:my|our|what|how|which|when|where|who|"
                    r"whether)\b", ("recall",)),
    ExplicitTrigger("en.memory_search_colon", r"^\W*memory[_ ]search\s*[:,-]", ("memory",), requires=("search",)),
    ExplicitTrigger("en.did_we_end_up",   # "did we end up pinning ingress-nginx to 4.10?": how it was settled
                    r"\b(?:did|have)\s+(?:we|i|you)\s+(?:ever\s+|actually\s+|finally\s+)?end(?:ed)?\s+up\b",
                    ("end", "ended"), requires=("up",), also=r"\?"),
    ExplicitTrigger("en.did_i_save_my_notes",   # "did I save my notes on that?"
                    r"\b(?:did|have)\s+(?:i|we|you)\s+(?:ever\s+)?(?:save|saved|store|stored|keep|kept|write|written)"
                    r"\s+(?:down\s+)?(?:my|our|the|any)\s+notes\b", ("notes",)),
    ExplicitTrigger("en.wh_did_you_recommend",   # "What book did you recommend me?", not "what did you mean/change"
                    r"\b(?:what|which|when|why|how|where|who)\b(?:\s+[\w'-]+){0,4}?\s+did\s+you\s+(?:ever\s+|once\s+)?"
                    r"(?:recommend|suggest|advise|propose|mention|tell\s+me|say|note\s+down|write\s+down|save|store)\b",
                    ("did",), requires=("you",)),
    ExplicitTrigger("en.what_again",   # "What amp plugin do I use again?", "Who is our contact at Hetzner again?"
                    r"\bagain\s*\?", ("again",), gated=True, clause_start=False,   # only in a question: found first,
                    unless=_EVENT_AGAIN,                                           # the wh-question looked for before
                    before=r"\b(?:what|which|who|where|how)(?:'s|\b(?:\s+[\w'-]+){0,3}?\s+(?:is|are|was|were|do|does|did)\b)"
                           r"[^.?!]*$"),
    ExplicitTrigger("en.the_thing_you_recommended",   # "What was the name of that tool you recommended?"
                    r"\b(?:the|that|those|this)\s+(?:[\w-]+\s+){0,2}(?:that\s+|which\s+)?you\s+(?:once\s+|had\s+)?"
                    r"(?:recommended|suggested|mentioned|proposed)\b",
                    ("recommended", "suggested", "mentioned", "proposed"), requires=("you",),
                    also=r"^\W*(?:what|which|who|where|when|how)\b[^?]*\?"),   # in a wh-question
    ExplicitTrigger("en.summarise_what_we_know",   # "Summarise everything we know about Acme as a customer"
                    r"\b(?:summari[sz]e|sum\s+up|recap|list|give\s+me|go\s+over|walk\s+me\s+through)\s+"
                    r"(?:what|everything|all|anything)\s+(?:that\s+)?we(?:'ve\s+got|\s+have\s+got|\s+(?:know|have|remember|got))"
                    r"\s*(?:(?:about|on|regarding|for)\b|:)",   # "give me everything we've got: plan, issues…"
                    ("know", "have", "remember", "got"), requires=("we",)),
    ExplicitTrigger("en.summarise_what_you_know",   # "Sum up everything you know about Kestrel Labs"; not "tell me…"
                    r"\b(?:summari[sz]e|sum\s+up|recap|go\s+over)\s+(?:what|everything|all|anything)\s+(?:that\s+)?"
                    r"you\s+(?:know|have|remember)\s+(?:about|on|regarding)\b",
                    ("know", "have", "remember"), requires=("you",)),
    ExplicitTrigger("en.given_what_you_know",   # "Given what you know about my week, …": what is kept about the speaker
                    r"\b(?:given|based\s+on|from|with)\s+what\s+you\s+(?:know|remember|have\s+(?:stored|saved|noted))\s+"
                    r"(?:about|on|of)\s+(?:me|my|us|our)\b",
                    ("know", "remember", "have"), requires=("what", "you")),
    ExplicitTrigger("en.what_memory_has",   # "let's see what the platform memory has on…"
                    rf"\bwhat\s+(?:the\s+|our\s+|your\s+)?(?:[\w-]+\s+)?{MEM}\s+(?:has|holds|says|keeps|knows)\s+"
                    r"(?:on|about|regarding|for)\b",
                    ("memory", "memories"), requires=("what",)),
    ExplicitTrigger("en.fix_last_season",   # "What was the workaround for the queue backlog last spring?"
                    r"\bwhat\s+(?:was|were)\s+(?:the|our)\s+(?:[\w-]+\s+){0,2}?(?:fix|fixes|workarounds?|solution|"
                    r"(?:root\s+)?cause|patch|trick|command|setting|value|config)\b[^.?!]*\blast\s+(?:spring|summer|"
                    r"autumn|fall|winter|year|month|week|quarter)\b",
                    ("spring", "summer", "autumn", "fall", "winter", "year", "month", "week", "quarter"),
                    requires=("what", "last"), also=r"\?"),
    ExplicitTrigger("en.did_we_hand_over",   # "…, or did we hand that to Marc?": who was given a duty, settled before
                    r"\b(?:did|have|had)\s+we\s+(?:already\s+|ever\s+|finally\s+)?(?:hand(?:ed)?|pass(?:ed)?|"
                    r"assign(?:ed)?|delegate(?:d)?|reassign(?:ed)?|transfer(?:red)?)\s+(?:[\w'-]+\s+){0,4}?"
                    r"(?:over\s+|off\s+)?to\s+(?!do\b|be\b|the\s+next\b)",
                    ("hand", "handed", "pass", "passed", "assign", "assigned", "delegate", "delegated", "reassign",
                     "reassigned", "transfer", "transferred"), requires=("we",), also=r"\?"),
    ExplicitTrigger("en.my_usual",   # "what's my usual preference?", "What's my take on…?", "How do I usually…?"
                    r"\b(?:(?:what|which|who|where|when)(?:'s|\s+is|\s+are|\s+was|\s+were)\s+my\s+(?:usual|normal|typical|"
                    r"preferred|go-to|regular|standing|(?:take|opinion|view|stance|position|preference|"
                    r"preferences)\s+(?:on|about|for|regarding|of)\b)|(?:how|what|when|where|which|who)\s+(?:[\w'-]+\s+){0,2}?"
                    r"do\s+i\s+(?:usually|normally|typically|generally)|do\s+i\s+have\s+(?:a|any)\s+(?:standing\s+|usual\s+|set\s+|"
                    r"fixed\s+|particular\s+)?(?:preference|rule|policy)s?\s+(?:about|on|for|regarding|when|with))\b",
                    ("usual", "normal", "typical", "preferred", "go", "regular", "standing", "take",
                     "opinion", "view", "stance", "position", "preference", "preferences", "usually", "normally",
                     "typically", "generally", "rule", "policy"), also=r"\?"),
    ExplicitTrigger("en.how_was_it_set_up",   # "How was the VPN between the offices set up?": a state settled before
                    r"\bhow\s+(?:was|were)\s+(?:the|our|that|those)\s+(?:[\w-]+\s+){1,5}?(?:set\s+up|configured|wired|"
                    r"deployed|installed|laid\s+out|sized|split)\b",
                    ("set", "configured", "wired", "deployed", "installed", "laid", "sized", "split"),
                    requires=("how",), also=r"\?"),
    ExplicitTrigger("en.what_happened_then",   # "What happened with the payment gateway in March?": a past event
                    r"\bwhat\s+(?:exactly\s+)?(?:happened|went\s+wrong)\b[^.?!]*\b(?:last\s+(?:time|week|month|year|"
                    r"quarter)|back\s+then|(?:in|on|during)\s+(?:january|february|march|april|may|june|july|august|"
                    r"september|october|november|december)\b(?!,?\s+(?:of\s+)?(?:19|20)\d\d))\b",
                    ("happened", "wrong"), requires=("what",), also=r"\?"),
    ExplicitTrigger("en.the_one_we_wrote",   # "I need the OSD procedure, the one we wrote after the pve04 disaster"
                    r"\bthe\s+one\s+(?:that\s+|which\s+)?we\s+(?:wrote|drafted|documented|put\s+together|wrote\s+up|prepared|"
                    r"agreed\s+on|settled\s+on)\b", ("one",), requires=("the", "we"),
                    also=r"\?|\b(?:need|send\s+me|find|give\s+me|pull\s+up|show\s+me|where|necesito|pasame|dame|busca)\b"),
    ExplicitTrigger("en.remind_me_yes_no",   # "Remind me, do I usually cc Javi…?", not "Remind me, can you…?"
                    r"\bremind\s+me\s*[,:]\s*(?:do|does|did|is|are|was|were|have|has|had)\s+(?:i|we|my|our|the|it|that|this|"
                    r"they|he|she)\b", ("remind",), requires=("me",), also=r"\?"),
    ExplicitTrigger("en.tell_me_what_i_said",   # "Can you look back and tell me what I said my priorities were?"
                    r"\b(?:tell|show)\s+me\s+what\s+(?:we|i)\s+(?:had\s+|have\s+|'d\s+)?(?:said|told\s+you|decided|agreed|wrote|"
                    r"noted|promised|settled\s+on|chose|picked|mentioned|asked\s+for)\b", ("tell", "show"),
                    requires=("me", "what")),
    ExplicitTrigger("en.history_with",   # "What's the history with Bodegas Ferrán?", not "the history of Rome"
                    r"\bwhat(?:'s|\s+is|\s+s)\s+(?:the|our)\s+(?:history|backstory|story)\s+(?:with|between\s+us\s+and)\b",
                    ("history", "backstory", "story"), requires=("what",)),
    ExplicitTrigger("en.the_place_i_liked",   # "What was the name of that restaurant in Porto I liked so much?"
                    r"\b(?:that|the|this)\s+(?:[\w'-]+\s+){1,4}?(?:that\s+|which\s+)?i\s+(?:really\s+|so\s+|once\s+)?"
                    r"(?:liked|loved|enjoyed|visited|went\s+to|stayed\s+(?:at|in)|ate\s+at|raved\s+about)\b",
                    ("liked", "loved", "enjoyed", "visited", "went", "stayed", "ate", "raved"), requires=("i",),
                    also=r"^\W*(?:what|which|where|who)(?:'s|\s+(?:was|were|is|are))\b[^?]*\?"),
    ExplicitTrigger("en.not_anymore_right",   # "We don't do SFTP anymore, right?": a standing decision, confirmed
                    r"\bwe\s+(?:(?:don'?t|do\s+not)\s+[^.?!,]{1,40}?\s+anymore|no\s+longer\s+[^.?!,]{1,40}?|stopped\s+"
                    r"[^.?!,]{1,40}?)\s*,?\s*(?:right|correct|do\s+we|is\s+that\s+right)\s*\?",
                    ("anymore", "longer", "stopped"), requires=("we",)),
    ExplicitTrigger("en.before_the_change",   # "What did the LBs point to before the migration?": a former state
                    r"\b(?:what|which|how|where|who)\b[^.?!]*\b(?:was|were|did|used\s+to)\b[^.?!]*\bbefore\s+(?:the|our|we)\s+"
                    r"(?:[\w-]+\s+)?" + _CHANGE + r"\b[^.?!]*\?", ("before",),
                    also=r"before\s+(?:the|our|we)\s+(?:[\w-]+\s+)?" + _CHANGE),   # a literal first: the cheap test
)
