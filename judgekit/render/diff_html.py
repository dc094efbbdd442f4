"""HTML of one version diff: a standalone page, or a fragment the site embeds.

Rule texts are data: everything is escaped (jinja2 autoescape) and the only markup is the
``<del>``/``<ins>`` around changed runs. Each entry with changed wording is shown side by side
(old text with its deletions, new text with its insertions) and inline; the page carries its
own stylesheet and makes no external request, so it works from ``file://``.

``diff_fragment`` and ``DIFF_CSS`` are for the site's version-pair pages; ``diff_page`` is the
``judgekit diff --format html`` output.
"""

from __future__ import annotations

from jinja2 import Environment
from markupsafe import Markup, escape

from rules_index.diff import BookDiff, ChangeKind, ClaimStatus, DiffOp, OpKind, RuleChange

DIFF_CSS = """
.jk-diff { font-family: system-ui, "Hiragino Sans", "Noto Sans JP", sans-serif; line-height: 1.6; }
.jk-diff .counts { color: #555; }
.jk-diff article { border-top: 1px solid #ddd; padding: .5em 0; }
.jk-diff h3 { font-size: 1em; margin: .2em 0; }
.jk-diff .kind { display: inline-block; min-width: 7em; font-size: .8em; padding: 0 .4em;
  border-radius: .3em; background: #eee; text-align: center; }
.jk-diff .kind-added { background: #dfd; } .jk-diff .kind-removed { background: #fdd; }
.jk-diff .kind-changed { background: #ffd; } .jk-diff .kind-split, .jk-diff .kind-merged { background: #def; }
.jk-diff .meta { color: #555; font-size: .9em; margin: 0; }
.jk-diff .text { white-space: pre-wrap; margin: .3em 0; }
.jk-diff table.sbs { width: 100%; border-collapse: collapse; table-layout: fixed; }
.jk-diff table.sbs th { text-align: left; font-weight: normal; color: #555; font-size: .85em; }
.jk-diff table.sbs td { vertical-align: top; white-space: pre-wrap; padding: .2em .4em; }
.jk-diff table.sbs td.old { background: #fff6f6; } .jk-diff table.sbs td.new { background: #f6fff6; }
.jk-diff del { background: #fcc; text-decoration: line-through; }
.jk-diff ins { background: #cfc; text-decoration: none; }
.jk-diff .inline { border-left: 3px solid #ccc; padding-left: .5em; }
.jk-diff .status-confirmed { color: #060; } .jk-diff .status-not-found { color: #a00; }
.jk-diff .status-unresolved { color: #a60; }
"""
"""The stylesheet of the diff markup (every rule scoped under ``.jk-diff``)."""

_FRAGMENT = """\
<section class="jk-diff">
<h2>{{ title }}</h2>
<p class="counts">{{ counts }}</p>
{% for entry in diff.entries %}
<article class="change change-{{ entry.kind.value }}" id="{{ anchor(entry) }}">
<h3><span class="kind kind-{{ entry.kind.value }}">{{ entry.kind.value }}</span> <code>{{ ids(entry) }}</code></h3>
{% if meta(entry) %}<p class="meta">{{ meta(entry) }}</p>{% endif %}
{% if entry.kind.value == "added" %}<p class="text">{{ entry.new_text }}</p>
{% elif entry.kind.value == "removed" %}<p class="text"><del>{{ entry.old_text }}</del></p>
{% elif entry.ops %}
<table class="sbs"><tr><th>{{ diff.old.version }}</th><th>{{ diff.new.version }}</th></tr>
<tr><td class="old">{{ side(entry.ops, "delete") }}</td>
<td class="new">{{ side(entry.ops, "insert") }}</td></tr></table>
<p class="text inline">{{ inline(entry.ops) }}</p>
{% else %}<p class="text">{{ entry.new_text }}</p>
{% endif %}
</article>
{% endfor %}
{% if diff.terms %}
<h2>Terms</h2>
<ul>{% for term in diff.terms %}
<li><span class="kind">{{ term.kind.value }}</span> {{ term.name }} ({{ term.new_rule_id or term.old_rule_id }})
{%- if term.rules %}: {{ term.rules | join(", ") }}{% endif %}</li>
{% endfor %}</ul>
{% endif %}
{% if diff.stale_references %}
<h2>Stale references</h2>
<ul>{% for stale in diff.stale_references %}
<li>{{ stale.rule_id }} still cites {{ stale.target }}, which is now {{ stale.now or "gone" }}</li>
{% endfor %}</ul>
{% endif %}
{% if diff.changelog %}
<h2>The publisher's changelog beside the diff</h2>
<table class="changelog">
<tr><th>version</th><th>the changelog says</th><th>names</th><th>the diff found</th></tr>
{% for claim in diff.changelog.claims %}
<tr class="status-{{ claim.status.value }}"><td>{{ claim.version }}</td><td>{{ claim.text }}</td>
<td>{% for t in claim.targets %}{{ t.side }} {{ t.rule_id }}{% if not loop.last %}, {% endif %}{% endfor %}</td>
<td>{{ status(claim.status) }}{% if claim.found %}: {{ labels(claim.found) }}{% endif %}</td></tr>
{% endfor %}
</table>
{% if diff.changelog.unlisted %}<p>Not in the changelog: {{ labels(diff.changelog.unlisted) }}</p>{% endif %}
{% endif %}
</section>
"""

