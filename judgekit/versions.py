"""Scenarios across rulebook versions: the diff of two held versions, citations mapped forward, impact.

A scenario is ruled under one rulebook version (``rulebook = "1.0.16"``) and cites rule ids in
its expectations (``expect.cites``, ``expect.not_cited``, ``expect.decided_by``,
``expect.rejected[].rule``, ``differs[].rules``) and in its prose (``ruling``, ``question``,
``notes``, ``differs[].difference``). When a new edition comes out:

- :func:`plan_migration` maps every cited id to its id in the new version through the diff;
  ids that were removed, split or merged, or whose wording changed, are listed for review.
  :func:`migrated_text` rewrites a file only when every citation maps safely, and checks the
  rewrite by parsing it again;
- :func:`assess_impact` finds the scenarios citing a rule that changed -- directly, under a
  cited section, or through the cross-references of a cited rule -- re-runs them under the
  current engine and compares their rulings with the golden traces.

Scenario files are read with :mod:`tomllib` only; running them goes through
:mod:`judgekit.scenario`, imported when needed.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules_index.catalog import Catalog, load_catalog, parse_document
from rules_index.diff import (
    BookDiff,
    ChangeKind,
    DiffCache,
    Fate,
    HistoryEvent,
    IdFate,
    RuleChange,
    diff_books,
    follow,
    history,
)
from rules_index.errors import JudgekitError, UnknownRuleError
from rules_index.model import Rule, RuleBook
from rules_index.refs import find_references

if TYPE_CHECKING:
    from rules_index.graph import RulesIndex

ID_KEYS = frozenset({"rule", "rules", "cites", "not_cited", "decided_by"})
"""Keys of a scenario file whose string values are rule ids."""
PROSE_KEYS = frozenset({"question", "ruling", "notes", "difference"})
"""Keys of a scenario file whose text may cite rule ids in passing (``(704.6c-1)``, ``（804）``), wherever
they stand: at the top level, in ``[ja]``/``[en]`` (the prose in the other language), in ``[[differs]]``."""
MEANING_KINDS = frozenset({ChangeKind.CHANGED, ChangeKind.REMOVED, ChangeKind.SPLIT, ChangeKind.MERGED})
"""Diff entries that can change a ruling (renumbering and followed references cannot)."""

_PROSE_NUMBER = re.compile(r"(?<![0-9A-Za-z_.])(?P<id>\d+(?:\.\d+)*(?:[a-z](?:-\d+)?)?)(?![0-9A-Za-z_]|\.\d)")
"""A number in prose; Japanese text runs straight on from it (``704.6cを``, ``ルール913``), so only ASCII
letters and digits bound it."""
_ID_LIST = re.compile(r"[(（]\s*[\d.a-z\-]+(?:\s*[,、，]\s*[\d.a-z\-]+)*\s*[)）]")
_SECTION_CUE = re.compile(r"(?:\brules?|\bsections?|§|\bin|ルール|総合ルール)\s*$", re.IGNORECASE)
_VERSION_CUE = re.compile(r"(?:\bver(?:sion)?\.?|\bv|\bsince|\bedition)\s*$", re.IGNORECASE)
_RULEBOOK_LINE = re.compile(r'^(?P<lead>\s*rulebook\s*=\s*)"(?P<version>[^"]*)"', re.MULTILINE)


# --------------------------------------------------------------------------- the two books


def load_versions(
    game: str, old: str, new: str, document: str | None = None, catalog: Catalog | None = None
) -> tuple[RuleBook, RuleBook]:
    """The two versions of ``game``'s document (default: its default document), parsed."""
    catalog = catalog or load_catalog()
    doc = catalog.game(game).document(document)
    return parse_document(catalog, doc.version(old)), parse_document(catalog, doc.version(new))


def diff_versions(game: str, old: str, new: str, document: str | None = None) -> BookDiff:
    """The diff of two held versions of ``game``'s document."""
    return diff_books(*load_versions(game, old, new, document))


