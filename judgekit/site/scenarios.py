"""Scenario pages: the question in dispute, the board at every step, the ruling, the trace.

Each scenario is loaded and run through its game's engine (``judgekit.scenario``); the page
shows the trace as steps, each with its cited rules linked into the pinned rulebook (their
text on hover), and the board as HTML drawn once per distinct snapshot, so stepping forward
and back (buttons or arrow keys) only swaps which drawing is shown. Scenario prose is
Markdown rendered with raw HTML and images disabled; everything else is escaped.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markdown_it import MarkdownIt
from markupsafe import Markup, escape

from judgekit.i18n import N_
from judgekit.render.html import ja_runs
from judgekit.render.sentences import both
from judgekit.site.books import Citation, Link
from judgekit.site.i18n import UiText, ui
from judgekit.site.layout import GamePaths, relative

if TYPE_CHECKING:
    from judgekit.engine.trace import BoardView, CardView, Trace, TraceStep
    from judgekit.run_cache import RunCache
    from judgekit.scenario import LocalText
    from judgekit.site.board import Fact
    from judgekit.site.build import Site
    from judgekit.site.diffs import StaleNotice
    from judgekit.site.output import SiteWriter
    from rules_index.catalog import Game

BookKey = tuple[str, str, str]


@dataclass(frozen=True, slots=True)
class PrintedPart:
    """One part of a card's printed text as the page shows it."""

    label: str
    """``skills[0]``, ``ex[1]``, ``effects``."""
    text: str
    """The part's printed text."""
    source: str
    """``text`` when the engine runs what it read, ``scenario`` when it runs the structure the file gives."""
    reading: str
    """What was read, as the scenario file would write it (TOML); empty when unread."""
    sentences: tuple[UiText, ...]
    """What was read, in plain words, in Japanese and English (``.ja``, ``.en``)."""
    unread: str
    """Why the part was not read, in Japanese and English (a :class:`UiText`; empty when read)."""
    differs: str
    """How the reading differs from the structure given (empty when the same)."""


@dataclass(frozen=True, slots=True)
class PrintedCard:
    """A card of a scenario given with printed text."""

    key: str
    """The card's key in the file."""
    name: str
    """Its printed name."""
    text: str
    """Its printed text."""
    parts: tuple[PrintedPart, ...]
    """What became of each part."""


