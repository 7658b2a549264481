"""Backend URLs: the one check that a `backend.url` is a usable http(s) URL, and the one way to print it masked."""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import SplitResult, urlsplit

__all__ = ["URL_EXAMPLE", "check_backend_url", "mask_url"]

URL_EXAMPLE = "http://host:8888"
_HOST_LABEL = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)\Z")
_MASK = "***"


def mask_url(url: str) -> str:
    """The URL with the password (or a lone user name, often a token) inside it replaced by `***`."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url if "@" not in url else f"{_MASK}@{url.rsplit('@', 1)[1]}"
    if "@" not in parts.netloc:
        return url
    userinfo, _, hostport = parts.netloc.rpartition("@")
    user, has_password, _ = userinfo.partition(":")
    masked = f"{user}:{_MASK}" if has_password and user else _MASK
    return parts._replace(netloc=f"{masked}@{hostport}").geturl()


def check_backend_url(url: str) -> str:
    """Return `url` if it is an absolute http(s) URL with a valid host and port and no credentials; else raise
    ValueError with one line that says what is wrong (the URL shown masked)."""
    problem = _url_problem(url)
    if problem is not None:
        raise ValueError(f"'{mask_url(url)}' must be an http(s) URL like {URL_EXAMPLE} ({problem})")
    return url


def _url_problem(url: str) -> str | None:
    if not url.strip():
        return "it is empty"
    if any(char.isspace() for char in url):
        return "it contains whitespace"
    try:
        parts = urlsplit(url)
    except ValueError as exc:
        return str(exc)
    if parts.scheme.lower() not in ("http", "https") or not url.lower().startswith(f"{parts.scheme.lower()}://"):
        return "no http:// or https:// scheme" if "://" not in url else f"scheme '{parts.scheme}' is not http or https"
    if parts.query or parts.fragment:
        return "a query or fragment is not allowed"
    if "@" in parts.netloc:  # Hindsight takes the key as a Bearer token, never from the URL
        return "credentials in the URL are not allowed; put the key in api_key: ${HINDSIGHT_API_KEY}"
    return _host_problem(parts) or _port_problem(parts)


def _host_problem(parts: SplitResult) -> str | None:
    host = parts.hostname
    if not host:
        return "no host"
    if parts.netloc.rpartition("@")[2].startswith("["):
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            return f"'{host}' is not an IPv6 address"
        return None
    if re.fullmatch(r"[0-9.]+", host):
        try:
            ipaddress.IPv4Address(host)
        except ValueError:
            return f"'{host}' is not an IPv4 address"
        return None
    if len(host) > 253 or not all(_HOST_LABEL.match(label) for label in host.rstrip(".").split(".")):
        return f"'{host}' is not a valid host name"
    return None


def _port_problem(parts: SplitResult) -> str | None:
    try:
        port = parts.port
    except ValueError:
        given = parts.netloc.rpartition("@")[2].rpartition(":")[2]
        return f"port '{given}' is not a number in 1-65535"
    if port == 0:
        return "port 0 is not a number in 1-65535"
    if port is None and parts.netloc.endswith(":"):
        return "the port after ':' is empty"
    return None
