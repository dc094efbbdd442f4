"""Benchmark: `judgekit build` against `mkdocs build` of the same rules as 124 plain Markdown pages, in one run.

The MkDocs baseline holds the Divine Cross and FFTCG comprehensive rules as plain pages: one
page per chapter of each (11 + 15; an FFTCG chapter holds all its rules) and one per Divine
Cross section (98), every rule a heading with its text: 124 pages, MkDocs' own theme, no
plugins. judgekit's site (every document, rule pages, glossary, search, lint, history,
coverage, every scenario replayed) is built into a fresh folder. Each is timed from scratch
and again with nothing changed, as whole processes; the ratios are judgekit / MkDocs. From
scratch means no previous site and no cached scenario runs, neither the site's nor those kept per
file (``<cache>/runs``); the rules index cache is warm, and so is what is kept beside it that
depends only on the code and the rulebooks (Python's bytecode, the site's templates compiled by
jinja2, the romaji readings of the outline headings; the card readers' parsers from the second
run on: the median leaves the first out);
nothing changed means judgekit's incremental build finds every input as the last build left it.
Targets (issue 14): from scratch at most 3x MkDocs; a rebuild with nothing changed at most 1x.

MkDocs is a benchmark-only dependency: ``pip install -e '.[bench]'``.

    .venv/bin/python bench/site_vs_mkdocs.py [--runs 3]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

from _measure import JUDGEKIT, PYTHON, ROOT, environment, machine, measure, ratio, scratch, show


def markdown_pages(folder: Path) -> int:
    """Write the MkDocs project (mkdocs.yml and docs/) into ``folder``; the number of pages."""
    sys.path.insert(0, str(ROOT))
    from rules_index.graph import load_index

    index = load_index()
    docs = folder / "docs"
    docs.mkdir(parents=True)
    nav: list[str] = []
    pages = 0
    for game, split_sections in (("divine-cross", True), ("fftcg", False)):
        bi = index.book(game)
        short = index.catalog.game(game).short
        (docs / game).mkdir()
        lines_of: dict[str, list[str]] = {}
        chapter_of: dict[str, str] = {}
        for rule in bi.book.rules:
            top = rule
            while top.parent is not None:
                top = bi.rules[top.parent]
            page = top.id
            if split_sections and rule.depth >= 1:
                section = rule
                while section.depth > 1 and section.parent is not None:
                    section = bi.rules[section.parent]
                page = section.id
            chapter_of.setdefault(page, top.id)
            heading = "#" * min(rule.depth + 1, 6)
            lines_of.setdefault(page, []).append(f"{heading} {short} {rule.id} {rule.title}".rstrip())
            if rule.text:
                lines_of[page].append(rule.text)
            lines_of[page].extend(f"> {example.text}" for example in rule.examples)
        for page, lines in lines_of.items():
            if split_sections and page == chapter_of[page]:
                sections = [p for p in lines_of if p != page and chapter_of[p] == page]
                lines = lines + [f"- [{p}]({p}.md)" for p in sections]
            (docs / game / f"{page}.md").write_text("\n\n".join(lines) + "\n", encoding="utf-8")
            nav.append(f"  - '{game} {page}': {game}/{page}.md")
            pages += 1
    (docs / "index.md").write_text("# Rules\n", encoding="utf-8")
    config = ["site_name: Rules (MkDocs baseline)", "theme:", "  name: mkdocs", "nav:", "  - Home: index.md", *nav]
    (folder / "mkdocs.yml").write_text("\n".join(config) + "\n", encoding="utf-8")
    return pages


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if shutil.which("mkdocs", path=str(Path(PYTHON).parent)) is None:
        print("mkdocs is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    mkdocs = str(Path(PYTHON).with_name("mkdocs"))
    with scratch() as name:
        folder = Path(name)
        env = environment(folder)
        project = folder / "mkdocs"
        pages = markdown_pages(project)
        subprocess.run([JUDGEKIT, "index"], check=True, capture_output=True, env=env)
        mk_out, jk_out = folder / "mkdocs-site", folder / "judgekit-site"
        build_mk = [mkdocs, "build", "--quiet", "--config-file", str(project / "mkdocs.yml"), "--site-dir", str(mk_out)]
        build_jk = [JUDGEKIT, "build", "--out", str(jk_out)]
        wipe_mk = [PYTHON, "-c", f"import shutil; shutil.rmtree({str(mk_out)!r}, ignore_errors=True)"]
        cache = folder / "cache"
        gone = [str(p) for p in (jk_out, cache / "site", cache / "scenarios", cache / "runs")]
        wipe_jk = [PYTHON, "-c", f"import shutil\nfor p in {gone!r}: shutil.rmtree(p, ignore_errors=True)"]
        mk_cold = measure(build_mk, env, args.runs, cwd=project, before=wipe_mk)
        jk_cold = measure(build_jk, env, args.runs, before=wipe_jk)
        if not (jk_out / "index.html").is_file():  # a crash exits 1, which the measure lets pass (check's findings)
            raise SystemExit(f"judgekit build wrote no site at {jk_out}: run it by hand to see why")
        mk_warm = measure(build_mk, env, args.runs, cwd=project)
        jk_warm = measure(build_jk, env, args.runs)
        jk_pages = sum(1 for _ in jk_out.rglob("*.html"))
    show(f"baseline: mkdocs build, {pages} pages, from scratch", mk_cold)
    show(f"judgekit build, {jk_pages} pages, from scratch", jk_cold, mk_cold)
    show("baseline: mkdocs build, nothing changed", mk_warm)
    show("judgekit build, nothing changed", jk_warm, mk_warm)
    print(
        f"from scratch: {ratio(jk_cold.median, mk_cold.median)} (target 3x); "
        f"nothing changed: {ratio(jk_warm.median, mk_warm.median)} (target 1x); {machine()}"
    )
    return 0 if jk_cold.median <= 3 * mk_cold.median and jk_warm.median <= mk_warm.median else 1


if __name__ == "__main__":
    sys.exit(main())
