"""Scenario files: load and validate them, run them, check their expectations and golden traces.

A scenario is a TOML file under ``scenarios/<game>/`` (format: ``docs/scenario-format.md``,
schema: ``schemas/scenario.schema.json``). The public API::

    scenario = load_scenario(path)          # ScenarioError with file, key and what was expected
    trace = run_scenario(scenario)          # a Trace; trace.to_json() is plain data
    result = check_scenario(scenario)       # expectations + golden trace; result.findings

The parts every game shares (prose, decision and chance entries, common expectations) are
defined here; each game adds its cards, board and actions (``judgekit.games.<game>.format``).
"""

from __future__ import annotations

import functools
import json
import operator
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, TypeAdapter, ValidationError
from pydantic.dataclasses import dataclass as model

from judgekit.cards.printed import PartReport, complete
from judgekit.cards.readings import readings_folder
from judgekit.engine import EndKind, InputKind, ScriptedInput, Trace
from judgekit.errors import ScenarioError
from judgekit.findings import DIFFERS, NO_GOLDEN, CheckOutcome, Finding, localised
from judgekit.i18n import N_
from judgekit.message import Sentence
from judgekit.scenario_file import (
    GOLDEN_SUFFIX,
    SCENARIOS_DIR,
    document_problems,
    expectation_ids,
    iter_scenario_files,
    library_catalog,
    pin_problems,
    read_scenario_data,
    rule_id_problems,
)

STRICT = ConfigDict(extra="forbid")
"""Scenario models refuse unknown keys (their attribute docstrings describe their fields in the schema)."""


SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schemas" / "scenario.schema.json"
"""Where the published JSON Schema of the format lives."""


# --- the parts every game shares -------------------------------------------------------------


@model(frozen=True, slots=True, config=STRICT)
class DifferenceProse:
    """A difference's prose in the scenario's other language (its ``[differs.ja]`` or ``[differs.en]``
    table); each key optional."""

    says: str | None = None
    """What the other document says, in this language (Markdown)."""
    difference: str | None = None
    """How the ruling differs, in this language (Markdown)."""


@model(frozen=True, slots=True, config=STRICT)
class Difference:
    """Where another document says otherwise than the rules the scenario is ruled by."""

    says: str
    """What the other document says (quoted or paraphrased, Markdown)."""
    rules: tuple[str, ...]
    """The ids of the comprehensive rules that govern instead."""
    difference: str
    """How the ruling differs (Markdown), in the language of the scenario's top-level prose."""
    document: str = "beginner"
    """The other document's id (``beginner``: the beginner sheet)."""
    ja: DifferenceProse | None = None
    """Its prose in Japanese (``[differs.ja]``) when the top-level prose is English."""
    en: DifferenceProse | None = None
    """Its prose in English (``[differs.en]``) when the top-level prose is Japanese."""


@model(frozen=True, slots=True, config=STRICT)
class DecisionEntry:
    """A player's answer to a decision the rules ask for."""

    decide: str
    """The decision kind it answers (``promote``, ``target``, ``modifier_order``, …)."""
    choose: str | tuple[str, ...]
    """The chosen option, or options in order, exactly as the engine lists them."""
    by: str | None = None
    """Who decides (checked against the player the rules ask)."""


@model(frozen=True, slots=True, config=STRICT)
class ChanceEntry:
    """The outcome of chance (a janken, a shuffle, the first player)."""

    chance: str
    """The chance kind (``janken``, ``shuffle``, ``first_player``)."""
    result: str | tuple[str, ...] = ()
    """The outcome: the winning player, or the cards that end on top of a shuffled deck."""
    by: str | None = None
    """Whose shuffle (checked against the deck's player)."""


@model(frozen=True, slots=True, config=STRICT)
class Rejection:
    """An action the rules must reject."""

    play: int
    """Index of the action in ``play`` (from 0)."""
    rule: str
    """The id of the rule that forbids it: the first rule its rejection step cites."""


