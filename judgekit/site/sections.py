"""How a document is cut into section pages.

Every top-level node with a title or children gets a section page; top-level paragraphs
without either (a preamble) stay on the document's front page. A section whose rules would
make too long a page is split: its titled children and children with children become
section pages of their own, the rest stays on the parent's page. Every rule is shown on
exactly one section page (its home, where its anchor is).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules_index.model import Rule

MAX_RULES_PER_PAGE = 200
"""A section with more rules than this is split into its sub-sections."""


@dataclass(frozen=True, slots=True)
class Section:
    """One page of a document's rules."""

    root: str | None
    """Id of the section's root rule; None for the document's front page."""
    rules: tuple[str, ...]
    """Ids of the rules shown on this page, in document order (the root first)."""
    subsections: tuple[str, ...]
    """Roots of the sections split off directly below this one, in document order."""
    parent: str | None
    """Root of the enclosing section, None when it is the front page or a top-level section."""


def plan_sections(
    rules: Sequence[Rule],
    children: Mapping[str | None, Sequence[str]],
    *,
    max_rules: int = MAX_RULES_PER_PAGE,
) -> list[Section]:
    """The section pages of a document, front page first, then in document order."""
    by_id = {rule.id: rule for rule in rules}
    sizes = _subtree_sizes(rules, children)
    sections: list[Section] = []

    def own_page(node: str, parent_root: str | None, parent_split: bool) -> bool:
        if parent_root is None:
            return bool(by_id[node].title) or bool(children.get(node))
        return parent_split and (bool(by_id[node].title) or bool(children.get(node)))

    def place(root: str | None, parent: str | None) -> None:
        split = root is None or sizes[root] > max_rules
        on_page: list[str] = [] if root is None else [root]
        subs: list[str] = []

        def walk(node: str | None) -> None:
            for child in children.get(node, ()):
                if own_page(child, root, split):
                    subs.append(child)
                else:
                    on_page.append(child)
                    walk(child)

        walk(root)
        on_page.sort(key=lambda i: by_id[i].order)
        sections.append(Section(root, tuple(on_page), tuple(subs), parent))
        for sub in subs:
            place(sub, root)

    place(None, None)
    front, rest = sections[0], sections[1:]
    rest.sort(key=lambda s: by_id[s.root].order if s.root is not None else -1)
    return [front, *rest]


def home_sections(sections: Sequence[Section]) -> dict[str, Section]:
    """Rule id → the section page it is shown on."""
    return {rule_id: section for section in sections for rule_id in section.rules}


def _subtree_sizes(rules: Sequence[Rule], children: Mapping[str | None, Sequence[str]]) -> dict[str, int]:
    sizes: dict[str, int] = {}
    for rule in sorted(rules, key=lambda r: -r.order):
        sizes[rule.id] = 1 + sum(sizes.get(child, 0) for child in children.get(rule.id, ()))
    return sizes