def printed_cards(scenario: Any) -> tuple[PrintedCard, ...]:
    """The cards of a loaded scenario that the engine read from their printed text."""
    from judgekit.cards.errors import in_each
    from judgekit.cards.render import game_sentences, toml_value

    game = getattr(scenario, "game", "")
    fftcg = game == "fftcg"

    def say(whole: dict[str, Any]) -> tuple[UiText, ...]:
        ja, en = game_sentences(game, whole, "ja"), game_sentences(game, whole, "en")
        return tuple(UiText(j, e) for j, e in zip(ja, en, strict=True))

    out = []
    for key, parts in scenario.cards_read.items():
        card = scenario.model.cards.get(key)
        shown = []
        for p in parts:
            label = p.section if p.section == "effects" else f"{p.section}[{p.index}]"
            reading = toml_value(p.reading) if p.reading is not None else ""
            whole = {p.section: p.reading if p.section == "effects" else [p.reading]} if p.reading is not None else {}
            if fftcg and p.reading is not None and p.section in ("card", "keywords"):
                whole = p.reading  # a summon's or character's own keys, or its keywords, as read
            if game in ("code-of-joker", "dice-castle") and p.reading is not None and p.section == "card":
                whole = p.reading  # the keys the card's own text gives
            if game == "dice-castle" and p.reading is not None and p.section != "card":
                whole = p.reading if p.section == "abilities" else {p.section: p.reading}
            try:
                sentences = say(whole) if whole else ()
            except (KeyError, TypeError, ValueError):
                sentences = ()
            unread = UiText(in_each(p.unread, "ja"), in_each(p.unread, "en")) if p.unread else ""
            shown.append(PrintedPart(label, p.text, p.source, reading, sentences, unread, p.differs))
        name = str(getattr(card, "name", key)) if card is not None else key
        text = str(getattr(card, "text", "")) if card is not None else ""
        out.append(PrintedCard(key, name, text, tuple(shown)))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class ScenarioPage:
    """One scenario as the site shows it: what it asks and the trace of its run."""

    game: str
    """Game id."""
    name: str
    """The scenario's name (its file stem), unique within the game."""
    title: str
    """Its title."""
    question: str
    """The question in dispute (Markdown)."""
    ruling: str
    """The ruling (Markdown)."""
    tags: tuple[str, ...]
    """Its tags."""
    document: str
    """Document id of the pinned rulebook."""
    version: str
    """Version of the pinned rulebook."""
    trace: Trace | None
    """The run's trace; None when the run could not start."""
    error: str = ""
    """Why there is no trace (the engine's message), when there is none."""
    source: str = ""
    """The scenario file, relative to the repository."""
    notes: str = ""
    """Anything else worth saying (Markdown)."""
    differs: tuple[Difference, ...] = ()
    """Where another document says otherwise, and how the ruling differs."""
    file: Path | None = None
    """The scenario file itself (for comparing its citations with newer editions)."""
    prose: Mapping[str, Bilingual] = field(default_factory=dict)
    """Its title, question, ruling and notes for each reader (the fields above are the file's top level)."""
    cards: tuple[PrintedCard, ...] = ()
    """Its cards given with printed text, and what the engine read from each."""

    def text(self, key: str) -> Bilingual:
        """The prose ``key`` (``title``, ``question``, ``ruling``, ``notes``) for each reader."""
        found = self.prose.get(key)
        return found if found is not None else Bilingual.one(str(getattr(self, key)))

    @property
    def path(self) -> str:
        """The scenario's page, from the site root."""
        return GamePaths(self.game).scenario(self.name)

    def citations(self) -> Iterator[tuple[BookKey, str, Citation]]:
        """Every (book, rule id, citing step) of the trace, in step order."""
        if self.trace is None:
            return
        title = ScenarioTitle(self.text("title"))  # the rule pages name the scenario in the reader's language
        path = self.path  # made once, not for every rule a step cites
        for step in self.trace.steps:
            for ref in step.rules:
                yield (
                    (ref.game, ref.document, ref.version),
                    ref.id,
                    Citation(title, step.index, f"{path}#step-{step.index}"),
                )
        final = len(self.trace.steps)
        for ref in self.trace.outcome.rules:
            yield (ref.game, ref.document, ref.version), ref.id, Citation(title, final, f"{path}#outcome")


@dataclass(frozen=True, slots=True)
class Bilingual:
    """A piece of a scenario's prose for each reader: what a Japanese reader sees, what an English reader sees.

    Each is in the reader's language when the file gives it, else in the other (its ``language`` says which,
    so the page can mark English inside a Japanese page, and Japanese inside an English one)."""

    ja: LocalText
    """For the Japanese reader."""
    en: LocalText
    """For the English reader."""

    @classmethod
    def one(cls, text: str, language: str = "en") -> Bilingual:
        """The same text for both readers, written in ``language`` (English, as a file without
        ``language`` is)."""
        from judgekit.scenario import LocalText

        local = LocalText(text, "ja" if language == "ja" else "en")
        return cls(local, local)

    def get(self, language: str) -> LocalText:
        """What a reader of ``language`` sees."""
        return self.ja if language == "ja" else self.en


def bilingual_html(text: Bilingual, draw: Callable[[str, str], Markup], element: str = "span") -> Markup:
    """``text`` drawn for both readers, each in an ``element`` marked with its text's language: the
    stylesheet shows the reader's one (``l-ja``/``l-en``, as the interface strings); one element when
    both readers see the same text. ``draw(text, language)`` renders a text written in ``language``."""
    if text.ja == text.en:
        ja = text.ja
        return Markup('<{0} lang="{1}">{2}</{0}>').format(Markup(element), ja.language, draw(ja.text, ja.language))
    return Markup('<{0} class="l-ja" lang="{1}">{2}</{0}><{0} class="l-en" lang="{3}">{4}</{0}>').format(
        Markup(element),
        text.ja.language,
        draw(text.ja.text, text.ja.language),
        text.en.language,
        draw(text.en.text, text.en.language),
    )