# --------------------------------------------------------------------------- a rule's history


@dataclass(frozen=True, slots=True)
class RuleTimeline:
    """A rule's history across every held version of its document."""

    game: str
    """The game id."""
    short: str
    """The game's short name (``MTG``)."""
    document: str
    """The document id."""
    rule_id: str
    """The rule's id in :attr:`version`."""
    version: str
    """The version the rule was looked up in (the newest holding it, unless one was named)."""
    versions: tuple[str, ...]
    """Every version held, oldest first."""
    events: tuple[HistoryEvent, ...]
    """What happened to it in each version where it (or what it came from or became) exists."""


def rule_timeline(
    game: str,
    rule_id: str,
    document: str | None = None,
    version: str | None = None,
    *,
    index: RulesIndex | None = None,
    cache: DiffCache | None = None,
) -> RuleTimeline:
    """The history of ``rule_id`` across every held version of ``game``'s document.

    The rule is looked up in ``version``, else in the newest version that has it (a rule
    removed since is traced from the last version that held it). Unknown everywhere, it is
    an :class:`~rules_index.errors.UnknownRuleError` naming the newest version's nearest ids.
    The consecutive diffs come from ``cache`` (default: the on-disk diff cache); with all of
    them there, no edition is read beyond the one the rule is looked up in.
    """
    from rules_index.graph import load_index

    index = index or load_index()
    found = index.catalog.game(game)
    doc = found.document(document)
    books = [index.held_version((info.game, info.document, info.version)) for info in doc.versions]
    if version is not None:
        start = doc.version(version).version
        rule = index.rule(found.id, rule_id, doc.id, start)
    else:
        start, rule = _newest_holding(index, found.id, doc.id, [info.version for info in doc.versions], rule_id)
    chain = history(books, cache if cache is not None else DiffCache.default())
    return RuleTimeline(
        game=found.id,
        short=found.short,
        document=doc.id,
        rule_id=rule.id,
        version=start,
        versions=tuple(info.version for info in doc.versions),
        events=chain.events(start, rule.id),
    )


def _newest_holding(index: RulesIndex, game: str, document: str, versions: list[str], rule_id: str) -> tuple[str, Rule]:
    """The newest version that has ``rule_id``, and the rule; else the newest version's UnknownRuleError."""
    errors: list[UnknownRuleError] = []
    for version in reversed(versions):
        try:
            return version, index.rule(game, rule_id, document, version)
        except UnknownRuleError as exc:
            errors.append(exc)
    raise errors[0]


# --------------------------------------------------------------------------- citations


class Place(StrEnum):
    """Where in a scenario file a rule id is cited."""

    FIELD = "field"
    """A field whose value is a rule id (``expect.cites[2]``)."""
    PROSE = "prose"
    """Running text (``ruling``)."""


@dataclass(frozen=True, slots=True)
class Citation:
    """One rule id cited by a scenario file."""

    rule_id: str
    """The id as cited."""
    key: str
    """The TOML key where it stands (``expect.cites[2]``, ``differs[0].difference``)."""
    place: Place
    """A rule-id field or prose."""


@dataclass(frozen=True, slots=True)
class ScenarioFile:
    """A scenario file as far as versions are concerned: what it is pinned to and what it cites."""

    path: Path
    """The file."""
    game: str
    """The ``game`` it declares."""
    document: str
    """The ``document`` it declares (``comprehensive`` when absent)."""
    version: str
    """The ``rulebook`` version it is ruled under (empty when absent)."""
    citations: tuple[Citation, ...]
    """Every citation, in file order (fields and prose as tomllib reads them)."""

    @property
    def name(self) -> str:
        """The scenario's name (file stem)."""
        return self.path.name.removesuffix(".toml")

    def cited_ids(self) -> list[str]:
        """The distinct ids cited, in order of first citation."""
        return list(dict.fromkeys(c.rule_id for c in self.citations))


