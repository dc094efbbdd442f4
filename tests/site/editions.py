"""Later editions of the Divine Cross comprehensive rules, made from the published text, for the
site's version pages (diffs and rule histories).

We hold one published version; :func:`versions_index` builds a rules index of Divine Cross alone
from a copy of the sources holding two more (see ``tests/rules_index/editions.py``):

- 1.0.17: a sub-rule inserted before 704.6c (704.6c and 704.6d shift down a letter, 924.1's
  reference follows), 602.2 reworded with markup-like text;
- 1.0.18: 704.6d-1 reworded, 1101.1c removed, and a changelog entry naming where.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from rules_index.catalog import Catalog, load_catalog
from rules_index.graph import RulesIndex, build_index
from tests.rules_index.editions import Edition, write_sources

MARKUP = "(<注>&チャージ)"
"""Text 1.0.17 adds to 602.2: it must reach every page escaped."""


@cache
def edition_1_0_17() -> Edition:
    """The first later edition."""
    return (
        Edition.published("divine-cross")
        .renumber({"704.6d": "704.6e", "704.6c": "704.6d"})
        .insert_before("704.6d", "704.6c. 宣言したスキルを持つユニットのスキル効果によるダメージの増減を適用します。")
        .reword("602.2", "1ターンに1度のみ", f"1ターンに1度のみ{MARKUP}")
        .as_version("1.0.17", "2026-06-01")
    )


@cache
def edition_1_0_18() -> Edition:
    """The second later edition, made from the first."""
    return (
        edition_1_0_17()
        .reword("704.6d-1", "ダメージを2倍にします", "ダメージを3倍にします")
        .delete("1101.1c")
        .add_changelog_entry(
            "2026年09月01日",
            "1.0.18",
            [
                "ダメージステップにて、有利の項目を更新いたしました。",
                "その他のルールにて、ループの項目を更新いたしました。",
            ],
        )
        .as_version("1.0.18", "2026-09-01")
    )


def versions_index(root: Path) -> RulesIndex:
    """The rules index of Divine Cross alone, from a copy of the sources under ``root`` holding
    1.0.16, 1.0.17 and 1.0.18 of its comprehensive rules."""
    sources = write_sources(root, edition_1_0_17(), edition_1_0_18())
    catalog = load_catalog(sources)
    return build_index(Catalog((catalog.game("divine-cross"),), sources))
