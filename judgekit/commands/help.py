"""``--help`` and usage errors in the interface's language.

typer builds the click commands from the English help texts (each command's docstring, each
option's ``help=``), which are message ids of the catalogs (:func:`judgekit.i18n.extract_messages`
takes them from the code). Help is printed while the command line is being parsed, before the
``--lang`` option's callback runs, so :class:`LocalisedGroup` reads ``--lang`` from the
arguments first, then translates every command's and option's help, then parses.

click's own words are English strings in typer's bundled click (it does not call gettext), so
they are drawn here from the catalogs instead: the help's ``Usage:`` and section headings
(:class:`LocalisedFormatter`), the help option, defaults and required marks, and the usage
errors, each rendered from the error's data (the option, the parameter, its choices) by
:func:`usage_message` — never by rewriting click's English output.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from enum import Enum
from typing import IO, Any

from typer._click.core import Context
from typer._click.exceptions import (
    BadOptionUsage,
    BadParameter,
    MissingParameter,
    NoArgsIsHelpError,
    NoSuchOption,
    UsageError,
)
from typer._click.formatting import HelpFormatter
from typer._click.utils import echo
from typer.core import TyperCommand, TyperGroup

from judgekit.i18n import LANG_ENV, N_, Language, cli_language, parse_language, translations

HEADINGS = (N_("Arguments"), N_("Options"), N_("Commands"))
"""The help's section headings as typer names them (message ids)."""


def language_option(args: Sequence[str], commands: Sequence[str]) -> str | None:
    """The value of ``--lang`` given before the command name in ``args``, or None."""
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in commands:
            return None
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        i += 1
    return None


def localise(command: Any, language: Language) -> None:
    """Translate the help of ``command``, its options and arguments and (for a group) its commands, in place.

    The English texts are kept on the objects, so a command can be localised again.
    """
    _translate(command, "help", language)
    _translate(command, "options_metavar", language)
    _translate(command, "subcommand_metavar", language)
    if language != "en" and hasattr(command, "rich_markup_mode"):
        # rich cuts a Japanese run with no space in it short ("…") where it does not fit a table cell;
        # click's plain help wraps it whole
        command.rich_markup_mode = None
    for param in command.params:
        _translate(param, "help", language)
    for sub in getattr(command, "commands", {}).values():  # a group's (typer's bundled click has its own classes)
        localise(sub, language)


def _translate(obj: Any, attribute: str, language: Language) -> None:
    english_attribute = f"_judgekit_english_{attribute}"
    english = getattr(obj, english_attribute, None)
    if english is None:
        english = getattr(obj, attribute, None)
        if not english:
            return
        setattr(obj, english_attribute, english)
    text = english if language == "en" else translations(language).gettext(english)
    setattr(obj, attribute, text)


def _(message: str) -> str:
    """``message`` in the command line's language."""
    from judgekit.i18n import gettext

    return gettext(message)


N_("[OPTIONS]")
N_("COMMAND [ARGS]...")
N_("Show this message and exit.")


class LocalisedFormatter(HelpFormatter):
    """click's help formatter with its own words (``Usage:``, the section headings) from the catalogs."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        """The usage line, headed ``Usage:`` in the interface's language."""
        super().write_usage(prog, args, _("Usage:") + " " if prefix is None else prefix)

    def write_heading(self, heading: str) -> None:
        """A section heading (typer's English heading is the message id)."""
        super().write_heading(_(heading))


class LocalisedContext(Context):
    """A context whose help is written by :class:`LocalisedFormatter`."""

    formatter_class = LocalisedFormatter


class LocalisedUsageError(UsageError):
    """A usage error already worded in the interface's language, shown as click shows one."""

    def __init__(self, message: str, ctx: Context | None, exit_code: int = 2) -> None:
        super().__init__(message, ctx)
        self.exit_code = exit_code

    def show(self, file: IO[Any] | None = None) -> None:
        """The usage line, where to find help, and the error (on stderr)."""
        from judgekit.commands.output import error_line

        stream = file if file is not None else sys.stderr
        ctx = self.ctx
        if ctx is not None:
            lines = [ctx.get_usage()]
            if ctx.command.get_help_option(ctx) is not None:
                hint = _("Try '{command} {option}' for help.")
                lines.append(hint.format(command=ctx.command_path, option=ctx.help_option_names[0]))
            echo("\n".join(lines) + "\n", file=stream, color=ctx.color)
        echo(error_line(self.message), file=stream, color=ctx.color if ctx else None)