@model(frozen=True, slots=True, config=STRICT)
class CommonExpect:
    """Expectations every game checks from the trace."""

    end: Literal["game_over", "script_end", "decision_needed", "ambiguity"] = "script_end"
    """How the run must end: the game is over, the play list ran out, a decision was missing, or a rule gap."""
    winner: str | None = None
    """With ``end = "game_over"``: the winner's id, ``draw``, or ``none`` (a game that ends without being played)."""
    decided_by: tuple[str, ...] = ()
    """Rules the ending must cite (the loss condition; the asking rule; the rules around the gap)."""
    cites: tuple[str, ...] = ()
    """Rules the trace must cite somewhere (a section is cited when any rule under it is)."""
    not_cited: tuple[str, ...] = ()
    """Rules the trace must not cite (a section: nor any rule under it)."""
    rejected: tuple[Rejection, ...] = ()
    """Actions that must be rejected; any other rejection fails the scenario."""


ProseLanguage = Literal["ja", "en"]
"""A language a scenario's prose is written in."""

PROSE_FIELDS = ("title", "question", "ruling", "notes")
"""The prose a scenario may hold in both languages: at the top level and in its ``[ja]``/``[en]`` table."""
DIFFERENCE_FIELDS = ("says", "difference")
"""The prose a ``[[differs]]`` entry may hold in both languages (and in ``[differs.ja]``/``[differs.en]``)."""


@model(frozen=True, slots=True, config=STRICT)
class Prose:
    """The scenario's prose in its other language (the ``[ja]`` or ``[en]`` table); each key optional."""

    title: str | None = None
    """The title in this language."""
    question: str | None = None
    """The question in dispute in this language (Markdown)."""
    ruling: str | None = None
    """The ruling in this language (Markdown)."""
    notes: str | None = None
    """The notes in this language (Markdown)."""


@dataclass(frozen=True, slots=True)
class LocalText:
    """A piece of a scenario's prose as given for a requested language."""

    text: str
    """The text."""
    language: ProseLanguage
    """The language it is written in: the one asked for, or the other when the file has only that."""


def prose_problems(model: Any) -> list[tuple[str, str]]:
    """Problems of a scenario's two-language prose: a ``[ja]``/``[en]`` table (or a ``[[differs]]`` entry's)
    naming the top-level language."""
    top = getattr(model, "language", "en")
    problems: list[tuple[str, str]] = []
    if getattr(model, top, None) is not None:
        other = "en" if top == "ja" else "ja"
        expected = f"the other language's prose as [{other}]; the top-level prose is already {top} (language = {top!r})"
        problems.append((top, expected))
    for i, difference in enumerate(getattr(model, "differs", ())):
        if getattr(difference, top, None) is not None:
            other = "en" if top == "ja" else "ja"
            expected = f"the other language's prose as [differs.{other}]; the entry's prose is already {top}"
            problems.append((f"differs[{i}].{top}", expected))
    return problems


def entry_tag(value: Any) -> str | None:
    """Which kind of play entry a raw table is: ``do``, ``decide`` or ``chance``."""
    keys = value.keys() if isinstance(value, dict) else [k for k in ("do", "decide", "chance") if hasattr(value, k)]
    found = [k for k in ("do", "decide", "chance") if k in keys]
    return found[0] if len(found) == 1 else None


