"""HTML of a version diff: the one renderer, for the site's version-pair pages and for
``judgekit diff --format html``.

:func:`diff_fragment` draws a :class:`~rules_index.diff.BookDiff` as a ``<div class="jk-diff">``:
how many changes of each kind; the publisher's changelog beside what the diff found; each
entry (added, removed, changed, renumbered, moved, split, merged) with its ids, where it went,
and its wording side by side (old text with its deletions, new text with its insertions) and
inline; term changes; references not updated. Rule ids become links when the caller says
where each rule lives (a :class:`RuleLinker`); the site links them to both versions' rule
pages, the standalone page (:func:`diff_page`) leaves them as text. Every link the fragment
makes itself is to an anchor in the same page, so both work from ``file://``.

Rule texts are data: everything is escaped (jinja2 autoescape) and the only markup added is
``<del>``/``<ins>`` around changed runs and the links. Japanese text is marked ``lang="ja"``.
The page's own words are the interface's (:class:`Phrase`, English message ids of the catalogs),
drawn by a :data:`Words` the caller gives: the command line's language by default
(:func:`cli_words`), both languages on the site.
:data:`DIFF_CSS` is the fragment's stylesheet (every rule scoped under ``.jk-diff``, light and
dark); the standalone page embeds it and the site serves it as ``static/diff.css``.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from jinja2 import Environment
from markupsafe import Markup, escape

from judgekit.i18n import N_
from judgekit.i18n import gettext as _
from judgekit.render.html import ja, ja_runs
from judgekit.render.versions import CHANGE_WORDS, Translate
from rules_index.diff import BookDiff, ChangeKind, ClaimStatus, DiffOp, OpKind, RuleChange, StaleReference

DIFF_CSS = """\
.jk-diff { --jk-del: #ffd0d0; --jk-ins: #c9f2cf; --jk-old: #fff5f5; --jk-new: #f3fcf4;
  --jk-line: var(--line, #d9dce1); --jk-muted: var(--muted, #5b6270); }
@media (prefers-color-scheme: dark) {
  .jk-diff { --jk-del: #6a2b2b; --jk-ins: #24552d; --jk-old: #2a1d1f; --jk-new: #1b2a1f; }
}
.jk-diff .counts { color: var(--jk-muted); }
.jk-diff .kind { display: inline-block; min-width: 6.5em; font-size: .75rem; line-height: 1.4; padding: 0 .45em;
  border: 1px solid var(--jk-line); border-radius: 999px; text-align: center; font-weight: normal;
  vertical-align: .1em; }
.jk-diff .kind-added { background: var(--jk-ins); } .jk-diff .kind-removed { background: var(--jk-del); }
.jk-diff .kind-changed { border-color: #e2a30f; }
.jk-diff article.change { border-left: 3px solid var(--jk-line); padding: .3rem .7rem; margin: .8rem 0; }
.jk-diff article.change-added { border-left-color: #3c9a4f; }
.jk-diff article.change-removed { border-left-color: #c8442f; }
.jk-diff article.change-changed { border-left-color: #e2a30f; }
.jk-diff article.change:target { outline: 3px solid var(--focus, #e2730f); outline-offset: 2px; }
.jk-diff h3 { font-size: 1rem; margin: .2rem 0; }
.jk-diff .ids { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
.jk-diff .was { color: var(--jk-muted); font-size: .85em; font-weight: normal; }
.jk-diff .meta { color: var(--jk-muted); font-size: .9em; margin: 0; }
.jk-diff .text { white-space: pre-line; margin: .3em 0; }
.jk-diff table.sbs { width: 100%; border-collapse: collapse; table-layout: fixed; margin: .3em 0; }
.jk-diff table.sbs th { text-align: left; font-weight: normal; color: var(--jk-muted); font-size: .85em; }
.jk-diff table.sbs td { vertical-align: top; white-space: pre-line; padding: .2em .4em; }
.jk-diff table.sbs td.old { background: var(--jk-old); } .jk-diff table.sbs td.new { background: var(--jk-new); }
.jk-diff del { background: var(--jk-del); text-decoration: line-through; color: inherit; }
.jk-diff ins { background: var(--jk-ins); text-decoration: none; color: inherit; }
.jk-diff .inline { border-left: 3px solid var(--jk-line); padding-left: .5em; }
.jk-diff .inline-label { display: block; color: var(--jk-muted); font-size: .8em; }
.jk-diff table.claims td { vertical-align: top; } .jk-diff table.claims .version { white-space: nowrap; }
.jk-diff .status-confirmed { color: var(--ok, #2f8a3e); } .jk-diff .status-not-found { color: var(--warn, #b8610d); }
.jk-diff .status-unresolved { color: var(--warn, #b8610d); }
@media print { .jk-diff ins { text-decoration: underline; } }
"""
"""The stylesheet of the diff markup (every rule scoped under ``.jk-diff``; site colours when present)."""

PAGE_CSS = """\
:root { color-scheme: light dark; --line: #d9dce1; --muted: #5b6270; }
@media (prefers-color-scheme: dark) { :root { --line: #353a43; --muted: #a2a9b5; } }
body { font: 16px/1.7 system-ui, "Hiragino Sans", "Noto Sans CJK JP", "Yu Gothic UI", Meiryo, sans-serif;
  max-width: 60rem; margin: 0 auto; padding: 1rem; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line); }
"""
"""The standalone page's own base styles (the site has its own)."""


@dataclass(frozen=True, slots=True)
class RuleTarget:
    """Where a rule id of the diff links to."""

    href: str
    """The URL, relative to the page the fragment is in."""
    preview: str = ""
    """Key of the rule's preview in the page's preview table; empty for none."""


class RuleLinker(Protocol):
    """Says where a rule of either version lives: ``side`` is ``old`` or ``new``."""

    def __call__(self, side: str, rule_id: str) -> RuleTarget | None:
        """The rule's target, or None to show the id as text."""


def no_links(side: str, rule_id: str) -> RuleTarget | None:
    """A linker that links nothing (the standalone page)."""
    del side, rule_id
    return None


@dataclass(frozen=True, slots=True)
class Phrase:
    """Words of the page not yet in a language: a message id and what fills its placeholders."""

    message: str
    """The English message id (``{n} change(s): {kinds}``)."""
    values: Mapping[str, object] = field(default_factory=dict)
    """Each placeholder's value: markup (a link) kept, text escaped, a phrase in the same
    language, a tuple of these joined with commas."""

    def html(self, translate: Translate) -> Markup:
        """The phrase in the language of ``translate``, as markup."""
        return escape(translate(self.message)).format(**{k: _value(v, translate) for k, v in self.values.items()})


def _value(value: object, translate: Translate) -> object:
    if isinstance(value, Phrase):
        return value.html(translate)
    if isinstance(value, tuple):
        return Markup(", ").join(escape(_value(v, translate)) for v in value)
    return value


def _say(message: str, /, **values: object) -> Phrase:
    """A phrase (mark ``message`` with ``N_`` for the catalogs)."""
    return Phrase(message, values)


Words = Callable[[Phrase], Markup]
"""Draws a phrase: in one language (:func:`cli_words`), or in both on the site."""


def cli_words(phrase: Phrase) -> Markup:
    """A phrase in the command line's language."""
    return phrase.html(_)


def kind_phrase(kind: str) -> Phrase:
    """A kind of change (its enum value: ``renumbered``) as a phrase."""
    return Phrase(CHANGE_WORDS.get(kind, kind))


_FRAGMENT = """\
{% macro change(entry) %}
<article class="change change-{{ entry.kind.value }}" id="{{ anchor(entry) }}">
<h{{ h + 1 }}><span class="kind kind-{{ entry.kind.value }}">{{ kind_word(entry.kind.value) }}</span>
{{ heading(entry) }}</h{{ h + 1 }}>
{% if meta(entry) %}
<p class="meta">{{ meta(entry) }}</p>
{% endif %}
{% if entry.kind.value == "added" %}<p class="text" lang="ja">{{ entry.new_text }}</p>
{% elif entry.kind.value == "removed" %}<p class="text" lang="ja"><del>{{ entry.old_text }}</del></p>
{% elif entry.ops %}
<table class="sbs">
<thead><tr><th scope="col">{{ diff.old.version|ja }}</th><th scope="col">{{ diff.new.version|ja }}</th></tr></thead>
<tbody><tr lang="ja"><td class="old">{{ side(entry.ops, "delete") }}</td>
<td class="new">{{ side(entry.ops, "insert") }}</td></tr></tbody>
</table>
<p class="text inline"><span class="inline-label">{{ say.inline }}</span>{#
#}<span lang="ja">{{ inline(entry.ops) }}</span></p>
{% else %}<p class="text" lang="ja">{{ entry.new_text }}</p>
{% endif %}
</article>
{% endmacro %}
<div class="jk-diff">
<p class="counts">{{ counts }}</p>
{% if diff.changelog %}
<section class="claims" aria-labelledby="jk-claims">
<h{{ h }} id="jk-claims">{{ say.claims }}</h{{ h }}>
<table class="claims">
<thead><tr><th scope="col" class="version">{{ say.version }}</th><th scope="col">{{ say.says }}</th>
<th scope="col">{{ say.names }}</th><th scope="col">{{ say.found }}</th></tr></thead>
<tbody>
{% for claim in diff.changelog.claims %}
<tr class="claim claim-{{ claim.status.value }}"><td class="version">{{ claim.version|ja }}</td>
<td lang="ja">{{ claim.text }}</td>
<td>{% for t in claim.targets %}{{ version(t.side)|ja }} {{ rule(t.side, t.rule_id) }}
{{- ", " if not loop.last }}{% endfor %}</td>
<td><span class="status-{{ claim.status.value }}">{{ status(claim.status) }}</span>
{%- if claim.found %}: {{ entry_links(claim.found) }}{% endif %}</td></tr>
{% endfor %}
</tbody>
</table>
{% if diff.changelog.unlisted %}
<p>{{ unlisted(diff.changelog.unlisted) }}</p>
{% endif %}
</section>
{% endif %}
{% if diff.entries %}
<section class="entries" aria-labelledby="jk-entries">
<h{{ h }} id="jk-entries">{{ say.rules }}</h{{ h }}>
{% for entry in diff.entries %}
{{ change(entry) }}
{% endfor %}
</section>
{% endif %}
{% if diff.parts %}
<section class="entries parts" aria-labelledby="jk-parts">
<h{{ h }} id="jk-parts">{{ say.parts }}</h{{ h }}>
{% for entry in diff.parts %}
{{ change(entry) }}
{% endfor %}
</section>
{% endif %}
{% if diff.terms %}
<section class="terms" aria-labelledby="jk-terms">
<h{{ h }} id="jk-terms">{{ say.terms }}</h{{ h }}>
<ul>
{% for term in diff.terms %}
<li><span class="kind kind-{{ term.kind.value }}">{{ kind_word(term.kind.value) }}</span>
<span lang="ja">{{ term.name }}</span>
{%- if term.old_rule_id %} {{ diff.old.version|ja }}: {{ rule("old", term.old_rule_id) }}{% endif %}
{%- if term.new_rule_id %} {{ diff.new.version|ja }}: {{ rule("new", term.new_rule_id) }}{% endif %}
{%- if term.rules %} <span class="meta">{{ term_rules(term.rules) }}</span>{% endif %}</li>
{% endfor %}
</ul>
</section>
{% endif %}
{% if diff.stale_references %}
<section class="stale" aria-labelledby="jk-stale">
<h{{ h }} id="jk-stale">{{ say.stale }}</h{{ h }}>
<ul>
{% for stale in diff.stale_references %}
<li>{{ stale_line(stale) }}</li>
{% endfor %}
</ul>
</section>
{% endif %}
</div>
"""

_PAGE = """\
<!DOCTYPE html>
<html lang="{{ lang }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }}</title>
<style>
{{ css }}</style>
</head>
<body>
<h1>{{ heading|ja_runs }}</h1>
{{ fragment }}
</body>
</html>
"""

_STATUS = {
    ClaimStatus.CONFIRMED: N_("confirmed"),
    ClaimStatus.NOT_FOUND: N_("no change found there"),
    ClaimStatus.UNRESOLVED: N_("names no rule we can find"),
}

_LABELS = {
    "inline": N_("Inline"),
    "claims": N_("The publisher's changelog beside the diff"),
    "version": N_("Version"),
    "says": N_("The changelog says"),
    "names": N_("Names"),
    "found": N_("The diff found"),
    "rules": N_("Rules"),
    "parts": N_("Glossary, appendices and other parts"),
    "terms": N_("Defined terms"),
    "stale": N_("References not updated"),
}
"""The fragment's headings and labels, by the name the template gives them."""

_ENV = Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
_ENV.filters["ja"] = ja
_ENV.filters["ja_runs"] = ja_runs


def side(ops: tuple[DiffOp, ...], kind: str) -> Markup:
    """One side of a side-by-side diff: the runs both have, and those only this side has, marked."""
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


def meta(entry: RuleChange, words: Words = cli_words) -> Markup:
    """A line on where the rule went and what its references did (empty when nothing to say)."""
    parts = []
    if entry.kind is ChangeKind.MOVED and entry.moved_with is None:
        parts.append(
            _say(N_("moved from {old} to {new}"), old=_parent(entry.old_parent), new=_parent(entry.new_parent))
        )
    elif entry.moved_with is not None:
        parts.append(_say(N_("moved with {rule}"), rule=ja(entry.moved_with)))
    elif entry.kind is not ChangeKind.RENUMBERED and entry.old_ids and entry.new_ids[:1] not in ((), entry.old_ids[:1]):
        parts.append(kind_phrase(entry.relocation.value))
    for ref in entry.references:
        parts.append(
            _say(
                N_("reference {old} → {new} ({status})"),
                old=ja(ref.old_target),
                new=ja(ref.new_target),
                status=kind_phrase(ref.status.value),
            )
        )
    if entry.ops and entry.old_ids and entry.new_ids:
        parts.append(_say(N_("similarity {value}"), value=f"{entry.similarity:.2f}"))
    return Markup("; ").join(words(part) for part in parts)


def _parent(rule_id: str | None) -> Markup | Phrase:
    """A parent rule's id, or the top of the document."""
    return ja(rule_id) if rule_id else Phrase(N_("the top"))


def anchor(entry: RuleChange) -> str:
    """The entry's fragment id: ``new-`` and its first new id, ``old-`` and its first old id when
    it was removed (ids that are not plain ASCII become slugs, as elsewhere on the site)."""
    if entry.new_ids:
        return f"new-{fragment_name(entry.new_ids[0])}"
    return f"old-{fragment_name(entry.old_ids[0])}"


_PLAIN = re.compile(r"[0-9A-Za-z][0-9A-Za-z._-]{0,79}")
_UNSAFE_RUN = re.compile(r"[^0-9A-Za-z]+")


def fragment_name(text: str) -> str:
    """An ASCII fragment id for ``text``: itself when plain (``704.6c-1``), else a slug and a
    short hash (``Glossary-Companion-1a2b3c4d``), deterministic across runs and machines."""
    if _PLAIN.fullmatch(text):
        return text
    slug = _UNSAFE_RUN.sub("-", unicodedata.normalize("NFKC", text)).strip("-")[:40].strip("-")
    return f"{slug or 'x'}-{hashlib.sha1(text.encode('utf-8')).hexdigest()[:8]}"


def status(value: ClaimStatus, words: Words = cli_words) -> Markup:
    """A claim status in words."""
    return words(Phrase(_STATUS[value]))


def diff_title(diff: BookDiff, short: str, document: str = "") -> str:
    """``DC comprehensive 1.0.15 → 1.0.16``: the document by its id, or as ``document`` says
    (its title, for the page's heading: ``DC 総合ルール 1.0.15 → 1.0.16``)."""
    return f"{short} {document or diff.new.document} {diff.old.version} → {diff.new.version}"


def _rule_link(links: RuleLinker, side_: str, rule_id: str) -> Markup:
    """A rule id as a link (or as text when the linker has no target for it)."""
    target = links(side_, rule_id)
    if target is None:
        return ja(rule_id)
    preview = Markup(' data-preview="{}"').format(target.preview) if target.preview else Markup("")
    return Markup('<a href="{}"{}>{}</a>').format(target.href, preview, ja(rule_id))


def _heading(links: RuleLinker, entry: RuleChange, old_version: str, words: Words) -> Markup:
    """The entry's ids: ``704.6c → 704.6d``; one id when it kept it (with a link to the old rule)."""
    old = Markup(", ").join(_rule_link(links, "old", i) for i in entry.old_ids)
    new = Markup(", ").join(_rule_link(links, "new", i) for i in entry.new_ids)
    if not entry.old_ids:
        return Markup('<span class="ids">{}</span>').format(new)
    if not entry.new_ids:
        return Markup('<span class="ids">{}</span>').format(old)
    if entry.old_ids == entry.new_ids:
        was = links("old", entry.old_ids[0])
        if was is None:
            return Markup('<span class="ids">{}</span>').format(new)
        as_in = words(_say(N_("as in {version}"), version=ja(old_version)))
        return Markup('<span class="ids">{}</span> <a class="was" href="{}">{}</a>').format(new, was.href, as_in)
    return Markup('<span class="ids">{} → {}</span>').format(old, new)


def _entry_links(entries: tuple[RuleChange, ...]) -> Markup:
    """Entries' labels, each a link to the entry on the same page."""
    return Markup(", ").join(
        Markup('<a href="#{}">{}</a>').format(anchor(entry), ja_runs(entry.label)) for entry in entries
    )


def counts_line(diff: BookDiff, words: Words = cli_words) -> Markup:
    """``6 change(s): 1 added, 1 changed, 3 renumbered; 1 term change(s)``, or that nothing changed."""
    if diff.is_empty:
        return words(Phrase(N_("The two versions hold the same rules.")))
    kinds = tuple(_say(N_("{n} {kind}"), n=n, kind=kind_phrase(kind)) for kind, n in diff.counts().items())
    line = _say(N_("{n} change(s): {kinds}"), n=len(diff.entries), kinds=kinds) if diff.entries else None
    extra = []
    if diff.parts:
        extra.append(_say(N_("{n} change(s) outside the rules"), n=len(diff.parts)))
    if diff.terms:
        extra.append(_say(N_("{n} term change(s)"), n=len(diff.terms)))
    if diff.stale_references:
        extra.append(_say(N_("{n} reference(s) not updated"), n=len(diff.stale_references)))
    if line is None:
        line = Phrase(N_("No rule changed"))
    others = [Markup(", ").join(words(phrase) for phrase in extra)] if extra else []
    return Markup("; ").join([words(line), *others])


def diff_fragment(
    diff: BookDiff,
    *,
    links: RuleLinker = no_links,
    level: int = 2,
    words: Words = cli_words,
) -> Markup:
    """The diff as an HTML fragment (a ``<div class="jk-diff">``), to show with :data:`DIFF_CSS`.

    ``links`` says where rule ids link to; sections get headings of ``level`` and entries of
    ``level + 1``, to sit under the page's own heading; ``words`` draws the page's words (the
    command line's language by default).
    """

    def rule(side_: str, rule_id: str) -> Markup:
        return _rule_link(links, side_, rule_id)

    def stale_line(stale: StaleReference) -> Markup:
        now = rule("new", stale.now) if stale.now else Phrase(N_("gone"))
        message = N_("{rule} still cites {target}, which is now {now}")
        return words(_say(message, rule=rule("new", stale.rule_id), target=ja(stale.target), now=now))

    return Markup(
        _ENV.from_string(_FRAGMENT).render(
            diff=diff,
            h=level,
            counts=counts_line(diff, words),
            say={name: words(Phrase(message)) for name, message in _LABELS.items()},
            rule=rule,
            version=lambda side_: diff.old.version if side_ == "old" else diff.new.version,
            heading=lambda entry: _heading(links, entry, diff.old.version, words),
            entry_links=_entry_links,
            unlisted=lambda entries: words(
                _say(N_("Changes no changelog line names: {changes}"), changes=_entry_links(entries))
            ),
            term_rules=lambda rules: words(_say(N_("(changed: {rules})"), rules=tuple(ja_runs(r) for r in rules))),
            stale_line=stale_line,
            side=side,
            inline=inline,
            meta=lambda entry: meta(entry, words),
            anchor=anchor,
            status=lambda value: status(value, words),
            kind_word=lambda kind: words(kind_phrase(kind)),
        )
    )


def diff_page(diff: BookDiff, short: str, *, words: Words = cli_words, language: str = "") -> str:
    """The diff as a standalone HTML page with its own stylesheet (no links out, no requests), its
    words drawn by ``words`` in ``language`` (the command line's by default)."""
    from judgekit.i18n import cli_language

    return _ENV.from_string(_PAGE).render(
        lang=language or cli_language(),
        title=diff_title(diff, short),
        heading=diff_title(diff, short, diff.new.title),
        css=Markup(PAGE_CSS + DIFF_CSS),
        fragment=diff_fragment(diff, words=words),
    )
