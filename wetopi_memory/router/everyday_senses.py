"""More word senses of everyday life (data, as in `senses.py`): a study plan, a school's incident, a supermarket's
"rollback" prices, a pastry called "factura", a page's margins in a text editor, a lab at home."""

from __future__ import annotations

from .senses import EVERY_TERM, Sense

__all__ = ["EVERYDAY_SENSES", "HOME_LAB"]

# A lab at home: the speaker's own hobby, not one of our systems ("me estoy montando un Proxmox en casa con un NUC").
HOME_LAB = ("en casa", "de mi casa", "at home", "homelab", "home lab", "para trastear", "to tinker", "to play with",
            "mi nuc", "my nuc", "un nuc", "a nuc", "raspberry pi", "my home")

EVERYDAY_SENSES: tuple[Sense, ...] = (
    Sense("plan.study", "business", ("plan", "planes"),
          ("plan de estudio", "plan de estudios", "study plan", "exam", "examen", "certification", "certificacion",
           "cka", "ckad", "cks", "oposiciones", "temario", "syllabus")),
    Sense("incident.school", "platform", ("incident", "incidente", "incidencia", "protocol", "protocolo"),
          ("school", "colegio", "escuela", "instituto", "playground", "patio", "recreo", "short story", "relato",
           "novela", "novel", "teacher", "profesora", "profesor")),
    Sense("rollback.prices", "platform", ("rollback",),
          ("prices", "precios", "walmart", "supermarket", "supermercado", "cheaper", "mas barato")),
    Sense("factura.pastry", "business", ("factura", "facturas"),
          ("crema", "dulce de leche", "panaderia", "bakery", "medialuna", "medialunas", "bizcocho", "pasteleria")),
    Sense("margin.editor", "business", ("margin", "margins", "margen", "margenes"),
          ("google docs", "page margins", "margenes de la pagina", "libreoffice", "first page", "primera pagina")),
    Sense("home_lab.platform", "platform", (EVERY_TERM,), HOME_LAB),
    # a customer's conduct on the phone is a matter of people, not of systems
    Sense("incident.conduct", "platform", ("incident", "incidente", "incidencia"),
          ("insulto", "insulted", "grosero", "rude", "por telefono", "on the phone", "gritó", "shouted", "amenazó")),
    Sense("department.birthday", "business", ("contabilidad", "accounting", "marketing", "ventas", "sales"),
          ("cumple", "cumpleaños", "birthday", "felicitacion", "felicitación", "despedida", "farewell")),
    Sense("plan.own_weekend", "business", ("plan", "planes"),
          ("este finde", "this weekend", "con la familia", "with the family", "with my family", "con los crios")),
    Sense("plan.to_run", "business", ("plan",),
          ("antes de ejecutar", "before running", "before you run", "before executing", "wait for my ok")),
)
