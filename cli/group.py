"""The root command group: global options after the command too, real metavars, one-line usage errors."""

from __future__ import annotations

import copy
import dataclasses
import sys
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError
from typer._click.core import Command, Context, Parameter
from typer._click.exceptions import BadParameter, ClickException, NoArgsIsHelpError, UsageError
from typer._click.formatting import HelpFormatter
from typer._param_types import choice_as_str
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption
from typer.exceptions import Abort

from ._common import EXIT_ERROR, GlobalOptions, OutputFormat, err, error_document, print_json
from .logs import configure_logging, reset_logging

LATE_PREFIX = "late_"  # the name of a global option's copy on a command, kept apart from the command's own names
ROOT_ONLY = frozenset({"version"})
EXIT_INTERRUPTED = 130


class WetopiGroup(TyperGroup):
    """Typer's group with the CLI's conventions applied to every command below it."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        late = [p for p in self.params if p.name not in ROOT_ONLY]
        for command in leaf_commands(self):
            add_late_globals(command, late)
        for command in [self, *all_commands(self)]:
            name_metavars(command)

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, windows_expand_args: bool = True,
             **extra: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        try:
            result = super().main(argv, prog_name or self.name, complete_var, standalone_mode=False,
                                  windows_expand_args=windows_expand_args, **extra)
            code = result if isinstance(result, int) else 0
        except NoArgsIsHelpError as exc:
            err.print(exc.format_message(), markup=False, highlight=False)
            code = EXIT_ERROR
        except UsageError as exc:
            report_usage_error(exc, argv)
            code = EXIT_ERROR
        except ClickException as exc:
            err.print(f"error: {exc.format_message()}", markup=False, highlight=False)
            code = exc.exit_code
        except (Abort, KeyboardInterrupt):
            err.print("error: interrupted", markup=False, highlight=False)
            code = EXIT_INTERRUPTED
        finally:
            reset_logging()
        if standalone_mode:
            sys.exit(code)
        return code


class WetopiCommand(TyperCommand):
    """A command whose help names each argument by its metavar, without Typer's `<type>` label."""

    def format_options(self, ctx: Context, formatter: HelpFormatter) -> None:
        arguments: list[tuple[str, str]] = []
        opts: list[tuple[str, str]] = []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if isinstance(param, TyperArgument):
                arguments.append((param.metavar or record[0], record[1]))
            else:
                opts.append(record)
        for title, rows in (("Arguments", arguments), ("Options", opts)):
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


def all_commands(group: Command) -> list[Command]:
    """Every command and sub-group below `group`, depth first."""
    found: list[Command] = []
    if isinstance(group, TyperGroup):
        for command in group.commands.values():
            found += [command, *all_commands(command)]
    return found


def leaf_commands(group: Command) -> list[Command]:
    return [c for c in all_commands(group) if not isinstance(c, TyperGroup)]


def add_late_globals(command: Command, late: Sequence[Parameter]) -> None:
    """Copy each global option onto `command` (unless it declares one of the same spelling, which wins there)."""
    taken = {opt for param in command.params for opt in (*param.opts, *param.secondary_opts)}
    for param in late:
        if taken & {*param.opts, *param.secondary_opts}:
            continue
        clone = copy.copy(param)
        clone.name = f"{LATE_PREFIX}{param.name}"
        clone.envvar = None  # the root copy reads the environment and holds the defaults; this one only sees
        clone.default = None  # what the command line gives after the command
        clone.expose_value = False
        clone.callback = store_late_global
        clone.is_eager = False
        command.params.append(clone)


def store_late_global(ctx: Context, param: Parameter, value: Any) -> Any:
    """A global option given after the command: the same field of GlobalOptions, then logging re-applied."""
    if value is None or value == 0 or value == ():
        return value
    field = (param.name or "").removeprefix(LATE_PREFIX)
    root = ctx.find_root()
    opts = root.obj if isinstance(root.obj, GlobalOptions) else GlobalOptions()
    if field == "verbose":
        value = opts.verbose + value
    if field not in {f.name for f in dataclasses.fields(opts)}:
        return value
    updated = dataclasses.replace(opts, **{field: value})
    root.obj = updated
    configure_logging(updated.verbose, updated.log_level, updated.log_format)
    return value


def name_metavars(command: Command) -> None:
    """`[a|b]` for a choice, the parameter's name in capitals for a value, nothing for a flag."""
    for param in command.params:
        if param.metavar is not None or (isinstance(param, TyperOption) and (param.is_flag or param.count)):
            continue
        choices = choice_list(param)
        if choices:
            param.metavar = "[" + "|".join(choices) + "]"
        else:
            param.metavar = (param.name or "value").removeprefix(LATE_PREFIX).upper().replace("_", "-")


def choice_list(param: Parameter) -> list[str]:
    """The values a choice parameter accepts, as typed on the command line; empty for any other parameter."""
    descriptor = param.type_descriptor if isinstance(param, TyperOption | TyperArgument) else None
    if descriptor is None or not descriptor.is_choice:
        return []
    return [choice_as_str(c) for c in descriptor.choices or ()]


def report_usage_error(exc: UsageError, argv: Sequence[str]) -> None:
    """`error: <what> (see 'wetopi-memory CMD --help')` on stderr; the error document too with `-o json`."""
    command_path = exc.ctx.command_path if exc.ctx is not None else "wetopi-memory"
    what = usage_message(exc)
    if wants_json(argv):
        print_json(error_document("usage_error", [what]))
    err.print(f"error: {what} (see '{command_path} --help')", markup=False, highlight=False)


def usage_message(exc: UsageError) -> str:
    """Click's message, with a type check's pydantic wording replaced by what was expected and what was given."""
    cause = exc.__cause__
    if isinstance(exc, BadParameter) and exc.param is not None and isinstance(cause, ValidationError):
        problem = cause.errors()[0]
        choices = choice_list(exc.param)
        wanted = f"one of {', '.join(choices[:-1])} or {choices[-1]}" if choices else expected(problem)
        return f"{param_label(exc.param)}: expected {wanted}, got {problem.get('input')!r}"
    return exc.format_message().rstrip(".")


def param_label(param: Parameter) -> str:
    longs = [opt for opt in param.opts if opt.startswith("--")]
    return longs[0] if longs else (param.opts[0] if param.param_type_name == "option" else (param.metavar or ""))


def expected(problem: Any) -> str:
    """What a pydantic validation problem asked for, in plain words."""
    kind, limits = str(problem.get("type", "")), problem.get("ctx") or {}
    bounds = {"greater_than_equal": "at least", "less_than_equal": "at most", "greater_than": "more than",
              "less_than": "less than"}
    if kind in bounds:
        return f"a number {bounds[kind]} {next(iter(limits.values()), '?')}"
    if kind in ("enum", "literal_error"):
        return f"one of {limits.get('expected', '?')}".replace("'", "")
    words = {"int_parsing": "an integer", "int_type": "an integer", "float_parsing": "a number",
             "float_type": "a number", "bool_parsing": "true or false", "path_type": "a path"}
    return words.get(kind, str(problem.get("msg", "a valid value")).lower())


def wants_json(argv: Sequence[str]) -> bool:
    """Whether the command line asked for `-o json` (read from the raw words: parsing is what failed)."""
    words = list(argv)
    for i, word in enumerate(words):
        if word == "--":
            break
        if word in ("-o", "--output") and i + 1 < len(words) and words[i + 1] == OutputFormat.json.value:
            return True
        if word in ("-ojson", "--output=json"):
            return True
    return False

