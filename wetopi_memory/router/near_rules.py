"""Cue-and-head rules and agent priors of the router (design §8), as plain data.

- `NEAR_RULES`: a cue word (mostly the first person) followed, with at most `window - 1` words in between, by a
  head word ("my meeting preferences", "mi forma de trabajar", "promise 99.95% uptime"); `route` explains a match
  as "(cue) … head".
- `AGENT_PRIORS`: the agent that handles the turn is a weak prior for one scope (design §8 "contexto del
  agente"): it never routes alone, it only corroborates a term that needs it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class NearRule:
    """A word of `first` followed within `window` tokens by a word of `heads` adds `weight` to `scope`."""

    scope: str
    name: str
    weight: float
    first: tuple[str, ...]
    heads: tuple[str, ...]
    window: int = 2
    cue: str = "first person"   # what the words of `first` are, as `route` explains the match


_SELF_EN_ES = ("my", "mi", "mis", "i", "yo", "me", "im")
_PROMISE, _SITE = (("promise", "promised", "prometer", "prometemos", "prometimos", "guarantee", "garantizar"),
                   ("web", "website", "site", "tienda", "shop", "store", "server", "servidor", "api"))

NEAR_RULES: tuple[NearRule, ...] = (
    NearRule("personal", "personal.first_person", 1.0, _SELF_EN_ES, (
        "preferences", "preference", "preferred", "prefer", "preferencias", "preferencia", "preferida",
        "preferido", "preferidas", "preferidos", "usual", "usually", "habit", "habits", "routine", "rutina",
        "costumbre", "horario", "horarios", "schedule", "hours", "workflow", "setup", "settings", "style",
        "estilo", "manera", "forma", "habitos", "habito", "normally", "normalmente", "alerts", "alertas", "avisos",
        "notifications", "notificaciones", "updates")),
    NearRule("personal", "personal.my_things", 1.0, ("my", "mi", "mis"), (
        "go", "desktop", "stack", "shell", "terminal", "keyboard", "teclado", "mouse", "monitor", "monitors",
        "monitores", "diet", "dieta", "commute", "mornings", "afternoons", "evenings", "weekends", "mananas",
        "tardes", "findes", "calendar", "agenda", "personal", "talla")),
    # "I (usually / don't) work / live / drink …", "I'm trying to eat better": a verb of everyday life in the
    # speaker's present or resolution (0.75 = MEDIUM; a self cue, so "trying" counts only in the first person)
    NearRule("personal", "personal.life_verb_en", 0.75, ("i", "trying"), (
        "live", "work", "sleep", "wake", "commute", "cycle", "bike", "walk", "eat", "drink", "cook", "exercise",
        "study", "speak", "wear", "use", "read", "write", "finish", "leave",
        "travel", "avoid", "skip", "listen", "watch", "code", "program", "log", "type"), window=3),
    # "tengo la reunión con…", "I have the supplier call at 10", "hago yo la demo": the speaker's own appointment
    NearRule("personal", "personal.own_appointment", 1.0, ("tengo", "hago", "have", "got"), (
        "reunion", "reuniones", "meeting", "call", "llamada", "demo", "dentista", "dentist", "medico", "doctor",
        "cita", "appointment", "guardia", "evento", "board", "entrevista", "interview"), window=3),
    # uptime promised ("can we promise 99.95% uptime…?"); a site that was down ("la web de Nortia was down 40 min")
    NearRule("business", "business.promised_uptime", 1.0, _PROMISE, ("uptime", "disponibilidad", "sla"), 3, "promise"),
    NearRule("platform", "platform.site_down", 1.0, _SITE, ("down", "caida", "caido"), 5, "a site"),
    NearRule("platform", "platform.checkout_slow", 1.0, ("checkout", "carrito", "wp-admin"),   # "…checkout is slow"
             ("slow", "lento", "lenta"), 5, "a shop's page"),
)

AGENT_PRIORS: dict[str, str] = {"wetopi-build": "platform", "wetopi-lead": "business"}
