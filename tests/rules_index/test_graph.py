"""The rules graph over the real documents, and its on-disk cache."""

from __future__ import annotations

import pytest

from rules_index.catalog import load_catalog
from rules_index.errors import UnknownRuleError
from rules_index.graph import RulesIndex, build_index, nearest_ids, rule_node, term_node


@pytest.fixture(scope="module")
def index() -> RulesIndex:
    return build_index(load_catalog())


def test_every_rule_id_resolves_to_exactly_one_node(index: RulesIndex) -> None:
    graph = index.graph
    for bi in index.books.values():
        info = bi.info
        ids = [r.id for r in bi.book.rules]
        assert len(ids) == len(set(ids)), f"{info.game}/{info.document}: duplicate ids"
        for rule_id in ids:
            node = rule_node(info.game, info.document, info.version, rule_id)
            assert graph.nodes[node]["id"] == rule_id


def test_hierarchy_edges_follow_parents(index: RulesIndex) -> None:
    graph = index.graph
    parent = rule_node("divine-cross", "comprehensive", "1.0.16", "704.6c")
    child = rule_node("divine-cross", "comprehensive", "1.0.16", "704.6c-1")
    assert graph.has_edge(parent, child, key="child")
    orphan = rule_node("fftcg", "comprehensive", "2.1.9", "11.4.6.1.1")
    assert graph.nodes[orphan]["parent"] == "11.4.6"


def test_reference_edges(index: RulesIndex) -> None:
    graph = index.graph
    source = rule_node("fftcg", "comprehensive", "2.1.9", "6.2.6.2")
    targets = {
        graph.nodes[v]["id"] for _, v, data in graph.out_edges(source, data=True) if data.get("type") == "references"
    }
    assert {"12.4.6", "12.4.7"} <= targets


def test_term_nodes_and_edges(index: RulesIndex) -> None:
    graph = index.graph
    term = term_node("divine-cross", "comprehensive", "1.0.16", "じゃんけん")
    assert graph.nodes[term]["rule_id"] == "916"
    definers = [u for u, _, k in graph.in_edges(term, keys=True) if k == "defines"]
    assert definers == [rule_node("divine-cross", "comprehensive", "1.0.16", "916")]
    users = {graph.nodes[u]["id"] for u, _, d in graph.in_edges(term, data=True) if d.get("type") == "uses"}
    assert "917.1b" in users  # its example: じゃんけんして勝てば


def test_unknown_rule_suggests_nearest(index: RulesIndex) -> None:
    with pytest.raises(UnknownRuleError) as caught:
        index.rule("divine-cross", "704.6e")
    assert "704.6" in caught.value.suggestions
    assert nearest_ids("15.1.1.9.99", ["15.1.1.9", "15.1.1.9.9", "15.1.1.9.10"])[0] == "15.1.1.9"


def test_versions_and_documents_are_addressable(index: RulesIndex) -> None:
    assert index.book("divine-cross").info.document == "comprehensive"
    assert index.book("divine-cross", "beginner").info.version == "undated"
    assert index.rule("divine-cross", "704.6c-1", version="1.0.16").id == "704.6c-1"


def test_outline_ids_can_be_typed_with_plain_slashes(index: RulesIndex) -> None:
    rule = index.rule("code-of-joker", "キーワード能力/アイコン/不屈")
    assert rule.id == "キーワード能力\u2215アイコン/不屈"
    assert "行動権を回復" in rule.text
