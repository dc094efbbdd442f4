"""The docs cannot rot: their links resolve, every game's format page is reachable and matches its code."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from judgekit.games import GAMES, game_support

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
FORMAT = DOCS / "scenario-format.md"
MARKDOWN = sorted([*DOCS.glob("*.md"), ROOT / "README.md"])

_FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
_CODE_SPAN = re.compile(r"(`+)(?!`).*?(?<!`)\1(?!`)", re.S)
_INLINE = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_EXAMPLE = re.compile(r"`(scenarios/[^`]+\.toml)`[^\n]*:\n\n```toml\n(.*?)```", re.S)


def links(path: Path) -> list[str]:
    """The link targets of a Markdown file (inline links, images, reference definitions), outside code."""
    text = _CODE_SPAN.sub("", _FENCE.sub("", path.read_text(encoding="utf-8")))
    return _INLINE.findall(text) + _DEFINITION.findall(text)


def local_target(source: Path, target: str) -> Path | None:
    """The file a relative link points at, or None for a URL or an in-page anchor."""
    if _SCHEME.match(target) or target.startswith("#"):
        return None
    file = unquote(target.split("#", 1)[0].split("?", 1)[0])
    return (ROOT / file.lstrip("/")) if file.startswith("/") else (source.parent / file)


def game_docs() -> dict[str, Path]:
    """Each game that has a per-game format page, with the page."""
    return {g: DOCS / f"scenario-format-{g}.md" for g in GAMES if (DOCS / f"scenario-format-{g}.md").is_file()}


def test_the_link_finder_finds_links_and_ignores_code() -> None:
    sample = '[a](x.md) ![i](img/y.png "t") [r]: z.md\n`[no](code.md)`\n```\n[no](fenced.md)\n```\n[u](https://e.org)'
    path = DOCS / "sample.md"
    text = _CODE_SPAN.sub("", _FENCE.sub("", sample))
    assert _INLINE.findall(text) + _DEFINITION.findall(text) == ["x.md", "img/y.png", "https://e.org"]
    assert local_target(path, "https://e.org") is None
    assert local_target(path, "#keys") is None
    assert local_target(path, "../README.md#set-up") == DOCS / ".." / "README.md"
    assert links(FORMAT), "the format page links to nothing"


@pytest.mark.parametrize("path", MARKDOWN, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(path: Path) -> None:
    broken = [t for t in links(path) if (f := local_target(path, t)) is not None and not f.exists()]
    assert not broken, f"{path.relative_to(ROOT)}: links to missing files: {', '.join(broken)}"


def test_every_game_page_is_linked_from_the_format_page() -> None:
    pages = game_docs()
    assert pages, "no game has a page docs/scenario-format-<game>.md"
    linked = {f.resolve() for t in links(FORMAT) if (f := local_target(FORMAT, t)) is not None}
    missing = [f"{g} ({p.name})" for g, p in pages.items() if p.resolve() not in linked]
    assert not missing, f"docs/scenario-format.md does not link the page of: {', '.join(missing)}"


def test_every_game_page_belongs_to_a_game() -> None:
    pages = sorted(DOCS.glob("scenario-format-*.md"))
    orphans = [p.name for p in pages if p.stem.removeprefix("scenario-format-") not in GAMES]
    assert not orphans, f"format pages for no game in judgekit.games.GAMES: {', '.join(orphans)}"


@pytest.mark.parametrize("game", sorted(game_docs()))
def test_a_game_page_names_every_decision_and_chance_kind(game: str) -> None:
    text = game_docs()[game].read_text(encoding="utf-8")
    kinds = list(game_support(game).decision_kinds())
    assert kinds
    missing = [k for k in kinds if f"`{k}`" not in text]
    assert not missing, f"{game}: the page does not name the kinds {', '.join(missing)}"


@pytest.mark.parametrize("game", sorted(game_docs()))
def test_a_game_page_example_is_a_real_scenario_verbatim(game: str) -> None:
    examples = _EXAMPLE.findall(game_docs()[game].read_text(encoding="utf-8"))
    assert examples, f"{game}: the page has no full example (`scenarios/…toml`: then a toml block)"
    for name, body in examples:
        assert name.startswith(f"scenarios/{game}/"), name
        assert body == (ROOT / name).read_text(encoding="utf-8"), f"{game}: the example differs from {name}"


def test_the_dice_castle_page_explains_every_basics_key() -> None:
    from judgekit.games.dice_castle.format import Basics

    text = (DOCS / "scenario-format-dice-castle.md").read_text(encoding="utf-8")
    keys = [f.name for f in dataclasses.fields(Basics)]
    missing = [k for k in keys if not re.search(rf"^\| `{k}` \|", text, re.M)]
    assert not missing, f"the [basics] table has no row for {', '.join(missing)}"