def scenario_paths(paths: Sequence[Path], game: str) -> list[Path]:
    """The scenario files named by ``paths`` (files, or folders searched), default ``scenarios/<game>``."""
    if not paths:
        from judgekit.scenario import SCENARIOS_DIR

        paths = [SCENARIOS_DIR / game]
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(path.rglob("*.toml")))
        elif path.is_file():
            found.append(path)
        else:
            raise JudgekitError(f"{path}: no such scenario file or folder")
    return found


def read_scenario_file(path: Path, book: RuleBook) -> ScenarioFile:
    """The pin and citations of a scenario file; prose ids are those that exist in ``book``."""
    from judgekit.scenario_file import read_scenario_data

    data = read_scenario_data(path, str(path))
    ids = {rule.id for rule in book.rules}
    top = {rule.id for rule in book.rules if rule.parent is None}
    citations = list(_citations(data, "", ids, top))
    return ScenarioFile(
        path=path,
        game=str(data.get("game", "")),
        document=str(data.get("document", "comprehensive")),
        version=str(data.get("rulebook", "")),
        citations=tuple(citations),
    )


def _citations(value: Any, key: str, ids: Collection[str], top: Collection[str]) -> Iterable[Citation]:
    """Citations in a parsed TOML value, walking tables and arrays in order."""
    name = key.rsplit(".", 1)[-1].split("[", 1)[0]
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _citations(v, f"{key}.{k}" if key else k, ids, top)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _citations(item, f"{key}[{index}]", ids, top)
    elif isinstance(value, str) and name in ID_KEYS:
        yield Citation(value.strip(), key, Place.FIELD)
    elif isinstance(value, str) and name in PROSE_KEYS:
        for rule_id, _, _ in prose_ids(value, ids, top):
            yield Citation(rule_id, key, Place.PROSE)


def prose_ids(text: str, ids: Collection[str], top: Collection[str]) -> list[tuple[str, int, int]]:
    """Rule ids cited in running text, with their offsets.

    Prose is full of numbers that are not citations (``300 damage``, ``(300)`` as a skill's
    damage, ``since 1.0.12``), and in Divine Cross most hundreds are also ids. A number is a
    citation when it is an id of the book and either has the form only an id has (a dot or
    a letter: ``704.6c-1``, ``1102.1``), or is a bare section number in a parenthesised list
    of ids (``(804)``, ``(602.1, 905.2)``) or after ``rule``/``section``/``in`` -- never a
    top-level number (a Divine Cross chapter, an FFTCG section), and never after ``ver``/``since``.
    """
    lists = [(m.start(), m.end()) for m in _ID_LIST.finditer(text)]
    found: list[tuple[str, int, int]] = []
    for match in _PROSE_NUMBER.finditer(text):
        number, start, end = match["id"], match.start(), match.end()
        if number not in ids or _VERSION_CUE.search(text[max(0, start - 12) : start]):
            continue
        dotted = "." in number or any(ch.isalpha() for ch in number)
        if not dotted:
            in_list = any(a <= start and end <= b for a, b in lists)
            cued = bool(_SECTION_CUE.search(text[max(0, start - 10) : start]))
            if number in top or not (in_list or cued):
                continue
        found.append((number, start, end))
    return found


# --------------------------------------------------------------------------- migrate


@dataclass(frozen=True, slots=True)
class CitationMove:
    """A citation and where its id leads in the new version."""

    citation: Citation
    """The citation."""
    fate: IdFate
    """What became of the id."""


@dataclass(frozen=True, slots=True)
class FileMigration:
    """What migrating one scenario file to the new version means."""

    file: ScenarioFile
    """The file, as read."""
    moves: tuple[CitationMove, ...]
    """Each citation with its fate, in file order."""
    skipped: str = ""
    """Why the file is not migrated (another game, document or version); empty when it is."""

    @property
    def review(self) -> tuple[CitationMove, ...]:
        """Citations a person must look at: removed, split, merged, reworded or unknown ids."""
        return tuple(move for move in self.moves if move.fate.needs_review)

    @property
    def rewrites(self) -> dict[str, str]:
        """Old id → new id for the citations that change safely."""
        return {move.citation.rule_id: move.fate.new_ids[0] for move in self.moves if move.fate.fate is Fate.RENUMBERED}


