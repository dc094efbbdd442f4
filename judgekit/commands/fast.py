"""The start-up fast path: ``judgekit rule`` and ``judgekit index`` answered without importing typer.

Importing typer costs more than the whole look-up (typer brings click, and pydantic for its
option types), so the console script first offers its arguments to :func:`run_fast`. It
handles only plain, valid command lines of the two commands::

    judgekit [--library DIR | -L DIR] [--lang ja|en] rule GAME ID [--document D | -d D] [--version V | -v V]
             [--format text|json | -f text|json]
    judgekit [--library DIR | -L DIR] [--lang ja|en] index [--format text|json | -f text|json]

(options also as ``--name=value``, in any order after the command). Anything else (help,
another command, an option it does not know, a value typer would refuse, a missing or extra
argument) returns None, and the typer app runs as always, with its usage messages. What it
prints, and the exit code, are those of the typer commands: both call
:func:`judgekit.commands.lookup.show_rule` and :func:`judgekit.commands.indexing.show_index`
(a test runs the same command lines through both).

A warm look-up does not even load the rules index: :mod:`judgekit.commands.quick` keeps what
``rule`` prints about every rule of a book once a look-up through the index has read it, and
answers from that while nothing it was made from has changed. Only small modules are imported on
that path (no dataclasses, typing, pathlib, hashlib, pickle or tomllib): 25 ms for the whole
process where a bare interpreter takes 14 ms.
"""

from __future__ import annotations

import os
import sys


class RuleArgs:
    """A ``rule`` command line the fast path answers.

    A plain class rather than a dataclass: importing :mod:`dataclasses` (which imports inspect)
    would take 10 ms of a 25 ms warm look-up.
    """

    __slots__ = ("as_json", "document", "game", "lang", "library", "rule_id", "version")

    def __init__(
        self,
        game: str,
        rule_id: str,
        document: str | None = None,
        version: str | None = None,
        as_json: bool = False,
        library: str | None = None,
        lang: str | None = None,
    ) -> None:
        self.game = game
        """The game id or short name."""
        self.rule_id = rule_id
        """The rule id as typed."""
        self.document = document
        """``--document``."""
        self.version = version
        """``--version``."""
        self.as_json = as_json
        """``--format json``."""
        self.library = library
        """``--library``, given before the command."""
        self.lang = lang
        """``--lang``, given before the command."""

    def _fields(self) -> tuple[object, ...]:
        return (self.game, self.rule_id, self.document, self.version, self.as_json, self.library, self.lang)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RuleArgs) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"RuleArgs{self._fields()!r}"


_GLOBAL = {"--library": "library", "-L": "library", "--lang": "lang"}
_OPTIONS = {
    "--document": "document",
    "-d": "document",
    "--version": "version",
    "-v": "version",
    "--format": "format",
    "-f": "format",
}


class IndexArgs:
    """An ``index`` command line the fast path answers (a plain class, as :class:`RuleArgs`)."""

    __slots__ = ("as_json", "lang", "library")

    def __init__(self, as_json: bool = False, library: str | None = None, lang: str | None = None) -> None:
        self.as_json = as_json
        """``--format json``."""
        self.library = library
        """``--library``, given before the command."""
        self.lang = lang
        """``--lang``, given before the command."""

    def _fields(self) -> tuple[object, ...]:
        return (self.as_json, self.library, self.lang)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IndexArgs) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"IndexArgs{self._fields()!r}"


def parse_index_args(argv: list[str]) -> IndexArgs | None:
    """The ``index`` command line in ``argv`` (without the program name), or None when the fast path must not answer."""
    values: dict[str, str] = {}
    rest = _take_options(argv, _GLOBAL, values)
    if rest is None or not rest or rest[0] != "index":
        return None
    after = _take_options(rest[1:], {"--format": "format", "-f": "format"}, values)
    fmt = values.get("format", "text")
    if after is None or after or fmt not in ("text", "json") or not _known_language(values):
        return None
    return IndexArgs(as_json=fmt == "json", library=values.get("library"), lang=values.get("lang"))


