"""``judgekit build``: the rules graph and the scenario traces → a static site.

The site is written to ``build/site/`` by default, atomically (see :mod:`judgekit.site.output`),
and is deterministic: the same sources give the same bytes. Pages come from the jinja2
templates under ``site/templates``; CSS and JS are copied from ``site/static``. Every link is
relative and names a file, so the site works from ``file://`` and from any sub-path; nothing
is fetched from anywhere else.

Builds are incremental (:mod:`judgekit.site.incremental`): a part of the site whose inputs
did not change since the previous build of the same folder is taken from it instead of being
rendered again, and a game's scenarios are replayed only when their files, the code or the
game's rulebooks changed.
"""

from __future__ import annotations

import functools
import json
import os
import pickle
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
from markupsafe import Markup

from judgekit.i18n import N_
from judgekit.render.diff_html import inline
from judgekit.render.html import has_japanese, ja, ja_runs
from judgekit.site import layout
from judgekit.site.books import (
    BookPages,
    Citation,
    Link,
    RuleView,
    by_scenario,
    glossary_anchor,
    prepare_book,
    rule_label,
    summary,
)
from judgekit.site.i18n import book_language, script_messages, ui
from judgekit.site.i18n import install as install_i18n
from judgekit.site.incremental import (
    Part,
    Recorded,
    ScenarioCache,
    book_keys,
    code_digest,
    digest,
    folder_digest,
    pages_key,
    record_path,
    scenario_files,
    scenario_files_key,
)
from judgekit.site.layout import GamePaths, relative
from judgekit.site.output import OutputError, SiteWriter, check_output, write_atomically
from judgekit.site.parallel import jobs as parallel_jobs
from judgekit.site.parallel import run_pieces
from judgekit.site.sections import Section
from rules_index.errors import JudgekitError
from rules_index.model import Severity

if TYPE_CHECKING:
    from judgekit.site.diffs import RuleHistory
    from judgekit.site.scenarios import ScenarioPage
    from rules_index.catalog import Game
    from rules_index.graph import BookIndex, RulesIndex

REPO = Path(__file__).resolve().parents[2]
"""The checkout the package runs from (``site/`` lives beside the packages)."""
SITE_SOURCES = REPO / "site"
"""Templates and static files of the site."""
SCENARIOS = REPO / "scenarios"
"""The scenarios the site shows (:data:`judgekit.scenario.SCENARIOS_DIR`, named here so that a build
finding nothing changed does not import the scenario models)."""
DEFAULT_OUT = Path("build") / "site"
"""Where ``judgekit build`` writes, relative to the working directory."""
TOC_MAX_DEPTH = 3
"""Titled rules deeper than this are left out of a document's table of contents."""


@dataclass(frozen=True, slots=True)
class BuildReport:
    """What a build wrote."""

    out: Path
    """The site's folder."""
    pages: int
    """HTML pages written."""
    files: int
    """Files written in all."""
    seconds: float
    """How long the build took."""
    warnings: tuple[str, ...] = ()
    """What the build could not use as it is (a coverage table that cannot be read), one message each."""
    reused: int = 0
    """Files taken unchanged from the previous build of the folder (not rendered again)."""
    up_to_date: bool = False
    """Nothing had changed since the previous build: the folder was left as it was."""

    @property
    def home(self) -> Path:
        """The home page (open it in a browser)."""
        return self.out / layout.HOME


@dataclass(frozen=True, slots=True)
class TocEntry:
    """One line of a table of contents."""

    label: str
    """``704. ダメージステップ``."""
    path: str
    """Where it is, from the site root."""
    children: tuple[TocEntry, ...]
    """Entries below it."""


@dataclass(frozen=True, slots=True)
class SiteData:
    """Everything the pages are built from."""

    index: RulesIndex
    """The rules graph."""
    scenarios: list[ScenarioPage] = field(default_factory=list)
    """Scenario pages, with their traces (empty when there are none)."""