def plan_migration(diff: BookDiff, files: Sequence[ScenarioFile]) -> tuple[FileMigration, ...]:
    """Each file's citations mapped through ``diff`` (files pinned elsewhere are skipped, with why)."""
    plans: list[FileMigration] = []
    for file in files:
        reason = _skip_reason(file, diff)
        if reason:
            plans.append(FileMigration(file, (), reason))
            continue
        moves = tuple(CitationMove(c, follow(diff, c.rule_id)) for c in file.citations)
        plans.append(FileMigration(file, moves))
    return tuple(plans)


def _skip_reason(file: ScenarioFile, diff: BookDiff) -> str:
    if file.game != diff.old.game:
        return f"a {file.game or 'game-less'} scenario"
    if file.document != diff.old.document:
        return f"ruled under document {file.document}"
    if file.version != diff.old.version:
        return f"ruled under {file.version or 'no pinned version'}, not {diff.old.version}"
    return ""


class MigrationError(JudgekitError):
    """A scenario file that cannot be rewritten safely; the message says why."""


def migrated_text(plan: FileMigration, new_version: str, book: RuleBook) -> str:
    """The file's text with every citation mapped to the new version and ``rulebook`` set to it.

    Raises :class:`MigrationError` when a citation needs review, or when the rewritten text,
    parsed again, is not exactly the old data with the ids mapped (an id string that also
    occurs elsewhere in the file): the file is then left for a person.
    """
    if plan.skipped:
        raise MigrationError(f"{plan.file.path}: not migrated: {plan.skipped}")
    if plan.review:
        listed = ", ".join(dict.fromkeys(m.citation.rule_id for m in plan.review))
        raise MigrationError(f"{plan.file.path}: not rewritten: {listed} must be reviewed first")
    text = plan.file.path.read_text(encoding="utf-8-sig")  # as read_scenario_file read it: a BOM dropped
    mapping = plan.rewrites
    ids = {rule.id for rule in book.rules}
    top = {rule.id for rule in book.rules if rule.parent is None}
    rewritten = _rewrite_text(text, mapping, ids, top)
    rewritten, bumped = _RULEBOOK_LINE.subn(lambda m: f'{m["lead"]}"{new_version}"', rewritten, count=1)
    if not bumped:
        raise MigrationError(f"{plan.file.path}: no 'rulebook = \"…\"' line to update")
    expected = _mapped_data(tomllib.loads(text), "", mapping, ids, top)
    expected["rulebook"] = new_version
    if tomllib.loads(rewritten) != expected:
        raise MigrationError(f"{plan.file.path}: not rewritten: an id also occurs outside citations; map it by hand")
    return rewritten


def _rewrite_text(text: str, mapping: Mapping[str, str], ids: Collection[str], top: Collection[str]) -> str:
    """Quoted ids and prose citations of ``text`` mapped in one pass (comments and layout kept)."""
    if not mapping:
        return text
    alternatives = "|".join(re.escape(i) for i in sorted(mapping, key=len, reverse=True))
    spans = [(m.start(1), m.end(1), m.group(1)) for m in re.finditer(f'"({alternatives})"', text)]
    for rule_id, start, end in prose_ids(text, ids, top):
        if rule_id in mapping and not any(a < end and start < b for a, b, _ in spans):
            spans.append((start, end, rule_id))
    return _replace_spans(text, spans, mapping)


def _replace_spans(text: str, spans: list[tuple[int, int, str]], mapping: Mapping[str, str]) -> str:
    out: list[str] = []
    position = 0
    for start, end, rule_id in sorted(spans):
        out.append(text[position:start])
        out.append(mapping[rule_id])
        position = end
    out.append(text[position:])
    return "".join(out)


