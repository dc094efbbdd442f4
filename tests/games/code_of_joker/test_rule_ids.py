"""Every rule id the Code of Joker engine can cite exists in its pinned rules page, in page order
(the checks every game shares are in :mod:`tests.games.shared`)."""

from __future__ import annotations

from judgekit.games.code_of_joker import ids
from tests.games.shared import RuleIdChecks


class TestRuleIds(RuleIdChecks):
    package = "code_of_joker"

    def test_every_named_id_exists_in_the_pinned_rulebook(self) -> None:
        assert {name: rid for name, rid in ids.all_ids().items() if rid not in self.rules} == {}

    def test_every_id_a_rule_function_names_is_declared(self) -> None:
        """A rule function may cite only what it declares: every ``ids.NAME`` in its body must be among its ids."""
        import ast
        from pathlib import Path

        import judgekit.games.code_of_joker as pkg

        names = ids.all_ids()
        declared = {spec.name: set(spec.ids) for spec in self.preset.rules}
        problems: dict[str, list[str]] = {}
        for path in sorted(Path(pkg.__file__).parent.glob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.FunctionDef) or node.name not in declared:
                    continue
                if not any(
                    isinstance(d, ast.Call) and getattr(d.func, "id", "") == "rule" for d in node.decorator_list
                ):
                    continue
                used = {
                    n.attr
                    for stmt in node.body
                    for n in ast.walk(stmt)
                    if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "ids"
                }
                missing = sorted(u for u in used if names[u] not in declared[node.name])
                if missing:
                    problems[node.name] = missing
        assert problems == {}