def build_site(
    out: Path = DEFAULT_OUT,
    *,
    index: RulesIndex | None = None,
    scenarios: Sequence[ScenarioPage] | None = None,
    sources: Path = SITE_SOURCES,
    scenario_root: Path | None = None,
    incremental: bool = True,
    progress: Callable[[str], None] | None = None,
    jobs: int | None = None,
) -> BuildReport:
    """Build the whole site into ``out`` (atomically) and say what was written.

    ``index`` defaults to the cached rules index; ``scenarios`` to every scenario under
    ``scenario_root`` (default ``scenarios/``) the engine can run (see
    :func:`judgekit.site.scenarios.load_scenario_pages`), their runs cached per game.
    ``incremental``: take the parts whose inputs did not change from the previous build of
    ``out`` (see :mod:`judgekit.site.incremental`); when the scenarios are read from files and
    nothing changed at all, ``out`` is left as it is. ``progress`` is told of each part.
    ``jobs``: how many processes run the scenarios and render the parts (default: one per core; the
    output is the same, see :mod:`judgekit.site.parallel`).
    """
    from rules_index.graph import cache_dir

    started = time.perf_counter()
    check_output(out)  # before any work: a wrong --out is reported at once
    workers = parallel_jobs(jobs)
    if not (sources / "templates").is_dir():
        raise OutputError(f"the site's templates are missing: {sources / 'templates'}")
    if index is None:
        from rules_index.graph import load_index

        index = load_index()
    cache = cache_dir() if incremental else None
    if cache is not None:
        layout.read_kept_readings(layout.readings_file(cache))
    books = book_keys(index)
    base = digest(
        code_digest(),
        folder_digest([sources]),
        *(f"{'/'.join(k)}={v}" for k, v in sorted(books.items())),
        repr(index.games()),
    )
    record = record_path(out, cache)
    previous = Recorded.read(record)
    if scenarios is None:
        root = (scenario_root or SCENARIOS).resolve()
        by_game = scenario_files(root)
        scenario_keys = {g: digest(str(root), scenario_files_key(g, files, books)) for g, files in by_game.items()}
        whole = digest(base, *(f"{g}={k}" for g, k in sorted(scenario_keys.items())))
        if previous.whole == whole and previous.is_all_of(out):
            return BuildReport(
                out=out.resolve(),
                pages=sum(1 for f in previous.stats if f.endswith(".html")),
                files=len(previous.stats) + 1,
                seconds=time.perf_counter() - started,
                warnings=tuple(w for e in previous.parts.values() for w in e.get("warnings", [])),
                reused=len(previous.stats) + 1,
                up_to_date=True,
            )
        ahead = functools.partial(_name_pages, index)
        scenarios = _scenario_pages(root, by_game, scenario_keys, cache, progress, workers, ahead)
    else:
        scenarios = list(scenarios)
        games = sorted({s.game for s in scenarios})
        scenario_keys = {g: pages_key([s for s in scenarios if s.game == g]) for g in games}
        whole = digest(base, *(f"{g}={k}" for g, k in sorted(scenario_keys.items())))
    data = SiteData(index=index, scenarios=list(scenarios))
    site = Site(data, sources, templates=cache / "templates" / code_digest()[:16] if cache is not None else None)
    plan = BuildPlan(base, whole, scenario_keys, previous, out.resolve(), progress, workers)
    site.plan = plan
    files = set(write_atomically(out, site.write))
    if cache is not None:
        layout.keep_readings(layout.readings_file(cache))
    plan.recorded.whole = whole
    plan.recorded.write(record)
    return BuildReport(
        out=out.resolve(),
        pages=sum(1 for f in files if f.endswith(".html")),
        files=len(files),
        seconds=time.perf_counter() - started,
        warnings=tuple(site.warnings),
        reused=plan.reused,
    )


def _scenario_pages(
    root: Path,
    by_game: dict[str, list[Path]],
    keys: dict[str, str],
    cache: Path | None,
    progress: Callable[[str], None] | None,
    jobs: int = 1,
    meanwhile: Callable[[], None] | None = None,
) -> list[ScenarioPage]:
    """Every scenario under ``root``, run; a game's runs are read from the cache when its key is there, the
    others' run on ``jobs`` processes (see :mod:`judgekit.site.parallel`), ``meanwhile()`` run here then."""
    from judgekit.run_cache import RunCache
    from judgekit.site.scenarios import load_scenario_pages

    runs = RunCache(cache / "runs" if cache is not None else None)  # each file's run, shared with `check`
    if any(f.parent != root / game for game, files in by_game.items() for f in files):
        try:  # files in sub-folders are named from the game's folder: run them all
            return load_scenario_pages(root, runs)
        except JudgekitError as exc:
            raise _not_loaded([str(exc).removeprefix(_NOT_LOADED)]) from exc
    kept = ScenarioCache(cache / "scenarios" if cache is not None else None)
    found: dict[str, list[ScenarioPage] | str] = {}
    for game, key in keys.items():
        if progress is not None:
            progress(progress_label(f"scenarios:{game}"))
        cached = kept.load(game, key)
        if cached is not None:
            found[game] = cached
    to_run = [game for game in keys if game not in found]

    def run(piece: int) -> bytes | str:
        game = to_run[piece]
        try:
            ran = load_scenario_pages(root / game, runs)  # only the files changed since their runs were kept run
        except JudgekitError as exc:
            return str(exc).removeprefix(_NOT_LOADED)
        data = pickle.dumps(ran, protocol=pickle.HIGHEST_PROTOCOL)  # once, for the cache and for the way back
        kept.store_pickled(game, keys[game], data)
        return data

    # a game's scenarios are one piece: a worker loads only the engines of the games it runs
    costs = [_GAME_COST + sum(f.stat().st_size for f in by_game.get(game, ())) for game in to_run]

    def done(piece: int, sent: bytes | str) -> None:  # each game's pages read as they come
        found[to_run[piece]] = sent if isinstance(sent, str) else pickle.loads(sent)

    run_pieces(run, costs, jobs, done=done, meanwhile=meanwhile)
    pages: list[ScenarioPage] = []
    problems: list[str] = []
    for game in keys:
        result = found[game]
        if isinstance(result, str):
            problems.append(result)
        else:
            pages.extend(result)
    if problems:
        raise _not_loaded(problems)
    pages.sort(key=lambda p: (p.game, p.name))
    return pages