def _mapped_data(value: Any, key: str, mapping: Mapping[str, str], ids: Collection[str], top: Collection[str]) -> Any:
    """The parsed data with cited ids mapped, as the rewritten file must parse."""
    name = key.rsplit(".", 1)[-1].split("[", 1)[0]
    if isinstance(value, dict):
        return {k: _mapped_data(v, f"{key}.{k}" if key else k, mapping, ids, top) for k, v in value.items()}
    if isinstance(value, list):
        return [_mapped_data(item, f"{key}[{i}]", mapping, ids, top) for i, item in enumerate(value)]
    if isinstance(value, str) and name in ID_KEYS:
        return mapping.get(value.strip(), value)
    if isinstance(value, str) and name in PROSE_KEYS:
        spans = [(start, end, rule_id) for rule_id, start, end in prose_ids(value, ids, top) if rule_id in mapping]
        return _replace_spans(value, spans, mapping)
    return value


# --------------------------------------------------------------------------- impact


class Relation(StrEnum):
    """How a cited rule is touched by a change."""

    DIRECT = "direct"
    """The cited rule itself changed."""
    UNDER = "under"
    """A rule under the cited one (a cited section's rule) changed."""
    REFERENCE = "reference"
    """A rule the cited one refers to (directly or in a chain of references) changed."""


@dataclass(frozen=True, slots=True)
class Touch:
    """A cited rule reached by a change that can alter a ruling."""

    cited: str
    """The id the scenario cites (old version)."""
    relation: Relation
    """Directly, under it, or through its references."""
    path: tuple[str, ...]
    """From the cited rule to the changed one (one id when direct)."""
    change: RuleChange
    """The change."""

    @property
    def changed(self) -> str:
        """The old id of the changed rule."""
        return self.path[-1]


@dataclass(frozen=True, slots=True)
class Rerun:
    """A scenario run again under the current engine and compared with its golden trace."""

    findings: tuple[str, ...]
    """Failed expectations and golden-trace differences, one sentence each."""
    outcome_differs: bool
    """Whether the ending (result, winner, deciding rules) differs from the golden trace."""
    first_step: int | None
    """The first step that differs from the golden trace, when the steps differ."""
    error: str = ""
    """Why the scenario could not be run (an invalid file, a missing golden trace)."""

    @property
    def ok(self) -> bool:
        """Whether the ruling and every expectation are as before."""
        return not self.findings and not self.error


@dataclass(frozen=True, slots=True)
class ScenarioImpact:
    """One scenario: which of its citations a change reaches, and how its re-run went."""

    file: ScenarioFile
    """The scenario file."""
    touches: tuple[Touch, ...]
    """The changes that reach its citations (empty: it cites nothing that changed)."""
    rerun: Rerun | None
    """The re-run, when scenarios were run."""

    @property
    def affected(self) -> bool:
        """Whether it cites a rule a change reaches."""
        return bool(self.touches)


@dataclass(frozen=True, slots=True)
class ImpactReport:
    """The impact of a new edition on the scenarios ruled under the old one."""

    diff: BookDiff
    """The diff of the two versions."""
    scenarios: tuple[ScenarioImpact, ...]
    """Every scenario ruled under the old version, affected ones first, then by name."""
    skipped: tuple[tuple[Path, str], ...] = field(default=())
    """Scenario files not considered, and why (another game or version)."""

    @property
    def affected(self) -> tuple[ScenarioImpact, ...]:
        """The scenarios a change reaches."""
        return tuple(s for s in self.scenarios if s.affected)

    @property
    def failed(self) -> tuple[ScenarioImpact, ...]:
        """The scenarios whose re-run differs from before."""
        return tuple(s for s in self.scenarios if s.rerun is not None and not s.rerun.ok)


