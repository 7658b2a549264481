"""Shapes of a sentence that change what kind of statement it is: a lapse of knowledge beside a how-to ("I always
forget the command"), an outage named as the exception to a rule ("no me paséis nada salvo caída"), the speaker's own
part set apart from the team's ("Y lo mío: …"), a rule labelled as the organisation's ("Otra norma: …"), a routine
told with the date it comes round ("el primer lunes de cada mes"), a thing named by habit ("la de siempre"). Patterns
read on the folded sentence by `signals.analyze` and `voice_reading.own_voice`."""

from __future__ import annotations

import re

__all__ = ["BUT_FOR_INCIDENTS", "LAPSE_OF_KNOWLEDGE", "MINE_OPENER", "REGULAR_SCHEDULE", "RULE_LABEL", "THE_USUAL"]

# What the speaker keeps forgetting is a thing to know, not a habit of hers ("I always forget the command", not
# "I always forget to eat"): an aside to a how-to question
LAPSE_OF_KNOWLEDGE = re.compile(r"\b(?:forget|forgetting|se\s+me\s+olvidan?)\s+(?:the\s+|el\s+|la\s+|los\s+|las\s+)?"
                                r"(?:exact\s+)?(?:command|commands|comando|comandos|syntax|sintaxis|flags?|order|orden|"
                                r"steps|pasos|options|opciones|which|what|whether|how|cual|como)\b")
# an outage named as the exception to a rule: "por la tarde no me paséis nada salvo caída", "unless it's an outage"
BUT_FOR_INCIDENTS = re.compile(r"\b(?:salvo|excepto|except|unless|a no ser que)\s+(?:(?:que\s+)?(?:haya|sea|si hay|"
                               r"it'?s|there'?s|there is|for|in case of)\s+)?(?:una?\s+|an?\s+)?(?:caidas?|incidentes?|"
                               r"outages?|incidents?)\b")
# The speaker's own part, set apart from the team's: "Y lo mío: …", "Y para mí: …", "As for me: …"
MINE_OPENER = re.compile(r"^\W*(?:y\s+|and\s+)?(?:lo\s+mio|para\s+mi|por\s+mi\s+parte|as\s+for\s+me|for\s+me|"
                         r"me\s+personally)\s*[:,]")
# A rule labelled as one ("Otra norma: los contratos de más de 12 meses los firmo yo", "New policy: …") is the
# organisation's, even in the first person; "norma mía:" is not this label
RULE_LABEL = re.compile(r"^\W*(?:otra\s+|nueva\s+|new\s+|another\s+)?(?:norma|regla|rule|policy|politica)(?:\s+nueva|"
                        r"\s+new)?\s*:")
# "the usual one" names a thing by habit, it states no lasting rule: "Emite la factura de octubre, la de siempre"
THE_USUAL = re.compile(r"\b(?:la|el|lo|los|las)\s+de\s+siempre\b")
# A date that comes round, when nothing else names a kind: a routine ("Every first Monday of the month we do the
# restore drill", "el primer lunes de cada mes", "las facturas salen el día 25 de cada mes", "every quarter")
REGULAR_SCHEDULE = re.compile(r"\b(?:every|each|cada)\s+(?:(?:first|second|last|other)\s+)?(?:monday|tuesday|wednesday|"
                              r"thursday|friday|month|quarter|mes|trimestre|martes|miercoles|jueves|viernes)\b|"
                              r"\bde\s+cada\s+mes\b|\bof\s+(?:the|each|every)\s+month\b")
