"""App passwords as services show them, in groups of four: Google's four lowercase groups, WordPress's six
base62 groups; the shape alone is no proof (four short words look alike), so words are told apart here."""

from __future__ import annotations

import re

from .heuristics import is_app_password, token_body_ok

_GOOGLE_SHAPE_RE = re.compile(r"[a-z]{4} [a-z]{4} [a-z]{4} [a-z]{4}")
_WORDPRESS_SHAPE_RE = re.compile(r"[A-Za-z0-9]{4}(?: [A-Za-z0-9]{4}){5}")
# Four-letter words of Spanish and English prose: a group that is one is a word, not a drawn letter group.
_WORDS = """
    para pero como todo toda este esta esto cada otro otra solo algo aqui alli bien cosa casa dice dijo hace hizo
    hora ayer tras unos unas sean sido eres eran nada tres seis ocho once doce mayo alto bajo lado mano caso
    vida dias mail dato hoja usar vale cual ella poco pues sale sigo dame that this with from have been were will
    what when they them then than your just like only some into over also back more most much must need next same
    such sure take tell used uses very want well went whom here each even ever does done down make made mine mind
    less last long look many note open read said says seen send sent show stop test text time turn upon wait work
    year plus keep kept good gets give goes gone half hard help high hold home hope left life line list live lost
    love main mode name know knew days week call came come case code copy date dont easy else file find fine form
    free full
"""
_SHORT_WORDS = frozenset(_WORDS.split())


def is_google_app_password(value: str) -> bool:
    """Four groups of four lowercase letters (`abcd efgh ijkl mnop`), as Google shows an app password, none of them a
    word: random letters, or the pronounceable groups some generators draw (`meuv ygou fteh ohto`), not `xxxx …`."""
    if _GOOGLE_SHAPE_RE.fullmatch(value) is None:
        return False
    if is_app_password(value):
        return True
    return token_body_ok(value.replace(" ", ""), 3.0) and not any(group in _SHORT_WORDS for group in value.split())


def is_wordpress_app_password(value: str) -> bool:
    """Six groups of four base62 characters (`PCLW LqhE q2oo ZYGk pIBL rtxC`), as WordPress shows an application
    password: drawn at random, so it mixes case or digits and repeats little (not `Abcd Efgh …`, `AAAA BBBB …`)."""
    if _WORDPRESS_SHAPE_RE.fullmatch(value) is None:
        return False
    joined = value.replace(" ", "")
    classes = sum((any(c.islower() for c in joined), any(c.isupper() for c in joined),
                   any(c.isdigit() for c in joined)))
    return classes >= 2 and token_body_ok(joined, 3.8)


_APP_CUE_RE = re.compile(r"(?<![a-z])(?:app|apps|application|aplicaci[oó]n|aplicaciones|app-specific)(?![a-z])")


def names_app_password(before: str) -> bool:
    """Whether the lowercased words before a value name an app password (`app password`, `contraseña de aplicación`,
    `Application password para …`)."""
    return _APP_CUE_RE.search(before) is not None
