"""Checks over a built site: every internal link and anchor resolves, the HTML is well formed.

Used by the tests; each function returns the problems it found (an empty list when the site is
sound), each as ``file: what is wrong`` so that a failure names the page.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

VOID = frozenset(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"])
"""Elements without an end tag."""
URL_ATTRS = {"a": "href", "link": "href", "script": "src", "img": "src", "form": "action", "iframe": "src"}
"""The attribute of each element that names another resource."""


@dataclass
class Page:
    """What the checker learnt from one HTML file."""

    ids: set[str] = field(default_factory=set)
    """Every ``id`` in the page."""
    links: list[tuple[str, str]] = field(default_factory=list)
    """(element, URL) of every link and resource."""
    problems: list[str] = field(default_factory=list)
    """Structural problems (unbalanced tags, duplicate ids, headings out of order)."""
    headings: list[int] = field(default_factory=list)
    """Heading levels in document order."""
    html_lang: str | None = None
    """The ``lang`` of the ``html`` element."""
    ja_outside_lang: list[str] = field(default_factory=list)
    """Japanese text found where no enclosing element says ``lang="ja"``."""


class _Reader(HTMLParser):
    def __init__(self, page: Page) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.stack: list[tuple[str, str | None]] = []
        self.in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if "id" in values and values["id"] is not None:
            if values["id"] in self.page.ids:
                self.page.problems.append(f"duplicate id {values['id']!r}")
            self.page.ids.add(values["id"])
        if tag in URL_ATTRS and values.get(URL_ATTRS[tag]):
            self.page.links.append((tag, str(values[URL_ATTRS[tag]])))
        if tag == "html":
            self.page.html_lang = values.get("lang")
        if re.fullmatch(r"h[1-6]", tag):
            self.page.headings.append(int(tag[1]))
        if tag not in VOID:
            self.stack.append((tag, values.get("lang")))
        self.in_script = tag in ("script", "style")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1][0] != tag:
            open_tags = "/".join(t for t, _ in self.stack[-4:])
            self.page.problems.append(f"</{tag}> closes nothing open (open: {open_tags or 'none'})")
            if any(t == tag for t, _ in self.stack):
                while self.stack and self.stack[-1][0] != tag:
                    self.stack.pop()
                self.stack.pop()
            return
        self.stack.pop()
        self.in_script = False

    def handle_data(self, data: str) -> None:
        if self.in_script or not _JAPANESE.search(data):
            return
        lang = next((lang for _, lang in reversed(self.stack) if lang), self.page.html_lang)
        if lang != "ja":
            self.page.ja_outside_lang.append(data.strip()[:40])


_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")


def read_page(path: Path) -> Page:
    """Parse one HTML file."""
    page = Page()
    reader = _Reader(page)
    reader.feed(path.read_text(encoding="utf-8"))
    reader.close()
    if reader.stack:
        page.problems.append("unclosed: " + "/".join(t for t, _ in reader.stack))
    return page


def read_site(root: Path) -> dict[str, Page]:
    """Every HTML page of the site by its path from the root (``/``-separated)."""
    return {p.relative_to(root).as_posix(): read_page(p) for p in sorted(root.rglob("*.html"))}


def link_problems(root: Path, pages: dict[str, Page]) -> list[str]:
    """Every internal link that does not resolve to a file (and anchor), and every external resource."""
    problems: list[str] = []
    for name, page in pages.items():
        for tag, url in page.links:
            if tag == "a" and urlsplit(url).scheme in ("http", "https"):
                continue  # a link out (from scenario prose) is not a request the page makes
            problem = _resolve(root, pages, name, url)
            if problem:
                problems.append(f"{name}: <{tag}> {url}: {problem}")
    return problems


def _resolve(root: Path, pages: dict[str, Page], name: str, url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        return "external URL (the site must make no external requests)"
    if parts.path.startswith("/"):
        return "absolute path (links must be relative)"
    if not parts.path:
        target = name
    else:
        base = Path(name).parent
        target_path = (root / base / unquote(parts.path)).resolve()
        if not target_path.is_relative_to(root.resolve()):
            return "points outside the site"
        if target_path.is_dir():
            return "names a folder (file:// does not open index.html by itself)"
        if not target_path.is_file():
            return "no such file"
        target = target_path.relative_to(root.resolve()).as_posix()
    if parts.fragment:
        if target not in pages:
            return "anchor on a page that is not HTML"
        if unquote(parts.fragment) not in pages[target].ids:
            return f"no anchor #{unquote(parts.fragment)} in {target}"
    return ""


def structure_problems(pages: dict[str, Page]) -> list[str]:
    """Unbalanced tags, duplicate ids, headings that skip a level, Japanese without ``lang``."""
    problems: list[str] = []
    for name, page in pages.items():
        problems.extend(f"{name}: {p}" for p in page.problems)
        if not page.html_lang:
            problems.append(f"{name}: <html> has no lang")
        if page.headings[:1] != [1] or page.headings.count(1) != 1:
            problems.append(f"{name}: expected exactly one h1, first (headings: {page.headings[:6]})")
        for before, after in zip(page.headings, page.headings[1:], strict=False):
            if after > before + 1:
                problems.append(f"{name}: heading h{after} follows h{before}")
                break
        if page.ja_outside_lang:
            problems.append(f"{name}: Japanese text outside lang=ja: {page.ja_outside_lang[:3]}")
    return problems


def index_problems(root: Path, pages: dict[str, Page]) -> list[str]:
    """Every path the search index and the id map name resolves."""
    problems: list[str] = []
    script = (root / "search-index.js").read_text(encoding="utf-8")
    data = json.loads(script[script.index("=") + 1 :].strip().rstrip(";"))
    for book in data["books"]:
        problems.extend(_check_path(root, pages, book["path"], "search-index.js book"))
    for rule in data["rules"]:
        problems.extend(_check_path(root, pages, rule[6], f"search-index.js {rule[1]}"))
    ids = json.loads((root / "ids.json").read_text(encoding="utf-8"))
    for book, mapping in ids.items():
        for rule_id, path in mapping.items():
            problems.extend(_check_path(root, pages, path, f"ids.json {book} {rule_id}"))
    return problems


def _check_path(root: Path, pages: dict[str, Page], path: str, what: str) -> list[str]:
    problem = _resolve(root, pages, "index.html", path)
    return [f"{what}: {path}: {problem}"] if problem else []
