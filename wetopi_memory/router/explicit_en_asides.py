"""Explicit memory requests in English (design §7) that lean on an aside: a question next to what was said or written.

- Notes said to be written somewhere ("what was the root cause? I know we wrote it down somewhere", "…? it was in some
  runbook"), told before ("What's my dentist's name? I mentioned it before"), half a memory ("I vaguely recall we
  talked about…", "I vaguely remember something about…"), the same trouble before ("Has this happened to us
  before?", "…PLEG is not healthy. Seen this before?"), a lapse next to a question about ours ("I keep forgetting:
  what's our rule for…?").
- Our past writing or talk next to a wh-question, its clause ending there or with when ("what's the runbook for…? I'm
  pretty sure we wrote one"); whether we did it ("…? I don't remember if we settled that"); something "you" told me
  ("You told me something about a cheaper provider, which one?"); our past asked back ("didn't we blacklist that PHP
  version…?", "we bumped proxy-body-size before no?", "remind me: are Starter customers allowed staging?", "what was
  Jordi's take on…", "my own rule about weekends, what was it exactly?").

Not requests: "as I said" in passing, the speaker's own lapse with what is forgotten named after it ("I forgot my
password", "I can't remember the flag") or about the speaker's own doing ("I don't remember if I locked the car"), a
past talk next to a yes/no request ("can you review the PR? I think we discussed it") or with what it was like ("I
think we wrote it wrong"), where a step is now ("it's in the runbook"), someone else asked ("anyone seen this
before?"), what "you" told me to do ("You told me to restart the pod"), a half memory of the world ("I vaguely
remember reading that…").
"""

from __future__ import annotations

from .explicit_base import WE_DID, WORLD_ASKED, ExplicitTrigger

# a name of the world, not ours: "What was the name of the ship that sank in 1912?", "…of that song…"
_WORLD_NAME = r"\b(?:19|20)\d\d\b|\b(?:movie|film|song|singer|actor|actress|band|novel|king|queen|president)s?\b"

# the speaker's own lapse, with nothing after it ("…? I genuinely forget", "I keep forgetting: …"), not "I forgot my
# password" or "I can't remember the flag"
_LAPSE = (r"\bi\s+(?:(?:always|genuinely|honestly|just|totally|completely|simply)\s+)?"
          r"(?:keep\s+forgetting|forget|forgot|can'?t\s+remember|cannot\s+remember|don'?t\s+remember|"
          r"do\s+not\s+remember)(?:\s+(?:again|lol|haha))?\s*(?:[.!:;?]|$)")
# ... next to a question about our or the speaker's own things ("what's our rule for…?", "what's my usual…?")
_OURS_ASKED = r"\b(?:what|which|who|where|when|how)\b[^.!?]*\b(?:our|my|we|us)\b[^.!?]*\?"

# a wh-question somewhere in the message ("what's the runbook for…?"), not a yes/no one ("can you review the PR?")
_WH_ASKED = r"\b(?:what|which|who|where|when|how)\b[^.!?]*\?"
# where a thing of ours was written: a runbook, a wiki page, a doc
_DOC_WORDS = ("runbook", "runbooks", "doc", "docs", "wiki", "page", "note", "notes", "readme", "ticket", "thread",
              "playbook", "playbooks", "checklist", "document", "email")
_DOC = "(?:" + "|".join(_DOC_WORDS) + ")"