# --- loading -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Scenario:
    """A loaded, validated scenario file."""

    path: Path
    """The file."""
    name: str
    """Its name: the file stem."""
    game: str
    """The game id."""
    model: Any
    """The validated file, as the game's scenario model."""
    cards_read: Mapping[str, tuple[PartReport, ...]] = dataclass_field(default_factory=dict)
    """Card key → what became of each part of its printed text (cards of games with a reader)."""

    @property
    def card_findings(self) -> list[str]:
        """Where a card's printed text reads otherwise than the structure the file gives by hand, one finding
        each (said in the command line's language, see :func:`localised`)."""
        return [
            Finding(
                "{where}: the printed text 「{text}」 reads {reading}",
                where=f"cards.{key}.{part.section}[{part.index}]",
                text=part.text,
                reading=part.differs,
            )
            for key, parts in self.cards_read.items()
            for part in parts
            if part.differs
        ]

    @property
    def golden_path(self) -> Path:
        """Where its golden trace lives."""
        return self.path.with_name(self.name + GOLDEN_SUFFIX)

    @property
    def title(self) -> str:
        """The scenario's title as written at the top level (what its trace holds)."""
        return str(self.model.title)

    @property
    def language(self) -> ProseLanguage:
        """The language of the top-level prose."""
        return "ja" if getattr(self.model, "language", "en") == "ja" else "en"

    def text(self, key: str, language: str) -> LocalText:
        """The prose ``key`` (``title``, ``question``, ``ruling``, ``notes``) in ``language``, or in the
        other language when the file does not give it in this one."""
        if key not in PROSE_FIELDS:
            raise KeyError(key)
        top = self.language
        top_text = str(getattr(self.model, key, "") or "")
        other: ProseLanguage = "en" if top == "ja" else "ja"
        table = getattr(self.model, other, None)
        translated = str(getattr(table, key, None) or "") if table is not None else ""
        if (language == top and top_text) or not translated:
            return LocalText(top_text, top)
        return LocalText(translated, other)

    def difference_text(self, index: int, key: str, language: str) -> LocalText:
        """The prose ``key`` (``says``, ``difference``) of the ``index``-th ``[[differs]]`` entry in ``language``,
        or as the entry writes it when it does not give this language (a quote in Japanese is marked so)."""
        if key not in DIFFERENCE_FIELDS:
            raise KeyError(key)
        entry = self.model.differs[index]
        top = self.language
        written = str(getattr(entry, key, "") or "")
        other: ProseLanguage = "en" if top == "ja" else "ja"
        table = getattr(entry, other, None)
        translated = str(getattr(table, key, None) or "") if table is not None else ""
        if (language == top and written) or not translated:
            return LocalText(written, "ja" if _JAPANESE.search(written) and key == "says" else top)
        return LocalText(translated, other)


_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
"""A kana or kanji: a quote holding one is Japanese."""