def _name_pages(index: RulesIndex) -> None:
    """Name every book's pages (:func:`~judgekit.site.layout.readable_names`) while the scenarios run: an outline
    id's name is its headings in romaji, and pykakasi takes a second to load its dictionaries. And import the
    scenario models and traces the workers' pages are made of (half a second), before their pages come back, and
    read the engines' message catalogs every scenario page's sentences come from."""
    from judgekit.site.layout import readable_names

    for bi in index.books.values():
        readable_names(rule.id for rule in bi.book.rules)
    import judgekit.scenario  # noqa: F401  (what the pages the workers send back are made of)
    from judgekit.i18n import LOCALE_DIR
    from judgekit.render.sentences import engine_catalog

    for language in ("ja", "en"):  # read here once, not again by each worker drawing the games' pages
        for po in sorted((LOCALE_DIR / language / "LC_MESSAGES").glob("engine-*.po")):
            engine_catalog(language, po.stem)


_GAME_COST = 200_000
"""What loading a game's engine costs, in bytes of scenario files taking as long to run (about 1 s, as
200 kB of files), for sharing the games' runs among the workers."""


_NOT_LOADED = "scenario files that do not load:\n"
"""How :func:`~judgekit.site.scenarios.load_scenario_pages` starts its error."""


def _not_loaded(problems: list[str]) -> JudgekitError:
    """The error naming the scenario files that do not load, in the command line's language."""
    return JudgekitError.from_message(N_("scenario files that do not load:\n{problems}"), problems="\n".join(problems))


def progress_label(part: str) -> str:
    """A part of the build (``static``, ``game:fftcg``, ``book:fftcg/comprehensive/2.1.9``), named in the
    command line's language for the progress bar."""
    from judgekit.i18n import gettext as _

    kind, _sep, what = part.partition(":")
    labels = {
        "static": N_("static files"),
        "everything": N_("pages over every game"),
        "game": N_("game {name}"),
        "book": N_("rulebook {name}"),
        "scenarios": N_("scenarios: {name}"),
    }
    return _(labels[kind]).format(name=what) if kind in labels else part


@dataclass(slots=True)
class BuildPlan:
    """What an incremental build knows: the keys of the parts, and what the previous build recorded."""

    base: str
    """The digest of the code, the templates and every book (part of every part's key)."""
    whole: str
    """The digest of every input: the key of the pages over everything."""
    scenarios: dict[str, str]
    """Each game's scenario key."""
    previous: Recorded
    """What the previous build of the folder recorded."""
    out: Path
    """The folder (the previous site, while this one is written beside it)."""
    progress: Callable[[str], None] | None = None
    """Told of each part as it starts."""
    jobs: int = 1
    """How many processes render the parts."""
    recorded: Recorded = field(default_factory=Recorded)
    """What this build records."""
    reused: int = 0
    """Files taken from the previous build."""