class ScenarioTitle(UiText):
    """A scenario's title for both readers: drawn as :func:`bilingual_html`, and ``.ja``/``.en`` for the
    page's ``<title>`` (an interface string's shape, so the site's filters pass it through)."""

    def __new__(cls, title: Bilingual | str) -> ScenarioTitle:
        if isinstance(title, str):  # markup made from one by Markup's own methods (``lower()`` in a groupby)
            obj = Markup.__new__(cls, title)
            obj.ja = obj.en = str(title)
            return obj
        obj = Markup.__new__(cls, bilingual_html(title, _title_runs))
        obj.ja = title.ja.text
        obj.en = title.en.text
        return obj


def _title_runs(text: str, language: str) -> Markup:
    """A title written in ``language``: a Japanese one needs no marks inside its ``lang="ja"`` element,
    an English one has its Japanese runs (card names) marked."""
    return escape(text) if language == "ja" else ja_runs(text)


@dataclass(frozen=True, slots=True)
class Difference:
    """Where another document (the beginner sheet) says otherwise than the ruling's rules."""

    says: Bilingual
    """What the other document says (Markdown), for each reader."""
    rules: tuple[str, ...]
    """Ids of the rules that govern instead (in the scenario's pinned book)."""
    difference: Bilingual
    """How the ruling differs (Markdown), for each reader."""
    document: str
    """The other document's id."""


def load_scenario_pages(root: Path | None = None, runs: RunCache | None = None) -> list[ScenarioPage]:
    """Every scenario file under ``scenarios/`` (or ``root``), loaded and run, by game and name.

    A file that does not load is bad input: the problems of every such file are collected and
    raised as one :class:`~rules_index.errors.JudgekitError`. A run that stops (a decision
    missing, the rules silent) still has its trace; a run that cannot start is shown with the
    engine's message instead of a trace. ``runs``: where runs are kept between builds, one per
    scenario file (see :mod:`judgekit.run_cache`; ``judgekit check`` keeps its own there too): a
    file is run only when it, its game's engine code, its rulebooks or its card readers changed.
    """
    from judgekit.run_cache import RunCache, run_file
    from judgekit.scenario import PROSE_FIELDS, SCENARIOS_DIR, iter_scenario_files
    from rules_index.errors import JudgekitError

    base = root or SCENARIOS_DIR
    if not base.is_dir():
        return []
    pages: list[ScenarioPage] = []
    problems: list[str] = []
    repo = SCENARIOS_DIR.parent
    kept = runs if runs is not None else RunCache(None)
    for path in iter_scenario_files([base]):
        try:
            ran = run_file(path, kept)
        except JudgekitError as exc:
            problems.append(str(exc))
            continue
        scenario, trace, error = ran.scenario, ran.trace, ran.error
        model = scenario.model
        game_dir = base / scenario.game if (base / scenario.game).is_dir() else path.parent
        name = path.relative_to(game_dir).with_suffix("").as_posix() if path.is_relative_to(game_dir) else scenario.name
        pages.append(
            ScenarioPage(
                game=scenario.game,
                name=name,
                title=str(model.title),
                question=str(model.question),
                ruling=str(model.ruling),
                tags=tuple(str(t) for t in getattr(model, "tags", ())),
                document=str(getattr(model, "document", "") or (trace.document if trace else "")),
                version=str(getattr(model, "rulebook", "") or (trace.version if trace else "")),
                trace=trace,
                error=error,
                source=path.resolve().relative_to(repo).as_posix()
                if path.resolve().is_relative_to(repo)
                else path.name,
                notes=str(getattr(model, "notes", "")),
                differs=tuple(
                    Difference(
                        Bilingual(scenario.difference_text(i, "says", "ja"), scenario.difference_text(i, "says", "en")),
                        tuple(d.rules),
                        Bilingual(
                            scenario.difference_text(i, "difference", "ja"),
                            scenario.difference_text(i, "difference", "en"),
                        ),
                        str(d.document),
                    )
                    for i, d in enumerate(getattr(model, "differs", ()))
                ),
                file=path,
                prose={key: Bilingual(scenario.text(key, "ja"), scenario.text(key, "en")) for key in PROSE_FIELDS},
                cards=printed_cards(scenario),
            )
        )
    if problems:
        raise JudgekitError("scenario files that do not load:\n" + "\n".join(problems))
    pages.sort(key=lambda p: (p.game, p.name))
    return pages


