"""YAML loading that remembers where every key came from, so errors can name file and line."""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, get_args

import yaml
from pydantic import BaseModel, ValidationError

from .errors import ConfigError

KeyPath = tuple[str | int, ...]


@dataclass
class LocatedDocument:
    """Parsed YAML plus the 1-based line of every key path in it."""

    data: Any
    source: str
    lines: dict[KeyPath, int] = field(default_factory=dict)

    def line_of(self, path: KeyPath) -> int | None:
        """The line of the longest prefix of `path` that the document contains."""
        for end in range(len(path), -1, -1):
            line = self.lines.get(tuple(path[:end]))
            if line is not None:
                return line
        return None

    def error(self, path: KeyPath, message: str) -> ConfigError:
        return ConfigError(message, source=self.source, line=self.line_of(path), key=format_path(path) or None)


def format_path(path: KeyPath) -> str:
    """Render a key path as `stores.platform.recall.budget` or `rules[2].scope`."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def parse_yaml(text: str, source: str) -> LocatedDocument:
    """Parse one YAML document, rejecting duplicate keys and non-string keys with their location."""
    loader: yaml.SafeLoader | None = None
    try:
        loader = yaml.SafeLoader(text)
        node = loader.get_single_node()
        if node is None:
            return LocatedDocument(data=None, source=source)
        doc = LocatedDocument(data=None, source=source)
        doc.data = _build(loader, node, (), doc)
        return doc
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise ConfigError(f"invalid YAML: {problem}", source=source, line=line) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        raise ConfigError(f"invalid YAML: {exc.reason} (character {exc.character!r})", source=source,
                          line=line) from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"invalid YAML: {type(exc).__name__}", source=source) from None
    finally:
        if loader is not None:
            loader.dispose()


def _build(loader: yaml.SafeLoader, node: yaml.Node, path: KeyPath, doc: LocatedDocument) -> Any:
    doc.lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            line = key_node.start_mark.line + 1
            if isinstance(key, int | float) and not isinstance(key, bool):
                key = str(key)
            if not isinstance(key, str):
                raise ConfigError("keys must be strings", source=doc.source, line=line,
                                  key=format_path(path) or None)
            child = (*path, key)
            if key in result:
                raise ConfigError("duplicate key", source=doc.source, line=line, key=format_path(child))
            doc.lines[child] = line
            result[key] = _build(loader, value_node, child, doc)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(loader, item, (*path, index), doc) for index, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)


def read_yaml_file(path: str | os.PathLike[str]) -> LocatedDocument:
    """Read and parse a YAML file; a missing or unreadable file is a one-line ConfigError."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError("file not found", source=source) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read file: {exc.__class__.__name__}", source=source) from None
    return parse_yaml(text, source)


_VAR = re.compile(r"\$\{([^}]*)\}")
_VAR_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def interpolate(doc: LocatedDocument, environ: Mapping[str, str], errors: list[ConfigError] | None = None) -> None:
    """Replace `${VAR}` and `${VAR:-default}` in every string value, in place; `$${` stays a literal `${`.

    The first bad reference raises, unless `errors` is given: then every one is appended there."""

    def expand(value: str, path: KeyPath) -> str:
        if errors is None:
            return expand_one(value, path)
        try:
            return expand_one(value, path)
        except ConfigError as exc:
            errors.append(exc)
            return value

    def expand_one(value: str, path: KeyPath) -> str:
        def one(match: re.Match[str]) -> str:
            start = match.start()
            if start > 0 and value[start - 1] == "$":
                return match.group(0)
            body = match.group(1)
            name, has_default, default = body.partition(":-")
            if not _VAR_NAME.match(name):
                raise doc.error(path, f"invalid variable reference '${{{body}}}'")
            if name in environ and (environ[name] != "" or not has_default):
                return environ[name]
            if has_default:
                return default
            raise doc.error(path, f"environment variable {name} is not set "
                                  f"(write ${{{name}:-default}} to give a default)")

        return _VAR.sub(one, value).replace("$${", "${")

    def walk(value: Any, path: KeyPath) -> Any:
        if isinstance(value, str):
            return expand(value, path)
        if isinstance(value, dict):
            return {k: walk(v, (*path, k)) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v, (*path, i)) for i, v in enumerate(value)]
        return value

    doc.data = walk(doc.data, ())