class Site:
    """One build: the jinja2 environment, the prepared books, and a method per kind of page."""

    def __init__(self, data: SiteData, sources: Path, templates: Path | None = None) -> None:
        """``templates``: a folder where the templates are kept compiled between builds (None: compile them)."""
        self.data = data
        self.sources = sources
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(sources / "templates")),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
            auto_reload=False,  # a build's templates do not change under it: no stat of each file for each page
            bytecode_cache=_compiled_templates(templates),
        )
        self.env.filters["url"] = _url
        self.env.filters["json_script"] = json_script
        self.env.filters["ja"] = ja
        self.env.filters["ja_runs"] = ja_runs
        self.env.tests["ja"] = has_japanese
        install_i18n(self.env)
        self.env.filters["inline_diff"] = inline
        from judgekit.site.board import drawn_once

        self.env.globals["drawn"] = drawn_once()
        self.env.filters["by_scenario"] = by_scenario
        self.env.globals["script_messages_json"] = json_script(script_messages())  # the same on every page
        self.index = data.index
        self.citations = _citations(data.scenarios)
        self.books: dict[tuple[str, str, str], BookPages] = {}
        for key, bi in self.index.books.items():
            game = self.index.catalog.game(bi.info.game)
            latest = game.document(bi.info.document).latest.version == bi.info.version
            self.books[key] = prepare_book(bi, game.short, self.citations.get(key), latest=latest)
        self.env.globals["nav_games"] = [Link(g.short, GamePaths(g.id).home, g.name_ja) for g in self.index.games()]
        from judgekit.site.diffs import DocumentVersions

        self.versions: dict[tuple[str, str], DocumentVersions] = {
            (game.id, doc.id): DocumentVersions.of(doc, self.books)
            for game in self.index.games()
            for doc in game.documents
        }
        self.pages = 0
        self.warnings: list[str] = []
        """What the build could not use as it is, one message each (see :attr:`BuildReport.warnings`)."""
        self.plan: BuildPlan | None = None
        """Keys and the previous build, for an incremental build (None: render every page)."""
        self._summaries: list[dict[str, Any]] = []
        self._languages: dict[tuple[str, str, str], str] = {}

    # -- writing -------------------------------------------------------------------------

    def write(self, writer: SiteWriter) -> None:
        """Write every file of the site with ``writer``, each part rendered or taken from the previous build.

        The parts to render are rendered on the plan's ``jobs`` processes (:mod:`judgekit.site.parallel`); what
        each wrote is counted in the parts' order, as one process rendering them in turn would.
        """
        plan = self.plan
        base = plan.base if plan is not None else ""
        self._summaries = self._game_summaries()
        parts: list[tuple[Part, Callable[[], None], float]] = [
            (Part("static", base), lambda: self._copy_static(writer), 1.0),
            (
                Part("everything", plan.whole if plan else ""),
                lambda: self._write_everything(writer),
                sum(len(book.bi.rules) for book in self.books.values()) / 10,
            ),
        ]
        for game in self.index.games():
            key = digest(base, plan.scenarios.get(game.id, "")) if plan else ""
            parts.append((Part(f"game:{game.id}", key), functools.partial(self._write_game, writer, game), 0.0))
        for book_key, book in self.books.items():
            key = digest(base, repr(self.citations.get(book_key))) if plan else ""
            write = functools.partial(self._write_book, writer, book)
            parts.append((Part(f"book:{'/'.join(book_key)}", key), write, len(book.bi.rules)))
        to_render = [i for i, (part, _write, _cost) in enumerate(parts) if not self._take(writer, part)]

        def render(piece: int) -> tuple[list[str], int, list[str]]:
            return self._render_part(writer, parts[to_render[piece]][1])

        def done(piece: int, _made: tuple[list[str], int, list[str]]) -> None:
            if plan is not None and plan.progress is not None:
                plan.progress(progress_label(parts[to_render[piece]][0].name))

        for template in self.env.list_templates():  # loaded once here, not again in each worker
            self.env.get_template(template)
        costs = [parts[i][2] or self._game_cost(parts[i][0].name) for i in to_render]
        rendered = run_pieces(render, costs, plan.jobs if plan is not None else 1, done=done)
        for i, (files, pages, warnings) in zip(to_render, rendered, strict=True):
            writer.files.extend(files)
            self.pages += pages
            self.warnings.extend(warnings)
            if plan is not None:
                part = parts[i][0]
                entry = {"key": part.key, "files": files, "pages": pages, "warnings": warnings}
                plan.recorded.parts[part.name] = entry
        if plan is not None:
            recorded = {name: plan.recorded.parts[name] for name in (part.name for part, _w, _c in parts)}
            plan.recorded.parts = recorded  # in the parts' order, as a build rendering them in turn records them
            plan.recorded.stats = {f: _stat(writer.root / f) for entry in recorded.values() for f in entry["files"]}

    def _game_cost(self, part: str) -> float:
        """How long a game's part may take to render, in the units of a book's rules: its scenarios' steps."""
        game = part.removeprefix("game:")
        steps = sum(len(s.trace.steps) if s.trace else 0 for s in self.data.scenarios if s.game == game)
        return 1.0 + steps / 4

    def _write_everything(self, writer: SiteWriter) -> None:
        """The pages over every game: home, search and its index, and the rule id → page map."""
        self.render_page(writer, layout.HOME, "home.html", title="judgekit", games=self._summaries)
        self.render_page(writer, layout.SEARCH, "search.html", title=ui("Search"))
        from judgekit.site.search_index import search_index_script

        writer.write_text(layout.SEARCH_INDEX, search_index_script(self.books, self.data.scenarios))
        ids = {
            "/".join(key): {rid: book.paths.rule_page(rid) for rid in book.bi.rules} for key, book in self.books.items()
        }
        writer.write_text(layout.IDS, json.dumps(ids, ensure_ascii=False, indent=1) + "\n")

    def _take(self, writer: SiteWriter, part: Part) -> bool:
        """Take ``part``'s files from the previous build when its key is unchanged; whether it was taken."""
        plan = self.plan
        if plan is None:
            return False
        entry = plan.previous.parts.get(part.name)
        if entry is None or not plan.previous.reusable(part, plan.out):
            return False
        if plan.progress is not None:
            plan.progress(progress_label(part.name))
        for name in entry["files"]:
            writer.take(plan.out / name, name)
        self.pages += int(entry.get("pages", 0))
        self.warnings.extend(entry.get("warnings", []))
        plan.reused += len(entry["files"])
        plan.recorded.parts[part.name] = entry
        return True

    def _render_part(self, writer: SiteWriter, write: Callable[[], None]) -> tuple[list[str], int, list[str]]:
        """Render a part with ``write``: the files it wrote, the pages among them and its warnings, handed back
        (not kept here), so that they are counted in the parts' order wherever the part was rendered."""
        files, pages, warnings = len(writer.files), self.pages, len(self.warnings)
        write()
        made = (list(dict.fromkeys(writer.files[files:])), self.pages - pages, self.warnings[warnings:])
        del writer.files[files:], self.warnings[warnings:]  # a page written twice is one file
        self.pages = pages
        return made

    def render_page(self, writer: SiteWriter, path: str, template: str, **context: Any) -> None:
        """Render ``template`` with ``context`` into the page at ``path`` (from the site root)."""
        context.setdefault("previews", {})
        context.setdefault("crumbs", [])
        context.setdefault("scripts", [])
        context.setdefault("ui_lang", self._page_language(context))
        html = self.env.get_template(template).render(page=path, **context)
        writer.write_text(path, html)
        self.pages += 1

    def _page_language(self, context: dict[str, Any]) -> str:
        """The language a page shows first: its rulebook's (English for an English book), else Japanese."""
        book = context.get("book")
        if isinstance(book, BookPages):
            return self._language(book)
        game = context.get("game")
        if game is not None:
            books = self._game_books(game, latest_only=True)
            if books and all(self._language(b) == "en" for b in books):
                return "en"
        return "ja"

    def _language(self, book: BookPages) -> str:
        info = book.bi.info
        key = (info.game, info.document, info.version)
        if key not in self._languages:
            self._languages[key] = book_language(book.bi)
        return self._languages[key]

    def _copy_static(self, writer: SiteWriter) -> None:
        from judgekit.render.diff_html import DIFF_CSS

        static = self.sources / "static"
        for path in sorted(static.rglob("*")):
            if path.is_file():
                writer.write_bytes(f"{layout.STATIC}/{path.relative_to(static).as_posix()}", path.read_bytes())
        # The diff pages' stylesheet is the one diff renderer's own (``judgekit diff -f html`` embeds it).
        writer.write_text(layout.DIFF_CSS, DIFF_CSS)

    def books_of(self, game: str, document: str) -> BookPages | None:
        """The newest version of a game's document, if the game has it."""
        try:
            info = self.index.catalog.game(game).document(document).latest
        except JudgekitError:
            return None
        return self.books.get((info.game, info.document, info.version))

    # -- games ---------------------------------------------------------------------------

    def _game_summaries(self) -> list[dict[str, Any]]:
        out = []
        for game in self.index.games():
            docs = []
            for doc in game.documents:
                for info in doc.versions:
                    book = self.books[(info.game, info.document, info.version)]
                    docs.append(
                        {
                            "title": doc.title,
                            "version": info.version,
                            "date": info.date,
                            "effective": info.effective,
                            "latest": info is doc.latest,
                            "default": doc.is_default,
                            "rules": len(book.bi.book.rules),
                            "path": book.paths.toc,
                            "note": info.note,
                        }
                    )
            paths = GamePaths(game.id)
            out.append(
                {
                    "game": game,
                    "path": paths.home,
                    "documents": docs,
                    "links": self._game_links(game),
                    "scenarios": sum(1 for s in self.data.scenarios if s.game == game.id),
                    "scenarios_path": paths.scenarios,
                }
            )
        return out

    def _game_links(self, game: Game) -> list[Link]:
        paths = GamePaths(game.id)
        links = [Link(ui("Glossary"), paths.glossary)]
        if self._has_history(game):
            links.append(Link(ui("Version history"), paths.history))
        links.append(Link(ui("Scenarios"), paths.scenarios))
        links.append(Link(ui("Coverage"), paths.coverage))
        return links

    def _has_history(self, game: Game) -> bool:
        return any(b.bi.book.changelog for b in self._game_books(game)) or any(
            len(doc.versions) > 1 for doc in game.documents
        )

    def _game_books(self, game: Game, *, latest_only: bool = False) -> list[BookPages]:
        out = []
        for doc in game.documents:
            versions = (doc.latest,) if latest_only else doc.versions
            for info in versions:
                out.append(self.books[(info.game, info.document, info.version)])
        return out

    def _write_game(self, writer: SiteWriter, game: Game) -> None:
        paths = GamePaths(game.id)
        crumbs = [Link(f"{game.short} {game.name_ja}", paths.home)]
        summary_ = next(s for s in self._summaries if s["game"] is game)
        self.render_page(
            writer,
            paths.home,
            "game.html",
            title=f"{game.short} {game.name_ja}",
            game=game,
            summary=summary_,
            crumbs=crumbs[:0],
        )
        self.render_page(
            writer,
            paths.glossary,
            "glossary.html",
            title=ui("{short} glossary", short=game.short),
            game=game,
            crumbs=crumbs,
            glossaries=self._glossaries(game),
        )
        if self._has_history(game):
            from judgekit.site.diffs import diff_view

            diffs = []
            history = Link(ui("Version history"), paths.history)
            for doc in game.documents:
                held = self.versions[(game.id, doc.id)]
                for diff in held.pages():
                    diffs.append(diff)
                    self.render_page(
                        writer,
                        diff.path,
                        "diff.html",
                        title=f"{game.short} {diff.label}",
                        game=game,
                        crumbs=[*crumbs, history],
                        page_diff=diff,
                        **diff_view(diff, held.diff_of(diff), self.data.scenarios),
                    )
            self.render_page(
                writer,
                paths.history,
                "history.html",
                title=ui("{short} version history", short=game.short),
                game=game,
                crumbs=crumbs,
                documents=[
                    (doc, [self.books[(i.game, i.document, i.version)] for i in doc.versions]) for doc in game.documents
                ],
                diffs=diffs,
                books=[b for b in self._game_books(game) if b.bi.book.changelog],
            )
        from judgekit.site.coverage import coverage_view
        from judgekit.site.scenarios import write_scenario_pages

        scenarios = [s for s in self.data.scenarios if s.game == game.id]
        write_scenario_pages(self, writer, game, scenarios, crumbs)
        coverage = coverage_view(self, game, scenarios)
        self.render_page(
            writer,
            paths.coverage,
            "coverage.html",
            title=ui("{short} coverage", short=game.short),
            game=game,
            crumbs=crumbs,
            coverage=coverage,
            previews=coverage["previews"],
        )

    def _glossaries(self, game: Game) -> list[dict[str, Any]]:
        return [self._glossary(book) for book in self._game_books(game, latest_only=True)]

    def _glossary(self, book: BookPages) -> dict[str, Any]:
        """The glossary entries of one book: each term, its defining rule, the rules using it."""
        bi = book.bi
        used_in: dict[str, list[str]] = {}
        for use in bi.uses:
            ids = used_in.setdefault(use.key, [])
            if use.rule_id not in ids:
                ids.append(use.rule_id)
        entries = []
        for term in sorted(bi.terms, key=lambda t: (t.key, t.name)):
            if term.rule_id not in bi.rules:
                continue
            entries.append(
                {
                    "anchor": glossary_anchor(bi.info.document, term.key),
                    "name": term.name,
                    "aliases": term.aliases,
                    "defined": book.rule_link(term.rule_id),
                    "used": [book.rule_link(r) for r in used_in.get(term.key, []) if r in bi.rules],
                }
            )
        return {"book": book, "entries": entries}

    # -- books ---------------------------------------------------------------------------

    def _book_crumbs(self, book: BookPages) -> list[Link]:
        game = self.index.catalog.game(book.bi.info.game)
        return [
            Link(f"{game.short} {game.name_ja}", GamePaths(game.id).home),
            Link(f"{book.bi.info.title} {book.bi.info.version}", book.paths.toc),
        ]

    def _write_book(self, writer: SiteWriter, book: BookPages) -> None:
        crumbs = self._book_crumbs(book)
        sections = book.sections
        for i, section in enumerate(sections):
            path = book.section_path(section)
            prev_link = Link(book.section_title(sections[i - 1]), book.section_path(sections[i - 1])) if i else None
            next_link = (
                Link(book.section_title(sections[i + 1]), book.section_path(sections[i + 1]))
                if i + 1 < len(sections)
                else None
            )
            rules = self._section_rules(book, section, path)
            keys: set[str] = set()
            for item in rules:
                keys |= item["view"].previews
            context: dict[str, Any] = {
                "book": book,
                "section": section,
                "rules": rules,
                "subsections": [book.rule_link(s) for s in section.subsections],
                "prev": prev_link,
                "next": next_link,
                "previews": book.previews_for(keys),
                "scripts": [],
            }
            if section.root is None:
                self.render_page(
                    writer,
                    path,
                    "toc.html",
                    title=f"{book.bi.info.title} {book.bi.info.version}",
                    crumbs=crumbs[:1],
                    toc=self._toc(book),
                    lint_count=_warning_count(book.bi),
                    **context,
                )
            else:
                root = book.bi.rules[section.root]
                self.render_page(
                    writer,
                    path,
                    "section.html",
                    title=f"{book.short} {rule_label(root)}",
                    crumbs=crumbs + book.crumbs(section.root),
                    **context,
                )
        self._write_whole(writer, book, crumbs)
        self._write_redirects(writer, book)
        ordered = book.bi.book.rules
        for i, rule in enumerate(ordered):
            self._write_rule(
                writer,
                book,
                rule.id,
                ordered[i - 1].id if i else None,
                ordered[i + 1].id if i + 1 < len(ordered) else None,
                crumbs,
            )
        if book.glossary != GamePaths(book.bi.info.game).glossary:
            game = self.index.catalog.game(book.bi.info.game)
            self.render_page(
                writer,
                book.glossary,
                "glossary.html",
                title=ui("{short} glossary {version}", short=game.short, version=book.bi.info.version),
                game=game,
                crumbs=crumbs,
                glossaries=[self._glossary(book)],
            )
        self.render_page(
            writer,
            book.paths.lint,
            "lint.html",
            title=ui("{short} {title} lint", short=book.short, title=book.bi.info.title),
            crumbs=crumbs,
            book=book,
            lint=self._lint(book),
        )

    def _write_redirects(self, writer: SiteWriter, book: BookPages) -> None:
        """The hashed addresses rule and section pages had before readable names, each sending the
        reader on to the page that is there now."""
        paths = book.paths
        lang = self._language(book)
        sections = {section.root: section.rules for section in book.sections if section.root is not None}
        for rule_id, old in paths.old_names.items():
            for kind, target in (("r", paths.rule_page(rule_id)), ("s", paths.section_page(rule_id))):
                if kind == "s" and rule_id not in sections:
                    continue
                shown = sections[rule_id] if kind == "s" else (rule_id,)
                anchors = {paths.old_names[r]: paths.anchor(r) for r in shown if r in paths.old_names}
                page = f"{paths.base}/{kind}/{old}.html"
                writer.write_text(page, layout.redirect_page(relative(page, target), lang, anchors))
                self.pages += 1

    def _write_whole(self, writer: SiteWriter, book: BookPages, crumbs: list[Link]) -> None:
        """The whole document on one page: every rule in document order, each at its own anchor."""
        by_id = book.bi.rules
        levels: dict[str, int] = {}
        items: list[dict[str, Any]] = []
        for rule in book.bi.book.rules:
            level = 0
            if rule.title:
                parent_level, parent = 1, rule.parent
                while parent is not None and not levels.get(parent):
                    parent = by_id[parent].parent
                if parent is not None:
                    parent_level = levels[parent]
                level = min(6, parent_level + 1)
            levels[rule.id] = level
            items.append({"view": book.view_whole(rule.id), "level": level, "indent": rule.depth, "changes": ()})
        keys: set[str] = set()
        for item in items:
            keys |= item["view"].previews
        self.render_page(
            writer,
            book.paths.whole,
            "whole.html",
            title=ui("{title} {version}: the whole document", title=book.bi.info.title, version=book.bi.info.version),
            crumbs=crumbs,
            book=book,
            rules=items,
            previews=book.previews_for(keys),
        )

    def _section_rules(self, book: BookPages, section: Section, page: str) -> list[dict[str, Any]]:
        """The rules of a section page with their heading level (0: none) and indentation."""
        rules = book.bi.rules
        base_depth = rules[section.root].depth if section.root is not None else 0
        levels: dict[str, int] = {}
        out = []
        for rule_id in section.rules:
            rule = rules[rule_id]
            if rule_id == section.root:
                level = 1
            elif rule.title:
                parent_level = 1
                parent = rule.parent
                while parent is not None and parent in levels:
                    if levels[parent]:
                        parent_level = levels[parent]
                        break
                    parent = rules[parent].parent
                level = min(6, parent_level + 1)
            else:
                level = 0
            levels[rule_id] = level
            history = self._history(book, rule_id)
            out.append(
                {
                    "view": book.view_at(rule_id, page),
                    "level": level,
                    "indent": max(0, rule.depth - base_depth),
                    "changes": history.changes if history else (),
                }
            )
        return out

    def _history(self, book: BookPages, rule_id: str) -> RuleHistory | None:
        """The rule's history through the versions held (None when one version is held)."""
        info = book.bi.info
        return self.versions[(info.game, info.document)].rule(info.version, rule_id)

    def _toc(self, book: BookPages) -> list[TocEntry]:
        bi = book.bi

        def entries(parent: str | None) -> tuple[TocEntry, ...]:
            out = []
            for child in bi.children.get(parent, []):
                rule = bi.rules[child]
                if not rule.title or rule.depth > TOC_MAX_DEPTH:
                    continue
                out.append(TocEntry(rule_label(rule), book.views[child].home, entries(child)))
            return tuple(out)

        return list(entries(None))

    def _write_rule(
        self,
        writer: SiteWriter,
        book: BookPages,
        rule_id: str,
        prev_id: str | None,
        next_id: str | None,
        crumbs: list[Link],
    ) -> None:
        view = book.views[rule_id]
        refers_to = [book.rule_link(target) for target in book.refers_to.get(rule_id, [])]
        used = book.terms_used.get(rule_id, [])
        children = book.children(rule_id)
        keys = set(view.previews) | {link.preview for link in (*refers_to, *used, *children, *book.crumbs(rule_id))}
        self.render_page(
            writer,
            view.page,
            "rule.html",
            title=view.label,
            book=book,
            view=view,
            crumbs=crumbs + book.crumbs(rule_id),
            children=children,
            refers_to=refers_to,
            used=used,
            prev=book.rule_link(prev_id, own_page=True) if prev_id else None,
            next=book.rule_link(next_id, own_page=True) if next_id else None,
            previews=book.previews_for(keys),
            history=self._history(book, rule_id),
            whole=book.paths.whole,
        )

    def _lint(self, book: BookPages) -> dict[str, Any]:
        bi = book.bi
        groups: dict[str, list[dict[str, Any]]] = {}
        repairs = []
        for issue in bi.lint:
            item = {
                "issue": issue,
                "rule": book.rule_link(issue.rule_id) if issue.rule_id and issue.rule_id in bi.rules else None,
                "location": str(issue.span) if issue.span else "",
            }
            if issue.severity is Severity.INFO:
                repairs.append(item)
            else:
                groups.setdefault(issue.kind.value, []).append(item)
        return {"groups": sorted(groups.items()), "repairs": repairs}


