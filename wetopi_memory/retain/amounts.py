"""Amounts a sentence names: money or a share ("149 €", "$20", "20 %"), or money alone (a price)."""

from __future__ import annotations

import re

__all__ = ["money_value", "price_value"]

_CURRENCY = r"\d\s?(?:€|eur\b|euros\b|usd\b|\$)|[€$]\s?\d"
_MONEY = re.compile(rf"{_CURRENCY}|\d\s?(?:%|por ciento\b|percent\b)", re.IGNORECASE)
_PRICE = re.compile(_CURRENCY, re.IGNORECASE)


def money_value(text: str) -> bool:
    """Whether a sentence names an amount of money or a share: values a business rule has, a system's seldom."""
    return bool(_MONEY.search(text))


def price_value(text: str) -> bool:
    """Whether a sentence names an amount of money ("0,10 €/GB/mes"), not only a share ("el umbral al 85 %")."""
    return bool(_PRICE.search(text))