M = TypeVar("M", bound=BaseModel)


class PathError(ValueError):
    """A validator's error about a key below the model it validates; `path` is relative to that model."""

    def __init__(self, path: KeyPath, message: str) -> None:
        self.path = path
        super().__init__(message)


def validate_model(doc: LocatedDocument, model: type[M], context: dict[str, Any] | None = None) -> M:
    """Validate a document against a pydantic model, turning the first error into a located ConfigError."""
    try:
        return model.model_validate(doc.data if doc.data is not None else {}, context=context)
    except ValidationError as exc:
        raise model_errors(doc, model, exc)[0] from None


def validate_at(doc: LocatedDocument, where: KeyPath, value: Any, model: type[M],
                errors: list[ConfigError]) -> M | None:
    """Validate the value found at `where` against `model`; every error goes to `errors`, located in `doc`."""
    try:
        return model.model_validate(value if value is not None else {})
    except ValidationError as exc:
        errors.extend(model_errors(doc, model, exc, where))
        return None


def model_errors(doc: LocatedDocument, model: type[BaseModel], exc: ValidationError,
                 where: KeyPath = ()) -> list[ConfigError]:
    """Every error of a pydantic validation as a located ConfigError, in file order."""
    located = sorted(((_full_path(e), e) for e in exc.errors()), key=lambda item: doc.line_of((*where, *item[0])) or 0)
    return [doc.error((*where, *path), describe_error(error, model, path)) for path, error in located]


def _full_path(error: Any) -> KeyPath:
    path = _loc(error["loc"])
    inner = (error.get("ctx") or {}).get("error")
    return (*path, *inner.path) if isinstance(inner, PathError) else path


def _loc(loc: tuple[int | str, ...]) -> KeyPath:
    return tuple(part for part in loc if not (isinstance(part, str) and part.startswith("function-")))


def describe_error(error: Any, model: type[BaseModel], path: KeyPath) -> str:
    """A short human message for one pydantic error, e.g. `must be one of low, mid, high`."""
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind == "extra_forbidden":
        allowed = _allowed_keys(model, path[:-1])
        hint = ""
        if allowed:
            close = difflib.get_close_matches(str(path[-1]), allowed, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else f" (allowed: {', '.join(sorted(allowed))})"
        return f"unknown key{hint}"
    if kind == "literal_error":
        expected = str(ctx.get("expected", "")).replace("'", "").replace(" or ", ", ")
        return f"must be one of {expected}"
    if kind == "missing":
        return "required key is missing"
    if kind in {"value_error", "assertion_error"}:
        return str(ctx.get("error", error["msg"]))
    message = str(error["msg"])
    return message[0].lower() + message[1:] if message else kind


def _allowed_keys(model: type[BaseModel], path: KeyPath) -> list[str]:
    current: Any = model
    for part in path:
        if isinstance(current, type) and issubclass(current, BaseModel):
            info = current.model_fields.get(str(part))
            if info is None:
                info = next((f for f in current.model_fields.values() if f.alias == part), None)
            if info is None:
                return []
            current = _unwrap(info.annotation)
        elif isinstance(part, str | int):
            current = _unwrap(_container_value(current))
        if current is None:
            return []
    if isinstance(current, type) and issubclass(current, BaseModel):
        return [f.alias or name for name, f in current.model_fields.items()]
    return []


def _container_value(annotation: Any) -> Any:
    args = get_args(annotation)
    return args[-1] if args else None


def _unwrap(annotation: Any) -> Any:
    args = get_args(annotation)
    if args and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        return rest[0] if len(rest) == 1 else annotation
    return annotation

