"""Scenarios across versions: citations in scenario files, safe rewriting, what a change reaches."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from judgekit.versions import (
    MigrationError,
    Place,
    Relation,
    migrated_text,
    plan_migration,
    prose_ids,
    read_scenario_file,
    touches,
)
from rules_index.diff import BookDiff, diff_books
from rules_index.model import RuleBook
from tests.rules_index.editions import Edition


@cache
def published() -> RuleBook:
    return Edition.published("divine-cross").book()


@cache
def shifted() -> BookDiff:
    """1.0.16 → 1.0.17 with 704.6c inserted (later letters shift) and 804.2c-1 reworded."""
    new = (
        Edition.published("divine-cross")
        .renumber({"704.6d": "704.6e", "704.6c": "704.6d"})
        .insert_before("704.6d", "704.6c. 宣言したスキルを持つユニットのスキル効果によるダメージの増減を適用します。")
        .reword("804.2c-1", "捨て場に置きます", "KO 置き場に置きます")
        .as_version("1.0.17")
    )
    return diff_books(published(), new.book())


def ids_and_tops() -> tuple[set[str], set[str]]:
    rules = published().rules
    return {r.id for r in rules}, {r.id for r in rules if r.parent is None}


@pytest.mark.parametrize(
    ("text", "cited"),
    [
        ("the damage is doubled (704.6c-1)", ["704.6c-1"]),
        ("at the rule check after the skill (704.9, 1003.2)", ["704.9", "1003.2"]),
        ("played as the rules say (804)", ["804"]),
        ("uses 「フレイムスラッシュ」 (300) and deals 300 damage", []),
        ("the comprehensive rules (since 1.0.12 in 1102)", ["1102"]),
        ("see rule 913 and section 1102", ["913", "1102"]),
        ("chapter (1000) and 2 人", []),
        ("704.6e does not exist; 704.6d does", ["704.6d"]),
        ("ルールどおりにプレイされます（804）。", ["804"]),
        ("スキルの後のルールチェック（704.9、1003.2）で", ["704.9", "1003.2"]),
        ("総合ルール913と1102を参照", ["913"]),
        ("300ダメージを与える（300）", []),
    ],
)
def test_prose_citations(text: str, cited: list[str]) -> None:
    ids, top = ids_and_tops()
    assert [found for found, _, _ in prose_ids(text, ids, top)] == cited


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "scenario.toml"
    path.write_text(text, encoding="utf-8")
    return path


SCENARIO = """\
game = "divine-cross"
rulebook = "1.0.16"  # pinned
title = "t"
question = "q"
ruling = "Advantage last (704.6c-1)."

[[differs]]
says = "先に有利を確認する。"
rules = ["704.6c"]
difference = "see 704.6d"

