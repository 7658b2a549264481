"""Explicit memory requests in English (design §7) that lean on an aside: a question next to what was said or written.

- Notes said to be written somewhere ("what was the root cause? I know we wrote it down somewhere"), told before
  ("What's my dentist's name? I mentioned it before"), half a memory ("I vaguely recall we talked about…"), the same
  trouble before ("Has this happened to us before?"), a lapse next to a question about ours ("I keep forgetting:
  what's our rule for…?").

Not requests: "as I said" in passing, the speaker's own lapse with what is forgotten named after it ("I forgot my
password", "I can't remember the flag").
"""

from __future__ import annotations

from .explicit_base import WE_DID, ExplicitTrigger

# the speaker's own lapse, with nothing after it ("…? I genuinely forget", "I keep forgetting: …"), not "I forgot my
# password" or "I can't remember the flag"
_LAPSE = (r"\bi\s+(?:(?:always|genuinely|honestly|just|totally|completely|simply)\s+)?"
          r"(?:keep\s+forgetting|forget|forgot|can'?t\s+remember|cannot\s+remember|don'?t\s+remember|"
          r"do\s+not\s+remember)(?:\s+(?:again|lol|haha))?\s*(?:[.!:;?]|$)")
# ... next to a question about our or the speaker's own things ("what's our rule for…?", "what's my usual…?")
_OURS_ASKED = r"\b(?:what|which|who|where|when|how)\b[^.!?]*\b(?:our|my|we|us)\b[^.!?]*\?"

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
)