_PAGE = """\
<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }}</title>
<style>{{ css }}</style>
</head>
<body>
{{ fragment }}
</body>
</html>
"""

_STATUS = {
    ClaimStatus.CONFIRMED: "confirmed",
    ClaimStatus.NOT_FOUND: "no change found there",
    ClaimStatus.UNRESOLVED: "names no rule we can find",
}

_ENV = Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)


def side(ops: tuple[DiffOp, ...], kind: str) -> Markup:
    """One side of a side-by-side diff: equal runs and the runs only this side has, marked."""
    tag = "del" if kind == "delete" else "ins"
    out = []
    for op in ops:
        if op.kind is OpKind.EQUAL:
            out.append(escape(op.text))
        elif op.kind.value == kind:
            out.append(Markup(f"<{tag}>{escape(op.text)}</{tag}>"))
    return Markup("").join(out)


def inline(ops: tuple[DiffOp, ...]) -> Markup:
    """An inline diff: deletions and insertions marked in one text."""
    out = []
    for op in ops:
        if op.kind is OpKind.EQUAL:
            out.append(escape(op.text))
        else:
            tag = "del" if op.kind is OpKind.DELETE else "ins"
            out.append(Markup(f"<{tag}>{escape(op.text)}</{tag}>"))
    return Markup("").join(out)


def meta(entry: RuleChange) -> str:
    """A line on where the rule went and what its references did."""
    parts = []
    if entry.kind is ChangeKind.MOVED and entry.moved_with is None:
        parts.append(f"moved from {entry.old_parent or 'the top'} to {entry.new_parent or 'the top'}")
    elif entry.moved_with is not None:
        parts.append(f"moved with {entry.moved_with}")
    elif entry.kind is not ChangeKind.RENUMBERED and entry.old_ids and entry.new_ids[:1] not in ((), entry.old_ids[:1]):
        parts.append(entry.relocation.value)
    for ref in entry.references:
        parts.append(f"reference {ref.old_target} → {ref.new_target} ({ref.status.value})")
    if entry.ops and entry.old_ids and entry.new_ids:
        parts.append(f"similarity {entry.similarity:.2f}")
    return "; ".join(parts)


def ids(entry: RuleChange) -> str:
    """The entry's ids: ``704.6c → 704.6d``, ``106`` (added), ``1102`` (removed)."""
    return entry.label.removeprefix("+ ").removeprefix("− ")


def anchor(entry: RuleChange) -> str:
    """The entry's fragment id (``new-704.6d``, ``old-1102`` for a removed rule)."""
    if entry.new_ids:
        return f"new-{entry.new_ids[0]}"
    return f"old-{entry.old_ids[0]}"


def labels(entries: tuple[RuleChange, ...]) -> str:
    """Entries' labels, comma-separated."""
    return ", ".join(entry.label for entry in entries)


def status(value: ClaimStatus) -> str:
    """A claim status in words."""
    return _STATUS[value]


def diff_title(diff: BookDiff, short: str) -> str:
    """``DC comprehensive 1.0.15 → 1.0.16``."""
    return f"{short} {diff.new.document} {diff.old.version} → {diff.new.version}"


def diff_fragment(diff: BookDiff, short: str, counts: str) -> Markup:
    """The diff as an HTML fragment (a ``<section class="jk-diff">``), to embed with ``DIFF_CSS``."""
    template = _ENV.from_string(_FRAGMENT)
    html = template.render(
        diff=diff,
        title=diff_title(diff, short),
        counts=counts,
        side=side,
        inline=inline,
        meta=meta,
        anchor=anchor,
        ids=ids,
        labels=labels,
        status=status,
    )
    return Markup(html)


def diff_page(diff: BookDiff, short: str, counts: str) -> str:
    """The diff as a standalone HTML page with its own stylesheet."""
    return _ENV.from_string(_PAGE).render(
        title=diff_title(diff, short), css=Markup(DIFF_CSS), fragment=diff_fragment(diff, short, counts)
    )