[expect]
cites = ["704.6a", "704.6c-1"]
rejected = [{ play = 0, rule = "602.2" }]
"""


def test_citations_are_read_from_rule_id_fields_and_prose(tmp_path: Path) -> None:
    file = read_scenario_file(write(tmp_path, SCENARIO), published())
    assert (file.game, file.document, file.version) == ("divine-cross", "comprehensive", "1.0.16")
    assert [(c.rule_id, c.key, c.place) for c in file.citations] == [
        ("704.6c-1", "ruling", Place.PROSE),
        ("704.6c", "differs[0].rules[0]", Place.FIELD),
        ("704.6d", "differs[0].difference", Place.PROSE),
        ("704.6a", "expect.cites[0]", Place.FIELD),
        ("704.6c-1", "expect.cites[1]", Place.FIELD),
        ("602.2", "expect.rejected[0].rule", Place.FIELD),
    ]


def test_a_safe_migration_rewrites_ids_and_the_pin_and_nothing_else(tmp_path: Path) -> None:
    file = read_scenario_file(write(tmp_path, SCENARIO), published())
    (plan,) = plan_migration(shifted(), [file])
    assert plan.review == ()
    assert plan.rewrites == {"704.6c-1": "704.6d-1", "704.6c": "704.6d", "704.6d": "704.6e"}
    text = migrated_text(plan, "1.0.17", published())
    assert text.splitlines()[1] == 'rulebook = "1.0.17"  # pinned'
    assert 'ruling = "Advantage last (704.6d-1)."' in text
    assert 'rules = ["704.6d"]' in text and 'difference = "see 704.6e"' in text
    assert 'cites = ["704.6a", "704.6d-1"]' in text


def test_the_prose_in_the_other_language_is_migrated_too(tmp_path: Path) -> None:
    text = SCENARIO.replace(
        "\n[[differs]]", '\n[ja]\ntitle = "題"\nruling = "有利は最後です（704.6c-1）。704.6cを参照。"\n\n[[differs]]'
    )
    file = read_scenario_file(write(tmp_path, text), published())
    assert ("704.6c-1", "ja.ruling", Place.PROSE) in [(c.rule_id, c.key, c.place) for c in file.citations]
    assert ("704.6c", "ja.ruling", Place.PROSE) in [(c.rule_id, c.key, c.place) for c in file.citations]
    (plan,) = plan_migration(shifted(), [file])
    migrated = migrated_text(plan, "1.0.17", published())
    assert 'ruling = "有利は最後です（704.6d-1）。704.6dを参照。"' in migrated
    assert 'ruling = "Advantage last (704.6d-1)."' in migrated


def test_an_id_that_also_stands_outside_citations_is_left_for_a_person(tmp_path: Path) -> None:
    text = SCENARIO + '\n[cards.odd]\nname = "704.6c"\n'
    (plan,) = plan_migration(shifted(), [read_scenario_file(write(tmp_path, text), published())])
    with pytest.raises(MigrationError, match="occurs outside citations"):
        migrated_text(plan, "1.0.17", published())


def test_a_changed_rule_blocks_the_rewrite(tmp_path: Path) -> None:
    text = SCENARIO.replace('"602.2"', '"804.2c-1"')
    (plan,) = plan_migration(shifted(), [read_scenario_file(write(tmp_path, text), published())])
    assert [m.citation.rule_id for m in plan.review] == ["804.2c-1"]
    with pytest.raises(MigrationError, match=r"804\.2c-1 must be reviewed first"):
        migrated_text(plan, "1.0.17", published())


def test_a_change_reaches_citations_directly_under_them_and_through_references() -> None:
    found = touches(["804.2c-1", "804.2", "604.2", "704.6b"], shifted(), published())
    assert [(t.cited, t.relation, t.path) for t in found] == [
        ("804.2c-1", Relation.DIRECT, ("804.2c-1",)),
        ("804.2", Relation.UNDER, ("804.2", "804.2c-1")),
        ("604.2", Relation.REFERENCE, ("604.2", "804", "804.2c-1")),
    ]
    assert all(t.changed == "804.2c-1" for t in found)


# --------------------------------------------------------------------------- stale rulings on the site


@pytest.fixture(scope="module")
def stale_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Divine Cross with 1.0.16, 1.0.17 and 1.0.18 held and one scenario ruled under 1.0.16 citing 602.2,
    which 1.0.17 rewords (its golden trace made now)."""
    from judgekit.scenario import check_scenario, load_scenario
    from judgekit.site.build import build_site
    from judgekit.site.scenarios import load_scenario_pages
    from tests.site.editions import versions_index
    from tests.test_cli_versions import CHARGE_SCENARIO

    root = tmp_path_factory.mktemp("stale")
    folder = root / "scenarios" / "divine-cross"
    folder.mkdir(parents=True)
    (folder / "charge.toml").write_text(CHARGE_SCENARIO, encoding="utf-8")
    check_scenario(load_scenario(folder / "charge.toml"), update=True)
    pages = load_scenario_pages(root / "scenarios")
    return build_site(root / "site", index=versions_index(root), scenarios=pages).out


def test_a_scenario_page_names_the_cited_rules_a_newer_edition_changed(stale_site: Path) -> None:
    html = (stale_site / "divine-cross" / "scenarios" / "charge.html").read_text(encoding="utf-8")
    notice = html[html.index('<aside class="warning stale"') : html.index("</aside>")]
    assert "Ruled under 1.0.16;" in notice
    assert 'href="../diff/comprehensive--1.0.16--1.0.18.html">1.0.18</a> is held' in notice
    changed = '<span class="l-ja" lang="ja">602.2 変更</span><span class="l-en" lang="en">602.2 changed</span>'
    assert f'<a href="../diff/comprehensive--1.0.16--1.0.18.html#new-602.2">{changed}</a>' in notice
    assert "Re-run under the current engine, it gives the same ruling." in notice


def test_a_diff_page_lists_the_scenarios_its_changes_reach(stale_site: Path) -> None:
    html = (stale_site / "divine-cross" / "diff" / "comprehensive--1.0.16--1.0.17.html").read_text(encoding="utf-8")
    section = html[html.index('<section class="affected"') : html.index("</section>")]
    assert "Scenarios ruled under 1.0.16 that these changes reach" in section
    changed = '<span class="l-ja" lang="ja">602.2 変更</span><span class="l-en" lang="en">602.2 changed</span>'
    assert '<a href="../scenarios/charge.html">' in section and f"</a>: {changed}</li>" in section
    later = (stale_site / "divine-cross" / "diff" / "comprehensive--1.0.17--1.0.18.html").read_text(encoding="utf-8")
    assert 'class="affected"' not in later  # nothing is ruled under 1.0.17
