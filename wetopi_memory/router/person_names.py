"""Common first names of Spanish and English speakers (normalised as `text.tokenize` gives them): who a message
names, not what it is about. The word model leaves them out of its vocabulary: the corpus' authors name the speaker
and her colleagues often enough that "Ana" or "Marta" would otherwise weigh as a scope, and on a stranger's messages
(other people, other names) that weight is noise. Names that are also common words ("max", "mark", "grace", "leo",
"clara", "rosa") are not listed.
"""

from __future__ import annotations

from typing import Final

_NAMES: Final = """
adrian ainhoa aitor alba alberto alejandro alex alicia alvaro amanda amy ana andrea andres andrew angela anna
anthony antonio ashley asier astrid barbara beatriz belen ben betty brandon brian carlos carmen carol celia
charles chloe chris christopher cristina cynthia daniel david deborah diego donna elena elizabeth ellie emilio
emily emma enrique eric erik esther eva fernando francisco gary george gonzalo greg guillermo hannah hans harry
hugo ignacio iker ines ingrid irene isabel ivan jacob jaime james jason javi javier jennifer jessica joaquin
john jonathan jordi jorge jose joseph juan julia justin kai karen kate kathleen katie kevin lars laura lena
lidia lily linda lisa lorena luca lucas lucia lucy luis manuel marc marco marcos margaret maria marina mario
marta mary matthew melissa mia michael michelle miguel mikel miriam monica nacho nancy natalia nerea nicholas
nina noelia nuria olga oliver olivia oscar pablo patricia pau paul paula pedro peter priya rafael ramon raquel
raul rebecca richard robert rocio ruben rui ryan sam samuel sandra sara sarah scott sergio sharon silvia sofia
sonia sophie stephanie steven susan susana sven teresa thomas tim timothy tobias tom tomas tony unai veronica
victor william xavi
"""
PERSON_NAMES: Final = frozenset(_NAMES.split())