def touches(cited: Sequence[str], diff: BookDiff, book: RuleBook) -> tuple[Touch, ...]:
    """The changes that reach the cited rules of ``book`` (the old version), each once per citation.

    A change reaches a cited rule when it is the rule's own change, the change of a rule under
    it, or the change of a rule its text refers to (or of a rule under that one, as ``(804)``
    refers to a whole section), following references from rule to rule breadth first, so
    the shortest chain is the one reported.
    """
    changed = {i: e for e in diff.entries if e.kind in MEANING_KINDS for i in e.old_ids}
    children: dict[str, list[str]] = {}
    for rule in book.rules:
        if rule.parent is not None:
            children.setdefault(rule.parent, []).append(rule.id)
    references: dict[str, list[str]] = {}
    for ref in find_references(book)[0]:
        targets = references.setdefault(ref.source, [])
        if ref.target not in targets:
            targets.append(ref.target)
    found: list[Touch] = []
    for rule_id in dict.fromkeys(cited):
        seen: set[str] = set()

        def reach(path: tuple[str, ...], relation: Relation, seen: set[str] = seen, cited: str = rule_id) -> None:
            if path[-1] in changed and path[-1] not in seen:
                seen.add(path[-1])
                found.append(Touch(cited, relation, path, changed[path[-1]]))

        reach((rule_id,), Relation.DIRECT)
        for below in _descendants(rule_id, children):
            reach((rule_id, below), Relation.UNDER)
        for path in _reference_paths(rule_id, references):
            reach(path, Relation.REFERENCE)
            for below in _descendants(path[-1], children):
                reach((*path, below), Relation.REFERENCE)
    return tuple(found)


def _descendants(rule_id: str, children: Mapping[str, list[str]]) -> list[str]:
    out: list[str] = []
    stack = list(reversed(children.get(rule_id, [])))
    while stack:
        current = stack.pop()
        out.append(current)
        stack.extend(reversed(children.get(current, [])))
    return out


def _reference_paths(rule_id: str, references: Mapping[str, list[str]]) -> list[tuple[str, ...]]:
    """The shortest chain of references from ``rule_id`` to each rule it reaches."""
    paths: dict[str, tuple[str, ...]] = {rule_id: (rule_id,)}
    queue = [rule_id]
    while queue:
        current = queue.pop(0)
        for target in references.get(current, []):
            if target not in paths:
                paths[target] = (*paths[current], target)
                queue.append(target)
    return [path for target, path in paths.items() if target != rule_id]


def assess_impact(
    diff: BookDiff,
    book: RuleBook,
    files: Sequence[ScenarioFile],
    *,
    run: bool = True,
    only_affected: bool = False,
) -> ImpactReport:
    """Which scenarios ruled under ``diff.old`` a change reaches, and (with ``run``) how they re-run."""
    scenarios: list[ScenarioImpact] = []
    skipped: list[tuple[Path, str]] = []
    for file in files:
        reason = _skip_reason(file, diff)
        if reason:
            skipped.append((file.path, reason))
            continue
        reached = touches(file.cited_ids(), diff, book)
        rerun = rerun_scenario(file.path) if run and (reached or not only_affected) else None
        scenarios.append(ScenarioImpact(file, reached, rerun))
    scenarios.sort(key=lambda s: (not s.affected, s.file.name))
    return ImpactReport(diff, tuple(scenarios), tuple(skipped))


def rerun_scenario(path: Path) -> Rerun:
    """Run a scenario under the current engine and compare its ruling with the golden trace."""
    from judgekit.scenario import check_scenario, load_scenario, trace_text

    try:
        scenario = load_scenario(path)
        result = check_scenario(scenario)
    except JudgekitError as exc:
        return Rerun((), False, None, error=str(exc))
    golden_path = scenario.golden_path
    if not golden_path.exists():
        return Rerun(result.findings, False, None, error=f"no golden trace {golden_path.name}")
    from judgekit.engine.board_delta import upgrade_trace_json

    golden = upgrade_trace_json(json.loads(golden_path.read_text(encoding="utf-8")))  # an old format read too
    current = json.loads(trace_text(result.trace))
    return Rerun(
        findings=result.findings,
        outcome_differs=golden.get("outcome") != current.get("outcome"),
        first_step=_first_step(golden.get("steps", []), current.get("steps", [])),
    )