def _where(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file; every problem is reported at once with its key."""
    from judgekit.games import game_support

    p = Path(path)
    where = _where(p)
    data = read_scenario_data(p, where)
    game = data.get("game")
    try:
        support = game_support(game if isinstance(game, str) else "")
    except KeyError as exc:
        from judgekit.games import GAMES
        from judgekit.i18n import gettext as _

        expected = _("one of {options}; found {found}").format(options=", ".join(GAMES), found=repr(game))
        raise ScenarioError([("game", expected)], where) from exc
    printed = complete(support.id, data, readings_folder())
    try:
        scenario_model = support.adapter().validate_python(printed.data)
    except ValidationError as exc:
        raise ScenarioError(printed.problems + _problems(exc), where) from exc
    problems = printed.problems + prose_problems(scenario_model) + support.validate(scenario_model)
    pinned = support.preset().rulebook
    catalog = library_catalog()
    pin = pin_problems(catalog, support.id, scenario_model.document, scenario_model.rulebook, pinned)
    differs = [(f"differs[{i}].document", d.document) for i, d in enumerate(getattr(scenario_model, "differs", ()))]
    problems += pin + document_problems(catalog, support.id, differs)
    if not pin:
        problems += rule_id_problems(catalog, pinned, expectation_ids(scenario_model))
    if problems:
        raise ScenarioError(problems, where)
    return Scenario(p, p.name.removesuffix(".toml"), support.id, scenario_model, printed.cards)


_EXPECTED = {
    "string_type": N_("a string"),
    "int_type": N_("an integer"),
    "int_parsing": N_("an integer"),
    "int_from_float": N_("an integer"),
    "float_type": N_("a number"),
    "float_parsing": N_("a number"),
    "bool_type": N_("true or false"),
    "bool_parsing": N_("true or false"),
    "list_type": N_("a list"),
    "tuple_type": N_("a list"),
    "dict_type": N_("a table"),
    "model_type": N_("a table"),
    "model_attributes_type": N_("a table"),
    "dataclass_type": N_("a table"),
    "greater_than_equal": N_("a number at least {ge}"),
    "greater_than": N_("a number greater than {gt}"),
    "less_than_equal": N_("a number at most {le}"),
    "less_than": N_("a number less than {lt}"),
    "too_short": N_("at least {min_length} items"),
    "too_long": N_("at most {max_length} items"),
}
"""What a value of a common pydantic error type should have been, in the command line's language
(other types keep pydantic's own words)."""


def _problems(exc: ValidationError) -> list[tuple[str, str]]:
    from judgekit.errors import InvalidValue
    from judgekit.i18n import cli_language
    from judgekit.i18n import gettext as _
    from judgekit.render.sentences import render

    out: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for err in exc.errors(include_url=False):
        key = _key(err["loc"])
        msg = err["msg"]
        kind = err["type"]
        if kind == "missing":
            msg = _("a value (the key is required)")
        elif kind in ("extra_forbidden", "unexpected_keyword_argument"):
            msg = _("no such key here")
        elif kind == "literal_error":
            msg = _("{expected}; found {found}").format(expected=err["ctx"]["expected"], found=repr(err["input"]))
        elif kind == "union_tag_invalid":
            tags = err["ctx"]["expected_tags"]
            msg = _("one of {options}; found {found}").format(options=tags, found=repr(err["ctx"]["tag"]))
        elif kind == "union_tag_not_found":
            msg = _("exactly one of the keys do, decide, chance")
        else:
            if kind in _EXPECTED and cli_language() != "en":  # English keeps pydantic's words
                msg = _(_EXPECTED[kind]).format(**{k: v for k, v in (err.get("ctx") or {}).items()})
            said = (err.get("ctx") or {}).get("error")
            if isinstance(said, InvalidValue) and cli_language() != "en":  # a model's own check, as a message
                problem = render(said.message, cli_language())
                msg = _("{problem}; found {found}").format(problem=problem, found=repr(err.get("input")))
            else:
                msg = _("{expected}; found {found}").format(expected=msg, found=repr(err.get("input")))
        if (key, msg) not in seen:
            seen.add((key, msg))
            out.append((key, msg))
    return out


def _key(loc: Sequence[int | str]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif (
            (part in ("do", "decide", "chance") and out.endswith("]"))
            or part.startswith("function-")
            or part in ("str", "tuple[str, ...]")
            or "[" in part
        ):
            continue
        else:
            out += f".{part}" if out else part
    return out or "(file)"


# --- running -----------------------------------------------------------------------------------


def scripted_inputs(entries: Sequence[Any]) -> list[ScriptedInput]:
    """The play list as the kernel's scripted inputs."""
    out: list[ScriptedInput] = []
    for i, e in enumerate(entries):
        if isinstance(e, DecisionEntry):
            choice = (e.choose,) if isinstance(e.choose, str) else tuple(e.choose)
            out.append(ScriptedInput(i, InputKind.DECISION, e.decide, e.by, choice))
        elif isinstance(e, ChanceEntry):
            result = (e.result,) if isinstance(e.result, str) else tuple(e.result)
            out.append(ScriptedInput(i, InputKind.CHANCE, e.chance, e.by, result))
        else:
            out.append(ScriptedInput(i, InputKind.ACTION, e.do, getattr(e, "by", None), (), e))
    return out


def run_scenario(scenario: Scenario) -> Trace:
    """Run a scenario; the trace ends with the game's end, the script's end, or where the run stopped."""
    from judgekit.games import game_support

    return game_support(scenario.game).run(scenario).trace


# --- checking ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CheckResult:
    """What checking one scenario found."""

    scenario: Scenario
    """The scenario."""
    trace: Trace
    """Its trace."""
    findings: tuple[str, ...]
    """Failed expectations and golden-trace differences, one sentence each."""
    updated: bool = False
    """Whether the golden trace was (re)written."""

    @property
    def ok(self) -> bool:
        """Whether everything held."""
        return not self.findings


def trace_text(trace: Trace) -> str:
    """The canonical JSON text of a trace (the golden file's content)."""
    from judgekit.render.json import trace_json

    return trace_json(trace)


def check_scenario(scenario: Scenario, *, update: bool = False) -> CheckResult:
    """Run a scenario and check its expectations and golden trace (``update`` rewrites the golden trace)."""
    from judgekit.games import game_support

    support = game_support(scenario.game)
    run = support.run(scenario)
    trace = run.trace
    findings = common_findings(scenario.model.expect, trace, len(scenario.model.play), run.unused)
    findings += support.findings(scenario, run)
    findings += scenario.card_findings
    golden = scenario.golden_path
    updated = False
    if update:
        if not golden.exists() or golden_difference(golden, trace) is not None:
            from judgekit.render.json import trace_json_lines

            with golden.open("w", encoding="utf-8") as fh:
                fh.writelines(trace_json_lines(trace))
            updated = True
    elif not golden.exists():
        findings.append(Finding(NO_GOLDEN, file=golden.name))
    else:
        difference = golden_difference(golden, trace)
        if difference is not None:
            findings.append(Finding(DIFFERS, file=golden.name, difference=difference))
    return CheckResult(scenario, trace, tuple(findings), updated)


def check_file(path: Path, update: bool = False) -> CheckOutcome:
    """Load and check one scenario file; its trace is dropped once compared (no run cache: see
    :func:`judgekit.check_runs.check_file`)."""
    from judgekit.check_runs import check_file as check_one

    return check_one(path, update)


def check_files(paths: Sequence[Path], *, update: bool = False, jobs: int | None = None) -> Iterator[CheckOutcome]:
    """Check scenario files across ``jobs`` worker processes (default: one per core), in the order of ``paths``
    (no run cache: see :func:`judgekit.check_runs.check_files`, which ``judgekit check`` calls with one)."""
    from judgekit.check_runs import check_files as check_many

    return check_many(paths, update=update, jobs=jobs)


def golden_difference(golden: Path, trace: Trace) -> str | None:
    """None when ``golden`` holds exactly the trace's canonical JSON; else where they first differ.

    Compared as it goes, a line of the file against a step's line made just then, so a long
    trace is never held whole as text (nor its golden file read whole).
    """
    from itertools import zip_longest

    from judgekit.engine.board_delta import OLD_FORMAT
    from judgekit.render.json import trace_json_lines

    old_count = new_count = 0
    identical = True
    with golden.open(encoding="utf-8") as fh:
        if re.search(rf'"format"\s*:\s*"{re.escape(OLD_FORMAT)}"', fh.read(200)):
            return _old_format_difference(golden, trace)
        fh.seek(0)
        for old, new in zip_longest(fh, trace_json_lines(trace)):
            old_count += old is not None
            new_count += new is not None
            if old == new:
                continue
            identical = False
            if old is not None and new is not None and old.rstrip("\n") != new.rstrip("\n"):
                return _describe_difference(old_count, old.rstrip("\n"), new.rstrip("\n"), trace.game)
    return None if identical else f"{old_count} lines before, {new_count} now"


def _old_format_difference(golden: Path, trace: Trace) -> str:
    """What to say of a golden trace in the old format ``judgekit.trace/1``: how to rewrite it, and whether the
    run gives the same trace apart from the format."""
    from judgekit.engine.board_delta import OLD_FORMAT, upgrade_trace_json
    from judgekit.engine.trace import TRACE_FORMAT

    note = f"it is in the old format {OLD_FORMAT}; `judgekit check --update` rewrites it as {TRACE_FORMAT}"
    try:
        old = upgrade_trace_json(json.loads(golden.read_text(encoding="utf-8")))
    except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
        return f"{note} (it could not be read: {exc})"
    new = trace.to_json()
    if old == new:
        return f"{note} (the run gives the same trace: only the format changes)"
    for a, b in zip(old.get("steps", []), new["steps"], strict=False):
        if a != b:
            dump = functools.partial(json.dumps, ensure_ascii=False)
            return f"{note}; the run also differs from it: {_describe_difference(0, dump(a), dump(b), trace.game)}"
    if old.get("outcome") != new["outcome"]:
        return f"{note}; the run also differs from it: the outcome differs"
    return f"{note}; the run also differs from it: {len(old.get('steps', []))} steps before, {len(new['steps'])} now"


def _describe_difference(line: int, a: str, b: str, game: str = "") -> str:
    """The first differing line (numbered from 1) of a golden trace, said for people: which step and what in it."""
    try:
        sa, sb = json.loads(a.rstrip(",")), json.loads(b.rstrip(","))
        if isinstance(sa, dict) and isinstance(sb, dict) and "index" in sa:
            keys = ("sentence", "rules", "changes", "board", "board_delta")
            key = next((k for k in keys if sa.get(k) != sb.get(k)), "")
            was, now = _said(sa.get("sentence"), game), _said(sb.get("sentence"), game)
            if key == "sentence":
                return f"step {sa['index']}: was {was!r}, now {now!r}"
            if key == "rules":
                ids = [[r if isinstance(r, str) else r["id"] for r in x.get("rules", [])] for x in (sa, sb)]
                return f"step {sa['index']} ({now!r}): cited {ids[0]}, now {ids[1]}"
            what = "board" if key.startswith("board") else key or "content"
            return f"step {sa['index']} ({now!r}): its {what} differs"
    except json.JSONDecodeError:
        pass
    return f"line {line}"


def _said(data: Any, game: str = "") -> str:
    """A serialized step's sentence in English (as it is when it does not read as a sentence)."""
    from judgekit.message import sentence_from_json
    from judgekit.render.sentences import english

    try:
        return english(sentence_from_json(data), game)
    except ValueError:
        return str(data)


def common_findings(expect: CommonExpect, trace: Trace, plays: int, unused: Sequence[ScriptedInput]) -> list[str]:
    """Check the expectations every game shares against a trace."""
    out: list[str] = []
    end = trace.outcome.end
    wanted = EndKind(expect.end)
    if end is not wanted and not (wanted is EndKind.SCRIPT_END and end is EndKind.SCRIPT_END):
        ended = _en(trace.outcome.message, trace.game)
        out.append(
            Finding(
                "expect.end: expected {wanted}; the run ended with {end}: {ended}",
                wanted=wanted.value,
                end=end.value,
                ended=ended,
            )
        )
    if expect.winner is not None:
        got = trace.outcome.winner or "none"
        if got != expect.winner:
            ended = _en(trace.outcome.message, trace.game)
            out.append(
                Finding(
                    "expect.winner: expected {wanted}; got {got} ({ended})", wanted=expect.winner, got=got, ended=ended
                )
            )
    outcome_ids = [r.id for r in trace.outcome.rules]
    for rid in expect.decided_by:
        if rid not in outcome_ids:
            if outcome_ids:
                cites = ", ".join(outcome_ids)
                out.append(
                    Finding(
                        "expect.decided_by: the ending does not cite {rule} (it cites {cites})", rule=rid, cites=cites
                    )
                )
            else:
                out.append(Finding("expect.decided_by: the ending does not cite {rule} (it cites nothing)", rule=rid))
    under = cited_sections(trace)
    for rid in expect.cites:
        if rid not in under:
            out.append(Finding("expect.cites: {rule} is never cited (nor any rule under it)", rule=rid))
    for rid in expect.not_cited:
        if rid in under:
            which = sorted(under[rid])
            if which == [rid]:
                out.append(Finding("expect.not_cited: {rule} is cited", rule=rid))
            else:
                out.append(
                    Finding("expect.not_cited: {rule} is cited: {under} under it", rule=rid, under=", ".join(which))
                )
    rejected: dict[int, list[str]] = {}
    for step in trace.steps:
        if step.kind.value == "rejected" and step.play is not None and step.rules:
            rejected.setdefault(step.play, []).append(step.rules[0].id)
    for rej in expect.rejected:
        if rej.play >= plays:
            out.append(Finding("expect.rejected: play[{n}] does not exist", n=rej.play))
        elif rej.rule not in rejected.get(rej.play, ()):
            if rej.play in rejected:
                out.append(
                    Finding(
                        "expect.rejected: play[{n}] must be rejected by {rule}; it was rejected by {by}",
                        n=rej.play,
                        rule=rej.rule,
                        by=", ".join(rejected[rej.play]),
                    )
                )
            else:
                out.append(
                    Finding(
                        "expect.rejected: play[{n}] must be rejected by {rule}; it was not rejected",
                        n=rej.play,
                        rule=rej.rule,
                    )
                )
    expected_plays = {r.play for r in expect.rejected}
    for p in sorted(set(rejected) - expected_plays):
        by = ", ".join(rejected[p])
        out.append(Finding("play[{n}] was rejected ({by}) but expect.rejected does not list it", n=p, by=by))
    for entry in unused:
        out.append(Finding("{input} was never used", input=entry.describe()))
    return out


def cited_sections(trace: Trace) -> dict[str, set[str]]:
    """Every rule the trace cites and every rule above one it cites, each with the cited rules under it (itself
    included): a section id is satisfied by the rules under it (``expect.cites = ["807"]`` holds when 807.5a is
    cited), as a judge who names a section means its rules."""
    from judgekit.scenario_file import library_catalog, rules_index

    rules = rules_index(library_catalog()).book(trace.game, trace.document, trace.version).rules
    out: dict[str, set[str]] = {}
    for rid in trace.cited_ids():
        node: str | None = rid
        while node is not None:
            out.setdefault(node, set()).add(rid)
            rule = rules.get(node)
            node = rule.parent if rule is not None else None
    return out


# --- schema and template ---------------------------------------------------------------------


def scenario_schema() -> dict[str, Any]:
    """The JSON Schema of the scenario format, generated from the models of every game."""
    from judgekit.games import GAMES, game_support
    from judgekit.schema_docs import DocumentedSchema

    models = [game_support(g).model() for g in GAMES]
    target: Any = models[0]
    if len(models) > 1:  # one schema for every game, told apart by the ``game`` key
        target = Annotated[functools.reduce(operator.or_, models), Field(discriminator="game")]
    schema = TypeAdapter(target).json_schema(schema_generator=DocumentedSchema)
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://judgekit.invalid/schemas/scenario.schema.json",
        **schema,
    }
    return schema


def schema_text() -> str:
    """The published schema file's content."""
    return json.dumps(scenario_schema(), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def write_schema(path: Path = SCHEMA_PATH) -> None:
    """Regenerate the published schema file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(schema_text(), encoding="utf-8")


def template(game: str, name: str, language: str = "en") -> str:
    """A commented template scenario for ``game``, its prose to be written in ``language`` (``ja`` or ``en``)."""
    from judgekit.games import game_support

    return template_in(game_support(game).template(name), "ja" if language == "ja" else "en")


TEMPLATE_COMMENTS = (
    N_("Prose fields (question, ruling, notes) are Markdown. Card lists are card keys, top first where order counts."),
    N_("the comprehensive rules version the ruling is made under"),
    N_("the language of title, question, ruling and notes"),
    N_("optional: the same prose in English"),
    N_("optional: the same prose in Japanese"),
    N_("where the beginner sheet says otherwise"),
    N_("setup | draw | main | battle | end: the game starts at the beginning of it"),
    N_("the printed text; a card may give only its text (the engine reads it)"),
    N_("actions (do), decisions (decide) and chance, in order"),
    N_("rules the trace must cite"),
    N_("actions the rules must reject, and the rule"),
    N_("as printed: keywords and abilities not given here are read from it"),
    N_("both players pass whenever they have priority until then"),
    N_("Rule ids are the outline ids of the rules page (judgekit export code-of-joker --format text)."),
    N_("the version of the wiki rules page"),
    N_("the first player (先攻)"),
    N_("the page gives no gauge amounts: they are inputs"),
    N_("BP at Lv.1, Lv.2, Lv.3"),
    N_("The detailed rules are a supplement: values they do not give go in [basics], and the trace shows each as an"),
    N_("assumption when the engine first relies on it. Card lists are card keys, top first where order counts."),
    N_("only what the scenario relies on; omit the rest"),
    N_("who goes first this turn"),
)
"""The games' template comments that are words (not lists of keys or examples), message ids: a template for a
scenario written in Japanese has them in Japanese."""

_COMMENT = re.compile(r"^(?P<head>.*?# )(?P<comment>[^#]*)$")


def _comments_in(text: str, language: ProseLanguage) -> str:
    """``text`` (a template) with its comments that are words in ``language``."""
    if language == "en":
        return text
    from judgekit.i18n import translations

    words = translations(language)
    known = set(TEMPLATE_COMMENTS)
    lines = []
    for line in text.split("\n"):
        found = _COMMENT.match(line)
        comment = found.group("comment") if found is not None else ""
        if found is not None and comment in known:
            line = found.group("head") + words.gettext(comment)
        lines.append(line)
    return "\n".join(lines)


_TEMPLATE_ANSWER = re.compile(r"The answer by the rules, citing them(?: \(e\.g\. (?P<example>[^\n]*)\))?\.")


def template_in(text: str, language: ProseLanguage) -> str:
    """A game's template with its ``language`` key (before ``title``), its placeholder prose in that
    language and, after ``tags``, where the prose in the other language goes."""
    other = "en" if language == "ja" else "ja"
    other_name = "English" if other == "en" else "Japanese"
    lines: list[str] = []
    for line in text.split("\n"):
        if line.startswith("title = "):
            lines.append(f'language = "{language}"'.ljust(36) + "# the language of title, question, ruling and notes")
        lines.append(line)
        if line.startswith("tags = "):
            lines += [
                "",
                f"# [{other}]".ljust(36) + f"# optional: the same prose in {other_name}",
                '# title = "…"',
                '# question = """…"""',
                '# ruling = """…"""',
            ]
    out = _comments_in("\n".join(lines), language)
    if language == "ja":
        question = "争点を、プレイヤーが尋ねるとおりに書きます。"
        out = out.replace("What is in dispute, as a player would ask it.", question)
        out = _TEMPLATE_ANSWER.sub(
            lambda m: (
                "ルールによる答えを、根拠のルールを挙げて書きます"
                + (f"（例: {m['example']}）" if m["example"] else "")
                + "。"
            ),
            out,
        )
    return out


__all__ = [
    "DIFFERS",
    "GOLDEN_SUFFIX",
    "NO_GOLDEN",
    "SCENARIOS_DIR",
    "ChanceEntry",
    "CheckOutcome",
    "CheckResult",
    "CommonExpect",
    "DecisionEntry",
    "Difference",
    "Finding",
    "LocalText",
    "Prose",
    "Rejection",
    "Scenario",
    "check_scenario",
    "iter_scenario_files",
    "load_scenario",
    "localised",
    "run_scenario",
    "scenario_schema",
    "template",
    "write_schema",
]


def _en(sentence: Sentence, game: str) -> str:
    """A trace sentence in English, for a finding."""
    from judgekit.render.sentences import render

    return render(sentence, "en", game)