def _parameter_name(param: Any, ctx: Context | None, hint: Any = None) -> str:
    """How an error names a parameter: ``'--format' / '-f'``, ``'GAME'``."""
    if hint is None and param is not None:
        hint = param.get_error_hint(ctx)
    if hint is None:
        return ""
    return hint if isinstance(hint, str) else " / ".join(repr(h) for h in hint)


def _choices(kind: Any) -> list[str] | None:
    """The values a choice parameter accepts, as they are typed; None for another type."""
    choices = getattr(kind, "choices", None)
    if choices is None:
        return None
    return [str(c.value) if isinstance(c, Enum) else str(c) for c in choices]


def _invalid_value(exc: BadParameter) -> str:
    """Why a parameter's value was refused, from its type."""
    kind = getattr(exc.param, "type", None)
    choices = _choices(kind)
    if choices is not None:
        return _("expected one of {choices}").format(choices=", ".join(repr(c) for c in choices))
    describe = getattr(kind, "_describe_range", None)
    if describe is not None:
        return _("expected a number in the range {range}").format(range=describe())
    name = getattr(kind, "name", "")
    if name == "integer":
        return _("expected an integer")
    if name == "float":
        return _("expected a number")
    return exc.message


def usage_message(exc: UsageError) -> str:
    """A usage error's message in the interface's language, from what the error holds."""
    if isinstance(exc, NoSuchOption):
        if exc.possibilities:
            options = ", ".join(sorted(exc.possibilities))
            return _("No such option: {option} (Possible options: {options})").format(
                option=exc.option_name, options=options
            )
        return _("No such option: {option}").format(option=exc.option_name)
    if isinstance(exc, MissingParameter):
        kind = exc.param_type or (exc.param.param_type_name if exc.param is not None else "")
        template = {"argument": _("Missing argument {name}."), "option": _("Missing option {name}.")}.get(
            kind, _("Missing parameter {name}.")
        )
        text = template.format(name=_parameter_name(exc.param, exc.ctx, exc.param_hint))
        choices = _choices(getattr(exc.param, "type", None))
        if choices:
            text += " " + _("Choose from: {choices}").format(choices=", ".join(choices))
        return text
    if isinstance(exc, BadParameter):
        name = _parameter_name(exc.param, exc.ctx, exc.param_hint)
        if not name:
            return _("Invalid value: {reason}").format(reason=_invalid_value(exc))
        return _("Invalid value for {name}: {reason}").format(name=name, reason=_invalid_value(exc))
    if isinstance(exc, BadOptionUsage):
        flag = any(exc.option_name in getattr(p, "opts", ()) and getattr(p, "is_flag", False) for p in _params(exc))
        template = _("Option {option} does not take a value.") if flag else _("Option {option} requires a value.")
        return template.format(option=repr(exc.option_name))
    return exc.format_message()


def _params(exc: UsageError) -> list[Any]:
    return list(exc.ctx.command.params) if exc.ctx is not None else []


def localised_error(exc: UsageError) -> UsageError:
    """``exc`` worded in the interface's language (itself in English, or when it already is)."""
    if cli_language() == "en" or isinstance(exc, LocalisedUsageError | NoArgsIsHelpError):
        return exc
    return LocalisedUsageError(usage_message(exc), exc.ctx, exc.exit_code)


class LocalisedHelp:
    """What the app's group and its commands share: help and usage errors in the interface's language."""

    context_class: type[Context] = LocalisedContext

    def get_help_option(self, ctx: Context) -> Any:
        """The ``--help`` option, its help in the interface's language."""
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            _translate(option, "help", cli_language())
        return option

    def format_options(self, ctx: Context, formatter: HelpFormatter) -> None:
        """The arguments and options (and a group's commands); defaults and required marks in the
        interface's language."""
        if cli_language() == "en":
            super().format_options(ctx, formatter)  # type: ignore[misc]
            return
        rows: dict[str, list[tuple[str, str]]] = {"argument": [], "option": []}
        for param in self.get_params(ctx):  # type: ignore[attr-defined]
            row = _help_row(param, ctx)
            if row is not None and param.param_type_name in rows:
                rows[param.param_type_name].append(row)
        for kind, heading in (("argument", "Arguments"), ("option", "Options")):
            if rows[kind]:
                with formatter.section(heading):
                    formatter.write_dl(rows[kind])
        format_commands = getattr(self, "format_commands", None)
        if format_commands is not None:
            format_commands(ctx, formatter)