def _first_step(golden: list[Any], current: list[Any]) -> int | None:
    """The index of the first step that differs (the shorter list's end when one is a prefix)."""
    for a, b in zip(golden, current, strict=False):
        if a != b:
            return int(a.get("index", 0)) if isinstance(a, dict) else None
    if len(golden) != len(current):
        return min(len(golden), len(current)) + 1
    return None


# --------------------------------------------------------------------------- stale rulings


@dataclass(frozen=True, slots=True)
class StaleRuling:
    """A scenario ruled under an older edition than the newest held of its document."""

    file: ScenarioFile
    """The scenario file (pinned to the older edition)."""
    short: str
    """The game's short name."""
    newest: str
    """The newest edition held."""
    touches: tuple[Touch, ...]
    """The changes since that reach the rules it cites (empty: none of them changed)."""
    rerun: Rerun | None
    """Its re-run under the current engine, when it was re-run."""

    @property
    def changed_rules(self) -> tuple[str, ...]:
        """The cited ids a change reaches, in citation order."""
        return tuple(dict.fromkeys(touch.cited for touch in self.touches))

    @property
    def same_ruling(self) -> bool | None:
        """Whether the re-run gives the same ruling as the golden trace (None when not re-run)."""
        return None if self.rerun is None else self.rerun.ok


def stale_rulings(
    paths: Sequence[Path],
    *,
    run: bool = True,
    index: RulesIndex | None = None,
    cache: DiffCache | None = None,
) -> tuple[StaleRuling, ...]:
    """The scenarios among ``paths`` pinned to an edition older than the newest held of its document.

    Each is compared with the newest edition through the diff of the two (cached): the
    changes that reach its citations (:func:`touches`) and, with ``run``, whether a re-run
    under the current engine still gives the golden ruling (only for those a change
    reaches). Nothing is read when no document holds more than one edition.
    """
    from rules_index.catalog import load_catalog

    catalog = index.catalog if index is not None else load_catalog()
    if not any(len(doc.versions) > 1 for game in catalog.games for doc in game.documents):
        return ()
    cache = cache if cache is not None else DiffCache.default()
    found: list[StaleRuling] = []
    diffs: dict[tuple[str, str, str], tuple[BookDiff, RuleBook]] = {}
    for path in paths:
        pin = _pin(path)
        if pin is None:
            continue
        try:
            game = catalog.game(pin[0])
            doc = game.document(pin[1])
            info = doc.version(pin[2])
        except JudgekitError:
            continue
        if info.version == doc.latest.version or not pin[2]:
            continue
        key = (game.id, doc.id, info.version)
        if index is None:
            from rules_index.graph import load_index

            index = load_index(catalog)
        if key not in diffs:
            old = index.books[key].book
            new = index.books[(game.id, doc.id, doc.latest.version)].book
            diff = cache.get(old, new)
            if diff is None:
                diff = diff_books(old, new)
                cache.put(old, new, diff)
            diffs[key] = (diff, old)
        diff, old = diffs[key]
        found.append(stale_ruling(path, old, diff, game.short, run=run))
    return tuple(found)


def stale_ruling(path: Path, old: RuleBook, diff: BookDiff, short: str, *, run: bool = True) -> StaleRuling:
    """The scenario at ``path``, pinned to ``old``, against ``diff`` (``old`` → the newest edition).

    With ``run``, a scenario whose cited rules a change reaches is re-run under the current
    engine and compared with its golden trace.
    """
    file = read_scenario_file(path, old)
    reached = touches(file.cited_ids(), diff, old)
    rerun = rerun_scenario(path) if run and reached else None
    return StaleRuling(file, short, diff.new.version, reached, rerun)


def _pin(path: Path) -> tuple[str, str, str] | None:
    """(game, document, rulebook version) a scenario file declares; None when it cannot be read."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    game, document, version = data.get("game"), data.get("document", "comprehensive"), data.get("rulebook")
    if not (isinstance(game, str) and isinstance(document, str) and isinstance(version, str)):
        return None
    return game, document, version