EN_ASIDES: tuple[ExplicitTrigger, ...] = (
    ExplicitTrigger("en.we_wrote_it_down",   # "what was the root cause? I know we wrote it down somewhere"
                    r"\b(?:we|i|you)\s+(?:already\s+|once\s+)?(?:wrote|jotted|noted|saved|summari[sz]ed|documented)\s+"
                    r"(?:it|this|that|them)\s+(?:down\s+)?(?:somewhere|before|earlier|already|"
                    r"in\s+an?\s+(?:earlier|previous|past|older|other)\s+(?:chat|conversation|session|thread))\b",
                    ("wrote", "jotted", "noted", "saved", "summarized", "summarised", "documented"), also=r"\?"),
    ExplicitTrigger("en.i_mentioned_it_before",   # "What's my dentist's name? I mentioned it before"; not "as I said,"
                    r"\bi\s+(?:already\s+|have\s+|had\s+|'ve\s+)?(?:mentioned|told\s+you|said|shared|gave\s+you|explained)\s+"
                    r"(?:it|this|that|them)\s+(?:(?:to\s+you\s+)?(?:before|earlier|already|once|last\s+\w+|the\s+other\s+day|"
                    r"yesterday))\b(?!\s+and\s+i\b)",
                    ("mentioned", "told", "said", "shared", "gave", "explained"), requires=("i",), also=r"\?"),
    ExplicitTrigger("en.like_you_gave_me_before",   # "…my zsh aliases like the ones you gave me before?"
                    r"\byou\s+(?:gave|sent|showed|suggested|recommended|wrote)\s+(?:me|us)\s+(?:before|last\s+time|"
                    r"the\s+other\s+day|once|a\s+while\s+(?:ago|back)|last\s+(?:week|month))\b",
                    ("gave", "sent", "showed", "suggested", "recommended", "wrote"), requires=("you",), also=r"\?"),
    ExplicitTrigger("en.i_think_i_told_you",   # "…? I think I told you once", not a scolding "I told you before."
                    r"\b(?:i\s+think|i\s+believe|pretty\s+sure|i'?m\s+(?:pretty\s+|fairly\s+)?sure)\s+i\s+(?:already\s+|once\s+)?"
                    r"(?:told\s+you|mentioned\s+it)(?:\s+(?:before|earlier|already|once))?\s*(?:[.!?,;]|$)",
                    ("told", "mentioned"), requires=("i",), also=r"\?"),
    ExplicitTrigger("en.pull_up_our_talk",   # "our chat yesterday about the reseller program, pull it up"
                    r"\b(?:our|the|that)\s+(?:chat|conversation|call|talk|discussion)\s+(?:(?:from\s+)?yesterday|last\s+(?:week|"
                    r"month|time|night)|the\s+other\s+day|earlier(?:\s+today)?|this\s+morning)\b[^.!?]*\b(?:pull|bring|dig)\s+"
                    r"(?:it|that|this)\s+up\b|\b(?:pull|bring|dig)\s+up\s+(?:our|the|that)\s+(?:chat|conversation|call|talk|"
                    r"discussion)\s+(?:from\s+)?(?:yesterday|last\s+\w+|the\s+other\s+day|earlier|this\s+morning|about|on)\b",
                    ("pull", "bring", "dig"), requires=("up",)),
    ExplicitTrigger("en.i_recall_we",   # "Are we sponsoring WordCamp? I vaguely recall we talked about…": half a memory
                    rf"\bi\s+(?:(?:vaguely|kind\s+of|sort\s+of|think\s+i|seem\s+to|faintly)\s+)?(?:recall|remember)\s+"
                    rf"(?:that\s+)?we\s+(?:had\s+)?(?:once\s+|already\s+|ever\s+)?{WE_DID}"   # its clause ends, or
                    r"(?=[^,;.!?]*(?:[.!?]|$|,\s*(?:right|is\s+that\s+(?:right|correct|so)|correct|no)\b))",   # a tag
                    ("recall", "remember"), requires=("i", "we"), also=r"\?"),
    ExplicitTrigger("en.happened_to_us_before",   # "Has this happened to us before?": the same trouble, settled before
                    r"\b(?:has|had|did)\s+(?:this|that|it|something\s+like\s+(?:this|that))\s+(?:ever\s+|already\s+)?"
                    r"happen(?:ed)?\s+(?:to\s+us|with\s+(?:another|other|a\s+different)\s+(?:customer|client)s?)\b",
                    ("happen", "happened"), also=r"\?"),
    ExplicitTrigger("en.i_keep_forgetting",   # "I keep forgetting: what's our rule for…?", "…my usual? I forget"
                    _LAPSE, ("forget", "forgetting", "forgot", "remember"), requires=("i",), also=_OURS_ASKED),
    ExplicitTrigger("en.sure_we_wrote_one",   # "what's the runbook for…? I'm pretty sure we wrote one"
                    r"\b(?:i'?m\s+(?:pretty\s+|fairly\s+|quite\s+|almost\s+)?(?:sure|certain|positive)|i\s+(?:think|know|believe)|"
                    r"pretty\s+sure)\s+(?:that\s+)?we\s+(?:already\s+|once\s+|even\s+|actually\s+)?(?:wrote|drafted|documented|"
                    r"discussed|talked\s+about|covered|went\s+over|put\s+together|decided|settled|closed)"
                    r"(?:\s+(?:one|it|this|that|them|something|some|an?\s+[\w-]+))?(?:\s+(?:up|down|on|about))?"
                    r"(?=\s*(?:[,.;:!?]|$)|\s+(?:somewhere|before|already|once|last|a\s+while|back|in|on|after|during|when)\b"
                    r"[^,.;:!?]{0,30}(?:[,.;:!?]|$))",   # the clause ends there, or with when
                    ("wrote", "drafted", "documented", "discussed", "talked", "covered", "went", "put", "decided",
                     "settled", "closed"), requires=("we",), also=_WH_ASKED),
    ExplicitTrigger("en.it_was_in_a_doc",   # "how do we rotate the keys? it was in some runbook": written somewhere
                    rf"\b(?:it|this|that)(?:\s+(?:was|were)\s+(?:written\s+|documented\s+)?(?:in|on)\s+(?:a|an|the|our|some|"
                    rf"one\s+of\s+(?:the|our))|(?:\s+is|'s|\s+s)\s+(?:written\s+|documented\s+)?(?:in|on)\s+(?:some|one\s+of\s+"
                    rf"(?:the|our)))\s+(?:[\w-]+\s+)?{_DOC}s?\b",
                    _DOC_WORDS, also=r"\?"),
    ExplicitTrigger("en.seen_this_before",   # "Node NotReady, PLEG not healthy. Seen this before?" (not "anyone seen…")
                    r"(?:^|[^\w\s'-])\s*(?:ever\s+)?seen\s+(?:this|that|it|something\s+like\s+(?:this|that))(?:\s+(?:one|error|"
                    r"issue|problem|message|warning|kind\s+of\s+thing))?\s+before\s*\?",
                    ("seen",), requires=("before",)),
    ExplicitTrigger("en.i_need_the_number_we_agreed",   # "I need the number we agreed with Lumen for the credits"
                    r"\b(?:i\s+need|i\s+want|give\s+me|send\s+me|get\s+me|bring\s+me|pull\s+up)\s+(?:the|our|that)\s+"
                    r"(?:[\w'-]+\s+){0,3}?(?:we|you)\s+(?:agreed|quoted|offered|settled\s+on|decided\s+on|promised|gave|"
                    r"charged|negotiated|signed|picked|chose|wrote|drafted|put\s+together)\b",
                    ("agreed", "quoted", "offered", "settled", "decided", "promised", "gave", "charged", "negotiated",
                     "signed", "picked", "chose", "wrote", "drafted", "put"), requires=("the",)),
    ExplicitTrigger("en.remind_me_then_a_question",   # "remind me, el descuento para ONGs era del 20 o del 25?"
                    r"(?:^|[^\w\s])\s*(?:please\s+)?(?:remind\s+me|recuerdame)\s*[,:]"
                    r"(?!\s*(?:(?:can|could|would|will)\s+you|(?:me\s+)?puedes)\b)\s*[^?.!]{3,}\?",
                    ("remind", "recuerdame")),
    ExplicitTrigger("en.has_this_happened_before",   # "Has this 'x509: …' error happened before?"
                    r"\b(?:has|had)\s+(?:this|that|it|something\s+like\s+(?:this|that))\b[^.!?]{0,120}?\bhappened\s+"
                    r"(?:to\s+us\s+)?(?:before|already)\s*\?", ("happened",), requires=("before",)),
    ExplicitTrigger("en.we_hit_before",   # "Any breaking changes we've hit before?", "Anything we learned last time?"
                    r"\bwe(?:'ve|\s+have)?\s+(?:already\s+)?(?:hit|seen|had|run\s+into|ran\s+into|bumped\s+into)\s+"
                    r"(?:\w+\s+){0,2}?before(?:\s*,?\s*(?:right|no|eh|didn'?t\s+we))?\s*\?|"
                    r"\b(?:anything|something|what)\s+(?:did\s+)?we\s+learn(?:ed|t)?\s+(?:the\s+)?last\s+time\b",
                    ("before", "learned", "learnt", "learn"), requires=("we",), also=r"\?"),
    ExplicitTrigger("en.you_told_me_something",   # "You told me something about a cheaper S3 provider, which one?"
                    r"\byou\s+(?:once\s+|also\s+)?(?:told\s+me|mentioned|said|recommended|suggested)\s+(?:something|a\s+thing|"
                    r"a\s+trick|a\s+tip|a\s+(?:few|couple\s+of)\s+things)\s+(?:about|on|regarding|for|with)\b",
                    ("something", "thing", "trick", "tip", "things"), requires=("you",), also=r"\?"),
    ExplicitTrigger("en.i_vaguely_remember",   # "what did Kinetic complain about? I vaguely remember something about…"
                    r"\bi\s+(?:vaguely|faintly|kind\s+of|sort\s+of|half)\s+(?:remember|recall)\s+(?:something|there\s+(?:was|"
                    r"being)|(?:it|this|that)\s+(?:was|being)|a\s+(?:thing|conversation|discussion|note|mention|chat))\b",
                    ("remember", "recall"), requires=("i",), also=r"\?", unless=WORLD_ASKED),
    ExplicitTrigger("en.dont_remember_whether_we",   # "Do we cap or bill extra? I don't remember if we settled it",
                    # "…or was it me? can't recall what we settled"
                    rf"\b(?:i\s+)?(?:really\s+|honestly\s+)?(?:don'?t|do\s+not|can'?t|cannot)\s+(?:remember|recall)\s+"
                    rf"(?:if|whether|what)\s+we\s+(?:ever\s+|already\s+|actually\s+|finally\s+)?{WE_DID}",
                    ("remember", "recall"), requires=("we",), also=r"\?"),
    ExplicitTrigger("en.what_was_the_name",   # "What was the name of the gestoría Jordi recommended?": a name of ours
                    r"^\W*(?:and\s+|so\s+|hey,?\s+)?what\s+was\s+the\s+name\s+of\s+(?:the|that|this|our|my|those)\b",
                    ("name",), requires=("was",), also=r"\?", unless=_WORLD_NAME),
    ExplicitTrigger("en.according_to_what_we_stored",   # "According to what we have stored, who's our contact at…?",
                    # "how many hours do I sleep, going by what I've told you?"
                    r"\b(?:according\s+to|based\s+on|going\s+by|judging\s+by)\s+what\s+(?:(?:we|you)(?:\s+have|'ve)?\s+"
                    r"(?:got\s+)?(?:stored|saved|on\s+file|noted|kept|remember)|i(?:\s+have|'ve)?\s+(?:told\s+you|said))\b",
                    ("stored", "saved", "file", "noted", "kept", "remember", "told", "said"), requires=("what",)),
    ExplicitTrigger("en.i_told_you_about",   # "what's on my plate this week? I told you about the three things…"
                    r"\bi\s+(?:already\s+|once\s+)?told\s+you\s+about\b", ("told",), requires=("i", "you", "about"),
                    also=r"\?"),
    ExplicitTrigger("en.told_you_what_was_it",   # "I think I told you how I want price emails reviewed, what was it"
                    r"\bi\s+(?:think\s+i\s+|already\s+|once\s+)?told\s+you\s+(?:how|what|which|where|when|about)\b[^.!?]*"
                    r"\b(?:what\s+was\s+it|remind\s+me)\b", ("told",), requires=("i", "you")),
    ExplicitTrigger("en.did_we_write_down",   # "did we ever write down the redis maxmemory we set for Olmo"
                    r"\bdid\s+(?:we|you|i)\s+(?:ever\s+)?(?:write|note|jot)\s+(?:\w+\s+){0,2}?down\b",
                    ("write", "note", "jot"), requires=("did", "down")),
    ExplicitTrigger("en.do_we_have_notes",   # "do we have notes on how the last ceph expansion went"
                    r"\b(?:do|did)\s+we\s+(?:have|keep)\s+(?:any\s+)?(?:notes|anything\s+(?:written|saved|noted)"
                    r"(?:\s+down)?)\s+(?:on|about|for|from)\b", ("notes", "anything"), requires=("we",)),
    ExplicitTrigger("en.what_was_the_cause",   # "what was the root cause of the outage on the 14th?": ours, in the past
                    r"^\W*(?:and\s+|so\s+|hey,?\s+|remind\s+me,?\s+)?what\s+was\s+the\s+(?:root\s+cause|cause|fix|"
                    r"resolution|outcome)\s+(?:of|for|behind)\s+(?:the|that|our|this)\b",
                    ("cause", "fix", "resolution", "outcome"), requires=("was",), unless=_WORLD_NAME),
    ExplicitTrigger("en.everything_we_have_on",   # "give me a recap of everything we have on Bodegas Arlanza"
                    r"\b(?:everything|all|anything)\s+(?:that\s+)?(?:we|you)(?:'ve|\s+have)?\s+(?:got\s+)?(?:on|about)\b",
                    ("everything", "all", "anything"), requires=("on",)),
    ExplicitTrigger("en.go_through_what_we_have",   # "go through what we have on the Clínica Sol migration", not "what
                    # we have on the calendar" said of a plan
                    r"\b(?:go\s+through|pull\s+up|dig\s+up|look\s+up|tell\s+me|show\s+me|recap|summari[sz]e|check)\s+"
                    r"what\s+(?:we|you)(?:'ve|\s+have)?\s+(?:got\s+|stored\s+|saved\s+)?(?:on|about)\b",
                    ("through", "up", "tell", "show", "recap", "summarize", "summarise", "check"), requires=("what",)),
    ExplicitTrigger("en.how_did_i_ask_you",   # "how did I ask you to handle messages when I'm out on the boat?"
                    r"\bhow\s+did\s+i\s+(?:ask|tell|want)\s+you\b|\bwhat\s+(?:were|was)\s+the\s+(?:things?|stuff|points?|"
                    r"list)\s+(?:that\s+)?(?:i|we)\s+(?:said|told\s+you|mentioned|wanted|asked\s+for)\b",
                    ("ask", "tell", "want", "things", "thing", "stuff", "points", "point", "list"), requires=("i",)),
    ExplicitTrigger("en.forgot_what_we_set",   # "¿69 o 79? I keep forgetting what we set"
                    r"\bi\s+(?:keep\s+forgetting|always\s+forget|forgot|forget)\s+(?:what|which|how|when|where)\s+"
                    r"(?:we|i)\s+(?:set|said|agreed|decided|chose|picked|put|told\s+you)\b",
                    ("forgetting", "forget", "forgot"), requires=("i",)),
    ExplicitTrigger("en.wh_then_i_forgot",   # "what's the argo sync wave for the wp-tools jobs, I forgot"
                    r"^\W*what(?:'s|\s+is|\s+was|\s+were)\b[^?.!]{3,80}?[,;]?\s+i\s+(?:forgot|forget|can'?t\s+remember)"
                    r"\s*[.!?]*\s*$", ("forgot", "forget", "remember"), requires=("i",),
                    unless=_WORLD_NAME + r"|\b(?:capital|population|president|author|formula|meaning|definition|"
                    r"difference|word\s+for)\b"),
    ExplicitTrigger("en.what_did_we_learn",   # "what did we learn from the noisy neighbour incident?", "Pull up
                    # what we learned from last year's Black Friday"
                    r"\bwhat\s+(?:did\s+we\s+(?:learn|take\s+away)|we\s+(?:learned|learnt|took\s+away))\s+from\b|"
                    # "Did we learn anything about tuning its Postgres pool?"
                    r"\b(?:did|have)\s+we\s+(?:ever\s+)?(?:learn|learned|learnt)\s+(?:anything|something)\b",
                    ("learn", "take", "learned", "learnt", "took"), requires=("we",)),
    ExplicitTrigger("en.tried_before",   # "Has this exact change … been tried before?", "have we tried this before?"
                    r"\b(?:been\s+tried|have\s+we\s+(?:ever\s+)?tried\s+(?:this|that|it))\s+before\b",
                    ("tried",), requires=("before",), also=r"\?"),
    ExplicitTrigger("en.prior_decision",   # "Is there any prior decision on letting customers run their own cron?"
                    r"\b(?:any|a)\s+(?:prior|previous|earlier|past)\s+(?:decision|decisions|agreement|discussion)\s+"
                    r"(?:on|about|regarding|for)\b", ("prior", "previous", "earlier", "past"),
                    requires=("any",)),
    ExplicitTrigger("en.what_you_remember",   # "start from what you have on it", "list what you remember about it"
                    r"\b(?:start|begin)\s+(?:from|with)\s+what\s+you\s+(?:have|know|remember)\b|\bwhat\s+you\s+"
                    r"remember\s+(?:about|of|from)\b", ("have", "know", "remember"), requires=("what", "you")),
    ExplicitTrigger("en.memories_tagged",   # "are there any memories tagged 'woo'? list them"
                    r"\bmemor(?:y|ies)\s+(?:tagged|labell?ed|with\s+the\s+tag)\b", ("memories", "memory")),
    ExplicitTrigger("en.pull_together_from_memory",   # "Pull together everything we know from memory"
                    r"\b(?:pull|put|bring)\s+together\b[^.?!]{0,60}\bfrom\s+(?:the\s+|our\s+|your\s+)?memory\b",
                    ("memory",), requires=("together", "from")),
    ExplicitTrigger("en.did_i_then_cant_remember",   # "did I approve CHG-0415 or reject it? can't remember"
                    r"\b(?:did|have|had)\s+(?:i|we)\b[^?!]{3,100}\?\s*(?:i\s+)?(?:can'?t|cannot|don'?t)\s+"
                    r"(?:remember|recall)\b", ("remember", "recall"), requires=("did",)),
    ExplicitTrigger("en.what_did_they_say",   # "what did legal say about prices without VAT?": advice we were given
                    r"\bwhat\s+did\s+(?:legal|the\s+lawyers?|our\s+lawyers?|the\s+accountant|our\s+accountant|"
                    r"the\s+gestoria|the\s+auditor|the\s+insurer|the\s+bank)\s+(?:say|tell\s+us|advise|recommend)\b",
                    ("say", "tell", "advise", "recommend"), requires=("what", "did")),
    ExplicitTrigger("en.catch_me_up",   # "refresh me on the Hetzner terms", "catch me up on the Northwind thing"
                    r"\b(?:refresh\s+(?:me\s+on|my\s+memory)|jog\s+my\s+memory|catch\s+me\s+up\s+on|"
                    r"bring\s+me\s+up\s+to\s+speed\s+on|what'?s\s+the\s+(?:backstory|history)\s+(?:on|with|behind)|"
                    r"what\s+was\s+(?:our|[a-z]+'s)\s+(?:take|position|stance)\s+on)\b",
                    ("refresh", "jog", "catch", "bring", "backstory", "history", "take", "position", "stance")),
    ExplicitTrigger("en.we_had_a_rule",   # "we had a rule for this, right?", "didn't I tell you I don't do calls…?"
                    r"\bwe\s+had\s+(?:a|an)\s+(?:rule|policy|agreement|process|runbook|procedure)\s+(?:for|about|on)\b"
                    r"|\bdidn'?t\s+i\s+(?:tell|ask)\s+you\b|\bat\s+some\s+point,?\s+(?:no|right|didn'?t\s+we)\s*\?",
                    ("had", "didn", "didnt", "point"), also=r"\?"),
    ExplicitTrigger("en.didnt_we",   # "didn't we blacklist that php version for woocommerce 9…?": our past, asked
                    r"\bdidn'?t\s+we\s+(?:already\s+|once\s+)?[a-z]{3,}", ("didn", "didnt"), also=r"\?"),
    ExplicitTrigger("en.we_did_no",   # "we bumped proxy-body-size before no?", "we changed it to 5 no?"
                    r"\bwe\s+(?:already\s+|once\s+)?[a-z]{3,}ed\b[^?.!]{0,80}\b(?:no|right)\s*\?\s*$",
                    ("no", "right"), requires=("we",)),
    ExplicitTrigger("en.remind_me_colon",   # "remind me: are customers on Starter allowed staging sites…?", not
                    # "Remind me, can you book the room for Friday?" (a request to act)
                    r"\bremind\s+me\s*:\s*(?!(?:can|could|will|would|please)\b)[^?]{3,160}\?", ("remind",),
                    requires=("me",)),
    ExplicitTrigger("en.my_rule_what_was_it",   # "I keep forgetting my own rule about…, what was it exactly?"
                    r"\b(?:my|our)\s+(?:own\s+)?(?:rule|policy|agreement|deal)\b[^?]{0,100}\bwhat\s+was\s+it\b",
                    ("rule", "policy", "agreement", "deal"), also=r"\?"),
    ExplicitTrigger("es.segun_lo_guardado",   # "Según lo que tenemos guardado, ¿quién es el contacto en…?"
                    r"\bsegun\s+(?:lo\s+que\s+(?:tenemos|tienes|hay)\s+(?:guardado|apuntado|anotado|en\s+memoria)|"
                    r"lo\s+que\s+te\s+(?:he\s+)?(?:contado|dicho|conte|dije)|"
                    r"(?:la|tu|nuestra)\s+memoria|lo\s+(?:guardado|apuntado|anotado))\b", ("segun",)),
)
