"""The passwords people choose most: weak, but a secret when a password noun or directive introduces them."""

from __future__ import annotations

# The most chosen passwords (public breach top lists, English and Spanish): weak, but real when a password noun
# introduces them ("la contraseña del router es dragon"). `changeme`-style documentation words stay placeholders.
COMMON_PASSWORDS = frozenset({
    "123456", "1234567", "123456789", "1234567890", "12345678", "111111", "000000", "123123", "654321", "666666",
    "121212", "112233", "qwerty", "qwerty123", "qwertyuiop", "1q2w3e4r", "1q2w3e", "q1w2e3r4", "asdfgh", "zxcvbnm",
    "password1", "password123", "passw0rd", "p@ssw0rd", "letmein", "letmein!", "welcome", "welcome1", "iloveyou",
    "admin123", "admin1234", "root123", "abc123", "abc12345", "sunshine", "princess", "princesa", "dragon",
    "monkey", "football", "futbol", "baseball", "superman", "batman", "master", "shadow", "michael", "jordan23",
    "trustno1", "starwars", "hunter2", "tequiero", "teamo", "barcelona", "realmadrid", "madrid", "verano",
    "s3cr3t", "secret123", "hello123", "charlie", "freedom", "whatever",
})


def is_common_password(value: str) -> bool:
    """One of the passwords people choose most (`123456`, `qwerty123`, `dragon`): weak but real."""
    return value.lower() in COMMON_PASSWORDS