def _help_row(param: Any, ctx: Context) -> tuple[str, str] | None:
    """A parameter's line of help: its name and its help, with its default and whether it is required."""
    record = param.get_help_record(ctx)
    if record is None:
        return None
    extra = []
    default = param._extract_default_help_str(ctx=ctx)
    show = isinstance(param.show_default, str) or (default is not None and (param.show_default or ctx.show_default))
    if show:
        shown = param._get_default_string(
            ctx=ctx, show_default_is_str=isinstance(param.show_default, str), default_value=default
        )
        describe = getattr(param.type, "_describe_range", None)
        if shown:
            extra.append(_("default: {default}").format(default=shown))
        if describe is not None and describe():
            extra.append(describe())
    elif getattr(param.type, "_describe_range", None) is not None:
        extra.append(param.type._describe_range())
    if param.required:
        extra.append(_("required"))
    text = param.help or ""
    if extra:
        marks = "[" + _("; ").join(extra) + "]"
        text = f"{text}  {marks}" if text else marks
    return record[0], text


class LocalisedCommand(LocalisedHelp, TyperCommand):
    """A command whose help and usage errors are in the interface's language."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        """The arguments parsed; extra ones refused in the interface's language."""
        if cli_language() == "en":
            return super().parse_args(ctx, args)
        allowed = ctx.allow_extra_args
        ctx.allow_extra_args = True
        try:
            rest = super().parse_args(ctx, args)
        finally:
            ctx.allow_extra_args = allowed
        if rest and not allowed and not ctx.resilient_parsing:
            message = _("Got unexpected extra arguments ({arguments})").format(arguments=" ".join(rest))
            raise LocalisedUsageError(message, ctx)
        return rest


class LocalisedGroup(LocalisedHelp, TyperGroup):
    """The app's group of commands: the interface language chosen from ``--lang`` before any help is
    printed or any usage error is shown."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command line, its language chosen first (so that typer knows how to show errors)."""
        arguments = list(sys.argv[1:] if args is None else args)
        self.choose_language(arguments)
        return super().main(arguments, prog_name, complete_var, standalone_mode, windows_expand_args, **extra)

    def choose_language(self, args: Sequence[str]) -> None:
        """Take ``--lang`` from ``args`` (as its callback will) and localise every command's help."""
        value = language_option(args, list(self.commands))
        if value is not None and parse_language(value) is not None:
            os.environ[LANG_ENV] = value
        localise(self, cli_language())

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: Any = None,
        **extra: Any,
    ) -> Any:
        self.choose_language(args)
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except UsageError as exc:
            raise localised_error(exc) from exc

    def invoke(self, ctx: Context) -> Any:
        """Run the chosen command; a usage error in the interface's language."""
        if cli_language() != "en" and not getattr(ctx, "_protected_args", True) and not self.invoke_without_command:
            raise LocalisedUsageError(_("Missing command."), ctx)  # options but no command (typer's own check)
        try:
            return super().invoke(ctx)
        except UsageError as exc:
            raise localised_error(exc) from exc

    def resolve_command(self, ctx: Context, args: list[str]) -> Any:
        """The command named first in ``args``; an unknown name refused in the interface's language."""
        name = args[0]
        if (
            cli_language() != "en"
            and self.get_command(ctx, name) is None
            and not ctx.resilient_parsing
            and not name.startswith("-")
        ):
            from difflib import get_close_matches

            near = ", ".join(repr(n) for n in get_close_matches(name, list(self.commands)))
            if near:
                text = _("No such command {name}. Did you mean {names}?").format(name=repr(name), names=near)
            else:
                text = _("No such command {name}.").format(name=repr(name))
            raise LocalisedUsageError(text, ctx)
        return super().resolve_command(ctx, args)