RuleLinker = Callable[[str], "Link | None"]
"""Rule id → a link to it (path from the site root, preview key), or None when there is no such rule."""

_PROSE_RULE_ID = re.compile(r"(?<![0-9A-Za-z.\-])\d+(?:\.\d+)+[a-z]?(?:-\d+)?(?![0-9A-Za-z\-]|\.\d)")
"""A dotted rule id written in prose (``704.6c-1``, ``1003.2``); bare numbers are quantities."""


def markdown(text: str, *, page: str = "", linker: RuleLinker | None = None, language: str = "") -> Markup:
    """Scenario prose as HTML: CommonMark with raw HTML shown as text and no images (nothing is
    fetched); Japanese runs marked ``lang="ja"`` (not in a text written in Japanese, ``language="ja"``,
    which its element marks whole); dotted rule ids linked when ``linker`` knows them."""
    runs: Callable[[str], Markup] = escape if language == "ja" else ja_runs
    return Markup(_markdown_it().render(text, {"page": page, "linker": linker, "runs": runs}))


@functools.cache
def _markdown_it() -> MarkdownIt:
    """The one Markdown parser of the build (made once: making one costs more than rendering a text with it);
    what a text's rendering needs (its page, linker and way of marking runs) comes in the render's ``env``."""
    md = MarkdownIt("commonmark", {"html": False}).disable("image")
    md.add_render_rule("text", _render_text)
    md.add_render_rule("code_inline", _render_code_inline)
    md.add_render_rule("code_block", _render_code_block)
    md.add_render_rule("fence", _render_code_block)
    return md


