"""Tool-argument validation: each tool's JSON schema compiled once, its failures turned into stable error codes."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

import fastjsonschema

from .schemas import ToolSchema

__all__ = ["BANK_ARGUMENTS", "MAX_SCOPES_PER_CALL", "ArgumentValidator", "ToolError", "ToolErrorCode"]

ToolErrorCode = Literal["invalid_arguments", "unknown_argument", "missing_argument", "bank_id_not_accepted",
                        "backend_unavailable", "timeout", "memory_error", "internal_error"]

BANK_ARGUMENTS = frozenset({"bank", "bank_id", "bankid", "bank_ids", "banks", "bank_name"})
MAX_SCOPES_PER_CALL = 32
SCOPE_FIELDS = ("scope", "scopes")
# draft-04 because it is the draft that refuses 1.0 as an integer
DRAFT = "http://json-schema.org/draft-04/schema#"

Validate = Callable[[Any], Any]


class ToolError(Exception):
    """A refused tool call: a stable code and a message for the model."""

    def __init__(self, code: ToolErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class _Violation:
    """One schema failure as fastjsonschema reports it: the keyword and the path into the arguments."""

    rule: str
    path: str


def compile_schema(schema: Mapping[str, Any]) -> Validate:
    """fastjsonschema's compile(), typed: a function that returns the data or raises JsonSchemaValueException."""
    validate: Validate = fastjsonschema.compile(dict(schema), use_default=False)
    return validate


def _leave_scopes_to_acl(parameters: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters schema as we check it: scope *values* go to the Scope ACL (the single chokepoint), which
    tells a bank id from an unknown or a forbidden scope; a non-blank string is required where the model's
    schema says minLength 1."""
    checked = copy.deepcopy(dict(parameters))
    for name, spec in checked["properties"].items():
        if name in SCOPE_FIELDS and spec.get("type") == "string":
            spec.pop("enum", None)
        if name in SCOPE_FIELDS and spec.get("type") == "array":
            spec["items"] = {"type": "string", "minLength": 1}
            spec["maxItems"] = MAX_SCOPES_PER_CALL
            spec.pop("uniqueItems", None)
        if spec.get("type") == "string" and spec.get("minLength"):
            spec["pattern"] = r"\S"
    return {"$schema": DRAFT, **checked}


class ArgumentValidator:
    """Check one tool's arguments against its own schema before anything is touched."""

    def __init__(self, schema: ToolSchema) -> None:
        self.parameters: Mapping[str, Any] = schema["parameters"]
        self.properties: Mapping[str, Mapping[str, Any]] = self.parameters["properties"]
        self._validate = compile_schema(_leave_scopes_to_acl(self.parameters))

    def __call__(self, args: Any) -> dict[str, Any]:
        """The arguments as a dict without null values, or ToolError naming the first problem."""
        given = self._as_object(args)
        self._check_names(given)
        clean = {name: value for name, value in given.items() if value is not None}
        try:
            self._validate(clean)
        except fastjsonschema.JsonSchemaValueException as exc:
            violation = _Violation(rule=str(exc.rule), path=str(exc.name))
            raise self._refusal(violation, clean) from None
        return clean

    @staticmethod
    def _as_object(args: Any) -> dict[str, Any]:
        if args is None:
            return {}
        if isinstance(args, str):  # a model that sends the arguments as a JSON string
            try:
                args = json.loads(args) if args.strip() else {}
            except ValueError:
                raise ToolError("invalid_arguments", "arguments must be a JSON object") from None
        if not isinstance(args, dict):
            raise ToolError("invalid_arguments", "arguments must be a JSON object")
        return args

    def _check_names(self, args: Mapping[Any, Any]) -> None:
        accepted = ", ".join(self.properties) or "none"
        for key in args:
            name = str(key)
            if name.strip().lower().replace("-", "_") in BANK_ARGUMENTS:
                field = "scope" if "scope" in self.properties else "scopes"
                raise ToolError("bank_id_not_accepted", "memory is addressed by scope, never by bank id; "
                                f"use {field} with one of the listed scopes")
            if name not in self.properties:
                raise ToolError("unknown_argument", f"unknown argument '{name[:64]}' (accepted: {accepted})")

    def _refusal(self, violation: _Violation, args: Mapping[str, Any]) -> ToolError:
        if violation.rule == "required":
            missing = next(n for n in self.parameters.get("required", ()) if n not in args)
            return ToolError("missing_argument", f"'{missing}' is required")
        name = violation.path.removeprefix("data.").split("[", 1)[0].split(".", 1)[0]
        spec = self.properties.get(name)
        if spec is None:
            return ToolError("unknown_argument", f"unknown argument (accepted: {', '.join(self.properties)})")
        return ToolError("invalid_arguments", _message(name, spec, violation, inside=violation.path != f"data.{name}"))


def _message(name: str, spec: Mapping[str, Any], violation: _Violation, *, inside: bool) -> str:
    """Today's wording for one failed keyword of property `name` (`inside`: in one of its items)."""
    rule = violation.rule
    if spec.get("type") == "array" and (inside or rule == "minItems"):
        return f"'{name}' must be a non-empty list of scope names"
    if rule == "maxItems":
        return f"'{name}' names too many scopes"
    if rule == "type":
        return f"'{name}' must be of type {spec.get('type')}"
    if rule == "enum":
        return f"'{name}' must be one of {', '.join(spec['enum'])}"
    if rule in ("minLength", "pattern"):
        return f"'{name}' must not be empty"
    if rule == "maxLength":
        return f"'{name}' is longer than {spec['maxLength']} characters"
    if rule in ("minimum", "maximum"):
        return f"'{name}' must be between {spec.get('minimum')} and {spec.get('maximum')}"
    return f"'{name}' is not valid"
