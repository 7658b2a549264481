"""Routing rules of the personal scope (design §8, §3.1): what the speaker says about themself, as plain data.

People state personal facts without preference words: "I'm vegetarian", "Normalmente reviso el correo a primera
hora", "My wife works nights", "Uso vim para todo". Two kinds of evidence make such a statement personal:

- first person (`personal.self`, WEAK): a first-person word (I, my, me, yo, mi, mis) or, in Spanish, which drops
  the pronoun, a first-person verb (`first_person_verb`: a clause opening with "reviso", "voy", "soy", "he
  decidido", or such a form after "no", "siempre", "me"…);
- a cue of the speaker's life (MEDIUM): a habit ("every morning", "los martes", "siempre", "a partir de"), a life
  domain (diet, family, health, commute, whereabouts, the tools they personally use) or how they want answers
  ("answers", "bullet points", "en castellano", "de tú").

One cue and first person reach the minimum evidence (MEDIUM + another term, `evidence.py`); a cue alone does not
("La cuota del gimnasio ha subido" stays unrouted), nor does first person alone ("I need a summary"). Explicit
preference and taste phrases ("prefiero", "I like", "mi forma de trabajar") are anchors on their own.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from typing import Final

from .default_rules import MEDIUM, STRONG, WEAK, DefaultRule

SELF_RULE: Final = "personal.self"
REMINDER_RULE: Final = "personal.reminder"
ADDRESSEE_RULE: Final = "personal.addressee"
ANSWER_STYLE_RULE: Final = "personal.answer_style"
HABIT_RULE: Final = "personal.habit"
ADDRESSED_WISH_RULE: Final = "personal.addressed_wish"
SELF_VERB_TERM: Final = "(first-person verb: reviso, voy, he decidido)"
VIEWPOINT_RULE: Final = "personal.viewpoint"
VIEWPOINT_TERM: Final = "(opens with the speaker's view: para mí, a mí, for me)"
OWN_REQUEST_RULE: Final = "personal.own_request"
OWN_REQUEST_TERM: Final = "(a memory request about the speaker's own words: what did I say, ¿qué te dije?)"
# The cues that first person (a word or a verb) turns into a personal statement.
# Other rules whose terms are in the first person themselves ("suelo", "for me", "yo uso").
FIRST_PERSON_RULES: Final = frozenset({"default:personal.weak"})
SELF_CUE_RULES: Final = frozenset({f"default:{HABIT_RULE}", "default:personal.life", f"default:{ANSWER_STYLE_RULE}",
                                   f"default:{ADDRESSED_WISH_RULE}",
                                   "default:personal.own_decision", "default:personal.life_verb",
                                   "default:personal.life_verb_en"})

PERSONAL_RULES: tuple[DefaultRule, ...] = (
    DefaultRule(   # a reminder to set is personal; inside a request for memory it is the request itself
        "personal", REMINDER_RULE, STRONG,
        keywords=("recuérdame",),
        phrases=("remind me",),
    ),
    DefaultRule(   # an event written into the speaker's own calendar is her schedule, whoever it is with
        "personal", "personal.calendar_write", STRONG,
        tools=tuple(f"{prefix}calendar_{verb}*" for prefix in ("", "mcp_")
                    for verb in ("create", "update", "add", "move", "delete", "block", "reschedule")),
    ),
    DefaultRule(
        "personal", "personal.preferences", STRONG,
        keywords=("prefiero", "preferiría", "prefería",
                  "me cuesta", "me agobia", "me agobian", "me distrae", "me distraen",
                  "me cansa", "me va mejor", "me viene mejor", "i struggle with", "i find it hard", "hard for me",
                  # what the speaker keeps forgetting, or means to stop doing, is a habit of hers
                  "se me olvida", "se me olvidan", "i always forget", "i keep forgetting",
                  "quiero dejar de", "intento dejar de", "i want to stop", "i m trying to stop"),
        phrases=(
            "yo prefiero", "i prefer", "i'd prefer", "i would prefer", "i'd rather", "i would rather",
            "mi configuración", "mis preferencias", "mi preferencia", "my preference", "my preferences",
            "my setup", "my config", "my configuration", "mi setup", "mi entorno", "my environment",
            "my workflow", "mi flujo de trabajo", "my dotfiles", "mis dotfiles", "qué decidí", "what did i decide",
            "what i decided", "acuérdate de que yo", "acuérdate que yo",
            "i usually", "yo suelo", "normalmente yo", "suelo usar", "i tend to", "tengo la costumbre",
            "mis notas", "my notes", "mi agenda", "my calendar", "mi calendario", "my schedule", "mi horario",
            "my birthday", "mi cumpleaños", "my family", "mi familia", "my timezone", "my time zone",
            "mi zona horaria", "my name is", "me llamo", "llámame", "my laptop", "mi portátil", "mi ordenador",
            "my computer", "my editor", "mi editor", "my favorite", "my favourite", "mi favorito",
            "mi favorita", "my personal", "mis datos", "my vacation", "mis vacaciones", "my holidays", "año sabático",
            "sabbatical",
            "mi idioma", "my language", "mi estilo", "my style", "call me", "llámame", "mi rutina", "my routine",
            "mi forma de trabajar", "mi manera de trabajar", "mi forma de", "mi manera de", "my working hours",
            "mis horarios", "my timezone", "a mí me va mejor", "para mí es importante", "para mí lo ideal",
            "what i like", "my kids", "mis hijos", "estoy de vacaciones", "i'm on holiday",
            "keep in mind that i", "ten en cuenta que yo", "for me the best", "for me it's", "for me it is",
            "para mí lo mejor", "para mí es", "para mí el mejor", "yo suelo", "suelo trabajar", "my usual",
            "me funciona mejor", "me resulta más", "me va bien", "me viene bien", "me viene fatal",
            "me viene mal", "me sienta mal", "me molesta", "me molestan", "me estresa", "me estresan",
            "me pone nervioso", "me pone nerviosa", "works best for me", "works better for me", "best for me",
            "easier for me", "better for me", "suits me", "i find it easier", "i focus better", "distracts me",
            "bothers me", "annoys me", "drives me crazy", "cuando te pida", "when i ask you", "unless i ask",
            "my go to", "i m not a fan", "no soy fan", "no soy nada fan", "no soy muy fan", "i m not a big fan",
            "cuando te pregunte", "soy más de", "i m more of a", "i live in", "vivo en", "soy de las que",
            "soy de los que", "i m the kind of person", "i m someone who", "i m the type who",
            "i m based in", "i m from", "una decisión mía", "decisión mía", "decisión personal", "my own decision",
            "a personal decision", "when i say", "cuando digo", "cuando diga", "cuando hable de", "cuando hablo de",
            "es algo mío", "para nadie más", "entre tú y yo", "between you and me", "just between us", "mis planes",
            "my plans",
            "personal note", "nota personal", "about me", "sobre mí", "sabes de mí", "tienes de mí", "recuerdas de mí",
            "in my spare time", "en mi tiempo libre",
            "i m not a morning person", "note to self", "nota mental", "nota para mí", "my availability",
            "mi disponibilidad", "remember my", "recall my", "recuerdas mi", "recuerdas mis", "acuerdas de mi",
            "acuerdas de mis", "what i told you about my", "lo que te conté de mi", "lo que te dije de mi",
            # what the speaker said or chose before: "what did I say last time about…", "¿qué le dije a Marta…?"
            # ("forget what I told you about X" takes back a word about X: X's scope alone)
            "what did i say", "what did i tell", "did i already say", "did i say no", "did i say yes",
            "remind me why i", "why did i", "tú y yo", "qué le dije a", "qué le dije la", "qué le dije sobre",
            "qué les dije sobre", "remind me what i think", "lo que opiné yo", "lo que opino yo", "lo que yo opino",
            "lo que yo comenté", "lo que comenté yo",
            "you and i discussed", "you and i agreed",
            # how the speaker wants things done, or no longer wants them: "me gustaría que los informes…"
            "me gustaría que", "ya no quiero", "i no longer want", "a mí me da igual", "contéstame", "respóndeme",
            "keep your answers", "keep answers short", "your answers short", "tus respuestas", "no quiero que me",
            "visual person", "persona visual", "soy muy visual",
            # liking or hating "it" when: a standing preference, not a reaction to the message's proposal
            "i like it when", "i love it when", "i hate it when", "me gusta cuando", "odio cuando",
        ),
    ),
    DefaultRule(
        "personal", "personal.likes", STRONG,
        phrases=(
            "me gusta", "me gustan", "no me gusta", "i like", "i don't like", "i love", "i hate", "odio",
            "personally", "personalmente", "in my opinion", "en mi opinión", "i always", "yo siempre",
            "i never", "yo nunca", "me encanta", "i can t stand", "i cant stand", "no soporto", "no aguanto",
            # what she once liked, named by it: "el restaurante de Oporto que me gustó tanto", "the one I loved"
            "que me gustó", "que me encantó", "que me gustaron", "que me encantaron", "the one i loved", "that i loved",
        ),
    ),
    DefaultRule(
        "personal", "personal.weak", WEAK,
        phrases=("for me", "para mí", "yo uso", "i use", "yo misma", "yo mismo", "y yo sobre", "and i decided",
                 "y yo decidimos", "y yo acordamos"),
    ),
    DefaultRule(
        "personal", SELF_RULE, WEAK,
        phrases=("i", "im", "ive", "my", "mine", "myself", "yo", "mi", "mis", "conmigo", "estoy", "soy", "voy",
                 "estaré", "tengo"),
    ),
    DefaultRule(   # "me" only with how to answer: "Answer me in Spanish", but "Siempre me da timeout el ingress"
        "personal", ADDRESSEE_RULE, WEAK,
        phrases=("me",),
    ),
    DefaultRule(
        "personal", HABIT_RULE, MEDIUM,
        keywords=("mañanas", "tardes", "noches", "always", "never", "usually", "normally", "generally", "typically",
                  "whenever", "mornings",
                  "evenings", "weekends", "mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays",
                  "sundays", "siempre", "nunca", "normalmente", "habitualmente", "generalmente", "twice"),
        phrases=("every morning", "every day", "every evening", "every night", "every week", "every weekend",
                 "every monday", "every tuesday", "every wednesday", "every thursday", "every friday",
                 "every saturday", "every sunday", "every first", "every other", "every two weeks", "cada dos semanas",
                 "standing", "each morning", "a day", "a week", "from now on", "when i ask",
                 "unless i", "most days", "most of the week", "for years", "days a week", "times a week",
                 "por semana", "de lunes a viernes", "monday to friday", "weekdays", "entre semana", "on weekends",
                 "at weekends", "in the evenings", "in the mornings", "por la noche", "de noche",
                 "as a rule", "por norma", "siempre que", "rarely", "casi nunca", "a menudo", "often", "remotely",
                 "en remoto", "desde casa", "from home", "a diario", "los findes", "todos los días",
                 "todas las mañanas", "todas las tardes", "todas las noches",
                 "cada día", "cada semana", "cada mañana", "cada noche", "los lunes", "los martes",
                 "los miércoles", "los jueves", "los viernes", "los sábados", "los domingos", "los fines de semana",
                 "por las mañanas", "por las tardes", "por las noches", "las mañanas", "las tardes", "veces al día",
                 "mejor por la mañana", "mejor por la tarde", "better in the morning", "better in the afternoon",
                 "al día", "a la semana", "desde hace", "a partir de", "de ahora en adelante",
                 "a primera hora", "afternoons", "no matter the hour", "a cualquier hora", "at any hour",
                 "me levanto", "suelo", "solo uso", "only use", "mostly use", "since last year"),
    ),
    DefaultRule(
        "personal", "personal.own_decision", MEDIUM,
        keywords=("decidí",),
        phrases=("i only approve", "i never approve", "i don't approve", "i'm the approver", "soy quien aprueba",
                 "i decided", "i ve decided", "i have decided", "he decidido", "i m done with", "i stopped",
                 "dejé de", "he dejado de", "me quedo con", "me centro en", "i m sticking with", "i ll stick with",
                 "he empezado a usar", "i ve started using", "i switched to", "me he pasado a",
                 "me he propuesto", "i ve set myself", "my goal this year", "mi propósito", "mi objetivo",
                 "mis objetivos", "my goal", "my goals", "decisión mía", "mi decisión", "my decision",
                 "my own decision"),
    ),
    DefaultRule(
        "personal", "personal.life", MEDIUM,
        keywords=("vegetarian", "vegetariano", "vegetariana", "vegan", "vegano", "vegana", "allergic", "alérgico",
                  "alérgica", "alergia", "gluten", "lactose", "lactosa", "celiac", "celíaco", "diet", "dieta",
                  "learning", "aprendiendo", "curso", "cursos", "course", "courses",
                  "studying", "estudiando", "exam", "examen", "certification", "certificación", "oposiciones",
                  # a lab at home is a hobby: "me estoy montando un Proxmox en casa para trastear"
                  "homelab", "home lab", "para trastear",
                  "niños", "calls", "llamadas", "emails", "correos", "mails", "standup",
                  "pescatarian", "pescetarian", "diabetic", "diabético", "diabética", "deaf", "sordo", "sorda",
                  "dyslexic", "disléxico", "disléxica", "asthma", "asma", "pregnant", "embarazada", "mujer", "críos",
                  "peques", "novio", "novia", "boyfriend", "girlfriend", "blocks", "bloques", "pomodoro", "breaks",
                  "descansos", "pausas", "linux", "windows", "macos", "monitors", "monitores", "manager", "boss",
                  "jefe", "jefa", "jornada", "turno", "turnos", "shift", "shifts",
                  "alcohol", "gym", "gimnasio", "bike", "bici", "bicicleta", "commute", "school", "cole",
                  "colegio", "kids", "children", "hijos", "hijo", "hija", "hijas", "wife", "husband",
                  "i m back on", "i ll be back on", "estoy de vuelta el", "vuelvo el",
                  "pareja", "marido", "parents", "padres", "mum", "mom", "madre", "dad", "padre", "dentist",
                  "dentista", "doctor", "médico", "physio", "fisio", "vacation", "vacaciones", "holidays",
                  "timezone", "colorblind", "daltónico", "daltónica", "zurdo", "zurda", "glasses", "gafas",
                  "keyboard", "teclado", "laptop", "portátil", "music", "música", "whatsapp", "pickups", "sleep",
                  "duermo", "vim", "neovim", "emacs", "helix", "tmux", "kitty", "iterm", "zsh", "obsidian",
                  "notion", "kindle", "excalidraw", "markdown", "coffee", "café", "tren", "train", "desktop", "móvil",
                  "coche", "car", "metro", "bus", "autobús", "yoga", "meditation", "meditación", "running", "insomnio",
                  "insomnia", "swimming", "natación", "football", "fútbol", "books", "libros", "podcast", "spotify",
                  "headphones", "auriculares", "noise", "ruido", "lunch", "breakfast", "desayuno", "dinner", "cena",
                  "siesta", "nap", "meat", "carne", "fish", "pescado", "nuts", "frutos secos", "picante", "spicy",
                  "idiomas", "alemán", "german", "french", "francés", "italiano", "side projects",
                  "proyectos personales", "spare time", "tiempo libre", "hobby", "hobbies", "perro", "gato",
                  "pronouns", "pronombres", "surname", "apellido", "nickname", "apodo", "mouse",
                  "ratón", "commit messages", "notifications", "notificaciones", "trip", "viaje", "vuelo", "vuelos",
                  "flight", "flights", "mudanza", "mudarme", "me mudo", "work-life balance", "conciliación",
                  "dni", "pasaporte", "passport", "boarding pass", "tarjeta de embarque", "pádel", "padel", "tennis",
                  "tenis",
                  "migraines", "migraine", "migrañas", "migraña", "hearing aid", "audífono", "parental leave",
                  "permiso de paternidad", "permiso de maternidad", "vacuna", "vacunas", "vaccine", "vaccination",
                  "pediatra", "pediatrician", "haircut", "corte de pelo", "book club", "club de lectura",
                  "canguro", "niñera", "babysitter", "nanny", "divorce", "divorcio", "ecografía", "ultrasound",
                  "standing desk",
                  # the speaker's own training, races and the body that runs them
                  "marathon", "maratón", "half marathon", "media maratón", "long run", "tirada larga", "10k", "5k",
                  "entreno", "entrenamiento", "training plan", "correr", "kilometraje", "mileage", "rodilla", "knee",
                  "espalda", "back pain", "lesión", "injury", "traumatólogo", "piernas",
                  "recital",
                  # health and home: "mi padre sale del hospital", "el fontanero dice…", "clase de portugués"
                  "father", "mother", "papá", "mamá", "hospital", "surgery", "cirugía", "fontanero", "plumber",
                  "carpintero", "carpenter", "albañil", "encimera", "portugués", "portuguese", "duolingo"),
        phrases=("de baja", "paternity leave", "maternity leave", "time zone", "zona horaria", "horario peninsular",
                 "morning person", "night owl", "left handed", "dark mode", "modo oscuro", "deep work",
                 "school run", "hard of hearing", "fish shell", "work best", "work better", "trabajo mejor",
                 "escribo mejor", "write better", "focus better", "focus much better", "me concentro mejor",
                 "concentrate better", "rindo mejor",
                 "productive",
                 "productivo", "productiva", "my own", "mi propio", "mi propia", "an hour behind", "una hora menos",
                 "una hora más", "working from", "trabajando desde", "working remotely", "mail client",
                 "email client", "cliente de correo", "navegador", "browser", "colour blind", "color blind",
                 "daltonismo", "plan de pensiones", "pension plan", "hipoteca", "mortgage", "declaración de la renta",
                 "tax return", "factura de la luz", "electricity bill", "banco online", "my bank", "mi banco",
                 "casa nueva", "piso nuevo", "new house", "new flat", "regalo para mi", "gift for my", "on my run",
                 "mi charla", "my talk"),
    ),
    DefaultRule(   # the speaker's own availability: first person is part of each phrase
        "personal", "personal.own_schedule", STRONG,
        phrases=("i'm on call", "i am on call", "i'll be on call", "the only one on call", "estoy de guardia",
                 "esté de guardia", "estaré de guardia", "i'm off", "i'll be off", "i'm away", "i'll be away",
                 "i'll be travelling", "i'll be traveling", "i'm travelling", "i'm traveling", "estoy todo el día",
                 "trabajo desde", "i work from", "me cojo", "días libres", "day off", "days off", "i'm meeting",
                 "no estaré", "i won't be around", "no podré estar", "i can't make", "estoy con clientes",
                 "estoy con un cliente", "estoy con el cliente", "i'm with a client", "i'm with a customer",
                 "i'm with clients", "estoy reunida", "estoy reunido", "i'm in a meeting", "estoy en una reunión",
                 "i'm out", "i'll be out", "i'll be in", "estaré en", "estoy de mudanza", "día off", "me voy de",
                 "vuelvo de vacaciones", "vuelvo de baja", "vuelvo de viaje", "back from holiday", "back from vacation",
                 "am i free", "estoy libre", "tengo hueco", "on my plate", "back from leave", "entro tarde",
                 "i'm home all", "i'll be home all", "quién me cubre", "who covers for me", "cover for me",
                 "entraré tarde", "salgo antes", "saldré antes", "no estoy por",
                 "no estoy el", "no estoy hasta", "i'm offline", "i'll be offline", "estaré offline",
                 "estoy offline", "estoy on-call", "estoy on call", "estaré on-call", "estoy de on-call",
                 # the speaker's own appointments moved: "Push my 3pm to tomorrow", "muéveme lo de las 5"
                 "push my", "move my", "reschedule my", "cancel my", "mueve mi", "muéveme la", "muéveme el",
                 "cancélame la", "cancélame el",
                 # the speaker's own trips, booked for her
                 "book me a train", "book me a flight", "book me a hotel", "book me un", "book me una",
                 "resérvame hotel", "resérvame un hotel", "resérvame el", "búscame ave", "búscame un ave",
                 "búscame vuelo", "búscame un vuelo", "búscame tren", "búscame un tren", "búscame hotel",
                 "búscame un hotel", "sácame el billete", "sácame un billete", "cógeme el", "cógeme un",
                 # while the speaker is away, and when she is back: "mientras esté fuera, …", "before I fly"
                 "mientras esté fuera", "mientras estoy fuera", "mientras no estoy", "mientras no esté",
                 "mientras esté de viaje", "mientras estoy de viaje", "durante mi viaje", "a mi vuelta",
                 "cuando vuelva", "cuando esté de vuelta", "before i fly", "while i'm on the plane",
                 "i'm on the plane", "i'll be on the plane", "until i'm back", "hasta que vuelva"),
    ),
    DefaultRule(   # Spanish first-person present forms of everyday life; they count only in the first person
        "personal", "personal.life_verb", MEDIUM,
        keywords=("vivo", "trabajo", "ceno", "almuerzo", "madrugo", "entreno", "viajo", "conduzco",
                  "desconecto", "teletrabajo", "bebo", "fumo", "corro", "nado", "aprendo", "escribo", "leo",
                  "hablo", "uso", "juego", "cocino", "paseo", "empiezo", "entro", "salgo"),
    ),
    DefaultRule(
        "personal", ANSWER_STYLE_RULE, MEDIUM,
        keywords=("answers", "respuestas", "respuesta corta", "replies", "explanations", "explicaciones",
                  "bullet points", "bullets",
                  "spelling", "emojis", "tutees", "tutear", "blunt", "sugarcoating", "letra grande",
                  "sin rodeos", "primero la decisión", "decision first", "no mezcles", "answer in english",
                  "answer in spanish", "contéstame en", "respóndeme en",
                  # how long, how reasoned and in what form: terse, the full reasoning, screenshots or diagrams
                  "terse", "escueto", "escueta", "reasoning", "razonamiento", "screenshots", "capturas",
                  "capturas de pantalla", "diagrams", "diagramas", "walls of text", "wall of text"),
        phrases=("de usted", "full file", "whole file", "whole files", "in spanish", "en español", "en castellano",
                 "in english", "en inglés", "british english", "de tú", "step by step", "paso a paso",
                 "in three lines", "en tres líneas", "plain text", "texto plano", "tl dr", "tldr", "cuando me pases",
                 "cuando me escribas", "cuando me mandes", "cuando me expliques", "cuando me hables",
                 "cuando me respondas", "cuando me contestes", "cuando me pidas", "cuando me des", "when you give me",
                 "resúmenes", "summaries", "when you summarise", "when you summarize", "cuando resumas", "recaps",
                 "when you explain", "when you send", "when you write", "when you answer", "when you reply",
                 "whenever you", "cada vez que me", "siempre que me", "don t send me", "don t call me",
                 "don t ping me", "don t cc me", "don t email me", "don t message me", "don t text me", "don t tag me",
                 "don t copy me", "don t wake me", "don t book", "never send me", "phone me", "text me", "ping me",
                 "email me", "page me", "wake me", "how i want", "how i like",
                 "cuando tengas que darme", "cuando me tengas que",
                 "when you have to give me", "when you ask me", "when you paste", "when you propose"),
    ),
    DefaultRule(   # Spanish second-person subjunctive after "me": "no me mandes…", "quiero que me hables de usted"
        "personal", ADDRESSED_WISH_RULE, MEDIUM,
        keywords=("mandes", "envies", "escribas", "llames", "copies", "hagas", "molestes", "hables", "preguntes",
                  "pongas", "expliques", "pases", "despiertes", "avises", "metas", "incluyas", "resumas",
                  "contestes", "respondas", "redactes", "prepares", "formatees", "ordenes", "cuentes",
                  "presentes", "des", "pidas", "abras", "agobies", "insistas", "satures", "agendes", "programes"),
    ),
)

# Spanish drops the pronoun: a word ending in -o / -oy that opens the message, or follows one of `_BEFORE_VERB`,
# is a first-person present verb ("Reviso Slack dos veces al día", "Los viernes no hago reuniones", "Me levanto a
# las seis"), unless it is one of the common words with that ending listed in `_NOT_VERBS`; "he" + a participle is
# a first-person perfect ("He decidido…", "Me he comprado…"); an opening imperative with "-me" is addressed to the
# speaker ("Contéstame siempre…", "Háblame de tú").
_BEFORE_VERB = frozenset(w.encode("ascii") for w in (
    "no", "me", "yo", "siempre", "normalmente", "nunca", "solo", "tambien", "ya", "casi", "lo", "le", "les", "te",
    "apenas", "aun", "todavia", "cuando", "si", "y", "pero", "lunes", "martes", "miercoles", "jueves", "viernes",
    "sabados", "domingos", "mananas", "tardes", "noches", "dias", "findes", "semana", "mes", "los", "las", "nos",
    "que", "hora", "manana"))
_NOT_VERBS = frozenset(w.encode("ascii") for w in (
    "como", "cuando", "cuanto", "esto", "eso", "todo", "pero", "claro", "bueno", "hoy", "muy", "otro", "nuevo",
    "luego", "algo", "solo", "tampoco", "mucho", "poco", "primero", "tanto", "mismo", "ello", "cierto", "tipo",
    "caso", "ejemplo", "resto", "perfecto", "listo", "hecho", "genial", "vaya", "entonces", "mismo", "demasiado",
    "rapido", "lento", "raro", "seguro", "medio", "pronto", "tarde", "dentro", "fuera", "encima", "debajo", "hola",
    "asi", "ahi", "alli", "aqui", "nosotros", "vosotros", "ellos", "ninguno", "alguno", "cuyo", "dicho", "ambos",
    "espero", "creo", "supongo", "pienso", "necesito", "quiero", "cero", "cuatro", "cinco", "seis", "siete", "ocho",
    "nueve", "informe", "enorme", "conforme", "firme", "uniforme", "nombre", "hombre", "uno", "segundo", "tercero",
    "bajo", "alto", "largo", "corto", "caro", "barato", "malo", "nulo", "vacio", "lleno", "nuestro", "vuestro",
    "suyo", "cuyo", "cada", "dinero", "correo", "texto", "grupo", "equipo", "evento", "proyecto", "producto"))
# "no como gluten", "no quiero reuniones": words of `_NOT_VERBS` that are first-person verbs after a negation
_VERBS_AFTER_NO = frozenset(w.encode("ascii") for w in ("como", "creo", "quiero", "necesito", "pienso", "espero",
                                                       "supongo"))
_NEGATIONS = frozenset((b"no", b"nunca", b"tampoco", b"yo"))
# Irregular first-person preterites, unambiguous without their accent: "te dije", "lo hice", "estuve de baja"
_PRETERITES = frozenset(w.encode("ascii") for w in ("dije", "hice", "puse", "tuve", "estuve", "vine", "supe", "quise",
                                                   "pude", "traje"))
# An imperative addressed to the speaker is first person only for verbs of talking to them ("Contéstame…",
# "Háblame de tú", "…, avísame antes"), not for a one-off errand ("Prepárame un email en inglés").
_TALK_TO_ME = frozenset(w.encode("ascii") + b"me" for w in (
    "contesta", "responde", "habla", "escribe", "explica", "llama", "avisa", "trata", "tutea", "dirige", "manda",
    "envia", "resume"))
_VERB_ENDINGS = (b"o", b"oy")
_ENCLITIC_ME = (b"me", b"melo", b"melos", b"mela", b"melas")   # contéstame, dámelo: an imperative addressed to me
_ENCLITIC_ME_LO = (b"melo", b"melos", b"mela", b"melas")       # ... anywhere in the message ("…, dámelo completo")
_NOT_ENCLITIC = frozenset((b"caramelo", b"caramelos"))
_PARTICIPLE = (b"ado", b"ido")
_ACUTE = b"\xcc\x81"   # U+0301 COMBINING ACUTE ACCENT in UTF-8: "ó" decomposed


# A personal cue in a message pinned to one day is an anecdote or an errand, not a habit ("I'm hosting a dinner on
# Saturday", "Ayer fui al médico", "El lunes reviso los logs"): checked only once a cue has matched (`one_off_day`).
_ONE_OFF_WORDS = frozenset((b"yesterday", b"ayer", b"anoche", b"tomorrow"))
_ONE_OFF_PHRASES = tuple(f" {words} ".encode("ascii") for words in (
    "last night", "this morning", "esta manana", "tengo que", "on monday", "on tuesday", "on wednesday",
    "on thursday", "on friday", "on saturday", "on sunday", "el lunes", "el martes", "el miercoles", "el jueves",
    "el viernes", "el sabado", "el domingo", "this weekend", "este finde", "este fin de semana", "next week",
    "la semana que viene", "la proxima semana",
    # "mañana" before a part of the day is tomorrow, not the mornings: "lo hago mañana a primera hora"
    "manana a primera hora", "manana temprano", "manana por la manana", "manana por la tarde", "pasado manana"))
_ONE_OFF_BY_WORD: dict[bytes, tuple[bytes, ...]] = {}   # each phrase under its longest word, the rarest
for _phrase in _ONE_OFF_PHRASES:
    _key = max(_phrase.split(), key=len)
    _ONE_OFF_BY_WORD[_key] = (*_ONE_OFF_BY_WORD.get(_key, ()), _phrase)
_ONE_OFF_KEYS = frozenset(_ONE_OFF_BY_WORD)
ONE_OFF_CUES: Final = _ONE_OFF_WORDS | _ONE_OFF_KEYS   # every word `one_off_day` looks for first
# ... unless a plural part of the day follows the day: "on Monday mornings", "el viernes por las tardes" recur
_RECURRING_PART = re.compile(rb" ?(?:mornings|afternoons|evenings|nights|por las (?:mananas|tardes|noches)) ")


def one_off_day(tokens: list[bytes], words: AbstractSet[bytes] | None = None) -> bool:
    """Whether the message is pinned to one day (see `_ONE_OFF_WORDS`, `_ONE_OFF_PHRASES`). `words`: a set of the
    message's words holding those of `ONE_OFF_CUES`, when the caller has one (cheaper to test than the tokens)."""
    cues = tokens if words is None else words
    if not _ONE_OFF_WORDS.isdisjoint(cues):
        return True
    keys = _ONE_OFF_KEYS.intersection(cues)
    if not keys:
        return False
    joined = b" " + b" ".join(tokens) + b" "
    return any((at := joined.find(phrase)) >= 0 and not _RECURRING_PART.match(joined, at + len(phrase))
               for key in keys for phrase in _ONE_OFF_BY_WORD[key])


