"""The interface in Japanese and English: catalogs complete and in step, pages carrying both, the CLI's choice."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cli import app
from judgekit.i18n import LANG_ENV, catalog_path, cli_language, extract_messages, parse_language, translations
from tests.site.checks import Page

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")


def _placeholders(text: str) -> set[str]:
    return {a or b for a, b in PLACEHOLDER.findall(text)}


def _ids() -> dict[str, tuple[str, str]]:
    """Each message id in the sources (a plural by its singular) → (its plural or itself, where it is)."""
    out: dict[str, tuple[str, str]] = {}
    for message, where in extract_messages():
        if isinstance(message, tuple):
            out.setdefault(message[0], (message[1], where))
        else:
            out.setdefault(message, (message, where))
    return out


def test_every_message_has_a_japanese_translation_with_the_same_placeholders() -> None:
    ja = translations("ja")
    missing, wrong = [], []
    for message, (plural, where) in _ids().items():
        text = ja.messages.get(message) or (ja.plurals.get(message) or ("",))[0]
        if not text:
            missing.append(f"{where}: {message!r}")
        elif _placeholders(text) != _placeholders(message) | _placeholders(plural):
            wrong.append(f"{where}: {message!r} → {text!r}")
    assert not missing, "untranslated (run python -m judgekit.i18n, then translate):\n" + "\n".join(missing)
    assert not wrong, "placeholders differ:\n" + "\n".join(wrong)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_catalogs_are_in_step_with_the_sources(language: str) -> None:
    catalog = translations(language)
    held = set(catalog.messages) | set(catalog.plurals)
    text = catalog_path(language).read_text(encoding="utf-8")
    entries = set(re.findall(r'^msgid "(.+)"$', text, re.MULTILINE))
    ids = _ids()
    stale = {e for e in entries if e not in ids and "\\" not in e} - {""}
    assert not stale, f"{catalog_path(language)} holds ids no source uses: {sorted(stale)}"
    if language == "en":
        assert not held, "English ids are their own English: the English catalog stays empty"


def test_the_language_is_read_from_the_option_the_environment_and_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", LANG_ENV):
        monkeypatch.delenv(name, raising=False)
    assert cli_language() == "en"
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert cli_language() == "ja"
    monkeypatch.setenv(LANG_ENV, "en")
    assert cli_language() == "en"
    assert cli_language("ja") == "ja"
    assert parse_language("ja-JP") == "ja" and parse_language("fr_FR") is None


def test_the_cli_prints_interface_words_in_the_chosen_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LANG_ENV, raising=False)
    runner = CliRunner()
    result = runner.invoke(app, ["--lang", "ja", "search", "divine-cross", "有理"])
    assert result.exit_code == 0
    assert "該当するルールはありません" in result.output
    assert "もしかして: 有利" in result.output
    result = runner.invoke(app, ["--lang", "en", "search", "divine-cross", "有理"])
    assert "no rule matches '有理'" in result.output and "did you mean: 有利" in result.output
    result = runner.invoke(app, ["--lang", "fr", "games"])
    assert result.exit_code == 2 and "expected ja or en" in result.output


def test_pages_carry_both_languages_and_open_in_the_books_language(site_dir: Path, pages: dict[str, Page]) -> None:
    home = (site_dir / "index.html").read_text(encoding="utf-8")
    assert '<html lang="ja" data-ui="ja"' in home
    assert '<span class="l-ja" lang="ja">ゲーム</span><span class="l-en" lang="en">Games</span>' in home
    assert 'class="lang-switch"' in home
    for path, page in pages.items():
        assert page.html_lang in ("ja", "en"), path