def _compiled_templates(folder: Path | None) -> jinja2.BytecodeCache | None:
    """jinja2's cache of compiled templates in ``folder`` (named by the code's digest: the environment's options
    are code), as Python keeps its modules' bytecode; None when there is no folder or it cannot be made."""
    if folder is None:
        return None
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    if not os.access(folder, os.W_OK | os.X_OK):
        return None  # jinja2 would fail writing a template it compiled
    return jinja2.FileSystemBytecodeCache(str(folder))


def _stat(path: Path) -> list[int]:
    """A written file's size and modification time (ns), as an incremental build records them."""
    st = path.stat()
    return [st.st_size, st.st_mtime_ns]


def _warning_count(bi: BookIndex) -> int:
    return sum(1 for issue in bi.lint if issue.severity is not Severity.INFO)


def _citations(scenarios: Sequence[ScenarioPage]) -> dict[tuple[str, str, str], dict[str, list[Citation]]]:
    """(game, document, version) → rule id → the scenario steps citing it."""
    out: dict[tuple[str, str, str], dict[str, list[Citation]]] = {}
    seen: set[tuple[tuple[str, str, str], str, str, int]] = set()
    for scenario in scenarios:
        for key, rule_id, citation in scenario.citations():
            step = (key, rule_id, str(citation.scenario), citation.step)
            if step not in seen:
                seen.add(step)
                out.setdefault(key, {}).setdefault(rule_id, []).append(citation)
    return out


@jinja2.pass_context
def _url(context: jinja2.runtime.Context, path: str) -> str:
    """The relative URL from the page being rendered to ``path`` (from the site root)."""
    return relative(str(context["page"]), path)


def json_script(data: object) -> Markup:
    """``data`` as JSON safe to put inside ``<script type="application/json">``."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    text = text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return Markup(text)


__all__ = ["DEFAULT_OUT", "BuildReport", "RuleView", "Site", "TocEntry", "build_site", "summary"]