def first_person_verb(tokens: list[bytes], names: frozenset[bytes] = frozenset(), decomposed: bytes = b"") -> bool:
    """Whether the tokens hold a Spanish first-person verb where the pronoun is dropped (see above). `names` are
    words that name a tool or a thing ("velero", "argo"): never a verb, whatever their ending. `decomposed` is the
    lowercased NFKD message when it has accents: "usó", "preguntó" (third person, past) are not "uso", "pregunto"."""
    if not tokens:
        return False
    if not _TALK_TO_ME.isdisjoint(tokens) or not _PRETERITES.isdisjoint(tokens):
        return True
    previous = b""
    for token in tokens:
        if not previous or previous in _BEFORE_VERB:
            if len(token) >= 3 and token.endswith(_VERB_ENDINGS) and token not in names \
                    and (token not in _NOT_VERBS or (previous in _NEGATIONS and token in _VERBS_AFTER_NO)) \
                    and not (decomposed and decomposed.find(token + _ACUTE) >= 0):   # find: see RuleRouter.route
                return True
        elif previous == b"he" and token.endswith(_PARTICIPLE):
            return True
        if len(token) >= 6 and token.endswith(_ENCLITIC_ME_LO) and token not in _NOT_ENCLITIC:
            return True
        previous = token
    return False