def parse_rule_args(argv: list[str]) -> RuleArgs | None:
    """The ``rule`` command line in ``argv`` (without the program name), or None when the fast path must not answer."""
    values: dict[str, str] = {}
    rest = _take_options(argv, _GLOBAL, values)
    if rest is None or not rest or rest[0] != "rule":
        return None
    positionals: list[str] = []
    tail = rest[1:]
    while tail:
        after = _take_options(tail, _OPTIONS, values)
        if after is None:
            return None
        if after:
            positionals.append(after[0])
            after = after[1:]
        tail = after
    fmt = values.get("format", "text")
    if len(positionals) != 2 or fmt not in ("text", "json") or not _known_language(values):
        return None
    return RuleArgs(
        game=positionals[0],
        rule_id=positionals[1],
        document=values.get("document"),
        version=values.get("version"),
        as_json=fmt == "json",
        library=values.get("library"),
        lang=values.get("lang"),
    )


def _known_language(values: dict[str, str]) -> bool:
    """Whether ``--lang`` is absent or one the command line speaks (typer reports any other)."""
    from judgekit.language import parse_language

    return "lang" not in values or parse_language(values["lang"]) is not None


def _take_options(argv: list[str], known: dict[str, str], values: dict[str, str]) -> list[str] | None:
    """Read the options of ``known`` at the front of ``argv`` into ``values``; the arguments left.

    None when the line is not one the fast path answers: an option it does not know, one given
    twice, one without its value, ``--`` or an argument that starts with ``-``.
    """
    i = 0
    while i < len(argv):
        arg = argv[i]
        if not arg.startswith("-") or arg == "-":
            if arg == "-":
                return None
            break
        name, eq, inline = arg.partition("=")
        if name not in known or (eq and not name.startswith("--")):
            return None
        key = known[name]
        if key in values:
            return None
        if eq:
            value = inline
            i += 1
        else:
            if i + 1 >= len(argv):
                return None
            value = argv[i + 1]
            i += 2
        if value.startswith("-"):
            return None
        values[key] = value
    return argv[i:]


def run_fast(argv: list[str]) -> int | None:
    """Answer ``argv`` when it is a plain ``rule`` or ``index`` line: the exit code; None to leave it to typer."""
    args = parse_rule_args(argv) or parse_index_args(argv)
    if args is None:
        return None
    from judgekit.commands.output import silence_stdout, use_color

    if args.library is not None:
        from pathlib import Path

        from judgekit.commands.quick import LIBRARY_ENV

        os.environ[LIBRARY_ENV] = str(Path(args.library))
    if args.lang is not None:
        from judgekit.language import LANG_ENV

        os.environ[LANG_ENV] = args.lang
    if isinstance(args, RuleArgs):
        kept = _kept_answer(args, use_color())
        if kept is not None:
            try:
                sys.stdout.write(kept)
                sys.stdout.flush()
            except BrokenPipeError:
                silence_stdout()
            return 0
    from rules_index.errors import JudgekitError

    try:
        if isinstance(args, RuleArgs):
            from judgekit.commands.lookup import show_rule
            from judgekit.commands.quick import remember
            from rules_index.graph import load_index

            index = load_index()
            show_rule(
                index,
                args.game,
                args.rule_id,
                args.document,
                args.version,
                as_json=args.as_json,
                echo=_echo,
                color=use_color(),
            )
            remember(index, args.game, args.document, args.version)
        else:
            from judgekit.commands.indexing import show_index

            show_index(as_json=args.as_json, echo=_echo)
        sys.stdout.flush()
    except JudgekitError as exc:
        sys.stdout.flush()
        from judgekit.commands.output import error_line

        print(error_line(exc), file=sys.stderr, flush=True)
        return 2
    except BrokenPipeError:
        silence_stdout()  # the reader of stdout has gone (``judgekit rule … | head -1``): not an error
    return 0


def _kept_answer(args: RuleArgs, color: bool) -> str | None:
    """What ``args`` prints, from the views :mod:`judgekit.commands.quick` keeps; None when it keeps none."""
    from judgekit.commands.quick import answer

    kept = answer(args.game, args.rule_id, args.document, args.version)
    if kept is None:
        return None
    from judgekit.commands.lookup import print_rule
    from judgekit.language import cli_language

    view, messages = kept
    lines: list[str] = []
    try:  # a sentence not kept (KeyError) leaves the look-up to the index, before anything is printed
        translate = messages[cli_language()].__getitem__
        print_rule(view, as_json=args.as_json, echo=lines.append, color=color, translate=translate)
    except KeyError:
        return None
    return "".join(f"{line}\n" for line in lines)


def _echo(line: str) -> None:
    sys.stdout.write(line + "\n")