def _render_text(renderer: Any, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
    linker = None if _inside_link(tokens, idx) else env["linker"]
    return str(_prose_text(tokens[idx].content, env["page"], linker, env["runs"]))


def _render_code_inline(renderer: Any, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
    return f"<code>{env['runs'](tokens[idx].content)}</code>"


def _render_code_block(renderer: Any, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
    return f"<pre><code>{env['runs'](tokens[idx].content)}</code></pre>\n"


def _inside_link(tokens: Sequence[Any], idx: int) -> bool:
    depth = 0
    for token in tokens[:idx]:
        if token.type == "link_open":
            depth += 1
        elif token.type == "link_close":
            depth -= 1
    return depth > 0


def _prose_text(text: str, page: str, linker: RuleLinker | None, runs: Callable[[str], Markup] = ja_runs) -> Markup:
    if linker is None:
        return runs(text)
    out: list[str] = []
    pos = 0
    for match in _PROSE_RULE_ID.finditer(text):
        link = linker(match.group())
        if link is None or not link.path:
            continue
        out.append(str(runs(text[pos : match.start()])))
        out.append(
            str(
                Markup('<a href="{}" class="ref" data-preview="{}">{}</a>').format(
                    relative(page, link.path), link.preview, match.group()
                )
            )
        )
        pos = match.end()
    out.append(str(runs(text[pos:])))
    return Markup("".join(out))


# -- pages ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StepView:
    """One trace step as the page shows it."""

    index: int
    """Step number, from 1."""
    where: UiText
    """``ターン2 · バトルフェイズ · ダメージステップ`` / ``Turn 2 · battle phase · damage step``."""
    actor: UiText
    """Who acted (a player's id; the rules or chance named in Japanese)."""
    kind: str
    """The step kind (``action``, ``rule``…)."""
    kind_words: UiText
    """The step kind, named in both languages."""
    sentence: UiText
    """What happened, in both languages."""
    rules: tuple[Link, ...]
    """Cited rules, linked, with preview keys."""
    changes: tuple[UiText, ...]
    """The state changes, one line each, in both languages."""
    board: int
    """Index of the board drawing after this step."""
    changed: frozenset[str]
    """Instance ids of the cards this step changed (highlighted on the board)."""


def write_scenario_pages(
    site: Site, writer: SiteWriter, game: Game, scenarios: Sequence[ScenarioPage], crumbs: list[Link]
) -> None:
    """The game's scenario index and one page per scenario."""
    paths = GamePaths(game.id)
    tags = sorted({t for s in scenarios for t in s.tags})
    tag_pages = {t: paths.tag(t) for t in tags}
    summaries = {s.path: _summary(s) for s in scenarios}
    site.render_page(
        writer,
        paths.scenarios,
        "scenarios.html",
        title=ui("{short} scenarios", short=game.short),
        game=game,
        crumbs=crumbs,
        scenarios=[summaries[s.path] for s in scenarios],
        tags=tags,
        tag="",
        tag_pages=tag_pages,
        all_path=paths.scenarios,
    )
    index_link = Link(ui("Scenarios"), paths.scenarios)
    spelled: dict[str, list[str]] = {}  # tags written two ways ("deck refresh", "deck-refresh") share one page
    for tag in tags:
        spelled.setdefault(paths.tag(tag), []).append(tag)
    for path, names in spelled.items():
        tag = names[0]
        tagged = [s for s in scenarios if any(n in s.tags for n in names)]
        site.render_page(
            writer,
            path,
            "scenarios.html",
            title=ui("{short} scenarios: {tag}", short=game.short, tag=tag),
            game=game,
            crumbs=[*crumbs, index_link],
            scenarios=[summaries[s.path] for s in tagged],
            tags=[],
            tag=tag,
            tag_pages=tag_pages,
            all_path=paths.scenarios,
        )
    for scenario in scenarios:
        view = scenario_view(site, scenario)
        site.render_page(
            writer,
            scenario.path,
            "scenario.html",
            title=ScenarioTitle(scenario.text("title")),
            game=game,
            crumbs=[*crumbs, index_link],
            s=scenario,
            tag_pages=tag_pages,
            **view,
        )


def _summary(scenario: ScenarioPage) -> dict[str, Any]:
    return {
        "title": ScenarioTitle(scenario.text("title")),
        "path": scenario.path,
        "question": bilingual_html(scenario.text("question"), lambda text, lang: markdown(text, language=lang), "div"),
        "tags": scenario.tags,
        "steps": len(scenario.trace.steps) if scenario.trace else 0,
        "error": scenario.error,
    }


def scenario_view(site: Site, scenario: ScenarioPage) -> dict[str, Any]:
    """What the scenario page's template gets."""
    book = site.books.get((scenario.game, scenario.document, scenario.version))
    board_of: dict[BoardView, int] = {}  # each distinct board, numbered (a step's board, unchanged, is the same object)
    steps: list[StepView] = []
    previews: dict[str, dict[str, str]] = {}
    trace = scenario.trace
    if trace is not None:
        for step in trace.steps:
            number = board_of.setdefault(step.board, len(board_of))
            steps.append(_step_view(site, step, number, previews, scenario.game))
        outcome_rules = tuple(_rule_link(site, ref, previews) for ref in trace.outcome.rules)
    else:
        outcome_rules = ()
    snapshots = []
    if trace is not None:
        from judgekit.site.board import card_definitions

        cards = card_definitions(scenario.file)
        seen: set[int] = set()
        drawn: dict[tuple[CardView, str], CardDrawing] = {}  # a card as it lies is drawn once for every board
        for step, view in zip(trace.steps, steps, strict=True):
            if view.board not in seen:
                seen.add(view.board)
                snapshots.append(board_view(step.board, scenario.game, cards, drawn))

    def linker(rule_id: str) -> Link | None:
        if book is None or rule_id not in book.bi.rules:
            return None
        return _rule_link(site, _Ref(scenario.game, scenario.document, scenario.version, rule_id), previews)

    page = scenario.path

    def prose(text: str, language: str = "") -> Markup:
        return markdown(text, page=page, linker=linker, language=language)

    differs = []
    for d in scenario.differs:
        links = []
        for rule_id in d.rules:
            ref = _Ref(scenario.game, scenario.document, scenario.version, rule_id)
            links.append(_rule_link(site, ref, previews))
        other = site.books_of(scenario.game, d.document)
        differs.append(
            {
                "says": bilingual_html(d.says, prose, "div"),
                "difference": bilingual_html(d.difference, prose, "div"),
                "rules": links,
                "document": Link(f"{other.bi.info.title} {other.bi.info.version}", other.paths.toc) if other else None,
            }
        )
    notes = scenario.text("notes")
    return {
        "book": book,
        "title_html": ScenarioTitle(scenario.text("title")),
        "question_html": bilingual_html(scenario.text("question"), prose, "div"),
        "ruling_html": bilingual_html(scenario.text("ruling"), prose, "div"),
        "notes_html": bilingual_html(notes, prose, "div") if notes.ja.text or notes.en.text else None,
        "differs": differs,
        "steps": steps,
        "boards": snapshots,
        "outcome_rules": outcome_rules,
        "printed_cards": scenario.cards,
        "outcome_sentence": UiText(*both(trace.outcome.message, scenario.game)) if trace is not None else None,
        "previews": previews,
        "scripts": ["static/scenario.js"],
        "stale": _stale_notice(site, scenario),
    }


def _stale_notice(site: Site, scenario: ScenarioPage) -> StaleNotice | None:
    """The notice shown when a newer edition of the scenario's rulebook is held (None otherwise)."""
    held = site.versions.get((scenario.game, scenario.document))
    if held is None or scenario.file is None:
        return None
    return held.stale_notice(scenario.file, scenario.version, site.index.catalog.game(scenario.game).short)


def _step_view(
    site: Site, step: TraceStep, board: int, previews: dict[str, dict[str, str]], site_game: str
) -> StepView:
    from judgekit.render.changes import change_text
    from judgekit.render.text import actor_words

    return StepView(
        index=step.index,
        where=where_words(site_game, step.turn, step.phase, step.step),
        actor=UiText(actor_words(step.actor, "ja"), step.actor),
        kind=step.kind.value,
        sentence=UiText(*both(step.sentence, site_game)),
        rules=tuple(_rule_link(site, ref, previews) for ref in step.rules),
        changes=tuple(
            UiText(change_text(c, "ja", site_game, step.board), change_text(c, "en", site_game, step.board))
            for c in step.changes
        ),
        kind_words=ui(STEP_KINDS[step.kind.value]) if step.kind.value in STEP_KINDS else UiText(*[step.kind.value] * 2),
        board=board,
        changed=frozenset(change.subject for change in step.changes),
    )


STEP_KINDS: dict[str, str] = {
    "setup": N_("set-up"),
    "phase": N_("phase"),
    "action": N_("action"),
    "rejected": N_("rejected"),
    "decision": N_("decision"),
    "chance": N_("chance"),
    "trigger": N_("trigger"),
    "effect": N_("effect"),
    "rule": N_("rule"),
    "result": N_("result"),
    "stop": N_("stop"),
    "assumption": N_("assumption"),
}
"""A trace step's kind → its name on the page (message ids)."""


@functools.lru_cache(maxsize=4096)
def where_words(game: str, turn: int, phase: str, step: str) -> UiText:
    """Where the game is, in both languages: ``ターン5 · 第1メインフェイズ · ブロック指定ステップ`` (the phase
    and step as the game's catalog names them, see :func:`judgekit.render.sentences.part_name`)."""
    from judgekit.render.sentences import part_name

    turn_words = ui("Turn {turn}", turn=turn)
    words = {
        lang: " · ".join(part_name(game, k, v, lang) for k, v in (("phase", phase), ("step", step)) if v)
        for lang in ("ja", "en")
    }
    return UiText(f"{turn_words.ja} · {words['ja']}", f"{turn_words.en} · {words['en']}") if words["en"] else turn_words


def _rule_link(site: Site, ref: Any, previews: dict[str, dict[str, str]]) -> Link:
    """A cited rule as a link into its book, with its preview added to the page's table."""
    book = site.books.get((ref.game, ref.document, ref.version))
    short = site.index.catalog.game(ref.game).short
    if book is None or ref.id not in book.bi.rules:
        return Link(f"{short} {ref.id}", "", "not in the rules index")
    view = book.views[ref.id]
    key = f"{book.paths.base}#{view.anchor}"
    previews[key] = book.previews[view.anchor].to_json()
    return Link(view.label, view.home, "", key)


@dataclass(frozen=True, slots=True)
class _Ref:
    """A rule named by a scenario file (not by the engine), addressed like a citation."""

    game: str
    """Game id."""
    document: str
    """Document id."""
    version: str
    """Version."""
    id: str
    """Rule id."""


# -- the board --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardDrawing:
    """A card as the board draws it."""

    iid: str
    """Instance id."""
    name: str
    """Printed name (empty when face down)."""
    face_down: bool
    """Whether it lies face down."""
    numbers: tuple[tuple[str, int], ...]
    """Numbers to show (HP, BP, damage…)."""
    markers: tuple[tuple[str, int], ...]
    """Markers on it."""
    role: str
    """How it is attached, or empty."""
    health: tuple[int, int] | None
    """(remaining, printed) HP or BP when the card has both a printed value and damage."""
    attached: tuple[CardDrawing, ...]
    """Cards attached to it."""
    facts: tuple[Fact, ...] = ()
    """The facts of its game a ruling turns on (attribute, advantage, type, element, state…)."""
    labels: tuple[tuple[UiText, int, str], ...] = ()
    """Its numbers named in both languages: (name, value, key)."""
    counted: tuple[tuple[UiText, int], ...] = ()
    """Its markers named in both languages (states are facts instead)."""
    role_label: UiText | None = None
    """How it is attached, in both languages."""


@dataclass(frozen=True, slots=True)
class ZoneDrawing:
    """A zone as the board draws it."""

    name: str
    """Zone id."""
    label: str
    """Zone name for people."""
    public: bool
    """Whether its cards are shown."""
    count: int
    """How many cards it holds."""
    cards: tuple[CardDrawing, ...]
    """Its cards (empty for hidden zones)."""


@dataclass(frozen=True, slots=True)
class PlayerDrawing:
    """One player's side."""

    id: str
    """Player id."""
    name: str
    """Display name."""
    counters: tuple[tuple[UiText, int], ...]
    """Player-level counters, each named in both languages."""
    zones: tuple[ZoneDrawing, ...]
    """The player's zones."""
    is_turn_player: bool
    """Whether it is this player's turn."""


@dataclass(frozen=True, slots=True)
class BoardDrawing:
    """The board at one step."""

    caption: UiText
    """``Turn 3 · battle · damage`` in both languages (the phase and step as the engine names them)."""
    players: tuple[PlayerDrawing, ...]
    """The players, the second player first (drawn at the top, facing the first)."""
    shared: tuple[ZoneDrawing, ...]
    """Shared zones."""
    waiting: tuple[WaitingDrawing, ...] = ()
    """Abilities and effects waiting to be resolved, in order."""


@dataclass(frozen=True, slots=True)
class WaitingDrawing:
    """An ability or effect waiting to be resolved, as the board draws it."""

    kind: UiText
    """What it is, in both languages (IN ability, counter…)."""
    player: str
    """Who resolves it."""
    card: str
    """The card's printed name."""
    name: str
    """The ability's printed name, or empty."""


WAITING_KINDS = {
    "in": N_("IN ability"),
    "out": N_("OUT ability"),
    "counter": N_("counter"),
    "timing": N_("timing ability"),
    "cost": N_("cost ability"),
}
"""Kinds of waiting abilities → their names (message ids), as the rulebooks name them."""


_STRENGTH = ("hp", "bp", "power")
_DAMAGE = ("damage",)


def board_view(
    board: BoardView,
    game: str = "",
    cards: Mapping[str, Mapping[str, Any]] | None = None,
    drawn: dict[tuple[CardView, str], CardDrawing] | None = None,
) -> BoardDrawing:
    """A board snapshot as the template draws it; ``cards`` are the scenario's card definitions
    by key, whose printed facts each card of ``game`` shows (see :mod:`judgekit.site.board`).
    ``drawn`` keeps the cards already drawn for boards of the same game and definitions, by card and zone."""
    from judgekit.site.board import counter_label

    defs = cards or {}
    memo = {} if drawn is None else drawn
    players = tuple(
        PlayerDrawing(
            id=p.id,
            name=p.name,
            counters=tuple((counter_label(k), v) for k, v in p.counters),
            zones=tuple(_zone(z, game, defs, memo) for z in p.zones),
            is_turn_player=p.id == board.turn_player,
        )
        for p in board.players
    )
    caption = where_words(game, board.turn, board.phase, board.step)
    waiting = tuple(
        WaitingDrawing(ui(WAITING_KINDS[w.kind]) if w.kind in WAITING_KINDS else UiText(w.kind, w.kind), *w[1:])
        for w in board.waiting
    )
    shared = tuple(_zone(z, game, defs, memo) for z in board.shared)
    return BoardDrawing(caption, tuple(reversed(players)), shared, waiting)


def _zone(
    zone: Any,
    game: str = "",
    defs: Mapping[str, Mapping[str, Any]] | None = None,
    drawn: dict[tuple[CardView, str], CardDrawing] | None = None,
) -> ZoneDrawing:
    memo = {} if drawn is None else drawn
    cards = []
    for card in zone.cards:
        found = memo.get((card, zone.name))
        if found is None:
            found = memo[(card, zone.name)] = _card(card, game, defs or {}, zone.name)
        cards.append(found)
    return ZoneDrawing(zone.name, zone.label, zone.public, zone.count, tuple(cards))


def _card(
    card: CardView, game: str = "", defs: Mapping[str, Mapping[str, Any]] | None = None, zone: str = ""
) -> CardDrawing:
    from judgekit.site.board import card_facts, number_label, role_label, shown_markers

    markers = dict(card.markers)
    facts = () if card.face_down else card_facts(game, (defs or {}).get(card.key, {}), markers, zone)
    drawn = _plain_card(card, game, defs or {}, zone)
    return replace(
        drawn,
        facts=facts,
        labels=tuple((number_label(k), v, k.lower()) for k, v in card.numbers),
        counted=shown_markers(card.markers),
        role_label=role_label(card.role) if card.role else None,
    )


def _plain_card(card: CardView, game: str, defs: Mapping[str, Mapping[str, Any]], zone: str) -> CardDrawing:
    numbers = dict((k.lower(), v) for k, v in card.numbers)
    strength = next((numbers[k] for k in _STRENGTH if k in numbers), None)
    damage = next((numbers[k] for k in _DAMAGE if k in numbers), None)
    health = (max(0, strength - (damage or 0)), strength) if strength is not None else None
    return CardDrawing(
        iid=card.iid,
        name="" if card.face_down else card.name,
        face_down=card.face_down,
        numbers=card.numbers,
        markers=card.markers,
        role=card.role or "",
        health=health,
        attached=tuple(_card(c, game, defs, zone) for c in card.attached),
    )
